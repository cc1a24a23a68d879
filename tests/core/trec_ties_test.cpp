// Tie policies (core/src/trec/ties.h): the average over every ordering of the tied documents and
// the lowest and highest value of each measure, worked by hand on small topics, then checked
// against every permutation of the tie groups of many small random topics, each ordering scored
// by the measures' definitions written out again below (not the library's code).

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

// The library is internal to the TREC engine (core/src), outside the tests' include path.
#include "../../core/src/trec/ties.h"

using irm::trec::ties::JudgedGrade;
using irm::trec::ties::Range;
using irm::trec::ties::Request;
using irm::trec::ties::TiedTopic;
using irm::trec::ties::Values;

namespace {

// Hand-worked values: the library works in doubles, a fraction is its nearest double, and a few
// roundings separate them.
Approx near(double exact) { return Approx(exact).epsilon(1e-14).margin(1e-15); }

double log2d(double x) { return std::log2(x); }

// ---- The measures of one ordering, from their definitions ---------------------------------------

struct Naive {
  std::vector<long double> precision, recall, ap_at, rr_at, ndcg_at, err_at;
  long double ap = 0, rr = 0, ndcg = 0, err = 0;
};

double gain_of(int grade, const Request& q) {
  for (const auto& [g, gain] : q.gains) {
    if (g == grade) return gain;
  }
  return grade >= 0 ? grade : 0.0;
}

long double ideal_dcg(const TiedTopic& t, const Request& q, std::int64_t k) {
  std::vector<double> gains;
  for (const JudgedGrade& j : t.judged) {
    for (std::int64_t i = 0; i < j.count; ++i) gains.push_back(gain_of(j.grade, q));
  }
  std::sort(gains.rbegin(), gains.rend());
  long double sum = 0;
  for (std::size_t i = 0; i < gains.size() && (k < 0 || static_cast<std::int64_t>(i) < k); ++i) {
    if (gains[i] > 0) sum += gains[i] / std::log2(static_cast<long double>(i) + 2);
  }
  return sum;
}

// One measure at cutoff k of `ranked` (k < 0: the whole list), straight from its definition.
struct AtCutoff {
  long double p, r, ap, rr, dcg, err;
};
AtCutoff measure(const std::vector<int>& ranked, const TiedTopic& t, const Request& q,
                 std::int64_t k) {
  std::int64_t n = static_cast<std::int64_t>(ranked.size());
  if (q.max_ranks > 0) n = std::min(n, q.max_ranks);
  if (k >= 0) n = std::min(n, k);
  int gmax = q.err_max_grade;
  for (const auto& g : t.groups) {
    for (int grade : g) gmax = std::max(gmax, grade);
  }
  for (const auto& j : t.judged) gmax = std::max(gmax, j.grade);
  AtCutoff a{0, 0, 0, 0, 0, 0};
  long double rel = 0, not_stopped = 1;
  bool seen = false;
  for (std::int64_t i = 0; i < n; ++i) {
    const int g = ranked[static_cast<std::size_t>(i)];
    const long double rank = static_cast<long double>(i + 1);
    const bool is_rel = g >= 0 && g >= t.level;
    if (is_rel) {
      rel += 1;
      a.ap += rel / rank;  // precision at this relevant document
      if (!seen) a.rr = 1 / rank;
      seen = true;
    }
    a.dcg += gain_of(g, q) / std::log2(rank + 1);
    const long double stop = g > 0 ? (std::pow(2.0L, g) - 1) / std::pow(2.0L, gmax) : 0;
    a.err += not_stopped * stop / rank;
    not_stopped *= 1 - stop;
  }
  const long double big_r = static_cast<long double>(t.relevant);
  a.p = k > 0 ? rel / k : 0;
  a.r = big_r > 0 ? rel / big_r : 0;
  a.ap = big_r > 0 ? a.ap / big_r : 0;
  const long double ideal = ideal_dcg(t, q, k);
  a.dcg = ideal > 0 ? a.dcg / ideal : 0;
  return a;
}

// Every measure of one ordering.
Naive naive(const std::vector<int>& ranked, const TiedTopic& t, const Request& q) {
  Naive v;
  for (std::int64_t k : q.cutoffs) {
    const AtCutoff a = measure(ranked, t, q, k);
    v.precision.push_back(a.p);
    v.recall.push_back(a.r);
    v.ap_at.push_back(a.ap);
    v.rr_at.push_back(a.rr);
    v.ndcg_at.push_back(a.dcg);
    v.err_at.push_back(a.err);
  }
  const AtCutoff whole = measure(ranked, t, q, -1);
  v.ap = whole.ap;
  v.rr = whole.rr;
  v.ndcg = whole.dcg;
  v.err = whole.err;
  return v;
}

// ---- Every ordering of the tie groups
// -------------------------------------------------------------

// Calls f(ranking) once per ordering of the documents of every group (n1! n2! ... orderings;
// documents of equal grade are distinct documents, so each arrangement of grades comes as often
// as it should).
template <class F>
void each_ordering(const TiedTopic& t, F f) {
  std::vector<std::vector<int>> index(t.groups.size());
  for (std::size_t g = 0; g < t.groups.size(); ++g) {
    index[g].resize(t.groups[g].size());
    std::iota(index[g].begin(), index[g].end(), 0);
  }
  while (true) {
    std::vector<int> ranked;
    for (std::size_t g = 0; g < t.groups.size(); ++g) {
      for (int i : index[g]) ranked.push_back(t.groups[g][static_cast<std::size_t>(i)]);
    }
    f(ranked);
    std::size_t g = 0;
    for (; g < index.size(); ++g) {
      if (std::next_permutation(index[g].begin(), index[g].end())) break;  // wrapped when false
    }
    if (g == index.size()) return;
  }
}

// The brute-force mean, lowest and highest of every value, as flat lists in one order.
std::vector<long double> flat(const Naive& v) {
  std::vector<long double> out;
  for (const auto* list : {&v.precision, &v.recall, &v.ap_at, &v.rr_at, &v.ndcg_at, &v.err_at}) {
    out.insert(out.end(), list->begin(), list->end());
  }
  out.insert(out.end(), {v.ap, v.rr, v.ndcg, v.err});
  return out;
}
std::vector<double> flat(const Values& v) {
  std::vector<double> out;
  for (const auto* list : {&v.precision, &v.recall, &v.ap_at, &v.rr_at, &v.ndcg_at, &v.err_at}) {
    out.insert(out.end(), list->begin(), list->end());
  }
  out.insert(out.end(), {v.ap, v.rr, v.ndcg, v.err});
  return out;
}
std::vector<std::string> names(const Request& q) {
  std::vector<std::string> out;
  for (const char* m : {"P", "R", "AP", "RR", "nDCG", "ERR"}) {
    for (auto k : q.cutoffs) out.push_back(std::string(m) + "@" + std::to_string(k));
  }
  out.insert(out.end(), {"AP", "RR", "nDCG", "ERR"});
  return out;
}

// Agreement to 1e-12 relative. Why that tolerance: a double carries about 1.1e-16 relative; each
// exact value is a running sum of at most a few dozen terms, each a few roundings from exact, and
// the brute force (in long double) sums up to 5040 orderings; together a few 1e-15 at most. The
// absolute floor 1e-15 is for values that are 0 exactly (a difference f(j-1) - f(j) in ERR can
// leave a rounding where the sum is 0).
bool agrees(double got, long double want) {
  const long double diff = std::fabs(static_cast<long double>(got) - want);
  return diff <= 1e-12L * std::max(std::fabs(want), std::fabs(static_cast<long double>(got))) ||
         diff <= 1e-15L;
}

std::string describe(const TiedTopic& t, const Request& q) {
  std::ostringstream s;
  s << "groups:";
  for (const auto& g : t.groups) {
    s << " [";
    for (int x : g) s << ' ' << x;
    s << " ]";
  }
  s << " R=" << t.relevant << " level=" << t.level << " judged:";
  for (const auto& j : t.judged) s << ' ' << j.grade << 'x' << j.count;
  s << " gains:";
  for (const auto& [g, gain] : q.gains) s << ' ' << g << '=' << gain;
  s << " gmax=" << q.err_max_grade << " M=" << q.max_ranks;
  return s.str();
}

}  // namespace

