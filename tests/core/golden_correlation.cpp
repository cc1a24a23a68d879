// Golden tests for the correlation measures after Kendall's tau (golden_tau.cpp): AP rank
// correlation τ_AP and τ_AP,b (TAU4–TAU7), Spearman's ρ (RHO1, RHO2), Pearson's r (PEARSON1,
// PEARSON2) and rank-biased overlap (RBO1–RBO3), each worked by hand in the comments; the p-values
// are SciPy 1.10.1's (/usr/bin/python3), with the call beside each; τ_AP's larger cases are the
// test values of Urbano's R package ircor.

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using irm::Fraction;
using test::fails;
using test::frac;
using test::has_note_containing;
using test::run;
using test::value_of;

namespace {

Fraction exact(const irm::Outcome& o) {
  REQUIRE(o.value.exact.has_value());
  return *o.value.exact;
}

}  // namespace

// --- τ_AP ----------------------------------------------------------------------------------------

// TAU4: x (the truth) a b c d. Walking down y, C(i) counts the items above y's i-th that x also
// puts above it.
//   y = b a c d (the top two swapped):    i=2 a: above {b}, x puts b below a: C = 0 → 0/1
//                                         i=3 c: above {b, a}, both above c in x: 2/2
//                                         i=4 d: above {b, a, c}: 3/3
//     Σ = 0 + 1 + 1 = 2, τ_AP = (2/3) · 2 − 1 = 1/3.
//   y = a b d c (the bottom two swapped): i=2 b: 1/1; i=3 d: 2/2; i=4 c: above {a, b, d}, x puts
//     d below c: 2/3. Σ = 8/3, τ_AP = (2/3)(8/3) − 1 = 7/9.
// Kendall's τ is 4/6 = 2/3 for both: one discordant pair of six.
TEST_CASE("TAU4: a swap at the top costs τ_AP more than one at the bottom (1/3 against 7/9)",
          "[golden][TAU4][tau_ap]") {
  const auto top = run("tau_ap", "x: a b c d\ny: b a c d");
  CHECK(exact(top) == frac(1, 3));
  CHECK(test::exact_value(top, "sum") == frac(2, 1));
  CHECK(top.label == "τ_AP");
  const auto& walk = top.steps.at(1);
  CHECK(walk.columns == std::vector<std::string>{"i (rank in y)", "item", "C(i)", "i − 1",
                                                 "C(i)/(i − 1)", "running sum"});
  REQUIRE(walk.rows.size() == 4);
  CHECK(walk.rows[0].at(1).text == "b");
  CHECK(walk.rows[1].at(1).text == "a");
  CHECK(walk.rows[1].at(2).number->exact == frac(0, 1));
  CHECK(walk.rows[3].at(4).number->exact == frac(1, 1));
  CHECK(walk.rows[3].at(5).number->exact == frac(2, 1));
  CHECK(has_note_containing(top, "x is the truth and y the ranking evaluated"));
  const auto bottom = run("tau_ap", "x: a b c d\ny: a b d c");
  CHECK(exact(bottom) == frac(7, 9));
  CHECK(bottom.steps.at(1).rows[3].at(4).number->exact == frac(2, 3));
  // Kendall's τ does not tell them apart.
  CHECK(exact(run("tau", "x: a b c d\ny: b a c d")) == frac(2, 3));
  CHECK(exact(run("tau", "x: a b c d\ny: a b d c")) == frac(2, 3));
}

// TAU5: x = a b c d, y = b c a d. With x the truth, walking down y: i=2 c: above {b}, b above c
// in x: 1/1; i=3 a: above {b, c}, x puts a first: 0/2; i=4 d: 3/3. Σ = 2, τ_AP = (2/3)·2 − 1 = 1/3.
// Swapped (y the truth, walking down x): i=2 b: above {a}, y puts a below b: 0/1; i=3 c: above
// {a, b}, y puts b above c, not a: 1/2; i=4 d: 3/3. Σ = 3/2, τ_AP = (2/3)(3/2) − 1 = 0.
// τ_AP,b without ties is the mean of the two: 1/6.
TEST_CASE("TAU5: τ_AP is asymmetric: 1/3 with x the truth, 0 with y; τ_AP,b is their mean",
          "[golden][TAU5][tau_ap]") {
  const auto o = run("tau_ap", "x: a b c d\ny: b c a d");
  CHECK(exact(o) == frac(1, 3));
  CHECK(has_note_containing(o, "with the lines swapped (y as the truth) it is 0 here"));
  const auto* b = test::alternative(o, "tau_ap(ties=b)");
  REQUIRE(b != nullptr);
  CHECK(*b->value.exact == frac(1, 6));
  CHECK(exact(run("tau_ap", "x: b c a d\ny: a b c d")) == frac(0, 1));
  const auto sym = run("tau_ap(ties=b)", "x: a b c d\ny: b c a d");
  CHECK(exact(sym) == frac(1, 6));
  CHECK(test::exact_value(sym, "a_xy") == frac(1, 3));
  CHECK(test::exact_value(sym, "a_yx") == frac(0, 1));
  CHECK(has_note_containing(sym, "There are no ties here, and still τ_AP,b is not τ_AP"));
  REQUIRE(test::alternative(sym, "tau_ap") != nullptr);
  CHECK(*test::alternative(sym, "tau_ap")->value.exact == frac(1, 3));
}

