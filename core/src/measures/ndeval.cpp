// Subtopic qrels and ndeval's diversity measures (see ndeval.h for the rules).
//
// Per topic: the judgments are grouped by document (by hash, or as read_qrels grouped the same
// lines) and each document's sorted by subtopic; an evaluation makes a few arrays of one entry
// per subtopic and walks the ranking once (to the deepest cutoff when only the measures at k
// are asked). The ideal ranking is ndeval's greedy one over groups: documents relevant to the
// same subtopics always have the same gain, so each group is a queue (docno descending) and
// each rank compares the groups' heads, whose gains are recomputed only when a subtopic of
// theirs was just seen. ndeval rescans every judged document and every subtopic at every rank
// instead.
//
// A qrels file without subtopics read for these measures with trec_eval's (every iteration 0,
// each document judged once) costs them little: its lines are its judgments (no copy), its
// topics' ideal rankings one group each (no sorting when only the gains are kept), and the
// powers of beta NRBP discounts by are made once. On a 300 MB run with 7,000 topics, alpha-nDCG@20
// adds 1% to -m all_trec's time and NRBP 3% (medians; they added 13 and 17%).

#include "measures/ndeval.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "parse/text.h"
#include "trec/ir_spec.h"
#include "trec/irmeasures.h"
#include "trec/plan.h"

