/**
 * Drawing parts shared by the flower portraits and the scenes. These are plain
 * (hook-free) components drawn around (0, 0); callers position them with a
 * transform and pass a unique `id` prefix for their gradients and shapes.
 */
import {
  GREENS,
  Leaf,
  PALETTE,
  type Pt,
  Stem,
  blade,
  curve,
  lanceolate,
  line,
  luminance,
  mix,
  n,
  polar,
  pt,
  rng,
  rot,
  shade,
  spots,
  through,
  tint,
} from "./shared.tsx";

/* ------------------------------------------------------------------- lily */

/**
 * Oriental lily seen nearly face-on: three narrow outer tepals behind three
 * broad, wavy inner ones, recurved at the tip, spotted toward the throat, with
 * six stamens and the pistil standing out of the green nectary.
 */
export function LilyHead({
  id,
  color,
  spotColor,
  r = 70,
  seed = 7,
  detail = 1,
}: {
  id: string;
  color: string;
  spotColor: string;
  r?: number;
  seed?: number;
  detail?: number;
}) {
  const rand = rng(seed);
  const white = luminance(color) > 0.75;
  const throat = mix(color, "#A9BE5A", white ? 0.6 : 0.45);
  const band = white ? "#E8E6A6" : shade(color, 0.25);
  const stroke = line(color, white ? 0.45 : 0.55);
  const s = r / 70;
  const base = -10 + rand() * 6;
  const tepals: { rot: number; len: number; wid: number; inner: boolean }[] = [];
  for (let i = 0; i < 3; i++) tepals.push({ rot: base + 60 + i * 120 + (rand() - 0.5) * 12, len: r * (0.93 + rand() * 0.07), wid: r * 0.34, inner: false });
  for (let i = 0; i < 3; i++) tepals.push({ rot: base + i * 120 + (rand() - 0.5) * 12, len: r * (0.96 + rand() * 0.05), wid: r * 0.47, inner: true });

  const shapes = tepals.map((tp) => {
    const k = Math.log(0.5) / Math.log(tp.inner ? 0.42 : 0.38);
    const ph = rand() * 6;
    const waves = tp.inner ? 5 + Math.floor(rand() * 3) : 3;
    const wave = tp.inner ? 0.07 : 0.03;
    const half = (t: number, side: -1 | 1) =>
      (tp.wid / 2) * Math.pow(Math.max(0, Math.sin(Math.PI * Math.pow(t, k))), 0.8) * (1 + wave * Math.sin(t * waves * Math.PI + ph + (side > 0 ? 1.7 : 0)) * t * 2);
    const bend = (rand() - 0.5) * 0.14;
    const b = blade(tp.len, half, bend, 14);
    const bandB = blade(tp.len * 0.78, (t) => half(t, 1) * 0.3, bend * 0.6, 8);
    // the recurved tip turns back, showing a fold line and its shaded underside
    const f0 = 0.8;
    const tipPts: Pt[] = [];
    for (let j = 0; j <= 4; j++) tipPts.push(b.edge(f0 + ((1 - f0) * j) / 4, -1));
    for (let j = 3; j >= 0; j--) tipPts.push(b.edge(f0 + ((1 - f0) * j) / 4, 1));
    const foldCtrl = b.at(f0 + 0.09);
    const tip = `M${pt(tipPts[0])}${through(tipPts)}Q${pt(foldCtrl)} ${pt(tipPts[0])}Z`;
    const fold = `M${pt(tipPts[0])}Q${pt(foldCtrl)} ${pt(tipPts[tipPts.length - 1])}`;
    const dots =
      detail > 0
        ? spots(
            Array.from({ length: tp.inner ? (white ? 10 : 16) : white ? 4 : 7 }, () => {
              const t = 0.1 + Math.pow(rand(), 1.4) * 0.48;
              const side = rand() < 0.5 ? -1 : 1;
              const off = rand() * 0.7;
              const e = b.edge(t, side);
              const m = b.at(t);
              const big = white ? 0.6 : 1;
              return { x: m[0] + (e[0] - m[0]) * off, y: m[1] + (e[1] - m[1]) * off, rx: (0.6 + rand() * 1) * s * big, ry: (0.9 + rand() * 1.3) * s * big };
            }),
          )
        : "";
    return { ...tp, b, band: bandB.full, tip, fold, dots };
  });

  return (
    <g>
      <defs>
        <linearGradient id={`${id}-tp`} gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2={n(-r)}>
          <stop offset="0" stopColor={throat} />
          <stop offset="0.16" stopColor={white ? mix(throat, color, 0.7) : shade(color, 0.18)} />
          <stop offset="0.45" stopColor={color} />
          <stop offset="0.85" stopColor={tint(color, 0.25)} />
          <stop offset="1" stopColor={tint(color, 0.4)} />
        </linearGradient>
        <linearGradient id={`${id}-sd`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.4" />
          <stop offset="0.45" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="0.55" stopColor={shade(color, 0.6)} stopOpacity="0" />
          <stop offset="1" stopColor={shade(color, 0.6)} stopOpacity={white ? 0.16 : 0.22} />
        </linearGradient>
        <radialGradient id={`${id}-th`} cx="0" cy="0" r={n(r * 0.2)} gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6F8A2E" />
          <stop offset="1" stopColor={throat} stopOpacity="0" />
        </radialGradient>
        {shapes.map((sh, i) => (
          <path key={i} id={`${id}-t${i}`} d={sh.b.full} />
        ))}
      </defs>
      {shapes.map((sh, i) => (
        <g key={i} transform={`rotate(${n(sh.rot)})`}>
          <use href={`#${id}-t${i}`} fill={shade(color, 0.6)} opacity={0.14} transform={`translate(${n(1.5 * s)} ${n(2 * s)})`} />
          <use href={`#${id}-t${i}`} fill={`url(#${id}-tp)`} />
          <path d={sh.band} fill={band} opacity={white ? 0.7 : 0.45} />
          <use href={`#${id}-t${i}`} fill={`url(#${id}-sd)`} />
          <path d={sh.tip} fill={shade(color, 0.35)} opacity={0.2} />
          <path d={sh.fold} fill="none" stroke={tint(color, 0.7)} strokeWidth={n(1.1 * s)} />
          <path d={sh.b.mid} fill="none" stroke={white ? "#C9CF8A" : shade(color, 0.35)} strokeWidth={n(0.9 * s)} strokeOpacity={0.7} />
          {sh.dots ? <path d={sh.dots} fill={spotColor} opacity={0.85} /> : null}
          <use href={`#${id}-t${i}`} fill="none" stroke={stroke} strokeWidth={n(0.8 * s)} strokeOpacity={0.75} strokeLinejoin="round" />
        </g>
      ))}
      <circle r={n(r * 0.2)} fill={`url(#${id}-th)`} opacity={0.8} />
      {Array.from({ length: 6 }, (_, i) => {
        const a = base + 25 + i * 60 + (rand() - 0.5) * 18;
        const len = r * (0.52 + rand() * 0.12);
        const tip = polar(0, 0, len, a);
        const mid = polar(0, 0, len * 0.55, a - 8);
        const ar = n(a + 90 + (rand() - 0.5) * 40);
        const fil = `M0,0Q${pt(mid)} ${pt(tip)}`;
        return (
          <g key={`s${i}`}>
            <path d={fil} fill="none" stroke="#B9C78A" strokeWidth={n(1.4 * s)} strokeLinecap="round" />
            <path d={fil} fill="none" stroke="#EEF2D2" strokeWidth={n(0.5 * s)} strokeLinecap="round" />
            <g transform={`translate(${pt(tip)}) rotate(${ar})`}>
              <ellipse rx={n(2.1 * s)} ry={n(6.4 * s)} fill="#8E3F1A" stroke="#5C2610" strokeWidth={n(0.4 * s)} />
              <ellipse cx={n(-0.6 * s)} rx={n(0.8 * s)} ry={n(4 * s)} fill="#C8702E" opacity={0.8} />
            </g>
          </g>
        );
      })}
      {(() => {
        const a = base + 150;
        const tip = polar(0, 0, r * 0.64, a);
        const mid = polar(0, 0, r * 0.35, a + 10);
        const d = `M0,0Q${pt(mid)} ${pt(tip)}`;
        return (
          <g>
            <path d={d} fill="none" stroke="#9DB06A" strokeWidth={n(2.6 * s)} strokeLinecap="round" />
            <path d={d} fill="none" stroke="#DDE6B8" strokeWidth={n(0.8 * s)} strokeLinecap="round" />
            <circle cx={n(tip[0])} cy={n(tip[1])} r={n(3.8 * s)} fill="#6B7A33" />
            <circle cx={n(tip[0] - 1 * s)} cy={n(tip[1] - 1 * s)} r={n(1.2 * s)} fill="#A7B767" />
          </g>
        );
      })()}
    </g>
  );
}

/** Closed lily bud: club-shaped, green at the base blushing to the flower colour, with seams. */
export function LilyBud({ id, color, len = 56 }: { id: string; color: string; len?: number }) {
  const half = lanceolate(len * 0.3, 0.68);
  const b = blade(len, (t) => half(t) * (t > 0.9 ? 0.85 : 1), 0.04, 12);
  const seam = curve(
    Array.from({ length: 7 }, (_, i) => {
      const t = 0.1 + (i / 6) * 0.88;
      const e = b.edge(t, 1);
      const m = b.at(t);
      return [m[0] + (e[0] - m[0]) * 0.45, m[1] + (e[1] - m[1]) * 0.45] as Pt;
    }),
  );
  const blush = luminance(color) > 0.75 ? mix(color, "#E4EBC4", 0.5) : mix(tint(color, 0.2), GREENS.light, 0.25);
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-bud`} gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2={n(-len)}>
          <stop offset="0" stopColor={GREENS.mid} />
          <stop offset="0.45" stopColor={mix(GREENS.light, blush, 0.3)} />
          <stop offset="1" stopColor={blush} />
        </linearGradient>
      </defs>
      <path d={b.full} fill={`url(#${id}-bud)`} stroke={GREENS.deep} strokeWidth={0.8} strokeOpacity={0.7} />
      <path d={b.right} fill={GREENS.leaf} opacity={0.16} />
      <path d={seam} fill="none" stroke={GREENS.deep} strokeWidth={0.6} strokeOpacity={0.45} />
      <path d={b.mid} fill="none" stroke="#FFFFFF" strokeWidth={0.8} strokeOpacity={0.55} />
    </g>
  );
}

/* ---------------------------------------------------------------- gerbera */

function rayPath(len: number, wid: number, r0: number, deg: number): string {
  const T = (x: number, y: number) => pt(rot([x, y], deg));
  const d = len - r0;
  return (
    `M${T(-wid * 0.22, -r0)}` +
    `C${T(-wid * 0.5, -(r0 + d * 0.3))} ${T(-wid * 0.54, -(len - wid * 0.7))} ${T(-wid * 0.47, -(len - wid * 0.14))}` +
    `Q${T(-wid * 0.36, -(len + wid * 0.03))} ${T(-wid * 0.16, -(len - wid * 0.07))}` +
    `Q${T(0, -(len + wid * 0.05))} ${T(wid * 0.16, -(len - wid * 0.07))}` +
    `Q${T(wid * 0.36, -(len + wid * 0.03))} ${T(wid * 0.47, -(len - wid * 0.14))}` +
    `C${T(wid * 0.54, -(len - wid * 0.7))} ${T(wid * 0.5, -(r0 + d * 0.3))} ${T(wid * 0.22, -r0)}Z`
  );
}

/** Gerbera head face-on: two rows of toothed ray florets, a ring of short trans florets and the disk. */
export function GerberaHead({
  id,
  color,
  centre,
  r = 70,
  rays = 26,
  disk = 0.27,
  seed = 3,
  detail = 1,
}: {
  id: string;
  color: string;
  centre: string;
  r?: number;
  rays?: number;
  disk?: number;
  seed?: number;
  detail?: number;
}) {
  const rand = rng(seed);
  const rd = r * disk;
  const r0 = rd * 0.85;
  const w = ((2 * Math.PI * (r * 0.6)) / rays) * 1.3;
  const stroke = line(color, 0.55);
  const dark = luminance(centre) < 0.12;
  const s = r / 70;
  // one ray shape per row, placed round the disk with <use> (light markup)
  const backRay = rayPath(r * 0.98, w, r0, 0);
  const frontRay = rayPath(r * 0.9, w, r0, 0);
  const place = (a: number, k: number, wk: number) => `rotate(${n(a)}) scale(${n(wk)} ${n(k)})`;
  const back: string[] = [];
  const backDark: string[] = [];
  const front: string[] = [];
  const frontDark: string[] = [];
  for (let i = 0; i < rays; i++) {
    const t = place((i + 0.5) * (360 / rays) + (rand() - 0.5) * 4, 0.98 + rand() * 0.03, 0.92 + rand() * 0.16);
    back.push(t);
    if (rand() < 0.4) backDark.push(t);
  }
  for (let i = 0; i < rays; i++) {
    const t = place(i * (360 / rays) + (rand() - 0.5) * 5, 0.95 + rand() * 0.09, 0.9 + rand() * 0.16);
    front.push(t);
    if (rand() < 0.3) frontDark.push(t);
  }
  const grooves =
    detail > 0
      ? `M${n(-w * 0.12)},${n(-r0 - 2 * s)}L${n(-w * 0.1)},${n(-r * 0.78)}M${n(w * 0.12)},${n(-r0 - 2 * s)}L${n(w * 0.1)},${n(-r * 0.78)}`
      : "";
  const shine = `M0,${n(-r0 - 2 * s)}L0,${n(-r * 0.64)}`;
  const trans = Math.round(rays * (detail > 0 ? 1.6 : 1.1));
  let transD = "";
  for (let i = 0; i < trans; i++) {
    const a = (i * 360) / trans + (rand() - 0.5) * 6;
    const l1 = rd * (1.38 + rand() * 0.14);
    const tw = ((2 * Math.PI * rd * 1.2) / trans) * 1.5;
    const T = (x: number, y: number) => pt(rot([x, y], a));
    transD += `M${T(-tw * 0.3, -rd * 0.8)}Q${T(-tw * 0.6, -l1 * 0.9)} ${T(0, -l1)}Q${T(tw * 0.6, -l1 * 0.9)} ${T(tw * 0.3, -rd * 0.8)}Z`;
  }
  const pollen: { x: number; y: number; rx: number }[] = [];
  const florets: { x: number; y: number; rx: number }[] = [];
  if (detail > 0) {
    for (let i = 0; i < 64; i++) {
      const rr = rd * 0.92 * Math.sqrt((i + 0.5) / 64);
      const p = polar(0, 0, rr, i * 137.508);
      const edge = rr > rd * 0.66;
      (edge ? pollen : florets).push({ x: p[0], y: p[1], rx: (edge ? 1.15 : 0.75) * s * (0.8 + rand() * 0.4) });
    }
  } else {
    for (let i = 0; i < 14; i++) {
      const p = polar(0, 0, rd * 0.8, (i * 360) / 14);
      pollen.push({ x: p[0], y: p[1], rx: 0.9 * s });
    }
  }
  return (
    <g>
      <defs>
        <radialGradient id={`${id}-ray`} cx="0" cy="0" r={n(r)} gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={shade(color, 0.4)} />
          <stop offset={n(disk * 1.1)} stopColor={shade(color, 0.22)} />
          <stop offset="0.55" stopColor={color} />
          <stop offset="0.9" stopColor={tint(color, 0.12)} />
          <stop offset="1" stopColor={tint(color, 0.22)} />
        </radialGradient>
        <path id={`${id}-br`} d={backRay} />
        <path id={`${id}-fp`} d={frontRay} />
        <g id={`${id}-fr`}>
          <use href={`#${id}-fp`} />
          {grooves ? <path d={grooves} fill="none" stroke={shade(color, 0.35)} strokeWidth={n(0.45 * s)} strokeOpacity={0.35} /> : null}
          {detail > 0 ? <path d={shine} fill="none" stroke={tint(color, 0.5)} strokeWidth={n(0.6 * s)} strokeOpacity={0.45} /> : null}
        </g>
        {(
          [
            ["B", "br", back],
            ["BD", "br", backDark],
            ["F", "fr", front],
            ["FD", "fp", frontDark],
          ] as const
        ).map(([key, ref, list]) => (
          <g key={key} id={`${id}-${key}`}>
            {list.map((t, i) => (
              <use key={i} href={`#${id}-${ref}`} transform={t} />
            ))}
          </g>
        ))}
        <radialGradient id={`${id}-disk`} cx="0" cy="0" r={n(rd)} gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={dark ? mix(centre, "#000000", 0.3) : tint(centre, 0.15)} />
          <stop offset="0.55" stopColor={centre} />
          <stop offset="1" stopColor={dark ? mix(centre, "#5A3A1A", 0.4) : shade(centre, 0.25)} />
        </radialGradient>
      </defs>
      <use href={`#${id}-B`} fill={`url(#${id}-ray)`} />
      <use href={`#${id}-B`} fill={shade(color, 0.5)} fillOpacity={0.16} stroke={stroke} strokeWidth={n(0.5 * s)} strokeOpacity={0.5} />
      <use href={`#${id}-BD`} fill={shade(color, 0.5)} opacity={0.1} />
      <use href={`#${id}-F`} fill={`url(#${id}-ray)`} stroke={stroke} strokeWidth={n(0.55 * s)} strokeOpacity={0.55} />
      <use href={`#${id}-FD`} fill={shade(color, 0.4)} opacity={0.09} />
      <path d={transD} fill={mix(tint(color, 0.15), PALETTE.pollen, 0.2)} stroke={stroke} strokeWidth={n(0.35 * s)} strokeOpacity={0.5} />
      <circle r={n(rd)} fill={`url(#${id}-disk)`} stroke={shade(centre, 0.4)} strokeWidth={n(0.6 * s)} />
      {florets.length ? <path d={spots(florets)} fill={dark ? mix(centre, "#7A5A2A", 0.5) : tint(centre, 0.35)} opacity={0.7} /> : null}
      <path d={spots(pollen)} fill={PALETTE.pollen} opacity={0.95} />
    </g>
  );
}

/* ------------------------------------------------------------------- rose */

/**
 * Cupped garden rose in three-quarter view: reflexed guard petals around a
 * bowl, back petals rising behind, a packed rosette of petals inside (each
 * ring shaded from its lit lip into the shadow of the next) and a button eye.
 * `sq` is how far we look down into the cup (1 = from straight above).
 */
export function RoseHead({
  id,
  color,
  heart,
  r = 50,
  seed = 11,
  rings = 6,
  sepals = true,
  sq = 0.6,
}: {
  id: string;
  color: string;
  heart?: string;
  r?: number;
  seed?: number;
  rings?: number;
  sepals?: boolean;
  sq?: number;
}) {
  const rand = rng(seed);
  const s = r / 50;
  const deep = heart ?? shade(color, 0.32);
  const stroke = line(color, 0.5);
  const P = (deg: number, rad: number, cx = 0, cy = 0): Pt => {
    const a = (deg * Math.PI) / 180;
    return [cx + rad * Math.sin(a), cy - rad * Math.cos(a) * sq];
  };
  const body = sq + 0.45;
  const ringData = Array.from({ length: rings }, (_, k) => {
    const f = k / Math.max(1, rings - 1);
    const R = r * 0.95 * (1 - k / (rings + 0.45));
    const cx = (rand() - 0.5) * r * 0.05 * f;
    const cy = -k * r * 0.022 * (1 - sq) * 2;
    const m = k < 2 ? 5 : k < rings - 2 ? 6 : 7;
    const start = rand() * 360;
    let d = "";
    for (let j = 0; j < m; j++) {
      const span = (360 / m) * (1.2 + rand() * 0.35);
      const a1 = start + j * (360 / m) + (rand() - 0.5) * 14;
      const a2 = a1 + span;
      const am = (a1 + a2) / 2 + (rand() - 0.5) * 8;
      const Rj = R * (0.93 + rand() * 0.12);
      const lip: Pt[] = [P(a1, Rj * 0.76, cx, cy), P(a1 + span * 0.2, Rj * 0.95, cx, cy), P(am, Rj, cx, cy), P(a2 - span * 0.2, Rj * 0.95, cx, cy), P(a2, Rj * 0.76, cx, cy)];
      d += `M${pt(lip[0])}${through(lip)}Q${pt(P(am, Rj * 0.4, cx, cy))} ${pt(lip[0])}Z`;
    }
    const fill = mix(tint(color, 0.3), deep, Math.pow(f, 1.2) * 0.9);
    return { d, fill, R, cx, cy };
  });
  const backPetals = [-80, -42, -4, 34, 72].map((a0, i) => {
    const a1 = a0 - 26 - rand() * 6;
    const a2 = a0 + 26 + rand() * 6;
    const rise = r * (0.07 + rand() * 0.05);
    const top: Pt[] = [P(a1, r * 0.98), P(a1 + 12, r * 1.04, 0, -rise * 0.8), P(a0, r * 1.05, 0, -rise), P(a2 - 12, r * 1.04, 0, -rise * 0.8), P(a2, r * 0.98)];
    return { d: `M${pt(top[0])}${through(top)}L0,0Z`, lip: curve(top.slice(1, 4)), key: i };
  });
  const guard = (a1: number, a2: number, bx: number, drop: number) => {
    const lip: Pt[] = [];
    for (let i = 0; i <= 6; i++) {
      const a = a1 + ((a2 - a1) * i) / 6;
      const bump = Math.sin((Math.PI * i) / 6);
      lip.push(P(a, r * (1.0 + 0.05 * bump), r * (0.03 + drop) * bump));
    }
    const b: Pt = [bx * r, r * body];
    const c1: Pt = [lip[6][0] * 0.96 + b[0] * 0.04, lip[6][1] + (b[1] - lip[6][1]) * 0.8];
    const c2: Pt = [lip[0][0] * 0.96 + b[0] * 0.04, lip[0][1] + (b[1] - lip[0][1]) * 0.8];
    return {
      d: `M${pt(lip[0])}${through(lip)}Q${pt(c1)} ${pt(b)}Q${pt(c2)} ${pt(lip[0])}Z`,
      lip: curve(lip.slice(1, 6)),
      vein: `M${pt([b[0], b[1] - 2 * s])}Q${pt([(b[0] + lip[3][0]) / 2 + 3 * s, (b[1] + lip[3][1]) / 2])} ${pt([lip[3][0], lip[3][1] + 5 * s])}`,
    };
  };
  // inner layer of guard petals with lips at the rim, then the outermost, lower ones
  const guards = [
    guard(84, 146, -0.32, 0.02),
    guard(214, 276, 0.32, 0.02),
    guard(128, 196, -0.1, 0.04),
    guard(166, 232, 0.14, 0.05),
    guard(100, 168, -0.22, 0.2 + rand() * 0.06),
    guard(190, 258, 0.22, 0.2 + rand() * 0.06),
    guard(148, 210, 0.02, 0.3),
  ];
  const bowl = `M${n(-r)},0C${n(-r * 1.02)},${n(r * body * 0.5)} ${n(-r * 0.5)},${n(r * body)} 0,${n(r * body)}C${n(r * 0.5)},${n(r * body)} ${n(r * 1.02)},${n(r * body * 0.5)} ${n(r)},0Z`;
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-cup`} gradientUnits="userSpaceOnUse" x1="0" y1={n(-r * 0.05)} x2="0" y2={n(r * body)}>
          <stop offset="0" stopColor={tint(color, 0.35)} />
          <stop offset="0.4" stopColor={color} />
          <stop offset="1" stopColor={shade(color, 0.35)} />
        </linearGradient>
        <radialGradient id={`${id}-in`} cx="0" cy="0" r={n(r)} gradientUnits="userSpaceOnUse" gradientTransform={`scale(1 ${n(sq)})`}>
          <stop offset="0" stopColor={shade(deep, 0.5)} />
          <stop offset="1" stopColor={shade(color, 0.3)} />
        </radialGradient>
        {ringData.map((g, k) => (
          <path key={`p${k}`} id={`${id}-q${k}`} d={g.d} />
        ))}
        {ringData.map((g, k) => (
          <radialGradient key={k} id={`${id}-r${k}`} cx={n(g.cx)} cy={n(g.cy)} r={n(g.R * 1.04)} gradientUnits="userSpaceOnUse" gradientTransform={`translate(${n(g.cx)} ${n(g.cy)}) scale(1 ${n(sq)}) translate(${n(-g.cx)} ${n(-g.cy)})`}>
            <stop offset="0.55" stopColor={shade(g.fill, 0.45)} />
            <stop offset="0.8" stopColor={shade(g.fill, 0.12)} />
            <stop offset="0.92" stopColor={g.fill} />
            <stop offset="1" stopColor={tint(g.fill, 0.45)} />
          </radialGradient>
        ))}
      </defs>
      {sepals
        ? [148, 180, 212].map((a, i) => {
            const b = blade(r * 0.55, lanceolate(r * 0.15, 0.3), (i - 1) * 0.15, 8);
            return (
              <g key={i} transform={`translate(0 ${n(r * body * 0.9)}) rotate(${a})`}>
                <path d={b.full} fill={i === 1 ? GREENS.leaf : GREENS.mid} stroke={GREENS.deep} strokeWidth={n(0.6 * s)} />
              </g>
            );
          })
        : null}
      {backPetals.map((b) => (
        <g key={b.key}>
          <path d={b.d} fill={tint(color, 0.22)} stroke={stroke} strokeWidth={n(0.6 * s)} strokeOpacity={0.6} strokeLinejoin="round" />
          <path d={b.lip} fill="none" stroke={tint(color, 0.6)} strokeWidth={n(1.2 * s)} strokeLinecap="round" />
        </g>
      ))}
      <path d={bowl} fill={`url(#${id}-cup)`} />
      <ellipse cx="0" cy="0" rx={n(r * 0.98)} ry={n(r * 0.98 * sq)} fill={`url(#${id}-in)`} />
      {ringData.map((g, k) => (
        <g key={k}>
          <use href={`#${id}-q${k}`} fill={shade(color, 0.6)} opacity={0.2} transform={`translate(0 ${n(1.8 * s)})`} />
          <use href={`#${id}-q${k}`} fill={`url(#${id}-r${k})`} stroke={stroke} strokeWidth={n(0.45 * s)} strokeOpacity={0.45} strokeLinejoin="round" />
        </g>
      ))}
      <path
        d={`M${n(-r * 0.07)},${n(ringData[rings - 1].cy - r * 0.05)}q${n(r * 0.07)},${n(-r * 0.05)} ${n(r * 0.13)},${n(r * 0.01)}q${n(-r * 0.05)},${n(r * 0.04)} ${n(-r * 0.1)},${n(r * 0.03)}`}
        fill="none"
        stroke={shade(deep, 0.55)}
        strokeWidth={n(1 * s)}
        strokeLinecap="round"
      />
      {guards.map((g, i) => (
        <g key={`g${i}`}>
          <path d={g.d} fill={`url(#${id}-cup)`} stroke={stroke} strokeWidth={n(0.6 * s)} strokeOpacity={0.7} strokeLinejoin="round" />
          <path d={g.vein} fill="none" stroke={shade(color, 0.3)} strokeWidth={n(0.5 * s)} strokeOpacity={0.35} />
          <path d={g.lip} fill="none" stroke={tint(color, 0.55)} strokeWidth={n(1.6 * s)} strokeOpacity={0.7} strokeLinecap="round" />
        </g>
      ))}
    </g>
  );
}

/** Rose bud: a tight spiral of petals held by green sepals. */
export function RoseBud({ color, r = 14 }: { color: string; r?: number }) {
  const s = r / 14;
  const stroke = line(color, 0.5);
  return (
    <g>
      <path d={`M0,${n(-r * 1.6)}C${n(r * 0.9)},${n(-r * 1.2)} ${n(r * 0.95)},${n(r * 0.1)} 0,${n(r * 0.4)}C${n(-r * 0.95)},${n(r * 0.1)} ${n(-r * 0.9)},${n(-r * 1.2)} 0,${n(-r * 1.6)}Z`} fill={color} stroke={stroke} strokeWidth={n(0.6 * s)} />
      <path d={`M0,${n(-r * 1.6)}C${n(-r * 0.5)},${n(-r * 1.1)} ${n(-r * 0.55)},${n(-r * 0.2)} ${n(-r * 0.1)},${n(r * 0.35)}C${n(-r * 0.9)},${n(r * 0.05)} ${n(-r * 0.85)},${n(-r * 1.2)} 0,${n(-r * 1.6)}Z`} fill={shade(color, 0.2)} />
      <path d={`M${n(-r * 0.25)},${n(-r * 1.25)}Q${n(r * 0.3)},${n(-r * 1.1)} ${n(r * 0.45)},${n(-r * 0.55)}`} fill="none" stroke={tint(color, 0.55)} strokeWidth={n(0.9 * s)} />
      {[-38, 0, 36].map((a, i) => {
        const b = blade(r * 1.15, lanceolate(r * 0.42, 0.3), (i - 1) * 0.1, 8);
        return (
          <g key={i} transform={`translate(0 ${n(r * 0.45)}) rotate(${a})`}>
            <path d={b.full} fill={i === 1 ? GREENS.leaf : GREENS.mid} stroke={GREENS.deep} strokeWidth={n(0.5 * s)} />
          </g>
        );
      })}
      <ellipse cx="0" cy={n(r * 0.5)} rx={n(r * 0.32)} ry={n(r * 0.22)} fill={GREENS.mid} stroke={GREENS.deep} strokeWidth={n(0.5 * s)} />
    </g>
  );
}

/* -------------------------------------------------------------- lisianthus */

function fanPetal(base: Pt, l: Pt, r: Pt, ctrl: Pt, waves: number, amp: number, rand: () => number) {
  const N = 26;
  const ph = rand() * 6.28;
  const ph2 = rand() * 6.28;
  const edge: Pt[] = [];
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const u = 1 - t;
    const q: Pt = [u * u * l[0] + 2 * u * t * ctrl[0] + t * t * r[0], u * u * l[1] + 2 * u * t * ctrl[1] + t * t * r[1]];
    const tg: Pt = [2 * u * (ctrl[0] - l[0]) + 2 * t * (r[0] - ctrl[0]), 2 * u * (ctrl[1] - l[1]) + 2 * t * (r[1] - ctrl[1])];
    const len = Math.hypot(tg[0], tg[1]) || 1;
    let nx = -tg[1] / len;
    let ny = tg[0] / len;
    if (nx * (q[0] - base[0]) + ny * (q[1] - base[1]) < 0) {
      nx = -nx;
      ny = -ny;
    }
    const w =
      amp *
      (Math.sin(t * waves * 2 * Math.PI + ph) + 0.35 * Math.sin(t * waves * 5.3 * Math.PI + ph2)) *
      Math.pow(Math.sin(Math.PI * t), 0.35);
    edge.push([q[0] + nx * w, q[1] + ny * w]);
  }
  const c1: Pt = [r[0] + (r[0] - base[0]) * 0.06, r[1] + (base[1] - r[1]) * 0.85];
  const c2: Pt = [l[0] + (l[0] - base[0]) * 0.06, l[1] + (base[1] - l[1]) * 0.85];
  const d = `M${pt(edge[0])}${through(edge)}Q${pt(c1)} ${pt(base)}Q${pt(c2)} ${pt(edge[0])}Z`;
  const lip = curve(edge);
  const creases = Array.from({ length: waves * 2 }, (_, i) => {
    const e = edge[Math.round(((i + 0.5) / (waves * 2)) * N)];
    const end: Pt = [base[0] + (e[0] - base[0]) * 0.9, base[1] + (e[1] - base[1]) * 0.9];
    const mid: Pt = [base[0] + (e[0] - base[0]) * 0.55 + (rand() - 0.5) * 5, base[1] + (e[1] - base[1]) * 0.55];
    return `M${pt([base[0] + (e[0] - base[0]) * 0.3, base[1] + (e[1] - base[1]) * 0.3])}Q${pt(mid)} ${pt(end)}`;
  }).join("");
  return { d, lip, creases };
}

