// Golden tests for the paired significance tests: sign, wilcoxon, ttest and randomization. The
// Week 3 notes name the sign and Wilcoxon tests but work no example, so every example here is
// worked by hand in the comments (binomial sums, the Wilcoxon rank-sum table of n = 6 enumerated,
// the t distribution's closed forms for small df with table values, the 16 sign flips of n = 4). No
// expected number is copied from the program.
//
//   SIG1  sign test, 11 queries with one tie: p = 7/64
//   SIG2  Wilcoxon exact, n = 6: p = 5/16
//   SIG3  paired t, df = 4: t = 2√2, p = 1 − (7/6)√(2/3) ≈ 0.0474
//   SIG4  randomization exact, n = 4: p = 3/8
//   SIG5  Wilcoxon normal approximation: tied ranks (tie correction), zero=pratt, and
//         correction=no (checked against SciPy 1.10.1's wilcoxon)
//   SIG6  sign test for n = 70: the normal approximation

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using irm::Fraction;
using test::frac;
using test::has_note_containing;
using test::run;
using test::value_of;

namespace {

bool has_value(const irm::Outcome& o, const std::string& key) {
  for (const auto& [k, v] : o.values) {
    if (k == key) return true;
  }
  return false;
}

const irm::Alternative& alternative(const irm::Outcome& o, const std::string& measure) {
  const auto* a = test::alternative(o, measure);
  if (a == nullptr) FAIL("no alternative " << measure);
  return *a;
}

const irm::StepTable& table(const irm::Outcome& o, const std::string& title_start) {
  for (const auto& t : o.steps) {
    if (t.title.rfind(title_start, 0) == 0) return t;
  }
  FAIL("no step table " << title_start);
  static irm::StepTable none;
  return none;
}

// SIG1: d = x − y per query:
//   q1 +0.08  q2 +0.07  q3 0 (tie)  q4 +0.09  q5 −0.03  q6 +0.08  q7 +0.05  q8 +0.06  q9 −0.03
//   q10 +0.09  q11 +0.04   →  n+ = 8, n− = 2, one tie dropped, n = 10.
const char* const sig1 =
    "q1 0.50 0.42\n"
    "q2 0.62 0.55\n"
    "q3 0.41 0.41\n"
    "q4 0.70 0.61\n"
    "q5 0.33 0.36\n"
    "q6 0.58 0.50\n"
    "q7 0.45 0.40\n"
    "q8 0.66 0.60\n"
    "q9 0.52 0.55\n"
    "q10 0.39 0.30\n"
    "q11 0.48 0.44";

// SIG2: d = 0.10, 0.25, −0.05, 0.30, 0.15, −0.20 (no ties, no zeros).
const char* const sig2 =
    "x: 0.50 0.75 0.40 0.90 0.65 0.30\n"
    "y: 0.40 0.50 0.45 0.60 0.50 0.50";

// SIG3: d = 0.1, 0.2, 0.3, 0, 0.4.
const char* const sig3 = "d: 0.1 0.2 0.3 0.0 0.4";

// SIG4: d = 0.3, 0.1, −0.2, 0.4.
const char* const sig4 = "d: 0.3 0.1 -0.2 0.4";

// SIG5: d = 0.1, 0.1, −0.1, 0.2, 0.3, 0.3, −0.4, 0.5 (tied |d|).
const char* const sig5 = "d: 0.1 0.1 -0.1 0.2 0.3 0.3 -0.4 0.5";

// 14 differences of +0.1 and 7 of −0.1 (n = 21).
std::string fourteen_and_seven() {
  std::string text = "d:";
  for (int i = 0; i < 14; ++i) text += " 0.1";
  for (int i = 0; i < 7; ++i) text += " -0.1";
  return text;
}

}  // namespace

// --- sign ----------------------------------------------------------------------------------------

