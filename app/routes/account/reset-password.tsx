import { useState } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { UpdatePasswordBody } from "../../../contract/user.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { FormField, SubmitButton, useContractForm } from "../../components/ui/form.tsx";
import { api } from "../../lib/api.ts";
import { appContext } from "../../lib/context.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token.length > 0 && token.length <= 200 && (await appContext(context).services.validateResetToken(token));
  return { token, valid };
}

export const meta = () => [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];

/** The new password twice, sent with the link's token. */
function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { form, fields, refused, busy, errorOf } = useContractForm(
    UpdatePasswordBody,
    async (body) => {
      await api.post("/api/Auth/UpdatePassword", body);
      onDone();
    },
    { asTyped: true },
  );
  return (
    <form id={form.id} noValidate onSubmit={form.onSubmit} className="space-y-4">
      {refused && <InlineAlert alert={{ title: "", message: refused.message, type: "error" }} />}
      <input type="hidden" name="token" value={token} />
      <FormField field={fields.password!} label="New password" type="password" autoComplete="new-password" required hint="At least 10 characters." error={errorOf("password")} />
      <FormField field={fields.confirmPassword!} label="Repeat the new password" type="password" autoComplete="new-password" required error={errorOf("confirmPassword")} />
      <SubmitButton busy={busy} busyText="Save the new password" className="w-full">
        Save the new password
      </SubmitButton>
    </form>
  );
}

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const [done, setDone] = useState(false);

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
        {valid && !done && <NewPasswordForm token={token} onDone={() => setDone(true)} />}
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