/**
 * Lisianthus (Eustoma) double bloom: a silky cup seen from the side, back
 * petals showing their inside, a swirl of crumpled inner petals, front petals
 * showing their outside. `edge` paints a picotee rim when given.
 */
export function LisianthusBloom({ id, color, edge, seed = 5, s = 1 }: { id: string; color: string; edge?: string; seed?: number; s?: number }) {
  const rand = rng(seed);
  const stroke = line(color, 0.5);
  const S = (p: Pt): Pt => [p[0] * s, p[1] * s];
  const mk = (b: Pt, l: Pt, r: Pt, c: Pt, waves: number, amp: number, kind: "b" | "i" | "f") => ({ ...fanPetal(S(b), S(l), S(r), S(c), waves, amp * s, rand), kind });
  const petals = [
    mk([-4, 30], [-66, -4], [-8, -52], [-66, -60], 2, 3.2, "b"),
    mk([4, 30], [12, -50], [66, -6], [66, -58], 2, 3.2, "b"),
    mk([0, 28], [-34, -50], [34, -52], [0, -86], 3, 3.4, "b"),
    mk([0, 22], [-44, -20], [10, -42], [-34, -56], 2, 3, "i"),
    mk([0, 22], [-8, -40], [46, -18], [32, -56], 2, 3, "i"),
    mk([2, 20], [-30, -18], [26, -24], [-2, -48], 2, 2.6, "i"),
    mk([-4, 44], [-68, -12], [0, 6], [-44, 18], 2, 3, "f"),
    mk([4, 44], [-2, 6], [68, -12], [44, 18], 2, 3, "f"),
    mk([0, 46], [-38, 0], [36, 2], [0, 22], 2, 2.6, "f"),
  ];
  const rim = edge ?? tint(color, 0.5);
  const white = luminance(color) > 0.75;
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-in`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={tint(color, 0.3)} />
          <stop offset="0.55" stopColor={color} />
          <stop offset="1" stopColor={shade(color, 0.4)} />
        </linearGradient>
        <linearGradient id={`${id}-out`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={tint(color, 0.15)} />
          <stop offset="0.5" stopColor={shade(color, 0.08)} />
          <stop offset="0.88" stopColor={mix(shade(color, 0.22), GREENS.light, 0.3)} />
          <stop offset="1" stopColor={mix(color, GREENS.mid, 0.65)} />
        </linearGradient>
        <linearGradient id={`${id}-sheen`} x1="0" y1="0" x2="1" y2="0.3">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="0.4" stopColor="#ffffff" stopOpacity={white ? 0 : 0.22} />
          <stop offset="0.55" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
        {petals.map((p, i) => (
          <path key={i} id={`${id}-p${i}`} d={p.d} />
        ))}
      </defs>
      {[-148, 180, 148].map((a, i) => {
        const b = blade(26 * s, lanceolate(6 * s, 0.3), (i - 1) * 0.2, 8);
        return (
          <g key={i} transform={`translate(0 ${n(40 * s)}) rotate(${a})`}>
            <path d={b.full} fill={GREENS.mid} stroke={GREENS.deep} strokeWidth={0.6} />
          </g>
        );
      })}
      {petals.map((p, i) => (
        <g key={i}>
          <use href={`#${id}-p${i}`} fill={shade(color, 0.6)} opacity={0.28} transform={`translate(${n(1 * s)} ${n(2.6 * s)})`} />
          <use href={`#${id}-p${i}`} fill={p.kind === "f" ? `url(#${id}-out)` : `url(#${id}-in)`} />
          {p.kind === "i" ? <use href={`#${id}-p${i}`} fill={shade(color, 0.35)} opacity={0.3} /> : null}
          <use href={`#${id}-p${i}`} fill={`url(#${id}-sheen)`} />
          <path d={p.creases} fill="none" stroke={shade(color, 0.4)} strokeWidth={n(0.6 * s)} strokeOpacity={0.3} />
          <path d={p.lip} fill="none" stroke={rim} strokeWidth={n(edge ? 2.4 * s : 1.3 * s)} strokeOpacity={0.9} strokeLinecap="round" strokeLinejoin="round" />
          <use href={`#${id}-p${i}`} fill="none" stroke={stroke} strokeWidth={n(0.6 * s)} strokeOpacity={0.65} strokeLinejoin="round" />
        </g>
      ))}
    </g>
  );
}