TEST_CASE("SIG1: sign test: n+ = 8, n− = 2, the tie dropped, p = 2·(1 + 10 + 45)/1024 = 7/64",
          "[golden][SIG1][sign]") {
  const auto o = run("sign", sig1);
  CHECK(test::exact_value(o, "n_plus") == frac(8, 1));
  CHECK(test::exact_value(o, "n_minus") == frac(2, 1));
  CHECK(test::exact_value(o, "ties") == frac(1, 1));
  CHECK(test::exact_value(o, "n") == frac(10, 1));
  // Two-sided: 2·P(N+ ≤ 2) with N+ ~ Binomial(10, 1/2):
  //   C(10,0) + C(10,1) + C(10,2) = 1 + 10 + 45 = 56;  2·56/1024 = 112/1024 = 7/64 = 0.109375.
  CHECK(*o.value.exact == frac(7, 64));
  CHECK(test::exact_value(o, "p") == frac(7, 64));
  CHECK(o.label == "p");
  CHECK_FALSE(has_value(o, "z"));
  CHECK(o.working.find("\\sum_{k=0}^{2} \\binom{10}{k}") != std::string::npos);
  CHECK(o.working.find("2 \\cdot \\frac{1 + 10 + 45}{1024} = 2 \\cdot \\frac{56}{1024}") !=
        std::string::npos);
  const auto& binomial = table(o, "Binomial probabilities");
  REQUIRE(binomial.rows.size() == 3);
  CHECK(binomial.rows[2][1].text == "45");
  CHECK(*binomial.rows[2][3].number->exact == frac(56, 1024));
  const auto& signs = table(o, "The sign of each difference");
  CHECK(signs.rows[2][0].text == "q3");
  CHECK(signs.rows[2][4].text == "0 (tie, dropped)");
  CHECK(signs.rows[4][3].text == "-0.03");
  CHECK(signs.rows[4][4].text == "−");
  CHECK(has_note_containing(o,
                            "1 query has d = 0 (q3): ties favour neither system and are "
                            "dropped, so n = 10."));
  CHECK(has_note_containing(o, "H0: on each query, x and y are equally likely to score higher"));
  CHECK(has_note_containing(o, "Assumptions: the queries are independent"));
  CHECK(has_note_containing(
      o, "At α = 0.05: p = 7/64 ≈ 0.1094 > 0.05, so the sign test does not reject H0"));
  // greater: P(N+ ≥ 8) = (C(10,8) + C(10,9) + C(10,10))/1024 = (45 + 10 + 1)/1024 = 7/128.
  CHECK(*alternative(o, "sign(alternative=greater)").value.exact == frac(7, 128));
  // less: P(N+ ≤ 8) = 1 − P(N+ ≥ 9) = 1 − 11/1024 = 1013/1024.
  CHECK(*alternative(o, "sign(alternative=less)").value.exact == frac(1013, 1024));
}

TEST_CASE(
    "SIG1: sign(alternative=greater) is the upper tail 7/128, the chart has one bar per query",
    "[golden][SIG1][sign]") {
  const auto o = run("sign(alternative=greater)", sig1);
  CHECK(o.measure == "sign(alternative=greater)");
  CHECK(*o.value.exact == frac(7, 128));
  CHECK(o.working.find("\\frac{45 + 10 + 1}{1024} = \\frac{56}{1024}") != std::string::npos);
  CHECK(*alternative(o, "sign").value.exact == frac(7, 64));
  const auto& chart = o.charts.at(0);
  CHECK(chart.id == "differences");
  REQUIRE(chart.x_categories.size() == 11);
  CHECK(chart.x_categories[9] == "q10");
  REQUIRE(chart.series.size() == 1);
  CHECK(chart.series[0].kind == irm::Series::Kind::bar);
  CHECK(chart.series[0].points[4].first == 4.0);
  CHECK_THAT(chart.series[0].points[4].second, WithinAbs(-0.03, 1e-12));
}

TEST_CASE("SIG1: sign test: 10 wins of 10 give p = 2/1024 = 1/512, significant at 0.05",
          "[golden][SIG1][sign]") {
  // P(N+ ≤ 0) = 1/1024; two-sided 2/1024 = 1/512 ≈ 0.00195 ≤ 0.05.
  const auto o = run("sign", "d: 0.1 0.2 0.1 0.3 0.1 0.2 0.1 0.4 0.1 0.2");
  CHECK(*o.value.exact == frac(1, 512));
  CHECK(has_note_containing(o, "so the sign test rejects H0: x and y differ"));
}

TEST_CASE("sign test: every difference 0 leaves nothing to test, p = 1", "[golden][SIG1][sign]") {
  // n = 0: the empty binomial has P(N+ ≤ 0) = 1, and 2·1 is capped at 1.
  const auto o = run("sign", "d: 0 0 0");
  CHECK(*o.value.exact == frac(1, 1));
  CHECK(test::exact_value(o, "n") == frac(0, 1));
  CHECK(has_note_containing(o, "Every difference is 0"));
}

TEST_CASE("sign test: 14 of 21: p = 2·Σ_{k≤7} C(21,k)/2^21 = 24805/131072", "[golden][sign]") {
  // C(21,k) for k = 0..7: 1, 21, 210, 1330, 5985, 20349, 54264, 116280; sum 198440.
  // 2·198440/2097152 = 396880/2097152 = 24805/131072 ≈ 0.18925.
  const auto o = run("sign", fourteen_and_seven());
  CHECK(*o.value.exact == frac(24805, 131072));
}

