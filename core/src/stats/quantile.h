// The q-quantile of sorted values by linear interpolation between order statistics (NumPy's
// default "linear", Hyndman and Fan's type 7): the bootstrap percentile intervals of the
// comparison of runs (compare/compare.cpp) and of the judges' leaderboards (trec/judges.cpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace irm::stats {

/// `sorted` ascending and not empty; 0 ≤ q ≤ 1.
inline double quantile_sorted(const std::vector<double>& sorted, double q) {
  const double h = (static_cast<double>(sorted.size()) - 1.0) * q;
  const auto low = static_cast<std::size_t>(std::floor(h));
  const std::size_t high = std::min(low + 1, sorted.size() - 1);
  return sorted[low] + (h - static_cast<double>(low)) * (sorted[high] - sorted[low]);
}

}  // namespace irm::stats
