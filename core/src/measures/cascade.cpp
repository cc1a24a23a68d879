// Measures of a user who reads down a graded ranking and may stop at each document: expected
// reciprocal rank (ERR), rank-biased precision (RBP), INST, and compatibility with the ideal
// ranking (Compat: rank-biased overlap, read with RBP's persistence p).
//
// ERR (Chapelle, Metzler, Zhang, Grinspan, "Expected reciprocal rank for graded relevance",
// CIKM 2009), as gdeval 1.3 of the TREC Web track computes it:
//   R_i   = (2^g_i − 1) / 2^max          the chance the user is satisfied at rank i and stops
//   reach = Π_{j<i} (1 − R_j)            the chance the user gets to rank i
//   ERR@k = Σ_{i=1..k} reach_i · R_i / i
// max is the highest grade the scale allows: 4 in gdeval (max=4, the default); a grade above it,
// or a grade that is not a whole number, is refused with its line and column. Unretrieved grades
// play no part (ERR has no ideal ranking). Exact: every R_i is a fraction.
//
// RBP (Moffat and Zobel, "Rank-biased precision for measurement of retrieval effectiveness",
// TOIS 2008): a user who goes on from each rank to the next with probability p,
//   RBP@k = (1 − p) Σ_{i=1..k} g_i p^(i−1),   g_i = 1 when grade_i ≥ rel, else 0; without rel
//   g_i = grade_i, over the largest grade when that is above 1 (trec_eval 10.0's rbp),
// and its residual p^k: the weight of every rank past the k evaluated (past the cutoff or past
// the list, as trec_eval 10.0's rbp_resid counts them), the most RBP could grow were all of them
// relevant. The answer is the band [RBP, RBP + p^k]. Exact while p^k fits in 64 bits.
//
// Compat (Clarke, Vtyurina and Smucker, "Assessing top-k preferences", TOIS 2021), as ir_measures
// computes it: the rank-biased overlap of the ranking with an ideal ranking,
//   RBO = Σ_{i=1..d} p^(i−1) A_i / i  ÷  Σ_{i=1..d} p^(i−1),
// A_i the documents the two top i share, d the longer of the two lengths. The ideal ranking holds
// every document graded above 0 (retrieved or not), by grade, and among equal grades the run's
// order first (the retrieved before the unretrieved): the ideal most compatible with the run.
// normalize=yes divides by the ideal's overlap with itself, Σ p^(i−1) min(i, |ideal|)/i over the
// same sum, so that a run equal to the ideal scores 1 however short the ideal is.
//
// INST (Moffat, Bailey, Scholer and Thomas, "INST: an adaptive metric for information retrieval
// evaluation", ADCS 2015), as cwl_eval (Azzopardi, Thomas and Moffat's C/W/L framework) and so
// ir_measures compute it: a user who wants T units of gain and is likelier to stop the more of it
// they have found. With gains g_i = grade/max in [0, 1] and T_i = T − Σ_{j≤i} g_j still wanted,
//   C_i = ((i + T + T_i − 1) / (i + T + T_i))²     the chance of going on from rank i,
//   W_i = Π_{j<i} C_j / Σ_{r=1..1000} Π_{j<r} C_j   the share of attention rank i gets,
//   INST = Σ_i W_i g_i,
// over cwl_eval's 1000 ranks, those past the list with gain 0. 1/W_1 is the expected depth.
// Products of 1000 ratios are not kept as fractions: INST is a double.
//
// Golden tests: err-cascade-3-2-0-4, rbp-band-1-0-1-1, compat-2-0-1-0
// (tests/core/golden_cascade.cpp).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "check_slips.h"
#include "common.h"
#include "parse/text.h"
#include "trec/family_measures.h"
#include "trec/ir_spec.h"
#include "trec/irmeasures.h"
#include "trec/plan.h"

namespace irm {
namespace {

// --- what the teaching code and the TREC files' code share ------------------------------------

constexpr int cwl_ranks = 1000;  // cwl_eval's ranking length (its Ranking's max_n): INST, SDCG

// cwl_eval's gain of a grade, INST's and SDCG's: clipped to low..high (ir_measures' min_rel and
// max_rel) and scaled to 0..1. The teaching code's grades already lie in 0..max, so for them
// this is grade/max.
double cwl_gain(double grade, double low, double high) {
  const double clipped = std::min(std::max(grade, low), high);
  return (clipped - low) / (high - low);
}

// INST's C_i: the chance the user goes on from rank `rank` (1-based), wanting `target` units of
// gain and still wanting `wanted` of them: ((i + T + T_i - 1) / (i + T + T_i))^2.
double inst_go_on(double rank, double target, double wanted) {
  const double ratio = (rank + target + wanted - 1.0) / (rank + target + wanted);
  return ratio * ratio;
}

// Compat's overlap, from the ranking's documents that the ideal ranking also holds, each as
// (its rank, its place in the ideal), 0-based: such a document is in both tops from the top
// max(rank, place) + 1 on. How many enter at each depth 0..depth; summed, A_i.
std::vector<std::int64_t> compat_entering(
    const std::vector<std::pair<std::int64_t, std::int64_t>>& pairs, std::int64_t depth) {
  std::vector<std::int64_t> enters(static_cast<std::size_t>(depth) + 1, 0);
  for (const auto& [rank, place] : pairs) ++enters[static_cast<std::size_t>(std::max(rank, place))];
  return enters;
}

}  // namespace
}  // namespace irm

// The teaching half, to "on TREC files" below: the wasm build compiles each half where it is
// used (wasm/CMakeLists.txt), the native builds both.
#ifndef IRM_ONLY_TREC_HALVES

namespace irm {
namespace {

std::string doc_name(const GradedDoc& doc) { return doc.label.empty() ? "—" : doc.label; }

// The documents a cutoff keeps: all of them without one.
std::size_t depth(const MeasureCall& call, const GradedList& list) {
  return static_cast<std::size_t>(
      ranks_read(call.rank_cutoff, static_cast<std::int64_t>(list.docs.size())));
}

std::string at_text(const MeasureCall& call) {
  return call.rank_cutoff ? "@" + std::to_string(*call.rank_cutoff) : "";
}

InputError grade_error(const GradedDoc& doc, const std::string& expected) {
  return InputError{ErrorCode::out_of_range,
                    "found the grade '" + to_short_decimal(doc.grade) + "' at line " +
                        std::to_string(doc.where.line) + ", column " +
                        std::to_string(doc.where.column) + "; " + expected,
                    doc.where};
}

}  // namespace

// --- ERR ---------------------------------------------------------------------------------------

static Result<Outcome> run_err(const MeasureCall& call, const Inputs& in) {
  const GradedList& list = *in.graded;
  const Fraction max_fraction = parameter_fraction(call.param("max"));
  if (max_fraction.den != 1 || max_fraction.num < 1) {
    return InputError{ErrorCode::bad_parameter_value,
                      "max, the highest grade of the scale, must be a whole number from 1 to 30; "
                      "found " +
                          call.param("max"),
                      Span{}, Field::measure};
  }
  const std::int64_t max = max_fraction.num;
  const std::string scale =
      "ERR(max=" + std::to_string(max) + ") takes whole grades from 0 to " + std::to_string(max) +
      (max == 4 ? " (gdeval's scale)" : "") +
      "; for a larger scale set max, as in ERR(max=" + std::to_string(max + 1) + ")";
  for (const GradedDoc& doc : list.docs) {
    if (doc.grade.den != 1 || doc.grade.num > max) return grade_error(doc, scale);
  }
  const std::size_t k = depth(call, list);
  const Number top = whole(std::int64_t{1} << max);

  Outcome out = start_outcome(call, in);
  StepTable table{"The cascade: the chance the user reaches each rank, and stops there",
                  {"rank", "document", "grade", "R = (2^g − 1)/2^" + std::to_string(max),
                   "reaches rank (Π 1 − R above)", "stops here", "÷ rank", "ERR so far"},
                  {},
                  {}};
  Chart chart{"err", "Where the user stops", "rank", "probability", {}, {}, std::nullopt, ""};
  Series stops{"stops at this rank", Series::Kind::dot, {}, false};
  Series so_far{"ERR so far", Series::Kind::line, {}, false};
  Number reach = whole(1);
  Number err = whole(0);
  std::vector<std::string> terms;
  for (std::size_t i = 0; i < k; ++i) {
    const GradedDoc& doc = list.docs[i];
    const auto rank = static_cast<std::int64_t>(i + 1);
    const Number satisfied = whole(exp_gain(doc.grade.num)) / top;
    const Number stop = reach * satisfied;
    const Number term = stop / whole(rank);
    err = err + term;
    table.rows.push_back({text_cell(std::to_string(rank)), text_cell(doc_name(doc)),
                          number_cell(exact_number(doc.grade)), number_cell(satisfied),
                          number_cell(reach), number_cell(stop), number_cell(term),
                          number_cell(err)});
    stops.points.emplace_back(static_cast<double>(rank), stop.approx);
    so_far.points.emplace_back(static_cast<double>(rank), err.approx);
    if (doc.grade.num > 0) {
      terms.push_back(rank == 1 ? latex_of(satisfied)
                                : "\\frac{" + latex_of(stop) + "}{" + std::to_string(rank) + "}");
    }
    reach = reach * (whole(1) - satisfied);
  }
  out.value = err;
  out.values = {{"ERR", err}, {"stops", whole(1) - reach}};
  const std::string name = "\\text{ERR" + at_text(call) + "}";
  out.working =
      terms.empty()
          ? name + " = 0"
          : name + " = \\sum_i \\frac{R_i \\prod_{j<i}(1 - R_j)}{i} = " + latex_sum(terms, 8) +
                " " + (err.exact ? "= " : "\\approx ") + latex_value(err);
  out.steps.push_back(std::move(table));
  chart.series = {stops, so_far};
  chart.description = "The chance the user stops at each of ranks 1 to " + std::to_string(k) +
                      ", and ERR summed down the ranking, ending at " + to_decimal(err, 4) + ".";
  out.charts.push_back(std::move(chart));
  out.notes.push_back("A grade g satisfies the user with probability (2^g − 1)/2^" +
                      std::to_string(max) + " (max=" + std::to_string(max) +
                      (max == 4 ? ", as gdeval 1.3 of the TREC Web track takes it" : "") +
                      "); the user reads on only when not satisfied, so a good document high up "
                      "lowers the weight of everything below it.");
  out.notes.push_back("The user stops somewhere in the ranks shown with probability " +
                      to_decimal(whole(1) - reach, 4) + ", and reads past them otherwise.");
  if (call.rank_cutoff && *call.rank_cutoff > static_cast<std::int64_t>(list.docs.size())) {
    out.notes.push_back("Only " + plural(static_cast<std::int64_t>(list.docs.size()), "document") +
                        " were retrieved; the ranks after them add nothing to ERR.");
  }
  if (!list.unretrieved.empty()) {
    out.notes.push_back(
        "ERR has no ideal ranking, so the unretrieved grades play no part in it (nDCG uses "
        "them).");
  }
  finish_outcome(out);
  return out;
}

// --- RBP ---------------------------------------------------------------------------------------

static Result<Outcome> run_rbp(const MeasureCall& call, const Inputs& in) {
  const GradedList& list = *in.graded;
  const Fraction p_fraction = parameter_fraction(call.param("p"));
  if (compare(p_fraction, Fraction{1, 1}) >= 0) {
    return InputError{ErrorCode::out_of_range,
                      "p, the chance the user reads on to the next rank, must be below 1 (at "
                      "p = 1 every rank weighs 1 − p = 0); found " +
                          call.param("p"),
                      Span{}, Field::measure};
  }
  const Number p = exact_number(p_fraction);
  const Number one_minus_p = whole(1) - p;
  const std::size_t k = depth(call, list);
  // The residual is the weight of the ranks not evaluated: past the cutoff, or past the list (as
  // trec_eval's rbp_resid counts them: the run may have more to say there).
  const auto seen = static_cast<std::int64_t>(k);
  // The gain of a grade: with rel, 1 from grade rel up, else 0 (binary); without it, the grade
  // itself, divided by the largest grade when that is above 1 (trec_eval's rbp brings gains
  // into 0–1 so, and ir_measures' RBP without rel is trec_eval's).
  const bool binary = !call.param("rel").empty();
  const Fraction rel = binary ? parameter_fraction(call.param("rel")) : Fraction{1, 1};
  Fraction largest{1, 1};  // over every judged grade, retrieved or not, as trec_eval's qrels
  for (const GradedDoc& doc : list.docs) {
    if (compare(doc.grade, largest) > 0) largest = doc.grade;
  }
  for (const Fraction grade : list.unretrieved) {
    if (compare(grade, largest) > 0) largest = grade;
  }
  const auto gain_of = [&](const GradedDoc& doc) {
    if (binary) return compare(doc.grade, rel) >= 0 ? whole(1) : whole(0);
    return exact_number(doc.grade) / exact_number(largest);
  };

  Outcome out = start_outcome(call, in);
  StepTable table{"Each rank's weight (1 − p)·p^(i − 1), times its gain, summed",
                  {"rank", "document", "grade",
                   binary ? "gain (grade ≥ " + to_short_decimal(rel) + ")"
                          : "gain = grade/" + to_short_decimal(largest),
                   "weight", "RBP so far", "residual p^i"},
                  {},
                  {}};
  Chart chart{"rbp", "RBP and what it could still become", "rank", "RBP", {}, {}, std::nullopt, ""};
  Series low{"RBP", Series::Kind::step, {}, false};
  Series high{"RBP + residual (every later rank relevant)", Series::Kind::step, {}, false};
  Number rbp = whole(0);
  Number weight = one_minus_p;
  Number residual = whole(1);
  std::vector<std::string> terms;
  std::int64_t relevant = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const GradedDoc& doc = list.docs[i];
    const auto rank = static_cast<std::int64_t>(i + 1);
    const Number gain = gain_of(doc);
    if (gain.approx > 0.0) {
      rbp = rbp + weight * gain;
      ++relevant;
      const std::string power_text = rank == 1 ? "1"
                                     : rank == 2
                                         ? latex_of(p)
                                         : latex_of(p) + "^{" + std::to_string(rank - 1) + "}";
      const bool unit = gain.exact && *gain.exact == Fraction{1, 1};
      terms.push_back(unit ? power_text
                           : latex_of(gain) + (rank == 1 ? "" : " \\cdot " + power_text));
    }
    residual = residual * p;
    table.rows.push_back({text_cell(std::to_string(rank)), text_cell(doc_name(doc)),
                          number_cell(exact_number(doc.grade)), number_cell(gain),
                          number_cell(weight), number_cell(rbp), number_cell(residual)});
    low.points.emplace_back(static_cast<double>(rank), rbp.approx);
    high.points.emplace_back(static_cast<double>(rank), (rbp + residual).approx);
    weight = weight * p;
  }
  residual = power(p, seen);
  const Number upper = rbp + residual;
  out.value = rbp;
  out.values = {{"RBP", rbp}, {"residual", residual}, {"upper", upper}};
  const std::string name = "\\text{RBP" + at_text(call) + "}";
  out.working = name + " = (1 - p)\\sum_i g_i\\,p^{i-1} = " + latex_of(one_minus_p) +
                (terms.empty() ? " \\cdot 0" : " \\left(" + latex_sum(terms, 8) + "\\right)") +
                " " + (rbp.exact ? "= " : "\\approx ") + latex_value(rbp) +
                " \\\\ \\text{residual} = p^{" + std::to_string(seen) +
                "} = " + latex_value(residual) + ",\\quad " + name + " \\in [" +
                to_decimal(rbp, 4) + ",\\ " + to_decimal(upper, 4) + "]";
  out.steps.push_back(std::move(table));
  chart.series = {low, high};
  chart.description = "RBP summed down ranks 1 to " + std::to_string(k) + ", ending at " +
                      to_decimal(rbp, 4) + ", and the most it could become, " +
                      to_decimal(upper, 4) + ", were every later rank relevant.";
  out.charts.push_back(std::move(chart));
  out.notes.push_back(
      "The user reads on from each rank with probability p = " + to_short_decimal(p_fraction) +
      ", so rank i is read with probability p^(i−1) "
      "and the expected number of ranks read is 1/(1 − p) = " +
      to_decimal(whole(1) / one_minus_p, 2) + ".");
  out.notes.push_back("The residual p^" + std::to_string(seen) + " = " + to_decimal(residual, 4) +
                      " is the weight of every rank after rank " + std::to_string(seen) +
                      ": RBP lies between " + to_decimal(rbp, 4) + " and " + to_decimal(upper, 4) +
                      " whatever they hold. " + plural(relevant, "document") +
                      (binary
                           ? " counted as relevant (grade " + to_short_decimal(rel) + " or more)."
                           : " had a gain above 0; without rel, the gain is the grade" +
                                 std::string(compare(largest, Fraction{1, 1}) > 0
                                                 ? " over the largest, " + to_short_decimal(largest)
                                                 : "") +
                                 ", as in trec_eval's rbp; rel=1 makes it binary."));
  finish_outcome(out);
  return out;
}

