// Entry point of the Board widget's front end (anywidget's front-end module
// format): draws the synced public view and redraws on change:view or when
// the container's width changes the number of columns.

import type { RenderProps } from "@anywidget/types";
import type { Model, PublicView } from "./model";
import { drawBoard } from "./board";
import { statusLine } from "./format";
import { trailLayout } from "./layout";

function hasGame(view: Model["view"]): view is PublicView {
  return Array.isArray((view as Partial<PublicView>).trail);
}

function render({ model, el }: RenderProps<Model>): () => void {
  el.classList.add("dsw-root");
  let columns = -1;

  const draw = (): void => {
    const view = model.get("view");
    if (!hasGame(view)) {
      const empty = document.createElement("p");
      empty.className = "dsw-empty";
      empty.textContent = "No game yet: create the board with Board(game).";
      el.replaceChildren(empty);
      columns = -1;
      return;
    }
    const { svg, layout } = drawBoard(view, el.clientWidth);
    columns = layout.columns;
    const status = document.createElement("p");
    status.className = "dsw-status";
    status.setAttribute("role", "status");
    status.textContent = statusLine(view);
    el.replaceChildren(svg, status);
  };

  const onResize = (): void => {
    const view = model.get("view");
    if (!hasGame(view)) return;
    // Redraw only when the serpentine would change, not on every pixel.
    if (trailLayout(view.trail.length, el.clientWidth).columns !== columns) draw();
  };

  model.on("change:view", draw);
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(onResize);
  observer?.observe(el);
  draw();

  return () => {
    model.off("change:view", draw);
    observer?.disconnect();
    el.replaceChildren();
  };
}

export default { render };
