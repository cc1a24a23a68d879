// Paired significance tests over per-query scores of two systems x and y, on the differences
// d_i = x_i − y_i (lecture notes "Week 3: Metrics": "a simple sign test … Wilcoxon test, which
// takes into account the difference between the scores"). Every test takes
// alternative=two-sided|greater|less, where greater is H1: x scores higher than y (d > 0).
//
// sign: n+ = #{d > 0}, n− = #{d < 0}; ties (d = 0) are dropped, n = n+ + n−. Under H0,
//   N+ ~ Binomial(n, 1/2):
//     greater  p = Σ_{k=n+}^{n} C(n,k) / 2^n        less  p = Σ_{k=0}^{n+} C(n,k) / 2^n
//     two-sided p = min(1, 2 Σ_{k=0}^{min(n+,n−)} C(n,k) / 2^n)   (as R's binom.test at 1/2)
//   method=exact (default): a Fraction (binomial coefficients in 128 bits) for n ≤ 60; above,
//   the same sum in log space, log C(n,k) = lgamma(n+1) − lgamma(k+1) − lgamma(n−k+1), added
//   with log-sum-exp: exact to double precision for any n (5,200 : 4,800 gives 6.594e-05),
//   and a p below 1e-300 is written "< 1e-300", never 0. method=normal: the normal
//   approximation with continuity correction, z = (|n+ − n/2| − 1/2) / (√n/2) (two-sided), or
//   (n+ ∓ 1/2 − n/2) / (√n/2) one-sided.
//
// wilcoxon (signed-rank): rank |d| (ties get the average of their ranks), W+ = Σ ranks of d > 0,
//   W− = Σ ranks of d < 0. zero=wilcox (default) drops d = 0 before ranking; zero=pratt ranks
//   them (lowest ranks) and then drops their ranks (Pratt 1959; scipy's zero_method).
//   The statistic is min(W+, W−) two-sided, W+ one-sided.
//   method=exact (default): the null distribution of W+ over all 2^n sign assignments of the
//     ranks 1..n, counted by dynamic programming over rank sums; p = count / 2^n, a Fraction.
//     Possible for n ≤ 50 with no tied |d| and, for pratt, no zeros (else the ranks are not
//     1..n): otherwise it falls back to the normal approximation and says why. For wilcox the
//     zeros are dropped first, so they do not prevent the exact test (a choice: R refuses exact
//     p with zeros; scipy's exact method keeps the reduced n as here).
//   method=normal: μ = (n(n+1) − z0(z0+1))/4, σ² = (n(n+1)(2n+1) − z0(z0+1)(2z0+1))/24 −
//     Σ(t³ − t)/48 over tied groups of non-zero |d| (n counts the zeros only under pratt, z0 =
//     those zeros; scipy's formula), and a continuity correction of 1/2 toward μ:
//       two-sided z = (min(W+, W−) − μ + 1/2)/σ (at most 0), p = min(1, 2Φ(z));
//       greater z = (W+ − μ − 1/2)/σ, p = 1 − Φ(z);  less z = (W+ − μ + 1/2)/σ, p = Φ(z).
//     correction=yes (the default, as before the parameter existed) applies that 1/2;
//     correction=no drops it (z = (W − μ)/σ, SciPy 1.10 scipy.stats.wilcoxon's default
//     correction=False). The exact method has no correction to make.
//
// ttest (paired t): d̄ = Σd/n, s² = Σ(d − d̄)²/(n − 1), SE = s/√n, t = d̄/SE, df = n − 1. d̄, s²
//   and t² = n·d̄²/s² are exact; t and p are irrational. P(|T| ≥ |t|) = I_{df/(df+t²)}(df/2,
//   1/2), the regularized incomplete beta function, by its continued fraction (modified Lentz);
//   one-sided p is half of it or 1 minus half. All differences equal (s = 0): an input error.
//
// randomization (paired permutation test on the mean difference): under H0 each d_i keeps its
//   size and is equally likely to have either sign. p counts the sign assignments whose mean is
//   at least as extreme as the observed one (two-sided |mean| ≥ |d̄|, greater ≥ d̄, less ≤ d̄),
//   the observed assignment included. Zero differences cannot change the mean and are left out
//   of the enumeration (p is unchanged). Exact for up to 2^20 assignments (p = count/2^m, a
//   Fraction); beyond, 100,000 random assignments from splitmix64 with a fixed seed, p = (1 +
//   count)/(1 + 100,000) (the observed assignment counted once). Sums are compared as integers
//   on a common denominator when every d is an exact decimal, else as doubles with a tolerance.
//
// The distributions (Φ, Student's t, the binomial tail in log space) are in
// stats/distributions.cpp (irm/distributions.h), shared with the comparison of runs (compare/).
//
// Every test states H0, H1, its assumptions and a one-sentence reading at α = 0.05 (p ≤ 0.05
// rejects), draws the per-query differences, and lists the other alternatives (wilcoxon: also
// the other zero and method) as Outcome.alternatives. p is never NaN: n = 0 after dropping ties
// gives p = 1, said so.
//
// Golden tests: SIG1 (sign), SIG2 (exact Wilcoxon n = 6), SIG3 (paired t), SIG4 (randomization
// n = 4), SIG5 (Wilcoxon with ties and Pratt, normal), SIG6 (sign, normal approximation)
// (tests/core/golden_significance.cpp).

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <functional>

#include "check_slips.h"
#include "common.h"
#include "irm/distributions.h"
#include "stats/paired_tests.h"
#include "stats/splitmix.h"

