import { useRouteLoaderData } from "react-router";
import type { CheckTokenResponse } from "../../contract/user.ts";

export interface RootData {
  session: CheckTokenResponse;
  site: { brandName: string; publicUrl: string; defaultCustomerCode: string };
}

/** The session as the root loader read it (the same shape as CheckToken). */
export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { session: { user: null, originalUser: null }, site: { brandName: "Pride", publicUrl: "", defaultCustomerCode: "PRIDE" } };
}
export const useSessionUser = () => useRootData().session.user;
export const useBrand = () => useRootData().site.brandName;
