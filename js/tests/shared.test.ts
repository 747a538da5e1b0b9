import { describe, expect, it } from "vitest";
import { SharedSettings } from "../src/shared";

describe("settings shared by the views of one board", () => {
  it("one setting changed in one view is heard by every view of that board, and only that board", () => {
    const model = {};
    const heard: string[] = [];
    const one = SharedSettings.of(model);
    const two = SharedSettings.of(model);
    expect(two).toBe(one);
    one.join((s) => heard.push(`one ${s.autoplay} ${s.speed}`));
    two.join((s) => heard.push(`two ${s.autoplay} ${s.speed}`));
    const other = SharedSettings.of({});
    other.join((s) => heard.push(`other ${s.autoplay}`));
    two.set({ speed: "fast" });
    one.set({ autoplay: true });
    expect(heard).toEqual(["one false fast", "two false fast", "one true fast", "two true fast"]);
    expect(other.autoplay).toBe(false);
  });

  it("says nothing when nothing changes", () => {
    const shared = SharedSettings.of({});
    let calls = 0;
    shared.join(() => calls++);
    shared.set({ autoplay: false, speed: "normal" });
    expect(calls).toBe(0);
  });

  it("lets the first open view drive auto-play, then the next when it goes; stops with the last", () => {
    const shared = SharedSettings.of({});
    const heard: string[] = [];
    const a = () => heard.push("a");
    const b = () => heard.push("b");
    const leaveA = shared.join(a);
    const leaveB = shared.join(b);
    expect([shared.drives(a), shared.drives(b)]).toEqual([true, false]);
    shared.set({ autoplay: true });
    heard.length = 0;
    leaveA();
    expect(shared.drives(b)).toBe(true);
    expect(shared.autoplay).toBe(true);
    expect(heard).toEqual(["b"]); // told, so it asks for the next bot step (auto-play goes on)
    leaveB();
    expect(shared.autoplay).toBe(false);
  });

  it("says nothing to the others when a view that does not drive leaves", () => {
    const shared = SharedSettings.of({});
    const heard: string[] = [];
    shared.join(() => heard.push("a"));
    const leaveB = shared.join(() => heard.push("b"));
    shared.set({ autoplay: true });
    heard.length = 0;
    leaveB();
    leaveB(); // twice is once
    expect(heard).toEqual([]);
  });
});
