// @vitest-environment happy-dom
// (snabbdom's entry point reads `window` as it loads, so even the description tests need a DOM.)
import { describe, expect, it } from "vitest";
import { attrText, keyedByText, s, v, type VNode } from "../src/vdom";
import { chipIcon, drawBoard, trailKeys } from "../src/board";
import { diver, tableView } from "./fixtures";

const SVG_NS = "http://www.w3.org/2000/svg";

function attrs(node: VNode): Record<string, unknown> {
  return (node.data?.attrs ?? {}) as Record<string, unknown>;
}

function find(node: VNode, pred: (n: VNode) => boolean, out: VNode[] = []): VNode[] {
  if (node.sel && pred(node)) out.push(node);
  for (const c of node.children ?? []) if (typeof c === "object") find(c, pred, out);
  return out;
}

function text(node: VNode): string {
  if (node.text !== undefined) return node.text;
  return (node.children ?? []).map((c) => (typeof c === "string" ? c : text(c))).join("");
}

describe("keyedByText", () => {
  it("keeps a line's key when newer lines arrive on top", () => {
    const li = (l: string) => v("li", null, l);
    const before = keyedByText(["b", "a"], li).map((n) => n.key);
    const after = keyedByText(["c", "b", "a"], li).map((n) => n.key);
    expect(after.slice(1)).toEqual(before);
    expect(new Set(after).size).toBe(3);
  });

  it("tells repeated lines apart, counting from the oldest", () => {
    const keys = keyedByText(["air 3", "x", "air 3"], (l) => v("li", null, l)).map((n) => n.key);
    expect(keys).toEqual(["2|air 3", "1|x", "1|air 3"]);
    expect(keyedByText(["air 3", "air 3", "x", "air 3"], (l) => v("li", null, l))[1].key).toBe("2|air 3");
  });
});

describe("v and s", () => {
  it("drop absent attribute values and write the rest as HTML does", () => {
    expect([null, undefined, false].map(attrText)).toEqual([null, null, null]);
    expect(attrText(true)).toBe("");
    expect(attrText(0)).toBe("0");
    const node = v("button", { disabled: false, hidden: true, title: null, tabindex: 0, "data-x": undefined });
    expect(attrs(node)).toEqual({ hidden: "", tabindex: "0" });
  });

  it("skip absent children and keep strings as text", () => {
    const node = v("p", null, null, "a", false, undefined, v("b", null, "c"), "");
    expect(node.children?.map((c) => (typeof c === "string" ? c : c.sel ?? `text:${c.text}`))).toEqual(["text:a", "b", "text:"]);
  });

  it("put SVG elements in the SVG namespace, HTML ones not", () => {
    expect(s("g", { x: 1 }).data?.ns).toBe(SVG_NS);
    expect(v("div").data?.ns).toBeUndefined();
  });
});