// TAU6: scores (values=auto reads decimals as scores, the highest first) of items 1–4:
//   x = 0.4 0.3 0.3 0.1 (items 2 and 3 tied), y = 0.3 0.4 0.2 0.1.
// x the truth, walking down y = 2, 1, 3, 4 (no ties, p = position; m = 3 items below the top):
//   item 1 (p=2): above {2}; x puts 1 above 2: c = 0 → 0/1
//   item 3 (p=3): above {2, 1}; x ties 2 and 3 (not above), puts 1 above: c = 1 → 1/2
//   item 4 (p=4): above {2, 1, 3}; x puts all three above: 3/3
//   A(x, y) = (2/3)(0 + 1/2 + 1) − 1 = 0.
// y the truth, walking down x = 1, {2, 3}, 4: p = 1, 2, 2, 4; m = 3.
//   item 2 (p=2): above {1}; y puts 2 above 1: 0/1
//   item 3 (p=2): above {1}; y puts 1 above 3: 1/1
//   item 4 (p=4): above {1, 2, 3}; y puts all above 4: 3/3
//   A(y, x) = (2/3)(0 + 1 + 1) − 1 = 1/3.
// τ_AP,b = (0 + 1/3)/2 = 1/6.
TEST_CASE("TAU6: τ_AP,b with a tie in x worked by hand: (0 + 1/3)/2 = 1/6",
          "[golden][TAU6][tau_ap]") {
  const char* const input = "x: 0.4 0.3 0.3 0.1\ny: 0.3 0.4 0.2 0.1";
  const auto o = run("tau_ap(ties=b)", input);
  CHECK(exact(o) == frac(1, 6));
  CHECK(o.label == "τ_AP,b");
  CHECK(o.title == "AP rank correlation with ties (τ_AP,b)");
  CHECK(test::exact_value(o, "a_xy") == frac(0, 1));
  CHECK(test::exact_value(o, "a_yx") == frac(1, 3));
  CHECK(has_note_containing(o, "The values are read as scores, the highest at the top"));
  const auto& back = o.steps.at(2);  // y the truth, walking down x
  REQUIRE(back.rows.size() == 4);
  CHECK(back.rows[1].at(0).text == "2");  // items 2 and 3 share the top rank 2 of their group
  CHECK(back.rows[2].at(0).text == "2");
  CHECK(back.rows[2].at(2).number->exact == frac(1, 1));
  // Without ties=b the tie is refused, naming the way out.
  const auto e = fails("tau_ap", input);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "x ties items 2 and 3 (both 0.3); τ_AP as Yilmaz, Aslam and Robertson define it takes "
        "rankings without ties. Break the tie, or use tau_ap(ties=b), Urbano and Marrero's "
        "τ_AP,b, which allows them");
  // The same values read as ranks (values=ranks) order the items the other way up.
  CHECK(has_note_containing(run("tau_ap(ties=b,values=ranks)", input),
                            "The values are ranks (values=ranks): rank 1 is the top."));
}

