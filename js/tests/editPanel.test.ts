// @vitest-environment happy-dom
// The edit slider shows the air the gauge and the status line show: the air on the track now.
import { describe, expect, it } from "vitest";
import { airRange, createEditPanel, type EditHost } from "../src/editPanel";
import { drawGauge } from "../src/gaugeDice";
import { statusLine } from "../src/format";
import type { EditOp } from "../src/model";
import { diver, tableView } from "./fixtures";

function host(sent: EditOp[]): EditHost {
  return {
    seat: () => 0,
    selection: () => null,
    pickDiver: () => {},
    sendEdit: (op) => {
      if (op) sent.push(op);
    },
    busy: () => false,
    toggleEdit: () => {},
    showError: () => {},
  };
}

// Mid-turn: Ann's turn started with air 23 and she breathed her 2 items.
const midTurn = tableView({
  mode: "edit",
  air: 21,
  turn_start_air: 23,
  forecast_air: 18,
  divers: [diver("Ann", { position: 9, returning: true, carried: [[2], [3]] }), diver("Bob", { position: 4, carried: [[1]] }), diver("Cy")],
});

describe("the edit slider's air", () => {
  it("is the air the gauge and the status line show, and sets that air", () => {
    const sent: EditOp[] = [];
    const panel = createEditPanel(host(sent));
    document.body.append(panel.element);
    panel.update(midTurn);
    const slider = panel.element.querySelector<HTMLInputElement>('input[data-key="edit-air"]')!;
    const gauge = document.createElement("div");
    drawGauge(gauge, midTurn);
    expect(gauge.querySelector(".dsw-air-value")?.textContent).toBe("21");
    expect(statusLine(midTurn)).toContain("air 21");
    expect(slider.value).toBe("21");
    expect(panel.element.querySelector(".dsw-edit-air-value")?.textContent).toBe("21");
    expect(slider.getAttribute("aria-label")).toBe("Air now");
    // the gauge's words give both airs of the turn: "Ann breathed 2 (23 → 21)"
    expect(gauge.querySelector(".dsw-forecast")?.textContent).toBe(
      "Ann breathed 2 (23 → 21). Ann's next turn, once Ann has breathed: air 18, −3 if everyone keeps their items",
    );
    // Ann breathed 2 of at most 25: the slider goes from 0 (ran out as she breathed) to 23
    expect([slider.min, slider.max]).toEqual(["0", "23"]);
    slider.value = "20";
    slider.dispatchEvent(new Event("change"));
    expect(sent).toEqual([{ op: "set_air", air: 20 }]);
    panel.element.remove();
  });

  it("starts at 1 when the diver to play breathes nothing", () => {
    expect(airRange(tableView({ air: 25, turn_start_air: 25 }))).toMatchObject({ min: 1, max: 25, value: 25 });
    // the air ran out as Ann breathed (turn started with 1, she carries 2): shown as 0, as the gauge does
    const ranOut = tableView({ air: -1, turn_start_air: 1, divers: [diver("Ann", { position: 3, carried: [[1], [1]] }), diver("Bob"), diver("Cy")] });
    expect(airRange(ranOut)).toMatchObject({ min: 0, max: 23, value: 0 });
  });
});

describe("a stack refused before sending", () => {
  it("stays in sight when the same state comes again with its odds, and goes with a new state", () => {
    const panel = createEditPanel({ ...host([]), selection: () => ({ kind: "space", space: 3 }) });
    document.body.append(panel.element);
    const state = tableView({ mode: "edit", seq: 7 });
    panel.update(state);
    const stack = panel.element.querySelector<HTMLInputElement>('input[data-key="edit-stack"]')!;
    stack.value = "9";
    stack.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    const line = panel.element.querySelector<HTMLElement>('[data-key="edit-refusal"]')!;
    expect(line.textContent).toContain("is not a chip level");
    // the kernel sends the same state again, now with its odds badges: a new object, same seq
    panel.update({ ...state, badges: [] });
    expect(line.textContent).toContain("is not a chip level");
    expect(line.hidden).toBe(false);
    panel.update({ ...state, seq: 8 });
    expect(line.hidden).toBe(true);
    panel.element.remove();
  });
});
