// Numbers written as words (see words.h).

#include "words.h"

#include <array>
#include <string>

#include "text.h"

namespace irm::text {
namespace {

constexpr std::array<std::string_view, 20> units_words = {
    "zero",     "one",     "two",     "three",     "four",     "five",    "six",
    "seven",    "eight",   "nine",    "ten",       "eleven",   "twelve",  "thirteen",
    "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
constexpr std::array<std::string_view, 20> units_ordinals = {
    "zeroth",     "first",     "second",    "third",       "fourth",     "fifth",     "sixth",
    "seventh",    "eighth",    "ninth",     "tenth",       "eleventh",   "twelfth",   "thirteenth",
    "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"};
// Index i is (i + 2) tens: twenty … ninety.
constexpr std::array<std::string_view, 8> tens_words = {"twenty", "thirty",  "forty",  "fifty",
                                                        "sixty",  "seventy", "eighty", "ninety"};
constexpr std::array<std::string_view, 8> tens_ordinals = {"twentieth", "thirtieth", "fortieth",
                                                           "fiftieth",  "sixtieth",  "seventieth",
                                                           "eightieth", "ninetieth"};

template <std::size_t N>
std::optional<std::int64_t> index_in(const std::array<std::string_view, N>& words,
                                     std::string_view word) {
  for (std::size_t i = 0; i < N; ++i) {
    if (words[i] == word) return static_cast<std::int64_t>(i);
  }
  return std::nullopt;
}

// "twenty-one" with `last` read by `read_last` (a cardinal or an ordinal unit word).
template <class ReadLast>
std::optional<std::int64_t> tens_and_unit(std::string_view word, ReadLast read_last) {
  const std::size_t dash = word.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto tens = index_in(tens_words, word.substr(0, dash));
  const auto unit = read_last(word.substr(dash + 1));
  if (!tens || !unit || *unit < 1 || *unit > 9) return std::nullopt;
  return (*tens + 2) * 10 + *unit;
}

}  // namespace

std::optional<std::int64_t> number_word(std::string_view typed) {
  const std::string word = lower(typed);
  if (const auto unit = index_in(units_words, word)) return unit;
  if (const auto tens = index_in(tens_words, word)) return (*tens + 2) * 10;
  if (word == "hundred") return 100;
  if (word == "thousand") return 1000;
  return tens_and_unit(word, [](std::string_view w) { return index_in(units_words, w); });
}

std::optional<std::int64_t> ordinal_word(std::string_view typed) {
  const std::string word = lower(typed);
  if (const auto unit = index_in(units_ordinals, word)) {
    if (*unit == 0) return std::nullopt;
    return unit;
  }
  if (const auto tens = index_in(tens_ordinals, word)) return (*tens + 2) * 10;
  if (word == "hundredth") return 100;
  if (const auto both =
          tens_and_unit(word, [](std::string_view w) { return index_in(units_ordinals, w); }))
    return both;
  // 1st, 2nd, 3rd, 4th, 11th–13th, 21st: the suffix must be the one English gives the number.
  if (word.size() < 3) return std::nullopt;
  const std::string digits = word.substr(0, word.size() - 2);
  const std::string suffix = word.substr(word.size() - 2);
  const auto value = parse_whole(digits, 999'999'999'999);
  if (!value || *value == 0) return std::nullopt;
  const std::int64_t last_two = *value % 100;
  const std::int64_t last = *value % 10;
  const char* wanted = (last_two >= 11 && last_two <= 13) ? "th"
                       : last == 1                        ? "st"
                       : last == 2                        ? "nd"
                       : last == 3                        ? "rd"
                                                          : "th";
  if (suffix != wanted) return std::nullopt;
  return value;
}

std::optional<std::int64_t> count_word(std::string_view word) {
  if (const auto digits = parse_whole(word, 999'999'999'999)) return digits;
  return number_word(word);
}

}  // namespace irm::text
