// The syntax of a measure name, Name(param=value,…)@cutoff, read into its pieces: the grammar
// of ir_measures, which two vocabularies use. The calculator's names (parse/measure_name.cpp:
// AP(norm=retrieved)@10, mean(P@5), IPrec@0.3) and ir_measures' names on TREC files
// (trec/irmeasures.cpp: nDCG(dcg=exp-log2)@20, nDCG(gains={0:0,1:1,2:3})@10) are both read
// here, and each caller then checks the pieces against its own measures and writes its own
// messages: this reader knows no measure and writes no message.
//
// The reader stops at the first piece that breaks the syntax and says what it expected there;
// the pieces before it are kept, so that a caller can check them first and report the first
// mistake of the name, whichever kind it is.
//
// Positions are byte offsets into the whole text; column() turns one into the 1-based column,
// in code points, that messages give.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace irm::call_syntax {

inline constexpr std::size_t npos = std::string_view::npos;

/// Where the two vocabularies' grammars differ. The default is the calculator's.
struct Grammar {
  /// ir_measures': a value may be a quoted string or a {…} dict, which may hold ',' and ')':
  /// dcg='exp-log2', gains={1:1,2:3}. The calculator's values are words and numbers (2, 0.5,
  /// 1/3, retrieved): a value ends at the next ',' or ')', so the parameters end at the first
  /// ')', and a name whose '(' has no ')' after it is refused before any parameter is read.
  bool python_values = false;
  /// ir_measures': spaces may stand between ')' and '@' and after '@' (P(rel=2) @ 10). The
  /// calculator's '@' follows ')' at once, and its cutoff is all that follows the '@'.
  bool spaced_cutoff = false;
};

/// A stretch of the text: its bytes, and the offset of the first in the whole text.
struct Piece {
  std::string_view text;
  std::size_t at = 0;
  [[nodiscard]] std::size_t end() const { return at + text.size(); }
};

/// One name=value in the parentheses. The key and the value are without the spaces around
/// them; the key is any text before the '=' (a caller that wants a word checks it). An empty
/// value is at the first character after the spaces that follow the '='.
struct Param {
  Piece key;
  std::size_t equals = npos;  // npos: the key has no '=' after it (the reader stopped here)
  Piece value;
};

/// What the reader expected where it stopped.
enum class Expected {
  name,            // a name, at the start of the text (or inside mean(…)): it is empty, or
                   // begins with '(' or '@'
  parameter,       // name=value, where a ',' or ')' or the end came instead ("AP(,)", "AP(a=1,)")
  equals,          // the '=' after the key of the last Param
  comma_or_close,  // ',' or ')' after a value, where the text ended (python_values only)
  close,           // a ')' after the '(' at `at` (calculator: parameters, or a measure)
  cutoff_or_end,   // '@' and a cutoff, or the end of the name, after the parameters' ')'
  end,             // the end of the name, after the ')' that closes a measure in parentheses
};

struct SyntaxError {
  Expected expected = Expected::name;
  std::size_t at = 0;
};

/// Whether the parentheses after the name `name` hold a measure name (mean(P@5)) rather than
/// parameters; asked only when a '(' follows the name.
using HoldsMeasure = bool (*)(std::string_view name);

/// A name as read: what it holds, up to the first syntax error.
struct Call {
  /// The name: what comes before the first '(' or '@' (spaces inside it, and before a '(' or
  /// '@', are kept: the calculator's names may have them, "mean average precision"; spaces
  /// before it and at the end of the text are not).
  Piece name;
  std::size_t open = npos;   // '(' after the name
  std::size_t close = npos;  // the ')' that closes it
  std::vector<Param> params;
  /// A measure in parentheses (HoldsMeasure): all between '(' and its ')', spaces included.
  std::optional<Piece> inner;
  std::size_t at_sign = npos;  // '@'
  /// All after the '@' up to the end of the text (less the spaces at the end, and, with
  /// spaced_cutoff, those after the '@').
  Piece cutoff;
  /// The end of the text without the spaces at its end.
  std::size_t end = 0;
  std::optional<SyntaxError> error;
};

/// Reads text[from, to) as a name; positions are offsets into the whole `text` (mean(P@5)
/// reads P@5 in place, so that its columns are those of the whole name).
[[nodiscard]] Call read_call(std::string_view text, std::size_t from, std::size_t to,
                             const Grammar& grammar, HoldsMeasure holds_measure = nullptr);

/// The 1-based column, in code points, of the byte at `offset` (or just past the end).
[[nodiscard]] int column(std::string_view text, std::size_t offset);

/// The first offset from `at` (before `to`) that is not a space or a tab; `to` if none.
[[nodiscard]] std::size_t skip_spaces(std::string_view text, std::size_t at, std::size_t to);

/// text[from, to) without the spaces and tabs at both ends.
[[nodiscard]] Piece trimmed(std::string_view text, std::size_t from, std::size_t to);

}  // namespace irm::call_syntax
