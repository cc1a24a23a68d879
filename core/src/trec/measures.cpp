// trec_eval's measures for one topic, each computed the way trec_eval computes it (the same
// sums in the same order, so that the doubles agree to the last bit), and the plan that says
// which of them a -m list asks for. See irm/trec_eval.h for the conventions.
//
// The measures that have a teaching family are computed in that family's file, beside the
// teaching code (core/src/measures/*.cpp, their `// --- on TREC files ---` blocks; declared in
// trec/family_measures.h): map in average_precision.cpp, P in precision_recall.cpp, ndcg in
// dcg.cpp, and so on. Here are the others (the counts, relstring, unj, the preference and
// judgment-group measures) and the table of them all in trec_eval's order.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "measures/common.h"
#include "trec/family_measures.h"
#include "trec/plan.h"
#include "trec/prefs.h"

namespace irm::trec {
namespace {

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
  for (const int g : *t.grades) count += (g >= 0 && !relevant_at(g, t.level)) ? 1 : 0;
  out[r.first_slot] = static_cast<double>(count);
}
void runid(const Topic&, const Requested&, double*, std::string*) {}

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

// ---- relstring ---------------------------------------------------------------------------------

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
      if (relevant_at(g.grades[i], t.level)) {
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
      if (relevant_at(g.grades[i], t.level)) ++rel_so_far;
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
      cutoffs[i] = trec_recall_count(r.values[i], g.num_rel, true);
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
      if (relevant_at(g.grades[static_cast<std::size_t>(i - 1)], t.level)) --rel_so_far;
    }
  }
  if (groups_of(t, r).size() > 1) {
    for (std::size_t i = 0; i < n; ++i) {
      out[r.first_slot + i] /= static_cast<double>(groups_of(t, r).size());
    }
  }
}

// The measures above as the table lists them.
using K = TrecKind;
using S = TrecSummary;
constexpr MeasureDef runid_def{"runid", Params::none,    "",   K::text, S::runid,
                               false,   "the run's tag", runid};

constexpr MeasureDef num_q_def{"num_q", Params::none,       "",   K::count, S::count,
                               false,   "topics evaluated", num_q};

constexpr MeasureDef num_ret_def{"num_ret", Params::none,          "",     K::count, S::sum,
                                 true,      "documents retrieved", num_ret};

constexpr MeasureDef num_rel_def{
    "num_rel", Params::none, "", K::count, S::sum, true, "relevant documents (R)", num_rel};

constexpr MeasureDef num_rel_ret_def{
    "num_rel_ret", Params::none, "", K::count, S::sum, true, "relevant documents retrieved",
    num_rel_ret};

constexpr MeasureDef relstring_def{"relstring",
                                   Params::double_params,
                                   "10",
                                   K::text,
                                   S::none,
                                   true,
                                   "the grades of the first N documents as characters",
                                   relstring};

constexpr MeasureDef num_nonrel_judged_ret_def{"num_nonrel_judged_ret",
                                               Params::none,
                                               "",
                                               K::count,
                                               S::sum,
                                               true,
                                               "judged non-relevant documents retrieved",
                                               num_nonrel_judged_ret};

constexpr MeasureDef prefs_num_prefs_poss_def{"prefs_num_prefs_poss",
                                              Params::none,
                                              "",
                                              K::count,
                                              S::sum,
                                              true,
                                              "preferences possible (-R prefs or qrels_prefs)",
                                              prefs_num_prefs_poss,
                                              make_prefs_need};

constexpr MeasureDef prefs_num_prefs_ful_def{
    "prefs_num_prefs_ful",
    Params::none,
    "",
    K::count,
    S::sum,
    true,
    "preferences fulfilled, of which one document or both were retrieved",
    prefs_num_prefs_ful,
    make_prefs_need};

constexpr MeasureDef prefs_num_prefs_ful_ret_def{"prefs_num_prefs_ful_ret",
                                                 Params::none,
                                                 "",
                                                 K::count,
                                                 S::sum,
                                                 true,
                                                 "preferences fulfilled, both documents retrieved",
                                                 prefs_num_prefs_ful_ret,
                                                 make_prefs_need};

constexpr MeasureDef prefs_simp_def{"prefs_simp",
                                    Params::none,
                                    "",
                                    K::real,
                                    S::mean,
                                    true,
                                    "preferences fulfilled / preferences possible",
                                    prefs_simp,
                                    make_prefs_need};

constexpr MeasureDef prefs_pair_def{
    "prefs_pair",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "each document pair's share of fulfilled preferences, averaged over the pairs",
    prefs_pair,
    make_prefs_need};

constexpr MeasureDef prefs_avgjg_def{"prefs_avgjg",
                                     Params::none,
                                     "",
                                     K::real,
                                     S::mean,
                                     true,
                                     "prefs_simp of each judgment group, averaged over the groups",
                                     prefs_avgjg,
                                     make_prefs_need};

