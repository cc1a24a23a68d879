// Helpers shared by every measure for building cells and LaTeX working lines, and the names of
// error codes and fields.

#include "irm/explain.h"

#include "irm/result.h"

namespace irm {

Cell text_cell(std::string text) { return Cell{std::move(text), std::nullopt}; }

std::string number_text(const Number& number) {
  return number.exact ? to_string(*number.exact) : to_decimal(number, 4);
}

Cell number_cell(const Number& number) { return Cell{number_text(number), number}; }

Cell number_cell(std::string text, const Number& number) { return Cell{std::move(text), number}; }

std::string latex_value(const Number& number) {
  if (!number.exact) return to_decimal(number, 4);
  const Fraction f = *number.exact;
  if (f.den == 1) return std::to_string(f.num);
  // A decimal that ends within 4 places is shown "= 0.6" instead of "≈".
  std::string decimal = to_decimal(number, 4);
  if (has_finite_decimal(f)) {
    const std::string longer = to_decimal(number, 12);
    if (longer.find_last_not_of('0') <= decimal.size() - 1) {
      decimal.erase(decimal.find_last_not_of('0') + 1);
      return to_latex(f) + " = " + decimal;
    }
  }
  return to_latex(f) + " \\approx " + decimal;
}

std::string latex_quotient(std::int64_t num, std::int64_t den, const Number& value) {
  if (value.exact && value.exact->num == num && value.exact->den == den) return latex_value(value);
  return "\\frac{" + std::to_string(num) + "}{" + std::to_string(den) + "} = " + latex_value(value);
}

std::string latex_exact(const Number& number) {
  return number.exact ? to_latex(*number.exact) : to_decimal(number, 4);
}

std::string latex_sum(const std::vector<std::string>& terms, std::size_t keep) {
  if (terms.empty()) return "0";
  // "+ -0.09" reads badly: a negative term is written as a subtraction.
  const auto join = [](std::string& out, const std::string& term) {
    if (out.empty()) {
      out = term;
    } else if (term.rfind('-', 0) == 0) {
      out += " - " + term.substr(1);
    } else {
      out += " + " + term;
    }
  };
  std::string out;
  const bool shorten = terms.size() > keep;
  const std::size_t head = shorten ? keep / 2 : terms.size();
  const std::size_t tail = shorten ? keep / 4 : 0;
  for (std::size_t i = 0; i < head; ++i) join(out, terms[i]);
  if (shorten) {
    out += " + \\cdots";
    for (std::size_t i = terms.size() - tail; i < terms.size(); ++i) join(out, terms[i]);
  }
  return out;
}

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::empty_input:
      return "empty_input";
    case ErrorCode::bad_token:
      return "bad_token";
    case ErrorCode::bad_number:
      return "bad_number";
    case ErrorCode::out_of_range:
      return "out_of_range";
    case ErrorCode::unknown_measure:
      return "unknown_measure";
    case ErrorCode::unknown_parameter:
      return "unknown_parameter";
    case ErrorCode::bad_parameter_value:
      return "bad_parameter_value";
    case ErrorCode::inconsistent_counts:
      return "inconsistent_counts";
  }
  return "internal";
}

const char* to_string(Field field) {
  switch (field) {
    case Field::input:
      return "input";
    case Field::measure:
      return "measure";
    case Field::relevant:
      return "relevant";
    case Field::options:
      return "options";
    case Field::answer:
      return "answer";
  }
  return "input";
}

}  // namespace irm
