// Several queries: the text is split into blocks at blank lines, one query each, and each block
// keeps its place in the input so that the list parsers report positions the user can find.

#include "irm/queries.h"

#include <map>

#include "printed.h"
#include "text.h"

namespace irm {
namespace {

struct RawLine {
  std::string_view text;
  int number = 0;
};

bool is_blank_line(std::string_view line) {
  for (const char c : line) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') return false;
  }
  return true;
}

bool is_relevant_header(const std::string& token) {
  const std::string l = text::lower(token);
  return l.rfind("relevant=", 0) == 0 || l.rfind("r=", 0) == 0 || l.rfind("nonrelevant=", 0) == 0 ||
         l.rfind("non-relevant=", 0) == 0;
}

// "relevant: d2 d7" and "ranking: d7 d1" start a query's list; they do not name the query.
bool is_list_key(const std::string& token) {
  std::string l = text::lower(token);
  if (!l.empty() && l.back() == ':') l.pop_back();
  for (const char* key : {"relevant", "rel", "ranking", "retrieved", "returned", "results",
                          "unretrieved", "relevance"}) {
    if (l == key) return true;
  }
  return false;
}

// The text a query's list parser reads for one relevant set and one ranking.
std::string set_and_ranking_text(const printed::Row& relevant, const printed::Row& ranking) {
  const auto braced = [](const printed::Row& row) {
    std::string out = "{";
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? ", " : "") + row[i].text;
    return out + "}";
  };
  return "relevant: " + braced(relevant) + "\nranking: " + braced(ranking);
}

// R's and Kaggle's actual and predicted: list(c(1, 2, 3), c(4)) or [[1, 2, 3], [4]], one query per
// element. Empty when the text is not written so.
std::optional<Result<QuerySet>> actual_and_predicted(const printed::Printed& p) {
  const printed::Statement* actual = nullptr;
  const printed::Statement* predicted = nullptr;
  for (const printed::Statement& s : p.statements) {
    if (s.key == "actual" || s.key == "relevant" || s.key == "y_true" || s.key == "truth") {
      actual = &s;
    } else if (s.key == "predicted" || s.key == "ranking" || s.key == "y_pred" ||
               s.key == "retrieved" || s.key == "rankings") {
      predicted = &s;
    }
  }
  if (!actual || !predicted || p.statements.size() != 2 || !actual->bracketed ||
      !predicted->bracketed) {
    return std::nullopt;
  }
  const std::size_t n = actual->rows.size();
  const std::size_t m = predicted->rows.size();
  if (n != m) {
    const printed::Statement& longer = n > m ? *actual : *predicted;
    return Result<QuerySet>(text::error_at(
        ErrorCode::inconsistent_counts, longer.caption.front(),
        actual->caption_text + " has " + std::to_string(n) + (n == 1 ? " list" : " lists") +
            " but " + predicted->caption_text + " has " + std::to_string(m) +
            "; give one list of relevant documents and one ranking per query"));
  }
  QuerySet set;
  for (std::size_t i = 0; i < n; ++i) {
    QueryBlock block;
    block.id = "q" + std::to_string(i + 1);
    block.text = set_and_ranking_text(actual->rows[i], predicted->rows[i]);
    // The block's two lines stand for the two statements: its line numbers are theirs when
    // they are written one above the other.
    block.first_line = actual->where.line;
    set.queries.push_back(std::move(block));
  }
  set.reading.push_back("Read as: " + std::to_string(n) + (n == 1 ? " query" : " queries") +
                        ", the i-th list of " + actual->caption_text +
                        " the relevant documents of query i and the i-th of " +
                        predicted->caption_text + " its ranking (" + actual->form + ").");
  return Result<QuerySet>(std::move(set));
}

// A cell of a pipe or tab table, trimmed.
std::string cell_text(std::string_view cell) {
  std::size_t a = 0;
  std::size_t b = cell.size();
  while (a < b && (cell[a] == ' ' || cell[a] == '\t' || cell[a] == '\r')) ++a;
  while (b > a && (cell[b - 1] == ' ' || cell[b - 1] == '\t' || cell[b - 1] == '\r')) --b;
  return std::string(cell.substr(a, b - a));
}

