// The one table of measures. Adding a measure: one entry here, its family file in measures/,
// its golden tests. The page's reference and the CLI's `measures` are generated from this table.
// Order: the order the index page shows, most taught first.

#include "irm/registry.h"

#include "irm/measures.h"

namespace irm {
namespace {

ParamInfo norm_param() {
  return {"norm",
          {"relevant", "retrieved"},
          "relevant",
          "what the sum of precisions is divided by: R, every relevant document (notes 002, 004, "
          "trec_eval), or only the relevant documents retrieved (note 000's example)"};
}

ParamInfo dcg_param() {
  return {"dcg",
          {"notes", "trec", "burges"},
          "notes",
          "the DCG form: rel_1 + Σ rel_i/log2 i (notes 002, 004), Σ rel_i/log2(i+1) (trec_eval, "
          "scikit-learn) or Σ (2^rel_i − 1)/log2(i+1) (Burges et al.)"};
}

ParamInfo rule_param() {
  return {"rule",
          {"textbook", "trec9", "trec10"},
          "textbook",
          "how a recall level becomes a number of relevant documents: recall ≥ r (textbook), "
          "(long)(r·R + 0.9) (trec_eval 9) or lround(r·R) (trec_eval 10)"};
}

}  // namespace

const char* to_string(InputKind kind) {
  switch (kind) {
    case InputKind::ranked_list:
      return "ranked_list";
    case InputKind::graded_list:
      return "graded_list";
    case InputKind::queries:
      return "queries";
    case InputKind::scored_labels:
      return "scored_labels";
    case InputKind::confusion:
      return "confusion";
    case InputKind::multiclass:
      return "multiclass";
  }
  return "ranked_list";
}

const std::vector<MeasureInfo>& all_measures() {
  static const std::vector<MeasureInfo> table = {
      {"AP",
       "Average precision",
       "The mean of the precision at each relevant document, over R (or over the relevant "
       "retrieved).",
       InputKind::ranked_list,
       CutoffKind::rank_optional,
       {norm_param()},
       {"AveP", "avg-prec"},
       "\\text{AP} = \\frac{1}{R}\\sum_{k=1}^{n} P@k \\cdot \\text{rel}(k)",
       "AP(norm=retrieved)@10",
       {"RL1-ap", "RL2", "RL3", "RL4", "RL5", "RL7"},
       &run_average_precision},
      {"P",
       "Precision at k",
       "The share of the top k results that are relevant; ranks past the list count as not "
       "relevant.",
       InputKind::ranked_list,
       CutoffKind::rank_optional,
       {},
       {"precision", "prec"},
       "P@k = \\frac{\\left|\\{\\text{relevant in top } k\\}\\right|}{k}",
       "P@5",
       {"RL6", "RL1"},
       &run_precision},
      {"R",
       "Recall at k",
       "The share of all R relevant documents found in the top k results.",
       InputKind::ranked_list,
       CutoffKind::rank_optional,
       {},
       {"recall"},
       "R@k = \\frac{\\left|\\{\\text{relevant in top } k\\}\\right|}{R}",
       "R@10",
       {"RL1"},
       &run_recall},
      {"PR",
       "Precision and recall at every rank",
       "The per-rank table of precision and recall, and the precision–recall curve.",
       InputKind::ranked_list,
       CutoffKind::none,
       {},
       {"precision-recall"},
       "P@k = \\frac{\\text{relevant in top } k}{k}, \\qquad R@k = \\frac{\\text{relevant in "
       "top } k}{R}",
       "PR",
       {"RL1"},
       &run_precision_recall},
      {"Rprec",
       "R-precision",
       "Precision at rank R, where precision equals recall (the break-even point).",
       InputKind::ranked_list,
       CutoffKind::none,
       {},
       {"R-prec", "R-precision"},
       "\\text{R-prec} = P@R = \\frac{\\left|\\{\\text{relevant in top } R\\}\\right|}{R}",
       "Rprec",
       {"RL1"},
       &run_r_precision},
      {"RR",
       "Reciprocal rank",
       "One over the rank of the first relevant document (0 if none).",
       InputKind::ranked_list,
       CutoffKind::rank_optional,
       {},
       {"reciprocal-rank", "recip_rank"},
       "\\text{RR} = \\frac{1}{\\text{rank of the first relevant document}}",
       "RR@10",
       {"RL7"},
       &run_reciprocal_rank},
      {"11pt",
       "11-point interpolated precision",
       "Interpolated precision at recall 0, 0.1, …, 1, and their average.",
       InputKind::ranked_list,
       CutoffKind::none,
       {rule_param()},
       {"11-point", "11pt-interpolated"},
       "\\text{11pt} = \\frac{1}{11}\\sum_{j=0}^{10} P_{\\text{interp}}\\!\\left(\\tfrac{j}{10}"
       "\\right)",
       "11pt(rule=trec10)",
       {"RL1-i"},
       &run_eleven_point},
      {"IPrec",
       "Interpolated precision at a recall level",
       "The highest precision at any rank whose recall is at least r (0 if no rank gets there).",
       InputKind::ranked_list,
       CutoffKind::recall_required,
       {rule_param()},
       {"iprec_at_recall", "interpolated-precision"},
       "P_{\\text{interp}}(r) = \\max_{r' \\ge r} P(r')",
       "IPrec@0.3",
       {"RL1-i"},
       &run_interpolated_precision},
      {"bpref",
       "Binary preference",
       "How often relevant documents come before judged non-relevant ones; unjudged documents "
       "are ignored.",
       InputKind::ranked_list,
       CutoffKind::none,
       {{"variant",
         {"notes", "trec"},
         "notes",
         "1 − n_r/R as note 002 writes it, or trec_eval's 1 − min(n_r, R)/min(R, N)"}},
       {},
       "\\text{bpref} = \\frac{1}{R}\\sum_{r} \\left(1 - \\frac{n_r}{R}\\right)",
       "bpref(variant=trec)",
       {"B1", "B2", "B3"},
       &run_bpref},
      {"nDCG",
       "Normalised discounted cumulative gain",
       "DCG divided by the DCG of the ideal ranking, at each rank: 1 is a perfect order.",
       InputKind::graded_list,
       CutoffKind::rank_optional,
       {dcg_param()},
       {"ndcg_cut"},
       "\\text{nDCG@}p = \\frac{\\text{DCG@}p}{\\text{IDCG@}p}",
       "nDCG(dcg=trec)@5",
       {"G1", "G2", "G3", "G4"},
       &run_ndcg},
      {"DCG",
       "Discounted cumulative gain",
       "The grades summed down the ranking, each discounted by the log of its rank.",
       InputKind::graded_list,
       CutoffKind::rank_optional,
       {dcg_param()},
       {},
       "\\text{DCG@}p = \\text{rel}_1 + \\sum_{i=2}^{p} \\frac{\\text{rel}_i}{\\log_2 i}",
       "DCG@5",
       {"G1", "G2", "G3", "G4", "G5"},
       &run_dcg},
      {"IDCG",
       "Ideal discounted cumulative gain",
       "The DCG of the ideal ranking: every judged grade sorted from the highest down.",
       InputKind::graded_list,
       CutoffKind::rank_optional,
       {dcg_param()},
       {"ideal_dcg"},
       "\\text{IDCG@}p = \\text{DCG@}p \\text{ of the grades sorted in decreasing order}",
       "IDCG@5",
       {"G1", "G4"},
       &run_ideal_dcg},
  };
  return table;
}

}  // namespace irm
