// Diversity measures as TREC's ndeval computes them (the TREC Web track's evaluation program for
// novelty and diversity, version 4.5 of April 2013, by Charles Clarke and others), for one topic
// at a time, with the working a teaching table needs.
//
// Subtopic qrels:  topic subtopic docno grade   e.g. "51 3 clueweb09-en0000-07-00000 1"
// The subtopic (an intent of the query) takes the place of trec_eval's iteration column. Fields
// are separated by spaces and tabs; lines end in LF or CRLF; blank lines and lines starting with
// '#' are skipped, as read_qrels skips them.
//
// ndeval's rules, which evaluate() follows:
// - Relevance is binary per subtopic: a document is relevant to a subtopic when its grade there
//   is at least 1 (ndeval turns every grade above 1 into 1). Options::relevance_level changes
//   the 1. A document the qrels do not judge, or judge below the level for every subtopic,
//   covers nothing.
// - S, the topic's subtopics, counts only the subtopics that at least one document is relevant
//   to; a subtopic judged only non-relevant is ignored everywhere.
// - The gain of the document at a rank is the sum, over the subtopics it is relevant to, of
//   (1 - alpha)^c, where c is the number of documents relevant to that subtopic at earlier ranks
//   (its novelty weight). Subtopics are added in ascending number, as ndeval adds them, so the
//   sums are ndeval's to the last bit.
// - alpha-DCG@k = sum over ranks r <= k of gain(r) / log2(r + 1), divided by the same sum for an
//   "ideal ideal" list whose document at rank r has gain S (1 - alpha)^(r-1), as if every
//   document covered every subtopic (ndeval's collection-independent normalisation).
//   ERR-IA@k is the same with the discount 1/r. NRBP = (1 - (1 - alpha) beta) / S times the sum
//   over all ranks of gain(r) beta^(r-1).
// - alpha-nDCG@k, nERR-IA@k and nNRBP divide those by the values of an ideal ranking of the
//   topic's judged documents built greedily: at each rank, the document with the largest gain
//   given the ranks before it; equal gains go to the greater docno in byte order (ndeval's rule;
//   finding the true ideal is NP-hard). alpha-nDCG@k and nERR-IA@k are 0 when alpha-DCG@k is 0.
// - MAP-IA: for each subtopic with relevant documents, the average precision of the ranking for
//   that subtopic alone (the sum of precision at each rank holding a document relevant to it,
//   over the number of documents relevant to it); the mean over the S subtopics.
// - P-IA@k = (the number of (rank <= k, subtopic) pairs where the document is relevant to the
//   subtopic) / (k S): the mean over subtopics of precision at k, k counted even when the list
//   is shorter. strec@k = the subtopics covered by the first k documents / S.
// - NRBP and MAP-IA use the whole ranking; the measures at k, the first k ranks. ndeval keeps 20
//   ranks and prints k = 5, 10 and 20; any k from 2 to 20 here gives the value ndeval holds
//   for it, and larger k the same formulas. (At k = 1 ndeval's unprinted arrays skip the
//   division by the ideal ideal; here k = 1 is divided like every other k.)
// - A topic with no relevant subtopic (S = 0): every measure is 0 but nNRBP, which ndeval
//   divides 0 by 0 for and prints as "-nan"; it is NaN here, and format_ndeval_values prints
//   it as ndeval does. So is nNRBP with alpha = 0 and beta = 1, where NRBP's factor
//   1 - (1 - alpha) beta is 0 for the run and the ideal alike.
//
// How ndeval ranks a run, and averages, is the caller's (see the report of this module's
// commit, and ndeval_mean below): by default it orders each topic's documents by the rank
// column (ascending; two equal ranks in a topic stop it), with -traditional by score descending
// then docno descending (trec_eval's order); -M N keeps the first N; a docno twice in a topic
// stops it.
//
// Lifetime: the views in SubtopicQrels point into the bytes given to read_subtopic_qrels.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "irm/result.h"
#include "irm/trec.h"

