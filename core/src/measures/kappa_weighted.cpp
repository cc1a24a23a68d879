// Cohen's kappa, continued (kappa.cpp reads the judges' table and computes unweighted κ): weighted
// kappa for ordered categories, kappa(weights=linear|quadratic), and the confidence interval of
// κ, kappa(confidence=c).
//
//   weights: disagreement weights w_ij on the k × k table, 0 on the diagonal:
//              linear     w_ij = |i − j| / (k − 1)
//              quadratic  w_ij = ((i − j) / (k − 1))²
//            κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij, E_ij = (A's total of i)(B's total of j)/n, each
//            judge's own marginals (Cohen, "Weighted kappa: nominal scale agreement with provision
//            for scaled disagreement or partial credit", 1968). Σ w_ij E_ij = 0 only when both
//            judges used one category throughout: κ_w = 0/0, reported as 1 as for κ. The categories
//            are ordered as the table lists them (two label sequences: numbers by value, words by
//            first appearance: parse/label_matrix.cpp), and w counts steps in that order, not the
//            labels' values. scikit-learn's cohen_kappa_score(weights=…) and statsmodels'
//            cohens_kappa(wt=…) use the same weights (any scale of them gives the same κ_w).
//            With k = 2, w = 1 off the diagonal under either weighting: κ_w is κ.
//   confidence: the large-sample variance of Fleiss, Cohen and Everitt ("Large sample standard
//            errors of kappa and weighted kappa", 1969), with agreement weights v_ij = 1 − w_ij
//            (unweighted κ: v_ij = 1 on the diagonal, 0 off it), p_ij = O_ij/n, p_i· and p_·j
//            the judges' shares:
//              v̄_i· = Σ_j p_·j v_ij,  v̄_·j = Σ_i p_i· v_ij,  P_e = Σ v_ij p_i· p_·j
//              Var(κ) = [Σ p_ij (v_ij − (v̄_i· + v̄_·j)(1 − κ))² − (κ − P_e (1 − κ))²]
//                       / (n (1 − P_e)²)
//            (a variance of the bracket's terms under p, so never negative), SE = √Var, and the
//            interval κ ± z·SE with z = Φ⁻¹((1 + c)/2). This is statsmodels' std_kappa (and its
//            kappa_low, kappa_upp at 95%). Var is exact while it fits; SE and the interval are
//            decimals.
//
// Golden tests: WK1 (weighted κ worked by hand, scikit-learn and statsmodels), KCI1 (the interval,
// statsmodels) in tests/core/golden_agreement.cpp.

#include "kappa_weighted.h"

#include <cmath>
#include <utility>

#include "common.h"
#include "irm/distributions.h"

namespace irm {
namespace {

// A quantity with no exact form: a decimal with how it was made.
Number kappa_decimal(double value, std::string formula) {
  Number out;
  out.approx = value;
  out.formula = std::move(formula);
  return out;
}

// "3" as it is, "14/5" as "(14/5)": a quantity inside a longer expression.
std::string kappa_term_text(const Number& x) {
  const std::string text = number_text(x);
  return text.find_first_of("/-") == std::string::npos ? text : "(" + text + ")";
}

// "a + b + c", or past `keep` terms "a + b + … + z (20 terms)"; "0" for none.
std::string sum_of_terms(const std::vector<std::string>& terms, std::size_t keep = 6) {
  if (terms.empty()) return "0";
  std::string out;
  if (terms.size() <= keep) {
    for (const auto& t : terms) out += (out.empty() ? "" : " + ") + t;
    return out;
  }
  for (std::size_t i = 0; i + 1 < keep; ++i) out += (out.empty() ? "" : " + ") + terms[i];
  return out + " + … + " + terms.back() + " (" + std::to_string(terms.size()) + " terms)";
}

std::string weights_name(KappaWeights weights) {
  switch (weights) {
    case KappaWeights::linear:
      return "linear";
    case KappaWeights::quadratic:
      return "quadratic";
    case KappaWeights::none:
      break;
  }
  return "none";
}

std::string weights_rule(KappaWeights weights) {
  return weights == KappaWeights::quadratic ? "((i − j)/(k − 1))²" : "|i − j|/(k − 1)";
}

std::string weights_latex(KappaWeights weights) {
  return weights == KappaWeights::quadratic ? "\\left(\\frac{i - j}{k - 1}\\right)^2"
                                            : "\\frac{|i - j|}{k - 1}";
}

// E_ij = (A's total of i)(B's total of j)/n.
Number expected_count(const JudgesTotals& t, std::size_t i, std::size_t j) {
  return whole(t.a_total[i]) * whole(t.b_total[j]) / whole(t.n);
}

void settle_weighted_kappa(WeightedKappa& r) {
  r.undefined = is_zero_number(r.expected);
  r.kappa = r.undefined ? whole(1) : whole(1) - r.observed / r.expected;
}

}  // namespace

KappaWeights kappa_weights_of(const std::string& value) {
  if (value == "linear") return KappaWeights::linear;
  if (value == "quadratic") return KappaWeights::quadratic;
  return KappaWeights::none;
}

Fraction disagreement_weight(KappaWeights weights, std::size_t i, std::size_t j, std::size_t k) {
  if (i == j) return Fraction{0, 1};
  if (weights == KappaWeights::none) return Fraction{1, 1};
  // i ≠ j, so k ≥ 2; k is a count of categories, far below 2^31.
  const auto steps = static_cast<std::int64_t>(i > j ? i - j : j - i);
  const auto most = static_cast<std::int64_t>(k - 1);
  if (weights == KappaWeights::linear) return *make_fraction(steps, most);
  return *make_fraction(steps * steps, most * most);
}

WeightedKappa weighted_kappa_value(const JudgesTotals& t, KappaWeights weights) {
  const std::size_t k = t.judges.labels.size();
  WeightedKappa r{whole(0), whole(0), whole(1), false};
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      if (i == j) continue;
      const Number w = exact_number(disagreement_weight(weights, i, j, k));
      r.observed = r.observed + w * whole(t.judges.counts[i][j]);
      r.expected = r.expected + w * expected_count(t, i, j);
    }
  }
  settle_weighted_kappa(r);
  return r;
}