// ---- Worked by hand
// ---------------------------------------------------------------------------------

// Ranks 1-2 tied {relevant, non-relevant}, rank 3 relevant; R = 3 (one relevant not retrieved).
// The two orderings: (1,0,1) and (0,1,1).
TEST_CASE("ties: a tie of a relevant and a non-relevant document at the top", "[ties]") {
  TiedTopic t;
  t.groups = {{1, 0}, {1}};
  t.judged = {{0, 1}, {1, 3}};
  t.relevant = 3;
  Request q;
  q.cutoffs = {1, 2, 3};
  q.err_max_grade = 1;  // stopping probability of grade 1: (2^1 - 1) / 2^1 = 1/2
  const Values avg = irm::trec::ties::average(t, q);
  const Range b = irm::trec::ties::bounds(t, q);

  // P@1: relevant at rank 1 in one ordering of two: 1/2; bounds 0 and 1. P@2 = 1/2 and
  // P@3 = 2/3 in both orderings. R@2 = 1/3.
  CHECK(avg.precision[0] == near(0.5));
  CHECK(b.low.precision[0] == near(0.0));
  CHECK(b.high.precision[0] == near(1.0));
  CHECK(avg.precision[1] == near(0.5));
  CHECK(b.low.precision[1] == near(0.5));
  CHECK(avg.precision[2] == near(2.0 / 3));
  CHECK(avg.recall[1] == near(1.0 / 3));
  // AP: (1,0,1) has precisions 1/1 and 2/3 at its relevant documents: (1 + 2/3) / 3 = 5/9;
  // (0,1,1) has 1/2 and 2/3: (1/2 + 2/3) / 3 = 7/18. Mean (10/18 + 7/18) / 2 = 17/36.
  CHECK(avg.ap == near(17.0 / 36));
  CHECK(b.low.ap == near(7.0 / 18));
  CHECK(b.high.ap == near(5.0 / 9));
  // AP@1: 1/3 or 0, mean 1/6.
  CHECK(avg.ap_at[0] == near(1.0 / 6));
  // RR: 1 or 1/2, mean 3/4; RR@1: 1 or 0, mean 1/2.
  CHECK(avg.rr == near(0.75));
  CHECK(b.low.rr == near(0.5));
  CHECK(b.high.rr == near(1.0));
  CHECK(avg.rr_at[0] == near(0.5));
  // nDCG (gain = grade): DCG (1,0,1) = 1 + 1/log2 4 = 3/2; (0,1,1) = 1/log2 3 + 1/2; ideal of
  // three documents of gain 1: 1 + 1/log2 3 + 1/2.
  const double ideal = 1 + 1 / log2d(3) + 0.5;
  CHECK(avg.ndcg == near((1.5 + 1 / log2d(3) + 0.5) / 2 / ideal));
  CHECK(b.high.ndcg == near(1.5 / ideal));
  CHECK(b.low.ndcg == near((1 / log2d(3) + 0.5) / ideal));
  // ERR with g_max = 1: (1,0,1) = 1/2 + (1/3)(1/2)(1/2) = 7/12; (0,1,1) = (1/2)(1/2) + (1/3)(1/2)
  // (1/2) = 1/3. Mean 11/24.
  CHECK(avg.err == near(11.0 / 24));
  CHECK(b.low.err == near(1.0 / 3));
  CHECK(b.high.err == near(7.0 / 12));
  // ERR@2: 1/2 or 1/4, mean 3/8.
  CHECK(avg.err_at[1] == near(3.0 / 8));
}

