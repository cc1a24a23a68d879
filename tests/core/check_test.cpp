// "Check my answer": answers judged at the precision typed, the conventions and slips that
// reproduce wrong answers (one golden case per catalogue entry), named quantities checked by key,
// the hints given when nothing reproduces an answer, and the answer parser's errors word for
// word. Every expected number is worked out by hand in the comment beside it.

#include "irm/check.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "helpers.h"

namespace {

irm::CheckResult check(const std::string& measure, const std::string& input,
                       const std::string& answer, const std::string& relevant = "") {
  irm::Options options;
  if (!relevant.empty()) options["relevant"] = relevant;
  const auto r = irm::check_answer(measure, input, options, answer);
  if (!r.ok()) FAIL("unexpected error: " << r.error().message);
  return r.value();
}

// The named quantity `key` of the outcome checked instead of the measure's value.
irm::CheckResult check_key(const std::string& measure, const std::string& input,
                           const std::string& key, const std::string& answer) {
  const auto r = irm::check_answer(measure, input, {}, answer, key);
  if (!r.ok()) FAIL("unexpected error: " << r.error().message);
  return r.value();
}

irm::InputError answer_error(const std::string& answer) {
  const auto r = irm::parse_answer(answer);
  if (r.ok()) FAIL("expected an error for the answer \"" << answer << "\"");
  return r.error();
}

// method-1-ap (CS657A notes): method 1, relevant at ranks 1, 3, 6, 9, 10 of 5 relevant documents.
const char* const kRL2 = "relevant=5\n+ - + - - + - - + +";
// relevant-at-2-4-6 (Evaluation Metrics notes): relevant at ranks 2, 4, 6 of 10; R = 15.
const char* const kRL1 = "relevant=15\nD1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10";

}  // namespace

// --- parsing answers ---------------------------------------------------------------------------

TEST_CASE("answers: a decimal, a fraction and a percentage, with the decimals they are judged at",
          "[check][parse]") {
  const auto decimal = test::parsed_ok(irm::parse_answer("0.62"));
  CHECK(decimal.form == irm::Answer::Form::decimal);
  CHECK(decimal.value == irm::Fraction{31, 50});
  CHECK(decimal.decimals == 2);
  const auto fraction = test::parsed_ok(irm::parse_answer(" 56/90 "));
  CHECK(fraction.form == irm::Answer::Form::fraction);
  CHECK(fraction.value == irm::Fraction{28, 45});  // reduced
  CHECK(fraction.decimals == 0);
  CHECK(fraction.text == "56/90");
  const auto percent = test::parsed_ok(irm::parse_answer("62.2%"));
  CHECK(percent.form == irm::Answer::Form::percentage);
  CHECK(percent.value == irm::Fraction{311, 500});  // 0.622
  CHECK(percent.decimals == 3);
  CHECK(test::parsed_ok(irm::parse_answer(".5")).value == irm::Fraction{1, 2});
  CHECK(test::parsed_ok(irm::parse_answer("-0.09")).value == irm::Fraction{-9, 100});
  CHECK(test::parsed_ok(irm::parse_answer("\xE2\x88\x92"
                                          "0.09"))
            .value == irm::Fraction{-9, 100});  // U+2212 minus
  CHECK(test::parsed_ok(irm::parse_answer("1")).decimals == 0);
}

TEST_CASE("answer errors: nothing typed", "[check][parse]") {
  const auto e = answer_error("   ");
  CHECK(e.code == irm::ErrorCode::empty_input);
  CHECK(e.field == irm::Field::answer);
  CHECK(e.where.line == 0);
  CHECK(e.message ==
        "type your answer: a decimal such as 0.62, a fraction such as 28/45 or a percentage "
        "such as 62.2%");
}

TEST_CASE("answer errors: words instead of a number", "[check][parse]") {
  const auto e = answer_error("abc");
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "expected a number at column 1, found 'a'; type a decimal such as 0.62, a fraction such "
        "as 28/45 or a percentage such as 62.2%");
}

TEST_CASE("answer errors: a decimal comma", "[check][parse]") {
  const auto e = answer_error("0,62");
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.where.column == 2);
  CHECK(e.where.length == 1);
  CHECK(e.message == "found ',' at column 2; write the decimal point as '.', e.g. 0.62");
}

TEST_CASE("answer errors: a stray character, counted after leading spaces", "[check][parse]") {
  const auto e = answer_error("  0.6x");
  CHECK(e.where.column == 6);
  CHECK(e.message == "expected a digit, '/', '%' or '...' at column 6, found 'x'");
}

TEST_CASE("answer errors: a fraction with denominator 0, or none", "[check][parse]") {
  const auto zero = answer_error("28/0");
  CHECK(zero.code == irm::ErrorCode::bad_number);
  CHECK(zero.where.column == 4);
  CHECK(zero.message == "a fraction cannot have 0 as its denominator (column 4)");
  const auto none = answer_error("28/");
  CHECK(none.where.column == 4);
  CHECK(none.message ==
        "expected a whole number after '/' at column 4, found the end of the answer");
}

TEST_CASE("answer errors: a decimal over a number, and a percent sign after a fraction",
          "[check][parse]") {
  const auto decimal = answer_error("0.5/2");
  CHECK(decimal.where.column == 1);
  CHECK(decimal.where.length == 3);
  CHECK(decimal.message == "a fraction needs a whole number before '/'; found '0.5' at column 1");
  const auto percent = answer_error("1/2%");
  CHECK(percent.where.column == 4);
  CHECK(percent.message == "expected the end of the answer at column 4, found '%'");
}

TEST_CASE("answer errors: more than 17 significant digits, 18 decimals, or 15 whole digits",
          "[check][parse]") {
  // 16 and 17 significant digits are a program's float output (judged at 15); 18 are not.
  const auto e = answer_error("0.123456789012345678");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.where.column == 1);
  CHECK(e.message == "the answer has more than 17 significant digits; type at most 17");
  // One significant digit, but 19 decimals: 10^19 is past a 64-bit denominator.
  CHECK(answer_error("0.0000000000000000001").message ==
        "the answer has more than 18 decimals; type at most 18");
  // Whole numbers and the two sides of a fraction keep their 15 digits.
  CHECK(answer_error("1234567890123456").message ==
        "the answer has more than 15 digits; type at most 15");
  CHECK(answer_error("1/1234567890123456").message ==
        "the answer has more than 15 digits; type at most 15");
}

TEST_CASE("answers as students type them: 45%, 7/12, -0.3, −0.3, spaces before '/' and '%'",
          "[check][parse]") {
  const auto percent = test::parsed_ok(irm::parse_answer("45%"));
  CHECK(percent.value == irm::Fraction{9, 20});  // 45/100
  CHECK(percent.decimals == 2);
  CHECK(test::parsed_ok(irm::parse_answer("45 %")).value == irm::Fraction{9, 20});
  const auto fraction = test::parsed_ok(irm::parse_answer("7/12"));
  CHECK(fraction.value == irm::Fraction{7, 12});
  CHECK(fraction.form == irm::Answer::Form::fraction);
  CHECK(test::parsed_ok(irm::parse_answer("7 / 12")).value == irm::Fraction{7, 12});
  CHECK(test::parsed_ok(irm::parse_answer("-7/12")).value == irm::Fraction{-7, 12});
  CHECK(test::parsed_ok(irm::parse_answer("-0.3")).value == irm::Fraction{-3, 10});
  const auto minus =
      test::parsed_ok(irm::parse_answer("\xE2\x88\x92"
                                        "0.3"));  // U+2212 MINUS SIGN
  CHECK(minus.value == irm::Fraction{-3, 10});
  CHECK(minus.decimals == 1);
}

TEST_CASE("answers with an ellipsis: the digits shown are the value's first digits",
          "[check][parse]") {
  for (const char* typed : {"0.41...", "0.41\xE2\x80\xA6"}) {  // three dots, or U+2026 …
    INFO(typed);
    const auto a = test::parsed_ok(irm::parse_answer(typed));
    CHECK(a.prefix);
    CHECK(a.form == irm::Answer::Form::decimal);
    CHECK(a.value == irm::Fraction{41, 100});
    CHECK(a.decimals == 2);
  }
  // 41.6...% is the proportion 0.416… : 3 decimals.
  const auto percent = test::parsed_ok(irm::parse_answer("41.6...%"));
  CHECK(percent.prefix);
  CHECK(percent.form == irm::Answer::Form::percentage);
  CHECK(percent.value == irm::Fraction{52, 125});  // 416/1000
  CHECK(percent.decimals == 3);
  CHECK(test::parsed_ok(irm::parse_answer("-0.16...")).value == irm::Fraction{-4, 25});
  CHECK_FALSE(test::parsed_ok(irm::parse_answer("0.41")).prefix);
}

TEST_CASE("answers as a program prints a double: 16 or 17 significant digits, judged at 15",
          "[check][parse]") {
  // Python: repr(0.1 + 0.2) == '0.30000000000000004'; rounded to 15 significant digits it is
  // 0.300000000000000, that is 3/10 judged at 15 decimals.
  const auto sum = test::parsed_ok(irm::parse_answer("0.30000000000000004"));
  CHECK(sum.value == irm::Fraction{3, 10});
  CHECK(sum.decimals == 15);
  CHECK(sum.significant == 15);
  CHECK(sum.text == "0.30000000000000004");
  // Python: '%.17g' % (5/12) == '0.41666666666666669'; a sum of floats may print
  // 0.41666666666666663. Either way the 16th digit 6 rounds the 15th up, to 0.416666666666667.
  for (const char* typed : {"0.41666666666666669", "0.41666666666666663"}) {
    INFO(typed);
    const auto twelfths = test::parsed_ok(irm::parse_answer(typed));
    CHECK(twelfths.value == irm::Fraction{416666666666667, 1000000000000000});
    CHECK(twelfths.decimals == 15);
  }
  // Python: repr(1/700) == '0.0014285714285714286', 19 decimals; its 15 significant digits end
  // at the 17th decimal, and the 16th digit 8 rounds the 15th up: 0.00142857142857143.
  const auto small = test::parsed_ok(irm::parse_answer("0.0014285714285714286"));
  CHECK(small.value == irm::Fraction{142857142857143, 100000000000000000});
  CHECK(small.decimals == 17);
  // 15 significant digits are judged as typed.
  CHECK(test::parsed_ok(irm::parse_answer("0.416666666666667")).significant == 0);
}

TEST_CASE("answer errors: an ellipsis of two or four dots, with no decimals, or before a letter",
          "[check][parse]") {
  const auto two = answer_error("0.41..");
  CHECK(two.code == irm::ErrorCode::bad_number);
  CHECK(two.where.column == 5);
  CHECK(two.where.length == 2);
  CHECK(two.message == "found '..' at column 5; an ellipsis is three dots, as in 0.41..., or '…'");
  const auto four = answer_error("0.41....");
  CHECK(four.where.column == 5);
  CHECK(four.where.length == 4);
  CHECK(four.message ==
        "found '....' at column 5; an ellipsis is three dots, as in 0.41..., or '…'");
  const auto none = answer_error("41...");
  CHECK(none.where.column == 3);
  CHECK(none.where.length == 3);
  CHECK(none.message ==
        "found an ellipsis at column 3 with no decimals before it; type the first decimals of "
        "the value and then the ellipsis, as in 0.41...");
  // U+2026 is one column: 0.41…x has the x at column 6.
  const auto after = answer_error("0.41\xE2\x80\xA6x");
  CHECK(after.where.column == 6);
  CHECK(after.message == "expected '%' or the end of the answer at column 6, found 'x'");
  CHECK(answer_error("0.41...x").message ==
        "expected '%' or the end of the answer at column 8, found 'x'");
  CHECK(answer_error("28/45...").message ==
        "expected the end of the answer at column 6, found '.'");
}

TEST_CASE("check_answer passes on compute()'s errors and names the answer field",
          "[check][parse]") {
  const auto measure = irm::check_answer("AP(norm=sideways)", "R N", {}, "0.5");
  REQUIRE_FALSE(measure.ok());
  CHECK(measure.error().field == irm::Field::measure);
  const auto answer = irm::check_answer("AP", "R N", {}, "half");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().field == irm::Field::answer);
  CHECK(answer.error().where.column == 1);
}

// --- judging at the precision typed ------------------------------------------------------------

TEST_CASE("method-1-ap: 28/45 = 0.6222… is right as 0.62, 0.6, 0.622, 62.2%, 28/45 and 56/90",
          "[check][golden][RL2]") {
  for (const char* answer : {"0.62", "0.6", "0.622", "62.2%", "62%", "28/45", "56/90"}) {
    INFO(answer);
    const auto r = check("AP@10", kRL2, answer);
    CHECK(r.correct);
    CHECK(r.matched.empty());
  }
  const auto r = check("AP@10", kRL2, "0.62");
  CHECK(r.precision == "at 2 decimals");
  CHECK(r.why == "AP@10 = 28/45 ≈ 0.6222 rounds to 0.62 at 2 decimals.");
  CHECK(check("AP@10", kRL2, "0.6").precision == "at 1 decimal");
  CHECK(check("AP@10", kRL2, "28/45").why == "28/45 is exactly AP@10 = 28/45 ≈ 0.6222.");
  CHECK(r.expected.exact == irm::Fraction{28, 45});
}

TEST_CASE("method-1-ap: 0.63, 0.623 and 0.7 are wrong, and nothing in the catalogue gives them",
          "[check][golden][RL2]") {
  for (const char* answer : {"0.63", "0.623", "0.7", "1", "2/3"}) {
    INFO(answer);
    const auto r = check("AP@10", kRL2, answer);
    CHECK_FALSE(r.correct);
    CHECK(r.matched.empty());
  }
  // The sentence no longer sends the student to the working (a problem link may hide it); the
  // hint says what to check instead.
  const auto r = check("AP@10", kRL2, "0.7");
  CHECK(r.why == "None of the conventions or common slips the calculator knows gives 0.7.");
  CHECK(r.why.find("compare your working") == std::string::npos);
  CHECK_FALSE(r.hint.empty());
}

// --- conventions -------------------------------------------------------------------------------

TEST_CASE(
    "relevant-at-2-4-6-ap: the notes' 0.5 is AP divided by the 3 relevant retrieved "
    "(ap.norm_retrieved)",
    "[check][golden][RL1-ap]") {
  // AP = (1/2 + 2/4 + 3/6)/15 = (3/2)/15 = 1/10; over the 3 retrieved: (3/2)/3 = 1/2.
  // A convention's answer is right under it, not a slip: the verdict says so and names the
  // default's value.
  const auto r = check("AP", kRL1, "0.5");
  CHECK_FALSE(r.correct);
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.matched == "ap.norm_retrieved");
  CHECK(r.convention == "AP(norm=retrieved)");
  CHECK(r.why ==
        "Correct under AP(norm=retrieved): dividing by the 3 relevant documents retrieved, as "
        "scikit-learn's average_precision_score does when given only the ranked list; this "
        "page's default (AP, dividing by R = 15, every relevant document) gives 1/10 = 0.1.");
  CHECK(check("AP", kRL1, "0.1").correct);
}

