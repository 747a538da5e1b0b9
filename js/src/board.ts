// Describes the public view as an SVG trail: the sub with the divers aboard,
// every space (chip shape and dot count by level, blanks, stacks with their
// count) and the divers as pawns with initials and a heading arrow. Pure: it
// returns a description (vdom.ts, snabbdom nodes) that the view patches its live SVG to, so
// a redraw touches only what changed. All text is text, never HTML. In edit
// mode pawns, spaces and the sub are keyboard-focusable buttons (the caller
// handles their clicks and drags).

import type { Diver, PublicView, Space } from "./model";
import { s, type VChild, type VNode } from "./vdom";
import type { Selection } from "./edit";
import { describeDiver, describeSpace, levelSides, pawnLabels, plural, trailSummary } from "./format";
import {
  arrowPoints,
  dotPositions,
  dotsPath,
  headingVector,
  pawnPoint,
  polygonPoints,
  stackOffsets,
  subHull,
  subPawnPoint,
  trailLayout,
  type BoardTarget,
  type Point,
  type TrailLayout,
} from "./layout";

export interface BoardOptions {
  /** Edit mode: pawns, spaces and the sub become buttons. */
  editable?: boolean;
  selection?: Selection;
  /** Prefix of the ids inside the board (unique per view, stable across redraws). */
  id?: string;
  /** A pawn being dragged (edit mode), and what it would be dropped on. */
  drag?: { seat: number; target: BoardTarget } | null;
  /** A pawn drawn last, above the others (one being animated), if none is dragged. */
  raised?: number | null;
  /**
   * Edit mode: the one place on the trail ("sub" or "space-N") the Tab key stops at;
   * the arrow keys move along the trail from there (the sub if it names no place).
   */
  tabStop?: string;
}

/** The trail's places in order, as the keys of their elements: the sub, then each space. */
export function trailKeys(spaces: number): string[] {
  return ["sub", ...Array.from({ length: spaces }, (_, i) => `space-${i + 1}`)];
}

export interface DrawnBoard {
  /** The `<svg>` element, described. */
  tree: VNode;
  layout: TrailLayout;
  /** Where each seat's pawn is drawn. */
  pawnAt: Point[];
}

function buttonAttrs(label: string, pressed?: boolean, inTabOrder = true): Record<string, string> {
  const attrs: Record<string, string> = { role: "button", tabindex: inTabOrder ? "0" : "-1", "aria-label": label };
  if (pressed !== undefined) attrs["aria-pressed"] = String(pressed);
  return attrs;
}

function tooltip(content: string): VNode {
  return s("title", null, content);
}

function text(content: string, attrs: Record<string, string | number>): VNode {
  return s("text", { ...attrs, "text-anchor": "middle", "dominant-baseline": "central" }, content);
}

/** The board for one view, laid out for a container `width` px wide. */
export function drawBoard(view: PublicView, width: number, options: BoardOptions = {}): DrawnBoard {
  const layout = trailLayout(view.trail.length, width);
  const id = options.id ?? "dsw";
  const editable = !!options.editable;
  const sel = options.selection ?? null;
  const drop = options.drag?.target ?? null;
  const aboard = view.divers.filter((d) => d.position === 0 || d.position > layout.slots.length).length;
  const stop = options.tabStop && trailKeys(view.trail.length).includes(options.tabStop) ? options.tabStop : "sub";
  const spaces = view.trail.map((space, i) => {
    const slot = layout.slots[i];
    const selected = editable && sel?.kind === "space" && sel.space === slot.space;
    const target = drop?.kind === "space" && drop.space === slot.space;
    return drawSpace(space, slot.space, slot.x, slot.y, layout.pitch, editable, selected, target, stop === `space-${slot.space}`);
  });
  const top = options.drag?.seat ?? options.raised ?? -1;
  const { nodes: pawns, at: pawnAt } = drawPawns(view, layout, aboard, editable, sel, options.drag?.seat ?? null);
  const tree = s(
    "svg",
    {
      class: editable ? "dsw-board dsw-editing" : "dsw-board",
      width: layout.width,
      height: layout.height,
      viewBox: `0 0 ${layout.width} ${layout.height}`,
      "data-spaces": view.trail.length,
      // The accessible name: a text alternative for the whole picture. In edit
      // mode the board holds buttons, so it is a group rather than one image.
      role: editable ? "group" : "img",
      "aria-labelledby": `${id}-title`,
    },
    s("title", { id: `${id}-title` }, trailSummary(view)),
    s("path", { class: "dsw-rope", d: layout.rope, fill: "none" }),
    drawSub(view, layout, aboard, editable, drop?.kind === "sub", stop === "sub"),
    s("g", { class: "dsw-spaces" }, ...spaces),
    // A dragged (or moving) pawn is drawn last: above the pawns it passes over.
    s("g", { class: "dsw-pawns" }, ...pawns.filter((_, seat) => seat !== top), pawns[top]),
  );
  return { tree, layout, pawnAt };
}

