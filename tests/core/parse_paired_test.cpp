// The paired-scores parser: columns (query id optional, header optional), x:/y: and a:/b: lines,
// d: differences, exact decimals, and one test per kind of mistake with the code, the position
// and the message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;
using test::frac;

namespace {

irm::PairedScores parsed(const std::string& text) {
  return test::parsed_ok(irm::parse_paired_scores(text));
}

irm::InputError parse_error(const std::string& text) {
  return test::parse_fails(irm::parse_paired_scores(text), text);
}

void check_at(const irm::InputError& e, ErrorCode code, int line, int column) {
  CHECK(e.code == code);
  CHECK(e.where.line == line);
  CHECK(e.where.column == column);
}

std::vector<std::string> ids(const irm::PairedScores& p) {
  std::vector<std::string> out;
  for (const auto& q : p.queries) out.push_back(q.id);
  return out;
}

irm::Fraction difference(const irm::PairedScores& p, std::size_t i) {
  REQUIRE(p.queries.at(i).difference.value.exact.has_value());
  return *p.queries[i].difference.value.exact;
}

}  // namespace

// --- layouts -------------------------------------------------------------------------------------

TEST_CASE("paired scores: columns with a query id: id x y per line", "[parse][paired]") {
  const auto p = parsed("q1 0.42 0.38\nq2 0.51 0.47\nq3 0.30 0.35");
  CHECK(ids(p) == std::vector<std::string>{"q1", "q2", "q3"});
  CHECK(p.ids_given);
  CHECK_FALSE(p.differences_only);
  CHECK(p.queries[0].x->text == "0.42");
  CHECK(*p.queries[0].x->value.exact == frac(21, 50));
  CHECK(p.queries[2].y->where.line == 3);
  CHECK(p.queries[2].y->where.column == 9);
  // 0.30 − 0.35 = −1/20 exactly (in doubles it is −0.04999999999999999).
  CHECK(difference(p, 2) == frac(-1, 20));
  CHECK(p.queries[2].difference.text == "-0.05");
  CHECK(p.reading.at(0) == "Read 3 queries, one per line: a query id, then the scores x and y.");
  CHECK(p.reading.back() == "Each difference is d = x − y: positive when x scores higher.");
}

TEST_CASE("paired scores: columns without ids are numbered q1, q2, …", "[parse][paired]") {
  const auto p = parsed("0.42 0.38\n0.51 0.47");
  CHECK(ids(p) == std::vector<std::string>{"q1", "q2"});
  CHECK_FALSE(p.ids_given);
  CHECK(p.reading.at(0) ==
        "Read 2 queries, one per line: the scores x and y; the queries are numbered q1 to q2 in "
        "the order given.");
}

TEST_CASE("paired scores: a header line names the systems, tabs and CSV", "[parse][paired]") {
  const auto tabs = parsed("topic\tBM25\tQL\r\n301\t0.42\t0.38\r\n302\t0.51\t0.47\r\n");
  CHECK(tabs.x_name == "BM25");
  CHECK(tabs.y_name == "QL");
  CHECK(ids(tabs) == std::vector<std::string>{"301", "302"});
  CHECK(tabs.reading.at(1) == "The first line is a header: x = BM25, y = QL.");
  const auto csv = parsed("query,run1,run2\nq1,0.42,0.38\nq2,0.51,0.47");
  CHECK(csv.x_name == "run1");
  CHECK(difference(csv, 1) == frac(1, 25));
  const auto no_id_header = parsed("A B\n0.4 0.3\n0.5 0.6");
  CHECK(no_id_header.x_name == "A");
  CHECK(ids(no_id_header) == std::vector<std::string>{"q1", "q2"});
  // "q1: 0.42 0.38": the colon ends the id.
  CHECK(ids(parsed("q1: 0.42 0.38\nq2: 0.5 0.4")) == std::vector<std::string>{"q1", "q2"});
}

