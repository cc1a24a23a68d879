// The walk down one ranked list that every binary measure shares: precision, recall and
// interpolated precision at each rank, the per-rank table of the notes, and the PR chart.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common.h"
#include "irm/explain.h"
#include "irm/inputs.h"

namespace irm {

struct RankRow {
  std::int64_t rank = 0;
  const RankedDoc* doc = nullptr;
  bool relevant = false;
  std::int64_t relevant_so_far = 0;
  Fraction precision;     // relevant_so_far / rank
  Fraction recall;        // relevant_so_far / R  (0 when R = 0: the 0/0 convention)
  Fraction interpolated;  // max precision at any rank whose recall is >= this rank's recall
};

struct RankWalk {
  std::int64_t total_relevant = 0;  // R
  std::int64_t relevant_retrieved = 0;
  std::vector<RankRow> rows;

  /// Relevant documents in ranks 1..k (k may pass the end of the list).
  [[nodiscard]] std::int64_t relevant_in_top(std::int64_t k) const;
};

[[nodiscard]] RankWalk walk_ranks(const Inputs& in);

/// start_outcome for the measures that walk a ranked list: adds how unjudged documents count
/// (as not relevant, like trec_eval).
[[nodiscard]] Outcome start_ranked_outcome(const MeasureCall& call, const Inputs& in);

/// Interpolation rules for IPrec@r and 11pt (see interpolation.cpp); `none` is no interpolation.
enum class Rule { textbook, trec9, trec10, none };
[[nodiscard]] Rule parse_rule(const std::string& name);
/// The rule's name in the measure grammar: "textbook", "trec9", "trec10", "none".
[[nodiscard]] const char* rule_name(Rule rule);
/// How many relevant documents recall level `level` asks for under `rule`, with R relevant
/// (textbook and none: recall ≥ level, the ceiling of level · R).
[[nodiscard]] std::int64_t required_relevant(Rule rule, Fraction level, std::int64_t R);
/// Interpolated precision once `required` relevant documents are retrieved: the highest
/// precision at any rank with at least that many relevant so far; 0 when no rank gets there.
[[nodiscard]] Fraction interpolated_at(const RankWalk& walk, std::int64_t required);
/// The index in walk.rows of the first rank with at least `required` relevant so far; empty
/// when no rank gets there (required 0: the first rank).
[[nodiscard]] std::optional<std::size_t> first_reaching(const RankWalk& walk,
                                                        std::int64_t required);
/// The precision a level that asks for `required` relevant documents gets under `rule`: the
/// interpolated precision, or for Rule::none the precision at the first rank that reaches it
/// (0 when none does).
[[nodiscard]] Fraction precision_at_level(const RankWalk& walk, Rule rule, std::int64_t required);

/// The per-rank table of the notes: rank, document, relevant?, relevant so far, P@k, R@k,
/// interpolated P, contributes to AP. `last_rank` (cutoff) rows are highlighted and rows past
/// it are marked. Empty cutoff: whole list.
[[nodiscard]] StepTable per_rank_table(const RankWalk& walk, std::optional<std::int64_t> cutoff);

/// The PR chart: the points of every rank, the interpolated envelope, and the 11 sampled
/// points under `rule` (for Rule::none, the precision at the first rank reaching each level).
[[nodiscard]] Chart pr_chart(const RankWalk& walk, Rule rule);

}  // namespace irm
