/**
 * Scenes from the nursery in the same line-and-wash style as the flowers:
 * the glasshouse range, the packing hall, the combined heat-and-power plant,
 * a wide hero of a flower bed and a boxed bouquet. Each takes `className` and
 * an optional `title` (without it the scene is decorative).
 */
import type { JSX } from "react";
import {
  BunchArt,
  Filler,
  GerberaHead,
  LilyHead,
  LisianthusBloom,
  PailArt,
  RoseBud,
  RoseHead,
  SmallGerbera,
  SnapSpike,
} from "./parts.tsx";
import {
  Frame,
  GREENS,
  type IllustrationProps,
  Leaf,
  PALETTE,
  type Pt,
  Stem,
  blob,
  curve,
  mix,
  n,
  pt,
  rng,
  shade,
  spots,
  tint,
  useSvgId,
} from "./shared.tsx";

type SceneProps = Pick<IllustrationProps, "className" | "title">;

const INK = PALETTE.ink;
const GLASS = "#E4EEF0";
const KRAFT = "#C9A27A";
/** Bed colours, from the brand palette and its tints. */
const BEDS = [PALETTE.petal, PALETTE.pollen, "#F3B3C6", "#FFFFFF", "#EE8A4A", tint(PALETTE.petal, 0.3), "#F7E7A8"];

/* ------------------------------------------------------------ perspective */

type V3 = [number, number, number];

/** A look-at pinhole camera: world metres (x right, y up, z away) to picture coordinates. */
function camera(eye: V3, target: V3, f: number, cx: number, cy: number) {
  const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const norm = (a: V3): V3 => {
    const l = Math.hypot(a[0], a[1], a[2]);
    return [a[0] / l, a[1] / l, a[2] / l];
  };
  const fw = norm(sub(target, eye));
  const right = norm(cross([0, 1, 0], fw));
  const up = cross(fw, right);
  const P = (x: number, y: number, z: number): Pt => {
    const d = sub([x, y, z], eye);
    const zc = Math.max(0.1, dot(d, fw));
    return [cx + (f * dot(d, right)) / zc, cy - (f * dot(d, up)) / zc];
  };
  const depth = (x: number, y: number, z: number) => dot(sub([x, y, z], eye), fw);
  return { P, depth };
}

const poly = (pts: Pt[]) => `M${pts.map(pt).join("L")}Z`;
const seg = (a: Pt, b: Pt) => `M${pt(a)}L${pt(b)}`;

/* -------------------------------------------------------------- greenhouse */

function Sky({ id, w, h, top = "#DCE9EC", bottom = PALETTE.paper }: { id: string; w: number; h: number; top?: string; bottom?: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width={w} height={h} fill={`url(#${id}-sky)`} />
    </>
  );
}

/** Soft tree clumps along a horizon. */
function Trees({ x0, x1, y, seed, scale = 1, color = GREENS.light }: { x0: number; x1: number; y: number; seed: number; scale?: number; color?: string }) {
  const rand = rng(seed);
  const blobs: string[] = [];
  for (let x = x0; x < x1; x += (18 + rand() * 26) * scale) {
    const r = (10 + rand() * 14) * scale;
    const tall = rand() < 0.3 ? 1.8 : 1;
    const pts: Pt[] = Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      const rr = r * (0.85 + rand() * 0.25);
      return [x + Math.cos(a) * rr * (tall > 1 ? 0.55 : 1), y - r * tall * 0.9 + Math.sin(a) * rr * tall];
    });
    blobs.push(blob(pts));
  }
  return (
    <g>
      <path d={blobs.join("")} fill={color} opacity={0.55} />
      <path d={blobs.join("")} fill="none" stroke={GREENS.mid} strokeWidth={0.6} strokeOpacity={0.35} />
    </g>
  );
}

