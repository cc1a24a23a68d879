// Rank correlation between two rankings of the same n items: Kendall's tau (`tau`).
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
#include <numeric>

#include "check_slips.h"
#include "common.h"

namespace irm {
namespace {

// Pairs shown in the pair table; the counts always cover every pair.
constexpr std::int64_t shown_pairs = 1000;
// Every pair is visited: 10,000 items make 5·10^7 pairs, under a second in a browser.
constexpr std::int64_t max_items = 10'000;

// Dense ranks: equal values share a rank, so comparing ranks compares the values exactly.
std::vector<std::int64_t> dense_ranks(const std::vector<Fraction>& values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return compare(values[a], values[b]) < 0; });
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

std::string tau_hint(const Context& c, const std::string& q, bool /*main*/) {
  if (c.call.info->name != "tau") return "";
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
      },
      {},
      &tau_hint};
  return family;
}

}  // namespace irm::checking
