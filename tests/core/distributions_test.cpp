// The probability distributions of irm/distributions.h against reference values. Each value says
// how it was computed: SciPy 1.10.1 (Debian's python3-scipy), mpmath 1.2 at 40 digits, closed
// forms, or printed tables. None is copied from this program.

#include "irm/distributions.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
namespace stats = irm::stats;

TEST_CASE("distributions: the normal CDF, upper tail and quantile", "[distributions]") {
  // scipy.stats.norm.cdf(1.96), norm.sf(5.0), norm.cdf(-8).
  CHECK_THAT(stats::normal_cdf(1.96), WithinAbs(0.9750021048517795, 1e-15));
  CHECK_THAT(stats::normal_upper(5.0), WithinRel(2.866515718791933e-07, 1e-12));
  CHECK_THAT(stats::normal_cdf(-8.0), WithinRel(6.22096057427174e-16, 1e-12));
  // scipy.stats.norm.ppf(0.975), norm.ppf(1e-10), norm.ppf(0.3); Φ⁻¹(1/2) = 0.
  CHECK_THAT(stats::normal_quantile(0.975), WithinAbs(1.959963984540054, 1e-14));
  CHECK_THAT(stats::normal_quantile(1e-10), WithinAbs(-6.361340902404056, 1e-13));
  CHECK_THAT(stats::normal_quantile(0.3), WithinAbs(-0.5244005127080409, 1e-14));
  CHECK(stats::normal_quantile(0.5) == 0.0);
  CHECK(std::isinf(stats::normal_quantile(0.0)));
  CHECK(std::isnan(stats::normal_quantile(1.5)));
}

TEST_CASE("distributions: Student's t tails", "[distributions]") {
  // df = 1 is the Cauchy distribution: P(|T| ≥ 2) = 1 − 2·atan(2)/π.
  CHECK_THAT(stats::student_two_sided(4.0, 1.0),
             WithinAbs(1.0 - 2.0 * std::atan(2.0) / M_PI, 1e-14));
  // df = 2: P(|T| ≥ t) = 1 − t/√(2 + t²); t² = 12 gives 1 − √(12/14).
  CHECK_THAT(stats::student_two_sided(12.0, 2.0), WithinAbs(1.0 - std::sqrt(12.0 / 14.0), 1e-14));
  // 2·scipy.stats.t.sf(2, 5), 2·t.sf(3.5, 24), t.sf(-1.3, 7).
  CHECK_THAT(stats::student_two_sided(4.0, 5.0), WithinAbs(0.10193947882985828, 1e-13));
  CHECK_THAT(stats::student_two_sided(12.25, 24.0), WithinAbs(0.0018423643546640188, 1e-13));
  CHECK_THAT(stats::student_upper(-1.3, 7.0), WithinAbs(0.8826160823038114, 1e-13));
}

TEST_CASE("distributions: Student's t quantile for confidence intervals", "[distributions]") {
  // mpmath 1.2, 40 digits: findroot of betainc(df/2, 1/2, 0, df/(df + t²), regularized)/2 = q.
  // (SciPy 1.10.1's t.isf is off by up to 1e-8 for small df: 2.2621571628... at (0.025, 9) only
  // to 9 digits, so it is not the reference here.) Tables: t_{0.975, 4} = 2.776,
  // t_{0.975, 9} = 2.262, t_{0.995, 24} = 2.797, t_{0.9, 3} = 1.638.
  CHECK_THAT(stats::student_upper_quantile(0.025, 4.0), WithinAbs(2.7764451051977943, 1e-12));
  CHECK_THAT(stats::student_upper_quantile(0.025, 9.0), WithinAbs(2.26215716279820551, 1e-12));
  CHECK_THAT(stats::student_upper_quantile(0.005, 24.0), WithinAbs(2.79693950477445628, 1e-12));
  CHECK_THAT(stats::student_upper_quantile(0.025, 249.0), WithinAbs(1.9695368676403509, 1e-12));
  CHECK_THAT(stats::student_upper_quantile(0.1, 3.0), WithinAbs(1.63774435369621005, 1e-12));
  // Closed forms: df = 1, tan(π(1/2 − 0.025)) = 12.7062047361747039; df = 2,
  // (1 − 2q)/√(2q(1 − q)) = 0.95/√0.04875 = 4.30265272974946372.
  CHECK_THAT(stats::student_upper_quantile(0.025, 1.0), WithinRel(12.7062047361747039, 1e-13));
  CHECK_THAT(stats::student_upper_quantile(0.025, 2.0), WithinRel(4.30265272974946372, 1e-13));
  // The lower half by symmetry.
  CHECK_THAT(stats::student_upper_quantile(0.975, 9.0), WithinAbs(-2.26215716279820551, 1e-12));
  CHECK(stats::student_upper_quantile(0.5, 9.0) == 0.0);
}

TEST_CASE("distributions: the binomial test at 1/2", "[distributions]") {
  // 2·(1 + 10 + 45)/1024 = 7/64 (scipy.stats.binomtest(2, 10).pvalue = 0.109375).
  CHECK_THAT(stats::binomial_half_two_sided(10, 2), WithinRel(7.0 / 64.0, 1e-13));
  // scipy.stats.binomtest(25, 70).pvalue; binomtest(100, 250).pvalue; 5 of 5: 2/32.
  CHECK_THAT(stats::binomial_half_two_sided(70, 25), WithinRel(0.022462895492509273, 1e-11));
  CHECK_THAT(stats::binomial_half_two_sided(250, 100), WithinRel(0.0018833009350761704, 1e-11));
  CHECK_THAT(stats::binomial_half_two_sided(5, 5), WithinRel(0.0625, 1e-13));
  CHECK(stats::binomial_half_two_sided(10, 5) == 1.0);
  CHECK(stats::binomial_half_two_sided(0, 0) == 1.0);
  // log of Σ_{k=0}^{2} C(10, k)/2^10 = log(56/1024).
  CHECK_THAT(stats::log_binomial_half_tail(10, 0, 2), WithinAbs(std::log(56.0 / 1024.0), 1e-14));
}

