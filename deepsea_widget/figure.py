"""`Figure`: one small anywidget that draws any figure description (a dict of ``data`` and
``layout``) with plotly.js's ``Plotly.react``, sends a view only what changed, and sends
back the clicks (and, when asked, hovers) on its points.

plotly.js comes from plotly's own package data, once per kernel and page: every figure
names one shared `PlotlyLibrary` model that holds it (a saved notebook keeps one copy).
"""
from __future__ import annotations

import hashlib
import importlib.util
import pathlib
import re
from typing import Any, Callable

import anywidget
import ipywidgets
import traitlets

from .panels import in_words

_STATIC = pathlib.Path(__file__).parent / "static"

# The chart's toolbar: a picture to download, zoom, pan and reset. The rest went: the
# selection tools, spike lines, hover modes and plotly's logo only added stops for the
# keyboard, and "Share chart..." would upload the chart to Plotly's cloud.
MODEBAR_CONFIG = {
    "displaylogo": False,
    "modeBarButtonsToRemove": ["sendChartToCloud", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d",
                               "autoScale2d", "toggleSpikelines", "hoverClosestCartesian",
                               "hoverCompareCartesian"],
}
EVENTS = ("click", "hover")
_POINT_KEYS = {"curve", "point", "x", "y"}


def plotly_js_path() -> pathlib.Path:
    """plotly.js as plotly's Python package ships it (found without importing plotly)."""
    spec = importlib.util.find_spec("plotly")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("plotly is not installed: pip install plotly")
    path = pathlib.Path(spec.submodule_search_locations[0]) / "package_data" / "plotly.min.js"
    if not path.is_file():
        raise FileNotFoundError(f"plotly's package has no {path.name} at {path}: reinstall plotly")
    return path


class PlotlyLibrary(anywidget.AnyWidget):
    """A model that only holds plotly.js as an ES module (``source``) and its ``digest``; never
    displayed: each figure's front end imports it once per page and digest."""

    _esm = "export default {};\n"
    source = traitlets.Unicode().tag(sync=True)
    digest = traitlets.Unicode().tag(sync=True)

    def __init__(self, **kwargs):
        text = ascii_js(plotly_js_path().read_text(encoding="utf-8"))
        # plotly.min.js is a UMD script: given a `module`, it puts Plotly there (and on window)
        source = f"const module = {{ exports: {{}} }};\n{text}\nexport default module.exports;\n"
        super().__init__(source=source, digest=hashlib.sha256(source.encode()).hexdigest()[:32], **kwargs)


def ascii_js(text: str) -> str:
    """JavaScript ``text`` with each non-ASCII character written as its ``\\uXXXX`` escape, which
    JavaScript reads as the same character in a string, a template or a regular expression (where
    plotly.min.js has its few); ``text`` unchanged if one follows a backslash (escaped, it would
    read otherwise). Why: a few CJK characters made Python keep all of plotly.js's 4.8 million
    characters at 2 bytes each in every kernel; in ASCII they take 1 (4.6 MiB less per kernel)."""
    if text.isascii() or re.search(r"\\[^\x00-\x7f]", text):
        return text
    return re.sub(r"[^\x00-\x7f]", lambda m: "".join(
        f"\\u{int.from_bytes(pair, 'big'):04x}" for pair in _pairs(m.group().encode("utf-16-be"))), text)


def _pairs(data: bytes) -> list[bytes]:
    return [data[i:i + 2] for i in range(0, len(data), 2)]


_library: PlotlyLibrary | None = None


def shared_library() -> PlotlyLibrary:
    """This kernel's plotly.js model: made on first use, and again if it was closed."""
    global _library
    if _library is None or _library.comm is None:
        _library = PlotlyLibrary()
    return _library


