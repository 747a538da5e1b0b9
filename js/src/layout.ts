// Trail geometry: where the sub and each trail space sit on the board.
// Pure functions (no DOM), so vitest can check them directly.

export interface LayoutOptions {
  /** Distance between neighbouring space centres along a row, in px. */
  pitch?: number;
  /** Empty border around the drawing, in px. */
  margin?: number;
  /** Never fewer columns than this, even in a very narrow container. */
  minColumns?: number;
  /** Width used when the container has not been laid out yet (width 0). */
  fallbackWidth?: number;
}

export interface Slot {
  /** Trail space number, 1-based as in the public view. */
  space: number;
  row: number;
  col: number;
  /** Centre of the chip. */
  x: number;
  y: number;
}

export interface TrailLayout {
  columns: number;
  rows: number;
  width: number;
  height: number;
  pitch: number;
  /** Height of a row: a chip plus room for a pawn standing above it. */
  rowPitch: number;
  /** The submarine's box, above the first row. */
  sub: { x: number; y: number; width: number; height: number };
  slots: Slot[];
  /** SVG path data for the rope: from the sub through every space in order. */
  rope: string;
}

const DEFAULTS: Required<LayoutOptions> = {
  pitch: 48,
  margin: 12,
  minColumns: 4,
  fallbackWidth: 640,
};

/**
 * Lays out `spaces` trail spaces as a serpentine that fits `containerWidth`:
 * row 0 runs left to right, row 1 right to left, and so on, so consecutive
 * spaces are always neighbours. The sub sits above the start of row 0.
 */
