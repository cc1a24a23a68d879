// A group module reads only the calculators' own notations: the forms exercises print are left
// out (core/src/parse/forms.h), the parsers' code for them is then unreachable, and the linker
// leaves it out (-flto). The lite, check and TREC modules take core/src/parse/forms.cpp's
// definition instead.
#include "parse/forms.h"

bool irm::text::reads_printed_forms() { return false; }
