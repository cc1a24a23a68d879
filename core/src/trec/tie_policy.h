// --ties average and --ties bounds in a trec_eval evaluation: which planned measures they cover,
// and their values for one topic, written over (average) or beside (bounds) trec_eval's. The
// computation is trec/ties.h's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "irm/trec_eval.h"
#include "trec/plan.h"
#include "trec/ties.h"

namespace irm::trec {

/// Marks the measures --ties average|bounds cover (P, recall, map, map_cut, recip_rank, RR@k,
/// ndcg, ndcg_cut, ERR@k) in plan.tie_measures; for bounds, adds the slots NAME_low and
/// NAME_high of each covered slot after the plan's others. Returns the printed names of the
/// measures not covered (computed in trec_eval's order), each once.
std::vector<std::string> plan_ties(TrecPlan& plan, Ties ties);

/// The measures plan_ties covers, as the warning about the others names them.
inline constexpr const char* ties_cover =
    "P, recall, map, map_cut, recip_rank, ndcg, ndcg_cut, RR@k and ERR@k";

/// Whether any covered measure sees the plan's view `view`.
bool ties_cover_view(const TrecPlan& plan, std::size_t view);

/// Computes the covered measures of one view for one topic, given as its tie groups, writing
/// their slots of `out` (average: the measure's own slots; bounds: its _low and _high slots).
/// `max_ranks`: -M when the ranking given is longer (the groups hold every document), else 0.
void apply_ties(const TrecPlan& plan, Ties ties, std::size_t view, const ties::TiedTopic& topic,
                std::int64_t max_ranks, double* out);

}  // namespace irm::trec
