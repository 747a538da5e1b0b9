import { describe, expect, it } from "vitest";
import { AIR_MAX, airFraction, airLevel, breathText, clampAir, forecastText, gaugeCells } from "../src/gauge";

describe("air gauge", () => {
  it("clamps the air to the track", () => {
    expect(clampAir(-3)).toBe(0);
    expect(clampAir(30)).toBe(AIR_MAX);
    expect(clampAir(12.4)).toBe(12);
    expect(clampAir(Number.NaN)).toBe(0);
    expect(airFraction(25)).toBe(1);
    expect(airFraction(0)).toBe(0);
    expect(airFraction(10)).toBeCloseTo(0.4);
  });

  it("warns near the end", () => {
    expect(airLevel(25)).toBe("ok");
    expect(airLevel(9)).toBe("ok");
    expect(airLevel(8)).toBe("low");
    expect(airLevel(3)).toBe("critical");
    expect(airLevel(1)).toBe("critical");
    expect(airLevel(0)).toBe("out");
    expect(airLevel(-2)).toBe("out");
  });

  it("has one cell per value, 25 down to 0", () => {
    const cells = gaugeCells(17, null);
    expect(cells).toHaveLength(26);
    expect(cells[0].value).toBe(25);
    expect(cells[25].value).toBe(0);
    expect(cells.filter((c) => c.current).map((c) => c.value)).toEqual([17]);
    expect(cells.filter((c) => c.state === "used").map((c) => c.value)).toEqual([25, 24, 23, 22, 21, 20, 19, 18]);
    expect(cells.some((c) => c.forecast || c.state === "risk")).toBe(false);
  });

  it("marks the air at risk before the forecast turn", () => {
    const cells = gaugeCells(17, 12);
    expect(cells.filter((c) => c.state === "risk").map((c) => c.value)).toEqual([17, 16, 15, 14, 13]);
    expect(cells.filter((c) => c.forecast).map((c) => c.value)).toEqual([12]);
    // A forecast below zero puts the marker on 0.
    expect(gaugeCells(3, -4).filter((c) => c.forecast).map((c) => c.value)).toEqual([0]);
    // No marker when nothing is carried (the forecast is the air now).
    expect(gaugeCells(9, 9).some((c) => c.forecast)).toBe(false);
  });

  it("numbers every fifth cell, the air now and the forecast", () => {
    const labelled = (cells: ReturnType<typeof gaugeCells>) => cells.filter((c) => c.label).map((c) => c.label);
    expect(labelled(gaugeCells(17, 12))).toEqual(["25", "20", "17", "15", "12", "10", "5", "0"]);
    expect(labelled(gaugeCells(25, null))).toEqual(["25", "20", "15", "10", "5", "0"]);
  });

  it("lets a number give way to a more important one near it (for narrow gauges)", () => {
    const crowded = (cells: ReturnType<typeof gaugeCells>) => cells.filter((c) => c.crowded).map((c) => c.value);
    // The air now beats every fifth value within two cells ...
    expect(crowded(gaugeCells(24, null))).toEqual([25]);
    expect(crowded(gaugeCells(17, null))).toEqual([15]);
    expect(crowded(gaugeCells(18, null))).toEqual([20]);
    expect(crowded(gaugeCells(13, null))).toEqual([15]);
    expect(crowded(gaugeCells(12, null))).toEqual([10]);
    // ... and the forecast; the forecast gives way to the air now.
    expect(crowded(gaugeCells(17, 11))).toEqual([15, 10]);
    expect(crowded(gaugeCells(12, 11))).toEqual([11, 10]);
    // A forecast that gives way itself pushes nothing aside (10 is four cells from 14).
    expect(crowded(gaugeCells(14, 12))).toEqual([15, 12]);
    // Never the air now itself, nor a number far enough away.
    expect(crowded(gaugeCells(20, 17))).toEqual([15]);
    expect(crowded(gaugeCells(25, 25))).toEqual([]);
    expect(gaugeCells(3, 1).find((c) => c.current)?.crowded).toBe(false);
  });

  it("says the forecast in words", () => {
    // the air during that turn, once its diver has breathed: said, as the odds panels' air at a turn's start is
    expect(forecastText(17, 12, "Ann")).toBe("Ann's next turn, once Ann has breathed: air 12, −5 if everyone keeps their items");
    expect(forecastText(17, 17, "Ann")).toBe("Ann's next turn: air still 17 (nobody carries anything)");
    expect(forecastText(4, -1, "Bob")).toBe("Bob's next turn: air runs out first (if everyone keeps their items)");
    expect(forecastText(17, null, "Ann")).toBe("");
    // once the air has run out there is no next turn this dive (it said "Ann's next turn: air runs out first")
    expect(forecastText(0, -3, "Ann")).toBe("The air has run out: the dive ends with this turn");
    expect(forecastText(-2, -4, "Ann")).toBe("The air has run out: the dive ends with this turn");
    expect(forecastText(17, 10, "")).toBe("Next turn, once the diver has breathed: air 10, −7 if everyone keeps their items");
  });

  it("says what the diver to play breathed at its turn's start, if anything", () => {
    expect(breathText(10, 9, "A")).toBe("A breathed 1 (10 → 9)");
    expect(breathText(3, -2, "Bob")).toBe("Bob breathed the last of the air (3 → 0)");
    expect(breathText(3, 0, "Bob")).toBe("Bob breathed the last of the air (3 → 0)");
    expect(breathText(12, 12, "Ann")).toBe("");
    expect(breathText(undefined, 12, "Ann")).toBe("");
    expect(breathText(12, 10, "")).toBe("");
  });
});
