import { describe, expect, it } from "vitest";
import {
  arrowPoints,
  dotPositions,
  dotsPath,
  hatchPoint,
  headingVector,
  hitTarget,
  pawnPoint,
  polygonPoints,
  stackOffsets,
  subHull,
  subPawnPoint,
  toBoardPoint,
  trailLayout,
} from "../src/layout";

describe("trailLayout", () => {
  it("places one slot per space, numbered from 1", () => {
    const layout = trailLayout(32, 640);
    expect(layout.slots).toHaveLength(32);
    expect(layout.slots.map((s) => s.space)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("fits the container width", () => {
    for (const width of [300, 480, 640, 1000, 1600]) {
      const layout = trailLayout(32, width);
      expect(layout.width).toBeLessThanOrEqual(width);
      for (const s of layout.slots) {
        expect(s.x).toBeGreaterThan(0);
        expect(s.x).toBeLessThan(layout.width);
        expect(s.y).toBeLessThan(layout.height);
      }
    }
  });

  it("uses more rows in a narrower container", () => {
    expect(trailLayout(32, 400).rows).toBeGreaterThan(trailLayout(32, 1200).rows);
    expect(trailLayout(32, 4000).rows).toBe(1);
  });

  it("keeps a minimum number of columns in a tiny container", () => {
    const layout = trailLayout(32, 50, { minColumns: 4 });
    expect(layout.columns).toBe(4);
    expect(layout.rows).toBe(8);
  });

  it("falls back to a default width before the container is laid out", () => {
    expect(trailLayout(32, 0).columns).toBe(trailLayout(32, 640).columns);
  });

  it("snakes: consecutive spaces are always next to each other", () => {
    const layout = trailLayout(32, 500);
    for (let i = 1; i < layout.slots.length; i++) {
      const a = layout.slots[i - 1];
      const b = layout.slots[i];
      const sameRow = a.row === b.row && Math.abs(a.col - b.col) === 1;
      const turn = b.row === a.row + 1 && a.col === b.col;
      expect(sameRow || turn).toBe(true);
    }
    // Row 0 runs left to right, row 1 right to left.
    expect(layout.slots[0].col).toBe(0);
    expect(layout.slots[layout.columns].col).toBe(layout.columns - 1);
  });

  it("never puts two spaces in the same place", () => {
    const layout = trailLayout(50, 700);
    const seen = new Set(layout.slots.map((s) => `${s.x},${s.y}`));
    expect(seen.size).toBe(50);
  });

  it("draws the rope from the sub through every space", () => {
    const layout = trailLayout(5, 640);
    const moves = layout.rope.split(" ").filter((t) => /^[ML]/.test(t));
    expect(moves).toHaveLength(6);
    expect(layout.rope.startsWith("M")).toBe(true);
  });

  it("copes with an empty trail", () => {
    const layout = trailLayout(0, 640);
    expect(layout.slots).toEqual([]);
    expect(layout.rows).toBe(1);
  });
});

describe("polygonPoints", () => {
  it("gives one vertex per side, the first straight up", () => {
    const pts = polygonPoints(10, 10, 5, 5).split(" ");
    expect(pts).toHaveLength(5);
    expect(pts[0]).toBe("10,5");
  });

  it("stands a square on a side, not on a corner", () => {
    const ys = polygonPoints(0, 0, 10, 4)
      .split(" ")
      .map((p) => Number(p.split(",")[1]));
    expect(new Set(ys.map((y) => Math.round(y))).size).toBe(2);
  });
});

describe("dotPositions", () => {
  it("centres the dots on the chip", () => {
    expect(dotPositions(0, 0, 1, 6)).toEqual([[0, 0]]);
    const four = dotPositions(10, 3, 4, 6);
    expect(four.map(([x]) => x)).toEqual([1, 7, 13, 19]);
    expect(four.every(([, y]) => y === 3)).toBe(true);
  });
});

describe("pawns and headings", () => {
  const layout = trailLayout(10, 640);

  it("stands a pawn above its chip", () => {
    const p = pawnPoint(layout, 3);
    expect(p.x).toBe(layout.slots[2].x);
    expect(p.y).toBeLessThan(layout.slots[2].y);
    expect(pawnPoint(layout, 0)).toEqual(hatchPoint(layout));
  });

  it("points deeper along the row and back toward the sub", () => {
    expect(headingVector(layout, 3, false)).toEqual({ x: 1, y: 0 });
    expect(headingVector(layout, 3, true)).toEqual({ x: -1, y: 0 });
    // From space 1 the way back leads to the hatch, up and to the left or straight up.
    expect(headingVector(layout, 1, true).y).toBeLessThan(0);
    // On the last space, deeper keeps the direction it came from.
    expect(headingVector(layout, 10, false)).toEqual(headingVector(layout, 9, false));
  });

  it("turns the corner of the serpentine", () => {
    const narrow = trailLayout(10, 300); // 5 or 6 columns: space columns+1 is on the next row
    const c = narrow.columns;
    expect(headingVector(narrow, c, false)).toEqual({ x: 0, y: 1 });
    expect(headingVector(narrow, c + 1, true)).toEqual({ x: 0, y: -1 });
    expect(headingVector(narrow, c + 1, false)).toEqual({ x: -1, y: 0 });
  });

  it("fits up to six pawns in the sub, even in a narrow column", () => {
    for (const width of [220, 640]) {
      const l = trailLayout(32, width);
      const hull = subHull(l, 6);
      const xs = Array.from({ length: 6 }, (_, i) => subPawnPoint(l, i, 6).x);
      expect(xs[0]).toBeGreaterThan(hull.x);
      expect(xs[5] + 12).toBeLessThanOrEqual(hull.x + hull.width);
      for (let i = 1; i < 6; i++) expect(xs[i] - xs[i - 1]).toBeGreaterThan(20);
      expect(hull.x + hull.width).toBeLessThanOrEqual(l.width);
    }
  });

  it("draws an arrow head pointing along its direction", () => {
    const pts = arrowPoints(0, 0, { x: 1, y: 0 }, 10)
      .split(" ")
      .map((p) => p.split(",").map(Number));
    expect(pts[0]).toEqual([10, 0]);
    expect(pts[1][0]).toBeLessThan(0);
    expect(pts[2][0]).toBeLessThan(0);
  });
});

describe("dotsPath", () => {
  it("draws one closed disc per dot", () => {
    expect(dotsPath([[10, 5]], 2)).toBe("M8 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0");
    expect(dotsPath([[0, 0], [6, 0], [12, 0]], 1).match(/M/g)).toHaveLength(3);
    expect(dotsPath([], 1)).toBe("");
  });
});

describe("stackOffsets", () => {
  it("keeps a single chip full size and centred", () => {
    expect(stackOffsets(1, 17)).toEqual([{ dx: 0, dy: 0, r: 17 }]);
  });

  it("places the chips of a stack inside the space without overlapping", () => {
    for (const n of [2, 3, 4, 6]) {
      const r = 17;
      const chips = stackOffsets(n, r);
      expect(chips).toHaveLength(n);
      for (const c of chips) expect(Math.hypot(c.dx, c.dy) + c.r).toBeLessThanOrEqual(r * 1.12) // inside the stack's disc;
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const d = Math.hypot(chips[i].dx - chips[j].dx, chips[i].dy - chips[j].dy);
          expect(d).toBeGreaterThanOrEqual(Math.min(chips[i].r, chips[j].r) * 1.5);
        }
      }
    }
  });
});

describe("hitTarget (where a dragged pawn is dropped)", () => {
  const layout = trailLayout(32, 640);

  it("finds every space from its chip's centre and from the pawn's place above it", () => {
    for (const slot of layout.slots) {
      expect(hitTarget(layout, { x: slot.x, y: slot.y })).toEqual({ kind: "space", space: slot.space });
      expect(hitTarget(layout, pawnPoint(layout, slot.space))).toEqual({ kind: "space", space: slot.space });
    }
  });

  it("tells neighbours apart at the edge between two cells", () => {
    const [a, b] = layout.slots;
    const mid = (a.x + b.x) / 2;
    expect(hitTarget(layout, { x: mid - 1, y: a.y })).toEqual({ kind: "space", space: 1 });
    expect(hitTarget(layout, { x: mid + 1, y: a.y })).toEqual({ kind: "space", space: 2 });
  });

  it("finds the sub, and nothing outside the board", () => {
    const { sub } = layout;
    expect(hitTarget(layout, { x: sub.x + 5, y: sub.y + sub.height / 2 })).toEqual({ kind: "sub" });
    expect(hitTarget(layout, { x: -20, y: 10 })).toBeNull();
    expect(hitTarget(layout, { x: layout.width / 2, y: layout.height + 30 })).toBeNull();
  });

  it("finds nothing past the last space of a short last row", () => {
    const short = trailLayout(10, 640); // 12 columns fit: one row of 10
    const last = short.slots[9];
    expect(hitTarget(short, { x: last.x + short.pitch, y: last.y })).toBeNull();
  });
});

describe("toBoardPoint", () => {
  it("undoes the board's scaling to its column", () => {
    const layout = trailLayout(32, 640);
    const box = { left: 100, top: 50, width: layout.width / 2, height: layout.height / 2 };
    expect(toBoardPoint({ x: 100, y: 50 }, box, layout)).toEqual({ x: 0, y: 0 });
    expect(toBoardPoint({ x: 100 + box.width, y: 50 + box.height }, box, layout)).toEqual({ x: layout.width, y: layout.height });
    const slot = layout.slots[5];
    const client = { x: box.left + slot.x / 2, y: box.top + slot.y / 2 };
    expect(hitTarget(layout, toBoardPoint(client, box, layout))).toEqual({ kind: "space", space: 6 });
  });
});
