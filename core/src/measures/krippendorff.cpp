// Krippendorff's alpha: agreement among any number of coders, with missing judgments, at the
// nominal, ordinal, interval or ratio level (`krippendorff(level=…)`).
//
//   Units with fewer than two judgments are left out (they cannot be paired). In unit u with
//   m_u judgments, every ordered pair of two different coders' values (c, k) adds 1/(m_u − 1)
//   to the coincidence o_ck; n_c = Σ_k o_ck (the judgments of value c that are pairable),
//   n = Σ_c n_c.
//   D_o = (1/n) Σ_c Σ_k o_ck δ²_ck             (observed disagreement)
//   D_e = 1/(n(n − 1)) Σ_c Σ_k n_c n_k δ²_ck   (expected disagreement)
//   α = 1 − D_o / D_e, exact.
//   δ²: nominal 0 when c = k, else 1; ordinal (Σ_{g=c..k} n_g − (n_c + n_k)/2)², the values in
//   order (numbers by value, words as they first appear); interval (c − k)²; ratio
//   ((c − k)/(c + k))², 0 when c = k = 0.
//   (Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011.)
// D_e = 0 only when every pairable judgment is the same value: α is 0/0 and refused, naming the
// value. Interval and ratio need numbers, ratio numbers of one sign.
//
// Golden tests: krippendorff-12-units (tests/core/golden_krippendorff.cpp).

#include <algorithm>
#include <map>

#include "check_slips.h"
#include "common.h"

namespace irm {
// A named namespace: in a unity batch, other families' helpers (is_zero…) are near.
namespace alpha_family {
namespace {

enum class Level { nominal, ordinal, interval, ratio };

Level level_of(const std::string& s) {
  if (s == "ordinal") return Level::ordinal;
  if (s == "interval") return Level::interval;
  if (s == "ratio") return Level::ratio;
  return Level::nominal;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::nominal:
      return "nominal";
    case Level::ordinal:
      return "ordinal";
    case Level::interval:
      return "interval";
    case Level::ratio:
      return "ratio";
  }
  return "nominal";
}

// Shown small enough to read: the coincidence and difference tables have values × values cells.
constexpr std::size_t max_table_values = 15;
// The units listed one by one in the first table.
constexpr std::size_t max_listed_units = 500;

// The coincidences, the pairable totals and n: what every level starts from.
struct Coincidences {
  std::size_t k = 0;
  std::map<std::pair<int, int>, Number> o;  // only the cells that are not 0
  std::vector<Number> n_c;
  std::int64_t n = 0;           // Σ m_u over pairable units (n_c sum to it)
  std::size_t pairable = 0;     // units with 2 or more judgments
  std::vector<std::int64_t> m;  // m_u of each unit (0 or 1: not pairable)
};

Coincidences coincidences(const ReliabilityData& d) {
  Coincidences co;
  co.k = d.values.size();
  co.n_c.assign(co.k, whole(0));
  const std::size_t units = d.units.size();
  co.m.assign(units, 0);
  // Pair counts by m_u, in whole numbers; each divided by m_u − 1 once at the end.
  std::map<std::int64_t, std::map<std::pair<int, int>, std::int64_t>> by_m;
  std::vector<std::int64_t> count(co.k, 0);
  std::vector<int> present;
  for (std::size_t u = 0; u < units; ++u) {
    present.clear();
    for (const auto& coder : d.cells) {
      const int v = coder[u];
      if (v < 0) continue;
      if (count[static_cast<std::size_t>(v)]++ == 0) present.push_back(v);
      ++co.m[u];
    }
    if (co.m[u] >= 2) {
      ++co.pairable;
      co.n += co.m[u];
      auto& pairs = by_m[co.m[u]];
      for (const int c : present) {
        for (const int k : present) {
          const std::int64_t nc = count[static_cast<std::size_t>(c)];
          const std::int64_t nk = count[static_cast<std::size_t>(k)];
          pairs[{c, k}] += c == k ? nc * (nc - 1) : nc * nk;
        }
      }
    }
    for (const int v : present) count[static_cast<std::size_t>(v)] = 0;
  }
  for (const auto& [m, pairs] : by_m) {
    for (const auto& [ck, p] : pairs) {
      if (p == 0) continue;
      const Number add = ratio(p, m - 1);
      auto it = co.o.find(ck);
      if (it == co.o.end()) {
        co.o.emplace(ck, add);
      } else {
        it->second = it->second + add;
      }
    }
  }
  for (const auto& [ck, o] : co.o) {
    co.n_c[static_cast<std::size_t>(ck.first)] = co.n_c[static_cast<std::size_t>(ck.first)] + o;
  }
  return co;
}

// δ²_ck at `level` (values c < k or any order).
class Difference {
 public:
  Difference(Level level, const ReliabilityData& d, const Coincidences& co) : level_(level), d_(d) {
    // Running sums of n_g for ordinal: Σ_{g=c..k} n_g = below_[k + 1] − below_[c].
    below_.push_back(whole(0));
    for (const Number& n : co.n_c) below_.push_back(below_.back() + n);
    n_c_ = co.n_c;
  }

