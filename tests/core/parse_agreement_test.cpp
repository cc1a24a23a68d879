// The parsers of judges' tables (kappa), Fleiss' tables and two rankings (tau): the layouts they
// accept, and one test per kind of mistake with the code, the position and the message checked
// word for word.

#include <algorithm>
#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

namespace {

irm::LabelMatrix judges(const std::string& text) {
  return test::parsed_ok(irm::parse_judges(text));
}

irm::InputError judges_error(const std::string& text) {
  return test::parse_fails(irm::parse_judges(text), text);
}

irm::RatingTable ratings(const std::string& text) {
  return test::parsed_ok(irm::parse_ratings(text));
}

irm::InputError ratings_error(const std::string& text) {
  return test::parse_fails(irm::parse_ratings(text), text);
}

irm::TwoRankings rankings(const std::string& text) {
  return test::parsed_ok(irm::parse_two_rankings(text));
}

irm::InputError rankings_error(const std::string& text) {
  return test::parse_fails(irm::parse_two_rankings(text), text);
}

void check_at(const irm::InputError& e, ErrorCode code, int line, int column, int length = 0) {
  CHECK(e.code == code);
  CHECK(e.where.line == line);
  CHECK(e.where.column == column);
  if (length > 0) CHECK(e.where.length == length);
}

using Counts = std::vector<std::vector<std::int64_t>>;
using Names = std::vector<std::string>;

}  // namespace

// --- judges: layouts -----------------------------------------------------------------------------

TEST_CASE("judges input: grids with and without labels, totals, Markdown, one line",
          "[parse][judges]") {
  const auto plain = judges("20 12\n4 4");
  CHECK(plain.labels == Names{"category 1", "category 2"});
  CHECK(plain.counts == Counts{{20, 12}, {4, 4}});
  CHECK(plain.reading.back() == "Read a 2 × 2 grid: rows are judge A, columns judge B.");
  // The judges' marks on the labels are dropped: #R(A) and #R(B) are the category R.
  const auto marked = judges("\t#R(B)\t#I(B)\n#R(A)\t20\t12\n#I(A)\t4\t4");
  CHECK(marked.labels == Names{"R", "I"});
  CHECK(judges("Rel_B NR_B\nRel_A 75 25\nNR_A 75 225").labels == Names{"Rel", "NR"});
  // Totals as the study notes "What to evaluate" and Bhattacharya's CS657A notes print them:
  // labelled, or unlabelled but equal to the sums.
  const auto totals = judges("R I Total\nR 20 12 32\nI 4 4 8\nTotal 24 16 40");
  CHECK(totals.counts == Counts{{20, 12}, {4, 4}});
  CHECK(totals.labels == Names{"R", "I"});
  CHECK(judges("75 25 100\n75 225 300\n150 250 400").counts == Counts{{75, 25}, {75, 225}});
  // A 3 × 3 grid whose last row and column are not the sums is three categories.
  CHECK(judges("1 2 3\n4 5 6\n7 8 9").labels.size() == 3);
  CHECK(judges("| | R | N |\n|---|---|---|\n| R | 2 | 1 |\n| N | 0 | 3 |").counts ==
        Counts{{2, 1}, {0, 3}});
  CHECK(judges("75 25 / 75 225").counts == Counts{{75, 25}, {75, 225}});
}

TEST_CASE("judges input: a 2 × 2 table on one line is judge A's rows, one after the other",
          "[parse][judges]") {
  // 75 25 75 225: judge A's first row 75 25, then its second 75 225.
  const auto m = judges("75 25 75 225");
  CHECK(m.counts == Counts{{75, 25}, {75, 225}});
  CHECK(m.labels == Names{"category 1", "category 2"});
  CHECK(m.reading.back() ==
        "Read the four counts on one line as a 2 × 2 grid written row by row (rows are judge A, "
        "columns judge B): 75 25 / 75 225.");
  CHECK(judges("75, 25, 75, 225").counts == Counts{{75, 25}, {75, 225}});
  // The classifier's matrix keeps asking for rows: one line of 4 is not read as 2 × 2 there.
  CHECK(test::parse_fails(irm::parse_label_matrix("1 2 3 4"), "1 2 3 4").code ==
        ErrorCode::bad_token);
}

