// Shared by the libFuzzer harnesses: splitting the fuzzer's bytes into fields, and the cheap
// invariants every answer must keep. A broken invariant aborts, which libFuzzer reports as a
// crash with the input that caused it.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

#include "irm/irm.h"

namespace fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s: %s\n", what, detail.c_str());
  std::abort();
}

// Splits trec_eval flags at blanks, as a shell would without quotes.
inline std::vector<std::string> split_args(std::string_view text) {
  std::vector<std::string> args;
  std::string current;
  for (const char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!current.empty()) args.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) args.push_back(current);
  return args;
}

/// The first line of `rest` (without its '\n'); `rest` keeps what follows.
inline std::string_view take_line(std::string_view& rest) {
  const auto end = rest.find('\n');
  const std::string_view line = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  return line;
}

// How a text is cut into lines: at '\n' (the tokenizer), at '\n' and at a CR not followed by
// '\n' (compute() reads old Mac line ends), or not at all (one-line fields: a measure name, an
// answer, whose columns run on across a pasted newline).
enum class Lines { lf, lf_or_cr, one };

inline bool is_break(std::string_view text, std::size_t i, Lines lines) {
  if (lines == Lines::one) return false;
  if (text[i] == '\n') return true;
  return lines == Lines::lf_or_cr && text[i] == '\r' &&
         (i + 1 == text.size() || text[i + 1] != '\n');
}

// Whether span.line is a line of `text` and span.column at most one past its end. Columns count
// code points; bytes are an upper bound.
inline bool span_inside(const irm::Span& span, std::string_view text, Lines lines) {
  int line = 1;
  std::size_t length = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_break(text, i, lines)) {
      if (line == span.line) break;
      ++line;
      length = 0;
    } else if (line == span.line) {
      ++length;
    }
  }
  return line == span.line && static_cast<std::size_t>(span.column) <= length + 1;
}

/// A Span must point inside the text it is about: line 0 (no position), or a line of the text
/// and a column at most one past its end, whichever way the text is cut into lines.
inline void check_span(const irm::Span& span, std::string_view text, const std::string& message) {
  if (span.line < 0 || span.column < 0 || span.length < 0) fail("negative span", message);
  if (span.line == 0) return;
  if (span.column < 1) fail("column 0 on a line", message);
  if (!span_inside(span, text, Lines::lf) && !span_inside(span, text, Lines::lf_or_cr) &&
      !span_inside(span, text, Lines::one)) {
    fail("span outside the text", message + " (line " + std::to_string(span.line) + ", column " +
                                      std::to_string(span.column) + ")");
  }
}

/// An error must have a message, and its position must be inside the field it names.
/// `texts` gives the text of each field (unused fields empty).
struct FieldTexts {
  std::string_view input, measure, relevant, answer;
};
inline void check_error(const irm::InputError& error, const FieldTexts& texts) {
  if (error.message.empty()) fail("error without a message", irm::to_string(error.code));
  switch (error.field) {
    case irm::Field::input:
      check_span(error.where, texts.input, error.message);
      break;
    case irm::Field::measure:
      check_span(error.where, texts.measure, error.message);
      break;
    case irm::Field::relevant:
      check_span(error.where, texts.relevant, error.message);
      break;
    case irm::Field::answer:
      check_span(error.where, texts.answer, error.message);
      break;
    case irm::Field::options:
      break;
  }
}

/// An exact Number: reduced, positive denominator, and a finite double that agrees with it.
inline void check_number(const irm::Number& n, const char* where) {
  if (!n.exact) return;
  const irm::Fraction f = *n.exact;
  if (f.den <= 0) fail(where, "exact value with a denominator <= 0: " + irm::to_string(f));
  if (std::gcd(f.num, f.den) != 1) fail(where, "exact value not reduced: " + irm::to_string(f));
  if (!std::isfinite(n.approx)) fail(where, "exact value with a NaN or infinite approx");
  const double expected = irm::to_double(f);
  if (std::fabs(n.approx - expected) > 1e-9 * std::fmax(1.0, std::fabs(expected))) {
    fail(where, "approx " + std::to_string(n.approx) + " differs from " + irm::to_string(f));
  }
}

/// Every quantity of an Outcome.
inline void check_outcome(const irm::Outcome& o) {
  if (o.measure.empty()) fail("outcome", "no measure name");
  check_number(o.value, "value");
  for (const auto& [key, value] : o.values) check_number(value, "values");
  for (const auto& a : o.alternatives) check_number(a.value, "alternative");
  for (const auto& table : o.steps) {
    for (const auto& row : table.rows) {
      for (const auto& cell : row) {
        if (cell.number) check_number(*cell.number, "step cell");
      }
    }
  }
}

}  // namespace fuzz
