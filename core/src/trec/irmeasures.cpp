// ir_measures' names read into requests for the TREC engine (see trec/irmeasures.h), by the
// declarations of the measure families (trec/ir_spec.h): the families' list is kFamilies below.
// What is here is the same for every name: the grammar Name(param=value,…)@k (read by
// parse/call_syntax.h), the readers of the parameters by their names, the canonical spelling as
// ir_measures prints it, and the plan's plumbing (each name once, its view of the run, its
// printed lines). Here too are the names with no family of their own, the engine's own: Judged,
// NumQ, NumRel and NumRet (the counts, and ir_measures' share of judged documents).

#include "trec/irmeasures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "parse/call_syntax.h"
#include "parse/text.h"
#include "trec/ir_spec.h"
#include "trec/plan.h"

namespace irm::trec {
namespace {

// --- the engine's own ir_measures names --------------------------------------------------------
// The counts (trec_eval's num_rel and num_ret, and NumQ) and Judged@k, which no measure family
// teaches.

void numq(const Topic&, const Requested& r, double* out, std::string*) { out[r.first_slot] = 1.0; }

// Judged@k, as ir_measures computes it: the share of the top min(k, n) documents that the qrels
// list (any grade, negative too); without k, of the whole list; 0 for an empty list.
void judged(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t stop = r.cutoffs.empty() ? t.num_ret : std::min(r.cutoffs[0], t.num_ret);
  std::int64_t count = 0;
  for (std::int64_t i = 0; i < stop; ++i) count += (*t.grades)[static_cast<std::size_t>(i)] != -1;
  out[r.first_slot] = stop ? static_cast<double>(count) / static_cast<double>(stop) : 0.0;
}

const MeasureDef& numq_def() {
  static const MeasureDef def{"NumQ", Params::none, "",  TrecKind::count, TrecSummary::count,
                              true,   "topics",     numq};
  return def;
}
const MeasureDef& judged_def() {
  static const MeasureDef def{"Judged", Params::none,   "",    TrecKind::real, TrecSummary::mean,
                              true,     "judged share", judged};
  return def;
}

const std::vector<IrMeasureSpec>& engine_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec judged_share;
    judged_share.name = "Judged";
    judged_share.cutoff = IrCutoff::optional;
    judged_share.help = "the share of the top min(k, n) documents that the qrels grade";
    judged_share.request = [](const IrMeasure&, IrRequest& q) { q.request.def = &judged_def(); };

    IrMeasureSpec topics;
    topics.name = "NumQ";
    topics.help = "the number of topics evaluated";
    topics.request = [](const IrMeasure&, IrRequest& q) { q.request.def = &numq_def(); };

    IrMeasureSpec relevant;
    relevant.name = "NumRel";
    relevant.params = {"rel"};
    relevant.help = "the number of relevant documents (trec_eval's num_rel)";
    relevant.trec_eval = "num_rel";

    // NumRet counts every document retrieved; with rel= (NumRelRet) the relevant ones.
    IrMeasureSpec retrieved;
    retrieved.name = "NumRet";
    retrieved.params = {IrParam::without_default("rel")};
    retrieved.aliases = {{"NumRelRet", "rel", "1"}};
    retrieved.help = "the number of documents retrieved (num_ret), with rel= the relevant ones";
    retrieved.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = q.trec_eval(m.rel ? "num_rel_ret" : "num_ret");
    };
    return std::vector<IrMeasureSpec>{judged_share, topics, relevant, retrieved};
  }();
  return specs;
}

// --- the families' declarations ----------------------------------------------------------------

// The families with ir_measures names, each declared at the end of its file (trec/ir_spec.h),
// in the order the "unknown measure" error lists their names; then the engine's own.
using FamilyIrMeasures = const std::vector<IrMeasureSpec>& (*)();
constexpr FamilyIrMeasures kFamilies[] = {
    &average_precision_ir_measures,
    &precision_recall_ir_measures,
    &reciprocal_rank_ir_measures,
    &dcg_ir_measures,
    &bpref_ir_measures,
    &set_measures_ir_measures,
    &interpolation_ir_measures,
    &cascade_ir_measures,
    &ndeval_ir_measures,
    &engine_ir_measures,
};

// The measure a name or an alias names (`alias` set for an alias), or null.
const IrMeasureSpec* find_spec(std::string_view name, const IrAlias** alias = nullptr) {
  for (const IrMeasureSpec* spec : ir_measure_specs()) {
    if (name == spec->name) return spec;
    for (const IrAlias& a : spec->aliases) {
      if (name != a.name) continue;
      if (alias != nullptr) *alias = &a;
      return spec;
    }
  }
  return nullptr;
}

