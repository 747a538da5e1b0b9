"""`PanelFigure`: a plotly FigureWidget that opens with its figure, notices a dead front end,
and shows front ends that start later the figure as it is now.

plotly's FigureWidget opens its comm first and sends its data and layout in a
second message. A front end still loading plotly's (large) bundle can miss
that early message and draw an empty chart for good (anywidget issue #803,
plotly.py issue #4933; seen here in JupyterLab with several panels at once).
A PanelFigure keeps its comm closed until `publish`, then opens it with the
data and layout in the opening state, which the front end cannot miss.

A second failure is later and silent: anywidget gives a widget's front end 2 s
to load and start its module; past that it drops every message from the
kernel for good ("[anywidget] Failed to initialize model." in the console),
while the chart it finally draws shows the opening state forever. plotly's
bundle is about 5 MB (the panels share one import of it, `_plotly_library`), so
a busy machine opening the panels can miss the 2 s. A rendered plotly view
confirms each update it applies (the edit ids of `_js2py_layoutDelta` /
`_js2py_traceDeltas`), so a PanelFigure
whose view has rendered but has confirmed no update since its opening state,
`STALE_AFTER` seconds after one was sent, calls its ``on_stale`` callback,
and the panels put a fresh widget, with a new front end, in its place
(`Panels`). A view that once confirmed an update is never replaced.

A third is for front ends that start later, on a reloaded page or in another
browser tab: they ask the kernel for the widget's whole state, which plotly
keeps as the figure opened, and their first report made plotly drop properties
from the kernel's figure. A PanelFigure answers with the figure as it is now
and keeps every property it set (`get_state`, `_remove_overlapping_props`).
"""
from __future__ import annotations

import asyncio
import pathlib
from contextlib import contextmanager
from copy import deepcopy

import ipywidgets
import plotly.graph_objects as go
import traitlets

from ._layout import in_words
from ._plotly_library import PlotlyLibrary, shared_library

STALE_AFTER = 5.0  # seconds a rendered view may take to confirm an update before it counts as dead


# The chart's toolbar: a picture to download, zoom, pan and reset. The rest went: the
# selection tools, spike lines, hover modes and plotly's logo only added stops for the
# keyboard, and "Share chart..." would upload the chart to Plotly's cloud.
MODEBAR_CONFIG = {
    "displaylogo": False,
    "modeBarButtonsToRemove": ["sendChartToCloud", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d",
                               "autoScale2d", "toggleSpikelines", "hoverClosestCartesian",
                               "hoverCompareCartesian"],
}


class PanelFigure(go.FigureWidget):
    # plotly's front end, by a small loader from the kernel's one `PlotlyLibrary` (not
    # plotly's 5 MB bundle in every panel's state: see `_plotly_library`)
    _esm = pathlib.Path(__file__).parent.parent / "static" / "plotly_loader.js"
    _plotly_library = traitlets.Instance(PlotlyLibrary).tag(sync=True, **ipywidgets.widget_serialization)
    # the figure in words (`in_words`): the loader puts it, visually hidden, by the chart for
    # screen readers, which get nothing from plotly's drawing
    _summary = traitlets.Unicode("").tag(sync=True)
    on_stale = None  # called (no arguments) when the front end stopped applying updates

    def __init__(self, *args, **kwargs):
        library = shared_library()  # made first, so its comm opens before this widget's
        self._held = True  # set before the widget machinery runs, so open() waits
        self._rendered = False  # a view drew the figure
        self._alive = False  # a view applied an update sent after the opening state
        self._opening = (0, 0)  # the edit ids in the opening state: a dead front end only knows these
        self._watching = False
        super().__init__(*args, **kwargs)
        self._plotly_library = library
        self._summary = in_words(self)
        self._config = dict(MODEBAR_CONFIG)  # (plotly's FigureWidget takes its config only this way)
        self.observe(self._on_view_report, names=["_js2py_layoutDelta", "_js2py_traceDeltas"])

    def open(self):
        if not getattr(self, "_held", False):
            super().open()

    def publish(self) -> "PanelFigure":
        """Open the comm with the figure as it is now (a no-op once open)."""
        if self.comm is None:
            self._held = False  # (opening asks `get_state` for the figure as it is now)
            self._opening = (self._last_layout_edit_id, self._last_trace_edit_id)
            self.open()
        return self

    @staticmethod
    def _remove_overlapping_props(input_data, delta_data, prop_path=()):
        """Keep every property the kernel set. (plotly drops from the kernel's figure each
        property a view reports among its computed defaults, e.g. a bar chart's ``y``; the
        views drawn so far still have it, but a front end that starts later gets the figure
        without it, and its own report then leaves the property unset in the kernel too.)"""
        return []

    def get_state(self, key=None, drop_defaults=False):
        """The widget's state; all of it (``key`` None) holds the figure as it is now.

        plotly updates the views it has by messages alone: its ``_widget_data`` and
        ``_widget_layout`` keep the figure as it opened. A front end that asks for the
        whole state later (a reloaded page, another browser tab) would draw that, and its
        first report would make plotly drop properties from the kernel's own figure. So
        they are brought up to date here first, quietly (the open views have it already).
        """
        if key is None:
            self._trait_values["_widget_data"] = deepcopy(self._data)
            self._trait_values["_widget_layout"] = deepcopy(self._layout_obj._props)
        return super().get_state(key, drop_defaults)

    @contextmanager
    def batch_update(self):
        """plotly's batch update, then the figure in words, then `watch` for the front end's
        confirmation: once, when the outermost batch ends (plotly's own updates, such as
        ``update_layout``, open batches too, inside the panels' own)."""
        if self._in_batch_mode:  # inside another batch, which does the rest when it ends
            yield
            return
        with super().batch_update():
            yield
        self._summary = in_words(self)  # (after the batch: inside it plotly gives the old annotations)
        self.watch()

    def _on_view_report(self, change) -> None:
        report = change["new"]
        if not report:  # (plotly resets the trait to None after each report)
            return
        self._rendered = True
        layout_id, trace_id = report.get("layout_edit_id", -1), report.get("trace_edit_id", -1)
        if layout_id > self._opening[0] or trace_id > self._opening[1]:
            self._alive = True

    @property
    def confirmed(self) -> bool:
        """Whether the front end has applied every update sent so far."""
        return not (self._layout_edit_in_process or self._trace_edit_in_process)

    def watch(self) -> None:
        """After an update: check, once the kernel has been free for `STALE_AFTER` seconds,
        that a rendered view confirmed it (outside a running event loop: nothing to do)."""
        if self.comm is None or self._watching or self.on_stale is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._watching = True
        loop.call_later(STALE_AFTER, self._check)

    def _check(self) -> None:
        """Call ``on_stale`` if a view drew the figure but never applied an update since: a
        front end that once did is alive (only its start can fail), however slow it is now."""
        self._watching = False
        if self.comm is None or self._alive or not self._rendered or self.confirmed or self.on_stale is None:
            return
        self.on_stale()
