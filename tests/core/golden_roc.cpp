// Golden tests for ROC, AUC, EER and AUC-PR on small hand-worked examples (the notes define the
// measures but work no example): ROC1 without ties, ROC2 with a tie and an interpolated EER,
// ROC3 from a ranking, PR1 and PR2 for the two areas under the PR curve. Every expected value
// is worked out by hand in the comments.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::Fraction;
using test::frac;
using test::run;
using test::value_of;

namespace {

// ROC1: P = 3 (d1, d2, d4), N = 3 (d3, d5, d6), no ties. Order: + + − + − −.
const char* const roc1 =
    "d1 + 0.9\n"
    "d2 + 0.8\n"
    "d3 - 0.7\n"
    "d4 + 0.6\n"
    "d5 - 0.5\n"
    "d6 - 0.4";

// ROC2: P = 2, N = 3, a relevant and a non-relevant item tied at 0.7.
const char* const roc2 =
    "labels: 1 0 1 0 0\n"
    "scores: 0.9 0.7 0.7 0.4 0.2";

const irm::Series& series(const irm::Chart& chart, const std::string& name) {
  for (const auto& s : chart.series) {
    if (s.name == name) return s;
  }
  FAIL("no series " << name);
  static irm::Series none;
  return none;
}

}  // namespace

TEST_CASE("ROC1: the ROC points of + + − + − − and AUC = 8/9", "[golden][ROC1][ROC][AUC]") {
  const auto o = run("ROC", roc1);
  // Thresholds 0.9 … 0.4 return 1 … 6 items; (FPR, TPR) = (FP/3, TP/3):
  //   nothing (0, 0); 0.9 (0, 1/3); 0.8 (0, 2/3); 0.7 (1/3, 2/3); 0.6 (1/3, 1); 0.5 (2/3, 1);
  //   0.4 (1, 1).
  const std::vector<std::pair<double, double>> points = {
      {0, 0}, {0, 1.0 / 3}, {0, 2.0 / 3}, {1.0 / 3, 2.0 / 3}, {1.0 / 3, 1}, {2.0 / 3, 1}, {1, 1}};
  const auto& chart = o.charts.at(0);
  CHECK(chart.id == "roc");
  CHECK(series(chart, "ROC curve").points == points);
  CHECK(series(chart, "random guess").points ==
        std::vector<std::pair<double, double>>{{0, 0}, {1, 1}});
  const auto& table = o.steps.at(0);
  REQUIRE(table.rows.size() == 7);
  CHECK(table.rows[3][0].text == "score ≥ 0.7");
  CHECK(table.rows[3][1].text == "d3 −");
  CHECK(table.rows[3][4].text == "2/3");
  CHECK(*table.rows[3][5].number->exact == frac(1, 3));
  CHECK(table.rows[0][0].text == "nothing returned");
  // Trapezoids: only the steps that move right have area:
  //   0.7: 1/3 · (2/3 + 2/3)/2 = 2/9;  0.5: 1/3 · 1 = 1/3;  0.4: 1/3 · 1 = 1/3.  Sum 8/9.
  CHECK(*o.value.exact == frac(8, 9));
  CHECK(o.label == "AUC");
  CHECK(test::exact_value(o, "AUC") == frac(8, 9));
}