/** A glasshouse range in two-point perspective: sawtooth Venlo roofs over long rows of flowering plants. */
export function GreenhouseScene({ className, title }: SceneProps) {
  const uid = useSvgId();
  const eye: V3 = [-10, 2.4, -11];
  const { P, depth } = camera(eye, [16, 3.6, 26], 470, 400, 250);
  const W = 48;
  const L = 110;
  const gutter = 5.5;
  const ridge = 6.7;
  const bay = 4;
  const spans = W / bay;
  // rows of plants on benches, beds of colour three rows wide
  const rows: { band: string; bloom: string; color: string; x: number }[] = [];
  for (let i = 0; i < 26; i++) {
    const x = 1 + i * 1.8;
    const color = BEDS[Math.floor(i / 3) % BEDS.length];
    rows.push({
      x,
      color,
      band: poly([P(x - 0.5, 0.5, 1), P(x - 0.5, 0.5, L - 1), P(x + 0.5, 1.0, L - 1), P(x + 0.5, 1.0, 1)]),
      bloom: poly([P(x - 0.35, 1.05, 1), P(x - 0.35, 1.05, L - 1), P(x + 0.35, 1.2, L - 1), P(x + 0.35, 1.2, 1)]),
    });
  }
  const byColor = new Map<string, { x: number; y: number; rx: number; ry: number }[]>();
  for (const r of rows) {
    for (let z = 2; z < L * 0.45; z += 2.2 + z * 0.05) {
      const p = P(r.x, 1.25, z);
      const rr = (0.3 * 520) / depth(r.x, 1.25, z);
      if (rr < 0.8) continue;
      const list = byColor.get(r.color) ?? [];
      list.push({ x: p[0], y: p[1], rx: rr, ry: rr * 0.6 });
      byColor.set(r.color, list);
    }
  }
  // glass surfaces
  const sideWall = poly([P(0, 0, 0), P(0, gutter, 0), P(0, gutter, L), P(0, 0, L)]);
  const gable: Pt[] = [P(0, 0, 0)];
  for (let j = 0; j <= spans; j++) {
    gable.push(P(j * bay, gutter, 0));
    if (j < spans) gable.push(P(j * bay + bay / 2, ridge, 0));
  }
  gable.push(P(W, 0, 0));
  const roofLit: string[] = [];
  const roofDim: string[] = [];
  for (let j = 0; j < spans; j++) {
    const a = j * bay;
    const m = a + bay / 2;
    const b = a + bay;
    roofLit.push(poly([P(a, gutter, 0), P(m, ridge, 0), P(m, ridge, L), P(a, gutter, L)]));
    roofDim.push(poly([P(m, ridge, 0), P(b, gutter, 0), P(b, gutter, L), P(m, ridge, L)]));
  }
  // structure lines
  let main = poly(gable);
  main += seg(P(0, gutter, 0), P(0, gutter, L)) + seg(P(0, 0, 0), P(0, 0, L));
  for (let j = 0; j <= spans; j++) main += seg(P(j * bay, gutter, 0), P(j * bay, gutter, L));
  for (let j = 0; j < spans; j++) main += seg(P(j * bay + bay / 2, ridge, 0), P(j * bay + bay / 2, ridge, L));
  for (let j = 0; j <= spans; j++) main += seg(P(j * bay, 0, 0), P(j * bay, gutter, 0));
  for (let z = 5; z <= L; z += 5) main += seg(P(0, 0, z), P(0, gutter, z));
  let fine = "";
  for (let x = 1; x < W; x += 1) if (x % bay !== 0) fine += seg(P(x, 0.7, 0), P(x, x % bay < bay / 2 ? gutter + ((ridge - gutter) * (x % bay)) / (bay / 2) : gutter + ((ridge - gutter) * (bay - (x % bay))) / (bay / 2), 0));
  for (let z = 2.5; z < L; z += 2.5) {
    if (z % 5 !== 0) fine += seg(P(0, 0.7, z), P(0, gutter, z));
    for (let j = 0; j < spans; j++) {
      fine += seg(P(j * bay, gutter, z), P(j * bay + bay / 2, ridge, z)) + seg(P(j * bay + bay / 2, ridge, z), P(j * bay + bay, gutter, z));
    }
  }
  fine += seg(P(0, 0.7, 0), P(W, 0.7, 0)) + seg(P(0, 0.7, 0), P(0, 0.7, L));
  // open roof vents catching the light
  const vents: string[] = [];
  for (let j = 1; j < spans; j += 2) {
    for (let z = 8; z < L; z += 15) {
      const a = j * bay + bay * 0.15;
      const b = j * bay + bay * 0.42;
      const rise = gutter + ((ridge - gutter) * 0.15) / 0.5;
      const top = gutter + ((ridge - gutter) * 0.42) / 0.5;
      vents.push(poly([P(a, rise, z), P(b, top + 0.7, z), P(b, top + 0.7, z + 2.5), P(a, rise, z + 2.5)]));
    }
  }
  const horizon = P(eye[0] + 600, eye[1], eye[2] + 1000)[1];
  const plinth = `${poly([P(0, 0, 0), P(0, 0.7, 0), P(W, 0.7, 0), P(W, 0, 0)])}${poly([P(0, 0, 0), P(0, 0.7, 0), P(0, 0.7, L), P(0, 0, L)])}`;
  const apron = poly([P(-2.5, 0, -2.5), P(W + 30, 0, -2.5), P(W + 30, 0, 0), P(0, 0, 0), P(0, 0, L + 60), P(-2.5, 0, L + 60)]);
  const door = poly([P(8, 0, 0), P(8, 3.2, 0), P(11, 3.2, 0), P(11, 0, 0)]) + seg(P(9.5, 0, 0), P(9.5, 3.2, 0));
  // light catching the glass: slanted streaks on the side wall and gable
  let streaks = "";
  for (const z of [6, 14, 17, 31, 52, 56, 80]) streaks += poly([P(0, 0.7, z), P(0, 0.7, z + 1.6), P(0, gutter, z + 5), P(0, gutter, z + 3.4)]);
  for (const x of [3, 7, 18, 30, 34]) streaks += poly([P(x, 0.7, 0), P(x + 1.2, 0.7, 0), P(x + 3.6, gutter, 0), P(x + 2.4, gutter, 0)]);
  return (
    <Frame uid={uid} title={title} className={className} viewBox="0 0 800 450">
      <defs>
        <linearGradient id={`${uid}-gl`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.6" />
          <stop offset="1" stopColor={GLASS} stopOpacity="0.35" />
        </linearGradient>
        <linearGradient id={`${uid}-gd`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={GLASS} stopOpacity="0.3" />
          <stop offset="0.5" stopColor="#FFFFFF" stopOpacity="0.45" />
          <stop offset="1" stopColor={GLASS} stopOpacity="0.3" />
        </linearGradient>
      </defs>
      <Sky id={uid} w={800} h={450} />
      <path d={`M0,${n(horizon - 30)}C120,${n(horizon - 60)} 260,${n(horizon - 28)} 380,${n(horizon - 44)}C520,${n(horizon - 62)} 640,${n(horizon - 36)} 800,${n(horizon - 56)}V${n(horizon + 2)}H0Z`} fill={GREENS.pale} opacity={0.7} />
      <Trees x0={-10} x1={820} y={n(horizon + 4)} seed={3} scale={0.8} />
      <rect y={n(horizon)} width={800} height={n(450 - horizon)} fill={mix(GREENS.pale, PALETTE.paper, 0.3)} />
      <path d={apron} fill="#E9E4DA" stroke={PALETTE.sage} strokeWidth={0.5} strokeOpacity={0.4} />
      {/* plants inside, seen through the glass */}
      {rows.map((r, i) => (
        <g key={i}>
          <path d={r.band} fill={i % 2 ? GREENS.soft : GREENS.mid} opacity={0.85} />
          <path d={r.bloom} fill={r.color} opacity={0.9} />
        </g>
      ))}
      {[...byColor.entries()].map(([c, list]) => (
        <path key={c} d={spots(list)} fill={c} stroke={shade(c, 0.4)} strokeWidth={0.3} strokeOpacity={0.5} />
      ))}
      <path d={plinth} fill="#D9D6CC" stroke={PALETTE.sage} strokeWidth={0.5} />
      {/* glass */}
      <path d={roofDim.join("")} fill={GLASS} opacity={0.45} />
      <path d={roofLit.join("")} fill="#FFFFFF" opacity={0.3} />
      <path d={sideWall} fill={`url(#${uid}-gd)`} />
      <path d={poly(gable)} fill={`url(#${uid}-gl)`} />
      <path d={streaks} fill="#FFFFFF" opacity={0.35} />
      <path d={door} fill="#F4F6F4" stroke={INK} strokeWidth={0.7} strokeOpacity={0.8} />
      <path d={vents.join("")} fill="#FFFFFF" opacity={0.8} stroke={PALETTE.sage} strokeWidth={0.4} />
      <path d={fine} fill="none" stroke={PALETTE.sage} strokeWidth={0.35} strokeOpacity={0.6} />
      <path d={main} fill="none" stroke={INK} strokeWidth={0.7} strokeOpacity={0.75} strokeLinejoin="round" />
      {/* grass in front */}
      <path d="M0,450V392C120,380 260,396 400,388C560,380 680,398 800,386V450Z" fill={GREENS.light} opacity={0.35} />
      <path d="M0,450V420C160,410 300,424 460,416C600,410 700,424 800,414V450Z" fill={GREENS.soft} opacity={0.3} />
      <path d={`M${pt(P(7.5, 0, -2.5))}L${pt(P(11.5, 0, -2.5))}L520,450H330Z`} fill="#E9E4DA" opacity={0.9} />
      <Trees x0={20} x1={150} y={n(P(-4, 0, 30)[1] + 10)} seed={21} scale={0.8} color={GREENS.soft} />
    </Frame>
  );
}

/* ------------------------------------------------------------------- cogen */

/** Combined heat and power beside the glasshouse: engine house, chimney, heat-storage tank and insulated pipes. */
export function CogenScene({ className, title }: SceneProps) {
  const uid = useSvgId();
  const ground = 372;
  const ox = 26; // oblique depth offset
  const oy = -14;
  const steel = "#DCE1DE";
  const wall = "#E8E2D6";
  const roof = "#B9C3BD";
  // greenhouse on the right, in elevation
  const gh = { x0: 520, x1: 830, eave: 286, ridge: 262, bay: 26 };
  let ghRoof = `M${gh.x0},${gh.eave}`;
  for (let x = gh.x0; x < gh.x1; x += gh.bay) ghRoof += `L${x + gh.bay / 2},${gh.ridge}L${x + gh.bay},${gh.eave}`;
  const ghShape = `${ghRoof}L${gh.x1 + gh.bay},${ground}L${gh.x0},${ground}Z`;
  let ghLines = "";
  for (let x = gh.x0; x <= gh.x1 + gh.bay; x += gh.bay / 2) ghLines += `M${x},${ground}L${x},${(x - gh.x0) % gh.bay === 0 ? gh.eave : gh.ridge}`;
  ghLines += `M${gh.x0},${ground - 14}H${gh.x1 + gh.bay}`;
  const rand = rng(17);
  const plants: { x: number; y: number; rx: number }[][] = [[], [], [], []];
  for (let x = gh.x0 + 6; x < 800; x += 5.5) {
    plants[Math.floor(rand() * 4)].push({ x, y: ground - 22 - rand() * 6, rx: 2.6 + rand() * 1.2 });
  }
  // tank
  const tank = { x: 70, w: 108, top: 120 };
  const tankRings = Array.from({ length: 9 }, (_, i) => tank.top + 30 + i * 25);
  // engine house
  const eh = { x: 212, w: 210, top: 236 };
  const stack = { x: 452, w: 16, top: 58 };
  return (
    <Frame uid={uid} title={title} className={className} viewBox="0 0 800 450">
      <defs>
        <linearGradient id={`${uid}-cyl`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={shade(steel, 0.25)} />
          <stop offset="0.3" stopColor="#FFFFFF" />
          <stop offset="0.65" stopColor={steel} />
          <stop offset="1" stopColor={shade(steel, 0.35)} />
        </linearGradient>
        <linearGradient id={`${uid}-pipe`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFFFFF" />
          <stop offset="1" stopColor={shade(steel, 0.3)} />
        </linearGradient>
        <linearGradient id={`${uid}-plume`} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.9" />
          <stop offset="1" stopColor="#FFFFFF" stopOpacity="0" />
        </linearGradient>
      </defs>
      <Sky id={uid} w={800} h={450} top="#D7E6EA" />
      <path d="M0,300C140,270 300,300 420,286C560,270 680,292 800,276V380H0Z" fill={GREENS.pale} opacity={0.55} />
      <Trees x0={-10} x1={230} y={312} seed={8} color={GREENS.light} />
      {/* power line to the grid */}
      <g stroke={PALETTE.sage} fill="none" strokeWidth={0.9} strokeOpacity={0.7}>
        <path d="M20,372L34,190L48,372M24,320H44M28,262H40M34,190L20,210H48ZM14,226H54" />
        <path d="M54,226C110,250 170,250 212,262M14,226C-10,232 -20,236 -30,238" strokeWidth={0.6} />
      </g>
      <rect y={ground} width={800} height={450 - ground} fill={mix(GREENS.pale, PALETTE.paper, 0.35)} />
      {/* heat storage tank: a tall insulated buffer of hot water */}
      <ellipse cx={tank.x + tank.w / 2} cy={ground} rx={tank.w / 2 + 8} ry={8} fill={PALETTE.sage} opacity={0.25} />
      <path d={`M${tank.x},${tank.top}V${ground}A${tank.w / 2},8 0 0 0 ${tank.x + tank.w},${ground}V${tank.top}Z`} fill={`url(#${uid}-cyl)`} stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} />
      <path d={tankRings.map((y) => `M${tank.x},${y}A${tank.w / 2},8 0 0 0 ${tank.x + tank.w},${y}`).join("")} fill="none" stroke={PALETTE.sage} strokeWidth={0.6} strokeOpacity={0.6} />
      <ellipse cx={tank.x + tank.w / 2} cy={tank.top} rx={tank.w / 2} ry={8} fill="#F4F6F4" stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} />
      <path d={`M${tank.x + 6},${tank.top}Q${tank.x + tank.w / 2},${tank.top - 22} ${tank.x + tank.w - 6},${tank.top}`} fill="none" stroke={PALETTE.sage} strokeWidth={0.7} />
      <path d={`M${tank.x + tank.w - 14},${tank.top + 8}V${ground}M${tank.x + tank.w - 6},${tank.top + 8}V${ground}${Array.from({ length: 30 }, (_, i) => `M${tank.x + tank.w - 14},${tank.top + 14 + i * 8.2}h8`).join("")}`} stroke={PALETTE.sage} strokeWidth={0.7} />
      <path d={`M${tank.x + 18},${tank.top + 10}V${ground - 6}`} stroke="#FFFFFF" strokeWidth={6} strokeOpacity={0.6} strokeLinecap="round" />
      <rect x={tank.x + 30} y={tank.top + 60} width={40} height={14} rx={2} fill={PALETTE.leaf} />
      <path d={`M${tank.x + 35},${tank.top + 67}h30`} stroke={PALETTE.paper} strokeWidth={1.4} />
      {/* engine house, with oblique depth */}
      <path d={`M${eh.x + eh.w},${eh.top}l${ox},${oy}V${ground + oy}l${-ox},${-oy}Z`} fill={shade(wall, 0.18)} stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} strokeLinejoin="round" />
      <path d={`M${eh.x},${eh.top}l${ox},${oy}H${eh.x + eh.w + ox}l${-ox},${-oy}Z`} fill={roof} stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} strokeLinejoin="round" />
      <rect x={eh.x} y={eh.top} width={eh.w} height={ground - eh.top} fill={wall} stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} />
      <path d={Array.from({ length: 14 }, (_, i) => `M${eh.x + 8 + i * 14.5},${eh.top + 4}V${ground - 4}`).join("")} stroke={shade(wall, 0.15)} strokeWidth={0.6} />
      {/* louvres and roller door */}
      {[eh.x + 20, eh.x + 70].map((x) => (
        <g key={x}>
          <rect x={x} y={eh.top + 22} width={36} height={34} fill={shade(wall, 0.3)} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} />
          <path d={Array.from({ length: 7 }, (_, i) => `M${x + 2},${eh.top + 26 + i * 4.6}h32`).join("")} stroke="#FFFFFF" strokeWidth={1.2} strokeOpacity={0.7} />
        </g>
      ))}
      <rect x={eh.x + 126} y={eh.top + 50} width={62} height={ground - eh.top - 50} fill={shade(wall, 0.08)} stroke={INK} strokeWidth={0.7} strokeOpacity={0.7} />
      <path d={Array.from({ length: 16 }, (_, i) => `M${eh.x + 126},${eh.top + 54 + i * 5.2}h62`).join("")} stroke={shade(wall, 0.25)} strokeWidth={0.5} />
      <rect x={eh.x + 24} y={eh.top + 78} width={22} height={ground - eh.top - 78} fill={PALETTE.leaf} opacity={0.85} />
      {/* silencer and flue to the stack, radiators on the roof */}
      <rect x={eh.x + 30} y={eh.top - 30} width={70} height={16} rx={8} fill={`url(#${uid}-pipe)`} stroke={INK} strokeWidth={0.7} strokeOpacity={0.7} />
      <path d={`M${eh.x + 100},${eh.top - 22}H${stack.x}`} stroke={INK} strokeOpacity={0.7} strokeWidth={9.5} />
      <path d={`M${eh.x + 100},${eh.top - 22}H${stack.x}`} stroke="#EEF1EF" strokeWidth={8} />
      <path d={`M${eh.x + 50},${eh.top - 14}v8M${eh.x + 80},${eh.top - 14}v8`} stroke={INK} strokeWidth={1} strokeOpacity={0.7} />
      <rect x={eh.x + 120} y={eh.top - 18} width={64} height={12} fill={shade(steel, 0.1)} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} />
      <path d={Array.from({ length: 12 }, (_, i) => `M${eh.x + 124 + i * 5},${eh.top - 16}v8`).join("")} stroke={PALETTE.sage} strokeWidth={0.6} />
      {/* chimney with a faint plume */}
      <path d={`M${stack.x + stack.w / 2},${stack.top - 4}C${stack.x - 10},${stack.top - 30} ${stack.x + 30},${stack.top - 48} ${stack.x + 8},${stack.top - 70}C${stack.x + 40},${stack.top - 60} ${stack.x + 30},${stack.top - 28} ${stack.x + stack.w},${stack.top - 4}Z`} fill={`url(#${uid}-plume)`} />
      <rect x={stack.x} y={stack.top} width={stack.w} height={ground - stack.top} fill={`url(#${uid}-cyl)`} stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} />
      <path d={[120, 200, 280].map((y) => `M${stack.x - 1},${y}h${stack.w + 2}`).join("")} stroke={INK} strokeWidth={2} strokeOpacity={0.5} />
      <rect x={stack.x - 2} y={stack.top} width={stack.w + 4} height={5} fill={shade(steel, 0.3)} />
      {/* greenhouse */}
      <path d={ghShape} fill={GLASS} opacity={0.6} />
      {plants.map((list, i) => (
        <path key={i} d={spots(list.map((p) => ({ ...p, ry: p.rx * 0.8 })))} fill={BEDS[i]} stroke={shade(BEDS[i], 0.4)} strokeWidth={0.3} />
      ))}
      <path d={`M${gh.x0},${ground - 16}H${gh.x1 + gh.bay}V${ground - 22}H${gh.x0}Z`} fill={GREENS.mid} opacity={0.7} />
      <path d={ghShape} fill="#FFFFFF" opacity={0.25} />
      <path d={ghLines} stroke={PALETTE.sage} strokeWidth={0.5} strokeOpacity={0.7} />
      <path d={ghShape} fill="none" stroke={INK} strokeWidth={0.8} strokeOpacity={0.75} strokeLinejoin="round" />
      {/* insulated pipes: flow and return from engine and tank to the glasshouse, and a CO2 line */}
      <g strokeLinecap="round" strokeLinejoin="round" fill="none">
        {[
          { d: `M${tank.x + tank.w},${ground - 58}H${eh.x}M${eh.x + eh.w + ox / 2},${ground - 58}H${gh.x0 + 10}V${ground - 14}`, w: 9 },
          { d: `M${tank.x + tank.w},${ground - 40}H${eh.x}M${eh.x + eh.w + ox / 2},${ground - 40}H${gh.x0 + 30}V${ground - 14}`, w: 9 },
          { d: `M${stack.x + stack.w},${ground - 80}H${gh.x0 + 54}V${gh.eave - 4}`, w: 4 },
        ].map((p, i) => (
          <g key={i}>
            <path d={p.d} stroke={INK} strokeOpacity={0.7} strokeWidth={p.w + 1.6} />
            <path d={p.d} stroke={i === 2 ? "#F3E6B8" : "#F4F6F4"} strokeWidth={p.w} />
            <path d={p.d} stroke="#FFFFFF" strokeWidth={p.w * 0.3} transform={`translate(0 ${-p.w * 0.22})`} />
          </g>
        ))}
      </g>
      <path d={[250, 300, 480, 510].map((x) => `M${x},${ground - 58}v58M${x - 6},${ground}h12`).join("")} stroke={INK} strokeWidth={1} strokeOpacity={0.6} transform={`translate(${0} 0)`} />
      <path d={`M${tank.x + tank.w + 8},${ground - 58}v58M${eh.x - 10},${ground - 58}v58`} stroke={INK} strokeWidth={1} strokeOpacity={0.6} />
      {/* heat flow arrows */}
      <path d="M350,326l8,4l-8,4M380,326l8,4l-8,4" fill="none" stroke={PALETTE.petal} strokeWidth={1.4} transform="translate(120 -12)" />
      <path d="M350,344l-8,4l8,4M380,344l-8,4l8,4" fill="none" stroke={PALETTE.leaf} strokeWidth={1.4} transform="translate(120 -12)" />
      <path d="M0,450C140,426 260,420 400,424C560,428 680,416 800,420V450Z" fill={GREENS.pale} opacity={0.7} />
    </Frame>
  );
}

