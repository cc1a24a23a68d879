// Several runs (ranked lists per topic) and their judgments, for depth-k pooling.
#pragma once

#include <string_view>

#include "irm/result.h"

namespace irm {

struct RunSet;

}  // namespace irm
