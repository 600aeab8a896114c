/**
 * Shared drawing helpers for the illustration library: colour maths, path
 * geometry, a seeded random source (so server and client render identical
 * markup) and the accessible <svg> frame every picture uses.
 */
import { useId, type ReactNode } from "react";

export interface IllustrationProps {
  /** Main colour of the flower (any hex, "#rgb" or "#rrggbb"). */
  color?: string;
  /** Secondary colour: centre, spots, throat, spadix, sleeve or pail, depending on the picture. */
  accent?: string;
  className?: string;
  /** Accessible name. Without it the picture is decorative and hidden from assistive tech. */
  title?: string;
}

/** Brand palette (see /shared/design/BRAND.md). */
export const PALETTE = {
  ink: "#1F2A24",
  paper: "#FBF8F3",
  leaf: "#1E5A3C",
  petal: "#B3365F",
  sage: "#5C6B62",
  pollen: "#F2C94C",
} as const;

/** Foliage greens, all variations of the brand leaf colour. */
export const GREENS = {
  deep: "#143D29",
  leaf: "#1E5A3C",
  mid: "#3F7D57",
  soft: "#5E9472",
  light: "#8DB596",
  pale: "#CFE0CF",
} as const;

/* ------------------------------------------------------------------ colour */

type RGB = [number, number, number];

function parse(hex: string | undefined): RGB | null {
  if (!hex) return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (ch) => ch + ch);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: RGB): string {
  return (
    "#" +
    rgb
      .map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0"))
      .join("")
  );
}

