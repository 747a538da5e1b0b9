// @vitest-environment happy-dom
// A Boost game's dice on the page: three faces (a 0 is a blank face), the dice not kept
// faded; while the person chooses, toggle buttons and a Keep button that only keeps a legal pair.
import { describe, expect, it } from "vitest";
import { drawDice, drawGauge } from "../src/gaugeDice";
import type { TableView } from "../src/model";
import { diver, tableView } from "./fixtures";

function keepView(): TableView {
  return tableView({
    boost: { name: "boost", dice: 3, keep: 2, air: 1 },
    phase: "keep",
    rolled: [0, 3, 2],
    divers: [diver("Ann", { position: 4, carried: [[1]] }), diver("Bob"), diver("Cy")],
    legal: [{ type: "keep", dice: [0, 1] }, { type: "keep", dice: [0, 2] }, { type: "keep", dice: [1, 2] }],
  });
}

describe("drawing a Boost game's dice", () => {
  it("shows the three faces, the dice not kept faded", () => {
    const el = document.createElement("div");
    drawDice(el, { name: "Ann", dice: [0, 3, 2], move: 4, kept: [1, 2], boosted: false }, true);
    expect(el.getAttribute("role")).toBe("img");
    expect(el.getAttribute("aria-label")).toBe("Roll: Ann rolled 0, 3 and 2: kept 3 and 2, moves 4");
    const dice = [...el.querySelectorAll("svg.dsw-die")];
    expect(dice.map((d) => d.getAttribute("data-face"))).toEqual(["0", "3", "2"]);
    expect(dice.map((d) => d.classList.contains("dsw-die-dropped"))).toEqual([true, false, false]);
    expect(dice[0].querySelectorAll("circle").length).toBe(0); // a 0: no pips
    expect(el.textContent).toContain("kept 3 + 2 = 5 → 4 spaces");
  });

  it("while choosing: toggle buttons, and Keep only for a legal pair", () => {
    const el = document.createElement("div");
    const clicks: string[] = [];
    const draw = (picked: number[]) =>
      drawDice(el, { name: "Ann", dice: [0, 3, 2], move: null, kept: null, keep: 2 }, true, {
        view: keepView(),
        picked,
        toggle: (d) => clicks.push(`die ${d}`),
        keep: () => clicks.push("keep"),
      });
    draw([]);
    expect(el.getAttribute("role")).toBe("group");
    expect(el.getAttribute("aria-label")).toBe("Roll: Ann rolled 0, 3 and 2: choosing 2 dice to keep: pick them with 1 to 3, then Keep");
    const buttons = () => [...el.querySelectorAll<HTMLButtonElement>("button")];
    expect(buttons().map((b) => b.getAttribute("aria-label") ?? b.textContent)).toEqual(["Die 1: 0", "Die 2: 3", "Die 3: 2", "Keep"]);
    expect(buttons()[3].disabled).toBe(true);
    expect(buttons()[3].title).toContain("Pick 2 more dice");
    buttons()[1].click();
    expect(clicks).toEqual(["die 1"]);
    draw([1, 2]);
    expect(buttons().map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true", "true", null]);
    const keep = buttons()[3];
    expect(keep.disabled).toBe(false);
    expect(keep.textContent).toBe("Keep 3 + 2");
    keep.click();
    expect(clicks).toEqual(["die 1", "keep"]);
  });

  it("says a Boost's cost under the gauge while one may be declared", () => {
    const el = document.createElement("div");
    drawGauge(el, tableView({ boost: { name: "boost", dice: 3, keep: 2, air: 1 }, air: 24, turn_start_air: 24, forecast_air: 22, boost_air: 1 }));
    expect(el.querySelector(".dsw-forecast")!.textContent).toContain("Boost: −1 more air (now: 24 → 23; every later turn starts 1 lower)");
    expect(el.querySelectorAll(".dsw-cell-boost").length).toBe(1);
    drawGauge(el, tableView({ air: 24, turn_start_air: 24, forecast_air: 22 }));
    expect(el.querySelector(".dsw-forecast")!.textContent).not.toContain("Boost");
  });
});
