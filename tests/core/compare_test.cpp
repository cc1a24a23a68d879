// The comparison of runs (irm/compare.h) against SciPy 1.10.1 and statsmodels 0.13.5 (Debian's
// python3-scipy and python3-statsmodels), exhaustive enumeration in Python, and hand
// calculations. No expected number is copied from this program.
//
// Four runs A–D on 12 topics (below). Per pair, with d = a − b (numpy, rounded to 12 places so
// that 0.52 − 0.48 and 0.65 − 0.61 are the same 0.04):
//   pair  wins ties losses  mean(d)                sd(d)
//   A-B    10    0    2     0.04                   0.04199567077254945
//   A-C    11    0    1     0.08583333333333333    0.045016831868925994
//   A-D     8    1    3     0.011666666666666664   0.01946247360403807
//   B-C     9    0    3     0.04583333333333333    0.05177895910561168
//   B-D     2    0   10    −0.028333333333333332   0.03298300756266457
//   C-D     1    0   11    −0.07416666666666667    0.05333570070503405
// t_{0.025, 11} = 2.2009851600916397 (mpmath 1.2, 40 digits; tables: 2.201).

#include "irm/compare.h"

#include <catch2/catch.hpp>
#include <cmath>

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

irm::CompareInput four_runs() {
  irm::CompareInput in;
  in.runs = {"A", "B", "C", "D"};
  for (int t = 1; t <= 12; ++t) in.topics.push_back("q" + std::to_string(t));
  irm::MeasureScores m;
  m.measure = "map";
  m.by_run = {
      {0.52, 0.31, 0.78, 0.44, 0.65, 0.29, 0.90, 0.51, 0.38, 0.72, 0.60, 0.47},
      {0.48, 0.35, 0.70, 0.40, 0.61, 0.22, 0.85, 0.55, 0.30, 0.64, 0.58, 0.41},
      {0.40, 0.28, 0.66, 0.45, 0.50, 0.20, 0.80, 0.43, 0.31, 0.60, 0.49, 0.42},
      {0.52, 0.33, 0.75, 0.41, 0.66, 0.27, 0.88, 0.50, 0.35, 0.70, 0.62, 0.44},
  };
  in.scores.push_back(m);
  return in;
}

irm::Comparison ok(const irm::Result<irm::Comparison>& r) {
  if (!r.ok()) FAIL("expected a comparison, got: " << r.error().message);
  return r.value();
}

irm::Comparison compare(irm::CompareTest test, irm::Correction correction = irm::Correction::none,
                        irm::CompareOptions options = {}) {
  options.test = test;
  options.correction = correction;
  return ok(irm::compare_runs(four_runs(), options));
}

const irm::PairComparison& pair(const irm::Comparison& c, const std::string& a,
                                const std::string& b) {
  for (const auto& p : c.comparisons) {
    if (p.a == a && p.b == b) return p;
  }
  FAIL("no pair " << a << "-" << b);
  static irm::PairComparison none;
  return none;
}

const std::vector<std::pair<std::string, std::string>> all_pairs = {
    {"A", "B"}, {"A", "C"}, {"A", "D"}, {"B", "C"}, {"B", "D"}, {"C", "D"}};

}  // namespace

