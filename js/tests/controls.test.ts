import { describe, expect, it } from "vitest";
import { actionIntent, answerKey, blockedReason, botStepIntent, botToMove, controlStates, DROP_KEY, dropKeyAction, SHORTCUTS } from "../src/controls";
import { diver, tableView } from "./fixtures";

describe("controls", () => {
  it("enables Roll for a person's roll phase and says why the rest are off", () => {
    const s = controlStates(tableView());
    expect(s.roll).toEqual({ disabled: false, reason: "" });
    expect(s.turn_back.disabled).toBe(true);
    expect(s.turn_back.reason).toBe("Ann carries nothing: a diver turns back only with treasure");
    expect(s.pick_up).toEqual({ disabled: true, reason: "Ann must roll first" });
    expect(s.stay.disabled).toBe(true);
    expect(s.drops).toEqual([{ index: -1, label: "Drop", disabled: true, reason: "Ann must roll first" }]);
    expect(s.undo).toEqual({ disabled: true, reason: "Nothing to undo" });
  });

  it("says why fair play refuses Undo, in Python's words", () => {
    const why = "Fair play: Undo cannot take back a roll (everyone has seen the dice)";
    expect(controlStates(tableView({ fair_play: true, can_undo: false, undo_refusal: why })).undo).toEqual({ disabled: true, reason: why });
    expect(controlStates(tableView({ fair_play: true, can_undo: true, undo_refusal: null })).undo).toEqual({ disabled: false, reason: "" });
  });

  it("prefers the reasons Python gives", () => {
    const s = controlStates(tableView({ reasons: { turn_back: "Ann is carrying nothing", pick_up: "roll first" } }));
    expect(s.turn_back.reason).toBe("Ann is carrying nothing");
    expect(s.pick_up.reason).toBe("roll first");
  });

  it("offers one Drop per carried item on a blank space", () => {
    const view = tableView({
      phase: "treasure",
      divers: [diver("Ann", { position: 3, carried: [[1], [2, 3, 3]] }), diver("Bob"), diver("Cy")],
      legal: [{ type: "stay" }, { type: "drop", index: 0 }, { type: "drop", index: 1 }],
    });
    const s = controlStates(view);
    expect(s.drops.map((d) => [d.label, d.disabled])).toEqual([
      ["Drop item 1: level 1 chip", false],
      ["Drop item 2: stack of 3 chips (levels 2, 3, 3)", false],
    ]);
    expect(s.stay.disabled).toBe(false);
    expect(s.pick_up).toEqual({ disabled: true, reason: "Space 3 is blank: nothing to pick up" });
    expect(s.roll.reason).toBe("Ann has moved this turn: drop an item or stay");
  });

  it("keeps Drop buttons but disables them on a chip", () => {
    const view = tableView({
      phase: "treasure",
      divers: [diver("Ann", { position: 2, carried: [[1]] }), diver("Bob"), diver("Cy")],
      legal: [{ type: "stay" }, { type: "pick_up" }],
    });
    const [drop] = controlStates(view).drops;
    expect(drop.disabled).toBe(true);
    expect(drop.reason).toBe("Space 2 is not blank: drop only on a blank space");
  });

  it("enables Turn back when carrying and going deeper", () => {
    const view = tableView({
      divers: [diver("Ann", { position: 4, carried: [[1]] }), diver("Bob"), diver("Cy")],
      legal: [{ type: "roll" }, { type: "turn_back" }],
    });
    expect(controlStates(view).turn_back.disabled).toBe(false);
  });

  it("hands a bot's turn to Next", () => {
    const view = tableView({ current_player: 2, bot_to_move: true, legal: [{ type: "roll" }] });
    const s = controlStates(view);
    expect(botToMove(view)).toBe(true);
    expect(s.next.disabled).toBe(false);
    expect(s.roll.disabled).toBe(true);
    expect(s.roll.reason).toBe("It is Cy's turn, a bot: press Next or Auto-play");
    expect(controlStates(tableView()).next.reason).toBe("It is Ann's turn (a person): no bot to move");
  });

  it("works out bot_to_move when the view lacks it", () => {
    expect(botToMove(tableView({ bot_to_move: undefined, current_player: 2 }))).toBe(true);
    expect(botToMove(tableView({ bot_to_move: undefined, current_player: 2, mode: "edit" }))).toBe(false);
  });

  it("blocks every move in edit mode and at the end", () => {
    expect(blockedReason(tableView({ mode: "edit" }))).toBe("Edit mode: press Back to play first");
    const over = tableView({ phase: "over", is_over: true, current_player: null, legal: [] });
    expect(controlStates(over).roll.reason).toBe("The game is over: press New game to play again");
    expect(controlStates(over).next.reason).toBe("The game is over");
    const withBot = tableView({ phase: "over", is_over: true, current_player: null, legal: [], bots: [null, "cautious", null] });
    expect(controlStates(withBot).autoplay).toEqual({ disabled: true, reason: "The game is over: no bot has a turn to play" });
  });

  it("disables bot controls at a table without bots", () => {
    const s = controlStates(tableView({ bots: [null, null, null] }));
    expect(s.autoplay).toEqual({ disabled: true, reason: "No bots at this table" });
    expect(s.next.reason).toBe("No bots at this table");
  });

  it("quotes the state number and the seat in intents", () => {
    expect(actionIntent(tableView({ seq: 12 }), { type: "roll" })).toEqual({ type: "action", seq: 12, seat: 0, action: { type: "roll" } });
    expect(actionIntent(tableView({ current_player: null }), { type: "roll" })).toBeNull();
    expect(botStepIntent(tableView({ seq: 3 }), true)).toEqual({ type: "bot_step", seq: 3, auto: true });
  });

  it("has single-key shortcuts for the main controls", () => {
    expect(SHORTCUTS.r).toBe("roll");
    expect(SHORTCUTS.t).toBe("turn_back");
    expect(SHORTCUTS.p).toBe("pick_up");
    expect(SHORTCUTS.s).toBe("stay");
    expect(SHORTCUTS.n).toBe("next");
  });

  it("drops with D: the one item there is, or lets the player pick among several", () => {
    expect(DROP_KEY in SHORTCUTS).toBe(false);
    const on = { disabled: false, reason: "" };
    const off = { disabled: true, reason: "Ann must roll first" };
    expect(dropKeyAction([on])).toEqual({ press: 0 });
    expect(dropKeyAction([off, on])).toEqual({ press: 1 });
    expect(dropKeyAction([on, on, on])).toEqual({ focus: 0, say: "Drop: 3 items carried; Tab to the one to drop and press Enter" });
    expect(dropKeyAction([off])).toEqual({ say: "Drop: Ann must roll first" });
    expect(dropKeyAction([])).toEqual({ say: "Drop: nothing to drop now" });
  });
});

describe("answers to an intent", () => {
  it("a new state number or a refusal answers; the same state again does not", () => {
    const view = { ...tableView(), seq: 7, refusals: 2 };
    expect(answerKey({ ...view })).toBe(answerKey(view)); // the same state, its odds badges added
    expect(answerKey({ ...view, seq: 8 })).not.toBe(answerKey(view)); // carried out
    expect(answerKey({ ...view, refusals: 3 })).not.toBe(answerKey(view)); // refused
  });
});
