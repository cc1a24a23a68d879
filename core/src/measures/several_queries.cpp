// Means over several queries: MAP, gMAP, MRR, 11pt-avg and mean(M).
//
//   MAP@k    = (1/Q) Σ_q AP@k(q)                  (Bhattacharya's CS657A notes; each query weighs
//                                                  the same, Q&A notes "Evaluation")
//   gMAP     = (Π_q max(AP(q), ε))^(1/Q), ε = 1e-5 (lecture notes "Week 3: Metrics"; trec_eval's
//                                                  gm_map floor)
//   MRR@k    = (1/Q) Σ_q RR@k(q)                  (Bhattacharya's CS657A notes)
//   11pt-avg = at each recall level, the mean over queries of the interpolated precision
//              (the averaged 11-point curve of the Q&A notes "Evaluation"); its value is the
//              mean of the 11 means
//   mean(M)  = (1/Q) Σ_q M(q) for any measure M of one ranked or graded list
// The per-query measure gets the mean's parameters and cutoff (MAP(norm=retrieved)@10 averages
// AP(norm=retrieved)@10). MAP(norm=min_rk)@k is the mapk of the R package Metrics and of
// Kaggle's ml_metrics: the mean of each query's AP@k divided by min(R, k) (average_precision.cpp).
// Each query's R: its own relevant=N, else the R field, else the relevant documents it lists (said
// in a note). The other values of each parameter are offered as alternatives.
//
// Golden tests: method-1-ap+method-2-ap+method-3-ap as three queries (MAP of the three methods of
// Bhattacharya's CS657A notes), one-relevant-ap-rr (MRR), metrics-apk (mapk), by hand
// (tests/core/golden_queries.cpp).

#include <cmath>

#include "check_slips.h"
#include "common.h"

