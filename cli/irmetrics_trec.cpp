// irmetrics-trec: `irmetrics trec` as a native executable, for speed on the command line. The
// same TrecSession as the wasm module (irm/trec_eval.h), driven the way bin/lib/trec.mjs and
// common/trec-feed.js drive it, with the arguments read by the reader the Node command line
// calls too (irm::read_trec_command_line); every message and every byte of output is the wasm
// path's (tests/js/trec-native.test.mjs compares the two). bin/irmetrics.mjs runs it for
// `irmetrics trec` when it is built, unless IRMETRICS_WASM=1.
//
//   build/native/irmetrics-trec [-q] [-m MEASURE]... [flags] QRELS RUN...
//
// What crosses from C++ to JS in the wasm path is a JS string (UTF-16) made from the C++ bytes
// by embind, then written by Node as UTF-8: for valid UTF-8 that is the same bytes; for invalid
// UTF-8 this file does what embind and Node do (from_wasm), so that the output stays the same.

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#ifdef IRM_HAVE_ZLIB
#include <zlib.h>
#endif

#include "irm/explain.h"
#include "irm/json.h"
#include "irm/result.h"
#include "irm/trec_eval.h"
#include "trec_help.h"  // kTrecHelp: bin/lib/trec-help.txt, made by CMake

namespace {

// ----------------------------------------------------------------------------------------------
// JS strings. A C++ std::string returned through embind becomes a JS string: split at NUL bytes,
// each part of more than 16 bytes decoded by TextDecoder (invalid bytes become U+FFFD), each
// shorter part by Emscripten's own loop (which never replaces); Node then writes the string as
// UTF-8, a lone surrogate as U+FFFD. JSON.stringify writes a lone surrogate as \udxxx.

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int more = 0;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(more) >= n) return false;
    for (int k = 1; k <= more; ++k) {
      const auto b = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if (b < (k == 1 ? lo : 0x80u) || b > (k == 1 ? hi : 0xBFu)) return false;
    }
    i += static_cast<std::size_t>(more) + 1;
  }
  return true;
}

// WHATWG UTF-8 decode (TextDecoder, Buffer.toString): each maximal invalid subpart is one U+FFFD.
void decode_whatwg(std::string_view s, std::u16string& out) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  auto push = [&out](char32_t cp) {
    if (cp < 0x10000) {
      out += static_cast<char16_t>(cp);
    } else {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 | (cp >> 10));
      out += static_cast<char16_t>(0xDC00 | (cp & 0x3FF));
    }
  };
  while (i < n) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += static_cast<char16_t>(c);
      ++i;
      continue;
    }
    int more = 0;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    char32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      cp = c & 0x0F;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      cp = c & 0x07;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      out += u'\uFFFD';
      ++i;
      continue;
    }
    std::size_t j = i + 1;
    bool ok = true;
    for (int k = 0; k < more; ++k, ++j) {
      if (j >= n) {
        ok = false;
        break;
      }
      const auto b = static_cast<unsigned char>(s[j]);
      if (b < lo || b > hi) {
        ok = false;
        break;
      }
      lo = 0x80;
      hi = 0xBF;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (ok) {
      push(cp);
      i = j;
    } else {
      out += u'\uFFFD';
      i = j;  // the lead and the valid continuation bytes before the bad one
    }
  }
}

// Emscripten 3.1.6's UTF8ArrayToString loop for parts of at most 16 bytes (bytes past the part
// read as 0, the terminator).
void decode_emscripten_short(std::string_view s, std::u16string& out) {
  std::size_t i = 0;
  const std::size_t n = s.size();
  auto at = [&](std::size_t k) -> unsigned {
    return k < n ? static_cast<unsigned char>(s[k]) : 0u;
  };
  while (i < n) {
    unsigned u0 = at(i++);
    if (!(u0 & 128)) {
      out += static_cast<char16_t>(u0);
      continue;
    }
    const unsigned u1 = at(i++) & 63;
    if ((u0 & 224) == 192) {
      out += static_cast<char16_t>(((u0 & 31) << 6) | u1);
      continue;
    }
    const unsigned u2 = at(i++) & 63;
    if ((u0 & 240) == 224) {
      u0 = ((u0 & 15) << 12) | (u1 << 6) | u2;
    } else {
      u0 = ((u0 & 7) << 18) | (u1 << 12) | (u2 << 6) | (at(i++) & 63);
    }
    if (u0 < 65536) {
      out += static_cast<char16_t>(u0);
    } else {
      const unsigned ch = u0 - 65536;
      out += static_cast<char16_t>(0xD800 | (ch >> 10));
      out += static_cast<char16_t>(0xDC00 | (ch & 1023));
    }
  }
}