/* ----------------------------------------------------------------- packing */

/** A flat flower box in kraft board with a printed band. */
function FlowerBox({ x, y, w, h, d = 16, band = PALETTE.leaf }: { x: number; y: number; w: number; h: number; d?: number; band?: string }) {
  return (
    <g>
      <path d={`M${x},${y}l${d},${-d * 0.55}h${w}l${-d},${d * 0.55}Z`} fill={tint(KRAFT, 0.2)} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} strokeLinejoin="round" />
      <path d={`M${x + w},${y}l${d},${-d * 0.55}v${h}l${-d},${d * 0.55}Z`} fill={shade(KRAFT, 0.2)} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} strokeLinejoin="round" />
      <rect x={x} y={y} width={w} height={h} fill={KRAFT} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} />
      <rect x={x + w * 0.08} y={y + h * 0.3} width={w * 0.3} height={h * 0.4} fill={band} />
      <circle cx={x + w * 0.08 + h * 0.2} cy={y + h * 0.5} r={h * 0.12} fill={PALETTE.paper} />
    </g>
  );
}

/** Packing hall: bunches on the bench, pails on a trolley, boxes stacked and ready. */
export function PackingScene({ className, title }: SceneProps) {
  const uid = useSvgId();
  const floor = 330;
  const bench = { x: 150, y: 268, w: 420, h: 12 };
  const lamps = [180, 360, 540, 720];
  return (
    <Frame uid={uid} title={title} className={className} viewBox="0 0 800 450">
      <defs>
        <linearGradient id={`${uid}-wall`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#EEF1EC" />
          <stop offset="1" stopColor={PALETTE.paper} />
        </linearGradient>
        <radialGradient id={`${uid}-lamp`} cx="0.5" cy="0" r="0.9">
          <stop offset="0" stopColor={PALETTE.pollen} stopOpacity="0.35" />
          <stop offset="1" stopColor={PALETTE.pollen} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width={800} height={floor} fill={`url(#${uid}-wall)`} />
      {/* roof trusses and translucent roof light */}
      <path d="M0,40H800" stroke={PALETTE.sage} strokeWidth={1.2} strokeOpacity={0.6} />
      <path d={Array.from({ length: 9 }, (_, i) => `M${i * 100},40L${i * 100 + 50},10L${i * 100 + 100},40M${i * 100 + 50},10V40`).join("")} fill="none" stroke={PALETTE.sage} strokeWidth={0.7} strokeOpacity={0.5} />
      <rect y={52} width={800} height={60} fill="#FFFFFF" opacity={0.7} />
      <path d={Array.from({ length: 17 }, (_, i) => `M${i * 50},52V112`).join("") + "M0,52H800M0,112H800"} stroke={PALETTE.sage} strokeWidth={0.6} strokeOpacity={0.5} />
      {lamps.map((x) => (
        <g key={x}>
          <path d={`M${x},40V60`} stroke={INK} strokeWidth={0.6} />
          <path d={`M${x - 16},70Q${x},52 ${x + 16},70Z`} fill={PALETTE.leaf} />
          <ellipse cx={x} cy={70} rx={16} ry={2.5} fill={PALETTE.pollen} />
          <path d={`M${x - 16},72L${x - 90},${floor}H${x + 90}L${x + 16},72Z`} fill={`url(#${uid}-lamp)`} />
        </g>
      ))}
      {/* floor */}
      <rect y={floor} width={800} height={450 - floor} fill="#E6E1D6" />
      <path d={Array.from({ length: 12 }, (_, i) => `M${400 + (i - 5.5) * 60},${floor}L${400 + (i - 5.5) * 150},450`).join("") + `M0,${floor + 40}H800M0,${floor + 90}H800`} stroke={PALETTE.sage} strokeWidth={0.5} strokeOpacity={0.3} />
      {/* stacked boxes on a pallet, left */}
      <rect x={22} y={floor - 10} width={150} height={10} fill={tint(KRAFT, 0.1)} stroke={INK} strokeWidth={0.6} strokeOpacity={0.7} />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <FlowerBox key={i} x={24 + (i % 2) * 3} y={floor - 10 - (i + 1) * 30} w={128} h={30} d={18} band={i % 3 === 1 ? PALETTE.petal : PALETTE.leaf} />
      ))}
      {/* Danish trolley with pails */}
      <defs>
        {[PALETTE.petal, PALETTE.pollen, "#EE8A4A"].map((c, i) => (
          <g key={i} id={`${uid}-pail${i}`}>
            <PailArt id={`${uid}-p${i}`} color={c} pail={i === 1 ? PALETTE.sage : PALETTE.leaf} />
          </g>
        ))}
        {[PALETTE.petal, "#F3B3C6"].map((c, i) => (
          <g key={i} id={`${uid}-bunch${i}`}>
            <BunchArt id={`${uid}-b${i}`} color={c} tie={PALETTE.leaf} />
          </g>
        ))}
      </defs>
      <g>
        {[0, 1, 2].map((k) =>
          [0, 1, 2].map((j) => <use key={`${k}${j}`} href={`#${uid}-pail${(k + j) % 3}`} transform={`translate(${596 + j * 44} ${floor - 68 - k * 76}) scale(0.26)`} />),
        )}
        <path d={`M590,${floor - 6}V60M780,${floor - 6}V60`} stroke={INK} strokeWidth={2} strokeOpacity={0.7} />
        {[0, 1, 2].map((k) => (
          <path key={k} d={`M586,${floor - 8 - k * 76}H784`} stroke={INK} strokeWidth={3} strokeOpacity={0.7} />
        ))}
        <circle cx={600} cy={floor - 2} r={5} fill={INK} opacity={0.8} />
        <circle cx={770} cy={floor - 2} r={5} fill={INK} opacity={0.8} />
      </g>
      {/* the bench with bunches being made */}
      <path d={`M${bench.x},${bench.y}l20,-26h${bench.w}l-20,26Z`} fill="#F4EFE6" stroke={INK} strokeWidth={0.7} strokeOpacity={0.7} strokeLinejoin="round" />
      <rect x={bench.x} y={bench.y} width={bench.w} height={bench.h} fill={shade("#E8DFD0", 0.15)} stroke={INK} strokeWidth={0.7} strokeOpacity={0.7} />
      <path d={`M${bench.x + 12},${bench.y + bench.h}V${floor + 4}M${bench.x + bench.w - 12},${bench.y + bench.h}V${floor + 4}M${bench.x + 12},${floor - 20}H${bench.x + bench.w - 12}`} stroke={INK} strokeWidth={3} strokeOpacity={0.6} />
      {[200, 290, 380].map((x, i) => (
        <use key={i} href={`#${uid}-bunch${i % 2}`} transform={`translate(${x} ${bench.y - 6}) rotate(-84) scale(0.42)`} />
      ))}
      {/* loose stems waiting, a sleeve roll and a tape dispenser */}
      <path d="M470,252L560,240M472,256L562,247M468,248L556,234" stroke={GREENS.mid} strokeWidth={2} strokeLinecap="round" />
      {[
        [560, 240],
        [562, 247],
        [556, 234],
      ].map(([x, y], i) => (
        <g key={i} transform={`translate(${x} ${y}) rotate(${80 + i * 6})`}>
          <SmallGerbera id={`${uid}-g${i}`} color={BEDS[(i + 2) % 5]} centre="#2E2117" r={11} tilt={0.55} />
        </g>
      ))}
      <ellipse cx={520} cy={230} rx={10} ry={12} fill="#F4F8F6" stroke={PALETTE.sage} strokeWidth={0.8} />
      <ellipse cx={520} cy={230} rx={3} ry={4} fill={PALETTE.sage} opacity={0.5} />
      {/* pails on the floor in front */}
      {[120, 250, 380].map((x, i) => (
        <use key={i} href={`#${uid}-pail${i}`} transform={`translate(${x} ${floor - 50}) scale(0.7)`} />
      ))}
    </Frame>
  );
}

