// Small helpers shared by the Catch2 tests.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "irm/irm.h"

namespace test {

inline irm::Outcome ok(const irm::Result<irm::Outcome>& r) {
  if (!r.ok()) FAIL("expected a value, got: " << r.error().message);
  return r.value();
}

inline irm::Outcome run(const std::string& measure, const std::string& input,
                        const std::string& relevant = "") {
  irm::Options options;
  if (!relevant.empty()) options["relevant"] = relevant;
  return ok(irm::compute(measure, input, options));
}

inline irm::InputError fails(const std::string& measure, const std::string& input,
                             const irm::Options& options = {}) {
  const auto r = irm::compute(measure, input, options);
  if (r.ok()) FAIL("expected an error for " << measure << " on \"" << input << "\"");
  return r.error();
}

inline bool has_note_containing(const irm::Outcome& o, const std::string& part) {
  for (const auto& n : o.notes) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

inline const irm::Alternative* alternative(const irm::Outcome& o, const std::string& measure) {
  for (const auto& a : o.alternatives) {
    if (a.measure == measure) return &a;
  }
  return nullptr;
}

inline irm::Fraction frac(std::int64_t num, std::int64_t den) {
  return *irm::make_fraction(num, den);
}

inline const irm::Number& value_of(const irm::Outcome& o, const std::string& key) {
  for (const auto& [k, v] : o.values) {
    if (k == key) return v;
  }
  FAIL("no value named " << key);
  static irm::Number none;
  return none;
}

}  // namespace test
