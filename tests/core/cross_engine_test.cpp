// One property test across the two engines, driven by the registry: every measure of
// all_measures() is either mapped below to what the TREC engine computes for it (trec_eval's
// names, ir_measures' names, or compare/'s tests for the significance tests), or listed as
// teaching only, with the reason. A measure in neither list fails the first test case, so a new
// measure must be placed.
//
// For each mapped family, 200 seeded random cases (std::mt19937, its raw output only, which the
// standard fixes on every platform): topics with tied scores (ranked by score, then docno
// descending, as trec_eval ranks them), unjudged documents (not in the qrels, or a negative
// grade), no relevant document, lists shorter than the cutoffs, graded relevance. Each case is
// written as TREC qrels and a run, evaluated by TrecSession, and each topic is written as the
// teaching calculator's input (a ranked list, a graded list, subtopics, ...) and computed by
// irm::compute; the exact fraction (or, for a value through log2 or exp, the double the teaching
// core gives) must equal the TREC engine's double within 1e-12.
//
// Where the engines follow different conventions, the mapping picks the parameter that makes
// them one (trec_eval's bpref is bpref(variant=trec), its ndcg nDCG(dcg=trec), its
// iprec_at_recall IPrec(rule=trec10)), and what no parameter reconciles is stated where it is
// handled, with the inputs it concerns.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "helpers.h"
#include "irm/compare.h"
#include "irm/trec_eval.h"

