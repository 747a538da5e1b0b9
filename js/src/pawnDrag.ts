// Dragging a pawn in edit mode: it follows the pointer; dropped on a space
// or the sub it sends the same edit as the click path; dropped anywhere
// else, or with Escape, it goes back. A press that barely moves stays a click.

import type { EditOp, TableView } from "./model";
import type { DrawnBoard } from "./board";
import { dropEdit } from "./edit";
import { hitTarget, toBoardPoint, type BoardTarget, type Point } from "./layout";

/** A press on a pawn that moves less than this is a click, not a drag. */
const DRAG_START_PX = 5;

/** What a drag needs of the board view it runs in. */
export interface DragHost {
  view(): TableView | null;
  /** The board as last drawn (its layout maps the pointer to the trail). */
  drawn(): DrawnBoard | null;
  /** Redraw the board if it changed (the pawn's target is drawn highlighted). */
  redraw(): void;
  /** The pawn was dropped after a drag: the edit it asks for (null: none). */
  dropped(op: EditOp | null): void;
}

/** The pawn being dragged and the place under it, as the board draws them. */
export interface DragShown {
  seat: number;
  target: BoardTarget;
}

/** A pawn's drag, as the board view sees it. */
export interface PawnDrag {
  /** Whether a pawn is following the pointer (Escape then puts it back). */
  readonly moving: boolean;
  /** The pawn following the pointer and its target, for drawing (null: none). */
  shown(): DragShown | null;
  /** True, once, for the click that ends a drag: it is not a click on the board. */
  endedClick(): boolean;
  /** Put a dragged pawn back where it stands, sending nothing. */
  cancel(): void;
}

/** Listens on `board` (the SVG's container); marks `root` with data-dragging while a pawn moves. */
export function createPawnDrag(root: HTMLElement, board: HTMLElement, host: DragHost): PawnDrag {
  /** A pawn being dragged (it moves once the pointer has gone DRAG_START_PX). */
  let drag: {
    seat: number;
    from: number;
    pointer: number;
    start: Point;
    box: { left: number; top: number; width: number; height: number };
    pawn: SVGGElement;
    moving: boolean;
    target: BoardTarget;
  } | null = null;
  let dragEnded = false;

  const cancel = (): void => {
    const d = drag;
    if (!d) return;
    if (d.moving) swallowClick();
    endDrag();
    host.redraw();
  };

  const onPointerDown = (e: PointerEvent): void => {
    dragEnded = false;
    const v = host.view();
    if (!v || v.mode !== "edit" || !e.isPrimary || e.button !== 0 || !host.drawn()) return;
    const pawn = (e.target as Element).closest<SVGGElement>("[data-diver]");
    const svgRoot = board.firstElementChild;
    if (!pawn || !(svgRoot instanceof SVGSVGElement)) return;
    const seat = Number(pawn.getAttribute("data-diver"));
    const r = svgRoot.getBoundingClientRect();
    drag = {
      seat,
      from: v.divers[seat]?.position ?? 0,
      pointer: e.pointerId,
      start: { x: e.clientX, y: e.clientY },
      box: { left: r.left, top: r.top, width: r.width, height: r.height },
      pawn,
      moving: false,
      target: null,
    };
  };

  const onPointerMove = (e: PointerEvent): void => {
    const d = drag;
    const drawn = host.drawn();
    if (!d || e.pointerId !== d.pointer || !drawn) return;
    const dx = e.clientX - d.start.x;
    const dy = e.clientY - d.start.y;
    if (!d.moving) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      d.moving = true;
      board.setPointerCapture?.(e.pointerId);
      root.dataset.dragging = String(d.seat);
    }
    e.preventDefault();
    const layout = drawn.layout;
    const here = toBoardPoint({ x: e.clientX, y: e.clientY }, d.box, layout);
    const from = toBoardPoint(d.start, d.box, layout);
    // The pawn itself follows the pointer (an inline style, which redraws leave alone).
    d.pawn.style.transform = `translate(${here.x - from.x}px, ${here.y - from.y}px)`;
    const target = hitTarget(layout, here);
    if (JSON.stringify(target) !== JSON.stringify(d.target)) {
      d.target = target;
      host.redraw();
    }
  };

  const onPointerUp = (e: PointerEvent): void => {
    const d = drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.moving) {
      drag = null; // a click: the click handler picks the pawn
      return;
    }
    swallowClick();
    const op = dropEdit(d.seat, d.from, d.target);
    endDrag();
    host.dropped(op);
  };

  /** The browser clicks where a drag ends, right after the pointerup: that click is not meant. */
  const swallowClick = (): void => {
    dragEnded = true;
    setTimeout(() => (dragEnded = false), 0);
  };

  const endDrag = (): void => {
    const d = drag;
    if (!d) return;
    drag = null;
    d.pawn.style.removeProperty("transform");
    delete root.dataset.dragging;
    if (board.hasPointerCapture?.(d.pointer)) board.releasePointerCapture(d.pointer);
  };

  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", cancel);
  board.addEventListener("lostpointercapture", cancel);

  return {
    get moving() {
      return !!drag?.moving;
    },
    shown: () => (drag?.moving ? { seat: drag.seat, target: drag.target } : null),
    endedClick: () => {
      if (!dragEnded) return false;
      dragEnded = false;
      return true;
    },
    cancel,
  };
}
