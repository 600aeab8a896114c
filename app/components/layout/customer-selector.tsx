import * as Dialog from "@radix-ui/react-dialog";
import { useId, useMemo, useState } from "react";
import { useReturnFocus } from "../ui/dialog.tsx";
import type { CustomerHeader } from "../../../contract/user.ts";

/** Past this many customers the list gets a filter box (staff see every customer). */
const FILTER_FROM = 8;

/** A modal list of the user's customers (SPEC §4: shown when more than one and none remembered). */
export function CustomerSelector({ customers, onChoose, onClose, loading = false }: { customers: CustomerHeader[]; onChoose: (customerId: string) => void; onClose?: () => void; loading?: boolean }) {
  const focus = useReturnFocus();
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return customers;
    return customers.filter((c) => c.companyName.toLowerCase().includes(q) || c.customerID.toLowerCase().includes(q));
  }, [customers, filter]);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          {...focus}
          // A choice is needed: a click beside the list does not close it, and Escape only when it may be closed.
          onPointerDownOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            if (!onClose) e.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,520px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl p-0 text-ink shadow-2xl bg-white"
        >
          <div className="p-6">
            <Dialog.Title className="text-2xl">Which customer are you ordering for?</Dialog.Title>
            <Dialog.Description className="mt-1 text-sage">You can switch at any time from the header.</Dialog.Description>
            {customers.length > FILTER_FROM && (
              <div className="mt-4">
                <label htmlFor={filterId} className="block text-sm font-semibold">
                  Find a customer
                </label>
                <input
                  id={filterId}
                  type="search"
                  className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder="Name or customer code"
                />
              </div>
            )}
            {loading && (
              <p className="mt-5 text-sage" role="status">
                Loading customers…
              </p>
            )}
            {!loading && shown.length === 0 && (
              <p className="mt-5 text-sage" role="status">
                No customer matches.
              </p>
            )}
            <ul className="mt-5 max-h-[60vh] space-y-2 overflow-y-auto">
              {shown.map((c) => (
                <li key={c.customerID}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-xl border border-line bg-white p-3 text-left hover:border-leaf hover:bg-leaf-light"
                    onClick={() => onChoose(c.customerID)}
                  >
                    <img src={c.imgSrc} alt="" className="h-10 w-10 rounded-lg object-cover" />
                    <span>
                      <span className="block font-semibold">{c.companyName}</span>
                      <span className="block text-sm text-sage">Customer {c.customerID}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {onClose && (
              <div className="mt-5 text-right">
                <button type="button" className="btn btn-secondary" onClick={onClose}>
                  Cancel
                </button>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