describe("drawBoard (described, not drawn)", () => {
  const view = tableView({ divers: [diver("Ann", { position: 2 }), diver("Bob"), diver("Cy", { position: 4, returning: true, carried: [[1]] })] });

  it("describes every space and every pawn, pawns keyed by seat", () => {
    const { tree, layout, pawnAt } = drawBoard(view, 640, { id: "t" });
    expect(tree.sel).toBe("svg");
    expect(tree.data?.ns).toBe(SVG_NS);
    expect(attrs(tree).width).toBe(String(layout.width));
    expect(attrs(tree)["aria-labelledby"]).toBe("t-title");
    const spaces = find(tree, (n) => attrs(n)["data-space"] !== undefined);
    expect(spaces.map((n) => attrs(n)["data-kind"])).toEqual(["chip", "chip", "blank", "stack", "chip"]);
    const pawns = find(tree, (n) => attrs(n)["data-diver"] !== undefined);
    expect(pawns.map((n) => n.key)).toEqual(["diver-0", "diver-1", "diver-2"]);
    expect(pawns.map((n) => attrs(n)["data-position"])).toEqual(["2", "0", "4"]);
    expect(attrs(pawns[2])["data-heading"]).toBe("back");
    expect(pawnAt).toHaveLength(3);
    expect(find(tree, (n) => n.data?.ns !== SVG_NS)).toHaveLength(0);
  });

  it("is the same description for the same view (a redraw changes nothing)", () => {
    expect(JSON.stringify(drawBoard(view, 640, { id: "t" }).tree)).toBe(JSON.stringify(drawBoard(view, 640, { id: "t" }).tree));
  });

  it("makes spaces, pawns and the sub buttons only in edit mode, and marks the selection", () => {
    const play = drawBoard(view, 640).tree;
    expect(find(play, (n) => attrs(n).role === "button")).toHaveLength(0);
    const edit = drawBoard(view, 640, { editable: true, selection: { kind: "diver", seat: 2 } }).tree;
    const buttons = find(edit, (n) => attrs(n).role === "button");
    expect(buttons).toHaveLength(5 + 3 + 1);
    const selected = find(edit, (n) => String(attrs(n).class ?? "").includes("dsw-selected"));
    expect(selected.map((n) => attrs(n)["data-diver"])).toEqual(["2"]);
  });

  it("puts one place on the trail in the tab order in edit mode (the sub unless told), pawns each", () => {
    const stops = (tabStop?: string) =>
      find(drawBoard(view, 640, { editable: true, tabStop }).tree, (n) => attrs(n).tabindex === "0").map((n) => String(attrs(n)["data-key"]));
    expect(trailKeys(3)).toEqual(["sub", "space-1", "space-2", "space-3"]);
    expect(stops()).toEqual(["sub", "diver-0", "diver-1", "diver-2"]);
    expect(stops("space-3")).toEqual(["space-3", "diver-0", "diver-1", "diver-2"]);
    expect(stops("space-99")).toEqual(["sub", "diver-0", "diver-1", "diver-2"]); // a space no longer there
    const others = find(drawBoard(view, 640, { editable: true, tabStop: "space-3" }).tree, (n) => attrs(n).tabindex === "-1");
    expect(others).toHaveLength(view.trail.length); // the sub and every other space: reached by the arrow keys
  });

  it("draws a dragged pawn last, still keyed by its seat", () => {
    const { tree } = drawBoard(view, 640, { editable: true, drag: { seat: 0, target: { kind: "sub" } } });
    const pawns = find(tree, (n) => attrs(n)["data-diver"] !== undefined);
    expect(pawns.map((n) => n.key)).toEqual(["diver-1", "diver-2", "diver-0"]);
    expect(find(tree, (n) => attrs(n)["data-sub"] !== undefined)[0].data?.attrs?.class).toBe("dsw-sub dsw-drop-target");
  });

  it("draws a raised (moving) pawn last, not marked as dragged; a dragged one wins", () => {
    const raised = find(drawBoard(view, 640, { raised: 1 }).tree, (n) => attrs(n)["data-diver"] !== undefined);
    expect(raised.map((n) => n.key)).toEqual(["diver-0", "diver-2", "diver-1"]);
    expect(raised.some((n) => String(attrs(n).class).includes("dsw-dragged"))).toBe(false);
    const both = find(drawBoard(view, 640, { editable: true, raised: 1, drag: { seat: 2, target: null } }).tree, (n) => attrs(n)["data-diver"] !== undefined);
    expect(both.map((n) => n.key)).toEqual(["diver-0", "diver-1", "diver-2"]);
  });

  it("keeps names as text", () => {
    const xss = "<img src=x onerror=alert(1)>";
    const tree = drawBoard(tableView({ divers: [diver(xss), diver("Bob")] }), 640, { editable: true }).tree;
    const pawn = find(tree, (n) => attrs(n)["data-diver"] === "0")[0];
    expect(attrs(find(pawn, (n) => attrs(n).role === "button")[0])["aria-label"]).toBe(`Select ${xss}: in the sub`);
    expect(find(tree, (n) => n.sel === "img")).toHaveLength(0);
    expect(text(pawn)).toContain(xss);
  });

  it("names each pawn's button in edit mode by all the pawn shows; the marks drawn on it are outside the button and hidden", () => {
    const out = diver("Ann", { position: 4, returning: true, carried: [[1], [2]] });
    const back = diver("Bob", { back: true, carried: [[3]] });
    const tree = drawBoard(tableView({ divers: [out, back] }), 640, { editable: true }).tree;
    const pawns = find(tree, (n) => attrs(n)["data-diver"] !== undefined);
    const [ann, bob] = pawns.map((pawn) => find(pawn, (n) => attrs(n).role === "button"));
    expect(ann.map((n) => attrs(n)["aria-label"])).toEqual(["Select Ann: on space 4, heading back, carrying 2 items"]);
    expect(bob.map((n) => attrs(n)["aria-label"])).toEqual(["Select Bob: back in the sub, carrying 1 item"]);
    for (const [i, pawn] of pawns.entries()) {
      // the marks (initial, tick, item count) are outside the button, hidden from screen readers
      expect(find([ann, bob][i][0], (n) => n.sel === "text")).toHaveLength(0);
      const marks = find(pawn, (n) => String(attrs(n).class ?? "") === "dsw-pawn-marks");
      expect(marks.map((n) => attrs(n)["aria-hidden"])).toEqual(["true"]);
      expect(find(marks[0], (n) => n.sel === "text").length).toBeGreaterThan(1);
    }
  });

  it("draws a chip icon's stack count", () => {
    const icon = chipIcon([1, 3, 3], 16, true);
    expect(attrs(icon)["aria-hidden"]).toBe("true");
    expect(text(icon)).toBe("3");
    expect(attrs(chipIcon([2], 16))["aria-hidden"]).toBeUndefined();
  });
});