TEST_CASE("nDCG: the trec_eval form log2(i+1) is recognised (ndcg.dcg_trec)",
          "[check][golden][G2]") {
  // capitals-method-1-dcg grades 5 2 3 4 1, ideal 5 4 3 2 1. trec form: DCG = 5 + 2/log2 3 + 3/2 +
  // 4/log2 5 + 1/log2 6 = 9.8714, IDCG = 5 + 4/log2 3 + 3/2 + 2/log2 5 + 1/log2 6 = 10.2719:
  // 0.9610.
  CHECK(check("nDCG@5", "5 2 3 4 1", "0.9189").correct);  // the notes' capitals-method-1-dcg value
  const auto r = check("nDCG@5", "5 2 3 4 1", "0.961");
  CHECK(r.matched == "ndcg.dcg_trec");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "nDCG(dcg=trec)@5");
  CHECK(r.why ==
        "Correct under nDCG(dcg=trec)@5: discounting rank i by log2(i + 1), as trec_eval and "
        "scikit-learn's ndcg_score do; this page's default (nDCG@5, with rank 1 undiscounted and "
        "rank i ≥ 2 divided by log2 i) gives ≈ 0.9189.");
}

TEST_CASE(
    "kappa-40-documents-pooled: pooled marginals give 0.05 for kappa-40-documents' table "
    "(kappa.chance_pooled)",
    "[check][golden][K2][K3]") {
  // kappa-40-documents: κ = 1/11 = 0.0909 (notes 0.09). Pooled: P(E) = 0.7² + 0.3² = 29/50, κ =
  // (3/5 − 29/50)/(21/50) = 1/21 = 0.0476 (notes 0.05).
  CHECK(check("kappa", "R 20 12\nI 4 4", "0.09").correct);
  const auto r = check("kappa", "R 20 12\nI 4 4", "0.05");
  CHECK(r.matched == "kappa.chance_pooled");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.why ==
        "Correct under kappa(chance=pooled): with the chance agreement P(E) from the two judges' "
        "pooled shares, as Manning et al.'s Introduction to IR does; this page's default (κ, with "
        "the chance agreement P(E) from each judge's own shares) gives 1/11 ≈ 0.0909.");
}

TEST_CASE("tau with ties: τa is recognised when τb is asked (tau.variant_a)", "[check][TAU]") {
  // x 1 2 3 4, y 1 1 2 3: n0 = 6 pairs; the pair (1, 2) is tied in y (n2 = 1); the other 5
  // are concordant. τa = 5/6 = 0.8333; τb = 5/√(6 · 5) = 0.9129.
  const char* const input = "x: 1 2 3 4\ny: 1 1 2 3";
  CHECK(check("tau", input, "0.913").correct);
  const auto r = check("tau", input, "0.83");
  CHECK(r.matched == "tau.variant_a");
  // τa is also the outcome's quantity tau_a: the same value, so not listed again as a slip.
  CHECK(r.candidates.size() == 1);
  CHECK(r.why ==
        "Correct under tau(variant=a): dividing by all n(n − 1)/2 pairs, ties or not; this page's "
        "default (τb, correcting for ties) gives ≈ 0.9129.");
}

TEST_CASE("bpref: trec_eval's min(n_r, R)/min(R, N) is recognised (bpref.variant_trec)",
          "[check][bpref]") {
  // R I R N I R: R = 3 relevant, N = 2 judged non-relevant (I), N unjudged. Notes: (1 + (1 −
  // 1/3) + (1 − 2/3))/3 = 2/3. trec: (1 + (1 − 1/2) + (1 − 2/2))/3 = 1/2.
  CHECK(check("bpref", "R I R N I R", "2/3").correct);
  CHECK(check("bpref", "R I R N I R", "0.5").matched == "bpref.variant_trec");
}

TEST_CASE("IPrec: trec_eval 10's lround(r·R) is recognised (iprec.rule_trec10)",
          "[check][interpolation]") {
  // R = 4, N R N N N R, r = 0.3: textbook needs ⌈1.2⌉ = 2 relevant: only rank 6, 2/6 = 1/3.
  // trec10 needs lround(1.2) = 1: the best precision from rank 2 on is 1/2.
  CHECK(check("IPrec@0.3", "N R N N N R", "0.33", "4").correct);
  CHECK(check("IPrec@0.3", "N R N N N R", "0.5", "4").matched == "iprec.rule_trec10");
}

TEST_CASE(
    "IPrec: the maximum over recall > r, or taken up the list (iprec.strictly_above, "
    "iprec.looked_up_the_list)",
    "[check][interpolation]") {
  // N R R N N N R N N R, R = 4: relevant at ranks 2, 3, 7, 10 with precision 1/2, 2/3, 3/7, 4/10.
  // IPrec@0.75 needs ⌈0.75 × 4⌉ = 3 relevant: max(3/7, 2/5) = 3/7 = 0.4286.
  const char* const list = "N R R N N N R N N R";
  CHECK(check("IPrec@0.75", list, "0.43", "4").correct);
  // Recall above 0.75 (strictly) leaves out rank 7, whose recall is exactly 3/4: only rank 10,
  // 4/10 = 0.4.
  const auto above = check("IPrec@0.75", list, "0.40", "4");
  CHECK(above.matched == "iprec.strictly_above");
  CHECK_THAT(above.why, Catch::Contains("leaving out rank 7, whose recall is exactly 0.75"));
  // Up the list, ranks 1 to 7: max(1/2, 2/3, 3/7) = 2/3, at rank 3.
  const auto up = check("IPrec@0.75", list, "0.67", "4");
  CHECK(up.matched == "iprec.looked_up_the_list");
  CHECK_THAT(up.why, Catch::Contains("the precision at rank 3, above rank 7"));
  // IPrec@0.6 needs ⌈2.4⌉ = 3 too, but no rank has recall exactly 0.6 (2.4 relevant): recall
  // above 0.6 is recall ≥ 0.6, so 0.4 is no slip there. 2/3 is trec_eval 10's answer there
  // (lround(2.4) = 2 relevant: max(2/3, 3/7, 2/5)), a convention, which outranks the slip.
  CHECK(check("IPrec@0.6", list, "0.40", "4").matched.empty());
  CHECK(check("IPrec@0.6", list, "0.67", "4").matched == "iprec.rule_trec10");
  // rule=none does not interpolate: neither slip is tried (its value at 0.75 is P@7 = 3/7).
  CHECK(check("IPrec(rule=none)@0.75", list, "0.67", "4").matched.empty());
}

// --- the catalogue of slips --------------------------------------------------------------------

