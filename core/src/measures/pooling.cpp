// Depth-k pooling (the study notes "What to evaluate", the question-and-answer notes
// "Evaluation"): the documents to judge for each topic are the union of
// the top k documents of every run. No cutoff: every retrieved document.
//
//   pool(t) = ∪ over runs r of top_k(r, t)
//   a run's unique contribution: the documents of its top k that no other run has in its top k
//
// With judgments of the pool, each run is scored under the pooling assumption (documents not
// judged are not relevant: AP, as trec_eval) and without it (unjudged documents ignored: bpref,
// the form of Bhattacharya's CS657A notes), with R = the judged relevant documents of the topic.
// Both come from the ranked-list measures themselves (average_precision.cpp, bpref.cpp), not a
// second copy.
//
// Golden tests: POOL1, POOL2 (tests/core/golden_pooling.cpp), worked by hand.

#include <algorithm>
#include <set>

#include "check_slips.h"
#include "common.h"

namespace irm {
namespace {

// The run's ranking for a topic as a ranked list judged by `judged` (unjudged when absent).
RankedList judged_list(const RunRanking& ranking, const std::map<std::string, int>& judged) {
  RankedList list;
  for (const std::string& doc : ranking.docs) {
    const auto it = judged.find(doc);
    const Judgement j = it == judged.end()           ? Judgement::unjudged
                        : relevant_at(it->second, 1) ? Judgement::relevant
                                                     : Judgement::not_relevant;
    list.docs.push_back(RankedDoc{doc, doc, j, Span{}});
  }
  return list;
}

// Runs `measure` on one run's ranking of a topic, with R judged relevant documents.
Number score(const char* measure, const RankedList& list, std::int64_t R) {
  const auto call = parse_measure_name(measure);
  assert(call.ok());
  Inputs in;
  in.ranked = &list;
  in.total_relevant = R;
  const auto out = call.value().info->run(call.value(), in);
  assert(out.ok());
  return out.value().value;
}

std::string joined(const std::vector<std::string>& items, std::size_t limit = 30) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == limit) return out + ", … (" + std::to_string(items.size() - limit) + " more)";
    out += (i ? ", " : "") + items[i];
  }
  return out.empty() ? "—" : out;
}

}  // namespace

