// The arguments of `irmetrics trec`, read once for both command lines: the native one
// (cli/irmetrics_trec.cpp) calls read_trec_command_line, the Node one (bin/lib/cli.mjs) calls it
// through the module's readTrecArgs (wasm/bindings.cpp). Their texts are JS strings there, so
// this reads them as JS reads strings: a flag letter is a UTF-16 code unit, --digits is read as
// Number() reads a string.

#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

#include "irm/trec_eval.h"

namespace irm {
namespace {

/// The length in bytes of the JS white space or line terminator that `text` starts with (what
/// String.prototype.trim and Number() skip), or 0.
std::size_t js_space_length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t k) {
    return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u;
  };
  const unsigned c = byte(0);
  if (c == ' ' || (c >= '\t' && c <= '\r')) return 1;
  if (c == 0xC2 && byte(1) == 0xA0) return 2;                     // U+00A0
  if (c == 0xE1 && byte(1) == 0x9A && byte(2) == 0x80) return 3;  // U+1680
  if (c == 0xE2 && byte(1) == 0x80) {
    const unsigned b = byte(2);
    // U+2000-U+200A, U+2028, U+2029, U+202F
    if ((b >= 0x80 && b <= 0x8A) || b == 0xA8 || b == 0xA9 || b == 0xAF) return 3;
  }
  if (c == 0xE2 && byte(1) == 0x81 && byte(2) == 0x9F) return 3;  // U+205F
  if (c == 0xE3 && byte(1) == 0x80 && byte(2) == 0x80) return 3;  // U+3000
  if (c == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) return 3;  // U+FEFF
  return 0;
}

/// `text` without the JS white space around it (String.prototype.trim).
std::string_view js_trim(std::string_view text) {
  while (std::size_t n = js_space_length(text)) text.remove_prefix(n);
  // From the end: the last character that is not white space, found by reading forwards.
  std::size_t keep = 0;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = js_space_length(text.substr(i));
    if (n == 0) {
      ++i;
      keep = i;
    } else {
      i += n;
    }
  }
  return text.substr(0, keep);
}

/// Number(text) for a text JS reads as a number, trimmed: a decimal literal ([+-] digits [.
/// digits] [e [+-] digits]), 0x, 0o or 0b digits; nullopt for NaN (and for Infinity, which no
/// caller takes).
std::optional<double> js_finite_number(std::string_view t) {
  const auto digits_in = [&](std::size_t start, std::string_view set) {
    if (start >= t.size()) return false;
    for (std::size_t k = start; k < t.size(); ++k) {
      if (set.find(t[k]) == std::string_view::npos) return false;
    }
    return true;
  };
  const std::string text(t);
  if (t.size() > 2 && t[0] == '0') {
    const char prefix = t[1];
    if ((prefix == 'x' || prefix == 'X') && digits_in(2, "0123456789abcdefABCDEF")) {
      return static_cast<double>(std::strtoull(text.c_str() + 2, nullptr, 16));
    }
    if ((prefix == 'o' || prefix == 'O') && digits_in(2, "01234567")) {
      return static_cast<double>(std::strtoull(text.c_str() + 2, nullptr, 8));
    }
    if ((prefix == 'b' || prefix == 'B') && digits_in(2, "01")) {
      return static_cast<double>(std::strtoull(text.c_str() + 2, nullptr, 2));
    }
  }
  std::size_t k = 0;
  if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
  std::size_t mantissa = 0;
  while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k, ++mantissa;
  if (k < t.size() && t[k] == '.') {
    ++k;
    while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k, ++mantissa;
  }
  if (mantissa == 0) return std::nullopt;
  if (k < t.size() && (t[k] == 'e' || t[k] == 'E')) {
    ++k;
    if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
    std::size_t exponent = 0;
    while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k, ++exponent;
    if (exponent == 0) return std::nullopt;
  }
  if (k != t.size()) return std::nullopt;
  const double number = std::strtod(text.c_str(), nullptr);
  if (!std::isfinite(number)) return std::nullopt;
  return number;
}

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// The length of `text` as a JS string: its UTF-16 code units (a 4-byte UTF-8 sequence is two).
std::size_t utf16_length(std::string_view text) {
  std::size_t units = 0;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (!continuation_byte(c)) units += byte >= 0xF0 ? 2 : 1;
  }
  return units;
}

/// The flag letter at `at` as JS's arg[j] names it, and the bytes it takes: one UTF-16 code unit.
/// A character outside the BMP is two units in JS, of which arg[j] is the high surrogate alone:
/// named as JS would name it, in the generalized UTF-8 that wasm/bindings.cpp and the native
/// command line turn back into a JS string's unit (ED A0-AF xx).
std::string flag_letter(std::string_view arg, std::size_t at) {
  const auto lead = static_cast<unsigned char>(arg[at]);
  std::size_t end = at + 1;
  if (lead >= 0x80) {
    while (end < arg.size() && continuation_byte(arg[end])) ++end;
  }
  if (lead >= 0xF0 && lead <= 0xF4 && end - at == 4) {
    const char32_t code = ((lead & 0x07u) << 18) |
                          ((static_cast<unsigned char>(arg[at + 1]) & 0x3Fu) << 12) |
                          ((static_cast<unsigned char>(arg[at + 2]) & 0x3Fu) << 6) |
                          (static_cast<unsigned char>(arg[at + 3]) & 0x3Fu);
    const char32_t high = 0xD800 + ((code - 0x10000) >> 10);
    return {static_cast<char>(0xE0 | (high >> 12)), static_cast<char>(0x80 | ((high >> 6) & 0x3F)),
            static_cast<char>(0x80 | (high & 0x3F))};
  }
  return std::string(arg.substr(at, end - at));
}

