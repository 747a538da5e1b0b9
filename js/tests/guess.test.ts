// @vitest-environment happy-dom
// Guess first: what a person types is read as a percentage or refused with a reason, the guess
// is sent only while one is asked, and a hidden number's place says so (it never shows one).
import { describe, expect, it } from "vitest";
import { createGuessBox, guessIntent, hiddenBadge, hiddenChoices, hidesSeat, parsePercent } from "../src/guess";
import { drawDivers } from "../src/diversLog";
import { focusNext } from "../src/focus";
import type { GuessView, Intent, TableView } from "../src/model";
import { diver, tableView } from "./fixtures";

const ASKED = "Guess first: type your guess of Ann's chance of getting home (the box on the board, or app.guess(p))";

function guess(extra: Partial<GuessView> = {}): GuessView {
  return {
    asking: 0,
    name: "Ann",
    prompt: "Your guess: chance Ann gets home, %",
    about: "Ann's chance of being back in the submarine when this dive ends.",
    reason: ASKED,
    told: null,
    hidden: [0],
    mover_hidden: true,
    note: ASKED,
    made: 0,
    score: "",
    ...extra,
  };
}

const TOLD = {
  seat: 0, name: "Ann", guess: 0.4, guess_text: "40%", shown: "≈62%", p: 0.62, method: "estimate" as const,
  question: "Ann's chance of being back in the submarine when this dive ends, if everyone plays on like the odds bot.",
  text: "Ann: you guessed 40%, the odds say ≈62%",
};

/** Ann in the water, to move; a guess asked of her (Python left her badge and choices out). */
function asked(extra: Partial<TableView> = {}): TableView {
  return tableView({
    divers: [diver("Ann", { position: 3, carried: [[1]] }), diver("Bob", { position: 2 }), diver("Cy", { position: 1 })],
    badges: [null, null, { p: 0.5, se: 0.01, method: "estimate", shown: "≈50%", label: "", question: "Cy's chance" }],
    choices: null,
    legal: [],
    reasons: { roll: ASKED, turn_back: ASKED },
    guess: guess({ hidden: [0, 1] }),
    ...extra,
  });
}

describe("a typed guess", () => {
  it("reads whole and decimal percentages, with or without %, and a decimal comma", () => {
    expect(parsePercent("40")).toEqual({ percent: 40 });
    expect(parsePercent(" 40 % ")).toEqual({ percent: 40 });
    expect(parsePercent("12.5%")).toEqual({ percent: 12.5 });
    expect(parsePercent("12,5")).toEqual({ percent: 12.5 });
    expect(parsePercent("0")).toEqual({ percent: 0 });
    expect(parsePercent("100")).toEqual({ percent: 100 });
    expect(parsePercent(".5")).toEqual({ percent: 0.5 });
  });

  it("refuses what is not a chance from 0 to 100, saying why", () => {
    expect(parsePercent("")).toEqual({ error: expect.stringContaining("type a chance from 0 to 100") });
    expect(parsePercent("abc")).toEqual({ error: 'Guess: "abc" is not a number: type a chance from 0 to 100' });
    expect(parsePercent("140")).toEqual({ error: "Guess: 140% is more than 100%: type a chance from 0 to 100" });
    expect(parsePercent("-5")).toEqual({ error: "Guess: -5% is below 0%: type a chance from 0 to 100" });
    expect(parsePercent("1e2")).toHaveProperty("error");
    expect(parsePercent("40%%")).toHaveProperty("error");
    expect(parsePercent("0x10")).toHaveProperty("error");
  });
});

describe("the guess intent", () => {
  it("carries the board's state number and the percentage while a guess is asked", () => {
    expect(guessIntent(asked(), 40)).toEqual({ type: "guess", seq: 7, percent: 40 });
  });

  it("is not sent when no guess is asked, or the table does not play guess first", () => {
    expect(guessIntent(asked({ guess: guess({ asking: null, told: TOLD }) }), 40)).toBeNull();
    expect(guessIntent(asked({ guess: null }), 40)).toBeNull();
    expect(guessIntent(tableView(), 40)).toBeNull();
  });
});

