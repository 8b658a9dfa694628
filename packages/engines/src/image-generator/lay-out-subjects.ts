import type { SceneSubject } from './read-scene.ts';
import type { Pose, Setting } from './scene-words.ts';
import { surfaceTops } from './scene-words.ts';
import { liesDown } from './poses.ts';
import type { Random } from './seeded-random.ts';

/** One drawn figure: its icon and the square it fills, in pixels. */
export type PlacedFigure = {
  icon: string;
  phrase: string;
  colour: string | undefined;
  x: number;
  y: number;
  size: number;
  /** Mirrored, so a row of the same animal does not look stamped. */
  flipped: boolean;
  /** Where its shadow falls (the bottom of what it stands on); undefined for things in the air. */
  footY: number | undefined;
  /** The pose it is drawn in, if the prompt asked for one the figure can take. */
  pose?: Pose;
  /** Drawn lying down: low and long, its feet at the bottom of its square. */
  lying?: boolean;
  /** The phrase of what it is on ('sofa'), when placed on another figure. */
  onTopOf?: string;
};

export type Stage = {
  width: number;
  height: number;
  /** Where the sky meets the ground, in pixels from the top. */
  horizon: number;
  setting: Setting;
  /** Where standing figures put their feet (top = farthest). */
  ground: { top: number; bottom: number };
  /** The top of the water band, for boats and fish (from the backdrop). */
  water: { top: number; bottom: number } | undefined;
  /** The surface small things stand on indoors (a table), if the backdrop drew one. */
  table: { top: number; left: number; right: number } | undefined;
};

/** Share of the icon's 32-unit box below the drawing (the set pads every icon by about two units). */
const padding = 2 / 32;

/**
 * Places every figure: things on the ground stand in a row across the ground, nearer (lower) ones
 * larger, in slots so they do not pile up; things in the air fly above the horizon; boats and fish sit
 * in the water. The biggest kind of thing gets the hero size and the others keep their size relative to it,
 * so a cat next to an elephant stays smaller. Seeded: each image of a count gets its own arrangement.
 */
