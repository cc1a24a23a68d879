// "Check my answer": answers judged at the precision typed, the conventions and slips that
// reproduce wrong answers (one golden case per catalogue entry), and the answer parser's errors
// word for word. Every expected number is worked out by hand in the comment beside it.

#include "irm/check.h"

#include <catch2/catch.hpp>
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

irm::InputError answer_error(const std::string& answer) {
  const auto r = irm::parse_answer(answer);
  if (r.ok()) FAIL("expected an error for the answer \"" << answer << "\"");
  return r.error();
}

// RL2 (note 002): method 1, relevant at ranks 1, 3, 6, 9, 10 of 5 relevant documents.
const char* const kRL2 = "relevant=5\n+ - + - - + - - + +";
// RL1 (note 000): relevant at ranks 2, 4, 6 of 10; R = 15.
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
  CHECK(e.message == "expected a digit, '/' or '%' at column 6, found 'x'");
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

TEST_CASE("answer errors: more than 15 digits", "[check][parse]") {
  const auto e = answer_error("0.1234567890123456");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message == "the answer has more than 15 digits; type at most 15");
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

TEST_CASE("RL2: 28/45 = 0.6222… is right as 0.62, 0.6, 0.622, 62.2%, 28/45 and 56/90",
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

TEST_CASE("RL2: 0.63, 0.623 and 0.7 are wrong, and nothing in the catalogue gives them",
          "[check][golden][RL2]") {
  for (const char* answer : {"0.63", "0.623", "0.7", "1", "2/3"}) {
    INFO(answer);
    const auto r = check("AP@10", kRL2, answer);
    CHECK_FALSE(r.correct);
    CHECK(r.matched.empty());
  }
  CHECK(check("AP@10", kRL2, "0.7").why ==
        "0.7 is not AP@10 at 1 decimal, and none of the conventions or common slips the "
        "calculator knows gives it; compare your working with the steps.");
}

// --- conventions -------------------------------------------------------------------------------

TEST_CASE("RL1-ap: the notes' 0.5 is AP divided by the 3 relevant retrieved (ap.norm_retrieved)",
          "[check][golden][RL1-ap]") {
  // AP = (1/2 + 2/4 + 3/6)/15 = (3/2)/15 = 1/10; over the 3 retrieved: (3/2)/3 = 1/2.
  const auto r = check("AP", kRL1, "0.5");
  CHECK_FALSE(r.correct);
  CHECK(r.matched == "ap.norm_retrieved");
  CHECK(r.why ==
        "0.5 is AP divided by the 3 relevant documents retrieved (AP(norm=retrieved) = 1/2 = "
        "0.5); the notes divide by R = 15.");
  CHECK(check("AP", kRL1, "0.1").correct);
}

TEST_CASE("nDCG: the trec_eval form log2(i+1) is recognised (ndcg.dcg_trec)",
          "[check][golden][G2]") {
  // G2 grades 5 2 3 4 1, ideal 5 4 3 2 1. trec form: DCG = 5 + 2/log2 3 + 3/2 + 4/log2 5 +
  // 1/log2 6 = 9.8714, IDCG = 5 + 4/log2 3 + 3/2 + 2/log2 5 + 1/log2 6 = 10.2719: 0.9610.
  CHECK(check("nDCG@5", "5 2 3 4 1", "0.9189").correct);  // the notes' G2 value
  const auto r = check("nDCG@5", "5 2 3 4 1", "0.961");
  CHECK(r.matched == "ndcg.dcg_trec");
  CHECK(r.why ==
        "your DCG uses log2(i+1) at every rank (trec_eval's form, nDCG(dcg=trec)@5 ≈ 0.9610); "
        "the notes use rel_1 + Σ_{i≥2} rel_i/log2 i.");
}

TEST_CASE("K3: pooled marginals give 0.05 for K2's table (kappa.chance_pooled)",
          "[check][golden][K2][K3]") {
  // K2: κ = 1/11 = 0.0909 (notes 0.09). Pooled: P(E) = 0.7² + 0.3² = 29/50, κ = (3/5 −
  // 29/50)/(21/50) = 1/21 = 0.0476 (notes 0.05).
  CHECK(check("kappa", "R 20 12\nI 4 4", "0.09").correct);
  const auto r = check("kappa", "R 20 12\nI 4 4", "0.05");
  CHECK(r.matched == "kappa.chance_pooled");
  CHECK(r.why.rfind("0.05 is kappa(chance=pooled) = 1/21 ≈ 0.0476 rather than κ: ", 0) == 0);
}

TEST_CASE("tau with ties: τa is recognised when τb is asked (tau.variant_a)", "[check][TAU]") {
  // x 1 2 3 4, y 1 1 2 3: n0 = 6 pairs; the pair (1, 2) is tied in y (n2 = 1); the other 5
  // are concordant. τa = 5/6 = 0.8333; τb = 5/√(6 · 5) = 0.9129.
  const char* const input = "x: 1 2 3 4\ny: 1 1 2 3";
  CHECK(check("tau", input, "0.913").correct);
  const auto r = check("tau", input, "0.83");
  CHECK(r.matched == "tau.variant_a");
  CHECK(r.why ==
        "this is τa (tau(variant=a) = 5/6 ≈ 0.8333, dividing by all n(n − 1)/2 pairs); with ties "
        "the notes use τb.");
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

// --- the catalogue of slips --------------------------------------------------------------------

TEST_CASE("AP@k: the sum over min(R, k) and over k (ap.over_min_r_k, ap.over_k)",
          "[check][golden][RL3][RL5]") {
  // RL5's list with R = 10, cut at 5: relevant at 1, 2, 5: sum = 1 + 1 + 3/5 = 13/5, AP@5 =
  // 13/50 = 0.26; over min(R, k) = 5: 13/25 = 0.52.
  const auto min = check("AP@5", "+ + - - + - - + - -", "0.52", "10");
  CHECK(min.matched == "ap.over_min_r_k");
  CHECK(min.why ==
        "0.52 is the sum of precisions 13/5 divided by min(R, k) = min(10, 5) = 5; AP@5 divides "
        "it by R = 10.");
  // RL3: relevant at 2, 5, 6, 7 of R = 5: sum = 1/2 + 2/5 + 3/6 + 4/7 = 69/35; AP@10 = 69/175;
  // over k = 10: 69/350 = 0.1971.
  const auto over_k = check("AP@10", "relevant=5\n- + - - + + + - - -", "0.197");
  CHECK(over_k.matched == "ap.over_k");
}

TEST_CASE("AP: each P@k rounded to 2 decimals first (ap.rounded_intermediates)",
          "[check][golden][RL2]") {
  // RL2: P@k = 1, 0.67, 0.5, 0.44, 0.5 rounded; sum 3.11; /5 = 0.622 → 0.6220 at 4 decimals
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
  // G2 (5 2 3 4 1, ideal 5 4 3 2 1), the notes' form with another logarithm:
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
  // G2 with a judged grade 5 not retrieved: ideal 5 5 4 3 2 → IDCG@5 = 5 + 5 + 4/log2 3 + 3/2
  // + 2/log2 5 = 14.8858, nDCG@5 = 11.3235/14.8858 = 0.7607. Without the 5: 0.9189 (G2).
  const char* const input = "5 2 3 4 1\nunretrieved: 5";
  CHECK(check("nDCG@5", input, "0.7607").correct);
  CHECK(check("nDCG@5", input, "0.9189").matched == "ndcg.idcg_retrieved_only");
}

TEST_CASE("nDCG: DCG and IDCG rounded to 2 decimals first (ndcg.rounded_intermediates)",
          "[check][golden][G4]") {
  // G4 (Dehradun's 1 unretrieved): DCG@5 = 11.3614, IDCG@5 = 12.3235, nDCG@5 = 0.9219;
  // rounded: 11.36/12.32 = 0.9221.
  CHECK(check("nDCG@5", "5 4 0 3 2\nunretrieved: 1", "0.9219").correct);
  const auto r = check("nDCG@5", "5 4 0 3 2\nunretrieved: 1", "0.9221");
  CHECK(r.matched == "ndcg.rounded_intermediates");
  CHECK(r.why ==
        "you rounded DCG and IDCG to 2 decimals (11.36 and 12.32) before dividing; divide the "
        "unrounded values and round only nDCG.");
}

TEST_CASE("K1: P(A) and P(E) rounded before dividing (kappa.rounded_intermediates)",
          "[check][golden][K1]") {
  // K1: P(A) = 3/4, P(E) = 9/16 = 0.5625 → 0.56: (0.75 − 0.56)/0.44 = 0.4318; exact 3/7 = 0.4286.
  const char* const input = "R 75 25\nN 75 225";
  CHECK(check("kappa", input, "0.4286").correct);
  const auto r = check("kappa", input, "0.4318");
  CHECK(r.matched == "kappa.rounded_intermediates");
  CHECK(r.why ==
        "you rounded P(A) and P(E) to 2 decimals before dividing: (0.75 − 0.56)/(1 − 0.56); keep "
        "them exact (or to 4 decimals) and round only κ.");
}

TEST_CASE("K4: the notes' Fleiss 0.22 comes from rounded intermediates", "[check][golden][K4]") {
  // K4: κ = 0.2099; the notes round P(A) = 0.3780 and P(E) = 0.2128 to 0.38 and 0.21:
  // (0.38 − 0.21)/0.79 = 0.2152, printed 0.22.
  const char* const input =
      "0 0 0 0 14\n0 2 6 4 2\n0 0 3 5 6\n0 3 9 2 0\n2 2 8 1 1\n7 7 0 0 0\n3 2 6 3 0\n"
      "2 5 3 2 2\n6 5 2 1 0\n0 2 2 3 7";
  CHECK(check("fleiss", input, "0.21").correct);
  CHECK(check("fleiss", input, "0.22").matched == "fleiss.rounded_intermediates");
}

TEST_CASE("S1: F₂ with β and 1/β swapped, with β for β², and with P and R rounded",
          "[check][golden][S1]") {
  // S1: P = 1/2, R = 2/3. F₂ = 5PR/(4P + R) = (5/3)/(8/3) = 5/8 = 0.625 (0.63 at 2 decimals).
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
}

TEST_CASE("MAP: each query's AP rounded before averaging (map.rounded_intermediates)",
          "[check][MAP]") {
  // q1 (R = 5) R N R: AP = (1 + 2/3)/5 = 1/3; q2 (R = 3) N R R: AP = (1/2 + 2/3)/3 = 7/18.
  // MAP = 13/36 = 0.3611; rounded APs 0.33 and 0.39: 0.36 = 0.3600.
  const char* const input = "q1 relevant=5\nR N R\n\nq2 relevant=3\nN R R";
  CHECK(check("MAP", input, "0.3611").correct);
  CHECK(check("MAP", input, "0.3600").matched == "map.rounded_intermediates");
}

TEST_CASE("RL1: recall 1/15 printed as 0.06 is truncated (any.truncated)", "[check][golden][RL1]") {
  // R@2 = 1/15 = 0.0667: 0.07 rounded, 0.06 truncated (note 000).
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
      CHECK(irm::parse_measure_name(m == "P" || m == "R" ? m + "@5" : m).ok());
    }
  }
  CHECK(names.count("any.truncated") == 1);
}
