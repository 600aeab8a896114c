// The order status machine (DOMAIN.md "Orders"): submitted -> confirmed -> shipped -> invoiced, or
// cancelled. Pure: the order desk service asks it before every change and shows its messages.

export const ORDER_STATUSES = ["submitted", "confirmed", "shipped", "invoiced", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The actions of the order desk and of a buyer on its own order. */
export type OrderAction = "confirm" | "changeLine" | "confirmPending" | "declinePending" | "pack" | "ship" | "invoice" | "cancel";

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  submitted: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["invoiced"],
  invoiced: [],
  cancelled: [],
};

/** Whether the status may move from one to the other (staying put is not a move). */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export interface OrderState {
  status: OrderStatus;
  /** Pending (requested, not yet confirmed) bunches left on the order's lines. */
  pendingQuantity: number;
  packed: boolean;
}

const LABEL: Record<OrderStatus, string> = {
  submitted: "submitted",
  confirmed: "confirmed",
  shipped: "shipped",
  invoiced: "invoiced",
  cancelled: "cancelled",
};

/**
 * Why an action is refused in this state, or null when it is allowed.
 * - Lines (quantities, pending requests) change only before packing, while submitted or confirmed.
 * - An order is confirmed once no pending quantity is left (each confirmed or declined).
 * - Packing needs a confirmed order without pending quantity (older data may have confirmed orders
 *   with pending lines); shipping a packed one; invoicing a shipped one.
 * - Cancelling is possible until the order is packed.
 */
export function refusal(state: OrderState, action: OrderAction): string | null {
  const { status } = state;
  const closed = `This order is ${LABEL[status]} and can no longer be changed.`;
  switch (action) {
    case "changeLine":
    case "confirmPending":
    case "declinePending":
      if (status !== "submitted" && status !== "confirmed") return closed;
      if (state.packed) return "This order is packed: its lines can no longer be changed.";
      return null;
    case "confirm":
      if (!canMove(status, "confirmed")) return `This order is ${LABEL[status]}: only a submitted order can be confirmed.`;
      if (state.pendingQuantity > 0) return "Confirm or decline every pending quantity before confirming the order.";
      return null;
    case "pack":
      if (status !== "confirmed") return `Only a confirmed order can be packed; this one is ${LABEL[status]}.`;
      if (state.packed) return "This order is already packed.";
      if (state.pendingQuantity > 0) return "Confirm or decline every pending quantity before packing the order.";
      return null;
    case "ship":
      if (!canMove(status, "shipped")) return `Only a confirmed order can be shipped; this one is ${LABEL[status]}.`;
      if (!state.packed) return "Pack the order before shipping it.";
      return null;
    case "invoice":
      if (!canMove(status, "invoiced")) return `Only a shipped order can be invoiced; this one is ${LABEL[status]}.`;
      return null;
    case "cancel":
      if (!canMove(status, "cancelled")) return `This order is ${LABEL[status]} and can no longer be cancelled.`;
      if (state.packed) return "This order is packed and can no longer be cancelled.";
      return null;
  }
}

/** Actions currently open on an order, for the screens (the server asks `refusal` again). */
export function allowedActions(state: OrderState): OrderAction[] {
  const all: OrderAction[] = ["confirm", "changeLine", "confirmPending", "declinePending", "pack", "ship", "invoice", "cancel"];
  return all.filter((a) => refusal(state, a) === null);
}
