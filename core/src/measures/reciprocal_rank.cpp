// Reciprocal rank (RR) of one ranked list.
//
//   RR = 1 / (rank of the first relevant document);  0 when none is retrieved (within k).
//
// With one known relevant document, AP = RR = 1/r (lecture notes "Week 3: Metrics"). MRR, the mean
// over queries, is a measure of several queries, not an alias.
//
// Golden tests: one-relevant-ap-rr (tests/core/golden_ranked.cpp).

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

static Result<Outcome> run_reciprocal_rank(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const std::int64_t last = call.rank_cutoff.value_or(static_cast<std::int64_t>(walk.rows.size()));
  std::int64_t first = 0;
  for (const RankRow& row : walk.rows) {
    if (row.rank > last) break;
    if (row.relevant) {
      first = row.rank;
      break;
    }
  }
  out.value = first == 0 ? whole(0) : ratio(1, first);
  out.values = {{"RR", out.value}, {"rank", whole(first)}};
  const std::string name = call.rank_cutoff ? "RR@" + std::to_string(last) : "RR";
  if (first == 0) {
    out.working = "\\text{" + name + "} = 0";
    out.notes.push_back("No relevant document was retrieved" +
                        std::string(call.rank_cutoff ? " in the top " + std::to_string(last) : "") +
                        ", so RR is 0.");
  } else {
    out.working = "\\text{" + name +
                  "} = \\frac{1}{\\text{rank of the first relevant}} = \\frac{1}{" +
                  std::to_string(first) + "} = " + latex_value(out.value);
  }
  StepTable table = per_rank_table(walk, call.rank_cutoff);
  if (first > 0) table.highlight = {static_cast<int>(first - 1)};
  table.title = "Each rank; the first relevant document is highlighted";
  out.steps.push_back(std::move(table));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_reciprocal_rank() {
  MeasureInfo m;
  m.name = "RR";
  m.title = "Reciprocal rank";
  m.summary = "One over the rank of the first relevant document (0 if none).";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::rank_optional;
  m.aliases = {"reciprocal-rank", "recip_rank"};
  m.formula = "\\text{RR} = \\frac{1}{\\text{rank of the first relevant document}}";
  m.example = "RR@10";
  m.golden = {"RL7"};
  m.run = &run_reciprocal_rank;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of RR (check.cpp, check_slips.h) -------------------------------

namespace irm::checking {
namespace {

std::optional<Candidate> rr_from_zero(const Context& c) {
  const Number* rank = value_of(c.outcome, "rank");
  if (!rank || !rank->exact || rank->exact->num < 2) return std::nullopt;
  const std::int64_t r = rank->exact->num;
  return Candidate{"rr.ranks_from_0", ratio(1, r - 1),
                   c.answer + " is 1/" + std::to_string(r - 1) +
                       ": you counted ranks from 0; the first relevant document is at rank " +
                       std::to_string(r) + " counting from 1"};
}

// RR: the rank of the first relevant document.
std::string reciprocal_rank_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  const std::string top = top_text(c);
  if (family == "RR") {
    const std::string find =
        "Find the rank of the first relevant document" + top + ", counting from 1 at the top";
    if (main) {
      return find + ", and take 1 over it" +
             (c.call.rank_cutoff ? " (0 when there is none" + top + ")" : "") + ".";
    }
    if (q == "rank") return find + ".";
  }
  return "";
}

}  // namespace

const CheckFamily& reciprocal_rank_checks() {
  static const CheckFamily family = {
      {
          {{"rr.ranks_from_0", {"RR"}, "RR with ranks counted from 0: 1/(r − 1)"}, &rr_from_zero},
      },
      {},
      &reciprocal_rank_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's recip_rank as the TREC engine computes it from a run and qrels (measure_table() in
// trec/measures.cpp lists it): 1 over the rank of the first document relevant_at(grade, -l), 0
// when none is; and ir_measures' RR@k, which trec_eval lacks: the same to rank k.
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

// 1 over the rank of the first of the top `stop` documents that `relevant` accepts, else 0.
template <class Relevant>
double first_relevant_reciprocal(const std::vector<int>& grades, std::size_t stop,
                                 Relevant relevant) {
  for (std::size_t i = 0; i < stop; ++i) {
    if (relevant(grades[i])) return 1.0 / static_cast<double>(i + 1);
  }
  return 0.0;
}

void recip_rank(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = first_relevant_reciprocal(*t.grades, t.grades->size(),
                                                [&](int g) { return relevant_at(g, t.level); });
}

// RR@k (ir_measures' RR with a cutoff; its grades as ir_measures reads them: a document not in
// the qrels, -1, is never relevant, whatever -l says).
void ir_rr_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  const auto stop = static_cast<std::size_t>(std::min(r.cutoffs[0], t.num_ret));
  out[r.first_slot] =
      first_relevant_reciprocal(*t.grades, stop, [&](int g) { return g >= 0 && g >= t.level; });
}

}  // namespace

const MeasureDef& trec_recip_rank_def() {
  static const MeasureDef def{"recip_rank",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "reciprocal rank of the first relevant document",
                              recip_rank};
  return def;
}

const MeasureDef& ir_rr_cut_def() {
  static const MeasureDef def{"RR@k", Params::none,   "",       TrecKind::real, TrecSummary::mean,
                              true,   "RR to rank k", ir_rr_cut};
  return def;
}

// --- ir_measures' names ------------------------------------------------------------------------
// RR and Success@k on TREC files, as ir_measures names them (trec/ir_spec.h): trec_eval's
// recip_rank and success.k, and RR@k above.

const std::vector<IrMeasureSpec>& reciprocal_rank_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec rr;
    rr.name = "RR";
    rr.params = {"rel", "judged_only"};
    rr.cutoff = IrCutoff::optional;
    rr.aliases = {{"MRR"}};
    rr.help = "reciprocal rank (trec_eval's recip_rank), to rank k with @k";
    rr.trec_eval = "recip_rank";
    rr.request = [](const IrMeasure& m, IrRequest& q) {
      if (m.cutoff) q.request.def = &ir_rr_cut_def();
    };

    // Success@k: whether the first relevant document is in the top k (RR@k above 0).
    IrMeasureSpec success;
    success.name = "Success";
    success.params = {"rel", "judged_only"};
    success.cutoff = IrCutoff::required;
    success.help = "1 when a relevant document is in the top k, else 0 (trec_eval's success.k)";
    success.trec_eval = "success";
    return std::vector<IrMeasureSpec>{rr, success};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
