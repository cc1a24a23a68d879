// Several queries: the text is split into blocks at blank lines, one query each, and each block
// keeps its place in the input so that the list parsers report positions the user can find.

#include "irm/queries.h"

#include <map>

#include "forms.h"
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
// R's and Kaggle's "actual" keeps its name: their apk counts a repeated prediction once.
std::string set_and_ranking_text(const printed::Row& relevant, const printed::Row& ranking,
                                 const std::string& key = "relevant") {
  const auto braced = [](const printed::Row& row) {
    std::string out = "{";
    for (std::size_t i = 0; i < row.size(); ++i) out += (i ? ", " : "") + row[i].text;
    return out + "}";
  };
  return (key == "actual" ? "actual: " : "relevant: ") + braced(relevant) +
         "\nranking: " + braced(ranking);
}

// R's and Kaggle's actual and predicted: list(c(1, 2, 3), c(4)) or [[1, 2, 3], [4]], one query per
// element. Empty when the text is not written so.
std::optional<Result<QuerySet>> actual_and_predicted(const printed::Printed& p) {
  const printed::Statement* actual = nullptr;
  const printed::Statement* predicted = nullptr;
  std::vector<std::string> calls;
  for (const printed::Statement& s : p.statements) {
    if (auto call = printed::call_note(s, p)) {
      calls.push_back(std::move(*call));
    } else if (s.key == "actual" || s.key == "relevant" || s.key == "y_true" || s.key == "truth") {
      actual = &s;
    } else if (s.key == "predicted" || s.key == "ranking" || s.key == "y_pred" ||
               s.key == "retrieved" || s.key == "rankings") {
      predicted = &s;
    }
  }
  if (!actual || !predicted || p.statements.size() != 2 + calls.size() || !actual->bracketed ||
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
    block.text = set_and_ranking_text(actual->rows[i], predicted->rows[i], actual->key);
    // The block's two lines stand for the two statements: its line numbers are theirs when
    // they are written one above the other.
    block.first_line = actual->where.line;
    set.queries.push_back(std::move(block));
  }
  set.reading.push_back("Read as: " + std::to_string(n) + (n == 1 ? " query" : " queries") +
                        ", the i-th list of " + actual->caption_text +
                        " the relevant documents of query i and the i-th of " +
                        predicted->caption_text + " its ranking (" + actual->form + ").");
  set.reading.insert(set.reading.end(), calls.begin(), calls.end());
  return Result<QuerySet>(std::move(set));
}

std::string bracketed_text(const std::vector<text::Token>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i].text;
  return out + "]";
}

// TorchMetrics' retrieval metrics: indexes = tensor([0, 0, 1]) names each document's query,
// preds its score and target its relevance; one query per index value, in the order first seen,
// its documents ranked by preds.
std::optional<Result<QuerySet>> indexes_preds_target(const printed::Printed& p) {
  const printed::Statement* indexes = nullptr;
  const printed::Statement* preds = nullptr;
  const printed::Statement* target = nullptr;
  for (const printed::Statement& s : p.statements) {
    if (s.key == "indexes" || s.key == "index" || s.key == "indices") {
      indexes = &s;
    } else if (s.key == "preds" || s.key == "pred" || s.key == "predictions" || s.key == "scores") {
      preds = &s;
    } else if (s.key == "target" || s.key == "targets" || s.key == "labels") {
      target = &s;
    } else {
      return std::nullopt;
    }
  }
  if (!indexes || !preds || !target) return std::nullopt;
  const std::vector<text::Token> index = printed::items(*indexes);
  const std::vector<text::Token> score = printed::items(*preds);
  const std::vector<text::Token> truth = printed::items(*target);
  for (const printed::Statement* other : {preds, target}) {
    const std::size_t n = printed::items(*other).size();
    if (n != index.size()) {
      return Result<QuerySet>(
          text::error_at(ErrorCode::inconsistent_counts, other->caption.front(),
                         indexes->caption_text + " has " + std::to_string(index.size()) +
                             " entries but " + other->caption_text + " has " + std::to_string(n) +
                             "; give every document its query index, score and relevance"));
    }
  }
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < index.size(); ++i) {
    auto& m = members[index[i].text];
    if (m.empty()) order.push_back(index[i].text);
    m.push_back(i);
  }
  QuerySet set;
  for (const std::string& id : order) {
    std::vector<text::Token> t;
    std::vector<text::Token> s;
    for (const std::size_t i : members[id]) {
      // target = tensor([False, True]): True is relevant.
      text::Token mark = truth[i];
      if (const auto polarity = text::binary_label(mark.text)) mark.text = *polarity ? "1" : "0";
      t.push_back(mark);
      s.push_back(score[i]);
    }
    QueryBlock block;
    block.id = "index " + id;
    block.first_line = indexes->where.line;
    // As scikit-learn names the two lists, which the ranked list reads.
    block.text = "y_true = " + bracketed_text(t) + "\ny_score = " + bracketed_text(s);
    set.queries.push_back(std::move(block));
  }
  set.reading.push_back(
      "Read as: " + std::to_string(order.size()) + (order.size() == 1 ? " query" : " queries") +
      ", one per value of " + indexes->caption_text + " (" + indexes->form +
      "), each ranking its " + target->caption_text + " by " + preds->caption_text +
      ", highest first, as TorchMetrics' retrieval metrics do (True relevant, False not).");
  return Result<QuerySet>(std::move(set));
}

