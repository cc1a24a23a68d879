// Golden tests for Kendall's tau (CS657A notes' n_0, n_1, n_2 and both formulas), on examples
// worked by hand in the comments: TAU1 without ties (τa = τb), TAU2 with ties and an exact τb, TAU3
// with a tie and an irrational τb; and the other layouts (orders, columns, plain lines).

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using irm::Fraction;
using test::frac;
using test::has_note_containing;
using test::run;
using test::value_of;

namespace {

std::int64_t count(const irm::Outcome& o, const std::string& key) {
  const Fraction f = test::exact_value(o, key);
  REQUIRE(f.den == 1);
  return f.num;
}

}  // namespace

// TAU1: x = 1 2 3 4 5, y = 2 1 4 3 5 (two adjacent swaps). Every x difference is −1 for i < j.
//   pair   y_i, y_j   b     pair   y_i, y_j   b
//   1,2    2, 1      +1 d   2,5    1, 5      −1 c
//   1,3    2, 4      −1 c   3,4    4, 3      +1 d
//   1,4    2, 3      −1 c   3,5    4, 5      −1 c
//   1,5    2, 5      −1 c   4,5    3, 5      −1 c
//   2,3    1, 4      −1 c
//   2,4    1, 3      −1 c
// n_c = 8, n_d = 2, n_0 = 10, no ties: τa = τb = 6/10 = 3/5.
TEST_CASE("TAU1: two adjacent swaps in 5 items: n_c = 8, n_d = 2, tau = 3/5 without ties",
          "[golden][TAU1][tau]") {
  const auto o = run("tau", "x: 1 2 3 4 5\ny: 2 1 4 3 5");
  CHECK(count(o, "nc") == 8);
  CHECK(count(o, "nd") == 2);
  CHECK(count(o, "n0") == 10);
  CHECK(count(o, "n1") == 0);
  CHECK(count(o, "n2") == 0);
  CHECK(test::exact_value(o, "tau_a") == frac(3, 5));
  CHECK(test::exact_value(o, "tau_b") == frac(3, 5));
  CHECK(*o.value.exact == frac(3, 5));
  CHECK(o.label == "τb");
  const auto& pairs = o.steps.at(1);
  REQUIRE(pairs.rows.size() == 10);
  CHECK(pairs.columns ==
        std::vector<std::string>{"pair", "x_i, x_j", "a_ij", "y_i, y_j", "b_ij", "the pair is"});
  CHECK(pairs.rows[0].at(0).text == "1, 2");
  CHECK(pairs.rows[0].at(2).text == "−1");
  CHECK(pairs.rows[0].at(4).text == "+1");
  CHECK(pairs.rows[0].at(5).text == "discordant");
  CHECK(pairs.rows[1].at(5).text == "concordant");
  CHECK(pairs.rows[7].at(5).text == "discordant");  // (3, 4)
  const auto* a = test::alternative(o, "tau(variant=a)");
  REQUIRE(a != nullptr);
  CHECK(*a->value.exact == frac(3, 5));
  CHECK(a->why == "the same here: without ties n_1 = n_2 = 0, so τa = τb");
  CHECK(o.working ==
        "\\tau_b = \\frac{n_c - n_d}{\\sqrt{n_0 - n_1}\\,\\sqrt{n_0 - n_2}} = \\frac{8 - "
        "2}{\\sqrt{10 - 0}\\,\\sqrt{10 - 0}} = \\frac{3}{5} = 0.6,\\qquad \\tau_a = "
        "\\frac{n_c - n_d}{n_0} = \\frac{8 - 2}{10} = \\frac{3}{5} = 0.6");
  REQUIRE(o.charts.size() == 1);
  CHECK(o.charts[0].id == "tau");
  CHECK(o.charts[0].series.at(0).points.at(0) == std::pair<double, double>{1, 2});
}

TEST_CASE("TAU1: the same rankings as orders, as columns and as two plain lines",
          "[golden][TAU1][tau]") {
  const auto orders = run("tau", "x: d1 d2 d3 d4 d5\ny: d2 d1 d4 d3 d5");
  CHECK(*orders.value.exact == frac(3, 5));
  CHECK(has_note_containing(orders, "Read two orders of 5 items, each from rank 1 down"));
  CHECK(orders.steps.at(0).columns == std::vector<std::string>{"item", "rank in x", "rank in y"});
  CHECK(*run("tau", "doc x y\nd1 1 2\nd2 2 1\nd3 3 4\nd4 4 3\nd5 5 5").value.exact == frac(3, 5));
  const auto plain = run("tau", "1 2 3 4 5\n2 1 4 3 5");
  CHECK(*plain.value.exact == frac(3, 5));
  CHECK(has_note_containing(plain, "Read line 1 as x and line 2 as y"));
  // The CS657A notes name the rankings r and s; scores work as well as ranks (only the order
  // counts).
  const auto scores = run("tau", "r: 0.9 0.8 0.7 0.6 0.5\ns: 8 9 6 7 5");
  CHECK(*scores.value.exact == frac(3, 5));
  CHECK(scores.steps.at(1).columns.at(1) == "r_i, r_j");
}