// TAU7: the test sets of Urbano's R package ircor (tests/testthat/helper_data.R and
// test_tauAP.R), scores of 10 items, its values to 4 decimals: tauAP(set1$x, set1$y) = .8519,
// set2 .2504, set3 −.6971; tauAP_b on the same (no ties) .8333, .2880, −.668; tauAP_b(x.ties,
// y.ties) .7321, .297, −.7047, the same with x and y swapped. The exact fractions agree:
// 23/27 = .85185, 2839/11340 = .25035, −527/756 = −.69709; 5/6, 1633/5670 = .28801,
// −505/756 = −.66799; 41/56 = .73214, 449/1512 = .29696, −2131/3024 = −.70470.
TEST_CASE("TAU7: ircor's three test sets, with and without ties", "[golden][TAU7][tau_ap]") {
  struct Set {
    const char *x, *y, *x_ties, *y_ties;
    double tau_ap, tau_ap_b, tau_ap_b_ties;
  };
  const std::vector<Set> sets = {
      {"0.897 0.372 0.908 0.898 0.661 0.062 0.177 0.384 0.498 0.992",
       "0.82 0.406 0.817 0.953 0.673 0.073 0.364 0.547 0.589 0.988",
       "0.9 0.4 0.9 0.9 0.7 0.1 0.2 0.4 0.5 1", "0.8 0.4 0.8 1 0.7 0.1 0.4 0.5 0.6 1", .8519, .8333,
       .7321},
      {"0.266 0.573 0.202 0.945 0.629 0.206 0.687 0.77 0.718 0.38",
       "0.263 0.843 0.728 0.928 0.08 0.114 0.467 0.641 0.973 0.644",
       "0.3 0.6 0.2 0.9 0.6 0.2 0.7 0.8 0.7 0.4", "0.3 0.8 0.7 0.9 0.1 0.1 0.5 0.6 1 0.6", .2504,
       .2880, .297},
      {"0.185 0.573 0.944 0.129 0.468 0.553 0.761 0.405 0.976 0.445",
       "0.845 0.272 0.275 0.924 0.605 0.334 0.162 0.872 0.018 0.25",
       "0.2 0.6 0.9 0.1 0.5 0.6 0.8 0.4 1 0.4", "0.8 0.3 0.3 0.9 0.6 0.3 0.2 0.9 0 0.2", -.6971,
       -.668, -.7047},
  };
  for (const Set& s : sets) {
    const std::string plain = std::string("x: ") + s.x + "\ny: " + s.y;
    const std::string tied = std::string("x: ") + s.x_ties + "\ny: " + s.y_ties;
    const std::string swapped = std::string("x: ") + s.y_ties + "\ny: " + s.x_ties;
    INFO(plain);
    CHECK(std::fabs(run("tau_ap", plain).value.approx - s.tau_ap) < 5e-5);
    CHECK(std::fabs(run("tau_ap(ties=b)", plain).value.approx - s.tau_ap_b) < 5e-5);
    // values=scores as ircor's default (decreasing = TRUE) reads them.
    const auto b = run("tau_ap(ties=b,values=scores)", tied);
    CHECK(std::fabs(b.value.approx - s.tau_ap_b_ties) < 5e-5);
    CHECK(run("tau_ap(ties=b,values=scores)", swapped).value.exact == b.value.exact);
  }
  CHECK(exact(run("tau_ap", std::string("x: ") + sets[0].x + "\ny: " + sets[0].y)) == frac(23, 27));
  CHECK(exact(run("tau_ap(ties=b,values=scores)", std::string("x: ") + sets[2].x_ties + "\ny: " +
                                                      sets[2].y_ties)) == frac(-2131, 3024));
}

// --- Spearman's ρ --------------------------------------------------------------------------------

// RHO1: x = 1 2 3 4 5, y = 2 1 4 3 5, no ties: d = −1, 1, −1, 1, 0, Σd² = 4,
// ρ = 1 − 6·4/(5·24) = 1 − 1/5 = 4/5. t = 0.8 √(3/0.36) = 2.3094, df = 3.
// scipy.stats.spearmanr([1,2,3,4,5], [2,1,4,3,5]) → statistic 0.7999999999999999,
// pvalue 0.10408803866182788.
TEST_CASE("RHO1: without ties ρ = 1 − 6Σd²/(n(n² − 1)) = 4/5, p as scipy's spearmanr",
          "[golden][RHO1][spearman]") {
  const auto o = run("spearman", "x: 1 2 3 4 5\ny: 2 1 4 3 5");
  CHECK(exact(o) == frac(4, 5));
  CHECK(o.label == "ρ");
  CHECK(test::exact_value(o, "sum_d2") == frac(4, 1));
  CHECK(std::fabs(value_of(o, "p").approx - 0.10408803866182788) < 1e-12);
  CHECK(std::fabs(value_of(o, "t").approx - 2.3094010767585) < 1e-9);
  CHECK(test::exact_value(o, "df") == frac(3, 1));
  const auto& ranks = o.steps.at(0);
  CHECK(ranks.columns ==
        std::vector<std::string>{"item", "x", "y", "rank in x", "rank in y", "d", "d²"});
  CHECK(ranks.rows[0].at(5).number->exact == frac(-1, 1));
  CHECK(ranks.rows.back().at(6).number->exact == frac(4, 1));  // Σd²
  CHECK(has_note_containing(o, "No ties: ρ = 1 − 6 Σd²/(n(n² − 1))"));
  CHECK(o.working ==
        "\\rho = 1 - \\frac{6 \\sum d_i^2}{n(n^2 - 1)} = 1 - \\frac{6 \\cdot 4}{5(5^2 - 1)} = "
        "\\frac{4}{5} = 0.8");
}

