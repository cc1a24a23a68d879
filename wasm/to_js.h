// C++ result structs -> plain JS objects. The one place snake_case fields become camelCase keys.
#pragma once

#include <emscripten/val.h>

#include "irm/irm.h"

namespace irm_js {

/// {ok: true, value: Outcome} or {ok: false, error: {code, message, field, line, column, length}}
emscripten::val to_js(const irm::Result<irm::Outcome>& result);
/// The registry as an array of MeasureInfo objects (docs/js-api.md).
emscripten::val measures_to_js(const std::vector<irm::MeasureInfo>& measures);
/// {ok: false, error: {code: "internal", ...}}: the second line of defence.
emscripten::val internal_error(const std::string& what);

}  // namespace irm_js
