// Correlation between two rankings of the same n items: Kendall's tau (`tau`), AP rank
// correlation (`tau_ap`), Spearman's rho (`spearman`) and Pearson's r (`pearson`); and the
// rank-biased overlap of two ranked lists that may hold different items (`rbo`). Each of the
// four after tau has its own comment block above its code.
//
// Kendall's tau:
//
//   For each pair i < j:  a_ij = sign(x_i − x_j),  b_ij = sign(y_i − y_j)   (CS657A notes)
//     concordant   a_ij · b_ij > 0  (both rankings order the pair the same way)
//     discordant   a_ij · b_ij < 0
//     tied         a_ij = 0 or b_ij = 0: neither (tied in x, tied in y, or tied in both)
//   n_0 = n(n − 1)/2,  n_1 = pairs tied in x,  n_2 = pairs tied in y (both count those tied in
//   both)
//   variant=b (default): τb = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2))   (CS657A notes, ties)
//   variant=a:           τa = (n_c − n_d) / n_0                         (CS657A notes, no ties)
// Without ties τa = τb. τb is irrational in general: exact when (n_0 − n_1)(n_0 − n_2) is a
// perfect square, else a decimal with its formula. When every value of x (or of y) is the same,
// n_0 − n_1 = 0 (or n_0 − n_2 = 0) and τb = 0/0: reported as 0 with a note (scipy gives NaN).
// Bhattacharya's CS657A notes call a pair discordant when a_ij ≠ b_ij, which read literally would
// count a pair tied in one ranking as discordant; here, as in Kendall's τb and scipy, ties count as
// neither, and a note says so when there are ties. Pairs are compared through dense integer ranks
// (exact: values are Fractions), every pair in one loop; the pair table shows the first 1000 pairs.
//
// Golden tests: TAU1 (no ties), TAU2 (ties, τb exact), TAU3 (ties, τb irrational)
// (tests/core/golden_tau.cpp).

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>

#include "check_slips.h"
#include "common.h"
#include "irm/distributions.h"

namespace irm {
namespace {

// Pairs shown in the pair table; the counts always cover every pair.
constexpr std::int64_t shown_pairs = 1000;
// Every pair is visited: 10,000 items make 5·10^7 pairs, under a second in a browser.
constexpr std::int64_t max_items = 10'000;

// The error of τ_AP, ρ and r for `n` items past max_items; empty when they fit.
std::optional<InputError> too_many_items(const std::string& name, std::int64_t n) {
  if (n <= max_items) return std::nullopt;
  return InputError{ErrorCode::out_of_range,
                    name + " takes up to " + str(max_items) + " items; found " + str(n), Span{}};
}

// Item indexes in the order of their values, equal values by index. Every ranking of this file
// sorts through it: one comparator type, so the module holds one instance of std::sort.
struct ByValue {
  const std::vector<Fraction>* values;
  bool operator()(std::size_t a, std::size_t b) const {
    const int c = compare((*values)[a], (*values)[b]);
    return c != 0 ? c < 0 : a < b;
  }
};
std::vector<std::size_t> order_by_value(const std::vector<Fraction>& values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), ByValue{&values});
  return order;
}

// Dense ranks: equal values share a rank, so comparing ranks compares the values exactly.
std::vector<std::int64_t> dense_ranks(const std::vector<Fraction>& values) {
  const std::vector<std::size_t> order = order_by_value(values);
  std::vector<std::int64_t> rank(values.size(), 0);
  std::int64_t current = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k > 0 && compare(values[order[k - 1]], values[order[k]]) != 0) ++current;
    rank[order[k]] = current;
  }
  return rank;
}

int sign(std::int64_t d) { return d > 0 ? 1 : (d < 0 ? -1 : 0); }

std::string sign_text(int s) { return s > 0 ? "+1" : (s < 0 ? "−1" : "0"); }

// ⌊√v⌋ for 0 ≤ v < 2^126.
__int128 integer_root(__int128 v) {
  auto r = static_cast<__int128>(std::sqrt(static_cast<double>(v)));
  while (r > 0 && r * r > v) --r;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

}  // namespace

static Result<Outcome> run_tau(const MeasureCall& call, const Inputs& in) {
  const TwoRankings& r = *in.rankings;
  const auto n = static_cast<std::int64_t>(r.items.size());
  if (n > max_items) {
    return InputError{ErrorCode::out_of_range,
                      "tau compares every pair of items; " + str(n) +
                          " items are more than this calculator takes (" + str(max_items) + ")",
                      Span{}};
  }
  const bool variant_a = call.param("variant") == "a";
  const std::string& X = r.x_name;
  const std::string& Y = r.y_name;
  Outcome out = start_outcome(call, in);
  out.label = variant_a ? "τa" : "τb";

  StepTable items{"The two rankings", {"item", X, Y}, {}, {}};
  for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
    items.rows.push_back({text_cell(r.items[i]), number_cell(r.x_text[i], exact_number(r.x[i])),
                          number_cell(r.y_text[i], exact_number(r.y[i]))});
  }
  if (r.from_orders) {
    items.title = "The two rankings (each item's position in each order)";
    items.columns = {"item", "rank in " + X, "rank in " + Y};
  }
  out.steps.push_back(std::move(items));

  const std::vector<std::int64_t> rx = dense_ranks(r.x);
  const std::vector<std::int64_t> ry = dense_ranks(r.y);
  StepTable pairs{
      "Every pair of items (i < j): a_ij = sign(" + X + "_i − " + X + "_j), b_ij = sign(" + Y +
          "_i − " + Y + "_j)",
      {"pair", X + "_i, " + X + "_j", "a_ij", Y + "_i, " + Y + "_j", "b_ij", "the pair is"},
      {},
      {}};
  std::int64_t concordant = 0;
  std::int64_t discordant = 0;
  std::int64_t tied_x_only = 0;
  std::int64_t tied_y_only = 0;
  std::int64_t tied_both = 0;
  std::int64_t pair_count = 0;
  const auto count = static_cast<std::size_t>(n);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t j = i + 1; j < count; ++j) {
      const int a = sign(rx[i] - rx[j]);
      const int b = sign(ry[i] - ry[j]);
      std::string kind;
      if (a != 0 && b != 0) {
        if (a == b) {
          ++concordant;
          kind = "concordant";
        } else {
          ++discordant;
          kind = "discordant";
        }
      } else if (a == 0 && b == 0) {
        ++tied_both;
        kind = "tied in both";
      } else if (a == 0) {
        ++tied_x_only;
        kind = "tied in " + X;
      } else {
        ++tied_y_only;
        kind = "tied in " + Y;
      }
      if (pair_count++ < shown_pairs) {
        pairs.rows.push_back({text_cell(r.items[i] + ", " + r.items[j]),
                              text_cell(r.x_text[i] + ", " + r.x_text[j]), text_cell(sign_text(a)),
                              text_cell(r.y_text[i] + ", " + r.y_text[j]), text_cell(sign_text(b)),
                              text_cell(kind)});
      }
    }
  }
  out.steps.push_back(std::move(pairs));

  const std::int64_t n0 = n * (n - 1) / 2;
  const std::int64_t n1 = tied_x_only + tied_both;
  const std::int64_t n2 = tied_y_only + tied_both;
  const std::int64_t difference = concordant - discordant;
  const bool ties = n1 > 0 || n2 > 0;

  StepTable counts{"Counting the pairs", {"count", "what it counts", "value"}, {}, {}};
  counts.rows.push_back({text_cell("n"), text_cell("items"), number_cell(whole(n))});
  counts.rows.push_back({text_cell("n_0 = n(n − 1)/2"), text_cell("pairs of items"),
                         number_cell(str(n) + "·" + str(n - 1) + "/2 = " + str(n0), whole(n0))});
  counts.rows.push_back({text_cell("n_c"), text_cell("concordant pairs (a_ij = b_ij ≠ 0)"),
                         number_cell(whole(concordant))});
  counts.rows.push_back({text_cell("n_d"), text_cell("discordant pairs (a_ij = −b_ij ≠ 0)"),
                         number_cell(whole(discordant))});
  counts.rows.push_back(
      {text_cell("n_1"),
       text_cell("pairs tied in " + X + " (" + str(tied_both) + " of them also in " + Y + ")"),
       number_cell(whole(n1))});
  counts.rows.push_back(
      {text_cell("n_2"),
       text_cell("pairs tied in " + Y + " (" + str(tied_both) + " of them also in " + X + ")"),
       number_cell(whole(n2))});
  out.steps.push_back(std::move(counts));

  const Number tau_a = ratio(difference, n0);
  const std::int64_t left = n0 - n1;
  const std::int64_t right = n0 - n2;
  Number tau_b;
  bool tau_b_undefined = false;
  std::string tau_b_text;
  if (left == 0 || right == 0) {
    tau_b_undefined = true;
    tau_b = whole(0);
    tau_b_text = str(difference) + "/√(" + str(left) + " · " + str(right) + ") = 0/0, taken as 0";
  } else {
    const __int128 product = static_cast<__int128>(left) * right;
    const __int128 root = integer_root(product);
    tau_b_text = str(difference) + "/√(" + str(left) + " · " + str(right) + ")";
    if (root * root == product) {
      tau_b = ratio(difference, static_cast<std::int64_t>(root));
      tau_b_text += " = " + str(difference) + "/" + str(static_cast<std::int64_t>(root));
    } else {
      tau_b.approx = static_cast<double>(difference) /
                     (std::sqrt(static_cast<double>(left)) * std::sqrt(static_cast<double>(right)));
      tau_b.formula = str(difference) + "/√(" + str(left) + " · " + str(right) + ")";
    }
  }
  StepTable tau{"Kendall's τ", {"quantity", "formula", "with these counts", "value"}, {}, {}};
  const std::vector<Cell> a_row{
      text_cell("τa"), text_cell("(n_c − n_d) / n_0"),
      text_cell("(" + str(concordant) + " − " + str(discordant) + ")/" + str(n0)),
      number_cell(tau_a)};
  const std::vector<Cell> b_row{text_cell("τb"),
                                text_cell("(n_c − n_d) / √((n_0 − n_1)(n_0 − n_2))"),
                                text_cell(tau_b_text), number_cell(tau_b)};
  tau.rows.push_back(variant_a ? a_row : b_row);
  tau.rows.push_back(variant_a ? b_row : a_row);
  tau.highlight.push_back(0);
  out.steps.push_back(std::move(tau));

  out.value = variant_a ? tau_a : tau_b;
  out.values = {{"tau_a", tau_a},          {"tau_b", tau_b},  {"nc", whole(concordant)},
                {"nd", whole(discordant)}, {"n0", whole(n0)}, {"n1", whole(n1)},
                {"n2", whole(n2)}};
  const std::string a_latex = "\\tau_a = \\frac{n_c - n_d}{n_0} = \\frac{" + str(concordant) +
                              " - " + str(discordant) + "}{" + str(n0) +
                              "} = " + latex_value(tau_a);
  std::string b_latex =
      "\\tau_b = \\frac{n_c - n_d}{\\sqrt{n_0 - n_1}\\,\\sqrt{n_0 - n_2}} = "
      "\\frac{" +
      str(concordant) + " - " + str(discordant) + "}{\\sqrt{" + str(n0) + " - " + str(n1) +
      "}\\,\\sqrt{" + str(n0) + " - " + str(n2) + "}} = ";
  b_latex += tau_b_undefined ? "\\frac{0}{0} \\to 0" : latex_value(tau_b);
  out.working = variant_a ? a_latex + ",\\qquad " + b_latex : b_latex + ",\\qquad " + a_latex;

  std::string meaning = "A pair is concordant when " + X + " and " + Y +
                        " order it the same way (a_ij = b_ij ≠ 0) and discordant when they order "
                        "it in opposite ways (Bhattacharya's CS657A notes).";
  if (!r.from_orders) {
    meaning += " " + X + " and " + Y +
               " are compared as given, so give both as ranks or both as scores: a rank of 1 is "
               "the top, but a score of 1 is the lowest.";
  }
  out.notes.push_back(meaning);
  if (ties) {
    out.notes.push_back(
        "There are tied pairs (n_1 = " + str(n1) + " in " + X + ", n_2 = " + str(n2) + " in " + Y +
        "). A tied pair is neither concordant nor discordant: the wording of Bhattacharya's CS657A "
        "notes, \"discordant if a_ij ≠ b_ij\", would, read literally, count a pair tied in one "
        "ranking as discordant; as in Kendall's τb and scipy, ties enter only through n_1 and "
        "n_2.");
  }
  if (tau_b_undefined) {
    out.notes.push_back(
        "Every value of " + (left == 0 ? X : Y) +
        " is the same, so it orders no pair: τb = 0/0 is undefined (scipy returns NaN). It is "
        "reported as 0, meaning no evidence of correlation either way.");
  }
  if (!tau_b.exact && !tau_b_undefined) {
    out.notes.push_back("τb is a square root here, irrational, so it is shown as a decimal: " +
                        tau_b.formula + " ≈ " + to_decimal(tau_b, 4) + ".");
  }
  if (pair_count > shown_pairs) {
    out.notes.push_back("The pair table shows the first " + str(shown_pairs) + " of the " +
                        str(pair_count) + " pairs; the counts include every pair.");
  }

  std::string why;
  if (!ties) {
    why = "the same here: without ties n_1 = n_2 = 0, so τa = τb";
  } else if (variant_a) {
    why =
        "τb divides by √((n_0 − n_1)(n_0 − n_2)), leaving the tied pairs out of the "
        "denominator: the formula of Bhattacharya's CS657A notes when there are ties";
  } else {
    why = "this is τa = (n_c − n_d)/n_0, which keeps the " + str(n0 - (concordant + discordant)) +
          " tied pairs in the denominator; with ties the notes use τb";
  }
  out.alternatives.push_back({canonical_name(call.with("variant", variant_a ? "b" : "a")),
                              variant_a ? tau_b : tau_a, why});

  Chart chart;
  chart.id = "tau";
  chart.title = Y + " against " + X;
  chart.x_label = r.from_orders ? "rank in " + X : X;
  chart.y_label = r.from_orders ? "rank in " + Y : Y;
  Series dots{"items", Series::Kind::dot, {}, false};
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    dots.points.emplace_back(to_double(r.x[i]), to_double(r.y[i]));
  }
  chart.series.push_back(std::move(dots));
  chart.description = "Each of the " + str(n) + " items as a dot at (" + X + ", " + Y +
                      "); concordant pairs rise together, discordant pairs cross.";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- shared by τ_AP, Spearman's ρ and Pearson's r ----------------------------------------------

