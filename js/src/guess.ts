// Guess first: at a guess-first table (Python's table/guesses.py) a person types a guess of
// their diver's chance of getting home before the board shows the number. Python leaves the
// hidden numbers out of the synced view altogether (the page cannot show what it never got)
// and writes every word here; this module only draws the guess box, checks what was typed
// and sends the guess. The pure parts (parsePercent, guessIntent, hidesSeat) are unit-tested.

import type { GuessView, Intent, TableView } from "./model";
import { h, setAttr, setText, show } from "./dom";
import { v, type VNode } from "./vdom";
import { seqOf } from "./controls";

/** The key that takes the keyboard to the guess box (no modifier keys). */
export const GUESS_KEY = "g";

export function guessOf(view: TableView | null | undefined): GuessView | null {
  return view?.guess ?? null;
}

/**
 * A typed guess as a percentage from 0 to 100 ("40", "40%", "12.5 %", "12,5"), or why it is
 * not one, in words for the banner.
 */
export function parsePercent(text: string): { percent: number } | { error: string } {
  const typed = text.trim();
  const bare = typed.replace(/\s*%$/, "").replace(/^(\d*),(\d+)$/, "$1.$2");
  if (bare === "") return { error: "Guess: type a chance from 0 to 100 (a percentage), then press Enter" };
  if (/^-\s*[\d.]/.test(bare)) return { error: `Guess: ${bare}% is below 0%: type a chance from 0 to 100` };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(bare)) return { error: `Guess: "${typed}" is not a number: type a chance from 0 to 100` };
  const percent = Number(bare);
  if (!(percent <= 100)) return { error: `Guess: ${bare}% is more than 100%: type a chance from 0 to 100` };
  return { percent };
}

/** The guess intent for `percent`, or null when no guess is asked in `view`. */
export function guessIntent(view: TableView, percent: number): Intent | null {
  const guess = guessOf(view);
  if (!guess || guess.asking === null) return null;
  return { type: "guess", seq: seqOf(view), percent };
}

/** Whether the view leaves out `seat`'s P(home) until its person guesses. */
export function hidesSeat(view: TableView, seat: number): boolean {
  return !!guessOf(view)?.hidden.includes(seat);
}

/** A card's line in place of a hidden P(home) badge (null: the seat's number is not hidden). */
export function hiddenBadge(view: TableView, seat: number): VNode | null {
  const guess = guessOf(view);
  if (!guess || !hidesSeat(view, seat)) return null;
  const text = guess.asking === seat ? "P(home): hidden until you guess" : "P(home): hidden until this diver's guess";
  return v("div", { class: "dsw-badge dsw-hidden-number", title: guess.note, "data-hidden": "true" }, text);
}

/** The mover's card in place of its choices while their numbers are hidden (null: they are not). */
export function hiddenChoices(view: TableView, seat: number): VNode | null {
  const guess = guessOf(view);
  if (!guess?.mover_hidden || seat !== view.current_player) return null;
  const text = guess.asking === seat ? "Your choices: their numbers show once you guess" : "Choices: hidden (guess first)";
  return v("p", { class: "dsw-choices-wait dsw-hidden-number", title: guess.note }, text);
}

/** What the guess box needs of the board view it is part of. */
export interface GuessHost {
  /** Send the guess (false: not sent, e.g. an intent is still on its way). */
  send(intent: Intent | null): boolean;
  /** Show a problem found before sending in the board's banner. */
  showError(text: string): void;
}

export interface GuessBox {
  readonly element: HTMLElement;
  update(view: TableView): void;
  /** The guess key: the keyboard goes to the guess field if a guess is asked (whether it did). */
  focusInput(): boolean;
}

/** The guess box: the field and its button while a guess is asked, then the guess beside the number. */
export function createGuessBox(host: GuessHost, id: string): GuessBox {
  let view: TableView | null = null;
  const input = h("input", {
    class: "dsw-guess-input",
    attrs: { id: `${id}-guess`, type: "text", inputmode: "decimal", autocomplete: "off", size: 6, "data-key": "guess", "aria-describedby": `${id}-guess-about`, "aria-keyshortcuts": "G" },
  });
  const label = h("label", { class: "dsw-guess-label", attrs: { for: `${id}-guess` } });
  const about = h("p", { class: "dsw-guess-about", attrs: { id: `${id}-guess-about` } });
  const submit = h("button", { attrs: { type: "submit", "data-key": "guess-submit" } }, "Guess");
  const form = h("form", { class: "dsw-guess-ask" }, label, " ", input, " ", submit, about);
  const toldText = h("p", { class: "dsw-guess-told" });
  const question = h("p", { class: "dsw-guess-question" });
  const note = h("p", { class: "dsw-guess-note" });
  const score = h("p", { class: "dsw-guess-score" });
  const element = h("section", { class: "dsw-guess", attrs: { "aria-label": "Guess first" } }, form, toldText, question, note, score);
  let asked = false;

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!view) return;
    const typed = parsePercent(input.value);
    if ("error" in typed) {
      setAttr(input, "aria-invalid", "true");
      host.showError(typed.error);
      input.focus();
      return;
    }
    setAttr(input, "aria-invalid", null);
    host.send(guessIntent(view, typed.percent));
  });

  return {
    element,
    update(next) {
      view = next;
      const guess = guessOf(next);
      show(element, !!guess && !!(guess.asking !== null || guess.told || guess.note || guess.score));
      if (!guess) return;
      const asking = guess.asking !== null;
      if (asking && !asked) {
        input.value = ""; // a new moment: last turn's guess is not offered again
        setAttr(input, "aria-invalid", null);
      }
      asked = asking;
      show(form, asking);
      setText(label, guess.prompt);
      setText(about, guess.about);
      show(toldText, !!guess.told);
      show(question, !!guess.told);
      setText(toldText, guess.told?.text ?? "");
      setText(question, guess.told ? `The number answers: ${guess.told.question}` : "");
      const explain = asking ? "" : guess.note;
      show(note, !!explain);
      setText(note, explain);
      show(score, !!guess.score);
      setText(score, guess.score ? `Your guesses so far: ${guess.score}` : "");
    },
    focusInput() {
      if (!asked) return false;
      input.focus();
      return true;
    },
  };
}