/** Lisianthus bud: long, pointed and furled like a closed umbrella. */
export function LisianthusBud({ id, color, len = 44, open = 0 }: { id: string; color: string; len?: number; open?: number }) {
  const b = blade(len, lanceolate(len * (0.3 + open * 0.14), 0.45 - open * 0.05), 0.02, 10);
  const swirls = [0.2, 0.45, 0.7]
    .map((t0) => {
      const a = b.edge(t0, -1);
      const c = b.edge(Math.min(1, t0 + 0.28), 1);
      const m = b.at(t0 + 0.12);
      return `M${pt(a)}Q${pt([m[0] + 2, m[1]])} ${pt(c)}`;
    })
    .join("");
  const sb = blade(len * 0.42, lanceolate(len * 0.07, 0.3), 0, 6);
  return (
    <g>
      <defs>
        <linearGradient id={`${id}-lb`} gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2={n(-len)}>
          <stop offset="0" stopColor={mix(color, GREENS.mid, 0.75)} />
          <stop offset="0.35" stopColor={mix(color, GREENS.light, 0.35)} />
          <stop offset="1" stopColor={tint(color, 0.1)} />
        </linearGradient>
      </defs>
      <path d={b.full} fill={`url(#${id}-lb)`} stroke={line(color, 0.5)} strokeWidth={0.7} />
      <path d={b.right} fill={shade(color, 0.4)} opacity={0.2} />
      <path d={swirls} fill="none" stroke={shade(color, 0.45)} strokeWidth={0.7} strokeOpacity={0.55} />
      {[-25, 25].map((a) => (
        <path key={a} transform={`rotate(${a})`} d={sb.full} fill={GREENS.mid} stroke={GREENS.deep} strokeWidth={0.5} />
      ))}
    </g>
  );
}

