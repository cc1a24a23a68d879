// trec_eval's measures for one topic, each computed the way trec_eval computes it (the same
// sums in the same order, so that the doubles agree to the last bit), and the plan that says
// which of them a -m list asks for. See irm/trec_eval.h for the conventions.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "parse/text.h"
#include "trec/plan.h"
#include "trec/prefs.h"

namespace irm::trec {
namespace {

constexpr double min_geo_mean = 0.00001;  // gm_map, gm_bpref: the floor before the log
constexpr double infap_epsilon = 0.00001;

bool relevant(int grade, int level) { return grade >= level; }

// A relevance level r as a number of relevant documents: lround(r R), or trec_eval 9's
// (long)(r R + 0.9).
std::int64_t recall_cutoff(double r, std::int64_t num_rel, Compat compat) {
  const double x = r * static_cast<double>(num_rel);
  if (compat == Compat::trec9) return static_cast<std::int64_t>(x + 0.9);
  return static_cast<std::int64_t>(std::lround(x));
}

// ---- Counts -------------------------------------------------------------------------------------

void num_q(const Topic&, const Requested& r, double* out, std::string*) { out[r.first_slot] = 1; }
void num_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = static_cast<double>(t.num_ret);
}
void num_rel(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = static_cast<double>(t.num_rel);
}
void num_rel_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = static_cast<double>(t.num_rel_ret);
}
void num_nonrel_judged_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  std::int64_t count = 0;
  for (const int g : *t.grades) count += (g >= 0 && g < t.level) ? 1 : 0;
  out[r.first_slot] = static_cast<double>(count);
}
void runid(const Topic&, const Requested&, double*, std::string*) {}

// ---- Precision, recall, average precision -------------------------------------------------------

double average_precision(const Topic& t) {
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant(g[i], t.level)) {
      ++rel_so_far;
      sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
    }
  }
  return rel_so_far ? sum / static_cast<double>(t.num_rel) : 0.0;
}

void map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = average_precision(t);
}
void gm_map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = std::log(std::max(average_precision(t), min_geo_mean));
}

void rprec(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t look = std::min(t.num_ret, t.num_rel);
  std::int64_t rel_so_far = 0;
  for (std::int64_t i = 0; i < look; ++i) {
    rel_so_far += relevant((*t.grades)[static_cast<std::size_t>(i)], t.level) ? 1 : 0;
  }
  out[r.first_slot] =
      look == 0 ? 0.0 : static_cast<double>(rel_so_far) / static_cast<double>(t.num_rel);
}

double bpref_value(const Topic& t) {
  double bpref = 0.0;
  std::int64_t nonrel_so_far = 0;
  const double denominator = static_cast<double>(std::min(t.judged->nonrelevant, t.num_rel));
  for (const int g : *t.grades) {
    if (g < 0) continue;  // not in the pool, or in it but unjudged
    if (g < t.level) {
      ++nonrel_so_far;
    } else if (nonrel_so_far > 0) {
      bpref += 1.0 - static_cast<double>(std::min(nonrel_so_far, t.num_rel)) / denominator;
    } else {
      bpref += 1.0;
    }
  }
  return t.num_rel ? bpref / static_cast<double>(t.num_rel) : bpref;
}

void bpref(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = bpref_value(t);
}
void gm_bpref(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = std::log(std::max(bpref_value(t), min_geo_mean));
}

void recip_rank(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant(g[i], t.level)) {
      out[r.first_slot] = 1.0 / static_cast<double>(i + 1);
      return;
    }
  }
  out[r.first_slot] = 0.0;
}

// The measures at rank cutoffs walk the list once; `at(k, rel_in_top_k)` gives each value.
template <class F>
void at_cutoffs(const Topic& t, const Requested& r, double* out, F at) {
  std::int64_t rel_so_far = 0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t k = r.cutoffs[c];
    const std::int64_t stop = std::min(k, t.num_ret);
    for (; rank < stop; ++rank) {
      rel_so_far += relevant((*t.grades)[static_cast<std::size_t>(rank)], t.level) ? 1 : 0;
    }
    out[r.first_slot + c] = at(k, rel_so_far);
  }
}

void precision(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [](std::int64_t k, std::int64_t rel) {
    return static_cast<double>(rel) / static_cast<double>(k);
  });
}
void recall(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [&](std::int64_t, std::int64_t rel) {
    return t.num_rel ? static_cast<double>(rel) / static_cast<double>(t.num_rel) : 0.0;
  });
}
void relative_p(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [&](std::int64_t k, std::int64_t rel) {
    const std::int64_t best = std::min(k, t.num_rel);
    return best ? static_cast<double>(rel) / static_cast<double>(best) : 0.0;
  });
}
void success(const Topic& t, const Requested& r, double* out, std::string*) {
  at_cutoffs(t, r, out, [](std::int64_t, std::int64_t rel) { return rel > 0 ? 1.0 : 0.0; });
}

