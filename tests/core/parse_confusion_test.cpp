// The confusion and multiclass parsers: every layout (counts, precision and recall, grids,
// sets, label sequences), and one test per kind of mistake with the code, the position and the
// message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;
using test::frac;

namespace {

irm::ConfusionInput parsed(const std::string& text) {
  return test::parsed_ok(irm::parse_confusion(text));
}

irm::InputError parse_error(const std::string& text) {
  return test::parse_fails(irm::parse_confusion(text), text);
}

irm::LabelMatrix matrix(const std::string& text) {
  return test::parsed_ok(irm::parse_label_matrix(text));
}

irm::InputError matrix_error(const std::string& text) {
  return test::parse_fails(irm::parse_label_matrix(text), text);
}

// "tp fp fn tn" as numbers, tn as -1 when unknown.
std::vector<std::int64_t> cells(const irm::ConfusionInput& c) {
  return {c.tp, c.fp, c.fn, c.tn.value_or(-1)};
}

using Cells = std::vector<std::int64_t>;

void check_at(const irm::InputError& e, ErrorCode code, int line, int column) {
  CHECK(e.code == code);
  CHECK(e.where.line == line);
  CHECK(e.where.column == column);
}

}  // namespace

// --- layouts -----------------------------------------------------------------------------------

TEST_CASE("confusion input: counts in any order and spelling, tn optional", "[parse][confusion]") {
  CHECK(cells(parsed("tp=2 fp=2 fn=1 tn=3")) == Cells{2, 2, 1, 3});
  CHECK(cells(parsed("TN: 3\nFN: 1\nFP: 2\nTP: 2")) == Cells{2, 2, 1, 3});
  CHECK(cells(parsed("tp = 2, fp =2, fn= 1")) == Cells{2, 2, 1, -1});
  const auto c = parsed("tp=2 fp=2 fn=1 tn=3");
  CHECK(c.has_counts);
  CHECK_FALSE(c.from_sets);
  CHECK(c.reading.at(0) == "Read the counts TP = 2, FP = 2, FN = 1, TN = 3.");
}

TEST_CASE("confusion input: total gives TN = total − TP − FP − FN", "[parse][confusion]") {
  const auto c = parsed("tp=2 fp=2 fn=1 total=8");
  CHECK(cells(c) == Cells{2, 2, 1, 3});
  CHECK(c.reading.at(0) ==
        "Read the counts TP = 2, FP = 2, FN = 1. TN = total − TP − FP − FN = 8 − 2 − 2 − 1 = 3.");
  CHECK(cells(parsed("tp=2 fp=2 fn=1 n=8")) == Cells{2, 2, 1, 3});
  CHECK(cells(parsed("tp=2 fp=2 fn=1 tn=3 total=8")) == Cells{2, 2, 1, 3});
}

TEST_CASE("confusion input: precision= and recall= as fractions or decimals",
          "[parse][confusion]") {
  const auto c = parsed("precision=1/2 recall=0.75");
  CHECK_FALSE(c.has_counts);
  CHECK(*c.precision == frac(1, 2));
  CHECK(*c.recall == frac(3, 4));
  CHECK(c.reading.at(0) == "Read precision = 1/2 and recall = 3/4 directly; no counts were given.");
}

TEST_CASE(
    "confusion input: the grid of Bhattacharya's CS657A notes with spaces, tabs, commas, labels",
    "[parse][confusion]") {
  CHECK(cells(parsed("2 1\n2 3")) == Cells{2, 2, 1, 3});
  CHECK(cells(parsed("relevant 2 1\nnon-relevant 2 3")) == Cells{2, 2, 1, 3});
  CHECK(cells(parsed("\treturned\tnot returned\nrelevant\t2\t1\nnon-relevant\t2\t3\n")) ==
        Cells{2, 2, 1, 3});
  CHECK(cells(parsed(",returned,not returned\nrelevant,2,1\nnon-relevant,2,3")) ==
        Cells{2, 2, 1, 3});
  const auto c = parsed("2 1\n2 3");
  CHECK(c.reading.at(0) ==
        "Read the 2 × 2 grid as Bhattacharya's CS657A notes lay it out (rows: truly relevant, "
        "truly non-relevant; columns: returned, not returned): TP = 2, FN = 1, FP = 2, TN = 3.");
  // Four words for two columns: the header is not used, and a note says why.
  const auto header = parsed("returned not returned here\n2 1\n2 3");
  CHECK(header.reading.at(0) ==
        "The header on line 1 has 4 labels for 2 columns, so it is not used (separate labels with "
        "tabs or commas when they contain spaces).");
}

TEST_CASE("confusion input: sets with braces, ranges, D = and an empty returned set",
          "[parse][confusion]") {
  const auto c = parsed("D = {d1, ..., d8}\nrelevant: {d1, d5, d7}\nreturned = {d1, d3, d5, d6}");
  CHECK(cells(c) == Cells{2, 2, 1, 3});
  CHECK(c.from_sets);
  CHECK(c.tn_docs_known);
  CHECK(c.tp_docs == std::vector<std::string>{"d1", "d5"});
  CHECK(c.fp_docs == std::vector<std::string>{"d3", "d6"});
  CHECK(c.fn_docs == std::vector<std::string>{"d7"});
  CHECK(c.tn_docs == std::vector<std::string>{"d2", "d4", "d8"});
  // d01 … d10 keeps the zeros: d02, …, d09.
  const auto padded = parsed("relevant: d01\nreturned: d10\nall: d01…d10");
  CHECK(padded.tn_docs.front() == "d02");
  CHECK(padded.tn_docs.size() == 8);
  const auto empty = parsed("relevant: d1\nreturned:\nall: d1 d2");
  CHECK(cells(empty) == Cells{0, 0, 1, 1});
  const auto no_all = parsed("relevant: d1 d2\nreturned: d2 d3");
  CHECK(cells(no_all) == Cells{1, 1, 1, -1});
  CHECK(no_all.reading.at(0) ==
        "Read three sets: relevant 2, returned 2. Without all: or total:, TN (the non-relevant "
        "documents not returned) is unknown.");
}

