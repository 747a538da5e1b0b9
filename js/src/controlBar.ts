// The row of controls under the board: the play buttons (Roll, Turn back,
// Pick up, the Drop buttons, Stay), the bots' (Next, Auto-play, Speed) and
// the game's (Undo, New game, Edit position, Export, Load); whether each is
// usable now (see controls.ts) and the keyboard shortcuts that press them.

import type { Action, TableView } from "./model";
import { chipIcon } from "./board";
import { controlStates, DROP_KEY, dropKeyAction, isBoostGame, SHORTCUTS, type ControlState } from "./controls";
import { isSpeed, SPEEDS } from "./anim";
import { button, h, setAttr, setEnabled } from "./dom";
import { enabledAttrs, patchChildren, vbutton } from "./vdom";
import type { SharedSettings } from "./shared";

/** What the controls need of the board view they are part of. */
export interface ControlHost {
  /** Roll, Turn back, Pick up, Drop or Stay, for the diver to play. */
  sendAction(action: Action): void;
  /** Undo, New game. */
  sendSimple(type: "undo" | "new_game"): void;
  /** Next: ask for one bot turn. */
  botStep(): void;
  /** Edit position: into edit mode and back. */
  toggleEdit(): void;
  /** Tell a screen reader why a shortcut did nothing. */
  say(text: string): void;
}

/** The controls, as the board view sees them. */
export interface ControlBar {
  readonly element: HTMLElement;
  /** Auto-play or the speed changed (in this view or another view of the board). */
  showShared(): void;
  /** Enable each control that can act on `view` (a disabled one says why) and draw the Drop buttons. */
  update(view: TableView): void;
  /** A key pressed with no Ctrl, Alt or Meta, outside text fields: a shortcut presses its control. */
  onShortcutKey(e: KeyboardEvent): void;
}

