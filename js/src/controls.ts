// Which controls are usable now and, when not, why (the reason becomes the
// disabled button's tooltip); and the intents the controls send. Pure
// functions of the view, so vitest checks them and two views agree.

import type { Action, ActionKind, Intent, ReasonKey, TableView } from "./model";
import { describeChips, treasureChoice } from "./format";

export interface ControlState {
  disabled: boolean;
  /** Why it is disabled ("" when enabled). */
  reason: string;
}

export interface DropControl extends ControlState {
  index: number;
  /** Accessible name: "Drop item 1: level 2 chip"; just "Drop" when nothing is carried. */
  label: string;
}

export interface ControlStates {
  roll: ControlState;
  /** A Boost game's Boost (see `isBoostGame`: hidden in the original game). */
  boost: ControlState;
  turn_back: ControlState;
  pick_up: ControlState;
  stay: ControlState;
  drops: DropControl[];
  undo: ControlState;
  next: ControlState;
  autoplay: ControlState;
}

const ON: ControlState = { disabled: false, reason: "" };

function off(reason: string): ControlState {
  return { disabled: true, reason };
}

export function nameOf(view: TableView, seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "";
  return view.divers[seat]?.name ?? `seat ${seat + 1}`;
}

export function isBotSeat(view: TableView, seat: number | null | undefined): boolean {
  return seat !== null && seat !== undefined && !!view.bots?.[seat];
}

export function botToMove(view: TableView): boolean {
  if (view.bot_to_move !== undefined) return view.bot_to_move;
  return (view.mode ?? "play") === "play" && !view.is_over && isBotSeat(view, view.current_player);
}

/** Why no person may act at all now, or "" if the current diver is a person in play mode. */
export function blockedReason(view: TableView): string {
  if (view.is_over || view.phase === "over") return "The game is over: press New game to play again";
  if (view.mode === "edit") return "Edit mode: press Back to play first";
  const seat = view.current_player;
  if (seat === null) return "Nobody is to move";
  if (isBotSeat(view, seat)) return `It is ${nameOf(view, seat)}'s turn, a bot: press Next or Auto-play`;
  return "";
}

/** A fallback reason for an illegal action when the view gives none. */
function localReason(view: TableView, kind: ReasonKey): string {
  const seat = view.current_player ?? 0;
  const diver = view.divers[seat];
  const name = nameOf(view, seat);
  if (kind === "boost") return view.phase === "roll" ? "Not possible now" : `${name} has rolled: a Boost is declared before rolling`;
  if (kind === "roll" || kind === "turn_back") {
    if (view.phase === "keep") return `${name} has rolled: next, keep some of the dice`;
    if (view.phase !== "roll") return `${name} has moved this turn: ${treasureChoice(view)}`;
    if (kind === "turn_back") {
      if (diver?.returning) return `${name} is already heading back (once per dive)`;
      return `${name} carries nothing: a diver turns back only with treasure`;
    }
    return "Not possible now";
  }
  if (view.phase === "keep") return `${name} must choose the dice to keep first`;
  if (view.phase !== "treasure") return `${name} must roll first`;
  const here = diver && diver.position > 0 ? view.trail[diver.position - 1] : null;
  if (kind === "pick_up") return `Space ${diver?.position ?? "?"} is blank: nothing to pick up`;
  if (kind === "drop") {
    if (!diver || diver.carried.length === 0) return `${name} carries nothing to drop`;
    if (here) return `Space ${diver.position} is not blank: drop only on a blank space`;
  }
  return "Not possible now";
}

function legalKinds(view: TableView): Set<ActionKind> {
  return new Set((view.legal ?? []).map((a) => a.type));
}

/** A Boost game (RULES.md, "Boost": a Boost to declare, dice to choose): the board shows Boost and the dice's choice. */
export function isBoostGame(view: TableView): boolean {
  return !!view.boost;
}

function actionState(view: TableView, kind: Exclude<ReasonKey, "drop" | "keep">, blocked: string, legal: Set<ActionKind>): ControlState {
  if (blocked) return off(blocked);
  if (legal.has(kind)) return ON;
  return off(view.reasons?.[kind] || localReason(view, kind));
}