TEST_CASE("AP@k: the sum over min(R, k) and over k (ap.over_min_r_k, ap.over_k)",
          "[check][golden][RL3][RL5]") {
  // four-of-ten-ap's list with R = 10, cut at 5: relevant at 1, 2, 5: sum = 1 + 1 + 3/5 = 13/5,
  // AP@5 = 13/50 = 0.26; over min(R, k) = 5: 13/25 = 0.52.
  // AP@k over min(R, k) is a convention with users (the R package Metrics' apk, Kaggle's apk),
  // AP(norm=min_rk)@5: a right answer under it, which outranks the slip of the same value.
  const auto min = check("AP@5", "+ + - - + - - + - -", "0.52", "10");
  CHECK(min.matched == "ap.norm_min_rk");
  CHECK(min.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(min.convention == "AP(norm=min_rk)@5");
  // method-2-ap: relevant at 2, 5, 6, 7 of R = 5: sum = 1/2 + 2/5 + 3/6 + 4/7 = 69/35; AP@10 =
  // 69/175; over k = 10: 69/350 = 0.1971.
  const auto over_k = check("AP@10", "relevant=5\n- + - - + + + - - -", "0.197");
  CHECK(over_k.matched == "ap.over_k");
}

TEST_CASE("AP: each P@k rounded to 2 decimals first (ap.rounded_intermediates)",
          "[check][golden][RL2]") {
  // method-1-ap: P@k = 1, 0.67, 0.5, 0.44, 0.5 rounded; sum 3.11; /5 = 0.622 → 0.6220 at 4 decimals
  // where the exact 28/45 gives 0.6222.
  CHECK(check("AP@10", kRL2, "0.622").correct);
  CHECK(check("AP@10", kRL2, "0.6220").matched == "ap.rounded_intermediates");
}

TEST_CASE("P@5 of a 3-document list divided by 3 (p.over_retrieved)", "[check][P]") {
  // R N R: P@5 = 2/5 (ranks 4 and 5 count as not relevant); over the 3 retrieved: 2/3.
  const auto r = check("P@5", "R N R", "0.67");
  CHECK(r.matched == "p.over_retrieved");
  CHECK(r.why ==
        "0.67 divides the 2 relevant documents by the 3 documents retrieved; P@5 divides by k = "
        "5, counting the missing ranks as not relevant.");
}

TEST_CASE("R@5 over k and over the relevant listed (r.over_k, r.over_listed_relevant)",
          "[check][R]") {
  // R = 6, R N R N R R: the top 5 hold 3 relevant, R@5 = 3/6 = 0.5; over k: 3/5 = 0.6; over the
  // 4 relevant in the list: 3/4 = 0.75.
  CHECK(check("R@5", "R N R N R R", "0.5", "6").correct);
  CHECK(check("R@5", "R N R N R R", "0.6", "6").matched == "r.over_k");
  CHECK(check("R@5", "R N R N R R", "0.75", "6").matched == "r.over_listed_relevant");
}

TEST_CASE("RR with ranks counted from 0 (rr.ranks_from_0)", "[check][RL7]") {
  // First relevant at rank 3: RR = 1/3; counted from 0 it is at 2: 1/2.
  CHECK(check("RR", "N N R", "1/2").matched == "rr.ranks_from_0");
}

TEST_CASE("nDCG: ln, log10, ranks from 0 and IDCG in the given order", "[check][golden][G2]") {
  // capitals-method-1-dcg (5 2 3 4 1, ideal 5 4 3 2 1), the notes' form with another logarithm:
  //   ln:    (5 + 2/ln 2 + 3/ln 3 + 4/ln 4 + 1/ln 5) / (5 + 4/ln 2 + 3/ln 3 + 2/ln 4 + 1/ln 5)
  //          = 0.9073
  //   log10: the same with log10: 0.8867
  //   ranks from 0 (rank i ≥ 3 discounted by log2(i − 1)): (5 + 2 + 3/1 + 4/log2 3 + 1/2) /
  //          (5 + 4 + 3/1 + 2/log2 3 + 1/2) = 13.0237/13.7619 = 0.9464
  //   IDCG from the given order: DCG/DCG = 1.
  CHECK(check("nDCG@5", "5 2 3 4 1", "0.9073").matched == "dcg.ln");
  CHECK(check("nDCG@5", "5 2 3 4 1", "0.8867").matched == "dcg.log10");
  CHECK(check("nDCG@5", "5 2 3 4 1", "0.9464").matched == "dcg.ranks_from_0");
  CHECK(check("nDCG@5", "5 2 3 4 1", "1").matched == "ndcg.idcg_given_order");
}

TEST_CASE("nDCG: IDCG without the unretrieved grades (ndcg.idcg_retrieved_only)",
          "[check][golden][G2]") {
  // capitals-method-1-dcg with a judged grade 5 not retrieved: ideal 5 5 4 3 2 → IDCG@5 = 5 + 5 +
  // 4/log2 3 + 3/2 + 2/log2 5 = 14.8858, nDCG@5 = 11.3235/14.8858 = 0.7607. Without the 5: 0.9189
  // (capitals-method-1-dcg).
  const char* const input = "5 2 3 4 1\nunretrieved: 5";
  CHECK(check("nDCG@5", input, "0.7607").correct);
  // IDCG over the retrieved grades only is the convention nDCG(ideal=retrieved), named first.
  CHECK(check("nDCG@5", input, "0.9189").matched == "ndcg.ideal_retrieved");
}

TEST_CASE("nDCG: DCG and IDCG rounded to 2 decimals first (ndcg.rounded_intermediates)",
          "[check][golden][G4]") {
  // capitals-method-3-dcg (Dehradun's 1 unretrieved): DCG@5 = 11.3614, IDCG@5 = 12.3235, nDCG@5 =
  // 0.9219; rounded: 11.36/12.32 = 0.9221.
  CHECK(check("nDCG@5", "5 4 0 3 2\nunretrieved: 1", "0.9219").correct);
  const auto r = check("nDCG@5", "5 4 0 3 2\nunretrieved: 1", "0.9221");
  CHECK(r.matched == "ndcg.rounded_intermediates");
  CHECK(r.why ==
        "you rounded DCG and IDCG to 2 decimals (11.36 and 12.32) before dividing; divide the "
        "unrounded values and round only nDCG.");
}

TEST_CASE(
    "kappa-400-documents: P(A) and P(E) rounded before dividing (kappa.rounded_intermediates)",
    "[check][golden][K1]") {
  // kappa-400-documents: P(A) = 3/4, P(E) = 9/16 = 0.5625 → 0.56: (0.75 − 0.56)/0.44 = 0.4318;
  // exact 3/7 = 0.4286.
  const char* const input = "R 75 25\nN 75 225";
  CHECK(check("kappa", input, "0.4286").correct);
  const auto r = check("kappa", input, "0.4318");
  CHECK(r.matched == "kappa.rounded_intermediates");
  CHECK(r.why ==
        "you rounded P(A) and P(E) to 2 decimals before dividing: (0.75 − 0.56)/(1 − 0.56); keep "
        "them exact (or to 4 decimals) and round only κ.");
}

TEST_CASE("fleiss-14-raters: the notes' Fleiss 0.22 comes from rounded intermediates",
          "[check][golden][K4]") {
  // fleiss-14-raters: κ = 0.2099; the notes round P(A) = 0.3780 and P(E) = 0.2128 to 0.38 and 0.21:
  // (0.38 − 0.21)/0.79 = 0.2152, printed 0.22.
  const char* const input =
      "0 0 0 0 14\n0 2 6 4 2\n0 0 3 5 6\n0 3 9 2 0\n2 2 8 1 1\n7 7 0 0 0\n3 2 6 3 0\n"
      "2 5 3 2 2\n6 5 2 1 0\n0 2 2 3 7";
  CHECK(check("fleiss", input, "0.21").correct);
  CHECK(check("fleiss", input, "0.22").matched == "fleiss.rounded_intermediates");
}

TEST_CASE("krippendorff-12-units: expected disagreement over n² pairs, and rounded D_o, D_e",
          "[check][golden][K5]") {
  // krippendorff-12-units, nominal: D_o = 1/5, D_e = 152/195, n = 40, α = 113/152 = 0.7434.
  //   n² slip: D_e' = Σ n_c n_k δ² / n² = D_e · 39/40 = 19/25, α' = 1 − (1/5)/(19/25) = 14/19
  //            = 0.7368, printed 0.737;
  //   rounded: D_o ≈ 0.20, D_e ≈ 0.78: 1 − 0.20/0.78 = 29/39 = 0.7436, printed 0.744.
  const char* const input =
      "A: 1 2 3 3 2 1 4 1 2 * * *\nB: 1 2 3 3 2 2 4 1 2 5 * 3\n"
      "C: * 3 3 3 2 3 4 2 2 5 1 *\nD: 1 2 3 3 2 4 4 1 2 5 1 *";
  CHECK(check("krippendorff", input, "0.743").correct);
  CHECK(check("krippendorff", input, "113/152").correct);
  CHECK(check("krippendorff", input, "0.737").matched == "krippendorff.n_squared");
  CHECK(check("krippendorff", input, "14/19").matched == "krippendorff.n_squared");
  CHECK(check("krippendorff", input, "0.744").matched == "krippendorff.rounded_intermediates");
}

TEST_CASE(
    "weighted kappa: the disagreement weights put into the agreement form "
    "(kappa.weights_mixed), and the other weightings as conventions",
    "[check][golden][WK1]") {
  // WK1 (tests/core/golden_agreement.cpp): a 3-grade scale, 10 items, rows judge A:
  //   3 1 0 / 1 2 1 / 0 1 1.  Quadratic weights ((i − j)/2)²: Σ w·O = 1/4 · 4 = 1,
  //   Σ w·E = 1/4 (8/5 + 8/5 + 4/5 + 4/5) + 1 (4/5 + 4/5) = 14/5, κ_w = 1 − 1/(14/5) = 9/14.
  // The slip: the disagreement weights taken as agreement weights in (P_o − P_e)/(1 − P_e), with
  //   P_o = Σ w·O/n = 1/10 and P_e = Σ w·E/n = 7/25: (1/10 − 7/25)/(1 − 7/25) = (−9/50)/(18/25)
  //   = −1/4. Agreement weights 1 − w in 1 − Σ w·O/Σ w·E give the same:
  //   1 − (10 − 1)/(10 − 14/5) = 1 − 9/(36/5) = 1 − 5/4 = −1/4.
  const char* const input = "  0 1 2\n0 3 1 0\n1 1 2 1\n2 0 1 1";
  CHECK(check("kappa(weights=quadratic)", input, "0.6429").correct);
  const auto r = check("kappa(weights=quadratic)", input, "-0.25");
  CHECK(r.matched == "kappa.weights_mixed");
  CHECK(r.why ==
        "you put the disagreement weights w_ij into the agreement form (P_o − P_e)/(1 − P_e), "
        "with P_o = Σ w·O/n = 1/10 and P_e = Σ w·E/n = 7/25 (agreement weights 1 − w_ij in 1 − "
        "Σ w·O/Σ w·E give the same); with disagreement weights κ_w = 1 − Σ w·O/Σ w·E = 1 − "
        "1/(14/5), and the agreement form takes the agreement weights 1 − w_ij.");
  // Linear weights |i − j|/2: Σ w·O = 2, Σ w·E = 4 (κ_w = 1/2); the slip gives
  //   (2 − 4)/(10 − 4) = −1/3.
  CHECK(check("kappa(weights=linear)", input, "-1/3").matched == "kappa.weights_mixed");
  // Unweighted κ has no weights to mix: −1/3 is nothing there (κ = 3/8).
  CHECK(check("kappa", input, "-1/3").matched.empty());
  // The other weightings are conventions: linear gives 1/2 and no weights 3/8 (P(A) = 6/10,
  // P(E) = 9/25, κ = (3/5 − 9/25)/(16/25) = 3/8).
  const auto linear = check("kappa(weights=quadratic)", input, "0.5");
  CHECK(linear.matched == "kappa.weights_linear");
  CHECK(linear.convention == "kappa(weights=linear)");
  CHECK(linear.why ==
        "Correct under kappa(weights=linear): with linear disagreement weights |i − j|/(k − 1), "
        "as scikit-learn's cohen_kappa_score(weights='linear') and statsmodels' "
        "cohens_kappa(wt='linear') do; the measure asked (κ, with quadratic disagreement weights "
        "((i − j)/(k − 1))²) gives 9/14 ≈ 0.6429.");
  CHECK(check("kappa(weights=quadratic)", input, "0.375").matched == "kappa.weights_none");
  // The two sums are named quantities that can be checked alone.
  CHECK(check_key("kappa(weights=quadratic)", input, "sum_wO", "1").correct);
  CHECK(check_key("kappa(weights=quadratic)", input, "sum_wE", "14/5").correct);
  CHECK(check_key("kappa(weights=quadratic)", input, "sum_wE", "2.8").correct);
  // Nothing gives 0.9: the hint names weighted κ's quantities in order.
  CHECK(check("kappa(weights=quadratic)", input, "0.9").hint ==
        "Check the weights w_ij = ((i − j)/(k − 1))² (0 on the diagonal) and Σ w_ij O_ij over "
        "the judges' table; the expected counts E_ij = (A's total of i)(B's total of j)/n and Σ "
        "w_ij E_ij; then κ_w = 1 − Σ w·O/Σ w·E.");
}

TEST_CASE("sets-d1-to-d8: F₂ with β and 1/β swapped, with β for β², and with P and R rounded",
          "[check][golden][S1]") {
  // sets-d1-to-d8: P = 1/2, R = 2/3. F₂ = 5PR/(4P + R) = (5/3)/(8/3) = 5/8 = 0.625 (0.63 at 2
  // decimals).
  //   swapped: 5PR/(P + 4R) = (5/3)/(19/6) = 10/19 = 0.5263
  //   β for β²: 3PR/(2P + R) = 1/(5/3) = 3/5 = 0.60
  //   P, R rounded to 0.5, 0.67: 5 · 0.5 · 0.67/(2 + 0.67) = 0.6273
  const char* const input = "tp=2 fp=2 fn=1 tn=3";
  CHECK(check("F(beta=2)", input, "0.63").correct);
  const auto swapped = check("F(beta=2)", input, "0.53");
  CHECK(swapped.matched == "f.weights_swapped");
  CHECK(swapped.why.rfind("β and 1/β swapped: 0.53 puts the weight β² = 4 on precision", 0) == 0);
  CHECK(check("F(beta=2)", input, "0.60").matched == "f.beta_not_squared");
  CHECK(check("F(beta=2)", input, "0.627").matched == "f.rounded_intermediates");
  // The key F names the measure's own value: the same catalogue applies.
  CHECK(check_key("F(beta=2)", input, "F", "0.53").matched == "f.weights_swapped");
}

TEST_CASE("MAP: each query's AP rounded before averaging (map.rounded_intermediates)",
          "[check][MAP]") {
  // q1 (R = 5) R N R: AP = (1 + 2/3)/5 = 1/3; q2 (R = 5) R R: AP = (1 + 1)/5 = 2/5.
  // MAP = (1/3 + 2/5)/2 = 11/30 = 0.36667 (0.367 at 3 decimals). Rounded APs 0.33 and 0.40:
  // (0.33 + 0.40)/2 = 0.365, which no other slip gives (truncated: 0.366).
  const char* const input = "q1 relevant=5\nR N R\n\nq2 relevant=5\nR R";
  CHECK(check("MAP", input, "0.367").correct);
  const auto r = check("MAP", input, "0.365");
  CHECK(r.matched == "map.rounded_intermediates");
  CHECK(r.why ==
        "you rounded each query's AP to 2 decimals before averaging; average the exact values and "
        "round only the mean.");
  CHECK(r.hint.empty());
  CHECK(check("MAP", input, "0.3650").matched == "map.rounded_intermediates");
}

TEST_CASE("MAP: an answer that rounding each AP does not explain is not attributed to it",
          "[check][MAP]") {
  // q1 (R = 5) R N R: AP = 1/3; q2 (R = 3) N R R: AP = (1/2 + 2/3)/3 = 7/18. MAP = 13/36 =
  // 0.3611. 0.3600 is MAP rounded to 2 decimals (0.36) and written to 4: rounding the APs
  // first (0.33 and 0.39, mean 0.36) gives the same number without being its cause, so nothing
  // is claimed, and the hint names the quantities instead.
  const char* const input = "q1 relevant=5\nR N R\n\nq2 relevant=3\nN R R";
  CHECK(check("MAP", input, "0.3611").correct);
  const auto r = check("MAP", input, "0.3600");
  CHECK_FALSE(r.correct);
  CHECK(r.matched.empty());
  CHECK(r.hint ==
        "Check each query's AP (q1, q2), then their mean: their sum divided by 2 queries.");
}

TEST_CASE("11pt: each interpolated precision rounded before averaging, and when it is not that",
          "[check][11pt]") {
  // method-1-ap (R = 5, relevant at 1, 3, 6, 9, 10): the textbook interpolated precisions at recall
  // 0, 0.1, …, 1 are 1, 1, 1, 2/3, 2/3, 1/2, 1/2, 1/2, 1/2, 1/2, 1/2: 11pt = (3 + 4/3 + 3)/11 =
  // 2/3 = 0.6667. Rounded (2/3 → 0.67): (3 + 1.34 + 3)/11 = 7.34/11 = 0.66727 → 0.6673.
  CHECK(check("11pt", kRL2, "0.6667").correct);
  CHECK(check("11pt", kRL2, "0.6673").matched == "11pt.rounded_intermediates");
  // 0.6700 is 2/3 rounded to 2 decimals, written to 4: not this slip.
  CHECK(check("11pt", kRL2, "0.6700").matched.empty());
  // N N R with R = 1: the one relevant document is at rank 3 (P = 1/3), so every level's
  // interpolated precision is 1/3 and 11pt = 1/3. Rounding each to 0.33 gives 0.33 = 0.3300,
  // which is also 1/3 rounded to 2 decimals: not attributed.
  CHECK(check("11pt", "N N R", "0.3333", "1").correct);
  CHECK(check("11pt", "N N R", "0.3300", "1").matched.empty());
}

// --- the cascade measures: ERR, RBP, INST, Compat ---------------------------------------------

TEST_CASE("err-cascade-3-2-0-4: linear gain, no cascade and rounded R (err.*)",
          "[check][golden][ERR1]") {
  // Grades 3 2 0 4 on gdeval's scale (max = 4): R = 7/16, 3/16, 0, 15/16 and ERR = 9787/16384
  // = 0.59735 (0.5974).
  const char* const input = "3 2 0 4";
  CHECK(check("ERR", input, "0.5974").correct);
  // Linear R = g/4: 3/4, 1/2, 0, 1. Reach 1, 1/4, 1/8, 1/8. ERR = 3/4 + (1/4)(1/2)/2 + 0 +
  // (1/8)(1)/4 = 24/32 + 2/32 + 1/32 = 27/32.
  const auto linear = check("ERR", input, "27/32");
  CHECK(linear.matched == "err.linear_gain");
  CHECK(linear.verdict == irm::CheckResult::Verdict::slip);
  CHECK(linear.why ==
        "27/32 takes the chance that a document of grade g satisfies the user as g/max, linear in "
        "the grade; ERR's is R = (2^g − 1)/2^max with max = 4, exponential in the grade.");
  // No cascade: Σ R_i/i = 7/16 + (3/16)/2 + 0 + (15/16)/4 = 28/64 + 6/64 + 15/64 = 49/64
  // = 0.765625.
  CHECK(check("ERR", input, "0.7656").matched == "err.no_cascade");
  // R rounded to 2 decimals: 0.44, 0.19, 0, 0.94. ERR = 0.44 + (0.56)(0.19)/2 + 0 +
  // (0.56)(0.81)(1)(0.94)/4 = 0.44 + 0.0532 + 0.106596 = 0.599796 (0.5998).
  CHECK(check("ERR", input, "0.5998").matched == "err.rounded_intermediates");
}

TEST_CASE("ERR with max taken from the list instead of the scale (err.max_from_list)",
          "[check][ERR]") {
  // Grades 2 1 0 on the scale 0–4: R = 3/16, 1/16, 0; ERR = 3/16 + (13/16)(1/16)/2 = 96/512 +
  // 13/512 = 109/512 = 0.2129. With max = 2, the list's highest grade: R = 3/4, 1/4, 0; ERR =
  // 3/4 + (1/4)(1/4)/2 = 3/4 + 1/32 = 25/32 = 0.78125 (0.78).
  CHECK(check("ERR", "2 1 0", "0.2129").correct);
  const auto r = check("ERR", "2 1 0", "0.78");
  CHECK(r.matched == "err.max_from_list");
  CHECK(r.why ==
        "0.78 takes max = 2, the highest grade in the list; max is the top of the grading scale, "
        "4 here, whatever grades the list holds (if your scale ends at 2, ask for ERR(max=2)).");
  // On that scale the answer is right: ERR(max=2) = 25/32.
  CHECK(check("ERR(max=2)", "2 1 0", "0.78").correct);
}

TEST_CASE("rbp-band-1-0-1-1: RBP without 1 − p, with p^i, with the residual (rbp.*)",
          "[check][golden][RBP1]") {
  // p = 4/5, relevant at ranks 1, 3, 4: Σ g_i p^(i−1) = 1 + 16/25 + 64/125 = 269/125 = 2.152;
  // RBP = (1/5)(269/125) = 269/625 = 0.4304; residual (4/5)^4 = 256/625 = 0.4096; RBP + residual
  // = 525/625 = 0.84.
  const char* const input = "1 0 1 1";
  CHECK(check("RBP", input, "0.4304").correct);
  // Without the factor 1 − p: 2.152.
  const auto sum = check("RBP", input, "2.152");
  CHECK(sum.matched == "rbp.no_one_minus_p");
  CHECK(sum.why ==
        "2.152 is the sum Σ g_i p^(i−1) without the factor 1 − p in front (p = 0.8); RBP = (1 − "
        "p)·Σ g_i p^(i−1), whose weights add up to 1.");
  // Rank i weighted by (1 − p)p^i: (1/5)(4/5 + 64/125 + 256/625) = (1/5)(1076/625) = 1076/3125
  // = 0.34432.
  CHECK(check("RBP", input, "0.3443").matched == "rbp.p_to_the_i");
  // The top of the band, 0.84, and the residual, 0.4096: named before any.other_quantity.
  const auto upper = check("RBP", input, "0.84");
  CHECK(upper.matched == "rbp.plus_residual");
  CHECK(upper.candidates.size() == 1);  // any.other_quantity's "upper" is the same value
  CHECK(check("RBP", input, "0.4096").matched == "rbp.residual");
}

TEST_CASE("RBP with the grade as its gain (rbp.grade_unscaled)", "[check][RBP]") {
  // 2 1 0, p = 1/2, no rel: gains 2/2, 1/2, 0 and RBP = (1/2)(1 + (1/2)(1/2)) = 5/8. With the
  // grades as gains: (1/2)(2 + (1/2)(1)) = (1/2)(5/2) = 5/4 = 1.25.
  CHECK(check("RBP(p=0.5)", "2 1 0", "0.625").correct);
  // (With p = 1/2 that is also RBP/(1 − p): rbp.no_one_minus_p, named first.) With p = 4/5:
  // RBP = (1/5)(1 + (1/2)(4/5)) = (1/5)(7/5) = 7/25 = 0.28; the grades as gains: (1/5)(2 + 4/5)
  // = 14/25 = 0.56 (not 1.4 = RBP/(1 − p), nor 0.224 = RBP·p).
  CHECK(check("RBP", "2 1 0", "0.28").correct);
  CHECK(check("RBP", "2 1 0", "0.56").matched == "rbp.grade_unscaled");
  // With rel the gain is 1 or 0 and the slip does not apply: RBP(rel=1) = (1/5)(1 + 4/5) = 9/25
  // = 0.36, and 0.72 (twice that) is not claimed.
  CHECK(check("RBP(rel=1)", "2 1 0", "0.36").correct);
  CHECK(check("RBP(rel=1)", "2 1 0", "0.72").matched.empty());
}

TEST_CASE("inst-1: INST with C_i not squared, with INSQ's C_i, over the list only (inst.*)",
          "[check][golden][INST1]") {
  // One relevant document, T = 1 (inst-1): INST = 1/H, H = Σ_{r≤1000} 1/r² = 1.6439346, so
  // INST = 0.6083.
  CHECK(check("INST", "1", "0.6083").correct);
  // C_i not squared: C_1 = (1 + 1 + 0 − 1)/(1 + 1 + 0) = 1/2, then T_i = 0 and C_i = i/(i + 1);
  // the chance of reaching rank r is (1/2)(2/3)…((r − 1)/r)·… = 1/r. The sum over 1000 ranks is
  // the harmonic number H_1000 = ln 1000 + γ + 1/2000 − 1/(12·1000²) = 6.9077553 + 0.5772157 +
  // 0.0005 − 0.0000001 = 7.4854709, and INST = 1/7.4854709 = 0.13359 (0.1336).
  CHECK(check("INST", "1", "0.1336").matched == "inst.not_squared");
  // T_i kept at T = 1 (INSQ): C_i = ((i + 1)/(i + 2))², so the chance of reaching rank r is
  // (2/(r + 1))² = 4/(r + 1)². Their sum is 4(Σ_{s=2}^{1001} 1/s²) = 4(H − 1 + 1/1001²) =
  // 4(0.6439346 + 0.000001) = 2.5757423, and INST = 1/2.5757423 = 0.38824 (0.3882).
  CHECK(check("INST", "1", "0.3882").matched == "inst.wanted_not_lowered");
  // The attention shared over the list's one rank: W_1 = 1 and INST = 1 · 1 = 1.
  const auto list = check("INST", "1", "1");
  CHECK(list.matched == "inst.list_ranks_only");
  CHECK(list.why ==
        "1 shares the user's attention over the 1 rank of the list only (W_i = Π_{j<i} C_j over "
        "their sum to rank 1); INST, as cwl_eval computes it, shares it over 1000 ranks, those "
        "past the list with gain 0, so the attention that goes past the list is lost.");
}

TEST_CASE("compat-2-0-1-0: the overlap not divided by the depth (compat.overlap_not_over_depth)",
          "[check][golden][COMPAT1]") {
  // compat-2-0-1-0, p = 1/2: Compat = 71/83 = 0.8554. Adding p^(i−1)·A_i with A_i = 1, 1, 2, 2:
  // 1 + 1/2 + 2/4 + 2/8 = 9/4; the ideal's p^(i−1)·min(i, 2) = 1 + 2/2 + 2/4 + 2/8 = 11/4;
  // 9/11 = 0.8182.
  CHECK(check("Compat(p=0.5)", "2 0 1 0", "0.8554").correct);
  CHECK(check("Compat(p=0.5)", "2 0 1 0", "0.8182").matched == "compat.overlap_not_over_depth");
}

TEST_CASE("Compat: the ideal of the retrieved only, and read to the run's length only",
          "[check][Compat]") {
  // d1(1) d2(2), unretrieved grades 2 and 1 (u1, u2), p = 1/2. The ideal, by grade and among
  // equal grades the run's first: d2, u1, d1, u2; depth 4, the longer. A_i = 0, 1 (d2), 2 (d1),
  // 2: Σ p^(i−1) A_i/i = 1/4 + 1/6 + 1/16 = 23/48; the ideal's own: 1 + 1/2 + 1/4 + 1/8 = 15/8;
  // Compat = (23/48)/(15/8) = 23/90 = 0.2556.
  const char* const input = "1 2\nunretrieved: 2 1";
  CHECK(check("Compat(p=0.5)", input, "0.2556").correct);
  // Ideal of the retrieved only: d2, d1; depth 2; A = 0, 2: (1/2)(2/2) = 1/2 over 1 + 1/2 = 3/2:
  // 1/3.
  const auto retrieved = check("Compat(p=0.5)", input, "1/3");
  CHECK(retrieved.matched == "compat.ideal_retrieved_only");
  CHECK(retrieved.why ==
        "your ideal ranking holds only the retrieved documents graded above 0; it holds every "
        "document graded above 0, retrieved or not (the unretrieved 2, 1 too).");
  // Read to depth 2, the run's length: A = 0, 1: (1/2)(1/2) = 1/4 over 1 + 1/2 = 3/2: 1/6.
  CHECK(check("Compat(p=0.5)", input, "1/6").matched == "compat.run_depth_only");
}

// --- the diversity measures --------------------------------------------------------------------

namespace {
// diversity-3-docs-2-subtopics (golden_diversity.cpp): d1 covers 1, d2 covers 1 and 2, d3 none;
// with α = 1/2 the gains are 1, 3/2, 0 and the greedy ideal's 2, 1/2; S = 2.
const char* const kDiv1 = "d1: 1\nd2: 1 2\nd3: -";
// diversity-unretrieved: the same, and d4 (subtopic 2) not retrieved.
const char* const kDiv2 = "d1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2";
}  // namespace

TEST_CASE("diversity-3-docs-2-subtopics: the redundancy left out (diversity.no_redundancy)",
          "[check][golden][DIV1]") {
  // With α = 0 every covered subtopic counts 1: gains 1, 2, 0; the greedy ideal d2 (2), d1 (1).
  // alpha-nDCG@3 = (1 + 2/log2 3)/(2 + 1/log2 3) = (1 + 1.2618595)/(2 + 0.6309298) =
  // 2.2618595/2.6309298 = 0.85972 (0.8597); the right value is 0.8406.
  CHECK(check("alpha-nDCG@3", kDiv1, "0.8406").correct);
  const auto ndcg = check("alpha-nDCG@3", kDiv1, "0.8597");
  CHECK(ndcg.matched == "diversity.no_redundancy");
  CHECK(ndcg.why ==
        "0.8597 counts every subtopic a document covers in full, however many documents above it "
        "covered it (as with α = 0); a subtopic covered c times above gains (1 − α)^c, with α = "
        "0.5 here, in the ranking and in its ideal alike.");
  // alpha-DCG@3: the same DCG over the ideal ideal S·1 at every rank, 2 + 2/log2 3 + 2/2 =
  // 4.2618595: 2.2618595/4.2618595 = 0.53072 (0.5307).
  CHECK(check("alpha-DCG@3", kDiv1, "0.5307").matched == "diversity.no_redundancy");
  // ERR-IA@3: Σ g/r = 1 + 2/2 = 2 over 2 + 2/2 + 2/3 = 11/3: 6/11 (right: 21/32).
  CHECK(check("ERR-IA@3", kDiv1, "6/11").matched == "diversity.no_redundancy");
  // nERR-IA@3: 2 over the ideal's 2 + 1/2 = 5/2: 4/5 (right: 7/9 = 0.778, which 0.8 at 1
  // decimal would be). nNRBP: Σ g β^(r−1) = 1 + 2/2 = 2 over 2 + 1/2: 4/5 (right: 7/9).
  CHECK(check("nERR-IA@3", kDiv1, "4/5").matched == "diversity.no_redundancy");
  CHECK(check("nNRBP", kDiv1, "0.80").matched == "diversity.no_redundancy");
}

TEST_CASE("alpha-DCG and alpha-nDCG discounted by log2 r (alpha.discount_log2_rank)",
          "[check][golden][DIV1]") {
  // alpha-DCG@3 of diversity-3-docs-2-subtopics: gains 1, 3/2, 0 → 1 + (3/2)/log2 2 = 5/2; the
  // ideal ideal's gains 2, 1, 1/2 → 2 + 1/1 + (1/2)/log2 3 = 3 + 0.3154649 = 3.3154649;
  // 2.5/3.3154649 = 0.75404 (0.7540); the right value is 0.6756.
  CHECK(check("alpha-DCG@3", kDiv1, "0.6756").correct);
  CHECK(check("alpha-DCG@3", kDiv1, "0.7540").matched == "alpha.discount_log2_rank");
  // d1 covers 1, d2 covers 2, d3 covers both: gains 1, 1, 1/2 + 1/2 = 1; the greedy ideal d3 (2),
  // then d2 and d1 (1/2 each; the greater name first). alpha-nDCG@3 = (1 + 1/log2 3 + 1/2)/(2 +
  // (1/2)/log2 3 + (1/2)/2) = 2.1309298/2.5654649 = 0.83062. Discounted by log2 r: (1 + 1/1 +
  // 1/log2 3)/(2 + (1/2)/1 + (1/2)/log2 3) = 2.6309298/2.8154649 = 0.93446 (0.9345).
  const char* const input = "d1: 1\nd2: 2\nd3: 1 2";
  CHECK(check("alpha-nDCG@3", input, "0.8306").correct);
  CHECK(check("alpha-nDCG@3", input, "0.9345").matched == "alpha.discount_log2_rank");
}

TEST_CASE("ERR-IA, AP-IA, P-IA and NRBP summed over the subtopics instead of averaged",
          "[check][golden][DIV1]") {
  // S = 2. ERR-IA@3 = 21/32 → 21/16; AP-IA = 3/4 → 3/2; P-IA@2 = (1 + 2)/(2 · 2) = 3/4 → 3/2;
  // NRBP = 21/32 → 21/16.
  CHECK(check("ERR-IA@3", kDiv1, "21/16").matched == "err_ia.summed_over_subtopics");
  const auto ap = check("AP-IA", kDiv1, "1.5");
  CHECK(ap.matched == "ap_ia.summed_over_subtopics");
  CHECK(ap.why ==
        "1.5 adds up the S = 2 subtopics' average precisions instead of averaging them; AP-IA is "
        "their mean: divide by S.");
  CHECK(check("P-IA@2", kDiv1, "1.5").matched == "p_ia.summed_over_subtopics");
  CHECK(check("NRBP", kDiv1, "21/16").matched == "nrbp.summed_over_subtopics");
}

TEST_CASE("NRBP with RBP's factor (1 − β)/S (nrbp.rbp_factor)", "[check][golden][DIV1]") {
  // Σ g β^(r−1) = 1 + (3/2)(1/2) = 7/4; NRBP's factor (1 − (1/2)(1/2))/2 = 3/8 gives 21/32;
  // RBP's (1 − 1/2)/2 = 1/4 gives 7/16 = 0.4375.
  CHECK(check("NRBP", kDiv1, "0.6563").correct);
  CHECK(check("NRBP", kDiv1, "0.4375").matched == "nrbp.rbp_factor");
}

TEST_CASE("AP-IA over the relevant retrieved, P-IA@k over the documents retrieved",
          "[check][golden][DIV1][DIV2]") {
  // diversity-unretrieved: subtopic 2's AP = (1/2)/2 = 1/4 (d2 at rank 2, d4 not retrieved);
  // AP-IA = (1 + 1/4)/2 = 5/8. Over its 1 relevant retrieved: (1/2)/1 = 1/2, and (1 + 1/2)/2 =
  // 3/4.
  CHECK(check("AP-IA", kDiv2, "0.625").correct);
  CHECK(check("AP-IA", kDiv2, "0.75").matched == "ap_ia.over_retrieved");
  // P-IA@5 of the 3 documents: 3 pairs/(5 · 2) = 3/10; over the 3 retrieved: 3/(3 · 2) = 1/2.
  CHECK(check("P-IA@5", kDiv1, "0.3").correct);
  const auto p = check("P-IA@5", kDiv1, "0.5");
  CHECK(p.matched == "p_ia.over_retrieved");
  CHECK(p.why ==
        "0.5 divides by the 3 documents retrieved; P-IA@5 divides by k = 5 (times S), counting "
        "the missing ranks as covering nothing.");
}

TEST_CASE("S-recall over the documents, over the retrieved subtopics, with repeats (s_recall.*)",
          "[check][S-recall]") {
  // diversity-3-docs-2-subtopics: the top 3 cover both subtopics, S-recall@3 = 2/2 = 1; over the
  // k = 3 documents: 2/3.
  CHECK(check("S-recall@3", kDiv1, "1").correct);
  CHECK(check("S-recall@3", kDiv1, "0.67").matched == "s_recall.over_documents");
  // d1 covers 1 and 3, d2 (subtopic 2) not retrieved: S = 3, S-recall@1 = 2/3. Over the 2
  // subtopics the retrieved cover: 2/2 = 1.
  const auto listed = check("S-recall@1", "d1: 1 3\nunretrieved: d2: 2", "1");
  CHECK(listed.matched == "s_recall.over_retrieved_subtopics");
  CHECK(listed.why ==
        "1 divides by the 2 subtopics the retrieved documents cover; S-recall divides by S = 3, "
        "the unretrieved documents' subtopics too.");
  // d1 and d2 both cover 1, d3 covers 2 and 3: S = 3, S-recall@2 = 1/3; counting subtopic 1
  // twice: 2/3.
  CHECK(check("S-recall@2", "d1: 1\nd2: 1\nd3: 2 3", "0.33").correct);
  CHECK(check("S-recall@2", "d1: 1\nd2: 1\nd3: 2 3", "0.67").matched == "s_recall.repeats_counted");
}

// --- means over queries: MRR, mean(M), 11pt-avg -----------------------------------------------

TEST_CASE(
    "MRR, mean(P@3) and 11pt-avg: each averaged value rounded first (*.rounded_intermediates)",
    "[check][MAP]") {
  // MRR: RR = 1/2 and 1/3, MRR = 5/12 = 0.41667 (0.417); rounded 0.50 and 0.33: 0.83/2 = 0.415.
  const char* const rr = "q1: N R\n\nq2: N N R";
  CHECK(check("MRR", rr, "0.417").correct);
  const auto mrr = check("MRR", rr, "0.415");
  CHECK(mrr.matched == "mrr.rounded_intermediates");
  CHECK(mrr.why ==
        "you rounded each query's RR to 2 decimals before averaging; average the exact values and "
        "round only the mean.");
  // 11pt-avg: q1 R N R (R = 2) has precision 1 at recall 1/2 and 2/3 at recall 1, so its
  // interpolated precision is 1 at levels 0 to 0.5 and 2/3 at 0.6 to 1; q2 R (R = 1) has 1 at
  // every level. Level means: 1 (six levels), 5/6 (five levels); 11pt-avg = (6 + 25/6)/11 = 61/66
  // = 0.92424. Each level mean rounded (5/6 → 0.83): (6 + 4.15)/11 = 10.15/11 = 0.92273 (0.9227).
  const char* const pt = "q1: R N R\n\nq2: R";
  CHECK(check("11pt-avg", pt, "0.9242").correct);
  CHECK(check("11pt-avg", pt, "0.9227").matched == "11pt-avg.rounded_intermediates");
}

TEST_CASE("gMAP as the arithmetic mean, and with a query's 0 multiplied in (gmap.*)",
          "[check][MAP]") {
  // q1: AP = 1/1 = 1; q2: the relevant document at rank 2, AP = 1/2. gMAP = √(1 · 1/2) = 0.70711
  // (0.7071); the arithmetic mean (MAP) is 3/4.
  const char* const input = "q1: R N\n\nq2: N R";
  CHECK(check("gMAP", input, "0.7071").correct);
  CHECK(check("gMAP", input, "0.75").matched == "gmap.arithmetic_mean");
  // q2 retrieves nothing of its one relevant document: AP = 0, taken as 0.00001. gMAP = √(1 ·
  // 0.00001) = 0.0031623 (0.0032); with the 0 multiplied in, the product and gMAP are 0.
  const char* const zero = "q1 relevant=1\nR N\n\nq2 relevant=1\nN N";
  CHECK(check("gMAP", zero, "0.0032").correct);
  CHECK(check("gMAP", zero, "0").matched == "gmap.no_floor");
}

TEST_CASE("AUC with a tie counted 0 or 1 instead of 1/2 (auc.ties_dropped, auc.ties_counted_whole)",
          "[check][AUC]") {
  // Relevant scores 0.9 and 0.8, non-relevant 0.8 and 0.3: of the 2 · 2 = 4 pairs, 3 are ordered
  // correctly and (0.8, 0.8) is a tie: AUC = (3 + 1/2)/4 = 7/8. The tie counted 0: 3/4; counted
  // 1: 4/4 = 1.
  const char* const input = "1 0.9\n0 0.8\n1 0.8\n0 0.3";
  CHECK(check("AUC", input, "0.875").correct);
  const auto dropped = check("AUC", input, "0.75");
  CHECK(dropped.matched == "auc.ties_dropped");
  CHECK(dropped.why ==
        "0.75 counts the 1 pair with equal scores as ordered wrongly (0 each); a tie counts 1/2, "
        "the chance that a random order puts the relevant item first (the trapezoid under the "
        "ROC curve's diagonal step).");
  CHECK(check("AUC", input, "1").matched == "auc.ties_counted_whole");
  // ROC's value is the same area.
  CHECK(check("ROC", input, "0.75").matched == "auc.ties_dropped");
}

TEST_CASE("R-precision over the documents retrieved, and at the relevant listed (rprec.*)",
          "[check][Rprec]") {
  // R = 5, the list + - + + of 4 documents: P@5 counts rank 5 as not relevant, Rprec = 3/5. Over
  // the 4 documents retrieved: 3/4. With R taken as the 3 relevant in the list: P@3 = 2/3 (ranks
  // 1 and 3 of the top 3).
  const char* const input = "relevant=5\n+ - + +";
  CHECK(check("Rprec", input, "0.6").correct);
  CHECK(check("Rprec", input, "0.75").matched == "rprec.over_retrieved");
  CHECK(check("Rprec", input, "0.67").matched == "rprec.r_from_list");
}

TEST_CASE(
    "bpref with the unjudged documents counted as non-relevant (bpref.unjudged_as_nonrelevant)",
    "[check][bpref]") {
  // R I R N I R: R = 3, I judged non-relevant, N unjudged. bpref (notes) = (1 + (1 − 1/3) + (1 −
  // 2/3))/3 = 2/3. The N counted as non-relevant: the third relevant document has 3 above it,
  // (1 + (1 − 1/3) + (1 − 3/3))/3 = (5/3)/3 = 5/9 = 0.5556.
  const char* const input = "R I R N I R";
  CHECK(check("bpref", input, "2/3").correct);
  const auto r = check("bpref", input, "0.56");
  CHECK(r.matched == "bpref.unjudged_as_nonrelevant");
  CHECK(r.why ==
        "0.56 counts the 1 unjudged document as non-relevant above the relevant ones after it; "
        "bpref ignores unjudged documents and counts only the judged non-relevant ones.");
}

TEST_CASE("tau with the tied pairs counted as concordant or discordant (tau.ties_*)",
          "[check][TAU]") {
  // x 1 2 3 4 5, y 2 1 3 3 5: of the n0 = 10 pairs, (1, 2) is discordant, (3, 4) tied in y and
  // the other 8 concordant: τb = (8 − 1)/√(10 · 9) = 7/9.4868 = 0.7379 (scipy.stats.kendalltau
  // gives 0.73786), τa = 7/10. The tie counted concordant: (8 − 1 + 1)/10 = 0.8; discordant:
  // (8 − 1 − 1)/10 = 0.6.
  const char* const input = "x: 1 2 3 4 5\ny: 2 1 3 3 5";
  CHECK(check("tau", input, "0.738").correct);
  const auto r = check("tau", input, "0.8");
  CHECK(r.matched == "tau.ties_concordant");
  CHECK(r.why ==
        "0.8 counts the 1 tied pair as concordant: (n_c − n_d + 1)/n_0; a pair tied in either "
        "ranking is neither concordant nor discordant and adds nothing to n_c − n_d.");
  CHECK(check("tau", input, "0.6").matched == "tau.ties_discordant");
}

TEST_CASE("τ_AP with the lines swapped (tau_ap.lines_swapped)", "[check][TAU5]") {
  // x (the truth) a b c d, y b c a d: walking down y, C = 1, 0, 3 over 1, 2, 3: Σ = 2,
  // τ_AP = (2/3)·2 − 1 = 1/3. With y as the truth, walking down x: C = 0, 1, 3 over 1, 2, 3:
  // Σ = 3/2, (2/3)(3/2) − 1 = 0 (golden_correlation.cpp, TAU5).
  const char* const input = "x: a b c d\ny: b c a d";
  CHECK(check("tau_ap", input, "1/3").correct);
  const auto r = check("tau_ap", input, "0");
  CHECK(r.matched == "tau_ap.lines_swapped");
  CHECK(r.why ==
        "0 takes y as the truth and walks down x; τ_AP is asymmetric: x is the truth and y the "
        "ranking evaluated, so C(i) counts the items above the i-th of y that x also puts above "
        "it.");
}

TEST_CASE("Spearman's shortcut used despite ties (spearman.shortcut_with_ties)", "[check][RHO2]") {
  // x 0.9 0.7 0.7 0.4 0.2, y 0.8 0.9 0.5 0.5 0.1: average ranks x 5, 3.5, 3.5, 2, 1 and
  // y 4, 5, 2.5, 2.5, 1; ρ = 7.25/9.5 = 29/38 = 0.7632. d = 1, −1.5, 1, −0.5, 0, Σd² = 4.5, and
  // the no-ties formula 1 − 6 · 4.5/(5 · 24) = 1 − 27/120 = 31/40 = 0.775.
  const char* const input = "x: 0.9 0.7 0.7 0.4 0.2\ny: 0.8 0.9 0.5 0.5 0.1";
  CHECK(check("spearman", input, "0.763").correct);
  const auto r = check("spearman", input, "0.775");
  CHECK(r.matched == "spearman.shortcut_with_ties");
  CHECK(r.why ==
        "0.775 is 1 − 6Σd²/(n(n² − 1)) = 1 − 6 · 4.5/(5 · 24), the formula for rankings without "
        "ties; with tied values ρ is Pearson's r of the ranks, tied values sharing their mean "
        "rank.");
  // Without ties the shortcut is ρ itself: x 1 2 3 4 5, y 2 1 4 3 5, ρ = 1 − 6·4/120 = 4/5.
  CHECK(check("spearman", "x: 1 2 3 4 5\ny: 2 1 4 3 5", "0.8").correct);
}

TEST_CASE("Pearson's r² given for r, and r for r² (pearson.r_squared, pearson.r_for_r2)",
          "[check][PEARSON1]") {
  // x 0.5 0.6 0.7 0.4, y 0.4 0.4 0.6 0.5: S_xy = 3/200, S_xx = 1/20, S_yy = 11/400, so
  // r² = (9/40000)/(11/8000) = 9/55 = 0.1636 and r = √(9/55) = 0.4045.
  const char* const input = "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5";
  CHECK(check("pearson", input, "0.4045").correct);
  const auto r = check("pearson", input, "0.1636");
  CHECK(r.matched == "pearson.r_squared");
  CHECK(r.why ==
        "0.1636 is r² = 9/55, the square of the correlation; r itself is S_xy/√(S_xx S_yy), its "
        "square root with the sign of S_xy.");
  CHECK(check_key("pearson", input, "r2", "9/55").correct);
  CHECK(check_key("pearson", input, "r2", "0.4045").matched == "pearson.r_for_r2");
}

TEST_CASE("RBO_min given for RBO_ext (rbo.min_for_ext)", "[check][RBO3]") {
  // x d3 d1 d2 d7, y d1 d4 d3, p = 0.9 (golden_correlation.cpp, RBO3): X_d = 0, 1, 2, 2,
  // RBO_ext = 0.13545 + 0.01215 + 0.4374 = 0.585, RBO_min = 0.13545 + (2/9) · 0.590560 = 0.2667.
  const char* const input = "x: d3 d1 d2 d7\ny: d1 d4 d3";
  CHECK(check("rbo", input, "0.585").correct);
  const auto r = check("rbo", input, "0.2667");
  CHECK(r.matched == "rbo.min_for_ext");
  CHECK(r.why ==
        "0.2667 is RBO_min, the lower bound that takes the ranks past the lists to share no more "
        "items; RBO_ext extrapolates instead, carrying on the agreement X_s/s seen at depth s "
        "(Webber et al.'s equation 32).");
}

TEST_CASE("the paired t-test taken as a two-sample test, and with the SD over n (ttest.*)",
          "[check][ttest]") {
  // x 0.5 0.6 0.7 0.4, y 0.4 0.4 0.6 0.5: the paired t = 1.1921, df = 3, p = 0.3189 (worked out
  // in "keys: the paired t-test's t, df and p"; scipy.stats.ttest_rel gives 0.31893).
  const char* const input = "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5";
  CHECK(check("ttest", input, "0.319").correct);
  // Two samples: x̄ = 0.55, ȳ = 0.475, x̄ − ȳ = 0.075; Σ(x − x̄)² = 0.05² + 0.05² + 0.15² + 0.15²
  // = 0.05, Σ(y − ȳ)² = 0.075² + 0.075² + 0.125² + 0.025² = 0.0275. Pooled: s_p² = (0.05 +
  // 0.0275)/6 = 0.0129167, t = 0.075/√(0.0129167 · 2/4) = 0.075/0.080364 = 0.93326 with df =
  // 6: p = 0.38670 (scipy.stats.ttest_ind(x, y)), 0.387; the paired p is 0.319.
  const auto pooled = check("ttest", input, "0.387");
  CHECK(pooled.matched == "ttest.unpaired_pooled");
  CHECK(pooled.why ==
        "0.387 is the p of the two-sample t-test with a pooled variance (scipy.stats.ttest_ind's "
        "default): t = 0.9333 = (x̄ − ȳ)/√(s_p²·2/n) with df = 2n − 2 = 6, which treats x and y "
        "as independent samples; the paired t-test works on the differences d = x − y of each "
        "query: t = d̄/(s/√n) = 1.1921 with df = n − 1 = 3.");
  // Welch: the same t (s_x²/n + s_y²/n = 0.0041667 + 0.0022917 = 0.0064583, √ = 0.080364), df =
  // 0.0064583²/((0.0041667² + 0.0022917²)/3) = 4.1710e-5/7.5376e-6 = 5.5336: p = 0.38960
  // (scipy.stats.ttest_ind(x, y, equal_var=False)), 0.390.
  CHECK(check("ttest", input, "0.390").matched == "ttest.unpaired_welch");
  // To 2 decimals both are 0.39.
  CHECK(check("ttest", input, "0.39").candidates.size() == 2);
  // The SD over n: s² = 0.0475/4 = 0.011875, SE = √(0.011875/4) = 0.054486, t = 0.075/0.054486 =
  // 1.37649 with df = 3: p = 2 · scipy.stats.t.sf(1.37649, 3) = 0.26241, 0.26.
  CHECK(check("ttest", input, "0.26").matched == "ttest.sd_over_n");
  // From differences alone there are no two samples: only the SD slip.
  CHECK(check("ttest", "d: 0.1 0.2 0.1 -0.1", "0.387").matched.empty());
  CHECK(check("ttest", "d: 0.1 0.2 0.1 -0.1", "0.26").matched == "ttest.sd_over_n");
}

TEST_CASE("the sign test with the ties kept in n (sign.ties_kept)", "[check][sign]") {
  // d 0.1 0.2 0.3 0.1 0 0 −0.2 0.4: n+ = 5, n− = 1, 2 ties dropped, n = 6. Two-sided p = 2 ·
  // (C(6,0) + C(6,1))/2^6 = 2 · 7/64 = 7/32 = 0.21875 (scipy.stats.binomtest(5, 6)). The ties
  // kept, n = 8 with n+ = 5 (n − n+ = 3): p = 2 · (1 + 8 + 28 + 56)/256 = 93/128 = 0.7265625
  // (scipy.stats.binomtest(5, 8)).
  const char* const input = "d: 0.1 0.2 0.3 0.1 0 0 -0.2 0.4";
  CHECK(check("sign", input, "7/32").correct);
  const auto r = check("sign", input, "93/128");
  CHECK(r.matched == "sign.ties_kept");
  CHECK(r.why ==
        "93/128 keeps the 2 ties in n (n = 8), which counts each as a query where x is not "
        "higher; the sign test drops the ties, which favour neither system: n = n+ + n− = 6.");
  CHECK(check("sign", input, "0.73").matched == "sign.ties_kept");
}

TEST_CASE("Wilcoxon ranking the signed differences (wilcoxon.signed_values_ranked)",
          "[check][wilcoxon]") {
  // d 0.1 0.2 0.3 0.4 0.5 −0.6: |d| ranked 1 … 6, W− = 6, W+ = 15. Of the 2^6 = 64 sign
  // assignments, those with W+ ≤ 6 are the subsets of {1, …, 6} summing to 0, 1, 2, 3, 4, 5, 6:
  // 1 + 1 + 1 + 2 + 2 + 3 + 4 = 14, p = 2 · 14/64 = 7/16 = 0.4375 (scipy.stats.wilcoxon). The
  // signed values ranked, −0.6 first: W− = 1, W+ = 2 + 3 + 4 + 5 + 6 = 20; W+ ≤ 1 in 2 of 64
  // assignments, p = 2 · 2/64 = 1/16 = 0.0625 (scipy.stats.wilcoxon([2, 3, 4, 5, 6, -1])).
  const char* const input = "d: 0.1 0.2 0.3 0.4 0.5 -0.6";
  CHECK(check("wilcoxon", input, "7/16").correct);
  const auto r = check("wilcoxon", input, "0.0625");
  CHECK(r.matched == "wilcoxon.signed_values_ranked");
  CHECK(r.why ==
        "0.0625 ranks the differences by their signed values, the most negative first; the "
        "signed-rank test ranks their absolute values |d|, the smallest size first, and then "
        "gives each rank its difference's sign.");
}

TEST_CASE("the randomization test counting only the strictly more extreme assignments",
          "[check][randomization]") {
  // d 0.1 0.2 −0.1 0.3: d̄ = 0.5/4, Σ|d| = 0.7. Flipping the signs of a subset summing to t gives
  // the sum 0.7 − 2t; |0.7 − 2t| ≥ 0.5 when t ≤ 0.1 ({}, {0.1}, {−0.1}: 3) or t ≥ 0.6 (their 3
  // complements): p = 6/16 = 3/8 (scipy.stats.permutation_test with permutation_type="samples"
  // and n_resamples=inf gives 0.375). Strictly more extreme: t < 0.1 or t > 0.6, the empty set
  // and the whole set: 2/16 = 1/8.
  const char* const input = "d: 0.1 0.2 -0.1 0.3";
  CHECK(check("randomization", input, "3/8").correct);
  const auto r = check("randomization", input, "0.125");
  CHECK(r.matched == "randomization.strictly_more_extreme");
  CHECK(r.why ==
        "0.125 counts the 2 of the 16 sign assignments whose mean is strictly more extreme than "
        "the observed one; p counts the 6 at least as extreme, the observed assignment and those "
        "that tie with it included.");
}

TEST_CASE("EER as (FPR + FNR)/2 at the nearest ROC point (eer.nearest_point_mean)",
          "[check][EER]") {
  // + 0.9, − 0.8, − 0.7, + 0.6, − 0.5: P = 2, N = 3. (FPR, FNR) from nothing returned: (0, 1),
  // (0, 1/2), (1/3, 1/2), (2/3, 1/2), (2/3, 0), (1, 0); FPR − FNR = −1, −1/2, −1/6, 1/6, 2/3, 1.
  // It crosses 0 between the 3rd and 4th points: λ = (1/6)/(1/6 + 1/6) = 1/2, EER = 1/3 + 1/2 ·
  // (2/3 − 1/3) = 1/2. The closest point (|FPR − FNR| = 1/6, the first of the two) is (1/3,
  // 1/2): (1/3 + 1/2)/2 = 5/12 = 0.4167.
  const char* const input = "1 0.9\n0 0.8\n0 0.7\n1 0.6\n0 0.5";
  CHECK(check("EER", input, "0.5").correct);
  const auto r = check("EER", input, "0.42");
  CHECK(r.matched == "eer.nearest_point_mean");
  CHECK(r.why ==
        "0.42 is (FPR + FNR)/2 = (1/3 + 1/2)/2 at the ROC point where the two are closest (1 "
        "relevant and 1 non-relevant returned), where they are not equal; the EER is where the "
        "line between the two points around the crossing meets FPR = FNR.");
}

TEST_CASE("AUC-PR with interpolated precision (auc_pr.interpolated)", "[check][AUC-PR]") {
  // − 0.9, + 0.8, − 0.7, + 0.6, + 0.5: P = 3. Precision and recall at each threshold: 0/1 at 0,
  // 1/2 at 1/3, 1/3 at 1/3, 2/4 at 2/3, 3/5 at 1. Step area: 1/3 · 1/2 + 1/3 · 1/2 + 1/3 · 3/5 =
  // 8/15 = 0.5333. Interpolated, the highest precision at that recall or beyond is 3/5 at each
  // relevant threshold: 3 · 1/3 · 3/5 = 3/5.
  const char* const input = "0 0.9\n1 0.8\n0 0.7\n1 0.6\n1 0.5";
  CHECK(check("AUC-PR", input, "8/15").correct);
  CHECK(check("AUC-PR", input, "0.6").matched == "auc_pr.interpolated");
}

TEST_CASE("relevant-at-2-4-6: recall 1/15 printed as 0.06 is truncated (any.truncated)",
          "[check][golden][RL1]") {
  // R@2 = 1/15 = 0.0667: 0.07 rounded, 0.06 truncated (Evaluation Metrics notes).
  CHECK(check("R@2", kRL1, "0.07").correct);
  const auto r = check("R@2", kRL1, "0.06");
  CHECK(r.matched == "any.truncated");
  CHECK(r.why ==
        "0.06 is R@2 cut off after 2 decimals; rounded to that many decimals the last digit goes "
        "up (round, don't truncate).");
}

TEST_CASE("a fraction for an irrational value is never equal, and the answer says why",
          "[check][golden][G2]") {
  const auto r = check("nDCG@5", "5 2 3 4 1", "9/10");
  CHECK_FALSE(r.correct);
  CHECK(r.matched.empty());
  CHECK(r.why ==
        "nDCG@5 is irrational (it goes through a logarithm or a square root), so no fraction or "
        "whole number equals it; type it as a decimal, e.g. to 4 decimals.");
}

TEST_CASE("the catalogue: unique names that apply to registry measures", "[check][registry]") {
  std::set<std::string> names;
  for (const auto& slip : irm::all_slips()) {
    INFO(slip.name);
    CHECK(names.insert(slip.name).second);
    CHECK_FALSE(slip.summary.empty());
    CHECK(slip.name.find('.') != std::string::npos);
    for (const auto& m : slip.measures) {
      INFO(m);
      // P and R need a cutoff to be named, IPrec a recall level.
      const std::string named = m == "P" || m == "R" ? m + "@5" : m == "IPrec" ? m + "@0.5" : m;
      CHECK(irm::parse_measure_name(named).ok());
    }
  }
  CHECK(names.count("any.truncated") == 1);
}

TEST_CASE("the catalogue: every measure of the registry has a slip of its own, or a reason not to",
          "[check][registry]") {
  // The measures with no slip of their own, each with its reason. A measure is listed here
  // exactly when no slip names it: a slip added for one of them must take it off the list.
  const std::map<std::string, std::string> exempt = {
      // Nothing a slip could enter.
      {"pool", "a count of the documents the runs put in the pool, not a formula"},
      {"PR", "the table of P@k and R@k at every rank; its value is P and R at the last rank"},
      {"mean", "mean(M) of any measure M over queries: a slip in a query's value is M's"},
  };
  std::set<std::string> covered;
  for (const auto& slip : irm::all_slips())
    covered.insert(slip.measures.begin(), slip.measures.end());
  std::set<std::string> registry;
  for (const auto& m : irm::all_measures()) {
    INFO(m.name);
    registry.insert(m.name);
    const bool has_slip = covered.count(m.name) == 1;
    const bool exempted = exempt.count(m.name) == 1;
    CHECK(has_slip != exempted);
  }
  for (const auto& entry : exempt) {
    INFO(entry.first);
    CHECK(registry.count(entry.first) == 1);
    CHECK_FALSE(entry.second.empty());
  }
  // The newer families each have theirs.
  for (const char* family : {"ERR", "RBP", "INST", "Compat", "alpha-nDCG", "alpha-DCG", "ERR-IA",
                             "nERR-IA", "NRBP", "nNRBP", "AP-IA", "P-IA", "S-recall"}) {
    INFO(family);
    CHECK(covered.count(family) == 1);
  }
}

// --- named quantities --------------------------------------------------------------------------

TEST_CASE("keys: the confusion matrix's precision, recall, accuracy and F1 (sets-d1-to-d8)",
          "[check][key][S1]") {
  // sets-d1-to-d8: TP = 2, FP = 2, FN = 1, TN = 3 (8 documents). precision = 2/4 = 1/2, recall =
  // 2/3 = 0.6667, accuracy = 5/8 = 0.625 (0.63 rounded half away from zero), F1 = 2PR/(P + R) =
  // (2/3)/(7/6) = 4/7 = 0.5714.
  const char* const input = "tp=2 fp=2 fn=1 tn=3";
  const auto precision = check_key("confusion", input, "precision", "0.5");
  CHECK(precision.correct);
  CHECK(precision.key == "precision");
  CHECK(precision.label == "precision");
  CHECK(precision.measure == "confusion");
  CHECK(precision.expected.exact == irm::Fraction{1, 2});
  // 0.5 is 1/2 itself, not a rounding of it: judged exact.
  CHECK(precision.precision == "exactly");
  CHECK(precision.why == "0.5 is exactly precision = 1/2 = 0.5.");
  CHECK(check_key("confusion", input, "recall", "2/3").correct);
  CHECK(check_key("confusion", input, "recall", "0.67").correct);
  CHECK(check_key("confusion", input, "accuracy", "0.63").correct);
  CHECK(check_key("confusion", input, "accuracy", "5/8").correct);
  CHECK(check_key("confusion", input, "F1", "0.57").correct);
  CHECK_FALSE(check_key("confusion", input, "F1", "0.58").correct);
  // Without a key the value is F1, labelled as the outcome labels it.
  CHECK(check("confusion", input, "4/7").label == "F1");
  CHECK(check("confusion", input, "4/7").key.empty());
}

TEST_CASE("keys: matched exactly, else ignoring case", "[check][key]") {
  // "PRECISION" is precision = 1/2; ROC's "P" (relevant items) and a "p" would differ only in
  // case, so the exact spelling is tried first.
  const auto upper = check_key("confusion", "tp=2 fp=2 fn=1 tn=3", "PRECISION", "1/2");
  CHECK(upper.correct);
  CHECK(upper.key == "precision");
  CHECK(upper.label == "precision");
  // 1 0.9 / 0 0.8 / 1 0.7 / 0 0.3: P = 2 relevant, N = 2 non-relevant items.
  CHECK(check_key("ROC", "1 0.9\n0 0.8\n1 0.7\n0 0.3", "P", "2").correct);
  CHECK(check_key("ROC", "1 0.9\n0 0.8\n1 0.7\n0 0.3", "n", "2").key == "N");
}

TEST_CASE("keys: the paired t-test's t, df and p", "[check][key][ttest]") {
  // x 0.5 0.6 0.7 0.4, y 0.4 0.4 0.6 0.5: d = 0.1, 0.2, 0.1, −0.1, mean 0.3/4 = 0.075;
  // Σ(d − mean)² = 0.025² + 0.125² + 0.025² + 0.175² = 0.0475, variance 0.0475/3 = 19/1200,
  // sd = 0.12583, se = sd/√4 = 0.062915, t = 0.075/0.062915 = 1.1921, df = 3. With 3 degrees of
  // freedom F(t) = 1/2 + (1/π)(u/(1 + u²) + arctan u), u = t/√3 = 0.68825: u/(1 + u²) =
  // 0.46703, arctan u = 0.60283, F = 1/2 + 1.06986/π = 0.84055; two-sided p = 2(1 − F) = 0.3189.
  const char* const input = "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5";
  CHECK(check_key("ttest", input, "t", "1.19").correct);
  CHECK(check_key("ttest", input, "df", "3").correct);
  CHECK(check_key("ttest", input, "p", "0.32").correct);
  CHECK(check_key("ttest", input, "mean", "3/40").correct);
  CHECK(check_key("ttest", input, "variance", "19/1200").correct);
  // t² = 1.4211 typed for t: another quantity of the same answer.
  const auto squared = check_key("ttest", input, "t", "1.42");
  CHECK(squared.matched == "any.other_quantity");
  CHECK(squared.why ==
        "1.42 is t_squared (at 2 decimals), another quantity of this answer; this field asks for "
        "t.");
}

TEST_CASE("keys: κ's P(A), P(E) and κ (kappa-400-documents)", "[check][key][K1]") {
  // kappa-400-documents: 400 documents, the judges agree on 75 + 225 = 300: P(A) = 3/4. Judge A
  // says R to 100/400 = 1/4, judge B to 150/400 = 3/8: P(E) = 1/4 · 3/8 + 3/4 · 5/8 = 18/32 = 9/16;
  // κ = (3/4 − 9/16)/(1 − 9/16) = (3/16)/(7/16) = 3/7 = 0.4286.
  const char* const input = "R 75 25\nN 75 225";
  CHECK(check_key("kappa", input, "PA", "0.75").correct);
  CHECK(check_key("kappa", input, "PE", "9/16").correct);
  CHECK(check_key("kappa", input, "PE", "0.5625").correct);
  CHECK(check_key("kappa", input, "kappa", "3/7").correct);
  // The key naming κ itself is checked as the measure: the catalogue's κ slip is found
  // ((0.75 − 0.56)/0.44 = 0.4318), with the key as the label.
  const auto rounded = check_key("kappa", input, "kappa", "0.4318");
  CHECK(rounded.matched == "kappa.rounded_intermediates");
  CHECK(rounded.label == "kappa");
  // P(A) typed where P(E) is asked.
  CHECK(check_key("kappa", input, "PE", "0.75").matched == "any.other_quantity");
}

TEST_CASE("keys: Wilcoxon's W+, W− and z, and z with its sign lost (any.lost_sign)",
          "[check][key][wilcoxon]") {
  // x 0.5 0.6 0.7 0.4 0.9, y 0.4 0.4 0.6 0.5 0.5: d = 0.1, 0.2, 0.1, −0.1, 0.4. |d| ranked:
  // the three 0.1 share ranks 1–3 (mean 2), 0.2 is 4, 0.4 is 5. W+ = 2 + 4 + 2 + 5 = 13,
  // W− = 2. Normal approximation (ties): μ = 5 · 6/4 = 7.5, σ² = 5 · 6 · 11/24 − (3³ − 3)/48
  // = 13.75 − 0.5 = 13.25, σ = 3.6401; z = (min(W+, W−) − μ + 1/2)/σ = −5/3.6401 = −1.3736.
  const char* const input = "x: 0.5 0.6 0.7 0.4 0.9\ny: 0.4 0.4 0.6 0.5 0.5";
  CHECK(check_key("wilcoxon", input, "W_plus", "13").correct);
  CHECK(check_key("wilcoxon", input, "W_minus", "2").correct);
  CHECK(check_key("wilcoxon", input, "z", "-1.37").correct);
  const auto sign = check_key("wilcoxon", input, "z", "1.37");
  CHECK(sign.matched == "any.lost_sign");
  CHECK(sign.why ==
        "1.37 has the right size but the wrong sign for z: keep the sign through the working "
        "(check which way each difference is taken).");
  CHECK(sign.why.find("-1.37") == std::string::npos);
}

TEST_CASE("keys: DCG, IDCG and nDCG of one graded list", "[check][key][DCG]") {
  // Grades 2 3 0 1, the notes' form: DCG = 2 + 3/log2 2 + 0/log2 3 + 1/log2 4 = 2 + 3 + 0 + 0.5
  // = 5.5. Ideal 3 2 1 0: IDCG = 3 + 2/1 + 1/log2 3 + 0 = 5 + 0.63093 = 5.6309. nDCG = 5.5/5.6309
  // = 0.97675.
  const char* const input = "2 3 0 1";
  CHECK(check_key("nDCG", input, "DCG", "5.5").correct);
  CHECK(check_key("nDCG", input, "IDCG", "5.63").correct);
  CHECK(check_key("nDCG", input, "nDCG", "0.977").correct);
  CHECK(check_key("DCG", input, "nDCG", "0.98").correct);
  // DCG's value typed for IDCG: another quantity.
  const auto other = check_key("nDCG", input, "IDCG", "5.5");
  CHECK(other.matched == "any.other_quantity");
  CHECK(other.why ==
        "5.5 is DCG (at 1 decimal), another quantity of this answer; this field asks for IDCG.");
}

TEST_CASE("keys: an unknown key is an error listing the keys, word for word", "[check][key]") {
  const auto r = irm::check_answer("confusion", "tp=2 fp=2 fn=1 tn=3", {}, "0.5", "prec");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::unknown_parameter);
  CHECK(r.error().field == irm::Field::answer);
  CHECK(r.error().where.line == 0);
  CHECK(r.error().message ==
        "confusion has no quantity named 'prec'; its quantities are TP, FP, FN, TN, precision, "
        "recall, specificity, FPR, FNR, accuracy, error, F1, G, jaccard, dice");
  // The key is read before the answer: a bad answer with an unknown key names the key.
  const auto both = irm::check_answer("P@5", "R N R", {}, "0,4", "recall");
  REQUIRE_FALSE(both.ok());
  CHECK(both.error().message ==
        "P@5 has no quantity named 'recall'; its quantities are precision, relevant_retrieved, k");
}

