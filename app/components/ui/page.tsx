// The frame of a back-office page (staff, supply, integrations): title, intro, actions; and a back link.
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