TEST_CASE("SIG6: sign(method=normal) with n = 70: the normal approximation, continuity corrected",
          "[golden][SIG6][sign]") {
  std::string text = "d:";
  for (int i = 0; i < 45; ++i) text += " 0.1";
  for (int i = 0; i < 25; ++i) text += " -0.2";
  const auto o = run("sign(method=normal)", text);
  CHECK(test::exact_value(o, "n_plus") == frac(45, 1));
  CHECK(test::exact_value(o, "n_minus") == frac(25, 1));
  // z = (|45 − 35| − 1/2)/(√70/2) = 9.5/4.18330 = 2.2709. Normal table: Φ(2.27) = 0.9884, so
  // p = 2(1 − 0.9884) ≈ 0.0232.
  CHECK_FALSE(o.value.exact.has_value());
  CHECK_THAT(value_of(o, "z").approx, WithinAbs(2.2709, 1e-4));
  CHECK_THAT(o.value.approx, WithinAbs(0.0232, 2e-4));
  CHECK(has_note_containing(o, "p uses the normal approximation to Binomial(70, 1/2)"));
  // greater: 1 − Φ(2.2709) ≈ 0.0116; less: Φ((45 + 0.5 − 35)/4.18330) = Φ(2.5100) ≈ 0.9940.
  CHECK_THAT(alternative(o, "sign(alternative=greater,method=normal)").value.approx,
             WithinAbs(0.0116, 2e-4));
  CHECK_THAT(alternative(o, "sign(alternative=less,method=normal)").value.approx,
             WithinAbs(0.9940, 2e-4));
  CHECK(has_note_containing(o, "At α = 0.05: p = 0.0232 ≤ 0.05, so the sign test rejects H0"));
  // The exact tail beside it: 2·Σ_{k≤25} C(70, k)/2^70 ≈ 0.022463 (Python's exact integers).
  CHECK_THAT(alternative(o, "sign").value.approx, WithinRel(0.022462895492509277, 1e-9));
}

TEST_CASE("sign test, exact for any n: 45 : 25 of 70 by default is the binomial tail",
          "[golden][sign]") {
  std::string text = "d:";
  for (int i = 0; i < 45; ++i) text += " 0.1";
  for (int i = 0; i < 25; ++i) text += " -0.2";
  const auto o = run("sign", text);
  // Worked with Python's exact integers: Σ_{k=0}^{25} C(70, k) over 2^70, doubled:
  // 0.022462895492509277; greater Σ_{k=45}^{70}: 0.011231447746254638; less Σ_{k=0}^{45}:
  // 0.9942367951728183. The normal approximation (0.0232) is the alternative.
  CHECK_FALSE(o.value.exact.has_value());
  CHECK_THAT(o.value.approx, WithinRel(0.022462895492509277, 1e-9));
  CHECK_THAT(alternative(o, "sign(alternative=greater)").value.approx,
             WithinRel(0.011231447746254638, 1e-9));
  CHECK_THAT(alternative(o, "sign(alternative=less)").value.approx,
             WithinRel(0.9942367951728183, 1e-9));
  CHECK_THAT(alternative(o, "sign(method=normal)").value.approx, WithinAbs(0.0232, 2e-4));
  CHECK(has_note_containing(o, "the terms are summed as logarithms"));
}

TEST_CASE("sign test: 5,200 : 4,800 gives p = 6.594e-05, not the normal 6.607e-05",
          "[golden][sign]") {
  std::string text = "d:";
  for (int i = 0; i < 5200; ++i) text += " 0.1";
  for (int i = 0; i < 4800; ++i) text += " -0.1";
  const auto o = run("sign", text);
  // Python, exact integers: 2·Σ_{k=0}^{4800} C(10000, k)/2^10000 = 6.593515598672442e-05;
  // the upper tail Σ_{k=5200}^{10000} is half of it, 3.296757799336221e-05.
  CHECK_THAT(o.value.approx, WithinRel(6.593515598672442e-05, 1e-9));
  CHECK(o.working.find("= 6.594e-05") != std::string::npos);
  CHECK_THAT(alternative(o, "sign(alternative=greater)").value.approx,
             WithinRel(3.296757799336221e-05, 1e-9));
  // The normal approximation: z = (200 − 1/2)/50 = 3.99, 2(1 − Φ(3.99)) ≈ 6.607e-05.
  CHECK_THAT(alternative(o, "sign(method=normal)").value.approx, WithinRel(6.607e-05, 1e-3));
}

TEST_CASE("sign test: 2,000 wins of 2,000 give p < 1e-300, never 0", "[golden][sign]") {
  std::string text = "d:";
  for (int i = 0; i < 2000; ++i) text += " 0.1";
  const auto o = run("sign", text);
  // 2/2^2000 = 10^(log10 2 − 2000·log10 2) = 10^−601.76: below the smallest double shown.
  CHECK(o.value.approx == 0.0);
  CHECK(o.value.formula == "< 1e-300");
  CHECK(o.working.find("< 10^{-300}") != std::string::npos);
  CHECK(has_note_containing(o, "p is below 1e-300"));
  CHECK(has_note_containing(o, "At α = 0.05: p < 1e-300 ≤ 0.05, so the sign test rejects H0"));
}

