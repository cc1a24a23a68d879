// Comparing N runs over the same topics: a significance test for each pair of runs (all pairs,
// or each run against a baseline) and each measure, a multiple-comparison correction over the
// pairs of each measure, confidence intervals, effect sizes and win/tie/loss counts. The input is
// the per-topic scores (the caller evaluates the runs); the output is what `irmetrics compare`
// prints or writes as JSON:
//   {measures, runs, comparisons: [{measure, a, b, test, p, p_adjusted, mean_a, mean_b, diff,
//     ci: [lo, hi], effect_size, wins, ties, losses}], means: [{run, measure, mean, ci}]}
// The rules of every test are in compare/compare.cpp's header comment. Never throws; bad input
// is an InputError (field = input for the scores, options for the options).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

enum class CompareTest { ttest, wilcoxon, sign, randomization, tukey, bootstrap };
enum class Correction { none, bonferroni, holm, bh };

/// "ttest", "wilcoxon", "sign", "randomization", "tukey", "bootstrap".
[[nodiscard]] const char* to_string(CompareTest test);
/// "none", "bonferroni", "holm", "bh".
[[nodiscard]] const char* to_string(Correction correction);
/// The test or correction of that name (the names above; also "t", "t-test", "permutation",
/// "hsd", "benjamini-hochberg", "fdr_bh"); empty when unknown.
[[nodiscard]] std::optional<CompareTest> compare_test_named(std::string_view name);
[[nodiscard]] std::optional<Correction> correction_named(std::string_view name);

/// The per-topic scores of one measure: by_run[r][t] is run r's score on topic t.
struct MeasureScores {
  std::string measure;  // "map", "P@10", …
  std::vector<std::vector<double>> by_run;
};

struct CompareInput {
  std::vector<std::string> runs;      // at least 2, distinct
  std::vector<std::string> topics;    // the topics every run is scored on, in order
  std::vector<MeasureScores> scores;  // at least 1; each by_run is runs × topics
};

struct CompareOptions {
  CompareTest test = CompareTest::ttest;
  Correction correction = Correction::none;
  double alpha = 0.05;                     // significance level: significant = p_adjusted ≤ alpha
  double confidence = 0.95;                // level of every confidence interval
  std::optional<std::size_t> baseline;     // index into runs: each other run against it
  std::uint64_t seed = 20240917;           // randomization (Monte Carlo) and bootstrap
  std::int64_t permutations = 10000;       // Monte Carlo samples when 2^n is too many
  std::int64_t bootstrap_samples = 10000;  // bootstrap resamples of the topics
  // wilcoxon: as the significance calculator's wilcoxon(zero=, method=, correction=).
  bool wilcoxon_pratt = false;      // zero=pratt (else wilcox: zeros dropped)
  bool wilcoxon_exact = true;       // method=exact when possible (n ≤ 50, no ties), else normal
  bool wilcoxon_continuity = true;  // correction=yes
  // tukey: the ANOVA whose mean square error Tukey's HSD uses: two-way without replication,
  // topics as blocks (true, the default), or one-way with the runs as groups (false).
  bool tukey_blocked = true;
};

/// One pair of runs on one measure. d_t = score of a − score of b on topic t.
struct PairComparison {
  std::string measure;
  std::string a;  // run names (also a_index, b_index into Comparison::runs)
  std::string b;
  std::size_t a_index = 0;
  std::size_t b_index = 0;
  std::string test;          // to_string(CompareTest)
  double p = 1.0;            // the test's p, two-sided
  double p_adjusted = 1.0;   // after the correction over the pairs of this measure
  bool significant = false;  // p_adjusted ≤ alpha
  double mean_a = 0.0;
  double mean_b = 0.0;
  double diff = 0.0;    // mean_a − mean_b = mean of d
  double ci_low = 0.0;  // confidence interval of the mean difference (ci_method)
  double ci_high = 0.0;
  std::string ci_method;                   // "t", "bootstrap percentile", "tukey"
  std::optional<double> effect_size;       // Cohen's d_z = mean(d)/sd(d); empty when sd(d) = 0
  std::int64_t wins = 0;                   // topics with d > 0
  std::int64_t ties = 0;                   // d = 0
  std::int64_t losses = 0;                 // d < 0
  double statistic = 0.0;                  // t (±infinity: compare_runs), W, n+, q or mean(d)
  std::string statistic_name;              // "t", "W", "n+", "mean difference", "q"
  std::optional<double> df;                // ttest, tukey
  std::optional<double> z;                 // wilcoxon's normal approximation
  std::string method;                      // how p was found: "exact", "normal approximation", …
  std::optional<double> p_standard_error;  // Monte Carlo and bootstrap: √(p(1 − p)/N)
  std::int64_t samples = 0;                // Monte Carlo or bootstrap samples; 0 when exact
};

/// One run's mean on one measure, with its confidence interval.
struct RunMean {
  std::string run;
  std::string measure;
  std::size_t run_index = 0;
  double mean = 0.0;
  double ci_low = 0.0;
  double ci_high = 0.0;
  std::string ci_method;  // "t" or "bootstrap percentile"
};

/// What one measure's comparison shared: Tukey's ANOVA (empty for the other tests).
struct MeasureSummary {
  std::string measure;
  std::size_t pairs = 0;             // the family the correction ran over
  std::optional<double> mse;         // tukey: the ANOVA's mean square error
  std::optional<double> df;          // tukey: its degrees of freedom
  std::optional<double> q_critical;  // tukey: q_{confidence; N, df}
};

struct Comparison {
  std::vector<std::string> measures;
  std::vector<std::string> runs;
  std::vector<std::string> topics;
  CompareOptions options;
  std::vector<PairComparison> comparisons;  // measure by measure, pairs in run order
  std::vector<RunMean> means;               // measure by measure, runs in order
  std::vector<MeasureSummary> summaries;    // one per measure, in order
  std::vector<std::string> notes;  // the rules used (effect size, CI, p), one sentence each
};

/// Runs the comparison. Errors (InputError, code inconsistent_counts, bad_number or
/// bad_parameter_value): fewer than 2 runs or 2 topics, no measure, a by_run of the wrong shape,
/// a NaN or infinite score, a repeated run name, a baseline out of range, alpha or confidence
/// outside (0, 1), permutations or bootstrap_samples outside 1..10,000,000, or tukey on scores
/// with no residual variation (its mean square error is 0). A pair whose differences are all the
/// same and not 0 is no error: under ttest its t is ±infinity and p = 0 (PairComparison::method
/// says so), and the other pairs are compared as usual.
[[nodiscard]] Result<Comparison> compare_runs(const CompareInput& input,
                                              const CompareOptions& options);

/// The corrections on their own: p-values of one family in, adjusted p-values out (same order),
/// each capped at 1. bonferroni: min(1, m p); holm: step-down, monotone; bh: step-up, monotone.
[[nodiscard]] std::vector<double> adjust_p_values(const std::vector<double>& p,
                                                  Correction correction);

}  // namespace irm