std::u16string embind_string(std::string_view s) {
  std::u16string out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t nul = s.find('\0', start);
    const std::string_view part =
        s.substr(start, nul == std::string_view::npos ? s.npos : nul - start);
    if (part.size() > 16) {
      decode_whatwg(part, out);
    } else {
      decode_emscripten_short(part, out);
    }
    if (nul == std::string_view::npos) break;
    out += u'\0';
    start = nul + 1;
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A JS string written by Node as UTF-8: a lone surrogate becomes U+FFFD.
std::string node_utf8(const std::u16string& js) {
  std::string out;
  out.reserve(js.size());
  for (std::size_t i = 0; i < js.size(); ++i) {
    const char16_t u = js[i];
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < js.size() && js[i + 1] >= 0xDC00 &&
        js[i + 1] <= 0xDFFF) {
      append_utf8(out,
                  0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) + (js[i + 1] - 0xDC00));
      ++i;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      append_utf8(out, 0xFFFD);
    } else {
      append_utf8(out, u);
    }
  }
  return out;
}

/// The bytes Node writes for a std::string that came back from the wasm module.
std::string from_wasm(std::string s) {
  if (s.find('\0') == std::string::npos && valid_utf8(s)) return s;
  return node_utf8(embind_string(s));
}

/// The bytes the wasm module gets for a JS string made from `bytes` by Buffer.toString('utf8')
/// (readFile(..., 'utf8')).
std::string utf8_text(std::string_view bytes) {
  if (valid_utf8(bytes)) return std::string(bytes);
  std::u16string js;
  decode_whatwg(bytes, js);
  return node_utf8(js);
}

/// The JS string that a usage message of read_trec_command_line stands for: UTF-8, in which a
/// lone surrogate (a flag letter outside the BMP, named as JS's arg[j] names it) is written as
/// generalized UTF-8 (ED A0-BF xx).
std::u16string decode_generalized(std::string_view s) {
  std::u16string js;
  std::size_t plain_from = 0;
  for (std::size_t i = 0; i + 2 < s.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    const auto b2 = static_cast<unsigned char>(s[i + 2]);
    if (b0 != 0xED || b1 < 0xA0 || b1 > 0xBF || b2 < 0x80 || b2 > 0xBF) continue;
    decode_whatwg(s.substr(plain_from, i - plain_from), js);
    js += static_cast<char16_t>(0xD000 | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
    i += 2;
    plain_from = i + 1;
  }
  decode_whatwg(s.substr(plain_from), js);
  return js;
}

// JSON.stringify of a string (of the bytes from_wasm gives, or of a JS string read back from
// UTF-8; `generalized`: of decode_generalized's).
void json_string(std::string& out, std::string_view s, bool generalized = false) {
  std::u16string js;
  if (generalized) {
    js = decode_generalized(s);
  } else if (valid_utf8(s)) {
    decode_whatwg(s, js);
  } else {
    js = embind_string(s);
  }
  out += '"';
  for (std::size_t i = 0; i < js.size(); ++i) {
    const char16_t u = js[i];
    switch (u) {
      case u'"':
        out += "\\\"";
        continue;
      case u'\\':
        out += "\\\\";
        continue;
      case u'\b':
        out += "\\b";
        continue;
      case u'\f':
        out += "\\f";
        continue;
      case u'\n':
        out += "\\n";
        continue;
      case u'\r':
        out += "\\r";
        continue;
      case u'\t':
        out += "\\t";
        continue;
      default:
        break;
    }
    char buffer[8];
    if (u < 0x20) {
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(u));
      out += buffer;
    } else if (u >= 0xD800 && u <= 0xDBFF && i + 1 < js.size() && js[i + 1] >= 0xDC00 &&
               js[i + 1] <= 0xDFFF) {
      append_utf8(out,
                  0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) + (js[i + 1] - 0xDC00));
      ++i;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(u));
      out += buffer;
    } else {
      append_utf8(out, u);
    }
  }
  out += '"';
}

