// trec_eval's preference and judgment-group evaluation (-R prefs, -R qrels_prefs, -R qrels_jg):
// what one topic of a run gives the prefs_* and *_avgjg measures. See prefs.cpp for the rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "irm/result.h"
#include "irm/trec.h"
#include "trec/plan.h"

namespace irm::trec {

/// One judgment group's preferences, counted against a run's ranking. A preference "A over B"
/// is fulfilled when A is ranked above B. "ret": both retrieved; "imp" (implied): one of them
/// retrieved (fulfilled when it is A); "notoccur": neither retrieved (never fulfilled).
struct GroupPrefs {
  std::int64_t ful_ret = 0, poss_ret = 0;  // poss counts fulfilled and not
  std::int64_t ful_imp = 0, poss_imp = 0;
  std::int64_t poss_notoccur = 0;
  std::int64_t rel = 0, rel_ret = 0;        // documents with level > 0 (judged, retrieved)
  std::int64_t nonrel = 0, nonrel_ret = 0;  // documents with level 0 (below 0 too, in a group
                                            // of one subgroup)
  // prefs_avgjg_Rnonrel and its _ret form: fulfilled and possible with the non-relevant
  // documents counted as if there were R of them.
  std::int64_t rnonrel_ful = 0, rnonrel_poss = 0;
  std::int64_t rnonrel_ret_ful = 0, rnonrel_ret_poss = 0;
};

/// A topic's preferences: per group (groups in byte order of their ids), and per pair of
/// documents over all groups (prefs_pair: each pair scores the share of its preferences that
/// the ranking fulfils).
struct TopicPrefs {
  std::vector<GroupPrefs> groups;
  std::int64_t judged = 0;      // documents in the topic's lines
  std::int64_t judged_ret = 0;  // of them, retrieved
  double pair_sum_ret = 0.0;    // over pairs both retrieved
  double pair_sum_imp = 0.0;    // then over pairs one retrieved (a running sum, as trec_eval's)
  std::int64_t pairs_ret = 0, pairs_imp = 0, pairs_notoccur = 0;
};

/// Counts one topic's preferences. `ranked`: the run's docnos of the topic, score descending,
/// ties by docno ascending (the order trec_eval's preference code uses), after -M. `want_pairs`:
/// fill the pair sums (costs memory proportional to the preferences when several groups judge
/// the topic). Errors: a document with two levels in one subgroup, with level 0 and another
/// level in one group, preferences of a group that contradict each other, too many
/// preferences to hold.
[[nodiscard]] std::optional<InputError> count_prefs(const std::vector<GroupJudgment>& lines,
                                                    const std::vector<std::string_view>& ranked,
                                                    std::string_view topic,
                                                    std::string_view file_name, bool want_pairs,
                                                    TopicPrefs& out);

/// One judgment group's view of a ranking (-R qrels_jg).
struct GroupRanking {
  std::vector<int> grades;   // per rank: the group's rel; -1 not judged by the group, -2 negative
  std::int64_t num_rel = 0;  // the group's judgments with rel >= max(level, 0)
  std::int64_t num_rel_ret = 0;  // retrieved judged documents with rel >= level
};

/// The topic's ranking as each of its judgment groups judges it (groups in byte order of their
/// ids). `ranked`: docnos in trec_eval's order, after -M; -J drops, per group, what the group
/// does not judge.
void rank_groups(const std::vector<GroupJudgment>& lines,
                 const std::vector<std::string_view>& ranked, bool judged_only, int level,
                 std::vector<GroupRanking>& out);

/// The prefs_* measures' TopicNeed: the topic's preferences counted against the run's ranking in
/// the order trec_eval's preference code uses (score descending, ties by docno ascending, then
/// -M), which it checks for duplicates itself.
class PrefsNeed final : public TopicNeed {
 public:
  explicit PrefsNeed(bool want_pairs) : want_pairs_(want_pairs) {}
  bool checks_duplicates() const override { return true; }
  bool prepare(const TopicRun& run, std::optional<InputError>& error) override;

  TopicPrefs prefs;

 private:
  bool want_pairs_;
  std::vector<std::string_view> docnos_;
};

/// The *_avgjg measures' TopicNeed: the ranking as each of the topic's judgment groups judges it.
class GroupsNeed final : public TopicNeed {
 public:
  bool prepare(const TopicRun& run, std::optional<InputError>& error) override;

  std::vector<GroupRanking> groups;

 private:
  std::vector<std::string_view> docnos_;
};

/// The factories the prefs_* and *_avgjg MeasureDefs name.
std::unique_ptr<TopicNeed> make_prefs_need(const TrecPlan& plan);
std::unique_ptr<TopicNeed> make_groups_need(const TrecPlan& plan);

}  // namespace irm::trec
