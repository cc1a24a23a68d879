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

/// The value of a parser's Result, failing the test with the parser's message when it is an
/// error.
template <class T>
T parsed_ok(const irm::Result<T>& r) {
  if (!r.ok()) FAIL("unexpected error: " << r.error().message);
  return r.value();
}

/// The same, for a result that is moved from (a Run owns its docnos and cannot be copied).
template <class T>
T parsed_ok(irm::Result<T>&& r) {
  if (!r.ok()) FAIL("unexpected error: " << r.error().message);
  return std::move(r.value());
}

/// The error of a parser's Result, failing the test when it parsed.
template <class T>
irm::InputError parse_fails(const irm::Result<T>& r, const std::string& text) {
  if (r.ok()) FAIL("expected an error for \"" << text << "\"");
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

/// A small valid input of each kind, for tests that run every registry entry.
inline std::string sample_input(irm::InputKind kind) {
  switch (kind) {
    case irm::InputKind::ranked_list:
      return "relevant=4\nR N R N N R";
    case irm::InputKind::graded_list:
      return "3 2 0 1\nunretrieved: 2";
    case irm::InputKind::queries:
      return "q1 relevant=3\nR N R\n\nq2\nN R N";
    case irm::InputKind::scored_labels:
      return "1 0.9\n0 0.8\n1 0.7\n0 0.3";
    case irm::InputKind::confusion:
      return "tp=2 fp=2 fn=1 tn=3";
    case irm::InputKind::runs:
      return "A q1: d1 d2 d3\nB q1: d2 d4\nqrels q1: d1+ d2 d4+";
    case irm::InputKind::multiclass:
      return "true: a a b b c\npredicted: a b b b c";
    case irm::InputKind::judges:
      return "A: R R N N R\nB: R N N N R";
    case irm::InputKind::ratings:
      return "0 2 6 4 2\n0 0 3 5 6\n2 2 8 1 1";
    case irm::InputKind::reliability:
      return "A: 1 2 3 3 *\nB: 1 2 3 2 2\nC: * 2 3 3 2";
    case irm::InputKind::rankings:
      return "x: 1 2 3 4 5\ny: 2 1 4 3 5";
    case irm::InputKind::two_lists:
      return "x: d3 d1 d2 d7\ny: d1 d4 d3";
    case irm::InputKind::paired:
      return "q1 0.42 0.38\nq2 0.51 0.47\nq3 0.30 0.35\nq4 0.62 0.50\nq5 0.45 0.41";
    case irm::InputKind::subtopic_list:
      return "d1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2";
  }
  return "";
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

/// The exact value of `o.values[key]`, failing the test when it is not exact.
inline irm::Fraction exact_value(const irm::Outcome& o, const std::string& key) {
  const auto& n = value_of(o, key);
  REQUIRE(n.exact.has_value());
  return *n.exact;
}

/// A ranked list's judgements as one letter per rank: R relevant, N not, U unjudged ("RNRN").
inline std::string judgement_letters(const irm::RankedList& list) {
  std::string out;
  for (const auto& d : list.docs) {
    out += d.judgement == irm::Judgement::relevant   ? 'R'
           : d.judgement == irm::Judgement::unjudged ? 'U'
                                                     : 'N';
  }
  return out;
}

}  // namespace test