TEST_CASE("compare: pairs, means, wins/ties/losses, effect size and the t interval", "[compare]") {
  const auto c = compare(irm::CompareTest::ttest);
  CHECK(c.measures == std::vector<std::string>{"map"});
  REQUIRE(c.comparisons.size() == 6);
  for (std::size_t i = 0; i < all_pairs.size(); ++i) {
    CHECK(c.comparisons[i].a == all_pairs[i].first);
    CHECK(c.comparisons[i].b == all_pairs[i].second);
  }
  const auto& ab = pair(c, "A", "B");
  // mean A = 6.57/12 = 0.5475, mean B = 6.09/12 = 0.5075, diff 0.48/12 = 0.04.
  CHECK_THAT(ab.mean_a, WithinAbs(0.5475, 1e-12));
  CHECK_THAT(ab.mean_b, WithinAbs(0.5075, 1e-12));
  CHECK_THAT(ab.diff, WithinAbs(0.04, 1e-12));
  CHECK(ab.wins == 10);
  CHECK(ab.ties == 0);
  CHECK(ab.losses == 2);
  // Cohen's d_z = 0.04/0.04199567077254945 (numpy d.mean()/d.std(ddof=1)).
  REQUIRE(ab.effect_size);
  CHECK_THAT(*ab.effect_size, WithinAbs(0.9524791309238018, 1e-9));
  // CI: 0.04 ± 2.2009851600916397·0.04199567077254945/√12.
  CHECK(ab.ci_method == "t");
  CHECK_THAT(ab.ci_low, WithinAbs(0.013317223792004767, 1e-9));
  CHECK_THAT(ab.ci_high, WithinAbs(0.06668277620799523, 1e-9));
  // A-D: q1 0.52 − 0.52 is a tie.
  const auto& ad = pair(c, "A", "D");
  CHECK(ad.wins == 8);
  CHECK(ad.ties == 1);
  CHECK(ad.losses == 3);
  CHECK_THAT(*ad.effect_size, WithinAbs(0.5994441870043726, 1e-9));
  const auto& cd = pair(c, "C", "D");
  CHECK_THAT(*cd.effect_size, WithinAbs(-1.3905632753722594, 1e-9));
  CHECK_THAT(cd.ci_low, WithinAbs(-0.10805455414718475, 1e-9));
  CHECK_THAT(cd.ci_high, WithinAbs(-0.0402787791861486, 1e-9));
  // Means and their t intervals: mean ± t_{0.025, 11}·sd/√12 (numpy).
  REQUIRE(c.means.size() == 4);
  CHECK(c.means[2].run == "C");
  CHECK_THAT(c.means[2].mean, WithinAbs(0.4616666666666666, 1e-12));
  CHECK_THAT(c.means[2].ci_low, WithinAbs(0.35563126045341253, 1e-9));
  CHECK_THAT(c.means[2].ci_high, WithinAbs(0.5677020728799207, 1e-9));
  CHECK_THAT(c.means[0].ci_low, WithinAbs(0.427584252246194, 1e-9));
  CHECK_THAT(c.means[0].ci_high, WithinAbs(0.667415747753806, 1e-9));
}

TEST_CASE("compare: ttest p equals SciPy's ttest_rel", "[compare][ttest]") {
  const auto c = compare(irm::CompareTest::ttest);
  // scipy.stats.ttest_rel(a, b): statistic and pvalue.
  CHECK_THAT(pair(c, "A", "B").statistic, WithinAbs(3.2994844958181475, 1e-9));
  CHECK_THAT(pair(c, "A", "B").p, WithinAbs(0.007084467545582412, 1e-9));
  CHECK_THAT(pair(c, "A", "C").p, WithinAbs(3.837810025621543e-05, 1e-9));
  CHECK_THAT(pair(c, "A", "D").p, WithinAbs(0.062068510600077856, 1e-9));
  CHECK_THAT(pair(c, "B", "C").p, WithinAbs(0.01073001413934, 1e-9));
  CHECK_THAT(pair(c, "B", "D").statistic, WithinAbs(-2.975760945261332, 1e-9));
  CHECK_THAT(pair(c, "B", "D").p, WithinAbs(0.012614749847354183, 1e-9));
  CHECK_THAT(pair(c, "C", "D").p, WithinAbs(0.0005384169741049248, 1e-9));
  CHECK(*pair(c, "A", "B").df == 11.0);
  // No correction: p_adjusted = p; significant at 0.05 but A-D.
  CHECK(pair(c, "A", "B").p_adjusted == pair(c, "A", "B").p);
  CHECK(pair(c, "A", "B").significant);
  CHECK_FALSE(pair(c, "A", "D").significant);
}

TEST_CASE("compare: bonferroni, holm and bh equal statsmodels' multipletests",
          "[compare][corrections]") {
  // statsmodels.stats.multitest.multipletests(p, method=...)[1] on the six ttest_rel p-values in
  // the order A-B, A-C, A-D, B-C, B-D, C-D.
  const std::vector<double> bonferroni = {0.04250680527349447, 0.00023026860153729258,
                                          0.37241106360046716, 0.06438008483604,
                                          0.0756884990841251,  0.003230501844629549};
  const std::vector<double> holm = {0.02833787018232965,  0.00023026860153729258,
                                    0.062068510600077856, 0.03219004241802,
                                    0.03219004241802,     0.0026920848705246237};
  const std::vector<double> bh = {0.014168935091164825, 0.00023026860153729258,
                                  0.062068510600077856, 0.015137699816825018,
                                  0.015137699816825018, 0.0016152509223147744};
  const auto check = [&](irm::Correction correction, const std::vector<double>& expected) {
    const auto c = compare(irm::CompareTest::ttest, correction);
    for (std::size_t i = 0; i < expected.size(); ++i) {
      INFO(irm::to_string(correction) << " pair " << i);
      CHECK_THAT(c.comparisons[i].p_adjusted, WithinAbs(expected[i], 1e-9));
      CHECK(c.comparisons[i].significant == (expected[i] <= 0.05));
    }
  };
  check(irm::Correction::bonferroni, bonferroni);
  check(irm::Correction::holm, holm);
  check(irm::Correction::bh, bh);
}