  Number operator()(std::size_t c, std::size_t k) const {
    if (c == k) return whole(0);
    switch (level_) {
      case Level::nominal:
        return whole(1);
      case Level::ordinal: {
        const std::size_t lo = std::min(c, k);
        const std::size_t hi = std::max(c, k);
        const Number span = below_[hi + 1] - below_[lo] - (n_c_[c] + n_c_[k]) / whole(2);
        return span * span;
      }
      case Level::interval: {
        const Number diff = exact_number(*d_.numbers[c]) - exact_number(*d_.numbers[k]);
        return diff * diff;
      }
      case Level::ratio: {
        const Number sum = exact_number(*d_.numbers[c]) + exact_number(*d_.numbers[k]);
        const Number diff = exact_number(*d_.numbers[c]) - exact_number(*d_.numbers[k]);
        const Number q = diff / sum;  // c ≠ k of one sign: the sum is not 0
        return q * q;
      }
    }
    return whole(0);
  }

  // The formula of one cell, with its numbers: "(3 − 1)²", "(9 + 13 − (9 + 13)/2)²".
  std::string shown(std::size_t c, std::size_t k) const {
    if (c == k) return "0";
    switch (level_) {
      case Level::nominal:
        return "1";
      case Level::ordinal: {
        const std::size_t lo = std::min(c, k);
        const std::size_t hi = std::max(c, k);
        std::string sum;
        for (std::size_t g = lo; g <= hi; ++g) {
          sum += (sum.empty() ? "" : " + ") + number_text(n_c_[g]);
        }
        return "(" + sum + " − (" + number_text(n_c_[c]) + " + " + number_text(n_c_[k]) + ")/2)²";
      }
      case Level::interval:
        return "(" + d_.values[c] + " − " + d_.values[k] + ")²";
      case Level::ratio:
        return "((" + d_.values[c] + " − " + d_.values[k] + ")/(" + d_.values[c] + " + " +
               d_.values[k] + "))²";
    }
    return "";
  }