// Three documents tied at ranks 1-3, grades 2, 1, 0; relevance level 2 (R = 1); gains 2 -> 1,
// 1 -> 3: the best ordering for nDCG puts grade 1 first, the best for AP grade 2 first.
TEST_CASE("ties: each measure has its own best ordering when gains do not follow grades",
          "[ties]") {
  TiedTopic t;
  t.groups = {{2, 0, 1}};
  t.judged = {{0, 1}, {1, 1}, {2, 1}};
  t.relevant = 1;
  t.level = 2;
  Request q;
  q.gains = {{2, 1.0}, {1, 3.0}};
  const Values avg = irm::trec::ties::average(t, q);
  const Range b = irm::trec::ties::bounds(t, q);
  // AP: the one relevant document at rank 1, 2 or 3: (1 + 1/2 + 1/3) / 3 = 11/18; bounds 1/3, 1.
  CHECK(avg.ap == near(11.0 / 18));
  CHECK(b.low.ap == near(1.0 / 3));
  CHECK(b.high.ap == near(1.0));
  CHECK(avg.rr == near(11.0 / 18));
  // nDCG: each rank's expected gain is (1 + 3 + 0) / 3 = 4/3; ideal 3 + 1/log2 3 (gains 3, 1).
  const double ideal = 3 + 1 / log2d(3);
  CHECK(avg.ndcg == near(4.0 / 3 * (1 + 1 / log2d(3) + 0.5) / ideal));
  CHECK(b.high.ndcg == near(1.0));                              // 3, 1, 0 is the ideal ranking
  CHECK(b.low.ndcg == near((1 / log2d(3) + 3.0 / 2) / ideal));  // 0, 1, 3
  // ERR (g_max = 4): a = (2^2 - 1)/16 = 3/16 for grade 2, b = 1/16 for grade 1, 0 for grade 0.
  // ERR(x1, x2, x3) = x1 + (1 - x1) x2 / 2 + (1 - x1)(1 - x2) x3 / 3, in 1536ths:
  //   (a,b,0) 327, (a,0,b) 314, (b,a,0) 231, (b,0,a) 186, (0,a,b) 170, (0,b,a) 138;
  // mean 1366 / (6 * 1536) = 683/4608; highest 327/1536 = 109/512, lowest 138/1536 = 23/256.
  CHECK(avg.err == near(683.0 / 4608));
  CHECK(b.high.err == near(109.0 / 512));
  CHECK(b.low.err == near(23.0 / 256));
}

