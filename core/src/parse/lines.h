// Line-structured input on top of text::tokenize: tokens grouped by line, and lines that start
// with a key ("labels: 1 0 1", "relevant = d1 d5", "true:1 0"). Shared by the parsers of scores,
// confusion matrices and label sequences.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text.h"

namespace irm::text {

struct Line {
  int number = 0;  // 1-based line of the input
  std::vector<Token> tokens;
};

/// The tokens grouped by line, in order; lines without tokens are left out.
[[nodiscard]] std::vector<Line> group_lines(const std::vector<Token>& tokens);

/// A line that starts with a key: "key: values", "key:values", "key = values", "key : values".
struct KeyedLine {
  std::string key;  // lower case, without the ':' or '='
  Token key_token;  // the key as typed, with its position (without the separator)
  char separator = ':';
  std::vector<Token> values;
};

/// The key and values when the line starts with a word (letters, digits, '_', '-' or ''',
/// beginning with a letter) followed by ':' or '='; empty otherwise.
[[nodiscard]] std::optional<KeyedLine> keyed_line(const Line& line);

/// Splits "key=value" (or "key:value") at the first '=' or ':' into two tokens with their own
/// positions; the value token is empty text when nothing follows the separator.
struct Assignment {
  Token key;  // as typed
  Token value;
};
[[nodiscard]] std::optional<Assignment> split_assignment(const Token& token);

/// Reads tokens as assignments "tp=2 fp = 2 fn= 1 tn =3" (the separator may stand alone or
/// touch either side, on one line). `stray` is the first token that is not part of one.
struct Assignments {
  std::vector<Assignment> items;
  std::optional<Token> stray;
};
[[nodiscard]] Assignments read_assignments(const std::vector<Token>& tokens);

/// The lines of `input`, found once, for reading many of them: `text(number)` is the text of line
/// `number` (1-based), without its line break; empty when there is no such line. A byte order
/// mark before the first line is skipped, as the tokenizer skips it.
class LineIndex {
 public:
  explicit LineIndex(std::string_view input);
  [[nodiscard]] std::string_view text(int number) const;

 private:
  std::string_view input_;
  std::vector<std::size_t> starts_;  // where each line starts
};

/// The text of line `number` of `input`, as LineIndex reads it: for one line; a reader of many
/// lines of one input builds a LineIndex once (reading each line from the top would take time
/// growing with the square of the input).
[[nodiscard]] std::string_view line_text(std::string_view input, int number);

/// A token that starts like a number: a digit, or '-', '+' or '.' followed by a digit or '.'.
[[nodiscard]] bool looks_numeric(std::string_view token);

}  // namespace irm::text
