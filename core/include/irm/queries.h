// Several queries: blocks of text, one ranked (or graded) list per query, for MAP, MRR, ….
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

struct QueryBlock {
  std::string id;      // from the header ("q1 relevant=5") or q1, q2, … by position
  std::string text;    // the block's list, header removed, as typed
  int first_line = 1;  // the line of the input where `text` starts (for error positions)
  std::optional<std::int64_t> total_relevant;  // relevant=N from the header
  Span header_where;                           // where relevant=N was written
};

struct QuerySet {
  std::vector<QueryBlock> queries;
  std::vector<std::string> reading;
};

/// Splits the text into blocks separated by blank lines. A block's first line is a header when
/// it holds `relevant=N` (or `R=N`) or ends with ':' — `q1 relevant=5`, `Q2:` — and the other
/// words of that line are the query id. Errors: empty_input, bad_number (relevant=x),
/// bad_token (a query id used twice).
[[nodiscard]] Result<QuerySet> parse_query_blocks(std::string_view text);

}  // namespace irm
