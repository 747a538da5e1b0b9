// Words for the board: pawn labels, space and diver descriptions, the text
// alternative of the trail and the status line. Pure functions, no DOM.

import type { Badge, Diver, GameEvent, PublicView, Space, TableView } from "./model";

export const DIVES = 3;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Chip shape by level: triangle, square, pentagon, hexagon (as on the real chips). */
export function levelSides(level: number): number {
  return Math.min(4, Math.max(1, Math.round(level))) + 2;
}

const SHAPE_NAMES: Record<number, string> = { 3: "triangle", 4: "square", 5: "pentagon", 6: "hexagon" };

export function levelShapeName(level: number): string {
  return SHAPE_NAMES[levelSides(level)] ?? "chip";
}

/** "A" for "Ann", "AL" for "Ann Lee", "?" for a name with no letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => w.length > 0);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? "");
  const out = letters.join("").toUpperCase();
  return out.length > 0 ? out : "?";
}

/**
 * One short label per diver for the pawns: initials, with the seat number
 * added where two divers would otherwise share a label ("A1", "A2").
 */
export function pawnLabels(names: string[]): string[] {
  const base = names.map(initials);
  const counts = new Map<string, number>();
  for (const b of base) counts.set(b, (counts.get(b) ?? 0) + 1);
  return base.map((b, seat) => ((counts.get(b) ?? 0) > 1 ? `${b}${seat + 1}` : b));
}

export function describeChips(levels: number[]): string {
  if (levels.length === 1) return `level ${levels[0]} chip`;
  return `stack of ${levels.length} chips (levels ${levels.join(", ")})`;
}

export function describeSpace(space: Space, number: number): string {
  return `Space ${number}: ${space === null ? "blank" : describeChips(space)}`;
}

export function describeDiver(diver: Diver): string {
  const carrying = diver.carried.length > 0 ? `, carrying ${plural(diver.carried.length, "item")}` : "";
  if (diver.position === 0) {
    if (diver.back) return `${diver.name}: back in the sub${carrying}`;
    return `${diver.name}: in the sub`;
  }
  const heading = diver.returning ? "heading back" : "diving down";
  return `${diver.name}: on space ${diver.position}, ${heading}${carrying}`;
}

/** Counts of each kind of space, e.g. "8 level 1 chips, 2 stacks, 1 blank". */
export function trailCounts(trail: Space[]): string {
  const byLevel = new Map<number, number>();
  let stacks = 0;
  let blanks = 0;
  for (const s of trail) {
    if (s === null) blanks++;
    else if (s.length > 1) stacks++;
    else byLevel.set(s[0], (byLevel.get(s[0]) ?? 0) + 1);
  }
  const parts = [...byLevel.keys()]
    .sort((a, b) => a - b)
    .map((level) => `${plural(byLevel.get(level) ?? 0, `level ${level} chip`)}`);
  if (stacks > 0) parts.push(plural(stacks, "stack"));
  if (blanks > 0) parts.push(plural(blanks, "blank"));
  return parts.join(", ");
}

/** The air in words: it goes below 0 when a diver breathes more than is left. */
export function airText(air: number): string {
  return air > 0 ? `air ${air}` : "air ran out";
}

/** The trail's text alternative: everything the picture shows, in words. */
export function trailSummary(view: PublicView): string {
  const n = view.trail.length;
  const counts = trailCounts(view.trail);
  const head = `Dive ${view.dive} of ${DIVES}, ${airText(view.air)}. Trail of ${plural(n, "space")}${counts ? `: ${counts}` : ""}.`;
  const divers = view.divers.map(describeDiver).join("; ");
  return divers ? `${head} ${divers}.` : head;
}

/** The trail space by space, in words, with who stands where: "Space 4: level 1 chip. Ann, diving down". */
export function trailLines(view: PublicView): string[] {
  const here = new Map<number, string[]>();
  for (const d of view.divers) {
    if (d.position > 0) here.set(d.position, [...(here.get(d.position) ?? []), `${d.name}, ${d.returning ? "heading back" : "diving down"}`]);
  }
  return view.trail.map((space, i) => {
    const who = here.get(i + 1);
    return `${describeSpace(space, i + 1)}${who ? `. ${who.join("; ")}` : ""}`;
  });
}

