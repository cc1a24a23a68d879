// The paired-scores parser, for the significance tests: per-query scores of two systems as two
// columns (query id optional), as two lines x: and y: (or a: and b:), or as one line d: of
// differences d = x − y.
//
//   scores   0.42  -1.5  .5  2e-3  +3  −0.05 (the minus sign U+2212, as printed notes write it)
//            never inf, nan or hex: the grammar is checked before strtod.
//   exact    every score that is a decimal (with an exponent of at most 18) is kept as a Fraction
//            as well as a double, so d = x − y, zero differences and tied |d| are exact.
//
// Which layout: a line starting x:, y:, a:, b:, d: or queries: means the keyed layout (every
// line must then be keyed). Otherwise one query per line: x y, or id x y; a first line of two or
// three names ("query BM25 QL") is a header naming the systems.

#include "irm/paired.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <utility>

#include "forms.h"
#include "lines.h"
#include "printed.h"
#include "text.h"

namespace irm {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

// The minus sign U+2212 (as typeset notes print "−0.05") read as '-'.
std::string ascii_minus(const std::string& t) {
  static const std::string minus = "\xE2\x88\x92";
  if (t.compare(0, minus.size(), minus) == 0) return "-" + t.substr(minus.size());
  return t;
}

// The exact value of a text that is_decimal accepted; empty when it does not fit in 64 bits.
std::optional<Fraction> exact_value(const std::string& t) {
  std::size_t begin = 0;
  const bool negative = t[0] == '-';
  if (t[0] == '-' || t[0] == '+') begin = 1;
  const std::size_t e = t.find_first_of("eE");
  const std::size_t end = e == std::string::npos ? t.size() : e;
  std::optional<Fraction> value = parse_decimal(t.substr(begin, end - begin));
  if (!value) return std::nullopt;
  if (e != std::string::npos) {
    std::size_t i = e + 1;
    const bool down = t[i] == '-';
    if (t[i] == '-' || t[i] == '+') ++i;
    const auto exponent = text::parse_whole(std::string_view(t).substr(i), 18);
    if (!exponent) return std::nullopt;
    std::int64_t power = 1;
    for (std::int64_t k = 0; k < *exponent; ++k) power *= 10;
    value = down ? divide(*value, Fraction{power, 1}) : multiply(*value, Fraction{power, 1});
    if (!value) return std::nullopt;
  }
  if (negative) value->num = -value->num;
  return value;
}

// "0.04", "-0.05" for a terminating decimal, else the fraction "1/3" or the double.
std::string paired_value_text(const Number& n) {
  if (n.exact) return short_text(*n.exact);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", n.approx);
  return buffer;
}

Result<PairedValue> read_value(const Token& token, const std::string& what,
                               const std::string& examples) {
  const std::string t = ascii_minus(token.text);
  if (!text::is_decimal(t)) {
    return text::error_at(ErrorCode::bad_number, token,
                          "found " + text::quoted(token.text) + " at " +
                              text::position(token.where) + "; expected " + what +
                              ", a number such as " + examples);
  }
  char* end = nullptr;
  const double value = std::strtod(t.c_str(), &end);
  // Beyond 10^15 (1e400 reads as infinity) the squares and sums of the tests leave double
  // precision (1e300² is infinite), and below 10^-15 they vanish: such a score is a scale to
  // change, not a value to test.
  const double size = std::fabs(value);
  if (size > 1e15 || (size != 0.0 && size < 1e-15)) {
    return text::error_at(ErrorCode::out_of_range, token,
                          "the number " + text::quoted(token.text) + " at " +
                              text::position(token.where) + " is too " +
                              (size > 1e15 ? "large" : "small") +
                              " to compute with; scores must lie between 10^-15 and 10^15 in "
                              "size (or be 0), so rescale them");
  }
  PairedValue out{token.text, Number{}, token.where};
  if (const auto exact = exact_value(t)) {
    out.value = exact_number(*exact);
  } else {
    out.value.approx = value == 0.0 ? 0.0 : value;  // -0 and 0 are one score
  }
  return out;
}

Result<PairedValue> read_paired_score(const Token& token) {
  return read_value(token, "a score", "0.42, -1.5 or 2e-3");
}

PairedValue difference_of(const PairedValue& x, const PairedValue& y) {
  PairedValue d;
  d.value = x.value - y.value;
  d.text = paired_value_text(d.value);
  d.where = x.where;
  return d;
}

enum class Slot { none, x, y, d, ids };

Slot slot_of(const std::string& key) {
  if (key == "x" || key == "a") return Slot::x;
  if (key == "y" || key == "b") return Slot::y;
  if (key == "d" || key == "diff" || key == "difference" || key == "differences") return Slot::d;
  if (key == "queries" || key == "query" || key == "q" || key == "ids" || key == "topics") {
    return Slot::ids;
  }
  return Slot::none;
}

std::string counted(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

InputError too_few(const Token& at, const std::string& found) {
  return text::error_at(ErrorCode::inconsistent_counts, at,
                        found + "; a paired test needs the scores of at least 2 queries");
}

// Checks that every query id is given once.
std::optional<InputError> repeated_id(const std::vector<Token>& ids) {
  std::map<std::string, Span> seen;
  for (const Token& id : ids) {
    const auto [it, inserted] = seen.emplace(id.text, id.where);
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, id,
                            "query " + text::quoted(id.text) + " is listed twice, at " +
                                text::position(it->second) + " and at " + text::position(id.where) +
                                "; give each query once");
    }
  }
  return std::nullopt;
}

