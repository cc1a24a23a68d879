// "Check my answer": judges a typed answer at the precision it was typed, and when it is wrong,
// finds the convention or common slip that reproduces it.
//
// Judging: a decimal with d decimals is right when the value rounds (half away from zero) to it
// at d decimals: 0.62 and 0.6 are right for 28/45 = 0.6222…, 0.63 is not. A percentage is a
// decimal with two more places (62.2% is judged as 0.622). A fraction or a whole number must be
// equal to the value (6/14 is right for 3/7; no fraction equals an irrational value).
//
// A wrong answer is compared, at the same precision, with
//   1. the measure's other conventions: the Outcome's alternatives, which the measure computes
//      from the registry's parameter choices (AP norm=, dcg=, kappa chance=, tau variant=,
//      bpref variant=, interpolation rule=), named "<measure>.<param>_<choice>";
//   2. the catalogue below: slips students make with each measure (AP@k over k, P@k over the
//      documents retrieved, DCG with ln, κ with rounded intermediates, F with β and 1/β
//      swapped, ERR with the linear gain g/max, RBP without its 1 − p, INST's C_i not squared,
//      Compat's overlap not divided by the depth, alpha-nDCG without the redundancy (1 − α)^c,
//      ERR-IA summed over the subtopics, S-recall over the documents, bpref counting unjudged
//      documents as non-relevant, τ counting tied pairs, the paired t-test's p from a two-sample
//      test, the sign test keeping its ties in n, EER as (FPR + FNR)/2 at the nearest ROC
//      point, …), each computed here
//      from the Outcome's named values, the parsed input, or the measure recomputed with one
//      parameter changed (α = 0); a recipe that recomputes a measure is used only when it gives
//      the measure's own value without the slip (a guard against drifting from the measure's
//      file);
//   3. slips with any value: truncated instead of rounded, rounded twice (to 4 or 3 decimals
//      first), the sign lost;
//   4. intermediates rounded to 2 decimals (the measures whose recipe is known);
//   5. another named quantity of the same Outcome (precision typed where recall is asked).
// The first one that gives the answer is reported with a sentence saying what to change. A
// candidate equal to the right value at the typed precision is skipped (it cannot be told apart).
//
// A named quantity (a key of Outcome.values: confusion's "precision", ttest's "t") can be checked
// instead of the measure's own value; it is compared with the slips of 3 and 5 only (the
// conventions and the catalogue are about the measure's value), unless it is that value.
//
// When nothing gives the answer, `hint` says which intermediate quantity to check, from the
// input and the quantities' names only: for AP, the one precision whose slip (i/(k±1), (i±1)/k,
// left out, a non-relevant rank counted) gives the answer, when exactly one rank does; else each
// measure's quantities in the order they are worked out.
//
// Golden tests: tests/core/check_test.cpp (relevant-at-2-4-6-ap, relevant-at-2-4-6, method-1-ap,
// capitals-method-1-dcg, kappa-40-documents, kappa-40-documents-pooled, fleiss-14-raters,
// sets-d1-to-d8, TAU, err-cascade-3-2-0-4, rbp-band-1-0-1-1, inst-1, compat-2-0-1-0,
// diversity-3-docs-2-subtopics, diversity-unretrieved, …). Sources of the newer families' slips:
// Chapelle, Metzler, Zhang and Grinspan, "Expected reciprocal rank for graded relevance" (CIKM
// 2009) for ERR's R = (2^g − 1)/2^max; Moffat and Zobel, "Rank-biased precision for measurement
// of retrieval effectiveness" (TOIS 2008); Moffat, Scholer and Thomas, "Models and metrics: IR
// evaluation as a user process" (ADCS 2012) for INSQ's C_i, which INST's T_i refines (Moffat,
// Bailey, Scholer and Thomas, ADCS 2015); Clarke et al., "Novelty and diversity in information
// retrieval evaluation" (SIGIR 2008) for alpha-nDCG's log2(r + 1).

#include "irm/check.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>

#include "check_slips.h"
#include "irm/distributions.h"
#include "irm/graded.h"
#include "irm/inputs.h"
#include "irm/scores.h"
#include "irm/subtopics.h"
#include "parse/text.h"

namespace irm {
namespace {

constexpr int kMaxDigits = 15;

// --- the answer ------------------------------------------------------------------------------

// The character starting at byte `pos`: its UTF-8 sequence, or the one byte that is not UTF-8.
std::string code_point_at(std::string_view s, std::size_t pos) {
  return std::string(s.substr(pos, text::character_length(s, pos)));
}

const char* const kExpected =
    "a decimal such as 0.62, a fraction such as 28/45 or a percentage such as 62.2%";

// A double printed in full has 17 significant digits (0.41666666666666663 for 5/12); answers
// with more than 15 are judged at 15, where every double's printout agrees with the value.
constexpr int kMaxSignificant = 17;
constexpr int kJudgedSignificant = 15;
// 10^18 is the largest power of ten a 64-bit Fraction's denominator holds.
constexpr int kMaxDecimals = 18;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// An answer's value written as a decimal: "0.62", "-0.09", "1", "0.500000000000000000" (leading
// zeros and trailing decimal zeros do not count against parse_decimal's 18 digits). Empty when it
// is not one.
std::optional<Fraction> decimal_value(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const bool negative = text[0] == '-';
  std::string digits = negative ? text.substr(1) : text;
  if (digits.find('.') != std::string::npos) {
    while (!digits.empty() && digits.back() == '0') digits.pop_back();
  }
  const std::size_t first = digits.find_first_not_of('0');
  digits = first == std::string::npos ? "0" : digits.substr(first);
  if (digits == ".") digits = "0";
  const auto magnitude = parse_decimal(digits);
  if (!magnitude) return std::nullopt;
  return negative ? Fraction{-magnitude->num, magnitude->den} : *magnitude;
}

// The length of an ellipsis at `pos`: 3 for "..." or "…" (U+2026, three bytes), else 0.
std::size_t ellipsis_at(std::string_view s, std::size_t pos) {
  if (s.substr(pos, 3) == "..." || s.substr(pos, 3) == "\xE2\x80\xA6") return 3;
  return 0;
}

}  // namespace

Result<Answer> parse_answer(std::string_view raw) {
  std::size_t begin = 0;
  std::size_t end = raw.size();
  while (begin < end && is_space(raw[begin])) ++begin;
  while (end > begin && is_space(raw[end - 1])) --end;
  const std::string_view s = raw.substr(begin, end - begin);
  const int lead = text::code_points(raw.substr(0, begin));
  const auto column = [&](std::size_t pos) {
    return lead + text::code_points(s.substr(0, pos)) + 1;
  };
  const auto column_text = [&](std::size_t pos) { return std::to_string(column(pos)); };
  const auto error = [&](ErrorCode code, std::size_t pos, std::size_t length, std::string message) {
    return InputError{code, std::move(message),
                      Span{1, column(pos), std::max(1, text::code_points(s.substr(pos, length)))},
                      Field::answer};
  };
  const auto found = [&](std::size_t pos) {
    return pos < s.size() ? "'" + code_point_at(s, pos) + "'"
                          : std::string("the end of the answer");
  };
  // Spaces before '/' or '%' ("7 / 12", "45 %"), skipped only when one of them follows.
  const auto skip_spaces_before = [&](std::size_t pos, std::string_view marks) {
    std::size_t next = pos;
    while (next < s.size() && s[next] == ' ') ++next;
    return next < s.size() && marks.find(s[next]) != std::string_view::npos ? next : pos;
  };
  if (s.empty()) {
    return InputError{ErrorCode::empty_input, std::string("type your answer: ") + kExpected, Span{},
                      Field::answer};
  }

  std::size_t pos = 0;
  bool negative = false;
  if (s[pos] == '-') {
    negative = true;
    pos = 1;
  } else if (s.substr(0, 3) == "\xE2\x88\x92") {  // U+2212 MINUS SIGN
    negative = true;
    pos = 3;
  }
  // A number: digits, optionally a point and more digits.
  const std::size_t number_start = pos;
  std::string digits;
  int decimals = 0;
  bool point = false;
  while (pos < s.size() && ((s[pos] >= '0' && s[pos] <= '9') || (s[pos] == '.' && !point))) {
    // "41..." is 41 and an ellipsis, not 41. and two dots.
    if (s[pos] == '.' && ellipsis_at(s, pos)) break;
    if (s[pos] == '.') {
      point = true;
    } else {
      digits += s[pos];
      if (point) ++decimals;
    }
    ++pos;
  }
  if (digits.empty()) {
    return error(ErrorCode::bad_number, number_start, 1,
                 "expected a number at column " + column_text(number_start) + ", found " +
                     found(number_start) + "; type " + kExpected);
  }
  const auto too_long = [&](std::size_t from) {
    return error(ErrorCode::out_of_range, from, s.size() - from,
                 "the answer has more than " + std::to_string(kMaxDigits) +
                     " digits; type at most " + std::to_string(kMaxDigits));
  };
  const std::string number_text(s.substr(number_start, pos - number_start));

  Answer answer;
  answer.text = std::string(s);
  const std::size_t slash = skip_spaces_before(pos, "/");
  if (slash < s.size() && s[slash] == '/') {
    if (point) {
      return error(ErrorCode::bad_number, number_start, pos - number_start,
                   "a fraction needs a whole number before '/'; found '" + number_text +
                       "' at column " + column_text(number_start));
    }
    if (digits.size() > kMaxDigits) return too_long(number_start);
    pos = slash + 1;
    while (pos < s.size() && s[pos] == ' ') ++pos;
    const std::size_t den_start = pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
    if (pos == den_start) {
      return error(ErrorCode::bad_number, den_start, 1,
                   "expected a whole number after '/' at column " + column_text(den_start) +
                       ", found " + found(den_start));
    }
    if (pos - den_start > kMaxDigits) return too_long(den_start);
    const auto numerator = parse_decimal(number_text);
    const auto den = parse_decimal(std::string(s.substr(den_start, pos - den_start)));
    if (!den || den->num == 0) {
      return error(
          ErrorCode::bad_number, den_start, pos - den_start,
          "a fraction cannot have 0 as its denominator (column " + column_text(den_start) + ")");
    }
    const auto quotient = numerator
                              ? divide(negative ? Fraction{-numerator->num, 1} : *numerator, *den)
                              : std::nullopt;
    if (!quotient) return too_long(den_start);
    answer.form = Answer::Form::fraction;
    answer.value = *quotient;
    answer.decimals = 0;
  } else {
    // An ellipsis after the decimals: they are the value's first digits. Two dots, or four, are
    // a slip of the keyboard, said as such.
    std::size_t ellipsis = ellipsis_at(s, pos);
    if (!ellipsis && pos < s.size() && s[pos] == '.') {
      std::size_t dots = pos;
      while (dots < s.size() && s[dots] == '.') ++dots;
      return error(ErrorCode::bad_number, pos, dots - pos,
                   "found '" + std::string(s.substr(pos, dots - pos)) + "' at column " +
                       column_text(pos) + "; an ellipsis is three dots, as in 0.41..., or '…'");
    }
    if (ellipsis && decimals == 0) {
      return error(ErrorCode::bad_number, pos, ellipsis,
                   "found an ellipsis at column " + column_text(pos) +
                       " with no decimals before it; type the first decimals of the value and "
                       "then the ellipsis, as in 0.41...");
    }
    if (ellipsis && s.substr(pos + ellipsis, 1) == ".") {
      return error(ErrorCode::bad_number, pos, ellipsis + 1,
                   "found '....' at column " + column_text(pos) +
                       "; an ellipsis is three dots, as in 0.41..., or '…'");
    }
    answer.prefix = ellipsis > 0;
    // Significant digits: from the first that is not 0. More than 15 (a program's float output)
    // are judged at 15: the digits past them are rounded off, or cut off for an ellipsis.
    if (!point && digits.size() > kMaxDigits) return too_long(number_start);
    const std::size_t first = digits.find_first_not_of('0');
    const int significant =
        first == std::string::npos ? 0 : static_cast<int>(digits.size() - first);
    if (significant > kMaxSignificant) {
      return error(ErrorCode::out_of_range, number_start, pos - number_start,
                   "the answer has more than " + std::to_string(kMaxSignificant) +
                       " significant digits; type at most " + std::to_string(kMaxSignificant));
    }
    int judged = decimals;
    std::string kept = digits;
    bool round_up = false;
    if (significant > kJudgedSignificant) {
      const auto dropped = static_cast<std::size_t>(significant - kJudgedSignificant);
      judged = decimals - static_cast<int>(dropped);
      if (judged < 0) return too_long(number_start);
      kept = digits.substr(0, digits.size() - dropped);
      round_up = !answer.prefix && digits[kept.size()] >= '5';
      if (!answer.prefix) answer.significant = kJudgedSignificant;
    }
    if (judged > kMaxDecimals) {
      return error(ErrorCode::out_of_range, number_start, pos - number_start,
                   "the answer has more than " + std::to_string(kMaxDecimals) +
                       " decimals; type at most " + std::to_string(kMaxDecimals));
    }
    // At most 15 significant digits and 18 decimals are left: the whole number `kept` fits.
    std::int64_t scaled = 0;
    for (const char digit : kept) scaled = scaled * 10 + (digit - '0');
    if (round_up) ++scaled;
    std::int64_t scale = 1;
    for (int i = 0; i < judged; ++i) scale *= 10;
    const auto value = make_fraction(negative ? -scaled : scaled, scale);
    if (!value) return too_long(number_start);
    pos += ellipsis;
    const std::size_t percent = skip_spaces_before(pos, "%");
    if (percent < s.size() && s[percent] == '%') {
      pos = percent + 1;
      const auto proportion = divide(*value, Fraction{100, 1});
      if (!proportion) return too_long(number_start);
      answer.form = Answer::Form::percentage;
      answer.value = *proportion;
      answer.decimals = judged + 2;
    } else {
      answer.form = Answer::Form::decimal;
      answer.value = *value;
      answer.decimals = judged;
    }
  }
  if (pos < s.size()) {
    if (s[pos] == ',') {
      return error(ErrorCode::bad_number, pos, 1,
                   "found ',' at column " + column_text(pos) +
                       "; write the decimal point as '.', e.g. 0.62");
    }
    const std::string allowed = answer.form != Answer::Form::decimal ? "the end of the answer"
                                : answer.prefix ? "'%' or the end of the answer"
                                                : "a digit, '/', '%' or '...'";
    return error(
        ErrorCode::bad_number, pos, 1,
        "expected " + allowed + " at column " + column_text(pos) + ", found " + found(pos));
  }
  return answer;
}

namespace checking {
namespace {

// --- judging -----------------------------------------------------------------------------------

bool exact_answer(const Answer& a) { return a.decimals == 0; }

// The value rounded (half away from zero) to `decimals`, or cut off there.
std::optional<Fraction> at_decimals(const Number& value, int decimals, bool cut) {
  return decimal_value(cut ? to_decimal_truncated(value, decimals) : to_decimal(value, decimals));
}

}  // namespace

// The helpers check_slips.h shares with the families' slips and hints.

// Whether `value` gives the answer at the answer's precision: equal to a fraction or a whole
// number; rounded to a decimal's decimals; cut off at them for an ellipsis ("0.41..." is any
// value from 0.41 up to, not including, 0.42).
bool gives(const Answer& a, const Number& value) {
  if (exact_answer(a)) {
    if (value.exact) return *value.exact == a.value;
    const double typed = to_double(a.value);
    return std::fabs(value.approx - typed) <= 1e-9 * std::max(1.0, std::fabs(typed));
  }
  const auto shown = at_decimals(value, a.decimals, a.prefix);
  return shown && *shown == a.value;
}

Number rounded2(const Number& n) {
  const auto f = decimal_value(to_decimal(n, 2));
  return f ? exact_number(*f) : n;
}

const Number* value_of(const Outcome& o, std::string_view key) {
  for (const auto& [name, number] : o.values) {
    if (name == key) return &number;
  }
  return nullptr;
}

// Whether two Numbers are the same quantity: equal fractions, or the same double when either
// has no exact form.
bool same_number(const Number& a, const Number& b) {
  if (a.exact && b.exact) return *a.exact == *b.exact;
  return a.approx == b.approx;
}

// Whether two causes give the same value: equal fractions, or doubles equal but for the last
// bits of arithmetic done in another order (a slip's DCG against dcg.cpp's).
bool close_numbers(const Number& a, const Number& b) {
  if (a.exact && b.exact) return *a.exact == *b.exact;
  return std::fabs(a.approx - b.approx) <= 1e-12 * std::max(1.0, std::fabs(a.approx));
}

// Whether the answer is the value rounded to fewer decimals than typed, padded with zeros
// ("0.3600" for 0.3611 is 0.36 written to 4 decimals).
bool padded_rounding(const Answer& a, const Number& value) {
  for (int fewer = 0; fewer < a.decimals; ++fewer) {
    const auto rounded = decimal_value(to_decimal(value, fewer));
    if (rounded && *rounded == a.value) return true;
  }
  return false;
}

std::string list_text(const std::vector<std::string>& items, std::size_t keep) {
  return list_of(
      items.size(), [&](std::size_t i) { return items[i]; }, keep);
}

// A numeric parameter of the call as a fraction ("0.8" → 4/5); empty when it has none.
std::optional<Fraction> param_fraction(const Context& c, std::string_view name) {
  const std::string& text = c.call.param(name);
  if (text.empty()) return std::nullopt;
  return parse_decimal(text);
}

// The ranks a cutoff keeps of `n`: all of them without one.
std::size_t kept_ranks(const Context& c, std::size_t n) {
  if (!c.call.rank_cutoff) return n;
  return std::min(n, static_cast<std::size_t>(*c.call.rank_cutoff));
}

std::string ranks_text(const std::vector<std::int64_t>& ranks) {
  return (ranks.size() == 1 ? "rank " : "ranks ") +
         list_of(ranks.size(), [&](std::size_t i) { return std::to_string(ranks[i]); });
}

// The ranks of the relevant documents of a ranked list, down to the measure's cutoff.
std::optional<std::vector<std::int64_t>> relevant_ranks(const Context& c) {
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto& docs = list.value().docs;
  const auto length = static_cast<std::int64_t>(docs.size());
  const std::int64_t depth = c.call.rank_cutoff ? std::min(*c.call.rank_cutoff, length) : length;
  std::vector<std::int64_t> ranks;
  for (std::int64_t rank = 1; rank <= depth; ++rank) {
    if (docs[static_cast<std::size_t>(rank - 1)].judgement == Judgement::relevant) {
      ranks.push_back(rank);
    }
  }
  return ranks;
}

// " in the top 10" for a measure with a cutoff, else "".
std::string top_text(const Context& c) {
  return c.call.rank_cutoff ? " in the top " + std::to_string(*c.call.rank_cutoff) : "";
}

// "R = 5": the outcome's R, else R as the measure resolves it (the option, the list's relevant=N
// line, or the relevant documents listed).
std::string r_text(const Context& c) {
  if (const Number* R = value_of(c.outcome, "R")) return "R = " + number_text(*R);
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return "R";
  const auto option = c.options.find("relevant");
  const bool given = option != c.options.end() && !option->second.empty();
  const auto R = resolve_total_relevant(list.value(), given ? option->second : "", given);
  return R.ok() ? "R = " + std::to_string(R.value().value) : "R";
}

namespace {

bool truncates_to(const Answer& a, const Number& value) {
  if (exact_answer(a) || a.prefix) return false;
  const auto cut = at_decimals(value, a.decimals, true);
  return cut && *cut == a.value;
}

std::string decimals_text(int n) { return std::to_string(n) + (n == 1 ? " decimal" : " decimals"); }

std::string precision_text(const Answer& a) {
  if (exact_answer(a)) return "exactly";
  if (a.prefix)
    return a.decimals == 1 ? "as the first decimal" : "as the first " + decimals_text(a.decimals);
  if (a.significant > 0) return "at " + std::to_string(a.significant) + " significant digits";
  return "at " + decimals_text(a.decimals);
}

// "28/45 ≈ 0.6222", "1/2 = 0.5", "3", "≈ 0.8425".
std::string value_text(const Number& n) {
  if (!n.exact) return "≈ " + to_decimal(n, 4);
  const Fraction f = *n.exact;
  if (f.den == 1) return to_string(f);
  if (has_finite_decimal(f) && f.den <= 10000) return to_string(f) + " = " + to_short_decimal(f);
  return to_string(f) + " ≈ " + to_decimal(n, 4);
}

// "= 1/2" or "≈ 0.8610" after a name.
std::string equals_text(const Number& n) {
  const std::string text = value_text(n);
  return text.rfind("≈", 0) == 0 ? text : "= " + text;
}

// "2", "1.4142": a value with no exact form, shortened when whole.
std::string whole_or_decimal(const Number& n) {
  if (n.approx == std::round(n.approx)) return std::to_string(static_cast<long long>(n.approx));
  return to_decimal(n, 4);
}

// "1st", "2nd", "3rd", "4th", "11th", "22nd".
std::string ordinal(std::int64_t n) {
  const std::int64_t last_two = n % 100;
  const std::int64_t last = n % 10;
  const char* suffix = "th";
  if (last_two < 11 || last_two > 13) {
    if (last == 1) suffix = "st";
    if (last == 2) suffix = "nd";
    if (last == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

// --- AP ----------------------------------------------------------------------------------------

std::string ap_normaliser_text(const Context& c) {
  const Number* R = value_of(c.outcome, "R");
  const Number* retrieved = value_of(c.outcome, "relevant_retrieved");
  if (c.call.param("norm") == "retrieved" && retrieved) {
    return "the " + number_text(*retrieved) + " relevant documents retrieved";
  }
  return R ? "R = " + number_text(*R) : "R";
}

std::optional<Candidate> ap_over(const Context& c, bool min_with_r) {
  const Number* sum = value_of(c.outcome, "sum");
  const Number* R = value_of(c.outcome, "R");
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!c.call.rank_cutoff || !sum || !R || !normaliser || !R->exact) return std::nullopt;
  const std::int64_t k = *c.call.rank_cutoff;
  const std::int64_t by = min_with_r ? std::min(R->exact->num, k) : k;
  if (by <= 0 || (normaliser->exact && *normaliser->exact == Fraction{by, 1})) return std::nullopt;
  const Number value = *sum / whole(by);
  const std::string divided = min_with_r ? "min(R, k) = min(" + number_text(*R) + ", " +
                                               std::to_string(k) + ") = " + std::to_string(by)
                                         : "the cutoff k = " + std::to_string(k);
  return Candidate{min_with_r ? "ap.over_min_r_k" : "ap.over_k", value,
                   c.answer + " is the sum of precisions " + number_text(*sum) + " divided by " +
                       divided + "; " + c.asked + " divides it by " + ap_normaliser_text(c)};
}

std::optional<Candidate> ap_rounded(const Context& c) {
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!normaliser || normaliser->approx == 0.0) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t last = std::min(n, c.call.rank_cutoff.value_or(n));
  Number sum = whole(0);
  std::int64_t relevant_so_far = 0;
  for (std::int64_t k = 1; k <= last; ++k) {
    if (list.value().docs[static_cast<std::size_t>(k - 1)].judgement != Judgement::relevant) {
      continue;
    }
    ++relevant_so_far;
    sum = sum + rounded2(ratio(relevant_so_far, k));
  }
  return Candidate{"ap.rounded_intermediates", sum / *normaliser,
                   c.answer + " comes from rounding each P@k to 2 decimals before adding them (" +
                       "their sum is then " + to_decimal(sum, 2) +
                       "); keep the fractions until the end and round only the answer"};
}

// --- P@k, R@k, RR ------------------------------------------------------------------------------

std::optional<Candidate> p_over_retrieved(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  if (!c.call.rank_cutoff || !relevant || !relevant->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t k = *c.call.rank_cutoff;
  if (n == 0 || n >= k) return std::nullopt;
  return Candidate{
      "p.over_retrieved", ratio(relevant->exact->num, n),
      c.answer + " divides the " + number_text(*relevant) + " relevant documents by the " +
          std::to_string(n) + " documents retrieved; P@" + std::to_string(k) +
          " divides by k = " + std::to_string(k) + ", counting the missing ranks as not relevant"};
}

std::optional<Candidate> r_over_k(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!c.call.rank_cutoff || !relevant || !relevant->exact || !R) return std::nullopt;
  const std::int64_t k = *c.call.rank_cutoff;
  return Candidate{"r.over_k", ratio(relevant->exact->num, k),
                   c.answer + " divides the " + number_text(*relevant) +
                       " relevant documents in the top " + std::to_string(k) +
                       " by k = " + std::to_string(k) + " (that is P@" + std::to_string(k) +
                       "); recall divides by R = " + number_text(*R) + ", every relevant document"};
}

std::optional<Candidate> r_over_listed(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!relevant || !relevant->exact || !R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const std::int64_t listed = list.value().relevant_count();
  if (listed == 0 || listed == R->exact->num) return std::nullopt;
  return Candidate{"r.over_listed_relevant", ratio(relevant->exact->num, listed),
                   c.answer + " divides by the " + std::to_string(listed) +
                       " relevant documents in the list; recall divides by R = " + number_text(*R) +
                       ", every relevant document in the collection"};
}

std::optional<Candidate> rr_from_zero(const Context& c) {
  const Number* rank = value_of(c.outcome, "rank");
  if (!rank || !rank->exact || rank->exact->num < 2) return std::nullopt;
  const std::int64_t r = rank->exact->num;
  return Candidate{"rr.ranks_from_0", ratio(1, r - 1),
                   c.answer + " is 1/" + std::to_string(r - 1) +
                       ": you counted ranks from 0; the first relevant document is at rank " +
                       std::to_string(r) + " counting from 1"};
}

// --- DCG, IDCG, nDCG ---------------------------------------------------------------------------

struct DcgRecipe {
  double log_base = 2.0;
  bool from_zero = false;  // the notes' form with ranks counted from 0
  bool ideal_unsorted = false;
  bool ideal_retrieved_only = false;
};

// DCG@depth of `grades` in the form `form` ("notes", "trec", "burges") with the recipe's slips.
double dcg_of(const std::vector<double>& grades, const std::string& form, const DcgRecipe& r,
              std::size_t depth) {
  double total = 0.0;
  const double ln_base = std::log(r.log_base);
  for (std::size_t i = 1; i <= std::min(depth, grades.size()); ++i) {
    const double grade = grades[i - 1];
    const double gain = form == "burges" ? std::pow(2.0, grade) - 1.0 : grade;
    double argument = form == "notes" ? static_cast<double>(i) : static_cast<double>(i + 1);
    if (r.from_zero) argument -= 1.0;
    // The notes leave rank 1 undiscounted; counted from 0, ranks 1 and 2 both have log ≤ 0.
    const double discount = argument <= 1.0 ? 1.0 : std::log(argument) / ln_base;
    total += gain / discount;
  }
  return total;
}

std::optional<double> dcg_family_value(const Context& c, const DcgRecipe& r) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::vector<double> grades;
  for (const auto& doc : list.value().docs) grades.push_back(to_double(doc.grade));
  std::vector<double> ideal = grades;
  if (!r.ideal_retrieved_only) {
    for (const auto& g : list.value().unretrieved) ideal.push_back(to_double(g));
  }
  if (!r.ideal_unsorted) std::sort(ideal.begin(), ideal.end(), std::greater<double>());
  const std::size_t depth =
      c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff) : grades.size();
  const std::size_t ideal_depth =
      c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff) : ideal.size();
  const std::string form = c.call.param("dcg");
  const double dcg = dcg_of(grades, form, r, depth);
  const double idcg = dcg_of(ideal, form, r, ideal_depth);
  const std::string& name = c.call.info->name;
  if (name == "DCG") return dcg;
  if (name == "IDCG") return idcg;
  if (idcg == 0.0) return std::nullopt;
  return dcg / idcg;
}

// The slip's value, but only when this file's DCG arithmetic reproduces the measure's own value
// without the slip (a guard against drifting from dcg.cpp).
std::optional<Number> dcg_slip(const Context& c, const DcgRecipe& slip) {
  const auto plain = dcg_family_value(c, DcgRecipe{});
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = dcg_family_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

std::optional<Candidate> dcg_log(const Context& c, double base) {
  const auto value = dcg_slip(c, DcgRecipe{base, false, false, false});
  if (!value) return std::nullopt;
  const bool natural = base != 10.0;
  return Candidate{natural ? "dcg.ln" : "dcg.log10", *value,
                   std::string("your DCG uses the ") +
                       (natural ? "natural logarithm ln" : "base-10 logarithm log10") +
                       " in the discount; the discount is log2 (ln i / ln 2 if your calculator "
                       "has no log2 key)"};
}

std::optional<Candidate> dcg_from_zero(const Context& c) {
  if (c.call.param("dcg") != "notes") return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"dcg.ranks_from_0", *value,
                   "you counted ranks from 0, so the document at rank i was discounted by "
                   "log2(i − 1); the notes leave rank 1 undiscounted and divide rank i ≥ 2 by "
                   "log2 i"};
}

std::optional<Candidate> ndcg_ideal_unsorted(const Context& c) {
  if (c.call.info->name != "nDCG") return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, false, true, true});
  if (!value) return std::nullopt;
  return Candidate{"ndcg.idcg_given_order", *value,
                   c.answer +
                       " divides DCG by the DCG of the grades in their given order (itself); the "
                       "ideal ranking sorts the judged grades from the highest down first"};
}

