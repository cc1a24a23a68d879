// Several queries: the text is split into blocks at blank lines, one query each, and each block
// keeps its place in the input so that the list parsers report positions the user can find.

#include "irm/queries.h"

#include <map>

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
  return l.rfind("relevant=", 0) == 0 || l.rfind("r=", 0) == 0;
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
    if (!words.empty() && words[0].text.size() >= 2 && words[0].text.back() == ':') {
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
