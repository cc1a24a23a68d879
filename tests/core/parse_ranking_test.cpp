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

}  // namespace

TEST_CASE("marks: R/N, r/n, 1/0, +/-, Y, check marks and U/? all read", "[parse][ranking]") {
  CHECK(test::judgement_letters(parsed("R N r n")) == "RNRN");
  CHECK(test::judgement_letters(parsed("1 0 1 1")) == "RNRR");
  CHECK(test::judgement_letters(parsed("+ - + -")) == "RNRN");
  CHECK(test::judgement_letters(parsed("Y N y n")) == "RNRN");
  CHECK(test::judgement_letters(parsed("\u2713 \u2717 \u2714 \u2718")) == "RNRN");
  CHECK(test::judgement_letters(parsed("R U ? N")) == "RUUN");
}

TEST_CASE("separators: spaces, commas, semicolons, tabs and newlines", "[parse][ranking]") {
  CHECK(test::judgement_letters(parsed("R,N;R\tN\nR\r\nN")) == "RNRNRN");
  const auto list = parsed("R\n  N");
  CHECK(list.docs[1].where.line == 2);
  CHECK(list.docs[1].where.column == 3);
}

TEST_CASE("labels: *D2* and D2+ are relevant, D3 and D3- are not, D4? is unjudged",
          "[parse][ranking]") {
  const auto list = parsed("D1,*D2*,D3,*D4*, D5+ D6- D7? **D8**");
  CHECK(test::judgement_letters(list) == "NRNRRNUR");
  CHECK(list.docs[1].label == "D2");
  CHECK(list.docs[1].token == "*D2*");
  CHECK(list.docs[7].label == "D8");
}

TEST_CASE("graded labels count as relevant from grade 1, with a note", "[parse][ranking]") {
  const auto list = parsed("D1:2 D2:0 D3:1");
  CHECK(test::judgement_letters(list) == "RNR");
  REQUIRE(list.reading.size() == 1);
  CHECK(list.reading[0] ==
        "Graded labels (D1:2) count as relevant when the grade is 1 or more, as trec_eval does "
        "at its default relevance level.");
}

TEST_CASE(
    "the bpref notation of Bhattacharya's CS657A notes: with both I and N, N means not judged",
    "[parse][ranking]") {
  const auto list = parsed("I R N N R I");
  CHECK(test::judgement_letters(list) == "NRUURN");
  CHECK(list.reading.at(0) ==
        "The list uses both I and N, so it is read as Bhattacharya's CS657A notes write bpref "
        "examples: I = judged irrelevant, N = not judged.");
  CHECK(test::judgement_letters(parsed("I R I I")) ==
        "NRNN");  // without N, I is simply not relevant
}