std::string all_names() {
  std::string out;
  for (const IrMeasureSpec* spec : ir_measure_specs()) {
    if (!out.empty()) out += ", ";
    out += spec->name;
  }
  return out;
}

// trec_eval's measure of that name (IrRequest::trec_eval).
const MeasureDef* trec_eval_def(std::string_view name) {
  for (const MeasureDef& d : measure_table()) {
    if (std::string_view(d.name) == name) return &d;
  }
  return nullptr;
}

// --- reading a name ----------------------------------------------------------------------------

bool identifier_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool identifier_char(char c) { return identifier_start(c) || (c >= '0' && c <= '9'); }

// The Python identifier at the start of s (nDCG, judged_only), or empty: ir_measures' names and
// parameter names are identifiers, and the shared reader (parse/call_syntax.h) takes any text
// before a '(', '@' or '=' as the name or key, so what follows the identifier is looked at here.
std::string_view identifier(std::string_view s) {
  std::size_t end = 0;
  if (!s.empty() && identifier_start(s[0])) {
    while (end < s.size() && identifier_char(s[end])) ++end;
  }
  return s.substr(0, end);
}

// ir_measures' grammar: quoted and {…} values, and spaces around '@'.
const call_syntax::Grammar ir_measures_grammar{true, true};

InputError name_error(std::string_view text, ErrorCode code, int column, const std::string& what) {
  return InputError{code,
                    "-m " + text::quoted(text) + ", column " + std::to_string(column) + ": " + what,
                    Span{}, Field::options};
}

std::optional<std::int64_t> whole(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  if (i == s.size() || s.size() - i > 10) return std::nullopt;
  for (std::size_t k = i; k < s.size(); ++k) {
    if (s[k] < '0' || s[k] > '9') return std::nullopt;
  }
  return std::strtoll(std::string(s).c_str(), nullptr, 10);
}

std::optional<bool> boolean(std::string_view s) {
  if (s == "True" || s == "true") return true;
  if (s == "False" || s == "false") return false;
  return std::nullopt;
}

// A number as ir_measures prints an int-to-int gain: 3, or 3.5 for a gain that is not whole.
std::string gain_text(double gain) {
  if (gain == std::floor(gain) && std::fabs(gain) < 1e15) {
    return std::to_string(static_cast<long long>(gain));
  }
  return python_float(gain);
}

// The example of a value in "expected '=' after rel, such as rel=2".
const char* example_value(std::string_view param) {
  if (param == "rel") return "2";
  if (param == "dcg") return "exp-log2";
  if (param == "gains") return "{1:1,2:3}";
  if (param == "p" || param == "beta") return "0.9";
  if (param == "alpha") return "0.5";
  if (param == "T") return "2";
  if (param == "min_rel" || param == "max_rel") return "3";
  return "True";
}

// The parameters of a name as written (none: not given), before the defaults.
struct Given {
  std::optional<int> rel;
  std::optional<bool> judged_only;
  std::optional<std::string> dcg;  // log2 or exp-log2 (burges read as exp-log2)
  std::optional<std::vector<std::pair<int, double>>> gains;  // by grade
  std::optional<double> p;
  std::optional<double> beta;
  std::optional<double> alpha;
  std::optional<bool> relative;
  std::optional<bool> normalize;
  std::optional<double> t;
  std::optional<int> min_rel;
  std::optional<int> max_rel;
};

