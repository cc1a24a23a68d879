// compute(): the one entry point the wasm glue and the tests call. Parses the measure name and
// the input for the measure's input kind, resolves the options, and runs the measure.

#include "irm/irm.h"

namespace irm {

const char* version() { return "0.1.0"; }

Result<Outcome> compute(std::string_view measure, std::string_view input, const Options& options) {
  for (const auto& [key, value] : options) {
    if (key != "relevant") {
      return InputError{ErrorCode::unknown_parameter,
                        "unknown option '" + key + "'; the options are: relevant", Span{},
                        Field::options};
    }
  }
  auto call = parse_measure_name(measure);
  if (!call.ok()) return call.error();

  Inputs in;
  switch (call.value().info->input) {
    case InputKind::ranked_list: {
      auto list = parse_ranked_list(input);
      if (!list.ok()) return list.error();
      const auto relevant = options.find("relevant");
      auto R =
          resolve_total_relevant(list.value(), relevant == options.end() ? "" : relevant->second,
                                 relevant != options.end());
      if (!R.ok()) return R.error();
      in.notes = list.value().reading;
      if (R.value().note) in.notes.push_back(*R.value().note);
      in.total_relevant = R.value().value;
      in.ranked = &list.value();
      return call.value().info->run(call.value(), in);
    }
  }
  return InputError{ErrorCode::unknown_measure, "this measure has no input reader", Span{},
                    Field::measure};
}

}  // namespace irm
