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
          "what the sum of precisions is divided by: R, every relevant document (Bhattacharya's "
          "CS657A notes, the lecture notes “Week 3: Metrics”, trec_eval), or only the relevant "
          "documents retrieved (the example of the study notes “Evaluation Metrics”)"};
}

ParamInfo dcg_param() {
  return {"dcg",
          {"notes", "trec", "burges"},
          "notes",
          "the DCG form: rel_1 + Σ rel_i/log2 i (Bhattacharya's CS657A notes, the lecture notes "
          "“Week 3: Metrics”), Σ rel_i/log2(i+1) (trec_eval, scikit-learn) or Σ (2^rel_i − "
          "1)/log2(i+1) (Burges et al.)"};
}

ParamInfo rule_param() {
  return {"rule",
          {"textbook", "trec9", "trec10", "none"},
          "textbook",
          "how a recall level becomes a number of relevant documents: recall ≥ r (textbook), "
          "(long)(r·R + 0.9) (trec_eval 9) or lround(r·R) (trec_eval 10); none: no "
          "interpolation, the precision at the first rank whose recall reaches r (0 if none "
          "does)"};
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
    case InputKind::judges:
      return "judges";
    case InputKind::ratings:
      return "ratings";
    case InputKind::rankings:
      return "rankings";
    case InputKind::paired:
      return "paired";
    case InputKind::runs:
      return "runs";
  }
  return "ranked_list";
}

std::string outcome_title(const MeasureCall& call) {
  const MeasureInfo& info = *call.info;
  if (!call.inner.empty()) return info.title;
  const auto param = [&](std::string_view name) -> std::string {
    for (const auto& [key, value] : call.params) {
      if (key == name) return value;
    }
    return "";
  };
  const std::string& name = info.name;
  if (name == "kappa") {
    return param("chance") == "pooled" ? "Kappa with pooled marginals (Scott's π)"
                                       : "Cohen's kappa";
  }
  if (name == "tau") return param("variant") == "a" ? "Kendall's tau-a" : "Kendall's tau-b";
  if (name == "bpref" && param("variant") == "trec") return info.title + " (trec_eval's form)";
  if ((name == "AP" || name == "MAP" || name == "gMAP") && param("norm") == "retrieved") {
    return info.title + " over the relevant retrieved";
  }
  if (name == "IPrec" && param("rule") == "none")
    return "Precision at a recall level, not interpolated";
  if (name == "11pt" && param("rule") == "none") return "11-point precision, not interpolated";
  if (name == "11pt-avg" && param("rule") == "none") {
    return "Averaged 11-point precision, not interpolated";
  }
  if (name == "nDCG" || name == "DCG" || name == "IDCG") {
    if (param("dcg") == "trec") return info.title + " (trec_eval's discount log2(i + 1))";
    if (param("dcg") == "burges") return info.title + " (Burges' gain 2^rel − 1)";
  }
  if (name == "F") {
    const std::string alpha = param("alpha");
    const std::string beta = param("beta");
    const std::string weight = !alpha.empty() ? "α = " + alpha : "β = " + beta;
    const bool f1 = alpha.empty() && beta == "1";
    if (call.rank_cutoff) {
      const std::string k = std::to_string(*call.rank_cutoff);
      return (f1 ? std::string("F1") : "Weighted F (" + weight + ")") + " of P@" + k + " and R@" +
             k;
    }
    return f1 ? "F1 measure" : "Weighted F-measure (" + weight + ")";
  }
  std::vector<std::string> variant;
  if (name == "wilcoxon") {
    if (param("zero") == "pratt") variant.emplace_back("Pratt's zeros");
    if (param("correction") == "no") variant.emplace_back("no continuity correction");
  }
  if ((name == "wilcoxon" || name == "sign") && param("method") == "normal") {
    variant.emplace_back("normal approximation");
  }
  const std::string alternative = param("alternative");
  if (alternative == "greater") variant.emplace_back("one-sided: x > y");
  if (alternative == "less") variant.emplace_back("one-sided: x < y");
  if (variant.empty()) return info.title;
  std::string out = info.title + " (";
  for (std::size_t i = 0; i < variant.size(); ++i) out += (i ? ", " : "") + variant[i];
  return out + ")";
}