// RHO2: x = 0.9 0.7 0.7 0.4 0.2, y = 0.8 0.9 0.5 0.5 0.1, each with a tie. Average ranks
// (ascending): x → 5, 3.5, 3.5, 2, 1; y → 4, 5, 2.5, 2.5, 1. Both means are 3:
//   R − 3 = 2, 0.5, 0.5, −1, −2;  S − 3 = 1, 2, −0.5, −0.5, −2
//   S_RS = 2 + 1 − 0.25 + 0.5 + 4 = 7.25;  S_RR = 4 + 0.25 + 0.25 + 1 + 4 = 9.5;  S_SS = 9.5
//   ρ = 7.25/√(9.5 · 9.5) = 7.25/9.5 = 29/38 ≈ 0.7632.
// The no-ties shortcut: d = 1, −1.5, 1, −0.5, 0, Σd² = 4.5, 1 − 6·4.5/120 = 31/40 = 0.775.
// scipy.stats.spearmanr([0.9,0.7,0.7,0.4,0.2], [0.8,0.9,0.5,0.5,0.1]) → statistic
// 0.7631578947368421, pvalue 0.1333391195318063.
TEST_CASE("RHO2: with ties ρ is Pearson's r of the average ranks, 29/38, not 31/40",
          "[golden][RHO2][spearman]") {
  const auto o = run("spearman", "x: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1");
  CHECK(exact(o) == frac(29, 38));
  CHECK(test::exact_value(o, "sum_d2") == frac(9, 2));
  CHECK(std::fabs(value_of(o, "p").approx - 0.1333391195318063) < 1e-12);
  const auto& ranks = o.steps.at(0);
  CHECK(ranks.rows[1].at(3).number->exact == frac(7, 2));
  CHECK(ranks.rows[2].at(4).number->exact == frac(5, 2));
  CHECK(has_note_containing(o, "here it would give 0.775"));
  const auto& sums = o.steps.at(1);
  CHECK(sums.rows[0].at(2).number->exact == frac(29, 4));
  CHECK(sums.rows[1].at(2).number->exact == frac(19, 2));
}

TEST_CASE("RHO2: a line of equal values makes ρ 0/0, reported as 0 with p = 1",
          "[golden][RHO2][spearman]") {
  const auto o = run("spearman", "x: 1 1 1\ny: 1 2 3");
  CHECK(exact(o) == frac(0, 1));
  CHECK(test::exact_value(o, "p") == frac(1, 1));
  CHECK(has_note_containing(o, "ρ = 0/0 is undefined (scipy returns NaN)"));
  // Two items: ρ = ±1 with 0 degrees of freedom; p taken as 1 (scipy's spearmanr gives NaN).
  const auto two = run("spearman", "x: 1 2\ny: 2 1");
  CHECK(exact(two) == frac(-1, 1));
  CHECK(test::exact_value(two, "p") == frac(1, 1));
}

// --- Pearson's r ---------------------------------------------------------------------------------

