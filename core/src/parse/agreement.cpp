// The judges' parsers: two judges' labels for kappa (the k x k reader of confusion.cpp under the
// judges' keys and wording) and Fleiss' items x categories table.
//
// Fleiss' table is read as pasted, with two readings tried when the first does not give equal
// row sums: a first line of numbers 1 2 … k is the category header (Bhattacharya's CS657A notes
// number their categories), and a first column 1, 2, … n numbers the items. The reading used is
// said in a note; when none gives equal sums, the error names the first row that differs.

#include "irm/agreement.h"

#include <algorithm>
#include <map>

#include "grid.h"
#include "label_matrix.h"
#include "lines.h"
#include "text.h"

namespace irm {
namespace {

using text::Line;
using text::Token;

// "#R(A)" -> "R", "*Rel_A*" -> "Rel", "NR_B" -> "NR": the notes mark whose label it is.
std::string strip_judge_mark(std::string label, char judge) {
  while (label.size() > 2 && (label.front() == '*' || label.front() == '_') &&
         label.back() == label.front()) {
    label = label.substr(1, label.size() - 2);
  }
  if (label.size() > 1 && label.front() == '#') label.erase(0, 1);
  const std::string mark(1, judge);
  // "A Yes", "A: Yes": the judge before the category, as a table whose first column names the
  // judge prints its first row.
  for (const std::string& prefix : {mark + " ", mark + ": ", mark + ":"}) {
    if (label.size() > prefix.size() && label.compare(0, prefix.size(), prefix) == 0) {
      return label.substr(prefix.size());
    }
  }
  for (const std::string& suffix : {"(" + mark + ")", "_" + mark, "-" + mark, " " + mark}) {
    if (label.size() > suffix.size() &&
        label.compare(label.size() - suffix.size(), suffix.size(), suffix) == 0) {
      label.erase(label.size() - suffix.size());
      while (!label.empty() && label.back() == ' ') label.pop_back();
      break;
    }
  }
  return label;
}

std::string row_judge_label(const std::string& label) { return strip_judge_mark(label, 'A'); }
std::string column_judge_label(const std::string& label) { return strip_judge_mark(label, 'B'); }

const labels::MatrixRoles& judges_roles() {
  static const labels::MatrixRoles roles = [] {
    labels::MatrixRoles r;
    r.row_name = "A";
    r.column_name = "B";
    r.row_keys = {"a",       "judge1", "judge_1", "judge-1",    "judgea",     "judge_a",
                  "judge-a", "rater1", "rater_1", "rater-1",    "ratera",     "rater_a",
                  "rater-a", "j1",     "r1",      "annotator1", "annotator_a"};
    r.column_keys = {"b",       "judge2", "judge_2", "judge-2",    "judgeb",     "judge_b",
                     "judge-b", "rater2", "rater_2", "rater-2",    "raterb",     "rater_b",
                     "rater-b", "j2",     "r2",      "annotator2", "annotator_b"};
    r.separators = ",;|";
    r.class_word = "category";
    r.classes_word = "categories";
    r.empty_message =
        "the input is empty; give a k × k grid of counts (rows: judge A, columns: judge B) or "
        "two lines A: and B: with each judge's label for every item";
    r.grid_expected =
        "a k × k grid of counts (rows: judge A, columns: judge B), with optional category "
        "names, or two lines A: and B:";
    r.square_rule =
        "the judges' table is square, one row and one column per category (rows: judge A, "
        "columns: judge B), with at least two categories";
    r.single_label = "";  // both judges always giving one label is the 1 − P(E) = 0 case
    r.missing_partner =
        "give each judge's labels, one per item in the same order, as in A: R R N and B: R N N";
    r.one_per_item = "give one label from each judge for every item";
    r.grid_reading = "rows are judge A, columns judge B";
    r.sort_labels = false;
    r.totals = true;
    r.slash_rows = true;
    r.pipes = true;
    r.numbered_labels = true;
    r.one_line = true;
    r.one_line_layout = "judge A's first row, then its second (rows judge A, columns judge B)";
    r.one_line_example = "75 25 75 225; write a larger table one row per line";
    r.words = true;
    r.row_label = &row_judge_label;
    r.column_label = &column_judge_label;
    return r;
  }();
  return roles;
}

// --- Fleiss -------------------------------------------------------------------------------------

// 1 2 … k (or 0 1 … k−1), after an optional corner word: a header of numbered categories.
bool numbered_header(const Line& line) {
  std::size_t i = 0;
  while (i < line.tokens.size() && !text::looks_numeric(line.tokens[i].text)) ++i;
  if (i > 1 || line.tokens.size() - i < 2) return false;
  const auto first = text::parse_whole(line.tokens[i].text, 1);
  if (!first) return false;
  for (std::size_t j = i; j < line.tokens.size(); ++j) {
    const auto v = text::parse_whole(line.tokens[j].text, grid::max_count);
    if (!v || *v != *first + static_cast<std::int64_t>(j - i)) return false;
  }
  return true;
}

struct Reading {
  grid::Grid grid;
  bool numbered_items = false;  // the first column was 1, 2, … n
  std::string header_note;
  std::string totals_note;
};

// Every row's sum, in 128 bits (a long table of counts near 10^15 must not wrap).
std::vector<__int128> row_sums(const grid::Grid& g) {
  std::vector<__int128> sums;
  for (const auto& row : g.cells) {
    __int128 sum = 0;
    for (const std::int64_t c : row) sum += c;
    sums.push_back(sum);
  }
  return sums;
}

bool equal_sums(const grid::Grid& g) {
  const auto sums = row_sums(g);
  return std::all_of(sums.begin(), sums.end(), [&](__int128 s) { return s == sums[0]; });
}

// The same grid without its first column when that column is 1, 2, … n with no row labels.
std::optional<grid::Grid> without_item_numbers(const grid::Grid& g) {
  if (g.cells[0].size() < 3) return std::nullopt;
  for (std::size_t i = 0; i < g.cells.size(); ++i) {
    if (!g.row_labels[i].empty() || g.cells[i][0] != static_cast<std::int64_t>(i + 1)) {
      return std::nullopt;
    }
  }
  grid::Grid out = g;
  for (auto& row : out.cells) row.erase(row.begin());
  for (auto& row : out.cell_tokens) row.erase(row.begin());
  for (std::size_t i = 0; i < out.cells.size(); ++i) out.row_labels[i] = std::to_string(i + 1);
  grid::use_header(out, out.cells[0].size());
  return out;
}

std::string sum_text(__int128 v) {
  return v > grid::max_count * 1000 ? std::string("more than 10^18")
                                    : std::to_string(static_cast<std::int64_t>(v));
}

// The first row whose sum differs from the most common one, against the first row that has it.
InputError unequal_sums(const grid::Grid& g) {
  const auto sums = row_sums(g);
  std::map<__int128, std::size_t> frequency;
  for (const __int128 s : sums) ++frequency[s];
  std::size_t reference = 0;
  for (std::size_t i = 0; i < sums.size(); ++i) {
    if (frequency[sums[i]] > frequency[sums[reference]]) reference = i;
  }
  std::size_t odd = 0;
  while (sums[odd] == sums[reference]) ++odd;
  const auto& tokens = g.cell_tokens[odd];
  Span where = tokens.front().where;
  if (tokens.back().where.line == where.line) {
    where.length = tokens.back().where.column + tokens.back().where.length - where.column;
  }
  const auto row = [&](std::size_t i) {
    return "row " + std::to_string(i + 1) + " (line " + std::to_string(g.row_lines[i]) + ")";
  };
  return InputError{ErrorCode::inconsistent_counts,
                    "the counts in " + row(odd) + " add up to " + sum_text(sums[odd]) +
                        ", but in " + row(reference) + " they add up to " +
                        sum_text(sums[reference]) +
                        "; in Fleiss' table every item is rated by the same number of raters m, "
                        "so every row must have the same sum",
                    where};
}

bool one_of_words(const std::string& w, std::initializer_list<const char*> words) {
  return std::any_of(words.begin(), words.end(), [&](const char* x) { return w == x; });
}

// The working a source prints beside Fleiss' table: a last column P_i headed "Pi" (each item's
// agreement, a decimal on each row) and a row p_j (each category's share). Both are left out
// (they follow from the counts) and the return says so; "" when there is none.
Result<std::string> drop_working(std::vector<Line>& lines) {
  if (lines.size() < 2) return std::string();
  std::vector<std::string> skipped;
  std::vector<Token>& header = lines[0].tokens;
  if (!header.empty() &&
      one_of_words(text::lower(header.back().text), {"pi", "p_i", "p(i)", "pᵢ", "p_i."})) {
    skipped.push_back("the column " + text::quoted(header.back().text) +
                      " (each item's agreement P_i)");
    header.pop_back();
    for (std::size_t i = 1; i < lines.size(); ++i) {
      std::vector<Token>& t = lines[i].tokens;
      if (t.size() >= 2 && text::looks_numeric(t.back().text) &&
          t.back().text.find('.') != std::string::npos) {
        t.pop_back();
      }
    }
  }
  for (std::size_t i = 1; i < lines.size();) {
    const std::vector<Token>& t = lines[i].tokens;
    if (!t.empty() && one_of_words(text::lower(t[0].text), {"pj", "p_j", "p(j)", "pⱼ"})) {
      skipped.push_back("the row " + text::quoted(t[0].text) + " on line " +
                        std::to_string(lines[i].number) + " (each category's share p_j)");
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
      continue;
    }
    ++i;
  }
  // A Total row under rows that start with the item's number: the sums of the counts, checked
  // here (its columns do not line up with the item numbers) and left out.
  const std::size_t last = lines.size() - 1;
  bool numbered = last >= 2;
  for (std::size_t i = 1; numbered && i < last; ++i) {
    const std::vector<Token>& t = lines[i].tokens;
    numbered = !t.empty() && text::parse_whole(t[0].text, grid::max_count) ==
                                 std::optional<std::int64_t>(static_cast<std::int64_t>(i));
  }
  const std::vector<Token>& total = lines[last].tokens;
  if (!skipped.empty() && numbered && !total.empty() && grid::is_total_label(total[0].text) &&
      total.size() == lines[1].tokens.size()) {
    for (std::size_t j = 1; j < total.size(); ++j) {
      std::int64_t sum = 0;
      for (std::size_t i = 1; i < last; ++i) {
        sum += text::parse_whole(lines[i].tokens[j].text, grid::max_count).value_or(0);
      }
      if (text::parse_whole(total[j].text, grid::max_count) != std::optional<std::int64_t>(sum)) {
        return Result<std::string>(
            text::error_at(ErrorCode::inconsistent_counts, total[j],
                           "the Total row gives " + total[j].text + " at " +
                               text::position(total[j].where) + " but the counts of category " +
                               std::to_string(j) + " add up to " + std::to_string(sum)));
      }
    }
    skipped.push_back("the Total row on line " + std::to_string(lines[last].number) +
                      " (checked: it holds the sums)");
    lines.pop_back();
  }
  if (skipped.empty()) return std::string();
  std::string out = "Skipped ";
  for (std::size_t i = 0; i < skipped.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == skipped.size() ? " and " : ", ") + skipped[i];
  }
  return Result<std::string>(out + ": the source's working, which follows from the counts.");
}

const char* ratings_expected() {
  return "one row per item and one column per category, each count the number of raters who "
         "put that item in that category, as in 0 2 6 4 2";
}

}  // namespace

