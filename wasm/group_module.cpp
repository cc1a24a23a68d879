// A group module's own code (wasm/CMakeLists.txt, IRM_GROUPS) as one translation unit: the glue
// and the two core files that IRM_KEEP="group" changes (the registry's list and the input
// readers), compiled together so that their headers and templates are compiled once per group.
// clang-format off
#include "bindings.cpp"
#include "../core/src/registry.cpp"
#include "../core/src/compute.cpp"
// clang-format on

// The forms exercises print are left out of a group module (core/src/parse/forms.h): the
// parsers' code for them is then unreachable, and the linker leaves it out (-flto).
bool irm::text::reads_printed_forms() { return false; }
