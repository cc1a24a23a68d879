// A trec_eval evaluation: the session that reads one qrels file and any number of runs, hands
// each topic to the measures of its plan (trec/configure.cpp reads the flags and makes the
// plan), and writes trec_eval's output (see irm/trec_eval.h). It knows no measure: what a family
// works out from a topic beyond its graded list is the family's TopicNeed (trec/plan.h).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "irm/explain.h"
#include "irm/trec_eval.h"
#include "measures/ndeval.h"
#include "parse/text.h"
#include "plural.h"
#include "trec/plan.h"
#include "trec/tie_policy.h"
#include "trec/ties.h"

namespace irm {

// ---- The session --------------------------------------------------------------------------------

/// What the plan's families work out from each topic (trec::TopicNeed, one of each kind the
/// plan asks for), and the topic's ranking as they see it, reused topic to topic.
struct TrecNeeds {
  std::vector<std::unique_ptr<trec::TopicNeed>> all;
  std::vector<std::int32_t> ranking;  // TopicRun::ranking, filled when one reads_ranking()
  std::vector<std::int32_t> in_top;   // TopicRun::in_top, under -J when one reads_scores()
  bool read_ranking = false;
  bool read_scores = false;

  /// The subtopic qrels one of them reads with the qrels, or null.
  diversity::SubtopicQrels* subtopics() {
    for (const auto& need : all) {
      if (diversity::SubtopicQrels* wanted = need->subtopics()) return wanted;
    }
    return nullptr;
  }
};

/// What --ties average|bounds needs: a topic's whole ranking when -M cut it, and one view's
/// grades and scores.
struct TrecTieScratch {
  std::vector<ScoredDoc*> full;
  std::vector<int> grades;
  std::vector<double> scores_of_grades;
};

namespace {

InputError session_option_error(std::string message) {
  return InputError{ErrorCode::bad_parameter_value, std::move(message), Span{}, Field::options};
}

trec::TopicJudged judge(const TopicJudgments& judgments, int level) {
  trec::TopicJudged out;
  for (const Judgment& judgment : judgments.all()) {
    const int grade = judgment.grade;
    if (grade < 0) continue;
    auto it = std::lower_bound(out.grades.begin(), out.grades.end(), grade,
                               [](const trec::GradeCount& gc, int g) { return gc.grade < g; });
    if (it == out.grades.end() || it->grade != grade) it = out.grades.insert(it, {grade, 0});
    ++it->count;
    if (grade >= level) {
      ++out.relevant;
    } else {
      ++out.nonrelevant;
    }
  }
  return out;
}

// Puts a topic's documents in trec_eval's order (ranks_before). Runs are mostly written by
// descending score already, with equal scores in no particular order: then only each group of
// equal scores is sorted (by docno), and a full sort is left for runs in another order.
void rank(std::vector<ScoredDoc*>& docs) {
  const auto score_descending = [](const ScoredDoc* a, const ScoredDoc* b) {
    return a->score > b->score;
  };
  if (!std::is_sorted(docs.begin(), docs.end(), score_descending)) {
    std::sort(docs.begin(), docs.end(),
              [](const ScoredDoc* a, const ScoredDoc* b) { return ranks_before(*a, *b); });
    return;
  }
  for (auto first = docs.begin(); first != docs.end();) {
    auto last = first + 1;
    while (last != docs.end() && (*last)->score == (*first)->score) ++last;
    if (last - first > 1) {
      std::sort(first, last,
                [](const ScoredDoc* a, const ScoredDoc* b) { return a->docno > b->docno; });
    }
    first = last;
  }
}

// The first document given twice among `docs` (in file order of the later line), as the pair
// (first line, later line); nothing when each is given once.
std::optional<std::pair<const ScoredDoc*, const ScoredDoc*>> given_twice(
    const std::vector<const ScoredDoc*>& docs) {
  std::vector<const ScoredDoc*> by_docno(docs);
  std::stable_sort(by_docno.begin(), by_docno.end(), [](const ScoredDoc* a, const ScoredDoc* b) {
    return a->docno != b->docno ? a->docno < b->docno : a->line < b->line;
  });
  std::optional<std::pair<const ScoredDoc*, const ScoredDoc*>> found;
  for (std::size_t i = 1; i < by_docno.size(); ++i) {
    if (by_docno[i]->docno != by_docno[i - 1]->docno) continue;
    if (!found || by_docno[i]->line < found->second->line) found = {by_docno[i - 1], by_docno[i]};
  }
  return found;
}

std::string list_topics(const std::vector<std::string_view>& topics) {
  constexpr std::size_t shown = 10;
  std::string out;
  for (std::size_t i = 0; i < topics.size() && i < shown; ++i) {
    if (i) out += ", ";
    out += visible(topics[i]);
  }
  if (topics.size() > shown) out += " and " + std::to_string(topics.size() - shown) + " more";
  return out;
}

}  // namespace

TrecSession::TrecSession()
    : judged_(std::make_unique<TrecJudged>()), needs_(std::make_unique<TrecNeeds>()) {
  auto plan = trec::make_plan({}, Compat::current, false);
  plan_ = std::make_unique<TrecPlan>(std::move(plan.value()));
}
TrecSession::~TrecSession() = default;
TrecSession::TrecSession(TrecSession&&) noexcept = default;
TrecSession& TrecSession::operator=(TrecSession&&) noexcept = default;

const std::vector<TrecSlot>& TrecSession::slots() const { return plan_->slots; }
std::size_t TrecSession::qrels_topics() const { return qrels_ ? qrels_->topics.size() : 0; }
std::size_t TrecSession::qrels_judgments() const {
  std::size_t n = 0;
  if (grouped_) {
    for (const std::vector<GroupJudgment>& lines : grouped_->judgments) n += lines.size();
  } else if (qrels_) {
    for (const TopicJudgments& judgments : qrels_->judgments) n += judgments.size();
  }
  return n;
}
const std::vector<std::string>& TrecSession::qrels_warnings() const {
  static const std::vector<std::string> none;
  return qrels_ ? qrels_->warnings : none;
}

std::optional<InputError> TrecSession::set_zscores(std::string_view bytes,
                                                   std::string_view file_name) {
  zscores_.clear();
  zscores_read_ = false;
  int number = 0;
  std::size_t start = 0;
  while (start < bytes.size()) {
    std::size_t end = bytes.find('\n', start);
    if (end == std::string_view::npos) end = bytes.size();
    std::string_view line = bytes.substr(start, end - start);
    start = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (i < line.size() && fields.size() < 5) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      if (i == line.size()) break;
      const std::size_t from = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
      fields.push_back(line.substr(from, i - from));
    }
    if (fields.empty()) continue;
    const auto column = [&](std::string_view field) {
      return static_cast<int>(field.data() - line.data()) + 1;
    };
    const std::string where = std::string(file_name) + " line " + std::to_string(number);
    if (fields.size() != 4) {
      const int at = fields.size() > 4 ? column(fields[4]) : 1;
      return InputError{ErrorCode::bad_token,
                        "found " + std::to_string(fields.size() > 4 ? 5 : fields.size()) +
                            (fields.size() > 4 ? " or more" : "") + " fields at " + where +
                            "; expected 4 fields: qid measure mean stddev",
                        Span{number, at, 1}, Field::input};
    }
    double numbers[2];
    for (int k = 0; k < 2; ++k) {
      const std::string text(fields[2 + k]);
      if (!text::is_decimal(text)) {
        return InputError{
            ErrorCode::bad_number,
            "found " + text::quoted(text) + " at " + where + ", column " +
                std::to_string(column(fields[2 + k])) + "; expected the " +
                (k == 0 ? "mean (third field)" : "standard deviation (fourth field)") +
                ", a number such as 0.25",
            Span{number, column(fields[2 + k]), static_cast<int>(fields[2 + k].size())},
            Field::input};
      }
      numbers[k] = std::strtod(text.c_str(), nullptr);
    }
    // trec_eval finds a measure by binary search in the sorted lines; a repeated line's values
    // are one of the copies. The last is kept here.
    zscores_[std::string(fields[0])][std::string(fields[1])] = {numbers[0], numbers[1]};
  }
  zscores_read_ = true;
  return std::nullopt;
}

