// /MM/Store/checkout (SPEC §2, §4 "Placing an order"): lines with their label data, fee lines,
// totals; placing saves the cart, posts the order and, on an answer, empties the cart.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { MmCart, MmCartItem, MmOrderResponse } from "../../../contract/mm.ts";
import { checkBarcode } from "../../../domain/barcode.ts";
import { ApiError } from "../../lib/api.ts";
import { money, shortDate } from "../../lib/format.ts";
import { PLACE_ORDER_FAILED, serverMessage } from "../store/messages.ts";
import {
  bouquetLines,
  draftDiffers,
  feeLines,
  labelDraftOf,
  labelsOf,
  mmSaveBody,
  productOfField,
  withDraftLabels,
  withLabels,
  type LabelDraft,
  type LabelFields,
} from "./cart-logic.ts";
import { BackToStore, BouquetPicture, FeeTable, MmPage, Totals } from "./parts.tsx";
import { useMmStoreIds } from "./customer-gate.tsx";
import { MmHoldDialogs, MmHoldStatus, useMmHold } from "./use-mm-hold.tsx";
import { createMmOrder, mmKeys, useMmCart, useMmCartSaver, useMmPackages, type StoreIds } from "./queries.ts";

export function MmCheckoutPage() {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Checkout key={ids.customerId} ids={ids} />;
}

