// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
// the state advances by a fixed odd constant and is scrambled by two xor-shift-multiply rounds.
// Plain 64-bit integer arithmetic, so a seed gives the same sequence in the native build and in
// WebAssembly. Shared by the randomization test (measures/significance.cpp) and the comparison
// of runs (compare/compare.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace irm::stats {

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n < 2^32, by the multiply-shift of Lemire ("Fast random integer
  // generation in an interval", 2019) on the top 32 bits, without its rejection step (bias
  // below n/2^32). 64-bit products only: wasm32 has no fast 128-bit multiply.
  std::size_t below(std::size_t n) {
    return static_cast<std::size_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
};

}  // namespace irm::stats
