// The edit mode's panel (what-if positions): a diver's heading and items,
// the air, whose turn it is, and the content of a space picked on the board
// (or adding and removing spaces at the far end). It sends edit ops (see
// edit.ts) and is shown only in edit mode.

import type { EditOp, TableView } from "./model";
import { chipIcon } from "./board";
import { answerKey, nameOf } from "./controls";
import { addSpace, giveItem, parseLevels, removeSpace, setAir, setHeading, setSpace, setTurn, SPACE_CHOICES, takeItem, type Selection } from "./edit";
import { describeChips } from "./format";
import { AIR_MAX } from "./gauge";
import { button, h, setText, show } from "./dom";
import { enabledAttrs, patchChildren, v, vbutton } from "./vdom";

/** What the panel needs of the board view it is part of. */
export interface EditHost {
  /** The diver the panel's buttons act on. */
  seat(): number;
  /** What is picked on the board. */
  selection(): Selection;
  /** The Diver list picked `seat`. */
  pickDiver(seat: number): void;
  /** Send an edit op (`latest`: as soon as the last intent is answered, if one is pending). */
  sendEdit(op: EditOp | null, latest?: boolean): void;
  /** An intent of this view is on its way or waiting to go. */
  busy(): boolean;
  /** Back to play mode. */
  toggleEdit(): void;
  /** Show a problem found before sending (a stack that is not chip levels). */
  showError(text: string): void;
}

/** The panel, as the board view sees it. */
export interface EditPanel {
  readonly element: HTMLElement;
  /** Show the panel in edit mode (hide it otherwise) and fill it from `view`. */
  update(view: TableView): void;
}