// --- wilcoxon ------------------------------------------------------------------------------------

TEST_CASE("SIG2: Wilcoxon exact for n = 6: W+ = 16, W− = 5, p = 2·10/64 = 5/16",
          "[golden][SIG2][wilcoxon]") {
  const auto o = run("wilcoxon", sig2);
  // |d| in order: 0.05 (q3) 1, 0.10 (q1) 2, 0.15 (q5) 3, 0.20 (q6) 4, 0.25 (q2) 5, 0.30 (q4) 6.
  // W+ = 2 + 5 + 6 + 3 = 16, W− = 1 + 4 = 5 (W+ + W− = 6·7/2 = 21).
  CHECK(test::exact_value(o, "W_plus") == frac(16, 1));
  CHECK(test::exact_value(o, "W_minus") == frac(5, 1));
  CHECK(test::exact_value(o, "statistic") == frac(5, 1));
  CHECK_FALSE(has_value(o, "z"));
  // The subsets of {1, …, 6} with sum w (the sign assignments with W+ = w):
  //   w = 0: {}                      1
  //   w = 1: {1}                     1
  //   w = 2: {2}                     1
  //   w = 3: {3} {1,2}               2
  //   w = 4: {4} {1,3}               2
  //   w = 5: {5} {1,4} {2,3}         3     P(W+ ≤ 5) = 10/64
  // Two-sided p = 2·10/64 = 5/16 = 0.3125.
  CHECK(*o.value.exact == frac(5, 16));
  CHECK(test::exact_value(o, "p") == frac(5, 16));
  const auto& distribution = table(o, "Null distribution of W+");
  REQUIRE(distribution.rows.size() == 6);
  CHECK(distribution.rows[5][1].text == "3");
  CHECK(*distribution.rows[5][3].number->exact == frac(10, 64));
  const auto& ranks = table(o, "Differences ranked by size");
  CHECK(ranks.columns == std::vector<std::string>{"query", "x", "y", "d = x − y", "|d|",
                                                  "rank of |d|", "signed rank"});
  CHECK(ranks.rows[2][3].text == "-0.05");
  CHECK(ranks.rows[2][5].text == "1");
  CHECK(ranks.rows[2][6].text == "-1");
  CHECK(o.working.find("2 \\cdot \\frac{1 + 1 + 1 + 2 + 2 + 3}{64}") != std::string::npos);
  CHECK(has_note_containing(o, "p is exact"));
  CHECK(has_note_containing(o, "The statistic is the smaller of W+ and W−: 5."));
  // greater: P(W+ ≥ 16) = P(W+ ≤ 21 − 16 = 5) = 10/64 = 5/32.
  CHECK(*alternative(o, "wilcoxon(alternative=greater)").value.exact == frac(5, 32));
  // less: P(W+ ≤ 16) = 1 − P(W+ ≥ 17) = 1 − P(W+ ≤ 4) = 1 − 7/64 = 57/64.
  CHECK(*alternative(o, "wilcoxon(alternative=less)").value.exact == frac(57, 64));
  CHECK(alternative(o, "wilcoxon(zero=pratt)").why.find("the same as this answer") == 0);
  // method=normal: μ = 6·7/4 = 10.5, σ² = 6·7·13/24 = 22.75, z = (5 − 10.5 + 0.5)/√22.75 =
  // −5/4.7697 = −1.0483; table Φ(−1.05) = 0.1469, Φ(−1.04) = 0.1492 → Φ(−1.0483) ≈ 0.1473,
  // p ≈ 0.2946.
  CHECK_THAT(alternative(o, "wilcoxon(method=normal)").value.approx, WithinAbs(0.2946, 5e-4));
}

TEST_CASE("SIG2: Wilcoxon exact: six positive differences give p = 2/64 = 1/32, significant",
          "[golden][SIG2][wilcoxon]") {
  // W+ = 21, W− = 0: only the empty subset has sum 0, P(W+ ≤ 0) = 1/64; 2/64 = 1/32 ≤ 0.05.
  const auto o = run("wilcoxon", "d: 0.1 0.2 0.3 0.4 0.5 0.6");
  CHECK(*o.value.exact == frac(1, 32));
  CHECK(has_note_containing(o, "so the Wilcoxon signed-rank test rejects H0"));
  // greater: P(W+ ≥ 21) = 1/64.
  const auto greater = run("wilcoxon(alternative=greater)", "d: 0.1 0.2 0.3 0.4 0.5 0.6");
  CHECK(*greater.value.exact == frac(1, 64));
  CHECK(test::exact_value(greater, "statistic") == frac(21, 1));
}

