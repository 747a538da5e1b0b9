"""`ClassroomPage`: what a student sees in the classroom app, one per browser tab.

First a set-up form (how many divers, how many of them are people, the people's
names, each bot's kind from the bots' registry and its name), then, on Start,
the game itself: `play(..., app_mode=True)` (fair play, Export refused, Download
results). "Change players" closes the game and shows the form again.
"""
from __future__ import annotations

import ctypes
import html

import ipywidgets

from ..app import play
from ..rules.position import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, name_problem
from ..simulation.registry import BOTS

# Each bot kind in a few words (a kind the registry gains later shows as "<kind> bot").
BOT_WORDS = {
    "cautious": "cautious bot (keeps its load light, heads home early)",
    "random": "random bot (any legal move)",
    "odds": "odds bot (turns back by the exact odds of getting home)",
    "search": "search bot (plans by simulating; the slowest)",
    "odds-noboost": "odds-noboost bot (the odds bot, never boosting: Boost edition)",
}
VARIANT_CHOICES = [("Original game (two dice)", "classic"), ("Boost edition (three dice, boost for air)", "boost")]
DEFAULT_DIVERS = 3
DEFAULT_PEOPLE = 1
PEOPLE_NAMES = ["Player"] + [f"Player {i}" for i in range(2, MAX_PLAYERS + 1)]
BOT_NAMES = ["Bot Ada", "Bot Bo", "Bot Cy", "Bot Di", "Bot Ed", "Bot Flo"]
_WIDE = {"description_width": "initial"}


def bot_choices() -> list[tuple[str, str]]:
    """The bot kinds of the registry as (words, kind), the default (cautious) first."""
    kinds = sorted(BOTS, key=lambda k: (k != "cautious", k))
    return [(BOT_WORDS.get(kind, f"{kind} bot"), kind) for kind in kinds]


