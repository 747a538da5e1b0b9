"""A panel's redraw gives plotly only what changed, and puts the panel in words once.

plotly checks every property it is given, even one set to the value it already has,
and that was most of a redraw's time (`bench_panels.py`: the panels alone went from
about 33 to 15 ms an action). These tests count the calls that reach plotly (the real
methods still run), never the time.
"""
from __future__ import annotations

import plotly.graph_objects as go
import pytest
from plotly.basedatatypes import BasePlotlyType

from deepsea_widget.panels import Panels, _figure
from deepsea_widget.panels._layout import update_changed
from deepsea_widget.rules import Game, PickUp, Roll


@pytest.fixture
def plotly_updates(monkeypatch):
    """The property updates that reach plotly: (the object's class, the keys given)."""
    calls = []
    real = BasePlotlyType.update

    def update(self, dict1=None, overwrite=False, **kwargs):
        given = dict1.to_plotly_json() if hasattr(dict1, "to_plotly_json") else dict1 or {}
        calls.append((type(self).__name__, sorted({**given, **kwargs})))
        return real(self, dict1, overwrite, **kwargs)

    monkeypatch.setattr(BasePlotlyType, "update", update)
    return calls


def test_update_changed_gives_plotly_only_the_properties_that_differ(plotly_updates):
    fig = go.Figure(go.Bar(x=["a", "b"], y=[0.5, 0.25], error_y=dict(array=[0.1, 0.2], visible=True)))
    fig.update_layout(title=dict(text="Ann", x=0.02), margin=dict(t=40))
    bar = fig.data[0]
    plotly_updates.clear()
    update_changed(bar, dict(x=["a", "b"], y=[0.5, 0.25], error_y=dict(array=[0.1, 0.2])))
    update_changed(fig.layout, dict(title=dict(text="Ann", x=0.02), margin=dict(t=40)))
    assert plotly_updates == []  # all as it was: nothing to check
    update_changed(bar, dict(x=["a", "b"], y=[0.5, 0.75], error_y=dict(array=[0.1, 0.3])))
    assert plotly_updates == [("Bar", ["error_y", "y"])]
    assert list(bar.y) == [0.5, 0.75] and list(bar.error_y.array) == [0.1, 0.3]
    assert bar.error_y.visible is True  # a part's other properties stay (as with plotly's update)
    update_changed(fig.layout, dict(title=dict(text="Bob", x=0.02), margin=dict(t=40)))
    assert fig.layout.title.text == "Bob" and fig.layout.title.x == 0.02 and fig.layout.margin.t == 40
    # a value of another type is given, even when equal (1 is not 1.0 to plotly's checks)
    plotly_updates.clear()
    update_changed(fig.layout, dict(margin=dict(t=40.0)))
    assert plotly_updates and fig.layout.margin.t == 40


def test_a_redraw_with_nothing_changed_gives_plotly_nothing(plotly_updates):
    game = Game(players=["Ann", "Bob", "Cy"], seed=4)
    panels = Panels(game)
    game.apply(Roll(dice=(1, 1)))
    game.apply(PickUp())
    game.apply(Roll(dice=(2, 2)))
    panels.refresh()
    words = [fig._summary for fig in panels.figures]
    plotly_updates.clear()
    panels.flush(force=True)  # every panel redraws what it shows, all of it as it is
    # only the odds map's grid is set again (numpy arrays are not compared)
    assert {name for name, _ in plotly_updates} <= {"Heatmap", "Contour"}, plotly_updates
    assert [fig._summary for fig in panels.figures] == words


def test_a_panel_is_put_in_words_once_a_redraw(monkeypatch):
    """plotly's own updates (``update_layout``, a trace's ``update``) open batches inside a
    panel's: the words are made when the outermost ends, not at each."""
    made = []
    real = _figure.in_words
    monkeypatch.setattr(_figure, "in_words", lambda fig: made.append(fig) or real(fig))
    game = Game(players=["Ann", "Bob"], seed=2)
    panels = Panels(game)
    made.clear()
    game.apply(Roll(dice=(3, 2)))
    panels.refresh()  # the four panels change: the diver moved
    assert len(made) == len(set(map(id, made))) >= 3  # (the dice panel: Ann's move, as before)
    for fig in panels.figures:
        assert fig._summary == real(fig)


def test_live_panels_equal_panels_drawn_afresh_all_game_long(monkeypatch):
    """Only what changed is given to plotly, so a panel updated action after action must
    still equal one drawn afresh for the same position, where every property is given to
    plotly's own ``update``: checked every few actions of a whole game of bots (all three
    dives, the end included)."""
    import random

    import importlib

    from deepsea_widget.bots import PublicView, make_policy

    def drawn_afresh(game) -> Panels:
        with monkeypatch.context() as plain:
            for name in ("dice", "divers", "odds_map", "turn_back"):  # (the package's odds_map is a function)
                module = importlib.import_module(f"deepsea_widget.panels.{name}")
                plain.setattr(module, "update_changed", lambda obj, props: obj.update(props))
            return Panels(game)

    game = Game(players=["Ann", "Bob", "Cy", "Di"], seed=8)
    live = Panels(game)
    bots = [make_policy(name) for name in ("cautious", "odds", "cautious", "random")]
    view, rng = PublicView(game), random.Random(3)
    step = 0
    while True:
        live.refresh()
        if step % 9 == 0 or game.is_over:
            fresh = drawn_afresh(game)
            for mine, theirs in zip(live.figures, fresh.figures):
                assert _without_uids(mine) == _without_uids(theirs), (step, mine.layout.title.text)
                assert mine._summary == theirs._summary
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(view, rng))
        step += 1
    assert step > 100


def _without_uids(fig) -> dict:
    """The figure as plotly JSON, without its traces' ids (each widget makes its own) and the
    data of hidden traces (at game over the map keeps its last grid, hidden under its message)."""
    figure = fig.to_plotly_json()
    return dict(figure, data=[{k: v for k, v in trace.items() if k != "uid"} if trace.get("visible") is not False
                              else {"type": trace["type"], "visible": False} for trace in figure["data"]])
