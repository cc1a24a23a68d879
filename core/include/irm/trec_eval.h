// trec_eval's evaluation of whole qrels and run files: every measure of its `all_trec` set (which
// includes `official`), with its names, parameters, order, averaging and output format.
//
// The conventions, all trec_eval's (10.0 unless --compat 9):
// - A topic's documents are ranked by score descending, ties by docno descending (byte order);
//   the rank column is ignored (see irm/trec.h). -M N keeps the first N; -J then drops every
//   document the qrels do not judge (grade missing or negative).
// - Relevant means grade >= level (-l, default 1); a negative grade counts as unjudged.
// - nDCG (ndcg, ndcg_cut, dcg, ideal_dcg, ndcg_rel, Rndcg, G) uses the grades as gains whatever
//   the level (custom gains with ndcg.1=3.5,2=9), discount log2(rank + 1), ideal from every
//   judged document of the topic, retrieved or not.
// - P_k divides by k even when fewer than k documents were retrieved; gm_map and gm_bpref floor
//   each topic's value at 1e-5 before the geometric mean; set_F.x uses x as beta squared:
//   (x + 1) P R / (x P + R).
// - iprec_at_recall and 11pt_avg map recall level r to lround(r R) relevant documents
//   ((long)(r R + 0.9) with --compat 9); Rprec_mult uses (long)(m R + 0.9) in both.
// - Summaries: num_ret, num_rel, num_rel_ret and num_nonrel_judged_ret are sums, num_q counts
//   topics, gm_* are geometric means, every other measure is a mean over the topics.
// - Topics: those in both the qrels and the run are evaluated, in strcmp order of their ids.
//   Topics only in the qrels are named in a warning; with -c they are evaluated over an empty
//   ranking, as trec_eval -c does (printed with -q, 0 in every mean, 1e-5 in the geometric ones,
//   their R in num_rel), and num_rel's summary is trec_eval's recount of every qrels grade
//   above 0, whatever -l says. Topics only in the run are ignored with a warning.
// --ties (not trec_eval's): docno is its order above; input orders equal scores as the run file
// gives them (by line); average replaces P, recall, map, map_cut, recip_rank, ndcg, ndcg_cut,
// RR@k and ERR@k by their exact mean over every ordering of each topic's tied documents;
// bounds keeps trec_eval's values and adds NAME_low and NAME_high lines, the lowest and highest
// value any ordering of the ties gives (see trec/ties.h). Diversity measures (alpha_nDCG@k, …,
// see measures/ndeval.h) read the qrels' iteration column as the subtopic.
// Where trec_eval would divide 0 by 0 (no document left after -J, no relevant document for
// set_relative_P or relative_P) the value is 0, never NaN.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"
#include "irm/trec.h"

