// A count and its noun, "1 topic", "3 topics": the one helper for the measures' notes
// (measures/common.h includes it) and the TREC engine's warnings (trec/session.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace irm {

/// "1 document", "3 documents"; `many` for irregular plurals: plural(3, "query", "queries").
[[nodiscard]] inline std::string plural(std::int64_t n, const std::string& word,
                                        const std::string& many = "") {
  return std::to_string(n) + " " + (n == 1 ? word : many.empty() ? word + "s" : many);
}

}  // namespace irm
