// The supply desk's mass-market screens (issue 25; docs/domain-supply.md): /Supply/Bouquets,
// /Supply/Packages, and the bouquet lines of a mass-market catalog on /Supply/Availability. Staff
// only (domain/access.ts); the server checks every call itself. Edits open in a dialog (Radix: focus
// moves in and back, Escape closes it).
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useSearchParams } from "react-router";
import {
  SupplyBouquet,
  SupplyBouquetList,
  SupplyMmLineList,
  SupplyPackage,
  SupplyPackageList,
  type SupplyMmLine,
} from "../../../contract/supply-mm.ts";
import {
  MM_CATEGORIES,
  MM_IMAGES,
  MM_UNITS,
  PACKAGE_CATEGORIES,
  PAIL_FEE_PACKAGE,
} from "../../../domain/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { Checkbox, formErrors } from "../../components/ui/form.tsx";
import { StaffPage } from "../../components/ui/page.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame } from "../../components/ui/table.tsx";

type Errors = { message: string; fields: Record<string, string> } | null;
const n = (v: number) => v.toLocaleString("en-US");
const money = (v: number) => `$${v.toFixed(2)}`;
const num = (s: string) =>
  s.trim() === "" ? null : Number(s.replace(/[$,]/g, ""));

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-sage">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-petal-dark">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input bound to one key of a form's state, with its error wired for screen readers. */
function TextInput<F extends Record<string, string | boolean>>({
  prefix,
  k,
  f,
  setF,
  errors,
  ...props
}: {
  prefix: string;
  k: keyof F & string;
  f: F;
  setF: (f: F) => void;
  errors: Errors;
} & Record<string, unknown>) {
  const error = errors?.fields[k];
  return (
    <input
      id={`${prefix}-${k}`}
      className="field-input"
      value={String(f[k])}
      onChange={(e) => setF({ ...f, [k]: e.target.value })}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${prefix}-${k}-error` : undefined}
      {...props}
    />
  );
}

function FormAlert({ errors }: { errors: Errors }) {
  if (!errors) return null;
  return (
    <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
      {errors.message}
    </p>
  );
}

/** An edit form in a dialog, opened by its own button (focus returns to it on close). */
function EditDialog({
  label,
  title,
  children,
  open,
  onOpenChange,
}: {
  label: string;
  title: string;
  children: ReactNode;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-secondary !min-h-9 !py-1">
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/45" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,760px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-cream p-5 text-ink shadow-2xl"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="font-serif text-2xl text-leaf">
              {title}
            </Dialog.Title>
            <Dialog.Close className="btn btn-secondary !min-h-9 !py-1">
              Close
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// ---- bouquets -----------------------------------------------------------------------------------

interface BouquetForm extends Record<string, string | boolean> {
  productId: string;
  description: string;
  category: string;
  colour: string;
  colourHex: string;
  imageName: string;
  price: string;
  pricePerBouquet: string;
  pricePerBouquetNoBox: string;
  boxType: string;
  unitOfMeasure: string;
  packSize: string;
  bouquet: boolean;
}

const EMPTY_BOUQUET: BouquetForm = {
  productId: "",
  description: "",
  category: "Bouquets",
  colour: "",
  colourHex: "#F4A6C0",
  imageName: "bouquet",
  price: "",
  pricePerBouquet: "",
  pricePerBouquetNoBox: "",
  boxType: "",
  unitOfMeasure: "Bunch",
  packSize: "8",
  bouquet: true,
};

const bouquetForm = (b: SupplyBouquet): BouquetForm => ({
  productId: b.productId,
  description: b.description,
  category: b.category,
  colour: b.colour,
  colourHex: b.colourHex,
  imageName: b.imageName,
  price: b.price.toFixed(2),
  pricePerBouquet: b.pricePerBouquet.toFixed(2),
  pricePerBouquetNoBox: b.pricePerBouquetNoBox.toFixed(2),
  boxType: b.boxType ?? "",
  unitOfMeasure: b.unitOfMeasure,
  packSize: String(b.packSize),
  bouquet: b.bouquet,
});

function bouquetBody(f: BouquetForm) {
  return {
    description: f.description,
    category: f.category,
    colour: f.colour,
    colourHex: f.colourHex,
    imageName: f.imageName,
    // The list price is the boxed price unless typed.
    price: num(f.price) ?? num(f.pricePerBouquet),
    pricePerBouquet: num(f.pricePerBouquet),
    pricePerBouquetNoBox: num(f.pricePerBouquetNoBox),
    boxType: f.boxType || null,
    unitOfMeasure: f.unitOfMeasure,
    packSize: num(f.packSize),
    bouquet: f.bouquet,
  };
}

function usePackages() {
  return useQuery({
    queryKey: ["supply", "packages"],
    queryFn: () =>
      api.get("/api/Supply/Packages", undefined, SupplyPackageList),
  });
}

function BouquetFormView({
  initial,
  isNew,
  submitLabel,
  onSubmit,
}: {
  initial: BouquetForm;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (f: BouquetForm) => Promise<void>;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  const packages = usePackages();
  const boxes = (packages.data?.packages ?? []).filter(
    (p) => p.category === "boxes" && (p.active || p.type === initial.boxType),
  );
  const p = isNew ? "b" : "be";
  const input = (
    k: keyof BouquetForm & string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput prefix={p} k={k} f={f} setF={setF} errors={errors} {...props} />
  );
  const select = (
    k: keyof BouquetForm & string,
    options: readonly (string | [string, string])[],
  ) => (
    <select
      id={`${p}-${k}`}
      className="field-input"
      value={String(f[k])}
      onChange={(e) => setF({ ...f, [k]: e.target.value })}
      aria-invalid={errors?.fields[k] ? true : undefined}
      aria-describedby={errors?.fields[k] ? `${p}-${k}-error` : undefined}
    >
      {options.map((o) => {
        const [value, text] = typeof o === "string" ? [o, o] : o;
        return (
          <option key={value} value={value}>
            {text}
          </option>
        );
      })}
    </select>
  );
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(null);
    try {
      await onSubmit(f);
    } catch (err) {
      setErrors(formErrors(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <FormAlert errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isNew && (
          <Field
            id={`${p}-productId`}
            label="Bouquet code"
            error={errors?.fields.productId}
            hint="Letters, digits and dashes, e.g. MM-BQ-LIL-S"
          >
            {input("productId", { autoCapitalize: "characters" })}
          </Field>
        )}
        <Field
          id={`${p}-description`}
          label="Description"
          error={errors?.fields.description}
        >
          {input("description")}
        </Field>
        <Field
          id={`${p}-category`}
          label="Category"
          error={errors?.fields.category}
        >
          {select("category", MM_CATEGORIES)}
        </Field>
        <Field id={`${p}-colour`} label="Colour" error={errors?.fields.colour}>
          {input("colour")}
        </Field>
        <Field
          id={`${p}-colourHex`}
          label="Colour swatch (hex)"
          error={errors?.fields.colourHex}
        >
          <div className="flex gap-2">
            {input("colourHex")}
            <img
              aria-hidden="true"
              alt=""
              src={artUrl(
                f.imageName,
                /^#[0-9A-Fa-f]{6}$/.test(f.colourHex) ? f.colourHex : null,
              )}
              className="h-11 w-11 shrink-0 rounded-lg border border-line bg-white object-contain"
            />
          </div>
        </Field>
        <Field
          id={`${p}-imageName`}
          label="Picture"
          error={errors?.fields.imageName}
        >
          {select("imageName", MM_IMAGES)}
        </Field>
        <Field
          id={`${p}-pricePerBouquet`}
          label="Price a bouquet, boxed ($)"
          error={errors?.fields.pricePerBouquet}
        >
          {input("pricePerBouquet", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-pricePerBouquetNoBox`}
          label="Price a bouquet, not boxed ($)"
          error={errors?.fields.pricePerBouquetNoBox}
        >
          {input("pricePerBouquetNoBox", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-price`}
          label="List price ($)"
          error={errors?.fields.price}
          hint="Empty: the boxed price"
        >
          {input("price", { inputMode: "decimal" })}
        </Field>
        <Field
          id={`${p}-boxType`}
          label="Box type"
          error={errors?.fields.boxType}
        >
          {select("boxType", [
            ["", "No box"],
            ...boxes.map((b): [string, string] => [
              b.type,
              `${b.description} (${b.type}) · ${money(b.price)}${b.active ? "" : " · retired"}`,
            ]),
          ])}
        </Field>
        <Field
          id={`${p}-unitOfMeasure`}
          label="Unit of measure"
          error={errors?.fields.unitOfMeasure}
          hint="Pail units pay the RFLP1 pail fee when not boxed"
        >
          {select("unitOfMeasure", MM_UNITS)}
        </Field>
        <Field
          id={`${p}-packSize`}
          label="Pack size (bouquets)"
          error={errors?.fields.packSize}
        >
          {input("packSize", { inputMode: "numeric" })}
        </Field>
      </div>
      <Checkbox
        id={`${p}-bouquet`}
        label="A made-up bouquet (not a plain bunch)"
        checked={f.bouquet}
        onChange={(v) => setF({ ...f, bouquet: v })}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * A list row's action (retire, bring back, delete): on success the toast and a fresh list, on
 * refusal the server's message beside the row.
 */
function useRowAction(onChanged: () => void) {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const act = (work: Promise<unknown>, message: string) =>
    void work
      .then(() => {
        setProblem(null);
        toast(message);
        onChanged();
      })
      .catch((e) => setProblem(formErrors(e).message));
  return { problem, act };
}

function BouquetRow({
  b,
  onChanged,
}: {
  b: SupplyBouquet;
  onChanged: () => void;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { problem, act } = useRowAction(onChanged);
  return (
    <>
      <tr className="border-b border-line align-middle">
        <td className="px-3 py-2">
          <img
            src={artUrl(b.imageName, b.colourHex)}
            alt=""
            width={40}
            height={40}
            className="h-10 w-10 object-contain"
            loading="lazy"
          />
        </td>
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="block">{b.description}</span>
          <span className="block font-mono text-xs text-sage">
            {b.productId}
          </span>
        </th>
        <td className="px-3 py-2">{b.boxType ?? "—"}</td>
        <td className="px-3 py-2">
          {b.unitOfMeasure} · {b.packSize}
        </td>
        <td className="px-3 py-2 text-right tabular">
          {money(b.pricePerBouquet)}
        </td>
        <td className="px-3 py-2 text-right tabular">
          {money(b.pricePerBouquetNoBox)}
        </td>
        <td className="px-3 py-2 text-right tabular">{n(b.ordered)}</td>
        <td className="px-3 py-2">
          {b.active ? (
            <Badge tone="good">On sale</Badge>
          ) : (
            <Badge tone="muted">Retired</Badge>
          )}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-2">
            <EditDialog
              label="Edit"
              title={`Edit ${b.description}`}
              open={open}
              onOpenChange={setOpen}
            >
              <BouquetFormView
                initial={bouquetForm(b)}
                isNew={false}
                submitLabel="Save changes"
                onSubmit={async (f) => {
                  await api.put(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                    bouquetBody(f),
                    undefined,
                    SupplyBouquet,
                  );
                  setOpen(false);
                  toast("Saved.");
                  onChanged();
                }}
              />
            </EditDialog>
            <button
              type="button"
              className="btn btn-secondary !min-h-9 !py-1"
              aria-label={`${b.active ? "Retire" : "Bring back"} ${b.description}`}
              onClick={() =>
                act(
                  api.put(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                    { active: !b.active },
                  ),
                  b.active
                    ? `${b.description} is retired.`
                    : `${b.description} is on sale again.`,
                )
              }
            >
              {b.active ? "Retire" : "Bring back"}
            </button>
            <button
              type="button"
              className="btn btn-secondary !min-h-9 !py-1"
              aria-label={`Delete ${b.description}`}
              onClick={() =>
                act(
                  api.del(
                    `/api/Supply/Bouquets/${encodeURIComponent(b.productId)}`,
                  ),
                  `${b.description} was deleted.`,
                )
              }
            >
              Delete
            </button>
          </div>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={9} className="px-3 pb-2">
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {problem}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}

export function BouquetsScreen() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [formKey, setFormKey] = useState(0);
  const query = useQuery({
    queryKey: ["supply", "bouquets", q],
    queryFn: () =>
      api.get("/api/Supply/Bouquets", q ? { q } : undefined, SupplyBouquetList),
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ["supply"] });
  return (
    <StaffPage
      title="Bouquets"
      intro="The mass-market bouquets and bunches, their box and prices. One that was ever ordered is retired, never deleted."
    >
      <details
        className="mb-4 rounded-2xl border border-line bg-white p-4"
        open={params.has("new")}
      >
        <summary className="cursor-pointer font-serif text-xl text-leaf">
          New bouquet
        </summary>
        <div className="mt-3">
          <BouquetFormView
            key={formKey}
            initial={EMPTY_BOUQUET}
            isNew
            submitLabel="Create bouquet"
            onSubmit={async (f) => {
              const b = await api.post(
                "/api/Supply/Bouquets",
                { productId: f.productId, ...bouquetBody(f) },
                undefined,
                undefined,
                SupplyBouquet,
              );
              toast(`${b.description} was created.`);
              setFormKey((k) => k + 1);
              refresh();
            }}
          />
        </div>
      </details>
      <div className="mb-3 max-w-md">
        <label className="field-label" htmlFor="bouquet-search">
          Search code or description
        </label>
        <input
          id="bouquet-search"
          type="search"
          className="field-input"
          defaultValue={q}
          onKeyDown={(e) => {
            if (e.key === "Enter")
              setParams(
                e.currentTarget.value.trim()
                  ? { q: e.currentTarget.value.trim() }
                  : {},
                { replace: true },
              );
          }}
        />
      </div>
      {query.isPending ? (
        <Loading what="bouquets" />
      ) : query.isError ? (
        <Failed error={query.error} what="bouquets" />
      ) : query.data.bouquets.length === 0 ? (
        <Empty>
          No bouquets{q ? ` match “${q}”` : " yet: create the first one above"}.
        </Empty>
      ) : (
        <TableFrame caption="Bouquets">
          <thead className="border-b border-line bg-mist text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Picture</span>
              </th>
              <th scope="col" className="min-w-48 px-3 py-2">
                Bouquet
              </th>
              <th scope="col" className="px-3 py-2">
                Box
              </th>
              <th scope="col" className="px-3 py-2">
                Unit · pack
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Boxed
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Not boxed
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Ever ordered
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.bouquets.map((b) => (
              <BouquetRow key={b.productId} b={b} onChanged={refresh} />
            ))}
          </tbody>
        </TableFrame>
      )}
    </StaffPage>
  );
}

// ---- packages -----------------------------------------------------------------------------------

interface PackageForm extends Record<string, string | boolean> {
  type: string;
  category: string;
  size: string;
  description: string;
  price: string;
}
const EMPTY_PACKAGE: PackageForm = {
  type: "",
  category: "boxes",
  size: "",
  description: "",
  price: "",
};
const packageBody = (f: PackageForm) => ({
  category: f.category,
  size: f.size,
  description: f.description,
  price: num(f.price),
});

function PackageFormView({
  initial,
  isNew,
  submitLabel,
  onSubmit,
}: {
  initial: PackageForm;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (f: PackageForm) => Promise<void>;
}) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  const p = isNew ? "k" : "ke";
  const input = (
    k: keyof PackageForm & string,
    props: Record<string, unknown> = {},
  ) => (
    <TextInput prefix={p} k={k} f={f} setF={setF} errors={errors} {...props} />
  );
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(null);
    try {
      await onSubmit(f);
    } catch (err) {
      setErrors(formErrors(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <FormAlert errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isNew && (
          <Field
            id={`${p}-type`}
            label="Type (code)"
            error={errors?.fields.type}
            hint={`e.g. BX-M; the pail fee is ${PAIL_FEE_PACKAGE}`}
          >
            {input("type", { autoCapitalize: "characters" })}
          </Field>
        )}
        <Field
          id={`${p}-category`}
          label="Category"
          error={errors?.fields.category}
        >
          <select
            id={`${p}-category`}
            className="field-input"
            value={f.category}
            onChange={(e) => setF({ ...f, category: e.target.value })}
          >
            {PACKAGE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c === "boxes" ? "Box (boxes)" : "Pail fee (pails)"}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={`${p}-description`}
          label="Description"
          error={errors?.fields.description}
        >
          {input("description")}
        </Field>
        <Field id={`${p}-size`} label="Size" error={errors?.fields.size}>
          {input("size")}
        </Field>
        <Field id={`${p}-price`} label="Price ($)" error={errors?.fields.price}>
          {input("price", { inputMode: "decimal" })}
        </Field>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}

function PackageRow({
  k,
  onChanged,
}: {
  k: SupplyPackage;
  onChanged: () => void;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { problem, act } = useRowAction(onChanged);
  const url = `/api/Supply/Packages/${encodeURIComponent(k.type)}`;
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th
          scope="row"
          className="px-3 py-2 text-left font-mono text-xs font-normal"
        >
          {k.type}
        </th>
        <td className="px-3 py-2">{k.description}</td>
        <td className="px-3 py-2">
          {k.category === "pails" ? "Pail fee" : "Box"}
        </td>
        <td className="px-3 py-2">{k.size}</td>
        <td className="px-3 py-2 text-right tabular">{money(k.price)}</td>
        <td className="px-3 py-2 text-right tabular">{n(k.bouquets)}</td>
        <td className="px-3 py-2">
          {k.active ? (
            <Badge tone="good">In use</Badge>
          ) : (
            <Badge tone="muted">Retired</Badge>
          )}
        </td>
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-2">
            <EditDialog
              label="Edit"
              title={`Edit ${k.description} (${k.type})`}
              open={open}
              onOpenChange={setOpen}
            >
              <PackageFormView
                initial={{
                  type: k.type,
                  category: k.category,
                  size: k.size,
                  description: k.description,
                  price: k.price.toFixed(2),
                }}
                isNew={false}
                submitLabel="Save changes"
                onSubmit={async (f) => {
                  await api.put(url, packageBody(f), undefined, SupplyPackage);
                  setOpen(false);
                  toast("Saved.");
                  onChanged();
                }}
              />
            </EditDialog>
            {k.type !== PAIL_FEE_PACKAGE && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  aria-label={`${k.active ? "Retire" : "Bring back"} ${k.type}`}
                  onClick={() =>
                    act(
                      api.put(url, { active: !k.active }),
                      k.active
                        ? `${k.type} is retired.`
                        : `${k.type} is in use again.`,
                    )
                  }
                >
                  {k.active ? "Retire" : "Bring back"}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  aria-label={`Delete ${k.type}`}
                  onClick={() => act(api.del(url), `${k.type} was deleted.`)}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={8} className="px-3 pb-2">
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {problem}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}

export function PackagesScreen() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [formKey, setFormKey] = useState(0);
  const query = usePackages();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ["supply"] });
  return (
    <StaffPage
      title="Packages"
      intro={`Box types a bouquet ships in, and the ${PAIL_FEE_PACKAGE} pail fee an unboxed cart with pails pays. A package in use cannot be deleted: retire it instead.`}
    >
      <details
        className="mb-4 rounded-2xl border border-line bg-white p-4"
        open={params.has("new")}
      >
        <summary className="cursor-pointer font-serif text-xl text-leaf">
          New package
        </summary>
        <div className="mt-3">
          <PackageFormView
            key={formKey}
            initial={EMPTY_PACKAGE}
            isNew
            submitLabel="Create package"
            onSubmit={async (f) => {
              const k = await api.post(
                "/api/Supply/Packages",
                { type: f.type, ...packageBody(f) },
                undefined,
                undefined,
                SupplyPackage,
              );
              toast(`${k.description} (${k.type}) was created.`);
              setFormKey((x) => x + 1);
              refresh();
            }}
          />
        </div>
      </details>
      {query.isPending ? (
        <Loading what="packages" />
      ) : query.isError ? (
        <Failed error={query.error} what="packages" />
      ) : query.data.packages.length === 0 ? (
        <Empty>
          No packages yet: create the box types and the {PAIL_FEE_PACKAGE} pail
          fee above.
        </Empty>
      ) : (
        <TableFrame caption="Packages">
          <thead className="border-b border-line bg-mist text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                Type
              </th>
              <th scope="col" className="px-3 py-2">
                Description
              </th>
              <th scope="col" className="px-3 py-2">
                Kind
              </th>
              <th scope="col" className="px-3 py-2">
                Size
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Price
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Bouquets
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.packages.map((k) => (
              <PackageRow key={k.type} k={k} onChanged={refresh} />
            ))}
          </tbody>
        </TableFrame>
      )}
    </StaffPage>
  );
}

// ---- a mass-market catalog's bouquet lines --------------------------------------------------------

const LINE_COLUMNS = [
  "quantity",
  "pricePerBouquet",
  "pricePerBouquetNoBox",
] as const;
type LineColumn = (typeof LINE_COLUMNS)[number];
const LINE_LABEL: Record<LineColumn, string> = {
  quantity: "Quantity",
  pricePerBouquet: "Boxed ($)",
  pricePerBouquetNoBox: "Not boxed ($)",
};

/** Arrow up/down moves to the same column of the row above/below; Enter saves the row. */
function gridKeys(e: KeyboardEvent<HTMLInputElement>, save: () => void) {
  if (e.key === "Enter") {
    e.preventDefault();
    save();
    return;
  }
  if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
  const { row, col } = e.currentTarget.dataset;
  const next = document.querySelector<HTMLInputElement>(
    `input[data-mmrow="${Number(row) + (e.key === "ArrowUp" ? -1 : 1)}"][data-col="${col}"]`,
  );
  if (next) {
    e.preventDefault();
    next.focus();
    next.select();
  }
}

function MmLineRow({
  line,
  index,
  catalogId,
  onSaved,
}: {
  line: SupplyMmLine;
  index: number;
  catalogId: number;
  onSaved: () => void;
}) {
  const initial: Record<LineColumn, string> = {
    quantity: String(line.quantity),
    pricePerBouquet:
      line.pricePerBouquet === null ? "" : line.pricePerBouquet.toFixed(2),
    pricePerBouquetNoBox:
      line.pricePerBouquetNoBox === null
        ? ""
        : line.pricePerBouquetNoBox.toFixed(2),
  };
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = LINE_COLUMNS.some((c) => values[c] !== initial[c]);
  async function save() {
    if (!dirty || busy) return;
    setBusy(true);
    setProblem(null);
    const body: Record<string, unknown> = {};
    for (const c of LINE_COLUMNS)
      if (values[c] !== initial[c]) body[c] = num(values[c]);
    try {
      await api.put(
        `/api/Supply/Catalogs/${catalogId}/Bouquets/${encodeURIComponent(line.productId)}`,
        { ...body, ...(body.quantity !== undefined ? { mode: "set" } : {}) },
      );
      onSaved();
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  const list: Record<LineColumn, string> = {
    quantity: "",
    pricePerBouquet: line.listPricePerBouquet.toFixed(2),
    pricePerBouquetNoBox: line.listPricePerBouquetNoBox.toFixed(2),
  };
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="flex items-center gap-2">
            <img
              src={artUrl(line.imageName, line.colourHex)}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 object-contain"
              loading="lazy"
            />
            <span>
              <span className="block">{line.description}</span>
              <span className="block font-mono text-xs text-sage">
                {line.productId}
              </span>
              {!line.productActive && <Badge tone="muted">Retired</Badge>}
            </span>
          </span>
        </th>
        <td className="px-3 py-2 text-right tabular">{n(line.sold)}</td>
        <td className="px-3 py-2 text-right tabular">{n(line.held)}</td>
        <td className="px-3 py-2 text-right tabular font-semibold">
          {n(line.free)}
        </td>
        {LINE_COLUMNS.map((c) => (
          <td key={c} className="px-1 py-1">
            <input
              className="field-input !min-h-9 w-24 !px-2 !py-1 text-right tabular"
              inputMode={c === "quantity" ? "numeric" : "decimal"}
              aria-label={`${LINE_LABEL[c]}, ${line.description}${c === "quantity" ? "" : " (empty: the list price)"}`}
              placeholder={list[c]}
              data-mmrow={index}
              data-col={c}
              value={values[c]}
              onChange={(e) => setValues({ ...values, [c]: e.target.value })}
              onKeyDown={(e) => gridKeys(e, () => void save())}
            />
          </td>
        ))}
        <td className="px-2 py-1">
          <button
            type="button"
            className="btn btn-secondary !min-h-9 !py-1"
            disabled={!dirty || busy}
            onClick={() => void save()}
            aria-label={`Save ${line.description}`}
          >
            Save
          </button>
        </td>
      </tr>
      {problem && (
        <tr>
          <td colSpan={8} className="px-3 pb-2">
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {problem}
            </p>
          </td>
        </tr>
      )}
    </>
  );
}

function AddBouquetLine({
  catalogId,
  offered,
  onAdded,
}: {
  catalogId: number;
  offered: Set<string>;
  onAdded: () => void;
}) {
  const bouquets = useQuery({
    queryKey: ["supply", "bouquets", ""],
    queryFn: () =>
      api.get("/api/Supply/Bouquets", undefined, SupplyBouquetList),
  });
  const empty = {
    productId: "",
    quantity: "",
    pricePerBouquet: "",
    pricePerBouquetNoBox: "",
  };
  const [f, setF] = useState(empty);
  const [errors, setErrors] = useState<Errors>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors(null);
    try {
      await api.post(`/api/Supply/Catalogs/${catalogId}/Bouquets`, {
        productId: f.productId,
        quantity: num(f.quantity) ?? undefined,
        pricePerBouquet: num(f.pricePerBouquet),
        pricePerBouquetNoBox: num(f.pricePerBouquetNoBox),
      });
      setF(empty);
      onAdded();
    } catch (err) {
      setErrors(formErrors(err));
    }
  }
  const input = (
    k: "quantity" | "pricePerBouquet" | "pricePerBouquetNoBox",
    label: string,
    hint?: string,
  ) => (
    <Field id={`ml-${k}`} label={label} error={errors?.fields[k]} hint={hint}>
      <input
        id={`ml-${k}`}
        className="field-input"
        inputMode="decimal"
        value={f[k]}
        onChange={(e) => setF({ ...f, [k]: e.target.value })}
        aria-invalid={errors?.fields[k] ? true : undefined}
        aria-describedby={errors?.fields[k] ? `ml-${k}-error` : undefined}
      />
    </Field>
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-4 rounded-2xl border border-line bg-white p-4"
      noValidate
    >
      <h2 className="text-xl">Publish a bouquet</h2>
      <div className="mt-2">
        <FormAlert errors={errors} />
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          id="ml-productId"
          label="Bouquet"
          error={errors?.fields.productId}
        >
          <select
            id="ml-productId"
            className="field-input"
            value={f.productId}
            onChange={(e) => setF({ ...f, productId: e.target.value })}
          >
            <option value="">Choose a bouquet…</option>
            {(bouquets.data?.bouquets ?? [])
              .filter((b) => b.active && !offered.has(b.productId))
              .map((b) => (
                <option key={b.productId} value={b.productId}>
                  {b.description} ({b.productId})
                </option>
              ))}
          </select>
        </Field>
        {input("quantity", "Bouquets")}
        {input("pricePerBouquet", "Boxed price ($)", "Empty: the list price")}
        {input(
          "pricePerBouquetNoBox",
          "Not boxed price ($)",
          "Empty: the list price",
        )}
      </div>
      <button type="submit" className="btn btn-primary mt-3">
        Publish
      </button>
    </form>
  );
}

/** The bouquet lines of a mass-market catalog, with sold, held and free, edited in place. */
export function MmCatalogLines({ catalogId }: { catalogId: number }) {
  const queryClient = useQueryClient();
  const lines = useQuery({
    queryKey: ["supply", "mmlines", catalogId],
    queryFn: () =>
      api.get(
        `/api/Supply/Catalogs/${catalogId}/Bouquets`,
        undefined,
        SupplyMmLineList,
      ),
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ["supply"] });
  if (lines.isPending) return <Loading what="the bouquets" />;
  if (lines.isError) return <Failed error={lines.error} what="this catalog" />;
  const { catalog } = lines.data;
  return (
    <div className="mt-4">
      <p role="status" className="mb-2 text-sm text-sage">
        {catalog.title} (mass market): {n(lines.data.lines.length)} bouquets,
        order number {catalog.orderId}. Prices in dollars a bouquet; an empty
        price is the bouquet's list price.
      </p>
      {lines.data.lines.length === 0 ? (
        <Empty>No bouquets published in this catalog yet.</Empty>
      ) : (
        <TableFrame caption={`Bouquets of ${catalog.title}`}>
          <thead className="border-b border-line bg-mist text-left">
            <tr>
              <th scope="col" className="min-w-48 px-3 py-2">
                Bouquet
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Sold
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Held
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Free
              </th>
              {LINE_COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-1 py-2 text-right">
                  {LINE_LABEL[c]}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Save</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.data.lines.map((l, i) => (
              <MmLineRow
                key={`${l.productId}:${l.quantity}:${l.pricePerBouquet}:${l.pricePerBouquetNoBox}`}
                line={l}
                index={i}
                catalogId={catalogId}
                onSaved={refresh}
              />
            ))}
          </tbody>
        </TableFrame>
      )}
      <AddBouquetLine
        catalogId={catalogId}
        offered={new Set(lines.data.lines.map((l) => l.productId))}
        onAdded={refresh}
      />
    </div>
  );
}
