// TrecSession's JSON (docs/js-api.md, "TREC files"): the report, the command line's --format json
// and the TREC page's download, from the wasm module and the native command line alike; and the
// session's answers to the page after each call (wasm/to_js.cpp parses them), whose qrels, run
// and ties fields are the report's.

#include <cmath>

#include "irm/json.h"
#include "irm/trec_eval.h"

namespace irm {
namespace {

const char* ties_name(Ties ties) {
  switch (ties) {
    case Ties::docno:
      return "docno";
    case Ties::input:
      return "input";
    case Ties::rank:
      return "rank";
    case Ties::average:
      return "average";
    case Ties::bounds:
      return "bounds";
  }
  return "docno";
}

const char* kind_name(TrecKind kind) {
  switch (kind) {
    case TrecKind::real:
      return "float";
    case TrecKind::count:
      return "long";
    case TrecKind::text:
      return "string";
  }
  return "float";
}

const char* summary_name(TrecSummary summary) {
  switch (summary) {
    case TrecSummary::mean:
      return "mean";
    case TrecSummary::sum:
      return "sum";
    case TrecSummary::geometric:
      return "geometric";
    case TrecSummary::count:
      return "count";
    case TrecSummary::none:
      return "none";
    case TrecSummary::runid:
      return "runid";
  }
  return "mean";
}

/// A topic's ties: {tiedDocuments, groups, largest}.
void json_topic_ties(JsonWriter& j, const TrecTopicTies& ties) {
  j.begin_object();
  j.key("tiedDocuments");
  j.value(static_cast<double>(ties.tied_documents));
  j.key("groups");
  j.value(static_cast<double>(ties.groups));
  j.key("largest");
  j.value(static_cast<double>(ties.largest));
  j.end_object();
}

/// The qrels' fields: file, topics, judgments.
void json_qrels_fields(JsonWriter& j, const TrecSession& session) {
  j.key("file");
  j.value(session.qrels_file());
  j.key("topics");
  j.value(static_cast<double>(session.qrels_topics()));
  j.key("judgments");
  j.value(static_cast<double>(session.qrels_judgments()));
}

/// A run's first fields: file, runId.
void json_run_fields(JsonWriter& j, const TrecRunResult& run) {
  j.key("file");
  j.value(run.file);
  j.key("runId");
  j.value(visible(run.run_id));
}

}  // namespace

std::string TrecSession::report_json() const {
  const TrecOptions& options = options_;
  const std::vector<TrecSlot>& slots = this->slots();
  JsonWriter j;
  j.begin_object();
  j.key("options");
  j.begin_object();
  j.key("level");
  j.value(options.level);
  j.key("complete");
  j.value(options.complete);
  j.key("judgedOnly");
  j.value(options.judged_only);
  j.key("maxDocs");
  if (options.max_docs >= 0) {
    j.value(static_cast<double>(options.max_docs));
  } else {
    j.null();
  }
  j.key("compat");
  j.value(options.compat == Compat::trec9 ? "9" : "10");
  j.key("ties");
  j.value(ties_name(options.ties));
  j.key("args");
  json_strings(j, options.args);
  j.end_object();
  j.key("qrels");
  j.begin_object();
  json_qrels_fields(j, *this);
  j.end_object();
  j.key("warnings");
  std::vector<std::string> warnings = qrels_warnings();
  for (const auto& run : runs_) {
    warnings.insert(warnings.end(), run.warnings.begin(), run.warnings.end());
  }
  json_strings(j, warnings);
  j.key("measures");
  j.begin_array();
  for (const TrecSlot& slot : slots) {
    j.begin_object();
    j.key("name");
    j.value(slot.name);
    j.key("kind");
    j.value(kind_name(slot.kind));
    j.key("summary");
    j.value(summary_name(slot.summary));
    j.end_object();
  }
  j.end_array();
  j.key("runs");
  j.begin_array();
  for (const TrecRunResult& run : runs_) {
    j.begin_object();
    json_run_fields(j, run);
    j.key("topics");
    json_strings(j, run.topics);
    j.key("perQuery");
    j.begin_array();
    for (std::size_t t = 0; t < run.topics.size(); ++t) {
      j.begin_array();
      for (std::size_t s = 0; s < slots.size(); ++s) {
        if (!slots[s].per_query) {
          j.null();
        } else if (slots[s].kind == TrecKind::text) {
          j.value(t < run.relstrings.size() ? run.relstrings[t] : std::string());
        } else if (std::isnan(run.values[t][s])) {
          j.null();  // trec_eval's -nan
        } else {
          j.value(run.values[t][s]);
        }
      }
      j.end_array();
    }
    j.end_array();
    j.key("summary");
    j.begin_array();
    for (std::size_t s = 0; s < slots.size(); ++s) {
      if (slots[s].summary == TrecSummary::none) {
        j.null();
      } else if (slots[s].summary == TrecSummary::runid) {
        j.value(visible(run.run_id));
      } else if (std::isnan(run.summary[s])) {
        j.null();  // trec_eval's -nan (a topic left with no documents; see --nan-as-zero)
      } else {
        j.value(run.summary[s]);
      }
    }
    j.end_array();
    // Each topic's equal scores among its ranked documents (after -M).
    j.key("ties");
    j.begin_array();
    for (const TrecTopicTies& ties : run.ties) json_topic_ties(j, ties);
    j.end_array();
    j.key("warnings");
    json_strings(j, run.warnings);
    j.end_object();
  }
  j.end_array();
  j.end_object();
  return j.text();
}

std::string trec_status_json(const std::optional<InputError>& failure, const std::string& file) {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(!failure.has_value());
  if (failure) {
    j.key("error");
    json_error(j, *failure, &file);
  }
  j.end_object();
  return j.text();
}

std::string TrecSession::qrels_done_json() const {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(true);
  json_qrels_fields(j, *this);
  j.key("warnings");
  json_strings(j, qrels_warnings());
  j.end_object();
  return j.text();
}

std::string TrecSession::run_done_json() const {
  const TrecRunResult& run = runs_.back();
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(true);
  j.key("index");
  j.value(static_cast<double>(runs_.size() - 1));
  json_run_fields(j, run);
  j.key("topics");
  j.value(static_cast<double>(run.topics.size()));
  // The topics whose ranked documents have equal scores, and how many such documents in all.
  std::int64_t tied_topics = 0;
  std::int64_t tied_documents = 0;
  for (const TrecTopicTies& ties : run.ties) {
    tied_topics += ties.groups > 0 ? 1 : 0;
    tied_documents += ties.tied_documents;
  }
  j.key("tiedTopics");
  j.value(static_cast<double>(tied_topics));
  j.key("tiedDocuments");
  j.value(static_cast<double>(tied_documents));
  j.key("warnings");
  json_strings(j, run.warnings);
  j.end_object();
  return j.text();
}

std::string TrecSession::topic_json(int run_index, const std::string& qid) const {
  if (run_index < 0 || static_cast<std::size_t>(run_index) >= runs_.size()) {
    return trec_status_json(
        InputError{ErrorCode::out_of_range, "there is no run " + std::to_string(run_index), Span{},
                   Field::options},
        "");
  }
  const TrecRunResult& run = runs_[static_cast<std::size_t>(run_index)];
  if (run.lists.size() != run.topics.size()) {
    return trec_status_json(InputError{ErrorCode::out_of_range,
                                       "the topics' lists were not kept (keepTopicLists(false))",
                                       Span{}, Field::options},
                            run.file);
  }
  for (std::size_t t = 0; t < run.topics.size(); ++t) {
    if (run.topics[t] != qid) continue;
    JsonWriter j;
    j.begin_object();
    j.key("ok");
    j.value(true);
    j.key("qid");
    j.value(qid);
    j.key("relevant");
    j.value(static_cast<double>(run.lists[t].relevant));
    j.key("level");
    j.value(options_.level);
    j.key("grades");
    j.begin_array();
    for (const int g : run.lists[t].grades) j.value(g);
    j.end_array();
    if (t < run.ties.size()) {
      j.key("ties");
      json_topic_ties(j, run.ties[t]);
    }
    j.end_object();
    return j.text();
  }
  return trec_status_json(
      InputError{ErrorCode::out_of_range, "topic " + qid + " was not evaluated in " + run.file,
                 Span{}, Field::options},
      run.file);
}

}  // namespace irm
