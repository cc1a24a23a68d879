// The walk down one ranked list shared by PR, P@k, R@k, Rprec, AP, RR, IPrec and 11pt: one pass
// computes precision and recall at every rank as exact fractions; a second pass from the bottom
// gives interpolated precision. The per-rank table and the PR chart are built from these rows.

#include "ranked_walk.h"

#include <algorithm>
#include <cmath>

namespace irm {
namespace {

Fraction max_fraction(Fraction a, Fraction b) { return compare(a, b) >= 0 ? a : b; }

std::string judgement_text(const RankedDoc& doc) {
  switch (doc.judgement) {
    case Judgement::relevant:
      return "yes";
    case Judgement::not_relevant:
      return "no";
    case Judgement::unjudged:
      return "not judged (counts as no)";
  }
  return "no";
}

}  // namespace

std::int64_t RankWalk::relevant_in_top(std::int64_t k) const {
  if (k <= 0 || rows.empty()) return 0;
  // Ranks past the end of the list are not relevant: the count stops growing there.
  const auto last = static_cast<std::size_t>(ranks_read(k, static_cast<std::int64_t>(rows.size())));
  return rows[last - 1].relevant_so_far;
}

RankWalk walk_ranks(const Inputs& in) {
  RankWalk walk;
  walk.total_relevant = in.total_relevant;
  const auto& docs = in.ranked->docs;
  walk.rows.reserve(docs.size());
  std::int64_t relevant_so_far = 0;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    RankRow row;
    row.rank = static_cast<std::int64_t>(i) + 1;
    row.doc = &docs[i];
    row.relevant = docs[i].judgement == Judgement::relevant;
    relevant_so_far += row.relevant ? 1 : 0;
    row.relevant_so_far = relevant_so_far;
    row.precision = *make_fraction(relevant_so_far, row.rank);
    // Recall with R = 0 is 0/0; the calculator takes it as 0 and says so in the notes.
    row.recall = walk.total_relevant == 0 ? Fraction{0, 1}
                                          : *make_fraction(relevant_so_far, walk.total_relevant);
    walk.rows.push_back(row);
  }
  walk.relevant_retrieved = relevant_so_far;

  // Interpolated precision at a rank's recall level is the best precision at any point whose
  // recall is at least as high. Recall never decreases down the list, so those points are the
  // ranks from the first one that reached this rank's relevant count onward.
  std::vector<Fraction> best_from(walk.rows.size() + 1, Fraction{0, 1});
  for (std::size_t i = walk.rows.size(); i-- > 0;) {
    best_from[i] = max_fraction(best_from[i + 1], walk.rows[i].precision);
  }
  std::size_t first_with_count = 0;
  for (std::size_t i = 0; i < walk.rows.size(); ++i) {
    if (i > 0 && walk.rows[i].relevant_so_far != walk.rows[i - 1].relevant_so_far) {
      first_with_count = i;
    }
    walk.rows[i].interpolated = best_from[first_with_count];
  }
  return walk;
}

Outcome start_ranked_outcome(const MeasureCall& call, const Inputs& in) {
  Outcome out = start_outcome(call, in);
  const std::int64_t unjudged = in.ranked->unjudged_count();
  if (unjudged > 0) {
    out.notes.push_back(plural(unjudged, "unjudged document") +
                        (unjudged == 1 ? " counts" : " count") +
                        " as not relevant here, as trec_eval counts them (bpref instead ignores "
                        "unjudged documents).");
  }
  return out;
}

Rule parse_rule(const std::string& name) {
  if (name == "trec9") return Rule::trec9;
  if (name == "trec10") return Rule::trec10;
  if (name == "none") return Rule::none;
  return Rule::textbook;
}

const char* rule_name(Rule rule) {
  switch (rule) {
    case Rule::textbook:
      return "textbook";
    case Rule::trec9:
      return "trec9";
    case Rule::trec10:
      return "trec10";
    case Rule::none:
      return "none";
  }
  return "textbook";
}

std::int64_t required_relevant(Rule rule, Fraction level, std::int64_t R) {
  switch (rule) {
    case Rule::textbook:
    case Rule::none: {
      // recall >= level  <=>  relevant_so_far >= level * R, so the smallest count is the ceiling.
      const __int128 scaled = static_cast<__int128>(level.num) * R;
      return static_cast<std::int64_t>((scaled + level.den - 1) / level.den);
    }
    case Rule::trec9:
    case Rule::trec10:
      // As the TREC engine counts them for iprec_at_recall (interpolation.cpp, on TREC files).
      return trec_recall_count(to_double(level), R, rule == Rule::trec9);
  }
  return 0;
}

Fraction interpolated_at(const RankWalk& walk, std::int64_t required) {
  Fraction best{0, 1};
  for (const RankRow& row : walk.rows) {
    if (row.relevant_so_far >= required) best = max_fraction(best, row.precision);
  }
  return best;
}