TEST_CASE("judges input, error: three or five counts on one line", "[parse][judges][errors]") {
  const auto three = judges_error("75 25 75");
  check_at(three, ErrorCode::bad_token, 1, 1, 8);
  CHECK(three.message ==
        "found 3 counts on one line at line 1, column 1; a 2 × 2 grid on one line is 4 counts, "
        "row by row: judge A's first row, then its second (rows judge A, columns judge B), as in "
        "75 25 75 225; write a larger table one row per line");
  const auto nine = judges_error("1 2 3 4 5 6 7 8 9");
  check_at(nine, ErrorCode::bad_token, 1, 9, 1);
  CHECK(nine.message ==
        "found 9 counts on one line; a 2 × 2 grid on one line is 4 counts, row by row: judge A's "
        "first row, then its second (rows judge A, columns judge B), as in 75 25 75 225; write a "
        "larger table one row per line. The first count past the fourth is '5' at line 1, column "
        "9");
}

TEST_CASE("judges input: two label sequences, in order of first appearance", "[parse][judges]") {
  const auto m = judges("A: R R N N R\nB: R N N N R");
  CHECK(m.labels == Names{"R", "N"});
  CHECK(m.counts == Counts{{2, 1}, {0, 2}});
  CHECK(m.reading.at(0) ==
        "Read 5 items from A: and B:; the 2 categories in order of first appearance: R, N.");
  const auto numbers = judges("judge1: 2 10 1\njudge2: 10 2 1");
  CHECK(numbers.labels == Names{"1", "2", "10"});
  CHECK(numbers.reading.at(0) ==
        "Read 3 items from judge1: and judge2:; the 3 categories in increasing order: 1, 2, 10.");
  const auto one = judges("a: R R\nb: R R");
  CHECK(one.labels == Names{"R"});
  CHECK(one.reading.at(0) == "Read 2 items from a: and b:; one category: R.");
}

// --- judges: mistakes ----------------------------------------------------------------------------

TEST_CASE("judges input, error: empty", "[parse][judges][errors]") {
  const auto e = judges_error(" \n");
  check_at(e, ErrorCode::empty_input, 0, 0);
  CHECK(e.message ==
        "the input is empty; give a k × k grid of counts (rows: judge A, columns: judge B) or "
        "two lines A: and B: with each judge's label for every item");
}

TEST_CASE("judges input, error: a grid that is not square", "[parse][judges][errors]") {
  const auto e = judges_error("1 2 3\n4 5 6");
  check_at(e, ErrorCode::bad_token, 1, 5, 1);
  CHECK(e.message ==
        "the grid has 2 rows of 3 counts; the judges' table is square, one row and one column "
        "per category (rows: judge A, columns: judge B), with at least two categories. The first "
        "count outside a square grid is '3' at line 1, column 5");
}

TEST_CASE("judges input, error: a ragged row", "[parse][judges][errors]") {
  const auto e = judges_error("2 1\n1");
  check_at(e, ErrorCode::bad_token, 2, 1, 1);
  CHECK(e.message ==
        "row 2 (line 2) has 1 count but row 1 (line 1) has 2; every row needs the same number of "
        "counts");
}

TEST_CASE("judges input, error: a negative count", "[parse][judges][errors]") {
  const auto e = judges_error("2 -1\n1 3");
  check_at(e, ErrorCode::bad_number, 1, 3, 2);
  CHECK(e.message ==
        "found '-1' in row 1 of the grid at line 1, column 3; a count cannot be negative: "
        "expected a whole number 0 or more");
}

TEST_CASE("judges input, error: a word among the counts", "[parse][judges][errors]") {
  const auto e = judges_error("2 1\n1 R");
  check_at(e, ErrorCode::bad_number, 2, 3, 1);
  CHECK(e.message ==
        "found 'R' in row 2 of the grid at line 2, column 3; expected a whole number 0 or more (a "
        "count of documents)");
}

TEST_CASE("judges input, error: A: and B: of different lengths", "[parse][judges][errors]") {
  const auto e = judges_error("A: R R N\nB: R N");
  check_at(e, ErrorCode::inconsistent_counts, 1, 8, 1);
  CHECK(e.message ==
        "A: has 3 labels (line 1) but B: has 2 (line 2); give one label from each judge for "
        "every item. The first without a partner is 'N' at line 1, column 8");
}

TEST_CASE("judges input, error: A: without B:", "[parse][judges][errors]") {
  const auto e = judges_error("A: R R N");
  check_at(e, ErrorCode::bad_token, 1, 1, 1);
  CHECK(e.message ==
        "found A: at line 1, column 1 but no B: line; give each judge's labels, one per item in "
        "the same order, as in A: R R N and B: R N N");
}

