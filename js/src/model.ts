// The widget's synced trait and its messages, mirrored from
// deepsea_widget/widget.py (Board). The view is the game's public view
// (Game.public_view() in Python: levels, never unbanked values) plus what
// the table adds (sequence number, mode, error, bots, log, events, badges...).
// Python is the source of truth: the front end reads `view` and only sends
// intents; it never writes a trait.

/** Chip levels 1..4 on one trail space: one chip, or a stack of up to 3. */
export type Chips = number[];

/** A trail space from the sub outward: chip levels, or null for a blank. */
export type Space = Chips | null;

/** "keep": a Boost game's diver has rolled without a Boost and chooses the dice to keep. */
export type Phase = "roll" | "keep" | "treasure" | "over";

export interface Diver {
  name: string;
  /** 0 = in the sub, k = trail space k (1-based). */
  position: number;
  returning: boolean;
  /** Returned to the sub this dive. */
  back: boolean;
  carried: Chips[];
  banked: Chips[];
  score: number;
}

export type Action =
  | { type: "roll"; dice?: number[] }
  | { type: "turn_back" }
  | { type: "pick_up" }
  | { type: "drop"; index: number }
  | { type: "stay" }
  /** A Boost game: declare a Boost before rolling (every die counts, at more air). */
  | { type: "boost" }
  /** A Boost game, after rolling without a Boost: the die indices kept (from 0). */
  | { type: "keep"; dice: number[] };

export type ActionKind = Action["type"];

/** One event of the last step; `text` is its plain-language line. */
export interface GameEvent {
  type: string;
  text: string;
  seat?: number;
  name?: string;
  /** Rolled: the two faces (DiceRolled, DiceKept: a Boost game's, one per die). */
  dice?: number[];
  /** Rolled: spaces to move. */
  move?: number;
  /** Moved: from, to (0 = the sub) and every space passed, in order. */
  start?: number;
  end?: number;
  path?: number[];
  jumped?: string[];
  [key: string]: unknown;
}

/**
 * A roll the dice show: who rolled, the faces (two in the original game, one per die) and the
 * spaces it moves. A Boost game's roll also says which dice count (`kept`, die indices; null
 * while the diver chooses, and `move` is null then too), whether it boosted, and how many dice
 * it keeps (`keep`).
 */
export interface LastRoll {
  name: string;
  dice: number[];
  move: number | null;
  seat?: number;
  kept?: number[] | null;
  boosted?: boolean;
  keep?: number;
}

/** A Boost game's dice (null or absent: the original game). */
export interface BoostRules {
  /** Dice a diver keeps without a Boost. */
  keep: number;
  /** Dice rolled. */
  dice: number;
  /** The air a Boost costs on top of the breath. */
  air: number;
  /** The variant's name ("boost"). */
  name: string;
}

/** P(home) of one diver: exact, a Monte Carlo estimate (with its standard error), or already back. */
export interface Badge {
  p: number;
  se: number | null;
  method: "exact" | "estimate" | "back";
  /** An estimate's 95% interval (Wilson), the rollouts behind it; why it was simulated, or why it is exact. */
  low?: number;
  high?: number;
  n?: number;
  why?: "deeper" | "too big" | "heading back" | "last turn" | "sure";
  /** What every view shows (made once, in Python): the number, a few words on what it
   * assumes, and the question it answers. */
  shown?: string;
  label?: string;
  question?: string;
}

/** One option of the diver to move (Python's `decision`), as its card and the panels show it. */
export interface Choice {
  option: string;
  p_home: number;
  points: number;
  method: "exact" | "estimate";
  shown: string;
  points_shown: string;
  question: string;
}

export interface Choices {
  seat: number;
  options: Choice[];
}

export interface Summary {
  title: string;
  lines: string[];
}

export type ReasonKey = "roll" | "turn_back" | "pick_up" | "drop" | "stay" | "boost" | "keep";

export interface PublicView {
  dive: number;
  air: number;
  /** Air when the current turn began, before breathing. */
  turn_start_air?: number;
  phase: Phase;
  current_player: number | null;
  is_over: boolean;
  trail: Space[];
  divers: Diver[];
  legal: Action[];
  scores: number[];
  winners: number[];
  /** A Boost game's public facts: its variant, whether the diver to play boosted this turn,
   * the dive's last roll (one face per die) and the dice that counted (null while choosing). */
  variant?: string | Record<string, unknown>;
  boosted?: boolean;
  rolled?: number[] | null;
  kept?: number[] | null;
}