export function trailLayout(
  spaces: number,
  containerWidth: number,
  options: LayoutOptions = {},
): TrailLayout {
  const { pitch, margin, minColumns, fallbackWidth } = { ...DEFAULTS, ...options };
  const n = Math.max(0, Math.floor(spaces));
  const available = containerWidth > 0 ? containerWidth : fallbackWidth;
  const fit = Math.floor((available - 2 * margin) / pitch);
  const columns = Math.max(minColumns, Math.min(fit, Math.max(n, 1)));
  const rows = Math.max(1, Math.ceil(n / columns));
  const rowPitch = Math.round(pitch * 1.5);
  const subHeight = Math.round(pitch * 1.1);
  const sub = { x: margin, y: margin, width: columns * pitch, height: subHeight };
  const top = sub.y + subHeight + Math.round(pitch * 0.5);

  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / columns);
    const along = i % columns;
    const col = row % 2 === 0 ? along : columns - 1 - along;
    slots.push({
      space: i + 1,
      row,
      col,
      x: margin + pitch / 2 + col * pitch,
      // Pawns stand above the chip, so the chip sits in the lower part of its row.
      y: top + row * rowPitch + rowPitch - pitch / 2,
    });
  }

  const start = { x: margin + pitch / 2, y: sub.y + subHeight };
  const rope = [start, ...slots]
    .map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)} ${round(p.y)}`)
    .join(" ");

  return {
    columns,
    rows,
    width: 2 * margin + columns * pitch,
    height: top + rows * rowPitch + margin,
    pitch,
    rowPitch,
    sub,
    slots,
    rope,
  };
}

/**
 * Points attribute of a regular polygon with one vertex straight up, except
 * a square, which stands on a side (a square on its corner reads as a diamond).
 */
export function polygonPoints(cx: number, cy: number, r: number, sides: number): string {
  const points: string[] = [];
  const start = -Math.PI / 2 + (sides === 4 ? Math.PI / 4 : 0);
  for (let i = 0; i < sides; i++) {
    const a = start + (2 * Math.PI * i) / sides;
    points.push(`${round(cx + r * Math.cos(a))},${round(cy + r * Math.sin(a))}`);
  }
  return points.join(" ");
}

/**
 * Centres of `count` dots inside a chip, in one row (up to 4 fit): the dot
 * count repeats the level so it reads without colour or shape.
 */
export function dotPositions(cx: number, cy: number, count: number, spacing: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    out.push([round(cx + (i - (count - 1) / 2) * spacing), round(cy)]);
  }
  return out;
}

export function round(v: number): number {
  return Math.round(v * 100) / 100;
}

export interface Point {
  x: number;
  y: number;
}

/** Where a pawn on trail space `position` stands: just above its chip. 0 = the sub's hatch. */
export function pawnPoint(layout: TrailLayout, position: number): Point {
  if (position <= 0 || position > layout.slots.length) return hatchPoint(layout);
  const slot = layout.slots[position - 1];
  return { x: slot.x, y: round(slot.y - layout.pitch * 0.72) };
}

/** Where the rope leaves the sub: the start of every dive and the end of every way home. */
export function hatchPoint(layout: TrailLayout): Point {
  const { x, y, height } = layout.sub;
  return { x: round(x + layout.pitch / 2), y: round(y + height * 0.6) };
}

/** The sub's hull: wide enough for `aboard` pawns, never wider than the board. */
export function subHull(layout: TrailLayout, aboard: number): { x: number; y: number; width: number; height: number } {
  const { x, y, height } = layout.sub;
  const want = Math.round(height * 1.2 + layout.pitch * 0.62 * Math.max(aboard, 2) + 12);
  return { x, y, width: Math.min(layout.sub.width, want), height };
}

/** Pawn `index` of the `aboard` pawns in the sub, in a row after the tower, squeezed to fit. */
export function subPawnPoint(layout: TrailLayout, index: number, aboard: number): Point {
  const hull = subHull(layout, aboard);
  const first = hull.x + hull.height * 1.2;
  const room = hull.x + hull.width - 14 - first;
  const step = aboard > 1 ? Math.min(layout.pitch * 0.62, room / (aboard - 1)) : 0;
  return { x: round(first + index * step), y: round(hull.y + hull.height * 0.62) };
}

/**
 * Unit vector of a diver's heading on the board: toward the next space
 * deeper, or toward the previous space (the sub from space 1) when
 * returning. On the last space, deeper keeps the direction it came from.
 */
export function headingVector(layout: TrailLayout, position: number, returning: boolean): Point {
  const n = layout.slots.length;
  if (position < 1 || position > n) return { x: 0, y: returning ? -1 : 1 };
  const here = pawnPoint(layout, position);
  let from = here;
  let to: Point;
  if (returning) {
    to = position === 1 ? hatchPoint(layout) : pawnPoint(layout, position - 1);
  } else if (position < n) {
    to = pawnPoint(layout, position + 1);
  } else {
    from = position === 1 ? hatchPoint(layout) : pawnPoint(layout, position - 1);
    to = here;
  }
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  return { x: round(dx / len), y: round(dy / len) };
}

/** Points of an arrow head (a triangle) centred on (cx, cy), pointing along unit vector `dir`. */
export function arrowPoints(cx: number, cy: number, dir: Point, size: number): string {
  const tip = { x: cx + dir.x * size, y: cy + dir.y * size };
  const back = { x: cx - dir.x * size * 0.6, y: cy - dir.y * size * 0.6 };
  const side = { x: -dir.y * size * 0.75, y: dir.x * size * 0.75 };
  return [tip, { x: back.x + side.x, y: back.y + side.y }, { x: back.x - side.x, y: back.y - side.y }]
    .map((p) => `${round(p.x)},${round(p.y)}`)
    .join(" ");
}

/** SVG path data drawing a disc of radius `r` at each point (two arcs each). */
export function dotsPath(points: Array<[number, number]>, r: number): string {
  return points
    .map(([cx, cy]) => `M${round(cx - r)} ${round(cy)}a${round(r)} ${round(r)} 0 1 0 ${round(2 * r)} 0a${round(r)} ${round(r)} 0 1 0 ${round(-2 * r)} 0`)
    .join("");
}

/**
 * Where the chips of a stack sit inside one space of radius `r`: small chips
 * side by side (2) or in a triangle (3, the most a stack holds; more are
 * packed in a ring), so every chip's shape and dots stay readable.
 */
export function stackOffsets(count: number, r: number): Array<{ dx: number; dy: number; r: number }> {
  if (count <= 1) return [{ dx: 0, dy: 0, r }];
  if (count === 2) {
    return [
      { dx: round(-0.48 * r), dy: 0, r: round(0.52 * r) },
      { dx: round(0.48 * r), dy: 0, r: round(0.52 * r) },
    ];
  }
  if (count === 3) {
    return [
      { dx: round(-0.5 * r), dy: round(0.32 * r), r: round(0.5 * r) },
      { dx: round(0.5 * r), dy: round(0.32 * r), r: round(0.5 * r) },
      { dx: 0, dy: round(-0.5 * r), r: round(0.5 * r) },
    ];
  }
  // A ring of touching chips.
  const sin = Math.sin(Math.PI / count);
  const small = round((r * sin) / (1 + sin));
  return Array.from({ length: count }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / count;
    return { dx: round((r - small) * Math.cos(a)), dy: round((r - small) * Math.sin(a)), r: small };
  });
}

/** What lies under a point of the board: a trail space (1-based), the sub, or nothing. */
export type BoardTarget = { kind: "space"; space: number } | { kind: "sub" } | null;

/**
 * The space or the sub under point `p` (board units, as in the viewBox): a
 * space owns its cell of the serpentine (its column, and its row from the
 * pawn's place above the chip down to the chip's lower edge); the sub owns
 * its box. Anywhere else is nothing (a drop there cancels a drag).
 */
export function hitTarget(layout: TrailLayout, p: Point): BoardTarget {
  const { sub, pitch, rowPitch } = layout;
  if (p.x >= sub.x && p.x <= sub.x + sub.width && p.y >= sub.y && p.y <= sub.y + sub.height) return { kind: "sub" };
  for (const slot of layout.slots) {
    const bottom = slot.y + pitch / 2;
    if (Math.abs(p.x - slot.x) <= pitch / 2 && p.y <= bottom && p.y > bottom - rowPitch) return { kind: "space", space: slot.space };
  }
  return null;
}

/**
 * A pointer's position in board units, from its client position and the
 * board's box on the page (the SVG is scaled to fit its column).
 */
export function toBoardPoint(client: Point, box: { left: number; top: number; width: number; height: number }, layout: TrailLayout): Point {
  const sx = box.width > 0 ? layout.width / box.width : 1;
  const sy = box.height > 0 ? layout.height / box.height : 1;
  return { x: round((client.x - box.left) * sx), y: round((client.y - box.top) * sy) };
}
