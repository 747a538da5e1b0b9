import { describe, expect, it } from "vitest";
import {
  badgeText,
  estimatePercent,
  chipCount,
  itemsText,
  percent,
  whereText,
  describeDiver,
  describeSpace,
  initials,
  levelShapeName,
  levelSides,
  pawnLabels,
  plural,
  showsBadge,
  statusLine,
  stepAnnouncement,
  trailCounts,
  trailLines,
  trailSummary,
} from "../src/format";
import type { Diver, PublicView, TableView } from "../src/model";
import { diver as makeDiver, tableView } from "./fixtures";

function diver(name: string, extra: Partial<Diver> = {}): Diver {
  return { name, position: 0, returning: false, back: false, carried: [], banked: [], score: 0, ...extra };
}

function view(extra: Partial<PublicView> = {}): PublicView {
  return {
    dive: 1,
    air: 25,
    phase: "roll",
    current_player: 0,
    is_over: false,
    trail: [[1], [1], null, [2, 3, 3]],
    divers: [diver("Ann"), diver("Bob"), diver("Cy")],
    legal: [{ type: "roll" }],
    scores: [0, 0, 0],
    winners: [],
    ...extra,
  };
}

describe("words", () => {
  it("pluralises", () => {
    expect(plural(1, "item")).toBe("1 item");
    expect(plural(2, "item")).toBe("2 items");
    expect(plural(0, "space")).toBe("0 spaces");
  });

  it("gives each level its own shape", () => {
    expect([1, 2, 3, 4].map(levelSides)).toEqual([3, 4, 5, 6]);
    expect([1, 2, 3, 4].map(levelShapeName)).toEqual(["triangle", "square", "pentagon", "hexagon"]);
  });

  it("makes initials from names", () => {
    expect(initials("Ann")).toBe("A");
    expect(initials("  ann lee  ")).toBe("AL");
    expect(initials("Émile Zola Jr")).toBe("ÉZ");
    expect(initials("")).toBe("?");
    expect(initials("<b>x</b>")).toBe("<");
  });

  it("keeps pawn labels distinct", () => {
    expect(pawnLabels(["Ann", "Bob"])).toEqual(["A", "B"]);
    expect(pawnLabels(["Ann", "Al", "Bob"])).toEqual(["A1", "A2", "B"]);
  });

  it("describes spaces", () => {
    expect(describeSpace([2], 4)).toBe("Space 4: level 2 chip");
    expect(describeSpace(null, 3)).toBe("Space 3: blank");
    expect(describeSpace([2, 3, 3], 9)).toBe("Space 9: stack of 3 chips (levels 2, 3, 3)");
  });

  it("describes divers", () => {
    expect(describeDiver(diver("Ann"))).toBe("Ann: in the sub");
    expect(describeDiver(diver("Ann", { position: 5, carried: [[1], [2]] }))).toBe(
      "Ann: on space 5, diving down, carrying 2 items",
    );
    expect(describeDiver(diver("Bob", { position: 2, returning: true, carried: [[1]] }))).toBe(
      "Bob: on space 2, heading back, carrying 1 item",
    );
    expect(describeDiver(diver("Cy", { back: true, carried: [[3]] }))).toBe("Cy: back in the sub, carrying 1 item");
  });

  it("counts the trail", () => {
    expect(trailCounts([[1], [1], null, [2, 3, 3], [4]])).toBe("2 level 1 chips, 1 level 4 chip, 1 stack, 1 blank");
    expect(trailCounts([])).toBe("");
  });

  it("summarises the whole board in words", () => {
    const text = trailSummary(view());
    expect(text).toContain("Dive 1 of 3, air 25.");
    expect(text).toContain("Trail of 4 spaces: 2 level 1 chips, 1 stack, 1 blank.");
    expect(text).toContain("Ann: in the sub; Bob: in the sub; Cy: in the sub.");
  });

  it("says whose turn it is", () => {
    expect(statusLine(view())).toBe("Dive 1 of 3 · air 25 · Ann to roll");
    // in the treasure phase: only what the rules allow there (Python's legal actions)
    const treasure = (legal: PublicView["legal"]) => statusLine(view({ phase: "treasure", current_player: 1, legal }));
    expect(treasure([{ type: "stay" }, { type: "pick_up" }])).toBe("Dive 1 of 3 · air 25 · Bob to pick up or stay");
    expect(treasure([{ type: "stay" }, { type: "drop", index: 0 }])).toBe("Dive 1 of 3 · air 25 · Bob to drop an item or stay");
    expect(treasure([{ type: "stay" }])).toBe(
      "Dive 1 of 3 · air 25 · Bob to stay (nothing here to pick up, nothing carried to drop)",
    );
  });

  it("announces the winners", () => {
    const over = { phase: "over" as const, is_over: true, current_player: null };
    expect(statusLine(view({ ...over, winners: [1], scores: [3, 12, 4] }))).toBe(
      "Game over · Bob wins with 12 points",
    );
    expect(statusLine(view({ ...over, winners: [0, 2], scores: [7, 1, 7] }))).toBe(
      "Game over · Ann and Cy share the win with 7 points",
    );
  });
});

