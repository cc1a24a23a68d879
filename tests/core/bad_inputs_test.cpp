// Bad input found while building the bad-input corpus (tests/fixtures/bad-inputs.json): each
// TEST_CASE pins one fix in the core, with the code, the span and the message word for word.
// The corpus itself runs through the wasm module in tests/js/bad-inputs.test.mjs.

#include <catch2/catch.hpp>
#include <string>

#include "helpers.h"
#include "irm/irm.h"
#include "irm/trec.h"

namespace {

void check_span(const irm::InputError& e, int line, int column, int length) {
  CHECK(e.where.line == line);
  CHECK(e.where.column == column);
  CHECK(e.where.length == length);
}

}  // namespace

TEST_CASE("a NUL byte is named as a control character, not echoed into the message",
          "[bad-input][text]") {
  // Before: "found 'R<NUL>N' at line 1, column 1 …", with the raw NUL inside the message.
  const auto e = test::fails("AP", std::string("R\0N", 3));
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "found an invisible control character (U+0000) at line 1, column 2; remove it or paste "
        "the input as plain text");
  check_span(e, 1, 2, 1);
  // DEL (0x7F) and ESC (0x1B) too; tab, CR, LF, FF and VT remain spaces.
  CHECK(test::fails("P@2", "R N\x1b").message ==
        "found an invisible control character (U+001B) at line 1, column 4; remove it or paste "
        "the input as plain text");
  CHECK(test::fails("P@2", "R\x7fN").where.column == 2);
  CHECK(test::run("P@2", "R\tN\fR\vN").value.exact == irm::Fraction{1, 2});
}

TEST_CASE("a lone CR (old Mac line ends) ends a line, so rows and line numbers are right",
          "[bad-input][text]") {
  // kappa-400-documents of the What to evaluate notes with CR line ends: rows 75 25 / 75 225, κ =
  // 3/7 (docs/examples.md kappa-400-documents). Before the fix it read one row of 4 counts and
  // refused the grid.
  CHECK(test::run("kappa", "75 25\r75 225").value.exact == irm::Fraction{3, 7});
  // The stray X is on the third line, first column.
  const auto e = test::fails("AP", "R\rN\rX");
  CHECK(e.message ==
        "found 'X' at line 3, column 1 in a list of relevance marks; expected R, N, +, -, 1, 0, "
        "or U/? for unjudged. To name documents, mark each one: X+ or *X* if relevant, X or X- "
        "if not");
  check_span(e, 3, 1, 1);
  // CR LF stays one line end: the X is on line 2.
  CHECK(test::fails("AP", "R N\r\nX").where.line == 2);
}

TEST_CASE("more than 500,000 words is refused at once with where the next one starts",
          "[bad-input][text]") {
  // "R " × 500,001: word k starts at column 2k − 1, so word 500,001 at column 1,000,001.
  std::string input;
  for (int i = 0; i < 500'001; ++i) input += "R ";
  const auto e = test::fails("P@5", input);
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "the input is too long: it has more than 500,000 words and numbers (the next one is at "
        "line 1, column 1000001); the calculator reads at most 500,000. Whole TREC runs go on "
        "the TREC files page");
  check_span(e, 1, 1'000'001, 1);
}

