// Judges' agreement: two judges' labels (a LabelMatrix from confusion.h, rows = judge A,
// columns = judge B), Fleiss' items x categories table and Krippendorff's coders x units data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/confusion.h"
#include "irm/number.h"
#include "irm/result.h"

namespace irm {

/// Parses what two judges said about the same items, for kappa:
///
///              judge B
///               R    N
///   judge A R  75   25          a k x k grid of counts (rows judge A, columns judge B),
///           N  75  225          optional header labels ("R N", "#R(B) #I(B)") and row labels;
///                               a total row and column as the course notes print them are
///                               checked and left out; a Markdown table (| … |) is accepted;
///   A: R R N N R                or two label sequences, one label per item (any labels:
///   B: R N N N R                R N, 0 1 2, rel non); also judge1:/judge2:, rater1:/rater2:.
///
/// Labels from sequences keep their order of first appearance (numbers are sorted by value);
/// grid labels lose the judge's mark ("#R(A)", "Rel_A" and "*Rel_B*" name R and Rel).
/// Errors: empty_input; bad_token (a grid that is not square, a ragged row, a word among the
/// counts, an unknown key, a missing or repeated A:/B: line); bad_number (a negative or
/// non-whole count); out_of_range (a count above 10^15); inconsistent_counts (A: and B: of
/// different lengths, a Total row or column that is not the sum of the counts).
[[nodiscard]] Result<LabelMatrix> parse_judges(std::string_view text);

/// Fleiss' table: counts[i][j] raters put item i in category j; every row sums to m.
///
///   x_ij   1  2  3  4  5       one row per item, one column per category
///   d1     0  0  0  0 14       optional header of category names (numbers too: 1 2 3 4 5)
///   d2     0  2  6  4  2       optional item labels before the counts (or item numbers
///                              1, 2, …, n as a first column, recognised when only they
///                              break the equal row sums)
struct RatingTable {
  std::vector<std::string> items;                 // item names: the row labels, or "1", "2", … n
  std::vector<std::string> categories;            // category names: the header, or "1", "2", … k
  std::vector<std::vector<std::int64_t>> counts;  // counts[item][category]
  std::int64_t raters = 0;                        // m, the sum of every row
  std::vector<std::string> reading;               // how the text was read, for Outcome.notes
};

/// Parses Fleiss' items x categories table of counts (spaces, tabs or commas between counts;
/// a row may also end at a lone '/'). A last row labelled Total is checked and left out.
/// Errors: empty_input; bad_token (a ragged row, a word among the counts, a single column);
/// bad_number (a negative or non-whole count); out_of_range (a count above 10^15);
/// inconsistent_counts (rows that do not all sum to the same m, naming the first that differs;
/// fewer than 2 raters per item; a Total row that is not the sum of the counts).
[[nodiscard]] Result<RatingTable> parse_ratings(std::string_view text);

/// Krippendorff's reliability data: what each coder said about each unit, some judgments
/// missing.
///
///        1  2  3  4  5  6  7  8  9 10 11 12     an optional header of unit names
///   A    1  2  3  3  2  1  4  1  2  *  *  *     one row per coder (Krippendorff's layout),
///   B    1  2  3  3  2  2  4  1  2  5  *  3     optionally labelled (A, B: or "coder A")
///   C    .  3  3  3  2  3  4  2  2  5  1  .     missing: * . - ? NA, or an empty cell between
///                                               tabs, commas or '|'
/// A corner word over the row labels says what the rows are: "unit", "item", "subject" (rows
/// are units, columns coders) or "coder", "observer", "judge", "rater", "annotator" (rows are
/// coders); with none, rows are coders. Values are numbers or any words; equal numbers are one
/// value however written (2, 2.0).
struct ReliabilityData {
  std::vector<std::string> coders;
  std::vector<std::string> units;
  /// The distinct values: numbers in ascending order, then words in order of first appearance.
  std::vector<std::string> values;
  std::vector<std::optional<Fraction>> numbers;  // each value's number, when it is one
  std::vector<std::vector<int>> cells;           // cells[coder][unit]: index into values, or -1
  std::vector<std::string> reading;              // how the text was read, for Outcome.notes
};

/// The most distinct values the reader takes (the coincidence and difference tables are
/// values × values).
inline constexpr std::size_t max_reliability_values = 1000;

/// Errors: empty_input; bad_token (rows of different lengths when values are separated by
/// spaces, a header that does not fit, fewer than two coders, no unit with two judgments, more
/// than max_reliability_values distinct values); bad_number (a number with an exponent or more
/// than 18 digits).
[[nodiscard]] Result<ReliabilityData> parse_reliability(std::string_view text);

}  // namespace irm
