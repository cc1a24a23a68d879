// EMSCRIPTEN_BINDINGS only: every export takes strings (and a plain options object) and returns
// a plain JS object. See docs/js-api.md.

#include <emscripten/bind.h>

#include <exception>

#include "irm/irm.h"
#include "to_js.h"

using emscripten::val;

namespace {

// The second line of defence: the core never throws for bad input, but an internal bug must
// not take the module down with it.
template <class F>
val guarded(F&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return irm_js::internal_error(e.what());
  } catch (...) {
    return irm_js::internal_error("unknown exception");
  }
}

// options: a plain object of strings or numbers, read key by key so that a missing or odd
// field is never an embind TypeError.
irm::Options read_options(const val& options) {
  irm::Options out;
  if (options.isUndefined() || options.isNull()) return out;
  const std::string type = options.typeOf().as<std::string>();
  if (type != "object") return out;
  const val keys = val::global("Object").call<val>("keys", options);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val v = options[key];
    if (v.isUndefined() || v.isNull()) continue;
    out[key] = val::global("String")(v).as<std::string>();
  }
  return out;
}

val compute(const std::string& measure, const std::string& input, const val& options) {
  return guarded(
      [&] { return irm_js::to_js(irm::compute(measure, input, read_options(options))); });
}

val compute_without_options(const std::string& measure, const std::string& input) {
  return guarded([&] { return irm_js::to_js(irm::compute(measure, input)); });
}

val list_measures() {
  return guarded([] { return irm_js::measures_to_js(irm::all_measures()); });
}

std::string version() { return irm::version(); }

// Test hook: proves that an internal failure becomes {ok:false, code:"internal"} and that the
// module keeps answering afterwards.
val internal_error_for_test() {
  return guarded([]() -> val { throw std::runtime_error("test of the internal-error path"); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(irmetrics) {
  emscripten::function("compute", &compute);
  emscripten::function("compute", &compute_without_options);  // compute(measure, input)
  emscripten::function("listMeasures", &list_measures);
  emscripten::function("version", &version);
  emscripten::function("internalErrorForTest", &internal_error_for_test);
}
