// How full a boxed order's shipping boxes are (issue 29): each product says how many of its bunches a
// box holds (bunchesPerBox), so a bunch fills 1/bunchesPerBox of a box and mixed products share boxes.
// Told in eighths, as a packer would say it: "2 full boxes and 3/8 of a third".

export interface BoxFill {
  /** Boxes filled to the top. */
  full: number;
  /** Eighths of the last, part-filled box (0 when every box is full). */
  eighths: number;
  /** "2 full boxes and 3/8 of a third", "3/8 of a box", "1 full box". */
  text: string;
  /** A nudge to fill the last box, when one is part-filled. */
  hint: string | null;
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];

/** "third"; "21st" past the twelfth. */
export function ordinal(n: number): string {
  if (n >= 1 && n <= ORDINALS.length) return ORDINALS[n - 1]!;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n.toLocaleString("en-US")}${suffix}`;
}

/** Eighths as the smallest fraction: 4 → "1/2", 6 → "3/4", 3 → "3/8". */
function fraction(eighths: number): string {
  let num = eighths;
  let den = 8;
  while (num % 2 === 0 && den > 1) {
    num /= 2;
    den /= 2;
  }
  return `${num}/${den}`;
}

/**
 * The box fill of the given lines (lines whose product has no box size are left out); null when no
 * line has one. Rounded to the nearest eighth; anything at all in a box counts as at least 1/8.
 */
export function boxFill(lines: readonly { quantity: number; bunchesPerBox: number | null }[]): BoxFill | null {
  let boxes = 0;
  let counted = false;
  for (const l of lines) {
    if (!l.bunchesPerBox || l.bunchesPerBox <= 0 || l.quantity <= 0) continue;
    boxes += l.quantity / l.bunchesPerBox;
    counted = true;
  }
  if (!counted) return null;
  const totalEighths = Math.max(1, Math.round(boxes * 8));
  const full = Math.floor(totalEighths / 8);
  const eighths = totalEighths % 8;
  const fullText = `${full.toLocaleString("en-US")} full ${full === 1 ? "box" : "boxes"}`;
  const text = eighths === 0 ? fullText : full === 0 ? `${fraction(eighths)} of a box` : `${fullText} and ${fraction(eighths)} of a ${ordinal(full + 1)}`;
  const hint = eighths === 0 ? null : `Your ${ordinal(full + 1)} box is only ${fraction(eighths)} full: add flowers to fill it at no extra box cost.`;
  return { full, eighths, text, hint };
}
