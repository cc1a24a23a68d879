// Average precision (AP) of one ranked list.
//
//   AP = (1 / normaliser) * sum over relevant ranks k of P@k
//
// norm=relevant (default): normaliser = R, every relevant document for the query; relevant
//   documents never retrieved add 0 to the sum. The CS657A and Week 3 notes; trec_eval m_map.c.
// norm=retrieved: normaliser = relevant documents retrieved (within the cutoff). The study notes
//   "Evaluation Metrics" example averages over the 3 relevant retrieved and prints 0.5 where
//   norm=relevant gives 1/10.
// norm=min_rk: normaliser = min(R, k) for AP@k, the form of recommender-system libraries and
//   courses. Ben Hamner's ml_metrics (Python, the apk/mapk of Kaggle's "Mean Average Precision"
//   page) and the R package Metrics (apk, mapk) compute
//       predicted = predicted[:k]
//       for each rank i, when predicted[i] is in actual and not among predicted[:i]:
//           hits += 1; score += hits / i
//       apk = score / min(len(actual), k)
//   so an item counts at its first rank only (our lists refuse a document ranked twice, so this
//   never differs) and the sum is divided by min(R, k): AP@k cannot be above 1 when k < R.
//   Without a cutoff min(R, k) is R (k has no bound), the same as norm=relevant, said in a note.
// area=trapezoid: the area under the precision-recall curve by trapezoids, as scikit-learn's
//   average_precision_score computed it before release 0.19 (auc(recall, precision) over the
//   points of precision_recall_curve, which start at recall 0, precision 1). Recall rises by
//   1/normaliser at each relevant rank k and not between, so the area is
//       (1 / normaliser) * sum over relevant ranks k of (P@(k-1) + P@k) / 2,   P@0 = 1.
//   scikit-learn's documentation example before 0.19 (y_true 0 0 1 1, y_scores 0.1 0.4 0.35 0.8:
//   ranks R N R N) prints 0.79...: (1/2)((1 + 1)/2 + (1/2 + 2/3)/2) = 19/24. Its 0.19 release
//   notes say precisions are since weighted by the change in recall (area=steps, the default).
// A cutoff k keeps ranks 1..k only (AP@k, trec_eval's map_cut.k, still divided by R).
// 0/0: a normaliser of 0 (nothing relevant) gives AP = 0, said in the notes.
// The other normalisers are offered as alternatives, each with the reason it differs and who
// uses it.
//
// Golden tests: relevant-at-2-4-6-ap, method-1-ap, method-2-ap, method-3-ap, four-of-ten-ap,
// one-relevant-ap-rr, metrics-apk (tests/core/golden_ranked.cpp).

#include <algorithm>
#include <cmath>
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

// Who divides AP@k by min(R, k): the words the notes, the alternatives and the check use.
std::string min_rk_users() {
  return "the R package Metrics (apk, mapk), Kaggle's apk and mapk (Ben Hamner's ml_metrics) "
         "and many recommender-system courses";
}

}  // namespace

