"""The classroom app: the game served by Voilà at ``/`` (``python -m deepsea_widget app``).

  form.py      `ClassroomPage`: the set-up form (people, bots, divers), then the game
               (`play(..., app_mode=True)`); the shipped notebook shows one
  server.py    the command line's ``app``: Voilà with its flags (token or password
               beyond localhost, idle kernels culled) serving that notebook
  deep_sea_adventure.ipynb   the notebook Voilà runs for each browser tab

Nothing is imported here: the server does not load the widgets, nor a kernel Voilà.
"""
from __future__ import annotations

import pathlib

NOTEBOOK = pathlib.Path(__file__).with_name("deep_sea_adventure.ipynb")