std::vector<std::string> table_cells(std::string_view line, char separator) {
  std::vector<std::string> out;
  std::string_view rest = line;
  // "| a | b |": the outer pipes open and close the row.
  std::string t = cell_text(rest);
  std::string_view row(t);
  if (separator == '|' && !row.empty() && row.front() == '|') row.remove_prefix(1);
  if (separator == '|' && !row.empty() && row.back() == '|') row.remove_suffix(1);
  std::size_t start = 0;
  while (true) {
    const std::size_t at = row.find(separator, start);
    out.push_back(
        cell_text(row.substr(start, at == std::string_view::npos ? row.npos : at - start)));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return out;
}

// A table as encyclopedias print MRR examples: a header row naming the columns, one query per row,
// a column of results (comma-separated, top first) and a column naming the correct one.
std::optional<Result<QuerySet>> results_table(std::string_view input,
                                              const std::vector<RawLine>& lines) {
  std::size_t first = 0;
  while (first < lines.size() && is_blank_line(lines[first].text)) ++first;
  if (first + 1 >= lines.size()) return std::nullopt;
  const std::string_view header = lines[first].text;
  const char separator = header.find('|') != std::string_view::npos    ? '|'
                         : header.find('\t') != std::string_view::npos ? '\t'
                                                                       : 0;
  if (separator == 0) return std::nullopt;
  const std::vector<std::string> names = table_cells(header, separator);
  std::optional<std::size_t> query, results, correct;
  for (std::size_t c = 0; c < names.size(); ++c) {
    const std::string key = text::lower(names[c]);
    if (!results && printed::key_has(key, {"results", "result", "ranking", "retrieved", "proposed",
                                           "returned", "predicted"})) {
      results = c;
    } else if (!correct && printed::key_has(key, {"correct", "relevant", "answer", "gold",
                                                  "expected", "right"})) {
      correct = c;
    } else if (!query && printed::key_has(key, {"query", "question", "topic", "id", "q"})) {
      query = c;
    }
  }
  if (!results || !correct) return std::nullopt;
  (void)input;
  QuerySet set;
  std::map<std::string, int> seen;
  std::string skipped;
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (c == *results || c == *correct || (query && c == *query)) continue;
    skipped += (skipped.empty() ? "'" : ", '") + names[c] + "'";
  }
  for (std::size_t k = first + 1; k < lines.size(); ++k) {
    if (is_blank_line(lines[k].text)) continue;
    const std::vector<std::string> row = table_cells(lines[k].text, separator);
    // "|---|---|": the line under a Markdown header.
    if (row.front().find_first_not_of("-: ") == std::string::npos) continue;
    if (row.size() != names.size()) {
      return Result<QuerySet>(InputError{
          ErrorCode::bad_token,
          "line " + std::to_string(lines[k].number) + " has " + std::to_string(row.size()) +
              " cells but the header on line " + std::to_string(lines[first].number) + " has " +
              std::to_string(names.size()) + "; give every row the header's columns",
          Span{lines[k].number, 1, text::code_points(lines[k].text)}});
    }
    QueryBlock block;
    block.first_line = lines[k].number;
    block.id = query ? row[*query] : "q" + std::to_string(set.queries.size() + 1);
    const auto [it, inserted] = seen.emplace(block.id, lines[k].number);
    if (!inserted) {
      return Result<QuerySet>(InputError{
          ErrorCode::bad_token,
          "query '" + block.id + "' is used twice, at lines " + std::to_string(it->second) +
              " and " + std::to_string(lines[k].number) + "; give each query its own id",
          Span{lines[k].number, 1, 1}});
    }
    block.text = "relevant: {" + row[*correct] + "}\nranking: {" + row[*results] + "}";
    set.queries.push_back(std::move(block));
  }
  if (set.queries.empty()) return std::nullopt;
  set.reading.push_back("Read as: a table of " + std::to_string(set.queries.size()) +
                        " queries, the results from the column '" + names[*results] +
                        "' (top first) and the relevant ones from '" + names[*correct] + "'.");
  if (!skipped.empty()) {
    set.reading.push_back("Skipped the columns " + skipped +
                          " (the source's own working, not data).");
  }
  return Result<QuerySet>(std::move(set));
}

bool is_mark(const std::string& token) {
  static const char* marks[] = {"R", "r", "N", "n", "1", "0", "+",      "-",     "Y",
                                "y", "I", "i", "U", "u", "?", "\u2713", "\u2717"};
  for (const char* m : marks) {
    if (token == m) return true;
  }
  return false;
}

