import type { CSSProperties } from "react";
import { artSize, type ArtKey } from "./varieties.ts";

/** URL of one illustration as an SVG file (server/modules/public/art.ts draws it). */
export function artSrc(key: ArtKey, color?: string | null, accent?: string | null): string {
  const params = new URLSearchParams();
  const c = hexOf(color);
  const a = hexOf(accent);
  if (c) params.set("color", c);
  if (a) params.set("accent", a);
  const qs = params.toString();
  return `/api/Public/Art/${key}.svg${qs ? `?${qs}` : ""}`;
}

/** A colour as the picture URLs name it: six hex digits, upper case, no #; undefined when malformed. */
const hexOf = (color?: string | null) => /^#?([0-9a-f]{6})$/i.exec(color ?? "")?.[1]!.toUpperCase();

/** The most colours in one sheet (server/modules/public/art.ts MAX_SHEET_COLOURS). */
const SHEET_SIZE = 12;

/**
 * URL of one colour's copy in a sheet: the picture in every colour of `colors` in one file
 * (cut into sheets of SHEET_SIZE), the fragment showing `color`'s copy. All the copies on a page
 * then load as one or two files. Falls back to the single picture for a colour not in the list.
 */
export function artSheetSrc(key: ArtKey, colors: readonly string[], color: string): string {
  const all = [...new Set(colors.map(hexOf).filter((c): c is string => !!c))];
  const mine = hexOf(color);
  const at = mine ? all.indexOf(mine) : -1;
  if (at < 0) return artSrc(key, color);
  const start = at - (at % SHEET_SIZE);
  return `/api/Public/Art/${key}.svg?colors=${all.slice(start, start + SHEET_SIZE).join(",")}#c${mine}`;
}

interface ArtProps {
  name: ArtKey;
  color?: string | null;
  accent?: string | null;
  /** Empty (the default) marks the picture decorative. */
  alt?: string;
  className?: string;
  /**
   * true: the picture above the fold that is the page's largest content, loaded at once and first.
   * "low": a picture above the fold beside text that is the page's largest content: loaded at once,
   * but after the text's fonts, which it would otherwise slow on a slow connection.
   * false (the default): a picture below the fold, loaded when it comes near.
   */
  priority?: boolean | "low";
  style?: CSSProperties;
  /** Every colour the page shows this picture in: the picture then comes from a sheet (artSheetSrc). */
  sheet?: readonly string[];
}

/**
 * One of our illustrations as an image. Width and height are always set, so the space is kept
 * before it loads (no layout shift), and pictures below the fold load when they come near.
 */
export function Art({ name, color, accent, alt = "", className, priority = false, style, sheet }: ArtProps) {
  const { width, height } = artSize(name);
  return (
    <img
      src={sheet && color && !accent ? artSheetSrc(name, sheet, color) : artSrc(name, color, accent)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority === true ? "high" : priority === "low" ? "low" : undefined}
      decoding="async"
      className={className}
      style={style}
    />
  );
}

/** An illustration standing in the arch the public pages frame their flowers in, washed in a colour. */
export function ArchArt({ wash, className, artClassName, ...art }: Omit<ArtProps, "className" | "style"> & { wash: string | null | undefined; className: string; artClassName: string }) {
  return (
    <div className={`arch wash ${className}`} style={{ "--wash": wash } as CSSProperties}>
      <Art {...art} className={artClassName} />
    </div>
  );
}