// Reads one parameter's value, as every measure reads it: empty, or what was expected instead.
// A measure's own narrower rules come first (IrMeasureSpec::check_value).
std::string read_param(Given& given, std::string_view param, std::string_view value) {
  if (param == "rel") {
    const auto n = whole(value);
    if (!n || *n < -1000000000 || *n > 1000000000) {
      return "a whole number (the lowest relevant grade), such as rel=2";
    }
    given.rel = static_cast<int>(*n);
  } else if (param == "judged_only" || param == "relative" || param == "normalize") {
    const auto b = boolean(value);
    if (!b) return "True or False";
    (param == "judged_only" ? given.judged_only
     : param == "relative"  ? given.relative
                            : given.normalize) = *b;
  } else if (param == "dcg") {
    const std::string_view v = ir_unquoted(value);
    if (v == "log2") {
      given.dcg = "log2";
    } else if (v == "exp-log2" || v == "burges") {
      given.dcg = "exp-log2";
    } else {
      return "log2 (trec_eval's nDCG: gain = grade) or exp-log2 (gdeval's: gain = 2^grade - 1; "
             "also written burges)";
    }
  } else if (param == "gains") {
    // {grade:gain,...}
    const char* const expected = "grade:gain pairs in braces, such as gains={0:0,1:1,2:3}";
    std::string_view v = value;
    if (v.size() < 2 || v.front() != '{' || v.back() != '}') return expected;
    v = v.substr(1, v.size() - 2);
    std::vector<std::pair<int, double>>& gains = given.gains.emplace();
    std::size_t start = 0;
    while (start <= v.size()) {
      std::size_t comma = v.find(',', start);
      if (comma == std::string_view::npos) comma = v.size();
      std::string_view pair = v.substr(start, comma - start);
      while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
      while (!pair.empty() && pair.back() == ' ') pair.remove_suffix(1);
      if (!(pair.empty() && comma == v.size() && start > 0)) {  // a comma at the end
        const std::size_t colon = pair.find(':');
        std::int64_t grade = 0;
        double gain = 0.0;
        bool read = colon != std::string_view::npos;
        if (read) {
          const auto k = whole(pair.substr(0, colon));
          std::string_view rest = pair.substr(colon + 1);
          while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
          const auto x = ir_number(rest);
          read = k.has_value() && x.has_value();
          if (read) {
            grade = *k;
            gain = *x;
          }
        }
        if (!read || grade < -1000000 || grade > 1000000 || std::fabs(gain) > 1e9) {
          return expected;
        }
        const int g = static_cast<int>(grade);
        if (std::any_of(gains.begin(), gains.end(),
                        [&](const auto& pg) { return pg.first == g; })) {
          return "each grade once in the gains";
        }
        gains.emplace_back(g, gain);
      }
      start = comma + 1;
    }
    std::sort(gains.begin(), gains.end());
  } else if (param == "p") {
    const auto x = ir_number(value);
    if (!x || !(*x >= 0.0 && *x < 1.0)) {
      return "the persistence, a number from 0 up to (not including) 1, such as p=0.9";
    }
    given.p = *x;
  } else if (param == "T") {
    const auto x = ir_number(value);
    if (!x || !(*x > 0.0 && *x <= 1e9))
      return "the gain the user wants, a number above 0, such as T=2";
    given.t = *x;
  } else if (param == "min_rel" || param == "max_rel") {
    const auto n = whole(value);
    if (!n || *n < -1000000000 || *n > 1000000000) return "a whole number (a grade)";
    (param == "min_rel" ? given.min_rel : given.max_rel) = static_cast<int>(*n);
  } else if (param == "beta") {
    const auto x = ir_number(value);
    if (!x || !(*x >= 0.0 && *x <= 1e9)) return "a number from 0 to 1000000000";
    given.beta = *x;
  } else if (param == "alpha") {
    const auto x = ir_number(value);
    if (!x || !(*x >= 0.0 && *x <= 1.0)) {
      return "the redundancy penalty, a number from 0 to 1, such as alpha=0.5";
    }
    given.alpha = *x;
  }
  return "";
}

}  // namespace

std::string python_float(double value) {
  char buffer[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value) break;
  }
  std::string out = buffer;
  // Python writes the exponent from 1e16 up (and below 1e-4), as %g does from its precision: a
  // whole number short of that gets ".0" (2.0), and one that %g wrote as 1e+06 is written out.
  const std::size_t e = out.find('e');
  if (e != std::string::npos) {
    const int exponent = std::atoi(out.c_str() + e + 1);
    if (exponent >= 0 && exponent < 16) {
      std::snprintf(buffer, sizeof buffer, "%.1f", value);
      out = buffer;
    }
    return out;
  }
  if (out.find('.') == std::string::npos && out.find("inf") == std::string::npos &&
      out.find("nan") == std::string::npos) {
    out += ".0";
  }
  return out;
}

const std::vector<const IrMeasureSpec*>& ir_measure_specs() {
  static const std::vector<const IrMeasureSpec*> all = [] {
    std::vector<const IrMeasureSpec*> out;
    for (const FamilyIrMeasures family : kFamilies) {
      for (const IrMeasureSpec& spec : family()) out.push_back(&spec);
    }
    return out;
  }();
  return all;
}

