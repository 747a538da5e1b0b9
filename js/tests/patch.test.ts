import { describe, expect, it } from "vitest";
import { attrText, keyedByText, s, v } from "../src/patch";
import { chipIcon, drawBoard } from "../src/board";
import type { VNode } from "../src/patch";
import { diver, tableView } from "./fixtures";

function find(node: VNode, pred: (n: VNode) => boolean, out: VNode[] = []): VNode[] {
  if (pred(node)) out.push(node);
  for (const c of node.children ?? []) if (c && typeof c === "object") find(c, pred, out);
  return out;
}

function text(node: VNode): string {
  return (node.children ?? []).map((c) => (typeof c === "string" ? c : c ? text(c) : "")).join("");
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

describe("attrText", () => {
  it("drops absent values and writes booleans as HTML does", () => {
    expect([null, undefined, false].map(attrText)).toEqual([null, null, null]);
    expect(attrText(true)).toBe("");
    expect(attrText(0)).toBe("0");
    expect(s("g", { x: 1 }).svg).toBe(true);
  });
});

describe("drawBoard (described, not drawn)", () => {
  const view = tableView({ divers: [diver("Ann", { position: 2 }), diver("Bob"), diver("Cy", { position: 4, returning: true, carried: [[1]] })] });

  it("describes every space and every pawn, pawns keyed by seat", () => {
    const { tree, layout, pawnAt } = drawBoard(view, 640, { id: "t" });
    expect(tree.tag).toBe("svg");
    expect(tree.attrs?.width).toBe(layout.width);
    expect(tree.attrs?.["aria-labelledby"]).toBe("t-title");
    const spaces = find(tree, (n) => n.attrs?.["data-space"] !== undefined);
    expect(spaces.map((n) => n.attrs?.["data-kind"])).toEqual(["chip", "chip", "blank", "stack", "chip"]);
    const pawns = find(tree, (n) => n.attrs?.["data-diver"] !== undefined);
    expect(pawns.map((n) => n.key)).toEqual(["diver-0", "diver-1", "diver-2"]);
    expect(pawns.map((n) => n.attrs?.["data-position"])).toEqual([2, 0, 4]);
    expect(pawns[2].attrs?.["data-heading"]).toBe("back");
    expect(pawnAt).toHaveLength(3);
  });

  it("is the same description for the same view (a redraw changes nothing)", () => {
    expect(JSON.stringify(drawBoard(view, 640, { id: "t" }).tree)).toBe(JSON.stringify(drawBoard(view, 640, { id: "t" }).tree));
  });

  it("makes spaces, pawns and the sub buttons only in edit mode, and marks the selection", () => {
    const play = drawBoard(view, 640).tree;
    expect(find(play, (n) => n.attrs?.role === "button")).toHaveLength(0);
    const edit = drawBoard(view, 640, { editable: true, selection: { kind: "diver", seat: 2 } }).tree;
    const buttons = find(edit, (n) => n.attrs?.role === "button");
    expect(buttons).toHaveLength(5 + 3 + 1);
    const selected = find(edit, (n) => String(n.attrs?.class ?? "").includes("dsw-selected"));
    expect(selected.map((n) => n.attrs?.["data-diver"])).toEqual([2]);
  });

  it("keeps names as text", () => {
    const xss = "<img src=x onerror=alert(1)>";
    const tree = drawBoard(tableView({ divers: [diver(xss), diver("Bob")] }), 640, { editable: true }).tree;
    const pawn = find(tree, (n) => n.attrs?.["data-diver"] === 0)[0];
    expect(pawn.attrs?.["aria-label"]).toBe(`Select ${xss}`);
    expect(find(tree, (n) => n.tag === "img")).toHaveLength(0);
    expect(text(pawn)).toContain(xss);
  });

  it("draws a chip icon's stack count", () => {
    const icon = chipIcon([1, 3, 3], 16, true);
    expect(icon.attrs?.["aria-hidden"]).toBe("true");
    expect(text(icon)).toBe("3");
  });
});