void map_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  if (t.num_rel == 0) {
    for (std::size_t c = 0; c < r.cutoffs.size(); ++c) out[r.first_slot + c] = 0.0;
    return;
  }
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t stop = std::min(r.cutoffs[c], t.num_ret);
    for (; rank < stop; ++rank) {
      if (relevant((*t.grades)[static_cast<std::size_t>(rank)], t.level)) {
        ++rel_so_far;
        sum += static_cast<double>(rel_so_far) / static_cast<double>(rank + 1);
      }
    }
    out[r.first_slot + c] = sum / static_cast<double>(t.num_rel);
  }
}

// ---- Interpolated precision ---------------------------------------------------------------------

// Interpolated precision at each recall level of `levels` (ascending), as trec_eval walks the
// list backwards: the level r maps to recall_cutoff(r) relevant documents, and its value is the
// highest precision at or after the rank where that many were retrieved.
std::vector<double> interpolated(const Topic& t, const std::vector<double>& levels) {
  std::vector<double> values(levels.size(), 0.0);
  std::vector<std::int64_t> cutoffs(levels.size());
  for (std::size_t i = 0; i < levels.size(); ++i) {
    cutoffs[i] = recall_cutoff(levels[i], t.num_rel, t.compat);
  }
  if (t.num_ret == 0) {
    // trec_eval's precision 0/0 (NaN) goes to every level that needs no relevant document.
    if (t.emptied) {
      for (std::size_t i = 0; i < levels.size(); ++i) {
        if (cutoffs[i] == 0) values[i] = std::numeric_limits<double>::quiet_NaN();
      }
    }
    return values;
  }
  auto current = static_cast<std::ptrdiff_t>(levels.size()) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > t.num_rel_ret) --current;
  double precis = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret);
  double int_precis = precis;
  std::int64_t rel_so_far = t.num_rel_ret;
  for (std::int64_t i = t.num_ret; i > 0 && rel_so_far > 0; --i) {
    precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
    if (int_precis < precis) int_precis = precis;
    if (relevant((*t.grades)[static_cast<std::size_t>(i - 1)], t.level)) {
      while (current >= 0 && rel_so_far == cutoffs[static_cast<std::size_t>(current)]) {
        values[static_cast<std::size_t>(current)] = int_precis;
        --current;
      }
      --rel_so_far;
    }
  }
  for (; current >= 0; --current) values[static_cast<std::size_t>(current)] = int_precis;
  return values;
}

void iprec_at_recall(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<double> values = interpolated(t, r.values);
  std::copy(values.begin(), values.end(), out + r.first_slot);
}

void eleven_pt_avg(const Topic& t, const Requested& r, double* out, std::string*) {
  // trec_eval sums from the highest level down.
  const std::vector<double> values = interpolated(t, r.values);
  double sum = 0.0;
  for (auto i = values.size(); i > 0; --i) sum += values[i - 1];
  out[r.first_slot] = sum / static_cast<double>(values.size());
}

void rprec_mult(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::size_t n = r.values.size();
  std::vector<std::int64_t> cutoffs(n);
  for (std::size_t i = 0; i < n; ++i) {
    cutoffs[i] = static_cast<std::int64_t>(r.values[i] * static_cast<double>(t.num_rel) + 0.9);
  }
  for (std::size_t i = 0; i < n; ++i) out[r.first_slot + i] = 0.0;
  auto current = static_cast<std::ptrdiff_t>(n) - 1;
  while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > t.num_ret) {
    out[r.first_slot + static_cast<std::size_t>(current)] =
        static_cast<double>(t.num_rel_ret) /
        static_cast<double>(cutoffs[static_cast<std::size_t>(current)]);
    --current;
  }
  std::int64_t rel_so_far = t.num_rel_ret;
  for (std::int64_t i = t.num_ret; i > 0 && rel_so_far > 0; --i) {
    const double precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
    while (current >= 0 && i == cutoffs[static_cast<std::size_t>(current)]) {
      out[r.first_slot + static_cast<std::size_t>(current)] = precis;
      --current;
    }
    if (relevant((*t.grades)[static_cast<std::size_t>(i - 1)], t.level)) --rel_so_far;
  }
}

void inf_ap(const Topic& t, const Requested& r, double* out, std::string*) {
  double value = 0.0;
  std::int64_t nonrel_so_far = 0;
  std::int64_t rel_so_far = 0;
  std::int64_t unjudged_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t j = 0; j < g.size(); ++j) {
    if (g[j] == -1) continue;  // not in the pool
    if (g[j] == -2) {          // in the pool, unjudged
      ++unjudged_so_far;
      continue;
    }
    if (g[j] < t.level) {
      ++nonrel_so_far;
      continue;
    }
    ++rel_so_far;
    if (j == 0) {
      value += 1.0;
    } else {
      const double fj = static_cast<double>(j);
      value += 1.0 / (fj + 1.0) +
               (fj / (fj + 1.0)) *
                   (static_cast<double>(rel_so_far - 1 + nonrel_so_far + unjudged_so_far) / fj) *
                   ((static_cast<double>(rel_so_far - 1) + infap_epsilon) /
                    (static_cast<double>(rel_so_far - 1 + nonrel_so_far) + 2 * infap_epsilon));
    }
  }
  out[r.first_slot] = t.num_rel ? value / static_cast<double>(t.num_rel) : value;
}