/** One line above the board: whose turn it is and what they may do (`autoplay`: the bots play on their own). */
export function statusLine(view: PublicView | TableView, autoplay = false): string {
  const dive = `Dive ${view.dive} of ${DIVES} · ${airText(view.air)}`;
  if (view.is_over || view.phase === "over") {
    const names = view.winners.map((seat) => view.divers[seat]?.name ?? `seat ${seat + 1}`);
    const best = view.winners.length > 0 ? view.scores[view.winners[0]] : undefined;
    const won = names.length > 1 ? `${names.join(" and ")} share the win` : `${names[0] ?? "nobody"} wins`;
    return `Game over · ${won}${best !== undefined ? ` with ${plural(best, "point")}` : ""}`;
  }
  const table = view as TableView;
  if (table.mode === "edit") return `${dive} · Edit mode: set up a what-if position`;
  const seat = view.current_player;
  const who = seat === null ? "" : view.divers[seat]?.name ?? `seat ${seat + 1}`;
  if (seat !== null && table.bots?.[seat]) {
    return `${dive} · ${who} (bot) to play${autoplay ? ": Auto-play is on" : ": press Next or Auto-play"}`;
  }
  if (who && table.guess?.asking === seat) return `${dive} · ${who} to guess first, then ${toDo(view).replace(/^to /, "")}`;
  return who ? `${dive} · ${who} ${toDo(view)}` : dive;
}

/** What the person to play does now: "to roll", "to roll (or boost first)", "to keep 2 of the dice", "to pick up or stay". */
function toDo(view: PublicView): string {
  const legal = new Set((view.legal ?? []).map((a) => a.type));
  if (view.phase === "roll") return legal.has("boost") ? "to roll (or boost first)" : "to roll";
  if (view.phase === "keep") {
    const keep = (view.legal ?? []).find((a) => a.type === "keep");
    const n = keep && "dice" in keep ? keep.dice.length : 2;
    return `to keep ${n} of the ${view.rolled?.length ?? n + 1} dice`;
  }
  return `to ${treasureChoice(view)}`;
}

/** What the diver in its treasure phase may do, in words, from the legal actions Python sent. */
export function treasureChoice(view: PublicView): string {
  const legal = new Set((view.legal ?? []).map((a) => a.type));
  if (legal.has("pick_up")) return "pick up or stay";
  if (legal.has("drop")) return "drop an item or stay";
  return "stay (nothing here to pick up, nothing carried to drop)";
}

/**
 * What a new step did, for screen readers: the table's own notes of the step
 * ("Undo: took back 2 actions; Ann to play", "Edit: air 9 now (air 11 at the start of Ann's
 * turn; Ann breathed 2)"), each event in words (a roll as
 * "Ann rolled 3 and 1, moves 4 spaces"; a move that leaves its diver to decide
 * with what lies there; none in edit mode, where an edit only sets the game up
 * afresh), then the new status line, e.g.
 * "Ann picks up a level-1 chip on space 4. Dive 1 of 3, air 25, Bob to roll."
 */
export function stepAnnouncement(view: TableView, autoplay = false): string {
  const notes = view.notes ?? [];
  const events = view.mode === "edit" ? [] : view.events ?? [];
  // The diver who just moved and now decides also hears what lies where it stands.
  const landed = (e: GameEvent): string => {
    const end = Number(e.end ?? 0);
    if (e.type !== "Moved" || view.phase !== "treasure" || e.seat !== view.current_player) return "";
    if (!(end >= 1 && end <= view.trail.length)) return "";
    const space = view.trail[end - 1];
    return ` (${space === null ? "blank" : describeChips(space)})`;
  };
  const said = notes.concat(
    events.map((e) =>
      e.type === "Rolled" && Array.isArray(e.dice) && e.dice.length === 2
        ? `${e.name ?? ""} rolled ${e.dice[0]} and ${e.dice[1]}, moves ${plural(Number(e.move ?? 0), "space")}`
        : String(e.text ?? "") + landed(e),
    ),
  );
  const status = statusLine(view, autoplay).split(" · ").join(", ");
  // (a line the status says anyway, such as "Edit mode: ..." or "Game over: ...", is said once)
  const plain = (t: string): string => t.replace(/[:,.]/g, "").trim();
  return [...said.filter((t) => !plain(status).includes(plain(t))), status]
    .map((t) => t.trim())
    .filter((t) => t)
    .map((t) => (/[.!?]$/.test(t) ? t : `${t}.`))
    .join(" ");
}

/** A probability as a whole percentage; never rounds a possibility to 0% or 100%. */
export function percent(p: number): string {
  if (!Number.isFinite(p) || p <= 0) return "0%";
  if (p >= 1) return "100%";
  const r = Math.round(p * 100);
  if (r <= 0) return "<1%";
  if (r >= 100) return ">99%";
  return `${r}%`;
}

