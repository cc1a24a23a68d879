// Lines and keys on top of the tokenizer: which tokens share a line, and "key: values" or
// "key=value" with a position for the key and for each value.

#include "lines.h"

namespace irm::text {
namespace {

bool is_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '\'';
}

bool is_key(std::string_view s) {
  if (s.empty() || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'))) return false;
  for (const char c : s) {
    if (!is_key_char(c)) return false;
  }
  return true;
}

bool is_separator(char c) { return c == ':' || c == '='; }

// The part of `token` from byte `from` on, as a token with its own column.
Token tail(const Token& token, std::size_t from) {
  const std::string_view s(token.text);
  const int skipped = code_points(s.substr(0, from));
  Token out{std::string(s.substr(from)), token.where};
  out.where.column += skipped;
  out.where.length = code_points(out.text);
  return out;
}

Token head(const Token& token, std::size_t length) {
  Token out{token.text.substr(0, length), token.where};
  out.where.length = code_points(out.text);
  return out;
}

}  // namespace

std::vector<Line> group_lines(const std::vector<Token>& tokens) {
  std::vector<Line> lines;
  for (const Token& token : tokens) {
    if (lines.empty() || lines.back().number != token.where.line) {
      lines.push_back(Line{token.where.line, {}});
    }
    lines.back().tokens.push_back(token);
  }
  return lines;
}

std::optional<KeyedLine> keyed_line(const Line& line) {
  if (line.tokens.empty()) return std::nullopt;
  const Token& first = line.tokens[0];
  const std::size_t at = first.text.find_first_of(":=");
  KeyedLine out;
  std::size_t rest = 1;
  if (at != std::string::npos) {
    if (!is_key(std::string_view(first.text).substr(0, at))) return std::nullopt;
    out.key_token = head(first, at);
    out.separator = first.text[at];
    if (at + 1 < first.text.size()) out.values.push_back(tail(first, at + 1));
  } else {
    // "labels : 1 0" or "labels :1 0": the separator starts the second token.
    if (!is_key(first.text) || line.tokens.size() < 2) return std::nullopt;
    const Token& second = line.tokens[1];
    if (!is_separator(second.text[0])) return std::nullopt;
    out.key_token = first;
    out.separator = second.text[0];
    if (second.text.size() > 1) out.values.push_back(tail(second, 1));
    rest = 2;
  }
  out.key = lower(out.key_token.text);
  for (std::size_t i = rest; i < line.tokens.size(); ++i) out.values.push_back(line.tokens[i]);
  return out;
}

std::optional<Assignment> split_assignment(const Token& token) {
  const std::size_t at = token.text.find_first_of(":=");
  if (at == std::string::npos || at == 0) return std::nullopt;
  return Assignment{head(token, at), tail(token, at + 1)};
}

Assignments read_assignments(const std::vector<Token>& tokens) {
  Assignments out;
  const auto same_line = [&](std::size_t i) {
    return i < tokens.size() && tokens[i].where.line == tokens[i - 1].where.line;
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& token = tokens[i];
    if (auto split = split_assignment(token)) {
      // "tp=" followed by "2": the value is the next token on the line.
      if (split->value.text.empty() && same_line(i + 1) &&
          tokens[i + 1].text.find_first_of(":=") == std::string::npos) {
        split->value = tokens[++i];
      }
      out.items.push_back(*split);
      continue;
    }
    if (token.text.find_first_of(":=") == std::string::npos && same_line(i + 1) &&
        is_separator(tokens[i + 1].text[0])) {
      // "tp =2" or "tp = 2".
      const Token& separator = tokens[i + 1];
      Assignment a{token, tail(separator, 1)};
      i += 1;
      if (a.value.text.empty() && same_line(i + 1)) a.value = tokens[++i];
      out.items.push_back(a);
      continue;
    }
    out.stray = token;
    return out;
  }
  return out;
}

LineIndex::LineIndex(std::string_view input) : input_(input) {
  std::size_t start = input.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // the tokenizer skips a BOM
  starts_.push_back(start);
  for (std::size_t end = input.find('\n', start); end != std::string_view::npos;
       end = input.find('\n', end + 1)) {
    starts_.push_back(end + 1);
  }
}

std::string_view LineIndex::text(int number) const {
  if (number < 1) number = 1;
  if (static_cast<std::size_t>(number) > starts_.size()) return {};
  const std::size_t start = starts_[static_cast<std::size_t>(number - 1)];
  std::size_t end = input_.find('\n', start);
  if (end == std::string_view::npos) end = input_.size();
  std::string_view out = input_.substr(start, end - start);
  if (!out.empty() && out.back() == '\r') out.remove_suffix(1);
  return out;
}

std::string_view line_text(std::string_view input, int number) {
  return LineIndex(input).text(number);
}

bool looks_numeric(std::string_view t) {
  if (t.empty()) return false;
  std::size_t i = 0;
  if (t[0] == '-' || t[0] == '+') i = 1;
  if (i < t.size() && t[i] == '.') ++i;
  return i < t.size() && t[i] >= '0' && t[i] <= '9';
}

}  // namespace irm::text