/* -------------------------------------------------------------- snapdragon */

/** Gradients and the two floret shapes ("dragon's mouth", side and front view), in unit size. */
export function SnapDefs({ id, color, throat }: { id: string; color: string; throat: string }) {
  const stroke = line(color, 0.55);
  const w = 0.028;
  return (
    <defs>
      <linearGradient id={`${id}-sg`} gradientUnits="userSpaceOnUse" x1="0.15" y1="0" x2="1.1" y2="0">
        <stop offset="0" stopColor={tint(color, 0.55)} />
        <stop offset="0.45" stopColor={color} />
        <stop offset="1" stopColor={shade(color, 0.14)} />
      </linearGradient>
      <radialGradient id={`${id}-fg`} gradientUnits="userSpaceOnUse" cx="0" cy="0" r="0.62">
        <stop offset="0" stopColor={tint(color, 0.35)} />
        <stop offset="0.6" stopColor={color} />
        <stop offset="1" stopColor={shade(color, 0.16)} />
      </radialGradient>
      <g id={`${id}-side`} stroke={stroke} strokeWidth={w} strokeLinejoin="round">
        <path d="M-0.02,-0.12C0.18,-0.17 0.32,-0.22 0.46,-0.24L0.46,0.17C0.3,0.14 0.14,0.11 -0.02,0.1Z" fill={tint(color, 0.45)} />
        <path d="M0.3,-0.17C0.34,-0.47 0.58,-0.62 0.74,-0.52C0.83,-0.66 1.04,-0.58 1.02,-0.37C1.04,-0.2 0.97,-0.06 0.86,-0.02C0.7,0 0.5,0.02 0.34,0.02Z" fill={`url(#${id}-sg)`} />
        <path d="M0.74,-0.52C0.76,-0.39 0.8,-0.25 0.83,-0.12" fill="none" strokeOpacity={0.5} />
        <path d="M0.32,0C0.5,0 0.74,-0.04 0.9,-0.02C1.08,0.02 1.14,0.18 1.06,0.3C1.04,0.42 0.92,0.48 0.8,0.42C0.72,0.52 0.55,0.5 0.5,0.39C0.4,0.38 0.33,0.28 0.32,0.16Z" fill={`url(#${id}-sg)`} />
        <path d="M0.34,0.06C0.5,0.1 0.7,0.14 0.8,0.42C0.72,0.52 0.55,0.5 0.5,0.39C0.4,0.38 0.33,0.28 0.34,0.06Z" fill={shade(color, 0.4)} fillOpacity={0.16} stroke="none" />
        <path d="M0.6,0.01C0.7,-0.08 0.92,-0.08 1.01,0.02C0.93,0.13 0.7,0.12 0.6,0.01Z" fill={throat} stroke={shade(throat, 0.3)} strokeWidth={w * 0.6} />
        <path d="M0.52,0.01C0.7,-0.03 0.88,-0.04 1.03,-0.02" fill="none" strokeWidth={w * 1.3} />
        <path d="M0.42,-0.3Q0.55,-0.5 0.7,-0.49" fill="none" stroke={tint(color, 0.65)} strokeWidth={w * 1.6} strokeLinecap="round" />
        <path d="M0,-0.12L-0.14,-0.24M0,0.1L-0.14,0.2M0,0L-0.16,-0.01" stroke={GREENS.mid} strokeWidth={w * 2} strokeLinecap="round" />
      </g>
      <g id={`${id}-front`} stroke={stroke} strokeWidth={w} strokeLinejoin="round">
        <path d="M-0.05,-0.06C-0.3,-0.03 -0.48,-0.2 -0.42,-0.42C-0.36,-0.6 -0.12,-0.62 -0.02,-0.46C0.08,-0.62 0.34,-0.6 0.4,-0.42C0.46,-0.2 0.3,-0.03 0.05,-0.06Z" fill={`url(#${id}-fg)`} />
        <path d="M-0.02,-0.46C0,-0.3 0,-0.16 0,-0.08" fill="none" strokeOpacity={0.5} />
        <path d="M-0.42,-0.02C-0.6,0.02 -0.62,0.26 -0.46,0.34C-0.4,0.5 -0.18,0.52 -0.1,0.42C-0.02,0.54 0.2,0.52 0.26,0.4C0.44,0.46 0.6,0.3 0.5,0.1C0.44,-0.02 0.2,-0.08 0,-0.06C-0.2,-0.08 -0.34,-0.06 -0.42,-0.02Z" fill={`url(#${id}-fg)`} />
        <path d="M-0.1,0.42C-0.12,0.3 -0.1,0.2 -0.08,0.12M0.26,0.4C0.2,0.3 0.16,0.2 0.1,0.12" fill="none" strokeOpacity={0.45} />
        <ellipse cx="0" cy="0.04" rx="0.25" ry="0.11" fill={throat} stroke={shade(throat, 0.3)} strokeWidth={w * 0.6} />
        <path d="M-0.36,-0.02C-0.15,-0.09 0.15,-0.09 0.38,-0.01" fill="none" strokeWidth={w * 1.3} />
        <path d="M-0.3,-0.36Q-0.2,-0.51 -0.08,-0.45" fill="none" stroke={tint(color, 0.65)} strokeWidth={w * 1.6} strokeLinecap="round" />
      </g>
    </defs>
  );
}