// ----------------------------------------------------------------------------------------------
// Output, as bin/irmetrics.mjs writes it.

void write_all(std::FILE* to, std::string_view text) {
  if (!text.empty()) std::fwrite(text.data(), 1, text.size(), to);
}

/// print(): the text and a newline unless it ends with one.
void print(std::string_view text) {
  write_all(stdout, text);
  if (text.empty() || text.back() != '\n') write_all(stdout, "\n");
}

/// JSON.stringify(value, null, 2) of {error: {...}} whose fields are strings, numbers or null.
struct JsonField {
  std::string key;
  enum { text, number, null } kind = text;
  std::string value;
  bool generalized = false;  // a text to read with decode_generalized
};

void print_error_json(const std::vector<JsonField>& fields) {
  std::string out = "{\n  \"error\": {";
  for (std::size_t i = 0; i < fields.size(); ++i) {
    out += i == 0 ? "\n    " : ",\n    ";
    json_string(out, fields[i].key);
    out += ": ";
    if (fields[i].kind == JsonField::text) {
      json_string(out, fields[i].value, fields[i].generalized);
    } else if (fields[i].kind == JsonField::number) {
      out += fields[i].value;
    } else {
      out += "null";
    }
  }
  out += fields.empty() ? "}\n}" : "\n  }\n}";
  print(out);
}

// JS's /\s*\n\s*/g → ' ' (ASCII whitespace; the session's messages have no other).
std::string join_lines(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  };
  while (i < text.size()) {
    if (space(text[i])) {
      std::size_t j = i;
      bool newline = false;
      while (j < text.size() && space(text[j])) newline = newline || text[j++] == '\n';
      if (newline) {
        out += ' ';
      } else {
        out.append(text, i, j - i);
      }
      i = j;
    } else {
      out += text[i++];
    }
  }
  return out;
}

// ----------------------------------------------------------------------------------------------
// Failures before an answer (bin/irmetrics.mjs's fail()): usage, file.

std::vector<std::string> g_argv;  // the arguments as bin/irmetrics.mjs sees them: trec ...

bool asks_for_json() {
  for (std::size_t i = 0; i < g_argv.size() && g_argv[i] != "--"; ++i) {
    if (g_argv[i] == "--json" || g_argv[i] == "--format=json") return true;
    if (g_argv[i] == "--format" && i + 1 < g_argv.size() && g_argv[i + 1] == "json") return true;
  }
  return false;
}

struct Failure {
  int status;
};

/// `generalized`: the message is read_trec_command_line's (see decode_generalized).
[[noreturn]] void fail(const char* code, const std::string& message, const std::string* usage,
                       int status, bool generalized = false) {
  if (asks_for_json()) {
    std::vector<JsonField> fields{{"code", JsonField::text, code},
                                  {"message", JsonField::text, message, generalized}};
    if (usage != nullptr) fields.push_back({"usage", JsonField::text, *usage});
    print_error_json(fields);
  } else {
    const std::string shown = generalized ? node_utf8(decode_generalized(message)) : message;
    std::string text = "irmetrics: " + shown + "\n";
    if (usage != nullptr) text += *usage + "\n";
    write_all(stderr, text);
  }
  throw Failure{status};
}

/// TREC_USAGE: the help's lines from 'usage:' to the first blank line.
std::string trec_usage() {
  const std::string_view help = kTrecHelp;
  const std::size_t from = help.find("usage:");
  const std::size_t to = help.find("\n\n", from);
  return std::string(help.substr(from, to - from));
}

/// A usage error of read_trec_command_line, with the usage after it.
[[noreturn]] void usage_error(const std::string& message) {
  const std::string usage = trec_usage();
  fail("usage", message, &usage, 2, true);
}

[[noreturn]] void file_error(const std::string& message) { fail("file", message, nullptr, 2); }

// ----------------------------------------------------------------------------------------------
// Files, read as bin/lib/trec.mjs's readChunks reads them.

constexpr std::size_t kChunkSize = std::size_t{4} << 20;

