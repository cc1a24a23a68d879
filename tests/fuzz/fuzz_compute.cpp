// libFuzzer harness: compute(measure, input, options) over every registry entry.
//
// Input: the first line is the measure name (any name the grammar takes: "AP(norm=retrieved)@10",
// an alias, mean(P@5)), optionally followed by a tab and the value of the "relevant" option (R,
// the page's field); the rest is the pasted input. The seeds (tests/fuzz/corpus/compute/) hold
// every registry entry on an input of its kind, so the fuzzer mutates names and inputs together.
// A first line that starts with byte 0x01..0x1f (other than tab) instead picks a registry entry by
// the second byte and spells its name from its parameters' choices and a cutoff, so every entry
// stays reachable whatever the mutations do to the names.
//
// Invariants: an answer is either an Outcome whose exact quantities are reduced fractions with a
// finite, matching double, or an error with a message and a position inside the field it names.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "irm/irm.h"

namespace {

// A name for registry entry `index`, varied by the bits of `variant`.
std::string spelled_name(std::uint8_t index, std::uint8_t variant, std::uint8_t cutoff) {
  const auto& measures = irm::all_measures();
  const irm::MeasureInfo& m = measures[index % measures.size()];
  if (m.takes_measure) {
    const irm::MeasureInfo& inner = measures[variant % measures.size()];
    return m.name + "(" + inner.name + (cutoff % 2 ? "@" + std::to_string(cutoff / 2) : "") + ")";
  }
  std::string name = m.name;
  std::string params;
  for (const auto& p : m.params) {
    const unsigned pick = variant % 4;
    variant = static_cast<std::uint8_t>(variant / 4);
    if (pick == 0) continue;
    std::string value;
    if (p.numeric) {
      const char* const numbers[] = {"1", "1/2", "2"};
      value = numbers[pick - 1];
    } else if (!p.choices.empty()) {
      value = p.choices[pick % p.choices.size()];
    } else {
      continue;
    }
    params += (params.empty() ? "" : ",") + p.name + "=" + value;
  }
  if (!params.empty()) name += "(" + params + ")";
  switch (m.cutoff) {
    case irm::CutoffKind::none:
      break;
    case irm::CutoffKind::rank_optional:
      if (cutoff != 0) name += "@" + std::to_string(cutoff % 16);
      break;
    case irm::CutoffKind::recall_required:
      name += "@0." + std::to_string(cutoff % 10);
      break;
  }
  return name;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::string measure;
  if (size >= 4 && data[0] >= 1 && data[0] < 32 && data[0] != '\t' && data[0] != '\n') {
    measure = spelled_name(data[1], data[2], data[3]);
    rest.remove_prefix(4);
  } else {
    measure = std::string(fuzz::take_line(rest));
  }
  irm::Options options;
  std::string relevant;
  if (const auto tab = measure.find('\t'); tab != std::string::npos) {
    relevant = measure.substr(tab + 1);
    measure.resize(tab);
    options["relevant"] = relevant;
  }
  const auto result = irm::compute(measure, rest, options);
  if (result.ok()) {
    fuzz::check_outcome(result.value());
  } else {
    fuzz::check_error(result.error(), {rest, measure, relevant, {}});
  }
  return 0;
}
