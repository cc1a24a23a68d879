// What TrecSession::configure reads: trec_eval's flags into TrecOptions, and the -m values into
// a plan of measures (trec_eval's names, its sets such as all_trec, and ir_measures' names; see
// irm/trec_eval.h and trec/plan.h).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "irm/trec_eval.h"
#include "parse/text.h"
#include "trec/irmeasures.h"
#include "trec/plan.h"
#include "trec/tie_policy.h"

namespace irm {
namespace {

using trec::MeasureDef;
using trec::Params;
using trec::Requested;

InputError option_error(ErrorCode code, std::string message) {
  return InputError{code, std::move(message), Span{}, Field::options};
}

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.emplace_back(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (comma == std::string_view::npos) return parts;
    start = comma + 1;
  }
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::size_t i = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
  if (i == text.size() || text.size() > 18) return std::nullopt;
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  }
  return std::strtoll(std::string(text).c_str(), nullptr, 10);
}

// A number as trec_eval's atol reads it, when the text starts with one: an optional sign and
// digits, the rest ignored ("23.4" is 23, "5x" is 5). `exact`: nothing was ignored. Text that
// does not start with digits (atol would read 0) is not read.
struct LeadingWhole {
  std::int64_t value;
  bool exact;
};
std::optional<LeadingWhole> leading_whole(std::string_view text) {
  std::size_t i = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
  const std::size_t digits_start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == digits_start || i > 18) return std::nullopt;
  const auto value = whole_number(text.substr(0, i));
  if (!value) return std::nullopt;
  return LeadingWhole{*value, i == text.size()};
}

std::string lenient_note(const std::string& what, const std::string& found, std::int64_t read) {
  return what + ": read " + text::quoted(found) + " as " + std::to_string(read) +
         ", as trec_eval reads it (the rest ignored); --strict refuses it";
}

std::optional<double> parse_decimal(const std::string& text) {
  if (!text::is_decimal(text)) return std::nullopt;
  return std::strtod(text.c_str(), nullptr);
}

std::string cutoff_name(const char* name, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%s_%3.2f", name, value);
  return buffer;
}