// PEARSON1: x = 0.5 0.6 0.7 0.4 (x̄ = 0.55), y = 0.4 0.4 0.6 0.5 (ȳ = 0.475).
//   x − x̄ = −0.05, 0.05, 0.15, −0.15;  y − ȳ = −0.075, −0.075, 0.125, 0.025
//   S_xy = 0.00375 − 0.00375 + 0.01875 − 0.00375 = 0.015 = 3/200
//   S_xx = 0.0025 + 0.0025 + 0.0225 + 0.0225 = 0.05 = 1/20
//   S_yy = 0.005625 + 0.005625 + 0.015625 + 0.000625 = 0.0275 = 11/400
//   r² = (9/40000)/(11/8000) = 9/55, r = 3/√55 ≈ 0.4045 (irrational).
// scipy.stats.pearsonr([0.5,0.6,0.7,0.4], [0.4,0.4,0.6,0.5]) → statistic 0.4045199174779453,
// pvalue 0.5954800825220548.
TEST_CASE("PEARSON1: r² = 9/55 exact, r = √(9/55) ≈ 0.4045, p as scipy's pearsonr",
          "[golden][PEARSON1][pearson]") {
  const auto o = run("pearson", "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5");
  CHECK_FALSE(o.value.exact.has_value());
  CHECK(std::fabs(o.value.approx - 0.4045199174779453) < 1e-12);
  CHECK(o.value.formula == "√(9/55)");
  CHECK(test::exact_value(o, "r2") == frac(9, 55));
  CHECK(test::exact_value(o, "Sxy") == frac(3, 200));
  CHECK(test::exact_value(o, "Sxx") == frac(1, 20));
  CHECK(test::exact_value(o, "Syy") == frac(11, 400));
  CHECK(std::fabs(value_of(o, "p").approx - 0.5954800825220548) < 1e-12);
  CHECK(has_note_containing(o, "r² = 9/55 is exact, but r, its square root, is irrational"));
  const auto& table = o.steps.at(0);
  CHECK(table.rows[0].at(3).number->exact == frac(-1, 20));
  CHECK(table.rows.back().at(5).number->exact == frac(3, 200));
}

// PEARSON2: x = 1 2 3 4 5, y = 2 1 4 3 5: x̄ = ȳ = 3, x − x̄ = −2, −1, 0, 1, 2 and
// y − ȳ = −1, −2, 1, 0, 2, so S_xy = 2 + 2 + 0 + 0 + 4 = 8, S_xx = S_yy = 10, r = 8/10 = 4/5
// exact. scipy.stats.pearsonr([1,2,3,4,5], [2,1,4,3,5]) → statistic 0.8,
// pvalue 0.10408803866182785. A constant line: r = 0/0, reported as 0 with p = 1.
TEST_CASE("PEARSON2: a rational r, 4/5, and the degenerate lines", "[golden][PEARSON2][pearson]") {
  const auto o = run("pearson", "x: 1 2 3 4 5\ny: 2 1 4 3 5");
  CHECK(exact(o) == frac(4, 5));
  CHECK(test::exact_value(o, "r2") == frac(16, 25));
  CHECK(std::fabs(value_of(o, "p").approx - 0.10408803866182785) < 1e-12);
  const auto flat = run("pearson", "x: 2 2 2\ny: 1 2 3");
  CHECK(exact(flat) == frac(0, 1));
  CHECK(has_note_containing(flat, "S_xx = 0 and r = 0/0 is undefined"));
  // Two points: r = ±1, and scipy's pearsonr([1,2],[2,1]) gives pvalue 1.0.
  const auto two = run("pearson", "x: 1 2\ny: 2 1");
  CHECK(exact(two) == frac(-1, 1));
  CHECK(test::exact_value(two, "p") == frac(1, 1));
  // A perfect line: p = 0 (scipy.stats.pearsonr([1,2,3],[1,2,3]) prints 1.3415758552508148e-08
  // from r = 0.9999999999999998 in floating point).
  const auto line = run("pearson", "x: 1 2 3\ny: 1 2 3");
  CHECK(exact(line) == frac(1, 1));
  CHECK(test::exact_value(line, "p") == frac(0, 1));
}

// --- rank-biased overlap -------------------------------------------------------------------------

// RBO1: equal lists a b c, p = 0.9 (weights w_d = 0.1, 0.09, 0.081): X_d = d, A_d = 1.
//   Σ w_d A_d = 0.271; RBO_ext = 0.271 + (0/3 + 3/3) · 0.9³ = 0.271 + 0.729 = 1.
//   RBO_max: f = 3 + 3 − 3 = 3, so 0.271 + p³ = 1.
//   RBO_min = 0.271 + (0.1/0.9) · 3 · Σ_{d>3} 0.9^d/d, Σ_{d>3} = ln 10 − (0.9 + 0.405 + 0.243)
//           = 2.302585 − 1.548 = 0.754585, so 0.271 + 0.251528 = 0.522528.
TEST_CASE("RBO1: two equal lists: RBO_ext = RBO_max = 1", "[golden][RBO1][rbo]") {
  const auto o = run("rbo", "x: a b c\ny: a b c");
  CHECK(exact(o) == frac(1, 1));
  CHECK(o.label == "RBO_ext");
  CHECK(test::exact_value(o, "max") == frac(1, 1));
  CHECK(test::exact_value(o, "sum") == frac(271, 1000));
  CHECK(std::fabs(value_of(o, "min").approx - 0.5225283643) < 1e-9);
  CHECK(std::fabs(value_of(o, "res").approx - (1 - 0.5225283643)) < 1e-9);
  CHECK(has_note_containing(o,
                            "Read two ranked lists, each from rank 1 down: x with 3 items, y "
                            "with 3 items; 3 of them in both."));
}

