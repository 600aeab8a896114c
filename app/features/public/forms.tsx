import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { z } from "zod";
import { FormReceipt, FormTokenResponse, type FormKind } from "../../../contract/public.ts";
import { api, ApiError } from "../../lib/api.ts";
import { fieldErrors } from "../../components/ui/field.tsx";
import { InlineAlert } from "../../components/ui/alert.tsx";

interface Token {
  token: string;
  /** When it may be sent, by this browser's clock. */
  readyAt: number;
}

/**
 * A public form's signed token. The server refuses posts sooner than a few seconds after the
 * token was issued; rather than show people an error, the form quietly waits out the rest.
 */
export function useFormToken(form: FormKind) {
  const [token, setToken] = useState<Token | null>(null);
  const [failed, setFailed] = useState(false);
  const pending = useRef<Promise<Token> | null>(null);

  const fetchToken = useCallback(() => {
    const p = api.get("/api/Public/FormToken", { form }, FormTokenResponse).then((t) => {
      const next = { token: t.token, readyAt: Date.now() + t.minDelayMs + 250 };
      setToken(next);
      setFailed(false);
      return next;
    });
    pending.current = p;
    p.catch(() => setFailed(true));
    return p;
  }, [form]);

  useEffect(() => {
    void fetchToken().catch(() => {});
  }, [fetchToken]);

  /** A token that may be sent now (waiting if it is too fresh). */
  const ready = useCallback(async () => {
    const t = token ?? (await (pending.current ?? fetchToken()).catch(() => fetchToken()));
    const wait = t.readyAt - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    return t.token;
  }, [token, fetchToken]);

  return { ready, refresh: fetchToken, failed };
}

export type SubmitState<F> =
  | { status: "editing"; errors: Partial<Record<(keyof F & string) | "opening", string>>; message?: string }
  | { status: "sending" }
  | { status: "sent"; reference: string };

/**
 * Validates with the same Zod schema the server uses, posts with a fresh token, and maps the
 * server's answers back onto the form. What people typed is never cleared by an error.
 */
export function usePublicForm<S extends z.ZodObject>(options: { form: FormKind; schema: S; url: () => string; initial?: SubmitState<z.input<S>> }) {
  const { ready, refresh, failed } = useFormToken(options.form);
  const [state, setState] = useState<SubmitState<z.input<S>>>(() => options.initial ?? { status: "editing", errors: {} });
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused attempt, take people to the first field that needs them (or the message).
  useEffect(() => {
    if (state.status !== "editing" || !state.message) return;
    const form = formRef.current;
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [state]);

  /** `extra`: messages for fields the schema does not hold (such as which job). */
  async function submit(values: Record<string, unknown>, honeypot: string, extra: Record<string, string> = {}) {
    const parsed = options.schema.safeParse(values);
    if (!parsed.success || Object.keys(extra).length) {
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...extra };
      setState({ status: "editing", errors: errors as never, message: "Please check the fields marked below." });
      return false;
    }
    setState({ status: "sending" });
    try {
      const formToken = await ready();
      const receipt = FormReceipt.parse(await api.post(options.url(), { ...parsed.data, website: honeypot, formToken }));
      setState({ status: "sent", reference: receipt.reference });
      return true;
    } catch (err) {
      if (err instanceof ApiError) {
        const { formToken: tokenProblem, ...fields } = err.fields;
        if (tokenProblem) void refresh().catch(() => {});
        const message =
          err.status === 429 || tokenProblem || !Object.keys(fields).length
            ? err.message
            : "Please check the fields marked below.";
        setState({ status: "editing", errors: fields as never, message });
      } else {
        setState({ status: "editing", errors: {}, message: "Something went wrong on our side. Your text is still here; please try again." });
      }
      return false;
    }
  }

  function reset() {
    setState({ status: "editing", errors: {} });
    void refresh().catch(() => {});
  }

  return { state, submit, reset, formRef, tokenFailed: failed };
}

/** The field robots fill and people never see. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

/** The form-level message: above the fields, announced when it appears. */
export function FormMessage({ message, focus = false }: { message?: string; focus?: boolean }) {
  if (!message) return null;
  const alert = <InlineAlert alert={{ type: "error", title: "Not sent yet", message }} />;
  // After a plain-form post refused as a whole (no field to fix), the new page starts here. No URL
  // fragment on the form's action: a fragment would stop the browser applying autofocus at all.
  return focus ? (
    <div tabIndex={-1} autoFocus className="outline-none">
      {alert}
    </div>
  ) : (
    alert
  );
}

/**
 * The answer to a form posted without JavaScript (the route's action), as the form starts from:
 * the confirmation, or the messages with what was typed.
 */
export function initialFromPost<F>(
  result: { status: "sent"; reference: string } | { status: "invalid"; message: string; errors: Record<string, string> } | undefined,
): SubmitState<F> | undefined {
  if (!result) return undefined;
  if (result.status === "sent") return { status: "sent", reference: result.reference };
  return { status: "editing", errors: result.errors as never, message: result.message };
}

/**
 * After a plain-form post the page is new, so the browser's own `autofocus` takes people to the first
 * field that needs them (the running app does the same with focus() after its own checks).
 */
export function fieldToFocus(result: { status: string; errors?: Record<string, string> } | undefined, order: readonly string[]): string | undefined {
  if (result?.status !== "invalid" || !result.errors) return undefined;
  return order.find((name) => result.errors![name]);
}

/**
 * The token to send with the next plain-form post: a post refused only for its fields keeps the
 * token it carried (already old enough to be accepted), so fixing a typo is not answered "too quick".
 */
export function tokenForRetry(form: FormData, result: { status: string; errors?: Record<string, string> }): string | undefined {
  const token = form.get("formToken");
  return result.status === "invalid" && result.errors && Object.keys(result.errors).length && typeof token === "string" ? token : undefined;
}

/** The signed token, in the page for a post made before the page's JavaScript runs. */
export function TokenField({ token }: { token: string }) {
  return <input type="hidden" name="formToken" value={token} />;
}

/** What people see once the form is through: focus moves here so it is announced. */
export function Confirmation({
  title,
  children,
  onAgain,
  againLabel,
  againHref,
}: {
  title: string;
  children: ReactNode;
  onAgain: () => void;
  againLabel: string;
  /** Where the "again" link leads when the page's JavaScript is not running. */
  againHref: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="rounded-[1.5rem] border border-leaf/30 bg-leaf-light p-8 text-ink md:p-10">
      <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-leaf text-2xl text-white">
        ✓
      </span>
      {/* autoFocus: after a plain-form post (no JavaScript) the browser moves focus here itself. */}
      <h2 ref={heading} tabIndex={-1} autoFocus className="display mt-5 text-3xl outline-none">
        {title}
      </h2>
      <div className="mt-3 space-y-2 text-lg text-ink/85">{children}</div>
      <a
        href={againHref}
        className="btn btn-secondary mt-8"
        onClick={(e) => {
          e.preventDefault();
          onAgain();
        }}
      >
        {againLabel}
      </a>
    </div>
  );
}