std::optional<Candidate> ndcg_ideal_retrieved_only(const Context& c) {
  if (c.call.info->name == "DCG") return std::nullopt;
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || list.value().unretrieved.empty()) return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, false, false, true});
  if (!value) return std::nullopt;
  std::string grades;
  for (const auto& g : list.value().unretrieved) {
    grades += (grades.empty() ? "" : ", ") + to_short_decimal(g);
  }
  return Candidate{"ndcg.idcg_retrieved_only", *value,
                   "your ideal ranking sorts only the retrieved grades; it also takes the judged "
                   "grades that were not retrieved (" +
                       grades + ")"};
}

std::optional<Candidate> ndcg_rounded(const Context& c) {
  const Number* dcg = value_of(c.outcome, "DCG");
  const Number* ideal = value_of(c.outcome, "IDCG");
  if (c.call.info->name != "nDCG" || !dcg || !ideal) return std::nullopt;
  const Number d = rounded2(*dcg);
  const Number i = rounded2(*ideal);
  if (i.approx == 0.0) return std::nullopt;
  return Candidate{"ndcg.rounded_intermediates", d / i,
                   "you rounded DCG and IDCG to 2 decimals (" + to_decimal(d, 2) + " and " +
                       to_decimal(i, 2) +
                       ") before dividing; divide the unrounded values and round only nDCG"};
}

// --- kappa, Fleiss -----------------------------------------------------------------------------

std::optional<Candidate> kappa_rounded(const Context& c) {
  const Number* agreement = value_of(c.outcome, "PA");
  const Number* chance = value_of(c.outcome, "PE");
  if (!agreement || !chance) return std::nullopt;
  const Number a = rounded2(*agreement);
  const Number e = rounded2(*chance);
  if (e.approx == 1.0) return std::nullopt;
  const std::string name = c.call.info->name == "fleiss" ? "fleiss" : "kappa";
  return Candidate{name + ".rounded_intermediates", (a - e) / (whole(1) - e),
                   "you rounded P(A) and P(E) to 2 decimals before dividing: (" + to_decimal(a, 2) +
                       " − " + to_decimal(e, 2) + ")/(1 − " + to_decimal(e, 2) +
                       "); keep them exact (or to 4 decimals) and round only κ"};
}

// --- F -----------------------------------------------------------------------------------------

struct FParts {
  Number precision, recall, weight;  // weight = β²
};

std::optional<FParts> f_parts(const Context& c) {
  const Number* p = value_of(c.outcome, "precision");
  const Number* r = value_of(c.outcome, "recall");
  const Number* w = value_of(c.outcome, "beta2");
  if (!p || !r || !w) return std::nullopt;
  return FParts{*p, *r, *w};
}

// (w + 1)PR / (wP + R), 0 when P and R are 0.
Number f_value(const Number& p, const Number& r, const Number& w) {
  const Number below = w * p + r;
  if (below.approx == 0.0) return whole(0);
  return (w + whole(1)) * p * r / below;
}

std::optional<Candidate> f_swapped(const Context& c) {
  const auto f = f_parts(c);
  if (!f || f->weight.approx == 1.0) return std::nullopt;
  // With β and 1/β swapped the weight β² sits on precision: (β²+1)PR/(P + β²R).
  return Candidate{"f.weights_swapped", f_value(f->recall, f->precision, f->weight),
                   "β and 1/β swapped: " + c.answer +
                       " puts the weight β² = " + number_text(f->weight) +
                       " on precision, as the lecture notes “Week 3: Metrics” write F; "
                       "F_β = (β² + 1)PR/(β²P + R) weights recall when β > 1"};
}

std::optional<Candidate> f_not_squared(const Context& c) {
  const auto f = f_parts(c);
  if (!f || f->weight.approx == 1.0 || f->weight.approx <= 0.0) return std::nullopt;
  Number beta;
  beta.approx = std::sqrt(f->weight.approx);
  const double v = f_value(f->precision, f->recall, beta).approx;
  Number value;
  value.approx = v;
  return Candidate{"f.beta_not_squared", value,
                   c.answer + " uses β = " + whole_or_decimal(beta) +
                       " where the formula has β² = " + number_text(f->weight) +
                       ": F_β = (β² + 1)PR/(β²P + R)"};
}

std::optional<Candidate> f_rounded(const Context& c) {
  const auto f = f_parts(c);
  if (!f) return std::nullopt;
  const Number p = rounded2(f->precision);
  const Number r = rounded2(f->recall);
  return Candidate{"f.rounded_intermediates", f_value(p, r, f->weight),
                   "you rounded P and R to 2 decimals (" + to_decimal(p, 2) + " and " +
                       to_decimal(r, 2) + ") before combining them; keep them exact"};
}

// --- a bare confusion grid read the other way --------------------------------------------------

// A 2 × 2 grid with no label naming its sides is read with rows the truth; a student whose rows
// were what the system returned has FP and FN swapped. Only for such a bare grid
// (ConfusionInput::bare_grid), recomputed with the two cells exchanged.
std::optional<Candidate> confusion_transposed(const Context& c) {
  const auto parsed = parse_confusion(c.input);
  if (!parsed.ok() || !parsed.value().bare_grid || !parsed.value().tn) return std::nullopt;
  const ConfusionInput& in = parsed.value();
  if (in.fp == in.fn) return std::nullopt;
  const std::string cells = "TP = " + std::to_string(in.tp) + ", FP = " + std::to_string(in.fn) +
                            ", FN = " + std::to_string(in.fp) + ", TN = " + std::to_string(*in.tn);
  const auto other = compute(c.outcome.measure,
                             "tp=" + std::to_string(in.tp) + " fp=" + std::to_string(in.fn) +
                                 " fn=" + std::to_string(in.fp) + " tn=" + std::to_string(*in.tn),
                             c.options);
  if (!other.ok()) return std::nullopt;
  const Number* value = c.key.empty() ? &other.value().value : value_of(other.value(), c.key);
  if (value == nullptr) return std::nullopt;
  return Candidate{"confusion.transposed", *value,
                   c.answer + " is " + c.asked +
                       " of the grid read the other way, rows returned and not returned (" + cells +
                       "); the grid was read with rows the truth (FP = " + std::to_string(in.fp) +
                       ", FN = " + std::to_string(in.fn) +
                       "). If its rows are what the system returned, add a first line relevant "
                       "non-relevant to say so"};
}

// --- means over queries, 11pt ------------------------------------------------------------------

// The mean of the averaged quantities each rounded to 2 decimals: the per-query values of MAP
// and MRR (every key after the mean's own: "q1:AP", "q2:AP@10", "q1:AP(norm=retrieved)",
// "q1:RR"), 11pt's interpolated precisions and 11pt-avg's level means ("IPrec@0.3"). Claimed only
// when it is the answer's one explanation:
//   - the answer has at least the 2 decimals the intermediates were rounded to (fewer is a
//     double rounding, not this);
//   - rounding changes at least one of the averaged values (else the mean is the right value);
//   - the answer is not the right value rounded to fewer decimals and padded with zeros: 0.3600
//     for MAP = 13/36 = 0.3611 is 0.36 written to 4 decimals, and rounding each AP (1/3 → 0.33,
//     7/18 → 0.39, mean 0.36) only happens to agree with it.
std::optional<Candidate> mean_rounded(const Context& c, const std::string& name, bool per_query,
                                      const std::string& what) {
  if (c.typed.decimals < 2 || padded_rounding(c.typed, c.expected)) return std::nullopt;
  Number sum = whole(0);
  std::int64_t count = 0;
  bool changed = false;
  for (std::size_t i = 0; i < c.outcome.values.size(); ++i) {
    const auto& [key, number] = c.outcome.values[i];
    if (per_query ? i == 0 : key.rfind("IPrec@", 0) != 0) continue;
    const Number rounded = rounded2(number);
    changed = changed || !same_number(rounded, number);
    sum = sum + rounded;
    ++count;
  }
  if (count == 0 || !changed) return std::nullopt;
  return Candidate{name, sum / whole(count),
                   "you rounded each " + what +
                       " to 2 decimals before averaging; average the exact values and round only "
                       "the mean"};
}

// --- ERR, RBP, INST, Compat --------------------------------------------------------------------

// ERR (cascade.cpp) with a student's slips: R = (2^g − 1)/2^max, each rank weighted by the chance
// Π_{j<i}(1 − R_j) of reaching it, divided by the rank.
struct ErrRecipe {
  bool linear = false;      // R = g/max
  bool no_cascade = false;  // every rank reached: Σ R_i/i
  bool rounded = false;     // each R rounded to 2 decimals
  std::int64_t max = 0;     // the scale's top grade; 0: the parameter max
};

std::optional<Number> err_value(const Context& c, const ErrRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto max_param = param_fraction(c, "max");
  if (!list.ok() || !max_param || max_param->den != 1) return std::nullopt;
  const std::int64_t max = r.max > 0 ? r.max : max_param->num;
  if (max < 1 || max > 30) return std::nullopt;
  const auto& docs = list.value().docs;
  Number reach = whole(1);
  Number err = whole(0);
  for (std::size_t i = 0; i < kept_ranks(c, docs.size()); ++i) {
    const Fraction g = docs[i].grade;
    if (g.den != 1 || g.num < 0 || g.num > max) return std::nullopt;
    Number satisfied = r.linear ? ratio(g.num, max)
                                : ratio((std::int64_t{1} << g.num) - 1, std::int64_t{1} << max);
    if (r.rounded) satisfied = rounded2(satisfied);
    err = err +
          (r.no_cascade ? satisfied : reach * satisfied) / whole(static_cast<std::int64_t>(i + 1));
    reach = reach * (whole(1) - satisfied);
  }
  return err;
}

// The slip's ERR, but only when this file's arithmetic reproduces the measure's own value
// without it (a guard against drifting from cascade.cpp).
std::optional<Number> err_slip(const Context& c, const ErrRecipe& slip) {
  const auto plain = err_value(c, ErrRecipe{});
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  return err_value(c, slip);
}

std::string err_max_text(const Context& c) { return "max = " + c.call.param("max"); }

