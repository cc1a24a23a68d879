// Conversion only: no arithmetic, no defaults, no message text of the core's.
//
// A result is written as one JSON text and parsed once by JSON.parse into a plain JS object.
// Setting fields one at a time through emscripten::val costs a JS call per field: measured on a
// 100,000-rank list, P@10 took 5.5 s that way against 0.2 s natively, nearly all of it in the
// per-cell calls.

#include "to_js.h"

#include <cmath>
#include <cstdio>
#include <optional>

#include "irm/json.h"

using emscripten::val;

namespace irm_js {
namespace {

using irm::JsonWriter;

val parse_text(const std::string& text) { return val::global("JSON").call<val>("parse", text); }
val parse(const JsonWriter& j) { return parse_text(j.text()); }

void strings(JsonWriter& j, const std::vector<std::string>& items) { irm::json_strings(j, items); }

void number(JsonWriter& j, const irm::Number& n) {
  j.begin_object();
  j.key("approx");
  j.value(n.approx);
  j.key("exact");
  if (n.exact) {
    j.value(irm::to_string(*n.exact));
  } else {
    j.null();
  }
  j.key("formula");
  j.value(n.formula);
  j.end_object();
}

void step_table(JsonWriter& j, const irm::StepTable& t, Detail detail) {
  j.begin_object();
  j.key("title");
  j.value(t.title);
  j.key("columns");
  strings(j, t.columns);
  j.key("rows");
  j.begin_array();
  for (const auto& row : t.rows) {
    j.begin_array();
    for (const auto& c : row) {
      j.begin_object();
      j.key("text");
      j.value(irm::visible(c.text));
      if (c.number && detail == Detail::lean) {
        j.key("quantity");
        j.value(true);
      } else if (c.number) {
        j.key("value");
        number(j, *c.number);
      }
      j.end_object();
    }
    j.end_array();
  }
  j.end_array();
  j.key("highlight");
  j.begin_array();
  for (const int i : t.highlight) j.value(i);
  j.end_array();
  j.end_object();
}

const char* series_kind(irm::Series::Kind kind) {
  switch (kind) {
    case irm::Series::Kind::line:
      return "line";
    case irm::Series::Kind::step:
      return "step";
    case irm::Series::Kind::dot:
      return "dot";
    case irm::Series::Kind::bar:
      return "bar";
  }
  return "line";
}

void chart(JsonWriter& j, const irm::Chart& c) {
  j.begin_object();
  j.key("id");
  j.value(c.id);
  j.key("kind");
  j.value(c.matrix ? "matrix" : "xy");
  j.key("title");
  j.value(c.title);
  j.key("x");
  j.value(c.x_label);
  j.key("y");
  j.value(c.y_label);
  j.key("series");
  j.begin_array();
  for (const auto& s : c.series) {
    j.begin_object();
    j.key("name");
    j.value(s.name);
    j.key("kind");
    j.value(series_kind(s.kind));
    j.key("faint");
    j.value(s.faint);
    j.key("points");
    j.begin_array();
    for (const auto& [x, y] : s.points) {
      j.begin_array();
      j.value(x);
      j.value(y);
      j.end_array();
    }
    j.end_array();
    j.end_object();
  }
  j.end_array();
  j.key("xCategories");
  strings(j, c.x_categories);
  if (c.matrix) {
    const irm::Matrix& m = *c.matrix;
    j.key("matrix");
    j.begin_object();
    j.key("rowTitle");
    j.value(m.row_title);
    j.key("columnTitle");
    j.value(m.column_title);
    j.key("rowLabels");
    strings(j, m.row_labels);
    j.key("columnLabels");
    strings(j, m.column_labels);
    j.key("cells");
    j.begin_array();
    for (const auto& row : m.cells) {
      j.begin_array();
      for (const double v : row) j.value(v);
      j.end_array();
    }
    j.end_array();
    j.end_object();
  }
  j.key("description");
  j.value(c.description);
  j.end_object();
}

void outcome(JsonWriter& j, const irm::Outcome& o, Detail detail) {
  j.begin_object();
  j.key("measure");
  j.value(o.measure);
  j.key("title");
  j.value(o.title);
  j.key("label");
  j.value(o.label.empty() ? o.measure : o.label);
  j.key("value");
  number(j, o.value);
  j.key("values");
  j.begin_object();
  for (const auto& [key, n] : o.values) {
    j.key(key);
    number(j, n);
  }
  j.end_object();
  j.key("formula");
  j.value(o.formula);
  j.key("working");
  j.value(o.working);
  j.key("steps");
  j.begin_array();
  for (const auto& t : o.steps) step_table(j, t, detail);
  j.end_array();
  j.key("notes");
  strings(j, o.notes);
  j.key("alternatives");
  j.begin_array();
  for (const auto& a : o.alternatives) {
    j.begin_object();
    j.key("measure");
    j.value(a.measure);
    j.key("value");
    number(j, a.value);
    j.key("why");
    j.value(a.why);
    j.end_object();
  }
  j.end_array();
  j.key("charts");
  j.begin_array();
  if (detail == Detail::full) {
    for (const auto& c : o.charts) chart(j, c);
  }
  j.end_array();
  j.end_object();
}

const char* cutoff_kind(irm::CutoffKind kind) {
  switch (kind) {
    case irm::CutoffKind::none:
      return "none";
    case irm::CutoffKind::rank_optional:
      return "optional";
    case irm::CutoffKind::recall_required:
      return "required";
  }
  return "none";
}

const char* cutoff_value_kind(irm::CutoffKind kind) {
  switch (kind) {
    case irm::CutoffKind::none:
      return "";
    case irm::CutoffKind::rank_optional:
      return "rank";
    case irm::CutoffKind::recall_required:
      return "recall";
  }
  return "";
}

void optional_number(JsonWriter& j, const std::optional<double>& d) {
  if (d) {
    j.value(*d);
  } else {
    j.null();
  }
}

void interval(JsonWriter& j, double low, double high) {
  j.begin_array();
  j.value(low);
  j.value(high);
  j.end_array();
}

}  // namespace

val to_js(const irm::Result<irm::Outcome>& result, Detail detail) {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(result.ok());
  if (result.ok()) {
    j.key("value");
    outcome(j, result.value(), detail);
  } else {
    const irm::InputError& e = result.error();
    j.key("error");
    irm::json_error(j, e);
  }
  j.end_object();
  return parse(j);
}

val measures_to_js(const std::vector<irm::MeasureInfo>& measures) {
  JsonWriter j;
  j.begin_array();
  for (const auto& m : measures) {
    j.begin_object();
    j.key("name");
    j.value(m.name);
    j.key("title");
    j.value(m.title);
    j.key("summary");
    j.value(m.summary);
    j.key("input");
    j.value(irm::to_string(m.input));
    j.key("cutoff");
    j.value(cutoff_kind(m.cutoff));
    j.key("cutoffKind");
    j.value(cutoff_value_kind(m.cutoff));
    j.key("cutoffInput");  // F@k reads a ranked list; null when a cutoff changes no input
    if (m.cutoff_input) {
      j.value(irm::to_string(*m.cutoff_input));
    } else {
      j.null();
    }
    j.key("params");
    j.begin_array();
    for (const auto& p : m.params) {
      j.begin_object();
      j.key("name");
      j.value(p.name);
      j.key("choices");
      strings(j, p.choices);
      j.key("default");
      j.value(p.default_value);
      j.key("help");
      j.value(p.help);
      j.key("numeric");
      j.value(p.numeric);
      j.key("maximum");
      if (p.maximum) {
        j.value(irm::to_string(*p.maximum));
      } else {
        j.null();
      }
      j.key("excludes");
      j.value(p.excludes);
      j.end_object();
    }
    j.end_array();
    j.key("aliases");
    strings(j, m.aliases);
    j.key("words");
    j.begin_array();
    for (const auto& w : m.words) {
      j.begin_object();
      j.key("word");
      j.value(w.word);
      j.key("param");
      j.value(w.param);
      j.key("value");
      j.value(w.value);
      j.key("aloneOnly");
      j.value(w.alone_only);
      j.end_object();
    }
    j.end_array();
    j.key("perQuery");
    j.value(m.per_query);
    j.key("takesMeasure");
    j.value(m.takes_measure);
    j.key("formula");
    j.value(m.formula);
    j.key("example");
    j.value(m.example);
    j.end_object();
  }
  j.end_array();
  return parse(j);
}

val check_to_js(const irm::Result<irm::CheckResult>& result) {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(result.ok());
  if (result.ok()) {
    const irm::CheckResult& c = result.value();
    j.key("value");
    j.begin_object();
    j.key("verdict");
    j.value(irm::to_string(c.verdict));
    j.key("correct");
    j.value(c.correct);
    j.key("matched");
    if (c.matched.empty()) {
      j.null();
    } else {
      j.value(c.matched);
    }
    j.key("convention");
    if (c.convention.empty()) {
      j.null();
    } else {
      j.value(c.convention);
    }
    j.key("candidates");
    j.begin_array();
    for (const auto& candidate : c.candidates) {
      j.begin_object();
      j.key("name");
      j.value(candidate.name);
      j.key("kind");
      j.value(candidate.kind == irm::CheckCandidate::Kind::convention ? "convention" : "slip");
      j.key("measure");
      if (candidate.measure.empty()) {
        j.null();
      } else {
        j.value(candidate.measure);
      }
      j.key("value");
      if (candidate.value) {
        number(j, *candidate.value);
      } else {
        j.null();
      }
      j.key("why");
      j.value(candidate.why);
      j.end_object();
    }
    j.end_array();
    j.key("why");
    j.value(c.why);
    j.key("hint");
    j.value(c.hint);
    j.key("measure");
    j.value(c.measure);
    j.key("key");
    if (c.key.empty()) {
      j.null();
    } else {
      j.value(c.key);
    }
    j.key("label");
    j.value(c.label);
    j.key("precision");
    j.value(c.precision);
    j.key("expected");
    number(j, c.expected);
    j.key("answer");
    j.begin_object();
    j.key("text");
    j.value(c.answer.text);
    j.key("form");
    j.value(c.answer.form == irm::Answer::Form::fraction     ? "fraction"
            : c.answer.form == irm::Answer::Form::percentage ? "percentage"
                                                             : "decimal");
    j.key("value");
    j.value(irm::to_string(c.answer.value));
    j.key("decimals");
    j.value(c.answer.decimals);
    j.key("prefix");
    j.value(c.answer.prefix);
    j.key("significant");
    j.value(c.answer.significant);
    j.end_object();
    j.end_object();
  } else {
    const irm::InputError& e = result.error();
    j.key("error");
    irm::json_error(j, e);
  }
  j.end_object();
  return parse(j);
}

val slips_to_js(const std::vector<irm::SlipInfo>& slips) {
  JsonWriter j;
  j.begin_array();
  for (const auto& s : slips) {
    j.begin_object();
    j.key("name");
    j.value(s.name);
    j.key("measures");
    strings(j, s.measures);
    j.key("summary");
    j.value(s.summary);
    j.end_object();
  }
  j.end_array();
  return parse(j);
}

val internal_error(const std::string& what) {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(false);
  j.key("error");
  irm::json_error(j, "internal", irm::internal_error_message(what), "input", irm::Span{});
  j.end_object();
  return parse(j);
}

#ifndef IRM_NO_TREC  // the embed widget has no TREC files (wasm/CMakeLists.txt)
// The session's answers are written by the core (core/src/trec/report_json.cpp), with its report.
val trec_status(const std::optional<irm::InputError>& failure, const std::string& file) {
  return parse_text(irm::trec_status_json(failure, file));
}

val trec_qrels_done(const irm::TrecSession& session) {
  return parse_text(session.qrels_done_json());
}

val trec_run_done(const irm::TrecSession& session) { return parse_text(session.run_done_json()); }

val trec_topic(const irm::TrecSession& session, int run_index, const std::string& qid) {
  return parse_text(session.topic_json(run_index, qid));
}

#endif  // IRM_NO_TREC

val comparison_to_js(const irm::Result<irm::Comparison>& result) {
  JsonWriter j;
  j.begin_object();
  j.key("ok");
  j.value(result.ok());
  if (!result.ok()) {
    const irm::InputError& e = result.error();
    j.key("error");
    irm::json_error(j, e);
    j.end_object();
    return parse(j);
  }
  const irm::Comparison& c = result.value();
  j.key("value");
  j.begin_object();
  j.key("measures");
  strings(j, c.measures);
  j.key("runs");
  strings(j, c.runs);
  j.key("topics");
  strings(j, c.topics);
  j.key("options");
  j.begin_object();
  j.key("test");
  j.value(irm::to_string(c.options.test));
  j.key("correction");
  j.value(irm::to_string(c.options.correction));
  j.key("alpha");
  j.value(c.options.alpha);
  j.key("confidence");
  j.value(c.options.confidence);
  j.key("baseline");
  if (c.options.baseline) {
    j.value(irm::visible(c.runs[*c.options.baseline]));
  } else {
    j.null();
  }
  j.key("seed");
  j.value(static_cast<double>(c.options.seed));
  j.key("permutations");
  j.value(static_cast<double>(c.options.permutations));
  j.key("bootstrap");
  j.value(static_cast<double>(c.options.bootstrap_samples));
  j.end_object();
  j.key("comparisons");
  j.begin_array();
  for (const irm::PairComparison& p : c.comparisons) {
    j.begin_object();
    j.key("measure");
    j.value(p.measure);
    j.key("a");
    j.value(irm::visible(p.a));
    j.key("b");
    j.value(irm::visible(p.b));
    j.key("test");
    j.value(p.test);
    j.key("p");
    j.value(p.p);
    j.key("p_adjusted");
    j.value(p.p_adjusted);
    j.key("significant");
    j.value(p.significant);
    j.key("mean_a");
    j.value(p.mean_a);
    j.key("mean_b");
    j.value(p.mean_b);
    j.key("diff");
    j.value(p.diff);
    j.key("ci");
    interval(j, p.ci_low, p.ci_high);
    j.key("ci_method");
    j.value(p.ci_method);
    j.key("effect_size");
    optional_number(j, p.effect_size);
    j.key("wins");
    j.value(static_cast<double>(p.wins));
    j.key("ties");
    j.value(static_cast<double>(p.ties));
    j.key("losses");
    j.value(static_cast<double>(p.losses));
    j.key("statistic");
    // t is infinite when every difference is the same and not 0 (method says so); JSON has no
    // infinity, so null.
    optional_number(j,
                    std::isfinite(p.statistic) ? std::optional<double>(p.statistic) : std::nullopt);
    j.key("statistic_name");
    j.value(p.statistic_name);
    j.key("df");
    optional_number(j, p.df);
    j.key("z");
    optional_number(j, p.z);
    j.key("method");
    j.value(p.method);
    j.key("p_standard_error");
    optional_number(j, p.p_standard_error);
    j.key("samples");
    j.value(static_cast<double>(p.samples));
    j.end_object();
  }
  j.end_array();
  j.key("means");
  j.begin_array();
  for (const irm::RunMean& m : c.means) {
    j.begin_object();
    j.key("run");
    j.value(irm::visible(m.run));
    j.key("measure");
    j.value(m.measure);
    j.key("mean");
    j.value(m.mean);
    j.key("ci");
    interval(j, m.ci_low, m.ci_high);
    j.key("ci_method");
    j.value(m.ci_method);
    j.end_object();
  }
  j.end_array();
  j.key("summaries");
  j.begin_array();
  for (const irm::MeasureSummary& m : c.summaries) {
    j.begin_object();
    j.key("measure");
    j.value(m.measure);
    j.key("pairs");
    j.value(static_cast<double>(m.pairs));
    j.key("mse");
    optional_number(j, m.mse);
    j.key("df");
    optional_number(j, m.df);
    j.key("q_critical");
    optional_number(j, m.q_critical);
    j.end_object();
  }
  j.end_array();
  j.key("notes");
  strings(j, c.notes);
  j.end_object();
  j.end_object();
  return parse(j);
}

}  // namespace irm_js
