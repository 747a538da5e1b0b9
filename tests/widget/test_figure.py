"""The figure widget: a figure description drawn by plotly.js, views sent only what changed.

The patches a `Figure` sends are applied here as the front end applies them
(js/src/figure.ts `applyPatch`, tested in js/tests/figure.test.ts), so a live figure
followed through a whole game must equal one drawn afresh; every description the
panels make is checked against plotly's schema (plotly's own figure class).
"""
from __future__ import annotations

import copy
import pathlib
import random
import re

import plotly.graph_objects as go
import pytest

from deepsea_widget.bots import PublicView, make_policy
from deepsea_widget.figure import Figure, diff
from deepsea_widget.live_panels import Panels
from deepsea_widget.panels import in_words
from deepsea_widget.rules import Game, PickUp, Roll

PACKAGE = pathlib.Path(__file__).parents[2] / "deepsea_widget"


def apply_patch(fig, ops):
    """The front end's `applyPatch`, in Python: set (or delete) the value at each path."""
    fig = copy.deepcopy(fig)
    for op in ops:
        *parents, last = op["path"] or [None]
        if last is None:
            fig = as_json(op["value"])
            continue
        node = fig
        for key in parents:
            node = node[key]
        if "value" in op:
            node[last] = as_json(op["value"])
        else:
            del node[last]
    return fig


def as_json(fig):
    """``fig`` as JSON reads it (tuples are lists)."""
    if isinstance(fig, dict):
        return {k: as_json(v) for k, v in fig.items()}
    if isinstance(fig, (list, tuple)):
        return [as_json(v) for v in fig]
    return fig


@pytest.fixture
def sent(monkeypatch):
    """The custom messages each Figure sends to its views: (figure, message)."""
    messages = []
    monkeypatch.setattr(Figure, "send", lambda self, content, buffers=None: messages.append((self, content)))
    return messages


def test_diff_gives_only_what_changed_and_its_patch_rebuilds_the_new_figure():
    old = {"data": [{"type": "bar", "x": [1, 2], "y": (0.5, 0.25), "marker": {"color": "red"}}],
           "layout": {"title": {"text": "Ann", "x": 0.02}, "margin": {"t": 40}, "gone": 1}}
    same = {"data": [{"type": "bar", "x": (1, 2), "y": [0.5, 0.25], "marker": {"color": "red"}}],
            "layout": {"title": {"text": "Ann", "x": 0.02}, "margin": {"t": 40}, "gone": 1}}
    assert diff(old, same) == []  # a tuple reads as a list
    new = {"data": [{"type": "bar", "x": [1, 2], "y": [0.5, 0.75], "marker": {"color": "red"}}],
           "layout": {"title": {"text": "Bob", "x": 0.02}, "margin": {"t": 40}, "extra": True}}
    ops = diff(old, new)
    assert ops == [{"path": ["data", 0, "y"], "value": [0.5, 0.75]},
                   {"path": ["layout", "title", "text"], "value": "Bob"},
                   {"path": ["layout", "extra"], "value": True},
                   {"path": ["layout", "gone"]}]
    assert apply_patch(as_json(old), ops) == as_json(new)
    # a trace more or fewer: the traces go whole; True is not 1 to plotly.js
    assert diff(old, {"data": [], "layout": old["layout"]}) == [{"path": ["data"], "value": []}]
    assert diff({"a": 1}, {"a": True}) == [{"path": ["a"], "value": True}]


def test_a_redraw_with_nothing_changed_sends_nothing(sent):
    game = Game(players=["Ann", "Bob", "Cy"], seed=4)
    panels = Panels(game)
    game.apply(Roll(dice=(1, 1)))
    game.apply(PickUp())
    game.apply(Roll(dice=(2, 2)))
    sent.clear()
    panels.refresh()
    assert {fig for fig, _ in sent} == set(panels.figures)  # a diver moved, another's turn
    revisions = [fig.revision for fig in panels.figures]
    sent.clear()
    panels.flush(force=True)  # every panel made afresh, all as it was
    assert sent == [] and [fig.revision for fig in panels.figures] == revisions


