// Saving and loading a game: the Export and Load buttons (shown with the
// game's controls) and the panel they open. Export asks Python for the
// save's text and offers it as a download; Load sends pasted text or a
// chosen file's to Python, which reads it (or refuses it with a reason).
// In the classroom app Export is off (Python says why) and Download results
// asks Python for the player's results and saves them as a file at once.

import type { Reply, TableView } from "./model";
import { button, h, setEnabled, show } from "./dom";

/** What the panel needs of the board view it is part of. */
export interface SaveHost {
  /** Send a game to load; whether it was sent (not while another intent awaits its answer). */
  load(text: string): boolean;
  /** Ask Python for the save's text (it answers with an "export" reply). */
  requestExport(): void;
  /** Ask Python for the player's results (it answers with a "results" reply). */
  requestResults(): void;
}

/** The panel and its two buttons, as the board view sees them. */
export interface SavePanel {
  readonly element: HTMLElement;
  readonly exportButton: HTMLButtonElement;
  readonly loadButton: HTMLButtonElement;
  /** Download results (shown in the classroom app only). */
  readonly resultsButton: HTMLButtonElement;
  /** Python's reply: the save's text this view asked for is offered for download. */
  onReply(msg: Reply): void;
  /** A new view: after a load was sent it is the answer, and the load box closes unless it was refused. */
  viewChanged(view: TableView): void;
  /** The view is gone: free the download's file. */
  destroy(): void;
}

export function createSavePanel(host: SaveHost): SavePanel {
  let wantExport = false;
  let loadSent = false;
  // The state number and refusal count of the last view: a load's answer changes one of them
  // (a view of the state before it, such as a late second step with the odds, is not its answer).
  let seen = "";
  let sentAt = "";
  const exportButton = button("Export", "export", () => {
    wantExport = true;
    host.requestExport();
  });
  const loadButton = button("Load", "load", () => toggleLoad(), { "aria-expanded": "false" });
  let wantResults = false;
  const resultsButton = button("Download results", "results", () => {
    wantResults = true;
    host.requestResults();
  }, { title: "Save your scores and the game's log as a file (CSV)" });
  show(resultsButton, false);

  const text = h("textarea", { class: "dsw-save-text", attrs: { readonly: true, rows: 4, "aria-label": "Saved game (JSON)", "data-key": "save-text" } });
  const download = h("a", { class: "dsw-download", attrs: { download: "deepsea-game.json", href: "#" } }, "Download");
  // A save holds what every chip is worth and the dice to come (to continue the game
  // exactly): the table should not read it in passing, so its text is folded away.
  const details = h("details", { class: "dsw-save-details" }, h("summary", {}, "Show the save's text"), text);
  const exportBox = h(
    "div",
    { class: "dsw-export" },
    h("p", { class: "dsw-export-note" }, "A save holds what every chip is worth and the dice to come: keep it out of sight while the game is on."),
    details,
    h("div", { class: "dsw-edit-row" }, download, button("Close", "export-close", () => {
      show(exportBox, false);
      show(panel, !loadBox.hidden);
      exportButton.focus();
    })),
  );
  const loadText = h("textarea", { class: "dsw-load-text", attrs: { rows: 4, "aria-label": "Game to load (JSON)", placeholder: "Paste a saved game here, or choose a file", "data-key": "load-text" } });
  const file = h("input", { attrs: { type: "file", accept: ".json,application/json", "aria-label": "Choose a saved game file" } });
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (f) void f.text().then((t) => (loadText.value = t));
  });
  const loadBox = h(
    "div",
    { class: "dsw-load" },
    loadText,
    h(
      "div",
      { class: "dsw-edit-row" },
      file,
      button("Load game", "load-game", () => {
        if (host.load(loadText.value)) {
          loadSent = true;
          sentAt = seen;
        }
      }),
      button("Cancel", "load-cancel", () => {
        toggleLoad();
        loadButton.focus();
      }),
    ),
  );
  show(exportBox, false);
  show(loadBox, false);
  const panel = h("section", { class: "dsw-save", attrs: { "aria-label": "Save and load" } }, exportBox, loadBox);
  show(panel, false);

  /** Open the load box, or close it if open. */
  const toggleLoad = (): void => {
    const open = loadBox.hidden;
    show(panel, open || !exportBox.hidden);
    show(loadBox, open);
    loadButton.setAttribute("aria-expanded", String(open));
    if (open) loadText.focus();
  };

  return {
    element: panel,
    exportButton,
    loadButton,
    resultsButton,
    onReply(msg) {
      if (msg && msg.type === "results" && wantResults) {
        wantResults = false;
        saveFile(String(msg.text ?? ""), String(msg.filename || "deepsea-results.csv"), "text/csv");
        return;
      }
      if (!msg || msg.type !== "export" || !wantExport) return;
      wantExport = false;
      const saved = String(msg.text ?? "");
      text.value = saved;
      const old = download.href;
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      download.href = URL.createObjectURL(new Blob([saved], { type: "application/json" }));
      details.open = false; // (shown once, the text would otherwise stay in view)
      show(exportBox, true);
      show(panel, true);
      download.focus(); // (the text itself stays folded away: it tells hidden values)
    },
    viewChanged(view) {
      setEnabled(exportButton, !view.export_refusal, view.export_refusal ?? "");
      show(resultsButton, !!view.results);
      seen = `${view.seq}/${view.refusals ?? 0}`;
      if (!loadSent || seen === sentAt) return;
      loadSent = false;
      if (!view.error) {
        show(loadBox, false);
        show(panel, !exportBox.hidden);
        loadButton.setAttribute("aria-expanded", "false");
      }
    },
    destroy() {
      const url = download.href;
      if (url.startsWith("blob:")) URL.revokeObjectURL(url);
    },
  };
}

/** Offer `text` as a file download in the browser (no request to a server). */
function saveFile(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { attrs: { href: url, download: filename, hidden: true } });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000); // (the download has started by then)
}