TEST_CASE("confusion input: true:/predicted: sequences and the choice of the positive label",
          "[parse][confusion]") {
  const auto yes = parsed("true: yes no yes no no\npredicted: yes yes no no no");
  // yes→yes TP; no→yes FP; yes→no FN; no→no twice TN.
  CHECK(cells(yes) == Cells{1, 1, 1, 2});
  CHECK(yes.reading.at(0) ==
        "Read 5 items from true: and predicted:. The positive (relevant) class is 'yes' (the "
        "label that usually means relevant); 'no' is negative. Add a line positive: no to choose "
        "the other.");
  CHECK(yes.reading.at(1) == "Counted TP = 1, FP = 1, FN = 1, TN = 2.");
  // cat is true once, dog three times: the rarer class is taken as relevant.
  const auto rare = parsed("true: cat dog dog dog\npredicted: cat cat dog dog");
  CHECK(cells(rare) == Cells{1, 1, 0, 2});
  CHECK(rare.reading.at(0) ==
        "Read 4 items from true: and predicted:. The positive (relevant) class is 'cat' (the "
        "rarer class in true:, as relevant documents usually are); 'dog' is negative. Add a line "
        "positive: dog to choose the other.");
  // positive: dog — items 3 and 4 are TP, item 2 (dog → cat) FN, item 1 (cat → cat) TN.
  CHECK(cells(parsed("true: cat dog dog dog\npredicted: cat cat dog dog\npositive: dog")) ==
        Cells{2, 0, 1, 1});
  const auto none = parsed("true: 0 0\npredicted: 0 0");
  CHECK(cells(none) == Cells{0, 0, 0, 2});
  CHECK(none.reading.at(0) ==
        "Read 2 items from true: and predicted:. Every label is '0', which means not relevant, so "
        "nothing is relevant.");
}

TEST_CASE("multiclass input: grids with and without names, and sequences", "[parse][multiclass]") {
  const auto named = matrix("true\\pred cat dog\ncat 3 1\ndog 2 4");
  CHECK(named.labels == std::vector<std::string>{"cat", "dog"});
  CHECK(named.counts == std::vector<std::vector<std::int64_t>>{{3, 1}, {2, 4}});
  CHECK(matrix("cat 3 1\ndog 2 4").labels == std::vector<std::string>{"cat", "dog"});
  CHECK(matrix("3,1\n2,4").labels == std::vector<std::string>{"class 1", "class 2"});
  const auto differ = matrix("\tcat\tdog\nkitten\t3\t1\npuppy\t2\t4");
  CHECK(differ.labels == std::vector<std::string>{"cat", "dog"});
  CHECK(differ.reading.at(0) ==
        "The row labels differ from the column labels; the column labels name the classes, and "
        "row i is taken to be the same class as column i.");
  const auto seq = matrix("true: b a c a\npredicted: b b c a");
  CHECK(seq.labels == std::vector<std::string>{"a", "b", "c"});
  CHECK(seq.counts == std::vector<std::vector<std::int64_t>>{{1, 1, 0}, {0, 1, 0}, {0, 0, 1}});
  CHECK(seq.reading.at(0) ==
        "Read 4 items from true: and predicted:; the 3 classes in sorted order: a, b, c.");
}

// --- mistakes: counts ----------------------------------------------------------------------

TEST_CASE("confusion input, error: empty", "[parse][confusion][errors]") {
  const auto e = parse_error(" \n ");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.where.line == 0);
  CHECK(e.message ==
        "the input is empty; give the counts (tp=2 fp=2 fn=1 tn=3), a 2 × 2 grid, three sets "
        "(relevant: d1 d5 d7, returned: d1 d3 d5 d6, all: d1 … d8) or two lines true: and "
        "predicted:");
}

TEST_CASE("confusion input, error: a negative count", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fp=-1 fn=1");
  check_at(e, ErrorCode::bad_number, 1, 9);
  CHECK(e.where.length == 2);
  CHECK(e.message ==
        "found '-1' for fp at line 1, column 9; a count cannot be negative: expected a whole "
        "number 0 or more");
}

TEST_CASE("confusion input, error: a count typed as 3/0 or 2.5", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=3/0 fp=1 fn=1");
  check_at(e, ErrorCode::bad_number, 1, 4);
  CHECK(e.where.length == 3);
  CHECK(e.message ==
        "found '3/0' for tp at line 1, column 4; expected a whole number 0 or more (a count of "
        "documents)");
  CHECK(parse_error("tp=2 fp=2.5 fn=1").message ==
        "found '2.5' for fp at line 1, column 9; expected a whole number 0 or more (a count of "
        "documents)");
}

TEST_CASE("confusion input, error: nothing after tp=", "[parse][confusion][errors]") {
  const auto e = parse_error("tp= fp=1 fn=1");
  check_at(e, ErrorCode::bad_number, 1, 4);
  CHECK(e.where.length == 1);
  CHECK(e.message == "expected a whole number for tp at line 1, column 4, found nothing");
}

TEST_CASE("confusion input, error: a count too large", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=99999999999999999 fp=1 fn=1");
  check_at(e, ErrorCode::out_of_range, 1, 4);
  CHECK(e.message ==
        "found '99999999999999999' for tp at line 1, column 4; counts above 10^15 are not "
        "supported");
}

TEST_CASE("confusion input, error: a missing count", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fp=2");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 0);
  CHECK(e.message ==
        "fn is missing; give tp, fp and fn (tn is optional), as in tp=2 fp=2 fn=1 tn=3");
}

TEST_CASE("confusion input, error: an unknown count", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fq=1 fn=1");
  check_at(e, ErrorCode::bad_token, 1, 6);
  CHECK(e.where.length == 2);
  CHECK(e.message ==
        "unknown count 'fq' at line 1, column 6; expected tp, fp, fn, tn or total (or "
        "precision= and recall= for F)");
}

TEST_CASE("confusion input, error: a count given twice", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fp=1 tp=3 fn=1");
  check_at(e, ErrorCode::bad_token, 1, 11);
  CHECK(e.message ==
        "tp is given twice, at line 1, column 1 and at line 1, column 11; give it once");
}

TEST_CASE("confusion input, error: a stray word among the counts", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fp=1 fn=1 oops");
  check_at(e, ErrorCode::bad_token, 1, 16);
  CHECK(e.message ==
        "found 'oops' at line 1, column 16; expected counts written as tp=2 fp=2 fn=1 tn=3");
}

