// Grids of counts, shared by the parsers that read a table a student pastes: the 2 x 2 confusion
// grid, the k x k matrix of a classifier or of two judges, and Fleiss' items x categories table.
// Optional header row and row labels; spaces, tabs, commas (or '|' for a Markdown table).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lines.h"
#include "text.h"

namespace irm::grid {

/// Sums of counts stay far from 64-bit overflow.
constexpr std::int64_t max_count = 1'000'000'000'000'000;

/// "1 row", "3 rows".
[[nodiscard]] std::string counts_word(std::size_t n, const char* one, const char* many);

/// The token with at least one code point of length, for highlighting "nothing here".
[[nodiscard]] text::Token visible(text::Token t);

/// A whole number 0..10^15. `what` finishes the sentence: "for tp", "in row 2 of the grid";
/// `count_of` says what is counted ("documents", "raters").
/// Errors: bad_number (nothing, a negative number, not a whole number), out_of_range (> 10^15).
[[nodiscard]] Result<std::int64_t> read_count(const text::Token& value, const std::string& what,
                                              const std::string& count_of = "documents");

struct Grid {
  std::vector<std::string> column_labels;  // from a header line; empty when none fits
  std::vector<std::string> row_labels;     // the words before each row's counts ("" if none)
  std::vector<std::vector<std::int64_t>> cells;
  std::vector<std::vector<text::Token>> cell_tokens;
  std::vector<int> row_lines;       // the input line of each row
  std::optional<std::string> note;  // a header line that could not be used
  std::vector<std::string> header;  // the header line's labels as split (corner dropped if empty)
  int header_line = 0;              // 0 when there is no header line
};

/// How a grid is laid out in the text.
struct GridStyle {
  bool pipes = false;                  // a Markdown table: header cells split at '|'
  std::string count_of = "documents";  // what a count counts, for read_count's messages
  /// The first line names the columns and the first entry of every later line names its row,
  /// even when they are numbers ("  0 1 2" over "0 10 2 0"): set by a caller that saw the shape.
  bool numbered_labels = false;
};

/// "---", "|:---|---:|", "===": the rule under a Markdown or plain-text table header.
[[nodiscard]] bool is_rule_line(const text::Line& line);

/// The shape of a grid whose labels are numbers: a first line of k entries over k lines of
/// k + 1 entries each (a row label, then k counts).
[[nodiscard]] bool has_numbered_labels(const std::vector<text::Line>& lines);

/// Reads rows of whole numbers, each optionally after a row label, with an optional header line
/// of labels first (a line with no number on it). Lines that only draw a rule ("---", "|:--|")
/// are skipped. Every row must have as many counts as the first.
/// Errors: bad_token (a word where a row was expected, a ragged row), read_count's errors,
/// empty_input ("found no row of counts; expected " + expected).
[[nodiscard]] Result<Grid> read_grid(const std::vector<text::Line>& lines, std::string_view input,
                                     const std::string& expected, const GridStyle& style = {});

/// Sets column_labels from the header for `width` columns: the header is used when it has
/// `width` labels, or one more (a corner cell, dropped); otherwise `note` says why not.
void use_header(Grid& grid, std::size_t width);

/// "Total", "totals", "sum", "Σ": a label of a margin row or column.
[[nodiscard]] bool is_total_label(const std::string& label);

/// Splits lines at tokens that are a lone '/', so "75 25 / 75 225" is two rows of one line.
[[nodiscard]] std::vector<text::Line> split_rows_at_slash(const std::vector<text::Line>& lines);

/// A 2 × 2 grid typed on one line, "300 20 10 70": one row of counts with no header and no row
/// label. Four counts are folded into two rows of two, in the order the grid is written (the
/// first row, then the second), and the return is true; other grids are left as they are.
[[nodiscard]] bool fold_one_line(Grid& grid);
/// The one row of 4 counts of `grid` as the 2 × 2 grid written row by row (labels emptied).
void fold_row_of_four(Grid& grid);

/// For one unlabelled row of 3 or 5 and more counts: the error saying that a grid on one line is
/// 4 counts, `layout` naming their order ("TP FN FP TN (rows …)") and `example` one such line;
/// pointing at the fifth count, or at the three counts. Empty for any other grid.
[[nodiscard]] std::optional<InputError> one_line_error(const Grid& grid, const std::string& layout,
                                                       const std::string& example);

/// Margins printed with a table (the study notes "What to evaluate" and Bhattacharya's CS657A
/// notes print the judges' table with a total row and column): a last row labelled Total, a last
/// column headed Total, or, when `unlabelled` is set, a last row and column with no label that hold
/// exactly the sums. They are checked against the counts and removed; the return says what was
/// removed ("" when nothing). Errors: inconsistent_counts (a Total row or column that is not the
/// sum of the counts).
[[nodiscard]] Result<std::string> drop_totals(Grid& grid, bool unlabelled);

}  // namespace irm::grid