TEST_CASE("compare: the corrections by hand: capped, monotone, ties kept",
          "[compare][corrections]") {
  // p = 0.01, 0.04, 0.03, 0.5 (m = 4). Sorted 0.01, 0.03, 0.04, 0.5.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.5};
  // bonferroni: 4p capped: 0.04, 0.16, 0.12, 1.
  const auto b = irm::adjust_p_values(p, irm::Correction::bonferroni);
  CHECK_THAT(b[0], WithinAbs(0.04, 1e-15));
  CHECK_THAT(b[1], WithinAbs(0.16, 1e-15));
  CHECK_THAT(b[2], WithinAbs(0.12, 1e-15));
  CHECK(b[3] == 1.0);
  // holm: 4·0.01 = 0.04; 3·0.03 = 0.09; 2·0.04 = 0.08 → max(0.09, 0.08) = 0.09; 1·0.5 = 0.5.
  const auto h = irm::adjust_p_values(p, irm::Correction::holm);
  CHECK_THAT(h[0], WithinAbs(0.04, 1e-15));
  CHECK_THAT(h[2], WithinAbs(0.09, 1e-15));
  CHECK_THAT(h[1], WithinAbs(0.09, 1e-15));
  CHECK_THAT(h[3], WithinAbs(0.5, 1e-15));
  // bh: m p_(i)/i: 0.04, 0.06, 0.05333, 0.5; from the top the running minimum: 0.5, 0.05333,
  // min(0.06, 0.05333) = 0.05333, min(0.04, …) = 0.04.
  const auto f = irm::adjust_p_values(p, irm::Correction::bh);
  CHECK_THAT(f[0], WithinAbs(0.04, 1e-15));
  CHECK_THAT(f[2], WithinAbs(0.16 / 3.0, 1e-15));
  CHECK_THAT(f[1], WithinAbs(0.16 / 3.0, 1e-15));
  CHECK_THAT(f[3], WithinAbs(0.5, 1e-15));
  CHECK(irm::adjust_p_values(p, irm::Correction::none) == p);
  CHECK(irm::adjust_p_values({}, irm::Correction::holm).empty());
}

TEST_CASE("compare: a baseline gives each other run against it, corrected over 3 pairs",
          "[compare][corrections]") {
  irm::CompareOptions options;
  options.baseline = 3;  // D
  const auto c = compare(irm::CompareTest::ttest, irm::Correction::holm, options);
  REQUIRE(c.comparisons.size() == 3);
  CHECK(c.comparisons[0].a == "A");
  CHECK(c.comparisons[0].b == "D");
  CHECK(c.comparisons[2].a == "C");
  // scipy ttest_rel p of A-D, B-D, C-D; statsmodels multipletests(method="holm").
  CHECK_THAT(c.comparisons[0].p, WithinAbs(0.062068510600077856, 1e-9));
  CHECK_THAT(c.comparisons[0].p_adjusted, WithinAbs(0.062068510600077856, 1e-9));
  CHECK_THAT(c.comparisons[1].p_adjusted, WithinAbs(0.025229499694708366, 1e-9));
  CHECK_THAT(c.comparisons[2].p_adjusted, WithinAbs(0.0016152509223147744, 1e-9));
}

