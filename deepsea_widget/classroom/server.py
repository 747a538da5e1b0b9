"""``python -m deepsea_widget app``: the classroom app, served by Voilà at ``/``.

Each browser tab gets its own kernel running the shipped notebook (a set-up form,
then the game; no code on the page). Kernels of closed tabs go: the page shuts
its kernel down as it closes, and a kernel idle and unconnected for
``--cull-idle-timeout`` seconds is culled (a crashed browser, a laptop put to
sleep). Beyond localhost a token (or ``--password``) is required by default.
"""
from __future__ import annotations

import argparse
import getpass
import ipaddress
import os
import secrets
import socket
import sys
import webbrowser
from typing import NamedTuple

from . import NOTEBOOK

DEFAULT_PORT = 8866  # Voilà's own
DEFAULT_IP = "localhost"
PORT_RETRIES = 50  # as JupyterLab: the next free port, printed (0: fail if it is taken)
CULL_IDLE_TIMEOUT = 180  # s a kernel with no tab connected may idle before it is shut down
CULL_INTERVAL = 30  # s between the culler's checks: a closed tab's memory is free within 3.5 minutes
PASSWORD_ENV = "DEEPSEA_APP_PASSWORD"  # --password reads it here instead of asking at the terminal
# Every tab's kernel inherits these unless set: numpy's BLAS would start a thread per core in each
# kernel, and the game's arrays gain nothing from them (30 kernels on 16 cores: 450 idle threads).
KERNEL_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``app`` command's flags (``--port`` and ``--no-browser`` as JupyterLab's own)."""
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT, help="the port to listen on")
    parser.add_argument("--port-retries", type=_whole, default=PORT_RETRIES,
                        help="if the port is taken, try this many next ones (0: fail instead)")
    parser.add_argument("--ip", default=DEFAULT_IP,
                        help="the address to listen on: localhost (this machine only) or 0.0.0.0 (every network "
                             "interface, e.g. for a class on the same network; a token is then required)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser at start")
    parser.add_argument("--token", default=None,
                        help="the token students need (in the link printed at start); default: none on localhost, "
                             "a new random one on any other address")
    parser.add_argument("--no-token", action="store_true",
                        help="no token even beyond localhost (only behind a proxy that checks who comes in)")
    parser.add_argument("--password", action="store_true",
                        help=f"students log in with a password instead of a token: asked at the terminal "
                             f"(or read from ${PASSWORD_ENV})")
    parser.add_argument("--cull-idle-timeout", type=_whole, default=CULL_IDLE_TIMEOUT,
                        help="seconds a game's kernel with no tab connected may idle before it is shut down "
                             "(0: never)")
    parser.add_argument("--cull-interval", type=_positive, default=CULL_INTERVAL,
                        help="seconds between checks for idle kernels")
    parser.add_argument("--base-url", default="/",
                        help="the path the app is served under, e.g. /deepsea/ behind a reverse proxy")
    parser.add_argument("--theme", choices=("light", "dark"), default="light", help="the page's colours")
    parser.add_argument("--show-tracebacks", action="store_true",
                        help="show Python's tracebacks on the page when something fails (for debugging)")


class Access(NamedTuple):
    """Who may open the app: ``token`` ("" for none), ``hashed_password`` ("" for none) and a
    line saying so for the teacher."""
    token: str
    hashed_password: str
    note: str


def is_loopback(ip: str) -> bool:
    """Whether ``ip`` (an address or ``localhost``) reaches this machine only."""
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def access(args, ask=getpass.getpass, environ=os.environ) -> Access:
    """The token or password for ``args``; ValueError naming the flag for a contradiction."""
    local = is_loopback(args.ip)
    chosen = [flag for flag, on in (("--token", args.token is not None), ("--no-token", args.no_token),
                                    ("--password", args.password)) if on]
    if len(chosen) > 1:
        raise ValueError(f"{chosen[0]} and {chosen[1]}: give one way in (a token, a password or neither)")
    if args.token is not None and not args.token.strip():
        raise ValueError("--token: must not be empty (use --no-token for none)")
    if args.password:
        from jupyter_server.auth import passwd

        return Access("", passwd(_read_password(ask, environ)), "students log in with the password you chose")
    if args.no_token:
        return Access("", "", "no token and no password: anyone who reaches this address can play"
                      + ("" if local else " (keep it behind a proxy that checks who comes in)"))
    if args.token is not None:
        return Access(args.token, "", "students need the token (it is in the link)")
    if local:
        return Access("", "", "no token: the app listens on this machine only (--ip localhost), so anyone "
                              "with an account here can open it; --token TOKEN sets one")
    return Access(secrets.token_urlsafe(12), "", "students need the token (it is in the link)")


def _read_password(ask, environ) -> str:
    password = environ.get(PASSWORD_ENV)
    if password is None:
        password = ask("Password for the students: ")
        if password != ask("The same again: "):
            raise ValueError("--password: the two passwords differ")
    if len(password) < 4:
        raise ValueError(f"--password: at least 4 characters, got {len(password)}")
    return password


def voila_config(args, way_in: Access):
    """Voilà's configuration for ``args`` (a traitlets Config)."""
    from traitlets.config import Config

    c = Config()
    c.Voila.ip = args.ip
    c.Voila.port = args.port
    c.Voila.port_retries = args.port_retries
    c.Voila.open_browser = False  # (opened once the server listens, with the token: `_announce`)
    c.Voila.base_url = _base_url(args.base_url)
    c.Voila.token = way_in.token
    if way_in.hashed_password:
        c.PasswordIdentityProvider.hashed_password = way_in.hashed_password
    c.VoilaConfiguration.show_tracebacks = args.show_tracebacks
    c.VoilaConfiguration.theme = args.theme
    c.VoilaConfiguration.strip_sources = True  # no code on the page
    c.VoilaConfiguration.allow_theme_override = "NO"
    c.VoilaConfiguration.allow_template_override = "NO"
    c.MappingKernelManager.cull_idle_timeout = args.cull_idle_timeout
    c.MappingKernelManager.cull_interval = args.cull_interval
    c.MappingKernelManager.cull_connected = False  # a tab left open keeps its game
    return c


