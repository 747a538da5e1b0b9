import { describe, expect, it } from "vitest";
import {
  choosing,
  choiceMove,
  dieKeys,
  keepButton,
  legalPairs,
  pickAnnouncement,
  pickedChoice,
  pickKey,
  pickKeyAction,
  rollWords,
  togglePick,
} from "../src/diceChoice";
import { controlStates, SHORTCUTS } from "../src/controls";
import { lastRoll } from "../src/anim";
import { boostText, breathText, gaugeCells } from "../src/gauge";
import { statusLine } from "../src/format";
import type { TableView } from "../src/model";
import { diver, tableView } from "./fixtures";

const BOOST = { name: "boost", dice: 3, keep: 2, air: 1 };
const PAIRS = [
  { type: "keep" as const, dice: [0, 1] },
  { type: "keep" as const, dice: [0, 2] },
  { type: "keep" as const, dice: [1, 2] },
];

/** Ann (one item carried) has rolled 0, 3, 2 without a Boost and chooses two dice. */
function keepView(extra: Partial<TableView> = {}): TableView {
  return tableView({
    boost: BOOST,
    variant: "boost",
    phase: "keep",
    rolled: [0, 3, 2],
    kept: null,
    boosted: false,
    divers: [diver("Ann", { position: 4, carried: [[1]] }), diver("Bob"), diver("Cy")],
    legal: PAIRS,
    last_roll: { name: "Ann", seat: 0, dice: [0, 3, 2], move: null, kept: null, boosted: false, keep: 2 },
    reasons: { roll: "Ann has rolled: next, keep 2 of the 3 dice (by die index, 0..2)" },
    ...extra,
  });
}

describe("choosing the dice to keep", () => {
  it("reads the legal pairs and who chooses from the view", () => {
    const view = keepView();
    expect(legalPairs(view)).toEqual([[0, 1], [0, 2], [1, 2]]);
    expect(choosing(view)).toBe(true);
    // a bot, edit mode, another phase: nobody picks here
    expect(choosing(keepView({ bots: ["odds", null, null] }))).toBe(false);
    expect(choosing(keepView({ mode: "edit" }))).toBe(false);
    expect(choosing(keepView({ phase: "treasure", legal: [{ type: "stay" }] }))).toBe(false);
    expect(choosing(tableView())).toBe(false);
  });

  it("toggles dice; a third pick pushes out the first one picked", () => {
    let picked: number[] = [];
    picked = togglePick(picked, 1, 2);
    picked = togglePick(picked, 2, 2);
    expect(picked).toEqual([1, 2]);
    expect(togglePick(picked, 0, 2)).toEqual([2, 0]);
    expect(togglePick(picked, 1, 2)).toEqual([2]);
  });

  it("keeps only a legal pair, in die order", () => {
    expect(pickedChoice([2, 0], legalPairs(keepView()))).toEqual([0, 2]);
    expect(pickedChoice([2], legalPairs(keepView()))).toBeNull();
    expect(pickedChoice([0, 2], [[0, 1]])).toBeNull();
  });

  it("enables Keep with the sum of the picked dice, and says why not before", () => {
    const view = keepView();
    expect(keepButton(view, [])).toEqual({ label: "Keep", disabled: true, reason: "Pick 2 more dice to keep (click a die, or press 1, 2 or 3)" });
    expect(keepButton(view, [1]).reason).toBe("Pick 1 more die to keep (click a die, or press 1, 2 or 3)");
    expect(keepButton(view, [2, 1])).toEqual({ label: "Keep 3 + 2", disabled: false, reason: "" });
    expect(keepButton(keepView({ bots: [null, null, "odds"], current_player: 2 }), [0, 1]).reason).toContain("a bot");
  });

  it("the keys: 1, 2, 3 toggle; Enter keeps a complete choice, on a die toggles it, else says why", () => {
    const view = keepView();
    expect(pickKeyAction(view, [], "2")).toEqual({ toggle: 1 });
    expect(pickKeyAction(view, [], "4")).toEqual({ say: "There is no die 4: the dice are 1, 2 or 3" });
    expect(pickKeyAction(view, [0, 1], "Enter")).toEqual({ keep: [0, 1] });
    expect(pickKeyAction(view, [0], "Enter", 2)).toEqual({ toggle: 2 });
    expect(pickKeyAction(view, [0], "Enter")).toEqual({ say: "Pick 1 more die to keep (click a die, or press 1, 2 or 3)" });
    expect(pickKeyAction(view, [], "r")).toBeNull();
    expect(pickKeyAction(tableView(), [], "1")).toBeNull(); // not choosing: 1 is no key of the board
  });

  it("says the picks for a screen reader, with the move they make", () => {
    const view = keepView();
    expect(pickAnnouncement(view, [])).toBe("No dice picked: pick 2 dice to keep (press 1, 2 or 3)");
    expect(pickAnnouncement(view, [1])).toBe("Picked die 2 (3): pick 1 more die");
    expect(pickAnnouncement(view, [2, 1])).toBe(
      "Picked die 2 (3) and die 3 (2): keeping them moves 5 minus 1 item: 4 spaces. Press Enter or Keep to move",
    );
    expect(choiceMove([0, 3, 2], [0, 2], 3)).toBe(0);
    expect(dieKeys(3)).toBe("1, 2 or 3");
  });

  it("starts afresh for a new roll", () => {
    expect(pickKey(keepView())).toBe("7|0|0,3,2");
    expect(pickKey(keepView({ seq: 9, rolled: [3, 3, 1] }))).toBe("9|0|3,3,1");
    expect(pickKey(tableView())).toBe("");
  });
});