namespace irm {
namespace {

enum class Mean { arithmetic, geometric, levels };

Mean mean_kind(const MeasureInfo& info) {
  if (info.name == "gMAP") return Mean::geometric;
  if (info.name == "11pt-avg") return Mean::levels;
  return Mean::arithmetic;
}

constexpr double gmap_floor = 1e-5;

// The measure taken on each query: the name inside mean(…), or the registry's per_query measure
// with this measure's parameters and cutoff.
MeasureCall per_query_call(const MeasureCall& call) {
  if (!call.inner.empty()) return call.inner.front();
  const auto parsed = parse_measure_name(call.info->per_query);
  assert(parsed.ok() && "a registry per_query name must parse");
  MeasureCall inner = parsed.value();
  for (const auto& [key, value] : call.params) inner = inner.with(key, value);
  inner.rank_cutoff = call.rank_cutoff;
  return inner;
}

struct QueryResult {
  const QueryBlock* block = nullptr;
  Outcome outcome;
  std::int64_t R = -1;  // -1: a graded list (no R)
  std::int64_t retrieved = 0;
  std::int64_t relevant_retrieved = 0;
  bool R_assumed = false;
};

InputError in_query(const QueryBlock& block, InputError e) {
  e.message = "query " + block.id + ": " + e.message;
  return e;
}

Result<std::vector<QueryResult>> run_each(const MeasureCall& inner, const Inputs& in) {
  std::vector<QueryResult> results;
  for (const QueryBlock& block : in.queries->queries) {
    QueryResult r;
    r.block = &block;
    Inputs q;
    if (inner.info->input == InputKind::graded_list) {
      const auto list = parse_graded_list(block.text, block.first_line);
      if (!list.ok()) return in_query(block, list.error());
      q.graded = &list.value();
      q.notes = list.value().reading;
      r.retrieved = static_cast<std::int64_t>(list.value().docs.size());
      auto outcome = inner.info->run(inner, q);
      if (!outcome.ok()) return in_query(block, outcome.error());
      r.outcome = std::move(outcome.value());
    } else {
      const auto list = parse_ranked_list(block.text, block.first_line);
      if (!list.ok()) return in_query(block, list.error());
      // The query's own relevant=N wins; the R field applies to the queries that give none.
      const bool field_given = in.total_relevant >= 0 && !list.value().total_relevant;
      const auto R = resolve_total_relevant(
          list.value(), field_given ? std::to_string(in.total_relevant) : "", field_given);
      if (!R.ok()) return in_query(block, R.error());
      q.ranked = &list.value();
      q.total_relevant = R.value().value;
      q.notes = list.value().reading;
      r.R = R.value().value;
      r.R_assumed = R.value().note.has_value();
      r.retrieved = static_cast<std::int64_t>(list.value().docs.size());
      r.relevant_retrieved = list.value().relevant_count();
      auto outcome = inner.info->run(inner, q);
      if (!outcome.ok()) return in_query(block, outcome.error());
      r.outcome = std::move(outcome.value());
    }
    results.push_back(std::move(r));
  }
  return results;
}

// The mean of the queries' values under `kind` (levels: the mean of the per-query values, which
// are already 11-point averages).
Number aggregate(Mean kind, const std::vector<Number>& values) {
  const auto Q = static_cast<std::int64_t>(values.size());
  if (kind != Mean::geometric) {
    Number sum = whole(0);
    for (const Number& v : values) sum = sum + v;
    return sum / whole(Q);
  }
  double log_sum = 0.0;
  for (const Number& v : values) log_sum += std::log(std::max(v.approx, gmap_floor));
  Number out;
  out.approx = std::exp(log_sum / static_cast<double>(Q));
  out.formula = "(Π max(AP, 1e-5))^(1/" + std::to_string(Q) + ")";
  return out;
}

std::vector<Number> values_of(const std::vector<QueryResult>& results) {
  std::vector<Number> out;
  for (const auto& r : results) out.push_back(r.outcome.value);
  return out;
}

std::string key_name(const MeasureCall& call) {
  return call.inner.empty() ? call.info->name : "mean";
}

}  // namespace

static Result<Outcome> run_mean_over_queries(const MeasureCall& call, const Inputs& in) {
  const MeasureCall inner = per_query_call(call);
  const Mean kind = mean_kind(*call.info);
  auto each = run_each(inner, in);
  if (!each.ok()) return each.error();
  const std::vector<QueryResult>& results = each.value();
  const auto Q = static_cast<std::int64_t>(results.size());
  const std::string inner_name = canonical_name(inner);

  Outcome out = start_outcome(call, in);
  out.value = aggregate(kind, values_of(results));
  out.values = {{key_name(call), out.value}};
  for (const auto& r : results)
    out.values.emplace_back(r.block->id + ":" + inner_name, r.outcome.value);

  // The per-query table: the numbers each query contributes.
  const bool ranked = inner.info->input == InputKind::ranked_list;
  StepTable table{"Each query's " + inner_name, {"query"}, {}, {}};
  if (ranked) table.columns.insert(table.columns.end(), {"R", "retrieved", "relevant retrieved"});
  if (!ranked) table.columns.push_back("retrieved");
  table.columns.push_back(inner_name);
  if (kind == Mean::geometric) table.columns.push_back("max(AP, 1e-5)");
  std::vector<std::string> terms;
  std::vector<std::string> assumed;
  Chart bars{"per-query-" + inner_name,
             inner_name + " of each query",
             "query",
             inner_name,
             {},
             {},
             std::nullopt,
             ""};
  Series bar{inner_name, Series::Kind::bar, {}, false};
  for (std::size_t i = 0; i < results.size(); ++i) {
    const QueryResult& r = results[i];
    std::vector<Cell> row{text_cell(r.block->id)};
    if (ranked) {
      row.push_back(text_cell(std::to_string(r.R)));
      row.push_back(text_cell(std::to_string(r.retrieved)));
      row.push_back(text_cell(std::to_string(r.relevant_retrieved)));
    } else {
      row.push_back(text_cell(std::to_string(r.retrieved)));
    }
    row.push_back(number_cell(r.outcome.value));
    if (kind == Mean::geometric) {
      row.push_back(
          number_cell(r.outcome.value.approx < gmap_floor ? ratio(1, 100000) : r.outcome.value));
    }
    table.rows.push_back(std::move(row));
    const bool floored = kind == Mean::geometric && r.outcome.value.approx < gmap_floor;
    terms.push_back(floored                 ? std::string("10^{-5}")
                    : r.outcome.value.exact ? to_latex(*r.outcome.value.exact)
                                            : to_decimal(r.outcome.value, 4));
    if (r.R_assumed) assumed.push_back(r.block->id);
    bar.points.emplace_back(static_cast<double>(i), r.outcome.value.approx);
    bars.x_categories.push_back(r.block->id);
  }
  out.steps.push_back(std::move(table));

  const std::string name = "\\text{" + call.info->name + "}";
  const std::string result =
      out.value.exact ? "= " + latex_value(out.value) : "\\approx " + to_decimal(out.value, 4);
  if (kind == Mean::geometric) {
    std::string product;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      product += (i ? " \\cdot " : "") + terms[i];
    }
    out.working =
        name + " = \\left(" + product + "\\right)^{1/" + std::to_string(Q) + "} " + result;
  } else {
    out.working = (call.inner.empty() ? name : "\\text{mean}") + " = \\frac{1}{" +
                  std::to_string(Q) + "}\\left(" + latex_sum(terms) + "\\right) " + result;
  }