namespace {

// A quantity known only as a double, with how it was made.
Number corr_decimal(double value, std::string formula) {
  Number n;
  n.approx = value;
  n.formula = std::move(formula);
  return n;
}

// The two-sided p of Student's t with `df` degrees of freedom, as scipy's spearmanr and pearsonr
// (SciPy 1.10.1) report it for a correlation r of n items: t² = (n − 2) r²/(1 − r²), df = n − 2.
// `r_squared` may be exact. Cases scipy handles apart: n = 2 (df = 0; pearsonr gives 1),
// |r| = 1 (t infinite, p = 0) and r = 0/0 (every value of one line the same; scipy gives NaN).
struct CorrelationP {
  std::optional<Number> t;  // empty when infinite (|r| = 1)
  Number p;
  std::string note;  // what was taken where the test does not apply
};
CorrelationP correlation_p(const Number& r, const Number& r_squared, std::int64_t n, bool undefined,
                           const std::string& symbol, const std::string& scipy) {
  CorrelationP out;
  const std::int64_t df = n - 2;
  if (undefined) {
    out.p = whole(1);
    out.note = "With " + symbol +
               " taken as 0, the p-value is taken as 1: there is nothing to test (scipy's " +
               scipy + " returns NaN).";
    return out;
  }
  if (df == 0) {
    out.p = whole(1);
    out.note = "With 2 items " + symbol +
               " is always +1 or −1 and the t distribution has n − 2 = 0 degrees of freedom: the "
               "p-value is taken as 1, no evidence either way (scipy's pearsonr gives 1; its "
               "spearmanr returns NaN).";
    return out;
  }
  const bool perfect = r_squared.exact ? *r_squared.exact == Fraction{1, 1} : r_squared.approx >= 1;
  if (perfect) {
    out.p = whole(0);
    out.note = symbol + " = " + (r.approx > 0 ? "1" : "−1") +
               ": t is infinite and p = 0 (scipy computes r in floating point and may print a "
               "tiny p instead, such as 1.3e-08).";
    return out;
  }
  const Number t_squared = whole(df) * r_squared / (whole(1) - r_squared);
  const double t = std::copysign(std::sqrt(t_squared.approx), r.approx);
  out.t = corr_decimal(t, symbol + "·√((n − 2)/(1 − " + symbol + "²))");
  const double p = stats::student_two_sided(t_squared.approx, static_cast<double>(df));
  out.p = corr_decimal(
      p, "P(|T_" + str(df) + "| ≥ " + to_decimal(corr_decimal(std::fabs(t), ""), 4) + ")");
  return out;
}

// √v for v ≥ 0 when v is a perfect square; empty otherwise.
std::optional<std::int64_t> corr_exact_root(std::int64_t v) {
  if (v < 0) return std::nullopt;
  const __int128 root = integer_root(v);
  if (root * root != v) return std::nullopt;
  return static_cast<std::int64_t>(root);
}

}  // namespace

// --- τ_AP ----------------------------------------------------------------------------------------
//
// AP rank correlation (Yilmaz, Aslam and Robertson, "A new rank correlation coefficient for
// information retrieval", SIGIR 2008): x is the truth, y the ranking evaluated. Walking down y,
//   C(i) = the items y puts above its i-th item that x also puts above it,
//   τ_AP = (2/(n − 1)) Σ_{i=2..n} C(i)/(i − 1) − 1.
// Like AP, a swap near the top of y costs more than one near the bottom; unlike τ it is
// asymmetric: with the lines swapped the value changes (the slip tau_ap.lines_swapped).
//
// ties=b: Urbano and Marrero's τ_AP,b ("The treatment of ties in AP correlation", ICTIR 2017, as
// their R package ircor computes it), for two rankings that may both have ties. Walking down a
// ranking W against a truth T, an item i below the top group of W counts
//   c_i = the items in groups of W strictly above i's that T puts strictly above i,
// over p_i − 1, the items above i's group (p_i: the top rank of i's group); then
//   A(T, W) = (2/m) Σ_i c_i/(p_i − 1) − 1,  m = the items outside W's top group,
//   τ_AP,b = (A(x, y) + A(y, x))/2,
// symmetric: without ties it is the mean of τ_AP with x and with y as the truth, not τ_AP itself.
// Their τ_AP,a (ties in the evaluated ranking only) is not offered.
//
// The ranking comes from the values: rank 1 first (values=ranks), the highest first
// (values=scores), or values=auto: ranks when every value of both lines is a whole number from 1
// to n, else scores; two orders of names give positions. Exact while the sum's denominators fit.
//
// Golden tests: TAU4, TAU5, TAU6, TAU7 (tests/core/golden_correlation.cpp).

namespace {

// The rows of the τ_AP table that are shown; the sum covers every item.
constexpr std::size_t shown_ap_rows = 1000;

// How a line's values order the items: smaller key = nearer the top.
struct ApKeys {
  std::vector<Fraction> x;
  std::vector<Fraction> y;
  bool ranks = true;
  std::string how;  // the note saying how the values were read
};

ApKeys ap_keys(const MeasureCall& call, const TwoRankings& r) {
  ApKeys keys;
  const std::string& chosen = call.param("values");
  const auto n = static_cast<std::int64_t>(r.items.size());
  if (r.from_orders) {
    keys.ranks = true;
    keys.how = "";  // the reader's note says it: an item's rank is its position
  } else if (chosen == "auto") {
    bool whole_ranks = true;
    for (const auto* line : {&r.x, &r.y}) {
      for (const Fraction& v : *line)
        whole_ranks = whole_ranks && v.den == 1 && v.num >= 1 && v.num <= n;
    }
    keys.ranks = whole_ranks;
    keys.how = whole_ranks
                   ? "The values are read as ranks, 1 the top (values=auto: every value is a whole "
                     "number from 1 to n). If they are scores, the higher the better, give "
                     "values=scores."
                   : "The values are read as scores, the highest at the top (values=auto: not "
                     "every value is a whole number from 1 to n). If they are ranks, 1 the top, "
                     "give values=ranks.";
  } else {
    keys.ranks = chosen == "ranks";
    keys.how = keys.ranks ? "The values are ranks (values=ranks): rank 1 is the top."
                          : "The values are scores (values=scores): the highest is the top.";
  }
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    keys.x.push_back(keys.ranks ? r.x[i] : Fraction{-r.x[i].num, r.x[i].den});
    keys.y.push_back(keys.ranks ? r.y[i] : Fraction{-r.y[i].num, r.y[i].den});
  }
  return keys;
}

// One direction of τ_AP: walking down `walked` (W) against the truth `truth` (T).
struct ApDirection {
  Number sum = whole(0);           // Σ c_i/(p_i − 1)
  std::int64_t counted = 0;        // m: the items outside W's top group
  std::vector<std::int64_t> c;     // c_i by item
  std::vector<std::int64_t> top;   // p_i by item: the top rank of its group in W (1-based)
  std::vector<std::size_t> order;  // the items in W's order
};

