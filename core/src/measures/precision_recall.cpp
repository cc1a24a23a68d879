// Precision and recall of one ranked list: PR (every rank), P@k, R@k and R-precision.
//
//   P@k = (relevant in ranks 1..k) / k        R@k = (relevant in ranks 1..k) / R
//   Rprec = P@R: at rank R precision and recall are equal (the break-even point).
//
// Ranks past the end of the list count as not relevant, so P@k divides by k even when fewer
// than k documents were retrieved (trec_eval's P.k). No cutoff: the whole list.
// 0/0 rules, stated in the notes: recall and R-precision with R = 0 are 0.
// Decimals are rounded, never cut; the study notes "Evaluation Metrics" print recall 1/15 as 0.06
// (cut), and the PR
// outcome says so when a value of the user's table rounds and cuts differently.
//
// Golden tests: relevant-at-2-4-6 (per-rank precision and recall), precision-at-5-and-10 (P@5,
// P@10), Rprec and R@k on relevant-at-2-4-6 (tests/core/golden_ranked.cpp).

#include <algorithm>
#include <string>
#include <vector>

#include "check_slips.h"
#include "ranked_walk.h"
#include "trec/family_measures.h"
#include "trec/ir_spec.h"
#include "trec/plan.h"

// The teaching half, to "on TREC files" below: the wasm build compiles each half where it is
// used (wasm/CMakeLists.txt), the native builds both.
#ifndef IRM_ONLY_TREC_HALVES

