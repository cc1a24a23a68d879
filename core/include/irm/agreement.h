// Judges' agreement: two judges' labels (a LabelMatrix from confusion.h, rows = judge A,
// columns = judge B) and Fleiss' items x categories table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "irm/confusion.h"
#include "irm/result.h"

namespace irm {

/// Fleiss' table: counts[i][j] raters put item i in category j.
struct RatingTable;

}  // namespace irm
