/**
 * Portraits of the varieties we grow, drawn as inline SVG in a calm
 * line-and-wash style. Every component takes `color` (the flower's colour, any
 * hex), `accent` (centre, spots, throat, sleeve or pail), `className` and an
 * optional `title` (without it the picture is decorative).
 *
 * All share a 200 x 240 viewBox, so they line up in grids and cards.
 */
import {
  AnthuriumFlower,
  BunchArt,
  PailArt,
  AnthuriumLeaf,
  GerberaHead,
  LilyBud,
  LilyHead,
  LisianthusBloom,
  LisianthusBud,
  RoseBud,
  RoseHead,
  SnapSpike,
} from "./parts.tsx";
import {
  Frame,
  GREENS,
  type IllustrationProps,
  Leaf,
  PALETTE,
  Stem,
  hex,
  luminance,
  n,
  shade,
  useSvgId,
} from "./shared.tsx";

const VIEW = "0 0 200 240";

/** Natural default colours, used when a product has no colour of its own. */
export const DEFAULT_COLORS = {
  lily: "#F4B6C8",
  gerbera: "#F0843A",
  miniGerbera: "#E9557F",
  anthurium: "#C81E3A",
  lisianthus: "#7E5BA8",
  snapdragon: "#E37AA0",
  gardenRose: "#F1A9A0",
  bunch: "#E98FA6",
  pail: "#F29A45",
} as const;

/* ------------------------------------------------------------------- lily */

/** Oriental lily: a spotted, recurved trumpet with stamens, a bud and lance leaves. */
export function Lily({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.lily);
  const white = luminance(c) > 0.75;
  const spots = hex(accent, white ? "#B9B066" : shade(c, 0.62));
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M110,240C107,206 113,160 110,98" w={3.6} />
      <Stem d="M110,170C100,160 86,152 70,146" w={2.4} />
      <g transform="translate(70 146) rotate(-58)">
        <LilyBud id={`${uid}-bud`} color={c} len={58} />
      </g>
      <Leaf x={110} y={226} rot={40} len={48} wid={11} bend={0.1} />
      <Leaf x={109} y={206} rot={-44} len={46} wid={10.5} bend={-0.1} />
      <Leaf x={111} y={186} rot={36} len={40} wid={9.5} bend={0.08} />
      <Leaf x={110} y={166} rot={-30} len={30} wid={8} bend={-0.06} />
      <g transform="translate(110 84) rotate(-6) scale(1 0.9)">
        <LilyHead id={`${uid}-h`} color={c} spotColor={spots} r={80} />
      </g>
    </Frame>
  );
}

/* ---------------------------------------------------------------- gerbera */

/** Gerbera: a large daisy with toothed ray florets around a dark (or green) centre. */
export function Gerbera({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.gerbera);
  const centre = hex(accent, "#2E2117");
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M101,110C98,150 110,196 104,240" w={4.4} />
      <g transform="translate(100 90) rotate(-8) scale(1 0.93)">
        <GerberaHead id={`${uid}-h`} color={c} centre={centre} r={80} rays={26} seed={3} />
      </g>
    </Frame>
  );
}

/** Mini gerbera: three smaller, denser heads on slim stems, green-eyed by default. */
export function MiniGerbera({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.miniGerbera);
  const centre = hex(accent, "#6F8F3A");
  const heads = [
    { x: 58, y: 78, r: 42, rot: -14, tilt: 0.88, seed: 21, stem: "M58,84C66,140 92,196 100,240" },
    { x: 144, y: 64, r: 44, rot: 10, tilt: 0.9, seed: 22, stem: "M144,70C134,130 108,190 102,240" },
    { x: 104, y: 140, r: 42, rot: -4, tilt: 0.86, seed: 23, stem: "M104,146C104,180 100,210 101,240" },
  ];
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      {heads.map((h, i) => (
        <Stem key={`s${i}`} d={h.stem} w={2.8} />
      ))}
      <defs>
        <g id={`${uid}-mg`}>
          <GerberaHead id={`${uid}-h`} color={c} centre={centre} r={43} rays={34} disk={0.31} seed={21} />
        </g>
      </defs>
      {heads.map((h, i) => (
        <use key={i} href={`#${uid}-mg`} transform={`translate(${h.x} ${h.y}) rotate(${h.rot}) scale(${n(h.r / 43)} ${n((h.r / 43) * h.tilt)}) rotate(${i * 53})`} />
      ))}
    </Frame>
  );
}

/* --------------------------------------------------------------- anthurium */

/** Anthurium: glossy heart-shaped spathe with its spadix, and a dark leaf behind. */
export function Anthurium({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.anthurium);
  const spadix = hex(accent, "#F2E1A0");
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M62,240C66,210 76,176 90,150" w={3} />
      <g transform="translate(90 150) rotate(48)">
        <AnthuriumLeaf s={0.6} />
      </g>
      <Stem d="M98,240C100,206 112,150 106,90" w={4} />
      <g transform="translate(106 86) rotate(-12)">
        <AnthuriumFlower id={`${uid}-f`} color={c} spadix={spadix} s={0.92} />
      </g>
    </Frame>
  );
}

/* -------------------------------------------------------------- lisianthus */