namespace irm::diversity {
namespace {

constexpr int field_count = 4;
constexpr const char* shape = "4 fields: topic subtopic docno grade";
constexpr int max_duplicate_warnings = 20;
constexpr int max_cutoff = 1000000;

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Up to field_count + 1 fields of a line: one more than expected tells "too many".
struct Split {
  std::string_view field[field_count + 1];
  int count = 0;
};

Split split_line(std::string_view line) {
  Split out;
  std::size_t at = 0;
  while (out.count <= field_count) {
    while (at < line.size() && blank(line[at])) ++at;
    if (at == line.size()) break;
    const std::size_t start = at;
    while (at < line.size() && !blank(line[at])) ++at;
    out.field[out.count++] = line.substr(start, at - start);
  }
  return out;
}

// The place of `part` (a view into `line`) in code points.
Span place(std::string_view line, int number, std::string_view part) {
  const auto offset = static_cast<std::size_t>(part.data() - line.data());
  return Span{number, text::code_points(line.substr(0, offset)) + 1, text::code_points(part)};
}

// From `part` to the end of the line, trailing blanks left out.
std::string_view to_end(std::string_view line, std::string_view part) {
  std::size_t end = line.size();
  while (end > 0 && blank(line[end - 1])) --end;
  const auto offset = static_cast<std::size_t>(part.data() - line.data());
  return line.substr(offset, end - offset);
}

std::string at_text(const Span& span, std::string_view file_name) {
  return text::position(span) + " of " + std::string(file_name);
}

// The whole line of `bytes` that holds `inside` (a view into it), without its line end.
std::string_view line_around(std::string_view bytes, std::string_view inside) {
  const auto at = static_cast<std::size_t>(inside.data() - bytes.data());
  const std::size_t before = at == 0 ? std::string_view::npos : bytes.rfind('\n', at - 1);
  std::size_t begin = before == std::string_view::npos ? 0 : before + 1;
  if (begin == 0 && bytes.substr(0, 3) == "\xEF\xBB\xBF") begin = 3;
  std::size_t end = bytes.find('\n', at);
  if (end == std::string_view::npos) end = bytes.size();
  return bytes.substr(begin, end - begin);
}

enum class Whole { ok, not_whole, too_large };

// A whole number: digits with an optional sign (only digits when `sign` is false). Read by
// hand: every qrels line has one, and from_chars with its checks took three times as long.
Whole read_whole(std::string_view s, bool sign, int& value) {
  constexpr long long largest = 2147483647LL;
  std::size_t start = 0;
  if (sign && !s.empty() && (s[0] == '-' || s[0] == '+')) start = 1;
  if (start == s.size()) return Whole::not_whole;
  long long magnitude = 0;  // stops growing past `largest`, so never overflows
  for (std::size_t i = start; i < s.size(); ++i) {
    if (!digit(s[i])) return Whole::not_whole;
    if (magnitude <= largest) magnitude = magnitude * 10 + (s[i] - '0');
  }
  if (magnitude > largest) return Whole::too_large;
  value = static_cast<int>(s[0] == '-' ? -magnitude : magnitude);
  return Whole::ok;
}

std::string thousands(std::size_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return digits;
}

// Byte order, as strcmp compares (string_view compares chars as unsigned).
bool docno_after(std::string_view a, std::string_view b) { return a.compare(b) > 0; }

double discount(std::size_t index) {  // index 0 is rank 1
  return index == 0 ? 1.0 : std::log(2.0) / std::log(static_cast<double>(index) + 2.0);
}

InputError option_error(const std::string& message) {
  return InputError{ErrorCode::bad_parameter_value, message, Span{}, Field::options};
}

std::string number_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Reading

template <class LineAt>
void TopicQrels::place(std::size_t count, LineAt line_at, const std::vector<std::uint32_t>& doc_of,
                       std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice) {
  // Each document's lines together, in file order (a counting sort: starts_ holds the counts),
  // then by subtopic.
  const std::size_t documents = documents_;
  std::uint32_t next = 0;
  for (std::size_t d = 0; d < documents; ++d) {
    const std::uint32_t lines = starts_[d];
    starts_[d] = next;
    next += lines;
  }
  std::vector<std::uint32_t> placed(count);
  std::vector<std::uint32_t> end(starts_.begin(), starts_.begin() + documents);
  for (std::size_t i = 0; i < count; ++i) placed[end[doc_of[i]]++] = static_cast<std::uint32_t>(i);
  // A (docno, subtopic) given again: keep the first line's (file order is kept among equals).
  judgments_.clear();
  judgments_.reserve(count);
  for (std::size_t d = 0; d < documents; ++d) {
    const auto first = placed.begin() + starts_[d];
    const auto last = placed.begin() + end[d];
    if (last - first > 1) {
      std::stable_sort(first, last, [&](std::uint32_t a, std::uint32_t b) {
        return line_at(a).subtopic < line_at(b).subtopic;
      });
    }
    starts_[d] = static_cast<std::uint32_t>(judgments_.size());
    SubtopicJudgment kept;
    for (auto j = first; j != last; ++j) {
      const SubtopicJudgment line = line_at(*j);
      if (j != first && kept.subtopic == line.subtopic) {
        twice.emplace_back(line, kept);
        continue;
      }
      kept = line;
      judgments_.push_back(Judged{static_cast<std::uint32_t>(line.subtopic), line.grade});
    }
  }
  starts_[documents] = static_cast<std::uint32_t>(judgments_.size());
  if (judgments_.size() == documents) starts_ = {};  // one judgment each
  judgments_.shrink_to_fit();
  number_subtopics();
}

void TopicQrels::number_subtopics() {
  subtopics_.clear();
  for (const Judged& j : judgments_) {
    const int subtopic = static_cast<int>(j.column);
    if (subtopics_.empty() || subtopics_.back() != subtopic) subtopics_.push_back(subtopic);
  }
  std::sort(subtopics_.begin(), subtopics_.end());
  subtopics_.erase(std::unique(subtopics_.begin(), subtopics_.end()), subtopics_.end());
  for (Judged& j : judgments_) {
    j.column = static_cast<std::uint32_t>(
        std::lower_bound(subtopics_.begin(), subtopics_.end(), static_cast<int>(j.column)) -
        subtopics_.begin());
  }
}

void TopicQrels::build(std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice) {
  // Documents by hash (open addressing), numbered in order of first appearance: sorting the
  // judgments by docno cost half the reading time of a large qrels file.
  std::size_t size = 16;
  while (size < added_lines_.size() * 2) size *= 2;
  slots_.assign(size, 0);
  const std::size_t mask = size - 1;
  docnos_.clear();
  starts_.clear();
  lines_ = nullptr;
  std::vector<std::uint32_t> doc_of(added_lines_.size());
  for (std::size_t i = 0; i < added_lines_.size(); ++i) {
    const std::string_view docno = added_lines_[i].docno;
    std::size_t at = hash_text(docno) & mask;
    while (slots_[at] != 0 && !same_text(docnos_[slots_[at] - 1], docno)) {
      at = (at + 1) & mask;
    }
    if (slots_[at] == 0) {
      docnos_.push_back(docno);
      starts_.push_back(0);
      slots_[at] = static_cast<std::uint32_t>(docnos_.size());
    }
    doc_of[i] = slots_[at] - 1;
    ++starts_[doc_of[i]];
  }
  documents_ = docnos_.size();
  starts_.push_back(0);
  place(
      added_lines_.size(), [&](std::size_t i) { return added_lines_[i]; }, doc_of, twice);
  added_lines_ = {};
}

void TopicQrels::build_as(const std::vector<Judgment>& lines,
                          const std::vector<std::pair<std::size_t, std::size_t>>& same_document,
                          std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice) {
  slots_.clear();
  docnos_.clear();
  lines_ = &lines;
  if (same_document.empty()) {
    // Each document judged once: document d is line d, and no subtopic is judged twice.
    documents_ = lines.size();
    starts_ = {};
    if (subtopic_of_.empty()) {
      // For one subtopic (a qrels file without subtopics): the lines are the judgments.
      judgments_ = {};
      subtopics_.assign(lines.empty() ? 0 : 1, only_subtopic_);
      added_ = 0;
      return;
    }
    judgments_.resize(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      judgments_[i] = Judged{static_cast<std::uint32_t>(subtopic_of_[i]), lines[i].grade};
    }
    number_subtopics();
    subtopic_of_ = {};
    added_ = 0;
    return;
  }
  // A line's document is its first line's; documents are numbered in that order.
  std::vector<std::uint32_t> doc_of(lines.size());
  for (std::size_t i = 0; i < doc_of.size(); ++i) doc_of[i] = static_cast<std::uint32_t>(i);
  for (const auto& [later, first] : same_document) {
    doc_of[later] = static_cast<std::uint32_t>(first);
  }
  std::uint32_t documents = 0;
  for (std::size_t i = 0; i < doc_of.size(); ++i) {
    doc_of[i] = doc_of[i] == i ? documents++ : doc_of[doc_of[i]];
  }
  documents_ = documents;
  starts_.assign(documents + 1, 0);
  for (std::size_t i = 0; i < lines.size(); ++i) ++starts_[doc_of[i]];
  place(
      lines.size(),
      [&](std::size_t i) {
        const int subtopic = subtopic_of_.empty() ? only_subtopic_ : subtopic_of_[i];
        return SubtopicJudgment{lines[i].docno, subtopic, lines[i].grade, lines[i].line};
      },
      doc_of, twice);
  subtopic_of_ = {};
  added_ = 0;
}

std::int32_t TopicQrels::find(std::string_view docno) const {
  if (slots_.empty()) {  // built by read_qrels: found by its TopicJudgments, in the same order
    for (std::size_t d = 0; d < documents_; ++d) {
      if (same_text(this->docno(d), docno)) return static_cast<std::int32_t>(d);
    }
    return -1;
  }
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = hash_text(docno) & mask; slots_[at] != 0; at = (at + 1) & mask) {
    const std::uint32_t d = slots_[at] - 1;
    if (same_text(docnos_[d], docno)) return static_cast<std::int32_t>(d);
  }
  return -1;
}

std::optional<InputError> read_subtopic(std::string_view line, int number, std::string_view field,
                                        std::string_view file_name, int& subtopic) {
  const Whole s = read_whole(field, false, subtopic);
  if (s == Whole::ok) return std::nullopt;
  const Span span = place(line, number, field);
  return InputError{s == Whole::too_large ? ErrorCode::out_of_range : ErrorCode::bad_number,
                    "found " + text::quoted(field) + " at " + at_text(span, file_name) +
                        "; expected the subtopic (second field), a whole number 0 or more such "
                        "as 1, 2 or 3" +
                        (s == Whole::too_large ? " up to 2147483647" : ""),
                    span};
}

std::optional<InputError> report_judged_twice(
    SubtopicQrels& qrels, std::string_view bytes, Duplicates duplicates,
    const std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>>& twice,
    const std::vector<std::string_view>& twice_topic) {
  const std::string& file = qrels.file_name;
  if (twice.empty()) return std::nullopt;
  std::vector<std::size_t> order(twice.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return twice[a].first.line < twice[b].first.line;
  });
  int warned = 0;
  for (const std::size_t i : order) {
    const SubtopicJudgment& later = twice[i].first;
    const SubtopicJudgment& first = twice[i].second;
    const std::string what = "document " + text::quoted(later.docno) + " is judged twice for " +
                             "subtopic " + std::to_string(later.subtopic) + " of topic " +
                             text::quoted(twice_topic[i]) + " in " + file + ", at lines " +
                             std::to_string(first.line) + " and " + std::to_string(later.line);
    if (duplicates == Duplicates::error) {
      return InputError{ErrorCode::bad_token,
                        what +
                            "; give each document one grade per subtopic (ndeval does not check, "
                            "and then counts both lines towards the subtopic's relevant "
                            "documents), or choose to keep the first line",
                        place(line_around(bytes, later.docno), later.line, later.docno)};
    }
    if (++warned <= max_duplicate_warnings) {
      qrels.warnings.push_back(what + "; kept line " + std::to_string(first.line));
    }
  }
  if (warned > max_duplicate_warnings) {
    qrels.warnings.push_back("… and " + std::to_string(warned - max_duplicate_warnings) +
                             " more judgments given twice in " + file +
                             "; the first line of each was kept");
  }
  return std::nullopt;
}

