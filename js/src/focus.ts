// Keeping the keyboard in the widget across redraws. A control is found by
// its data-key (a redrawn control keeps its key); when the focused one is
// gone, hidden or now disabled, the focus goes to the next thing to do.

/** The data-key of the control focused inside `root` (null: the focus is elsewhere). */
export function focusedKey(root: HTMLElement): string | null {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  return active.getAttribute("data-key");
}

/** After a redraw: put the focus back on the control with `key` (the one focused before). */
export function restoreFocus(root: HTMLElement, key: string | null): void {
  if (!key) return;
  const active = document.activeElement;
  if (active && root.contains(active) && active.getAttribute("data-key") === key && canFocus(active)) return;
  if (focusControl(root, key)) return;
  // The focused control is gone, hidden or now disabled (Roll after rolling, Back
  // to play): keep the keyboard in the game on the next thing to do.
  focusNext(root);
}

/** Focus the control with `key` if it is shown and enabled; whether it was. */
export function focusControl(root: HTMLElement, key: string): boolean {
  const node = root.querySelector<HTMLElement | SVGElement>(`[data-key="${CSS.escape(key)}"]`);
  if (!node || !canFocus(node)) return false;
  node.focus();
  return true;
}

/** Focus the first enabled control of the next thing to do (the keyboard stays in the widget). */
export function focusNext(root: HTMLElement): void {
  // ("guess": guess first's field, there only while a guess is asked before the roll)
  // ("die-0": a Boost game's first die, while the dice to keep are chosen)
  const order = ["guess", "roll", "die-0", "pick_up", "stay", "drop-0", "turn_back", "next", "undo", "edit", "new_game"];
  for (const k of order) if (focusControl(root, k)) return;
}

function canFocus(node: Element): boolean {
  return !(node as HTMLButtonElement).disabled && !node.closest("[hidden]");
}