void TrecSession::to_zscores(std::string_view topic, std::vector<double>& values) const {
  constexpr double missing = -1000000.0;  // trec_eval's MISSING_ZSCORE_VALUE
  const auto found = zscores_.find(topic);
  const std::vector<TrecSlot>& slots = plan_->slots;
  for (std::size_t s = 0; s < slots.size() && s < values.size(); ++s) {
    if (slots[s].kind == TrecKind::text) continue;
    if (found == zscores_.end()) {
      values[s] = missing;
      continue;
    }
    const auto measure = found->second.find(slots[s].name);
    if (measure == found->second.end()) {
      values[s] = missing;
      continue;
    }
    const auto [mean, stddev] = measure->second;
    if (stddev != 0.0) {
      values[s] = (values[s] - mean) / stddev;
    } else {
      values[s] = values[s] == mean ? 0.0 : missing;
    }
  }
}

std::optional<InputError> TrecSession::configure(const std::vector<std::string>& args) {
  auto options = parse_trec_args(args);
  if (!options.ok()) return options.error();
  auto plan = trec::make_plan(options.value().measures, options.value().compat,
                              options.value().strict, options.value().rel_format,
                              options.value().level, options.value().judged_only);
  if (!plan.ok()) return plan.error();
  TrecOptions& o = options.value();
  if (o.ties == Ties::average || o.ties == Ties::bounds) {
    const char* name = o.ties == Ties::average ? "--ties average" : "--ties bounds";
    if (o.rel_format != RelFormat::qrels) {
      return session_option_error(std::string(name) +
                                  " works with qrels (-R qrels); preference judgments follow the "
                                  "order of --ties docno or input");
    }
    const bool judged_view =
        std::any_of(plan.value().views.begin(), plan.value().views.end(),
                    [](const TrecPlan::View& view) { return view.judged_only; });
    if (o.max_docs > 0 && judged_view) {
      return session_option_error(std::string(name) +
                                  " with -M and -J (or judged_only=True): the documents -J leaves "
                                  "out change which ties -M cuts; give one of them");
    }
    const std::vector<std::string> left = trec::plan_ties(plan.value(), o.ties);
    if (!left.empty()) {
      std::string names;
      for (std::size_t i = 0; i < left.size() && i < 8; ++i) names += (i ? ", " : "") + left[i];
      if (left.size() > 8) names += ", …";
      o.warnings.push_back(std::string(name) + " covers " + trec::ties_cover + "; " + names +
                           (left.size() == 1 ? " is" : " are") +
                           " computed in trec_eval's order of equal scores (--ties docno)");
    }
  }
  // The families' needs, made anew: the qrels are read again when one read them as subtopic
  // qrels, or one will.
  std::vector<std::unique_ptr<trec::TopicNeed>> needs;
  for (const trec::MakeNeed make : plan.value().needs) {
    needs.push_back(make(plan.value()));
    needs.back()->configured(o, o.warnings);
  }
  const bool subtopics_before = qrels_ && needs_->subtopics() != nullptr;
  if (!tie_scratch_ && !plan.value().tie_measures.empty()) {
    tie_scratch_ = std::make_unique<TrecTieScratch>();
  }
  options_ = std::move(o);
  plan_ = std::make_unique<TrecPlan>(std::move(plan.value()));
  needs_->all = std::move(needs);
  needs_->read_ranking = std::any_of(needs_->all.begin(), needs_->all.end(),
                                     [](const auto& need) { return need->reads_ranking(); });
  needs_->read_scores = std::any_of(needs_->all.begin(), needs_->all.end(),
                                    [](const auto& need) { return need->reads_scores(); });
  if (qrels_ && !qrels_bytes_.empty() && (subtopics_before || needs_->subtopics() != nullptr)) {
    if (auto error = end_qrels()) return error;
  }
  zscores_.clear();
  zscores_read_ = false;
  options_.warnings.insert(options_.warnings.end(), plan_->warnings.begin(), plan_->warnings.end());
  runs_.clear();
  if (qrels_) {
    judged_->by_topic.clear();
    for (std::size_t t = 0; t < qrels_->topics.size(); ++t) {
      judged_->by_topic.emplace(qrels_->topics[t], judge(qrels_->judgments[t], options_.level));
    }
  }
  return std::nullopt;
}