// A nested list, one query per inner list: rs = [[0, 0, 1], [0, 1, 0]], np.array([[…], […]]).
std::optional<Result<QuerySet>> nested_rows(const printed::Printed& p) {
  if (p.statements.size() != 1) return std::nullopt;
  const printed::Statement& s = p.statements.front();
  if (!s.bracketed || s.rows.size() < 2 || !s.after.empty()) return std::nullopt;
  QuerySet set;
  for (std::size_t i = 0; i < s.rows.size(); ++i) {
    QueryBlock block;
    block.id = "q" + std::to_string(i + 1);
    block.first_line = s.where.line;
    block.text = bracketed_text(s.rows[i]);
    set.queries.push_back(std::move(block));
  }
  set.reading.push_back("Read as: " + std::to_string(s.rows.size()) + " queries, one per list of " +
                        s.form + (s.caption.empty() ? "" : " '" + s.caption_text + "'") + ".");
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

std::vector<RawLine> raw_lines(std::string_view input) {
  std::vector<RawLine> lines;
  int number = 1;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= input.size(); ++i) {
    if (i == input.size() || input[i] == '\n') {
      lines.push_back(RawLine{input.substr(start, i - start), number++});
      start = i + 1;
    }
  }
  return lines;
}

// The forms that give every query at once: a table, actual and predicted, TorchMetrics' indexes,
// a nested list.
std::optional<Result<QuerySet>> special_form(std::string_view input) {
  if (auto table = results_table(input, raw_lines(input))) return table;
  const auto printed = printed::read_printed(input);
  if (!printed.ok()) return std::nullopt;
  if (auto both = actual_and_predicted(printed.value())) return both;
  if (auto torch = indexes_preds_target(printed.value())) return torch;
  return nested_rows(printed.value());
}

// The calculator's own notation alone (forms.h), where no form that gives every query at once
// can be: no table (| or a tab), no brackets, no program's caption; a ':' only after a query id
// with a digit at the start of a line ("q1:") or in a labelled grade ("D1:3"), and a '=' only in
// relevant=N.
bool plain_queries(const std::vector<text::Token>& tokens, std::string_view input) {
  if (input.find_first_of("|\t[](){}<>\"'") != std::string_view::npos) return false;
  int line = 0;
  for (const text::Token& token : tokens) {
    const std::string& t = token.text;
    const bool first_of_line = token.where.line != line;
    line = token.where.line;
    if (t.find('=') != std::string::npos && !is_relevant_header(t)) return false;
    const std::size_t colon = t.find(':');
    if (colon == std::string::npos) continue;
    const bool has_digit = t.find_first_of("0123456789") < colon;
    const bool id = first_of_line && colon + 1 == t.size() && has_digit;
    const bool grade = colon + 1 < t.size() && text::is_label(t.substr(0, colon)) &&
                       t.find_first_not_of("0123456789.", colon + 1) == std::string::npos;
    if (!id && !grade) return false;
  }
  return true;
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

  const std::vector<RawLine> lines = raw_lines(input);
  if (!text::reads_printed_forms()) {
    if (!plain_queries(all_tokens.value(), input)) return text::read_elsewhere();
  } else if (auto special = special_form(input)) {
    return std::move(*special);
  } else if (const auto prose = printed::skip_prose(input)) {
    // Sentences around a table or a program's lists: the data read without them.
    if (auto without = special_form(prose->text)) {
      if (without->ok()) {
        std::vector<std::string>& reading = without->value().reading;
        reading.insert(reading.begin(), prose->notes.begin(), prose->notes.end());
      }
      return std::move(*without);
    }
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