// ---- Gains: dcg, ideal_dcg, ndcg, ndcg_rel, Rndcg, G, ndcg_cut ----------------------------------

struct Level {
  int grade;
  double gain;
  std::int64_t count;
};

// The gain levels of a topic: every judged grade (gain = grade unless given), plus the grades
// given gains that no document has; ascending by gain.
std::vector<Level> gain_levels(const Topic& t, const Requested& r) {
  std::vector<Level> levels;
  for (const auto& [grade, gain] : r.gains) levels.push_back(Level{grade, gain, 0});
  for (const GradeCount& gc : t.judged->grades) {
    auto it = std::find_if(levels.begin(), levels.end(),
                           [&](const Level& l) { return l.grade == gc.grade; });
    if (it != levels.end()) {
      it->count = gc.count;
    } else {
      levels.push_back(Level{gc.grade, static_cast<double>(gc.grade), gc.count});
    }
  }
  std::stable_sort(levels.begin(), levels.end(),
                   [](const Level& a, const Level& b) { return a.gain < b.gain; });
  return levels;
}

double gain_of(int grade, const Requested& r) {
  for (const auto& [g, gain] : r.gains) {
    if (g == grade) return gain;
  }
  return grade >= 0 ? static_cast<double>(grade) : 0.0;
}

// The ideal ranking, walked one rank at a time from the highest gain down.
class IdealWalk {
 public:
  explicit IdealWalk(const std::vector<Level>& levels)
      : levels_(levels), current_(static_cast<std::ptrdiff_t>(levels.size()) - 1) {
    gain_ = current_ >= 0 ? levels_[static_cast<std::size_t>(current_)].gain : 0.0;
  }
  // Moves to the next rank's gain (0 once every positive gain is placed).
  void step() {
    ++at_level_;
    while (current_ >= 0 && at_level_ > levels_[static_cast<std::size_t>(current_)].count) {
      at_level_ = 1;
      --current_;
      gain_ = current_ >= 0 ? levels_[static_cast<std::size_t>(current_)].gain : 0.0;
    }
  }
  double gain() const { return gain_; }

 private:
  const std::vector<Level>& levels_;
  std::ptrdiff_t current_;
  std::int64_t at_level_ = 0;
  double gain_;
};

double discount(std::int64_t i) { return std::log2(static_cast<double>(i + 2)); }

struct Dcg {
  double results = 0.0;
  double ideal = 0.0;
};

// DCG of the run and of the ideal ranking over the whole list and every positive ideal gain.
Dcg full_dcg(const Topic& t, const Requested& r) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  Dcg dcg;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) dcg.results += gain / discount(i);
    ideal.step();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) dcg.results += gain / discount(i);
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
    ++i;
  }
  return dcg;
}

void dcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = full_dcg(t, r).results;
}
void ideal_dcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = full_dcg(t, r).ideal;
}
void ndcg(const Topic& t, const Requested& r, double* out, std::string*) {
  const Dcg d = full_dcg(t, r);
  out[r.first_slot] = d.ideal > 0.0 ? d.results / d.ideal : 0.0;
}

void ndcg_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  // The run's DCG at each cutoff.
  double results = 0.0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t stop = std::min(r.cutoffs[c], t.num_ret);
    for (; rank < stop; ++rank) {
      const double gain = gain_of((*t.grades)[static_cast<std::size_t>(rank)], r);
      if (gain != 0) results += gain / discount(rank);
    }
    out[r.first_slot + c] = results;
  }
  // The ideal DCG at each cutoff.
  IdealWalk ideal(levels);
  double ideal_dcg = 0.0;
  rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    for (; rank < r.cutoffs[c] && ideal.gain() > 0.0; ++rank) {
      ideal.step();
      if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(rank);
    }
    double& value = out[r.first_slot + c];
    value = ideal_dcg > 0.0 ? value / ideal_dcg : 0.0;
  }
}

// ---- rbp, rbp_resid, unj (trec_eval 10.0) ----------------------------------------------------

// Rank-biased precision with persistence p (r.values[0], default 0.9): (1 - p) times the sum of
// gain(rank i) p^i. Gains are those of ndcg (the grade unless given); when any gain of the
// topic's levels 0..max grade (and any given) is below 0 or above 1, every gain g becomes
// (g - min) / (max - min), as trec_eval 10.0 does.
void rbp(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values.empty() ? 0.9 : r.values[0];
  int max_grade = 0;
  for (const GradeCount& gc : t.judged->grades) max_grade = std::max(max_grade, gc.grade);
  bool any = false;
  double low = 0.0;
  double high = 0.0;
  const auto see = [&](double gain) {
    low = any ? std::min(low, gain) : gain;
    high = any ? std::max(high, gain) : gain;
    any = true;
  };
  for (const auto& pair : r.gains) see(pair.second);
  if (!t.judged->grades.empty()) {
    for (int grade = 0; grade <= max_grade; ++grade) see(gain_of(grade, r));
  }
  const bool rescale = any && (low < 0.0 || high > 1.0);
  double sum = 0.0;
  double weight = 1.0;  // p^i
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    const int grade = (*t.grades)[static_cast<std::size_t>(i)];
    bool known = grade >= 0;
    for (const auto& pair : r.gains) known = known || pair.first == grade;
    double gain = gain_of(grade, r);
    if (rescale && known) gain = (gain - low) / (high - low);
    if (gain != 0) sum += gain * weight;
    weight *= p;
  }
  out[r.first_slot] = (1.0 - p) * sum;
}

