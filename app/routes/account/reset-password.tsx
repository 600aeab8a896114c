import { useState, type FormEvent } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { UpdatePasswordBody } from "../../../contract/user.ts";
import { TextField, fieldErrors } from "../../components/ui/field.tsx";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { appContext } from "../../lib/context.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token.length > 0 && token.length <= 200 && (await appContext(context).services.validateResetToken(token));
  return { token, valid };
}

export const meta = () => [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const parsed = UpdatePasswordBody.safeParse({ token, password: f.get("password"), confirmPassword: f.get("confirmPassword") });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      await api.post("/api/Auth/UpdatePassword", parsed.data);
      setDone(true);
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : "Something went wrong. Please try again.");
      if (err instanceof ApiError) setErrors(err.fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="mx-auto max-w-lg px-4 py-16" aria-labelledby="reset-title">
      <h1 id="reset-title" className="text-4xl">
        Choose a new password
      </h1>
      <div className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm">
        {!valid && !done && (
          <div className="space-y-4">
            <InlineAlert alert={{ title: "This link cannot be used", message: "The reset link has expired or was already used. Ask for a new one from the sign-in page.", type: "error" }} />
            <Link to="/login" className="btn btn-primary w-full">
              Go to sign in
            </Link>
          </div>
        )}
        {valid && !done && (
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            {message && <InlineAlert alert={{ title: "", message, type: "error" }} />}
            <TextField label="New password" name="password" type="password" autoComplete="new-password" required hint="At least 10 characters." error={errors.password} />
            <TextField label="Repeat the new password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              Save the new password
            </button>
          </form>
        )}
        {done && (
          <div role="status" className="space-y-4">
            <p className="text-lg">Your password has been changed.</p>
            <Link to="/login" className="btn btn-primary w-full">
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
