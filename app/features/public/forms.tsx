import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { data } from "react-router";
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

/** What a public form's route action answers a plain-form post with (server/modules/public/form-posts.ts). */
export type PostedForm =
  | { status: "sent"; reference: string; values: Record<string, string>; formToken?: string }
  | { status: "invalid"; message: string; errors: Record<string, string>; values: Record<string, string>; formToken?: string };

/**
 * One public form's state: what people typed (kept through every error, and through a plain-form
 * post), the honeypot, the sending, and which field the browser focuses after a refused post.
 * `order`: the fields top to bottom.
 */
export function usePostedForm<S extends z.ZodObject, V extends Record<string, string>>(options: {
  form: FormKind;
  schema: S;
  url: () => string;
  empty: V;
  posted: PostedForm | undefined;
  order: readonly string[];
}) {
  const { posted, empty } = options;
  const [values, setValues] = useState<V>(() => ({ ...empty, ...posted?.values }));
  const [honeypot, setHoneypot] = useState("");
  const form = usePublicForm({ form: options.form, schema: options.schema, url: options.url, initial: initialFromPost<z.input<S>>(posted) });
  const errors: Partial<Record<string, string>> = form.state.status === "editing" ? form.state.errors : {};
  const set = (k: keyof V) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  /** Empty again, for another message after one went through. */
  const clear = () => {
    setValues(empty);
    form.reset();
  };
  return { ...form, posted, values, set, clear, honeypot, setHoneypot, errors, focus: fieldToFocus(posted, options.order) };
}

/** What the frame needs of usePostedForm's answer. */
interface FrameForm {
  state: SubmitState<Record<string, unknown>>;
  values: Record<string, string>;
  submit: (values: Record<string, unknown>, honeypot: string, extra?: Record<string, string>) => Promise<boolean>;
  clear: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  posted: PostedForm | undefined;
  focus: string | undefined;
  honeypot: string;
  setHoneypot: (v: string) => void;
}

/**
 * The frame both public forms share (contact, careers): the form that posts to its route without
 * JavaScript and through the API with it, the form-level message, the honeypot, the token and the
 * send button; once sent, the confirmation with the reference in its place.
 */
export function PublicFormFrame({
  form: f,
  action,
  labelledBy,
  token,
  extraErrors,
  sent,
  againLabel,
  againHref,
  submitLabel,
  submitClassName = "",
  beside,
  children,
}: {
  form: FrameForm;
  /** The route that takes the plain-form post. */
  action: string;
  labelledBy: string;
  /** The page's token, for a post made before the page's JavaScript runs. */
  token: string;
  /** Messages for fields the schema does not hold (such as which job), checked on send. */
  extraErrors?: () => Record<string, string>;
  /** What the confirmation says above the reference. */
  sent: ReactNode;
  againLabel: string;
  againHref: string;
  submitLabel: string;
  submitClassName?: string;
  /** A line beside the send button. */
  beside?: ReactNode;
  children: ReactNode;
}) {
  const { state, values } = f;
  if (state.status === "sent") {
    return (
      <Confirmation
        title={`Thank you, ${values.name?.split(" ")[0] || values.name}.`}
        againLabel={againLabel}
        againHref={againHref}
        onAgain={f.clear}
      >
        {sent}
        <p className="text-base text-sage">
          Your reference is <strong className="text-ink">{state.reference}</strong>.
        </p>
      </Confirmation>
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await f.submit(values, f.honeypot, extraErrors?.());
  }

  const sending = state.status === "sending";
  const button = (
    <button type="submit" className={`btn btn-primary ${submitClassName}`} disabled={sending} aria-disabled={sending}>
      {sending ? "Sending…" : submitLabel}
    </button>
  );
  return (
    <form ref={f.formRef} method="post" action={action} noValidate onSubmit={onSubmit} aria-labelledby={labelledBy} className="relative space-y-5">
      <FormMessage message={state.status === "editing" ? state.message : undefined} focus={!!f.posted && !f.focus && state.status === "editing"} />
      {children}
      <Honeypot value={f.honeypot} onChange={f.setHoneypot} />
      <TokenField token={f.posted?.formToken ?? token} />
      {beside ? (
        <div className="flex flex-wrap items-center gap-4 pt-1">
          {button}
          <p className="text-sm text-sage">{beside}</p>
        </div>
      ) : (
        button
      )}
    </form>
  );
}

/**
 * A form page's route action: the form posted as a plain HTML form (no JavaScript yet), put through
 * the same checks and service as the API (`post`), answered with what the page starts from again.
 */
export async function plainFormAction(request: Request, post: (request: Request, form: FormData) => Promise<{ httpStatus: number; result: PostedForm }>) {
  const form = await request.formData().catch(() => new FormData());
  const { httpStatus, result } = await post(request, form);
  return data({ ...result, formToken: tokenForRetry(form, result) }, { status: httpStatus });
}

/**
 * A form page's headers. The page carries a single-use token for this visitor: never store it in a
 * shared cache. The site's "no-referrer" policy would make the browser send `Origin: null` with the
 * form's post, which React Router's action guard refuses as a possible cross-site request;
 * "same-origin" still sends nothing to other sites.
 */
export const formPageHeaders = () => ({ "cache-control": "private, no-store", "referrer-policy": "same-origin" });