void TrecSession::begin_qrels(std::string_view file_name, std::size_t expected_bytes) {
  qrels_file_ = std::string(file_name);
  qrels_bytes_.clear();
  qrels_bytes_.shrink_to_fit();
  qrels_too_large_ = expected_bytes > limits_.qrels_bytes;
  if (!qrels_too_large_) qrels_bytes_.reserve(expected_bytes);
  qrels_.reset();
  judged_->by_topic.clear();
  runs_.clear();
}

void TrecSession::feed_qrels(std::string_view piece) {
  // Past the limit nothing more is kept (end_qrels says so): a gzip bomb stops here.
  if (qrels_too_large_ || piece.size() > limits_.qrels_bytes - qrels_bytes_.size()) {
    qrels_too_large_ = true;
    return;
  }
  qrels_bytes_.insert(qrels_bytes_.end(), piece.begin(), piece.end());
}

std::optional<InputError> TrecSession::end_qrels() {
  if (qrels_too_large_) {
    const std::size_t mib = limits_.qrels_bytes >> 20;
    const std::string limit =
        mib > 0 ? std::to_string(mib) + " MiB" : std::to_string(limits_.qrels_bytes) + " bytes";
    qrels_bytes_.clear();
    qrels_bytes_.shrink_to_fit();
    return InputError{ErrorCode::out_of_range,
                      qrels_file_ + " is larger than " + limit +
                          " (uncompressed); irmetrics trec reads qrels of at most " + limit +
                          ", far more than any qrels holds (is it the right file, or a "
                          "compressed file that unpacks to far more than it should?)",
                      Span{}, Field::input};
  }
  grouped_.reset();
  if (options_.rel_format != RelFormat::qrels) {
    auto grouped =
        read_grouped_qrels(std::string_view(qrels_bytes_.data(), qrels_bytes_.size()), qrels_file_,
                           options_.rel_format, !options_.strict, limits_.topics);
    if (!grouped.ok()) return grouped.error();
    grouped_ = std::move(grouped.value());
    // The topics, for matching the runs' (their judgments are the groups', read apart).
    Qrels topics;
    topics.file_name = qrels_file_;
    topics.topics = grouped_->topics;
    topics.topic_index = grouped_->topic_index;
    topics.warnings = grouped_->warnings;
    topics.judgments.resize(topics.topics.size());
    std::vector<std::pair<std::size_t, std::size_t>> none;
    for (TopicJudgments& judgments : topics.judgments) judgments.index(none);
    qrels_ = std::move(topics);
    for (const std::string_view topic : qrels_->topics)
      judged_->by_topic.emplace(topic, trec::TopicJudged{});
    return std::nullopt;
  }
  // Subtopic qrels judge a document once per subtopic: the other measures take its highest grade.
  // The file is read once for both.
  diversity::SubtopicQrels* subtopics = needs_->subtopics();
  if (subtopics) *subtopics = diversity::SubtopicQrels{};
  auto qrels = read_qrels(
      std::string_view(qrels_bytes_.data(), qrels_bytes_.size()), qrels_file_,
      subtopics ? Duplicates::highest : options_.duplicates, !options_.strict, limits_.topics,
      subtopics,
      options_.duplicates == Duplicates::keep_first ? Duplicates::keep_first : Duplicates::error);
  if (!qrels.ok()) {
    if (subtopics) *subtopics = diversity::SubtopicQrels{};
    return qrels.error();
  }
  // Moved, never copied: the subtopic qrels read their docnos from these judgments.
  qrels_ = std::move(qrels.value());
  if (subtopics) {
    qrels_->warnings.insert(qrels_->warnings.end(), subtopics->warnings.begin(),
                            subtopics->warnings.end());
  }
  std::vector<std::string_view> all_negative;
  for (std::size_t t = 0; t < qrels_->topics.size(); ++t) {
    const auto& judged =
        judged_->by_topic.emplace(qrels_->topics[t], judge(qrels_->judgments[t], options_.level))
            .first->second;
    if (judged.grades.empty()) all_negative.push_back(qrels_->topics[t]);
  }
  for (const auto& need : needs_->all) need->qrels_read(*qrels_, *judged_, qrels_->warnings);
  // trec_eval 10.0 has no room for such a topic's grades: when it is the first topic it
  // evaluates, it stops ("Can't calculate measure"); later, it scores it as here.
  if (!all_negative.empty()) {
    std::sort(all_negative.begin(), all_negative.end());
    qrels_->warnings.push_back(
        plural(static_cast<std::int64_t>(all_negative.size()), "topic") + " of " + qrels_file_ +
        (all_negative.size() == 1 ? " has" : " have") +
        " only negative grades (no judged document): " + list_topics(all_negative) +
        "; scored with R = 0 (trec_eval 10.0 stops with \"Can't calculate measure\" when such "
        "a topic is the first it evaluates)");
  }
  return std::nullopt;
}

