// Front end of deepsea_widget.figure.Figure: draws a figure description with plotly.js's
// Plotly.react, applies the kernel's patches to it, and sends back clicks and hovers.
//
// plotly.js (about 5 MB) is not in each figure's state: every figure names one shared
// model (PlotlyLibrary, "IPY_MODEL_<id>" in `_plotly`) that holds it as an ES module,
// imported once per page and per digest. A saved notebook keeps one copy of it.

import type { AnyModel, Initialize, Render } from "@anywidget/types";

/** The parts of plotly.js this module uses. */
export interface PlotlyApi {
  react(el: HTMLElement, data: unknown[], layout: Record<string, unknown>, config?: Record<string, unknown>): Promise<unknown>;
  purge(el: HTMLElement): void;
}
type Importer = (source: string) => Promise<{ default: PlotlyApi }>;

export interface FigureSpec {
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}
/** One change from the kernel: set the value at `path`, or delete it (no `value`). */
export interface PatchOp {
  path: (string | number)[];
  value?: unknown;
}

const REF_PREFIX = "IPY_MODEL_";
// On globalThis, so every copy of this module on the page shares the imports:
// the library's digest -> plotly.js (a promise, so starts that overlap share it).
const IMPORTS = Symbol.for("deepsea_widget.plotly_js");

function imports(): Map<string, Promise<PlotlyApi>> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Promise<PlotlyApi>> | undefined>;
  return (holder[IMPORTS] ??= new Map());
}

/** The model id in a widget reference ("IPY_MODEL_<id>"); an error naming the trait otherwise. */
export function libraryId(ref: unknown): string {
  if (typeof ref !== "string" || !ref.startsWith(REF_PREFIX) || ref.length === REF_PREFIX.length) {
    throw new Error(`deepsea_widget: _plotly must name the shared plotly.js model ("${REF_PREFIX}<id>"), got ${JSON.stringify(ref)}`);
  }
  return ref.slice(REF_PREFIX.length);
}

async function importSource(source: string): Promise<{ default: PlotlyApi }> {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return (await import(/* @vite-ignore */ url)) as { default: PlotlyApi };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** plotly.js, from the library model the figure names: imported once per digest. */
export async function loadPlotly(model: AnyModel, importer: Importer = importSource): Promise<PlotlyApi> {
  const library = await model.widget_manager.get_model(libraryId(model.get("_plotly")));
  const source = library.get("source");
  const digest = library.get("digest");
  if (typeof source !== "string" || !source || typeof digest !== "string" || !digest) {
    throw new Error("deepsea_widget: the shared plotly.js model is empty (source and digest must be non-empty strings)");
  }
  const known = imports();
  let loading = known.get(digest);
  if (loading === undefined) {
    loading = importer(source).then((mod) => mod.default);
    known.set(digest, loading);
    loading.catch(() => known.delete(digest)); // a failed import is tried again by the next figure
  }
  return loading;
}

/**
 * `fig` with the kernel's `ops` applied, copying every object on a changed path (so that
 * Plotly.react sees new objects where something changed); `fig` itself is left as it is.
 */
export function applyPatch<T>(fig: T, ops: PatchOp[]): T {
  let out: unknown = fig;
  for (const op of ops) out = setIn(out, op.path, op);
  return out as T;
}

function setIn(node: unknown, path: (string | number)[], op: PatchOp): unknown {
  if (path.length === 0) return op.value;
  const [key, ...rest] = path;
  const copy: Record<string | number, unknown> = Array.isArray(node)
    ? [...node] as unknown as Record<number, unknown>
    : { ...(node !== null && typeof node === "object" ? node as Record<string, unknown> : {}) };
  if (rest.length === 0 && !("value" in op)) {
    if (Array.isArray(copy)) (copy as unknown as unknown[]).splice(Number(key), 1);
    else delete copy[key];
  } else {
    copy[key] = setIn(copy[key], rest, op);
  }
  return copy;
}

/** A patch message from the kernel, checked; null if it is something else. */
export function asPatch(msg: unknown): { revision: number; ops: PatchOp[] } | null {
  if (msg === null || typeof msg !== "object") return null;
  const m = msg as Record<string, unknown>;
  if (m.type !== "patch" || typeof m.revision !== "number" || !Array.isArray(m.ops)) return null;
  const ok = m.ops.every((op) => op !== null && typeof op === "object" && Array.isArray((op as PatchOp).path));
  return ok ? { revision: m.revision, ops: m.ops as PatchOp[] } : null;
}

/** Apply a kernel message to the model's figure: the next patch in order is applied (locally:
 * the front end never sends the figure back), an old one is ignored, and after a gap the
 * kernel is asked for the whole figure. */
export function onKernelMessage(model: AnyModel, msg: unknown): void {
  const patch = asPatch(msg);
  if (patch === null) return;
  const revision = Number(model.get("revision") ?? 0);
  if (patch.revision <= revision) return;
  if (patch.revision !== revision + 1) {
    model.send({ type: "resync" });
    return;
  }
  model.set("figure", applyPatch(model.get("figure"), patch.ops));
  model.set("revision", patch.revision);
}

// Out of sight but read by screen readers (the usual "visually hidden" rules).
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  position: "absolute", width: "1px", height: "1px", padding: "0", margin: "-1px",
  overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap", border: "0",
};

/** The figure in words (its `summary` trait) in a visually hidden paragraph in `el`, kept up
 * to date: plotly's drawing says nothing to a screen reader. Returns what removes it. */
