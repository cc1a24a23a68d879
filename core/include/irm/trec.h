// The bulk path's readers of trec_eval's files: qrels and runs, thousands of topics, read in one
// pass over the caller's bytes without copying them.
//
//   qrels line:  qid iter docno rel            e.g. "401 0 FBIS3-10082 1"
//   run line:    qid Q0 docno rank score tag   e.g. "401 Q0 FBIS3-10082 1 12.75 myrun"
//
// Fields are separated by any run of spaces and tabs; lines end in LF or CRLF. Blank lines and
// lines whose first non-blank character is '#' are skipped. The iter and Q0 fields are read and
// ignored, as trec_eval ignores them.
//
// trec_eval's conventions, which the measures built on these readers follow:
// - A run's documents for a topic are ranked by score, highest first; equal scores are ordered by
//   docno in descending byte order (strcmp order, reversed). The rank column is checked to be a
//   whole number and otherwise ignored. rank_topics gives this order.
// - Scores are read as double. Compat::trec9 reads them as a 32-bit float, as trec_eval 9.x did,
//   so scores that differ only beyond float precision tie there.
// - A document is relevant when its grade is at least the relevance level (trec_eval -l, default
//   1); a negative grade counts as unjudged (see is_judged, is_relevant).
// - A docno given twice for one topic is an error naming both lines (trec_eval aborts on it);
//   with Duplicates::keep_first the first occurrence is kept and a warning names both lines.
// - The run id is the tag of the last line, as trec_eval reports it.
//
// Lifetime: every std::string_view in Qrels points into the `bytes` that were read; the caller
// keeps them alive, unmodified, while the Qrels are used. A Run keeps its own copy of its docnos
// and topic ids (RunReader reads it in pieces), and RankedTopic points into that Run.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "irm/result.h"

namespace irm {

namespace diversity {
struct SubtopicQrels;  // measures/ndeval.h
}  // namespace diversity

/// Which trec_eval's rules to follow where versions differ.
enum class Compat {
  current,  // trec_eval 10: scores as double
  trec9,    // trec_eval 9.x: scores as 32-bit float
};

/// What to do with a docno given twice for one topic.
enum class Duplicates {
  error,       // stop with an error naming both lines (trec_eval's behaviour)
  keep_first,  // keep the first line, ignore the later one, and add a warning
  highest,     // keep the highest grade, without a warning: subtopic qrels (diversity measures)
               // read as ordinary qrels judge a document once per subtopic
};

/// One qrels line's judgment of a document.
struct Judgment {
  std::string_view docno;  // points into the bytes given to read_qrels
  int grade = 0;           // the rel column; negative = unjudged
  int line = 0;            // 1-based line in the qrels file
};

/// Whether two docnos or topic ids are equal, compared 8 bytes at a time: they are short, and
/// the C library's memcmp in wasm compares byte by byte.
[[nodiscard]] inline bool same_text(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  std::size_t n = a.size();
  for (; n >= 8; p += 8, q += 8, n -= 8) {
    std::uint64_t x;
    std::uint64_t y;
    std::memcpy(&x, p, 8);
    std::memcpy(&y, q, 8);
    if (x != y) return false;
  }
  if (n >= 4) {  // the last 4..7 bytes as two words that may overlap
    std::uint32_t x[2];
    std::uint32_t y[2];
    std::memcpy(&x[0], p, 4);
    std::memcpy(&y[0], q, 4);
    std::memcpy(&x[1], p + n - 4, 4);
    std::memcpy(&y[1], q + n - 4, 4);
    return x[0] == y[0] && x[1] == y[1];
  }
  for (; n > 0; ++p, ++q, --n) {
    if (*p != *q) return false;
  }
  return true;
}

/// A fast hash of a docno or topic id, 8 bytes at a time (FNV-1a byte by byte cost a third of
/// the run reader's time).
[[nodiscard]] inline std::uint64_t hash_text(std::string_view text) {
  constexpr std::uint64_t multiplier = 0x9E3779B97F4A7C15ULL;
  std::uint64_t h = 0x2545F4914F6CDD1DULL ^ (text.size() * multiplier);
  const char* p = text.data();
  std::size_t n = text.size();
  const auto mix = [&](std::uint64_t word) {
    h = (h ^ word) * multiplier;
    h ^= h >> 32;
  };
  while (n >= 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    mix(word);
    p += 8;
    n -= 8;
  }
  if (n >= 4) {  // the last 4..7 bytes as two words that may overlap
    std::uint32_t low;
    std::uint32_t high;
    std::memcpy(&low, p, 4);
    std::memcpy(&high, p + n - 4, 4);
    mix(low | (std::uint64_t{high} << 32));
  } else if (n > 0) {
    const auto byte = [&](std::size_t i) {
      return std::uint64_t{static_cast<unsigned char>(p[i])};
    };
    mix(byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16);
  }
  h *= multiplier;
  return h ^ (h >> 29);
}

/// A topic's judgments in file order, indexed by docno (open addressing: one array of indexes
/// per topic, no allocation per judgment).
class TopicJudgments {
 public:
  /// The judgment of `docno`, or nullptr when the topic judges no such document.
  [[nodiscard]] const Judgment* find(std::string_view docno) const;
  /// Every judgment, in file order.
  [[nodiscard]] const std::vector<Judgment>& all() const { return judgments_; }
  [[nodiscard]] std::size_t size() const { return judgments_.size(); }

