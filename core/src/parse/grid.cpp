// Grids of counts: rows of whole numbers with optional labels, a header line, rule lines of a
// Markdown table, and total rows and columns checked against the counts.

#include "grid.h"

#include <algorithm>

namespace irm::grid {
namespace {

using text::Line;
using text::Token;

std::string trim(std::string_view s) {
  std::size_t begin = 0;
  std::size_t end = s.size();
  while (begin < end && (s[begin] == ' ' || s[begin] == '\t' || s[begin] == '\r')) ++begin;
  while (end > begin && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\r')) --end;
  return std::string(s.substr(begin, end - begin));
}

// A header line's labels: cells split at '|' (a Markdown table, when allowed), else at tabs (a
// spreadsheet paste), else at commas, else at spaces; empty cells (the corner) are dropped.
std::vector<std::string> header_labels(std::string_view line, bool pipes) {
  const char split = pipes && line.find('|') != std::string_view::npos ? '|'
                     : line.find('\t') != std::string_view::npos       ? '\t'
                     : line.find(',') != std::string_view::npos        ? ','
                     : line.find(';') != std::string_view::npos        ? ';'
                                                                       : ' ';
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= line.size()) {
    std::size_t end = line.find(split, start);
    if (end == std::string_view::npos) end = line.size();
    const std::string cell = trim(line.substr(start, end - start));
    if (!cell.empty()) out.push_back(cell);
    start = end + 1;
  }
  return out;
}

}  // namespace

bool is_rule_line(const Line& line) {
  bool long_dash = false;
  for (const Token& t : line.tokens) {
    if (t.text.find_first_not_of("-:=+|") != std::string::npos) return false;
    long_dash = long_dash || t.text.find("---") != std::string::npos ||
                t.text.find("===") != std::string::npos;
  }
  return long_dash;
}

namespace {}  // namespace

std::string counts_word(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

Token visible(Token t) {
  if (t.where.length == 0) t.where.length = 1;
  return t;
}

Result<std::int64_t> read_count(const Token& value, const std::string& what,
                                const std::string& count_of) {
  if (value.text.empty()) {
    return text::error_at(ErrorCode::bad_number, visible(value),
                          "expected a whole number " + what + " at " + text::position(value.where) +
                              ", found nothing");
  }
  if (value.text[0] == '-' && text::parse_whole(value.text.substr(1), max_count)) {
    return text::error_at(ErrorCode::bad_number, value,
                          "found " + text::quoted(value.text) + " " + what + " at " +
                              text::position(value.where) +
                              "; a count cannot be negative: expected a whole number 0 or more");
  }
  const auto count = text::parse_whole(value.text, max_count);
  if (!count) {
    const bool digits = value.text.find_first_not_of("0123456789") == std::string::npos;
    return text::error_at(
        digits ? ErrorCode::out_of_range : ErrorCode::bad_number, value,
        "found " + text::quoted(value.text) + " " + what + " at " + text::position(value.where) +
            (digits ? "; counts above 10^15 are not supported"
                    : "; expected a whole number 0 or more (a count of " + count_of + ")"));
  }
  return *count;
}

Result<Grid> read_grid(const std::vector<Line>& lines, std::string_view input,
                       const std::string& expected, const GridStyle& style) {
  Grid grid;
  std::size_t width = 0;
  int first_row_line = 0;
  for (const Line& line : lines) {
    if (is_rule_line(line)) continue;
    std::size_t j = 0;
    while (j < line.tokens.size() && !text::looks_numeric(line.tokens[j].text)) ++j;
    if (style.numbered_labels) {
      j = grid.header_line == 0 ? line.tokens.size() : std::max<std::size_t>(j, 1);
    }
    if (j == line.tokens.size()) {
      if (grid.cells.empty() && grid.header_line == 0) {
        grid.header_line = line.number;
        grid.header = header_labels(text::line_text(input, line.number), style.pipes);
        continue;
      }
      const Token& t = line.tokens[0];
      return text::error_at(ErrorCode::bad_token, t,
                            "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                                "; expected a row of counts (whole numbers), optionally after a "
                                "row label");
    }
    std::string label;
    for (std::size_t i = 0; i < j; ++i) label += (i ? " " : "") + line.tokens[i].text;
    std::vector<std::int64_t> row;
    std::vector<Token> row_tokens;
    const std::size_t row_number = grid.cells.size() + 1;
    for (std::size_t i = j; i < line.tokens.size(); ++i) {
      auto count = read_count(
          line.tokens[i], "in row " + std::to_string(row_number) + " of the grid", style.count_of);
      if (!count.ok()) return count.error();
      row.push_back(count.value());
      row_tokens.push_back(line.tokens[i]);
    }
    if (grid.cells.empty()) {
      width = row.size();
      first_row_line = line.number;
    } else if (row.size() != width) {
      const std::string shape = "row " + std::to_string(row_number) + " (line " +
                                std::to_string(line.number) + ") has " +
                                counts_word(row.size(), "count", "counts") + " but row 1 (line " +
                                std::to_string(first_row_line) + ") has " + std::to_string(width);
      if (row.size() > width) {
        const Token& extra = row_tokens[width];
        return text::error_at(ErrorCode::bad_token, extra,
                              shape + "; found an extra count " + text::quoted(extra.text) +
                                  " at " + text::position(extra.where) +
                                  ". Every row needs the same number of counts");
      }
      return text::error_at(ErrorCode::bad_token, row_tokens.back(),
                            shape + "; every row needs the same number of counts");
    }
    grid.row_labels.push_back(label);
    grid.cells.push_back(std::move(row));
    grid.cell_tokens.push_back(std::move(row_tokens));
    grid.row_lines.push_back(line.number);
  }
  if (grid.cells.empty()) {
    return InputError{ErrorCode::empty_input, "found no row of counts; expected " + expected,
                      Span{}};
  }
  use_header(grid, width);
  return grid;
}

void use_header(Grid& grid, std::size_t width) {
  grid.column_labels.clear();
  grid.note.reset();
  if (grid.header_line == 0) return;
  std::vector<std::string> header = grid.header;
  if (header.size() == width + 1) header.erase(header.begin());  // the corner cell
  if (header.size() == width) {
    grid.column_labels = header;
  } else {
    grid.note = "The header on line " + std::to_string(grid.header_line) + " has " +
                counts_word(header.size(), "label", "labels") + " for " +
                counts_word(width, "column", "columns") +
                ", so it is not used (separate labels with tabs or commas when they contain "
                "spaces).";
  }
}

bool has_numbered_labels(const std::vector<Line>& lines) {
  std::vector<const Line*> rows;
  for (const Line& line : lines) {
    if (!is_rule_line(line)) rows.push_back(&line);
  }
  const std::size_t k = rows.empty() ? 0 : rows[0]->tokens.size();
  if (k < 2 || rows.size() != k + 1) return false;
  for (const Token& t : rows[0]->tokens) {
    if (!text::looks_numeric(t.text)) return false;
  }
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (rows[i]->tokens.size() != k + 1) return false;
  }
  return true;
}

namespace {

bool one_unlabelled_row(const Grid& grid) {
  return grid.cells.size() == 1 && grid.column_labels.empty() && grid.header_line == 0 &&
         (grid.row_labels.empty() || grid.row_labels[0].empty());
}

}  // namespace

bool fold_one_line(Grid& grid) {
  if (!one_unlabelled_row(grid) || grid.cells[0].size() != 4) return false;
  fold_row_of_four(grid);
  return true;
}

void fold_row_of_four(Grid& grid) {
  const std::vector<std::int64_t> cells = grid.cells[0];
  const std::vector<Token> tokens = grid.cell_tokens[0];
  grid.cells = {{cells[0], cells[1]}, {cells[2], cells[3]}};
  grid.cell_tokens = {{tokens[0], tokens[1]}, {tokens[2], tokens[3]}};
  grid.row_labels = {"", ""};
  grid.row_lines = {grid.row_lines.at(0), grid.row_lines.at(0)};
}

std::optional<InputError> one_line_error(const Grid& grid, const std::string& layout,
                                         const std::string& example) {
  if (!one_unlabelled_row(grid)) return std::nullopt;
  const std::vector<Token>& tokens = grid.cell_tokens[0];
  const std::size_t n = tokens.size();
  if (n == 3) {
    const Span& first = tokens.front().where;
    const Span& last = tokens.back().where;
    const Span all{first.line, first.column, last.column + last.length - first.column};
    return InputError{ErrorCode::bad_token,
                      "found 3 counts on one line at " + text::position(first) +
                          "; a 2 × 2 grid on one line is 4 counts, row by row: " + layout +
                          ", as in " + example,
                      all};
  }
  if (n < 5) return std::nullopt;
  const Token& fifth = tokens[4];
  return text::error_at(ErrorCode::bad_token, fifth,
                        "found " + std::to_string(n) +
                            " counts on one line; a 2 × 2 grid on one line is 4 counts, row by "
                            "row: " +
                            layout + ", as in " + example +
                            ". The first count past the fourth is " + text::quoted(fifth.text) +
                            " at " + text::position(fifth.where));
}

bool is_total_label(const std::string& label) {
  const std::string l = text::lower(label);
  return l == "total" || l == "totals" || l == "sum" || l == "sums" || l == "σ" || l == "all" ||
         l == "total:" || l == "sum:" || l == "marginal" || l == "margin";
}

std::vector<Line> split_rows_at_slash(const std::vector<Line>& lines) {
  std::vector<Line> out;
  for (const Line& line : lines) {
    Line current{line.number, {}};
    for (const Token& t : line.tokens) {
      if (t.text == "/") {
        if (!current.tokens.empty()) out.push_back(current);
        current.tokens.clear();
      } else {
        current.tokens.push_back(t);
      }
    }
    if (!current.tokens.empty()) out.push_back(current);
  }
  return out;
}

Result<std::string> drop_totals(Grid& grid, bool unlabelled) {
  const std::size_t rows = grid.cells.size();
  const std::size_t columns = grid.cells.empty() ? 0 : grid.cells[0].size();
  if (rows < 2 || columns < 2) return std::string();
  // The header label over the last column, when the header lines up with the columns.
  std::string last_header;
  // (or any header ending in a total's label: "Predicted positive  Predicted negative  Total"
  // split at spaces has more labels than columns, but its last still names the last column).
  if (grid.header_line != 0 && !grid.header.empty() &&
      (grid.header.size() == columns || grid.header.size() == columns + 1 ||
       is_total_label(grid.header.back()))) {
    last_header = grid.header.back();
  }
  const bool labelled_row = is_total_label(grid.row_labels.back());
  const bool labelled_column = is_total_label(last_header);
  // Sums in 128 bits: a long table of counts near 10^15 must not wrap.
  const auto column_sum = [&](std::size_t j) {
    __int128 sum = 0;
    for (std::size_t i = 0; i + 1 < rows; ++i) sum += grid.cells[i][j];
    return sum;
  };
  const auto row_sum = [&](std::size_t i) {
    __int128 sum = 0;
    for (std::size_t j = 0; j + 1 < columns; ++j) sum += grid.cells[i][j];
    return sum;
  };
  const auto sum_text = [](__int128 v) {
    return v > max_count * 1000 ? std::string("more than 10^18")
                                : std::to_string(static_cast<std::int64_t>(v));
  };
  if (labelled_row) {
    for (std::size_t j = 0; j < columns; ++j) {
      const __int128 sum = column_sum(j);
      if (sum != grid.cells[rows - 1][j]) {
        const Token& t = grid.cell_tokens[rows - 1][j];
        return text::error_at(ErrorCode::inconsistent_counts, t,
                              "the " + grid.row_labels.back() + " row (line " +
                                  std::to_string(grid.row_lines.back()) + ") gives " + t.text +
                                  " in column " + std::to_string(j + 1) +
                                  ", but the counts above it add up to " + sum_text(sum) +
                                  "; correct it or leave the totals out");
      }
    }
  }
  if (labelled_column) {
    for (std::size_t i = 0; i < rows; ++i) {
      const __int128 sum = row_sum(i);
      if (sum != grid.cells[i][columns - 1]) {
        const Token& t = grid.cell_tokens[i][columns - 1];
        return text::error_at(ErrorCode::inconsistent_counts, t,
                              "the " + last_header + " column gives " + t.text + " in row " +
                                  std::to_string(i + 1) + " (line " +
                                  std::to_string(grid.row_lines[i]) +
                                  "), but the counts before it add up to " + sum_text(sum) +
                                  "; correct it or leave the totals out");
      }
    }
  }
  bool drop_row = labelled_row;
  bool drop_column = labelled_column;
  if (unlabelled && rows == columns && rows >= 3 &&
      (labelled_row || grid.row_labels.back().empty()) &&
      (labelled_column || last_header.empty())) {
    // Margins without a label are taken only when both hold exactly the sums: a square table
    // whose last row and column add up the others is a table printed with its totals.
    bool sums = true;
    for (std::size_t j = 0; j < columns && sums; ++j) {
      sums = column_sum(j) == grid.cells[rows - 1][j];
    }
    for (std::size_t i = 0; i < rows && sums; ++i) {
      sums = row_sum(i) == grid.cells[i][columns - 1];
    }
    drop_row = drop_row || sums;
    drop_column = drop_column || sums;
  }
  if (!drop_row && !drop_column) return std::string();
  if (drop_row) {
    grid.cells.pop_back();
    grid.cell_tokens.pop_back();
    grid.row_labels.pop_back();
    grid.row_lines.pop_back();
  }
  if (drop_column) {
    for (auto& row : grid.cells) row.pop_back();
    for (auto& row : grid.cell_tokens) row.pop_back();
    if (labelled_column) grid.header.pop_back();
  }
  use_header(grid, grid.cells[0].size());
  if (drop_row && drop_column) {
    return std::string(
        "The last row and the last column hold the totals: they equal the sums of the counts, so "
        "they are checked and left out.");
  }
  return std::string(drop_row ? "The last row holds the totals of the columns"
                              : "The last column holds the totals of the rows") +
         ": it equals the sums of the counts, so it is checked and left out.";
}

}  // namespace irm::grid
