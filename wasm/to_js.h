// C++ result structs -> plain JS objects. The one place snake_case fields become camelCase keys.
#pragma once

#include <emscripten/val.h>

#include <optional>
#include <string>

#include "irm/check.h"
#include "irm/compare.h"
#include "irm/irm.h"
#include "irm/trec_eval.h"

namespace irm_js {

/// How much of an Outcome crosses to JS: all of it, or (lean) the step tables' cells as text
/// with a `quantity` mark and no charts, for a reader that prints text (calc's text and --json
/// output). A 500,000-rank list's answer is then a fifth of the JSON to build and parse.
enum class Detail { full, lean };

/// {ok: true, value: Outcome} or {ok: false, error: {code, message, field, line, column, length}}
emscripten::val to_js(const irm::Result<irm::Outcome>& result, Detail detail = Detail::full);
/// The registry as an array of MeasureInfo objects (docs/js-api.md).
emscripten::val measures_to_js(const std::vector<irm::MeasureInfo>& measures);
/// {ok: true, value: {correct, matched, why, hint, measure, key, label, precision, expected,
/// answer}} or {ok: false, error} (docs/js-api.md, check()).
emscripten::val check_to_js(const irm::Result<irm::CheckResult>& result);
/// The catalogue of slips as [{name, measures, summary}].
emscripten::val slips_to_js(const std::vector<irm::SlipInfo>& slips);
/// {ok: true, value: {measures, runs, topics, options, comparisons, means, summaries, notes}} or
/// {ok: false, error} (docs/js-api.md, compareRuns()).
emscripten::val comparison_to_js(const irm::Result<irm::Comparison>& result);
/// {ok: false, error: {code: "internal", ...}}: the second line of defence.
emscripten::val internal_error(const std::string& what);

/// TrecSession results (docs/js-api.md): {ok: true} or {ok: false, error: {..., file}}.
emscripten::val trec_status(const std::optional<irm::InputError>& failure, const std::string& file);
/// {ok, file, topics, judgments, warnings} after the qrels are read.
emscripten::val trec_qrels_done(const irm::TrecSession& session);
/// {ok, index, file, runId, topics, tiedTopics, tiedDocuments, warnings} for the run just
/// evaluated (tiedTopics: topics with equal scores among their ranked documents).
emscripten::val trec_run_done(const irm::TrecSession& session);
/// One topic's ranked grades and R: {ok, qid, relevant, level, grades, ties}.
emscripten::val trec_topic(const irm::TrecSession& session, int run_index, const std::string& qid);

}  // namespace irm_js