// --- the new slips -----------------------------------------------------------------------------

TEST_CASE("any.double_rounding: 13/289 rounded to 0.0450 first, then to 0.05",
          "[check][double-rounding]") {
  // TP = 13, FP = 276: precision = 13/289. 289 · 0.045 = 13.005, so 13/289 = 0.045 − 0.005/289
  // = 0.0449827: 0.04 at 2 decimals. Rounded first to 4 decimals it is 0.0450, and 0.0450 to 2
  // decimals is 0.05 (half away from zero); first to 3 decimals, 0.045, the same.
  const char* const input = "tp=13 fp=276 fn=1 tn=10";
  CHECK(check_key("confusion", input, "precision", "0.04").correct);
  const auto r = check_key("confusion", input, "precision", "0.05");
  CHECK(r.matched == "any.double_rounding");
  CHECK(r.why ==
        "0.05 is precision rounded twice, first to 4 decimals (as the calculator shows it) and "
        "that again to 2 decimals; the first rounding can leave a 5 that the second carries up: "
        "round the unrounded value once, to 2 decimals.");
  // At 3 decimals 0.045 is right (0.0449827 rounds up there): nothing to explain.
  CHECK(check_key("confusion", input, "precision", "0.045").correct);
  // When rounding twice gives the same as rounding once it explains nothing: 0.6 for 28/45
  // (0.6222 → 0.6222 → 0.6) is simply right, and 0.7 is not a double rounding.
  CHECK(check("AP@10", kRL2, "0.7").matched.empty());
}