Result<SubtopicQrels> read_subtopic_qrels(std::string_view bytes, std::string_view file_name,
                                          Duplicates duplicates, std::size_t max_topics) {
  SubtopicQrels qrels;
  qrels.file_name = std::string(file_name);
  const std::string file(file_name);
  std::size_t position = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  int number = 0;
  std::string_view last_topic;
  TopicQrels* current = nullptr;
  while (position < bytes.size()) {
    const std::size_t newline = bytes.find('\n', position);
    const std::size_t stop = newline == std::string_view::npos ? bytes.size() : newline;
    const std::string_view line = bytes.substr(position, stop - position);
    position = stop + 1;
    ++number;
    const Split fields = split_line(line);
    if (fields.count == 0 || fields.field[0][0] == '#') continue;
    if (fields.count < field_count) {
      const int n = fields.count;
      return InputError{ErrorCode::bad_token,
                        "line " + std::to_string(number) + " of " + file + " has " +
                            std::to_string(n) + (n == 1 ? " field" : " fields") + ", expected " +
                            shape,
                        place(line, number, to_end(line, fields.field[0]))};
    }
    if (fields.count > field_count) {
      const std::string_view extra = fields.field[field_count];
      const Span span = place(line, number, to_end(line, extra));
      return InputError{ErrorCode::bad_token,
                        "found an extra field " + text::quoted(extra) + " at " +
                            at_text(span, file_name) + "; expected " + shape,
                        span};
    }
    int subtopic = 0;
    if (auto error = read_subtopic(line, number, fields.field[1], file_name, subtopic)) {
      return *error;
    }
    int grade = 0;
    const std::string_view grade_text = fields.field[3];
    const Whole g = read_whole(grade_text, true, grade);
    if (g != Whole::ok) {
      const Span span = place(line, number, grade_text);
      return InputError{
          g == Whole::too_large ? ErrorCode::out_of_range : ErrorCode::bad_number,
          "found " + text::quoted(grade_text) + " at " + at_text(span, file_name) +
              (g == Whole::too_large
                   ? "; expected the grade (fourth field) to lie between -2147483647 and "
                     "2147483647"
                   : "; expected the grade (fourth field), a whole number such as 0 or 1 (1 or "
                     "more: relevant to the subtopic)"),
          span};
    }
    const std::string_view topic = fields.field[0];
    if (current == nullptr || !same_text(topic, last_topic)) {
      const auto found = qrels.topic_index.find(topic);
      if (found == qrels.topic_index.end()) {
        if (qrels.topics.size() >= max_topics) {
          const std::string limit = thousands(max_topics);
          return InputError{ErrorCode::out_of_range,
                            file + " has more than " + limit + " topics (topic " +
                                text::quoted(topic) + " at line " + std::to_string(number) +
                                " is one too many); at most " + limit + " are held in memory",
                            place(line, number, topic)};
        }
        qrels.topic_index.emplace(topic, qrels.topics.size());
        qrels.topics.emplace_back();
        qrels.topics.back().topic = topic;
        current = &qrels.topics.back();
      } else {
        current = &qrels.topics[found->second];
      }
      last_topic = topic;
    }
    current->add(SubtopicJudgment{fields.field[2], subtopic, grade, number});
  }
  if (qrels.topics.empty()) {
    return InputError{ErrorCode::empty_input,
                      file + " has no judgment lines; expected lines of " + shape, Span{}};
  }

  std::vector<std::pair<SubtopicJudgment, SubtopicJudgment>> twice;
  std::vector<std::string_view> twice_topic;
  for (TopicQrels& t : qrels.topics) {
    t.build(twice);
    twice_topic.resize(twice.size(), t.topic);
  }
  if (auto error = report_judged_twice(qrels, bytes, duplicates, twice, twice_topic)) {
    return *error;
  }
  return qrels;
}

// ---------------------------------------------------------------------------------------------
// Evaluating

std::optional<InputError> check_options(const Options& options) {
  // Written so that NaN fails too.
  if (!(options.alpha >= 0.0 && options.alpha <= 1.0)) {
    return option_error("alpha is " + number_text(options.alpha) +
                        "; expected a number from 0 to 1 (ndeval's default is 0.5)");
  }
  if (!(options.beta >= 0.0 && options.beta <= 1.0)) {
    return option_error("beta is " + number_text(options.beta) +
                        "; expected a number from 0 to 1 (ndeval's default is 0.5)");
  }
  if (options.cutoffs.empty()) {
    return option_error("no cutoff given; expected at least one k, such as 5, 10 and 20");
  }
  for (const int k : options.cutoffs) {
    if (k < 1 || k > max_cutoff) {
      return option_error("cutoff " + std::to_string(k) +
                          " is out of range; expected a whole number from 1 to 1,000,000");
    }
  }
  return std::nullopt;
}

namespace {

// ideal_ranking's working arrays (see there).
struct IdealScratch {
  struct Group {
    std::uint32_t head;  // index into `order` of the next document to place
    std::uint32_t end;
  };
  std::vector<std::uint32_t> relevant;
  std::vector<std::uint32_t> columns;
  std::vector<std::uint32_t> first;
  std::vector<std::uint32_t> order;
  std::vector<Group> groups;
  std::vector<double> gain;
  std::vector<std::vector<std::uint32_t>> groups_of;
  std::vector<std::uint32_t> live;
  std::vector<bool> done;
};

}  // namespace

