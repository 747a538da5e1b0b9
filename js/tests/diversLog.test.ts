// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { drawLog, logTurns, LOG_ORDER, shownTurns } from "../src/diversLog";
import { drawDice } from "../src/gaugeDice";
import { tableView } from "./fixtures";

const ANN = ["Ann breathes 1: air 25 → 24", "Ann rolls 3+2 = 5, minus 1 item: moves 4", "Ann moves from space 2 to space 6", "Ann picks up a level-2 chip on space 6"];
const BOB = ["Bob carries nothing: air stays 24", "Bob (cautious bot): kept going", "Bob rolls 1+1 = 2: moves 2", "Bob moves from the submarine to space 2"];

function texts(list: Element): string[][] {
  return [...list.children].map((turn) => {
    const lines = turn.querySelector("ol");
    return lines ? [...lines.children].map((li) => li.textContent ?? "") : [turn.textContent ?? ""];
  });
}

describe("the log", () => {
  it("reads each turn forward (breath, roll, move, pick up) with the newest turn on top", () => {
    const box = document.createElement("section");
    drawLog(box, tableView({ log: [["Cy carries nothing: air stays 24"], ANN, BOB] }), false, () => {});
    const list = box.querySelector("ol.dsw-log")!;
    expect(texts(list)).toEqual([["Cy carries nothing: air stays 24"], ANN, BOB]);
    expect(list.getAttribute("aria-label")).toBe(`Log, ${LOG_ORDER}`);
    expect(LOG_ORDER).toBe("newest turn first, each turn in the order it happened");
    // the newest line is the last of the newest turn, and only it
    expect([...box.querySelectorAll(".dsw-log-newest")].map((n) => n.textContent)).toEqual(["Cy carries nothing: air stays 24"]);
    const ann = list.children[1].querySelector("ol")!;
    expect(ann.children[0].className).toContain("dsw-log-air");
  });

  it("marks the last line of the newest turn as it grows, and keeps the nodes already drawn", () => {
    const box = document.createElement("section");
    drawLog(box, tableView({ log: [ANN.slice(0, 1), BOB] }), false, () => {});
    const bob = box.querySelector("ol.dsw-log")!.children[1];
    drawLog(box, tableView({ log: [ANN.slice(0, 3), BOB] }), false, () => {});
    const list = box.querySelector("ol.dsw-log")!;
    expect(texts(list)).toEqual([ANN.slice(0, 3), BOB]);
    expect(list.children[1]).toBe(bob);
    expect([...box.querySelectorAll(".dsw-log-newest")].map((n) => n.textContent)).toEqual([ANN[2]]);
  });

  it("shows whole turns up to 12 lines (at least the newest) and folds the older turns away", () => {
    const turns = [ANN, BOB, ANN, BOB];
    expect(shownTurns(turns)).toBe(3);
    expect(shownTurns([[...ANN, ...ANN, ...ANN, ...ANN], BOB])).toBe(1);
    expect(shownTurns([])).toBe(0);
    const box = document.createElement("section");
    drawLog(box, tableView({ log: turns }), false, () => {});
    expect(texts(box.querySelector("ol.dsw-log")!)).toEqual([ANN, BOB, ANN]);
    const older = box.querySelector("details.dsw-log-older")!;
    expect(older.querySelector("summary")!.textContent).toBe("Older turns (1)");
    expect(texts(older.querySelector("ol")!)).toEqual([BOB]);
    expect(older.querySelector("ol")!.getAttribute("aria-label")).toBe(`Older turns, ${LOG_ORDER}`);
  });

  it("draws a log of plain lines (a view saved before turns) a line a turn, and the events without a log", () => {
    expect(logTurns(tableView({ log: ["b", "a"] as unknown as string[][] }))).toEqual([["b"], ["a"]]);
    const events = [{ type: "Rolled", text: "Ann rolls 1+1 = 2: moves 2" }, { type: "Moved", text: "Ann moves from the submarine to space 2" }];
    expect(logTurns(tableView({ log: undefined, events }))).toEqual([events.map((e) => e.text)]);
    expect(logTurns(tableView({ log: undefined, events: [] }))).toEqual([]);
  });
});

describe("the dice", () => {
  it("say whose roll they show: 'Ann rolled 3 + 2'", () => {
    const dice = document.createElement("div");
    drawDice(dice, { name: "Ann", dice: [3, 2], move: 4 }, true);
    expect(dice.textContent).toBe("Ann\u00a0rolled 3 + 2= 5 → 4 spaces");
    expect(dice.querySelector(".dsw-dice-who")!.textContent).toBe("Ann\u00a0rolled 3 + 2"); // (a no-break space)
    expect(dice.getAttribute("aria-label")).toBe("Roll: Ann rolled 3 and 2, moves 4");
    expect([...dice.querySelectorAll("[data-face]")].map((d) => d.getAttribute("data-face"))).toEqual(["3", "2"]);
    expect(dice.classList.contains("dsw-dice-old")).toBe(false);
    drawDice(dice, { name: "Bob", dice: [1, 1], move: 0 }, false);
    expect(dice.querySelector(".dsw-dice-who")!.textContent).toBe("Bob\u00a0rolled 1 + 1");
    expect(dice.getAttribute("aria-label")).toBe("Last roll: Bob rolled 1 and 1, moves 0");
    expect(dice.classList.contains("dsw-dice-old")).toBe(true);
    drawDice(dice, null, false);
    expect(dice.textContent).toBe("");
    expect(dice.getAttribute("aria-label")).toBe("No roll yet");
  });
});

describe("the divers' cards", () => {
  it("show each P(home) with its question, and the mover's choices with theirs", async () => {
    const { drawDivers } = await import("../src/diversLog");
    const box = document.createElement("ul");
    const question = "Ann's chance of being back in the submarine when this dive ends, if everyone plays on like the odds bot.";
    const view = tableView({
      current_player: 0,
      badges: [{ p: 0.62, se: 0.01, method: "estimate", low: 0.6, high: 0.64, n: 4000, shown: "≈62%", label: "if all play on like the odds bot", question }, null],
      choices: {
        seat: 0,
        options: [{ option: "turn back now", p_home: 0.9, points: 4.95, method: "exact", shown: "90%", points_shown: "5.0", question: "If Ann turns back now..." }],
      },
      odds_policy: "odds",
    });
    view.divers[0].position = 4;
    drawDivers(box, view);
    const badge = box.querySelector(".dsw-badge") as HTMLElement;
    expect(badge.textContent).toBe("P(home) ≈62% if all play on like the odds bot");
    expect(badge.dataset.question).toBe(question);
    expect(badge.title).toBe(question);
    const choice = box.querySelector(".dsw-choice") as HTMLElement;
    expect(choice.textContent).toBe("turn back now: P(home) 90% · 5.0 pts");
    expect(choice.dataset.question).toBe("If Ann turns back now...");
    // a new position whose choices are still on their way says so, and shows no stale numbers
    drawDivers(box, { ...view, choices: null });
    expect(box.querySelector(".dsw-choice")).toBeNull();
    expect(box.querySelector(".dsw-choices-wait")?.textContent).toBe("Working out your choices…");
  });
});
