// Golden tests for the set measures: sets-d1-to-d8 of docs/examples.md (CS657A notes) through every
// input layout, the weighted F in its β, α and swapped forms, and hand-worked multiclass
// examples MC1 and MC2. Expected values are worked out by hand in the comments.

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"
#include "irm/check.h"

using irm::Fraction;
using test::frac;
using test::run;
using test::value_of;

namespace {

// The CS657A notes: D = {d1, …, d8}, correct answers {d1, d5, d7}, A returns {d1, d3, d5, d6}.
const char* const s1_sets =
    "relevant: d1 d5 d7\n"
    "returned: d1 d3 d5 d6\n"
    "all: d1 … d8";

bool has_value(const irm::Outcome& o, const std::string& key) {
  for (const auto& [k, v] : o.values) {
    if (k == key) return true;
  }
  return false;
}

// sets-d1-to-d8's counts: TP = |{d1, d5}| = 2, FP = |{d3, d6}| = 2, FN = |{d7}| = 1, TN = |{d2, d4,
// d8}| = 3.
void check_s1(const irm::Outcome& o) {
  CHECK(test::exact_value(o, "TP") == frac(2, 1));
  CHECK(test::exact_value(o, "FP") == frac(2, 1));
  CHECK(test::exact_value(o, "FN") == frac(1, 1));
  CHECK(test::exact_value(o, "TN") == frac(3, 1));
  CHECK(test::exact_value(o, "precision") == frac(1, 2));    // 2 / (2 + 2)
  CHECK(test::exact_value(o, "recall") == frac(2, 3));       // 2 / (2 + 1)
  CHECK(test::exact_value(o, "specificity") == frac(3, 5));  // 3 / (3 + 2)
  CHECK(test::exact_value(o, "FPR") == frac(2, 5));          // 2 / (2 + 3)
  CHECK(test::exact_value(o, "FNR") == frac(1, 3));          // 1 / (2 + 1)
  CHECK(test::exact_value(o, "accuracy") == frac(5, 8));     // (2 + 3) / 8
  CHECK(test::exact_value(o, "error") == frac(3, 8));        // (2 + 1) / 8
  CHECK(test::exact_value(o, "F1") == frac(4, 7));           // 2·2 / (2·2 + 2 + 1)
  CHECK(test::exact_value(o, "jaccard") == frac(2, 5));      // |{d1, d5}| / |{d1, d3, d5, d6, d7}|
  CHECK(test::exact_value(o, "dice") == frac(4, 7));         // 2·2 / (4 + 3)
  // G = √(1/2 · 2/3) = √(1/3) = 0.57735…: irrational, so a decimal with its formula.
  const auto& g = value_of(o, "G");
  CHECK_FALSE(g.exact.has_value());
  CHECK_THAT(g.approx, Catch::Matchers::WithinAbs(0.5774, 5e-5));
  CHECK(g.formula == "√(1/2 · 2/3)");
  CHECK(*o.value.exact == frac(4, 7));
  CHECK(o.label == "F1");
}

}  // namespace

TEST_CASE(
    "sets-d1-to-d8: the CS657A notes' sets give TP {d1,d5}, FP {d3,d6}, FN {d7}, TN {d2,d4,d8}",
    "[golden][S1][cs657a][confusion]") {
  const auto o = run("confusion", s1_sets);
  check_s1(o);
  // The decimals the CS657A notes print: recall 0.667, precision 0.500, F 0.571, accuracy 0.625.
  CHECK(irm::to_decimal(value_of(o, "recall"), 3) == "0.667");
  CHECK(irm::to_decimal(value_of(o, "precision"), 3) == "0.500");
  CHECK(irm::to_decimal(value_of(o, "F1"), 3) == "0.571");
  CHECK(irm::to_decimal(value_of(o, "accuracy"), 3) == "0.625");

  const auto& sets = o.steps.at(1);
  REQUIRE(sets.title == "The four sets");
  CHECK(sets.rows.at(0).at(2).text == "{d1, d5}");
  CHECK(sets.rows.at(1).at(1).text == "non-relevant but returned (Type I error)");
  CHECK(sets.rows.at(1).at(2).text == "{d3, d6}");
  CHECK(sets.rows.at(2).at(1).text == "relevant but not returned (Type II error)");
  CHECK(sets.rows.at(2).at(2).text == "{d7}");
  CHECK(sets.rows.at(3).at(2).text == "{d2, d4, d8}");

  // Every measure of the CS657A notes' table, with its counts substituted.
  const auto& table = o.steps.at(2);
  REQUIRE(table.rows.size() == 11);
  CHECK(table.rows[0][2].text == "2 / (2 + 2) = 2/4");
  CHECK(table.rows[5][0].text == "accuracy");
  CHECK(table.rows[5][2].text == "(2 + 3) / 8 = 5/8");
  CHECK(table.rows[7][2].text == "2·2 / (2·2 + 2 + 1) = 4/7");
  CHECK(table.rows[10][2].text == "2·2 / (4 + 3) = 4/7");

  // The confusion-matrix chart: rows the truth, columns what the system did.
  REQUIRE(o.charts.size() == 1);
  REQUIRE(o.charts[0].matrix.has_value());
  const auto& m = *o.charts[0].matrix;
  CHECK(m.cells == std::vector<std::vector<double>>{{2, 1}, {2, 3}});
  CHECK(m.row_labels == std::vector<std::string>{"relevant (P)", "non-relevant (N)"});
  CHECK(o.charts[0].series.empty());

  // Returning nothing scores N/D = 5/8 here: the same accuracy as the system.
  CHECK(test::has_note_containing(
      o,
      "a system that returns nothing has TP = FP = 0, so its accuracy is (FP + TN)/D = N/D = "
      "5/8 ≈ 0.625, the same as this system's 5/8."));
  CHECK(test::has_note_containing(o, "FP = 2 (non-relevant but returned) are Type I errors"));
  CHECK(test::has_note_containing(o, "Read three sets: relevant 3, returned 4, all 8."));
}