TEST_CASE("confusion input, error: a total that disagrees with the cells",
          "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 fp=2 fn=1 tn=3 total=9");
  check_at(e, ErrorCode::inconsistent_counts, 1, 27);
  CHECK(e.message ==
        "the four cells sum to 8, but total=9 was given at line 1, column 27; keep one of them or "
        "fix a count");
  const auto small = parse_error("tp=2 fp=2 fn=1 total=4");
  check_at(small, ErrorCode::inconsistent_counts, 1, 22);
  CHECK(small.message ==
        "total=4 at line 1, column 22 is less than tp + fp + fn = 5; the total counts every "
        "document");
}

TEST_CASE("confusion input, error: counts and precision= together", "[parse][confusion][errors]") {
  const auto e = parse_error("tp=2 precision=1/2");
  check_at(e, ErrorCode::bad_token, 1, 6);
  CHECK(e.message ==
        "found 'precision' at line 1, column 6 next to counts; give either the counts (tp= fp= "
        "fn=) or precision= and recall=, not both");
}

TEST_CASE("confusion input, error: precision without recall", "[parse][confusion][errors]") {
  const auto e = parse_error("precision=1/2");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.message == "recall is missing; give both, as in precision=1/2 recall=2/3");
}

TEST_CASE("confusion input, error: precision or recall that is 3/0, above 1 or not a number",
          "[parse][confusion][errors]") {
  const auto zero = parse_error("precision=1/2 recall=3/0");
  check_at(zero, ErrorCode::bad_number, 1, 22);
  CHECK(zero.message ==
        "found '3/0' for recall at line 1, column 22; the denominator is 0. Expected a number "
        "from 0 to 1 such as 1/2 or 0.5");
  const auto big = parse_error("precision=1/2 recall=1.5");
  check_at(big, ErrorCode::out_of_range, 1, 22);
  CHECK(big.message == "recall must be from 0 to 1; found '1.5' at line 1, column 22");
  CHECK(parse_error("precision=half recall=1").message ==
        "found 'half' for precision at line 1, column 11; expected a number from 0 to 1 such as "
        "1/2 or 0.5");
}

// --- mistakes: grids ---------------------------------------------------------------------------

TEST_CASE("confusion input, error: a ragged grid", "[parse][confusion][errors]") {
  const auto short_row = parse_error("2 1\n2");
  check_at(short_row, ErrorCode::bad_token, 2, 1);
  CHECK(short_row.message ==
        "row 2 (line 2) has 1 count but row 1 (line 1) has 2; every row needs the same number of "
        "counts");
  const auto long_row = parse_error("2 1\n2 3 4");
  check_at(long_row, ErrorCode::bad_token, 2, 5);
  CHECK(long_row.message ==
        "row 2 (line 2) has 3 counts but row 1 (line 1) has 2; found an extra count '4' at line "
        "2, column 5. Every row needs the same number of counts");
}

TEST_CASE("confusion input, error: a cell that is not a count", "[parse][confusion][errors]") {
  const auto word = parse_error("2 x\n1 3");
  check_at(word, ErrorCode::bad_number, 1, 3);
  CHECK(word.message ==
        "found 'x' in row 1 of the grid at line 1, column 3; expected a whole number 0 or more (a "
        "count of documents)");
  CHECK(parse_error("2 -1\n1 3").message ==
        "found '-1' in row 1 of the grid at line 1, column 3; a count cannot be negative: "
        "expected a whole number 0 or more");
  CHECK(parse_error("3/0 1\n1 3").message ==
        "found '3/0' in row 1 of the grid at line 1, column 1; expected a whole number 0 or more "
        "(a count of documents)");
}

TEST_CASE("confusion input, error: a grid that is not 2 × 2", "[parse][confusion][errors]") {
  const auto three = parse_error("2 1 0\n2 3 4\n1 1 1");
  check_at(three, ErrorCode::bad_token, 1, 5);
  CHECK(three.message ==
        "the grid has 3 rows of 3 counts; confusion reads 2 rows of 2 counts (or the 4 on one "
        "line): rows truly relevant and truly non-relevant, columns returned and not returned; "
        "for 3 classes use multiclass. The first count outside a 2 × 2 grid is '0' at line 1, "
        "column 5");
  // One row of two counts is half a grid.
  const auto half = parse_error("2 1");
  check_at(half, ErrorCode::bad_token, 1, 1);
  CHECK(half.message ==
        "the grid has 1 row of 2 counts; confusion reads 2 rows of 2 counts (or the 4 on one "
        "line): rows truly relevant and truly non-relevant, columns returned and not returned");
}

TEST_CASE("confusion input: a 2 × 2 grid on one line, TP FN FP TN", "[parse][confusion]") {
  // The grid written row by row: truly relevant 300 returned, 20 not; truly non-relevant 10
  // returned, 70 not. TP = 300, FN = 20, FP = 10, TN = 70.
  const auto c = parsed("300 20 10 70");
  CHECK(cells(c) == Cells{300, 10, 20, 70});
  CHECK(c.reading.at(0) ==
        "Read the four counts on one line as the 2 × 2 grid written row by row, TP FN FP TN "
        "(rows: truly relevant, truly non-relevant; columns: returned, not returned): TP = 300, "
        "FN = 20, FP = 10, TN = 70.");
  CHECK(cells(parsed("300, 20, 10, 70")) == Cells{300, 10, 20, 70});
  CHECK(cells(parsed("  300\t20\t10\t70\n")) == Cells{300, 10, 20, 70});
  CHECK(cells(parsed("2 1 2 3")) == Cells{2, 2, 1, 3});
}

TEST_CASE("confusion input, error: three or five counts on one line",
          "[parse][confusion][errors]") {
  const auto three = parse_error("300 20 10");
  check_at(three, ErrorCode::bad_token, 1, 1);
  CHECK(three.where.length == 9);
  CHECK(three.message ==
        "found 3 counts on one line at line 1, column 1; a 2 × 2 grid on one line is 4 counts, "
        "row by row: TP FN FP TN (rows truly relevant and truly non-relevant, columns returned "
        "and not returned), as in 300 20 10 70");
  const auto five = parse_error("300 20 10 70 5");
  check_at(five, ErrorCode::bad_token, 1, 14);
  CHECK(five.where.length == 1);
  CHECK(five.message ==
        "found 5 counts on one line; a 2 × 2 grid on one line is 4 counts, row by row: TP FN FP "
        "TN (rows truly relevant and truly non-relevant, columns returned and not returned), as "
        "in 300 20 10 70. The first count past the fourth is '5' at line 1, column 14");
}

