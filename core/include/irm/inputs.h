// What a measure reads: the parsed input of its kind (see InputKind in irm/registry.h), filled
// in by compute() before it calls the measure's `run`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "irm/agreement.h"
#include "irm/confusion.h"
#include "irm/correlation.h"
#include "irm/graded.h"
#include "irm/paired.h"
#include "irm/pooling.h"
#include "irm/queries.h"
#include "irm/ranking.h"
#include "irm/scores.h"
#include "irm/subtopics.h"

namespace irm {

/// Everything a measure may read, already parsed and checked by compute().
struct Inputs {
  const RankedList* ranked = nullptr;            // InputKind::ranked_list
  std::int64_t total_relevant = 0;               // R (resolved; see resolve_total_relevant)
  const GradedList* graded = nullptr;            // InputKind::graded_list
  const QuerySet* queries = nullptr;             // InputKind::queries
  const ScoredLabels* scored = nullptr;          // InputKind::scored_labels
  const ConfusionInput* confusion = nullptr;     // InputKind::confusion
  const LabelMatrix* multiclass = nullptr;       // InputKind::multiclass
  const LabelMatrix* judges = nullptr;           // InputKind::judges (rows judge A, columns B)
  const RatingTable* ratings = nullptr;          // InputKind::ratings
  const ReliabilityData* reliability = nullptr;  // InputKind::reliability
  const TwoRankings* rankings = nullptr;         // InputKind::rankings
  const TwoLists* two_lists = nullptr;           // InputKind::two_lists
  const PairedScores* paired = nullptr;          // InputKind::paired
  const RunSet* runs = nullptr;                  // InputKind::runs
  const SubtopicList* subtopics = nullptr;       // InputKind::subtopic_list
  std::vector<std::string> notes;  // how the input was read; copied into every Outcome
};

}  // namespace irm