TEST_CASE("SIG5: Wilcoxon with tied |d|: average ranks, the tie correction, normal p ≈ 0.2311",
          "[golden][SIG5][wilcoxon]") {
  const auto o = run("wilcoxon", sig5);
  // |d| sorted: 0.1 ×3 (ranks 1–3 → 2), 0.2 (4), 0.3 ×2 (ranks 5–6 → 5.5), 0.4 (7), 0.5 (8).
  // Signed: +2 +2 −2 +4 +5.5 +5.5 −7 +8 → W+ = 27, W− = 9.
  CHECK(test::exact_value(o, "W_plus") == frac(27, 1));
  CHECK(test::exact_value(o, "W_minus") == frac(9, 1));
  CHECK(test::exact_value(o, "statistic") == frac(9, 1));
  const auto& ranks = table(o, "Differences ranked by size");
  CHECK(ranks.rows[4][3].text == "5.5");
  CHECK(has_note_containing(o,
                            "Tied |d| share the average of their ranks: 0.1 (ranks 1–3 → 2), "
                            "0.3 (ranks 5–6 → 5.5)."));
  CHECK(has_note_containing(o, "method=exact cannot be used here: some |d| are tied"));
  // μ = 8·9/4 = 18; σ² = 8·9·17/24 − ((3³ − 3) + (2³ − 2))/48 = 51 − 30/48 = 50.375.
  CHECK(table(o, "Tied |d|").rows.size() == 2);
  // z = (9 − 18 + 0.5)/√50.375 = −8.5/7.0975 = −1.1976. Table: Φ(−1.19) = 0.1170,
  // Φ(−1.20) = 0.1151, so Φ(−1.1976) ≈ 0.1170 − 0.76·0.0019 = 0.11556 and p ≈ 0.2311.
  CHECK_THAT(value_of(o, "z").approx, WithinAbs(-1.1976, 1e-4));
  CHECK_THAT(o.value.approx, WithinAbs(0.2311, 5e-4));
  CHECK(o.working.find("51 - \\frac{30}{48} = 50.375") != std::string::npos);
  CHECK(alternative(o, "wilcoxon(method=normal)").why.find("the same as this answer") == 0);
}

TEST_CASE("SIG5: zero=wilcox drops a zero (exact 7/16), zero=pratt ranks it, normal p ≈ 0.3429",
          "[golden][SIG5][wilcoxon]") {
  const char* const input = "d: 0 0.1 0.2 0.3 -0.4 0.5";
  // wilcox: n = 5, ranks 1..5 for 0.1..0.5: W+ = 1 + 2 + 3 + 5 = 11, W− = 4.
  // Subsets of {1..5} with sum ≤ 4: {} {1} {2} {3} {1,2} {4} {1,3} = 7 of 32; p = 14/32 = 7/16.
  const auto wilcox = run("wilcoxon", input);
  CHECK(test::exact_value(wilcox, "W_plus") == frac(11, 1));
  CHECK(test::exact_value(wilcox, "W_minus") == frac(4, 1));
  CHECK(*wilcox.value.exact == frac(7, 16));
  CHECK(has_note_containing(wilcox,
                            "zero=wilcox: 1 difference is 0 (q1) and dropped before "
                            "ranking, so n = 5."));
  // pratt: ranks 1..6 including the zero (rank 1), which is then dropped: W+ = 2 + 3 + 4 + 6 =
  // 15, W− = 5. The ranks are not 1..n, so the normal approximation: n = 6, z0 = 1,
  //   μ = (6·7 − 1·2)/4 = 10,  σ² = (6·7·13 − 1·2·3)/24 = 540/24 = 22.5,
  //   z = (5 − 10 + 0.5)/√22.5 = −4.5/4.7434 = −0.9487.
  // Table: Φ(−0.94) = 0.1736, Φ(−0.95) = 0.1711 → Φ(−0.9487) ≈ 0.17143, p ≈ 0.3429.
  const auto pratt = run("wilcoxon(zero=pratt)", input);
  CHECK(test::exact_value(pratt, "W_plus") == frac(15, 1));
  CHECK(test::exact_value(pratt, "W_minus") == frac(5, 1));
  CHECK_THAT(value_of(pratt, "z").approx, WithinAbs(-0.9487, 1e-4));
  CHECK_THAT(pratt.value.approx, WithinAbs(0.3429, 5e-4));
  CHECK(has_note_containing(pratt,
                            "method=exact cannot be used here: zero=pratt leaves the "
                            "ranks of the zeros out"));
  CHECK(*alternative(pratt, "wilcoxon").value.exact == frac(7, 16));
  CHECK(alternative(pratt, "wilcoxon").why ==
        "zero=wilcox drops the 1 zero difference before ranking (n = 5), so every other rank is "
        "lower by 1");
}