TEST_CASE("judges input, error: an empty A: line", "[parse][judges][errors]") {
  const auto e = judges_error("A:\nB: R");
  check_at(e, ErrorCode::empty_input, 1, 1, 1);
  CHECK(e.message ==
        "the A: line at line 1, column 1 is empty; list one label per item after the "
        "colon");
}

TEST_CASE("judges input, error: a third judge or a repeated line", "[parse][judges][errors]") {
  const auto third = judges_error("A: R N\nB: R N\nC: R R");
  check_at(third, ErrorCode::bad_token, 3, 1, 1);
  CHECK(third.message == "found 'C' at line 3, column 1; expected a line starting A: or B:");
  const auto twice = judges_error("A: R N\nA: R N");
  check_at(twice, ErrorCode::bad_token, 2, 1, 1);
  CHECK(twice.message ==
        "a second A: line at line 2, column 1; the first is on line 1. Give it once");
}

TEST_CASE("judges input, error: a Total row or column that is not the sum",
          "[parse][judges][errors]") {
  const auto row = judges_error("R N Total\n20 12 32\n4 4 8\nTotal 24 16 41");
  check_at(row, ErrorCode::inconsistent_counts, 4, 13, 2);
  CHECK(row.message ==
        "the Total row (line 4) gives 41 in column 3, but the counts above it add up to 40; "
        "correct it or leave the totals out");
  const auto column = judges_error("R N Total\n20 12 30\n4 4 8\nTotal 24 16 38");
  check_at(column, ErrorCode::inconsistent_counts, 2, 7, 2);
  CHECK(column.message ==
        "the Total column gives 30 in row 1 (line 2), but the counts before it add up to 32; "
        "correct it or leave the totals out");
}

TEST_CASE("judges input, error: confusion-matrix counts", "[parse][judges][errors]") {
  const auto e = judges_error("tp=3 fp=1");
  check_at(e, ErrorCode::bad_token, 1, 1, 2);
  CHECK(e.message ==
        "found 'tp=' at line 1, column 1; expected a k × k grid of counts (rows: judge A, "
        "columns: judge B), with optional category names, or two lines A: and B:");
}

TEST_CASE("kappa, error: every count 0", "[kappa][errors]") {
  const auto e = test::fails("kappa", "0 0\n0 0");
  check_at(e, ErrorCode::inconsistent_counts, 0, 0);
  CHECK(e.message ==
        "every count in the judges' table is 0; kappa needs at least one item judged by both");
}

// --- judges: labels in words, numbered items, tutorials' tables ---------------------------------

TEST_CASE("judges input: two lines under the judges' own names, labels in words",
          "[parse][judges][words]") {
  // Items: (yes, yes), (no, yes), (yes, no), (yes, yes).
  const auto m = judges("Judge A: yes no yes yes\nJudge B: yes yes no yes");
  CHECK(m.labels == Names{"yes", "no"});
  CHECK(m.counts == Counts{{2, 1}, {1, 0}});
  CHECK(m.reading.at(0) ==
        "Read as: line 1 (Judge A:) is judge A, the rows; line 2 (Judge B:) is judge B, the "
        "columns.");
  CHECK(m.reading.at(1) ==
        "Read 4 items from Judge A: and Judge B:; the 2 categories in order of first appearance: "
        "yes, no.");
  // true/false under Rater 1 / Rater 2: (true, true), (false, true), (true, true).
  const auto tf = judges("Rater 1 : true false true\nRater 2 : true true true");
  CHECK(tf.labels == Names{"true", "false"});
  CHECK(tf.counts == Counts{{2, 0}, {1, 0}});
  // Any category names.
  CHECK(judges("Reader 1: high low mid\nReader 2: high mid mid").labels ==
        Names{"high", "low", "mid"});
  // Two keyed lines of counts stay a grid with row labels.
  CHECK(test::parse_fails(irm::parse_judges("R: 20 12\nN: 4 4"), "").code == ErrorCode::bad_token);
}

TEST_CASE("judges input: items numbered in pairs, 1, yes  2, no", "[parse][judges][words]") {
  // Items 1 (yes, yes), 2 (no, yes), 3 (yes, no).
  const auto m = judges("A: 1, yes  2, no  3, yes\nB: 1, yes  2, yes  3, no");
  CHECK(m.labels == Names{"yes", "no"});
  CHECK(m.counts == Counts{{1, 1}, {1, 0}});
  CHECK(m.reading.at(0) ==
        "Read as: A: numbers its items 1 to 3 (line 1); each number is dropped and its label "
        "kept.");
  // Without the judges' names: the first line is judge A.
  const auto bare = judges("1. yes 2. no 3. yes\n1. yes 2. yes 3. no");
  CHECK(bare.counts == Counts{{1, 1}, {1, 0}});
  CHECK(bare.reading.at(0) ==
        "Read as: line 1 is judge A, the rows; line 2 is judge B, the columns.");
  // Labels 1 1 2 0 are four labels of categories 0, 1 and 2, not two numbered items.
  CHECK(judges("A: 1 1 2 0\nB: 1 0 2 0").labels == Names{"0", "1", "2"});
}

