// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { button } from "../src/dom";

describe("buttons", () => {
  it("take a double-click as one press (a double-click on Undo undoes once)", () => {
    let presses = 0;
    const b = button("Undo", "undo", () => presses++);
    b.dispatchEvent(new MouseEvent("click", { detail: 1, bubbles: true }));
    b.dispatchEvent(new MouseEvent("click", { detail: 2, bubbles: true }));
    expect(presses).toBe(1);
    b.dispatchEvent(new MouseEvent("click", { detail: 1, bubbles: true })); // a new press
    b.click(); // by keyboard or script: detail 0
    expect(presses).toBe(3);
  });
});