namespace {

// ---- The families each engine computes ----------------------------------------------------------

// How a case is drawn.
enum class Draw {
  binary,     // grades -1 (unjudged), 0, 1, 2, or not in the qrels
  graded,     // grades -1 .. 4, or not in the qrels
  compat,     // graded, with Compat's ideal-ranking tie order made the same (see compat_order)
  subtopics,  // subtopic qrels: a document judged for up to four subtopics
  complete,   // binary, every retrieved document judged and every relevant one retrieved
  paired,     // two systems' per-topic scores
};

// What the teaching calculator reads.
enum class Teach {
  ranked,          // relevant=R nonrelevant=N, then R / N / U marks
  graded,          // grades (unjudged: 0), then unretrieved: the judged grades not retrieved
  graded_scores,   // true_relevance = [...] / scores = [...]: the run's scores, ties and all
  subtopics,       // d1: 1 3 | d2: - ..., then unretrieved: d7: 2 | ...
  confusion,       // tp= fp= fn= tn=
  scored_ranking,  // R / N marks as a ranking for the ROC family
  queries_ranked,  // one block per topic: t1 relevant=R nonrelevant=N, then marks
  queries_graded,  // one block per topic: t1:, then grades and unretrieved:
  paired,          // t1 x y per line
};

// Where a check holds only on some inputs, and what is required on the others.
enum class Scope {
  all,
  // nNRBP of a topic with no relevant subtopic (S = 0): ndeval divides 0 by 0 and the TREC
  // engine keeps its NaN (trec/diversity.h, printed "-nan" as ndeval prints it); the teaching
  // calculator takes 0/0 as 0. On those topics the check requires exactly that pair.
  nnrbp_no_subtopic,
  // RBP's residual: the teaching calculator's is p^n, the weight of every rank past the n ranked
  // (a graded list has no unjudged documents; with a cutoff k, p^min(n, k)); the TREC engine's
  // (ir_measures' RBP_resid) adds the weight of each unjudged document retrieved, and with a
  // cutoff counts the ranks past the list up to k only (p^n - p^k). (trec_eval's own rbp_resid is
  // 0 when no document retrieved is unjudged.) Compared without a cutoff, on the topics where no
  // retrieved document is unjudged.
  residual_without_unjudged,
};

struct Check {
  const char* teaching;  // the teaching calculator's measure name
  const char* key;       // "" for Outcome::value, else a key of Outcome::values
  const char* trec;      // the TREC engine's printed name, or (paired) compare/'s test
  Scope scope = Scope::all;
};

struct Family {
  const char* measure;  // the registry's name
  Draw draw;
  Teach teach;
  std::vector<std::string> args;  // TrecSession's arguments (-m ... and flags)
  std::vector<Check> checks;
  int level = 1;  // the relevance level (trec_eval -l): the teaching input's R and N marks
};

// Every registry measure the TREC engine also computes, mapped here where its parameters need
// translating. A measure may have several entries when its conventions need different sessions
// (trec_eval takes one parameter list per measure).
const std::vector<Family>& mapped_here() {
  static const std::vector<Family> table = {
      // AP as trec_eval's map and map_cut.k (AP@k still divides by R, as map_cut). Not mapped:
      // norm=retrieved and norm=min_rk (no TREC counterpart), area=trapezoid (scikit-learn's
      // old area).
      {"AP",
       Draw::binary,
       Teach::ranked,
       {"-m", "map", "-m", "map_cut.1,3,5,10,20", "-m", "AP@3"},
       {{"AP", "", "map"},
        {"AP@1", "", "map_cut_1"},
        {"AP@3", "", "map_cut_3"},
        {"AP@5", "", "map_cut_5"},
        {"AP@10", "", "map_cut_10"},
        {"AP@20", "", "map_cut_20"},
        {"AP@3", "", "AP@3"}}},
      // P@k divides by k past the end of the list, as trec_eval's P.k; P without a cutoff is the
      // precision of the whole list, trec_eval's set_P.
      {"P",
       Draw::binary,
       Teach::ranked,
       {"-m", "P.1,3,5,10,20", "-m", "set_P", "-m", "P@3"},
       {{"P@1", "", "P_1"},
        {"P@3", "", "P_3"},
        {"P@5", "", "P_5"},
        {"P@10", "", "P_10"},
        {"P@20", "", "P_20"},
        {"P", "", "set_P"},
        {"P@3", "", "P@3"}}},
      {"R",
       Draw::binary,
       Teach::ranked,
       {"-m", "recall.1,3,5,10,20", "-m", "set_recall", "-m", "R@5"},
       {{"R@1", "", "recall_1"},
        {"R@3", "", "recall_3"},
        {"R@5", "", "recall_5"},
        {"R@10", "", "recall_10"},
        {"R@20", "", "recall_20"},
        {"R", "", "set_recall"},
        {"R@5", "", "R@5"}}},
      // PR's value is the precision of the whole list; its recall, the recall of the whole list.
      {"PR",
       Draw::binary,
       Teach::ranked,
       {"-m", "set_P", "-m", "set_recall"},
       {{"PR", "", "set_P"}, {"PR", "recall", "set_recall"}}},
      {"Rprec", Draw::binary, Teach::ranked, {"-m", "Rprec"}, {{"Rprec", "", "Rprec"}}},
      {"RR",
       Draw::binary,
       Teach::ranked,
       {"-m", "recip_rank", "-m", "RR@1", "-m", "RR@3", "-m", "RR@10"},
       {{"RR", "", "recip_rank"},
        {"RR@1", "", "RR@1"},
        {"RR@3", "", "RR@3"},
        {"RR@10", "", "RR@10"}}},
      // trec_eval 10 maps a recall level r to lround(r R) relevant documents: rule=trec10; the
      // textbook rule (recall >= r) has no TREC counterpart.
      {"11pt",
       Draw::binary,
       Teach::ranked,
       {"-m", "11pt_avg", "-m", "iprec_at_recall.0,0.3,1"},
       {{"11pt(rule=trec10)", "", "11pt_avg"},
        {"11pt(rule=trec10)", "IPrec@0", "iprec_at_recall_0.00"},
        {"11pt(rule=trec10)", "IPrec@0.3", "iprec_at_recall_0.30"},
        {"11pt(rule=trec10)", "IPrec@1", "iprec_at_recall_1.00"}}},
      // trec_eval 9's (long)(r R + 0.9): rule=trec9 under --compat 9.
      {"11pt",
       Draw::binary,
       Teach::ranked,
       {"--compat", "9", "-m", "11pt_avg"},
       {{"11pt(rule=trec9)", "", "11pt_avg"}}},
      {"IPrec",
       Draw::binary,
       Teach::ranked,
       {"-m", "iprec_at_recall.0,0.1,0.25,0.3,0.5,0.7,1", "-m", "IPrec@0.25"},
       {{"IPrec(rule=trec10)@0", "", "iprec_at_recall_0.00"},
        {"IPrec(rule=trec10)@0.1", "", "iprec_at_recall_0.10"},
        {"IPrec(rule=trec10)@0.25", "", "iprec_at_recall_0.25"},
        {"IPrec(rule=trec10)@0.3", "", "iprec_at_recall_0.30"},
        {"IPrec(rule=trec10)@0.5", "", "iprec_at_recall_0.50"},
        {"IPrec(rule=trec10)@0.7", "", "iprec_at_recall_0.70"},
        {"IPrec(rule=trec10)@1", "", "iprec_at_recall_1.00"},
        {"IPrec(rule=trec10)@0.25", "", "IPrec@0.25"}}},
      {"IPrec",
       Draw::binary,
       Teach::ranked,
       {"--compat", "9", "-m", "iprec_at_recall.0.1,0.25,0.5,0.7"},
       {{"IPrec(rule=trec9)@0.1", "", "iprec_at_recall_0.10"},
        {"IPrec(rule=trec9)@0.25", "", "iprec_at_recall_0.25"},
        {"IPrec(rule=trec9)@0.5", "", "iprec_at_recall_0.50"},
        {"IPrec(rule=trec9)@0.7", "", "iprec_at_recall_0.70"}}},
      // Means over the topics: the summary line of the run (MAP@k: map_cut.k's mean). gMAP is the
      // geometric mean with each AP floored at 1e-5, trec_eval's gm_map.
      {"MAP",
       Draw::binary,
       Teach::queries_ranked,
       {"-m", "map", "-m", "map_cut.3,10"},
       {{"MAP", "", "map"}, {"MAP@3", "", "map_cut_3"}, {"MAP@10", "", "map_cut_10"}}},
      {"MRR",
       Draw::binary,
       Teach::queries_ranked,
       {"-m", "recip_rank", "-m", "RR@3"},
       {{"MRR", "", "recip_rank"}, {"MRR@3", "", "RR@3"}}},
      {"gMAP", Draw::binary, Teach::queries_ranked, {"-m", "gm_map"}, {{"gMAP", "", "gm_map"}}},
      {"11pt-avg",
       Draw::binary,
       Teach::queries_ranked,
       {"-m", "11pt_avg"},
       {{"11pt-avg(rule=trec10)", "", "11pt_avg"}}},
      {"11pt-avg",
       Draw::binary,
       Teach::queries_ranked,
       {"--compat", "9", "-m", "11pt_avg"},
       {{"11pt-avg(rule=trec9)", "", "11pt_avg"}}},
      {"mean",
       Draw::binary,
       Teach::queries_ranked,
       {"-m", "P.5", "-m", "bpref", "-m", "recip_rank", "-m", "Rprec"},
       {{"mean(P@5)", "", "P_5"},
        {"mean(bpref(variant=trec))", "", "bpref"},
        {"mean(RR)", "", "recip_rank"},
        {"mean(Rprec)", "", "Rprec"}}},
      {"mean",
       Draw::graded,
       Teach::queries_graded,
       {"-m", "ndcg_cut.5", "-m", "ERR@5"},
       {{"mean(nDCG(dcg=trec)@5)", "", "ndcg_cut_5"}, {"mean(ERR@5)", "", "ERR@5"}}},
      // trec_eval's bpref: 1 - min(n_r, R)/min(R, N), N every judged non-relevant document of the
      // topic (given as nonrelevant=N): variant=trec.
      {"bpref",
       Draw::binary,
       Teach::ranked,
       {"-m", "bpref", "-m", "Bpref"},
       {{"bpref(variant=trec)", "", "bpref"}, {"bpref(variant=trec)", "", "Bpref"}}},
      // At relevance level 2 (trec_eval -l 2, ir_measures' rel=2), grade 1 is judged non-relevant:
      // the teaching list marks it N, and counts it in bpref's N.
      {"AP",
       Draw::binary,
       Teach::ranked,
       {"-l", "2", "-m", "map", "-m", "map_cut.5", "-m", "AP@5"},
       {{"AP", "", "map"}, {"AP@5", "", "map_cut_5"}, {"AP@5", "", "AP(rel=2)@5"}},
       2},
      {"P",
       Draw::binary,
       Teach::ranked,
       {"-l", "2", "-m", "P.5", "-m", "P@3"},
       {{"P@5", "", "P_5"}, {"P@3", "", "P(rel=2)@3"}},
       2},
      {"R",
       Draw::binary,
       Teach::ranked,
       {"-l", "2", "-m", "recall.5", "-m", "set_recall"},
       {{"R@5", "", "recall_5"}, {"R", "", "set_recall"}},
       2},
      {"Rprec",
       Draw::binary,
       Teach::ranked,
       {"-l", "2", "-m", "Rprec"},
       {{"Rprec", "", "Rprec"}},
       2},
      {"bpref",
       Draw::binary,
       Teach::ranked,
       {"-l", "2", "-m", "bpref"},
       {{"bpref(variant=trec)", "", "bpref"}},
       2},
      // trec_eval's ndcg: gain = grade, discount log2(i + 1) (dcg=trec), the ideal from every
      // judged grade (ideal=judged); gdeval's nDCG(dcg=exp-log2)@k is dcg=burges (grades here are
      // at most 4, gdeval's largest). Not mapped: dcg=notes, ideal=retrieved and ideal=min_rk.
      {"nDCG",
       Draw::graded,
       Teach::graded,
       {"-m", "ndcg", "-m", "ndcg_cut.1,3,5,10,20", "-m", "nDCG@5", "-m", "nDCG(dcg=exp-log2)@1",
        "-m", "nDCG(dcg=exp-log2)@5", "-m", "nDCG(dcg=exp-log2)@20"},
       {{"nDCG(dcg=trec)", "", "ndcg"},
        {"nDCG(dcg=trec)@1", "", "ndcg_cut_1"},
        {"nDCG(dcg=trec)@3", "", "ndcg_cut_3"},
        {"nDCG(dcg=trec)@5", "", "ndcg_cut_5"},
        {"nDCG(dcg=trec)@10", "", "ndcg_cut_10"},
        {"nDCG(dcg=trec)@20", "", "ndcg_cut_20"},
        {"nDCG(dcg=trec)@5", "", "nDCG@5"},
        {"nDCG(dcg=burges)@1", "", "nDCG(dcg='exp-log2')@1"},
        {"nDCG(dcg=burges)@5", "", "nDCG(dcg='exp-log2')@5"},
        {"nDCG(dcg=burges)@20", "", "nDCG(dcg='exp-log2')@20"}}},
      // scikit-learn's ties (ties=average: each tied group shares the mean gain) are the mean of
      // nDCG over every order of the tied documents, which is what --ties average computes.
      {"nDCG",
       Draw::graded,
       Teach::graded_scores,
       {"--ties", "average", "-m", "ndcg", "-m", "ndcg_cut.1,3,5,10"},
       {{"nDCG(dcg=trec,ties=average)", "", "ndcg"},
        {"nDCG(dcg=trec,ties=average)@1", "", "ndcg_cut_1"},
        {"nDCG(dcg=trec,ties=average)@3", "", "ndcg_cut_3"},
        {"nDCG(dcg=trec,ties=average)@5", "", "ndcg_cut_5"},
        {"nDCG(dcg=trec,ties=average)@10", "", "ndcg_cut_10"}}},
      // trec_eval's dcg and ideal_dcg have no cutoff form.
      {"DCG", Draw::graded, Teach::graded, {"-m", "dcg"}, {{"DCG(dcg=trec)", "", "dcg"}}},
      {"IDCG",
       Draw::graded,
       Teach::graded,
       {"-m", "ideal_dcg"},
       {{"IDCG(dcg=trec)", "", "ideal_dcg"}}},
      // gdeval's ERR@k (max=4, its scale). ERR without a cutoff is the whole list: ERR@1000 here,
      // the lists being shorter.
      {"ERR",
       Draw::graded,
       Teach::graded,
       {"-m", "ERR@1", "-m", "ERR@3", "-m", "ERR@5", "-m", "ERR@20", "-m", "ERR@1000"},
       {{"ERR@1", "", "ERR@1"},
        {"ERR@3", "", "ERR@3"},
        {"ERR@5", "", "ERR@5"},
        {"ERR@20", "", "ERR@20"},
        {"ERR", "", "ERR@1000"}}},
      // ir_measures' RBP (p = 0.8 unless given) and trec_eval's rbp (p = 0.9).
      {"RBP",
       Draw::graded,
       Teach::graded,
       {"-m", "rbp", "-m", "RBP", "-m", "RBP(p=0.5)@3", "-m", "RBP(rel=2)", "-m", "RBP(p=0.95)@10"},
       {{"RBP(p=0.9)", "", "rbp"},
        {"RBP", "", "RBP"},
        {"RBP(p=0.5)@3", "", "RBP(p=0.5)@3"},
        {"RBP(rel=2)", "", "RBP(rel=2)"},
        {"RBP(p=0.95)@10", "", "RBP(p=0.95)@10"},
        {"RBP", "residual", "RBP_resid", Scope::residual_without_unjudged}}},
      // INST's max is ir_measures' max_rel (min_rel 0): the gain grade/max.
      {"INST",
       Draw::graded,
       Teach::graded,
       {"-m", "INST(max_rel=4)", "-m", "INST(T=2,max_rel=4)", "-m", "INST(T=0.5,max_rel=4)"},
       {{"INST(max=4)", "", "INST(max_rel=4)"},
        {"INST(T=2,max=4)", "", "INST(T=2.0,max_rel=4)"},
        {"INST(T=0.5,max=4)", "", "INST(T=0.5,max_rel=4)"}}},
      {"Compat",
       Draw::compat,
       Teach::graded,
       {"-m", "Compat", "-m", "Compat(p=0.8)", "-m", "Compat(p=0.5,normalize=False)"},
       {{"Compat", "", "Compat"},
        {"Compat(p=0.8)", "", "Compat(p=0.8)"},
        {"Compat(p=0.5,normalize=no)", "", "Compat(p=0.5,normalize=False)"}}},
      // ndeval's diversity measures, from subtopic qrels (the iteration column is the subtopic).
      {"alpha-nDCG",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "alpha_nDCG@1", "-m", "alpha_nDCG@3", "-m", "alpha_nDCG@5", "-m", "alpha_nDCG@20",
        "-m", "alpha_nDCG(alpha=0.25)@5"},
       {{"alpha-nDCG@1", "", "alpha_nDCG@1"},
        {"alpha-nDCG@3", "", "alpha_nDCG@3"},
        {"alpha-nDCG@5", "", "alpha_nDCG@5"},
        {"alpha-nDCG@20", "", "alpha_nDCG@20"},
        {"alpha-nDCG(alpha=0.25)@5", "", "alpha_nDCG(alpha=0.25)@5"}}},
      {"alpha-DCG",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "alpha_DCG@1", "-m", "alpha_DCG@5", "-m", "alpha_DCG(alpha=0.75)@10"},
       {{"alpha-DCG@1", "", "alpha_DCG@1"},
        {"alpha-DCG@5", "", "alpha_DCG@5"},
        {"alpha-DCG(alpha=0.75)@10", "", "alpha_DCG(alpha=0.75)@10"}}},
      {"ERR-IA",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "ERR_IA@1", "-m", "ERR_IA@5", "-m", "ERR_IA(alpha=0.25)@20"},
       {{"ERR-IA@1", "", "ERR_IA@1"},
        {"ERR-IA@5", "", "ERR_IA@5"},
        {"ERR-IA(alpha=0.25)@20", "", "ERR_IA(alpha=0.25)@20"}}},
      {"nERR-IA",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "nERR_IA@1", "-m", "nERR_IA@5", "-m", "nERR_IA(alpha=0.75)@20"},
       {{"nERR-IA@1", "", "nERR_IA@1"},
        {"nERR-IA@5", "", "nERR_IA@5"},
        {"nERR-IA(alpha=0.75)@20", "", "nERR_IA(alpha=0.75)@20"}}},
      {"NRBP",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "NRBP", "-m", "NRBP(alpha=0.25,beta=0.8)"},
       {{"NRBP", "", "NRBP"}, {"NRBP(alpha=0.25,beta=0.8)", "", "NRBP(alpha=0.25,beta=0.8)"}}},
      {"nNRBP",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "nNRBP", "-m", "nNRBP(alpha=0.75,beta=0.25)"},
       {{"nNRBP", "", "nNRBP", Scope::nnrbp_no_subtopic},
        {"nNRBP(alpha=0.75,beta=0.25)", "", "nNRBP(alpha=0.75,beta=0.25)",
         Scope::nnrbp_no_subtopic}}},
      {"AP-IA", Draw::subtopics, Teach::subtopics, {"-m", "AP_IA"}, {{"AP-IA", "", "AP_IA"}}},
      {"P-IA",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "P_IA@1", "-m", "P_IA@5", "-m", "P_IA@20"},
       {{"P-IA@1", "", "P_IA@1"}, {"P-IA@5", "", "P_IA@5"}, {"P-IA@20", "", "P_IA@20"}}},
      {"S-recall",
       Draw::subtopics,
       Teach::subtopics,
       {"-m", "StRecall@1", "-m", "StRecall@3", "-m", "StRecall@20"},
       {{"S-recall@1", "", "StRecall@1"},
        {"S-recall@3", "", "StRecall@3"},
        {"S-recall@20", "", "StRecall@20"}}},
      // The set measures of a topic: TP = relevant retrieved, FP = the other retrieved, FN = the
      // relevant not retrieved (TN: the judged non-relevant not retrieved, which none of these
      // reads).
      {"confusion",
       Draw::binary,
       Teach::confusion,
       {"-m", "set_P", "-m", "set_recall", "-m", "set_F", "-m", "SetP", "-m", "SetR"},
       {{"confusion(value=precision)", "", "set_P"},
        {"confusion(value=recall)", "", "set_recall"},
        {"confusion(value=f1)", "", "set_F"},
        {"confusion(value=precision)", "", "SetP"},
        {"confusion(value=recall)", "", "SetR"}}},
      // trec_eval's set_F.x is (x + 1) P R / (x P + R): x is beta squared. ir_measures'
      // SetF(beta=x)
      // hands its beta to set_F as x (the TREC engine does the same), so F(beta=b) is set_F.b^2 and
      // SetF(beta=b^2): F(beta=0.5) is SetF(beta=0.25), F(alpha=0.1) (beta^2 = 0.9/0.1) set_F.9.
      {"F",
       Draw::binary,
       Teach::confusion,
       {"-m", "set_F.4", "-m", "SetF", "-m", "SetF(beta=0.25)", "-m", "SetF(beta=9)"},
       {{"F(beta=2)", "", "set_F_4"},
        {"F", "", "SetF"},
        {"F(beta=0.5)", "", "SetF(beta=0.25)"},
        {"F(beta=3)", "", "SetF(beta=9.0)"},
        {"F(alpha=0.1)", "", "SetF(beta=9.0)"}}},
      // The step area under the PR curve of a ranking is AP with R the relevant items listed:
      // trec_eval's map when every relevant document is retrieved. The ROC family reads a ranking
      // without its unjudged documents (it leaves them out) and has no notion of relevant
      // documents not retrieved, so the cases are drawn complete (Draw::complete).
      {"AUC-PR", Draw::complete, Teach::scored_ranking, {"-m", "map"}, {{"AUC-PR", "step", "map"}}},
      // The significance tests of two systems' per-topic scores, against compare/'s (irm/
      // compare.h): two-sided p.
      {"sign", Draw::paired, Teach::paired, {}, {{"sign", "p", "sign"}}},
      {"wilcoxon",
       Draw::paired,
       Teach::paired,
       {},
       {{"wilcoxon", "p", "wilcoxon"},
        {"wilcoxon(zero=pratt)", "p", "wilcoxon zero=pratt"},
        {"wilcoxon(method=normal)", "p", "wilcoxon method=normal"},
        {"wilcoxon(method=normal,correction=no)", "p", "wilcoxon method=normal correction=no"},
        {"wilcoxon(zero=pratt,method=normal)", "p", "wilcoxon zero=pratt method=normal"}}},
      {"ttest", Draw::paired, Teach::paired, {}, {{"ttest", "p", "ttest"}}},
      {"randomization", Draw::paired, Teach::paired, {}, {{"randomization", "p", "randomization"}}},
  };
  return table;
}

