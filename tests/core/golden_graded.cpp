// Golden tests dcg-4-3-4-2 to dcg-3-2-1 of docs/examples.md (the CS657A and Week 3 notes): DCG,
// IDCG and nDCG in the notes' form rel_1 + Σ_{i≥2} rel_i / log2 i. The values are irrational from
// rank 3 on, so they are checked to 5e-5 against the four decimals listed, at every rank where
// given.

#include <catch2/catch.hpp>

#include "helpers.h"

using Catch::Matchers::WithinAbs;
using test::run;

namespace {

// The per-rank table's column `column` (6 = DCG, 8 = IDCG, 9 = nDCG) as doubles.
std::vector<double> column(const irm::Outcome& o, std::size_t column) {
  std::vector<double> out;
  for (const auto& row : o.steps.at(0).rows) out.push_back(row.at(column).number->approx);
  return out;
}

void check_all(const std::vector<double>& actual, const std::vector<double>& expected) {
  REQUIRE(actual.size() >= expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("rank " << i + 1);
    CHECK_THAT(actual[i], WithinAbs(expected[i], 5e-5));
  }
}

}  // namespace

TEST_CASE("dcg-4-3-4-2: the CS657A notes' DCG, IDCG and nDCG at every rank of 4,3,4,2,0,0,0,1,1,0",
          "[golden][G1][cs657a][DCG][nDCG]") {
  const auto o = run("nDCG", "4 3 4 2 0 0 0 1 1 0");
  // DCG: 4; 4 + 3/1 = 7; 7 + 4/log2 3 = 9.5237; + 2/2 = 10.5237; … + 1/3 = 10.8571; + 1/log2 9.
  check_all(column(o, 6),
            {4, 7, 9.5237, 10.5237, 10.5237, 10.5237, 10.5237, 10.8571, 11.1725, 11.1725});
  // Ideal order 4,4,3,2,1,1,0,0,0,0: 4; 8; 8 + 3/log2 3 = 9.8928; 10.8928; + 1/log2 5; + 1/log2 6.
  check_all(column(o, 8),
            {4, 8, 9.8928, 10.8928, 11.3235, 11.7103, 11.7103, 11.7103, 11.7103, 11.7103});
  check_all(column(o, 9),
            {1, 0.875, 0.9627, 0.9661, 0.9294, 0.8987, 0.8987, 0.9271, 0.9541, 0.9541});
  CHECK_THAT(o.value.approx, WithinAbs(0.9541, 5e-5));
  // Ranks 1, 2 and 8 are rational: DCG 4, 7 and 7 + 4/log2 3 + 1 + 1/3 is not, but nDCG@2 = 7/8.
  CHECK(*o.steps[0].rows[1][6].number->exact == irm::Fraction{7, 1});
  CHECK(*o.steps[0].rows[1][9].number->exact == irm::Fraction{7, 8});
  CHECK(irm::to_decimal(*o.steps[0].rows[1][9].number, 2) == "0.88");  // the notes print 0.88
  CHECK(test::has_note_containing(o, "4, 4, 3, 2, 1, 1, 0, 0, 0, 0"));
  CHECK_FALSE(o.value.exact.has_value());
  CHECK_FALSE(o.value.formula.empty());
}

TEST_CASE(
    "capitals-method-1-dcg: the capitals, method 1 (5,2,3,4,1): DCG@5 = 11.3235, nDCG@5 = 0.9189",
    "[golden][G2][cs657a][DCG][nDCG]") {
  // 5 + 2 + 3/log2 3 + 4/2 + 1/log2 5 = 9 + 1.8928 + 0.4307 = 11.3235; ideal 5,4,3,2,1 = 12.3235.
  const auto o = run("nDCG@5", "5 2 3 4 1");
  CHECK_THAT(test::value_of(o, "DCG").approx, WithinAbs(11.3235, 5e-5));
  CHECK_THAT(test::value_of(o, "IDCG").approx, WithinAbs(12.3235, 5e-5));
  CHECK_THAT(o.value.approx, WithinAbs(0.9189, 5e-5));
  check_all(column(o, 6),
            {5, 7, 8.8928, 10.8928, 11.3235});  // the CS657A notes' table: 8.89, 10.89
}

TEST_CASE("capitals-method-2-dcg: method 2 (5,4,1,2,3): DCG@5 = 11.9230, nDCG@5 = 0.9675",
          "[golden][G3][cs657a][DCG][nDCG]") {
  const auto o = run("nDCG@5", "5 4 1 2 3");
  CHECK_THAT(test::value_of(o, "DCG").approx, WithinAbs(11.9230, 5e-5));
  CHECK_THAT(o.value.approx, WithinAbs(0.9675, 5e-5));
  check_all(column(o, 6), {5, 9, 9.6309, 10.6309, 11.9230});
}

