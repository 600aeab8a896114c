import { Link, useMatches } from "react-router";

export interface PageHandle {
  /** Header bar text (SPEC §2), e.g. 'Order History'. */
  header?: string;
  /** Where the header's back link goes; true = browser back. */
  back?: string | true;
  /** One module serving several routes: the handle of each route, by route id. */
  byRoute?: Record<string, PageHandle>;
}

/** The bar under the header with the deepest page's header text (SPEC §2) and its back link. */
export function PageHeaderBar() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((m) => {
      const h = m.handle as PageHandle | undefined;
      return h?.byRoute ? h.byRoute[m.id] : h;
    })
    .find((h) => h?.header);
  if (!handle?.header) return null;
  return (
    <div className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-[1800px] items-center gap-3 px-4 py-2 md:px-6">
        {handle.back &&
          (handle.back === true ? (
            <button type="button" className="text-leaf underline" onClick={() => window.history.back()}>
              ← Back
            </button>
          ) : (
            <Link to={handle.back}>← Back</Link>
          ))}
        <p className="font-serif text-lg">{handle.header}</p>
      </div>
    </div>
  );
}