/** `shared` holds Auto-play and the speed; `saves` are the save panel's buttons (in the game's group). */
export function createControlBar(
  host: ControlHost,
  shared: SharedSettings,
  saves: { exportButton: HTMLButtonElement; loadButton: HTMLButtonElement; resultsButton: HTMLButtonElement },
): ControlBar {
  const drops = h("span", { class: "dsw-drops" });
  const speedSelect = h("select", { class: "dsw-speed", attrs: { "aria-label": "Speed", "data-key": "speed" } });
  for (const [value, s] of Object.entries(SPEEDS)) {
    speedSelect.appendChild(h("option", { attrs: { value } }, s.label));
  }
  speedSelect.value = shared.speed;
  speedSelect.addEventListener("change", () => {
    if (isSpeed(speedSelect.value)) shared.set({ speed: speedSelect.value });
  });

  const b: Record<string, HTMLButtonElement> = {};
  const act = (type: "roll" | "turn_back" | "pick_up" | "stay") => () => host.sendAction({ type });
  b.roll = button("Roll", "roll", act("roll"), { "aria-keyshortcuts": "R" });
  // A Boost game's Boost, before rolling (hidden in the original game): pressed once declared
  b.boost = button("Boost", "boost", () => host.sendAction({ type: "boost" }), { "aria-keyshortcuts": "B", "aria-pressed": "false", hidden: true });
  b.turn_back = button("Turn back", "turn_back", act("turn_back"), { "aria-keyshortcuts": "T" });
  b.pick_up = button("Pick up", "pick_up", act("pick_up"), { "aria-keyshortcuts": "P" });
  b.stay = button("Stay", "stay", act("stay"), { "aria-keyshortcuts": "S" });
  b.undo = button("Undo", "undo", () => host.sendSimple("undo"), { "aria-keyshortcuts": "U" });
  b.new_game = button("New game", "new_game", () => host.sendSimple("new_game"));
  b.next = button("Next", "next", () => host.botStep(), { "aria-keyshortcuts": "N" });
  b.autoplay = button("Auto-play", "autoplay", () => shared.set({ autoplay: !shared.autoplay }), { "aria-pressed": "false", "aria-keyshortcuts": "A" });
  b.edit = button("Edit position", "edit", () => host.toggleEdit(), { "aria-pressed": "false" });

  const element = h(
    "div",
    { class: "dsw-controls" },
    h("div", { class: "dsw-group dsw-play", attrs: { role: "group", "aria-label": "Your move" } }, b.boost, b.roll, b.turn_back, b.pick_up, drops, b.stay),
    h("div", { class: "dsw-group dsw-bots", attrs: { role: "group", "aria-label": "Bots" } }, b.next, b.autoplay, h("label", { class: "dsw-speed-label" }, "Speed ", speedSelect)),
    h("div", { class: "dsw-group dsw-table", attrs: { role: "group", "aria-label": "Game" } }, b.undo, b.new_game, b.edit, saves.exportButton, saves.loadButton, saves.resultsButton),
  );

  /** The Drop shortcut: one item to drop is dropped; with several, the keyboard goes to the first Drop button. */
  const dropByKey = (): void => {
    const buttons = [...drops.querySelectorAll<HTMLButtonElement>("button")];
    const todo = dropKeyAction(buttons.map((b) => ({ disabled: b.disabled, reason: b.getAttribute("data-reason") ?? "" })));
    if ("press" in todo) buttons[todo.press].click();
    if ("focus" in todo) buttons[todo.focus].focus();
    if ("say" in todo) host.say(todo.say);
  };

  return {
    element,
    showShared() {
      speedSelect.value = shared.speed;
      setAttr(b.autoplay, "aria-pressed", String(shared.autoplay));
    },
    update(view) {
      const states = controlStates(view);
      const apply = (node: HTMLButtonElement, st: ControlState, tip: string) => setEnabled(node, !st.disabled, st.reason, tip);
      apply(b.roll, states.roll, isBoostGame(view) ? "Roll the dice (R): then keep two, or all three after a Boost" : "Roll the dice and move (R)");
      const boostGame = isBoostGame(view);
      if (b.boost.hidden === boostGame) b.boost.hidden = !boostGame;
      if (boostGame) {
        const air = view.boost?.air ?? 1;
        apply(b.boost, states.boost, `Before rolling: all ${view.boost?.dice ?? 3} dice will count, for ${air} more air now (B)`);
        setAttr(b.boost, "aria-pressed", String(!!view.boosted && view.phase !== "over"));
      }
      apply(b.turn_back, states.turn_back, "Head back toward the sub, once per dive (T)");
      apply(b.pick_up, states.pick_up, "Pick up what lies on this space (P)");
      apply(b.stay, states.stay, "Do nothing on this space (S)");
      apply(b.undo, states.undo, "Take back the last move or edit (U)");
      apply(b.next, states.next, "Let the bot play its turn (N)");
      // once on, Auto-play can be switched off whenever the bots could play (at game over it goes off by itself)
      apply(b.autoplay, shared.autoplay ? { disabled: false, reason: "" } : states.autoplay,
        "Let the bots play on their own, at the chosen speed (A)");
      setEnabled(b.new_game, true, "", "Start a new game with the same players");
      setEnabled(b.edit, !view.is_over, "The game is over: start a new game to set up a position", "Set up a what-if position");
      setAttr(b.edit, "aria-pressed", String(view.mode === "edit"));
      setAttr(b.autoplay, "aria-pressed", String(shared.autoplay));

      const carried = view.current_player === null ? [] : view.divers[view.current_player]?.carried ?? [];
      patchChildren(
        drops,
        states.drops.map((d) => {
          const levels = d.index >= 0 ? carried[d.index] ?? [1] : null;
          // with several items, each button shows its item's number, as its name says (two of one
          // level looked the same)
          const number = levels && states.drops.length > 1 ? `${d.index + 1}: ` : "";
          return vbutton(levels ? [`Drop ${number}`, chipIcon(levels, 16, true)] : "Drop", `drop-${d.index}`, () => host.sendAction({ type: "drop", index: d.index }), {
            class: "dsw-drop",
            "aria-label": levels ? d.label : null,
            "aria-keyshortcuts": "D",
            ...enabledAttrs(!d.disabled, d.reason, `${d.label} (D)`),
          });
        }),
      );
    },
    onShortcutKey(e) {
      if (e.key.toLowerCase() === DROP_KEY) {
        e.preventDefault();
        dropByKey();
        return;
      }
      const control = SHORTCUTS[e.key.toLowerCase()];
      const target = control ? b[control] : undefined;
      if (target && !target.hidden) {
        e.preventDefault();
        if (!target.disabled) target.click();
        // a keyboard player cannot hover for the tooltip: say why nothing happened
        else host.say(`${target.textContent ?? control}: ${target.getAttribute("data-reason") ?? "not available now"}`);
      }
    },
  };
}
