/** The grower's mark: a stylised bloom drawn in SVG. */
export function BrandMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#1e5a3c" />
      <g fill="#fbf8f3">
        <ellipse cx="32" cy="18" rx="7" ry="12" />
        <ellipse cx="32" cy="46" rx="7" ry="12" />
        <ellipse cx="18" cy="32" rx="12" ry="7" />
        <ellipse cx="46" cy="32" rx="12" ry="7" />
      </g>
      <circle cx="32" cy="32" r="7" fill="#f2c94c" />
    </svg>
  );
}