Ideal ideal_ranking(const TopicQrels& topic, double alpha, int relevance_level, std::size_t depth,
                    IdealDocs keep_docs) {
  Ideal ideal;
  ideal.topic = &topic;
  ideal.alpha = alpha;
  ideal.relevance_level = relevance_level;

  // Documents relevant to the same subtopics always have the same gain, and among them the
  // greater docno goes first: each such group is a queue, and the greedy choice is among the
  // groups' heads. `columns` holds each relevant document's subtopics (ascending), at
  // [first[k], first[k + 1]) for the k-th relevant document.
  // The working arrays are kept from one call to the next (a large qrels has thousands of
  // topics; in wasm, their allocations were a tenth of the measures' time).
  thread_local IdealScratch scratch;
  std::vector<std::uint32_t>& relevant = scratch.relevant;
  std::vector<std::uint32_t>& columns = scratch.columns;
  std::vector<std::uint32_t>& first = scratch.first;
  // (Sized for every document, then cut: written in place, they cost half of push_back's time.)
  relevant.resize(topic.size());
  columns.resize(topic.size() == 0 ? 0 : topic.last(topic.size() - 1));
  first.resize(topic.size() + 1);
  ideal.relevant_per_subtopic.assign(topic.subtopics().size(), 0);
  std::uint32_t relevant_count = 0;
  std::uint32_t column_count = 0;
  int* const per_subtopic = ideal.relevant_per_subtopic.data();
  for (std::uint32_t d = 0; d < topic.size(); ++d) {
    const std::uint32_t before = column_count;
    const std::uint32_t end = topic.last(d);
    for (std::uint32_t i = topic.first(d); i < end; ++i) {
      const TopicQrels::Judged j = topic.judgment(i);
      if (j.grade < relevance_level) continue;
      columns[column_count++] = j.column;
      ++per_subtopic[j.column];
    }
    if (column_count == before) continue;
    first[relevant_count] = before;
    relevant[relevant_count++] = d;
  }
  first[relevant_count] = column_count;
  relevant.resize(relevant_count);
  columns.resize(column_count);
  first.resize(relevant_count + 1);
  const auto subtopics_of = [&](std::size_t k) {
    return std::make_pair(columns.begin() + first[k], columns.begin() + first[k + 1]);
  };
  ideal.relevant = relevant.size();
  // Relevant documents in order of their subtopics, then docno descending: within a group only
  // as many as the ranking's depth can place.
  std::vector<std::uint32_t>& order = scratch.order;
  order.resize(relevant.size());
  for (std::uint32_t k = 0; k < order.size(); ++k) order[k] = k;
  // (A qrels file without subtopics gives every relevant document the same one: one group.)
  bool one_group = true;
  if (!order.empty()) {
    const auto [a0, a1] = subtopics_of(0);
    for (std::uint32_t k = 1; k < order.size() && one_group; ++k) {
      const auto [b0, b1] = subtopics_of(k);
      one_group = std::equal(a0, a1, b0, b1);
    }
  }
  std::vector<IdealScratch::Group>& groups = scratch.groups;
  groups.clear();
  using Group = IdealScratch::Group;
  if (one_group) {
    if (!order.empty()) groups.push_back(Group{0, static_cast<std::uint32_t>(order.size())});
  } else {
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      const auto [a0, a1] = subtopics_of(a);
      const auto [b0, b1] = subtopics_of(b);
      return std::lexicographical_compare(a0, a1, b0, b1);
    });
    groups.push_back(Group{0, 1});
    for (std::uint32_t i = 1; i < order.size(); ++i) {
      const auto [a0, a1] = subtopics_of(order[i - 1]);
      const auto [b0, b1] = subtopics_of(order[i]);
      if (std::equal(a0, a1, b0, b1)) {
        groups.back().end = i + 1;
      } else {
        groups.push_back(Group{i, i + 1});
      }
    }
  }
  const auto docno_descending = [&](std::uint32_t a, std::uint32_t b) {
    return docno_after(topic.docno(relevant[a]), topic.docno(relevant[b]));
  };
  // Within a group, the order matters for the documents of the ranking and for a tie between
  // two groups' heads; one group alone, kept without its documents, needs no order.
  const bool docs_wanted = keep_docs == IdealDocs::ranked;
  for (Group& group : groups) {
    if (!docs_wanted && groups.size() == 1) break;  // (sorting was half of the ideal's time)
    const auto begin = order.begin() + group.head;
    const auto end = order.begin() + group.end;
    const std::size_t size = group.end - group.head;
    if (size <= depth) {
      std::sort(begin, end, docno_descending);
    } else {
      std::partial_sort(begin, begin + static_cast<std::ptrdiff_t>(depth), end, docno_descending);
    }
  }
  const std::size_t placed = std::min(depth, relevant.size());
  const double keep = 1.0 - alpha;
  if (groups.size() == 1) {
    // Every rank holds a document of the same subtopics, whose weights therefore stay equal:
    // the gain at each rank is that weight added once per subtopic, as below.
    const auto [c0, c1] = subtopics_of(order[0]);
    ideal.gains.resize(placed);
    double weight = 1.0;
    for (std::size_t r = 0; r < placed; ++r) {
      double gain = 0.0;
      for (auto c = c0; c != c1; ++c) gain += weight;
      ideal.gains[r] = gain;
      weight *= keep;
    }
    if (docs_wanted) {
      ideal.docs.resize(placed);
      for (std::size_t r = 0; r < placed; ++r) ideal.docs[r] = relevant[order[r]];
    }
    return ideal;
  }

  std::vector<double> weight(topic.subtopics().size(), 1.0);
  // A group's gain now: its subtopics' weights added in ascending subtopic, as ndeval adds.
  const auto gain_of = [&](std::uint32_t g) {
    double gain = 0.0;
    const auto [c0, c1] = subtopics_of(order[groups[g].head]);
    for (auto c = c0; c != c1; ++c) gain += weight[*c];
    return gain;
  };
  const auto head_docno = [&](std::uint32_t g) {
    return topic.docno(relevant[order[groups[g].head]]);
  };
  // Each group's gain, kept current: when a document is placed, only the groups sharing one of
  // its subtopics change, and they are recomputed.
  std::vector<double>& gain = scratch.gain;
  gain.resize(groups.size());
  std::vector<std::vector<std::uint32_t>>& groups_of = scratch.groups_of;
  if (groups_of.size() < topic.subtopics().size()) groups_of.resize(topic.subtopics().size());
  for (std::size_t c = 0; c < topic.subtopics().size(); ++c) groups_of[c].clear();
  std::vector<std::uint32_t>& live = scratch.live;
  live.resize(groups.size());
  for (std::uint32_t g = 0; g < groups.size(); ++g) {
    gain[g] = gain_of(g);
    live[g] = g;
    const auto [c0, c1] = subtopics_of(order[groups[g].head]);
    for (auto c = c0; c != c1; ++c) groups_of[*c].push_back(g);
  }
  std::vector<bool>& done = scratch.done;
  done.assign(groups.size(), false);
  if (docs_wanted) ideal.docs.reserve(placed);
  ideal.gains.reserve(placed);
  while (!live.empty() && ideal.gains.size() < placed) {
    // The greatest gain, ties to the greater docno.
    std::size_t best = 0;
    for (std::size_t i = 1; i < live.size(); ++i) {
      const std::uint32_t g = live[i];
      const std::uint32_t b = live[best];
      if (gain[g] > gain[b] || (gain[g] == gain[b] && docno_after(head_docno(g), head_docno(b)))) {
        best = i;
      }
    }
    const std::uint32_t chosen = live[best];
    Group& group = groups[chosen];
    const std::uint32_t k = order[group.head];
    if (docs_wanted) ideal.docs.push_back(relevant[k]);
    ideal.gains.push_back(gain[chosen]);
    if (++group.head == group.end) {
      done[chosen] = true;
      live[best] = live.back();
      live.pop_back();
    }
    const auto [c0, c1] = subtopics_of(k);
    for (auto c = c0; c != c1; ++c) weight[*c] *= keep;
    for (auto c = c0; c != c1; ++c) {
      for (const std::uint32_t g : groups_of[*c]) {
        if (!done[g]) gain[g] = gain_of(g);
      }
    }
  }
  return ideal;
}

