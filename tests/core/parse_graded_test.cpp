// The graded-list parser: plain and labelled grades, the unretrieved part, and one test per
// kind of mistake with the message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

namespace {

irm::InputError graded_error(const std::string& text) {
  return test::parse_fails(irm::parse_graded_list(text), text);
}

}  // namespace

TEST_CASE("grades: plain, labelled, decimal, with an unretrieved line", "[parse][graded]") {
  const auto r = irm::parse_graded_list("D1:4, D2:3; 2.5\n0\nunretrieved: 3 1");
  REQUIRE(r.ok());
  const auto& list = r.value();
  REQUIRE(list.docs.size() == 4);
  CHECK(list.docs[0].label == "D1");
  CHECK(list.docs[0].grade == irm::Fraction{4, 1});
  CHECK(list.docs[2].grade == irm::Fraction{5, 2});
  CHECK(list.docs[3].where.line == 2);
  REQUIRE(list.unretrieved.size() == 2);
  CHECK(list.unretrieved[1] == irm::Fraction{1, 1});
  CHECK(list.reading.at(0) ==
        "2 judged grades were not retrieved; they enter the ideal ranking only.");
}

TEST_CASE("error: an empty graded list", "[parse][graded][errors]") {
  const auto e = graded_error("  \nunretrieved: 3");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message ==
        "the graded list is empty; paste the grade of each result from the top rank down, e.g. "
        "3 2 3 0 1 2, or labelled, e.g. D1:3 D2:2");
}

TEST_CASE("error: R/N marks in a graded list point to the ranked-list calculator",
          "[parse][graded][errors]") {
  const auto e = graded_error("3 2 R");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 5);
  CHECK(e.message ==
        "found 'R' at line 1, column 5; expected a grade (a number such as 0, 1, 2 or 3) or a "
        "labelled grade such as D1:3. For R/N marks use the ranked-list calculator");
}

TEST_CASE("error: a negative grade", "[parse][graded][errors]") {
  const auto e = graded_error("3 -1");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.column == 3);
  CHECK(e.message == "found '-1' at line 1, column 3; a grade is 0 or more (0 = not relevant)");
}

TEST_CASE("error: a fraction or a word after a label", "[parse][graded][errors]") {
  const auto e = graded_error("D1:3/0");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.message ==
        "found 'D1:3/0' at line 1, column 1; after 'D1:' expected a grade such as 0, 1, 2 or 3");
  CHECK(graded_error("3/4").code == ErrorCode::bad_token);
}

TEST_CASE("error: a document graded twice, and two unretrieved lines", "[parse][graded][errors]") {
  CHECK(graded_error("D1:3 D1:2").message ==
        "document 'D1' is ranked twice, at line 1, column 1 and at line 1, column 6; a document "
        "can appear only once in a ranking");
  CHECK(graded_error("3 unretrieved: 1 unretrieved: 2").message ==
        "found a second 'unretrieved:' at line 1, column 18; list the unretrieved grades once");
}
