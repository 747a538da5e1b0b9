// A few lines of DOM building: every string goes in as text, never as HTML,
// so a name like `<img src=x onerror=...>` shows literally.

export type Child = Node | string | null | undefined | false;

/** An attribute as the views write it: null, undefined or false mean absent; true, present and empty. */
export type AttrValue = string | number | boolean | null | undefined;

/** The string an attribute holds, or null when it is absent. */
export function attrText(value: AttrValue): string | null {
  if (value === null || value === undefined || value === false) return null;
  return value === true ? "" : String(value);
}

export interface Props {
  class?: string;
  /** Attributes (aria-*, title, type, ...). */
  attrs?: Record<string, AttrValue>;
  /** Called with the new element, e.g. to add listeners. */
  on?: Partial<Record<keyof HTMLElementEventMap, (event: Event) => void>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  for (const [k, v] of Object.entries(props.attrs ?? {})) setAttr(node, k, v);
  for (const [k, fn] of Object.entries(props.on ?? {})) if (fn) node.addEventListener(k, fn);
  append(node, children);
  return node;
}

export function append(node: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

/** Set (or with null/undefined/false remove) an attribute; true sets it empty. */
export function setAttr(node: Element, name: string, value: AttrValue): void {
  const text = attrText(value);
  if (text === null) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== text) {
    node.setAttribute(name, text);
  }
}

/** A real button; `key` identifies it across redraws (focus is kept on it). */
export function button(label: string, key: string, onClick: () => void, attrs: Props["attrs"] = {}): HTMLButtonElement {
  return h("button", { attrs: { type: "button", "data-key": key, ...attrs }, on: { click: singleClick(onClick) } }, label);
}

/**
 * A click handler that ignores the extra clicks of a double-click (`detail` > 1): a
 * double-click on Undo or Next is one press, not two (keyboard presses have detail 0).
 */
export function singleClick(onClick: () => void): (e: Event) => void {
  return (e: Event) => {
    if ((e as MouseEvent).detail > 1) return;
    onClick();
  };
}

/** Enable or disable a control; a disabled one shows why as its tooltip. */
export function setEnabled(node: HTMLButtonElement | HTMLInputElement | HTMLSelectElement, enabled: boolean, reason: string, tip = ""): void {
  if (node.disabled !== !enabled) node.disabled = !enabled;
  setAttr(node, "title", (enabled ? tip : reason) || null);
  setAttr(node, "data-reason", enabled ? null : reason);
}

export function show(node: HTMLElement, visible: boolean): void {
  if (node.hidden === visible) node.hidden = !visible;
}

/** Set an element's text, unless it already says exactly that. */
export function setText(node: Node, text: string): void {
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === Node.TEXT_NODE) {
    if ((only as Text).data !== text) (only as Text).data = text;
  } else if (node.textContent !== text) {
    node.textContent = text;
  }
}
