// Draws the public view as an SVG trail: the sub with its air, every space
// (chip shape and dot count by level, blanks, stacks with their count) and
// the divers as pawns. All text goes in through textContent, never as HTML.

import type { Diver, PublicView, Space } from "./model";
import { describeDiver, describeSpace, levelSides, pawnLabels, plural, trailSummary } from "./format";
import { dotPositions, polygonPoints, round, trailLayout, type TrailLayout } from "./layout";

const SVG_NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number>;

function svg<K extends keyof SVGElementTagNameMap>(
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

/** The board for one view, laid out for a container `width` px wide. */
export function drawBoard(view: PublicView, width: number): { svg: SVGSVGElement; layout: TrailLayout } {
  const layout = trailLayout(view.trail.length, width);
  const id = `dsw-${++nextId}`;
  const root = svg("svg", {
    class: "dsw-board",
    width: layout.width,
    height: layout.height,
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    role: "img",
    "aria-labelledby": `${id}-title`,
    "data-spaces": view.trail.length,
  });
  // The accessible name: a text alternative for the whole picture.
  const title = svg("title", { id: `${id}-title` }, root);
  title.textContent = trailSummary(view);

  svg("path", { class: "dsw-rope", d: layout.rope, fill: "none" }, root);
  drawSub(root, view, layout);
  const spaces = svg("g", { class: "dsw-spaces" }, root);
  view.trail.forEach((space, i) => {
    const slot = layout.slots[i];
    drawSpace(spaces, space, slot.space, slot.x, slot.y, layout.pitch);
  });
  drawPawns(root, view, layout);
  return { svg: root, layout };
}

function drawSub(root: SVGSVGElement, view: PublicView, layout: TrailLayout): void {
  const { x, y, height } = layout.sub;
  const inSub = view.divers.filter((d) => d.position === 0).length;
  const width = Math.min(layout.sub.width, Math.round(layout.pitch * (2 + 0.7 * Math.max(inSub, 1))));
  const g = svg("g", { class: "dsw-sub", "data-air": view.air }, root);
  tooltip(g, `The submarine: air ${view.air}, dive ${view.dive}`);
  svg("rect", { class: "dsw-sub-hull", x, y: y + height * 0.2, width, height: height * 0.8, rx: height * 0.4 }, g);
  svg("rect", { class: "dsw-sub-tower", x: x + height * 0.3, y, width: height * 0.5, height: height * 0.3, rx: 3 }, g);
  svgText(g, `Air ${view.air}`, {
    class: view.air <= 5 ? "dsw-air dsw-air-low" : "dsw-air",
    x: x + height * 0.35,
    y: y + height * 0.6,
    "dominant-baseline": "middle",
  });
}

function drawSpace(parent: Element, space: Space, number: number, x: number, y: number, pitch: number): void {
  const r = pitch * 0.36;
  const kind = space === null ? "blank" : space.length > 1 ? "stack" : "chip";
  const g = svg("g", { class: `dsw-space dsw-${kind}`, "data-space": number, "data-kind": kind }, parent);
  tooltip(g, describeSpace(space, number));
  if (space === null) {
    svg("circle", { class: "dsw-blank-mark", cx: x, cy: y, r: r * 0.75 }, g);
    svgText(g, "×", { class: "dsw-blank-x", x, y, "text-anchor": "middle", "dominant-baseline": "central" });
    return;
  }
  // A stack shows its chips fanned behind the top one, and its count.
  const shown = space.slice(0, 3);
  shown.forEach((level, i) => {
    const offset = (shown.length - 1 - i) * 3;
    drawChip(g, level, x + offset, y - offset, r);
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
}

function drawChip(parent: Element, level: number, x: number, y: number, r: number): void {
  const sides = levelSides(level);
  const shown = sides - 2;
  svg("polygon", { class: `dsw-chip dsw-level-${shown}`, points: polygonPoints(x, y, r, sides) }, parent);
  // Triangles are widest near the bottom: lower their dot a little.
  const dy = sides === 3 ? r * 0.2 : 0;
  for (const [cx, cy] of dotPositions(x, y + dy, shown, r * 0.42)) {
    svg("circle", { class: "dsw-dot", cx, cy, r: 2.6 }, parent);
  }
}

const PAWN_COLOURS = 6;

function drawPawns(root: SVGSVGElement, view: PublicView, layout: TrailLayout): void {
  const labels = pawnLabels(view.divers.map((d) => d.name));
  const g = svg("g", { class: "dsw-pawns" }, root);
  let subIndex = 0;
  view.divers.forEach((diver, seat) => {
    let x: number;
    let y: number;
    if (diver.position === 0 || diver.position > layout.slots.length) {
      x = layout.sub.x + layout.sub.height * 1.7 + subIndex * layout.pitch * 0.7;
      y = layout.sub.y + layout.sub.height * 0.6;
      subIndex++;
    } else {
      const slot = layout.slots[diver.position - 1];
      x = slot.x;
      y = slot.y - layout.pitch * 0.72;
    }
    drawPawn(g, diver, seat, labels[seat], round(x), round(y), view.current_player === seat);
  });
}

function drawPawn(parent: Element, diver: Diver, seat: number, label: string, x: number, y: number, current: boolean): void {
  const classes = ["dsw-pawn", `dsw-seat-${seat % PAWN_COLOURS}`];
  if (current) classes.push("dsw-current");
  if (diver.returning) classes.push("dsw-returning");
  const g = svg("g", { class: classes.join(" "), "data-diver": seat, "data-position": diver.position }, parent);
  tooltip(g, describeDiver(diver) + (current ? " (to play)" : ""));
  svg("circle", { class: "dsw-pawn-body", cx: x, cy: y, r: 12 }, g);
  svgText(g, label, { class: "dsw-pawn-label", x, y, "text-anchor": "middle", "dominant-baseline": "central" });
  if (diver.returning) {
    // An upward arrow: heading back to the sub.
    svgText(g, "↑", { class: "dsw-pawn-arrow", x: x - 15, y, "text-anchor": "middle", "dominant-baseline": "central" });
  }
  if (diver.carried.length > 0) {
    svg("circle", { class: "dsw-carried-badge", cx: x + 11, cy: y - 10, r: 7 }, g);
    svgText(g, `${diver.carried.length}`, {
      class: "dsw-carried-count",
      x: x + 11,
      y: y - 10,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      "aria-label": plural(diver.carried.length, "item"),
    });
  }
}