// The most RBP could rise if every unjudged document retrieved (not in the qrels, or with a
// negative grade) had gain 1: p^num_ret + (1 - p) times the sum of p^i over their ranks i; 0
// when none is unjudged.
void rbp_resid(const Topic& t, const Requested& r, double* out, std::string*) {
  const double p = r.values.empty() ? 0.9 : r.values[0];
  std::int64_t unjudged = 0;
  double sum = 0.0;
  double weight = 1.0;
  for (std::int64_t i = 0; i < t.num_ret; ++i) {
    if ((*t.grades)[static_cast<std::size_t>(i)] < 0) {
      ++unjudged;
      sum += weight;
    }
    weight *= p;
  }
  out[r.first_slot] = unjudged ? weight + (1.0 - p) * sum : 0.0;
}

// The fraction of the top k that is unjudged; past the end of the list the ranks count as
// judged, so the count is divided by k.
void unj(const Topic& t, const Requested& r, double* out, std::string*) {
  std::int64_t unjudged = 0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t stop = std::min(r.cutoffs[c], t.num_ret);
    for (; rank < stop; ++rank) {
      if ((*t.grades)[static_cast<std::size_t>(rank)] < 0) ++unjudged;
    }
    out[r.first_slot + c] = static_cast<double>(unjudged) / static_cast<double>(r.cutoffs[c]);
  }
}

void ndcg_rel(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  double results = 0.0;
  double ideal_dcg = 0.0;
  double sum = 0.0;
  std::int64_t rel = 0;
  std::int64_t rel_ret = 0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) results += gain / discount(i);
    ideal.step();
    if (ideal.gain() > 0.0) {
      ++rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++rel_ret;
    }
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) results += gain / discount(i);
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++rel_ret;
    }
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) {
      ++rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
    ++i;
  }
  if (ideal_dcg > 0.0) sum += static_cast<double>(rel - rel_ret) * results / ideal_dcg;
  out[r.first_slot] = (sum > 0.0 && rel > 0) ? sum / static_cast<double>(rel) : 0.0;
}

void rndcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = 0.0;
  if (t.num_rel == 0) return;
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  double results = 0.0;
  double ideal_dcg = 0.0;
  double sum = 0.0;
  double old_gain = ideal.gain();
  std::int64_t changes = 0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    ideal.step();
    if (old_gain != ideal.gain()) {
      if (ideal_dcg > 0.0) {
        sum += results / ideal_dcg;
        ++changes;
      }
      old_gain = ideal.gain();
    }
    if (gain != 0) results += gain / discount(i);
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
  }
  if (i < t.num_ret) {
    for (; i < t.num_ret; ++i) {
      const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
      if (gain != 0) results += gain / discount(i);
    }
    if (ideal_dcg > 0.0) {
      sum += results / ideal_dcg;
      ++changes;
    }
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (old_gain != ideal.gain()) {
      if (ideal_dcg > 0.0) {
        sum += results / ideal_dcg;
        ++changes;
      }
      old_gain = ideal.gain();
    }
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
    ++i;
  }
  out[r.first_slot] = changes ? sum / static_cast<double>(changes) : 0.0;
}

void g_measure(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  constexpr double min_cost = 1.0;
  double results_g = 0.0;
  double sum_results = 0.0;
  double sum_ideal = 0.0;
  double sum_cost = 0.0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    sum_results += gain;
    ideal.step();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
    sum_cost += ideal.gain() >= min_cost ? ideal.gain() : min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    sum_results += gain;
    sum_cost += min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
  }
  out[r.first_slot] = sum_ideal > 0.0 ? results_g / sum_ideal : 0.0;
}

void bin_g(const Topic& t, const Requested& r, double* out, std::string*) {
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant(g[i], t.level)) {
      ++rel_so_far;
      sum += 1.0 / std::log2(static_cast<double>(3 + static_cast<std::int64_t>(i) - rel_so_far));
    }
  }
  out[r.first_slot] = rel_so_far ? sum / static_cast<double>(t.num_rel) : 0.0;
}

// ---- Set measures -------------------------------------------------------------------------------

void utility(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<double>& p = r.values;
  out[r.first_slot] =
      p[0] * static_cast<double>(t.num_rel_ret) +
      p[1] * static_cast<double>(t.num_ret - t.num_rel_ret) +
      p[2] * static_cast<double>(t.num_rel - t.num_rel_ret) +
      p[3] * static_cast<double>(t.collection_size + t.num_rel_ret - t.num_ret - t.num_rel);
}

