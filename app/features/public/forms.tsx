import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { FormReceipt, FormTokenResponse, type FormKind } from "../../../contract/public.ts";
import { api, ApiError } from "../../lib/api.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { useContractForm } from "../../components/ui/form.tsx";

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

/** The form-level message after a try the schema refused (the server words it the same). */
export const CHECK_FIELDS = "Please check the fields marked below.";
const SERVER_TROUBLE = "Something went wrong on our side. Your text is still here; please try again.";

/**
 * The API's refusal as a public form words it: field messages go on the fields under "check the
 * fields"; the spam checks (token, honeypot) and the rate limit only have the form-level message. A
 * refused token is fetched again.
 */
function publicRefusal(err: unknown, refreshToken: () => void): ApiError {
  if (!(err instanceof ApiError)) return new ApiError(0, SERVER_TROUBLE, {}, undefined, false);
  const { formToken: tokenProblem, ...fields } = err.fields;
  if (tokenProblem) refreshToken();
  const message = err.status === 429 || tokenProblem || !Object.keys(fields).length ? err.message : CHECK_FIELDS;
  return new ApiError(err.status, message, fields);
}

/** A public form once it is through: its reference and what was sent. */
export interface SentForm {
  reference: string;
  values: Record<string, string | undefined>;
}

/** A refused plain-form post as the Conform result the form starts from: what was typed and the field messages. */
export function postedResult(posted: PostedForm | undefined): SubmissionResult<string[]> | undefined {
  if (posted?.status !== "invalid") return undefined;
  return { status: "error", initialValue: posted.values, error: Object.fromEntries(Object.entries(posted.errors).map(([name, message]) => [name, [message]])) };
}

/**
 * A public form checked with the contract's Zod schema the server uses (useContractForm), posted with
 * a fresh token and the honeypot, the server's answers mapped back onto the form. What people typed
 * is never cleared by an error. `posted`: the answer to a plain-form post the page starts from.
 * `post`: the address and body for a checked value.
 */
export function usePublicForm<S extends z.ZodObject>(options: {
  form: FormKind;
  schema: S;
  post: (value: z.output<S>) => { url: string; body: Record<string, unknown> };
  onSent: (sent: SentForm) => void;
  posted?: PostedForm;
  defaultValue?: Partial<Record<keyof z.output<S> & string, string>>;
  asTyped?: boolean;
}) {
  const { ready, refresh, failed } = useFormToken(options.form);
  const [honeypot, setHoneypot] = useState("");
  const [tries, setTries] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const contract = useContractForm(
    options.schema,
    async (value) => {
      try {
        const formToken = await ready();
        const { url, body } = options.post(value);
        const receipt = FormReceipt.parse(await api.post(url, { ...body, website: honeypot, formToken }));
        options.onSent({ reference: receipt.reference, values: value as SentForm["values"] });
      } catch (err) {
        throw publicRefusal(err, () => void refresh().catch(() => {}));
      }
    },
    { lastResult: postedResult(options.posted), defaultValue: options.defaultValue, asTyped: options.asTyped },
  );
  const { form, refused } = contract;
  const checked = tries > 0 && Object.keys(form.allErrors).length > 0;
  const message = checked ? CHECK_FIELDS : (refused?.message ?? (tries === 0 && options.posted?.status === "invalid" ? options.posted.message : undefined));

  // After a refused attempt, take people to the first field that needs them (or the message).
  useEffect(() => {
    if (!tries || !message) return;
    const el = formRef.current;
    const target = el?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? el?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [tries, refused]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The form's submit: checked by the schema, then sent. */
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setTries((n) => n + 1);
    form.onSubmit(e);
  };
  return { ...contract, onSubmit, formRef, message, honeypot, setHoneypot, tokenFailed: failed };
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
 * A public form until it is through, then what `thanks` shows in its place; "again" brings a fresh
 * form (new token, nothing typed). The plain-form post the page was rendered for goes to the first form.
 */
export function OnceSent({
  posted,
  thanks,
  children,
}: {
  posted: PostedForm | undefined;
  thanks: (sent: SentForm, again: () => void) => ReactNode;
  children: (posted: PostedForm | undefined, onSent: (sent: SentForm) => void) => ReactNode;
}) {
  const [sent, setSent] = useState<SentForm | null>(() => (posted?.status === "sent" ? { reference: posted.reference, values: posted.values } : null));
  const [round, setRound] = useState(0);
  if (sent)
    return thanks(sent, () => {
      setSent(null);
      setRound((n) => n + 1);
    });
  return <Fragment key={round}>{children(round ? undefined : posted, setSent)}</Fragment>;
}

/** The confirmation of the contact and application forms: thanks by first name, and the reference. */
export function PublicThanks({ sent, again, againLabel, againHref, children }: { sent: SentForm; again: () => void; againLabel: string; againHref: string; children: ReactNode }) {
  const name = sent.values.name ?? "";
  return (
    <Confirmation title={`Thank you, ${name.split(" ")[0] || name}.`} againLabel={againLabel} againHref={againHref} onAgain={again}>
      {children}
      <p className="text-base text-sage">
        Your reference is <strong className="text-ink">{sent.reference}</strong>.
      </p>
    </Confirmation>
  );
}

/**
 * The frame both public forms share (contact, careers): the form that posts to its route without
 * JavaScript and through the API with it (usePublicForm), the form-level message, the honeypot, the
 * token and the send button. `focus`: the field the browser focuses after a refused plain post.
 */
export function PublicFormFrame({
  form: f,
  posted,
  focus,
  action,
  labelledBy,
  token,
  submitLabel,
  submitClassName = "",
  beside,
  children,
}: {
  form: ReturnType<typeof usePublicForm>;
  posted: PostedForm | undefined;
  focus: string | undefined;
  /** The route that takes the plain-form post. */
  action: string;
  labelledBy: string;
  /** The page's token, for a post made before the page's JavaScript runs. */
  token: string;
  submitLabel: string;
  submitClassName?: string;
  /** A line beside the send button. */
  beside?: ReactNode;
  children: ReactNode;
}) {
  const button = (
    <button type="submit" className={`btn btn-primary ${submitClassName}`} disabled={f.busy} aria-disabled={f.busy}>
      {f.busy ? "Sending…" : submitLabel}
    </button>
  );
  return (
    <form ref={f.formRef} id={f.form.id} method="post" action={action} noValidate onSubmit={f.onSubmit} aria-labelledby={labelledBy} className="relative space-y-5">
      <FormMessage message={f.message} focus={posted?.status === "invalid" && !focus} />
      {children}
      <Honeypot value={f.honeypot} onChange={f.setHoneypot} />
      <TokenField token={posted?.formToken ?? token} />
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
