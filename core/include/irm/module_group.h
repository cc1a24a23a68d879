// Which measures and input readers a build keeps. The calculators' pages each start a wasm module
// that holds one group of measures only (wasm/CMakeLists.txt): it is built with IRM_KEEP set to
// the group's name, e.g. IRM_KEEP="lists", and then registry.cpp lists, and compute.cpp reads,
// only what that group names, so that the linker leaves the rest of the core out. A build without
// IRM_KEEP (native, tests, the TREC module, the lite and check modules) keeps everything.
//
// The groups, by page: lists (ranked, ndcg, queries), diversity, sets (sets, multiclass), roc,
// significance, agreement, correlation, pooling.

#pragma once

#include <string_view>

namespace irm {

/**
 * Whether this build keeps something that belongs to `groups`: the group names separated by
 * commas (and spaces), as the preprocessor writes `#__VA_ARGS__` of `X(f, lists, sets)`.
 */
constexpr bool keeps(std::string_view groups) {
#ifdef IRM_KEEP
  const std::string_view kept = IRM_KEEP;
  std::size_t from = 0;
  while (from < groups.size()) {
    std::size_t to = from;
    while (to < groups.size() && groups[to] != ',') ++to;
    std::size_t first = from;
    std::size_t last = to;
    while (first < last && groups[first] == ' ') ++first;
    while (last > first && groups[last - 1] == ' ') --last;
    if (groups.substr(first, last - first) == kept) return true;
    from = to + 1;
  }
  return false;
#else
  static_cast<void>(groups);
  return true;
#endif
}

}  // namespace irm