// How a measure declared with MeasureInfo::on_trec_files is drawn and taught: by what it reads.
std::optional<std::pair<Draw, Teach>> declared_draw(irm::InputKind input) {
  if (input == irm::InputKind::graded_list) return std::make_pair(Draw::graded, Teach::graded);
  if (input == irm::InputKind::ranked_list) return std::make_pair(Draw::binary, Teach::ranked);
  return std::nullopt;
}

// The families above, then one for each measure the registry declares the same on TREC files
// (MeasureInfo::on_trec_files): each pair a check, in one session.
const std::vector<Family>& families() {
  static const std::vector<Family> table = [] {
    std::vector<Family> all = mapped_here();
    for (const irm::MeasureInfo& info : irm::all_measures()) {
      const auto draw = declared_draw(info.input);
      if (info.on_trec_files.empty() || !draw) continue;
      Family family{info.name.c_str(), draw->first, draw->second, {}, {}};
      for (const auto& [teaching, trec] : info.on_trec_files) {
        family.args.insert(family.args.end(), {"-m", trec});
        family.checks.push_back(Check{teaching.c_str(), "", trec.c_str()});
      }
      all.push_back(std::move(family));
    }
    return all;
  }();
  return table;
}

// The registry's measures that the TREC engine (and compare/) does not compute.
struct TeachingOnly {
  const char* measure;
  const char* reason;
};
const std::vector<TeachingOnly>& teaching_only() {
  static const std::vector<TeachingOnly> table = {
      {"pool",
       "builds the pool of documents to judge from several runs: the TREC engine scores runs "
       "against given qrels and builds no pool (the scores pool gives each run are AP and bpref, "
       "mapped above)"},
      {"multiclass",
       "a k x k confusion matrix of class labels: no ranking, no TREC-file counterpart"},
      {"ROC", "a classifier's ROC curve (points, not a value): no TREC counterpart"},
      {"AUC", "area under the ROC curve: trec_eval and ir_measures compute none"},
      {"EER", "equal error rate of a classifier: no TREC counterpart"},
      {"kappa", "agreement between two judges: judges, not runs; no TREC counterpart"},
      {"fleiss", "agreement among many raters: no TREC counterpart"},
      {"krippendorff", "agreement among coders with missing judgments: no TREC counterpart"},
      {"tau",
       "Kendall's tau between two rankings of items: compare/ compares runs by significance "
       "tests, not by rank correlation"},
      {"tau_ap", "AP rank correlation between two rankings of items: no TREC counterpart"},
      {"spearman", "Spearman's rho between two rankings of items: no TREC counterpart"},
      {"pearson", "Pearson's r between two lines of values: no TREC counterpart"},
      {"rbo",
       "RBO between two ranked lists: Compat on TREC files is RBO against the ideal ranking"},
  };
  return table;
}