TEST_CASE("paired scores: two lines x: and y:, in either order", "[parse][paired]") {
  const auto p = parsed("y: 0.38 0.47 0.35\nx: 0.42 0.51 0.30");
  CHECK(ids(p) == std::vector<std::string>{"q1", "q2", "q3"});
  CHECK(difference(p, 0) == frac(1, 25));
  CHECK(p.queries[1].x->where.column == 9);
  CHECK(p.x_name == "x");
  CHECK(p.reading.at(0) ==
        "Read x: and y: as the scores of 3 queries, the i-th score of one system with the i-th of "
        "the other; the queries are numbered q1 to q3 in the order given.");
}

TEST_CASE("paired scores: a: and b: name the systems, queries: gives the ids", "[parse][paired]") {
  const auto p = parsed("A: 0.4 0.5\nB: 0.3 0.5\nqueries: 401 402");
  CHECK(p.x_name == "A");
  CHECK(p.y_name == "B");
  CHECK(ids(p) == std::vector<std::string>{"401", "402"});
  CHECK(p.ids_given);
  CHECK(difference(p, 1) == frac(0, 1));
  CHECK(p.reading.at(0) ==
        "Read A: (x) and B: (y) as the scores of 2 queries, the i-th score of one system with the "
        "i-th of the other; the query ids come from queries:.");
}

TEST_CASE("paired scores: one line d: of differences", "[parse][paired]") {
  const auto p = parsed("d: 0.04, 0.04; -0.05 −0.01 2e-3");
  CHECK(p.differences_only);
  CHECK_FALSE(p.queries[0].x.has_value());
  CHECK(difference(p, 2) == frac(-1, 20));
  CHECK(difference(p, 3) == frac(-1, 100));  // the typeset minus sign U+2212
  CHECK(difference(p, 4) == frac(1, 500));
  CHECK(p.queries[3].difference.where.column == 22);
  CHECK(p.reading.at(0) ==
        "Read d: as 5 differences d = x − y, one per query; the queries are numbered q1 to q5 in "
        "the order given.");
}

TEST_CASE("paired scores: scores keep their exact decimal, signs and exponents",
          "[parse][paired]") {
  const auto p = parsed("x: +1.5 -2.5e-1 .5 1E2\ny: 0 0 0 0");
  CHECK(*p.queries[0].x->value.exact == frac(3, 2));
  CHECK(*p.queries[1].x->value.exact == frac(-1, 4));
  CHECK(*p.queries[2].x->value.exact == frac(1, 2));
  CHECK(*p.queries[3].x->value.exact == frac(100, 1));
  // More than 18 digits: kept as a double only.
  const auto long_digits = parsed("d: 0.1234567890123456789 1");
  CHECK_FALSE(long_digits.queries[0].difference.value.exact.has_value());
  CHECK(long_digits.queries[0].difference.value.approx == 0.1234567890123456789);
}

// --- mistakes: one test per kind ----------------------------------------------------------------

TEST_CASE("paired scores, error: empty input", "[parse][paired][errors]") {
  for (const char* text : {"", "  \n\t ", ",,;"}) {
    const auto e = parse_error(text);
    CHECK(e.code == ErrorCode::empty_input);
    CHECK(e.where.line == 0);
    CHECK(e.message ==
          "the input is empty; paste two columns of per-query scores (q1 0.42 0.38, one query per "
          "line), two lines x: and y:, or one line d: of differences");
  }
}

TEST_CASE("paired scores, error: a score that is not a number", "[parse][paired][errors]") {
  const auto e = parse_error("q1 0.4 0.3\nq2 0.5 abc");
  check_at(e, ErrorCode::bad_number, 2, 8);
  CHECK(e.where.length == 3);
  CHECK(e.message ==
        "found 'abc' at line 2, column 8; expected a score, a number such as 0.42, -1.5 or 2e-3");
  const auto keyed = parse_error("x: 1 2\ny: 1 x");
  check_at(keyed, ErrorCode::bad_number, 2, 6);
  const auto d = parse_error("d: 0.1 inf");
  check_at(d, ErrorCode::bad_number, 1, 8);
  CHECK(d.message ==
        "found 'inf' at line 1, column 8; expected a difference, a number such as 0.04, -0.05 or "
        "2e-3");
}

