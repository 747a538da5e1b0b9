// The whole board widget in one view: status, dice, error, summary, air
// gauge, the SVG trail, controls, edit panel, save/load, divers and log.
// It redraws from the synced `view` alone (so two views of one widget agree)
// and only sends intents; what stays local is how this view looks: the
// selection in edit mode, Auto-play and its speed, open panels.
//
// BoardUI owns the model, this view's state and the order of a redraw; the
// parts live in their own modules: controlBar.ts (the buttons and their
// shortcuts), editPanel.ts, savePanel.ts, pawnDrag.ts (dragging a pawn in
// edit mode), gaugeDice.ts and diversLog.ts (drawing those parts), focus.ts
// (keeping the keyboard in the widget across redraws).

import type { AnyModel } from "@anywidget/types";
import type { EditOp, Intent, Model, Reply, TableView } from "./model";
import { drawBoard, trailKeys, type DrawnBoard } from "./board";
import { statusLine, stepAnnouncement, trailLines } from "./format";
import { moveDuration, moveFrames, moveToAnimate, shouldAnimate, SPEEDS, stepRoll } from "./anim";
import { actionIntent, answerKey, botStepIntent, botToMove, nameOf, seqOf } from "./controls";
import { editClick, keepSelection, type BoardClick, type Selection } from "./edit";
import { h, setText, show } from "./dom";
import { keyedByText, patchChildren, v, vbutton } from "./vdom";
import { SharedSettings } from "./shared";
import { PaintReporter } from "./painted";
import { trailLayout } from "./layout";
import { createControlBar, type ControlBar } from "./controlBar";
import { createEditPanel, type EditPanel } from "./editPanel";
import { createSavePanel, type SavePanel } from "./savePanel";
import { createPawnDrag, type PawnDrag } from "./pawnDrag";
import { drawDice, drawGauge } from "./gaugeDice";
import { choosing, pickAnnouncement, pickKey, pickKeyAction, pickedChoice, legalPairs, togglePick, keepCount } from "./diceChoice";
import { drawDivers, drawLog } from "./diversLog";
import { focusControl, focusedKey, focusNext, restoreFocus } from "./focus";
import { createGuessBox, GUESS_KEY, type GuessBox } from "./guess";

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
  /** Edit mode: the diver the edit panel's buttons act on. */
  private editSeat = 0;
  /** Auto-play and its speed: shared by every view of this board. */
  private readonly shared: SharedSettings;
  private readonly onShared = (): void => this.sharedChanged();
  private readonly onKeyDown = (e: KeyboardEvent): void => this.onKey(e);
  private readonly leaveShared: () => void;
  private pending = false;
  /** `answerKey` of the view when the pending intent went out: the view that differs answers it. */
  private sentAt = "";
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Tells the kernel each new state is on screen (the odds panels redraw after it). */
  private readonly painted = new PaintReporter((seq) => this.model.send({ type: "painted", seq } satisfies Intent));
  private queued: ((view: TableView) => Intent | null) | null = null;
  private autoTimer: ReturnType<typeof setTimeout> | undefined;
  private animation: Animation | null = null;
  private lastSeq: number | null = null;
  private columns = -1;
  /** A problem found here before sending (shown in the banner) and the state it was found in. */
  private localError: { text: string; at: string } | null = null;
  private dismissed = "";
  private logOpen = false;
  /** A Boost game's dice picked to keep in this view, and the roll they were picked from (`pickKey`). */
  private picks: { key: string; picked: number[] } = { key: "", picked: [] };
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
  private readonly controls: ControlBar;
  private readonly editPanel: EditPanel;
  private readonly savePanel: SavePanel;
  private readonly pawnDrag: PawnDrag;
  /** Guess first: the person's guess, then the number beside it (guess.ts). */
  private readonly guessBox: GuessBox;
  private readonly divers: HTMLElement;
  private readonly log: HTMLElement;

  constructor(model: AnyModel<Model>, el: HTMLElement) {
    this.model = model;
    this.el = el;
    el.classList.add("dsw-root");
    // Keys pressed inside the widget are ours, not JupyterLab's notebook shortcuts: see onKey
    // (not data-lm-suppress-shortcuts on the root, which kept Ctrl+S from saving the notebook).
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
    // Views of one widget get different model proxies, but the same Layout model.
    const layout = model.get("layout");
    this.shared = SharedSettings.of(typeof layout === "object" && layout ? layout : model);
    this.leaveShared = this.shared.join(this.onShared);

    this.savePanel = createSavePanel({
      load: (text) => !!this.view && this.send({ type: "load", seq: seqOf(this.view), text }),
      requestExport: () => this.model.send({ type: "export" } satisfies Intent),
      requestResults: () => this.model.send({ type: "results" } satisfies Intent),
    });
    this.controls = createControlBar(
      {
        sendAction: (action) => this.sendAction(action),
        sendSimple: (type) => this.sendSimple(type),
        botStep: () => this.botStep(false),
        toggleEdit: () => this.toggleEdit(),
        say: (text) => setText(this.announce, text),
      },
      this.shared,
      this.savePanel,
    );
    this.editPanel = createEditPanel({
      seat: () => this.editSeat,
      selection: () => this.sel,
      pickDiver: (seat) => this.pickDiver(seat),
      sendEdit: (op, latest) => this.sendEdit(op, latest),
      busy: () => this.pending || this.queued !== null,
      toggleEdit: () => this.toggleEdit(),
      showError: (text) => {
        this.localError = { text, at: this.view ? answerKey(this.view) : "" };
        setText(this.error, text);
        show(this.error, true);
      },
    });
    this.guessBox = createGuessBox(
      {
        send: (intent) => this.send(intent),
        showError: (text) => {
          this.localError = { text, at: this.view ? answerKey(this.view) : "" };
          setText(this.error, text);
          show(this.error, true);
        },
      },
      this.id,
    );
    this.divers = h("ul", { class: "dsw-divers", attrs: { "aria-label": "Divers" } });
    this.log = h("section", { class: "dsw-logbox", attrs: { "aria-label": "Log" } });

    // A click on the board's text or pictures (the status, the trail, a card, the log) focuses
    // the board (this div; not a Tab stop), not the notebook cell around it, so the keys pressed
    // next are the board's (R rolls), not JupyterLab's (R made the cell a raw cell, D D deleted
    // it): onKey keeps them from JupyterLab's shortcuts, as from the board's controls.
    this.app = h(
      "div",
      { class: "dsw-app", attrs: { tabindex: "-1" } },
      h("div", { class: "dsw-top" }, this.status, this.dice, this.announce),
      this.error,
      this.summary,
      this.gauge,
      this.boardWrap,
      this.trailText,
      this.guessBox.element,
      this.controls.element,
      this.editPanel.element,
      this.savePanel.element,
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
    this.pawnDrag = createPawnDrag(el, this.boardWrap, {
      view: () => this.view,
      drawn: () => this.drawn,
      redraw: () => this.drawBoardOnly(),
      dropped: (op) => this.pawnDropped(op),
    });
    el.addEventListener("keydown", this.onKeyDown);
  }

  // ----- intents ----------------------------------------------------------

  private send(intent: Intent | null): boolean {
    if (!intent || this.pending) return false;
    this.pending = true;
    this.sentAt = this.view ? answerKey(this.view) : "";
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

  /** Auto-play or the speed changed, in this view or another view of the board. */
  private sharedChanged(): void {
    this.controls.showShared();
    if (this.view) {
      setText(this.status, statusLine(this.view, this.shared.autoplay));
      this.controls.update(this.view); // (Auto-play switched off at game over cannot be switched on)
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

  onReply(msg: Reply): void {
    this.savePanel.onReply(msg);
  }

  // ----- input --------------------------------------------------------------

  private onBoardClick(e: Event): void {
    const v = this.view;
    if (!v || v.mode !== "edit") return;
    // The click that ends a drag is not a click on the board.
    if (this.pawnDrag.endedClick()) return;
    const target = e.target as Element;
    const pawn = target.closest("[data-diver]");
    const space = target.closest("[data-space]");
    const sub = target.closest("[data-sub]");
    let click: BoardClick | null = null;
    if (pawn) click = { kind: "diver", seat: Number(pawn.getAttribute("data-diver")) };
    else if (space) click = { kind: "space", space: Number(space.getAttribute("data-space")) };
    else if (sub) click = { kind: "sub" };
    if (!click) return;
    const { sel, op } = editClick(this.sel, click, (seat) => v.divers[seat]?.position);
    this.sel = sel;
    if (sel?.kind === "diver") this.editSeat = sel.seat;
    if (op) this.sendEdit(op);
    this.drawBoardOnly();
    this.editPanel.update(v);
  }

  /** The edit panel's Diver list: its buttons now act on `seat`. */
  private pickDiver(seat: number): void {
    this.editSeat = seat;
    this.sel = null; // the list picks whom the buttons act on; it does not arm a move (a click on a pawn does)
    this.drawBoardOnly();
    if (this.view) this.editPanel.update(this.view);
  }

  /** A dragged pawn was let go: `op` moves it (null: it goes back). */
  private pawnDropped(op: EditOp | null): void {
    if (op) {
      this.sel = null;
      this.sendEdit(op);
    }
    this.drawBoardOnly();
    if (this.view) this.editPanel.update(this.view);
  }

  /**
   * A pawn picked by keyboard: the focus goes to the place on the trail where it stands (the
   * pawns come after the trail in the Tab order), so the arrow keys and Enter put it down.
   */
  private toPickedPawnsPlace(): void {
    const sel = this.sel;
    if (sel?.kind !== "diver" || !this.view) return;
    const position = this.view.divers[sel.seat]?.position ?? 0;
    const length = this.view.trail.length;
    this.tabStop = position === 0 ? "sub" : `space-${Math.min(position, length)}`; // (past the end: the last space)
    this.drawBoardOnly();
    focusControl(this.el, this.tabStop);
  }

  private onKey(e: KeyboardEvent): void {
    const t = e.target as HTMLElement;
    const tag = t.tagName?.toLowerCase();
    const typing = tag === "textarea" || tag === "select" || (tag === "input" && (t as HTMLInputElement).type !== "range" && (t as HTMLInputElement).type !== "file");
    // A key pressed in the board is the board's: JupyterLab's notebook shortcuts must not also
    // act on it (D D deleted the board's cell, 0 0 restarted the kernel, an arrow key or B took
    // the focus away). Keys with Ctrl, Alt or Meta (save, the command palette) still reach
    // JupyterLab, except from a text field, whose own (select all, undo) they are.
    if (!(e.ctrlKey || e.metaKey || e.altKey) || typing) e.stopPropagation();
    if (e.key === "Escape" && this.pawnDrag.moving) {
      e.preventDefault();
      this.pawnDrag.cancel();
      return;
    }
    const sel = this.sel;
    if (e.key === "Escape" && sel && !typing && this.view?.mode === "edit") {
      e.preventDefault(); // a picked pawn or space is put down: nothing is sent
      this.sel = null;
      const place = sel.kind === "diver" ? `diver-${sel.seat}` : `space-${sel.space}`;
      if (sel.kind === "space") this.tabStop = place;
      this.drawBoardOnly();
      this.editPanel.update(this.view);
      // (a space's editor, where the focus may have been, is gone: the keyboard goes back to the board)
      if (!this.el.contains(document.activeElement)) focusControl(this.el, place);
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
      focusControl(this.el, this.tabStop);
      return;
    }
    // SVG buttons (edit mode) act on Enter and Space like real buttons.
    if (!typing && (e.key === "Enter" || e.key === " ") && t instanceof SVGElement && t.getAttribute("role") === "button") {
      e.preventDefault();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      this.toPickedPawnsPlace();
      return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey || tag === "input") return;
    if (e.key.toLowerCase() === GUESS_KEY && this.guessBox.focusInput()) {
      e.preventDefault(); // (the G typed is not the guess's first character)
      return;
    }
    if (this.onPickKey(e, t)) return;
    this.controls.onShortcutKey(e);
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
    const focusKey = focusedKey(this.el);
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
    else this.sel = keepSelection(this.sel, view.trail.length, view.divers.length);
    if (previous && previous.mode !== view.mode && view.mode === "edit") {
      this.editSeat = view.current_player ?? 0;
    }
    this.editSeat = Math.min(this.editSeat, Math.max(0, view.divers.length - 1));

    setText(this.status, statusLine(view, this.shared.autoplay));
    // a local problem stays until the state changes (not when the same state comes with its odds)
    if (this.localError && this.localError.at !== answerKey(view)) this.localError = null;
    const error = view.error || this.localError?.text || "";
    setText(this.error, error);
    show(this.error, !!error);
    this.savePanel.viewChanged(view);
    this.updateSummary(view);
    const who = view.is_over ? "" : nameOf(view, view.current_player);
    if (this.changed("gauge", `${view.air}|${view.forecast_air}|${view.turn_start_air}|${who}|${view.boost_air}|${view.boosted}`)) drawGauge(this.gauge, view);
    this.updateDice(view);
    if (!override && view.seq !== this.lastSeq) setText(this.announce, stepAnnouncement(view, this.shared.autoplay));
    this.controls.update(view);
    this.editPanel.update(view);
    this.guessBox.update(view);
    const { divers, badges, bots, current_player, is_over, choices, guess } = view;
    if (this.changed("divers", JSON.stringify([divers, badges, bots, current_player, is_over, choices, guess?.hidden, guess?.mover_hidden, guess?.asking]))) drawDivers(this.divers, view);
    this.updateTrailText(view);
    const log = view.log ?? [];
    if (this.changed("log", `${view.seq}|${log.length}|${JSON.stringify(log.slice(0, 2))}`)) drawLog(this.log, view, this.logOpen, (open) => (this.logOpen = open));

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
    restoreFocus(this.el, focusKey);
    this.el.dataset.seq = String(seqOf(view));
    this.el.dataset.renderMs = (performance.now() - started).toFixed(2);

    if (override) return;
    this.painted.drawn(view.seq);
    // (not on the same state again: settling then sent the next intent while the last was
    // still on its way, with a state number about to be out of date: "stale intent")
    if (answerKey(view) !== this.sentAt) this.settle();
    if (sameStep) return; // Auto-play goes on when the running move ends
    if (animate) this.animateMove(view);
    else this.scheduleAuto();
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
    const drag = this.pawnDrag.shown();
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
        focusNext(this.el);
      }),
    ]);
  }

  private updateDice(view: TableView): void {
    // a Boost game's choice of dice: this view's picks last while the same roll is chosen from
    const key = pickKey(view);
    if (key !== this.picks.key) this.picks = { key, picked: [] };
    const pick = choosing(view)
      ? { view, picked: this.picks.picked, toggle: (die: number) => this.pickDie(die), keep: () => this.keepPicked() }
      : null;
    // Python keeps the dive's last roll, so that every view shows the same; bright if this step rolled it
    drawDice(this.dice, view.last_roll ?? null, !!view.last_roll && !!stepRoll(view.events), pick);
  }

  /** A Boost game: die `die` picked or put back (a click or its number key); the picks are said. */
  private pickDie(die: number): void {
    const view = this.view;
    if (!view || !choosing(view)) return;
    this.picks = { key: this.picks.key, picked: togglePick(this.picks.picked, die, keepCount(view)) };
    this.updateDice(view);
    setText(this.announce, pickAnnouncement(view, this.picks.picked));
  }

  /** A Boost game: keep the picked dice (the Keep button, or Enter). */
  private keepPicked(): void {
    const view = this.view;
    const choice = view && choosing(view) ? pickedChoice(this.picks.picked, legalPairs(view)) : null;
    if (choice) this.sendAction({ type: "keep", dice: choice });
  }

  /** The dice's keys while choosing (1, 2, 3 pick; Enter keeps); whether the key was theirs. */
  private onPickKey(e: KeyboardEvent, target: HTMLElement): boolean {
    const view = this.view;
    if (!view || !choosing(view)) return false;
    const die = /^die-(\d+)$/.exec(target.getAttribute?.("data-key") ?? "");
    // Enter on another button (Undo, Keep itself) is that button's
    if (e.key === "Enter" && target.tagName === "BUTTON" && !die) return false;
    const todo = pickKeyAction(view, this.picks.picked, e.key, die ? Number(die[1]) : null);
    if (!todo) return false;
    e.preventDefault();
    if ("toggle" in todo) this.pickDie(todo.toggle);
    else if ("keep" in todo) this.keepPicked();
    else setText(this.announce, todo.say);
    return true;
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

  destroy(): void {
    this.leaveShared();
    this.painted.stop();
    // anywidget may render a new view into this same element: leave nothing of this one on it
    this.el.removeEventListener("keydown", this.onKeyDown);
    this.animation?.cancel();
    clearTimeout(this.autoTimer);
    clearTimeout(this.pendingTimer);
    this.savePanel.destroy();
    this.el.replaceChildren();
  }
}