// RBO2: disjoint lists a b and c d, p = 0.9: X_d = 0, so RBO_ext = RBO_min = 0 (exact: X_l = 0).
//   RBO_max: f = 2 + 2 − 0 = 4; d = 3 may share 2·3 − 4 = 2 items, d = 4 all 4:
//   w_3 · 2/3 + w_4 · 4/4 + p⁴ = 0.081 · 2/3 + 0.0729 + 0.6561 = 0.054 + 0.0729 + 0.6561 = 0.783.
TEST_CASE("RBO2: two disjoint lists: RBO_ext = RBO_min = 0, RBO_max = 783/1000",
          "[golden][RBO2][rbo]") {
  const auto o = run("rbo", "x: a b\ny: c d");
  CHECK(exact(o) == frac(0, 1));
  CHECK(test::exact_value(o, "min") == frac(0, 1));
  CHECK(test::exact_value(o, "max") == frac(783, 1000));
  CHECK(test::exact_value(o, "res") == frac(783, 1000));
}

// RBO3: x = d3 d1 d2 d7 (l = 4), y = d1 d4 d3 (s = 3), p = 0.9.
//   d  x   y   X_d  A_d   w_d      w_d·A_d
//   1  d3  d1  0    0     0.1      0
//   2  d1  d4  1    1/2   0.09     0.045
//   3  d2  d3  2    2/3   0.081    0.054
//   4  d7  —   2    1/2   0.0729   0.03645      Σ = 0.13545 = 2709/20000
//   X_s = X_3 = 2, X_l = X_4 = 2.
//   RBO_ext = 0.13545 + w_4 · X_s(4 − 3)/(3 · 4) + ((X_l − X_s)/l + X_s/s) p⁴
//           = 0.13545 + 0.0729/6 + (2/3) · 0.6561 = 0.13545 + 0.01215 + 0.4374 = 0.585 = 117/200.
//   RBO_max: d ≤ 3: 0 + 0.045 + 0.054 = 0.099; d = 4: w_4 (X_4 + 4 − 3)/4 = 0.0729 · 3/4
//           = 0.054675; f = 4 + 3 − 2 = 5: w_5 (10 − 7 + 2)/5 = 0.06561; p⁵ = 0.59049;
//           0.099 + 0.054675 + 0.06561 + 0.59049 = 0.809775 = 32391/40000.
//   RBO_min = 0.13545 + (0.1/0.9) · 2 · (ln 10 − (0.9 + 0.405 + 0.243 + 0.164025))
//           = 0.13545 + (2/9) · 0.590560 = 0.13545 + 0.131236 = 0.266686.
TEST_CASE("RBO3: uneven lists of different items worked by hand: RBO_ext = 117/200",
          "[golden][RBO3][rbo]") {
  const auto o = run("rbo", "x: d3 d1 d2 d7\ny: d1 d4 d3");
  CHECK(exact(o) == frac(117, 200));
  CHECK(test::exact_value(o, "sum") == frac(2709, 20000));
  CHECK(test::exact_value(o, "max") == frac(32391, 40000));
  CHECK(std::fabs(value_of(o, "min").approx - 0.2666855762) < 1e-9);
  CHECK(std::fabs(value_of(o, "res").approx - (0.809775 - 0.2666855762)) < 1e-9);
  const auto& depths = o.steps.at(0);
  REQUIRE(depths.rows.size() == 4);
  CHECK(depths.columns == std::vector<std::string>{"d", "x at d", "y at d", "X_d", "A_d = X_d/d",
                                                   "weight (1 − p)p^(d − 1)", "weight · A_d",
                                                   "running sum"});
  CHECK(depths.rows[3].at(2).text == "—");
  CHECK(depths.rows[2].at(3).number->exact == frac(2, 1));
  CHECK(depths.rows[3].at(5).number->exact == frac(729, 10000));
  CHECK(has_note_containing(o, "The lists have unequal lengths (s = 3, l = 4)"));
  // The two lines swapped: RBO is symmetric.
  const auto swapped = run("rbo", "x: d1 d4 d3\ny: d3 d1 d2 d7");
  CHECK(exact(swapped) == frac(117, 200));
  // p = 1/2: weights 1/2, 1/4, 1/8, 1/16; Σ w A = 0 + 1/8 + 1/12 + 1/32 = 23/96; extra
  // (1/16)·(1/6) = 1/96; tail (2/3)(1/16) = 1/24 = 4/96: RBO_ext = 28/96 = 7/24.
  CHECK(exact(run("rbo(p=0.5)", "x: d3 d1 d2 d7\ny: d1 d4 d3")) == frac(7, 24));
}