/**
 * A snapdragon spike: florets spiralling round the stem (side-on at the edges,
 * face-on in the middle), smaller up the spike, ending in a tapering tip of
 * coloured buds. Drawn with the base of the spike at (0, 0), `height` tall.
 */
export function SnapSpike({ id, color, throat, height = 200, seed = 9, sway = 6, size = 1, open = 10 }: { id: string; color: string; throat: string; height?: number; seed?: number; sway?: number; size?: number; open?: number }) {
  const rand = rng(seed);
  const xAt = (y: number) => sway * Math.sin(-y / 45);
  const stemPts: Pt[] = Array.from({ length: 7 }, (_, i) => {
    const y = -(i / 6) * height;
    return [xAt(y), y];
  });
  const pattern: (-1 | 0 | 1)[] = [1, 0, -1, 0];
  const florets = Array.from({ length: open }, (_, i) => {
    const t = i / open;
    const face = pattern[i % 4];
    const y = -height * (0.03 + t * 0.6);
    const sz = (33 - i * 1.5) * size;
    const x = xAt(y) + (face === 0 ? (i % 8 === 1 ? -1 : 1) * sz * 0.16 : face * sz * 0.02);
    const a = face === 0 ? (rand() - 0.5) * 14 : -face * (12 + rand() * 14);
    return { x, y: face === 0 ? y - sz * 0.1 : y, sz, face, a };
  });
  const buds = Array.from({ length: 9 }, (_, j) => {
    const t = j / 9;
    const y = -height * (0.62 + t * 0.37);
    const b = (12 - j * 1.05) * size;
    const side = j % 2 === 0 ? 1 : -1;
    return { x: xAt(y) + side * b * 0.4, y, b, a: side * (16 + rand() * 12), c: mix(tint(color, 0.15), GREENS.light, Math.min(0.8, 0.05 + j * 0.1)) };
  });
  return (
    <g>
      <SnapDefs id={id} color={color} throat={throat} />
      <path d={curve(stemPts)} fill="none" stroke={GREENS.mid} strokeWidth={n(3.2 * size)} strokeLinecap="round" />
      {buds.reverse().map((b, i) => (
        <g key={`u${i}`} transform={`translate(${n(b.x)} ${n(b.y)}) rotate(${n(b.a)})`}>
          <path d={`M0,${n(-b.b * 1.5)}C${n(b.b * 0.78)},${n(-b.b)} ${n(b.b * 0.62)},${n(b.b * 0.2)} 0,${n(b.b * 0.3)}C${n(-b.b * 0.62)},${n(b.b * 0.2)} ${n(-b.b * 0.78)},${n(-b.b)} 0,${n(-b.b * 1.5)}Z`} fill={b.c} stroke={line(b.c, 0.5)} strokeWidth={0.6} />
          <path d={`M${n(-b.b * 0.2)},${n(-b.b * 1.1)}Q${n(-b.b * 0.35)},${n(-b.b * 0.4)} ${n(-b.b * 0.15)},0`} fill="none" stroke={tint(b.c, 0.5)} strokeWidth={0.7} />
          <path d={`M${n(-b.b * 0.45)},${n(b.b * 0.28)}L0,${n(-b.b * 0.2)}L${n(b.b * 0.45)},${n(b.b * 0.28)}`} fill="none" stroke={GREENS.mid} strokeWidth={1} strokeLinejoin="round" />
        </g>
      ))}
      {florets.reverse().map((f, i) => (
        <use
          key={`f${i}`}
          href={`#${id}-${f.face === 0 ? "front" : "side"}`}
          transform={`translate(${n(f.x)} ${n(f.y)}) rotate(${n(f.a)}) scale(${n(f.face === 0 ? f.sz : f.sz * f.face)} ${n(f.sz)})`}
        />
      ))}
    </g>
  );
}