TEST_CASE("SIG5: wilcoxon(correction=no) drops the continuity correction, yes is the default",
          "[golden][SIG5][wilcoxon]") {
  // SIG5 as above: W− = 9, μ = 18, σ² = 50.375. correction=no: z = (9 − 18)/√50.375 =
  // −9/7.09754 = −1.26805; table Φ(−1.26) = 0.1038, Φ(−1.27) = 0.1020 → Φ(−1.268) ≈ 0.1024,
  // p ≈ 0.2048. SciPy 1.10.1: wilcoxon(d, correction=False, method="approx") gives p =
  // 0.20478155362589467, z = −1.2680459166174245; with correction=True, p = 0.23107319627794864
  // (z = −1.1975989212497897), which is this calculator's default (correction=yes).
  const auto no = run("wilcoxon(correction=no)", sig5);
  CHECK(no.measure == "wilcoxon(correction=no)");
  CHECK_THAT(value_of(no, "z").approx, WithinAbs(-1.2680459166174245, 1e-9));
  CHECK_THAT(no.value.approx, WithinAbs(0.20478155362589467, 1e-9));
  CHECK(no.working.find("\\frac{9 - 18}{\\sqrt{50.375}}") != std::string::npos);
  CHECK(has_note_containing(no, "correction=no: no continuity correction"));
  CHECK(no.title.find("no continuity correction") != std::string::npos);
  CHECK_THAT(alternative(no, "wilcoxon").value.approx, WithinAbs(0.23107319627794864, 1e-9));

  const auto yes = run("wilcoxon", sig5);
  CHECK_THAT(yes.value.approx, WithinAbs(0.23107319627794864, 1e-9));
  CHECK(run("wilcoxon(correction=yes)", sig5).value.approx == yes.value.approx);
  CHECK(yes.working.find("\\frac{9 - 18 + \\tfrac12}{\\sqrt{50.375}}") != std::string::npos);
  CHECK(has_note_containing(yes, "(continuity correction=yes)"));
  CHECK_THAT(alternative(yes, "wilcoxon(correction=no)").value.approx,
             WithinAbs(0.20478155362589467, 1e-9));
  // Pratt's zeros, normal approximation: SciPy wilcoxon(d, zero_method="pratt",
  // correction=False, method="approx") = 0.29184054514378843 (True: 0.34278171114791145).
  const char* const with_zero = "d: 0 0.1 0.2 0.3 -0.4 0.5";
  CHECK_THAT(run("wilcoxon(zero=pratt,correction=no)", with_zero).value.approx,
             WithinAbs(0.29184054514378843, 1e-9));
  CHECK_THAT(run("wilcoxon(zero=pratt)", with_zero).value.approx,
             WithinAbs(0.34278171114791145, 1e-9));
  // The exact method has nothing to correct: the same 7/16, and no correction alternative.
  const auto exact = run("wilcoxon(correction=no)", with_zero);
  CHECK(*exact.value.exact == frac(7, 16));
  CHECK(test::alternative(exact, "wilcoxon") == nullptr);
}

// --- ttest ---------------------------------------------------------------------------------------

TEST_CASE("SIG3: paired t on d = 0.1 0.2 0.3 0 0.4: t = 2√2, df = 4, p ≈ 0.0474",
          "[golden][SIG3][ttest]") {
  const auto o = run("ttest", sig3);
  // d̄ = 1.0/5 = 0.2; deviations −0.1, 0, 0.1, −0.2, 0.2; squares 0.01 0 0.01 0.04 0.04 = 0.1;
  // s² = 0.1/4 = 1/40; t² = n d̄²/s² = 5·0.04·40 = 8, t = 2√2 = 2.8284; df = 4.
  CHECK(test::exact_value(o, "mean") == frac(1, 5));
  CHECK(test::exact_value(o, "variance") == frac(1, 40));
  CHECK(test::exact_value(o, "t_squared") == frac(8, 1));
  CHECK(test::exact_value(o, "df") == frac(4, 1));
  CHECK_THAT(value_of(o, "t").approx, WithinAbs(2.828427, 1e-6));
  // For 4 degrees of freedom, F(t) = 1/2 + (3/8)·u·(1 − u²/12) with u = t/√(1 + t²/4): here
  // 1 + t²/4 = 3, u = 2√2/√3 = 2√(2/3), u² = 8/3, so 1 − F = 1/2 − (7/12)√(2/3) and the two-sided
  // p = 1 − (7/6)√(2/3) = 1 − 0.952579 = 0.047421. Tables: t(0.975, 4) = 2.776 and
  // t(0.98, 4) = 2.999 bracket it: 0.04 < p < 0.05.
  CHECK_THAT(o.value.approx, WithinAbs(0.047421, 1e-6));
  CHECK_FALSE(o.value.exact.has_value());
  CHECK(has_note_containing(o, "At α = 0.05: p = 0.0474 ≤ 0.05, so the paired t-test rejects H0"));
  const auto& steps = table(o, "Differences and their squared deviations");
  CHECK(steps.rows[3][2].text == "-0.2");
  CHECK(steps.rows[3][3].text == "0.04");
  CHECK(steps.rows.back()[3].text == "0.1");
  // One-sided: half of it (t > 0), and 1 minus half.
  CHECK_THAT(alternative(o, "ttest(alternative=greater)").value.approx, WithinAbs(0.023710, 1e-6));
  CHECK_THAT(alternative(o, "ttest(alternative=less)").value.approx, WithinAbs(0.976290, 1e-6));
}

