// Helpers every measure family shares to start and finish an Outcome.

#include "common.h"

namespace irm {

Outcome start_outcome(const MeasureCall& call, const Inputs& in) {
  Outcome out;
  out.measure = canonical_name(call);
  out.title = outcome_title(call);
  out.formula = call.info->formula;
  out.notes = in.notes;
  return out;
}

void finish_outcome(Outcome& outcome) {
  bool overflow = outcome.value.overflow;
  for (const auto& [key, number] : outcome.values) overflow = overflow || number.overflow;
  if (overflow) outcome.notes.push_back(overflow_note());
}

Matrix count_matrix(std::string row_title, std::string column_title,
                    const std::vector<std::string>& labels,
                    const std::vector<std::vector<std::int64_t>>& counts) {
  Matrix matrix{std::move(row_title), std::move(column_title), labels, labels, {}};
  for (const auto& row : counts) {
    std::vector<double> cells;
    for (const std::int64_t v : row) cells.push_back(static_cast<double>(v));
    matrix.cells.push_back(std::move(cells));
  }
  return matrix;
}

Fraction parameter_fraction(const std::string& value) {
  const std::size_t slash = value.find('/');
  if (slash == std::string::npos) return *parse_decimal(value);
  const auto num = parse_decimal(value.substr(0, slash));
  const auto den = parse_decimal(value.substr(slash + 1));
  return *divide(*num, *den);
}

std::string latex_of(const Number& n) { return n.exact ? to_latex(*n.exact) : to_decimal(n, 4); }

Number over_count(const Number& x, std::int64_t n) { return n == 0 ? whole(0) : x / whole(n); }

Number power(const Number& base, std::int64_t n) {
  Number out = whole(1);
  for (std::int64_t i = 0; i < n; ++i) out = out * base;
  return out;
}

}  // namespace irm