// Reads the parameters of one measure (given after the '.', or its defaults) into `r`.
std::optional<InputError> read_params(const MeasureDef& def, const std::string& given,
                                      bool user_given, bool strict, Requested& r,
                                      std::vector<std::string>& warnings) {
  const std::string text = user_given ? given : def.defaults;
  const std::string where = "-m " + text::clipped(std::string(def.name) + "." + text, 60) + ": ";
  const std::vector<std::string> parts = split_commas(text);
  switch (def.params) {
    case Params::none:
      if (user_given && strict) {
        return option_error(ErrorCode::unknown_parameter,
                            where + std::string(def.name) + " takes no parameters");
      }
      if (user_given) {
        warnings.push_back("-m " + text::clipped(std::string(def.name) + "." + given, 60) + ": " +
                           def.name +
                           " takes no parameters; ignored them, as trec_eval does; --strict "
                           "refuses them");
      }
      break;
    case Params::long_cutoffs:
      for (const std::string& part : parts) {
        std::optional<std::int64_t> k = whole_number(part);
        if (!k && !strict) {
          // trec_eval reads each cutoff with atol: ndcg_cut.23.4 has the cutoff 23.
          if (const auto lead = leading_whole(part); lead && lead->value > 0) {
            k = lead->value;
            warnings.push_back(lenient_note(
                "-m " + text::clipped(std::string(def.name) + "." + text, 60), part, *k));
          }
        }
        if (!k || *k <= 0) {
          return option_error(ErrorCode::bad_parameter_value,
                              where + "found " + text::quoted(part) +
                                  "; expected rank cutoffs, whole numbers of 1 or more, such as " +
                                  def.name + ".5,10");
        }
        r.cutoffs.push_back(*k);
      }
      std::sort(r.cutoffs.begin(), r.cutoffs.end());
      if (std::adjacent_find(r.cutoffs.begin(), r.cutoffs.end()) != r.cutoffs.end()) {
        return option_error(ErrorCode::bad_parameter_value,
                            where + "a cutoff is given twice; give each once");
      }
      break;
    case Params::double_cutoffs:
    case Params::double_params:
      for (const std::string& part : parts) {
        const auto v = parse_decimal(part);
        if (!v) {
          return option_error(ErrorCode::bad_parameter_value,
                              where + "found " + text::quoted(part) +
                                  "; expected numbers separated by commas, such as " + def.name +
                                  "." + def.defaults);
        }
        // Numbers beyond this would overflow when multiplied by R (Rprec_mult, levels), cut to
        // a count (relstring) or weighted (utility); none means anything past it. Levels,
        // multipliers and set_F's beta are 0 or more (a negative beta can divide by zero).
        constexpr double largest = 1e9;
        const bool set_f = std::string(def.name) == "set_F";
        const bool at_least_zero = def.params == Params::double_cutoffs || set_f;
        if (!(*v <= largest && *v >= (at_least_zero ? 0.0 : -largest))) {
          return option_error(
              *v < 0 && at_least_zero ? ErrorCode::bad_parameter_value : ErrorCode::out_of_range,
              where + "found " + text::quoted(part) + "; expected " +
                  (set_f ? "a beta" : "numbers") +
                  (at_least_zero ? " from 0 to 1000000000" : " from -1000000000 to 1000000000"));
        }
        r.values.push_back(*v);
      }
      if (def.params == Params::double_cutoffs) {
        std::sort(r.values.begin(), r.values.end());
        if (std::adjacent_find(r.values.begin(), r.values.end()) != r.values.end()) {
          return option_error(ErrorCode::bad_parameter_value,
                              where + "a level is given twice; give each once");
        }
      } else {
        const std::size_t wanted = std::string(def.defaults).find(',') == std::string::npos
                                       ? 1
                                       : split_commas(def.defaults).size();
        const bool any_count = std::string(def.name) == "11pt_avg";
        if (!any_count && r.values.size() != wanted) {
          return option_error(ErrorCode::bad_parameter_value,
                              where + std::string(def.name) + " takes " + std::to_string(wanted) +
                                  (wanted == 1 ? " number" : " numbers") + ", such as " + def.name +
                                  "." + def.defaults);
        }
      }
      break;
    case Params::gain_pairs:
      if (!user_given) break;
      for (const std::string& part : parts) {
        const std::size_t equals = part.find('=');
        // rbp.p=0.95: the persistence, not a grade's gain.
        if (std::string_view(def.name).rfind("rbp", 0) == 0 && equals == 1 && part[0] == 'p') {
          const auto p = parse_decimal(part.substr(2));
          if (!p || !(*p >= 0.0 && *p <= 1.0)) {
            return option_error(ErrorCode::bad_parameter_value,
                                where + "found " + text::quoted(part) +
                                    "; expected the persistence p from 0 to 1, such as " +
                                    def.name + ".p=0.95");
          }
          r.values.assign(1, *p);
          continue;
        }
        const auto grade =
            equals == std::string::npos ? std::nullopt : whole_number(part.substr(0, equals));
        const auto gain =
            equals == std::string::npos ? std::nullopt : parse_decimal(part.substr(equals + 1));
        if (!grade || !gain || *grade < -1000000 || *grade > 1000000) {
          return option_error(ErrorCode::bad_parameter_value,
                              where + "found " + text::quoted(part) +
                                  "; expected grade=gain pairs, such as " + def.name +
                                  ".1=3.5,2=9");
        }
        r.gains.emplace_back(static_cast<int>(*grade), *gain);
      }
      break;
  }
  return std::nullopt;
}

// Every slot name of one requested measure.
void add_slots(const MeasureDef& def, const std::string& given, bool user_given, Requested& r,
               std::vector<TrecSlot>& slots) {
  r.first_slot = slots.size();
  const auto add = [&](std::string name) {
    slots.push_back(TrecSlot{std::move(name), def.kind, def.summary, def.per_query});
  };
  switch (def.params) {
    case Params::long_cutoffs:
      for (const std::int64_t k : r.cutoffs) add(std::string(def.name) + "_" + std::to_string(k));
      break;
    case Params::double_cutoffs:
      for (const double v : r.values) add(cutoff_name(def.name, v));
      break;
    case Params::double_params:
    case Params::gain_pairs:
      add(user_given ? std::string(def.name) + "_" + given : std::string(def.name));
      break;
    case Params::none:
      add(def.name);
      break;
  }
  r.slot_count = slots.size() - r.first_slot;
}

// The measures trec_eval 10.0 added to 9.0.8's table.
bool only_in_10(const std::string& name) {
  return name == "dcg" || name == "ideal_dcg" || name == "rbp" || name == "rbp_resid" ||
         name == "unj";
}