TEST_CASE(
    "sets-d1-to-d8 as counts, as the CS657A notes' grid, as a spreadsheet paste and as label "
    "sequences",
    "[golden][S1][cs657a][confusion]") {
  check_s1(run("confusion", "tp=2 fp=2 fn=1 tn=3"));
  check_s1(run("confusion", "TN: 3, FN: 1, FP = 2, TP=2"));
  check_s1(run("confusion", "tp=2 fp=2 fn=1 total=8"));  // TN = 8 − 2 − 2 − 1 = 3
  check_s1(run("confusion", "2 1\n2 3"));
  check_s1(run("confusion", "\treturned\tnot returned\nrelevant\t2\t1\nnon-relevant\t2\t3"));
  check_s1(run("confusion", ",returned,not returned\nrelevant,2,1\nnon-relevant,2,3"));
  // d1 … d8 in order; relevant d1, d5, d7; returned d1, d3, d5, d6.
  const auto o = run("confusion", "true: 1 0 0 0 1 0 1 0\npredicted: 1 0 1 0 1 1 0 0");
  check_s1(o);
  CHECK(test::has_note_containing(
      o,
      "The positive (relevant) class is '1' (the label that usually means relevant); '0' is "
      "negative. Add a line positive: 0 to choose the other."));
  // The sets with braces, as the notes write them, and total: instead of all:.
  const auto braces =
      run("confusion", "relevant: {d1, d5, d7}\nreturned: {d1, d3, d5, d6}\ntotal: 8");
  check_s1(braces);
  CHECK(braces.steps.at(1).rows.at(3).at(2).text == "not listed (no all: line)");
}

TEST_CASE("confusion: the 2 × 2 grid on one line, 300 20 10 70", "[golden][confusion]") {
  // Row by row: TP = 300, FN = 20, FP = 10, TN = 70; D = 400.
  //   precision = 300/310 = 30/31, recall = 300/320 = 15/16, accuracy = 370/400 = 37/40,
  //   F1 = 600/(600 + 10 + 20) = 600/630 = 20/21.
  const auto o = run("confusion", "300 20 10 70");
  CHECK(test::exact_value(o, "TP") == frac(300, 1));
  CHECK(test::exact_value(o, "FN") == frac(20, 1));
  CHECK(test::exact_value(o, "FP") == frac(10, 1));
  CHECK(test::exact_value(o, "TN") == frac(70, 1));
  CHECK(test::exact_value(o, "precision") == frac(30, 31));
  CHECK(test::exact_value(o, "recall") == frac(15, 16));
  CHECK(test::exact_value(o, "accuracy") == frac(37, 40));
  CHECK(*o.value.exact == frac(20, 21));
  CHECK(test::has_note_containing(
      o,
      "Read the four counts on one line as the 2 × 2 grid written row by row, TP FN FP TN "
      "(rows: truly relevant, truly non-relevant; columns: returned, not returned): TP = 300, "
      "FN = 20, FP = 10, TN = 70."));
  // F(beta=2): 5·300 / (5·300 + 4·20 + 10) = 1500/1590 = 50/53.
  CHECK(*run("F(beta=2)", "300 20 10 70").value.exact == frac(50, 53));
  const auto e = test::fails("confusion", "300 20 10");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.column == 1);
}

TEST_CASE("confusion: a grid labelled the other way round is read transposed",
          "[golden][S1][confusion]") {
  const auto o = run("confusion", "\trelevant\tnon-relevant\nreturned\t2\t2\nnot returned\t1\t3");
  check_s1(o);
  CHECK(test::has_note_containing(o, "so the grid is read transposed"));
}

TEST_CASE("confusion without TN: the measures that need it say so and have no value",
          "[golden][S1][confusion]") {
  const auto o = run("confusion", "tp=2 fp=2 fn=1");
  CHECK(test::exact_value(o, "precision") == frac(1, 2));
  CHECK(test::exact_value(o, "recall") == frac(2, 3));
  CHECK(test::exact_value(o, "F1") == frac(4, 7));
  for (const char* key : {"TN", "specificity", "FPR", "accuracy", "error"}) {
    INFO(key);
    CHECK_FALSE(has_value(o, key));
  }
  CHECK(o.steps.at(1).rows.at(2).at(2).text == "needs TN");  // specificity
  CHECK(o.charts.empty());
  CHECK(test::has_note_containing(o, "TN is unknown"));
}

TEST_CASE("confusion: nothing returned makes precision 0/0, taken as 0 and said",
          "[golden][confusion]") {
  // TP = FP = 0: precision 0/0 → 0; recall 0/3 = 0; F1 = 0/(0 + 0 + 3) = 0; accuracy 5/8.
  const auto o = run("confusion", "tp=0 fp=0 fn=3 tn=5");
  CHECK(test::exact_value(o, "precision") == frac(0, 1));
  CHECK(test::exact_value(o, "F1") == frac(0, 1));
  CHECK(test::exact_value(o, "G") == frac(0, 1));  // √0 is exact
  CHECK(test::exact_value(o, "accuracy") == frac(5, 8));
  CHECK(test::has_note_containing(
      o,
      "Nothing was returned (TP + FP = 0), so precision is 0/0; it is taken as 0 by "
      "convention."));
}

TEST_CASE("confusion: G is exact when precision · recall is a square", "[golden][confusion]") {
  // P = 2/8 = 1/4, R = 2/2 = 1: G = √(1/4) = 1/2.
  const auto o = run("confusion", "tp=2 fp=6 fn=0 tn=2");
  CHECK(test::exact_value(o, "G") == frac(1, 2));
}

