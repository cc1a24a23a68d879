// Speed of the comparison of runs: 10 runs × 250 topics, all 45 pairs, one measure. Hidden
// (tag [.bench]): run it with `irm_tests "[.bench]"`; it prints the time of each test. The goal
// for the randomization test with 10,000 permutations is 3 s in WebAssembly, so well under 1 s
// natively.

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <iostream>

#include "irm/compare.h"

TEST_CASE("compare: speed, 10 runs × 250 topics, 45 pairs", "[.bench][compare]") {
  irm::CompareInput in;
  irm::MeasureScores m{"map", {}};
  std::uint64_t state = 12345;
  const auto uniform = [&] {  // a plain linear congruential generator: any scores will do
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  for (int t = 0; t < 250; ++t) in.topics.push_back("t" + std::to_string(t));
  for (int r = 0; r < 10; ++r) {
    in.runs.push_back("run" + std::to_string(r));
    std::vector<double> row;
    for (int t = 0; t < 250; ++t) row.push_back(0.02 * r + 0.8 * uniform());
    m.by_run.push_back(row);
  }
  in.scores.push_back(m);
  for (const auto test :
       {irm::CompareTest::randomization, irm::CompareTest::ttest, irm::CompareTest::wilcoxon,
        irm::CompareTest::sign, irm::CompareTest::tukey, irm::CompareTest::bootstrap}) {
    irm::CompareOptions options;
    options.test = test;
    options.correction = irm::Correction::holm;
    const auto start = std::chrono::steady_clock::now();
    const auto result = irm::compare_runs(in, options);
    const auto end = std::chrono::steady_clock::now();
    REQUIRE(result.ok());
    CHECK(result.value().comparisons.size() == 45);
    std::cout << irm::to_string(test) << ": "
              << std::chrono::duration<double, std::milli>(end - start).count() << " ms\n";
  }
}