TEST_CASE("compare: wilcoxon equals SciPy's wilcoxon (normal approximation with ties)",
          "[compare][wilcoxon]") {
  // Every pair has tied |d| (2-decimal scores), so method=exact falls back to the normal
  // approximation; scipy.stats.wilcoxon(d, correction=True, method="approx").pvalue, d rounded
  // to 12 places. A-D has one zero, dropped (zero_method="wilcox").
  const auto c = compare(irm::CompareTest::wilcoxon);
  CHECK_THAT(pair(c, "A", "B").statistic, WithinAbs(8.0, 1e-12));
  CHECK_THAT(pair(c, "A", "B").p, WithinAbs(0.015734642626552012, 1e-9));
  CHECK_THAT(pair(c, "A", "C").p, WithinAbs(0.003216229310127449, 1e-9));
  CHECK_THAT(pair(c, "A", "D").statistic, WithinAbs(11.5, 1e-12));
  CHECK_THAT(pair(c, "A", "D").p, WithinAbs(0.05790726541729731, 1e-9));
  CHECK_THAT(pair(c, "B", "C").p, WithinAbs(0.022751812496583177, 1e-9));
  CHECK_THAT(pair(c, "B", "D").p, WithinAbs(0.029572734297477744, 1e-9));
  CHECK_THAT(pair(c, "C", "D").statistic, WithinAbs(2.5, 1e-12));
  CHECK_THAT(pair(c, "C", "D").p, WithinAbs(0.004709689996687531, 1e-9));
  CHECK(pair(c, "A", "B").method.find("normal approximation") == 0);
  CHECK(pair(c, "A", "B").z.has_value());
  // correction=no: SciPy's correction=False.
  irm::CompareOptions options;
  options.wilcoxon_continuity = false;
  const auto no = compare(irm::CompareTest::wilcoxon, irm::Correction::none, options);
  CHECK_THAT(pair(no, "A", "B").p, WithinAbs(0.01410400547939594, 1e-9));
  CHECK_THAT(pair(no, "A", "D").p, WithinAbs(0.05219140018774783, 1e-9));
  CHECK_THAT(pair(no, "C", "D").p, WithinAbs(0.0041635041461355006, 1e-9));
}

TEST_CASE("compare: wilcoxon exact for n = 6 without ties: p = 5/16", "[compare][wilcoxon]") {
  // The significance calculator's SIG2: d = 0.10, 0.25, −0.05, 0.30, 0.15, −0.20; W+ = 16,
  // W− = 5, P(W+ ≤ 5) = 10/64, p = 2·10/64 = 5/16 (scipy.stats.wilcoxon(d).pvalue = 0.3125).
  irm::CompareInput in;
  in.runs = {"x", "y"};
  in.topics = {"q1", "q2", "q3", "q4", "q5", "q6"};
  in.scores.push_back(
      {"P@10", {{0.50, 0.75, 0.40, 0.90, 0.65, 0.30}, {0.40, 0.50, 0.45, 0.60, 0.50, 0.50}}});
  irm::CompareOptions options;
  options.test = irm::CompareTest::wilcoxon;
  const auto c = ok(irm::compare_runs(in, options));
  REQUIRE(c.comparisons.size() == 1);
  CHECK(c.comparisons[0].method == "exact");
  CHECK(c.comparisons[0].statistic == 5.0);
  CHECK_THAT(c.comparisons[0].p, WithinAbs(5.0 / 16.0, 1e-15));
  // zero=pratt with a zero: the normal approximation; the calculator's SIG5 example, d = 0 0.1
  // 0.2 0.3 −0.4 0.5: scipy.stats.wilcoxon(d, zero_method="pratt", correction=True,
  // method="approx").pvalue = 0.34278171114791145.
  in.topics = {"q1", "q2", "q3", "q4", "q5", "q6"};
  in.scores[0].by_run = {{0.5, 0.6, 0.7, 0.8, 0.1, 1.0}, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}};
  options.wilcoxon_pratt = true;
  const auto pratt = ok(irm::compare_runs(in, options));
  CHECK_THAT(pratt.comparisons[0].p, WithinAbs(0.34278171114791145, 1e-9));
  // zero=wilcox drops the zero and stays exact on n = 5: 2·7/32 = 7/16.
  options.wilcoxon_pratt = false;
  CHECK_THAT(ok(irm::compare_runs(in, options)).comparisons[0].p, WithinAbs(7.0 / 16.0, 1e-15));
}

