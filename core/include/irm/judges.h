// Two sets of relevance judgments of the same collection (two qrels files: two assessors, or
// people and a language model): how far they agree, worked out by the teaching calculators
// (kappa, krippendorff) on the documents both judged. `irmetrics judges` and the TREC page.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "irm/number.h"
#include "irm/result.h"

namespace irm {

struct JudgesOptions {
  Fraction confidence{19, 20};    // of the intervals of κ (Fleiss, Cohen & Everitt 1969)
  std::size_t worst_topics = 10;  // how many topics `disagree_most` names
};

/// The agreement of qrels A and qrels B (each read as `irmetrics trec` reads qrels: a document
/// given twice in one file is an error naming both lines) as one JSON object:
///   files       {a, b}: the names given
///   topics      {a, b, both, only_a: [ids], only_b: [ids]}: topic counts, and the topics that
///               one file judges and the other does not (left out of the agreement)
///   documents   {a, b, both, only_a, only_b}: judgments in each file, the (topic, document)
///               pairs both judge, and those only one judges (every topic counted)
///   grades      the grades met among the pairs both judge, ascending (the table's order)
///   table       table[i][j]: documents A graded grades[i] and B graded grades[j]
///   agreement   {percent, kappa, kappa_linear, kappa_quadratic, krippendorff_ordinal,
///               krippendorff_nominal (numbers, or null when undefined: 0/0), kappa_ci,
///               kappa_linear_ci, kappa_quadratic_ci ([low, high] or null), confidence,
///               exact: {the same keys: "p/q" when the value is a fraction, "p" when whole},
///               binary: [{a, b, table: [[both not, B only], [A only, both]], percent,
///               kappa, exact}]: relevant meaning A's grade ≥ a and B's ≥ b, for every pair of
///               thresholds above the lowest grade, when there are at most 12 grades}
///   per_topic   [{topic, both, agree, percent, kappa, only_a, only_b}] for the topics both
///               judge, in A's order (kappa null when undefined or no document is shared)
///   disagree_most  the ids of the topics with the lowest percent agreement (then the lowest
///               κ), at most options.worst_topics
///   notes       what was left out, and the conventions
/// Errors: those of read_qrels, with the file's name (then `failed_file`, when given, is set to
/// that name); no (topic, document) judged in both.
[[nodiscard]] Result<std::string> judges_agreement_json(
    std::string_view qrels_a, std::string_view name_a, std::string_view qrels_b,
    std::string_view name_b, const JudgesOptions& options = {}, std::string* failed_file = nullptr);

struct Qrels;  // irm/trec.h
/// The same on two qrels already read (a TrecSession's, fed in pieces: TrecSession::qrels()), so
/// that a large file need not be held as one text beside what was read of it. Errors: no
/// (topic, document) judged in both.
[[nodiscard]] Result<std::string> judges_agreement_json(const Qrels& a, std::string_view name_a,
                                                        const Qrels& b, std::string_view name_b,
                                                        const JudgesOptions& options = {});

/// One measure's per-topic scores of the runs under each qrels file, on the topics both judge
/// (`irmetrics judges A B RUN...`: each run evaluated as `irmetrics trec -q -c` does, once
/// against each file).
struct LeaderboardScores {
  std::string measure;
  std::vector<std::string> runs;
  std::vector<std::string> topics;
  std::vector<std::vector<double>> a;  // a[run][topic], under qrels A
  std::vector<std::vector<double>> b;  // under qrels B
};

struct LeaderboardOptions {
  Fraction rbo_p{9, 10};
  std::size_t bootstrap = 1000;   // resamples of the topics for τ_b's interval
  std::uint64_t seed = 20240917;  // splitmix64's, as irmetrics compare
  Fraction confidence{19, 20};
};

/// The two leaderboards of each measure and how far they agree, as one JSON object keyed by
/// measure: {MEASURE: {runs, mean_a, mean_b, order_a, order_b (run indexes, best first),
/// kendall_tau_b, kendall_tau_b_ci ([low, high]: percentile bootstrap over topics), tau_ap (A's
/// order the truth), spearman, spearman_p, pearson, pearson_p, rbo (RBO_ext of the two orders;
/// runs of equal means a tie, read as RBO^a), swaps: [{a, b, diff_a, diff_b}] (pairs of runs the
/// two order differently, A's better one first), notes}}. The values are the correlation page's
/// (tau, tau_ap, spearman, pearson, rbo) on the two lists of means. Errors: fewer than 2 runs or
/// topics, scores of the wrong shape.
[[nodiscard]] Result<std::string> judges_leaderboards_json(
    const std::vector<LeaderboardScores>& measures, const LeaderboardOptions& options = {});

}  // namespace irm