const std::vector<std::string>& nickname(const std::string& name, Compat compat) {
  static const std::vector<std::string> none;
  static const std::vector<std::string> official = {
      "runid",  "num_q", "num_ret", "num_rel",    "num_rel_ret",     "map",
      "gm_map", "Rprec", "bpref",   "recip_rank", "iprec_at_recall", "P"};
  static const std::vector<std::string> set = {"runid",          "num_q",   "num_ret", "num_rel",
                                               "num_rel_ret",    "utility", "set_P",   "set_recall",
                                               "set_relative_P", "set_map", "set_F"};
  // trec_eval keeps all_trec as its own list, apart from its table: 10.0's leaves out dcg and
  // ideal_dcg (and orders rbp, rbp_resid and unj as the table does when printing); 9.0.8's has
  // neither those three nor dcg.
  static const std::vector<std::string> all = {"runid",
                                               "num_q",
                                               "num_ret",
                                               "num_rel",
                                               "num_rel_ret",
                                               "map",
                                               "gm_map",
                                               "Rprec",
                                               "bpref",
                                               "recip_rank",
                                               "iprec_at_recall",
                                               "P",
                                               "relstring",
                                               "recall",
                                               "unj",
                                               "rbp",
                                               "rbp_resid",
                                               "infAP",
                                               "gm_bpref",
                                               "utility",
                                               "11pt_avg",
                                               "ndcg",
                                               "relative_P",
                                               "Rprec_mult",
                                               "success",
                                               "map_cut",
                                               "ndcg_cut",
                                               "ndcg_rel",
                                               "Rndcg",
                                               "binG",
                                               "G",
                                               "set_P",
                                               "set_recall",
                                               "set_relative_P",
                                               "set_map",
                                               "set_F",
                                               "num_nonrel_judged_ret"};
  static const std::vector<std::string> all9 = [] {
    std::vector<std::string> names;
    for (const std::string& n : all) {
      if (!only_in_10(n)) names.push_back(n);
    }
    return names;
  }();
  // The sets of the preference and judgment-group formats (-R prefs / qrels_prefs, qrels_jg).
  static const std::vector<std::string> all_prefs = {"runid",
                                                     "num_q",
                                                     "prefs_num_prefs_poss",
                                                     "prefs_num_prefs_ful",
                                                     "prefs_num_prefs_ful_ret",
                                                     "prefs_simp",
                                                     "prefs_pair",
                                                     "prefs_avgjg",
                                                     "prefs_avgjg_Rnonrel",
                                                     "prefs_simp_ret",
                                                     "prefs_pair_ret",
                                                     "prefs_avgjg_ret",
                                                     "prefs_avgjg_Rnonrel_ret",
                                                     "prefs_simp_imp",
                                                     "prefs_pair_imp",
                                                     "prefs_avgjg_imp"};
  // trec_eval's "prefs" set: all_prefs' first eight (up to prefs_avgjg).
  static const std::vector<std::string> prefs(all_prefs.begin(), all_prefs.begin() + 8);
  static const std::vector<std::string> qrels_jg = {"runid", "num_q", "map_avgjg", "P_avgjg",
                                                    "Rprec_mult_avgjg"};
  if (name == "all_prefs") return all_prefs;
  if (name == "prefs") return prefs;
  if (name == "qrels_jg") return qrels_jg;
  if (name == "official") return official;
  if (name == "set") return set;
  if (name == "all_trec") return compat == Compat::trec9 ? all9 : all;
  return none;
}

// What a format's lines look like, for messages.
const char* format_lines(RelFormat format) {
  switch (format) {
    case RelFormat::qrels:
      return "qid iter docno rel";
    case RelFormat::prefs:
      return "qid jg jsg docno level";
    case RelFormat::qrels_prefs:
      return "qid jg docno level";
    case RelFormat::qrels_jg:
      return "qid jg docno rel";
  }
  return "";
}

std::string known_names() {
  std::string names;
  for (const MeasureDef& def : trec::measure_table()) {
    if (!names.empty()) names += ", ";
    names += def.name;
  }
  return names;
}

}  // namespace