/* --------------------------------------------------------------- anthurium */

const SPATHE =
  "M0,6C-7,-14 -48,-26 -66,-2C-82,22 -58,70 -22,96C-10,105 -3,113 0,126C3,113 10,105 22,96C58,70 82,22 66,-2C48,-26 7,-14 0,6Z";

/** Anthurium: a glossy, quilted heart-shaped spathe with the spadix rising from its throat. */
export function AnthuriumFlower({ id, color, spadix, s = 1 }: { id: string; color: string; spadix: string; s?: number }) {
  let veins = "";
  for (const side of [-1, 1]) {
    for (const k of [1, 0.78, 0.56, 0.34]) {
      veins += `M${n(side * 2)},8C${n(side * 24 * k)},${n(-6 * k)} ${n(side * 60 * k)},${n(-4 * k + 2)} ${n(side * 62 * k)},${n(24 + 4 * (1 - k))}C${n(side * 64 * k)},${n(56 + 10 * (1 - k))} ${n(side * 34 * k)},${n(86 + 12 * (1 - k))} ${n(side * 2)},${n(118 - 6 * (1 - k))}`;
    }
  }
  // the spadix: a slightly curved, tapering cylinder with a rounded tip
  const sp = blade(72, (t) => (t > 0.92 ? 4.6 * Math.sqrt(Math.max(0, (1 - t) / 0.08)) : 5.8 - 1.4 * t), 0.2, 14);
  const stroke = line(color, 0.55);
  return (
    <g transform={`scale(${n(s)})`}>
      <defs>
        <linearGradient id={`${id}-sp`} gradientUnits="userSpaceOnUse" x1="-40" y1="-20" x2="30" y2="126">
          <stop offset="0" stopColor={tint(color, 0.12)} />
          <stop offset="0.45" stopColor={color} />
          <stop offset="1" stopColor={shade(color, 0.28)} />
        </linearGradient>
        <radialGradient id={`${id}-gl`} gradientUnits="userSpaceOnUse" cx="-30" cy="16" r="44">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
        <radialGradient id={`${id}-th`} gradientUnits="userSpaceOnUse" cx="0" cy="8" r="30">
          <stop offset="0" stopColor={shade(color, 0.5)} stopOpacity="0.55" />
          <stop offset="1" stopColor={shade(color, 0.5)} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-sx`} gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="-72">
          <stop offset="0" stopColor={tint(spadix, 0.2)} />
          <stop offset="0.6" stopColor={spadix} />
          <stop offset="1" stopColor={mix(spadix, GREENS.soft, 0.45)} />
        </linearGradient>
        <linearGradient id={`${id}-sxs`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={shade(spadix, 0.6)} stopOpacity="0.2" />
          <stop offset="0.3" stopColor="#ffffff" stopOpacity="0.5" />
          <stop offset="0.55" stopColor="#ffffff" stopOpacity="0" />
          <stop offset="1" stopColor={shade(spadix, 0.6)} stopOpacity="0.45" />
        </linearGradient>
        <pattern id={`${id}-dots`} patternUnits="userSpaceOnUse" width="2.6" height="2.6" patternTransform="rotate(35)">
          <circle cx="1.3" cy="1.3" r="0.75" fill={shade(spadix, 0.45)} opacity="0.45" />
        </pattern>
        <path id={`${id}-s`} d={SPATHE} />
        <path id={`${id}-x`} d={sp.full} />
      </defs>
      <use href={`#${id}-s`} fill={`url(#${id}-sp)`} />
      <use href={`#${id}-s`} fill={`url(#${id}-th)`} />
      <path d={veins} fill="none" stroke={tint(color, 0.35)} strokeWidth={1.6} strokeOpacity={0.35} transform="translate(-0.9 -0.9)" />
      <path d={veins} fill="none" stroke={shade(color, 0.45)} strokeWidth={0.9} strokeOpacity={0.5} />
      <path d="M0,8Q3,64 0,122" fill="none" stroke={shade(color, 0.45)} strokeWidth={1.2} strokeOpacity={0.5} />
      <use href={`#${id}-s`} fill={`url(#${id}-gl)`} />
      <path d="M-58,4C-60,-10 -44,-18 -30,-14C-42,-10 -52,-4 -54,14Z" fill="#ffffff" opacity={0.55} />
      <path d="M36,-12C50,-14 60,-4 60,8C56,0 48,-8 36,-12Z" fill="#ffffff" opacity={0.35} />
      <use href={`#${id}-s`} fill="none" stroke={stroke} strokeWidth={0.9} strokeLinejoin="round" />
      <g transform="translate(1 5) rotate(10)">
        <use href={`#${id}-x`} fill={`url(#${id}-sx)`} />
        <use href={`#${id}-x`} fill={`url(#${id}-dots)`} />
        <use href={`#${id}-x`} fill={`url(#${id}-sxs)`} stroke={line(spadix, 0.6)} strokeWidth={0.7} />
      </g>
    </g>
  );
}

