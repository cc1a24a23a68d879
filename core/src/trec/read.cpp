// The bulk readers of trec_eval's qrels and run files (see irm/trec.h for the formats and
// conventions).
//
// One pass over the bytes: each line is split in place into string_views, topics and docnos are
// looked up by hashing, and nothing of the input is copied. Code-point columns are counted only
// when a message needs one, so the common path never decodes UTF-8.

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <system_error>

#include "irm/trec.h"
#include "measures/ndeval.h"
#include "parse/text.h"

namespace irm {
namespace {

// A run has the most fields (6); one more tells "too many" from "just right".
constexpr int max_fields = 7;
// A file with thousands of duplicates gets this many warnings, then one that counts the rest.
constexpr int max_duplicate_warnings = 20;

// Most bytes are above the space: one comparison settles them.
bool is_blank(char c) {
  return static_cast<unsigned char>(c) <= ' ' &&
         (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f');
}

// Yields the lines of `bytes` without their line ends, numbered from 1.
class LineReader {
 public:
  explicit LineReader(std::string_view bytes) : bytes_(bytes) {
    // A byte-order mark is invisible in an editor: skip it.
    if (bytes_.substr(0, 3) == "\xEF\xBB\xBF") position_ = 3;
  }

  bool next(std::string_view& line) {
    if (position_ >= bytes_.size()) return false;
    const std::size_t end = bytes_.find('\n', position_);
    const std::size_t stop = end == std::string_view::npos ? bytes_.size() : end;
    line = bytes_.substr(position_, stop - position_);
    position_ = stop + 1;
    ++number_;
    return true;
  }

  int number() const { return number_; }

 private:
  std::string_view bytes_;
  std::size_t position_ = 0;
  int number_ = 0;
};

// The first max_fields fields of a line; `count` stops at max_fields.
struct Fields {
  std::array<std::string_view, max_fields> text;
  int count = 0;
};

// The first byte of `line` from `i` on that is at most a space (a blank, or a control character
// that is not one), or line.size(). Eight bytes at a time, read as one little-endian word x:
// (x - 0x21 in each byte) & ~x & (0x80 in each byte) marks every byte below 0x21 that no borrow
// reached, and a borrow only comes from a marked byte below it, so the lowest mark is exact.
// Splitting run lines was a third of reading a run, byte by byte.
std::size_t next_low(std::string_view line, std::size_t i) {
  const char* p = line.data();
  const std::size_t n = line.size();
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x;
    std::memcpy(&x, p + i, 8);
    const std::uint64_t low = (x - ones * 0x21) & ~x & highs;
    if (low != 0) return i + static_cast<std::size_t>(__builtin_ctzll(low) >> 3);
  }
#endif
  const auto above_space = [&](std::size_t k) { return static_cast<unsigned char>(p[k]) > ' '; };
  while (i < n && above_space(i)) ++i;
  return i;
}

Fields split(std::string_view line) {
  Fields fields;
  std::size_t i = 0;
  while (i < line.size() && fields.count < max_fields) {
    while (i < line.size() && is_blank(line[i])) ++i;
    if (i == line.size()) break;
    const std::size_t start = i;
    // A control character that is not blank belongs to the field.
    do {
      i = next_low(line, i + 1);
    } while (i < line.size() && !is_blank(line[i]));
    fields.text[fields.count++] = line.substr(start, i - start);
  }
  return fields;
}

// `part` must lie inside `line`.
Span span_of(std::string_view line, int number, std::string_view part) {
  const auto offset = static_cast<std::size_t>(part.data() - line.data());
  return Span{number, text::code_points(line.substr(0, offset)) + 1, text::code_points(part)};
}

// From the start of `part` to the last non-blank byte of the line.
std::string_view rest_of_line(std::string_view line, std::string_view part) {
  std::size_t end = line.size();
  while (end > 0 && is_blank(line[end - 1])) --end;
  const auto offset = static_cast<std::size_t>(part.data() - line.data());
  return line.substr(offset, end - offset);
}

std::string where(const Span& span, std::string_view file_name) {
  return text::position(span) + " of " + std::string(file_name);
}

// The description of a line, for messages: "4 fields: qid iter docno rel".
struct LineShape {
  int fields;
  const char* names;
};
constexpr LineShape qrels_shape{4, "qid iter docno rel"};
constexpr LineShape run_shape{6, "qid Q0 docno rank score tag"};

std::string shape_text(const LineShape& shape) {
  return std::to_string(shape.fields) + " fields: " + shape.names;
}

// Checks the number of fields; empty when it is right.
std::optional<InputError> check_count(const Fields& fields, std::string_view line, int number,
                                      std::string_view file_name, const LineShape& shape) {
  if (fields.count < shape.fields) {
    const Span span = span_of(line, number, rest_of_line(line, fields.text[0]));
    return InputError{ErrorCode::bad_token,
                      "line " + std::to_string(number) + " of " + std::string(file_name) + " has " +
                          std::to_string(fields.count) + " field" + (fields.count == 1 ? "" : "s") +
                          ", expected " + shape_text(shape),
                      span};
  }
  if (fields.count > shape.fields) {
    const std::string_view extra = fields.text[shape.fields];
    Span span = span_of(line, number, rest_of_line(line, extra));
    // trec_eval reads lines up to LF only: a file with old Mac line ends (a lone CR) is one long
    // line, which is worth saying rather than leaving the student to count fields.
    const std::string_view before =
        line.substr(0, static_cast<std::size_t>(extra.data() - line.data()));
    const bool lone_cr = before.find('\r') != std::string_view::npos;
    return InputError{ErrorCode::bad_token,
                      "found an extra field " + text::quoted(extra) + " at " +
                          where(span, file_name) + "; expected " + shape_text(shape) +
                          (lone_cr ? ". The line holds a carriage return (CR) that is not "
                                     "followed by LF: save the file with LF (or CR LF) line ends"
                                   : ""),
                      span};
  }
  return std::nullopt;
}

InputError number_error(std::string_view line, int number, std::string_view field,
                        std::string_view file_name, const std::string& expected) {
  const Span span = span_of(line, number, field);
  return InputError{
      ErrorCode::bad_number,
      "found " + text::quoted(field) + " at " + where(span, file_name) + "; expected " + expected,
      span};
}

// A file saved as UTF-16 (Windows' "Unicode"): its first line starts with UTF-16's byte-order
// mark, or holds a NUL beside each of its first characters (ASCII written as UTF-16). Read as
// bytes, its fields would hold NULs, and the message about them would not say why: this one does.
std::optional<InputError> utf16_error(std::string_view first_line, std::string_view file_name) {
  const std::string_view start = first_line.substr(0, 2);
  const bool mark = start == "\xFF\xFE" || start == "\xFE\xFF";
  const auto at = [&](std::size_t i) { return i < first_line.size() ? first_line[i] : 'x'; };
  const bool little = at(0) != '\0' && at(1) == '\0' && at(2) != '\0' && at(3) == '\0';
  const bool big = at(0) == '\0' && at(1) != '\0' && at(2) == '\0' && at(3) != '\0';
  if (!mark && !little && !big) return std::nullopt;
  return InputError{
      ErrorCode::bad_token,
      "line 1 of " + std::string(file_name) + " is UTF-16 text (" +
          (mark ? "it starts with UTF-16's byte-order mark" : "a NUL byte beside each character") +
          "); qrels and runs are read as UTF-8 or ASCII, as trec_eval reads them: "
          "save the file as UTF-8 (an editor's Save as, encoding UTF-8, or iconv -f "
          "UTF-16 -t UTF-8)",
      Span{1, 1, 1}};
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// An optional sign and digits that fit an int.
std::optional<int> parse_int(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  const std::size_t start = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  if (start == s.size() || !is_digit(s[start])) return std::nullopt;
  long long magnitude = 0;
  const char* end = s.data() + s.size();
  const auto [stop, code] = std::from_chars(s.data() + start, end, magnitude);
  if (code != std::errc() || stop != end || magnitude > 2147483647LL) return std::nullopt;
  return static_cast<int>(negative ? -magnitude : magnitude);
}

// A grade as trec_eval's atol reads it when the text starts with a whole number: "1.7" is 1.
// Nothing when no digit starts it (atol's 0 would hide the mistake) or it is out of range.
std::optional<int> leading_int(std::string_view s) {
  std::size_t i = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  while (i < s.size() && is_digit(s[i])) ++i;
  return parse_int(s.substr(0, i));
}

// A score as trec_eval's atof reads it when strtod reads something at its start ("1.5x" is 1.5,
// "1,5" is 1, "0x10" is 16, "inf"); a NaN ranks below every number (trec_eval's sort places it
// by no rule). Nothing when strtod reads nothing (atof's 0 would hide the mistake).
std::optional<double> leading_score(std::string_view token, Compat compat) {
  const std::string text(token);
  char* end = nullptr;
  double value = compat == Compat::trec9 ? static_cast<double>(std::strtof(text.c_str(), &end))
                                         : std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return std::nullopt;
  if (std::isnan(value)) value = -std::numeric_limits<double>::infinity();
  return value;
}

// The warning for the first number of a file read loosely, as trec_eval reads it.
std::string loose_warning(std::string_view line, int number, std::string_view field,
                          std::string_view file_name, const std::string& what,
                          const std::string& read_as) {
  const Span span = span_of(line, number, field);
  return std::string(file_name) + ":" + std::to_string(span.line) + ":" +
         std::to_string(span.column) + ": read " + what + " " + text::quoted(field) + " at " +
         where(span, file_name) + " as " + read_as +
         ", as trec_eval reads it (and so any later such number of the file); --strict refuses "
         "it";
}

std::string number_text(double value) {
  if (std::isinf(value)) return value > 0 ? "infinity" : "minus infinity";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

bool is_whole_number(std::string_view s) {
  const std::size_t start = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  if (start == s.size()) return false;
  return std::all_of(s.begin() + static_cast<std::ptrdiff_t>(start), s.end(), is_digit);
}

// The rank column: a whole number (is_whole_number) read as an int, clamped to int's range (only
// the order of ranks matters, --ties rank, and beyond two thousand million ranks it is the
// same); nothing when it is no whole number. Checked and read in one pass.
std::optional<int> whole_rank(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  const std::size_t start = !s.empty() && (s[0] == '+' || negative) ? 1 : 0;
  if (start == s.size()) return std::nullopt;
  std::int64_t value = 0;
  for (std::size_t i = start; i < s.size(); ++i) {
    if (!is_digit(s[i])) return std::nullopt;
    if (value <= std::numeric_limits<int>::max()) value = value * 10 + (s[i] - '0');
  }
  if (negative) value = -value;
  return static_cast<int>(std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(),
                                                   std::numeric_limits<int>::max()));
}

// The grammar of text::is_decimal, on a view: a sign, digits with an optional point, an optional
// exponent. strtod alone would also take "inf", "nan" and hexadecimal.
bool is_decimal(std::string_view t) {
  std::size_t i = 0;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < t.size() && is_digit(t[i])) ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (i < t.size() && is_digit(t[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    while (i < t.size() && is_digit(t[i])) ++i, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return i == t.size();
}

// A score of the usual form, a sign, digits and at most one point (at least one digit, none
// of "inf", "nan", hexadecimal or an exponent), read exactly as strtod reads it: when it has at
// most 15 digits, they make an integer below 10^15 and the power of ten (at most 15 digits after
// the point) is exact too, so one division rounds once to strtod's double (Clinger's fast path).
// False for anything else, which is_decimal and parse_score then decide: checking and reading
// the usual score in one pass.
bool simple_score(std::string_view token, double& value) {
  static constexpr double powers[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const char* p = token.data();
  const char* const end = p + token.size();
  const bool negative = p != end && *p == '-';
  if (p != end && (*p == '+' || negative)) ++p;
  const char* const first = p;
  std::uint64_t mantissa = 0;
  for (; p != end && is_digit(*p); ++p) mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  const char* point = end;
  if (p != end && *p == '.') {
    point = p++;
    for (; p != end && is_digit(*p); ++p)
      mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  }
  const auto digits = (p - first) - (point != end ? 1 : 0);
  if (p != end || digits == 0 || digits > 15) return false;
  value = static_cast<double>(mantissa) / powers[point != end ? end - point - 1 : 0];
  if (negative) value = -value;
  return true;
}

// A token already checked by is_decimal, read as strtod would (correctly rounded): simple_score
// when it can, else strtod itself, which needs a terminating NUL the caller's bytes lack.
double parse_score(std::string_view token, Compat compat) {
  double value = 0;
  if (compat == Compat::current && simple_score(token, value)) return value;
  std::array<char, 64> buffer{};
  std::string long_token;
  const char* text = nullptr;
  if (token.size() < buffer.size()) {
    std::memcpy(buffer.data(), token.data(), token.size());
    text = buffer.data();
  } else {
    long_token.assign(token);
    text = long_token.c_str();
  }
  // trec_eval 9.x kept scores in a float; reading straight to float rounds once, as it did.
  if (compat == Compat::trec9) return static_cast<double>(std::strtof(text, nullptr));
  return std::strtod(text, nullptr);
}

// 10000000 → "10,000,000".
std::string with_thousands(std::size_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
  return digits;
}

std::string twice_text(std::string_view docno, std::string_view topic, std::string_view file_name,
                       int first_line, int second_line) {
  return "document " + text::quoted(docno) + " is given twice for topic " + text::quoted(topic) +
         " in " + std::string(file_name) + ", at lines " + std::to_string(first_line) + " and " +
         std::to_string(second_line);
}

// Reports a duplicate: an error, or (keep_first) a warning, capped at max_duplicate_warnings.
std::optional<InputError> duplicate(std::string_view line, int number, std::string_view docno,
                                    std::string_view topic, std::string_view file_name,
                                    int first_line, Duplicates duplicates, int& count,
                                    std::vector<std::string>& warnings) {
  const std::string twice = twice_text(docno, topic, file_name, first_line, number);
  if (duplicates == Duplicates::error) {
    return InputError{ErrorCode::bad_token,
                      twice +
                          "; trec_eval stops here: give each document once per topic, or choose "
                          "to keep the first occurrence",
                      span_of(line, number, docno)};
  }
  if (++count <= max_duplicate_warnings) {
    warnings.push_back(twice + "; kept line " + std::to_string(first_line));
  }
  return std::nullopt;
}

void finish_duplicate_warnings(int count, std::string_view file_name,
                               std::vector<std::string>& warnings) {
  if (count <= max_duplicate_warnings) return;
  warnings.push_back("… and " + std::to_string(count - max_duplicate_warnings) +
                     " more documents given twice in " + std::string(file_name) +
                     "; the first occurrence of each was kept");
}

bool skipped(const Fields& fields) { return fields.count == 0 || fields.text[0][0] == '#'; }

}  // namespace

Result<Qrels> read_qrels(std::string_view bytes, std::string_view file_name, Duplicates duplicates,
                         bool loose, std::size_t max_topics, diversity::SubtopicQrels* subtopics,
                         Duplicates subtopic_duplicates) {
  if (subtopics != nullptr) {
    *subtopics = diversity::SubtopicQrels{};
    subtopics->file_name = std::string(file_name);
  }
  bool loose_warned = false;
  Qrels qrels;
  qrels.file_name = std::string(file_name);
  if (auto error = utf16_error(bytes.substr(0, bytes.find('\n')), file_name)) return *error;
  LineReader reader(bytes);
  std::string_view line;
  // Qrels are usually grouped by topic: remembering the last one saves most topic lookups.
  std::string_view last_topic;
  TopicJudgments* current = nullptr;
  diversity::TopicQrels* current_subtopics = nullptr;
  while (reader.next(line)) {
    const Fields fields = split(line);
    if (skipped(fields)) continue;
    const int number = reader.number();
    if (auto error = check_count(fields, line, number, file_name, qrels_shape)) return *error;
    std::optional<int> grade = parse_int(fields.text[3]);
    if (!grade && loose && !is_whole_number(fields.text[3])) {
      grade = leading_int(fields.text[3]);
      if (grade && !loose_warned) {
        loose_warned = true;
        qrels.warnings.push_back(loose_warning(line, number, fields.text[3], file_name, "the rel",
                                               std::to_string(*grade)));
      }
    }
    if (!grade && is_whole_number(fields.text[3])) {
      InputError e = number_error(line, number, fields.text[3], file_name,
                                  "the rel (fourth field) to lie between -2147483647 and "
                                  "2147483647, as trec_eval reads it");
      e.code = ErrorCode::out_of_range;
      return e;
    }
    if (!grade) {
      return number_error(line, number, fields.text[3], file_name,
                          "the rel (fourth field), a whole number such as 0, 1, 2 or -1");
    }
    int subtopic = 0;
    if (subtopics != nullptr) {
      // Most subtopics are one digit (a qrels file without subtopics: 0).
      const std::string_view field = fields.text[1];
      if (field.size() == 1 && field[0] >= '0' && field[0] <= '9') {
        subtopic = field[0] - '0';
      } else if (auto error = diversity::read_subtopic(line, number, field, file_name, subtopic)) {
        return *error;
      }
    }
    const std::string_view topic = fields.text[0];
    if (current == nullptr || !same_text(topic, last_topic)) {
      if (qrels.topics.size() >= max_topics && qrels.topic_index.count(topic) == 0) {
        const std::string limit = with_thousands(max_topics);
        const Span span = span_of(line, number, topic);
        return InputError{ErrorCode::out_of_range,
                          std::string(file_name) + " has more than " + limit + " topics (topic " +
                              text::quoted(topic) + " at line " + std::to_string(number) +
                              " is one too many); irmetrics trec holds at most " + limit +
                              " topics in memory, far more than the qrels of any TREC track",
                          span};
      }
      const auto [it, inserted] = qrels.topic_index.try_emplace(topic, qrels.topics.size());
      if (inserted) {
        qrels.topics.push_back(topic);
        // Topics are mostly judged alike: room for as many judgments as the last one had.
        const std::size_t previous = qrels.judgments.empty() ? 0 : qrels.judgments.back().size();
        qrels.judgments.emplace_back();
        qrels.judgments.back().reserve(previous);
        if (subtopics != nullptr) {
          subtopics->topic_index.emplace(topic, subtopics->topics.size());
          subtopics->topics.emplace_back();
          subtopics->topics.back().topic = topic;
        }
      }
      current = &qrels.judgments[it->second];
      current_subtopics = subtopics == nullptr ? nullptr : &subtopics->topics[it->second];
      last_topic = topic;
    }
    current->add(Judgment{fields.text[2], *grade, number});
    if (current_subtopics != nullptr) {
      current_subtopics->add_subtopic(subtopic);
    }
  }
  if (qrels.topics.empty()) {
    return InputError{ErrorCode::empty_input,
                      std::string(file_name) + " has no judgment lines; expected lines of " +
                          shape_text(qrels_shape),
                      Span{}};
  }
  // Duplicates are found as each topic is indexed, and reported in file order, as a reader going
  // line by line would meet them.
  struct Twice {
    std::size_t topic;
    std::size_t later;
    std::size_t first;
  };
  std::vector<Twice> twice;
  std::vector<std::pair<std::size_t, std::size_t>> found;
  std::vector<std::pair<diversity::SubtopicJudgment, diversity::SubtopicJudgment>> subtopic_twice;
  std::vector<std::string_view> subtopic_twice_topic;
  for (std::size_t t = 0; t < qrels.judgments.size(); ++t) {
    found.clear();
    qrels.judgments[t].index(found);
    // The subtopic qrels: the same lines, grouped the same way.
    if (subtopics != nullptr) {
      subtopics->topics[t].build_as(qrels.judgments[t].all(), found, subtopic_twice);
      subtopic_twice_topic.resize(subtopic_twice.size(), qrels.topics[t]);
    }
    for (const auto& [later, first] : found) twice.push_back(Twice{t, later, first});
  }
  if (subtopics != nullptr) {
    if (auto error = diversity::report_judged_twice(*subtopics, bytes, subtopic_duplicates,
                                                    subtopic_twice, subtopic_twice_topic)) {
      return *error;
    }
  }
  if (twice.empty()) return qrels;
  const auto line_of = [&](std::size_t topic, std::size_t index) {
    return qrels.judgments[topic].all()[index].line;
  };
  std::sort(twice.begin(), twice.end(), [&](const Twice& a, const Twice& b) {
    return line_of(a.topic, a.later) < line_of(b.topic, b.later);
  });
  int duplicate_count = 0;
  for (const Twice& pair : twice) {
    if (duplicates == Duplicates::highest) {
      qrels.judgments[pair.topic].raise(pair.first,
                                        qrels.judgments[pair.topic].all()[pair.later].grade);
      continue;
    }
    const Judgment& later = qrels.judgments[pair.topic].all()[pair.later];
    const Judgment& first = qrels.judgments[pair.topic].all()[pair.first];
    // The line is found again for the error's column; a duplicate's line is a whole line of
    // `bytes`, so its start is found by looking back from the docno for the line end.
    const std::size_t docno_at = static_cast<std::size_t>(later.docno.data() - bytes.data());
    const std::size_t line_start = bytes.rfind('\n', docno_at);
    const std::size_t begin = line_start == std::string_view::npos ? 0 : line_start + 1;
    std::size_t line_end = bytes.find('\n', docno_at);
    if (line_end == std::string_view::npos) line_end = bytes.size();
    std::string_view whole = bytes.substr(begin, line_end - begin);
    if (begin == 0 && whole.substr(0, 3) == "\xEF\xBB\xBF") whole.remove_prefix(3);
    if (auto error = duplicate(whole, later.line, later.docno, qrels.topics[pair.topic], file_name,
                               first.line, duplicates, duplicate_count, qrels.warnings)) {
      return *error;
    }
  }
  for (std::size_t t = 0; t < qrels.judgments.size(); ++t) {
    std::vector<std::size_t> later;
    for (const Twice& pair : twice) {
      if (pair.topic == t) later.push_back(pair.later);
    }
    if (!later.empty()) qrels.judgments[t].drop(later);
  }
  finish_duplicate_warnings(duplicate_count, file_name, qrels.warnings);
  return qrels;
}

const char* to_string(RelFormat format) {
  switch (format) {
    case RelFormat::qrels:
      return "qrels";
    case RelFormat::prefs:
      return "prefs";
    case RelFormat::qrels_prefs:
      return "qrels_prefs";
    case RelFormat::qrels_jg:
      return "qrels_jg";
  }
  return "qrels";
}

Result<GroupedQrels> read_grouped_qrels(std::string_view bytes, std::string_view file_name,
                                        RelFormat format, bool loose, std::size_t max_topics) {
  constexpr LineShape prefs_shape{5, "qid jg jsg docno level"};
  constexpr LineShape qrels_prefs_shape{4, "qid jg docno level"};
  constexpr LineShape qrels_jg_shape{4, "qid jg docno rel"};
  const LineShape& shape = format == RelFormat::prefs         ? prefs_shape
                           : format == RelFormat::qrels_prefs ? qrels_prefs_shape
                                                              : qrels_jg_shape;
  const bool whole = format == RelFormat::qrels_jg;
  const int level_field = shape.fields - 1;
  const char* const level_name = format == RelFormat::prefs ? "the level (fifth field)"
                                 : whole                    ? "the rel (fourth field)"
                                                            : "the level (fourth field)";
  GroupedQrels qrels;
  qrels.file_name = std::string(file_name);
  qrels.format = format;
  bool loose_warned = false;
  bool negative_warned = false;
  if (auto error = utf16_error(bytes.substr(0, bytes.find('\n')), file_name)) return *error;
  LineReader reader(bytes);
  std::string_view line;
  while (reader.next(line)) {
    const Fields fields = split(line);
    if (skipped(fields)) continue;
    const int number = reader.number();
    if (auto error = check_count(fields, line, number, file_name, shape)) return *error;
    const std::string_view token = fields.text[level_field];
    std::optional<double> level;
    if (whole) {
      std::optional<int> grade = parse_int(token);
      if (!grade && loose && !is_whole_number(token)) {
        grade = leading_int(token);
        if (grade && !loose_warned) {
          loose_warned = true;
          qrels.warnings.push_back(
              loose_warning(line, number, token, file_name, "the rel", std::to_string(*grade)));
        }
      }
      if (grade) level = *grade;
    } else if (is_decimal(token)) {
      level = parse_score(token, Compat::current);
    } else if (loose) {
      level = leading_score(token, Compat::current);
      if (level && !loose_warned) {
        loose_warned = true;
        qrels.warnings.push_back(
            loose_warning(line, number, token, file_name, "the level", number_text(*level)));
      }
    }
    if (!level) {
      return number_error(
          line, number, token, file_name,
          std::string(level_name) + (whole ? ", a whole number such as 0, 1, 2 or -1"
                                           : ", a number such as 0, 1, 2.5 (0: not relevant)"));
    }
    if (!whole && *level < 0 && !negative_warned) {
      negative_warned = true;
      const Span span = span_of(line, number, token);
      qrels.warnings.push_back(
          std::string(file_name) + ":" + std::to_string(span.line) + ":" +
          std::to_string(span.column) + ": level " + text::quoted(token) +
          " is below 0, and trec_eval's preference formats expect levels of 0 or more: such a "
          "document counts as non-relevant in a judgment group of one subgroup, as neither "
          "relevant nor non-relevant in one of several, and prefs_avgjg_Rnonrel can differ from "
          "trec_eval's (which then reads past the end of its tables)");
    }
    const std::string_view topic = fields.text[0];
    auto [it, inserted] = qrels.topic_index.try_emplace(topic, qrels.topics.size());
    if (inserted) {
      if (qrels.topics.size() >= max_topics) {
        const std::string limit = with_thousands(max_topics);
        return InputError{ErrorCode::out_of_range,
                          std::string(file_name) + " has more than " + limit + " topics (topic " +
                              text::quoted(topic) + " at line " + std::to_string(number) +
                              " is one too many); irmetrics trec holds at most " + limit +
                              " topics in memory, far more than the qrels of any TREC track",
                          span_of(line, number, topic)};
      }
      qrels.topics.push_back(topic);
      qrels.judgments.emplace_back();
    }
    const bool prefs = format == RelFormat::prefs;
    qrels.judgments[it->second].push_back(
        GroupJudgment{fields.text[1], prefs ? fields.text[2] : std::string_view("0"),
                      fields.text[prefs ? 3 : 2], *level, number});
  }
  if (qrels.topics.empty()) {
    return InputError{
        ErrorCode::empty_input,
        std::string(file_name) + " has no judgment lines; expected lines of " + shape_text(shape),
        Span{}};
  }
  if (whole) {
    // trec_eval's qrels_jg reader stops at a docno given twice in one judgment group.
    std::vector<const GroupJudgment*> order;
    for (std::size_t t = 0; t < qrels.topics.size(); ++t) {
      order.clear();
      for (const GroupJudgment& j : qrels.judgments[t]) order.push_back(&j);
      std::stable_sort(order.begin(), order.end(),
                       [](const GroupJudgment* a, const GroupJudgment* b) {
                         return a->jg != b->jg ? a->jg < b->jg : a->docno < b->docno;
                       });
      for (std::size_t i = 1; i < order.size(); ++i) {
        const GroupJudgment& first = *order[i - 1];
        const GroupJudgment& later = *order[i];
        if (first.jg != later.jg || first.docno != later.docno) continue;
        const std::size_t at = static_cast<std::size_t>(later.docno.data() - bytes.data());
        const std::size_t start = bytes.rfind('\n', at);
        const std::size_t begin = start == std::string_view::npos ? 0 : start + 1;
        std::size_t end = bytes.find('\n', at);
        if (end == std::string_view::npos) end = bytes.size();
        return InputError{
            ErrorCode::bad_token,
            twice_text(later.docno, qrels.topics[t], file_name, first.line, later.line) +
                ", both in judgment group " + text::quoted(later.jg) +
                "; trec_eval stops here: give each document once per judgment group",
            span_of(bytes.substr(begin, end - begin), later.line, later.docno)};
      }
    }
  }
  return qrels;
}

void TopicJudgments::index(std::vector<std::pair<std::size_t, std::size_t>>& twice) {
  std::size_t size = 16;
  while (size < judgments_.size() * 2) size *= 2;
  slots_.assign(size, 0);
  const std::size_t mask = size - 1;
  for (std::size_t i = 0; i < judgments_.size(); ++i) {
    const std::string_view docno = judgments_[i].docno;
    std::size_t at = hash_text(docno) & mask;
    bool given = false;
    while (slots_[at] != 0) {
      const std::size_t other = slots_[at] - 1;
      if (same_text(judgments_[other].docno, docno)) {
        twice.emplace_back(i, other);
        given = true;
        break;
      }
      at = (at + 1) & mask;
    }
    if (!given) slots_[at] = static_cast<std::uint32_t>(i + 1);
  }
}

void TopicJudgments::drop(const std::vector<std::size_t>& indexes) {
  std::vector<bool> dropped(judgments_.size(), false);
  for (const std::size_t i : indexes) dropped[i] = true;
  std::vector<Judgment> kept;
  kept.reserve(judgments_.size() - indexes.size());
  for (std::size_t i = 0; i < judgments_.size(); ++i) {
    if (!dropped[i]) kept.push_back(judgments_[i]);
  }
  judgments_ = std::move(kept);
  std::vector<std::pair<std::size_t, std::size_t>> none;
  index(none);
}

const Judgment* TopicJudgments::find(std::string_view docno) const {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = hash_text(docno) & mask;
  while (slots_[at] != 0) {
    const Judgment& judgment = judgments_[slots_[at] - 1];
    if (same_text(judgment.docno, docno)) return &judgment;
    at = (at + 1) & mask;
  }
  return nullptr;
}

void DocnoSet::clear() {
  members_.clear();
  if (++generation_ == 0) {  // after 2^32 blocks: start the stamps again
    std::fill(slots_.begin(), slots_.end(), Slot{});
    generation_ = 1;
  }
}

void DocnoSet::grow(const std::vector<ScoredDoc>& docs) {
  const std::size_t size = std::max<std::size_t>(64, slots_.size() * 2);
  slots_.assign(size, Slot{});
  generation_ = 1;
  const std::size_t mask = size - 1;
  for (const std::uint32_t index : members_) {
    std::size_t at = hash_text(docs[index].docno) & mask;
    while (slots_[at].generation == generation_) at = (at + 1) & mask;
    slots_[at] = Slot{generation_, index};
  }
}

std::ptrdiff_t DocnoSet::find_or_add(const std::vector<ScoredDoc>& docs, std::size_t index) {
  if ((members_.size() + 1) * 2 > slots_.size()) grow(docs);
  const std::size_t mask = slots_.size() - 1;
  const std::string_view docno = docs[index].docno;
  std::size_t at = hash_text(docno) & mask;
  while (slots_[at].generation == generation_) {
    if (same_text(docs[slots_[at].index].docno, docno)) return slots_[at].index;
    at = (at + 1) & mask;
  }
  slots_[at] = Slot{generation_, static_cast<std::uint32_t>(index)};
  members_.push_back(static_cast<std::uint32_t>(index));
  return -1;
}

std::string_view StableText::keep(std::string_view text) {
  // Blocks grow from 16 KB to 1 MB: a small file takes little, a large one few blocks.
  constexpr std::size_t first_block = std::size_t{1} << 14;
  constexpr std::size_t largest_block = std::size_t{1} << 20;
  if (text.size() > room_) {
    // The next block that is big enough: a reused one, or a new one.
    while (current_ < blocks_.size() && blocks_[current_].size < text.size()) ++current_;
    if (current_ == blocks_.size()) {
      const std::size_t grown = first_block << std::min<std::size_t>(blocks_.size(), 6);
      const std::size_t size = std::max(std::min(grown, largest_block), text.size());
      // Not value-initialised: every byte is written before it is read.
      blocks_.push_back(Block{std::unique_ptr<char[]>(new char[size]), size});
    }
    next_ = blocks_[current_].bytes.get();
    room_ = blocks_[current_].size;
    ++current_;
  }
  if (!text.empty()) std::memcpy(next_, text.data(), text.size());
  const std::string_view kept(next_, text.size());
  next_ += text.size();
  room_ -= text.size();
  used_ += text.size();
  return kept;
}

void StableText::reuse() {
  current_ = 0;
  room_ = 0;
  used_ = 0;
  next_ = nullptr;
}

RunReader::RunReader(std::string_view file_name, Compat compat, Duplicates duplicates,
                     std::size_t max_documents)
    : compat_(compat), duplicates_(duplicates), max_documents_(max_documents) {
  run_.file_name = std::string(file_name);
}

std::optional<InputError> RunReader::feed(std::string_view piece) {
  if (failed_ || restart_needed_) return failed_;
  // A streaming reader must ask for its restart while it is still fed: a last line without a
  // final '\n' is read only by finish(), too late to begin again. The topic of the line left
  // open is known as soon as its first field is complete.
  const auto check_open_topic = [this] {
    if (!sink_ || run_.topics.empty()) return;
    std::size_t start = 0;
    while (start < open_line_.size() && is_blank(open_line_[start])) ++start;
    std::size_t end = start;
    while (end < open_line_.size() && !is_blank(open_line_[end])) ++end;
    if (end == open_line_.size() || open_line_[start] == '#') return;
    const std::string_view topic = std::string_view(open_line_).substr(start, end - start);
    if (!same_text(topic, last_topic_) && run_.topic_index.count(topic) != 0) {
      restart_needed_ = true;
    }
  };
  bytes_read_ += piece.size();
  std::size_t position = 0;
  if (!open_line_.empty()) {
    const std::size_t end = piece.find('\n');
    if (end == std::string_view::npos) {
      open_line_.append(piece);
      check_open_topic();
      return std::nullopt;
    }
    open_line_.append(piece.substr(0, end));
    const std::string line = std::move(open_line_);
    open_line_.clear();
    if ((failed_ = read_line(line))) return failed_;
    if (restart_needed_) return std::nullopt;
    position = end + 1;
  }
  while (position < piece.size() && !restart_needed_) {
    const std::size_t end = piece.find('\n', position);
    if (end == std::string_view::npos) {
      open_line_.assign(piece.substr(position));
      check_open_topic();
      break;
    }
    if ((failed_ = read_line(piece.substr(position, end - position)))) return failed_;
    position = end + 1;
  }
  return std::nullopt;
}

std::optional<InputError> RunReader::read_line(std::string_view line) {
  const int number = ++line_number_;
  if (number == 1) {
    if (auto error = utf16_error(line, run_.file_name)) return error;
  }
  // A byte-order mark is invisible in an editor: skip it (here, as it may span two pieces).
  if (number == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
  const Fields fields = split(line);
  if (skipped(fields)) return std::nullopt;
  const std::string_view file_name = run_.file_name;
  // A lone CR (old Mac line ends) makes the whole file one line: that stays an error, as the
  // lines after the first would be ignored without a word.
  if (as_trec_eval_ && fields.count > run_shape.fields &&
      line.substr(0, static_cast<std::size_t>(fields.text[run_shape.fields].data() - line.data()))
              .find('\r') == std::string_view::npos) {
    // trec_eval stops reading a run line at its sixth field; so does this, saying so once.
    if (extra_field_lines_++ == 0) {
      const std::string_view extra = fields.text[run_shape.fields];
      const Span span = span_of(line, number, rest_of_line(line, extra));
      run_.warnings.push_back(std::string(file_name) + ":" + std::to_string(span.line) + ":" +
                              std::to_string(span.column) + ": ignored the fields after the " +
                              "tag, from " + text::quoted(extra) + " at " + where(span, file_name) +
                              " (and on any later line), as trec_eval does; --strict refuses "
                              "them");
    }
    Fields six = fields;
    six.count = run_shape.fields;
    if (auto error = check_count(six, line, number, file_name, run_shape)) return error;
  } else if (auto error = check_count(fields, line, number, file_name, run_shape)) {
    return error;
  }
  const std::optional<int> rank = whole_rank(fields.text[3]);
  if (!rank) {
    if (!as_trec_eval_ || need_ranks_) {
      return number_error(line, number, fields.text[3], file_name,
                          need_ranks_ ? "the rank (fourth field), a whole number: --ties rank "
                                        "orders the documents by it"
                                      : "the rank (fourth field), a whole number");
    }
    // trec_eval never reads the rank column (documents are ranked by score): nor does this.
    if (loose_rank_lines_++ == 0) {
      const Span span = span_of(line, number, fields.text[3]);
      run_.warnings.push_back(std::string(file_name) + ":" + std::to_string(span.line) + ":" +
                              std::to_string(span.column) + ": the rank " +
                              text::quoted(fields.text[3]) + " at " + where(span, file_name) +
                              " is not a whole number; ignored (and any later such rank), as "
                              "trec_eval ignores the rank column; --strict refuses it");
    }
  }
  double score = 0;
  const bool simple = compat_ == Compat::current && simple_score(fields.text[4], score);
  std::optional<double> loose_score;
  if (!simple && !is_decimal(fields.text[4])) {
    if (as_trec_eval_) loose_score = leading_score(fields.text[4], compat_);
    if (!loose_score) {
      return number_error(line, number, fields.text[4], file_name,
                          "the score (fifth field), a number such as 12.5, -3 or 1e-4");
    }
    if (loose_score_lines_++ == 0) {
      run_.warnings.push_back(loose_warning(line, number, fields.text[4], file_name, "the score",
                                            number_text(*loose_score)));
    }
  }
  const std::string_view topic = fields.text[0];
  if (run_.topics.empty() || !same_text(topic, last_topic_)) {
    if (!run_.topics.empty()) {
      topic_closed_[current_] = true;
      if (sink_) close_block();
    }
    const auto found = run_.topic_index.find(topic);
    if (found == run_.topic_index.end()) {
      const std::string_view kept = run_.text.keep(topic);
      const std::size_t previous_size = run_.topics.empty() ? 0 : run_.topics.back().docs.size();
      current_ = run_.topics.size();
      run_.topic_index.emplace(kept, current_);
      run_.topics.push_back(RunTopic{kept, std::move(spare_)});
      spare_ = {};
      // Topics of a run are mostly the same length: room for as many as the last one had.
      run_.topics.back().docs.reserve(previous_size);
      topic_closed_.push_back(false);
    } else if (sink_) {
      // Its documents went to the sink already: only a reader that keeps them all can merge.
      restart_needed_ = true;
      return std::nullopt;
    } else {
      current_ = found->second;
      // The topic came back after another one: its earlier lines are no longer in
      // block_docnos_, so its duplicates are looked for again at the end.
      if (topic_closed_[current_] &&
          std::find(fragmented_.begin(), fragmented_.end(), current_) == fragmented_.end()) {
        fragmented_.push_back(current_);
      }
    }
    last_topic_ = run_.topics[current_].topic;
    block_docnos_.clear();
  }
  // The tag of the last line is the run id, as in trec_eval; keeping it costs a copy only when
  // it changes.
  if (!same_text(fields.text[5], run_.run_id)) run_.run_id = run_.text.keep(fields.text[5]);
  const std::string_view docno = fields.text[2];
  if (held_ >= max_documents_) {
    const std::string limit = with_thousands(max_documents_);
    return InputError{ErrorCode::out_of_range,
                      std::string(file_name) + " has more than " + limit +
                          " documents to hold at once at line " + std::to_string(number) +
                          (sink_ ? " (topic " + text::quoted(topic) + " alone has that many)"
                                 : " (a run read whole, as from a pipe, holds all its topics)") +
                          "; irmetrics trec holds at most " + limit +
                          " so that memory does not run out. Give the run as a file, so that "
                          "it is read topic by topic, or split it",
                      Span{number, 1, 1}, Field::input};
  }
  ++held_;
  std::vector<ScoredDoc>& docs = run_.topics[current_].docs;
  // The docno is kept before the duplicate check so that the set can point at it; a duplicate
  // leaves its few bytes unused.
  StableText& text = sink_ ? block_text_ : run_.text;
  docs.push_back(ScoredDoc{text.keep(docno),
                           simple        ? score
                           : loose_score ? *loose_score
                                         : parse_score(fields.text[4], compat_),
                           number, rank.value_or(0)});
  const std::ptrdiff_t seen = block_docnos_.find_or_add(docs, docs.size() - 1);
  if (seen >= 0 && !defer_duplicates_) {
    docs.pop_back();
    --held_;
    if (auto error = duplicate(line, number, docno, topic, file_name,
                               docs[static_cast<std::size_t>(seen)].line, duplicates_,
                               duplicate_count_, run_.warnings)) {
      return error;
    }
  }
  return std::nullopt;
}

// A topic whose lines are split into blocks is checked as a whole: sorted by docno, duplicates
// sit side by side. The first duplicate in file order is the one reported.
std::optional<InputError> RunReader::check_fragmented_topics() {
  if (defer_duplicates_) return std::nullopt;  // the evaluation checks the first -M documents
  for (const std::size_t index : fragmented_) {
    std::vector<ScoredDoc>& docs = run_.topics[index].docs;
    std::vector<std::size_t> order(docs.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return docs[a].docno < docs[b].docno; });
    std::vector<int> kept_line(docs.size(), 0);  // for a dropped line: the line kept instead
    const ScoredDoc* first_error = nullptr;
    const ScoredDoc* first_of_error = nullptr;
    for (std::size_t k = 1; k < order.size(); ++k) {
      const ScoredDoc& earlier = docs[order[k - 1]];
      const ScoredDoc& later = docs[order[k]];
      if (earlier.docno != later.docno) continue;
      // stable_sort keeps file order among equal docnos; chains compare with their first.
      std::size_t first = k - 1;
      while (first > 0 && docs[order[first - 1]].docno == later.docno) --first;
      const ScoredDoc& kept = docs[order[first]];
      if (first_error == nullptr || later.line < first_error->line) {
        first_error = &later;
        first_of_error = &kept;
      }
      kept_line[order[k]] = kept.line;
    }
    if (first_error == nullptr) continue;
    const std::string twice = twice_text(first_error->docno, run_.topics[index].topic,
                                         run_.file_name, first_of_error->line, first_error->line);
    if (duplicates_ == Duplicates::error) {
      return InputError{ErrorCode::bad_token,
                        twice +
                            "; trec_eval stops here: give each document once per topic, or "
                            "choose to keep the first occurrence",
                        Span{}};
    }
    std::vector<ScoredDoc> kept_docs;
    kept_docs.reserve(docs.size());
    for (std::size_t i = 0; i < docs.size(); ++i) {
      if (kept_line[i] == 0) {
        kept_docs.push_back(docs[i]);
      } else if (++duplicate_count_ <= max_duplicate_warnings) {
        run_.warnings.push_back(twice_text(docs[i].docno, run_.topics[index].topic, run_.file_name,
                                           kept_line[i], docs[i].line) +
                                "; kept line " + std::to_string(kept_line[i]));
      }
    }
    docs = std::move(kept_docs);
  }
  return std::nullopt;
}

// Hands the current topic's documents to the sink, and keeps their vector for the next topic.
void RunReader::close_block() {
  held_ = 0;  // a streamed topic's documents go to the sink
  RunTopic& topic = run_.topics[current_];
  sink_(topic.topic, topic.docs);
  spare_ = std::move(topic.docs);
  spare_.clear();
  topic.docs = {};
  block_text_.reuse();
}

Result<Run> RunReader::finish() {
  if (failed_) return *failed_;
  if (!open_line_.empty() && !restart_needed_) {
    const std::string line = std::move(open_line_);
    open_line_.clear();
    if ((failed_ = read_line(line))) return *failed_;
  }
  if (restart_needed_) {
    return InputError{ErrorCode::bad_token,
                      "a topic of " + run_.file_name +
                          " comes back after another topic's lines; read it again without "
                          "streaming",
                      Span{}};
  }
  if (sink_ && !run_.topics.empty()) close_block();
  if ((failed_ = check_fragmented_topics())) return *failed_;
  if (run_.topics.empty()) {
    return InputError{
        ErrorCode::empty_input,
        run_.file_name + " has no run lines; expected lines of " + shape_text(run_shape), Span{}};
  }
  finish_duplicate_warnings(duplicate_count_, run_.file_name, run_.warnings);
  block_docnos_ = DocnoSet{};
  return std::move(run_);
}

Result<Run> read_run(std::string_view bytes, std::string_view file_name, Compat compat,
                     Duplicates duplicates) {
  RunReader reader(file_name, compat, duplicates);
  if (auto error = reader.feed(bytes)) return *error;
  return reader.finish();
}

std::vector<RankedTopic> rank_topics(const Run& run) {
  std::vector<RankedTopic> ranked;
  ranked.reserve(run.topics.size());
  std::vector<const ScoredDoc*> order;
  for (const RunTopic& topic : run.topics) {
    order.clear();
    for (const ScoredDoc& doc : topic.docs) order.push_back(&doc);
    // The order is total (docnos are unique in a topic): std::sort needs no stability.
    std::sort(order.begin(), order.end(),
              [](const ScoredDoc* a, const ScoredDoc* b) { return ranks_before(*a, *b); });
    RankedTopic out{topic.topic, {}};
    out.docnos.reserve(order.size());
    for (const ScoredDoc* doc : order) out.docnos.push_back(doc->docno);
    ranked.push_back(std::move(out));
  }
  return ranked;
}

std::int64_t count_relevant(const TopicJudgments& judgments, int level) {
  std::int64_t count = 0;
  for (const Judgment& judgment : judgments.all()) {
    if (is_relevant(judgment.grade, level)) ++count;
  }
  return count;
}

}  // namespace irm