std::optional<Candidate> err_linear(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{true, false, false, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.linear_gain", *value,
                   c.answer +
                       " takes the chance that a document of grade g satisfies the user as "
                       "g/max, linear in the grade; ERR's is R = (2^g − 1)/2^max with " +
                       err_max_text(c) + ", exponential in the grade"};
}

std::optional<Candidate> err_no_cascade(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{false, true, false, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.no_cascade", *value,
                   c.answer +
                       " adds R_i/i at every rank as if every user got there; ERR "
                       "multiplies each R_i by the chance Π_{j<i}(1 − R_j) that no document "
                       "above rank i satisfied the user first"};
}

std::optional<Candidate> err_max_from_list(const Context& c) {
  const auto list = parse_graded_list(c.input);
  const auto max_param = param_fraction(c, "max");
  if (!list.ok() || !max_param) return std::nullopt;
  std::int64_t largest = 0;
  for (const auto& doc : list.value().docs) {
    if (doc.grade.den != 1) return std::nullopt;
    largest = std::max(largest, doc.grade.num);
  }
  if (largest < 1 || *max_param == Fraction{largest, 1}) return std::nullopt;
  const auto value = err_slip(c, ErrRecipe{false, false, false, largest});
  if (!value) return std::nullopt;
  return Candidate{
      "err.max_from_list", *value,
      c.answer + " takes max = " + std::to_string(largest) +
          ", the highest grade in the list; max is the top of the grading scale, " +
          c.call.param("max") + " here, whatever grades the list holds (if your scale ends at " +
          std::to_string(largest) + ", ask for ERR(max=" + std::to_string(largest) + "))"};
}

std::optional<Candidate> err_rounded(const Context& c) {
  const auto value = err_slip(c, ErrRecipe{false, false, true, 0});
  if (!value) return std::nullopt;
  return Candidate{"err.rounded_intermediates", *value,
                   "you rounded each stopping probability R = (2^g − 1)/2^max to 2 decimals "
                   "before the cascade; keep them exact (they are fractions over 2^max) and round "
                   "only ERR"};
}

// RBP's persistence p and the outcome's RBP, residual and upper end of the band.
struct RbpParts {
  Number p, rbp, residual, upper;
};

std::optional<RbpParts> rbp_parts(const Context& c) {
  const auto p = param_fraction(c, "p");
  const Number* rbp = value_of(c.outcome, "RBP");
  const Number* residual = value_of(c.outcome, "residual");
  const Number* upper = value_of(c.outcome, "upper");
  if (!p || !rbp || !residual || !upper || p->num == 0) return std::nullopt;
  return RbpParts{exact_number(*p), *rbp, *residual, *upper};
}

std::string p_text(const Context& c) { return "p = " + c.call.param("p"); }

std::optional<Candidate> rbp_no_one_minus_p(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.no_one_minus_p", r->rbp / (whole(1) - r->p),
                   c.answer + " is the sum Σ g_i p^(i−1) without the factor 1 − p in front (" +
                       p_text(c) + "); RBP = (1 − p)·Σ g_i p^(i−1), whose weights add up to 1"};
}

std::optional<Candidate> rbp_p_to_the_i(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.p_to_the_i", r->rbp * r->p,
                   c.answer +
                       " weights rank i by (1 − p)·p^i; the user always reads rank 1, so "
                       "its weight is 1 − p and rank i's is (1 − p)·p^(i−1) (" +
                       p_text(c) + ")"};
}

std::optional<Candidate> rbp_plus_residual(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.plus_residual", r->upper,
                   c.answer +
                       " adds the residual p^k to RBP: that is the top of the band, what "
                       "RBP would be were every rank not seen relevant; RBP is the bottom, "
                       "the weight of the relevant documents seen"};
}

std::optional<Candidate> rbp_residual(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r) return std::nullopt;
  return Candidate{"rbp.residual", r->residual,
                   c.answer +
                       " is the residual p^k, the weight of the ranks past those "
                       "evaluated; RBP is (1 − p)·Σ g_i p^(i−1) over the ranks seen"};
}

std::optional<Candidate> rbp_grade_unscaled(const Context& c) {
  const auto r = rbp_parts(c);
  if (!r || !c.call.param("rel").empty()) return std::nullopt;
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  Fraction largest{1, 1};  // as run_rbp takes it: every judged grade, retrieved or not
  for (const auto& doc : list.value().docs) {
    if (compare(doc.grade, largest) > 0) largest = doc.grade;
  }
  for (const Fraction grade : list.value().unretrieved) {
    if (compare(grade, largest) > 0) largest = grade;
  }
  if (largest == Fraction{1, 1}) return std::nullopt;
  return Candidate{"rbp.grade_unscaled", r->rbp * exact_number(largest),
                   c.answer +
                       " takes each grade as its gain; without rel the gain is the grade "
                       "over the largest grade judged, " +
                       to_short_decimal(largest) +
                       " (as trec_eval's rbp), so that it lies between 0 and 1; rel= makes the "
                       "gain 1 or 0"};
}

// INST (cascade.cpp, as cwl_eval computes it) with a student's slips, in doubles.
struct InstRecipe {
  bool not_squared = false;      // C_i without the square
  bool wanted_fixed = false;     // T_i kept at T: INSQ's C_i
  bool list_ranks_only = false;  // the attention shared over the list's ranks, not 1000
};

constexpr int kInstDepth = 1000;  // cwl_eval's ranking length, as cascade.cpp's

std::optional<double> inst_value(const Context& c, const InstRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto T = param_fraction(c, "T");
  if (!list.ok() || !T || T->num <= 0) return std::nullopt;
  const auto& docs = list.value().docs;
  Fraction top{0, 1};
  for (const auto& doc : docs) top = compare(doc.grade, top) > 0 ? doc.grade : top;
  for (const Fraction g : list.value().unretrieved) top = compare(g, top) > 0 ? g : top;
  if (const auto given = param_fraction(c, "max")) top = *given;
  const double max = top.num == 0 ? 1.0 : to_double(top);
  const double t = to_double(*T);
  const std::size_t shown = std::min<std::size_t>(docs.size(), kInstDepth);
  const std::size_t depth = r.list_ranks_only ? shown : static_cast<std::size_t>(kInstDepth);
  if (depth == 0) return std::nullopt;
  double found = 0.0;
  double reach = 1.0;
  double total = 0.0;
  double gained = 0.0;
  for (std::size_t i = 0; i < depth; ++i) {
    const double gain = i < shown ? to_double(docs[i].grade) / max : 0.0;
    found += gain;
    const double wanted = r.wanted_fixed ? t : t - found;
    const double rank = static_cast<double>(i) + 1.0;
    const double go_on = (rank + t + wanted - 1.0) / (rank + t + wanted);
    total += reach;
    gained += reach * gain;
    reach *= r.not_squared ? go_on : go_on * go_on;
  }
  return gained / total;
}

std::optional<Number> inst_slip(const Context& c, const InstRecipe& slip) {
  const auto plain = inst_value(c, InstRecipe{});
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = inst_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

// SDCG@k (cascade.cpp): the DCG of the gains grade/max over the DCG of k documents of gain 1.
// Its slips: nDCG's ideal (the judged grades sorted) in place of k documents of gain 1, and
// the scale summed over the list's ranks only when k runs past it.
struct SdcgRecipe {
  bool judged_ideal = false;
  bool scale_to_list = false;
};

std::optional<double> sdcg_value(const Context& c, const SdcgRecipe& r) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto& docs = list.value().docs;
  std::vector<double> grades;
  for (const auto& doc : docs) grades.push_back(to_double(doc.grade));
  double top = 0.0;
  for (const double g : grades) top = std::max(top, g);
  for (const Fraction g : list.value().unretrieved) top = std::max(top, to_double(g));
  if (const auto given = param_fraction(c, "max")) top = to_double(*given);
  const auto n = static_cast<std::int64_t>(docs.size());
  const std::int64_t k = std::min<std::int64_t>(c.call.rank_cutoff.value_or(n), kInstDepth);
  if (k <= 0 || top <= 0.0) return std::nullopt;
  double dcg = 0.0;
  for (std::int64_t i = 1; i <= std::min(k, n); ++i) {
    dcg += grades[static_cast<std::size_t>(i - 1)] / top / std::log2(static_cast<double>(i + 1));
  }
  double scale = 0.0;
  if (r.judged_ideal) {
    std::vector<double> ideal = grades;
    for (const Fraction g : list.value().unretrieved) ideal.push_back(to_double(g));
    std::sort(ideal.begin(), ideal.end(), std::greater<>());
    for (std::int64_t i = 1; i <= k && i <= static_cast<std::int64_t>(ideal.size()); ++i) {
      scale += ideal[static_cast<std::size_t>(i - 1)] / top / std::log2(static_cast<double>(i + 1));
    }
  } else {
    const std::int64_t ranks = r.scale_to_list ? std::min(k, n) : k;
    for (std::int64_t i = 1; i <= ranks; ++i) scale += 1.0 / std::log2(static_cast<double>(i + 1));
  }
  if (scale == 0.0) return std::nullopt;
  return dcg / scale;
}

std::optional<Number> sdcg_slip(const Context& c, const SdcgRecipe& slip) {
  const auto plain = sdcg_value(c, SdcgRecipe{});
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = sdcg_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

std::optional<Candidate> sdcg_judged_ideal(const Context& c) {
  const auto value = sdcg_slip(c, SdcgRecipe{true, false});
  if (!value) return std::nullopt;
  return Candidate{"sdcg.judged_ideal", *value,
                   c.answer +
                       " divides DCG by the DCG of the judged grades sorted, which is "
                       "nDCG; SDCG divides it by the DCG of k documents of the top grade, "
                       "Σ_{i≤k} 1/log2(i + 1), whatever the judgments hold"};
}

std::optional<Candidate> sdcg_scale_to_list(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || !c.call.rank_cutoff ||
      *c.call.rank_cutoff <= static_cast<std::int64_t>(list.value().docs.size())) {
    return std::nullopt;
  }
  const auto value = sdcg_slip(c, SdcgRecipe{false, true});
  if (!value) return std::nullopt;
  const std::string n = std::to_string(list.value().docs.size());
  return Candidate{"sdcg.scale_to_list", *value,
                   c.answer + " sums the DCG of gain 1 over the list's " + n +
                       " ranks only; SDCG@" + std::to_string(*c.call.rank_cutoff) +
                       " sums it to k, the ranks past the list adding to the scale (and nothing "
                       "to DCG)"};
}

std::optional<Candidate> inst_not_squared(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"inst.not_squared", *value,
                   "your chance of going on from rank i is (i + T + T_i − 1)/(i + T + T_i); INST "
                   "squares it: C_i = ((i + T + T_i − 1)/(i + T + T_i))²"};
}

std::optional<Candidate> inst_wanted_fixed(const Context& c) {
  const auto value = inst_slip(c, InstRecipe{false, true, false});
  if (!value) return std::nullopt;
  return Candidate{"inst.wanted_not_lowered", *value,
                   c.answer + " keeps the gain still wanted T_i at T = " + c.call.param("T") +
                       " at every rank, which is INSQ's C_i = ((i + 2T − 1)/(i + 2T))²; INST "
                       "lowers it by the gain found, T_i = T − Σ_{j≤i} g_j, so that a user who "
                       "has found what they want stops sooner"};
}

std::optional<Candidate> inst_list_only(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || list.value().docs.size() >= static_cast<std::size_t>(kInstDepth)) {
    return std::nullopt;
  }
  const auto value = inst_slip(c, InstRecipe{false, false, true});
  if (!value) return std::nullopt;
  const std::string n = std::to_string(list.value().docs.size());
  return Candidate{"inst.list_ranks_only", *value,
                   c.answer + " shares the user's attention over the " + n +
                       (n == "1" ? " rank" : " ranks") +
                       " of the list only (W_i = Π_{j<i} C_j over their sum to rank " + n +
                       "); INST, as cwl_eval computes it, shares it over 1000 ranks, those past "
                       "the list with gain 0, so the attention that goes past the list is lost"};
}

// Compat (cascade.cpp): the rank-biased overlap of the ranking with the ideal ranking, with a
// student's slips.
struct CompatRecipe {
  bool not_over_depth = false;        // p^(i−1)·A_i instead of p^(i−1)·A_i/i
  bool ideal_retrieved_only = false;  // the unretrieved grades left out of the ideal
  bool run_depth = false;             // read to the run's length, not the longer of the two
};

std::optional<Number> compat_value(const Context& c, const CompatRecipe& r) {
  const auto list = parse_graded_list(c.input);
  const auto p = param_fraction(c, "p");
  if (!list.ok() || !p) return std::nullopt;
  const bool normalize = c.call.param("normalize") == "yes";
  const auto& docs = list.value().docs;
  const auto& unretrieved = list.value().unretrieved;
  const std::size_t n = docs.size();
  struct Ideal {
    Fraction grade;
    std::size_t index;  // rank − 1 in the list, or n + j for the j-th unretrieved grade
  };
  std::vector<Ideal> ideal;
  for (std::size_t i = 0; i < n; ++i) {
    if (docs[i].grade.num > 0) ideal.push_back({docs[i].grade, i});
  }
  if (!r.ideal_retrieved_only) {
    for (std::size_t j = 0; j < unretrieved.size(); ++j) {
      if (unretrieved[j].num > 0) ideal.push_back({unretrieved[j], n + j});
    }
  }
  std::stable_sort(ideal.begin(), ideal.end(),
                   [](const Ideal& a, const Ideal& b) { return compare(a.grade, b.grade) > 0; });
  const std::size_t depth = r.run_depth ? n : std::max(n, ideal.size());
  std::vector<char> in_run(n + unretrieved.size(), 0);
  std::vector<char> in_ideal(n + unretrieved.size(), 0);
  std::int64_t shared = 0;
  Number weight = whole(1);
  Number score = whole(0);
  Number best = whole(0);
  Number weights = whole(0);
  for (std::size_t i = 0; i < depth; ++i) {
    const auto at = static_cast<std::int64_t>(i + 1);
    if (i < n) {
      in_run[i] = 1;
      if (in_ideal[i]) ++shared;
    }
    if (i < ideal.size()) {
      const std::size_t index = ideal[i].index;
      in_ideal[index] = 1;
      if (index < n && in_run[index]) ++shared;
    }
    const std::int64_t ideal_shared =
        std::min<std::int64_t>(at, static_cast<std::int64_t>(ideal.size()));
    const Number by = r.not_over_depth ? whole(1) : whole(at);
    score = score + weight * whole(shared) / by;
    best = best + weight * whole(ideal_shared) / by;
    weights = weights + weight;
    weight = weight * exact_number(*p);
  }
  if (normalize && best.approx > 0.0) return score / best;
  return depth == 0 ? whole(0) : score / weights;
}

std::optional<Number> compat_slip(const Context& c, const CompatRecipe& slip) {
  const auto plain = compat_value(c, CompatRecipe{});
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  return compat_value(c, slip);
}

std::optional<Candidate> compat_not_over_depth(const Context& c) {
  const auto value = compat_slip(c, CompatRecipe{true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"compat.overlap_not_over_depth", *value,
                   c.answer +
                       " adds p^(i−1)·A_i, the number of documents the two top i share; "
                       "the overlap adds p^(i−1)·A_i/i, the share of the top i they have "
                       "in common"};
}

// The judged grades above 0 that were not retrieved, as "2, 1"; empty when none.
std::string unretrieved_relevant(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return "";
  std::string out;
  for (const Fraction g : list.value().unretrieved) {
    if (g.num > 0) out += (out.empty() ? "" : ", ") + to_short_decimal(g);
  }
  return out;
}

std::optional<Candidate> compat_ideal_retrieved_only(const Context& c) {
  const std::string grades = unretrieved_relevant(c);
  if (grades.empty()) return std::nullopt;
  const auto value = compat_slip(c, CompatRecipe{false, true, false});
  if (!value) return std::nullopt;
  return Candidate{"compat.ideal_retrieved_only", *value,
                   "your ideal ranking holds only the retrieved documents graded above 0; it "
                   "holds every document graded above 0, retrieved or not (the unretrieved " +
                       grades + " too)"};
}

std::optional<Candidate> compat_run_depth(const Context& c) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::size_t ideal = 0;
  for (const auto& doc : list.value().docs) ideal += doc.grade.num > 0 ? 1 : 0;
  for (const Fraction g : list.value().unretrieved) ideal += g.num > 0 ? 1 : 0;
  const std::size_t n = list.value().docs.size();
  if (ideal <= n) return std::nullopt;
  const auto value = compat_slip(c, CompatRecipe{false, false, true});
  if (!value) return std::nullopt;
  return Candidate{"compat.run_depth_only", *value,
                   c.answer + " reads the two rankings to depth " + std::to_string(n) +
                       ", the length of the run; Compat reads them to the longer of the two, "
                       "here the ideal ranking's " +
                       std::to_string(ideal) + " documents"};
}

// --- the diversity measures --------------------------------------------------------------------

// S: the subtopics some document covers, retrieved or not (as diversity.cpp counts them), or
// those the retrieved documents cover.
std::optional<std::int64_t> subtopic_count(const Context& c, bool retrieved_only = false) {
  const auto list = parse_subtopic_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::vector<int> all;
  for (const auto& doc : list.value().docs)
    all.insert(all.end(), doc.subtopics.begin(), doc.subtopics.end());
  if (!retrieved_only) {
    for (const auto& doc : list.value().unretrieved) {
      all.insert(all.end(), doc.subtopics.begin(), doc.subtopics.end());
    }
  }
  std::sort(all.begin(), all.end());
  return static_cast<std::int64_t>(std::unique(all.begin(), all.end()) - all.begin());
}

// The diversity measures with the redundancy left out: the measure itself with α = 0.
std::optional<Candidate> diversity_no_redundancy(const Context& c) {
  const auto alpha = param_fraction(c, "alpha");
  if (!alpha || alpha->num == 0) return std::nullopt;
  const auto other = compute(canonical_name(c.call.with("alpha", "0")), c.input, c.options);
  if (!other.ok()) return std::nullopt;
  return Candidate{"diversity.no_redundancy", other.value().value,
                   c.answer +
                       " counts every subtopic a document covers in full, however many "
                       "documents above it covered it (as with α = 0); a subtopic covered "
                       "c times above gains (1 − α)^c, with α = " +
                       c.call.param("alpha") + " here, in the ranking and in its ideal alike"};
}

// The gain column of the step table whose title starts with `title`, rank by rank.
std::optional<std::vector<double>> gain_column(const Outcome& o, std::string_view title) {
  for (const auto& table : o.steps) {
    if (table.title.rfind(title, 0) != 0) continue;
    const auto column = std::find(table.columns.begin(), table.columns.end(), "gain");
    if (column == table.columns.end()) return std::nullopt;
    const auto at = static_cast<std::size_t>(column - table.columns.begin());
    std::vector<double> gains;
    for (const auto& row : table.rows) {
      if (at >= row.size() || !row[at].number) return std::nullopt;
      gains.push_back(row[at].number->approx);
    }
    return gains;
  }
  return std::nullopt;
}

// Σ g_r/log2(r + 1), or with rank 1 undiscounted and rank r ≥ 2 divided by log2 r.
double discounted(const std::vector<double>& gains, bool log2_rank) {
  double total = 0.0;
  for (std::size_t i = 0; i < gains.size(); ++i) {
    const double rank = static_cast<double>(i) + 1.0;
    total += gains[i] / (log2_rank ? (rank == 1.0 ? 1.0 : std::log2(rank)) : std::log2(rank + 1));
  }
  return total;
}