  /// Building (read_qrels): add in file order, then index once.
  void add(const Judgment& judgment) { judgments_.push_back(judgment); }
  void reserve(std::size_t count) { judgments_.reserve(count); }
  /// Builds the index. A docno given again is left out of it and reported as the pair
  /// (index of the later judgment, index of the first); drop() then removes them.
  void index(std::vector<std::pair<std::size_t, std::size_t>>& twice);
  /// Removes the judgments at these indexes (the later ones of duplicates) and indexes again.
  void drop(const std::vector<std::size_t>& indexes);
  /// Raises the grade of the judgment at `index` to `grade` when that is higher.
  void raise(std::size_t index, int grade) {
    judgments_[index].grade = std::max(judgments_[index].grade, grade);
  }

 private:
  std::vector<Judgment> judgments_;
  std::vector<std::uint32_t> slots_;  // 0 = empty, else 1 + an index into judgments_
};

/// A qrels file. Views point into the bytes given to read_qrels.
struct Qrels {
  std::string file_name;
  std::vector<std::string_view> topics;                           // in order of first appearance
  std::vector<TopicJudgments> judgments;                          // the judgments of topics[i]
  std::unordered_map<std::string_view, std::size_t> topic_index;  // topic -> index in topics
  std::vector<std::string> warnings;  // e.g. duplicates kept with Duplicates::keep_first

  /// The judgments of `topic`, or nullptr when the qrels have no such topic.
  [[nodiscard]] const TopicJudgments* find(std::string_view topic) const {
    const auto found = topic_index.find(topic);
    return found == topic_index.end() ? nullptr : &judgments[found->second];
  }
};

/// One run line: a document and its score for a topic.
struct ScoredDoc {
  std::string_view docno;  // points into the Run's own storage
  double score = 0.0;
  int line = 0;  // 1-based line in the run file
  int rank = 0;  // the rank column (clamped to int's range; 0 when not a whole number)
};

/// A run's documents for one topic, in file order (not ranked: see rank_topics).
struct RunTopic {
  std::string_view topic;
  std::vector<ScoredDoc> docs;
};

/// Storage whose bytes never move: docnos and topic ids are copied here once, in blocks, so that
/// the views into it stay valid while the run grows and after the Run is moved.
class StableText {
 public:
  std::string_view keep(std::string_view text);
  std::size_t bytes() const { return used_; }
  /// Forgets every text kept (their views become invalid) and keeps the blocks for reuse.
  void reuse();

