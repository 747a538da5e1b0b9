// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { AnyModel } from "@anywidget/types";
import { applyPatch, eventPoints, figureWidget, fitLayout, libraryId, loadPlotly, onKernelMessage, type PlotlyApi } from "../src/figure";

// Models as anywidget hands them over: get/set/on/off/send and the widget manager.
function manager(libraries: Record<string, Record<string, unknown>>) {
  return {
    get_model: async (id: string) => {
      const state = libraries[id];
      if (state === undefined) throw new Error("widget model not found");
      return { get: (key: string) => state[key] } as unknown as AnyModel;
    },
  };
}

type FakeModel = AnyModel & { sent: unknown[]; listening(name: string): number; kernelSays(msg: unknown): void };

function figureModel(state: Record<string, unknown>, widgetManager = manager({})): FakeModel {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const fire = (name: string, ...args: unknown[]) => listeners.get(name)?.forEach((f) => f(...args));
  const sent: unknown[] = [];
  return {
    get: (key: string) => state[key],
    set: (key: string, value: unknown) => {
      state[key] = value;
      fire(`change:${key}`);
    },
    on: (name: string, callback: () => void) => void (listeners.get(name) ?? listeners.set(name, new Set()).get(name)!).add(callback),
    off: (name: string, callback: () => void) => void listeners.get(name)?.delete(callback),
    send: (msg: unknown) => void sent.push(msg),
    widget_manager: widgetManager,
    sent,
    listening: (name: string) => listeners.get(name)?.size ?? 0,
    kernelSays: (msg: unknown) => fire("msg:custom", msg),
  } as unknown as FakeModel;
}

function fakePlotly(log: unknown[][]): PlotlyApi {
  return {
    react: async (el, data, layout, config) => void log.push(["react", el.tagName, data, layout, config]),
    purge: (el) => void log.push(["purge", el.tagName]),
  };
}

describe("a figure's patches", () => {
  it("set and delete values at their paths, copying only the objects on a changed path", () => {
    const fig = { data: [{ y: [1, 2] }, { y: [3] }], layout: { title: { text: "Ann" }, gone: 1 } };
    const out = applyPatch(fig, [
      { path: ["data", 0, "y"], value: [5, 6] },
      { path: ["layout", "title", "text"], value: "Bob" },
      { path: ["layout", "gone"] },
    ]);
    expect(out).toEqual({ data: [{ y: [5, 6] }, { y: [3] }], layout: { title: { text: "Bob" } } });
    expect(fig.layout.title.text).toBe("Ann"); // the old figure is left as it was
    expect(out.data).not.toBe(fig.data);
    expect(out.data[1]).toBe(fig.data[1]); // an untouched trace is the same object
    expect(applyPatch(fig, [{ path: [], value: { data: [], layout: {} } }])).toEqual({ data: [], layout: {} });
  });

  it("are applied in order: an old one is ignored, and after a gap the kernel is asked for everything", () => {
    const model = figureModel({ figure: { data: [], layout: { title: { text: "0" } } }, revision: 3 });
    onKernelMessage(model, { type: "patch", revision: 4, ops: [{ path: ["layout", "title", "text"], value: "4" }] });
    expect([model.get("revision"), (model.get("figure") as { layout: { title: { text: string } } }).layout.title.text]).toEqual([4, "4"]);
    onKernelMessage(model, { type: "patch", revision: 4, ops: [{ path: ["layout", "title", "text"], value: "again" }] });
    expect(model.get("revision")).toBe(4);
    onKernelMessage(model, { type: "patch", revision: 6, ops: [] });
    expect(model.sent).toEqual([{ type: "resync" }]);
    expect(model.get("revision")).toBe(4);
    for (const junk of [null, "patch", { type: "patch" }, { type: "patch", revision: 5, ops: [{}] }, { type: "other", revision: 5, ops: [] }]) {
      onKernelMessage(model, junk); // not a patch: nothing happens
    }
    expect([model.get("revision"), model.sent.length]).toEqual([4, 1]);
  });
});

describe("plotly.js from the shared library model", () => {
  it("is imported once per digest for every figure naming it, and again after a failed import", async () => {
    const sources: string[] = [];
    let fail = true;
    const importer = async (source: string) => {
      sources.push(source);
      if (source === "broken" && fail) {
        fail = false;
        throw new Error("parse failed");
      }
      return { default: fakePlotly([]) };
    };
    const wm = manager({ a: { source: "plotly.js", digest: "d-once" }, b: { source: "plotly.js", digest: "d-once" }, c: { source: "broken", digest: "d-broken" } });
    const [p1, p2] = await Promise.all([loadPlotly(figureModel({ _plotly: "IPY_MODEL_a" }, wm), importer),
      loadPlotly(figureModel({ _plotly: "IPY_MODEL_b" }, wm), importer)]);
    expect(p1).toBe(p2);
    expect(sources).toEqual(["plotly.js"]);
    await expect(loadPlotly(figureModel({ _plotly: "IPY_MODEL_c" }, wm), importer)).rejects.toThrow("parse failed");
    await expect(loadPlotly(figureModel({ _plotly: "IPY_MODEL_c" }, wm), importer)).resolves.toHaveProperty("react");
  });

  it("refuses, by name, a figure that names no library or an empty one", async () => {
    for (const bad of [undefined, null, "", "IPY_MODEL_", "lib", 42]) {
      expect(() => libraryId(bad)).toThrow("_plotly must name the shared plotly.js model");
    }
    const wm = manager({ empty: { source: "", digest: "d" } });
    await expect(loadPlotly(figureModel({ _plotly: "IPY_MODEL_empty" }, wm))).rejects.toThrow("is empty");
    await expect(loadPlotly(figureModel({ _plotly: "IPY_MODEL_gone" }, wm))).rejects.toThrow("widget model not found");
  });
});

