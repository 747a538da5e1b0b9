// Drawing the divers' cards (name, kind, where, what they carry, score and
// odds badge) and the log into their elements. The log is turns, the newest
// first, each turn's lines in the order they happened (breath, roll, move,
// what the diver did), so a turn reads forward while the latest stays on top.

import type { TableView } from "./model";
import { chipIcon, PAWN_COLOURS } from "./board";
import { badgeText, chipCount, itemsText, pawnLabels, plural, showsBadge, whereText } from "./format";
import { keyedByText, patchChildren, v, type VNode } from "./vdom";
import { hiddenBadge, hiddenChoices } from "./guess";

/** Log lines shown at once (whole turns, at least the newest); older turns are folded away. */
export const LOG_SHOWN = 12;

/** The log's turns, newest first, from the view (the last step's events when it has no log). */
export function logTurns(view: TableView): string[][] {
  const log: Array<string[] | string> = view.log ?? [(view.events ?? []).map((e) => String(e.text ?? ""))];
  // (a line alone is a turn of its own: a log of plain lines, as a view saved before turns had it)
  return log.map((turn) => (Array.isArray(turn) ? turn : [turn])).filter((turn) => turn.length > 0);
}

/** How many of the newest `turns` are shown: whole turns up to `max` lines, and at least one. */
export function shownTurns(turns: readonly string[][], max = LOG_SHOWN): number {
  let lines = 0;
  let n = 0;
  for (const turn of turns) {
    lines += turn.length;
    if (n > 0 && lines > max) break;
    n++;
  }
  return n;
}

/** One card per diver into the list `divers`. */
export function drawDivers(divers: HTMLElement, view: TableView): void {
  const labels = pawnLabels(view.divers.map((d) => d.name));
  patchChildren(
    divers,
    view.divers.map((d, seat) => {
      const bot = view.bots?.[seat];
      const badge = showsBadge(view, seat) ? badgeText(view.badges?.[seat]) : null;
      const current = view.current_player === seat && !view.is_over;
      const classes = ["dsw-diver", `dsw-seat-${seat % PAWN_COLOURS}`];
      if (current) classes.push("dsw-current");
      return v(
        "li",
        { class: classes.join(" "), "data-seat": seat },
        v(
          "div",
          { class: "dsw-diver-head" },
          v("span", { class: "dsw-swatch", "aria-hidden": "true" }, labels[seat]),
          v("span", { class: "dsw-diver-name" }, d.name),
          bot ? v("span", { class: "dsw-diver-kind" }, `${bot} bot`) : null,
          current ? v("span", { class: "dsw-to-play" }, "to play") : null,
        ),
        v("div", { class: "dsw-diver-where" }, whereText(d)),
        v(
          "div",
          { class: "dsw-diver-items" },
          v("span", { class: "dsw-k" }, "Carrying "),
          ...(d.carried.length ? d.carried.map((it) => itemChip(it)) : ["nothing"]),
        ),
        v(
          "div",
          { class: "dsw-diver-score" },
          `Banked ${plural(d.banked.length, "item")}${chipCount(d.banked) !== d.banked.length ? ` (${plural(chipCount(d.banked), "chip")})` : ""} · Score ${d.score}`,
        ),
        badge ? badgeNode(view, seat, badge) : hiddenBadge(view, seat),
        current ? (hiddenChoices(view, seat) ?? choicesNode(view, seat)) : null,
      );
    }),
  );
}

type BadgeShown = NonNullable<ReturnType<typeof badgeText>>;

/** A diver's P(home) with what it assumes: the number as Python made it (`shown`), its
 * question in `data-question` and as the tooltip, and a few words on it below. */
function badgeNode(view: TableView, seat: number, badge: BadgeShown): VNode {
  const b = view.badges?.[seat];
  const question = b?.question;
  return v(
    "div",
    {
      class: `dsw-badge dsw-number${badge.estimate ? " dsw-estimate" : ""}`,
      title: question ?? badge.title,
      "data-p": b?.p ?? "",
      "data-question": question ?? "",
      "data-shown": b?.shown ?? "",
    },
    b?.shown !== undefined && b.method !== "back" ? `P(home) ${b.shown}` : badge.text,
    b?.label ? v("span", { class: "dsw-badge-label" }, ` ${b.label}`) : badge.estimate ? v("span", { class: "dsw-est-label" }, " estimate") : null,
  );
}

