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
