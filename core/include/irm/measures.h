// One declaration block per measure family. Each takes a parsed measure name and the parsed
// input and returns the worked answer.
#pragma once

#include <map>
#include <string>

#include "irm/explain.h"
#include "irm/ranking.h"
#include "irm/registry.h"
#include "irm/result.h"

namespace irm {

/// Everything a measure may read, already parsed and checked by compute().
struct Inputs {
  const RankedList* ranked = nullptr;  // InputKind::ranked_list
  std::int64_t total_relevant = 0;     // R (resolved; see resolve_total_relevant)
  std::vector<std::string> notes;      // how the input was read; copied into every Outcome
};

// --- precision_recall.cpp: PR, P@k, R@k, Rprec --------------------------------------------
/// PR: precision and recall at every rank, the per-rank table and the PR curve.
[[nodiscard]] Result<Outcome> run_precision_recall(const MeasureCall& call, const Inputs& in);
/// P@k: relevant in the top k / k (ranks past the list count as not relevant). No k: whole list.
[[nodiscard]] Result<Outcome> run_precision(const MeasureCall& call, const Inputs& in);
/// R@k: relevant in the top k / R. No k: whole list.
[[nodiscard]] Result<Outcome> run_recall(const MeasureCall& call, const Inputs& in);
/// Rprec: P@R, where precision equals recall (the break-even point).
[[nodiscard]] Result<Outcome> run_r_precision(const MeasureCall& call, const Inputs& in);

// --- average_precision.cpp: AP, AP@k with norm=relevant|retrieved --------------------------
[[nodiscard]] Result<Outcome> run_average_precision(const MeasureCall& call, const Inputs& in);

// --- reciprocal_rank.cpp: RR, RR@k ---------------------------------------------------------
[[nodiscard]] Result<Outcome> run_reciprocal_rank(const MeasureCall& call, const Inputs& in);

// --- interpolation.cpp: IPrec@r and 11pt with rule=textbook|trec9|trec10 -------------------
[[nodiscard]] Result<Outcome> run_interpolated_precision(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_eleven_point(const MeasureCall& call, const Inputs& in);

}  // namespace irm
