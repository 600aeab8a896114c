// Choosing a file to check before it is sent (an import, an upload): the labelled file input hands
// the file on and clears itself (the same file can be chosen again after a change), with the
// check's progress and its refusal under it.
import { LabelledField } from "./form.tsx";

export function FilePick({ id, label, accept, busy, problem, onChoose }: { id: string; label: string; accept: string; busy: boolean; problem: string | null; onChoose: (file: File | undefined) => void }) {
  return (
    <>
      <LabelledField id={id} label={label}>
        <input
          id={id}
          type="file"
          accept={accept}
          className="block w-full text-sm"
          onChange={(e) => {
            onChoose(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </LabelledField>
      {busy && (
        <p role="status" className="text-sage">
          Checking the file…
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
          {problem}
        </p>
      )}
    </>
  );
}