TEST_CASE("judges input: one item per line, its number then each judge's label",
          "[parse][judges][words]") {
  // (yes, yes), (yes, no), (no, no), (no, yes).
  const auto m = judges("item A B\n1 yes yes\n2 yes no\n3 no no\n4 no yes");
  CHECK(m.counts == Counts{{1, 1}, {1, 1}});
  CHECK(m.labels == Names{"yes", "no"});
  CHECK(m.reading.at(0) ==
        "Read as: one item per line, numbered 1 to 4: the item's number, then judge A's label "
        "(A:), then judge B's (B:).");
  CHECK(judges("1, yes, yes\n2, yes, no").counts == Counts{{1, 1}, {0, 0}});
}

TEST_CASE("judges input: a table with the judges above and beside, totals and percentages",
          "[parse][judges][words]") {
  // Reader B's categories on a line below "B", reader A's before each row.
  const auto m = judges("\t\tB\n\t\tYes\tNo\nA\tYes\t20\t5\n\tNo\t10\t15");
  CHECK(m.counts == Counts{{20, 5}, {10, 15}});
  CHECK(m.labels == Names{"Yes", "No"});
  CHECK(m.reading.at(0) ==
        "Read as a caption and skipped: line 1 (B), above the header that names the categories.");
  CHECK(judges("\t\tB\n\t\tYes\tNo\tTotal\nA\tYes\t20\t5\t25\n\tNo\t10\t15\t25\n"
               "\tTotal\t30\t20\t50")
            .counts == Counts{{20, 5}, {10, 15}});
  // Percentages of n = 50: 40% → 20, 10% → 5, 20% → 10, 30% → 15.
  const auto pct = judges("n = 50\n\tYes\tNo\nYes\t40%\t10%\nNo\t20%\t30%");
  CHECK(pct.counts == Counts{{20, 5}, {10, 15}});
  CHECK(pct.reading.at(0) ==
        "Read as: counts = share × n = 50: 40% → 20, 10% → 5, 20% → 10, 30% → 15.");
  // Without n, percentages adding up to 100% are read out of 100.
  const auto hundred = judges("Yes No\nYes 40% 10%\nNo 20% 30%");
  CHECK(hundred.counts == Counts{{40, 10}, {20, 30}});
  CHECK(hundred.reading.at(0) ==
        "Read as: counts = share × 100 (no n is given; kappa is the same for any n): 40% → 40, "
        "10% → 10, 20% → 20, 30% → 30.");
  // Proportions of n, n in the corner.
  CHECK(judges("n=50 Yes No\nYes 0.4 0.1\nNo 0.2 0.3").counts == Counts{{20, 5}, {10, 15}});
}

TEST_CASE("judges input, error: shares that do not add up or give no whole count",
          "[parse][judges][words][errors]") {
  const auto sum = judges_error("Yes No\nYes 40% 10%\nNo 20% 20%");
  check_at(sum, ErrorCode::inconsistent_counts, 2, 5, 3);
  CHECK(sum.message ==
        "found '40%' at line 2, column 5, a share of the items; the shares add up to 90%, not "
        "100%; give the number of items on a line of its own, as in n = 50");
  const auto whole = judges_error("n = 25\nYes No\nYes 40% 10%\nNo 20% 30%");
  check_at(whole, ErrorCode::bad_number, 3, 9, 3);
  CHECK(whole.message ==
        "found '10%' at line 3, column 9; 10% of 25 items is 5/2, not a whole number; check the "
        "share or n");
}

TEST_CASE("judges input, error: named judges' lines of different lengths",
          "[parse][judges][words][errors]") {
  const auto e = judges_error("Judge A: yes no yes\nJudge B: yes no");
  check_at(e, ErrorCode::inconsistent_counts, 1, 17, 3);
  CHECK(e.message ==
        "Judge A: has 3 labels (line 1) but Judge B: has 2 (line 2); give one label from each "
        "judge for every item. The first without a partner is 'yes' at line 1, column 17");
}

// --- Fleiss: layouts -----------------------------------------------------------------------------