class Figure(anywidget.AnyWidget):
    """A plotly chart from a figure description: ``Figure({"data": [...], "layout": {...}})``.

    ``fig.update(new)`` shows another description: only the parts that changed go to the
    front end (as a patch), which redraws with ``Plotly.react``. ``fig.on_click(callback)``
    calls ``callback(points)`` on a click, each point a dict of ``curve``, ``point``, ``x``,
    ``y``; ``on_hover`` likewise. The figure in words (for screen readers) is beside the chart.
    """

    _esm = _STATIC / "figure.js"
    _plotly = traitlets.Instance(PlotlyLibrary).tag(sync=True, **ipywidgets.widget_serialization)
    config = traitlets.Dict().tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)  # the figure in words (`panels.in_words`)
    events = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the events the front end sends back

    def __init__(self, figure: dict | None = None, config: dict | None = None, **kwargs: Any):
        figure = _check_figure(figure if figure is not None else {"data": [], "layout": {}})
        self._figure = figure  # (not a synced trait: `get_state` sends it whole, `update` a patch)
        self._revision = 0
        self._listeners: dict[str, list[Callable[[list], None]]] = {name: [] for name in EVENTS}
        self.refused: list[str] = []  # what the front end sent that was not understood, said in words
        super().__init__(_plotly=shared_library(), config=dict(MODEBAR_CONFIG, **(config or {})),
                         summary=in_words(figure), **kwargs)
        self.on_msg(self._on_msg)

    @property
    def figure(self) -> dict:
        """The figure description shown now (do not change it in place: `update` it)."""
        return self._figure

    @property
    def data(self) -> list:
        return self._figure["data"]

    @property
    def layout(self) -> dict:
        return self._figure["layout"]

    @property
    def revision(self) -> int:
        """How many updates changed the figure."""
        return self._revision

    def get_state(self, key=None, drop_defaults=False):
        state = super().get_state(key, drop_defaults)
        if key is None:  # a view opening or asking for everything: the figure as it is now
            state["figure"] = self._figure
            state["revision"] = self._revision
        return state

    def update(self, figure: dict) -> bool:
        """Show ``figure`` instead; the views get only what changed. Returns whether anything did."""
        figure = _check_figure(figure)
        ops = diff(self._figure, figure)
        if not ops:
            return False
        self._figure = figure
        self._revision += 1
        words = in_words(figure)
        with self.hold_sync():
            if words != self.summary:
                self.summary = words
            if self.comm is not None:
                self.send({"type": "patch", "revision": self._revision, "ops": ops})
        return True

    def on_click(self, callback: Callable[[list], None]) -> None:
        self._listen("click", callback)

    def on_hover(self, callback: Callable[[list], None]) -> None:
        self._listen("hover", callback)

    def _listen(self, event: str, callback: Callable[[list], None]) -> None:
        if not callable(callback):
            raise ValueError(f"callback: must be callable, got {callback!r}")
        self._listeners[event].append(callback)
        if event not in self.events:
            self.events = [*self.events, event]

    def _on_msg(self, _widget, content, _buffers) -> None:
        problem = _message_problem(content)
        if problem:
            self.refused.append(problem)
            self.log.warning("deepsea_widget.Figure: %s", problem)
            return
        if content["type"] == "resync":  # a view missed a patch: send it everything
            self.send_state()
            return
        points = [{k: p[k] for k in _POINT_KEYS} for p in content["points"]]
        for callback in self._listeners[content["type"]]:
            callback(points)


def _check_figure(figure) -> dict:
    if not isinstance(figure, dict):
        raise ValueError(f"figure: must be a dict with 'data' (a list of traces) and 'layout' (a dict), "
                         f"got {type(figure).__name__}")
    unknown = sorted(set(figure) - {"data", "layout"})
    if unknown:
        raise ValueError(f"figure: unknown key(s) {', '.join(map(repr, unknown))} (known: 'data', 'layout')")
    data, layout = figure.get("data", []), figure.get("layout", {})
    if not isinstance(data, (list, tuple)) or not all(isinstance(t, dict) for t in data):
        raise ValueError("figure['data']: must be a list of traces (dicts)")
    if not isinstance(layout, dict):
        raise ValueError(f"figure['layout']: must be a dict, got {type(layout).__name__}")
    return {"data": list(data), "layout": layout}


def _message_problem(content) -> str:
    """What is wrong with a message from the front end ("" if nothing)."""
    if not isinstance(content, dict):
        return f"a message must be a dict, got {type(content).__name__}"
    kind = content.get("type")
    if kind == "resync":
        return "" if set(content) == {"type"} else "a 'resync' message has only 'type'"
    if kind not in EVENTS:
        return f"'type' must be one of 'resync', 'click', 'hover', got {kind!r}"
    if set(content) != {"type", "points"}:
        return f"a {kind!r} message has 'type' and 'points', got {sorted(content)}"
    points = content["points"]
    if not isinstance(points, list) or len(points) > 1000:
        return "'points' must be a list (of at most 1000 points)"
    for i, point in enumerate(points):
        if not isinstance(point, dict) or set(point) != _POINT_KEYS:
            return f"points[{i}] must have exactly {sorted(_POINT_KEYS)}"
        for key in ("curve", "point"):
            if type(point[key]) is not int or point[key] < 0:
                return f"points[{i}].{key} must be a whole number, 0 or more, got {point[key]!r}"
    return ""


def diff(old, new, path: tuple = ()) -> list:
    """The patch that turns ``old`` into ``new``: a list of ``{"path": [...], "value": v}`` (set)
    and ``{"path": [...]}`` (delete). Dicts are compared key by key, lists of dicts of the same
    length (traces, annotations) item by item, anything else as a whole."""
    if old is new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        ops = []
        for key, value in new.items():
            if key not in old:
                ops.append({"path": [*path, key], "value": value})
            else:
                ops += diff(old[key], value, (*path, key))
        ops += [{"path": [*path, key]} for key in old if key not in new]
        return ops
    if (isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)) and len(old) == len(new)
            and all(isinstance(a, dict) and isinstance(b, dict) for a, b in zip(old, new))):
        return [op for i, (a, b) in enumerate(zip(old, new)) for op in diff(a, b, (*path, i))]
    if _same(old, new):
        return []
    return [{"path": list(path), "value": new}]


def _same(a, b) -> bool:
    """Whether ``a`` and ``b`` read the same as JSON (a tuple may be a list on either side; an
    answer of "not the same" for equal values only sends more than needed)."""
    if type(a) is type(b):
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(x is y or _same(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):  # (True is not 1 to plotly.js)
        return False
    return a == b
