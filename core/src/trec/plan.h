// The measures of a trec_eval evaluation, as a plan: which measures, with which parameters, into
// which printed slots; and what one topic gives them to work on. See irm/trec_eval.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "irm/trec_eval.h"
#include "trec/prefs.h"

namespace irm::diversity {
struct TopicScores;
}

namespace irm::trec {

/// A judged grade of a topic and how many documents have it. Gains default to the grade.
struct GradeCount {
  int grade = 0;
  std::int64_t count = 0;
};

/// What the qrels say about one topic, worked out once and shared by every run.
struct TopicJudged {
  std::vector<GradeCount> grades;  // judged grades (>= 0) present, ascending
  std::int64_t relevant = 0;       // documents with grade >= level
  std::int64_t nonrelevant = 0;    // judged documents with 0 <= grade < level
};

/// One topic of one run, ready for the measures.
struct Topic {
  const std::vector<int>* grades = nullptr;  // per rank; -1 not in the qrels, -2 negative grade
  const TopicJudged* judged = nullptr;
  std::int64_t num_ret = 0;
  std::int64_t num_rel = 0;
  std::int64_t num_rel_ret = 0;
  int level = 1;
  Compat compat = Compat::current;
  std::int64_t collection_size = 0;
  // The run's documents of this topic were all left out (-J, -M 0): trec_eval's interpolated
  // precision then divides 0 by 0 and prints -nan. A -c topic the run lacks is emptied only by
  // -J or -M 0 (trec_eval ranks one document not in the qrels for it). False with --nan-as-zero.
  bool emptied = false;
  // -R prefs / qrels_prefs: the topic's preferences counted against the ranking; -R qrels_jg:
  // the ranking as each judgment group judges it. Null in the other formats.
  const TopicPrefs* prefs = nullptr;
  const std::vector<GroupRanking>* groups = nullptr;
  // Compat (ir_measures): each retrieved document graded above 0 as (its rank, its place in the
  // ideal ranking), 0-based, and the ideal ranking's length. Null unless Compat is planned.
  const std::vector<std::pair<std::int64_t, std::int64_t>>* compat_pairs = nullptr;
  std::int64_t compat_ideal = 0;
  // The diversity measures' scores of the topic, one per TrecPlan::diversity entry; null when
  // none is planned.
  const std::vector<diversity::TopicScores>* diversity = nullptr;
};

/// The kind of parameters a measure takes after its name's '.'.
enum class Params { none, long_cutoffs, double_cutoffs, double_params, gain_pairs };

struct Requested;

/// One trec_eval measure: its name, parameters, how it prints and sums, and how it is computed
/// for one topic (writing its slots' values, and the text of relstring).
struct MeasureDef {
  const char* name;
  Params params;
  const char* defaults;  // default parameters in -m form ("" when none)
  TrecKind kind;
  TrecSummary summary;
  bool per_query;
  const char* help;
  void (*compute)(const Topic& topic, const Requested& request, double* out, std::string* text);
};

/// A measure as requested: its parameters read, and where its values go.
struct Requested {
  const MeasureDef* def = nullptr;
  std::vector<std::int64_t> cutoffs;          // Params::long_cutoffs, ascending
  std::vector<double> values;                 // double cutoffs (ascending) or double params
  std::vector<std::pair<int, double>> gains;  // Params::gain_pairs: grade -> gain
  std::size_t first_slot = 0;
  std::size_t slot_count = 0;
  std::size_t view = 0;  // which of the plan's views of the run it sees (TrecPlan::views)
  bool binary = false;   // RBP(rel=N): gain 1 at grade >= N, else 0 (graded without rel=)
};

}  // namespace irm::trec

namespace irm {

/// The qrels' topics as the measures see them, at the session's relevance level.
struct TrecJudged {
  std::unordered_map<std::string_view, trec::TopicJudged> by_topic;
};

/// What one topic of a preference or judgment-group evaluation works on, reused topic to topic.
struct TrecGroupScratch {
  std::vector<std::string_view> docnos;
  trec::TopicPrefs prefs;
  std::vector<trec::GroupRanking> groups;
};

struct TrecPlan {
  // How a measure sees a topic's ranked list: relevant at grade >= level, and with or without the
  // unjudged documents. View 0 is -l and -J's; an ir_measures name with rel= or judged_only= that
  // differ adds its own.
  struct View {
    int level = 1;
    bool judged_only = false;
  };
  std::vector<View> views{View{}};
  std::vector<trec::Requested> measures;  // trec_eval's in its order, then ir_measures' as given
  std::vector<TrecSlot> slots;
  bool gdeval = false;  // ERR@k or nDCG(dcg=exp-log2)@k: grades above 4 are read as 4
  bool compat = false;  // Compat: the session finds each document's place in the ideal ranking
  bool wants_relstring = false;
  bool wants_pairs = false;  // prefs_pair, prefs_pair_ret or prefs_pair_imp
  // Diversity measures: each distinct (alpha, beta, relevance level) evaluated once per topic
  // at the union of its measures' cutoffs (measures/ndeval.h); a measure's Requested::values are
  // {index here, which value}.
  struct Diversity {
    double alpha = 0.5;
    double beta = 0.5;
    int level = 1;
    std::vector<int> cutoffs;
    bool whole = false;  // NRBP, nNRBP or AP_IA asked: the whole ranking is read, not the top k
  };
  std::vector<Diversity> diversity;
  // --ties average|bounds: the measures they cover (indexes into `measures`), and for bounds
  // each covered slot with the slots of its lowest and highest value (added after the others).
  struct TieSlot {
    std::size_t slot = 0;
    std::size_t low = 0;
    std::size_t high = 0;
  };
  std::vector<std::size_t> tie_measures;
  std::vector<TieSlot> tie_bounds;
  std::vector<std::string> warnings;  // parameters read loosely, as trec_eval reads them
};

namespace trec {

/// The table of measures in trec_eval's order.
const std::vector<MeasureDef>& measure_table();

/// Builds the plan for -m values (empty: official); --compat 9 has 9.0.8's measures. Without
/// `strict`, parameters trec_eval reads loosely are read so, with a warning. Errors name the -m
/// value. A value that is no trec_eval name is read as an ir_measures name (trec/irmeasures.h),
/// its rel= and judged_only= defaulting to `level` and `judged_only` (-l and -J).
Result<TrecPlan> make_plan(const std::vector<std::string>& measure_args, Compat compat, bool strict,
                           RelFormat format = RelFormat::qrels, int level = 1,
                           bool judged_only = false);

/// The judgment format a measure needs: prefs_* prefs (or qrels_prefs), *_avgjg qrels_jg, the
/// rest qrels; runid and num_q any (empty).
std::optional<RelFormat> format_needed(std::string_view measure);

/// Computes the planned measures of one view for one topic: `out` has one value per slot.
void evaluate_topic(const TrecPlan& plan, const Topic& topic, double* out, std::string* relstring,
                    std::size_t view = 0);

}  // namespace trec
}  // namespace irm
