// @vitest-environment happy-dom
// Patching live DOM to match descriptions (snabbdom): what survives a redraw.
import { describe, expect, it } from "vitest";
import { keyedByText, patchChildren, s, v, type VNode } from "../src/vdom";
import { drawBoard } from "../src/board";
import type { TableView } from "../src/model";
import { diver, tableView } from "./fixtures";

const SVG_NS = "http://www.w3.org/2000/svg";

/** Every node under `root` (elements and text), in document order. */
function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  for (let n = root.firstChild; n; n = n.nextSibling) out.push(n, ...allNodes(n));
  return out;
}

/** Draw `view` into `wrap` (as the widget does) and return the live <svg>. */
function draw(wrap: HTMLElement, view: TableView, options: Parameters<typeof drawBoard>[2] = {}): SVGSVGElement {
  patchChildren(wrap, [drawBoard(view, 640, { id: "t", ...options }).tree]);
  return wrap.firstElementChild as SVGSVGElement;
}

function watch(root: Node): () => MutationRecord[] {
  const observer = new MutationObserver(() => {});
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  return () => {
    const records = observer.takeRecords();
    observer.disconnect();
    return records;
  };
}

const view = tableView({ divers: [diver("Ann", { position: 2 }), diver("Bob"), diver("Cy", { position: 4, returning: true, carried: [[1]] })] });

describe("the board, patched", () => {
  it("builds SVG elements in the SVG namespace, with their attributes and text", () => {
    const wrap = document.createElement("div");
    const svg = draw(wrap, view);
    expect(svg.namespaceURI).toBe(SVG_NS);
    expect(svg.getAttribute("aria-labelledby")).toBe("t-title");
    const elements = [...svg.querySelectorAll("*")];
    expect(elements.length).toBeGreaterThan(20);
    expect(elements.filter((e) => e.namespaceURI !== SVG_NS)).toEqual([]);
    expect(svg.querySelectorAll("[data-diver]")).toHaveLength(3);
    expect(svg.querySelector('[data-diver="2"]')?.getAttribute("data-heading")).toBe("back");
    expect(svg.querySelector('[data-diver="0"] .dsw-pawn-label')?.textContent).toBe("A");
  });

  it("keeps every node, and changes nothing, when the view is the same", () => {
    const wrap = document.createElement("div");
    draw(wrap, view);
    const before = allNodes(wrap);
    const html = wrap.innerHTML;
    const changes = watch(wrap);
    draw(wrap, structuredClone(view));
    expect(changes()).toEqual([]);
    const after = allNodes(wrap);
    expect(after).toHaveLength(before.length);
    after.forEach((n, i) => expect(n).toBe(before[i]));
    expect(wrap.innerHTML).toBe(html);
  });

  it("changes only the moved pawn when a diver moves", () => {
    const wrap = document.createElement("div");
    const svg = draw(wrap, view);
    const pawn = svg.querySelector('[data-diver="0"]')!;
    const others = allNodes(svg).filter((n) => !pawn.contains(n) && n !== svg.querySelector("title"));
    const changes = watch(wrap);
    const moved = structuredClone(view);
    moved.divers[0].position = 3;
    const again = draw(wrap, moved);
    const records = changes();
    expect(again).toBe(svg);
    expect(svg.querySelector('[data-diver="0"]')).toBe(pawn);
    expect(pawn.getAttribute("data-position")).toBe("3");
    expect(records.length).toBeGreaterThan(0);
    // Every change is inside that pawn, or the board's summary title (it says where divers are).
    for (const r of records) expect(pawn.contains(r.target) || svg.querySelector("title")!.contains(r.target)).toBe(true);
    const now = allNodes(svg);
    for (const n of others) expect(now).toContain(n);
  });

  it("removes attributes that are no longer described, from the same nodes", () => {
    const wrap = document.createElement("div");
    const svg = draw(wrap, view, { editable: true, selection: { kind: "diver", seat: 1 } });
    const buttons = [...svg.querySelectorAll('[role="button"]')];
    expect(buttons).toHaveLength(5 + 3 + 1);
    expect(svg.querySelector('[data-diver="1"]')?.getAttribute("class")).toContain("dsw-selected");
    draw(wrap, view);
    expect(wrap.firstElementChild).toBe(svg);
    for (const b of buttons) {
      expect(svg.contains(b)).toBe(true);
      expect(b.hasAttribute("role")).toBe(false);
      expect(b.hasAttribute("tabindex")).toBe(false);
      expect(b.hasAttribute("aria-label")).toBe(false);
    }
    expect(svg.querySelector('[data-diver="1"]')?.getAttribute("class")).not.toContain("dsw-selected");
    expect(svg.querySelectorAll(".dsw-hit")).toHaveLength(0);
  });

  it("moves a dragged pawn (keyed by seat) to the end instead of rebuilding pawns", () => {
    const wrap = document.createElement("div");
    const svg = draw(wrap, view, { editable: true });
    const pawns = [...svg.querySelectorAll("[data-diver]")];
    draw(wrap, view, { editable: true, drag: { seat: 0, target: null } });
    expect([...svg.querySelectorAll("[data-diver]")]).toEqual([pawns[1], pawns[2], pawns[0]]);
    draw(wrap, view, { editable: true });
    expect([...svg.querySelectorAll("[data-diver]")]).toEqual(pawns);
  });
});