TEST_CASE("SIG3: Student t p-values: t = 2 with df 1, 2 and 5 against closed forms and tables",
          "[golden][SIG3][ttest]") {
  // df = 1 (n = 2): t = |d1 + d2|/|d1 − d2| = 0.4/0.2 = 2; the Cauchy CDF gives
  // p = 1 − 2·atan(2)/π = 1 − 2·1.1071487/3.1415927 = 0.2951672.
  CHECK_THAT(run("ttest", "d: 0.3 0.1").value.approx, WithinAbs(0.2951672, 1e-6));
  // df = 2 (n = 3): d̄ = 0.2, s² = 0.02/2 = 0.01, t² = 3·0.04/0.01 = 12; for df 2,
  // P(|T| ≥ t) = 1 − t/√(2 + t²) = 1 − √(12/14) = 0.0741799.
  CHECK_THAT(run("ttest", "d: 0.1 0.2 0.3").value.approx, WithinAbs(0.0741799, 1e-6));
  // df = 5 (n = 6): d = −0.1 0.05 0.1 0.1 0.2 0.25, d̄ = 0.6/6 = 0.1, deviations −0.2 −0.05 0 0
  // 0.1 0.15, Σ squares = 0.04 + 0.0025 + 0.01 + 0.0225 = 0.075, s² = 0.015, t² = 6·0.01/0.015 =
  // 4, t = 2. Tables: two-sided p for t = 2.0 with 5 df is 0.1019.
  const auto five = run("ttest", "d: -0.1 0.05 0.1 0.1 0.2 0.25");
  CHECK(test::exact_value(five, "t_squared") == frac(4, 1));
  CHECK_THAT(five.value.approx, WithinAbs(0.1019, 1e-4));
  CHECK(has_note_containing(five, "p = 0.1019 > 0.05, so the paired t-test does not reject H0"));
}

TEST_CASE("ttest: differences that are all equal have no standard deviation: an error",
          "[golden][SIG3][ttest][errors]") {
  const auto e = test::fails("ttest", "q1 0.5 0.4\nq2 0.6 0.5\nq3 0.3 0.2");
  CHECK(e.code == irm::ErrorCode::inconsistent_counts);
  CHECK(e.where.line == 0);
  CHECK(e.message ==
        "all 3 differences are equal (d = 0.1 for every query), so their standard deviation is 0 "
        "and t = d̄ / (s/√n) divides by 0; the paired t-test needs differences that vary");
  const auto same = test::fails("ttest", "d: 0 0");
  CHECK(same.message ==
        "all 2 differences are equal (d = 0 for every query), so their standard deviation is 0 "
        "and t = d̄ / (s/√n) divides by 0; the paired t-test needs differences that vary (here "
        "the two systems score the same on every query)");
}

// --- randomization -------------------------------------------------------------------------------