namespace trec {

std::optional<RelFormat> format_needed(std::string_view measure) {
  if (measure == "runid" || measure == "num_q") return std::nullopt;
  if (measure.rfind("prefs_", 0) == 0) return RelFormat::prefs;
  const std::string_view avgjg = "_avgjg";
  if (measure.size() > avgjg.size() && measure.substr(measure.size() - avgjg.size()) == avgjg) {
    return RelFormat::qrels_jg;
  }
  return RelFormat::qrels;
}

Result<TrecPlan> make_plan(const std::vector<std::string>& measure_args, Compat compat, bool strict,
                           RelFormat format, int level, bool judged_only) {
  std::vector<IrMeasure> ir_measures;
  const std::vector<MeasureDef>& table = measure_table();
  std::vector<bool> marked(table.size(), false);
  std::vector<std::optional<std::string>> params(table.size());
  const std::vector<std::string> defaults = {"official"};
  const auto find = [&](const std::string& name) -> std::ptrdiff_t {
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (name == table[i].name) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  };
  for (const std::string& arg : measure_args.empty() ? defaults : measure_args) {
    const std::size_t dot = arg.find('.');
    std::string name = arg.substr(0, dot);
    std::optional<std::string> given;
    if (dot != std::string::npos) given = arg.substr(dot + 1);
    const std::vector<std::string>& names = nickname(name, compat);
    if (!names.empty()) {
      if (given) {
        return option_error(ErrorCode::unknown_parameter, "-m " + text::clipped(arg, 60) + ": " +
                                                              name +
                                                              " is a set of measures and takes no "
                                                              "parameters");
      }
      for (const std::string& n : names) marked[static_cast<std::size_t>(find(n))] = true;
      continue;
    }
    std::ptrdiff_t index = find(name);
    // "P_10" as people write it in papers: the measure P with the cutoff 10.
    if (index < 0 && !given) {
      const std::size_t underscore = name.rfind('_');
      if (underscore != std::string::npos) {
        const std::ptrdiff_t base = find(name.substr(0, underscore));
        if (base >= 0 && table[static_cast<std::size_t>(base)].params == Params::long_cutoffs &&
            whole_number(name.substr(underscore + 1))) {
          given = name.substr(underscore + 1);
          index = base;
        }
      }
    }
    if (index >= 0 && compat == Compat::trec9 &&
        only_in_10(table[static_cast<std::size_t>(index)].name)) {
      return option_error(ErrorCode::unknown_measure,
                          "-m " + text::clipped(arg, 60) + ": " +
                              table[static_cast<std::size_t>(index)].name +
                              " is new in trec_eval 10.0; --compat 9 (trec_eval 9.0.8) has no such "
                              "measure");
    }
    // Not one of trec_eval's names: one of ir_measures' (AP@10, nDCG(dcg=exp-log2)@20, ...).
    if (index < 0 && looks_like_ir_measure(arg)) {
      auto ir = parse_ir_measure(arg, level, judged_only);
      if (!ir.ok()) return ir.error();
      ir_measures.push_back(std::move(ir.value()));
      continue;
    }
    if (index < 0) {
      return option_error(ErrorCode::unknown_measure,
                          "-m " + text::clipped(arg, 60) + ": unknown measure " +
                              text::quoted(name) + "; trec_eval's measures: " + known_names() +
                              ", and the sets official, all_trec, set, all_prefs, prefs and "
                              "qrels_jg");
    }
    const auto i = static_cast<std::size_t>(index);
    marked[i] = true;
    // trec_eval takes the parameters of the first -m that gives the measure some.
    if (given && !params[i]) params[i] = *given;
  }
  // Each format has its own measures (trec_eval stops with "Can't calculate measure").
  const RelFormat reads = format == RelFormat::qrels_prefs ? RelFormat::prefs : format;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (!marked[i]) continue;
    const auto needs = format_needed(table[i].name);
    if (!needs || *needs == reads) continue;
    const std::string name = table[i].name;
    const std::string asked = measure_args.empty()
                                  ? "the default measures (official) include " + name + ", which"
                                  : "-m " + name + ":" + " " + name;
    const char* const sets = format == RelFormat::qrels_jg ? "-m qrels_jg (map_avgjg, P_avgjg, "
                                                             "Rprec_mult_avgjg)"
                             : format == RelFormat::qrels
                                 ? "-m official, -m all_trec and the measures of --help"
                                 : "-m all_prefs, -m prefs or a prefs_* measure";
    const std::string wanted =
        *needs == RelFormat::prefs ? "preference judgments: -R prefs (lines " +
                                         std::string(format_lines(RelFormat::prefs)) +
                                         ") or -R qrels_prefs (a qrels read as preferences)"
        : *needs == RelFormat::qrels_jg ? "judgment groups: -R qrels_jg (lines " +
                                              std::string(format_lines(RelFormat::qrels_jg)) + ")"
                                        : std::string("a qrels file (-R qrels, the default)");
    return option_error(ErrorCode::unknown_measure, asked + " needs " + wanted + "; with -R " +
                                                        to_string(format) + " the measures are " +
                                                        sets);
  }
  if (!ir_measures.empty() && format != RelFormat::qrels) {
    return option_error(ErrorCode::unknown_measure,
                        "-m " + ir_measures.front().canonical +
                            ": ir_measures' names need a qrels file (-R qrels, the default); with "
                            "-R " +
                            to_string(format) + " the measures are trec_eval's of that format");
  }
  TrecPlan plan;
  plan.views[0] = TrecPlan::View{level, judged_only};
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (!marked[i]) continue;
    Requested r;
    r.def = &table[i];
    const bool user_given = params[i].has_value();
    const std::string given = params[i].value_or("");
    if (auto error = read_params(table[i], given, user_given, strict, r, plan.warnings)) {
      return *error;
    }
    add_slots(table[i], given, user_given, r, plan.slots);
    if (table[i].kind == TrecKind::text) plan.writes_text = true;
    plan.measures.push_back(std::move(r));
  }
  add_ir_measures(ir_measures, level, plan);
  // Each kind of TopicNeed once, in the order first asked.
  for (Requested& r : plan.measures) {
    if (r.def->need == nullptr) continue;
    const auto at = std::find(plan.needs.begin(), plan.needs.end(), r.def->need);
    r.need = static_cast<std::size_t>(at - plan.needs.begin());
    if (at == plan.needs.end()) plan.needs.push_back(r.def->need);
  }
  return plan;
}

}  // namespace trec