TEST_CASE("any.lost_sign: 0.33 for τ = −1/3", "[check][lost-sign][TAU]") {
  // x 1 2 3, y 2 3 1: the pair (1, 2) is concordant (both rise), (1, 3) and (2, 3) are
  // discordant (x rises, y falls): τ = (1 − 2)/3 = −1/3, no ties, so τa = τb.
  const char* const input = "x: 1 2 3\ny: 2 3 1";
  CHECK(check("tau", input, "-0.33").correct);
  CHECK(check("tau", input, "−1/3").correct);
  const auto r = check("tau", input, "0.33");
  CHECK(r.matched == "any.lost_sign");
  CHECK(r.why ==
        "0.33 has the right size but the wrong sign for τb: keep the sign through the working "
        "(check which way each difference is taken).");
  // A value of 0 has no sign to lose: x 1 2 3 4, y 1 3 2 4 … is not needed; P@2 of N N is 0.
  CHECK(check("P@2", "N N", "0").correct);
}

TEST_CASE("any.other_quantity: precision typed where recall is asked, never with its value",
          "[check][other-quantity]") {
  // sets-d1-to-d8: precision = 1/2, recall = 2/3. 0.5 is precision at 1 decimal; recall is 0.7
  // there.
  const auto r = check_key("confusion", "tp=2 fp=2 fn=1 tn=3", "recall", "0.5");
  CHECK_FALSE(r.correct);
  CHECK(r.matched == "any.other_quantity");
  CHECK(r.why ==
        "0.5 is precision (at 1 decimal), another quantity of this answer; this field asks for "
        "recall.");
  CHECK(r.hint.empty());
  // For the measure's own value too, after every other slip: MAP's q1 AP typed for MAP.
  // q1 (R = 5) R N R: AP = 1/3; q2 (R = 3) N R R: AP = 7/18; MAP = 13/36 = 0.3611.
  const auto map = check("MAP", "q1 relevant=5\nR N R\n\nq2 relevant=3\nN R R", "0.33");
  CHECK(map.matched == "any.other_quantity");
  CHECK(map.why ==
        "0.33 is q1:AP (at 2 decimals), another quantity of this answer; this field asks for MAP.");
}