export function layOutSubjects(subjects: SceneSubject[], stage: Stage, random: Random): PlacedFigure[] {
  const { width, height, horizon } = stage;
  const unit = Math.min(width, height);
  // Things on another ('cats on a sofa') are placed on it once it stands; it is made big enough to hold them.
  const riders = subjects.filter((s) => s.on !== undefined && subjects[s.on] !== undefined);
  const scaleOf = (s: SceneSubject) => {
    const onIt = riders.filter((r) => subjects[r.on!] === s);
    return onIt.length === 0 ? s.scale : Math.max(s.scale, ...onIt.map((r) => r.scale * (1.4 + 0.6 * r.count)));
  };
  const figures = subjects.filter((s) => !riders.includes(s)).flatMap((s) => Array.from({ length: s.count }, () => s));
  if (figures.length === 0) return [];
  const largest = Math.max(...figures.map(scaleOf));
  const total = figures.length + riders.reduce((sum, r) => sum + r.count, 0);
  const hero = unit * (total === 1 ? 0.52 : figures.length === 1 ? 0.62 : figures.length <= 3 ? 0.4 : 0.3);
  const sizeOf = (s: SceneSubject) => Math.max(unit * 0.1, hero * Math.pow(scaleOf(s) / largest, 0.6));
  const floating = stage.setting === 'space';
  const inAir = figures.filter((f) => f.placement === 'sky' || floating);
  const onTable = stage.table ? figures.filter((f) => f.placement === 'table' && !floating) : [];
  const inWater = stage.water ? figures.filter((f) => f.placement === 'water' && !floating) : [];
  const onGround = figures.filter((f) => !inAir.includes(f) && !onTable.includes(f) && !inWater.includes(f));

  const placed: PlacedFigure[] = [];
  const place = (s: SceneSubject, cx: number, bottom: number, size: number, grounded: boolean, onTopOf?: string) => {
    const lying = liesDown(s.icon, s.pose);
    placed.push({
      icon: s.icon,
      phrase: s.phrase,
      colour: s.colour,
      x: cx - size / 2,
      y: bottom - size * (1 - padding),
      size,
      flipped: random.chance(0.35),
      footY: grounded ? bottom : undefined,
      ...(s.pose ? { pose: s.pose } : {}),
      ...(lying ? { lying } : {}),
      ...(onTopOf ? { onTopOf } : {}),
    });
  };

  // A row across [left, right]: slot k holds figure k, jittered inside its slot.
  const row = (items: SceneSubject[], left: number, right: number, bottomOf: (k: number) => number, grounded: boolean, depth = true) => {
    const order = items.map((s, k) => ({ s, k, r: random.next() })).sort((a, b) => a.r - b.r);
    const slot = (right - left) / Math.max(1, items.length);
    const bottoms = order.map((_, k) => bottomOf(k));
    // Far (higher) figures first so near ones overlap them.
    const drawOrder = order.map((o, k) => ({ ...o, bottom: bottoms[k]!, slotIndex: k })).sort((a, b) => a.bottom - b.bottom);
    for (const { s, bottom, slotIndex } of drawOrder) {
      const nearness = depth ? 0.75 + 0.25 * ((bottom - horizon) / Math.max(1, height - horizon)) : 1;
      const size = Math.min(sizeOf(s) * nearness, slot * 1.05, bottom * 0.9);
      const cx = left + slot * (slotIndex + 0.5) + random.range(-0.15, 0.15) * Math.max(0, slot - size);
      place(s, Math.min(right - size / 2, Math.max(left + size / 2, cx)), bottom, size, grounded);
    }
  };

  if (inAir.length > 0) {
    // In space everything floats across the middle; elsewhere flying things keep above the horizon.
    const top = height * (floating ? 0.3 : 0.08);
    const bottom = floating ? height * 0.85 : Math.max(top, horizon - height * 0.04);
    const band = (k: number) => (inAir.length > 1 && k % 2 === 1 ? [0.55, 1] : [0.15, 0.75]) as [number, number];
    row(inAir, width * 0.04, width * 0.96, (k) => top + (bottom - top) * random.range(...band(k)) + sizeOf(inAir[0]!) * 0.5, false, false);
  }
  if (inWater.length > 0 && stage.water) {
    const { top, bottom } = stage.water;
    row(inWater, width * 0.05, width * 0.95, () => random.range(top + (bottom - top) * 0.45, bottom), false);
  }
  // Things on the table first: the table stands behind whatever is on the floor in front of it.
  if (onTable.length > 0 && stage.table) {
    const { top, left, right } = stage.table;
    row(onTable, left, right, () => top + 2, true, false);
  }
  if (onGround.length > 0) {
    const { top, bottom } = stage.ground;
    row(onGround, width * 0.04, width * 0.96, () => random.range(top, bottom), true);
  }
  // A surface may itself ride on another ('a cat on a chair on a rock'): each rider waits for its surface.
  for (const rider of ridersInOrder(riders, subjects)) {
    const surface = subjects[rider.on!]!;
    const base = placed.find((f) => f.phrase === surface.phrase && f.icon === surface.icon);
    const top = surfaceTops[surface.icon];
    if (!base || !top) continue;
    // The surface's span, mirrored with the figure; riders share it side by side, sunk a little into a cushion.
    const [from, to] = base.flipped ? [1 - top.right, 1 - top.left] : [top.left, top.right];
    const left = base.x + base.size * from;
    const span = base.size * (to - from);
    const slot = span / rider.count;
    const lying = liesDown(rider.icon, rider.pose);
    const size = Math.min(sizeOf(rider), slot * (lying ? 0.95 : 1.1), base.size * 0.55);
    const bottom = base.y + base.size * top.top + size * (lying ? 0.04 : 0.02);
    for (let k = 0; k < rider.count; k += 1) place(rider, left + slot * (k + 0.5), bottom, size, true, surface.phrase);
  }
  return placed;
}

/** Riders ordered so each comes after the surface it is on, when that surface rides on something too. */
function ridersInOrder(riders: SceneSubject[], subjects: SceneSubject[]): SceneSubject[] {
  const depth = (s: SceneSubject, seen = 0): number =>
    s.on === undefined || seen > subjects.length ? 0 : 1 + depth(subjects[s.on]!, seen + 1);
  return [...riders].sort((a, b) => depth(a) - depth(b));
}
