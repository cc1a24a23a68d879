// Agreement between judges: Cohen's kappa for two judges over any number of categories
// (`kappa`), and Fleiss' kappa for m raters per item (`fleiss`).
//
//   kappa:  M = the judges' table, rows judge A, columns judge B, n = Σ M.
//           P(A) = Σ_c M[c][c] / n                      (observed agreement)
//           chance=cohen (default): P(E) = Σ_c P_A(c) · P_B(c), each judge's own marginals,
//             P_A(c) = row sum / n, P_B(c) = column sum / n (the example of the study notes
//             "What to evaluate", the first estimate of Bhattacharya's CS657A notes, Cohen 1960).
//           chance=pooled: P(E) = Σ_c P(c)², P(c) = (row sum + column sum) / 2n: one category
//             distribution for both judges ("Estimating using Pooling" in Bhattacharya's CS657A
//             notes; Manning et al.; with two categories this is Scott's π).
//           κ = (P(A) − P(E)) / (1 − P(E)), exact.
//           The expected-count table is n · P_A(i) · P_B(j) (pooled: n · P(i) · P(j)); its
//           diagonal sums to n · P(E).
//           weights=linear|quadratic: weighted κ for ordered categories (Cohen 1968), in
//             kappa_weighted.cpp; it takes each judge's own marginals, and chance=pooled with
//             weights is refused with a message naming both alternatives (run_kappa).
//           confidence=c: κ ± z·SE with the large-sample standard error of Fleiss, Cohen & Everitt
//             (1969), weighted or not (kappa_weighted.cpp); with chance=pooled a note declines it
//             (that SE is Cohen's κ's, not Scott's π's).
//           scale=iir|cs657a|landis-koch (notes001 and notes002 are older names of the first
//           two): which interpretation is stated first; all three are shown (iir: Manning et al.
//           §8.5 and the study notes "What to evaluate": > 0.8 good, 0.67–0.8 fair, < 0.67 not
//           good; cs657a: Bhattacharya's CS657A notes: > 0.8 excellent, > 0.6 good, > 0.4 fair,
//           > 0.2 slight, below that poor; Landis & Koch 1977: < 0 poor, 0–0.20 slight,
//           0.21–0.40 fair, 0.41–0.60 moderate, 0.61–0.80 substantial, 0.81–1 almost perfect).
//   fleiss: x_ij raters put item i in category j; m raters per item, n items.
//           p_j = Σ_i x_ij / (m·n),  P(E) = Σ_j p_j²,
//           p_a(i) = (Σ_j x_ij² − m) / (m(m − 1)),  P(A) = (1/n) Σ_i p_a(i),
//           κ = (P(A) − P(E)) / (1 − P(E))  (Bhattacharya's CS657A notes).
// Edge: 1 − P(E) = 0 only when every rating is one and the same category, so P(A) = 1 too and
// κ = 0/0; it is reported as 1 (Bhattacharya's CS657A notes: "it is 1 when two judges always
// agree"), with a note that other tools return NaN. Every count 0 is an error.
// Rounding: when P(A) and P(E) rounded to 2 decimals give a different 2-decimal κ, a note
// shows both (Bhattacharya's CS657A notes print Fleiss' 0.22 from 0.38 and 0.21; the exact κ is
// 0.2099).
//
// Golden tests: kappa-400-documents, kappa-40-documents, kappa-40-documents-pooled
// (tests/core/golden_agreement.cpp), fleiss-14-raters (same file); WK1 and KCI1 there for weights
// and confidence.

#include <algorithm>
#include <optional>

#include "check_slips.h"
#include "common.h"
#include "kappa_weighted.h"