std::string display_name(const std::string& path) { return path == "-" ? "standard input" : path; }

std::string errno_code(int error) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
  if (const char* name = strerrorname_np(error)) return name;
#endif
  return std::strerror(error);
}

[[noreturn]] void cannot_read(const std::string& path, const std::string& code) {
  file_error("cannot read " + display_name(path) + ": " + code);
}

/// One file's bytes, piece by piece: plain, or gunzipped when the name ends in .gz or the bytes
/// start with 1f 8b.
class Source {
 public:
  explicit Source(const std::string& path) : path_(path) {
    if (path == "-") {
      file_ = stdin;
      regular_ = false;
    } else {
      file_ = std::fopen(path.c_str(), "rb");
      if (file_ == nullptr) cannot_read(path, errno_code(errno));
      struct stat info {};
      if (fstat(fileno(file_), &info) == 0) {
        if (S_ISDIR(info.st_mode)) {
          std::fclose(file_);
          file_ = nullptr;
          file_error(path + " is a directory; give a qrels or run file");
        }
        regular_ = S_ISREG(info.st_mode);
      }
    }
    buffer_.resize(kChunkSize);
  }
  ~Source() {
#ifdef IRM_HAVE_ZLIB
    if (inflating_) inflateEnd(&stream_);
#endif
    if (file_ != nullptr && file_ != stdin) std::fclose(file_);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  /// The next piece (empty at the end); valid until the next call.
  std::string_view next() {
    if (first_) {
      first_ = false;
      std::size_t got = read_raw(buffer_.data(), buffer_.size());
      const bool magic = got >= 2 && static_cast<unsigned char>(buffer_[0]) == 0x1f &&
                         static_cast<unsigned char>(buffer_[1]) == 0x8b;
      const bool by_name =
          path_ != "-" && path_.size() >= 3 && path_.compare(path_.size() - 3, 3, ".gz") == 0;
      if (magic || by_name) {
        gzipped_ = true;
        start_gunzip(got);
      } else {
        return {buffer_.data(), got};
      }
    }
    if (!gzipped_) {
      const std::size_t got = read_raw(buffer_.data(), buffer_.size());
      return {buffer_.data(), got};
    }
    return gunzip_next();
  }

 private:
  std::size_t read_raw(char* into, std::size_t size) {
    std::size_t got = std::fread(into, 1, size, file_);
    if (got < size && std::ferror(file_)) cannot_read(path_, errno_code(errno));
    return got;
  }

#ifdef IRM_HAVE_ZLIB
  void start_gunzip(std::size_t first_bytes) {
    compressed_.assign(buffer_.data(), buffer_.data() + first_bytes);
    output_.resize(std::size_t{1} << 20);  // Node's gunzip chunks are 1 MiB (trec.mjs)
    stream_ = z_stream{};
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) zlib_error("Z_MEM_ERROR", "out of memory");
    inflating_ = true;
    stream_.next_in = reinterpret_cast<Bytef*>(compressed_.data());
    stream_.avail_in = static_cast<uInt>(compressed_.size());
  }

  [[noreturn]] void zlib_error(const char* code, const char* message) {
    cannot_read(path_, std::string(code) + " (" + message + ")");
  }

  bool refill() {
    if (eof_) return false;
    compressed_.resize(kChunkSize);
    const std::size_t got = read_raw(compressed_.data(), compressed_.size());
    if (got == 0) {
      eof_ = true;
      return false;
    }
    stream_.next_in = reinterpret_cast<Bytef*>(compressed_.data());
    stream_.avail_in = static_cast<uInt>(got);
    return true;
  }