TEST_CASE("F(beta=2) on sets-d1-to-d8 is 5/8, the swapped form of the Week 3 notes give 10/19",
          "[golden][S1][cs657a][week-3][F]") {
  // P = 1/2, R = 2/3, β² = 4:
  //   F = (4 + 1)·(1/2)·(2/3) / (4·(1/2) + 2/3) = (5/3) / (8/3) = 5/8.
  //   α = 1/(β² + 1) = 1/5: 1/F = (1/5)·2 + (4/5)·(3/2) = 2/5 + 6/5 = 8/5.
  const auto o = run("F(beta=2)", s1_sets);
  CHECK(*o.value.exact == frac(5, 8));
  CHECK(test::exact_value(o, "alpha") == frac(1, 5));
  CHECK(test::exact_value(o, "beta2") == frac(4, 1));
  CHECK(o.measure == "F(beta=2)");
  CHECK(o.working ==
        "F_{\\beta} = \\frac{(\\beta^2 + 1) P R}{\\beta^2 P + R} = \\frac{(4 + 1) \\cdot "
        "\\frac{1}{2} \\cdot \\frac{2}{3}}{4 \\cdot \\frac{1}{2} + \\frac{2}{3}} = \\frac{5}{8} = "
        "0.625,\\qquad \\frac{1}{F} = \\alpha \\frac{1}{P} + (1 - \\alpha) \\frac{1}{R} = "
        "\\frac{1}{5} \\cdot 2 + \\frac{4}{5} \\cdot \\frac{3}{2} = \\frac{8}{5}");
  // The Week 3 notes put β²/(β² + 1) = 4/5 on 1/P: 1/F = (4/5)·2 + (1/5)·(3/2) = 19/10, F = 10/19,
  // which is F with β = 1/2: (1/4 + 1)·(1/3) / ((1/4)·(1/2) + 2/3) = (5/12) / (19/24) = 10/19.
  const auto* swapped = test::alternative(o, "F(beta=0.5)");
  REQUIRE(swapped != nullptr);
  CHECK(*swapped->value.exact == frac(10, 19));
  CHECK(swapped->why ==
        "the lecture notes “Week 3: Metrics” write F_β = 1 / (β²/(β²+1) · 1/P + 1/(β²+1) · 1/R), "
        "which puts the weight 4/5 on 1/P instead of 1/5: the same as F with β replaced by 1/β (α "
        "by 1 − α), so there β > 1 favours precision");
  CHECK(*run("F(beta=0.5)", s1_sets).value.exact == frac(10, 19));
  CHECK(test::has_note_containing(run("F(beta=2)", s1_sets), "β > 1 weights recall"));
}

TEST_CASE("F(alpha=...) on sets-d1-to-d8: α = 0.2 is β = 2, α = 1/3 is β² = 2", "[golden][S1][F]") {
  // α = 1/5: β² = (1 − 1/5)/(1/5) = 4, so the same 5/8; swapped α = 4/5 gives 10/19.
  const auto by_alpha = run("F(alpha=0.2)", "tp=2 fp=2 fn=1 tn=3");
  CHECK(*by_alpha.value.exact == frac(5, 8));
  CHECK(test::exact_value(by_alpha, "beta2") == frac(4, 1));
  CHECK(*test::alternative(by_alpha, "F(alpha=0.8)")->value.exact == frac(10, 19));
  // α = 1/3: 1/F = (1/3)·2 + (2/3)·(3/2) = 2/3 + 1 = 5/3, F = 3/5; β² = (2/3)/(1/3) = 2 and
  // β = √2 is irrational, shown as a decimal.
  const auto third = run("F(alpha=1/3)", "precision=1/2 recall=2/3");
  CHECK(*third.value.exact == frac(3, 5));
  CHECK(test::exact_value(third, "beta2") == frac(2, 1));
  CHECK(test::has_note_containing(third, "α = 1/3 gives β² = (1 − α)/α = 2, β = √(2)."));
  // Swapped: α = 2/3 on 1/P: 1/F = (2/3)·2 + (1/3)·(3/2) = 4/3 + 1/2 = 11/6, F = 6/11.
  CHECK(*test::alternative(third, "F(alpha=2/3)")->value.exact == frac(6, 11));
}

TEST_CASE("F at the ends: β = 0 is precision, α = 0 is recall, β = 1 is F1", "[golden][S1][F]") {
  CHECK(*run("F(beta=0)", s1_sets).value.exact == frac(1, 2));
  CHECK(*run("F(alpha=0)", s1_sets).value.exact == frac(2, 3));
  CHECK(*run("F(alpha=1)", s1_sets).value.exact == frac(1, 2));
  const auto f1 = run("F", s1_sets);
  CHECK(*f1.value.exact == frac(4, 7));
  // With equal weights the swapped form is the same number.
  REQUIRE(f1.alternatives.size() == 1);
  CHECK(*f1.alternatives[0].value.exact == frac(4, 7));
  CHECK(f1.alternatives[0].why ==
        "the same here: with equal weights (β = 1, α = 1/2) swapping them changes nothing");
  // β = 0's swap puts all the weight on recall: F(alpha=0) = R.
  CHECK(*test::alternative(run("F(beta=0)", s1_sets), "F(alpha=0)")->value.exact == frac(2, 3));
}

TEST_CASE("F with precision or recall 0 is 0", "[golden][F]") {
  const auto o = run("F(beta=2)", "tp=0 fp=3 fn=2");
  CHECK(*o.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(o, "Precision or recall is 0, so 1/F is infinite and F = 0."));
}

// --- F@k: the F of P@k and R@k on a ranked list ------------------------------------------------

TEST_CASE("F@5 on + - + - - + - - + + with R = 5 is the F of P@5 = R@5 = 2/5", "[golden][F][F@k]") {
  // The top 5 hold ranks 1 and 3 relevant: P@5 = 2/5, R@5 = 2/5 (R = 5). F1 of two equal numbers
  // is that number: 2·(2/5)·(2/5) / (2/5 + 2/5) = (8/25) / (4/5) = 2/5.
  const auto o = run("F@5", "+ - + - - + - - + +", "5");
  CHECK(o.measure == "F@5");
  CHECK(*o.value.exact == frac(2, 5));
  CHECK(test::exact_value(o, "precision") == frac(2, 5));
  CHECK(test::exact_value(o, "recall") == frac(2, 5));
  CHECK(test::exact_value(o, "beta2") == frac(1, 1));
  CHECK(test::exact_value(o, "relevant_retrieved") == frac(2, 1));
  CHECK(test::exact_value(o, "k") == frac(5, 1));
  CHECK(test::exact_value(o, "R") == frac(5, 1));
  CHECK(
      o.working ==
      "\\begin{aligned}P@5 &= \\frac{2}{5} = 0.4 \\\\ R@5 &= \\frac{2}{5} = 0.4 \\\\ F_{\\beta} &= "
      "\\frac{(\\beta^2 + 1) P R}{\\beta^2 P + R} = \\frac{(1 + 1) \\cdot \\frac{2}{5} \\cdot "
      "\\frac{2}{5}}{1 \\cdot \\frac{2}{5} + \\frac{2}{5}} = \\frac{2}{5} = 0.4 \\\\ \\frac{1}{F} "
      "&= "
      "\\alpha \\frac{1}{P} + (1 - \\alpha) \\frac{1}{R} = \\frac{1}{2} \\cdot \\frac{5}{2} + "
      "\\frac{1}{2} \\cdot \\frac{5}{2} = \\frac{5}{2}\\end{aligned}");
  const auto& table = o.steps.at(0);
  CHECK(table.rows.at(0).at(0).text == "precision P@5");
  CHECK(table.rows.at(0).at(1).text == "relevant in the top 5 / 5");
  CHECK(table.rows.at(0).at(2).text == "2/5");
  CHECK(table.rows.at(1).at(0).text == "recall R@5");
  CHECK(table.rows.at(1).at(1).text == "relevant in the top 5 / R");
  CHECK(table.rows.at(1).at(2).text == "2/5");
  // The per-rank table follows, with rank 5 highlighted.
  CHECK(o.steps.at(1).title == "Precision and recall at each rank");
  CHECK(o.steps.at(1).highlight == std::vector<int>{4});
}

