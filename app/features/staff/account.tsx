import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { formErrors } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";

type Problems = { message: string; fields: Record<string, string> } | null;

function Problem({ p }: { p: Problems }) {
  return p ? (
    <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
      {p.message}
    </p>
  ) : null;
}

/** /Account: the signed-in user's profile, password and other sessions. */
export function AccountScreen() {
  const user = useSessionUser();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [names, setNames] = useState({ firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" });
  const [pw, setPw] = useState({ currentPassword: "", password: "", confirmPassword: "" });
  const [p1, setP1] = useState<Problems>(null);
  const [p2, setP2] = useState<Problems>(null);
  if (!user) return null;

  async function saveNames(e: React.FormEvent) {
    e.preventDefault();
    setP1(null);
    try {
      await api.put("/api/Account/Profile", names);
      toast("Your name was saved.");
      await revalidator.revalidate();
    } catch (err) {
      setP1(formErrors(err));
    }
  }
  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    setP2(null);
    try {
      const r = await api.post<{ ended: number }>("/api/Account/Password", pw);
      setPw({ currentPassword: "", password: "", confirmPassword: "" });
      toast(`Your password was changed${r.ended ? ` and ${r.ended} other session${r.ended > 1 ? "s were" : " was"} signed out` : ""}.`);
    } catch (err) {
      setP2(formErrors(err));
    }
  }
  async function signOutOthers() {
    try {
      const r = await api.post<{ ended: number }>("/api/Account/SignOutOthers");
      toast(r.ended ? `${r.ended} other session${r.ended > 1 ? "s were" : " was"} signed out.` : "You had no other sessions.");
    } catch (err) {
      toast(formErrors(err).message, { type: "error", title: "Error" });
    }
  }

  return (
    <StaffPage title="Your account" intro={user.email}>
      <div className="grid gap-4 lg:grid-cols-2">
        <form onSubmit={(e) => void saveNames(e)} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate>
          <h2 className="text-xl">Profile</h2>
          <Problem p={p1} />
          <TextField label="First name" required value={names.firstName} onChange={(e) => setNames({ ...names, firstName: e.target.value })} error={p1?.fields.firstName} />
          <TextField label="Last name" required value={names.lastName} onChange={(e) => setNames({ ...names, lastName: e.target.value })} error={p1?.fields.lastName} />
          <button type="submit" className="btn btn-primary">
            Save profile
          </button>
        </form>
        <form onSubmit={(e) => void changePassword(e)} className="space-y-3 rounded-2xl border border-line bg-white p-5" noValidate>
          <h2 className="text-xl">Password</h2>
          <Problem p={p2} />
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
