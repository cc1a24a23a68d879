// Interpolated precision at a recall level (IPrec@r) and the 11-point interpolated average (11pt).
//
//   IPrec(r) = max { P@k : recall@k >= r }   (0 when no rank reaches recall r)
//   11pt     = (1/11) * sum over r = 0, 0.1, ..., 1 of IPrec(r)
//
// Every rule turns the level r into a number m of relevant documents and takes the highest
// precision at any rank with at least m relevant so far:
//   rule=textbook (default; all the course notes, Manning et al.): recall >= r, so
//                m = ceil(r * R), exact.
//   rule=trec9:  m = (long)(r * R + 0.9) in double, as trec_eval 9.x does.
//   rule=trec10: m = lround(r * R) in double, as trec_eval 10 does.
//   rule=none:   no interpolation: the precision at the first rank with m = ceil(r * R) relevant
//                so far, i.e. the first rank whose recall reaches r (0 when none does; at r = 0
//                every rank does, so rank 1). The uninterpolated point a student reads off the
//                table, which the checker offers when an answer is not interpolated.
// The rules differ when r * R is not a whole number: with R = 12, level 0.1 asks textbook for 2
// relevant documents (recall 2/12 >= 0.1) and trec10 for lround(1.2) = 1.
// R = 0: recall is 0/0, taken as 0; every level is then 0 because nothing is relevant.
// The other rules are offered as alternatives, each with the levels where it asks differently.
//
// Golden tests: relevant-at-2-4-6-interpolated (tests/core/golden_ranked.cpp); the rules on R = 12
// and rule=none on the lists of the study notes "Evaluation Metrics" and Bhattacharya's CS657A
// notes in the same file.

#include <algorithm>
#include <array>
#include <limits>
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

constexpr std::array<Rule, 4> all_rules = {Rule::textbook, Rule::trec9, Rule::trec10, Rule::none};

// "⌈0.1 × 12⌉ = 2": how the rule gets m, in words a student can check.
std::string rule_arithmetic(Rule rule, Fraction level, std::int64_t R) {
  const std::string product = to_short_decimal(level) + " × " + std::to_string(R);
  const std::string m = std::to_string(required_relevant(rule, level, R));
  switch (rule) {
    case Rule::textbook:
    case Rule::none:
      return "ceil(" + product + ") = " + m;
    case Rule::trec9:
      return "(long)(" + product + " + 0.9) = " + m;
    case Rule::trec10:
      return "lround(" + product + ") = " + m;
  }
  return m;
}

std::string how_many(std::int64_t m) {
  return m == 0 ? "no relevant document (every rank counts)" : plural(m, "relevant document");
}

// The recall levels, as "0.7, 0.8", at which `rule` and `other` give different values.
std::string changed_levels(Rule rule, Rule other, const std::vector<Fraction>& levels,
                           const RankWalk& walk) {
  const std::int64_t R = walk.total_relevant;
  std::string changed;
  for (const Fraction level : levels) {
    const Fraction a = precision_at_level(walk, rule, required_relevant(rule, level, R));
    const Fraction b = precision_at_level(walk, other, required_relevant(other, level, R));
    if (compare(a, b) != 0) changed += (changed.empty() ? "" : ", ") + to_short_decimal(level);
  }
  return changed;
}

