// The measure-name grammar, taken from ir_measures:  Name(param=value, ...)@cutoff
//
// Names, aliases, parameter names and values match case-insensitively; the canonical form uses
// the registry's spelling, omits defaults and writes the cutoff last. Every error names the
// column in the typed name.

#include <algorithm>

#include "call_syntax.h"
#include "irm/registry.h"
#include "text.h"

namespace irm {
namespace {

constexpr std::int64_t max_cutoff = 1'000'000'000;

InputError name_error(ErrorCode code, int column, int length, std::string message) {
  return InputError{code, std::move(message), Span{1, column, std::max(length, 1)}, Field::measure};
}

// Edits between a and b, a swap of two neighbours counting as one (MPA is one edit from MAP).
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> before(b.size() + 1);  // row i - 2
  std::vector<std::size_t> above(b.size() + 1);   // row i - 1
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    before.swap(above);
    above.swap(row);
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] =
          std::min({above[j] + 1, row[j - 1] + 1, above[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], before[j - 2] + 1);
      }
    }
  }
  return row[b.size()];
}

// A name as it is matched: in lower case, without spaces, hyphens and underscores, so that
// "Mean Average Precision", "mean-average-precision" and "R precision" find their measures.
std::string fold(std::string_view name) {
  std::string out;
  for (const char c : text::lower(name)) {
    if (c != ' ' && c != '-' && c != '_' && c != '\t') out += c;
  }
  return out;
}

const MeasureInfo* find_measure(const std::string& name) {
  const std::string wanted = fold(name);
  for (const MeasureInfo& info : all_measures()) {
    if (fold(info.name) == wanted) return &info;
    for (const std::string& alias : info.aliases) {
      if (fold(alias) == wanted) return &info;
    }
  }
  return nullptr;
}

struct FoundWord {
  const MeasureInfo* info = nullptr;
  const NameWord* word = nullptr;
};

// The word `name` when it is one of a measure's words; `alone`: nothing follows the name (no
// parameters, no cutoff), which the words that are also aliases need.
FoundWord find_word(const std::string& name, bool alone) {
  const std::string wanted = fold(name);
  for (const MeasureInfo& info : all_measures()) {
    for (const NameWord& word : info.words) {
      if (fold(word.word) == wanted && (alone || !word.alone_only)) return {&info, &word};
    }
  }
  return {};
}

std::string closest_measure(const std::string& name) {
  // No spelling is anywhere near 40 letters long, and edit distance is quadratic: a megabyte
  // pasted into the name (or a share link) must not stall the page.
  if (name.size() > 40) return "";
  struct Spelling {
    std::string lower;
    const MeasureInfo* info;
  };
  // Every name and alias as it is matched (fold), in the registry's order (aliases before the
  // name).
  static const std::vector<Spelling> spellings = [] {
    std::vector<Spelling> all;
    for (const MeasureInfo& info : all_measures()) {
      for (const std::string& alias : info.aliases) all.push_back({fold(alias), &info});
      all.push_back({fold(info.name), &info});
    }
    return all;
  }();
  const std::string wanted = fold(name);
  std::string best;
  std::size_t best_distance = 3;
  for (const Spelling& s : spellings) {
    // The lengths alone already need this many edits: no better than the best so far.
    const std::size_t apart = s.lower.size() > wanted.size() ? s.lower.size() - wanted.size()
                                                             : wanted.size() - s.lower.size();
    if (apart >= best_distance) continue;
    const std::size_t d = edit_distance(wanted, s.lower);
    // "Foo" is 2 edits from "pool" but means nothing: a suggestion must keep most letters.
    if (d < best_distance && d + 1 < wanted.size()) {
      best_distance = d;
      best = s.info->name;
    }
  }
  return best;
}

std::string or_list(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

// A numeric parameter value: a decimal (2, 0.5, .25) or a fraction a/b, 0 or more, at most
// the parameter's maximum. Returns the canonical spelling.
Result<std::string> numeric_value(const ParamInfo& param, const std::string& value, int column,
                                  const std::string& whole_name) {
  const std::string where = " at column " + std::to_string(column) + " of \"" + whole_name + "\"";
  const int length = text::code_points(value);
  const std::string range = param.maximum ? "a number from 0 to " + parameter_number(*param.maximum)
                                          : "a number 0 or more";
  std::optional<Fraction> number;
  const std::size_t slash = value.find('/');
  if (slash == std::string::npos) {
    number = parse_decimal(value);
  } else {
    const auto num = text::parse_whole(value.substr(0, slash), 1'000'000'000'000);
    const auto den = text::parse_whole(value.substr(slash + 1), 1'000'000'000'000);
    if (num && den && *den == 0) {
      return name_error(
          ErrorCode::bad_number, column, length,
          param.name + " = " + value + " divides by 0" + where + "; expected " + range);
    }
    if (num && den) number = make_fraction(*num, *den);
  }
  if (!number) {
    return name_error(ErrorCode::bad_number, column, length,
                      param.name + " must be " + range + ", such as 2, 0.5 or 1/3; found " +
                          (value.empty() ? std::string("nothing") : text::quoted(value)) + where);
  }
  if (param.maximum && compare(*number, *param.maximum) > 0) {
    return name_error(ErrorCode::out_of_range, column, length,
                      param.name + " must be " + range + "; found " + value + where);
  }
  return parameter_number(*number);
}

}  // namespace

