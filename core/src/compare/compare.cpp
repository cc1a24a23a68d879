// Comparing N runs over the same topics (irm/compare.h).
//
// For each measure and each pair (a, b) of runs — all pairs a < b in run order, or, with a
// baseline, each other run a against the baseline b — the per-topic differences d_t = x_a,t −
// x_b,t. Two differences closer than 1e-12 × the largest |score| of the measure count as equal,
// and a |d| that small as 0: scores are doubles, and 0.4 − 0.3 is not 0.3 − 0.2 in binary.
//
// Every pair reports: mean_a, mean_b, diff = mean(d); wins, ties, losses = #{d > 0, d = 0, d < 0};
// effect_size = Cohen's d_z = mean(d)/sd(d), sd with n − 1 (Cohen, Statistical Power Analysis for
// the Behavioral Sciences, 1988, chapter 2), empty when sd(d) = 0; a confidence interval of
// mean(d) at `confidence` (default 0.95): the t interval mean(d) ± t_{(1−c)/2, n−1}·sd(d)/√n for
// ttest, wilcoxon, sign and randomization; the bootstrap percentile interval for bootstrap; the
// simultaneous Tukey interval for tukey. Every run's mean has the t interval, or the bootstrap
// percentile interval under bootstrap. All p-values are two-sided.
//
// ttest: paired t, t = mean(d)/(sd(d)/√n), df = n − 1, p = I_{df/(df+t²)}(df/2, 1/2) (SciPy 1.10
//   scipy.stats.ttest_rel). All differences 0: p = 1 (the runs agree on every topic); all equal
//   and not 0: an error (sd = 0, t is undefined), as in the significance calculator.
// wilcoxon: signed ranks of |d| with average ranks for ties; zero=wilcox drops d = 0, zero=pratt
//   ranks them and drops their ranks. Exact (the distribution of W+ over the 2^n sign assignments,
//   counted by dynamic programming) when asked, n ≤ 50, no tied |d| and no Pratt zeros; else the
//   normal approximation with the tie correction, and with correction=yes the continuity
//   correction z = (T − μ − ½·sign(T − μ))/σ, T = min(W+, W−), p = 2(1 − Φ(|z|)) — SciPy 1.10
//   scipy.stats.wilcoxon's formulas. (SciPy 1.10 also switches to the normal approximation when
//   there are zeros; here zero=wilcox drops them and stays exact, as the significance calculator.)
// sign: n+ = wins, n = wins + losses; p = min(1, 2 Σ_{k ≤ min(n+, n−)} C(n, k)/2^n) (SciPy 1.10
//   scipy.stats.binomtest(n+, n, 0.5)); n = 0 gives p = 1.
// randomization (paired permutation on the mean difference): each non-zero d_t keeps its size
//   and takes either sign. p counts the sign assignments whose |sum| ≥ |observed sum| (within
//   1e-9 × Σ|d|). Exact when there are at most 20 non-zero differences: p = count/2^m (equal to
//   SciPy 1.10 scipy.stats.permutation_test(..., permutation_type="samples") with every
//   assignment). Else Monte Carlo: `permutations` random assignments (bits of splitmix64 seeded
//   with `seed`, the same assignments for every pair), p = (1 + count)/(1 + N) — the observed
//   assignment counted once (Phipson and Smyth, "Permutation p-values should never be zero",
//   2010) — with standard error √(p(1 − p)/N). Sums go 8 topics at a time through a table of
//   each block's 256 signed sums.
// bootstrap: B = bootstrap_samples resamples of the topics with replacement (splitmix64 seeded
//   with `seed`, the same resamples for every run and pair, so the pair's resampled mean
//   difference is the difference of the runs' resampled means). CI: the (1−c)/2 and (1+c)/2
//   quantiles of the B resampled means (linear interpolation between order statistics, NumPy's
//   default). p: the shift method, H0 recentres the resampled means on 0: p = (1 + #{|m*_b −
//   mean(d)| ≥ |mean(d)|})/(1 + B) (Efron and Tibshirani, An Introduction to the Bootstrap, 1993,
//   chapter 16), with standard error √(p(1 − p)/B).
// tukey: Tukey's HSD over all N runs. By default (tukey_blocked) the mean square error is that
//   of the two-way ANOVA without replication, topics as blocks: MSE = Σ (x_rt − x̄_r − x̄_t +
//   x̄)²/((N − 1)(n − 1)), df = (N − 1)(n − 1), the design used for IR runs (Sakai, Laboratory
//   Experiments in Information Retrieval, 2018). With tukey_blocked = false, the
//   one-way ANOVA of statsmodels' pairwise_tukeyhsd: MSE = Σ (x_rt − x̄_r)²/(N(n − 1)), df =
//   N(n − 1). q = |diff|/√(MSE/n), p = P(Q_{N, df} ≥ q), CI = diff ± q_{c; N, df}·√(MSE/n); the
//   same p and interval as pairwise_tukeyhsd (statsmodels 0.13.5 takes both from SciPy's
//   studentized_range; ours come from stats/distributions.cpp's integral, equal to it within
//   1e-12). With a baseline the pairs are fewer but q still has N means (conservative:
//   Dunnett's test would be exact).
//
// Corrections, over the pairs of each measure (m of them), each capped at 1:
//   bonferroni min(1, m p);  holm (step-down) p_(i) ↦ max_{j ≤ i} min(1, (m − j + 1) p_(j));
//   bh (Benjamini and Hochberg 1995, step-up) p_(i) ↦ min_{j ≥ i} min(1, m p_(j)/j);
//   as statsmodels' multipletests(method="bonferroni" | "holm" | "fdr_bh"). Tukey's p already
//   holds the family-wise error; a correction on top of it is applied as asked, and said.