Result<LabelMatrix> parse_judges(std::string_view text) {
  return labels::read_label_matrix(text, judges_roles());
}

Result<RatingTable> parse_ratings(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;|");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      std::string("the input is empty; give ") + ratings_expected(), Span{}};
  }
  std::vector<Line> lines = grid::split_rows_at_slash(text::group_lines(tokenized.value()));
  const auto dropped_working = drop_working(lines);
  if (!dropped_working.ok()) return dropped_working.error();
  const std::string working = dropped_working.value();
  grid::GridStyle style;
  style.pipes = true;
  style.count_of = "raters";

  // The readings in the order they are tried; the first with equal row sums is used.
  std::vector<Reading> readings;
  auto as_pasted = grid::read_grid(lines, input, ratings_expected(), style);
  if (!as_pasted.ok()) {
    if (!(lines.size() >= 2 && numbered_header(lines[0]))) return as_pasted.error();
  } else {
    readings.push_back(Reading{as_pasted.value(), false, "", ""});
  }
  if (lines.size() >= 2 && numbered_header(lines[0])) {
    const std::vector<Line> rest(lines.begin() + 1, lines.end());
    auto below = grid::read_grid(rest, input, ratings_expected(), style);
    // Taken only when the numbers fit the columns as their names (with a corner word or not).
    std::optional<grid::Grid> named;
    if (below.ok() && below.value().header_line == 0) {
      named = below.value();
      named->header_line = lines[0].number;
      named->header.clear();
      for (const Token& t : lines[0].tokens) named->header.push_back(t.text);
      const std::size_t width = named->cells[0].size();
      const bool corner = !text::looks_numeric(lines[0].tokens[0].text);
      // A corner word sits over the row labels, or over a first column of item numbers.
      const std::size_t size = lines[0].tokens.size();
      // Without a corner word, the names may stand over the counts only, the items numbered
      // in a first column without a heading (Wikipedia's table).
      if (size != width + (corner ? 1 : 0) && !(corner && size == width) &&
          !(!corner && size + 1 == width)) {
        named.reset();
      } else {
        grid::use_header(*named, width);
      }
    }
    if (named) {
      const grid::Grid& g = *named;
      std::string names;
      for (const Token& t : lines[0].tokens) names += (names.empty() ? "" : " ") + t.text;
      readings.push_back(Reading{g, false,
                                 "Line " + std::to_string(lines[0].number) + " (" + names +
                                     ") is read as the category names, not as an item.",
                                 ""});
    } else if (!as_pasted.ok()) {
      // With a corner word ("x_ij 1 2 3") line 1 is surely a header: report the rows below it.
      const bool corner = !text::looks_numeric(lines[0].tokens[0].text);
      return corner && !below.ok() ? below.error() : as_pasted.error();
    }
  }
  // A labelled Total row is checked and left out, in every reading.
  for (Reading& r : readings) {
    auto dropped = grid::drop_totals(r.grid, false);
    if (!dropped.ok()) return dropped.error();
    r.totals_note = dropped.value();
  }
  const std::size_t count = readings.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (auto stripped = without_item_numbers(readings[i].grid)) {
      readings.push_back(
          Reading{*stripped, true, readings[i].header_note, readings[i].totals_note});
    }
  }
  const auto chosen = std::find_if(readings.begin(), readings.end(),
                                   [](const Reading& r) { return equal_sums(r.grid); });
  const Reading& reading = chosen == readings.end() ? readings[0] : *chosen;
  const grid::Grid& g = reading.grid;
  const std::size_t categories = g.cells[0].size();
  if (categories < 2) {
    const Token& t = g.cell_tokens[0][0];
    return text::error_at(ErrorCode::bad_token, t,
                          "the table has 1 column; Fleiss' kappa needs at least two categories: "
                          "give " +
                              std::string(ratings_expected()));
  }
  if (chosen == readings.end()) return unequal_sums(g);
  const __int128 m = row_sums(g)[0];
  if (m < 2) {
    const Token& t = g.cell_tokens[0][0];
    return text::error_at(ErrorCode::inconsistent_counts, t,
                          "every row adds up to " +
                              grid::counts_word(static_cast<std::size_t>(m), "rater", "raters") +
                              "; Fleiss' kappa compares raters, so each item needs at least 2 "
                              "ratings (every row sums to m ≥ 2)");
  }
  if (m > grid::max_count) {
    const Token& t = g.cell_tokens[0][0];
    return text::error_at(ErrorCode::out_of_range, t,
                          "every row adds up to " + sum_text(m) +
                              " raters; more than 10^15 raters per item is not supported");
  }

  RatingTable out;
  out.counts = g.cells;
  out.raters = static_cast<std::int64_t>(m);
  bool named = true;
  for (const auto& l : g.row_labels) named = named && !l.empty();
  for (std::size_t i = 0; i < g.cells.size(); ++i) {
    out.items.push_back(named ? g.row_labels[i] : std::to_string(i + 1));
  }
  if (!g.column_labels.empty()) {
    out.categories = g.column_labels;
  } else {
    for (std::size_t j = 0; j < categories; ++j) out.categories.push_back(std::to_string(j + 1));
  }
  if (!working.empty()) out.reading.push_back(working);
  if (g.note) out.reading.push_back(*g.note);
  if (!reading.header_note.empty()) out.reading.push_back(reading.header_note);
  if (reading.numbered_items) {
    const std::size_t n = g.cells.size();
    const std::string numbers = n == 2   ? "1, 2"
                                : n == 3 ? "1, 2, 3"
                                         : "1, 2, …, " + std::to_string(n);
    out.reading.push_back("The first column (" + numbers +
                          ") numbers the items; it is not a count of raters.");
  }
  if (!reading.totals_note.empty()) out.reading.push_back(reading.totals_note);
  out.reading.push_back("Read " + grid::counts_word(g.cells.size(), "item", "items") + " × " +
                        grid::counts_word(categories, "category", "categories") +
                        "; every row sums to m = " + std::to_string(out.raters) + " raters.");
  return out;
}

}  // namespace irm