/** Lisianthus: a ruffled double cup, spiral buds and blue-green leaves. `accent` adds a picotee edge. */
export function Lisianthus({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.lisianthus);
  const edge = accent ? hex(accent, c) : undefined;
  const glaucous = { light: "#9FC2AA", dark: GREENS.soft };
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M100,240C101,206 97,160 98,126" w={3.2} />
      <Stem d="M99,168C118,150 140,120 152,86" w={2.2} />
      <Stem d="M98,160C76,150 50,130 34,112" w={2.2} />
      <g transform="translate(152 88) rotate(16)">
        <LisianthusBud id={`${uid}-b1`} color={edge ?? c} len={46} />
      </g>
      <g transform="translate(34 114) rotate(-30)">
        <LisianthusBud id={`${uid}-b2`} color={c} len={40} open={0.6} />
      </g>
      <Leaf x={100} y={214} rot={-58} len={40} wid={15} widest={0.42} light={glaucous.light} dark={glaucous.dark} veins={3} />
      <Leaf x={100} y={214} rot={54} len={38} wid={14} widest={0.42} light={glaucous.light} dark={glaucous.dark} veins={3} />
      <Leaf x={99} y={184} rot={-48} len={30} wid={12} widest={0.42} light={glaucous.light} dark={glaucous.dark} veins={2} />
      <Leaf x={99} y={184} rot={44} len={28} wid={11} widest={0.42} light={glaucous.light} dark={glaucous.dark} veins={2} />
      <g transform="translate(98 100)">
        <LisianthusBloom id={`${uid}-f`} color={c} edge={edge} s={0.9} />
      </g>
    </Frame>
  );
}

/* -------------------------------------------------------------- snapdragon */

/** Snapdragon: a tall spike of two-lipped florets with yellow throats, opening from the bottom up. */
export function Snapdragon({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.snapdragon);
  const throat = hex(accent, PALETTE.pollen);
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M100,240C100,228 100,218 100,206" w={3.4} />
      <Leaf x={100} y={236} rot={-40} len={40} wid={8} bend={-0.1} />
      <Leaf x={100} y={230} rot={44} len={38} wid={7.5} bend={0.12} />
      <Leaf x={100} y={220} rot={-24} len={26} wid={6} bend={-0.05} />
      <g transform="translate(100 212)">
        <SnapSpike id={`${uid}-s`} color={c} throat={throat} height={204} size={1.05} />
      </g>
    </Frame>
  );
}

/* -------------------------------------------------------------- garden rose */

/** A rose leaf: serrated leaflets in pairs along a stalk, with a terminal leaflet. */
function RoseLeafSpray({ x, y, rot, s = 1 }: { x: number; y: number; rot: number; s?: number }) {
  const len = 46 * s;
  return (
    <g transform={`translate(${n(x)} ${n(y)}) rotate(${n(rot)})`}>
      <path d={`M0,0Q2,${n(-len * 0.5)} 0,${n(-len)}`} fill="none" stroke={GREENS.leaf} strokeWidth={1.4 * s} />
      {[0.35, 0.7].map((t, i) => (
        <g key={i}>
          <Leaf x={0} y={-len * t} rot={-62} len={20 * s} wid={12 * s} widest={0.45} teeth={7} veins={3} bend={-0.06} />
          <Leaf x={0} y={-len * t} rot={62} len={20 * s} wid={12 * s} widest={0.45} teeth={7} veins={3} bend={0.06} light={GREENS.mid} />
        </g>
      ))}
      <Leaf x={0} y={-len} rot={0} len={24 * s} wid={14 * s} widest={0.45} teeth={8} veins={4} />
    </g>
  );
}

/** Garden rose: a cupped, many-petalled, quartered bloom, a bud and serrated leaves. */
export function GardenRose({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  const c = hex(color, DEFAULT_COLORS.gardenRose);
  const heart = accent ? hex(accent, c) : undefined;
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <Stem d="M100,240C102,204 96,170 98,142" w={3.6} tone={GREENS.soft} />
      <Stem d="M99,178C118,160 146,120 158,66" w={2.3} tone={GREENS.soft} />
      {[
        [101, 214, 1],
        [98, 160, -1],
        [116, 158, 1],
      ].map(([x, y, d], i) => (
        <path key={i} d={`M${x},${y}l${d * 4},-3l${-d * 3.4},-1.6Z`} fill="#7A4A34" />
      ))}
      <defs>
        <g id={`${uid}-lf`}>
          <RoseLeafSpray x={0} y={0} rot={0} />
        </g>
      </defs>
      <use href={`#${uid}-lf`} transform="translate(100 224) rotate(-60) scale(1.1)" />
      <use href={`#${uid}-lf`} transform="translate(100 200) rotate(56) scale(-1 1)" />
      <use href={`#${uid}-lf`} transform="translate(126 146) rotate(66) scale(0.7)" />
      <g transform="translate(160 56) rotate(16)">
        <RoseBud color={c} r={15} />
      </g>
      <g transform="translate(94 88)">
        <RoseHead id={`${uid}-r`} color={c} heart={heart} r={58} rings={7} seed={11} />
      </g>
    </Frame>
  );
}

/* -------------------------------------------------------------- bunch, pail */

/** A bunch of roses wrapped in a clear sleeve and tied; `accent` colours the tie. */
export function Bunch({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <BunchArt id={uid} color={hex(color, DEFAULT_COLORS.bunch)} tie={hex(accent, PALETTE.leaf)} />
    </Frame>
  );
}

/** A flower pail (bucket) of gerbera; `accent` colours the pail. */
export function Pail({ color, accent, className, title }: IllustrationProps) {
  const uid = useSvgId();
  return (
    <Frame uid={uid} title={title} className={className} viewBox={VIEW}>
      <PailArt id={uid} color={hex(color, DEFAULT_COLORS.pail)} pail={hex(accent, PALETTE.sage)} />
    </Frame>
  );
}
