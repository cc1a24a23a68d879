// The measure registry and the measure-name grammar  Name(param=value,...)@cutoff.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irm/explain.h"
#include "irm/number.h"
#include "irm/result.h"

namespace irm {

/// The kind of text a measure reads. One parser per kind.
enum class InputKind {
  ranked_list,    // R N R N, D1 *D2* D3: ranking.h
  graded_list,    // 4 3 4 2 0, D1:4 D2:3, optional "unretrieved: 3 2": graded.h
  queries,        // blocks of ranked (or graded) lists, one per query: queries.h
  scored_labels,  // "label score" pairs, or labels:/scores: lines, or a ranking: scores.h
  confusion,      // tp=.. fp=.., a 2x2 grid, three sets, or true:/predicted: lines: confusion.h
  multiclass,     // a k x k grid with labels, or true:/predicted: lines: confusion.h
  judges,         // two judges: a k x k grid of counts, or A:/B: label lines: agreement.h
  ratings,        // Fleiss: items x categories counts, one row per item: agreement.h
  reliability,    // Krippendorff: coders x units of values, some missing: agreement.h
  rankings,       // two rankings x:/y: of scores or ranks, one value per item: correlation.h
  two_lists,      // two ranked lists of items x:/y:, any lengths and items: correlation.h
  paired,         // per-query scores of two systems: two columns, x:/y: or d: lines: paired.h
  runs,           // several runs: ranked lists per topic, or TREC runs: pooling.h
  subtopic_list,  // d1: 1 3, d2: -, or 1,3 | - | 2, optional "unretrieved: d7: 2": subtopics.h
};
[[nodiscard]] const char* to_string(InputKind kind);

/// What may follow '@': nothing, a rank (P@10) or a recall level (IPrec@0.3).
enum class CutoffKind { none, rank_optional, recall_required };

struct ParamInfo {
  std::string name;                  // "norm"
  std::vector<std::string> choices;  // {"relevant", "retrieved"}
  std::string default_value;         // "relevant"
  std::string help;                  // "what the sum of precisions is divided by"
  /// A number instead of a choice (F(beta=2), F(alpha=1/3)): `choices` is empty, the value is a
  /// decimal or a fraction a/b, 0 or more, stored in its canonical spelling (parameter_number),
  /// and `default_value` is a canonical number or "" for "not given".
  bool numeric = false;
  std::optional<Fraction> maximum{};  // the largest value allowed (alpha ≤ 1), when there is one
  std::string excludes{};             // a parameter that cannot be given together with this one
  /// Older spellings of choices, still accepted and read as the choice: {"notes002", "cs657a"}.
  std::vector<std::pair<std::string, std::string>> value_aliases{};
  /// Who computes a choice, in words a stranger can look up, for "correct under <convention>,
  /// as <who> computes it": {"min_rk", "the R package Metrics' apk and mapk, Kaggle's apk and
  /// mapk and many recommender-system courses"}. Not every choice has one.
  std::vector<std::pair<std::string, std::string>> users{};
};

/// The canonical spelling of a numeric parameter value: "2", "0.5", "1/3" (a decimal when it
/// terminates within 18 places, else a reduced fraction).
[[nodiscard]] std::string parameter_number(Fraction value);

/// A word exercises use for one quantity of a measure: "accuracy" reads as
/// confusion(value=accuracy). Matched like a name (ignoring case, spaces, hyphens and
/// underscores); the call prints as its canonical name.
struct NameWord {
  std::string word;   // "accuracy"
  std::string param;  // "value"
  std::string value;  // "accuracy"
  /// The word names this only when typed alone: "precision" is confusion(value=precision), but
  /// "precision@5" is P@5 (the word is also an alias of P, which a cutoff or parameters select).
  bool alone_only = false;
};

struct MeasureCall;
struct Inputs;
using RunMeasure = Result<Outcome> (*)(const MeasureCall&, const Inputs&);
using TitleOf = std::string (*)(const MeasureCall&);

/// One measure, as its family file declares it (core/src/measures/*.cpp: a function
/// `MeasureInfo measure_<id>()` beside the code that computes it, each field set by name), and
/// as the registry lists it (core/src/registry.cpp: one line per measure, in the page's order).
struct MeasureInfo {
  std::string name;     // "AP"
  std::string title;    // "Average precision"
  std::string summary;  // one sentence shown on the page
  InputKind input = InputKind::ranked_list;
  CutoffKind cutoff = CutoffKind::none;
  std::vector<ParamInfo> params;
  std::vector<std::string> aliases;
  /// Words that name one quantity of this measure (see NameWord): confusion's "accuracy".
  std::vector<NameWord> words{};
  std::string formula;              // LaTeX, for students
  std::string example;              // a name to try: "AP(norm=retrieved)@10"
  std::vector<std::string> golden;  // ids of the golden tests (tests/core/golden_*.cpp) covering it
  RunMeasure run = nullptr;
  /// For a mean over queries (MAP, MRR, 11pt-avg): the measure taken on each query, which gets
  /// this measure's parameters and cutoff ("AP" for MAP).
  std::string per_query{};
  /// mean(M): the parentheses hold a measure name (of one query) instead of parameters.
  bool takes_measure{false};
  /// The input read when a rank cutoff is given, when it differs from `input`: F reads a
  /// confusion matrix, and F@k a ranked list (the F of P@k and R@k).
  std::optional<InputKind> cutoff_input{};
  /// The heading of an answer when a parameter changes what is computed ("Kendall's tau-a");
  /// null: the title. See outcome_title.
  TitleOf variant_title = nullptr;
  /// The same values on TREC files: pairs of one of this measure's names and the name
  /// `irmetrics trec -m` computes that value under, as it prints it ({"SDCG(max=4)@5",
  /// "SDCG(max_rel=4)@5"}). tests/core/cross_engine_test.cpp requires each pair to agree on
  /// random topics (a graded list's measures on graded qrels, a ranked list's on binary ones).
  /// Empty: no TREC counterpart, or one that test maps itself (parameters that translate).
  std::vector<std::pair<std::string, std::string>> on_trec_files{};
};

/// The input kind `call` reads: the registry's `cutoff_input` when the call has a rank cutoff
/// and the entry has one, else its `input`.
[[nodiscard]] InputKind input_kind(const MeasureCall& call);

/// A parsed measure name: the registry entry, every parameter (defaults filled in, registry
/// order) and the cutoff.
struct MeasureCall {
  const MeasureInfo* info = nullptr;
  std::vector<std::pair<std::string, std::string>> params;
  std::optional<std::int64_t> rank_cutoff;  // P@10
  std::optional<Fraction> recall_cutoff;    // IPrec@0.3
  std::vector<MeasureCall> inner;           // mean(P@5): the measure inside (one at most)
  /// The word the name was typed as when it was a NameWord ("precision", "Accuracy"), else
  /// empty: a reader that cannot read the input names it (see ranked_list_instead).
  std::string word{};