TEST_CASE("compare: sign test equals SciPy's binomtest", "[compare][sign]") {
  const auto c = compare(irm::CompareTest::sign);
  // scipy.stats.binomtest(wins, wins + losses, 0.5).pvalue. By hand, A-B: 10 of 12, 2·(1 + 12 +
  // 66)/4096 = 158/4096 = 0.03857421875. A-D: 8 of 11 (a tie dropped), 2·(1 + 11 + 55 + 165)/2048
  // = 464/2048 = 0.2265625.
  CHECK_THAT(pair(c, "A", "B").p, WithinAbs(0.03857421875, 1e-12));
  CHECK_THAT(pair(c, "A", "C").p, WithinAbs(0.00634765625, 1e-12));
  CHECK_THAT(pair(c, "A", "D").p, WithinAbs(0.2265625, 1e-12));
  CHECK_THAT(pair(c, "B", "C").p, WithinAbs(0.14599609375, 1e-12));
  CHECK_THAT(pair(c, "B", "D").p, WithinAbs(0.03857421875, 1e-12));
  CHECK(pair(c, "B", "D").statistic == 2.0);
}

TEST_CASE("compare: randomization is exact for m ≤ 20, against a full enumeration",
          "[compare][randomization]") {
  const auto c = compare(irm::CompareTest::randomization);
  // Python, itertools.product over all sign vectors of the non-zero d: #{|Σ s·d| ≥ |Σ d|}/2^m.
  // SciPy 1.10.1 scipy.stats.permutation_test((a, b), mean of a − b, permutation_type="samples",
  // n_resamples=inf) agrees: 0.0146484375 for A-B, 0.087890625 for A-D.
  CHECK_THAT(pair(c, "A", "B").p, WithinAbs(60.0 / 4096.0, 1e-15));
  CHECK_THAT(pair(c, "A", "C").p, WithinAbs(4.0 / 4096.0, 1e-15));
  CHECK_THAT(pair(c, "A", "D").p, WithinAbs(180.0 / 2048.0, 1e-15));  // one zero left out
  CHECK_THAT(pair(c, "B", "C").p, WithinAbs(66.0 / 4096.0, 1e-15));
  CHECK_THAT(pair(c, "B", "D").p, WithinAbs(86.0 / 4096.0, 1e-15));
  CHECK_THAT(pair(c, "C", "D").p, WithinAbs(8.0 / 4096.0, 1e-15));
  CHECK(pair(c, "A", "B").samples == 0);
  CHECK_FALSE(pair(c, "A", "B").p_standard_error);
  CHECK(pair(c, "A", "D").method == "exact, all 2^11 sign assignments");
}

namespace {

// 30 topics: 2^30 assignments, so Monte Carlo. d = +0.1 on 20 topics and −0.1 on 10: |mean| ≥
// observed ⇔ the number k of + signs has |2k − 30| ≥ 10, k ≥ 20 or k ≤ 10, the two-sided sign
// test's event: exact p = 2·Σ_{k≤10} C(30, k)/2^30 = 0.09873714670538905 (scipy binomtest(20,
// 30).pvalue).
irm::CompareInput thirty() {
  irm::CompareInput in;
  in.runs = {"x", "y"};
  irm::MeasureScores m{"P@10", {{}, {}}};
  for (int t = 0; t < 30; ++t) {
    in.topics.push_back("t" + std::to_string(t));
    m.by_run[0].push_back(0.5);
    m.by_run[1].push_back(t < 20 ? 0.4 : 0.6);
  }
  in.scores.push_back(m);
  return in;
}

}  // namespace

TEST_CASE("compare: randomization by Monte Carlo states and respects its standard error",
          "[compare][randomization]") {
  irm::CompareOptions options;
  options.test = irm::CompareTest::randomization;
  const auto c = ok(irm::compare_runs(thirty(), options));
  const auto& p = c.comparisons.at(0);
  CHECK(p.samples == 10000);
  REQUIRE(p.p_standard_error);
  // SE = √(p(1 − p)/N) ≈ √(0.0987·0.9013/10000) ≈ 0.00298.
  CHECK_THAT(*p.p_standard_error, WithinAbs(std::sqrt(p.p * (1 - p.p) / 10000.0), 1e-15));
  CHECK_THAT(p.p, WithinAbs(0.09873714670538905, 4 * *p.p_standard_error));
  // p = (1 + count)/(1 + N): a whole count.
  const double count = p.p * 10001.0 - 1.0;
  CHECK_THAT(count, WithinAbs(std::round(count), 1e-6));
  // The same seed gives the same p; another seed another sample, within the error.
  CHECK(ok(irm::compare_runs(thirty(), options)).comparisons[0].p == p.p);
  options.seed = 7;
  options.permutations = 40000;
  const auto other = ok(irm::compare_runs(thirty(), options)).comparisons[0];
  CHECK(other.samples == 40000);
  CHECK_THAT(other.p, WithinAbs(0.09873714670538905, 4 * *other.p_standard_error));
}

