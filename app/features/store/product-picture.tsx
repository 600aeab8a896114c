import { memo } from "react";
import { artUrl } from "../../../art/art-url.ts";

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
      src={artUrl(image, colourHex)}
      alt={title ?? ""}
      className={className}
      loading="lazy"
      decoding="async"
      width={200}
      height={240}
    />
  );
});
