// What the wholesale standing orders and the mass-market standing programs share: the list's writes
// (pause or resume, delete) and each card's actions and last run, the editor's run mode, its line
// checks, its save and its footer. Each store keeps its own fields, lines and texts.
import { useMutation } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { InlineAlert, useAlert } from "../../components/ui/alert.tsx";
import { useContractBodyForm } from "../../components/ui/form.tsx";
import { ApiError } from "../../lib/api.ts";
import { instant } from "../../lib/format.ts";

interface Standing {
  id: number;
  name: string;
  paused: boolean;
}

/** The list's writes: pause or resume, and delete after asking; each says what it did in `status`. */
export function useStandingWrites<T extends Standing>(opts: {
  pause: (item: T) => Promise<T>;
  remove: (item: T) => Promise<unknown>;
  refresh: () => unknown;
  /** The question before deleting, e.g. "Delete this standing order?". */
  deleteTitle: string;
}) {
  const [status, setStatus] = useState("");
  const ask = useAlert();
  const toggle = useMutation({
    mutationFn: opts.pause,
    onSuccess: (item) => {
      setStatus(item.paused ? `${item.name} is paused.` : `${item.name} runs again.`);
      void opts.refresh();
    },
  });
  const remove = useMutation({
    mutationFn: opts.remove,
    onSuccess: (_r, item) => {
      setStatus(`${item.name} is deleted.`);
      void opts.refresh();
    },
  });
  async function confirmDelete(item: T) {
    const yes = await ask({
      type: "question",
      title: opts.deleteTitle,
      message: `"${item.name}" will no longer fill your cart. Carts and orders it made stay as they are.`,
      options: { primaryText: "Delete", secondaryText: "Keep it", showSecondary: true },
    });
    if (yes) remove.mutate(item);
  }
  function saved(item: T, created: boolean) {
    setStatus(`${item.name} is ${created ? "created" : "saved"}.`);
    void opts.refresh();
  }
  return { status, saved, toggle, remove, confirmDelete };
}
export type StandingWrites<T extends Standing> = ReturnType<typeof useStandingWrites<T>>;

/** A card's last run, when it has one. */
export function LastRun({ at, result }: { at: string | null; result: string | null }) {
  if (!result) return null;
  return (
    <p className="mt-1 text-sm text-sage">
      Last run {instant(at)}: {result.replace(/^\d{4}-\d{2}-\d{2}: /, "")}
    </p>
  );
}

/** A card's Edit, Pause or Resume, and Delete buttons. */
export function StandingActions<T extends Standing>({ item, writes, onEdit }: { item: T; writes: StandingWrites<T>; onEdit: () => void }) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button type="button" className="btn btn-secondary" onClick={onEdit} aria-label={`Edit ${item.name}`}>
        Edit
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => writes.toggle.mutate(item)} disabled={writes.toggle.isPending} aria-label={`${item.paused ? "Resume" : "Pause"} ${item.name}`}>
        {item.paused ? "Resume" : "Pause"}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => void writes.confirmDelete(item)} disabled={writes.remove.isPending} aria-label={`Delete ${item.name}`}>
        Delete
      </button>
    </div>
  );
}

/** "When it runs": fill the cart (`cartLabel`) or place the order. */
export function RunModeChoice({ name, mode, cartLabel, onChange }: { name: string; mode: "cart" | "order"; cartLabel: string; onChange: (mode: "cart" | "order") => void }) {
  const choices = [
    ["cart", cartLabel],
    ["order", "Place the order for me"],
  ] as const;
  return (
    <fieldset className="mt-4">
      <legend className="field-label">When it runs</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {choices.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={name} value={value} checked={mode === value} onChange={() => onChange(value)} className="h-4 w-4 accent-leaf" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Field messages for the lines to send: at least one (`noneMessage`), each with a code and a whole quantity of 1 or more. */
export function lineErrors(lines: readonly { productId: string; quantity: number }[], noneMessage: string): Record<string, string> {
  const local: Record<string, string> = {};
  if (!lines.length) local.lines = noneMessage;
  lines.forEach((l, i) => {
    if (!l.productId) local[`lines.${i}.productId`] = REQUIRED_MESSAGE;
    if (!Number.isInteger(l.quantity) || l.quantity < 1) local[`lines.${i}.quantity`] = "Invalid Quantity: Please enter a valid quantity";
  });
  return local;
}

/**
 * The editor's save: the local checks first (`check` gives field messages), then the write; the
 * server's field messages and message show as the local ones do. `failed` is said when the write
 * fails without an answer of the server's.
 */
export function useStandingSave<B, T>(write: (body: B) => Promise<T>, onSaved: (item: T) => void, failed: string) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: write,
    onSuccess: onSaved,
    onError: (err) => {
      if (err instanceof ApiError) {
        setFields(err.fields);
        setError(err.message);
      } else setError(failed);
    },
  });
  function submit(body: B, local: Record<string, string>) {
    setFields({});
    setError(null);
    if (Object.keys(local).length) {
      setFields(local);
      setError("Please correct the marked fields.");
      return;
    }
    save.mutate(body);
  }
  return { fields, error, setError, pending: save.isPending, submit };
}