// --- Compat ------------------------------------------------------------------------------------

static Result<Outcome> run_compat(const MeasureCall& call, const Inputs& in) {
  const GradedList& list = *in.graded;
  const Fraction p_fraction = parameter_fraction(call.param("p"));
  if (compare(p_fraction, Fraction{1, 1}) >= 0 || p_fraction.num == 0) {
    return InputError{ErrorCode::out_of_range,
                      "p, the persistence, must be above 0 and below 1; found " + call.param("p"),
                      Span{}, Field::measure};
  }
  const bool normalize = call.param("normalize") == "yes";
  const Number p = exact_number(p_fraction);

  // The ideal ranking: retrieved documents graded above 0 (index into the list) and unretrieved
  // grades (index past it), by grade descending; std::stable_sort keeps the run's order, then
  // the unretrieved, among equal grades.
  struct IdealDoc {
    Fraction grade;
    std::size_t rank;  // 0-based rank in the list, or list size + j for the j-th unretrieved
  };
  const std::size_t n = list.docs.size();
  std::vector<IdealDoc> ideal;
  for (std::size_t i = 0; i < n; ++i) {
    if (list.docs[i].grade.num > 0) ideal.push_back({list.docs[i].grade, i});
  }
  for (std::size_t j = 0; j < list.unretrieved.size(); ++j) {
    if (list.unretrieved[j].num > 0) ideal.push_back({list.unretrieved[j], n + j});
  }
  std::stable_sort(ideal.begin(), ideal.end(), [](const IdealDoc& a, const IdealDoc& b) {
    return compare(a.grade, b.grade) > 0;
  });
  const std::size_t depth = std::max(n, ideal.size());

  Outcome out = start_outcome(call, in);
  StepTable table{
      "The ranking beside the ideal one: what their tops share",
      {"rank", "document", "grade", "ideal document", "ideal grade", "shared in the top i",
       "weight p^(i − 1)", "term p^(i − 1)·shared/i", "ideal's term"},
      {},
      {}};
  // A retrieved document of the ideal ranking is in both tops from max(its rank, its place) on.
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  for (std::size_t q = 0; q < ideal.size(); ++q) {
    if (ideal[q].rank < n) {
      pairs.emplace_back(static_cast<std::int64_t>(ideal[q].rank), static_cast<std::int64_t>(q));
    }
  }
  const std::vector<std::int64_t> entering =
      compat_entering(pairs, static_cast<std::int64_t>(depth));
  std::int64_t shared = 0;
  Number weight = whole(1);
  Number score = whole(0);
  Number best = whole(0);
  Number weights = whole(0);
  const auto name_of = [&](std::size_t index) {
    if (index < n) {
      const GradedDoc& doc = list.docs[index];
      return doc.label.empty() ? "rank " + std::to_string(index + 1) : doc.label;
    }
    return "unretrieved (" + to_short_decimal(list.unretrieved[index - n]) + ")";
  };
  for (std::size_t i = 0; i < depth; ++i) {
    const auto at = static_cast<std::int64_t>(i + 1);
    shared += entering[i];
    const std::int64_t ideal_shared =
        std::min<std::int64_t>(at, static_cast<std::int64_t>(ideal.size()));
    const Number term = weight * ratio(shared, at);
    const Number ideal_term = weight * ratio(ideal_shared, at);
    score = score + term;
    best = best + ideal_term;
    weights = weights + weight;
    table.rows.push_back(
        {text_cell(std::to_string(at)), text_cell(i < n ? doc_name(list.docs[i]) : "—"),
         i < n ? number_cell(exact_number(list.docs[i].grade)) : text_cell("—"),
         text_cell(i < ideal.size() ? name_of(ideal[i].rank) : "—"),
         i < ideal.size() ? number_cell(exact_number(ideal[i].grade)) : text_cell("—"),
         text_cell(std::to_string(shared)), number_cell(weight), number_cell(term),
         number_cell(ideal_term)});
    weight = weight * p;
  }
  const bool divide_by_best = normalize && best.approx > 0.0;
  const Number rbo = depth == 0 ? whole(0) : score / weights;
  const Number value = divide_by_best ? score / best : rbo;
  out.value = value;
  out.values = {{"Compat", value}, {"RBO", rbo}};
  const std::string at_k = "\\sum_{i=1}^{" + std::to_string(depth) + "}";
  out.working = divide_by_best
                    ? "\\text{Compat} = \\frac{" + at_k + " p^{i-1} A_i / i}{" + at_k +
                          " p^{i-1} \\min(i, |\\text{ideal}|)/i} = \\frac{" + latex_of(score) +
                          "}{" + latex_of(best) + "} " + (value.exact ? "= " : "\\approx ") +
                          latex_value(value)
                    : "\\text{Compat} = \\frac{" + at_k + " p^{i-1} A_i / i}{" + at_k +
                          " p^{i-1}} = \\frac{" + latex_of(score) + "}{" + latex_of(weights) +
                          "} " + (value.exact ? "= " : "\\approx ") + latex_value(value);
  out.steps.push_back(std::move(table));
  std::string ideal_text;
  for (std::size_t i = 0; i < ideal.size(); ++i) {
    ideal_text += (i ? ", " : "") + name_of(ideal[i].rank);
  }
  out.notes.push_back(
      ideal.empty()
          ? "No document is graded above 0, so the ideal ranking is empty and Compat is 0."
          : "The ideal ranking: every document graded above 0, by grade, equal grades in "
            "the run's order and the unretrieved after them: " +
                ideal_text + ".");
  out.notes.push_back("Both rankings are read to depth " + std::to_string(depth) +
                      ", the longer of the two; p = " + to_short_decimal(p_fraction) +
                      " weighs rank i by p^(i−1).");
  if (normalize && ideal.size() < depth && !ideal.empty()) {
    out.notes.push_back(
        "The ideal ranking is shorter than the depth, so even the ideal would not reach RBO 1 "
        "(" +
        to_decimal(best / weights, 4) +
        "): normalize=yes divides by that, normalize=no gives the RBO " + to_decimal(rbo, 4) + ".");
  }
  out.alternatives.push_back({canonical_name(call.with("normalize", normalize ? "no" : "yes")),
                              normalize ? rbo : (best.approx > 0.0 ? score / best : rbo),
                              normalize ? "the RBO itself, not divided by the ideal's own"
                                        : "divided by the ideal ranking's RBO with itself"});
  finish_outcome(out);
  return out;
}