describe("a hidden number's place", () => {
  it("says the number waits for the guess, and shows none", () => {
    const view = asked();
    expect(hidesSeat(view, 0) && hidesSeat(view, 1) && !hidesSeat(view, 2)).toBe(true);
    expect(hiddenBadge(view, 0)?.text ?? JSON.stringify(hiddenBadge(view, 0)?.children)).toContain("hidden until you guess");
    expect(hiddenBadge(view, 2)).toBeNull();
    expect(hiddenChoices(view, 0)).not.toBeNull();
    expect(hiddenChoices(view, 1)).toBeNull(); // (only the mover has choices)
    expect(hiddenBadge(tableView(), 0)).toBeNull();
  });

  it("on the cards: no P(home) number for Ann or Bob, Cy's as Python sent it", () => {
    const list = document.createElement("ul");
    drawDivers(list, asked());
    const cards = [...list.children].map((li) => li.textContent ?? "");
    expect(cards[0]).toContain("P(home): hidden until you guess");
    expect(cards[0]).toContain("Your choices: their numbers show once you guess");
    expect(cards[0]).not.toMatch(/\d+%/);
    expect(cards[1]).toContain("P(home): hidden until this diver's guess");
    expect(cards[2]).toContain("P(home) ≈50%");
  });

  it("once guessed, the card shows the badge again (the view has it back)", () => {
    const list = document.createElement("ul");
    const badge = { p: 0.62, se: 0.01, method: "estimate" as const, shown: "≈62%", label: "", question: TOLD.question };
    drawDivers(list, asked({ badges: [badge, null, null], guess: guess({ asking: null, told: TOLD, hidden: [1], mover_hidden: false }) }));
    expect(list.children[0].textContent).toContain("P(home) ≈62%");
    expect(list.children[0].textContent).not.toContain("hidden");
  });
});

describe("the guess box", () => {
  function box(view: TableView) {
    const sent: Intent[] = [];
    const errors: string[] = [];
    const b = createGuessBox({ send: (i) => (i ? sent.push(i) > 0 : false), showError: (t) => errors.push(t) }, "t");
    document.body.replaceChildren(b.element);
    b.update(view);
    return { b, sent, errors };
  }

  it("asks with a labelled field and a button; Enter sends the guess", () => {
    const { b, sent } = box(asked());
    const input = b.element.querySelector("input")!;
    expect(b.element.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Your guess: chance Ann gets home, %");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toContain("when this dive ends");
    expect(b.element.querySelector("button")?.textContent).toBe("Guess");
    input.value = "40";
    b.element.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual([{ type: "guess", seq: 7, percent: 40 }]);
  });

  it("refuses a bad guess before sending, in the banner, and marks the field", () => {
    const { b, sent, errors } = box(asked());
    const input = b.element.querySelector("input")!;
    input.value = "140";
    b.element.querySelector("form")!.dispatchEvent(new Event("submit", { cancelable: true }));
    expect(sent).toEqual([]);
    expect(errors).toEqual(["Guess: 140% is more than 100%: type a chance from 0 to 100"]);
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });

  it("then shows the guess beside the number, with the question it answers, and no field", () => {
    const { b } = box(asked({ guess: guess({ asking: null, told: TOLD, hidden: [1], mover_hidden: false, note: "n" }) }));
    expect(b.element.querySelector("form")!.hidden).toBe(true);
    const text = b.element.textContent ?? "";
    expect(text).toContain("Ann: you guessed 40%, the odds say ≈62%");
    expect(text).toContain(`The number answers: ${TOLD.question}`);
    expect(b.focusInput()).toBe(false);
  });

  it("is not shown at a table that does not play guess first", () => {
    const { b } = box(tableView());
    expect(b.element.hidden).toBe(true);
  });

  it("takes the keyboard when Roll is off for the guess (the next thing to do)", () => {
    const root = document.createElement("div");
    const { b } = box(asked());
    const roll = document.createElement("button");
    roll.setAttribute("data-key", "roll");
    roll.disabled = true;
    root.append(b.element, roll);
    document.body.replaceChildren(root);
    focusNext(root);
    expect(document.activeElement).toBe(b.element.querySelector("input"));
    expect(b.focusInput()).toBe(true);
  });

  it("offers an empty field at the next moment a guess is asked", () => {
    const { b } = box(asked());
    const input = b.element.querySelector("input")!;
    input.value = "40";
    b.update(asked({ guess: guess({ asking: null, told: TOLD }) }));
    b.update(asked());
    expect(input.value).toBe("");
  });
});
