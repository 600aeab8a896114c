import { DashboardPage } from "../../features/store/dashboard-page.tsx";

export const meta = () => [{ title: "Dashboard" }];

export default function Dashboard() {
  return <DashboardPage />;
}