TEST_CASE("confusion input, error: a line of words after the grid", "[parse][confusion][errors]") {
  const auto e = parse_error("2 1\n2 3\ntotal");
  check_at(e, ErrorCode::bad_token, 3, 1);
  CHECK(e.message ==
        "found 'total' at line 3, column 1; expected a row of counts (whole numbers), optionally "
        "after a row label");
}

TEST_CASE("confusion input, error: a header and no counts", "[parse][confusion][errors]") {
  const auto e = parse_error("returned notreturned");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message ==
        "found no row of counts; expected a 2 × 2 grid (rows: truly relevant, truly "
        "non-relevant; columns: returned, not returned; or its 4 counts on one line, TP FN FP "
        "TN), counts such as tp=2 fp=2 fn=1 tn=3, sets (relevant: and returned:) or two lines "
        "true: and predicted:");
}

TEST_CASE("confusion input, error: a misspelt key", "[parse][confusion][errors]") {
  const auto e = parse_error("relevent: d1 d5\nretruned: d2");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.where.length == 8);
  CHECK(e.message ==
        "found 'relevent:' at line 1, column 1; expected a 2 × 2 grid (rows: truly relevant, "
        "truly non-relevant; columns: returned, not returned; or its 4 counts on one line, TP FN "
        "FP TN), counts such as tp=2 fp=2 fn=1 tn=3, sets (relevant: and returned:) or two lines "
        "true: and predicted:");
  CHECK(parse_error("tq=2 fp=1").message.rfind("found 'tq=' at line 1, column 1; expected", 0) ==
        0);
}

// --- mistakes: sets ----------------------------------------------------------------------------

TEST_CASE("confusion input, error: an unknown line among sets", "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1\nreturnd: d2\nreturned: d1");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message ==
        "found 'returnd' at line 2, column 1; expected a line starting relevant:, returned:, all: "
        "or total:");
}

TEST_CASE("confusion input, error: a set given twice", "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1\nrelevant: d2\nreturned: d1");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message ==
        "a second relevant: line at line 2, column 1; the first is on line 1. Give it once");
}

TEST_CASE("confusion input, error: relevant: without returned:", "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1 d5");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.message ==
        "found relevant: at line 1, column 1 but no returned: line; give returned: with the "
        "documents the system returned, as in relevant: d1 d5 d7 and returned: d1 d3 d5 d6");
}

TEST_CASE("confusion input, error: a document twice in one set", "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1 d5 d5\nreturned: d1");
  check_at(e, ErrorCode::bad_token, 1, 17);
  CHECK(e.message ==
        "document 'd5' is listed twice in relevant:, at line 1, column 14 and at line 1, column "
        "17; a set lists each document once");
}

TEST_CASE("confusion input, error: a returned document outside all:",
          "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1 d5 d7\nreturned: d1 d3 d9\nall: d1 … d8");
  check_at(e, ErrorCode::inconsistent_counts, 2, 17);
  CHECK(e.message ==
        "'d9' in returned: at line 2, column 17 is not in all: (line 3); every relevant and "
        "returned document must be in the collection");
}

TEST_CASE("confusion input, error: a range that cannot be filled in",
          "[parse][confusion][errors]") {
  const auto e = parse_error("relevant: d1\nreturned: d1\nall: d1 … x8");
  check_at(e, ErrorCode::bad_token, 3, 9);
  CHECK(e.message ==
        "found '…' at line 3, column 9; a range needs a name on each side with the same prefix "
        "and increasing numbers, as in d1 … d8");
}

TEST_CASE("confusion input, error: total: that disagrees with the sets",
          "[parse][confusion][errors]") {
  const auto small = parse_error("relevant: d1\nreturned: d2\ntotal: 1");
  check_at(small, ErrorCode::inconsistent_counts, 3, 8);
  CHECK(small.message ==
        "total: 1 at line 3, column 8 is less than the 2 different documents in relevant: and "
        "returned:");
  const auto both = parse_error("relevant: d1\nreturned: d2\nall: d1 d2 d3\ntotal: 4");
  check_at(both, ErrorCode::inconsistent_counts, 4, 8);
  CHECK(both.message ==
        "total: 4 at line 4, column 8 but all: lists 3 documents; keep one of them");
  CHECK(parse_error("relevant: d1\nreturned: d2\ntotal: many").message ==
        "found 'many' for total: at line 3, column 8; expected a whole number 0 or more (a count "
        "of documents)");
  CHECK(parse_error("relevant: d1\nreturned: d2\ntotal: 8 9").message ==
        "total: at line 3, column 1 takes one whole number, the size of the collection, as in "
        "total: 8");
}

// --- mistakes: sequences -----------------------------------------------------------------------

TEST_CASE("confusion input, error: sequences of different lengths", "[parse][confusion][errors]") {
  const auto e = parse_error("true: 1 0 1 1\npredicted: 1 1 0");
  check_at(e, ErrorCode::inconsistent_counts, 1, 13);
  CHECK(e.message ==
        "true: has 4 labels (line 1) but predicted: has 3 (line 2); give one prediction per item. "
        "The first without a partner is '1' at line 1, column 13");
}

TEST_CASE("confusion input, error: a third label", "[parse][confusion][errors]") {
  const auto e = parse_error("true: a b c\npredicted: a b b");
  check_at(e, ErrorCode::bad_token, 1, 11);
  CHECK(e.message ==
        "found a third label 'c' at line 1, column 11 after a and b; confusion compares two "
        "classes (relevant or not). For more classes use multiclass");
}

TEST_CASE("confusion input, error: positive: names neither label", "[parse][confusion][errors]") {
  const auto e = parse_error("true: a b\npredicted: a b\npositive: c");
  check_at(e, ErrorCode::bad_token, 3, 11);
  CHECK(e.message ==
        "positive: names 'c' at line 3, column 11, which is neither of the labels a and b");
}

TEST_CASE("confusion input, error: true: without predicted:", "[parse][confusion][errors]") {
  const auto e = parse_error("true: 1 0 1");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.message ==
        "found true: at line 1, column 1 but no predicted: line; give the true labels and the "
        "predicted labels, one per item, as in true: 1 0 1 and predicted: 1 1 0");
  const auto empty = parse_error("true:\npredicted: 1");
  check_at(empty, ErrorCode::empty_input, 1, 1);
  CHECK(empty.message ==
        "the true: line at line 1, column 1 is empty; list one label per item after the colon");
}