std::optional<Candidate> alpha_discount_log2_rank(const Context& c) {
  const auto run = gain_column(c.outcome, "The ranking:");
  if (!run) return std::nullopt;
  std::vector<double> ideal;
  if (c.call.info->name == "alpha-nDCG") {
    const auto greedy = gain_column(c.outcome, "The ideal ranking");
    if (!greedy) return std::nullopt;
    ideal = *greedy;
  } else {
    // ndeval's ideal ideal: S(1 − α)^(r − 1) at each of the k ranks.
    const auto S = subtopic_count(c);
    const auto alpha = param_fraction(c, "alpha");
    if (!S || !alpha) return std::nullopt;
    const std::size_t k = c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff)
                                             : std::max<std::size_t>(run->size(), 1);
    double gain = static_cast<double>(*S);
    for (std::size_t i = 0; i < k; ++i, gain *= 1.0 - to_double(*alpha)) ideal.push_back(gain);
  }
  const double plain_below = discounted(ideal, false);
  if (plain_below == 0.0 || discounted(*run, false) == 0.0) return std::nullopt;
  if (std::fabs(discounted(*run, false) / plain_below - c.outcome.value.approx) > 1e-9) {
    return std::nullopt;
  }
  Number value;
  value.approx = discounted(*run, true) / discounted(ideal, true);
  return Candidate{"alpha.discount_log2_rank", value,
                   "your discount leaves rank 1 undiscounted and divides rank r ≥ 2 by log2 r, "
                   "the notes' DCG; " +
                       c.call.info->name +
                       ", as Clarke et al. (2008) and ndeval take it, divides rank r by "
                       "log2(r + 1), in the ranking and in its ideal alike"};
}

// ERR-IA, AP-IA, P-IA and NRBP are means over the S subtopics: the sum is S times the value.
std::optional<Candidate> summed_over_subtopics(const Context& c) {
  const auto S = subtopic_count(c);
  if (!S || *S < 2) return std::nullopt;
  const std::string& name = c.call.info->name;
  const std::string what = name == "ERR-IA"  ? "ERRs"
                           : name == "AP-IA" ? "average precisions"
                           : name == "P-IA"  ? "precisions at k"
                                             : "rank-biased precisions";
  const std::string family = name == "ERR-IA"  ? "err_ia"
                             : name == "AP-IA" ? "ap_ia"
                             : name == "P-IA"  ? "p_ia"
                                               : "nrbp";
  return Candidate{family + ".summed_over_subtopics", c.outcome.value * whole(*S),
                   c.answer + " adds up the S = " + std::to_string(*S) + " subtopics' " + what +
                       " instead of averaging them; " + name + " is their mean: divide by S"};
}

std::optional<Candidate> nrbp_rbp_factor(const Context& c) {
  const Number* sum = value_of(c.outcome, "sum");
  const auto S = subtopic_count(c);
  const auto alpha = param_fraction(c, "alpha");
  const auto beta = param_fraction(c, "beta");
  if (!sum || !S || *S == 0 || !alpha || !beta || alpha->num == 0) return std::nullopt;
  return Candidate{"nrbp.rbp_factor", *sum * (whole(1) - exact_number(*beta)) / whole(*S),
                   c.answer +
                       " multiplies the sum by RBP's (1 − β)/S; NRBP's factor is "
                       "(1 − (1 − α)β)/S, which makes a ranking whose every document "
                       "covers every subtopic score 1"};
}

std::optional<Candidate> ap_ia_over_retrieved(const Context& c) {
  const auto list = parse_subtopic_list(c.input);
  if (!list.ok() || list.value().unretrieved.empty()) return std::nullopt;
  // For each subtopic: the documents covering it (R_s), and the sums of precisions at the ranks
  // covering it.
  struct PerSubtopic {
    std::int64_t relevant = 0, retrieved = 0;
    Number sum = whole(0);
  };
  std::map<int, PerSubtopic> per;
  const auto& docs = list.value().docs;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    for (const int s : docs[i].subtopics) {
      PerSubtopic& one = per[s];
      ++one.relevant;
      ++one.retrieved;
      one.sum = one.sum + ratio(one.retrieved, static_cast<std::int64_t>(i + 1));
    }
  }
  for (const auto& doc : list.value().unretrieved) {
    for (const int s : doc.subtopics) ++per[s].relevant;
  }
  if (per.empty()) return std::nullopt;
  Number plain = whole(0);
  Number slip = whole(0);
  for (const auto& [s, one] : per) {
    plain = plain + one.sum / whole(one.relevant);
    if (one.retrieved > 0) slip = slip + one.sum / whole(one.retrieved);
  }
  const auto S = whole(static_cast<std::int64_t>(per.size()));
  if (!close_numbers(plain / S, c.outcome.value)) return std::nullopt;
  return Candidate{"ap_ia.over_retrieved", slip / S,
                   c.answer +
                       " divides each subtopic's sum of precisions by the documents "
                       "covering it that were retrieved; AP-IA divides by every document "
                       "covering it, the unretrieved too"};
}

std::optional<Candidate> p_ia_over_retrieved(const Context& c) {
  const Number* pairs = value_of(c.outcome, "pairs");
  const auto list = parse_subtopic_list(c.input);
  const auto S = subtopic_count(c);
  if (!pairs || !list.ok() || !S || *S == 0 || !c.call.rank_cutoff) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t k = *c.call.rank_cutoff;
  if (n == 0 || n >= k) return std::nullopt;
  return Candidate{"p_ia.over_retrieved", *pairs / whole(n * *S),
                   c.answer + " divides by the " + std::to_string(n) +
                       " documents retrieved; P-IA@" + std::to_string(k) +
                       " divides by k = " + std::to_string(k) +
                       " (times S), counting the missing ranks as covering "
                       "nothing"};
}

std::optional<Candidate> s_recall_over_documents(const Context& c) {
  const Number* seen = value_of(c.outcome, "seen");
  const auto list = parse_subtopic_list(c.input);
  if (!seen || !list.ok()) return std::nullopt;
  // k: the cutoff, or the list's length without one (as diversity.cpp reads it).
  const std::int64_t k = c.call.rank_cutoff.value_or(
      std::max<std::int64_t>(static_cast<std::int64_t>(list.value().docs.size()), 1));
  return Candidate{"s_recall.over_documents", *seen / whole(k),
                   c.answer + " divides the subtopics covered by k = " + std::to_string(k) +
                       ", the documents read; S-recall divides them by S, every subtopic some "
                       "document covers"};
}

std::optional<Candidate> s_recall_over_retrieved_subtopics(const Context& c) {
  const Number* seen = value_of(c.outcome, "seen");
  const auto S = subtopic_count(c);
  const auto listed = subtopic_count(c, true);
  if (!seen || !S || !listed || *listed == 0 || *listed == *S) return std::nullopt;
  return Candidate{"s_recall.over_retrieved_subtopics", *seen / whole(*listed),
                   c.answer + " divides by the " + std::to_string(*listed) +
                       " subtopics the retrieved documents cover; S-recall divides by S = " +
                       std::to_string(*S) + ", the unretrieved documents' subtopics too"};
}

std::optional<Candidate> s_recall_repeats(const Context& c) {
  const auto list = parse_subtopic_list(c.input);
  const auto S = subtopic_count(c);
  if (!list.ok() || !S || *S == 0) return std::nullopt;
  std::int64_t mentions = 0;
  for (std::size_t i = 0; i < kept_ranks(c, list.value().docs.size()); ++i) {
    mentions += static_cast<std::int64_t>(list.value().docs[i].subtopics.size());
  }
  return Candidate{"s_recall.repeats_counted", ratio(mentions, *S),
                   c.answer +
                       " counts a subtopic again each time another document covers it; "
                       "S-recall counts each subtopic covered once, however many "
                       "documents cover it"};
}

// --- gMAP, AUC ---------------------------------------------------------------------------------

// gMAP's per-query values: every key after the mean's own ("q1:AP").
std::vector<Number> per_query_values(const Context& c) {
  std::vector<Number> out;
  for (std::size_t i = 1; i < c.outcome.values.size(); ++i)
    out.push_back(c.outcome.values[i].second);
  return out;
}

std::optional<Candidate> gmap_arithmetic(const Context& c) {
  const auto values = per_query_values(c);
  if (values.empty()) return std::nullopt;
  Number sum = whole(0);
  for (const auto& v : values) sum = sum + v;
  return Candidate{"gmap.arithmetic_mean", sum / whole(static_cast<std::int64_t>(values.size())),
                   c.answer +
                       " is the arithmetic mean of the queries' values, which is MAP; gMAP "
                       "is their geometric mean, the n-th root of their product (each "
                       "taken as at least 0.00001)"};
}

std::optional<Candidate> gmap_no_floor(const Context& c) {
  const auto values = per_query_values(c);
  const bool zero =
      std::any_of(values.begin(), values.end(), [](const Number& v) { return v.approx == 0.0; });
  if (values.empty() || !zero) return std::nullopt;
  return Candidate{"gmap.no_floor", whole(0),
                   c.answer +
                       " multiplies in a query's 0, which makes the product 0; gMAP takes "
                       "each query's value as at least 0.00001, so that one query with "
                       "nothing relevant retrieved lowers the mean without zeroing it"};
}

// AUC as the share of (relevant, non-relevant) pairs the scores order correctly, a tie counting
// `tie` (1/2 in AUC; 0 or 1 in the slips).
std::optional<Number> auc_with_ties(const Context& c, const Number& tie, std::int64_t* ties) {
  const auto parsed = parse_scored_labels(c.input);
  if (!parsed.ok()) return std::nullopt;
  std::vector<double> negatives;
  for (const auto& item : parsed.value().items) {
    if (!item.relevant) negatives.push_back(item.score);
  }
  std::sort(negatives.begin(), negatives.end());
  std::int64_t below = 0;
  std::int64_t tied = 0;
  std::int64_t positives = 0;
  for (const auto& item : parsed.value().items) {
    if (!item.relevant) continue;
    ++positives;
    const auto low = std::lower_bound(negatives.begin(), negatives.end(), item.score);
    const auto high = std::upper_bound(negatives.begin(), negatives.end(), item.score);
    below += low - negatives.begin();
    tied += high - low;
  }
  const auto all = positives * static_cast<std::int64_t>(negatives.size());
  if (all == 0) return std::nullopt;
  if (ties) *ties = tied;
  return (whole(below) + whole(tied) * tie) / whole(all);
}

std::optional<Candidate> auc_ties(const Context& c, bool as_one) {
  std::int64_t ties = 0;
  const auto plain = auc_with_ties(c, ratio(1, 2), &ties);
  if (!plain || ties == 0 || std::fabs(plain->approx - c.outcome.value.approx) > 1e-12) {
    return std::nullopt;
  }
  const auto value = auc_with_ties(c, whole(as_one ? 1 : 0), nullptr);
  if (!value) return std::nullopt;
  const std::string pairs = std::to_string(ties) + (ties == 1 ? " pair" : " pairs");
  return Candidate{as_one ? "auc.ties_counted_whole" : "auc.ties_dropped", *value,
                   c.answer + " counts the " + pairs + " with equal scores as " +
                       (as_one ? "ordered correctly (1 each)" : "ordered wrongly (0 each)") +
                       "; a tie counts 1/2, the chance that a random order puts the relevant "
                       "item first (the trapezoid under the ROC curve's diagonal step)"};
}

// --- R-precision, bpref ------------------------------------------------------------------------

// R-precision of a list shorter than R: the relevant documents divided by the documents
// retrieved, where P@R counts the missing ranks as not relevant.
std::optional<Candidate> rprec_over_retrieved(const Context& c) {
  const Number* relevant = value_of(c.outcome, "relevant_retrieved");
  const Number* R = value_of(c.outcome, "R");
  if (!relevant || !relevant->exact || !R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  if (n == 0 || n >= R->exact->num) return std::nullopt;
  return Candidate{"rprec.over_retrieved", ratio(relevant->exact->num, n),
                   c.answer + " divides the " + number_text(*relevant) +
                       " relevant documents by the " + std::to_string(n) +
                       " documents retrieved; R-precision is P@R, divided by R = " +
                       number_text(*R) + ", counting the ranks past the list as not relevant"};
}

// R-precision read at rank R' = the relevant documents in the list, not R.
std::optional<Candidate> rprec_r_from_list(const Context& c) {
  const Number* R = value_of(c.outcome, "R");
  if (!R || !R->exact) return std::nullopt;
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return std::nullopt;
  const std::int64_t listed = list.value().relevant_count();
  if (listed == 0 || listed == R->exact->num) return std::nullopt;
  std::int64_t found = 0;
  const auto& docs = list.value().docs;
  for (std::int64_t i = 0; i < listed && i < static_cast<std::int64_t>(docs.size()); ++i) {
    found += docs[static_cast<std::size_t>(i)].judgement == Judgement::relevant ? 1 : 0;
  }
  return Candidate{"rprec.r_from_list", ratio(found, listed),
                   c.answer + " is P@" + std::to_string(listed) + ", with R taken as the " +
                       std::to_string(listed) +
                       " relevant documents in the list; R-precision is P@R with R = " +
                       number_text(*R) + ", every relevant document of the topic"};
}

// bpref by its two forms (bpref.cpp), the unjudged documents ignored or, as the slip does,
// counted as judged non-relevant: above each relevant document and in N.
std::optional<Number> bpref_value(const Context& c, bool unjudged_counted) {
  const Number* R_value = value_of(c.outcome, "R");
  const Number* N_value = value_of(c.outcome, "judged_nonrelevant");
  const auto list = parse_ranked_list(c.input);
  if (!list.ok() || !R_value || !R_value->exact || !N_value || !N_value->exact) {
    return std::nullopt;
  }
  const std::int64_t R = R_value->exact->num;
  if (R <= 0) return std::nullopt;
  const bool trec = c.call.param("variant") == "trec";
  const std::int64_t N =
      N_value->exact->num + (unjudged_counted ? list.value().unjudged_count() : 0);
  const std::int64_t cap = std::min(R, N);
  std::int64_t above = 0;
  Number sum = whole(0);
  for (const RankedDoc& doc : list.value().docs) {
    if (doc.judgement == Judgement::relevant) {
      if (!trec) {
        sum = sum + whole(1) - ratio(above, R);
      } else {
        sum = sum + (above == 0 ? whole(1) : whole(1) - ratio(std::min(above, R), cap));
      }
    } else if (doc.judgement == Judgement::not_relevant || unjudged_counted) {
      ++above;
    }
  }
  return sum / whole(R);
}

std::optional<Candidate> bpref_unjudged_counted(const Context& c) {
  const auto list = parse_ranked_list(c.input);
  if (!list.ok() || list.value().unjudged_count() == 0) return std::nullopt;
  const auto plain = bpref_value(c, false);
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  const auto value = bpref_value(c, true);
  if (!value) return std::nullopt;
  const std::int64_t u = list.value().unjudged_count();
  return Candidate{
      "bpref.unjudged_as_nonrelevant", *value,
      c.answer + " counts the " + std::to_string(u) + " unjudged " +
          (u == 1 ? "document" : "documents") + " as non-relevant above the relevant ones after " +
          (u == 1 ? "it" : "them") +
          "; bpref ignores unjudged documents and counts only the judged non-relevant ones"};
}

// --- tau ---------------------------------------------------------------------------------------

// τ with every pair tied in either ranking counted as concordant (+1) or discordant (−1) instead
// of neither: (n_c − n_d ± n_t)/n_0, n_t = n_0 − n_c − n_d.
std::optional<Candidate> tau_ties_counted(const Context& c, bool as_concordant) {
  const Number* nc = value_of(c.outcome, "nc");
  const Number* nd = value_of(c.outcome, "nd");
  const Number* n0 = value_of(c.outcome, "n0");
  if (!nc || !nd || !n0 || !nc->exact || !nd->exact || !n0->exact || n0->exact->num == 0) {
    return std::nullopt;
  }
  const std::int64_t ties = n0->exact->num - nc->exact->num - nd->exact->num;
  if (ties <= 0) return std::nullopt;
  const std::int64_t top = nc->exact->num - nd->exact->num + (as_concordant ? ties : -ties);
  const std::string pairs = std::to_string(ties) + (ties == 1 ? " tied pair" : " tied pairs");
  return Candidate{
      as_concordant ? "tau.ties_concordant" : "tau.ties_discordant", ratio(top, n0->exact->num),
      c.answer + " counts the " + pairs + " as " + (as_concordant ? "concordant" : "discordant") +
          ": (n_c − n_d " + (as_concordant ? "+ " : "− ") + std::to_string(ties) +
          ")/n_0; a pair "
          "tied in either ranking is neither concordant nor discordant and adds nothing to "
          "n_c − n_d"};
}

// --- the significance tests --------------------------------------------------------------------

// p of Student's t with `df` degrees of freedom in the tail the call asks, as significance.cpp
// takes it: two-sided P(|T| ≥ |t|), one-sided half of it or 1 minus half.
double student_p(const Context& c, double t, double df) {
  const double two = stats::student_two_sided(t * t, df);
  const std::string& tail = c.call.param("alternative");
  if (tail == "greater") return t >= 0 ? two / 2.0 : 1.0 - two / 2.0;
  if (tail == "less") return t <= 0 ? two / 2.0 : 1.0 - two / 2.0;
  return two;
}

enum class TtestSlip { none, sd_over_n, pooled, welch };

struct TtestWorking {
  double p = 0.0;
  double t = 0.0;
  double df = 0.0;
};

// The paired t-test (significance.cpp), or one of its slips: the SD of the differences over n,
// or the two-sample t-test on x and y as two independent samples, pooled or Welch's.
std::optional<TtestWorking> ttest_value(const Context& c, TtestSlip slip) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  const auto& queries = data.value().queries;
  const auto n = static_cast<double>(queries.size());
  if (queries.size() < 2) return std::nullopt;
  const auto mean_and_squares = [&](const std::function<double(const PairedQuery&)>& of) {
    double sum = 0.0;
    for (const auto& q : queries) sum += of(q);
    const double mean = sum / n;
    double squares = 0.0;
    for (const auto& q : queries) squares += (of(q) - mean) * (of(q) - mean);
    return std::pair<double, double>{mean, squares};
  };
  TtestWorking w;
  if (slip == TtestSlip::pooled || slip == TtestSlip::welch) {
    if (data.value().differences_only) return std::nullopt;
    const auto [mx, sx] = mean_and_squares([](const PairedQuery& q) { return q.x->value.approx; });
    const auto [my, sy] = mean_and_squares([](const PairedQuery& q) { return q.y->value.approx; });
    const double vx = sx / (n - 1.0) / n;  // s_x²/n
    const double vy = sy / (n - 1.0) / n;
    if (vx + vy <= 0.0) return std::nullopt;
    if (slip == TtestSlip::pooled) {
      const double pooled = (sx + sy) / (2.0 * n - 2.0);
      w.t = (mx - my) / std::sqrt(pooled * 2.0 / n);
      w.df = 2.0 * n - 2.0;
    } else {
      w.t = (mx - my) / std::sqrt(vx + vy);
      w.df = (vx + vy) * (vx + vy) / (vx * vx / (n - 1.0) + vy * vy / (n - 1.0));
    }
  } else {
    const auto [md, sd] =
        mean_and_squares([](const PairedQuery& q) { return q.difference.value.approx; });
    if (sd <= 0.0) return std::nullopt;
    const double variance = sd / (slip == TtestSlip::sd_over_n ? n : n - 1.0);
    w.t = md / std::sqrt(variance / n);
    w.df = n - 1.0;
  }
  w.p = student_p(c, w.t, w.df);
  return w;
}

std::optional<TtestWorking> ttest_slip(const Context& c, TtestSlip slip) {
  const auto plain = ttest_value(c, TtestSlip::none);
  if (!plain || std::fabs(plain->p - c.outcome.value.approx) >
                    1e-9 * std::max(1e-3, std::fabs(c.outcome.value.approx))) {
    return std::nullopt;
  }
  return ttest_value(c, slip);
}

Number decimal_number(double value) {
  Number out;
  out.approx = value;
  return out;
}