class ClassroomPage(ipywidgets.VBox):
    """The set-up form, then the game (``page.app``, None until it starts). ``page.start()``
    does what the Start button does; ``page.error`` is the form's last refusal ("" if none)."""

    def __init__(self):
        self.app = None
        self.error = ""
        self.divers = ipywidgets.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=DEFAULT_DIVERS,
                                          description="Divers", style=_WIDE)
        self.people = ipywidgets.Dropdown(options=list(range(DEFAULT_DIVERS + 1)), value=DEFAULT_PEOPLE,
                                          description="People (the rest are bots)", style=_WIDE)
        self.person_names = [ipywidgets.Text(value=name, description=f"Person {i + 1} name", style=_WIDE)
                             for i, name in enumerate(PEOPLE_NAMES)]
        choices = bot_choices()
        self.bot_kinds = [ipywidgets.Dropdown(options=choices, value=choices[0][1], description=f"Bot {i + 1} kind",
                                              style=_WIDE) for i in range(MAX_PLAYERS)]
        self.bot_names = [ipywidgets.Text(value=name, description=f"Bot {i + 1} name", style=_WIDE)
                          for i, name in enumerate(BOT_NAMES)]
        self._bot_rows = [ipywidgets.HBox([kind, name]) for kind, name in zip(self.bot_kinds, self.bot_names)]
        for text in self.person_names + self.bot_names:
            text.continuous_update = False
        # Game options beyond the seats: the edition, and guessing each chance before it is shown
        # (`game_options` hands them on to play()).
        self.variant = ipywidgets.Dropdown(options=VARIANT_CHOICES, value="classic", description="Game", style=_WIDE)
        self.guess_first = ipywidgets.Checkbox(value=False, description="Guess each chance of getting home first",
                                               indent=False)
        self.options_box = ipywidgets.VBox([self.variant, self.guess_first])
        self.message = ipywidgets.HTML("")
        self.start_button = ipywidgets.Button(description="Start the game", button_style="primary")
        self.start_button.on_click(lambda _button: self.start())
        self.change_button = ipywidgets.Button(description="Change players",
                                               tooltip="End this game and choose the players again")
        self.change_button.on_click(lambda _button: self.show_form())
        self.divers.observe(lambda _change: self._seats_changed(), names="value")
        self.people.observe(lambda _change: self._seats_changed(), names="value")
        self.form = ipywidgets.VBox([
            ipywidgets.HTML("<h2>Deep Sea Adventure</h2><p>Who dives? People take the first seats, then the "
                            "bots. Names are at most "
                            f"{MAX_NAME_LENGTH} characters and each diver needs its own.</p>"),
            ipywidgets.HBox([self.divers, self.people]),
            *self.person_names, *self._bot_rows, self.options_box, self.message, self.start_button,
        ])
        self.form.add_class("deepsea-setup")
        self._seats_changed()
        super().__init__(children=[self.form])
        self.add_class("deepsea-classroom")

    def _seats_changed(self) -> None:
        """Show the rows of the seats chosen: ``people`` person rows, then the bots' rows."""
        n = self.divers.value
        people = min(self.people.value, n)
        if list(self.people.options) != list(range(n + 1)):
            self.people.options = list(range(n + 1))  # (resets the value: set it again)
        self.people.value = people
        for i, text in enumerate(self.person_names):
            text.layout.display = None if i < people else "none"
        for i, row in enumerate(self._bot_rows):
            row.layout.display = None if i < n - people else "none"

    def seats(self) -> tuple[list[str], dict[str, str]]:
        """The people's names and the bots ({name: kind}) the form holds, names trimmed;
        ValueError naming the field ("Bot 2 name: duplicate name 'Ann'")."""
        n, people = self.divers.value, self.people.value
        fields = [(f"Person {i + 1} name", self.person_names[i].value.strip(), None) for i in range(people)]
        fields += [(f"Bot {i + 1} name", self.bot_names[i].value.strip(), self.bot_kinds[i].value)
                   for i in range(n - people)]
        taken: list[str] = []
        for label, name, _kind in fields:
            problem = name_problem(name, taken)
            if problem:
                raise ValueError(f"{label}: {problem}")
            taken.append(name)
        return ([name for _l, name, kind in fields if kind is None],
                {name: kind for _l, name, kind in fields if kind is not None})

    def game_options(self) -> dict:
        """Options for play() beyond the seats: the edition and guess-first play."""
        return {"variant": self.variant.value, "guess_first": self.guess_first.value}

    def start(self) -> None:
        """Start the game the form describes, or say in the form what is wrong (and stay)."""
        try:
            players, bots = self.seats()
            self._say("Starting…", error=False)
            self.start_button.disabled = True
            try:
                app = play(players=players, bots=bots, app_mode=True, **self.game_options())
            finally:
                self.start_button.disabled = False
        except ValueError as exc:
            self._say(str(exc), error=True)
            return
        self._say("", error=False)
        self.app = app
        self.children = [app, self.change_button]
        # after each frame the board paints (its odds, then the panels, worked out), give the
        # memory their arrays freed back to the system: 30 kernels share one machine
        app.board.on_painted(release_freed_memory)
        release_freed_memory()

    def show_form(self) -> None:
        """Close the game (freeing its widgets) and show the set-up form again."""
        app, self.app = self.app, None
        self.children = [self.form]
        if app is not None:
            app.close()

    def _say(self, text: str, error: bool) -> None:
        self.error = text if error else ""
        role = ' role="alert"' if error else ""
        style = ' style="color: var(--jp-error-color1, #c00)"' if error else ""
        self.message.value = f"<p{role}{style}>{html.escape(text)}</p>" if text else ""


def release_freed_memory() -> None:
    """Hand the memory this process freed back to the system (glibc's ``malloc_trim``; nothing
    elsewhere). Freed numpy arrays otherwise stay in the process's heap, ready for reuse: each
    kernel would keep the peak of its odds' working memory for good. It takes well under a
    millisecond."""
    trim = getattr(_LIBC, "malloc_trim", None)
    if trim is not None:
        trim(0)


try:
    _LIBC = ctypes.CDLL(None)  # this process's C library (glibc on Linux)
except OSError:  # (a platform without one to load)
    _LIBC = None