TEST_CASE("paired scores, error: a number too large for a double", "[parse][paired][errors]") {
  const auto e = parse_error("q1 1 2\nq2 1e999 3");
  check_at(e, ErrorCode::out_of_range, 2, 4);
  CHECK(e.message ==
        "the number '1e999' at line 2, column 4 is too large to compute with; scores must lie "
        "between 10^-15 and 10^15 in size (or be 0), so rescale them");
}

TEST_CASE("paired scores, error: a row with fewer entries than the first",
          "[parse][paired][errors]") {
  const auto e = parse_error("q1 0.4 0.3\nq2 0.5");
  check_at(e, ErrorCode::bad_token, 2, 4);
  CHECK(e.message ==
        "line 2 has 2 entries but line 1 has 3 (a query id, x and y); give every line the same "
        "columns");
}

TEST_CASE("paired scores, error: a row with more entries than the first",
          "[parse][paired][errors]") {
  const auto e = parse_error("0.4 0.3\n0.5 0.2 0.1");
  check_at(e, ErrorCode::bad_token, 2, 9);
  CHECK(e.message ==
        "line 2 has 3 entries but line 1 has 2 (x and y); found an extra entry '0.1' at line 2, "
        "column 9");
}

TEST_CASE("paired scores, error: a first row that is not two scores", "[parse][paired][errors]") {
  const auto wide = parse_error("0.4 0.3 0.5 0.6\n0.1 0.2 0.3 0.4");
  check_at(wide, ErrorCode::bad_token, 1, 13);
  CHECK(wide.message ==
        "line 1 has 4 entries; expected two scores per line, x then y, optionally after a query "
        "id (q1 0.42 0.38); or two lines x: … and y: …, or one line d: … of differences");
  const auto narrow = parse_error("0.4\n0.3");
  check_at(narrow, ErrorCode::bad_token, 1, 1);
  CHECK(narrow.message ==
        "line 1 has 1 entry; expected two scores per line, x then y, optionally after a query id "
        "(q1 0.42 0.38); or two lines x: … and y: …, or one line d: … of differences");
}

TEST_CASE("paired scores, error: a header and no scores", "[parse][paired][errors]") {
  const auto e = parse_error("query BM25 QL");
  check_at(e, ErrorCode::empty_input, 1, 1);
  CHECK(e.message ==
        "line 1 holds names but no scores; add one line per query with its two scores, as in q1 "
        "0.42 0.38");
}

TEST_CASE("paired scores, error: x: and y: of different lengths", "[parse][paired][errors]") {
  const auto e = parse_error("x: 0.1 0.2 0.3\ny: 0.1 0.2");
  check_at(e, ErrorCode::inconsistent_counts, 1, 12);
  CHECK(e.message ==
        "x: has 3 scores (line 1) but y: has 2 (line 2); give one score per query for each "
        "system. The first without a partner is '0.3' at line 1, column 12");
}

TEST_CASE("paired scores, error: fewer than 2 queries", "[parse][paired][errors]") {
  const auto row = parse_error("q1 0.4 0.3");
  check_at(row, ErrorCode::inconsistent_counts, 1, 1);
  CHECK(row.message ==
        "found the scores of only 1 query (line 1); a paired test needs the scores of at least 2 "
        "queries");
  const auto keyed = parse_error("x: 0.4\ny: 0.3");
  check_at(keyed, ErrorCode::inconsistent_counts, 1, 4);
  CHECK(keyed.message ==
        "x: gives only 1 score (at line 1, column 4); a paired test needs the scores of at least "
        "2 queries");
}

TEST_CASE("paired scores, error: a line that is not x:, y:, d: or queries:",
          "[parse][paired][errors]") {
  const auto e = parse_error("z: 1 2\nx: 1 2");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.message ==
        "found 'z' at line 1, column 1; expected a line starting x: or y: (or a: and b:), d: for "
        "differences, or queries: for the query ids");
  const auto row = parse_error("x: 1 2\nq3 1 2");
  check_at(row, ErrorCode::bad_token, 2, 1);
  CHECK(row.message ==
        "found 'q3' at line 2, column 1; expected a line starting x: or y: (or a: and b:), d: for "
        "differences, or queries: for the query ids");
}

