import { Link } from "react-router";
import type { InteractiveImage } from "../../../contract/store.ts";
import { illustrationFor } from "../../../art/index.ts";

/** Where a hotspot leads: the product in the store when it names one, else its own link. */
export function hotspotHref(h: InteractiveImage["hotspots"][number]): string {
  if (h.productId) return `/store?product=${encodeURIComponent(h.productId)}`;
  return h.href ?? "/store";
}

/**
 * SPEC §7 InteractiveImg: a scene with product hotspots. The drawing is decorative (its alt text is
 * read once); each hotspot is a real link over it, reachable by keyboard and named by its label.
 */
export function InteractiveScene({ image }: { image: InteractiveImage }) {
  const Scene = illustrationFor(image.scene || "greenhouse");
  return (
    <figure className="overflow-hidden rounded-2xl border border-line bg-white">
      <div className="relative aspect-[16/9] w-full">
        <Scene className="absolute inset-0 h-full w-full" />
        <p className="sr-only">{image.alt}</p>
        <ul aria-label="Flowers in the picture">
          {image.hotspots.map((h, i) => (
            <li key={`spot-${h.label}`} className="absolute" style={{ left: `${h.x}%`, top: `${h.y}%` }}>
              <Link
                to={hotspotHref(h)}
                className="group absolute grid h-8 w-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full border-2 border-white bg-leaf text-sm font-bold text-white no-underline shadow-lg ring-4 ring-leaf/25 hover:bg-petal focus-visible:bg-petal sm:h-10 sm:w-10"
              >
                <span aria-hidden="true">{i + 1}</span>
                <span className="sr-only">{h.label}</span>
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-full left-1/2 z-10 mt-1.5 -translate-x-1/2 rounded-md bg-ink px-2 py-0.5 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow group-hover:opacity-100 group-focus-visible:opacity-100"
                >
                  {h.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="border-t border-line px-4 py-3">
        <span className="mr-3 font-serif text-lg">{image.title}</span>
        <span className="text-sm text-sage">Choose a marker to see that flower in the store.</span>
        <ol aria-hidden="true" className="mt-1 flex flex-wrap gap-x-3 text-sm text-sage md:hidden">
          {image.hotspots.map((h, i) => (
            <li key={`list-${h.label}`}>
              {i + 1} {h.label}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