static Result<Outcome> run_average_precision(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const std::int64_t last = call.rank_cutoff.value_or(static_cast<std::int64_t>(walk.rows.size()));

  const bool trapezoid = call.param("area") == "trapezoid";
  StepTable table{"Precision at each relevant document", {"rank", "document", "P@k"}, {}, {}};
  if (trapezoid) {
    table.title = "The trapezoid at each relevant document: recall rises by 1/n there";
    table.columns = {"rank", "document", "P@(k−1)", "P@k", "(P@(k−1) + P@k)/2"};
  }
  Number sum = whole(0);
  Number step_sum = whole(0);  // the sum of P@k, for area=steps
  Number trapezoid_sum = whole(0);
  Number before = whole(1);  // P@(k-1): the curve starts at recall 0, precision 1
  std::vector<std::string> terms;
  std::int64_t relevant_so_far = 0;
  for (const RankRow& row : walk.rows) {
    if (row.rank > last) break;
    const Number precision = exact_number(row.precision);
    const Number previous = before;
    before = precision;
    if (!row.relevant) continue;
    ++relevant_so_far;
    const Number mean = (previous + precision) / whole(2);
    step_sum = step_sum + precision;
    trapezoid_sum = trapezoid_sum + mean;
    if (trapezoid) {
      sum = sum + mean;
      terms.push_back("\\frac{" + latex_exact(previous) + " + " + latex_exact(precision) + "}{2}");
      table.rows.push_back({text_cell(std::to_string(row.rank)), text_cell(row.doc->token),
                            number_cell(previous), number_cell(precision), number_cell(mean)});
      continue;
    }
    sum = sum + precision;
    const std::string as_written = std::to_string(relevant_so_far) + "/" + std::to_string(row.rank);
    terms.push_back("\\frac{" + std::to_string(relevant_so_far) + "}{" + std::to_string(row.rank) +
                    "}");
    table.rows.push_back({text_cell(std::to_string(row.rank)), text_cell(row.doc->token),
                          number_cell(as_written, precision)});
  }
  if (trapezoid) {
    table.rows.push_back(
        {text_cell("sum"), text_cell(""), text_cell(""), text_cell(""), number_cell(sum)});
  } else {
    table.rows.push_back({text_cell("sum"), text_cell(""), number_cell(sum)});
  }

  // The convention branches here: R counts the relevant documents the system missed too;
  // min(R, k) is what recommender libraries divide by, so that AP@k reaches 1 when k < R.
  const std::int64_t R = walk.total_relevant;
  const std::string& norm = call.param("norm");
  const auto normaliser_of = [&](const std::string& choice) -> std::int64_t {
    if (choice == "retrieved") return relevant_so_far;
    if (choice == "min_rk" && call.rank_cutoff) return std::min(R, *call.rank_cutoff);
    return R;
  };
  const std::int64_t normaliser = normaliser_of(norm);
  const auto average = [&](std::int64_t n) { return over_count(sum, n); };

  out.value = average(normaliser);
  out.values = {{"AP", out.value},
                {"sum", sum},
                {"normaliser", whole(normaliser)},
                {"relevant_retrieved", whole(relevant_so_far)},
                {"R", whole(R)}};
  const std::string name = call.rank_cutoff ? "AP@" + std::to_string(last) : "AP";
  const std::string one_over = "\\frac{1}{" + std::to_string(normaliser) + "}";
  out.working = "\\text{" + name + "} = " + one_over + "\\left(" + latex_sum(terms) +
                "\\right) = " + one_over + " \\cdot " + latex_exact(sum) + " = " +
                latex_value(out.value);
  if (normaliser == 0) {
    out.working = "\\text{" + name + "} = 0";
    out.notes.push_back(norm != "retrieved"
                            ? "R = 0: there is nothing to average, so AP is taken as 0."
                            : "No relevant document was retrieved, so there is nothing "
                              "to average: AP is taken as 0.");
  }
  out.steps.push_back(std::move(table));
  out.steps.push_back(per_rank_table(walk, call.rank_cutoff));

  if (norm == "relevant") {
    out.notes.push_back("AP divides the sum by R = " + std::to_string(R) +
                        ", every relevant document for the query (Bhattacharya's CS657A notes, "
                        "the lecture notes “Week 3: Metrics”, trec_eval); a relevant document "
                        "that was never retrieved adds 0.");
  } else if (norm == "retrieved") {
    out.notes.push_back("AP(norm=retrieved) divides the sum by the " +
                        plural(relevant_so_far, "relevant document") +
                        " retrieved, as the example of the study notes “Evaluation Metrics” "
                        "does; it ignores relevant documents the system missed.");
  } else if (call.rank_cutoff) {
    out.notes.push_back("AP(norm=min_rk) divides the sum by min(R, k) = min(" + std::to_string(R) +
                        ", " + std::to_string(*call.rank_cutoff) +
                        ") = " + std::to_string(normaliser) + ", as " + min_rk_users() +
                        " compute apk; AP@k then reaches 1 even when R is larger than k.");
  } else {
    out.notes.push_back("AP(norm=min_rk) without a cutoff divides by R = " + std::to_string(R) +
                        ": min(R, k) is R when k has no bound. Give the k of apk(actual, "
                        "predicted, k) as a cutoff, as in AP(norm=min_rk)@10.");
  }
  for (const char* const choice_name : {"relevant", "retrieved", "min_rk"}) {
    const std::string choice = choice_name;
    // Without a cutoff min(R, k) is R: norm=min_rk is norm=relevant by definition there, so only
    // one of the two is offered (relevant, unless min_rk is the measure asked).
    const bool same_as_relevant = !call.rank_cutoff && ((choice == "min_rk" && norm != "min_rk") ||
                                                        (choice == "relevant" && norm == "min_rk"));
    if (choice == norm || same_as_relevant) continue;
    const std::int64_t other = normaliser_of(choice);
    std::string why;
    if (other == normaliser) {
      why = "the same here: both divide the sum by " + std::to_string(other);
    } else if (choice == "retrieved") {
      why = "divides the sum " + number_text(sum) + " by the " +
            plural(relevant_so_far, "relevant document") + " retrieved instead of " +
            (norm == "relevant" ? "R = " + std::to_string(R) : "min(R, k) = " + str(normaliser)) +
            " (the example of the study notes “Evaluation Metrics” does this)";
    } else if (choice == "relevant") {
      why = "divides the sum " + number_text(sum) + " by R = " + std::to_string(R) +
            ", every relevant document, instead of " +
            (norm == "retrieved" ? "the " + std::to_string(relevant_so_far) + " retrieved"
                                 : "min(R, k) = " + str(normaliser)) +
            " (Bhattacharya's CS657A notes, the lecture notes “Week 3: Metrics”, trec_eval)";
    } else {
      why = "divides the sum " + number_text(sum) + " by min(R, k) = min(" + std::to_string(R) +
            ", " + std::to_string(*call.rank_cutoff) + ") = " + std::to_string(other) +
            " instead of " +
            (norm == "relevant" ? "R" : "the " + std::to_string(relevant_so_far) + " retrieved") +
            ", as " + min_rk_users() + " compute apk";
    }
    out.alternatives.push_back({canonical_name(call.with("norm", choice)), average(other), why});
  }
  // The other area, over the same normaliser.
  const Number other_sum = trapezoid ? step_sum : trapezoid_sum;
  out.alternatives.push_back(
      {canonical_name(call.with("area", trapezoid ? "steps" : "trapezoid")),
       over_count(other_sum, normaliser),
       trapezoid
           ? "the sum of P@k at the relevant ranks, " + number_text(step_sum) + ", over the same " +
                 std::to_string(normaliser) +
                 ": precision weighted by each rise in recall (trec_eval, scikit-learn 0.19 and "
                 "later)"
           : "averages each relevant rank's precision with the precision one rank above it "
             "(1 above the first rank), the trapezoids under the precision-recall curve that "
             "scikit-learn's average_precision_score summed before release 0.19: " +
                 number_text(trapezoid_sum) + " over " + std::to_string(normaliser)});
  if (trapezoid) {
    out.notes.push_back(
        "AP(area=trapezoid) is the area under the precision-recall curve by trapezoids, from "
        "recall 0 at precision 1, as scikit-learn's average_precision_score computed it before "
        "release 0.19; each relevant rank adds the mean of its precision and the one above it.");
  }
  out.charts.push_back(pr_chart(walk, Rule::textbook));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

ParamInfo ap_norm_param() {
  ParamInfo norm;
  norm.name = "norm";
  norm.choices = {"relevant", "retrieved", "min_rk"};
  norm.default_value = "relevant";
  norm.users = {{"relevant",
                 "Bhattacharya's CS657A notes, the lecture notes “Week 3: Metrics” and trec_eval"},
                {"retrieved", "the example of the study notes “Evaluation Metrics”"},
                {"min_rk", min_rk_users()}};
  norm.help =
      "what the sum of precisions is divided by: R, every relevant document (Bhattacharya's "
      "CS657A notes, the lecture notes “Week 3: Metrics”, trec_eval), only the relevant "
      "documents retrieved (the example of the study notes “Evaluation Metrics”), or min(R, k) "
      "for AP@k (the R package Metrics' apk, Kaggle's apk and mapk, recommender courses)";
  return norm;
}

ParamInfo ap_area_param() {
  ParamInfo area;
  area.name = "area";
  area.choices = {"steps", "trapezoid"};
  area.default_value = "steps";
  area.users = {{"steps", "trec_eval and scikit-learn's average_precision_score since 0.19"},
                {"trapezoid", "scikit-learn's average_precision_score before release 0.19"}};
  area.help =
      "how the precisions are added: each relevant rank's P@k (trec_eval, scikit-learn since "
      "0.19), or the trapezoids under the precision-recall curve, the mean of P@k and the "
      "precision one rank above (scikit-learn's average_precision_score before 0.19)";
  return area;
}

std::string ap_norm_title(const MeasureCall& call) {
  const std::string title = call.info->params.size() > 1 && call.param("area") == "trapezoid"
                                ? call.info->title + " as the trapezoidal area"
                                : call.info->title;
  if (call.param("norm") == "retrieved") return title + " over the relevant retrieved";
  if (call.param("norm") == "min_rk") return title + " over min(R, k)";
  return title;
}

MeasureInfo measure_ap() {
  MeasureInfo m;
  m.name = "AP";
  m.title = "Average precision";
  m.summary =
      "The mean of the precision at each relevant document, over R (or over the relevant "
      "retrieved, or over min(R, k) as recommender libraries do).";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {ap_norm_param(), ap_area_param()};
  m.aliases = {"AveP", "avg-prec"};
  m.formula = "\\text{AP} = \\frac{1}{R}\\sum_{k=1}^{n} P@k \\cdot \\text{rel}(k)";
  m.example = "AP(norm=retrieved)@10";
  m.golden = {"RL1-ap", "RL2", "RL3", "RL4", "RL5", "RL7", "metrics-apk"};
  m.run = &run_average_precision;
  m.variant_title = &ap_norm_title;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of AP (check.cpp, check_slips.h) -------------------------------

namespace irm::checking {
namespace {

std::string ap_normaliser_text(const Context& c) {
  const Number* R = value_of(c.outcome, "R");
  const Number* retrieved = value_of(c.outcome, "relevant_retrieved");
  if (c.call.param("norm") == "retrieved" && retrieved) {
    return "the " + number_text(*retrieved) + " relevant documents retrieved";
  }
  return R ? "R = " + number_text(*R) : "R";
}

std::optional<Candidate> ap_over(const Context& c, bool min_with_r) {
  const Number* sum = value_of(c.outcome, "sum");
  const Number* R = value_of(c.outcome, "R");
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!c.call.rank_cutoff || !sum || !R || !normaliser || !R->exact) return std::nullopt;
  const std::int64_t k = *c.call.rank_cutoff;
  const std::int64_t by = min_with_r ? std::min(R->exact->num, k) : k;
  if (by <= 0 || (normaliser->exact && *normaliser->exact == Fraction{by, 1})) return std::nullopt;
  const Number value = *sum / whole(by);
  const std::string divided = min_with_r ? "min(R, k) = min(" + number_text(*R) + ", " +
                                               std::to_string(k) + ") = " + std::to_string(by)
                                         : "the cutoff k = " + std::to_string(k);
  return Candidate{min_with_r ? "ap.over_min_r_k" : "ap.over_k", value,
                   c.answer + " is the sum of precisions " + number_text(*sum) + " divided by " +
                       divided + "; " + c.asked + " divides it by " + ap_normaliser_text(c)};
}

std::optional<Candidate> ap_rounded(const Context& c) {
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!normaliser || normaliser->approx == 0.0) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t last = std::min(n, c.call.rank_cutoff.value_or(n));
  Number sum = whole(0);
  std::int64_t relevant_so_far = 0;
  for (std::int64_t k = 1; k <= last; ++k) {
    if (list.value().docs[static_cast<std::size_t>(k - 1)].judgement != Judgement::relevant) {
      continue;
    }
    ++relevant_so_far;
    sum = sum + rounded2(ratio(relevant_so_far, k));
  }
  return Candidate{"ap.rounded_intermediates", sum / *normaliser,
                   c.answer + " comes from rounding each P@k to 2 decimals before adding them (" +
                       "their sum is then " + to_decimal(sum, 2) +
                       "); keep the fractions until the end and round only the answer"};
}

// "1st", "2nd", "3rd", "4th", "11th", "22nd".
std::string ordinal(std::int64_t n) {
  const std::int64_t last_two = n % 100;
  const std::int64_t last = n % 10;
  const char* suffix = "th";
  if (last_two < 11 || last_two > 13) {
    if (last == 1) suffix = "st";
    if (last == 2) suffix = "nd";
    if (last == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

// AP: the one precision of the sum whose slip gives the answer, when exactly one rank has one.
// The slips: P@k = i/k at the i-th relevant document (rank k) taken as i/(k − 1), i/(k + 1),
// (i − 1)/k, or (i + 1)/k when a later relevant document could have been counted early, or left
// out; or the precision at a non-relevant rank added.
std::string ap_located_hint(const Context& c) {
  const Number* sum = value_of(c.outcome, "sum");
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!sum || !normaliser || normaliser->approx == 0.0) return "";
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return "";
  const auto& docs = list.value().docs;
  const auto length = static_cast<std::int64_t>(docs.size());
  const std::int64_t depth = c.call.rank_cutoff ? std::min(*c.call.rank_cutoff, length) : length;
  const auto relevant = [&](std::int64_t rank) {
    return docs[static_cast<std::size_t>(rank - 1)].judgement == Judgement::relevant;
  };
  // The sum as AP takes it: a guard against drifting from average_precision.cpp.
  Number total = whole(0);
  std::int64_t so_far = 0;
  for (std::int64_t rank = 1; rank <= depth; ++rank) {
    if (relevant(rank)) total = total + ratio(++so_far, rank);
  }
  if (!same_number(total, *sum)) return "";
  const std::int64_t listed = so_far;

  const auto gives_with = [&](const Number& removed, const Number& added) {
    return gives(c.typed, (*sum - removed + added) / *normaliser);
  };
  int found = 0;
  std::int64_t found_rank = 0;
  std::int64_t found_index = 0;  // the i of the i-th relevant document; 0 for a non-relevant rank
  so_far = 0;
  for (std::int64_t k = 1; k <= depth && found < 2; ++k) {
    bool hit = false;
    if (relevant(k)) {
      const std::int64_t i = ++so_far;
      const Number term = ratio(i, k);
      std::vector<Number> slips;
      if (k > 1) slips.push_back(ratio(i, k - 1));
      slips.push_back(ratio(i, k + 1));
      if (i > 1) slips.push_back(ratio(i - 1, k));
      if (i < listed) slips.push_back(ratio(i + 1, k));
      slips.push_back(whole(0));
      hit = std::any_of(slips.begin(), slips.end(),
                        [&](const Number& slip) { return gives_with(term, slip); });
      if (hit) found_index = i;
    } else if (so_far > 0) {
      hit = gives_with(whole(0), ratio(so_far, k));
      if (hit) found_index = 0;
    }
    if (hit) {
      ++found;
      found_rank = k;
    }
  }
  if (found != 1) return "";
  if (found_index == 0) {
    return "Check the document at rank " + std::to_string(found_rank) +
           ": it is not relevant, so no precision is taken there.";
  }
  return "Check the precision at the " + ordinal(found_index) + " relevant document (rank " +
         std::to_string(found_rank) + ").";
}

std::string ap_hint(const Context& c, const std::string& q, bool main) {
  if (c.call.info->name != "AP") return "";
  const std::string top = top_text(c);
  const auto ranks = relevant_ranks(c);
  const bool none = !ranks || ranks->empty();
  const std::string at_each = "the precision at each relevant document" + top +
                              (none ? "" : " (" + ranks_text(*ranks) + ")");
  if (main) {
    const std::string located = ap_located_hint(c);
    if (!located.empty()) return located;
    const std::string divide = c.call.param("norm") == "retrieved"
                                   ? "the number of relevant documents retrieved" + top
                                   : r_text(c);
    if (none) {
      return "Check which documents" + top +
             " are relevant (the sum takes the precision at each of them) and that you divide by " +
             divide + ".";
    }
    return "Check " + at_each + ", their sum, and that you divide by " + divide + ".";
  }
  if (q == "sum") return "Check " + at_each + ", and add them up.";
  if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  return "";
}

}  // namespace

const CheckFamily& average_precision_checks() {
  static const CheckFamily family = {
      {
          {{"ap.over_min_r_k",
            {"AP"},
            "AP@k: the sum of precisions divided by min(R, k) instead of R"},
           [](const Context& c) { return ap_over(c, true); }},
          {{"ap.over_k",
            {"AP"},
            "AP@k: the sum of precisions divided by the cutoff k instead of R"},
           [](const Context& c) { return ap_over(c, false); }},
      },
      {
          {{"ap.rounded_intermediates", {"AP"}, "each P@k rounded to 2 decimals before summing"},
           &ap_rounded},
      },
      &ap_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's measures of this family as the TREC engine computes them from a run and qrels
// (measure_table() in trec/measures.cpp lists them): doubles, summed rank by rank in trec_eval's
// order, so that the digits are trec_eval's own. Relevant means relevant_at(grade, -l), and a
// sum over R is 0 when R = 0 (over_count), as in the teaching code above.
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

constexpr double infap_epsilon = 0.00001;

// The sum of the precisions at the relevant ranks, and how many relevant ranks there are.
struct PrecisionSum {
  double sum = 0.0;
  std::int64_t relevant = 0;
};

PrecisionSum precision_sum(const Topic& t) {
  PrecisionSum s;
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant_at(g[i], t.level)) {
      ++s.relevant;
      s.sum += static_cast<double>(s.relevant) / static_cast<double>(i + 1);
    }
  }
  return s;
}

double average_precision(const Topic& t) { return over_count(precision_sum(t).sum, t.num_rel); }

void map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = average_precision(t);
}
void gm_map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = std::log(std::max(average_precision(t), min_geo_mean));
}

// AP at each rank cutoff, still divided by R (a cutoff past the end of the list reads it all).
void map_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t stop = ranks_read(r.cutoffs[c], t.num_ret);
    for (; rank < stop; ++rank) {
      if (relevant_at((*t.grades)[static_cast<std::size_t>(rank)], t.level)) {
        ++rel_so_far;
        sum += static_cast<double>(rel_so_far) / static_cast<double>(rank + 1);
      }
    }
    out[r.first_slot + c] = over_count(sum, t.num_rel);
  }
}