namespace irm {

/// How the documents of a topic with equal scores are ordered, or averaged over (--ties).
enum class Ties {
  docno,    // trec_eval's order: docno descending
  input,    // the run file's order (its lines)
  rank,     // the run's rank column, ascending, scores unused (ndeval's default order)
  average,  // the exact mean over every ordering of the tied documents
  bounds,   // trec_eval's values, and the lowest and highest over the orderings
};

/// trec_eval's command-line options (see parse_trec_args).
struct TrecOptions {
  bool per_query = false;                     // -q
  bool summary = true;                        // -n turns it off
  bool complete = false;                      // -c
  bool judged_only = false;                   // -J
  int level = 1;                              // -l
  std::int64_t max_docs = -1;                 // -M (-1: no limit)
  std::int64_t collection_size = 0;           // -N (utility's fourth cell)
  Compat compat = Compat::current;            // --compat 9|10
  Duplicates duplicates = Duplicates::error;  // --keep-first
  RelFormat rel_format = RelFormat::qrels;    // -R qrels|prefs|qrels_prefs|qrels_jg
  bool strict = false;                        // --strict: refuse what trec_eval reads loosely
  bool nan_as_zero = false;                   // --nan-as-zero: 0 where trec_eval prints -nan
  std::string zscores;                        // -Z FILE: its name (set_zscores gives its text)
  Ties ties = Ties::docno;                    // --ties docno|input|rank|average|bounds
  std::vector<std::string> measures;          // -m values in order; empty = official
  std::vector<std::string> args;              // as given
  std::vector<std::string> warnings;  // flags and -m parameters read loosely, as trec_eval reads
                                      // them (configure adds those of the -m parameters)
};

/// Reads trec_eval's flags: -q -n -c -J, -l N, -M N, -N N (value joined, -l2, or the next
/// argument), -m MEASURE[.PARAMS] (repeatable), --compat 9|10, --keep-first. Errors have
/// Field::options and name the flag.
[[nodiscard]] Result<TrecOptions> parse_trec_args(const std::vector<std::string>& args);

/// How a printed value is written and summarised.
enum class TrecKind { real, count, text };
enum class TrecSummary { mean, sum, geometric, count, none, runid };

/// One printed line of a topic or of the summary: "P_10", "iprec_at_recall_0.10", "map".
struct TrecSlot {
  std::string name;
  TrecKind kind = TrecKind::real;
  TrecSummary summary = TrecSummary::mean;
  bool per_query = true;  // false for gm_map, gm_bpref, runid, num_q (printed in the summary only)
};

/// One topic's ranked list as evaluated (after -M and -J).
struct TrecTopicList {
  std::vector<int> grades;    // per rank: the qrels grade, -1 not in the qrels, -2 negative grade
  std::int64_t relevant = 0;  // R at the relevance level
};

/// The ties among one topic's ranked documents (after -M): groups of equal scores.
struct TrecTopicTies {
  std::int64_t tied_documents = 0;  // documents in groups of two or more
  std::int64_t groups = 0;          // groups of two or more
  std::int64_t largest = 0;         // documents in the largest group
};

/// One evaluated run.
struct TrecRunResult {
  std::string file;
  std::string run_id;
  std::vector<std::string> topics;          // evaluated topics, trec_eval's order
  std::vector<std::vector<double>> values;  // [topic][slot]; gm_* hold the topic's log value
  std::vector<std::string> relstrings;      // [topic] when relstring is measured
  std::vector<double> summary;              // [slot]
  std::vector<TrecTopicList> lists;         // [topic]; empty unless keep_topic_lists
  std::vector<TrecTopicTies> ties;          // [topic]
  std::vector<std::string> warnings;
};

/// The requested measures, expanded into printed slots (see trec_measures), and the qrels as
/// the measures see them.
struct TrecPlan;
struct TrecJudged;
namespace trec {
struct TopicJudged;
}
struct TrecNeeds;
struct TrecTieScratch;

/// A whole evaluation: options, one qrels file, then any number of runs, each read in pieces.
class TrecSession {
 public:
  TrecSession();
  ~TrecSession();
  TrecSession(TrecSession&&) noexcept;
  TrecSession& operator=(TrecSession&&) noexcept;

  /// Sets the options (trec_eval's flags). Call before the qrels; errors leave the old options.
  [[nodiscard]] std::optional<InputError> configure(const std::vector<std::string>& args);

  /// Starts the qrels. `expected_bytes` (the file's size, when known) saves growing the copy of
  /// the qrels' bytes piece by piece; 0 when unknown.
  void begin_qrels(std::string_view file_name, std::size_t expected_bytes = 0);
  void feed_qrels(std::string_view piece);
  /// Reads the qrels fed since begin_qrels. Errors carry the file name in the message.
  [[nodiscard]] std::optional<InputError> end_qrels();

  /// Starts a run; an error when no qrels have been read. With `stream`, each topic is
  /// evaluated as soon as its lines end and its documents are not kept (much less memory, and
  /// faster); a run whose topics' lines are not together then stops with run_restart_needed():
  /// begin it again without streaming and feed it from the start.
  [[nodiscard]] std::optional<InputError> begin_run(std::string_view file_name,
                                                    bool stream = false);
  [[nodiscard]] std::optional<InputError> feed_run(std::string_view piece);
  /// A streaming run met a topic again after another topic's lines (see begin_run); the rest of
  /// its pieces are ignored.
  [[nodiscard]] bool run_restart_needed() const;
  /// Reads the end of the run and evaluates it; the result is appended to runs().
  [[nodiscard]] std::optional<InputError> end_run();

  /// Whether each evaluated topic's ranked grades are kept in TrecRunResult::lists (default
  /// yes: the page opens a topic's list in the ranked calculator). The command line does not
  /// need them: without them a 300 MB run takes 28 MB less memory and is read faster.
  void keep_topic_lists(bool keep) { keep_lists_ = keep; }

