// Drawing the air gauge and the dice of the last roll into their elements.
// The numbers behind them are worked out elsewhere (gauge.ts: the air track
// and forecast; Python's last_roll: which roll the dice show; anim.ts: whether
// this step rolled it).

import type { LastRoll, TableView } from "./model";
import { nameOf } from "./controls";
import { airLevel, boostText, breathText, forecastText, gaugeCells, AIR_MAX } from "./gauge";
import { enabledAttrs, patchChildren, s, v, vbutton, type VNode } from "./vdom";
import { keepButton, rollWords } from "./diceChoice";


/** The air gauge (`gauge`): the air now, the track and the forecast in words. */
export function drawGauge(gauge: HTMLElement, view: TableView): void {
  const air = view.air;
  const shown = Math.max(0, air);
  const level = airLevel(air);
  const forecast = view.forecast_air;
  const who = view.is_over ? "" : nameOf(view, view.current_player);
  const cells = gaugeCells(air, forecast, view.boost_air ?? null).map((cell) => {
    const classes = ["dsw-cell", `dsw-cell-${cell.state}`];
    if (cell.boost) classes.push("dsw-cell-boost");
    if (cell.current) classes.push("dsw-cell-now");
    if (cell.forecast) classes.push("dsw-cell-forecast");
    if (cell.crowded) classes.push("dsw-cell-crowded");
    return v("span", { class: classes.join(" ") }, cell.label ? v("span", { class: "dsw-cell-num" }, cell.label) : null);
  });
  const text = [breathText(view.turn_start_air, air, who, view.boosted ? view.boost?.air ?? 0 : 0), forecastText(air, forecast, who), boostText(air, view.boost_air)]
    .filter(Boolean)
    .join(". ");
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

/** A Boost game's dice being chosen in this view: the picks and what clicking does. */
export interface DicePick {
  view: TableView;
  picked: readonly number[];
  toggle(die: number): void;
  keep(): void;
}

/**
 * The dice (`dice`): the roll `shown` (null: none yet), dimmed unless the last step rolled it
 * (`fresh`), with whose roll it was: "Ann rolled 3 + 2", the dice, "= 5 → 3 spaces". A Boost
 * game's roll shows its three dice, the ones not kept dimmed ("kept 3 + 2 = 5 → 4 spaces");
 * while the person to play chooses (`pick`), the dice are toggle buttons (1, 2, 3 on the
 * keyboard) and a Keep button keeps the two picked.
 */
export function drawDice(dice: HTMLElement, shown: LastRoll | null, fresh: boolean, pick: DicePick | null = null): void {
  dice.classList.toggle("dsw-dice-old", !fresh && !pick);
  const role = pick ? "group" : "img";
  if (dice.getAttribute("role") !== role) dice.setAttribute("role", role);
  if (!shown) {
    dice.setAttribute("aria-label", "No roll yet");
    dice.removeAttribute("data-dice");
    patchChildren(dice, []);
    return;
  }
  const words = rollWords(shown, fresh);
  const label = pick ? `${words.label}: pick them with 1 to ${shown.dice.length}, then Keep` : words.label;
  if (dice.getAttribute("aria-label") !== label) dice.setAttribute("aria-label", label);
  const faces = shown.dice.join(",");
  if (dice.getAttribute("data-dice") !== faces) dice.setAttribute("data-dice", faces);
  const dropped = (i: number) => !!shown.kept && !shown.kept.includes(i);
  const who = v("span", { class: "dsw-dice-who", "aria-hidden": "true" }, v("span", { class: "dsw-dice-name" }, shown.name), `\u00a0${words.who}`);
  if (!pick) {
    patchChildren(dice, [
      // (a no-break space: a flex item's leading space would be dropped, "Annrolled")
      who,
      ...shown.dice.map((face, i) => dieFace(face, dropped(i))),
      v("span", { class: "dsw-dice-text", "aria-hidden": "true" }, words.text),
    ]);
    return;
  }
  const keep = keepButton(pick.view, pick.picked);
  patchChildren(dice, [
    who,
    ...shown.dice.map((face, i) =>
      vbutton([dieFace(face, false)], `die-${i}`, () => pick.toggle(i), {
        class: "dsw-die-btn",
        "aria-label": `Die ${i + 1}: ${face}`,
        "aria-pressed": String(pick.picked.includes(i)),
        "aria-keyshortcuts": String(i + 1),
        title: `Die ${i + 1} shows ${face}: click (or press ${i + 1}) to pick it or put it back`,
      }),
    ),
    vbutton(keep.label, "keep", () => pick.keep(), {
      class: "dsw-keep",
      "aria-keyshortcuts": "Enter",
      ...enabledAttrs(!keep.disabled, keep.reason, "Move by the picked dice (Enter)"),
    }),
  ]);
}

const PIPS: Record<number, Array<[number, number]>> = {
  0: [],
  1: [[12, 12]],
  2: [[7, 7], [17, 17]],
  3: [[6, 6], [12, 12], [18, 18]],
};

/** One die face (faces 0..3; 0: a blank face) as a small picture; `dropped`: a die not kept. */
function dieFace(value: number, dropped = false): VNode {
  return s(
    "svg",
    { class: dropped ? "dsw-die dsw-die-dropped" : "dsw-die", width: 24, height: 24, viewBox: "0 0 24 24", "aria-hidden": "true", "data-face": value },
    s("rect", { class: "dsw-die-body", x: 1, y: 1, width: 22, height: 22, rx: 4 }),
    ...(PIPS[value] ?? []).map(([cx, cy]) => s("circle", { class: "dsw-pip", cx, cy, r: 2.4 })),
  );
}