ApDirection ap_direction(const std::vector<Fraction>& truth, const std::vector<Fraction>& walked) {
  const std::size_t n = truth.size();
  ApDirection out;
  out.c.assign(n, 0);
  out.top.assign(n, 0);
  out.order = order_by_value(walked);
  const std::vector<std::int64_t> truth_rank = dense_ranks(truth);  // 0-based, ties share one
  // A Fenwick tree over the truth's ranks: how many of the items already passed T puts above.
  std::vector<std::int64_t> tree(n + 1, 0);
  const auto add = [&](std::int64_t rank) {
    for (auto k = static_cast<std::size_t>(rank) + 1; k <= n; k += k & (~k + 1)) ++tree[k];
  };
  const auto below = [&](std::int64_t rank) {  // passed items with a truth rank < rank
    std::int64_t total = 0;
    for (auto k = static_cast<std::size_t>(rank); k > 0; k -= k & (~k + 1)) total += tree[k];
    return total;
  };
  std::size_t group = 0;
  while (group < n) {
    std::size_t end = group + 1;
    while (end < n && compare(walked[out.order[end]], walked[out.order[group]]) == 0) ++end;
    const auto above = static_cast<std::int64_t>(group);  // p − 1
    for (std::size_t k = group; k < end; ++k) {
      const std::size_t item = out.order[k];
      out.top[item] = above + 1;
      if (above == 0) continue;
      out.c[item] = below(truth_rank[item]);
      out.sum = out.sum + ratio(out.c[item], above);
      ++out.counted;
    }
    for (std::size_t k = group; k < end; ++k) add(truth_rank[out.order[k]]);
    group = end;
  }
  return out;
}

// A(T, W) = (2/m) Σ − 1; m > 0.
Number ap_value(const ApDirection& d) { return ratio(2, d.counted) * d.sum - whole(1); }

bool has_ties(const std::vector<Fraction>& values) {
  const std::vector<std::size_t> order = order_by_value(values);
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (values[order[k]] == values[order[k - 1]]) return true;
  }
  return false;
}

// The first two items a line ties, for the message: "items 2 and 3 (both 0.7)".
std::string first_tie(const TwoRankings& r, const std::vector<Fraction>& values,
                      const std::vector<std::string>& texts) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = i + 1; j < values.size(); ++j) {
      if (values[i] == values[j]) {
        return "items " + r.items[i] + " and " + r.items[j] + " (both " + texts[i] + ")";
      }
    }
  }
  return "";
}

// The table of one direction: walking down W against the truth T.
StepTable ap_table(const ApDirection& d, const TwoRankings& r, const std::string& T,
                   const std::string& W, bool with_ties) {
  StepTable table{
      with_ties
          ? "Walking down " + W + " against " + T + ": for each item, the items in groups of " + W +
                " above its own that " + T + " also puts above it"
          : "Walking down " + W + " against the truth " + T + ": C(i), the items " + W +
                " puts above its i-th item that " + T + " also puts above it",
      with_ties ? std::vector<std::string>{"p (top rank of its group in " + W + ")", "item", "c",
                                           "p − 1", "c/(p − 1)", "running sum"}
                : std::vector<std::string>{"i (rank in " + W + ")", "item", "C(i)", "i − 1",
                                           "C(i)/(i − 1)", "running sum"},
      {},
      {}};
  Number running = whole(0);
  for (std::size_t k = 0; k < d.order.size() && k < shown_ap_rows; ++k) {
    const std::size_t item = d.order[k];
    const std::int64_t above = d.top[item] - 1;
    if (above == 0) {
      table.rows.push_back({text_cell(str(d.top[item])), text_cell(r.items[item]), text_cell("—"),
                            number_cell(whole(0)), text_cell("— (nothing above it)"),
                            text_cell("—")});
      continue;
    }
    const Number term = ratio(d.c[item], above);
    running = running + term;
    table.rows.push_back({text_cell(str(d.top[item])), text_cell(r.items[item]),
                          number_cell(whole(d.c[item])), number_cell(whole(above)),
                          number_cell(term), number_cell(running)});
  }
  return table;
}

}  // namespace

static Result<Outcome> run_tau_ap(const MeasureCall& call, const Inputs& in) {
  const TwoRankings& r = *in.rankings;
  const auto n = static_cast<std::int64_t>(r.items.size());
  if (auto error = too_many_items("tau_ap", n)) return *error;
  const bool ties_b = call.param("ties") == "b";
  const std::string& X = r.x_name;
  const std::string& Y = r.y_name;
  const ApKeys keys = ap_keys(call, r);
  const bool tied_x = has_ties(keys.x);
  const bool tied_y = has_ties(keys.y);
  if (!ties_b && (tied_x || tied_y)) {
    const bool in_x = tied_x;
    return InputError{
        ErrorCode::bad_token,
        (in_x ? X : Y) + " ties " + first_tie(r, in_x ? r.x : r.y, in_x ? r.x_text : r.y_text) +
            "; τ_AP as Yilmaz, Aslam and Robertson define it takes rankings without ties. Break "
            "the tie, or use tau_ap(ties=b), Urbano and Marrero's τ_AP,b, which allows them",
        Span{}};
  }
  Outcome out = start_outcome(call, in);
  out.label = ties_b ? "τ_AP,b" : "τ_AP";

  StepTable items{"The two rankings", {"item", X, Y}, {}, {}};
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    items.rows.push_back({text_cell(r.items[i]), number_cell(r.x_text[i], exact_number(r.x[i])),
                          number_cell(r.y_text[i], exact_number(r.y[i]))});
  }
  if (r.from_orders) {
    items.title = "The two rankings (each item's position in each order)";
    items.columns = {"item", "rank in " + X, "rank in " + Y};
  }
  out.steps.push_back(std::move(items));
  if (!keys.how.empty()) out.notes.push_back(keys.how);

  const ApDirection forward = ap_direction(keys.x, keys.y);  // truth x, walking down y
  if (!ties_b) {
    out.steps.push_back(ap_table(forward, r, X, Y, false));
    const Number tau_ap = ap_value(forward);
    const ApDirection backward = ap_direction(keys.y, keys.x);
    const Number symmetric = (tau_ap + ap_value(backward)) / whole(2);
    out.value = tau_ap;
    out.values = {{"tau_ap", tau_ap}, {"sum", forward.sum}};
    out.working = "\\tau_{AP} = \\frac{2}{n-1}\\sum_{i=2}^{n} \\frac{C(i)}{i-1} - 1 = \\frac{2}{" +
                  str(n - 1) + "} \\cdot " + latex_of(forward.sum) +
                  " - 1 = " + latex_value(tau_ap);
    out.notes.push_back(X + " is the truth and " + Y +
                        " the ranking evaluated: C(i) counts the items " + Y +
                        " puts above its i-th item that " + X +
                        " also puts above it. τ_AP is asymmetric: with the lines swapped (" + Y +
                        " as the truth) it is " + short_text(ap_value(backward)) + " here.");
    out.alternatives.push_back({canonical_name(call.with("ties", "b")), symmetric,
                                "Urbano and Marrero's τ_AP,b: the mean of τ_AP with " + X +
                                    " as the truth and with " + Y +
                                    " as the truth, symmetric, and defined with ties too"});
  } else {
    const ApDirection backward = ap_direction(keys.y, keys.x);  // truth y, walking down x
    if (forward.counted == 0 || backward.counted == 0) {
      const std::string& flat = forward.counted == 0 ? Y : X;
      return InputError{ErrorCode::bad_token,
                        "every value of " + flat + " is the same, so " + flat +
                            " orders no item above another and τ_AP,b is 0/0, undefined",
                        Span{}};
    }
    out.steps.push_back(ap_table(forward, r, X, Y, true));
    out.steps.push_back(ap_table(backward, r, Y, X, true));
    const Number a_xy = ap_value(forward);
    const Number a_yx = ap_value(backward);
    const Number value = (a_xy + a_yx) / whole(2);
    StepTable both{"τ_AP,b: the mean of the two directions",
                   {"direction", "items counted m", "Σ c/(p − 1)", "(2/m) Σ − 1"},
                   {},
                   {}};
    both.rows.push_back({text_cell(X + " the truth, walking down " + Y),
                         number_cell(whole(forward.counted)), number_cell(forward.sum),
                         number_cell(a_xy)});
    both.rows.push_back({text_cell(Y + " the truth, walking down " + X),
                         number_cell(whole(backward.counted)), number_cell(backward.sum),
                         number_cell(a_yx)});
    out.steps.push_back(std::move(both));
    out.value = value;
    out.values = {{"tau_ap_b", value}, {"a_xy", a_xy}, {"a_yx", a_yx}};
    out.working = "\\tau_{AP,b} = \\frac{1}{2}\\Big(\\frac{2}{" + str(forward.counted) +
                  "} \\cdot " + latex_of(forward.sum) + " - 1 + \\frac{2}{" +
                  str(backward.counted) + "} \\cdot " + latex_of(backward.sum) +
                  " - 1\\Big) = \\frac{1}{2}\\big(" + latex_of(a_xy) + " + " + latex_of(a_yx) +
                  "\\big) = " + latex_value(value);
    out.notes.push_back(
        "τ_AP,b (Urbano and Marrero, \"The treatment of ties in AP correlation\", 2017, as their "
        "package ircor computes it) is symmetric: the mean of the tie-aware τ_AP with " +
        X + " as the truth and with " + Y +
        " as the truth. An item counts the items in groups strictly above its own that the "
        "other ranking puts strictly above it, over p − 1; the items of the top group are not "
        "counted (m of them are).");
    if (!tied_x && !tied_y) {
      out.notes.push_back(
          "There are no ties here, and still τ_AP,b is not τ_AP: it is the mean of τ_AP in both "
          "directions.");
      out.alternatives.push_back({canonical_name(call.with("ties", "none")), a_xy,
                                  "Yilmaz, Aslam and Robertson's τ_AP with " + X +
                                      " as the truth, in one direction only"});
    }
  }
  if (r.items.size() > shown_ap_rows) {
    out.notes.push_back("The table shows the first " +
                        str(static_cast<std::int64_t>(shown_ap_rows)) +
                        " items; the sum covers all " + str(n) + ".");
  }
  finish_outcome(out);
  return out;
}

