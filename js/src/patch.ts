// A description of DOM (plain objects, built by pure functions) and `patch`,
// which makes live nodes match it by changing only what differs. A redraw of
// the whole board then recomputes everything but leaves every unchanged node,
// attribute and text alone, so the browser restyles, lays out and repaints
// only what really changed (rebuilding the nodes made it redo the whole
// widget and relayout the notebook around it).

export type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue>;

export interface VNode {
  tag: string;
  /** An SVG element (else HTML). */
  svg?: boolean;
  /** Matches a node among its siblings across redraws (else: by position). */
  key?: string;
  attrs?: Attrs;
  children?: VChild[];
  /** Event handlers; the latest one given is the one called. */
  on?: Record<string, (event: Event) => void>;
}

export type VChild = VNode | string | null | undefined | false;

const SVG_NS = "http://www.w3.org/2000/svg";

export function v(tag: string, attrs?: Attrs | null, ...children: VChild[]): VNode {
  return { tag, attrs: attrs ?? undefined, children };
}

export function s(tag: string, attrs?: Attrs | null, ...children: VChild[]): VNode {
  return { tag, svg: true, attrs: attrs ?? undefined, children };
}

/** The string an attribute holds, or null when it is absent. */
export function attrText(value: AttrValue): string | null {
  if (value === null || value === undefined || value === false) return null;
  return value === true ? "" : String(value);
}

// What patch() keeps on a node it made: its tag and key (to match it with a
// description), the attributes it set (compared with those instead of asking
// the DOM each time) and its handlers. Nodes made elsewhere are never reused.
interface Managed {
  dswTag?: string;
  dswKey?: string;
  dswAttrs?: Record<string, string>;
  dswOn?: Record<string, ((event: Event) => void) | undefined>;
}

function sameKind(node: Node, want: VNode): node is Element {
  const m = node as Node & Managed;
  return m.dswTag === (want.svg ? `svg:${want.tag}` : want.tag) && m.dswKey === want.key;
}

/** A new element as described (for parts that are built once). */
export function build(want: VNode): Element {
  return create(want);
}

function create(want: VNode): Element {
  const node = (want.svg ? document.createElementNS(SVG_NS, want.tag) : document.createElement(want.tag)) as Element & Managed;
  node.dswTag = want.svg ? `svg:${want.tag}` : want.tag;
  if (want.key !== undefined) node.dswKey = want.key;
  patchElement(node, want);
  return node;
}

/**
 * Make `node` match `want`: its attributes, handlers and children. Only
 * attributes this function set are compared and removed, so call it on
 * nodes whose described attributes nothing else changes.
 */
export function patchElement(node: Element, want: VNode): void {
  const m = node as Element & Managed;
  const old = m.dswAttrs;
  const now: Record<string, string> = {};
  const attrs = want.attrs;
  if (attrs) {
    for (const name in attrs) {
      const text = attrText(attrs[name]);
      if (text === null) continue;
      now[name] = text;
      if (old?.[name] !== text) node.setAttribute(name, text);
    }
  }
  if (old) {
    for (const name in old) if (!(name in now)) node.removeAttribute(name);
  }
  m.dswAttrs = now;
  if (want.on || m.dswOn) {
    const handlers = (m.dswOn ??= {});
    for (const type in handlers) if (!want.on?.[type]) handlers[type] = undefined;
    for (const type in want.on ?? {}) {
      if (!(type in handlers)) node.addEventListener(type, (e) => m.dswOn?.[type]?.(e));
      handlers[type] = want.on![type];
    }
  }
  patchChildren(node, want.children ?? []);
}

/**
 * Make the children of `parent` match `want`, in order: a text node is reused
 * for a string, an element of the same tag (and key) for a VNode; the rest is
 * created, moved or removed.
 */
export function patchChildren(parent: Node, want: readonly VChild[]): void {
  let byKey: Map<string, Element> | null = null;
  for (const c of want) {
    if (c && typeof c === "object" && c.key !== undefined) {
      byKey = new Map();
      for (let n = parent.firstChild; n; n = n.nextSibling) {
        const k = (n as Node & Managed).dswKey;
        if (k !== undefined) byKey.set(k, n as Element);
      }
      break;
    }
  }
  let cursor = parent.firstChild;
  for (const c of want) {
    if (c === null || c === undefined || c === false) continue;
    let node: Node;
    if (typeof c === "string") {
      if (cursor && cursor.nodeType === Node.TEXT_NODE) {
        node = cursor;
        if ((node as Text).data !== c) (node as Text).data = c;
      } else {
        node = document.createTextNode(c);
      }
    } else {
      let reuse: Element | null = null;
      if (c.key !== undefined) {
        const found = byKey?.get(c.key);
        if (found && sameKind(found, c)) {
          reuse = found;
          byKey!.delete(c.key);
        }
      } else if (cursor && sameKind(cursor, c)) {
        reuse = cursor;
      }
      if (reuse) {
        patchElement(reuse, c);
        node = reuse;
      } else {
        node = create(c);
      }
    }
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
  while (cursor) {
    const next: ChildNode | null = cursor.nextSibling;
    parent.removeChild(cursor);
    cursor = next;
  }
}

/**
 * One node per line of a newest-first list (the log), keyed by its text and
 * which repeat of that text it is, counted from the oldest: a line keeps its
 * key as newer lines arrive, so a new line is one inserted node rather than
 * every line's text changed.
 */
export function keyedByText(lines: readonly string[], make: (line: string) => VNode): VNode[] {
  const seen = new Map<string, number>();
  const keys = new Array<string>(lines.length);
  for (let i = lines.length - 1; i >= 0; i--) {
    const n = (seen.get(lines[i]) ?? 0) + 1;
    seen.set(lines[i], n);
    keys[i] = `${n}|${lines[i]}`;
  }
  return lines.map((line, i) => ({ ...make(line), key: keys[i] }));
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
