"""The classroom app without a browser: its set-up form, the server's way in (token or
password), its Voilà configuration and its command line."""
import argparse
import json

import pytest

from deepsea_widget.__main__ import main
from deepsea_widget.app import App
from deepsea_widget.classroom import NOTEBOOK
from deepsea_widget.classroom import server
from deepsea_widget.classroom.form import BOT_WORDS, ClassroomPage, bot_choices
from deepsea_widget.simulation.registry import BOTS


def shown(widget) -> bool:
    return widget.layout.display != "none"


def test_the_form_starts_with_one_person_and_two_cautious_bots():
    page = ClassroomPage()
    assert page.divers.value == 3 and page.people.value == 1
    assert [shown(t) for t in page.person_names] == [True] + [False] * 5
    assert [shown(r) for r in page._bot_rows] == [True, True] + [False] * 4
    assert page.seats() == (["Player"], {"Bot Ada": "cautious", "Bot Bo": "cautious"})
    assert page.children == (page.form,) and page.app is None


def test_the_rows_follow_the_number_of_divers_and_of_people():
    page = ClassroomPage()
    page.divers.value = 2
    assert list(page.people.options) == [0, 1, 2] and page.people.value == 1
    assert sum(map(shown, page.person_names)) == 1 and sum(map(shown, page._bot_rows)) == 1
    page.divers.value = 6
    page.people.value = 4
    assert sum(map(shown, page.person_names)) == 4 and sum(map(shown, page._bot_rows)) == 2
    page.divers.value = 3  # fewer divers than people: all people
    assert page.people.value == 3 and sum(map(shown, page._bot_rows)) == 0


def test_every_bot_of_the_registry_is_offered_in_words():
    kinds = [kind for _words, kind in bot_choices()]
    assert sorted(kinds) == sorted(BOTS) and kinds[0] == "cautious"
    assert all(words.startswith(kind) for words, kind in bot_choices())
    assert set(BOT_WORDS) <= set(BOTS)


def test_a_bad_name_is_refused_in_the_form_naming_its_field():
    page = ClassroomPage()
    page.person_names[0].value = "  Ann "
    page.bot_names[1].value = "Ann"
    page.start()
    assert page.app is None and page.children == (page.form,)
    assert page.error == "Bot 2 name: duplicate name 'Ann'"
    assert 'role="alert"' in page.message.value and "duplicate name &#x27;Ann&#x27;" in page.message.value
    page.bot_names[1].value = ""
    page.start()
    assert page.error.startswith("Bot 2 name: a name must be a non-empty string")


def test_start_plays_the_form_in_app_mode_and_change_players_goes_back():
    page = ClassroomPage()
    page.divers.value = 2
    page.person_names[0].value = "Ann "
    page.bot_kinds[0].value = "random"
    page.bot_names[0].value = "Robo"
    page.start()
    app = page.app
    assert isinstance(app, App) and page.children == (app, page.change_button) and page.error == ""
    assert app.game.players == ("Ann", "Robo") and app.table.bot_seats == {1: "random"}
    assert app.board.app_mode and app.table.fair_play and app.panels is not None
    page.show_form()
    assert page.app is None and page.children == (page.form,) and app._closed


def test_the_shipped_notebook_shows_the_page_and_nothing_else():
    notebook = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    assert len(cells) == 1 and cells[0]["cell_type"] == "code" and not cells[0]["outputs"]
    assert cells[0]["source"].rstrip().endswith("ClassroomPage()")
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"


def args(*argv):
    parser = argparse.ArgumentParser()
    server.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize("ip, local", [("localhost", True), ("127.0.0.1", True), ("127.0.0.2", True), ("::1", True),
                                       ("0.0.0.0", False), ("192.168.1.20", False), ("classroom.example", False)])
def test_loopback_addresses(ip, local):
    assert server.is_loopback(ip) is local


def test_localhost_goes_without_a_token_and_says_so():
    way_in = server.access(args())
    assert way_in.token == "" and way_in.hashed_password == ""
    assert "this machine only" in way_in.note


