"""Voilà as the classroom app runs it (imported only to serve: it loads Voilà and Tornado).

Two changes to Voilà's standalone server: its page also sets the ``_xsrf`` cookie,
so the request the page sends as its tab closes (shut my kernel down) is accepted
(Voilà 0.5's page sends the cookie's value, but nothing set the cookie, and the
kernel waited for the culler); and a callback hears the port once the server listens.
"""
from __future__ import annotations

from typing import Callable

import tornado.ioloop
import tornado.web
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler


class ClosingPage(TornadoVoilaHandler):
    """Voilà's page, setting the ``_xsrf`` cookie its shutdown-on-close request sends back."""

    @tornado.web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 (reading it sets the cookie, before the page streams out)
        await super().get(path=path)


class ClassroomVoila(Voila):
    """Voilà serving one notebook, with `ClosingPage` for its page; ``on_listening(port)`` is
    called once the server listens (before any request is served)."""

    def __init__(self, on_listening: Callable[[int], None] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._on_listening = on_listening

    def init_handlers(self) -> list:
        return [(spec[0], ClosingPage, *spec[2:]) if spec[1] is TornadoVoilaHandler else spec
                for spec in super().init_handlers()]

    def start(self) -> None:
        if self._on_listening is not None:
            # (runs when the loop starts, which Voilà does right after it listens)
            tornado.ioloop.IOLoop.current().add_callback(lambda: self._on_listening(self.port))
        super().start()
