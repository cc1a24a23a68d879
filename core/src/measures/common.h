// Helpers every measure family shares: to start and finish an Outcome, and the parameters that
// measures of two families share (MAP takes AP's norm, 11pt-avg 11pt's rule).
//
// A family file (core/src/measures/*.cpp) computes its measures and declares each, beside the
// code, as a function `MeasureInfo measure_<id>()` that sets the registry's fields by name; the
// registry (core/src/registry.cpp) lists those functions in the page's order, one line each.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "irm/inputs.h"
#include "irm/number.h"
#include "irm/registry.h"
#include "plural.h"  // plural(n, "document"), shared with the TREC engine

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

/// A count as text: str(3) is "3".
[[nodiscard]] inline std::string str(std::int64_t n) { return std::to_string(n); }

/// A value for a formula: its exact fraction in LaTeX, else its decimal to 4 places.
[[nodiscard]] std::string latex_of(const Number& n);

/// Whether a quantity is 0: its fraction when exact, else its double.
[[nodiscard]] inline bool is_zero_number(const Number& x) {
  return x.exact ? x.exact->num == 0 : x.approx == 0.0;
}

/// base^n (n ≥ 0) by repeated multiplication: exact while the fractions fit.
[[nodiscard]] Number power(const Number& base, std::int64_t n);

/// A numeric parameter's value, as the measure-name parser stored it in its canonical spelling
/// ("2", "0.5", "1/3"; see ParamInfo::numeric).
[[nodiscard]] Fraction parameter_fraction(const std::string& value);

/// AP's norm=relevant|retrieved (average_precision.cpp), also MAP's and gMAP's.
[[nodiscard]] ParamInfo ap_norm_param();
/// The title of AP, MAP or gMAP, saying "over the relevant retrieved" when norm=retrieved.
[[nodiscard]] std::string ap_norm_title(const MeasureCall& call);
/// Interpolation's rule=textbook|trec9|trec10|none (interpolation.cpp), also 11pt-avg's.
[[nodiscard]] ParamInfo interpolation_rule_param();

// Rules the teaching code and the TREC files' code of a family both follow (a family file
// computes its measures for both: see cascade.cpp).

/// How many of a list's `n` ranks a measure with an optional rank cutoff reads: the first k, or
/// all of a shorter list; all n without a cutoff.
[[nodiscard]] constexpr std::int64_t ranks_read(std::optional<std::int64_t> cutoff,
                                                std::int64_t n) {
  return cutoff && *cutoff < n ? *cutoff : n;
}

/// 2^g - 1 for a whole grade g from 0 to 62: the exponential gain of gdeval's nDCG and of
/// dcg=burges, and the numerator of ERR's stopping chance (2^g - 1) / 2^max.
[[nodiscard]] constexpr std::int64_t exp_gain(std::int64_t g) { return (std::int64_t{1} << g) - 1; }

/// Whether a document of grade `grade` is relevant at relevance level `level`: a grade of `level`
/// or more. The TREC files' level is trec_eval's -l (1 unless given); a grade written in a
/// teaching list (D1:2) or a pool's qrels is relevant at level 1.
[[nodiscard]] constexpr bool relevant_at(std::int64_t grade, std::int64_t level) {
  return grade >= level;
}

/// x over a count n of documents (R for recall and AP, the retrieved for set precision), 0 when
/// n is 0: the 0/0 rule of the teaching code and of trec_eval alike. In exact numbers for the
/// teaching code (common.cpp), in doubles for the TREC files.
[[nodiscard]] Number over_count(const Number& x, std::int64_t n);
[[nodiscard]] constexpr double over_count(double x, std::int64_t n) {
  return n ? x / static_cast<double>(n) : 0.0;
}

/// How many relevant documents a recall level r asks for with R relevant, as trec_eval counts
/// them in doubles: trec_eval 10's lround(r R) (interpolation's rule=trec10, iprec_at_recall) or
/// trec_eval 9's (long)(r R + 0.9) (rule=trec9, --compat 9; Rprec_mult in both).
[[nodiscard]] inline std::int64_t trec_recall_count(double r, std::int64_t R, bool trec9) {
  const double x = r * static_cast<double>(R);
  if (trec9) return static_cast<std::int64_t>(x + 0.9);
  return static_cast<std::int64_t>(std::lround(x));
}

}  // namespace irm
