// The whole board widget in one view: status, dice, error, summary, air
// gauge, the SVG trail, controls, edit panel, save/load, divers and log.
// It redraws from the synced `view` alone (so two views of one widget agree)
// and only sends intents; what stays local is how this view looks: the
// selection in edit mode, Auto-play and its speed, open panels.

import type { AnyModel } from "@anywidget/types";
import type { EditOp, Intent, Model, Reply, TableView } from "./model";
import { chipIcon, drawBoard, PAWN_COLOURS, trailKeys, type DrawnBoard } from "./board";
import { badgeText, chipCount, itemsText, pawnLabels, plural, showsBadge, statusLine, stepAnnouncement, trailLines, whereText } from "./format";
import { airLevel, breathText, forecastText, gaugeCells, AIR_MAX } from "./gauge";
import { isSpeed, moveDuration, moveFrames, moveToAnimate, shouldAnimate, SPEEDS, stepRoll } from "./anim";
import {
  actionIntent,
  botStepIntent,
  botToMove,
  controlStates,
  nameOf,
  seqOf,
  DROP_KEY,
  dropKeyAction,
  SHORTCUTS,
  type ControlState,
} from "./controls";
import { addSpace, dropEdit, editClick, giveItem, parseLevels, removeSpace, removeSpaceReason, setAir, setHeading, setSpace, setTurn, SPACE_CHOICES, takeItem, type BoardClick, type Selection } from "./edit";
import { button, h, setAttr, setEnabled, setText, show, singleClick } from "./dom";
import { keyedByText, patchChildren, s, v, type Attrs, type VChild, type VNode } from "./vdom";
import { SharedSettings } from "./shared";
import { PaintReporter } from "./painted";
import { hitTarget, toBoardPoint, trailLayout, type BoardTarget, type Point } from "./layout";

const LOG_SHOWN = 12;
/** The most spaces a trail has (the edit mode's limit, as in Python). */
const MAX_TRAIL = 32;
/** A press on a pawn that moves less than this is a click, not a drag. */
const DRAG_START_PX = 5;
/** If Python never answers an intent (kernel gone), accept clicks again after this. */
const PENDING_MS = 1500;

function hasGame(view: Model["view"] | undefined): view is TableView {
  return !!view && Array.isArray((view as Partial<TableView>).trail);
}

let views = 0;

let reducedMotion: MediaQueryList | null | undefined;

function prefersReducedMotion(): boolean {
  if (reducedMotion === undefined) {
    reducedMotion = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  }
  return !!reducedMotion?.matches;
}