// --- INST --------------------------------------------------------------------------------------

namespace {

Number approx_number(double value, std::string formula) {
  Number out;
  out.approx = value;
  out.formula = std::move(formula);
  return out;
}

// The top of cwl_eval's gain scale (ir_measures' max_rel), INST's and SDCG's: max= given, or
// the highest grade judged; a grade is then the gain grade/top, from 0 to 1. A grade above a
// given max is refused (cwl_eval would clip it to 1).
Result<Fraction> cwl_scale(const MeasureCall& call, const GradedList& list) {
  Fraction top{0, 1};
  for (const GradedDoc& doc : list.docs) top = compare(doc.grade, top) > 0 ? doc.grade : top;
  for (const Fraction grade : list.unretrieved) top = compare(grade, top) > 0 ? grade : top;
  if (call.param("max").empty()) return top;
  top = parameter_fraction(call.param("max"));
  if (top.num == 0) {
    return InputError{
        ErrorCode::out_of_range,
        "max, the top grade of the scale, must be above 0; found " + call.param("max"), Span{},
        Field::measure};
  }
  for (const GradedDoc& doc : list.docs) {
    if (compare(doc.grade, top) > 0) {
      return grade_error(doc, call.info->name + "(max=" + call.param("max") +
                                  ") takes grades from 0 to " + call.param("max") +
                                  " (the gain is grade/max, at most 1); raise max");
    }
  }
  return top;
}

}  // namespace