TEST_CASE("ROC1: AUC = 8/9 both as trapezoids and as correctly ordered pairs, the band is good",
          "[golden][ROC1][AUC]") {
  const auto o = run("AUC", roc1);
  CHECK(*o.value.exact == frac(8, 9));
  // Pairs: d1 and d2 are above all 3 non-relevant items, d4 above d5 and d6: 3 + 3 + 2 = 8 of
  // 3 · 3 = 9.
  CHECK(test::exact_value(o, "pairs") == frac(8, 1));
  CHECK(test::exact_value(o, "all_pairs") == frac(9, 1));
  const auto& pairs = o.steps.at(1);
  CHECK(pairs.title == "Correctly ordered pairs (Mann–Whitney)");
  REQUIRE(pairs.rows.size() == 5);
  CHECK(pairs.rows[2][0].text == "d4");
  CHECK(pairs.rows[2][2].text == "2");
  CHECK(*pairs.rows[4][4].number->exact == frac(8, 9));
  // 8/9 = 0.889: 0.8+ is good on the scale of Bhattacharya's CS657A notes.
  CHECK(test::has_note_containing(
      o, "AUC = 8/9 ≈ 0.8889 is good on the scale of Bhattacharya's CS657A notes"));
  CHECK(o.working ==
        "\\begin{gathered}\\text{AUC} = \\sum \\Delta\\text{FPR} \\cdot "
        "\\frac{\\text{TPR}_{\\text{prev}} + \\text{TPR}}{2} = \\frac{1}{3} \\cdot \\frac{2}{3} + "
        "\\frac{1}{3} \\cdot 1 + \\frac{1}{3} \\cdot 1 = \\frac{8}{9} \\approx 0.8889\\\\ "
        "\\text{AUC} = \\frac{\\text{pairs ordered correctly}}{P \\cdot N} = \\frac{8}{3 \\cdot "
        "3} = \\frac{8}{9} \\approx 0.8889\\end{gathered}");
}

TEST_CASE("ROC1: FPR = FNR = 1/3 exactly at the threshold 0.7", "[golden][ROC1][EER]") {
  // FPR − FNR at each point: −1, −2/3, −1/3, 1/3 − 1/3 = 0 at 0.7: the EER is a point of the
  // curve, FPR = FNR = 1/3.
  const auto o = run("EER", roc1);
  CHECK(*o.value.exact == frac(1, 3));
  CHECK(o.steps.at(0).highlight == std::vector<int>{3});
  CHECK(test::has_note_containing(
      o, "FPR and FNR are equal at a point of the curve (score ≥ 0.7): both are 1/3."));
  // (FPR + FNR)/2 at that point is also 1/3, so there is no approximation to warn about.
  CHECK_FALSE(test::has_note_containing(o, "Not (FPR + FNR)/2"));
}

TEST_CASE("ROC2: a tie is one diagonal step, AUC = 11/12 counting the tied pair as 1/2",
          "[golden][ROC2][ROC][AUC]") {
  // Points: nothing (0, 0); 0.9 (0, 1/2); 0.7 with one + and one − (1/3, 1), a diagonal step;
  // 0.4 (2/3, 1); 0.2 (1, 1).
  const auto roc = run("ROC", roc2);
  const std::vector<std::pair<double, double>> points = {
      {0, 0}, {0, 0.5}, {1.0 / 3, 1}, {2.0 / 3, 1}, {1, 1}};
  CHECK(series(roc.charts.at(0), "ROC curve").points == points);
  CHECK(roc.steps.at(0).rows.at(2).at(1).text == "#2 −, #3 + (tie: diagonal step)");
  CHECK(test::has_note_containing(roc,
                                  "Tied score 0.7: it is shared by relevant and "
                                  "non-relevant items"));
  // Trapezoids: 0.7: 1/3 · (1/2 + 1)/2 = 1/4;  0.4: 1/3;  0.2: 1/3.  Sum 1/4 + 2/3 = 11/12.
  // Pairs: the + at 0.9 beats all 3; the + at 0.7 beats 0.4 and 0.2 and ties 0.7: 2 + 1/2.
  // (3 + 5/2) / (2 · 3) = (11/2)/6 = 11/12.
  const auto auc = run("AUC", roc2);
  CHECK(*auc.value.exact == frac(11, 12));
  CHECK(test::exact_value(auc, "pairs") == frac(11, 2));
  const auto& pairs = auc.steps.at(1);
  CHECK(pairs.rows[1][0].text == "#3");
  CHECK(pairs.rows[1][3].text == "1");
  CHECK(pairs.rows[1][4].text == "2 + 1/2");
  CHECK(*pairs.rows[1][4].number->exact == frac(5, 2));
  CHECK(test::has_note_containing(
      auc, "is excellent on the scale of Bhattacharya's CS657A notes"));  // 0.9167
}

