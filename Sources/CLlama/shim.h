// Umbrella for llama.cpp's C API, as installed by `make setup` (see scripts/setup.sh).
#pragma once
#include <llama.h>
