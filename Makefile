# HomeOS — the two commands a person needs: `make demo` and `make test`.
# Both run `make setup` first (idempotent; seconds when nothing changed).

HOMEOS_CACHE ?= $(HOME)/.cache/homeos
export HOMEOS_CACHE
# Where setup puts llama.cpp: SwiftPM finds headers through pkg-config, binaries find the
# library through an rpath (see Package.swift).
export PKG_CONFIG_PATH := $(HOMEOS_CACHE)/current/pkgconfig$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
export HOMEOS_LLAMA_LIBDIR := $(HOMEOS_CACHE)/current/lib

SWIFT ?= swift
DEMO_PROMPT ?= In two sentences, why should a family keep a shared calendar?

.PHONY: help setup build release demo tour test bench docs eval-data crash fuzz broken-engine coverage clean

help:
	@echo "make demo    set up, then start the family web app on the sample family and print its address"
	@echo "make tour    set up, then ask the family assistant a few things on the default model (no browser needed)"
	@echo "make test    set up and run every test"
	@echo "make bench   engine benchmark against the Python binding (llama-cpp-python)"
	@echo "make crash   kill -9 homeos and sentinel 200 times per kind of write; nothing acknowledged may be lost"
	@echo "make coverage  line coverage per module of the Swift test suite"
	@echo "make broken-engine  run the real-model tests with every decode failing: each one must fail"
	@echo "make fuzz    run every libFuzzer target for 10 minutes (FUZZ_SECONDS=N to change; scripts/fuzz.sh --help)"
	@echo "make setup   install llama.cpp, the default models and the packaged evaluation data into $(HOMEOS_CACHE)"
	@echo "make docs    build the API reference (DocC) into .build/docs"
	@echo "make eval-data  fetch SLURP, CLINC150 and JSONSchemaBench (pinned, checksummed) into $(HOMEOS_CACHE)/data"
	@echo "make build   debug build; make release for an optimised one"

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product homeos

# The family web app on the sample family (created in the data folder when it has none; the
# folder is $$HOMEOS_HOME, else ~/.homeos): prints the address to open, Ctrl-C stops it.
demo: release
	@$$($(SWIFT) build -c release --show-bin-path)/homeos serve --sample $(SERVE_ARGS)

# The non-interactive tour: the model on its own, then the family assistant on the sample family in a
# temporary data folder with a few `homeos ask` calls (a dinner idea, a health question, a booking
# that needs approval, a reminder).
tour: release
	@echo "==> homeos dev generate --stats \"$(DEMO_PROMPT)\""
	@$$($(SWIFT) build -c release --show-bin-path)/homeos dev generate --stats "$(DEMO_PROMPT)"
	@bash scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/homeos"

# Tests that need a whole public corpus are skipped, and counted at the end with the reason, where
# the corpus is not installed (scripts/fetch-eval-data.sh, or HOMEOS_DATA_DIR).
# Then the family web app in Chromium against a real `homeos serve` (scripts/python-tests.sh).
# Then a short kill -9 pass (20 kills per kind of write; `make crash` runs 200), and last a short
# libFuzzer pass: every target for 10 s from its seeds and the inputs earlier runs crashed on
# (`make fuzz` runs them for 10 minutes each, keeping what they find).
test: setup
	$(SWIFT) build --build-tests
	@bash scripts/run-tests.sh $(SWIFT); status=$$?; bash scripts/python-tests.sh $(SWIFT) || status=1; \
	  echo "==> crash consistency (kill -9 while writing)"; python3 scripts/crash-consistency.py --kills 20 || status=1; \
	  echo "==> fuzzing (a short pass)"; bash scripts/fuzz.sh --debug --seed 1 --seeds-only --seconds $(TEST_FUZZ_SECONDS) || status=1; exit $$status

TEST_FUZZ_SECONDS ?= 10
FUZZ_SECONDS ?= 600
fuzz: setup
	@bash scripts/fuzz.sh --seconds $(FUZZ_SECONDS)

# Line coverage per module of the Swift suite (a coverage build in .build/coverage).
coverage: setup
	@bash scripts/coverage.sh

# The real-model suites with every decode failing: a test that still passes accepts the fallback.
broken-engine: build
	$(SWIFT) build --build-tests
	@bash scripts/broken-engine.sh $(SWIFT)

CRASH_KILLS ?= 200
crash: build
	@python3 scripts/crash-consistency.py --kills $(CRASH_KILLS)

bench: release
	@$$($(SWIFT) build -c release --show-bin-path)/homeos dev bench engine

# The API reference of the public libraries, one DocC archive each, built as static HTML into
# .build/docs/<Module>; a documentation warning (a broken symbol link, say) fails the build.
DOC_MODULES ?= LLM LlamaEngine Skills ModelHub RemoteEngine
docs: setup
	@mkdir -p .build/docs
	@for module in $(DOC_MODULES); do \
	  echo "==> API reference: $$module"; \
	  $(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target $$module \
	    --output-path .build/docs/$$module --transform-for-static-hosting --hosting-base-path $$module \
	    --warnings-as-errors || exit 1; \
	done
	@echo "API reference in .build/docs (open .build/docs/<Module>/index.html through a local web server)"

eval-data:
	@bash scripts/fetch-eval-data.sh

clean:
	rm -rf .build
