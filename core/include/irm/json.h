// A JSON text written in one pass: the wasm bindings' results (parsed once by JSON.parse) and
// the TREC report of the command line and the page (TrecSession::report_json).
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "irm/explain.h"
#include "irm/result.h"

namespace irm {

/// Writes nested objects and arrays; commas and escapes are its business.
class JsonWriter {
 public:
  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  void key(const std::string& k) {
    separate();
    write_string(k);
    out_ += ':';
    after_key_ = true;
  }
  void value(const std::string& s) {
    before_value();
    write_string(s);
  }
  void value(const char* s) { value(std::string(s)); }
  void value(double d) {
    before_value();
    // The core never produces NaN or infinity, and JSON has no spelling for them: a slip would
    // show as 0 rather than break the page (the tests check that values are finite).
    if (!std::isfinite(d)) d = 0.0;
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", d);
    out_ += buffer;
  }
  void value(int i) {
    before_value();
    out_ += std::to_string(i);
  }
  void value(bool b) {
    before_value();
    out_ += b ? "true" : "false";
  }
  void null() {
    before_value();
    out_ += "null";
  }
  [[nodiscard]] const std::string& text() const { return out_; }

 private:
  void open(char bracket) {
    before_value();
    out_ += bracket;
    first_.push_back(true);
  }
  void close(char bracket) {
    out_ += bracket;
    first_.pop_back();
  }
  void separate() {
    if (!first_.empty()) {
      if (!first_.back()) out_ += ',';
      first_.back() = false;
    }
  }
  void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    separate();
  }
  void write_string(const std::string& s) {
    out_ += '"';
    std::size_t plain_from = 0;  // copy runs of ordinary characters in one append
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x20 && c != '"' && c != '\\') continue;
      out_.append(s, plain_from, i - plain_from);
      plain_from = i + 1;
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += static_cast<char>(c);
      } else {
        char buffer[8];
        std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
        out_ += buffer;
      }
    }
    out_.append(s, plain_from, std::string::npos);
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

/// Labels, topics and column names as a reader should see them (irm::visible: an invisible or
/// reordering character shown as ⟨U+202E⟩).
inline void json_strings(JsonWriter& j, const std::vector<std::string>& items) {
  j.begin_array();
  for (const auto& s : items) j.value(visible(s));
  j.end_array();
}

/// An error as every answer of the module gives it: {file, code, message, field, line, column,
/// length}, the file only when given (the TREC session's errors name theirs).
inline void json_error(JsonWriter& j, const char* code, const std::string& message,
                       const char* field, const Span& where, const std::string* file = nullptr) {
  j.begin_object();
  if (file != nullptr) {
    j.key("file");
    j.value(*file);
  }
  j.key("code");
  j.value(code);
  j.key("message");
  j.value(message);
  j.key("field");
  j.value(field);
  j.key("line");
  j.value(where.line);
  j.key("column");
  j.value(where.column);
  j.key("length");
  j.value(where.length);
  j.end_object();
}

inline void json_error(JsonWriter& j, const InputError& e, const std::string* file = nullptr) {
  json_error(j, to_string(e.code), e.message, to_string(e.field), e.where, file);
}

/// The message of an internal error (an exception the glue caught: a bug, or memory exhausted),
/// whose code is "internal": the wasm module's and the native command line's.
inline std::string internal_error_message(const std::string& what) {
  return "the calculator hit an internal error (" + what +
         "); your input is kept. Please report it with this input.";
}

}  // namespace irm