// --- hints -------------------------------------------------------------------------------------

TEST_CASE("hint: the one precision of AP's sum that a slip changed (method-1-ap, rank 6)",
          "[check][hint][RL2]") {
  // method-1-ap: relevant at ranks 1, 3, 6, 9, 10, R = 5: AP@10 = (1 + 2/3 + 3/6 + 4/9 + 5/10)/5 =
  // (28/9)/5 = 28/45. Taking P@6 as 3/5 instead of 3/6 adds 1/10 to the sum: (1 + 2/3 + 3/5 +
  // 4/9 + 5/10)/5 = (90 + 60 + 54 + 40 + 45)/90/5 = (289/90)/5 = 289/450 = 0.64222.
  // At 3 decimals (0.642) no other single change gives it: the sum would have to grow by
  // between 0.0964 and 0.1014, and the other changes move it by 1/2 or 1 (rank 1), 1/3 or 1/6
  // (rank 3), 1/18 or 1/9 (rank 9: 4/8, 5/9), 1/18, 1/22 or 1/10 less (rank 10: 5/9, 5/11, 4/10),
  // or add a non-relevant rank's precision (1/2, 2/4, 2/5, 3/7, 3/8). Rank 10's 6/10 (+1/10)
  // would need a 6th relevant document, which the list does not have.
  for (const char* answer : {"0.642", "289/450"}) {
    INFO(answer);
    const auto r = check("AP@10", kRL2, answer);
    CHECK_FALSE(r.correct);
    CHECK(r.matched.empty());
    CHECK(r.hint == "Check the precision at the 3rd relevant document (rank 6).");
    CHECK(r.why.find("28/45") == std::string::npos);
  }
  // At 2 decimals 0.64 is also rank 9's 5/9 for 4/9 (+1/9: 3.2222/5 = 0.6444): the rank cannot
  // be told, so the hint names every quantity, from the input only.
  CHECK(check("AP@10", kRL2, "0.64").hint ==
        "Check the precision at each relevant document in the top 10 (ranks 1, 3, 6, 9, 10), their "
        "sum, and that you divide by R = 5.");
}