def app_urls(ip: str, port: int, base_url: str, token: str) -> list[str]:
    """The links to print: this machine's own first, then (on every interface) its name's."""
    query = f"?token={token}" if token else ""
    path = _base_url(base_url)
    everywhere = ip in ("0.0.0.0", "", "::")
    hosts = ["127.0.0.1"] if everywhere or ip == "localhost" else [ip]
    if everywhere:
        hosts.append(socket.gethostname())
    return [f"http://{'[' + h + ']' if ':' in h else h}:{port}{path}{query}" for h in hosts]


def serve(args) -> int:
    """Run the app until Ctrl-C; 0, or 2 after a message when a flag is wrong or Voilà is missing."""
    try:
        way_in = access(args)
    except ValueError as exc:
        print(f"deepsea_widget app: {exc}", file=sys.stderr)
        return 2
    try:
        server = make_server(args, way_in)
    except ModuleNotFoundError as exc:
        print(f"deepsea_widget app needs Voilà ({exc}): pip install 'deepsea_widget[app]' (or voila)",
              file=sys.stderr)
        return 2
    for name, value in KERNEL_ENV.items():
        os.environ.setdefault(name, value)
    server.start()
    return 0


def make_server(args, way_in: Access):
    """The Voilà application serving the shipped notebook, initialized (not started)."""
    from .voila_app import ClassroomVoila

    def announce(port: int) -> None:
        urls = app_urls(args.ip, port, args.base_url, way_in.token)
        print(f"\nDeep Sea Adventure classroom app (Voilà), listening on {args.ip}:{port}", flush=True)
        for i, url in enumerate(urls):
            print(f"  {'Open' if i == 0 else 'or'}: {url}", flush=True)
        print(f"  Access: {way_in.note}", flush=True)
        culled = (f"after {args.cull_idle_timeout} s (checked every {args.cull_interval} s)"
                  if args.cull_idle_timeout else "never (--cull-idle-timeout 0)")
        print(f"  A closed tab's game ends when the tab closes; a kernel left without a tab is shut down "
              f"{culled}.\n  Ctrl-C stops the server.\n", flush=True)
        if not args.no_browser:
            webbrowser.open(urls[0])

    server = ClassroomVoila(config=voila_config(args, way_in), on_listening=announce)
    server.initialize([str(NOTEBOOK)])
    return server


def _base_url(text: str) -> str:
    return "/" + text.strip("/") + "/" if text.strip("/") else "/"


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def _positive(text: str) -> int:
    value = _whole(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _port(text: str) -> int:
    value = _whole(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number, 1 to 65535, got {value}")
    return value