// Disagreements found: registry measures left out of the mapping because the two
// engines give different values on some input, each with its minimal example. None so far.
const std::vector<TeachingOnly>& disagreements() {
  static const std::vector<TeachingOnly> table = {};
  return table;
}

// ---- Random cases -------------------------------------------------------------------------------

constexpr int kAbsent = std::numeric_limits<int>::min();  // a document the qrels do not list

// mt19937's raw numbers are the same on every platform; its distributions are not.
int below(std::mt19937& g, int n) { return static_cast<int>(g() % static_cast<std::uint32_t>(n)); }
bool chance(std::mt19937& g, int percent) { return below(g, 100) < percent; }

struct QrelsLine {
  std::string docno;
  int subtopic = 0;
  int grade = 0;
};
struct RunLine {
  std::string docno;
  std::string score;   // as written
  double value = 0.0;  // as read
};
struct Topic {
  std::string id;
  std::vector<QrelsLine> qrels;  // in file order
  std::vector<RunLine> run;      // in file order
};

// A document of a topic's ranking, in trec_eval's order.
struct Ranked {
  std::string docno;
  std::string score;
  int grade = kAbsent;         // the qrels grade (the highest over subtopics), or kAbsent
  std::vector<int> subtopics;  // the subtopics it is relevant to (grade >= 1)
};
struct Unretrieved {
  std::string docno;
  int grade = 0;
  std::vector<int> subtopics;
};
struct TopicView {
  std::vector<Ranked> ranked;
  std::vector<Unretrieved> unretrieved;  // judged (grade >= 0 somewhere), in qrels order
  std::int64_t relevant = 0;             // R: grade >= level
  std::int64_t nonrelevant = 0;          // N: 0 <= grade < level
  std::int64_t relevant_subtopics = 0;   // S: subtopics with a relevant document
  int level = 1;                         // relevant: grade >= level
};

