// Exact and approximate quantities: Fraction (an exact rational) and Number (what the page shows).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace irm {

/// An exact rational, always reduced, with den > 0: 3/7, never 6/14.
struct Fraction {
  std::int64_t num = 0;
  std::int64_t den = 1;
};
inline bool operator==(Fraction a, Fraction b) { return a.num == b.num && a.den == b.den; }
inline bool operator!=(Fraction a, Fraction b) { return !(a == b); }

/// num/den reduced to lowest terms with a positive denominator. Empty when den == 0 or when the
/// reduced value does not fit in 64 bits.
[[nodiscard]] std::optional<Fraction> make_fraction(std::int64_t num, std::int64_t den);

/// Overflow-checked arithmetic: empty when the exact result does not fit in 64 bits (or on
/// division by zero). Intermediate products are taken in 128 bits, so only the reduced result
/// has to fit.
[[nodiscard]] std::optional<Fraction> add(Fraction a, Fraction b);
[[nodiscard]] std::optional<Fraction> subtract(Fraction a, Fraction b);
[[nodiscard]] std::optional<Fraction> multiply(Fraction a, Fraction b);
[[nodiscard]] std::optional<Fraction> divide(Fraction a, Fraction b);

/// -1, 0 or 1 as a < b, a == b, a > b. Exact.
[[nodiscard]] int compare(Fraction a, Fraction b);
[[nodiscard]] double to_double(Fraction f);
/// "28/45", "3", "-1/2".
[[nodiscard]] std::string to_string(Fraction f);
/// LaTeX: "\frac{28}{45}", "3", "-\frac{1}{2}".
[[nodiscard]] std::string to_latex(Fraction f);
/// The fraction typed as a decimal ("0.35" -> 7/20, "1" -> 1, ".5" -> 1/2). Empty when the text
/// is not a plain non-negative decimal or has more than 18 digits.
[[nodiscard]] std::optional<Fraction> parse_decimal(const std::string& text);

/// A quantity as the page shows it, e.g. "3/7 ≈ 0.4286".
struct Number {
  double approx = 0.0;
  std::optional<Fraction> exact;  // empty when irrational (anything through log2) or too large
  std::string formula;            // how it was made when not exact: "4 + 3/log2(3)"
  bool overflow = false;          // true when an exact value was lost to 64-bit overflow
};

[[nodiscard]] Number exact_number(Fraction f);
/// num/den as a Number. den must not be 0: asserted, since what x/0 means (0/0 taken as 0, say)
/// is a convention the caller states.
[[nodiscard]] Number ratio(std::int64_t num, std::int64_t den);
[[nodiscard]] Number whole(std::int64_t n);

/// Arithmetic that stays exact while it can: when a 64-bit fraction would overflow, the result
/// keeps only the double and is flagged `overflow` (measures then add a note saying so).
[[nodiscard]] Number operator+(const Number& a, const Number& b);
[[nodiscard]] Number operator-(const Number& a, const Number& b);
[[nodiscard]] Number operator*(const Number& a, const Number& b);
/// a/b; b must not be 0 (asserted, as for ratio). Were the assert compiled out, the result
/// would be inexact with the double's inf or nan, never a silent 0.
[[nodiscard]] Number operator/(const Number& a, const Number& b);

/// The value rounded half away from zero to `digits` decimals, trailing zeros kept:
/// to_decimal(28/45, 2) == "0.62", to_decimal(1/2, 2) == "0.50". Exact when `exact` is set.
[[nodiscard]] std::string to_decimal(const Number& number, int digits);
/// A fraction with a terminating decimal written shortest: 3/10 -> "0.3", 1 -> "1", 7/20 ->
/// "0.35" (up to 18 decimals, then rounded).
[[nodiscard]] std::string to_short_decimal(Fraction f);
/// How many decimals f's decimal expansion takes when it ends: 7/20 -> 2, 1/8 -> 3, 3 -> 0.
/// Empty when it repeats for ever (1/3, 7/12): the reduced denominator has a prime factor
/// other than 2 and 5.
[[nodiscard]] std::optional<int> decimal_places(Fraction f);
/// Whether f's decimal expansion ends (decimal_places(f) is set): 7/20, 1/8, 3; not 1/3.
[[nodiscard]] bool has_finite_decimal(Fraction f);
/// The shortest exact text of f: its decimal when that ends within 18 places ("0.35", "-0.05",
/// "3"), else the fraction ("61/300"; also 1/2^20, whose decimal takes 20 places).
[[nodiscard]] std::string short_text(Fraction f);
/// The same for a Number: short_text of its exact value ("0.2", "61/300"), else its decimal to 4
/// places ("0.1581").
[[nodiscard]] std::string short_text(const Number& n);
/// The value cut (not rounded) after `digits` decimals: to_decimal_truncated(1/15, 2) == "0.06".
[[nodiscard]] std::string to_decimal_truncated(const Number& number, int digits);

/// The note every measure adds when `overflow` is set.
[[nodiscard]] std::string overflow_note();

}  // namespace irm