  /// The value of parameter `name` (always present after parsing).
  [[nodiscard]] const std::string& param(std::string_view name) const;
  /// This call with one parameter changed: for alternatives.
  [[nodiscard]] MeasureCall with(std::string_view name, std::string value) const;
};

/// The heading of an answer: the registry's title, naming the variant computed where a
/// parameter changes what is computed ("Kappa with pooled marginals (Scott's π)", "Kendall's
/// tau-a", "Weighted F-measure (β = 2)"), not where it is a detail of the convention.
[[nodiscard]] std::string outcome_title(const MeasureCall& call);

/// Every measure, in the order the page lists them (most taught first).
[[nodiscard]] const std::vector<MeasureInfo>& all_measures();

/// Parses "AP(norm=retrieved)@10". Names, aliases, parameter names and values match
/// case-insensitively; names and aliases also ignore spaces, hyphens and underscores
/// ("mean average precision" is MAP, "r-precision" is Rprec). A word of MeasureInfo::words
/// reads as its measure with the word's parameter set ("accuracy" is confusion(value=accuracy));
/// "precision" and "recall" alone are the set quantities of `confusion`, with a cutoff P@k and
/// R@k. Errors (field = measure, columns within the name): empty_input,
/// unknown_measure, unknown_parameter, bad_parameter_value, bad_token, bad_number, out_of_range.
[[nodiscard]] Result<MeasureCall> parse_measure_name(std::string_view text);

/// The canonical spelling: registry name, non-default parameters in registry order, cutoff
/// last: "AP(norm=retrieved)@10", "P@5", "IPrec@0.3".
[[nodiscard]] std::string canonical_name(const MeasureCall& call);

/// The canonical form of a typed name; empty when it does not parse.
[[nodiscard]] std::string canonical(std::string_view text);

/// For a call typed as a word of a set (call.word: "precision", "accuracy") whose input turned
/// out to be a ranked list: the message naming the measures of a ranked list to use instead
/// ("'precision' alone is the precision of a set …; for a ranked list give a cutoff, as in
/// precision@10 (P@10), …"). Empty for any other call. compute() gives it in place of the
/// confusion reader's error when the input reads as a ranked list.
[[nodiscard]] std::string ranked_list_instead(const MeasureCall& call);

}  // namespace irm