TEST_CASE("confusion input, error: another line among the sequences",
          "[parse][confusion][errors]") {
  const auto e = parse_error("true: 1 0\npredicted: 1 1\nweights: 1 2");
  check_at(e, ErrorCode::bad_token, 3, 1);
  CHECK(e.message ==
        "found 'weights' at line 3, column 1; expected a line starting true:, predicted: or "
        "positive:");
}

// --- mistakes: multiclass ----------------------------------------------------------------------

TEST_CASE("multiclass input, error: empty", "[parse][multiclass][errors]") {
  const auto e = matrix_error("");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message ==
        "the input is empty; give a k × k grid of counts (rows: true class, columns: predicted "
        "class) or two lines true: and predicted:");
}

TEST_CASE("multiclass input, error: a grid that is not square", "[parse][multiclass][errors]") {
  const auto e = matrix_error("1 2 3\n4 5 6");
  check_at(e, ErrorCode::bad_token, 1, 5);
  CHECK(e.message ==
        "the grid has 2 rows of 3 counts; a confusion matrix is square, one row and one column "
        "per class (rows: true class, columns: predicted class), with at least two classes. The "
        "first count outside a square grid is '3' at line 1, column 5");
  CHECK(matrix_error("5").message ==
        "the grid has 1 row of 1 count; a confusion matrix is square, one row and one column per "
        "class (rows: true class, columns: predicted class), with at least two classes");
}

TEST_CASE("multiclass input, error: a single class", "[parse][multiclass][errors]") {
  const auto e = matrix_error("true: a a\npredicted: a a");
  check_at(e, ErrorCode::bad_token, 1, 7);
  CHECK(e.message == "every label is 'a'; a confusion matrix needs at least two classes");
}

TEST_CASE("multiclass input, error: counts or a positive: line", "[parse][multiclass][errors]") {
  CHECK(matrix_error("tp=2 fp=1").message ==
        "found 'tp=' at line 1, column 1; expected a k × k grid of counts (rows: true class, "
        "columns: predicted class), with optional class names, or two lines true: and "
        "predicted:");
  CHECK(matrix_error("true: a b\npredicted: a b\npositive: a").message ==
        "found 'positive' at line 3, column 1; expected a line starting true: or predicted:");
}

TEST_CASE("multiclass, error: every count 0", "[multiclass][errors]") {
  const auto e = test::fails("multiclass", "0 0\n0 0");
  CHECK(e.code == ErrorCode::inconsistent_counts);
  CHECK(e.message == "every count in the grid is 0; a confusion matrix needs at least one item");
}

// --- grids in any labelled layout, scikit-learn's printout, sentences ---------------------------

TEST_CASE("confusion input: a bare grid says its reading and the other one",
          "[parse][confusion][read-as]") {
  // Rows truly relevant (7 returned, 2 not), truly non-relevant (3 returned, 8 not).
  const auto c = parsed("7 2\n3 8");
  CHECK(cells(c) == Cells{7, 3, 2, 8});
  CHECK(c.bare_grid);
  REQUIRE(c.reading.size() == 3);
  CHECK(c.reading.at(1) ==
        "Read as: TP = 7, FN = 2 / FP = 3, TN = 8 (rows: truly relevant, truly non-relevant; "
        "columns: returned, not returned).");
  // Read the other way, the rows are returned / not returned: 7 TP, 2 FP, 3 FN, 8 TN.
  CHECK(c.reading.at(2) ==
        "No label says which side is the truth, so the rows are read as the truth. If the rows "
        "are what the system returned, add a first line naming the columns, relevant "
        "non-relevant, to read the grid the other way: TP = 7, FP = 2 / FN = 3, TN = 8.");
  // The one-line form is a bare grid too.
  const auto line = parsed("300 20 10 70");
  CHECK(line.bare_grid);
  CHECK(line.reading.at(1) ==
        "Read as: TP = 300, FN = 20 / FP = 10, TN = 70 (rows: truly relevant, truly "
        "non-relevant; columns: returned, not returned).");
  // Labels naming the sides make it no longer bare.
  CHECK_FALSE(parsed("relevant 2 1\nnon-relevant 2 3").bare_grid);
  CHECK_FALSE(parsed("tp=2 fp=2 fn=1").bare_grid);
}

TEST_CASE("confusion input: the header line that names the columns reads the grid the other way",
          "[parse][confusion][read-as]") {
  // What the Sets page's swap adds: the columns are the truth, so the rows are returned / not.
  const auto c = parsed("relevant non-relevant\n7 2\n3 8");
  CHECK(cells(c) == Cells{7, 2, 3, 8});
  CHECK_FALSE(c.bare_grid);
  CHECK(c.reading.at(0) ==
        "Read as: TP = 7, FP = 2 / FN = 3, TN = 8 (rows: returned, not returned; columns: truly "
        "relevant, truly non-relevant, as the labels say): the labels put what the system "
        "returned in the rows and the truth in the columns, so the grid is read transposed.");
  // And the header naming the usual layout keeps it.
  const auto usual = parsed("returned not-returned\n7 2\n3 8");
  CHECK(cells(usual) == Cells{7, 3, 2, 8});
  CHECK(usual.reading.at(0) ==
        "Read as: TP = 7, FN = 2 / FP = 3, TN = 8 (rows: truly relevant, truly non-relevant; "
        "columns: returned, not returned, as the labels say).");
  // Over the four counts on one line as well.
  CHECK(cells(parsed("relevant non-relevant\n7 2 3 8")) == Cells{7, 2, 3, 8});
}