export function createEditPanel(host: EditHost): EditPanel {
  const diver = h("select", { attrs: { "aria-label": "Diver", "data-key": "edit-diver" } });
  diver.addEventListener("change", () => host.pickDiver(Number(diver.value)));
  const level = h("select", { attrs: { "aria-label": "Item level", "data-key": "edit-level" } });
  for (let lv = 1; lv <= 4; lv++) level.appendChild(h("option", { attrs: { value: lv } }, `Level ${lv}`));
  // The air on the track now, the number the status line and the gauge show (`airRange`).
  const air = h("input", { attrs: { type: "range", min: 1, max: AIR_MAX, step: 1, "aria-label": "Air now", "data-key": "edit-air" } });
  // The slider announces its own value; this is the same number for the eye.
  const airOut = h("span", { class: "dsw-edit-air-value", attrs: { "aria-hidden": "true" } });
  air.addEventListener("input", () => (airOut.textContent = air.value));
  air.addEventListener("change", () => host.sendEdit(setAir(air.value), true));
  const turn = h("select", { attrs: { "aria-label": "Whose turn", "data-key": "edit-turn" } });
  turn.addEventListener("change", () => host.sendEdit(setTurn(Number(turn.value))));
  const take = h("span", { class: "dsw-take" });
  const space = h("div", { class: "dsw-space-editor" });
  const hint = h("p", { class: "dsw-edit-hint", attrs: { "aria-live": "polite" } });
  // A refused edit's reason, next to the controls that sent it (the banner at the top, which
  // says it to a screen reader, may be scrolled out of sight): for the eye only.
  const refusal = h("p", { class: "dsw-edit-refusal", attrs: { "aria-hidden": "true", "data-key": "edit-refusal" } });
  const showRefusal = (text: string): void => {
    setText(refusal, text);
    show(refusal, text !== "");
  };
  // the state (answerKey) whose error the line shows: a redraw of the same state (a click that
  // picks a pawn, or the same state sent again with its odds a moment later) keeps a problem found
  // here before sending (a stack that is not chip levels), as the banner does
  let refusalOf: string | null = null;
  const panel = h(
    "section",
    { class: "dsw-edit", attrs: { "aria-label": "Edit position" } },
    hint,
    refusal,
    h(
      "div",
      { class: "dsw-edit-row" },
      h("label", {}, "Diver ", diver),
      button("Heading back", "edit-back", () => host.sendEdit(setHeading(host.seat(), true))),
      button("Heading deeper", "edit-deeper", () => host.sendEdit(setHeading(host.seat(), false))),
    ),
    h(
      "div",
      { class: "dsw-edit-row" },
      h("label", {}, "Item ", level),
      button("Give item", "edit-give", () => host.sendEdit(giveItem(host.seat(), [Number(level.value)]))),
      take,
    ),
    h(
      "div",
      { class: "dsw-edit-row" },
      // the slider and its number stay on one line when the row wraps
      h(
        "span",
        { class: "dsw-edit-air" },
        h("label", { class: "dsw-edit-air-label" }, "Air now ", air),
        airOut,
      ),
      h("label", {}, "Whose turn ", turn),
    ),
    space,
    h("div", { class: "dsw-edit-row" }, button("Back to play", "edit-play", () => host.toggleEdit())),
  );

  /** The picked space's content: a chip, a blank, or a typed stack. */
  const spaceEditor = (k: number): void => {
    const setStack = (): void => {
      const input = space.querySelector<HTMLInputElement>('input[data-key="edit-stack"]');
      const parsed = parseLevels(input?.value ?? "");
      if ("error" in parsed) {
        host.showError(parsed.error);
        showRefusal(parsed.error);
        return;
      }
      host.sendEdit(setSpace(k, parsed.levels));
    };
    const stack = v("input", { type: "text", "aria-label": "Stack levels", placeholder: "e.g. 2 3 3", size: 8, "data-key": "edit-stack" });
    stack.data!.on = {
      keydown: (ev) => {
        if ((ev as KeyboardEvent).key === "Enter") setStack();
      },
    };
    patchChildren(space, [
      v("span", { class: "dsw-space-label" }, `Space ${k}:`),
      ...SPACE_CHOICES.map((c) => vbutton(c.label, `edit-space-${c.label}`, () => host.sendEdit(setSpace(k, c.levels)))),
      stack,
      vbutton("Set stack", "edit-set-stack", setStack),
    ]);
  };

  /** With no space picked: add or remove a space at the far end of the trail. */
  const trailEnd = (view: TableView): void => {
    // Python says why it would refuse either edit (it tries them on a copy)
    const cannotAdd = view.edit_refusals?.add_space ?? "";
    const cannotRemove = view.edit_refusals?.remove_space ?? "";
    patchChildren(space, [
      vbutton("Add a space", "edit-add-space", () => host.sendEdit(addSpace()),
        enabledAttrs(!cannotAdd, cannotAdd, "Add a space at the far end: a chip of the lowest level not in play, else a blank")),
      vbutton("Remove the last space", "edit-remove-space", () => host.sendEdit(removeSpace()),
        enabledAttrs(!cannotRemove, cannotRemove, "Remove the space at the far end of the trail")),
    ]);
  };

  return {
    element: panel,
    update(view) {
      const editing = view.mode === "edit";
      show(panel, editing);
      if (!editing) return;
      if (answerKey(view) !== refusalOf) {
        refusalOf = answerKey(view);
        showRefusal(view.error ?? "");
      }
      const seat = host.seat();
      const names = view.divers.map((d) => d.name);
      fillSelect(diver, names, seat);
      fillSelect(turn, names, view.current_player ?? 0);
      // While the slider is being moved (keys pressed faster than the kernel answers), the state
      // shown may be one step behind it: putting the slider back would lose the steps since.
      const range = airRange(view);
      air.min = String(range.min);
      air.max = String(range.max);
      const label = panel.querySelector(".dsw-edit-air-label");
      if (label && label.getAttribute("title") !== range.title) label.setAttribute("title", range.title);
      if (!(host.busy() && document.activeElement === air)) {
        air.value = String(range.value);
        setText(airOut, String(range.value));
      }
      const items = view.divers[seat]?.carried ?? [];
      patchChildren(
        take,
        items.map((levels, i) =>
          vbutton(["Take ", chipIcon(levels, 16, true)], `edit-take-${i}`, () => host.sendEdit(takeItem(host.seat(), i)), {
            "aria-label": `Take item ${i + 1}: ${describeChips(levels)}`,
            class: "dsw-take-item",
          }),
        ),
      );
      const sel = host.selection();
      if (sel?.kind === "diver") {
        setText(hint, `${nameOf(view, sel.seat)} picked: click a space or the sub (or drag the pawn there) to put the diver there; by keyboard, the arrow keys move along the trail and Enter puts it down.`);
      } else {
        setText(hint, "Click a diver, then a space or the sub, to move it, or drag it there. Click a space to change what lies there. On the trail, the arrow keys move from space to space.");
      }
      if (sel?.kind === "space") spaceEditor(sel.space);
      else trailEnd(view);
    },
  };
}

/**
 * The edit slider's air: the air on the track now (the view's `air`, as the status line and the
 * gauge show it), which the `set_air` op sets. The diver to play has breathed one air for each item
 * it carries at its turn's start, from at most 25: so at most 25 less that, and 0 (the air ran out
 * as it breathed) only if it breathed something.
 */
export function airRange(view: TableView): { min: number; max: number; value: number; title: string } {
  const seat = view.current_player;
  const who = seat === null ? "" : nameOf(view, seat);
  const breath = seat === null ? 0 : (view.divers[seat]?.carried.length ?? 0);
  const min = breath > 0 ? 0 : 1;
  const max = Math.max(min, AIR_MAX - breath);
  const value = Math.min(max, Math.max(min, view.air));
  const title =
    breath > 0
      ? `The air on the track now, as the gauge shows it: ${who} breathed ${breath} at the start of the turn (one for each item carried), so at most ${max}; 0: the air ran out as ${who} breathed`
      : `The air on the track now, as the gauge shows it${who ? ` (${who} carries nothing, so breathed nothing)` : ""}`;
  return { min, max, value, title };
}

function fillSelect(select: HTMLSelectElement, names: string[], value: number): void {
  const same = select.options.length === names.length && names.every((n, i) => select.options[i].text === n);
  if (!same) select.replaceChildren(...names.map((n, i) => h("option", { attrs: { value: i } }, n)));
  select.value = String(value);
}
