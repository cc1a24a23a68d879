// "Check my answer": a student's typed answer judged at the precision they typed, and, when it
// is wrong, the named convention or common slip that reproduces it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "irm/irm.h"

namespace irm {

/// A typed answer: 0.62, .5, 28/45, 62.2%, -0.09.
struct Answer {
  enum class Form { decimal, fraction, percentage };
  Form form = Form::decimal;
  Fraction value;  // what was typed, exactly: "62.2%" is 311/500
  /// The decimals the answer is judged at: "0.62" → 2, "62.2%" → 3 (as a proportion, 0.622).
  /// 0 for a fraction or a whole number ("1", "28/45"), which are judged exactly.
  int decimals = 0;
  std::string text;  // as typed, without surrounding spaces
};

/// Parses an answer. Errors (field = answer, columns within the answer): empty_input (nothing
/// typed), bad_number (anything but a decimal, a fraction a/b or a percentage; a denominator
/// of 0), out_of_range (more than 18 digits).
[[nodiscard]] Result<Answer> parse_answer(std::string_view text);

/// The result of a check.
struct CheckResult {
  bool correct = false;
  /// The catalogue name of the convention or slip that reproduces a wrong answer
  /// ("ap.norm_retrieved", "any.truncated"); empty when the answer is right or nothing does.
  std::string matched;
  /// One sentence with the numbers: why the answer is right, or what reproduces it and what to
  /// change. It never states the right value of a wrong answer (problem mode may hide it).
  std::string why;
  /// For a wrong answer that nothing in the catalogue reproduces: which intermediate quantity to
  /// check, from the input and the quantities' names only (never a computed value): "check the
  /// precision at the 3rd relevant document (rank 6)". Empty when the answer is right or matched.
  std::string hint;
  std::string measure;  // canonical name of what was checked: "AP@10"
  /// The named quantity checked (a key of Outcome.values, as the outcome spells it:
  /// "precision"); empty for the measure's own value.
  std::string key;
  std::string label;      // what the value is: the key, the measure, or PR's "P@10"
  std::string precision;  // how it was judged: "at 2 decimals", "at 1 decimal", "exactly"
  Number expected;        // the right value
  Answer answer;
};

/// Computes `measure` on `input` (as compute() does) and judges `answer` against its value, or,
/// when `key` is given, against the named quantity Outcome.values[key] ("precision" of
/// confusion, "t" of ttest, "PA" of kappa; matched exactly, else case-insensitively):
/// a decimal is right when the value rounds (half away from zero) to it at the decimals typed
/// (0.62 and 0.6 for 28/45 = 0.6222…); a fraction or a whole number must be equal. A wrong
/// answer is compared with the measure's other conventions (Outcome.alternatives: the registry's
/// parameter choices) and then with the catalogue of slips (all_slips()), in that order; the
/// first one that gives the answer at the same precision is `matched`. A keyed quantity other
/// than the measure's own value is compared with the slips that apply to any value ("any.*").
/// Errors: those of compute(), those of parse_answer (field = answer), and unknown_parameter
/// (field = answer, no position) for a key the outcome does not have; its message lists the keys
/// it has.
[[nodiscard]] Result<CheckResult> check_answer(std::string_view measure, std::string_view input,
                                               const Options& options, std::string_view answer,
                                               std::string_view key = {});

/// One entry of the catalogue of common slips.
struct SlipInfo {
  std::string name;                   // "ap.over_k"; "any.*" applies to every measure
  std::vector<std::string> measures;  // registry names it applies to (empty for "any.*")
  std::string summary;                // "AP@k divided by the cutoff k instead of R"
};

/// The catalogue of slips, in the order they are tried. Conventions (a parameter's other
/// choices) are not listed here: they are tried first, named "<measure>.<param>_<choice>" in
/// lower case, e.g. "ap.norm_retrieved", "ndcg.dcg_trec", "tau.variant_a".
[[nodiscard]] const std::vector<SlipInfo>& all_slips();

}  // namespace irm
