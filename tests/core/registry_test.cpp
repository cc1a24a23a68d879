// The registry: unique names and aliases, defaults among their choices, a golden example for
// every measure, and examples that round-trip through the name grammar.

#include <algorithm>
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

namespace {

// A name as the grammar matches it: lower case, without spaces, hyphens and underscores.
std::string folded(std::string name) {
  std::string out;
  for (const char c : name) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

TEST_CASE("names and aliases are unique as the grammar matches them", "[registry]") {
  // "mean average precision" finds MAP's alias mean-average-precision, so no two measures may
  // differ only in case, spaces, hyphens or underscores.
  std::set<std::string> seen;
  for (const auto& m : irm::all_measures()) {
    std::set<std::string> own;
    own.insert(folded(m.name));
    for (const auto& alias : m.aliases) own.insert(folded(alias));
    for (const auto& name : own) {
      INFO(m.name << ": " << name);
      CHECK(seen.insert(name).second);
    }
  }
}

TEST_CASE("every word names a choice of its measure, and only alone when it is an alias",
          "[registry]") {
  std::set<std::string> names;
  for (const auto& m : irm::all_measures()) {
    names.insert(folded(m.name));
    for (const auto& alias : m.aliases) names.insert(folded(alias));
  }
  std::set<std::string> words;
  for (const auto& m : irm::all_measures()) {
    for (const auto& w : m.words) {
      INFO(m.name << ": " << w.word);
      CHECK(words.insert(folded(w.word)).second);
      const auto p = std::find_if(m.params.begin(), m.params.end(),
                                  [&](const irm::ParamInfo& q) { return q.name == w.param; });
      REQUIRE(p != m.params.end());
      CHECK(std::find(p->choices.begin(), p->choices.end(), w.value) != p->choices.end());
      // A word that is also a name or alias (precision is P's) reads as the word only alone;
      // any other word always does.
      CHECK(names.count(folded(w.word)) == (w.alone_only ? 1u : 0u));
      // The word prints as its canonical name, which parses back to itself.
      const std::string canonical = irm::canonical(w.word);
      CHECK(canonical == m.name + "(" + w.param + "=" + w.value + ")");
      CHECK(irm::canonical(canonical) == canonical);
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
      // An older spelling of a choice is not a choice itself, and reads as one.
      for (const auto& [alias, choice] : p.value_aliases) {
        CHECK(std::find(p.choices.begin(), p.choices.end(), alias) == p.choices.end());
        CHECK(std::find(p.choices.begin(), p.choices.end(), choice) != p.choices.end());
      }
      CHECK_FALSE(p.help.empty());
    }
  }
}

TEST_CASE("every measure has a golden example, a formula, a summary and a runnable example",
          "[registry]") {
  // Every golden id names a tag of at least one [golden] test case: the notes' worked examples
  // (docs/examples.md) and the project's own, worked by hand in the tests' comments.
  std::set<std::string> golden;
  for (const auto& test_case : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
    const auto& tags = test_case.getTestCaseInfo().tags;
    if (std::find(tags.begin(), tags.end(), "golden") == tags.end()) continue;
    golden.insert(tags.begin(), tags.end());
  }
  REQUIRE(golden.count("RL1") == 1);  // the registry of test cases is read
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

TEST_CASE("an answer's heading names the variant computed", "[registry][titles]") {
  struct Case {
    const char* measure;
    irm::InputKind input;
    const char* title;
  };
  using K = irm::InputKind;
  const Case cases[] = {
      {"kappa", K::judges, "Cohen's kappa"},
      {"kappa(chance=pooled)", K::judges, "Kappa with pooled marginals (Scott's π)"},
      {"kappa(chance=pooled,scale=cs657a)", K::judges, "Kappa with pooled marginals (Scott's π)"},
      {"kappa(scale=landis-koch)", K::judges, "Cohen's kappa"},
      {"tau", K::rankings, "Kendall's tau-b"},
      {"tau(variant=a)", K::rankings, "Kendall's tau-a"},
      {"bpref", K::ranked_list, "Binary preference"},
      {"bpref(variant=trec)", K::ranked_list, "Binary preference (trec_eval's form)"},
      {"AP@5", K::ranked_list, "Average precision"},
      {"AP(norm=retrieved)", K::ranked_list, "Average precision over the relevant retrieved"},
      {"MAP(norm=retrieved)", K::queries, "Mean average precision over the relevant retrieved"},
      {"IPrec@0.5", K::ranked_list, "Interpolated precision at a recall level"},
      {"IPrec(rule=trec10)@0.5", K::ranked_list, "Interpolated precision at a recall level"},
      {"IPrec(rule=none)@0.5", K::ranked_list, "Precision at a recall level, not interpolated"},
      {"11pt(rule=none)", K::ranked_list, "11-point precision, not interpolated"},
      {"11pt-avg(rule=none)", K::queries, "Averaged 11-point precision, not interpolated"},
      {"nDCG@3", K::graded_list, "Normalised discounted cumulative gain"},
      {"nDCG(dcg=trec)@3", K::graded_list,
       "Normalised discounted cumulative gain (trec_eval's discount log2(i + 1))"},
      {"DCG(dcg=burges)", K::graded_list, "Discounted cumulative gain (Burges' gain 2^rel − 1)"},
      {"F", K::confusion, "F1 measure"},
      {"F(beta=2)", K::confusion, "Weighted F-measure (β = 2)"},
      {"F(alpha=1/3)", K::confusion, "Weighted F-measure (α = 1/3)"},
      {"F@5", K::ranked_list, "F1 of P@5 and R@5"},
      {"F(beta=0.5)@5", K::ranked_list, "Weighted F (β = 0.5) of P@5 and R@5"},
      {"wilcoxon", K::paired, "Wilcoxon signed-rank test"},
      {"wilcoxon(zero=pratt,method=normal)", K::paired,
       "Wilcoxon signed-rank test (Pratt's zeros, normal approximation)"},
      {"sign(alternative=greater)", K::paired, "Sign test (one-sided: x > y)"},
      {"ttest(alternative=less)", K::paired, "Paired t-test (one-sided: x < y)"},
      {"mean(P@5)", K::queries, "Mean over queries"},
      {"AP(norm=min_rk)@3", K::ranked_list, "Average precision over min(R, k)"},
      {"accuracy", K::confusion, "Accuracy, with the confusion matrix"},
      {"confusion", K::confusion, "Confusion matrix and set measures"},
  };
  for (const Case& c : cases) {
    INFO(c.measure);
    CHECK(test::ok(irm::compute(c.measure, test::sample_input(c.input))).title == c.title);
  }
}

TEST_CASE("who computes a choice is said for choices of the parameter only", "[registry]") {
  for (const auto& m : irm::all_measures()) {
    for (const auto& p : m.params) {
      for (const auto& [choice, who] : p.users) {
        INFO(m.name << "(" << p.name << "=" << choice << ")");
        CHECK(std::find(p.choices.begin(), p.choices.end(), choice) != p.choices.end());
        CHECK_FALSE(who.empty());
      }
    }
  }
  // The conventions of outside exercises name their users.
  const auto ap = irm::parse_measure_name("AP(norm=min_rk)@3");
  REQUIRE(ap.ok());
  const auto& norm = ap.value().info->params.at(0);
  const auto who = std::find_if(norm.users.begin(), norm.users.end(),
                                [](const auto& entry) { return entry.first == "min_rk"; });
  REQUIRE(who != norm.users.end());
  CHECK(who->second ==
        "the R package Metrics (apk, mapk), Kaggle's apk and mapk (Ben Hamner's ml_metrics) and "
        "many recommender-system courses");
}