TEST_CASE("SIG4: randomization exact on n = 4: 6 of 16 sign flips as extreme, p = 3/8",
          "[golden][SIG4][randomization]") {
  const auto o = run("randomization", sig4);
  // |d| = 0.3, 0.1, 0.2, 0.4 sum to 1.0; the observed sum is 0.6 (mean 0.15). Flipping a set F
  // of the signs (relative to all +) gives sum 1 − 2·ΣF; |sum| ≥ 0.6 ⇔ ΣF ≤ 0.2 or ΣF ≥ 0.8:
  //   ΣF: {} 0 ✓  {.3} .3  {.1} .1 ✓  {.2} .2 ✓  {.4} .4  {.3,.1} .4  {.3,.2} .5  {.3,.4} .7
  //       {.1,.2} .3  {.1,.4} .5  {.2,.4} .6  {.3,.1,.2} .6  {.3,.1,.4} .8 ✓  {.3,.2,.4} .9 ✓
  //       {.1,.2,.4} .7  {all} 1.0 ✓
  // 6 of 16 (the observed one, {.2}, included): p = 6/16 = 3/8.
  CHECK(*o.value.exact == frac(3, 8));
  CHECK(test::exact_value(o, "p") == frac(3, 8));
  CHECK(test::exact_value(o, "mean") == frac(3, 20));
  CHECK(test::exact_value(o, "extreme") == frac(6, 1));
  CHECK(test::exact_value(o, "assignments") == frac(16, 1));
  const auto& every = table(o, "Every sign assignment");
  REQUIRE(every.rows.size() == 16);
  CHECK(every.rows[0][0].text == "observed");
  CHECK(every.rows[0][1].text == "+ + − +");
  CHECK(every.rows[0][4].text == "yes");
  CHECK(every.highlight.size() == 6);
  CHECK(has_note_containing(o, "p is exact: all 2^4 = 16 ways"));
  // greater: sum ≥ 0.6 ⇔ ΣF ≤ 0.2: {}, {.1}, {.2} → 3/16.
  CHECK(*alternative(o, "randomization(alternative=greater)").value.exact == frac(3, 16));
  // less: sum ≤ 0.6 ⇔ ΣF ≥ 0.2: all but {} and {.1} → 14/16 = 7/8.
  CHECK(*alternative(o, "randomization(alternative=less)").value.exact == frac(7, 8));
}

TEST_CASE("SIG4: randomization: zero differences are left out of the flips, p unchanged",
          "[golden][SIG4][randomization]") {
  const auto o = run("randomization", "d: 0.3 0 0.1 -0.2 0.4");
  CHECK(*o.value.exact == frac(3, 8));
  CHECK(test::exact_value(o, "assignments") == frac(16, 1));
  CHECK(has_note_containing(o, "1 difference is 0 (q2): flipping the sign of 0 changes nothing"));
}

TEST_CASE("SIG4: randomization beyond 2^20 flips samples 100,000 with a shown seed",
          "[golden][SIG4][randomization]") {
  const auto o = run("randomization", fourteen_and_seven());
  // All |d| are 0.1, so |mean| ≥ observed ⇔ the number k of + signs has |2k − 21| ≥ 7, that is
  // k ≥ 14 or k ≤ 7: the sign test's event, exact probability 24805/131072 ≈ 0.18925 (above).
  // 100,000 samples have a standard error of √(0.19·0.81/100000) ≈ 0.0012; allow 5 of them.
  CHECK_THAT(o.value.approx, WithinAbs(0.18925, 0.006));
  CHECK(test::exact_value(o, "samples") == frac(100000, 1));
  CHECK(value_of(o, "seed").exact.has_value());
  CHECK(o.value.exact->den == 100001);  // (1 + hits)/(1 + samples)
  CHECK(has_note_containing(o,
                            "so p is estimated from 100000 random assignments (generator "
                            "splitmix64, seed "));
  // The same seed gives the same p on every run.
  CHECK(run("randomization", fourteen_and_seven()).value.exact == o.value.exact);
}

// --- shared --------------------------------------------------------------------------------------

TEST_CASE("significance: the values keys of each test", "[golden][SIG1][SIG2][SIG3][SIG4]") {
  const auto keys = [](const irm::Outcome& o) {
    std::vector<std::string> out;
    for (const auto& [k, v] : o.values) out.push_back(k);
    return out;
  };
  const auto contains = [&](const irm::Outcome& o, const std::vector<std::string>& wanted) {
    const auto have = keys(o);
    for (const auto& w : wanted) {
      INFO(o.measure << " " << w);
      CHECK(std::find(have.begin(), have.end(), w) != have.end());
    }
  };
  contains(run("sign", sig1), {"n_plus", "n_minus", "p"});
  contains(run("wilcoxon", sig2), {"W_plus", "W_minus", "statistic", "p"});
  contains(run("wilcoxon", sig5), {"W_plus", "W_minus", "statistic", "z", "p"});
  contains(run("ttest", sig3), {"t", "df", "p"});
  contains(run("randomization", sig4), {"p"});
}

TEST_CASE("significance: header names the systems in the columns and in the reading",
          "[golden][SIG1][sign]") {
  const auto o = run("sign", "topic\tBM25\tQL\n301\t0.42\t0.38\n302\t0.51\t0.47\n303\t0.30\t0.25");
  CHECK(o.steps.at(0).columns[1] == "x (BM25)");
  CHECK(o.steps.at(0).columns[2] == "y (QL)");
  // n+ = 3 of 3: two-sided 2·1/8 = 1/4.
  CHECK(*o.value.exact == frac(1, 4));
  CHECK(has_note_containing(o, "no significant difference between BM25 and QL"));
  CHECK(o.charts.at(0).x_categories == std::vector<std::string>{"301", "302", "303"});
}