function drawSub(view: PublicView, layout: TrailLayout, aboard: number, editable: boolean, target: boolean, tabStop: boolean): VNode {
  const { x, y, width, height } = subHull(layout, aboard);
  return s(
    "g",
    {
      class: target ? "dsw-sub dsw-drop-target" : "dsw-sub",
      "data-sub": "",
      "data-key": "sub",
      "data-air": view.air,
      ...(editable ? buttonAttrs("The submarine", undefined, tabStop) : {}),
    },
    tooltip(`The submarine, dive ${view.dive}: ${plural(aboard, "diver")} aboard`),
    s("rect", { class: "dsw-sub-hull", x, y: y + height * 0.2, width, height: height * 0.8, rx: height * 0.4 }),
    s("rect", { class: "dsw-sub-tower", x: x + height * 0.3, y, width: height * 0.5, height: height * 0.3, rx: 3 }),
    s("circle", { class: "dsw-sub-port", cx: x + height * 0.55, cy: y + height * 0.6, r: height * 0.14 }),
  );
}

function drawSpace(
  space: Space,
  number: number,
  x: number,
  y: number,
  pitch: number,
  editable: boolean,
  selected: boolean,
  target = false,
  tabStop = false,
): VNode {
  const r = pitch * 0.36;
  const kind = space === null ? "blank" : space.length > 1 ? "stack" : "chip";
  const label = describeSpace(space, number);
  const children: VChild[] = [
    tooltip(label),
    // In edit mode an invisible disc makes the whole space a click target, not just its strokes.
    editable ? s("circle", { class: "dsw-hit", cx: x, cy: y, r: pitch * 0.48 }) : null,
  ];
  if (space === null) {
    children.push(s("circle", { class: "dsw-blank-mark", cx: x, cy: y, r: r * 0.75 }), text("×", { class: "dsw-blank-x", x, y }));
  } else {
    // A stack shows each of its chips, small, on a disc, and its count.
    if (space.length > 1) children.push(s("circle", { class: "dsw-stack-bg", cx: x, cy: y, r: r * 1.12 }));
    stackOffsets(space.length, r).forEach((o, i) => {
      children.push(...drawChip(space[i], x + o.dx, y + o.dy, o.r, space.length > 1 ? 1.5 : 2.6));
    });
    if (space.length > 1) {
      const bx = x + r * 0.95;
      const by = y - r * 0.95;
      children.push(s("circle", { class: "dsw-stack-badge", cx: bx, cy: by, r: 8 }), text(`${space.length}`, { class: "dsw-stack-count", x: bx, y: by }));
    }
  }
  return s(
    "g",
    {
      class: `dsw-space dsw-${kind}${selected ? " dsw-selected" : ""}${target ? " dsw-drop-target" : ""}`,
      "data-space": number,
      "data-kind": kind,
      "data-key": `space-${number}`,
      ...(editable ? buttonAttrs(label, selected, tabStop) : {}),
    },
    ...children,
  );
}

/** One chip: its shape (by level) and its dots (one path for all of them: fewer elements). */
export function drawChip(level: number, x: number, y: number, r: number, dot = 2.6): VNode[] {
  const sides = levelSides(level);
  const shown = sides - 2;
  // Triangles are widest near the bottom: lower their dot a little.
  const dy = sides === 3 ? r * 0.2 : 0;
  return [
    s("polygon", { class: `dsw-chip dsw-level-${shown}`, points: polygonPoints(x, y, r, sides) }),
    s("path", { class: "dsw-dot", d: dotsPath(dotPositions(x, y + dy, shown, r * 0.42), dot) }),
  ];
}

