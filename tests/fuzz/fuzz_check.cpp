// libFuzzer harness: check_answer and parse_answer (irm/check.h).
//
// Input: line 1 is the measure name (optionally a tab and the "relevant" option, as in
// fuzz_compute), line 2 the student's answer (optionally a tab and the key of the quantity
// checked), the rest the pasted input. Seeds: tests/fuzz/corpus/check/.
//
// Invariants: parse_answer's value is a reduced fraction with a positive denominator; a check is
// an error with a message and a position inside its field, or a verdict with a reason, whose
// `matched` and `hint` are empty when the answer is right, whose `hint` is empty when a slip is
// matched, whose label is the key when one was found, and which agrees with parse_answer on the
// answer.

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "irm/check.h"
#include "irm/irm.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::string measure(fuzz::take_line(rest));
  std::string_view answer = fuzz::take_line(rest);
  std::string_view key;
  if (const auto tab = answer.find('\t'); tab != std::string_view::npos) {
    key = answer.substr(tab + 1);
    answer = answer.substr(0, tab);
  }
  irm::Options options;
  std::string relevant;
  if (const auto tab = measure.find('\t'); tab != std::string::npos) {
    relevant = measure.substr(tab + 1);
    measure.resize(tab);
    options["relevant"] = relevant;
  }

  const auto parsed = irm::parse_answer(answer);
  if (parsed.ok()) {
    const irm::Fraction f = parsed.value().value;
    if (f.den <= 0 || std::gcd(f.num, f.den) != 1) {
      fuzz::fail("parse_answer", "not a reduced fraction: " + irm::to_string(f));
    }
    if (parsed.value().decimals < 0) fuzz::fail("parse_answer", "negative decimals");
  } else {
    fuzz::check_error(parsed.error(), {{}, {}, {}, answer});
  }

  const auto checked = irm::check_answer(measure, rest, options, answer, key);
  if (!checked.ok()) {
    fuzz::check_error(checked.error(), {rest, measure, relevant, answer});
    return 0;
  }
  const irm::CheckResult& c = checked.value();
  if (!parsed.ok()) fuzz::fail("check_answer", "judged an answer parse_answer refuses");
  if (c.why.empty()) fuzz::fail("check_answer", "a verdict without a reason");
  if (c.correct && !c.matched.empty()) fuzz::fail("check_answer", "right and matched a slip");
  if (c.correct && !c.hint.empty()) fuzz::fail("check_answer", "right with a hint");
  if (!c.matched.empty() && !c.hint.empty()) fuzz::fail("check_answer", "matched with a hint");
  if (!c.key.empty() && c.label != c.key)
    fuzz::fail("check_answer", "keyed but labelled otherwise");
  if (c.answer.value != parsed.value().value) fuzz::fail("check_answer", "answer read differently");
  fuzz::check_number(c.expected, "expected");
  return 0;
}
