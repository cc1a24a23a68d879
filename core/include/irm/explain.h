// The worked answer: step tables, notes, alternatives and chart data, produced where the
// arithmetic happens.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irm/number.h"

namespace irm {

/// `text` as a reader should see it in a table, a report or a terminal: a character that is
/// invisible or that reorders or controls what follows (C0 and C1 controls other than tab and
/// newline, DEL, bidirectional overrides and marks such as U+202E, zero-width characters such
/// as U+200B) is written as ⟨U+202E⟩, a byte that is not UTF-8 as ⟨0xFF⟩; the rest as it is.
/// Pasted docnos, labels, query ids and run tags pass through it on their way out.
[[nodiscard]] std::string visible(std::string_view text);

struct Cell {
  std::string text;              // as the notes write it: "D5 +", "3/6"
  std::optional<Number> number;  // present when the cell is a quantity
};

/// One table of a worked solution, in the order a student would write it.
struct StepTable {
  std::string title;                 // "Precision and recall at each rank"
  std::vector<std::string> columns;  // {"rank", "document", "P@k", "R@k"}
  std::vector<std::vector<Cell>> rows;
  std::vector<int> highlight;  // rows to emphasise (0-based), e.g. the cutoff rank
};

/// The same input under another named convention: "why is my answer different?"
struct Alternative {
  std::string measure;  // canonical name, e.g. "AP(norm=retrieved)"
  Number value;
  std::string why;  // "divides by the 3 relevant retrieved, not by R = 15"
};

/// Chart data, drawn by the page as it is (never recomputed there).
struct Series {
  enum class Kind { line, step, dot, bar };
  std::string name;
  Kind kind = Kind::line;
  std::vector<std::pair<double, double>> points;
  bool faint = false;  // drawn thin and light behind the others (each query behind the mean)
};

/// A matrix drawn as a shaded grid (a confusion matrix, a heat map).
struct Matrix {
  std::string row_title;     // "true class"
  std::string column_title;  // "predicted class"
  std::vector<std::string> row_labels;
  std::vector<std::string> column_labels;
  std::vector<std::vector<double>> cells;  // row-major, the values shown and shaded
};

struct Chart {
  std::string id;  // "pr": the page draws each id once
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<Series> series;
  /// When set, x values are indexes into these names (bar charts over queries).
  std::vector<std::string> x_categories;
  /// When set, the chart is this matrix (and series is empty).
  std::optional<Matrix> matrix;
  std::string description;  // text alternative for screen readers
};

/// What every measure returns.
struct Outcome {
  std::string measure;  // canonical name of what was computed
  std::string title;    // "Average precision"
  std::string label;    // what `value` is, when not the measure itself: PR's value is "P@10"
  Number value;
  std::vector<std::pair<std::string, Number>> values;  // named quantities, short ASCII keys
  std::string formula;                                 // LaTeX, the general formula
  std::string working;  // LaTeX, the formula with this input's numbers substituted
  std::vector<StepTable> steps;
  std::vector<std::string> notes;         // conventions used, 0/0 rules, rounding remarks
  std::vector<Alternative> alternatives;  // other conventions on the same input
  std::vector<Chart> charts;
};

/// A Number as plain text: "28/45" when exact, else "0.9189".
[[nodiscard]] std::string number_text(const Number& number);

/// Cell helpers: a plain text cell, a quantity shown as a fraction, a quantity with its own text.
[[nodiscard]] Cell text_cell(std::string text);
[[nodiscard]] Cell number_cell(const Number& number);
[[nodiscard]] Cell number_cell(std::string text, const Number& number);

/// LaTeX of a Number: "\frac{28}{45} \approx 0.6222", "\frac{3}{5} = 0.6", "0.9189".
[[nodiscard]] std::string latex_value(const Number& number);
/// LaTeX of num/den as written, then its value: "\frac{3}{15} = \frac{1}{5} = 0.2", or just
/// "\frac{2}{3} \approx 0.6667" when num/den is already in lowest terms.
[[nodiscard]] std::string latex_quotient(std::int64_t num, std::int64_t den, const Number& value);
/// LaTeX of a Number alone: "\frac{28}{9}" when exact, else "3.1111".
[[nodiscard]] std::string latex_exact(const Number& number);
/// LaTeX of a sum of terms, shortened with \cdots when there are more than `keep` terms.
[[nodiscard]] std::string latex_sum(const std::vector<std::string>& terms, std::size_t keep = 12);

}  // namespace irm