TEST_CASE("confusion input: predicted/actual labels in either orientation and class order",
          "[parse][confusion][read-as]") {
  // Kevin Markham, "Simple guide to confusion matrix terminology" (Data School, 2014): n = 165,
  // actual NO predicted NO 50 (TN), predicted YES 10 (FP); actual YES: 5 (FN), 100 (TP).
  const auto ds = parsed(
      "n=165   Predicted: NO   Predicted: YES\nActual: NO    50    10\n"
      "Actual: YES    5   100");
  CHECK(cells(ds) == Cells{100, 10, 5, 50});
  CHECK(ds.reading.at(0) ==
        "Read as: TN = 50, FP = 10 / FN = 5, TP = 100 (rows: truly non-relevant, truly "
        "relevant; columns: not returned, returned, as the labels say).");
  // The same with rows predicted and columns actual, tab-separated.
  CHECK(cells(parsed("\tActual NO\tActual YES\nPredicted NO\t50\t5\nPredicted YES\t10\t100")) ==
        Cells{100, 10, 5, 50});
  // A Markdown table with positive/negative.
  const auto md = parsed(
      "|                 | Predicted positive | Predicted negative |\n"
      "|-----------------|--------------------|--------------------|\n"
      "| Actual positive | 7                  | 2                  |\n"
      "| Actual negative | 3                  | 8                  |");
  CHECK(cells(md) == Cells{7, 3, 2, 8});
  // A corner naming both sides, rows first; the columns only 1 and 0.
  CHECK(cells(parsed("actual\\predicted 1 0\n1 7 2\n0 3 8")) == Cells{7, 3, 2, 8});
  CHECK(cells(parsed("predicted / actual  1  0\n1  7  2\n0  3  8")) == Cells{7, 2, 3, 8});
  // Two header lines, as encyclopedias print it: the side above, the classes below.
  CHECK(cells(parsed("Predicted\nPositive Negative\nActual Positive 7 2\nNegative 3 8")) ==
        Cells{7, 3, 2, 8});
  // A caption naming the sides outright.
  CHECK(cells(parsed("rows: predicted, columns: actual\n7 2\n3 8")) == Cells{7, 2, 3, 8});
  // retrieved / not retrieved, relevant / non-relevant.
  CHECK(cells(parsed("\trelevant\tnot relevant\nretrieved\t7\t2\nnot retrieved\t3\t8")) ==
        Cells{7, 2, 3, 8});
}

TEST_CASE("confusion input: Total rows and columns are checked and left out",
          "[parse][confusion][read-as]") {
  // Row sums 7 + 2 = 9, 3 + 8 = 11; column sums 10, 10; 20 in all.
  const auto c = parsed(
      "\tPredicted yes\tPredicted no\tTotal\nActual yes\t7\t2\t9\nActual no\t3\t8\t11\n"
      "Total\t10\t10\t20");
  CHECK(cells(c) == Cells{7, 3, 2, 8});
  CHECK(c.reading.at(0) ==
        "The last row and the last column hold the totals: they equal the sums of the counts, so "
        "they are checked and left out.");
  // Labels split at spaces: the Total column is still the last.
  CHECK(cells(parsed("Predicted yes  Predicted no  Total\nActual yes 7 2 9\nActual no 3 8 11")) ==
        Cells{7, 3, 2, 8});
}

TEST_CASE("confusion input: TP FP FN TN named in a header or before each count",
          "[parse][confusion][read-as]") {
  const auto c = parsed("TP FP FN TN\n7 3 2 8");
  CHECK(cells(c) == Cells{7, 3, 2, 8});
  CHECK(c.reading.at(0) == "Read as: TP = 7, FP = 3, FN = 2, TN = 8 (the labels name each count).");
  CHECK(cells(parsed("| True positives | False negatives | False positives |\n|---|---|---|\n"
                     "| 7 | 2 | 3 |")) == Cells{7, 3, 2, -1});
  CHECK(cells(parsed("TP 7\nFN 2\nFP 3\nTN 8")) == Cells{7, 3, 2, 8});
}

TEST_CASE("confusion input: class labels without a side are read rows-truth and said",
          "[parse][confusion][read-as]") {
  const auto c = parsed("\tNo\tYes\nNo\t8\t3\nYes\t2\t7");
  // Rows no, yes; columns no, yes: TN = 8, FP = 3 / FN = 2, TP = 7.
  CHECK(cells(c) == Cells{7, 3, 2, 8});
  CHECK(c.bare_grid);
  CHECK(c.reading.at(0) ==
        "Read as: TN = 8, FP = 3 / FN = 2, TP = 7 (rows: truly non-relevant, truly relevant; "
        "columns: not returned, returned).");
  CHECK(c.reading.at(1) ==
        "The labels name the classes but not which side is the truth, so the rows are read as "
        "the truth. If the rows are what the system returned, add predicted (or returned) to the "
        "row labels to read the grid the other way: TN = 8, FN = 3 / FP = 2, TP = 7.");
}

TEST_CASE("confusion input: scikit-learn's confusion_matrix printout, [[TN, FP], [FN, TP]]",
          "[parse][confusion][read-as]") {
  // confusion_matrix with classes 0 and 1: row 0 = true 0 (TN 8, FP 3), row 1 = true 1 (FN 2,
  // TP 7).
  const auto c = parsed("array([[8, 3],\n       [2, 7]])");
  CHECK(cells(c) == Cells{7, 3, 2, 8});
  CHECK_FALSE(c.bare_grid);
  CHECK(c.reading.at(0) ==
        "Read as: TN = 8, FP = 3 / FN = 2, TP = 7 (scikit-learn's layout [[TN, FP], [FN, TP]], "
        "as its confusion_matrix prints it: rows the true class 0 then 1, columns the predicted "
        "class 0 then 1, with 1 the relevant class).");
  CHECK(cells(parsed("[[8 3]\n [2 7]]")) == Cells{7, 3, 2, 8});
  CHECK(cells(parsed("cm = confusion_matrix(y_true, y_pred)\nprint(cm)\n[[8 3]\n [2 7]]")) ==
        Cells{7, 3, 2, 8});
  CHECK(cells(parsed("Out[3]: array([[8., 3.],\n        [2., 7.]])")) == Cells{7, 3, 2, 8});
  CHECK(cells(parsed("array([[8, 3], [2, 7]], dtype=int64)")) == Cells{7, 3, 2, 8});
  // A grid under a caption naming scikit-learn.
  const auto caption = parsed("sklearn confusion_matrix:\n8 3\n2 7");
  CHECK(cells(caption) == Cells{7, 3, 2, 8});
  CHECK(caption.reading.back().rfind("Read as: TN = 8, FP = 3 / FN = 2, TP = 7 (scikit-learn's",
                                     0) == 0);
  CHECK(cells(parsed("confusion_matrix =\n8 3\n2 7")) == Cells{7, 3, 2, 8});
}