TEST_CASE("paired scores, error: the same key twice", "[parse][paired][errors]") {
  const auto e = parse_error("x: 1 2\nx: 1 2\ny: 1 2");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message == "a second x: line at line 2, column 1; the first is on line 1. Give it once");
}

TEST_CASE("paired scores, error: one system's scores under two keys", "[parse][paired][errors]") {
  const auto e = parse_error("x: 1 2\na: 1 2");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message ==
        "found a: at line 2, column 1, but x: on line 1 already gives the first system's scores; "
        "give them once");
}

TEST_CASE("paired scores, error: x: without y:", "[parse][paired][errors]") {
  const auto e = parse_error("x: 1 2");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.message ==
        "found an x: line at line 1, column 1 but no y: line; add y: with one score per query for "
        "the second system");
  const auto b = parse_error("B: 1 2");
  CHECK(b.message ==
        "found a B: line at line 1, column 1 but no A: line; add A: with one score per query for "
        "the first system");
}

TEST_CASE("paired scores, error: x: paired with b:", "[parse][paired][errors]") {
  const auto e = parse_error("x: 1 2\nb: 1 2");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message ==
        "found b: at line 2, column 1 with x: on line 1; pair x: with y:, or a: with b:");
}

TEST_CASE("paired scores, error: d: together with x: and y:", "[parse][paired][errors]") {
  const auto e = parse_error("x: 1 2\ny: 2 3\nd: 1 2");
  check_at(e, ErrorCode::bad_token, 3, 1);
  CHECK(e.message ==
        "found d: at line 3, column 1 together with x: on line 1; give either two lines x: and "
        "y: or one line d: of differences");
}

TEST_CASE("paired scores, error: an empty keyed line", "[parse][paired][errors]") {
  const auto e = parse_error("x:\ny: 1 2");
  check_at(e, ErrorCode::empty_input, 1, 1);
  CHECK(e.message ==
        "the x: line at line 1, column 1 is empty; list one score per query after the colon");
}

TEST_CASE("paired scores, error: queries: with no scores", "[parse][paired][errors]") {
  const auto e = parse_error("queries: a b");
  check_at(e, ErrorCode::bad_token, 1, 1);
  CHECK(e.message ==
        "found a queries: line at line 1, column 1 but no scores; add two lines x: and y: (or one "
        "line d: of differences)");
}

TEST_CASE("paired scores, error: queries: of another length than the scores",
          "[parse][paired][errors]") {
  const auto e = parse_error("queries: a b c\nx: 1 2\ny: 1 2");
  check_at(e, ErrorCode::inconsistent_counts, 1, 14);
  CHECK(e.message ==
        "queries: has 3 ids (line 1) but x: has 2 scores (line 2); give one id per query. The "
        "first without a partner is 'c' at line 1, column 14");
}

TEST_CASE("paired scores, error: a query id given twice", "[parse][paired][errors]") {
  const auto e = parse_error("q1 1 2\nq1 2 3");
  check_at(e, ErrorCode::bad_token, 2, 1);
  CHECK(e.message ==
        "query 'q1' is listed twice, at line 1, column 1 and at line 2, column 1; give each query "
        "once");
  const auto keyed = parse_error("queries: a a\nd: 1 2");
  check_at(keyed, ErrorCode::bad_token, 1, 12);
}

TEST_CASE("paired scores, error: bytes that are not UTF-8", "[parse][paired][errors]") {
  const auto e = parse_error("q1 0.4 0.3\nq2 0.5 \xff");
  check_at(e, ErrorCode::bad_token, 2, 8);
}

TEST_CASE("paired scores reach the tests through compute(), errors included",
          "[parse][paired][compute]") {
  const auto e = test::fails("wilcoxon", "q1 0.4 0.3\nq2 0.5");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.field == irm::Field::input);
  const auto o = test::run("sign", "x: 0.4 0.5\ny: 0.3 0.4");
  CHECK(o.notes.at(0).rfind("Read x: and y: as the scores of 2 queries", 0) == 0);
}