/**
 * The editor's save on the contract's schema (useContractBodyForm): the body from the draft is checked
 * with the schema the server checks it with, then written. Its messages show on their fields, named as
 * the server names them ("lines.0.productId"), with "Please correct the marked fields." above; else the
 * server's field messages and message. `failed` is said when the write fails without an answer of the
 * server's.
 */
export function useStandingForm<S extends z.ZodType<Record<string, unknown>>, T>(schema: S, body: () => z.input<S>, write: (body: z.input<S>) => Promise<T>, onSaved: (item: T) => void, failed: string) {
  const { form, refused, busy } = useContractBodyForm(schema, body, async (b) => {
    const saved = await write(b).catch((err: unknown) => {
      throw err instanceof ApiError ? err : new ApiError(0, failed, {}, undefined, false);
    });
    onSaved(saved);
  });
  const invalid = Object.values(form.allErrors).some((list) => list.length > 0);
  /** A field's message: "lines.0.quantity" is the schema's "lines[0].quantity". */
  const fieldError = (name: string) => (invalid ? form.allErrors[name.replace(/\.(\d+)(?=\.|$)/g, "[$1]")]?.[0] : refused?.fields[name]);
  return { form, pending: busy, error: invalid ? "Please correct the marked fields." : (refused?.message ?? null), fieldError };
}

/** The editor's error, and its save and cancel buttons. */
export function EditorFooter({ error, pending, createLabel, isNew, onCancel }: { error: string | null; pending: boolean; createLabel: string; isNew: boolean; onCancel: () => void }) {
  return (
    <>
      {error && (
        <div className="mt-4">
          <InlineAlert alert={{ type: "error", title: "Not saved", message: error }} />
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? "Saving…" : isNew ? createLabel : "Save changes"}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * A standing list's page body: the title with its "new" button (not while the editor is open), what
 * the list does, the writes' status line, the editor (closed when it saved, the save told to the
 * writes), then the list (loading, not loaded, empty, or a card per item: its name and state, what
 * `item` says of it, its last run and its actions) and the way back to the store.
 */
/** A standing list page's own words and looks (StandingList). */
export interface StandingListCopy {
  /** The heading, e.g. "Standing orders" (also in "… not loaded"). */
  title: string;
  newLabel: string;
  /** What the list does, under the heading. */
  intro: ReactNode;
  /** "standing orders", in "Loading your …" and the list's name. */
  noun: string;
  emptyTitle: string;
  emptyText: string;
  /** The empty list's box corners. */
  emptyBox: "rounded-xl" | "rounded-2xl";
  /** Each card's box and its name's class. */
  card: { box: string; name: string };
  storePath: string;
}

export function StandingList<T extends Standing & { lastRunAt: string | null; lastResult: string | null }, D>({
  copy,
  list,
  newDraft,
  draft,
  setDraft,
  draftOf,
  writes,
  renderEditor,
  item,
}: {
  copy: StandingListCopy;
  list: { isPending: boolean; isError: boolean; data?: T[] };
  newDraft: () => D;
  /** The draft in the editor, or null when it is closed. */
  draft: D | null;
  setDraft: (draft: D | null) => void;
  /** An item as a draft, for its Edit. */
  draftOf: (item: T) => D;
  writes: StandingWrites<T>;
  renderEditor: (editor: { draft: D; onCancel: () => void; onSaved: (item: T, created: boolean) => void }) => ReactNode;
  /** What a card says between its name and its last run. */
  item: (item: T) => ReactNode;
}) {
  const { card } = copy;
  const editor =
    draft &&
    renderEditor({
      draft,
      onCancel: () => setDraft(null),
      onSaved: (saved, created) => {
        setDraft(null);
        writes.saved(saved, created);
      },
    });
  return (
    <>
      <div className="mb-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl">{copy.title}</h1>
        {!editor && (
          <button type="button" className="btn btn-primary" onClick={() => setDraft(newDraft())}>
            {copy.newLabel}
          </button>
        )}
      </div>
      <p className="mb-5 max-w-prose text-sage">{copy.intro}</p>
      <p className="sr-only" role="status">
        {writes.status}
      </p>
      {editor}
      {list.isPending ? (
        <p className="py-10 text-center text-sage" role="status">
          Loading your {copy.noun}…
        </p>
      ) : list.isError || !list.data ? (
        <InlineAlert alert={{ type: "error", title: `${copy.title} not loaded`, message: "Please try again in a moment." }} />
      ) : list.data.length === 0 ? (
        !editor && (
          <div className={`${copy.emptyBox} border border-dashed border-line bg-white px-6 py-12 text-center`}>
            <p className="font-serif text-2xl">{copy.emptyTitle}</p>
            <p className="mt-2 text-sage">{copy.emptyText}</p>
          </div>
        )
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={`Your ${copy.noun}`}>
          {list.data.map((it) => (
            <li key={it.id} className={`${card.box} border border-line bg-white p-4 shadow-sm`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className={card.name}>{it.name}</h2>
                <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${it.paused ? "bg-cream text-amber-text" : "bg-leaf-light text-ink"}`}>
                  {it.paused ? "Paused" : "Active"}
                </span>
              </div>
              {item(it)}
              <LastRun at={it.lastRunAt} result={it.lastResult} />
              <StandingActions item={it} writes={writes} onEdit={() => setDraft(draftOf(it))} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm">
        <Link to={copy.storePath} className="underline">
          Back to the store
        </Link>
      </p>
    </>
  );
}