std::string parameter_number(Fraction value) { return short_text(value); }

const std::string& MeasureCall::param(std::string_view name) const {
  for (const auto& [key, value] : params) {
    if (key == name) return value;
  }
  assert(false && "parameter not in the registry entry");
  static const std::string none;
  return none;
}

MeasureCall MeasureCall::with(std::string_view name, std::string value) const {
  MeasureCall copy = *this;
  for (auto& [key, v] : copy.params) {
    if (key == name) v = std::move(value);
  }
  return copy;
}

namespace {

// Whether the parentheses after `name` hold a measure name (mean(P@5)) rather than parameters;
// the reader asks it only when a '(' follows the name.
bool takes_a_measure(std::string_view name) {
  const std::string typed(name);
  const FoundWord word = find_word(typed, false);
  const MeasureInfo* info = word.info != nullptr ? word.info : find_measure(typed);
  return info != nullptr && info->takes_measure;
}

call_syntax::Call read_name(std::string_view whole, std::size_t from, std::size_t to) {
  return call_syntax::read_call(whole, from, to, call_syntax::Grammar{}, takes_a_measure);
}

// The name `typed`, as read from whole: mean(P@5) reads P@5 in place (`inner`), so that its
// columns and the name its messages quote are those of the whole name the student typed.
Result<MeasureCall> parse_typed(std::string_view whole, const call_syntax::Call& typed,
                                bool inner) {
  using call_syntax::Expected;
  const std::string shown(call_syntax::trimmed(whole, 0, whole.size()).text);
  const auto col = [&](std::size_t at) { return call_syntax::column(whole, at); };
  const auto where = [&](std::size_t at) {
    return " at column " + std::to_string(col(at)) + " of \"" + shown + "\"";
  };
  const std::optional<call_syntax::SyntaxError>& error = typed.error;
  const std::size_t name_at = typed.name.at;
  if (error && error->expected == Expected::name) {
    if (name_at == typed.end && !inner) {
      // Nothing to point at: the field itself is empty.
      return InputError{ErrorCode::empty_input, "the measure name is empty; try AP, P@10 or 11pt",
                        Span{}, Field::measure};
    }
    if (name_at == typed.end) {
      return name_error(
          ErrorCode::empty_input, col(name_at), 1,
          "expected a measure name inside the parentheses" + where(name_at) + ", as in mean(P@5)");
    }
    return name_error(ErrorCode::bad_token, col(name_at), 1,
                      "expected a measure name" + where(name_at) + ", before '" +
                          std::string(whole.substr(name_at, 1)) + "'");
  }
  const std::string name(typed.name.text);
  const int name_length = text::code_points(name);
  const FoundWord word = find_word(name, typed.name.end() == typed.end);
  const MeasureInfo* info = word.info != nullptr ? word.info : find_measure(name);
  if (info == nullptr) {
    const std::string suggestion = closest_measure(name);
    return name_error(
        ErrorCode::unknown_measure, col(name_at), name_length,
        "unknown measure " + text::quoted(name) + " at column " + std::to_string(col(name_at)) +
            (suggestion.empty() ? "; the measure reference lists every name (AP, P@10, nDCG@5, …)"
                                : "; did you mean " + suggestion + "?"));
  }

  MeasureCall call;
  call.info = info;
  for (const ParamInfo& p : info->params) call.params.emplace_back(p.name, p.default_value);
  if (word.word != nullptr) {
    call = call.with(word.word->param, word.word->value);
    call.word = name;
  }
  // The name as messages give it: the word typed ("accuracy takes no cutoff"), else the
  // registry's name.
  const std::string& shown_name = word.word != nullptr ? name : info->name;

  if (info->takes_measure) {
    // mean(P@5): the parentheses hold a whole measure name, which may have parentheses too.
    if (typed.open == call_syntax::npos) {
      return name_error(ErrorCode::bad_token, col(typed.name.end()), 1,
                        info->name + " needs a measure in parentheses, as in " + info->example);
    }
    if (error && error->expected == Expected::close) {
      return name_error(ErrorCode::bad_token, col(typed.open), 1,
                        "expected ')' to close the parentheses opened" + where(typed.open));
    }
    const call_syntax::Piece& held = *typed.inner;
    const auto not_one_list = [&](const MeasureInfo* inner_info) {
      const bool with_cutoff = inner_info->cutoff_input == InputKind::ranked_list;
      return name_error(ErrorCode::bad_parameter_value, col(held.at), text::code_points(held.text),
                        info->name +
                            " averages a measure of one ranked or graded list over the "
                            "queries; " +
                            inner_info->name +
                            (with_cutoff ? " reads a ranked list only with a cutoff, as in " +
                                               info->name + "(" + inner_info->name + "@10)"
                                         : " is not one"));
    };
    // A measure that takes a measure is never a measure of one list, so mean(mean(…)) is refused
    // by the name at its head, before the parentheses are read: the grammar nests one level
    // deep, and a name nested thousands of times cannot recurse into the stack's limit.
    const call_syntax::Call held_typed = read_name(whole, held.at, held.end());
    const MeasureInfo* inner_head = find_measure(std::string(held_typed.name.text));
    if (inner_head != nullptr && inner_head->takes_measure) return not_one_list(inner_head);
    auto inner_call = parse_typed(whole, held_typed, true);
    if (!inner_call.ok()) return inner_call.error();
    const InputKind inner_kind = input_kind(inner_call.value());
    if (inner_kind != InputKind::ranked_list && inner_kind != InputKind::graded_list) {
      return not_one_list(inner_call.value().info);
    }
    call.inner.push_back(inner_call.value());
    if (error && error->expected == Expected::end) {
      return name_error(ErrorCode::bad_token, col(error->at),
                        text::code_points(whole.substr(error->at, typed.end - error->at)),
                        "expected the end of the name after ')'" + where(error->at) +
                            "; put a cutoff inside, as in mean(P@5)");
    }
    return call;
  }
  if (error && error->expected == Expected::close) {
    return name_error(ErrorCode::bad_token, col(typed.open), 1,
                      "expected ')' to close the parameters opened" + where(typed.open));
  }
  std::vector<std::string> given;
  for (const call_syntax::Param& part : typed.params) {
    const std::size_t part_at = part.key.at;
    if (part.equals == call_syntax::npos) {
      return name_error(
          ErrorCode::bad_token, col(part_at), text::code_points(part.key.text),
          "expected name=value" + where(part_at) + ", found " + text::quoted(part.key.text));
    }
    const std::string key = text::lower(part.key.text);
    // The key as typed up to the '=', spaces included: what a message about the key marks.
    const int key_length = text::code_points(whole.substr(part_at, part.equals - part_at));
    const std::string value(part.value.text);
    // An empty value is marked just after the '=', spaces or not (as it always was).
    const std::size_t value_at = value.empty() ? part.equals + 1 : part.value.at;
    const auto param = std::find_if(info->params.begin(), info->params.end(),
                                    [&](const ParamInfo& p) { return text::lower(p.name) == key; });
    if (param == info->params.end()) {
      std::vector<std::string> names;
      for (const ParamInfo& p : info->params) names.push_back(p.name);
      return name_error(
          ErrorCode::unknown_parameter, col(part_at), key_length,
          "unknown parameter " + text::quoted(key) + " for " + info->name + " at column " +
              std::to_string(col(part_at)) + "; " +
              (names.empty() ? info->name + " takes no parameters" : "expected " + or_list(names)));
    }
    if (std::find(given.begin(), given.end(), param->name) != given.end()) {
      return name_error(ErrorCode::bad_parameter_value, col(part_at), key_length,
                        param->name + " is given twice in \"" + shown + "\" (column " +
                            std::to_string(col(part_at)) + "); give each parameter once");
    }
    if (!param->excludes.empty() &&
        std::find(given.begin(), given.end(), param->excludes) != given.end()) {
      return name_error(ErrorCode::bad_parameter_value, col(part_at), key_length,
                        param->excludes + " and " + param->name +
                            " set the same thing; give one of them, not both (" + param->name +
                            where(part_at) + ")");
    }
    given.push_back(param->name);
    if (param->numeric) {
      auto number = numeric_value(*param, value, col(value_at), shown);
      if (!number.ok()) return number.error();
      call = call.with(param->name, number.value());
      continue;
    }
    std::string wanted = text::lower(value);
    for (const auto& [alias, target] : param->value_aliases) {
      if (wanted == alias) wanted = target;  // an older spelling: kappa(scale=notes002)
    }
    const auto choice = std::find(param->choices.begin(), param->choices.end(), wanted);
    if (choice == param->choices.end()) {
      return name_error(ErrorCode::bad_parameter_value, col(value_at), text::code_points(value),
                        "unknown value " + text::quoted(value) + " for " + param->name +
                            " at column " + std::to_string(col(value_at)) + "; expected " +
                            or_list(param->choices));
    }
    call = call.with(param->name, *choice);
  }
  if (error && error->expected == Expected::parameter) {
    return name_error(ErrorCode::bad_token, col(error->at), 1,
                      "expected name=value" + where(error->at));
  }
  if (error) {  // Expected::cutoff_or_end: the calculator's grammar stops nowhere else
    return name_error(ErrorCode::bad_token, col(error->at), 1,
                      "expected '@' and a cutoff or the end of the name" + where(error->at) +
                          ", found '" + std::string(whole.substr(error->at, 1)) + "'");
  }
  if (typed.at_sign != call_syntax::npos) {
    const std::string cutoff(typed.cutoff.text);
    const int at = col(typed.cutoff.at);
    const int length = text::code_points(cutoff);
    switch (info->cutoff) {
      case CutoffKind::none:
        return name_error(
            ErrorCode::bad_parameter_value, col(typed.at_sign), length + 1,
            shown_name + " takes no cutoff; found '@" + cutoff + "'" + where(typed.at_sign));
      case CutoffKind::rank_optional: {
        const auto k = text::parse_whole(cutoff, max_cutoff);
        if (!k && !cutoff.empty() && cutoff.find_first_not_of("0123456789") == std::string::npos &&
            cutoff.find_first_not_of('0') != std::string::npos) {
          return name_error(ErrorCode::out_of_range, at, length,
                            "a cutoff can be at most 1,000,000,000; found " + text::quoted(cutoff) +
                                where(typed.cutoff.at));
        }
        if (!k || *k == 0) {
          return name_error(ErrorCode::bad_number, at, length,
                            "a cutoff must be a positive whole number; found " +
                                (cutoff.empty() ? std::string("nothing") : cutoff) +
                                where(typed.cutoff.at));
        }
        call.rank_cutoff = *k;
        break;
      }
      case CutoffKind::recall_required: {
        const auto r = parse_decimal(cutoff);
        if (!r || compare(*r, Fraction{1, 1}) > 0) {
          return name_error(r ? ErrorCode::out_of_range : ErrorCode::bad_number, at, length,
                            "a recall level must be a number from 0 to 1; found " +
                                (cutoff.empty() ? std::string("nothing") : cutoff) +
                                where(typed.cutoff.at));
        }
        call.recall_cutoff = *r;
        break;
      }
    }
  } else if (info->cutoff == CutoffKind::recall_required) {
    return name_error(ErrorCode::bad_parameter_value, col(typed.end - 1) + 1, 1,
                      info->name + " needs a recall level after @, as in " + info->example);
  }
  return call;
}

}  // namespace