TEST_CASE("F(beta=2)@5 on + + - - + - - + - - with R = 10 is 1/3", "[golden][F][F@k]") {
  // The top 5 hold ranks 1, 2 and 5 relevant: P@5 = 3/5, R@5 = 3/10. β² = 4:
  //   F = 5·(3/5)·(3/10) / (4·(3/5) + 3/10) = (9/10) / (27/10) = 1/3.
  // In counts: TP = 3, FP = 2, FN = 10 − 3 = 7: 5·3 / (5·3 + 4·7 + 2) = 15/45 = 1/3.
  // F1: 2·3 / (5 + 10) = 6/15 = 2/5. The swapped weights, β = 1/2 (β² = 1/4):
  //   (5/4)·(3/5)·(3/10) / ((1/4)·(3/5) + 3/10) = (9/40) / (9/20) = 1/2.
  const std::string list = "+ + - - + - - + - -";
  const auto o = run("F(beta=2)@5", list, "10");
  CHECK(*o.value.exact == frac(1, 3));
  CHECK(test::exact_value(o, "precision") == frac(3, 5));
  CHECK(test::exact_value(o, "recall") == frac(3, 10));
  CHECK(test::exact_value(o, "beta2") == frac(4, 1));
  const auto* swapped = test::alternative(o, "F(beta=0.5)@5");
  REQUIRE(swapped != nullptr);
  CHECK(*swapped->value.exact == frac(1, 2));
  CHECK(*run("F@5", list, "10").value.exact == frac(2, 5));
  // α = 1/5 is β = 2.
  CHECK(*run("F(alpha=0.2)@5", list, "10").value.exact == frac(1, 3));
}

TEST_CASE("F@k: R from relevant=, or the relevant documents listed (with a note), past the end",
          "[golden][F][F@k]") {
  // No R: the list's 5 relevant documents, so the same 2/5 as with R = 5, and the note says so.
  const auto assumed = run("F@5", "+ - + - - + - - + +");
  CHECK(*assumed.value.exact == frac(2, 5));
  CHECK(test::has_note_containing(assumed, "R was not given, so R = 5"));
  CHECK(*run("F@5", "relevant=5\n+ - + - - + - - + +").value.exact == frac(2, 5));
  // F@10 of R N R with R = 4: P@10 = 2/10 = 1/5 (ranks 4–10 missing), R@10 = 2/4 = 1/2;
  // F1 = 2·2 / (10 + 4) = 4/14 = 2/7.
  const auto past = run("F@10", "R N R", "4");
  CHECK(*past.value.exact == frac(2, 7));
  CHECK(test::has_note_containing(past,
                                  "Only 3 documents were retrieved; ranks 4–10 count as not "
                                  "relevant, so P@10 divides by 10 (as trec_eval does)."));
  // The ranks form reads the same: relevant at 1, 3 of 3 is R N R.
  CHECK(*run("F@10", "relevant at 1, 3 of 3", "4").value.exact == frac(2, 7));
  // R = 0: R@k is 0/0, taken as 0, and F is 0.
  const auto none = run("F@2", "N N", "0");
  CHECK(*none.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(none, "R = 0: no document is relevant, so R@2 is 0/0"));
}

TEST_CASE("F without a cutoff still reads a confusion matrix, mean(F@k) averages over queries",
          "[golden][F][F@k]") {
  CHECK(*run("F", s1_sets).value.exact == frac(4, 7));
  const auto e = test::fails("F", "+ - + - - + - - + +");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.field == irm::Field::measure);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 1);
  CHECK(e.message ==
        "the input is a ranked list, but F without a cutoff reads a confusion matrix (counts, a 2 "
        "× 2 grid or sets); for a ranked list give a cutoff, as in F@10, the F of P@10 and R@10");
  // Two queries, R = their relevant documents: q1 = + - + - (R = 2): P@2 = 1/2, R@2 = 1/2,
  // F1 = 1/2; q2 = + + (R = 2): P@2 = 1, R@2 = 1, F1 = 1. The mean: 3/4.
  CHECK(*run("mean(F@2)", "+ - + -\n\n+ +").value.exact == frac(3, 4));
  const auto name = irm::parse_measure_name("mean(F)");
  REQUIRE_FALSE(name.ok());
  CHECK(name.error().message ==
        "mean averages a measure of one ranked or graded list over the queries; F reads a ranked "
        "list only with a cutoff, as in mean(F@10)");
  CHECK(irm::canonical("F(beta=2)@5") == "F(beta=2)@5");
  CHECK(irm::canonical("F(beta=1)@5") == "F@5");
}

TEST_CASE("confusion, error: confusion needs counts, not precision and recall",
          "[confusion][errors]") {
  const auto e = test::fails("confusion", "precision=1/2 recall=2/3");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 0);
  CHECK(e.message ==
        "confusion needs the counts (tp=… fp=… fn=… and tn=…), a 2 × 2 grid or sets; precision= "
        "and recall= alone are enough only for F");
}