TEST_CASE("distributions: the Wilcoxon signed-rank counts", "[distributions][wilcoxon]") {
  // n = 4, by listing the 16 subsets of {1, 2, 3, 4} by their sum: 0 {}, 1 {1}, 2 {2}, 3 {3}
  // {1,2}, 4 {4} {1,3}, 5 {1,4} {2,3}, 6 {2,4} {1,2,3}, 7 {3,4} {1,2,4}, 8 {1,3,4}, 9 {2,3,4},
  // 10 {1,2,3,4}.
  CHECK(stats::signed_rank_counts(4) == std::vector<std::int64_t>{1, 1, 1, 2, 2, 2, 2, 2, 1, 1, 1});
  // n = 6: the partitions of w into distinct parts of at most 6 (OEIS A053632, row 6; the same
  // by listing the 64 subsets in Python). P(W+ ≤ 2) = 3/64 and, two-sided, W+ = 5 gives
  // 2·(1 + 1 + 1 + 2 + 2 + 3)/64 = 5/16, the exact Wilcoxon example of golden_significance.cpp.
  CHECK(stats::signed_rank_counts(6) == std::vector<std::int64_t>{1, 1, 1, 2, 2, 3, 4, 4, 4, 5, 5,
                                                                  5, 5, 4, 4, 4, 3, 2, 2, 1, 1, 1});
  // n = 20: printed tables of the signed-rank test's critical values give T = 52 at α = 0.05
  // two-sided, so P(W+ ≤ 52) ≤ 0.025 < P(W+ ≤ 53). The counts, by listing the 2^20 subsets in
  // Python: 25397 and 27876 of 1048576 (0.0242 and 0.0266).
  const auto twenty = stats::signed_rank_counts(20);
  REQUIRE(twenty.size() == 211);
  std::int64_t below = 0;
  for (std::size_t w = 0; w <= 52; ++w) below += twenty[w];
  CHECK(below == 25397);
  CHECK(below + twenty[53] == 27876);
  std::int64_t total = 0;
  for (const auto count : twenty) total += count;
  CHECK(total == std::int64_t{1} << 20);
  CHECK(stats::signed_rank_counts(0) == std::vector<std::int64_t>{1});
  CHECK(stats::signed_rank_counts(63).empty());  // 2^63 does not fit
}

TEST_CASE("distributions: the studentized range, upper tail", "[distributions][tukey]") {
  // scipy.stats.studentized_range.sf(q, k, df), SciPy 1.10.1.
  CHECK_THAT(stats::studentized_range_upper(3.5, 3, 10.0), WithinAbs(0.07710331083841038, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(4.5, 10, 2241.0),
             WithinAbs(0.04777768486517342, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(3.0, 5, INFINITY),
             WithinAbs(0.21087650496353805, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(5.0, 4, 20.0), WithinAbs(0.010287534594015546, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(8.0, 10, 30.0),
             WithinAbs(0.00013979917551343313, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(1.0, 3, 1.0), WithinAbs(0.8031614184036899, 1e-10));
  // For k = 2 the range is |Z1 − Z2| = √2·|Z|, so P(Q ≥ q) = P(|T_df| ≥ q/√2), Student's t:
  // q = 2, df = 7 gives 2·t.sf(√2, 7) = 0.20020007416624008 (also studentized_range.sf(2, 2, 7)).
  CHECK_THAT(stats::studentized_range_upper(2.0, 2, 7.0), WithinAbs(0.20020007416624008, 1e-10));
  CHECK_THAT(stats::studentized_range_upper(2.0, 2, 7.0),
             WithinAbs(stats::student_two_sided(2.0, 7.0), 1e-10));
  CHECK(stats::studentized_range_upper(0.0, 4, 10.0) == 1.0);
  CHECK(std::isnan(stats::studentized_range_upper(3.0, 1, 10.0)));
}

TEST_CASE("distributions: the studentized range, critical values", "[distributions][tukey]") {
  // scipy.stats.studentized_range.isf(α, k, df). Printed tables (Harter 1960, in most
  // statistics textbooks): q_{0.05; 3, 10} = 3.877, q_{0.01; 5, 20} = 5.29.
  CHECK_THAT(stats::studentized_range_upper_quantile(0.05, 3, 10.0),
             WithinAbs(3.876776750013158, 1e-9));
  CHECK_THAT(stats::studentized_range_upper_quantile(0.05, 10, 2241.0),
             WithinAbs(4.478663562325314, 1e-9));
  CHECK_THAT(stats::studentized_range_upper_quantile(0.01, 5, 20.0),
             WithinAbs(5.2932525192394335, 1e-9));
  // k = 2: q = √2·t_{0.975, 7} = √2·2.36462425159278534 = 3.34408368651884673 (mpmath).
  CHECK_THAT(stats::studentized_range_upper_quantile(0.05, 2, 7.0),
             WithinAbs(3.34408368651884673, 1e-9));
}
