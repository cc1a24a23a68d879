// The subtopic-list parser (irm/subtopics.h): the line form, the '|' form, labels ending the
// document before them, the unretrieved part, and one test per kind of mistake, word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

namespace {

irm::InputError subtopic_error(const std::string& text) {
  return test::parse_fails(irm::parse_subtopic_list(text), text);
}

}  // namespace

TEST_CASE("subtopics: lines, '|', labels and the unretrieved part", "[parse][subtopics]") {
  const auto list = test::parsed_ok(irm::parse_subtopic_list(
      "d1: 1 3\nd2:\n2\n- | 4,5 | d6:1 d7: -\nunretrieved: d8: 2 | 3\nd9: 1"));
  REQUIRE(list.docs.size() == 7);
  CHECK(list.docs[0].label == "d1");
  CHECK(list.docs[0].subtopics == std::vector<int>{1, 3});
  CHECK(list.docs[1].subtopics.empty());
  CHECK(list.docs[2].label.empty());
  CHECK(list.docs[2].subtopics == std::vector<int>{2});
  CHECK(list.docs[3].subtopics.empty());
  CHECK(list.docs[4].subtopics == std::vector<int>{4, 5});
  CHECK(list.docs[4].where.column == 5);
  CHECK(list.docs[5].label == "d6");
  CHECK(list.docs[5].subtopics == std::vector<int>{1});
  CHECK(list.docs[6].label == "d7");
  REQUIRE(list.unretrieved.size() == 3);
  CHECK(list.unretrieved[0].label == "d8");
  CHECK(list.unretrieved[1].subtopics == std::vector<int>{3});
  CHECK(list.unretrieved[2].where.line == 6);
  CHECK(list.reading.at(0) == "Read 7 ranked documents and 5 subtopics (1, 2, 3, 4, 5).");
  CHECK(list.reading.at(1) == "3 documents were not retrieved; they enter the ideal ranking only.");
}

TEST_CASE("error: an empty subtopic list", "[parse][subtopics][errors]") {
  const auto e = subtopic_error("\nunretrieved: d1: 2");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message ==
        "the list is empty; paste one document per line, top rank first, with the subtopics it "
        "covers, e.g. d1: 1 3, then d2: - (none), then d3: 2; or on one line, 1,3 | - | 2");
}

TEST_CASE("error: a word where a subtopic belongs", "[parse][subtopics][errors]") {
  const auto e = subtopic_error("d1: 1 x");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 7);
  CHECK(e.message ==
        "found 'x' at line 1, column 7; expected a subtopic number such as 1 or 3, '-' for a "
        "document that covers none, or '|' between documents");
  // A name without its ':' is named as such.
  const auto name = subtopic_error("1 2\nd2 1 3");
  CHECK(name.where.line == 2);
  CHECK(name.where.column == 1);
  CHECK(name.message ==
        "found 'd2' at line 2, column 1; expected a subtopic number such as 1 or 3, '-' for a "
        "document that covers none, or '|' between documents. To name a document, end its name "
        "with ':', as in 'd2:' 1 3");
}

TEST_CASE("error: subtopics that are not whole numbers, or too large",
          "[parse][subtopics][errors]") {
  const auto e = subtopic_error("d1: 1.5");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.column == 5);
  CHECK(e.where.length == 3);
  CHECK(e.message ==
        "found '1.5' at line 1, column 5; a subtopic is a whole number, such as 1, 2 or 3");
  const auto big = subtopic_error("2 | 1000001");
  CHECK(big.code == ErrorCode::out_of_range);
  CHECK(big.where.column == 5);
  CHECK(big.message ==
        "found '1000001' at line 1, column 5; subtopics are numbered from 0 to 1,000,000");
}

TEST_CASE("error: '|' with nothing on one side", "[parse][subtopics][errors]") {
  const auto twice = subtopic_error("1 || 2");
  CHECK(twice.where.column == 4);
  CHECK(twice.message ==
        "found '|' at line 1, column 4 right after another '|'; write '-' for a document that "
        "covers no subtopic");
  const auto trailing = subtopic_error("1 | 2 |");
  CHECK(trailing.where.column == 7);
  CHECK(trailing.message ==
        "found '|' at line 1, column 7 with no document after it; write '-' for a document that "
        "covers no subtopic");
  CHECK(subtopic_error("| 1").message ==
        "found '|' at line 1, column 1 with no document before it; write '-' for a document "
        "that covers no subtopic");
}

TEST_CASE("error: a document or a subtopic given twice, '-' beside subtopics",
          "[parse][subtopics][errors]") {
  const auto doc = subtopic_error("d1: 1\nd2: 2\nunretrieved: d1: 3");
  CHECK(doc.where.line == 3);
  CHECK(doc.where.column == 14);
  CHECK(doc.where.length == 2);
  CHECK(doc.message ==
        "document 'd1' is given twice, at line 1, column 1 and at line 3, column 14; a document "
        "appears once, in the ranking or unretrieved");
  const auto subtopic = subtopic_error("d1: 1 2 1");
  CHECK(subtopic.where.column == 9);
  CHECK(subtopic.message ==
        "subtopic 1 is given twice for document 'd1', at line 1, column 5 and at line 1, column "
        "9; give each subtopic once");
  const auto none = subtopic_error("1 - 2");
  CHECK(none.where.column == 3);
  CHECK(none.message ==
        "found '-' at line 1, column 3 beside subtopics; '-' stands alone, for a document that "
        "covers no subtopic");
  const auto again = subtopic_error("1\nunretrieved: 2\nunretrieved: 3");
  CHECK(again.where.line == 3);
  CHECK(again.where.length == 12);
  CHECK(again.message ==
        "found a second 'unretrieved:' at line 3, column 1; list the documents the ranking "
        "missed once, after one 'unretrieved:'");
  const auto label = subtopic_error("d(1): 2");
  CHECK(label.message ==
        "found 'd(1):' at line 1, column 1; a document's name is letters, digits and _ . - / # "
        "before its ':', as in d1: 1 3");
}