// --- Spearman's ρ --------------------------------------------------------------------------------
//
// Spearman's rank correlation: Pearson's r of the ranks, each line ranked on its own with tied
// values sharing the mean of the ranks they take (average ranks, as scipy.stats.spearmanr does):
//   ρ = S_RS / √(S_RR · S_SS),  S_RS = Σ (R_i − R̄)(S_i − S̄), R̄ = S̄ = (n + 1)/2.
// Without ties this is ρ = 1 − 6 Σ d_i²/(n(n² − 1)), d_i = R_i − S_i, the formula shown then; with
// ties that shortcut is wrong (the slip spearman.shortcut_with_ties). Ranks are halves at most,
// so the sums are taken on twice the ranks, in whole numbers: ρ is exact when S_RR · S_SS is a
// perfect square (always without ties), else a decimal. The p-value is scipy's: Student's t with
// n − 2 degrees of freedom, t = ρ √((n − 2)/(1 − ρ²)), two-sided.
//
// Golden tests: RHO1, RHO2 (tests/core/golden_correlation.cpp).

namespace {

// Twice each value's average rank in ascending order: tied values share the mean of the places
// they take, (2k + t + 1)/2 for a group of t from place k + 1, doubled to stay whole.
std::vector<std::int64_t> twice_average_ranks(const std::vector<Fraction>& values, bool& ties) {
  const std::vector<std::size_t> order = order_by_value(values);
  std::vector<std::int64_t> twice(values.size(), 0);
  std::size_t k = 0;
  while (k < order.size()) {
    std::size_t end = k + 1;
    while (end < order.size() && compare(values[order[end]], values[order[k]]) == 0) ++end;
    ties = ties || end - k > 1;
    const auto shared = static_cast<std::int64_t>(k + end + 1);  // 2k + t + 1
    for (std::size_t j = k; j < end; ++j) twice[order[j]] = shared;
    k = end;
  }
  return twice;
}

}  // namespace

static Result<Outcome> run_spearman(const MeasureCall& call, const Inputs& in) {
  const TwoRankings& r = *in.rankings;
  const auto n = static_cast<std::int64_t>(r.items.size());
  if (auto error = too_many_items("spearman", n)) return *error;
  const std::string& X = r.x_name;
  const std::string& Y = r.y_name;
  Outcome out = start_outcome(call, in);
  out.label = "ρ";
  bool ties_x = false;
  bool ties_y = false;
  const std::vector<std::int64_t> a = twice_average_ranks(r.x, ties_x);
  const std::vector<std::int64_t> b = twice_average_ranks(r.y, ties_y);
  const bool ties = ties_x || ties_y;

  StepTable table{"Each line ranked on its own (tied values share their mean rank), d = rank in " +
                      X + " − rank in " + Y,
                  {"item", X, Y, "rank in " + X, "rank in " + Y, "d", "d²"},
                  {},
                  {}};
  __int128 sum_a = 0;
  __int128 sum_b = 0;
  __int128 sum_aa = 0;
  __int128 sum_bb = 0;
  __int128 sum_ab = 0;
  std::int64_t sum_dd4 = 0;  // Σ (2d)² = 4 Σ d²
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    const std::int64_t diff = a[i] - b[i];  // 2d
    sum_a += a[i];
    sum_b += b[i];
    sum_aa += static_cast<__int128>(a[i]) * a[i];
    sum_bb += static_cast<__int128>(b[i]) * b[i];
    sum_ab += static_cast<__int128>(a[i]) * b[i];
    sum_dd4 += diff * diff;
    table.rows.push_back({text_cell(r.items[i]), number_cell(r.x_text[i], exact_number(r.x[i])),
                          number_cell(r.y_text[i], exact_number(r.y[i])),
                          number_cell(ratio(a[i], 2)), number_cell(ratio(b[i], 2)),
                          number_cell(ratio(diff, 2)), number_cell(ratio(diff * diff, 4))});
  }
  const Number sum_d2 = ratio(sum_dd4, 4);
  table.rows.push_back({text_cell("Σ"), text_cell(""), text_cell(""), text_cell(""), text_cell(""),
                        text_cell(""), number_cell(sum_d2)});
  table.highlight.push_back(static_cast<int>(table.rows.size() - 1));
  out.steps.push_back(std::move(table));

  // n² times the centred sums of the doubled ranks: n Σab − Σa Σb = 4n S_RS.
  const __int128 s_ab = n * sum_ab - sum_a * sum_b;
  const __int128 s_aa = n * sum_aa - sum_a * sum_a;
  const __int128 s_bb = n * sum_bb - sum_b * sum_b;
  const auto as64 = [](__int128 v) { return static_cast<std::int64_t>(v); };
  // 1 − 6 Σd²/(n(n² − 1)) = 1 − 3 Σ(2d)²/(2n(n² − 1)).
  const Number shortcut = whole(1) - ratio(3 * sum_dd4, 2 * n * (n * n - 1));
  const bool undefined = s_aa == 0 || s_bb == 0;
  Number rho;
  Number rho_squared;
  std::string pearson_text;
  if (undefined) {
    rho = whole(0);
    rho_squared = whole(0);
  } else {
    const __int128 product = s_aa * s_bb;
    const __int128 root = integer_root(product);
    const Number s_rs = ratio(as64(s_ab), 4 * n);
    const Number s_rr = ratio(as64(s_aa), 4 * n);
    const Number s_ss = ratio(as64(s_bb), 4 * n);
    rho_squared = s_rs * s_rs / (s_rr * s_ss);
    pearson_text = short_text(s_rs) + "/√(" + short_text(s_rr) + " · " + short_text(s_ss) + ")";
    if (root * root == product) {
      rho = ratio(as64(s_ab), as64(root));
    } else {
      rho = corr_decimal(static_cast<double>(s_ab) / std::sqrt(static_cast<double>(s_aa)) /
                             std::sqrt(static_cast<double>(s_bb)),
                         pearson_text);
    }
    StepTable sums{"Pearson's r of the ranks (R̄ = (n + 1)/2 = " + short_text(ratio(n + 1, 2)) + ")",
                   {"quantity", "formula", "value"},
                   {},
                   {}};
    sums.rows.push_back({text_cell("S_RS"), text_cell("Σ (R_i − R̄)(S_i − S̄)"), number_cell(s_rs)});
    sums.rows.push_back({text_cell("S_RR"), text_cell("Σ (R_i − R̄)²"), number_cell(s_rr)});
    sums.rows.push_back({text_cell("S_SS"), text_cell("Σ (S_i − S̄)²"), number_cell(s_ss)});
    sums.rows.push_back({text_cell("ρ"), text_cell("S_RS / √(S_RR · S_SS)"), number_cell(rho)});
    if (!ties) {
      sums.rows.push_back({text_cell("ρ"),
                           text_cell("1 − 6 Σd²/(n(n² − 1)), the same without ties"),
                           number_cell(shortcut)});
    }
    out.steps.push_back(std::move(sums));
  }
  const CorrelationP test = correlation_p(rho, rho_squared, n, undefined, "ρ", "spearmanr");
  out.value = rho;
  out.values = {{"rho", rho}, {"sum_d2", sum_d2}, {"n", whole(n)}};
  if (test.t) out.values.emplace_back("t", *test.t);
  out.values.emplace_back("df", whole(n - 2));
  out.values.emplace_back("p", test.p);
  if (!ties) {
    out.working = "\\rho = 1 - \\frac{6 \\sum d_i^2}{n(n^2 - 1)} = 1 - \\frac{6 \\cdot " +
                  latex_of(sum_d2) + "}{" + str(n) + "(" + str(n) +
                  "^2 - 1)} = " + latex_value(rho);
    out.notes.push_back(
        "No ties: ρ = 1 − 6 Σd²/(n(n² − 1)), which equals Pearson's r of the ranks.");
  } else if (!undefined) {
    out.working = "\\rho = \\frac{S_{RS}}{\\sqrt{S_{RR}\\,S_{SS}}} = " + latex_value(rho);
    out.notes.push_back(
        "There are ties, so ρ is Pearson's r of the ranks, tied values sharing the mean of their "
        "ranks (as scipy.stats.spearmanr does). The shortcut 1 − 6 Σd²/(n(n² − 1)) assumes no "
        "ties: here it would give " +
        short_text(shortcut) + ".");
  }
  if (undefined) {
    out.notes.push_back("Every value of " + (s_aa == 0 ? X : Y) +
                        " is the same, so its ranks do not vary and ρ = 0/0 is undefined "
                        "(scipy returns NaN). It is reported as 0.");
  }
  if (!test.note.empty()) {
    out.notes.push_back(test.note);
  } else {
    out.notes.push_back(
        "The p-value is scipy.stats.spearmanr's: two-sided, from Student's t with n − 2 = " +
        str(n - 2) + " degrees of freedom, t = ρ √((n − 2)/(1 − ρ²)) = " + to_decimal(*test.t, 4) +
        ".");
  }
  if (!rho.exact && !undefined) {
    out.notes.push_back("ρ is a square root here, irrational, so it is shown as a decimal: " +
                        pearson_text + " ≈ " + to_decimal(rho, 4) + ".");
  }
  Chart chart;
  chart.id = "spearman";
  chart.title = "Rank in " + Y + " against rank in " + X;
  chart.x_label = "rank in " + X;
  chart.y_label = "rank in " + Y;
  Series dots{"items", Series::Kind::dot, {}, false};
  for (std::size_t i = 0; i < a.size(); ++i) {
    dots.points.emplace_back(static_cast<double>(a[i]) / 2.0, static_cast<double>(b[i]) / 2.0);
  }
  chart.series.push_back(std::move(dots));
  chart.description =
      "Each of the " + str(n) + " items at (its rank in " + X + ", its rank in " + Y + ").";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- Pearson's r ---------------------------------------------------------------------------------
//
// Pearson's correlation of the values themselves:
//   r = S_xy / √(S_xx · S_yy),  S_xy = Σ (x_i − x̄)(y_i − ȳ),  S_xx = Σ (x_i − x̄)²,
// in exact fractions while they fit. r² = S_xy²/(S_xx S_yy) is rational; r is exact only when
// r² is the square of a fraction, else it is shown as ±√(r²). The p-value is scipy.stats.pearsonr's
// (SciPy 1.10.1): two-sided, from the exact beta distribution of r under independence, the same
// as Student's t with n − 2 degrees of freedom, t² = (n − 2) r²/(1 − r²).
//
// Golden tests: PEARSON1, PEARSON2 (tests/core/golden_correlation.cpp).