// TAU2: x = 1 2 2 3 4, y = 1 3 2 2 4, items a … e.
//   (a,b) −1 −1 c   (b,c)  0 +1 tied in x   (c,d) −1  0 tied in y
//   (a,c) −1 −1 c   (b,d) −1 +1 d           (c,e) −1 −1 c
//   (a,d) −1 −1 c   (b,e) −1 −1 c           (d,e) −1 −1 c
//   (a,e) −1 −1 c
// n_c = 7, n_d = 1, n_0 = 10, n_1 = 1, n_2 = 1:
//   τa = 6/10 = 3/5;  τb = 6/√(9 · 9) = 6/9 = 2/3 (exact: 81 is a square).
TEST_CASE("TAU2: one tie in each ranking: tau_b = 6/sqrt(9 · 9) = 2/3, tau_a = 3/5",
          "[golden][TAU2][tau]") {
  const auto o = run("tau", "x: 1 2 2 3 4\ny: 1 3 2 2 4\nitems: a b c d e");
  CHECK(count(o, "nc") == 7);
  CHECK(count(o, "nd") == 1);
  CHECK(count(o, "n1") == 1);
  CHECK(count(o, "n2") == 1);
  CHECK(test::exact_value(o, "tau_b") == frac(2, 3));
  CHECK(test::exact_value(o, "tau_a") == frac(3, 5));
  CHECK(*o.value.exact == frac(2, 3));
  const auto& pairs = o.steps.at(1);
  CHECK(pairs.rows[4].at(0).text == "b, c");
  CHECK(pairs.rows[4].at(5).text == "tied in x");
  CHECK(pairs.rows[7].at(5).text == "tied in y");
  const auto& tau = o.steps.at(3);
  CHECK(tau.rows[0].at(0).text == "τb");
  CHECK(tau.rows[0].at(2).text == "6/√(9 · 9) = 6/9");
  const auto* a = test::alternative(o, "tau(variant=a)");
  REQUIRE(a != nullptr);
  CHECK(*a->value.exact == frac(3, 5));
  CHECK(a->why ==
        "this is τa = (n_c − n_d)/n_0, which keeps the 2 tied pairs in the denominator; with "
        "ties the notes use τb");
  CHECK(has_note_containing(o, "A tied pair is neither concordant nor discordant"));

  const auto va = run("tau(variant=a)", "x: 1 2 2 3 4\ny: 1 3 2 2 4");
  CHECK(*va.value.exact == frac(3, 5));
  CHECK(va.label == "τa");
  CHECK(va.steps.at(3).rows[0].at(0).text == "τa");
  const auto* b = test::alternative(va, "tau");
  REQUIRE(b != nullptr);
  CHECK(*b->value.exact == frac(2, 3));
}

// TAU3: x = 1 1 2 3, y = 1 2 3 4. Pair (1,2) is tied in x; the other 5 pairs are concordant.
// n_c = 5, n_d = 0, n_0 = 6, n_1 = 1, n_2 = 0: τa = 5/6; τb = 5/√(5 · 6) = 5/√30 ≈ 0.912871.
TEST_CASE("TAU3: a tie in x only: tau_b = 5/sqrt(5 · 6) is irrational, tau_a = 5/6",
          "[golden][TAU3][tau]") {
  const auto o = run("tau", "x: 1 1 2 3\ny: 1 2 3 4");
  CHECK(count(o, "nc") == 5);
  CHECK(count(o, "n1") == 1);
  CHECK(count(o, "n2") == 0);
  CHECK(test::exact_value(o, "tau_a") == frac(5, 6));
  const auto& b = value_of(o, "tau_b");
  CHECK_FALSE(b.exact.has_value());
  CHECK_THAT(b.approx, Catch::Matchers::WithinAbs(0.9129, 5e-5));
  CHECK(b.formula == "5/√(5 · 6)");
  CHECK(std::isfinite(o.value.approx));
  CHECK(has_note_containing(
      o,
      "τb is a square root here, irrational, so it is shown as a decimal: 5/√(5 · 6) ≈ "
      "0.9129."));
}

TEST_CASE("tau: every value of x the same: tau_b = 0/0, reported as 0 with a note", "[tau]") {
  const auto o = run("tau", "x: 1 1 1\ny: 1 2 3");
  CHECK(*o.value.exact == frac(0, 1));
  CHECK(test::exact_value(o, "tau_a") == frac(0, 1));
  CHECK(has_note_containing(
      o,
      "Every value of x is the same, so it orders no pair: τb = 0/0 is undefined (scipy "
      "returns NaN). It is reported as 0, meaning no evidence of correlation either way."));
}

TEST_CASE("tau: decimals are exact, so 0.1 and 0.10 tie, a reversed order gives -1", "[tau]") {
  const auto o = run("tau", "x: 0.1 0.10 0.3\ny: 1 2 3");
  CHECK(count(o, "n1") == 1);
  CHECK(*run("tau", "x: 1 2 3 4\ny: 4 3 2 1").value.exact == frac(-1, 1));
  CHECK(*run("tau", "x: -1.5 .25 +2\ny: 1 2 3").value.exact == frac(1, 1));
}
