// ir_measures' names read into requests for the TREC engine (see trec/irmeasures.h), and the
// few measures with no trec_eval counterpart and no family file of their own (NumQ, RR@k,
// Judged@k, the diversity measures' adapter). ERR, RBP, Compat, INST, SDCG and gdeval's nDCG are
// computed on TREC files by their family files (measures/cascade.cpp, measures/dcg.cpp).

#include "trec/irmeasures.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "measures/ndeval.h"
#include "parse/call_syntax.h"
#include "parse/text.h"
#include "trec/plan.h"

namespace irm::trec {

/// The measures of ir_measures' grammar that the TREC engine computes.
enum class IrName {
  ap,
  p,
  r,
  rr,
  rprec,
  ndcg,
  bpref,
  infap,
  judged,
  success,
  setp,
  setr,
  setf,
  setap,
  numq,
  numrel,
  numret,
  iprec,
  err,
  rbp,
  compat,
  inst,
  sdcg,
  // Diversity (subtopic qrels: the iteration column is the subtopic), as TREC's ndeval computes
  // them (measures/ndeval.h).
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

/// Whether a measure is one of the diversity measures.
[[nodiscard]] inline bool is_diversity(IrName name) {
  return name >= IrName::alpha_dcg && name <= IrName::strecall;
}

namespace {

enum class Cutoff { none, optional, required };

// One measure of ir_measures: its name, its parameters in the order ir_measures declares them
// (which is the order its canonical names print them), and whether it takes @k.
struct IrSpec {
  const char* name;
  IrName id;
  std::vector<const char*> params;
  Cutoff cutoff;
};

const std::vector<IrSpec>& specs() {
  static const std::vector<IrSpec> table = {
      {"AP", IrName::ap, {"rel", "judged_only"}, Cutoff::optional},
      {"P", IrName::p, {"rel", "judged_only"}, Cutoff::required},
      {"R", IrName::r, {"rel", "judged_only"}, Cutoff::required},
      {"RR", IrName::rr, {"rel", "judged_only"}, Cutoff::optional},
      {"Rprec", IrName::rprec, {"rel", "judged_only"}, Cutoff::none},
      {"nDCG", IrName::ndcg, {"dcg", "gains", "judged_only"}, Cutoff::optional},
      {"Bpref", IrName::bpref, {"rel"}, Cutoff::none},
      {"infAP", IrName::infap, {"rel"}, Cutoff::none},
      {"Judged", IrName::judged, {}, Cutoff::optional},
      {"Success", IrName::success, {"rel", "judged_only"}, Cutoff::required},
      {"SetP", IrName::setp, {"rel", "relative", "judged_only"}, Cutoff::none},
      {"SetR", IrName::setr, {"rel"}, Cutoff::none},
      {"SetF", IrName::setf, {"rel", "beta", "judged_only"}, Cutoff::none},
      {"SetAP", IrName::setap, {"rel", "judged_only"}, Cutoff::none},
      {"NumQ", IrName::numq, {}, Cutoff::none},
      {"NumRel", IrName::numrel, {"rel"}, Cutoff::none},
      {"NumRet", IrName::numret, {"rel"}, Cutoff::none},
      {"IPrec", IrName::iprec, {"rel", "judged_only"}, Cutoff::required},
      {"ERR", IrName::err, {}, Cutoff::required},
      {"RBP", IrName::rbp, {"p", "rel"}, Cutoff::optional},
      {"Compat", IrName::compat, {"p", "normalize"}, Cutoff::none},
      {"INST", IrName::inst, {"T", "min_rel", "max_rel"}, Cutoff::none},
      {"SDCG", IrName::sdcg, {"dcg", "min_rel", "max_rel"}, Cutoff::required},
      {"alpha_DCG", IrName::alpha_dcg, {"alpha", "rel"}, Cutoff::required},
      {"alpha_nDCG", IrName::alpha_ndcg, {"alpha", "rel"}, Cutoff::required},
      {"ERR_IA", IrName::err_ia, {"alpha", "rel"}, Cutoff::required},
      {"nERR_IA", IrName::nerr_ia, {"alpha", "rel"}, Cutoff::required},
      {"NRBP", IrName::nrbp, {"alpha", "beta", "rel"}, Cutoff::none},
      {"nNRBP", IrName::nnrbp, {"alpha", "beta", "rel"}, Cutoff::none},
      {"AP_IA", IrName::ap_ia, {"rel"}, Cutoff::none},
      {"P_IA", IrName::p_ia, {"rel"}, Cutoff::required},
      {"StRecall", IrName::strecall, {"rel"}, Cutoff::required},
  };
  return table;
}

// ir_measures' aliases: another name for a measure, with parameters set (SetRelP is
// SetP(relative=True), NumRelRet is NumRet(rel=1)).
struct IrAlias {
  const char* alias;
  const char* name;
  const char* param;  // set by the alias, or null
};
const std::vector<IrAlias>& aliases() {
  static const std::vector<IrAlias> table = {
      {"MAP", "AP", nullptr},       {"NDCG", "nDCG", nullptr},       {"MRR", "RR", nullptr},
      {"Precision", "P", nullptr},  {"Recall", "R", nullptr},        {"RPrec", "Rprec", nullptr},
      {"BPref", "Bpref", nullptr},  {"SetRelP", "SetP", "relative"}, {"NumRelRet", "NumRet", "rel"},
      {"MAP_IA", "AP_IA", nullptr},
  };
  return table;
}

const IrSpec* find_spec(std::string_view name) {
  for (const IrSpec& spec : specs()) {
    if (name == spec.name) return &spec;
  }
  return nullptr;
}

const IrAlias* find_alias(std::string_view name) {
  for (const IrAlias& alias : aliases()) {
    if (name == alias.alias) return &alias;
  }
  return nullptr;
}

std::string all_names() {
  std::string out;
  for (const IrSpec& spec : specs()) {
    if (!out.empty()) out += ", ";
    out += spec.name;
  }
  return out;
}

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

std::optional<double> number(std::string_view s) {
  const std::string t(s);
  if (!text::is_decimal(t)) return std::nullopt;
  return std::strtod(t.c_str(), nullptr);
}

std::optional<bool> boolean(std::string_view s) {
  if (s == "True" || s == "true") return true;
  if (s == "False" || s == "false") return false;
  return std::nullopt;
}

std::string_view unquoted(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

// A number as ir_measures prints an int-to-int gain: 3, or 3.5 for a gain that is not whole.
std::string gain_text(double gain) {
  if (gain == std::floor(gain) && std::fabs(gain) < 1e15) {
    return std::to_string(static_cast<long long>(gain));
  }
  return python_float(gain);
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

bool looks_like_ir_measure(std::string_view text) {
  if (text.find('(') != std::string_view::npos || text.find('@') != std::string_view::npos) {
    return true;
  }
  std::size_t end = 0;
  while (end < text.size() && identifier_char(text[end])) ++end;
  const std::string_view name = text.substr(0, end);
  return find_spec(name) != nullptr || find_alias(name) != nullptr;
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
  const IrAlias* alias = find_alias(written);
  const IrSpec* spec = find_spec(alias != nullptr ? std::string_view(alias->name) : written);
  if (spec == nullptr) {
    // ir_measures' names are case-sensitive: ndcg@10 is not nDCG@10 (and ndcg is trec_eval's).
    std::string hint;
    const std::string lowered = text::lower(written);
    for (const IrSpec& s : specs()) {
      if (text::lower(s.name) == lowered) hint = s.name;
    }
    for (const IrAlias& a : aliases()) {
      if (hint.empty() && text::lower(a.alias) == lowered) hint = a.alias;
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
  m.name = spec->id;
  std::optional<int> rel;
  std::optional<bool> judged;
  std::optional<std::string> dcg;
  bool gains_given = false;
  std::optional<double> p;
  std::optional<double> beta;
  std::optional<double> alpha;
  std::optional<bool> relative;
  std::optional<bool> normalize;
  std::optional<double> t_param;
  std::optional<int> min_rel;
  std::optional<int> max_rel;
  if (alias != nullptr && alias->param != nullptr) {
    if (std::string_view(alias->param) == "rel") rel = 1;
    if (std::string_view(alias->param) == "relative") relative = true;
  }
  const auto allowed = [&]() {
    std::string list;
    for (const char* param : spec->params) {
      if (!list.empty()) list += ", ";
      list += param;
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

  for (const call_syntax::Param& given : call.params) {
    const std::size_t param_at = given.key.at;
    const std::string_view param = identifier(given.key.text);
    if (param.empty()) return no_parameter_name(param_at);
    if (std::find_if(spec->params.begin(), spec->params.end(),
                     [&](const char* s) { return param == s; }) == spec->params.end()) {
      return name_error(
          text, ErrorCode::unknown_parameter, column(param_at),
          std::string(spec->name) + " has no parameter " + text::quoted(param) + "; " + allowed());
    }
    // The '=' must follow the identifier, spaces aside: "P(rel x=1)" and "P(rel)" have none.
    const std::size_t equals_at =
        call_syntax::skip_spaces(text, param_at + param.size(), text.size());
    if (given.equals != equals_at) {
      return name_error(text, ErrorCode::bad_token, column(equals_at),
                        "expected '=' after " + std::string(param) + ", such as " +
                            std::string(param) + "=" +
                            (param == "rel"                             ? "2"
                             : param == "dcg"                           ? "exp-log2"
                             : param == "gains"                         ? "{1:1,2:3}"
                             : param == "p" || param == "beta"          ? "0.9"
                             : param == "alpha"                         ? "0.5"
                             : param == "T"                             ? "2"
                             : param == "min_rel" || param == "max_rel" ? "3"
                                                                        : "True"));
    }
    const std::string_view value = given.value.text;
    const int value_column = column(given.value.at);
    const auto bad = [&](const std::string& expected) {
      return name_error(
          text, ErrorCode::bad_parameter_value, value_column,
          std::string(param) + " expects " + expected + ", found " + text::quoted(value));
    };
    if (param == "rel") {
      const auto n = whole(value);
      if (!n || *n < -1000000000 || *n > 1000000000) {
        return bad("a whole number (the lowest relevant grade), such as rel=2");
      }
      rel = static_cast<int>(*n);
    } else if (param == "judged_only" || param == "relative" || param == "normalize") {
      const auto b = boolean(value);
      if (!b) return bad("True or False");
      (param == "judged_only" ? judged : param == "relative" ? relative : normalize) = *b;
    } else if (param == "dcg") {
      const std::string_view v = unquoted(value);
      if (spec->id == IrName::sdcg && v != "log2") {
        return bad("log2, the only discount of SDCG (cwl_eval's)");
      }
      if (v == "log2") {
        dcg = "log2";
      } else if (v == "exp-log2" || v == "burges") {
        dcg = "exp-log2";
      } else {
        return bad(
            "log2 (trec_eval's nDCG: gain = grade) or exp-log2 (gdeval's: gain = 2^grade "
            "- 1; also written burges)");
      }
    } else if (param == "gains") {
      // {grade:gain,...}
      std::string_view v = value;
      if (v.size() < 2 || v.front() != '{' || v.back() != '}') {
        return bad("grade:gain pairs in braces, such as gains={0:0,1:1,2:3}");
      }
      v = v.substr(1, v.size() - 2);
      m.gains.clear();
      std::size_t start = 0;
      while (start <= v.size()) {
        std::size_t comma = v.find(',', start);
        if (comma == std::string_view::npos) comma = v.size();
        std::string_view pair = v.substr(start, comma - start);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        while (!pair.empty() && pair.back() == ' ') pair.remove_suffix(1);
        if (!(pair.empty() && comma == v.size() && start > 0)) {
          const std::size_t colon = pair.find(':');
          std::int64_t grade = 0;
          double gain = 0.0;
          bool read = colon != std::string_view::npos;
          if (read) {
            const auto k = whole(pair.substr(0, colon));
            std::string_view rest = pair.substr(colon + 1);
            while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
            const auto x = number(rest);
            read = k.has_value() && x.has_value();
            if (read) {
              grade = *k;
              gain = *x;
            }
          }
          if (!read || grade < -1000000 || grade > 1000000 || std::fabs(gain) > 1e9) {
            return bad("grade:gain pairs in braces, such as gains={0:0,1:1,2:3}");
          }
          const int g = static_cast<int>(grade);
          if (std::any_of(m.gains.begin(), m.gains.end(),
                          [&](const auto& pg) { return pg.first == g; })) {
            return bad("each grade once in the gains");
          }
          m.gains.emplace_back(g, gain);
        }
        start = comma + 1;
      }
      std::sort(m.gains.begin(), m.gains.end());
      gains_given = true;
    } else if (param == "p") {
      const auto x = number(value);
      if (!x || !(*x >= 0.0 && *x < 1.0)) {
        return bad("the persistence, a number from 0 up to (not including) 1, such as p=0.9");
      }
      p = *x;
    } else if (param == "T") {
      const auto x = number(value);
      if (!x || !(*x > 0.0 && *x <= 1e9)) {
        return bad("the gain the user wants, a number above 0, such as T=2");
      }
      t_param = *x;
    } else if (param == "min_rel" || param == "max_rel") {
      const auto n = whole(value);
      if (!n || *n < -1000000000 || *n > 1000000000) return bad("a whole number (a grade)");
      (param == "min_rel" ? min_rel : max_rel) = static_cast<int>(*n);
    } else if (param == "beta") {
      const auto x = number(value);
      if (is_diversity(spec->id)) {
        if (!x || !(*x >= 0.0 && *x <= 1.0)) {
          return bad("the user's patience, a number from 0 to 1, such as beta=0.5");
        }
      } else if (!x || !(*x >= 0.0 && *x <= 1e9)) {
        return bad("a number from 0 to 1000000000");
      }
      beta = *x;
    } else if (param == "alpha") {
      const auto x = number(value);
      if (!x || !(*x >= 0.0 && *x <= 1.0)) {
        return bad("the redundancy penalty, a number from 0 to 1, such as alpha=0.5");
      }
      alpha = *x;
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
  if (call.at_sign != call_syntax::npos) {
    const std::size_t value_at = call.cutoff.at;
    const std::string_view value = call.cutoff.text;
    if (spec->cutoff == Cutoff::none) {
      return name_error(
          text, ErrorCode::bad_parameter_value, column(call.at_sign),
          std::string(spec->name) + " takes no cutoff; write it without @" + std::string(value));
    }
    if (spec->id == IrName::iprec) {
      const auto r = number(value);
      if (!r || !(*r >= 0.0 && *r <= 1.0)) {
        return name_error(text, ErrorCode::bad_parameter_value, column(value_at),
                          "expected a recall level from 0 to 1 after @, such as IPrec@0.5; found " +
                              text::quoted(value));
      }
      m.recall = *r;
    } else {
      const auto k = whole(value);
      if (!k || *k < 1 || *k > 1000000000) {
        return name_error(text, ErrorCode::bad_parameter_value, column(value_at),
                          "expected a rank cutoff after @, a whole number from 1 to 1000000000 "
                          "such as " +
                              std::string(spec->name) + "@10; found " + text::quoted(value));
      }
      if (is_diversity(spec->id) && *k > 1000000) {
        return name_error(
            text, ErrorCode::bad_parameter_value, column(value_at),
            "the diversity measures' cutoff is at most 1000000; found " + text::quoted(value));
      }
      m.cutoff = *k;
    }
  }
  const bool exp_log2 = dcg && *dcg == "exp-log2";
  const bool needs_cutoff =
      spec->cutoff == Cutoff::required || (spec->id == IrName::ndcg && exp_log2);
  if (needs_cutoff && !m.cutoff && spec->id != IrName::iprec) {
    return name_error(text, ErrorCode::bad_parameter_value, column(text.size()),
                      std::string(spec->name) + (exp_log2 ? "(dcg=exp-log2)" : "") +
                          " needs a cutoff, such as " + spec->name +
                          (exp_log2 ? "(dcg=exp-log2)@20 (gdeval evaluates to a depth)" : "@10"));
  }
  if (spec->id == IrName::iprec && m.recall == 0.0 && text.find('@') == std::string_view::npos) {
    return name_error(text, ErrorCode::bad_parameter_value, column(text.size()),
                      "IPrec needs a recall level, such as IPrec@0.5");
  }
  if (spec->id == IrName::inst || spec->id == IrName::sdcg) {
    const std::string name = spec->name;
    if (!max_rel) {
      return name_error(text, ErrorCode::bad_parameter_value, column(text.size()),
                        name +
                            " needs max_rel=, the top grade of the qrels (its gain is 1), such "
                            "as " +
                            name + "(max_rel=3)" + (spec->id == IrName::sdcg ? "@10" : ""));
    }
    if (*max_rel <= min_rel.value_or(0)) {
      return name_error(text, ErrorCode::bad_parameter_value, 1,
                        name + "'s max_rel must be above min_rel (" +
                            std::to_string(min_rel.value_or(0)) + "), found " +
                            std::to_string(*max_rel));
    }
  }
  if (exp_log2 && gains_given) {
    return name_error(text, ErrorCode::bad_parameter_value, 1,
                      "gains= goes with dcg=log2 (trec_eval's nDCG); dcg=exp-log2 is gdeval's "
                      "nDCG, whose gains are 2^grade - 1");
  }

  // What is computed: the parameters not given take -l and -J (rel where ir_measures has a
  // default for it; RBP and NumRet without rel are graded and count every document).
  const auto takes = [&](const char* param) {
    return std::any_of(spec->params.begin(), spec->params.end(),
                       [&](const char* s) { return std::string_view(s) == param; });
  };
  const bool rel_optional = spec->id == IrName::rbp || spec->id == IrName::numret;
  if (takes("rel")) {
    if (rel) {
      m.rel = rel;
    } else if (!rel_optional) {
      m.rel = level;
    }
  }
  m.judged_only = takes("judged_only") ? judged.value_or(judged_only) : judged_only;
  m.exp_log2 = exp_log2;
  m.relative = relative.value_or(false);
  const double default_beta = is_diversity(spec->id) ? 0.5 : 1.0;
  m.beta = beta.value_or(default_beta);
  m.alpha = alpha.value_or(0.5);
  const double default_p = spec->id == IrName::compat ? 0.95 : 0.8;
  m.p = p.value_or(default_p);
  m.normalize = normalize.value_or(true);
  m.t = t_param.value_or(1.0);
  m.min_rel = min_rel.value_or(0);
  m.max_rel = max_rel.value_or(0);

  // The canonical spelling: ir_measures' repr, the parameters in its order, defaults left out.
  std::string params;
  const auto add = [&](const std::string& param) {
    if (!params.empty()) params += ",";
    params += param;
  };
  for (const char* param : spec->params) {
    const std::string_view name = param;
    if (name == "rel" && m.rel && (rel_optional || *m.rel != 1)) {
      add("rel=" + std::to_string(*m.rel));
    } else if (name == "judged_only" && m.judged_only) {
      add("judged_only=True");
    } else if (name == "dcg" && exp_log2) {
      add("dcg='exp-log2'");
    } else if (name == "gains" && gains_given) {
      // ir_measures leaves out the grades whose gain is the grade (the default).
      std::string pairs;
      for (const auto& [grade, gain] : m.gains) {
        if (static_cast<double>(grade) == gain) continue;
        if (!pairs.empty()) pairs += ",";
        pairs += std::to_string(grade) + ":" + gain_text(gain);
      }
      add("gains={" + pairs + "}");
    } else if (name == "relative" && m.relative) {
      add("relative=True");
    } else if (name == "alpha" && m.alpha != 0.5) {
      add("alpha=" + python_float(m.alpha));
    } else if (name == "beta" && m.beta != default_beta) {
      add("beta=" + python_float(m.beta));
    } else if (name == "p" && m.p != default_p) {
      add("p=" + python_float(m.p));
    } else if (name == "normalize" && !m.normalize) {
      add("normalize=False");
    } else if (name == "T" && m.t != 1.0) {
      add("T=" + python_float(m.t));
    } else if (name == "min_rel" && m.min_rel != 0) {
      add("min_rel=" + std::to_string(m.min_rel));
    } else if (name == "max_rel" && (spec->id == IrName::inst || spec->id == IrName::sdcg)) {
      add("max_rel=" + std::to_string(m.max_rel));
    }
  }
  m.canonical = spec->name;
  if (!params.empty()) m.canonical += "(" + params + ")";
  if (spec->id == IrName::iprec) {
    m.canonical += "@" + python_float(m.recall);
  } else if (m.cutoff) {
    m.canonical += "@" + std::to_string(*m.cutoff);
  }
  return m;
}

// ---- The measures computed here ---------------------------------------------------------------
// The others that have no trec_eval counterpart are computed in their family's file, beside the
// teaching code of the same measure: ERR, RBP, Compat, INST and SDCG in measures/cascade.cpp,
// gdeval's nDCG in measures/dcg.cpp (trec/irmeasures.h declares them).

namespace {

void numq(const Topic&, const Requested& r, double* out, std::string*) { out[r.first_slot] = 1.0; }

// RR@k: the reciprocal rank of the first relevant document in the top k, 0 when none is.
void rr_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t stop = std::min(r.cutoffs[0], t.num_ret);
  out[r.first_slot] = 0.0;
  for (std::int64_t i = 0; i < stop; ++i) {
    const int g = (*t.grades)[static_cast<std::size_t>(i)];
    if (g >= 0 && g >= t.level) {
      out[r.first_slot] = 1.0 / static_cast<double>(i + 1);
      return;
    }
  }
}

// Judged@k, as ir_measures computes it: the share of the top min(k, n) documents that the qrels
// list (any grade, negative too); without k, of the whole list; 0 for an empty list.
void judged(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t stop = r.cutoffs.empty() ? t.num_ret : std::min(r.cutoffs[0], t.num_ret);
  std::int64_t count = 0;
  for (std::int64_t i = 0; i < stop; ++i) count += (*t.grades)[static_cast<std::size_t>(i)] != -1;
  out[r.first_slot] = stop ? static_cast<double>(count) / static_cast<double>(stop) : 0.0;
}

// ---- What the families work out once per topic --------------------------------------------

// The diversity measures' scores of a topic, one per TrecPlan::diversity entry, as ndeval
// evaluates its ranking (after -M, and -J: the judged documents only). The qrels are read as
// subtopic qrels too; each topic's ideal rankings are built when it is first evaluated.
class DiversityNeed final : public TopicNeed {
 public:
  explicit DiversityNeed(const TrecPlan& plan) : wanted_(plan.diversity) {}

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

// A diversity measure: its value in the topic's scores of its (alpha, beta, level).
void diversity_measure(const Topic& t, const Requested& r, double* out, std::string*) {
  const diversity::TopicScores& s =
      need_of<DiversityNeed>(t, r).scores[static_cast<std::size_t>(r.values[0])];
  out[r.first_slot] = 0.0;
  const auto which = static_cast<IrName>(static_cast<int>(r.values[1]));
  const diversity::AtCutoff* at = nullptr;
  for (const diversity::AtCutoff& a : s.at) {
    if (!r.cutoffs.empty() && a.k == r.cutoffs[0]) at = &a;
  }
  switch (which) {
    case IrName::nrbp:
      out[r.first_slot] = s.nrbp;
      return;
    case IrName::nnrbp:
      out[r.first_slot] = s.nnrbp;
      return;
    case IrName::ap_ia:
      out[r.first_slot] = s.map_ia;
      return;
    default:
      break;
  }
  if (at == nullptr) return;
  switch (which) {
    case IrName::alpha_dcg:
      out[r.first_slot] = at->alpha_dcg;
      break;
    case IrName::alpha_ndcg:
      out[r.first_slot] = at->alpha_ndcg;
      break;
    case IrName::err_ia:
      out[r.first_slot] = at->err_ia;
      break;
    case IrName::nerr_ia:
      out[r.first_slot] = at->nerr_ia;
      break;
    case IrName::p_ia:
      out[r.first_slot] = at->p_ia;
      break;
    case IrName::strecall:
      out[r.first_slot] = at->strec;
      break;
    default:
      break;
  }
}

}  // namespace

const MeasureDef& ir_diversity_def() {
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

const MeasureDef& ir_numq_def() {
  static const MeasureDef def{"NumQ", Params::none, "",  TrecKind::count, TrecSummary::count,
                              true,   "topics",     numq};
  return def;
}
const MeasureDef& ir_rr_cut_def() {
  static const MeasureDef def{"RR@k", Params::none,   "",    TrecKind::real, TrecSummary::mean,
                              true,   "RR to rank k", rr_cut};
  return def;
}
const MeasureDef& ir_judged_def() {
  static const MeasureDef def{"Judged", Params::none,   "",    TrecKind::real, TrecSummary::mean,
                              true,     "judged share", judged};
  return def;
}

// Adds ir_measures' names to the plan, in the order given, each once: a request of the trec_eval
// measure it names (AP@10 is map_cut.10) or of one of the measures declared in irmeasures.h,
// seeing the
// run through the view its rel= and judged_only= ask for.
void add_ir_measures(const std::vector<IrMeasure>& measures, int level, TrecPlan& plan) {
  const std::vector<MeasureDef>& table = measure_table();
  const auto def = [&](const char* name) -> const MeasureDef* {
    for (const MeasureDef& d : table) {
      if (std::string_view(d.name) == name) return &d;
    }
    return nullptr;
  };
  std::vector<std::string> done;
  for (const IrMeasure& m : measures) {
    if (std::find(done.begin(), done.end(), m.canonical) != done.end()) continue;
    done.push_back(m.canonical);
    // A measure that takes no relevance level shares the view of -l.
    const TrecPlan::View view{m.rel.value_or(level), m.judged_only};
    std::size_t v = 0;
    while (!is_diversity(m.name) && v < plan.views.size() &&
           !(plan.views[v].level == view.level && plan.views[v].judged_only == view.judged_only)) {
      ++v;
    }
    if (v == plan.views.size()) plan.views.push_back(view);
    Requested r;
    r.view = v;
    const std::int64_t k = m.cutoff.value_or(0);
    if (m.cutoff) r.cutoffs.push_back(k);
    switch (m.name) {
      case IrName::ap:
        r.def = def(m.cutoff ? "map_cut" : "map");
        break;
      case IrName::p:
        r.def = def("P");
        break;
      case IrName::r:
        r.def = def("recall");
        break;
      case IrName::success:
        r.def = def("success");
        break;
      case IrName::rr:
        r.def = m.cutoff ? &ir_rr_cut_def() : def("recip_rank");
        break;
      case IrName::rprec:
        r.def = def("Rprec");
        break;
      case IrName::bpref:
        r.def = def("bpref");
        break;
      case IrName::infap:
        r.def = def("infAP");
        break;
      case IrName::ndcg:
        r.def = m.exp_log2 ? &ir_ndcg_exp_def() : def(m.cutoff ? "ndcg_cut" : "ndcg");
        r.gains = m.gains;
        break;
      case IrName::judged:
        r.def = &ir_judged_def();
        break;
      case IrName::setp:
        r.def = def(m.relative ? "set_relative_P" : "set_P");
        break;
      case IrName::setr:
        r.def = def("set_recall");
        break;
      case IrName::setf:
        r.def = def("set_F");
        r.values.push_back(m.beta);
        break;
      case IrName::setap:
        r.def = def("set_map");
        break;
      case IrName::numq:
        r.def = &ir_numq_def();
        break;
      case IrName::numrel:
        r.def = def("num_rel");
        break;
      case IrName::numret:
        r.def = def(m.rel ? "num_rel_ret" : "num_ret");
        break;
      case IrName::iprec:
        r.def = def("iprec_at_recall");
        r.values.push_back(m.recall);
        break;
      case IrName::err:
        r.def = &ir_err_def();
        break;
      case IrName::rbp:
        r.def = &ir_rbp_def();
        r.values.push_back(m.p);
        r.binary = m.rel.has_value();
        break;
      case IrName::sdcg:
        r.def = &ir_sdcg_def();
        r.values = {static_cast<double>(m.min_rel), static_cast<double>(m.max_rel)};
        break;
      case IrName::inst:
        r.def = &ir_inst_def();
        r.values = {m.t, static_cast<double>(m.min_rel), static_cast<double>(m.max_rel)};
        break;
      case IrName::alpha_dcg:
      case IrName::alpha_ndcg:
      case IrName::err_ia:
      case IrName::nerr_ia:
      case IrName::nrbp:
      case IrName::nnrbp:
      case IrName::ap_ia:
      case IrName::p_ia:
      case IrName::strecall: {
        // Each distinct (alpha, beta, level) is evaluated once per topic, at every cutoff asked.
        r.def = &ir_diversity_def();
        const int rel = m.rel.value_or(level);
        std::size_t d = 0;
        while (d < plan.diversity.size() &&
               !(plan.diversity[d].alpha == m.alpha && plan.diversity[d].beta == m.beta &&
                 plan.diversity[d].level == rel)) {
          ++d;
        }
        if (d == plan.diversity.size()) {
          plan.diversity.push_back(TrecPlan::Diversity{m.alpha, m.beta, rel, {}});
        }
        if (m.name == IrName::nrbp || m.name == IrName::nnrbp || m.name == IrName::ap_ia) {
          plan.diversity[d].whole = true;
        }
        std::vector<int>& cutoffs = plan.diversity[d].cutoffs;
        if (m.cutoff &&
            std::find(cutoffs.begin(), cutoffs.end(), static_cast<int>(k)) == cutoffs.end()) {
          cutoffs.push_back(static_cast<int>(k));
        }
        r.values = {static_cast<double>(d), static_cast<double>(static_cast<int>(m.name))};
        break;
      }
      case IrName::compat:
        r.def = &ir_compat_def();
        r.values.push_back(m.p);
        r.values.push_back(m.normalize ? 1.0 : 0.0);
        break;
    }
    r.first_slot = plan.slots.size();
    plan.slots.push_back(TrecSlot{m.canonical, r.def->kind, r.def->summary, r.def->per_query});
    if (m.name == IrName::rbp) {
      plan.slots.push_back(
          TrecSlot{m.canonical + "_resid", r.def->kind, r.def->summary, r.def->per_query});
    }
    r.slot_count = plan.slots.size() - r.first_slot;
    plan.measures.push_back(std::move(r));
  }
  for (TrecPlan::Diversity& d : plan.diversity) {
    if (d.cutoffs.empty()) d.cutoffs.push_back(20);  // NRBP, AP_IA only: none is printed
  }
}

}  // namespace irm::trec