// INST and INSQ, which differ in one thing: INSQ's user wants T whatever they have found, INST's
// wants less as gain is found (T_i = T − Σ g_j). `insq` says which.
static Result<Outcome> run_cwl_target(const MeasureCall& call, const Inputs& in, bool insq) {
  const std::string name = insq ? "INSQ" : "INST";
  const GradedList& list = *in.graded;
  const Fraction T = parameter_fraction(call.param("T"));
  if (T.num == 0) {
    return InputError{ErrorCode::out_of_range,
                      "T, the gain the user wants, must be above 0; found " + call.param("T"),
                      Span{}, Field::measure};
  }
  const Result<Fraction> scale = cwl_scale(call, list);
  if (!scale.ok()) return scale.error();
  const Fraction top = scale.value();
  const bool max_given = !call.param("max").empty();
  const std::size_t shown = std::min<std::size_t>(list.docs.size(), cwl_ranks);
  const double t = to_double(T);
  const double max = top.num == 0 ? 1.0 : to_double(top);

  // Π_{j<i} C_j for i = 1..1000, and their sum.
  std::vector<double> gains(cwl_ranks, 0.0);
  for (std::size_t i = 0; i < shown; ++i)
    gains[i] = cwl_gain(to_double(list.docs[i].grade), 0.0, max);
  std::vector<double> reach(cwl_ranks, 1.0);
  std::vector<double> go_on(cwl_ranks, 0.0);
  std::vector<double> wanted(cwl_ranks, 0.0);
  double found = 0.0;
  double total = 0.0;
  for (int i = 0; i < cwl_ranks; ++i) {
    found += gains[i];
    wanted[i] = insq ? t : t - found;
    go_on[i] = inst_go_on(i + 1.0, t, wanted[i]);
    total += reach[i];
    if (i + 1 < cwl_ranks) reach[i + 1] = reach[i] * go_on[i];
  }

  Outcome out = start_outcome(call, in);
  StepTable table{insq
                      ? "Rank by rank: the chance to go on, and each rank's share of attention"
                      : "Rank by rank: the gain still wanted, the chance to go on, and each rank's "
                        "share of attention",
                  {"rank", "document", "grade", "gain g = grade/" + to_short_decimal(top),
                   "still wanted T_i", "goes on C_i", "share W_i", "W_i·g_i", name + " so far"},
                  {},
                  {}};
  // INSQ's T_i is T at every rank: no column of its own.
  if (insq) table.columns.erase(table.columns.begin() + 4);
  double inst = 0.0;
  std::vector<std::string> terms;
  for (std::size_t i = 0; i < shown; ++i) {
    const GradedDoc& doc = list.docs[i];
    const double share = reach[i] / total;
    inst += share * gains[i];
    const std::string r = std::to_string(i + 1);
    table.rows.push_back({text_cell(r), text_cell(doc_name(doc)),
                          number_cell(exact_number(doc.grade)),
                          number_cell(approx_number(
                              gains[i], to_short_decimal(doc.grade) + "/" + to_short_decimal(top))),
                          number_cell(approx_number(wanted[i], "T_" + r)),
                          number_cell(approx_number(go_on[i], "C_" + r)),
                          number_cell(approx_number(share, "W_" + r)),
                          number_cell(approx_number(share * gains[i], "W_" + r + " g_" + r)),
                          number_cell(approx_number(inst, name + "@" + r))});
    if (insq) table.rows.back().erase(table.rows.back().begin() + 4);
    if (gains[i] > 0.0)
      terms.push_back(to_decimal(approx_number(share, ""), 4) + " \\cdot " +
                      to_decimal(approx_number(gains[i], ""), 4));
  }
  double rest = 0.0;
  for (std::size_t i = shown; i < static_cast<std::size_t>(cwl_ranks); ++i) rest += reach[i];
  if (shown < static_cast<std::size_t>(cwl_ranks)) {
    table.rows.push_back({text_cell(std::to_string(shown + 1) + "–" + std::to_string(cwl_ranks)),
                          text_cell("past the list"), text_cell("—"), text_cell("0"), text_cell(""),
                          text_cell(""),
                          number_cell(approx_number(rest / total, "W past the list")),
                          text_cell("0"), number_cell(approx_number(inst, name))});
    if (insq) table.rows.back().erase(table.rows.back().begin() + 4);
  }
  const Number value = approx_number(inst, "Σ W_i g_i");
  const Number depth = approx_number(total, "1/W_1");
  out.value = value;
  out.values = {{name, value}, {"depth", depth}};
  out.working = "\\text{" + name + "} = \\sum_i W_i\\, g_i = " +
                (terms.empty() ? std::string("0") : latex_sum(terms, 6)) + " \\approx " +
                to_decimal(value, 4) + ",\\qquad \\frac{1}{W_1} = \\sum_{r=1}^{" +
                std::to_string(cwl_ranks) + "} \\prod_{j<r} C_j \\approx " + to_decimal(depth, 4);
  out.steps.push_back(std::move(table));
  out.notes.push_back(
      std::string(max_given ? "Gains are grade/" : "Gains are grade/") + to_short_decimal(top) +
      (max_given ? " (max given)" : " (max: the highest grade judged; set max for another scale)") +
      "; the user wants T = " + to_short_decimal(T) +
      (insq ? " of gain, and goes on from rank i with the chance C_i = ((i + 2T − 1)/(i + 2T))², "
              "the same whatever they have found (INST lowers T as gain is found)."
            : " of gain, and the more of it is still wanted, the likelier they go on."));
  out.notes.push_back("As cwl_eval does, the ranking is read to rank " + std::to_string(cwl_ranks) +
                      ", the ranks past the list with gain 0; the user reads " +
                      to_decimal(depth, 2) + " ranks on average (1/W_1).");
  if (list.docs.size() > static_cast<std::size_t>(cwl_ranks)) {
    out.notes.push_back("Only the first " + std::to_string(cwl_ranks) +
                        " ranks count, as in cwl_eval.");
  }
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_inst(const MeasureCall& call, const Inputs& in) {
  return run_cwl_target(call, in, false);
}

static Result<Outcome> run_insq(const MeasureCall& call, const Inputs& in) {
  return run_cwl_target(call, in, true);
}

// SDCG@k (scaled DCG), as cwl_eval computes it for ir_measures' SDCG(max_rel=N)@k: DCG with
// the gains grade/max and the discount log2(i + 1), divided by the DCG of k documents of gain 1,
// Σ_{i≤k} 1/log2(i + 1), so that it is 1 only when the top k all have the top grade. It is
// cwl_eval's NDCG-k: the user goes on from rank i with C_i = log2(i + 1)/log2(i + 2) before k
// and stops at k, so rank i's share of attention is (1/log2(i + 1)) / Σ_{j≤k} 1/log2(j + 1).
// cwl_eval reads 1,000 ranks: a k beyond counts 1,000.
static Result<Outcome> run_sdcg(const MeasureCall& call, const Inputs& in) {
  const GradedList& list = *in.graded;
  const Result<Fraction> scale = cwl_scale(call, list);
  if (!scale.ok()) return scale.error();
  const Fraction top = scale.value();
  const auto n = static_cast<std::int64_t>(list.docs.size());
  const std::int64_t asked = call.rank_cutoff.value_or(n);
  const std::int64_t k = std::min<std::int64_t>(asked, cwl_ranks);

  Outcome out = start_outcome(call, in);
  const std::string at = "@" + std::to_string(k);
  StepTable table{"Rank by rank: each gain discounted, beside the best the ranks allow",
                  {"rank", "document", "grade", "gain g = grade/" + to_short_decimal(top),
                   "discount log2(i + 1)", "g/log2(i + 1)", "DCG", "DCG of gain 1"},
                  {},
                  {}};
  double dcg = 0.0;
  double best = 0.0;
  bool exact = true;  // every discount of a gain above 0 rational: i + 1 a power of 2
  Number exact_dcg = whole(0);
  std::vector<std::string> terms;
  for (std::int64_t i = 1; i <= k; ++i) {
    const double discount = std::log2(static_cast<double>(i + 1));
    best += 1.0 / discount;
    if (i > n) continue;
    const GradedDoc& doc = list.docs[static_cast<std::size_t>(i - 1)];
    const Number gain = top.num == 0 ? whole(0) : exact_number(doc.grade) / exact_number(top);
    const double term = gain.approx / discount;
    dcg += term;
    if (gain.approx != 0.0) {
      const bool power_of_two = ((i + 1) & i) == 0;
      if (power_of_two) {
        int log = 0;
        for (std::int64_t v = i + 1; v > 1; v >>= 1) ++log;
        exact_dcg = exact_dcg + gain / whole(log);
      } else {
        exact = false;
      }
      terms.push_back("\\frac{" + latex_of(gain) + "}{\\log_2 " + std::to_string(i + 1) + "}");
    }
    const std::string r = std::to_string(i);
    table.rows.push_back(
        {text_cell(r), text_cell(doc_name(doc)), number_cell(exact_number(doc.grade)),
         number_cell(gain),
         number_cell(approx_number(discount, "log2(" + std::to_string(i + 1) + ")")),
         number_cell(approx_number(term, "g_" + r + "/log2(" + std::to_string(i + 1) + ")")),
         number_cell(approx_number(dcg, "DCG@" + r)),
         number_cell(approx_number(best, "Σ_{j≤" + r + "} 1/log2(j + 1)"))});
  }
  if (k > n) {
    table.rows.push_back({text_cell(std::to_string(n + 1) + "–" + std::to_string(k)),
                          text_cell("past the list"), text_cell("—"), text_cell("0"), text_cell(""),
                          text_cell("0"), number_cell(approx_number(dcg, "DCG" + at)),
                          number_cell(approx_number(best, "DCG of gain 1" + at))});
  }
  const Number dcg_value =
      exact && exact_dcg.exact ? exact_dcg : approx_number(dcg, "Σ g_i/log2(i + 1)");
  const Number best_value = k == 1 ? whole(1) : approx_number(best, "Σ_{i≤k} 1/log2(i + 1)");
  Number value;
  if (k == 0 || (dcg_value.exact && dcg_value.exact->num == 0)) {
    value = whole(0);
  } else if (k == 1 && dcg_value.exact) {
    value = dcg_value;
  } else {
    value = approx_number(dcg / best, "DCG" + at + "/" + to_decimal(best_value, 4));
  }
  out.value = value;
  out.values = {{"SDCG", value}, {"DCG", dcg_value}, {"DCG_gain_1", best_value}};
  out.working =
      "\\text{DCG" + at + "} = " + (terms.empty() ? std::string("0") : latex_sum(terms, 8)) + " " +
      (dcg_value.exact ? "= " + latex_of(dcg_value) : "\\approx " + to_decimal(dcg_value, 4)) +
      " \\\\ \\text{DCG of gain 1" + at + "} = \\sum_{i=1}^{" + std::to_string(k) +
      "} \\frac{1}{\\log_2(i+1)} " +
      (best_value.exact ? "= 1" : "\\approx " + to_decimal(best_value, 4)) + " \\\\ \\text{SDCG" +
      at + "} = \\frac{" + latex_of(dcg_value) + "}{" + latex_of(best_value) + "} " +
      (value.exact ? "= " + latex_of(value) : "\\approx " + to_decimal(value, 4));
  if (k >= 1 && k == asked && k <= n) table.highlight.push_back(static_cast<int>(k - 1));
  out.steps.push_back(std::move(table));
  out.notes.push_back(
      "Gains are grade/" + to_short_decimal(top) +
      (call.param("max").empty() ? " (max: the highest grade judged; set max for another scale)"
                                 : " (max given)") +
      ". Unlike nDCG, the ideal is k documents of gain 1, whatever the judgments hold: SDCG is 1 "
      "only when the top k all have the top grade (ir_measures' SDCG, from cwl_eval).");
  if (!call.rank_cutoff) {
    out.notes.push_back("Without a cutoff, k is the length of the list (" + std::to_string(n) +
                        "); ir_measures' SDCG needs one, as in SDCG@10.");
  }
  if (asked > cwl_ranks) {
    out.notes.push_back("cwl_eval reads " + std::to_string(cwl_ranks) + " ranks: k = " +
                        std::to_string(asked) + " counts as " + std::to_string(cwl_ranks) + ".");
  }
  finish_outcome(out);
  return out;
}

// INST's and SDCG's max=, the top of cwl_eval's gain scale (cwl_scale).
static ParamInfo cwl_max_param() {
  ParamInfo max;
  max.name = "max";
  max.help =
      "the top grade of the scale, so that the gain is grade/max (ir_measures' max_rel); not "
      "given: the highest grade judged";
  max.numeric = true;
  return max;
}

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_err() {
  ParamInfo max;
  max.name = "max";
  max.default_value = "4";
  max.help =
      "the highest grade of the scale, g_max in R = (2^g − 1)/2^g_max: 4 in gdeval 1.3 (the TREC "
      "Web track), a whole number from 1 to 30";
  max.numeric = true;
  max.maximum = Fraction{30, 1};

  MeasureInfo m;
  m.name = "ERR";
  m.title = "Expected reciprocal rank";
  m.summary =
      "The expected 1/rank at which a user stops, satisfied by a document of grade g with "
      "probability (2^g − 1)/2^max: the cascade table shows where.";
  m.input = InputKind::graded_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {max};
  m.aliases = {"expected-reciprocal-rank"};
  m.formula =
      "\\text{ERR@}k = \\sum_{i=1}^{k} \\frac{1}{i}\\, R_i \\prod_{j=1}^{i-1} (1 - R_j),\\qquad "
      "R_i = \\frac{2^{g_i} - 1}{2^{\\max}}";
  m.example = "ERR@20";
  m.golden = {"ERR1"};
  m.run = &run_err;
  return m;
}

MeasureInfo measure_rbp() {
  ParamInfo p;
  p.name = "p";
  p.default_value = "0.8";
  p.help =
      "the persistence: the chance the user reads on from one rank to the next, below 1 (0.8 "
      "reads 5 ranks on average, as ir_measures' default; trec_eval's rbp takes 0.9 unless told; "
      "0.95 reads 20)";
  p.numeric = true;
  p.maximum = Fraction{1, 1};
  ParamInfo rel;
  rel.name = "rel";
  rel.help =
      "the lowest grade that counts as relevant, making the gain 1 or 0; not given: the gain is "
      "the grade, over the largest grade when that is above 1 (trec_eval's rbp)";
  rel.numeric = true;

  MeasureInfo m;
  m.name = "RBP";
  m.title = "Rank-biased precision";
  m.summary =
      "The share of a patient user's attention spent on relevant documents, with the residual: "
      "how much more it could be if the ranks not seen were relevant.";
  m.input = InputKind::graded_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {p, rel};
  m.aliases = {"rank-biased-precision"};
  m.formula =
      "\\text{RBP} = (1 - p)\\sum_{i=1}^{k} g_i\\, p^{i-1},\\qquad \\text{residual} = p^{k}";
  m.example = "RBP(p=0.5)";
  m.golden = {"RBP1"};
  m.run = &run_rbp;
  return m;
}

// INST's and INSQ's T.
static ParamInfo cwl_target_param() {
  ParamInfo T;
  T.name = "T";
  T.default_value = "1";
  T.help =
      "the gain the user wants, in units of the top grade: 1 (ir_measures' default) is one fully "
      "relevant document, 3 three of them";
  T.numeric = true;
  return T;
}

MeasureInfo measure_inst() {
  MeasureInfo m;
  m.name = "INST";
  m.title = "INST, the adaptive user model";
  m.summary =
      "The gain per rank read by a user who wants T units of gain and stops sooner once they have "
      "found it: each rank's share of attention, rank by rank.";
  m.input = InputKind::graded_list;
  m.params = {cwl_target_param(), cwl_max_param()};
  m.formula =
      "\\text{INST} = \\sum_i W_i\\,g_i,\\quad W_i \\propto \\prod_{j<i} C_j,\\quad C_i = "
      "\\left(\\frac{i + T + T_i - 1}{i + T + T_i}\\right)^2,\\quad T_i = T - \\sum_{j \\le i} g_j";
  m.example = "INST(T=2)";
  m.golden = {"INST1"};
  m.run = &run_inst;
  return m;
}

// INSQ (Moffat, Scholer and Thomas, "Models and metrics: IR evaluation as a user process", ADCS
// 2012), INST's forerunner, as cwl_eval computes it: the same sum over 1,000 ranks, with a chance
// to go on that depends on the rank and T only.
MeasureInfo measure_insq() {
  MeasureInfo m;
  m.name = "INSQ";
  m.title = "INSQ, INST's forerunner";
  m.summary =
      "The gain per rank read by a user who wants T units of gain and goes on with a chance that "
      "grows with the rank, whatever they have found: each rank's share of attention.";
  m.input = InputKind::graded_list;
  m.params = {cwl_target_param(), cwl_max_param()};
  m.formula =
      "\\text{INSQ} = \\sum_i W_i\\,g_i,\\quad W_i \\propto \\prod_{j<i} C_j,\\quad C_i = "
      "\\left(\\frac{i + 2T - 1}{i + 2T}\\right)^2";
  m.example = "INSQ(T=2)";
  m.golden = {"INSQ1", "INSQ2"};
  m.on_trec_files = {{"INSQ(max=4)", "INSQ(max_rel=4)"},
                     {"INSQ(T=2,max=4)", "INSQ(T=2.0,max_rel=4)"},
                     {"INSQ(T=0.5,max=4)", "INSQ(T=0.5,max_rel=4)"}};
  m.run = &run_insq;
  return m;
}

MeasureInfo measure_sdcg() {
  MeasureInfo m;
  m.name = "SDCG";
  m.title = "Scaled DCG";
  m.summary =
      "DCG of the gains grade/max, divided by the DCG of k documents of the top grade: nDCG as if "
      "there were always k fully relevant documents.";
  m.input = InputKind::graded_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {cwl_max_param()};
  m.aliases = {"scaled_dcg"};
  m.formula =
      "\\text{SDCG@}k = \\frac{\\sum_{i=1}^{k} g_i / \\log_2(i+1)}{\\sum_{i=1}^{k} 1 / "
      "\\log_2(i+1)},\\qquad g_i = \\frac{\\text{grade}_i}{\\text{max}}";
  m.example = "SDCG(max=3)@5";
  m.golden = {"SDCG1"};
  m.on_trec_files = {{"SDCG(max=4)@1", "SDCG(max_rel=4)@1"},
                     {"SDCG(max=4)@5", "SDCG(max_rel=4)@5"},
                     {"SDCG(max=4)@20", "SDCG(max_rel=4)@20"}};
  m.run = &run_sdcg;
  return m;
}

MeasureInfo measure_compat() {
  ParamInfo p;
  p.name = "p";
  p.default_value = "0.95";
  p.help = "the persistence: rank i weighs p^(i − 1), as in RBP; above 0 and below 1";
  p.numeric = true;
  p.maximum = Fraction{1, 1};
  ParamInfo normalize;
  normalize.name = "normalize";
  normalize.choices = {"yes", "no"};
  normalize.default_value = "yes";
  normalize.help =
      "divide by the ideal ranking's overlap with itself, so that the ideal scores 1 even when "
      "it is shorter than the ranking (ir_measures' normalize=True), or not";

  MeasureInfo m;
  m.name = "Compat";
  m.title = "Compatibility with the ideal ranking";
  m.summary =
      "How much the ranking overlaps the ideal one at every depth, weighted by a persistence p "
      "(rank-biased overlap): 1 when it is the ideal ranking.";
  m.input = InputKind::graded_list;
  m.params = {p, normalize};
  m.aliases = {"compatibility"};
  m.formula =
      "\\text{Compat} = \\frac{\\sum_{i} p^{i-1} A_i / i}{\\sum_{i} p^{i-1} \\min(i, "
      "|\\text{ideal}|) / i},\\qquad A_i = |\\text{top}_i(\\text{run}) \\cap "
      "\\text{top}_i(\\text{ideal})|";
  m.example = "Compat(p=0.8)";
  m.golden = {"COMPAT1"};
  m.run = &run_compat;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of ERR, RBP, INST, SDCG, Compat (check.cpp, check_slips.h) -----

namespace irm::checking {
namespace {

// ERR (cascade.cpp) with a student's slips: R = (2^g − 1)/2^max, each rank weighted by the chance
// Π_{j<i}(1 − R_j) of reaching it, divided by the rank.
struct ErrRecipe {
  bool linear = false;      // R = g/max
  bool no_cascade = false;  // every rank reached: Σ R_i/i
  bool rounded = false;     // each R rounded to 2 decimals
  std::int64_t max = 0;     // the scale's top grade; 0: the parameter max
};

std::optional<Number> err_value(const Context& c, const ErrRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto max_param = param_fraction(c, "max");
  if (!list.ok() || !max_param || max_param->den != 1) return std::nullopt;
  const std::int64_t max = r.max > 0 ? r.max : max_param->num;
  if (max < 1 || max > 30) return std::nullopt;
  const auto& docs = list.value().docs;
  Number reach = whole(1);
  Number err = whole(0);
  for (std::size_t i = 0; i < kept_ranks(c, docs.size()); ++i) {
    const Fraction g = docs[i].grade;
    if (g.den != 1 || g.num < 0 || g.num > max) return std::nullopt;
    Number satisfied = r.linear ? ratio(g.num, max)
                                : ratio((std::int64_t{1} << g.num) - 1, std::int64_t{1} << max);
    if (r.rounded) satisfied = rounded2(satisfied);
    err = err +
          (r.no_cascade ? satisfied : reach * satisfied) / whole(static_cast<std::int64_t>(i + 1));
    reach = reach * (whole(1) - satisfied);
  }
  return err;
}

// The slip's ERR, but only when this file's arithmetic reproduces the measure's own value
// without it (a guard against drifting from cascade.cpp).
std::optional<Number> err_slip(const Context& c, const ErrRecipe& slip) {
  const auto plain = err_value(c, ErrRecipe{});
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  return err_value(c, slip);
}

std::string err_max_text(const Context& c) { return "max = " + c.call.param("max"); }

std::optional<Candidate> err_linear(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{true, false, false, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.linear_gain", *value,
                   c.answer +
                       " takes the chance that a document of grade g satisfies the user as "
                       "g/max, linear in the grade; ERR's is R = (2^g − 1)/2^max with " +
                       err_max_text(c) + ", exponential in the grade"};
}

std::optional<Candidate> err_no_cascade(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{false, true, false, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.no_cascade", *value,
                   c.answer +
                       " adds R_i/i at every rank as if every user got there; ERR "
                       "multiplies each R_i by the chance Π_{j<i}(1 − R_j) that no document "
                       "above rank i satisfied the user first"};
}

std::optional<Candidate> err_max_from_list(const Context& c) {
  const auto list = parse_graded_list(c.input);
  const auto max_param = param_fraction(c, "max");
  if (!list.ok() || !max_param) return std::nullopt;
  std::int64_t largest = 0;
  for (const auto& doc : list.value().docs) {
    if (doc.grade.den != 1) return std::nullopt;
    largest = std::max(largest, doc.grade.num);
  }
  if (largest < 1 || *max_param == Fraction{largest, 1}) return std::nullopt;
  const auto value = err_slip(c, ErrRecipe{false, false, false, largest});
  if (!value) return std::nullopt;
  return Candidate{
      "err.max_from_list", *value,
      c.answer + " takes max = " + std::to_string(largest) +
          ", the highest grade in the list; max is the top of the grading scale, " +
          c.call.param("max") + " here, whatever grades the list holds (if your scale ends at " +
          std::to_string(largest) + ", ask for ERR(max=" + std::to_string(largest) + "))"};
}

std::optional<Candidate> err_rounded(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{false, false, true, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.rounded_intermediates", *value,
                   "you rounded each stopping probability R = (2^g − 1)/2^max to 2 decimals "
                   "before the cascade; keep them exact (they are fractions over 2^max) and round "
                   "only ERR"};
}

// RBP's persistence p and the outcome's RBP, residual and upper end of the band.
struct RbpParts {
  Number p, rbp, residual, upper;
};

std::optional<RbpParts> rbp_parts(const Context& c) {
  const auto p = param_fraction(c, "p");
  const Number* rbp = value_of(c.outcome, "RBP");
  const Number* residual = value_of(c.outcome, "residual");
  const Number* upper = value_of(c.outcome, "upper");
  if (!p || !rbp || !residual || !upper || p->num == 0) return std::nullopt;
  return RbpParts{exact_number(*p), *rbp, *residual, *upper};
}

std::string p_text(const Context& c) { return "p = " + c.call.param("p"); }

std::optional<Candidate> rbp_no_one_minus_p(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.no_one_minus_p", r->rbp / (whole(1) - r->p),
                   c.answer + " is the sum Σ g_i p^(i−1) without the factor 1 − p in front (" +
                       p_text(c) + "); RBP = (1 − p)·Σ g_i p^(i−1), whose weights add up to 1"};
}

std::optional<Candidate> rbp_p_to_the_i(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.p_to_the_i", r->rbp * r->p,
                   c.answer +
                       " weights rank i by (1 − p)·p^i; the user always reads rank 1, so "
                       "its weight is 1 − p and rank i's is (1 − p)·p^(i−1) (" +
                       p_text(c) + ")"};
}

std::optional<Candidate> rbp_plus_residual(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.plus_residual", r->upper,
                   c.answer +
                       " adds the residual p^k to RBP: that is the top of the band, what "
                       "RBP would be were every rank not seen relevant; RBP is the bottom, "
                       "the weight of the relevant documents seen"};
}

std::optional<Candidate> rbp_residual(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.residual", r->residual,
                   c.answer +
                       " is the residual p^k, the weight of the ranks past those "
                       "evaluated; RBP is (1 − p)·Σ g_i p^(i−1) over the ranks seen"};
}

