// Confusion matrices: 2x2 counts, sets, truth/prediction sequences, and k x k label matrices.
// (Owned by the set-measure family; see src/parse/confusion.cpp.)
#pragma once

#include <string_view>

#include "irm/result.h"

namespace irm {

struct ConfusionInput;
struct LabelMatrix;

}  // namespace irm
