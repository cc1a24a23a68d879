// The ranked-list parser: every notation of MEASURES.md, and one test per kind of mistake, with
// the code, the position and the message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;
using irm::Judgement;

namespace {

irm::RankedList parsed(const std::string& text) {
  return test::parsed_ok(irm::parse_ranked_list(text));
}

irm::InputError parse_error(const std::string& text) {
  return test::parse_fails(irm::parse_ranked_list(text), text);
}

std::string judgements(const irm::RankedList& list) {
  std::string out;
  for (const auto& d : list.docs) {
    out += d.judgement == Judgement::relevant   ? 'R'
           : d.judgement == Judgement::unjudged ? 'U'
                                                : 'N';
  }
  return out;
}

}  // namespace

TEST_CASE("marks: R/N, r/n, 1/0, +/-, Y, check marks and U/? all read", "[parse][ranking]") {
  CHECK(judgements(parsed("R N r n")) == "RNRN");
  CHECK(judgements(parsed("1 0 1 1")) == "RNRR");
  CHECK(judgements(parsed("+ - + -")) == "RNRN");
  CHECK(judgements(parsed("Y N y n")) == "RNRN");
  CHECK(judgements(parsed("\u2713 \u2717 \u2714 \u2718")) == "RNRN");
  CHECK(judgements(parsed("R U ? N")) == "RUUN");
}

TEST_CASE("separators: spaces, commas, semicolons, tabs and newlines", "[parse][ranking]") {
  CHECK(judgements(parsed("R,N;R\tN\nR\r\nN")) == "RNRNRN");
  const auto list = parsed("R\n  N");
  CHECK(list.docs[1].where.line == 2);
  CHECK(list.docs[1].where.column == 3);
}

TEST_CASE("labels: *D2* and D2+ are relevant, D3 and D3- are not, D4? is unjudged",
          "[parse][ranking]") {
  const auto list = parsed("D1,*D2*,D3,*D4*, D5+ D6- D7? **D8**");
  CHECK(judgements(list) == "NRNRRNUR");
  CHECK(list.docs[1].label == "D2");
  CHECK(list.docs[1].token == "*D2*");
  CHECK(list.docs[7].label == "D8");
}

TEST_CASE("graded labels count as relevant from grade 1, with a note", "[parse][ranking]") {
  const auto list = parsed("D1:2 D2:0 D3:1");
  CHECK(judgements(list) == "RNR");
  REQUIRE(list.reading.size() == 1);
  CHECK(list.reading[0] ==
        "Graded labels (D1:2) count as relevant when the grade is 1 or more, as trec_eval does "
        "at its default relevance level.");
}

TEST_CASE("note 002's bpref notation: with both I and N, N means not judged", "[parse][ranking]") {
  const auto list = parsed("I R N N R I");
  CHECK(judgements(list) == "NRUURN");
  CHECK(list.reading.at(0) ==
        "The list uses both I and N, so it is read as note 002 writes bpref examples: "
        "I = judged irrelevant, N = not judged.");
  CHECK(judgements(parsed("I R I I")) == "NRNN");  // without N, I is simply not relevant
}

TEST_CASE("compact upper-case marks are split: IRNNRI, +--+", "[parse][ranking]") {
  const auto list = parsed("IRNNRI");
  CHECK(judgements(list) == "NRUURN");
  CHECK(list.docs[4].where.column == 5);
  CHECK(judgements(parsed("+--+")) == "RNNR");
}

TEST_CASE("relevant=N gives R, the header may be written R=N", "[parse][ranking]") {
  CHECK(*parsed("relevant=15\nR N").total_relevant == 15);
  CHECK(*parsed("R=5 + - +").total_relevant == 5);
  CHECK_FALSE(parsed("R N").total_relevant.has_value());
}

TEST_CASE("unjudged documents are counted", "[parse][ranking]") {
  const auto list = parsed("R U N ?");
  CHECK(list.unjudged_count() == 2);
  CHECK(list.reading.empty());
}

TEST_CASE("error: an empty list", "[parse][ranking][errors]") {
  for (const char* text : {"", "   \n\t ", ",,;"}) {
    const auto e = parse_error(text);
    CHECK(e.code == ErrorCode::empty_input);
    CHECK(e.where.line == 0);
    CHECK(e.message ==
          "the ranked list is empty; paste the relevance of each result from the top rank down, "
          "e.g. R N R N, or document labels with the relevant ones marked, e.g. D1, *D2*, D3");
  }
  CHECK(parse_error("relevant=5").code == ErrorCode::empty_input);
}

TEST_CASE("error: a bare label among marks is a typo, not a document", "[parse][ranking][errors]") {
  const auto e = parse_error("R N X R");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 5);
  CHECK(e.where.length == 1);
  CHECK(e.message ==
        "found 'X' at line 1, column 5 in a list of relevance marks; expected R, N, +, -, 1, 0, "
        "or U/? for unjudged. To name documents, mark each one: X+ or *X* if relevant, X or X- "
        "if not");
}

TEST_CASE("error: columns count characters, not bytes", "[parse][ranking][errors]") {
  const auto e = parse_error("\u2713 \u2717 X");
  CHECK(e.where.column == 5);
}

TEST_CASE("error: a number other than 0 or 1", "[parse][ranking][errors]") {
  const auto e = parse_error("R N\nN 2");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 3);
  CHECK(e.message ==
        "found '2' at line 2, column 3; a binary ranked list takes 1 (relevant) or 0 (not "
        "relevant). Write a numbered document as 2+ or 2-, or a grade as D1:2");
}

