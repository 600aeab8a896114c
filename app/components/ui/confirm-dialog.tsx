// Asks before an action that mails a customer, issues a document or gives stock back, and says what
// will happen. Radix Dialog: focus moves in and is trapped, Escape and Cancel close it, focus returns
// to the button that opened it; the consequences are the dialog's description.
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState, type ReactNode } from "react";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { useReturnFocus } from "./dialog.tsx";
import { formErrors } from "./form.tsx";

export interface ConfirmRequest {
  title: string;
  /** What will happen, one consequence per item ("Invoice number 500128 will be issued."). */
  consequences: ReactNode[];
  confirmLabel: string;
  /** A reason to type first; required when `reasonRequired`. */
  reason?: { label: string; required: boolean; hint?: string };
  danger?: boolean;
  onConfirm: (reason: string) => void;
}

export function ConfirmDialog({ request, onClose, busy = false, error }: { request: ConfirmRequest | null; onClose: () => void; busy?: boolean; error?: string | null }) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const open = request !== null;
  // Opened from a button without a Radix Trigger: focus goes back to that button on close (when it is still there).
  const focus = useReturnFocus();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          setReason("");
          setMissing(false);
          onClose();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/45" />
        <Dialog.Content
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,520px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 text-ink shadow-2xl">
          {request && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (request.reason?.required && !reason.trim()) {
                  setMissing(true);
                  return;
                }
                request.onConfirm(reason.trim());
              }}
            >
              <Dialog.Title className="text-xl">{request.title}</Dialog.Title>
              <Dialog.Description asChild>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
                  {request.consequences.map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </Dialog.Description>
              {request.reason && (
                <div className="mt-4">
                  <label htmlFor={reasonId} className="field-label">
                    {request.reason.label}
                    {request.reason.required ? "" : " (optional)"}
                  </label>
                  {request.reason.hint && (
                    <p id={hintId} className="mb-1 text-sm text-sage">
                      {request.reason.hint}
                    </p>
                  )}
                  <textarea
                    id={reasonId}
                    className="field-input min-h-20"
                    value={reason}
                    maxLength={500}
                    aria-required={request.reason.required || undefined}
                    aria-invalid={missing || undefined}
                    aria-describedby={[request.reason.hint ? hintId : "", missing ? errorId : ""].filter(Boolean).join(" ") || undefined}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setMissing(false);
                    }}
                  />
                  {missing && (
                    <p id={errorId} className="mt-1 text-sm text-[#8a1c12]">
                      {REQUIRED_MESSAGE}
                    </p>
                  )}
                </div>
              )}
              {error && (
                <p role="alert" className="mt-4 rounded-lg bg-[#fdecea] px-3 py-2 text-sm text-[#8a1c12]">
                  {error}
                </p>
              )}
              <div className="mt-5 flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <button type="button" className="btn btn-secondary">
                    Cancel
                  </button>
                </Dialog.Close>
                <button type="submit" className={request.danger ? "btn bg-[#b42318] text-white hover:bg-[#8a1c12]" : "btn btn-primary"} disabled={busy}>
                  {busy ? "Working…" : request.confirmLabel}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A request whose confirmation runs `run`; the dialog stays open with the refusal when it fails. */
export interface ConfirmedAction extends Omit<ConfirmRequest, "onConfirm"> {
  run: (reason: string) => Promise<unknown>;
  /** After `run` succeeded, the dialog closed. */
  done: () => void;
}

/**
 * Asks before an action, runs it and shows its refusal in the dialog (the server's message):
 * `ask(action)` opens the dialog, `<ConfirmDialog {...dialog} />` shows it.
 */
export function useConfirmedAction() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  function ask({ run, done, ...request }: ConfirmedAction) {
    setError(null);
    setRequest({
      ...request,
      onConfirm: (reason) => {
        setError(null);
        setBusy(true);
        run(reason).then(
          () => {
            setRequest(null);
            done();
          },
          (err: unknown) => setError(formErrors(err).message),
        ).finally(() => setBusy(false));
      },
    });
  }
  return { ask, dialog: { request, error, busy, onClose: () => setRequest(null) } };
}