void set_p(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] =
      t.num_ret ? static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret) : 0.0;
}
void set_relative_p(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t best = std::min(t.num_ret, t.num_rel);
  out[r.first_slot] = best ? static_cast<double>(t.num_rel_ret) / static_cast<double>(best) : 0.0;
}
void set_recall(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] =
      t.num_rel ? static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_rel) : 0.0;
}
void set_map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] =
      (t.num_ret && t.num_rel)
          ? (static_cast<double>(t.num_rel_ret) * static_cast<double>(t.num_rel_ret)) /
                (static_cast<double>(t.num_ret) * static_cast<double>(t.num_rel))
          : 0.0;
}
void set_f(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = 0.0;
  if (!t.num_ret || !t.num_rel || !t.num_rel_ret) return;
  const double p = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret);
  const double rc = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_rel);
  const double x = r.values[0];
  out[r.first_slot] = (x + 1.0) * p * rc / (x * p + rc);
}

void relstring(const Topic& t, const Requested& r, double*, std::string* text) {
  const auto wanted = static_cast<std::int64_t>(r.values[0]);
  const std::int64_t len = std::max<std::int64_t>(0, std::min(wanted, t.num_ret));
  text->clear();
  for (std::int64_t i = 0; i < len; ++i) {
    const int g = (*t.grades)[static_cast<std::size_t>(i)];
    char c = '<';
    if (g > 9) {
      c = '>';
    } else if (g >= 0) {
      c = static_cast<char>('0' + g);
    } else if (g == -1) {
      c = '-';
    } else if (g == -2) {
      c = '.';
    }
    text->push_back(c);
  }
}

// Robertson's "yet another average precision" (On Smoothing Average Precision, ECIR 2012):
// log((1 + S) / (1 + R - S)), S the sum of the precisions at the relevant ranks (AP = S / R).
void yaap(const Topic& t, const Requested& r, double* out, std::string*) {
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant(g[i], t.level)) {
      ++rel_so_far;
      sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
    }
  }
  out[r.first_slot] = std::log((1.0 + sum) / (1.0 + static_cast<double>(t.num_rel) - sum));
}

// ---- Preferences (-R prefs, -R qrels_prefs) ---------------------------------------------------
// Sums over the judgment groups; a ratio whose denominator is 0 stays 0, as in trec_eval.

double ratio(std::int64_t num, std::int64_t den) {
  return den ? static_cast<double>(num) / static_cast<double>(den) : 0.0;
}

const TopicPrefs& prefs_of(const Topic& t, const Requested& r) {
  return need_of<PrefsNeed>(t, r).prefs;
}
const std::vector<GroupRanking>& groups_of(const Topic& t, const Requested& r) {
  return need_of<GroupsNeed>(t, r).groups;
}

template <class F>
std::int64_t over_groups(const Topic& t, const Requested& r, F f) {
  std::int64_t sum = 0;
  for (const GroupPrefs& g : prefs_of(t, r).groups) sum += f(g);
  return sum;
}

void prefs_num_prefs_poss(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = static_cast<double>(over_groups(
      t, r, [](const GroupPrefs& g) { return g.poss_ret + g.poss_imp + g.poss_notoccur; }));
}
void prefs_num_prefs_ful(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = static_cast<double>(
      over_groups(t, r, [](const GroupPrefs& g) { return g.ful_ret + g.ful_imp; }));
}
void prefs_num_prefs_ful_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] =
      static_cast<double>(over_groups(t, r, [](const GroupPrefs& g) { return g.ful_ret; }));
}

// Fulfilled over possible, all groups' preferences together. `imp`: with the preferences of
// which one document was retrieved; `notoccur`: and those of which neither was.
void simple_ratio(const Topic& t, const Requested& r, double* out, bool imp, bool notoccur) {
  const std::int64_t ful =
      over_groups(t, r, [&](const GroupPrefs& g) { return g.ful_ret + (imp ? g.ful_imp : 0); });
  const std::int64_t poss = over_groups(t, r, [&](const GroupPrefs& g) {
    return g.poss_ret + (imp ? g.poss_imp : 0) + (notoccur ? g.poss_notoccur : 0);
  });
  out[r.first_slot] = ratio(ful, poss);
}
void prefs_simp(const Topic& t, const Requested& r, double* out, std::string*) {
  simple_ratio(t, r, out, true, true);
}
void prefs_simp_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  simple_ratio(t, r, out, false, false);
}
void prefs_simp_imp(const Topic& t, const Requested& r, double* out, std::string*) {
  simple_ratio(t, r, out, true, false);
}

