// Descriptions of DOM (snabbdom virtual nodes, built by pure functions) and
// the patch that makes live nodes match them by changing only what differs.
// A redraw of the whole board then recomputes everything but leaves every
// unchanged node, attribute and text alone, so the browser restyles, lays out
// and repaints only what really changed (rebuilding the nodes made it redo
// the whole widget and relayout the notebook around it).
//
// snabbdom does the diffing (keyed children, attributes, event listeners);
// this file only adapts it: `v`/`s` take attributes the way the views write
// them (null, undefined or false: absent; true: present and empty) and skip
// absent children, and `patchChildren` remembers what it last put in a
// container so the next call can be diffed against it. `vbutton` is dom.ts's
// `button` as a description (for buttons drawn by patchChildren).

import { attributesModule, eventListenersModule, h, init, type VNode } from "snabbdom";
import { attrText, singleClick, type AttrValue } from "./dom";

export type { VNode } from "snabbdom";
export { attrText, type AttrValue } from "./dom";
export type Attrs = Record<string, AttrValue>;
export type VChild = VNode | string | null | undefined | false;

const SVG_NS = "http://www.w3.org/2000/svg";

const patch = init([attributesModule, eventListenersModule]);

function attrsOf(attrs: Attrs | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (attrs) {
    for (const name in attrs) {
      const text = attrText(attrs[name]);
      if (text !== null) out[name] = text;
    }
  }
  return out;
}

function present(children: readonly VChild[]): Array<VNode | string> {
  return children.filter((c): c is VNode | string => c !== null && c !== undefined && c !== false);
}

/** An HTML element. */
export function v(tag: string, attrs?: Attrs | null, ...children: VChild[]): VNode {
  return h(tag, { attrs: attrsOf(attrs) }, present(children));
}

/** An SVG element. */
export function s(tag: string, attrs?: Attrs | null, ...children: VChild[]): VNode {
  return h(tag, { ns: SVG_NS, attrs: attrsOf(attrs) }, present(children));
}

// What each container held after its last patchChildren: the next call is
// diffed against it (snabbdom compares descriptions, not the live DOM).
const held = new WeakMap<Element, VNode>();

/**
 * Make the children of `parent` match `want`, in order: an element of the
 * same tag (and key) is reused and patched, a text node has its text changed;
 * the rest is created, moved or removed. The first call replaces whatever
 * `parent` held. `parent`'s own attributes are left alone.
 */
export function patchChildren(parent: Element, want: readonly VChild[]): void {
  let old = held.get(parent);
  if (!old) {
    parent.replaceChildren();
    old = h("container", {}, []);
    old.elm = parent;
  }
  const next = h("container", {}, present(want));
  next.elm = parent;
  // Moving a node (snabbdom moves keyed nodes with insertBefore) takes the
  // focus off it: give it back, e.g. to a pawn being dragged (Escape cancels
  // the drag only while the focus is inside the widget).
  const focused = document.activeElement as (Element & HTMLOrSVGElement) | null;
  patch(old, next);
  held.set(parent, next);
  if (focused && focused !== document.activeElement && parent.contains(focused)) focused.focus({ preventScroll: true });
}

/**
 * One node per line of a list, keyed by its text and which repeat of that
 * text it is, counted from the oldest line: a line keeps its key as newer
 * lines arrive, so a new line is one inserted node rather than every line's
 * text changed. The oldest line is the last (`oldest: "last"`, a newest-first
 * list such as the log's turns) or the first (`"first"`, a list in time order
 * such as the lines of one turn).
 */
export function keyedByText<T>(
  lines: readonly T[],
  make: (line: T) => VNode,
  oldest: "first" | "last" = "last",
  text: (line: T) => string = String,
): VNode[] {
  const seen = new Map<string, number>();
  const keys = new Array<string>(lines.length);
  for (let k = 0; k < lines.length; k++) {
    const i = oldest === "last" ? lines.length - 1 - k : k;
    const t = text(lines[i]);
    const n = (seen.get(t) ?? 0) + 1;
    seen.set(t, n);
    keys[i] = `${n}|${t}`;
  }
  return lines.map((line, i) => {
    const node = make(line);
    node.key = keys[i];
    return node;
  });
}

/** A real button, described: `key` identifies it across redraws (focus is kept on it). */
export function vbutton(label: string | VChild[], key: string, onClick: () => void, attrs: Attrs = {}): VNode {
  const node = v("button", { type: "button", "data-key": key, ...attrs }, ...(Array.isArray(label) ? label : [label]));
  node.data!.on = { click: singleClick(onClick) };
  return node;
}

/** Attributes of an enabled or disabled control; a disabled one shows why as its tooltip. */
export function enabledAttrs(enabled: boolean, reason: string, tip = ""): Attrs {
  return { disabled: !enabled, title: (enabled ? tip : reason) || null, "data-reason": enabled ? null : reason };
}