namespace irm {
namespace {

// "3/7 ≈ 0.4286", "9/16 = 0.5625", "0.9189".
std::string shown(const Number& x) {
  if (!x.exact || x.exact->den == 1) return number_text(x);
  if (has_finite_decimal(*x.exact)) {
    const std::string decimal = to_short_decimal(*x.exact);
    if (decimal.size() <= 7) return number_text(x) + " = " + decimal;
  }
  return number_text(x) + " ≈ " + to_decimal(x, 4);
}

// The end of κ's working, Cohen's and Fleiss' alike: the formula with P(A) and P(E) put in, or
// 0/0 taken as 1 when P(E) = 1 (every rating in one category).
std::string kappa_line(const Number& pa, const Number& pe, const Number& kappa, bool undefined) {
  const std::string value = undefined
                                ? "\\frac{0}{0} \\to 1"
                                : "\\frac{" + latex_exact(pa) + " - " + latex_exact(pe) + "}{1 - " +
                                      latex_exact(pe) + "} = " + latex_value(kappa);
  return "\\\\ \\kappa &= \\frac{P(A) - P(E)}{1 - P(E)} = " + value + "\\end{aligned}";
}

// "32/40 = 4/5": the quotient as written, then its value when that reads differently.
std::string written(const std::string& quotient, const Number& value) {
  const std::string reduced = number_text(value);
  return reduced == quotient ? quotient : quotient + " = " + reduced;
}

// -1, 0, 1 as x < f, x == f, x > f: exact when x is.
int compare_to(const Number& x, Fraction f) {
  if (x.exact) return compare(*x.exact, f);
  const double g = to_double(f);
  return x.approx < g ? -1 : (x.approx > g ? 1 : 0);
}

// --- interpretation scales -------------------------------------------------------------------

enum class Scale { iir, cs657a, landis_koch };

struct ScaleInfo {
  Scale scale;
  std::string name;   // "the study notes “What to evaluate”"
  std::string owner;  // "the scale of the study notes “What to evaluate”", in a sentence
  std::string bands;
};

const std::vector<ScaleInfo>& scales() {
  static const std::vector<ScaleInfo> all = {
      {Scale::iir, "the study notes “What to evaluate”",
       "the scale of the study notes “What to evaluate”",
       "> 0.8 good; 0.67–0.8 fair; < 0.67 not good"},
      {Scale::cs657a, "Bhattacharya's CS657A notes", "the scale of Bhattacharya's CS657A notes",
       "> 0.8 excellent; > 0.6 good; > 0.4 fair; > 0.2 slight; below that poor"},
      {Scale::landis_koch, "Landis & Koch (1977)", "Landis & Koch's scale",
       "< 0 poor; 0–0.20 slight; 0.21–0.40 fair; 0.41–0.60 moderate; 0.61–0.80 substantial; "
       "0.81–1 almost perfect"},
  };
  return all;
}

// The band κ falls in, with its range: "fair (0.21–0.40)".
std::string band(Scale scale, const Number& kappa) {
  const auto above = [&](std::int64_t num, std::int64_t den) {
    return compare_to(kappa, Fraction{num, den}) > 0;
  };
  switch (scale) {
    case Scale::iir:
      if (above(4, 5)) return "good (> 0.8)";
      if (compare_to(kappa, Fraction{67, 100}) >= 0) return "fair (0.67–0.8)";
      return "not good (< 0.67)";
    case Scale::cs657a:
      if (above(4, 5)) return "excellent (> 0.8)";
      if (above(3, 5)) return "good (> 0.6)";
      if (above(2, 5)) return "fair (> 0.4)";
      if (above(1, 5)) return "slight (> 0.2)";
      return "poor (0.2 or below: \"the task is too confusing, or the dataset is too poor\")";
    case Scale::landis_koch:
      if (compare_to(kappa, Fraction{0, 1}) < 0) return "poor (< 0)";
      if (!above(1, 5)) return "slight (0–0.20)";
      if (!above(2, 5)) return "fair (0.21–0.40)";
      if (!above(3, 5)) return "moderate (0.41–0.60)";
      if (!above(4, 5)) return "substantial (0.61–0.80)";
      return "almost perfect (0.81–1)";
  }
  return "";
}

Scale scale_of(const std::string& value) {
  if (value == "cs657a") return Scale::cs657a;
  if (value == "landis-koch") return Scale::landis_koch;
  return Scale::iir;
}

// The scales, the chosen one first: a step table and one sentence for the notes.
void add_scales(Outcome& out, const Number& kappa, Scale first) {
  std::vector<ScaleInfo> order = scales();
  std::stable_partition(order.begin(), order.end(),
                        [&](const ScaleInfo& s) { return s.scale == first; });
  StepTable table{"What κ = " + shown(kappa) + " means on each scale",
                  {"scale", "bands", "this κ is"},
                  {},
                  {0}};
  std::string sentence;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::string b = band(order[i].scale, kappa);
    table.rows.push_back({text_cell(order[i].name), text_cell(order[i].bands), text_cell(b)});
    if (i == 0) {
      sentence = "On " + order[i].owner + ", κ ≈ " + to_decimal(kappa, 2) + " is " + b;
    } else {
      sentence +=
          std::string(i + 1 == order.size() ? "; and on " : "; on ") + order[i].owner + ", " + b;
    }
  }
  out.steps.push_back(std::move(table));
  out.notes.push_back(sentence + ".");
}

// When P(A) and P(E) rounded to 2 decimals first give another 2-decimal κ, the note that shows
// where a printed answer comes from (Bhattacharya's CS657A notes print Fleiss' κ as 0.22 this
// way).
void add_rounding_note(Outcome& out, const Number& pa, const Number& pe, const Number& kappa,
                       const std::string& where_printed) {
  const auto pa2 = parse_decimal(to_decimal(pa, 2));
  const auto pe2 = parse_decimal(to_decimal(pe, 2));
  if (!pa2 || !pe2 || compare(*pe2, Fraction{1, 1}) >= 0) return;
  const Number rounded =
      (exact_number(*pa2) - exact_number(*pe2)) / (whole(1) - exact_number(*pe2));
  if (to_decimal(rounded, 2) == to_decimal(kappa, 2)) return;
  out.notes.push_back("Rounding the intermediates first changes the answer: with P(A) ≈ " +
                      to_decimal(pa, 2) + " and P(E) ≈ " + to_decimal(pe, 2) + ", κ = (" +
                      to_decimal(pa, 2) + " − " + to_decimal(pe, 2) + ")/(1 − " +
                      to_decimal(pe, 2) + ") = " + shown(rounded) + ", which prints as " +
                      to_decimal(rounded, 2) + where_printed + "; with the exact P(A) and " +
                      "P(E), κ = " + shown(kappa) + ", which prints as " + to_decimal(kappa, 2) +
                      ". Keep full precision until the last step.");
}

std::string undefined_note(const std::string& who) {
  return "1 − P(E) = 0: " + who +
         " used a single category for every item, so P(A) = P(E) = 1 and κ = 0/0 is "
         "undefined. It is reported as κ = 1 by convention, since they agree on every item "
         "(Bhattacharya's CS657A notes: \"it is 1 when two judges always agree\"), but it carries "
         "no information about "
         "agreement beyond chance; scikit-learn and R's irr return NaN here.";
}

// (P(A) − P(E)) / (1 − P(E)), with the 0/0 convention above.
Number kappa_of(const Number& pa, const Number& pe) {
  const Number denominator = whole(1) - pe;
  if (is_zero_number(denominator)) return whole(1);
  return (pa - pe) / denominator;
}

// Sums counts in 128 bits; empty when past 10^18 (Fractions of such totals would overflow).
std::optional<std::int64_t> checked_total(__int128 sum) {
  if (sum > 1'000'000'000'000'000'000) return std::nullopt;
  return static_cast<std::int64_t>(sum);
}

InputError too_large() {
  return InputError{ErrorCode::out_of_range,
                    "the counts add up to more than 10^18; use smaller counts (only their "
                    "proportions matter)",
                    Span{}};
}

// The last rows of both kappas' step table: agreement beyond chance, its most, and κ (row 4,
// highlighted).
void add_kappa_rows(StepTable& steps, const Number& pa, const Number& pe, const Number& one_minus,
                    const Number& kappa, bool undefined) {
  steps.rows.push_back({text_cell("P(A) − P(E)"), text_cell("agreement beyond chance"),
                        text_cell(number_text(pa) + " − " + number_text(pe)),
                        number_cell(pa - pe)});
  steps.rows.push_back({text_cell("1 − P(E)"), text_cell("the most agreement beyond chance"),
                        text_cell("1 − " + number_text(pe)), number_cell(one_minus)});
  steps.rows.push_back(
      {text_cell("κ"), text_cell("(P(A) − P(E)) / (1 − P(E))"),
       text_cell(undefined ? "0/0, taken as 1"
                           : "(" + number_text(pa - pe) + ") / (" + number_text(one_minus) + ")"),
       number_cell(kappa)});
  steps.highlight.push_back(4);
}

// The judges' table as a heat map, its agreements on the diagonal.
Chart judges_chart(const LabelMatrix& m, std::int64_t agreed, std::int64_t n) {
  const std::size_t k = m.labels.size();
  Chart chart;
  chart.id = "judges";
  chart.title = "The judges' table";
  chart.matrix = count_matrix("judge A", "judge B", m.labels, m.counts);
  chart.description = std::to_string(k) + " × " + std::to_string(k) +
                      " table of two judges' labels, rows judge A and columns judge B; the "
                      "diagonal holds the " +
                      str(agreed) + " items of " + str(n) + " on which they agree.";
  return chart;
}

// kappa(weights=linear|quadratic), after the judges' table: the weighted working
// (kappa_weighted.cpp), the scales, the other weightings as alternatives, and the interval when
// asked.
void finish_weighted_kappa(Outcome& out, const MeasureCall& call, const JudgesTotals& totals,
                           KappaWeights weights, std::int64_t agreed,
                           const std::optional<Fraction>& confidence) {
  const WeightedKappa weighted = add_weighted_kappa(out, totals, weights);
  add_scales(out, weighted.kappa, scale_of(call.param("scale")));
  const std::size_t k = totals.judges.labels.size();
  for (const KappaWeights other :
       {KappaWeights::none, KappaWeights::linear, KappaWeights::quadratic}) {
    if (other == weights) continue;
    const WeightedKappa value = weighted_kappa_value(totals, other);
    std::string why;
    if (k < 2) {
      why = "the same here: with one category there is no disagreement to weigh";
    } else if (k == 2) {
      why =
          "the same here: with 2 categories every weighting puts 1 off the diagonal, which is "
          "unweighted κ";
    } else if (other == KappaWeights::none) {
      why =
          "no weights (Cohen's κ): only exact agreement counts, and every disagreement costs "
          "the same; κ = (P(A) − P(E))/(1 − P(E))";
    } else {
      why = std::string(other == KappaWeights::linear ? "linear weights |i − j|/(k − 1)"
                                                      : "quadratic weights ((i − j)/(k − 1))²") +
            ": Σ w·O = " + number_text(value.observed) +
            " and Σ w·E = " + number_text(value.expected) + " instead of " +
            number_text(weighted.observed) + " and " + number_text(weighted.expected);
    }
    const char* name = other == KappaWeights::none     ? "none"
                       : other == KappaWeights::linear ? "linear"
                                                       : "quadratic";
    out.alternatives.push_back({canonical_name(call.with("weights", name)), value.kappa, why});
  }
  if (confidence) {
    add_kappa_interval(out, totals, weights, weighted.kappa, weighted.undefined, *confidence);
  }
  out.charts.push_back(judges_chart(totals.judges, agreed, totals.n));
  finish_outcome(out);
}

}  // namespace

