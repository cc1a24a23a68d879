// Conversion only: no arithmetic, no defaults, no message text of the core's.

#include "to_js.h"

#include <cmath>

using emscripten::val;

namespace irm_js {
namespace {

template <class T, class F>
val array_of(const std::vector<T>& items, F convert) {
  val out = val::array();
  for (std::size_t i = 0; i < items.size(); ++i) out.set(i, convert(items[i]));
  return out;
}

val strings(const std::vector<std::string>& items) {
  return array_of(items, [](const std::string& s) { return val(s); });
}

val number(const irm::Number& n) {
  val out = val::object();
  // The core never produces NaN or infinity; if one slipped through, JSON would turn it into
  // null and the page would show "NaN". Zero is the safe display, and the tests catch the bug.
  out.set("approx", std::isfinite(n.approx) ? n.approx : 0.0);
  out.set("exact", n.exact ? val(irm::to_string(*n.exact)) : val::null());
  out.set("formula", n.formula);
  return out;
}

val cell(const irm::Cell& c) {
  val out = val::object();
  out.set("text", c.text);
  if (c.number) out.set("value", number(*c.number));
  return out;
}

val step_table(const irm::StepTable& t) {
  val out = val::object();
  out.set("title", t.title);
  out.set("columns", strings(t.columns));
  out.set("rows",
          array_of(t.rows, [](const std::vector<irm::Cell>& row) { return array_of(row, cell); }));
  out.set("highlight", array_of(t.highlight, [](int i) { return val(i); }));
  return out;
}

const char* series_kind(irm::Series::Kind kind) {
  switch (kind) {
    case irm::Series::Kind::line:
      return "line";
    case irm::Series::Kind::step:
      return "step";
    case irm::Series::Kind::dot:
      return "dot";
  }
  return "line";
}

val chart(const irm::Chart& c) {
  val out = val::object();
  out.set("id", c.id);
  out.set("title", c.title);
  out.set("x", c.x_label);
  out.set("y", c.y_label);
  out.set("series", array_of(c.series, [](const irm::Series& s) {
            val series = val::object();
            series.set("name", s.name);
            series.set("kind", std::string(series_kind(s.kind)));
            series.set("points", array_of(s.points, [](const std::pair<double, double>& p) {
                         val point = val::array();
                         point.set(0, p.first);
                         point.set(1, p.second);
                         return point;
                       }));
            return series;
          }));
  out.set("description", c.description);
  return out;
}

val outcome(const irm::Outcome& o) {
  val out = val::object();
  out.set("measure", o.measure);
  out.set("title", o.title);
  out.set("value", number(o.value));
  val values = val::object();
  for (const auto& [key, n] : o.values) values.set(key, number(n));
  out.set("values", values);
  out.set("formula", o.formula);
  out.set("working", o.working);
  out.set("steps", array_of(o.steps, step_table));
  out.set("notes", strings(o.notes));
  out.set("alternatives", array_of(o.alternatives, [](const irm::Alternative& a) {
            val alt = val::object();
            alt.set("measure", a.measure);
            alt.set("value", number(a.value));
            alt.set("why", a.why);
            return alt;
          }));
  out.set("charts", array_of(o.charts, chart));
  return out;
}

val error(const irm::InputError& e) {
  val out = val::object();
  out.set("code", std::string(irm::to_string(e.code)));
  out.set("message", e.message);
  out.set("field", std::string(irm::to_string(e.field)));
  out.set("line", e.where.line);
  out.set("column", e.where.column);
  out.set("length", e.where.length);
  return out;
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

}  // namespace

val to_js(const irm::Result<irm::Outcome>& result) {
  val out = val::object();
  out.set("ok", result.ok());
  if (result.ok()) {
    out.set("value", outcome(result.value()));
  } else {
    out.set("error", error(result.error()));
  }
  return out;
}

val measures_to_js(const std::vector<irm::MeasureInfo>& measures) {
  return array_of(measures, [](const irm::MeasureInfo& m) {
    val out = val::object();
    out.set("name", m.name);
    out.set("title", m.title);
    out.set("summary", m.summary);
    out.set("input", std::string(irm::to_string(m.input)));
    out.set("cutoff", std::string(cutoff_kind(m.cutoff)));
    out.set("cutoffKind", std::string(m.cutoff == irm::CutoffKind::none              ? ""
                                      : m.cutoff == irm::CutoffKind::recall_required ? "recall"
                                                                                     : "rank"));
    out.set("params", array_of(m.params, [](const irm::ParamInfo& p) {
              val param = val::object();
              param.set("name", p.name);
              param.set("choices", strings(p.choices));
              param.set("default", p.default_value);
              param.set("help", p.help);
              return param;
            }));
    out.set("aliases", strings(m.aliases));
    out.set("formula", m.formula);
    out.set("example", m.example);
    return out;
  });
}

val internal_error(const std::string& what) {
  val out = val::object();
  out.set("ok", false);
  val e = val::object();
  e.set("code", std::string("internal"));
  e.set("message", "the calculator hit an internal error (" + what +
                       "); your input is kept. Please report it with this input.");
  e.set("field", std::string("input"));
  e.set("line", 0);
  e.set("column", 0);
  e.set("length", 0);
  out.set("error", e);
  return out;
}

}  // namespace irm_js