function rgbToHsl([r, g, b]: RGB): RGB {
  r /= 255;
  g /= 255;
  b /= 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: RGB): RGB {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const f = (t: number) => {
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [f(h + 1 / 3) * 255, f(h) * 255, f(h - 1 / 3) * 255];
}

/** A valid "#rrggbb" for `c`, or `fallback` when `c` is missing or not a hex colour. */
export function hex(c: string | undefined, fallback: string): string {
  const rgb = parse(c);
  return rgb ? toHex(rgb) : fallback;
}

/** Linear mix of two hex colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const A = parse(a) ?? [128, 128, 128];
  const B = parse(b) ?? [128, 128, 128];
  return toHex([A[0] + (B[0] - A[0]) * t, A[1] + (B[1] - A[1]) * t, A[2] + (B[2] - A[2]) * t]);
}

/** Mix with white. */
export function tint(c: string, t: number): string {
  return mix(c, "#ffffff", t);
}

/**
 * Mix toward a deep version of the same hue (richer than mixing with black).
 * Near-neutral colours (white, cream, grey) shade toward a soft green-grey, the
 * way white petals look in the shade.
 */
export function shade(c: string, t: number): string {
  const rgb = parse(c) ?? [128, 128, 128];
  const [h, s, l] = rgbToHsl(rgb);
  const target = s < 0.14 || l > 0.93 ? hslToRgb([0.26, 0.16, 0.26]) : hslToRgb([h, Math.min(1, s * 1.05 + 0.12), Math.max(0.08, l * 0.28)]);
  return mix(c, toHex(target), t);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(c: string): number {
  const rgb = parse(c) ?? [128, 128, 128];
  const lin = rgb.map((v) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/** The drawn line for a washed shape: a deep shade of its colour, pulled toward ink. */
export function line(c: string, t = 0.55): string {
  return mix(shade(c, t), PALETTE.ink, 0.3);
}

/* ---------------------------------------------------------------- geometry */

export type Pt = [number, number];

/** Round for compact markup. */
export function n(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Rotate a point about the origin by `deg` degrees, the way SVG's rotate() does. */
export function rot(p: Pt, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
}

/** Many small ellipses as one compact path (for spots, pollen, disk florets). */
export function spots(list: { x: number; y: number; rx: number; ry?: number }[]): string {
  return list
    .map(({ x, y, rx, ry = rx }) => `M${n(x - rx)},${n(y)}a${n(rx)},${n(ry)} 0 1,0 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1,0 ${n(-2 * rx)},0`)
    .join("");
}

export function pt(p: Pt): string {
  return `${n(p[0])},${n(p[1])}`;
}

/** Point at `r` from (cx, cy) at `deg` degrees, 0 = up, clockwise. */
export function polar(cx: number, cy: number, r: number, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.sin(a), cy - r * Math.cos(a)];
}

/** Cubic segments (Catmull-Rom) from pts[0] through every point; the pen must already be at pts[0]. */
export function through(pts: Pt[], tension = 1): string {
  let d = "";
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i];
    const p1 = pts[i];
    const p2 = pts[i + 1];
    const p3 = pts[i + 2] ?? p2;
    const c1: Pt = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2: Pt = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}

/** A smooth open curve through the points. */
export function curve(pts: Pt[], tension = 1): string {
  return `M${pt(pts[0])}${through(pts, tension)}`;
}

/** A smooth closed shape through the points. */
export function blob(pts: Pt[], tension = 1): string {
  const m = pts.length;
  let d = `M${pt(pts[0])}`;
  for (let i = 0; i < m; i++) {
    const p0 = pts[(i - 1 + m) % m];
    const p1 = pts[i];
    const p2 = pts[(i + 1) % m];
    const p3 = pts[(i + 2) % m];
    const c1: Pt = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2: Pt = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d + "Z";
}

/** Seeded pseudo-random numbers in [0, 1) (mulberry32): same picture on server and client. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Blade {
  /** Whole outline. */
  full: string;
  /** Left half (outline + midrib), for two-tone washes. */
  left: string;
  /** Right half. */
  right: string;
  /** Midrib. */
  mid: string;
  /** Point on the midrib at fraction t (0 base, 1 tip). */
  at: (t: number) => Pt;
  /** Point on the left (side = -1) or right (side = 1) edge at fraction t. */
  edge: (t: number, side: -1 | 1) => Pt;
}

/**
 * An elongated organ (leaf, tepal, ray, bud) with its base at (0, 0) pointing
 * up (-y). `half(t)` gives the half-width at fraction t (0 base, 1 tip), `bend`
 * swings the tip sideways as a fraction of the length.
 */
export function blade(len: number, half: (t: number, side: -1 | 1) => number, bend = 0, steps = 14, straight = false): Blade {
  const at = (t: number): Pt => [bend * len * t * t, -len * t];
  const normal = (t: number): Pt => {
    const dx = 2 * bend * len * t;
    const dy = -len;
    const l = Math.hypot(dx, dy);
    return [-dy / l, dx / l];
  };
  const edge = (t: number, side: -1 | 1): Pt => {
    const m = at(t);
    const nn = normal(t);
    const h = half(t, side) * side;
    return [m[0] + nn[0] * h, m[1] + nn[1] * h];
  };
  const ts = Array.from({ length: steps + 1 }, (_, i) => i / steps);
  const leftPts = ts.map((t) => edge(t, -1));
  const rightPts = ts.map((t) => edge(t, 1)).reverse();
  const midPts = ts.map(at);
  const edgeTo = (pts: Pt[]) => (straight ? pts.slice(1).map((p) => `L${pt(p)}`).join("") : through(pts));
  const full = `M${pt(leftPts[0])}${edgeTo(leftPts)}${edgeTo(rightPts)}Z`;
  const left = `M${pt(leftPts[0])}${edgeTo(leftPts)}${through([midPts[steps], midPts[Math.round(steps / 2)], midPts[0]])}Z`;
  const right = `M${pt(midPts[0])}${through([midPts[0], midPts[Math.round(steps / 2)], midPts[steps]])}${edgeTo(rightPts)}Z`;
  const mid = curve(midPts.slice(0, steps));
  return { full, left, right, mid, at, edge };
}

/** Lanceolate half-width profile: narrow base, widest at about a third, pointed tip. */
export function lanceolate(width: number, widest = 0.35, blunt = 0): (t: number) => number {
  const k = Math.log(0.5) / Math.log(widest);
  return (t: number) => (width / 2) * Math.pow(Math.sin(Math.PI * Math.pow(t, k)), 0.85 - blunt * 0.5) * (t >= 1 ? 0 : 1);
}

/* --------------------------------------------------------------- svg frame */

/** useId, made safe for use inside url(#...) references. */
export function useSvgId(): string {
  return "i" + useId().replace(/[^A-Za-z0-9_-]/g, "_");
}

export function Frame({
  uid,
  title,
  className,
  viewBox,
  children,
}: {
  uid: string;
  title?: string;
  className?: string;
  viewBox: string;
  children: ReactNode;
}) {
  const titleId = `${uid}-title`;
  return title ? (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={viewBox} className={className} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{title}</title>
      {children}
    </svg>
  ) : (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={viewBox} className={className} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/* ----------------------------------------------------------------- foliage */

/** A stem drawn as a soft green tube. */
export function Stem({ d, w = 3, tone = GREENS.mid }: { d: string; w?: number; tone?: string }) {
  return (
    <g fill="none" strokeLinecap="round">
      <path d={d} stroke={GREENS.deep} strokeWidth={w + 1.1} strokeOpacity={0.85} />
      <path d={d} stroke={tone} strokeWidth={w} />
      <path d={d} stroke={GREENS.light} strokeWidth={Math.max(0.5, w * 0.28)} strokeOpacity={0.55} transform="translate(-0.5 0)" />
    </g>
  );
}

/** A lance-shaped leaf, two-tone along the midrib, with its base at (x, y). */
export function Leaf({
  x,
  y,
  rot,
  len,
  wid,
  bend = 0,
  widest = 0.35,
  light = GREENS.soft,
  dark = GREENS.leaf,
  veins = 0,
  teeth = 0,
}: {
  x: number;
  y: number;
  rot: number;
  len: number;
  wid: number;
  bend?: number;
  widest?: number;
  light?: string;
  dark?: string;
  veins?: number;
  /** Serrations per edge (rose leaflets). */
  teeth?: number;
}) {
  const shape = lanceolate(wid, widest);
  const b = teeth ? blade(len, (t) => shape(t) * (1 - 0.1 * ((t * teeth) % 1)), bend, teeth * 2, true) : blade(len, shape, bend, 10);
  const vs = Array.from({ length: veins }, (_, i) => {
    const t = 0.15 + (i * 0.7) / Math.max(1, veins);
    return [b.at(t), b.edge(Math.min(1, t + 0.16), -1), b.edge(Math.min(1, t + 0.16), 1)] as const;
  });
  return (
    <g transform={`translate(${n(x)} ${n(y)}) rotate(${n(rot)})`}>
      <path d={b.left} fill={light} stroke={GREENS.deep} strokeWidth={0.7} strokeOpacity={0.7} strokeLinejoin="round" />
      <path d={b.right} fill={dark} stroke={GREENS.deep} strokeWidth={0.7} strokeOpacity={0.7} strokeLinejoin="round" />
      <path d={b.mid} fill="none" stroke={GREENS.pale} strokeWidth={0.7} strokeOpacity={0.7} />
      {vs.map(([m, l, r], i) => (
        <path
          key={i}
          d={`M${pt(l)}Q${pt([(l[0] + m[0]) / 2, m[1]])} ${pt(m)}Q${pt([(r[0] + m[0]) / 2, m[1]])} ${pt(r)}`}
          fill="none"
          stroke={GREENS.pale}
          strokeWidth={0.45}
          strokeOpacity={0.45}
        />
      ))}
    </g>
  );
}