namespace irm::diversity {

/// One subtopic qrels line.
struct SubtopicJudgment {
  std::string_view docno;  // points into the bytes given to read_subtopic_qrels
  int subtopic = 0;        // the subtopic's number, as written (0 or more)
  int grade = 0;
  int line = 0;  // 1-based line in the file
};

/// One topic's subtopic judgments, grouped by document.
class TopicQrels {
 public:
  /// A document's judgment for one subtopic (the document is the one whose range holds it).
  struct Judged {
    std::uint32_t column = 0;  // the subtopic's index in subtopics()
    int grade = 0;
  };

  std::string_view topic;

  /// The subtopic numbers judged for the topic (relevant or not), ascending.
  [[nodiscard]] const std::vector<int>& subtopics() const { return subtopics_; }
  /// The judged documents, numbered 0, 1, ... in order of first appearance in the file.
  [[nodiscard]] std::size_t size() const { return documents_; }
  [[nodiscard]] std::string_view docno(std::size_t d) const {
    return lines_ != nullptr ? (*lines_)[d].docno : docnos_[d];
  }
  /// Document d's judgments are judgment(first(d)) to judgment(last(d) - 1), in ascending
  /// subtopic.
  [[nodiscard]] std::uint32_t first(std::size_t d) const {
    return starts_.empty() ? static_cast<std::uint32_t>(d) : starts_[d];
  }
  [[nodiscard]] std::uint32_t last(std::size_t d) const {
    return starts_.empty() ? static_cast<std::uint32_t>(d + 1) : starts_[d + 1];
  }
  [[nodiscard]] Judged judgment(std::uint32_t i) const {
    return judgments_.empty() ? Judged{0, (*lines_)[i].grade} : judgments_[i];
  }
  /// The number of a judgment's subtopic.
  [[nodiscard]] int subtopic(const Judged& judged) const { return subtopics_[judged.column]; }
  /// The document with this docno, or -1 when the topic does not judge it.
  [[nodiscard]] std::int32_t find(std::string_view docno) const;

  /// Building, by read_subtopic_qrels: add in file order, then build() once. build() reports
  /// each (docno, subtopic) given again as the pair (later judgment, first) in `twice`; the
  /// later ones are left out.
  void add(const SubtopicJudgment& judgment) { added_lines_.push_back(judgment); }
  void build(std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice);
  /// Building, by read_qrels, which reads the same lines into a TopicJudgments: only each
  /// line's subtopic is added here; build_as() takes the rest from that TopicJudgments' lines
  /// (its all() before duplicates are dropped) and its grouping by docno (the (later, first)
  /// pairs TopicJudgments::index reports), so that document d is the document of its all()[d]
  /// once duplicates are dropped. The docnos, and the grades of a topic whose documents are
  /// judged once each for one subtopic (a qrels file without subtopics), are read from those
  /// lines when wanted: they must stay in place while this is used (read_qrels' Qrels holds
  /// them; moving the Qrels keeps them where they are, copying it does not). find() then looks
  /// through the docnos one by one: look the docno up in the TopicJudgments instead.
  void add_subtopic(int subtopic) {
    if (subtopic_of_.empty()) {  // every line's subtopic so far is only_subtopic_
      if (added_ == 0) only_subtopic_ = subtopic;
      if (subtopic == only_subtopic_) {
        ++added_;
        return;
      }
      subtopic_of_.assign(added_, only_subtopic_);
    }
    subtopic_of_.push_back(subtopic);
  }
  void build_as(const std::vector<Judgment>& lines,
                const std::vector<std::pair<std::size_t, std::size_t>>& same_document,
                std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice);

 private:
  // Groups the lines by document (doc_of: each line's document; starts_: each document's
  // count of lines), each document's by subtopic. line_at(i) is line i of the topic, in file
  // order.
  template <class LineAt>
  void place(std::size_t count, LineAt line_at, const std::vector<std::uint32_t>& doc_of,
             std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice);
  // Numbers the subtopics: judgments_' columns hold subtopic numbers until then.
  void number_subtopics();