// Inferred AP (Yilmaz and Aslam), trec_eval's infAP: the documents not in the pool (-1) are
// skipped, those in the pool but unjudged (-2) counted.
void inf_ap(const Topic& t, const Requested& r, double* out, std::string*) {
  double value = 0.0;
  std::int64_t nonrel_so_far = 0;
  std::int64_t rel_so_far = 0;
  std::int64_t unjudged_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t j = 0; j < g.size(); ++j) {
    if (g[j] == -1) continue;  // not in the pool
    if (g[j] == -2) {          // in the pool, unjudged
      ++unjudged_so_far;
      continue;
    }
    if (!relevant_at(g[j], t.level)) {
      ++nonrel_so_far;
      continue;
    }
    ++rel_so_far;
    if (j == 0) {
      value += 1.0;
    } else {
      const double fj = static_cast<double>(j);
      value += 1.0 / (fj + 1.0) +
               (fj / (fj + 1.0)) *
                   (static_cast<double>(rel_so_far - 1 + nonrel_so_far + unjudged_so_far) / fj) *
                   ((static_cast<double>(rel_so_far - 1) + infap_epsilon) /
                    (static_cast<double>(rel_so_far - 1 + nonrel_so_far) + 2 * infap_epsilon));
    }
  }
  out[r.first_slot] = t.num_rel ? value / static_cast<double>(t.num_rel) : value;
}

