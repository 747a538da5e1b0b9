// Drawing the air gauge and the dice of the last roll into their elements.
// The numbers behind them are worked out elsewhere (gauge.ts: the air track
// and forecast; Python's last_roll: which roll the dice show; anim.ts: whether
// this step rolled it).

import type { LastRoll, TableView } from "./model";
import { nameOf } from "./controls";
import { plural } from "./format";
import { airLevel, breathText, forecastText, gaugeCells, AIR_MAX } from "./gauge";
import { patchChildren, s, v, type VNode } from "./vdom";


/** The air gauge (`gauge`): the air now, the track and the forecast in words. */
export function drawGauge(gauge: HTMLElement, view: TableView): void {
  const air = view.air;
  const shown = Math.max(0, air);
  const level = airLevel(air);
  const forecast = view.forecast_air;
  const who = view.is_over ? "" : nameOf(view, view.current_player);
  const cells = gaugeCells(air, forecast).map((cell) => {
    const classes = ["dsw-cell", `dsw-cell-${cell.state}`];
    if (cell.current) classes.push("dsw-cell-now");
    if (cell.forecast) classes.push("dsw-cell-forecast");
    if (cell.crowded) classes.push("dsw-cell-crowded");
    return v("span", { class: classes.join(" ") }, cell.label ? v("span", { class: "dsw-cell-num" }, cell.label) : null);
  });
  const text = [breathText(view.turn_start_air, air, who), forecastText(air, forecast, who)].filter(Boolean).join(". ");
  const className = `dsw-gauge dsw-air-${level}`;
  if (gauge.className !== className) gauge.className = className;
  patchChildren(gauge, [
    v(
      "div",
      { class: "dsw-air-now", role: "meter", "aria-label": "Air left", "aria-valuemin": 0, "aria-valuemax": AIR_MAX, "aria-valuenow": shown, "aria-valuetext": `Air ${shown} of ${AIR_MAX}` },
      v("span", { class: "dsw-air-label" }, "Air"),
      v("span", { class: "dsw-air-value", "data-air": air }, String(shown)),
    ),
    v(
      "div",
      { class: "dsw-gauge-body" },
      v("div", { class: "dsw-track", "aria-hidden": "true" }, ...cells),
      text ? v("p", { class: "dsw-forecast", "data-forecast": forecast ?? "" }, text) : null,
    ),
  ]);
}

/**
 * The dice (`dice`): the roll `shown` (null: none yet), dimmed unless the last step rolled it
 * (`fresh`), with whose roll it was: "Ann rolled 3 + 2", the two dice, "= 5 → 3 spaces".
 */
export function drawDice(dice: HTMLElement, shown: LastRoll | null, fresh: boolean): void {
  dice.classList.toggle("dsw-dice-old", !fresh);
  if (!shown) {
    dice.setAttribute("aria-label", "No roll yet");
    patchChildren(dice, []);
    return;
  }
  const [a, b] = shown.dice;
  const label = `${fresh ? "Roll" : "Last roll"}: ${shown.name} rolled ${a} and ${b}, moves ${shown.move}`;
  if (dice.getAttribute("aria-label") !== label) dice.setAttribute("aria-label", label);
  if (dice.getAttribute("data-dice") !== `${a},${b}`) dice.setAttribute("data-dice", `${a},${b}`);
  patchChildren(dice, [
    // (a no-break space: a flex item's leading space would be dropped, "Annrolled")
    v("span", { class: "dsw-dice-who", "aria-hidden": "true" }, v("span", { class: "dsw-dice-name" }, shown.name), `\u00a0rolled ${a} + ${b}`),
    dieFace(a),
    dieFace(b),
    v("span", { class: "dsw-dice-text", "aria-hidden": "true" }, `= ${a + b} → ${plural(shown.move, "space")}`),
  ]);
}

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[6, 6], [12, 12], [18, 18]],
};

/** One die face (faces 1..3) as a small picture. */
function dieFace(value: number): VNode {
  return s(
    "svg",
    { class: "dsw-die", width: 24, height: 24, viewBox: "0 0 24 24", "aria-hidden": "true", "data-face": value },
    s("rect", { class: "dsw-die-body", x: 1, y: 1, width: 22, height: 22, rx: 4 }),
    ...(PIPS[value] ?? []).map(([cx, cy]) => s("circle", { class: "dsw-pip", cx, cy, r: 2.4 })),
  );
}