TEST_CASE("ratings input: counts, names, numbered headers and item numbers", "[parse][fleiss]") {
  const auto plain = ratings("0 2 6 4 2\n0 0 3 5 6");
  CHECK(plain.raters == 14);
  CHECK(plain.items == Names{"1", "2"});
  CHECK(plain.categories == Names{"1", "2", "3", "4", "5"});
  CHECK(plain.reading.back() == "Read 2 items × 5 categories; every row sums to m = 14 raters.");
  const auto named = ratings("doc\trel\tpartly\tnon\nd1\t3\t1\t0\nd2\t0\t2\t2");
  CHECK(named.items == Names{"d1", "d2"});
  CHECK(named.categories == Names{"rel", "partly", "non"});
  CHECK(named.counts == Counts{{3, 1, 0}, {0, 2, 2}});
  const auto header = ratings("1 2 3\n4 0 0\n1 1 2");
  CHECK(header.counts == Counts{{4, 0, 0}, {1, 1, 2}});
  CHECK(header.reading.at(0) == "Line 1 (1 2 3) is read as the category names, not as an item.");
  const auto numbered = ratings("1 4 0 0\n2 1 1 2\n3 0 2 2");
  CHECK(numbered.counts == Counts{{4, 0, 0}, {1, 1, 2}, {0, 2, 2}});
  CHECK(numbered.reading.at(0) ==
        "The first column (1, 2, 3) numbers the items; it is not a count of raters.");
  const auto total = ratings("a b\n3 1\n2 2\nTotal 5 3");
  CHECK(total.counts == Counts{{3, 1}, {2, 2}});
  CHECK(total.reading.at(0) ==
        "The last row holds the totals of the columns: it equals the sums of the counts, so it "
        "is checked and left out.");
  CHECK(ratings("3 1 / 2 2").counts == Counts{{3, 1}, {2, 2}});
}

// --- Fleiss: mistakes ----------------------------------------------------------------------------

TEST_CASE("ratings input, error: empty", "[parse][fleiss][errors]") {
  const auto e = ratings_error("");
  check_at(e, ErrorCode::empty_input, 0, 0);
  CHECK(e.message ==
        "the input is empty; give one row per item and one column per category, each count the "
        "number of raters who put that item in that category, as in 0 2 6 4 2");
}

TEST_CASE("ratings input, error: rows with different rater totals", "[parse][fleiss][errors]") {
  const auto e = ratings_error("1 2 3\n3 2 1\n2 2 3\n1 1 4");
  check_at(e, ErrorCode::inconsistent_counts, 3, 1, 5);
  CHECK(e.message ==
        "the counts in row 3 (line 3) add up to 7, but in row 1 (line 1) they add up to 6; in "
        "Fleiss' table every item is rated by the same number of raters m, so every row must "
        "have the same sum");
  // The most common sum is the reference: here row 1 is the odd one.
  const auto first = ratings_error("2 2 3\n1 2 3\n3 2 1");
  check_at(first, ErrorCode::inconsistent_counts, 1, 1, 5);
  CHECK(first.message ==
        "the counts in row 1 (line 1) add up to 7, but in row 2 (line 2) they add up to 6; in "
        "Fleiss' table every item is rated by the same number of raters m, so every row must "
        "have the same sum");
}

TEST_CASE("ratings input, error: a ragged row", "[parse][fleiss][errors]") {
  const auto e = ratings_error("1 2 3\n4 5");
  check_at(e, ErrorCode::bad_token, 2, 3, 1);
  CHECK(e.message ==
        "row 2 (line 2) has 2 counts but row 1 (line 1) has 3; every row needs the same number of "
        "counts");
}

TEST_CASE("ratings input, error: a negative count", "[parse][fleiss][errors]") {
  const auto e = ratings_error("1 2 3\n3 -2 1");
  check_at(e, ErrorCode::bad_number, 2, 3, 2);
  CHECK(e.message ==
        "found '-2' in row 2 of the grid at line 2, column 3; a count cannot be negative: "
        "expected a whole number 0 or more");
}

TEST_CASE("ratings input, error: a word or a decimal among the counts", "[parse][fleiss][errors]") {
  const auto e = ratings_error("1 2 3\n3 2 0.5");
  check_at(e, ErrorCode::bad_number, 2, 5, 3);
  CHECK(e.message ==
        "found '0.5' in row 2 of the grid at line 2, column 5; expected a whole number 0 or more "
        "(a count of raters)");
}

