// Entry point of the Board widget's front end (anywidget's front-end module
// format). Each view draws the synced `view` trait and sends intents; see
// ui.ts. Returns the cleanup function anywidget calls when the view goes.

import type { RenderProps } from "@anywidget/types";
import type { Model, Reply } from "./model";
import { BoardUI } from "./ui";

function render({ model, el }: RenderProps<Model>): () => void {
  const ui = new BoardUI(model, el);
  const onChange = (): void => ui.update();
  const onMessage = (msg: Reply): void => ui.onReply(msg);
  model.on("change:view", onChange);
  model.on("msg:custom", onMessage);
  // Redraw every part on request, from the current view or from `detail.view`
  // (the browser tests time a full redraw with it, alternating two real states).
  const onRedraw = (e: Event): void => ui.redrawAll((e as CustomEvent<{ view?: Model["view"] } | null>).detail?.view);
  el.addEventListener("dsw-redraw", onRedraw);
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => ui.onResize(entries[entries.length - 1]?.contentRect.width ?? 0));
  observer?.observe(el);
  ui.update();

  return () => {
    model.off("change:view", onChange);
    model.off("msg:custom", onMessage);
    observer?.disconnect();
    el.removeEventListener("dsw-redraw", onRedraw);
    ui.destroy();
  };
}

export default { render };
