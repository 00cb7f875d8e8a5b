# Two commands: `make run` (set up, start the app) and `make test` (set up, run the suite offline).
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-$(shell cksum < requirements.txt | cut -d' ' -f1)
CHROME := /usr/bin/chromium
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: run test setup browser bench train

setup: $(STAMP)

$(STAMP): requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-* && touch $(STAMP)

# The browser test drives Debian's Chromium; Playwright cannot download its own browser here.
browser:
	@test -x $(CHROME) || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

run: setup
	$(PY) app.py

test: setup browser
	$(PY) -m pytest -q tests

bench: setup
	$(PY) benchmarks/overhead.py && $(PY) benchmarks/flat_rounds.py && $(PY) benchmarks/acceptance.py && $(PY) benchmarks/ui_step.py

train: setup
	$(PY) -m mtp_viz.training