TEST_CASE("RBO3: the reader of two lists: layouts and mistakes", "[golden][RBO3][rbo]") {
  const auto plain = run("rbo", "d3 d1 d2 d7\nd1 d4 d3");
  CHECK(exact(plain) == frac(117, 200));
  CHECK(has_note_containing(plain, "Read line 1 as x and line 2 as y"));
  const auto numbers = run("rbo", "x: 12 7 3\ny: 7 12 9");
  CHECK(has_note_containing(numbers, "Every entry is a number: each is read as an item's name"));
  const auto twice = fails("rbo", "x: a b a\ny: a b");
  CHECK(twice.code == irm::ErrorCode::bad_token);
  CHECK(twice.message ==
        "item 'a' is listed twice in x:, at line 1, column 4 and at line 1, column 8; a ranked "
        "list holds each item once");
  CHECK(twice.where.column == 8);
  // Ties are read (RBO4); a tie left open, nested, empty or closed without opening is not.
  const auto open = fails("rbo", "x: a (b c\ny: a b c");
  CHECK(open.message ==
        "the tie opened at line 1, column 6 in x: is not closed; end it with ), as in (d1 d2)");
  CHECK(open.where.column == 6);
  CHECK(fails("rbo", "x: (a (b c))\ny: a b c").message ==
        "found '(b' in x: at line 1, column 7 inside the tie opened at line 1, column 4; close "
        "it with ) first: (d1 d2) d3");
  CHECK(fails("rbo", "x: a ( ) b\ny: a b").message ==
        "the parentheses at line 1, column 6 in x: hold no item; write the tied items inside "
        "them, as in (d1 d2)");
  CHECK(fails("rbo", "x: a b) c\ny: a b c").message ==
        "found 'b)' in x: at line 1, column 6, a ) with no ( before it; tied items are written "
        "(d1 d2)");
  CHECK(fails("rbo", "x: a {b c}\ny: a b c").message ==
        "found '{b' in x: at line 1, column 6; tied items are written in parentheses, (d1 d2), "
        "one group at a time, not nested");
  const auto p = fails("rbo(p=1)", "x: a b\ny: a b");
  CHECK(p.field == irm::Field::measure);
  CHECK(fails("rbo", "x: a b").message ==
        "found x: at line 1, column 1 but no y: line; give two ranked lists, as in x: d3 d1 d2 "
        "and y: d1 d4 d3");
  CHECK(fails("rbo", "a b\nc d\ne f").message ==
        "found 3 lines (the third at line 3, column 1); give two ranked lists, one a line, as in "
        "x: d3 d1 d2 and y: d1 d4 d3");
}

