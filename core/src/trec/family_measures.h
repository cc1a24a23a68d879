// trec_eval's measures that are computed in the file of their measure family, beside the
// teaching code of the same measure (core/src/measures/*.cpp, each in its `// --- on TREC files
// ---` block), and what those blocks share. measure_table() (trec/measures.cpp) lists them in
// trec_eval's order; the measures with no teaching family (the counts, relstring, unj, the
// preference and judgment-group measures) stay in trec/measures.cpp.
#pragma once

#include "trec/plan.h"

namespace irm::trec {

/// trec_eval's default rank cutoffs (P, recall, ndcg_cut, map_cut, ...) and recall levels
/// (iprec_at_recall, 11pt_avg).
inline constexpr const char* rank_cutoffs = "5,10,15,20,30,100,200,500,1000";
inline constexpr const char* recall_levels = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1";
/// Rprec_mult's (and Rprec_mult_avgjg's) default multiples of R.
inline constexpr const char* r_multiples = "0.2,0.4,0.6,0.8,1,1.2,1.4,1.6,1.8,2";

/// gm_map, gm_bpref: each topic's value is floored at this before its log is taken.
inline constexpr double min_geo_mean = 0.00001;

/// The gain of a grade for the measures that take gain pairs (dcg, ndcg, G, rbp, ...): the gain
/// given for it, else the grade itself (0 for a document not judged or graded below 0).
[[nodiscard]] inline double gain_of(int grade, const Requested& r) {
  for (const auto& [g, gain] : r.gains) {
    if (g == grade) return gain;
  }
  return grade >= 0 ? static_cast<double>(grade) : 0.0;
}

// measures/average_precision.cpp
const MeasureDef& trec_map_def();
const MeasureDef& trec_gm_map_def();
const MeasureDef& trec_map_cut_def();
const MeasureDef& trec_infap_def();
const MeasureDef& trec_yaap_def();
// measures/precision_recall.cpp
const MeasureDef& trec_rprec_def();
const MeasureDef& trec_p_def();
const MeasureDef& trec_recall_def();
const MeasureDef& trec_rprec_mult_def();
const MeasureDef& trec_relative_p_def();
const MeasureDef& trec_success_def();
// measures/reciprocal_rank.cpp
const MeasureDef& trec_recip_rank_def();
// measures/bpref.cpp
const MeasureDef& trec_bpref_def();
const MeasureDef& trec_gm_bpref_def();
// measures/interpolation.cpp
const MeasureDef& trec_iprec_at_recall_def();
const MeasureDef& trec_11pt_avg_def();
// measures/dcg.cpp
const MeasureDef& trec_bin_g_def();
const MeasureDef& trec_g_def();
const MeasureDef& trec_dcg_def();
const MeasureDef& trec_ideal_dcg_def();
const MeasureDef& trec_ndcg_def();
const MeasureDef& trec_ndcg_rel_def();
const MeasureDef& trec_rndcg_def();
const MeasureDef& trec_ndcg_cut_def();
// measures/cascade.cpp
const MeasureDef& trec_rbp_def();
const MeasureDef& trec_rbp_resid_def();
// measures/set_measures.cpp
const MeasureDef& trec_utility_def();
const MeasureDef& trec_set_p_def();
const MeasureDef& trec_set_relative_p_def();
const MeasureDef& trec_set_recall_def();
const MeasureDef& trec_set_map_def();
const MeasureDef& trec_set_f_def();

}  // namespace irm::trec