static Result<Outcome> run_pearson(const MeasureCall& call, const Inputs& in) {
  const TwoRankings& r = *in.rankings;
  const auto n = static_cast<std::int64_t>(r.items.size());
  if (auto error = too_many_items("pearson", n)) return *error;
  const std::string& X = r.x_name;
  const std::string& Y = r.y_name;
  Outcome out = start_outcome(call, in);
  out.label = "r";
  Number sum_x = whole(0);
  Number sum_y = whole(0);
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    sum_x = sum_x + exact_number(r.x[i]);
    sum_y = sum_y + exact_number(r.y[i]);
  }
  const Number mean_x = sum_x / whole(n);
  const Number mean_y = sum_y / whole(n);
  const std::string dx = X + " − " + X + "̄";
  const std::string dy = Y + " − " + Y + "̄";
  StepTable table{
      "Each value's distance from its line's mean (" + X + "̄ = " + short_text(mean_x) + ", " + Y +
          "̄ = " + short_text(mean_y) + ")",
      {"item", X, Y, dx, dy, "(" + dx + ")(" + dy + ")", "(" + dx + ")²", "(" + dy + ")²"},
      {},
      {}};
  Number s_xy = whole(0);
  Number s_xx = whole(0);
  Number s_yy = whole(0);
  for (std::size_t i = 0; i < r.items.size(); ++i) {
    const Number u = exact_number(r.x[i]) - mean_x;
    const Number v = exact_number(r.y[i]) - mean_y;
    const Number uv = u * v;
    const Number uu = u * u;
    const Number vv = v * v;
    s_xy = s_xy + uv;
    s_xx = s_xx + uu;
    s_yy = s_yy + vv;
    table.rows.push_back({text_cell(r.items[i]), number_cell(r.x_text[i], exact_number(r.x[i])),
                          number_cell(r.y_text[i], exact_number(r.y[i])), number_cell(u),
                          number_cell(v), number_cell(uv), number_cell(uu), number_cell(vv)});
  }
  table.rows.push_back({text_cell("Σ"), text_cell(""), text_cell(""), text_cell(""), text_cell(""),
                        number_cell(s_xy), number_cell(s_xx), number_cell(s_yy)});
  table.highlight.push_back(static_cast<int>(table.rows.size() - 1));
  out.steps.push_back(std::move(table));

  const auto is_zero = [](const Number& v) {
    return v.exact ? v.exact->num == 0 : v.approx == 0.0;
  };
  const bool undefined = is_zero(s_xx) || is_zero(s_yy);
  Number r_value = whole(0);
  Number r_squared = whole(0);
  std::string r_text;
  if (!undefined) {
    r_squared = s_xy * s_xy / (s_xx * s_yy);
    const bool negative = s_xy.exact ? s_xy.exact->num < 0 : s_xy.approx < 0;
    std::optional<std::int64_t> top;
    std::optional<std::int64_t> bottom;
    if (r_squared.exact) {
      top = corr_exact_root(r_squared.exact->num);
      bottom = corr_exact_root(r_squared.exact->den);
    }
    if (top && bottom) {
      r_value = ratio(negative ? -*top : *top, *bottom);
    } else {
      r_text = std::string(negative ? "−" : "") + "√(" +
               (r_squared.exact ? to_string(*r_squared.exact) : to_decimal(r_squared, 6)) + ")";
      r_value = corr_decimal(s_xy.approx / std::sqrt(s_xx.approx) / std::sqrt(s_yy.approx), r_text);
    }
    StepTable quantities{"r from the sums", {"quantity", "formula", "value"}, {}, {}};
    quantities.rows.push_back(
        {text_cell("r²"), text_cell("S_xy² / (S_xx · S_yy)"), number_cell(r_squared)});
    quantities.rows.push_back(
        {text_cell("r"), text_cell("S_xy / √(S_xx · S_yy)"), number_cell(r_value)});
    out.steps.push_back(std::move(quantities));
  }
  const CorrelationP test = correlation_p(r_value, r_squared, n, undefined, "r", "pearsonr");
  out.value = r_value;
  out.values = {{"r", r_value}, {"r2", r_squared}, {"Sxy", s_xy}, {"Sxx", s_xx}, {"Syy", s_yy}};
  if (test.t) out.values.emplace_back("t", *test.t);
  out.values.emplace_back("df", whole(n - 2));
  out.values.emplace_back("p", test.p);
  if (!undefined) {
    out.working = "r = \\frac{S_{xy}}{\\sqrt{S_{xx}\\,S_{yy}}} = \\frac{" + latex_of(s_xy) +
                  "}{\\sqrt{" + latex_of(s_xx) + " \\cdot " + latex_of(s_yy) +
                  "}} = " + latex_value(r_value) + ",\\qquad r^2 = " + latex_value(r_squared);
  }
  if (undefined) {
    out.notes.push_back("Every value of " + (is_zero(s_xx) ? X : Y) + " is the same, so S_" +
                        (is_zero(s_xx) ? "xx" : "yy") +
                        " = 0 and r = 0/0 is undefined (scipy returns NaN). It is reported as 0.");
  } else if (!r_value.exact) {
    out.notes.push_back("r² = " + short_text(r_squared) +
                        " is exact, but r, its square root, is irrational here: " + r_text + " ≈ " +
                        to_decimal(r_value, 4) + ".");
  }
  if (!test.note.empty()) {
    out.notes.push_back(test.note);
  } else {
    out.notes.push_back(
        "The p-value is scipy.stats.pearsonr's: two-sided, from the exact distribution of r "
        "when the lines are independent, the same as Student's t with n − 2 = " +
        str(n - 2) + " degrees of freedom, t = r √((n − 2)/(1 − r²)) = " + to_decimal(*test.t, 4) +
        ".");
  }
  out.notes.push_back(
      "Pearson's r uses the values themselves, not their ranks (that is Spearman's ρ).");
  Chart chart;
  chart.id = "pearson";
  chart.title = Y + " against " + X;
  chart.x_label = X;
  chart.y_label = Y;
  Series dots{"items", Series::Kind::dot, {}, false};
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    dots.points.emplace_back(to_double(r.x[i]), to_double(r.y[i]));
  }
  chart.series.push_back(std::move(dots));
  chart.description = "Each of the " + str(n) + " items as a dot at (" + X + ", " + Y + ").";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- rank-biased overlap -------------------------------------------------------------------------
//
// RBO (Webber, Moffat and Zobel, "A similarity measure for indefinite rankings", TOIS 2010) of
// two ranked lists S (the shorter, s items) and L (l items), which may hold different items:
//   X_d = the items the top d of both share (for d > s: S whole against L's top d),
//   A_d = X_d/d,  weight w_d = (1 − p) p^(d − 1) (what depth d weighs),
//   RBO_min = Σ_{d=1..l} w_d A_d + ((1 − p)/p) X_l Σ_{d>l} p^d/d
//             (no more overlap past what was seen; the tail Σ p^d/d = ln(1/(1 − p)) − Σ_{d≤l}
//             p^d/d makes it irrational unless X_l = 0),
//   RBO_max = Σ_{d≤s} w_d X_d/d + Σ_{s<d≤l} w_d (X_d + d − s)/d
//             + Σ_{l<d≤f} w_d (2d − l − s + X_l)/d + p^f,  f = l + s − X_l
//             (every unseen rank matches as far as the items allow; rational),
//   RBO_res = RBO_max − RBO_min,
//   RBO_ext = Σ_{d=1..l} w_d A_d + Σ_{d=s+1..l} w_d X_s (d − s)/(s d) + ((X_l − X_s)/l + X_s/s) p^l
//             (the paper's equation 32: the agreement seen at s carried on; rational).
// The value shown is RBO_ext; the others are quantities of the answer. Exact while the fractions
// fit (p = 9/10 makes denominators 10^d: a few dozen depths), then doubles with the overflow note.
// Ties, written (d1 d2), as Corsi and Urbano define them ("The treatment of ties in rank-biased
// overlap", SIGIR 2024; their reference code, rbo.py, gives the test values): an item's part of
// the top d is 0 above its group, k/g at the k-th of its group's g ranks, then 1 (ties=a and b),
// or 1 from the group's first rank (ties=w); X_d = Σ over shared items of the product of their
// two parts; A_d = X_d/d (a), X_d/√(Σ parts² · Σ parts²) (b), 2X_d/(Σ parts + Σ parts) (w); past
// s the shorter list counts as d items. RBO_max's unseen ranks of S hold the first d − s of L's
// own items (their parts at d); RBO_ext's hold (d − s)·A_s of them, each at the mean part of L's
// own items begun by d; past l, RBO_ext = ((X_l + (l − s)A_s)/l)p^l and RBO_max's f = l + s − X_l
// (p^f a decimal when f is not whole). Without ties every variant is the formulas above.
//
// Worked by hand (p = 0.9, w = 0.1, 0.09, 0.081, 0.0729, …):
//   equal lists a b c: X_d = d, A_d = 1: RBO_ext = (1 − p³) + p³ = 1; RBO_max = 1 (f = 3).
//   disjoint a b / c d: X_d = 0: RBO_ext = RBO_min = 0; RBO_max = w_3 (2/3) + w_4 (4/4) + p⁴.
//   x: d3 d1 d2 d7, y: d1 d4 d3: X = 0, 1, 2, 2; RBO_ext = 117/200 (golden test RBO3).
//
// Golden tests: RBO1, RBO2, RBO3 (tests/core/golden_correlation.cpp).

namespace {

// Σ_{d>l} p^d/d = ln(1/(1 − p)) − Σ_{d≤l} p^d/d, summed from d = l + 1 on (no cancellation)
// until the terms no longer change the sum.
double rbo_tail(double p, std::int64_t l) {
  double power_of_p = std::pow(p, static_cast<double>(l + 1));
  double tail = 0.0;
  for (std::int64_t d = l + 1; d < l + 10'000'000; ++d) {
    const double term = power_of_p / static_cast<double>(d);
    tail += term;
    if (term <= tail * 1e-17) return tail;
    power_of_p *= p;
  }
  double head = 0.0;  // p within a hair of 1: the long way
  double pd = 1.0;
  for (std::int64_t d = 1; d <= l; ++d) {
    pd *= p;
    head += pd / static_cast<double>(d);
  }
  return -std::log1p(-p) - head;
}

}  // namespace