// Why the uninterpolated value differs from an interpolated rule's (or the other way round):
// one of `rule` and `other` is Rule::none. Never states the value asked for (the answer checker
// quotes this to a student whose answer is the alternative's).
std::string interpolation_difference(Rule rule, Rule other, const std::vector<Fraction>& levels,
                                     const RankWalk& walk) {
  const std::int64_t R = walk.total_relevant;
  const std::string changed = changed_levels(rule, other, levels, walk);
  const Rule interpolated = other == Rule::none ? rule : other;
  const std::string by_rule =
      interpolated == Rule::textbook
          ? std::string("interpolated")
          : std::string("interpolated by the ") + rule_name(interpolated) + " rule";
  if (levels.size() > 1) {
    const std::string tail = changed.empty() ? " (the same at every level here)"
                                             : " (the value changes at recall " + changed + ")";
    const std::string highest =
        interpolated == Rule::textbook
            ? "the highest precision at that rank or any later one"
            : std::string("the highest precision at any rank with the relevant documents ") +
                  rule_name(interpolated) + " asks for";
    if (other == Rule::none) {
      return "without interpolation: each level takes the precision at the first rank whose "
             "recall reaches it, not " +
             highest + tail;
    }
    return by_rule + ": each level takes " +
           (interpolated == Rule::textbook
                ? std::string("the highest precision at the first rank whose recall reaches it "
                              "or any later one, not the precision at that rank alone")
                : highest + ", not the precision at the first rank whose recall reaches it") +
           tail;
  }
  const Fraction level = levels.front();
  const std::string r = to_short_decimal(level);
  const std::int64_t n = required_relevant(Rule::none, level, R);
  const std::int64_t m = required_relevant(interpolated, level, R);
  const std::string reach = "(" + rule_arithmetic(Rule::none, level, R) + " relevant " +
                            (n == 1 ? "document" : "documents") + ")";
  const std::string at_least = "the highest precision at any rank with at least " +
                               rule_arithmetic(interpolated, level, R) + " relevant " +
                               (m == 1 ? "document" : "documents");
  const std::string same = changed.empty() ? " (the same value here)" : "";
  const auto first = first_reaching(walk, n);
  const std::string rank = first ? std::to_string(walk.rows[*first].rank) : "";
  const bool same_rank = interpolated == Rule::textbook && first;
  if (!first && changed.empty()) {
    return "the same here: no rank reaches recall " + r + " " + reach + ", so both are 0";
  }
  if (other == Rule::none) {
    const std::string plain = first ? "the precision at rank " + rank +
                                          ", the first rank whose recall reaches " + r + " " +
                                          reach + ", taken without interpolation"
                                    : "no rank reaches recall " + r + " " + reach +
                                          ", so without interpolation the precision there is 0";
    return plain + "; " + by_rule + " it is " +
           (same_rank ? "the highest precision at rank " + rank + " or any later one" : at_least) +
           same;
  }
  return by_rule + ": " +
         (same_rank ? "the highest precision at rank " + rank + " or any later one" : at_least) +
         ", where the uninterpolated value is the precision at " +
         (same_rank ? "rank " + rank + " alone, the first rank whose recall reaches " + r
                    : "the first rank whose recall reaches " + r + " " + reach) +
         same;
}

// Why `other` gives a different (or the same) answer over `levels` than `rule`.
std::string rule_difference(Rule rule, Rule other, const std::vector<Fraction>& levels,
                            const RankWalk& walk) {
  if (rule == Rule::none || other == Rule::none) {
    return interpolation_difference(rule, other, levels, walk);
  }
  const std::int64_t R = walk.total_relevant;
  std::string first_difference;
  std::string changed;
  for (const Fraction level : levels) {
    const std::int64_t m = required_relevant(rule, level, R);
    const std::int64_t n = required_relevant(other, level, R);
    if (m == n) continue;
    if (first_difference.empty()) {
      first_difference = "at recall " + to_short_decimal(level) + " " + rule_name(other) +
                         " asks for " + rule_arithmetic(other, level, R) + " where " +
                         rule_name(rule) + " asks for " + rule_arithmetic(rule, level, R);
    }
    if (compare(interpolated_at(walk, m), interpolated_at(walk, n)) != 0) {
      changed += (changed.empty() ? "" : ", ") + to_short_decimal(level);
    }
  }
  if (first_difference.empty()) {
    return std::string("the same here: ") + rule_name(other) +
           " asks for the same number of "
           "relevant documents as " +
           rule_name(rule) + (levels.size() > 1 ? " at every level" : "");
  }
  if (changed.empty()) {
    return first_difference + ", but the interpolated precision comes out the same";
  }
  return first_difference + "; the value changes at recall " + changed;
}

}  // namespace