std::optional<std::size_t> first_reaching(const RankWalk& walk, std::int64_t required) {
  for (std::size_t i = 0; i < walk.rows.size(); ++i) {
    if (walk.rows[i].relevant_so_far >= required) return i;
  }
  return std::nullopt;
}

Fraction precision_at_level(const RankWalk& walk, Rule rule, std::int64_t required) {
  if (rule != Rule::none) return interpolated_at(walk, required);
  const auto first = first_reaching(walk, required);
  return first ? walk.rows[*first].precision : Fraction{0, 1};
}

StepTable per_rank_table(const RankWalk& walk, std::optional<std::int64_t> cutoff) {
  StepTable table{
      "Precision and recall at each rank",
      {"rank", "document", "relevant?", "relevant so far", "P@k", "R@k", "interpolated P",
       cutoff ? "contributes to AP@" + std::to_string(*cutoff) : "contributes to AP"},
      {},
      {}};
  const std::string R = std::to_string(walk.total_relevant);
  for (const RankRow& row : walk.rows) {
    const bool past_cutoff = cutoff && row.rank > *cutoff;
    std::string contributes;
    if (past_cutoff) {
      contributes = "past @" + std::to_string(*cutoff);
    } else if (row.relevant) {
      contributes = std::to_string(row.relevant_so_far) + "/" + std::to_string(row.rank);
    }
    table.rows.push_back({
        text_cell(std::to_string(row.rank)),
        text_cell(row.doc->token),
        text_cell(judgement_text(*row.doc)),
        text_cell(std::to_string(row.relevant_so_far)),
        number_cell(std::to_string(row.relevant_so_far) + "/" + std::to_string(row.rank),
                    exact_number(row.precision)),
        number_cell(std::to_string(row.relevant_so_far) + "/" + R, exact_number(row.recall)),
        number_cell(exact_number(row.interpolated)),
        row.relevant && !past_cutoff ? number_cell(contributes, exact_number(row.precision))
                                     : text_cell(contributes),
    });
    if (cutoff && row.rank == *cutoff) table.highlight.push_back(static_cast<int>(row.rank - 1));
  }
  return table;
}

Chart pr_chart(const RankWalk& walk, Rule rule) {
  const std::string name = rule_name(rule);
  Chart chart;
  chart.id = rule == Rule::textbook ? "pr" : "pr-" + name;
  chart.title = rule == Rule::textbook ? "Precision–recall curve"
                : rule == Rule::none   ? "Precision–recall curve (uninterpolated points)"
                                       : "Precision–recall curve (" + name + " rule)";
  chart.x_label = "recall";
  chart.y_label = "precision";

  Series points{"precision and recall at each rank", Series::Kind::line, {}};
  for (const RankRow& row : walk.rows) {
    points.points.emplace_back(to_double(row.recall), to_double(row.precision));
  }

  // The interpolated envelope is a staircase: flat at the interpolated precision of each
  // relevant count until recall reaches that count, then down to the next.
  Series envelope{"interpolated precision", Series::Kind::line, {}};
  const double R = static_cast<double>(walk.total_relevant);
  // One flat step per distinct height: a relevant rank is the first to reach its count, so its
  // interpolated precision is the envelope's height from the previous step up to its recall.
  std::optional<double> height;
  double step_start = 0.0;
  double step_end = 0.0;
  for (const RankRow& row : walk.rows) {
    if (!row.relevant) continue;
    const double level = to_double(row.interpolated);
    const double recall = R > 0 ? static_cast<double>(row.relevant_so_far) / R : 0.0;
    if (height && *height != level) {
      envelope.points.emplace_back(step_start, *height);
      envelope.points.emplace_back(step_end, *height);
      step_start = step_end;
    }
    height = level;
    step_end = recall;
  }
  if (height) {
    envelope.points.emplace_back(step_start, *height);
    envelope.points.emplace_back(step_end, *height);
  }
  // Past the last recall reached no rank has any precision, so the envelope drops to 0; a list
  // that reaches recall 1 simply ends there.
  if (step_end < 1.0) {
    envelope.points.emplace_back(step_end, 0.0);
    envelope.points.emplace_back(1.0, 0.0);
  }

  Series eleven{rule == Rule::none ? std::string("11 uninterpolated points")
                                   : "11 interpolated points (" + name + ")",
                Series::Kind::dot,
                {}};
  std::string listed;
  for (int j = 0; j <= 10; ++j) {
    const Fraction level = *make_fraction(j, 10);
    const Fraction value =
        precision_at_level(walk, rule, required_relevant(rule, level, walk.total_relevant));
    eleven.points.emplace_back(to_double(level), to_double(value));
    listed += (j ? ", " : "") + to_decimal(exact_number(value), 2);
  }
  chart.series = {points, envelope, eleven};
  chart.description = "Precision against recall for the " + std::to_string(walk.rows.size()) +
                      " ranks, with the interpolated envelope. " +
                      (rule == Rule::none ? "Precision at the first rank reaching recall "
                                          : "Interpolated precision at recall ") +
                      "0, 0.1, …, 1: " + listed + ".";
  return chart;
}

}  // namespace irm
