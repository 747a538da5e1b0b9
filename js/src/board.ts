// Draws the public view as an SVG trail: the sub with the divers aboard,
// every space (chip shape and dot count by level, blanks, stacks with their
// count) and the divers as pawns with initials and a heading arrow. All text
// goes in through textContent, never as HTML. In edit mode pawns, spaces and
// the sub are keyboard-focusable buttons (the caller handles their clicks).

import type { Diver, PublicView, Space } from "./model";
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
  type Point,
  type TrailLayout,
} from "./layout";

const SVG_NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number>;

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

function svgText(parent: Element, content: string, attrs: Attrs): SVGTextElement {
  const node = svg("text", attrs, parent);
  node.textContent = content;
  return node;
}

function tooltip(parent: Element, content: string): void {
  svg("title", {}, parent).textContent = content;
}

let nextId = 0;

export interface BoardOptions {
  /** Edit mode: pawns, spaces and the sub become buttons. */
  editable?: boolean;
  selection?: Selection;
}

export interface DrawnBoard {
  svg: SVGSVGElement;
  layout: TrailLayout;
  /** Where each seat's pawn is drawn. */
  pawnAt: Point[];
}

function asButton(node: Element, label: string): void {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
}

/** The board for one view, laid out for a container `width` px wide. */
export function drawBoard(view: PublicView, width: number, options: BoardOptions = {}): DrawnBoard {
  const layout = trailLayout(view.trail.length, width);
  const id = `dsw-${++nextId}`;
  const editable = !!options.editable;
  const sel = options.selection ?? null;
  const root = svg("svg", {
    class: editable ? "dsw-board dsw-editing" : "dsw-board",
    width: layout.width,
    height: layout.height,
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    "data-spaces": view.trail.length,
  });
  // The accessible name: a text alternative for the whole picture. In edit
  // mode the board holds buttons, so it is a group rather than one image.
  root.setAttribute("role", editable ? "group" : "img");
  const title = svg("title", { id: `${id}-title` }, root);
  title.textContent = trailSummary(view);
  root.setAttribute("aria-labelledby", `${id}-title`);

  svg("path", { class: "dsw-rope", d: layout.rope, fill: "none" }, root);
  const aboard = view.divers.filter((d) => d.position === 0 || d.position > layout.slots.length).length;
  drawSub(root, view, layout, aboard, editable);
  const spaces = svg("g", { class: "dsw-spaces" }, root);
  view.trail.forEach((space, i) => {
    const slot = layout.slots[i];
    const g = drawSpace(spaces, space, slot.space, slot.x, slot.y, layout.pitch, editable);
    if (editable) {
      asButton(g, describeSpace(space, slot.space));
      if (sel?.kind === "space" && sel.space === slot.space) g.classList.add("dsw-selected");
    }
  });
  const pawnAt = drawPawns(root, view, layout, aboard, editable, sel);
  return { svg: root, layout, pawnAt };
}

function drawSub(root: SVGSVGElement, view: PublicView, layout: TrailLayout, aboard: number, editable: boolean): void {
  const { x, y, width, height } = subHull(layout, aboard);
  const g = svg("g", { class: "dsw-sub", "data-sub": "", "data-air": view.air }, root);
  tooltip(g, `The submarine, dive ${view.dive}: ${plural(aboard, "diver")} aboard`);
  if (editable) asButton(g, "The submarine");
  svg("rect", { class: "dsw-sub-hull", x, y: y + height * 0.2, width, height: height * 0.8, rx: height * 0.4 }, g);
  svg("rect", { class: "dsw-sub-tower", x: x + height * 0.3, y, width: height * 0.5, height: height * 0.3, rx: 3 }, g);
  svg("circle", { class: "dsw-sub-port", cx: x + height * 0.55, cy: y + height * 0.6, r: height * 0.14 }, g);
}

function drawSpace(
  parent: Element,
  space: Space,
  number: number,
  x: number,
  y: number,
  pitch: number,
  editable: boolean,
): SVGGElement {
  const r = pitch * 0.36;
  const kind = space === null ? "blank" : space.length > 1 ? "stack" : "chip";
  const g = svg("g", { class: `dsw-space dsw-${kind}`, "data-space": number, "data-kind": kind }, parent);
  tooltip(g, describeSpace(space, number));
  // In edit mode an invisible disc makes the whole space a click target, not just its strokes.
  if (editable) svg("circle", { class: "dsw-hit", cx: x, cy: y, r: pitch * 0.48 }, g);
  if (space === null) {
    svg("circle", { class: "dsw-blank-mark", cx: x, cy: y, r: r * 0.75 }, g);
    svgText(g, "×", { class: "dsw-blank-x", x, y, "text-anchor": "middle", "dominant-baseline": "central" });
    return g;
  }
  // A stack shows each of its chips, small, on a disc, and its count.
  if (space.length > 1) svg("circle", { class: "dsw-stack-bg", cx: x, cy: y, r: r * 1.12 }, g);
  stackOffsets(space.length, r).forEach((o, i) => {
    drawChip(g, space[i], x + o.dx, y + o.dy, o.r, space.length > 1 ? 1.5 : 2.6);
  });
  if (space.length > 1) {
    const bx = x + r * 0.95;
    const by = y - r * 0.95;
    svg("circle", { class: "dsw-stack-badge", cx: bx, cy: by, r: 8 }, g);
    svgText(g, `${space.length}`, {
      class: "dsw-stack-count",
      x: bx,
      y: by,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    });
  }
  return g;
}

