// The rules of the paired tests that both engines follow: the Wilcoxon signed-rank test's
// ranking of |d| (zeros, ties, Pratt's method) and null moments, when its exact table applies,
// and the randomization test's signed sums, 8 differences at a time.
//
// The significance calculator (measures/significance.cpp) applies them to exact fractions and
// writes the working; the comparison of runs (compare/compare.cpp) applies them to doubles,
// with two scores closer than a tolerance counted as equal. What counts as zero, as tied, and
// as less is the caller's (a predicate on difference indices); the ranks, the tie correction
// and the sums are these functions'.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace irm::stats {

// --- Wilcoxon signed-rank -----------------------------------------------------------------------

// The largest n whose 2^n sign assignments of the ranks 1..n are counted for an exact p.
constexpr std::int64_t wilcoxon_exact_limit = 50;

struct SignedRanks {
  std::vector<std::size_t> order;        // the ranked differences, smallest |d| first
  std::vector<std::int64_t> twice_rank;  // per difference: its rank doubled (0 when dropped)
  struct Tie {
    std::size_t first;  // position in `order` of a group of equal non-zero |d|
    std::size_t count;  // t ≥ 2
  };
  std::vector<Tie> ties;
  std::int64_t twice_plus = 0;  // W+ and W− doubled, so that average ranks such as 5.5 stay whole
  std::int64_t twice_minus = 0;
  std::int64_t zeros = 0;    // d = 0
  std::int64_t n = 0;        // the non-zero differences, whose ranks count
  std::int64_t tie_sum = 0;  // Σ (t³ − t) over the tied groups of non-zero |d|
};

// Ranks |d_0|, …, |d_{count−1}|: zero=wilcox (pratt false) drops the zeros before ranking;
// zero=pratt ranks them with the others (they take the lowest ranks) and then leaves their ranks
// out of W+ and W−. A group of equal |d| shares the average of its ranks.
//   sign(i): −1, 0 or +1, the sign of d_i;
//   less(i, j): |d_i| < |d_j|;
//   same(i, j): |d_j| is equal to |d_i|, where i is the smallest of its group.
template <class Sign, class Less, class Same>
SignedRanks signed_ranks(std::size_t count, bool pratt, Sign sign, Less less, Same same) {
  SignedRanks out;
  out.twice_rank.assign(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    const bool zero = sign(i) == 0;
    out.zeros += zero ? 1 : 0;
    if (!zero || pratt) out.order.push_back(i);
  }
  out.n = static_cast<std::int64_t>(count) - out.zeros;
  std::stable_sort(out.order.begin(), out.order.end(), less);
  for (std::size_t i = 0; i < out.order.size();) {
    std::size_t j = i + 1;
    while (j < out.order.size() && same(out.order[i], out.order[j])) ++j;
    const auto first = static_cast<std::int64_t>(i + 1);
    const auto last = static_cast<std::int64_t>(j);
    const std::int64_t t = last - first + 1;
    const bool zero_group = sign(out.order[i]) == 0;
    if (t >= 2 && !zero_group) {
      out.ties.push_back({i, j - i});
      out.tie_sum += t * t * t - t;
    }
    for (std::size_t k = i; k < j; ++k) {
      const std::size_t index = out.order[k];
      out.twice_rank[index] = first + last;
      const int s = sign(index);
      if (s != 0) (s > 0 ? out.twice_plus : out.twice_minus) += first + last;
    }
    i = j;
  }
  return out;
}

// The exact null distribution needs the ranks 1..n themselves: no tied |d|, no Pratt zeros
// (whose ranks are left out), and n within the counted limit.
inline bool wilcoxon_exact_possible(const SignedRanks& r, bool pratt) {
  return r.ties.empty() && !(pratt && r.zeros > 0) && r.n <= wilcoxon_exact_limit;
}

// The mean and variance of W+ under H0 for the normal approximation. With Pratt's method the
// zeros keep their place in the ranking, so they are those of the ranks 1..all less the zeros'
// ranks 1..z0 (all = n + z0; z0 = 0 under zero=wilcox):
//   μ = (all(all + 1) − z0(z0 + 1))/4,
//   σ² = (all(all + 1)(2·all + 1) − z0(z0 + 1)(2·z0 + 1))/24 − Σ(t³ − t)/48.
// The numerators, whole numbers, in the caller's arithmetic (exact or double).
struct WilcoxonMoments {
  std::int64_t all = 0;
  std::int64_t z0 = 0;
  template <class T>
  T mean_times_4() const {
    const T a = static_cast<T>(all);
    const T z = static_cast<T>(z0);
    return a * (a + 1) - z * (z + 1);
  }
  // σ² × 24 before the tie correction.
  template <class T>
  T untied_variance_times_24() const {
    const T a = static_cast<T>(all);
    const T z = static_cast<T>(z0);
    return a * (a + 1) * (2 * a + 1) - z * (z + 1) * (2 * z + 1);
  }
};

inline WilcoxonMoments wilcoxon_moments(const SignedRanks& r, bool pratt) {
  const std::int64_t z0 = pratt ? r.zeros : 0;
  return {r.n + z0, z0};
}

// --- randomization ------------------------------------------------------------------------------

// The signed sums of the differences under sign assignments, 8 differences at a time: each block
// of 8 tables the sums of its 256 sign patterns (bit k set = difference k of the block flipped),
// so an assignment costs one lookup per 8 differences. An assignment is a bit string, bit i
// flipping difference i, read as 64-bit words (word w holds differences 64w … 64w + 63).
template <class Value>
class SignSums {
 public:
  explicit SignSums(const std::vector<Value>& values)
      : blocks_((values.size() + 7) / 8), table_(blocks_ * 256, Value{0}) {
    for (std::size_t b = 0; b < blocks_; ++b) {
      for (std::size_t pattern = 0; pattern < 256; ++pattern) {
        Value sum{0};
        for (std::size_t k = 0; k < 8 && 8 * b + k < values.size(); ++k) {
          sum += ((pattern >> k) & 1U) ? -values[8 * b + k] : values[8 * b + k];
        }
        table_[b * 256 + pattern] = sum;
      }
    }
  }
  // The 64-bit words an assignment of these differences takes.
  std::size_t words() const { return (blocks_ + 7) / 8; }
  // The sum under the assignment whose bits are words[0], words[1], ….
  Value sum(const std::uint64_t* words) const {
    Value sum{0};
    for (std::size_t b = 0; b < blocks_; ++b) {
      sum += table_[b * 256 + ((words[b / 8] >> (8 * (b % 8))) & 0xFFU)];
    }
    return sum;
  }
  // The sum under assignment `mask` of at most 64 differences.
  Value sum(std::uint64_t mask) const { return sum(&mask); }

 private:
  std::size_t blocks_;
  std::vector<Value> table_;
};

}  // namespace irm::stats
