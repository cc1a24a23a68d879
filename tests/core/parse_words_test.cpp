// Numbers written as words (core/src/parse/words.h): the values are those of the English words.
#include <catch2/catch.hpp>

#include "../../core/src/parse/words.h"

using irm::text::count_word;
using irm::text::number_word;
using irm::text::ordinal_word;

TEST_CASE("number words: units, teens, tens and hyphenated tens", "[parse][words]") {
  CHECK(number_word("zero") == 0);
  CHECK(number_word("three") == 3);
  CHECK(number_word("Nine") == 9);
  CHECK(number_word("twelve") == 12);
  CHECK(number_word("nineteen") == 19);
  CHECK(number_word("thirty") == 30);
  CHECK(number_word("forty") == 40);
  CHECK(number_word("twenty-one") == 21);
  CHECK(number_word("Ninety-Nine") == 99);
  CHECK(number_word("hundred") == 100);
  CHECK(number_word("thousand") == 1000);
}

TEST_CASE("number words: what is not one", "[parse][words]") {
  CHECK_FALSE(number_word("12"));             // digits are count_word's
  CHECK_FALSE(number_word("a"));              // "a hundred" is not read as a number
  CHECK_FALSE(number_word("fourty"));         // a misspelling is not guessed
  CHECK_FALSE(number_word("twenty-"));        // a dash with nothing after it
  CHECK_FALSE(number_word("twenty-twelve"));  // only 1–9 after the dash
  CHECK_FALSE(number_word("twenty-zero"));
  CHECK_FALSE(number_word(""));
}

TEST_CASE("ordinals: words and digits with their suffix", "[parse][words]") {
  CHECK(ordinal_word("first") == 1);
  CHECK(ordinal_word("Third") == 3);
  CHECK(ordinal_word("fifth") == 5);
  CHECK(ordinal_word("tenth") == 10);
  CHECK(ordinal_word("twelfth") == 12);
  CHECK(ordinal_word("twentieth") == 20);
  CHECK(ordinal_word("twenty-third") == 23);
  CHECK(ordinal_word("hundredth") == 100);
  CHECK(ordinal_word("1st") == 1);
  CHECK(ordinal_word("2nd") == 2);
  CHECK(ordinal_word("3rd") == 3);
  CHECK(ordinal_word("4th") == 4);
  CHECK(ordinal_word("11th") == 11);
  CHECK(ordinal_word("12th") == 12);
  CHECK(ordinal_word("13th") == 13);
  CHECK(ordinal_word("21st") == 21);
  CHECK(ordinal_word("102nd") == 102);
  CHECK(ordinal_word("111th") == 111);
}

TEST_CASE("ordinals: wrong suffixes and non-ordinals", "[parse][words]") {
  CHECK_FALSE(ordinal_word("2st"));
  CHECK_FALSE(ordinal_word("11st"));  // eleventh, not "eleven-first"
  CHECK_FALSE(ordinal_word("0th"));
  CHECK_FALSE(ordinal_word("zeroth"));
  CHECK_FALSE(ordinal_word("third-"));
  CHECK_FALSE(ordinal_word("three"));
  CHECK_FALSE(ordinal_word("st"));
}

TEST_CASE("counts: digits or words", "[parse][words]") {
  CHECK(count_word("12") == 12);
  CHECK(count_word("nine") == 9);
  CHECK(count_word("thirty") == 30);
  CHECK_FALSE(count_word("9.5"));
  CHECK_FALSE(count_word("-3"));
  CHECK_FALSE(count_word("1234567890123"));  // more than 12 digits
}
