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
  std::string id;  // from the header ("q1 relevant=5", "q1:") or q1, q2, … by position
  /// The block's lines as typed, the id blanked, so that a list parser given first_line (its
  /// lines numbered from there) names the place in what the user typed. A relevant=N of the
  /// header stays in the text for the list's parser to read.
  std::string text;
  int first_line = 1;  // the input line where the block starts
};

struct QuerySet {
  std::vector<QueryBlock> queries;
  std::vector<std::string> reading;
};

/// Splits the text into blocks separated by blank lines. A block's first line names its query
/// when it starts with a word ending in ':' (`q1: R N R`, `Q2:`), holds a relevant=N (or R=N)
/// and one other word (`q1 relevant=5`), or is a lone plain word above more lines (`q1`);
/// otherwise the queries are q1, q2, … in order (`relevant:` and `ranking:` start a list, they
/// never name a query). Two printed forms give blocks of their own (`relevant: {…}` above
/// `ranking: {…}`, first_line the statement's line): R's and Kaggle's actual/predicted lists
/// (`list(c(1, 2), c(4))`, `[[1, 2], [4]]`), one query per element; and a pipe or tab table whose
/// header names a results column and a correct (relevant) column, one query per row.
/// Errors: empty_input, bad_token (a query id used twice, text that is not UTF-8).
[[nodiscard]] Result<QuerySet> parse_query_blocks(std::string_view text);

}  // namespace irm
