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

/// Splits `text` at whitespace and at any character of `separators` (e.g. ",;").
/// Errors: bad_token for bytes that are not UTF-8 (naming the line and column).
[[nodiscard]] Result<std::vector<Token>> tokenize(std::string_view text,
                                                  std::string_view separators);

/// The number of code points in a UTF-8 string (invalid bytes count one each).
[[nodiscard]] int code_points(std::string_view s);

/// "line 2, column 5"
[[nodiscard]] std::string position(const Span& where);

/// The token shown in a message, shortened to 30 code points: 'D12345…'.
[[nodiscard]] std::string quoted(std::string_view token);

/// A whole number 0..limit written with digits only; empty otherwise.
[[nodiscard]] std::optional<std::int64_t> parse_whole(std::string_view digits, std::int64_t limit);

/// ASCII lower case.
[[nodiscard]] std::string lower(std::string_view s);

/// An error at a token.
[[nodiscard]] InputError error_at(ErrorCode code, const Token& token, std::string message);

}  // namespace irm::text