TEST_CASE("compare: tukey, one-way ANOVA, equals statsmodels' pairwise_tukeyhsd",
          "[compare][tukey]") {
  irm::CompareOptions options;
  options.tukey_blocked = false;
  const auto c = compare(irm::CompareTest::tukey, irm::Correction::none, options);
  // One-way ANOVA: MSE = 0.032907007575757576 with df = 4·11 = 44 (numpy). statsmodels 0.13.5
  // pairwise_tukeyhsd(scores, runs).pvalues, whose meandiffs are b − a (ours a − b), and
  // confint, negated and swapped; scipy.stats.studentized_range.isf(0.05, 4, 44) =
  // 3.775958217781714.
  const std::vector<double> p = {0.9487015128781159, 0.6554350085482494, 0.9985860935450352,
                                 0.9255009548621067, 0.9807016803268944, 0.7493273755842409};
  const std::vector<double> high = {0.2377337271541761,  0.28356706048750935, 0.20940039382084266,
                                    0.24356706048750934, 0.16940039382084263, 0.12356706048750934};
  const std::vector<double> low = {-0.15773372715417602, -0.11190039382084274,
                                   -0.18606706048750946, -0.15190039382084278,
                                   -0.2260670604875095,  -0.27190039382084275};
  REQUIRE(c.comparisons.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("pair " << i);
    CHECK_THAT(c.comparisons[i].p, WithinAbs(p[i], 1e-9));
    CHECK_THAT(c.comparisons[i].ci_low, WithinAbs(low[i], 1e-9));
    CHECK_THAT(c.comparisons[i].ci_high, WithinAbs(high[i], 1e-9));
    CHECK(*c.comparisons[i].df == 44.0);
    CHECK(c.comparisons[i].ci_method == "tukey");
  }
  // q = |diff|/√(MSE/12): A-B 0.04/√(0.032907007575757576/12) = 0.7638470729553476.
  CHECK_THAT(c.comparisons[0].statistic, WithinAbs(0.7638470729553476, 1e-9));
}

TEST_CASE("compare: tukey, blocked (two-way ANOVA, topics as blocks)", "[compare][tukey]") {
  const auto c = compare(irm::CompareTest::tukey);
  // numpy: residuals x − run mean − topic mean + grand mean, MSE = Σ e²/((4 − 1)(12 − 1)) =
  // 0.0008985479797979804, df = 33; q = |diff|/√(MSE/12); p = scipy.stats.studentized_range
  // .sf(q, 4, 33); q_crit = studentized_range.isf(0.05, 4, 33) = 3.8253734980474197.
  const std::vector<double> q = {4.622532553546784, 9.919184437819137,  1.3482386614511368,
                                 5.296651884272353, 3.2742938920956473, 8.570945776368};
  const std::vector<double> p = {0.01285005381533233, 2.9597693762539734e-07,
                                 0.7764135575117683,  0.0036685184166617146,
                                 0.11507133445383677, 4.681884744672793e-06};
  const std::vector<double> low = {0.006898028699767356,  0.05273136203310069,
                                   -0.021435304633566077, 0.012731362033100657,
                                   -0.06143530463356611,  -0.10726863796689945};
  const std::vector<double> high = {0.07310197130023272,  0.11893530463356605,
                                    0.04476863796689928,  0.07893530463356602,
                                    0.004768637966899247, -0.04106469536643409};
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("pair " << i);
    CHECK_THAT(c.comparisons[i].statistic, WithinAbs(q[i], 1e-9));
    CHECK_THAT(c.comparisons[i].p, WithinAbs(p[i], 1e-9));
    CHECK_THAT(c.comparisons[i].ci_low, WithinAbs(low[i], 1e-9));
    CHECK_THAT(c.comparisons[i].ci_high, WithinAbs(high[i], 1e-9));
    CHECK(*c.comparisons[i].df == 33.0);
  }
  REQUIRE(c.summaries.size() == 1);
  CHECK(c.summaries[0].pairs == 6);
  CHECK_THAT(*c.summaries[0].mse, WithinAbs(0.0008985479797979804, 1e-15));
  CHECK(*c.summaries[0].df == 33.0);
  CHECK_THAT(*c.summaries[0].q_critical, WithinAbs(3.8253734980474197, 1e-9));
  CHECK_FALSE(compare(irm::CompareTest::ttest).summaries.at(0).mse);
}