TEST_CASE("ROC2: the EER is interpolated between the two points where FPR − FNR changes sign",
          "[golden][ROC2][EER]") {
  // At 0.9: FPR 0, FNR 1/2, d = −1/2.  At 0.7: FPR 1/3, FNR 0, d = 1/3.
  // λ = (1/2) / (1/3 + 1/2) = (1/2)/(5/6) = 3/5.  EER = 0 + 3/5 · (1/3 − 0) = 1/5
  // (and from FNR: 1/2 + 3/5 · (0 − 1/2) = 1/5, the same).
  const auto o = run("EER", roc2);
  CHECK(*o.value.exact == frac(1, 5));
  CHECK(test::exact_value(o, "lambda") == frac(3, 5));
  CHECK(o.steps.at(0).highlight == std::vector<int>{1, 2});
  CHECK(o.working ==
        "\\lambda = \\frac{-(-\\frac{1}{2})}{\\frac{1}{3} - (-\\frac{1}{2})} = \\frac{3}{5},"
        "\\qquad \\text{EER} = 0 + \\frac{3}{5} \\cdot (\\frac{1}{3} - 0) = \\frac{1}{5} = 0.2");
  // The dot on the curve: FPR = 1/5, TPR = 1 − FNR = 4/5.
  const auto& dot = series(o.charts.at(0), "EER").points;
  REQUIRE(dot.size() == 1);
  CHECK(dot[0].first == Approx(0.2));
  CHECK(dot[0].second == Approx(0.8));
  // The closest ROC point is 0.7 (|d| = 1/3); (FPR + FNR)/2 there is (1/3 + 0)/2 = 1/6, not the
  // EER, and the note says why.
  CHECK(test::has_note_containing(
      o,
      "Not (FPR + FNR)/2: at the ROC point closest to the crossing (score ≥ 0.7, FPR 1/3, FNR "
      "0) that average is 1/6 ≈ 0.1667, but there FPR ≠ FNR"));
}

TEST_CASE("ROC3: a ranking of judged documents, the unjudged one left out",
          "[golden][ROC3][ROC][AUC]") {
  // *D1* D2 *D3* D4? D5: judged + − + −, D4 unjudged. P = 2, N = 2.
  // Points: rank ≤ 1 (0, 1/2); rank ≤ 2 (1/2, 1/2); rank ≤ 3 (1/2, 1); rank ≤ 5 (1, 1).
  // AUC: 1/2 · 1/2 + 1/2 · 1 = 3/4;  pairs: D1 above D2 and D5, D3 above D5: 3 of 4.
  const auto o = run("AUC", "*D1* D2 *D3* D4? D5");
  CHECK(*o.value.exact == frac(3, 4));
  CHECK(test::exact_value(o, "pairs") == frac(3, 1));
  CHECK(test::has_note_containing(o, "is fair on the scale of Bhattacharya's CS657A notes"));
  CHECK(test::has_note_containing(
      o,
      "1 unjudged document (rank 4) is left out: ROC, AUC and EER need a judgement for every "
      "item."));
  const auto roc = run("ROC", "*D1* D2 *D3* D4? D5");
  CHECK(roc.steps.at(0).rows.at(4).at(0).text == "rank ≤ 5");
  CHECK(roc.steps.at(0).rows.at(4).at(1).text == "D5 −");
}

TEST_CASE("AUC below 1/2: reversing the scores would give 1 − AUC", "[golden][ROC1][AUC]") {
  // Every non-relevant item above every relevant one: no pair in order, AUC = 0.
  const auto o = run("AUC", "0 3\n0 2\n1 1");
  CHECK(*o.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(o, "reversing them would give AUC = 1 − 0 = 1."));
  CHECK(test::has_note_containing(o, "is fail on the scale of Bhattacharya's CS657A notes"));
}

