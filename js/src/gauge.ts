// Air gauge maths: the shared air track runs 25 -> 0; where the air is,
// how worried to be, and where it will be at the active diver's next turn.
// Pure functions, no DOM.

export const AIR_MAX = 25;

/** Air at or below this shows in the warning colour. */
export const AIR_LOW = 8;
/** Air at or below this is critical: one or two more breaths end the dive. */
export const AIR_CRITICAL = 3;

export type AirLevel = "ok" | "low" | "critical" | "out";

export function clampAir(air: number): number {
  if (!Number.isFinite(air)) return 0;
  return Math.max(0, Math.min(AIR_MAX, Math.round(air)));
}

/** Share of the track still left, 0..1. */
export function airFraction(air: number): number {
  return clampAir(air) / AIR_MAX;
}

export function airLevel(air: number): AirLevel {
  if (air <= 0) return "out";
  if (air <= AIR_CRITICAL) return "critical";
  if (air <= AIR_LOW) return "low";
  return "ok";
}

/**
 * One cell per value of the track, 25 first: "left" (still there), "risk"
 * (left now, gone by the forecast turn), "used", with the marker on the
 * current value and the forecast marker on the forecast value.
 *
 * `label` is the number written on the cell: every fifth value, the air now
 * and the forecast. On a narrow gauge the numbers are wider than the cells,
 * so a number within `CROWD` cells of a more important one that is shown
 * (the air now first, then the forecast) is `crowded`, and the stylesheet
 * hides it there.
 */
export interface GaugeCell {
  value: number;
  state: "left" | "risk" | "used";
  current: boolean;
  forecast: boolean;
  label: string;
  crowded: boolean;
  /** A Boost game: this air would go at once if the diver to play boosted (`boostText`). */
  boost?: boolean;
}

/** How close (in cells) two numbers may be before the lesser one gives way on a narrow gauge. */
export const CROWD = 2;

export function gaugeCells(air: number, forecast: number | null | undefined, boost: number | null = null): GaugeCell[] {
  const now = clampAir(air);
  const next = forecast === null || forecast === undefined ? null : clampAir(Math.min(forecast, now));
  const marked = next !== null && next !== now ? next : null; // the forecast marker, if any
  const near = (a: number, b: number | null) => b !== null && a !== b && Math.abs(a - b) <= CROWD;
  const forecastShown = marked !== null && !near(marked, now); // (on a narrow gauge)
  const cells: GaugeCell[] = [];
  for (let value = AIR_MAX; value >= 0; value--) {
    let state: GaugeCell["state"] = value <= now ? "left" : "used";
    if (state === "left" && next !== null && value > next) state = "risk";
    const current = value === now;
    const isForecast = value === marked;
    const label = value % 5 === 0 || current || isForecast ? String(value) : "";
    const crowded =
      label !== "" && !current && (near(value, now) || (!isForecast && forecastShown && near(value, marked)));
    const cell: GaugeCell = { value, state, current, forecast: isForecast, label, crowded };
    if (boost !== null && boost > 0 && value <= now && value > now - boost) cell.boost = true;
    cells.push(cell);
  }
  return cells;
}

/**
 * What the diver to play has breathed at the start of this turn, e.g. "Ann breathed 2 (11 → 9)":
 * the air the turn started with, before that breath, and the air now (the gauge's number, which
 * the status line and the edit slider show too).
 */
export function breathText(turnStartAir: number | null | undefined, air: number, who: string, boosted = 0): string {
  if (turnStartAir === null || turnStartAir === undefined || !who || turnStartAir <= air) return "";
  // (a Boost game: `boosted`, the air a Boost declared this turn took on top of the breath)
  const spent = boosted > 0 ? `breathed ${turnStartAir - air - boosted} and boosted for ${boosted}` : "";
  if (air <= 0) return spent ? `${who} ${spent}: the last of the air (${turnStartAir} → 0)` : `${who} breathed the last of the air (${turnStartAir} → 0)`;
  return `${who} ${spent || `breathed ${turnStartAir - air}`} (${turnStartAir} → ${air})`;
}

/**
 * The forecast in words, e.g. "Ann's next turn, once Ann has breathed: air 12, −5 if everyone keeps
 * their items": the air on the track during that turn, as the gauge will show it then (the odds
 * panels' air of a turn is the air at its start, before the breath: they say so).
 */
export function forecastText(air: number, forecast: number | null | undefined, who: string): string {
  if (forecast === null || forecast === undefined) return "";
  if (air <= 0) return "The air has run out: the dive ends with this turn";
  const drop = clampAir(air) - Math.max(0, forecast);
  const whose = who ? `${who}'s next turn` : "Next turn";
  if (forecast <= 0) return `${whose}: air runs out first (if everyone keeps their items)`;
  if (drop <= 0) return `${whose}: air still ${forecast} (nobody carries anything)`;
  return `${whose}, once ${who || "the diver"} has breathed: air ${forecast}, −${drop} if everyone keeps their items`;
}

/**
 * What a Boost would cost, for the forecast line of a Boost game: "Boost: −1 more air (now:
 * 24 → 23; every later turn starts 1 lower)". `boostAir`: its air on top of the breath (null:
 * the diver may not boost now, and the line says nothing).
 */
export function boostText(air: number, boostAir: number | null | undefined): string {
  if (boostAir === null || boostAir === undefined || boostAir <= 0) return "";
  const now = Math.max(0, air);
  const after = air - boostAir;
  const end = after <= 0 ? "; the air runs out: the dive ends after this turn" : `; every later turn starts ${boostAir} lower`;
  return `Boost: −${boostAir} more air (now: ${now} → ${Math.max(0, after)}${end})`;
}
