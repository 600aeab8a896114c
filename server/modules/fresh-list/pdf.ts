// The fresh list as a PDF (issue 29 §2, docs/fresh-list.md): the same lines as the CSV, at the
// buyer's prices, drawn through the one layout every printed document uses (server/documents/pdf.ts),
// with the mail's sections: "New today", "Last chance", then everything available.
import { GREEN, MUTED, PdfLayout, type Column, type Grower } from "../../documents/pdf.ts";
import type { FreshLine, FreshList } from "./types.ts";

const COLUMNS: Column[] = [
  { header: "Product", width: 74 },
  { header: "Description", width: 138 },
  { header: "Colour / grade", width: 72 },
  { header: "Stems", width: 38, align: "right" },
  { header: "Available", width: 52, align: "right" },
  { header: "Price (bunch in a pail)", width: 80, align: "right" },
  { header: "Quantity prices", width: 78, align: "right" },
];

const row = (l: FreshLine): string[] => [
  l.productId,
  [l.description, l.special ? "Special" : "", l.isFinalProduct ? "Final cut" : ""].filter(Boolean).join(" · "),
  [l.colour, l.grade].filter(Boolean).join(" / "),
  String(l.stemsPerBunch),
  l.available.toLocaleString("en-US"),
  l.priceText,
  l.tiers || "–",
];

/** Room for a section's title, its note, the table header and a first row, kept together. */
const SECTION_START = 90;

function section(pdf: PdfLayout, title: string, lines: FreshLine[], note?: string) {
  if (lines.length === 0) return;
  pdf.ensure(SECTION_START);
  pdf.paragraph(title, { bold: true, size: 13, color: GREEN, gap: note ? 2 : 6 });
  if (note) pdf.paragraph(note, { size: 8.5, color: MUTED, gap: 6 });
  pdf.table(COLUMNS, lines.map(row), { size: 8.5 });
  pdf.y += 8;
}

export function freshListPdf(grower: Grower, list: FreshList): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Fresh list ${list.customerId} ${list.shipDate ?? ""}`.trim());
  pdf.letterhead("Fresh list", [
    ["Ship date", list.shipDateText],
    ["Products", list.lines.length.toLocaleString("en-US")],
    ["As of", `${list.asOfText} (New York)`],
  ]);
  pdf.parties([["Prices for", { customerId: list.customerId, companyName: list.companyName, address: [] }]]);
  pdf.paragraph("Your prices, with your discount, specials and quantity prices. Availability changes as others order.", { size: 9, color: MUTED, gap: 12 });
  if (list.lines.length === 0) pdf.paragraph("Nothing is on offer for this date yet.");
  section(pdf, "New today", list.lines.filter((l) => l.newToday), "Added since your last fresh list.");
  section(pdf, "Last chance", list.lines.filter((l) => l.lastChance), "Final cuts and lines with little left.");
  section(pdf, "Everything available", list.lines);
  return pdf.finish();
}