  std::string_view gunzip_next() {
    if (done_) return {};
    stream_.next_out = reinterpret_cast<Bytef*>(output_.data());
    stream_.avail_out = static_cast<uInt>(output_.size());
    while (stream_.avail_out > 0) {
      if (stream_.avail_in == 0 && !refill()) {
        // The input ended inside a member (or before any): as Node's zlib, "unexpected end of
        // file", unless a member just ended.
        if (!member_ended_) zlib_error("Z_BUF_ERROR", "unexpected end of file");
        done_ = true;
        break;
      }
      if (member_ended_) {
        // Bytes after a member: another member, unless they start with a zero byte (padding:
        // the rest of this piece is dropped), as Node's zlib reads them (node_zlib.cc).
        if (stream_.next_in[0] == 0x00) {
          stream_.avail_in = 0;
          continue;
        }
        member_ended_ = false;
        inflateReset(&stream_);
      }
      const int status = inflate(&stream_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        member_ended_ = true;
        continue;
      }
      if (status == Z_BUF_ERROR) continue;  // needs more input
      if (status != Z_OK) {
        const char* code = status == Z_DATA_ERROR  ? "Z_DATA_ERROR"
                           : status == Z_MEM_ERROR ? "Z_MEM_ERROR"
                           : status == Z_NEED_DICT ? "Z_NEED_DICT"
                                                   : "Z_STREAM_ERROR";
        zlib_error(code, stream_.msg != nullptr ? stream_.msg : "zlib error");
      }
    }
    return {output_.data(), output_.size() - stream_.avail_out};
  }

  z_stream stream_{};
  bool inflating_ = false;
  bool eof_ = false;
  bool done_ = false;
  bool member_ended_ = false;
  std::vector<char> compressed_;
  std::vector<char> output_;
#else
  void start_gunzip(std::size_t) {
    file_error("cannot read " + display_name(path_) +
               ": this irmetrics-trec was built without zlib; use irmetrics trec with "
               "IRMETRICS_WASM=1 for gzipped files");
  }
  std::string_view gunzip_next() { return {}; }
#endif

  std::string path_;
  std::FILE* file_ = nullptr;
  bool regular_ = false;
  bool first_ = true;
  bool gzipped_ = false;
  std::vector<char> buffer_;
};

// ----------------------------------------------------------------------------------------------
// The session's answers as the wasm bindings give them (wasm/bindings.cpp, wasm/to_js.cpp).

/// An InputError of the session, with the file the bindings name beside it ("" for none).
struct SessionError {
  std::string code;
  std::string message;
  std::string field;
  std::string file;
  irm::Span where;
};

SessionError from_input_error(const irm::InputError& e, const std::string& file) {
  return {irm::to_string(e.code), e.message, irm::to_string(e.field), file, e.where};
}

SessionError internal_error(const std::string& what) {
  return {"internal", irm::internal_error_message(what), "input", "", irm::Span{}};
}

struct Stop {
  SessionError error;
};

/// Runs one call of the session as guarded() does: an exception becomes an internal error.
template <class F>
void guarded(F&& body) {
  try {
    body();
  } catch (const Stop&) {
    throw;
  } catch (const Failure&) {
    throw;
  } catch (const std::exception& e) {
    throw Stop{internal_error(e.what())};
  } catch (...) {
    throw Stop{internal_error("unknown exception")};
  }
}

void check(const std::optional<irm::InputError>& failure, const std::string& file) {
  if (failure) throw Stop{from_input_error(*failure, file)};
}

void warn(const std::string& warning) {
  write_all(stderr, "irmetrics trec: warning: " + join_lines(from_wasm(warning)) + "\n");
}

/// feedFile + feedSession: begin, the pieces, end; a streamed run read again, whole, when the
/// session asks. Returns the warnings of endQrels()/endRun().
void feed_file(irm::TrecSession& session, bool is_run, const std::string& path) {
  const std::string name = display_name(path);
  struct stat info {};
  const bool regular = path != "-" && stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  bool stream = is_run && regular;
  for (;;) {
    if (is_run) {
      guarded([&] { check(session.begin_run(name, stream), name); });
    } else {
      session.begin_qrels(name, regular ? static_cast<std::size_t>(info.st_size) : 0);
    }
    bool restart = false;
    Source source(path);
    for (std::string_view piece = source.next(); !piece.empty(); piece = source.next()) {
      if (is_run) {
        guarded([&] {
          check(session.feed_run(piece), session.reading());
          restart = session.run_restart_needed();
        });
        if (restart) break;
      } else {
        guarded([&] { session.feed_qrels(piece); });
      }
    }
    if (!restart) {
      if (is_run) {
        guarded([&] { check(session.end_run(), session.reading()); });
        for (const std::string& w : session.runs().back().warnings) warn(irm::visible(w));
      } else {
        guarded([&] { check(session.end_qrels(), session.qrels_file()); });
        for (const std::string& w : session.qrels_warnings()) warn(irm::visible(w));
      }
      return;
    }
    stream = false;
  }
}