namespace irm {
namespace {

enum class Tail { two_sided, greater, less };

Tail tail_of(const MeasureCall& call) {
  const std::string& t = call.param("alternative");
  return t == "greater" ? Tail::greater : t == "less" ? Tail::less : Tail::two_sided;
}

const char* tail_name(Tail tail) {
  switch (tail) {
    case Tail::two_sided:
      return "two-sided";
    case Tail::greater:
      return "greater";
    case Tail::less:
      return "less";
  }
  return "two-sided";
}

constexpr Tail all_tails[] = {Tail::two_sided, Tail::greater, Tail::less};
constexpr std::int64_t sign_exact_limit = 60;          // 2^60 and every C(60, k) fit in 64 bits
constexpr std::int64_t randomization_exact_bits = 20;  // up to 2^20 assignments enumerated
constexpr std::int64_t monte_carlo_samples = 100000;
constexpr std::uint64_t monte_carlo_seed = 20240917;

// --- distributions ------------------------------------------------------------------------------
// In stats/distributions.cpp (irm/distributions.h): Φ, Student's t through the incomplete beta
// function, and the binomial tail at 1/2 in log space.

using stats::normal_cdf;
using stats::normal_upper;
using stats::student_two_sided;

using stats::SplitMix64;

// --- numbers and text ---------------------------------------------------------------------------

int sign_of(const Number& n) {
  if (n.exact) return (n.exact->num > 0) - (n.exact->num < 0);
  return (n.approx > 0.0) - (n.approx < 0.0);
}

Number absolute(const Number& n) { return sign_of(n) < 0 ? whole(0) - n : n; }

// Exact when both are exact; else on the doubles.
int compare_numbers(const Number& a, const Number& b) {
  if (a.exact && b.exact) return compare(*a.exact, *b.exact);
  return a.approx < b.approx ? -1 : (a.approx > b.approx ? 1 : 0);
}

// short_text(const Number&) (irm/number.h) in LaTeX: "0.2", "\frac{61}{300}", "0.1581".
std::string short_latex(const Number& n) {
  if (!n.exact) return to_decimal(n, 4);
  const std::string text = irm::short_text(*n.exact);
  return text.find('/') == std::string::npos ? text : to_latex(*n.exact);
}

Cell short_cell(const Number& n) { return number_cell(short_text(n), n); }

std::string decimal(double v, int digits = 4) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
  std::string s = buffer;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

// A p-value in decimals: 4 places, or 4 significant digits when smaller than 0.001; a p too
// small for a double is its bound ("< 1e-300"), never 0.
std::string p_decimal(const Number& p) {
  if (p.approx == 0.0) return p.formula.rfind("< ", 0) == 0 ? p.formula : "0";
  if (p.approx >= 0.001) return to_decimal(p, 4);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", p.approx);
  return buffer;
}

// "7/64 ≈ 0.1094", "1", "0.1019".
std::string p_text(const Number& p) {
  if (p.exact && p.exact->den == 1) return std::to_string(p.exact->num);
  if (p.exact) return to_string(*p.exact) + " ≈ " + p_decimal(p);
  return p_decimal(p);
}

// Number.formula is plain text (the page and the CLI print it as it is): the LaTeX of a
// working line, such as 2\,\Phi(-2.31) or P(|T_{9}| \ge 3.64), becomes 2·Φ(−2.31) and
// P(|T9| ≥ 3.64).
std::string plain_formula(std::string latex) {
  const std::pair<const char*, const char*> replacements[] = {
      {"\\,", "·"}, {"\\Phi", "Φ"}, {" \\ge ", " ≥ "}, {" \\le ", " ≤ "}, {"_{", ""}, {"}", ""}};
  for (const auto& [from, to] : replacements) {
    for (std::size_t at = latex.find(from); at != std::string::npos;
         at = latex.find(from, at + std::string(to).size())) {
      latex.replace(at, std::string(from).size(), to);
    }
  }
  return latex;
}

Number approximate(double value, const std::string& formula) {
  Number n;
  n.approx = value;
  n.formula = plain_formula(formula);
  return n;
}

bool significant(const Number& p) {
  return p.exact ? compare(*p.exact, Fraction{1, 20}) <= 0 : p.approx <= 0.05;
}

// --- what every test shares
// -----------------------------------------------------------------------

struct Names {
  std::string x;
  std::string y;
};

Names pair_names(const PairedScores& data) { return {data.x_name, data.y_name}; }

// The first cells of a per-query row: the query, and x and y when the input gave them.
std::vector<Cell> query_cells(const PairedScores& data, const PairedQuery& q) {
  std::vector<Cell> row{text_cell(q.id)};
  if (!data.differences_only) {
    row.push_back(number_cell(q.x->text, q.x->value));
    row.push_back(number_cell(q.y->text, q.y->value));
  }
  return row;
}

std::vector<std::string> query_columns(const PairedScores& data) {
  if (data.differences_only) return {"query"};
  const auto named = [](const std::string& symbol, const std::string& name) {
    return name == symbol ? symbol : symbol + " (" + name + ")";
  };
  return {"query", named("x", data.x_name), named("y", data.y_name)};
}

Chart differences_chart(const PairedScores& data) {
  Chart chart;
  chart.id = "differences";
  chart.title = "Per-query differences d = x − y";
  chart.x_label = "query";
  chart.y_label = "d = x − y";
  Series bars{"d = x − y", Series::Kind::bar, {}, false};
  std::int64_t above = 0;
  std::int64_t below = 0;
  for (std::size_t i = 0; i < data.queries.size(); ++i) {
    const Number& d = data.queries[i].difference.value;
    bars.points.emplace_back(static_cast<double>(i), d.approx);
    chart.x_categories.push_back(data.queries[i].id);
    above += sign_of(d) > 0 ? 1 : 0;
    below += sign_of(d) < 0 ? 1 : 0;
  }
  chart.series.push_back(std::move(bars));
  const std::int64_t n = static_cast<std::int64_t>(data.queries.size());
  chart.description = "One bar per query, the difference x − y: " + std::to_string(above) +
                      " above zero (x higher), " + std::to_string(below) +
                      " below zero (y higher) and " + std::to_string(n - above - below) +
                      " at zero, of " + plural(n, "query", "queries") + ".";
  return chart;
}

std::string h1_text(Tail tail, const Names& s) {
  switch (tail) {
    case Tail::two_sided:
      return s.x + " and " + s.y + " differ, in either direction";
    case Tail::greater:
      return s.x + " scores higher than " + s.y;
    case Tail::less:
      return s.x + " scores lower than " + s.y;
  }
  return "";
}

std::string hypotheses_note(const std::string& h0, Tail tail, const Names& s) {
  return "H0: " + h0 + " H1 (alternative=" + tail_name(tail) + "): " + h1_text(tail, s) + ".";
}

// The one-sentence reading at α = 0.05. `evidence` names what the data show, in brackets.
std::string reading_note(const std::string& test, const Number& p, Tail tail, const Names& s,
                         const std::string& evidence) {
  const std::string shown = p_text(p);  // "< 1e-300" for a p below what a double holds
  const std::string start = "At α = 0.05: p " + (shown.rfind("< ", 0) == 0 ? shown : "= " + shown);
  if (significant(p)) {
    const std::string finding = tail == Tail::two_sided ? s.x + " and " + s.y + " differ"
                                : tail == Tail::greater ? s.x + " scores higher than " + s.y
                                                        : s.x + " scores lower than " + s.y;
    return start + " ≤ 0.05, so the " + test + " rejects H0: " + finding +
           ", and the difference is statistically significant (" + evidence + ").";
  }
  const std::string direction = tail == Tail::greater ? " in favour of " + s.x
                                : tail == Tail::less  ? " in favour of " + s.y
                                                      : "";
  return start + " > 0.05, so the " + test +
         " does not reject H0: these queries show no significant difference" + direction +
         " between " + s.x + " and " + s.y + " (" + evidence +
         "), which is not evidence that the two systems are equal.";
}

// Why another alternative gives another p.
std::string tail_why(Tail other, const std::string& two_sided, const std::string& upper,
                     const std::string& lower, const Names& s) {
  switch (other) {
    case Tail::two_sided:
      return "H1: " + h1_text(Tail::two_sided, s) + ": " + two_sided;
    case Tail::greater:
      return "H1: " + h1_text(Tail::greater, s) + ": only the upper tail, " + upper;
    case Tail::less:
      return "H1: " + h1_text(Tail::less, s) + ": only the lower tail, " + lower;
  }
  return "";
}

std::string query_list(const std::vector<std::string>& ids) {
  std::string out;
  const std::size_t shown = std::min<std::size_t>(ids.size(), 8);
  for (std::size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + ids[i];
  if (ids.size() > shown) out += ", …";
  return out;
}

// --- sign test
// ------------------------------------------------------------------------------------

struct TestP {
  Number p;
  std::string working;  // LaTeX
  std::optional<Number> z;
  std::string method;  // how p was found, for the notes
};

// The values k of N+ whose probabilities the sign test adds, [low, high]: the smaller tail up to
// min(n+, n−) (two-sided, then doubled), k ≥ n+ (greater) or k ≤ n+ (less).
std::pair<std::int64_t, std::int64_t> tail_range(std::int64_t n, std::int64_t plus, Tail tail) {
  switch (tail) {
    case Tail::two_sided:
      return {0, std::min(plus, n - plus)};
    case Tail::greater:
      return {plus, n};
    case Tail::less:
      return {0, plus};
  }
  return {0, 0};
}

// The smallest p written as a number; below it p is "< 1e-300" (a double would round it to 0).
constexpr double smallest_p_shown = 1e-300;

// p of the sign test for n > sign_exact_limit, exact to double precision: the binomial tail
// summed in log space (log-sum-exp), so neither C(n, k) nor 2^n overflows.
TestP sign_p_log_space(std::int64_t n, std::int64_t plus, Tail tail) {
  TestP out;
  const auto [low, high] = tail_range(n, plus, tail);
  double log_p = stats::log_binomial_half_tail(n, low, high);
  if (tail == Tail::two_sided) log_p = std::min(0.0, log_p + std::log(2.0));
  const std::string N = std::to_string(n);
  const std::string sum = "\\sum_{k=" + std::to_string(low) + "}^{" + std::to_string(high) +
                          "} \\binom{" + N + "}{k} \\frac{1}{2^{" + N + "}}";
  const std::string lhs = tail == Tail::two_sided ? "p = 2 " + sum : "p = " + sum;
  if (log_p < std::log(smallest_p_shown)) {
    out.p = approximate(0.0, "< 1e-300");
    out.working = lhs + " < 10^{-300}";
  } else {
    out.p = approximate(std::exp(log_p), "binomial tail, summed in log space");
    out.working = lhs + " = " + p_decimal(out.p);
  }
  out.method = "p is exact: N+ follows Binomial(" + N + ", 1/2) under H0, and p adds C(" + N +
               ", k)/2^" + N + " over the tail; with n = " + N +
               " the terms are summed as logarithms " + "(lgamma), exact to double precision" +
               (log_p < std::log(smallest_p_shown) ? ", and p is below 1e-300." : ".");
  return out;
}

// p of the sign test for n+ = `plus` of n; the binomial terms go into `table` when given.
// `normal`: the normal approximation (method=normal) whatever n is.
TestP sign_p(std::int64_t n, std::int64_t plus, Tail tail, StepTable* table, bool normal) {
  TestP out;
  if (!normal && n > sign_exact_limit) return sign_p_log_space(n, plus, tail);
  if (!normal) {
    const auto [low, high] = tail_range(n, plus, tail);
    using Wide = unsigned __int128;
    const std::int64_t total = std::int64_t{1} << n;
    // C(n, k+1) = C(n, k)·(n − k)/(k + 1), exact because C(n, k)·(n − k) = C(n, k+1)·(k + 1).
    Wide c = 1;
    for (std::int64_t k = 0; k < low; ++k) c = c * static_cast<Wide>(n - k) / (k + 1);
    Wide sum = 0;
    std::vector<std::string> terms;
    for (std::int64_t k = low; k <= high; ++k) {
      sum += c;
      const auto term = static_cast<std::int64_t>(c);
      terms.push_back(std::to_string(term));
      if (table != nullptr) {
        table->rows.push_back({text_cell(std::to_string(k)), text_cell(std::to_string(term)),
                               number_cell(ratio(term, total)),
                               number_cell(ratio(static_cast<std::int64_t>(sum), total))});
      }
      c = c * static_cast<Wide>(n - k) / (k + 1);
    }
    const auto s = static_cast<std::int64_t>(sum);
    const std::string N = std::to_string(n);
    const std::string sigma = "\\sum_{k=" + std::to_string(low) + "}^{" + std::to_string(high) +
                              "} \\binom{" + N + "}{k}";
    const std::string written =
        terms.size() > 1 ? "\\frac{" + latex_sum(terms) + "}{" + std::to_string(total) + "} = "
                         : "";
    if (tail == Tail::two_sided) {
      const bool capped = 2 * s >= total;
      out.p = capped ? whole(1) : ratio(2 * s, total);
      const std::string twice =
          "2 \\cdot \\frac{" + std::to_string(s) + "}{" + std::to_string(total) + "}";
      out.working = "p = 2 \\cdot \\frac{1}{2^{" + N + "}} " + sigma + " = 2 \\cdot " + written +
                    twice +
                    (capped ? (2 * s == total ? " = 1" : " > 1,\\ \\text{so } p = 1")
                            : " = " + latex_value(out.p));
    } else {
      out.p = ratio(s, total);
      out.working = "p = \\frac{1}{2^{" + N + "}} " + sigma + " = " + written +
                    latex_quotient(s, total, out.p);
    }
    out.method = "p is exact: N+ follows Binomial(" + N +
                 ", 1/2) under H0, and p adds the probabilities C(" + N + ", k)/2^" + N +
                 " over the tail (the table).";
    return out;
  }
  // Normal approximation: N+ has mean n/2 and standard deviation √n/2; the 1/2 moves the count
  // to the edge of its bar (continuity correction).
  const double half_n = static_cast<double>(n) / 2.0;
  const double sd = std::sqrt(static_cast<double>(n)) / 2.0;
  const double k = static_cast<double>(plus);
  const std::string frame = "\\sqrt{" + std::to_string(n) + "}/2";
  const std::string half_text = std::to_string(n / 2) + (n % 2 == 1 ? ".5" : "");
  double numerator = 0.0;
  std::string numerator_text;
  switch (tail) {
    case Tail::two_sided:
      numerator = std::max(0.0, std::fabs(k - half_n) - 0.5);
      numerator_text = "|" + std::to_string(plus) + " - " + half_text + "| - 0.5";
      break;
    case Tail::greater:
      numerator = k - 0.5 - half_n;
      numerator_text = std::to_string(plus) + " - 0.5 - " + half_text;
      break;
    case Tail::less:
      numerator = k + 0.5 - half_n;
      numerator_text = std::to_string(plus) + " + 0.5 - " + half_text;
      break;
  }
  const double z = numerator / sd;
  double p = 0.0;
  std::string p_formula;
  switch (tail) {
    case Tail::two_sided:
      p = std::min(1.0, 2.0 * normal_upper(z));
      p_formula = "2 (1 - \\Phi(" + decimal(z) + "))";
      break;
    case Tail::greater:
      p = normal_upper(z);
      p_formula = "1 - \\Phi(" + decimal(z) + ")";
      break;
    case Tail::less:
      p = normal_cdf(z);
      p_formula = "\\Phi(" + decimal(z) + ")";
      break;
  }
  out.z = approximate(z, "(" + numerator_text + ") / (√" + std::to_string(n) + "/2)");
  out.p = approximate(p, p_formula);
  out.working = "z = \\frac{" + numerator_text + "}{" + frame + "} = \\frac{" + decimal(numerator) +
                "}{" + decimal(sd) + "} = " + decimal(z) + ",\\qquad p = " + p_formula + " = " +
                p_decimal(out.p);
  out.method = "p uses the normal approximation to Binomial(" + std::to_string(n) +
               ", 1/2) (method=normal): mean n/2 = " + half_text + ", standard deviation √n/2 ≈ " +
               decimal(sd) + ", with a continuity correction of 1/2.";
  return out;
}

// --- Wilcoxon signed-rank -----------------------------------------------------------------------

struct Wilcoxon {
  Number w_plus;
  Number w_minus;
  Number statistic;
  std::optional<Number> z;
  Number p;
  bool exact = false;
  std::int64_t n = 0;      // differences whose ranks count (non-zero)
  std::int64_t zeros = 0;  // d = 0
  std::string working;
  std::vector<StepTable> steps;
  std::vector<std::string> notes;
  std::string fallback;  // why method=exact could not be used; empty when it was, or not asked
};

Wilcoxon wilcoxon(const PairedScores& data, Tail tail, bool pratt, bool want_exact,
                  bool continuity) {
  Wilcoxon out;
  const std::size_t count = data.queries.size();
  std::vector<Number> size(count);
  std::vector<std::string> zero_ids;
  for (std::size_t i = 0; i < count; ++i) {
    size[i] = absolute(data.queries[i].difference.value);
    if (sign_of(size[i]) == 0) zero_ids.push_back(data.queries[i].id);
  }
  const stats::SignedRanks r = stats::signed_ranks(
      count, pratt, [&](std::size_t i) { return sign_of(data.queries[i].difference.value); },
      [&](std::size_t a, std::size_t b) { return compare_numbers(size[a], size[b]) < 0; },
      [&](std::size_t first, std::size_t j) { return compare_numbers(size[first], size[j]) == 0; });
  out.zeros = r.zeros;
  out.n = r.n;
  const std::vector<std::int64_t>& twice_rank = r.twice_rank;

  // Ranks 1..m of |d|; a group of equal |d| shares the average of its ranks, kept doubled so
  // that averages such as 5.5 stay whole numbers.
  StepTable ties{"Tied |d|: the average rank and the tie correction",
                 {"|d|", "queries tied t", "ranks", "average rank", "t³ − t"},
                 {},
                 {}};
  const std::int64_t tie_sum = r.tie_sum;
  std::vector<std::string> tie_parts;
  for (const stats::SignedRanks::Tie& tie : r.ties) {
    const auto first = static_cast<std::int64_t>(tie.first + 1);
    const auto t = static_cast<std::int64_t>(tie.count);
    const std::int64_t last = first + t - 1;
    const Number& tied = size[r.order[tie.first]];
    const std::string ranks = std::to_string(first) + "–" + std::to_string(last);
    const Number average = ratio(first + last, 2);
    ties.rows.push_back({short_cell(tied), text_cell(std::to_string(t)), text_cell(ranks),
                         short_cell(average), text_cell(std::to_string(t * t * t - t))});
    tie_parts.push_back(short_text(tied) + " (ranks " + ranks + " → " + short_text(average) + ")");
  }

  std::vector<std::string> columns = query_columns(data);
  columns.insert(columns.end(), {"d = x − y", "|d|", "rank of |d|", "signed rank"});
  StepTable ranks{"Differences ranked by size", columns, {}, {}};
  const std::int64_t twice_plus = r.twice_plus;
  const std::int64_t twice_minus = r.twice_minus;
  for (std::size_t i = 0; i < count; ++i) {
    const PairedQuery& q = data.queries[i];
    std::vector<Cell> row = query_cells(data, q);
    row.push_back(number_cell(q.difference.text, q.difference.value));
    row.push_back(short_cell(size[i]));
    const int sign = sign_of(q.difference.value);
    const Number rank = ratio(twice_rank[i], 2);
    if (sign == 0) {
      row.push_back(pratt ? short_cell(rank) : text_cell("— (d = 0, dropped)"));
      row.push_back(text_cell(pratt ? "0 (rank dropped)" : "—"));
    } else {
      row.push_back(short_cell(rank));
      row.push_back(short_cell(sign > 0 ? rank : whole(0) - rank));
    }
    ranks.rows.push_back(std::move(row));
  }
  ranks.rows.push_back({text_cell("W+ = " + short_text(ratio(twice_plus, 2))),
                        text_cell("W− = " + short_text(ratio(twice_minus, 2)))});
  while (ranks.rows.back().size() < columns.size()) ranks.rows.back().push_back(text_cell(""));
  out.w_plus = ratio(twice_plus, 2);
  out.w_minus = ratio(twice_minus, 2);
  out.statistic =
      tail == Tail::two_sided ? ratio(std::min(twice_plus, twice_minus), 2) : out.w_plus;
  out.steps.push_back(std::move(ranks));

  if (out.zeros > 0) {
    const bool one = out.zeros == 1;
    out.notes.push_back(
        pratt ? "zero=pratt: " + plural(out.zeros, "difference is", "differences are") + " 0 (" +
                    query_list(zero_ids) + "); " + (one ? "it is" : "they are") +
                    " ranked with the others, taking the lowest " + (one ? "rank" : "ranks") +
                    ", and then " + (one ? "its rank is" : "their ranks are") +
                    " dropped from W+ and W−; n = " + std::to_string(count) +
                    " in μ and σ² counts the zeros."
              : "zero=wilcox: " + plural(out.zeros, "difference is", "differences are") + " 0 (" +
                    query_list(zero_ids) +
                    ") and dropped before ranking, so n = " + std::to_string(out.n) + ".");
  }
  if (!tie_parts.empty()) {
    std::string parts;
    for (std::size_t i = 0; i < tie_parts.size(); ++i) parts += (i ? ", " : "") + tie_parts[i];
    out.notes.push_back("Tied |d| share the average of their ranks: " + parts + ".");
  }
  out.notes.push_back(
      tail == Tail::two_sided
          ? "The statistic is the smaller of W+ and W−: " + short_text(out.statistic) + "."
          : "For a one-sided test the statistic is W+ itself (" + short_text(out.w_plus) +
                "): a large W+ favours x > y.");

  // Which method: the exact table needs the ranks 1..n (no ties, no Pratt zeros).
  const bool exact_possible = stats::wilcoxon_exact_possible(r, pratt);
  if (want_exact && !exact_possible) {
    out.fallback = !tie_parts.empty() ? "some |d| are tied, so the ranks are not 1, 2, …, n"
                   : (pratt && out.zeros > 0)
                       ? "zero=pratt leaves the ranks of the zeros out, so the ranks that count "
                         "are not 1, 2, …, n"
                       : "n = " + std::to_string(out.n) + " is above " +
                             std::to_string(stats::wilcoxon_exact_limit) +
                             ", the largest n whose 2^n sign assignments are counted";
  }
  out.exact = want_exact && exact_possible;
  const std::string N = std::to_string(out.n);
  if (out.exact) {
    // Under H0 each rank 1..n carries + or − with probability 1/2; ways[w] counts the sign
    // assignments with W+ = w.
    const std::int64_t top = out.n * (out.n + 1) / 2;
    const std::vector<std::int64_t> ways = stats::signed_rank_counts(out.n);
    const std::int64_t total = std::int64_t{1} << out.n;
    const std::int64_t w_plus = twice_plus / 2;
    // The lower tail P(W+ ≤ bound); greater uses the symmetry P(W+ ≥ w) = P(W+ ≤ top − w).
    const std::int64_t bound = tail == Tail::two_sided ? std::min(twice_plus, twice_minus) / 2
                               : tail == Tail::greater ? top - w_plus
                                                       : w_plus;
    StepTable table{"Null distribution of W+ for n = " + N + ": sign assignments with W+ = w",
                    {"w", "sign assignments with W+ = w", "P(W+ = w)", "P(W+ ≤ w)"},
                    {},
                    {}};
    std::int64_t tail_count = 0;
    std::vector<std::string> terms;
    for (std::int64_t w = 0; w <= bound; ++w) {
      const std::int64_t assignments = ways[static_cast<std::size_t>(w)];
      tail_count += assignments;
      terms.push_back(std::to_string(assignments));
      table.rows.push_back({text_cell(std::to_string(w)), text_cell(std::to_string(assignments)),
                            number_cell(ratio(assignments, total)),
                            number_cell(ratio(tail_count, total))});
    }
    const std::string sum_text =
        terms.size() > 1 ? "\\frac{" + latex_sum(terms) + "}{" + std::to_string(total) + "} = "
                         : "";
    const std::string count_text =
        "\\frac{" + std::to_string(tail_count) + "}{" + std::to_string(total) + "}";
    if (tail == Tail::two_sided) {
      const bool capped = 2 * tail_count >= total;
      out.p = capped ? whole(1) : ratio(2 * tail_count, total);
      out.working = "p = 2 \\cdot P(W_+ \\le " + std::to_string(bound) + ") = 2 \\cdot " +
                    sum_text + "2 \\cdot " + count_text +
                    (capped ? (2 * tail_count == total ? " = 1" : " > 1,\\ \\text{so } p = 1")
                            : " = " + latex_value(out.p));
      // "2 · 2 ·" when the sum has one term reads badly; drop the repeated factor.
      if (terms.size() <= 1) {
        out.working = "p = 2 \\cdot P(W_+ \\le " + std::to_string(bound) + ") = 2 \\cdot " +
                      count_text +
                      (capped ? (2 * tail_count == total ? " = 1" : " > 1,\\ \\text{so } p = 1")
                              : " = " + latex_value(out.p));
      }
    } else {
      out.p = ratio(tail_count, total);
      const std::string event = tail == Tail::greater
                                    ? "P(W_+ \\ge " + std::to_string(w_plus) + ") = P(W_+ \\le " +
                                          std::to_string(top) + " - " + std::to_string(w_plus) + ")"
                                    : "P(W_+ \\le " + std::to_string(w_plus) + ")";
      out.working = "p = " + event + " = " + sum_text + latex_quotient(tail_count, total, out.p);
    }
    if (table.rows.size() <= 60) out.steps.push_back(std::move(table));
    out.notes.push_back(
        "p is exact: under H0 each of the ranks 1, …, " + N +
        " is equally likely to carry + or −, so all 2^" + N + " = " + std::to_string(total) +
        " sign assignments are equally likely; the table counts those with W+ = w" +
        (tail == Tail::greater ? " (by symmetry, P(W+ ≥ " + std::to_string(w_plus) + ") = P(W+ ≤ " +
                                     std::to_string(top - w_plus) + "))"
                               : "") +
        ".");
  } else {
    // Normal approximation. Under pratt the zeros keep their place in the ranking, so the mean
    // and variance are those of ranks 1..n_all less the zeros' ranks 1..z0.
    const stats::WilcoxonMoments moments = stats::wilcoxon_moments(r, pratt);
    const std::int64_t z0 = moments.z0;
    const std::int64_t all = moments.all;
    const Number mean = ratio(moments.mean_times_4<std::int64_t>(), 4);
    const Number untied = ratio(moments.untied_variance_times_24<std::int64_t>(), 24);
    const Number variance = untied - ratio(tie_sum, 48);
    const double sigma = std::sqrt(std::max(0.0, variance.approx));
    const Number correction = continuity ? ratio(tail == Tail::greater ? -1 : 1, 2) : whole(0);
    Number shift = out.statistic - mean + correction;
    // Two-sided: the statistic is at most the mean; a correction that passes the mean gives 0.
    if (tail == Tail::two_sided && sign_of(shift) > 0) shift = whole(0);
    const double z = sigma > 0.0 ? shift.approx / sigma : 0.0;
    double p = 1.0;
    std::string p_formula;
    switch (tail) {
      case Tail::two_sided:
        p = sigma > 0.0 ? std::min(1.0, 2.0 * normal_cdf(z)) : 1.0;
        p_formula = "2\\,\\Phi(" + decimal(z) + ")";
        break;
      case Tail::greater:
        p = sigma > 0.0 ? normal_upper(z) : 1.0;
        p_formula = "1 - \\Phi(" + decimal(z) + ")";
        break;
      case Tail::less:
        p = sigma > 0.0 ? normal_cdf(z) : 1.0;
        p_formula = "\\Phi(" + decimal(z) + ")";
        break;
    }
    out.z = approximate(z, "(" + short_text(out.statistic) + " − " + short_text(mean) +
                               (!continuity             ? ""
                                : tail == Tail::greater ? " − 1/2"
                                                        : " + 1/2") +
                               ") / √" + short_text(variance));
    out.p = approximate(p, p_formula);
    const std::string n_text = std::to_string(all);
    const std::string mean_formula = z0 > 0 ? "\\frac{n(n+1) - z_0(z_0+1)}{4} = \\frac{" + n_text +
                                                  " \\cdot " + std::to_string(all + 1) + " - " +
                                                  std::to_string(z0) + " \\cdot " +
                                                  std::to_string(z0 + 1) + "}{4}"
                                            : "\\frac{n(n+1)}{4} = \\frac{" + n_text + " \\cdot " +
                                                  std::to_string(all + 1) + "}{4}";
    const std::string variance_formula =
        std::string(z0 > 0 ? "\\frac{n(n+1)(2n+1) - z_0(z_0+1)(2z_0+1)}{24}"
                           : "\\frac{n(n+1)(2n+1)}{24}") +
        (tie_sum > 0 ? " - \\frac{\\sum (t^3 - t)}{48} = " + short_latex(untied) + " - \\frac{" +
                           std::to_string(tie_sum) + "}{48}"
                     : "");
    out.working = "\\begin{gathered}\\mu = " + mean_formula + " = " + short_latex(mean) +
                  ",\\qquad \\sigma^2 = " + variance_formula + " = " + short_latex(variance) +
                  "\\\\ z = \\frac{" + short_latex(out.statistic) + " - " + short_latex(mean) +
                  (!continuity             ? ""
                   : tail == Tail::greater ? " - \\tfrac12"
                                           : " + \\tfrac12") +
                  "}{\\sqrt{" + short_latex(variance) + "}} = " + decimal(z) +
                  ",\\qquad p = " + p_formula + " = " + p_decimal(out.p) + "\\end{gathered}";
    if (sigma <= 0.0) {
      out.working = "p = 1";
    }
    out.notes.push_back(
        "p uses the normal approximation: under H0, W+ has mean μ = " + short_text(mean) +
        " and variance σ² = " + short_text(variance) +
        (tie_sum > 0 ? " (reduced by Σ(t³ − t)/48 = " + short_text(ratio(tie_sum, 48)) +
                           " for the tied ranks: the tie correction)"
                     : "") +
        (z0 > 0 ? std::string(" (the ") + (z0 == 1 ? "zero's rank" : "zeros' ranks") +
                      " taken out of n = " + std::to_string(all) +
                      ", as Pratt's method keeps the zeros in the ranking)"
                : "") +
        (continuity ? ", and z moves the statistic 1/2 toward μ (continuity correction=yes)."
                    : ", and z uses the statistic as it is (correction=no: no continuity "
                      "correction)."));
  }
  if (out.n == 0) {
    out.notes.push_back(
        "Every difference is 0, so no rank counts: W+ = W− = 0 and there is nothing to test; "
        "p = 1.");
  }
  if (!out.fallback.empty()) {
    out.notes.push_back("method=exact cannot be used here: " + out.fallback +
                        ". The normal approximation is used instead.");
  }
  if (tie_sum > 0) out.steps.push_back(std::move(ties));
  return out;
}

// --- randomization ------------------------------------------------------------------------------

struct Randomization {
  Number p;
  Number mean;
  std::int64_t used = 0;  // non-zero differences, whose signs are flipped
  bool exact = false;
  std::int64_t assignments = 0;  // 2^m, or the number of random samples
  std::int64_t extreme[3] = {};  // counts for two-sided, greater, less
  StepTable table;               // every assignment when m ≤ 6
  bool integers = true;          // sums compared exactly on a common denominator
};

std::size_t tail_index(Tail tail) { return static_cast<std::size_t>(tail); }

// count / 2^m when enumerated; (1 + hits)/(1 + samples) when sampled (count includes the 1).
Number randomization_p(const Randomization& r, Tail tail) {
  const std::int64_t count = r.extreme[tail_index(tail)];
  return r.exact ? ratio(count, r.assignments) : ratio(count, monte_carlo_samples + 1);
}

// Counts how often a sign assignment's sum is as extreme as `observed`, for each tail. Value is
// std::int64_t (exact, on a common denominator) or double (compared with a tolerance).
template <class Value>
void count_extreme(const std::vector<Value>& values, Value observed, Value tolerance,
                   Randomization& out, const std::function<void(std::uint64_t, Value)>& row) {
  const std::size_t m = values.size();
  const Value magnitude = observed < 0 ? -observed : observed;
  const auto tally = [&](Value sum) {
    const Value size = sum < 0 ? -sum : sum;
    out.extreme[0] += size >= magnitude - tolerance ? 1 : 0;
    out.extreme[1] += sum >= observed - tolerance ? 1 : 0;
    out.extreme[2] += sum <= observed + tolerance ? 1 : 0;
  };
  // Bit i of an assignment flips difference i; mask 0 is the observed one. To keep 100,000
  // samples of many queries fast, the sums go 8 differences at a time (stats::SignSums).
  const stats::SignSums<Value> sums(values);
  if (out.exact) {
    const std::uint64_t total = std::uint64_t{1} << m;
    for (std::uint64_t mask = 0; mask < total; ++mask) {
      const Value sum = sums.sum(mask);
      tally(sum);
      if (row) row(mask, sum);
    }
    return;
  }
  SplitMix64 random{monte_carlo_seed};
  tally(observed);  // the observed assignment counts as one sample
  std::vector<std::uint64_t> bits(sums.words());
  for (std::int64_t s = 0; s < monte_carlo_samples; ++s) {
    for (std::uint64_t& word : bits) word = random.next();
    tally(sums.sum(bits.data()));
  }
}

Randomization randomization(const PairedScores& data, Tail tail) {
  Randomization out;
  std::vector<const PairedQuery*> used;
  Number total = whole(0);
  for (const PairedQuery& q : data.queries) {
    total = total + q.difference.value;
    if (sign_of(q.difference.value) != 0) used.push_back(&q);
  }
  const auto n = static_cast<std::int64_t>(data.queries.size());
  out.mean = total / whole(n);
  out.used = static_cast<std::int64_t>(used.size());
  out.exact = out.used <= randomization_exact_bits;
  out.assignments = out.exact ? std::int64_t{1} << out.used : monte_carlo_samples + 1;

  // A common denominator L for exact comparison: every d·L a whole number, Σ|d·L| within 2^62.
  using Wide = __int128;
  Wide common = 1;
  for (const PairedQuery* q : used) {
    const auto& exact = q->difference.value.exact;
    if (!exact || q->difference.value.overflow) {
      out.integers = false;
      break;
    }
    Wide a = common;
    Wide b = exact->den;
    while (b != 0) {
      const Wide t = a % b;
      a = b;
      b = t;
    }
    common = common / a * exact->den;
    if (common > (Wide{1} << 62)) {
      out.integers = false;
      break;
    }
  }
  std::vector<std::int64_t> scaled;
  Wide magnitude = 0;
  if (out.integers) {
    for (const PairedQuery* q : used) {
      const Fraction f = *q->difference.value.exact;
      const Wide v = static_cast<Wide>(f.num) * (common / f.den);
      magnitude += v < 0 ? -v : v;
      if (magnitude > (Wide{1} << 62)) {
        out.integers = false;
        break;
      }
      scaled.push_back(static_cast<std::int64_t>(v));
    }
  }
  const bool show = out.exact && out.used <= 6;
  out.table = StepTable{"Every sign assignment of the non-zero differences",
                        {"assignment", "signs", "sum of the signed d", "mean", "as extreme?"},
                        {},
                        {}};
  const auto as_extreme = [&](bool two, bool up, bool down) {
    return tail == Tail::two_sided ? two : tail == Tail::greater ? up : down;
  };
  const auto signs_text = [&](std::uint64_t mask) {
    std::string s;
    for (std::int64_t i = 0; i < out.used; ++i) {
      const int sign = sign_of(used[static_cast<std::size_t>(i)]->difference.value);
      const bool flipped = (mask >> i) & 1U;
      s += std::string(i ? " " : "") + ((sign > 0) != flipped ? "+" : "−");
    }
    return s;
  };
  if (out.integers) {
    std::int64_t observed = 0;
    for (const std::int64_t v : scaled) observed += v;
    const auto scale = static_cast<std::int64_t>(common);
    count_extreme<std::int64_t>(
        scaled, observed, 0, out,
        show ? std::function<void(std::uint64_t, std::int64_t)>([&](std::uint64_t mask,
                                                                    std::int64_t sum) {
          const Number s = ratio(sum, scale);
          const Number mean = s / whole(n);
          const std::int64_t size = sum < 0 ? -sum : sum;
          const std::int64_t obs = observed < 0 ? -observed : observed;
          const bool extreme = as_extreme(size >= obs, sum >= observed, sum <= observed);
          out.table.rows.push_back({text_cell(mask == 0 ? "observed" : std::to_string(mask + 1)),
                                    text_cell(signs_text(mask)), short_cell(s), short_cell(mean),
                                    text_cell(extreme ? "yes" : "")});
          if (extreme) out.table.highlight.push_back(static_cast<int>(mask));
        })
             : nullptr);
  } else {
    std::vector<double> values;
    double observed = 0.0;
    double largest = 0.0;
    for (const PairedQuery* q : used) {
      values.push_back(q->difference.value.approx);
      observed += q->difference.value.approx;
      largest += std::fabs(q->difference.value.approx);
    }
    count_extreme<double>(
        values, observed, 1e-9 * largest, out,
        show ? std::function<void(std::uint64_t, double)>([&](std::uint64_t mask, double sum) {
          const double tolerance = 1e-9 * largest;
          const bool extreme = as_extreme(std::fabs(sum) >= std::fabs(observed) - tolerance,
                                          sum >= observed - tolerance, sum <= observed + tolerance);
          out.table.rows.push_back({text_cell(mask == 0 ? "observed" : std::to_string(mask + 1)),
                                    text_cell(signs_text(mask)), short_cell(approximate(sum, "")),
                                    short_cell(approximate(sum / static_cast<double>(n), "")),
                                    text_cell(extreme ? "yes" : "")});
          if (extreme) out.table.highlight.push_back(static_cast<int>(mask));
        })
             : nullptr);
  }
  out.p = randomization_p(out, tail);
  return out;
}

}  // namespace

// --- the four measures
// ------------------------------------------------------------------------------

static Result<Outcome> run_sign_test(const MeasureCall& call, const Inputs& in) {
  const PairedScores& data = *in.paired;
  const Tail tail = tail_of(call);
  const Names s = pair_names(data);
  Outcome out = start_outcome(call, in);

  std::vector<std::string> columns = query_columns(data);
  columns.insert(columns.end(), {"d = x − y", "sign"});
  StepTable signs{"The sign of each difference", columns, {}, {}};
  std::int64_t plus = 0;
  std::int64_t minus = 0;
  std::vector<std::string> tied;
  for (const PairedQuery& q : data.queries) {
    std::vector<Cell> row = query_cells(data, q);
    row.push_back(number_cell(q.difference.text, q.difference.value));
    const int sign = sign_of(q.difference.value);
    if (sign > 0) ++plus;
    if (sign < 0) ++minus;
    if (sign == 0) tied.push_back(q.id);
    row.push_back(text_cell(sign > 0 ? "+" : sign < 0 ? "−" : "0 (tie, dropped)"));
    signs.rows.push_back(std::move(row));
  }
  const std::int64_t n = plus + minus;
  signs.rows.push_back(
      {text_cell("n+ = " + std::to_string(plus) + ", n− = " + std::to_string(minus) +
                 ", ties = " + std::to_string(tied.size()))});
  while (signs.rows.back().size() < columns.size()) signs.rows.back().push_back(text_cell(""));

  const std::string N = std::to_string(n);
  StepTable binomial{"Binomial probabilities of the tail: N+ ~ Binomial(" + N + ", 1/2)",
                     {"k", "C(" + N + ", k)", "C(" + N + ", k)/2^" + N, "running sum"},
                     {},
                     {}};
  const bool normal = call.param("method") == "normal";
  const TestP result = sign_p(n, plus, tail, &binomial, normal);
  out.value = result.p;
  out.label = "p";
  out.values = {{"n_plus", whole(plus)},
                {"n_minus", whole(minus)},
                {"p", result.p},
                {"ties", whole(static_cast<std::int64_t>(tied.size()))},
                {"n", whole(n)}};
  if (result.z) out.values.emplace_back("z", *result.z);
  out.working = result.working;
  out.steps.push_back(std::move(signs));
  if (!binomial.rows.empty()) out.steps.push_back(std::move(binomial));

  out.notes.push_back(
      tied.empty() ? "No difference is 0, so every query counts: n = " + N + "."
                   : plural(static_cast<std::int64_t>(tied.size()), "query has", "queries have") +
                         " d = 0 (" + query_list(tied) +
                         "): ties favour neither system and are "
                         "dropped, so n = " +
                         N + ".");
  if (n == 0) {
    out.notes.push_back(
        "Every difference is 0, so no query favours either system: there is nothing to test, "
        "and p = 1.");
  }
  out.notes.push_back(result.method);
  if (tail == Tail::two_sided && n > 0) {
    out.notes.push_back("Two-sided: p doubles the smaller tail, P(N+ ≤ min(n+, n−)) = P(N+ ≤ " +
                        std::to_string(std::min(plus, minus)) + "), and is at most 1.");
  }
  out.notes.push_back(hypotheses_note(
      "on each query, " + s.x + " and " + s.y +
          " are equally likely to score higher (the median difference is 0), so n+ follows "
          "Binomial(n, 1/2).",
      tail, s));
  out.notes.push_back(
      "Assumptions: the queries are independent; only the direction of each difference is used, "
      "not its size, so the test assumes nothing about how the differences are distributed.");
  out.notes.push_back(reading_note("sign test", result.p, tail, s,
                                   s.x + " is higher on " + std::to_string(plus) +
                                       " and lower on " + std::to_string(minus) + " of the " + N +
                                       " untied queries"));
  const std::string two =
      "twice the smaller tail, 2·P(N+ ≤ " + std::to_string(std::min(plus, minus)) + "), at most 1";
  const std::string upper = "P(N+ ≥ " + std::to_string(plus) + ")";
  const std::string lower = "P(N+ ≤ " + std::to_string(plus) + ")";
  for (const Tail other : all_tails) {
    if (other == tail) continue;
    out.alternatives.push_back({canonical_name(call.with("alternative", tail_name(other))),
                                sign_p(n, plus, other, nullptr, normal).p,
                                tail_why(other, two, upper, lower, s)});
  }
  if (n > 0) {
    out.alternatives.push_back(
        {canonical_name(call.with("method", normal ? "exact" : "normal")),
         sign_p(n, plus, tail, nullptr, !normal).p,
         normal ? "the exact binomial tail instead of the normal approximation"
                : "the normal approximation to Binomial(" + N +
                      ", 1/2) with a continuity correction, as some textbooks do for large n"});
  }
  out.charts.push_back(differences_chart(data));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_wilcoxon(const MeasureCall& call, const Inputs& in) {
  const PairedScores& data = *in.paired;
  const Tail tail = tail_of(call);
  const bool pratt = call.param("zero") == "pratt";
  const bool want_exact = call.param("method") == "exact";
  const Names s = pair_names(data);
  const bool continuity = call.param("correction") != "no";
  const Wilcoxon w = wilcoxon(data, tail, pratt, want_exact, continuity);
  Outcome out = start_outcome(call, in);
  out.value = w.p;
  out.label = "p";
  out.values = {{"W_plus", w.w_plus}, {"W_minus", w.w_minus}, {"statistic", w.statistic}};
  if (w.z) out.values.emplace_back("z", *w.z);
  out.values.emplace_back("p", w.p);
  out.values.emplace_back("n", whole(w.n));
  out.values.emplace_back("zeros", whole(w.zeros));
  out.working = "W_+ = " + short_latex(w.w_plus) + ",\\quad W_- = " + short_latex(w.w_minus) +
                ",\\qquad " + w.working;
  out.steps = w.steps;
  out.notes.insert(out.notes.end(), w.notes.begin(), w.notes.end());
  out.notes.push_back(hypotheses_note(
      "the differences d = x − y are symmetric about 0, so each rank is equally likely to carry "
      "a + or a − sign.",
      tail, s));
  out.notes.push_back(
      "Assumptions: the queries are independent, and the differences can be ordered by size "
      "(their ranks mean something) and are symmetric about their median under H0; no normal "
      "distribution is assumed.");
  out.notes.push_back(
      reading_note("Wilcoxon signed-rank test", w.p, tail, s,
                   "W+ = " + short_text(w.w_plus) + " against W− = " + short_text(w.w_minus)));

  const std::string stat = short_text(w.w_plus);
  const Number& smaller = compare_numbers(w.w_plus, w.w_minus) <= 0 ? w.w_plus : w.w_minus;
  const std::string two = "twice the smaller tail, 2·P(W+ ≤ min(W+, W−)) = 2·P(W+ ≤ " +
                          short_text(smaller) + "), at most 1";
  for (const Tail other : all_tails) {
    if (other == tail) continue;
    const Wilcoxon v = wilcoxon(data, other, pratt, want_exact, continuity);
    out.alternatives.push_back(
        {canonical_name(call.with("alternative", tail_name(other))), v.p,
         tail_why(other, two, "P(W+ ≥ " + stat + ")", "P(W+ ≤ " + stat + ")", s)});
  }
  {
    const Wilcoxon v = wilcoxon(data, tail, !pratt, want_exact, continuity);
    std::string why;
    if (w.zeros == 0) {
      why = "the same as this answer: no difference is 0, so the zero rule changes nothing";
    } else if (pratt) {
      why = "zero=wilcox drops the " + plural(w.zeros, "zero difference", "zero differences") +
            " before ranking (n = " + std::to_string(v.n) + "), so every other rank is lower by " +
            std::to_string(w.zeros);
    } else {
      why = "zero=pratt ranks the " + plural(w.zeros, "zero difference", "zero differences") +
            " with the others (the lowest ranks) and then drops their ranks, so every other rank "
            "is higher by " +
            std::to_string(w.zeros);
    }
    out.alternatives.push_back(
        {canonical_name(call.with("zero", pratt ? "wilcox" : "pratt")), v.p, why});
  }
  {
    const Wilcoxon v = wilcoxon(data, tail, pratt, !want_exact, continuity);
    std::string why;
    if (want_exact && w.exact) {
      why = "the normal approximation z = " + decimal(v.z ? v.z->approx : 0.0) +
            (continuity ? " (with a continuity correction)" : " (no continuity correction)") +
            " instead of counting the exact distribution of W+";
    } else if (want_exact) {
      why =
          "the same as this answer: method=exact already fell back to the normal "
          "approximation, because " +
          w.fallback;
    } else if (v.exact) {
      why = "counts the exact distribution of W+ over all 2^" + std::to_string(v.n) +
            " sign assignments instead of the normal approximation";
    } else {
      why = "the same as this answer: the exact distribution cannot be used, because " + v.fallback;
    }
    out.alternatives.push_back(
        {canonical_name(call.with("method", want_exact ? "normal" : "exact")), v.p, why});
    if (want_exact && w.exact) {
      // The approximation with the other continuity rule too: SciPy's wilcoxon before 1.9
      // gave the normal approximation without the correction (correction=False) by default.
      const Wilcoxon u = wilcoxon(data, tail, pratt, false, !continuity);
      out.alternatives.push_back(
          {canonical_name(
               call.with("method", "normal").with("correction", continuity ? "no" : "yes")),
           u.p,
           "the normal approximation z = " + decimal(u.z ? u.z->approx : 0.0) +
               (continuity ? " without the continuity correction (z uses W itself), as SciPy's "
                             "wilcoxon did by default before release 1.9"
                           : " with the continuity correction (W moves 1/2 toward μ)") +
               ", instead of counting the exact distribution of W+"});
    }
  }
  if (!w.exact && w.n > 0) {
    const Wilcoxon v = wilcoxon(data, tail, pratt, want_exact, !continuity);
    out.alternatives.push_back(
        {canonical_name(call.with("correction", continuity ? "no" : "yes")), v.p,
         continuity ? "the normal approximation without the continuity correction: z uses W "
                      "itself instead of moving it 1/2 toward μ (SciPy's wilcoxon default, "
                      "correction=False)"
                    : "the normal approximation with the continuity correction: W moves 1/2 "
                      "toward μ before z is computed"});
  }
  out.charts.push_back(differences_chart(data));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_t_test(const MeasureCall& call, const Inputs& in) {
  const PairedScores& data = *in.paired;
  const Tail tail = tail_of(call);
  const Names s = pair_names(data);
  const auto n = static_cast<std::int64_t>(data.queries.size());
  const std::int64_t df = n - 1;

  Number sum = whole(0);
  std::vector<std::string> terms;
  for (const PairedQuery& q : data.queries) {
    sum = sum + q.difference.value;
    terms.push_back(short_latex(q.difference.value));
  }
  const Number mean = sum / whole(n);

  std::vector<std::string> columns = query_columns(data);
  columns.insert(columns.end(), {"d = x − y", "d − d̄", "(d − d̄)²"});
  StepTable table{"Differences and their squared deviations from the mean", columns, {}, {}};
  Number squares = whole(0);
  bool all_equal = true;
  for (const PairedQuery& q : data.queries) {
    const Number deviation = q.difference.value - mean;
    const Number square = deviation * deviation;
    squares = squares + square;
    all_equal =
        all_equal && compare_numbers(q.difference.value, data.queries[0].difference.value) == 0;
    std::vector<Cell> row = query_cells(data, q);
    row.push_back(number_cell(q.difference.text, q.difference.value));
    row.push_back(short_cell(deviation));
    row.push_back(short_cell(square));
    table.rows.push_back(std::move(row));
  }
  std::vector<Cell> total_row{text_cell("sum")};
  while (total_row.size() + 3 < columns.size()) total_row.push_back(text_cell(""));
  total_row.push_back(short_cell(sum));
  total_row.push_back(text_cell(""));
  total_row.push_back(short_cell(squares));
  table.rows.push_back(std::move(total_row));

  if (all_equal || squares.approx <= 0.0) {
    const std::string d = data.queries[0].difference.text;
    return InputError{
        ErrorCode::inconsistent_counts,
        "all " + std::to_string(n) + " differences are equal (d = " + d +
            " for every query), so their standard deviation is 0 and t = d̄ / (s/√n) divides by "
            "0; the paired t-test needs differences that vary" +
            (sign_of(data.queries[0].difference.value) == 0
                 ? " (here the two systems score the same on every query)"
                 : ""),
        Span{}};
  }
  const Number variance = squares / whole(df);
  const Number t_squared = whole(n) * mean * mean / variance;
  const double sd = std::sqrt(variance.approx);
  const double se = std::sqrt(variance.approx / static_cast<double>(n));
  const double t = mean.approx / se;
  const double two_sided = student_two_sided(t_squared.approx, static_cast<double>(df));
  const auto p_for = [&](Tail which) {
    switch (which) {
      case Tail::two_sided:
        return two_sided;
      case Tail::greater:
        return t >= 0 ? two_sided / 2.0 : 1.0 - two_sided / 2.0;
      case Tail::less:
        return t <= 0 ? two_sided / 2.0 : 1.0 - two_sided / 2.0;
    }
    return two_sided;
  };
  const std::string df_text = std::to_string(df);
  const auto p_formula = [&](Tail which) {
    const std::string T = "T_{" + df_text + "}";
    return which == Tail::two_sided ? "P(|" + T + "| \\ge " + decimal(std::fabs(t)) + ")"
           : which == Tail::greater ? "P(" + T + " \\ge " + decimal(t) + ")"
                                    : "P(" + T + " \\le " + decimal(t) + ")";
  };
  const Number p = approximate(p_for(tail), p_formula(tail));

  Outcome out = start_outcome(call, in);
  out.value = p;
  out.label = "p";
  out.values = {{"t", approximate(t, "d̄ / (s/√n) = ±√(t²)")},
                {"df", whole(df)},
                {"p", p},
                {"mean", mean},
                {"variance", variance},
                {"sd", approximate(sd, "√(s²)")},
                {"se", approximate(se, "√(s²/n)")},
                {"t_squared", t_squared},
                {"n", whole(n)}};
  out.working = "\\begin{gathered}\\bar d = \\frac{1}{" + std::to_string(n) + "}\\left(" +
                latex_sum(terms) + "\\right) = " + short_latex(mean) +
                ",\\qquad s^2 = \\frac{\\sum (d_i - \\bar d)^2}{n - 1} = \\frac{" +
                short_latex(squares) + "}{" + df_text + "} = " + short_latex(variance) +
                ",\\qquad s = " + decimal(sd) + "\\\\ \\text{SE} = \\frac{s}{\\sqrt{" +
                std::to_string(n) + "}} = " + decimal(se) +
                ",\\qquad t = \\frac{\\bar d}{\\text{SE}} = " + decimal(t) +
                "\\ \\left(t^2 = \\frac{n \\bar d^2}{s^2} = " + short_latex(t_squared) +
                "\\right),\\qquad df = " + df_text + "\\\\ p = " + p_formula(tail) + " = " +
                p_decimal(p) + "\\end{gathered}";
  out.steps.push_back(std::move(table));
  out.notes.push_back("d̄, s² and t² = n·d̄²/s² = " + short_text(t_squared) +
                      " are exact; s, SE, t and p are not (square roots and the t distribution).");
  out.notes.push_back(
      "p comes from Student's t distribution with df = n − 1 = " + df_text +
      ": P(|T| ≥ |t|) = I_{df/(df+t²)}(df/2, 1/2), the regularized incomplete beta function"
      " (computed by its continued fraction)" +
      (tail == Tail::two_sided ? "." : "; a one-sided p is half of it, or 1 minus half."));
  out.notes.push_back(hypotheses_note("the mean difference μ_d = E[x − y] is 0.", tail, s));
  out.notes.push_back(
      "Assumptions: the queries are independent and the differences come from a normal "
      "distribution; with many queries the test is robust to moderate skew, but a few extreme "
      "differences can dominate both the mean and s.");
  out.notes.push_back(reading_note("paired t-test", p, tail, s,
                                   "mean difference d̄ = " + short_text(mean) + ", t = " +
                                       decimal(t) + " with " + df_text + " degrees of freedom"));
  const std::string two = "P(|T| ≥ " + decimal(std::fabs(t)) + "), both tails";
  for (const Tail other : all_tails) {
    if (other == tail) continue;
    out.alternatives.push_back(
        {canonical_name(call.with("alternative", tail_name(other))),
         approximate(p_for(other), p_formula(other)),
         tail_why(other, two, "P(T ≥ " + decimal(t) + ")", "P(T ≤ " + decimal(t) + ")", s)});
  }
  out.charts.push_back(differences_chart(data));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_randomization(const MeasureCall& call, const Inputs& in) {
  const PairedScores& data = *in.paired;
  const Tail tail = tail_of(call);
  const Names s = pair_names(data);
  const Randomization r = randomization(data, tail);
  const auto n = static_cast<std::int64_t>(data.queries.size());
  const std::int64_t count = r.extreme[tail_index(tail)];
  Outcome out = start_outcome(call, in);
  out.value = r.p;
  out.label = "p";
  out.values = {
      {"p", r.p},
      {"mean", r.mean},
      {"n", whole(n)},
      {"extreme", whole(count)},
      {r.exact ? "assignments" : "samples", whole(r.exact ? r.assignments : monte_carlo_samples)}};
  if (!r.exact) out.values.emplace_back("seed", whole(static_cast<std::int64_t>(monte_carlo_seed)));

  std::vector<std::string> columns = query_columns(data);
  columns.push_back("d = x − y");
  StepTable differences{"The differences whose signs are flipped", columns, {}, {}};
  std::vector<std::string> zero_ids;
  for (const PairedQuery& q : data.queries) {
    std::vector<Cell> row = query_cells(data, q);
    row.push_back(number_cell(q.difference.text, q.difference.value));
    if (sign_of(q.difference.value) == 0) zero_ids.push_back(q.id);
    differences.rows.push_back(std::move(row));
  }
  out.steps.push_back(std::move(differences));
  if (!r.table.rows.empty()) out.steps.push_back(r.table);

  const std::string event = tail == Tail::two_sided ? "|\\bar d_s| \\ge |\\bar d|"
                            : tail == Tail::greater ? "\\bar d_s \\ge \\bar d"
                                                    : "\\bar d_s \\le \\bar d";
  const std::string m = std::to_string(r.used);
  if (r.exact) {
    out.working = "\\bar d = " + short_latex(r.mean) + ",\\qquad p = \\frac{\\#\\{s : " + event +
                  "\\}}{2^{" + m + "}} = " + latex_quotient(count, r.assignments, r.p);
    out.notes.push_back(
        "p is exact: all 2^" + m + " = " + std::to_string(r.assignments) + " ways to give the " +
        plural(r.used, "non-zero difference", "non-zero differences") +
        " signs are equally likely under H0; " + std::to_string(count) +
        " of them (the observed one included) give a mean " +
        (tail == Tail::two_sided ? "at least as far from 0 as"
         : tail == Tail::greater ? "at least"
                                 : "at most") +
        " the observed d̄ = " + short_text(r.mean) + ", so p = " + std::to_string(count) + "/" +
        std::to_string(r.assignments) + ".");
  } else {
    out.working = "\\bar d = " + short_latex(r.mean) + ",\\qquad p = \\frac{1 + \\#\\{" + event +
                  "\\}}{1 + " + std::to_string(monte_carlo_samples) + "} = \\frac{" +
                  std::to_string(count) + "}{" + std::to_string(monte_carlo_samples + 1) +
                  "} \\approx " + p_decimal(r.p);
    const double se =
        std::sqrt(r.p.approx * (1.0 - r.p.approx) / static_cast<double>(monte_carlo_samples));
    out.notes.push_back(
        "There are 2^" + m + " sign assignments of the " + m +
        " non-zero differences, more than 2^" + std::to_string(randomization_exact_bits) +
        ", so p is estimated from " + std::to_string(monte_carlo_samples) +
        " random assignments (generator splitmix64, seed " + std::to_string(monte_carlo_seed) +
        "; the same numbers on every run), with the observed assignment counted as one more: p "
        "= (1 + " +
        std::to_string(count - 1) + ")/(1 + " + std::to_string(monte_carlo_samples) +
        "). Its standard error is about √(p(1 − p)/" + std::to_string(monte_carlo_samples) +
        ") ≈ " + decimal(se, 5) + ".");
  }
  if (!zero_ids.empty()) {
    out.notes.push_back(
        plural(static_cast<std::int64_t>(zero_ids.size()), "difference is", "differences are") +
        " 0 (" + query_list(zero_ids) +
        "): flipping the sign of 0 changes nothing, so they are left out of the "
        "assignments; p is the same with them.");
  }
  if (!r.integers) {
    out.notes.push_back(
        "Some differences are not exact decimals, so sums are compared in floating point, a sum "
        "counting as equal to the observed one within 10⁻⁹ of the largest possible sum.");
  }
  out.notes.push_back(hypotheses_note(
      "on each query the labels x and y are exchangeable, so each difference is equally likely "
      "to have either sign and the mean difference is as likely as any of its sign-flipped "
      "versions.",
      tail, s));
  out.notes.push_back(
      "Assumptions: the queries are independent; no distribution is assumed for the "
      "differences.");
  out.notes.push_back(reading_note("randomization test", r.p, tail, s,
                                   "mean difference d̄ = " + short_text(r.mean)));
  const std::string observed = short_text(r.mean);
  for (const Tail other : all_tails) {
    if (other == tail) continue;
    out.alternatives.push_back(
        {canonical_name(call.with("alternative", tail_name(other))), randomization_p(r, other),
         tail_why(other, "the share of sign assignments with |mean| ≥ |" + observed + "|",
                  "the share with mean ≥ " + observed, "the share with mean ≤ " + observed, s)});
  }
  out.charts.push_back(differences_chart(data));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

ParamInfo alternative_param() {
  ParamInfo alternative;
  alternative.name = "alternative";
  alternative.choices = {"two-sided", "greater", "less"};
  alternative.default_value = "two-sided";
  alternative.help =
      "the alternative hypothesis: x and y differ (two-sided), x scores higher than y "
      "(greater), or x scores lower than y (less)";
  return alternative;
}

ParamInfo method_param(std::string help) {
  ParamInfo method;
  method.name = "method";
  method.choices = {"exact", "normal"};
  method.default_value = "exact";
  method.help = std::move(help);
  return method;
}

// "Wilcoxon signed-rank test (Pratt's zeros, normal approximation, one-sided: x > y)": the
// title with what each test's parameters change.
std::string test_title(const MeasureCall& call) {
  const MeasureInfo& info = *call.info;
  const auto has = [&](std::string_view name) {
    for (const ParamInfo& p : info.params) {
      if (p.name == name) return true;
    }
    return false;
  };
  std::vector<std::string> variant;
  if (has("zero") && call.param("zero") == "pratt") variant.emplace_back("Pratt's zeros");
  if (has("correction") && call.param("correction") == "no") {
    variant.emplace_back("no continuity correction");
  }
  if (has("method") && call.param("method") == "normal") {
    variant.emplace_back("normal approximation");
  }
  const std::string& alternative = call.param("alternative");
  if (alternative == "greater") variant.emplace_back("one-sided: x > y");
  if (alternative == "less") variant.emplace_back("one-sided: x < y");
  if (variant.empty()) return info.title;
  std::string out = info.title + " (";
  for (std::size_t i = 0; i < variant.size(); ++i) out += (i ? ", " : "") + variant[i];
  return out + ")";
}

MeasureInfo test_measure() {
  MeasureInfo m;
  m.input = InputKind::paired;
  m.variant_title = &test_title;
  return m;
}

}  // namespace

MeasureInfo measure_sign_test() {
  MeasureInfo m = test_measure();
  m.name = "sign";
  m.title = "Sign test";
  m.summary =
      "Counts the queries where x beats y and where y beats x (ties dropped) and asks how likely "
      "so lopsided a split is if each were a coin flip: the exact binomial p-value.";
  m.params = {alternative_param(),
              method_param("the exact binomial tail, for any n (a fraction up to n = 60, beyond "
                           "summed in log space), or the normal approximation with a continuity "
                           "correction")};
  m.aliases = {"sign-test"};
  m.formula =
      "p_{\\text{two-sided}} = \\min\\Bigl(1,\\; 2\\sum_{k=0}^{\\min(n_+, n_-)} \\binom{n}{k} "
      "\\frac{1}{2^n}\\Bigr),\\qquad n = n_+ + n_-";
  m.example = "sign";
  m.golden = {"SIG1", "SIG6"};
  m.run = &run_sign_test;
  return m;
}

MeasureInfo measure_wilcoxon() {
  ParamInfo zero;
  zero.name = "zero";
  zero.choices = {"wilcox", "pratt"};
  zero.default_value = "wilcox";
  zero.help =
      "what happens to differences of 0: dropped before ranking (wilcox), or ranked with the "
      "others and then their ranks dropped (pratt)";
  ParamInfo correction;
  correction.name = "correction";
  correction.choices = {"yes", "no"};
  correction.default_value = "yes";
  correction.help =
      "whether the normal approximation moves W 1/2 toward its mean before computing z (the "
      "continuity correction; SciPy's correction=True), or not (no); the exact method is "
      "unaffected";

  MeasureInfo m = test_measure();
  m.name = "wilcoxon";
  m.title = "Wilcoxon signed-rank test";
  m.summary =
      "Ranks the per-query differences by size and compares the rank sums of the positive and "
      "negative ones, W+ and W−: exact p for small n without ties, else the normal "
      "approximation.";
  m.params = {alternative_param(), zero,
              method_param("the exact distribution of W+ over all 2^n sign assignments (when "
                           "there are no ties, else it falls back), or the normal approximation "
                           "with the tie correction"),
              correction};
  m.aliases = {"signed-rank", "wilcoxon-signed-rank"};
  m.formula =
      "W_+ = \\sum_{d_i > 0} \\text{rank}(|d_i|),\\quad W_- = \\sum_{d_i < 0} \\text{rank}(|d_i|),"
      "\\quad z = \\frac{W - n(n+1)/4 \\pm \\tfrac12}{\\sqrt{n(n+1)(2n+1)/24 - \\sum (t^3 - "
      "t)/48}}";
  m.example = "wilcoxon(zero=pratt)";
  m.golden = {"SIG2", "SIG5"};
  m.run = &run_wilcoxon;
  return m;
}

MeasureInfo measure_t_test() {
  MeasureInfo m = test_measure();
  m.name = "ttest";
  m.title = "Paired t-test";
  m.summary =
      "The mean per-query difference divided by its standard error, t = d̄/(s/√n), compared "
      "with Student's t distribution with n − 1 degrees of freedom.";
  m.params = {alternative_param()};
  m.aliases = {"t-test", "paired-t"};
  m.formula =
      "t = \\frac{\\bar d}{s/\\sqrt{n}},\\quad s^2 = \\frac{\\sum_i (d_i - \\bar d)^2}{n - 1},"
      "\\quad df = n - 1";
  m.example = "ttest(alternative=greater)";
  m.golden = {"SIG3"};
  m.run = &run_t_test;
  return m;
}

MeasureInfo measure_randomization() {
  MeasureInfo m = test_measure();
  m.name = "randomization";
  m.title = "Randomization test";
  m.summary =
      "Flips the sign of each per-query difference in every possible way (or in 100,000 seeded "
      "random ways) and counts how often the mean difference is as extreme as the observed one.";
  m.params = {alternative_param()};
  m.aliases = {"permutation", "permutation-test", "randomisation"};
  m.formula = "p = \\frac{\\#\\{\\text{sign assignments } s : |\\bar d_s| \\ge |\\bar d|\\}}{2^n}";
  m.example = "randomization";
  m.golden = {"SIG4"};
  m.run = &run_randomization;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of the significance tests (check.cpp, check_slips.h) -----------

namespace irm::checking {
namespace {

// p of Student's t with `df` degrees of freedom in the tail the call asks, as significance.cpp
// takes it: two-sided P(|T| ≥ |t|), one-sided half of it or 1 minus half.
double student_p(const Context& c, double t, double df) {
  const double two = stats::student_two_sided(t * t, df);
  const std::string& tail = c.call.param("alternative");
  if (tail == "greater") return t >= 0 ? two / 2.0 : 1.0 - two / 2.0;
  if (tail == "less") return t <= 0 ? two / 2.0 : 1.0 - two / 2.0;
  return two;
}

enum class TtestSlip { none, sd_over_n, pooled, welch };

struct TtestWorking {
  double p = 0.0;
  double t = 0.0;
  double df = 0.0;
};

// The paired t-test (significance.cpp), or one of its slips: the SD of the differences over n,
// or the two-sample t-test on x and y as two independent samples, pooled or Welch's.
std::optional<TtestWorking> ttest_value(const Context& c, TtestSlip slip) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  const auto& queries = data.value().queries;
  const auto n = static_cast<double>(queries.size());
  if (queries.size() < 2) return std::nullopt;
  const auto mean_and_squares = [&](const std::function<double(const PairedQuery&)>& of) {
    double sum = 0.0;
    for (const auto& q : queries) sum += of(q);
    const double mean = sum / n;
    double squares = 0.0;
    for (const auto& q : queries) squares += (of(q) - mean) * (of(q) - mean);
    return std::pair<double, double>{mean, squares};
  };
  TtestWorking w;
  if (slip == TtestSlip::pooled || slip == TtestSlip::welch) {
    if (data.value().differences_only) return std::nullopt;
    const auto [mx, sx] = mean_and_squares([](const PairedQuery& q) { return q.x->value.approx; });
    const auto [my, sy] = mean_and_squares([](const PairedQuery& q) { return q.y->value.approx; });
    const double vx = sx / (n - 1.0) / n;  // s_x²/n
    const double vy = sy / (n - 1.0) / n;
    if (vx + vy <= 0.0) return std::nullopt;
    if (slip == TtestSlip::pooled) {
      const double pooled = (sx + sy) / (2.0 * n - 2.0);
      w.t = (mx - my) / std::sqrt(pooled * 2.0 / n);
      w.df = 2.0 * n - 2.0;
    } else {
      w.t = (mx - my) / std::sqrt(vx + vy);
      w.df = (vx + vy) * (vx + vy) / (vx * vx / (n - 1.0) + vy * vy / (n - 1.0));
    }
  } else {
    const auto [md, sd] =
        mean_and_squares([](const PairedQuery& q) { return q.difference.value.approx; });
    if (sd <= 0.0) return std::nullopt;
    const double variance = sd / (slip == TtestSlip::sd_over_n ? n : n - 1.0);
    w.t = md / std::sqrt(variance / n);
    w.df = n - 1.0;
  }
  w.p = student_p(c, w.t, w.df);
  return w;
}

std::optional<TtestWorking> ttest_slip(const Context& c, TtestSlip slip) {
  const auto plain = ttest_value(c, TtestSlip::none);
  if (!plain || std::fabs(plain->p - c.outcome.value.approx) >
                    1e-9 * std::max(1e-3, std::fabs(c.outcome.value.approx))) {
    return std::nullopt;
  }
  return ttest_value(c, slip);
}

Number decimal_number(double value) {
  Number out;
  out.approx = value;
  return out;
}

std::string paired_t_text(const Context& c) {
  const Number* t = value_of(c.outcome, "t");
  const Number* df = value_of(c.outcome, "df");
  if (!t || !df) return "t = d̄/(s/√n) with df = n − 1";
  return "t = d̄/(s/√n) = " + to_decimal(*t, 4) + " with df = n − 1 = " + number_text(*df);
}

std::optional<Candidate> ttest_unpaired(const Context& c, bool pooled) {
  const auto w = ttest_slip(c, pooled ? TtestSlip::pooled : TtestSlip::welch);
  if (!w) return std::nullopt;
  const std::string t = "t = " + to_decimal(decimal_number(w->t), 4);
  return Candidate{
      pooled ? "ttest.unpaired_pooled" : "ttest.unpaired_welch", decimal_number(w->p),
      c.answer + " is the p of " +
          (pooled ? "the two-sample t-test with a pooled variance (scipy.stats.ttest_ind's "
                    "default): " +
                        t + " = (x̄ − ȳ)/√(s_p²·2/n) with df = 2n − 2 = " +
                        to_decimal(decimal_number(w->df), 0)
                  : "Welch's two-sample t-test (R's t.test without paired = TRUE): " + t +
                        " = (x̄ − ȳ)/√(s_x²/n + s_y²/n) with Welch's df = " +
                        to_decimal(decimal_number(w->df), 4)) +
          ", which treats x and y as independent samples; the paired t-test works on the "
          "differences d = x − y of each query: " +
          paired_t_text(c)};
}

std::optional<Candidate> ttest_sd_over_n(const Context& c) {
  const auto w = ttest_slip(c, TtestSlip::sd_over_n);
  if (!w) return std::nullopt;
  return Candidate{"ttest.sd_over_n", decimal_number(w->p),
                   c.answer +
                       " divides Σ(d − d̄)² by n for the variance of the differences, "
                       "which gives t = " +
                       to_decimal(decimal_number(w->t), 4) +
                       "; the sample variance divides by n − 1, the degrees of freedom, and "
                       "the paired t-test's " +
                       paired_t_text(c)};
}

// The sign test or Wilcoxon's test recomputed by the measure itself on the differences written
// as a d: line, each difference's text as `text` rewrites it; empty when the unchanged line does
// not give the measure's own value.
std::optional<Number> paired_recomputed(
    const Context& c, const std::function<std::string(const PairedScores&, std::size_t)>& text) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::string plain = "d:";
  std::string changed = "d:";
  for (std::size_t i = 0; i < data.value().queries.size(); ++i) {
    plain += " " + data.value().queries[i].difference.text;
    changed += " " + text(data.value(), i);
  }
  const std::string name = canonical_name(c.call);
  const auto same = compute(name, plain, c.options);
  if (!same.ok() || !close_numbers(same.value().value, c.outcome.value)) return std::nullopt;
  const auto other = compute(name, changed, c.options);
  if (!other.ok()) return std::nullopt;
  return other.value().value;
}

std::optional<Candidate> sign_ties_kept(const Context& c) {
  const Number* ties = value_of(c.outcome, "ties");
  const Number* n = value_of(c.outcome, "n");
  if (!ties || !ties->exact || ties->exact->num == 0 || !n) return std::nullopt;
  const auto value = paired_recomputed(c, [](const PairedScores& data, std::size_t i) {
    const PairedValue& d = data.queries[i].difference;
    return d.value.approx == 0.0 ? std::string("-1") : d.text;
  });
  if (!value) return std::nullopt;
  const std::int64_t all = n->exact ? n->exact->num + ties->exact->num : 0;
  return Candidate{"sign.ties_kept", *value,
                   c.answer + " keeps the " + number_text(*ties) +
                       (ties->exact->num == 1 ? " tie" : " ties") +
                       " in n (n = " + std::to_string(all) +
                       "), which counts each as a query where x is not higher; the sign test "
                       "drops the ties, which favour neither system: n = n+ + n− = " +
                       number_text(*n)};
}

// Wilcoxon's ranks given to the signed differences (the most negative ranked 1) instead of their
// absolute values: recomputed by the measure on differences sign(d)·rank(d), whose absolute
// values carry those ranks (ties sharing the mean of theirs).
std::optional<Candidate> wilcoxon_signed_ranked(const Context& c) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::vector<double> nonzero;
  bool negative = false;
  for (const auto& q : data.value().queries) {
    const double d = q.difference.value.approx;
    if (d != 0.0) nonzero.push_back(d);
    negative = negative || d < 0.0;
  }
  if (!negative) return std::nullopt;  // no negative difference: the two rankings agree
  std::sort(nonzero.begin(), nonzero.end());
  const auto rank_of = [&](double d) {  // twice the mean rank, an integer
    const auto low = std::lower_bound(nonzero.begin(), nonzero.end(), d) - nonzero.begin();
    const auto high = std::upper_bound(nonzero.begin(), nonzero.end(), d) - nonzero.begin();
    return low + 1 + high;
  };
  const auto value = paired_recomputed(c, [&](const PairedScores& d, std::size_t i) {
    const double v = d.queries[i].difference.value.approx;
    if (v == 0.0) return std::string("0");
    const auto twice = rank_of(v);
    std::string text = std::to_string(twice / 2) + (twice % 2 ? ".5" : "");
    return v < 0 ? "-" + text : text;
  });
  if (!value) return std::nullopt;
  return Candidate{"wilcoxon.signed_values_ranked", *value,
                   c.answer +
                       " ranks the differences by their signed values, the most negative "
                       "first; the signed-rank test ranks their absolute values |d|, the "
                       "smallest size first, and then gives each rank its difference's sign"};
}

// The randomization test's p counting only the sign assignments strictly more extreme than the
// observed one (the observed one, and any that tie with it, left out), where p counts those at
// least as extreme. Only when significance.cpp enumerated every assignment (its "assignments").
std::optional<Candidate> randomization_strictly_more(const Context& c) {
  const Number* assignments = value_of(c.outcome, "assignments");
  const Number* extreme = value_of(c.outcome, "extreme");
  if (!assignments || !extreme || !assignments->exact || !extreme->exact) return std::nullopt;
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::vector<double> sizes;
  double observed = 0.0;
  double total = 0.0;
  for (const auto& q : data.value().queries) {
    const double d = q.difference.value.approx;
    if (d == 0.0) continue;
    sizes.push_back(std::fabs(d));
    observed += d;
    total += std::fabs(d);
  }
  if (sizes.size() > 20 || (std::int64_t{1} << sizes.size()) != assignments->exact->num) {
    return std::nullopt;
  }
  const double tolerance = 1e-9 * std::max(1.0, total);
  const std::string& tail = c.call.param("alternative");
  std::int64_t at_least = 0;
  std::int64_t beyond = 0;
  const std::uint64_t all = std::uint64_t{1} << sizes.size();
  for (std::uint64_t signs = 0; signs < all; ++signs) {
    double sum = 0.0;
    for (std::size_t i = 0; i < sizes.size(); ++i) sum += (signs >> i & 1U) ? -sizes[i] : sizes[i];
    const double past = tail == "greater" ? sum - observed
                        : tail == "less"  ? observed - sum
                                          : std::fabs(sum) - std::fabs(observed);
    at_least += past >= -tolerance ? 1 : 0;
    beyond += past > tolerance ? 1 : 0;
  }
  if (at_least != extreme->exact->num) return std::nullopt;
  const std::string of = " of the " + number_text(*assignments) + " sign assignments";
  return Candidate{"randomization.strictly_more_extreme", ratio(beyond, assignments->exact->num),
                   c.answer + " counts the " + std::to_string(beyond) + of +
                       " whose mean is strictly more extreme than the observed one; p counts "
                       "the " +
                       number_text(*extreme) +
                       " at least as extreme, the observed assignment and those that tie with "
                       "it included"};
}

std::string tails_text(const Context& c) {
  const std::string& alternative = c.call.param("alternative");
  if (alternative == "greater") return "the upper tail";
  if (alternative == "less") return "the lower tail";
  return "both tails";
}

std::string significance_hint(const Context& c, const std::string& q, bool /*main*/) {
  const std::string& family = c.call.info->name;
  if (family != "ttest" && family != "wilcoxon" && family != "sign" && family != "randomization") {
    return "";
  }
  const std::string differences = "the differences d = x − y of each pair";
  if (family == "ttest") {
    const std::string sd = differences +
                           ", their mean, their standard deviation sd (dividing by "
                           "n − 1)";
    if (q == "n") return "Count the pairs.";
    if (q == "df") return "df = n − 1 for n pairs.";
    if (q == "mean") return "Check " + differences + " and their mean.";
    if (q == "variance" || q == "sd") {
      return "Check " + differences +
             ", their mean, and Σ(d − mean)²/(n − 1): the variance; sd "
             "is its square root.";
    }
    if (q == "se") return "Check " + sd + ", then se = sd/√n.";
    if (q == "t" || q == "t_squared") return "Check " + sd + ", then t = mean/(sd/√n).";
    if (q == "p") {
      return "Check " + sd +
             ", t = mean/(sd/√n), then p from Student's t with n − 1 degrees of "
             "freedom (" +
             tails_text(c) + ").";
    }
    return "";
  }
  if (family == "wilcoxon") {
    const std::string zeros = c.call.param("zero") == "pratt"
                                  ? "rank the zero differences with the others but count them "
                                    "in neither sum"
                                  : "leave out the zero differences";
    const std::string ranks = "Check " + differences + "; " + zeros +
                              "; rank the absolute values (tied values share the mean of their "
                              "ranks); W+ and W− are the sums of the ranks of the positive and "
                              "the negative differences";
    if (q == "zeros") return "Count the pairs with x = y.";
    if (q == "n") {
      return c.call.param("zero") == "pratt" ? "Count every difference, the zeros too."
                                             : "Count the differences that are not zero.";
    }
    if (q == "W_plus" || q == "W_minus") return ranks + ".";
    if (q == "statistic") {
      return ranks + "; the statistic is the smaller of the two (W+ itself for a one-sided test).";
    }
    if (q == "z") {
      return ranks +
             "; then z: the statistic less its mean μ = n(n + 1)/4, with a continuity "
             "correction of 1/2 towards μ, over σ, with σ² = n(n + 1)(2n + 1)/24 less a "
             "correction for ties.";
    }
    if (q == "p") {
      return ranks +
             (c.call.param("method") == "normal"
                  ? "; then p from the normal approximation z ("
                  : "; then p, the share of the 2^n sign assignments with a sum at least "
                    "as extreme (the normal approximation z when there are ties; ") +
             tails_text(c) + ").";
    }
    return "";
  }
  if (family == "sign") {
    const std::string count =
        "Count the pairs with x > y (n_plus) and with x < y (n_minus); ties (x = y) are left out";
    if (q == "p") {
      return count +
             "; then p is the binomial probability, with n = n_plus + n_minus and 1/2, of "
             "a split at least as uneven (" +
             tails_text(c) + ").";
    }
    if (q == "n_plus" || q == "n_minus" || q == "ties" || q == "n") return count + ".";
    return "";
  }
  if (family == "randomization") {
    if (q == "mean") return "Check " + differences + " and their mean.";
    if (q == "assignments") return "Count the ways of flipping the signs of n differences: 2^n.";
    if (q == "extreme") {
      return "Check " + differences +
             " and their mean; then count the ways of flipping their "
             "signs whose mean is at least as extreme (" +
             tails_text(c) + ").";
    }
    if (q == "p") {
      return "Check " + differences +
             " and their mean; then p is the share of the 2^n ways of "
             "flipping the differences' signs whose mean is at least as "
             "extreme (" +
             tails_text(c) + ").";
    }
  }
  return "";
}

}  // namespace

const CheckFamily& significance_checks() {
  static const CheckFamily family = {
      {
          {{"ttest.unpaired_pooled",
            {"ttest"},
            "the paired t-test's p taken from the two-sample t-test with a pooled variance "
            "(scipy.stats.ttest_ind's default), df = 2n − 2"},
           [](const Context& c) { return ttest_unpaired(c, true); }},
          {{"ttest.unpaired_welch",
            {"ttest"},
            "the paired t-test's p taken from Welch's two-sample t-test (R's t.test without "
            "paired = TRUE)"},
           [](const Context& c) { return ttest_unpaired(c, false); }},
          {{"ttest.sd_over_n",
            {"ttest"},
            "the paired t-test with the variance of the differences over n instead of n − 1"},
           &ttest_sd_over_n},
          {{"sign.ties_kept",
            {"sign"},
            "the sign test with the ties (d = 0) kept in n, as queries where x is not higher, "
            "instead of dropped"},
           &sign_ties_kept},
          {{"wilcoxon.signed_values_ranked",
            {"wilcoxon"},
            "Wilcoxon's signed-rank test ranking the signed differences instead of their absolute "
            "values"},
           &wilcoxon_signed_ranked},
          {{"randomization.strictly_more_extreme",
            {"randomization"},
            "the randomization test's p counting the sign assignments strictly more extreme than "
            "the "
            "observed one instead of at least as extreme"},
           &randomization_strictly_more},
      },
      {},
      &significance_hint};
  return family;
}

}  // namespace irm::checking