TEST_CASE("F's numeric parameters: canonical spelling", "[measure-name][F]") {
  const std::pair<const char*, const char*> cases[] = {
      {"F", "F"},
      {"F(beta=1)", "F"},
      {"F(beta=1.0)", "F"},
      {"F1", "F"},
      {"f(BETA=2)", "F(beta=2)"},
      {"F(beta=2.50)", "F(beta=2.5)"},
      {"F(beta=1/2)", "F(beta=0.5)"},
      {"F(beta=.25)", "F(beta=0.25)"},
      {"F(alpha=1/3)", "F(alpha=1/3)"},
      {"F(alpha=2/6)", "F(alpha=1/3)"},
      {"F(alpha=0.5)", "F(alpha=0.5)"},
      {"F-measure(beta=3)", "F(beta=3)"},
  };
  for (const auto& [typed, expected] : cases) {
    INFO(typed);
    CHECK(irm::canonical(typed) == expected);
    CHECK(irm::canonical(irm::canonical(typed)) == expected);
  }
  CHECK(irm::parameter_number(frac(1, 3)) == "1/3");
  CHECK(irm::parameter_number(frac(7, 20)) == "0.35");
  CHECK(irm::parameter_number(frac(3, 1)) == "3");
}

TEST_CASE("F, error: beta and alpha together", "[measure-name][F][errors]") {
  const auto r = irm::parse_measure_name("F(beta=2,alpha=0.2)");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::bad_parameter_value);
  CHECK(r.error().field == irm::Field::measure);
  CHECK(r.error().where.column == 10);
  CHECK(r.error().where.length == 5);
  CHECK(r.error().message ==
        "beta and alpha set the same thing; give one of them, not both (alpha at column 10 of "
        "\"F(beta=2,alpha=0.2)\")");
}

TEST_CASE("F, error: alpha above 1", "[measure-name][F][errors]") {
  const auto r = irm::parse_measure_name("F(alpha=1.5)");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::out_of_range);
  CHECK(r.error().where.column == 9);
  CHECK(r.error().where.length == 3);
  CHECK(r.error().message ==
        "alpha must be a number from 0 to 1; found 1.5 at column 9 of \"F(alpha=1.5)\"");
}

TEST_CASE("F, error: beta that is not a number, negative, empty or 3/0",
          "[measure-name][F][errors]") {
  const auto x = irm::parse_measure_name("F(beta=x)");
  REQUIRE_FALSE(x.ok());
  CHECK(x.error().code == irm::ErrorCode::bad_number);
  CHECK(x.error().where.column == 8);
  CHECK(x.error().message ==
        "beta must be a number 0 or more, such as 2, 0.5 or 1/3; found 'x' at column 8 of "
        "\"F(beta=x)\"");
  CHECK(irm::parse_measure_name("F(beta=-1)").error().message ==
        "beta must be a number 0 or more, such as 2, 0.5 or 1/3; found '-1' at column 8 of "
        "\"F(beta=-1)\"");
  CHECK(irm::parse_measure_name("F(beta=)").error().message ==
        "beta must be a number 0 or more, such as 2, 0.5 or 1/3; found nothing at column 8 of "
        "\"F(beta=)\"");
  const auto zero = irm::parse_measure_name("F(beta=3/0)");
  CHECK(zero.error().code == irm::ErrorCode::bad_number);
  CHECK(zero.error().where.length == 3);
  CHECK(zero.error().message ==
        "beta = 3/0 divides by 0 at column 8 of \"F(beta=3/0)\"; expected a number 0 or more");
}

TEST_CASE("MC1: a 3 × 3 matrix with class names, worked by hand", "[golden][MC1][multiclass]") {
  //            cat dog bird   support
  //   cat       5   2   0       7
  //   dog       1   3   1       5
  //   bird      0   1   2       3
  //   predicted 6   6   3      15
  // cat:  TP 5, FP 1, FN 2: P 5/6, R 5/7, F1 10/13
  // dog:  TP 3, FP 3, FN 2: P 3/6, R 3/5, F1 6/11
  // bird: TP 2, FP 1, FN 1: P 2/3, R 2/3, F1 4/6
  // macro P = (5/6 + 3/6 + 4/6)/3 = 2/3;  macro R = (75 + 63 + 70)/105 / 3 = 208/315;
  // macro F1 = (330 + 234 + 286)/429 / 3 = 850/1287;  accuracy = micro = 10/15 = 2/3.
  const auto o = run("multiclass", "\tcat\tdog\tbird\ncat\t5\t2\t0\ndog\t1\t3\t1\nbird\t0\t1\t2");
  CHECK(test::exact_value(o, "accuracy") == frac(2, 3));
  CHECK(test::exact_value(o, "macro_precision") == frac(2, 3));
  CHECK(test::exact_value(o, "macro_recall") == frac(208, 315));
  CHECK(test::exact_value(o, "macro_F1") == frac(850, 1287));
  CHECK(test::exact_value(o, "micro_precision") == frac(2, 3));
  CHECK(test::exact_value(o, "micro_recall") == frac(2, 3));
  CHECK(test::exact_value(o, "micro_F1") == frac(2, 3));
  CHECK(irm::to_decimal(value_of(o, "macro_recall"), 4) == "0.6603");
  CHECK(irm::to_decimal(value_of(o, "macro_F1"), 4) == "0.6605");
  const auto& per_class = o.steps.at(1);
  REQUIRE(per_class.rows.size() == 5);
  CHECK(per_class.rows[1][0].text == "dog");
  CHECK(*per_class.rows[1][5].number->exact == frac(1, 2));
  CHECK(per_class.rows[1][5].text == "3/6");
  CHECK(*per_class.rows[0][7].number->exact == frac(10, 13));
  CHECK(*per_class.rows[2][7].number->exact == frac(2, 3));
  REQUIRE(o.charts.at(0).matrix.has_value());
  CHECK(o.charts[0].matrix->row_labels == std::vector<std::string>{"cat", "dog", "bird"});
  CHECK(o.charts[0].matrix->cells[1] == std::vector<double>{1, 3, 1});
  // F1 of macro P and macro R instead: 2·(2/3)·(208/315) / (2/3 + 208/315) = 416/627.
  CHECK(test::has_note_containing(o, "which gives 416/627"));
  // The same matrix without names, separated by spaces.
  const auto bare = run("multiclass", "5 2 0\n1 3 1\n0 1 2");
  CHECK(test::exact_value(bare, "macro_F1") == frac(850, 1287));
  CHECK(bare.charts[0].matrix->column_labels ==
        std::vector<std::string>{"class 1", "class 2", "class 3"});
}