describe("the trail in words", () => {
  it("says what lies on each space and who stands there", () => {
    const v = view({
      trail: [[1], null, [2, 3]],
      divers: [diver("Ann", { position: 2 }), diver("Bob", { position: 3, returning: true }), diver("Cy")],
    });
    expect(trailLines(v)).toEqual([
      "Space 1: level 1 chip",
      "Space 2: blank. Ann, diving down",
      "Space 3: stack of 2 chips (levels 2, 3). Bob, heading back",
    ]);
  });
});

describe("what a screen reader hears after a step", () => {
  const rolled = { type: "Rolled", text: "Ann rolls 2+1 = 3: moves 3", seat: 0, name: "Ann", dice: [2, 1], move: 3 };
  const moved = { type: "Moved", text: "Ann moves from the submarine to space 3", seat: 0, name: "Ann" };

  const movedTo = (end: number) => ({ ...moved, text: `Ann moves from the submarine to space ${end}`, end });

  it("reads each event out, a roll in words, then the new status", () => {
    const v: TableView = { ...view({ phase: "treasure", legal: [{ type: "stay" }, { type: "pick_up" }] }), events: [rolled, movedTo(2)] };
    expect(stepAnnouncement(v)).toBe(
      "Ann rolled 2 and 1, moves 3 spaces. Ann moves from the submarine to space 2 (level 1 chip). " +
        "Dive 1 of 3, air 25, Ann to pick up or stay.",
    );
  });

  it("says what lies where the diver who must decide now stands, and only then", () => {
    const trail = [[1], null, [2, 3]];
    const deciding = (end: number): TableView => ({ ...view({ phase: "treasure", trail }), events: [movedTo(end)] });
    expect(stepAnnouncement(deciding(2))).toContain("to space 2 (blank).");
    expect(stepAnnouncement(deciding(3))).toContain("to space 3 (stack of 2 chips (levels 2, 3)).");
    // a bot that moved and picked up already, or a move that got the diver home: nothing added
    const later: TableView = { ...view({ phase: "roll", current_player: 1, trail }), events: [movedTo(3)] };
    expect(stepAnnouncement(later)).toContain("to space 3. ");
    expect(stepAnnouncement(deciding(0))).toContain("to space 0. ");
  });

  it("says only the status when the step has no events (an undo, a mode change)", () => {
    expect(stepAnnouncement({ ...view(), events: [] })).toBe("Dive 1 of 3, air 25, Ann to roll.");
    expect(stepAnnouncement(view())).toBe("Dive 1 of 3, air 25, Ann to roll.");
  });

  it("reads the table's own notes of the step first (an undo, an edit); in edit mode no events", () => {
    const undone: TableView = { ...view(), events: [], notes: ["Undo: took back 1 action; Ann to play"] };
    expect(stepAnnouncement(undone)).toBe("Undo: took back 1 action; Ann to play. Dive 1 of 3, air 25, Ann to roll.");
    const breath = { type: "Breathed", text: "Ann carries nothing: air stays 12" };
    // (the edit's air is the air now, as the status line says it)
    const edited: TableView = { ...view(), air: 12, turn_start_air: 12, mode: "edit", events: [breath], notes: ["Edit: air 12"] };
    expect(stepAnnouncement(edited)).toBe("Edit: air 12. Dive 1 of 3, air 12, Edit mode: set up a what-if position.");
    const played: TableView = { ...view(), events: [breath], notes: ["Back to play"] };
    expect(stepAnnouncement(played)).toBe("Back to play. Ann carries nothing: air stays 12. Dive 1 of 3, air 25, Ann to roll.");
  });

  it("says a line once when the status says it too (edit mode, game over)", () => {
    const editing: TableView = { ...view(), mode: "edit", events: [], notes: ["Edit mode: set up a what-if position"] };
    expect(stepAnnouncement(editing)).toBe("Dive 1 of 3, air 25, Edit mode: set up a what-if position.");
    const ended: TableView = {
      ...view({ phase: "over", is_over: true, current_player: null, winners: [1], scores: [3, 13, 4] }),
      events: [{ type: "GameEnded", text: "Game over: Bob wins with 13 points" }],
    };
    expect(stepAnnouncement(ended)).toBe("Game over, Bob wins with 13 points.");
  });

  it("keeps a sentence's own full stop and skips empty texts", () => {
    const v: TableView = { ...view(), events: [{ type: "DiveEnded", text: "Dive 1 ends." }, { type: "Note", text: " " }] };
    expect(stepAnnouncement(v)).toBe("Dive 1 ends. Dive 1 of 3, air 25, Ann to roll.");
  });
});