function Checkout({ ids }: { ids: StoreIds }) {
  const client = useQueryClient();
  const cartQ = useMmCart(ids);
  const packagesQ = useMmPackages(ids);
  const save = useMmCartSaver(ids);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<MmOrderResponse | null>(null);
  // Shelf labels as typed, per product, until saved: Place order saves them with the order, so a label
  // typed without pressing "Save label" is never dropped (issue 27).
  const [drafts, setDrafts] = useState<ReadonlyMap<string, LabelDraft>>(new Map());
  const [labelErrors, setLabelErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const key = useRef<string | null>(null);
  const cart = cartQ.data;
  const holdState = useMmHold(ids, cart, save, { placed: !!placed });

  if (placed) {
    return (
      <MmPage>
        <div className="rounded-2xl border border-line bg-white p-8 text-center" role="status">
          <h1 className="text-3xl">Thank you: order {placed.orderNumber} is placed</h1>
          <p className="mt-2 text-sage">
            {placed.itemCount} bouquets shipping {shortDate(placed.shipDate)}, total {money(placed.total)}.
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Link to={`/MM/Orders/${placed.orderNumber}`} className="btn btn-primary">
              View order {placed.orderNumber}
            </Link>
            <BackToStore />
          </div>
        </div>
      </MmPage>
    );
  }
  if (cartQ.isLoading || !cart) return <MmPage><p role="status">Loading your cart…</p></MmPage>;

  const lines = bouquetLines(cart.items);
  const setLabelError = (productId: string, message: string | null) =>
    setLabelErrors((old) => {
      const next = new Map(old);
      if (message) next.set(productId, message);
      else next.delete(productId);
      return next;
    });
  const setDraft = (productId: string, draft: LabelDraft | null) =>
    setDrafts((old) => {
      const next = new Map(old);
      if (draft) next.set(productId, draft);
      else next.delete(productId);
      return next;
    });

  /** The labels typed and not saved, checked as Save label checks them; the first bad one gets the focus. */
  function unsavedLabels(): Map<string, LabelDraft> | null {
    const unsaved = new Map([...drafts].filter(([productId, d]) => {
      const line = lines.find((l) => l.productId === productId);
      return !!line && draftDiffers(line, d);
    }));
    const problems = new Map<string, string>();
    for (const [productId, d] of unsaved) {
      const number = d.barcodeNumber.trim();
      const r = number ? checkBarcode(number) : null;
      if (r && !r.ok) problems.set(productId, r.message);
    }
    if (!problems.size) return unsaved;
    setLabelErrors(problems);
    const names = lines.filter((l) => problems.has(l.productId)).map((l) => l.description);
    setError(`The order was not placed: the shelf label of ${names.join(" and ")} has a barcode that is not right. Correct it or clear it, then place the order.`);
    document.querySelector<HTMLInputElement>(`[data-line="${CSS.escape([...problems.keys()][0]!)}"] input[inputmode="numeric"]`)?.focus();
    return null;
  }

  async function place() {
    setError(null);
    const unsaved = unsavedLabels();
    if (!unsaved) return;
    setPlacing(true);
    key.current ??= crypto.randomUUID();
    // Save first (SPEC §4), with the labels typed and not yet saved, then order the cart as saved.
    let sent: ReturnType<typeof withDraftLabels> = [];
    const saved = await save((c) => {
      sent = withDraftLabels(c, unsaved);
      return mmSaveBody(c, { items: sent });
    });
    if (!saved?.ok) {
      setPlacing(false);
      const fields = Object.entries(saved?.error.fields ?? {});
      const byProduct = new Map(fields.flatMap(([field, message]) => {
        const productId = productOfField(sent, field);
        return productId ? [[productId, message] as const] : [];
      }));
      if (byProduct.size) setLabelErrors(byProduct);
      setError(serverMessage(saved?.error, PLACE_ORDER_FAILED));
      return;
    }
    setDrafts(new Map());
    setLabelErrors(new Map());
    try {
      const answer = await createMmOrder(ids, saved.cart, key.current);
      key.current = null;
      await client.invalidateQueries({ queryKey: mmKeys.all });
      setPlaced(answer);
    } catch (err) {
      // SPEC §8: the server's message, or 'Failed to place order'.
      setError(serverMessage(err, PLACE_ORDER_FAILED));
      if (err instanceof ApiError && err.status < 500) key.current = null;
      void client.invalidateQueries({ queryKey: mmKeys.cart(ids) });
    } finally {
      setPlacing(false);
    }
  }

  return (
    <MmPage>
      <h1 className="text-3xl">Checkout</h1>
      <p className="mt-1 text-sage">
        {cart.shipDate ? `Shipping ${shortDate(cart.shipDate)}` : "No ship date chosen yet"} · {cart.boxed ? "Boxed" : "Not boxed"}
      </p>
      {lines.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-line bg-white p-6">
          <p>Your cart is empty.</p>
          <div className="mt-4">
            <BackToStore />
          </div>
        </div>
      ) : (
        <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="mm-lines-heading" className="min-w-0">
            <h2 id="mm-lines-heading" className="text-xl">
              Bouquets and shelf labels
            </h2>
            <p className="text-sm text-sage">
              The shop's UPC-A (12 digits) or EAN-13 (13 digits) and the label texts; we remember them for your next order. Labels you type are saved with the order
              when you place it.
            </p>
            <ul className="mt-2 flex flex-col gap-3">
              {lines.map((l) => (
                <LineLabels
                  key={l.productId}
                  line={l}
                  draft={drafts.get(l.productId) ?? null}
                  error={labelErrors.get(l.productId) ?? null}
                  onDraft={(d) => {
                    setDraft(l.productId, d);
                    setError(null);
                  }}
                  onError={(message) => setLabelError(l.productId, message)}
                  onSave={(labels) => save((c) => mmSaveBody(c, { items: withLabels(c, l.productId, labels) }))}
                />
              ))}
            </ul>
          </section>
          <aside aria-labelledby="mm-summary-heading" className="h-fit rounded-2xl border border-line bg-white p-4">
            <h2 id="mm-summary-heading" className="text-xl">
              Summary
            </h2>
            <div className="mt-3 empty:hidden">
              <MmHoldStatus state={holdState} />
            </div>
            <p aria-live="polite" className="sr-only">
              {holdState.announcement}
            </p>
            <h3 className="mt-3 text-base font-semibold">Packaging fees</h3>
            <FeeTable items={feeLines(cart.items)} packages={packagesQ.data} />
            <div className="mt-3 border-t border-line pt-3">
              <Totals cart={cart} />
            </div>
            {error && (
              <p role="alert" className="field-error mt-3">
                {error}
              </p>
            )}
            <button id="mm-place-order" type="button" className="btn btn-primary mt-4 w-full" disabled={placing} onClick={() => void place()}>
              {placing ? "Placing your order…" : "Place order"}
            </button>
          </aside>
        </div>
      )}
      <MmHoldDialogs state={holdState} cart={cart} onCheckout={() => document.getElementById("mm-place-order")?.focus()} />
    </MmPage>
  );
}

