import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { DashboardPage } from "../../features/store/dashboard-page.tsx";
import { appContext } from "../../lib/context.ts";

export const meta = () => [{ title: "Dashboard" }];

/** The panels' data with the page (issue 30), through the load context's services. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { panels: await appContext(context).services.dashboard() };
}

/**
 * In the browser the panels' queries are already in the page's cache, or fetch themselves: a
 * navigation back to the dashboard does not wait for the server to read them all again.
 */
export async function clientLoader() {
  return { panels: null };
}

export default function Dashboard() {
  const { panels } = useLoaderData<typeof loader>();
  return <DashboardPage panels={panels} />;
}
