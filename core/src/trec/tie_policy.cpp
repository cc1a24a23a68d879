// Which measures --ties average|bounds cover, and writing their values (trec/tie_policy.h).

#include "trec/tie_policy.h"

#include <algorithm>
#include <optional>
#include <string_view>

#include "trec/irmeasures.h"

namespace irm::trec {
namespace {

// What a covered measure is in ties::Values.
enum class Covered { none, precision, recall, ap, ap_at, rr, rr_at, ndcg, ndcg_at, err_at };

Covered covered(const Requested& r) {
  if (r.def == &ir_rr_cut_def()) return Covered::rr_at;
  if (r.def == &ir_err_def()) return Covered::err_at;
  const std::string_view name = r.def->name;
  if (name == "P") return Covered::precision;
  if (name == "recall") return Covered::recall;
  if (name == "map") return Covered::ap;
  if (name == "map_cut") return Covered::ap_at;
  if (name == "recip_rank") return Covered::rr;
  if (name == "ndcg") return Covered::ndcg;
  if (name == "ndcg_cut") return Covered::ndcg_at;
  return Covered::none;
}

bool uses_gains(Covered c) { return c == Covered::ndcg || c == Covered::ndcg_at; }

// The value of slot `i` of a covered measure, its cutoffs looked up in the request's.
double value_of(const Requested& r, Covered c, std::size_t i, const ties::Values& v,
                const std::vector<std::int64_t>& cutoffs) {
  const auto at = [&](const std::vector<double>& values) {
    const auto found = std::find(cutoffs.begin(), cutoffs.end(), r.cutoffs[i]);
    return values[static_cast<std::size_t>(found - cutoffs.begin())];
  };
  switch (c) {
    case Covered::precision:
      return at(v.precision);
    case Covered::recall:
      return at(v.recall);
    case Covered::ap:
      return v.ap;
    case Covered::ap_at:
      return at(v.ap_at);
    case Covered::rr:
      return v.rr;
    case Covered::rr_at:
      return at(v.rr_at);
    case Covered::ndcg:
      return v.ndcg;
    case Covered::ndcg_at:
      return at(v.ndcg_at);
    case Covered::err_at:
      return at(v.err_at);
    case Covered::none:
      break;
  }
  return 0.0;
}

// The topic with every grade above gdeval's 4 read as 4, as the session's ERR@k reads them.
ties::TiedTopic capped(const ties::TiedTopic& topic) {
  ties::TiedTopic out = topic;
  for (std::vector<int>& group : out.groups) {
    for (int& g : group) g = std::min(g, gdeval_max_grade);
  }
  out.judged.clear();
  for (const ties::JudgedGrade& jg : topic.judged) {
    const int g = std::min(jg.grade, gdeval_max_grade);
    auto same = std::find_if(out.judged.begin(), out.judged.end(),
                             [&](const ties::JudgedGrade& o) { return o.grade == g; });
    if (same == out.judged.end()) {
      out.judged.push_back({g, jg.count});
    } else {
      same->count += jg.count;
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> plan_ties(TrecPlan& plan, Ties ties) {
  std::vector<std::string> left;
  plan.tie_measures.clear();
  plan.tie_bounds.clear();
  if (ties != Ties::average && ties != Ties::bounds) return left;
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    const Requested& r = plan.measures[m];
    if (covered(r) != Covered::none) {
      plan.tie_measures.push_back(m);
      continue;
    }
    // Counts, the run's tag and the like do not depend on the order of tied documents.
    const TrecSlot& first = plan.slots[r.first_slot];
    if (first.kind != TrecKind::real) continue;
    const std::string_view name = r.def->name;
    if (name == "set_P" || name == "set_recall" || name == "set_F" || name == "set_map" ||
        name == "set_relative_P" || name == "utility" || name == "Judged" || name == "NumQ") {
      continue;
    }
    const std::string shown = r.def->params == Params::none ? first.name : std::string(name);
    if (std::find(left.begin(), left.end(), shown) == left.end()) left.push_back(shown);
  }
  if (ties == Ties::bounds) {
    for (const std::size_t m : plan.tie_measures) {
      const Requested& r = plan.measures[m];
      for (std::size_t i = 0; i < r.slot_count; ++i) {
        const TrecSlot slot = plan.slots[r.first_slot + i];  // a copy: push_back moves the slots
        TrecPlan::TieSlot tie;
        tie.slot = r.first_slot + i;
        tie.low = plan.slots.size();
        plan.slots.push_back(TrecSlot{slot.name + "_low", slot.kind, slot.summary, slot.per_query});
        tie.high = plan.slots.size();
        plan.slots.push_back(
            TrecSlot{slot.name + "_high", slot.kind, slot.summary, slot.per_query});
        plan.tie_bounds.push_back(tie);
      }
    }
  }
  return left;
}

bool ties_cover_view(const TrecPlan& plan, std::size_t view) {
  return std::any_of(plan.tie_measures.begin(), plan.tie_measures.end(),
                     [&](std::size_t m) { return plan.measures[m].view == view; });
}

void apply_ties(const TrecPlan& plan, Ties ties, std::size_t view, const ties::TiedTopic& topic,
                std::int64_t max_ranks, double* out) {
  // One computation per distinct nDCG gain table (usually one); the measures without gains go
  // with the first. ERR@k sees grades above 4 as 4 (a computation of its own when the topic has
  // such a grade).
  int highest = 0;
  for (const ties::JudgedGrade& jg : topic.judged) highest = std::max(highest, jg.grade);
  for (const std::vector<int>& group : topic.groups) {
    for (const int g : group) highest = std::max(highest, g);
  }
  const bool cap = highest > gdeval_max_grade;
  std::vector<const std::vector<std::pair<int, double>>*> tables;
  for (const std::size_t m : plan.tie_measures) {
    const Requested& r = plan.measures[m];
    if (r.view != view || !uses_gains(covered(r))) continue;
    if (std::none_of(tables.begin(), tables.end(), [&](const auto* t) { return *t == r.gains; })) {
      tables.push_back(&r.gains);
    }
  }
  const std::vector<std::pair<int, double>> no_gains;
  if (tables.empty()) tables.push_back(&no_gains);
  for (int pass = 0; pass < 2; ++pass) {  // pass 1: ERR@k on the capped grades
    if (pass == 1 && !cap) break;
    for (std::size_t t = 0; t < (pass == 0 ? tables.size() : 1); ++t) {
      ties::Request request;
      request.gains = *tables[t];
      request.max_ranks = max_ranks;
      std::vector<std::size_t> mine;
      for (const std::size_t m : plan.tie_measures) {
        const Requested& r = plan.measures[m];
        const Covered c = covered(r);
        if (r.view != view) continue;
        if (pass == 1 ? c != Covered::err_at
                      : (cap && c == Covered::err_at) ||
                            (uses_gains(c) ? r.gains != *tables[t] : t != 0)) {
          continue;
        }
        mine.push_back(m);
        for (const std::int64_t k : r.cutoffs) {
          if (std::find(request.cutoffs.begin(), request.cutoffs.end(), k) ==
              request.cutoffs.end()) {
            request.cutoffs.push_back(k);
          }
        }
      }
      if (mine.empty()) continue;
      std::optional<ties::TiedTopic> four;
      if (pass == 1) four = capped(topic);
      const ties::TiedTopic& seen = four ? *four : topic;
      ties::Range range;
      if (ties == Ties::average) {
        range.low = ties::average(seen, request);
      } else {
        range = ties::bounds(seen, request);
      }
      for (const std::size_t m : mine) {
        const Requested& r = plan.measures[m];
        const Covered c = covered(r);
        for (std::size_t i = 0; i < r.slot_count; ++i) {
          const std::size_t slot = r.first_slot + i;
          if (ties == Ties::average) {
            out[slot] = value_of(r, c, i, range.low, request.cutoffs);
            continue;
          }
          for (const TrecPlan::TieSlot& tie : plan.tie_bounds) {
            if (tie.slot != slot) continue;
            out[tie.low] = value_of(r, c, i, range.low, request.cutoffs);
            out[tie.high] = value_of(r, c, i, range.high, request.cutoffs);
          }
        }
      }
    }
  }
}

}  // namespace irm::trec
