// What "Check my answer" (check.cpp) shares with the measure families: the catalogue's entries
// and the helpers their makers and hints call. Internal to the core, not public API.
//
// Each family file (core/src/measures/*.cpp) keeps the slips students make with its measures,
// and the hint that names what to check when no slip gives the answer, beside the measures
// themselves, and hands them to check.cpp through one function `const CheckFamily&
// <family>_checks()` (declared below; check.cpp lists them in the order their slips are tried).
// Adding a slip to a family edits that family file only.
//
// Only check.cpp calls those functions, and only the modules with answer checks link check.cpp:
// the slips' code must stay out of anything a measure's MeasureInfo reaches, so that the linker
// leaves it out of the calculators' wasm modules (wasm/CMakeLists.txt, IRM_NO_CHECK).
//
// The core is compiled as unity sources (CMakeLists.txt): a family file's slips live in
// `irm::checking` inside an unnamed namespace, under names no other file of the core uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/check.h"

namespace irm::checking {

// One cause a slip's maker proposes: its catalogue name, its value, and the sentence saying what
// reproduces the answer and what to change.
struct Candidate {
  std::string name;
  Number value;
  std::string why;
};

// What a slip is computed from.
struct Context {
  const MeasureCall& call;
  const Outcome& outcome;
  std::string_view input;
  const std::string& answer;  // as typed
  std::string asked;          // "AP@10", or the key checked: "precision"
  const Answer& typed;
  const Number& expected;  // the value checked: the measure's, or the key's
  std::string key;         // the key checked; empty for the measure's own value
  const Options& options;
};

using Maker = std::function<std::optional<Candidate>(const Context&)>;

struct SlipEntry {
  SlipInfo info;
  Maker make;  // empty for the slips with any value ("any.*", check.cpp's any_slip)
  // Also tried when a named quantity is checked (Context::key, which the maker then reads:
  // multiclass's macro_F1), not only the measure's own value.
  bool keys = false;
};

// A family's hint: which intermediate quantity to check, for `q` (the key asked, or the measure's
// own value under its key or name; `main`: the measure's own value). Empty when the measure is
// not one of the family's, or when the family has nothing to say of `q` (check.cpp then lists
// the outcome's quantities in order). The families' hints cover disjoint sets of measures.
using Hint = std::string (*)(const Context& c, const std::string& q, bool main);

// A measure family's part of "Check my answer".
struct CheckFamily {
  // Its measures' slips, in the order they are tried: before the slips with any value.
  std::vector<SlipEntry> slips;
  // Its intermediates rounded to 2 decimals ("*.rounded_intermediates"): tried after the slips
  // with any value (a rounding of the answer itself is the likelier cause).
  std::vector<SlipEntry> rounded;
  Hint hint;  // nullptr: none
};

// The families, each in its file (core/src/measures/), in check.cpp's order.
const CheckFamily& average_precision_checks();  // AP
const CheckFamily& precision_recall_checks();   // P, R, Rprec, PR
const CheckFamily& bpref_checks();              // bpref
const CheckFamily& reciprocal_rank_checks();    // RR
const CheckFamily& dcg_checks();                // DCG, IDCG, nDCG
const CheckFamily& kappa_checks();              // kappa, fleiss
const CheckFamily& krippendorff_checks();       // krippendorff
const CheckFamily& set_measures_checks();       // confusion, F
const CheckFamily& multiclass_checks();         // multiclass
const CheckFamily& cascade_checks();            // ERR, RBP, INST, SDCG, Compat
const CheckFamily& diversity_checks();          // alpha-nDCG, ERR-IA, … S-recall
const CheckFamily& several_queries_checks();    // MAP, MRR, gMAP, 11pt-avg, mean
const CheckFamily& interpolation_checks();      // IPrec, 11pt
const CheckFamily& roc_checks();                // ROC, AUC, EER, AUC-PR
const CheckFamily& correlation_checks();        // tau
const CheckFamily& significance_checks();       // ttest, sign, wilcoxon, randomization
const CheckFamily& pooling_checks();            // pool

// --- helpers (check.cpp) -------------------------------------------------------------------------

// Whether `value` gives the answer at the answer's precision: equal to a fraction or a whole
// number; rounded to a decimal's decimals; cut off at them for an ellipsis.
bool gives(const Answer& a, const Number& value);
// The value rounded to 2 decimals, exactly.
Number rounded2(const Number& n);
// The quantity `key` of the outcome; nullptr when it has none.
const Number* value_of(const Outcome& o, std::string_view key);
// Whether two Numbers are the same quantity: equal fractions, or the same double when either
// has no exact form.
bool same_number(const Number& a, const Number& b);
// Whether two causes give the same value: equal fractions, or doubles equal but for the last
// bits of arithmetic done in another order (a slip's DCG against dcg.cpp's).
bool close_numbers(const Number& a, const Number& b);
// Whether the answer is the value rounded to fewer decimals than typed, padded with zeros
// ("0.3600" for 0.3611 is 0.36 written to 4 decimals).
bool padded_rounding(const Answer& a, const Number& value);
// A numeric parameter of the call as a fraction ("0.8" → 4/5); empty when it has none.
std::optional<Fraction> param_fraction(const Context& c, std::string_view name);
// The ranks a cutoff keeps of `n`: all of them without one.
std::size_t kept_ranks(const Context& c, std::size_t n);

// "1, 3, 6" or, past `keep` items, "1, 3, 6, …, 40 (25 in all)": `count` items, each made by
// item(i) (only those shown are made).
template <class Item>
std::string list_of(std::size_t count, Item item, std::size_t keep = 10) {
  std::string out;
  const bool cut = count > keep;
  const std::size_t shown = cut ? keep - 1 : count;
  for (std::size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + item(i);
  if (cut) out += ", …, " + item(count - 1) + " (" + std::to_string(count) + " in all)";
  return out;
}
std::string list_text(const std::vector<std::string>& items, std::size_t keep = 10);

// The hints' words for a ranked list: "rank 2" or "ranks 2, 4, 6"; the ranks of the relevant
// documents down to the measure's cutoff; " in the top 10" for a measure with a cutoff, else "";
// "R = 5", the outcome's R or R as the measure resolves it.
std::string ranks_text(const std::vector<std::int64_t>& ranks);
std::optional<std::vector<std::int64_t>> relevant_ranks(const Context& c);
std::string top_text(const Context& c);
std::string r_text(const Context& c);

// --- helpers of one family that another uses
// ------------------------------------------------------

// The mean of the averaged quantities each rounded to 2 decimals (several_queries.cpp: MAP's,
// MRR's and 11pt-avg's slips, and 11pt's in interpolation.cpp).
std::optional<Candidate> mean_rounded(const Context& c, const std::string& name, bool per_query,
                                      const std::string& what);
// The two-class counts' hints (set_measures.cpp), also multiclass's: "Count TP, FP, FN and TN …"
// for q one of the four counts, and the formula of a quantity made from them; empty otherwise.
std::string count_hint(const std::string& q);
std::string set_formula_hint(const std::string& q);

}  // namespace irm::checking