def test_live_figures_equal_figures_drawn_afresh_all_game_long(sent):
    """Views get only patches, so a view that applied each one must hold what a panel drawn
    afresh for the same position holds: checked after every action of a whole game of bots
    (all three dives, the end included), and every description is a valid plotly figure."""
    game = Game(players=["Ann", "Bob", "Cy", "Di"], seed=8)
    live = Panels(game)
    views = [as_json(fig.get_state()["figure"]) for fig in live.figures]  # what each view opened with
    bots = [make_policy(name) for name in ("cautious", "odds", "cautious", "random")]
    view, rng = PublicView(game), random.Random(3)
    step = 0
    while True:
        sent.clear()
        live.refresh()
        for fig, message in sent:
            i = live.figures.index(fig)
            assert message["type"] == "patch" and message["revision"] == fig.revision
            views[i] = apply_patch(views[i], message["ops"])
        fresh = Panels(game)
        for i, (mine, theirs) in enumerate(zip(live.figures, fresh.figures)):
            assert views[i] == as_json(theirs.figure), (step, i)
            assert mine.summary == theirs.summary == in_words(theirs.figure)
            if step % 7 == 0 or game.is_over:
                go.Figure(theirs.figure)  # plotly's schema: raises on any property it does not know
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(view, rng))
        step += 1
    assert step > 100


def test_a_view_that_missed_a_patch_asks_for_everything_and_gets_it(monkeypatch):
    fig = Figure({"data": [], "layout": {"title": {"text": "one"}}})
    states = []
    monkeypatch.setattr(Figure, "send_state", lambda self, key=None: states.append(self.get_state(key)))
    fig.update({"data": [], "layout": {"title": {"text": "two"}}})
    fig._handle_custom_msg({"type": "resync"}, [])
    assert states[-1]["figure"]["layout"]["title"]["text"] == "two" and states[-1]["revision"] == 1


def test_clicks_reach_python_and_malformed_messages_change_nothing():
    fig = Figure({"data": [{"type": "bar", "x": [0, 1], "y": [0.5, 0.25]}], "layout": {}})
    assert fig.events == []  # nothing is sent back until someone listens
    clicks = []
    fig.on_click(clicks.append)
    assert fig.events == ["click"]
    fig._handle_custom_msg({"type": "click", "points": [{"curve": 0, "point": 1, "x": 1, "y": 0.25}]}, [])
    assert clicks == [[{"curve": 0, "point": 1, "x": 1, "y": 0.25}]]
    for bad, words in [("click", "a message must be a dict"),
                       ({"type": "drag", "points": []}, "'type' must be one of"),
                       ({"type": "click"}, "has 'type' and 'points'"),
                       ({"type": "click", "points": [{"curve": -1, "point": 0, "x": 0, "y": 0}]},
                        "points[0].curve must be a whole number"),
                       ({"type": "click", "points": [{"curve": 0, "point": 0}]}, "points[0] must have exactly"),
                       ({"type": "hover", "points": "all"}, "'points' must be a list")]:
        fig._handle_custom_msg(bad, [])
        assert words in fig.refused[-1]
    assert len(clicks) == 1 and fig.revision == 0
    with pytest.raises(ValueError, match="callback: must be callable"):
        fig.on_hover("print")


def test_a_figure_must_be_a_description():
    with pytest.raises(ValueError, match="figure: must be a dict"):
        Figure(go.Figure())
    with pytest.raises(ValueError, match=r"figure: unknown key\(s\) 'frames'"):
        Figure({"data": [], "layout": {}, "frames": []})
    fig = Figure({"data": [], "layout": {}})
    with pytest.raises(ValueError, match=r"figure\['data'\]: must be a list of traces"):
        fig.update({"data": "bars", "layout": {}})
    assert fig.revision == 0 and fig.figure == {"data": [], "layout": {}}


def test_no_module_uses_plotlys_figure_widget_or_its_private_attributes():
    """plotly's FigureWidget imports nbformat and jsonschema's grammars: seconds on every kernel
    start. The panels are plain descriptions and the project's own Figure draws them."""
    private = re.compile(r"\._(props|data|layout_obj|js2py_\w+|py2js_\w+|last_\w+_edit_id|widget_\w+|"
                         r"in_batch_mode|\w+_edit_in_process)\b")
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "FigureWidget" not in text, path
        assert not private.search(text), (path, private.search(text))
