// Errors about the user's input, and Result<T>: a value or an InputError. The core never throws
// for bad input.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace irm {

enum class ErrorCode {
  empty_input,
  bad_token,
  bad_number,
  out_of_range,
  unknown_measure,
  unknown_parameter,
  bad_parameter_value,
  inconsistent_counts,
};

/// The error code as the JS API and the CLI spell it: "bad_token".
[[nodiscard]] const char* to_string(ErrorCode code);

/// Which field of the calculator a Span points into.
enum class Field { input, measure, relevant, options, answer };  // answer: check_answer
[[nodiscard]] const char* to_string(Field field);

/// A place in the user's text: 1-based line and column (in Unicode code points) and a length in
/// code points. line == 0 means the error is not about a position.
struct Span {
  int line = 0;
  int column = 0;
  int length = 0;
};

struct InputError {
  ErrorCode code = ErrorCode::bad_token;
  std::string message;  // one sentence: what was found, where, and what was expected
  Span where;
  Field field = Field::input;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}           // NOLINT(google-explicit-constructor)
  Result(InputError error) : data_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return std::holds_alternative<T>(data_); }
  const T& value() const {
    assert(ok());
    return std::get<T>(data_);
  }
  T& value() {
    assert(ok());
    return std::get<T>(data_);
  }
  const InputError& error() const {
    assert(!ok());
    return std::get<InputError>(data_);
  }

 private:
  std::variant<T, InputError> data_;
};

}  // namespace irm
