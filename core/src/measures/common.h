// Helpers every measure family shares to start and finish an Outcome.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "irm/measures.h"

namespace irm {

/// An Outcome with the measure name, title, formula (from the registry), the input notes, and
/// the notes a walk always needs (0/0 recall, overflow). The measure fills in the rest.
[[nodiscard]] Outcome start_outcome(const MeasureCall& call, const Inputs& in);
/// Adds the overflow note when any value lost its exact form.
void finish_outcome(Outcome& outcome);

/// A square table of counts as a chart matrix: rows `row_title`, columns `column_title`, both
/// labelled `labels` (the judges' table, a multiclass confusion matrix).
[[nodiscard]] Matrix count_matrix(std::string row_title, std::string column_title,
                                  const std::vector<std::string>& labels,
                                  const std::vector<std::vector<std::int64_t>>& counts);

/// "1 document", "3 documents"; `many` for irregular plurals: plural(3, "query", "queries").
[[nodiscard]] std::string plural(std::int64_t n, const std::string& word,
                                 const std::string& many = "");

}  // namespace irm
