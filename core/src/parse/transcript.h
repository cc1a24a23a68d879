// A Python session as documentation prints it (doctest and the interactive interpreter):
//
//   >>> import numpy as np
//   >>> y_true = np.array([0, 0, 1, 1])
//   >>> average_precision_score(y_true, y_scores)
//   0.83...
//
// Before any input reader sees such a text, its prompts become spaces and the lines that are not
// data become empty, so that every reader reads the data lines as if typed alone, with their own
// line and column numbers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace irm::text {

/// The text a reader should see, and the note saying how the session was read.
struct Transcript {
  std::string text;
  std::string reading;
};

/// Empty when no line starts with a `>>>` prompt (after leading blanks). Otherwise:
///   - a `>>> ` or `... ` prompt becomes as many spaces, so every column stays where it was;
///   - kept: an assignment of data (`r = [1, 0]`, `y = np.array([…])`, `t = tensor([…])`,
///     `x <- c(…)`: a list, a number, a string or a known array constructor after `=`), and
///     the `...` lines that continue it;
///   - emptied (the line stays, so line numbers do not move): imports, every other prompt line
///     (calls, assignments of anything else) with its continuations, and the lines the session
///     printed (the lines right after a prompt, up to a blank line or the next prompt);
///   - lines before the first prompt or after a blank line are kept as they are (a sentence
///     around the session is the readers' to read or skip).
[[nodiscard]] std::optional<Transcript> read_transcript(std::string_view input);

}  // namespace irm::text
