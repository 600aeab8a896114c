import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { CustomerHeader } from "../../../contract/user.ts";

/** Past this many customers the list gets a filter box (staff see every customer). */
const FILTER_FROM = 8;

/** A modal list of the user's customers (SPEC §4: shown when more than one and none remembered). */
export function CustomerSelector({
  customers,
  onChoose,
  onClose,
  loading = false,
}: {
  customers: CustomerHeader[];
  onChoose: (customerId: string) => void;
  onClose?: () => void;
  loading?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return customers;
    return customers.filter((c) => c.companyName.toLowerCase().includes(q) || c.customerID.toLowerCase().includes(q));
  }, [customers, filter]);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        if (!onClose) e.preventDefault();
        else onClose();
      }}
      className="m-auto w-[min(94vw,520px)] rounded-2xl p-0 text-ink shadow-2xl backdrop:bg-ink/40"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-2xl">
          Which customer are you ordering for?
        </h2>
        <p className="mt-1 text-sage">You can switch at any time from the header.</p>
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
    </dialog>
  );
}