/** Edit mode: how far each arrow key moves the focus along the trail. */
const TRAIL_STEPS: Record<string, number | undefined> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export class BoardUI {
  private readonly model: AnyModel<Model>;
  private readonly el: HTMLElement;
  private view: TableView | null = null;

  // Local to this view.
  private sel: Selection = null;
  /** Edit mode: the place on the trail the Tab key stops at (the arrow keys move it). */
  private tabStop = "sub";
  /** A pawn being dragged in edit mode (it moves once the pointer has gone DRAG_START_PX). */
  private drag: {
    seat: number;
    from: number;
    pointer: number;
    start: Point;
    box: { left: number; top: number; width: number; height: number };
    pawn: SVGGElement;
    moving: boolean;
    target: BoardTarget;
  } | null = null;
  private dragEnded = false;
  private editSeat = 0;
  /** Auto-play and its speed: shared by every view of this board. */
  private readonly shared: SharedSettings;
  private readonly onShared = (): void => this.sharedChanged();
  private readonly onKeyDown = (e: KeyboardEvent): void => this.onKey(e);
  private readonly leaveShared: () => void;
  private pending = false;
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Tells the kernel each new state is on screen (the odds panels redraw after it). */
  private readonly painted = new PaintReporter((seq) => this.model.send({ type: "painted", seq } satisfies Intent));
  private queued: ((view: TableView) => Intent | null) | null = null;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  private animation: Animation | null = null;
  private lastSeq: number | null = null;
  private columns = -1;
  private dismissed = "";
  private lastDice: { dice: [number, number]; move: number; name: string } | null = null;
  private wantExport = false;
  private loadSent = false;
  private logOpen = false;
  private drawn: DrawnBoard | null = null;
  /** Prefix of this view's element ids (two views of one board must not share ids). */
  private readonly id = `dsw-${++views}`;
  /** The container's width, from the ResizeObserver (reading clientWidth would force a layout). */
  private width = 0;
  /** What each part was last drawn from: a part whose key is unchanged is left alone. */
  private readonly keys = new Map<string, string>();

  // Parts built once and updated.
  private readonly app: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly status: HTMLElement;
  private readonly dice: HTMLElement;
  /** Read out by screen readers: what each new step did, then the new status. */
  private readonly announce: HTMLElement;
  private readonly error: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly gauge: HTMLElement;
  private readonly boardWrap: HTMLElement;
  /** The trail space by space in words (closed unless opened). */
  private readonly trailText: HTMLElement;
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private readonly drops: HTMLElement;
  private readonly speedSelect: HTMLSelectElement;
  private readonly editPanel: HTMLElement;
  private readonly savePanel: HTMLElement;
  private readonly divers: HTMLElement;
  private readonly log: HTMLElement;
  private edit!: {
    diver: HTMLSelectElement;
    level: HTMLSelectElement;
    take: HTMLElement;
    air: HTMLInputElement;
    airOut: HTMLElement;
    turn: HTMLSelectElement;
    space: HTMLElement;
    hint: HTMLElement;
  };
  private save!: { text: HTMLTextAreaElement; details: HTMLDetailsElement; download: HTMLAnchorElement; exportBox: HTMLElement; loadBox: HTMLElement; loadText: HTMLTextAreaElement };

  constructor(model: AnyModel<Model>, el: HTMLElement) {
    this.model = model;
    this.el = el;
    el.classList.add("dsw-root");
    // Keys pressed inside the widget are ours, not JupyterLab's notebook shortcuts.
    el.setAttribute("data-lm-suppress-shortcuts", "true");
    // A landmark screen-reader users can jump to.
    el.setAttribute("role", "region");
    el.setAttribute("aria-label", "Deep Sea Adventure");

    this.empty = h("p", { class: "dsw-empty" }, "No game yet: create the board with Board(game) or play().");
    // Not a live region itself: `announce` reads each step out with the new status (two live
    // regions changing at once can cut each other off).
    this.status = h("p", { class: "dsw-status" });
    this.dice = h("div", { class: "dsw-dice", attrs: { role: "img", "aria-label": "No roll yet" } });
    this.announce = h("p", { class: "dsw-sr", attrs: { role: "status" } });
    this.error = h("p", { class: "dsw-error", attrs: { role: "alert" } });
    this.summary = h("section", { class: "dsw-summary", attrs: { "aria-label": "Summary" } });
    this.gauge = h("div", { class: "dsw-gauge" });
    this.boardWrap = h("div", { class: "dsw-boardwrap" });
    this.trailText = h("details", { class: "dsw-trail-text" }, h("summary", {}, "The trail in words"), h("ol", { class: "dsw-trail-lines" }));
    // Its list is built only while it is open (a redraw of the board does not pay for it).
    this.trailText.addEventListener("toggle", () => {
      this.keys.delete("trailText");
      if (this.view) this.updateTrailText(this.view);
    });
    this.drops = h("span", { class: "dsw-drops" });
    this.speedSelect = h("select", { class: "dsw-speed", attrs: { "aria-label": "Speed", "data-key": "speed" } });
    for (const [value, s] of Object.entries(SPEEDS)) {
      this.speedSelect.appendChild(h("option", { attrs: { value } }, s.label));
    }
    // Views of one widget get different model proxies, but the same Layout model.
    const layout = model.get("layout");
    this.shared = SharedSettings.of(typeof layout === "object" && layout ? layout : model);
    this.leaveShared = this.shared.join(this.onShared);
    this.speedSelect.value = this.shared.speed;
    this.speedSelect.addEventListener("change", () => {
      if (isSpeed(this.speedSelect.value)) this.shared.set({ speed: this.speedSelect.value });
    });

    const b = this.buttons;
    const act = (type: "roll" | "turn_back" | "pick_up" | "stay") => () => this.sendAction({ type });
    b.roll = button("Roll", "roll", act("roll"), { "aria-keyshortcuts": "R" });
    b.turn_back = button("Turn back", "turn_back", act("turn_back"), { "aria-keyshortcuts": "T" });
    b.pick_up = button("Pick up", "pick_up", act("pick_up"), { "aria-keyshortcuts": "P" });
    b.stay = button("Stay", "stay", act("stay"), { "aria-keyshortcuts": "S" });
    b.undo = button("Undo", "undo", () => this.sendSimple("undo"), { "aria-keyshortcuts": "U" });
    b.new_game = button("New game", "new_game", () => this.sendSimple("new_game"));
    b.next = button("Next", "next", () => this.botStep(false), { "aria-keyshortcuts": "N" });
    b.autoplay = button("Auto-play", "autoplay", () => this.toggleAutoplay(), { "aria-pressed": "false", "aria-keyshortcuts": "A" });
    b.edit = button("Edit position", "edit", () => this.toggleEdit(), { "aria-pressed": "false" });
    b.export = button("Export", "export", () => this.requestExport());
    b.load = button("Load", "load", () => this.openLoad(), { "aria-expanded": "false" });

    const controls = h(
      "div",
      { class: "dsw-controls" },
      h("div", { class: "dsw-group dsw-play", attrs: { role: "group", "aria-label": "Your move" } }, b.roll, b.turn_back, b.pick_up, this.drops, b.stay),
      h("div", { class: "dsw-group dsw-bots", attrs: { role: "group", "aria-label": "Bots" } }, b.next, b.autoplay, h("label", { class: "dsw-speed-label" }, "Speed ", this.speedSelect)),
      h("div", { class: "dsw-group dsw-table", attrs: { role: "group", "aria-label": "Game" } }, b.undo, b.new_game, b.edit, b.export, b.load),
    );
    this.editPanel = this.buildEditPanel();
    this.savePanel = this.buildSavePanel();
    this.divers = h("ul", { class: "dsw-divers", attrs: { "aria-label": "Divers" } });
    this.log = h("section", { class: "dsw-logbox", attrs: { "aria-label": "Log" } });

    this.app = h(
      "div",
      { class: "dsw-app" },
      h("div", { class: "dsw-top" }, this.status, this.dice, this.announce),
      this.error,
      this.summary,
      this.gauge,
      this.boardWrap,
      this.trailText,
      controls,
      this.editPanel,
      this.savePanel,
      this.divers,
      this.log,
    );
    this.boardWrap.addEventListener("click", (e) => this.onBoardClick(e));
    // A place on the trail focused by a click keeps the trail's one tab stop.
    this.boardWrap.addEventListener("focusin", (e) => {
      const key = (e.target as Element).getAttribute?.("data-key");
      if (key && key !== this.tabStop && this.view?.mode === "edit" && trailKeys(this.view.trail.length).includes(key)) {
        this.tabStop = key;
        this.drawBoardOnly();
      }
    });
    this.boardWrap.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.boardWrap.addEventListener("pointermove", (e) => this.onPointerMove(e));
    this.boardWrap.addEventListener("pointerup", (e) => this.onPointerUp(e));
    this.boardWrap.addEventListener("pointercancel", () => this.cancelDrag());
    this.boardWrap.addEventListener("lostpointercapture", () => this.cancelDrag());
    el.addEventListener("keydown", this.onKeyDown);
  }

  // ----- intents ----------------------------------------------------------

  private send(intent: Intent | null): boolean {
    if (!intent || this.pending) return false;
    this.pending = true;
    this.el.classList.add("dsw-busy");
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => this.settle(), PENDING_MS);
    this.model.send(intent);
    return true;
  }

  /** Send now, or (for edits like dragging the air slider) as soon as the last intent is answered. */
  private sendLatest(make: (view: TableView) => Intent | null): void {
    if (!this.view) return;
    if (this.pending) this.queued = make;
    else this.send(make(this.view));
  }

  private settle(): void {
    this.pending = false;
    this.el.classList.remove("dsw-busy");
    clearTimeout(this.pendingTimer);
    const make = this.queued;
    this.queued = null;
    if (make && this.view) this.send(make(this.view));
  }

  private sendAction(action: Parameters<typeof actionIntent>[1]): void {
    const view = this.view;
    if (!view || !this.send(actionIntent(view, action))) return;
    // a person playing on has read the last dive's summary: it closes (bots playing on leave it)
    if (view.summary) this.dismissed = JSON.stringify(view.summary);
  }

  private sendSimple(type: "undo" | "new_game"): void {
    if (this.view) this.send({ type, seq: seqOf(this.view) });
  }

  private sendEdit(op: EditOp | null, latest = false): void {
    if (!op) return;
    const make = (v: TableView): Intent => ({ type: "edit", seq: seqOf(v), edit: op });
    if (latest) this.sendLatest(make);
    else if (this.view) this.send(make(this.view));
  }

  private botStep(auto: boolean): void {
    if (this.view && botToMove(this.view)) this.send(botStepIntent(this.view, auto));
  }

  private toggleAutoplay(): void {
    this.shared.set({ autoplay: !this.shared.autoplay });
  }

  /** Auto-play or the speed changed, in this view or another view of the board. */
  private sharedChanged(): void {
    this.speedSelect.value = this.shared.speed;
    setAttr(this.buttons.autoplay, "aria-pressed", String(this.shared.autoplay));
    if (this.view) {
      setText(this.status, statusLine(this.view, this.shared.autoplay));
      this.updateControls(this.view); // (Auto-play switched off at game over cannot be switched on)
    }
    clearTimeout(this.autoTimer);
    if (this.shared.autoplay && !this.animation) this.scheduleAuto(true);
  }

  /** With Auto-play on, ask for the next bot turn once the last move's animation has ended. */
  private scheduleAuto(soon = false): void {
    clearTimeout(this.autoTimer);
    const v = this.view;
    if (v?.is_over && this.shared.autoplay && this.shared.drives(this.onShared)) {
      this.shared.set({ autoplay: false }); // nothing left to play on: the button does not stay pressed
      return;
    }
    if (!this.shared.autoplay || !v || !botToMove(v) || !this.shared.drives(this.onShared)) return;
    const pause = soon ? 0 : SPEEDS[this.shared.speed].pauseMs;
    this.autoTimer = setTimeout(() => {
      if (this.shared.autoplay && !this.animation && this.view && botToMove(this.view)) {
        if (!this.send(botStepIntent(this.view, true))) this.scheduleAuto();
      }
    }, pause);
  }

  private toggleEdit(): void {
    if (!this.view) return;
    const mode = this.view.mode === "edit" ? "play" : "edit";
    this.send({ type: "mode", seq: seqOf(this.view), mode });
  }

  private requestExport(): void {
    this.wantExport = true;
    this.model.send({ type: "export" } satisfies Intent);
  }

  private openLoad(): void {
    const open = this.save.loadBox.hidden;
    show(this.savePanel, open || !this.save.exportBox.hidden);
    show(this.save.loadBox, open);
    this.buttons.load.setAttribute("aria-expanded", String(open));
    if (open) this.save.loadText.focus();
  }

  onReply(msg: Reply): void {
    if (!msg || msg.type !== "export" || !this.wantExport) return;
    this.wantExport = false;
    const text = String(msg.text ?? "");
    this.save.text.value = text;
    const old = this.save.download.href;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    this.save.download.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    this.save.details.open = false; // (shown once, the text would otherwise stay in view)
    show(this.save.exportBox, true);
    show(this.savePanel, true);
    this.save.download.focus(); // (the text itself stays folded away: it tells hidden values)
  }

  // ----- input --------------------------------------------------------------

  private onBoardClick(e: Event): void {
    const v = this.view;
    if (!v || v.mode !== "edit") return;
    // The click that ends a drag is not a click on the board.
    if (this.dragEnded) {
      this.dragEnded = false;
      return;
    }
    const target = e.target as Element;
    const pawn = target.closest("[data-diver]");
    const space = target.closest("[data-space]");
    const sub = target.closest("[data-sub]");
    let click: BoardClick | null = null;
    if (pawn) click = { kind: "diver", seat: Number(pawn.getAttribute("data-diver")) };
    else if (space) click = { kind: "space", space: Number(space.getAttribute("data-space")) };
    else if (sub) click = { kind: "sub" };
    if (!click) return;
    const { sel, op } = editClick(this.sel, click);
    this.sel = sel;
    if (sel?.kind === "diver") this.editSeat = sel.seat;
    if (op) this.sendEdit(op);
    this.drawBoardOnly();
    this.updateEdit(v);
  }

  // Dragging a pawn in edit mode: it follows the pointer; dropped on a space
  // or the sub it sends the same edit as the click path; dropped anywhere
  // else, or with Escape, it goes back. A press that barely moves stays a click.

  private onPointerDown(e: PointerEvent): void {
    this.dragEnded = false;
    const v = this.view;
    if (!v || v.mode !== "edit" || !e.isPrimary || e.button !== 0 || !this.drawn) return;
    const pawn = (e.target as Element).closest<SVGGElement>("[data-diver]");
    const svgRoot = this.boardWrap.firstElementChild;
    if (!pawn || !(svgRoot instanceof SVGSVGElement)) return;
    const seat = Number(pawn.getAttribute("data-diver"));
    const r = svgRoot.getBoundingClientRect();
    this.drag = {
      seat,
      from: v.divers[seat]?.position ?? 0,
      pointer: e.pointerId,
      start: { x: e.clientX, y: e.clientY },
      box: { left: r.left, top: r.top, width: r.width, height: r.height },
      pawn,
      moving: false,
      target: null,
    };
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer || !this.drawn) return;
    const dx = e.clientX - d.start.x;
    const dy = e.clientY - d.start.y;
    if (!d.moving) {
      if (Math.hypot(dx, dy) < DRAG_START_PX) return;
      d.moving = true;
      this.boardWrap.setPointerCapture?.(e.pointerId);
      this.el.dataset.dragging = String(d.seat);
    }
    e.preventDefault();
    const layout = this.drawn.layout;
    const here = toBoardPoint({ x: e.clientX, y: e.clientY }, d.box, layout);
    const from = toBoardPoint(d.start, d.box, layout);
    // The pawn itself follows the pointer (an inline style, which redraws leave alone).
    d.pawn.style.transform = `translate(${here.x - from.x}px, ${here.y - from.y}px)`;
    const target = hitTarget(layout, here);
    if (JSON.stringify(target) !== JSON.stringify(d.target)) {
      d.target = target;
      this.drawBoardOnly();
    }
  }

  private onPointerUp(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.moving) {
      this.drag = null; // a click: the click handler picks the pawn
      return;
    }
    this.swallowClick();
    const op = dropEdit(d.seat, d.from, d.target);
    this.endDrag();
    if (op) {
      this.sel = null;
      this.sendEdit(op);
    }
    this.drawBoardOnly();
    if (this.view) this.updateEdit(this.view);
  }

  /** Put a dragged pawn back where it stands, sending nothing. */
  private cancelDrag(): void {
    const d = this.drag;
    if (!d) return;
    if (d.moving) this.swallowClick();
    this.endDrag();
    this.drawBoardOnly();
  }

  /** The browser clicks where a drag ends, right after the pointerup: that click is not meant. */
  private swallowClick(): void {
    this.dragEnded = true;
    setTimeout(() => (this.dragEnded = false), 0);
  }

  private endDrag(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    d.pawn.style.removeProperty("transform");
    delete this.el.dataset.dragging;
    if (this.boardWrap.hasPointerCapture?.(d.pointer)) this.boardWrap.releasePointerCapture(d.pointer);
  }

  private onKey(e: KeyboardEvent): void {
    // A key pressed in the board is the board's: JupyterLab's notebook shortcuts must not also
    // act on it (D D deleted the board's cell, 0 0 restarted the kernel, an arrow key or B took
    // the focus away; the root's data-lm-suppress-shortcuts does not stop them, as a focused
    // button matches their selector first). Keys with Ctrl, Alt or Meta (save, the command
    // palette) still reach JupyterLab.
    if (!(e.ctrlKey || e.metaKey || e.altKey)) e.stopPropagation();
    if (e.key === "Escape" && this.drag?.moving) {
      e.preventDefault();
      this.cancelDrag();
      return;
    }
    const t = e.target as HTMLElement;
    const tag = t.tagName?.toLowerCase();
    const typing = tag === "textarea" || tag === "select" || (tag === "input" && (t as HTMLInputElement).type !== "range" && (t as HTMLInputElement).type !== "file");
    const sel = this.sel;
    if (e.key === "Escape" && sel && !typing && this.view?.mode === "edit") {
      e.preventDefault(); // a picked pawn or space is put down: nothing is sent
      this.sel = null;
      const place = sel.kind === "diver" ? `diver-${sel.seat}` : `space-${sel.space}`;
      if (sel.kind === "space") this.tabStop = place;
      this.drawBoardOnly();
      this.updateEdit(this.view);
      // (a space's editor, where the focus may have been, is gone: the keyboard goes back to the board)
      if (!this.el.contains(document.activeElement)) this.focusControl(place);
      return;
    }
    // The trail in edit mode is one tab stop: the arrow keys (Home, End) move along it.
    const key = t.getAttribute?.("data-key");
    const places = this.view?.mode === "edit" ? trailKeys(this.view.trail.length) : [];
    const here = key ? places.indexOf(key) : -1;
    const step = TRAIL_STEPS[e.key];
    const plain = !(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey);
    if (here >= 0 && plain && (step !== undefined || e.key === "Home" || e.key === "End")) {
      e.preventDefault();
      const next = e.key === "Home" ? 0 : e.key === "End" ? places.length - 1 : Math.min(places.length - 1, Math.max(0, here + (step ?? 0)));
      this.tabStop = places[next];
      this.drawBoardOnly();
      this.focusControl(this.tabStop);
      return;
    }
    // SVG buttons (edit mode) act on Enter and Space like real buttons.
    if (!typing && (e.key === "Enter" || e.key === " ") && t instanceof SVGElement && t.getAttribute("role") === "button") {
      e.preventDefault();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey || tag === "input") return;
    if (e.key.toLowerCase() === DROP_KEY) {
      e.preventDefault();
      this.dropByKey();
      return;
    }
    const control = SHORTCUTS[e.key.toLowerCase()];
    const target = control ? this.buttons[control] : undefined;
    if (target) {
      e.preventDefault();
      if (!target.disabled) target.click();
      // a keyboard player cannot hover for the tooltip: say why nothing happened
      else setText(this.announce, `${target.textContent ?? control}: ${target.getAttribute("data-reason") ?? "not available now"}`);
    }
  }

  /** The Drop shortcut: one item to drop is dropped; with several, the keyboard goes to the first Drop button. */
  private dropByKey(): void {
    const buttons = [...this.drops.querySelectorAll<HTMLButtonElement>("button")];
    const todo = dropKeyAction(buttons.map((b) => ({ disabled: b.disabled, reason: b.getAttribute("data-reason") ?? "" })));
    if ("press" in todo) buttons[todo.press].click();
    if ("focus" in todo) buttons[todo.focus].focus();
    if ("say" in todo) setText(this.announce, todo.say);
  }

  // ----- drawing --------------------------------------------------------------

  /** True (and remembered) if `part` must be redrawn because what it shows changed. */
  private changed(part: string, key: string): boolean {
    if (this.keys.get(part) === key) return false;
    this.keys.set(part, key);
    return true;
  }

  /**
   * Redraw every part, changed or not (a measurement of the full redraw uses
   * it), from the synced view or from `view` (a state to draw instead, not
   * animated; the next change of the synced view draws that one again).
   */
  redrawAll(view?: Model["view"]): void {
    this.keys.clear();
    this.update(view);
  }

  /** Redraw from the synced view (called on change:view and at start); unchanged parts stay. */
  update(override?: Model["view"]): void {
    const started = performance.now();
    const view = override ?? this.model.get("view");
    const focusKey = this.focusKey();
    if (!hasGame(view)) {
      this.view = null;
      this.el.replaceChildren(this.empty);
      this.columns = -1;
      return;
    }
    const previous = this.view;
    this.view = view;
    if (this.el.firstChild !== this.app) this.el.replaceChildren(this.app);
    if (view.mode !== "edit") this.sel = null;
    if (previous && previous.mode !== view.mode && view.mode === "edit") {
      this.editSeat = view.current_player ?? 0;
    }
    this.editSeat = Math.min(this.editSeat, Math.max(0, view.divers.length - 1));

    setText(this.status, statusLine(view, this.shared.autoplay));
    setText(this.error, view.error ?? "");
    show(this.error, !!view.error);
    if (this.loadSent) {
      this.loadSent = false;
      if (!view.error) {
        show(this.save.loadBox, false);
        show(this.savePanel, !this.save.exportBox.hidden);
        this.buttons.load.setAttribute("aria-expanded", "false");
      }
    }
    this.updateSummary(view);
    const who = view.is_over ? "" : nameOf(view, view.current_player);
    if (this.changed("gauge", `${view.air}|${view.forecast_air}|${view.turn_start_air}|${who}`)) this.updateGauge(view);
    this.updateDice(view);
    if (!override && view.seq !== this.lastSeq) setText(this.announce, stepAnnouncement(view, this.shared.autoplay));
    this.updateControls(view);
    this.updateEdit(view);
    const { divers, badges, bots, current_player, is_over } = view;
    if (this.changed("divers", JSON.stringify([divers, badges, bots, current_player, is_over]))) this.updateDivers(view);
    this.updateTrailText(view);
    const log = view.log ?? [];
    if (this.changed("log", `${view.seq}|${log.length}|${log[0]}|${log[1]}`)) this.updateLog(view);

    // The same step again (its odds badges arrive a moment after the move): let
    // the move play on. A new step stops the old move: it is drawn where it is.
    const sameStep = !override && this.animation !== null && typeof view.seq === "number" && view.seq === this.lastSeq;
    if (!sameStep) {
      this.animation?.cancel();
      this.animation = null;
      clearTimeout(this.autoTimer);
    }
    this.drawBoardOnly();
    const animate = !override && shouldAnimate(this.lastSeq, view.seq, document.hidden, prefersReducedMotion());
    if (!override) this.lastSeq = typeof view.seq === "number" ? view.seq : this.lastSeq ?? 0;
    this.restoreFocus(focusKey);
    this.el.dataset.seq = String(seqOf(view));
    this.el.dataset.renderMs = (performance.now() - started).toFixed(2);

    if (override) return;
    this.painted.drawn(view.seq);
    this.settle();
    if (sameStep) return; // Auto-play goes on when the running move ends
    if (animate) this.animateMove(view);
    else this.scheduleAuto();
  }

  private focusKey(): string | null {
    const active = document.activeElement;
    if (!active || !this.el.contains(active)) return null;
    return active.getAttribute("data-key");
  }

  private restoreFocus(key: string | null): void {
    if (!key) return;
    const active = document.activeElement;
    if (active && this.el.contains(active) && active.getAttribute("data-key") === key && this.canFocus(active)) return;
    if (this.focusControl(key)) return;
    // The focused control is gone, hidden or now disabled (Roll after rolling, Back
    // to play): keep the keyboard in the game on the next thing to do.
    this.focusNext();
  }

  /** Focus the control with `key` if it is shown and enabled; whether it was. */
  private focusControl(key: string): boolean {
    const node = this.el.querySelector<HTMLElement | SVGElement>(`[data-key="${CSS.escape(key)}"]`);
    if (!node || !this.canFocus(node)) return false;
    node.focus();
    return true;
  }

  /** Focus the first enabled control of the next thing to do (the keyboard stays in the widget). */
  private focusNext(): void {
    const order = ["roll", "pick_up", "stay", "drop-0", "turn_back", "next", "undo", "edit", "new_game"];
    for (const k of order) if (this.focusControl(k)) return;
  }

  private canFocus(node: Element): boolean {
    return !(node as HTMLButtonElement).disabled && !node.closest("[hidden]");
  }

  /**
   * Redraw just the SVG trail (on resize, selection change, or as part of
   * update) if it changed; `raise` redraws it anyway, with that seat's pawn
   * above the others (until the board next changes).
   */
  drawBoardOnly(raise: number | null = null): void {
    const view = this.view;
    if (!view) return;
    // The width comes from the ResizeObserver (0 until it first reports: the layout's fallback width).
    const width = this.width;
    const columns = trailLayout(view.trail.length, width).columns;
    const { trail, divers, current_player, mode, air, dive } = view;
    const drag = this.drag?.moving ? { seat: this.drag.seat, target: this.drag.target } : null;
    if (!this.changed("board", JSON.stringify([trail, divers, current_player, mode, air, dive, this.sel, columns, drag, this.tabStop])) && raise === null) return;
    this.drawn = drawBoard(view, width, { editable: view.mode === "edit", selection: this.sel, id: this.id, drag, raised: raise, tabStop: this.tabStop });
    this.columns = this.drawn.layout.columns;
    patchChildren(this.boardWrap, [this.drawn.tree]);
  }

  onResize(width: number): void {
    if (width > 0) this.width = width;
    const view = this.view;
    if (!view) return;
    // Redraw only when the serpentine would change, not on every pixel.
    if (trailLayout(view.trail.length, this.width).columns !== this.columns) {
      this.animation?.finish();
      this.drawBoardOnly();
    }
  }

  private animateMove(view: TableView): void {
    const move = moveToAnimate(view.events);
    const drawn = this.drawn;
    const stepMs = SPEEDS[this.shared.speed].stepMs;
    const pawn = move && drawn ? this.boardWrap.querySelector<SVGGElement>(`[data-diver="${move.seat}"]`) : null;
    if (!move || !drawn || !pawn || stepMs <= 0 || typeof pawn.animate !== "function") {
      this.scheduleAuto();
      return;
    }
    const occupied = new Set(view.divers.filter((d, s) => s !== move.seat && d.position > 0).map((d) => d.position));
    const frames = moveFrames(drawn.layout, move, drawn.pawnAt[move.seat], occupied);
    const keyframes = frames.map((f) => ({ transform: `translate(${f.dx}px, ${f.dy}px)` }));
    this.drawBoardOnly(move.seat); // on top of the pawns it jumps over
    pawn.classList.add("dsw-moving");
    const animation = pawn.animate(keyframes, { duration: moveDuration(move, stepMs), easing: "linear" });
    this.animation = animation;
    this.el.dataset.animating = "true";
    const done = (): void => {
      if (this.animation !== animation) return;
      this.animation = null;
      pawn.classList.remove("dsw-moving");
      delete this.el.dataset.animating;
      this.scheduleAuto();
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", () => {
      // (It fires after a newer move may have started, on this same pawn: leave that one be.)
      if (this.animation !== null && this.animation !== animation) return;
      this.animation = null;
      pawn.classList.remove("dsw-moving");
      delete this.el.dataset.animating;
    });
  }

  private updateSummary(view: TableView): void {
    const s = view.summary;
    const key = s ? JSON.stringify(s) : "";
    const visible = !!s && key !== this.dismissed;
    show(this.summary, visible);
    if (!visible) return;
    const id = `${this.id}-summary`;
    this.summary.setAttribute("aria-labelledby", id);
    patchChildren(this.summary, [
      v("h3", { class: "dsw-summary-title", id }, s!.title),
      v("ul", { class: "dsw-summary-lines" }, ...s!.lines.map((line) => v("li", null, line))),
      vbutton("Close summary", "close_summary", () => {
        this.dismissed = key;
        show(this.summary, false);
        this.focusNext();
      }),
    ]);
  }

  private updateGauge(view: TableView): void {
    const air = view.air;
    const shown = Math.max(0, air);
    const level = airLevel(air);
    const forecast = view.forecast_air;
    const who = view.is_over ? "" : nameOf(view, view.current_player);
    const cells = gaugeCells(air, forecast).map((cell) => {
      const classes = ["dsw-cell", `dsw-cell-${cell.state}`];
      if (cell.current) classes.push("dsw-cell-now");
      if (cell.forecast) classes.push("dsw-cell-forecast");
      if (cell.crowded) classes.push("dsw-cell-crowded");
      return v("span", { class: classes.join(" ") }, cell.label ? v("span", { class: "dsw-cell-num" }, cell.label) : null);
    });
    const text = [breathText(view.turn_start_air, air, who), forecastText(air, forecast, who)].filter(Boolean).join(". ");
    const className = `dsw-gauge dsw-air-${level}`;
    if (this.gauge.className !== className) this.gauge.className = className;
    patchChildren(this.gauge, [
      v(
        "div",
        { class: "dsw-air-now", role: "meter", "aria-label": "Air left", "aria-valuemin": 0, "aria-valuemax": AIR_MAX, "aria-valuenow": shown, "aria-valuetext": `Air ${shown} of ${AIR_MAX}` },
        v("span", { class: "dsw-air-label" }, "Air"),
        v("span", { class: "dsw-air-value", "data-air": air }, String(shown)),
      ),
      v(
        "div",
        { class: "dsw-gauge-body" },
        v("div", { class: "dsw-track", "aria-hidden": "true" }, ...cells),
        text ? v("p", { class: "dsw-forecast", "data-forecast": forecast ?? "" }, text) : null,
      ),
    ]);
  }

  private updateDice(view: TableView): void {
    const { roll, newDive } = stepRoll(view.events);
    const fresh = !!roll;
    if (roll) this.lastDice = roll;
    else if (!view.events?.length || newDive) this.lastDice = null;
    const shown = this.lastDice;
    this.dice.classList.toggle("dsw-dice-old", !fresh);
    if (!shown) {
      this.dice.setAttribute("aria-label", "No roll yet");
      patchChildren(this.dice, []);
      return;
    }
    const [a, b] = shown.dice;
    const label = `${fresh ? "Roll" : "Last roll"}: ${shown.name} rolled ${a} and ${b}, moves ${shown.move}`;
    if (this.dice.getAttribute("aria-label") !== label) this.dice.setAttribute("aria-label", label);
    if (this.dice.getAttribute("data-dice") !== `${a},${b}`) this.dice.setAttribute("data-dice", `${a},${b}`);
    patchChildren(this.dice, [dieFace(a), dieFace(b), v("span", { class: "dsw-dice-text", "aria-hidden": "true" }, `= ${a + b} → ${plural(shown.move, "space")}`)]);
  }

  private updateControls(view: TableView): void {
    const states = controlStates(view);
    const b = this.buttons;
    const apply = (node: HTMLButtonElement, st: ControlState, tip: string) => setEnabled(node, !st.disabled, st.reason, tip);
    apply(b.roll, states.roll, "Roll the dice and move (R)");
    apply(b.turn_back, states.turn_back, "Head back toward the sub, once per dive (T)");
    apply(b.pick_up, states.pick_up, "Pick up what lies on this space (P)");
    apply(b.stay, states.stay, "Do nothing on this space (S)");
    apply(b.undo, states.undo, "Take back the last move or edit (U)");
    apply(b.next, states.next, "Let the bot play its turn (N)");
    // once on, Auto-play can be switched off whenever the bots could play (at game over it goes off by itself)
    apply(b.autoplay, this.shared.autoplay ? { disabled: false, reason: "" } : states.autoplay,
      "Let the bots play on their own, at the chosen speed (A)");
    setEnabled(b.new_game, true, "", "Start a new game with the same players");
    setEnabled(b.edit, !view.is_over, "The game is over: start a new game to set up a position", "Set up a what-if position");
    setAttr(b.edit, "aria-pressed", String(view.mode === "edit"));
    setAttr(b.autoplay, "aria-pressed", String(this.shared.autoplay));

    const carried = view.current_player === null ? [] : view.divers[view.current_player]?.carried ?? [];
    patchChildren(
      this.drops,
      states.drops.map((d) => {
        const levels = d.index >= 0 ? carried[d.index] ?? [1] : null;
        return vbutton(levels ? ["Drop ", chipIcon(levels, 16, true)] : "Drop", `drop-${d.index}`, () => this.sendAction({ type: "drop", index: d.index }), {
          class: "dsw-drop",
          "aria-label": levels ? d.label : null,
          "aria-keyshortcuts": "D",
          ...enabledAttrs(!d.disabled, d.reason, `${d.label} (D)`),
        });
      }),
    );
  }

  // ----- edit mode --------------------------------------------------------

  private buildEditPanel(): HTMLElement {
    const diver = h("select", { attrs: { "aria-label": "Diver", "data-key": "edit-diver" } });
    diver.addEventListener("change", () => {
      this.editSeat = Number(diver.value);
      this.sel = null; // the list picks whom the buttons act on; it does not arm a move (a click on a pawn does)
      this.drawBoardOnly();
      if (this.view) this.updateEdit(this.view);
    });
    const level = h("select", { attrs: { "aria-label": "Item level", "data-key": "edit-level" } });
    for (let lv = 1; lv <= 4; lv++) level.appendChild(h("option", { attrs: { value: lv } }, `Level ${lv}`));
    const air = h("input", { attrs: { type: "range", min: 1, max: AIR_MAX, step: 1, "aria-label": "Air at the start of the turn, before breathing", "data-key": "edit-air" } });
    // The slider announces its own value; this is the same number for the eye.
    const airOut = h("span", { class: "dsw-air-out", attrs: { "aria-hidden": "true" } });
    air.addEventListener("input", () => (airOut.textContent = air.value));
    air.addEventListener("change", () => this.sendEdit(setAir(air.value), true));
    const turn = h("select", { attrs: { "aria-label": "Whose turn", "data-key": "edit-turn" } });
    turn.addEventListener("change", () => this.sendEdit(setTurn(Number(turn.value))));
    const take = h("span", { class: "dsw-take" });
    const space = h("div", { class: "dsw-space-editor" });
    const hint = h("p", { class: "dsw-edit-hint", attrs: { "aria-live": "polite" } });
    this.edit = { diver, level, take, air, airOut, turn, space, hint };
    return h(
      "section",
      { class: "dsw-edit", attrs: { "aria-label": "Edit position" } },
      hint,
      h(
        "div",
        { class: "dsw-edit-row" },
        h("label", {}, "Diver ", diver),
        button("Heading back", "edit-back", () => this.sendEdit(setHeading(this.editSeat, true))),
        button("Heading deeper", "edit-deeper", () => this.sendEdit(setHeading(this.editSeat, false))),
      ),
      h(
        "div",
        { class: "dsw-edit-row" },
        h("label", {}, "Item ", level),
        button("Give item", "edit-give", () => this.sendEdit(giveItem(this.editSeat, [Number(level.value)]))),
        take,
      ),
      h("div", { class: "dsw-edit-row" }, h("label", { attrs: { title: "The air when this turn starts, before the diver to play breathes" } }, "Air at turn start ", air), airOut, h("label", {}, "Whose turn ", turn)),
      space,
      h("div", { class: "dsw-edit-row" }, button("Back to play", "edit-play", () => this.toggleEdit())),
    );
  }

  private updateEdit(view: TableView): void {
    const editing = view.mode === "edit";
    show(this.editPanel, editing);
    if (!editing) return;
    const e = this.edit;
    const names = view.divers.map((d) => d.name);
    fillSelect(e.diver, names, this.editSeat);
    fillSelect(e.turn, names, view.current_player ?? 0);
    const air = Math.max(0, view.turn_start_air ?? view.air);
    e.air.value = String(air);
    setText(e.airOut, String(air));
    const diver = view.divers[this.editSeat];
    const items = diver?.carried ?? [];
    patchChildren(
      e.take,
      items.map((levels, i) =>
        vbutton(["Take ", chipIcon(levels, 16, true)], `edit-take-${i}`, () => this.sendEdit(takeItem(this.editSeat, i)), {
          "aria-label": `Take item ${i + 1} (${itemsText([levels])})`,
          class: "dsw-take-item",
        }),
      ),
    );
    const sel = this.sel;
    if (sel?.kind === "diver") {
      setText(e.hint, `${nameOf(view, sel.seat)} picked: click a space or the sub (or drag the pawn there) to put the diver there.`);
    } else {
      setText(e.hint, "Click a diver, then a space or the sub, to move it, or drag it there. Click a space to change what lies there. On the trail, the arrow keys move from space to space.");
    }
    if (sel?.kind === "space") {
      const k = sel.space;
      const setStack = (): void => {
        const input = e.space.querySelector<HTMLInputElement>('input[data-key="edit-stack"]');
        const parsed = parseLevels(input?.value ?? "");
        if ("error" in parsed) {
          this.error.textContent = parsed.error;
          show(this.error, true);
          return;
        }
        this.sendEdit(setSpace(k, parsed.levels));
      };
      const stack = v("input", { type: "text", "aria-label": "Stack levels", placeholder: "e.g. 2 3 3", size: 8, "data-key": "edit-stack" });
      stack.data!.on = {
        keydown: (ev) => {
          if ((ev as KeyboardEvent).key === "Enter") setStack();
        },
      };
      patchChildren(e.space, [
        v("span", { class: "dsw-space-label" }, `Space ${k}:`),
        ...SPACE_CHOICES.map((c) => vbutton(c.label, `edit-space-${c.label}`, () => this.sendEdit(setSpace(k, c.levels)))),
        stack,
        vbutton("Set stack", "edit-set-stack", setStack),
      ]);
    } else {
      const cannotRemove = removeSpaceReason(view.trail.length, view.divers);
      patchChildren(e.space, [
        vbutton("Add a space", "edit-add-space", () => this.sendEdit(addSpace()),
          enabledAttrs(view.trail.length < MAX_TRAIL, `The trail is full: it has at most ${MAX_TRAIL} spaces`,
            "Add a space at the far end: a chip of the lowest level not in play, else a blank")),
        vbutton("Remove the last space", "edit-remove-space", () => this.sendEdit(removeSpace()),
          enabledAttrs(!cannotRemove, cannotRemove, "Remove the space at the far end of the trail")),
      ]);
    }
  }

  private buildSavePanel(): HTMLElement {
    const text = h("textarea", { class: "dsw-save-text", attrs: { readonly: true, rows: 4, "aria-label": "Saved game (JSON)", "data-key": "save-text" } });
    const download = h("a", { class: "dsw-download", attrs: { download: "deepsea-game.json", href: "#" } }, "Download");
    // A save holds what every chip is worth and the dice to come (to continue the game
    // exactly): the table should not read it in passing, so its text is folded away.
    const details = h("details", { class: "dsw-save-details" }, h("summary", {}, "Show the save's text"), text);
    const exportBox = h(
      "div",
      { class: "dsw-export" },
      h("p", { class: "dsw-export-note" }, "A save holds what every chip is worth and the dice to come: keep it out of sight while the game is on."),
      details,
      h("div", { class: "dsw-edit-row" }, download, button("Close", "export-close", () => {
        show(exportBox, false);
        show(this.savePanel, !loadBox.hidden);
        this.buttons.export.focus();
      })),
    );
    const loadText = h("textarea", { class: "dsw-load-text", attrs: { rows: 4, "aria-label": "Game to load (JSON)", placeholder: "Paste a saved game here, or choose a file", "data-key": "load-text" } });
    const file = h("input", { attrs: { type: "file", accept: ".json,application/json", "aria-label": "Choose a saved game file" } });
    file.addEventListener("change", () => {
      const f = file.files?.[0];
      if (f) void f.text().then((t) => (loadText.value = t));
    });
    const loadBox = h(
      "div",
      { class: "dsw-load" },
      loadText,
      h(
        "div",
        { class: "dsw-edit-row" },
        file,
        button("Load game", "load-game", () => {
          if (!this.view) return;
          if (this.send({ type: "load", seq: seqOf(this.view), text: loadText.value })) this.loadSent = true;
        }),
        button("Cancel", "load-cancel", () => {
          this.openLoad();
          this.buttons.load.focus();
        }),
      ),
    );
    show(exportBox, false);
    show(loadBox, false);
    this.save = { text, details, download, exportBox, loadBox, loadText };
    const panel = h("section", { class: "dsw-save", attrs: { "aria-label": "Save and load" } }, exportBox, loadBox);
    show(panel, false);
    return panel;
  }

  // ----- divers and log ---------------------------------------------------

  private updateDivers(view: TableView): void {
    const labels = pawnLabels(view.divers.map((d) => d.name));
    patchChildren(
      this.divers,
      view.divers.map((d, seat) => {
        const bot = view.bots?.[seat];
        const badge = showsBadge(view, seat) ? badgeText(view.badges?.[seat]) : null;
        const current = view.current_player === seat && !view.is_over;
        const classes = ["dsw-diver", `dsw-seat-${seat % PAWN_COLOURS}`];
        if (current) classes.push("dsw-current");
        return v(
          "li",
          { class: classes.join(" "), "data-seat": seat },
          v(
            "div",
            { class: "dsw-diver-head" },
            v("span", { class: "dsw-swatch", "aria-hidden": "true" }, labels[seat]),
            v("span", { class: "dsw-diver-name" }, d.name),
            bot ? v("span", { class: "dsw-diver-kind" }, `${bot} bot`) : null,
            current ? v("span", { class: "dsw-to-play" }, "to play") : null,
          ),
          v("div", { class: "dsw-diver-where" }, whereText(d)),
          v(
            "div",
            { class: "dsw-diver-items" },
            v("span", { class: "dsw-k" }, "Carrying "),
            ...(d.carried.length ? d.carried.map((it) => itemChip(it)) : ["nothing"]),
          ),
          v(
            "div",
            { class: "dsw-diver-score" },
            `Banked ${plural(d.banked.length, "item")}${chipCount(d.banked) !== d.banked.length ? ` (${plural(chipCount(d.banked), "chip")})` : ""} · Score ${d.score}`,
          ),
          badge
            ? v(
                "div",
                { class: `dsw-badge${badge.estimate ? " dsw-estimate" : ""}`, title: badge.title, "data-p": view.badges?.[seat]?.p ?? "" },
                badge.text,
                badge.estimate ? v("span", { class: "dsw-est-label" }, " estimate") : null,
              )
            : null,
        );
      }),
    );
  }

  private updateTrailText(view: TableView): void {
    const list = this.trailText.lastElementChild as HTMLElement;
    if (!(this.trailText as HTMLDetailsElement).open) {
      if (list.firstChild) patchChildren(list, []);
      return;
    }
    if (!this.changed("trailText", JSON.stringify([view.trail, view.divers.map((d) => [d.name, d.position, d.returning])]))) return;
    patchChildren(list, keyedByText(trailLines(view), (line) => v("li", null, line)));
  }

  private updateLog(view: TableView): void {
    const lines = view.log ?? (view.events ?? []).map((e) => e.text).reverse();
    const shown = lines.slice(0, LOG_SHOWN);
    const older = lines.slice(LOG_SHOWN);
    const details = older.length
      ? v(
          "details",
          { class: "dsw-log-older", open: this.logOpen },
          v("summary", null, `Older lines (${older.length})`),
          v("ol", null, ...keyedByText(older, (l) => v("li", null, l))),
        )
      : null;
    if (details) details.data!.on = { toggle: (e: Event) => (this.logOpen = (e.currentTarget as HTMLDetailsElement).open) };
    patchChildren(this.log, [
      v("h4", { class: "dsw-log-title" }, "Log"),
      v("ol", { class: "dsw-log", "aria-label": "Log, newest first" }, ...keyedByText(shown, (l) => v("li", { class: /breathes|air /.test(l) ? "dsw-log-air" : null }, l))),
      details,
    ]);
  }

  destroy(): void {
    this.leaveShared();
    this.painted.stop();
    // anywidget may render a new view into this same element: leave nothing of this one on it
    this.el.removeEventListener("keydown", this.onKeyDown);
    this.animation?.cancel();
    clearTimeout(this.autoTimer);
    clearTimeout(this.pendingTimer);
    const url = this.save.download.href;
    if (url.startsWith("blob:")) URL.revokeObjectURL(url);
    this.el.replaceChildren();
  }
}