TEST_CASE("R above 10^12 is too large, not 'not a whole number'", "[bad-input][ranking]") {
  // Before: "must be a whole number (0 or more); found '1000000000001'", which it is.
  const auto e = test::fails("AP", "R N R N", {{"relevant", "1000000000001"}});
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.field == irm::Field::relevant);
  CHECK(e.message ==
        "R, the number of relevant documents, can be at most 10^12 (1,000,000,000,000); found "
        "'1000000000001'");
  check_span(e, 1, 1, 13);
  // 10^12 itself is accepted: AP = (1 + 2/3)/10^12 = 5/(3·10^12) = 1/(6·10^11).
  CHECK(test::run("AP", "R N R N", "1000000000000").value.exact ==
        irm::Fraction{1, 600'000'000'000});
  // The same in the text's header.
  const auto h = test::fails("AP", "relevant=99999999999999999999\nR N");
  CHECK(h.code == irm::ErrorCode::out_of_range);
  CHECK(h.message ==
        "found 'relevant=99999999999999999999' at line 1, column 1; the number of relevant "
        "documents can be at most 10^12 (1,000,000,000,000)");
  check_span(h, 1, 1, 29);
  // A negative R is still "not a whole number".
  CHECK(test::fails("AP", "R N", {{"relevant", "-1"}}).code == irm::ErrorCode::bad_number);
}

TEST_CASE("an empty measure name points at no column", "[bad-input][measure-name]") {
  // Before: line 1, column 0, length 1, which the page cannot highlight.
  const auto e = test::fails("", "R N");
  CHECK(e.code == irm::ErrorCode::empty_input);
  CHECK(e.field == irm::Field::measure);
  CHECK(e.message == "the measure name is empty; try AP, P@10 or 11pt");
  check_span(e, 0, 0, 0);
  check_span(test::fails("   ", "R N"), 0, 0, 0);
}

TEST_CASE("errors inside mean( ) name the column in the whole name", "[bad-input][measure-name]") {
  // Before: "unknown measure 'Foo' at column 1" while the span said column 6.
  const auto e = test::fails("mean(Foo)", "R N");
  CHECK(e.code == irm::ErrorCode::unknown_measure);
  CHECK(e.message ==
        "unknown measure 'Foo' at column 6; the measure reference lists every name (AP, P@10, "
        "nDCG@5, …)");
  check_span(e, 1, 6, 3);
  const auto cutoff = test::fails("mean(P@0)", "R N");
  CHECK(cutoff.message ==
        "a cutoff must be a positive whole number; found 0 at column 8 of \"mean(P@0)\"");
  check_span(cutoff, 1, 8, 1);
  const auto empty = test::fails("mean()", "R N");
  CHECK(empty.code == irm::ErrorCode::empty_input);
  CHECK(empty.message ==
        "expected a measure name inside the parentheses at column 6 of \"mean()\", as in "
        "mean(P@5)");
  check_span(empty, 1, 6, 1);
}

TEST_CASE("a far-fetched suggestion is not offered", "[bad-input][measure-name]") {
  // "Foo" is two edits from "pool", which keeps one letter of three.
  CHECK(test::fails("Foo", "R N").message ==
        "unknown measure 'Foo' at column 1; the measure reference lists every name (AP, P@10, "
        "nDCG@5, …)");
  // A transposed nDCG is still recognised, and so is MAP with two letters swapped (one edit).
  CHECK(test::fails("nDGC", "1 2").message ==
        "unknown measure 'nDGC' at column 1; did you mean nDCG?");
  CHECK(test::fails("MPA", "R N").message ==
        "unknown measure 'MPA' at column 1; did you mean MAP?");
}

TEST_CASE("a cutoff above 10^9 is too large, not 'not a positive whole number'",
          "[bad-input][measure-name]") {
  const auto e = test::fails("P@99999999999999999999", "R N");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "a cutoff can be at most 1,000,000,000; found '99999999999999999999' at column 3 of "
        "\"P@99999999999999999999\"");
  check_span(e, 1, 3, 20);
  CHECK(test::fails("P@0", "R N").code == irm::ErrorCode::bad_number);
  CHECK(test::fails("P@000", "R N").code == irm::ErrorCode::bad_number);
}