std::string read_whole(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) cannot_read(path, errno_code(errno));
  std::string text;
  char buffer[65536];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file);
    text.append(buffer, got);
    if (got < sizeof buffer) {
      if (std::ferror(file)) {
        const int error = errno;
        std::fclose(file);
        cannot_read(path, errno_code(error));
      }
      break;
    }
  }
  std::fclose(file);
  return text;
}

std::string report(const irm::TrecSession& session, const std::string& format, int digits) {
  try {
    if (format == "json") return session.report_json();
    if (format == "csv") return session.report_csv(digits);
    return session.report_text(digits);
  } catch (const std::exception& e) {
    return std::string("internal error: ") + e.what();
  }
}

// ----------------------------------------------------------------------------------------------

/// describeError(): "file:line:column: message", "file: message", or the message.
std::string describe_error(const SessionError& e) {
  const std::string message = join_lines(from_wasm(e.message));
  const std::string file = from_wasm(e.file);
  if (file.empty()) return message;
  if (e.where.line > 0) {
    return file + ":" + std::to_string(e.where.line) + ":" + std::to_string(e.where.column) + ": " +
           message;
  }
  return message.rfind(file + " ", 0) == 0 ? message : file + ": " + message;
}

int trec(const std::vector<std::string>& argv) {
  // The arguments as the Node command line reads them: the same reader (core/src/trec/args.cpp).
  const irm::TrecCommandLine parsed = irm::read_trec_command_line(argv);
  if (parsed.usage_error) usage_error(*parsed.usage_error);
  if (parsed.help) {
    print(kTrecHelp);
    return 0;
  }
  const int digits = parsed.digits;
  const bool json = parsed.format == "json";

  irm::TrecSession session;
  try {
    session.keep_topic_lists(false);
    guarded([&] { check(session.configure(parsed.configure), ""); });
    for (const std::string& w : session.option_warnings()) warn(w);
    if (parsed.zscores) {
      const std::string text = utf8_text(read_whole(*parsed.zscores));
      guarded([&] { check(session.set_zscores(text, *parsed.zscores), *parsed.zscores); });
    }
    feed_file(session, false, parsed.files[0]);
    for (std::size_t r = 1; r < parsed.files.size(); ++r) feed_file(session, true, parsed.files[r]);
  } catch (const Stop& stop) {
    const SessionError& e = stop.error;
    if (json) {
      const std::string file = from_wasm(e.file);
      print_error_json({{"code", JsonField::text, e.code},
                        {"message", JsonField::text, from_wasm(e.message)},
                        {"field", JsonField::text, e.field},
                        file.empty() ? JsonField{"file", JsonField::null, ""}
                                     : JsonField{"file", JsonField::text, file},
                        {"line", JsonField::number, std::to_string(e.where.line)},
                        {"column", JsonField::number, std::to_string(e.where.column)},
                        {"length", JsonField::number, std::to_string(e.where.length)}});
    } else {
      write_all(stderr, "irmetrics: " + describe_error(e) + "\n");
    }
    return e.code == "internal" ? 1 : 2;
  }
  const std::string text = from_wasm(report(session, parsed.format, digits));
  if (!text.empty()) print(text);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A closed pipe (irmetrics trec ... | head) is not an error: Node's path exits 0 there too.
  std::signal(SIGPIPE, SIG_IGN);
  // The output is written in large pieces; stderr's warnings stay in order with it only where
  // they go to the same place, as with Node.
  static char out_buffer[1 << 16];
  std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  g_argv.emplace_back("trec");
  for (int i = 1; i < argc; ++i) g_argv.emplace_back(argv[i]);
  int status = 0;
  try {
    status = trec(std::vector<std::string>(g_argv.begin() + 1, g_argv.end()));
  } catch (const Failure& failure) {
    status = failure.status;
  } catch (const std::exception& e) {
    try {
      fail("internal", std::string("internal error: ") + e.what(), nullptr, 1);
    } catch (const Failure& failure) {
      status = failure.status;
    }
  }
  if (std::fflush(stdout) != 0 && errno != EPIPE) status = status == 0 ? 1 : status;
  return status;
}
