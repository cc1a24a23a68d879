// One declaration block per measure family. Each takes a parsed measure name and the parsed
// input and returns the worked answer.
#pragma once

#include <map>
#include <string>

#include "irm/agreement.h"
#include "irm/confusion.h"
#include "irm/correlation.h"
#include "irm/explain.h"
#include "irm/graded.h"
#include "irm/paired.h"
#include "irm/pooling.h"
#include "irm/queries.h"
#include "irm/ranking.h"
#include "irm/registry.h"
#include "irm/result.h"
#include "irm/scores.h"

namespace irm {

/// Everything a measure may read, already parsed and checked by compute().
struct Inputs {
  const RankedList* ranked = nullptr;         // InputKind::ranked_list
  std::int64_t total_relevant = 0;            // R (resolved; see resolve_total_relevant)
  const GradedList* graded = nullptr;         // InputKind::graded_list
  const QuerySet* queries = nullptr;          // InputKind::queries
  const ScoredLabels* scored = nullptr;       // InputKind::scored_labels
  const ConfusionInput* confusion = nullptr;  // InputKind::confusion
  const LabelMatrix* multiclass = nullptr;    // InputKind::multiclass
  const LabelMatrix* judges = nullptr;        // InputKind::judges (rows judge A, columns B)
  const RatingTable* ratings = nullptr;       // InputKind::ratings
  const TwoRankings* rankings = nullptr;      // InputKind::rankings
  const PairedScores* paired = nullptr;       // InputKind::paired
  const RunSet* runs = nullptr;               // InputKind::runs
  std::vector<std::string> notes;             // how the input was read; copied into every Outcome
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

// --- dcg.cpp: DCG, IDCG, nDCG with dcg=notes|trec|burges -------------------------------------
[[nodiscard]] Result<Outcome> run_dcg(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_ideal_dcg(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_ndcg(const MeasureCall& call, const Inputs& in);

// --- bpref.cpp: bpref with variant=notes|trec ------------------------------------------------
[[nodiscard]] Result<Outcome> run_bpref(const MeasureCall& call, const Inputs& in);

// --- several_queries.cpp: MAP, MAP@k, gMAP, MRR, 11pt-avg, mean(M) ----------------------------
[[nodiscard]] Result<Outcome> run_mean_over_queries(const MeasureCall& call, const Inputs& in);

// --- roc.cpp: ROC, AUC, EER, AUC-PR -------------------------------------------------------------
[[nodiscard]] Result<Outcome> run_roc(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_auc(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_eer(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_auc_pr(const MeasureCall& call, const Inputs& in);

// --- set_measures.cpp: confusion, F(beta=b), F(alpha=a) --------------------------------------
[[nodiscard]] Result<Outcome> run_confusion(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_f_measure(const MeasureCall& call, const Inputs& in);

// --- multiclass.cpp: multiclass -----------------------------------------------------------------
[[nodiscard]] Result<Outcome> run_multiclass(const MeasureCall& call, const Inputs& in);

// --- kappa.cpp: kappa (two judges), fleiss ------------------------------------------------------
[[nodiscard]] Result<Outcome> run_kappa(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_fleiss(const MeasureCall& call, const Inputs& in);

// --- correlation.cpp: tau ---------------------------------------------------------------------
[[nodiscard]] Result<Outcome> run_tau(const MeasureCall& call, const Inputs& in);

// --- significance.cpp: sign, wilcoxon, ttest, randomization ----------------------------------
[[nodiscard]] Result<Outcome> run_sign_test(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_wilcoxon(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_t_test(const MeasureCall& call, const Inputs& in);
[[nodiscard]] Result<Outcome> run_randomization(const MeasureCall& call, const Inputs& in);

// --- pooling.cpp: pool@k ------------------------------------------------------------------------
[[nodiscard]] Result<Outcome> run_pool(const MeasureCall& call, const Inputs& in);

}  // namespace irm
