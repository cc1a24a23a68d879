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
//   2. the catalogue: slips students make with each measure (AP@k over k, P@k over the
//      documents retrieved, DCG with ln, κ with rounded intermediates, weighted κ with its
//      agreement and disagreement forms mixed, F with β and 1/β
//      swapped, ERR with the linear gain g/max, RBP without its 1 − p, INST's C_i not squared,
//      Compat's overlap not divided by the depth, alpha-nDCG without the redundancy (1 − α)^c,
//      ERR-IA summed over the subtopics, S-recall over the documents, bpref counting unjudged
//      documents as non-relevant, τ counting tied pairs, the paired t-test's p from a two-sample
//      test, the sign test keeping its ties in n, EER as (FPR + FNR)/2 at the nearest ROC
//      point, …), each computed in its measure's family file (core/src/measures/*.cpp, beside
//      the measure; check_slips.h says how a family hands them over, entries() below gathers
//      them) from the Outcome's named values, the parsed input, or the measure recomputed with
//      one parameter changed (α = 0); a recipe that recomputes a measure is used only when it
//      gives the measure's own value without the slip (a guard against drifting from the
//      measure's code);
//   3. slips with any value: truncated instead of rounded, rounded twice (to 4 or 3 decimals
//      first), the sign lost;
//   4. intermediates rounded to 2 decimals (the measures whose recipe is known);
//   5. another named quantity of the same Outcome (precision typed where recall is asked).
// The first one that gives the answer is reported with a sentence saying what to change. A
// candidate equal to the right value at the typed precision is skipped (it cannot be told apart).
//
// A named quantity (a key of Outcome.values: confusion's "precision", ttest's "t") can be checked
// instead of the measure's own value; it is compared with the slips of 3 and 5 only (the
// conventions and the catalogue are about the measure's value), unless it is that value, and
// with the catalogue's slips that say they read the key (SlipEntry::keys: multiclass's macro
// means).
//
// When nothing gives the answer, `hint` says which intermediate quantity to check, from the
// input and the quantities' names only: for AP, the one precision whose slip (i/(k±1), (i±1)/k,
// left out, a non-relevant rank counted) gives the answer, when exactly one rank does; else each
// measure's quantities in the order they are worked out. Each family's hint is in its family
// file too; fallback_hint below covers the measures without one.
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

// The measure families, each with its slips (and its hint) in its own file beside its measures
// (core/src/measures/*.cpp, check_slips.h), in the order their slips are tried. The catalogue
// takes every family's slips in this order, then the slips with any value, then every family's
// rounded intermediates in this order, then another quantity of the answer: a measure's own
// causes keep the order they are tried in (which can decide the candidate shown first).
using FamilyChecks = const CheckFamily& (*)();
constexpr FamilyChecks kFamilies[] = {
    &average_precision_checks,
    &precision_recall_checks,
    &bpref_checks,
    &reciprocal_rank_checks,
    &dcg_checks,
    &kappa_checks,
    &krippendorff_checks,
    &set_measures_checks,
    &multiclass_checks,
    &cascade_checks,
    &diversity_checks,
    &several_queries_checks,
    &interpolation_checks,
    &roc_checks,
    &correlation_checks,
    &significance_checks,
    &pooling_checks,
};

const std::vector<SlipEntry>& entries() {
  static const std::vector<SlipEntry> table = [] {
    // The slips with any value, check.cpp's own (any_slip makes them).
    const std::vector<SlipEntry> any_value = {
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
    };
    const SlipEntry other_quantity = {
        {"any.other_quantity",
         {},
         "another named quantity of the same answer, at the precision typed (precision where "
         "recall is asked)"},
        nullptr};
    std::vector<SlipEntry> out;
    const auto add = [&](const std::vector<SlipEntry>& some) {
      out.insert(out.end(), some.begin(), some.end());
    };
    for (const FamilyChecks family : kFamilies) add(family().slips);
    add(any_value);
    for (const FamilyChecks family : kFamilies) add(family().rounded);
    out.push_back(other_quantity);
    return out;
  }();
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
      {"kappa.weights_linear",
       "scikit-learn's cohen_kappa_score(weights='linear') and statsmodels' "
       "cohens_kappa(wt='linear') do"},
      {"kappa.weights_quadratic",
       "scikit-learn's cohen_kappa_score(weights='quadratic') and statsmodels' "
       "cohens_kappa(wt='quadratic') do"},
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
  if (name == "kappa.weights_none") return "without weights: every disagreement costs the same";
  if (name == "kappa.weights_linear") return "with linear disagreement weights |i − j|/(k − 1)";
  if (name == "kappa.weights_quadratic") {
    return "with quadratic disagreement weights ((i − j)/(k − 1))²";
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
  // Each family's hint says nothing of another family's measures: the first that says something
  // is the measure's own.
  for (const FamilyChecks one : kFamilies) {
    if (!one().hint) continue;
    const std::string hint = one().hint(c, q, main);
    if (!hint.empty()) return hint;
  }
  return fallback_hint(c, q);
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
    if (!(measure_value || entry.keys) || !applies(entry.info, call.value())) continue;
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
