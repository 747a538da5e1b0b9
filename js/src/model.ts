// The widget's synced traits, mirrored from deepsea_widget/widget.py (Board).
// The view is the game's public view (Game.public_view() in Python): public
// information only, so chip values never appear, just their levels.

/** Chip levels 1..4 on one trail space: one chip, or a stack of up to 3. */
export type Chips = number[];

/** A trail space from the sub outward: chip levels, or null for a blank. */
export type Space = Chips | null;

export type Phase = "roll" | "treasure" | "over";

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
  | { type: "roll" }
  | { type: "turn_back" }
  | { type: "pick_up" }
  | { type: "drop"; index: number }
  | { type: "stay" };

export interface PublicView {
  dive: number;
  air: number;
  /** Air when the current turn began, before breathing (if the engine gives it). */
  turn_start_air?: number;
  phase: Phase;
  current_player: number | null;
  is_over: boolean;
  trail: Space[];
  divers: Diver[];
  legal: Action[];
  scores: number[];
  winners: number[];
}

/** The Python traits of Board that the front end reads. */
export interface Model {
  /** Empty ({}) until a game is attached. */
  view: PublicView | Record<string, never>;
}
