import { data, type LoaderFunctionArgs } from "react-router";
import { ErrorScreen } from "../components/layout/error-screen.tsx";

/** SPEC §2: an unmatched route is a non-fatal 404 reading 'Page not found: {path}'. */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  throw data({ message: `Page not found: ${path}` }, { status: 404 });
}

export const meta = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ErrorScreen error={error} />;
}