TEST_CASE("PR1: the step area is AP with R = the relevant items, the trapezoid is 1/72 lower",
          "[golden][PR1][AUC-PR]") {
  // ROC1's order + + − + − −, P = 3. Precision and recall at each threshold:
  //   1/1, 1/3;  2/2, 2/3;  2/3, 2/3;  3/4, 1;  3/5, 1;  3/6, 1.
  // Step: 1/3 · 1 + 1/3 · 1 + 1/3 · 3/4 = 11/12 = AP = (1/1 + 2/2 + 3/4)/3.
  // Trapezoid (starting flat at precision 1): 1/3 + 1/3 + 1/3 · (2/3 + 3/4)/2 = 2/3 + 17/72
  //   = 65/72, lower by 1/72.
  const auto o = run("AUC-PR", roc1);
  CHECK(*o.value.exact == frac(11, 12));
  CHECK(test::exact_value(o, "step") == frac(11, 12));
  CHECK(test::exact_value(o, "trapezoid") == frac(65, 72));
  CHECK(*run("AP", "relevant=3\n+ + - + - -").value.exact == frac(11, 12));
  CHECK(test::has_note_containing(
      o, "With no tied scores this is AP of the ranking by score with R = 3"));
  CHECK(test::has_note_containing(o, "gives 65/72 ≈ 0.9028, lower than the step area by 1/72."));
  const auto& table = o.steps.at(0);
  CHECK(*table.rows.at(3).at(8).number->exact == frac(17, 72));
  const auto& chart = o.charts.at(0);
  CHECK(chart.id == "pr-area");
  // The step area drawn as flat steps: precision 1 up to recall 2/3, then 3/4 up to 1.
  const std::vector<std::pair<double, double>> steps = {{0, 1},       {1.0 / 3, 1},    {1.0 / 3, 1},
                                                        {2.0 / 3, 1}, {2.0 / 3, 0.75}, {1, 0.75}};
  CHECK(series(chart, "step area (AP)").points == steps);
  CHECK(series(chart, "trapezoid area").points.front() == std::pair<double, double>{0, 1});
}

TEST_CASE("PR2: a tie is one threshold, and a first non-relevant item pulls the trapezoid down",
          "[golden][PR2][AUC-PR]") {
  // Order by score: − (0.9), + (0.8), {+, −} tied (0.6), + (0.3). P = 3.
  //   thresholds: 0/1, 0;  1/2, 1/3;  2/4, 2/3;  3/5, 1.
  // Step: 1/3 · 1/2 + 1/3 · 1/2 + 1/3 · 3/5 = 1/6 + 1/6 + 1/5 = 8/15.
  // Trapezoid from (0, 0): 1/3 · (0 + 1/2)/2 + 1/3 · (1/2 + 1/2)/2 + 1/3 · (1/2 + 3/5)/2
  //   = 1/12 + 1/6 + 11/60 = 26/60 = 13/30, lower by 1/10.
  // (AP of the list in the typed order − + + − + would be (1/2 + 2/3 + 3/5)/3 = 53/90: inside
  // the tie the + gets the precision at the end of the tie, 1/2, not 2/3.)
  const auto o = run("AUC-PR", "0 0.9\n1 0.8\n1 0.6\n0 0.6\n1 0.3");
  CHECK(*o.value.exact == frac(8, 15));
  CHECK(test::exact_value(o, "trapezoid") == frac(13, 30));
  CHECK(test::has_note_containing(o, "Tied scores form one threshold"));
  CHECK_FALSE(test::has_note_containing(o, "With no tied scores"));
}

TEST_CASE("error: ROC, AUC and EER need both kinds of item, AUC-PR needs a relevant one",
          "[ROC][errors]") {
  const auto all_relevant = test::fails("ROC", "1 0.9\n1 0.8");
  CHECK(all_relevant.code == irm::ErrorCode::inconsistent_counts);
  CHECK(all_relevant.where.line == 0);
  CHECK(all_relevant.message ==
        "ROC needs at least one relevant and one non-relevant item; all 2 items are relevant, so "
        "the false positive rate FP/N would divide by N = 0");
  CHECK(test::fails("EER", "N N N").message ==
        "EER needs at least one relevant and one non-relevant item; all 3 items are "
        "non-relevant, so the true positive rate TP/P would divide by P = 0");
  CHECK(test::fails("AUC-PR", "0 0.5\n0 0.4").message ==
        "AUC-PR needs at least one relevant item; with none, recall TP/P would divide by P = 0");
  // Every relevant item is fine for AUC-PR: precision 1 everywhere, area 1.
  CHECK(*run("AUC-PR", "1 0.9\n1 0.8").value.exact == frac(1, 1));
}
