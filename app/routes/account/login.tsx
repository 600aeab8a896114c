import { useState } from "react";
import { Link, useSearchParams, type MetaArgs } from "react-router";
import { LoginBody, User } from "../../../contract/user.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { FormField, SubmitButton, useContractForm } from "../../components/ui/form.tsx";
import { api } from "../../lib/api.ts";
import { useBrand } from "../../lib/session.ts";
import { landingPath } from "../../lib/landing.ts";

export const meta = (_: MetaArgs) => [{ title: "Sign in" }, { name: "robots", content: "noindex" }];

/** The address a reset link goes to: the sign-in form's own e-mail field. */
const ForgotBody = LoginBody.pick({ email: true });

/** The refusal above a form, as the sign-in card shows it. */
function Refusal({ problem }: { problem: { message: string } | null }) {
  return problem ? (
    <div className="mb-4">
      <InlineAlert alert={{ title: "", message: problem.message, type: "error" }} />
    </div>
  ) : null;
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const [params] = useSearchParams();
  const { form, fields, refused, busy, errorOf } = useContractForm(
    LoginBody,
    async (body) => {
      const user = await api.post("/api/Auth/login/", body, undefined, undefined, User);
      // A full load renders the store with the new session on the server; the form stays busy till then.
      window.location.assign(landingPath(user, params.get("returnTo")));
      await new Promise<never>(() => {});
    },
    { asTyped: true },
  );
  return (
    <>
      <Refusal problem={refused} />
      <form id={form.id} noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormField field={fields.email!} label="E-mail" type="email" autoComplete="username" required error={errorOf("email")} />
        <FormField field={fields.password!} label="Password" type="password" autoComplete="current-password" required error={errorOf("password")} />
        <SubmitButton busy={busy} busyText="Signing in…" className="w-full">
          Sign in
        </SubmitButton>
        <button type="button" className="w-full text-center text-leaf underline" onClick={onForgot}>
          Forgot your password?
        </button>
      </form>
    </>
  );
}

function ForgotForm({ onSent, onBack }: { onSent: () => void; onBack: () => void }) {
  const { form, fields, refused, busy, errorOf } = useContractForm(
    ForgotBody,
    async ({ email }) => {
      await api.post(`/api/Auth/RequestPasswordReset/${encodeURIComponent(email)}`);
      onSent();
    },
    { asTyped: true },
  );
  return (
    <>
      <Refusal problem={refused} />
      <form id={form.id} noValidate onSubmit={form.onSubmit} className="space-y-4">
        <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        <FormField field={fields.email!} label="E-mail" type="email" autoComplete="email" required error={errorOf("email")} />
        <SubmitButton busy={busy} busyText="Send the reset link" className="w-full">
          Send the reset link
        </SubmitButton>
        <button type="button" className="w-full text-center text-leaf underline" onClick={onBack}>
          Back to sign in
        </button>
      </form>
    </>
  );
}

export default function Login() {
  const brand = useBrand();
  const [mode, setMode] = useState<"login" | "forgot" | "sent">("login");
  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2 md:px-8 md:py-20" aria-labelledby="login-title">
      <div>
        <h1 id="login-title" className="text-4xl md:text-5xl">
          {mode === "login" ? "Sign in to order" : "Reset your password"}
        </h1>
        <p className="mt-4 text-lg text-sage">
          The {brand} wholesale store: today's availability, your prices, holds on what you pick, and your orders and invoices.
        </p>
        <p className="mt-4">
          No account yet? <Link to="/Contact">Ask our sales team</Link> to open one.
        </p>
      </div>
      <div className="rounded-2xl border border-line bg-white p-6 shadow-sm md:p-8">
        {mode === "login" && <SignInForm onForgot={() => setMode("forgot")} />}
        {mode === "forgot" && <ForgotForm onSent={() => setMode("sent")} onBack={() => setMode("login")} />}
        {mode === "sent" && (
          <div role="status" className="space-y-4">
            <p className="text-lg">Check your inbox.</p>
            <p>If an account exists for that address, we have sent a link to reset the password. The link works for one hour.</p>
            <button type="button" className="btn btn-secondary w-full" onClick={() => setMode("login")}>
              Back to sign in
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