std::optional<InputError> TrecSession::begin_run(std::string_view file_name, bool stream) {
  if (!qrels_) {
    return InputError{ErrorCode::empty_input,
                      "read a qrels file before the runs: the runs are judged against it", Span{},
                      Field::input};
  }
  if (zscores_active() && !zscores_read_) {
    return InputError{ErrorCode::empty_input,
                      "-Z " + options_.zscores + " was given but not read: read it before the runs",
                      Span{}, Field::input};
  }
  reading_ = std::string(file_name);
  reader_.emplace(file_name, options_.compat, options_.duplicates, limits_.documents);
  reader_->read_as_trec_eval(!options_.strict);
  reader_->need_ranks(options_.ties == Ties::rank);
  // trec_eval -M N looks for a document given twice among the first N only (evaluate checks).
  reader_->defer_duplicates(!options_.strict && options_.max_docs >= 0 &&
                            options_.duplicates == Duplicates::error);
  evaluated_.clear();
  evaluate_error_.reset();
  duplicate_note_.clear();
  deferred_duplicates_ =
      !options_.strict && options_.max_docs >= 0 && options_.duplicates == Duplicates::error;
  if (stream) {
    reader_->stream_to(
        [this](std::string_view topic, std::vector<ScoredDoc>& docs) { evaluate(topic, docs); });
  }
  return std::nullopt;
}

std::optional<InputError> TrecSession::feed_run(std::string_view piece) {
  if (!reader_) {
    return InputError{ErrorCode::empty_input, "begin a run before feeding it", Span{},
                      Field::input};
  }
  return reader_->feed(piece);
}

bool TrecSession::run_restart_needed() const { return reader_ && reader_->restart_needed(); }

// trec_eval -M N stops at a document given twice among a topic's first N (`top`) and reads
// one given twice further down; false after recording the error.
bool TrecSession::first_m_once(std::string_view topic, const std::vector<const ScoredDoc*>& top,
                               const std::vector<ScoredDoc>& docs) {
  const auto twice_text = [&](const std::pair<const ScoredDoc*, const ScoredDoc*>& pair) {
    return "document " + text::quoted(pair.first->docno) + " is given twice for topic " +
           text::quoted(topic) + " in " + reading_ + ", at lines " +
           std::to_string(pair.first->line) + " and " + std::to_string(pair.second->line);
  };
  const std::string m = std::to_string(options_.max_docs);
  if (const auto pair = given_twice(top)) {
    if (!evaluate_error_) {
      evaluate_error_ = InputError{
          ErrorCode::bad_token,
          twice_text(*pair) + ", both among the " + m + " documents evaluated (-M " + m +
              "); trec_eval stops here: give each document once per topic, or choose to keep the "
              "first occurrence",
          Span{}, Field::input};
    }
    return false;
  }
  if (duplicate_note_.empty() && docs.size() > top.size()) {
    std::vector<const ScoredDoc*> all;
    all.reserve(docs.size());
    for (const ScoredDoc& doc : docs) all.push_back(&doc);
    if (const auto pair = given_twice(all)) {
      duplicate_note_ = twice_text(*pair) + "; read, as trec_eval -M " + m +
                        " reads it: only a topic's first " + m +
                        " documents are evaluated, and looked at for duplicates (and so for any "
                        "other such document)";
    }
  }
  return true;
}