std::string paired_t_text(const Context& c) {
  const Number* t = value_of(c.outcome, "t");
  const Number* df = value_of(c.outcome, "df");
  if (!t || !df) return "t = d̄/(s/√n) with df = n − 1";
  return "t = d̄/(s/√n) = " + to_decimal(*t, 4) + " with df = n − 1 = " + number_text(*df);
}

std::optional<Candidate> ttest_unpaired(const Context& c, bool pooled) {
  const auto w = ttest_slip(c, pooled ? TtestSlip::pooled : TtestSlip::welch);
  if (!w) return std::nullopt;
  const std::string t = "t = " + to_decimal(decimal_number(w->t), 4);
  return Candidate{
      pooled ? "ttest.unpaired_pooled" : "ttest.unpaired_welch", decimal_number(w->p),
      c.answer + " is the p of " +
          (pooled ? "the two-sample t-test with a pooled variance (scipy.stats.ttest_ind's "
                    "default): " +
                        t + " = (x̄ − ȳ)/√(s_p²·2/n) with df = 2n − 2 = " +
                        to_decimal(decimal_number(w->df), 0)
                  : "Welch's two-sample t-test (R's t.test without paired = TRUE): " + t +
                        " = (x̄ − ȳ)/√(s_x²/n + s_y²/n) with Welch's df = " +
                        to_decimal(decimal_number(w->df), 4)) +
          ", which treats x and y as independent samples; the paired t-test works on the "
          "differences d = x − y of each query: " +
          paired_t_text(c)};
}

std::optional<Candidate> ttest_sd_over_n(const Context& c) {
  const auto w = ttest_slip(c, TtestSlip::sd_over_n);
  if (!w) return std::nullopt;
  return Candidate{"ttest.sd_over_n", decimal_number(w->p),
                   c.answer +
                       " divides Σ(d − d̄)² by n for the variance of the differences, "
                       "which gives t = " +
                       to_decimal(decimal_number(w->t), 4) +
                       "; the sample variance divides by n − 1, the degrees of freedom, and "
                       "the paired t-test's " +
                       paired_t_text(c)};
}

// The sign test or Wilcoxon's test recomputed by the measure itself on the differences written
// as a d: line, each difference's text as `text` rewrites it; empty when the unchanged line does
// not give the measure's own value.
std::optional<Number> paired_recomputed(
    const Context& c, const std::function<std::string(const PairedScores&, std::size_t)>& text) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::string plain = "d:";
  std::string changed = "d:";
  for (std::size_t i = 0; i < data.value().queries.size(); ++i) {
    plain += " " + data.value().queries[i].difference.text;
    changed += " " + text(data.value(), i);
  }
  const std::string name = canonical_name(c.call);
  const auto same = compute(name, plain, c.options);
  if (!same.ok() || !close_numbers(same.value().value, c.outcome.value)) return std::nullopt;
  const auto other = compute(name, changed, c.options);
  if (!other.ok()) return std::nullopt;
  return other.value().value;
}

std::optional<Candidate> sign_ties_kept(const Context& c) {
  const Number* ties = value_of(c.outcome, "ties");
  const Number* n = value_of(c.outcome, "n");
  if (!ties || !ties->exact || ties->exact->num == 0 || !n) return std::nullopt;
  const auto value = paired_recomputed(c, [](const PairedScores& data, std::size_t i) {
    const PairedValue& d = data.queries[i].difference;
    return d.value.approx == 0.0 ? std::string("-1") : d.text;
  });
  if (!value) return std::nullopt;
  const std::int64_t all = n->exact ? n->exact->num + ties->exact->num : 0;
  return Candidate{"sign.ties_kept", *value,
                   c.answer + " keeps the " + number_text(*ties) +
                       (ties->exact->num == 1 ? " tie" : " ties") +
                       " in n (n = " + std::to_string(all) +
                       "), which counts each as a query where x is not higher; the sign test "
                       "drops the ties, which favour neither system: n = n+ + n− = " +
                       number_text(*n)};
}

// Wilcoxon's ranks given to the signed differences (the most negative ranked 1) instead of their
// absolute values: recomputed by the measure on differences sign(d)·rank(d), whose absolute
// values carry those ranks (ties sharing the mean of theirs).
std::optional<Candidate> wilcoxon_signed_ranked(const Context& c) {
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::vector<double> nonzero;
  bool negative = false;
  for (const auto& q : data.value().queries) {
    const double d = q.difference.value.approx;
    if (d != 0.0) nonzero.push_back(d);
    negative = negative || d < 0.0;
  }
  if (!negative) return std::nullopt;  // no negative difference: the two rankings agree
  std::sort(nonzero.begin(), nonzero.end());
  const auto rank_of = [&](double d) {  // twice the mean rank, an integer
    const auto low = std::lower_bound(nonzero.begin(), nonzero.end(), d) - nonzero.begin();
    const auto high = std::upper_bound(nonzero.begin(), nonzero.end(), d) - nonzero.begin();
    return low + 1 + high;
  };
  const auto value = paired_recomputed(c, [&](const PairedScores& d, std::size_t i) {
    const double v = d.queries[i].difference.value.approx;
    if (v == 0.0) return std::string("0");
    const auto twice = rank_of(v);
    std::string text = std::to_string(twice / 2) + (twice % 2 ? ".5" : "");
    return v < 0 ? "-" + text : text;
  });
  if (!value) return std::nullopt;
  return Candidate{"wilcoxon.signed_values_ranked", *value,
                   c.answer +
                       " ranks the differences by their signed values, the most negative "
                       "first; the signed-rank test ranks their absolute values |d|, the "
                       "smallest size first, and then gives each rank its difference's sign"};
}

// The randomization test's p counting only the sign assignments strictly more extreme than the
// observed one (the observed one, and any that tie with it, left out), where p counts those at
// least as extreme. Only when significance.cpp enumerated every assignment (its "assignments").
std::optional<Candidate> randomization_strictly_more(const Context& c) {
  const Number* assignments = value_of(c.outcome, "assignments");
  const Number* extreme = value_of(c.outcome, "extreme");
  if (!assignments || !extreme || !assignments->exact || !extreme->exact) return std::nullopt;
  const auto data = parse_paired_scores(c.input);
  if (!data.ok()) return std::nullopt;
  std::vector<double> sizes;
  double observed = 0.0;
  double total = 0.0;
  for (const auto& q : data.value().queries) {
    const double d = q.difference.value.approx;
    if (d == 0.0) continue;
    sizes.push_back(std::fabs(d));
    observed += d;
    total += std::fabs(d);
  }
  if (sizes.size() > 20 || (std::int64_t{1} << sizes.size()) != assignments->exact->num) {
    return std::nullopt;
  }
  const double tolerance = 1e-9 * std::max(1.0, total);
  const std::string& tail = c.call.param("alternative");
  std::int64_t at_least = 0;
  std::int64_t beyond = 0;
  const std::uint64_t all = std::uint64_t{1} << sizes.size();
  for (std::uint64_t signs = 0; signs < all; ++signs) {
    double sum = 0.0;
    for (std::size_t i = 0; i < sizes.size(); ++i) sum += (signs >> i & 1U) ? -sizes[i] : sizes[i];
    const double past = tail == "greater" ? sum - observed
                        : tail == "less"  ? observed - sum
                                          : std::fabs(sum) - std::fabs(observed);
    at_least += past >= -tolerance ? 1 : 0;
    beyond += past > tolerance ? 1 : 0;
  }
  if (at_least != extreme->exact->num) return std::nullopt;
  const std::string of = " of the " + number_text(*assignments) + " sign assignments";
  return Candidate{"randomization.strictly_more_extreme", ratio(beyond, assignments->exact->num),
                   c.answer + " counts the " + std::to_string(beyond) + of +
                       " whose mean is strictly more extreme than the observed one; p counts "
                       "the " +
                       number_text(*extreme) +
                       " at least as extreme, the observed assignment and those that tie with "
                       "it included"};
}

// --- EER, AUC-PR -------------------------------------------------------------------------------

// The items returned at each distinct score, highest first (roc.cpp's thresholds): TP and FP
// counted so far, after the point (0, 0) of nothing returned.
struct RocCounts {
  std::int64_t tp = 0;
  std::int64_t fp = 0;
};

std::vector<RocCounts> returned_at_thresholds(const Context& c, std::int64_t& P, std::int64_t& N) {
  const auto parsed = parse_scored_labels(c.input);
  if (!parsed.ok()) return {};
  std::vector<ScoredItem> items = parsed.value().items;
  std::stable_sort(items.begin(), items.end(),
                   [](const ScoredItem& a, const ScoredItem& b) { return a.score > b.score; });
  P = parsed.value().positives();
  N = parsed.value().negatives();
  std::vector<RocCounts> out{{}};
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == 0 || items[i].score != items[i - 1].score) out.push_back(out.back());
    (items[i].relevant ? out.back().tp : out.back().fp) += 1;
  }
  return out;
}

int number_sign(const Number& n) {
  if (n.exact) return (n.exact->num > 0) - (n.exact->num < 0);
  return (n.approx > 0.0) - (n.approx < 0.0);
}

// EER as (FPR + FNR)/2 at the ROC point where the two are closest, instead of where the line
// between the two points around the crossing meets FPR = FNR.
std::optional<Candidate> eer_nearest_mean(const Context& c) {
  std::int64_t P = 0;
  std::int64_t N = 0;
  const auto points = returned_at_thresholds(c, P, N);
  if (points.empty() || P == 0 || N == 0) return std::nullopt;
  const auto fpr = [&](const RocCounts& r) { return ratio(r.fp, N); };
  const auto fnr = [&](const RocCounts& r) { return ratio(P - r.tp, P); };
  std::optional<std::size_t> crossing;
  std::size_t nearest = 0;
  Number nearest_gap = whole(2);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Number d = fpr(points[i]) - fnr(points[i]);
    const Number gap = number_sign(d) < 0 ? whole(0) - d : d;
    if (number_sign(gap - nearest_gap) < 0) {
      nearest_gap = gap;
      nearest = i;
    }
    if (!crossing && number_sign(d) >= 0) crossing = i;
  }
  if (!crossing || *crossing == 0) return std::nullopt;
  const RocCounts& a = points[*crossing - 1];
  const RocCounts& b = points[*crossing];
  const Number da = fpr(a) - fnr(a);
  const Number db = fpr(b) - fnr(b);
  const Number eer =
      number_sign(db) == 0 ? fpr(b) : fpr(a) + (whole(0) - da) / (db - da) * (fpr(b) - fpr(a));
  if (!close_numbers(eer, c.outcome.value)) return std::nullopt;
  const RocCounts& n = points[nearest];
  return Candidate{"eer.nearest_point_mean", (fpr(n) + fnr(n)) / whole(2),
                   c.answer + " is (FPR + FNR)/2 = (" + number_text(fpr(n)) + " + " +
                       number_text(fnr(n)) + ")/2 at the ROC point where the two are closest (" +
                       std::to_string(n.tp) + " relevant and " + std::to_string(n.fp) +
                       " non-relevant returned), where they are not equal; the EER is where the "
                       "line between the two points around the crossing meets FPR = FNR"};
}

// AUC-PR with interpolated precision: each threshold's precision replaced by the highest at that
// recall or beyond, the area under the PR curve's upper envelope.
std::optional<Candidate> auc_pr_interpolated(const Context& c) {
  std::int64_t P = 0;
  std::int64_t N = 0;
  const auto points = returned_at_thresholds(c, P, N);
  if (points.size() < 2 || P == 0) return std::nullopt;
  std::vector<Number> precision;
  for (std::size_t i = 1; i < points.size(); ++i) {
    precision.push_back(ratio(points[i].tp, points[i].tp + points[i].fp));
  }
  std::vector<Number> best = precision;
  for (std::size_t i = best.size() - 1; i-- > 0;) {
    if (number_sign(best[i + 1] - best[i]) > 0) best[i] = best[i + 1];
  }
  Number step = whole(0);
  Number interpolated = whole(0);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const Number delta = ratio(points[i].tp - points[i - 1].tp, P);
    step = step + delta * precision[i - 1];
    interpolated = interpolated + delta * best[i - 1];
  }
  if (!close_numbers(step, c.outcome.value)) return std::nullopt;
  return Candidate{"auc_pr.interpolated", interpolated,
                   c.answer +
                       " takes at each recall the highest precision at that recall or beyond "
                       "(interpolated precision, as PASCAL VOC's AP does); the area under the "
                       "PR curve takes the precision at each threshold as it is: Σ Δrecall · P"};
}

// --- slips with any value ----------------------------------------------------------------------

// The slips named "any.*", which need the typed answer rather than one candidate value: each
// returns the candidate only when it gives the answer.
std::optional<Candidate> any_slip(const std::string& name, const Context& c) {
  const Answer& a = c.typed;
  const Number& value = c.expected;
  if (name == "any.truncated") {
    if (!truncates_to(a, value)) return std::nullopt;
    return Candidate{name, value,
                     a.text + " is " + c.asked + " cut off after " + decimals_text(a.decimals) +
                         "; rounded to that many decimals the last digit goes up (round, don't "
                         "truncate)"};
  }
  if (name == "any.double_rounding") {
    // 0.044976 → 0.0450 (as the page shows it) → 0.05, where rounding once gives 0.04.
    if (exact_answer(a) || a.prefix) return std::nullopt;
    const auto once = decimal_value(to_decimal(value, a.decimals));
    for (const int first : {4, 3}) {
      if (first <= a.decimals) continue;
      const auto shown = decimal_value(to_decimal(value, first));
      if (!shown) continue;
      const auto twice = decimal_value(to_decimal(exact_number(*shown), a.decimals));
      if (!twice || !once || *twice == *once || *twice != a.value) continue;
      return Candidate{name, exact_number(*shown),
                       a.text + " is " + c.asked + " rounded twice, first to " +
                           decimals_text(first) +
                           (first == 4 ? " (as the calculator shows it)" : "") +
                           " and that again to " + decimals_text(a.decimals) +
                           "; the first rounding can leave a 5 that the second carries up: round "
                           "the unrounded value once, to " +
                           decimals_text(a.decimals)};
    }
    return std::nullopt;
  }
  if (name == "any.rounded_before_ellipsis") {
    // 0.42... for 0.4166…: rounded, where the ellipsis says the digits are the value's own.
    if (!a.prefix || !gives(Answer{a.form, a.value, a.decimals, false, 0, a.text}, value)) {
      return std::nullopt;
    }
    return Candidate{name, value,
                     a.text + " is " + c.asked + " rounded to " + decimals_text(a.decimals) +
                         ", but an ellipsis says the digits shown are the value's own first "
                         "digits, cut off, not rounded: type the rounded value without the "
                         "ellipsis, or its first digits as they are"};
  }
  if (name == "any.lost_sign") {
    if (value.approx == 0.0 || (value.exact && value.exact->num == 0)) return std::nullopt;
    const Number flipped = whole(0) - value;
    if (!gives(a, flipped)) return std::nullopt;
    return Candidate{name, flipped,
                     a.text + " has the right size but the wrong sign for " + c.asked +
                         ": keep the sign through the working (check which way each difference "
                         "is taken)"};
  }
  if (name == "any.other_quantity") {
    // Another quantity of the same answer, at the precision typed; never its value (that of a
    // quantity the right one is made from could give the right value away).
    for (const auto& [other, number] : c.outcome.values) {
      if (other == c.key || !gives(a, number)) continue;
      return Candidate{name, number,
                       a.text + " is " + other + " (" + precision_text(a) +
                           "), another quantity of this answer; this field asks for " + c.asked};
    }
  }
  return std::nullopt;
}

// --- the catalogue -----------------------------------------------------------------------------