// --- kappa ---------------------------------------------------------------------------------------

static Result<Outcome> run_kappa(const MeasureCall& call, const Inputs& in) {
  const LabelMatrix& m = *in.judges;
  const std::size_t k = m.labels.size();
  const bool pooled = call.param("chance") == "pooled";
  const KappaWeights weights = kappa_weights_of(call.param("weights"));
  // Weighted κ with pooled chance agreement is refused rather than computed: Cohen (1968) and
  // every tool compared here (scikit-learn, statsmodels) take the expected counts from each
  // judge's own marginals, and a pooled variant would have no source to be checked against.
  if (weights != KappaWeights::none && pooled) {
    return InputError{ErrorCode::bad_parameter_value,
                      "weights=" + call.param("weights") +
                          " takes chance agreement from each judge's own marginals (Cohen 1968) "
                          "and is not computed with chance=pooled; use " +
                          canonical_name(call.with("chance", "cohen")) +
                          " for weighted kappa, or " +
                          canonical_name(call.with("weights", "none")) +
                          " for unweighted kappa with pooled marginals (Scott's π)",
                      Span{}, Field::measure};
  }
  std::optional<Fraction> confidence;
  if (!call.param("confidence").empty()) {
    confidence = parameter_fraction(call.param("confidence"));
    if (confidence->num == 0 || compare(*confidence, Fraction{1, 1}) >= 0) {
      return InputError{ErrorCode::out_of_range,
                        "confidence must be above 0 and below 1, such as 0.95 for a 95% interval; "
                        "found " +
                            call.param("confidence"),
                        Span{}, Field::measure};
    }
  }

  std::vector<std::int64_t> a_total(k, 0);  // judge A's count of each category (row sums)
  std::vector<std::int64_t> b_total(k, 0);  // judge B's (column sums)
  __int128 sum = 0;
  __int128 agreed_sum = 0;
  for (std::size_t i = 0; i < k; ++i) {
    __int128 row = 0;
    for (std::size_t j = 0; j < k; ++j) row += m.counts[i][j];
    const auto r = checked_total(row);
    if (!r) return too_large();
    a_total[i] = *r;
    sum += row;
    agreed_sum += m.counts[i][i];
  }
  const auto total = checked_total(sum);
  if (!total) return too_large();
  for (std::size_t j = 0; j < k; ++j) {
    for (std::size_t i = 0; i < k; ++i) b_total[j] += m.counts[i][j];
  }
  const std::int64_t n = *total;
  const auto agreed = static_cast<std::int64_t>(agreed_sum);
  if (n == 0) {
    return InputError{ErrorCode::inconsistent_counts,
                      "every count in the judges' table is 0; kappa needs at least one item "
                      "judged by both",
                      Span{}};
  }
  Outcome out = start_outcome(call, in);
  out.label = "κ";

  StepTable table{
      "The judges' table (rows: judge A; columns: judge B; the diagonal holds the "
      "agreements)",
      {},
      {},
      {}};
  table.columns.push_back("A \\ B");
  for (const auto& label : m.labels) table.columns.push_back(label);
  table.columns.push_back("judge A total");
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Cell> row{text_cell(m.labels[i])};
    for (std::size_t j = 0; j < k; ++j) {
      row.push_back(
          number_cell(str(m.counts[i][j]) + (i == j ? " (agree)" : ""), whole(m.counts[i][j])));
    }
    row.push_back(number_cell(whole(a_total[i])));
    table.rows.push_back(std::move(row));
  }
  std::vector<Cell> b_row{text_cell("judge B total")};
  for (std::size_t j = 0; j < k; ++j) b_row.push_back(number_cell(whole(b_total[j])));
  b_row.push_back(number_cell("n = " + str(n), whole(n)));
  table.rows.push_back(std::move(b_row));
  out.steps.push_back(std::move(table));
  const JudgesTotals totals{m, a_total, b_total, n};
  if (weights != KappaWeights::none) {
    finish_weighted_kappa(out, call, totals, weights, agreed, confidence);
    return out;
  }

  // Observed agreement: the diagonal.
  const Number pa = ratio(agreed, n);
  std::vector<std::string> diagonal_terms;
  for (std::size_t c = 0; c < k; ++c) diagonal_terms.push_back(str(m.counts[c][c]));

  // Chance agreement under both models, in one pass over the categories: the chosen one is
  // the answer, the other the alternative.
  StepTable marginals{pooled ? "Chance agreement from pooled marginals: P(c) = (A's count + B's "
                               "count) / 2n, and P(E) = Σ P(c)²"
                             : "Chance agreement from each judge's own marginals: P(E) = Σ "
                               "P_A(c) · P_B(c)",
                      {"category", "judge A: count", "P_A(c)", "judge B: count", "P_B(c)",
                       "pooled P(c)", pooled ? "P(c)²" : "P_A(c) · P_B(c)"},
                      {},
                      {}};
  Number pe_cohen = whole(0);
  Number pe_pooled = whole(0);
  std::vector<std::string> cohen_terms;
  std::vector<std::string> pooled_terms;
  std::vector<std::string> cohen_sum_terms;
  std::vector<std::string> pooled_sum_terms;
  std::vector<Number> p_a(k);
  std::vector<Number> p_b(k);
  std::vector<Number> p_pooled(k);
  for (std::size_t c = 0; c < k; ++c) {
    p_a[c] = ratio(a_total[c], n);
    p_b[c] = ratio(b_total[c], n);
    p_pooled[c] = ratio(a_total[c] + b_total[c], 2 * n);
    const Number cohen_term = p_a[c] * p_b[c];
    const Number pooled_term = p_pooled[c] * p_pooled[c];
    pe_cohen = pe_cohen + cohen_term;
    pe_pooled = pe_pooled + pooled_term;
    cohen_terms.push_back("\\frac{" + str(a_total[c]) + "}{" + str(n) + "} \\cdot \\frac{" +
                          str(b_total[c]) + "}{" + str(n) + "}");
    pooled_terms.push_back("\\left(\\frac{" + str(a_total[c]) + " + " + str(b_total[c]) + "}{" +
                           str(2 * n) + "}\\right)^2");
    cohen_sum_terms.push_back(number_text(cohen_term));
    pooled_sum_terms.push_back(number_text(pooled_term));
    const std::string chance_text =
        pooled ? "(" + number_text(p_pooled[c]) + ")² = " + number_text(pooled_term)
               : str(a_total[c]) + "/" + str(n) + " × " + str(b_total[c]) + "/" + str(n) + " = " +
                     number_text(cohen_term);
    marginals.rows.push_back(
        {text_cell(m.labels[c]), number_cell(whole(a_total[c])),
         number_cell(written(str(a_total[c]) + "/" + str(n), p_a[c]), p_a[c]),
         number_cell(whole(b_total[c])),
         number_cell(written(str(b_total[c]) + "/" + str(n), p_b[c]), p_b[c]),
         number_cell(written("(" + str(a_total[c]) + " + " + str(b_total[c]) + ")/" + str(2 * n),
                             p_pooled[c]),
                     p_pooled[c]),
         number_cell(chance_text, pooled ? pooled_term : cohen_term)});
  }
  const Number pe = pooled ? pe_pooled : pe_cohen;
  marginals.rows.push_back({text_cell("P(E), the sum"), text_cell(""), text_cell(""), text_cell(""),
                            text_cell(""), text_cell(""), number_cell(pe)});
  marginals.highlight.push_back(static_cast<int>(k));
  out.steps.push_back(std::move(marginals));

  StepTable expected{pooled ? "Expected counts if both judges labelled at random with the pooled "
                              "proportions: n · P(i) · P(j)"
                            : "Expected counts if the judges labelled independently: n · P_A(i) "
                              "· P_B(j) = (A's total of i) · (B's total of j) / n",
                     {},
                     {},
                     {}};
  expected.columns.push_back("A \\ B");
  for (const auto& label : m.labels) expected.columns.push_back(label);
  Number expected_agreements = whole(0);
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Cell> row{text_cell(m.labels[i])};
    for (std::size_t j = 0; j < k; ++j) {
      const Number e = pooled ? whole(n) * p_pooled[i] * p_pooled[j]
                              : whole(a_total[i]) * whole(b_total[j]) / whole(n);
      if (i == j) expected_agreements = expected_agreements + e;
      row.push_back(number_cell(number_text(e) + (i == j ? " (agree)" : ""), e));
    }
    expected.rows.push_back(std::move(row));
  }
  std::vector<Cell> diagonal_row{text_cell("expected agreements (the diagonal) = n · P(E)"),
                                 number_cell(expected_agreements)};
  for (std::size_t j = 1; j < k; ++j) diagonal_row.push_back(text_cell(""));
  expected.rows.push_back(std::move(diagonal_row));
  expected.highlight.push_back(static_cast<int>(k));
  out.steps.push_back(std::move(expected));

  const Number one_minus = whole(1) - pe;
  const bool undefined = is_zero_number(one_minus);
  const Number kappa = kappa_of(pa, pe);
  std::string diagonal_sum;
  for (const auto& t : diagonal_terms) diagonal_sum += (diagonal_sum.empty() ? "" : " + ") + t;
  StepTable steps{"κ step by step", {"quantity", "formula", "with these counts", "value"}, {}, {}};
  steps.rows.push_back(
      {text_cell("P(A), observed agreement"), text_cell("(sum of the diagonal) / n"),
       text_cell("(" + diagonal_sum + ")/" + str(n) + " = " + str(agreed) + "/" + str(n)),
       number_cell(pa)});
  std::string pe_text;
  for (const auto& t : pooled ? pooled_sum_terms : cohen_sum_terms) {
    pe_text += (pe_text.empty() ? "" : " + ") + t;
  }
  steps.rows.push_back({text_cell("P(E), chance agreement"),
                        text_cell(pooled ? "Σ P(c)²" : "Σ P_A(c) · P_B(c)"), text_cell(pe_text),
                        number_cell(pe)});
  add_kappa_rows(steps, pa, pe, one_minus, kappa, undefined);
  out.steps.push_back(std::move(steps));

  out.value = kappa;
  out.values = {{"PA", pa}, {"PE", pe}, {"kappa", kappa}};
  out.working = "\\begin{aligned}P(A) &= \\frac{" + diagonal_sum + "}{" + str(n) +
                "} = " + latex_value(pa) +
                "\\\\ P(E) &= " + latex_sum(pooled ? pooled_terms : cohen_terms, 6) + " = " +
                latex_value(pe) + kappa_line(pa, pe, kappa, undefined);

  out.notes.push_back(
      pooled ? "Chance agreement uses pooled marginals (\"Estimating using Pooling\" in "
               "Bhattacharya's CS657A notes; Manning et al.): both judges are taken to share one "
               "distribution P(c) = (A's count + B's count) / 2n, so P(E) = Σ P(c)²."
             : "Chance agreement uses each judge's own marginals (Cohen's κ, as in the example of "
               "the study notes “What to evaluate” and the first estimate of Bhattacharya's "
               "CS657A notes): P(E) = Σ P_A(c) · P_B(c).");
  if (undefined) out.notes.push_back(undefined_note("both judges"));
  add_scales(out, kappa, scale_of(call.param("scale")));
  add_rounding_note(out, pa, pe, kappa, "");
  // High observed agreement with a low κ: skewed marginals make chance agreement high.
  if (!undefined && compare_to(pa, Fraction{7, 10}) >= 0 &&
      compare_to(kappa, Fraction{1, 2}) <= 0 && compare_to(pe, Fraction{1, 2}) >= 0) {
    std::size_t common = 0;
    for (std::size_t c = 1; c < k; ++c) {
      if (a_total[c] + b_total[c] > a_total[common] + b_total[common]) common = c;
    }
    out.notes.push_back(
        "Observed agreement is high (P(A) = " + shown(pa) + ") but κ is only " + shown(kappa) +
        ": the labels are skewed (judge A gave " + m.labels[common] + " to " +
        str(a_total[common]) + " of " + str(n) + " items, judge B to " + str(b_total[common]) +
        "), so chance alone would already agree P(E) = " + shown(pe) +
        " of the time. κ credits only the agreement beyond chance, so skewed marginals keep it "
        "low even when the judges mostly agree.");
  }

  const Number other_pe = pooled ? pe_cohen : pe_pooled;
  const Number other_kappa = kappa_of(pa, other_pe);
  const bool same = other_pe.exact && pe.exact && *other_pe.exact == *pe.exact;
  std::string why;
  if (same) {
    why =
        "the same here: both judges used each category the same number of times, so "
        "pooling their marginals changes nothing";
  } else if (pooled) {
    why =
        "each judge's own marginals (Cohen's κ; the example of the study notes “What to "
        "evaluate” and the first estimate of Bhattacharya's CS657A notes): P(E) = Σ P_A(c) · "
        "P_B(c) = " +
        number_text(other_pe) + " instead of " + number_text(pe);
  } else {
    why =
        "pooled marginals (\"Estimating using Pooling\" in Bhattacharya's CS657A notes; "
        "Manning et al.): P(E) = Σ P(c)² with P(c) = (A's count + B's count) / 2n = " +
        number_text(other_pe) + " instead of " + number_text(pe);
  }
  out.alternatives.push_back(
      {canonical_name(call.with("chance", pooled ? "cohen" : "pooled")), other_kappa, why});

  if (confidence) {
    if (pooled) {
      // The standard error of Fleiss, Cohen and Everitt (1969) is that of Cohen's κ: Scott's π
      // has another, which no tool compared here computes. The answer stays; the interval is
      // declined in a note.
      out.notes.push_back(
          "No confidence interval for kappa with pooled marginals: the standard error of Fleiss, "
          "Cohen & Everitt (1969) is that of Cohen's κ, with chance from each judge's own "
          "marginals; " +
          canonical_name(call.with("chance", "cohen")) + " gives it.");
    } else {
      add_kappa_interval(out, totals, KappaWeights::none, kappa, undefined, *confidence);
    }
  }
  out.charts.push_back(judges_chart(m, agreed, n));
  finish_outcome(out);
  return out;
}

