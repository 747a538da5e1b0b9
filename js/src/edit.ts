// Edit mode (what-if positions): what a click on a pawn, a space or the sub
// means, and the edit ops the edit panel sends. Pure functions; Python
// validates every op (Game.from_position) and refuses bad ones with a reason.

import type { EditOp } from "./model";

/** What the person has picked on the board in edit mode. */
export type Selection = { kind: "diver"; seat: number } | { kind: "space"; space: number } | null;

export type BoardClick = { kind: "diver"; seat: number } | { kind: "space"; space: number } | { kind: "sub" };

/**
 * Click a diver to pick it up, then a space (or the sub) to put it there (where it
 * stands already, given `at`: it is put down, and nothing is sent).
 * A space clicked with no diver picked is selected so its content can be set;
 * clicking the same thing again lets go of it.
 */
export function editClick(sel: Selection, click: BoardClick, at?: (seat: number) => number | undefined): { sel: Selection; op: EditOp | null } {
  if (click.kind === "diver") {
    if (sel?.kind === "diver" && sel.seat === click.seat) return { sel: null, op: null };
    return { sel: { kind: "diver", seat: click.seat }, op: null };
  }
  if (sel?.kind === "diver") {
    const position = click.kind === "sub" ? 0 : click.space;
    // put down where it stands (`at`: each seat's position): nothing to send
    if (at?.(sel.seat) === position) return { sel: null, op: null };
    return { sel: null, op: { op: "move_diver", seat: sel.seat, position } };
  }
  if (click.kind === "sub") return { sel: null, op: null };
  if (sel?.kind === "space" && sel.space === click.space) return { sel: null, op: null };
  return { sel: { kind: "space", space: click.space }, op: null };
}

/**
 * What stays picked when the position changes under it (an undo, an edit
 * from Python, a load): a space past the trail's new end, or a seat no
 * longer at the table, is let go, so the space editor never offers to set a
 * space that is gone (setting one just past the end would add it back).
 */
export function keepSelection(sel: Selection, trailLength: number, divers: number): Selection {
  if (sel?.kind === "space" && sel.space > trailLength) return null;
  if (sel?.kind === "diver" && sel.seat >= divers) return null;
  return sel;
}

/**
 * Chip levels typed by a person: "2 3 3", "2,3,3" or "233" -> [2, 3, 3].
 * Empty or "blank" -> null (a blank space). Anything else names the problem.
 */
export function parseLevels(text: string): { levels: number[] | null } | { error: string } {
  const t = text.trim().toLowerCase();
  if (t === "" || t === "blank") return { levels: null };
  // "2 3 3", "2,3,3", "233" and "23 3" are all the same stack (a run of digits is one level each)
  const parts = t.split(/[\s,;+]+/).flatMap((p) => (/^[1-4]+$/.test(p) ? p.split("") : p.length > 0 ? [p] : []));
  const levels: number[] = [];
  for (const p of parts) {
    if (!/^[1-4]$/.test(p)) return { error: `"${p}" is not a chip level (levels are 1, 2, 3 or 4)` };
    levels.push(Number(p));
  }
  if (levels.length > 3) return { error: `a stack holds 1 to 3 chips, not ${levels.length}` };
  return { levels };
}

/** The choices for a space's content in the space editor. */
export const SPACE_CHOICES: Array<{ label: string; levels: number[] | null }> = [
  { label: "Blank", levels: null },
  { label: "Level 1", levels: [1] },
  { label: "Level 2", levels: [2] },
  { label: "Level 3", levels: [3] },
  { label: "Level 4", levels: [4] },
];

export function setSpace(space: number, levels: number[] | null): EditOp {
  return { op: "set_space", space, levels };
}

/** A space at the far end: Python picks the chip (the lowest level not in play, else a blank). */
export function addSpace(): EditOp {
  return { op: "add_space" };
}

export function removeSpace(): EditOp {
  return { op: "remove_space" };
}

/** Set the air on the track now, the number the gauge shows (Python adds the breath of the diver to play to get the air its turn started with). */
export function setAir(value: number | string): EditOp | null {
  const air = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(air)) return null;
  return { op: "set_air", air: Math.round(air) };
}

export function giveItem(seat: number, levels: number[]): EditOp {
  return { op: "give_item", seat, levels: [...levels] };
}

export function takeItem(seat: number, index: number): EditOp {
  return { op: "take_item", seat, index };
}

export function setHeading(seat: number, returning: boolean): EditOp {
  return { op: "set_heading", seat, returning };
}

export function setTurn(seat: number): EditOp {
  return { op: "set_turn", seat };
}

/**
 * The edit a pawn dragged onto `target` asks for: the same move the click
 * path sends (click the pawn, then the space or the sub). Dropped on nothing,
 * or back where it stands, it asks for nothing.
 */
export function dropEdit(seat: number, from: number, target: { kind: "space"; space: number } | { kind: "sub" } | null): EditOp | null {
  if (!target) return null;
  return editClick({ kind: "diver", seat }, target, () => from).op; // (back where it stands: nothing)
}