TEST_CASE("MC1's slips: F1 of the macro means, weighted by support, precision and recall swapped",
          "[check][golden][MC1][multiclass]") {
  // MC1 above: macro P = 2/3, macro R = 208/315, macro F1 = 850/1287 = 0.6605.
  const char* const input = "\tcat\tdog\tbird\ncat\t5\t2\t0\ndog\t1\t3\t1\nbird\t0\t1\t2";
  const auto check = [&](const std::string& key, const std::string& answer) {
    const auto r = irm::check_answer("multiclass", input, {}, answer, key);
    if (!r.ok()) FAIL("unexpected error: " << r.error().message);
    return r.value();
  };
  CHECK(check("macro_F1", "0.6605").correct);
  // The F1 of the macro means: 2·(2/3)·(208/315)/(2/3 + 208/315) = 416/627 = 0.6635.
  const auto of_means = check("macro_F1", "0.6635");
  CHECK(of_means.matched == "multiclass.f1_of_macro_means");
  CHECK(of_means.why.find("P = 2/3 and R = 208/315") != std::string::npos);
  // Weighted by support 7, 5, 3 of 15: F1 (7·10/13 + 5·6/11 + 3·2/3)/15 = (1446/143)/15
  // = 482/715 = 0.6741; precision (7·5/6 + 5·1/2 + 3·2/3)/15 = (62/6)/15 = 31/45 = 0.6889.
  CHECK(check("macro_F1", "0.6741").matched == "multiclass.weighted_by_support");
  CHECK(check("macro_precision", "0.6889").matched == "multiclass.weighted_by_support");
  // Macro precision answered with macro recall's 208/315 = 0.6603: each diagonal cell over its
  // row's total (the true class) is recall.
  const auto swapped = check("macro_precision", "0.6603");
  CHECK(swapped.matched == "multiclass.precision_recall_swapped");
  CHECK(swapped.why.find("row's total (the true class), which is recall") != std::string::npos);
}

TEST_CASE("MC2: a multiclass matrix from true: and predicted: sequences",
          "[golden][MC2][multiclass]") {
  // Items: a→a, a→b, b→b, b→b, c→c.  Matrix (rows true a, b, c): [1 1 0; 0 2 0; 0 0 1].
  // a: P 1/1, R 1/2, F1 2/3;  b: P 2/3, R 2/2, F1 4/5;  c: 1, 1, 1.
  // macro P = (1 + 2/3 + 1)/3 = 8/9;  macro R = (1/2 + 1 + 1)/3 = 5/6;
  // macro F1 = (2/3 + 4/5 + 1)/3 = (10 + 12 + 15)/15 / 3 = 37/45;  accuracy 4/5.
  const auto o = run("multiclass", "true: a a b b c\npredicted: a b b b c");
  CHECK(test::exact_value(o, "accuracy") == frac(4, 5));
  CHECK(test::exact_value(o, "macro_precision") == frac(8, 9));
  CHECK(test::exact_value(o, "macro_recall") == frac(5, 6));
  CHECK(test::exact_value(o, "macro_F1") == frac(37, 45));
  CHECK(test::exact_value(o, "micro_F1") == frac(4, 5));
  CHECK(*o.value.exact == frac(4, 5));
  CHECK(o.label == "accuracy");
  // Numbers sort by value: 2 before 10.
  const auto numbers = run("multiclass", "true: 10 2 2\npredicted: 10 10 2");
  CHECK(numbers.charts[0].matrix->row_labels == std::vector<std::string>{"2", "10"});
}

TEST_CASE("multiclass: a class never predicted has precision 0/0, taken as 0",
          "[golden][MC2][multiclass]") {
  // Rows true a, b, c: c is never predicted (column 3 sums to 0).
  // a: P 2/3, R 2/2, F1 4/5;  b: P 2/2, R 2/3, F1 4/5;  c: P 0/0 → 0, R 0/1 = 0, F1 0.
  // macro P = (2/3 + 1 + 0)/3 = 5/9.
  const auto o = run("multiclass", "2 0 0\n1 2 0\n0 0 0\n");
  CHECK(test::exact_value(o, "macro_precision") == frac(5, 9));
  CHECK(test::has_note_containing(o, "No true item of class class 3"));
  const auto never = run("multiclass", "2 0 0\n0 2 0\n1 1 0\n");
  CHECK(test::has_note_containing(never, "Never predicted: class 3. Precision is 0/0 there"));
}

TEST_CASE("sets-words: precision, recall, accuracy, specificity and F1 name confusion's quantities",
          "[golden][sets-words][confusion]") {
  // sets-d1-to-d8's counts TP 2, FP 2, FN 1, TN 3 (check_s1): precision 2/4, recall 2/3,
  // accuracy 5/8, specificity 3/5, F1 4/7; each word gives the whole table with its quantity as
  // the answer.
  struct Case {
    const char* typed;
    const char* measure;
    const char* label;
    Fraction value;
    const char* title;
  };
  const Case cases[] = {
      {"precision", "confusion(value=precision)", "precision", frac(1, 2),
       "Precision of a set, with the confusion matrix"},
      {"Recall", "confusion(value=recall)", "recall", frac(2, 3),
       "Recall of a set, with the confusion matrix"},
      {"accuracy", "confusion(value=accuracy)", "accuracy", frac(5, 8),
       "Accuracy, with the confusion matrix"},
      {"Specificity", "confusion(value=specificity)", "specificity", frac(3, 5),
       "Specificity (true negative rate), with the confusion matrix"},
      {"confusion(value=error)", "confusion(value=error)", "error", frac(3, 8),
       "Error rate, with the confusion matrix"},
  };
  for (const Case& c : cases) {
    INFO(c.typed);
    const auto o = run(c.typed, s1_sets);
    CHECK(o.measure == c.measure);
    CHECK(o.label == c.label);
    CHECK(*o.value.exact == c.value);
    CHECK(o.title == c.title);
    CHECK(test::exact_value(o, "F1") == frac(4, 7));  // the rest of the table is all there
  }
  // F1 is F (β = 1): 2·2/(2·2 + 2 + 1) = 4/7.
  CHECK(*run("F1", "tp=2 fp=2 fn=1 tn=3").value.exact == frac(4, 7));
  CHECK(run("F1", "tp=2 fp=2 fn=1 tn=3").measure == "F");
  // With a cutoff the words are the ranked-list measures: precision@5 is P@5.
  CHECK(run("precision@5", "+ - + - - + - - + +").measure == "P@5");
  CHECK(run("recall@5", "+ - + - - + - - + +", "5").measure == "R@5");
}