// A word that can only be a name: not a mark, not a marked document (*D2*, D2+, D2-, D2?).
bool is_plain_word(const std::string& token) {
  if (is_mark(token) || token.empty()) return false;
  const char last = token.back();
  return token.front() != '*' && last != '+' && last != '-' && last != '?' &&
         token.find(':') == std::string::npos;
}

// Replaces the code points of `where` in `line` with spaces, keeping every column in place.
std::string blank_out(std::string_view line, const Span& where) {
  std::string out;
  int column = 1;
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t length = text::character_length(line, i);
    const bool inside = column >= where.column && column < where.column + where.length;
    if (inside) {
      out += ' ';
    } else {
      out.append(line.substr(i, length));
    }
    ++column;
    i += length;
  }
  return out;
}

}  // namespace

Result<QuerySet> parse_query_blocks(std::string_view input) {
  // The tokenizer checks the UTF-8 and finds the first word of each line.
  auto all_tokens = text::tokenize(input, ",;");
  if (!all_tokens.ok()) return all_tokens.error();
  if (all_tokens.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      "there are no queries; paste one ranked list per query, separated by blank "
                      "lines, each optionally headed by its id and R, e.g. q1 relevant=5",
                      Span{}};
  }

  std::vector<RawLine> lines;
  int number = 1;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= input.size(); ++i) {
    if (i == input.size() || input[i] == '\n') {
      lines.push_back(RawLine{input.substr(start, i - start), number++});
      start = i + 1;
    }
  }
  if (auto table = results_table(input, lines)) return std::move(*table);
  const auto printed = printed::read_printed(input);
  if (printed.ok()) {
    if (auto both = actual_and_predicted(printed.value())) return std::move(*both);
  }

  QuerySet set;
  std::map<std::string, int> seen;  // id -> line
  std::size_t k = 0;
  while (k < lines.size()) {
    if (is_blank_line(lines[k].text)) {
      ++k;
      continue;
    }
    QueryBlock block;
    block.first_line = lines[k].number;

    // The header, if the first line has one.
    auto first = text::tokenize(lines[k].text, ",;");
    std::vector<text::Token> words = first.ok() ? first.value() : std::vector<text::Token>{};
    std::optional<text::Token> id_token;
    if (!words.empty() && words[0].text.size() >= 2 && words[0].text.back() == ':' &&
        !is_list_key(words[0].text)) {
      id_token = words[0];
      id_token->text.pop_back();
    } else {
      std::vector<text::Token> others;
      bool has_relevant = false;
      for (const auto& w : words) {
        if (is_relevant_header(w.text)) {
          has_relevant = true;
        } else {
          others.push_back(w);
        }
      }
      if (has_relevant && others.size() == 1 && !is_mark(others[0].text)) id_token = others[0];
      // A lone word on the first line of a longer block names it ("q2" above its list).
      const bool more_lines = k + 1 < lines.size() && !is_blank_line(lines[k + 1].text);
      if (!has_relevant && words.size() == 1 && more_lines && is_plain_word(words[0].text)) {
        id_token = words[0];
      }
    }
    std::string first_line(lines[k].text);
    if (id_token) {
      // Blank the word as typed (with its ':'), so the list parser never sees it.
      first_line = blank_out(lines[k].text, id_token->where);
      block.id = id_token->text;
      const Span where{block.first_line, id_token->where.column, id_token->where.length};
      const auto [it, inserted] = seen.emplace(block.id, block.first_line);
      if (!inserted) {
        return InputError{ErrorCode::bad_token,
                          "query '" + block.id + "' is used twice, at lines " +
                              std::to_string(it->second) + " and " +
                              std::to_string(block.first_line) + "; give each query its own id",
                          where};
      }
    }
    block.text += first_line;
    for (++k; k < lines.size() && !is_blank_line(lines[k].text); ++k) {
      block.text += "\n";
      block.text.append(lines[k].text);
    }
    set.queries.push_back(std::move(block));
  }
  // Queries without a header are numbered by their place among all the queries.
  for (std::size_t q = 0; q < set.queries.size(); ++q) {
    if (!set.queries[q].id.empty()) continue;
    std::string id = "q" + std::to_string(q + 1);
    while (seen.count(id)) id += "'";
    seen.emplace(id, set.queries[q].first_line);
    set.queries[q].id = id;
  }
  return set;
}

}  // namespace irm