std::optional<Candidate> rbp_grade_unscaled(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r || !c.call.param("rel").empty()) return std::nullopt;
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  Fraction largest{1, 1};  // as run_rbp takes it: every judged grade, retrieved or not
  for (const auto& doc : list.value().docs) {
    if (compare(doc.grade, largest) > 0) largest = doc.grade;
  }
  for (const Fraction grade : list.value().unretrieved) {
    if (compare(grade, largest) > 0) largest = grade;
  }
  if (largest == Fraction{1, 1}) return std::nullopt;
  return Candidate{"rbp.grade_unscaled", r->rbp * exact_number(largest),
                   c.answer +
                       " takes each grade as its gain; without rel the gain is the grade "
                       "over the largest grade judged, " +
                       to_short_decimal(largest) +
                       " (as trec_eval's rbp), so that it lies between 0 and 1; rel= makes the "
                       "gain 1 or 0"};
}

// INST (cascade.cpp, as cwl_eval computes it) with a student's slips, in doubles.
struct InstRecipe {
  bool not_squared = false;      // C_i without the square
  bool wanted_fixed = false;     // T_i kept at T: INSQ's C_i
  bool list_ranks_only = false;  // the attention shared over the list's ranks, not 1000
};

constexpr int kInstDepth = 1000;  // cwl_eval's ranking length, as cascade.cpp's

std::optional<double> inst_value(const Context& c, const InstRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto T = param_fraction(c, "T");
  if (!list.ok() || !T || T->num <= 0) return std::nullopt;
  const auto& docs = list.value().docs;
  Fraction top{0, 1};
  for (const auto& doc : docs) top = compare(doc.grade, top) > 0 ? doc.grade : top;
  for (const Fraction g : list.value().unretrieved) top = compare(g, top) > 0 ? g : top;
  if (const auto given = param_fraction(c, "max")) top = *given;
  const double max = top.num == 0 ? 1.0 : to_double(top);
  const double t = to_double(*T);
  const std::size_t shown = std::min<std::size_t>(docs.size(), kInstDepth);
  const std::size_t depth = r.list_ranks_only ? shown : static_cast<std::size_t>(kInstDepth);
  if (depth == 0) return std::nullopt;
  double found = 0.0;
  double reach = 1.0;
  double total = 0.0;
  double gained = 0.0;
  for (std::size_t i = 0; i < depth; ++i) {
    const double gain = i < shown ? to_double(docs[i].grade) / max : 0.0;
    found += gain;
    const double wanted = r.wanted_fixed ? t : t - found;
    const double rank = static_cast<double>(i) + 1.0;
    const double go_on = (rank + t + wanted - 1.0) / (rank + t + wanted);
    total += reach;
    gained += reach * gain;
    reach *= r.not_squared ? go_on : go_on * go_on;
  }
  return gained / total;
}

// A slip's value when the measure computed (INST: `base` plain; INSQ: T_i kept at T) is the
// outcome's, so that the recipe reads the input as the measure did.
std::optional<Number> inst_slip(const Context& c, const InstRecipe& slip,
                                const InstRecipe& base = InstRecipe{}) {
  const auto plain = inst_value(c, base);
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = inst_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

// SDCG@k (cascade.cpp): the DCG of the gains grade/max over the DCG of k documents of gain 1.
// Its slips: nDCG's ideal (the judged grades sorted) in place of k documents of gain 1, and
// the scale summed over the list's ranks only when k runs past it.
struct SdcgRecipe {
  bool judged_ideal = false;
  bool scale_to_list = false;
};

std::optional<double> sdcg_value(const Context& c, const SdcgRecipe& r) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto& docs = list.value().docs;
  std::vector<double> grades;
  for (const auto& doc : docs) grades.push_back(to_double(doc.grade));
  double top = 0.0;
  for (const double g : grades) top = std::max(top, g);
  for (const Fraction g : list.value().unretrieved) top = std::max(top, to_double(g));
  if (const auto given = param_fraction(c, "max")) top = to_double(*given);
  const auto n = static_cast<std::int64_t>(docs.size());
  const std::int64_t k = std::min<std::int64_t>(c.call.rank_cutoff.value_or(n), kInstDepth);
  if (k <= 0 || top <= 0.0) return std::nullopt;
  double dcg = 0.0;
  for (std::int64_t i = 1; i <= std::min(k, n); ++i) {
    dcg += grades[static_cast<std::size_t>(i - 1)] / top / std::log2(static_cast<double>(i + 1));
  }
  double scale = 0.0;
  if (r.judged_ideal) {
    std::vector<double> ideal = grades;
    for (const Fraction g : list.value().unretrieved) ideal.push_back(to_double(g));
    std::sort(ideal.begin(), ideal.end(), std::greater<>());
    for (std::int64_t i = 1; i <= k && i <= static_cast<std::int64_t>(ideal.size()); ++i) {
      scale += ideal[static_cast<std::size_t>(i - 1)] / top / std::log2(static_cast<double>(i + 1));
    }
  } else {
    const std::int64_t ranks = r.scale_to_list ? std::min(k, n) : k;
    for (std::int64_t i = 1; i <= ranks; ++i) scale += 1.0 / std::log2(static_cast<double>(i + 1));
  }
  if (scale == 0.0) return std::nullopt;
  return dcg / scale;
}

std::optional<Number> sdcg_slip(const Context& c, const SdcgRecipe& slip) {
  const auto plain = sdcg_value(c, SdcgRecipe{});
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = sdcg_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

std::optional<Candidate> sdcg_judged_ideal(const Context& c) {
  const auto value = sdcg_slip(c, SdcgRecipe{true, false});
  if (!value) return std::nullopt;
  return Candidate{"sdcg.judged_ideal", *value,
                   c.answer +
                       " divides DCG by the DCG of the judged grades sorted, which is "
                       "nDCG; SDCG divides it by the DCG of k documents of the top grade, "
                       "Σ_{i≤k} 1/log2(i + 1), whatever the judgments hold"};
}

std::optional<Candidate> sdcg_scale_to_list(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || !c.call.rank_cutoff ||
      *c.call.rank_cutoff <= static_cast<std::int64_t>(list.value().docs.size())) {
    return std::nullopt;
  }
  const auto value = sdcg_slip(c, SdcgRecipe{false, true});
  if (!value) return std::nullopt;
  const std::string n = std::to_string(list.value().docs.size());
  return Candidate{"sdcg.scale_to_list", *value,
                   c.answer + " sums the DCG of gain 1 over the list's " + n +
                       " ranks only; SDCG@" + std::to_string(*c.call.rank_cutoff) +
                       " sums it to k, the ranks past the list adding to the scale (and nothing "
                       "to DCG)"};
}

std::optional<Candidate> inst_not_squared(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"inst.not_squared", *value,
                   "your chance of going on from rank i is (i + T + T_i − 1)/(i + T + T_i); INST "
                   "squares it: C_i = ((i + T + T_i − 1)/(i + T + T_i))²"};
}

