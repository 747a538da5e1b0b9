// Drawing the divers' cards (name, kind, where, what they carry, score and
// odds badge) and the log, newest line first, into their elements.

import type { TableView } from "./model";
import { chipIcon, PAWN_COLOURS } from "./board";
import { badgeText, chipCount, itemsText, pawnLabels, plural, showsBadge, whereText } from "./format";
import { keyedByText, patchChildren, v, type VNode } from "./vdom";

/** Log lines shown at once; older ones are folded away. */
const LOG_SHOWN = 12;

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
        badge
          ? v(
              "div",
              { class: `dsw-badge${badge.estimate ? " dsw-estimate" : ""}`, title: badge.title, "data-p": view.badges?.[seat]?.p ?? "" },
              badge.text,
              badge.estimate ? v("span", { class: "dsw-est-label" }, " estimate") : null,
            )
          : null,
      );
    }),
  );
}

/**
 * The log into `log`: the newest lines, then the older ones folded away
 * (open if `olderOpen`; `onToggle` hears when they are opened or closed).
 */
export function drawLog(log: HTMLElement, view: TableView, olderOpen: boolean, onToggle: (open: boolean) => void): void {
  const lines = view.log ?? (view.events ?? []).map((e) => e.text).reverse();
  const shown = lines.slice(0, LOG_SHOWN);
  const older = lines.slice(LOG_SHOWN);
  const details = older.length
    ? v(
        "details",
        { class: "dsw-log-older", open: olderOpen },
        v("summary", null, `Older lines (${older.length})`),
        v("ol", null, ...keyedByText(older, (l) => v("li", null, l))),
      )
    : null;
  if (details) details.data!.on = { toggle: (e: Event) => onToggle((e.currentTarget as HTMLDetailsElement).open) };
  patchChildren(log, [
    v("h4", { class: "dsw-log-title" }, "Log"),
    v("ol", { class: "dsw-log", "aria-label": "Log, newest first" }, ...keyedByText(shown, (l) => v("li", { class: /breathes|air /.test(l) ? "dsw-log-air" : null }, l))),
    details,
  ]);
}

/** A carried item: its picture and its level in short ("L2", "stack 1+3+3"); a screen reader
 * hears the picture's name instead ("level 2 chip", "stack of 3 chips (levels 1, 3, 3)"). */
function itemChip(levels: number[]): VNode {
  return v("span", { class: "dsw-item" }, chipIcon(levels, 16), v("span", { "aria-hidden": "true" }, itemsText([levels])));
}
