// The public API of the irmetrics core: compute a measure on pasted text and get the worked
// answer, or a positioned error. Pure C++17; never includes Emscripten headers; never throws for
// bad input.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "irm/explain.h"
#include "irm/inputs.h"
#include "irm/number.h"
#include "irm/ranking.h"
#include "irm/registry.h"
#include "irm/result.h"

namespace irm {

/// Options that are not part of the measure name or the pasted text: the page's fields, the
/// CLI's flags. Known keys: "relevant" (R; empty = not given). Unknown keys are an error.
using Options = std::map<std::string, std::string>;

/// Computes `measure` (e.g. "AP@10") on `input` (e.g. "+ - + - - + - - + +").
/// Errors: those of parse_measure_name (field = measure), of the input's parser (field =
/// input), of resolve_total_relevant (field = relevant) and unknown_parameter for an unknown
/// option key (field = options).
[[nodiscard]] Result<Outcome> compute(std::string_view measure, std::string_view input,
                                      const Options& options = {});

/// The project version, package.json's ("0.1.0").
[[nodiscard]] const char* version();

}  // namespace irm