  if (kind == Mean::levels) {
    // The averaged curve: each level's mean over the queries, each query's curve faintly behind.
    StepTable levels{
        "Interpolated precision at each recall level, by query", {"recall level"}, {}, {}};
    for (const auto& r : results) levels.columns.push_back(r.block->id);
    levels.columns.push_back("mean");
    Chart curve{"11pt-avg",   "Averaged 11-point interpolated precision",
                "recall",     "interpolated precision",
                {},           {},
                std::nullopt, ""};
    std::vector<Series> per_query;
    for (const auto& r : results) per_query.push_back({r.block->id, Series::Kind::line, {}, true});
    Series mean_series{"mean over " + plural(Q, "query", "queries"), Series::Kind::line, {}, false};
    std::string listed;
    for (int j = 0; j <= 10; ++j) {
      const std::string key = "IPrec@" + to_short_decimal(*make_fraction(j, 10));
      std::vector<Cell> row{text_cell(to_short_decimal(*make_fraction(j, 10)))};
      Number sum = whole(0);
      for (std::size_t i = 0; i < results.size(); ++i) {
        Number v = whole(0);
        for (const auto& [k, value] : results[i].outcome.values) {
          if (k == key) v = value;
        }
        sum = sum + v;
        row.push_back(number_cell(v));
        per_query[i].points.emplace_back(j / 10.0, v.approx);
      }
      const Number level_mean = sum / whole(Q);
      row.push_back(number_cell(level_mean));
      levels.rows.push_back(std::move(row));
      mean_series.points.emplace_back(j / 10.0, level_mean.approx);
      out.values.emplace_back(key, level_mean);
      listed += (j ? ", " : "") + to_decimal(level_mean, 2);
    }
    curve.series = per_query;
    curve.series.push_back(mean_series);
    curve.description = "The mean interpolated precision at recall 0, 0.1, …, 1 over " +
                        plural(Q, "query", "queries") + ": " + listed +
                        ", with each query's curve behind.";
    out.steps.push_back(std::move(levels));
    out.charts.push_back(std::move(curve));
  }

  switch (kind) {
    case Mean::arithmetic:
      out.notes.push_back(
          "Each query counts the same (the question-and-answer notes “Evaluation”): this is the "
          "mean of the " +
          std::to_string(Q) + " per-query values of " + inner_name +
          ", however many relevant documents each query has.");
      break;
    case Mean::geometric:
      out.notes.push_back(
          "gMAP is the geometric mean of the per-query APs (the lecture notes “Week 3: Metrics”): "
          "it rewards improving the "
          "poor queries. An AP below ε = 1e-5 is raised to ε first, as trec_eval's gm_map does, "
          "or a single 0 would make the product 0.");
      break;
    case Mean::levels:
      out.notes.push_back("At each recall level the interpolated precision is averaged over the " +
                          plural(Q, "query", "queries") +
                          " (the question-and-answer notes “Evaluation”); the value is the mean of "
                          "those 11 averages.");
      break;
  }
  if (!assumed.empty()) {
    std::string ids;
    for (std::size_t i = 0; i < assumed.size(); ++i) ids += (i ? ", " : "") + assumed[i];
    out.notes.push_back("R was not given for " + ids +
                        ", so it was taken as the relevant documents listed (every relevant "
                        "document retrieved); write `relevant=N` on a query's first line.");
  }

