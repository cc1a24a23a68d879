// UTF-8 aware tokenizing with positions in code points, so that a column in a message is the
// column a student counts on screen.

#include "text.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "irm/explain.h"

namespace irm::text {

CodePoint decode(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  std::uint32_t min = 0;
  std::uint32_t cp = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, min = 0x80, cp = lead & 0x1Fu;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, min = 0x800, cp = lead & 0x0Fu;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, min = 0x10000, cp = lead & 0x07u;
  } else {
    return {};
  }
  if (i + length > s.size()) return {};
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {};
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {};
  return {cp, length};
}

std::size_t character_length(std::string_view s, std::size_t i) {
  const std::size_t length = decode(s, i).length;
  return length == 0 ? 1 : length;
}

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// NUL, backspace, escape, DEL…: invisible on screen, so never part of a word.
bool is_control(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u < 0x20 && !is_space(c)) || u == 0x7F;
}

}  // namespace

Result<std::vector<Token>> tokenize(std::string_view text, std::string_view separators,
                                    int first_line) {
  std::vector<Token> tokens;
  int line = first_line;
  int column = 1;
  Token current;
  const auto finish = [&] {
    if (!current.text.empty()) tokens.push_back(current);
    current = Token{};
  };
  std::size_t i = 0;
  // A byte-order mark at the very start is invisible in an editor: skip it.
  if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < text.size()) {
    const char c = text[i];
    const std::size_t length = decode(text, i).length;
    if (length == 0) {
      return InputError{ErrorCode::bad_token,
                        "found a byte that is not UTF-8 text at line " + std::to_string(line) +
                            ", column " + std::to_string(column) + "; paste the list as plain text",
                        Span{line, column, 1}};
    }
    if (length == 1 && is_control(c)) {
      char code[8];
      std::snprintf(code, sizeof code, "U+%04X",
                    static_cast<unsigned>(static_cast<unsigned char>(c)));
      return InputError{ErrorCode::bad_token,
                        "found an invisible control character (" + std::string(code) +
                            ") at line " + std::to_string(line) + ", column " +
                            std::to_string(column) + "; remove it or paste the input as plain text",
                        Span{line, column, 1}};
    }
    if (length == 1 && (is_space(c) || separators.find(c) != std::string_view::npos)) {
      finish();
      if (c == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
      ++i;
      continue;
    }
    if (current.text.empty()) {
      if (tokens.size() == max_tokens) {
        return too_many_tokens(Span{line, column, 1});
      }
      current.where = Span{line, column, 0};
    }
    current.text.append(text.substr(i, length));
    ++current.where.length;
    ++column;
    i += length;
  }
  finish();
  return tokens;
}

InputError too_many_tokens(const Span& next) {
  return InputError{ErrorCode::out_of_range,
                    "the input is too long: it has more than 500,000 words and numbers (the next "
                    "one is at " +
                        position(next) +
                        "); the calculator reads at most 500,000. Whole TREC runs go on the TREC "
                        "files page",
                    next};
}

int code_points(std::string_view s) {
  int count = 0;
  for (std::size_t i = 0; i < s.size(); i += character_length(s, i)) ++count;
  return count;
}

std::string position(const Span& where) {
  return "line " + std::to_string(where.line) + ", column " + std::to_string(where.column);
}

std::string clipped(std::string_view text, int keep) {
  int count = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (++count > keep) return visible(text.substr(0, i)) + "…";
    i += character_length(text, i);
  }
  return visible(text);
}

std::string quoted(std::string_view token) { return "'" + clipped(token, 30) + "'"; }

std::optional<std::int64_t> parse_whole(std::string_view digits, std::int64_t limit) {
  if (digits.empty() || digits.size() > 18) return std::nullopt;
  std::int64_t value = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value > limit) return std::nullopt;
  return value;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::optional<bool> binary_label(const std::string& typed) {
  static const std::map<std::string, bool> labels = {
      {"1", true},
      {"r", true},
      {"+", true},
      {"+1", true},
      {"y", true},
      {"yes", true},
      {"true", true},
      {"t", true},
      {"pos", true},
      {"positive", true},
      {"relevant", true},
      {"rel", true},
      {"0", false},
      {"n", false},
      {"-", false},
      {"-1", false},
      {"no", false},
      {"false", false},
      {"f", false},
      {"neg", false},
      {"negative", false},
      {"non-relevant", false},
      {"nonrelevant", false},
      {"irrelevant", false},
      {"i", false},
  };
  const auto it = labels.find(lower(typed));
  if (it == labels.end()) return std::nullopt;
  return it->second;
}

bool is_label(std::string_view s) {
  const auto label_char = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-' || c == '/' || c == '#' || u >= 0x80;
  };
  return !s.empty() && std::all_of(s.begin(), s.end(), label_char);
}

bool is_decimal(const std::string& t) {
  std::size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return i == t.size();
}

InputError error_at(ErrorCode code, const Token& token, std::string message) {
  return InputError{code, std::move(message), token.where};
}

}  // namespace irm::text

namespace irm {
namespace {

// A character to show as ⟨U+XXXX⟩: controls (but tab and newline), DEL and the C1 block,
// bidirectional controls and marks, and zero-width characters.
bool shown_as_code(std::uint32_t cp) {
  if (cp < 0x20) return cp != '\t' && cp != '\n';
  if (cp >= 0x7F && cp <= 0x9F) return true;
  if (cp == 0x061C || cp == 0x200E || cp == 0x200F) return true;  // Arabic, LTR, RTL marks
  if (cp >= 0x202A && cp <= 0x202E) return true;                  // embeddings, overrides
  if (cp >= 0x2066 && cp <= 0x2069) return true;                  // isolates
  if (cp >= 0x200B && cp <= 0x200D) return true;                  // zero-width space, (non)joiner
  return (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;          // word joiner, invisible ops, BOM
}

}  // namespace

std::string visible(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  char code[24];
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {  // the common case: printable ASCII
      out += text[i++];
      continue;
    }
    const auto [cp, length] = text::decode(text, i);
    if (length == 0) {
      std::snprintf(code, sizeof code,
                    "\u27E8"
                    "0x%02X\u27E9",
                    byte);
      out += code;
      ++i;
      continue;
    }
    if (shown_as_code(cp)) {
      std::snprintf(code, sizeof code, "\u27E8U+%04X\u27E9", static_cast<unsigned>(cp));
      out += code;
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

}  // namespace irm
