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
//      swapped, …), each computed here from the Outcome's named values or the parsed input;
//   3. the value truncated instead of rounded (any measure);
//   4. intermediates rounded to 2 decimals (the measures whose recipe is known).
// The first one that gives the answer is reported with a sentence saying what to change. A
// candidate equal to the right value at the typed precision is skipped (it cannot be told apart).
//
// Golden tests: tests/core/check_test.cpp (RL1-ap, RL1, RL2, G2, K2, K3, K4, S1, TAU, …).

#include "irm/check.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "irm/measures.h"
#include "parse/text.h"

namespace irm {
namespace {

constexpr int kMaxDigits = 15;

// --- the answer ------------------------------------------------------------------------------

// The UTF-8 sequence starting at byte `pos` (one code point).
std::string code_point_at(std::string_view s, std::size_t pos) {
  const auto lead = static_cast<unsigned char>(s[pos]);
  std::size_t length = 1;
  if (lead >= 0xF0) {
    length = 4;
  } else if (lead >= 0xE0) {
    length = 3;
  } else if (lead >= 0xC0) {
    length = 2;
  }
  return std::string(s.substr(pos, std::min(length, s.size() - pos)));
}

const char* const kExpected =
    "a decimal such as 0.62, a fraction such as 28/45 or a percentage such as 62.2%";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// An answer's value written as a decimal: "0.62", "-0.09", "1". Empty when it is not one.
std::optional<Fraction> decimal_value(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const bool negative = text[0] == '-';
  const auto magnitude = parse_decimal(negative ? text.substr(1) : text);
  if (!magnitude) return std::nullopt;
  return negative ? Fraction{-magnitude->num, magnitude->den} : *magnitude;
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
  const auto error = [&](ErrorCode code, std::size_t pos, std::size_t length, std::string message) {
    return InputError{code, std::move(message),
                      Span{1, column(pos), std::max(1, text::code_points(s.substr(pos, length)))},
                      Field::answer};
  };
  const auto found = [&](std::size_t pos) {
    return pos < s.size() ? "'" + code_point_at(s, pos) + "'"
                          : std::string("the end of the answer");
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
                 "expected a number at column " + std::to_string(column(number_start)) +
                     ", found " + found(number_start) + "; type " + kExpected);
  }
  const auto too_long = [&](std::size_t from) {
    return error(ErrorCode::out_of_range, from, s.size() - from,
                 "the answer has more than " + std::to_string(kMaxDigits) +
                     " digits; type at most " + std::to_string(kMaxDigits));
  };
  if (digits.size() > kMaxDigits) return too_long(number_start);
  const auto whole_number = parse_decimal(std::string(s.substr(number_start, pos - number_start)));
  if (!whole_number) return too_long(number_start);
  Fraction value = negative ? Fraction{-whole_number->num, whole_number->den} : *whole_number;

