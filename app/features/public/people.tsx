/** Petal colours for portraits: each a light tint with ink initials (well above AA). */
const TINTS = ["#FBE3EA", "#FFE9CC", "#E3F0E6", "#ECE4F6", "#FFF3C4", "#F9DDD6", "#DDEBF3", "#F3E7DA"];
const PETALS = ["#E98FA6", "#F2A65A", "#7FB08F", "#9F86C8", "#E8BE3A", "#E58A78", "#7FA8C9", "#C9A27E"];

/**
 * A portrait without a photograph: the initials in a bloom of eight petals, in one of the
 * flower colours. Decorative; the name beside it says who it is.
 */
export function Initials({ initials, index, size = "lg" }: { initials: string; index: number; size?: "sm" | "lg" }) {
  const tint = TINTS[index % TINTS.length]!;
  const petal = PETALS[index % PETALS.length]!;
  const px = size === "lg" ? "h-28 w-28" : "h-16 w-16";
  return (
    <div aria-hidden="true" className={`relative grid ${px} shrink-0 place-items-center`}>
      <svg viewBox="0 0 100 100" className="absolute inset-0 h-full w-full" focusable="false">
        {Array.from({ length: 8 }, (_, i) => (
          <ellipse key={i} cx="50" cy="22" rx="13" ry="22" fill={petal} opacity="0.55" transform={`rotate(${i * 45} 50 50)`} />
        ))}
        <circle cx="50" cy="50" r="30" fill={tint} />
      </svg>
      <span className={`relative font-serif ${size === "lg" ? "text-2xl" : "text-base"} font-medium tracking-wide text-ink`}>{initials}</span>
    </div>
  );
}