#include "irm/compare.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

#include "irm/distributions.h"
#include "stats/paired_tests.h"
#include "stats/quantile.h"
#include "stats/splitmix.h"

namespace irm {

namespace {

using stats::SplitMix64;

InputError input_error(const std::string& message) {
  return InputError{ErrorCode::inconsistent_counts, message, Span{}, Field::input};
}

InputError compare_option_error(const std::string& message) {
  return InputError{ErrorCode::bad_parameter_value, message, Span{}, Field::options};
}

std::string shortest(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

double mean_of(const std::vector<double>& v) {
  double sum = 0.0;
  for (const double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

// Sample standard deviation (n − 1).
double sd_of(const std::vector<double>& v, double mean) {
  double squares = 0.0;
  for (const double x : v) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / static_cast<double>(v.size() - 1));
}

using stats::quantile_sorted;

struct Pair {
  std::size_t a;
  std::size_t b;
};

// --- the tests ----------------------------------------------------------------------------------

struct TestOutcome {
  double p = 1.0;
  double statistic = 0.0;
  std::string statistic_name;
  std::optional<double> df;
  std::optional<double> z;
  std::string method;
  std::optional<double> p_standard_error;
  std::int64_t samples = 0;
};

// Every difference the same and not 0 (sd = 0): t = mean / (sd/√n) is infinite, and p is its
// limit, 0, as SciPy's ttest_rel gives (statistic=inf, pvalue=0.0 for d = 1, 1, 1; SciPy 1.10.1);
// said in the method, for this pair only: the other pairs and measures go on.
TestOutcome paired_t(const std::vector<double>& d, double mean, double sd, double tol) {
  TestOutcome out;
  const auto n = static_cast<double>(d.size());
  out.statistic_name = "t";
  out.df = n - 1.0;
  if (!(sd > tol)) {
    bool all_zero = true;
    for (const double x : d) all_zero = all_zero && std::fabs(x) <= tol;
    if (all_zero) {
      out.p = 1.0;
      out.statistic = 0.0;
      out.method = "every difference is 0: p = 1";
    } else {
      out.p = 0.0;
      out.statistic = mean > 0 ? std::numeric_limits<double>::infinity()
                               : -std::numeric_limits<double>::infinity();
      out.method =
          "every difference is the same and not 0: sd = 0, so t = mean / (sd/√n) is infinite "
          "and p = 0, its limit";
    }
    return out;
  }
  out.statistic = mean / (sd / std::sqrt(n));
  out.p = stats::student_two_sided(out.statistic * out.statistic, n - 1.0);
  out.method = "Student's t";
  return out;
}

TestOutcome sign_test(std::int64_t wins, std::int64_t losses) {
  TestOutcome out;
  out.statistic_name = "n+";
  out.statistic = static_cast<double>(wins);
  out.p = stats::binomial_half_two_sided(wins + losses, wins);
  out.method = "exact binomial";
  return out;
}

TestOutcome wilcoxon_test(const std::vector<double>& d, double tol, const CompareOptions& o) {
  TestOutcome out;
  out.statistic_name = "W";
  // |d| within the tolerance of 0 is 0; two |d| within the tolerance of a group's smallest tie.
  const auto size = [&](std::size_t i) { return std::fabs(d[i]) <= tol ? 0.0 : std::fabs(d[i]); };
  const stats::SignedRanks ranks = stats::signed_ranks(
      d.size(), o.wilcoxon_pratt,
      [&](std::size_t i) { return size(i) == 0.0 ? 0
                                  : d[i] > 0     ? 1
                                                 : -1; },
      [&](std::size_t x, std::size_t y) { return size(x) < size(y); },
      [&](std::size_t first, std::size_t j) { return size(j) - size(first) <= tol; });
  const std::int64_t n = ranks.n;
  const std::int64_t twice_plus = ranks.twice_plus;
  const std::int64_t twice_minus = ranks.twice_minus;
  const bool tied = !ranks.ties.empty();
  const std::int64_t zeros = ranks.zeros;
  out.statistic = static_cast<double>(std::min(twice_plus, twice_minus)) / 2.0;
  if (n == 0) {
    out.p = 1.0;
    out.method = "every difference is 0: p = 1";
    return out;
  }
  const bool exact = o.wilcoxon_exact && stats::wilcoxon_exact_possible(ranks, o.wilcoxon_pratt);
  if (exact) {
    const std::int64_t top = n * (n + 1) / 2;
    const std::vector<std::int64_t> ways = stats::signed_rank_counts(n);
    // P(W+ ≤ min(W+, W−)): by symmetry the smaller tail of either side.
    const std::int64_t bound = std::min(twice_plus, twice_minus) / 2;
    std::int64_t count = 0;
    for (std::int64_t w = 0; w <= bound; ++w) count += ways[static_cast<std::size_t>(w)];
    const double total = std::ldexp(1.0, static_cast<int>(n));
    out.p = 2 * bound == top ? 1.0 : std::min(1.0, 2.0 * static_cast<double>(count) / total);
    out.method = "exact";
    return out;
  }
  const stats::WilcoxonMoments moments = stats::wilcoxon_moments(ranks, o.wilcoxon_pratt);
  const double mu = moments.mean_times_4<double>() / 4.0;
  const double variance =
      moments.untied_variance_times_24<double>() / 24.0 - static_cast<double>(ranks.tie_sum) / 48.0;
  const double sigma = std::sqrt(std::max(0.0, variance));
  const double shift = out.statistic - mu;
  const double correction = o.wilcoxon_continuity ? 0.5 * ((shift > 0) - (shift < 0)) : 0.0;
  const double z = sigma > 0.0 ? (shift - correction) / sigma : 0.0;
  out.z = z;
  out.p = sigma > 0.0 ? std::min(1.0, 2.0 * stats::normal_upper(std::fabs(z))) : 1.0;
  out.method =
      std::string("normal approximation") +
      (o.wilcoxon_continuity ? ", continuity correction" : "") +
      (o.wilcoxon_exact ? (tied ? " (tied |d|)"
                           : (o.wilcoxon_pratt && zeros > 0)
                               ? " (Pratt zeros)"
                               : " (n > " + std::to_string(stats::wilcoxon_exact_limit) + ")")
                        : "");
  return out;
}

// The random sign bits of the Monte Carlo randomization test: `samples` rows of `words` 64-bit
// words, bit t of a row flipping topic t.
struct SignBits {
  std::size_t words = 0;
  std::vector<std::uint64_t> bits;
};

TestOutcome randomization_test(const std::vector<double>& d, double tol, const SignBits& random,
                               std::int64_t samples) {
  TestOutcome out;
  out.statistic_name = "mean difference";
  std::vector<double> used;
  double observed = 0.0;
  double largest = 0.0;
  for (const double x : d) {
    observed += x;
    if (std::fabs(x) > tol) used.push_back(x);
    largest += std::fabs(x);
  }
  out.statistic = observed / static_cast<double>(d.size());
  const double margin = 1e-9 * largest;
  const double threshold = std::fabs(observed) - margin;
  const std::size_t m = used.size();
  if (m == 0) {
    out.p = 1.0;
    out.method = "every difference is 0: p = 1";
    return out;
  }
  const bool exact = m <= 20;
  const std::vector<double>& values = exact ? used : d;
  const stats::SignSums<double> sums(values);
  std::int64_t count = 0;
  if (exact) {
    const std::uint64_t total = std::uint64_t{1} << m;
    for (std::uint64_t mask = 0; mask < total; ++mask) {
      count += std::fabs(sums.sum(mask)) >= threshold ? 1 : 0;
    }
    out.p = static_cast<double>(count) / static_cast<double>(total);
    out.method = "exact, all 2^" + std::to_string(m) + " sign assignments";
    return out;
  }
  for (std::int64_t s = 0; s < samples; ++s) {
    const std::uint64_t* row = random.bits.data() + static_cast<std::size_t>(s) * random.words;
    count += std::fabs(sums.sum(row)) >= threshold ? 1 : 0;
  }
  const auto n = static_cast<double>(samples);
  out.p = (1.0 + static_cast<double>(count)) / (1.0 + n);
  out.p_standard_error = std::sqrt(out.p * (1.0 - out.p) / n);
  out.samples = samples;
  out.method = "Monte Carlo, " + std::to_string(samples) + " random sign assignments";
  return out;
}

}  // namespace

// --- names
// ----------------------------------------------------------------------------------------

const char* to_string(CompareTest test) {
  switch (test) {
    case CompareTest::ttest:
      return "ttest";
    case CompareTest::wilcoxon:
      return "wilcoxon";
    case CompareTest::sign:
      return "sign";
    case CompareTest::randomization:
      return "randomization";
    case CompareTest::tukey:
      return "tukey";
    case CompareTest::bootstrap:
      return "bootstrap";
  }
  return "ttest";
}

const char* to_string(Correction correction) {
  switch (correction) {
    case Correction::none:
      return "none";
    case Correction::bonferroni:
      return "bonferroni";
    case Correction::holm:
      return "holm";
    case Correction::bh:
      return "bh";
  }
  return "none";
}

std::optional<CompareTest> compare_test_named(std::string_view name) {
  if (name == "ttest" || name == "t" || name == "t-test" || name == "paired-t") {
    return CompareTest::ttest;
  }
  if (name == "wilcoxon" || name == "signed-rank") return CompareTest::wilcoxon;
  if (name == "sign") return CompareTest::sign;
  if (name == "randomization" || name == "permutation" || name == "randomisation") {
    return CompareTest::randomization;
  }
  if (name == "tukey" || name == "hsd" || name == "tukey-hsd") return CompareTest::tukey;
  if (name == "bootstrap") return CompareTest::bootstrap;
  return std::nullopt;
}

std::optional<Correction> correction_named(std::string_view name) {
  if (name == "none") return Correction::none;
  if (name == "bonferroni") return Correction::bonferroni;
  if (name == "holm") return Correction::holm;
  if (name == "bh" || name == "benjamini-hochberg" || name == "fdr_bh" || name == "fdr") {
    return Correction::bh;
  }
  return std::nullopt;
}

// --- corrections
// ----------------------------------------------------------------------------------

std::vector<double> adjust_p_values(const std::vector<double>& p, Correction correction) {
  const std::size_t m = p.size();
  std::vector<double> out(p);
  if (m == 0 || correction == Correction::none) return out;
  const auto md = static_cast<double>(m);
  if (correction == Correction::bonferroni) {
    for (double& x : out) x = std::min(1.0, md * x);
    return out;
  }
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return p[x] < p[y]; });
  if (correction == Correction::holm) {
    double running = 0.0;  // the running maximum keeps the adjusted p monotone
    for (std::size_t i = 0; i < m; ++i) {
      running = std::max(running, std::min(1.0, static_cast<double>(m - i) * p[order[i]]));
      out[order[i]] = running;
    }
    return out;
  }
  double running = 1.0;  // bh: the running minimum from the largest p down
  for (std::size_t i = m; i-- > 0;) {
    running = std::min(running, md * p[order[i]] / static_cast<double>(i + 1));
    out[order[i]] = std::min(1.0, running);
  }
  return out;
}

// --- the comparison
// -------------------------------------------------------------------------------

Result<Comparison> compare_runs(const CompareInput& input, const CompareOptions& o) {
  const std::size_t runs = input.runs.size();
  const std::size_t topics = input.topics.size();
  if (runs < 2) {
    return input_error("comparing runs needs at least 2 runs; " +
                       std::string(runs == 1 ? "1 was" : std::to_string(runs) + " were") +
                       " given");
  }
  for (std::size_t i = 0; i < runs; ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (input.runs[i] == input.runs[j]) {
        return input_error("the run name \"" + input.runs[i] +
                           "\" is given twice; every run needs its own name");
      }
    }
  }
  if (topics < 2) {
    return input_error("comparing runs needs scores on at least 2 topics; " +
                       std::to_string(topics) + " given");
  }
  if (input.scores.empty())
    return input_error("comparing runs needs at least 1 measure; none given");
  for (const MeasureScores& m : input.scores) {
    if (m.by_run.size() != runs) {
      return input_error("measure " + m.measure + ": scores of " + std::to_string(m.by_run.size()) +
                         " runs for " + std::to_string(runs) + " run names");
    }
    for (std::size_t r = 0; r < runs; ++r) {
      if (m.by_run[r].size() != topics) {
        return input_error("measure " + m.measure + ", run " + input.runs[r] + ": " +
                           std::to_string(m.by_run[r].size()) + " scores for " +
                           std::to_string(topics) +
                           " topics; every run needs a score on every "
                           "topic");
      }
      for (std::size_t t = 0; t < topics; ++t) {
        if (!std::isfinite(m.by_run[r][t])) {
          return InputError{ErrorCode::bad_number,
                            "measure " + m.measure + ", run " + input.runs[r] + ", topic " +
                                input.topics[t] + ": the score is " +
                                (std::isnan(m.by_run[r][t]) ? "NaN" : "infinite") +
                                "; every score must be a finite number",
                            Span{}, Field::input};
        }
      }
    }
  }
  if (o.baseline && *o.baseline >= runs) {
    return compare_option_error("the baseline is run " + std::to_string(*o.baseline + 1) +
                                ", but there " +
                                (runs == 1 ? "is 1 run" : "are " + std::to_string(runs) + " runs"));
  }
  if (!(o.alpha > 0.0 && o.alpha < 1.0)) {
    return compare_option_error("alpha must be between 0 and 1 (such as 0.05)");
  }
  if (!(o.confidence > 0.0 && o.confidence < 1.0)) {
    return compare_option_error("the confidence level must be between 0 and 1 (such as 0.95)");
  }
  constexpr std::int64_t most_samples = 10000000;
  if (o.permutations < 1 || o.permutations > most_samples) {
    return compare_option_error("permutations must be between 1 and 10,000,000");
  }
  if (o.bootstrap_samples < 1 || o.bootstrap_samples > most_samples) {
    return compare_option_error("bootstrap samples must be between 1 and 10,000,000");
  }

