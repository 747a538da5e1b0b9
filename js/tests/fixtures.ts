// A hand-made table view (what Board.view holds) for the front-end tests.
import type { Diver, TableView } from "../src/model";

export function diver(name: string, extra: Partial<Diver> = {}): Diver {
  return { name, position: 0, returning: false, back: false, carried: [], banked: [], score: 0, ...extra };
}

export function tableView(extra: Partial<TableView> = {}): TableView {
  return {
    dive: 1,
    air: 25,
    turn_start_air: 25,
    phase: "roll",
    current_player: 0,
    is_over: false,
    trail: [[1], [1], null, [2, 3, 3], [4]],
    divers: [diver("Ann"), diver("Bob"), diver("Cy")],
    legal: [{ type: "roll" }],
    scores: [0, 0, 0],
    winners: [],
    seq: 7,
    mode: "play",
    error: "",
    bots: [null, null, "cautious"],
    bot_to_move: false,
    log: [["Dive 1 starts with Ann (the first player); air 25"]],
    events: [],
    badges: [null, null, null],
    forecast_air: 25,
    summary: null,
    reasons: {},
    can_undo: false,
    ...extra,
  };
}