std::string numbered_note(std::size_t n) {
  return "the queries are numbered q1 to q" + std::to_string(n) + " in the order given";
}

// "an x: line", "a y: line", "an ids: line".
std::string article(const std::string& key) { return key.find_first_of("aeiox") == 0 ? "an" : "a"; }

// The partner of a system key as typed: x -> y, A -> B.
std::string partner_of(const std::string& key) {
  const std::string l = text::lower(key);
  const bool upper = key != l;
  if (l == "x") return upper ? "Y" : "y";
  if (l == "y") return upper ? "X" : "x";
  if (l == "a") return upper ? "B" : "b";
  return upper ? "A" : "a";
}

Result<PairedScores> read_keyed(const std::vector<Line>& lines) {
  std::optional<KeyedLine> x;
  std::optional<KeyedLine> y;
  std::optional<KeyedLine> d;
  std::optional<KeyedLine> ids;
  for (const Line& line : lines) {
    auto keyed = text::keyed_line(line);
    const Slot slot = keyed ? slot_of(keyed->key) : Slot::none;
    if (slot == Slot::none) {
      const Token& first = keyed ? keyed->key_token : line.tokens[0];
      return text::error_at(ErrorCode::bad_token, first,
                            "found " + text::quoted(first.text) + " at " +
                                text::position(first.where) +
                                "; expected a line starting x: or y: (or a: and b:), d: for "
                                "differences, or queries: for the query ids");
    }
    std::optional<KeyedLine>& held = slot == Slot::x   ? x
                                     : slot == Slot::y ? y
                                     : slot == Slot::d ? d
                                                       : ids;
    if (held) {
      const std::string typed = keyed->key_token.text;
      if (held->key == keyed->key) {
        return text::error_at(ErrorCode::bad_token, keyed->key_token,
                              "a second " + typed + ": line at " +
                                  text::position(keyed->key_token.where) +
                                  "; the first is on line " +
                                  std::to_string(held->key_token.where.line) + ". Give it once");
      }
      return text::error_at(ErrorCode::bad_token, keyed->key_token,
                            "found " + typed + ": at " + text::position(keyed->key_token.where) +
                                ", but " + held->key_token.text + ": on line " +
                                std::to_string(held->key_token.where.line) + " already gives " +
                                (slot == Slot::x   ? "the first system's scores"
                                 : slot == Slot::y ? "the second system's scores"
                                 : slot == Slot::d ? "the differences"
                                                   : "the query ids") +
                                "; give them once");
    }
    held = std::move(keyed);
  }
  if (d && (x || y)) {
    const KeyedLine& scores = x ? *x : *y;
    return text::error_at(ErrorCode::bad_token, d->key_token,
                          "found " + d->key_token.text + ": at " +
                              text::position(d->key_token.where) + " together with " +
                              scores.key_token.text + ": on line " +
                              std::to_string(scores.key_token.where.line) +
                              "; give either two lines x: and y: or one line d: of differences");
  }
  if (!d && !x && !y) {
    return text::error_at(ErrorCode::bad_token, ids->key_token,
                          "found " + article(ids->key) + " " + ids->key_token.text + ": line at " +
                              text::position(ids->key_token.where) +
                              " but no scores; add two lines x: and y: (or one line d: of "
                              "differences)");
  }
  if (!d && (!x || !y)) {
    const KeyedLine& given = x ? *x : *y;
    const std::string partner = partner_of(given.key_token.text);
    return text::error_at(
        ErrorCode::bad_token, given.key_token,
        "found " + article(given.key) + " " + given.key_token.text + ": line at " +
            text::position(given.key_token.where) + " but no " + partner + ": line; add " +
            partner + ": with one score per query for the " + (x ? "second" : "first") + " system");
  }
  if (x && y && (x->key == "x") != (y->key == "y")) {
    return text::error_at(ErrorCode::bad_token, y->key_token,
                          "found " + y->key_token.text + ": at " +
                              text::position(y->key_token.where) + " with " + x->key_token.text +
                              ": on line " + std::to_string(x->key_token.where.line) +
                              "; pair x: with y:, or a: with b:");
  }
  const std::pair<const std::optional<KeyedLine>*, const char*> listed[] = {
      {&x, "one score"}, {&y, "one score"}, {&d, "one difference"}, {&ids, "one id"}};
  for (const auto& [line, what] : listed) {
    if (!*line || !(*line)->values.empty()) continue;
    const Token& key = (*line)->key_token;
    return text::error_at(ErrorCode::empty_input, key,
                          "the " + key.text + ": line at " + text::position(key.where) +
                              " is empty; list " + what + " per query after the colon");
  }

  PairedScores out;
  const KeyedLine& first = d ? *d : *x;
  const std::size_t n = first.values.size();
  if (!d && y->values.size() != n) {
    const std::size_t m = y->values.size();
    const Token& extra = n > m ? x->values[m] : y->values[n];
    return text::error_at(
        ErrorCode::inconsistent_counts, extra,
        x->key_token.text + ": has " + counted(n, "score", "scores") + " (line " +
            std::to_string(x->key_token.where.line) + ") but " + y->key_token.text + ": has " +
            std::to_string(m) + " (line " + std::to_string(y->key_token.where.line) +
            "); give one score per query for each system. The first without a partner is " +
            text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  if (ids && ids->values.size() != n) {
    const std::size_t m = ids->values.size();
    const Token& extra = m > n ? ids->values[n] : first.values[m];
    return text::error_at(ErrorCode::inconsistent_counts, extra,
                          ids->key_token.text + ": has " + counted(m, "id", "ids") + " (line " +
                              std::to_string(ids->key_token.where.line) + ") but " +
                              first.key_token.text + ": has " +
                              counted(n, d ? "difference" : "score", d ? "differences" : "scores") +
                              " (line " + std::to_string(first.key_token.where.line) +
                              "); give one id per query. The first without a partner is " +
                              text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  if (ids) {
    if (auto repeated = repeated_id(ids->values)) return *repeated;
  }
  if (n < 2) {
    return too_few(first.values[0], first.key_token.text + ": gives only 1 " +
                                        (d ? "difference" : "score") + " (at " +
                                        text::position(first.values[0].where) + ")");
  }
  for (std::size_t i = 0; i < n; ++i) {
    PairedQuery q;
    q.id = ids ? ids->values[i].text : "q" + std::to_string(i + 1);
    if (d) {
      auto value = read_value(d->values[i], "a difference", "0.04, -0.05 or 2e-3");
      if (!value.ok()) return value.error();
      q.difference = value.value();
    } else {
      auto a = read_paired_score(x->values[i]);
      if (!a.ok()) return a.error();
      auto b = read_paired_score(y->values[i]);
      if (!b.ok()) return b.error();
      q.x = a.value();
      q.y = b.value();
      q.difference = difference_of(*q.x, *q.y);
    }
    out.queries.push_back(std::move(q));
  }
  out.ids_given = ids.has_value();
  const std::string id_note =
      ids ? "the query ids come from " + ids->key_token.text + ":" : numbered_note(n);
  if (d) {
    out.differences_only = true;
    out.reading.push_back("Read " + d->key_token.text + ": as " + std::to_string(n) +
                          " differences d = x − y, one per query; " + id_note + ".");
  } else {
    const bool named = x->key != "x";
    if (named) {
      out.x_name = x->key_token.text;
      out.y_name = y->key_token.text;
    }
    out.reading.push_back(
        "Read " + x->key_token.text + ":" + (named ? " (x)" : "") + " and " + y->key_token.text +
        ":" + (named ? " (y)" : "") + " as the scores of " + std::to_string(n) +
        " queries, the i-th score of one system with the i-th of the other; " + id_note + ".");
  }
  return out;
}

Result<PairedScores> read_columns(const std::vector<Line>& lines) {
  PairedScores out;
  std::size_t first = 0;
  const Line& top = lines[0];
  const std::size_t top_width = top.tokens.size();
  const auto is_name = [](const Token& t) { return !text::looks_numeric(ascii_minus(t.text)); };
  if ((top_width == 2 || top_width == 3) && is_name(top.tokens[top_width - 2]) &&
      is_name(top.tokens[top_width - 1])) {
    if (lines.size() == 1) {
      return text::error_at(ErrorCode::empty_input, top.tokens[0],
                            "line 1 holds names but no scores; add one line per query with its "
                            "two scores, as in q1 0.42 0.38");
    }
    out.x_name = top.tokens[top_width - 2].text;
    out.y_name = top.tokens[top_width - 1].text;
    first = 1;
  }
  const std::string expected =
      "expected two scores per line, x then y, optionally after a query id (q1 0.42 0.38); or "
      "two lines x: … and y: …, or one line d: … of differences";
  const Line* reference = &lines[first];
  // "q1 0.5" above "q2 0.3 0.2": a query id with one score missing, not two scores of which
  // the first is "q1"; the lines with three entries set the layout, so the short line is named.
  if (reference->tokens.size() == 2 && is_name(reference->tokens[0])) {
    for (std::size_t li = first + 1; li < lines.size(); ++li) {
      if (lines[li].tokens.size() == 3) {
        reference = &lines[li];
        break;
      }
    }
  }
  const Line& data = *reference;
  const std::size_t width = data.tokens.size();
  if (width != 2 && width != 3) {
    const Token& at = data.tokens[width > 3 ? 3 : 0];
    return text::error_at(ErrorCode::bad_token, at,
                          "line " + std::to_string(data.number) + " has " +
                              counted(width, "entry", "entries") + "; " + expected);
  }
  const std::string columns = width == 3 ? "a query id, x and y" : "x and y";
  std::vector<Token> ids;
  for (std::size_t li = first; li < lines.size(); ++li) {
    const Line& line = lines[li];
    const std::size_t size = line.tokens.size();
    const std::string shape = "line " + std::to_string(line.number) + " has " +
                              counted(size, "entry", "entries") + " but line " +
                              std::to_string(data.number) + " has " + std::to_string(width) + " (" +
                              columns + ")";
    if (size > width) {
      const Token& extra = line.tokens[width];
      return text::error_at(ErrorCode::bad_token, extra,
                            shape + "; found an extra entry " + text::quoted(extra.text) + " at " +
                                text::position(extra.where));
    }
    if (size < width) {
      return text::error_at(ErrorCode::bad_token, line.tokens.back(),
                            shape + "; give every line the same columns");
    }
    PairedQuery q;
    if (width == 3) {
      Token id = line.tokens[0];
      // "q1: 0.42 0.38": the colon ends the id.
      if (id.text.size() > 1 && id.text.back() == ':') {
        id.text.pop_back();
        --id.where.length;
      }
      ids.push_back(id);
      q.id = id.text;
    } else {
      q.id = "q" + std::to_string(out.queries.size() + 1);
    }
    auto a = read_paired_score(line.tokens[width - 2]);
    if (!a.ok()) return a.error();
    auto b = read_paired_score(line.tokens[width - 1]);
    if (!b.ok()) return b.error();
    q.x = a.value();
    q.y = b.value();
    q.difference = difference_of(*q.x, *q.y);
    out.queries.push_back(std::move(q));
  }
  if (auto repeated = repeated_id(ids)) return *repeated;
  const std::size_t n = out.queries.size();
  if (n < 2) {
    return too_few(data.tokens[0],
                   "found the scores of only 1 query (line " + std::to_string(data.number) + ")");
  }
  out.ids_given = width == 3;
  out.reading.push_back("Read " + std::to_string(n) + " queries, one per line: " +
                        (width == 3 ? "a query id, then the scores x and y."
                                    : "the scores x and y; " + numbered_note(n) + "."));
  if (first == 1) {
    out.reading.push_back("The first line is a header: x = " + out.x_name + ", y = " + out.y_name +
                          ".");
  }
  return out;
}

// Lists as printed: "per-query differences (system 1 minus system 2): 0.05, -0.12", "bm25 =
// c(0.42, 0.51)" above "ql = c(0.38, 0.47)", x = [0.42, 0.51] and y = [0.38, 0.47]. A caption
// that speaks of differences gives d:, two other lists give x and y in the order typed.
bool printed_scores(const printed::Printed& p) {
  for (const printed::Statement& s : p.statements) {
    // "q1: 0.42 0.38" is a query id before its two scores, not a caption.
    const bool sentence = s.caption.size() > 1 || printed::key_has(s.key, {"differences", "diff"});
    if (s.bracketed || (sentence && slot_of(s.key) == Slot::none)) return true;
  }
  return false;
}

Result<PairedScores> read_printed_scores(const printed::Printed& p) {
  std::vector<Line> lines;
  std::vector<const printed::Statement*> systems;  // lists captioned by a system's name
  std::vector<std::string> notes;
  for (const printed::Statement& s : p.statements) {
    if (s.caption.empty() && !s.bracketed) {
      const Token& at = s.rows[0].front();
      return text::error_at(ErrorCode::bad_token, at,
                            "found " + text::quoted(at.text) + " at " + text::position(at.where) +
                                " outside the captioned lists; caption every list, as in x = "
                                "[0.42, 0.51] and y = [0.38, 0.47]");
    }
    const Slot slot = slot_of(s.key);
    if (slot != Slot::none) {
      lines.push_back(printed::as_keyed_line(s, s.key));
    } else if (printed::key_has(s.key, {"difference", "differences", "diff", "diffs", "d"})) {
      lines.push_back(printed::as_keyed_line(s, "d"));
      notes.push_back("Read the list after '" + s.caption_text +
                      "' as d:, the per-query differences.");
    } else {
      systems.push_back(&s);
    }
  }
  if (!systems.empty()) {
    if (systems.size() != 2 || !lines.empty()) {
      const printed::Statement& s = *systems.front();
      const Token at = s.caption.empty() ? Token{"", s.where} : s.caption.front();
      return text::error_at(ErrorCode::bad_token, at,
                            "found the list " +
                                text::quoted(s.caption.empty() ? s.form : s.caption_text) + " at " +
                                text::position(s.where) +
                                "; give two lists of scores, one per system (x = […] and y = […]), "
                                "or one list captioned differences");
    }
    lines.push_back(printed::as_keyed_line(*systems[0], "x"));
    lines.push_back(printed::as_keyed_line(*systems[1], "y"));
  }
  auto out = read_keyed(lines);
  if (!out.ok()) return out;
  if (systems.size() == 2) {
    const auto name = [](const printed::Statement& s, const char* otherwise) {
      return s.caption.empty() ? std::string(otherwise) : s.caption_text;
    };
    out.value().x_name = name(*systems[0], "x");
    out.value().y_name = name(*systems[1], "y");
    notes.push_back("Read the first list (" + out.value().x_name + ") as x and the second (" +
                    out.value().y_name + ") as y.");
  }
  out.value().reading.insert(out.value().reading.begin(), notes.begin(), notes.end());
  return out;
}

// The calculator's own notation alone (forms.h): no brackets or quotes, no '=' or '<', and on
// each line numbers after at most one word, its first: a query id, or a key (x:, y:, d:, q1:),
// so that no list is captioned by words or bracketed as a program prints it.
bool plain_paired(const std::vector<Token>& tokens, std::string_view input) {
  if (input.find_first_of("[](){}<>=\"'") != std::string_view::npos) return false;
  int line = 0;
  for (const Token& token : tokens) {
    const std::string& t = token.text;
    const bool first_of_line = token.where.line != line;
    line = token.where.line;
    if (t.find_first_not_of("0123456789.+-/eE%") == std::string::npos ||
        t.rfind("\u2212", 0) == 0) {
      continue;
    }
    if (!first_of_line) return false;
    const std::size_t colon = t.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = text::lower(t.substr(0, colon));
    if (colon + 1 != t.size() ||
        (slot_of(key) == Slot::none && key.find_first_of("0123456789") == std::string::npos)) {
      return false;
    }
  }
  return true;
}

Result<PairedScores> parse_paired_as_typed(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      "the input is empty; paste two columns of per-query scores (q1 0.42 0.38, "
                      "one query per line), two lines x: and y:, or one line d: of differences",
                      Span{}};
  }
  if (!plain_paired(tokenized.value(), input)) {
    if (!text::reads_printed_forms()) return text::read_elsewhere();
    auto printed = printed::read_printed(input);
    if (!printed.ok()) return printed.error();
    if (printed_scores(printed.value())) {
      auto parsed = read_printed_scores(printed.value());
      if (!parsed.ok()) return parsed;
      parsed.value().reading.push_back(
          "Each difference is d = x − y: positive when x scores higher.");
      return parsed;
    }
  }
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  bool keyed = false;
  for (const Line& line : lines) {
    const auto k = text::keyed_line(line);
    keyed = keyed || (k && slot_of(k->key) != Slot::none);
  }
  auto parsed = keyed ? read_keyed(lines) : read_columns(lines);
  if (!parsed.ok()) return parsed;
  parsed.value().reading.push_back("Each difference is d = x − y: positive when x scores higher.");
  return parsed;
}

}  // namespace

Result<PairedScores> parse_paired_scores(std::string_view input) {
  if (!text::reads_printed_forms()) {
    auto out = parse_paired_as_typed(input);
    if (!out.ok()) return text::read_elsewhere();
    return out;
  }
  return printed::without_prose(input, 1,
                                [](std::string_view text) { return parse_paired_as_typed(text); });
}

}  // namespace irm
