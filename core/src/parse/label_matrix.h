// The k x k matrix of two labellings of the same items, read from a grid of counts or from two
// label sequences. A classifier against the truth (true: / predicted:) and two judges (A: / B:)
// are the same shapes with other key names: MatrixRoles holds what differs, so that both go
// through one grid reader and one sequence reader.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/confusion.h"
#include "irm/result.h"
#include "lines.h"

namespace irm::labels {

struct MatrixRoles {
  std::string row_name;                  // "true": the rows' sequence line, as messages name it
  std::string column_name;               // "predicted"
  std::vector<std::string> row_keys;     // lower-case keys of the rows' line: {"true", "gold", …}
  std::vector<std::string> column_keys;  // {"predicted", "pred", …}
  std::string separators;                // between tokens besides whitespace: ",;" (or ",;|")
  std::string class_word;                // "class" (singular), for messages and notes
  std::string classes_word;              // "classes"
  std::string empty_message;             // the whole message for an empty input
  std::string grid_expected;             // "a k × k grid of counts (…) … or two lines …"
  std::string square_rule;               // follows "the grid has 2 rows of 3 counts; "
  std::string single_label;              // follows "every label is 'a'; " (empty: one is fine)
  std::string missing_partner;           // follows "but no predicted: line; "
  std::string one_per_item;              // "give one prediction per item"
  std::string grid_reading;              // "rows are the true class, columns the predicted class"
  bool sort_labels = true;  // sorted as scikit-learn does; else first appearance (numbers sorted)
  bool totals = false;      // a total row and column, as the notes print them, are dropped
  bool slash_rows = false;  // "75 25 / 75 225": '/' ends a row
  bool pipes = false;       // a Markdown table: '|' separates cells
  bool numbered_labels = false;  // a first line "0 1 2" over rows "0 10 2 0" holds labels
  /// "75 25 75 225": four counts on one line are the 2 × 2 grid row by row; `one_line_layout`
  /// says their order and `one_line_example` shows one, for the error about 3 or 5 counts.
  bool one_line = false;
  std::string one_line_layout{};
  std::string one_line_example{};
  /// Judges' labels as tutorials print them: lines "Judge A: …" / "Reader 2: …" (any name of one
  /// to three words before the colon, the first line judge A), items numbered in pairs
  /// ("1, yes  2, no"), one item per line ("1 yes no": item, judge A, judge B, under an optional
  /// header), lines above the header ("B" over "Yes No"), row labels after the judge ("A Yes"),
  /// and percentages or proportions of n ("n = 50" on its own line or in the corner).
  bool words = false;
  /// Cleans a grid's row (column) label, e.g. "#R(A)" -> "R"; null keeps labels as typed.
  std::string (*row_label)(const std::string&) = nullptr;
  std::string (*column_label)(const std::string&) = nullptr;
};

/// The roles of a classifier's confusion matrix: rows true:, columns predicted:.
[[nodiscard]] const MatrixRoles& classifier_roles();

/// Parses a k x k grid of counts or two label sequences under `roles`.
/// Errors: empty_input, bad_token (a ragged or non-square grid, an unknown key, a missing or
/// repeated line, a single label when not allowed), bad_number / out_of_range (a count),
/// inconsistent_counts (sequences of different lengths, totals that are not the sums).
[[nodiscard]] Result<LabelMatrix> read_label_matrix(std::string_view input,
                                                    const MatrixRoles& roles);

/// What a line "key: …" holds under `roles`: the rows' labels (true:), the columns' labels
/// (predicted:), the positive class (positive:, binary matrices only) or none of these.
enum class SequenceRole { none, truth, predicted, positive };
[[nodiscard]] SequenceRole sequence_role(const std::string& key, const MatrixRoles& roles);

/// The two label sequences, and positive: when given.
struct Sequences {
  text::KeyedLine truth;
  text::KeyedLine predicted;
  std::optional<text::KeyedLine> positive;
};

/// The rows' line (truth) and the columns' line (predicted), named as `roles` says; positive:
/// only when `allow_positive` (the binary confusion matrix).
/// Errors: bad_token (an unknown or repeated line, a missing partner, positive: with more than
/// one label), empty_input (a line with no labels), inconsistent_counts (different lengths).
[[nodiscard]] Result<Sequences> read_sequences(const std::vector<text::Line>& lines,
                                               const MatrixRoles& roles, bool allow_positive);

/// Two lists as a program prints them: "y_true = [0, 1, 0]" and "y_pred = [0, 0, 1]" in either
/// order (captions the roles' keys name), or, when `roles.words` (the judges), two captioned
/// lists of labels whose captions name no role ("y1 = [...]", "y2 = [...]": the first is the
/// rows' judge). The keyed lines read_sequences takes, and the note saying how each list was
/// read; empty when the input is not two captioned bracketed lists.
struct PrintedSequences {
  std::vector<text::Line> lines;
  std::string note;
};
[[nodiscard]] std::optional<PrintedSequences> printed_sequences(std::string_view input,
                                                                const MatrixRoles& roles);

/// The error for a line that starts "key:" with a key no layout knows (a typo such as relevent:
/// or tq=2); `expected` says what would have been read.
[[nodiscard]] InputError unknown_key(const text::KeyedLine& keyed, const std::string& expected);

}  // namespace irm::labels