TEST_CASE("ratings input, error: one column", "[parse][fleiss][errors]") {
  const auto e = ratings_error("3\n3");
  check_at(e, ErrorCode::bad_token, 1, 1, 1);
  CHECK(e.message ==
        "the table has 1 column; Fleiss' kappa needs at least two categories: give one row per "
        "item and one column per category, each count the number of raters who put that item in "
        "that category, as in 0 2 6 4 2");
}

TEST_CASE("ratings input, error: fewer than 2 raters per item", "[parse][fleiss][errors]") {
  const auto e = ratings_error("1 0\n0 1");
  check_at(e, ErrorCode::inconsistent_counts, 1, 1, 1);
  CHECK(e.message ==
        "every row adds up to 1 rater; Fleiss' kappa compares raters, so each item needs at least "
        "2 ratings (every row sums to m ≥ 2)");
  CHECK(ratings_error("0 0\n0 0").message ==
        "every row adds up to 0 raters; Fleiss' kappa compares raters, so each item needs at "
        "least 2 ratings (every row sums to m ≥ 2)");
}

TEST_CASE("ratings input, error: a Total row that is not the sum", "[parse][fleiss][errors]") {
  const auto e = ratings_error("cat dog bird\nd1 1 2 3\nd2 3 3 0\nTotal 4 5 4");
  check_at(e, ErrorCode::inconsistent_counts, 4, 11, 1);
  CHECK(e.message ==
        "the Total row (line 4) gives 4 in column 3, but the counts above it add up to 3; "
        "correct it or leave the totals out");
}

// --- two rankings: layouts -----------------------------------------------------------------------

TEST_CASE("rankings input: keyed lines, items, orders, plain lines, columns", "[parse][tau]") {
  const auto keyed = rankings("x: 3 1 2\ny: 0.5 -1 .25\nitems: d1 d2 d3");
  CHECK(keyed.items == Names{"d1", "d2", "d3"});
  CHECK(keyed.x == std::vector<irm::Fraction>{{3, 1}, {1, 1}, {2, 1}});
  CHECK(keyed.y == std::vector<irm::Fraction>{{1, 2}, {-1, 1}, {1, 4}});
  CHECK(keyed.y_text == Names{"0.5", "-1", ".25"});
  CHECK_FALSE(keyed.from_orders);
  const auto orders = rankings("r: b a c\ns: c a b");
  CHECK(orders.from_orders);
  CHECK(orders.items == Names{"b", "a", "c"});
  CHECK(orders.x == std::vector<irm::Fraction>{{1, 1}, {2, 1}, {3, 1}});
  CHECK(orders.y == std::vector<irm::Fraction>{{3, 1}, {2, 1}, {1, 1}});
  CHECK(orders.x_name == "r");
  const auto plain = rankings("1 2 3\n3 2 1");
  CHECK(plain.reading.at(0) ==
        "Read line 1 as x and line 2 as y (start them with x: and y: to say so).");
  const auto columns = rankings("doc bm25 lm\nd1 0.9 0.7\nd2 0.8 0.9\nd3 0.1 0.2");
  CHECK(columns.items == Names{"d1", "d2", "d3"});
  CHECK(columns.x_name == "bm25");
  CHECK(columns.y_name == "lm");
  CHECK(rankings("1 3\n2 1\n3 2").y == std::vector<irm::Fraction>{{3, 1}, {1, 1}, {2, 1}});
}

TEST_CASE("rankings input: exponents, and digits past 18 dropped with a note", "[parse][tau]") {
  // 0.0026272101995812314 needs 10^19 as denominator: its last digit is dropped.
  const auto r = rankings("x: 0.0026272101995812314 2e-3 1E2\ny: 1 2 3");
  CHECK(r.x.at(0) == test::frac(2627210199581231, 1'000'000'000'000'000'000));
  CHECK(r.x.at(1) == test::frac(1, 500));
  CHECK(r.x.at(2) == test::frac(100, 1));
  CHECK(r.x_text.at(0) == "0.0026272101995812314");
  CHECK(r.reading.at(0) ==
        "Some values have more digits than an exact 64-bit fraction holds (18 significant "
        "digits, 18 decimal places); the extra digits are dropped before comparing.");
}

// --- two rankings: mistakes ----------------------------------------------------------------------

TEST_CASE("rankings input, error: a value too large or too small", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1e30 1\ny: 1 2");
  check_at(e, ErrorCode::out_of_range, 1, 4, 4);
  CHECK(e.message ==
        "found '1e30' in x: at line 1, column 4; values must lie between 10^-18 and 10^18 in size "
        "(only their order matters, so scale them)");
}