 private:
  struct Block {
    std::unique_ptr<char[]> bytes;
    std::size_t size = 0;
  };
  std::vector<Block> blocks_;
  std::size_t current_ = 0;  // blocks_[current_ - 1] is being filled (0: none yet)
  std::size_t room_ = 0;     // free bytes left in it
  std::size_t used_ = 0;     // bytes kept so far, for the memory figures
  char* next_ = nullptr;     // where the next text goes in it
};

/// A run file. Its docnos and topic ids live in `text`, so the bytes it was read from may go.
struct Run {
  std::string file_name;
  std::string_view run_id;       // the tag of the last run line, as trec_eval's runid
  std::vector<RunTopic> topics;  // in order of first appearance
  std::unordered_map<std::string_view, std::size_t> topic_index;  // topic -> index in topics
  std::vector<std::string> warnings;
  StableText text;
};

/// The docnos of one block of a topic's lines, to find duplicates: open addressing over indexes
/// into the topic's documents, emptied in O(1) by a new generation (no allocation per line).
class DocnoSet {
 public:
  /// Starts an empty set for the documents of `docs` from now on.
  void clear();
  /// The index of a document of `docs` with this docno, or -1 after adding `index`.
  std::ptrdiff_t find_or_add(const std::vector<ScoredDoc>& docs, std::size_t index);

 private:
  void grow(const std::vector<ScoredDoc>& docs);
  struct Slot {
    std::uint32_t generation = 0;
    std::uint32_t index = 0;
  };
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> members_;  // this generation's indexes, to rehash on growth
  std::uint32_t generation_ = 1;
};

/// Reads a run file in pieces of any size, split anywhere (a line may span pieces): a 300 MB run
/// never has to be one string. Errors as read_run; after an error the reader stays failed.
///
/// Streaming (stream_to): each topic's documents go to the sink as soon as its lines end, and
/// are then forgotten, so a run is never held whole. That needs each topic's lines together,
/// as runs are written; a topic whose lines come back after another topic's stops a streaming
/// reader with restart_needed() (read the run again without streaming: the sink has then seen
/// topics that must be forgotten).
class RunReader {
 public:
  /// Called with a topic and its documents in file order; it may take or change them.
  using TopicSink = std::function<void(std::string_view topic, std::vector<ScoredDoc>& docs)>;

  /// `max_documents`: the most documents held at once (one topic's when streaming, the whole
  /// run's otherwise); one more is an error naming the limit.
  RunReader(std::string_view file_name, Compat compat = Compat::current,
            Duplicates duplicates = Duplicates::error, std::size_t max_documents = SIZE_MAX);
  /// Reads lines as trec_eval does (call before the first feed): the fields after the tag are
  /// ignored, and a score that starts with something strtod reads is read as atof reads it
  /// ("1.5x", "1,5" is 1, "0x10", "inf"; "nan" ranks below every number); one warning for
  /// each, naming its first line. Off by default: each is an error.
  void read_as_trec_eval(bool on) { as_trec_eval_ = on; }
  /// The rank column orders the documents (--ties rank): every rank must then be a whole
  /// number, even read as trec_eval does (call before the first feed).
  void need_ranks(bool on) { need_ranks_ = on; }
  /// Keeps a document given twice for a topic (both lines) instead of stopping (Duplicates::
  /// error): trec_eval -M N checks only the first N documents for duplicates, so the evaluation
  /// decides (call before the first feed).
  void defer_duplicates(bool on) { defer_duplicates_ = on; }
  /// Streams topics to `sink` from now on (call before the first feed).
  void stream_to(TopicSink sink) { sink_ = std::move(sink); }
  /// Reads the complete lines of `piece` (and the line left open by the previous piece).
  [[nodiscard]] std::optional<InputError> feed(std::string_view piece);
  /// Reads the last line and hands over the run. Call once. A streaming reader's run has the
  /// topics and the run id but no documents.
  [[nodiscard]] Result<Run> finish();
  /// Bytes fed so far.
  std::size_t bytes_read() const { return bytes_read_; }
  /// A streaming reader met a topic again after another one, and stopped reading.
  bool restart_needed() const { return restart_needed_; }

