// ir_measures' measure names on TREC files: `AP`, `P@10`, `nDCG(dcg=exp-log2)@20`, `RBP(p=0.9)`,
// `P(rel=2,judged_only=True)@5`, … (the grammar of the Python package ir_measures, by Sean
// MacAvaney, Craig Macdonald and Iadh Ounis: Name(param=value,…)@cutoff). Each is read into a
// request for the trec_eval engine: most are trec_eval measures under another name (AP@10 is
// map_cut.10), the others are computed in the file of their measure family, beside the teaching
// code (RR@k in measures/reciprocal_rank.cpp; ERR@k and nDCG(dcg=exp-log2)@k as gdeval.pl
// computes them, RBP and its residual, Compat, INST, SDCG in measures/cascade.cpp and
// measures/dcg.cpp; the diversity measures in measures/ndeval.cpp), or here (Judged@k, NumQ).
//
// Each name is declared by its family, at the end of the family's file (trec/ir_spec.h says
// how); trec/irmeasures.cpp reads every name the same way by those declarations.
//
// A measure with rel= sees the run at that relevance level, and one with judged_only= with or
// without the unjudged documents, whatever -l and -J say for the others (a plan "view").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "irm/result.h"

namespace irm {
struct TrecPlan;
}

namespace irm::trec {

struct MeasureDef;
class TopicNeed;

/// How a family declares one of ir_measures' measures (trec/ir_spec.h).
struct IrMeasureSpec;

/// One ir_measures name as read, with what it leaves out filled in: rel from -l, judged_only
/// from -J (for the measures that take them), ir_measures' defaults for the rest.
struct IrMeasure {
  const IrMeasureSpec* spec = nullptr;        // which measure, as its family declares it
  std::string canonical;                      // ir_measures' spelling: nDCG(dcg='exp-log2')@10
  std::optional<std::int64_t> cutoff;         // @k
  double recall = 0.0;                        // IPrec@r
  std::optional<int> rel;                     // the relevance level; none: graded (RBP) or not used
  bool judged_only = false;                   // unjudged documents left out of this measure's list
  bool exp_log2 = false;                      // nDCG(dcg=exp-log2): gdeval's nDCG
  std::vector<std::pair<int, double>> gains;  // nDCG(gains={grade:gain,…})
  bool relative = false;                      // SetP(relative=True)
  double beta = 1.0;                          // SetF (1), NRBP and nNRBP (0.5: ndeval's)
  double alpha = 0.5;                         // the diversity measures' redundancy penalty
  double p = 0.8;                             // RBP's persistence (0.8), Compat's (0.95)
  bool normalize = true;                      // Compat
  double t = 1.0;                             // INST's T, the gain the user wants
  int min_rel = 0;                            // INST, SDCG: the grades min_rel..max_rel are
  std::optional<int> max_rel;                 //   the gains 0..1 (max_rel= has no default)
};

/// Whether `text` (an -m value) is meant as an ir_measures name: it names one of its measures
/// (or an alias such as MAP), or has '(' or '@'. trec_eval's names are looked up first.
[[nodiscard]] bool looks_like_ir_measure(std::string_view text);

/// Reads an ir_measures name. `level` and `judged_only` are -l and -J, the defaults of rel=
/// and judged_only=. Errors (Field::options) name the column of the -m value and what was
/// expected there.
[[nodiscard]] Result<IrMeasure> parse_ir_measure(std::string_view text, int level,
                                                 bool judged_only);

/// Adds ir_measures' names to the plan, in the order given, each once: a request of the
/// trec_eval measure it names (AP@10 is map_cut.10) or of one its family computes, seeing the
/// run through the view its rel= and judged_only= ask for (`level`: -l, for the others).
void add_ir_measures(const std::vector<IrMeasure>& measures, int level, TrecPlan& plan);

/// Python's repr of a float, as ir_measures prints parameters: 0.9, 2.0, 1e-05.
[[nodiscard]] std::string python_float(double value);

/// Measures with no trec_eval counterpart, computed in their family's file beside the teaching
/// code of the same measure (the engine's ties, trec/tie_policy.cpp, knows some of them).
const MeasureDef& ir_rr_cut_def();    // reciprocal_rank.cpp: RR@k
const MeasureDef& ir_err_def();       // cascade.cpp
const MeasureDef& ir_rbp_def();       // cascade.cpp; two slots: RBP and its residual
const MeasureDef& ir_compat_def();    // cascade.cpp
const MeasureDef& ir_inst_def();      // cascade.cpp
const MeasureDef& ir_sdcg_def();      // cascade.cpp
const MeasureDef& ir_ndcg_exp_def();  // dcg.cpp

/// gdeval.pl's largest grade: its gains are (2^g - 1) for g up to 4, ERR's divided by 2^4.
inline constexpr int gdeval_max_grade = 4;

/// gdeval.pl 1.3's grade of a ranked document: its qrels grade when above 0, else 0 (not in the
/// qrels, negative, 0), and at most 4.
[[nodiscard]] constexpr int gdeval_grade(int grade) {
  return grade > 0 ? (grade < gdeval_max_grade ? grade : gdeval_max_grade) : 0;
}

/// What ERR@k and nDCG(dcg=exp-log2)@k share once per topic (measures/cascade.cpp): the warning
/// that the qrels have grades above gdeval's 4. One kind of TopicNeed for both.
std::unique_ptr<TopicNeed> make_gdeval_need(const TrecPlan& plan);

}  // namespace irm::trec