// Robertson's "yet another average precision" (On Smoothing Average Precision, ECIR 2012):
// log((1 + S) / (1 + R - S)), S the sum of the precisions at the relevant ranks (AP = S / R).
void yaap(const Topic& t, const Requested& r, double* out, std::string*) {
  const double sum = precision_sum(t).sum;
  out[r.first_slot] = std::log((1.0 + sum) / (1.0 + static_cast<double>(t.num_rel) - sum));
}

}  // namespace

const MeasureDef& trec_map_def() {
  static const MeasureDef def{"map", Params::none,        "", TrecKind::real, TrecSummary::mean,
                              true,  "average precision", map};
  return def;
}

const MeasureDef& trec_gm_map_def() {
  static const MeasureDef def{"gm_map",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::geometric,
                              false,
                              "geometric mean of AP (each floored at 1e-5)",
                              gm_map};
  return def;
}

const MeasureDef& trec_map_cut_def() {
  static const MeasureDef def{"map_cut",
                              Params::long_cutoffs,
                              rank_cutoffs,
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "AP at rank cutoffs (still divided by R)",
                              map_cut};
  return def;
}

const MeasureDef& trec_infap_def() {
  static const MeasureDef def{"infAP",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "inferred AP (sampled judgments)",
                              inf_ap};
  return def;
}

const MeasureDef& trec_yaap_def() {
  static const MeasureDef def{
      "yaap",
      Params::none,
      "",
      TrecKind::real,
      TrecSummary::mean,
      true,
      "Robertson's smoothed AP: log((1 + S)/(1 + R - S)), S the sum of precisions at the "
      "relevant ranks",
      yaap};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// AP on TREC files, as ir_measures names it (trec/ir_spec.h): trec_eval's map, and map_cut.k for
// AP@k.

namespace irm::trec {

const std::vector<IrMeasureSpec>& average_precision_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec ap;
    ap.name = "AP";
    ap.params = {"rel", "judged_only"};
    ap.cutoff = IrCutoff::optional;
    ap.aliases = {{"MAP"}};
    ap.help = "average precision (trec_eval's map), to rank k with @k (map_cut.k)";
    ap.trec_eval = "map";
    ap.trec_eval_at_k = "map_cut";
    return std::vector<IrMeasureSpec>{ap};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