export const PAWN_COLOURS = 6;

function drawPawns(
  view: PublicView,
  layout: TrailLayout,
  aboard: number,
  editable: boolean,
  sel: Selection,
  dragged: number | null,
): { nodes: VNode[]; at: Point[] } {
  const labels = pawnLabels(view.divers.map((d) => d.name));
  const at: Point[] = [];
  let subIndex = 0;
  const nodes = view.divers.map((diver, seat) => {
    const inSub = diver.position === 0 || diver.position > layout.slots.length;
    const p = inSub ? subPawnPoint(layout, subIndex++, aboard) : pawnPoint(layout, diver.position);
    at.push(p);
    const heading = inSub ? null : headingVector(layout, diver.position, diver.returning);
    const selected = editable && sel?.kind === "diver" && sel.seat === seat;
    return drawPawn(diver, seat, labels[seat], p, heading, view.current_player === seat, editable, selected, dragged === seat);
  });
  return { nodes, at };
}

function drawPawn(
  diver: Diver,
  seat: number,
  label: string,
  p: Point,
  heading: Point | null,
  current: boolean,
  editable: boolean,
  selected: boolean,
  dragged: boolean,
): VNode {
  const { x, y } = p;
  const classes = ["dsw-pawn", `dsw-seat-${seat % PAWN_COLOURS}`];
  if (current) classes.push("dsw-current");
  if (diver.returning) classes.push("dsw-returning");
  if (diver.back) classes.push("dsw-back");
  if (selected) classes.push("dsw-selected");
  if (dragged) classes.push("dsw-dragged");
  const node = s(
    "g",
    {
      class: classes.join(" "),
      "data-diver": seat,
      "data-position": diver.position,
      "data-heading": diver.returning ? "back" : "deeper",
    },
    tooltip(describeDiver(diver) + (current ? " (to play)" : "")),
    // In edit mode the pawn's shape is a button, named by all the pawn shows; the marks
    // drawn on it stay outside the button (its name already says them) and are hidden
    // from screen readers.
    s(
      "g",
      { class: "dsw-pawn-button", "data-key": `diver-${seat}`, ...(editable ? buttonAttrs(`Select ${describeDiver(diver)}`, selected) : {}) },
      // The arrow points along the trail: toward deeper spaces, or back toward the sub.
      heading ? s("polygon", { class: "dsw-pawn-arrow", points: arrowPoints(x + heading.x * 19, y + heading.y * 19, heading, 6) }) : null,
      s("circle", { class: "dsw-pawn-body", cx: x, cy: y, r: 12 }),
    ),
    s(
      "g",
      { class: "dsw-pawn-marks", "aria-hidden": "true" },
      text(label, { class: "dsw-pawn-label", x, y }),
      diver.back ? text("✓", { class: "dsw-pawn-back", x, y: y + 19 }) : null,
      ...(diver.carried.length > 0
        ? [s("circle", { class: "dsw-carried-badge", cx: x + 11, cy: y - 10, r: 7 }), text(`${diver.carried.length}`, { class: "dsw-carried-count", x: x + 11, y: y - 10 })]
        : []),
    ),
  );
  node.key = `diver-${seat}`;
  return node;
}

/** A small chip picture for the divers panel and the controls (shape and dots, like on the board). */
export function chipIcon(levels: number[], size = 20, hidden = false): VNode {
  const stack = levels.length > 1;
  const w = stack ? size + 10 : size;
  const r = size * 0.46;
  const top = levels.length ? Math.max(...levels) : 1;
  return s(
    "svg",
    {
      class: "dsw-chip-icon",
      width: w,
      height: size,
      viewBox: `0 0 ${w} ${size}`,
      role: "img",
      "aria-label": levels.length === 1 ? `level ${levels[0]} chip` : `stack of ${levels.length} chips (levels ${levels.join(", ")})`,
      "aria-hidden": hidden ? "true" : null,
    },
    ...drawChip(top, size / 2, size / 2, r, size / 16),
    stack ? text(`${levels.length}`, { class: "dsw-chip-icon-count", x: size + 5, y: size / 2 }) : null,
  );
}
