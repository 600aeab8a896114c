// The promotions screen's shared pieces: its query key, money and day words, the labelled field, the
// form's alert, a section with its heading, and the refresh after a change.
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { formatMoney } from "../../../domain/money.ts";
import { shortDate } from "../../lib/format.ts";
import { LabelledField as Field } from "../../components/ui/form.tsx";
export { Field };
import { FormProblem } from "../../components/ui/form.tsx";

export const KEY = ["supply", "promotions"] as const;

export const dollars = (d: number) => formatMoney(Math.round(d * 100));

export const days = (from: string, to: string) => (from === to ? shortDate(from) : `${shortDate(from)} – ${shortDate(to)}`);

/** A typed amount: undefined when left empty (the server then names the missing field). */
export const amount = (s: string) => (s.trim() === "" ? undefined : Number(s.replace(/[$,\s]/g, "")));

export type Errors = { message: string; fields: Record<string, string> } | null;

/**
 * A contract form (useContractBodyForm) whose messages go when another item is taken up (`clear`): the
 * schema's are no longer shown, nor the server's last refusal, until the form is sent again.
 */
export function useClearable({ form, refused, errorOf }: { form: { allErrors: Record<string, string[]>; update: (change: { validated: boolean }) => void }; refused: Errors; errorOf: (name: string) => string | undefined }) {
  const [dismissed, setDismissed] = useState<Errors>(null);
  const shown = refused === dismissed ? null : refused;
  const mine = (name: string) => Object.entries(form.allErrors).find(([key, list]) => (key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`)) && list.length)?.[1][0];
  return {
    refused: shown,
    errorOf: (name: string) => (shown ? errorOf(name) : mine(name)),
    clear: () => {
      setDismissed(refused);
      form.update({ validated: false });
    },
  };
}


/** aria props of an input that may carry an error. */
export const invalid = (id: string, error?: string, hint = false) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
});

/** A text input of a promotions form, its error (and hint, when it has one) wired for screen readers. */
export function TextBox({ id, value, onChange, error, hint = false, ...props }: { id: string; value: string; onChange: (value: string) => void; error?: string; hint?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">) {
  return <input id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)} {...props} {...invalid(id, error, hint)} />;
}

/** The form's refusal, above its fields. */
export function FormAlert({ errors }: { errors: Errors }) {
  return <FormProblem problem={errors} className="sm:col-span-2 lg:col-span-4" />;
}

/**
 * A promotions form: its box of fields (`{id}-form-heading` its heading), sent with `onSubmit` (a
 * contract form's, or one checking first), its refusal above its fields.
 */
export function PromoForm({ id, formId, onSubmit, heading, errors, margin, children }: { id: string; formId: string; onSubmit: (e: FormEvent<HTMLFormElement>) => void; heading: ReactNode; errors: Errors; margin: "mt-4" | "mb-4"; children: ReactNode }) {
  return (
    <form id={formId} onSubmit={onSubmit} className={`${margin} grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4`} noValidate aria-labelledby={`${id}-form-heading`}>
      <h3 id={`${id}-form-heading`} className="font-serif text-xl text-leaf sm:col-span-2 lg:col-span-4">
        {heading}
      </h3>
      <FormAlert errors={errors} />
      {children}
    </form>
  );
}


export function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mb-8 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-2xl">
        {title}
      </h2>
      <p className="mb-3 text-sage">{intro}</p>
      {children}
    </section>
  );
}

export function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}