Result<MeasureCall> parse_measure_name(std::string_view typed) {
  return parse_typed(typed, read_name(typed, 0, typed.size()), false);
}

std::string canonical_name(const MeasureCall& call) {
  std::string out = call.info->name;
  if (!call.inner.empty()) return out + "(" + canonical_name(call.inner.front()) + ")";
  std::string params;
  for (std::size_t k = 0; k < call.info->params.size(); ++k) {
    if (call.params[k].second == call.info->params[k].default_value) continue;
    params += (params.empty() ? "" : ",") + call.params[k].first + "=" + call.params[k].second;
  }
  if (!params.empty()) out += "(" + params + ")";
  if (call.rank_cutoff) out += "@" + std::to_string(*call.rank_cutoff);
  if (call.recall_cutoff) out += "@" + to_short_decimal(*call.recall_cutoff);
  return out;
}

std::string canonical(std::string_view text) {
  const auto call = parse_measure_name(text);
  return call.ok() ? canonical_name(call.value()) : std::string();
}

std::string ranked_list_instead(const MeasureCall& call) {
  if (call.word.empty()) return "";
  const std::string quoted = text::quoted(call.word);
  const std::string& value = call.param("value");
  if (value == "precision") {
    return quoted +
           " alone is the precision of a set, read from a confusion matrix (tp=… fp=…, a 2 × 2 "
           "grid or sets), but the input is a ranked list; say which precision of a ranked list: "
           "P@k for the top k ranks (as in precision@10), P for the whole list, or Rprec for "
           "R-precision";
  }
  if (value == "recall") {
    return quoted +
           " alone is the recall of a set, read from a confusion matrix (tp=… fn=…, a 2 × 2 grid "
           "or sets), but the input is a ranked list; say which recall of a ranked list: R@k for "
           "the top k ranks (as in recall@10), or R for the whole list";
  }
  return quoted +
         " is a measure of a set, read from a confusion matrix with TN (tp=… fp=… fn=… tn=…, a "
         "2 × 2 grid or sets), but the input is a ranked list, which has no TN; give the four "
         "counts, or name a measure of a ranked list such as P@10 or AP";
}

}  // namespace irm