// Evaluates one topic of the run being read (its documents in file order), if the qrels have it.
void TrecSession::evaluate(std::string_view topic, std::vector<ScoredDoc>& docs) {
  const TopicJudgments* judgments = qrels_->find(topic);
  if (judgments == nullptr) return;  // named in a warning at the end
  std::vector<ScoredDoc*>& ranked = ranked_;
  ranked.clear();
  for (ScoredDoc& doc : docs) ranked.push_back(&doc);
  if (options_.ties == Ties::input) {
    // Equal scores in the run file's order (docs are in file order).
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const ScoredDoc* a, const ScoredDoc* b) { return a->score > b->score; });
  } else if (options_.ties == Ties::rank) {
    // The rank column ascending, as ndeval orders a run by default; the scores decide nothing,
    // and equal ranks keep the file's order.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const ScoredDoc* a, const ScoredDoc* b) { return a->rank < b->rank; });
  } else {
    rank(ranked);
  }
  const bool tie_values = !plan_->tie_measures.empty();
  bool cut = false;
  if (options_.max_docs >= 0 && static_cast<std::int64_t>(ranked.size()) > options_.max_docs) {
    // --ties average|bounds: a tie across rank M is retrieved in part, by each of its orders.
    if (tie_values) tie_scratch_->full = ranked;
    ranked.resize(static_cast<std::size_t>(options_.max_docs));
    cut = true;
  }
  // The ranking's documents are each given once among its first M, unless a family reads the
  // topic in an order of its own and checks that instead.
  const bool checked_by_need =
      std::any_of(needs_->all.begin(), needs_->all.end(),
                  [](const auto& need) { return need->checks_duplicates(); });
  if (deferred_duplicates_ && !checked_by_need &&
      !first_m_once(topic, std::vector<const ScoredDoc*>(ranked.begin(), ranked.end()), docs)) {
    return;
  }
  EvaluatedTopic out;
  out.topic = topic;
  {
    // Ties are equal scores; in the rank column's order (--ties rank), equal ranks. Counted
    // in place: the report keeps only the counts.
    const bool by_rank = options_.ties == Ties::rank;
    const trec::ties::TieGroups groups = trec::ties::tie_groups_by(
        ranked.size(),
        [&](std::size_t i) {
          return by_rank ? static_cast<double>(ranked[i]->rank) : ranked[i]->score;
        },
        false);
    out.ties = TrecTopicTies{groups.tied_documents, groups.tie_groups, groups.largest};
  }
  // The grades are kept per topic for topic(); without that, one vector serves every topic.
  std::vector<int>& grades = keep_lists_ ? out.list.grades : scratch_grades_;
  grades.clear();
  grades.reserve(ranked.size());
  std::int64_t rel_ret = 0;
  // A view without -J's filter (an ir_measures name with judged_only=False under -J) needs the
  // unjudged documents too.
  const bool keep_unjudged = options_.judged_only && plan_->views.size() > 1;
  if (keep_unjudged) view_all_grades_.clear();
  // The ranking as the families' needs read it, written in place (a push_back per document cost
  // the diversity measures a tenth of their time).
  std::int32_t* next_index = nullptr;
  std::int32_t* next_in_top = nullptr;
  const Judgment* first_judgment = judgments->all().data();
  if (needs_->read_ranking) {
    needs_->ranking.resize(ranked.size());
    next_index = needs_->ranking.data();
  }
  if (needs_->read_scores && options_.judged_only) {
    needs_->in_top.resize(ranked.size());
    next_in_top = needs_->in_top.data();
  }
  for (std::size_t place = 0; place < ranked.size(); ++place) {
    const ScoredDoc* doc = ranked[place];
    const Judgment* found = judgments->find(doc->docno);
    const int grade = found == nullptr ? -1 : found->grade < 0 ? -2 : found->grade;
    if (keep_unjudged) view_all_grades_.push_back(grade);
    if (options_.judged_only && grade < 0) continue;
    if (next_index != nullptr) {
      *next_index++ = found == nullptr ? -1 : static_cast<std::int32_t>(found - first_judgment);
    }
    if (next_in_top != nullptr) *next_in_top++ = static_cast<std::int32_t>(place);
    grades.push_back(grade);
    // As trec_eval: only a judged document (grade 0 or more) counts, whatever -l says (-l -1
    // would otherwise count the documents not in the qrels, coded -1).
    rel_ret += grade >= 0 && grade >= options_.level ? 1 : 0;
  }
  if (next_index != nullptr) {
    needs_->ranking.resize(static_cast<std::size_t>(next_index - needs_->ranking.data()));
  }
  if (next_in_top != nullptr) {
    needs_->in_top.resize(static_cast<std::size_t>(next_in_top - needs_->in_top.data()));
  }
  const trec::TopicJudged& judged = judged_->by_topic.at(topic);
  out.list.relevant = judged.relevant;

  trec::Topic t;
  t.grades = &grades;
  t.judged = &judged;
  t.num_ret = static_cast<std::int64_t>(grades.size());
  t.num_rel = judged.relevant;
  t.num_rel_ret = rel_ret;
  t.level = options_.level;
  t.compat = options_.compat;
  t.collection_size = options_.collection_size;
  // A topic of the file always has documents; -J or -M 0 can leave none. A -c topic the run
  // lacks is ranked by trec_eval as one document not in the qrels, which -J and -M 0 drop too.
  t.emptied = grades.empty() && !options_.nan_as_zero &&
              (!docs.empty() || options_.judged_only || options_.max_docs == 0);

  trec::TopicRun run;
  run.topic = topic;
  run.judgments = judgments;
  run.ranking = &needs_->ranking;
  run.grades = &grades;
  run.in_top = next_in_top != nullptr ? &needs_->in_top : nullptr;
  run.top = &ranked;
  run.docs = &docs;
  run.group_lines = grouped_ ? grouped_->find(topic) : nullptr;
  run.options = &options_;
  run.qrels_file = qrels_file_;
  if (deferred_duplicates_) {
    run.first_m_once = [&](const std::vector<const ScoredDoc*>& order) {
      return first_m_once(topic, order, docs);
    };
  }
  for (const auto& need : needs_->all) {
    std::optional<InputError> error;
    if (!need->prepare(run, error)) {
      if (error && !evaluate_error_) evaluate_error_ = std::move(error);
      return;
    }
  }
  t.needs = &needs_->all;
  out.values.assign(plan_->slots.size(), 0.0);
  trec::evaluate_topic(*plan_, t, out.values.data(), &out.relstring);
  // The other views (ir_measures' rel= and judged_only=): the same ranking at another relevance
  // level, or with or without the unjudged documents.
  for (std::size_t v = 1; v < plan_->views.size(); ++v) {
    const TrecPlan::View& view = plan_->views[v];
    const std::vector<int>* list = &grades;
    if (view.judged_only != options_.judged_only) {
      if (view.judged_only) {
        view_grades_.clear();
        for (const int g : grades) {
          if (g >= 0) view_grades_.push_back(g);
        }
        list = &view_grades_;
      } else {
        list = &view_all_grades_;
      }
    }
    if (!view_judged_holder_) view_judged_holder_ = std::make_unique<trec::TopicJudged>();
    trec::TopicJudged& vj = *view_judged_holder_;
    vj.grades = judged.grades;
    vj.relevant = 0;
    vj.nonrelevant = 0;
    for (const trec::GradeCount& gc : judged.grades) {
      (gc.grade >= view.level ? vj.relevant : vj.nonrelevant) += gc.count;
    }
    trec::Topic tv = t;
    tv.grades = list;
    tv.judged = &vj;
    tv.num_ret = static_cast<std::int64_t>(list->size());
    tv.num_rel = vj.relevant;
    tv.num_rel_ret = 0;
    for (const int g : *list) tv.num_rel_ret += g >= 0 && g >= view.level ? 1 : 0;
    tv.level = view.level;
    tv.emptied = list->empty() && !options_.nan_as_zero &&
                 (!docs.empty() || view.judged_only || options_.max_docs == 0);
    trec::evaluate_topic(*plan_, tv, out.values.data(), &out.relstring, v);
  }
  if (tie_values) {
    const std::vector<ScoredDoc*>& whole = cut ? tie_scratch_->full : ranked;
    for (std::size_t v = 0; v < plan_->views.size(); ++v) {
      if (!trec::ties_cover_view(*plan_, v)) continue;
      const TrecPlan::View& view = plan_->views[v];
      // The view's documents (without the unjudged under judged_only), as grades and scores.
      std::vector<int>& list = tie_scratch_->grades;
      std::vector<double>& scores = tie_scratch_->scores_of_grades;
      list.clear();
      scores.clear();
      for (const ScoredDoc* doc : whole) {
        const Judgment* found = judgments->find(doc->docno);
        const int grade = found == nullptr ? -1 : found->grade < 0 ? -2 : found->grade;
        if (view.judged_only && grade < 0) continue;
        list.push_back(grade);
        scores.push_back(doc->score);
      }
      trec::ties::TiedTopic tied;
      tied.groups = trec::ties::split(list, trec::ties::tie_groups(scores));
      std::int64_t relevant = 0;
      for (const trec::GradeCount& gc : judged.grades) {
        tied.judged.push_back({gc.grade, gc.count});
        relevant += gc.grade >= view.level ? gc.count : 0;
      }
      tied.relevant = relevant;
      tied.level = view.level;
      trec::apply_ties(*plan_, options_.ties, v, tied, cut ? options_.max_docs : 0,
                       out.values.data());
    }
  }
  if (zscores_active()) to_zscores(topic, out.values);
  evaluated_.push_back(std::move(out));
}