// Rank 1 non-relevant, ranks 2-5 tied with two relevant documents. The first relevant document
// is at tie position j with probability C(4 - j, 1) / C(4, 2): 1/2, 1/3, 1/6, 0.
TEST_CASE("ties: reciprocal rank and precision below an untied rank", "[ties]") {
  TiedTopic t;
  t.groups = {{0}, {1, 1, 0, 0}};
  t.judged = {{0, 3}, {1, 2}};
  t.relevant = 2;
  Request q;
  q.cutoffs = {3};
  const Values avg = irm::trec::ties::average(t, q);
  const Range b = irm::trec::ties::bounds(t, q);
  // RR = (1/2)/2 + (1/3)/3 + (1/6)/4 = 18/72 + 8/72 + 3/72 = 29/72; RR@3 = 1/4 + 1/9 = 13/36.
  CHECK(avg.rr == near(29.0 / 72));
  CHECK(avg.rr_at[0] == near(13.0 / 36));
  CHECK(b.low.rr == near(0.25));  // relevant at ranks 4 and 5
  CHECK(b.high.rr == near(0.5));
  CHECK(b.low.rr_at[0] == near(0.0));
  // P@3: ranks 2 and 3 are each relevant with probability 2/4: (1/2 + 1/2) / 3 = 1/3.
  CHECK(avg.precision[0] == near(1.0 / 3));
  CHECK(b.low.precision[0] == near(0.0));
  CHECK(b.high.precision[0] == near(2.0 / 3));
  // AP: the relevant documents of the group at positions j: (2/4)(0 + 1 + (j-1)(1/3)) / (1 + j):
  // j=1: (1/2)/2 = 1/4; j=2: (1/2)(4/3)/3 = 2/9; j=3: (1/2)(5/3)/4 = 5/24; j=4: (1/2)(2)/5 = 1/5.
  // Sum 90/360 + 80/360 + 75/360 + 72/360 = 317/360, over R = 2: 317/720.
  CHECK(avg.ap == near(317.0 / 720));
  // Bounds: (0,1,1,0,0) gives (1/2 + 2/3) / 2 = 7/12; (0,0,0,1,1) gives (1/4 + 2/5) / 2 = 13/40.
  CHECK(b.high.ap == near(7.0 / 12));
  CHECK(b.low.ap == near(13.0 / 40));
}