namespace irm {
namespace {

std::string top(std::int64_t k) { return "\\text{relevant in top } " + std::to_string(k); }

std::string zero_r_note() {
  return "R = 0: no document is relevant, so recall is 0/0; it is taken as 0.";
}

std::string past_end_note(std::int64_t k, std::size_t retrieved) {
  return "Only " + plural(static_cast<std::int64_t>(retrieved), "document") +
         " were retrieved; ranks " + std::to_string(retrieved + 1) + "–" + std::to_string(k) +
         " count as not relevant, so the precision divides by " + std::to_string(k) +
         " (as trec_eval does).";
}

// The study notes "Evaluation Metrics" print 1/15 as 0.06: a cut, not a rounding. Say so when the
// user's table has a value that rounds and cuts differently at two decimals.
std::optional<std::string> rounding_note(const RankWalk& walk) {
  for (const RankRow& row : walk.rows) {
    for (const Fraction f : {row.precision, row.recall}) {
      const Number n = exact_number(f);
      if (to_decimal(n, 2) != to_decimal_truncated(n, 2)) {
        return "Decimals are rounded, not cut: " + to_string(f) + " = " + to_decimal(n, 4) +
               " rounds to " + to_decimal(n, 2) + " at two decimals; cutting gives " +
               to_decimal_truncated(n, 2) +
               " (the table of the study notes “Evaluation Metrics” cuts recall 1/15 to 0.06 "
               "this way).";
      }
    }
  }
  return std::nullopt;
}

}  // namespace

static Result<Outcome> run_precision_recall(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const RankRow& last = walk.rows.back();
  out.value = exact_number(last.precision);
  out.label = "P@" + std::to_string(last.rank);
  out.values = {{"precision", exact_number(last.precision)},
                {"recall", exact_number(last.recall)},
                {"relevant_retrieved", whole(walk.relevant_retrieved)},
                {"retrieved", whole(last.rank)},
                {"R", whole(walk.total_relevant)}};
  out.working =
      "P@" + std::to_string(last.rank) + " = " +
      latex_quotient(walk.relevant_retrieved, last.rank, out.value) + ",\\qquad R@" +
      std::to_string(last.rank) + " = " +
      latex_quotient(walk.relevant_retrieved, walk.total_relevant, exact_number(last.recall));
  out.steps.push_back(per_rank_table(walk, std::nullopt));
  if (walk.total_relevant == 0) out.notes.push_back(zero_r_note());
  if (const auto note = rounding_note(walk)) out.notes.push_back(*note);
  out.charts.push_back(pr_chart(walk, Rule::textbook));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_precision(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const std::int64_t k = call.rank_cutoff.value_or(static_cast<std::int64_t>(walk.rows.size()));
  const std::int64_t relevant = walk.relevant_in_top(k);
  out.value = ratio(relevant, k);
  out.values = {{"precision", out.value}, {"relevant_retrieved", whole(relevant)}, {"k", whole(k)}};
  out.working = "P@" + std::to_string(k) + " = \\frac{" + top(k) + "}{" + std::to_string(k) +
                "} = " + latex_quotient(relevant, k, out.value);
  out.steps.push_back(per_rank_table(walk, k));
  if (k > static_cast<std::int64_t>(walk.rows.size())) {
    out.notes.push_back(past_end_note(k, walk.rows.size()));
  }
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_recall(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const std::int64_t k = call.rank_cutoff.value_or(static_cast<std::int64_t>(walk.rows.size()));
  const std::int64_t relevant = walk.relevant_in_top(k);
  const std::int64_t R = walk.total_relevant;
  out.value = R == 0 ? whole(0) : ratio(relevant, R);
  out.values = {{"recall", out.value}, {"relevant_retrieved", whole(relevant)}, {"R", whole(R)}};
  out.working = "R@" + std::to_string(k) + " = \\frac{" + top(k) +
                "}{R} = " + latex_quotient(relevant, R, out.value);
  out.steps.push_back(per_rank_table(walk, k));
  if (R == 0) out.notes.push_back(zero_r_note());
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_r_precision(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const std::int64_t R = walk.total_relevant;
  const std::int64_t relevant = walk.relevant_in_top(R);
  out.value = R == 0 ? whole(0) : ratio(relevant, R);
  out.values = {{"Rprec", out.value}, {"relevant_retrieved", whole(relevant)}, {"R", whole(R)}};
  out.working = "\\text{R-prec} = P@R = P@" + std::to_string(R) + " = " +
                latex_quotient(relevant, R, out.value);
  out.steps.push_back(per_rank_table(walk, R == 0 ? std::nullopt : std::optional(R)));
  if (R == 0) {
    out.notes.push_back("R = 0: R-precision would be precision at rank 0, 0/0; it is taken as 0.");
  } else {
    out.notes.push_back("At rank R = " + std::to_string(R) + " precision and recall are both " +
                        std::to_string(relevant) + "/" + std::to_string(R) +
                        ": R-precision is the break-even point of the PR curve.");
    if (R > static_cast<std::int64_t>(walk.rows.size())) {
      out.notes.push_back(past_end_note(R, walk.rows.size()));
    }
  }
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_precision() {
  MeasureInfo m;
  m.name = "P";
  m.title = "Precision at k";
  m.summary =
      "The share of the top k results that are relevant; ranks past the list count as not "
      "relevant.";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::rank_optional;
  m.aliases = {"precision", "prec"};
  m.formula = "P@k = \\frac{\\left|\\{\\text{relevant in top } k\\}\\right|}{k}";
  m.example = "P@5";
  m.golden = {"RL6", "RL1"};
  m.run = &run_precision;
  return m;
}

MeasureInfo measure_recall() {
  MeasureInfo m;
  m.name = "R";
  m.title = "Recall at k";
  m.summary = "The share of all R relevant documents found in the top k results.";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::rank_optional;
  m.aliases = {"recall"};
  m.formula = "R@k = \\frac{\\left|\\{\\text{relevant in top } k\\}\\right|}{R}";
  m.example = "R@10";
  m.golden = {"RL1"};
  m.run = &run_recall;
  return m;
}

MeasureInfo measure_precision_recall() {
  MeasureInfo m;
  m.name = "PR";
  m.title = "Precision and recall at every rank";
  m.summary = "The per-rank table of precision and recall, and the precision–recall curve.";
  m.input = InputKind::ranked_list;
  m.aliases = {"precision-recall"};
  m.formula =
      "P@k = \\frac{\\text{relevant in top } k}{k}, \\qquad R@k = \\frac{\\text{relevant in "
      "top } k}{R}";
  m.example = "PR";
  m.golden = {"RL1"};
  m.run = &run_precision_recall;
  return m;
}

MeasureInfo measure_r_precision() {
  MeasureInfo m;
  m.name = "Rprec";
  m.title = "R-precision";
  m.summary = "Precision at rank R, where precision equals recall (the break-even point).";
  m.input = InputKind::ranked_list;
  m.aliases = {"R-prec", "R-precision"};
  m.formula = "\\text{R-prec} = P@R = \\frac{\\left|\\{\\text{relevant in top } R\\}\\right|}{R}";
  m.example = "Rprec";
  m.golden = {"RL1"};
  m.run = &run_r_precision;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of P@k, R@k, R-precision (check.cpp, check_slips.h) ------------

namespace irm::checking {
namespace {

std::optional<Candidate> p_over_retrieved(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  if (!c.call.rank_cutoff || !relevant || !relevant->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t k = *c.call.rank_cutoff;
  if (n == 0 || n >= k) return std::nullopt;
  return Candidate{
      "p.over_retrieved", ratio(relevant->exact->num, n),
      c.answer + " divides the " + number_text(*relevant) + " relevant documents by the " +
          std::to_string(n) + " documents retrieved; P@" + std::to_string(k) +
          " divides by k = " + std::to_string(k) + ", counting the missing ranks as not relevant"};
}

std::optional<Candidate> r_over_k(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!c.call.rank_cutoff || !relevant || !relevant->exact || !R) return std::nullopt;
  const std::int64_t k = *c.call.rank_cutoff;
  return Candidate{"r.over_k", ratio(relevant->exact->num, k),
                   c.answer + " divides the " + number_text(*relevant) +
                       " relevant documents in the top " + std::to_string(k) +
                       " by k = " + std::to_string(k) + " (that is P@" + std::to_string(k) +
                       "); recall divides by R = " + number_text(*R) + ", every relevant document"};
}

std::optional<Candidate> r_over_listed(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!relevant || !relevant->exact || !R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const std::int64_t listed = list.value().relevant_count();
  if (listed == 0 || listed == R->exact->num) return std::nullopt;
  return Candidate{"r.over_listed_relevant", ratio(relevant->exact->num, listed),
                   c.answer + " divides by the " + std::to_string(listed) +
                       " relevant documents in the list; recall divides by R = " + number_text(*R) +
                       ", every relevant document in the collection"};
}

// R-precision of a list shorter than R: the relevant documents divided by the documents
// retrieved, where P@R counts the missing ranks as not relevant.
std::optional<Candidate> rprec_over_retrieved(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!relevant || !relevant->exact || !R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  if (n == 0 || n >= R->exact->num) return std::nullopt;
  return Candidate{"rprec.over_retrieved", ratio(relevant->exact->num, n),
                   c.answer + " divides the " + number_text(*relevant) +
                       " relevant documents by the " + std::to_string(n) +
                       " documents retrieved; R-precision is P@R, divided by R = " +
                       number_text(*R) + ", counting the ranks past the list as not relevant"};
}

// R-precision read at rank R' = the relevant documents in the list, not R.
std::optional<Candidate> rprec_r_from_list(const Context& c) {
  const Number* R = value_of(c.outcome, "R");
  if (!R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const std::int64_t listed = list.value().relevant_count();
  if (listed == 0 || listed == R->exact->num) return std::nullopt;
  std::int64_t found = 0;
  const auto& docs = list.value().docs;
  for (std::int64_t i = 0; i < listed && i < static_cast<std::int64_t>(docs.size()); ++i) {
    found += docs[static_cast<std::size_t>(i)].judgement == Judgement::relevant ? 1 : 0;
  }
  return Candidate{"rprec.r_from_list", ratio(found, listed),
                   c.answer + " is P@" + std::to_string(listed) + ", with R taken as the " +
                       std::to_string(listed) +
                       " relevant documents in the list; R-precision is P@R with R = " +
                       number_text(*R) + ", every relevant document of the topic"};
}

// P@k, R@k, R-precision, PR: what to count and what to divide by.
std::string precision_recall_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  const std::string top = top_text(c);
  const std::string k = c.call.rank_cutoff ? std::to_string(*c.call.rank_cutoff) : "k";
  if (family == "P") {
    if (main) {
      return "Count the relevant documents" + top + " and divide by k = " + k +
             "; ranks past the end of the list count as not relevant.";
    }
    if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  }
  if (family == "R") {
    if (main) {
      return "Count the relevant documents" + top + " and divide by " + r_text(c) +
             ", every relevant document for the query, in the list or not.";
    }
    if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  }
  if (family == "Rprec" && (main || q == "relevant_retrieved")) {
    return "Count the relevant documents in the top R ranks (" + r_text(c) + ")" +
           (main ? " and divide by R: R-precision is the precision at rank R." : ".");
  }
  if (family == "PR") {
    if (main) {
      return "At each rank, precision is the relevant documents so far divided by the rank; the "
             "value is the one at the last rank of the list.";
    }
    if (q == "recall") {
      return "At each rank, recall is the relevant documents so far divided by " + r_text(c) +
             "; the value is the one at the last rank of the list.";
    }
  }
  return "";
}

}  // namespace

const CheckFamily& precision_recall_checks() {
  static const CheckFamily family = {
      {
          {{"p.over_retrieved",
            {"P"},
            "P@k of a list shorter than k: divided by the documents retrieved instead of k"},
           &p_over_retrieved},
          {{"r.over_k", {"R"}, "R@k divided by k (that is P@k) instead of R"}, &r_over_k},
          {{"r.over_listed_relevant",
            {"R"},
            "R@k divided by the relevant documents in the list instead of R"},
           &r_over_listed},
          {{"rprec.over_retrieved",
            {"Rprec"},
            "R-precision of a list shorter than R: divided by the documents retrieved instead of "
            "R"},
           &rprec_over_retrieved},
          {{"rprec.r_from_list",
            {"Rprec"},
            "R-precision read at rank R' = the relevant documents in the list instead of R"},
           &rprec_r_from_list},
      },
      {},
      &precision_recall_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's measures of this family as the TREC engine computes them from a run and qrels
// (measure_table() in trec/measures.cpp lists them): doubles, in trec_eval's order, so that the
// digits are trec_eval's own. As above, ranks past the end of the list count as not relevant
// (ranks_read), relevant means relevant_at(grade, -l), and recall is 0 when R = 0 (over_count).
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

void rprec(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t look = std::min(t.num_ret, t.num_rel);
  std::int64_t rel_so_far = 0;
  for (std::int64_t i = 0; i < look; ++i) {
    rel_so_far += relevant_at((*t.grades)[static_cast<std::size_t>(i)], t.level) ? 1 : 0;
  }
  out[r.first_slot] =
      look == 0 ? 0.0 : static_cast<double>(rel_so_far) / static_cast<double>(t.num_rel);
}

// The measures at rank cutoffs walk the list once; `at(k, rel_in_top_k)` gives each value.
template <class F>
void at_cutoffs(const Topic& t, const Requested& r, double* out, F at) {
  std::int64_t rel_so_far = 0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t k = r.cutoffs[c];
    const std::int64_t stop = ranks_read(k, t.num_ret);
    for (; rank < stop; ++rank) {
      rel_so_far += relevant_at((*t.grades)[static_cast<std::size_t>(rank)], t.level) ? 1 : 0;
    }
    out[r.first_slot + c] = at(k, rel_so_far);
  }
}

void precision(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [](std::int64_t k, std::int64_t rel) {
    return static_cast<double>(rel) / static_cast<double>(k);
  });
}
void recall(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [&](std::int64_t, std::int64_t rel) {
    return over_count(static_cast<double>(rel), t.num_rel);
  });
}
void relative_p(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [&](std::int64_t k, std::int64_t rel) {
    const std::int64_t best = std::min(k, t.num_rel);
    return best ? static_cast<double>(rel) / static_cast<double>(best) : 0.0;
  });
}
void success(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [](std::int64_t, std::int64_t rel) { return rel > 0 ? 1.0 : 0.0; });
}

// Precision at multiples r of R: at rank (long)(r R + 0.9) in both trec_eval 9 and 10, walked
// from the bottom of the list as trec_eval walks it; a rank past the end divides the relevant
// retrieved by it.
void rprec_mult(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::size_t n = r.values.size();
  std::vector<std::int64_t> cutoffs(n);
  for (std::size_t i = 0; i < n; ++i) cutoffs[i] = trec_recall_count(r.values[i], t.num_rel, true);
  for (std::size_t i = 0; i < n; ++i) out[r.first_slot + i] = 0.0;
  auto current = static_cast<std::ptrdiff_t>(n) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > t.num_ret) {
    out[r.first_slot + static_cast<std::size_t>(current)] =
        static_cast<double>(t.num_rel_ret) /
        static_cast<double>(cutoffs[static_cast<std::size_t>(current)]);
    --current;
  }
  std::int64_t rel_so_far = t.num_rel_ret;
  for (std::int64_t i = t.num_ret; i > 0 && rel_so_far > 0; --i) {
    const double precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
    while (current >= 0 && i == cutoffs[static_cast<std::size_t>(current)]) {
      out[r.first_slot + static_cast<std::size_t>(current)] = precis;
      --current;
    }
    if (relevant_at((*t.grades)[static_cast<std::size_t>(i - 1)], t.level)) --rel_so_far;
  }
}

}  // namespace

const MeasureDef& trec_rprec_def() {
  static const MeasureDef def{"Rprec",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "precision after R documents",
                              rprec};
  return def;
}

const MeasureDef& trec_p_def() {
  static const MeasureDef def{"P",
                              Params::long_cutoffs,
                              rank_cutoffs,
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "precision at rank cutoffs (divided by the cutoff)",
                              precision};
  return def;
}

const MeasureDef& trec_recall_def() {
  static const MeasureDef def{
      "recall", Params::long_cutoffs,     rank_cutoffs, TrecKind::real, TrecSummary::mean,
      true,     "recall at rank cutoffs", recall};
  return def;
}

const MeasureDef& trec_rprec_mult_def() {
  static const MeasureDef def{
      "Rprec_mult", Params::double_cutoffs,        r_multiples, TrecKind::real, TrecSummary::mean,
      true,         "precision at multiples of R", rprec_mult};
  return def;
}

const MeasureDef& trec_relative_p_def() {
  static const MeasureDef def{"relative_P",
                              Params::long_cutoffs,
                              rank_cutoffs,
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "precision at k divided by the best possible, min(k, R)",
                              relative_p};
  return def;
}

const MeasureDef& trec_success_def() {
  static const MeasureDef def{"success",
                              Params::long_cutoffs,
                              "1,5,10",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "1 when a relevant document is in the top k",
                              success};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// P@k, R@k and R-precision on TREC files, as ir_measures names them (trec/ir_spec.h): trec_eval's
// P.k, recall.k and Rprec.

namespace irm::trec {

const std::vector<IrMeasureSpec>& precision_recall_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec precision;
    precision.name = "P";
    precision.params = {"rel", "judged_only"};
    precision.cutoff = IrCutoff::required;
    precision.aliases = {{"Precision"}};
    precision.help = "precision at rank k (trec_eval's P.k)";
    precision.trec_eval = "P";

    IrMeasureSpec recall;
    recall.name = "R";
    recall.params = {"rel", "judged_only"};
    recall.cutoff = IrCutoff::required;
    recall.aliases = {{"Recall"}};
    recall.help = "recall at rank k (trec_eval's recall.k)";
    recall.trec_eval = "recall";

    IrMeasureSpec rprec;
    rprec.name = "Rprec";
    rprec.params = {"rel", "judged_only"};
    rprec.aliases = {{"RPrec"}};
    rprec.help = "precision at rank R, the number of relevant documents (trec_eval's Rprec)";
    rprec.trec_eval = "Rprec";
    return std::vector<IrMeasureSpec>{precision, recall, rprec};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
