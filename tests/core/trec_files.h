// Generated TREC qrels and runs for the property tests: the same files on every platform.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace test {

// A file of tests/fixtures/ndeval/ (what ndeval printed for small files, and those files), found
// from this header's path (CMake compiles the tests by their full paths); empty when unreadable.
inline std::string ndeval_fixture(const std::string& name) {
  std::string folder = __FILE__;
  folder = folder.substr(0, folder.find_last_of("/\\") + 1) + "../fixtures/ndeval/";
  std::ifstream in(folder + name, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// splitmix64: the same numbers on every platform (std distributions are not).
class Generator {
 public:
  explicit Generator(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

 private:
  std::uint64_t state_;
};

struct TrecFiles {
  std::string qrels;
  std::string run;
};

// Small topics with ties, unjudged and negative-graded documents, relevant documents the run
// misses, topics interleaved, and mixed whitespace.
inline TrecFiles generate_trec_files(std::uint64_t seed) {
  Generator g(seed);
  const char* const docnos[] = {"d1", "d2", "d10", "D3", "doc-7", "x", "X9", "a.b", "z0", "d20"};
  const char* const spaces[] = {" ", "\t", "  ", " \t"};
  const auto space = [&] { return std::string(spaces[g.below(4)]); };
  std::vector<std::string> qrels_lines;
  std::vector<std::string> run_lines;
  const int topics = 1 + g.below(4);
  for (int t = 0; t < topics; ++t) {
    const std::string topic = std::to_string(300 + g.below(200) * 10 + t);
    // One relevant document that no run retrieves keeps R >= 1.
    qrels_lines.push_back(topic + space() + "0" + space() + "missed" + space() + "1");
    bool any_retrieved = false;
    for (int d = 0; d < 10; ++d) {
      if (g.below(4) != 0) {
        const int grades[] = {-1, 0, 0, 1, 2};
        qrels_lines.push_back(topic + space() + "0" + space() + docnos[d] + space() +
                              std::to_string(grades[g.below(5)]));
      }
      if (g.below(3) != 0 || (d == 9 && !any_retrieved)) {
        any_retrieved = true;
        const char* const scores[] = {"0.25", "0.5", "0.5", "1", "-2", "1e-1", "0.75"};
        run_lines.push_back(topic + space() + "Q0" + space() + docnos[d] + space() +
                            std::to_string(1 + g.below(10)) + space() + scores[g.below(7)] +
                            space() + "run" + (g.below(2) != 0 ? "\r" : ""));
      }
    }
  }
  // Lines in a shuffled order, so topics interleave.
  const auto shuffle = [&](std::vector<std::string>& lines) {
    for (std::size_t i = lines.size(); i > 1; --i) {
      std::swap(lines[i - 1], lines[static_cast<std::size_t>(g.below(static_cast<int>(i)))]);
    }
  };
  shuffle(qrels_lines);
  shuffle(run_lines);
  TrecFiles files;
  for (const auto& line : qrels_lines) files.qrels += line + "\n";
  for (const auto& line : run_lines) files.run += line + "\n";
  return files;
}

}  // namespace test