// trec_eval -M 1 keeps one document of a tie of three: a random one of the three.
TEST_CASE("ties: a tie across the -M limit is retrieved in part", "[ties]") {
  TiedTopic t;
  t.groups = {{1, 0, 0}};
  t.judged = {{0, 2}, {1, 1}};
  t.relevant = 1;
  Request q;
  q.cutoffs = {1, 10};
  q.max_ranks = 1;
  const Values avg = irm::trec::ties::average(t, q);
  const Range b = irm::trec::ties::bounds(t, q);
  // The relevant document is retrieved (at rank 1) in one ordering of three.
  CHECK(avg.precision[0] == near(1.0 / 3));
  CHECK(avg.precision[1] == near(1.0 / 30));  // 1/3 relevant in 10 ranks
  CHECK(avg.ap == near(1.0 / 3));
  CHECK(avg.rr == near(1.0 / 3));
  CHECK(avg.ndcg == near(1.0 / 3));  // DCG 1 or 0; ideal 1
  CHECK(b.low.ap == near(0.0));
  CHECK(b.high.ap == near(1.0));
}

// No ties: every policy gives the ranking's own values. Ranking 1, 0, 2 (gain = grade), R = 2 at
// level 1, g_max = 2: ERR = (1/4) + (3/4)(0)/2 + (3/4)(1)(3/4)/3 = 1/4 + 3/16 = 7/16.
TEST_CASE("ties: without ties average and both bounds are the ranking's values", "[ties]") {
  TiedTopic t;
  t.groups = {{1}, {0}, {2}};
  t.judged = {{0, 1}, {1, 1}, {2, 1}};
  t.relevant = 2;
  Request q;
  q.cutoffs = {2};
  q.err_max_grade = 2;
  const Values v = irm::trec::ties::evaluate_ranking({1, 0, 2}, t, q);
  const Values avg = irm::trec::ties::average(t, q);
  const Range b = irm::trec::ties::bounds(t, q);
  // AP = (1/1 + 2/3) / 2 = 5/6.
  CHECK(v.ap == near(5.0 / 6));
  CHECK(v.err == near(7.0 / 16));
  // nDCG: (1 + 2/log2 4) / (2 + 1/log2 3) = 2 / (2 + 1/log2 3).
  CHECK(v.ndcg == near(2 / (2 + 1 / log2d(3))));
  for (const Values* other : {&avg, &b.low, &b.high}) {
    CHECK(other->ap == near(v.ap));
    CHECK(other->err == near(v.err));
    CHECK(other->ndcg == near(v.ndcg));
    CHECK(other->precision[0] == near(0.5));
  }
}

TEST_CASE("ties: no relevant document and no positive gain give 0, not nan", "[ties]") {
  TiedTopic t;
  t.groups = {{0, -1, -2}, {0}};
  t.judged = {{0, 2}};
  t.relevant = 0;
  Request q;
  q.cutoffs = {1, 5};
  const Values avg = irm::trec::ties::average(t, q);
  for (double x : flat(avg)) CHECK(x == 0.0);
  const Range b = irm::trec::ties::bounds(t, q);
  for (double x : flat(b.high)) CHECK(x == 0.0);
}

