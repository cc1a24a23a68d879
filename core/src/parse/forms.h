// Which input forms a build reads. Every build reads each calculator's own notation ("R N R",
// "4 3 0 1", a 2 × 2 grid, …). The core also reads the forms exercises print: captions,
// brackets and program lists, sentences, tables with headers, labelled grids and Python
// sessions (printed.h, transcript.h and the parsers' own). A calculator page's first module (a
// group module, wasm/groups/printed_forms.cpp) leaves them out to stay small; for an input it
// cannot read in the calculator's own notation it answers read_elsewhere(), and the page's engine
// asks the module that has every reader (web/js/engine-worker.js).
//
// So that both give one answer, each parser tries the calculator's own notation first in every
// build, and only for input outside it reaches the forms a group module leaves out.
#pragma once

#include "irm/result.h"

namespace irm::text {

/// True in the core (forms.cpp); false in a group module, which defines it itself.
[[nodiscard]] bool reads_printed_forms();

/// A group module's answer for an input outside the calculator's own notation, or one that the
/// notation's reader rejects: the code of a measure it does not have, which sends the request
/// to the module with every reader, whose answer (a result, or the message that names line and
/// column) is the same in every build.
[[nodiscard]] inline InputError read_elsewhere() {
  return InputError{ErrorCode::unknown_measure,
                    "this input is read by the module with every input reader", Span{},
                    Field::input};
}

}  // namespace irm::text