const char* const docnos[] = {"d1", "d2",  "d3",  "d9", "d10", "d11", "d20", "d100", "a",  "b",
                              "Bq", "z0",  "x5",  "y",  "d5",  "d4",  "d6",  "d7",   "d8", "d12",
                              "c",  "d13", "d14", "e9", "f",   "g1",  "h",   "i2",   "j",  "k"};
const char* const scores[] = {"0.25", "0.5", "1", "-2", "0.1", "0.75", "3", "0.5", "1"};

Topic draw_topic(std::mt19937& g, Draw draw, const std::string& id) {
  Topic t;
  t.id = id;
  // Mostly short topics (lists shorter than the cutoffs 5, 10 and 20), some up to 30 documents.
  const int candidates = chance(g, 80) ? 1 + below(g, 15) : 15 + below(g, 16);
  // No relevant document in about one topic of seven (never in a complete case: AUC-PR needs one).
  const bool none_relevant = draw != Draw::complete && chance(g, 15);
  const int subtopic_count = 1 + below(g, 4);
  std::vector<std::string> names(std::begin(docnos), std::end(docnos));
  for (std::size_t i = names.size(); i > 1; --i) {
    std::swap(names[i - 1], names[static_cast<std::size_t>(below(g, static_cast<int>(i)))]);
  }
  const int top_grade = draw == Draw::binary || draw == Draw::complete ? 2 : 4;
  for (int c = 0; c < candidates; ++c) {
    const std::string& docno = names[static_cast<std::size_t>(c)];
    const bool judged = draw == Draw::complete || chance(g, 70);
    bool retrieved = chance(g, 60);
    if (judged) {
      if (draw == Draw::subtopics) {
        bool any = false;
        for (int s = 1; s <= subtopic_count; ++s) {
          if (!chance(g, 50) && !(s == subtopic_count && !any)) continue;
          any = true;
          int grade = below(g, 3);  // 0, 1, 2 (2 counts as 1 in ndeval)
          if (chance(g, 5)) grade = -1;
          if (none_relevant) grade = std::min(grade, 0);
          t.qrels.push_back({docno, s, grade});
        }
      } else {
        int grade = below(g, top_grade + 1);
        if (draw != Draw::complete && chance(g, 10)) grade = -1;
        if (none_relevant) grade = std::min(grade, 0);
        t.qrels.push_back({docno, 0, grade});
        if (draw == Draw::complete && grade >= 1) retrieved = true;
      }
    }
    if (retrieved) {
      std::string score = scores[below(g, 9)];
      if (draw == Draw::compat && score == "-2") score = "2";
      t.run.push_back({docno, score, std::stod(score)});
    }
  }
  if (t.run.empty()) t.run.push_back({"e0", "0.5", 0.5});  // every topic retrieves something
  if (draw == Draw::complete) {
    // Every retrieved document judged, and at least one relevant.
    for (const RunLine& r : t.run) {
      if (std::none_of(t.qrels.begin(), t.qrels.end(),
                       [&](const QrelsLine& q) { return q.docno == r.docno; })) {
        t.qrels.push_back({r.docno, 0, 0});
      }
    }
    if (std::none_of(t.qrels.begin(), t.qrels.end(),
                     [](const QrelsLine& q) { return q.grade >= 1; })) {
      t.qrels.push_back({"e1", 0, 1});
      const std::string score = scores[below(g, 9)];
      t.run.push_back({"e1", score, std::stod(score)});
    }
  }
  if (t.qrels.empty()) t.qrels.push_back({"unseen", draw == Draw::subtopics ? 1 : 0, 0});
  // File order: shuffled.
  for (std::size_t i = t.run.size(); i > 1; --i) {
    std::swap(t.run[i - 1], t.run[static_cast<std::size_t>(below(g, static_cast<int>(i)))]);
  }
  for (std::size_t i = t.qrels.size(); i > 1; --i) {
    std::swap(t.qrels[i - 1], t.qrels[static_cast<std::size_t>(below(g, static_cast<int>(i)))]);
  }
  return t;
}

// trec_eval's order: score descending, then docno descending (byte order).
std::vector<RunLine> ranked_lines(const Topic& t) {
  std::vector<RunLine> lines = t.run;
  std::sort(lines.begin(), lines.end(), [](const RunLine& a, const RunLine& b) {
    return a.value != b.value ? a.value > b.value : a.docno > b.docno;
  });
  return lines;
}

TopicView view_of(const Topic& t, int level = 1) {
  TopicView v;
  // Each judged document once: its highest grade, and its relevant subtopics.
  std::vector<Unretrieved> judged;
  std::set<int> relevant_subtopics;
  for (const QrelsLine& line : t.qrels) {
    auto it = std::find_if(judged.begin(), judged.end(),
                           [&](const Unretrieved& u) { return u.docno == line.docno; });
    if (it == judged.end()) {
      judged.push_back({line.docno, line.grade, {}});
      it = judged.end() - 1;
    }
    it->grade = std::max(it->grade, line.grade);
    if (line.grade >= 1) {
      it->subtopics.push_back(line.subtopic);
      relevant_subtopics.insert(line.subtopic);
    }
  }
  for (Unretrieved& u : judged) std::sort(u.subtopics.begin(), u.subtopics.end());
  for (const Unretrieved& u : judged) {
    v.relevant += u.grade >= level ? 1 : 0;
    v.nonrelevant += u.grade >= 0 && u.grade < level ? 1 : 0;
  }
  v.level = level;
  v.relevant_subtopics = static_cast<std::int64_t>(relevant_subtopics.size());
  for (const RunLine& line : ranked_lines(t)) {
    Ranked r{line.docno, line.score, kAbsent, {}};
    for (const Unretrieved& u : judged) {
      if (u.docno == line.docno) {
        r.grade = u.grade;
        r.subtopics = u.subtopics;
      }
    }
    v.ranked.push_back(r);
  }
  for (const Unretrieved& u : judged) {
    const bool retrieved = std::any_of(v.ranked.begin(), v.ranked.end(),
                                       [&](const Ranked& r) { return r.docno == u.docno; });
    if (!retrieved && u.grade >= 0) v.unretrieved.push_back(u);
  }
  return v;
}

