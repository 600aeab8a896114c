import type { LoaderFunctionArgs } from "react-router";
import { AppShell } from "../../components/layout/app-shell.tsx";
import { requirePageAccess } from "../../lib/access-loader.ts";

export const loader = ({ request, context }: LoaderFunctionArgs) => requirePageAccess(request, context);
export const shouldRevalidate = () => true;

export default function StoreLayout() {
  return <AppShell variant="store" />;
}