constexpr std::string_view kTrecSwitches = "qncJ";   // trec_eval's flags without a value
constexpr std::string_view kTrecValued = "lMNmRTZ";  // and with one: -l2 or -l 2

}  // namespace

TrecCommandLine read_trec_command_line(const std::vector<std::string>& argv) {
  TrecCommandLine parsed;
  std::optional<std::string> digits;
  std::size_t i = 0;
  // A flag's value: joined (-l2, --ties=rank) unless empty, or else the next argument.
  const auto value_of =
      [&](const std::string& flag,
          const std::optional<std::string>& joined) -> std::optional<std::string> {
    if (joined && !joined->empty()) return joined;
    if (i + 1 >= argv.size()) {
      parsed.usage_error = flag + " needs a value";
      return std::nullopt;
    }
    ++i;
    return argv[i];
  };
  for (; i < argv.size() && !parsed.usage_error; ++i) {
    const std::string& arg = argv[i];
    if (arg == "--") {
      parsed.files.insert(parsed.files.end(), argv.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                          argv.end());
      break;
    }
    if (arg.rfind("--", 0) == 0) {
      const std::size_t at = arg.find('=');
      const std::string name = arg.substr(0, at);
      std::optional<std::string> joined;
      if (at != std::string::npos) joined = arg.substr(at + 1);
      const bool is_switch =
          name == "--keep-first" || name == "--strict" || name == "--nan-as-zero";
      if (joined && (name == "--help" || is_switch)) {
        parsed.usage_error = name + " takes no value";
      } else if (name == "--help") {
        parsed.help = true;
      } else if (is_switch) {
        parsed.configure.push_back(name);
      } else if (name == "--compat" || name == "--ties") {
        // The session reads their values, and names a wrong one.
        if (const auto v = value_of(name, joined)) {
          parsed.configure.push_back(name);
          parsed.configure.push_back(*v);
        }
      } else if (name == "--digits") {
        if (const auto v = value_of(name, joined)) digits = *v;
      } else if (name == "--format") {
        if (const auto v = value_of(name, joined)) {
          parsed.format = *v;
          if (*v != "trec" && *v != "json" && *v != "csv") {
            parsed.usage_error = "--format expects trec, json or csv, found '" + *v + "'";
          }
        }
      } else {
        parsed.usage_error = "unknown option '" + name + "' for trec";
      }
      continue;
    }
    if (arg == "-" || arg.empty() || arg[0] != '-') {
      parsed.files.push_back(arg);
      continue;
    }
    for (std::size_t j = 1; j < arg.size(); ++j) {
      const char letter = arg[j];
      const std::string flag = "-" + flag_letter(arg, j);
      if (letter == 'h') {
        parsed.help = true;
      } else if (kTrecSwitches.find(letter) != std::string_view::npos) {
        parsed.configure.push_back(flag);
      } else if (kTrecValued.find(letter) != std::string_view::npos) {
        if (const auto v = value_of(flag, arg.substr(j + 1))) {
          parsed.configure.push_back(flag);
          parsed.configure.push_back(*v);
          if (letter == 'Z') parsed.zscores = *v;
        }
        break;
      } else {
        parsed.usage_error = "unknown flag " + flag + " for trec" +
                             (utf16_length(arg) > 2 ? " (in '" + arg + "')" : "");
        break;
      }
    }
  }
  if (parsed.usage_error || parsed.help) return parsed;
  if (digits) {
    // Number(text): a whole number from 0 to 17 (17: %.17g, every double read back as itself).
    const std::string_view trimmed = js_trim(*digits);
    const auto number = trimmed.empty() ? std::nullopt : js_finite_number(trimmed);
    if (!number || std::floor(*number) != *number || *number < 0 || *number > 17) {
      parsed.usage_error = "--digits expects a whole number from 0 to 17, found '" + *digits + "'";
      return parsed;
    }
    parsed.digits = static_cast<int>(*number);
  }
  if (parsed.files.empty()) {
    parsed.usage_error = "trec needs a QRELS file and at least one RUN";
  } else if (parsed.files.size() == 1) {
    parsed.usage_error = "trec needs at least one RUN after " + parsed.files[0];
  } else {
    std::size_t stdins = 0;
    for (const std::string& file : parsed.files) stdins += file == "-" ? 1 : 0;
    if (stdins > 1) parsed.usage_error = "standard input ('-') can be only one of the files";
  }
  return parsed;
}

}  // namespace irm