  Comparison out;
  out.runs = input.runs;
  out.topics = input.topics;
  out.options = o;
  for (const MeasureScores& m : input.scores) out.measures.push_back(m.measure);

  std::vector<Pair> pairs;
  if (o.baseline) {
    for (std::size_t r = 0; r < runs; ++r) {
      if (r != *o.baseline) pairs.push_back({r, *o.baseline});
    }
  } else {
    for (std::size_t a = 0; a < runs; ++a) {
      for (std::size_t b = a + 1; b < runs; ++b) pairs.push_back({a, b});
    }
  }

  const auto n = static_cast<double>(topics);
  const double t_quantile = stats::student_upper_quantile((1.0 - o.confidence) / 2.0, n - 1.0);

  // Monte Carlo sign bits, drawn once and shared by every pair and measure.
  SignBits random;
  if (o.test == CompareTest::randomization) {
    random.words = (topics + 63) / 64;
    random.bits.resize(static_cast<std::size_t>(o.permutations) * random.words);
    SplitMix64 generator{o.seed};
    for (std::uint64_t& word : random.bits) word = generator.next();
  }

  for (const MeasureScores& measure : input.scores) {
    // Scores closer than this are equal (see the header comment).
    double largest = 0.0;
    for (const auto& row : measure.by_run) {
      for (const double x : row) largest = std::max(largest, std::fabs(x));
    }
    const double tol = 1e-12 * std::max(largest, 1e-300);

    std::vector<double> means(runs);
    for (std::size_t r = 0; r < runs; ++r) means[r] = mean_of(measure.by_run[r]);

    // Bootstrap: the resampled mean of every run, replicate by replicate (bootstrap_samples ×
    // runs).
    std::vector<double> resampled;
    const auto replicates = static_cast<std::size_t>(o.bootstrap_samples);
    if (o.test == CompareTest::bootstrap) {
      resampled.assign(replicates * runs, 0.0);
      SplitMix64 generator{o.seed};
      std::vector<std::size_t> pick(topics);
      for (std::size_t b = 0; b < replicates; ++b) {
        for (std::size_t& t : pick) t = generator.below(topics);
        for (std::size_t r = 0; r < runs; ++r) {
          const std::vector<double>& row = measure.by_run[r];
          double sum = 0.0;
          for (const std::size_t t : pick) sum += row[t];
          resampled[b * runs + r] = sum / n;
        }
      }
    }
    const double low_q = (1.0 - o.confidence) / 2.0;
    const double high_q = (1.0 + o.confidence) / 2.0;

    for (std::size_t r = 0; r < runs; ++r) {
      RunMean mean;
      mean.run = input.runs[r];
      mean.measure = measure.measure;
      mean.run_index = r;
      mean.mean = means[r];
      if (o.test == CompareTest::bootstrap) {
        std::vector<double> values(replicates);
        for (std::size_t b = 0; b < replicates; ++b) values[b] = resampled[b * runs + r];
        std::sort(values.begin(), values.end());
        mean.ci_low = quantile_sorted(values, low_q);
        mean.ci_high = quantile_sorted(values, high_q);
        mean.ci_method = "bootstrap percentile";
      } else {
        const double half = t_quantile * sd_of(measure.by_run[r], means[r]) / std::sqrt(n);
        mean.ci_low = means[r] - half;
        mean.ci_high = means[r] + half;
        mean.ci_method = "t";
      }
      out.means.push_back(mean);
    }

    // Tukey: the ANOVA's mean square error and the critical q.
    double tukey_se = 0.0;
    double tukey_df = 0.0;
    double tukey_q_critical = 0.0;
    if (o.test == CompareTest::tukey) {
      double squares = 0.0;
      if (o.tukey_blocked) {
        std::vector<double> topic_means(topics, 0.0);
        for (std::size_t r = 0; r < runs; ++r) {
          for (std::size_t t = 0; t < topics; ++t) topic_means[t] += measure.by_run[r][t];
        }
        double grand = 0.0;
        for (double& x : topic_means) {
          x /= static_cast<double>(runs);
          grand += x;
        }
        grand /= n;
        for (std::size_t r = 0; r < runs; ++r) {
          for (std::size_t t = 0; t < topics; ++t) {
            const double e = measure.by_run[r][t] - means[r] - topic_means[t] + grand;
            squares += e * e;
          }
        }
        tukey_df = static_cast<double>(runs - 1) * (n - 1.0);
      } else {
        for (std::size_t r = 0; r < runs; ++r) {
          for (std::size_t t = 0; t < topics; ++t) {
            const double e = measure.by_run[r][t] - means[r];
            squares += e * e;
          }
        }
        tukey_df = static_cast<double>(runs) * (n - 1.0);
      }
      const double mse = squares / tukey_df;
      if (!(mse > tol * tol)) {
        return input_error("tukey: measure " + measure.measure +
                           ": the ANOVA's mean square error is 0 (the scores have no residual "
                           "variation), so q = difference / √(MSE/n) divides by 0");
      }
      tukey_se = std::sqrt(mse / n);
      tukey_q_critical = stats::studentized_range_upper_quantile(1.0 - o.confidence,
                                                                 static_cast<int>(runs), tukey_df);
    }

    const std::size_t first = out.comparisons.size();
    std::vector<double> d(topics);
    for (const Pair& pair : pairs) {
      const std::vector<double>& x = measure.by_run[pair.a];
      const std::vector<double>& y = measure.by_run[pair.b];
      PairComparison c;
      c.measure = measure.measure;
      c.a = input.runs[pair.a];
      c.b = input.runs[pair.b];
      c.a_index = pair.a;
      c.b_index = pair.b;
      c.test = to_string(o.test);
      c.mean_a = means[pair.a];
      c.mean_b = means[pair.b];
      for (std::size_t t = 0; t < topics; ++t) {
        d[t] = x[t] - y[t];
        if (std::fabs(d[t]) <= tol) {
          ++c.ties;
        } else {
          ++(d[t] > 0 ? c.wins : c.losses);
        }
      }
      c.diff = mean_of(d);
      const double sd = sd_of(d, c.diff);
      if (sd > tol) c.effect_size = c.diff / sd;
      const double half = t_quantile * sd / std::sqrt(n);
      c.ci_low = c.diff - half;
      c.ci_high = c.diff + half;
      c.ci_method = "t";

      TestOutcome test;
      switch (o.test) {
        case CompareTest::ttest:
          test = paired_t(d, c.diff, sd, tol);
          break;
        case CompareTest::wilcoxon:
          test = wilcoxon_test(d, tol, o);
          break;
        case CompareTest::sign:
          test = sign_test(c.wins, c.losses);
          break;
        case CompareTest::randomization:
          test = randomization_test(d, tol, random, o.permutations);
          break;
        case CompareTest::tukey: {
          test.statistic_name = "q";
          test.statistic = std::fabs(c.diff) / tukey_se;
          test.df = tukey_df;
          test.p = stats::studentized_range_upper(test.statistic, static_cast<int>(runs), tukey_df);
          test.method = o.tukey_blocked ? "Tukey HSD, two-way ANOVA (topics as blocks)"
                                        : "Tukey HSD, one-way ANOVA";
          c.ci_low = c.diff - tukey_q_critical * tukey_se;
          c.ci_high = c.diff + tukey_q_critical * tukey_se;
          c.ci_method = "tukey";
          break;
        }
        case CompareTest::bootstrap: {
          std::vector<double> values(replicates);
          std::int64_t count = 0;
          const double margin = 1e-9 * std::fabs(c.diff) + tol;
          for (std::size_t b = 0; b < replicates; ++b) {
            values[b] = resampled[b * runs + pair.a] - resampled[b * runs + pair.b];
            count += std::fabs(values[b] - c.diff) >= std::fabs(c.diff) - margin ? 1 : 0;
          }
          std::sort(values.begin(), values.end());
          c.ci_low = quantile_sorted(values, low_q);
          c.ci_high = quantile_sorted(values, high_q);
          c.ci_method = "bootstrap percentile";
          test.statistic_name = "mean difference";
          test.statistic = c.diff;
          const auto samples = static_cast<double>(replicates);
          test.p = (1.0 + static_cast<double>(count)) / (1.0 + samples);
          test.p_standard_error = std::sqrt(test.p * (1.0 - test.p) / samples);
          test.samples = o.bootstrap_samples;
          test.method = "bootstrap, " + std::to_string(o.bootstrap_samples) +
                        " resamples of the topics, shift method";
          break;
        }
      }
      c.p = test.p;
      c.statistic = test.statistic;
      c.statistic_name = test.statistic_name;
      c.df = test.df;
      c.z = test.z;
      c.method = test.method;
      c.p_standard_error = test.p_standard_error;
      c.samples = test.samples;
      out.comparisons.push_back(std::move(c));
    }

    MeasureSummary summary;
    summary.measure = measure.measure;
    summary.pairs = pairs.size();
    if (o.test == CompareTest::tukey) {
      summary.mse = tukey_se * tukey_se * n;
      summary.df = tukey_df;
      summary.q_critical = tukey_q_critical;
    }
    out.summaries.push_back(summary);

    std::vector<double> family;
    for (std::size_t i = first; i < out.comparisons.size(); ++i) {
      family.push_back(out.comparisons[i].p);
    }
    const std::vector<double> adjusted = adjust_p_values(family, o.correction);
    for (std::size_t i = first; i < out.comparisons.size(); ++i) {
      PairComparison& c = out.comparisons[i];
      c.p_adjusted = adjusted[i - first];
      c.significant = c.p_adjusted <= o.alpha;
    }
  }