const std::vector<SlipEntry>& entries() {
  static const std::vector<SlipEntry> table = {
      {{"ap.over_min_r_k", {"AP"}, "AP@k: the sum of precisions divided by min(R, k) instead of R"},
       [](const Context& c) { return ap_over(c, true); }},
      {{"ap.over_k", {"AP"}, "AP@k: the sum of precisions divided by the cutoff k instead of R"},
       [](const Context& c) { return ap_over(c, false); }},
      {{"p.over_retrieved",
        {"P"},
        "P@k of a list shorter than k: divided by the documents retrieved instead of k"},
       &p_over_retrieved},
      {{"r.over_k", {"R"}, "R@k divided by k (that is P@k) instead of R"}, &r_over_k},
      {{"r.over_listed_relevant",
        {"R"},
        "R@k divided by the relevant documents in the list instead of R"},
       &r_over_listed},
      {{"rprec.over_retrieved",
        {"Rprec"},
        "R-precision of a list shorter than R: divided by the documents retrieved instead of R"},
       &rprec_over_retrieved},
      {{"rprec.r_from_list",
        {"Rprec"},
        "R-precision read at rank R' = the relevant documents in the list instead of R"},
       &rprec_r_from_list},
      {{"bpref.unjudged_as_nonrelevant",
        {"bpref"},
        "bpref with the unjudged documents counted as non-relevant instead of ignored"},
       &bpref_unjudged_counted},
      {{"rr.ranks_from_0", {"RR"}, "RR with ranks counted from 0: 1/(r − 1)"}, &rr_from_zero},
      {{"dcg.ln", {"DCG", "IDCG", "nDCG"}, "DCG discounted with the natural logarithm"},
       [](const Context& c) { return dcg_log(c, std::exp(1.0)); }},
      {{"dcg.log10", {"DCG", "IDCG", "nDCG"}, "DCG discounted with the base-10 logarithm"},
       [](const Context& c) { return dcg_log(c, 10.0); }},
      {{"dcg.ranks_from_0",
        {"DCG", "IDCG", "nDCG"},
        "the notes' DCG with ranks counted from 0: rank i discounted by log2(i − 1)"},
       &dcg_from_zero},
      {{"ndcg.idcg_given_order",
        {"nDCG"},
        "IDCG taken from the grades in their given order instead of sorted"},
       &ndcg_ideal_unsorted},
      {{"ndcg.idcg_retrieved_only",
        {"IDCG", "nDCG"},
        "IDCG from the retrieved grades only, leaving out the unretrieved judged grades"},
       &ndcg_ideal_retrieved_only},
      {{"confusion.transposed",
        {"confusion", "F"},
        "a 2 × 2 grid with no labels read the other way (rows returned and not returned): FP and "
        "FN swapped"},
       &confusion_transposed},
      {{"f.weights_swapped",
        {"F"},
        "F with β and 1/β swapped: the weight β² on precision (as the lecture notes “Week 3: "
        "Metrics” write F)"},
       &f_swapped},
      {{"f.beta_not_squared", {"F"}, "F with β where the formula has β²"}, &f_not_squared},
      {{"err.linear_gain",
        {"ERR"},
        "ERR with the linear stopping probability g/max instead of (2^g − 1)/2^max"},
       &err_linear},
      {{"err.no_cascade",
        {"ERR"},
        "ERR as Σ R_i/i: each rank's R not multiplied by the chance Π_{j<i}(1 − R_j) of reaching "
        "it"},
       &err_no_cascade},
      {{"err.max_from_list",
        {"ERR"},
        "ERR with max the list's highest grade instead of the top grade of the scale"},
       &err_max_from_list},
      {{"rbp.no_one_minus_p", {"RBP"}, "RBP without the factor 1 − p: Σ g_i p^(i−1)"},
       &rbp_no_one_minus_p},
      {{"rbp.p_to_the_i",
        {"RBP"},
        "RBP with rank i weighted by (1 − p)·p^i instead of (1 − p)·p^(i−1)"},
       &rbp_p_to_the_i},
      {{"rbp.plus_residual",
        {"RBP"},
        "RBP with the residual p^k added: the top of the band instead of RBP"},
       &rbp_plus_residual},
      {{"rbp.residual", {"RBP"}, "the residual p^k given for RBP"}, &rbp_residual},
      {{"rbp.grade_unscaled",
        {"RBP"},
        "RBP without rel with the grade as the gain, not divided by the largest grade judged"},
       &rbp_grade_unscaled},
      {{"sdcg.judged_ideal",
        {"SDCG"},
        "SDCG divided by the DCG of the judged grades sorted (nDCG) instead of k documents of "
        "gain 1"},
       &sdcg_judged_ideal},
      {{"sdcg.scale_to_list",
        {"SDCG"},
        "SDCG@k with the scale summed over the list's ranks only when k runs past the list"},
       &sdcg_scale_to_list},
      {{"inst.not_squared",
        {"INST"},
        "INST with the chance of going on C_i = (i + T + T_i − 1)/(i + T + T_i) not squared"},
       &inst_not_squared},
      {{"inst.wanted_not_lowered",
        {"INST"},
        "INST with the gain still wanted T_i kept at T: INSQ's C_i = ((i + 2T − 1)/(i + 2T))²"},
       &inst_wanted_fixed},
      {{"inst.list_ranks_only",
        {"INST"},
        "INST with the attention shared over the list's ranks only, not cwl_eval's 1000"},
       &inst_list_only},
      {{"compat.overlap_not_over_depth",
        {"Compat"},
        "Compat adding p^(i−1)·A_i, the documents shared, instead of p^(i−1)·A_i/i"},
       &compat_not_over_depth},
      {{"compat.ideal_retrieved_only",
        {"Compat"},
        "Compat with an ideal ranking of the retrieved documents only, leaving out the "
        "unretrieved grades"},
       &compat_ideal_retrieved_only},
      {{"compat.run_depth_only",
        {"Compat"},
        "Compat read to the run's length instead of the longer of the run and the ideal"},
       &compat_run_depth},
      {{"diversity.no_redundancy",
        {"alpha-nDCG", "alpha-DCG", "ERR-IA", "nERR-IA", "nNRBP"},
        "a diversity measure with the redundancy (1 − α)^c left out: every subtopic covered "
        "counted in full, as with α = 0"},
       &diversity_no_redundancy},
      {{"alpha.discount_log2_rank",
        {"alpha-nDCG", "alpha-DCG"},
        "alpha-nDCG with rank 1 undiscounted and rank r ≥ 2 divided by log2 r instead of "
        "log2(r + 1)"},
       &alpha_discount_log2_rank},
      {{"err_ia.summed_over_subtopics",
        {"ERR-IA"},
        "ERR-IA as the sum of the subtopics' ERRs instead of their mean"},
       &summed_over_subtopics},
      {{"ap_ia.summed_over_subtopics",
        {"AP-IA"},
        "AP-IA as the sum of the subtopics' average precisions instead of their mean"},
       &summed_over_subtopics},
      {{"p_ia.summed_over_subtopics",
        {"P-IA"},
        "P-IA as the sum of the subtopics' precisions at k instead of their mean"},
       &summed_over_subtopics},
      {{"nrbp.summed_over_subtopics", {"NRBP"}, "NRBP not divided by S, the subtopics"},
       &summed_over_subtopics},
      {{"nrbp.rbp_factor",
        {"NRBP"},
        "NRBP with RBP's factor (1 − β)/S instead of (1 − (1 − α)β)/S"},
       &nrbp_rbp_factor},
      {{"ap_ia.over_retrieved",
        {"AP-IA"},
        "AP-IA with each subtopic's AP divided by the documents covering it that were retrieved"},
       &ap_ia_over_retrieved},
      {{"p_ia.over_retrieved",
        {"P-IA"},
        "P-IA@k of a list shorter than k: divided by the documents retrieved instead of k"},
       &p_ia_over_retrieved},
      {{"s_recall.over_documents",
        {"S-recall"},
        "S-recall divided by the documents read instead of the subtopics"},
       &s_recall_over_documents},
      {{"s_recall.over_retrieved_subtopics",
        {"S-recall"},
        "S-recall divided by the subtopics the retrieved documents cover instead of S"},
       &s_recall_over_retrieved_subtopics},
      {{"s_recall.repeats_counted",
        {"S-recall"},
        "S-recall counting a subtopic again each time another document covers it"},
       &s_recall_repeats},
      {{"gmap.arithmetic_mean",
        {"gMAP"},
        "gMAP as the arithmetic mean of the queries' values (MAP) instead of the geometric"},
       &gmap_arithmetic},
      {{"gmap.no_floor",
        {"gMAP"},
        "gMAP with a query's 0 multiplied in, not taken as 0.00001: the product 0"},
       &gmap_no_floor},
      {{"auc.ties_dropped",
        {"AUC", "ROC"},
        "AUC with a pair of equal scores counted 0 instead of 1/2"},
       [](const Context& c) { return auc_ties(c, false); }},
      {{"auc.ties_counted_whole",
        {"AUC", "ROC"},
        "AUC with a pair of equal scores counted 1 instead of 1/2"},
       [](const Context& c) { return auc_ties(c, true); }},
      {{"eer.nearest_point_mean",
        {"EER"},
        "EER as (FPR + FNR)/2 at the ROC point where they are closest, not where they cross"},
       &eer_nearest_mean},
      {{"auc_pr.interpolated",
        {"AUC-PR"},
        "AUC-PR with interpolated precision: the highest precision at that recall or beyond"},
       &auc_pr_interpolated},
      {{"tau.ties_concordant",
        {"tau"},
        "τ with each pair tied in either ranking counted as concordant instead of neither"},
       [](const Context& c) { return tau_ties_counted(c, true); }},
      {{"tau.ties_discordant",
        {"tau"},
        "τ with each pair tied in either ranking counted as discordant instead of neither"},
       [](const Context& c) { return tau_ties_counted(c, false); }},
      {{"ttest.unpaired_pooled",
        {"ttest"},
        "the paired t-test's p taken from the two-sample t-test with a pooled variance "
        "(scipy.stats.ttest_ind's default), df = 2n − 2"},
       [](const Context& c) { return ttest_unpaired(c, true); }},
      {{"ttest.unpaired_welch",
        {"ttest"},
        "the paired t-test's p taken from Welch's two-sample t-test (R's t.test without "
        "paired = TRUE)"},
       [](const Context& c) { return ttest_unpaired(c, false); }},
      {{"ttest.sd_over_n",
        {"ttest"},
        "the paired t-test with the variance of the differences over n instead of n − 1"},
       &ttest_sd_over_n},
      {{"sign.ties_kept",
        {"sign"},
        "the sign test with the ties (d = 0) kept in n, as queries where x is not higher, "
        "instead of dropped"},
       &sign_ties_kept},
      {{"wilcoxon.signed_values_ranked",
        {"wilcoxon"},
        "Wilcoxon's signed-rank test ranking the signed differences instead of their absolute "
        "values"},
       &wilcoxon_signed_ranked},
      {{"randomization.strictly_more_extreme",
        {"randomization"},
        "the randomization test's p counting the sign assignments strictly more extreme than the "
        "observed one instead of at least as extreme"},
       &randomization_strictly_more},
      {{"any.truncated", {}, "the right value truncated instead of rounded"}, nullptr},
      {{"any.double_rounding",
        {},
        "the right value rounded twice: first to 4 (or 3) decimals, then that to the decimals "
        "typed (0.044976 → 0.0450 → 0.05 instead of 0.04)"},
       nullptr},
      {{"any.rounded_before_ellipsis",
        {},
        "the right value rounded and typed with an ellipsis, which says the digits shown are the "
        "value's own first digits (0.42... for 0.4166…)"},
       nullptr},
      {{"any.lost_sign", {}, "the right value with its sign lost (0.33 for −1/3)"}, nullptr},
      {{"ap.rounded_intermediates", {"AP"}, "each P@k rounded to 2 decimals before summing"},
       &ap_rounded},
      {{"ndcg.rounded_intermediates", {"nDCG"}, "DCG and IDCG rounded to 2 decimals first"},
       &ndcg_rounded},
      {{"kappa.rounded_intermediates", {"kappa"}, "P(A) and P(E) rounded to 2 decimals first"},
       &kappa_rounded},
      {{"fleiss.rounded_intermediates",
        {"fleiss"},
        "P(A) and P(E) rounded to 2 decimals first (Bhattacharya's CS657A notes print 0.22 for "
        "0.2099)"},
       &kappa_rounded},
      {{"f.rounded_intermediates", {"F"}, "P and R rounded to 2 decimals first"}, &f_rounded},
      {{"map.rounded_intermediates", {"MAP"}, "each query's AP rounded to 2 decimals first"},
       [](const Context& c) {
         return mean_rounded(c, "map.rounded_intermediates", true, "query's AP");
       }},
      {{"11pt.rounded_intermediates",
        {"11pt"},
        "each interpolated precision rounded to 2 decimals before averaging"},
       [](const Context& c) {
         return mean_rounded(c, "11pt.rounded_intermediates", false, "interpolated precision");
       }},
      {{"mrr.rounded_intermediates", {"MRR"}, "each query's RR rounded to 2 decimals first"},
       [](const Context& c) {
         return mean_rounded(c, "mrr.rounded_intermediates", true, "query's RR");
       }},
      {{"11pt-avg.rounded_intermediates",
        {"11pt-avg"},
        "each recall level's mean interpolated precision rounded to 2 decimals before averaging"},
       [](const Context& c) {
         return mean_rounded(c, "11pt-avg.rounded_intermediates", false,
                             "recall level's mean interpolated precision");
       }},
      {{"err.rounded_intermediates",
        {"ERR"},
        "each stopping probability R = (2^g − 1)/2^max rounded to 2 decimals first"},
       &err_rounded},
      {{"any.other_quantity",
        {},
        "another named quantity of the same answer, at the precision typed (precision where "
        "recall is asked)"},
       nullptr},
  };
  return table;
}

// --- conventions -------------------------------------------------------------------------------

// "ap.norm_retrieved" for the one choice parameter in which `other` differs from `call`; empty
// when it differs in a numeric parameter (F's β, which the catalogue covers) or in none.
// The measure whose parameters a convention changes: the one asked, or for mean(M) the M inside
// (mean(nDCG(dcg=trec)) is nDCG's convention dcg=trec, taken on each query).
const MeasureCall& convention_subject(const MeasureCall& call) {
  return call.inner.size() == 1 ? call.inner.front() : call;
}

std::string convention_name(const MeasureCall& asked, const std::string& other) {
  const auto parsed = parse_measure_name(other);
  if (!parsed.ok() || parsed.value().info != asked.info) return "";
  if (!asked.inner.empty() &&
      (parsed.value().inner.size() != 1 || asked.params != parsed.value().params ||
       asked.rank_cutoff != parsed.value().rank_cutoff)) {
    return "";
  }
  const MeasureCall& call = convention_subject(asked);
  const MeasureCall& changed = convention_subject(parsed.value());
  if (changed.info != call.info) return "";
  // Each choice that differs, "wilcoxon.method_normal+correction_no" for two.
  std::string out;
  for (const auto& param : changed.params) {
    const std::string& name = param.first;
    if (call.param(name) == param.second) continue;
    const auto p = std::find_if(call.info->params.begin(), call.info->params.end(),
                                [&](const ParamInfo& one) { return one.name == name; });
    if (p == call.info->params.end() || p->numeric) return "";
    out += (out.empty() ? text::lower(call.info->name) + "." : "+") + name + "_" + param.second;
  }
  return out;
}

// The parameter in which `other` differs from `call` ("norm" for AP(norm=retrieved) against
// AP); empty as for convention_name.
std::string convention_param(const MeasureCall& asked, const std::string& other) {
  const std::string name = convention_name(asked, other);
  const MeasureCall& call = convention_subject(asked);
  const std::string family = text::lower(call.info->name) + ".";
  if (name.empty()) return "";
  const std::string rest = name.substr(family.size());
  for (const auto& p : call.info->params) {
    if (rest.rfind(p.name + "_", 0) == 0) return p.name;
  }
  return "";
}

// Who computes each convention that way, as the clause after "as": the libraries, textbooks
// and tools a student's exercise may follow. "*.dcg_trec" stands for every measure with that
// parameter (DCG, IDCG, nDCG). A convention with no entry is named by its measure name alone.
//   trec_eval: m_map.c (AP over R), m_ndcg.c (gain over log2(i + 1)), m_bpref.c, m_11pt_avg.c.
//   Manning, Raghavan and Schütze, Introduction to Information Retrieval (2008): AP over the
//     relevant documents (8.4), NDCG with 2^R − 1 and log2(1 + m) (8.4), κ with pooled
//     marginals (8.5), interpolated precision as the highest at any recall r' ≥ r (8.4).
//   Croft, Metzler and Strohman, Search Engines: Information Retrieval in Practice (2010),
//     8.4.3: DCG = rel_1 + Σ_{i≥2} rel_i/log2 i, Järvelin and Kekäläinen's form (2002).
//   scikit-learn: average_precision_score divides by the positives of y_true, which are the
//     relevant documents retrieved when only the ranked list is given; dcg_score/ndcg_score use
//     the grade over log2(i + 1); cohen_kappa_score each judge's own marginals.
//   The R package Metrics' apk and Kaggle's apk/mapk: AP@k over min(R, k).
//   scikit-learn before 0.19: average_precision_score as auc(recall, precision), trapezoids
//     (its 0.19 release notes: precision since weighted by the change in recall).
//   SciPy's kendalltau and R's cor(method = "kendall"): τb.
//   Buckley and Voorhees, "Retrieval evaluation with incomplete information" (SIGIR 2004):
//     bpref's term 1 − n/R.
const std::vector<std::pair<std::string, std::string>>& convention_users() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"ap.norm_relevant", "trec_eval and Manning et al.'s Introduction to IR do"},
      {"ap.norm_retrieved",
       "scikit-learn's average_precision_score does when given only the ranked list"},
      {"ap.norm_min_rk", "the R package Metrics' apk and Kaggle's apk and mapk do"},
      {"ap.area_trapezoid", "scikit-learn's average_precision_score did before release 0.19"},
      {"ap.area_steps", "trec_eval and scikit-learn's average_precision_score since 0.19 do"},
      {"map.norm_relevant", "trec_eval and Manning et al.'s Introduction to IR do"},
      {"map.norm_retrieved",
       "scikit-learn's average_precision_score does when given only the ranked lists"},
      {"map.norm_min_rk", "the R package Metrics' mapk and Kaggle's mapk do"},
      {"*.dcg_notes", "Croft et al.'s Search Engines (after Järvelin and Kekäläinen) does"},
      {"*.dcg_trec", "trec_eval and scikit-learn's ndcg_score do"},
      {"*.ties_average", "scikit-learn's ndcg_score does by default (ignore_ties=False)"},
      {"*.dcg_burges", "Burges et al. (2005) and Manning et al.'s Introduction to IR do"},
      {"kappa.chance_cohen", "Cohen (1960) and scikit-learn's cohen_kappa_score do"},
      {"kappa.chance_pooled", "Manning et al.'s Introduction to IR does"},
      {"tau.variant_b", "SciPy's kendalltau and R's cor(method = \"kendall\") do"},
      {"bpref.variant_trec", "trec_eval does"},
      {"bpref.variant_notes", "Buckley and Voorhees (2004) do"},
      {"*.rule_textbook", "Manning et al.'s Introduction to IR does"},
      {"*.rule_trec10", "trec_eval 10 does"},
      {"*.rule_trec9", "trec_eval 9 does"},
  };
  return table;
}

std::string users_of(const std::string& name) {
  const std::string any = "*" + name.substr(name.find('.'));
  for (const auto& [entry, users] : convention_users()) {
    if (entry == name) return users;
  }
  for (const auto& [entry, users] : convention_users()) {
    if (entry == any) return users;
  }
  return "";
}

// What a convention does, as a phrase after "Correct under AP(norm=retrieved): "; empty when
// the alternative's own reason says it best.
std::string convention_what(const Context& c, const std::string& name) {
  const auto ends_with = [&](std::string_view tail) {
    return name.size() >= tail.size() &&
           name.compare(name.size() - tail.size(), tail.size(), tail.data(), tail.size()) == 0;
  };
  const Number* R = value_of(c.outcome, "R");
  const Number* retrieved = value_of(c.outcome, "relevant_retrieved");
  if (ends_with(".norm_retrieved")) {
    return retrieved
               ? "dividing by the " + number_text(*retrieved) + " relevant documents retrieved"
               : "dividing by the relevant documents retrieved";
  }
  if (ends_with(".norm_relevant")) {
    return R ? "dividing by R = " + number_text(*R) + ", every relevant document"
             : "dividing by R, every relevant document";
  }
  if (ends_with(".norm_min_rk")) {
    if (R && R->exact && c.call.rank_cutoff) {
      const std::int64_t k = *c.call.rank_cutoff;
      return "dividing by min(R, k) = min(" + number_text(*R) + ", " + std::to_string(k) +
             ") = " + std::to_string(std::min(R->exact->num, k));
    }
    return "dividing by min(R, k)";
  }
  if (name == "ap.area_trapezoid") {
    return "adding the trapezoids under the precision-recall curve, from precision 1 at recall 0";
  }
  if (name == "ap.area_steps") return "adding the precision at each relevant rank";
  if (ends_with(".dcg_trec")) return "discounting rank i by log2(i + 1)";
  if (ends_with(".ties_average")) {
    return "giving the documents with tied scores the mean gain of their group";
  }
  if (ends_with(".dcg_burges")) return "with the gain 2^grade − 1 and the discount log2(i + 1)";
  if (ends_with(".dcg_notes")) return "with rank 1 undiscounted and rank i ≥ 2 divided by log2 i";
  if (name == "kappa.chance_pooled") {
    return "with the chance agreement P(E) from the two judges' pooled shares";
  }
  if (name == "kappa.chance_cohen") {
    return "with the chance agreement P(E) from each judge's own shares";
  }
  if (name == "tau.variant_a") return "dividing by all n(n − 1)/2 pairs, ties or not";
  if (name == "tau.variant_b") return "correcting for ties";
  if (name == "bpref.variant_trec") {
    return "with each term 1 − min(n, R)/min(R, N), N the judged non-relevant documents";
  }
  if (name == "bpref.variant_notes") return "with each term 1 − n/R";
  if (ends_with(".rule_trec10")) return "interpolating by trec_eval 10's rule";
  if (ends_with(".rule_trec9")) return "interpolating by trec_eval 9's rule";
  if (ends_with(".rule_textbook")) {
    return "interpolating with the highest precision at any recall at least r";
  }
  if (ends_with(".rule_none")) return "without interpolation";
  return "";
}

// "AP(norm=retrieved)@10 (0.4417, a convention) or AP@k: the sum of precisions divided by the
// cutoff k instead of R (0.4375, a slip): type more decimals to tell them apart". Each value is
// shown to 4 decimals (one more than typed, when more are typed), but never when it agrees there
// with the right value, and never for the "any.*" slips, whose value is made from the right one.
std::string candidates_text(const Context& c, const std::vector<CheckCandidate>& candidates) {
  const int digits = std::max(4, c.typed.decimals + 1);
  const std::string right = to_decimal(c.expected, digits);
  std::vector<std::string> items;
  std::vector<std::string> shown;
  bool hidden = false;
  for (const auto& candidate : candidates) {
    std::string label = candidate.measure;
    if (candidate.kind == CheckCandidate::Kind::slip) {
      for (const auto& entry : entries()) {
        if (entry.info.name == candidate.name) label = entry.info.summary;
      }
    }
    const bool convention = candidate.kind == CheckCandidate::Kind::convention;
    std::string value;
    if (candidate.value && to_decimal(*candidate.value, digits) != right) {
      value = to_decimal(*candidate.value, digits);
      shown.push_back(value);
    } else {
      hidden = true;
    }
    items.push_back(label + " (" + (value.empty() ? "" : value + ", ") +
                    (convention ? "a convention" : "a slip") + ")");
  }
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  }
  const bool differ =
      hidden || std::any_of(shown.begin(), shown.end(),
                            [&](const std::string& one) { return one != shown.front(); });
  return out +
         (differ ? ": type more decimals to tell them apart" : ", which give the same value here");
}

