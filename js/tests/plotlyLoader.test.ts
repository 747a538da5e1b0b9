// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { AnyModel } from "@anywidget/types";
import { libraryId, panelWidget, sharedModule } from "../src/plotlyLoader";

// Models as anywidget hands them over: `get` and the widget manager (all this module uses).
function manager(libraries: Record<string, Record<string, unknown>>) {
  return {
    get_model: async (id: string) => {
      const state = libraries[id];
      if (state === undefined) throw new Error("widget model not found");
      return { get: (key: string) => state[key] } as unknown as AnyModel;
    },
  };
}

type FakeModel = AnyModel & { say(text: string): void; listening(name: string): number };

function panel(ref: unknown, widgetManager: ReturnType<typeof manager>, summary = ""): FakeModel {
  const state: Record<string, unknown> = { _plotly_library: ref, _summary: summary };
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (key: string) => state[key],
    on: (name: string, callback: () => void) => void (listeners.get(name) ?? listeners.set(name, new Set()).get(name)!).add(callback),
    off: (name: string, callback: () => void) => void listeners.get(name)?.delete(callback),
    widget_manager: widgetManager,
    say(text: string) {
      state._summary = text;
      listeners.get("change:_summary")?.forEach((f) => f());
    },
    listening: (name: string) => listeners.get(name)?.size ?? 0,
  } as unknown as FakeModel;
}

// plotly's module as its bundle exports it: a factory, one widget (with its own state) per call
function plotlyModule(log: string[]) {
  let made = 0;
  return {
    default: () => {
      const n = ++made;
      return {
        initialize: ({ model }: { model: AnyModel }) => void log.push(`initialize ${n} ${String(model.get("_plotly_library"))}`),
        render: ({ el }: { el: HTMLElement }) => {
          log.push(`render ${n} ${el.id}`);
          return () => void log.push(`removed ${n}`);
        },
      };
    },
  };
}

const props = (model: AnyModel, id = "") => ({ model, el: Object.assign(document.createElement("div"), { id }) }) as never;

describe("the odds panels' loader of plotly's shared bundle", () => {
  it("imports the bundle once for every panel naming the library, and gives each panel its own plotly widget", async () => {
    const log: string[] = [];
    const sources: string[] = [];
    const importer = async (source: string) => {
      sources.push(source);
      return plotlyModule(log);
    };
    const wm = manager({ lib: { source: "plotly bundle", digest: "digest-once" } });
    const models = [panel("IPY_MODEL_lib", wm), panel("IPY_MODEL_lib", wm)];
    const widgets = models.map(() => panelWidget((m) => sharedModule(m, importer)));
    await Promise.all(widgets.map((w, i) => w.initialize!(props(models[i]!))));
    expect(sources).toEqual(["plotly bundle"]);
    const cleanup = await widgets[1]!.render(props(models[1]!, "second"));
    await widgets[0]!.render(props(models[0]!, "first"));
    await (cleanup as () => Promise<void>)();
    expect(log).toEqual(["initialize 1 IPY_MODEL_lib", "initialize 2 IPY_MODEL_lib", "render 2 second", "render 1 first", "removed 2"]);
  });

  it("shares by the bundle's digest: another library model with the same bundle (a restarted kernel) imports nothing", async () => {
    let imported = 0;
    const importer = async () => {
      imported += 1;
      return plotlyModule([]);
    };
    const wm = manager({ a: { source: "v1", digest: "digest-shared" }, b: { source: "v1", digest: "digest-shared" }, c: { source: "v2", digest: "digest-other" } });
    await sharedModule(panel("IPY_MODEL_a", wm), importer);
    await sharedModule(panel("IPY_MODEL_b", wm), importer);
    expect(imported).toBe(1);
    await sharedModule(panel("IPY_MODEL_c", wm), importer);
    expect(imported).toBe(2);
  });

  it("tries a failed import again for the next panel", async () => {
    let calls = 0;
    const importer = async () => {
      calls += 1;
      if (calls === 1) throw new Error("parse failed");
      return plotlyModule([]);
    };
    const wm = manager({ lib: { source: "x", digest: "digest-retry" } });
    await expect(sharedModule(panel("IPY_MODEL_lib", wm), importer)).rejects.toThrow("parse failed");
    await expect(sharedModule(panel("IPY_MODEL_lib", wm), importer)).resolves.toHaveProperty("default");
    expect(calls).toBe(2);
  });

  it("refuses, by name, a panel that names no library or a library without a bundle", async () => {
    for (const bad of [undefined, null, "", "IPY_MODEL_", "lib", 42]) {
      expect(() => libraryId(bad)).toThrow("_plotly_library must name the shared plotly model");
    }
    expect(libraryId("IPY_MODEL_abc")).toBe("abc");
    const wm = manager({ empty: { source: "", digest: "d" }, nodigest: { source: "s" } });
    const importer = async () => plotlyModule([]);
    await expect(sharedModule(panel("IPY_MODEL_empty", wm), importer)).rejects.toThrow("has no bundle");
    await expect(sharedModule(panel("IPY_MODEL_nodigest", wm), importer)).rejects.toThrow("has no bundle");
    await expect(sharedModule(panel("IPY_MODEL_gone", wm), importer)).rejects.toThrow("widget model not found");
  });

  it("says so if a view is drawn before the module is in", async () => {
    const widget = panelWidget(async () => plotlyModule([]));
    await expect(Promise.resolve().then(() => widget.render(props(panel("IPY_MODEL_x", manager({})))))).rejects.toThrow("before plotly's module was in");
  });

  it("puts the panel in words by the chart, out of sight, follows the kernel's changes, and takes them away with the view", async () => {
    const model = panel("IPY_MODEL_lib", manager({}), "Every diver: P(home). Ann: P(home) 63%.");
    const widget = panelWidget(async () => plotlyModule([]));
    await widget.initialize!(props(model));
    const el = document.createElement("div");
    const cleanup = await widget.render({ model, el } as never);
    const words = el.querySelector("p.dsw-panel-words") as HTMLElement;
    expect(words.textContent).toBe("Every diver: P(home). Ann: P(home) 63%.");
    expect([words.style.position, words.style.width, words.style.overflow]).toEqual(["absolute", "1px", "hidden"]);
    model.say("Every diver: P(home). Ann: P(home) 58%.");
    expect(words.textContent).toBe("Every diver: P(home). Ann: P(home) 58%.");
    await (cleanup as () => Promise<void>)();
    expect(el.querySelector(".dsw-panel-words")).toBeNull();
    model.say("later"); // (nothing follows it any more)
    expect(el.querySelector(".dsw-panel-words")).toBeNull();
    expect(model.listening("change:_summary")).toBe(0);
  });
});