WeightedKappa add_weighted_kappa(Outcome& out, const JudgesTotals& t, KappaWeights weights) {
  const LabelMatrix& m = t.judges;
  const std::size_t k = m.labels.size();
  const std::string rule = weights_rule(weights);

  // The weights, as a table beside the judges'.
  StepTable weight_table{k < 2 ? "Disagreement weights: one category, so the only cell is on the "
                                 "diagonal, where the judges agree, and weighs 0"
                               : "Disagreement weights w_ij = " + rule +
                                     ", k = " + std::to_string(k) +
                                     ": 0 where the judges agree, 1 for the two ends of the "
                                     "scale (rows: judge A; columns: judge B)",
                         {"A \\ B"},
                         {},
                         {}};
  for (const auto& label : m.labels) weight_table.columns.push_back(label);
  std::vector<std::vector<Fraction>> w(k, std::vector<Fraction>(k));
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Cell> row{text_cell(m.labels[i])};
    for (std::size_t j = 0; j < k; ++j) {
      w[i][j] = disagreement_weight(weights, i, j, k);
      row.push_back(number_cell(exact_number(w[i][j])));
    }
    weight_table.rows.push_back(std::move(row));
  }
  out.steps.push_back(std::move(weight_table));

  // The expected counts from each judge's own marginals, with the same totals as the judges'.
  StepTable expected_table{
      "Expected counts if the judges labelled independently: E_ij = (A's total of i) · (B's "
      "total of j) / n",
      {"A \\ B"},
      {},
      {}};
  for (const auto& label : m.labels) expected_table.columns.push_back(label);
  expected_table.columns.push_back("judge A total");
  std::vector<std::vector<Number>> e(k, std::vector<Number>(k));
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Cell> row{text_cell(m.labels[i])};
    for (std::size_t j = 0; j < k; ++j) {
      e[i][j] = expected_count(t, i, j);
      row.push_back(number_cell(e[i][j]));
    }
    row.push_back(number_cell(whole(t.a_total[i])));
    expected_table.rows.push_back(std::move(row));
  }
  std::vector<Cell> b_row{text_cell("judge B total")};
  for (std::size_t j = 0; j < k; ++j) b_row.push_back(number_cell(whole(t.b_total[j])));
  b_row.push_back(number_cell("n = " + str(t.n), whole(t.n)));
  expected_table.rows.push_back(std::move(b_row));
  out.steps.push_back(std::move(expected_table));

  // The two weighted sums, cell by cell.
  StepTable sums{
      "Weighted disagreement cell by cell: w_ij · O_ij observed, w_ij · E_ij expected "
      "(the diagonal weighs 0, and cells with O_ij = E_ij = 0 add nothing: both left "
      "out)",
      {"judge A", "judge B", "w_ij", "O_ij", "w_ij · O_ij", "E_ij", "w_ij · E_ij"},
      {},
      {}};
  WeightedKappa r{whole(0), whole(0), whole(1), false};
  std::vector<std::string> observed_terms;
  std::vector<std::string> expected_terms;
  std::vector<std::string> observed_latex;
  std::vector<std::string> expected_latex;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      const std::int64_t o = m.counts[i][j];
      if (i == j || (o == 0 && is_zero_number(e[i][j]))) continue;
      const Number weight = exact_number(w[i][j]);
      const Number wo = weight * whole(o);
      const Number we = weight * e[i][j];
      r.observed = r.observed + wo;
      r.expected = r.expected + we;
      if (o != 0) {
        observed_terms.push_back(number_text(weight) + " · " + str(o));
        observed_latex.push_back(latex_exact(weight) + " \\cdot " + str(o));
      }
      expected_terms.push_back(number_text(weight) + " · " + number_text(e[i][j]));
      expected_latex.push_back(latex_exact(weight) + " \\cdot " + latex_exact(e[i][j]));
      sums.rows.push_back({text_cell(m.labels[i]), text_cell(m.labels[j]), number_cell(weight),
                           number_cell(whole(o)), number_cell(wo), number_cell(e[i][j]),
                           number_cell(we)});
    }
  }
  sums.rows.push_back({text_cell("Σ"), text_cell(""), text_cell(""), text_cell(""),
                       number_cell(r.observed), text_cell(""), number_cell(r.expected)});
  sums.highlight.push_back(static_cast<int>(sums.rows.size()) - 1);
  out.steps.push_back(std::move(sums));
  settle_weighted_kappa(r);

  StepTable steps{
      "κ_w step by step", {"quantity", "formula", "with these counts", "value"}, {}, {}};
  steps.rows.push_back({text_cell("Σ w·O, observed disagreement"), text_cell("Σ w_ij O_ij"),
                        text_cell(sum_of_terms(observed_terms)), number_cell(r.observed)});
  steps.rows.push_back({text_cell("Σ w·E, disagreement expected by chance"),
                        text_cell("Σ w_ij E_ij"), text_cell(sum_of_terms(expected_terms)),
                        number_cell(r.expected)});
  steps.rows.push_back({text_cell("κ_w"), text_cell("1 − Σ w·O / Σ w·E"),
                        text_cell(r.undefined ? "0/0, taken as 1"
                                              : "1 − " + kappa_term_text(r.observed) + " / " +
                                                    kappa_term_text(r.expected)),
                        number_cell(r.kappa)});
  steps.highlight.push_back(2);
  out.steps.push_back(std::move(steps));

  out.value = r.kappa;
  out.values = {
      {"n", whole(t.n)}, {"sum_wO", r.observed}, {"sum_wE", r.expected}, {"kappa", r.kappa}};
  out.formula =
      "\\kappa_w = 1 - \\frac{\\sum_{i,j} w_{ij} O_{ij}}{\\sum_{i,j} w_{ij} "
      "E_{ij}},\\quad E_{ij} = \\frac{a_i\\, b_j}{n},\\quad w_{ij} = " +
      weights_latex(weights);
  // "terms = total", or "0" when no cell adds anything.
  const auto sum_latex = [](const std::vector<std::string>& terms, const Number& total) {
    return terms.empty() ? std::string("0") : latex_sum(terms, 6) + " = " + latex_value(total);
  };
  out.working = "\\begin{aligned}\\sum w_{ij} O_{ij} &= " + sum_latex(observed_latex, r.observed) +
                "\\\\ \\sum w_{ij} E_{ij} &= " + sum_latex(expected_latex, r.expected) +
                "\\\\ \\kappa_w &= 1 - \\frac{\\sum w_{ij} O_{ij}}{\\sum w_{ij} E_{ij}} = " +
                (r.undefined ? std::string("\\frac{0}{0} \\to 1")
                             : "1 - \\frac{" + latex_exact(r.observed) + "}{" +
                                   latex_exact(r.expected) + "} = " + latex_value(r.kappa)) +
                "\\end{aligned}";

  const std::string name = weights_name(weights);
  out.notes.push_back(
      "Weighted κ (Cohen 1968) with " + name + " disagreement weights w_ij = " + rule +
      ": a disagreement between neighbouring categories costs less than one "
      "across the scale, and agreement costs nothing. κ_w = 1 − Σ w_ij O_ij / Σ "
      "w_ij E_ij, with the expected counts E_ij from each judge's own marginals. "
      "scikit-learn's cohen_kappa_score(a, b, weights='" +
      name + "') and statsmodels' cohens_kappa(table, wt='" + name + "') give the same value.");
  std::string order;
  for (const auto& label : m.labels) order += (order.empty() ? "" : " < ") + label;
  // With 2 categories (or 1) the order changes nothing: every weighting is the same.
  if (k > 2) {
    out.notes.push_back(
        "The weights take the categories as ordered " + order +
        ", the table's order (its first row and column to its last); two label sequences are read "
        "with numbers sorted by value and words in order of first appearance. w_ij counts steps in "
        "that order, not the labels' values (labels 1, 2 and 5 are one step apart each). For "
        "another order, paste the table with its rows and columns in that order (scikit-learn "
        "sorts the labels, words alphabetically).");
  }
  if (k == 2) {
    out.notes.push_back(
        "With 2 categories every disagreement is one step, from one end of the scale to the "
        "other, so w_ij = 1 off the diagonal under linear and quadratic weights alike: κ_w is "
        "the unweighted κ.");
  }
  if (r.undefined) {
    out.notes.push_back(
        "Σ w·E = 0: both judges used a single category for every item, so Σ w·O = 0 too and "
        "κ_w = 0/0 is undefined. It is reported as κ_w = 1 by convention, as for κ, since they "
        "agree on every item, but it carries no information about agreement beyond chance; "
        "scikit-learn returns NaN here.");
  } else {
    const Number n = whole(t.n);
    const Number po = whole(1) - r.observed / n;
    const Number pe = whole(1) - r.expected / n;
    out.notes.push_back(
        "Equivalently, with agreement weights 1 − w_ij: P_o(w) = 1 − Σ w·O/n = " + number_text(po) +
        ", P_e(w) = 1 − Σ w·E/n = " + number_text(pe) + ", and κ_w = (P_o(w) − P_e(w))/(1 − " +
        "P_e(w)) = " + number_text(r.kappa) +
        ": κ's formula, with partial credit for near agreements.");
  }
  return r;
}