Result<TrecOptions> parse_trec_args(const std::vector<std::string>& args) {
  TrecOptions options;
  options.args = args;
  options.strict = std::find(args.begin(), args.end(), "--strict") != args.end();
  const std::string flags =
      "expected -q, -n, -c, -J, -l N, -M N, -N N, -m MEASURE, -R FORMAT, -Z FILE, --compat 9|10, "
      "--keep-first, --ties docno|input|rank|average|bounds, "
      "--strict or --nan-as-zero";
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    // The value of a flag: joined (-l2) or the next argument (-l 2).
    const auto value = [&](std::size_t flag_length) -> std::optional<std::string> {
      if (arg.size() > flag_length) return arg.substr(flag_length);
      if (i + 1 < args.size()) return args[++i];
      return std::nullopt;
    };
    const auto number = [&](const std::string& flag, const std::optional<std::string>& text,
                            std::int64_t minimum) -> Result<std::int64_t> {
      auto n = text ? whole_number(*text) : std::nullopt;
      if (!n && text && !options.strict) {
        // trec_eval reads these with atol: -l 1.5 is -l 1.
        if (const auto lead = leading_whole(*text); lead && lead->value >= minimum) {
          n = lead->value;
          options.warnings.push_back(lenient_note(flag + " " + *text, *text, *n));
        }
      }
      if (!n || *n < minimum || *n > 2000000000) {
        return option_error(
            ErrorCode::bad_parameter_value,
            flag + " expects a whole number" +
                (minimum == 0 ? std::string(" of 0 or more") : std::string()) +
                (text ? ", found " + text::quoted(*text) : std::string(", found nothing")));
      }
      return *n;
    };
    if (arg == "--ties" || arg.rfind("--ties=", 0) == 0) {
      const std::optional<std::string> v =
          arg == "--ties"
              ? (i + 1 < args.size() ? std::optional<std::string>(args[++i]) : std::nullopt)
              : std::optional<std::string>(arg.substr(7));
      if (v == std::string("docno")) {
        options.ties = Ties::docno;
      } else if (v == std::string("input")) {
        options.ties = Ties::input;
      } else if (v == std::string("rank")) {
        options.ties = Ties::rank;
      } else if (v == std::string("average")) {
        options.ties = Ties::average;
      } else if (v == std::string("bounds")) {
        options.ties = Ties::bounds;
      } else {
        return option_error(ErrorCode::bad_parameter_value,
                            "--ties expects docno (trec_eval's order of equal scores), input "
                            "(the run file's order), rank (the run's rank column, ndeval's order), "
                            "average (the mean over every order) or bounds (the lowest and "
                            "highest), found " +
                                (v ? text::quoted(*v) : std::string("nothing")));
      }
    } else if (arg == "--keep-first") {
      options.duplicates = Duplicates::keep_first;
    } else if (arg == "--strict") {
      options.strict = true;
    } else if (arg == "--nan-as-zero") {
      options.nan_as_zero = true;
    } else if (arg == "--compat" || arg.rfind("--compat=", 0) == 0) {
      const std::optional<std::string> v =
          arg == "--compat"
              ? (i + 1 < args.size() ? std::optional<std::string>(args[++i]) : std::nullopt)
              : std::optional<std::string>(arg.substr(9));
      if (v == std::string("9")) {
        options.compat = Compat::trec9;
      } else if (v == std::string("10")) {
        options.compat = Compat::current;
      } else {
        return option_error(
            ErrorCode::bad_parameter_value,
            "--compat expects 9 or 10, found " + (v ? text::quoted(*v) : std::string("nothing")));
      }
    } else if (arg.size() >= 2 && arg[0] == '-' && arg[1] != '-') {
      const char flag = arg[1];
      if (flag == 'R') {
        const auto format = value(2);
        const RelFormat formats[] = {RelFormat::qrels, RelFormat::prefs, RelFormat::qrels_prefs,
                                     RelFormat::qrels_jg};
        bool known = false;
        for (const RelFormat f : formats) {
          if (format && *format == to_string(f)) {
            options.rel_format = f;
            known = true;
          }
        }
        if (!known) {
          return option_error(
              ErrorCode::bad_parameter_value,
              "-R expects the judgment format: qrels (the default), prefs, "
              "qrels_prefs or qrels_jg" +
                  (format ? ", found " + text::quoted(*format) : std::string(", found nothing")));
        }
      } else if (flag == 'T') {
        // trec_eval's -T names the run format; trec_results is the only one.
        const auto format = value(2);
        if (!format || *format != "trec_results") {
          return option_error(
              ErrorCode::bad_parameter_value,
              "-T expects trec_results, the only run format" +
                  (format ? ", found " + text::quoted(*format) : std::string(", found nothing")));
        }
      } else if (flag == 'Z') {
        const auto file = value(2);
        if (!file || file->empty()) {
          return option_error(ErrorCode::bad_parameter_value,
                              "-Z expects the z-score file, such as -Z zscores.txt");
        }
        options.zscores = *file;
      } else if (flag == 'l' || flag == 'M' || flag == 'N') {
        const std::string name = std::string("-") + flag;
        const auto n = number(name, value(2), flag == 'l' ? -2000000000 : 0);
        if (!n.ok()) return n.error();
        if (flag == 'l') options.level = static_cast<int>(n.value());
        if (flag == 'M') options.max_docs = n.value();
        if (flag == 'N') options.collection_size = n.value();
      } else if (flag == 'm') {
        const auto measure = value(2);
        if (!measure || measure->empty()) {
          return option_error(ErrorCode::bad_parameter_value,
                              "-m expects a measure, such as -m map or -m P.5,10");
        }
        options.measures.push_back(*measure);
      } else {
        // Short flags, alone or together (-q, -qc).
        for (std::size_t k = 1; k < arg.size(); ++k) {
          switch (arg[k]) {
            case 'q':
              options.per_query = true;
              break;
            case 'n':
              options.summary = false;
              break;
            case 'c':
              options.complete = true;
              break;
            case 'J':
              options.judged_only = true;
              break;
            default:
              return option_error(ErrorCode::unknown_parameter,
                                  "unknown flag " + text::quoted(arg) + "; " + flags);
          }
        }
      }
    } else {
      return option_error(ErrorCode::unknown_parameter,
                          "unknown flag " + text::quoted(arg) + "; " + flags);
    }
  }
  return options;
}

Result<std::string> ir_measures_name(std::string_view name, int level, bool judged_only) {
  auto m = trec::parse_ir_measure(name, level, judged_only);
  if (!m.ok()) return m.error();
  return m.value().canonical;
}

const std::vector<TrecMeasureInfo>& trec_measures() {
  static const std::vector<TrecMeasureInfo> infos = [] {
    std::vector<TrecMeasureInfo> out;
    for (const MeasureDef& def : trec::measure_table()) {
      out.push_back(TrecMeasureInfo{def.name, def.defaults, def.help});
    }
    return out;
  }();
  return infos;
}

}  // namespace irm
