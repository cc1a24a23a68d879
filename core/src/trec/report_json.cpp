// TrecSession's JSON report (docs/js-api.md, "TREC files"): the command line's --format json and
// the TREC page's download, from the wasm module and the native command line alike.

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

}  // namespace

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
  j.key("file");
  j.value(qrels_file_);
  j.key("topics");
  j.value(static_cast<double>(qrels_topics()));
  j.key("judgments");
  j.value(static_cast<double>(qrels_judgments()));
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
    j.key("file");
    j.value(run.file);
    j.key("runId");
    j.value(visible(run.run_id));
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

}  // namespace irm