/* -------------------------------------------------------------- the hero */

/** A fan of long leaves rising from one point (a clump of foliage). */
function Clump({ seed }: { seed: number }) {
  const rand = rng(seed);
  return (
    <g>
      {Array.from({ length: 5 }, (_, i) => {
        const a = -50 + i * 25 + (rand() - 0.5) * 14;
        return (
          <Leaf
            key={i}
            x={(i - 2) * 6}
            y={0}
            rot={a}
            len={90 + rand() * 70}
            wid={16 + rand() * 10}
            bend={(a > 0 ? 1 : -1) * (0.08 + rand() * 0.1)}
            light={i % 2 ? GREENS.soft : GREENS.mid}
            dark={i % 2 ? GREENS.leaf : GREENS.deep}
          />
        );
      })}
    </g>
  );
}

/** A wide hero (16:7): a bed of lilies, gerbera, snapdragons and roses in brand colours, running to a field beyond. */
export function FieldOfColour({ className, title }: SceneProps) {
  const uid = useSvgId();
  const rand = rng(2024);
  const W = 1600;
  const H = 700;
  const horizon = 250;
  const pink = "#F3B3C6";
  const blush = "#F6C9B8";
  const white = "#FFFFFF";
  const orange = "#EE8A4A";
  // drawn once, placed many times
  const protos: Record<string, JSX.Element> = {
    "g-petal": <GerberaHead id={`${uid}-gp`} color={PALETTE.petal} centre="#6F8F3A" r={80} rays={26} seed={1} />,
    "g-pollen": <GerberaHead id={`${uid}-gy`} color={PALETTE.pollen} centre="#2E2117" r={80} rays={26} seed={2} />,
    "g-orange": <GerberaHead id={`${uid}-go`} color={orange} centre="#2E2117" r={80} rays={26} seed={3} />,
    "g-pink": <GerberaHead id={`${uid}-gk`} color={pink} centre="#6F8F3A" r={80} rays={26} seed={4} />,
    "r-blush": <RoseHead id={`${uid}-rb`} color={blush} r={62} rings={6} seed={5} sq={0.66} />,
    "r-petal": <RoseHead id={`${uid}-rp`} color={PALETTE.petal} r={62} rings={6} seed={6} sq={0.66} />,
    "r-white": <RoseHead id={`${uid}-rw`} color="#FBF3EA" r={62} rings={6} seed={7} sq={0.66} />,
    "l-white": <LilyHead id={`${uid}-lw`} color={white} spotColor="#B9B066" r={92} seed={8} />,
    "l-pink": <LilyHead id={`${uid}-lp`} color={pink} spotColor={shade(pink, 0.62)} r={92} seed={9} />,
    "s-white": <SnapSpike id={`${uid}-sw`} color={white} throat={PALETTE.pollen} height={300} size={1.4} sway={5} seed={10} open={9} />,
    "s-pink": <SnapSpike id={`${uid}-sk`} color={pink} throat={PALETTE.pollen} height={300} size={1.4} sway={5} seed={11} open={9} />,
    "s-petal": <SnapSpike id={`${uid}-sp`} color={PALETTE.petal} throat={PALETTE.pollen} height={300} size={1.4} sway={5} seed={12} open={9} />,
    "s-pollen": <SnapSpike id={`${uid}-sy`} color={PALETTE.pollen} throat="#FFF4CC" height={300} size={1.4} sway={5} seed={13} open={9} />,
    clump: <Clump seed={14} />,
    clump2: <Clump seed={15} />,
  };
  const place = (key: string, transform: string, k: string | number) => <use key={k} href={`#${uid}-${key}`} transform={transform} />;
  // rows of colour running to the horizon
  const vx = 1040;
  const stripes: { d: string; c: string }[] = [];
  const rowColours = [PALETTE.petal, PALETTE.pollen, pink, white, orange, GREENS.soft];
  for (let i = -16; i < 18; i++) {
    const x0 = (i * 150);
    const x1 = ((i + 0.62) * 150);
    stripes.push({ d: `M${n(vx + x0 * 0.02)},${horizon}L${n(vx + x1 * 0.02)},${horizon}L${n(vx + x1 * 1.6)},${H}L${n(vx + x0 * 1.6)},${H}Z`, c: rowColours[((i % 6) + 6) % 6] });
  }
  // mid-ground dabs of bloom along those rows
  const dabs = new Map<string, { x: number; y: number; rx: number; ry: number }[]>();
  for (let k = 0; k < 460; k++) {
    const t = Math.pow(rand(), 1.7) * 0.62;
    const y = horizon + 4 + t * (H - horizon);
    const i = Math.floor(rand() * 34) - 16;
    const x = vx + (i + 0.12 + rand() * 0.4) * 150 * (0.02 + t * 1.58);
    if (x < -10 || x > W + 10) continue;
    const c = rowColours[((i % 6) + 6) % 6];
    const r = 1 + t * 11;
    const list = dabs.get(c) ?? [];
    list.push({ x, y, rx: r, ry: r * 0.65 });
    dabs.set(c, list);
  }
  // the bed: small blooms behind, snapdragons, then the large front row cropped by the bottom edge
  type Item = { key: string; x: number; y: number; s: number; rot?: number; tilt?: number; spin?: number; stem?: number };
  const mid: Item[] = [];
  const midKeys = ["g-petal", "g-pollen", "r-blush", "g-orange", "r-petal", "g-pink", "l-white", "r-white", "l-pink"];
  for (let k = 0; k < 30; k++) {
    const y = 430 + rand() * 80;
    const key = midKeys[Math.floor(rand() * midKeys.length)];
    mid.push({ key, x: 20 + ((k + rand() * 0.8) / 30) * 1560, y, s: 0.2 + (y - 430) / 500, rot: (rand() - 0.5) * 40, tilt: 0.8 + rand() * 0.15, spin: rand() * 360 });
  }
  const snaps: Item[] = [
    { key: "s-white", x: 150, y: 600, s: 1.1 },
    { key: "s-pink", x: 210, y: 640, s: 0.95 },
    { key: "s-pollen", x: 700, y: 600, s: 1.0 },
    { key: "s-petal", x: 470, y: 650, s: 0.85 },
    { key: "s-pink", x: 1170, y: 600, s: 1.15 },
    { key: "s-white", x: 1235, y: 640, s: 1.0 },
    { key: "s-petal", x: 1540, y: 610, s: 1.1 },
    { key: "s-white", x: 960, y: 650, s: 0.85 },
  ];
  const front: Item[] = [
    { key: "g-petal", x: 80, y: 625, s: 1.05, rot: -8, tilt: 0.9 },
    { key: "r-blush", x: 300, y: 640, s: 1.25 },
    { key: "l-white", x: 560, y: 585, s: 1.15, rot: -12, tilt: 0.9 },
    { key: "g-pollen", x: 815, y: 650, s: 1.15, rot: 6, tilt: 0.88 },
    { key: "r-petal", x: 1010, y: 655, s: 1.1 },
    { key: "l-pink", x: 1310, y: 595, s: 1.2, rot: 10, tilt: 0.9 },
    { key: "g-orange", x: 1515, y: 650, s: 1.05, rot: -4, tilt: 0.9 },
    { key: "r-white", x: 690, y: 700, s: 0.85 },
    { key: "g-pollen", x: 420, y: 712, s: 0.8, rot: 0, tilt: 0.85, spin: 40 },
    { key: "g-pink", x: 1150, y: 712, s: 0.85, rot: 0, tilt: 0.85 },
  ];
  const stems = (items: Item[], w: number) =>
    items.map((it, i) => <Stem key={i} d={`M${n(it.x)},${n(it.y)}Q${n(it.x + (((i * 37) % 40) - 20))},${n(it.y + 140)} ${n(it.x + (((i * 53) % 30) - 15))},${H + 10}`} w={n(w * Math.max(0.5, it.s))} />);
  const head = (it: Item, i: number) => {
    const t = it.tilt ?? 1;
    const rotate = it.key.startsWith("r-") ? 0 : (it.rot ?? 0);
    const flip = it.key.startsWith("r-") && i % 2 ? -1 : 1;
    const spin = it.key.startsWith("g-") ? (it.spin ?? i * 29) : 0;
    return place(it.key, `translate(${n(it.x)} ${n(it.y)}) rotate(${n(rotate)}) scale(${n(it.s * flip)} ${n(it.s * t)}) rotate(${n(spin)})`, `h${i}`);
  };
  return (
    <Frame uid={uid} title={title} className={className} viewBox={`0 0 ${W} ${H}`}>
      <defs>
        <linearGradient id={`${uid}-field`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={PALETTE.paper} stopOpacity="1" />
          <stop offset="0.3" stopColor={PALETTE.paper} stopOpacity="0.55" />
          <stop offset="1" stopColor={PALETTE.paper} stopOpacity="0" />
        </linearGradient>
        {Object.entries(protos).map(([key, el]) => (
          <g key={key} id={`${uid}-${key}`}>
            {el}
          </g>
        ))}
      </defs>
      <Sky id={uid} w={W} h={H} top="#E3EEEF" bottom={PALETTE.paper} />
      <path d={`M0,${horizon - 20}C240,${horizon - 60} 520,${horizon - 10} 800,${horizon - 34}C1080,${horizon - 58} 1340,${horizon - 16} 1600,${horizon - 40}V${horizon + 10}H0Z`} fill={GREENS.pale} opacity={0.7} />
      <Trees x0={-20} x1={1620} y={horizon + 4} seed={11} scale={0.7} />
      <g opacity={0.8}>
        <path d={`M1180,${horizon}V${horizon - 26}${Array.from({ length: 12 }, (_, i) => `L${1180 + i * 22 + 11},${horizon - 34}L${1180 + (i + 1) * 22},${horizon - 26}`).join("")}V${horizon}Z`} fill="#FFFFFF" stroke={PALETTE.sage} strokeWidth={0.8} />
        <path d={Array.from({ length: 25 }, (_, i) => `M${1180 + i * 11},${horizon}V${horizon - (i % 2 ? 34 : 26)}`).join("")} stroke={PALETTE.sage} strokeWidth={0.4} />
      </g>
      <rect y={horizon} width={W} height={H - horizon} fill={mix(GREENS.light, PALETTE.paper, 0.4)} />
      {stripes.map((st, i) => (
        <path key={i} d={st.d} fill={st.c} opacity={st.c === white ? 0.6 : 0.32} />
      ))}
      <rect y={horizon} width={W} height={H - horizon} fill={`url(#${uid}-field)`} />
      {[...dabs.entries()].map(([c, list]) => (
        <path key={c} d={spots(list)} fill={c} opacity={0.9} stroke={shade(c, 0.35)} strokeWidth={0.4} strokeOpacity={0.5} />
      ))}
      <path d={`M0,455C300,425 600,455 900,440C1200,422 1400,448 1600,432V${H}H0Z`} fill={GREENS.soft} opacity={0.3} />
      {stems(mid, 2.4)}
      {mid.map(head)}
      {[40, 250, 390, 620, 880, 1060, 1290, 1450, 1580].map((x, i) => place(i % 2 ? "clump" : "clump2", `translate(${x} ${H + 20}) scale(${i % 3 ? 1 : -1.1} ${1 + (i % 3) * 0.25})`, `c${i}`))}
      {snaps.map((it, i) => (
        <g key={`s${i}`}>
          <Stem d={`M${it.x},${it.y}V${H}`} w={3.6} />
          {place(it.key, `translate(${it.x} ${it.y}) scale(${n(it.s)})`, i)}
        </g>
      ))}
      {stems(front, 5)}
      {[160, 520, 760, 1240, 1420].map((x, i) => place(i % 2 ? "clump2" : "clump", `translate(${x} ${H + 40}) scale(${i % 2 ? 1.2 : -1.3} 1.4)`, `d${i}`))}
      {front.map(head)}
    </Frame>
  );
}

/* ----------------------------------------------------------- bouquet box */

/** A mass-market bouquet standing in its shipping box: mixed stems in a clear sleeve, flaps open. */
export function BouquetBox({ className, title }: SceneProps) {
  const uid = useSvgId();
  const fx = 100; // front face of the box
  const fy = 300;
  const fw = 200;
  const fh = 150;
  const dx = 56; // oblique depth
  const dy = -28;
  const sleeve = "#EEF3F1";
  const line = { stroke: INK, strokeWidth: 0.7, strokeOpacity: 0.7, strokeLinejoin: "round" as const };
  const filler: Pt[] = [
    [112, 196], [122, 184], [292, 176], [302, 190], [286, 232], [118, 236], [196, 118], [232, 128], [160, 128], [250, 250], [150, 252], [310, 214], [96, 214],
  ];
  return (
    <Frame uid={uid} title={title} className={className} viewBox="0 0 400 480">
      <defs>
        <linearGradient id={`${uid}-sl`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.8" />
          <stop offset="0.4" stopColor={sleeve} stopOpacity="0.3" />
          <stop offset="0.75" stopColor="#FFFFFF" stopOpacity="0.65" />
          <stop offset="1" stopColor={sleeve} stopOpacity="0.4" />
        </linearGradient>
        <linearGradient id={`${uid}-kf`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={tint(KRAFT, 0.12)} />
          <stop offset="1" stopColor={shade(KRAFT, 0.1)} />
        </linearGradient>
        <g id={`${uid}-rose`}>
          <RoseHead id={`${uid}-r`} color={PALETTE.petal} r={30} rings={5} seed={7} sq={0.7} />
        </g>
        <g id={`${uid}-rose2`}>
          <RoseHead id={`${uid}-r2`} color="#F6C9B8" r={30} rings={5} seed={8} sq={0.7} />
        </g>
      </defs>
      <ellipse cx={228} cy={458} rx={160} ry={14} fill={PALETTE.sage} opacity={0.18} />
      {/* back flap standing up, and the open mouth of the box */}
      <path d={`M${fx + dx},${fy + dy}h${fw}l-4,-70h${-fw + 8}Z`} fill={tint(KRAFT, 0.05)} {...line} />
      <path d={`M${fx},${fy}l${dx},${dy}h${fw}l${-dx},${-dy}Z`} fill={shade(KRAFT, 0.4)} />
      {/* sleeve back, stems and foliage */}
      <path d="M62,150L112,86L200,56L290,82L342,142L232,318L168,318Z" fill={sleeve} opacity={0.75} stroke={PALETTE.sage} strokeWidth={0.8} strokeOpacity={0.5} strokeLinejoin="round" />
      <path d="M150,240L188,316M200,240L200,316M250,240L212,316" stroke={GREENS.mid} strokeWidth={3} />
      <Leaf x={150} y={200} rot={-62} len={74} wid={22} bend={-0.12} widest={0.42} />
      <Leaf x={250} y={196} rot={60} len={74} wid={22} bend={0.12} widest={0.42} light={GREENS.mid} />
      <Leaf x={210} y={160} rot={16} len={86} wid={16} bend={0.06} />
      <Leaf x={186} y={164} rot={-22} len={80} wid={15} bend={-0.06} light={GREENS.mid} />
      <g transform="translate(158 168) rotate(-16)">
        <SnapSpike id={`${uid}-sn`} color="#F3B3C6" throat={PALETTE.pollen} height={118} size={0.55} sway={2} seed={4} open={7} />
      </g>
      <g transform="translate(250 166) rotate(14)">
        <SnapSpike id={`${uid}-sn2`} color="#FFFFFF" throat={PALETTE.pollen} height={104} size={0.5} sway={2} seed={5} open={7} />
      </g>
      <g transform="translate(268 158) rotate(14) scale(0.5 0.45)">
        <LilyHead id={`${uid}-li`} color="#FFFFFF" spotColor="#B9B066" r={80} seed={5} />
      </g>
      <g transform="translate(132 170) scale(0.56)">
        <LisianthusBloom id={`${uid}-ls`} color="#8A67B2" />
      </g>
      <g transform="translate(204 170) scale(0.7 0.62)">
        <GerberaHead id={`${uid}-g1`} color={PALETTE.pollen} centre="#2E2117" r={60} rays={24} seed={6} detail={0} />
      </g>
      <use href={`#${uid}-rose`} transform="translate(262 224)" />
      <use href={`#${uid}-rose2`} transform="translate(142 226) scale(-1 1)" />
      <use href={`#${uid}-rose`} transform="translate(204 244) scale(0.95)" />
      <g transform="translate(102 190) rotate(-34)">
        <RoseBud color={PALETTE.petal} r={11} />
      </g>
      <g transform="translate(306 186) rotate(30)">
        <RoseBud color="#F6C9B8" r={10} />
      </g>
      <Filler pts={filler} r={2.6} />
      {/* sleeve front */}
      <path d="M74,236C150,262 250,262 328,232L236,326L164,326Z" fill={`url(#${uid}-sl)`} stroke={PALETTE.sage} strokeWidth={0.8} strokeOpacity={0.55} strokeLinejoin="round" />
      <path d="M130,254L176,322M204,262L202,322M272,252L226,322" stroke="#FFFFFF" strokeWidth={2} strokeOpacity={0.8} />
      {/* tissue in the mouth of the box */}
      <path d={curve([[fx - 2, fy + 2], [fx + 40, fy - 14], [fx + 80, fy - 4], [fx + 120, fy - 18], [fx + 160, fy - 6], [fx + fw + 10, fy - 22], [fx + fw + dx - 6, fy + dy - 6]]) + `L${fx + fw + dx},${fy + dy + 12}L${fx + fw},${fy + 10}L${fx},${fy + 10}Z`} fill="#FFFFFF" stroke={PALETTE.sage} strokeWidth={0.6} strokeOpacity={0.6} />
      {/* side flaps folded out, side and front faces */}
      <path d={`M${fx},${fy}l${dx},${dy}l-44,-20l${-dx},${-dy}Z`} fill={tint(KRAFT, 0.15)} {...line} />
      <path d={`M${fx + fw},${fy}l${dx},${dy}l30,30l${-dx},${-dy}Z`} fill={shade(KRAFT, 0.08)} {...line} />
      <path d={`M${fx + fw},${fy}l${dx},${dy}v${fh}l${-dx},${-dy}Z`} fill={shade(KRAFT, 0.25)} {...line} />
      <rect x={fx} y={fy} width={fw} height={fh} fill={`url(#${uid}-kf)`} {...line} />
      <rect x={fx} y={fy + 52} width={fw} height={38} fill={PALETTE.leaf} />
      <path d={`M${fx + fw},${fy + 52}l${dx},${dy}v38l${-dx},${-dy}Z`} fill={shade(PALETTE.leaf, 0.3)} />
      <g transform={`translate(${fx + 30} ${fy + 71})`}>
        <circle r={12} fill={PALETTE.paper} />
        {[0, 72, 144, 216, 288].map((a) => (
          <ellipse key={a} cx={0} cy={-5.2} rx={3.2} ry={5.2} transform={`rotate(${a})`} fill={PALETTE.petal} />
        ))}
        <circle r={2.8} fill={PALETTE.pollen} />
      </g>
      <path d={`M${fx + 54},${fy + 66}h92M${fx + 54},${fy + 77}h60`} stroke={PALETTE.paper} strokeWidth={3.2} strokeLinecap="round" />
      <path d={`M${fx + 18},${fy + 118}h44M${fx + 18},${fy + 127}h28`} stroke={shade(KRAFT, 0.45)} strokeWidth={1.4} strokeLinecap="round" />
      <path d={`M${fx + fw - 46},${fy + 124}l9,-11l9,11M${fx + fw - 37},${fy + 113}v20M${fx + fw - 24},${fy + 124}l9,-11l9,11M${fx + fw - 15},${fy + 113}v20`} fill="none" stroke={shade(KRAFT, 0.5)} strokeWidth={1.5} />
    </Frame>
  );
}