std::optional<Candidate> inst_wanted_fixed(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{false, true, false});
  if (!value) return std::nullopt;
  return Candidate{"inst.wanted_not_lowered", *value,
                   c.answer + " keeps the gain still wanted T_i at T = " + c.call.param("T") +
                       " at every rank, which is INSQ's C_i = ((i + 2T − 1)/(i + 2T))²; INST "
                       "lowers it by the gain found, T_i = T − Σ_{j≤i} g_j, so that a user who "
                       "has found what they want stops sooner"};
}

std::optional<Candidate> inst_list_only(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || list.value().docs.size() >= static_cast<std::size_t>(kInstDepth)) {
    return std::nullopt;
  }
  const auto value = inst_slip(c, InstRecipe{false, false, true});
  if (!value) return std::nullopt;
  const std::string n = std::to_string(list.value().docs.size());
  return Candidate{"inst.list_ranks_only", *value,
                   c.answer + " shares the user's attention over the " + n +
                       (n == "1" ? " rank" : " ranks") +
                       " of the list only (W_i = Π_{j<i} C_j over their sum to rank " + n +
                       "); INST, as cwl_eval computes it, shares it over 1000 ranks, those past "
                       "the list with gain 0, so the attention that goes past the list is lost"};
}

// INSQ (cascade.cpp): INST's recipe with T_i kept at T; its slips: C_i not squared, INST's
// C_i (the gain wanted lowered as gain is found), the attention over the list's ranks only.
constexpr InstRecipe kInsq{false, true, false};

std::optional<Candidate> insq_not_squared(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{true, true, false}, kInsq);
  if (!value) return std::nullopt;
  return Candidate{"insq.not_squared", *value,
                   "your chance of going on from rank i is (i + 2T − 1)/(i + 2T); INSQ squares "
                   "it: C_i = ((i + 2T − 1)/(i + 2T))²"};
}

std::optional<Candidate> insq_wanted_lowered(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{}, kInsq);
  if (!value) return std::nullopt;
  return Candidate{"insq.wanted_lowered", *value,
                   c.answer +
                       " lowers the gain still wanted by the gain found, T_i = T − Σ_{j≤i} "
                       "g_j, which is INST; INSQ keeps T at every rank: C_i = ((i + 2T − "
                       "1)/(i + 2T))²"};
}

std::optional<Candidate> insq_list_only(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || list.value().docs.size() >= static_cast<std::size_t>(kInstDepth)) {
    return std::nullopt;
  }
  const auto value = inst_slip(c, InstRecipe{false, true, true}, kInsq);
  if (!value) return std::nullopt;
  const std::string n = std::to_string(list.value().docs.size());
  return Candidate{"insq.list_ranks_only", *value,
                   c.answer + " shares the user's attention over the " + n +
                       (n == "1" ? " rank" : " ranks") +
                       " of the list only; INSQ, as cwl_eval computes it, shares it over 1000 "
                       "ranks, those past the list with gain 0"};
}

// Compat (cascade.cpp): the rank-biased overlap of the ranking with the ideal ranking, with a
// student's slips.
struct CompatRecipe {
  bool not_over_depth = false;        // p^(i−1)·A_i instead of p^(i−1)·A_i/i
  bool ideal_retrieved_only = false;  // the unretrieved grades left out of the ideal
  bool run_depth = false;             // read to the run's length, not the longer of the two
};

std::optional<Number> compat_value(const Context& c, const CompatRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto p = param_fraction(c, "p");
  if (!list.ok() || !p) return std::nullopt;
  const bool normalize = c.call.param("normalize") == "yes";
  const auto& docs = list.value().docs;
  const auto& unretrieved = list.value().unretrieved;
  const std::size_t n = docs.size();
  struct Ideal {
    Fraction grade;
    std::size_t index;  // rank − 1 in the list, or n + j for the j-th unretrieved grade
  };
  std::vector<Ideal> ideal;
  for (std::size_t i = 0; i < n; ++i) {
    if (docs[i].grade.num > 0) ideal.push_back({docs[i].grade, i});
  }
  if (!r.ideal_retrieved_only) {
    for (std::size_t j = 0; j < unretrieved.size(); ++j) {
      if (unretrieved[j].num > 0) ideal.push_back({unretrieved[j], n + j});
    }
  }
  std::stable_sort(ideal.begin(), ideal.end(),
                   [](const Ideal& a, const Ideal& b) { return compare(a.grade, b.grade) > 0; });
  const std::size_t depth = r.run_depth ? n : std::max(n, ideal.size());
  std::vector<char> in_run(n + unretrieved.size(), 0);
  std::vector<char> in_ideal(n + unretrieved.size(), 0);
  std::int64_t shared = 0;
  Number weight = whole(1);
  Number score = whole(0);
  Number best = whole(0);
  Number weights = whole(0);
  for (std::size_t i = 0; i < depth; ++i) {
    const auto at = static_cast<std::int64_t>(i + 1);
    if (i < n) {
      in_run[i] = 1;
      if (in_ideal[i]) ++shared;
    }
    if (i < ideal.size()) {
      const std::size_t index = ideal[i].index;
      in_ideal[index] = 1;
      if (index < n && in_run[index]) ++shared;
    }
    const std::int64_t ideal_shared =
        std::min<std::int64_t>(at, static_cast<std::int64_t>(ideal.size()));
    const Number by = r.not_over_depth ? whole(1) : whole(at);
    score = score + weight * whole(shared) / by;
    best = best + weight * whole(ideal_shared) / by;
    weights = weights + weight;
    weight = weight * exact_number(*p);
  }
  if (normalize && best.approx > 0.0) return score / best;
  return depth == 0 ? whole(0) : score / weights;
}

std::optional<Number> compat_slip(const Context& c, const CompatRecipe& slip) {
  const auto plain = compat_value(c, CompatRecipe{});
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  return compat_value(c, slip);
}

std::optional<Candidate> compat_not_over_depth(const Context& c) {
  const auto value = compat_slip(c, CompatRecipe{true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"compat.overlap_not_over_depth", *value,
                   c.answer +
                       " adds p^(i−1)·A_i, the number of documents the two top i share; "
                       "the overlap adds p^(i−1)·A_i/i, the share of the top i they have "
                       "in common"};
}

// The judged grades above 0 that were not retrieved, as "2, 1"; empty when none.
std::string unretrieved_relevant(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return "";
  std::string out;
  for (const Fraction g : list.value().unretrieved) {
    if (g.num > 0) out += (out.empty() ? "" : ", ") + to_short_decimal(g);
  }
  return out;
}

std::optional<Candidate> compat_ideal_retrieved_only(const Context& c) {
  const std::string grades = unretrieved_relevant(c);
  if (grades.empty()) return std::nullopt;
  const auto value = compat_slip(c, CompatRecipe{false, true, false});
  if (!value) return std::nullopt;
  return Candidate{"compat.ideal_retrieved_only", *value,
                   "your ideal ranking holds only the retrieved documents graded above 0; it "
                   "holds every document graded above 0, retrieved or not (the unretrieved " +
                       grades + " too)"};
}

std::optional<Candidate> compat_run_depth(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::size_t ideal = 0;
  for (const auto& doc : list.value().docs) ideal += doc.grade.num > 0 ? 1 : 0;
  for (const Fraction g : list.value().unretrieved) ideal += g.num > 0 ? 1 : 0;
  const std::size_t n = list.value().docs.size();
  if (ideal <= n) return std::nullopt;
  const auto value = compat_slip(c, CompatRecipe{false, false, true});
  if (!value) return std::nullopt;
  return Candidate{"compat.run_depth_only", *value,
                   c.answer + " reads the two rankings to depth " + std::to_string(n) +
                       ", the length of the run; Compat reads them to the longer of the two, "
                       "here the ideal ranking's " +
                       std::to_string(ideal) + " documents"};
}

// ERR, RBP, INST, Compat: each rank's quantities in the order they are worked out.
std::string cascade_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  const std::string top = top_text(c);
  if (family == "ERR") {
    const std::string each =
        "Check each rank's stopping probability R = (2^g − 1)/2^max" + top +
        " with max = " + c.call.param("max") +
        " (the top of the scale), and the chance of reaching the rank, the product of 1 − R over "
        "the ranks above it";
    if (main) return each + "; then add R times that chance divided by the rank.";
    if (q == "stops")
      return each + "; the user stops somewhere with 1 minus the chance of reading past them all.";
  }
  if (family == "RBP") {
    const std::string gain = c.call.param("rel").empty()
                                 ? "the grade over the largest grade judged when that is above 1"
                                 : "1 from grade " + c.call.param("rel") + " up, else 0";
    const std::string sum = "Check each rank's weight (1 − p)·p^(i − 1)" + top +
                            " with p = " + c.call.param("p") + ", times its gain (" + gain +
                            "), summed";
    if (main) return sum + ".";
    if (q == "residual") {
      return "Check the residual p^k, k the ranks evaluated (the cutoff, or the list's length when "
             "it is shorter), with p = " +
             c.call.param("p") + ".";
    }
    if (q == "upper") return sum + "; then add the residual p^k, k the ranks evaluated.";
  }
  if (family == "INST" || family == "INSQ") {
    const std::string max =
        c.call.param("max").empty() ? "the highest grade judged" : "max = " + c.call.param("max");
    const std::string each =
        "Check each rank's gain g = grade/" + max +
        (family == "INST" ? ", the gain still wanted T_i = T − (the gains "
                            "down to rank i) with T = " +
                                c.call.param("T") +
                                ", the chance of going on C_i = ((i + T + T_i − 1)/(i + T + "
                                "T_i))², and the chance of "
                          : ", the chance of going on C_i = ((i + 2T − 1)/(i + 2T))² with T = " +
                                c.call.param("T") + ", and the chance of ") +
        "reaching each rank, the product of C above it, down to rank 1000 (the ranks past the "
        "list with gain 0)";
    if (main) {
      return each + "; each rank's share W_i is that chance over their sum, and " + family +
             " = Σ W_i g_i.";
    }
    if (q == "depth") return each + "; the expected depth 1/W_1 is the sum of those chances.";
  }
  if (family == "Compat" && (main || q == "RBO")) {
    const std::string ideal =
        "Check the ideal ranking (every document graded above 0, retrieved or not, by grade, "
        "equal grades in the run's order); then at each depth i to the longer of the two "
        "rankings count the documents their top i share, A_i, and add p^(i − 1)·A_i/i with p = " +
        c.call.param("p");
    if (q == "RBO" || c.call.param("normalize") == "no") return ideal + "; divide by Σ p^(i − 1).";
    return ideal +
           "; divide by the ideal's own sum, p^(i − 1)·min(i, the ideal's length)/i added up.";
  }
  return "";
}

}  // namespace

