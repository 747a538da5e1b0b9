// What to animate after a step: the dice of the last roll and the move,
// space by space along its path (jumped divers included, so a skip is
// visible). Pure functions; the board turns the steps into a Web Animation.

import type { GameEvent, LastRoll } from "./model";
import { pawnPoint, round, type Point, type TrailLayout } from "./layout";

/** Auto-play speeds: per space of a move, and the pause before the next bot turn. */
export const SPEEDS = {
  slow: { label: "Slow", stepMs: 200, pauseMs: 1200 },
  normal: { label: "Normal", stepMs: 110, pauseMs: 500 },
  fast: { label: "Fast", stepMs: 50, pauseMs: 120 },
  instant: { label: "Instant", stepMs: 0, pauseMs: 0 },
} as const;

export type Speed = keyof typeof SPEEDS;

export function isSpeed(value: string): value is Speed {
  return Object.prototype.hasOwnProperty.call(SPEEDS, value);
}

/**
 * The last roll of the step, if any: its faces and the spaces it moves. A Boost game's roll
 * (DiceRolled: the dice to choose from, `kept` null; DiceKept: the dice kept) says which dice count.
 */
export function lastRoll(events: GameEvent[] | undefined): LastRoll | null {
  for (let i = (events?.length ?? 0) - 1; i >= 0; i--) {
    const e = events![i];
    if (!Array.isArray(e.dice)) continue;
    const dice = e.dice.map(Number);
    const name = String(e.name ?? "");
    if (e.type === "Rolled" && dice.length === 2) return { dice, move: Number(e.move ?? 0), name };
    if (e.type === "DiceRolled") return { dice, move: null, name, kept: null, boosted: false, keep: Number(e.keep ?? 2) };
    if (e.type === "DiceKept" && Array.isArray(e.kept)) {
      const kept = e.kept.map(Number);
      return { dice, move: Number(e.move ?? 0), name, kept, boosted: !!e.boosted, keep: kept.length };
    }
  }
  return null;
}

/**
 * The roll this step made, if any (the dice show it bright): its last roll after the last
 * dive start, so a roll made before a new dive began in the same step (the last turn of the
 * dive that ended) is not counted. Which roll the dice show is Python's `last_roll`.
 */
export function stepRoll(events: GameEvent[] | undefined): LastRoll | null {
  const all = events ?? [];
  const start = all.map((e) => e.type).lastIndexOf("DiveStarted");
  return lastRoll(start >= 0 ? all.slice(start) : all);
}

export interface MoveStep {
  seat: number;
  start: number;
  end: number;
  /** start, then every space passed, in order (0 = the sub). */
  spaces: number[];
}

/**
 * The move to animate, or null: the last Moved event of the step, unless the
 * step also ended the dive (the trail closed up, so the old path is gone).
 */
export function moveToAnimate(events: GameEvent[] | undefined): MoveStep | null {
  if (!events || events.some((e) => e.type === "DiveEnded" || e.type === "DiveStarted")) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type !== "Moved") continue;
    const seat = Number(e.seat);
    const start = Number(e.start);
    const end = Number(e.end);
    const path = Array.isArray(e.path) ? e.path.map(Number) : [];
    if (!Number.isInteger(seat) || path.length === 0 || start === end) return null;
    return { seat, start, end, spaces: [start, ...path] };
  }
  return null;
}

/** Offsets from the pawn's drawn (final) place for each space of the move; jumped spaces are lifted. */
export interface Frame {
  dx: number;
  dy: number;
  jump: boolean;
}

export const JUMP_LIFT = 10;

export function moveFrames(layout: TrailLayout, move: MoveStep, drawnAt: Point, occupied: ReadonlySet<number>): Frame[] {
  const last = move.spaces.length - 1;
  return move.spaces.map((space, i) => {
    // The last frame is where the pawn is drawn (in the sub that is its seat there, not the hatch).
    const p = i === last ? drawnAt : pawnPoint(layout, space);
    const jump = i > 0 && i < last && space > 0 && occupied.has(space);
    return { dx: round(p.x - drawnAt.x), dy: round(p.y - drawnAt.y - (jump ? JUMP_LIFT : 0)), jump };
  });
}

/** Total time of a move animation at `stepMs` per space. */
export function moveDuration(move: MoveStep | null, stepMs: number): number {
  return move ? Math.max(0, move.spaces.length - 1) * stepMs : 0;
}

/** Animate only a fresh step (its state number went up), in a visible tab, without reduced motion. */
export function shouldAnimate(prevSeq: number | null, seq: number | undefined, hidden: boolean, reducedMotion: boolean): boolean {
  if (hidden || reducedMotion || prevSeq === null || seq === undefined) return false;
  return seq > prevSeq;
}
