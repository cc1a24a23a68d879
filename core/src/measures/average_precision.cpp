// Average precision (AP) of one ranked list.
//
//   AP = (1 / normaliser) * sum over relevant ranks k of P@k
//
// norm=relevant (default): normaliser = R, every relevant document for the query; relevant
//   documents never retrieved add 0 to the sum. The CS657A and Week 3 notes; trec_eval m_map.c.
// norm=retrieved: normaliser = relevant documents retrieved (within the cutoff). The study notes
// "Evaluation Metrics"
//   example averages over the 3 relevant retrieved and prints 0.5 where norm=relevant gives 1/10.
// A cutoff k keeps ranks 1..k only (AP@k, trec_eval's map_cut.k, still divided by R).
// 0/0: a normaliser of 0 (nothing relevant) gives AP = 0, said in the notes.
// The other normaliser is always offered as an alternative, with the reason it differs.
//
// Golden tests: relevant-at-2-4-6-ap, method-1-ap, method-2-ap, method-3-ap, four-of-ten-ap,
// one-relevant-ap-rr (tests/core/golden_ranked.cpp).

#include "ranked_walk.h"

namespace irm {

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

  // The convention branches here: R counts the relevant documents the system missed too.
  const std::int64_t R = walk.total_relevant;
  const bool by_relevant = call.param("norm") == "relevant";
  const std::int64_t normaliser = by_relevant ? R : relevant_so_far;
  const std::int64_t other_normaliser = by_relevant ? relevant_so_far : R;
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
    out.notes.push_back(by_relevant ? "R = 0: there is nothing to average, so AP is taken as 0."
                                    : "No relevant document was retrieved, so there is nothing "
                                      "to average: AP is taken as 0.");
  }
  out.steps.push_back(std::move(table));
  out.steps.push_back(per_rank_table(walk, call.rank_cutoff));

  if (by_relevant) {
    out.notes.push_back("AP divides the sum by R = " + std::to_string(R) +
                        ", every relevant document for the query (Bhattacharya's CS657A notes, "
                        "the lecture notes “Week 3: Metrics”, trec_eval); a relevant document "
                        "that was never retrieved adds 0.");
  } else {
    out.notes.push_back("AP(norm=retrieved) divides the sum by the " +
                        plural(relevant_so_far, "relevant document") +
                        " retrieved, as the example of the study notes “Evaluation Metrics” "
                        "does; it ignores relevant documents the system missed.");
  }
  const MeasureCall other = call.with("norm", by_relevant ? "retrieved" : "relevant");
  std::string why;
  if (relevant_so_far == R) {
    why = "the same here: all " + plural(R, "relevant document") +
          " were retrieved, so both normalisers are " + std::to_string(R);
  } else if (by_relevant) {
    why = "divides the sum " + number_text(sum) + " by the " +
          plural(relevant_so_far, "relevant document") +
          " retrieved instead of R = " + std::to_string(R) +
          " (the example of the study notes “Evaluation Metrics” does this)";
  } else {
    why = "divides the sum " + number_text(sum) + " by R = " + std::to_string(R) +
          ", every relevant document, instead of the " + std::to_string(relevant_so_far) +
          " retrieved (Bhattacharya's CS657A notes, the lecture notes “Week 3: Metrics”, "
          "trec_eval)";
  }
  out.alternatives.push_back({canonical_name(other), average(other_normaliser), why});
  out.charts.push_back(pr_chart(walk, Rule::textbook));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

ParamInfo ap_norm_param() {
  ParamInfo norm;
  norm.name = "norm";
  norm.choices = {"relevant", "retrieved"};
  norm.default_value = "relevant";
  norm.help =
      "what the sum of precisions is divided by: R, every relevant document (Bhattacharya's "
      "CS657A notes, the lecture notes “Week 3: Metrics”, trec_eval), or only the relevant "
      "documents retrieved (the example of the study notes “Evaluation Metrics”)";
  return norm;
}

std::string ap_norm_title(const MeasureCall& call) {
  const std::string& title = call.info->title;
  return call.param("norm") == "retrieved" ? title + " over the relevant retrieved" : title;
}

MeasureInfo measure_ap() {
  MeasureInfo m;
  m.name = "AP";
  m.title = "Average precision";
  m.summary =
      "The mean of the precision at each relevant document, over R (or over the relevant "
      "retrieved).";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {ap_norm_param()};
  m.aliases = {"AveP", "avg-prec"};
  m.formula = "\\text{AP} = \\frac{1}{R}\\sum_{k=1}^{n} P@k \\cdot \\text{rel}(k)";
  m.example = "AP(norm=retrieved)@10";
  m.golden = {"RL1-ap", "RL2", "RL3", "RL4", "RL5", "RL7"};
  m.run = &run_average_precision;
  m.variant_title = &ap_norm_title;
  return m;
}

}  // namespace irm
