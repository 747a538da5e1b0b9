// @vitest-environment happy-dom
// Reporting a new state to the kernel once the browser has painted it.
import { describe, expect, it } from "vitest";
import { afterNextPaint, PaintReporter } from "../src/painted";

describe("reporting painted states", () => {
  it("reports each new state once, only when its frame has run", () => {
    const queued: Array<() => void> = [];
    const sent: number[] = [];
    const reporter = new PaintReporter((seq) => sent.push(seq), (fn) => queued.push(fn));
    reporter.drawn(3);
    reporter.drawn(3); // the same state again, with its new badges
    expect(sent).toEqual([]);
    expect(queued).toHaveLength(1);
    queued.shift()!();
    expect(sent).toEqual([3]);
    reporter.drawn(undefined); // a bare public view has no state number
    reporter.drawn(4);
    reporter.drawn(5);
    for (const fn of queued.splice(0)) fn();
    expect(sent).toEqual([3, 4, 5]);
  });

  it("reports nothing once its view is gone, even a frame already asked for", () => {
    const queued: Array<() => void> = [];
    const sent: number[] = [];
    const reporter = new PaintReporter((seq) => sent.push(seq), (fn) => queued.push(fn));
    reporter.drawn(1);
    reporter.stop();
    reporter.drawn(2);
    for (const fn of queued.splice(0)) fn();
    expect(sent).toEqual([]);
  });

  it("runs after the next animation frame and then a task, never at once", async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push("after paint"));
    requestAnimationFrame(() => order.push("frame"));
    order.push("now");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(["now", "frame", "after paint"]);
  });
});