export function drawChip(parent: Element, level: number, x: number, y: number, r: number, dot = 2.6): void {
  const sides = levelSides(level);
  const shown = sides - 2;
  svg("polygon", { class: `dsw-chip dsw-level-${shown}`, points: polygonPoints(x, y, r, sides) }, parent);
  // Triangles are widest near the bottom: lower their dot a little.
  const dy = sides === 3 ? r * 0.2 : 0;
  // All the dots of a chip as one path (fewer elements: a board redraws faster).
  svg("path", { class: "dsw-dot", d: dotsPath(dotPositions(x, y + dy, shown, r * 0.42), dot) }, parent);
}

export const PAWN_COLOURS = 6;

function drawPawns(
  root: SVGSVGElement,
  view: PublicView,
  layout: TrailLayout,
  aboard: number,
  editable: boolean,
  sel: Selection,
): Point[] {
  const labels = pawnLabels(view.divers.map((d) => d.name));
  const g = svg("g", { class: "dsw-pawns" }, root);
  const at: Point[] = [];
  let subIndex = 0;
  view.divers.forEach((diver, seat) => {
    const inSub = diver.position === 0 || diver.position > layout.slots.length;
    const p = inSub ? subPawnPoint(layout, subIndex++, aboard) : pawnPoint(layout, diver.position);
    at.push(p);
    const heading = inSub ? null : headingVector(layout, diver.position, diver.returning);
    const node = drawPawn(g, diver, seat, labels[seat], p, heading, view.current_player === seat);
    if (editable) {
      asButton(node, `Select ${diver.name}`);
      if (sel?.kind === "diver" && sel.seat === seat) node.classList.add("dsw-selected");
    }
  });
  return at;
}

function drawPawn(
  parent: Element,
  diver: Diver,
  seat: number,
  label: string,
  p: Point,
  heading: Point | null,
  current: boolean,
): SVGGElement {
  const { x, y } = p;
  const classes = ["dsw-pawn", `dsw-seat-${seat % PAWN_COLOURS}`];
  if (current) classes.push("dsw-current");
  if (diver.returning) classes.push("dsw-returning");
  if (diver.back) classes.push("dsw-back");
  const g = svg("g", {
    class: classes.join(" "),
    "data-diver": seat,
    "data-position": diver.position,
    "data-heading": diver.returning ? "back" : "deeper",
  }, parent);
  tooltip(g, describeDiver(diver) + (current ? " (to play)" : ""));
  if (heading) {
    // The arrow points along the trail: toward deeper spaces, or back toward the sub.
    svg("polygon", {
      class: "dsw-pawn-arrow",
      points: arrowPoints(x + heading.x * 19, y + heading.y * 19, heading, 6),
    }, g);
  }
  svg("circle", { class: "dsw-pawn-body", cx: x, cy: y, r: 12 }, g);
  svgText(g, label, { class: "dsw-pawn-label", x, y, "text-anchor": "middle", "dominant-baseline": "central" });
  if (diver.back) {
    svgText(g, "✓", { class: "dsw-pawn-back", x, y: y + 19, "text-anchor": "middle", "dominant-baseline": "central" });
  }
  if (diver.carried.length > 0) {
    svg("circle", { class: "dsw-carried-badge", cx: x + 11, cy: y - 10, r: 7 }, g);
    svgText(g, `${diver.carried.length}`, {
      class: "dsw-carried-count",
      x: x + 11,
      y: y - 10,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    });
  }
  return g;
}

/** A small chip picture for the divers panel and the controls (shape and dots, like on the board). */
export function chipIcon(levels: number[], size = 20): SVGSVGElement {
  const stack = levels.length > 1;
  const w = stack ? size + 10 : size;
  const icon = svg("svg", { class: "dsw-chip-icon", width: w, height: size, viewBox: `0 0 ${w} ${size}` });
  icon.setAttribute("role", "img");
  icon.setAttribute("aria-label", levels.length === 1 ? `level ${levels[0]} chip` : `stack of ${levels.length} chips (levels ${levels.join(", ")})`);
  const r = size * 0.46;
  const top = levels.length ? Math.max(...levels) : 1;
  drawChip(icon, top, size / 2, size / 2, r, size / 16);
  if (stack) {
    svgText(icon, `${levels.length}`, { class: "dsw-chip-icon-count", x: size + 5, y: size / 2, "text-anchor": "middle", "dominant-baseline": "central" });
  }
  return icon;
}