  /// What the session holds at most, so that a huge or hostile file (a gzip bomb, a run of one
  /// topic with a billion lines) gets a message naming the limit and the file before the
  /// module's memory (2 GB) runs out. The defaults are far above real qrels and runs; tests set
  /// small ones.
  struct Limits {
    std::size_t qrels_bytes = std::size_t{256} << 20;  // the qrels' text, uncompressed
    std::size_t documents = 10'000'000;  // run documents held at once: one topic's when the
                                         // run is streamed, the whole run's when read whole
    std::size_t topics = 5'000'000;      // qrels topics (each costs about 300 bytes of tables:
                                         // 5.5 million took 1.6 GB; 10 million ran out of memory)
  };
  void set_limits(Limits limits) { limits_ = limits; }
  const Limits& limits() const { return limits_; }

  const TrecOptions& options() const { return options_; }
  const std::vector<TrecSlot>& slots() const;
  const std::vector<TrecRunResult>& runs() const { return runs_; }
  const std::string& qrels_file() const { return qrels_file_; }
  /// The qrels read by end_qrels (under -R qrels), or null before, after an error, and under
  /// the other judgment formats.
  const Qrels* qrels() const { return qrels_ && !grouped_ ? &*qrels_ : nullptr; }
  std::size_t qrels_topics() const;
  std::size_t qrels_judgments() const;  // lines, with -R prefs, qrels_prefs or qrels_jg
  const std::vector<std::string>& qrels_warnings() const;
  /// -Z: reads the z-score file (lines 'qid measure mean stddev'); call after configure and
  /// before the runs. Each value of a topic then becomes (value - mean) / stddev, with the mean
  /// and deviation of its topic and printed name, or -1000000 when the file has none (and when
  /// stddev is 0 and the value is not the mean; 0 when it is), as trec_eval 10.0 does; the
  /// lines are printed as 'Z' + name. Errors name the file, line and column.
  [[nodiscard]] std::optional<InputError> set_zscores(std::string_view bytes,
                                                      std::string_view file_name);
  bool zscores_active() const { return !options_.zscores.empty(); }
  /// What configure read loosely, as trec_eval reads it (-l 1.5, ndcg_cut.23.4, map.5).
  const std::vector<std::string>& option_warnings() const { return options_.warnings; }
  /// The file name of the run being read (begin_run to end_run), for messages.
  const std::string& reading() const { return reading_; }

  /// trec_eval's output for every run in turn: `%-22s\t%s\t%6.4f` (digits, 0 to 16, replaces
  /// the 4; 17 prints `%.17g`: 17 significant digits, which read back as the same double),
  /// per-query lines with -q, the summary unless -n.
  std::string report_text(int digits = 4) const;
  /// The same lines as CSV: run,measure,topic,value.
  std::string report_csv(int digits = 4) const;
  /// Everything as JSON (docs/js-api.md, "TREC files"): options, qrels, measures, and per run
  /// its topics, per-query values, summary, ties per topic and warnings; -nan as null.
  std::string report_json() const;
  /// The session's answers to the TREC page, as JSON (docs/js-api.md, "TREC files"), written
  /// with the report (its qrels, run and ties share their fields). After end_qrels: {ok, file,
  /// topics, judgments, warnings}.
  std::string qrels_done_json() const;
  /// After end_run, the run just evaluated: {ok, index, file, runId, topics, tiedTopics,
  /// tiedDocuments, warnings} (tiedTopics: topics with equal scores among their ranked
  /// documents).
  std::string run_done_json() const;
  /// One topic's ranked grades and R: {ok, qid, relevant, level, grades, ties}, or
  /// trec_status_json's error for a run or topic there is not (or whose lists were not kept).
  std::string topic_json(int run_index, const std::string& qid) const;

 private:
  // One topic of the run being read, evaluated.
  struct EvaluatedTopic {
    std::string_view topic;  // points into the run's or the qrels' text
    std::vector<double> values;
    std::string relstring;
    TrecTopicList list;
    TrecTopicTies ties;
  };
  void evaluate(std::string_view topic, std::vector<ScoredDoc>& docs);
  void to_zscores(std::string_view topic, std::vector<double>& values) const;
  bool first_m_once(std::string_view topic, const std::vector<const ScoredDoc*>& top,
                    const std::vector<ScoredDoc>& docs);