// Compat's ideal ranking breaks ties between documents of one grade by the run's score (0 for a
// document not retrieved), then by qrels order (ir_measures' rule, the TREC engine's); the
// teaching calculator, reading grades without scores, by the ranking's order, the retrieved
// before the unretrieved (cascade.cpp). They agree when every score is above 0 and the qrels
// list the retrieved documents in ranking order before the others: Draw::compat draws scores
// above 0, and this writes the qrels in that order.
void compat_order(Topic& t) {
  const std::vector<RunLine> order = ranked_lines(t);
  std::stable_sort(t.qrels.begin(), t.qrels.end(), [&](const QrelsLine& a, const QrelsLine& b) {
    const auto at = [&](const std::string& docno) {
      for (std::size_t i = 0; i < order.size(); ++i) {
        if (order[i].docno == docno) return i;
      }
      return order.size();
    };
    return at(a.docno) < at(b.docno);
  });
}

std::vector<Topic> draw_case(std::uint32_t seed, Draw draw, bool several) {
  std::mt19937 g(seed);
  // One topic for the measures of one topic (each case is one teaching input); two or three for
  // the means over topics.
  const int count = several ? 2 + below(g, 2) : 1;
  std::vector<Topic> topics;
  for (int i = 0; i < count; ++i) {
    topics.push_back(draw_topic(g, draw, "t" + std::to_string(i + 1)));
    if (draw == Draw::compat) compat_order(topics.back());
  }
  return topics;
}

std::string qrels_text(const std::vector<Topic>& topics) {
  std::string out;
  for (const Topic& t : topics) {
    for (const QrelsLine& q : t.qrels) {
      out += t.id + " " + std::to_string(q.subtopic) + " " + q.docno + " " +
             std::to_string(q.grade) + "\n";
    }
  }
  return out;
}

std::string run_text(const std::vector<Topic>& topics) {
  std::string out;
  for (const Topic& t : topics) {
    int rank = 1;
    for (const RunLine& r : t.run) {
      out += t.id + " Q0 " + r.docno + " " + std::to_string(rank++) + " " + r.score + " run\n";
    }
  }
  return out;
}

// ---- The teaching calculator's inputs -----------------------------------------------------------

bool relevant(int grade, int level) { return grade != kAbsent && grade >= level; }
int gain(int grade) { return grade == kAbsent || grade < 0 ? 0 : grade; }

std::string marks(const TopicView& v) {
  std::string out;
  for (const Ranked& r : v.ranked) {
    out += out.empty() ? "" : " ";
    out += r.grade == kAbsent || r.grade < 0 ? "U" : relevant(r.grade, v.level) ? "R" : "N";
  }
  return out;
}

std::string ranked_input(const TopicView& v) {
  return "relevant=" + std::to_string(v.relevant) +
         " nonrelevant=" + std::to_string(v.nonrelevant) + "\n" + marks(v);
}

std::string unretrieved_line(const TopicView& v) {
  std::string out;
  for (const Unretrieved& u : v.unretrieved) out += " " + std::to_string(u.grade);
  return out.empty() ? "" : "\nunretrieved:" + out;
}

std::string graded_input(const TopicView& v) {
  std::string out;
  for (const Ranked& r : v.ranked) out += (out.empty() ? "" : " ") + std::to_string(gain(r.grade));
  return out + unretrieved_line(v);
}

std::string graded_scores_input(const TopicView& v) {
  std::string grades;
  std::string values;
  for (const Ranked& r : v.ranked) {
    grades += (grades.empty() ? "" : ", ") + std::to_string(gain(r.grade));
    values += (values.empty() ? "" : ", ") + r.score;
  }
  return "true_relevance = [" + grades + "]\nscores = [" + values + "]" + unretrieved_line(v);
}

std::string covered(const std::string& docno, const std::vector<int>& subtopics) {
  std::string out = docno + ":";
  if (subtopics.empty()) return out + " -";
  for (const int s : subtopics) out += " " + std::to_string(s);
  return out;
}

std::string subtopics_input(const TopicView& v) {
  std::string out;
  for (const Ranked& r : v.ranked) {
    out += (out.empty() ? "" : " | ") + covered(r.docno, r.subtopics);
  }
  std::string missed;
  for (const Unretrieved& u : v.unretrieved) {
    if (!u.subtopics.empty()) {
      missed += (missed.empty() ? "" : " | ") + covered(u.docno, u.subtopics);
    }
  }
  return missed.empty() ? out : out + "\nunretrieved: " + missed;
}

std::string confusion_input(const TopicView& v) {
  std::int64_t tp = 0;
  std::int64_t nonrelevant_retrieved = 0;
  for (const Ranked& r : v.ranked) {
    tp += relevant(r.grade, v.level) ? 1 : 0;
    nonrelevant_retrieved += r.grade >= 0 && !relevant(r.grade, v.level) ? 1 : 0;
  }
  const auto retrieved = static_cast<std::int64_t>(v.ranked.size());
  return "tp=" + std::to_string(tp) + " fp=" + std::to_string(retrieved - tp) +
         " fn=" + std::to_string(v.relevant - tp) +
         " tn=" + std::to_string(v.nonrelevant - nonrelevant_retrieved);
}

std::string teaching_input(Teach teach, const TopicView& v) {
  switch (teach) {
    case Teach::ranked:
      return ranked_input(v);
    case Teach::graded:
      return graded_input(v);
    case Teach::graded_scores:
      return graded_scores_input(v);
    case Teach::subtopics:
      return subtopics_input(v);
    case Teach::confusion:
      return confusion_input(v);
    case Teach::scored_ranking:
      return marks(v);
    default:
      break;
  }
  return "";
}

std::string queries_input(Teach teach, const std::vector<Topic>& topics,
                          const std::vector<TopicView>& views) {
  std::string out;
  for (std::size_t i = 0; i < topics.size(); ++i) {
    out += out.empty() ? "" : "\n\n";
    if (teach == Teach::queries_ranked) {
      out += topics[i].id + " " + ranked_input(views[i]);
    } else {
      out += topics[i].id + ":\n" + graded_input(views[i]);
    }
  }
  return out;
}

// ---- Comparing ----------------------------------------------------------------------------------

double number_value(const irm::Number& n) { return n.exact ? irm::to_double(*n.exact) : n.approx; }

// The teaching calculator's value of `check` on `input`, or its error's message. The outcomes of
// one case are kept in `cache`: several checks read one outcome (its value and its values).
struct Taught {
  bool ok = false;
  double value = 0.0;
  std::string error;
};
using Outcomes = std::map<std::string, irm::Result<irm::Outcome>>;
Taught teach_value(const Check& check, const std::string& input, Outcomes& cache) {
  const std::string id = std::string(check.teaching) + "\n" + input;
  auto found = cache.find(id);
  if (found == cache.end()) {
    found = cache.emplace(id, irm::compute(check.teaching, input, {})).first;
  }
  const irm::Result<irm::Outcome>& r = found->second;
  Taught out;
  if (!r.ok()) {
    out.error = r.error().message;
    return out;
  }
  if (*check.key == '\0') {
    out.ok = true;
    out.value = number_value(r.value().value);
    return out;
  }
  for (const auto& [key, number] : r.value().values) {
    if (key == check.key) {
      out.ok = true;
      out.value = number_value(number);
      return out;
    }
  }
  out.error = std::string("no value named ") + check.key;
  return out;
}

