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

.PHONY: help setup build release demo test bench clean

help:
	@echo "make demo    set up, then ask the family assistant a few things on the default model (SmolLM2-135M-Instruct)"
	@echo "make test    set up and run every test"
	@echo "make bench   engine benchmark against the Python binding (llama-cpp-python)"
	@echo "make setup   install llama.cpp and the default models into $(HOMEOS_CACHE)"
	@echo "make build   debug build; make release for an optimised one"

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product homeos

# The model on its own, then the family assistant: the sample family in a temporary data folder and a
# few `homeos ask` calls (a dinner idea, a health question, a booking that needs approval, a reminder).
demo: release
	@echo "==> homeos generate --stats \"$(DEMO_PROMPT)\""
	@$$($(SWIFT) build -c release --show-bin-path)/homeos generate --stats "$(DEMO_PROMPT)"
	@bash scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/homeos"

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	@$$($(SWIFT) build -c release --show-bin-path)/homeos bench engine

clean:
	rm -rf .build
