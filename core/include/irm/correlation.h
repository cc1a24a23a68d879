// Two rankings of the same items, for Kendall's tau.
#pragma once

#include <string_view>

#include "irm/result.h"

namespace irm {

struct TwoRankings;

}  // namespace irm