namespace {

// One list as RBO reads it: each item's top and bottom rank (0-based), equal when it is untied,
// the ranks its tie group takes together otherwise.
struct RboSide {
  const std::vector<std::string>& items;
  std::vector<std::int64_t> top;
  std::vector<std::int64_t> bottom;
  [[nodiscard]] std::int64_t size() const { return static_cast<std::int64_t>(items.size()); }
  [[nodiscard]] bool tied() const {
    for (std::size_t i = 0; i < top.size(); ++i) {
      if (top[i] != bottom[i]) return true;
    }
    return false;
  }
};

RboSide rbo_side(const std::vector<std::string>& items, const std::vector<std::int64_t>& top,
                 const std::vector<std::int64_t>& bottom) {
  RboSide side{items, top, bottom};
  if (side.top.size() != items.size()) {
    side.top.resize(items.size());
    side.bottom.resize(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
      side.top[i] = side.bottom[i] = static_cast<std::int64_t>(i);
    }
  }
  return side;
}

// An item's part of a list's top d = j + 1 (Corsi and Urbano's item contribution): 0 above its
// group; under ties=w, 1 from its group's first rank on; under a and b, k/g at the k-th of its
// group's g ranks (the chance it is there when the tie is broken at random), then 1.
Number rbo_part(std::int64_t top, std::int64_t bottom, std::int64_t j, bool w) {
  if (j < top) return whole(0);
  if (w || j >= bottom) return whole(1);
  return ratio(j - top + 1, bottom - top + 1);
}

// A list's sums over its items at depth d = j + 1: Σ of the parts under ties=w (the items whose
// group has begun), and Σ of the squared parts under a and b (the items above the group at rank
// j, whole, and that group's k²/g). Past the list's end, every item whole.
Number rbo_count_w(const RboSide& side, std::int64_t j) {
  return whole(j < side.size() ? side.bottom[static_cast<std::size_t>(j)] + 1 : side.size());
}
Number rbo_squares(const RboSide& side, std::int64_t j) {
  if (j >= side.size()) return whole(side.size());
  const auto at = static_cast<std::size_t>(j);
  const std::int64_t k = j - side.top[at] + 1;
  const std::int64_t g = side.bottom[at] - side.top[at] + 1;
  return whole(side.top[at]) + ratio(k * k, g);
}

// √v: exact when v's numerator and denominator are perfect squares, else a decimal.
Number rbo_root(const Number& v, const std::string& text) {
  if (v.exact) {
    const auto top = corr_exact_root(v.exact->num);
    const auto bottom = corr_exact_root(v.exact->den);
    if (top && bottom) return ratio(*top, *bottom);
  }
  return corr_decimal(std::sqrt(v.approx), "√(" + text + ")");
}

}  // namespace

static Result<Outcome> run_rbo(const MeasureCall& call, const Inputs& in) {
  const TwoLists& lists = *in.two_lists;
  const Fraction p_fraction = parameter_fraction(call.param("p"));
  if (compare(p_fraction, Fraction{1, 1}) >= 0 || p_fraction.num == 0) {
    return InputError{ErrorCode::out_of_range,
                      "p, the persistence, must be above 0 and below 1; found " + call.param("p"),
                      Span{}, Field::measure};
  }
  const std::string variant = call.param("ties");
  const bool w = variant == "w";
  const bool b = variant == "b";
  const Number p = exact_number(p_fraction);
  const Number one_minus_p = whole(1) - p;
  const RboSide side_x = rbo_side(lists.x, lists.x_top, lists.x_bottom);
  const RboSide side_y = rbo_side(lists.y, lists.y_top, lists.y_bottom);
  const bool ties = side_x.tied() || side_y.tied();
  // S the shorter list, L the longer (y when they are as long: RBO is symmetric).
  const bool x_longer = side_x.size() > side_y.size();
  const RboSide& S = x_longer ? side_y : side_x;
  const RboSide& L = x_longer ? side_x : side_y;
  const std::int64_t s = S.size();
  const std::int64_t l = L.size();
  const std::string& X = lists.x_name;
  const std::string& Y = lists.y_name;
  Outcome out = start_outcome(call, in);
  out.label = "RBO_ext";

  // The items both lists hold, each with the depth from which it is in both tops, and the depth
  // from which it is there whole (a tie broken); L's items that S lacks, in L's order.
  struct Shared {
    std::int64_t start, whole_from, top_s, bottom_s, top_l, bottom_l;
  };
  std::vector<Shared> shared;
  std::vector<char> l_only(static_cast<std::size_t>(l), 1);
  {
    std::map<std::string, std::size_t> in_s;
    for (std::size_t i = 0; i < S.items.size(); ++i) in_s.emplace(S.items[i], i);
    for (std::size_t i = 0; i < L.items.size(); ++i) {
      const auto found = in_s.find(L.items[i]);
      if (found == in_s.end()) continue;
      l_only[i] = 0;
      const std::size_t k = found->second;
      const std::int64_t start = std::max(S.top[k], L.top[i]);
      shared.push_back({start, w ? start : std::max(S.bottom[k], L.bottom[i]), S.top[k],
                        S.bottom[k], L.top[i], L.bottom[i]});
    }
    std::sort(shared.begin(), shared.end(),
              [](const Shared& a, const Shared& c) { return a.start < c.start; });
  }
  // L-only items above each rank of L: how many of them are whole at depth d, and how many are
  // in the tie group d's rank falls in (parted), for RBO_max's and RBO_ext's unseen ranks.
  std::vector<std::int64_t> l_only_before(static_cast<std::size_t>(l) + 1, 0);
  for (std::int64_t i = 0; i < l; ++i) {
    const auto at = static_cast<std::size_t>(i);
    l_only_before[at + 1] = l_only_before[at] + l_only[at];
  }

  const std::string agreement_header =
      w ? "A_d = 2X_d/(|" + X + "_d| + |" + Y + "_d|)"
        : (b ? "A_d = X_d/√(‖" + X + "_d‖² ‖" + Y + "_d‖²)" : "A_d = X_d/d");
  StepTable table{"Depth by depth: X_d, the items the top d of " + X + " and of " + Y +
                      " share, and the agreement " + agreement_header,
                  {"d", X + " at d", Y + " at d", "X_d", agreement_header,
                   "weight (1 − p)p^(d − 1)", "weight · A_d", "running sum"},
                  {},
                  {}};
  const auto item_at = [&](const RboSide& side, std::int64_t j) -> std::string {
    if (j >= side.size()) return "—";
    const auto at = static_cast<std::size_t>(j);
    const std::string& item = side.items[at];
    if (side.top[at] == side.bottom[at]) return item;
    return item + " (tied, ranks " + str(side.top[at] + 1) + "–" + str(side.bottom[at] + 1) + ")";
  };

  std::vector<Number> overlap;    // X_d for d = 1..l
  Number weight = one_minus_p;    // w_1
  Number sum = whole(0);          // Σ_{d≤l} w_d A_d, A_d of what was seen (RBO_min's agreement)
  Number max_sum = whole(0);      // Σ_{d≤l} w_d A_d with S's unseen ranks matching what they can
  Number ext_extra = whole(0);    // Σ_{s<d≤l} w_d (RBO_ext's A_d − the seen A_d)
  Number agreement_s = whole(0);  // A_s, the agreement at depth s
  std::int64_t whole_count = 0;   // shared items whole in both tops
  std::vector<const Shared*> parted;  // shared items in both tops, some tie not yet broken
  std::size_t next = 0;
  Series agreement{"A_d", Series::Kind::line, {}, false};
  for (std::int64_t d = 1; d <= l; ++d) {
    const std::int64_t j = d - 1;
    while (next < shared.size() && shared[next].start == j) {
      if (shared[next].whole_from <= j) {
        ++whole_count;
      } else {
        parted.push_back(&shared[next]);
      }
      ++next;
    }
    Number x_d = whole(whole_count);
    std::vector<const Shared*> still;
    for (const Shared* item : parted) {
      if (item->whole_from <= j) {
        ++whole_count;
        x_d = x_d + whole(1);
        continue;
      }
      x_d = x_d + rbo_part(item->top_s, item->bottom_s, j, w) *
                      rbo_part(item->top_l, item->bottom_l, j, w);
      still.push_back(item);
    }
    parted = std::move(still);
    overlap.push_back(x_d);

    // The agreement's denominator at d: its variant's size of the two tops. Past s, S counts as
    // d items (its unseen ranks included), as Corsi and Urbano have it.
    Number size;
    std::string size_text;
    if (w) {
      size = (d <= s ? rbo_count_w(S, j) : whole(d)) + rbo_count_w(L, j);
      size = size / whole(2);
    } else if (b) {
      const Number squares = (d <= s ? rbo_squares(S, j) : whole(d)) * rbo_squares(L, j);
      size = rbo_root(squares, short_text(squares));
    } else {
      size = whole(d);
    }
    const Number a_d = x_d / size;
    sum = sum + weight * a_d;
    if (d <= s) {
      max_sum = max_sum + weight * a_d;
      if (d == s) agreement_s = a_d;
    } else {
      // L-only items, in L's order: those whole at d, then those of the tie group d's rank
      // falls in (each k/g of the way in), then none.
      const auto at = static_cast<std::size_t>(j);
      const std::int64_t group_top = L.top[at];
      const std::int64_t group_bottom = L.bottom[at];
      const std::int64_t whole_l = w ? l_only_before[static_cast<std::size_t>(group_bottom) + 1]
                                     : l_only_before[static_cast<std::size_t>(group_top)];
      const std::int64_t parted_l = w ? 0
                                      : l_only_before[static_cast<std::size_t>(group_bottom) + 1] -
                                            l_only_before[static_cast<std::size_t>(group_top)];
      const Number part = ratio(j - group_top + 1, group_bottom - group_top + 1);
      // RBO_max: S's d − s unseen ranks hold the first d − s of L's own items.
      const std::int64_t room = d - s;
      const Number unseen_max =
          whole(std::min(room, whole_l)) +
          whole(std::min(std::max<std::int64_t>(0, room - whole_l), parted_l)) * part;
      max_sum = max_sum + weight * ((x_d + unseen_max) / size);
      // RBO_ext: they hold A_s of them, each as far in as L's own items are on average.
      const Number mean_part =
          (whole(whole_l) + whole(parted_l) * part) / whole(whole_l + parted_l);
      const Number unseen_ext = whole(room) * agreement_s * mean_part;
      ext_extra = ext_extra + weight * (unseen_ext / size);
    }
    const auto at_x = item_at(side_x, j);
    const auto at_y = item_at(side_y, j);
    table.rows.push_back({text_cell(str(d)), text_cell(at_x), text_cell(at_y), number_cell(x_d),
                          number_cell(a_d), number_cell(weight), number_cell(weight * a_d),
                          number_cell(sum)});
    agreement.points.emplace_back(static_cast<double>(d), a_d.approx);
    weight = weight * p;  // w_(d+1)
  }
  out.steps.push_back(std::move(table));

  const Number& x_s = overlap[static_cast<std::size_t>(s - 1)];
  const Number& x_l = overlap[static_cast<std::size_t>(l - 1)];
  const Number p_to_l = power(p, l);
  // RBO_ext past l: the agreement at l, with the unseen part of S matching at rate A_s.
  const Number ext_tail = (x_l + whole(l - s) * agreement_s) / whole(l) * p_to_l;
  const Number ext = sum + ext_extra + ext_tail;
  // RBO_max past l: depth d matches 2d − f of its d ranks until f = l + s − X_l, then all.
  const Number f = whole(l + s) - x_l;
  const std::int64_t f_whole = static_cast<std::int64_t>(std::ceil(f.approx - 1e-9));
  Number max_value = max_sum;
  for (std::int64_t d = l + 1; d <= f_whole; ++d) {
    max_value = max_value + weight * ((whole(2 * d) - f) / whole(d));
    weight = weight * p;
  }
  const bool f_exact = f.exact && f.exact->den == 1;
  const Number p_to_f = f_exact ? power(p, f_whole)
                                : corr_decimal(std::pow(p.approx, f.approx), "p^" + short_text(f));
  max_value = max_value + p_to_f;
  // RBO_min: past l no new item is shared, so A_d = X_l/d.
  Number min_value = sum;
  std::string min_text = "Σ w_d A_d";
  if (!is_zero_number(x_l)) {
    const double tail = rbo_tail(p.approx, l);
    min_value = corr_decimal(sum.approx + one_minus_p.approx / p.approx * x_l.approx * tail,
                             "Σ_{d≤" + str(l) + "} w_d A_d + ((1 − p)/p) · " + short_text(x_l) +
                                 " · Σ_{d>" + str(l) + "} p^d/d");
    min_text = short_text(sum) + " + ((1 − p)/p) · " + short_text(x_l) +
               " · (ln(1/(1 − p)) − Σ_{d≤" + str(l) + "} p^d/d)";
  }
  const Number res = max_value - min_value;

  StepTable values{
      "RBO's four values (s = " + str(s) + ", l = " + str(l) + ", X_s = " + short_text(x_s) +
          ", X_l = " + short_text(x_l) + ", A_s = " + short_text(agreement_s) + ")",
      {"value", "the ranks past what was seen are taken to", "with these numbers", "value"},
      {},
      {}};
  values.rows.push_back({text_cell("RBO_min"), text_cell("share no more items"),
                         text_cell(min_text), number_cell(min_value)});
  values.rows.push_back({text_cell("RBO_max"),
                         text_cell("share every item they can (depth f = l + s − X_l = " +
                                   short_text(f) + " on: all)"),
                         text_cell("Σ over the seen depths + Σ_{d=" + str(l + 1) + ".." +
                                   str(f_whole) + "} w_d (2d − f)/d + p^" + short_text(f)),
                         number_cell(max_value)});
  values.rows.push_back({text_cell("RBO_res"), text_cell("the gap between the two"),
                         text_cell("RBO_max − RBO_min"), number_cell(res)});
  values.rows.push_back(
      {text_cell("RBO_ext"),
       text_cell("keep the agreement A_s seen at depth s (Webber et al.'s equation 32)"),
       text_cell(short_text(sum) + " + " + short_text(ext_extra) + " + ((" + short_text(x_l) +
                 " + " + str(l - s) + " · " + short_text(agreement_s) + ")/" + str(l) + ") · p^" +
                 str(l)),
       number_cell(ext)});
  values.highlight.push_back(3);
  out.steps.push_back(std::move(values));

  out.value = ext;
  out.values = {{"ext", ext}, {"min", min_value}, {"max", max_value}, {"res", res}, {"sum", sum}};
  out.working =
      "\\text{RBO}_{\\text{ext}} = \\sum_{d=1}^{" + str(l) +
      "} (1-p)p^{d-1} A_d + \\sum_{d=s+1}^{l} (1-p)p^{d-1}\\frac{(d-s) A_s \\bar c_d}{d} + "
      "\\frac{X_l + (l - s) A_s}{l}\\,p^l = " +
      latex_of(sum) + " + " + latex_of(ext_extra) + " + " + latex_of(ext_tail) + " = " +
      latex_value(ext);
  out.notes.push_back("p = " + to_short_decimal(p_fraction) +
                      ": the agreement at depth d weighs (1 − p)p^(d − 1), and these weights add "
                      "up to 1 over all depths.");
  out.notes.push_back(
      "RBO_ext is the value shown: Webber, Moffat and Zobel's extrapolation (their equation 32 "
      "for lists of unequal lengths), which assumes the agreement seen at depth s goes on. "
      "RBO_min and RBO_max bound what the full rankings could give; RBO_res = RBO_max − RBO_min "
      "is the part still unknown.");
  if (s < l) {
    out.notes.push_back("The lists have unequal lengths (s = " + str(s) + ", l = " + str(l) +
                        "): past depth s the shorter list is taken as seen whole, and its unseen "
                        "ranks as the ones that may still match. RBO_ext takes (d − s)·A_s of "
                        "them to match at depth d, each as far in as the longer list's own "
                        "items begun by d are on average (c̄_d, 1 when no tie is open).");
  }
  if (ties) {
    const std::string how =
        w ? "ties=w: tied items are equal, each in the top d from its group's first rank, and "
            "A_d = 2X_d over the two tops' sizes (for ties that mean equality, as in a sports "
            "table)"
          : (b ? "ties=b: a group of g tied items counts k/g at the k-th of its ranks, and A_d "
                 "is corrected for the information the ties lose, as τ_b corrects τ: X_d over "
                 "√ of the two tops' sums of squared parts"
               : "ties=a: a group of g tied items counts k/g at the k-th of its ranks, so X_d "
                 "and A_d = X_d/d are their average over every order of the ties (for ties "
                 "that mean uncertainty)");
    out.notes.push_back(
        "Tied items, written (d1 d2), are read as Corsi and Urbano define RBO "
        "with ties (\"The treatment of ties in rank-biased overlap\", SIGIR "
        "2024): " +
        how + ". ties=a, b and w give the same RBO on lists without ties.");
  }
  if (!is_zero_number(x_l)) {
    out.notes.push_back(
        "RBO_min and RBO_res go through ln(1/(1 − p)), irrational, so they are "
        "shown as decimals; RBO_ext and RBO_max are exact.");
  }
  Chart chart;
  chart.id = "rbo";
  chart.title = "Agreement A_d by depth";
  chart.x_label = "depth d";
  chart.y_label = "A_d";
  chart.series.push_back(std::move(agreement));
  chart.description =
      "The agreement A_d of the two lists at each depth d from 1 to " + str(l) + ".";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

std::string tau_title(const MeasureCall& call) {
  return call.param("variant") == "a" ? "Kendall's tau-a" : "Kendall's tau-b";
}

}  // namespace