// Each group's ratio, averaged over the groups. trec_eval adds the ratios and keeps the sum only
// when it is above 0 (a 0/0 of the Rnonrel forms makes it NaN, and the topic's value 0).
void average_over_groups(const Topic& t, const Requested& r, double* out,
                         double (*group_ratio)(const GroupPrefs&)) {
  double sum = 0.0;
  for (const GroupPrefs& g : prefs_of(t, r).groups) sum += group_ratio(g);
  out[r.first_slot] = sum > 0.0 ? sum / static_cast<double>(prefs_of(t, r).groups.size()) : 0.0;
}
void prefs_avgjg(const Topic& t, const Requested& r, double* out, std::string*) {
  average_over_groups(t, r, out, [](const GroupPrefs& g) {
    return ratio(g.ful_ret + g.ful_imp, g.poss_ret + g.poss_imp + g.poss_notoccur);
  });
}
void prefs_avgjg_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  average_over_groups(t, r, out, [](const GroupPrefs& g) { return ratio(g.ful_ret, g.poss_ret); });
}
void prefs_avgjg_imp(const Topic& t, const Requested& r, double* out, std::string*) {
  average_over_groups(t, r, out, [](const GroupPrefs& g) {
    return ratio(g.ful_ret + g.ful_imp, g.poss_ret + g.poss_imp);
  });
}
// Here trec_eval divides without a check: 0/0 is NaN.
double unchecked(std::int64_t num, std::int64_t den) {
  return static_cast<double>(num) / static_cast<double>(den);
}
void prefs_avgjg_rnonrel(const Topic& t, const Requested& r, double* out, std::string*) {
  average_over_groups(t, r, out,
                      [](const GroupPrefs& g) { return unchecked(g.rnonrel_ful, g.rnonrel_poss); });
}
void prefs_avgjg_rnonrel_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  average_over_groups(t, r, out, [](const GroupPrefs& g) {
    return unchecked(g.rnonrel_ret_ful, g.rnonrel_ret_poss);
  });
}

// The pairs' average share of fulfilled preferences.
void prefs_pair(const Topic& t, const Requested& r, double* out, std::string*) {
  const TopicPrefs& p = prefs_of(t, r);
  const std::int64_t pairs = p.pairs_ret + p.pairs_imp + p.pairs_notoccur;
  out[r.first_slot] = pairs ? p.pair_sum_imp / static_cast<double>(pairs) : 0.0;
}
void prefs_pair_ret(const Topic& t, const Requested& r, double* out, std::string*) {
  const TopicPrefs& p = prefs_of(t, r);
  out[r.first_slot] = p.pairs_ret ? p.pair_sum_ret / static_cast<double>(p.pairs_ret) : 0.0;
}
void prefs_pair_imp(const Topic& t, const Requested& r, double* out, std::string*) {
  const TopicPrefs& p = prefs_of(t, r);
  const std::int64_t pairs = p.pairs_ret + p.pairs_imp;
  out[r.first_slot] = pairs ? p.pair_sum_imp / static_cast<double>(pairs) : 0.0;
}

// ---- Judgment groups (-R qrels_jg): each group's value, averaged over the groups --------------

void map_avgjg(const Topic& t, const Requested& r, double* out, std::string*) {
  double value = 0.0;
  for (const GroupRanking& g : groups_of(t, r)) {
    std::int64_t rel_so_far = 0;
    double sum = 0.0;
    for (std::size_t i = 0; i < g.grades.size(); ++i) {
      if (relevant(g.grades[i], t.level)) {
        ++rel_so_far;
        sum += static_cast<double>(rel_so_far) / static_cast<double>(i + 1);
      }
    }
    if (rel_so_far) value += sum / static_cast<double>(g.num_rel);
  }
  if (groups_of(t, r).size() > 1) value /= static_cast<double>(groups_of(t, r).size());
  out[r.first_slot] = value;
}

void p_avgjg(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::size_t n = r.cutoffs.size();
  for (std::size_t c = 0; c < n; ++c) out[r.first_slot + c] = 0.0;
  for (const GroupRanking& g : groups_of(t, r)) {
    std::size_t c = 0;
    std::int64_t rel_so_far = 0;
    for (std::size_t i = 0; i < g.grades.size() && c < n; ++i) {
      if (static_cast<std::int64_t>(i) == r.cutoffs[c]) {
        out[r.first_slot + c] += static_cast<double>(rel_so_far) / static_cast<double>(i);
        ++c;
        if (c == n) break;
      }
      if (relevant(g.grades[i], t.level)) ++rel_so_far;
    }
    for (; c < n; ++c) {
      out[r.first_slot + c] += static_cast<double>(rel_so_far) / static_cast<double>(r.cutoffs[c]);
    }
  }
  if (groups_of(t, r).size() > 1) {
    for (std::size_t c = 0; c < n; ++c) {
      out[r.first_slot + c] /= static_cast<double>(groups_of(t, r).size());
    }
  }
}

