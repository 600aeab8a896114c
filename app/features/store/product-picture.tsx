import { memo } from "react";

const ART_KEYS = new Set(["lily", "gerbera", "mini-gerbera", "anthurium", "lisianthus", "snapdragon", "garden-rose", "bunch", "pail", "bouquet"]);

/** URL of a product's drawing in its own colour, served (and cached) as an SVG file by /api/Public/Art. */
export function productPictureUrl(image: string, colourHex?: string) {
  const key = ART_KEYS.has(image) ? image : "bunch";
  const hex = colourHex?.replace(/^#/, "");
  return `/api/Public/Art/${key}.svg${hex && /^[0-9a-fA-F]{6}$/.test(hex) ? `?color=${hex}` : ""}`;
}

/**
 * A product drawn in its own colour. An <img> rather than inline SVG: a catalogue page shows a
 * hundred of them, and as images they are decoded off the main thread, cached across pages and
 * loaded lazily, which keeps typing in the search box smooth. Decorative unless `title` is given.
 */
export const ProductPicture = memo(function ProductPicture({
  image,
  colourHex,
  className,
  title,
}: {
  image: string;
  colourHex?: string;
  className?: string;
  title?: string;
}) {
  return (
    <img
      src={productPictureUrl(image, colourHex)}
      alt={title ?? ""}
      className={className}
      loading="lazy"
      decoding="async"
      width={200}
      height={240}
    />
  );
});