// --- fleiss --------------------------------------------------------------------------------------

static Result<Outcome> run_fleiss(const MeasureCall& call, const Inputs& in) {
  const RatingTable& t = *in.ratings;
  const std::size_t items = t.counts.size();
  const std::size_t categories = t.categories.size();
  const std::int64_t m = t.raters;
  const auto n = static_cast<std::int64_t>(items);
  Outcome out = start_outcome(call, in);
  out.label = "κ";

  // The first table of Bhattacharya's CS657A notes: the counts, Σ_j x_ij² and p_a(i) of each item.
  StepTable table{
      "Agreement on each item: p_a(i) = (Σ_j x_ij² − m) / (m(m − 1)), m = " + str(m), {}, {}, {}};
  table.columns.push_back("item");
  for (const auto& c : t.categories) table.columns.push_back(c);
  table.columns.push_back("Σ_j x_ij²");
  table.columns.push_back("p_a(i)");
  const Number pairs = whole(m) * whole(m - 1);  // m(m − 1): ordered pairs of raters
  std::vector<Number> category_total(categories, whole(0));
  Number squares_total = whole(0);
  Number pa_sum = whole(0);
  std::vector<std::string> pa_terms;
  for (std::size_t i = 0; i < items; ++i) {
    std::vector<Cell> row{text_cell(t.items[i])};
    Number squares = whole(0);
    for (std::size_t j = 0; j < categories; ++j) {
      const Number x = whole(t.counts[i][j]);
      squares = squares + x * x;
      category_total[j] = category_total[j] + x;
      row.push_back(number_cell(x));
    }
    const Number agreement = (squares - whole(m)) / pairs;
    squares_total = squares_total + squares;
    pa_sum = pa_sum + agreement;
    pa_terms.push_back(latex_exact(agreement));
    row.push_back(number_cell(squares));
    row.push_back(number_cell("(" + number_text(squares) + " − " + str(m) + ")/" +
                                  number_text(pairs) + " = " + number_text(agreement),
                              agreement));
    table.rows.push_back(std::move(row));
  }
  const Number ratings = whole(m) * whole(n);  // m·n ratings in all
  std::vector<Cell> totals{text_cell("Total")};
  for (const Number& c : category_total) totals.push_back(number_cell(c));
  totals.push_back(text_cell(""));
  totals.push_back(text_cell(""));
  table.rows.push_back(std::move(totals));
  out.steps.push_back(std::move(table));

  // Their second table: p_j and the chance agreement P(E) = Σ p_j².
  StepTable proportions{
      "Proportion of all ratings in each category: p_j = Σ_i x_ij / (m·n), "
      "m·n = " +
          number_text(ratings),
      {"category", "Σ_i x_ij", "p_j", "p_j²"},
      {},
      {}};
  Number pe = whole(0);
  std::vector<std::string> pe_terms;
  for (std::size_t j = 0; j < categories; ++j) {
    const Number p = category_total[j] / ratings;
    const Number p2 = p * p;
    pe = pe + p2;
    pe_terms.push_back("\\left(" + latex_exact(p) + "\\right)^2");
    proportions.rows.push_back(
        {text_cell(t.categories[j]), number_cell(category_total[j]),
         number_cell(written(number_text(category_total[j]) + "/" + number_text(ratings), p), p),
         number_cell(p2)});
  }
  proportions.rows.push_back(
      {text_cell("P(E) = Σ p_j²"), number_cell(ratings), text_cell(""), number_cell(pe)});
  proportions.highlight.push_back(static_cast<int>(categories));
  out.steps.push_back(std::move(proportions));

  const Number pa = pa_sum / whole(n);
  const Number one_minus = whole(1) - pe;
  const bool undefined = is_zero_number(one_minus);
  const Number kappa = kappa_of(pa, pe);
  StepTable steps{"κ step by step", {"quantity", "formula", "with these counts", "value"}, {}, {}};
  steps.rows.push_back({text_cell("P(A), mean agreement"),
                        text_cell("(1/n) Σ_i p_a(i) = (Σ_i Σ_j x_ij² − m·n) / (n·m(m − 1))"),
                        text_cell("(" + number_text(squares_total) + " − " + number_text(ratings) +
                                  ")/(" + str(n) + " · " + number_text(pairs) + ")"),
                        number_cell(pa)});
  steps.rows.push_back({text_cell("P(E), chance agreement"), text_cell("Σ_j p_j²"),
                        text_cell("Σ of the p_j² column"), number_cell(pe)});
  add_kappa_rows(steps, pa, pe, one_minus, kappa, undefined);
  out.steps.push_back(std::move(steps));

  out.value = kappa;
  out.values = {{"PA", pa}, {"PE", pe}, {"kappa", kappa}};
  out.working = "\\begin{aligned}P(A) &= \\frac{1}{" + str(n) + "}\\left(" +
                latex_sum(pa_terms, 8) + "\\right) = " + latex_value(pa) +
                "\\\\ P(E) &= " + latex_sum(pe_terms, 8) + " = " + latex_value(pe) +
                kappa_line(pa, pe, kappa, undefined);

  out.notes.push_back(
      "p_a(i) counts the pairs of raters who agree on item i: Σ_j C(x_ij, 2) out of C(m, 2) "
      "pairs, which is (Σ_j x_ij² − m) / (m(m − 1)) (Bhattacharya's CS657A notes).");
  if (undefined) out.notes.push_back(undefined_note("every rater"));
  add_rounding_note(out, pa, pe, kappa,
                    " (Bhattacharya's CS657A notes print their Fleiss example this way)");
  if (m == 2) {
    out.notes.push_back(
        "With m = 2 raters per item, Fleiss' κ is Cohen's κ with pooled marginals (Scott's π): "
        "kappa(chance=pooled) on the two raters' labels gives the same value.");
  }
  add_scales(out, kappa, Scale::cs657a);

  Chart chart;
  chart.id = "ratings";
  chart.title = "Ratings per item and category";
  Matrix grid{"item", "category", t.items, t.categories, {}};
  for (const auto& row : t.counts) {
    std::vector<double> cells;
    for (const std::int64_t v : row) cells.push_back(static_cast<double>(v));
    grid.cells.push_back(std::move(cells));
  }
  chart.matrix = std::move(grid);
  chart.description = str(n) + " items × " + std::to_string(categories) +
                      " categories; each cell is the number of the " + str(m) +
                      " raters who put the item in that category.";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

std::string kappa_title(const MeasureCall& call) {
  const std::string& weights = call.param("weights");
  if (weights != "none") return "Cohen's weighted kappa (" + weights + " weights)";
  return call.param("chance") == "pooled" ? "Kappa with pooled marginals (Scott's π)"
                                          : "Cohen's kappa";
}

}  // namespace