describe("a figure's view", () => {
  it("draws with Plotly.react, redraws on the kernel's patches, says the figure in words, and cleans up", async () => {
    const log: unknown[][] = [];
    const model = figureModel({
      figure: { data: [{ type: "bar", y: [1] }], layout: { title: { text: "Ann" } } }, revision: 0,
      config: { displaylogo: false }, summary: "Ann: P(home) 63%.", events: [],
    });
    const widget = figureWidget(async () => fakePlotly(log));
    const stop = widget.initialize!({ model } as never) as () => void;
    const el = document.createElement("div");
    const cleanup = (await widget.render({ model, el } as never)) as () => void;
    expect(log).toEqual([["react", "DIV", [{ type: "bar", y: [1] }], { title: { text: "Ann" }, datarevision: 0 }, { displaylogo: false }]]);
    const words = el.querySelector("p.dsw-panel-words") as HTMLElement;
    expect(words.textContent).toBe("Ann: P(home) 63%.");
    model.kernelSays({ type: "patch", revision: 1, ops: [{ path: ["data", 0, "y"], value: [2] }] });
    model.set("summary", "Ann: P(home) 58%.");
    await new Promise((r) => setTimeout(r, 0));
    expect(log[1]).toEqual(["react", "DIV", [{ type: "bar", y: [2] }], { title: { text: "Ann" }, datarevision: 1 }, { displaylogo: false }]);
    expect(words.textContent).toBe("Ann: P(home) 58%.");
    cleanup();
    stop();
    expect(log.at(-1)).toEqual(["purge", "DIV"]);
    expect(el.querySelector(".dsw-panel-words")).toBeNull();
    expect([model.listening("change:figure"), model.listening("change:summary"), model.listening("msg:custom")]).toEqual([0, 0, 0]);
  });

  it("draws an autosized figure as wide as its container, never narrower than its layout's width", async () => {
    // a ResizeObserver the test drives: it reports the widths the test sets
    const observers: ((entries: { contentRect: { width: number } }[]) => void)[] = [];
    const disconnected: number[] = [];
    const Native = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: (entries: { contentRect: { width: number } }[]) => void) {
        observers.push(callback);
      }
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {
        disconnected.push(1);
      }
    } as unknown as typeof ResizeObserver;
    try {
      const log: unknown[][] = [];
      const layout = { autosize: true, width: 370, height: 320 };
      const model = figureModel({ figure: { data: [], layout }, revision: 0, config: {}, summary: "", events: [] });
      const widget = figureWidget(async () => fakePlotly(log));
      const el = document.createElement("div");
      const cleanup = (await widget.render({ model, el } as never)) as () => void;
      expect(log.map((call) => (call[3] as { width: number }).width)).toEqual([370]); // not measured yet: its own width
      const resize = (width: number) => observers[0]([{ contentRect: { width } }]);
      resize(480.6);
      resize(500);
      resize(500);
      await new Promise((r) => setTimeout(r, 0));
      expect(log.map((call) => (call[3] as { width: number }).width)).toEqual([370, 500]); // one redraw, at the latest width
      resize(300); // narrower than it is made for: it keeps 370 (and scrolls)
      await new Promise((r) => setTimeout(r, 0));
      expect(log.map((call) => (call[3] as { width: number }).width)).toEqual([370, 500, 370]);
      resize(320); // still 370: nothing to redraw
      await new Promise((r) => setTimeout(r, 0));
      expect(log).toHaveLength(3);
      cleanup();
      expect(disconnected).toEqual([1]);
    } finally {
      globalThis.ResizeObserver = Native;
    }
  });

  it("keeps a figure's own size unless its layout asks for autosize", () => {
    expect(fitLayout({ width: 700, height: 450 }, 400)).toEqual({ width: 700, height: 450 });
    expect(fitLayout({ autosize: true, width: 370 }, 512.7)).toEqual({ autosize: true, width: 512 });
    expect(fitLayout({ autosize: true, width: 370 }, 200)).toEqual({ autosize: true, width: 370 });
    expect(fitLayout({ autosize: true }, 0)).toEqual({ autosize: true }); // not measured: plotly sizes it
    expect(fitLayout({ autosize: true }, 250)).toEqual({ autosize: true, width: 250 });
  });

  it("sends plotly's event points as plain curve, point, x and y", () => {
    expect(eventPoints([{ curveNumber: 1, pointNumber: 2, x: "a", y: 0.5 }, { curveNumber: 0, pointNumber: [3, 4], pointIndex: 7, x: 4, y: { no: 1 } }]))
      .toEqual([{ curve: 1, point: 2, x: "a", y: 0.5 }, { curve: 0, point: 7, x: 4, y: null }]);
    expect(eventPoints(undefined)).toEqual([]);
  });
});
