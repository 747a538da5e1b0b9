// A Boost game's choice of dice (RULES.md, "Boost"): after rolling without a Boost, the
// person to play picks the dice to keep by clicking them (or pressing 1, 2, 3), then keeps
// them with the Keep button (or Enter). Only the pairs Python lists as legal can be kept.
// Pure functions of the view and this view's picks (never synced: each view of a board
// picks on its own; the Keep intent carries the choice), so vitest checks them.

import type { Action, LastRoll, TableView } from "./model";
import { blockedReason } from "./controls";
import { plural } from "./format";

/** The die indices (sorted) of every choice Python lists as legal now. */
export function legalPairs(view: TableView): number[][] {
  return (view.legal ?? [])
    .filter((a): a is Extract<Action, { type: "keep" }> => a.type === "keep" && Array.isArray(a.dice))
    .map((a) => [...a.dice].sort((x, y) => x - y));
}

/** How many dice the diver keeps now (0: no choice to make). */
export function keepCount(view: TableView): number {
  return legalPairs(view)[0]?.length ?? 0;
}

/** The person to play chooses dice now in this view (a Boost game's keep phase, play mode, no bot). */
export function choosing(view: TableView): boolean {
  return view.phase === "keep" && keepCount(view) > 0 && blockedReason(view) === "";
}

/** The faces of the roll being chosen from (the dive's last roll). */
export function rolledFaces(view: TableView): number[] {
  return view.rolled ?? view.last_roll?.dice ?? [];
}

/**
 * What the picks are for: the roll being chosen from (who, when, which faces). A new roll (or
 * one undone and rolled again) has a new key, and the picks start afresh.
 */
export function pickKey(view: TableView): string {
  return choosing(view) ? `${view.seq ?? 0}|${view.current_player}|${rolledFaces(view).join(",")}` : "";
}

/**
 * Die `die` clicked: picked if it was not (when `keep` are picked already, the one picked
 * first gives way: the last `keep` clicked are the choice), unpicked if it was.
 */
export function togglePick(picked: readonly number[], die: number, keep: number): number[] {
  if (picked.includes(die)) return picked.filter((d) => d !== die);
  const next = [...picked, die];
  return next.length > keep ? next.slice(next.length - keep) : next;
}

/** The picks as a legal choice to keep (sorted die indices), or null when they are not one. */
export function pickedChoice(picked: readonly number[], pairs: readonly number[][]): number[] | null {
  const sorted = [...picked].sort((x, y) => x - y);
  return pairs.find((p) => p.length === sorted.length && p.every((d, i) => d === sorted[i])) ?? null;
}

/** "3 + 2" for the faces of `dice` in the roll `faces`. */
export function sumWords(faces: readonly number[], dice: readonly number[]): string {
  return dice.map((d) => String(faces[d])).join(" + ");
}

/** The spaces a choice moves: its total less the items carried, at least 0. */
export function choiceMove(faces: readonly number[], dice: readonly number[], items: number): number {
  return Math.max(0, dice.reduce((t, d) => t + (faces[d] ?? 0), 0) - items);
}

function itemsOf(view: TableView): number {
  const seat = view.current_player;
  return seat === null ? 0 : view.divers[seat]?.carried.length ?? 0;
}

/** The Keep button: its text, whether it can keep now, and (when not) why. */
export function keepButton(view: TableView, picked: readonly number[]): { label: string; disabled: boolean; reason: string } {
  if (!choosing(view)) {
    return { label: "Keep", disabled: true, reason: blockedReason(view) || view.reasons?.keep || "No dice to keep now" };
  }
  const keep = keepCount(view);
  const choice = pickedChoice(picked, legalPairs(view));
  if (!choice) {
    const more = keep - picked.length;
    return { label: "Keep", disabled: true, reason: `Pick ${plural(more, "more die", "more dice")} to keep (click a die, or press ${dieKeys(rolledFaces(view).length)})` };
  }
  return { label: `Keep ${sumWords(rolledFaces(view), choice)}`, disabled: false, reason: "" };
}