// A large tie group, where the brute force cannot go. All of one grade: every ordering is the
// same ranking, so the average is the untied value. One grade among zeros: the average ERR by
// another route, the hypergeometric law of U, the number of the q documents of stopping
// probability p in the first j-1 of n ranks: E[ERR] = sum_j (1/j) sum_u P(U = u) p (q - u) /
// (n - j + 1) (1 - p)^u (the document at rank j is one of the q - u left with probability
// (q - u) / (n - j + 1)), with P(U = u) = C(q, u) C(n - q, j - 1 - u) / C(n, j - 1) from lgamma.
TEST_CASE("ties: ERR of a large tie group", "[ties]") {
  Request q;
  q.cutoffs = {20};
  {
    TiedTopic t;
    t.groups = {std::vector<int>(3000, 2)};
    t.judged = {{2, 3000}};
    t.relevant = 3000;
    // p = 3/16 at every rank: ERR = sum_j p (1 - p)^(j-1) / j, summed here in long double.
    long double want = 0, left = 1;
    for (int j = 1; j <= 3000; ++j) {
      want += left * (3.0L / 16) / j;
      left *= 13.0L / 16;
    }
    const Values avg = irm::trec::ties::average(t, q);
    CHECK(agrees(avg.err, want));
    const Range b = irm::trec::ties::bounds(t, q);
    CHECK(agrees(b.low.err, want));
    CHECK(agrees(b.high.err, want));
  }
  {
    const int n = 400, relevant = 30;
    TiedTopic t;
    std::vector<int> group(n, 0);
    for (int i = 0; i < relevant; ++i) group[static_cast<std::size_t>(i * 13)] = 3;
    t.groups = {group};
    t.judged = {{0, n - relevant}, {3, relevant}};
    t.relevant = relevant;
    const long double p = 7.0L / 16;  // (2^3 - 1) / 2^4
    const auto log_choose = [](int a, int b) {
      return std::lgamma(static_cast<long double>(a) + 1) -
             std::lgamma(static_cast<long double>(b) + 1) -
             std::lgamma(static_cast<long double>(a - b) + 1);
    };
    long double want = 0, want20 = 0;
    for (int j = 1; j <= n; ++j) {
      const int drawn = j - 1;
      long double term = 0;
      for (int u = std::max(0, drawn - (n - relevant)); u <= std::min(relevant, drawn); ++u) {
        const long double pmf = std::exp(
            log_choose(relevant, u) + log_choose(n - relevant, drawn - u) - log_choose(n, drawn));
        term += pmf * p * (relevant - u) / (n - drawn) * std::pow(1 - p, u);
      }
      want += term / j;
      if (j <= 20) want20 += term / j;
    }
    const Values avg = irm::trec::ties::average(t, q);
    CHECK(agrees(avg.err, want));
    CHECK(agrees(avg.err_at[0], want20));
  }
}

// ---- Finding the ties
// -------------------------------------------------------------------------------

TEST_CASE("ties: groups of equal scores as doubles compare", "[ties]") {
  const double inf = std::numeric_limits<double>::infinity();
  // 0.1 + 0.2 is 0.30000000000000004, a different double from 0.3: no tie, as trec_eval reads
  // "0.30000000000000004" and "0.3". 0 and -0 are equal doubles: a tie.
  const std::vector<double> scores = {3,       0.1 + 0.2, 0.3,  2.0 / 7, 2.0 / 7,
                                      2.0 / 7, 0.0,       -0.0, -inf};
  const auto g = irm::trec::ties::tie_groups(scores);
  CHECK(g.ends == std::vector<std::size_t>{1, 2, 3, 6, 8, 9});
  CHECK(g.tie_groups == 2);
  CHECK(g.tied_documents == 5);
  CHECK(g.largest == 3);
  CHECK(g.has_ties());

  const auto split = irm::trec::ties::split({1, 0, 2, 1, 1, 0, -1, 0, 3}, g);
  CHECK(split == std::vector<std::vector<int>>{{1}, {0}, {2}, {1, 1, 0}, {-1, 0}, {3}});

  std::vector<irm::ScoredDoc> docs = {{"b", 1.5, 1}, {"a", 1.5, 2}, {"c", 1.0, 3}};
  const auto d = irm::trec::ties::tie_groups(docs);
  CHECK(d.ends == std::vector<std::size_t>{2, 3});
  CHECK(d.tied_documents == 2);

  const auto none = irm::trec::ties::tie_groups(std::vector<double>{2, 1});
  CHECK_FALSE(none.has_ties());
  CHECK(none.largest == 1);
  const auto empty = irm::trec::ties::tie_groups(std::vector<double>{});
  CHECK(empty.ends.empty());
  CHECK(empty.largest == 0);
}