describe("badges and diver words", () => {
  it("shows P(home) as a percentage, never rounding a chance away", () => {
    expect(percent(0.62)).toBe("62%");
    expect(percent(0)).toBe("0%");
    expect(percent(1)).toBe("100%");
    expect(percent(0.001)).toBe("<1%");
    expect(percent(0.998)).toBe(">99%");
  });

  it("labels exact odds, estimates with their 95% interval, and divers back home", () => {
    expect(badgeText({ p: 0.625, se: null, method: "exact" })?.text).toBe("P(home) 63%");
    // exact because the air ran out on this turn (not because everyone heads back): its title says so
    const last = badgeText({ p: 0, se: null, method: "exact", why: "last turn" })!;
    expect([last.text, last.estimate]).toEqual(["P(home) 0%", false]);
    expect(last.title).toBe("Exact: the air ran out on this turn, so the dive ends with it and nobody else moves again");
    expect(badgeText({ p: 0.5, se: null, method: "exact", why: "heading back" })!.title).toContain("heading back");
    const sure = badgeText({ p: 1, se: null, method: "exact", why: "sure" })!;
    expect([sure.text, sure.estimate]).toEqual(["P(home) 100%", false]);
    expect(sure.title).toContain("even its smallest move gets it home");
    const est = badgeText({ p: 0.62, se: 0.0077, low: 0.6048, high: 0.6349, n: 4000, method: "estimate", why: "deeper" })!;
    expect(est.text).toBe("P(home) ≈ 62% (60–64%)"); // rounded outward
    expect(est.estimate).toBe(true);
    expect(est.title).toContain("4,000 simulated dives");
    expect(est.title).toContain("95% interval 60.5% to 63.5%");
    expect(est.title).toContain("still go deeper");
    expect(badgeText({ p: 0.5, se: 0.01, low: 0.48, high: 0.52, n: 9, method: "estimate", why: "too big" })!.title).toContain("too big");
    // Every rollout got home: the estimate never claims certainty, and its interval is not a point.
    const all = badgeText({ p: 1, se: 0, low: 0.99904, high: 1, n: 4000, method: "estimate" })!;
    expect(all.text).toBe("P(home) >99% (99–100%)");
    expect(badgeText({ p: 0, se: 0, low: 0, high: 0.00096, n: 4000, method: "estimate" })?.text).toBe("P(home) <1% (0–1%)");
    // A bound only as far as the interval goes (500 rollouts: wider than 4,000).
    expect(badgeText({ p: 0.004, se: 0.0028, low: 0.0011, high: 0.0145, n: 500, method: "estimate" })?.text).toBe("P(home) <2% (0–2%)");
    expect(badgeText({ p: 0.998, se: 0.002, low: 0.9888, high: 0.9996, n: 500, method: "estimate" })?.text).toBe("P(home) >98% (98–100%)");
    expect(badgeText({ p: 0.0049, se: 0.0011, low: 0.003, high: 0.0079, n: 4000, method: "estimate" })?.text).toBe("P(home) <1% (0–1%)");
  });

  it("words an estimate's bound as Python's estimate_pct does (strict, from its interval)", () => {
    // the same cases as tests/panels/test_panels.py, whole percentages
    const cases: Array<[number, number, number, string]> = [
      [0, 0, 0.0076, "<1%"], [0.004, 0.0011, 0.0145, "<2%"], [0.998, 0.9888, 0.9996, ">98%"],
      [0.9995, 0.9982, 0.99986, ">99%"], [1, 0.99, 1, ">98%"], [1, 0.94, 1, ">93%"], [0, 0, 0.06, "<7%"],
      [0, 0, 0.07, "<8%"], [0.005, 0, 0.009, "<1%"], [0.995, 0.991, 1, ">99%"], [0.5, 0.4, 0.6, "50%"],
    ];
    for (const [p, low, high, want] of cases) expect([p, estimatePercent(p, low, high)]).toEqual([p, want]);
    expect(estimatePercent(NaN)).toBe("n/a");
    expect(estimatePercent(0, NaN, NaN)).toBe("<1%");
    // Without an interval from Python: estimate ± 1.96 standard errors, inside [0, 1].
    expect(badgeText({ p: 0.62, se: 0.031, method: "estimate" })?.text).toBe("P(home) ≈ 62% (55–69%)");
    expect(badgeText({ p: 1, se: null, method: "back" })?.text).toBe("Safe in the sub");
    expect(badgeText(null)).toBeNull();
  });

  it("says where a diver is and what it carries", () => {
    expect(whereText(diver("Ann"))).toBe("in the sub");
    expect(whereText(diver("Ann", { back: true }))).toBe("back in the sub");
    expect(whereText(diver("Ann", { position: 4, returning: true }))).toBe("space 4, heading back");
    expect(itemsText([[1], [2, 3, 3]])).toBe("L1, stack 2+3+3");
    expect(itemsText([])).toBe("nothing");
    expect(chipCount([[1], [2, 3, 3]])).toBe(4);
  });

  it("tells a bot's turn and edit mode apart", () => {
    const v = { ...view({ current_player: 2 }), bots: [null, null, "cautious"] };
    expect(statusLine(v)).toBe("Dive 1 of 3 · air 25 · Cy (bot) to play: press Next or Auto-play");
    expect(statusLine(v, true)).toBe("Dive 1 of 3 · air 25 · Cy (bot) to play: Auto-play is on");
    expect(statusLine(view(), true)).toBe("Dive 1 of 3 · air 25 · Ann to roll");
    expect(statusLine({ ...view(), mode: "edit" as const })).toBe("Dive 1 of 3 · air 25 · Edit mode: set up a what-if position");
  });

  it("says a guess is asked before the roll (guess-first play: the moves wait for it)", () => {
    const asking = (seat: number | null) => ({ ...view(), guess: { asking: seat } as TableView["guess"] });
    expect(statusLine(asking(0))).toBe("Dive 1 of 3 · air 25 · Ann to guess first, then roll");
    expect(statusLine(asking(null))).toBe("Dive 1 of 3 · air 25 · Ann to roll");
  });

  it("says the air ran out rather than showing it below 0 (a diver may breathe more than is left)", () => {
    const v = view({ air: -3, current_player: 1 });
    expect(statusLine(v)).toBe("Dive 1 of 3 · air ran out · Bob to roll");
    expect(trailSummary(v)).toContain("Dive 1 of 3, air ran out.");
    expect(statusLine(view({ air: 0 }))).toContain("air ran out");
    expect(statusLine(view({ air: 1 }))).toContain("air 1 ·");
  });
});

describe("showsBadge", () => {
  it("shows the odds of divers in the water, back in the sub, and of the one about to dive", () => {
    const view = tableView({
      current_player: 1,
      divers: [makeDiver("Ann", { position: 4 }), makeDiver("Bob"), makeDiver("Cy"), makeDiver("Di", { back: true })],
    });
    expect([0, 1, 2, 3].map((s) => showsBadge(view, s))).toEqual([true, true, false, true]);
    expect(showsBadge(tableView({ is_over: true, current_player: 1 }), 1)).toBe(false);
    expect(showsBadge(view, 9)).toBe(false);
  });
});