 private:
  std::optional<InputError> read_line(std::string_view line);
  std::optional<InputError> check_fragmented_topics();
  void close_block();

  Run run_;
  Compat compat_;
  Duplicates duplicates_;
  TopicSink sink_;
  StableText block_text_;         // a streaming reader's docnos of the current topic
  std::vector<ScoredDoc> spare_;  // a streamed topic's vector, for the next topic to reuse
  bool restart_needed_ = false;
  std::string open_line_;  // the unfinished last line of the previous piece
  std::optional<InputError> failed_;
  std::size_t bytes_read_ = 0;
  std::size_t max_documents_;
  std::size_t held_ = 0;  // documents held now
  int line_number_ = 0;
  int duplicate_count_ = 0;
  bool as_trec_eval_ = false;
  bool need_ranks_ = false;
  bool defer_duplicates_ = false;
  int extra_field_lines_ = 0;  // lines whose extra fields were ignored
  int loose_score_lines_ = 0;  // scores read as atof reads them
  int loose_rank_lines_ = 0;   // ranks that are not whole numbers, ignored as trec_eval does
  // Duplicates are found per block of lines of one topic: the docnos of the current block, and
  // the topics that came back after another topic (checked again as a whole at the end).
  std::string_view last_topic_;
  std::size_t current_ = 0;
  DocnoSet block_docnos_;
  std::vector<bool> topic_closed_;
  std::vector<std::size_t> fragmented_;
};

/// One topic's docnos in trec_eval's order: score descending, ties by docno descending.
struct RankedTopic {
  std::string_view topic;
  std::vector<std::string_view> docnos;
};

/// Reads a qrels file (`qid iter docno rel` lines). `file_name` is only used in messages.
/// Errors, each naming the file, line and column and what was expected:
///   empty_input  no judgment lines at all (only blanks and comments);
///   bad_token    a line with fewer or more than 4 fields; a docno given twice for a topic
///                (unless Duplicates::keep_first), naming both lines;
///   bad_number   a rel that is not a whole number (an optional sign and digits).
///   With `loose`, a rel that starts with a whole number is read as trec_eval's atol reads it
///   ("1.7" is 1), with one warning for the file.
///   out_of_range  more than `max_topics` topics (the line of the first one too many): memory
///                 for the topics runs out long before the bytes do (TrecSession::Limits).
///   With `subtopics` (the diversity measures'), the same lines are also read as subtopic qrels
///   into it, the iteration column as the subtopic (measures/ndeval.h: its errors too, and its
///   judgments given twice for one subtopic, by `subtopic_duplicates`); its topics are in the
///   order of `Qrels::topics`, and read their docnos (and grades) from the returned Qrels'
///   judgments: keep that Qrels while they are used (moving it keeps its judgments in place;
///   a copy has its own).
[[nodiscard]] Result<Qrels> read_qrels(std::string_view bytes, std::string_view file_name,
                                       Duplicates duplicates = Duplicates::error,
                                       bool loose = false,
                                       std::size_t max_topics = static_cast<std::size_t>(-1),
                                       diversity::SubtopicQrels* subtopics = nullptr,
                                       Duplicates subtopic_duplicates = Duplicates::error);

/// The judgment files of trec_eval's -R option besides qrels, whose lines carry a judgment group
/// (jg: one user's judgments of a topic) and, for prefs, a judgment subgroup (jsg):
///   prefs        `qid jg jsg docno level`  preferences: within a jsg, a document with a higher
///                level is preferred to one with a lower level (0 means not relevant)
///   qrels_prefs  `qid jg docno level`      a qrels read as preferences: the iter column is the
///                jg, every line has jsg "0"
///   qrels_jg     `qid jg docno rel`        a qrels with one set of judgments per jg
enum class RelFormat { qrels, prefs, qrels_prefs, qrels_jg };

/// "qrels", "prefs", "qrels_prefs", "qrels_jg".
[[nodiscard]] const char* to_string(RelFormat format);

/// One line of a judgment-group file.
struct GroupJudgment {
  std::string_view jg;   // views point into the bytes given to read_grouped_qrels
  std::string_view jsg;  // "0" unless the format is prefs
  std::string_view docno;
  double level = 0.0;  // prefs, qrels_prefs: as atof reads it; qrels_jg: a whole number
  int line = 0;        // 1-based line in the file
};

/// A judgment-group file: its topics in order of first appearance, each with its lines in file
/// order. A docno may be given once per jg and jsg (trec_eval checks no more, except qrels_jg:
/// once per jg).
struct GroupedQrels {
  std::string file_name;
  RelFormat format = RelFormat::prefs;
  std::vector<std::string_view> topics;
  std::vector<std::vector<GroupJudgment>> judgments;  // the lines of topics[i]
  std::unordered_map<std::string_view, std::size_t> topic_index;
  std::vector<std::string> warnings;

