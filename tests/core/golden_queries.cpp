// Several queries: MAP, gMAP, MRR, 11pt-avg and mean(M) over blocks of ranked lists. The
// per-query values come from golden examples (method-1-ap to method-3-ap, precision-at-5-and-10,
// one-relevant-ap-rr); the means are worked by hand in the comments.

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using Catch::Matchers::WithinAbs;
using test::frac;
using test::run;

namespace {
// The CS657A notes' three methods as three queries, 5 relevant each.
const char* const methods =
    "q1 relevant=5\n+ - + - - + - - + +\n\n"
    "q2 relevant=5\n- + - - + + + - - -\n\n"
    "q3 relevant=5\n- + + + + + - - - -";
}  // namespace

TEST_CASE("MAP of the CS657A notes' three methods is (28/45 + 69/175 + 71/100)/3 = 10877/18900",
          "[golden][RL2][RL3][RL4][cs657a][MAP]") {
  // Over 6300 = 2²·3²·5²·7: 28/45 = 3920/6300, 69/175 = 2484/6300, 71/100 = 4473/6300;
  // the sum is 10877/6300 and a third of it 10877/18900 ≈ 0.5755.
  const auto o = run("MAP@10", methods);
  CHECK(*o.value.exact == frac(10877, 18900));
  CHECK(*test::value_of(o, "MAP").exact == frac(10877, 18900));
  CHECK(*test::value_of(o, "q2:AP@10").exact == frac(69, 175));
  const auto& table = o.steps.at(0);
  REQUIRE(table.rows.size() == 3);
  CHECK(table.rows[1][0].text == "q2");
  CHECK(table.rows[1][3].text == "4");  // method 2 retrieves 4 of its 5 relevant documents
  CHECK(test::has_note_containing(
      o, "Each query counts the same (the question-and-answer notes “Evaluation”)"));
  // norm=retrieved: 28/45, 69/140 (69/35 over 4), 71/100: over 6300, 3920 + 3105 + 4473 =
  // 11498, a third is 11498/18900 = 5749/9450.
  const auto* alt = test::alternative(o, "MAP(norm=retrieved)@10");
  REQUIRE(alt != nullptr);
  CHECK(*alt->value.exact == frac(5749, 9450));
}

TEST_CASE("MRR: first relevant at ranks 1, 2 and 4 gives (1 + 1/2 + 1/4)/3 = 7/12",
          "[golden][RL7][MRR]") {
  const auto o = run("MRR", "R N N\n\nN R N\n\nN N N R");
  CHECK(*o.value.exact == frac(7, 12));
  CHECK(*test::value_of(o, "q3:RR").exact == frac(1, 4));
  // A cutoff of 2 drops the third query's 1/4: (1 + 1/2 + 0)/3 = 1/2.
  CHECK(*run("MRR@2", "R N N\n\nN R N\n\nN N N R").value.exact == frac(1, 2));
}

TEST_CASE("gMAP: the geometric mean of 1/2 and 1/8 is 1/4, a 0 is floored at 1e-5",
          "[golden][RL7][gMAP]") {
  // q1: R N with R = 2 → AP = (1/1)/2 = 1/2. q2: N N N R with R = 2 → AP = (1/4)/2 = 1/8.
  // √(1/2 · 1/8) = √(1/16) = 1/4.
  const auto o = run("gMAP", "relevant=2 R N\n\nrelevant=2 N N N R");
  CHECK_THAT(o.value.approx, WithinAbs(0.25, 1e-12));
  CHECK_FALSE(o.value.exact.has_value());
  // q2 with nothing relevant retrieved has AP 0, floored: √(1/2 · 1e-5) = 0.0022360…
  const auto floored = run("gMAP", "relevant=2 R N\n\nrelevant=2 N N");
  CHECK_THAT(floored.value.approx, WithinAbs(std::sqrt(0.5e-5), 1e-12));
  CHECK(floored.working ==
        "\\text{gMAP} = \\left(\\frac{1}{2} \\cdot 10^{-5}\\right)^{1/2} "
        "\\approx 0.0022");
}