/** What the table adds to the game's public view. All optional, so a bare public view still draws. */
export interface TableView extends PublicView {
  /** The state number every intent must quote. */
  seq?: number;
  mode?: "play" | "edit";
  /** Why the last intent was refused ("" when it was not). */
  error?: string;
  /** How many intents the table has refused so far (a refusal changes no state number). */
  refusals?: number;
  /** Per seat: the bot's name, or null for a person. */
  bots?: Array<string | null>;
  bot_to_move?: boolean;
  /**
   * The log in plain language: turns, the newest first, each turn's lines in
   * the order they happened (a table's note, such as an undo, is a turn of its own).
   */
  log?: string[][];
  /** The table's own new log lines of this step (an undo, an edit, a mode switch). */
  notes?: string[];
  /** Events of the last step. */
  events?: GameEvent[];
  /** The dive's last roll; null before its first. */
  last_roll?: LastRoll | null;
  badges?: Array<Badge | null>;
  /** The options of the diver to move; null while they are being worked out, or at game over. */
  choices?: Choices | null;
  /** How everyone is assumed to play on in the simulated odds ("odds" or "cautious"). */
  odds_policy?: string;
  /** Air at the active diver's next turn if everyone keeps their items. */
  forecast_air?: number | null;
  /** A Boost game's dice (null: the original game). */
  boost?: BoostRules | null;
  /** The air a Boost would cost the diver to play now (null: it may not boost now). */
  boost_air?: number | null;
  summary?: Summary | null;
  reasons?: Partial<Record<ReasonKey, string>>;
  can_undo?: boolean;
  /** Fair play: Undo never takes back a roll or a dive's end. */
  fair_play?: boolean;
  /** Fair play: why Undo is refused now (null: it is not). */
  undo_refusal?: string | null;
  /** The classroom app: why Export is refused (null: it is not). */
  export_refusal?: string | null;
  /** The classroom app: offer Download results. */
  results?: boolean;
  /** In edit mode: why Python would refuse Add / Remove a space (null: it would accept). */
  edit_refusals?: { add_space: string | null; remove_space: string | null } | null;
  /** Guess first (null: the table does not play it): see guess.ts. */
  guess?: GuessView | null;
}

/** A guess shown beside the number it guessed (this turn's, the person to move). */
export interface GuessTold {
  seat: number;
  name: string;
  /** The guess, 0..1, and as the person typed it ("40%"). */
  guess: number;
  guess_text: string;
  /** The number the board shows ("≈62%"), its value and how it was found. */
  shown: string;
  p: number;
  method: "exact" | "estimate";
  /** The question that number answers. */
  question: string;
  /** "Ann: you guessed 40%, the odds say ≈62%". */
  text: string;
}

/** What a guess-first table adds (Python's `Guesses.guess_view`; every word made there). */
export interface GuessView {
  /** The seat asked to guess now (null: no guess is asked). */
  asking: number | null;
  name: string;
  /** The input's label, what the guess is about, and why the moves wait for it. */
  prompt: string;
  about: string;
  reason: string;
  told: GuessTold | null;
  /** Seats whose P(home) the view leaves out until their person guesses. */
  hidden: number[];
  /** The mover's choices are left out too. */
  mover_hidden: boolean;
  /** Why numbers are hidden, in words ("" when none is). */
  note: string;
  /** Guesses made at this table, and their Brier score in words ("" before any). */
  made: number;
  score: string;
}

export type EditOp =
  | { op: "move_diver"; seat: number; position: number; returning?: boolean }
  | { op: "set_heading"; seat: number; returning: boolean }
  | { op: "give_item"; seat: number; levels: number[] }
  | { op: "take_item"; seat: number; index: number }
  | { op: "set_air"; air: number }
  | { op: "set_space"; space: number; levels: number[] | null }
  | { op: "add_space" }
  | { op: "remove_space" }
  | { op: "set_turn"; seat: number };

/** Messages the front end sends (model.send). */
export type Intent =
  | { type: "action"; seq: number; seat: number; action: Action }
  | { type: "bot_step"; seq: number; auto: boolean }
  | { type: "undo"; seq: number }
  | { type: "new_game"; seq: number }
  | { type: "mode"; seq: number; mode: "play" | "edit" }
  | { type: "edit"; seq: number; edit: EditOp }
  | { type: "load"; seq: number; text: string }
  /** Guess first: the person's guess of its diver's chance of getting home, in percent. */
  | { type: "guess"; seq: number; percent: number }
  | { type: "export" }
  /** Not an intent: the player's results as CSV (Python answers with a "results" reply). */
  | { type: "results" }
  /** Not an intent: this view has painted state `seq` (the app then redraws the odds panels). */
  | { type: "painted"; seq: number };

/** Custom messages Python sends back. */
export type Reply = { type: "export"; text: string } | { type: "results"; text: string; filename: string };

/** The Python traits of Board that the front end reads. */
export interface Model {
  /** Empty ({}) until a game is attached. */
  view: TableView | Record<string, never>;
  /**
   * ipywidgets' Layout of this widget (every DOMWidget has one): in the
   * front end, one object per widget, the same for all its views.
   */
  layout?: object | null;
}
