// The core reads every input form (forms.h). Compiled alone (CMakeLists.txt, IRM_UNITY_ALONE):
// a group module defines reads_printed_forms() itself, so the linker must never take this
// object for another function.

#include "forms.h"

namespace irm::text {

bool reads_printed_forms() { return true; }

}  // namespace irm::text