TEST_CASE("error: an asterisk on one side only", "[parse][ranking][errors]") {
  const auto e = parse_error("D1 *D2 D3");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 4);
  CHECK(e.message ==
        "found '*D2' at line 1, column 4; a relevant document is wrapped in asterisks on both "
        "sides, as *D2*");
}

TEST_CASE("error: a stray symbol", "[parse][ranking][errors]") {
  const auto e = parse_error("R N %");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 5);
  CHECK(e.message ==
        "found '%' at line 1, column 5; expected a relevance mark (R, N, +, -, 1, 0, or U/? for "
        "unjudged) or a document label such as D3, D3+ or *D3*");
}

TEST_CASE("error: a document ranked twice names both places", "[parse][ranking][errors]") {
  const auto e = parse_error("D1 D2\nD1+");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "document 'D1' is ranked twice, at line 1, column 1 and at line 2, column 1; a document "
        "can appear only once in a ranking");
}

TEST_CASE("error: a grade that is not a whole number", "[parse][ranking][errors]") {
  const auto e = parse_error("D1:x");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.message ==
        "found 'D1:x' at line 1, column 1; after 'D1:' expected a whole-number grade such as 0, "
        "1 or 2");
}

TEST_CASE("error: relevant= without a whole number, or given twice", "[parse][ranking][errors]") {
  const auto e = parse_error("relevant=3/0 R N");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 12);
  CHECK(e.message ==
        "found 'relevant=3/0' at line 1, column 1; expected the number of relevant documents as "
        "a whole number, as in relevant=15");
  const auto twice = parse_error("relevant=3 R relevant=4");
  CHECK(twice.code == ErrorCode::inconsistent_counts);
  CHECK(twice.message ==
        "found a second 'relevant=4' at line 1, column 14; give the number of relevant documents "
        "once");
}

TEST_CASE("error: bytes that are not UTF-8", "[parse][ranking][errors]") {
  const auto e = parse_error("R \xff N");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 3);
  CHECK(e.message ==
        "found a byte that is not UTF-8 text at line 1, column 3; paste the list as plain text");
}

TEST_CASE("a long token is shortened in the message", "[parse][ranking][errors]") {
  const auto e = parse_error("R " + std::string(40, '%'));
  CHECK(e.message.find("'" + std::string(30, '%') + "…'") != std::string::npos);
}

TEST_CASE("R: the field, the header, or the relevant documents listed",
          "[parse][ranking][relevant]") {
  const auto list = parsed("R N R");
  const auto given = irm::resolve_total_relevant(list, " 15 ", true);
  REQUIRE(given.ok());
  CHECK(given.value().value == 15);
  CHECK_FALSE(given.value().note.has_value());

  const auto assumed = irm::resolve_total_relevant(list, "", true);
  REQUIRE(assumed.ok());
  CHECK(assumed.value().value == 2);
  CHECK(*assumed.value().note ==
        "R was not given, so R = 2, the relevant documents in the list. That assumes every "
        "relevant document was retrieved; give R for recall, AP and R-precision.");

  const auto header = irm::resolve_total_relevant(parsed("relevant=7 R N R"), "", false);
  REQUIRE(header.ok());
  CHECK(header.value().value == 7);
}

TEST_CASE("error: R that is not a whole number", "[parse][ranking][relevant][errors]") {
  const auto e = irm::resolve_total_relevant(parsed("R N"), "1.5", true);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == ErrorCode::bad_number);
  CHECK(e.error().field == irm::Field::relevant);
  CHECK(e.error().where.column == 1);
  CHECK(e.error().where.length == 3);
  CHECK(e.error().message ==
        "R, the number of relevant documents, must be a whole number (0 or more); found '1.5'");
  CHECK(irm::resolve_total_relevant(parsed("R N"), "-2", true).error().code ==
        ErrorCode::bad_number);
}

TEST_CASE("error: R smaller than the relevant documents listed",
          "[parse][ranking][relevant][errors]") {
  const auto e = irm::resolve_total_relevant(parsed("R R R N"), "2", true);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == ErrorCode::inconsistent_counts);
  CHECK(e.error().field == irm::Field::relevant);
  CHECK(e.error().message ==
        "R = 2 is fewer than the 3 relevant documents in the list; R counts every relevant "
        "document for the query, retrieved or not, so it is at least 3");
  const auto in_header = irm::resolve_total_relevant(parsed("relevant=1 R R"), "", false);
  CHECK(in_header.error().field == irm::Field::input);
  CHECK(in_header.error().where.column == 1);
}

TEST_CASE("error: the header and the field disagree", "[parse][ranking][relevant][errors]") {
  const auto e = irm::resolve_total_relevant(parsed("relevant=5\nR N"), "15", true);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == ErrorCode::inconsistent_counts);
  CHECK(e.error().message ==
        "the list says relevant=5 at line 1, column 1, but R = 15 was given; keep one of them");
}

TEST_CASE("error: asterisks around something that is not a label", "[parse][ranking][errors]") {
  const auto e = parse_error("*D<b>*");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.message ==
        "found '*D<b>*' at line 1, column 1; between the asterisks expected a document label of "
        "letters, digits and . _ - / #, such as *D2*");
}