MeasureInfo measure_kappa() {
  ParamInfo chance;
  chance.name = "chance";
  chance.choices = {"cohen", "pooled"};
  chance.default_value = "cohen";
  chance.help =
      "how chance agreement P(E) is estimated: each judge's own marginals, Σ P_A(c)·P_B(c) "
      "(Cohen; the study notes “What to evaluate”, the first estimate of Bhattacharya's "
      "CS657A notes), or pooled marginals, Σ P(c)² with P(c) = (A's count + B's count)/2n "
      "(Bhattacharya's CS657A notes, Manning et al.)";
  ParamInfo scale;
  scale.name = "scale";
  scale.choices = {"iir", "cs657a", "landis-koch"};
  scale.default_value = "iir";
  scale.help =
      "which interpretation of κ is stated first (all three are shown): iir, the bands of "
      "Manning et al. (IIR §8.5) and of the study notes “What to evaluate” (> 0.8 good, "
      "0.67–0.8 fair); cs657a, those of Bhattacharya's CS657A notes (> 0.8 excellent, > 0.6 "
      "good, > 0.4 fair, > 0.2 slight); or landis-koch, Landis & Koch's (slight, fair, "
      "moderate, substantial, almost perfect)";
  scale.value_aliases = {{"notes001", "iir"}, {"notes002", "cs657a"}};
  ParamInfo weights;
  weights.name = "weights";
  weights.choices = {"none", "linear", "quadratic"};
  weights.default_value = "none";
  weights.help =
      "for ordered categories, how much a disagreement costs (Cohen's weighted kappa, 1968): "
      "none, every disagreement alike; linear, |i − j|/(k − 1); or quadratic, ((i − j)/(k − "
      "1))², i and j the categories' places in the table's order; κ_w = 1 − Σ w·O / Σ w·E";
  weights.users = {{"linear",
                    "scikit-learn's cohen_kappa_score (weights='linear') and statsmodels' "
                    "cohens_kappa (wt='linear')"},
                   {"quadratic",
                    "scikit-learn's cohen_kappa_score (weights='quadratic') and statsmodels' "
                    "cohens_kappa (wt='quadratic')"}};
  ParamInfo confidence;
  confidence.name = "confidence";
  confidence.help =
      "show a confidence interval at this level, such as 0.95: κ ± z·SE with the large-sample "
      "standard error of Fleiss, Cohen & Everitt (1969), statsmodels' std_kappa";
  confidence.numeric = true;
  confidence.maximum = Fraction{1, 1};

  MeasureInfo m;
  m.name = "kappa";
  m.title = "Cohen's kappa";
  m.summary =
      "Agreement between two judges beyond what chance would give, over any number of "
      "categories, with chance from each judge's own marginals or from pooled marginals; "
      "weighted for ordered categories, with a confidence interval if asked.";
  m.input = InputKind::judges;
  m.params = {chance, scale, weights, confidence};
  m.aliases = {"cohen-kappa", "cohens-kappa", "kappa-statistic"};
  m.formula =
      "\\kappa = \\frac{P(A) - P(E)}{1 - P(E)},\\quad P(A) = \\frac{\\sum_c M_{cc}}{n},\\quad "
      "P(E) = \\sum_c P_A(c)\\,P_B(c) \\text{ or } \\sum_c P(c)^2";
  m.example = "kappa(chance=pooled)";
  m.golden = {"K1", "K2", "K3", "WK1", "KCI1"};
  m.run = &run_kappa;
  m.variant_title = &kappa_title;
  return m;
}