  // The rules, for the report.
  const std::string level = std::to_string(static_cast<int>(std::lround(o.confidence * 100)));
  out.notes.push_back(
      "d = a − b per topic; diff = mean(d); effect size = Cohen's d_z = "
      "mean(d)/sd(d) (sd with n − 1), none when sd(d) = 0.");
  switch (o.test) {
    case CompareTest::ttest:
      out.notes.push_back("p: paired t-test, df = n − 1, two-sided.");
      break;
    case CompareTest::wilcoxon:
      out.notes.push_back(
          std::string("p: Wilcoxon signed-rank test, two-sided, zero=") +
          (o.wilcoxon_pratt ? "pratt" : "wilcox") + ", method=" +
          (o.wilcoxon_exact ? "exact (normal when there are ties or n > 50)" : "normal") +
          ", correction=" + (o.wilcoxon_continuity ? "yes" : "no") + ".");
      break;
    case CompareTest::sign:
      out.notes.push_back("p: sign test, ties dropped, exact binomial at 1/2, two-sided.");
      break;
    case CompareTest::randomization:
      out.notes.push_back(
          "p: paired randomization test on the mean difference, two-sided; exact over all 2^m "
          "sign assignments when m ≤ 20 non-zero differences, else " +
          std::to_string(o.permutations) + " random assignments (splitmix64, seed " +
          std::to_string(o.seed) +
          ") with p = (1 + count)/(1 + N) and its standard error "
          "√(p(1 − p)/N).");
      break;
    case CompareTest::tukey:
      out.notes.push_back(
          std::string("p: Tukey's HSD over all ") + std::to_string(runs) +
          " runs, mean square error of the " +
          (o.tukey_blocked ? "two-way ANOVA with topics as blocks" : "one-way ANOVA") +
          "; the p is already adjusted for all pairs" +
          (o.correction != Correction::none ? std::string(", and the ") + to_string(o.correction) +
                                                  " correction on top of it is conservative."
                                            : "."));
      break;
    case CompareTest::bootstrap:
      out.notes.push_back("p: paired bootstrap, " + std::to_string(o.bootstrap_samples) +
                          " resamples of the topics (splitmix64, seed " + std::to_string(o.seed) +
                          "), shift method p = (1 + #{|m* − diff| ≥ |diff|})/(1 + B), two-sided.");
      break;
  }
  out.notes.push_back(
      "CI: " + level + "% " +
      (o.test == CompareTest::bootstrap ? std::string("bootstrap percentile intervals")
       : o.test == CompareTest::tukey
           ? std::string("simultaneous Tukey intervals for the differences, t intervals for "
                         "the means")
           : std::string("t intervals, mean ± t_{n−1}·sd/√n")) +
      ".");
  out.notes.push_back(std::string("correction: ") + to_string(o.correction) + " over the " +
                      std::to_string(pairs.size()) + " pairs of each measure; significant = " +
                      "p_adjusted ≤ " + shortest(o.alpha) + ".");
  return out;
}

}  // namespace irm
