# Set-up and test commands for deepsea_widget (see README.md).
#   make lab    set everything up and open examples/01_play.ipynb in JupyterLab
#   make test   set everything up and run every test: tsc, vitest, pytest (browser tests too)
#   make quick  the inner loop: tsc, vitest and pytest without the browser
#   make lite   the lessons as a static JupyterLite site (docs/lite.md)
#   make app    the classroom app: the game in the browser, served by Voilà (docs/classroom.md);
#               flags in APP_ARGS, e.g. make app APP_ARGS="--ip 0.0.0.0 --no-browser"
# Each step reruns only when its inputs changed, so a second run is quick.

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
NOTEBOOK ?= examples/01_play.ipynb
PYTEST_ARGS ?=
LAB_ARGS ?=
APP_ARGS ?=

INSTALLED := $(VENV)/.deepsea-installed
NODE_MODULES := js/node_modules/.package-lock.json
BUNDLE := deepsea_widget/static/widget.js
JS_SOURCES := $(shell find js/src -type f) js/build.mjs js/tsconfig.json
# JupyterLab refuses to run as root unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Given a notebook, JupyterLab would serve only the notebook's folder: serve the project's.
LAB_ROOT := --ServerApp.root_dir="$(CURDIR)"

.PHONY: setup lab app test quick test-js test-py test-quick e2e dev wheel lite clean
# Both cores: pytest-xdist runs the browser tests on one worker (one JupyterLab, one Chromium)
# and the rest on the other; each suite's time is printed at the end.
XDIST := -n 2 --dist loadgroup

setup: $(INSTALLED) $(NODE_MODULES) $(BUNDLE)

# A failed venv (Debian without python3-venv leaves one without pip) is removed, so the next run starts afresh.
$(PY):
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); echo "python3 -m venv failed: on Debian, apt-get install -y python3-venv"; exit 1; }

# The editable install runs the build hook too (npm ci + esbuild, see hatch_build_js.py).
$(INSTALLED): pyproject.toml hatch_build_js.py | $(PY)
	@echo "Installing deepsea_widget (editable, with its dev extras) into $(VENV); this also bundles js/ ..."
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $@

$(NODE_MODULES): js/package.json js/package-lock.json | $(INSTALLED)
	cd js && npm ci --no-audit --no-fund

$(BUNDLE): $(JS_SOURCES) $(NODE_MODULES)
	cd js && npm run build

lab: setup
	$(PY) -m jupyter lab $(ALLOW_ROOT) $(LAB_ROOT) $(LAB_ARGS) $(NOTEBOOK)

app: setup
	$(PY) -m deepsea_widget app $(APP_ARGS)

test: setup test-js test-py

quick: setup test-js test-quick

test-js: setup
	@start=$$(date +%s); (cd js && npm run typecheck && npm test) || exit 1; \
	echo "== front end (tsc + vitest): $$(( $$(date +%s) - start )) s"

test-py: setup
	$(PY) -m pytest $(XDIST) --durations=15 $(PYTEST_ARGS)

test-quick: setup
	$(PY) -m pytest -n 2 -m "not e2e" $(PYTEST_ARGS)

e2e: setup
	$(PY) -m pytest -m e2e $(PYTEST_ARGS)

# Front-end loop: esbuild rebuilds on save and anywidget reloads the widget live.
# The watcher writes a big development bundle (with its sourcemap): on the way out the
# shipped, minified one is built again, so tests and notebooks never run the other.
# Ctrl-C goes to JupyterLab (it asks, or stops on a second one); the shell cleans up once, on its way out.
dev: setup
	(cd js && exec node build.mjs --watch) & watcher=$$!; \
	trap 'kill $$watcher 2>/dev/null; (cd js && npm run build)' EXIT; \
	trap ':' INT; trap 'exit 143' TERM; \
	ANYWIDGET_HMR=1 $(PY) -m jupyter lab $(ALLOW_ROOT) $(LAB_ROOT) $(LAB_ARGS) $(NOTEBOOK)

wheel: setup
	$(PY) -m pip wheel --no-deps -w dist .

# The lessons as a static JupyterLite site in build/lite (docs/lite.md).
lite: setup
	$(PY) scripts/build_lite.py --output build/lite

clean:
	rm -rf js/node_modules deepsea_widget/static dist build $(INSTALLED)