TEST_CASE("sets-words: balanced accuracy is (recall + specificity) / 2",
          "[golden][sets-words][confusion]") {
  // scikit-learn's documentation of balanced_accuracy_score: y_true [0, 1, 0, 0, 1, 0] and
  // y_pred [0, 1, 0, 0, 0, 1] give 0.625. By hand, 1 the positive class: TP = 1 (item 2),
  // FN = 1 (item 5), FP = 1 (item 6), TN = 3; recall 1/2, specificity 3/4;
  // (1/2 + 3/4)/2 = 5/8 = 0.625.
  for (const char* input : {"y_true = [0, 1, 0, 0, 1, 0]\ny_pred = [0, 1, 0, 0, 0, 1]\n",
                            "true: 0 1 0 0 1 0\npredicted: 0 1 0 0 0 1"}) {
    INFO(input);
    const auto o = run("balanced accuracy", input);
    CHECK(o.measure == "confusion(value=balanced_accuracy)");
    CHECK(o.label == "balanced accuracy");
    CHECK(o.title == "Balanced accuracy, with the confusion matrix");
    CHECK(*o.value.exact == frac(5, 8));
    CHECK(test::exact_value(o, "balanced accuracy") == frac(5, 8));
    CHECK(test::exact_value(o, "recall") == frac(1, 2));
    CHECK(test::exact_value(o, "specificity") == frac(3, 4));
    CHECK(test::has_note_containing(o, "Balanced accuracy = (recall + specificity) / 2"));
  }
  CHECK(test::has_note_containing(run("balanced accuracy",
                                      "y_true = [0, 1, 0, 0, 1, 0]\n"
                                      "y_pred = [0, 1, 0, 0, 0, 1]\n"),
                                  "Read the captioned lists 'y_true' as true: and 'y_pred' as "
                                  "predicted:."));
  const auto e = test::fails("balanced accuracy", "tp=2 fp=2 fn=1");
  CHECK(e.message ==
        "balanced accuracy needs TN, the non-relevant documents not returned, which the input "
        "does not give; give tn=…, total=… (the collection's size) or a full 2 × 2 grid");
}

TEST_CASE("multiclass: scikit-learn's accuracy_score example, y_pred listed before y_true",
          "[golden][MC2][multiclass]") {
  // scikit-learn's documentation of accuracy_score: y_pred [0, 2, 1, 3], y_true [0, 1, 2, 3]
  // give 0.5: items 1 and 4 are right, 2 of 4.
  const auto o = run("multiclass", "y_pred = [0, 2, 1, 3]\ny_true = [0, 1, 2, 3]\n");
  CHECK(test::exact_value(o, "accuracy") == frac(1, 2));
  CHECK(test::has_note_containing(
      o, "Read the captioned lists 'y_pred' as predicted: and 'y_true' as true:."));
}

TEST_CASE("sets-words, error: accuracy and specificity need TN", "[sets-words][errors]") {
  const auto e = test::fails("accuracy", "tp=2 fp=2 fn=1");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "accuracy needs TN, the non-relevant documents not returned, which the input does not "
        "give; give tn=…, total=… (the collection's size) or a full 2 × 2 grid");
  CHECK(test::fails("specificity", "tp=2 fp=2 fn=1").message.rfind("specificity needs TN", 0) == 0);
  // Precision needs no TN: 2/(2 + 2).
  CHECK(*run("precision", "tp=2 fp=2 fn=1").value.exact == frac(1, 2));
}

// --- confusion matrices as exercises print them (labelled layouts, scikit-learn, sentences) ----

TEST_CASE("confusion: Data School's labelled table, n=165, predicted and actual NO/YES",
          "[golden][confusion][read-as]") {
  // Kevin Markham, "Simple guide to confusion matrix terminology" (Data School, 2014): TN = 50,
  // FP = 10, FN = 5, TP = 100. The guide prints accuracy (100 + 50)/165 = 0.91, misclassification
  // 15/165 = 0.09, true positive rate 100/105 = 0.95, false positive rate 10/60 = 0.17, true
  // negative rate 50/60 = 0.83 and precision 100/110 = 0.91.
  const auto o = run("confusion",
                     "n=165   Predicted: NO   Predicted: YES\n"
                     "Actual: NO    50    10\n"
                     "Actual: YES    5   100");
  CHECK(test::exact_value(o, "accuracy") == frac(10, 11));   // 150/165
  CHECK(test::exact_value(o, "error") == frac(1, 11));       // 15/165
  CHECK(test::exact_value(o, "recall") == frac(20, 21));     // 100/105
  CHECK(test::exact_value(o, "FPR") == frac(1, 6));          // 10/60
  CHECK(test::exact_value(o, "specificity") == frac(5, 6));  // 50/60
  CHECK(test::exact_value(o, "precision") == frac(10, 11));  // 100/110
  CHECK(irm::to_decimal(value_of(o, "accuracy"), 2) == "0.91");
  CHECK(irm::to_decimal(value_of(o, "error"), 2) == "0.09");
  CHECK(irm::to_decimal(value_of(o, "recall"), 2) == "0.95");
  CHECK(irm::to_decimal(value_of(o, "FPR"), 2) == "0.17");
  CHECK(irm::to_decimal(value_of(o, "specificity"), 2) == "0.83");
  CHECK(test::has_note_containing(o,
                                  "Read as: TN = 50, FP = 10 / FN = 5, TP = 100 (rows: truly "
                                  "non-relevant, truly relevant; columns: not returned, "
                                  "returned, as the labels say)."));
}

