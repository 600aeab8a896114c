// SPEC §4 "Customer selection", §9 (local storage key, initials).
import { hasAnyRole, STAFF_ROLES } from "./access.ts";

export const SELECTED_CUSTOMER_KEY = "selectedCustomerID";

export type CustomerChoiceKind = "current" | "remembered" | "auto" | "default" | "selector" | "none";

export interface CustomerChoice {
  kind: CustomerChoiceKind;
  customerId?: string;
}

export interface CustomerChoiceInput {
  customers: readonly { customerID: string }[];
  current: string | null;
  remembered: string | null;
  roles: readonly string[];
  defaultCustomerCode: string | null;
}


/**
 * The current customer wins only while it is still one of the user's customers
 * (or the default customer of a staff user who has none): a stale id from a
 * previous user or a removed link must not be kept. Without one: several
 * customers -> the remembered choice if still listed, else the selector; one ->
 * chosen automatically; none -> the default customer for staff, else nothing.
 */
export function chooseCustomer(input: CustomerChoiceInput): CustomerChoice {
  const { customers, current, remembered, roles, defaultCustomerCode } = input;
  const listed = (id: string | null): id is string => !!id && customers.some((c) => c.customerID === id);
  const staffDefault = customers.length === 0 && hasAnyRole(roles, STAFF_ROLES) && !!defaultCustomerCode;

  if (listed(current)) return { kind: "current", customerId: current };
  if (staffDefault && current === defaultCustomerCode) return { kind: "current", customerId: current };
  if (customers.length > 1) {
    return listed(remembered) ? { kind: "remembered", customerId: remembered } : { kind: "selector" };
  }
  const [only] = customers;
  if (customers.length === 1 && only) return { kind: "auto", customerId: only.customerID };
  if (staffDefault) return { kind: "default", customerId: defaultCustomerCode as string };
  return { kind: "none" };
}

/**
 * What the dashboard says while a user has no current customer yet: the app opens the selector for
 * several customers and chooses a single customer (or staff's default customer) itself, so only a
 * user with several is asked to choose, and a user with none is told why the store does not open.
 */
export function awaitingCustomer(user: Pick<CustomerChoiceInput, "customers" | "roles">, defaultCustomerCode: string | null): string {
  const choice = chooseCustomer({ customers: user.customers, current: null, remembered: null, roles: user.roles, defaultCustomerCode });
  if (choice.kind === "selector") return "Choose the customer you are ordering for.";
  if (choice.kind === "none") return "Your sign-in is not linked to a customer account yet. Ask your sales contact to link it, and your store opens here.";
  return "Opening your store…";
}

/** First letters of first and last name, upper-cased; whole characters, so accents and emoji survive. */
export function userInitials(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (name: string | null | undefined): string => Array.from((name ?? "").trim())[0] ?? "";
  return (first(firstName) + first(lastName)).toUpperCase();
}
