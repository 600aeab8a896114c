import { useSessionUser } from "../../lib/session.ts";

export const meta = () => [{ title: "Dashboard" }];

export default function MmDashboard() {
  const user = useSessionUser();
  return (
    <section className="mx-auto max-w-[1800px] px-4 py-8 md:px-6">
      <h1 className="text-3xl">Good to see you, {user?.firstName}</h1>
      {user?.currentCustomer && <p className="mt-2 text-sage">Ordering for {user.currentCustomer.companyName}.</p>}
    </section>
  );
}
