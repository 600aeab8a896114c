import { useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { CheckTokenResponse } from "../../../contract/user.ts";
import { api, errorMessage } from "../../lib/api.ts";
import { useToast } from "../../components/ui/toast.tsx";

/** SPEC §8 'Impersonating a user fails'. */
export const IMPERSONATION_FAILED = "Error Impersonating User";

/**
 * SPEC §4 Auth: acting for someone replaces the user and keeps the original (both in the session on
 * the server), resets the store and reloads the customer headers: a full load of the dashboard does
 * all three with nothing of the previous user left in memory. On failure nothing changed on the
 * server; the page re-reads the session so the original user is what shows.
 */
export function useImpersonation() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();

  function switched(to: string) {
    queryClient.clear();
    window.location.assign(to);
  }

  async function actAs(userId: string) {
    try {
      await api.post(`/api/Admin/${encodeURIComponent(userId)}/Impersonate`, undefined, undefined, undefined, CheckTokenResponse);
    } catch {
      toast(IMPERSONATION_FAILED, { type: "error", title: "Error" });
      await revalidator.revalidate();
      return;
    }
    switched("/Dashboard");
  }

  /** A wholesaler user acting for one of its retailers: a = own user id, b = customer, c = retailer. */
  async function actForRetailer(userId: string, customerId: string, retailerId: number) {
    try {
      await api.post(`/api/Retailer/Impersonate/${encodeURIComponent(userId)}/${encodeURIComponent(customerId)}/${retailerId}`, undefined, undefined, undefined, CheckTokenResponse);
    } catch (err) {
      toast(errorMessage(err, "We could not act for this retailer."), { type: "error", title: "Error" });
      await revalidator.revalidate();
      return;
    }
    switched("/Dashboard");
  }

  async function stop() {
    try {
      await api.post("/api/Retailer/Unimpersonate", undefined, undefined, undefined, CheckTokenResponse);
    } catch (err) {
      toast(errorMessage(err, "We could not stop acting for this user."), { type: "error", title: "Error" });
      await revalidator.revalidate();
      return;
    }
    switched("/Dashboard");
  }

  return { actAs, actForRetailer, stop };
}