/** The keys that toggle the dice, in words: "1, 2 or 3". */
export function dieKeys(n: number): string {
  const keys = Array.from({ length: n }, (_, i) => String(i + 1));
  return keys.length > 1 ? `${keys.slice(0, -1).join(", ")} or ${keys[keys.length - 1]}` : keys[0] ?? "";
}

/**
 * What the picks come to, for a screen reader (said after each pick): "Picked die 2 (3) and
 * die 3 (2): keeping them moves 5 minus 1 item: 4 spaces. Press Enter or Keep to move".
 */
export function pickAnnouncement(view: TableView, picked: readonly number[]): string {
  const faces = rolledFaces(view);
  const keep = keepCount(view);
  const dice = [...picked].sort((a, b) => a - b);
  const names = dice.map((d) => `die ${d + 1} (${faces[d]})`);
  if (dice.length === 0) return `No dice picked: pick ${plural(keep, "die", "dice")} to keep (press ${dieKeys(faces.length)})`;
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  const choice = pickedChoice(dice, legalPairs(view));
  if (!choice) return `Picked ${list}: pick ${plural(keep - dice.length, "more die", "more dice")}`;
  const items = itemsOf(view);
  const total = choice.reduce((t, d) => t + (faces[d] ?? 0), 0);
  const minus = items ? ` minus ${plural(items, "item")}` : "";
  return `Picked ${list}: keeping them moves ${total}${minus}: ${plural(choiceMove(faces, choice, items), "space")}. Press Enter or Keep to move`;
}

/** What a key does to the dice being chosen: toggle die `toggle`, keep the choice, or just say why not. */
export type PickKey = { toggle: number } | { keep: number[] } | { say: string } | null;

/**
 * A key pressed while choosing (null: not a key of the dice): "1".."n" toggles that die;
 * Enter keeps the picked choice when it is a legal one (on a die button with the choice not
 * complete yet, Enter toggles that die, as a click would: `onDie`).
 */
export function pickKeyAction(view: TableView, picked: readonly number[], key: string, onDie: number | null = null): PickKey {
  if (!choosing(view)) return null;
  const n = rolledFaces(view).length;
  if (/^[1-9]$/.test(key)) {
    const die = Number(key) - 1;
    return die < n ? { toggle: die } : { say: `There is no die ${die + 1}: the dice are ${dieKeys(n)}` };
  }
  if (key !== "Enter") return null;
  const choice = pickedChoice(picked, legalPairs(view));
  if (choice) return { keep: choice };
  if (onDie !== null) return { toggle: onDie };
  return { say: keepButton(view, picked).reason };
}

/** The dice's label and the words beside them, for a roll the dice show (any edition). */
export function rollWords(roll: LastRoll, fresh: boolean): { label: string; who: string; text: string } {
  const faces = roll.dice;
  const list = faces.length > 2 ? `${faces.slice(0, -1).join(", ")} and ${faces[faces.length - 1]}` : faces.join(" and ");
  const head = `${fresh ? "Roll" : "Last roll"}: ${roll.name} rolled ${list}`;
  if (roll.kept === undefined) {
    // the original game: both dice count
    const move = roll.move ?? 0;
    return { label: `${head}, moves ${move}`, who: `rolled ${faces.join(" + ")}`, text: `= ${faces.reduce((a, b) => a + b, 0)} → ${plural(move, "space")}` };
  }
  if (roll.kept === null) {
    const keep = roll.keep ?? 2;
    return { label: `${head}: choosing ${plural(keep, "die", "dice")} to keep`, who: `rolled ${faces.join(", ")}`, text: `: choosing ${plural(keep, "die", "dice")} to keep` };
  }
  const kept = roll.kept;
  const total = kept.reduce((t, d) => t + (faces[d] ?? 0), 0);
  const move = roll.move ?? 0;
  const how = roll.boosted ? "Boost, all count" : `kept ${kept.map((d) => faces[d]).join(" and ")}`;
  return {
    label: `${head}: ${how}, moves ${move}`,
    who: `rolled ${faces.join(", ")}`,
    text: `${roll.boosted ? "Boost: " : "kept "}${kept.map((d) => faces[d]).join(" + ")} = ${total} → ${plural(move, "space")}`,
  };
}