namespace {

// The running sums of a walk down a ranking, read off at the cutoffs.
struct Walk {
  double dcg = 0.0;
  double err = 0.0;
  int precision_count = 0;
  int subtopics_seen = 0;
};

// Fills rows [0, limit) of a ranking whose documents are given by `doc_at` (-1: unjudged),
// with a fresh set of weights.
template <class DocAt>
void describe(const TopicQrels* topic, std::size_t count, std::size_t limit, int level, double keep,
              DocAt doc_at, std::vector<RankRow>& rows, std::vector<Coverage>& coverage) {
  const std::size_t columns = topic == nullptr ? 0 : topic->subtopics().size();
  std::vector<double> weight(columns, 1.0);
  std::vector<int> seen(columns, 0);
  Walk walk;
  const std::size_t n = std::min(count, limit);
  rows.reserve(n);
  for (std::size_t r = 0; r < n; ++r) {
    RankRow row;
    row.rank = static_cast<int>(r + 1);
    std::int32_t doc = -1;
    row.docno = doc_at(r, doc);
    row.judged = doc >= 0;
    row.first = coverage.size();
    if (doc >= 0) {
      const auto d = static_cast<std::size_t>(doc);
      for (std::uint32_t i = topic->first(d); i < topic->last(d); ++i) {
        const TopicQrels::Judged j = topic->judgment(i);
        if (j.grade < level) continue;
        const std::uint32_t c = j.column;
        coverage.push_back(Coverage{topic->subtopic(j), seen[c], weight[c]});
        row.gain += weight[c];
        weight[c] *= keep;
        if (seen[c]++ == 0) ++walk.subtopics_seen;
        ++walk.precision_count;
      }
    }
    row.count = coverage.size() - row.first;
    row.discount = discount(r);
    walk.dcg += row.gain * row.discount;
    walk.err += row.gain / static_cast<double>(r + 1);
    row.dcg = walk.dcg;
    row.err = walk.err;
    row.precision_count = walk.precision_count;
    row.subtopics_seen = walk.subtopics_seen;
    rows.push_back(row);
  }
}

// walk's working arrays, kept from one call to the next.
struct WalkScratch {
  struct Mark {
    Walk run;
    double ideal_dcg = 0.0;
    double ideal_err = 0.0;
    double ideal_ideal_dcg = 0.0;
    double ideal_ideal_err = 0.0;
  };
  std::vector<int> cutoffs;
  std::vector<Mark> marks;
  std::vector<double> weight;
  std::vector<int> seen;
  std::vector<double> precision_sum;
};

// beta^0, beta^1, ... to the power count - 1, each the last times beta, as NRBP's running
// product makes them: the same numbers, made once for every topic. Past the table's end they
// are 0 (it stops at the first 0).
const std::vector<double>& powers_of(double beta, std::size_t count) {
  thread_local std::vector<double> powers;
  thread_local double of = 0.0;
  if (powers.empty() || !(of == beta)) {
    powers.assign(1, 1.0);
    of = beta;
  }
  while (powers.size() < count && powers.back() != 0.0) powers.push_back(powers.back() * beta);
  return powers;
}

// The measures of a ranking of `total` documents whose first n are read: doc_at(r, doc) sets
// doc to the document at rank r + 1 (-1: not judged) and returns its docno (for rows).
template <class DocAt>
TopicScores walk(const TopicQrels* topic, const Ideal& ideal, std::size_t total, std::size_t n,
                 DocAt doc_at, const Options& options) {
  const double alpha = options.alpha;
  const double keep = 1.0 - alpha;
  const int level = options.relevance_level;
  const std::size_t columns = topic == nullptr ? 0 : topic->subtopics().size();

  TopicScores scores;
  scores.documents = total;
  if (topic != nullptr) {
    scores.relevant_per_subtopic = ideal.relevant_per_subtopic;
  }
  for (const int count : scores.relevant_per_subtopic) scores.subtopics += count > 0 ? 1 : 0;
  scores.relevant = topic == nullptr ? 0 : ideal.relevant;
  const int s = scores.subtopics;

  // The working arrays are kept from one call to the next, as in ideal_ranking.
  thread_local WalkScratch scratch;
  std::vector<int>& cutoffs = scratch.cutoffs;
  cutoffs = options.cutoffs;
  std::sort(cutoffs.begin(), cutoffs.end());
  cutoffs.erase(std::unique(cutoffs.begin(), cutoffs.end()), cutoffs.end());
  const auto deepest = static_cast<std::size_t>(cutoffs.back());
  std::vector<WalkScratch::Mark>& marks = scratch.marks;
  marks.assign(cutoffs.size(), WalkScratch::Mark{});

  // One walk down the run (all of it: NRBP and MAP-IA), the ideal and the "ideal ideal" (to the
  // deepest cutoff), with ndeval's operations in ndeval's order.
  std::vector<double>& weight = scratch.weight;
  std::vector<int>& seen = scratch.seen;
  std::vector<double>& precision_sum = scratch.precision_sum;
  weight.assign(columns, 1.0);
  seen.assign(columns, 0);
  precision_sum.assign(columns, 0.0);
  Walk run;
  Walk best;
  double ideal_ideal_dcg = 0.0;
  double ideal_ideal_err = 0.0;
  double ideal_ideal_gain = static_cast<double>(s);
  const std::size_t judged_ranks = topic == nullptr ? 0 : n;  // the ranks whose documents count
  const std::vector<double>& decay =
      powers_of(options.beta, std::max(judged_ranks, ideal.gains.size()));
  const auto decay_at = [&](std::size_t r) { return r < decay.size() ? decay[r] : 0.0; };
  double nrbp_sum = 0.0;
  // The gain of the document at rank r + 1, its subtopics' weights and counts updated; `at_k`:
  // the rank is within the deepest cutoff.
  const auto take = [&](std::size_t r, bool at_k) {
    double gain = 0.0;
    std::int32_t doc = -1;
    doc_at(r, doc);
    if (doc < 0) return gain;
    const auto d = static_cast<std::size_t>(doc);
    for (std::uint32_t i = topic->first(d); i < topic->last(d); ++i) {
      const TopicQrels::Judged j = topic->judgment(i);
      if (j.grade < level) continue;
      const std::uint32_t c = j.column;
      gain += weight[c];
      weight[c] *= keep;
      if (seen[c]++ == 0 && at_k) ++run.subtopics_seen;
      if (at_k) ++run.precision_count;
      precision_sum[c] += static_cast<double>(seen[c]) / static_cast<double>(r + 1);
    }
    return gain;
  };
  std::size_t next_mark = 0;
  for (std::size_t r = 0; r < deepest; ++r) {
    const double gain = r < judged_ranks ? take(r, true) : 0.0;
    if (gain != 0.0) nrbp_sum += gain * decay_at(r);
    const double d = discount(r);
    const double rank = static_cast<double>(r + 1);
    run.dcg += gain * d;
    run.err += gain / rank;
    const double ideal_gain = r < ideal.gains.size() && topic != nullptr ? ideal.gains[r] : 0.0;
    best.dcg += ideal_gain * d;
    best.err += ideal_gain / rank;
    ideal_ideal_dcg += ideal_ideal_gain * d;
    ideal_ideal_err += ideal_ideal_gain / rank;
    ideal_ideal_gain *= keep;
    if (next_mark < cutoffs.size() && r + 1 == static_cast<std::size_t>(cutoffs[next_mark])) {
      marks[next_mark] =
          WalkScratch::Mark{run, best.dcg, best.err, ideal_ideal_dcg, ideal_ideal_err};
      ++next_mark;
    }
  }
  // Past the deepest cutoff (the whole ranking wanted): NRBP and MAP-IA only.
  for (std::size_t r = deepest; r < judged_ranks; ++r) {
    const double gain = take(r, false);
    if (gain != 0.0) nrbp_sum += gain * decay_at(r);
  }

  double ideal_nrbp_sum = 0.0;
  if (topic != nullptr) {
    for (std::size_t r = 0; r < ideal.gains.size(); ++r) {
      ideal_nrbp_sum += ideal.gains[r] * decay_at(r);
    }
  }

  scores.nrbp_sum = options.whole_ranking ? nrbp_sum : 0.0;
  scores.average_precision.assign(columns, 0.0);
  if (!options.whole_ranking) {
    // NRBP, nNRBP and MAP-IA not computed: left 0.
  } else if (s > 0) {
    const double factor = (1.0 - keep * options.beta) / static_cast<double>(s);
    scores.nrbp = nrbp_sum * factor;
    scores.ideal_nrbp = ideal_nrbp_sum * factor;
    scores.nnrbp = scores.nrbp / scores.ideal_nrbp;
    double map = 0.0;
    for (std::size_t c = 0; c < columns; ++c) {
      if (scores.relevant_per_subtopic[c] == 0) continue;
      scores.average_precision[c] =
          precision_sum[c] / static_cast<double>(scores.relevant_per_subtopic[c]);
      map += scores.average_precision[c];
    }
    scores.map_ia = map / static_cast<double>(s);
  } else if (topic != nullptr) {
    scores.nnrbp = std::numeric_limits<double>::quiet_NaN();  // ndeval's 0 / 0
  }

  scores.at.reserve(options.cutoffs.size());
  for (const int k : options.cutoffs) {
    const auto found = std::lower_bound(cutoffs.begin(), cutoffs.end(), k) - cutoffs.begin();
    const WalkScratch::Mark& mark = marks[static_cast<std::size_t>(found)];
    AtCutoff at;
    at.k = k;
    at.dcg = mark.run.dcg;
    at.err = mark.run.err;
    at.ideal_dcg = mark.ideal_dcg;
    at.ideal_err = mark.ideal_err;
    at.ideal_ideal_dcg = mark.ideal_ideal_dcg;
    at.ideal_ideal_err = mark.ideal_ideal_err;
    at.precision_count = mark.run.precision_count;
    at.subtopics_seen = mark.run.subtopics_seen;
    if (s > 0) {
      at.alpha_dcg = at.dcg / at.ideal_ideal_dcg;
      at.err_ia = at.err / at.ideal_ideal_err;
      if (at.alpha_dcg != 0.0) {
        at.alpha_ndcg = at.alpha_dcg / (at.ideal_dcg / at.ideal_ideal_dcg);
        at.nerr_ia = at.err_ia / (at.ideal_err / at.ideal_ideal_err);
      }
      at.p_ia = static_cast<double>(at.precision_count) /
                static_cast<double>(static_cast<long long>(k) * s);
      at.strec = static_cast<double>(at.subtopics_seen) / static_cast<double>(s);
    }
    scores.at.push_back(at);
  }

  if (options.rows > 0) {
    describe(topic, n, options.rows, level, keep, doc_at, scores.rows, scores.coverage);
    if (topic != nullptr) {
      describe(
          topic, ideal.docs.size(), options.rows, level, keep,
          [&](std::size_t r, std::int32_t& doc) {
            doc = static_cast<std::int32_t>(ideal.docs[r]);
            return topic->docno(ideal.docs[r]);
          },
          scores.ideal_rows, scores.ideal_coverage);
    }
  }
  return scores;
}

// Checks the options and the ideal; the number of ranks to read of `total`.
std::optional<InputError> check_evaluation(const TopicQrels* topic, const Ideal& ideal,
                                           const Options& options) {
  if (auto error = check_options(options)) return error;
  if (topic != nullptr && (ideal.topic != topic || !(ideal.alpha == options.alpha) ||
                           ideal.relevance_level != options.relevance_level)) {
    return option_error(
        "the ideal ranking given was built for another topic, alpha or relevance level; build "
        "it with ideal_ranking for this topic and these options");
  }
  if (topic != nullptr && options.rows > 0 && ideal.docs.size() < ideal.gains.size()) {
    return option_error(
        "the ideal ranking given was built without its documents, which the rows need; build "
        "it with IdealDocs::ranked");
  }
  if (topic != nullptr && ideal.gains.size() < ideal.relevant) {
    const int deepest = *std::max_element(options.cutoffs.begin(), options.cutoffs.end());
    if (options.whole_ranking || ideal.gains.size() < static_cast<std::size_t>(deepest)) {
      return option_error(
          "the ideal ranking given was built " + std::to_string(ideal.gains.size()) +
          " ranks deep; these measures need it " +
          (options.whole_ranking ? "whole" : std::to_string(deepest) + " ranks deep"));
    }
  }
  return std::nullopt;
}

// The ranks read: all of them, or (only the measures at k wanted) to the deepest cutoff.
std::size_t ranks_read(std::size_t total, const Options& options) {
  if (options.whole_ranking) return total;
  const int deepest = *std::max_element(options.cutoffs.begin(), options.cutoffs.end());
  return std::min(total, static_cast<std::size_t>(deepest));
}

}  // namespace