function LineLabels({
  line,
  draft,
  error,
  onDraft,
  onError,
  onSave,
}: {
  line: MmCartItem;
  draft: LabelDraft | null;
  error: string | null;
  onDraft: (draft: LabelDraft | null) => void;
  onError: (message: string | null) => void;
  onSave: (labels: LabelFields) => Promise<{ ok: boolean; error?: ApiError } | null>;
}) {
  const id = useId();
  const fields = draft ?? labelDraftOf(line);
  const [saved, setSaved] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const labels = labelsOf(fields);
    if (labels.barcodeNumber) {
      const r = checkBarcode(labels.barcodeNumber);
      if (!r.ok) return onError(r.message);
    }
    onError(null);
    const out = await onSave(labels);
    if (out && !out.ok) onError(out.error?.fields?.[Object.keys(out.error.fields).find((k) => k.endsWith("barcodeNumber")) ?? ""] ?? out.error?.message ?? "The labels could not be saved.");
    else {
      onDraft(null);
      setSaved(true);
    }
  }
  const input = (name: keyof LabelFields, label: string, extra: { inputMode?: "numeric"; maxLength: number }) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="field-label text-sm">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field-input"
        value={fields[name]}
        aria-invalid={name === "barcodeNumber" && error ? true : undefined}
        aria-describedby={name === "barcodeNumber" && error ? `${id}-err` : undefined}
        onChange={(e) => {
          setSaved(false);
          if (name === "barcodeNumber" && error) onError(null);
          onDraft({ ...fields, [name]: e.target.value });
        }}
        {...extra}
      />
    </div>
  );
  const unsaved = !!draft && draftDiffers(line, draft);
  return (
    <li className="rounded-2xl border border-line bg-white p-3" data-line={line.productId}>
      <div className="flex items-center gap-3">
        <BouquetPicture imageName={line.imageName} colourHex={line.colourHex} className="h-12 w-12" />
        <div className="min-w-0 flex-1">
          <h3 className="font-serif text-lg leading-snug">{line.description}</h3>
          <p className="text-sm text-sage">
            {line.productId} · {line.quantity} × <span className="tabular">{money(line.price)}</span> = <span className="tabular">{money(line.lineTotal)}</span>
          </p>
        </div>
      </div>
      <form onSubmit={(e) => void submit(e)} className="mt-2 grid gap-2 sm:grid-cols-2" noValidate aria-label={`Shelf label of ${line.description}`}>
        {input("barcodeNumber", "Barcode number (UPC / EAN)", { inputMode: "numeric", maxLength: 13 })}
        {input("barcodeTop", "Label top text", { maxLength: 40 })}
        {input("barcodeLeft", "Label left text", { maxLength: 40 })}
        {input("barcodeBottom", "Label bottom text", { maxLength: 40 })}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className="btn btn-secondary">
            Save label<span className="sr-only"> of {line.description}</span>
          </button>
          <span role="status" className="text-sm text-leaf-dark">
            {saved ? "Saved" : unsaved ? "Not saved yet: saved with the order when you place it" : ""}
          </span>
        </div>
        {error && (
          <p id={`${id}-err`} role="alert" className="field-error sm:col-span-2">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

export type { MmCart };