TEST_CASE(
    "capitals-method-3-dcg: method 3 (5,4,0,3,2) with Dehradun (1) unretrieved: IDCG@5 = 12.3235",
    "[golden][G4][cs657a][DCG][nDCG][IDCG]") {
  const auto o = run("nDCG@5", "5 4 0 3 2\nunretrieved: 1");
  CHECK_THAT(test::value_of(o, "DCG").approx, WithinAbs(11.3614, 5e-5));
  CHECK_THAT(test::value_of(o, "IDCG").approx, WithinAbs(12.3235, 5e-5));
  CHECK_THAT(o.value.approx, WithinAbs(0.9219, 5e-5));
  CHECK(test::has_note_containing(o, "5, 4, 3, 2, 1"));
  CHECK_THAT(run("IDCG@5", "5 4 0 3 2 unretrieved: 1").value.approx, WithinAbs(12.3235, 5e-5));
  // Without the unretrieved grade the ideal would be 5,4,3,2,0: 5 + 4 + 3/log2 3 + 2/2 = 11.8928.
  CHECK_THAT(run("IDCG@5", "5 4 0 3 2").value.approx, WithinAbs(11.8928, 5e-5));
}

TEST_CASE("dcg-3-2-1: the Week 3 notes' 3,2,1: DCG 3, 5, 5.6309", "[golden][G5][week-3][DCG]") {
  const auto o = run("DCG", "3 2 1");
  check_all(column(o, 6), {3, 5, 5.6309});
  CHECK(*o.steps[0].rows[1][6].number->exact == irm::Fraction{5, 1});
  CHECK_THAT(o.value.approx, WithinAbs(5.6309, 5e-5));
  CHECK(o.working ==
        "\\text{DCG} = 3 + \\frac{2}{\\log_2 2} + \\frac{1}{\\log_2 3} \\approx 5.6309");
}

TEST_CASE("the three DCG forms on dcg-3-2-1 (3,2,1), worked by hand", "[golden][G5][DCG]") {
  // trec: 3/log2 2 + 2/log2 3 + 1/log2 4 = 3 + 1.2619 + 0.5 = 4.7619.
  CHECK_THAT(run("DCG(dcg=trec)", "3 2 1").value.approx, WithinAbs(4.7619, 5e-5));
  // burges: 7/1 + 3/log2 3 + 1/2 = 7 + 1.8928 + 0.5 = 9.3928.
  const auto burges = run("DCG(dcg=burges)", "3 2 1");
  CHECK_THAT(burges.value.approx, WithinAbs(9.3928, 5e-5));
  const auto* trec = test::alternative(burges, "DCG(dcg=trec)");
  REQUIRE(trec != nullptr);
  CHECK_THAT(trec->value.approx, WithinAbs(4.7619, 5e-5));
  // Two exact ranks under trec: 3/log2 2 = 3 and rank 3's log2 4 = 2, so DCG(trec)@1 = 3.
  CHECK(*run("DCG(dcg=trec)@1", "3 2 1").value.exact == irm::Fraction{3, 1});
}

TEST_CASE("nDCG with nothing relevant is 0 by a stated 0/0 convention", "[golden][G1][nDCG]") {
  const auto o = run("nDCG", "0 0 0");
  CHECK(*o.value.exact == irm::Fraction{0, 1});
  CHECK(test::has_note_containing(o, "nDCG would be 0/0; it is taken as 0"));
}

TEST_CASE("a cutoff past the list adds nothing to DCG, the ideal still fills k ranks",
          "[golden][G4][nDCG]") {
  // 3 1 with unretrieved 2: DCG@3 = 3 + 1 = 4; ideal 3,2,1: 3 + 2 + 1/log2 3 = 5.6309.
  const auto o = run("nDCG@3", "3 1\nunretrieved: 2");
  CHECK(*test::value_of(o, "DCG").exact == irm::Fraction{4, 1});
  CHECK_THAT(test::value_of(o, "IDCG").approx, WithinAbs(5.6309, 5e-5));
  CHECK(test::has_note_containing(o, "Only 2 documents were retrieved"));
}