void add_kappa_interval(Outcome& out, const JudgesTotals& t, KappaWeights weights,
                        const Number& kappa, bool undefined, Fraction confidence) {
  const auto percent = multiply(confidence, Fraction{100, 1});
  const std::string level = (percent ? short_text(*percent) : short_text(confidence)) + "%";
  const std::string who = "Fleiss, Cohen & Everitt (1969)";
  if (undefined) {
    out.notes.push_back("No " + level + " interval: with every rating in one category, 1 − P_e = " +
                        "0 and the standard error of " + who + " divides by 0.");
    return;
  }
  const LabelMatrix& m = t.judges;
  const std::size_t k = m.labels.size();
  const Number n = whole(t.n);
  std::vector<Number> p_a(k);
  std::vector<Number> p_b(k);
  for (std::size_t c = 0; c < k; ++c) {
    p_a[c] = ratio(t.a_total[c], t.n);
    p_b[c] = ratio(t.b_total[c], t.n);
  }
  // Agreement weights v = 1 − w, each category's mean weight and the chance agreement P_e.
  std::vector<std::vector<Number>> v(k, std::vector<Number>(k));
  std::vector<Number> row_mean(k, whole(0));
  std::vector<Number> column_mean(k, whole(0));
  Number pe = whole(0);
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      v[i][j] = whole(1) - exact_number(disagreement_weight(weights, i, j, k));
      row_mean[i] = row_mean[i] + p_b[j] * v[i][j];
      column_mean[j] = column_mean[j] + p_a[i] * v[i][j];
      pe = pe + v[i][j] * p_a[i] * p_b[j];
    }
  }
  StepTable means{weights == KappaWeights::none
                      ? "Each category's mean agreement weight, with v_ij = 1 where the judges "
                        "agree and 0 elsewhere: v̄_i· = Σ_j p_·j v_ij = p_·i (B's share of i), "
                        "v̄_·j = Σ_i p_i· v_ij = p_j· (A's share of j)"
                      : "Each category's mean agreement weight, with agreement weights v_ij = 1 − "
                        "w_ij: v̄_i· = Σ_j p_·j v_ij (as judge A's category), v̄_·j = Σ_i p_i· "
                        "v_ij (as judge B's)",
                  {"category", "p_i· (judge A)", "p_·j (judge B)", "v̄_i·", "v̄_·j"},
                  {},
                  {}};
  for (std::size_t c = 0; c < k; ++c) {
    means.rows.push_back({text_cell(m.labels[c]), number_cell(p_a[c]), number_cell(p_b[c]),
                          number_cell(row_mean[c]), number_cell(column_mean[c])});
  }
  out.steps.push_back(std::move(means));

  const Number one_minus_kappa = whole(1) - kappa;
  StepTable terms{"The variance's terms, cell by cell (cells with O_ij = 0 add nothing: left out)",
                  {"judge A", "judge B", "p_ij = O_ij/n", "v_ij", "v̄_i· + v̄_·j",
                   "p_ij (v_ij − (v̄_i· + v̄_·j)(1 − κ))²"},
                  {},
                  {}};
  Number spread = whole(0);
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      const std::int64_t o = m.counts[i][j];
      if (o == 0) continue;
      const Number p = ratio(o, t.n);
      const Number means_sum = row_mean[i] + column_mean[j];
      const Number gap = v[i][j] - means_sum * one_minus_kappa;
      const Number term = p * gap * gap;
      spread = spread + term;
      terms.rows.push_back({text_cell(m.labels[i]), text_cell(m.labels[j]), number_cell(p),
                            number_cell(v[i][j]), number_cell(means_sum), number_cell(term)});
    }
  }
  terms.rows.push_back({text_cell("Σ"), text_cell(""), text_cell(""), text_cell(""), text_cell(""),
                        number_cell(spread)});
  terms.highlight.push_back(static_cast<int>(terms.rows.size()) - 1);
  out.steps.push_back(std::move(terms));

  const Number centre = kappa - pe * one_minus_kappa;
  const Number centre_squared = centre * centre;
  const Number one_minus_pe = whole(1) - pe;
  const Number variance = (spread - centre_squared) / (n * one_minus_pe * one_minus_pe);
  const Number se = is_zero_number(variance)
                        ? whole(0)
                        : kappa_decimal(std::sqrt(std::max(0.0, variance.approx)), "√Var(κ)");
  const auto upper_point = divide(*add(Fraction{1, 1}, confidence), Fraction{2, 1});
  const double z = stats::normal_quantile(to_double(*upper_point));
  const std::string quantile = "Φ⁻¹(" + short_text(*upper_point) + ")";
  const Number z_number = kappa_decimal(z, quantile);
  const Number low = kappa_decimal(kappa.approx - z * se.approx, "κ − z·SE");
  const Number high = kappa_decimal(kappa.approx + z * se.approx, "κ + z·SE");
  const std::string interval = "[" + to_decimal(low, 4) + ", " + to_decimal(high, 4) + "]";

  StepTable summary{
      "Standard error of κ (Fleiss, Cohen & Everitt 1969) and its " + level + " interval",
      {"quantity", "formula", "value"},
      {},
      {}};
  summary.rows.push_back(
      {text_cell("P_e, chance agreement"), text_cell("Σ v_ij p_i· p_·j"), number_cell(pe)});
  summary.rows.push_back({text_cell("Σ p_ij (v_ij − (v̄_i· + v̄_·j)(1 − κ))²"),
                          text_cell("the sum above"), number_cell(spread)});
  summary.rows.push_back({text_cell("(κ − P_e (1 − κ))²"),
                          text_cell("(" + number_text(kappa) + " − " + number_text(pe) + " · " +
                                    number_text(one_minus_kappa) + ")²"),
                          number_cell(centre_squared)});
  summary.rows.push_back({text_cell("Var(κ)"),
                          text_cell("(Σ − (κ − P_e (1 − κ))²) / (n (1 − P_e)²), n = " + str(t.n)),
                          number_cell(variance)});
  summary.rows.push_back({text_cell("SE, standard error"), text_cell("√Var(κ)"), number_cell(se)});
  summary.rows.push_back(
      {text_cell("z"), text_cell(quantile + ", the normal quantile"), number_cell(z_number)});
  summary.rows.push_back(
      {text_cell(level + " interval"), text_cell("κ ± z · SE"), text_cell(interval)});
  summary.highlight = {4, 6};
  out.steps.push_back(std::move(summary));

  out.values.push_back({"SE", se});
  out.values.push_back({"CI_low", low});
  out.values.push_back({"CI_high", high});
  std::string note =
      "The " + level + " interval is κ ± z · SE = " + number_text(kappa) + " ± " +
      to_decimal(z_number, 4) + " × " + to_decimal(se, 4) + " = " + interval +
      ", with SE the large-sample standard error of " + who +
      ", \"Large sample standard errors of kappa and weighted kappa\": the std_kappa "
      "of statsmodels' cohens_kappa (its kappa_low and kappa_upp are this interval "
      "at 95%). It rests on the normal approximation, which needs many items";
  if (high.approx > 1.0 || low.approx < -1.0) {
    note += "; here the interval reaches past " + std::string(high.approx > 1.0 ? "1" : "−1") +
            ", where κ cannot go";
  }
  out.notes.push_back(note + ".");
}

}  // namespace irm