InputKind input_kind(const MeasureCall& call) {
  if (call.rank_cutoff && call.info->cutoff_input) return *call.info->cutoff_input;
  return call.info->input;
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
      {"MAP",
       "Mean average precision",
       "The mean of the queries' average precisions: every query counts the same.",
       InputKind::queries,
       CutoffKind::rank_optional,
       {norm_param()},
       {"mean-average-precision"},
       "\\text{MAP} = \\frac{1}{|Q|}\\sum_{q \\in Q} \\text{AP}(q)",
       "MAP@10",
       {"RL2", "RL3", "RL4"},
       &run_mean_over_queries,
       "AP"},
      {"MRR",
       "Mean reciprocal rank",
       "The mean over queries of one over the rank of the first relevant document.",
       InputKind::queries,
       CutoffKind::rank_optional,
       {},
       {"mean-reciprocal-rank"},
       "\\text{MRR} = \\frac{1}{|Q|}\\sum_{q \\in Q} \\frac{1}{\\text{rank}_q}",
       "MRR",
       {"RL7"},
       &run_mean_over_queries,
       "RR"},
      {"gMAP",
       "Geometric mean average precision",
       "The geometric mean of the queries' APs (each floored at 1e-5): it rewards lifting the "
       "worst queries.",
       InputKind::queries,
       CutoffKind::rank_optional,
       {norm_param()},
       {"gm_map"},
       "\\text{gMAP} = \\Big(\\prod_{q \\in Q} \\max(\\text{AP}(q), \\varepsilon)\\Big)^{1/|Q|}",
       "gMAP",
       {"RL2", "RL3", "RL4"},
       &run_mean_over_queries,
       "AP"},
      {"11pt-avg",
       "Averaged 11-point interpolated precision",
       "The 11-point interpolated precision averaged over queries at each recall level.",
       InputKind::queries,
       CutoffKind::none,
       {rule_param()},
       {"11pt-average"},
       "\\bar{P}_{\\text{interp}}(r) = \\frac{1}{|Q|}\\sum_{q \\in Q} P^{q}_{\\text{interp}}(r)",
       "11pt-avg(rule=trec10)",
       {"RL1-i"},
       &run_mean_over_queries,
       "11pt"},
      {"mean",
       "Mean over queries",
       "The mean over queries of any measure of one ranked or graded list, e.g. mean(P@5).",
       InputKind::queries,
       CutoffKind::none,
       {},
       {},
       "\\text{mean}(M) = \\frac{1}{|Q|}\\sum_{q \\in Q} M(q)",
       "mean(P@5)",
       {"RL6"},
       &run_mean_over_queries,
       "",
       true},
      {"pool",
       "Depth-k pooling",
       "The documents to judge: the union of every run's top k for each topic, what each run "
       "adds, and (with judgments) each run scored with and without the pooling assumption.",
       InputKind::runs,
       CutoffKind::rank_optional,
       {},
       {"pooling"},
       "\\text{pool}_k(t) = \\bigcup_{r \\in \\text{runs}} \\text{top}_k(r, t)",
       "pool@10",
       {"POOL1", "POOL2"},
       &run_pool},
      {"bpref",
       "Binary preference",
       "How often relevant documents come before judged non-relevant ones; unjudged documents "
       "are ignored.",
       InputKind::ranked_list,
       CutoffKind::none,
       {{"variant",
         {"notes", "trec"},
         "notes",
         "1 − n_r/R as Bhattacharya's CS657A notes write it, or trec_eval's 1 − min(n_r, "
         "R)/min(R, N)"}},
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
      // --- Sets, confusion matrices, ROC ---------------------------------------------------------
      {"confusion",
       "Confusion matrix and set measures",
       "TP, FP, FN, TN and every measure of the table in Bhattacharya's CS657A notes: "
       "precision, recall, specificity, FPR, FNR, accuracy, error rate, F1, G-measure, Jaccard "
       "and Dice.",
       InputKind::confusion,
       CutoffKind::none,
       {},
       {"confusion-matrix", "set-measures", "contingency"},
       "\\text{precision} = \\frac{TP}{TP + FP},\\quad \\text{recall} = \\frac{TP}{TP + FN},\\quad "
       "\\text{accuracy} = \\frac{TP + TN}{D},\\quad F_1 = \\frac{2\\,TP}{2\\,TP + FP + FN}",
       "confusion",
       {"S1"},
       &run_confusion},
      {"F",
       "Weighted F-measure",
       "The weighted harmonic mean of precision and recall; β > 1 weights recall (the notes' "
       "swapped form is explained beside it). F@k reads a ranked list and takes P@k and R@k.",
       InputKind::confusion,
       CutoffKind::rank_optional,
       {{"beta",
         {},
         "1",
         "the weight of recall against precision: β² = (1 − α)/α; β > 1 favours recall",
         true,
         std::nullopt,
         "alpha"},
        {"alpha",
         {},
         "",
         "the weight on 1/P in 1/F = α/P + (1 − α)/R, from 0 to 1 (instead of beta)",
         true,
         Fraction{1, 1},
         "beta"}},
       {"F-measure", "F-score", "Fbeta", "F1"},
       "F_\\beta = \\frac{(\\beta^2 + 1)\\,P\\,R}{\\beta^2 P + R},\\qquad \\frac{1}{F} = "
       "\\frac{\\alpha}{P} + \\frac{1 - \\alpha}{R},\\quad \\beta^2 = \\frac{1 - \\alpha}{\\alpha}",
       "F(beta=2)",
       {"S1"},
       &run_f_measure,
       "",
       false,
       InputKind::ranked_list},
      {"multiclass",
       "Multiclass confusion matrix",
       "Per-class precision, recall and F1 of a k × k confusion matrix, their micro and macro "
       "averages, and accuracy.",
       InputKind::multiclass,
       CutoffKind::none,
       {},
       {"multi-class", "multiclass-confusion"},
       "P_c = \\frac{M_{cc}}{\\sum_i M_{ic}},\\quad R_c = \\frac{M_{cc}}{\\sum_j M_{cj}},\\quad "
       "\\text{macro} = \\frac{1}{k}\\sum_c,\\quad "
       "\\text{accuracy} = \\frac{\\sum_c M_{cc}}{\\sum_{i,j} M_{ij}}",
       "multiclass",
       {"MC1", "MC2"},
       &run_multiclass},
      {"ROC",
       "ROC curve",
       "The true positive rate against the false positive rate at every score threshold, from "
       "(0, 0) to (1, 1); tied scores are one diagonal step.",
       InputKind::scored_labels,
       CutoffKind::none,
       {},
       {"ROC-curve"},
       "\\text{TPR} = \\frac{TP}{P} \\text{ (sensitivity)},\\qquad "
       "\\text{FPR} = \\frac{FP}{N} = 1 - \\text{specificity}",
       "ROC",
       {"ROC1", "ROC2", "ROC3"},
       &run_roc},
      {"AUC",
       "Area under the ROC curve",
       "The trapezoid area under the ROC curve, equal to the share of relevant/non-relevant "
       "pairs the scores order correctly (ties count 1/2).",
       InputKind::scored_labels,
       CutoffKind::none,
       {},
       {"AUROC", "ROC-AUC"},
       "\\text{AUC} = \\sum_i (\\text{FPR}_i - \\text{FPR}_{i-1})\\,\\frac{\\text{TPR}_i + "
       "\\text{TPR}_{i-1}}{2} = "
       "\\frac{\\#\\{s_r > s_n\\} + \\tfrac12 \\#\\{s_r = s_n\\}}{P \\cdot N}",
       "AUC",
       {"ROC1", "ROC2", "ROC3"},
       &run_auc},
      {"EER",
       "Equal error rate",
       "The rate at which the false positive rate equals the false negative rate, interpolated "
       "between the two ROC points where they cross.",
       InputKind::scored_labels,
       CutoffKind::none,
       {},
       {"equal-error-rate"},
       "\\text{EER} = \\text{FPR} = \\text{FNR} \\text{ where } \\text{FPR} - \\text{FNR} "
       "\\text{ changes sign (linear between ROC points)}",
       "EER",
       {"ROC1", "ROC2"},
       &run_eer},
      {"AUC-PR",
       "Area under the precision–recall curve",
       "The step area Σ Δrecall · precision (AP of the ranking by score) and the trapezoid "
       "area, side by side.",
       InputKind::scored_labels,
       CutoffKind::none,
       {},
       {"AUPRC", "PR-AUC", "AUCPR"},
       "\\text{AUC-PR} = \\sum_i (R_i - R_{i-1})\\,P_i,\\qquad \\text{trapezoid: } \\sum_i (R_i - "
       "R_{i-1})\\,\\frac{P_i + P_{i-1}}{2}",
       "AUC-PR",
       {"PR1", "PR2"},
       &run_auc_pr},
      // --- Significance tests over per-query scores of two systems -------------------------------
      {"sign",
       "Sign test",
       "Counts the queries where x beats y and where y beats x (ties dropped) and asks how likely "
       "so lopsided a split is if each were a coin flip: the exact binomial p-value.",
       InputKind::paired,
       CutoffKind::none,
       {{"alternative",
         {"two-sided", "greater", "less"},
         "two-sided",
         "the alternative hypothesis: x and y differ (two-sided), x scores higher than y "
         "(greater), or x scores lower than y (less)"},
        {"method",
         {"exact", "normal"},
         "exact",
         "the exact binomial tail, for any n (a fraction up to n = 60, beyond summed in log "
         "space), or the normal approximation with a continuity correction"}},
       {"sign-test"},
       "p_{\\text{two-sided}} = \\min\\Bigl(1,\\; 2\\sum_{k=0}^{\\min(n_+, n_-)} \\binom{n}{k} "
       "\\frac{1}{2^n}\\Bigr),\\qquad n = n_+ + n_-",
       "sign",
       {"SIG1", "SIG6"},
       &run_sign_test},
      {"wilcoxon",
       "Wilcoxon signed-rank test",
       "Ranks the per-query differences by size and compares the rank sums of the positive and "
       "negative ones, W+ and W−: exact p for small n without ties, else the normal "
       "approximation.",
       InputKind::paired,
       CutoffKind::none,
       {{"alternative",
         {"two-sided", "greater", "less"},
         "two-sided",
         "the alternative hypothesis: x and y differ (two-sided), x scores higher than y "
         "(greater), or x scores lower than y (less)"},
        {"zero",
         {"wilcox", "pratt"},
         "wilcox",
         "what happens to differences of 0: dropped before ranking (wilcox), or ranked with the "
         "others and then their ranks dropped (pratt)"},
        {"method",
         {"exact", "normal"},
         "exact",
         "the exact distribution of W+ over all 2^n sign assignments (when there are no ties, "
         "else it falls back), or the normal approximation with the tie correction"},
        {"correction",
         {"yes", "no"},
         "yes",
         "whether the normal approximation moves W 1/2 toward its mean before computing z (the "
         "continuity correction; SciPy's correction=True), or not (no); the exact method is "
         "unaffected"}},
       {"signed-rank", "wilcoxon-signed-rank"},
       "W_+ = \\sum_{d_i > 0} \\text{rank}(|d_i|),\\quad W_- = \\sum_{d_i < 0} \\text{rank}(|d_i|),"
       "\\quad z = \\frac{W - n(n+1)/4 \\pm \\tfrac12}{\\sqrt{n(n+1)(2n+1)/24 - \\sum (t^3 - "
       "t)/48}}",
       "wilcoxon(zero=pratt)",
       {"SIG2", "SIG5"},
       &run_wilcoxon},
      {"ttest",
       "Paired t-test",
       "The mean per-query difference divided by its standard error, t = d̄/(s/√n), compared "
       "with Student's t distribution with n − 1 degrees of freedom.",
       InputKind::paired,
       CutoffKind::none,
       {{"alternative",
         {"two-sided", "greater", "less"},
         "two-sided",
         "the alternative hypothesis: x and y differ (two-sided), x scores higher than y "
         "(greater), or x scores lower than y (less)"}},
       {"t-test", "paired-t"},
       "t = \\frac{\\bar d}{s/\\sqrt{n}},\\quad s^2 = \\frac{\\sum_i (d_i - \\bar d)^2}{n - 1},"
       "\\quad df = n - 1",
       "ttest(alternative=greater)",
       {"SIG3"},
       &run_t_test},
      {"randomization",
       "Randomization test",
       "Flips the sign of each per-query difference in every possible way (or in 100,000 seeded "
       "random ways) and counts how often the mean difference is as extreme as the observed one.",
       InputKind::paired,
       CutoffKind::none,
       {{"alternative",
         {"two-sided", "greater", "less"},
         "two-sided",
         "the alternative hypothesis: x and y differ (two-sided), x scores higher than y "
         "(greater), or x scores lower than y (less)"}},
       {"permutation", "permutation-test", "randomisation"},
       "p = \\frac{\\#\\{\\text{sign assignments } s : |\\bar d_s| \\ge |\\bar d|\\}}{2^n}",
       "randomization",
       {"SIG4"},
       &run_randomization},
      // --- Agreement between judges, rank correlation --------------------------------------------
      {"kappa",
       "Cohen's kappa",
       "Agreement between two judges beyond what chance would give, over any number of "
       "categories, with chance from each judge's own marginals or from pooled marginals.",
       InputKind::judges,
       CutoffKind::none,
       {{"chance",
         {"cohen", "pooled"},
         "cohen",
         "how chance agreement P(E) is estimated: each judge's own marginals, Σ P_A(c)·P_B(c) "
         "(Cohen; the study notes “What to evaluate”, the first estimate of Bhattacharya's "
         "CS657A notes), or pooled marginals, Σ P(c)² with P(c) = (A's count + B's count)/2n "
         "(Bhattacharya's CS657A notes, Manning et al.)"},
        {"scale",
         {"iir", "cs657a", "landis-koch"},
         "iir",
         "which interpretation of κ is stated first (all three are shown): iir, the bands of "
         "Manning et al. (IIR §8.5) and of the study notes “What to evaluate” (> 0.8 good, "
         "0.67–0.8 fair); cs657a, those of Bhattacharya's CS657A notes (> 0.8 excellent, > 0.6 "
         "good, > 0.4 fair, > 0.2 slight); or landis-koch, Landis & Koch's (slight, fair, "
         "moderate, substantial, almost perfect)",
         false,
         std::nullopt,
         "",
         {{"notes001", "iir"}, {"notes002", "cs657a"}}}},
       {"cohen-kappa", "cohens-kappa", "kappa-statistic"},
       "\\kappa = \\frac{P(A) - P(E)}{1 - P(E)},\\quad P(A) = \\frac{\\sum_c M_{cc}}{n},\\quad "
       "P(E) = \\sum_c P_A(c)\\,P_B(c) \\text{ or } \\sum_c P(c)^2",
       "kappa(chance=pooled)",
       {"K1", "K2", "K3"},
       &run_kappa},
      {"fleiss",
       "Fleiss' kappa",
       "Agreement among m raters per item over several categories, from an items × categories "
       "table of counts.",
       InputKind::ratings,
       CutoffKind::none,
       {},
       {"fleiss-kappa", "fleiss-k"},
       "\\kappa = \\frac{P(A) - P(E)}{1 - P(E)},\\quad P(A) = \\frac{1}{n}\\sum_i "
       "\\frac{\\sum_j x_{ij}^2 - m}{m(m-1)},\\quad P(E) = \\sum_j p_j^2,\\quad p_j = "
       "\\frac{\\sum_i x_{ij}}{m\\,n}",
       "fleiss",
       {"K4"},
       &run_fleiss},
      {"tau",
       "Kendall's tau",
       "Rank correlation of two rankings of the same items: concordant minus discordant pairs, "
       "with τb correcting for ties.",
       InputKind::rankings,
       CutoffKind::none,
       {{"variant",
         {"b", "a"},
         "b",
         "τb = (n_c − n_d)/√((n_0 − n_1)(n_0 − n_2)), which leaves tied pairs out (Bhattacharya's "
         "CS657A notes with ties), or τa = (n_c − n_d)/n_0"}},
       {"kendall", "kendall-tau", "kendalls-tau"},
       "\\tau_a = \\frac{n_c - n_d}{n_0},\\qquad \\tau_b = \\frac{n_c - n_d}{\\sqrt{n_0 - "
       "n_1}\\,\\sqrt{n_0 - n_2}},\\qquad n_0 = \\frac{n(n-1)}{2}",
       "tau(variant=a)",
       {"TAU1", "TAU2", "TAU3"},
       &run_tau},
  };
  return table;
}

}  // namespace irm