std::optional<InputError> TrecSession::end_run() {
  if (!reader_) {
    return InputError{ErrorCode::empty_input, "begin a run before ending it", Span{}, Field::input};
  }
  auto read = reader_->finish();
  reader_.reset();
  if (!read.ok()) {
    evaluated_.clear();
    evaluate_error_.reset();
    return read.error();
  }
  Run& run = read.value();

  TrecRunResult result;
  result.file = run.file_name;
  result.run_id = std::string(run.run_id);
  result.warnings = run.warnings;

  // A reader that did not stream kept every topic's documents: they are evaluated now.
  for (RunTopic& topic : run.topics) {
    if (!topic.docs.empty()) {
      evaluate(topic.topic, topic.docs);
      topic.docs = {};
    }
  }
  std::vector<std::string_view> only_in_run;
  for (const RunTopic& topic : run.topics) {
    if (qrels_->find(topic.topic) == nullptr) only_in_run.push_back(topic.topic);
  }
  std::vector<std::string_view> missing;
  for (const std::string_view topic : qrels_->topics) {
    if (!run.topic_index.count(topic)) missing.push_back(topic);
  }
  // With -c, trec_eval evaluates each missing topic over an empty ranking: it is printed with -q
  // and its R counts. (Its id points into the qrels, which outlive the run.)
  // trec_eval 9.0.8 -c evaluates them not at all: they only count in the means (as zeros, and
  // gm_map's floor), so -q prints no line for them.
  const bool complete9 = options_.complete && options_.compat == Compat::trec9;
  if (options_.complete && !complete9) {
    std::vector<ScoredDoc> none;
    for (const std::string_view topic : missing) evaluate(topic, none);
  }
  if (evaluate_error_) {
    InputError error = std::move(*evaluate_error_);
    evaluate_error_.reset();
    evaluated_.clear();
    return error;
  }
  if (!duplicate_note_.empty()) result.warnings.push_back(std::move(duplicate_note_));
  duplicate_note_.clear();
  // trec_eval's (strcmp) order of topics.
  std::sort(evaluated_.begin(), evaluated_.end(),
            [](const EvaluatedTopic& a, const EvaluatedTopic& b) { return a.topic < b.topic; });
  std::sort(missing.begin(), missing.end());
  std::sort(only_in_run.begin(), only_in_run.end());
  if (!missing.empty()) {
    result.warnings.push_back(
        plural(static_cast<std::int64_t>(missing.size()), "topic") + " of " + qrels_file_ + " " +
        (missing.size() == 1 ? "is" : "are") + " not in " + run.file_name + ": " +
        list_topics(missing) +
        (complete9 ? "; with -c each counts as 0 in every mean, and -q prints no line for it "
                     "(as trec_eval 9 -c)"
         : options_.complete
             ? "; with -c each is evaluated over an empty ranking and counts in every mean (as "
               "trec_eval -c)"
             : "; evaluated over the topics in both (trec_eval 10 stops here; -c scores them 0)"));
  }
  if (!only_in_run.empty()) {
    result.warnings.push_back(plural(static_cast<std::int64_t>(only_in_run.size()), "topic") +
                              " of " + run.file_name + " " +
                              (only_in_run.size() == 1 ? "is" : "are") + " not in " + qrels_file_ +
                              " and " + (only_in_run.size() == 1 ? "was" : "were") +
                              " ignored, as trec_eval ignores them: " + list_topics(only_in_run));
  }
  if (evaluated_.empty()) {
    result.warnings.push_back("no topic of " + run.file_name + " is in " + qrels_file_ +
                              ", so nothing was evaluated; do the topic ids match?");
  }

  const std::vector<TrecSlot>& slots = plan_->slots;
  const std::size_t n_slots = slots.size();
  for (EvaluatedTopic& topic : evaluated_) {
    result.topics.emplace_back(topic.topic);
    result.values.push_back(std::move(topic.values));
    if (plan_->writes_text) result.relstrings.push_back(std::move(topic.relstring));
    if (keep_lists_) result.lists.push_back(std::move(topic.list));
    result.ties.push_back(topic.ties);
  }
  evaluated_.clear();

  // The summary: trec_eval's sums in topic order, then the average over the topics evaluated
  // (or, with -c, over every topic of the qrels).
  const std::size_t evaluated = result.topics.size();
  const std::size_t count = options_.complete ? qrels_->topics.size() : evaluated;
  result.summary.assign(n_slots, 0.0);
  for (std::size_t s = 0; s < n_slots; ++s) {
    double sum = 0.0;
    for (const std::vector<double>& row : result.values) sum += row[s];
    switch (slots[s].summary) {
      case TrecSummary::mean:
        result.summary[s] = count ? sum / static_cast<double>(count) : sum;
        break;
      case TrecSummary::sum:
        result.summary[s] = sum;
        // trec_eval -c recounts num_rel from the whole qrels: every grade above 0, whatever -l.
        if (options_.complete && slots[s].name == "num_rel") {
          std::int64_t above_zero = 0;
          for (const TopicJudgments& judgments : qrels_->judgments) {
            for (const Judgment& judged : judgments.all()) above_zero += judged.grade > 0;
          }
          result.summary[s] = static_cast<double>(above_zero);
        }
        break;
      case TrecSummary::count:
        result.summary[s] = static_cast<double>(count);
        break;
      case TrecSummary::geometric:
        if (count) {
          sum += static_cast<double>(count - evaluated) * std::log(0.00001);
          result.summary[s] = std::exp(sum / static_cast<double>(count));
        }
        break;
      case TrecSummary::none:
      case TrecSummary::runid:
        break;
    }
  }
  runs_.push_back(std::move(result));
  return std::nullopt;
}

