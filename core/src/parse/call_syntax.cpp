// The syntax of a measure name, Name(param=value,…)@cutoff (see call_syntax.h).

#include "call_syntax.h"

#include <algorithm>

#include "text.h"

namespace irm::call_syntax {

namespace {

bool space_or_tab(char c) { return c == ' ' || c == '\t'; }

// Where a value of ir_measures' grammar ends: at the next ',' or ')' that is outside quotes
// and braces (gains={1:1,2:3}, dcg='exp-log2'), or at `to`. A '}' with no '{' before it does
// not hide what follows.
std::size_t python_value_end(std::string_view text, std::size_t at, std::size_t to) {
  int depth = 0;
  char quote = '\0';
  for (; at < to; ++at) {
    const char c = text[at];
    if (quote != '\0') {
      if (c == quote) quote = '\0';
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    } else if (depth <= 0 && (c == ',' || c == ')')) {
      break;
    }
  }
  return at;
}

// Where a plain value (the calculator's: 2, 0.5, 1/3, retrieved) ends: at the next ',' or ')'.
std::size_t plain_value_end(std::string_view text, std::size_t at, std::size_t to) {
  while (at < to && text[at] != ',' && text[at] != ')') ++at;
  return at;
}

// Reads the parameters after the '(' at call.open, up to its ')' (call.close). False when a
// syntax error stopped it (call.error says which).
bool read_param_list(std::string_view text, std::size_t to, const Grammar& grammar, Call& call) {
  const std::size_t open = call.open;
  if (!grammar.python_values) {
    // Nothing in a plain list can hide a ')', so the list ends at the first: without one the
    // parentheses are unclosed, whatever they hold.
    const std::size_t close = text.find(')', open);
    if (close == npos || close >= call.end) {
      call.error = SyntaxError{Expected::close, open};
      return false;
    }
  }
  std::size_t at = open + 1;
  for (bool first = true;; first = false) {
    const std::size_t slot = skip_spaces(text, at, to);
    std::size_t key_end = slot;
    while (key_end < to && text[key_end] != '=' && text[key_end] != ',' && text[key_end] != ')') {
      ++key_end;
    }
    const Piece key = trimmed(text, slot, key_end);
    if (key_end == to || text[key_end] != '=') {
      if (!key.text.empty()) {
        call.params.push_back(Param{key, npos, Piece{}});
        call.error = SyntaxError{Expected::equals, slot};
        return false;
      }
      if (first && key_end < to && text[key_end] == ')') {  // AP(), AP( ): no parameters
        call.close = key_end;
        return true;
      }
      call.error = SyntaxError{Expected::parameter, slot};
      return false;
    }
    const std::size_t value_at = skip_spaces(text, key_end + 1, to);
    const std::size_t value_end = grammar.python_values ? python_value_end(text, value_at, to)
                                                        : plain_value_end(text, value_at, to);
    call.params.push_back(Param{key, key_end, trimmed(text, value_at, value_end)});
    if (value_end < to && text[value_end] == ',') {
      at = value_end + 1;
      continue;
    }
    if (value_end < to && text[value_end] == ')') {
      call.close = value_end;
      return true;
    }
    call.error = SyntaxError{Expected::comma_or_close, value_end};
    return false;
  }
}

// Reads the measure name in the parentheses after call.name (mean(P@5)): all up to the ')'
// that matches the '(' (the name inside may have parentheses of its own). Nothing may follow
// it: a cutoff goes inside, mean(P@5).
void read_inner(std::string_view text, Call& call) {
  int depth = 0;
  for (std::size_t k = call.open; k < call.end; ++k) {
    depth += text[k] == '(' ? 1 : text[k] == ')' ? -1 : 0;
    if (depth == 0) {
      call.close = k;
      break;
    }
  }
  if (call.close == npos) {
    call.error = SyntaxError{Expected::close, call.open};
    return;
  }
  call.inner = Piece{text.substr(call.open + 1, call.close - call.open - 1), call.open + 1};
  if (call.close + 1 < call.end) call.error = SyntaxError{Expected::end, call.close + 1};
}

}  // namespace

std::size_t skip_spaces(std::string_view text, std::size_t at, std::size_t to) {
  while (at < to && space_or_tab(text[at])) ++at;
  return at;
}

Piece trimmed(std::string_view text, std::size_t from, std::size_t to) {
  from = skip_spaces(text, from, to);
  while (to > from && space_or_tab(text[to - 1])) --to;
  return Piece{text.substr(from, to - from), from};
}

int column(std::string_view text, std::size_t offset) {
  return text::code_points(text.substr(0, std::min(offset, text.size()))) + 1;
}

Call read_call(std::string_view text, std::size_t from, std::size_t to, const Grammar& grammar,
               HoldsMeasure holds_measure) {
  Call call;
  const Piece whole = trimmed(text, from, to);
  call.end = whole.end();
  std::size_t at = whole.at;
  while (at < call.end && text[at] != '(' && text[at] != '@') ++at;
  call.name = Piece{text.substr(whole.at, at - whole.at), whole.at};
  if (call.name.text.empty()) {
    call.error = SyntaxError{Expected::name, whole.at};
    return call;
  }
  if (at == call.end) return call;
  if (text[at] == '(') {
    call.open = at;
    if (holds_measure != nullptr && holds_measure(call.name.text)) {
      read_inner(text, call);
      return call;
    }
    if (!read_param_list(text, to, grammar, call)) return call;
    at = call.close + 1;
    if (grammar.spaced_cutoff) at = skip_spaces(text, at, call.end);
    if (at >= call.end) return call;
    if (text[at] != '@') {
      call.error = SyntaxError{Expected::cutoff_or_end, at};
      return call;
    }
  }
  call.at_sign = at;
  const std::size_t cutoff_at = grammar.spaced_cutoff ? skip_spaces(text, at + 1, to) : at + 1;
  call.cutoff = Piece{text.substr(cutoff_at, std::max(cutoff_at, call.end) - cutoff_at), cutoff_at};
  return call;
}

}  // namespace irm::call_syntax