static Result<Outcome> run_pool(const MeasureCall& call, const Inputs& in) {
  const RunSet& set = *in.runs;
  Outcome out = start_outcome(call, in);
  const std::string depth = call.rank_cutoff ? std::to_string(*call.rank_cutoff) : "all";
  const auto top = [&](const RunRanking& r) {
    const std::size_t k = call.rank_cutoff
                              ? static_cast<std::size_t>(std::min<std::int64_t>(
                                    *call.rank_cutoff, static_cast<std::int64_t>(r.docs.size())))
                              : r.docs.size();
    return std::vector<std::string>(r.docs.begin(), r.docs.begin() + static_cast<long>(k));
  };

  StepTable pools{"The depth-" + depth + " pool of each topic",
                  {"topic", "runs", "pool size", "documents in the pool"},
                  {},
                  {}};
  StepTable contributions{"What each run adds to the pool",
                          {"run", "topic", "top " + depth, "only this run", "unique"},
                          {},
                          {}};
  std::int64_t total = 0;
  std::map<std::string, std::int64_t> unique_by_run;
  std::map<std::string, std::vector<std::string>> pool_of;
  for (const std::string& topic : set.topics) {
    std::vector<const RunRanking*> rankings;
    for (const RunRanking& r : set.rankings) {
      if (r.topic == topic) rankings.push_back(&r);
    }
    if (rankings.empty()) continue;  // a topic with judgments only
    std::vector<std::string> pool;
    std::map<std::string, int> contributed_by;  // how many runs put each document in
    for (const RunRanking* r : rankings) {
      for (const std::string& doc : top(*r)) {
        if (contributed_by[doc]++ == 0) pool.push_back(doc);
      }
    }
    for (const RunRanking* r : rankings) {
      std::vector<std::string> only;
      for (const std::string& doc : top(*r)) {
        if (contributed_by[doc] == 1) only.push_back(doc);
      }
      unique_by_run[r->run] += static_cast<std::int64_t>(only.size());
      contributions.rows.push_back(
          {text_cell(r->run), text_cell(topic), text_cell(std::to_string(top(*r).size())),
           text_cell(joined(only)), number_cell(whole(static_cast<std::int64_t>(only.size())))});
    }
    total += static_cast<std::int64_t>(pool.size());
    pools.rows.push_back({text_cell(topic), text_cell(std::to_string(rankings.size())),
                          number_cell(whole(static_cast<std::int64_t>(pool.size()))),
                          text_cell(joined(pool))});
    out.values.emplace_back(topic + ":pool_size", whole(static_cast<std::int64_t>(pool.size())));
    pool_of[topic] = pool;
  }
  out.value = whole(total);
  out.label = "pool size";
  out.values.insert(out.values.begin(), {"pool_size", out.value});
  for (const std::string& run : set.runs)
    out.values.emplace_back(run + ":unique", whole(unique_by_run[run]));
  out.working = "|\\text{pool}| = \\sum_{t} \\Big|\\bigcup_{r} \\text{top}_{" + depth +
                "}(r, t)\\Big| = " + std::to_string(total);
  out.steps.push_back(std::move(pools));
  out.steps.push_back(std::move(contributions));

  if (set.has_judgments) {
    StepTable judging{
        "Judging the pool", {"topic", "pool size", "judged", "relevant", "still to judge"}, {}, {}};
    for (const auto& [topic, pool] : pool_of) {
      const auto& judged =
          set.judgments.count(topic) ? set.judgments.at(topic) : std::map<std::string, int>{};
      std::vector<std::string> to_judge;
      std::int64_t judged_in_pool = 0;
      std::int64_t relevant = 0;
      for (const std::string& doc : pool) {
        const auto it = judged.find(doc);
        if (it == judged.end()) {
          to_judge.push_back(doc);
        } else {
          ++judged_in_pool;
          relevant += it->second >= 1 ? 1 : 0;
        }
      }
      judging.rows.push_back({text_cell(topic), text_cell(std::to_string(pool.size())),
                              text_cell(std::to_string(judged_in_pool)),
                              text_cell(std::to_string(relevant)), text_cell(joined(to_judge))});
    }
    out.steps.push_back(std::move(judging));

    StepTable scores{"Each run under the two assumptions",
                     {"run", "topic", "R (judged relevant)", "unjudged retrieved",
                      "AP (unjudged = not relevant)", "bpref (unjudged ignored)"},
                     {},
                     {}};
    bool negative_bpref = false;
    for (const std::string& run : set.runs) {
      for (const RunRanking& r : set.rankings) {
        if (r.run != run) continue;
        const auto judged_it = set.judgments.find(r.topic);
        const std::map<std::string, int> none;
        const auto& judged = judged_it == set.judgments.end() ? none : judged_it->second;
        std::int64_t R = 0;
        for (const auto& [doc, grade] : judged) R += grade >= 1 ? 1 : 0;
        const RankedList list = judged_list(r, judged);
        const Number bpref = score("bpref", list, R);
        negative_bpref = negative_bpref || bpref.approx < 0;
        scores.rows.push_back({text_cell(run), text_cell(r.topic), text_cell(std::to_string(R)),
                               text_cell(std::to_string(list.unjudged_count())),
                               number_cell(score("AP", list, R)), number_cell(bpref)});
      }
    }
    out.steps.push_back(std::move(scores));
    if (negative_bpref) {
      out.notes.push_back(
          "A bpref below 0 comes from the form 1 − n_r/R of Bhattacharya's CS657A notes when more "
          "than R "
          "judged non-relevant documents precede a relevant one; trec_eval caps "
          "n_r at R (bpref(variant=trec) on the ranked-list page).");
    }
    out.notes.push_back(
        "Scoring a run from pooled judgments rests on the notes' assumptions: every relevant "
        "document is in the pool, and a document nobody judged is not relevant. AP makes that "
        "assumption (unjudged counts as not relevant, as trec_eval does); bpref does not (it "
        "ignores unjudged documents), so a run that did not help build the pool is not "
        "penalised for its unjudged documents.");
  }
  out.notes.push_back(
      std::string("The pool of a topic is the union of every run's top ") +
      (call.rank_cutoff ? depth + " documents" : "documents (no depth: every retrieved one)") +
      " (the study notes “What to evaluate”: n ≈ 10 systems, k ≈ 100); only the pool is "
      "judged.");

  Chart bars{"pool-unique",
             "Documents only this run put in the pool",
             "run",
             "unique documents",
             {},
             set.runs,
             std::nullopt,
             ""};
  Series bar{"unique documents", Series::Kind::bar, {}, false};
  std::string listed;
  for (std::size_t i = 0; i < set.runs.size(); ++i) {
    bar.points.emplace_back(static_cast<double>(i),
                            static_cast<double>(unique_by_run[set.runs[i]]));
    listed += (i ? ", " : "") + set.runs[i] + " " + std::to_string(unique_by_run[set.runs[i]]);
  }
  bars.series = {bar};
  bars.description = "Documents each run alone contributed to the pools: " + listed + ".";
  out.charts.push_back(std::move(bars));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_pool() {
  MeasureInfo m;
  m.name = "pool";
  m.title = "Depth-k pooling";
  m.summary =
      "The documents to judge: the union of every run's top k for each topic, what each run "
      "adds, and (with judgments) each run scored with and without the pooling assumption.";
  m.input = InputKind::runs;
  m.cutoff = CutoffKind::rank_optional;
  m.aliases = {"pooling"};
  m.formula = "\\text{pool}_k(t) = \\bigcup_{r \\in \\text{runs}} \\text{top}_k(r, t)";
  m.example = "pool@10";
  m.golden = {"POOL1", "POOL2"};
  m.run = &run_pool;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of pool (check.cpp, check_slips.h) -----------------------------

namespace irm::checking {

namespace {

// pool: each run's top k, then their union.
std::string pooling_hint(const Context& c, const std::string& /*q*/, bool main) {
  if (c.call.info->name != "pool" || !main) return "";
  return "Check each run's top " +
         (c.call.rank_cutoff ? std::to_string(*c.call.rank_cutoff) : std::string("k")) +
         " documents for each topic, then their union, each document once per topic, counted "
         "over the topics.";
}

}  // namespace

const CheckFamily& pooling_checks() {
  static const CheckFamily family = {{}, {}, &pooling_hint};
  return family;
}

}  // namespace irm::checking