// "dividing by the 3 relevant documents retrieved, as scikit-learn's average_precision_score
// does when given only the ranked list": what the convention does and who uses it, no value.
std::string convention_description(const Context& c, const std::string& name,
                                   const Alternative& alt) {
  std::string what = convention_what(c, name);
  if (what.empty()) what = alt.why;
  const std::string users = users_of(name);
  return users.empty() ? what : what + ", as " + users;
}

CheckCandidate convention_candidate(const Context& c, const std::string& name,
                                    const Alternative& alt) {
  return CheckCandidate{name, CheckCandidate::Kind::convention, alt.measure, alt.value,
                        convention_description(c, name, alt)};
}

// "this page's default (AP@10, dividing by R = 5) gives 28/45 ≈ 0.6222": the measure asked,
// under the convention `alt` departs from. It states the value: said only of an answer that is
// right under another convention, never of a wrong one.
std::string default_text(const Context& c, const Alternative& alt) {
  const std::string param = convention_param(c.call, alt.measure);
  const MeasureCall& subject = convention_subject(c.call);
  std::string what;
  bool is_default = true;
  if (!param.empty()) {
    what = convention_what(
        c, text::lower(subject.info->name) + "." + param + "_" + subject.param(param));
    for (const auto& p : subject.info->params) {
      if (p.name == param) is_default = subject.param(param) == p.default_value;
    }
  }
  const std::string inside = c.asked + (what.empty() ? "" : ", " + what);
  return (is_default ? "this page's default (" : "the measure asked (") + inside + ") gives " +
         value_text(c.expected);
}

// --- hints -------------------------------------------------------------------------------------
//
// A hint names the quantities to check, from the input (ranks, R, grades, the measure's
// parameters) and the quantities' names only: never a value computed from the input, so that it
// gives nothing away where the working is hidden.

// AP: the one precision of the sum whose slip gives the answer, when exactly one rank has one.
// The slips: P@k = i/k at the i-th relevant document (rank k) taken as i/(k − 1), i/(k + 1),
// (i − 1)/k, or (i + 1)/k when a later relevant document could have been counted early, or left
// out; or the precision at a non-relevant rank added.
std::string ap_located_hint(const Context& c) {
  const Number* sum = value_of(c.outcome, "sum");
  const Number* normaliser = value_of(c.outcome, "normaliser");
  if (!sum || !normaliser || normaliser->approx == 0.0) return "";
  const auto list = parse_ranked_list(c.input);
  if (!list.ok()) return "";
  const auto& docs = list.value().docs;
  const auto length = static_cast<std::int64_t>(docs.size());
  const std::int64_t depth = c.call.rank_cutoff ? std::min(*c.call.rank_cutoff, length) : length;
  const auto relevant = [&](std::int64_t rank) {
    return docs[static_cast<std::size_t>(rank - 1)].judgement == Judgement::relevant;
  };
  // The sum as AP takes it: a guard against drifting from average_precision.cpp.
  Number total = whole(0);
  std::int64_t so_far = 0;
  for (std::int64_t rank = 1; rank <= depth; ++rank) {
    if (relevant(rank)) total = total + ratio(++so_far, rank);
  }
  if (!same_number(total, *sum)) return "";
  const std::int64_t listed = so_far;

  const auto gives_with = [&](const Number& removed, const Number& added) {
    return gives(c.typed, (*sum - removed + added) / *normaliser);
  };
  int found = 0;
  std::int64_t found_rank = 0;
  std::int64_t found_index = 0;  // the i of the i-th relevant document; 0 for a non-relevant rank
  so_far = 0;
  for (std::int64_t k = 1; k <= depth && found < 2; ++k) {
    bool hit = false;
    if (relevant(k)) {
      const std::int64_t i = ++so_far;
      const Number term = ratio(i, k);
      std::vector<Number> slips;
      if (k > 1) slips.push_back(ratio(i, k - 1));
      slips.push_back(ratio(i, k + 1));
      if (i > 1) slips.push_back(ratio(i - 1, k));
      if (i < listed) slips.push_back(ratio(i + 1, k));
      slips.push_back(whole(0));
      hit = std::any_of(slips.begin(), slips.end(),
                        [&](const Number& slip) { return gives_with(term, slip); });
      if (hit) found_index = i;
    } else if (so_far > 0) {
      hit = gives_with(whole(0), ratio(so_far, k));
      if (hit) found_index = 0;
    }
    if (hit) {
      ++found;
      found_rank = k;
    }
  }
  if (found != 1) return "";
  if (found_index == 0) {
    return "Check the document at rank " + std::to_string(found_rank) +
           ": it is not relevant, so no precision is taken there.";
  }
  return "Check the precision at the " + ordinal(found_index) + " relevant document (rank " +
         std::to_string(found_rank) + ").";
}

std::string ap_hint(const Context& c, const std::string& q, bool main) {
  const std::string top = top_text(c);
  const auto ranks = relevant_ranks(c);
  const bool none = !ranks || ranks->empty();
  const std::string at_each = "the precision at each relevant document" + top +
                              (none ? "" : " (" + ranks_text(*ranks) + ")");
  if (main) {
    const std::string located = ap_located_hint(c);
    if (!located.empty()) return located;
    const std::string divide = c.call.param("norm") == "retrieved"
                                   ? "the number of relevant documents retrieved" + top
                                   : r_text(c);
    if (none) {
      return "Check which documents" + top +
             " are relevant (the sum takes the precision at each of them) and that you divide by " +
             divide + ".";
    }
    return "Check " + at_each + ", their sum, and that you divide by " + divide + ".";
  }
  if (q == "sum") return "Check " + at_each + ", and add them up.";
  if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  return "";
}

std::string ranked_hint(const Context& c, const std::string& family, const std::string& q,
                        bool main) {
  const std::string top = top_text(c);
  const std::string k = c.call.rank_cutoff ? std::to_string(*c.call.rank_cutoff) : "k";
  if (family == "P") {
    if (main) {
      return "Count the relevant documents" + top + " and divide by k = " + k +
             "; ranks past the end of the list count as not relevant.";
    }
    if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  }
  if (family == "R") {
    if (main) {
      return "Count the relevant documents" + top + " and divide by " + r_text(c) +
             ", every relevant document for the query, in the list or not.";
    }
    if (q == "relevant_retrieved") return "Count the relevant documents" + top + ".";
  }
  if (family == "Rprec" && (main || q == "relevant_retrieved")) {
    return "Count the relevant documents in the top R ranks (" + r_text(c) + ")" +
           (main ? " and divide by R: R-precision is the precision at rank R." : ".");
  }
  if (family == "PR") {
    if (main) {
      return "At each rank, precision is the relevant documents so far divided by the rank; the "
             "value is the one at the last rank of the list.";
    }
    if (q == "recall") {
      return "At each rank, recall is the relevant documents so far divided by " + r_text(c) +
             "; the value is the one at the last rank of the list.";
    }
  }
  if (family == "RR") {
    const std::string find =
        "Find the rank of the first relevant document" + top + ", counting from 1 at the top";
    if (main) {
      return find + ", and take 1 over it" +
             (c.call.rank_cutoff ? " (0 when there is none" + top + ")" : "") + ".";
    }
    if (q == "rank") return find + ".";
  }
  if (family == "bpref" && main) {
    const auto ranks = relevant_ranks(c);
    const std::string each = ranks && !ranks->empty()
                                 ? "each relevant document (" + ranks_text(*ranks) + ")"
                                 : "each relevant document";
    const std::string term = c.call.param("variant") == "trec"
                                 ? "1 − min(n, R)/min(R, N) with " + r_text(c) +
                                       " and N the judged non-relevant documents (a term with "
                                       "n = 0 counts 1)"
                                 : "1 − n/R with " + r_text(c);
    return "For " + each +
           ", count the judged non-relevant documents ranked above it (n; unjudged ones are "
           "skipped), take " +
           term + ", then divide the sum of those terms by R.";
  }
  return "";
}

// Where the interpolated precision at recall level `level` is taken from, under the rule.
std::string rule_text(const Context& c, const std::string& level) {
  const std::string& rule = c.call.param("rule");
  if (rule == "trec10") {
    return "from the rank holding lround(" + level +
           " · R) relevant documents on (trec_eval 10's rule)";
  }
  if (rule == "trec9") {
    return "from the rank holding (long)(" + level +
           " · R + 0.9) relevant documents on (trec_eval 9's rule)";
  }
  return "at any rank whose recall reaches " + level;
}

std::string interpolation_hint(const Context& c, const std::string& family, const std::string& q,
                               bool main) {
  const std::string recall =
      "Check the recall at each rank (relevant so far/R, with " + r_text(c) + ")";
  if (family == "IPrec" && main && c.call.recall_cutoff) {
    const std::string level = to_short_decimal(*c.call.recall_cutoff);
    if (c.call.param("rule") == "none") {
      return recall + " and the precision at the first rank whose recall reaches " + level + ".";
    }
    return recall + " and the highest precision " + rule_text(c, level) + ".";
  }
  if (family == "11pt") {
    if (main) {
      return recall +
             " and the interpolated precision at each of the 11 recall levels r = 0, "
             "0.1, …, 1: the highest precision " +
             rule_text(c, "r") + "; then their mean, their sum divided by 11.";
    }
    if (q.rfind("IPrec@", 0) == 0) {
      return recall + " and the highest precision " + rule_text(c, q.substr(6)) + ".";
    }
  }
  return "";
}

// MAP, gMAP, MRR, 11pt-avg, mean(M): each query's value, then the mean.
std::string means_hint(const Context& c, const std::string& family, const std::string& q,
                       bool main) {
  std::vector<std::string> ids;
  std::string inner;
  for (std::size_t i = 1; i < c.outcome.values.size(); ++i) {
    const std::string& key = c.outcome.values[i].first;
    const auto colon = key.find(':');
    if (colon == std::string::npos) continue;
    ids.push_back(key.substr(0, colon));
    if (inner.empty()) inner = key.substr(colon + 1);
  }
  if (ids.empty()) return "";
  const std::string queries = " (" + list_text(ids) + ")";
  const std::string count = std::to_string(ids.size()) + (ids.size() == 1 ? " query" : " queries");
  if (family == "11pt-avg") {
    if (main) {
      return "Check each query's interpolated precision at the 11 recall levels 0, 0.1, …, 1" +
             queries +
             ", the mean over the queries at each level, then the mean of those 11 "
             "values.";
    }
    if (q.rfind("IPrec@", 0) == 0) {
      return "Check each query's interpolated precision at recall " + q.substr(6) + queries +
             ", then their mean over the " + count + ".";
    }
  }
  if (main) {
    if (family == "gMAP") {
      return "Check each query's " + inner + queries +
             ", each taken as at least 0.00001, then their geometric mean: the n-th root of their "
             "product, n = " +
             count + ".";
    }
    return "Check each query's " + inner + queries + ", then their mean: their sum divided by " +
           count + ".";
  }
  const auto colon = q.find(':');
  if (colon != std::string::npos) {
    return "Check " + q.substr(colon + 1) + " of query " + q.substr(0, colon) +
           " alone, from its own list.";
  }
  return "";
}

std::string dcg_form(const Context& c) {
  const std::string& form = c.call.param("dcg");
  if (form == "trec") return "the grade at rank i divided by log2(i + 1)";
  if (form == "burges") return "the gain 2^grade − 1 at rank i divided by log2(i + 1)";
  return "the grade at rank 1 as it is, the grade at rank i ≥ 2 divided by log2 i";
}

std::string graded_hint(const Context& c, const std::string& q) {
  const std::string top = top_text(c);
  const std::string form = " (" + dcg_form(c) + ")";
  std::string ideal;
  const auto list = parse_graded_list(c.input);
  if (list.ok()) {
    std::vector<Fraction> grades;
    for (const auto& doc : list.value().docs) grades.push_back(doc.grade);
    for (const auto& g : list.value().unretrieved) grades.push_back(g);
    std::sort(grades.begin(), grades.end(),
              [](Fraction a, Fraction b) { return compare(a, b) > 0; });
    if (!grades.empty()) {
      ideal =
          ": " + list_of(grades.size(), [&](std::size_t i) { return to_short_decimal(grades[i]); });
    }
  }
  if (q == "DCG") return "Check each rank's discounted gain" + top + form + " and their sum.";
  if (q == "IDCG") {
    return "Sort every judged grade, retrieved or not, from the highest down" + ideal +
           "; then check each rank's discounted gain" + top + " in that ideal ranking" + form +
           " and their sum.";
  }
  if (q == "nDCG") {
    return "Check DCG, each rank's discounted gain" + top + form +
           " summed; IDCG, the same sum over every judged grade sorted from the highest down" +
           ideal + "; then nDCG = DCG/IDCG.";
  }
  return "";
}

const char* const kCounts = "TP, FP, FN and TN (truly relevant or not, returned or not)";

std::string set_formula(const std::string& q) {
  static const std::vector<std::pair<std::string, std::string>> formulas = {
      {"precision", "precision = TP/(TP + FP)"},
      {"recall", "recall = TP/(TP + FN)"},
      {"specificity", "specificity = TN/(TN + FP)"},
      {"FPR", "FPR = FP/(FP + TN)"},
      {"FNR", "FNR = FN/(FN + TP)"},
      {"accuracy", "accuracy = (TP + TN)/(TP + FP + FN + TN)"},
      {"error", "error = (FP + FN)/(TP + FP + FN + TN)"},
      {"F1", "P = TP/(TP + FP), R = TP/(TP + FN) and F1 = 2PR/(P + R)"},
      {"G", "P = TP/(TP + FP), R = TP/(TP + FN) and G = √(P · R)"},
      {"jaccard", "jaccard = TP/(TP + FP + FN)"},
      {"dice", "dice = 2TP/(2TP + FP + FN)"},
  };
  for (const auto& [name, formula] : formulas) {
    if (name == q) return formula;
  }
  return "";
}

std::string sets_hint(const Context& c, const std::string& family, const std::string& q,
                      bool main) {
  if (q == "TP" || q == "FP" || q == "FN" || q == "TN") {
    return std::string("Count ") + kCounts + " from the input; " + q + " is one of them.";
  }
  if (family == "F" && c.call.rank_cutoff) {  // F@k of a ranked list: P@k and R@k
    const std::string k = std::to_string(*c.call.rank_cutoff);
    const std::string counts = "Count the relevant documents in the top " + k;
    if (q == "precision") return counts + " and divide by k = " + k + ".";
    if (q == "recall") return counts + " and divide by " + r_text(c) + ".";
    if (main || q == "F") {
      const Number* w = value_of(c.outcome, "beta2");
      return counts + "; P@" + k + " divides them by k = " + k + ", R@" + k + " by " + r_text(c) +
             "; then F = (β² + 1)PR/(β²P + R) with β² = " +
             (w ? number_text(*w) : std::string("β²")) + ".";
    }
  }
  if (family == "F" && (main || q == "F")) {
    const Number* w = value_of(c.outcome, "beta2");
    return std::string("Check ") + kCounts +
           ", then P = TP/(TP + FP), R = TP/(TP + FN) and F = (β² + 1)PR/(β²P + R) with β² = " +
           (w ? number_text(*w) : std::string("β²")) + ".";
  }
  // A k × k matrix has no single TP, FP, FN and TN: its hints come before the two-class ones.
  if (family == "multiclass") {
    if (q == "accuracy") {
      return "Add up the diagonal of the table (the items whose predicted class is the true one) "
             "and divide by all items.";
    }
    if (q.rfind("macro_", 0) == 0) {
      return "Check each class's precision (its diagonal cell over its column's total) and recall "
             "(over its row's total)" +
             std::string(q == "macro_F1" ? " and F1" : "") +
             ", then their mean over the classes, each class counting the same.";
    }
    if (q.rfind("micro_", 0) == 0) {
      return "Add up TP, FP and FN over the classes first, then take " + q.substr(6) +
             " of those pooled counts.";
    }
  }
  const std::string formula = set_formula(q);
  if (!formula.empty()) return std::string("Check ") + kCounts + ", then " + formula + ".";
  return "";
}

std::string agreement_hint(const Context& c, const std::string& family, const std::string& q) {
  if (family == "fleiss") {
    if (q == "PA") {
      return "Check each item's agreement P_i = (Σ_j n_ij² − n)/(n(n − 1)) for n raters, then "
             "their mean P̄.";
    }
    if (q == "PE") {
      return "Check each category's share p_j (its ratings over all ratings), then P̄_e = Σ "
             "p_j².";
    }
    if (q == "kappa") {
      return "Check each category's share p_j, each item's agreement P_i, their mean P̄ and P̄_e "
             "= Σ p_j², then κ = (P̄ − P̄_e)/(1 − P̄_e).";
    }
    return "";
  }
  const std::string agreement = "P(A), the agreements (the diagonal) over all items";
  const std::string chance =
      c.call.param("chance") == "pooled"
          ? "P(E), for each category the square of its pooled share (A's total + B's total)/2N, "
            "summed"
          : "P(E), for each category judge A's share times judge B's share, summed";
  if (q == "PA") return "Check " + agreement + ".";
  if (q == "PE") return "Check " + chance + ".";
  if (q == "kappa") {
    return "Check " + agreement + "; " + chance + "; then κ = (P(A) − P(E))/(1 − P(E)).";
  }
  return "";
}

std::string tau_hint(const std::string& q) {
  const std::string pairs =
      "each pair of items: concordant (n_c: x and y order it the same way), discordant (n_d), "
      "tied in x (n_1) or in y (n_2)";
  if (q == "nc" || q == "nd" || q == "n1" || q == "n2") return "Sort out " + pairs + ".";
  if (q == "n0") return "Count the pairs of n items: n_0 = n(n − 1)/2.";
  if (q == "tau_a") {
    return "Sort out " + pairs + "; then τa = (n_c − n_d)/n_0 with n_0 = n(n − 1)/2.";
  }
  if (q == "tau_b") {
    return "Sort out " + pairs +
           "; then τb = (n_c − n_d)/√((n_0 − n_1)(n_0 − n_2)) with n_0 = "
           "n(n − 1)/2.";
  }
  return "";
}

std::string tails_text(const Context& c) {
  const std::string& alternative = c.call.param("alternative");
  if (alternative == "greater") return "the upper tail";
  if (alternative == "less") return "the lower tail";
  return "both tails";
}