/** The P(home) badge of one diver: its text, its tooltip and whether it is an estimate. */
export function badgeText(badge: Badge | null | undefined): { text: string; title: string; estimate: boolean } | null {
  if (!badge || typeof badge.p !== "number") return null;
  if (badge.method === "back") {
    return { text: "Safe in the sub", title: "Back in the submarine: what it carries is banked at the end of the dive", estimate: false };
  }
  if (badge.method === "estimate") {
    const [low, high] = estimateInterval(badge);
    // The interval in whole points, rounded outward: it never looks narrower than it is.
    const lo = Math.floor(low * 100);
    const hi = Math.ceil(high * 100);
    const dives = typeof badge.n === "number" ? `${badge.n.toLocaleString("en")} simulated dives` : "simulated dives";
    const why = badge.why === "too big" ? "the exact chain is too big to solve live" : "some divers may still go deeper";
    return {
      text: `P(home) ${approx(estimatePercent(badge.p, low, high))}${hi > lo ? ` (${lo}–${hi}%)` : ""}`,
      title: `Estimated chance of getting back to the sub (Monte Carlo, because ${why}): ${dives}, every diver playing like the cautious bot. 95% interval ${(low * 100).toFixed(1)}% to ${(high * 100).toFixed(1)}%.`,
      estimate: true,
    };
  }
  return {
    text: `P(home) ${percent(badge.p)}`,
    title: badge.why === "last turn"
      ? "Exact: the air ran out on this turn, so the dive ends with it and nobody else moves again"
      : badge.why === "sure"
      ? "Exact: heading back, its next turn comes whatever the others do, and even its smallest move gets it home"
      : "Exact chance of getting back to the sub before the air runs out, every diver in the water heading back with what it carries",
    estimate: false,
  };
}

/** "≈ 62%", but ">99%" and "<1%" as they are (they say already that they are not exact). */
export function approx(shown: string): string {
  return /^[<>]/.test(shown) ? shown : `≈ ${shown}`;
}

/**
 * An estimate as a whole percentage: never 0% or 100%, which only an exact answer may say.
 * One that would round to either reads as a strict bound its 95% interval supports: "<1%"
 * when the whole interval is below 1%, "<2%" when it reaches 1.45%. Python's `estimate_pct`
 * (deepsea_widget/panels/_common.py) says the same, with the same arithmetic.
 */
export function estimatePercent(p: number, low = p, high = p): string {
  if (!Number.isFinite(p)) return "n/a";
  const lo = Number.isFinite(low) ? low : p;
  const hi = Number.isFinite(high) ? high : p;
  const step = 0.01;
  if (p <= step / 2) return `<${Math.min(100, Math.max(1, Math.floor(hi / step + 1e-9) + 1))}%`; // the least whole step above hi
  if (p >= 1 - step / 2) return `>${Math.max(0, Math.min(99, Math.ceil(lo / step - 1e-9) - 1))}%`; // the greatest below lo
  return percent(p);
}

/** An estimate's 95% interval: the one Python sent (Wilson), else estimate ± 1.96 standard errors. */
function estimateInterval(badge: Badge): [number, number] {
  if (typeof badge.low === "number" && typeof badge.high === "number") return [badge.low, badge.high];
  const half = typeof badge.se === "number" ? 1.96 * badge.se : 0;
  return [Math.max(0, badge.p - half), Math.min(1, badge.p + half)];
}

/** Whether a diver's card shows its P(home) badge: in the water, back in the sub, or the
 * diver about to dive from the sub (its odds for this dive, as the divers panel shows them). */
export function showsBadge(view: TableView, seat: number): boolean {
  const d = view.divers[seat];
  if (!d) return false;
  return d.position > 0 || d.back || (seat === view.current_player && !view.is_over);
}

/** Where a diver is, in a few words: "in the sub", "back in the sub", "space 5, diving down". */
export function whereText(diver: Diver): string {
  if (diver.position === 0) return diver.back ? "back in the sub" : "in the sub";
  return `space ${diver.position}, ${diver.returning ? "heading back" : "diving down"}`;
}

/** Items as short level words: "L2, L1, stack 1+3+3". */
export function itemsText(items: number[][]): string {
  if (items.length === 0) return "nothing";
  return items.map((it) => (it.length === 1 ? `L${it[0]}` : `stack ${it.join("+")}`)).join(", ");
}

/** Total chips in some items (a stack counts each of its chips). */
export function chipCount(items: number[][]): number {
  return items.reduce((n, it) => n + it.length, 0);
}