TEST_CASE("hint: a non-relevant rank counted in AP's sum", "[check][hint]") {
  // R N R with R = 2: AP = (1 + 2/3)/2 = 5/6 = 0.8333. Counting rank 2 as well (P@2 = 1/2):
  // (1 + 1/2 + 2/3)/2 = 13/12 = 1.0833. Other single changes: rank 1 (1/2, 0, 2/1: sums 7/6,
  // 2/3, 8/3), rank 3 (2/2, 2/4, 1/3, 0: sums 2, 3/2, 4/3, 1): none is 13/6.
  const auto r = check("AP", "R N R", "1.0833", "2");
  CHECK(r.matched.empty());
  CHECK(r.hint ==
        "Check the document at rank 2: it is not relevant, so no precision is taken there.");
}

TEST_CASE("hint: each measure family names its quantities, from the input only", "[check][hint]") {
  // Answers that nothing in the catalogue gives (0.01 is no value, slip or quantity here).
  CHECK(check("P@5", "R N R", "0.01").hint ==
        "Count the relevant documents in the top 5 and divide by k = 5; ranks past the end of the "
        "list count as not relevant.");
  CHECK(check("RR", "N N R", "0.01").hint ==
        "Find the rank of the first relevant document, counting from 1 at the top, and take 1 "
        "over it.");
  CHECK(check("nDCG@4", "2 3 0 1", "0.01").hint ==
        "Check DCG, each rank's discounted gain in the top 4 (the grade at rank 1 as it is, the "
        "grade at rank i ≥ 2 divided by log2 i) summed; IDCG, the same sum over every judged grade "
        "sorted from the highest down: 3, 2, 1, 0; then nDCG = DCG/IDCG.");
  CHECK(check("kappa", "R 75 25\nN 75 225", "0.01").hint ==
        "Check P(A), the agreements (the diagonal) over all items; P(E), for each category judge "
        "A's share times judge B's share, summed; then κ = (P(A) − P(E))/(1 − P(E)).");
  CHECK(check_key("confusion", "tp=2 fp=2 fn=1 tn=3", "recall", "0.9").hint ==
        "Check TP, FP, FN and TN (truly relevant or not, returned or not), then recall = "
        "TP/(TP + FN).");
  // F@5 of a ranked list (method-1-ap): P@5 = R@5 = 2/5, F@5 = 2/5; its counts are the top 5's.
  CHECK(
      check("F@5", kRL2, "0.01").hint ==
      "Count the relevant documents in the top 5; P@5 divides them by k = 5, R@5 by R = 5; then F "
      "= (β² + 1)PR/(β²P + R) with β² = 1.");
  CHECK(check("MRR", "q1: N R\n\nq2: R", "0.01").hint ==
        "Check each query's RR (q1, q2), then their mean: their sum divided by 2 queries.");
  // The generic hint, from the outcome's keys in order, where nothing better is known:
  // randomization's p is worked out before `extreme`, `assignments` after it.
  CHECK(check_key("pool@2", "A q1: d1 d2 d3\nB q1: d2 d4\nqrels q1: d1+ d2 d4+", "A:unique", "77")
            .hint == "Work out pool_size, q1:pool_size first, then A:unique from them.");
  // A multiclass matrix's accuracy is its diagonal over all items, not two-class TP and TN:
  // true a b c a, predicted a b b a puts 3 of the 4 items on the diagonal (accuracy 3/4).
  CHECK(check("multiclass", "true: a b c a\npredicted: a b b a", "0.0123").hint ==
        "Add up the diagonal of the table (the items whose predicted class is the true one) and "
        "divide by all items.");
  // Every registry family gets a hint for a wrong answer nothing gives.
  for (const auto& [measure, input] : std::vector<std::pair<std::string, std::string>>{
           {"AP", "R N R"},
           {"R@2", "relevant=3\nR N R"},
           {"Rprec", "relevant=2\nR N R"},
           {"PR", "R N R"},
           {"IPrec@0.5", "R N R"},
           {"11pt", "R N R"},
           {"bpref", "R I R N"},
           {"MAP", "q1: R N\n\nq2: N R"},
           {"gMAP", "q1: R N\n\nq2: N R"},
           {"11pt-avg", "q1: R N\n\nq2: N R"},
           {"mean(P@2)", "q1: R N\n\nq2: N R"},
           {"DCG", "2 3 0 1"},
           {"IDCG", "2 3 0 1"},
           {"confusion", "tp=2 fp=2 fn=1 tn=3"},
           {"F(beta=2)", "tp=2 fp=2 fn=1 tn=3"},
           {"multiclass", "true: a b c a\npredicted: a b b a"},
           {"fleiss", "0 0 3\n1 1 1\n0 3 0"},
           {"tau", "x: 1 2 3 4\ny: 1 3 2 4"},
           {"sign", "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5"},
           {"wilcoxon", "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5"},
           {"ttest", "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5"},
           {"randomization", "x: 0.5 0.6 0.7 0.4\ny: 0.4 0.4 0.6 0.5"},
           {"ROC", "1 0.9\n0 0.8\n1 0.7\n0 0.3"},
           {"AUC", "1 0.9\n0 0.8\n1 0.7\n0 0.3"},
           {"EER", "1 0.9\n0 0.8\n1 0.7\n0 0.3"},
           {"AUC-PR", "1 0.9\n0 0.8\n1 0.7\n0 0.3"},
           {"pool@2", "A q1: d1 d2 d3\nB q1: d2 d4\nqrels q1: d1+ d2 d4+"},
       }) {
    INFO(measure);
    const auto r = check(measure, input, "0.0123");
    CHECK_FALSE(r.correct);
    CHECK(r.matched.empty());
    const std::string first = r.hint.substr(0, r.hint.find(' '));
    CHECK(std::set<std::string>{"Check", "Count", "Find", "For", "At", "Sort", "Add", "Work"}.count(
              first) == 1);
    CHECK(r.hint.back() == '.');
  }
}

TEST_CASE("hint: the cascade and diversity measures name their quantities", "[check][hint]") {
  CHECK(check("ERR@3", "3 2 0 4", "0.0123").hint ==
        "Check each rank's stopping probability R = (2^g − 1)/2^max in the top 3 with max = 4 "
        "(the top of the scale), and the chance of reaching the rank, the product of 1 − R over "
        "the ranks above it; then add R times that chance divided by the rank.");
  CHECK(check("RBP", "1 0 1 1", "0.0123").hint ==
        "Check each rank's weight (1 − p)·p^(i − 1) with p = 0.8, times its gain (the grade over "
        "the largest grade judged when that is above 1), summed.");
  CHECK(check_key("RBP", "1 0 1 1", "residual", "0.0123").hint ==
        "Check the residual p^k, k the ranks evaluated (the cutoff, or the list's length when it "
        "is shorter), with p = 0.8.");
  CHECK(check("S-recall@2", "d1: 1\nd2: 1 2\nd3: -", "0.0123").hint ==
        "Count the distinct subtopics the documents in the top 2 cover, and divide by S, the "
        "subtopics some document covers, retrieved or not.");
  for (const auto& [measure, input] : std::vector<std::pair<std::string, std::string>>{
           {"ERR", "3 2 0 4"},
           {"RBP", "1 0 1 1"},
           {"INST", "1 0 1"},
           {"Compat", "2 0 1 0"},
           {"Compat(normalize=no)", "2 0 1 0"},
           {"alpha-nDCG@3", "d1: 1\nd2: 1 2\nd3: -"},
           {"alpha-DCG@3", "d1: 1\nd2: 1 2\nd3: -"},
           {"ERR-IA@3", "d1: 1\nd2: 1 2\nd3: -"},
           {"nERR-IA@3", "d1: 1\nd2: 1 2\nd3: -"},
           {"NRBP", "d1: 1\nd2: 1 2\nd3: -"},
           {"nNRBP", "d1: 1\nd2: 1 2\nd3: -"},
           {"AP-IA", "d1: 1\nd2: 1 2\nd3: -"},
           {"P-IA@2", "d1: 1\nd2: 1 2\nd3: -"},
       }) {
    INFO(measure);
    const auto r = check(measure, input, "0.0123");
    CHECK_FALSE(r.correct);
    CHECK(r.matched.empty());
    const std::string first = r.hint.substr(0, r.hint.find(' '));
    CHECK(std::set<std::string>{"Check", "Count", "For"}.count(first) == 1);
    CHECK(r.hint.back() == '.');
    // Not the generic hint: each names its own quantities.
    CHECK(r.hint.rfind("Work out", 0) != 0);
  }
}

TEST_CASE("hint: empty when the answer is right or a slip is matched", "[check][hint]") {
  CHECK(check("AP@10", kRL2, "0.62").hint.empty());
  CHECK(check("AP", kRL1, "0.5").hint.empty());  // ap.norm_retrieved
}

// --- verdicts: right, right under another convention, a slip, unknown ----------------------------

TEST_CASE("verdicts: correct, slip and unknown, with `correct` kept for compatibility",
          "[check][verdict][RL2]") {
  // method-1-ap: AP@10 = 28/45 = 0.6222; over k = 10 the sum 28/9 gives 28/90 = 0.3111.
  const auto right = check("AP@10", kRL2, "0.62");
  CHECK(right.verdict == irm::CheckResult::Verdict::correct);
  CHECK(right.correct);
  CHECK(right.convention.empty());
  CHECK(right.candidates.empty());
  CHECK(std::string(irm::to_string(right.verdict)) == "correct");
  const auto slip = check("AP@10", kRL2, "0.31");
  CHECK(slip.verdict == irm::CheckResult::Verdict::slip);
  CHECK_FALSE(slip.correct);
  CHECK(slip.matched == "ap.over_k");
  REQUIRE(slip.candidates.size() == 1);
  CHECK(slip.candidates[0].kind == irm::CheckCandidate::Kind::slip);
  CHECK(slip.candidates[0].value->exact == irm::Fraction{14, 45});
  CHECK(slip.why ==
        "0.31 is the sum of precisions 28/9 divided by the cutoff k = 10; AP@10 divides it by R "
        "= 5.");
  CHECK(std::string(irm::to_string(slip.verdict)) == "slip");
  const auto unknown = check("AP@10", kRL2, "0.7");
  CHECK(unknown.verdict == irm::CheckResult::Verdict::unknown);
  CHECK(unknown.candidates.empty());
  CHECK(std::string(irm::to_string(unknown.verdict)) == "unknown");
}

TEST_CASE(
    "verdicts: AP = 14/27 with R = 6, and 0.62 is AP(norm=retrieved)@10 = 28/45: correct under "
    "that convention, naming who uses it and what the default gives",
    "[check][verdict][RL2]") {
  // method-1-ap's list with R = 6: relevant at ranks 1, 3, 6, 9, 10, so the sum of precisions is
  // 1 + 2/3 + 3/6 + 4/9 + 5/10 = (90 + 60 + 45 + 40 + 45)/90 = 28/9. Divided by R = 6: 28/54 =
  // 14/27 ≈ 0.5185; by the 5 relevant retrieved: 28/45 ≈ 0.6222.
  const char* const input = "relevant=6\n+ - + - - + - - + +";
  const auto r = check("AP@10", input, "0.62");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK_FALSE(r.correct);
  CHECK(r.convention == "AP(norm=retrieved)@10");
  CHECK(r.matched == "ap.norm_retrieved");
  CHECK(r.expected.exact == irm::Fraction{14, 27});
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].kind == irm::CheckCandidate::Kind::convention);
  CHECK(r.candidates[0].measure == "AP(norm=retrieved)@10");
  CHECK(r.candidates[0].value->exact == irm::Fraction{28, 45});
  CHECK(r.candidates[0].why ==
        "dividing by the 5 relevant documents retrieved, as scikit-learn's "
        "average_precision_score does when given only the ranked list");
  CHECK(r.why ==
        "Correct under AP(norm=retrieved)@10: dividing by the 5 relevant documents retrieved, as "
        "scikit-learn's average_precision_score does when given only the ranked list; this "
        "page's default (AP@10, dividing by R = 6, every relevant document) gives 14/27 ≈ "
        "0.5185.");
  // The exact fraction is right under it too; the default's own value stays correct.
  CHECK(check("AP@10", input, "28/45").verdict ==
        irm::CheckResult::Verdict::correct_under_convention);
  CHECK(check("AP@10", input, "0.52").verdict == irm::CheckResult::Verdict::correct);
}

