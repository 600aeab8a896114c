import { MmDashboardPage } from "../../features/mm/dashboard-page.tsx";

export const meta = () => [{ title: "Dashboard" }];

export default function MmDashboard() {
  return <MmDashboardPage />;
}
