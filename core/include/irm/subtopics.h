// A ranked list whose documents each cover some subtopics (intents) of a query, for the diversity
// measures (alpha-nDCG, ERR-IA, NRBP, MAP-IA, P-IA, S-recall).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

struct SubtopicDoc {
  std::string label;           // "d1" when named, else empty
  std::vector<int> subtopics;  // the subtopics it covers, as typed (none: not relevant)
  Span where;                  // the document: its label, or its first subtopic, or its '-'
};

struct SubtopicList {
  std::vector<SubtopicDoc> docs;         // top rank first
  std::vector<SubtopicDoc> unretrieved;  // relevant documents the ranking missed (for the ideal)
  std::vector<std::string> reading;      // how the text was read, for Outcome.notes
};

/// The largest subtopic number read.
inline constexpr int max_subtopic = 1'000'000;

/// Parses one document per line, top rank first, or documents separated by '|':
///     d1: 1 3          d1 covers subtopics 1 and 3 (numbers separated by spaces or commas)
///     d2: -            d2 covers none ("d2:" alone too)
///     2                an unnamed document covering subtopic 2
///     1,3 | - | 2      three documents on one line
///     unretrieved: d7: 2 | d8: 1 3     documents the ranking missed (to the end of the input)
/// Errors (each naming the line and column): empty_input (no ranked document), bad_token (a
/// word that is not a subtopic number, '-' beside subtopics, nothing between two '|', a label
/// or a subtopic given twice, a second 'unretrieved:'), bad_number (a subtopic that is not a
/// whole number), out_of_range (a subtopic past 1,000,000, more than 500,000 documents).
[[nodiscard]] Result<SubtopicList> parse_subtopic_list(std::string_view text);

}  // namespace irm