TEST_CASE("compact upper-case marks are split: IRNNRI, +--+", "[parse][ranking]") {
  const auto list = parsed("IRNNRI");
  CHECK(test::judgement_letters(list) == "NRUURN");
  CHECK(list.docs[4].where.column == 5);
  CHECK(test::judgement_letters(parsed("+--+")) == "RNNR");
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

// --- "relevant at 1, 3, 4, 5, 6, 10 of 10"
// --------------------------------------------------------

TEST_CASE("ranks of the relevant documents: relevant at 1, 3, 4, 5, 6, 10 of 10",
          "[parse][ranking][ranks]") {
  // Ranks 1, 3, 4, 5, 6 and 10 relevant, 2, 7, 8 and 9 not: R N R R R R N N N R.
  const auto list = parsed("relevant at 1, 3, 4, 5, 6, 10 of 10");
  CHECK(test::judgement_letters(list) == "RNRRRRNNNR");
  REQUIRE(list.reading.size() == 1);
  CHECK(list.reading[0] ==
        "Read as 10 ranks with relevant documents at ranks 1, 3, 4, 5, 6, 10; the other ranks are "
        "not relevant.");
  CHECK_FALSE(list.total_relevant.has_value());
  // A relevant rank points at the number typed; "10" is the token at column 28.
  CHECK(list.docs[9].where.column == 28);
  CHECK(list.docs[9].where.length == 2);
  CHECK(list.docs[0].token == "R");
  CHECK(list.docs[1].token == "N");
}

TEST_CASE("ranks: the variants a textbook writes", "[parse][ranking][ranks]") {
  for (const char* text :
       {"relevant at 1 3 4 5 6 10 of 10", "Relevant at ranks 1, 3, 4, 5, 6, 10 of 10",
        "RELEVANT AT: 1;3;4;5;6;10 OF 10", "relevant ranks: 1, 3, 4, 5, 6 and 10 of 10",
        "relevant at rank 1, 3, 4, 5, 6, 10 out of 10", "relevant 1, 3, 4, 5, 6, 10 of 10 ranks",
        "relevant at\n1, 3, 4,\n5, 6, 10\nof 10", "relevant at 10, 6, 5, 4, 3, 1 of 10",
        "relevant at ranks: 1 3 4 5 6 10 of 10 retrieved"}) {
    INFO(text);
    CHECK(test::judgement_letters(parsed(text)) == "RNRRRRNNNR");
  }
}

TEST_CASE("ranks: without 'of N' the list ends at the last relevant rank",
          "[parse][ranking][ranks]") {
  const auto list = parsed("relevant at 1, 3, 4, 5, 6");
  CHECK(test::judgement_letters(list) == "RNRRRR");
  CHECK(list.reading.at(0) ==
        "Read as 6 ranks with relevant documents at ranks 1, 3, 4, 5, 6; the other ranks are not "
        "relevant. With no \"of N\" the list ends at rank 6, the last relevant one; add the length "
        "for a longer list, e.g. \"of 12\".");
  const auto one = parsed("relevant at rank 3 of 4");
  CHECK(test::judgement_letters(one) == "NNRN");
  CHECK(one.reading.at(0) ==
        "Read as 4 ranks with relevant documents at rank 3; the other ranks are not relevant.");
}

TEST_CASE("ranks: relevant=N before, after or on another line gives R", "[parse][ranking][ranks]") {
  const auto before = parsed("relevant=8\nrelevant at 1, 3, 4, 5, 6, 10 of 10");
  CHECK(*before.total_relevant == 8);
  CHECK(test::judgement_letters(before) == "RNRRRRNNNR");
  CHECK(*parsed("relevant at 1, 3 of 10 relevant=8").total_relevant == 8);
  CHECK(*parsed("R=4 relevant at 2").total_relevant == 4);
}

TEST_CASE("ranks: more than 20 relevant ranks are listed up to the 20th",
          "[parse][ranking][ranks]") {
  std::string text = "relevant at";
  for (int r = 1; r <= 25; ++r) text += " " + std::to_string(2 * r);
  const auto list = parsed(text + " of 60");
  CHECK(list.docs.size() == 60);
  CHECK(list.relevant_count() == 25);
  CHECK(list.reading.at(0) ==
        "Read as 60 ranks with relevant documents at ranks 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, "
        "22, 24, 26, 28, 30, 32, 34, 36, 38, 40, … (25 in all); the other ranks are not relevant.");
}

TEST_CASE("ranks: 'relevant' as a document label or a mark list is read as before",
          "[parse][ranking][ranks]") {
  // A label list whose first document is called "relevant" and the next is not a rank.
  CHECK(test::judgement_letters(parsed("relevant D2+ D3")) == "NRN");
}

namespace {

void check_error(const std::string& text, ErrorCode code, int line, int column, int length,
                 const std::string& message) {
  INFO(text);
  const auto e = parse_error(text);
  CHECK(e.code == code);
  CHECK(e.where.line == line);
  CHECK(e.where.column == column);
  CHECK(e.where.length == length);
  CHECK(e.message == message);
}

}  // namespace

TEST_CASE("ranks, error: rank 0, a rank past N, a rank given twice", "[parse][ranking][ranks]") {
  check_error("relevant at 0, 3 of 10", ErrorCode::out_of_range, 1, 13, 1,
              "found '0' at line 1, column 13; ranks count from 1, the top of the list");
  check_error("relevant at 1, 12, 3 of 10", ErrorCode::out_of_range, 1, 16, 2,
              "rank 12 at line 1, column 16 is past the end of the list: 'of 10' at line 1, "
              "column 22 makes it 10 ranks long");
  check_error("relevant at 1, 3,\n3 of 10", ErrorCode::bad_token, 2, 1, 1,
              "rank 3 is given twice, at line 1, column 16 and at line 2, column 1; give each "
              "relevant rank once");
  check_error("relevant at 2 of 1", ErrorCode::out_of_range, 1, 13, 1,
              "rank 2 at line 1, column 13 is past the end of the list: 'of 1' at line 1, column "
              "15 makes it 1 rank long");
}

TEST_CASE("ranks, error: 'of' without a number, text after it", "[parse][ranking][ranks]") {
  check_error("relevant at 1, 3 of", ErrorCode::bad_token, 1, 18, 2,
              "expected the number of ranks after 'of' at line 1, column 18, as in of 10; found "
              "the end of the list");
  check_error("relevant at 1, 3 of ten", ErrorCode::bad_token, 1, 21, 3,
              "found 'ten' at line 1, column 21; after 'of' expected the number of ranks in the "
              "list, as in of 10");
  check_error("relevant at 1, 3 of 10 R", ErrorCode::bad_token, 1, 24, 1,
              "found 'R' at line 1, column 24; expected the end of the list after 'of 10'");
  check_error("relevant at 1, 3 of 10 ranks 4", ErrorCode::bad_token, 1, 30, 1,
              "found '4' at line 1, column 30; expected the end of the list after 'of 10'");
  check_error("relevant at 1, 3 of 0", ErrorCode::out_of_range, 1, 21, 1,
              "found '0' at line 1, column 21; a list has at least one rank");
  check_error("relevant at 1 of 500001", ErrorCode::out_of_range, 1, 18, 6,
              "found '500001' at line 1, column 18; the calculator reads lists of at most 500,000 "
              "ranks");
  check_error("relevant at 1 out 10", ErrorCode::bad_token, 1, 15, 3,
              "found 'out' at line 1, column 15; expected 'out of' and the number of ranks, as in "
              "out of 10");
}

TEST_CASE("ranks, error: no ranks, a word among them, a dangling 'and'",
          "[parse][ranking][ranks]") {
  check_error("relevant at", ErrorCode::bad_token, 1, 10, 2,
              "after 'relevant at' at line 1, column 1 expected the ranks of the relevant "
              "documents, as in relevant at 1, 3 of 10; found the end of the list");
  check_error("relevant at ranks of 10", ErrorCode::bad_token, 1, 19, 2,
              "found 'of' at line 1, column 19; after 'relevant at ranks' expected the ranks of "
              "the relevant documents (whole numbers from 1), as in relevant at 1, 3 of 10");
  check_error("relevant at 1, 3, x of 10", ErrorCode::bad_token, 1, 19, 1,
              "found 'x' at line 1, column 19; expected another rank (a whole number), 'and', or "
              "'of' and the number of ranks, as in relevant at 1, 3 of 10");
  check_error("relevant at 1, 2-4 of 10", ErrorCode::bad_token, 1, 16, 3,
              "found '2-4' at line 1, column 16; expected another rank (a whole number), 'and', "
              "or 'of' and the number of ranks, as in relevant at 1, 3 of 10");
  check_error("relevant at 1 and of 10", ErrorCode::bad_token, 1, 19, 2,
              "found 'of' at line 1, column 19; expected a rank after 'and' at line 1, column 15");
  check_error("relevant at 1 and", ErrorCode::bad_token, 1, 15, 3,
              "expected a rank after 'and' at line 1, column 15; found the end of the list");
  check_error("relevant at 1, 3 of 10 relevant=x", ErrorCode::bad_number, 1, 24, 10,
              "found 'relevant=x' at line 1, column 24; expected the number of relevant documents "
              "as a whole number, as in relevant=15");
  check_error("relevant at 1, 1000000", ErrorCode::out_of_range, 1, 16, 7,
              "found '1000000' at line 1, column 16; the calculator reads lists of at most "
              "500,000 ranks");
}