Result<TopicScores> evaluate(const TopicQrels* topic, const std::vector<std::string_view>& ranked,
                             const Options& options) {
  if (auto error = check_options(options)) return *error;
  if (topic == nullptr) return evaluate(topic, Ideal{}, ranked, options);
  return evaluate(topic, ideal_ranking(*topic, options.alpha, options.relevance_level), ranked,
                  options);
}

Result<TopicScores> evaluate(const TopicQrels* topic, const Ideal& ideal,
                             const std::vector<std::string_view>& ranked, const Options& options) {
  if (auto error = check_evaluation(topic, ideal, options)) return *error;
  const std::size_t n = ranks_read(ranked.size(), options);

  // A docno given twice: ndeval stops on it, and so does this.
  {
    std::size_t size = 16;
    while (size < n * 2) size *= 2;
    std::vector<std::uint32_t> slots(size, 0);
    const std::size_t mask = size - 1;
    for (std::size_t r = 0; r < n; ++r) {
      std::size_t at = hash_text(ranked[r]) & mask;
      for (; slots[at] != 0; at = (at + 1) & mask) {
        const std::size_t other = slots[at] - 1;
        if (same_text(ranked[other], ranked[r])) {
          return InputError{
              ErrorCode::bad_token,
              "document " + text::quoted(ranked[r]) + " is ranked twice" +
                  (topic != nullptr ? " for topic " + text::quoted(topic->topic) : std::string()) +
                  ", at ranks " + std::to_string(other + 1) + " and " + std::to_string(r + 1) +
                  "; ndeval stops on a docno given twice for a topic",
              Span{}};
        }
      }
      slots[at] = static_cast<std::uint32_t>(r + 1);
    }
  }

  return walk(
      topic, ideal, ranked.size(), n,
      [&](std::size_t r, std::int32_t& doc) {
        doc = topic == nullptr ? -1 : topic->find(ranked[r]);
        return ranked[r];
      },
      options);
}

Result<TopicScores> evaluate(const TopicQrels* topic, const Ideal& ideal,
                             const std::vector<std::int32_t>& ranked, const Options& options) {
  if (auto error = check_evaluation(topic, ideal, options)) return *error;
  return walk(
      topic, ideal, ranked.size(), ranks_read(ranked.size(), options),
      [&](std::size_t r, std::int32_t& doc) {
        doc = topic == nullptr ? -1 : ranked[r];
        return doc < 0 ? std::string_view() : topic->docno(static_cast<std::size_t>(doc));
      },
      options);
}

