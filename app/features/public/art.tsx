import type { CSSProperties } from "react";
import { artSize, type ArtKey } from "./varieties.ts";

/** URL of one illustration as an SVG file (server/modules/public/art.ts draws it). */
export function artSrc(key: ArtKey, color?: string | null, accent?: string | null): string {
  const params = new URLSearchParams();
  const c = color?.replace(/^#/, "");
  const a = accent?.replace(/^#/, "");
  if (c && /^[0-9a-f]{6}$/i.test(c)) params.set("color", c.toUpperCase());
  if (a && /^[0-9a-f]{6}$/i.test(a)) params.set("accent", a.toUpperCase());
  const qs = params.toString();
  return `/api/Public/Art/${key}.svg${qs ? `?${qs}` : ""}`;
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
}

/**
 * One of our illustrations as an image. Width and height are always set, so the space is kept
 * before it loads (no layout shift), and pictures below the fold load when they come near.
 */
export function Art({ name, color, accent, alt = "", className, priority = false, style }: ArtProps) {
  const { width, height } = artSize(name);
  return (
    <img
      src={artSrc(name, color, accent)}
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
