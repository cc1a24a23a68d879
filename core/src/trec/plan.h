// The measures of a trec_eval evaluation, as a plan: which measures, with which parameters, into
// which printed slots; and what one topic gives them to work on. See irm/trec_eval.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "irm/trec_eval.h"

namespace irm::diversity {
struct SubtopicQrels;
}

namespace irm {
struct TrecJudged;
struct TrecPlan;
}  // namespace irm

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

/// What the session has of one topic of a run, for the families' TopicNeed.
struct TopicRun {
  std::string_view topic;
  const TopicJudgments* judgments = nullptr;  // the qrels' (none in -R prefs and qrels_jg)
  // The ranking as the measures see it (in rank order, after -M and -J): each document's index
  // among `judgments`' (-1: not in the qrels), when a need reads_ranking().
  const std::vector<std::int32_t>* ranking = nullptr;
  // The same documents' grades, as the measures read them (-1: not in the qrels, -2: a negative
  // grade).
  const std::vector<int>* grades = nullptr;
  // Under -J, each document of `ranking` by its place in `top` (null: the same place), when a
  // need reads_scores().
  const std::vector<std::int32_t>* in_top = nullptr;
  const std::vector<ScoredDoc*>* top = nullptr;  // in rank order, after -M, before -J
  const std::vector<ScoredDoc>* docs = nullptr;  // every document of the topic, in file order
  // -R prefs, qrels_prefs, qrels_jg: the topic's lines of the judgments file; null with qrels.
  const std::vector<GroupJudgment>* group_lines = nullptr;
  const TrecOptions* options = nullptr;
  std::string_view qrels_file;
  // -M without --strict (trec_eval reads only each topic's first M documents): checks that the
  // documents of `order` are each given once, recording the error; false: stop. Empty when the
  // documents were checked as they were read.
  std::function<bool(const std::vector<const ScoredDoc*>& order)> first_m_once;

  /// The run's score of the i-th document of `ranking` (a need that reads_scores()).
  [[nodiscard]] double score(std::size_t i) const {
    return (*top)[in_top ? static_cast<std::size_t>((*in_top)[i]) : i]->score;
  }
};

/// What a measure family works out once per topic for all its requests, beyond the graded list
/// every measure reads: Compat's ideal ranking, the diversity measures' scores. A MeasureDef
/// names its kind (MeasureDef::need); the plan lists each kind once (TrecPlan::needs), and the
/// session keeps one of each, which it hands every topic before the measures run. The session
/// knows nothing of what a family needs: it calls these in this order.
class TopicNeed {
 public:
  TopicNeed() = default;
  TopicNeed(const TopicNeed&) = delete;
  TopicNeed& operator=(const TopicNeed&) = delete;
  virtual ~TopicNeed() = default;
  /// Once configured: warnings about the options, for the family's measures.
  virtual void configured(const TrecOptions& /*options*/, std::vector<std::string>& /*warnings*/) {}
  /// Subtopic qrels to fill while the qrels are read (the qrels then give a document its highest
  /// grade for the other measures), or null. One family of a plan at most asks for them.
  virtual diversity::SubtopicQrels* subtopics() { return nullptr; }
  /// Once the qrels are read and judged at the session's level: warnings about them.
  virtual void qrels_read(const Qrels& /*qrels*/, const TrecJudged& /*judged*/,
                          std::vector<std::string>& /*warnings*/) {}
  /// Whether it reads TopicRun::ranking (filled for it alone: a write per document of every
  /// topic), and TopicRun::score().
  virtual bool reads_ranking() const { return false; }
  virtual bool reads_scores() const { return false; }
  /// Whether it checks the documents it reads for duplicates itself, in an order of its own
  /// (TopicRun::first_m_once), instead of the session checking the ranking.
  virtual bool checks_duplicates() const { return false; }
  /// Works out one topic. False: stop the evaluation, `error` saying why (or recorded already
  /// by first_m_once).
  virtual bool prepare(const TopicRun& run, std::optional<InputError>& error) = 0;
};

/// Makes a family's TopicNeed for a plan.
using MakeNeed = std::unique_ptr<TopicNeed> (*)(const TrecPlan& plan);

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
  // What the plan's families worked out from the topic (TopicNeed), in TrecPlan::needs' order;
  // a measure finds its own at Requested::need.
  const std::vector<std::unique_ptr<TopicNeed>>* needs = nullptr;
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
  MakeNeed need = nullptr;  // what the measure works out once per topic, if anything
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
  std::size_t need = 0;  // with MeasureDef::need: its index in TrecPlan::needs and Topic::needs
};

/// The TopicNeed of a request, as its measure's kind.
template <class Need>
const Need& need_of(const Topic& t, const Requested& r) {
  return static_cast<const Need&>(*(*t.needs)[r.need]);
}

}  // namespace irm::trec

namespace irm {

/// The qrels' topics as the measures see them, at the session's relevance level.
struct TrecJudged {
  std::unordered_map<std::string_view, trec::TopicJudged> by_topic;
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
  // The kinds of TopicNeed the measures ask for, each once, in the order first asked.
  std::vector<trec::MakeNeed> needs;
  bool writes_text = false;  // a measure of TrecKind::text (relstring): its text is kept
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