TEST_CASE("rankings input, error: empty", "[parse][tau][errors]") {
  const auto e = rankings_error("\n\n");
  check_at(e, ErrorCode::empty_input, 0, 0);
  CHECK(e.message ==
        "the input is empty; give two rankings of the same items, one value per item, as two "
        "lines x: 1 2 3 4 and y: 2 1 4 3");
}

TEST_CASE("rankings input, error: x and y of different lengths", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1 2 3\ny: 1 2");
  check_at(e, ErrorCode::inconsistent_counts, 1, 8, 1);
  CHECK(e.message ==
        "x: has 3 values (line 1) but y: has 2 (line 2); give one value per item in each. The "
        "first without a partner is '3' at line 1, column 8");
}

TEST_CASE("rankings input, error: fewer than 2 items", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1\ny: 1");
  check_at(e, ErrorCode::bad_token, 1, 4, 1);
  CHECK(e.message ==
        "x: and y: have 1 value each; a rank correlation compares pairs of items, so it needs at "
        "least "
        "2 items");
}

TEST_CASE("rankings input, error: x: without y:, or a single line", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1 2 3");
  check_at(e, ErrorCode::bad_token, 1, 1, 1);
  CHECK(e.message ==
        "found x: at line 1, column 1 but no y: line; give two rankings of the same items, one "
        "value per item, as in x: 1 2 3 and y: 2 1 3");
  const auto one = rankings_error("1 2 3");
  check_at(one, ErrorCode::bad_token, 1, 1, 1);
  CHECK(one.message ==
        "found one line at line 1, column 1; give two rankings of the same items, as two lines "
        "x: 1 2 3 and y: 2 1 3");
}

TEST_CASE("rankings input, error: a value that is not a number", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1 2 1.2.3\ny: 1 2 3");
  check_at(e, ErrorCode::bad_number, 1, 8, 5);
  CHECK(e.message ==
        "found '1.2.3' in x: at line 1, column 8; expected a number such as 3, 0.25 or -1.5 (a "
        "score or a rank)");
}

TEST_CASE("rankings input, error: names mixed with numbers", "[parse][tau][errors]") {
  const auto e = rankings_error("x: 1 2 a\ny: 1 2 3");
  check_at(e, ErrorCode::bad_token, 1, 8, 1);
  CHECK(e.message ==
        "found 'a' in x: at line 1, column 8 among numbers; give both lines as numbers (scores or "
        "ranks, one per item) or both as orders (the item names from rank 1 down)");
}

TEST_CASE("rankings input, error: orders that do not list the same items once",
          "[parse][tau][errors]") {
  const auto missing = rankings_error("x: a b c\ny: a b d");
  check_at(missing, ErrorCode::bad_token, 2, 8, 1);
  CHECK(missing.message ==
        "item 'd' in y: at line 2, column 8 is not in x: (line 1); both orders must list the same "
        "items");
  const auto twice = rankings_error("x: a b a\ny: a b c");
  check_at(twice, ErrorCode::bad_token, 1, 8, 1);
  CHECK(twice.message ==
        "item 'a' is listed twice in x:, at line 1, column 4 and at line 1, column 8; an order "
        "lists each item once");
}

TEST_CASE("rankings input, error: items: of the wrong length or with a repeated name",
          "[parse][tau][errors]") {
  const auto length = rankings_error("x: 1 2 3\ny: 1 2 3\nitems: a b");
  check_at(length, ErrorCode::inconsistent_counts, 3, 1, 5);
  CHECK(length.message ==
        "items: names 2 items (line 3) but x: and y: have 3 values; give one name per item");
  const auto twice = rankings_error("x: 1 2 3\ny: 1 2 3\nitems: a b a");
  check_at(twice, ErrorCode::bad_token, 3, 12, 1);
  CHECK(twice.message ==
        "item 'a' is named twice in items:, at line 3, column 8 and at line 3, column 12; give "
        "each item its own name");
}

TEST_CASE("rankings input, error: an unknown or repeated key", "[parse][tau][errors]") {
  const auto unknown = rankings_error("x: 1 2 3\ny: 1 2 3\nz: 1 2 3");
  check_at(unknown, ErrorCode::bad_token, 3, 1, 1);
  CHECK(unknown.message ==
        "found 'z:' at line 3, column 1; expected a line starting x:, y: or "
        "items:");
  const auto twice = rankings_error("x: 1 2 3\nx: 1 2 3");
  check_at(twice, ErrorCode::bad_token, 2, 1, 1);
  CHECK(twice.message ==
        "a second x: line at line 2, column 1; the first is on line 1. Give it once");
}

