// Judged items with scores, for ROC, AUC, EER and AUC-PR. (Owned by the ROC family; see
// src/parse/scores.cpp.)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

struct ScoredLabels;  // defined in src/parse/scores.cpp's header section below when implemented

}  // namespace irm
