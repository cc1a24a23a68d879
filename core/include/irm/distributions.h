// Probability distributions for the significance tests (measures/significance.cpp) and the
// comparison of runs (compare/): the normal, Student's t, the binomial at 1/2, the Wilcoxon
// signed-rank statistic and the studentized range. Plain double arithmetic, no exceptions, the same
// results in the native and the WebAssembly build. Sources are named beside each function in
// distributions.cpp.
#pragma once

#include <cstdint>
#include <vector>

namespace irm::stats {

/// Φ(z), the standard normal CDF, through erfc (accurate in the lower tail).
[[nodiscard]] double normal_cdf(double z);
/// 1 − Φ(z), accurate in the upper tail.
[[nodiscard]] double normal_upper(double z);
/// Φ⁻¹(p) for 0 < p < 1 (−∞ at 0, +∞ at 1, NaN outside [0, 1]); full double precision.
[[nodiscard]] double normal_quantile(double p);

/// I_x(a, b), the regularized incomplete beta function; `rest` = 1 − x, passed separately so that
/// it keeps its precision when x is close to 1.
[[nodiscard]] double incomplete_beta(double a, double b, double x, double rest);

/// P(|T| ≥ |t|) for Student's t with `df` degrees of freedom, given t² (df > 0, any real).
[[nodiscard]] double student_two_sided(double t_squared, double df);
/// P(T ≥ t), the upper tail.
[[nodiscard]] double student_upper(double t, double df);
/// The density of Student's t.
[[nodiscard]] double student_density(double t, double df);
/// The t with P(T ≥ t) = q, for 0 < q < 1 (t(0.025, 9) = 2.2622…): the quantile used for
/// confidence intervals, t_{1−α/2, df} = student_upper_quantile(α/2, df).
[[nodiscard]] double student_upper_quantile(double q, double df);

/// log Σ_{k=low}^{high} C(n, k) / 2^n, the log of a tail of Binomial(n, 1/2), summed in log space
/// (log-sum-exp of lgamma terms) so that neither C(n, k) nor 2^n overflows. −∞ when low > high.
[[nodiscard]] double log_binomial_half_tail(std::int64_t n, std::int64_t low, std::int64_t high);
/// The two-sided p of the exact binomial test of k successes of n at 1/2:
/// min(1, 2 Σ_{j ≤ min(k, n − k)} C(n, j)/2^n) (as R's binom.test and SciPy's binomtest).
[[nodiscard]] double binomial_half_two_sided(std::int64_t n, std::int64_t k);

/// The exact null distribution of the Wilcoxon signed-rank statistic W+ for n untied ranks, as
/// counts: element w is the number of the 2^n sign assignments of the ranks 1..n with W+ = w,
/// the subsets of {1, …, n} that sum to w (w = 0 … n(n + 1)/2). For n from 0 to 62 (2^n fits in
/// 64 bits); P(W+ = w) is the count over 2^n.
[[nodiscard]] std::vector<std::int64_t> signed_rank_counts(std::int64_t n);

/// P(Q ≥ q) for the studentized range Q of `k` ≥ 2 means with `df` degrees of freedom for the
/// variance (df = +∞ for a known variance): the p of Tukey's HSD.
[[nodiscard]] double studentized_range_upper(double q, int k, double df);
/// The q with P(Q ≥ q) = alpha: the critical value of Tukey's HSD, q_{1−α; k, df}.
[[nodiscard]] double studentized_range_upper_quantile(double alpha, int k, double df);

}  // namespace irm::stats