TEST_CASE("11pt-avg averages each recall level over the queries", "[golden][RL1-i][11pt-avg]") {
  // q1: R N with R = 1 reaches recall 1 at precision 1: every level is 1.
  // q2: N R with R = 1 reaches recall 1 at precision 1/2: every level is 1/2.
  // Each level's mean is 3/4, and so is the value.
  const auto o = run("11pt-avg", "R N\n\nN R", "1");
  CHECK(*o.value.exact == frac(3, 4));
  CHECK(*test::value_of(o, "IPrec@0.5").exact == frac(3, 4));
  const auto& curve = o.charts.at(1);
  CHECK(curve.id == "11pt-avg");
  REQUIRE(curve.series.size() == 3);
  CHECK(curve.series[0].faint);
  CHECK_FALSE(curve.series[2].faint);
}

TEST_CASE("mean(P@5) over the Evaluation Q&A notes' list and its reverse", "[golden][RL6][mean]") {
  // precision-at-5-and-10: R R N N R N R R R R has P@5 = 3/5; its reverse R R R R N R N N R R has
  // P@5 = 4/5. The mean is 7/10.
  const auto o = run("mean(P@5)", "R R N N R N R R R R\n\nR R R R N R N N R R");
  CHECK(o.measure == "mean(P@5)");
  CHECK(*o.value.exact == frac(7, 10));
  CHECK(*test::value_of(o, "q2:P@5").exact == frac(4, 5));
}

TEST_CASE(
    "mean(nDCG@5) over graded queries: capitals-method-1-dcg and capitals-method-2-dcg of the "
    "CS657A notes",
    "[golden][G2][G3][mean]") {
  // nDCG@5: 0.9189 (method 1) and 0.9675 (method 2); the mean is 0.9432.
  const auto o = run("mean(nDCG@5)", "5 2 3 4 1\n\n5 4 1 2 3");
  CHECK_THAT(o.value.approx, WithinAbs((0.91886 + 0.96751) / 2, 1e-4));
  REQUIRE(test::alternative(o, "mean(nDCG(dcg=trec)@5)") != nullptr);
}

TEST_CASE("the R field applies to queries without their own relevant=N", "[golden][RL2][MAP]") {
  // q1 gives relevant=5 → 28/45; q2 takes R = 10 from the field: four-of-ten-ap's list gives
  // 31/100.
  const auto o = run("MAP", "q1 relevant=5\n+ - + - - + - - + +\n\nq2\n+ + - - + - - + - -", "10");
  CHECK(*test::value_of(o, "q1:AP").exact == frac(28, 45));
  CHECK(*test::value_of(o, "q2:AP").exact == frac(31, 100));
}

TEST_CASE("an error inside a query names the query and the line of the whole input",
          "[queries][errors]") {
  const auto e = test::fails("MAP", "q1: R N\n\nq2: N X R");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 3);
  CHECK(e.where.column == 7);
  CHECK(e.message ==
        "query q2: found 'X' at line 3, column 7 in a list of relevance marks; expected R, N, +, "
        "-, 1, 0, or U/? for unjudged. To name documents, mark each one: X+ or *X* if relevant, X "
        "or X- if not");
}

TEST_CASE("MAP(norm=min_rk)@3 is Kaggle's mapk: each query's AP@3 over min(R, 3)",
          "[golden][metrics-apk][MAP]") {
  // q1: R N R with R = 5: (1/1 + 2/3) / min(5, 3) = (5/3)/3 = 5/9.
  // q2: N N R with R = 1: (1/3) / min(1, 3) = 1/3.
  // mapk = (5/9 + 3/9)/2 = 4/9. The default MAP@3: (5/3)/5 = 1/3 and 1/3, so 1/3.
  const char* const queries = "q1 relevant=5\nR N R\n\nq2 relevant=1\nN N R";
  const auto o = run("MAP(norm=min_rk)@3", queries);
  CHECK(o.measure == "MAP(norm=min_rk)@3");
  CHECK(*o.value.exact == frac(4, 9));
  CHECK(*test::value_of(o, "q1:AP(norm=min_rk)@3").exact == frac(5, 9));
  const auto by_r = run("MAP@3", queries);
  CHECK(*by_r.value.exact == frac(1, 3));
  REQUIRE(test::alternative(by_r, "MAP(norm=min_rk)@3") != nullptr);
  CHECK(*test::alternative(by_r, "MAP(norm=min_rk)@3")->value.exact == frac(4, 9));
  // The words exercises use name the same measure.
  CHECK(*run("mean average precision(norm=min_rk)@3", queries).value.exact == frac(4, 9));
}
