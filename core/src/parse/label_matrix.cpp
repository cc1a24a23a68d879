// Two labellings of the same items as a k x k matrix: read_label_matrix, from a grid of counts
// or from two label sequences, and the reading of the sequences themselves (also used by the
// binary confusion matrix of confusion.cpp). The keys and wording come from MatrixRoles: a
// classifier against the truth (true: / predicted:) here, two judges (A: / B:) in agreement.cpp.

#include "label_matrix.h"

#include <algorithm>
#include <map>

#include "grid.h"
#include "text.h"

namespace irm::labels {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

using grid::counts_word;
using grid::Grid;
using grid::max_count;

// The key as the student typed it, with its colon: "true:", "A:".
std::string shown(const KeyedLine& line) { return line.key_token.text + ":"; }

}  // namespace

SequenceRole sequence_role(const std::string& key, const MatrixRoles& roles) {
  const auto among = [&](const std::vector<std::string>& keys) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  if (among(roles.row_keys)) return SequenceRole::truth;
  if (among(roles.column_keys)) return SequenceRole::predicted;
  if (key == "positive") return SequenceRole::positive;
  return SequenceRole::none;
}

Result<Sequences> read_sequences(const std::vector<Line>& lines, const MatrixRoles& roles,
                                 bool allow_positive) {
  std::optional<KeyedLine> truth;
  std::optional<KeyedLine> predicted;
  std::optional<KeyedLine> positive;
  const std::string row = roles.row_name + ":";
  const std::string column = roles.column_name + ":";
  const std::string expected =
      allow_positive ? "expected a line starting " + row + ", " + column + " or positive:"
                     : "expected a line starting " + row + " or " + column;
  for (const Line& line : lines) {
    auto keyed = text::keyed_line(line);
    const SequenceRole role = keyed ? sequence_role(keyed->key, roles) : SequenceRole::none;
    if (role == SequenceRole::none || (role == SequenceRole::positive && !allow_positive)) {
      const Token& t = keyed ? keyed->key_token : line.tokens[0];
      return text::error_at(
          ErrorCode::bad_token, t,
          "found " + text::quoted(t.text) + " at " + text::position(t.where) + "; " + expected);
    }
    std::optional<KeyedLine>& slot = role == SequenceRole::truth       ? truth
                                     : role == SequenceRole::predicted ? predicted
                                                                       : positive;
    if (slot) {
      return text::error_at(ErrorCode::bad_token, keyed->key_token,
                            "a second " + shown(*keyed) + " line at " +
                                text::position(keyed->key_token.where) + "; the first is on line " +
                                std::to_string(slot->key_token.where.line) + ". Give it once");
    }
    slot = std::move(keyed);
  }
  if (!truth || !predicted) {
    const KeyedLine& given = truth ? *truth : predicted ? *predicted : *positive;
    return text::error_at(ErrorCode::bad_token, given.key_token,
                          "found " + shown(given) + " at " + text::position(given.key_token.where) +
                              " but no " + (truth ? column : row) + " line; " +
                              roles.missing_partner);
  }
  for (const KeyedLine* k : {&*truth, &*predicted}) {
    if (k->values.empty()) {
      return text::error_at(ErrorCode::empty_input, k->key_token,
                            "the " + shown(*k) + " line at " + text::position(k->key_token.where) +
                                " is empty; list one label per item after the colon");
    }
  }
  const std::size_t n = truth->values.size();
  const std::size_t m = predicted->values.size();
  if (n != m) {
    const KeyedLine& longer = n > m ? *truth : *predicted;
    const Token& extra = longer.values[std::min(n, m)];
    return text::error_at(ErrorCode::inconsistent_counts, extra,
                          shown(*truth) + " has " + counts_word(n, "label", "labels") + " (line " +
                              std::to_string(truth->key_token.where.line) + ") but " +
                              shown(*predicted) + " has " + std::to_string(m) + " (line " +
                              std::to_string(predicted->key_token.where.line) + "); " +
                              roles.one_per_item + ". The first without a partner is " +
                              text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  if (positive && positive->values.size() != 1) {
    const Token& t = positive->values.empty() ? positive->key_token : positive->values[1];
    return text::error_at(ErrorCode::bad_token, t,
                          "positive: at " + text::position(positive->key_token.where) +
                              " takes one label, the relevant class, as in positive: 1");
  }
  return Sequences{*truth, *predicted, positive};
}

// A line that starts "key:" with a key no layout knows: a typo such as relevent: or tq=2.
InputError unknown_key(const KeyedLine& keyed, const std::string& expected) {
  return text::error_at(ErrorCode::bad_token, keyed.key_token,
                        "found " + text::quoted(keyed.key_token.text + keyed.separator) + " at " +
                            text::position(keyed.key_token.where) + "; expected " + expected);
}

const MatrixRoles& classifier_roles() {
  static const MatrixRoles roles = [] {
    MatrixRoles r;
    r.row_name = "true";
    r.column_name = "predicted";
    r.row_keys = {"true", "truth", "actual", "gold", "y_true", "expected"};
    r.column_keys = {"predicted", "prediction", "predictions", "pred", "y_pred"};
    r.separators = ",;";
    r.class_word = "class";
    r.classes_word = "classes";
    r.empty_message =
        "the input is empty; give a k × k grid of counts (rows: true class, columns: predicted "
        "class) or two lines true: and predicted:";
    r.grid_expected =
        "a k × k grid of counts (rows: true class, columns: predicted class), with optional "
        "class names, or two lines true: and predicted:";
    r.square_rule =
        "a confusion matrix is square, one row and one column per class (rows: true class, "
        "columns: predicted class), with at least two classes";
    r.single_label = "a confusion matrix needs at least two classes";
    r.missing_partner =
        "give the true labels and the predicted labels, one per item, as in true: 1 0 1 and "
        "predicted: 1 1 0";
    r.one_per_item = "give one prediction per item";
    r.grid_reading = "rows are the true class, columns the predicted class";
    return r;
  }();
  return roles;
}

Result<LabelMatrix> read_label_matrix(std::string_view input, const MatrixRoles& roles) {
  auto tokenized = text::tokenize(input, roles.separators);
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input, roles.empty_message, Span{}};
  }
  std::vector<Line> lines = text::group_lines(tokenized.value());
  LabelMatrix out;
  bool sequences = false;
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    const SequenceRole role = keyed ? sequence_role(keyed->key, roles) : SequenceRole::none;
    sequences = sequences || role == SequenceRole::truth || role == SequenceRole::predicted;
  }
  if (sequences) {
    auto s = read_sequences(lines, roles, false);
    if (!s.ok()) return s.error();
    const Sequences& seq = s.value();
    std::vector<std::string> labels;
    for (const KeyedLine* line : {&seq.truth, &seq.predicted}) {
      for (const Token& t : line->values) {
        if (roles.sort_labels || std::find(labels.begin(), labels.end(), t.text) == labels.end()) {
          labels.push_back(t.text);
        }
      }
    }
    const auto as_number = [](const std::string& label) {
      return text::parse_whole(label, max_count);
    };
    bool all_numbers = true;
    for (const auto& l : labels) all_numbers = all_numbers && as_number(l).has_value();
    std::string order = "in sorted order";
    if (roles.sort_labels || all_numbers) {
      // Sorted, numbers by value (2 before 10), as scikit-learn orders classes.
      std::sort(labels.begin(), labels.end(), [&](const std::string& a, const std::string& b) {
        const auto x = as_number(a);
        const auto y = as_number(b);
        if (x && y) return *x < *y;
        if (x || y) return x.has_value();
        return a < b;
      });
      labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
      if (!roles.sort_labels) order = "in increasing order";
    } else {
      order = "in order of first appearance";  // R before N when the text starts with R
    }
    if (labels.size() < 2 && !roles.single_label.empty()) {
      return text::error_at(
          ErrorCode::bad_token, seq.truth.values[0],
          "every label is " + text::quoted(labels[0]) + "; " + roles.single_label);
    }
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < labels.size(); ++i) index[labels[i]] = i;
    out.labels = labels;
    out.counts.assign(labels.size(), std::vector<std::int64_t>(labels.size(), 0));
    for (std::size_t i = 0; i < seq.truth.values.size(); ++i) {
      ++out.counts[index[seq.truth.values[i].text]][index[seq.predicted.values[i].text]];
    }
    std::string classes;
    for (const auto& l : labels) classes += (classes.empty() ? "" : ", ") + l;
    out.reading.push_back("Read " + counts_word(seq.truth.values.size(), "item", "items") +
                          " from " + shown(seq.truth) + " and " + shown(seq.predicted) + "; " +
                          (labels.size() == 1 ? "one " + roles.class_word + ": "
                                              : "the " + std::to_string(labels.size()) + " " +
                                                    roles.classes_word + " " + order + ": ") +
                          classes + ".");
    return out;
  }
  if (const auto keyed = text::keyed_line(lines[0])) {
    return unknown_key(*keyed, roles.grid_expected);
  }
  if (roles.slash_rows) lines = grid::split_rows_at_slash(lines);
  grid::GridStyle style;
  style.pipes = roles.pipes;
  style.numbered_labels = roles.numbered_labels && grid::has_numbered_labels(lines);
  auto parsed = grid::read_grid(lines, input, roles.grid_expected, style);
  if (!parsed.ok()) return parsed.error();
  Grid& grid = parsed.value();
  const bool one_line = roles.one_line && grid::fold_one_line(grid);
  if (roles.one_line) {
    if (const auto e = grid::one_line_error(grid, roles.one_line_layout, roles.one_line_example)) {
      return *e;
    }
  }
  std::string totals;
  if (roles.totals) {
    auto dropped = grid::drop_totals(grid, true);
    if (!dropped.ok()) return dropped.error();
    totals = dropped.value();
  }
  const std::size_t rows = grid.cells.size();
  const std::size_t columns = grid.cells[0].size();
  if (rows != columns || rows < 2) {
    const Token& at =
        columns > rows ? grid.cell_tokens[0][rows]
                       : (rows > columns ? grid.cell_tokens[columns][0] : grid.cell_tokens[0][0]);
    const std::string outside = rows == columns
                                    ? ""
                                    : ". The first count outside a square grid is " +
                                          text::quoted(at.text) + " at " + text::position(at.where);
    return text::error_at(ErrorCode::bad_token, at,
                          "the grid has " + counts_word(rows, "row", "rows") + " of " +
                              counts_word(columns, "count", "counts") + "; " + roles.square_rule +
                              outside);
  }
  const auto clean = [](std::vector<std::string> labels, std::string (*f)(const std::string&)) {
    if (f != nullptr) {
      for (auto& l : labels) l = f(l);
    }
    return labels;
  };
  const std::vector<std::string> row_labels = clean(grid.row_labels, roles.row_label);
  const std::vector<std::string> column_labels = clean(grid.column_labels, roles.column_label);
  bool row_names = true;
  for (const auto& l : row_labels) row_names = row_names && !l.empty();
  if (!column_labels.empty()) {
    out.labels = column_labels;
    if (row_names && row_labels != column_labels) {
      out.reading.push_back(
          "The row labels differ from the column labels; the column labels "
          "name the " +
          roles.classes_word + ", and row i is taken to be the same " + roles.class_word +
          " as column i.");
    }
  } else if (row_names) {
    out.labels = row_labels;
  } else {
    for (std::size_t i = 0; i < rows; ++i) {
      out.labels.push_back(roles.class_word + " " + std::to_string(i + 1));
    }
  }
  out.counts = grid.cells;
  if (grid.note) out.reading.push_back(*grid.note);
  if (!totals.empty()) out.reading.push_back(totals);
  if (one_line) {
    out.reading.push_back("Read the four counts on one line as a 2 × 2 grid written row by row (" +
                          roles.grid_reading + "): " + std::to_string(grid.cells[0][0]) + " " +
                          std::to_string(grid.cells[0][1]) + " / " +
                          std::to_string(grid.cells[1][0]) + " " +
                          std::to_string(grid.cells[1][1]) + ".");
  } else {
    out.reading.push_back("Read a " + std::to_string(rows) + " × " + std::to_string(rows) +
                          " grid: " + roles.grid_reading + ".");
  }
  return out;
}

}  // namespace irm::labels
