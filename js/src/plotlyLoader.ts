// Front end of the odds panels (deepsea_widget.panels._figure.PanelFigure): plotly's
// own FigureWidget front end, whose ~5 MB module is not in each panel's state but in
// one shared model (PlotlyLibrary), imported once per page and per bundle version.
//
// Each panel names that model in its `_plotly_library` trait ("IPY_MODEL_<id>").
// The first panel to start imports the bundle; the others wait for the same import.
// A notebook saved with its widget state then holds the bundle once, not once per
// panel, and a page opening the app parses it once.

import type { AnyModel, Initialize, Render } from "@anywidget/types";

/** What plotly's module exports by default: anywidget's widget, or a factory of one. */
type Widget = { initialize?: Initialize; render: Render };
type WidgetModule = { default: Widget | (() => Widget | Promise<Widget>) };
type Importer = (source: string) => Promise<WidgetModule>;

const REF_PREFIX = "IPY_MODEL_";
// On globalThis, so that every panel's copy of this module sees the same imports:
// the bundle's digest -> its module (a promise, so starts that overlap share it).
const IMPORTS = Symbol.for("deepsea_widget.plotly_imports");

function imports(): Map<string, Promise<WidgetModule>> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Promise<WidgetModule>> | undefined>;
  return (holder[IMPORTS] ??= new Map());
}

/** The model id in a widget reference ("IPY_MODEL_<id>"); an error naming the trait otherwise. */
export function libraryId(ref: unknown): string {
  if (typeof ref !== "string" || !ref.startsWith(REF_PREFIX) || ref.length === REF_PREFIX.length) {
    throw new Error(`deepsea_widget: _plotly_library must name the shared plotly model ("${REF_PREFIX}<id>"), got ${JSON.stringify(ref)}`);
  }
  return ref.slice(REF_PREFIX.length);
}

async function importSource(source: string): Promise<WidgetModule> {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return (await import(/* @vite-ignore */ url)) as WidgetModule;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** plotly's module, from the library model the panel names: imported once per digest. */
export async function sharedModule(model: AnyModel, importer: Importer = importSource): Promise<WidgetModule> {
  const library = await model.widget_manager.get_model(libraryId(model.get("_plotly_library")));
  const source = library.get("source");
  const digest = library.get("digest");
  if (typeof source !== "string" || !source || typeof digest !== "string" || !digest) {
    throw new Error("deepsea_widget: the shared plotly model has no bundle (source and digest must be non-empty strings)");
  }
  const known = imports();
  let loading = known.get(digest);
  if (loading === undefined) {
    loading = importer(source);
    known.set(digest, loading);
    loading.catch(() => known.delete(digest)); // a failed import is tried again by the next panel
  }
  return loading;
}

// Out of sight but read by screen readers (the usual "visually hidden" rules).
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  position: "absolute", width: "1px", height: "1px", padding: "0", margin: "-1px",
  overflow: "hidden", clip: "rect(0, 0, 0, 0)", whiteSpace: "nowrap", border: "0",
};

/**
 * The panel in words (its `_summary` trait, kept by the kernel) in a visually hidden
 * paragraph in `el`, kept up to date: plotly's drawing says nothing to a screen reader.
 * Returns what removes it.
 */
export function describe(model: AnyModel, el: HTMLElement): () => void {
  const words = document.createElement("p");
  words.className = "dsw-panel-words";
  Object.assign(words.style, VISUALLY_HIDDEN);
  const show = (): void => {
    const summary = model.get("_summary");
    words.textContent = typeof summary === "string" ? summary : "";
  };
  show();
  el.append(words);
  model.on("change:_summary", show);
  return () => {
    model.off("change:_summary", show);
    words.remove();
  };
}

/** A panel's widget: plotly's, once its module is in, with the panel in words beside the
 * chart. (A factory: one plotly widget per model.) */
export function panelWidget(load: (model: AnyModel) => Promise<WidgetModule> = (m) => sharedModule(m)): Widget {
  let plotly: Widget | undefined;
  return {
    async initialize(props) {
      const mod = await load(props.model);
      plotly = typeof mod.default === "function" ? await mod.default() : mod.default;
      return plotly.initialize?.(props);
    },
    async render(props) {
      if (plotly === undefined) throw new Error("deepsea_widget: a panel was drawn before plotly's module was in");
      const unsay = describe(props.model, props.el);
      const cleanup = await plotly.render(props);
      return async () => {
        unsay();
        if (typeof cleanup === "function") await cleanup();
      };
    },
  };
}

export default () => panelWidget();