  // Alternatives: the mean under each other value of each parameter of the per-query measure.
  for (const ParamInfo& p : inner.info->params) {
    for (const std::string& choice : p.choices) {
      if (choice == inner.param(p.name)) continue;
      const MeasureCall inner_alt = inner.with(p.name, choice);
      MeasureCall outer_alt = call;
      if (call.inner.empty()) {
        outer_alt = call.with(p.name, choice);
      } else {
        outer_alt.inner = {inner_alt};
      }
      const auto alt = run_each(inner_alt, in);
      if (!alt.ok()) continue;
      std::string why = std::string(kind == Mean::geometric ? "the geometric mean" : "the mean") +
                        " of each query's " + canonical_name(inner_alt);
      for (std::size_t i = 0; i < alt.value().size(); ++i) {
        for (const Alternative& a : results[i].outcome.alternatives) {
          if (a.measure == canonical_name(inner_alt) && a.why.rfind("the same here", 0) != 0) {
            why += " (for " + results[i].block->id + ": " + a.why + ")";
            i = alt.value().size() - 1;
            break;
          }
        }
      }
      const Number value = aggregate(kind, values_of(alt.value()));
      const bool same = value.exact && out.value.exact ? *value.exact == *out.value.exact
                                                       : value.approx == out.value.approx;
      if (same) why = "the same here: " + why;
      out.alternatives.push_back({canonical_name(outer_alt), value, why});
    }
  }

  bar.name = inner_name;
  bars.series = {bar};
  std::string listed;
  for (const auto& r : results) {
    listed += (listed.empty() ? "" : ", ") + r.block->id + " " + to_decimal(r.outcome.value, 4);
  }
  bars.description = inner_name + " of each query: " + listed + ".";
  out.charts.insert(out.charts.begin(), std::move(bars));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

std::string eleven_point_average_title(const MeasureCall& call) {
  return call.param("rule") == "none" ? "Averaged 11-point precision, not interpolated"
                                      : call.info->title;
}

}  // namespace

MeasureInfo measure_map() {
  MeasureInfo m;
  m.name = "MAP";
  m.title = "Mean average precision";
  m.summary = "The mean of the queries' average precisions: every query counts the same.";
  m.input = InputKind::queries;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {ap_norm_param()};
  m.aliases = {"mean-average-precision"};
  m.formula = "\\text{MAP} = \\frac{1}{|Q|}\\sum_{q \\in Q} \\text{AP}(q)";
  m.example = "MAP@10";
  m.golden = {"RL2", "RL3", "RL4", "metrics-apk"};
  m.run = &run_mean_over_queries;
  m.per_query = "AP";
  m.variant_title = &ap_norm_title;
  return m;
}

MeasureInfo measure_mrr() {
  MeasureInfo m;
  m.name = "MRR";
  m.title = "Mean reciprocal rank";
  m.summary = "The mean over queries of one over the rank of the first relevant document.";
  m.input = InputKind::queries;
  m.cutoff = CutoffKind::rank_optional;
  m.aliases = {"mean-reciprocal-rank"};
  m.formula = "\\text{MRR} = \\frac{1}{|Q|}\\sum_{q \\in Q} \\frac{1}{\\text{rank}_q}";
  m.example = "MRR";
  m.golden = {"RL7"};
  m.run = &run_mean_over_queries;
  m.per_query = "RR";
  return m;
}

MeasureInfo measure_gmap() {
  MeasureInfo m;
  m.name = "gMAP";
  m.title = "Geometric mean average precision";
  m.summary =
      "The geometric mean of the queries' APs (each floored at 1e-5): it rewards lifting the "
      "worst queries.";
  m.input = InputKind::queries;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {ap_norm_param()};
  m.aliases = {"gm_map"};
  m.formula =
      "\\text{gMAP} = \\Big(\\prod_{q \\in Q} \\max(\\text{AP}(q), \\varepsilon)\\Big)^{1/|Q|}";
  m.example = "gMAP";
  m.golden = {"RL2", "RL3", "RL4"};
  m.run = &run_mean_over_queries;
  m.per_query = "AP";
  m.variant_title = &ap_norm_title;
  return m;
}