// ---- Reports ------------------------------------------------------------------------------------

namespace {

std::string format_value(double value, TrecKind kind, int digits) {
  char buffer[64];
  // trec_eval's 0/0 prints as -nan (glibc, x86-64: the NaN has its sign bit set).
  if (std::isnan(value)) {
    std::snprintf(buffer, sizeof buffer, "%6s", "-nan");
    return buffer;
  }
  if (kind == TrecKind::count) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
  } else {
    // 17 "digits": 17 significant ones, which read back as the same double (not padded).
    if (digits >= 17) {
      std::snprintf(buffer, sizeof buffer, "%.17g", value);
    } else {
      std::snprintf(buffer, sizeof buffer, "%6.*f", digits, value);
    }
  }
  return buffer;
}

// Calls `line(slot, topic, value_text)` for each line trec_eval prints for `run`.
template <class F>
void for_each_line(const TrecOptions& options, const std::vector<TrecSlot>& slots,
                   const TrecRunResult& run, int digits, F line) {
  // -Z: each number is a z-score, printed as trec_eval prints one: 'Z' + name, four decimals.
  std::vector<TrecSlot> z_slots;
  if (!options.zscores.empty()) {
    z_slots = slots;
    for (TrecSlot& slot : z_slots) {
      if (slot.kind == TrecKind::text) continue;
      slot.name = "Z" + slot.name;
      slot.kind = TrecKind::real;
    }
  }
  const std::vector<TrecSlot>& shown = z_slots.empty() ? slots : z_slots;
  if (options.per_query) {
    for (std::size_t t = 0; t < run.topics.size(); ++t) {
      for (std::size_t s = 0; s < slots.size(); ++s) {
        const TrecSlot& slot = shown[s];
        if (!slot.per_query) continue;
        if (slot.kind == TrecKind::text) {
          line(slot, run.topics[t],
               "'" + (t < run.relstrings.size() ? run.relstrings[t] : "") + "'");
        } else {
          line(slot, run.topics[t], format_value(run.values[t][s], slot.kind, digits));
        }
      }
    }
  }
  if (!options.summary) return;
  for (std::size_t s = 0; s < slots.size(); ++s) {
    const TrecSlot& slot = shown[s];
    if (slot.summary == TrecSummary::none) continue;
    if (slot.summary == TrecSummary::runid) {
      line(slot, "all", run.run_id);
    } else {
      line(slot, "all", format_value(run.summary[s], slot.kind, digits));
    }
  }
}