MeasureInfo measure_tau() {
  ParamInfo variant;
  variant.name = "variant";
  variant.choices = {"b", "a"};
  variant.default_value = "b";
  variant.help =
      "τb = (n_c − n_d)/√((n_0 − n_1)(n_0 − n_2)), which leaves tied pairs out (Bhattacharya's "
      "CS657A notes with ties), or τa = (n_c − n_d)/n_0";

  MeasureInfo m;
  m.name = "tau";
  m.title = "Kendall's tau";
  m.summary =
      "Rank correlation of two rankings of the same items: concordant minus discordant pairs, "
      "with τb correcting for ties.";
  m.input = InputKind::rankings;
  m.params = {variant};
  m.aliases = {"kendall", "kendall-tau", "kendalls-tau"};
  m.formula =
      "\\tau_a = \\frac{n_c - n_d}{n_0},\\qquad \\tau_b = \\frac{n_c - n_d}{\\sqrt{n_0 - "
      "n_1}\\,\\sqrt{n_0 - n_2}},\\qquad n_0 = \\frac{n(n-1)}{2}";
  m.example = "tau(variant=a)";
  m.golden = {"TAU1", "TAU2", "TAU3"};
  m.run = &run_tau;
  m.variant_title = &tau_title;
  return m;
}

namespace {

std::string tau_ap_title(const MeasureCall& call) {
  return call.param("ties") == "b" ? "AP rank correlation with ties (τ_AP,b)"
                                   : "AP rank correlation (τ_AP)";
}

}  // namespace

MeasureInfo measure_tau_ap() {
  ParamInfo ties;
  ties.name = "ties";
  ties.choices = {"none", "b"};
  ties.default_value = "none";
  ties.help =
      "none: Yilmaz, Aslam and Robertson's τ_AP, with x the truth and y the ranking evaluated, "
      "refusing ties; b: Urbano and Marrero's τ_AP,b, which allows ties and is symmetric (the "
      "mean of both directions)";
  ParamInfo values;
  values.name = "values";
  values.choices = {"auto", "ranks", "scores"};
  values.default_value = "auto";
  values.help =
      "how numbers order the items: ranks (1 the top), scores (the highest the top), or auto: "
      "ranks when every value is a whole number from 1 to n, else scores. Two orders of names "
      "need none";

  MeasureInfo m;
  m.name = "tau_ap";
  m.title = "AP rank correlation (τ_AP)";
  m.summary =
      "Rank correlation that weighs the top most, as AP does: x is the truth, y the ranking "
      "evaluated, and a swap near the top of y costs more than one near the bottom.";
  m.input = InputKind::rankings;
  m.params = {ties, values};
  m.aliases = {"ap-correlation", "ap-corr"};
  m.formula =
      "\\tau_{AP} = \\frac{2}{n-1} \\sum_{i=2}^{n} \\frac{C(i)}{i-1} - 1,\\qquad C(i) = "
      "\\text{items above the } i\\text{-th of } y \\text{ that } x \\text{ also puts above it}";
  m.example = "tau_ap(ties=b)";
  m.golden = {"TAU4", "TAU5", "TAU6", "TAU7"};
  m.run = &run_tau_ap;
  m.variant_title = &tau_ap_title;
  return m;
}

MeasureInfo measure_spearman() {
  MeasureInfo m;
  m.name = "spearman";
  m.title = "Spearman's rank correlation (ρ)";
  m.summary =
      "Pearson's r of the ranks (tied values share their mean rank), with scipy's p-value: "
      "1 − 6Σd²/(n(n² − 1)) when there are no ties.";
  m.input = InputKind::rankings;
  m.aliases = {"spearman-rho", "spearmans-rho", "rho"};
  m.formula =
      "\\rho = \\frac{\\sum_i (R_i - \\bar R)(S_i - \\bar S)}{\\sqrt{\\sum_i (R_i - \\bar R)^2 "
      "\\sum_i (S_i - \\bar S)^2}},\\qquad \\text{without ties } \\rho = 1 - \\frac{6 \\sum_i "
      "d_i^2}{n(n^2 - 1)}";
  m.example = "spearman";
  m.golden = {"RHO1", "RHO2"};
  m.run = &run_spearman;
  return m;
}