TEST_CASE("compare: bootstrap: seeded, percentile interval, shift-method p",
          "[compare][bootstrap]") {
  irm::CompareOptions options;
  options.test = irm::CompareTest::bootstrap;
  const auto c = ok(irm::compare_runs(thirty(), options));
  const auto& p = c.comparisons.at(0);
  // d = +0.1 (20 topics), −0.1 (10), mean(d) = 1/30. A resample with k topics of +0.1 has mean
  // 0.1·(2k − 30)/30, k ~ Binomial(30, 2/3). scipy.stats.binom(30, 2/3): cdf(14) = 0.0188 <
  // 0.025 < cdf(15) = 0.0435 and cdf(24) = 0.9645 < 0.975 < cdf(25) = 0.9878, so the 2.5% and
  // 97.5% points are k = 15 and k = 25 (each more than 4 standard errors of a 10,000-sample
  // proportion from the edge): the interval is [0, 0.1·20/30] = [0, 0.0667].
  CHECK(p.ci_method == "bootstrap percentile");
  CHECK_THAT(p.ci_low, WithinAbs(0.0, 1e-12));
  CHECK_THAT(p.ci_high, WithinAbs(0.2 / 3.0, 1e-12));
  // p: |m* − 1/30| ≥ 1/30 ⇔ |k − 20| ≥ 5; binom(30, 2/3).cdf(15) + .sf(24) =
  // 0.07893644754421841, which the resampling estimates within its standard error.
  REQUIRE(p.p_standard_error);
  CHECK_THAT(p.p, WithinAbs(0.07893644754421841, 4 * *p.p_standard_error));
  CHECK(p.samples == 10000);
  CHECK(ok(irm::compare_runs(thirty(), options)).comparisons[0].p == p.p);
  CHECK(c.means.at(0).ci_method == "bootstrap percentile");
  // Run x scores 0.5 on every topic: every resample's mean is 0.5.
  CHECK(c.means.at(0).ci_low == 0.5);
  CHECK(c.means.at(0).ci_high == 0.5);
}

TEST_CASE("compare: errors for bad input, never an exception", "[compare][errors]") {
  irm::CompareOptions options;
  auto in = four_runs();
  in.runs = {"A"};
  in.scores[0].by_run.resize(1);
  auto e = irm::compare_runs(in, options);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message == "comparing runs needs at least 2 runs; 1 was given");

  in = four_runs();
  in.scores[0].by_run[2].pop_back();
  e = irm::compare_runs(in, options);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message ==
        "measure map, run C: 11 scores for 12 topics; every run needs a score on every topic");

  in = four_runs();
  in.scores[0].by_run[1][4] = std::nan("");
  e = irm::compare_runs(in, options);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == irm::ErrorCode::bad_number);
  CHECK(e.error().message ==
        "measure map, run B, topic q5: the score is NaN; every score must be a finite number");

  in = four_runs();
  in.runs[3] = "A";
  CHECK_FALSE(irm::compare_runs(in, options).ok());

  in = four_runs();
  in.topics.resize(1);
  for (auto& row : in.scores[0].by_run) row.resize(1);
  e = irm::compare_runs(in, options);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message == "comparing runs needs scores on at least 2 topics; 1 given");

  options.baseline = 4;
  e = irm::compare_runs(four_runs(), options);
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().field == irm::Field::options);
  options.baseline.reset();
  options.alpha = 0.0;
  CHECK_FALSE(irm::compare_runs(four_runs(), options).ok());
  options.alpha = 0.05;
  options.permutations = 0;
  CHECK_FALSE(irm::compare_runs(four_runs(), options).ok());
  options.permutations = 10000;

  // Identical runs, below. A pair whose differences are all the same and not 0 is no error:
  // compare_runs' ttest on constant differences, further down.
  in = four_runs();
  // Identical runs: every difference 0, p = 1 for every test, no effect size.
  in.scores[0].by_run[1] = in.scores[0].by_run[0];
  for (const auto test : {irm::CompareTest::ttest, irm::CompareTest::wilcoxon,
                          irm::CompareTest::sign, irm::CompareTest::randomization}) {
    options.test = test;
    const auto c = ok(irm::compare_runs(in, options));
    INFO(irm::to_string(test));
    CHECK(c.comparisons[0].p == 1.0);
    CHECK(c.comparisons[0].ties == 12);
    CHECK_FALSE(c.comparisons[0].effect_size);
  }
}

