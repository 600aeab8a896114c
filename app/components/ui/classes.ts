// Class lists shared by every screen (Tailwind utilities; the kit's .btn classes are in app.css): the quantity
// input and its buttons, small buttons, cards and the responsive table.

export const qtyInput =
  "h-10 w-14 rounded-md border-[1.5px] border-[#8a958e] bg-white px-2 text-right tabular text-ink aria-[invalid=true]:border-[#b42318]";

export const qtyButton =
  "h-10 min-w-[4.5rem] rounded-full bg-leaf px-3 text-sm font-semibold text-white hover:bg-leaf-dark disabled:cursor-not-allowed disabled:opacity-60";

export const qtyButtonUpdate =
  "h-10 min-w-[4.5rem] rounded-full border-[1.5px] border-leaf bg-white px-3 text-sm font-semibold text-leaf hover:bg-leaf-light disabled:cursor-not-allowed disabled:opacity-60";

export const smallButton =
  "inline-flex min-h-9 items-center justify-center gap-1.5 rounded-full border-[1.5px] border-leaf bg-white px-3 py-1 text-sm font-semibold text-leaf hover:bg-leaf-light disabled:cursor-not-allowed disabled:opacity-60";

export const card = "rounded-xl border border-line bg-white";

/** A table that becomes a stack of labelled cards below the md breakpoint (cells carry data-label). */
export const responsiveTable = {
  table: "w-full border-collapse text-sm max-md:block",
  thead: "max-md:sr-only",
  tbody: "max-md:block max-md:space-y-3",
  tr: "border-b border-line max-md:block max-md:rounded-xl max-md:border max-md:bg-white max-md:p-3",
  th: "px-3 py-2 text-left text-xs font-semibold tracking-wide text-sage uppercase",
  td: "px-3 py-2 align-middle max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:before:font-semibold max-md:before:text-sage max-md:before:content-[attr(data-label)]",
};
