import { describe, expect, it } from "vitest";
import { JUMP_LIFT, isSpeed, lastRoll, moveDuration, moveFrames, moveToAnimate, shouldAnimate, SPEEDS, stepRoll } from "../src/anim";
import { pawnPoint, subPawnPoint, trailLayout } from "../src/layout";
import type { GameEvent } from "../src/model";

const rolled: GameEvent = { type: "Rolled", text: "Ann rolls 2+3 = 5: moves 4", seat: 0, name: "Ann", dice: [2, 3], items: 1, move: 4 };
const moved: GameEvent = {
  type: "Moved",
  text: "Ann moves from space 2 to space 7, jumping over Bob",
  seat: 0,
  name: "Ann",
  start: 2,
  end: 7,
  path: [3, 4, 5, 6, 7],
  jumped: ["Bob"],
};

describe("dice", () => {
  it("finds the last roll of the step", () => {
    expect(lastRoll([{ type: "Breathed", text: "" }, rolled, moved])).toEqual({ dice: [2, 3], move: 4, name: "Ann" });
    expect(lastRoll([moved])).toBeNull();
    expect(lastRoll(undefined)).toBeNull();
  });

  it("counts no roll of a dive that ended in the same step as the next one began", () => {
    const started = { type: "DiveStarted", text: "Dive 2 starts" };
    const breathed = { type: "Breathed", text: "" };
    expect(stepRoll([rolled, moved, started])).toBeNull();
    expect(stepRoll([rolled, moved, started, breathed, { ...rolled, dice: [1, 1], move: 1 }])).toEqual({ dice: [1, 1], move: 1, name: "Ann" });
    expect(stepRoll([breathed, rolled, moved])).toEqual({ dice: [2, 3], move: 4, name: "Ann" });
    expect(stepRoll(undefined)).toBeNull();
    expect(stepRoll([{ type: "Stayed", text: "" }, breathed])).toBeNull();
  });
});

describe("move animation", () => {
  it("steps through every space, start first", () => {
    expect(moveToAnimate([rolled, moved])).toEqual({ seat: 0, start: 2, end: 7, spaces: [2, 3, 4, 5, 6, 7] });
  });

  it("skips a step that ended the dive or did not move", () => {
    expect(moveToAnimate([rolled, moved, { type: "DiveEnded", text: "" }])).toBeNull();
    expect(moveToAnimate([{ ...moved, start: 5, end: 5, path: [] }])).toBeNull();
    expect(moveToAnimate([{ type: "PickedUp", text: "" }])).toBeNull();
    expect(moveToAnimate(undefined)).toBeNull();
  });

  it("starts at the old place, lifts over jumped divers and ends where the pawn is drawn", () => {
    const layout = trailLayout(10, 640);
    const move = moveToAnimate([moved])!;
    const at = pawnPoint(layout, 7);
    const frames = moveFrames(layout, move, at, new Set([4]));
    expect(frames).toHaveLength(6);
    const start = pawnPoint(layout, 2);
    expect(frames[0]).toEqual({ dx: start.x - at.x, dy: start.y - at.y, jump: false });
    expect(frames[2].jump).toBe(true);
    expect(frames[2].dy).toBe(pawnPoint(layout, 4).y - at.y - JUMP_LIFT);
    expect(frames[5]).toEqual({ dx: 0, dy: 0, jump: false });
  });

  it("ends a way home at the pawn's seat in the sub, not at the hatch", () => {
    const layout = trailLayout(10, 640);
    const home = { type: "Moved", text: "", seat: 1, start: 2, end: 0, path: [1, 0] } as GameEvent;
    const move = moveToAnimate([home])!;
    const seat = subPawnPoint(layout, 1, 2);
    const frames = moveFrames(layout, move, seat, new Set());
    expect(frames.at(-1)).toEqual({ dx: 0, dy: 0, jump: false });
    expect(frames[0].dx).toBe(pawnPoint(layout, 2).x - seat.x);
  });

  it("takes a short time per space", () => {
    const move = moveToAnimate([moved]);
    expect(moveDuration(move, SPEEDS.normal.stepMs)).toBe(5 * SPEEDS.normal.stepMs);
    expect(moveDuration(null, 100)).toBe(0);
    // Even a long move with jumps stays around a second at normal speed.
    expect(moveDuration({ seat: 0, start: 0, end: 8, spaces: [0, 1, 2, 3, 4, 5, 6, 7, 8] }, SPEEDS.normal.stepMs)).toBeLessThanOrEqual(1000);
  });

  it("animates only fresh steps in a visible tab without reduced motion", () => {
    expect(shouldAnimate(3, 4, false, false)).toBe(true);
    expect(shouldAnimate(null, 4, false, false)).toBe(false); // first draw
    expect(shouldAnimate(4, 4, false, false)).toBe(false); // a refused intent: same state
    expect(shouldAnimate(3, 4, true, false)).toBe(false); // hidden tab
    expect(shouldAnimate(3, 4, false, true)).toBe(false); // reduced motion
  });

  it("knows its speeds", () => {
    expect(isSpeed("fast")).toBe(true);
    expect(isSpeed("warp")).toBe(false);
    expect(isSpeed("toString")).toBe(false);
  });
});