  std::vector<SubtopicJudgment> added_lines_;  // while building (add)
  // While building (add_subtopic): each line's subtopic, or none while they are all the same
  // (a qrels file without subtopics: trec_eval's iteration column, usually 0).
  std::vector<int> subtopic_of_;
  int only_subtopic_ = 0;
  std::size_t added_ = 0;

  std::size_t documents_ = 0;
  const std::vector<Judgment>* lines_ = nullptr;  // build_as's lines: the docnos
  std::vector<std::string_view> docnos_;          // build's docnos
  // Document d's judgments start at starts_[d] (one entry more, the end). Empty when each
  // document has one judgment: document d's is judgment d.
  std::vector<std::uint32_t> starts_;
  // Every judgment; empty when build_as's documents are judged once each for one subtopic: the
  // grade of judgment d is then lines_[d]'s.
  std::vector<Judged> judgments_;
  std::vector<int> subtopics_;
  std::vector<std::uint32_t> slots_;  // open addressing: 0 = empty, else 1 + a document
};

/// A subtopic qrels file.
struct SubtopicQrels {
  std::string file_name;
  std::vector<TopicQrels> topics;  // in order of first appearance
  std::unordered_map<std::string_view, std::size_t> topic_index;
  std::vector<std::string> warnings;

  [[nodiscard]] const TopicQrels* find(std::string_view topic) const {
    const auto found = topic_index.find(topic);
    return found == topic_index.end() ? nullptr : &topics[found->second];
  }
};

/// Reads subtopic qrels (`topic subtopic docno grade`). Errors name the file, line and column
/// and what was expected:
///   empty_input   no judgment lines;
///   bad_token     a line with fewer or more than 4 fields; a document judged twice for one
///                 subtopic of a topic (naming both lines; with Duplicates::keep_first the first
///                 is kept and a warning says so);
///   bad_number    a subtopic that is not a whole number 0 or more (ndeval's rule), a grade
///                 that is not a whole number;
///   out_of_range  a subtopic or grade past 2147483647 (or -2147483647), more than
///                 `max_topics` topics.
/// A negative grade is read, and is below every level (ndeval refuses it as a syntax error).
[[nodiscard]] Result<SubtopicQrels> read_subtopic_qrels(
    std::string_view bytes, std::string_view file_name, Duplicates duplicates = Duplicates::error,
    std::size_t max_topics = static_cast<std::size_t>(-1));

/// The subtopic field of a qrels line (`field` a view into `line`, line `number` of the file): a
/// whole number 0 or more, or read_subtopic_qrels' error.
[[nodiscard]] std::optional<InputError> read_subtopic(std::string_view line, int number,
                                                      std::string_view field,
                                                      std::string_view file_name, int& subtopic);
/// Reports the judgments `twice` (TopicQrels::build's pairs, of the topics `twice_topic`) as
/// read_subtopic_qrels does: the first as an error, or with keep_first warnings in `qrels`.
/// read_qrels, given a SubtopicQrels, fills it as it reads, then calls this.
[[nodiscard]] std::optional<InputError> report_judged_twice(
    SubtopicQrels& qrels, std::string_view bytes, Duplicates duplicates,
    const std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice,
    const std::vector<std::string_view>& twice_topic);

struct Options {
  double alpha = 0.5;                   // redundancy intolerance, 0..1 (ndeval -alpha)
  double beta = 0.5;                    // patience of NRBP, 0..1 (ndeval -beta)
  std::vector<int> cutoffs{5, 10, 20};  // the k of the measures at k, each 1 or more
  int relevance_level = 1;              // the least grade that is relevant (ndeval: 1)
  std::size_t rows = 0;                 // the first `rows` ranks get a RankRow (run and ideal)
  // false: only the measures at k are wanted, and ranks past the deepest cutoff are not read
  // (NRBP, nNRBP and MAP-IA, which need the whole ranking, are then left 0; a docno given twice
  // past the deepest cutoff is not looked for).
  bool whole_ranking = true;
};

/// Checks the options: alpha and beta in 0..1, cutoffs 1..1,000,000, at least one cutoff.
/// Errors are bad_parameter_value, Field::options.
[[nodiscard]] std::optional<InputError> check_options(const Options& options);

/// A subtopic a ranked document is relevant to.
struct Coverage {
  int subtopic = 0;     // its number
  int seen_before = 0;  // documents relevant to it at earlier ranks
  double weight = 0.0;  // its novelty weight (1 - alpha)^seen_before
};

/// One rank of a ranking, for a table: what the document covers and what it adds.
struct RankRow {
  int rank = 0;  // 1-based
  std::string_view docno;
  bool judged = false;      // the qrels judge the document (for some subtopic)
  std::size_t first = 0;    // its subtopics are TopicScores::coverage[first, first + count)
  std::size_t count = 0;    // (run rows) or ideal_coverage (ideal rows), ascending subtopic
  double gain = 0.0;        // the sum of the weights
  double discount = 0.0;    // 1 / log2(rank + 1)
  double dcg = 0.0;         // alpha-DCG's running sum of gain * discount, not normalised
  double err = 0.0;         // ERR-IA's running sum of gain / rank, not normalised
  int precision_count = 0;  // the running count of (rank, subtopic) pairs covered (P-IA)
  int subtopics_seen = 0;   // the distinct subtopics covered so far (strec)
};

/// The measures at one cutoff k, with their working.
struct AtCutoff {
  int k = 0;
  double err_ia = 0.0;      // ERR-IA@k = err / ideal_ideal_err
  double nerr_ia = 0.0;     // nERR-IA@k = ERR-IA@k / the ideal ranking's ERR-IA@k
  double alpha_dcg = 0.0;   // alpha-DCG@k = dcg / ideal_ideal_dcg
  double alpha_ndcg = 0.0;  // alpha-nDCG@k = alpha-DCG@k / the ideal ranking's alpha-DCG@k
  double p_ia = 0.0;        // P-IA@k = precision_count / (k S)
  double strec = 0.0;       // strec@k = subtopics_seen / S
  // The working.
  double dcg = 0.0;              // the sum of gain * discount over ranks <= k
  double ideal_ideal_dcg = 0.0;  // the sum of S (1 - alpha)^(r-1) / log2(r + 1), r <= k
  double ideal_dcg = 0.0;        // the ideal ranking's dcg
  double err = 0.0;              // the sum of gain / rank over ranks <= k
  double ideal_ideal_err = 0.0;  // the sum of S (1 - alpha)^(r-1) / r, r <= k
  double ideal_err = 0.0;        // the ideal ranking's err
  int precision_count = 0;
  int subtopics_seen = 0;
};

/// Every value ndeval prints for one topic, and the working.
struct TopicScores {
  int subtopics = 0;          // S: subtopics with a relevant document
  std::size_t documents = 0;  // documents ranked
  std::size_t relevant = 0;   // judged documents relevant to some subtopic (the ideal's length)
  std::vector<AtCutoff> at;   // one per Options::cutoffs, in that order
  double nrbp = 0.0;
  double nnrbp = 0.0;  // nrbp / ideal_nrbp; NaN when that is 0 / 0, as in ndeval
  double map_ia = 0.0;
  double nrbp_sum = 0.0;                   // the sum of gain(r) beta^(r-1) over all ranks
  double ideal_nrbp = 0.0;                 // the ideal ranking's NRBP
  std::vector<int> relevant_per_subtopic;  // documents relevant to each of subtopics() (0: none)
  std::vector<double> average_precision;   // MAP-IA's term for each of subtopics() (0: none)
  std::vector<RankRow> rows;               // the first Options::rows ranks of the run
  std::vector<Coverage> coverage;
  std::vector<RankRow> ideal_rows;  // the first Options::rows ranks of the greedy ideal
  std::vector<Coverage> ideal_coverage;
};

/// The greedy ideal ranking of a topic at an alpha and relevance level: compute it once per
/// topic and pass it to evaluate() for every run.
struct Ideal {
  const TopicQrels* topic = nullptr;  // the topic it was built for
  double alpha = 0.5;
  int relevance_level = 1;
  std::size_t relevant = 0;                // the documents relevant to some subtopic
  std::vector<std::uint32_t> docs;         // the relevant documents (TopicQrels' numbers), ranked
  std::vector<double> gains;               // each rank's gain (as many as docs, or docs left empty)
  std::vector<int> relevant_per_subtopic;  // documents relevant to each of subtopics()
};

/// What an Ideal holds: its documents and their gains, or the gains alone (what the measures
/// need; the rows of Options::rows need the documents). Without the documents, a topic whose
/// relevant documents all cover the same subtopics (every topic of a qrels file without
/// subtopics) is not sorted by docno.
enum class IdealDocs { ranked, gains_only };

/// `depth`: how many ranks to build (all by default); the measures at k need k, NRBP, nNRBP and
/// MAP-IA all (Options::whole_ranking), and evaluate() refuses an ideal too shallow for them,
/// or without its documents when it is to describe rows.
[[nodiscard]] Ideal ideal_ranking(const TopicQrels& topic, double alpha, int relevance_level = 1,
                                  std::size_t depth = static_cast<std::size_t>(-1),
                                  IdealDocs keep_docs = IdealDocs::ranked);

/// Evaluates one topic's ranking (docnos best first, each once). Errors: check_options's, and a
/// docno given twice (bad_token; ndeval stops on it too). `topic` may be null: a topic the qrels
/// do not have, which ndeval prints with every value 0.
[[nodiscard]] Result<TopicScores> evaluate(const TopicQrels* topic,
                                           const std::vector<std::string_view>& ranked,
                                           const Options& options);
/// The same with the ideal ranking given (from ideal_ranking with the same alpha and level).
[[nodiscard]] Result<TopicScores> evaluate(const TopicQrels* topic, const Ideal& ideal,
                                           const std::vector<std::string_view>& ranked,
                                           const Options& options);

/// The same with the documents given by their TopicQrels number (-1: not judged), as
/// the TREC session gives them (read_qrels' TopicJudgments find them): no docno is looked up,
/// and none is checked for being given twice (the caller's run reader does); rows of judged
/// documents carry their docno, the others none.
[[nodiscard]] Result<TopicScores> evaluate(const TopicQrels* topic, const Ideal& ideal,
                                           const std::vector<std::int32_t>& ranked,
                                           const Options& options);

/// ndeval's column names for these cutoffs, in its order: ERR-IA@k..., nERR-IA@k...,
/// alpha-DCG@k..., alpha-nDCG@k..., NRBP, nNRBP, MAP-IA, P-IA@k..., strec@k...
[[nodiscard]] std::vector<std::string> ndeval_columns(const std::vector<int>& cutoffs);
/// The values of a topic in the order of ndeval_columns.
[[nodiscard]] std::vector<double> ndeval_values(const TopicScores& scores);
/// ndeval's "amean" row: each column summed over the topics in the order given (ndeval's order
/// is ascending topic number), then divided by `topic_count` (ndeval: the topics of the run that
/// the qrels have; with -c, the qrels' topics). A 0 count gives NaN, as ndeval's 0/0.
[[nodiscard]] std::vector<double> ndeval_mean(const std::vector<std::vector<double>>& topics,
                                              std::size_t topic_count);
/// Values as ndeval prints them: "%.6f" each, joined by commas; NaN as "-nan".
[[nodiscard]] std::string format_ndeval_values(const std::vector<double>& values);

/// The value of one of ndeval_columns' names ("alpha-nDCG@10", "NRBP", "MAP-IA"), or nothing
/// when the name is unknown or its cutoff was not computed.
[[nodiscard]] std::optional<double> value_of(const TopicScores& scores, std::string_view column);

}  // namespace irm::diversity