constexpr double kTolerance = 1e-12;

struct Tally {
  int cases = 0;
  int comparisons = 0;
  std::vector<std::string> mismatches;
  void mismatch(const std::string& what) {
    if (mismatches.size() < 3) mismatches.push_back(what);
    ++failures;
  }
  int failures = 0;
};

std::string show(double x) {
  std::ostringstream s;
  s.precision(17);
  s << x;
  return s.str();
}

std::size_t slot_of(const irm::TrecSession& s, const std::string& name) {
  const auto& slots = s.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return i;
  }
  return slots.size();
}

void compare_one(Tally& tally, Outcomes& cache, const Check& check, const std::string& input,
                 double trec, const std::string& where, const TopicView* v) {
  ++tally.comparisons;
  const Taught taught = teach_value(check, input, cache);
  const std::string what = where + "\n" + check.teaching + (*check.key ? "[" : "") + check.key +
                           (*check.key ? "]" : "") + " on:\n" + input + "\nagainst " + check.trec +
                           " = " + show(trec);
  if (!taught.ok) {
    tally.mismatch(what + "\nteaching error: " + taught.error);
    return;
  }
  if (check.scope == Scope::nnrbp_no_subtopic && v != nullptr && v->relevant_subtopics == 0) {
    // ndeval's 0/0 (NaN) against the teaching calculator's 0: see Scope.
    if (!(std::isnan(trec) && taught.value == 0.0)) {
      tally.mismatch(what + "\nexpected NaN and 0 (no relevant subtopic), teaching " +
                     show(taught.value));
    }
    return;
  }
  if (!(std::fabs(taught.value - trec) <= kTolerance)) {
    tally.mismatch(what + "\nteaching " + show(taught.value) + ", TREC engine " + show(trec));
  }
}

bool unjudged_retrieved(const TopicView& v) {
  return std::any_of(v.ranked.begin(), v.ranked.end(),
                     [](const Ranked& r) { return r.grade == kAbsent || r.grade < 0; });
}

void run_trec_case(Tally& tally, const Family& family, std::uint32_t seed) {
  const bool several =
      family.teach == Teach::queries_ranked || family.teach == Teach::queries_graded;
  const std::vector<Topic> topics = draw_case(seed, family.draw, several);
  const std::string qrels = qrels_text(topics);
  const std::string run = run_text(topics);
  const std::string where = "seed " + std::to_string(seed) + "\nqrels:\n" + qrels + "run:\n" + run;
  irm::TrecSession s;
  if (auto e = s.configure(family.args)) {
    tally.mismatch(where + "\nconfigure: " + e->message);
    return;
  }
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels);
  if (auto e = s.end_qrels()) return tally.mismatch(where + "\nqrels: " + e->message);
  if (auto e = s.begin_run("run.txt")) return tally.mismatch(where + "\nrun: " + e->message);
  if (auto e = s.feed_run(run)) return tally.mismatch(where + "\nrun: " + e->message);
  if (auto e = s.end_run()) return tally.mismatch(where + "\nrun: " + e->message);
  const irm::TrecRunResult& result = s.runs().at(0);
  std::vector<std::string> ids;
  for (const Topic& t : topics) ids.push_back(t.id);
  if (result.topics != ids) {
    return tally.mismatch(where + "\nthe TREC engine evaluated other topics");
  }
  ++tally.cases;
  // Each topic's view and teaching input, once.
  std::vector<TopicView> views;
  std::vector<std::string> inputs;
  for (const Topic& t : topics) {
    views.push_back(view_of(t, family.level));
    if (!several) inputs.push_back(teaching_input(family.teach, views.back()));
  }
  const std::string all = several ? queries_input(family.teach, topics, views) : "";
  Outcomes cache;
  for (const Check& check : family.checks) {
    const std::size_t slot = slot_of(s, check.trec);
    if (slot == s.slots().size()) {
      return tally.mismatch(std::string("no line named ") + check.trec + " among the TREC lines");
    }
    if (several) {
      compare_one(tally, cache, check, all, result.summary.at(slot), where, nullptr);
      continue;
    }
    for (std::size_t t = 0; t < topics.size(); ++t) {
      if (check.scope == Scope::residual_without_unjudged && unjudged_retrieved(views[t])) {
        continue;
      }
      compare_one(tally, cache, check, inputs[t], result.values.at(t).at(slot),
                  where + "\ntopic " + topics[t].id, &views[t]);
    }
  }
}

// ---- The significance tests against compare/ ---------------------------------------------------

irm::CompareOptions compare_options(const std::string& test) {
  irm::CompareOptions o;
  const auto has = [&](const char* word) { return test.find(word) != std::string::npos; };
  o.test = has("wilcoxon")        ? irm::CompareTest::wilcoxon
           : has("sign")          ? irm::CompareTest::sign
           : has("randomization") ? irm::CompareTest::randomization
                                  : irm::CompareTest::ttest;
  o.wilcoxon_pratt = has("zero=pratt");
  o.wilcoxon_exact = !has("method=normal");
  o.wilcoxon_continuity = !has("correction=no");
  return o;
}

void run_paired_case(Tally& tally, const Family& family, std::uint32_t seed) {
  std::mt19937 g(seed);
  // At most 15 topics for randomization, whose two engines enumerate every sign assignment up to
  // 2^20 (above, each samples its own way); up to 25 for the others.
  const int n = 2 + below(g, family.measure == std::string("randomization") ? 14 : 24);
  std::vector<double> x;
  std::vector<double> y;
  std::vector<std::string> topics;
  std::string input;
  const bool all_ties = chance(g, 5);
  const int spread = 1 + below(g, 20);
  for (int i = 0; i < n; ++i) {
    // Scores k/20: equal differences and zero differences are frequent.
    const int a = below(g, 21);
    int b = std::max(0, std::min(20, a + below(g, 2 * spread + 1) - spread));
    if (all_ties || chance(g, 15)) b = a;
    const auto decimal = [](int k) {
      return std::to_string(k / 20) + "." + (k % 20 * 5 < 10 ? "0" : "") +
             std::to_string(k % 20 * 5);
    };
    topics.push_back("t" + std::to_string(i + 1));
    x.push_back(std::stod(decimal(a)));
    y.push_back(std::stod(decimal(b)));
    input += topics.back() + " " + decimal(a) + " " + decimal(b) + "\n";
  }
  ++tally.cases;
  irm::CompareInput in;
  in.runs = {"x", "y"};
  in.topics = topics;
  in.scores = {{"m", {x, y}}};
  // Every difference equal (as exact decimals: the scores are k/20), and every difference 0.
  bool all_equal = true;
  for (std::size_t i = 1; i < x.size(); ++i) {
    all_equal = all_equal && std::fabs((x[i] - y[i]) - (x[0] - y[0])) < 1e-9;
  }
  const bool all_zero = all_equal && x[0] == y[0];
  Outcomes cache;
  for (const Check& check : family.checks) {
    ++tally.comparisons;
    const auto compared = irm::compare_runs(in, compare_options(check.trec));
    const Taught taught = teach_value(check, input, cache);
    const std::string what = "seed " + std::to_string(seed) + "\n" + check.teaching + " on:\n" +
                             input + "against compare/ " + check.trec;
    if (!taught.ok) {
      // The paired t-test of differences that are all equal divides by a standard deviation of
      // 0: both refuse it, except that compare/ gives p = 1 when every difference is 0 (the runs
      // agree on every topic; irm/compare.h), where the calculator still refuses.
      if (all_zero && compared.ok() && compared.value().comparisons.at(0).p == 1.0) continue;
      if (all_equal && !all_zero && !compared.ok()) continue;
      tally.mismatch(what + " = " + show(compared.value().comparisons.at(0).p) +
                     "\nteaching error: " + taught.error);
      continue;
    }
    if (!compared.ok()) {
      tally.mismatch(what + ": error " + compared.error().message + "\nteaching " +
                     show(taught.value));
      continue;
    }
    const double p = compared.value().comparisons.at(0).p;
    if (!(std::fabs(taught.value - p) <= kTolerance)) {
      tally.mismatch(what + "\nteaching " + show(taught.value) + ", compare/ " + show(p));
    }
  }
}