 private:
  Level level_;
  const ReliabilityData& d_;
  std::vector<Number> below_;
  std::vector<Number> n_c_;
};

struct Alpha {
  Number observed_sum;  // Σ o_ck δ²_ck
  Number expected_sum;  // Σ n_c n_k δ²_ck
  Number d_o;
  Number d_e;
  Number alpha;
  bool undefined = false;  // D_e = 0
};

Alpha alpha_at(Level level, const ReliabilityData& d, const Coincidences& co) {
  const Difference delta(level, d, co);
  Alpha a;
  a.observed_sum = whole(0);
  for (const auto& [ck, o] : co.o) {
    if (ck.first == ck.second) continue;
    a.observed_sum = a.observed_sum + o * delta(static_cast<std::size_t>(ck.first),
                                                static_cast<std::size_t>(ck.second));
  }
  a.expected_sum = whole(0);
  for (std::size_t c = 0; c < co.k; ++c) {
    if (is_zero_number(co.n_c[c])) continue;
    for (std::size_t k = 0; k < co.k; ++k) {
      if (k == c || is_zero_number(co.n_c[k])) continue;
      a.expected_sum = a.expected_sum + co.n_c[c] * co.n_c[k] * delta(c, k);
    }
  }
  const Number n = whole(co.n);
  a.d_o = a.observed_sum / n;
  a.d_e = a.expected_sum / (n * whole(co.n - 1));
  a.undefined = is_zero_number(a.expected_sum);
  a.alpha = a.undefined ? whole(1) : whole(1) - a.d_o / a.d_e;
  return a;
}

// Why `level` cannot be computed on these values; empty when it can.
std::string level_refused(Level level, const ReliabilityData& d) {
  if (level != Level::interval && level != Level::ratio) return "";
  for (std::size_t v = 0; v < d.values.size(); ++v) {
    if (!d.numbers[v]) {
      return std::string("the ") + level_name(level) +
             " level measures differences between numbers, and '" + visible(d.values[v]) +
             "' is not one; use level=nominal for categories, or level=ordinal for ordered ones";
    }
  }
  if (level == Level::ratio) {
    const bool negative = compare(*d.numbers.front(), Fraction{0, 1}) < 0;
    const bool positive = compare(*d.numbers.back(), Fraction{0, 1}) > 0;
    if (negative && positive) {
      return "the ratio level compares values by their ratio, which needs values of one sign; "
             "these run from " +
             d.values.front() + " to " + d.values.back() + " (use level=interval)";
    }
  }
  return "";
}

std::string alpha_formula_text(const Alpha& a, std::int64_t n) {
  return "1 − " + str(n - 1) + " · " + number_text(a.observed_sum) + " / " +
         number_text(a.expected_sum);
}

std::string decimal3(const Number& x) { return to_decimal(x, 3); }

Result<Outcome> run_krippendorff(const MeasureCall& call, const Inputs& in) {
  const ReliabilityData& d = *in.reliability;
  const Level level = level_of(call.param("level"));
  if (const std::string why = level_refused(level, d); !why.empty()) {
    return InputError{ErrorCode::bad_token, why, Span{}};
  }
  const Coincidences co = coincidences(d);
  if (co.pairable == 0) {
    return InputError{ErrorCode::inconsistent_counts,
                      "no unit has judgments from two coders, so no pair of judgments can be "
                      "compared; α needs at least one unit judged twice",
                      Span{}};
  }
  const Alpha a = alpha_at(level, d, co);
  if (a.undefined) {
    std::string value;
    for (std::size_t c = 0; c < co.k; ++c) {
      if (!is_zero_number(co.n_c[c])) value = d.values[c];
    }
    return InputError{ErrorCode::inconsistent_counts,
                      "every pairable judgment is the same value ('" + visible(value) +
                          "'), so the expected disagreement D_e is 0 and α = 0/0 is undefined: "
                          "with no variation there is nothing to agree on",
                      Span{}};
  }

  Outcome out = start_outcome(call, in);
  out.label = "α";
  const std::size_t k = co.k;
  const std::size_t units = d.units.size();
  const std::size_t coders = d.coders.size();

  // 1. The judgments by unit.
  StepTable values_table{
      "The judgments by unit (m_u: how many; a unit with fewer than 2 "
      "cannot be paired and is left out)",
      {"unit"},
      {},
      {}};
  for (const auto& c : d.coders) values_table.columns.push_back(visible(c));
  values_table.columns.push_back("m_u");
  for (std::size_t u = 0; u < units && u < max_listed_units; ++u) {
    std::vector<Cell> row{text_cell(visible(d.units[u]))};
    for (std::size_t c = 0; c < coders; ++c) {
      const int v = d.cells[c][u];
      row.push_back(text_cell(v < 0 ? "·" : visible(d.values[static_cast<std::size_t>(v)])));
    }
    row.push_back(text_cell(str(co.m[u]) + (co.m[u] < 2 ? " (left out)" : "")));
    values_table.rows.push_back(std::move(row));
  }
  out.steps.push_back(std::move(values_table));
  if (units > max_listed_units) {
    out.notes.push_back("The first table lists the first " + str(max_listed_units) + " of " +
                        str(static_cast<std::int64_t>(units)) + " units; every unit is counted.");
  }

  // 2. The coincidence matrix.
  if (k <= max_table_values) {
    StepTable table{
        "Coincidences o_ck: in each unit, every ordered pair of two coders' values "
        "adds 1/(m_u − 1); n_c = Σ_k o_ck",
        {"c \\ k"},
        {},
        {}};
    for (const auto& v : d.values) table.columns.push_back(visible(v));
    table.columns.push_back("n_c");
    for (std::size_t c = 0; c < k; ++c) {
      std::vector<Cell> row{text_cell(visible(d.values[c]))};
      for (std::size_t j = 0; j < k; ++j) {
        const auto it = co.o.find({static_cast<int>(c), static_cast<int>(j)});
        row.push_back(number_cell(it == co.o.end() ? whole(0) : it->second));
      }
      row.push_back(number_cell(co.n_c[c]));
      table.rows.push_back(std::move(row));
    }
    std::vector<Cell> total{text_cell("n")};
    for (std::size_t j = 0; j < k; ++j) total.push_back(text_cell(""));
    total.push_back(number_cell("n = " + str(co.n), whole(co.n)));
    table.rows.push_back(std::move(total));
    out.steps.push_back(std::move(table));
  } else {
    StepTable table{
        "Pairable judgments of each value, n_c (the " + str(static_cast<std::int64_t>(k)) + " × " +
            str(static_cast<std::int64_t>(k)) + " coincidence table is too large to show)",
        {"value", "n_c"},
        {},
        {}};
    for (std::size_t c = 0; c < k; ++c) {
      table.rows.push_back({text_cell(visible(d.values[c])), number_cell(co.n_c[c])});
    }
    out.steps.push_back(std::move(table));
  }

  // 3. The difference function.
  const Difference delta(level, d, co);
  const std::string delta_rule = level == Level::nominal ? "δ²_ck = 0 when c = k, else 1"
                                 : level == Level::ordinal
                                     ? "δ²_ck = (Σ_{g from c to k} n_g − (n_c + n_k)/2)²"
                                 : level == Level::interval ? "δ²_ck = (c − k)²"
                                                            : "δ²_ck = ((c − k)/(c + k))²";
  if (k <= max_table_values) {
    std::string title = std::string("The ") + level_name(level) + " difference: " + delta_rule;
    if (level == Level::ordinal && k >= 2) {
      title += "; e.g. δ²(" + visible(d.values[0]) + ", " + visible(d.values[1]) +
               ") = " + delta.shown(0, 1) + " = " + number_text(delta(0, 1));
    }
    StepTable table{title, {"c \\ k"}, {}, {}};
    for (const auto& v : d.values) table.columns.push_back(visible(v));
    for (std::size_t c = 0; c < k; ++c) {
      std::vector<Cell> row{text_cell(visible(d.values[c]))};
      for (std::size_t j = 0; j < k; ++j) {
        const Number x = delta(c, j);
        const std::string written = delta.shown(c, j);
        // Ordinal cells hold the value only (their sums are long); the title works one out.
        if (level == Level::ordinal) {
          row.push_back(number_cell(x));
        } else {
          row.push_back(number_cell(
              level == Level::nominal || c == j ? written : written + " = " + number_text(x), x));
        }
      }
      table.rows.push_back(std::move(row));
    }
    out.steps.push_back(std::move(table));
  }

  // 4. α.
  StepTable steps{"α step by step", {"quantity", "formula", "with these numbers", "value"}, {}, {}};
  steps.rows.push_back({text_cell("n"), text_cell("pairable judgments, Σ n_c"),
                        text_cell(str(static_cast<std::int64_t>(co.pairable)) + " units"),
                        number_cell(whole(co.n))});
  steps.rows.push_back({text_cell("Σ o_ck δ²_ck"), text_cell("over c ≠ k"), text_cell(""),
                        number_cell(a.observed_sum)});
  steps.rows.push_back({text_cell("D_o, observed disagreement"), text_cell("Σ o_ck δ²_ck / n"),
                        text_cell(number_text(a.observed_sum) + " / " + str(co.n)),
                        number_cell(a.d_o)});
  steps.rows.push_back({text_cell("Σ n_c n_k δ²_ck"), text_cell("over c ≠ k"), text_cell(""),
                        number_cell(a.expected_sum)});
  steps.rows.push_back(
      {text_cell("D_e, expected disagreement"), text_cell("Σ n_c n_k δ²_ck / (n(n − 1))"),
       text_cell(number_text(a.expected_sum) + " / (" + str(co.n) + " · " + str(co.n - 1) + ")"),
       number_cell(a.d_e)});
  steps.rows.push_back({text_cell("α"), text_cell("1 − D_o / D_e"),
                        text_cell(alpha_formula_text(a, co.n)), number_cell(a.alpha)});
  steps.highlight.push_back(5);
  out.steps.push_back(std::move(steps));

  out.value = a.alpha;
  out.values = {{"alpha", a.alpha}, {"Do", a.d_o}, {"De", a.d_e}, {"n", whole(co.n)}};
  out.working =
      "\\begin{aligned}D_o &= \\frac{1}{n}\\sum_{c \\ne k} o_{ck}\\,\\delta^2_{ck} = "
      "\\frac{" +
      latex_exact(a.observed_sum) + "}{" + str(co.n) + "} = " + latex_value(a.d_o) +
      "\\\\ D_e &= \\frac{1}{n(n-1)}\\sum_{c \\ne k} n_c\\,n_k\\,\\delta^2_{ck} = "
      "\\frac{" +
      latex_exact(a.expected_sum) + "}{" + str(co.n) + " \\cdot " + str(co.n - 1) +
      "} = " + latex_value(a.d_e) +
      "\\\\ \\alpha &= 1 - \\frac{D_o}{D_e} = " + latex_value(a.alpha) + "\\end{aligned}";

  out.notes.push_back(std::string("Level: ") + level_name(level) + " (" + delta_rule + ").");
  if (co.pairable < units) {
    out.notes.push_back(str(static_cast<std::int64_t>(units - co.pairable)) + " of " +
                        str(static_cast<std::int64_t>(units)) +
                        " units have fewer than two judgments and are left out: a single "
                        "judgment has no other to agree with.");
  }
  if (level == Level::ordinal && !d.numbers.back()) {
    std::string order;
    for (const auto& v : d.values) order += (order.empty() ? "" : " < ") + visible(v);
    out.notes.push_back("The ordinal level needs the values' order; it is taken as " + order +
                        " (numbers by value, words as they first appear). Numbering the "
                        "categories 1, 2, 3, … fixes another order.");
  }
  // The other levels on the same data.
  for (const Level other : {Level::nominal, Level::ordinal, Level::interval, Level::ratio}) {
    if (other == level || !level_refused(other, d).empty()) continue;
    const Alpha b = alpha_at(other, d, co);
    if (b.undefined) continue;
    out.alternatives.push_back({canonical_name(call.with("level", level_name(other))), b.alpha,
                                std::string("the ") + level_name(other) +
                                    " difference function: α = " + decimal3(b.alpha)});
  }
  out.notes.push_back(
      "Krippendorff suggests relying on data with α ≥ 0.800, and on α ≥ 0.667 only for tentative "
      "conclusions (Krippendorff, Content Analysis, 2004); α = " +
      decimal3(a.alpha) + ".");
  finish_outcome(out);
  return out;
}

std::string krippendorff_title(const MeasureCall& call) {
  return std::string("Krippendorff's alpha (") + call.param("level") + ")";
}

}  // namespace
}  // namespace alpha_family

