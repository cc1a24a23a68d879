// The several-queries parser: blocks, headers, positions kept, and its mistakes.

#include <catch2/catch.hpp>

#include "helpers.h"

TEST_CASE("blocks at blank lines, headers name queries, positions are kept", "[parse][queries]") {
  const auto r = irm::parse_query_blocks("q1 relevant=5\n+ - +\n\n\nQ2:\nR N\n\n- +");
  REQUIRE(r.ok());
  const auto& q = r.value().queries;
  REQUIRE(q.size() == 3);
  CHECK(q[0].id == "q1");
  CHECK(q[1].id == "Q2");
  CHECK(q[2].id == "q3");  // numbered by its place
  CHECK(q[1].first_line == 5);
  // The id is blanked and relevant=5 stays for the list parser; a block holds its own lines
  // only (no padding for the lines before it: that made 10,000 queries quadratic), and its
  // first_line numbers them: "- +" is line 8.
  CHECK(q[0].text == "   relevant=5\n+ - +");
  CHECK(q[2].text == "- +");
  CHECK(q[2].first_line == 8);
}

TEST_CASE("an error in a later query names its line in the whole input",
          "[parse][queries][errors]") {
  // Query q2's list is lines 4 and 5; the X is at line 5, column 3.
  const auto e = irm::compute("MAP", "q1 relevant=2\nR N R\n\nq2 relevant=1\nN X R");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().where.line == 5);
  CHECK(e.error().where.column == 3);
  CHECK(e.error().message.find("line 5, column 3") != std::string::npos);
}

TEST_CASE("a first line of marks with relevant=N is not a header", "[parse][queries]") {
  const auto r = irm::parse_query_blocks("relevant=3 R N R");
  REQUIRE(r.ok());
  CHECK(r.value().queries[0].id == "q1");
  CHECK(r.value().queries[0].text == "relevant=3 R N R");
}

TEST_CASE("'q1: R N R' names the query on the list's own line", "[parse][queries]") {
  const auto r = irm::parse_query_blocks("q1: R N R");
  REQUIRE(r.ok());
  CHECK(r.value().queries[0].id == "q1");
  CHECK(r.value().queries[0].text == "    R N R");
}

TEST_CASE("error: no queries at all", "[parse][queries][errors]") {
  const auto r = irm::parse_query_blocks(" \n\n ");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::empty_input);
  CHECK(r.error().message ==
        "there are no queries; paste one ranked list per query, separated by blank lines, each "
        "optionally headed by its id and R, e.g. q1 relevant=5");
}

TEST_CASE("error: a query id used twice", "[parse][queries][errors]") {
  const auto r = irm::parse_query_blocks("q1: R\n\nq1: N");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::bad_token);
  CHECK(r.error().where.line == 3);
  CHECK(r.error().message ==
        "query 'q1' is used twice, at lines 1 and 3; give each query its own id");
}

TEST_CASE("error: mean() needs a measure of one list", "[measure-name][errors]") {
  const auto e = irm::parse_measure_name("mean(MAP)");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == irm::ErrorCode::bad_parameter_value);
  CHECK(e.error().where.column == 6);
  CHECK(e.error().message ==
        "mean averages a measure of one ranked or graded list over the queries; MAP is not one");
  CHECK(irm::parse_measure_name("mean").error().message ==
        "mean needs a measure in parentheses, as in mean(P@5)");
  CHECK(irm::parse_measure_name("mean(P@5)@3").error().message ==
        "expected the end of the name after ')' at column 10 of \"mean(P@5)@3\"; put a cutoff "
        "inside, as in mean(P@5)");
  // An error inside the parentheses points into the whole name.
  CHECK(irm::parse_measure_name("mean(P@0)").error().where.column == 8);
  CHECK(irm::canonical("mean( precision@5 )") == "mean(P@5)");
  CHECK(irm::canonical("mean(AP(norm=retrieved)@10)") == "mean(AP(norm=retrieved)@10)");
}

TEST_CASE("a name nested thousands deep is refused at its first nesting",
          "[measure-name][errors]") {
  // mean(mean(…(P@5)…)) 2,340 levels deep (about 12 KB): mean is not a measure of one list, so
  // the answer is the error at column 6, found without reading further in (no deep recursion).
  std::string name;
  const int levels = 2340;
  for (int k = 0; k < levels; ++k) name += "mean(";
  name += "P@5";
  for (int k = 0; k < levels; ++k) name += ")";
  const auto e = irm::parse_measure_name(name);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == irm::ErrorCode::bad_parameter_value);
  CHECK(e.error().where.column == 6);
  CHECK(e.error().message ==
        "mean averages a measure of one ranked or graded list over the queries; mean is not one");
  // Two levels: the same answer, as before.
  CHECK(irm::parse_measure_name("mean(mean(P@5))").error().message ==
        "mean averages a measure of one ranked or graded list over the queries; mean is not one");
  CHECK(irm::parse_measure_name(" mean( MEAN(P@5) )").error().where.column == 7);
}

TEST_CASE("a lone word above a list names the query, a lone marked document does not",
          "[parse][queries]") {
  const auto r = irm::parse_query_blocks("q7\nR N\n\n*D1*\nD2");
  REQUIRE(r.ok());
  CHECK(r.value().queries[0].id == "q7");
  CHECK(r.value().queries[1].id == "q2");
  CHECK(r.value().queries[1].text == "*D1*\nD2");
  CHECK(r.value().queries[1].first_line == 4);
}

TEST_CASE("a query block may be written as the ranks of its relevant documents",
          "[parse][queries][ranks]") {
  // q1: R N R N N N N N N N with R = 8: AP = (1/1 + 2/3)/8 = (5/3)/8 = 5/24.
  // q2: relevant at 2 of 4 = N R N N, R = 1 (its relevant documents): AP = (1/2)/1 = 1/2.
  // MAP = (5/24 + 1/2)/2 = (5/24 + 12/24)/2 = 17/48.
  const auto o =
      test::run("MAP", "q1 relevant=8\nrelevant at 1, 3 of 10\n\nq2: relevant at 2 of 4");
  CHECK(*test::value_of(o, "q1:AP").exact == test::frac(5, 24));
  CHECK(*test::value_of(o, "q2:AP").exact == test::frac(1, 2));
  CHECK(*o.value.exact == test::frac(17, 48));
  // The same on one line: "q1: relevant at 1, 3 of 10" with the R field 8 for q1.
  const auto one_line = test::run("AP", "relevant at 1, 3 of 10", "8");
  CHECK(*one_line.value.exact == test::frac(5, 24));
  const auto blocks = irm::parse_query_blocks("q1: relevant at 1, 3 of 10");
  REQUIRE(blocks.ok());
  CHECK(blocks.value().queries[0].id == "q1");
  CHECK(blocks.value().queries[0].text == "    relevant at 1, 3 of 10");
}

TEST_CASE("error: a mistake in a block of ranks names the query, line and column",
          "[parse][queries][ranks][errors]") {
  const auto e = test::fails("MAP", "q1: R N\n\nq2: relevant at 1, 12 of 10");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.where.line == 3);
  CHECK(e.where.column == 20);
  CHECK(e.message ==
        "query q2: rank 12 at line 3, column 20 is past the end of the list: 'of 10' at line 3, "
        "column 23 makes it 10 ranks long");
}