TEST_CASE("tau_ap, spearman and pearson refuse more than 10,000 items, naming the count",
          "[correlation]") {
  // Two lines of 10,001 values each: one item past the calculator's limit.
  std::string x = "x:";
  for (int i = 1; i <= 10'001; ++i) x += " " + std::to_string(i);
  const std::string input = x + "\ny:" + x.substr(2);
  for (const char* name : {"tau_ap", "spearman", "pearson"}) {
    INFO(name);
    const auto error = fails(name, input);
    CHECK(error.code == irm::ErrorCode::out_of_range);
    CHECK(error.message == std::string(name) + " takes up to 10000 items; found 10001");
  }
}

// RBO4: ties, as Corsi and Urbano define them ("The treatment of ties in rank-biased overlap",
// SIGIR 2024). The decimals are their reference code's: rbo.py of github.com/julian-urbano/
// sigir2024-rbo at 0338fd9, run with Debian's python3 and numpy 1.24.2 as
//   rbo.rbo(rbo.from_string(X), rbo.from_string(Y), p, ties=T)  →  {'ext', 'min', 'max', 'res'}.
// By hand, x: a (b c) d against y: a b c d, p = 0.9 (weights 0.1, 0.09, 0.081, 0.0729):
//   ties=a: b and c each count 1/2 of x's top 2, 1 from depth 3. X = 1, 1 + 1/2·1 (b) + 1/2·0 (c
//     is not in y's top 2) = 3/2, 3, 4; A = 1, 3/4, 1, 1; Σ w A = 0.1 + 0.0675 + 0.081 + 0.0729
//     = 0.3214; s = l = 4, so RBO_ext = 0.3214 + (4/4)·0.9⁴ = 0.3214 + 0.6561 = 0.9775 = 391/400.
//   ties=w: b and c are both in x's top 2: X_2 = a + b = 2 over |x_2| + |y_2| = 3 + 2, A_2 =
//     2·2/5 = 4/5; RBO_ext = 0.1 + 0.072 + 0.081 + 0.0729 + 0.6561 = 0.982 = 491/500.
//   ties=b: Σ parts² of x's top 2 = 1 + 1/4 + 1/4 = 3/2, of y's 2; A_2 = (3/2)/√3 = √3/2;
//     RBO_ext = 0.9775 − 0.0675 + 0.09·0.866025 = 0.987942 (irrational: a decimal).
TEST_CASE("RBO4: tied items, as Corsi and Urbano's reference code computes them",
          "[golden][RBO4][rbo]") {
  const auto a = run("rbo", "x: a (b c) d\ny: a b c d");
  CHECK(exact(a) == frac(391, 400));
  CHECK(std::fabs(value_of(a, "min").approx - 0.5838711524417979) < 1e-12);
  CHECK(test::exact_value(a, "max") == frac(391, 400));
  REQUIRE(a.steps.at(0).rows.size() == 4);
  CHECK(a.steps.at(0).rows[1].at(1).text == "b (tied, ranks 2–3)");
  CHECK(a.steps.at(0).rows[1].at(3).number->exact == frac(3, 2));
  CHECK(has_note_containing(a, "Corsi and Urbano define RBO with ties"));
  CHECK(exact(run("rbo(ties=w)", "x: a (b c) d\ny: a b c d")) == frac(491, 500));
  const auto tied_b = run("rbo(ties=b)", "x: a (b c) d\ny: a b c d");
  CHECK(!tied_b.value.exact);
  CHECK(std::fabs(tied_b.value.approx - 0.9879422863405994) < 1e-12);
  CHECK(std::fabs(value_of(tied_b, "min").approx - 0.5943134387823973) < 1e-12);

  // Uneven lists with ties in both and in the longer list's own items.
  struct Case {
    const char* measure;
    const char* input;
    double ext, min, max, res;
  };
  const Case cases[] = {
      {"rbo", "x: a (b c d) e f g\ny: (c a) x", 0.5990362142857142, 0.3226855762208989,
       0.8352194857142857, 0.5125339094933868},
      {"rbo(ties=w)", "x: a (b c d) e f g\ny: (c a) x", 0.6229834217687075, 0.3406379571732799,
       0.8531718666666668, 0.512533909493387},
      {"rbo(ties=b)", "x: a (b c d) e f g\ny: (c a) x", 0.6673501622672635, 0.36290615047929464,
       0.8754400599726815, 0.5125339094933868},
      {"rbo", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.6758236285714284, 0.27268557622089895,
       0.8470792500000001, 0.5743936737791011},
      {"rbo(ties=w)", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.6822538681318682,
       0.2724572135835363, 0.8538863406593408, 0.5814291270758045},
      {"rbo(ties=b)", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.7749705068547893,
       0.29307069537369596, 0.8714060909681434, 0.5783353955944475},
      {"rbo(p=0.5)", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.3543816137566137,
       0.2890721388976686, 0.3875868055555555, 0.09851466665788694},
      {"rbo(p=0.5,ties=w)", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.3621108058608058,
       0.29065562485615454, 0.3976076007326007, 0.10695197587644617},
      {"rbo(p=0.5,ties=b)", "x: d1 d2\ny: d2 (d5 d6 d1) d7 (d8 d9)", 0.419282385878674,
       0.33605936497736016, 0.4386985817516489, 0.10263921677428872},
  };
  for (const Case& c : cases) {
    INFO(c.measure << " on " << c.input);
    const auto o = run(c.measure, c.input);
    CHECK(std::fabs(o.value.approx - c.ext) < 1e-12);
    CHECK(std::fabs(value_of(o, "min").approx - c.min) < 1e-12);
    CHECK(std::fabs(value_of(o, "max").approx - c.max) < 1e-12);
    CHECK(std::fabs(value_of(o, "res").approx - c.res) < 1e-12);
  }
  // Without ties the three variants are one: RBO3's lists give 117/200 under each.
  for (const char* measure : {"rbo(ties=a)", "rbo(ties=b)", "rbo(ties=w)"}) {
    CHECK(exact(run(measure, "x: d3 d1 d2 d7\ny: d1 d4 d3")) == frac(117, 200));
  }
}
