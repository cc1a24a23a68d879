// Per-query scores of two systems, for paired significance tests.
#pragma once

#include <string_view>

#include "irm/result.h"

namespace irm {

struct PairedScores;

}  // namespace irm
