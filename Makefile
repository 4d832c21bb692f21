# The two commands: `make run` and `make test`. Both build .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run hall test lint pytest chromium fonts bench messages compilemessages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Marker files make a second run skip the install when the pins have not changed.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

# DEBUG=1 for local work only: without it the settings refuse to start with no SECRET_KEY.
run: export DEBUG = 1
run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py loaddemo
	@echo "Whist Drive is at http://127.0.0.1:8000/  (organiser log in: organiser / whist-demo; e-mails land in mail/)"
	@# The worker prints sheets in the background, below the server's priority, and stops with it.
	setsid nice -n 10 $(BIN)/python manage.py db_worker & worker=$$!; \
	trap 'kill -- -$$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# Hall mode: the organiser's laptop serves the phones over the hall's Wi-Fi (config/hall.py):
# gunicorn on every interface and the sheet worker, DEBUG off, the laptop's own secret key,
# its files in hall-data/. HALL_ADDRESS and HALL_PORT override the address it finds.
hall: $(VENV)/.installed
	$(BIN)/python -m config.hall

# Browser tests drive Debian's Chromium; Playwright cannot download its own here.
chromium:
	@test -x /usr/bin/chromium || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null; }

# DEBUG=1 for mypy: the django-stubs plugin (in pyproject.toml) imports the settings, which
# refuse to load without a SECRET_KEY otherwise. One mypy run checks scoring strictly and drives
# and config as configured there.
lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	DEBUG=1 $(BIN)/mypy

# The sheets' fallback fonts, for names in scripts DejaVu lacks (Chinese, Arabic, Devanagari…).
fonts:
	@fc-list -q ':lang=zh' || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core fonts-noto-core fonts-noto-cjk >/dev/null; }

# One worker a core. Work stealing: the plain load split hands each worker a long run of tests
# at the start, so the worker given the browser tests finished half a minute after the other.
pytest: $(VENV)/.installed-dev chromium fonts
	$(BIN)/python -m pytest --numprocesses=auto --dist worksteal

test: lint pytest

bench: export DEBUG = 1
bench: $(VENV)/.installed-dev
	$(BIN)/python -m bench.simulate
	$(BIN)/python -m bench.movements
	$(BIN)/python -m bench.standings
	$(BIN)/python -m bench.compass
	$(BIN)/python -m bench.league
	$(BIN)/python -m bench.paper
	$(BIN)/python -m bench.tableside --db sqlite
	$(BIN)/python -m bench.pdf

# After changing a user-visible string: refresh the catalogues, then translate the new entries
# and run `make compilemessages`. Sorted, location-free catalogues keep merges small.
messages: $(VENV)/.installed-dev
	DEBUG=1 $(BIN)/python manage.py makemessages -l fr -l hu --no-location --ignore=.venv --ignore=tests --ignore=bench -e html,txt,py,svg
	for po in locale/*/LC_MESSAGES/django.po; do msgcat --sort-output --no-location -o $$po $$po; done

compilemessages: $(VENV)/.installed-dev
	DEBUG=1 $(BIN)/python manage.py compilemessages --ignore=.venv