/** Anthurium leaf: a large, dark, heart-shaped blade with its stalk (petiole) joined at the sinus. */
export function AnthuriumLeaf({ s = 1 }: { s?: number }) {
  const d = "M0,4C-14,-14 -56,-26 -70,4C-84,36 -54,92 -16,130C-8,138 -2,148 0,162C2,148 8,138 16,130C54,92 84,36 70,4C56,-26 14,-14 0,4Z";
  let v = "";
  for (const side of [-1, 1]) for (const k of [0.85, 0.55]) v += `M0,8C${n(side * 30 * k)},${n(-6 * k)} ${n(side * 68 * k)},12 ${n(side * 62 * k)},52C${n(side * 56 * k)},92 ${n(side * 24 * k)},124 0,154`;
  return (
    <g transform={`scale(${n(s)})`}>
      <path d={d} fill={GREENS.leaf} />
      <path d="M0,4C-14,-14 -56,-26 -70,4C-84,36 -54,92 -16,130C-8,138 -2,148 0,162Z" fill={GREENS.mid} opacity={0.75} />
      <path d={v} fill="none" stroke={GREENS.light} strokeWidth={0.9} strokeOpacity={0.6} />
      <path d="M0,6Q3,80 0,158" fill="none" stroke={GREENS.light} strokeWidth={1.2} strokeOpacity={0.75} />
      <path d="M-48,6C-56,14 -58,30 -54,44" fill="none" stroke="#ffffff" strokeWidth={2} strokeOpacity={0.25} strokeLinecap="round" />
      <path d={d} fill="none" stroke={GREENS.deep} strokeWidth={0.9} />
    </g>
  );
}

/* ----------------------------------------------------------------- smalls */

/** Small gerbera head for bunches, pails and scenes: fewer details, optional tilt. */
export function SmallGerbera({ id, color, centre, r, tilt = 1, rot: a = 0, seed = 1 }: { id: string; color: string; centre: string; r: number; tilt?: number; rot?: number; seed?: number }) {
  return (
    <g transform={`rotate(${n(a)}) scale(1 ${n(tilt)})`}>
      <GerberaHead id={id} color={color} centre={centre} r={r} rays={20} disk={0.3} seed={seed} detail={0} />
    </g>
  );
}

/* ---------------------------------------------------------- bunch & pail */

