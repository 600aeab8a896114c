// The frame of a back-office page (staff, supply, integrations): title, intro, actions; a back link;
// and the tiles of a hub page, each a link with a title and a line of text.
import type { ReactNode } from "react";
import { Link } from "react-router";

export function StaffPage({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl">{title}</h1>
          {intro && <p className="mt-1 text-sage">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm">
      ← {children}
    </Link>
  );
}

export interface Tile {
  to: string;
  title: string;
  text: string;
}

/** The tiles of a hub page (/Administration, /Supply): one link each, its title and what it is for. */
export function Tiles({ tiles }: { tiles: readonly Tile[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.map((t) => (
        <li key={t.to}>
          <Link to={t.to} className="block h-full rounded-2xl border border-line bg-white p-5 text-ink no-underline shadow-sm transition hover:border-leaf hover:shadow">
            <span className="font-serif text-xl text-leaf">{t.title}</span>
            <span className="mt-1 block text-sage">{t.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