TEST_CASE("rankings input, error: a column line of the wrong shape", "[parse][tau][errors]") {
  const auto e = rankings_error("d1 1 2\nd2 2 1\nd3 3 3 4");
  check_at(e, ErrorCode::bad_token, 3, 8, 1);
  CHECK(e.message ==
        "line 3 has 4 entries; in columns each line holds an item name, its x and its y, as line "
        "1 does");
}

TEST_CASE("judges: a textbook's table, a count per pair, a sentence above a pipe table, lists",
          "[parse][agreement][read-as]") {
  const auto has = [](const irm::LabelMatrix& m, const std::string& note) {
    return std::find(m.reading.begin(), m.reading.end(), note) != m.reading.end();
  };
  // Manning et al., Introduction to Information Retrieval, table 8.2, as typed from the book.
  const auto iir = judges(
      "\t\tJudge 2 Relevance\n\t\tYes\tNo\tTotal\nJudge 1\tYes\t300\t20\t320\n"
      "Relevance\tNo\t10\t70\t80\n\tTotal\t310\t90\t400\n");
  CHECK(iir.labels == std::vector<std::string>{"Yes", "No"});
  CHECK(iir.counts == std::vector<std::vector<std::int64_t>>{{300, 20}, {10, 70}});
  CHECK(has(iir,
            "Read as a caption and skipped: line 1 (Judge 2 Relevance), above the header that "
            "names the categories."));
  CHECK(has(iir,
            "Read as a caption of the rows and skipped: 'Judge 1' (line 3), 'Relevance' "
            "(line 4)."));
  // Stanford CS276's slide: the count of documents for each pair of judgments.
  const auto cs276 = judges(
      "| Number  of docs | Judge  1    | Judge  2    |\n"
      "| --------------- | ----------- | ----------- |\n"
      "| 300             | Relevant    | Relevant    |\n"
      "| 70              | Nonrelevant | Nonrelevant |\n"
      "| 20              | Relevant    | Nonrelevant |\n"
      "| 10              | Nonrelevant | Relevant    |\n");
  CHECK(cs276.labels == std::vector<std::string>{"Relevant", "Nonrelevant"});
  CHECK(cs276.counts == std::vector<std::vector<std::int64_t>>{{300, 20}, {10, 70}});
  CHECK(cs276.reading ==
        std::vector<std::string>{
            "Read as: one line per pair of judgments, its count first ('Number of docs'), then "
            "judge A's label (Judge 1:) and judge B's (Judge 2:): 300 × (Relevant, Relevant), 70 "
            "× (Nonrelevant, Nonrelevant), 20 × (Relevant, Nonrelevant), 10 × (Nonrelevant, "
            "Relevant); the categories Relevant, Nonrelevant."});
  // The count last, no header: A and B.
  const auto last = judges("yes yes 5\nyes no 2\nno no 3");
  CHECK(last.counts == std::vector<std::vector<std::int64_t>>{{5, 2}, {0, 3}});
  // A sentence above the table is skipped and said.
  const auto prose = judges(
      "Two readers read each of 50 grant proposals and said yes or no to each one:\n"
      "B | |||\n---|---|---|---|\nYes | No | ||\nA | Yes | 20 | 5 |\nNo | 10 | 15 |\n");
  CHECK(prose.counts == std::vector<std::vector<std::int64_t>>{{20, 5}, {10, 15}});
  CHECK(has(prose,
            "Skipped the sentence on line 1 above the table (words, not cells of the table)."));
  // scikit-learn's cohen_kappa_score example: y1 and y2, the first judge A.
  const auto lists = judges(
      "y1 = [\"negative\", \"positive\", \"negative\", \"neutral\", \"positive\"]\n"
      "y2 = [\"negative\", \"positive\", \"negative\", \"neutral\", \"negative\"]\n");
  CHECK(lists.reading.at(0) ==
        "Read the two captioned lists as the judges' labels in the order given: 'y1' as A: and "
        "'y2' as B:.");
  CHECK(lists.counts.size() == 3);
}

TEST_CASE("judges, error: a count per pair that is not a whole number",
          "[parse][agreement][errors]") {
  const auto e = judges_error("| n | A | B |\n| 3.5 | yes | yes |\n| 2 | no | no |");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 3);
  CHECK(e.message ==
        "found '3.5' as the count of a pair of judgments at line 2, column 3; expected a whole "
        "number 0 or more (a count of items)");
}