void rprec_mult_avgjg(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::size_t n = r.values.size();
  for (std::size_t i = 0; i < n; ++i) out[r.first_slot + i] = 0.0;
  std::vector<std::int64_t> cutoffs(n);
  for (const GroupRanking& g : groups_of(t, r)) {
    for (std::size_t i = 0; i < n; ++i) {
      cutoffs[i] = static_cast<std::int64_t>(r.values[i] * static_cast<double>(g.num_rel) + 0.9);
    }
    const auto num_ret = static_cast<std::int64_t>(g.grades.size());
    auto current = static_cast<std::ptrdiff_t>(n) - 1;
    while (current >= 0 && cutoffs[static_cast<std::size_t>(current)] > num_ret) {
      out[r.first_slot + static_cast<std::size_t>(current)] +=
          static_cast<double>(g.num_rel_ret) /
          static_cast<double>(cutoffs[static_cast<std::size_t>(current)]);
      --current;
    }
    std::int64_t rel_so_far = g.num_rel_ret;
    for (std::int64_t i = num_ret; i > 0 && rel_so_far > 0; --i) {
      const double precis = static_cast<double>(rel_so_far) / static_cast<double>(i);
      while (current >= 0 && i == cutoffs[static_cast<std::size_t>(current)]) {
        out[r.first_slot + static_cast<std::size_t>(current)] += precis;
        --current;
      }
      if (relevant(g.grades[static_cast<std::size_t>(i - 1)], t.level)) --rel_so_far;
    }
  }
  if (groups_of(t, r).size() > 1) {
    for (std::size_t i = 0; i < n; ++i) {
      out[r.first_slot + i] /= static_cast<double>(groups_of(t, r).size());
    }
  }
}

constexpr const char* rank_cutoffs = "5,10,15,20,30,100,200,500,1000";
constexpr const char* recall_levels = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1";

}  // namespace