constexpr std::uint32_t kCases = 200;

const Family* first_entry(const std::string& measure) {
  for (const Family& f : families()) {
    if (measure == f.measure) return &f;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("cross-engine: every registry measure is mapped or listed as teaching only",
          "[cross-engine]") {
  std::set<std::string> registry;
  for (const irm::MeasureInfo& info : irm::all_measures()) {
    registry.insert(info.name);
    INFO("registry measure " << info.name);
    int placed = first_entry(info.name) != nullptr ? 1 : 0;
    for (const TeachingOnly& t : teaching_only()) placed += info.name == t.measure ? 1 : 0;
    for (const TeachingOnly& t : disagreements()) placed += info.name == t.measure ? 1 : 0;
    // Exactly one list: mapped (cross-engine), teaching only, or a disagreement found.
    CHECK(placed == 1);
  }
  // A measure declared the same on TREC files is mapped there only, and reads an input the
  // declared families know how to draw.
  for (const irm::MeasureInfo& info : irm::all_measures()) {
    if (info.on_trec_files.empty()) continue;
    INFO("registry measure " << info.name << " declares on_trec_files");
    CHECK(declared_draw(info.input).has_value());
    for (const Family& f : mapped_here()) CHECK(info.name != f.measure);
  }
  // No entry names a measure the registry does not have (a renamed measure must move too).
  for (const Family& f : families()) CHECK(registry.count(f.measure) == 1);
  for (const TeachingOnly& t : teaching_only()) CHECK(registry.count(t.measure) == 1);
  for (const TeachingOnly& t : disagreements()) CHECK(registry.count(t.measure) == 1);
  // Every check of a family computes that family's measure (or a mean over it).
  for (const Family& f : families()) {
    for (const Check& c : f.checks) {
      INFO(f.measure << ": " << c.teaching);
      const auto call = irm::parse_measure_name(c.teaching);
      REQUIRE(call.ok());
      CHECK(call.value().info->name == f.measure);
    }
  }
}

TEST_CASE("cross-engine: each family both engines compute gives equal values on random inputs",
          "[cross-engine]") {
  for (const irm::MeasureInfo& info : irm::all_measures()) {
    if (first_entry(info.name) == nullptr) continue;
    DYNAMIC_SECTION(info.name) {
      for (const Family& family : families()) {
        if (info.name != family.measure) continue;
        Tally tally;
        for (std::uint32_t seed = 1; seed <= kCases; ++seed) {
          if (family.draw == Draw::paired) {
            run_paired_case(tally, family, seed);
          } else {
            run_trec_case(tally, family, seed);
          }
        }
        INFO(family.measure << " (" << family.checks.front().teaching
                            << " ...): " << tally.comparisons << " comparisons, " << tally.failures
                            << " differ");
        for (const std::string& m : tally.mismatches) FAIL_CHECK(m);
        CHECK(tally.failures == 0);
        CHECK(tally.cases == static_cast<int>(kCases));
      }
    }
  }
}

TEST_CASE("cross-engine: the random cases reach the cases that differ between conventions",
          "[cross-engine]") {
  int no_relevant = 0;
  int shorter_than_5 = 0;
  int tied_scores = 0;
  int unjudged = 0;
  int relevant_missed = 0;
  int graded_above_1 = 0;
  int topics = 0;
  for (std::uint32_t seed = 1; seed <= kCases; ++seed) {
    for (const Draw draw : {Draw::binary, Draw::graded}) {
      for (const Topic& t : draw_case(seed, draw, false)) {
        const TopicView v = view_of(t);
        ++topics;
        no_relevant += v.relevant == 0 ? 1 : 0;
        shorter_than_5 += v.ranked.size() < 5 ? 1 : 0;
        unjudged += unjudged_retrieved(v) ? 1 : 0;
        bool tie = false;
        for (std::size_t i = 1; i < v.ranked.size(); ++i) {
          tie = tie || v.ranked[i].score == v.ranked[i - 1].score;
        }
        tied_scores += tie ? 1 : 0;
        relevant_missed += std::any_of(v.unretrieved.begin(), v.unretrieved.end(),
                                       [](const Unretrieved& u) { return u.grade >= 1; })
                               ? 1
                               : 0;
        graded_above_1 += std::any_of(v.ranked.begin(), v.ranked.end(),
                                      [](const Ranked& r) { return r.grade >= 2; })
                              ? 1
                              : 0;
      }
    }
  }
  // Subtopics: topics with no relevant subtopic (S = 0), documents covering several subtopics,
  // relevant documents not retrieved (in the ideal ranking only).
  int no_subtopic = 0;
  int several_subtopics = 0;
  int subtopic_topics = 0;
  for (std::uint32_t seed = 1; seed <= kCases; ++seed) {
    for (const Topic& t : draw_case(seed, Draw::subtopics, false)) {
      const TopicView v = view_of(t);
      ++subtopic_topics;
      no_subtopic += v.relevant_subtopics == 0 ? 1 : 0;
      several_subtopics += std::any_of(v.ranked.begin(), v.ranked.end(),
                                       [](const Ranked& r) { return r.subtopics.size() >= 2; })
                               ? 1
                               : 0;
      relevant_missed += std::any_of(v.unretrieved.begin(), v.unretrieved.end(),
                                     [](const Unretrieved& u) { return !u.subtopics.empty(); })
                             ? 1
                             : 0;
    }
  }
  CHECK(no_subtopic > subtopic_topics / 20);
  CHECK(several_subtopics > subtopic_topics / 5);
  INFO(topics << " topics");
  CHECK(no_relevant > topics / 20);
  CHECK(shorter_than_5 > topics / 10);
  CHECK(tied_scores > topics / 5);
  CHECK(unjudged > topics / 5);
  CHECK(relevant_missed > topics / 5);
  CHECK(graded_above_1 > topics / 5);
}
