// Numbers written as words, as exercises print them in sentences: "nine of them relevant",
// "the collection holds thirty relevant documents", "third, fifth and tenth".
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace irm::text {

/// A cardinal written as an English word, any case: zero … nineteen, twenty … ninety, the
/// hyphenated forms between them (twenty-one, ninety-nine), hundred (100) and thousand (1000);
/// "a"/"an" are not numbers here. Empty for anything else, digits included.
[[nodiscard]] std::optional<std::int64_t> number_word(std::string_view word);

/// An ordinal, any case: a word (first … nineteenth, twentieth … ninetieth, twenty-first …
/// ninety-ninth, hundredth) or digits with their English suffix (1st, 2nd, 3rd, 4th, 11th, 21st,
/// 102nd; a wrong suffix such as 2st is not an ordinal). Empty for anything else.
[[nodiscard]] std::optional<std::int64_t> ordinal_word(std::string_view word);

/// A count as a sentence may write it: digits (at most 12) or a number word. Empty otherwise.
[[nodiscard]] std::optional<std::int64_t> count_word(std::string_view word);

}  // namespace irm::text
