// Reading pasted text: UTF-8 decoding with 1-based line and column (in code points), and
// splitting into tokens. Shared by every input parser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm::text {

struct Token {
  std::string text;
  Span where;  // length in code points
};

/// The most tokens an input may hold: beyond it the step tables would take minutes to build and
/// could exhaust the module's memory, so the input is refused before any is built.
inline constexpr std::size_t max_tokens = 500'000;

/// The error for an input with more than max_tokens tokens; `next` is where the next one starts.
[[nodiscard]] InputError too_many_tokens(const Span& next);

/// Splits `text` at whitespace and at any character of `separators` (e.g. ",;"). Lines are
/// numbered from `first_line`: a block cut from a longer input (one query of several) keeps the
/// line numbers of the whole.
/// Errors: bad_token for bytes that are not UTF-8 or for a control character such as NUL
/// (naming the line and column); out_of_range past 500,000 tokens.
[[nodiscard]] Result<std::vector<Token>> tokenize(std::string_view text,
                                                  std::string_view separators, int first_line = 1);

/// One code point read from UTF-8 text: its value and the bytes it takes (1 to 4). The length
/// is 0 when the bytes at the position are not valid UTF-8: a stray continuation byte, an
/// overlong form, a surrogate, a value past U+10FFFF or a sequence cut short.
struct CodePoint {
  std::uint32_t value = 0;
  std::size_t length = 0;
};

/// The code point whose UTF-8 sequence starts at s[i] (i < s.size()).
[[nodiscard]] CodePoint decode(std::string_view s, std::size_t i);

/// The bytes of the character at s[i]: its UTF-8 sequence, or 1 for a byte that is not valid
/// UTF-8. Stepping by it visits the characters that code_points counts and columns number.
[[nodiscard]] std::size_t character_length(std::string_view s, std::size_t i);

/// The number of code points in a UTF-8 string (invalid bytes count one each).
[[nodiscard]] int code_points(std::string_view s);

/// "line 2, column 5"
[[nodiscard]] std::string position(const Span& where);

/// The token shown in a message, shortened to 30 code points: 'D12345…'.
[[nodiscard]] std::string quoted(std::string_view token);

/// Text shown in a message without quotes: made visible (irm::visible), and shortened to `keep`
/// code points with '…' when longer.
[[nodiscard]] std::string clipped(std::string_view text, int keep);

/// A whole number 0..limit written with digits only; empty otherwise.
[[nodiscard]] std::optional<std::int64_t> parse_whole(std::string_view digits, std::int64_t limit);

/// The polarity of a binary label, any case: true for 1, +1, +, R, Y, yes, true, T, pos,
/// positive, relevant, rel; false for 0, -1, -, N, I, no, false, F, neg, negative,
/// non-relevant, nonrelevant, irrelevant; empty for anything else.
[[nodiscard]] std::optional<bool> binary_label(const std::string& label);

/// A decimal with an optional sign and exponent: 0.5, -.25, 2e-3. (strtod alone would also
/// take "inf", "nan", "0x1p3" and leading spaces, so a token is checked against this first.)
[[nodiscard]] bool is_decimal(const std::string& token);

/// A document's name in a graded or subtopic list (D1, doc-7, clueweb09-en0000-07-00000): ASCII
/// letters and digits, _ . - / #, and any non-ASCII character; not empty.
[[nodiscard]] bool is_label(std::string_view s);

/// ASCII lower case.
[[nodiscard]] std::string lower(std::string_view s);

/// An error at a token.
[[nodiscard]] InputError error_at(ErrorCode code, const Token& token, std::string message);

}  // namespace irm::text