// A number as a spreadsheet reads one: -0.5, +3, 1e-5.
bool spreadsheet_number(std::string_view text) {
  std::size_t i = text.empty() || (text[0] != '+' && text[0] != '-') ? 0 : 1;
  const std::size_t digits_from = i;
  bool digits = false;
  bool point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (!digits || i == digits_from) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t exponent_from = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == exponent_from) return false;
  }
  return i == text.size();
}

// A field of trec's CSV: a docno, qid or run tag that a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) gets a leading ', as OWASP advises against
// CSV injection (numbers keep their sign, marks alone such as "+" stay); then quoted as RFC 4180
// says.
std::string csv_field(std::string_view raw) {
  std::string text = visible(raw);
  if (!text.empty() && std::string_view("=+-@\t\r").find(text[0]) != std::string_view::npos &&
      !spreadsheet_number(text) && text.find_first_not_of("+-") != std::string::npos) {
    text.insert(0, 1, '\'');
  }
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string TrecSession::report_text(int digits) const {
  digits = std::clamp(digits, 0, 17);
  std::string out;
  for (const TrecRunResult& run : runs_) {
    for_each_line(options_, plan_->slots, run, digits,
                  [&](const TrecSlot& slot, std::string_view topic, const std::string& value) {
                    out += slot.name;  // printf's %-22s: padded to 22, never cut
                    // -Z prints 'Z' before the padded name ("Z%-22s").
                    const std::size_t width =
                        zscores_active() && slot.kind != TrecKind::text ? 23 : 22;
                    if (slot.name.size() < width) out.append(width - slot.name.size(), ' ');
                    // A qid or run tag with an escape sequence or NUL must not reach the
                    // terminal as it is: shown as ⟨U+001B⟩ (explain.h, visible).
                    out += '\t';
                    out += visible(topic);
                    out += '\t';
                    out += visible(value);
                    out += '\n';
                  });
  }
  return out;
}

std::string TrecSession::report_csv(int digits) const {
  digits = std::clamp(digits, 0, 17);
  std::string out = "run,measure,topic,value\n";
  for (const TrecRunResult& run : runs_) {
    for_each_line(options_, plan_->slots, run, digits,
                  [&](const TrecSlot& slot, std::string_view topic, std::string value) {
                    // Trim the %6 padding; strip relstring's quotes (CSV quotes itself).
                    value.erase(0, value.find_first_not_of(' '));
                    if (slot.kind == TrecKind::text && slot.summary != TrecSummary::runid &&
                        value.size() >= 2) {
                      value = value.substr(1, value.size() - 2);
                    }
                    out += csv_field(run.run_id) + "," + csv_field(slot.name) + "," +
                           csv_field(topic) + "," + csv_field(value) + "\n";
                  });
  }
  return out;
}

}  // namespace irm