// ---- Every permutation
// ------------------------------------------------------------------------------

TEST_CASE("ties: average and bounds equal the mean, min and max over every ordering", "[ties]") {
  std::mt19937 rng(20080330);  // fixed seed: the same topics every run
  const auto uniform = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  int topics = 0, orderings = 0;
  while (topics < 400) {
    TiedTopic t;
    Request q;
    // Up to 6 groups of up to 4 documents, at most 7 documents in groups of two or more.
    int tied = 0;
    const int group_count = uniform(1, 6);
    for (int g = 0; g < group_count; ++g) {
      int size = uniform(1, 4);
      if (size > 1 && tied + size > 7) size = 1;
      if (size > 1) tied += size;
      std::vector<int> group;
      for (int i = 0; i < size; ++i) {
        const int roll = uniform(0, 9);  // grades -2, -1, 0 .. 4, mostly 0
        group.push_back(roll == 0 ? -2 : roll == 1 ? -1 : roll <= 5 ? 0 : roll - 5);
      }
      t.groups.push_back(group);
    }
    if (tied == 0) continue;
    t.level = uniform(1, 2);
    // Judged: the retrieved judged documents plus up to 3 of each grade not retrieved.
    std::vector<std::int64_t> count(5, 0);
    for (const auto& g : t.groups) {
      for (int x : g) {
        if (x >= 0) ++count[static_cast<std::size_t>(x)];
      }
    }
    for (int grade = 0; grade < 5; ++grade) {
      count[static_cast<std::size_t>(grade)] += uniform(0, 3) == 0 ? uniform(1, 3) : 0;
      if (count[static_cast<std::size_t>(grade)] > 0) {
        t.judged.push_back({grade, count[static_cast<std::size_t>(grade)]});
        if (grade >= t.level) t.relevant += count[static_cast<std::size_t>(grade)];
      }
    }
    std::shuffle(t.judged.begin(), t.judged.end(), rng);
    switch (uniform(0, 3)) {  // gains: the grades; not rising with the grade; one negative
      case 1:
        q.gains = {{1, 3.0}, {2, 0.5}, {3, 2.0}};
        break;
      case 2:
        q.gains = {{0, -0.5}, {2, 4.0}};
        break;
      default:
        break;
    }
    q.err_max_grade = uniform(0, 1) ? 4 : 2;  // 2: raised to the topic's highest grade
    q.cutoffs = {1, 2, 3, 5, 10};
    std::shuffle(q.cutoffs.begin(), q.cutoffs.end(), rng);
    if (uniform(0, 4) == 0) q.max_ranks = uniform(1, 6);

    const std::size_t values = names(q).size();
    std::vector<long double> sum(values, 0), low(values, 1e300L), high(values, -1e300L);
    long double n = 0;
    each_ordering(t, [&](const std::vector<int>& ranked) {
      const std::vector<long double> v = flat(naive(ranked, t, q));
      for (std::size_t i = 0; i < values; ++i) {
        sum[i] += v[i];
        low[i] = std::min(low[i], v[i]);
        high[i] = std::max(high[i], v[i]);
      }
      n += 1;
    });
    const std::vector<double> avg = flat(irm::trec::ties::average(t, q));
    const Range b = irm::trec::ties::bounds(t, q);
    const std::vector<double> lo = flat(b.low), hi = flat(b.high);
    const std::vector<std::string> label = names(q);
    for (std::size_t i = 0; i < values; ++i) {
      INFO(describe(t, q) << "\n" << label[i]);
      CHECK(agrees(avg[i], sum[i] / n));
      CHECK(agrees(lo[i], low[i]));
      CHECK(agrees(hi[i], high[i]));
    }
    ++topics;
    orderings += static_cast<int>(n);
  }
  CHECK(topics == 400);
  CHECK(orderings > 400);
}