/** A carried item: its picture and its level in short ("L2", "stack 1+3+3"); a screen reader
 * hears the picture's name instead ("level 2 chip", "stack of 3 chips (levels 1, 3, 3)"). */
function itemChip(levels: number[]): VNode {
  return v("span", { class: "dsw-item" }, chipIcon(levels, 16), v("span", { "aria-hidden": "true" }, itemsText([levels])));
}

/** A real button, described: `key` identifies it across redraws (focus is kept on it). */
function vbutton(label: string | VChild[], key: string, onClick: () => void, attrs: Attrs = {}): VNode {
  const node = v("button", { type: "button", "data-key": key, ...attrs }, ...(Array.isArray(label) ? label : [label]));
  node.data!.on = { click: singleClick(onClick) };
  return node;
}

/** Attributes of an enabled or disabled control; a disabled one shows why as its tooltip. */
function enabledAttrs(enabled: boolean, reason: string, tip = ""): Attrs {
  return { disabled: !enabled, title: (enabled ? tip : reason) || null, "data-reason": enabled ? null : reason };
}

function fillSelect(select: HTMLSelectElement, names: string[], value: number): void {
  const same = select.options.length === names.length && names.every((n, i) => select.options[i].text === n);
  if (!same) select.replaceChildren(...names.map((n, i) => h("option", { attrs: { value: i } }, n)));
  select.value = String(value);
}

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[6, 6], [12, 12], [18, 18]],
};

/** One die face (faces 1..3) as a small picture. */
function dieFace(value: number): VNode {
  return s(
    "svg",
    { class: "dsw-die", width: 24, height: 24, viewBox: "0 0 24 24", "aria-hidden": "true", "data-face": value },
    s("rect", { class: "dsw-die-body", x: 1, y: 1, width: 22, height: 22, rx: 4 }),
    ...(PIPS[value] ?? []).map(([cx, cy]) => s("circle", { class: "dsw-pip", cx, cy, r: 2.4 })),
  );
}