const std::vector<MeasureDef>& measure_table() {
  using K = TrecKind;
  using S = TrecSummary;
  static const std::vector<MeasureDef> table = {
      {"runid", Params::none, "", K::text, S::runid, false, "the run's tag", runid},
      {"num_q", Params::none, "", K::count, S::count, false, "topics evaluated", num_q},
      {"num_ret", Params::none, "", K::count, S::sum, true, "documents retrieved", num_ret},
      {"num_rel", Params::none, "", K::count, S::sum, true, "relevant documents (R)", num_rel},
      {"num_rel_ret", Params::none, "", K::count, S::sum, true, "relevant documents retrieved",
       num_rel_ret},
      {"map", Params::none, "", K::real, S::mean, true, "average precision", map},
      {"gm_map", Params::none, "", K::real, S::geometric, false,
       "geometric mean of AP (each floored at 1e-5)", gm_map},
      {"Rprec", Params::none, "", K::real, S::mean, true, "precision after R documents", rprec},
      {"bpref", Params::none, "", K::real, S::mean, true, "binary preference", bpref},
      {"recip_rank", Params::none, "", K::real, S::mean, true,
       "reciprocal rank of the first relevant document", recip_rank},
      {"iprec_at_recall", Params::double_cutoffs, recall_levels, K::real, S::mean, true,
       "interpolated precision at recall levels", iprec_at_recall},
      {"P", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "precision at rank cutoffs (divided by the cutoff)", precision},
      {"relstring", Params::double_params, "10", K::text, S::none, true,
       "the grades of the first N documents as characters", relstring},
      {"recall", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "recall at rank cutoffs", recall},
      {"infAP", Params::none, "", K::real, S::mean, true, "inferred AP (sampled judgments)",
       inf_ap},
      {"gm_bpref", Params::none, "", K::real, S::geometric, false,
       "geometric mean of bpref (each floored at 1e-5)", gm_bpref},
      {"Rprec_mult", Params::double_cutoffs, "0.2,0.4,0.6,0.8,1,1.2,1.4,1.6,1.8,2", K::real,
       S::mean, true, "precision at multiples of R", rprec_mult},
      {"utility", Params::double_params, "1,-1,0,0", K::real, S::mean, true,
       "a*rel_ret + b*nonrel_ret + c*rel_not_ret + d*nonrel_not_ret", utility},
      {"11pt_avg", Params::double_params, recall_levels, K::real, S::mean, true,
       "interpolated precision averaged over the recall levels", eleven_pt_avg},
      {"binG", Params::none, "", K::real, S::mean, true, "binary G", bin_g},
      {"G", Params::gain_pairs, "", K::real, S::mean, true, "normalized gain", g_measure},
      {"dcg", Params::gain_pairs, "", K::real, S::mean, true, "discounted cumulative gain", dcg},
      {"ideal_dcg", Params::gain_pairs, "", K::real, S::mean, true, "DCG of the ideal ranking",
       ideal_dcg},
      {"ndcg", Params::gain_pairs, "", K::real, S::mean, true, "normalized DCG", ndcg},
      {"ndcg_rel", Params::gain_pairs, "", K::real, S::mean, true,
       "nDCG averaged over the relevant documents", ndcg_rel},
      {"Rndcg", Params::gain_pairs, "", K::real, S::mean, true, "nDCG averaged at the R levels",
       rndcg},
      {"ndcg_cut", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "nDCG at rank cutoffs", ndcg_cut},
      {"map_cut", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "AP at rank cutoffs (still divided by R)", map_cut},
      {"relative_P", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "precision at k divided by the best possible, min(k, R)", relative_p},
      {"success", Params::long_cutoffs, "1,5,10", K::real, S::mean, true,
       "1 when a relevant document is in the top k", success},
      {"set_P", Params::none, "", K::real, S::mean, true, "precision of the whole list", set_p},
      {"set_relative_P", Params::none, "", K::real, S::mean, true,
       "set precision divided by the best possible", set_relative_p},
      {"set_recall", Params::none, "", K::real, S::mean, true, "recall of the whole list",
       set_recall},
      {"set_map", Params::none, "", K::real, S::mean, true, "set precision times set recall",
       set_map},
      {"set_F", Params::double_params, "1", K::real, S::mean, true,
       "F of the whole list; the parameter is beta squared", set_f},
      {"num_nonrel_judged_ret", Params::none, "", K::count, S::sum, true,
       "judged non-relevant documents retrieved", num_nonrel_judged_ret},
      {"prefs_num_prefs_poss", Params::none, "", K::count, S::sum, true,
       "preferences possible (-R prefs or qrels_prefs)", prefs_num_prefs_poss, make_prefs_need},
      {"prefs_num_prefs_ful", Params::none, "", K::count, S::sum, true,
       "preferences fulfilled, of which one document or both were retrieved", prefs_num_prefs_ful,
       make_prefs_need},
      {"prefs_num_prefs_ful_ret", Params::none, "", K::count, S::sum, true,
       "preferences fulfilled, both documents retrieved", prefs_num_prefs_ful_ret, make_prefs_need},
      {"prefs_simp", Params::none, "", K::real, S::mean, true,
       "preferences fulfilled / preferences possible", prefs_simp, make_prefs_need},
      {"prefs_pair", Params::none, "", K::real, S::mean, true,
       "each document pair's share of fulfilled preferences, averaged over the pairs", prefs_pair,
       make_prefs_need},
      {"prefs_avgjg", Params::none, "", K::real, S::mean, true,
       "prefs_simp of each judgment group, averaged over the groups", prefs_avgjg, make_prefs_need},
      {"prefs_avgjg_Rnonrel", Params::none, "", K::real, S::mean, true,
       "prefs_avgjg with as many non-relevant documents as relevant ones", prefs_avgjg_rnonrel,
       make_prefs_need},
      {"prefs_simp_ret", Params::none, "", K::real, S::mean, true,
       "prefs_simp over the preferences of two retrieved documents", prefs_simp_ret,
       make_prefs_need},
      {"prefs_pair_ret", Params::none, "", K::real, S::mean, true,
       "prefs_pair over the pairs of two retrieved documents", prefs_pair_ret, make_prefs_need},
      {"prefs_avgjg_ret", Params::none, "", K::real, S::mean, true,
       "prefs_avgjg over the preferences of two retrieved documents", prefs_avgjg_ret,
       make_prefs_need},
      {"prefs_avgjg_Rnonrel_ret", Params::none, "", K::real, S::mean, true,
       "prefs_avgjg_Rnonrel over the preferences of two retrieved documents",
       prefs_avgjg_rnonrel_ret, make_prefs_need},
      {"prefs_simp_imp", Params::none, "", K::real, S::mean, true,
       "prefs_simp without the preferences of which neither document was retrieved", prefs_simp_imp,
       make_prefs_need},
      {"prefs_pair_imp", Params::none, "", K::real, S::mean, true,
       "prefs_pair without the pairs of which neither document was retrieved", prefs_pair_imp,
       make_prefs_need},
      {"prefs_avgjg_imp", Params::none, "", K::real, S::mean, true,
       "prefs_avgjg without the preferences of which neither document was retrieved",
       prefs_avgjg_imp, make_prefs_need},
      {"map_avgjg", Params::none, "", K::real, S::mean, true,
       "average precision of each judgment group, averaged over the groups (-R qrels_jg)",
       map_avgjg, make_groups_need},
      {"P_avgjg", Params::long_cutoffs, rank_cutoffs, K::real, S::mean, true,
       "precision at rank cutoffs, averaged over the judgment groups", p_avgjg, make_groups_need},
      {"Rprec_mult_avgjg", Params::double_cutoffs, "0.2,0.4,0.6,0.8,1,1.2,1.4,1.6,1.8,2", K::real,
       S::mean, true, "precision at multiples of R, averaged over the judgment groups",
       rprec_mult_avgjg, make_groups_need},
      {"yaap", Params::none, "", K::real, S::mean, true,
       "Robertson's smoothed AP: log((1 + S)/(1 + R - S)), S the sum of precisions at the "
       "relevant ranks",
       yaap},
      {"rbp", Params::gain_pairs, "", K::real, S::mean, true,
       "rank-biased precision; rbp.p=0.95 sets the persistence", rbp},
      {"rbp_resid", Params::gain_pairs, "", K::real, S::mean, true,
       "how much rbp could rise if the unjudged documents were relevant", rbp_resid},
      {"unj", Params::long_cutoffs, "5,10,20", K::real, S::mean, true,
       "fraction of the top k not judged", unj},
  };
  return table;
}

void evaluate_topic(const TrecPlan& plan, const Topic& topic, double* out,
                    std::string* relstring_text, std::size_t view) {
  for (const Requested& r : plan.measures) {
    if (r.view == view) r.def->compute(topic, r, out, relstring_text);
  }
}

}  // namespace irm::trec