MeasureInfo measure_eleven_point_average() {
  MeasureInfo m;
  m.name = "11pt-avg";
  m.title = "Averaged 11-point interpolated precision";
  m.summary = "The 11-point interpolated precision averaged over queries at each recall level.";
  m.input = InputKind::queries;
  m.params = {interpolation_rule_param()};
  m.aliases = {"11pt-average"};
  m.formula =
      "\\bar{P}_{\\text{interp}}(r) = \\frac{1}{|Q|}\\sum_{q \\in Q} P^{q}_{\\text{interp}}(r)";
  m.example = "11pt-avg(rule=trec10)";
  m.golden = {"RL1-i"};
  m.run = &run_mean_over_queries;
  m.per_query = "11pt";
  m.variant_title = &eleven_point_average_title;
  return m;
}

MeasureInfo measure_mean() {
  MeasureInfo m;
  m.name = "mean";
  m.title = "Mean over queries";
  m.summary = "The mean over queries of any measure of one ranked or graded list, e.g. mean(P@5).";
  m.input = InputKind::queries;
  m.formula = "\\text{mean}(M) = \\frac{1}{|Q|}\\sum_{q \\in Q} M(q)";
  m.example = "mean(P@5)";
  m.golden = {"RL6"};
  m.run = &run_mean_over_queries;
  m.takes_measure = true;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of MAP, MRR, gMAP, 11pt-avg (check.cpp, check_slips.h) ---------

namespace irm::checking {

// The mean of the averaged quantities each rounded to 2 decimals: the per-query values of MAP
// and MRR (every key after the mean's own: "q1:AP", "q2:AP@10", "q1:AP(norm=retrieved)",
// "q1:RR"), 11pt's interpolated precisions and 11pt-avg's level means ("IPrec@0.3"). Claimed only
// when it is the answer's one explanation:
//   - the answer has at least the 2 decimals the intermediates were rounded to (fewer is a
//     double rounding, not this);
//   - rounding changes at least one of the averaged values (else the mean is the right value);
//   - the answer is not the right value rounded to fewer decimals and padded with zeros: 0.3600
//     for MAP = 13/36 = 0.3611 is 0.36 written to 4 decimals, and rounding each AP (1/3 → 0.33,
//     7/18 → 0.39, mean 0.36) only happens to agree with it.
std::optional<Candidate> mean_rounded(const Context& c, const std::string& name, bool per_query,
                                      const std::string& what) {
  if (c.typed.decimals < 2 || padded_rounding(c.typed, c.expected)) return std::nullopt;
  Number sum = whole(0);
  std::int64_t count = 0;
  bool changed = false;
  for (std::size_t i = 0; i < c.outcome.values.size(); ++i) {
    const auto& [key, number] = c.outcome.values[i];
    if (per_query ? i == 0 : key.rfind("IPrec@", 0) != 0) continue;
    const Number rounded = rounded2(number);
    changed = changed || !same_number(rounded, number);
    sum = sum + rounded;
    ++count;
  }
  if (count == 0 || !changed) return std::nullopt;
  return Candidate{name, sum / whole(count),
                   "you rounded each " + what +
                       " to 2 decimals before averaging; average the exact values and round only "
                       "the mean"};
}
namespace {

// gMAP's per-query values: every key after the mean's own ("q1:AP").
std::vector<Number> per_query_values(const Context& c) {
  std::vector<Number> out;
  for (std::size_t i = 1; i < c.outcome.values.size(); ++i)
    out.push_back(c.outcome.values[i].second);
  return out;
}

std::optional<Candidate> gmap_arithmetic(const Context& c) {
  const auto values = per_query_values(c);
  if (values.empty()) return std::nullopt;
  Number sum = whole(0);
  for (const auto& v : values) sum = sum + v;
  return Candidate{"gmap.arithmetic_mean", sum / whole(static_cast<std::int64_t>(values.size())),
                   c.answer +
                       " is the arithmetic mean of the queries' values, which is MAP; gMAP "
                       "is their geometric mean, the n-th root of their product (each "
                       "taken as at least 0.00001)"};
}

std::optional<Candidate> gmap_no_floor(const Context& c) {
  const auto values = per_query_values(c);
  const bool zero =
      std::any_of(values.begin(), values.end(), [](const Number& v) { return v.approx == 0.0; });
  if (values.empty() || !zero) return std::nullopt;
  return Candidate{"gmap.no_floor", whole(0),
                   c.answer +
                       " multiplies in a query's 0, which makes the product 0; gMAP takes "
                       "each query's value as at least 0.00001, so that one query with "
                       "nothing relevant retrieved lowers the mean without zeroing it"};
}

// MAP, gMAP, MRR, 11pt-avg, mean(M): each query's value, then the mean.
std::string means_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  if (family != "MAP" && family != "gMAP" && family != "MRR" && family != "11pt-avg" &&
      family != "mean") {
    return "";
  }
  std::vector<std::string> ids;
  std::string inner;
  for (std::size_t i = 1; i < c.outcome.values.size(); ++i) {
    const std::string& key = c.outcome.values[i].first;
    const auto colon = key.find(':');
    if (colon == std::string::npos) continue;
    ids.push_back(key.substr(0, colon));
    if (inner.empty()) inner = key.substr(colon + 1);
  }
  if (ids.empty()) return "";
  const std::string queries = " (" + list_text(ids) + ")";
  const std::string count = std::to_string(ids.size()) + (ids.size() == 1 ? " query" : " queries");
  if (family == "11pt-avg") {
    if (main) {
      return "Check each query's interpolated precision at the 11 recall levels 0, 0.1, …, 1" +
             queries +
             ", the mean over the queries at each level, then the mean of those 11 "
             "values.";
    }
    if (q.rfind("IPrec@", 0) == 0) {
      return "Check each query's interpolated precision at recall " + q.substr(6) + queries +
             ", then their mean over the " + count + ".";
    }
  }
  if (main) {
    if (family == "gMAP") {
      return "Check each query's " + inner + queries +
             ", each taken as at least 0.00001, then their geometric mean: the n-th root of their "
             "product, n = " +
             count + ".";
    }
    return "Check each query's " + inner + queries + ", then their mean: their sum divided by " +
           count + ".";
  }
  const auto colon = q.find(':');
  if (colon != std::string::npos) {
    return "Check " + q.substr(colon + 1) + " of query " + q.substr(0, colon) +
           " alone, from its own list.";
  }
  return "";
}

}  // namespace

const CheckFamily& several_queries_checks() {
  static const CheckFamily family = {
      {
          {{"gmap.arithmetic_mean",
            {"gMAP"},
            "gMAP as the arithmetic mean of the queries' values (MAP) instead of the geometric"},
           &gmap_arithmetic},
          {{"gmap.no_floor",
            {"gMAP"},
            "gMAP with a query's 0 multiplied in, not taken as 0.00001: the product 0"},
           &gmap_no_floor},
      },
      {
          {{"map.rounded_intermediates", {"MAP"}, "each query's AP rounded to 2 decimals first"},
           [](const Context& c) {
             return mean_rounded(c, "map.rounded_intermediates", true, "query's AP");
           }},
          {{"mrr.rounded_intermediates", {"MRR"}, "each query's RR rounded to 2 decimals first"},
           [](const Context& c) {
             return mean_rounded(c, "mrr.rounded_intermediates", true, "query's RR");
           }},
          {{"11pt-avg.rounded_intermediates",
            {"11pt-avg"},
            "each recall level's mean interpolated precision rounded to 2 decimals before "
            "averaging"},
           [](const Context& c) {
             return mean_rounded(c, "11pt-avg.rounded_intermediates", false,
                                 "recall level's mean interpolated precision");
           }},
      },
      &means_hint};
  return family;
}

}  // namespace irm::checking