describe("a Boost game's dice, gauge and controls", () => {
  it("words a roll: the original game's as before, a Boost game's with the dice kept", () => {
    expect(rollWords({ name: "Ann", dice: [3, 2], move: 3 }, true)).toEqual({
      label: "Roll: Ann rolled 3 and 2, moves 3",
      who: "rolled 3 + 2",
      text: "= 5 → 3 spaces",
    });
    const choosingNow = rollWords({ name: "Ann", dice: [0, 3, 2], move: null, kept: null, keep: 2 }, true);
    expect(choosingNow.label).toBe("Roll: Ann rolled 0, 3 and 2: choosing 2 dice to keep");
    const kept = rollWords({ name: "Ann", dice: [0, 3, 2], move: 4, kept: [1, 2], boosted: false }, false);
    expect(kept).toEqual({ label: "Last roll: Ann rolled 0, 3 and 2: kept 3 and 2, moves 4", who: "rolled 0, 3, 2", text: "kept 3 + 2 = 5 → 4 spaces" });
    const boosted = rollWords({ name: "Ann", dice: [3, 1, 2], move: 6, kept: [0, 1, 2], boosted: true }, true);
    expect(boosted.text).toBe("Boost: 3 + 1 + 2 = 6 → 6 spaces");
  });

  it("reads a Boost game's roll events as the last roll", () => {
    expect(lastRoll([{ type: "DiceRolled", text: "", name: "Ann", dice: [0, 3, 2], keep: 2 }])).toEqual({
      dice: [0, 3, 2], move: null, name: "Ann", kept: null, boosted: false, keep: 2,
    });
    expect(lastRoll([{ type: "DiceKept", text: "", name: "Ann", dice: [0, 3, 2], kept: [1, 2], boosted: false, move: 4 }])).toEqual({
      dice: [0, 3, 2], move: 4, name: "Ann", kept: [1, 2], boosted: false, keep: 2,
    });
  });

  it("shows Boost only in a Boost game, with Python's reason when it is off", () => {
    expect(controlStates(tableView()).boost).toEqual({ disabled: true, reason: "There is no Boost in the original game" });
    const start = tableView({ boost: BOOST, legal: [{ type: "roll" }, { type: "boost" }], boost_air: 1 });
    expect(controlStates(start).boost).toEqual({ disabled: false, reason: "" });
    const boosted = tableView({ boost: BOOST, boosted: true, reasons: { boost: "Ann has already boosted this turn (once per turn)" } });
    expect(controlStates(boosted).boost.reason).toBe("Ann has already boosted this turn (once per turn)");
    expect(controlStates(keepView()).roll.reason).toBe("Ann has rolled: next, keep 2 of the 3 dice (by die index, 0..2)");
    expect(SHORTCUTS.b).toBe("boost");
  });

  it("says the turn's choice in the status line", () => {
    expect(statusLine(tableView({ boost: BOOST, legal: [{ type: "roll" }, { type: "boost" }] }))).toBe(
      "Dive 1 of 3 · air 25 · Ann to roll (or boost first)",
    );
    expect(statusLine(keepView())).toBe("Dive 1 of 3 · air 25 · Ann to keep 2 of the 3 dice");
  });

  it("puts a Boost's cost in the forecast line and on the gauge", () => {
    expect(boostText(24, 1)).toBe("Boost: −1 more air (now: 24 → 23; every later turn starts 1 lower)");
    expect(boostText(1, 1)).toBe("Boost: −1 more air (now: 1 → 0; the air runs out: the dive ends after this turn)");
    expect(boostText(24, null)).toBe("");
    const cells = gaugeCells(24, 20, 1);
    expect(cells.filter((c) => c.boost).map((c) => c.value)).toEqual([24]);
    expect(gaugeCells(24, 20).some((c) => c.boost)).toBe(false);
    expect(breathText(25, 23, "Ann", 1)).toBe("Ann breathed 1 and boosted for 1 (25 → 23)");
    expect(breathText(25, 24, "Ann")).toBe("Ann breathed 1 (25 → 24)");
  });
});
