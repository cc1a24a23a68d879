// Judged items with scores, for ROC, AUC, EER and AUC-PR: what a classifier or a ranking said
// about each item (a score, higher = more likely relevant) and the truth (relevant or not).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

struct ScoredItem {
  std::string name;        // the document's name when the text gave one ("d3"), else empty
  bool relevant = false;   // the label: a positive (relevant) or a negative item
  double score = 0.0;      // higher = ranked higher; for a ranking, minus the rank
  std::string score_text;  // as typed ("0.80", "2e-3"); for a ranking, "rank 3"
  Span where;              // the label (or the ranked document) in the text
  std::size_t index = 0;   // 1-based position among the items, for naming unnamed ones: "#3"
};

struct ScoredLabels {
  std::vector<ScoredItem> items;     // in the order of the text
  bool from_ranking = false;         // read from a ranked list: rank 1 has the highest score
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes

  [[nodiscard]] std::int64_t positives() const;
  [[nodiscard]] std::int64_t negatives() const;
};

/// Parses scored labels in one of three layouts:
///
///   pairs (one item per line)     two lines                 a ranking (fallback)
///     1 0.9                         labels: 1 0 1 0           R N R N
///     0 0.8                         scores: 0.9 0.8 0.8 0.1   D1, *D2*, D3
///     d3 1 0.8   (optional name first)
///
/// The two-line layout may be written as a program prints it: y_true = [1, 0, 1] and y_score =
/// [0.9, 0.8, 0.1] (brackets, np.array, c(…)).
/// Labels: 1/0, R/N, +/-, yes/no, true/false, pos/neg, +1/-1 (any case). Scores: decimals with
/// an optional sign and exponent (-1.5, .5, 2e-3). A ranking goes through parse_ranked_list:
/// rank 1 gets the highest score, and unjudged documents are left out (with a note).
/// Errors: empty_input; bad_token (an unknown label or key, a line with too many or too few
/// entries, a missing labels: or scores: line, or any ranked-list error); bad_number (a score
/// that is not a number); out_of_range (a score too large for a double); inconsistent_counts
/// (labels: and scores: of different lengths).
[[nodiscard]] Result<ScoredLabels> parse_scored_labels(std::string_view text);

}  // namespace irm
