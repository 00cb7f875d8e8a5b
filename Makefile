# Two commands: `make run` (set up, start the app) and `make test` (set up, run the suite offline).
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
DEV    := $(VENV)/.dev-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
CHROME := /usr/bin/chromium
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: run test test-fast setup setup-dev browser bench train py312 space docs

setup: $(STAMP)

# requirements.txt names the CPU torch index for Spaces; make installs the same pins without that line, so it never
# waits on an index it cannot reach (pip's own configuration decides where torch comes from here).
$(STAMP): requirements.txt
	python3 -m venv $(VENV)
	grep -v '^--' requirements.txt > $(VENV)/requirements-local.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r $(VENV)/requirements-local.txt
	rm -f $(VENV)/.installed-* $(VENV)/.dev-* && touch $(STAMP)

# Test tools (pytest, playwright) on top of the runtime; only `make test` needs them.
setup-dev: $(DEV)

$(DEV): $(STAMP) requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.dev-* && touch $(DEV)

# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here). Without root the
# install fails and says so; the browser tests then use Playwright's own Chromium if present, or are skipped with a
# message saying how to install one.
browser:
	@test -x $(CHROME) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null) \
		|| echo "could not install Chromium (not root?): browser tests will use Playwright's Chromium or be skipped"

run: setup
	$(PY) app.py

test: setup-dev browser
	$(PY) -m pytest -q tests

# The fast tier: pure tests on fixtures and tiny random models; no browser, no miniature generation (tests/conftest.py
# says how a test's tier is decided). For a change to a figure, a string or the engine's maths.
test-fast: setup-dev
	$(PY) -m pytest -q tests -m "not browser and not slow"

bench: setup
	$(PY) benchmarks/overhead.py && $(PY) benchmarks/flat_rounds.py && $(PY) benchmarks/acceptance.py && $(PY) benchmarks/ui_step.py && $(PY) benchmarks/browser_step.py

train: setup
	$(PY) -m mtp_viz.training

# Every number the docs quote, written from the shipped traces and sweeps (docs/quoted.py), then every picture they
# show (docs/shoot.py's PICTURES), shot in Chromium from the app on a free port.
docs: setup-dev browser
	$(PY) docs/quoted.py
	$(PY) docs/shoot.py

# The Space's Python: a 3.12 venv, requirements.txt as a Space installs it, the app started headless and stopped.
py312:
	.ci/py312

# Put the app on a Hugging Face Space: `make space SPACE=owner/name` (log in first: `.venv/bin/hf auth login`, or
# HF_TOKEN set). `make space DRY_RUN=1` lists the files that would go and their size, without network.
ifeq ($(DRY_RUN),1)
space: setup
	$(PY) deploy/space.py --dry-run
else ifeq ($(SPACE),)
space:
	@echo "usage: make space SPACE=owner/name   (the Space to create or update; DRY_RUN=1 lists the files only)" >&2; exit 2
else
space: setup
	HF_HUB_OFFLINE=0 $(PY) deploy/space.py $(SPACE)
endif
