// The registry: unique names and aliases, defaults among their choices, a golden example for
// every measure, and examples that round-trip through the name grammar.

#include <catch2/catch.hpp>
#include <set>

#include "helpers.h"

TEST_CASE("names and aliases are unique, ignoring case", "[registry]") {
  std::set<std::string> seen;
  for (const auto& m : irm::all_measures()) {
    for (std::string name : [&] {
           auto all = m.aliases;
           all.push_back(m.name);
           return all;
         }()) {
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      INFO(name);
      CHECK(seen.insert(name).second);
    }
  }
}

TEST_CASE("every parameter default is one of its choices", "[registry]") {
  for (const auto& m : irm::all_measures()) {
    for (const auto& p : m.params) {
      INFO(m.name << "(" << p.name << ")");
      if (p.numeric) {
        // A numeric parameter has no choices; its default is "" (not given) or a number in its
        // canonical spelling, and what it excludes is another parameter of the same measure.
        CHECK(p.choices.empty());
        if (!p.default_value.empty()) {
          const auto value = irm::parse_decimal(p.default_value);
          REQUIRE(value.has_value());
          CHECK(irm::parameter_number(*value) == p.default_value);
        }
        if (!p.excludes.empty()) {
          CHECK(std::any_of(m.params.begin(), m.params.end(),
                            [&](const irm::ParamInfo& q) { return q.name == p.excludes; }));
        }
      } else {
        CHECK(std::find(p.choices.begin(), p.choices.end(), p.default_value) != p.choices.end());
      }
      CHECK_FALSE(p.help.empty());
    }
  }
}

TEST_CASE("every measure has a golden example, a formula, a summary and a runnable example",
          "[registry]") {
  // The ids of ../shared/WORKED_EXAMPLES.md that golden_ranked.cpp covers.
  // Sets and ROC: S1 from the notes, and hand-worked examples (golden_sets.cpp, golden_roc.cpp).
  const std::set<std::string> golden = {
      "RL1",  "RL1-i", "RL1-ap", "RL2",  "RL3",  "RL4", "RL5", "RL6",   "RL7",   "G1",
      "G2",   "G3",    "G4",     "G5",   "B1",   "B2",  "B3",  "POOL1", "POOL2", "S1",
      "MC1",  "MC2",   "ROC1",   "ROC2", "ROC3", "PR1", "PR2", "SIG1",  "SIG2",  "SIG3",
      "SIG4", "SIG5",  "SIG6",   "K1",   "K2",   "K3",  "K4",  "TAU1",  "TAU2",  "TAU3"};
  for (const auto& m : irm::all_measures()) {
    INFO(m.name);
    CHECK_FALSE(m.golden.empty());
    for (const auto& id : m.golden) CHECK(golden.count(id) == 1);
    CHECK_FALSE(m.formula.empty());
    CHECK_FALSE(m.summary.empty());
    CHECK(m.run != nullptr);
    CHECK(irm::canonical(m.example) == m.example);
    const auto r = irm::compute(m.example, test::sample_input(m.input));
    CHECK(r.ok());
  }
}