  Answer answer;
  answer.text = std::string(s);
  if (pos < s.size() && s[pos] == '/') {
    if (point) {
      return error(ErrorCode::bad_number, number_start, pos - number_start,
                   "a fraction needs a whole number before '/'; found '" +
                       std::string(s.substr(number_start, pos - number_start)) + "' at column " +
                       std::to_string(column(number_start)));
    }
    const std::size_t den_start = ++pos;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
    if (pos == den_start) {
      return error(ErrorCode::bad_number, den_start, 1,
                   "expected a whole number after '/' at column " +
                       std::to_string(column(den_start)) + ", found " + found(den_start));
    }
    if (pos - den_start > kMaxDigits) return too_long(den_start);
    const auto den = parse_decimal(std::string(s.substr(den_start, pos - den_start)));
    if (!den || den->num == 0) {
      return error(ErrorCode::bad_number, den_start, pos - den_start,
                   "a fraction cannot have 0 as its denominator (column " +
                       std::to_string(column(den_start)) + ")");
    }
    const auto quotient = divide(value, *den);
    if (!quotient) return too_long(den_start);
    answer.form = Answer::Form::fraction;
    answer.value = *quotient;
    answer.decimals = 0;
  } else if (pos < s.size() && s[pos] == '%') {
    ++pos;
    const auto proportion = divide(value, Fraction{100, 1});
    if (!proportion) return too_long(number_start);
    answer.form = Answer::Form::percentage;
    answer.value = *proportion;
    answer.decimals = decimals + 2;
  } else {
    answer.form = Answer::Form::decimal;
    answer.value = value;
    answer.decimals = decimals;
  }
  if (pos < s.size()) {
    if (s[pos] == ',') {
      return error(ErrorCode::bad_number, pos, 1,
                   "found ',' at column " + std::to_string(column(pos)) +
                       "; write the decimal point as '.', e.g. 0.62");
    }
    const std::string allowed = answer.form == Answer::Form::decimal
                                    ? "a digit, '/' or '%'"
                                    : std::string("the end of the answer");
    return error(ErrorCode::bad_number, pos, 1,
                 "expected " + allowed + " at column " + std::to_string(column(pos)) + ", found " +
                     found(pos));
  }
  return answer;
}

namespace {

// --- judging -----------------------------------------------------------------------------------

bool exact_answer(const Answer& a) { return a.decimals == 0; }

// Whether `value` gives the answer at the answer's precision.
bool gives(const Answer& a, const Number& value) {
  if (exact_answer(a)) {
    if (value.exact) return *value.exact == a.value;
    const double typed = to_double(a.value);
    return std::fabs(value.approx - typed) <= 1e-9 * std::max(1.0, std::fabs(typed));
  }
  const auto rounded = decimal_value(to_decimal(value, a.decimals));
  return rounded && *rounded == a.value;
}

bool truncates_to(const Answer& a, const Number& value) {
  if (exact_answer(a)) return false;
  const auto cut = decimal_value(to_decimal_truncated(value, a.decimals));
  return cut && *cut == a.value;
}

std::string precision_text(const Answer& a) {
  if (exact_answer(a)) return "exactly";
  return "at " + std::to_string(a.decimals) + (a.decimals == 1 ? " decimal" : " decimals");
}

// "28/45 ≈ 0.6222", "1/2 = 0.5", "3", "≈ 0.8425".
std::string value_text(const Number& n) {
  if (!n.exact) return "≈ " + to_decimal(n, 4);
  const Fraction f = *n.exact;
  if (f.den == 1) return to_string(f);
  std::int64_t den = f.den;
  while (den % 2 == 0) den /= 2;
  while (den % 5 == 0) den /= 5;
  if (den == 1 && f.den <= 10000) return to_string(f) + " = " + to_short_decimal(f);
  return to_string(f) + " ≈ " + to_decimal(n, 4);
}

// "= 1/2" or "≈ 0.8610" after a name.
std::string equals_text(const Number& n) {
  const std::string text = value_text(n);
  return text.rfind("≈", 0) == 0 ? text : "= " + text;
}

// "2", "1.4142": a value with no exact form, shortened when whole.
std::string short_text(const Number& n) {
  if (n.approx == std::round(n.approx)) return std::to_string(static_cast<long long>(n.approx));
  return to_decimal(n, 4);
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

struct Candidate {
  std::string name;
  Number value;
  std::string why;
};

// What a slip is computed from.
struct Context {
  const MeasureCall& call;
  const Outcome& outcome;
  std::string_view input;
  const std::string& answer;  // as typed
  std::string asked;          // "AP@10"
};

using Maker = std::function<std::optional<Candidate>(const Context&)>;

struct SlipEntry {
  SlipInfo info;
  Maker make;
};

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
                       " on precision, as note 004's formula does; F_β = (β² + 1)PR/(β²P + R) "
                       "weights recall when β > 1"};
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
                   c.answer + " uses β = " + short_text(beta) + " where the formula has β² = " +
                       number_text(f->weight) + ": F_β = (β² + 1)PR/(β²P + R)"};
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

// --- means over queries, 11pt ------------------------------------------------------------------

std::optional<Candidate> mean_rounded(const Context& c, const std::string& name,
                                      const std::string& part, bool suffix, std::string what) {
  Number sum = whole(0);
  std::int64_t count = 0;
  for (const auto& [key, number] : c.outcome.values) {
    const bool hit = suffix ? key.size() > part.size() &&
                                  key.compare(key.size() - part.size(), part.size(), part) == 0
                            : key.rfind(part, 0) == 0;
    if (!hit) continue;
    sum = sum + rounded2(number);
    ++count;
  }
  if (count == 0) return std::nullopt;
  return Candidate{name, sum / whole(count),
                   "you rounded each " + what +
                       " to 2 decimals before averaging; average the exact values and round only "
                       "the mean"};
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
      {{"f.weights_swapped",
        {"F"},
        "F with β and 1/β swapped: the weight β² on precision (note 004's form)"},
       &f_swapped},
      {{"f.beta_not_squared", {"F"}, "F with β where the formula has β²"}, &f_not_squared},
      {{"any.truncated", {}, "the right value truncated instead of rounded"}, nullptr},
      {{"ap.rounded_intermediates", {"AP"}, "each P@k rounded to 2 decimals before summing"},
       &ap_rounded},
      {{"ndcg.rounded_intermediates", {"nDCG"}, "DCG and IDCG rounded to 2 decimals first"},
       &ndcg_rounded},
      {{"kappa.rounded_intermediates", {"kappa"}, "P(A) and P(E) rounded to 2 decimals first"},
       &kappa_rounded},
      {{"fleiss.rounded_intermediates",
        {"fleiss"},
        "P(A) and P(E) rounded to 2 decimals first (note 002 prints 0.22 for 0.2099)"},
       &kappa_rounded},
      {{"f.rounded_intermediates", {"F"}, "P and R rounded to 2 decimals first"}, &f_rounded},
      {{"map.rounded_intermediates", {"MAP"}, "each query's AP rounded to 2 decimals first"},
       [](const Context& c) {
         return mean_rounded(c, "map.rounded_intermediates", ":AP", true, "query's AP");
       }},
      {{"11pt.rounded_intermediates",
        {"11pt"},
        "each interpolated precision rounded to 2 decimals before averaging"},
       [](const Context& c) {
         return mean_rounded(c, "11pt.rounded_intermediates", "IPrec@", false,
                             "interpolated precision");
       }},
  };
  return table;
}