  TrecOptions options_;
  std::unique_ptr<TrecPlan> plan_;
  std::string qrels_file_;
  // The qrels' views point here. A vector, not a string: moving a short string copies its bytes
  // (small-string storage) and would leave the views behind; a vector's buffer moves with it.
  std::vector<char> qrels_bytes_;
  bool qrels_too_large_ = false;  // more than limits_.qrels_bytes were fed: the rest is dropped
  Limits limits_;
  std::optional<Qrels> qrels_;
  std::unique_ptr<TrecJudged> judged_;
  std::string reading_;
  std::optional<RunReader> reader_;
  std::vector<EvaluatedTopic> evaluated_;  // the run's topics evaluated so far
  std::vector<ScoredDoc*> ranked_;         // a topic's documents in trec_eval's order
  bool keep_lists_ = true;
  std::vector<int> scratch_grades_;  // a topic's grades when they are not kept
  // The plan's other views of a topic (ir_measures' rel= and judged_only=): its grades with the
  // unjudged documents (under -J), without them, and its qrels at the view's level.
  std::vector<int> view_all_grades_;
  std::vector<int> view_grades_;
  std::unique_ptr<trec::TopicJudged> view_judged_holder_;
  std::vector<TrecRunResult> runs_;
  // -R prefs, qrels_prefs, qrels_jg: the file's judgments (qrels_ then holds only its topics),
  // what one topic's measures work on, and the first error met evaluating a topic.
  std::optional<GroupedQrels> grouped_;
  // What the plan's families work out from each topic (trec::TopicNeed), and the topic's
  // ranking handed to them.
  std::unique_ptr<TrecNeeds> needs_;
  // --ties average|bounds: what a topic's values under them need.
  std::unique_ptr<TrecTieScratch> tie_scratch_;
  std::optional<InputError> evaluate_error_;
  // -M without --strict: duplicates are looked for among each topic's first M documents only
  // (as trec_eval); a duplicate further down is read, and this warning says so once.
  bool deferred_duplicates_ = false;
  std::string duplicate_note_;
  // -Z: topic -> printed name -> (mean, stddev).
  std::map<std::string, std::map<std::string, std::pair<double, double>, std::less<>>, std::less<>>
      zscores_;
  bool zscores_read_ = false;
};

/// An -m value in ir_measures' grammar (AP@10, P(rel=2)@5, nDCG(dcg=exp-log2)@20) as it is
/// printed: ir_measures' canonical spelling, rel= and judged_only= defaulting to `level` and
/// `judged_only` (-l and -J). Errors name the column and what was expected there.
[[nodiscard]] Result<std::string> ir_measures_name(std::string_view name, int level = 1,
                                                   bool judged_only = false);

/// The measures trec_eval computes from qrels and runs, in its order, for --help and the page.
struct TrecMeasureInfo {
  const char* name;
  const char* params;  // the default parameters as -m takes them ("" when none)
  const char* summary;
};
[[nodiscard]] const std::vector<TrecMeasureInfo>& trec_measures();

/// {ok: true}, or {ok: false, error: {file, code, message, field, line, column, length}}: the
/// session's status after a call (file: the file it was reading).
std::string trec_status_json(const std::optional<InputError>& failure, const std::string& file);

/// The arguments of `irmetrics trec`, read for both command lines (cli/irmetrics_trec.cpp, and
/// bin/lib/cli.mjs through the module's readTrecArgs): trec_eval's flags split as its getopt
/// splits them (-qc, -l2 or -l 2, -mmap) into one flag or value per element of `configure`, for
/// TrecSession::configure, which reads them and names any mistake in them; and the command
/// line's own: --digits, --format, --help, the files.
struct TrecCommandLine {
  std::vector<std::string> configure;
  std::optional<std::string> zscores;  // -Z's file (the last one given)
  std::string format = "trec";         // trec, json or csv
  int digits = 4;                      // --digits, 0 to 17
  bool help = false;                   // --help or -h: the files are not checked
  std::vector<std::string> files;      // QRELS RUN...
  /// The first usage error, in the order the command line meets them (the arguments, then,
  /// without --help, --digits and the files), without the usage that the command line adds. A
  /// letter outside the BMP is named as a JS string's unit at its index names it: its high
  /// surrogate alone, in generalized UTF-8 (ED A0-AF xx).
  std::optional<std::string> usage_error;
};
[[nodiscard]] TrecCommandLine read_trec_command_line(const std::vector<std::string>& argv);

}  // namespace irm
