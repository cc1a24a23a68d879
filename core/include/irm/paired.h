// Per-query scores of two systems, for the paired significance tests (sign, wilcoxon, ttest,
// randomization).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/number.h"
#include "irm/result.h"

namespace irm {

/// One number as typed, with its value: exact (a Fraction) when the text is a decimal that fits
/// in 64 bits ("0.42" -> 21/50, "-1.5e-2" -> -3/200), else only the double.
struct PairedValue {
  std::string text;  // as typed: "0.42"
  Number value;
  Span where;
};

/// One query: its id and the two systems' scores, or only their difference.
struct PairedQuery {
  std::string id;                // as typed ("q1", "301"), or "q1", "q2", … by position
  std::optional<PairedValue> x;  // empty when the input gave differences (d:)
  std::optional<PairedValue> y;
  PairedValue difference;  // d = x − y (exact when both scores are), or d as typed
};

struct PairedScores {
  std::vector<PairedQuery> queries;  // in the order of the text; at least 2
  bool differences_only = false;     // read from a d: line: no x and y
  bool ids_given = false;            // query ids came from the text
  std::string x_name = "x";          // the first system: "x", "a" (from a:/b:) or a header name
  std::string y_name = "y";
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes
};

/// Parses per-query scores of two systems in one of three layouts:
///
///   columns (one query per line)   two lines              differences
///     q1 0.42 0.38                   x: 0.42 0.51 0.30      d: 0.04 0.04 -0.05
///     q2 0.51 0.47                   y: 0.38 0.47 0.35
///     q3 0.30 0.35                 (or a: and b:; an optional queries: q1 q2 q3 line)
///   (the query id is optional; a first line of names such as "query BM25 QL" is a header)
///
/// Printed lists work too: two captioned vectors (`bm25 = c(0.42, 0.51)`, `ql = [0.38, 0.47]`)
/// are x and y in the order typed, and a list under a caption speaking of differences
/// (`per-query differences (system 1 minus system 2): 0.05, -0.12`) is d:.
/// Entries are separated by spaces, tabs, commas or semicolons (spreadsheet and CSV pastes).
/// Scores are decimals with an optional sign and exponent (0.42, -1.5, .5, 2e-3); d = x − y.
/// Errors: empty_input (nothing, or an empty keyed line); bad_token (a line with too many or
/// too few entries, an unknown or repeated key, a missing y: or x: line, x: paired with b:, d:
/// given with x: and y:, a query id given twice); bad_number (a score that is not a number);
/// out_of_range (a score too large for a double); inconsistent_counts (x: and y: of different
/// lengths, or fewer than 2 queries).
[[nodiscard]] Result<PairedScores> parse_paired_scores(std::string_view text);

}  // namespace irm