bool looks_like_ir_measure(std::string_view text) {
  if (text.find('(') != std::string_view::npos || text.find('@') != std::string_view::npos) {
    return true;
  }
  std::size_t end = 0;
  while (end < text.size() && identifier_char(text[end])) ++end;
  return find_spec(text.substr(0, end)) != nullptr;
}

Result<IrMeasure> parse_ir_measure(std::string_view text, int level, bool judged_only) {
  const call_syntax::Call call = call_syntax::read_call(text, 0, text.size(), ir_measures_grammar);
  const auto column = [&](std::size_t at) { return call_syntax::column(text, at); };
  const std::size_t name_at = call.name.at;
  const std::string_view written = identifier(call.name.text);
  if (written.empty()) {
    return name_error(text, ErrorCode::unknown_measure, column(name_at),
                      "expected a measure name, such as AP, P@10 or nDCG@10; found " +
                          text::quoted(text.substr(name_at)));
  }
  const IrAlias* alias = nullptr;
  const IrMeasureSpec* spec = find_spec(written, &alias);
  if (spec == nullptr) {
    // ir_measures' names are case-sensitive: ndcg@10 is not nDCG@10 (and ndcg is trec_eval's).
    std::string hint;
    const std::string lowered = text::lower(written);
    for (const IrMeasureSpec* s : ir_measure_specs()) {
      if (text::lower(s->name) == lowered) hint = s->name;
    }
    for (const IrMeasureSpec* s : ir_measure_specs()) {
      for (const IrAlias& a : s->aliases) {
        if (hint.empty() && text::lower(a.name) == lowered) hint = a.name;
      }
    }
    return name_error(
        text, ErrorCode::unknown_measure, column(name_at),
        "unknown measure " + text::quoted(written) +
            (hint.empty() ? std::string()
                          : "; ir_measures' names are case-sensitive: did you mean " + hint + "?") +
            "; expected one of ir_measures' names (" + all_names() +
            ", written as Name(param=value,…)@k) or one of trec_eval's (--help)");
  }

  IrMeasure m;
  m.spec = spec;
  Given given;
  if (alias != nullptr && alias->param != nullptr) {
    // SetRelP: as if SetP(relative=True) were written (a valid value: nothing to report).
    read_param(given, alias->param, alias->value);
  }
  const auto allowed = [&]() {
    std::string list;
    for (const IrParam& param : spec->params) {
      if (!list.empty()) list += ", ";
      list += param.name;
    }
    return list.empty() ? std::string(spec->name) + " takes no parameters"
                        : std::string("its parameters: ") + list;
  };

  const auto no_parameter_name = [&](std::size_t at) {
    return name_error(text, ErrorCode::bad_token, column(at),
                      "expected a parameter name, such as rel in P(rel=2)@10, found " +
                          text::quoted(text.substr(at)) + "; " + allowed());
  };
  const auto unexpected = [&](std::size_t at) {
    return name_error(text, ErrorCode::bad_token, column(at),
                      "expected '(' with parameters or '@' with a cutoff after " +
                          std::string(written) + ", found " + text::quoted(text.substr(at)));
  };
  // What the reader took for the name beyond the identifier: "AP x@5".
  const std::size_t after_name =
      call_syntax::skip_spaces(text, name_at + written.size(), call.name.end());
  if (after_name < call.name.end()) return unexpected(after_name);

  for (const call_syntax::Param& param_given : call.params) {
    const std::size_t param_at = param_given.key.at;
    const std::string_view param = identifier(param_given.key.text);
    if (param.empty()) return no_parameter_name(param_at);
    if (!spec->takes(param)) {
      return name_error(
          text, ErrorCode::unknown_parameter, column(param_at),
          std::string(spec->name) + " has no parameter " + text::quoted(param) + "; " + allowed());
    }
    // The '=' must follow the identifier, spaces aside: "P(rel x=1)" and "P(rel)" have none.
    const std::size_t equals_at =
        call_syntax::skip_spaces(text, param_at + param.size(), text.size());
    if (param_given.equals != equals_at) {
      return name_error(text, ErrorCode::bad_token, column(equals_at),
                        "expected '=' after " + std::string(param) + ", such as " +
                            std::string(param) + "=" + example_value(param));
    }
    const std::string_view value = param_given.value.text;
    std::string expected;
    if (spec->check_value != nullptr) expected = spec->check_value(param, value);
    if (expected.empty()) expected = read_param(given, param, value);
    if (!expected.empty()) {
      return name_error(
          text, ErrorCode::bad_parameter_value, column(param_given.value.at),
          std::string(param) + " expects " + expected + ", found " + text::quoted(value));
    }
  }
  if (call.error) {
    const std::size_t at = call.error->at;
    switch (call.error->expected) {
      case call_syntax::Expected::parameter:  // "P(", "P(rel=1,)"
        return no_parameter_name(at);
      case call_syntax::Expected::comma_or_close:  // "P(rel=1", "nDCG(gains={1:1)"
        return name_error(
            text, ErrorCode::bad_token, column(at),
            "expected ',' or ')' after the value of " +
                std::string(identifier(call.params.back().key.text)) + ", found " +
                (at >= text.size() ? std::string("the end") : text::quoted(text.substr(at))));
      default:  // Expected::cutoff_or_end: "P(rel=1)x" (name and equals are checked above; the
                // others are the calculator's grammar's)
        return unexpected(at);
    }
  }
  const std::string name = spec->name;
  if (call.at_sign != call_syntax::npos) {
    const std::size_t value_at = call.cutoff.at;
    const std::string_view value = call.cutoff.text;
    if (spec->cutoff == IrCutoff::none) {
      return name_error(text, ErrorCode::bad_parameter_value, column(call.at_sign),
                        name + " takes no cutoff; write it without @" + std::string(value));
    }
    if (spec->cutoff == IrCutoff::recall) {
      const auto r = ir_number(value);
      if (!r || !(*r >= 0.0 && *r <= 1.0)) {
        return name_error(text, ErrorCode::bad_parameter_value, column(value_at),
                          "expected a recall level from 0 to 1 after @, such as " + name +
                              "@0.5; found " + text::quoted(value));
      }
      m.recall = *r;
    } else {
      const auto k = whole(value);
      if (!k || *k < 1 || *k > 1000000000) {
        return name_error(text, ErrorCode::bad_parameter_value, column(value_at),
                          "expected a rank cutoff after @, a whole number from 1 to 1000000000 "
                          "such as " +
                              name + "@10; found " + text::quoted(value));
      }
      if (spec->check_cutoff != nullptr) {
        const std::string wrong = spec->check_cutoff(*k, value);
        if (!wrong.empty()) {
          return name_error(text, ErrorCode::bad_parameter_value, column(value_at), wrong);
        }
      }
      m.cutoff = *k;
    }
  }
  if (spec->cutoff == IrCutoff::required && !m.cutoff) {
    return name_error(text, ErrorCode::bad_parameter_value, column(text.size()),
                      name + " needs a cutoff, such as " + name + "@10");
  }
  if (spec->cutoff == IrCutoff::recall && m.recall == 0.0 &&
      text.find('@') == std::string_view::npos) {
    return name_error(text, ErrorCode::bad_parameter_value, column(text.size()),
                      name + " needs a recall level, such as " + name + "@0.5");
  }

  // What is computed: the parameters not given take -l and -J (rel where ir_measures has a
  // default for it; RBP and NumRet without rel are graded and count every document), and the
  // measure's defaults or the readers'.
  const auto param_of = [&](std::string_view param) -> const IrParam* {
    for (const IrParam& p : spec->params) {
      if (param == p.name) return &p;
    }
    return nullptr;
  };
  const auto default_of = [&](std::string_view param, double readers) {
    const IrParam* p = param_of(param);
    return p != nullptr && p->default_value ? *p->default_value : readers;
  };
  if (const IrParam* rel = param_of("rel")) {
    if (given.rel) {
      m.rel = given.rel;
    } else if (!rel->no_default) {
      m.rel = level;
    }
  }
  m.judged_only =
      spec->takes("judged_only") ? given.judged_only.value_or(judged_only) : judged_only;
  m.exp_log2 = given.dcg == "exp-log2";
  if (given.gains) m.gains = *given.gains;
  m.relative = given.relative.value_or(false);
  const double default_beta = default_of("beta", 1.0);
  m.beta = given.beta.value_or(default_beta);
  const double default_alpha = default_of("alpha", 0.5);
  m.alpha = given.alpha.value_or(default_alpha);
  const double default_p = default_of("p", 0.8);
  m.p = given.p.value_or(default_p);
  m.normalize = given.normalize.value_or(true);
  const double default_t = default_of("T", 1.0);
  m.t = given.t.value_or(default_t);
  m.min_rel = given.min_rel.value_or(0);
  m.max_rel = given.max_rel;
  if (spec->check != nullptr) {
    if (const std::optional<IrObjection> objection = spec->check(m)) {
      return name_error(text, ErrorCode::bad_parameter_value,
                        objection->missing ? column(text.size()) : 1, objection->what);
    }
  }

  // The canonical spelling: ir_measures' repr, the parameters in its order, defaults left out.
  std::string params;
  const auto add = [&](const std::string& param) {
    if (!params.empty()) params += ",";
    params += param;
  };
  for (const IrParam& param : spec->params) {
    const std::string_view param_name = param.name;
    if (param_name == "rel" && m.rel && (param.no_default || *m.rel != 1)) {
      add("rel=" + std::to_string(*m.rel));
    } else if (param_name == "judged_only" && m.judged_only) {
      add("judged_only=True");
    } else if (param_name == "dcg" && m.exp_log2) {
      add("dcg='exp-log2'");
    } else if (param_name == "gains" && given.gains) {
      // ir_measures leaves out the grades whose gain is the grade (the default).
      std::string pairs;
      for (const auto& [grade, gain] : m.gains) {
        if (static_cast<double>(grade) == gain) continue;
        if (!pairs.empty()) pairs += ",";
        pairs += std::to_string(grade) + ":" + gain_text(gain);
      }
      add("gains={" + pairs + "}");
    } else if (param_name == "relative" && m.relative) {
      add("relative=True");
    } else if (param_name == "alpha" && m.alpha != default_alpha) {
      add("alpha=" + python_float(m.alpha));
    } else if (param_name == "beta" && m.beta != default_beta) {
      add("beta=" + python_float(m.beta));
    } else if (param_name == "p" && m.p != default_p) {
      add("p=" + python_float(m.p));
    } else if (param_name == "normalize" && !m.normalize) {
      add("normalize=False");
    } else if (param_name == "T" && m.t != default_t) {
      add("T=" + python_float(m.t));
    } else if (param_name == "min_rel" && m.min_rel != 0) {
      add("min_rel=" + std::to_string(m.min_rel));
    } else if (param_name == "max_rel" && m.max_rel) {
      add("max_rel=" + std::to_string(*m.max_rel));
    }
  }
  m.canonical = name;
  if (!params.empty()) m.canonical += "(" + params + ")";
  if (spec->cutoff == IrCutoff::recall) {
    m.canonical += "@" + python_float(m.recall);
  } else if (m.cutoff) {
    m.canonical += "@" + std::to_string(*m.cutoff);
  }
  return m;
}