TEST_CASE(
    "ideal-judged-retrieved-min-rk: the three ideal rankings of 3 0 with unretrieved grades 2 1",
    "[golden][ideal-judged-retrieved-min-rk][nDCG][IDCG]") {
  // The notes' form: DCG of 3 0 = 3 (rank 1 undiscounted, rank 2 adds 0).
  // ideal=judged: 3 2 1 0 over all 4 ranks: 3 + 2/log2 2 + 1/log2 3 + 0 = 5 + 0.63093 = 5.63093;
  //   nDCG = 3/5.63093 = 0.53277.
  // ideal=retrieved: 3 0 re-sorted is 3 0: IDCG = 3, nDCG = 1.
  // ideal=min_rk: min(k, relevant) = min(2, 3) = 2 ranks (k = the list's length): 3 + 2 = 5,
  //   nDCG = 3/5 exactly.
  const char* const list = "3 0\nunretrieved: 2 1";
  const auto judged = run("nDCG", list);
  CHECK_THAT(judged.value.approx, WithinAbs(0.53277, 5e-5));
  CHECK_THAT(test::value_of(judged, "IDCG").approx, WithinAbs(5.63093, 5e-5));
  const auto* retrieved = test::alternative(judged, "nDCG(ideal=retrieved)");
  REQUIRE(retrieved != nullptr);
  CHECK(*retrieved->value.exact == irm::Fraction{1, 1});
  const auto* min_rk = test::alternative(judged, "nDCG(ideal=min_rk)");
  REQUIRE(min_rk != nullptr);
  CHECK(*min_rk->value.exact == irm::Fraction{3, 5});

  const auto cut = run("nDCG(ideal=min_rk)", list);
  CHECK(cut.measure == "nDCG(ideal=min_rk)");
  CHECK(*cut.value.exact == irm::Fraction{3, 5});
  CHECK(*test::value_of(cut, "IDCG").exact == irm::Fraction{5, 1});
  CHECK(test::has_note_containing(cut,
                                  "IDCG runs over min(k, relevant) = min(2, 3) = 2 ideal "
                                  "ranks (ideal=min_rk, as Wikipedia's “Discounted "
                                  "cumulative gain” sums IDCG_p over the relevant documents "
                                  "up to position p), k being the length of the list."));
  const auto only_retrieved = run("IDCG(ideal=retrieved)", list);
  CHECK(*only_retrieved.value.exact == irm::Fraction{3, 1});
  CHECK(test::has_note_containing(only_retrieved,
                                  "The unretrieved judged grades (2, 1) are left out; trec_eval "
                                  "and scikit-learn count every judged grade."));

  // With a cutoff of 2 the ideal stops at rank 2 either way (3 + 2 = 5): min_rk is the judged
  // ideal, so it is not offered; re-sorting the retrieved 3 0 still gives IDCG@2 = 3, nDCG@2 = 1.
  const auto at2 = run("nDCG@2", list);
  CHECK(*at2.value.exact == irm::Fraction{3, 5});
  CHECK(test::alternative(at2, "nDCG(ideal=min_rk)@2") == nullptr);
  CHECK(*test::alternative(at2, "nDCG(ideal=retrieved)@2")->value.exact == irm::Fraction{1, 1});
  // DCG has no ideal.
  CHECK(irm::canonical("DCG(ideal=retrieved)").empty());
}

TEST_CASE("scikit-learn's ndcg_score examples are nDCG(dcg=trec) of the grades ranked by score",
          "[golden][G1][nDCG]") {
  // scikit-learn's ndcg_score documentation: true_relevance [[10, 0, 0, 1, 5]], scores
  // [[.1, .2, .3, 4, 70]] prints 0.69…. Ranked by score: 5 1 0 0 10.
  // DCG = 5/log2 2 + 1/log2 3 + 10/log2 6 = 5 + 0.63093 + 3.86853 = 9.49946;
  // IDCG of 10 5 1 0 0 = 10 + 5/log2 3 + 1/log2 4 = 10 + 3.15465 + 0.5 = 13.65465;
  // nDCG = 0.69569.
  CHECK_THAT(run("nDCG(dcg=trec)", "5 1 0 0 10").value.approx, WithinAbs(0.69569, 5e-5));
  // Scores [[.05, 1.1, 1., .5, .0]] (0.49…, and 0.35… with k=4): ranked 0 0 1 10 5.
  // DCG = 1/log2 4 + 10/log2 5 + 5/log2 6 = 0.5 + 4.30677 + 1.93426 = 6.74103, over 13.65465:
  // 0.49368; DCG@4 = 4.80677, IDCG@4 = 13.65465 (ranks 4 and 5 of the ideal are 0): 0.35202.
  CHECK_THAT(run("nDCG(dcg=trec)", "0 0 1 10 5").value.approx, WithinAbs(0.49368, 5e-5));
  CHECK_THAT(run("nDCG(dcg=trec)@4", "0 0 1 10 5").value.approx, WithinAbs(0.35202, 5e-5));
}
