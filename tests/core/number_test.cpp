// Fraction and Number: reduction, overflow checks, exact rounding for the decimals the notes
// print.

#include <catch2/catch.hpp>
#include <limits>

#include "helpers.h"

using irm::Fraction;

TEST_CASE("fractions are reduced with a positive denominator", "[number]") {
  CHECK(*irm::make_fraction(6, 14) == Fraction{3, 7});
  CHECK(*irm::make_fraction(3, -6) == Fraction{-1, 2});
  CHECK(*irm::make_fraction(0, 5) == Fraction{0, 1});
  CHECK_FALSE(irm::make_fraction(1, 0).has_value());
}

TEST_CASE("arithmetic is exact: 1/2 + 1/3 = 5/6, 2/3 × 3/4 = 1/2, (1/2) / (1/4) = 2", "[number]") {
  CHECK(*irm::add({1, 2}, {1, 3}) == Fraction{5, 6});
  CHECK(*irm::subtract({1, 2}, {1, 3}) == Fraction{1, 6});
  CHECK(*irm::multiply({2, 3}, {3, 4}) == Fraction{1, 2});
  CHECK(*irm::divide({1, 2}, {1, 4}) == Fraction{2, 1});
  CHECK_FALSE(irm::divide({1, 2}, {0, 1}).has_value());
  CHECK(irm::compare({1, 3}, {2, 6}) == 0);
  CHECK(irm::compare({1, 3}, {1, 2}) < 0);
}

TEST_CASE("overflow is detected, never wrapped", "[number]") {
  const std::int64_t big = std::numeric_limits<std::int64_t>::max() / 2;
  CHECK_FALSE(irm::multiply({big, 1}, {3, 1}).has_value());
  CHECK_FALSE(irm::add({1, big}, {1, big - 1}).has_value());
  // 128-bit intermediates: the reduced result fits although the cross products do not.
  CHECK(*irm::multiply({big, 3}, {3, big}) == Fraction{1, 1});
  const irm::Number n = irm::whole(big) * irm::whole(3);
  CHECK_FALSE(n.exact.has_value());
  CHECK(n.overflow);
  CHECK(n.approx == Approx(3.0 * static_cast<double>(big)));
}

TEST_CASE("to_decimal rounds half away from zero and keeps trailing zeros", "[number]") {
  CHECK(irm::to_decimal(irm::ratio(28, 45), 2) == "0.62");
  CHECK(irm::to_decimal(irm::ratio(28, 45), 4) == "0.6222");
  CHECK(irm::to_decimal(irm::ratio(1, 2), 2) == "0.50");
  CHECK(irm::to_decimal(irm::ratio(3, 8), 2) == "0.38");  // 0.375: the half goes up
  CHECK(irm::to_decimal(irm::ratio(1, 15), 2) == "0.07");
  CHECK(irm::to_decimal(irm::ratio(-1, 3), 2) == "-0.33");
  CHECK(irm::to_decimal(irm::ratio(2, 3), 0) == "1");
  CHECK(irm::to_decimal(irm::ratio(-1, 1000), 2) == "0.00");
  CHECK(irm::to_decimal_truncated(irm::ratio(1, 15), 2) == "0.06");
  CHECK(irm::to_decimal_truncated(irm::ratio(2, 3), 3) == "0.666");
}

TEST_CASE("parse_decimal reads recall levels exactly", "[number]") {
  CHECK(*irm::parse_decimal("0.35") == Fraction{7, 20});
  CHECK(*irm::parse_decimal(".5") == Fraction{1, 2});
  CHECK(*irm::parse_decimal("1.") == Fraction{1, 1});
  CHECK(*irm::parse_decimal("0.30") == Fraction{3, 10});
  CHECK_FALSE(irm::parse_decimal("").has_value());
  CHECK_FALSE(irm::parse_decimal(".").has_value());
  CHECK_FALSE(irm::parse_decimal("1.2.3").has_value());
  CHECK_FALSE(irm::parse_decimal("-1").has_value());
  CHECK_FALSE(irm::parse_decimal("1e3").has_value());
}

TEST_CASE("LaTeX of values: exact fractions, terminating and repeating decimals", "[number]") {
  CHECK(irm::latex_value(irm::ratio(28, 45)) == "\\frac{28}{45} \\approx 0.6222");
  CHECK(irm::latex_value(irm::ratio(3, 5)) == "\\frac{3}{5} = 0.6");
  CHECK(irm::latex_value(irm::ratio(1, 1024)) == "\\frac{1}{1024} \\approx 0.0010");
  CHECK(irm::latex_value(irm::whole(3)) == "3");
  CHECK(irm::to_latex({-1, 2}) == "-\\frac{1}{2}");
}

TEST_CASE("decimal_places and short_text: which decimals end, and the shortest exact text",
          "[number]") {
  // 7/20 = 35/100: 2 places; 1/8 = 125/1000: 3; 3: 0. 1/3 and 7/12 (12 = 2²·3) repeat.
  CHECK(irm::decimal_places(Fraction{7, 20}) == 2);
  CHECK(irm::decimal_places(Fraction{1, 8}) == 3);
  CHECK(irm::decimal_places(Fraction{3, 1}) == 0);
  CHECK_FALSE(irm::decimal_places(Fraction{1, 3}));
  CHECK_FALSE(irm::has_finite_decimal(Fraction{7, 12}));
  CHECK(irm::has_finite_decimal(Fraction{-1, 20}));
  // 1/2^20: 20 places, since 10^20/2^20 = 5^20 is the first power of ten it divides.
  CHECK(irm::decimal_places(Fraction{1, 1 << 20}) == 20);
  CHECK(irm::short_text(Fraction{7, 20}) == "0.35");
  CHECK(irm::short_text(Fraction{-1, 20}) == "-0.05");
  CHECK(irm::short_text(Fraction{3, 1}) == "3");
  CHECK(irm::short_text(Fraction{61, 300}) == "61/300");
  // 1/2^18 = 5^18/10^18 = 3814697265625/10^18 ends at the 18th place; 1/2^20 would need 20.
  CHECK(irm::short_text(Fraction{1, 1 << 18}) == "0.000003814697265625");
  CHECK(irm::short_text(Fraction{1, 1 << 20}) == "1/1048576");
}
