// Several runs (ranked lists per topic) and, optionally, judgments: the input of depth-k pooling.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

/// One run's ranking for one topic, top rank first.
struct RunRanking {
  std::string run;
  std::string topic;
  std::vector<std::string> docs;
  int line = 0;  // where it was given (the first line, for TREC lines)
};

struct RunSet {
  std::vector<std::string> runs;    // in order of first appearance
  std::vector<std::string> topics;  // in order of first appearance
  std::vector<RunRanking> rankings;
  /// topic -> document -> grade (≥ 1 relevant, 0 judged non-relevant), when judgments were
  /// given; a negative TREC grade counts as unjudged and is left out.
  std::map<std::string, std::map<std::string, int>> judgments;
  bool has_judgments = false;
  std::vector<std::string> reading;
};

/// Parses lines of these kinds (blank lines and lines starting with # are skipped):
///   A q1: d1 d2 d3          run A's ranking for topic q1
///   qrels q1: d1+ d2 *d7*   judgments (also "judged"): + or *…* relevant, bare or - judged
///                           non-relevant, d1:2 a grade
///   q1 Q0 d1 1 0.9 A        a TREC run line (qid Q0 docno rank score tag): each run's topic is
///                           ranked by score, ties by docno descending (trec_eval's order)
///   q1 0 d1 1               a TREC qrels line (qid iter docno rel)
/// Errors: empty_input, bad_token (a line of none of these kinds, a document twice in one
/// ranking, a run's topic given twice), bad_number (a TREC score, rank or grade that is not a
/// number).
[[nodiscard]] Result<RunSet> parse_runs(std::string_view text);

}  // namespace irm
