// Tie policies for the TREC engine: what a measure is worth when a run gives several documents
// of a topic the same score.
//
// trec_eval orders equal scores by docno, so the value of a measure can depend on an accident of
// naming. Two policies here take the names out:
// - average: the exact expected value over every ordering of each group of tied documents, all
//   orderings equally likely (McSherry and Najork, "Computing Information Retrieval Performance
//   Measures Efficiently in the Presence of Tied Scores", ECIR 2008, for P, R, AP, RR and nDCG;
//   ERR by a method of ours, explained in ties.cpp);
// - bounds: the lowest and the highest value any ordering of the ties gives.
// The measures: P@k, R@k, AP and AP@k (trec_eval's map and map_cut: divided by R), RR and RR@k,
// nDCG and nDCG@k (trec_eval's ndcg and ndcg_cut: discount 1/log2(rank + 1), any gain per grade,
// the ideal ranking made of every judged grade) and ERR and ERR@k (gdeval's).
//
// Both policies take a topic as its tie groups in rank order (a document without a tie is a group
// of one); tie_groups finds them in a ranked run.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "irm/trec.h"

namespace irm::trec::ties {

/// How many judged documents of a topic have one grade (>= 0).
struct JudgedGrade {
  int grade = 0;
  std::int64_t count = 0;
};

/// One topic of a run, as its tie groups.
struct TiedTopic {
  /// Groups of documents with equal scores, in rank order (highest score first); each document
  /// given by its grade as trec_eval's measures see it: the qrels' grade, -1 when the qrels do
  /// not judge it, -2 for a negative grade. Order inside a group does not matter.
  std::vector<std::vector<int>> groups;
  /// The topic's judged grades (each grade once, any order): the ideal ranking of nDCG.
  std::vector<JudgedGrade> judged;
  std::int64_t relevant = 0;  // R: judged documents with grade >= level
  int level = 1;              // trec_eval -l: relevant means grade >= level (and >= 0)
};

/// What to compute.
struct Request {
  /// Rank cutoffs k (each >= 1, any order) of P@k, R@k, AP@k, RR@k, nDCG@k and ERR@k.
  std::vector<std::int64_t> cutoffs;
  /// nDCG's gain per grade (trec_eval's ndcg.g=gain pairs); a grade not given gains its own
  /// value, and a document with a negative grade or not judged gains 0.
  std::vector<std::pair<int, double>> gains;
  /// ERR's highest grade g_max: a document of grade g stops the user with probability
  /// (2^g - 1) / 2^g_max (gdeval's MAX_JUDGMENT is 4). A grade above it in the topic raises it
  /// to that grade, so that every probability stays below 1.
  int err_max_grade = 4;
  /// trec_eval -M: only the first `max_ranks` ranks are retrieved (0: no limit). Give the whole
  /// ranking and the limit rather than the ranking cut: a tie group across the limit is then
  /// retrieved in part, by every ordering of it in turn, as it should be.
  std::int64_t max_ranks = 0;
};

/// Every measure's value for one topic. The *_at vectors have one value per cutoff of the
/// Request, in its order; ap, rr, ndcg, err are over the whole ranking.
struct Values {
  std::vector<double> precision, recall, ap_at, rr_at, ndcg_at, err_at;
  double ap = 0.0, rr = 0.0, ndcg = 0.0, err = 0.0;
};

/// The lowest and highest value of each measure over the orderings of the ties. Each measure has
/// its own best and worst ordering (they differ when the gains do not rise with the grade).
struct Range {
  Values low, high;
};

/// The measures of one ordering: the documents' grades in rank order (trec_eval's order for
/// --ties docno; the policy of no ties).
[[nodiscard]] Values evaluate_ranking(const std::vector<int>& ranked_grades, const TiedTopic& topic,
                                      const Request& request);

/// --ties average: the exact mean over every ordering of the tie groups. Time O(N) for P, R,
/// AP, RR and nDCG (N ranked documents), plus O(q n) for ERR per tie group of n documents of
/// which q have a grade above 0 (measured: a single tie of 10,000 documents, 500 of them
/// relevant, 33 ms; of 1,000 with 50 relevant, 0.3 ms).
[[nodiscard]] Values average(const TiedTopic& topic, const Request& request);

/// --ties bounds: the lowest and the highest value any ordering of the tie groups gives. Time
/// O(N log N).
[[nodiscard]] Range bounds(const TiedTopic& topic, const Request& request);

/// Where a topic's ranking has ties.
struct TieGroups {
  /// The end (one past the last rank, 0-based) of each group of equal scores, in rank order: the
  /// first group holds ranks [0, ends[0]), the next [ends[0], ends[1]), ...; the last end is the
  /// number of documents.
  std::vector<std::size_t> ends;
  std::int64_t tied_documents = 0;  // documents in groups of two or more
  std::int64_t tie_groups = 0;      // groups of two or more
  std::int64_t largest = 0;         // documents in the largest group (1 without ties; 0 empty)
  [[nodiscard]] bool has_ties() const { return tie_groups > 0; }
};

/// The groups of equal scores of one topic's documents, already sorted by score descending (as
/// rank_topics and the engine order them; any order of equal scores). Scores are compared as
/// the doubles trec_eval compares (== on the value read: 0 and -0 tie; the reader has turned a
/// NaN into -infinity, so it ties with -infinity; under --compat 9 it has rounded each score to a
/// float, so scores equal as floats tie, as in trec_eval 9). The docnos are not read.
[[nodiscard]] TieGroups tie_groups(const std::vector<double>& scores);
[[nodiscard]] TieGroups tie_groups(const std::vector<ScoredDoc>& ranked);

/// tie_groups over the keys key(0), ..., key(n - 1) of documents in rank order, compared with
/// ==. With `keep_ends` false, only the counts (ends stays empty): what the ties report of every
/// topic needs, with no vector built per topic.
template <class Key>
[[nodiscard]] TieGroups tie_groups_by(std::size_t n, Key key, bool keep_ends = true) {
  TieGroups out;
  std::size_t begin = 0;
  while (begin < n) {
    std::size_t end = begin + 1;
    while (end < n && key(end) == key(begin)) ++end;
    if (keep_ends) out.ends.push_back(end);
    const auto size = static_cast<std::int64_t>(end - begin);
    if (size > 1) {
      ++out.tie_groups;
      out.tied_documents += size;
    }
    out.largest = std::max(out.largest, size);
    begin = end;
  }
  return out;
}

/// A topic's grades in rank order cut into its tie groups (groups.ends must end at
/// ranked_grades.size()), for TiedTopic::groups.
[[nodiscard]] std::vector<std::vector<int>> split(const std::vector<int>& ranked_grades,
                                                  const TieGroups& groups);

}  // namespace irm::trec::ties