TEST_CASE("confusion input: a sentence with numbers in words", "[parse][confusion][read-as]") {
  // 12 retrieved, 9 of them relevant: TP = 9, FP = 3; 30 relevant in all: FN = 30 − 9 = 21.
  const auto c = parsed(
      "The system retrieves 12 documents, nine of them relevant; the collection holds thirty "
      "relevant documents.");
  CHECK(cells(c) == Cells{9, 3, 21, -1});
  CHECK(c.reading.at(0) ==
        "Read as: 12 retrieved (TP + FP), 9 of them relevant (TP), 30 relevant in the collection "
        "(TP + FN): TP = 9, FP = 12 − 9 = 3, FN = 30 − 9 = 21; TN is unknown without the "
        "collection's size (add \"a collection of N documents\").");
  // With the collection's size: TN = 50 − 9 − 3 − 21 = 17.
  const auto all = parsed(
      "In a collection of 50 documents, thirty of them relevant, a search engine returns twelve "
      "documents, of which 9 are relevant.");
  CHECK(cells(all) == Cells{9, 3, 21, 17});
  CHECK(all.reading.at(0) ==
        "Read as: 12 retrieved (TP + FP), 9 of them relevant (TP), 30 relevant in the collection "
        "(TP + FN): TP = 9, FP = 12 − 9 = 3, FN = 30 − 9 = 21, TN = 50 − 9 − 3 − 21 = 17 (a "
        "collection of 50).");
  CHECK(cells(parsed("There are 30 relevant documents. 12 documents are retrieved; 9 are "
                     "relevant.")) == Cells{9, 3, 21, -1});
}

TEST_CASE("confusion input: sentences as textbooks and encyclopedias word them",
          "[parse][confusion][read-as]") {
  // Stanford CS124, "Week 5: Solutions to Group Exercises on Information Retrieval" (2025),
  // after Manning et al., Introduction to IR, exercise 8.1: TP = 8, FP = 10, FN = 20 − 8 = 12;
  // the source's answers are P = 8/18 = 4/9 and R = 8/20 = 2/5.
  const auto cs124 = parsed(
      "For a particular query, your system returns 8 relevant documents and 10 non-relevant "
      "documents. There are a total of 20 relevant documents in the collection.\n");
  CHECK(cells(cs124) == Cells{8, 10, 12, -1});
  CHECK(cs124.reading.at(0) ==
        "Read as: 8 relevant retrieved (TP), 10 non-relevant retrieved (FP), 20 relevant in the "
        "collection (TP + FN): TP = 8, FP = 10, FN = 20 − 8 = 12; TN is unknown without the "
        "collection's size (add \"a collection of N documents\").");
  // Wikipedia, "Precision and recall" (the dog-recognition example, about 2018): 8 identified,
  // 5 of them dogs, 12 dogs in the picture: TP = 5, FP = 3, FN = 7 (P = 5/8, R = 5/12).
  const auto dogs = parsed(
      "Suppose a computer program for recognizing dogs in photographs identifies 8 dogs in a "
      "picture containing 12 dogs and some cats. Of the 8 identified as dogs, 5 actually are dogs "
      "(true positives), while the rest are cats (false positives).\n");
  CHECK(cells(dogs) == Cells{5, 3, 7, -1});
  CHECK(dogs.reading.at(0) ==
        "Read as: 8 retrieved (TP + FP), 5 of them dogs (TP), 12 dogs in all (TP + FN), dogs "
        "being the relevant class: TP = 5, FP = 8 − 5 = 3, FN = 12 − 5 = 7; TN is unknown "
        "without the collection's size (add \"a collection of N documents\").");
  // Wikipedia, "Precision and recall" (the search-engine example): 30 returned, 20 relevant,
  // 40 relevant missed: TP = 20, FP = 10, FN = 40 (P = 20/30 = 2/3, R = 20/60 = 1/3).
  const auto web = parsed(
      "When a search engine returns 30 pages only 20 of which were relevant while failing to "
      "return 40 additional relevant pages\n");
  CHECK(cells(web) == Cells{20, 10, 40, -1});
  CHECK(web.reading.at(0) ==
        "Read as: 30 retrieved (TP + FP), 20 of them relevant (TP), 40 relevant not retrieved "
        "(FN): TP = 20, FP = 30 − 20 = 10, FN = 40; TN is unknown without the collection's size "
        "(add \"a collection of N documents\").");
  // "misses" names the relevant documents not retrieved too: FN = 4.
  CHECK(cells(parsed("It retrieves 10 documents, 6 of them relevant, and misses 4 relevant "
                     "documents.")) == Cells{6, 4, 4, -1});
}

TEST_CASE("confusion input: y_true and y_pred as a program prints them",
          "[parse][confusion][read-as]") {
  // scikit-learn's balanced_accuracy_score example: 1 positive; items 2 (TP), 5 (FN), 6 (FP),
  // the other three TN.
  const auto c = parsed("y_true = [0, 1, 0, 0, 1, 0]\ny_pred = [0, 1, 0, 0, 0, 1]\n");
  CHECK(cells(c) == Cells{1, 1, 1, 3});
  CHECK(c.reading.at(0) ==
        "Read the captioned lists 'y_true' as true: and 'y_pred' as predicted:.");
  CHECK(c.reading.at(1).rfind("Read 6 items from y_true: and y_pred:. ", 0) == 0);
  // Lists of different lengths: the message names the captions as typed.
  const auto e = parse_error("y_true = [0, 1, 0]\ny_pred = [0, 1]");
  check_at(e, ErrorCode::inconsistent_counts, 1, 17);
  CHECK(e.message ==
        "y_true: has 3 labels (line 1) but y_pred: has 2 (line 2); give one prediction per item. "
        "The first without a partner is '0' at line 1, column 17");
}

// --- mistakes: labelled grids, scikit-learn's printout, sentences ------------------------------

TEST_CASE("confusion input, error: a Total that is not the sum", "[parse][confusion][errors]") {
  const auto e =
      parse_error("\tPredicted yes\tPredicted no\tTotal\nActual yes\t7\t2\t9\nActual no\t3\t8\t12");
  check_at(e, ErrorCode::inconsistent_counts, 3, 15);
  CHECK(e.message ==
        "the Total column gives 12 in row 2 (line 3), but the counts before it add up to 11; "
        "correct it or leave the totals out");
}

TEST_CASE("confusion input, error: n in the corner that is not the sum of the cells",
          "[parse][confusion][errors]") {
  const auto e = parse_error(
      "n=160 Predicted: NO Predicted: YES\nActual: NO 50 10\n"
      "Actual: YES 5 100");
  check_at(e, ErrorCode::inconsistent_counts, 1, 1);
  CHECK(e.message ==
        "the four cells sum to 165, but 'n=160' at line 1, column 1 gives the number of items; "
        "correct a count or the total");
}

