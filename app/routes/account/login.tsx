import { useState, type FormEvent } from "react";
import { Link, useSearchParams, type MetaArgs } from "react-router";
import { LoginBody, User } from "../../../contract/user.ts";
import { Email } from "../../../contract/common.ts";
import { TextField, fieldErrors } from "../../components/ui/field.tsx";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { useBrand } from "../../lib/session.ts";
import { landingPath } from "../../lib/landing.ts";

export const meta = (_: MetaArgs) => [{ title: "Sign in" }, { name: "robots", content: "noindex" }];

export default function Login() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<"login" | "forgot" | "sent">("login");

  async function onLogin(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = LoginBody.safeParse({ email: form.get("email"), password: form.get("password") });
    setMessage(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const user = await api.post("/api/Auth/login/", parsed.data, undefined, undefined, User);
      // A full load renders the store with the new session on the server.
      window.location.assign(landingPath(user, params.get("returnTo")));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) {
        setErrors(err.fields);
        setMessage(err.message);
      } else setMessage("Something went wrong. Please try again.");
    }
  }

  async function onForgot(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = Email.safeParse(new FormData(e.currentTarget).get("email"));
    if (!email.success) return setErrors({ email: email.error.issues[0]!.message });
    setErrors({});
    setBusy(true);
    try {
      await api.post(`/api/Auth/RequestPasswordReset/${encodeURIComponent(email.data)}`);
      setMode("sent");
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  }

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
        {message && (
          <div className="mb-4">
            <InlineAlert alert={{ title: "", message, type: "error" }} />
          </div>
        )}
        {mode === "login" && (
          <form noValidate onSubmit={onLogin} className="space-y-4">
            <TextField label="E-mail" name="email" type="email" autoComplete="username" required error={errors.email} />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              {busy ? "Signing in…" : "Sign in"}
            </button>
            <button type="button" className="w-full text-center text-leaf underline" onClick={() => (setMode("forgot"), setMessage(null), setErrors({}))}>
              Forgot your password?
            </button>
          </form>
        )}
        {mode === "forgot" && (
          <form noValidate onSubmit={onForgot} className="space-y-4">
            <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <TextField label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              Send the reset link
            </button>
            <button type="button" className="w-full text-center text-leaf underline" onClick={() => setMode("login")}>
              Back to sign in
            </button>
          </form>
        )}
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
