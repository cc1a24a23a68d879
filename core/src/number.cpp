// Fraction arithmetic (overflow-checked through 128-bit intermediates) and Number, which keeps
// the exact value while it fits and always keeps the double.

#include "irm/number.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <limits>

namespace irm {
namespace {

using Wide = __int128;

Wide wide_gcd(Wide a, Wide b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    const Wide t = a % b;
    a = b;
    b = t;
  }
  return a;
}

bool fits(Wide v) {
  return v >= std::numeric_limits<std::int64_t>::min() + 1 &&
         v <= std::numeric_limits<std::int64_t>::max();
}

// Reduces num/den (den != 0) and checks that both parts fit in 64 bits.
std::optional<Fraction> reduce(Wide num, Wide den) {
  if (den == 0) return std::nullopt;
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const Wide g = wide_gcd(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  if (num == 0) den = 1;
  if (!fits(num) || !fits(den)) return std::nullopt;
  return Fraction{static_cast<std::int64_t>(num), static_cast<std::int64_t>(den)};
}

std::string wide_to_string(Wide v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  if (negative) v = -v;
  std::string digits;
  while (v > 0) {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return negative ? "-" + digits : digits;
}

// The decimal string of |num|/den scaled to `digits` places, rounded half up or truncated.
std::string exact_decimal(Fraction f, int digits, bool round) {
  Wide scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  const bool negative = f.num < 0;
  const Wide num = negative ? -static_cast<Wide>(f.num) : static_cast<Wide>(f.num);
  Wide scaled = num * scale / f.den;
  const Wide remainder = num * scale % f.den;
  if (round && 2 * remainder >= f.den) ++scaled;
  std::string text = wide_to_string(scaled);
  if (digits > 0) {
    if (text.size() <= static_cast<std::size_t>(digits)) {
      text.insert(0, static_cast<std::size_t>(digits) + 1 - text.size(), '0');
    }
    text.insert(text.size() - static_cast<std::size_t>(digits), ".");
  }
  const bool is_zero = text.find_first_not_of("0.") == std::string::npos;
  return negative && !is_zero ? "-" + text : text;
}

std::string approx_decimal(double value, int digits, bool round) {
  if (!std::isfinite(value)) return "undefined";
  double shown = value;
  if (!round) {
    const double scale = std::pow(10.0, digits);
    shown = std::trunc(value * scale) / scale;
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, shown);
  std::string text = buffer;
  if (text[0] == '-' && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

Number combine(const Number& a, const Number& b, double approx,
               std::optional<Fraction> (*exact_op)(Fraction, Fraction)) {
  Number out;
  out.approx = approx;
  out.overflow = a.overflow || b.overflow;
  if (a.exact && b.exact) {
    out.exact = exact_op(*a.exact, *b.exact);
    if (out.exact) {
      out.approx = to_double(*out.exact);
    } else {
      out.overflow = true;
    }
  }
  return out;
}

}  // namespace

std::optional<Fraction> make_fraction(std::int64_t num, std::int64_t den) {
  return reduce(num, den);
}

std::optional<Fraction> add(Fraction a, Fraction b) {
  return reduce(static_cast<Wide>(a.num) * b.den + static_cast<Wide>(b.num) * a.den,
                static_cast<Wide>(a.den) * b.den);
}

std::optional<Fraction> subtract(Fraction a, Fraction b) {
  return reduce(static_cast<Wide>(a.num) * b.den - static_cast<Wide>(b.num) * a.den,
                static_cast<Wide>(a.den) * b.den);
}

std::optional<Fraction> multiply(Fraction a, Fraction b) {
  return reduce(static_cast<Wide>(a.num) * b.num, static_cast<Wide>(a.den) * b.den);
}

std::optional<Fraction> divide(Fraction a, Fraction b) {
  if (b.num == 0) return std::nullopt;
  return reduce(static_cast<Wide>(a.num) * b.den, static_cast<Wide>(a.den) * b.num);
}

int compare(Fraction a, Fraction b) {
  const Wide left = static_cast<Wide>(a.num) * b.den;
  const Wide right = static_cast<Wide>(b.num) * a.den;
  return left < right ? -1 : (left > right ? 1 : 0);
}

double to_double(Fraction f) { return static_cast<double>(f.num) / static_cast<double>(f.den); }

std::string to_string(Fraction f) {
  if (f.den == 1) return std::to_string(f.num);
  return std::to_string(f.num) + "/" + std::to_string(f.den);
}

std::string to_latex(Fraction f) {
  if (f.den == 1) return std::to_string(f.num);
  const std::string sign = f.num < 0 ? "-" : "";
  const std::int64_t magnitude = f.num < 0 ? -f.num : f.num;
  return sign + "\\frac{" + std::to_string(magnitude) + "}{" + std::to_string(f.den) + "}";
}

std::optional<Fraction> parse_decimal(const std::string& text) {
  std::int64_t num = 0;
  std::int64_t den = 1;
  int digit_count = 0;
  bool seen_point = false;
  for (const char c : text) {
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    if (++digit_count > 18) return std::nullopt;
    num = num * 10 + (c - '0');
    if (seen_point) den *= 10;
  }
  if (digit_count == 0) return std::nullopt;
  return make_fraction(num, den);
}

Number exact_number(Fraction f) {
  Number n;
  n.exact = f;
  n.approx = to_double(f);
  return n;
}

Number ratio(std::int64_t num, std::int64_t den) {
  assert(den != 0 && "ratio(num, 0): the caller states what x/0 means");
  const auto f = make_fraction(num, den);
  if (f) return exact_number(*f);
  Number n;
  n.approx = static_cast<double>(num) / static_cast<double>(den);
  n.overflow = true;
  return n;
}

Number whole(std::int64_t n) { return exact_number(Fraction{n, 1}); }

Number operator+(const Number& a, const Number& b) {
  return combine(a, b, a.approx + b.approx, &add);
}
Number operator-(const Number& a, const Number& b) {
  return combine(a, b, a.approx - b.approx, &subtract);
}
Number operator*(const Number& a, const Number& b) {
  return combine(a, b, a.approx * b.approx, &multiply);
}
Number operator/(const Number& a, const Number& b) {
  // Callers decide what x/0 means (a 0/0 convention is theirs to state); here it is a bug.
  const bool zero = b.exact ? b.exact->num == 0 : b.approx == 0.0;
  assert(!zero && "Number / 0: the caller states what x/0 means");
  if (zero) {
    Number out;
    out.approx = a.approx / b.approx;  // inf or nan, shown as such: not a silent 0
    return out;
  }
  return combine(a, b, a.approx / b.approx, &divide);
}

std::string to_decimal(const Number& number, int digits) {
  return number.exact ? exact_decimal(*number.exact, digits, true)
                      : approx_decimal(number.approx, digits, true);
}

std::string to_decimal_truncated(const Number& number, int digits) {
  return number.exact ? exact_decimal(*number.exact, digits, false)
                      : approx_decimal(number.approx, digits, false);
}

std::optional<int> decimal_places(Fraction f) {
  std::int64_t den = f.den;
  int twos = 0;
  int fives = 0;
  for (; den % 2 == 0; den /= 2) ++twos;
  for (; den % 5 == 0; den /= 5) ++fives;
  if (den != 1) return std::nullopt;
  return std::max(twos, fives);
}

bool has_finite_decimal(Fraction f) { return decimal_places(f).has_value(); }

std::string short_text(Fraction f) {
  const auto places = decimal_places(f);
  return places && *places <= 18 ? to_short_decimal(f) : to_string(f);
}

std::string short_text(const Number& n) {
  return n.exact ? short_text(*n.exact) : to_decimal(n, 4);
}

std::string to_short_decimal(Fraction f) {
  std::string s = exact_decimal(f, 18, true);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

std::string overflow_note() {
  return "The exact fraction grew past 64-bit integers, so this value is shown as a decimal "
         "(double precision) instead of a fraction.";
}

}  // namespace irm