TEST_CASE("confusion input, error: TP FP FN TN named twice or not at all",
          "[parse][confusion][errors]") {
  const auto twice = parse_error("TP FP TP TN\n7 3 2 8");
  check_at(twice, ErrorCode::bad_token, 2, 5);
  CHECK(twice.message ==
        "TP is named twice; its second count is '2' at line 2, column 5. Name each of TP, FP, FN "
        "and TN once");
  const auto missing = parse_error("TP FP TN\n7 3 8");
  CHECK(missing.code == ErrorCode::bad_token);
  CHECK(missing.message ==
        "the labels name 3 counts but not FN; give TP, FP and FN (TN is optional), as in a header "
        "TP FP FN TN over the row 7 3 2 8");
}

TEST_CASE("confusion input, error: scikit-learn's printout cut short or with more",
          "[parse][confusion][errors]") {
  const auto open = parse_error("array([[8, 3],\n       [2, 7]");
  check_at(open, ErrorCode::bad_token, 1, 7);
  CHECK(open.message ==
        "the matrix opened with '[[' at line 1, column 7 is not closed; end each row with ']' "
        "and the matrix with ']]', as in [[8, 3], [2, 7]]");
  const auto deep = parse_error("[[[8, 3]]]");
  check_at(deep, ErrorCode::bad_token, 1, 3);
  CHECK(deep.message ==
        "found a third '[' at line 1, column 3; a confusion matrix has two levels of brackets, "
        "rows inside the matrix, as in [[8, 3], [2, 7]]");
  const auto after = parse_error("[[8, 3], [2, 7]] and more");
  check_at(after, ErrorCode::bad_token, 1, 18);
  CHECK(after.message ==
        "found 'and more' after the matrix at line 1, column 18; give one confusion matrix, as "
        "scikit-learn prints it: [[8, 3], [2, 7]]");
  const auto ragged = parse_error("[[8, 3], [2]]");
  check_at(ragged, ErrorCode::bad_token, 1, 11);
  CHECK(ragged.message ==
        "row 2 of the matrix has 1 count but row 1 has 2; every row needs the same number of "
        "counts");
  const auto three = parse_error("[[2, 0, 0], [0, 0, 1], [1, 0, 2]]");
  check_at(three, ErrorCode::bad_token, 1, 9);
  CHECK(three.message ==
        "the grid has 3 rows of 3 counts; confusion reads 2 rows of 2 counts (or the 4 on one "
        "line): rows truly relevant and truly non-relevant, columns returned and not returned; "
        "for 3 classes use multiclass. The first count outside a 2 × 2 grid is '0' at line 1, "
        "column 9");
  const auto word = parse_error("[[8, x], [2, 7]]");
  check_at(word, ErrorCode::bad_number, 1, 6);
  CHECK(word.message ==
        "found 'x' in row 1 of the matrix at line 1, column 6; expected a whole number 0 or more "
        "(a count of documents)");
  CHECK(parse_error("[[8.5, 3], [2, 7]]").message ==
        "found '8.5' in row 1 of the matrix at line 1, column 3; expected a whole number 0 or "
        "more (a count of documents)");
}

TEST_CASE("confusion input, error: a sentence that leaves a count out or contradicts itself",
          "[parse][confusion][errors]") {
  const auto no_r = parse_error("The system retrieves 12 documents, nine of them relevant.");
  CHECK(no_r.code == ErrorCode::bad_token);
  CHECK(no_r.message ==
        "the sentence gives the documents retrieved ('12' at line 1, column 22), the relevant "
        "among them ('nine' at line 1, column 36) but not how many relevant documents the "
        "collection holds; add it, as in \"the collection holds thirty relevant documents\" (or "
        "give the counts tp= fp= fn=)");
  const auto no_tp =
      parse_error("It retrieves 12 documents; the collection holds 30 relevant documents.");
  CHECK(no_tp.message ==
        "the sentence gives the documents retrieved ('12' at line 1, column 14), the relevant "
        "documents in the collection ('30' at line 1, column 49) but not how many of the "
        "retrieved documents are relevant; add it, as in \"nine of them relevant\" (or give the "
        "counts tp= fp= fn=)");
  const auto more = parse_error(
      "It retrieves 12 documents, 15 of them relevant; the collection holds 30 relevant "
      "documents.");
  check_at(more, ErrorCode::inconsistent_counts, 1, 28);
  CHECK(more.message ==
        "the sentence has 15 relevant documents retrieved ('15' at line 1, column 28) but only 12 "
        "documents retrieved; the relevant ones retrieved are among those retrieved");
  // 12 retrieved but 9 + 4 = 13 relevant and non-relevant among them.
  const auto sum = parse_error(
      "It retrieves 12 documents, 9 of them relevant and 4 non-relevant. There are 20 relevant "
      "documents.");
  check_at(sum, ErrorCode::inconsistent_counts, 1, 51);
  CHECK(sum.message ==
        "the sentence has 12 documents retrieved ('12' at line 1, column 14) but 9 relevant and 4 "
        "non-relevant ones among them ('4' at line 1, column 51); give one of the two counts or "
        "make them add up");
  // 20 relevant but 9 retrieved and 12 missed.
  const auto missed = parse_error(
      "It retrieves 12 documents, 9 of them relevant, and fails to retrieve 12 relevant "
      "documents; the collection holds 20 relevant documents.");
  check_at(missed, ErrorCode::inconsistent_counts, 1, 70);
  CHECK(missed.message ==
        "the sentence has 20 relevant documents ('20' at line 1, column 114) but 9 retrieved and "
        "12 not retrieved ('12' at line 1, column 70); give one of the two counts or make them "
        "add up");
  const auto no_retrieved =
      parse_error("It finds 8 relevant documents and misses 12 relevant documents.");
  CHECK(no_retrieved.message ==
        "the sentence gives the relevant among them ('8' at line 1, column 10), the relevant "
        "documents not retrieved ('12' at line 1, column 42) but not how many documents were "
        "retrieved; add it, as in \"retrieves 12 documents\" (or give the counts tp= fp= fn=)");
  const auto small = parse_error(
      "In a collection of 20 documents, it retrieves 12 documents, 9 of them relevant; the "
      "collection holds 30 relevant documents.");
  check_at(small, ErrorCode::inconsistent_counts, 1, 20);
  CHECK(small.message ==
        "the collection of 20 documents ('20' at line 1, column 20) is smaller than the 33 "
        "documents retrieved or relevant (TP + FP + FN)");
}