export function describe(model: AnyModel, el: HTMLElement): () => void {
  const words = document.createElement("p");
  words.className = "dsw-panel-words";
  Object.assign(words.style, VISUALLY_HIDDEN);
  const show = (): void => {
    const summary = model.get("summary");
    words.textContent = typeof summary === "string" ? summary : "";
  };
  show();
  el.append(words);
  model.on("change:summary", show);
  return () => {
    model.off("change:summary", show);
    words.remove();
  };
}

type PlotlyPoint = { curveNumber?: unknown; pointNumber?: unknown; pointIndex?: unknown; x?: unknown; y?: unknown };

/** plotly's event points as the kernel takes them: curve, point, x, y (JSON values only). */
export function eventPoints(points: PlotlyPoint[] | undefined): { curve: number; point: number; x: unknown; y: unknown }[] {
  const plain = (v: unknown): unknown => (typeof v === "number" || typeof v === "string" ? v : null);
  return (points ?? []).slice(0, 1000).map((p) => {
    const index = Array.isArray(p.pointNumber) ? p.pointIndex : p.pointNumber; // (a heatmap's is [row, col])
    return {
      curve: typeof p.curveNumber === "number" ? p.curveNumber : 0,
      point: typeof index === "number" ? index : 0,
      x: plain(p.x),
      y: plain(p.y),
    };
  });
}

type PlotlyElement = HTMLElement & { on?: (name: string, f: (e: { points?: PlotlyPoint[] }) => void) => void };

/**
 * The layout to draw in a container `width` px wide (0: not measured yet). A layout with
 * `autosize: true` takes the container's width, but never less than its own `width`, if it has
 * one: the narrowest it is made for (the panels' titles are wrapped to fit it). Any other
 * layout, or one whose container is not measured yet, is drawn as it is.
 */
export function fitLayout(layout: Record<string, unknown>, width: number): Record<string, unknown> {
  if (layout.autosize !== true || !(width > 0)) return layout;
  const least = typeof layout.width === "number" && layout.width > 0 ? layout.width : 0;
  return { ...layout, width: Math.max(Math.floor(width), least) };
}

/** Where there is no ResizeObserver (a test's DOM), the figure keeps its first width. */
class NoResizeObserver {
  constructor(_callback: ResizeObserverCallback) {}
  observe(_target: Element): void {}
  disconnect(): void {}
}

export function figureWidget(load: (model: AnyModel) => Promise<PlotlyApi> = (m) => loadPlotly(m)): {
  initialize: Initialize;
  render: Render;
} {
  return {
    initialize({ model }) {
      const onMessage = (msg: unknown): void => onKernelMessage(model, msg);
      model.on("msg:custom", onMessage);
      return () => model.off("msg:custom", onMessage);
    },
    async render({ model, el }) {
      el.classList.add("dsw-figure");
      const unsay = describe(model, el);
      const plot = document.createElement("div") as PlotlyElement;
      el.append(plot);
      const Plotly = await load(model);
      let drawing = Promise.resolve();
      let gone = false;
      // The container's width (0 until known): an autosized figure is drawn to it (`fitLayout`).
      // By now the view is usually on the page; a ResizeObserver follows it from here on.
      let width = el.getBoundingClientRect().width;
      let drawnWidth: unknown;
      let resizing = false;
      const draw = (): void => {
        // one Plotly.react at a time, each with the figure as it is when it starts
        drawing = drawing.then(async () => {
          resizing = false;
          if (gone) return;
          const fig = model.get("figure") as FigureSpec | undefined;
          const config = model.get("config") as Record<string, unknown> | undefined;
          const revision = Number(model.get("revision") ?? 0);
          const layout = fitLayout({ ...(fig?.layout ?? {}), datarevision: revision }, width);
          drawnWidth = layout.width;
          await Plotly.react(plot, fig?.data ?? [], layout, config ?? {});
          // what is drawn, for tests and benchmarks; the first drawing is also announced
          const first = plot.dataset.revision === undefined;
          plot.dataset.revision = String(revision);
          if (first) el.dispatchEvent(new CustomEvent("deepsea-figure-drawn", { bubbles: true }));
        }).catch((error: unknown) => console.error("deepsea_widget: a figure could not be drawn", error));
      };
      model.on("change:figure", draw);
      model.on("change:config", draw);
      draw();
      // A new container width redraws an autosized figure (once for a burst of resizes: the
      // redraw that is waiting to start reads the latest width).
      const resized = new (globalThis.ResizeObserver ?? NoResizeObserver)((entries) => {
        const now = entries[entries.length - 1]?.contentRect.width ?? 0;
        if (!(now > 0) || now === width) return;
        width = now;
        const fig = model.get("figure") as FigureSpec | undefined;
        if (resizing || fitLayout(fig?.layout ?? {}, width).width === drawnWidth) return;
        resizing = true;
        draw();
      });
      resized.observe(el);
      await drawing;
      const send = (kind: string) => (e: { points?: PlotlyPoint[] }): void => {
        const wanted = model.get("events");
        if (Array.isArray(wanted) && wanted.includes(kind)) model.send({ type: kind, points: eventPoints(e.points) });
      };
      plot.on?.("plotly_click", send("click"));
      plot.on?.("plotly_hover", send("hover"));
      return () => {
        gone = true;
        resized.disconnect();
        model.off("change:figure", draw);
        model.off("change:config", draw);
        unsay();
        Plotly.purge(plot);
      };
    },
  };
}

export default figureWidget();