constexpr MeasureDef prefs_avgjg_rnonrel_def{
    "prefs_avgjg_Rnonrel",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_avgjg with as many non-relevant documents as relevant ones",
    prefs_avgjg_rnonrel,
    make_prefs_need};

constexpr MeasureDef prefs_simp_ret_def{
    "prefs_simp_ret",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_simp over the preferences of two retrieved documents",
    prefs_simp_ret,
    make_prefs_need};

constexpr MeasureDef prefs_pair_ret_def{"prefs_pair_ret",
                                        Params::none,
                                        "",
                                        K::real,
                                        S::mean,
                                        true,
                                        "prefs_pair over the pairs of two retrieved documents",
                                        prefs_pair_ret,
                                        make_prefs_need};

constexpr MeasureDef prefs_avgjg_ret_def{
    "prefs_avgjg_ret",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_avgjg over the preferences of two retrieved documents",
    prefs_avgjg_ret,
    make_prefs_need};

constexpr MeasureDef prefs_avgjg_rnonrel_ret_def{
    "prefs_avgjg_Rnonrel_ret",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_avgjg_Rnonrel over the preferences of two retrieved documents",
    prefs_avgjg_rnonrel_ret,
    make_prefs_need};

constexpr MeasureDef prefs_simp_imp_def{
    "prefs_simp_imp",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_simp without the preferences of which neither document was retrieved",
    prefs_simp_imp,
    make_prefs_need};

constexpr MeasureDef prefs_pair_imp_def{
    "prefs_pair_imp",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_pair without the pairs of which neither document was retrieved",
    prefs_pair_imp,
    make_prefs_need};

constexpr MeasureDef prefs_avgjg_imp_def{
    "prefs_avgjg_imp",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "prefs_avgjg without the preferences of which neither document was retrieved",
    prefs_avgjg_imp,
    make_prefs_need};

constexpr MeasureDef map_avgjg_def{
    "map_avgjg",
    Params::none,
    "",
    K::real,
    S::mean,
    true,
    "average precision of each judgment group, averaged over the groups (-R qrels_jg)",
    map_avgjg,
    make_groups_need};

constexpr MeasureDef p_avgjg_def{"P_avgjg",
                                 Params::long_cutoffs,
                                 rank_cutoffs,
                                 K::real,
                                 S::mean,
                                 true,
                                 "precision at rank cutoffs, averaged over the judgment groups",
                                 p_avgjg,
                                 make_groups_need};

constexpr MeasureDef rprec_mult_avgjg_def{
    "Rprec_mult_avgjg",
    Params::double_cutoffs,
    r_multiples,
    K::real,
    S::mean,
    true,
    "precision at multiples of R, averaged over the judgment groups",
    rprec_mult_avgjg,
    make_groups_need};

constexpr MeasureDef unj_def{"unj",
                             Params::long_cutoffs,
                             "5,10,20",
                             K::real,
                             S::mean,
                             true,
                             "fraction of the top k not judged",
                             unj};

}  // namespace

const std::vector<MeasureDef>& measure_table() {
  // trec_eval's order, which its output follows: one line per measure, the family files'
  // measures by their functions, this file's by the objects above.
  static const std::vector<MeasureDef> table = {
      runid_def,
      num_q_def,
      num_ret_def,
      num_rel_def,
      num_rel_ret_def,
      trec_map_def(),
      trec_gm_map_def(),
      trec_rprec_def(),
      trec_bpref_def(),
      trec_recip_rank_def(),
      trec_iprec_at_recall_def(),
      trec_p_def(),
      relstring_def,
      trec_recall_def(),
      trec_infap_def(),
      trec_gm_bpref_def(),
      trec_rprec_mult_def(),
      trec_utility_def(),
      trec_11pt_avg_def(),
      trec_bin_g_def(),
      trec_g_def(),
      trec_dcg_def(),
      trec_ideal_dcg_def(),
      trec_ndcg_def(),
      trec_ndcg_rel_def(),
      trec_rndcg_def(),
      trec_ndcg_cut_def(),
      trec_map_cut_def(),
      trec_relative_p_def(),
      trec_success_def(),
      trec_set_p_def(),
      trec_set_relative_p_def(),
      trec_set_recall_def(),
      trec_set_map_def(),
      trec_set_f_def(),
      num_nonrel_judged_ret_def,
      prefs_num_prefs_poss_def,
      prefs_num_prefs_ful_def,
      prefs_num_prefs_ful_ret_def,
      prefs_simp_def,
      prefs_pair_def,
      prefs_avgjg_def,
      prefs_avgjg_rnonrel_def,
      prefs_simp_ret_def,
      prefs_pair_ret_def,
      prefs_avgjg_ret_def,
      prefs_avgjg_rnonrel_ret_def,
      prefs_simp_imp_def,
      prefs_pair_imp_def,
      prefs_avgjg_imp_def,
      map_avgjg_def,
      p_avgjg_def,
      rprec_mult_avgjg_def,
      trec_yaap_def(),
      trec_rbp_def(),
      trec_rbp_resid_def(),
      unj_def,
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
