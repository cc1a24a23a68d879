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
// A cutoff k keeps ranks 1..k only (AP@k, trec_eval's map_cut.k, still divided by R).
// 0/0: a normaliser of 0 (nothing relevant) gives AP = 0, said in the notes.
// The other normalisers are offered as alternatives, each with the reason it differs and who
// uses it.
//
// Golden tests: relevant-at-2-4-6-ap, method-1-ap, method-2-ap, method-3-ap, four-of-ten-ap,
// one-relevant-ap-rr, metrics-apk (tests/core/golden_ranked.cpp).

#include <algorithm>

#include "ranked_walk.h"

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

  StepTable table{"Precision at each relevant document", {"rank", "document", "P@k"}, {}, {}};
  Number sum = whole(0);
  std::vector<std::string> terms;
  std::int64_t relevant_so_far = 0;
  for (const RankRow& row : walk.rows) {
    if (row.rank > last) break;
    if (!row.relevant) continue;
    ++relevant_so_far;
    const Number precision = exact_number(row.precision);
    sum = sum + precision;
    const std::string as_written = std::to_string(relevant_so_far) + "/" + std::to_string(row.rank);
    terms.push_back("\\frac{" + std::to_string(relevant_so_far) + "}{" + std::to_string(row.rank) +
                    "}");
    table.rows.push_back({text_cell(std::to_string(row.rank)), text_cell(row.doc->token),
                          number_cell(as_written, precision)});
  }
  table.rows.push_back({text_cell("sum"), text_cell(""), number_cell(sum)});

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
  const auto average = [&](std::int64_t n) { return n == 0 ? whole(0) : sum / whole(n); };

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

std::string ap_norm_title(const MeasureCall& call) {
  const std::string& title = call.info->title;
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
  m.params = {ap_norm_param()};
  m.aliases = {"AveP", "avg-prec"};
  m.formula = "\\text{AP} = \\frac{1}{R}\\sum_{k=1}^{n} P@k \\cdot \\text{rel}(k)";
  m.example = "AP(norm=retrieved)@10";
  m.golden = {"RL1-ap", "RL2", "RL3", "RL4", "RL5", "RL7", "metrics-apk"};
  m.run = &run_average_precision;
  m.variant_title = &ap_norm_title;
  return m;
}

}  // namespace irm