/** A Boost game's odds, in the choices' title: how everyone plays its dice (each option's question says it in full). */
function boostWords(view: TableView): string {
  return view.boost ? "; Boost game: each diver heading back boosts by its own one-diver rule" : "";
}

/** The mover's options (Python's `decision`): each one's chance of getting home and points,
 * with its question; "working out" while they are on their way. */
function choicesNode(view: TableView, seat: number): VNode | null {
  if (view.is_over) return null;
  const choices = view.choices;
  if (!choices || choices.seat !== seat) {
    return v("p", { class: "dsw-choices-wait" }, "Working out your choices…");
  }
  const policy = view.odds_policy ?? "odds";
  return v(
    "div",
    { class: "dsw-choices" },
    v("p", { class: "dsw-choices-title" }, `Your choices (others move: after it, all play on like the ${policy} bot${boostWords(view)})`),
    v(
      "ul",
      { class: "dsw-choices-list" },
      ...choices.options.map((o) =>
        v(
          "li",
          {
            class: "dsw-choice dsw-number",
            title: o.question,
            "data-question": o.question,
            "data-option": o.option,
            "data-shown": o.shown,
            "data-points": o.points_shown,
          },
          v("span", { class: "dsw-choice-name" }, `${o.option}: `),
          `P(home) ${o.shown} · ${o.points_shown} pts`,
        ),
      ),
    ),
  );
}

/** Read out with the log's lists, so their order is not a guess. */
export const LOG_ORDER = "newest turn first, each turn in the order it happened";

/**
 * The log into `log`: the newest turns, then the older ones folded away
 * (open if `olderOpen`; `onToggle` hears when they are opened or closed).
 */
export function drawLog(log: HTMLElement, view: TableView, olderOpen: boolean, onToggle: (open: boolean) => void): void {
  const turns = logTurns(view);
  const n = shownTurns(turns);
  const shown = turns.slice(0, n);
  const older = turns.slice(n);
  const details = older.length
    ? v(
        "details",
        { class: "dsw-log-older", open: olderOpen },
        v("summary", null, `Older turns (${older.length})`),
        v("ol", { "aria-label": `Older turns, ${LOG_ORDER}` }, ...turnNodes(older, null)),
      )
    : null;
  if (details) details.data!.on = { toggle: (e: Event) => onToggle((e.currentTarget as HTMLDetailsElement).open) };
  patchChildren(log, [
    v("h4", { class: "dsw-log-title" }, "Log"),
    v("ol", { class: "dsw-log", "aria-label": `Log, ${LOG_ORDER}` }, ...turnNodes(shown, shown[0] ?? null)),
    details,
  ]);
}

/** One item per turn (a turn of several lines holds them as a list in time order); the last
 * line of `newest` (the newest turn) is marked as the newest line. */
function turnNodes(turns: readonly string[][], newest: readonly string[] | null): VNode[] {
  const line = (text: string, last: boolean, extra = ""): VNode =>
    v("li", { class: [extra, /breathes|air /.test(text) ? "dsw-log-air" : "", last ? "dsw-log-newest" : ""].filter(Boolean).join(" ") || null }, text);
  return keyedByText(
    turns,
    (turn) => {
      const isNewest = turn === newest;
      if (turn.length === 1) return line(turn[0], isNewest, "dsw-log-turn");
      return v(
        "li",
        { class: "dsw-log-turn" },
        v("ol", { class: "dsw-log-lines" }, ...keyedByText(turn.map((text, i) => ({ text, last: isNewest && i === turn.length - 1 })), (l) => line(l.text, l.last), "first", (l) => l.text)),
      );
    },
    "last",
    (turn) => turn[0],
  );
}

/** A carried item: its picture and its level in short ("L2", "stack 1+3+3"); a screen reader
 * hears the picture's name instead ("level 2 chip", "stack of 3 chips (levels 1, 3, 3)"). */
function itemChip(levels: number[]): VNode {
  return v("span", { class: "dsw-item" }, chipIcon(levels, 16), v("span", { "aria-hidden": "true" }, itemsText([levels])));
}