MeasureInfo measure_krippendorff() {
  ParamInfo level;
  level.name = "level";
  level.choices = {"nominal", "ordinal", "interval", "ratio"};
  level.default_value = "nominal";
  level.help =
      "the values' level of measurement, which sets how far apart two values are: nominal "
      "(categories: equal or not), ordinal (ranked: by how many judgments lie between them), "
      "interval (numbers: squared difference) or ratio (numbers: squared relative difference)";
  MeasureInfo m;
  m.name = "krippendorff";
  m.title = "Krippendorff's alpha";
  m.summary =
      "Agreement among any number of coders with missing judgments, for categories, ranks or "
      "numbers: observed against expected disagreement, from the coincidence table.";
  m.input = InputKind::reliability;
  m.params = {level};
  m.aliases = {"krippendorff-alpha", "krippendorffs-alpha", "kalpha", "k-alpha"};
  m.formula =
      "\\alpha = 1 - \\frac{D_o}{D_e},\\quad D_o = \\frac{1}{n}\\sum_{c,k} o_{ck}\\,"
      "\\delta^2_{ck},\\quad D_e = \\frac{1}{n(n-1)}\\sum_{c,k} n_c\\,n_k\\,\\delta^2_{ck}";
  m.example = "krippendorff(level=ordinal)";
  m.golden = {"K5"};
  m.run = &alpha_family::run_krippendorff;
  m.variant_title = &alpha_family::krippendorff_title;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of krippendorff (check.cpp, check_slips.h) ---------------------

namespace irm::checking {
namespace {

// D_e taken over n² pairs instead of n(n − 1) (drawing with replacement): D_e' = D_e (n − 1)/n.
std::optional<Candidate> krippendorff_n_squared(const Context& c) {
  const Number* d_o = value_of(c.outcome, "Do");
  const Number* d_e = value_of(c.outcome, "De");
  const Number* n = value_of(c.outcome, "n");
  if (!d_o || !d_e || !n || n->approx < 2) return std::nullopt;
  const Number slipped = *d_e * (*n - whole(1)) / *n;
  return Candidate{"krippendorff.n_squared", whole(1) - *d_o / slipped,
                   "you divided the expected disagreement by n² = " + number_text(*n * *n) +
                       " instead of n(n − 1) = " + number_text(*n * (*n - whole(1))) +
                       ": the expected pairs are drawn without replacement, so D_e = Σ n_c n_k "
                       "δ²_ck / (n(n − 1))"};
}

std::optional<Candidate> krippendorff_rounded(const Context& c) {
  const Number* d_o = value_of(c.outcome, "Do");
  const Number* d_e = value_of(c.outcome, "De");
  if (!d_o || !d_e) return std::nullopt;
  const Number o = rounded2(*d_o);
  const Number e = rounded2(*d_e);
  if (e.approx == 0.0) return std::nullopt;
  return Candidate{"krippendorff.rounded_intermediates", whole(1) - o / e,
                   "you rounded D_o and D_e to 2 decimals before dividing: 1 − " +
                       to_decimal(o, 2) + "/" + to_decimal(e, 2) +
                       "; keep them exact and round only α"};
}

std::string krippendorff_hint(const Context& c, const std::string& q, bool /*main*/) {
  if (c.call.info->name != "krippendorff") return "";
  if (q == "Do") {
    return "Check the coincidences o_ck (each unit's ordered pairs of values, each over m_u − 1) "
           "and D_o = Σ o_ck δ²_ck / n.";
  }
  if (q == "De") return "Check each value's n_c and D_e = Σ n_c n_k δ²_ck / (n(n − 1)).";
  return "Check the units left out (fewer than two judgments), the coincidences o_ck, each "
         "value's n_c and n, then D_o, D_e and α = 1 − D_o/D_e.";
}

}  // namespace

const CheckFamily& krippendorff_checks() {
  static const CheckFamily family = {{{{"krippendorff.n_squared",
                                        {"krippendorff"},
                                        "expected disagreement over n² pairs, not n(n − 1)"},
                                       &krippendorff_n_squared}},
                                     {{{"krippendorff.rounded_intermediates",
                                        {"krippendorff"},
                                        "D_o and D_e rounded to 2 decimals first"},
                                       &krippendorff_rounded}},
                                     &krippendorff_hint};
  return family;
}

}  // namespace irm::checking
