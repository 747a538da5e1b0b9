import { describe, expect, it } from "vitest";
import { addSpace, dropEdit, editClick, giveItem, keepSelection, parseLevels, removeSpace, setAir, setHeading, setSpace, setTurn, takeItem } from "../src/edit";

describe("edit clicks", () => {
  it("picks a diver, then puts it on the clicked space", () => {
    const picked = editClick(null, { kind: "diver", seat: 1 });
    expect(picked).toEqual({ sel: { kind: "diver", seat: 1 }, op: null });
    expect(editClick(picked.sel, { kind: "space", space: 6 })).toEqual({
      sel: null,
      op: { op: "move_diver", seat: 1, position: 6 },
    });
  });

  it("puts a picked diver in the sub", () => {
    expect(editClick({ kind: "diver", seat: 0 }, { kind: "sub" }).op).toEqual({ op: "move_diver", seat: 0, position: 0 });
  });

  it("lets go when the same thing is clicked twice", () => {
    expect(editClick({ kind: "diver", seat: 2 }, { kind: "diver", seat: 2 }).sel).toBeNull();
    expect(editClick({ kind: "space", space: 4 }, { kind: "space", space: 4 }).sel).toBeNull();
  });

  it("lets go of a space or a seat that is gone when the position changes", () => {
    expect(keepSelection({ kind: "space", space: 32 }, 31, 3)).toBeNull();
    expect(keepSelection({ kind: "space", space: 31 }, 31, 3)).toEqual({ kind: "space", space: 31 });
    expect(keepSelection({ kind: "diver", seat: 2 }, 31, 2)).toBeNull();
    expect(keepSelection({ kind: "diver", seat: 1 }, 31, 2)).toEqual({ kind: "diver", seat: 1 });
    expect(keepSelection(null, 0, 2)).toBeNull();
  });

  it("puts a picked diver down where it stands without sending anything", () => {
    const at = (seat: number) => [6, 0][seat];
    expect(editClick({ kind: "diver", seat: 0 }, { kind: "space", space: 6 }, at)).toEqual({ sel: null, op: null });
    expect(editClick({ kind: "diver", seat: 1 }, { kind: "sub" }, at)).toEqual({ sel: null, op: null });
    expect(editClick({ kind: "diver", seat: 0 }, { kind: "space", space: 7 }, at).op).toEqual({ op: "move_diver", seat: 0, position: 7 });
  });

  it("switches to another diver", () => {
    expect(editClick({ kind: "diver", seat: 0 }, { kind: "diver", seat: 2 }).sel).toEqual({ kind: "diver", seat: 2 });
  });

  it("selects a space to change its content", () => {
    expect(editClick(null, { kind: "space", space: 3 })).toEqual({ sel: { kind: "space", space: 3 }, op: null });
    expect(editClick({ kind: "space", space: 3 }, { kind: "space", space: 5 }).sel).toEqual({ kind: "space", space: 5 });
    expect(editClick(null, { kind: "sub" })).toEqual({ sel: null, op: null });
  });
});

describe("parseLevels", () => {
  it("reads levels in several spellings", () => {
    expect(parseLevels("2 3 3")).toEqual({ levels: [2, 3, 3] });
    expect(parseLevels("2,3, 3")).toEqual({ levels: [2, 3, 3] });
    expect(parseLevels("233")).toEqual({ levels: [2, 3, 3] });
    expect(parseLevels("23 3")).toEqual({ levels: [2, 3, 3] });
    // more than a stack holds is refused here, as Python would
    expect(parseLevels("1111")).toEqual({ error: "a stack holds 1 to 3 chips, not 4" });
    expect(parseLevels("1 1 1 1")).toEqual({ error: "a stack holds 1 to 3 chips, not 4" });
    expect(parseLevels("4")).toEqual({ levels: [4] });
    expect(parseLevels("")).toEqual({ levels: null });
    expect(parseLevels(" Blank ")).toEqual({ levels: null });
  });

  it("names what is wrong", () => {
    expect(parseLevels("2 5")).toEqual({ error: '"5" is not a chip level (levels are 1, 2, 3 or 4)' });
    expect(parseLevels("x")).toHaveProperty("error");
  });
});

describe("edit ops", () => {
  it("builds the ops Python expects", () => {
    expect(setAir("12")).toEqual({ op: "set_air", air: 12 });
    expect(setAir("nope")).toBeNull();
    expect(setSpace(4, null)).toEqual({ op: "set_space", space: 4, levels: null });
    expect(setSpace(4, [1, 2])).toEqual({ op: "set_space", space: 4, levels: [1, 2] });
    expect(addSpace()).toEqual({ op: "add_space" });
    expect(removeSpace()).toEqual({ op: "remove_space" });
    expect(giveItem(1, [3])).toEqual({ op: "give_item", seat: 1, levels: [3] });
    expect(takeItem(1, 0)).toEqual({ op: "take_item", seat: 1, index: 0 });
    expect(setHeading(0, true)).toEqual({ op: "set_heading", seat: 0, returning: true });
    expect(setTurn(2)).toEqual({ op: "set_turn", seat: 2 });
  });
});

describe("dropping a dragged pawn", () => {
  it("sends the same move as clicking the pawn and then the space or the sub", () => {
    expect(dropEdit(1, 0, { kind: "space", space: 6 })).toEqual(editClick({ kind: "diver", seat: 1 }, { kind: "space", space: 6 }).op);
    expect(dropEdit(0, 4, { kind: "sub" })).toEqual({ op: "move_diver", seat: 0, position: 0 });
  });

  it("asks for nothing when dropped on nothing or where the pawn stands", () => {
    expect(dropEdit(1, 3, null)).toBeNull();
    expect(dropEdit(1, 3, { kind: "space", space: 3 })).toBeNull();
    expect(dropEdit(1, 0, { kind: "sub" })).toBeNull();
  });
});
