// Krippendorff's reliability data (irm/agreement.h): coders x units of values, some missing.
//
// The text is first checked by the tokenizer (UTF-8, control characters, the token limit).
// Then each line is split into cells: at tabs when any line has one, else at commas when any
// line has one, else at '|' for a Markdown table, else at spaces. Between tabs, commas or
// pipes an empty cell is a missing judgment; between spaces one is written * . - ? or NA.
// A first line is a header of unit (or coder) names when its first cell is a corner word, or
// when it is one cell shorter than the labelled rows below it. A row's first cell is its label
// when it ends in ':' ("A: 1 2 3"), when a header with a corner stands above it, or when every
// row starts with a word and the other cells hold a number.

#include <algorithm>
#include <map>

#include "grid.h"
#include "irm/agreement.h"
#include "lines.h"
#include "text.h"

namespace irm {
// A named namespace: in a unity batch, other readers' helpers (Row, expected…) are near.
namespace reliability_reader {
namespace {

using text::Token;

struct Row {
  int line = 0;
  std::vector<Token> cells;
};

// What a corner word says the rows are: 'u' units, 'c' coders, 0 not a corner word. The
// first of the two kinds in the text names the rows ("unit \ coder", "coders/units").
char corner_kind(const std::string& cell) {
  const std::string s = text::lower(cell);
  static const char* const unit_words[] = {"unit", "item", "subject", "case", "document", "doc"};
  static const char* const coder_words[] = {"coder",     "observer", "judge", "rater",
                                            "annotator", "assessor", "obs"};
  std::size_t unit_at = std::string::npos;
  std::size_t coder_at = std::string::npos;
  for (const char* w : unit_words) unit_at = std::min(unit_at, s.find(w));
  for (const char* w : coder_words) coder_at = std::min(coder_at, s.find(w));
  if (unit_at == std::string::npos && coder_at == std::string::npos) return 0;
  // Only a cell that is mostly the word: "units", "coder\unit", not "document-17".
  if (std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return 0;
  return unit_at < coder_at ? 'u' : 'c';
}

bool is_missing(const std::string& cell) {
  static const char* const marks[] = {"", "*", ".", "-", "?", "na", "n/a", "nan", "missing"};
  const std::string s = text::lower(cell);
  return std::any_of(std::begin(marks), std::end(marks), [&](const char* m) { return s == m; });
}

// The cells of one line split at `sep`, each trimmed of spaces, with its column.
std::vector<Token> split_line(std::string_view line, int number, char sep, bool pipes) {
  std::vector<Token> cells;
  std::size_t start = 0;
  if (pipes) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line[first] == '|') start = first + 1;
  }
  std::size_t end = line.size();
  while (end > start && (line[end - 1] == ' ' || line[end - 1] == '\r')) --end;
  if (pipes && end > start && line[end - 1] == '|') --end;
  while (true) {
    std::size_t stop = line.find(sep, start);
    if (stop == std::string_view::npos || stop > end) stop = end;
    std::size_t a = start;
    std::size_t b = stop;
    while (a < b && (line[a] == ' ' || line[a] == '\t')) ++a;
    while (b > a && (line[b - 1] == ' ' || line[b - 1] == '\t' || line[b - 1] == '\r')) --b;
    Token t;
    t.text = std::string(line.substr(a, b - a));
    const int column = text::code_points(line.substr(0, a)) + 1;
    t.where = Span{number, column, std::max(1, text::code_points(t.text))};
    cells.push_back(std::move(t));
    if (stop >= end) break;
    start = stop + 1;
  }
  return cells;
}

bool is_rule(const std::vector<Token>& cells) {
  for (const Token& t : cells) {
    if (t.text.empty()) continue;
    if (t.text.find_first_not_of("-:= ") != std::string::npos) return false;
  }
  return true;
}

// A number as typed (2, -0.5, +3, 2.50), exactly; empty for a word.
std::optional<Fraction> number_of(const std::string& s) {
  if (!text::is_decimal(s)) return std::nullopt;
  const bool negative = s[0] == '-';
  const std::string magnitude = (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
  auto f = parse_decimal(magnitude);
  if (!f) return std::nullopt;
  if (negative) f->num = -f->num;
  return f;
}

bool starts_word(const Token& t) {
  return !t.text.empty() && !is_missing(t.text) && !number_of(t.text) && !text::is_decimal(t.text);
}

std::string expected() {
  return "a table of judgments, one row per coder and one column per unit (or, under a corner "
         "word 'unit', one row per unit), with * . or an empty cell for a missing judgment, e.g. "
         "'A: 1 2 3 *' over 'B: 1 2 2 3'";
}

Result<ReliabilityData> read(std::string_view input) {
  auto tokens = text::tokenize(input, "");
  if (!tokens.ok()) return tokens.error();
  if (tokens.value().empty()) {
    return InputError{ErrorCode::empty_input, "found no judgments; expected " + expected(), Span{}};
  }
  const auto lines = text::group_lines(tokens.value());
  const text::LineIndex index(input);
  char sep = ' ';
  bool pipes = false;
  for (const auto& l : lines) {
    const std::string_view raw = index.text(l.number);
    if (raw.find('\t') != std::string_view::npos) sep = '\t';
  }
  if (sep == ' ') {
    for (const auto& l : lines) {
      if (index.text(l.number).find(',') != std::string_view::npos) sep = ',';
    }
  }
  if (sep == ' ') {
    for (const auto& l : lines) {
      const std::string_view raw = index.text(l.number);
      const std::size_t first = raw.find_first_not_of(" \t");
      if (first != std::string_view::npos && raw[first] == '|') sep = '|', pipes = true;
    }
  }
  std::vector<Row> rows;
  for (const auto& l : lines) {
    Row row{l.number,
            sep == ' ' ? l.tokens : split_line(index.text(l.number), l.number, sep, pipes)};
    if (!row.cells.empty() && row.cells[0].text.rfind('#', 0) == 0 && sep == ' ') continue;
    if (pipes && is_rule(row.cells)) continue;
    rows.push_back(std::move(row));
  }

  ReliabilityData out;
  // --- header and row labels ---------------------------------------------------------------
  // "A:" labels; then a corner word; then a first line one cell short of labelled rows.
  bool colon_labels = rows.size() >= 2;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string& first = rows[r].cells[0].text;
    colon_labels = colon_labels && first.size() > 1 && first.back() == ':';
  }
  char corner = rows.size() >= 2 ? corner_kind(rows[0].cells[0].text) : 0;
  bool header = corner != 0;
  if (!header && rows.size() >= 3 && rows[0].cells[0].text.empty()) header = true;  // a tab first
  std::size_t body_from = header ? 1 : 0;
  bool first_is_colon =
      !rows.empty() && rows[0].cells[0].text.size() > 1 && rows[0].cells[0].text.back() == ':';
  if (!header && colon_labels && !first_is_colon) header = true, body_from = 1;
  bool labels = header || colon_labels;
  // A first line one cell shorter than every row below it: a header over labelled rows.
  bool short_first = !header && rows.size() >= 3;
  for (std::size_t r = 1; short_first && r < rows.size(); ++r) {
    short_first = rows[0].cells.size() + 1 == rows[r].cells.size();
  }
  if (!labels && rows.size() >= 2) {
    // Every row starts with a word, and some other cell holds a number: labels.
    bool words = true;
    bool number_after = false;
    for (std::size_t r = short_first ? 1 : 0; r < rows.size(); ++r) {
      words = words && starts_word(rows[r].cells[0]);
      for (std::size_t c = 1; c < rows[r].cells.size(); ++c) {
        number_after = number_after || number_of(rows[r].cells[c].text).has_value();
      }
    }
    labels = words && number_after;
  }
  // A first line one cell shorter than the labelled rows below it names the columns.
  if (!header && labels && short_first) {
    header = true;
    body_from = 1;
  }
  if (rows.size() <= body_from) {
    return InputError{ErrorCode::empty_input,
                      "found only the header line; expected " + expected() + " below it",
                      rows[0].cells[0].where};
  }
  const std::size_t offset = labels ? 1 : 0;
  std::size_t width = 0;
  for (std::size_t r = body_from; r < rows.size(); ++r) {
    width = std::max(width, rows[r].cells.size() - std::min(offset, rows[r].cells.size()));
  }
  for (std::size_t r = body_from; r < rows.size(); ++r) {
    const std::size_t have = rows[r].cells.size() - std::min(offset, rows[r].cells.size());
    if (have == width) continue;
    if (sep != ' ') continue;  // a spreadsheet leaves out empty cells at a row's end
    const Row& first_row = rows[body_from];
    const std::size_t first_have = first_row.cells.size() - offset;
    const std::size_t at = have < first_have ? r : body_from;
    const Row& short_row = rows[at];
    const Token& last = short_row.cells.back();
    return text::error_at(
        ErrorCode::bad_token, last,
        "line " + std::to_string(short_row.line) + " has " +
            grid::counts_word(short_row.cells.size() - offset, "judgment", "judgments") +
            " and another row " + std::to_string(width) +
            "; between spaces a missing judgment must be written, as * or . (or separate the "
            "cells with tabs or commas, where an empty cell is missing)");
  }
  if (width == 0) {
    const Token& t = rows[body_from].cells[0];
    return text::error_at(ErrorCode::bad_token, t,
                          "found only row labels and no judgments; expected " + expected());
  }

  // --- the table, rows as typed ------------------------------------------------------------
  std::vector<std::string> row_names;
  std::vector<std::string> column_names;
  for (std::size_t r = body_from; r < rows.size(); ++r) {
    std::string name;
    if (labels) {
      name = rows[r].cells[0].text;
      if (name.size() > 1 && name.back() == ':') name.pop_back();
    }
    row_names.push_back(name.empty() ? std::to_string(r - body_from + 1) : name);
  }
  if (header) {
    std::vector<Token> names = rows[0].cells;
    if (names.size() == width + 1 || (corner && !names.empty())) names.erase(names.begin());
    if (names.size() != width) {
      return text::error_at(ErrorCode::bad_token, rows[0].cells.back(),
                            "the header on line " + std::to_string(rows[0].line) + " names " +
                                std::to_string(names.size()) + " columns, but the rows have " +
                                std::to_string(width) +
                                " judgments; give one name per column (and one for the corner), "
                                "or leave the header out");
    }
    for (const Token& t : names) column_names.push_back(t.text);
  } else {
    for (std::size_t c = 0; c < width; ++c) column_names.push_back(std::to_string(c + 1));
  }

  // Values: numbers by value, then words by first appearance.
  std::vector<std::vector<const Token*>> grid(rows.size() - body_from,
                                              std::vector<const Token*>(width, nullptr));
  std::map<std::pair<std::int64_t, std::int64_t>, int> number_ids;  // (num, den) → provisional id
  std::vector<Fraction> seen_numbers;
  std::map<std::string, int> word_ids;
  std::vector<std::string> seen_words;
  for (std::size_t r = body_from; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      const std::size_t at = c + offset;
      if (at >= rows[r].cells.size()) continue;
      const Token& t = rows[r].cells[at];
      if (is_missing(t.text)) continue;
      grid[r - body_from][c] = &t;
      if (const auto f = number_of(t.text)) {
        if (number_ids
                .emplace(std::make_pair(f->num, f->den), static_cast<int>(seen_numbers.size()))
                .second) {
          seen_numbers.push_back(*f);
        }
      } else if (text::is_decimal(t.text)) {
        return text::error_at(ErrorCode::bad_number, t,
                              text::quoted(t.text) +
                                  " is a number this reader cannot take exactly (an exponent or "
                                  "more than 18 digits); write it as a plain decimal");
      } else if (word_ids.emplace(t.text, static_cast<int>(seen_words.size())).second) {
        seen_words.push_back(t.text);
      }
      if (seen_numbers.size() + seen_words.size() > max_reliability_values) {
        return text::error_at(ErrorCode::bad_token, t,
                              "more than " + std::to_string(max_reliability_values) +
                                  " different values; the coincidence table would have more "
                                  "than a million cells (round the values, or give categories)");
      }
    }
  }
  std::vector<int> order(seen_numbers.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return compare(seen_numbers[a], seen_numbers[b]) < 0; });
  std::vector<int> number_rank(seen_numbers.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    number_rank[order[i]] = static_cast<int>(i);
    out.values.push_back(to_short_decimal(seen_numbers[order[i]]));
    out.numbers.push_back(seen_numbers[order[i]]);
  }
  for (const std::string& w : seen_words) {
    out.values.push_back(w);
    out.numbers.push_back(std::nullopt);
  }
  const auto value_id = [&](const Token& t) {
    if (const auto f = number_of(t.text)) return number_rank[number_ids.at({f->num, f->den})];
    return static_cast<int>(seen_numbers.size()) + word_ids.at(t.text);
  };
  const bool units_as_rows = corner == 'u';
  const std::size_t coders = units_as_rows ? width : grid.size();
  const std::size_t units = units_as_rows ? grid.size() : width;
  out.coders = units_as_rows ? column_names : row_names;
  out.units = units_as_rows ? row_names : column_names;
  out.cells.assign(coders, std::vector<int>(units, -1));
  for (std::size_t r = 0; r < grid.size(); ++r) {
    for (std::size_t c = 0; c < width; ++c) {
      if (!grid[r][c]) continue;
      const int id = value_id(*grid[r][c]);
      if (units_as_rows) {
        out.cells[c][r] = id;
      } else {
        out.cells[r][c] = id;
      }
    }
  }
  if (coders < 2) {
    return text::error_at(ErrorCode::bad_token, rows[body_from].cells[0],
                          "found judgments of 1 coder; agreement needs at least two coders (" +
                              std::string(units_as_rows ? "one column each" : "one row each") +
                              ")");
  }

  std::size_t missing = 0;
  for (const auto& row : out.cells)
    missing += static_cast<std::size_t>(std::count(row.begin(), row.end(), -1));
  const char* sep_name = sep == '\t' ? "tabs" : sep == ',' ? "commas" : pipes ? "'|'" : "spaces";
  out.reading.push_back("Read " + grid::counts_word(coders, "coder", "coders") + " × " +
                        grid::counts_word(units, "unit", "units") + " (" +
                        (units_as_rows
                             ? "rows are units and columns coders, as the corner word says"
                         : corner ? "rows are coders and columns units, as the corner word says"
                                  : "rows are coders and columns units, Krippendorff's layout; "
                                    "write 'unit' in the corner when rows are units") +
                        "), cells separated by " + sep_name + ", " +
                        grid::counts_word(missing, "judgment", "judgments") + " missing.");
  return out;
}

}  // namespace
}  // namespace reliability_reader

Result<ReliabilityData> parse_reliability(std::string_view input) {
  return reliability_reader::read(input);
}

}  // namespace irm