static Result<Outcome> run_interpolated_precision(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const Rule rule = parse_rule(call.param("rule"));
  const Fraction level = *call.recall_cutoff;
  const std::string r = to_short_decimal(level);
  const std::int64_t R = walk.total_relevant;
  const std::int64_t m = required_relevant(rule, level, R);
  out.value = exact_number(precision_at_level(walk, rule, m));
  out.values = {{"IPrec", out.value}, {"required_relevant", whole(m)}, {"R", whole(R)}};

  const auto row_cells = [](const RankRow& row) {
    return std::vector<Cell>{
        text_cell(std::to_string(row.rank)), text_cell(std::to_string(row.relevant_so_far)),
        number_cell(exact_number(row.recall)), number_cell(exact_number(row.precision))};
  };
  const std::vector<std::string> columns = {"rank", "relevant so far", "recall", "P@k"};
  const std::string needs = rule_arithmetic(rule, level, R);
  if (rule == Rule::none) {
    // No interpolation: the precision at the first rank whose recall reaches r, as it is.
    const auto first = first_reaching(walk, m);
    const std::string lhs = "P(" + r + ")";
    if (!first) {
      out.working = lhs + " = 0";
      out.notes.push_back("No rank reaches recall " + r + " (it needs " + how_many(m) +
                          "; the list has " + std::to_string(walk.relevant_retrieved) +
                          "), so the precision there is taken as 0.");
    } else {
      const RankRow& row = walk.rows[*first];
      StepTable reached{"The first rank that reaches recall " + r, columns, {row_cells(row)}, {0}};
      out.steps.push_back(std::move(reached));
      out.working = lhs + " = P@" + std::to_string(row.rank) + " = " +
                    latex_quotient(row.relevant_so_far, row.rank, out.value);
      out.notes.push_back(
          "Rule none (no interpolation): recall " + r + " with R = " + std::to_string(R) +
          " needs " + needs + " relevant retrieved; rank " + std::to_string(row.rank) +
          " is the first to have " + (m == 0 ? "them (every rank does)" : "them") +
          ", and its precision is taken as it is, without looking further down the list for a "
          "higher one.");
    }
  } else {
    StepTable candidates{"Precision at the ranks that reach recall " + r, columns, {}, {}};
    std::vector<std::string> terms;
    for (const RankRow& row : walk.rows) {
      // The maximum is always at a relevant rank (precision only falls until the next one), so
      // the relevant ranks are the candidates a student lists.
      if (!row.relevant || row.relevant_so_far < m) continue;
      candidates.rows.push_back(row_cells(row));
      if (compare(row.precision, *out.value.exact) == 0) {
        candidates.highlight.push_back(static_cast<int>(candidates.rows.size() - 1));
      }
      terms.push_back(to_latex(row.precision));
    }
    const std::string lhs = "P_{\\text{interp}}(" + r + ")";
    if (terms.empty()) {
      out.working = lhs + " = 0";
      out.notes.push_back("No rank reaches recall " + r + " (it needs " + how_many(m) +
                          "; the list has " + std::to_string(walk.relevant_retrieved) +
                          "), so the interpolated precision is 0.");
    } else {
      std::string joined;
      for (std::size_t i = 0; i < terms.size(); ++i) joined += (i ? ", " : "") + terms[i];
      out.working = lhs + " = \\max\\left(" + joined + "\\right) = " + latex_value(out.value);
    }
    out.notes.push_back(std::string("Rule ") + rule_name(rule) + ": recall " + r + " with R = " +
                        std::to_string(R) + " needs " + needs + " relevant retrieved.");
    if (!candidates.rows.empty()) out.steps.push_back(std::move(candidates));
  }
  out.steps.push_back(per_rank_table(walk, std::nullopt));
  for (const Rule other : all_rules) {
    if (other == rule) continue;
    out.alternatives.push_back(
        {canonical_name(call.with("rule", rule_name(other))),
         exact_number(precision_at_level(walk, other, required_relevant(other, level, R))),
         rule_difference(rule, other, {level}, walk)});
  }
  out.charts.push_back(pr_chart(walk, rule));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_eleven_point(const MeasureCall& call, const Inputs& in) {
  const RankWalk walk = walk_ranks(in);
  Outcome out = start_ranked_outcome(call, in);
  const Rule rule = parse_rule(call.param("rule"));
  const std::int64_t R = walk.total_relevant;

  std::vector<Fraction> levels;
  for (int j = 0; j <= 10; ++j) levels.push_back(*make_fraction(j, 10));
  const auto average = [&](Rule r, std::vector<std::pair<std::string, Number>>* values,
                           StepTable* table, std::vector<std::string>* terms) {
    Number sum = whole(0);
    for (const Fraction level : levels) {
      const std::int64_t m = required_relevant(r, level, R);
      const Number value = exact_number(precision_at_level(walk, r, m));
      sum = sum + value;
      if (values) values->emplace_back("IPrec@" + to_short_decimal(level), value);
      if (terms) terms->push_back(to_latex(*value.exact));
      if (table && r == Rule::none) {
        const auto first = first_reaching(walk, m);
        table->rows.push_back(
            {text_cell(to_short_decimal(level)), text_cell(rule_arithmetic(r, level, R)),
             text_cell(first ? "rank " + std::to_string(walk.rows[*first].rank) : "none"),
             number_cell(value)});
      } else if (table) {
        table->rows.push_back({text_cell(to_short_decimal(level)),
                               text_cell(rule_arithmetic(r, level, R)), number_cell(value)});
      }
    }
    return sum / whole(11);
  };

  StepTable table =
      rule == Rule::none
          ? StepTable{"Precision at the first rank reaching each of the 11 recall levels",
                      {"recall level", "relevant documents needed", "first rank reaching it",
                       "precision there"},
                      {},
                      {}}
          : StepTable{"Interpolated precision at the 11 recall levels",
                      {"recall level", "relevant documents needed", "interpolated precision"},
                      {},
                      {}};
  std::vector<std::pair<std::string, Number>> levels_values;
  std::vector<std::string> terms;
  out.value = average(rule, &levels_values, &table, &terms);
  out.values = {{"11pt", out.value}};
  out.values.insert(out.values.end(), levels_values.begin(), levels_values.end());
  out.working = "\\text{11pt} = \\frac{1}{11}\\left(" + latex_sum(terms, 11) +
                "\\right) = " + latex_value(out.value);
  std::string rule_text;
  switch (rule) {
    case Rule::textbook:
      rule_text =
          "the level r is reached when recall ≥ r, i.e. with ceil(r × R) relevant documents "
          "(all the course notes; Manning et al.). A level no rank reaches gets 0.";
      break;
    case Rule::trec9:
      rule_text =
          "the level r needs (long)(r × R + 0.9) relevant documents, as trec_eval 9 computes "
          "it. A level no rank reaches gets 0.";
      break;
    case Rule::trec10:
      rule_text =
          "the level r needs lround(r × R) relevant documents, as trec_eval 10 computes it. A "
          "level no rank reaches gets 0.";
      break;
    case Rule::none:
      rule_text =
          "no interpolation: each level r takes the precision at the first rank whose recall "
          "reaches r (ceil(r × R) relevant documents), as it is. A level no rank reaches gets "
          "0; recall 0 is reached at rank 1.";
      break;
  }
  out.notes.push_back(std::string("Rule ") + rule_name(rule) + ": " + rule_text);
  out.steps.push_back(std::move(table));
  out.steps.push_back(per_rank_table(walk, std::nullopt));
  for (const Rule other : all_rules) {
    if (other == rule) continue;
    out.alternatives.push_back({canonical_name(call.with("rule", rule_name(other))),
                                average(other, nullptr, nullptr, nullptr),
                                rule_difference(rule, other, levels, walk)});
  }
  out.charts.push_back(pr_chart(walk, rule));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

ParamInfo interpolation_rule_param() {
  ParamInfo rule;
  rule.name = "rule";
  rule.choices = {"textbook", "trec9", "trec10", "none"};
  rule.default_value = "textbook";
  rule.help =
      "how a recall level becomes a number of relevant documents: recall ≥ r (textbook), "
      "(long)(r·R + 0.9) (trec_eval 9) or lround(r·R) (trec_eval 10); none: no "
      "interpolation, the precision at the first rank whose recall reaches r (0 if none "
      "does)";
  return rule;
}

namespace {

std::string eleven_point_title(const MeasureCall& call) {
  return call.param("rule") == "none" ? "11-point precision, not interpolated" : call.info->title;
}

std::string iprec_title(const MeasureCall& call) {
  return call.param("rule") == "none" ? "Precision at a recall level, not interpolated"
                                      : call.info->title;
}

}  // namespace

MeasureInfo measure_eleven_point() {
  MeasureInfo m;
  m.name = "11pt";
  m.title = "11-point interpolated precision";
  m.summary = "Interpolated precision at recall 0, 0.1, …, 1, and their average.";
  m.input = InputKind::ranked_list;
  m.params = {interpolation_rule_param()};
  m.aliases = {"11-point", "11pt-interpolated"};
  m.formula =
      "\\text{11pt} = \\frac{1}{11}\\sum_{j=0}^{10} P_{\\text{interp}}\\!\\left(\\tfrac{j}{10}"
      "\\right)";
  m.example = "11pt(rule=trec10)";
  m.golden = {"RL1-i"};
  m.run = &run_eleven_point;
  m.variant_title = &eleven_point_title;
  return m;
}

MeasureInfo measure_interpolated_precision() {
  MeasureInfo m;
  m.name = "IPrec";
  m.title = "Interpolated precision at a recall level";
  m.summary =
      "The highest precision at any rank whose recall is at least r (0 if no rank gets there).";
  m.input = InputKind::ranked_list;
  m.cutoff = CutoffKind::recall_required;
  m.params = {interpolation_rule_param()};
  m.aliases = {"iprec_at_recall", "interpolated-precision"};
  m.formula = "P_{\\text{interp}}(r) = \\max_{r' \\ge r} P(r')";
  m.example = "IPrec@0.3";
  m.golden = {"RL1-i"};
  m.run = &run_interpolated_precision;
  m.variant_title = &iprec_title;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of 11pt, IPrec (check.cpp, check_slips.h) ----------------------

namespace irm::checking {

namespace {

// Where the interpolated precision at recall level `level` is taken from, under the rule.
std::string rule_text(const Context& c, const std::string& level) {
  const std::string& rule = c.call.param("rule");
  if (rule == "trec10") {
    return "from the rank holding lround(" + level +
           " · R) relevant documents on (trec_eval 10's rule)";
  }
  if (rule == "trec9") {
    return "from the rank holding (long)(" + level +
           " · R + 0.9) relevant documents on (trec_eval 9's rule)";
  }
  return "at any rank whose recall reaches " + level;
}

// The relevant ranks of the list, with R and the level asked, for IPrec's slips; empty for
// another measure, for rule=none (which does not interpolate), and when R is 0.
struct IprecFacts {
  std::vector<std::int64_t> ranks;  // of the relevant documents, rank j − 1 holding j of them
  std::int64_t R = 0;
  std::int64_t needed = 0;  // relevant documents the rule asks for
  Fraction level;
};

std::optional<IprecFacts> iprec_facts(const Context& c) {
  if (c.call.info->name != "IPrec" || !c.call.recall_cutoff || c.call.param("rule") == "none") {
    return std::nullopt;
  }
  const Number* R = value_of(c.outcome, "R");
  const Number* needed = value_of(c.outcome, "required_relevant");
  auto ranks = relevant_ranks(c);
  if (!R || !needed || !R->exact || !needed->exact || R->exact->num <= 0 || !ranks) {
    return std::nullopt;
  }
  return IprecFacts{std::move(*ranks), R->exact->num, needed->exact->num, *c.call.recall_cutoff};
}

// The highest precision j/rank_j over the relevant documents j = first, …, last (1-based), and the
// rank where it is; empty when there are none.
std::optional<std::pair<Fraction, std::int64_t>> best_precision(const IprecFacts& f,
                                                                std::int64_t first,
                                                                std::int64_t last) {
  std::optional<std::pair<Fraction, std::int64_t>> best;
  for (std::int64_t j = std::max<std::int64_t>(first, 1);
       j <= std::min<std::int64_t>(last, static_cast<std::int64_t>(f.ranks.size())); ++j) {
    const std::int64_t rank = f.ranks[static_cast<std::size_t>(j - 1)];
    const Fraction p = *make_fraction(j, rank);
    if (!best || compare(p, best->first) > 0) best = std::make_pair(p, rank);
  }
  return best;
}

// Recall strictly above r: the rank whose recall is exactly r left out of the maximum.
std::optional<Candidate> iprec_strictly_above(const Context& c) {
  const auto f = iprec_facts(c);
  if (!f || f->needed < 1 || c.call.param("rule") != "textbook") return std::nullopt;
  // j/R > num/den ⟺ j·den > num·R: the fewest relevant documents with recall above r.
  const std::int64_t above = f->level.num * f->R / f->level.den + 1;
  if (above == f->needed) return std::nullopt;  // no rank has recall exactly r
  const auto best = best_precision(*f, above, f->R);
  const Number value = exact_number(best ? best->first : Fraction{0, 1});
  if (same_number(value, c.expected)) return std::nullopt;
  const std::string r = to_short_decimal(f->level);
  const std::int64_t exact_rank = f->ranks.size() >= static_cast<std::size_t>(f->needed)
                                      ? f->ranks[static_cast<std::size_t>(f->needed - 1)]
                                      : 0;
  return Candidate{"iprec.strictly_above", value,
                   c.answer + " is the highest precision at the ranks whose recall is above " + r +
                       ", leaving out rank " + std::to_string(exact_rank) +
                       ", whose recall is exactly " + r +
                       ": interpolated precision takes every rank with recall ≥ r"};
}

// The maximum taken up the list: over the ranks down to the first that reaches r, instead of that
// rank and every later one.
std::optional<Candidate> iprec_looked_up(const Context& c) {
  const auto f = iprec_facts(c);
  if (!f || f->needed < 2 || static_cast<std::size_t>(f->needed) > f->ranks.size()) {
    return std::nullopt;
  }
  const auto best = best_precision(*f, 1, f->needed);
  if (!best) return std::nullopt;
  const Number value = exact_number(best->first);
  if (same_number(value, c.expected)) return std::nullopt;
  const std::string reach = std::to_string(f->ranks[static_cast<std::size_t>(f->needed - 1)]);
  return Candidate{"iprec.looked_up_the_list", value,
                   c.answer + " is the precision at rank " + std::to_string(best->second) +
                       ", above rank " + reach + " (the first whose recall reaches " +
                       to_short_decimal(f->level) +
                       "): interpolation looks down the list, taking the highest precision at "
                       "rank " +
                       reach + " or any later rank"};
}

std::string interpolation_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  if (family != "IPrec" && family != "11pt") return "";
  const std::string recall =
      "Check the recall at each rank (relevant so far/R, with " + r_text(c) + ")";
  if (family == "IPrec" && main && c.call.recall_cutoff) {
    const std::string level = to_short_decimal(*c.call.recall_cutoff);
    if (c.call.param("rule") == "none") {
      return recall + " and the precision at the first rank whose recall reaches " + level + ".";
    }
    return recall + " and the highest precision " + rule_text(c, level) + ".";
  }
  if (family == "11pt") {
    if (main) {
      return recall +
             " and the interpolated precision at each of the 11 recall levels r = 0, "
             "0.1, …, 1: the highest precision " +
             rule_text(c, "r") + "; then their mean, their sum divided by 11.";
    }
    if (q.rfind("IPrec@", 0) == 0) {
      return recall + " and the highest precision " + rule_text(c, q.substr(6)) + ".";
    }
  }
  return "";
}

}  // namespace

const CheckFamily& interpolation_checks() {
  static const CheckFamily family = {
      {
          {{"iprec.strictly_above",
            {"IPrec"},
            "the maximum over the ranks whose recall is above r, leaving out the rank whose recall "
            "is exactly r"},
           &iprec_strictly_above},
          {{"iprec.looked_up_the_list",
            {"IPrec"},
            "the maximum over the ranks down to the first that reaches r (up the list), instead "
            "of that rank and the later ones"},
           &iprec_looked_up},
      },
      {
          {{"11pt.rounded_intermediates",
            {"11pt"},
            "each interpolated precision rounded to 2 decimals before averaging"},
           [](const Context& c) {
             return mean_rounded(c, "11pt.rounded_intermediates", false, "interpolated precision");
           }},
      },
      &interpolation_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's iprec_at_recall and 11pt_avg as the TREC engine computes them from a run and qrels
// (measure_table() in trec/measures.cpp lists them): rule=trec10 above (rule=trec9 under
// --compat 9), the level turned into a count of relevant documents by the same
// trec_recall_count, in doubles walked as trec_eval walks the list.
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

// Interpolated precision at each recall level of `levels` (ascending), as trec_eval walks the
// list backwards: the level r maps to trec_recall_count(r) relevant documents, and its value is
// the highest precision at or after the rank where that many were retrieved.
std::vector<double> interpolated(const Topic& t, const std::vector<double>& levels) {
  std::vector<double> values(levels.size(), 0.0);
  std::vector<std::int64_t> cutoffs(levels.size());
  for (std::size_t i = 0; i < levels.size(); ++i) {
    cutoffs[i] = trec_recall_count(levels[i], t.num_rel, t.compat == Compat::trec9);
  }
  if (t.num_ret == 0) {
    // trec_eval's precision 0/0 (NaN) goes to every level that needs no relevant document.
    if (t.emptied) {
      for (std::size_t i = 0; i < levels.size(); ++i) {
        if (cutoffs[i] == 0) values[i] = std::numeric_limits<double>::quiet_NaN();
      }
    }
    return values;
  }
  auto current = static_cast<std::ptrdiff_t>(levels.size()) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > t.num_rel_ret) --current;
  double precis = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret);
  double int_precis = precis;
  std::int64_t rel_so_far = t.num_rel_ret;
  for (std::int64_t i = t.num_ret; i > 0 && rel_so_far > 0; --i) {
    precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
    if (int_precis < precis) int_precis = precis;
    if (relevant_at((*t.grades)[static_cast<std::size_t>(i - 1)], t.level)) {
      while (current >= 0 && rel_so_far == cutoffs[static_cast<std::size_t>(current)]) {
        values[static_cast<std::size_t>(current)] = int_precis;
        --current;
      }
      --rel_so_far;
    }
  }
  for (; current >= 0; --current) values[static_cast<std::size_t>(current)] = int_precis;
  return values;
}

void iprec_at_recall(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<double> values = interpolated(t, r.values);
  std::copy(values.begin(), values.end(), out + r.first_slot);
}

void eleven_pt_avg(const Topic& t, const Requested& r, double* out, std::string*) {
  // trec_eval sums from the highest level down.
  const std::vector<double> values = interpolated(t, r.values);
  double sum = 0.0;
  for (auto i = values.size(); i > 0; --i) sum += values[i - 1];
  out[r.first_slot] = sum / static_cast<double>(values.size());
}

}  // namespace

const MeasureDef& trec_iprec_at_recall_def() {
  static const MeasureDef def{"iprec_at_recall",
                              Params::double_cutoffs,
                              recall_levels,
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "interpolated precision at recall levels",
                              iprec_at_recall};
  return def;
}

const MeasureDef& trec_11pt_avg_def() {
  static const MeasureDef def{"11pt_avg",
                              Params::double_params,
                              recall_levels,
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "interpolated precision averaged over the recall levels",
                              eleven_pt_avg};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// Interpolated precision on TREC files, as ir_measures names it (trec/ir_spec.h): IPrec@r is
// trec_eval's iprec_at_recall at the recall level r.

namespace irm::trec {

const std::vector<IrMeasureSpec>& interpolation_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec iprec;
    iprec.name = "IPrec";
    iprec.params = {"rel", "judged_only"};
    iprec.cutoff = IrCutoff::recall;
    iprec.help = "interpolated precision at recall level r (trec_eval's iprec_at_recall.r)";
    iprec.trec_eval = "iprec_at_recall";
    iprec.request = [](const IrMeasure& m, IrRequest& q) { q.request.values.push_back(m.recall); };
    return std::vector<IrMeasureSpec>{iprec};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