std::string significance_hint(const Context& c, const std::string& family, const std::string& q) {
  const std::string differences = "the differences d = x − y of each pair";
  if (family == "ttest") {
    const std::string sd = differences +
                           ", their mean, their standard deviation sd (dividing by "
                           "n − 1)";
    if (q == "n") return "Count the pairs.";
    if (q == "df") return "df = n − 1 for n pairs.";
    if (q == "mean") return "Check " + differences + " and their mean.";
    if (q == "variance" || q == "sd") {
      return "Check " + differences +
             ", their mean, and Σ(d − mean)²/(n − 1): the variance; sd "
             "is its square root.";
    }
    if (q == "se") return "Check " + sd + ", then se = sd/√n.";
    if (q == "t" || q == "t_squared") return "Check " + sd + ", then t = mean/(sd/√n).";
    if (q == "p") {
      return "Check " + sd +
             ", t = mean/(sd/√n), then p from Student's t with n − 1 degrees of "
             "freedom (" +
             tails_text(c) + ").";
    }
    return "";
  }
  if (family == "wilcoxon") {
    const std::string zeros = c.call.param("zero") == "pratt"
                                  ? "rank the zero differences with the others but count them "
                                    "in neither sum"
                                  : "leave out the zero differences";
    const std::string ranks = "Check " + differences + "; " + zeros +
                              "; rank the absolute values (tied values share the mean of their "
                              "ranks); W+ and W− are the sums of the ranks of the positive and "
                              "the negative differences";
    if (q == "zeros") return "Count the pairs with x = y.";
    if (q == "n") {
      return c.call.param("zero") == "pratt" ? "Count every difference, the zeros too."
                                             : "Count the differences that are not zero.";
    }
    if (q == "W_plus" || q == "W_minus") return ranks + ".";
    if (q == "statistic") {
      return ranks + "; the statistic is the smaller of the two (W+ itself for a one-sided test).";
    }
    if (q == "z") {
      return ranks +
             "; then z: the statistic less its mean μ = n(n + 1)/4, with a continuity "
             "correction of 1/2 towards μ, over σ, with σ² = n(n + 1)(2n + 1)/24 less a "
             "correction for ties.";
    }
    if (q == "p") {
      return ranks +
             (c.call.param("method") == "normal"
                  ? "; then p from the normal approximation z ("
                  : "; then p, the share of the 2^n sign assignments with a sum at least "
                    "as extreme (the normal approximation z when there are ties; ") +
             tails_text(c) + ").";
    }
    return "";
  }
  if (family == "sign") {
    const std::string count =
        "Count the pairs with x > y (n_plus) and with x < y (n_minus); ties (x = y) are left out";
    if (q == "p") {
      return count +
             "; then p is the binomial probability, with n = n_plus + n_minus and 1/2, of "
             "a split at least as uneven (" +
             tails_text(c) + ").";
    }
    if (q == "n_plus" || q == "n_minus" || q == "ties" || q == "n") return count + ".";
    return "";
  }
  if (family == "randomization") {
    if (q == "mean") return "Check " + differences + " and their mean.";
    if (q == "assignments") return "Count the ways of flipping the signs of n differences: 2^n.";
    if (q == "extreme") {
      return "Check " + differences +
             " and their mean; then count the ways of flipping their "
             "signs whose mean is at least as extreme (" +
             tails_text(c) + ").";
    }
    if (q == "p") {
      return "Check " + differences +
             " and their mean; then p is the share of the 2^n ways of "
             "flipping the differences' signs whose mean is at least as "
             "extreme (" +
             tails_text(c) + ").";
    }
  }
  return "";
}

std::string roc_hint(const std::string& q) {
  const std::string points =
      "the ROC points (FPR, TPR) after each distinct score, highest first, items with the same "
      "score entering together";
  if (q == "AUC") {
    return "Check " + points +
           ", then the area under them by the trapezoid rule; it is also the "
           "share of the P · N (relevant, non-relevant) pairs that the scores "
           "order correctly, a tie counting 1/2.";
  }
  if (q == "pairs" || q == "all_pairs") {
    return "Count the (relevant, non-relevant) pairs the scores order correctly, a tie counting "
           "1/2; there are P · N pairs in all.";
  }
  if (q == "P" || q == "N") return "Count the relevant (P) and non-relevant (N) items.";
  if (q == "EER" || q == "lambda") {
    return "Check " + points +
           ", and FNR = 1 − TPR at each; between the two points where FPR − FNR changes sign, "
           "find where the straight line between them has FPR = FNR.";
  }
  const std::string pr =
      "Check precision and recall after each distinct score, highest first, items with the same "
      "score entering together; then the area under them ";
  if (q == "step" || q == "AUC-PR") return pr + "as steps: Σ Δrecall · precision.";
  if (q == "trapezoid")
    return pr + "by trapezoids: Σ Δrecall · (previous precision + precision)/2.";
  return "";
}

// ERR, RBP, INST, Compat: each rank's quantities in the order they are worked out.
std::string cascade_hint(const Context& c, const std::string& family, const std::string& q,
                         bool main) {
  const std::string top = top_text(c);
  if (family == "ERR") {
    const std::string each =
        "Check each rank's stopping probability R = (2^g − 1)/2^max" + top +
        " with max = " + c.call.param("max") +
        " (the top of the scale), and the chance of reaching the rank, the product of 1 − R over "
        "the ranks above it";
    if (main) return each + "; then add R times that chance divided by the rank.";
    if (q == "stops")
      return each + "; the user stops somewhere with 1 minus the chance of reading past them all.";
  }
  if (family == "RBP") {
    const std::string gain = c.call.param("rel").empty()
                                 ? "the grade over the largest grade judged when that is above 1"
                                 : "1 from grade " + c.call.param("rel") + " up, else 0";
    const std::string sum = "Check each rank's weight (1 − p)·p^(i − 1)" + top +
                            " with p = " + c.call.param("p") + ", times its gain (" + gain +
                            "), summed";
    if (main) return sum + ".";
    if (q == "residual") {
      return "Check the residual p^k, k the ranks evaluated (the cutoff, or the list's length when "
             "it is shorter), with p = " +
             c.call.param("p") + ".";
    }
    if (q == "upper") return sum + "; then add the residual p^k, k the ranks evaluated.";
  }
  if (family == "INST") {
    const std::string max =
        c.call.param("max").empty() ? "the highest grade judged" : "max = " + c.call.param("max");
    const std::string each =
        "Check each rank's gain g = grade/" + max +
        ", the gain still wanted T_i = T − (the gains "
        "down to rank i) with T = " +
        c.call.param("T") +
        ", the chance of going on C_i = ((i + T + T_i − 1)/(i + T + T_i))², and the chance of "
        "reaching each rank, the product of C above it, down to rank 1000 (the ranks past the "
        "list with gain 0)";
    if (main)
      return each + "; each rank's share W_i is that chance over their sum, and INST = Σ W_i g_i.";
    if (q == "depth") return each + "; the expected depth 1/W_1 is the sum of those chances.";
  }
  if (family == "Compat" && (main || q == "RBO")) {
    const std::string ideal =
        "Check the ideal ranking (every document graded above 0, retrieved or not, by grade, "
        "equal grades in the run's order); then at each depth i to the longer of the two "
        "rankings count the documents their top i share, A_i, and add p^(i − 1)·A_i/i with p = " +
        c.call.param("p");
    if (q == "RBO" || c.call.param("normalize") == "no") return ideal + "; divide by Σ p^(i − 1).";
    return ideal +
           "; divide by the ideal's own sum, p^(i − 1)·min(i, the ideal's length)/i added up.";
  }
  return "";
}

// The diversity measures: each document's gain from the subtopics it covers, then the measure.
std::string diversity_hint(const Context& c, const std::string& family, bool main) {
  if (!main) return "";
  const std::string top = top_text(c);
  const std::string gains =
      "For each document" + top +
      ", check the subtopics it covers and, for each, how many documents above it covered it "
      "(c); its gain is the sum of (1 − α)^c with α = " +
      c.call.param("alpha");
  const std::string ideal =
      "the same sum over the ideal ranking, built greedily (at each rank the document adding the "
      "most gain)";
  const std::string ideal_ideal =
      "the same sum over the ideal ideal, a document covering all S subtopics at every rank (gain "
      "S(1 − α)^(r − 1))";
  if (family == "alpha-nDCG") {
    return gains + "; add each gain over log2(r + 1), and divide by " + ideal + ".";
  }
  if (family == "alpha-DCG") {
    return gains + "; add each gain over log2(r + 1), and divide by " + ideal_ideal + ".";
  }
  if (family == "ERR-IA")
    return gains + "; add each gain over its rank r, and divide by " + ideal_ideal + ".";
  if (family == "nERR-IA")
    return gains + "; add each gain over its rank r, and divide by " + ideal + ".";
  if (family == "NRBP") {
    return gains + "; add each gain times β^(r − 1) with β = " + c.call.param("beta") +
           " over the whole ranking, then multiply by (1 − (1 − α)β)/S, S the subtopics some "
           "document covers.";
  }
  if (family == "nNRBP") {
    return gains + "; add each gain times β^(r − 1) with β = " + c.call.param("beta") +
           ", and divide by " + ideal + ".";
  }
  if (family == "AP-IA") {
    return "For each subtopic, check the precision at each rank whose document covers it (the "
           "documents covering it so far over the rank), their sum over the documents covering "
           "it, retrieved or not; then the mean over the S subtopics some document covers.";
  }
  if (family == "P-IA") {
    return "Count the subtopics each document" + top +
           " covers; divide the total by k times S, the subtopics some document covers.";
  }
  if (family == "S-recall") {
    return "Count the distinct subtopics the documents" + top +
           " cover, and divide by S, the subtopics some document covers, retrieved or not.";
  }
  return "";
}

// The quantities in the order the outcome lists them, up to the one asked.
std::string fallback_hint(const Context& c, const std::string& q) {
  std::vector<std::string> before;
  for (const auto& [name, number] : c.outcome.values) {
    if (name == q || (c.key.empty() && same_number(number, c.outcome.value))) break;
    before.push_back(name);
  }
  if (before.empty()) return "Check how " + c.asked + " is read from the input.";
  return "Work out " + list_text(before) + " first, then " + c.asked + " from them.";
}

std::string hint_for(const Context& c) {
  const std::string& family = c.call.info->name;
  // The quantity asked: the key, or the measure's own value under its key ("F1" for confusion,
  // "p" for ttest, κ as "kappa"), else the measure's name. `main`: the measure's own value,
  // which the outcome lists first (AP, P's precision, MAP).
  std::string q = c.key;
  if (q.empty()) {
    q = value_of(c.outcome, c.outcome.label) ? c.outcome.label : family;
    if (family == "kappa" || family == "fleiss") q = "kappa";
    if (family == "tau") q = c.call.param("variant") == "a" ? "tau_a" : "tau_b";
  }
  const bool main =
      c.key.empty() || (!c.outcome.values.empty() && c.key == c.outcome.values.front().first);
  std::string hint;
  if (family == "AP") {
    hint = ap_hint(c, q, main);
  } else if (family == "P" || family == "R" || family == "Rprec" || family == "PR" ||
             family == "RR" || family == "bpref") {
    hint = ranked_hint(c, family, q, main);
  } else if (family == "IPrec" || family == "11pt") {
    hint = interpolation_hint(c, family, q, main);
  } else if (family == "MAP" || family == "gMAP" || family == "MRR" || family == "11pt-avg" ||
             family == "mean") {
    hint = means_hint(c, family, q, main);
  } else if (family == "DCG" || family == "IDCG" || family == "nDCG") {
    hint = graded_hint(c, q);
  } else if (family == "confusion" || family == "F" || family == "multiclass") {
    hint = sets_hint(c, family, q, main);
  } else if (family == "kappa" || family == "fleiss") {
    hint = agreement_hint(c, family, q);
  } else if (family == "tau") {
    hint = tau_hint(q);
  } else if (family == "ttest" || family == "wilcoxon" || family == "sign" ||
             family == "randomization") {
    hint = significance_hint(c, family, q);
  } else if (family == "ROC" || family == "AUC" || family == "EER" || family == "AUC-PR") {
    hint = roc_hint(q);
  } else if (family == "ERR" || family == "RBP" || family == "INST" || family == "Compat") {
    hint = cascade_hint(c, family, q, main);
  } else if (c.call.info->input == InputKind::subtopic_list) {
    hint = diversity_hint(c, family, main);
  } else if (family == "pool" && main) {
    hint = "Check each run's top " +
           (c.call.rank_cutoff ? std::to_string(*c.call.rank_cutoff) : std::string("k")) +
           " documents for each topic, then their union, each document once per topic, counted "
           "over the topics.";
  }
  return hint.empty() ? fallback_hint(c, q) : hint;
}

bool applies(const SlipInfo& info, const MeasureCall& call) {
  return std::find(info.measures.begin(), info.measures.end(), call.info->name) !=
         info.measures.end();
}

}  // namespace
}  // namespace checking

const char* to_string(CheckResult::Verdict verdict) {
  switch (verdict) {
    case CheckResult::Verdict::correct:
      return "correct";
    case CheckResult::Verdict::correct_under_convention:
      return "correct_under_convention";
    case CheckResult::Verdict::slip:
      return "slip";
    case CheckResult::Verdict::unknown:
      break;
  }
  return "unknown";
}

const std::vector<SlipInfo>& all_slips() {
  static const std::vector<SlipInfo> list = [] {
    std::vector<SlipInfo> out;
    for (const auto& entry : checking::entries()) out.push_back(entry.info);
    return out;
  }();
  return list;
}

namespace {

// The key of `o.values` that `typed` names: exactly, else ignoring ASCII case; empty when none.
std::string find_key(const Outcome& o, std::string_view typed) {
  for (const auto& entry : o.values) {
    if (entry.first == typed) return entry.first;
  }
  const std::string lower = text::lower(typed);
  for (const auto& entry : o.values) {
    if (text::lower(entry.first) == lower) return entry.first;
  }
  return "";
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

Result<CheckResult> check_answer(std::string_view measure, std::string_view input,
                                 const Options& options, std::string_view answer_text,
                                 std::string_view key_text) {
  using namespace checking;
  const auto outcome = compute(measure, input, options);
  if (!outcome.ok()) return outcome.error();
  const Outcome& o = outcome.value();
  const std::string_view wanted = trimmed(key_text);
  const std::string key = wanted.empty() ? std::string() : find_key(o, wanted);
  if (!wanted.empty() && key.empty()) {
    const std::string names = list_of(
        o.values.size(), [&](std::size_t i) { return o.values[i].first; }, 40);
    return InputError{ErrorCode::unknown_parameter,
                      o.measure + " has no quantity named '" + std::string(wanted) + "'" +
                          (names.empty() ? "" : "; its quantities are " + names),
                      Span{}, Field::answer};
  }
  const auto parsed_answer = parse_answer(answer_text);
  if (!parsed_answer.ok()) return parsed_answer.error();
  const auto call = parse_measure_name(measure);
  if (!call.ok()) return call.error();  // cannot happen: compute() parsed it

  const Answer& a = parsed_answer.value();
  const Number& expected = key.empty() ? o.value : *value_of(o, key);
  // A key naming the measure's own value is checked as the measure: the value's label
  // (confusion's "F1", ttest's "p"), the first key (AP's "AP", P's "precision") or the measure's
  // name (kappa's "kappa", nDCG's "nDCG"), holding that value. Another quantity that happens to
  // equal it (dice, always F1) is not.
  const bool measure_value =
      key.empty() || (same_number(expected, o.value) &&
                      (key == o.label || key == o.values.front().first ||
                       text::lower(key) == text::lower(call.value().info->name)));
  CheckResult r;
  r.measure = o.measure;
  r.key = key;
  r.label = !key.empty() ? key : o.label.empty() ? o.measure : o.label;
  r.precision = precision_text(a);
  r.expected = expected;
  r.answer = a;

  const Context context{call.value(), o, input, a.text, r.label, a, expected, key, options};
  if (gives(a, expected)) {
    r.verdict = CheckResult::Verdict::correct;
    r.correct = true;
    // A decimal that is the value itself (0.5 for 1/2) is exact, not a rounding of it; a
    // program's float output is judged at 15 significant digits even when it is.
    const bool exactly = exact_answer(a) || (!a.prefix && a.significant == 0 && expected.exact &&
                                             *expected.exact == a.value);
    if (exactly) r.precision = "exactly";
    if (a.prefix) {
      r.why = r.label + " " + equals_text(expected) + " begins " + a.text + " (its first " +
              decimals_text(a.decimals) + ").";
    } else if (a.significant > 0) {
      r.why = a.text + " is " + r.label + " " + equals_text(expected) + " at " +
              std::to_string(a.significant) +
              " significant digits, the precision at which a program's floating-point "
              "printout is judged.";
    } else {
      r.why = exactly ? a.text + " is exactly " + r.label + " " + equals_text(expected) + "."
                      : r.label + " " + equals_text(expected) + " rounds to " + a.text + " " +
                            r.precision + ".";
    }
    // Rounding never hides a convention: an answer that only rounds to the value but is another
    // convention's value exactly, or to two more decimals, says so too.
    if (measure_value && !exactly && !a.prefix && a.significant == 0) {
      const Answer closer{a.form, a.value, a.decimals + 2, false, 0, a.text};
      const bool own_closer = gives(closer, expected);
      for (const auto& alt : o.alternatives) {
        const std::string name = convention_name(call.value(), alt.measure);
        if (name.empty() || close_numbers(alt.value, expected)) continue;
        const bool alt_exactly = alt.value.exact && *alt.value.exact == a.value;
        if (!alt_exactly && (own_closer || !gives(closer, alt.value))) continue;
        r.candidates.push_back(convention_candidate(context, name, alt));
        r.why += " " + a.text + " is also " + (alt_exactly ? "exactly " : "") + alt.measure + " " +
                 equals_text(alt.value) + ": " + r.candidates.back().why + ".";
      }
    }
    return r;
  }

  // Every cause that gives the answer: the conventions first (a convention outranks a slip),
  // then the catalogue in its order. A slip whose value is that of a cause already found is the
  // same arithmetic reached another way (AP@k over k and over min(R, k) when k ≤ R; a slip that
  // a parameter has since made a convention) and is left out.
  if (measure_value) {
    for (const auto& alt : o.alternatives) {
      const std::string name = convention_name(call.value(), alt.measure);
      if (name.empty() || !gives(a, alt.value)) continue;
      r.candidates.push_back(convention_candidate(context, name, alt));
    }
  }
  const auto already_found = [&](const Number& value) {
    return std::any_of(r.candidates.begin(), r.candidates.end(), [&](const CheckCandidate& other) {
      return other.value && close_numbers(*other.value, value);
    });
  };
  for (const auto& entry : entries()) {
    std::optional<Candidate> candidate;
    if (!entry.make) {  // "any.*": their value is the right one or made from it, never shown
      candidate = any_slip(entry.info.name, context);
      // Another quantity that is a convention's value (tau_a when τb is asked) is that
      // convention.
      if (!candidate || already_found(candidate->value)) continue;
      r.candidates.push_back(CheckCandidate{candidate->name, CheckCandidate::Kind::slip, "",
                                            std::nullopt, candidate->why + "."});
      continue;
    }
    if (!measure_value || !applies(entry.info, call.value())) continue;
    candidate = entry.make(context);
    if (!candidate || !gives(a, candidate->value) || already_found(candidate->value)) continue;
    r.candidates.push_back(CheckCandidate{candidate->name, CheckCandidate::Kind::slip, "",
                                          candidate->value, candidate->why + "."});
  }

  if (!r.candidates.empty()) {
    const CheckCandidate& first = r.candidates.front();
    const bool convention = first.kind == CheckCandidate::Kind::convention;
    r.matched = first.name;
    r.verdict =
        convention ? CheckResult::Verdict::correct_under_convention : CheckResult::Verdict::slip;
    if (convention) r.convention = first.measure;
    const Alternative* first_alt = nullptr;
    for (const auto& alt : o.alternatives) {
      if (alt.measure == first.measure) first_alt = &alt;
    }
    if (r.candidates.size() == 1) {
      r.why = convention ? "Correct under " + first.measure + ": " + first.why + "; " +
                               default_text(context, *first_alt) + "."
                         : first.why;
      return r;
    }
    r.why = a.text + " could be " + candidates_text(context, r.candidates) + ".";
    if (convention) {
      r.why += " A convention's value is a right answer under that convention; " +
               default_text(context, *first_alt) + ".";
    }
    return r;
  }

  if (exact_answer(a) && !expected.exact) {
    r.why = r.label + " is irrational (it goes through a logarithm or a square root), so no " +
            "fraction or whole number equals it; type it as a decimal, e.g. to 4 decimals.";
  } else {
    // The verdict already says the answer is wrong (the page's "✗ Not AP at 2 decimals", the
    // command line's "✗ 0.7 is not AP"): this sentence says only what was looked for.
    r.why = "None of the conventions or common slips the calculator knows gives " + a.text + ".";
    r.hint = hint_for(context);
  }
  return r;
}

}  // namespace irm