describe("patchChildren", () => {
  it("replaces what the container held at first, and leaves the container's own attributes alone", () => {
    const box = document.createElement("section");
    box.setAttribute("aria-label", "Log");
    box.append("old text", document.createElement("hr"));
    patchChildren(box, [v("h4", null, "Log")]);
    expect(box.innerHTML).toBe("<h4>Log</h4>");
    patchChildren(box, []);
    expect(box.innerHTML).toBe("");
    expect(box.getAttribute("aria-label")).toBe("Log");
  });

  it("inserts a new log line on top and keeps the older lines' nodes (keyed by text)", () => {
    const ol = document.createElement("ol");
    const li = (l: string) => v("li", { class: l.startsWith("air") ? "dsw-log-air" : null }, l);
    patchChildren(ol, keyedByText(["air 3", "b", "air 3"], li));
    const before = [...ol.children];
    const texts = before.map((n) => n.firstChild);
    const changes = watch(ol);
    patchChildren(ol, keyedByText(["c", "air 3", "b", "air 3"], li));
    const records = changes();
    expect([...ol.children].map((n) => n.textContent)).toEqual(["c", "air 3", "b", "air 3"]);
    expect([...ol.children].slice(1)).toEqual(before);
    expect([...ol.children].slice(1).map((n) => n.firstChild)).toEqual(texts);
    expect(records.map((r) => [r.type, r.addedNodes.length, r.removedNodes.length])).toEqual([["childList", 1, 0]]);
    expect(ol.children[1].getAttribute("class")).toBe("dsw-log-air");
  });

  it("keys a list in time order from its first line: a line added at the end is one inserted node", () => {
    const ol = document.createElement("ol");
    const li = (l: string) => v("li", null, l);
    patchChildren(ol, keyedByText(["a", "b", "a"], li, "first"));
    const before = [...ol.children];
    const changes = watch(ol);
    patchChildren(ol, keyedByText(["a", "b", "a", "a"], li, "first"));
    expect([...ol.children].slice(0, 3)).toEqual(before);
    expect(changes().map((r) => [r.type, r.addedNodes.length, r.removedNodes.length])).toEqual([["childList", 1, 0]]);
  });

  it("keeps the focus on a focused node that a redraw moves", () => {
    const box = document.createElement("div");
    document.body.append(box);
    const item = (k: string) => {
      const node = v("button", { type: "button", "data-key": k }, k);
      node.key = k;
      return node;
    };
    patchChildren(box, ["a", "b", "c"].map(item));
    const [a, b, c] = [...box.children] as HTMLButtonElement[];
    b.focus();
    expect(document.activeElement).toBe(b);
    patchChildren(box, ["a", "c", "b"].map(item));
    expect([...box.children]).toEqual([a, c, b]);
    expect(document.activeElement).toBe(b);
    box.remove();
  });

  it("changes a text node's text in place", () => {
    const p = document.createElement("p");
    patchChildren(p, ["Air ", v("b", null, "25")]);
    const [t, b] = [...p.childNodes];
    const inner = b.firstChild;
    patchChildren(p, ["Air ", v("b", null, "24")]);
    expect([...p.childNodes]).toEqual([t, b]);
    expect(b.firstChild).toBe(inner);
    expect(p.textContent).toBe("Air 24");
  });

  it("replaces an element whose tag changed, and drops absent children", () => {
    const p = document.createElement("p");
    patchChildren(p, [v("span", null, "a"), v("b", null, "x"), "tail"]);
    const span = p.firstChild;
    patchChildren(p, [v("span", null, "a"), null, false, v("i", null, "x"), undefined]);
    expect(p.firstChild).toBe(span);
    expect(p.innerHTML).toBe("<span>a</span><i>x</i>");
  });

  it("calls the latest handler given, once, and none when it is no longer given", () => {
    const box = document.createElement("div");
    const calls: string[] = [];
    const button = (name: string | null): VNode => {
      const node = v("button", { type: "button", "data-key": "roll" }, "Roll");
      if (name) node.data!.on = { click: () => calls.push(name) };
      return node;
    };
    patchChildren(box, [button("first")]);
    const live = box.firstElementChild as HTMLButtonElement;
    live.click();
    patchChildren(box, [button("second")]);
    expect(box.firstElementChild).toBe(live);
    live.click();
    patchChildren(box, [button(null)]);
    live.click();
    expect(calls).toEqual(["first", "second"]);
  });

  it("sets and clears boolean attributes (disabled, open)", () => {
    const box = document.createElement("div");
    patchChildren(box, [v("button", { disabled: true, title: "why" }, "Go"), s("svg", { "aria-hidden": "true" })]);
    const [button, svg] = [...box.children];
    expect(button.getAttribute("disabled")).toBe("");
    expect(svg.namespaceURI).toBe(SVG_NS);
    patchChildren(box, [v("button", { disabled: false, title: null }, "Go"), s("svg", { "aria-hidden": null })]);
    expect([...box.children]).toEqual([button, svg]);
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.hasAttribute("title")).toBe(false);
    expect(svg.hasAttribute("aria-hidden")).toBe(false);
  });
});
