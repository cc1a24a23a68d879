// "Check my answer": a student's typed answer judged at the precision they typed, and, when it
// is wrong, the named convention or common slip that reproduces it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/irm.h"

namespace irm {

/// A typed answer: 0.62, .5, 28/45, 62.2%, -0.09 (or with U+2212 −), 0.41... (or 0.41…), and a
/// program's float output such as 0.30000000000000004.
struct Answer {
  enum class Form { decimal, fraction, percentage };
  Form form = Form::decimal;
  /// What was typed, exactly ("62.2%" is 311/500); for an answer with more than 15 significant
  /// digits, what was typed rounded to 15 of them (0.41666666666666663 is 0.416666666666667).
  Fraction value;
  /// The decimals the answer is judged at: "0.62" → 2, "62.2%" → 3 (as a proportion, 0.622),
  /// "0.41..." → 2, "0.41666666666666663" → 15. 0 for a fraction or a whole number ("1",
  /// "28/45"), which are judged exactly.
  int decimals = 0;
  /// An ellipsis ("0.41...", "0.41…") says the digits shown are the first digits of the value's
  /// decimal expansion: judged by truncation at the decimals typed, not rounding (0.41... is
  /// right for 0.4166… and 0.4199…, not for 0.4099…).
  bool prefix = false;
  /// 15 when the answer has 16 or 17 significant digits (a double printed in full, as Python or
  /// JavaScript prints 5/12: 0.41666666666666663): judged at 15 significant digits, so a
  /// program's printout of the exact value is right. 0 otherwise.
  int significant = 0;
  std::string text;  // as typed, without surrounding spaces
};

/// Parses an answer. Errors (field = answer, columns within the answer): empty_input (nothing
/// typed), bad_number (anything but a decimal, a decimal's first digits and an ellipsis, a
/// fraction a/b or a percentage; a denominator of 0), out_of_range (more than 17 significant
/// digits in a decimal, more than 15 digits in a whole number or either side of a fraction).
[[nodiscard]] Result<Answer> parse_answer(std::string_view text);

/// One cause that gives a typed answer: another named convention of the measure (a parameter's
/// other choice, Outcome.alternatives) or a slip of the catalogue.
struct CheckCandidate {
  enum class Kind { convention, slip };
  std::string name;  // "ap.norm_retrieved", "ap.over_k", "any.truncated"
  Kind kind = Kind::slip;
  std::string measure;  // a convention's canonical measure name: "AP(norm=retrieved)@10"
  /// The value the cause gives. Empty for the "any.*" slips, whose value is the right value or
  /// made from it (truncated, rounded twice, its sign flipped, another quantity).
  std::optional<Number> value;
  /// A convention: what it does and who uses it ("dividing by the 3 relevant documents
  /// retrieved, as scikit-learn's average_precision_score does when given only the ranked
  /// list"), with no value. A slip: its sentence, what reproduces the answer and what to change.
  std::string why;
};

/// The result of a check.
struct CheckResult {
  /// correct: the value rounds (truncates, for an ellipsis) to the answer at its precision.
  /// correct_under_convention: it does not, but another named convention of the measure gives it
  ///   (AP(norm=retrieved), nDCG(dcg=trec), kappa(chance=pooled)): a right answer under the
  ///   convention of a textbook or library, not a mistake. A convention outranks a slip.
  /// slip: a wrong answer that a slip of the catalogue (and no convention) reproduces.
  /// unknown: a wrong answer that nothing the calculator knows reproduces.
  enum class Verdict { correct, correct_under_convention, slip, unknown };
  Verdict verdict = Verdict::unknown;
  bool correct = false;  // verdict == correct (kept for compatibility)
  /// The catalogue name of the first cause in `candidates` ("ap.norm_retrieved",
  /// "any.truncated"); empty when the answer is right or nothing gives it.
  std::string matched;
  /// For correct_under_convention: the canonical measure name whose value the answer is
  /// ("AP(norm=retrieved)@10", "nDCG(dcg=trec)@10"); the first one when several give it.
  std::string convention;
  /// Every cause that gives the typed digits, conventions first, then slips in the catalogue's
  /// order; a slip giving the same value as a cause before it is left out (the same arithmetic
  /// reached another way, as AP@k over k and over min(R, k) when k <= R). For a right answer: the
  /// conventions whose value the answer is exactly, or at two more decimals, while the measure's
  /// own value only rounds to it ("rounding never hides a convention").
  std::vector<CheckCandidate> candidates;
  /// One sentence (or two) with the numbers: why the answer is right; under which convention it
  /// is right and what this page's default gives (correct_under_convention states the default's
  /// value: the answer is not wrong; a problem that hides values leaves this sentence out); or
  /// what reproduces a wrong answer and what to change, or, when several causes give it, each
  /// with its value ("could be A (0.4417) or B (0.4375): type more decimals to tell them apart").
  /// It never states the right value of a wrong answer (problem mode may hide it).
  std::string why;
  /// For a wrong answer that nothing in the catalogue reproduces: which intermediate quantity to
  /// check, from the input and the quantities' names only (never a computed value): "check the
  /// precision at the 3rd relevant document (rank 6)". Empty otherwise.
  std::string hint;
  std::string measure;  // canonical name of what was checked: "AP@10"
  /// The named quantity checked (a key of Outcome.values, as the outcome spells it:
  /// "precision"); empty for the measure's own value.
  std::string key;
  std::string label;  // what the value is: the key, the measure, or PR's "P@10"
  /// How it was judged: "at 2 decimals", "at 1 decimal", "exactly", "as the first 2 decimals"
  /// (an ellipsis), "at 15 significant digits" (a program's float output).
  std::string precision;
  Number expected;  // the right value
  Answer answer;
};

/// "correct", "correct_under_convention", "slip", "unknown": the names the JSON uses.
[[nodiscard]] const char* to_string(CheckResult::Verdict verdict);

/// Computes `measure` on `input` (as compute() does) and judges `answer` against its value, or,
/// when `key` is given, against the named quantity Outcome.values[key] ("precision" of
/// confusion, "t" of ttest, "PA" of kappa; matched exactly, else case-insensitively):
/// a decimal is right when the value rounds (half away from zero) to it at the decimals typed
/// (0.62 and 0.6 for 28/45 = 0.6222…); a decimal with an ellipsis when the value's decimals
/// start with it (0.62... for 0.6222…); one with 16 or 17 significant digits when it rounds to
/// the value at 15; a fraction or a whole number must be equal. When the value does not give
/// the answer, the measure's other conventions (Outcome.alternatives: the registry's parameter
/// choices) and the catalogue of slips (all_slips()) that give it at the same precision are
/// all collected (`candidates`), and the verdict is correct_under_convention when a convention
/// gives it, else slip, else unknown. A keyed quantity other than the measure's own value is
/// compared with the slips that apply to any value ("any.*") only.
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