const CheckFamily& cascade_checks() {
  static const CheckFamily family = {
      {
          {{"err.linear_gain",
            {"ERR"},
            "ERR with the linear stopping probability g/max instead of (2^g − 1)/2^max"},
           &err_linear},
          {{"err.no_cascade",
            {"ERR"},
            "ERR as Σ R_i/i: each rank's R not multiplied by the chance Π_{j<i}(1 − R_j) of "
            "reaching "
            "it"},
           &err_no_cascade},
          {{"err.max_from_list",
            {"ERR"},
            "ERR with max the list's highest grade instead of the top grade of the scale"},
           &err_max_from_list},
          {{"rbp.no_one_minus_p", {"RBP"}, "RBP without the factor 1 − p: Σ g_i p^(i−1)"},
           &rbp_no_one_minus_p},
          {{"rbp.p_to_the_i",
            {"RBP"},
            "RBP with rank i weighted by (1 − p)·p^i instead of (1 − p)·p^(i−1)"},
           &rbp_p_to_the_i},
          {{"rbp.plus_residual",
            {"RBP"},
            "RBP with the residual p^k added: the top of the band instead of RBP"},
           &rbp_plus_residual},
          {{"rbp.residual", {"RBP"}, "the residual p^k given for RBP"}, &rbp_residual},
          {{"rbp.grade_unscaled",
            {"RBP"},
            "RBP without rel with the grade as the gain, not divided by the largest grade judged"},
           &rbp_grade_unscaled},
          {{"sdcg.judged_ideal",
            {"SDCG"},
            "SDCG divided by the DCG of the judged grades sorted (nDCG) instead of k documents of "
            "gain 1"},
           &sdcg_judged_ideal},
          {{"sdcg.scale_to_list",
            {"SDCG"},
            "SDCG@k with the scale summed over the list's ranks only when k runs past the list"},
           &sdcg_scale_to_list},
          {{"inst.not_squared",
            {"INST"},
            "INST with the chance of going on C_i = (i + T + T_i − 1)/(i + T + T_i) not squared"},
           &inst_not_squared},
          {{"inst.wanted_not_lowered",
            {"INST"},
            "INST with the gain still wanted T_i kept at T: INSQ's C_i = ((i + 2T − 1)/(i + 2T))²"},
           &inst_wanted_fixed},
          {{"inst.list_ranks_only",
            {"INST"},
            "INST with the attention shared over the list's ranks only, not cwl_eval's 1000"},
           &inst_list_only},
          {{"insq.not_squared",
            {"INSQ"},
            "INSQ with the chance of going on C_i = (i + 2T − 1)/(i + 2T) not squared"},
           &insq_not_squared},
          {{"insq.wanted_lowered",
            {"INSQ"},
            "INSQ with the gain wanted lowered as gain is found: INST's C_i"},
           &insq_wanted_lowered},
          {{"insq.list_ranks_only",
            {"INSQ"},
            "INSQ with the attention shared over the list's ranks only, not cwl_eval's 1000"},
           &insq_list_only},
          {{"compat.overlap_not_over_depth",
            {"Compat"},
            "Compat adding p^(i−1)·A_i, the documents shared, instead of p^(i−1)·A_i/i"},
           &compat_not_over_depth},
          {{"compat.ideal_retrieved_only",
            {"Compat"},
            "Compat with an ideal ranking of the retrieved documents only, leaving out the "
            "unretrieved grades"},
           &compat_ideal_retrieved_only},
          {{"compat.run_depth_only",
            {"Compat"},
            "Compat read to the run's length instead of the longer of the run and the ideal"},
           &compat_run_depth},
      },
      {
          {{"err.rounded_intermediates",
            {"ERR"},
            "each stopping probability R = (2^g − 1)/2^max rounded to 2 decimals first"},
           &err_rounded},
      },
      &cascade_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// The same measures as the TREC engine computes them from a run and qrels (ir_measures' names,
// read in trec/irmeasures.cpp, and trec_eval 10.0's rbp and rbp_resid, which measure_table() in
// trec/measures.cpp lists): doubles, summed rank by rank in the order of the program each
// follows (gdeval.pl, trec_eval, ir_measures, cwl_eval), so that their digits are those
// programs' own. Only the TREC engine refers to these (trec/irmeasures.h,
// trec/family_measures.h), so the calculators' wasm modules leave them out; the TREC module
// compiles this half for speed (wasm/CMakeLists.txt).
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

// ERR@k and nDCG(dcg=exp-log2)@k read grades above 4 as 4, gdeval.pl's largest, which refuses
// them: the qrels' highest such grade is named once.
class GdevalNeed final : public TopicNeed {
 public:
  void qrels_read(const Qrels& qrels, const TrecJudged& judged,
                  std::vector<std::string>& warnings) override {
    std::string_view above_four;
    int highest = 0;
    for (const std::string_view topic : qrels.topics) {
      const TopicJudged& grades = judged.by_topic.at(topic);
      if (!grades.grades.empty() && grades.grades.back().grade > gdeval_max_grade &&
          (above_four.empty() || grades.grades.back().grade > highest)) {
        highest = grades.grades.back().grade;
        above_four = topic;
      }
    }
    if (above_four.empty()) return;
    warnings.push_back(qrels.file_name + " has grades above 4 (the highest, " +
                       std::to_string(highest) + ", in topic " + visible(above_four) +
                       "): ERR@k and nDCG(dcg=exp-log2)@k take them as 4, the largest grade of "
                       "gdeval.pl, which refuses them");
  }
  bool prepare(const TopicRun&, std::optional<InputError>&) override { return true; }
};

// ERR@k as gdeval.pl 1.3 computes it: the stopping probability at a grade g is
// (2^g - 1) / 2^4 (4 being gdeval's largest grade, whatever the topic's); ERR adds, down the
// first min(k, n) ranks, that probability times the chance of reaching the rank, over the rank.
void err(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t stop = ranks_read(r.cutoffs[0], t.num_ret);
  const auto max_gain = static_cast<double>(exp_gain(gdeval_max_grade) + 1);  // 2^4
  double score = 0.0;
  double decay = 1.0;
  for (std::int64_t i = 0; i < stop; ++i) {
    const int g = gdeval_grade((*t.grades)[static_cast<std::size_t>(i)]);
    const double stop_here = static_cast<double>(exp_gain(g)) / max_gain;
    score += stop_here * decay / static_cast<double>(i + 1);
    decay *= 1.0 - stop_here;
  }
  out[r.first_slot] = score;
}

// RBP as trec_eval 10.0 and ir_measures compute it: (1 - p) times the sum of gain_i p^(i-1)
// down the ranks (to k, with a cutoff). With rel=N the gain is 1 at a grade of N or more, else
// 0; without it the grades are the gains, as trec_eval 10.0's rbp takes them: divided by the
// topic's largest grade when that is above 1 (trec_eval rescales gains outside 0..1 to it).
// Unjudged documents gain 0.
//
// The residual, printed on its own line: the most RBP could rise if every unjudged document in
// the list, and every rank past its end (to k, or for ever), had gain 1:
// (1 - p) * sum of p^(i-1) over the unjudged ranks, plus p^n - p^k for the ranks past the end
// (p^n without a cutoff). trec_eval 10.0's rbp_resid is the same when the list has an unjudged
// document, and 0 when it has none.
void ir_rbp(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values[0];
  const bool cut = !r.cutoffs.empty();
  const std::int64_t stop =
      ranks_read(cut ? std::optional<std::int64_t>(r.cutoffs[0]) : std::nullopt, t.num_ret);
  int max_grade = 0;
  for (const GradeCount& gc : t.judged->grades) max_grade = std::max(max_grade, gc.grade);
  const double scale = max_grade > 1 ? static_cast<double>(max_grade) : 1.0;
  double sum = 0.0;
  double unjudged = 0.0;
  double weight = 1.0;  // p^i
  for (std::int64_t i = 0; i < stop; ++i) {
    const int g = (*t.grades)[static_cast<std::size_t>(i)];
    double gain = 0.0;
    if (r.binary) {
      gain = g >= 0 && g >= t.level ? 1.0 : 0.0;
    } else if (g > 0) {
      gain = static_cast<double>(g) / scale;
    }
    if (gain != 0) sum += gain * weight;
    if (g < 0) unjudged += weight;
    weight *= p;
  }
  out[r.first_slot] = (1.0 - p) * sum;
  double past_end = weight;  // p^stop
  if (cut) past_end -= std::pow(p, static_cast<double>(r.cutoffs[0]));
  out[r.first_slot + 1] = past_end + (1.0 - p) * unjudged;
}

// Compat's ideal ranking, as ir_measures builds it: the topic's documents graded above 0, by
// grade, then by the run's score (0 for one not retrieved), then in qrels order (the teaching
// code's rule, equal grades in the run's order, with the run's scores); and each retrieved
// document graded above 0 as (its rank, its place in the ideal ranking), 0-based.
class CompatNeed final : public TopicNeed {
 public:
  bool reads_ranking() const override { return true; }
  bool reads_scores() const override { return true; }
  bool prepare(const TopicRun& run, std::optional<InputError>&) override {
    const std::vector<Judgment>& all = run.judgments->all();
    const std::vector<std::int32_t>& ranking = *run.ranking;
    ideal_.clear();
    index_.assign(all.size(), -1);
    for (std::size_t j = 0; j < all.size(); ++j) {
      if (all[j].grade <= 0) continue;
      index_[j] = static_cast<std::int64_t>(ideal_.size());
      ideal_.push_back({all[j].grade, 0.0, all[j].line, -1});
    }
    const std::vector<int>& grades = *run.grades;
    for (std::size_t i = 0; i < ranking.size(); ++i) {
      if (grades[i] <= 0) continue;
      Ideal& ideal = ideal_[static_cast<std::size_t>(index_[static_cast<std::size_t>(ranking[i])])];
      ideal.score = run.score(i);
      ideal.rank = static_cast<std::int64_t>(i);
    }
    std::sort(ideal_.begin(), ideal_.end(), [](const Ideal& a, const Ideal& b) {
      if (a.grade != b.grade) return a.grade > b.grade;
      if (a.score != b.score) return a.score > b.score;
      return a.line < b.line;
    });
    pairs.clear();
    for (std::size_t q = 0; q < ideal_.size(); ++q) {
      if (ideal_[q].rank >= 0) pairs.emplace_back(ideal_[q].rank, static_cast<std::int64_t>(q));
    }
    ideal_size = static_cast<std::int64_t>(ideal_.size());
    return true;
  }

  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;  // (rank, place in the ideal)
  std::int64_t ideal_size = 0;

 private:
  struct Ideal {
    int grade;
    double score;
    int line;
    std::int64_t rank;  // -1: not retrieved
  };
  std::vector<Ideal> ideal_;
  std::vector<std::int64_t> index_;  // a judgment's place in ideal_, -1 when graded 0 or less
};

std::unique_ptr<TopicNeed> make_compat_need(const TrecPlan&) {
  return std::make_unique<CompatNeed>();
}

// Compat as ir_measures computes it: the rank-biased overlap of the ranking with the ideal
// ranking (CompatNeed), to the depth of the longer of the two:
//   RBO = sum over i < depth of p^i |ranking[..i] ∩ ideal[..i]| / (i + 1), over sum of p^i;
// normalized (the default) by the ideal ranking's own RBO.
void compat(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values[0];
  const bool normalize = r.values[1] != 0.0;
  const CompatNeed& need = need_of<CompatNeed>(t, r);
  const std::int64_t ideal_size = need.ideal_size;
  const std::int64_t depth = std::max(t.num_ret, ideal_size);
  const std::vector<std::int64_t> enters = compat_entering(need.pairs, depth);
  double score = 0.0;
  double best = 0.0;
  double normalizer = 0.0;
  double weight = 1.0;
  std::int64_t overlap = 0;
  for (std::int64_t i = 0; i < depth; ++i) {
    overlap += enters[static_cast<std::size_t>(i)];
    const auto rank = static_cast<double>(i + 1);
    score += weight * static_cast<double>(overlap) / rank;
    best += weight * static_cast<double>(std::min(i + 1, ideal_size)) / rank;
    normalizer += weight;
    weight *= p;
  }
  if (normalizer == 0.0) {
    out[r.first_slot] = 0.0;
    return;
  }
  score /= normalizer;
  best /= normalizer;
  out[r.first_slot] = normalize && best > 0.0 ? score / best : score;
}

// cwl_eval's gain of a ranked document, as ir_measures hands it the qrels: cwl_gain of its
// grade; not judged (or a negative grade): 0, its worse case.
double cwl_trec_gain(int grade, double low, double high) {
  return grade < 0 ? 0.0 : cwl_gain(static_cast<double>(grade), low, high);
}

// SDCG@k as cwl_eval computes it (its NDCG-k, ir_measures' SDCG(max_rel=N)@k): the DCG of the
// gains over the first min(k, n) ranks, discount log2(i + 1), over the DCG of k ranks of gain 1;
// k at most cwl_eval's 1,000 ranks.
void sdcg(const Topic& t, const Requested& r, double* out, std::string*) {
  const double low = r.values[0];
  const double high = r.values[1];
  const std::int64_t k = std::min<std::int64_t>(r.cutoffs[0], cwl_ranks);
  double dcg = 0.0;
  double best = 0.0;
  for (std::int64_t i = 1; i <= k; ++i) {
    const double discount = std::log2(static_cast<double>(i + 1));
    best += 1.0 / discount;
    if (i <= t.num_ret) {
      dcg += cwl_trec_gain((*t.grades)[static_cast<std::size_t>(i - 1)], low, high) / discount;
    }
  }
  out[r.first_slot] = dcg / best;
}

// INST and INSQ as cwl_eval computes them for ir_measures: gains cwl_gain(grade, min_rel,
// max_rel), the list cut or padded with gain 0 to cwl_eval's 1,000 ranks; rank i is seen with
// weight W_i proportional to C_1 ... C_(i-1), the weights summing to 1; the measure is the sum of
// W_i g_i. INSQ's C_i keeps the gain wanted at T (`insq`), INST's lowers it by the gain found.
void cwl_target(const Topic& t, const Requested& r, double* out, bool insq) {
  const double target = r.values[0];
  const double low = r.values[1];
  const double high = r.values[2];
  std::vector<double> gains(static_cast<std::size_t>(cwl_ranks), 0.0);
  const std::int64_t n = std::min<std::int64_t>(t.num_ret, cwl_ranks);
  for (std::int64_t i = 0; i < n; ++i) {
    gains[static_cast<std::size_t>(i)] =
        cwl_trec_gain((*t.grades)[static_cast<std::size_t>(i)], low, high);
  }
  // Seen-weights before normalising: 1, C_1, C_1 C_2, ...
  double found = 0.0;
  double reach = 1.0;
  double total = 0.0;
  double utility = 0.0;
  for (std::int64_t i = 0; i < cwl_ranks; ++i) {
    const double g = gains[static_cast<std::size_t>(i)];
    total += reach;
    utility += reach * g;
    found += g;
    reach *= inst_go_on(static_cast<double>(i) + 1.0, target, insq ? target : target - found);
  }
  out[r.first_slot] = utility / total;
}

void inst(const Topic& t, const Requested& r, double* out, std::string*) {
  cwl_target(t, r, out, false);
}

void insq(const Topic& t, const Requested& r, double* out, std::string*) {
  cwl_target(t, r, out, true);
}

// ---- trec_eval 10.0's rbp and rbp_resid -------------------------------------------------------

// Rank-biased precision with persistence p (r.values[0], default 0.9): (1 - p) times the sum of
// gain(rank i) p^i. Gains are those of ndcg (the grade unless given); when any gain of the
// topic's levels 0..max grade (and any given) is below 0 or above 1, every gain g becomes
// (g - min) / (max - min), as trec_eval 10.0 does.
void rbp(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values.empty() ? 0.9 : r.values[0];
  int max_grade = 0;
  for (const GradeCount& gc : t.judged->grades) max_grade = std::max(max_grade, gc.grade);
  bool any = false;
  double low = 0.0;
  double high = 0.0;
  const auto see = [&](double gain) {
    low = any ? std::min(low, gain) : gain;
    high = any ? std::max(high, gain) : gain;
    any = true;
  };
  for (const auto& pair : r.gains) see(pair.second);
  if (!t.judged->grades.empty()) {
    for (int grade = 0; grade <= max_grade; ++grade) see(gain_of(grade, r));
  }
  const bool rescale = any && (low < 0.0 || high > 1.0);
  double sum = 0.0;
  double weight = 1.0;  // p^i
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    const int grade = (*t.grades)[static_cast<std::size_t>(i)];
    bool known = grade >= 0;
    for (const auto& pair : r.gains) known = known || pair.first == grade;
    double gain = gain_of(grade, r);
    if (rescale && known) gain = (gain - low) / (high - low);
    if (gain != 0) sum += gain * weight;
    weight *= p;
  }
  out[r.first_slot] = (1.0 - p) * sum;
}

// The most RBP could rise if every unjudged document retrieved (not in the qrels, or with a
// negative grade) had gain 1: p^num_ret + (1 - p) times the sum of p^i over their ranks i; 0
// when none is unjudged.
void rbp_resid(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values.empty() ? 0.9 : r.values[0];
  std::int64_t unjudged = 0;
  double sum = 0.0;
  double weight = 1.0;
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    if ((*t.grades)[static_cast<std::size_t>(i)] < 0) {
      ++unjudged;
      sum += weight;
    }
    weight *= p;
  }
  out[r.first_slot] = unjudged ? weight + (1.0 - p) * sum : 0.0;
}

}  // namespace