TEST_CASE("compare: ttest on one pair whose differences are all the same: t infinite, p = 0",
          "[compare][ttest]") {
  // B = A − 0.1 on every topic: d = 0.1 twelve times, sd = 0, so t = mean / (sd/√n) is +∞ and p
  // its limit, 0. SciPy 1.10.1's ttest_rel(A, A - 0.1) gives t = 1.69e16, p = 3.9e-174 (its sd is
  // 1e-17, the rounding of A - 0.1), and ttest_rel([1, 1, 1], [0, 0, 0]) statistic=inf,
  // pvalue=0.0. That pair alone: the other five are compared as usual.
  irm::CompareInput in = four_runs();
  in.scores[0].by_run[1] = in.scores[0].by_run[0];
  for (double& x : in.scores[0].by_run[1]) x -= 0.1;
  irm::CompareOptions options;
  options.correction = irm::Correction::holm;
  const irm::Comparison c = ok(irm::compare_runs(in, options));
  REQUIRE(c.comparisons.size() == 6);
  const auto& ab = pair(c, "A", "B");
  CHECK(std::isinf(ab.statistic));
  CHECK(ab.statistic > 0);
  CHECK(ab.p == 0.0);
  CHECK(ab.p_adjusted == 0.0);
  CHECK(ab.significant);
  CHECK(ab.wins == 12);
  CHECK_FALSE(ab.effect_size);
  CHECK_THAT(ab.diff, WithinAbs(0.1, 1e-12));
  CHECK_THAT(ab.ci_low, WithinAbs(0.1, 1e-12));  // diff ± t·0/√n
  CHECK_THAT(ab.ci_high, WithinAbs(0.1, 1e-12));
  CHECK(ab.method.find("every difference is the same and not 0") == 0);
  CHECK(ab.method.find("p = 0") != std::string::npos);
  // The others, as scipy.stats.ttest_rel gives them: A-C and C-D as in the four runs; B-C on
  // A − 0.1 and C: t = -1.0901427498053955, p = 0.29895492109668176.
  CHECK_THAT(pair(c, "A", "C").p, WithinAbs(3.837810025621543e-05, 1e-9));
  CHECK_THAT(pair(c, "C", "D").p, WithinAbs(0.0005384169741049248, 1e-9));
  CHECK_THAT(pair(c, "B", "C").statistic, WithinAbs(-1.0901427498053955, 1e-9));
  CHECK_THAT(pair(c, "B", "C").p, WithinAbs(0.29895492109668176, 1e-9));
  // A difference the other way (B − A = −0.1): t = −∞.
  CHECK_FALSE(std::isinf(pair(c, "B", "D").statistic));
  std::swap(in.runs[0], in.runs[1]);
  std::swap(in.scores[0].by_run[0], in.scores[0].by_run[1]);
  const irm::Comparison swapped = ok(irm::compare_runs(in, options));
  CHECK(std::isinf(pair(swapped, "B", "A").statistic));
  CHECK(pair(swapped, "B", "A").statistic < 0);
  CHECK(pair(swapped, "B", "A").p == 0.0);
}

TEST_CASE("compare: test and correction names", "[compare]") {
  CHECK(irm::compare_test_named("ttest") == irm::CompareTest::ttest);
  CHECK(irm::compare_test_named("permutation") == irm::CompareTest::randomization);
  CHECK(irm::compare_test_named("hsd") == irm::CompareTest::tukey);
  CHECK_FALSE(irm::compare_test_named("anova"));
  CHECK(irm::correction_named("fdr_bh") == irm::Correction::bh);
  CHECK(irm::correction_named("holm") == irm::Correction::holm);
  CHECK_FALSE(irm::correction_named("sidak"));
  CHECK(std::string(irm::to_string(irm::CompareTest::bootstrap)) == "bootstrap");
  CHECK(std::string(irm::to_string(irm::Correction::bh)) == "bh");
}