// ---------------------------------------------------------------------------------------------
// ndeval's columns

std::vector<std::string> ndeval_columns(const std::vector<int>& cutoffs) {
  std::vector<std::string> names;
  const auto at = [&](const char* name) {
    for (const int k : cutoffs) names.push_back(std::string(name) + "@" + std::to_string(k));
  };
  at("ERR-IA");
  at("nERR-IA");
  at("alpha-DCG");
  at("alpha-nDCG");
  names.emplace_back("NRBP");
  names.emplace_back("nNRBP");
  names.emplace_back("MAP-IA");
  at("P-IA");
  at("strec");
  return names;
}

std::vector<double> ndeval_values(const TopicScores& scores) {
  std::vector<double> values;
  values.reserve(scores.at.size() * 6 + 3);
  for (const AtCutoff& a : scores.at) values.push_back(a.err_ia);
  for (const AtCutoff& a : scores.at) values.push_back(a.nerr_ia);
  for (const AtCutoff& a : scores.at) values.push_back(a.alpha_dcg);
  for (const AtCutoff& a : scores.at) values.push_back(a.alpha_ndcg);
  values.push_back(scores.nrbp);
  values.push_back(scores.nnrbp);
  values.push_back(scores.map_ia);
  for (const AtCutoff& a : scores.at) values.push_back(a.p_ia);
  for (const AtCutoff& a : scores.at) values.push_back(a.strec);
  return values;
}

std::vector<double> ndeval_mean(const std::vector<std::vector<double>>& topics,
                                std::size_t topic_count) {
  std::size_t width = 0;
  for (const auto& row : topics) width = std::max(width, row.size());
  std::vector<double> sums(width, 0.0);
  for (const auto& row : topics) {
    for (std::size_t i = 0; i < row.size(); ++i) sums[i] += row[i];
  }
  const double count = static_cast<double>(topic_count);
  for (double& value : sums) {
    value = topic_count == 0 ? std::numeric_limits<double>::quiet_NaN() : value / count;
  }
  return sums;
}

std::string format_ndeval_values(const std::vector<double>& values) {
  std::string out;
  char buffer[64];
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ',';
    if (std::isnan(values[i])) {
      out += "-nan";
    } else {
      std::snprintf(buffer, sizeof buffer, "%.6f", values[i]);
      out += buffer;
    }
  }
  return out;
}