TEST_CASE("verdicts: the measure asked under a convention names the default as asked",
          "[check][verdict][RL1-ap]") {
  // relevant-at-2-4-6-ap: AP(norm=retrieved) = (3/2)/3 = 1/2; AP over R = 15 is 1/10.
  const auto r = check("AP(norm=retrieved)", kRL1, "0.1");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "AP");
  CHECK(r.why ==
        "Correct under AP: dividing by R = 15, every relevant document, as trec_eval and "
        "Manning et al.'s Introduction to IR do; the measure asked (AP(norm=retrieved), dividing "
        "by the 3 relevant documents retrieved) gives 1/2 = 0.5.");
}

TEST_CASE(
    "verdicts: two causes give the same 2 decimals: both listed with their values, the "
    "convention first",
    "[check][verdict][kappa]") {
  // Judge A says relevant to 2 documents, judge B to 4; they agree on 2 relevant and 8 not:
  //           B: R   N
  //   A: R       2   0
  //      N       2   8        n = 12, P(A) = 10/12 = 5/6.
  // Cohen: P(E) = (2 · 4 + 10 · 8)/144 = 88/144 = 11/18; κ = (5/6 − 11/18)/(7/18) = 4/7 ≈ 0.5714.
  // Pooled: p(R) = (2 + 4)/24 = 1/4; P(E) = 1/16 + 9/16 = 5/8; κ = (5/6 − 5/8)/(3/8) = 5/9 ≈
  // 0.5556. Rounded first: P(A) = 0.83, P(E) = 0.61: (0.83 − 0.61)/0.39 = 22/39 ≈ 0.5641. 0.56 is
  // both 5/9 and 22/39 at 2 decimals (and not 4/7, 0.57).
  const char* const input = "R 2 0\nI 2 8";
  CHECK(check("kappa", input, "0.57").correct);
  const auto r = check("kappa", input, "0.56");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "kappa(chance=pooled)");
  REQUIRE(r.candidates.size() == 2);
  CHECK(r.candidates[0].name == "kappa.chance_pooled");
  CHECK(r.candidates[0].value->exact == irm::Fraction{5, 9});
  CHECK(r.candidates[1].name == "kappa.rounded_intermediates");
  CHECK(r.candidates[1].kind == irm::CheckCandidate::Kind::slip);
  CHECK(r.candidates[1].value->exact == irm::Fraction{22, 39});
  CHECK(r.why ==
        "0.56 could be kappa(chance=pooled) (0.5556, a convention) or P(A) and P(E) rounded to 2 "
        "decimals first (0.5641, a slip): type more decimals to tell them apart. A convention's "
        "value is a right answer under that convention; this page's default (κ, with the chance "
        "agreement P(E) from each judge's own shares) gives 4/7 ≈ 0.5714.");
  // Four decimals tell them apart: 0.5556 is the convention alone, 0.5641 the slip alone.
  const auto pooled = check("kappa", input, "0.5556");
  CHECK(pooled.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(pooled.candidates.size() == 1);
  const auto rounded = check("kappa", input, "0.5641");
  CHECK(rounded.verdict == irm::CheckResult::Verdict::slip);
  CHECK(rounded.matched == "kappa.rounded_intermediates");
}

TEST_CASE(
    "verdicts: rounding never hides a convention: 0.5 rounds from Cohen's 9/17 and is pooled κ "
    "exactly",
    "[check][verdict][kappa]") {
  //           B: R   N
  //   A: R       3   0
  //      N       2   3        n = 8, P(A) = 6/8 = 3/4.
  // Cohen: P(E) = (3 · 5 + 5 · 3)/64 = 30/64 = 15/32; κ = (3/4 − 15/32)/(17/32) = 9/17 ≈ 0.5294.
  // Pooled: p(R) = (3 + 5)/16 = 1/2; P(E) = 1/4 + 1/4 = 1/2; κ = (3/4 − 1/2)/(1/2) = 1/2.
  const char* const input = "R 3 0\nI 2 3";
  const auto r = check("kappa", input, "0.5");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct);
  CHECK(r.correct);
  REQUIRE(r.candidates.size() == 1);
  CHECK(r.candidates[0].measure == "kappa(chance=pooled)");
  CHECK(r.why ==
        "κ = 9/17 ≈ 0.5294 rounds to 0.5 at 1 decimal. 0.5 is also exactly kappa(chance=pooled) "
        "= 1/2 = 0.5: with the chance agreement P(E) from the two judges' pooled shares, as "
        "Manning et al.'s Introduction to IR does.");
  // 0.53 is Cohen's at 2 decimals and not pooled's: nothing more to say.
  CHECK(check("kappa", input, "0.53").candidates.empty());
}

TEST_CASE("verdicts: an ellipsis is judged by its first digits (P@12 = 5/12 = 0.4166…)",
          "[check][verdict][P]") {
  // Five relevant in the top 12: P@12 = 5/12 = 0.41666…
  const char* const input = "R R R R R N N N N N N N";
  const auto first = check("P@12", input, "0.41...");
  CHECK(first.verdict == irm::CheckResult::Verdict::correct);
  CHECK(first.precision == "as the first 2 decimals");
  CHECK(first.why == "P@12 = 5/12 ≈ 0.4167 begins 0.41... (its first 2 decimals).");
  CHECK(check("P@12", input, "0.4166\xE2\x80\xA6").precision == "as the first 4 decimals");
  CHECK(check("P@12", input, "0.4...").precision == "as the first decimal");
  CHECK(check("P@12", input, "41.6...%").correct);
  // 0.42 rounds, so 0.42 is right and 0.42... is not: an ellipsis promises the digits as they are.
  CHECK(check("P@12", input, "0.42").correct);
  const auto rounded = check("P@12", input, "0.42...");
  CHECK(rounded.verdict == irm::CheckResult::Verdict::slip);
  CHECK(rounded.matched == "any.rounded_before_ellipsis");
  CHECK(rounded.why ==
        "0.42... is P@12 rounded to 2 decimals, but an ellipsis says the digits shown are the "
        "value's own first digits, cut off, not rounded: type the rounded value without the "
        "ellipsis, or its first digits as they are.");
  CHECK_FALSE(rounded.candidates[0].value.has_value());  // an any.* slip's value is not shown
  // 0.41 without an ellipsis is the value truncated: a slip, as before.
  CHECK(check("P@12", input, "0.41").matched == "any.truncated");
  CHECK(check("P@12", input, "0.40...").verdict == irm::CheckResult::Verdict::unknown);
}

TEST_CASE("verdicts: a program's float output is right at 15 significant digits",
          "[check][verdict][P]") {
  // P@10 of three relevant in the top 10 is 3/10; Python's 0.1 + 0.2 prints 0.30000000000000004.
  const auto sum = check("P@10", "R R R N N N N N N N", "0.30000000000000004");
  CHECK(sum.verdict == irm::CheckResult::Verdict::correct);
  CHECK(sum.precision == "at 15 significant digits");
  CHECK(sum.why ==
        "0.30000000000000004 is P@10 = 3/10 = 0.3 at 15 significant digits, the precision at "
        "which a program's floating-point printout is judged.");
  // 5/12: Python's '%.17g' % (5/12) and repr(5/12).
  const char* const twelve = "R R R R R N N N N N N N";
  CHECK(check("P@12", twelve, "0.41666666666666669").correct);
  CHECK(check("P@12", twelve, "0.4166666666666667").correct);
  CHECK(check("P@12", twelve, "0.41666666666666663").correct);
  // Off in the 15th significant digit: 0.416666666666668 is not 5/12.
  CHECK_FALSE(check("P@12", twelve, "0.41666666666666815").correct);
}

TEST_CASE(
    "scikit-learn before 0.19: AP as the trapezoidal area is a convention (ap.area_trapezoid)",
    "[check][golden]") {
  // Its documentation's example: y_true 0 0 1 1, y_scores 0.1 0.4 0.35 0.8, ranked by score:
  // R N R N (R = 2). AP = (1 + 2/3)/2 = 5/6; the trapezoids from (recall 0, precision 1):
  // (1/2)((1 + 1)/2 + (1/2 + 2/3)/2) = (1/2)(1 + 7/12) = 19/24 = 0.7917, printed as 0.79...
  const irm::Outcome o = test::run("AP(area=trapezoid)", "R N R N");
  CHECK(o.value.exact == test::frac(19, 24));
  CHECK(test::run("AP", "R N R N").value.exact == test::frac(5, 6));
  const auto r = check("AP", "R N R N", "0.79...");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "AP(area=trapezoid)");
  CHECK(r.why.find("before release 0.19") != std::string::npos);
  // With a cutoff and R from the field: relevant at 1 and 3 of R = 4, cut at 3:
  // (1/4)((1 + 1)/2 + (1/2 + 2/3)/2) = (1/4)(19/12) = 19/48.
  CHECK(test::run("AP(area=trapezoid)@3", "R N R N R", "4").value.exact == test::frac(19, 48));
}

TEST_CASE("mean(M): a convention of the measure inside, taken on each query (ndcg.dcg_trec)",
          "[check]") {
  // TorchMetrics' RetrievalNormalizedDCG documentation: query 0 ranks its one relevant document
  // first (nDCG 1); query 1 ranks N R R N, whose DCG under trec_eval's discount is
  // 1/log2 3 + 1/log2 4 = 0.6309 + 0.5 and whose ideal R R N N is 1 + 0.6309, so nDCG =
  // 1.1309/1.6309 = 0.6934; the mean is 0.8467, which TorchMetrics prints. Binary grades, so
  // Burges' gain 2^g − 1 is the same: both conventions give it.
  const char* const queries = "q0\n1 0 0\n\nq1\n0 1 1 0";
  const auto r = check("mean(nDCG)", queries, "0.8467");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "mean(nDCG(dcg=trec))");
  CHECK(r.why.find("or mean(nDCG(dcg=burges))") != std::string::npos);
}

TEST_CASE(
    "SciPy before 1.9: Wilcoxon's normal approximation without the correction, two choices away",
    "[check]") {
  // SciPy's scipy.stats.wilcoxon documentation (Darwin's corn data, before release 1.9): the
  // differences 6 8 14 16 23 24 28 29 41 −48 49 56 60 −67 75 give W− = 10 + 14 = 24 of n = 15,
  // μ = 15·16/4 = 60, σ² = 15·16·31/24 = 310, z = (24 − 60)/√310 = −2.0447, and without the
  // continuity correction p = 2Φ(−2.0447) = 0.04088813291185591, which it prints. The exact p
  // (the default here) is 169/4096; the approximation with the correction is 2Φ(−2.0163).
  const char* const d = "d: 6 8 14 16 23 24 28 29 41 -48 49 56 60 -67 75";
  const auto r = check_key("wilcoxon", d, "p", "0.04088813291185591");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "wilcoxon(method=normal,correction=no)");
  CHECK(r.matched == "wilcoxon.method_normal+correction_no");
  CHECK(r.why.find("before release 1.9") != std::string::npos);
}

TEST_CASE("scikit-learn's ndcg_score averages tied scores: nDCG(ties=average) (ndcg.ties_average)",
          "[check][golden]") {
  // Its documentation's example: true_relevance 10 0 0 1 5 and scores 1 0 0 0 1. Ranked by score,
  // the documents graded 10 and 5 tie at the top (group 0), then 0 0 1 (group 1). Averaged, the
  // top rank holds (10 + 5)/2 = 7.5; the ideal's top is 10: nDCG@1 = 7.5/10 = 3/4, the .75 it
  // prints. In the order typed the top is 10 alone: nDCG@1 = 1.
  const char* const input = "true_relevance = [10, 0, 0, 1, 5]\nscores = [1, 0, 0, 0, 1]";
  CHECK(test::run("nDCG(ties=average)@1", input).value.exact == test::frac(3, 4));
  CHECK(test::run("nDCG@1", input).value.exact == test::frac(1, 1));
  const auto r = check("nDCG@1", input, "0.75");
  CHECK(r.verdict == irm::CheckResult::Verdict::correct_under_convention);
  CHECK(r.convention == "nDCG(ties=average)@1");
  CHECK(r.why.find("ignore_ties=False") != std::string::npos);
  // The whole list under trec_eval's discount, as scikit-learn 1.2.1 prints it
  // (dcg_score(true_relevance, scores) = 12.671149606888576,
  //  ndcg_score(true_relevance, scores) = 0.9279733094794905):
  // 7.5 (1/log2 2 + 1/log2 3) + (1/3)(1/log2 4 + 1/log2 5 + 1/log2 6).
  CHECK(test::run("DCG(dcg=trec,ties=average)", input).value.approx ==
        Approx(12.671149606888576).epsilon(1e-15));
  CHECK(test::run("nDCG(dcg=trec,ties=average)", input).value.approx ==
        Approx(0.9279733094794905).epsilon(1e-15));
}

TEST_CASE("ties=average on grades typed without scores changes nothing, and says so", "[golden]") {
  // 3 2 0 has no scores, so no ties: DCG(ties=average) = DCG = 3 + 2/log2 2 = 5 (the notes' form),
  // and no alternative of the other tie rule is offered: every alternative keeps ties=average.
  const irm::Outcome o = test::run("DCG(ties=average)", "3 2 0");
  CHECK(o.value.exact == test::frac(5, 1));
  bool said = false;
  for (const std::string& note : o.notes)
    said = said || note.find("changes nothing") != std::string::npos;
  CHECK(said);
  for (const auto& alt : o.alternatives)
    CHECK(alt.measure.find("ties=average") != std::string::npos);
}

TEST_CASE("check: SDCG's slips, nDCG's ideal and the scale cut at the list", "[check][slips]") {
  // Grades 2 0 1, max 2: gains 1, 0, 1/2; DCG@3 = 1 + 0 + (1/2)/2 = 5/4.
  // SDCG@3 = (5/4)/(1 + 1/log2 3 + 1/2) = 1.25/2.1309297535714574 = 0.5866.
  CHECK(check("SDCG@3", "2 0 1", "0.5866").correct);
  // nDCG's ideal: the grades sorted, 2 1 0, as gains 1, 1/2, 0: 1 + (1/2)/log2 3 = 1.3154649;
  // 1.25/1.3154649 = 0.95023 (0.9502).
  CHECK(check("SDCG@3", "2 0 1", "0.9502").matched == "sdcg.judged_ideal");
  // SDCG@5 = 1.25/(2.1309297535714574 + 1/log2 5 + 1/log2 6)
  //        = 1.25/(2.1309297535714574 + 0.4306765580733931 + 0.3868528072345416) = 0.42395.
  CHECK(check("SDCG@5", "2 0 1", "0.4240").correct);
  // The scale over the list's 3 ranks only: 1.25/2.1309297535714574 = 0.5866.
  CHECK(check("SDCG@5", "2 0 1", "0.5866").matched == "sdcg.scale_to_list");
}