def test_beyond_localhost_a_token_is_made_unless_told_otherwise():
    made = server.access(args("--ip", "0.0.0.0"))
    assert len(made.token) >= 16 and made.token != server.access(args("--ip", "0.0.0.0")).token
    assert server.access(args("--ip", "0.0.0.0", "--token", "abc123")).token == "abc123"
    bare = server.access(args("--ip", "0.0.0.0", "--no-token"))
    assert bare.token == "" and "proxy" in bare.note


def test_a_password_is_asked_twice_and_kept_hashed():
    from jupyter_server.auth import passwd_check

    answers = iter(["sea-horse", "sea-horse"])
    way_in = server.access(args("--ip", "0.0.0.0", "--password"), ask=lambda _prompt: next(answers), environ={})
    assert way_in.token == "" and passwd_check(way_in.hashed_password, "sea-horse")
    assert "sea-horse" not in way_in.hashed_password
    from_env = server.access(args("--password"), ask=None, environ={server.PASSWORD_ENV: "octopus"})
    assert passwd_check(from_env.hashed_password, "octopus")
    answers = iter(["one-thing", "another"])
    with pytest.raises(ValueError, match="--password: the two passwords differ"):
        server.access(args("--password"), ask=lambda _prompt: next(answers), environ={})


@pytest.mark.parametrize("argv, words", [
    (("--token", "t", "--no-token"), "--token and --no-token: give one way in"),
    (("--password", "--token", "t"), "--token and --password"),
    (("--token", " "), "--token: must not be empty"),
])
def test_contradicting_ways_in_are_refused_by_flag(argv, words):
    with pytest.raises(ValueError, match=words):
        server.access(args(*argv), ask=lambda _p: "never asked", environ={})


def test_voilas_configuration_follows_the_flags():
    c = server.voila_config(args("--ip", "0.0.0.0", "--port", "9001", "--cull-idle-timeout", "60",
                                 "--cull-interval", "5", "--base-url", "deepsea"),
                            server.Access("tok", "", ""))
    assert (c.Voila.ip, c.Voila.port, c.Voila.token, c.Voila.base_url) == ("0.0.0.0", 9001, "tok", "/deepsea/")
    assert c.Voila.open_browser is False and c.VoilaConfiguration.strip_sources is True
    kernels = c.MappingKernelManager
    assert (kernels.cull_idle_timeout, kernels.cull_interval, kernels.cull_connected) == (60, 5, False)
    assert server.voila_config(args(), server.Access("", "", "")).MappingKernelManager.cull_idle_timeout == \
        server.CULL_IDLE_TIMEOUT


def test_the_printed_links_carry_the_token():
    assert server.app_urls("127.0.0.1", 8866, "/", "t0k") == ["http://127.0.0.1:8866/?token=t0k"]
    assert server.app_urls("localhost", 8866, "/deepsea/", "") == ["http://127.0.0.1:8866/deepsea/"]
    everywhere = server.app_urls("0.0.0.0", 8866, "/", "t")
    assert everywhere[0] == "http://127.0.0.1:8866/?token=t" and len(everywhere) == 2
    assert server.app_urls("::1", 80, "/", "") == ["http://[::1]:80/"]


@pytest.mark.parametrize("argv, words", [
    (["app", "--port", "0"], "must be a port number"),
    (["app", "--cull-interval", "0"], "must be at least 1"),
    (["app", "--cull-idle-timeout", "soon"], "must be a whole number"),
])
def test_bad_flags_are_refused_by_the_command_line(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and words in capsys.readouterr().err


def test_contradicting_flags_end_the_command_with_a_message(capsys):
    assert main(["app", "--no-token", "--token", "x", "--no-browser"]) == 2
    assert "give one way in" in capsys.readouterr().err


def test_the_form_chooses_the_edition_and_guess_first_play():
    page = ClassroomPage()
    assert page.game_options() == {"variant": "classic", "guess_first": False}
    page.variant.value = "boost"
    page.guess_first.value = True
    page.start()
    app = page.app
    assert page.error == "" and app.game.variant.name == "boost"
    assert app.table.guess_first and app.table.fair_play
    page.show_form()