std::optional<double> value_of(const TopicScores& scores, std::string_view column) {
  if (column == "NRBP") return scores.nrbp;
  if (column == "nNRBP") return scores.nnrbp;
  if (column == "MAP-IA") return scores.map_ia;
  const std::size_t sign = column.find('@');
  if (sign == std::string_view::npos) return std::nullopt;
  const std::string_view name = column.substr(0, sign);
  int k = 0;
  if (read_whole(column.substr(sign + 1), false, k) != Whole::ok) return std::nullopt;
  for (const AtCutoff& a : scores.at) {
    if (a.k != k) continue;
    if (name == "ERR-IA") return a.err_ia;
    if (name == "nERR-IA") return a.nerr_ia;
    if (name == "alpha-DCG") return a.alpha_dcg;
    if (name == "alpha-nDCG") return a.alpha_ndcg;
    if (name == "P-IA") return a.p_ia;
    if (name == "strec") return a.strec;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace irm::diversity

// --- ir_measures' names ------------------------------------------------------------------------
// The diversity measures on TREC files, as ir_measures names them (trec/ir_spec.h): alpha_nDCG@k,
// ERR_IA@k, NRBP, AP_IA, ... computed by ndeval's rules above, the qrels read as subtopic qrels
// (the iteration column is the subtopic). The teaching code of the same measures is
// measures/diversity.cpp; this file holds their TREC files' side because the TREC module
// compiles it for speed (wasm/CMakeLists.txt).

namespace irm::trec {
namespace {

// The diversity measures' scores of a topic, one per TrecPlan::diversity entry, as ndeval
// evaluates its ranking (after -M, and -J: the judged documents only). The qrels are read as
// subtopic qrels too; each topic's ideal rankings are built when it is first evaluated.
class DiversityNeed final : public TopicNeed {
 public:
  explicit DiversityNeed(const TrecPlan& plan) : wanted_(plan.diversity) {
    // NRBP, nNRBP and AP_IA alone ask for no cutoff, and ndeval evaluates to one: 20, its
    // deepest (none of its values at 20 is printed then).
    for (TrecPlan::Diversity& d : wanted_) {
      if (d.cutoffs.empty()) d.cutoffs.push_back(20);
    }
  }

  void configured(const TrecOptions& options, std::vector<std::string>& warnings) override {
    if (options.judged_only) {
      warnings.push_back(
          "-J leaves the unjudged documents out of the diversity measures' rankings too (ndeval "
          "has no such option)");
    }
  }
  diversity::SubtopicQrels* subtopics() override { return &subtopics_; }
  void qrels_read(const Qrels&, const TrecJudged&, std::vector<std::string>&) override {
    ideals_.assign(subtopics_.topics.size(), {});
  }
  bool reads_ranking() const override { return true; }
  bool prepare(const TopicRun& run, std::optional<InputError>& error) override {
    // The ranking, each document by its index among the topic's judgments, is its index among
    // the subtopic qrels' documents (read_qrels reads both at once); -1: not judged.
    const std::vector<std::int32_t>& docs = *run.ranking;
    const auto index = subtopics_.topic_index.find(run.topic);
    const diversity::TopicQrels* judged =
        index == subtopics_.topic_index.end() ? nullptr : &subtopics_.topics[index->second];
    scores.resize(wanted_.size());
    for (std::size_t d = 0; d < wanted_.size(); ++d) {
      const TrecPlan::Diversity& want = wanted_[d];
      diversity::Options o;
      o.alpha = want.alpha;
      o.beta = want.beta;
      o.relevance_level = want.level;
      o.cutoffs = want.cutoffs;
      o.whole_ranking = want.whole;
      if (judged == nullptr) {  // a topic the subtopic qrels lack (cannot happen: one file)
        scores[d] = diversity::TopicScores{};
        continue;
      }
      std::vector<diversity::Ideal>& ideals = ideals_[index->second];
      if (ideals.size() != wanted_.size()) {
        ideals.clear();
        for (const TrecPlan::Diversity& each : wanted_) {
          // The measures at k alone need the ideal ranking to their deepest k only.
          const std::size_t depth = each.whole ? static_cast<std::size_t>(-1)
                                               : static_cast<std::size_t>(*std::max_element(
                                                     each.cutoffs.begin(), each.cutoffs.end()));
          ideals.push_back(diversity::ideal_ranking(*judged, each.alpha, each.level, depth,
                                                    diversity::IdealDocs::gains_only));
        }
      }
      Result<diversity::TopicScores> topic_scores = diversity::evaluate(judged, ideals[d], docs, o);
      if (!topic_scores.ok()) {
        error = topic_scores.error();
        return false;
      }
      scores[d] = std::move(topic_scores.value());
    }
    return true;
  }

  std::vector<diversity::TopicScores> scores;  // one per TrecPlan::diversity entry

 private:
  std::vector<TrecPlan::Diversity> wanted_;
  diversity::SubtopicQrels subtopics_;
  std::vector<std::vector<diversity::Ideal>> ideals_;  // [subtopic topic][diversity entry]
};

std::unique_ptr<TopicNeed> make_diversity_need(const TrecPlan& plan) {
  return std::make_unique<DiversityNeed>(plan);
}

// Which of the topic's scores a diversity measure prints (its Requested::values[1]).
enum class DiversityValue {
  alpha_dcg,
  alpha_ndcg,
  err_ia,
  nerr_ia,
  nrbp,
  nnrbp,
  ap_ia,
  p_ia,
  strecall,
};

// A diversity measure: its value in the topic's scores of its (alpha, beta, level).
void diversity_measure(const Topic& t, const Requested& r, double* out, std::string*) {
  const diversity::TopicScores& s =
      need_of<DiversityNeed>(t, r).scores[static_cast<std::size_t>(r.values[0])];
  out[r.first_slot] = 0.0;
  const auto which = static_cast<DiversityValue>(static_cast<int>(r.values[1]));
  switch (which) {
    case DiversityValue::nrbp:
      out[r.first_slot] = s.nrbp;
      return;
    case DiversityValue::nnrbp:
      out[r.first_slot] = s.nnrbp;
      return;
    case DiversityValue::ap_ia:
      out[r.first_slot] = s.map_ia;
      return;
    default:
      break;
  }
  const diversity::AtCutoff* at = nullptr;
  for (const diversity::AtCutoff& a : s.at) {
    if (!r.cutoffs.empty() && a.k == r.cutoffs[0]) at = &a;
  }
  if (at == nullptr) return;
  switch (which) {
    case DiversityValue::alpha_dcg:
      out[r.first_slot] = at->alpha_dcg;
      break;
    case DiversityValue::alpha_ndcg:
      out[r.first_slot] = at->alpha_ndcg;
      break;
    case DiversityValue::err_ia:
      out[r.first_slot] = at->err_ia;
      break;
    case DiversityValue::nerr_ia:
      out[r.first_slot] = at->nerr_ia;
      break;
    case DiversityValue::p_ia:
      out[r.first_slot] = at->p_ia;
      break;
    case DiversityValue::strecall:
      out[r.first_slot] = at->strec;
      break;
    default:
      break;
  }
}

const MeasureDef& diversity_def() {
  static const MeasureDef def{"diversity",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "ndeval's diversity measures",
                              diversity_measure,
                              make_diversity_need};
  return def;
}

// The request of a diversity measure: each distinct (alpha, beta, level) is evaluated once per
// topic (a TrecPlan::diversity entry), at every cutoff asked of it.
void diversity_request(const IrMeasure& m, IrRequest& q, DiversityValue which) {
  q.request.def = &diversity_def();
  std::vector<TrecPlan::Diversity>& entries = q.plan.diversity;
  const int rel = m.rel.value_or(q.level);
  std::size_t d = 0;
  while (d < entries.size() &&
         !(entries[d].alpha == m.alpha && entries[d].beta == m.beta && entries[d].level == rel)) {
    ++d;
  }
  if (d == entries.size()) entries.push_back(TrecPlan::Diversity{m.alpha, m.beta, rel, {}});
  if (which == DiversityValue::nrbp || which == DiversityValue::nnrbp ||
      which == DiversityValue::ap_ia) {
    entries[d].whole = true;
  }
  std::vector<int>& cutoffs = entries[d].cutoffs;
  if (m.cutoff &&
      std::find(cutoffs.begin(), cutoffs.end(), static_cast<int>(*m.cutoff)) == cutoffs.end()) {
    cutoffs.push_back(static_cast<int>(*m.cutoff));
  }
  q.request.values = {static_cast<double>(d), static_cast<double>(static_cast<int>(which))};
}

// One diversity measure's declaration: they differ in name, cutoff and parameters only.
IrMeasureSpec diversity_spec(const char* name, std::vector<IrParam> params, IrCutoff cutoff,
                             const char* help, void (*request)(const IrMeasure& m, IrRequest& q)) {
  IrMeasureSpec spec;
  spec.name = name;
  spec.params = std::move(params);
  spec.cutoff = cutoff;
  spec.help = help;
  spec.request = request;
  // ndeval reads rel= itself (its relevance level), and ranks the run as -l and -J leave it.
  spec.default_view = true;
  spec.check_value = [](std::string_view param, std::string_view value) -> std::string {
    if (param != "beta") return "";
    const auto x = ir_number(value);
    if (!x || !(*x >= 0.0 && *x <= 1.0)) {
      return "the user's patience, a number from 0 to 1, such as beta=0.5";
    }
    return "";
  };
  spec.check_cutoff = [](std::int64_t k, std::string_view written) -> std::string {
    if (k <= 1000000) return "";
    return "the diversity measures' cutoff is at most 1000000; found " + text::quoted(written);
  };
  return spec;
}

}  // namespace

const std::vector<IrMeasureSpec>& ndeval_ir_measures() {
  // Each request says which value it prints; a lambda without captures is a plain function.
  using V = DiversityValue;
  static const std::vector<IrMeasureSpec> specs = [] {
    std::vector<IrMeasureSpec> out;
    out.push_back(diversity_spec(
        "alpha_DCG", {"alpha", "rel"}, IrCutoff::required, "ndeval's alpha-DCG at k",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::alpha_dcg); }));
    out.push_back(diversity_spec(
        "alpha_nDCG", {"alpha", "rel"}, IrCutoff::required, "ndeval's alpha-nDCG at k",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::alpha_ndcg); }));
    out.push_back(diversity_spec(
        "ERR_IA", {"alpha", "rel"}, IrCutoff::required, "ndeval's intent-aware ERR at k",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::err_ia); }));
    out.push_back(diversity_spec(
        "nERR_IA", {"alpha", "rel"}, IrCutoff::required, "ndeval's normalised ERR-IA at k",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::nerr_ia); }));
    out.push_back(
        diversity_spec("NRBP", {"alpha", {"beta", 0.5}, "rel"}, IrCutoff::none,
                       "ndeval's novelty- and rank-biased precision",
                       [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::nrbp); }));
    out.push_back(diversity_spec(
        "nNRBP", {"alpha", {"beta", 0.5}, "rel"}, IrCutoff::none, "ndeval's normalised NRBP",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::nnrbp); }));
    IrMeasureSpec ap_ia =
        diversity_spec("AP_IA", {"rel"}, IrCutoff::none, "ndeval's intent-aware AP (its MAP-IA)",
                       [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::ap_ia); });
    ap_ia.aliases = {{"MAP_IA"}};
    out.push_back(ap_ia);
    out.push_back(
        diversity_spec("P_IA", {"rel"}, IrCutoff::required, "ndeval's intent-aware precision at k",
                       [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::p_ia); }));
    out.push_back(diversity_spec(
        "StRecall", {"rel"}, IrCutoff::required, "ndeval's subtopic recall at k",
        [](const IrMeasure& m, IrRequest& q) { diversity_request(m, q, V::strecall); }));
    return out;
  }();
  return specs;
}

}  // namespace irm::trec