// --- the plan ----------------------------------------------------------------------------------

// Adds ir_measures' names to the plan, in the order given, each once: a request of the trec_eval
// measure it names (AP@10 is map_cut.10) or of one its family computes (IrMeasureSpec::request),
// seeing the run through the view its rel= and judged_only= ask for.
void add_ir_measures(const std::vector<IrMeasure>& measures, int level, TrecPlan& plan) {
  std::vector<std::string> done;
  for (const IrMeasure& m : measures) {
    if (std::find(done.begin(), done.end(), m.canonical) != done.end()) continue;
    done.push_back(m.canonical);
    const IrMeasureSpec& spec = *m.spec;
    // A measure that takes no relevance level shares the view of -l.
    std::size_t v = 0;
    if (!spec.default_view) {
      const TrecPlan::View view{m.rel.value_or(level), m.judged_only};
      while (v < plan.views.size() && !(plan.views[v].level == view.level &&
                                        plan.views[v].judged_only == view.judged_only)) {
        ++v;
      }
      if (v == plan.views.size()) plan.views.push_back(view);
    }
    Requested r;
    r.view = v;
    if (m.cutoff) r.cutoffs.push_back(*m.cutoff);
    if (spec.trec_eval != nullptr) {
      r.def = trec_eval_def(m.cutoff && spec.trec_eval_at_k != nullptr ? spec.trec_eval_at_k
                                                                       : spec.trec_eval);
    }
    if (spec.request != nullptr) {
      IrRequest q{r, plan, level, &trec_eval_def};
      spec.request(m, q);
    }
    r.first_slot = plan.slots.size();
    plan.slots.push_back(TrecSlot{m.canonical, r.def->kind, r.def->summary, r.def->per_query});
    if (spec.second_line != nullptr) {
      plan.slots.push_back(
          TrecSlot{m.canonical + spec.second_line, r.def->kind, r.def->summary, r.def->per_query});
    }
    r.slot_count = plan.slots.size() - r.first_slot;
    plan.measures.push_back(std::move(r));
  }
}

}  // namespace irm::trec