MeasureInfo measure_fleiss() {
  MeasureInfo m;
  m.name = "fleiss";
  m.title = "Fleiss' kappa";
  m.summary =
      "Agreement among m raters per item over several categories, from an items × categories "
      "table of counts.";
  m.input = InputKind::ratings;
  m.aliases = {"fleiss-kappa", "fleiss-k"};
  m.formula =
      "\\kappa = \\frac{P(A) - P(E)}{1 - P(E)},\\quad P(A) = \\frac{1}{n}\\sum_i "
      "\\frac{\\sum_j x_{ij}^2 - m}{m(m-1)},\\quad P(E) = \\sum_j p_j^2,\\quad p_j = "
      "\\frac{\\sum_i x_{ij}}{m\\,n}";
  m.example = "fleiss";
  m.golden = {"K4"};
  m.run = &run_fleiss;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of kappa, weighted kappa, Fleiss (check.cpp, check_slips.h) ----

namespace irm::checking {
namespace {

std::optional<Candidate> kappa_rounded(const Context& c) {
  const Number* agreement = value_of(c.outcome, "PA");
  const Number* chance = value_of(c.outcome, "PE");
  if (!agreement || !chance) return std::nullopt;
  const Number a = rounded2(*agreement);
  const Number e = rounded2(*chance);
  if (e.approx == 1.0) return std::nullopt;
  const std::string name = c.call.info->name == "fleiss" ? "fleiss" : "kappa";
  return Candidate{name + ".rounded_intermediates", (a - e) / (whole(1) - e),
                   "you rounded P(A) and P(E) to 2 decimals before dividing: (" + to_decimal(a, 2) +
                       " − " + to_decimal(e, 2) + ")/(1 − " + to_decimal(e, 2) +
                       "); keep them exact (or to 4 decimals) and round only κ"};
}

// Weighted κ's two forms mixed: disagreement weights w put into the agreement form (P_o − P_e)/(1 −
// P_e) with P_o = Σ w·O/n and P_e = Σ w·E/n, or agreement weights 1 − w put into 1 − Σ w·O/Σ w·E.
// Both give (Σ w·O − Σ w·E)/(n − Σ w·E): sources write weighted κ either way (Cohen 1968 gives
// both), so a student can take the weights from one and the formula from the other.
std::optional<Candidate> kappa_weights_mixed(const Context& c) {
  const Number* n = value_of(c.outcome, "n");
  const Number* observed = value_of(c.outcome, "sum_wO");
  const Number* expected = value_of(c.outcome, "sum_wE");
  if (!n || !observed || !expected) return std::nullopt;
  const Number denominator = *n - *expected;
  if (denominator.exact ? denominator.exact->num == 0 : denominator.approx == 0.0) {
    return std::nullopt;
  }
  const Number po = *observed / *n;
  const Number pe = *expected / *n;
  // "1", "(14/5)": a quantity inside the formula.
  const auto term = [](const Number& x) {
    const std::string text = number_text(x);
    return text.find_first_of("/-") == std::string::npos ? text : "(" + text + ")";
  };
  return Candidate{"kappa.weights_mixed", (*observed - *expected) / denominator,
                   "you put the disagreement weights w_ij into the agreement form (P_o − P_e)/(1 − "
                   "P_e), with P_o = Σ w·O/n = " +
                       number_text(po) + " and P_e = Σ w·E/n = " + number_text(pe) +
                       " (agreement weights 1 − w_ij in 1 − Σ w·O/Σ w·E give the same); with "
                       "disagreement weights κ_w = 1 − Σ w·O/Σ w·E = 1 − " +
                       term(*observed) + "/" + term(*expected) +
                       ", and the agreement form takes the agreement weights 1 − w_ij"};
}

std::string agreement_hint(const Context& c, const std::string& q, bool /*main*/) {
  const std::string& family = c.call.info->name;
  if (family != "kappa" && family != "fleiss") return "";
  if (family == "fleiss") {
    if (q == "PA") {
      return "Check each item's agreement P_i = (Σ_j n_ij² − n)/(n(n − 1)) for n raters, then "
             "their mean P̄.";
    }
    if (q == "PE") {
      return "Check each category's share p_j (its ratings over all ratings), then P̄_e = Σ "
             "p_j².";
    }
    if (q == "kappa") {
      return "Check each category's share p_j, each item's agreement P_i, their mean P̄ and P̄_e "
             "= Σ p_j², then κ = (P̄ − P̄_e)/(1 − P̄_e).";
    }
    return "";
  }
  if (c.call.param("weights") != "none") {
    const std::string weights =
        "the weights w_ij = " +
        std::string(c.call.param("weights") == "linear" ? "|i − j|/(k − 1)"
                                                        : "((i − j)/(k − 1))²") +
        " (0 on the diagonal) and Σ w_ij O_ij over the judges' table";
    const std::string expected =
        "the expected counts E_ij = (A's total of i)(B's total of j)/n and Σ w_ij E_ij";
    if (q == "sum_wO") return "Check " + weights + ".";
    if (q == "sum_wE") return "Check " + expected + ".";
    if (q == "kappa") {
      return "Check " + weights + "; " + expected + "; then κ_w = 1 − Σ w·O/Σ w·E.";
    }
    return "";
  }
  const std::string agreement = "P(A), the agreements (the diagonal) over all items";
  const std::string chance =
      c.call.param("chance") == "pooled"
          ? "P(E), for each category the square of its pooled share (A's total + B's total)/2N, "
            "summed"
          : "P(E), for each category judge A's share times judge B's share, summed";
  if (q == "PA") return "Check " + agreement + ".";
  if (q == "PE") return "Check " + chance + ".";
  if (q == "kappa") {
    return "Check " + agreement + "; " + chance + "; then κ = (P(A) − P(E))/(1 − P(E)).";
  }
  return "";
}

}  // namespace

const CheckFamily& kappa_checks() {
  static const CheckFamily family = {
      {
          {{"kappa.weights_mixed",
            {"kappa"},
            "weighted κ with the disagreement weights put into the agreement form (P_o − P_e)/(1 "
            "− P_e), or the agreement weights into 1 − Σ w·O/Σ w·E"},
           &kappa_weights_mixed},
      },
      {
          {{"kappa.rounded_intermediates", {"kappa"}, "P(A) and P(E) rounded to 2 decimals first"},
           &kappa_rounded},
          {{"fleiss.rounded_intermediates",
            {"fleiss"},
            "P(A) and P(E) rounded to 2 decimals first (Bhattacharya's CS657A notes print 0.22 for "
            "0.2099)"},
           &kappa_rounded},
      },
      &agreement_hint};
  return family;
}

}  // namespace irm::checking