MeasureInfo measure_pearson() {
  MeasureInfo m;
  m.name = "pearson";
  m.title = "Pearson's correlation (r)";
  m.summary =
      "Linear correlation of the values themselves, r = S_xy/√(S_xx S_yy), with r² exact and "
      "scipy's p-value.";
  m.input = InputKind::rankings;
  m.aliases = {"pearson-r", "pearsons-r"};
  m.formula =
      "r = \\frac{\\sum_i (x_i - \\bar x)(y_i - \\bar y)}{\\sqrt{\\sum_i (x_i - \\bar x)^2 \\sum_i "
      "(y_i - \\bar y)^2}}";
  m.example = "pearson";
  m.golden = {"PEARSON1", "PEARSON2"};
  m.run = &run_pearson;
  return m;
}

MeasureInfo measure_rbo() {
  ParamInfo p;
  p.name = "p";
  p.default_value = "0.9";
  p.help = "the persistence: depth d weighs (1 − p)p^(d − 1); above 0 and below 1";
  p.numeric = true;
  p.maximum = Fraction{1, 1};

  ParamInfo ties;
  ties.name = "ties";
  ties.choices = {"a", "b", "w"};
  ties.default_value = "a";
  ties.help =
      "tied items, written (d1 d2), as Corsi and Urbano (SIGIR 2024) read them: a, the average "
      "over every order of the ties; b, corrected for what the ties hide (as τ_b); w, tied "
      "items equal";

  MeasureInfo m;
  m.name = "rbo";
  m.title = "Rank-biased overlap (RBO)";
  m.summary =
      "Similarity of two ranked lists that may hold different items and differ in length: the "
      "overlap of their tops, depth by depth, weighted towards the top (RBO_ext, with RBO_min, "
      "RBO_max and the residual).";
  m.input = InputKind::two_lists;
  m.params = {p, ties};
  m.aliases = {"rank-biased-overlap"};
  m.formula =
      "\\text{RBO}_{\\text{ext}} = \\frac{1-p}{p}\\Big(\\sum_{d=1}^{l} \\frac{X_d}{d} p^d + "
      "\\sum_{d=s+1}^{l} \\frac{X_s (d-s)}{s\\,d} p^d\\Big) + \\Big(\\frac{X_l - X_s}{l} + "
      "\\frac{X_s}{s}\\Big) p^l";
  m.example = "rbo(p=0.8)";
  m.golden = {"RBO1", "RBO2", "RBO3", "RBO4"};
  m.run = &run_rbo;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of tau (check.cpp, check_slips.h) ------------------------------

namespace irm::checking {
namespace {

// τ with every pair tied in either ranking counted as concordant (+1) or discordant (−1) instead
// of neither: (n_c − n_d ± n_t)/n_0, n_t = n_0 − n_c − n_d.
std::optional<Candidate> tau_ties_counted(const Context& c, bool as_concordant) {
  const Number* nc = value_of(c.outcome, "nc");
  const Number* nd = value_of(c.outcome, "nd");
  const Number* n0 = value_of(c.outcome, "n0");
  if (!nc || !nd || !n0 || !nc->exact || !nd->exact || !n0->exact || n0->exact->num == 0) {
    return std::nullopt;
  }
  const std::int64_t ties = n0->exact->num - nc->exact->num - nd->exact->num;
  if (ties <= 0) return std::nullopt;
  const std::int64_t top = nc->exact->num - nd->exact->num + (as_concordant ? ties : -ties);
  const std::string pairs = std::to_string(ties) + (ties == 1 ? " tied pair" : " tied pairs");
  return Candidate{
      as_concordant ? "tau.ties_concordant" : "tau.ties_discordant", ratio(top, n0->exact->num),
      c.answer + " counts the " + pairs + " as " + (as_concordant ? "concordant" : "discordant") +
          ": (n_c − n_d " + (as_concordant ? "+ " : "− ") + std::to_string(ties) +
          ")/n_0; a pair "
          "tied in either ranking is neither concordant nor discordant and adds nothing to "
          "n_c − n_d"};
}

// τ_AP with the lines swapped: y taken as the truth and x walked down (ties=none: τ_AP,b is
// symmetric).
std::optional<Candidate> tau_ap_swapped(const Context& c) {
  if (c.call.param("ties") == "b") return std::nullopt;
  const auto parsed = parse_two_rankings(c.input);
  if (!parsed.ok()) return std::nullopt;
  const TwoRankings& r = parsed.value();
  const ApKeys keys = ap_keys(c.call, r);
  if (has_ties(keys.x) || has_ties(keys.y)) return std::nullopt;
  const Number swapped = ap_value(ap_direction(keys.y, keys.x));
  return Candidate{"tau_ap.lines_swapped", swapped,
                   c.answer + " takes " + r.y_name + " as the truth and walks down " + r.x_name +
                       "; τ_AP is asymmetric: " + r.x_name + " is the truth and " + r.y_name +
                       " the ranking evaluated, so C(i) counts the items above the i-th of " +
                       r.y_name + " that " + r.x_name + " also puts above it"};
}

// Spearman's shortcut 1 − 6Σd²/(n(n² − 1)) on average ranks, when there are ties.
std::optional<Candidate> spearman_shortcut(const Context& c) {
  const Number* sum = value_of(c.outcome, "sum_d2");
  const Number* n = value_of(c.outcome, "n");
  if (!sum || !n || !sum->exact || !n->exact) return std::nullopt;
  const std::int64_t count = n->exact->num;
  const Number shortcut = whole(1) - whole(6) * *sum / whole(count * (count * count - 1));
  if (same_number(shortcut, c.outcome.value)) return std::nullopt;  // no ties: the same
  return Candidate{"spearman.shortcut_with_ties", shortcut,
                   c.answer + " is 1 − 6Σd²/(n(n² − 1)) = 1 − 6 · " + short_text(*sum) + "/(" +
                       std::to_string(count) + " · " + std::to_string(count * count - 1) +
                       "), the formula for rankings without ties; with tied values ρ is Pearson's "
                       "r of the ranks, tied values sharing their mean rank"};
}

// r² given for r, or r for r².
std::optional<Candidate> pearson_square(const Context& c, bool square_for_r) {
  const Number* r = value_of(c.outcome, "r");
  const Number* r2 = value_of(c.outcome, "r2");
  if (!r || !r2) return std::nullopt;
  if (square_for_r) {
    if (!c.key.empty() && c.key != "r") return std::nullopt;
    if (same_number(*r, *r2)) return std::nullopt;  // r = 0 or 1
    return Candidate{"pearson.r_squared", *r2,
                     c.answer + " is r² = " + short_text(*r2) +
                         ", the square of the correlation; r itself is S_xy/√(S_xx S_yy), its "
                         "square root with the sign of S_xy"};
  }
  if (c.key != "r2" || same_number(*r, *r2)) return std::nullopt;
  return Candidate{"pearson.r_for_r2", *r,
                   c.answer + " is r itself; r² is its square, S_xy²/(S_xx S_yy)"};
}

// RBO_min, the lower bound, given for RBO_ext.
std::optional<Candidate> rbo_min_for_ext(const Context& c) {
  if (!c.key.empty() && c.key != "ext") return std::nullopt;
  const Number* low = value_of(c.outcome, "min");
  const Number* ext = value_of(c.outcome, "ext");
  if (!low || !ext || close_numbers(*low, *ext)) return std::nullopt;
  return Candidate{
      "rbo.min_for_ext", *low,
      c.answer +
          " is RBO_min, the lower bound that takes the ranks past the lists to share "
          "no more items; RBO_ext extrapolates instead, carrying on the agreement X_s/s "
          "seen at depth s (Webber et al.'s equation 32)"};
}

std::string tau_hint(const Context& c, const std::string& q, bool main) {
  const std::string& name = c.call.info->name;
  if (name == "tau_ap") {
    return "Walk down y from its second item: count C(i), the items above it in y that x also "
           "puts above it, and add C(i)/(i − 1); then τ_AP = (2/(n − 1)) Σ − 1.";
  }
  if (name == "spearman" && (main || q == "rho" || q == "sum_d2")) {
    return "Rank each line on its own, tied values sharing their mean rank; without ties ρ = 1 − "
           "6Σd²/(n(n² − 1)), with ties ρ is Pearson's r of the ranks.";
  }
  if (name == "pearson" && (main || q == "r" || q == "r2")) {
    return "Find the two means, then S_xy = Σ(x − x̄)(y − ȳ), S_xx and S_yy; r = S_xy/√(S_xx "
           "S_yy) and r² = S_xy²/(S_xx S_yy).";
  }
  if (name == "rbo") {
    return "At each depth d count X_d, the items the two tops share, and A_d = X_d/d; weigh A_d "
           "by (1 − p)p^(d − 1) and add, then the extrapolated tail ((X_l − X_s)/l + X_s/s)p^l.";
  }
  if (name != "tau") return "";
  const std::string pairs =
      "each pair of items: concordant (n_c: x and y order it the same way), discordant (n_d), "
      "tied in x (n_1) or in y (n_2)";
  if (q == "nc" || q == "nd" || q == "n1" || q == "n2") return "Sort out " + pairs + ".";
  if (q == "n0") return "Count the pairs of n items: n_0 = n(n − 1)/2.";
  if (q == "tau_a") {
    return "Sort out " + pairs + "; then τa = (n_c − n_d)/n_0 with n_0 = n(n − 1)/2.";
  }
  if (q == "tau_b") {
    return "Sort out " + pairs +
           "; then τb = (n_c − n_d)/√((n_0 − n_1)(n_0 − n_2)) with n_0 = "
           "n(n − 1)/2.";
  }
  return "";
}

}  // namespace

const CheckFamily& correlation_checks() {
  static const CheckFamily family = {
      {
          {{"tau.ties_concordant",
            {"tau"},
            "τ with each pair tied in either ranking counted as concordant instead of neither"},
           [](const Context& c) { return tau_ties_counted(c, true); }},
          {{"tau.ties_discordant",
            {"tau"},
            "τ with each pair tied in either ranking counted as discordant instead of neither"},
           [](const Context& c) { return tau_ties_counted(c, false); }},
          {{"tau_ap.lines_swapped",
            {"tau_ap"},
            "τ_AP with y taken as the truth and x as the ranking evaluated"},
           &tau_ap_swapped},
          {{"spearman.shortcut_with_ties",
            {"spearman"},
            "ρ by 1 − 6Σd²/(n(n² − 1)) although there are ties"},
           &spearman_shortcut},
          {{"pearson.r_squared", {"pearson"}, "r² given for r"},
           [](const Context& c) { return pearson_square(c, true); }},
          {{"pearson.r_for_r2", {"pearson"}, "r given for r²"},
           [](const Context& c) { return pearson_square(c, false); },
           true},
          {{"rbo.min_for_ext", {"rbo"}, "RBO_min, the lower bound, given for RBO_ext"},
           &rbo_min_for_ext},
      },
      {},
      &tau_hint};
  return family;
}

}  // namespace irm::checking