TEST_CASE("paired scores beyond 10^15 or below 10^-15 in size are refused", "[bad-input][paired]") {
  // Before: t-test on 1.7e308 and -1.7e308 showed 'inf', 'nan' and 'undefined' in its tables.
  const auto e = test::fails("ttest", "q1 1.7e308 -1.7e308\nq2 0 1\nq3 1 0");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "the number '1.7e308' at line 1, column 4 is too large to compute with; scores must lie "
        "between 10^-15 and 10^15 in size (or be 0), so rescale them");
  check_span(e, 1, 4, 7);
  // Before: "all 3 differences are equal (d = 1e-320 …)" for 1e-320, -1e-320, 1e-320.
  const auto tiny = test::fails("ttest", "d: 1e-320 -1e-320 1e-320");
  CHECK(tiny.message ==
        "the number '1e-320' at line 1, column 4 is too small to compute with; scores must lie "
        "between 10^-15 and 10^15 in size (or be 0), so rescale them");
  // The limits themselves are fine: d = 10^15, −10^15, 0 has mean 0, so t = 0 and p = 1.
  const auto limits = test::run("ttest", "d: 1e15 -1e15 0");
  CHECK(limits.value.approx == Approx(1.0));
}

TEST_CASE("a grade too long or with an exponent gets its own message", "[bad-input][graded]") {
  const auto e = test::fails("nDCG", "99999999999999999999 1");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "found '99999999999999999999' at line 1, column 1; a grade has at most 18 "
        "digits");
  check_span(e, 1, 1, 20);
  const auto x = test::fails("nDCG", "4 1e400");
  CHECK(x.code == irm::ErrorCode::bad_number);
  CHECK(x.message ==
        "found '1e400' at line 1, column 3; write a grade with digits and at most one decimal "
        "point, such as 3 or 2.5 (no exponent)");
  check_span(x, 1, 3, 5);
}

TEST_CASE("dcg=burges refuses grades above 100 instead of showing infinity",
          "[bad-input][graded]") {
  // Before: DCG(dcg=burges) of "1024 2" was 2^1024 − 1 = ∞, shown as 0.
  const auto e = test::fails("DCG(dcg=burges)", "1024 2");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "dcg=burges takes 2^grade − 1 as the gain, so grades can be at most 100; found '1024' at "
        "line 1, column 1");
  check_span(e, 1, 1, 4);
  // The notes' form still computes, and drops the burges alternative it cannot compute:
  // grades 2000, 1000 are already in ideal order, so nDCG = 1.
  const auto ndcg = test::run("nDCG", "2000 1000");
  CHECK(ndcg.value.exact == irm::Fraction{1, 1});
  REQUIRE(ndcg.alternatives.size() == 1);
  CHECK(ndcg.alternatives[0].measure == "nDCG(dcg=trec)");
  // Grade 100 is allowed: DCG@1 = 2^100 − 1, about 1.2677e30 (irrational discounts aside,
  // log2(2) = 1 at rank 1).
  CHECK(test::run("DCG(dcg=burges)@1", "100 2").value.approx == Approx(1.2676506002282294e30));
}

TEST_CASE("a megabyte measure name is refused at once, without a suggestion",
          "[bad-input][measure-name]") {
  // Before: the edit distance to every spelling took about 40 s in the browser.
  const std::string name(1 << 20, 'A');
  const auto e = test::fails(name, "R N");
  CHECK(e.code == irm::ErrorCode::unknown_measure);
  CHECK(e.message ==
        "unknown measure 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' at column 1; the measure reference "
        "lists every name (AP, P@10, nDCG@5, …)");
  check_span(e, 1, 1, 1 << 20);
}

TEST_CASE("label and score lines with a word for a score name the score", "[bad-input][scores]") {
  // Before: read as a ranking, "found 'nan' … in a list of relevance marks".
  const auto e = test::fails("AUC", "1 nan\n0 0.4");
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.message ==
        "found 'nan' at line 1, column 3; expected a score, a number such as 0.8, -1.5 or 2e-3");
  check_span(e, 1, 3, 3);
  // A ranking over two lines is still a ranking: R N / N R has AUC 1/2 (one relevant above one
  // non-relevant, the other below: pairs in order 2 of 4).
  CHECK(test::run("AUC", "R N\nN R").value.exact == irm::Fraction{1, 2});
}

