import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { formErrors, FormField, FormProblem, SubmitButton, useContractForm } from "../../components/ui/form.tsx";
import { ProfileBody, SessionsAnswer } from "../../../contract/administration.ts";
import { StaffPage } from "../../components/ui/page.tsx";

type Problems = { message: string; fields: Record<string, string> } | null;

/** /Account: the signed-in user's profile, password and other sessions. */
export function AccountScreen() {
  const user = useSessionUser();
  const toast = useToast();
  const revalidator = useRevalidator();
  const profile = useContractForm(
    ProfileBody,
    async (names) => {
      await api.put("/api/Account/Profile", names);
      toast("Your name was saved.");
      await revalidator.revalidate();
    },
    { defaultValue: { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" } },
  );
  const [pw, setPw] = useState({ currentPassword: "", password: "", confirmPassword: "" });
  const [p2, setP2] = useState<Problems>(null);
  if (!user) return null;

  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    setP2(null);
    try {
      const r = await api.post("/api/Account/Password", pw, undefined, undefined, SessionsAnswer);
      setPw({ currentPassword: "", password: "", confirmPassword: "" });
      toast(`Your password was changed${r.ended ? ` and ${r.ended} other session${r.ended > 1 ? "s were" : " was"} signed out` : ""}.`);
    } catch (err) {
      setP2(formErrors(err));
    }
  }
  async function signOutOthers() {
    try {
      const r = await api.post("/api/Account/SignOutOthers", undefined, undefined, undefined, SessionsAnswer);
      toast(r.ended ? `${r.ended} other session${r.ended > 1 ? "s were" : " was"} signed out.` : "You had no other sessions.");
    } catch (err) {
      toast(formErrors(err).message, { type: "error", title: "Error" });
    }
  }

  return (
    <StaffPage title="Your account" intro={user.email}>
      <div className="grid gap-4 lg:grid-cols-2">
        <form id={profile.form.id} onSubmit={profile.form.onSubmit} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate>
          <h2 className="text-xl">Profile</h2>
          <FormProblem problem={profile.refused} />
          <FormField field={profile.fields.firstName!} label="First name" required error={profile.errorOf("firstName")} />
          <FormField field={profile.fields.lastName!} label="Last name" required error={profile.errorOf("lastName")} />
          <SubmitButton busy={profile.busy}>Save profile</SubmitButton>
        </form>
        <form onSubmit={(e) => void changePassword(e)} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate>
          <h2 className="text-xl">Password</h2>
          <FormProblem problem={p2} />
          <TextField label="Current password" type="password" autoComplete="current-password" required value={pw.currentPassword} onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })} error={p2?.fields.currentPassword} />
          <TextField label="New password" type="password" autoComplete="new-password" hint="At least 10 characters." required value={pw.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} error={p2?.fields.password} />
          <TextField label="Repeat the new password" type="password" autoComplete="new-password" required value={pw.confirmPassword} onChange={(e) => setPw({ ...pw, confirmPassword: e.target.value })} error={p2?.fields.confirmPassword} />
          <button type="submit" className="btn btn-primary">
            Change password
          </button>
        </form>
        <div className="space-y-3 rounded-2xl border border-line bg-white p-5">
          <h2 className="text-xl">Sessions</h2>
          <p className="text-sage">Signed in on another computer or phone you no longer use? End every session but this one.</p>
          <button type="button" className="btn btn-secondary" onClick={() => void signOutOthers()}>
            Sign out other sessions
          </button>
        </div>
      </div>
    </StaffPage>
  );
}