// --- conventions -------------------------------------------------------------------------------

// "ap.norm_retrieved" for the one choice parameter in which `other` differs from `call`; empty
// when it differs in a numeric parameter (F's β, which the catalogue covers) or in none.
std::string convention_name(const MeasureCall& call, const std::string& other) {
  const auto parsed = parse_measure_name(other);
  if (!parsed.ok() || parsed.value().info != call.info) return "";
  for (const auto& [name, value] : parsed.value().params) {
    if (call.param(name) == value) continue;
    for (const auto& p : call.info->params) {
      if (p.name == name && !p.numeric) {
        return text::lower(call.info->name) + "." + name + "_" + value;
      }
    }
    return "";
  }
  return "";
}

// What the convention changes, in a student's words; empty when the alternative's own reason
// says it best.
std::string convention_lead(const Context& c, const std::string& name, const Alternative& alt) {
  const auto ends_with = [&](std::string_view tail) {
    return name.size() >= tail.size() &&
           name.compare(name.size() - tail.size(), tail.size(), tail.data(), tail.size()) == 0;
  };
  const Number* R = value_of(c.outcome, "R");
  const Number* retrieved = value_of(c.outcome, "relevant_retrieved");
  if (name == "ap.norm_retrieved" && R && retrieved) {
    return c.answer + " is AP divided by the " + number_text(*retrieved) +
           " relevant documents retrieved (" + alt.measure + " " + equals_text(alt.value) +
           "); the notes divide by R = " + number_text(*R);
  }
  if (name == "ap.norm_relevant" && R && retrieved) {
    return c.answer + " is AP divided by R = " + number_text(*R) + " (" + alt.measure + " " +
           equals_text(alt.value) + "); " + c.asked + " divides by the " + number_text(*retrieved) +
           " relevant documents retrieved";
  }
  if (ends_with(".dcg_trec")) {
    return "your DCG uses log2(i+1) at every rank (trec_eval's form, " + alt.measure + " " +
           equals_text(alt.value) + "); the notes use rel_1 + Σ_{i≥2} rel_i/log2 i";
  }
  if (ends_with(".dcg_burges")) {
    return "your DCG uses the gain 2^rel − 1 and log2(i+1) (Burges' form, " + alt.measure + " " +
           equals_text(alt.value) + "); " + c.asked + " uses the grade itself as the gain";
  }
  if (ends_with(".dcg_notes")) {
    return "your DCG uses the notes' form rel_1 + Σ_{i≥2} rel_i/log2 i (" + alt.measure + " " +
           equals_text(alt.value) + "); " + c.asked + " uses another form";
  }
  if (name == "tau.variant_a") {
    return "this is τa (" + alt.measure + " " + equals_text(alt.value) +
           ", dividing by all n(n − 1)/2 pairs); with ties the notes use τb";
  }
  if (name == "tau.variant_b") {
    return "this is τb (" + alt.measure + " " + equals_text(alt.value) + "); " + c.asked +
           " asks for τa, which divides by all n(n − 1)/2 pairs";
  }
  return "";
}