/** A bunch of roses in a clear sleeve, tied at the neck, drawn in a 200 x 240 box. */
export function BunchArt({ id: uid, color: c, tie }: { id: string; color: string; tie: string }) {
  const heads = [
    { x: 60, y: 92, r: 19, seed: 31 },
    { x: 140, y: 90, r: 19, seed: 32 },
    { x: 80, y: 66, r: 21, seed: 33 },
    { x: 121, y: 64, r: 21, seed: 34 },
    { x: 100, y: 42, r: 20, seed: 35 },
    { x: 100, y: 92, r: 22, seed: 36 },
  ];
  const sleeve = "#EEF3F1";
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-sl`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.75" />
          <stop offset="0.35" stopColor={sleeve} stopOpacity="0.35" />
          <stop offset="0.7" stopColor="#FFFFFF" stopOpacity="0.6" />
          <stop offset="1" stopColor={sleeve} stopOpacity="0.4" />
        </linearGradient>
      </defs>
      {/* back of the sleeve */}
      <path d="M22,60L48,40L76,30L100,16L124,30L152,40L178,60L114,190L86,190Z" fill={sleeve} opacity={0.7} stroke={PALETTE.sage} strokeWidth={0.7} strokeOpacity={0.5} strokeLinejoin="round" />
      {heads.map((h, i) => (
        <Stem key={`s${i}`} d={`M${h.x},${h.y}Q${n((h.x + 100) / 2)},150 ${100 + (h.x - 100) * 0.12},190L${n(100 + (h.x - 100) * 0.3)},236`} w={2.2} />
      ))}
      <Leaf x={70} y={110} rot={-62} len={30} wid={13} widest={0.45} teeth={7} veins={3} />
      <Leaf x={130} y={110} rot={60} len={30} wid={13} widest={0.45} teeth={7} veins={3} light={GREENS.mid} />
      <Leaf x={96} y={80} rot={-20} len={26} wid={12} widest={0.45} teeth={6} veins={2} />
      <g transform="translate(44 64) rotate(-30)">
        <RoseBud color={c} r={9} />
      </g>
      <g transform="translate(158 66) rotate(28)">
        <RoseBud color={c} r={9} />
      </g>
      <defs>
        <g id={`${uid}-rh`}>
          <RoseHead id={`${uid}-h`} color={c} r={20} rings={5} seed={31} sepals={false} sq={0.76} />
        </g>
      </defs>
      {heads.map((h, i) => (
        <use key={i} href={`#${uid}-rh`} transform={`translate(${h.x} ${h.y}) rotate(${(i % 3) * 9 - 9}) scale(${n(((i % 2 ? -1 : 1) * h.r) / 20)} ${n(h.r / 20)})`} />
      ))}
      {/* front of the sleeve */}
      <path d="M30,104C64,118 136,118 170,104L114,192L86,192Z" fill={`url(#${uid}-sl)`} stroke={PALETTE.sage} strokeWidth={0.8} strokeOpacity={0.55} strokeLinejoin="round" />
      <path d="M62,114L93,190M100,118L100,190M138,114L107,190" fill="none" stroke="#FFFFFF" strokeWidth={1.4} strokeOpacity={0.8} />
      <path d="M48,110L89,190M122,117L104,190" fill="none" stroke={PALETTE.sage} strokeWidth={0.5} strokeOpacity={0.35} />
      {/* tie */}
      <path d="M86,182L114,182L113,192L87,192Z" fill={tie} />
      <path d="M100,187C92,176 80,178 84,186C87,192 96,190 100,187ZM100,187C108,176 120,178 116,186C113,192 104,190 100,187Z" fill={tie} stroke={shade(tie, 0.4)} strokeWidth={0.6} />
      <path d="M99,188L92,204M101,188L109,203" stroke={tie} strokeWidth={2.2} strokeLinecap="round" />
      <circle cx={100} cy={187} r={2.4} fill={shade(tie, 0.25)} />
      {heads.map((h, i) => {
        const x = 100 + (h.x - 100) * 0.3;
        return <ellipse key={`c${i}`} cx={n(x)} cy={236.5} rx={1.4} ry={0.7} fill={GREENS.pale} stroke={GREENS.deep} strokeWidth={0.4} />;
      })}
    </g>
  );
}


/** A flower pail (bucket) of gerbera, drawn in a 200 x 240 box. */
export function PailArt({ id: uid, color: c, pail }: { id: string; color: string; pail: string }) {
  const heads = [
    { x: 46, y: 96, r: 19, rot: -20, tilt: 0.8 },
    { x: 154, y: 92, r: 19, rot: 18, tilt: 0.8 },
    { x: 70, y: 60, r: 21, rot: -10, tilt: 0.9 },
    { x: 130, y: 56, r: 21, rot: 8, tilt: 0.9 },
    { x: 100, y: 34, r: 20, rot: 0, tilt: 0.92 },
    { x: 84, y: 104, r: 21, rot: -6, tilt: 0.85 },
    { x: 120, y: 100, r: 21, rot: 6, tilt: 0.85 },
  ];
  const centre = luminance(c) > 0.6 ? "#5E7A32" : "#2E2117";
  return (
    <g>
      <defs>
        <linearGradient id={`${uid}-p`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={shade(pail, 0.35)} />
          <stop offset="0.25" stopColor={tint(pail, 0.25)} />
          <stop offset="0.55" stopColor={pail} />
          <stop offset="1" stopColor={shade(pail, 0.45)} />
        </linearGradient>
      </defs>
      <ellipse cx={100} cy={150} rx={60} ry={10} fill={shade(pail, 0.55)} />
      {heads.map((h, i) => (
        <Stem key={`s${i}`} d={`M${h.x},${h.y}Q${n((h.x + 100) / 2 + (h.x - 100) * 0.1)},125 ${n(100 + (h.x - 100) * 0.45)},154`} w={2.4} />
      ))}
      <defs>
        <g id={`${uid}-gh`}>
          <GerberaHead id={`${uid}-h`} color={c} centre={centre} r={20} rays={20} disk={0.3} seed={40} detail={0} />
        </g>
      </defs>
      {heads.map((h, i) => (
        <use key={i} href={`#${uid}-gh`} transform={`translate(${h.x} ${h.y}) rotate(${h.rot}) scale(${n(h.r / 20)} ${n((h.r / 20) * h.tilt)}) rotate(${i * 47})`} />
      ))}
      <path d="M40,150L56,230A44,7 0 0 0 144,230L160,150A60,10 0 0 1 40,150Z" fill={`url(#${uid}-p)`} stroke={line(pail, 0.5)} strokeWidth={0.8} />
      <ellipse cx={100} cy={150} rx={60} ry={10} fill="none" stroke={tint(pail, 0.4)} strokeWidth={3} />
      <ellipse cx={100} cy={150} rx={60} ry={10} fill="none" stroke={line(pail, 0.5)} strokeWidth={0.7} />
      <path d="M46.5,180A55,8.5 0 0 0 153.5,180" fill="none" stroke={shade(pail, 0.3)} strokeWidth={1} strokeOpacity={0.6} />
      <path d="M51,206A49,8 0 0 0 149,206" fill="none" stroke={shade(pail, 0.3)} strokeWidth={1} strokeOpacity={0.6} />
      <path d="M58,158L68,224" stroke="#FFFFFF" strokeWidth={3} strokeOpacity={0.25} strokeLinecap="round" />
      <g transform="translate(104 186) rotate(-3)">
        <rect x={0} y={0} width={30} height={18} rx={1.5} fill={PALETTE.paper} stroke={PALETTE.sage} strokeWidth={0.6} />
        <rect x={3} y={3.5} width={14} height={2.2} fill={mix(PALETTE.leaf, PALETTE.paper, 0.1)} />
        <path d="M3,9.5H26M3,13H20" stroke={PALETTE.sage} strokeWidth={0.8} />
      </g>
    </g>
  );
}

/** Gypsophila-like filler: sprays of tiny white florets around each point. */
export function Filler({ pts, r = 2 }: { pts: Pt[]; r?: number }) {
  const florets = pts.flatMap(([x, y], i) =>
    [0, 1, 2, 3, 4].map((k) => {
      const a = ((i * 67 + k * 72) * Math.PI) / 180;
      const d = k === 0 ? 0 : r * 1.9;
      return { x: x + Math.cos(a) * d, y: y + Math.sin(a) * d, rx: r * (k === 0 ? 0.9 : 0.75) };
    }),
  );
  return (
    <g>
      <path d={spots(florets)} fill="#FFFFFF" stroke={GREENS.light} strokeWidth={0.5} />
      <path d={spots(florets.map((f) => ({ ...f, rx: f.rx * 0.3 })))} fill={PALETTE.pollen} opacity={0.6} />
    </g>
  );
}