  [[nodiscard]] const std::vector<GroupJudgment>* find(std::string_view topic) const {
    const auto found = topic_index.find(topic);
    return found == topic_index.end() ? nullptr : &judgments[found->second];
  }
};

/// Reads a prefs, qrels_prefs or qrels_jg file (`format`, not qrels). Errors as read_qrels: a
/// line with the wrong number of fields (5 for prefs, 4 otherwise), a level that is not a number
/// (qrels_jg: not a whole number), a docno given twice in one jg of a qrels_jg topic (trec_eval
/// stops there too), more than `max_topics` topics, no line at all. With `loose`, a level read
/// as trec_eval's atof (atol for qrels_jg) reads its start ("2x" is 2), with one warning.
[[nodiscard]] Result<GroupedQrels> read_grouped_qrels(
    std::string_view bytes, std::string_view file_name, RelFormat format, bool loose = false,
    std::size_t max_topics = static_cast<std::size_t>(-1));

/// Reads a run file (`qid Q0 docno rank score tag` lines) held in one piece (see RunReader).
/// Scores are doubles, or 32-bit floats widened to double with Compat::trec9. Errors as
/// read_qrels, for 6 fields, plus bad_number for a rank that is not a whole number or a score that
/// is not a decimal number (0.5, -3, 1e-4; not inf or nan).
[[nodiscard]] Result<Run> read_run(std::string_view bytes, std::string_view file_name,
                                   Compat compat = Compat::current,
                                   Duplicates duplicates = Duplicates::error);

/// trec_eval's order: score descending, then docno descending in byte order (string_view
/// compares chars as unsigned, like strcmp). Docnos are unique in a topic, so the order is total.
[[nodiscard]] inline bool ranks_before(const ScoredDoc& a, const ScoredDoc& b) {
  return a.score != b.score ? a.score > b.score : a.docno > b.docno;
}

/// Each topic's docnos in trec_eval's order, topics in the run's order of first appearance.
[[nodiscard]] std::vector<RankedTopic> rank_topics(const Run& run);

/// A grade that says the document was judged: zero or more. Negative grades count as unjudged.
[[nodiscard]] inline bool is_judged(int grade) { return grade >= 0; }

/// A judged grade at or above the relevance level (trec_eval -l, default 1).
[[nodiscard]] inline bool is_relevant(int grade, int level = 1) {
  return is_judged(grade) && grade >= level;
}

/// The number of relevant documents of a topic (R) at the relevance level.
[[nodiscard]] std::int64_t count_relevant(const TopicJudgments& judgments, int level = 1);

}  // namespace irm