Candidate convention_candidate(const Context& c, const std::string& name, const Alternative& alt) {
  std::string why = convention_lead(c, name, alt);
  if (why.empty()) {
    why = c.answer + " is " + alt.measure + " " + equals_text(alt.value) + " rather than " +
          c.asked + ": " + alt.why;
  }
  return Candidate{name, alt.value, why};
}

bool applies(const SlipInfo& info, const MeasureCall& call) {
  return std::find(info.measures.begin(), info.measures.end(), call.info->name) !=
         info.measures.end();
}

}  // namespace

const std::vector<SlipInfo>& all_slips() {
  static const std::vector<SlipInfo> list = [] {
    std::vector<SlipInfo> out;
    for (const auto& entry : entries()) out.push_back(entry.info);
    return out;
  }();
  return list;
}

Result<CheckResult> check_answer(std::string_view measure, std::string_view input,
                                 const Options& options, std::string_view answer_text) {
  const auto outcome = compute(measure, input, options);
  if (!outcome.ok()) return outcome.error();
  const auto parsed_answer = parse_answer(answer_text);
  if (!parsed_answer.ok()) return parsed_answer.error();
  const auto call = parse_measure_name(measure);
  if (!call.ok()) return call.error();  // cannot happen: compute() parsed it

  const Outcome& o = outcome.value();
  const Answer& a = parsed_answer.value();
  CheckResult r;
  r.measure = o.measure;
  r.label = o.label.empty() ? o.measure : o.label;
  r.precision = precision_text(a);
  r.expected = o.value;
  r.answer = a;

  if (gives(a, o.value)) {
    r.correct = true;
    r.why = exact_answer(a) ? a.text + " is exactly " + r.label + " " + equals_text(o.value) + "."
                            : r.label + " " + equals_text(o.value) + " rounds to " + a.text + " " +
                                  r.precision + ".";
    return r;
  }

  const Context context{call.value(), o, input, a.text, r.label};
  const auto found = [&](Candidate candidate) {
    r.matched = std::move(candidate.name);
    r.why = std::move(candidate.why) + ".";
    return r;
  };
  for (const auto& alt : o.alternatives) {
    const std::string name = convention_name(call.value(), alt.measure);
    if (name.empty() || gives(a, alt.value) == false) continue;
    return found(convention_candidate(context, name, alt));
  }
  for (const auto& entry : entries()) {
    if (entry.info.name == "any.truncated") {
      if (truncates_to(a, o.value)) {
        return found(
            Candidate{entry.info.name, o.value,
                      a.text + " is " + r.label + " cut off after " + std::to_string(a.decimals) +
                          (a.decimals == 1 ? " decimal" : " decimals") +
                          "; rounded to that many decimals the last digit goes up (round, don't "
                          "truncate)"});
      }
      continue;
    }
    if (!applies(entry.info, call.value())) continue;
    auto candidate = entry.make(context);
    if (candidate && gives(a, candidate->value)) return found(std::move(*candidate));
  }

  if (exact_answer(a) && !o.value.exact) {
    r.why = r.label + " is irrational (it goes through a logarithm or a square root), so no " +
            "fraction or whole number equals it; type it as a decimal, e.g. to 4 decimals.";
  } else {
    r.why = a.text + " is not " + r.label + " " + r.precision +
            ", and none of the conventions or common slips the calculator knows gives it; " +
            "compare your working with the steps.";
  }
  return r;
}

}  // namespace irm