export function controlStates(view: TableView): ControlStates {
  const blocked = blockedReason(view);
  const legal = legalKinds(view);
  const seat = view.current_player;
  const carried = seat === null ? [] : view.divers[seat]?.carried ?? [];
  const dropReason = blocked || view.reasons?.drop || localReason(view, "drop");
  const legalDrops = new Set(
    (view.legal ?? []).filter((a): a is Extract<Action, { type: "drop" }> => a.type === "drop").map((a) => a.index),
  );
  const drops: DropControl[] =
    carried.length === 0
      ? [{ index: -1, label: "Drop", ...off(dropReason) }]
      : carried.map((levels, index) => ({
          index,
          label: `Drop item ${index + 1}: ${describeChips(levels)}`,
          ...(!blocked && legalDrops.has(index) ? ON : off(dropReason)),
        }));

  const over = view.is_over || view.phase === "over";
  const anyBot = (view.bots ?? []).some((b) => !!b);
  let next: ControlState = ON;
  if (!botToMove(view)) {
    if (over) next = off("The game is over");
    else if (view.mode === "edit") next = off("Edit mode: press Back to play first");
    else if (!anyBot) next = off("No bots at this table");
    else next = off(`It is ${nameOf(view, seat)}'s turn (a person): no bot to move`);
  }
  return {
    roll: actionState(view, "roll", blocked, legal),
    boost: isBoostGame(view) ? actionState(view, "boost", blocked, legal) : off("There is no Boost in the original game"),
    turn_back: actionState(view, "turn_back", blocked, legal),
    pick_up: actionState(view, "pick_up", blocked, legal),
    stay: actionState(view, "stay", blocked, legal),
    drops,
    undo: view.can_undo ? ON : off(view.undo_refusal || (view.mode === "edit" ? "No edit to undo" : "Nothing to undo")),
    next,
    autoplay: !anyBot ? off("No bots at this table") : over ? off("The game is over: no bot has a turn to play") : ON,
  };
}

/** Keyboard shortcuts (no modifier keys) -> control. */
export const SHORTCUTS: Record<string, string> = {
  r: "roll",
  b: "boost",
  t: "turn_back",
  p: "pick_up",
  s: "stay",
  n: "next",
  u: "undo",
  a: "autoplay",
};

/** The Drop shortcut: with several items carried it picks none, so it is not in SHORTCUTS. */
export const DROP_KEY = "d";

/**
 * What the Drop key does, given the Drop buttons (in order): the one item that can be dropped
 * is dropped; with several, the keyboard goes to the first (the player picks); with none, the
 * board says why.
 */
export function dropKeyAction(drops: { disabled: boolean; reason: string }[]):
  { press: number } | { focus: number; say: string } | { say: string } {
  const open = drops.flatMap((d, i) => (d.disabled ? [] : [i]));
  if (open.length === 1) return { press: open[0] };
  if (open.length > 1) return { focus: open[0], say: `Drop: ${open.length} items carried; Tab to the one to drop and press Enter` };
  return { say: `Drop: ${drops[0]?.reason || "nothing to drop now"}` };
}

// ----- intents ------------------------------------------------------------

export function seqOf(view: TableView): number {
  return typeof view.seq === "number" ? view.seq : 0;
}

/**
 * What changes when the table answers an intent: the state number (it was carried out) or the
 * count of refusals (it was refused). The same state sent again (with its odds badges, a
 * moment later) has the same key: it is no answer.
 */
export function answerKey(view: TableView): string {
  return `${seqOf(view)}/${view.refusals ?? 0}`;
}

export function actionIntent(view: TableView, action: Action): Intent | null {
  if (view.current_player === null) return null;
  return { type: "action", seq: seqOf(view), seat: view.current_player, action };
}

export function botStepIntent(view: TableView, auto: boolean): Intent {
  return { type: "bot_step", seq: seqOf(view), auto };
}
