import { redirect, type LoaderFunctionArgs } from "react-router";
import { StorePage } from "../../features/store/store-page.tsx";
import { appContext } from "../../lib/context.ts";
import { isMassMarketOnly } from "../../lib/landing.ts";

export const meta = () => [{ title: "Store" }];

/** A supermarket buyer who opens the wholesale store is sent to theirs (issue 27), on the server. */
export function loader({ context }: LoaderFunctionArgs) {
  const auth = appContext(context).auth;
  if (auth && isMassMarketOnly(auth.user)) throw redirect("/MM/Store");
  return null;
}

export default function Store() {
  return <StorePage />;
}