std::unique_ptr<TopicNeed> make_gdeval_need(const TrecPlan&) {
  return std::make_unique<GdevalNeed>();
}

const MeasureDef& ir_err_def() {
  static const MeasureDef def{"ERR", Params::none, "",  TrecKind::real,  TrecSummary::mean,
                              true,  "gdeval ERR", err, make_gdeval_need};
  return def;
}

const MeasureDef& ir_rbp_def() {
  static const MeasureDef def{
      "RBP", Params::none,           "",    TrecKind::real, TrecSummary::mean,
      true,  "RBP and its residual", ir_rbp};
  return def;
}

const MeasureDef& ir_compat_def() {
  static const MeasureDef def{"Compat", Params::none,    "",     TrecKind::real,  TrecSummary::mean,
                              true,     "compatibility", compat, make_compat_need};
  return def;
}

const MeasureDef& ir_inst_def() {
  static const MeasureDef def{"INST", Params::none, "",  TrecKind::real, TrecSummary::mean,
                              true,   "INST",       inst};
  return def;
}

// Only INSQ's ir_measures name (below) asks for it.
static const MeasureDef& ir_insq_def() {
  static const MeasureDef def{"INSQ", Params::none, "",  TrecKind::real, TrecSummary::mean,
                              true,   "INSQ",       insq};
  return def;
}

const MeasureDef& ir_sdcg_def() {
  static const MeasureDef def{"SDCG", Params::none, "",  TrecKind::real, TrecSummary::mean,
                              true,   "scaled DCG", sdcg};
  return def;
}

const MeasureDef& trec_rbp_def() {
  static const MeasureDef def{"rbp",
                              Params::gain_pairs,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "rank-biased precision; rbp.p=0.95 sets the persistence",
                              rbp};
  return def;
}

const MeasureDef& trec_rbp_resid_def() {
  static const MeasureDef def{"rbp_resid",
                              Params::gain_pairs,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "how much rbp could rise if the unjudged documents were relevant",
                              rbp_resid};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// The cascade measures on TREC files, as ir_measures names them (trec/ir_spec.h), each computed
// above ("on TREC files"): ERR@k as gdeval.pl computes it, RBP and its residual, Compat, INST and
// SDCG.

namespace irm::trec {
namespace {

// INST's and SDCG's gain scale: max_rel= has no default, and the grades min_rel..max_rel must
// span at least one step.
std::optional<IrObjection> check_cwl_scale(const IrMeasure& m) {
  const std::string name = m.spec->name;
  if (!m.max_rel) {
    return IrObjection{
        true, name + " needs max_rel=, the top grade of the qrels (its gain is 1), such as " +
                  name + "(max_rel=3)" + (m.spec->cutoff == IrCutoff::required ? "@10" : "")};
  }
  if (*m.max_rel <= m.min_rel) {
    return IrObjection{false, name + "'s max_rel must be above min_rel (" +
                                  std::to_string(m.min_rel) + "), found " +
                                  std::to_string(*m.max_rel)};
  }
  return std::nullopt;
}

}  // namespace

const std::vector<IrMeasureSpec>& cascade_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec err_at;
    err_at.name = "ERR";
    err_at.cutoff = IrCutoff::required;
    err_at.help = "expected reciprocal rank at k, as gdeval.pl 1.3 computes it";
    err_at.request = [](const IrMeasure&, IrRequest& q) { q.request.def = &ir_err_def(); };

    // Without rel= the grades are the gains (trec_eval 10.0's rbp); with it, binary gains.
    IrMeasureSpec rbp;
    rbp.name = "RBP";
    rbp.params = {"p", IrParam::without_default("rel")};
    rbp.cutoff = IrCutoff::optional;
    rbp.help = "rank-biased precision (p=0.8), and NAME_resid: the most it could rise";
    rbp.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = &ir_rbp_def();
      q.request.values.push_back(m.p);
      q.request.binary = m.rel.has_value();
    };
    rbp.second_line = "_resid";

    IrMeasureSpec compat_spec;
    compat_spec.name = "Compat";
    compat_spec.params = {{"p", 0.95}, "normalize"};
    compat_spec.help = "compatibility with the ideal ranking (p=0.95, normalize=True)";
    compat_spec.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = &ir_compat_def();
      q.request.values = {m.p, m.normalize ? 1.0 : 0.0};
    };

    IrMeasureSpec inst_spec;
    inst_spec.name = "INST";
    inst_spec.params = {"T", "min_rel", "max_rel"};
    inst_spec.help = "INST as cwl_eval computes it, the grades min_rel..max_rel the gains 0..1";
    inst_spec.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = &ir_inst_def();
      q.request.values = {m.t, static_cast<double>(m.min_rel), static_cast<double>(*m.max_rel)};
    };
    inst_spec.check = check_cwl_scale;

    IrMeasureSpec insq_spec;
    insq_spec.name = "INSQ";
    insq_spec.params = {"T", "min_rel", "max_rel"};
    insq_spec.help = "INSQ as cwl_eval computes it, the grades min_rel..max_rel the gains 0..1";
    insq_spec.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = &ir_insq_def();
      q.request.values = {m.t, static_cast<double>(m.min_rel), static_cast<double>(*m.max_rel)};
    };
    insq_spec.check = check_cwl_scale;

    IrMeasureSpec sdcg_spec;
    sdcg_spec.name = "SDCG";
    sdcg_spec.params = {"dcg", "min_rel", "max_rel"};
    sdcg_spec.cutoff = IrCutoff::required;
    sdcg_spec.help = "scaled DCG at k as cwl_eval computes it (log2 discount)";
    sdcg_spec.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = &ir_sdcg_def();
      q.request.values = {static_cast<double>(m.min_rel), static_cast<double>(*m.max_rel)};
    };
    sdcg_spec.check_value = [](std::string_view param, std::string_view value) -> std::string {
      if (param == "dcg" && ir_unquoted(value) != "log2") {
        return "log2, the only discount of SDCG (cwl_eval's)";
      }
      return "";
    };
    sdcg_spec.check = check_cwl_scale;
    return std::vector<IrMeasureSpec>{err_at, rbp, compat_spec, inst_spec, insq_spec, sdcg_spec};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