TEST_CASE("a qrels file with lone CR line ends says so", "[bad-input][trec]") {
  // Two judgments separated by a CR only: trec_eval reads one line of 8 fields.
  const std::string bytes = "401 0 d1 1\r401 0 d2 1\r";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "found an extra field '401' at line 1, column 12 of qrels.txt; expected 4 fields: qid "
        "iter docno rel. The line holds a carriage return (CR) that is not followed by LF: save "
        "the file with LF (or CR LF) line ends");
  // The span runs from the extra field to the end of the line's text: "401 0 d2 1".
  check_span(e, 1, 12, 10);
}

TEST_CASE("10 MB of compact marks is refused like 10 MB of words", "[bad-input][ranking]") {
  // Before: "RNRN…" is one token for the tokenizer, then 10 million marks: out of memory.
  const auto e = test::fails("AP", std::string(10 * 1024 * 1024, 'R'));
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "the input is too long: it has more than 500,000 words and numbers (the next one is at "
        "line 1, column 500001); the calculator reads at most 500,000. Whole TREC runs go on the "
        "TREC files page");
  check_span(e, 1, 500'001, 1);
}

TEST_CASE("a query id with one score is a short line, not a score called q1",
          "[bad-input][paired]") {
  // Before: "found 'q1' at line 1, column 1; expected a score".
  const auto e = test::fails("ttest", "q1 0.5\nq2 0.3 0.2");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "line 1 has 2 entries but line 2 has 3 (a query id, x and y); give every line the same "
        "columns");
  check_span(e, 1, 4, 3);
}

TEST_CASE("bytes that are not UTF-8 are named with their column", "[bad-input][text]") {
  const auto e = test::fails("AP", "R \xff N");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "found a byte that is not UTF-8 text at line 1, column 3; paste the list as plain text");
  check_span(e, 1, 3, 1);
  // An encoded lone surrogate (ED A0 80) is not UTF-8 either.
  CHECK(test::fails("nDCG", "1 2 \xed\xa0\x80").where.column == 5);
}

TEST_CASE("a qrels rel beyond an int is out of range, not 'not a whole number'",
          "[bad-input][trec]") {
  const std::string bytes = "401 0 d1 99999999999999999999\n";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "found '99999999999999999999' at line 1, column 10 of qrels.txt; expected the rel "
        "(fourth field) to lie between -2147483647 and 2147483647, as trec_eval reads it");
  check_span(e, 1, 10, 20);
  // 2147483647 itself is read.
  CHECK(irm::read_qrels("401 0 d1 2147483647\n", "qrels.txt").ok());
}

TEST_CASE("visible(): invisible and reordering characters are shown as their code", "[text]") {
  // An escape sequence would recolour or clear a terminal; U+202E reverses what follows on a
  // page; U+200B hides inside a docno. Each is written as ⟨U+XXXX⟩, a bad byte as ⟨0xFF⟩.
  CHECK(irm::visible("a\x1b[31mb") == "a\u27E8U+001B\u27E9[31mb");
  CHECK(irm::visible(std::string("x\0y", 3)) == "x\u27E8U+0000\u27E9y");
  CHECK(irm::visible("D1\u202Etxt.exe") == "D1\u27E8U+202E\u27E9txt.exe");
  CHECK(irm::visible("d\u200B7") == "d\u27E8U+200B\u27E97");
  CHECK(irm::visible("\xEF\xBB\xBFq1") == "\u27E8U+FEFF\u27E9q1");
  CHECK(irm::visible("\x7f\xc2\x85") == "\u27E8U+007F\u27E9\u27E8U+0085\u27E9");
  CHECK(irm::visible("bad\xff") ==
        "bad\u27E8"
        "0xFF\u27E9");
  // Everything a reader should see as it is stays as it is.
  CHECK(irm::visible("28/45 \u2248 0.6222 \u2212 \u03ba \u65e5\u672c") ==
        "28/45 \u2248 0.6222 \u2212 \u03ba \u65e5\u672c");
  CHECK(irm::visible("a\tb\nc") == "a\tb\nc");
}

TEST_CASE("a label with U+202E is quoted visibly in a message", "[bad-input][text]") {
  const auto e = irm::compute("AP", "R N X\u202Ey");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message.find("'X\u27E8U+202E\u27E9y'") != std::string::npos);
}