TEST_CASE("confusion: scikit-learn's binary confusion_matrix example, [[0, 2], [1, 1]]",
          "[golden][confusion][read-as]") {
  // scikit-learn's documentation of sklearn.metrics.confusion_matrix: for y_true = [0, 1, 0, 1]
  // and y_pred = [1, 1, 1, 0], "tn, fp, fn, tp = confusion_matrix(...).ravel()" gives
  // (0, 2, 1, 1), printed as array([[0, 2], [1, 1]]). By hand: precision 1/(1 + 2) = 1/3,
  // recall 1/(1 + 1) = 1/2, F1 = 2·1/(2·1 + 2 + 1) = 2/5.
  const auto o = run("confusion", "array([[0, 2],\n       [1, 1]])");
  CHECK(test::exact_value(o, "TN") == frac(0, 1));
  CHECK(test::exact_value(o, "FP") == frac(2, 1));
  CHECK(test::exact_value(o, "FN") == frac(1, 1));
  CHECK(test::exact_value(o, "TP") == frac(1, 1));
  CHECK(test::exact_value(o, "precision") == frac(1, 3));
  CHECK(test::exact_value(o, "recall") == frac(1, 2));
  CHECK(*o.value.exact == frac(2, 5));
  // The same counts from the two label lines, as true: and predicted:.
  const auto seq = run("confusion", "true: 0 1 0 1\npredicted: 1 1 1 0");
  CHECK(*seq.value.exact == frac(2, 5));
}

TEST_CASE("confusion: a bare grid and the same grid read the other way",
          "[golden][confusion][read-as]") {
  // Rows the truth: TP = 7, FN = 2, FP = 3, TN = 8; precision 7/(7 + 3) = 7/10.
  const auto bare = run("confusion", "7 2\n3 8");
  CHECK(test::exact_value(bare, "precision") == frac(7, 10));
  CHECK(test::exact_value(bare, "recall") == frac(7, 9));  // 7/(7 + 2)
  CHECK(test::has_note_containing(bare,
                                  "Read as: TP = 7, FN = 2 / FP = 3, TN = 8 (rows: truly "
                                  "relevant, truly non-relevant; columns: returned, not "
                                  "returned)."));
  // The header the Sets page adds to swap: rows returned, so FP = 2, FN = 3; precision 7/9,
  // recall 7/10.
  const auto swapped = run("confusion", "relevant non-relevant\n7 2\n3 8");
  CHECK(test::exact_value(swapped, "precision") == frac(7, 9));
  CHECK(test::exact_value(swapped, "recall") == frac(7, 10));
}

TEST_CASE("confusion: a sentence, retrieves 12, nine of them relevant, thirty relevant, 50 in all",
          "[golden][confusion][read-as]") {
  // TP = 9, FP = 12 − 9 = 3, FN = 30 − 9 = 21, TN = 50 − 33 = 17.
  //   precision 9/12 = 3/4, recall 9/30 = 3/10, F1 = 18/(18 + 3 + 21) = 3/7,
  //   accuracy (9 + 17)/50 = 13/25, specificity 17/(17 + 3) = 17/20.
  const auto o = run("confusion",
                     "A system retrieves 12 documents, nine of them relevant; the collection "
                     "holds thirty relevant documents. It is a collection of 50 documents.");
  CHECK(test::exact_value(o, "precision") == frac(3, 4));
  CHECK(test::exact_value(o, "recall") == frac(3, 10));
  CHECK(*o.value.exact == frac(3, 7));
  CHECK(test::exact_value(o, "accuracy") == frac(13, 25));
  CHECK(test::exact_value(o, "specificity") == frac(17, 20));
  CHECK(test::has_note_containing(o, "TN = 50 − 9 − 3 − 21 = 17 (a collection of 50)."));
}

TEST_CASE("check: a bare grid's F₂ read the other way is the slip confusion.transposed",
          "[check][confusion][read-as]") {
  // 7 2 / 3 8 read rows-truth: TP = 7, FN = 2, FP = 3: F₂ = 5·7/(5·7 + 4·2 + 3) = 35/46 = 0.7609.
  // Read the other way (rows returned): FP = 2, FN = 3: F₂ = 35/(35 + 4·3 + 2) = 35/49 = 5/7 =
  // 0.7143.
  const auto right = irm::check_answer("F(beta=2)", "7 2\n3 8", {}, "0.761");
  REQUIRE(right.ok());
  CHECK(right.value().correct);
  const auto r = irm::check_answer("F(beta=2)", "7 2\n3 8", {}, "0.714");
  REQUIRE(r.ok());
  CHECK_FALSE(r.value().correct);
  CHECK(r.value().matched == "confusion.transposed");
  CHECK(r.value().why.find("of the grid read the other way, rows returned and not returned (TP = "
                           "7, FP = 2, FN = 3, TN = 8); the grid was read with rows the truth "
                           "(FP = 3, FN = 2). If its rows are what the system returned, add a "
                           "first line relevant non-relevant to say so.") != std::string::npos);
  // A grid whose labels name its sides is not read the other way: 5/7 there is the weights of F
  // swapped, not the grid.
  const auto named = irm::check_answer("F(beta=2)", "returned not-returned\n7 2\n3 8", {}, "0.714");
  REQUIRE(named.ok());
  CHECK(named.value().matched == "f.weights_swapped");
}

// scikit-learn's accuracy_score example (its documentation, sklearn.metrics.accuracy_score):
// y_pred = [0, 2, 1, 3], y_true = [0, 1, 2, 3]. Four classes: items 1 and 4 are on the diagonal,
// so accuracy = 2/4 = 1/2, the 0.5 it prints. "accuracy" alone names confusion's accuracy,
// whose 2 × 2 reader cannot take four classes; the multiclass accuracy is the same quantity.
TEST_CASE("accuracy of four classes is the multiclass accuracy, 1/2, with a note",
          "[golden][sets]") {
  const irm::Outcome o = run("accuracy", "y_pred = [0, 2, 1, 3]\ny_true = [0, 1, 2, 3]");
  CHECK(o.value.exact == frac(1, 2));
  bool noted = false;
  for (const std::string& note : o.notes)
    noted = noted || note.find("4 classes") != std::string::npos;
  CHECK(noted);
  // Two classes stay confusion's: 1 0 1 1 against 1 0 0 1 is TP 2, TN 1, FP 0, FN 1: 3/4.
  CHECK(run("accuracy", "y_true = [1, 0, 1, 1]\ny_pred = [1, 0, 0, 1]").value.exact == frac(3, 4));
}
