// Tie policies: see ties.h.
//
// Every measure here is a sum over ranks, cut at a rank k: P@k and R@k count relevant documents,
// AP@k sums precision at each relevant document, RR@k sums 1/rank over the one rank where the
// first relevant document is (an indicator), DCG@k sums gain/log2(rank + 1), and ERR@k sums
// (1/r) R_r prod_{j<r} (1 - R_j). So each is computed from "steps": per rank r, the rank's term,
// and a cutoff reads the running sum of the steps. One ordering gives the steps directly; the
// average policy gives each rank's *expected* term, and by the linearity of expectation the
// running sums are then the expected values of every measure at every cutoff (the divisions by
// k, by R and by the ideal DCG do not depend on the ordering).
//
// The expected terms, for a tie group of n documents on ranks s+1 .. s+n, with m of them relevant
// and c relevant documents ranked before the group; j = 1..n is a position in the group, every
// document equally likely at each, and every set of j-1 others equally likely before it:
// - relevant at rank s+j: m/n (P, R). DCG: the group's mean gain, over log2(s+j+1).
// - AP: a relevant document at position j has c + 1 + X relevant documents at or above it, where
//   X counts the other m-1 relevant ones among the j-1 positions above it: E[X] = (j-1)(m-1)/(n-1)
//   (each of the n-1 others is above it with probability (j-1)/(n-1)). The term is
//   (m/n) (c + 1 + (j-1)(m-1)/(n-1)) / (s+j), McSherry and Najork's expected AP written per rank.
// - RR: only the first group with a relevant document adds, and only when c = 0: the first
//   relevant document is at position j with probability C(n-j, m-1) / C(n, m) (the other m-1
//   relevant documents among the n-j positions below), so p(1) = m/n and
//   p(j+1) = p(j) (n-j-m+1) / (n-j); the term is p(j) / (s+j).
// - ERR is not linear in the documents: a rank's term is the product of the ones above. But
//   R_r prod_{j<r} (1 - R_j) = prod_{j<r} (1 - R_j) - prod_{j<=r} (1 - R_j), and the product over
//   the groups above is the same in every ordering of them (a product does not depend on the
//   order of its factors). So the expected term at position j of a group is
//     before * (f(j-1) - f(j)) / (s+j),
//   with `before` the product of (1 - R) over every document of the groups above, and f(t) the
//   mean of prod (1 - R) over the t documents in the group's first t positions: in a uniformly
//   random ordering those are a uniformly random t-subset, so f(t) = e_t(x) / C(n, t), the
//   elementary symmetric polynomial of the x = 1 - R divided by its number of terms. f is built
//   without the large binomials: adding a document of value y to a set of z documents changes
//   the means as f'(t) = ((z+1-t) f(t) + t y f(t-1)) / (z+1), a weighted mean of numbers in
//   [0, 1].
//   The documents with R = 0 (x = 1: not relevant at any grade, unjudged) are most of a tie
//   group; they are not added one at a time: if q documents of the group have R > 0 and their
//   means are g(u), u = 0..q, then f(t) = sum_u h(u; t) g(u), where h(u; t) is the
//   hypergeometric probability that a random t-subset of the n documents holds u of the q, and
//   h(.; t+1) follows from h(.; t): the next document drawn is one of the q with probability
//   (q-u)/(n-t). That costs O(q min(q, T) + q T) for the group's first T positions, instead of
//   O(n T). (A dynamic programme over how many documents of each grade have been placed gives
//   the same numbers with a state per combination of counts; the means above need none.)
//
// The bounds: in each measure, exchanging two adjacent documents of a tie group so that the one
// with the larger "key" comes first never lowers the value, where the key is relevance (P, R,
// AP, RR), the gain (nDCG) or the stopping probability (ERR). Ranks r and r+1 (r+1 <= k):
// - P@k, R@k: the same count. RR: the first relevant document moves up or stays.
// - AP: a relevant document moved from r+1 to r, over a non-relevant one, has the same number
//   of relevant documents at or above it and a smaller rank: its precision rises, no other
//   changes. At r = k (r+1 beyond the cutoff) it enters the sum: the sum rises.
// - DCG: (a - b)(1/log2(r+1) - 1/log2(r+2)) >= 0 for gains a >= b (beyond k the second
//   discount is 0: still >= 0).
// - ERR: with P the product above, P (a/r + (1-a) b/(r+1)) - P (b/r + (1-b) a/(r+1))
//   = P (a - b)(1/r - 1/(r+1)) >= 0 for probabilities a >= b (P >= 0 because every probability
//   is at most 1); the ranks below see the same product (1-a)(1-b). Beyond k: P (a - b) / k.
// Any ordering of a group becomes the one sorted by key descending by such exchanges (bubble
// sort), each raising the value or keeping it: the sorted ordering is the highest. Likewise key
// ascending is the lowest. The tests check both against every permutation of small topics.

#include "trec/ties.h"

#include <algorithm>
#include <cmath>

namespace irm::trec::ties {
namespace {

bool relevant(int grade, int level) { return grade >= 0 && grade >= level; }

double gain_of(int grade, const Request& request) {
  for (const auto& [g, gain] : request.gains) {
    if (g == grade) return gain;
  }
  return grade >= 0 ? static_cast<double>(grade) : 0.0;
}

double discount(std::int64_t rank) {  // rank counted from 1
  return std::log2(static_cast<double>(rank) + 1.0);
}

// ERR's g_max: the request's, raised to the highest grade of the topic.
int err_max_grade(const TiedTopic& topic, const Request& request) {
  int top = request.err_max_grade;
  for (const auto& group : topic.groups) {
    for (const int g : group) top = std::max(top, g);
  }
  for (const JudgedGrade& j : topic.judged) top = std::max(top, j.grade);
  return top;
}

// (2^g - 1) / 2^g_max, written so that a large g_max does not overflow; 0 for g <= 0.
double stop_probability(int grade, int max_grade) {
  if (grade <= 0) return 0.0;
  return std::ldexp(1.0, grade - max_grade) - std::ldexp(1.0, -max_grade);
}

// A ranking as a flat list of grades cut into groups: [begin, end) of `grades` per group.
struct Ranking {
  const int* grades = nullptr;
  std::vector<std::size_t> ends;
};

// The expected term of each rank 1..L (index 0..L-1) of every measure.
struct Steps {
  std::vector<double> rel, ap, rr, dcg, err;
  explicit Steps(std::size_t length)
      : rel(length, 0.0), ap(length, 0.0), rr(length, 0.0), dcg(length, 0.0), err(length, 0.0) {}
};

// f(t), t = 0..limit, for a group of n documents: the mean over t-subsets of prod (1 - R), where
// `probabilities` are the R > 0 of the group (the others have 1 - R = 1). See the top of file.
std::vector<double> subset_means(const std::vector<double>& probabilities, std::size_t n,
                                 std::size_t limit) {
  const std::size_t q = probabilities.size();
  // g(u), u = 0..min(q, limit): means over u-subsets of the q documents with R > 0.
  const std::size_t top = std::min(q, limit);
  std::vector<double> g(top + 1, 0.0);
  g[0] = 1.0;
  for (std::size_t added = 0; added < q; ++added) {
    const double y = 1.0 - probabilities[added];
    const double size = static_cast<double>(added + 1);
    for (std::size_t t = std::min(added + 1, top); t >= 1; --t) {
      const double td = static_cast<double>(t);
      g[t] = ((size - td) * g[t] + td * y * g[t - 1]) / size;
    }
  }
  // f(t) = sum_u h(u; t) g(u); h(.; 0) = [1, 0, ...].
  std::vector<double> f(limit + 1, 0.0);
  std::vector<double> h(top + 1, 0.0);
  h[0] = 1.0;
  for (std::size_t t = 0;; ++t) {
    double sum = 0.0;
    for (std::size_t u = 0; u <= std::min(t, top); ++u) sum += h[u] * g[u];
    f[t] = sum;
    if (t == limit) break;
    // Draw document t+1 from the n - t left: one of the q - u with R > 0 not drawn yet, or one
    // of the (n - q) - (t - u) others not drawn yet.
    const double left = static_cast<double>(n - t);
    for (std::ptrdiff_t u = static_cast<std::ptrdiff_t>(std::min(t + 1, top)); u >= 0; --u) {
      const auto uu = static_cast<std::size_t>(u);
      const std::ptrdiff_t others_left =
          static_cast<std::ptrdiff_t>(n - q) - (static_cast<std::ptrdiff_t>(t) - u);
      double next =
          uu <= t && others_left > 0 ? h[uu] * static_cast<double>(others_left) / left : 0.0;
      if (uu >= 1) next += h[uu - 1] * static_cast<double>(q - (uu - 1)) / left;
      h[uu] = next;
    }
  }
  return f;
}

// The steps of a ranking under the average policy (a group of one is a fixed rank, so one
// ordering is the ranking whose groups all have one document). Ranks beyond `length` are not
// retrieved.
Steps average_steps(const Ranking& ranking, std::size_t length, const TiedTopic& topic,
                    const Request& request) {
  Steps steps(length);
  const int max_grade = err_max_grade(topic, request);
  double relevant_above = 0.0;  // c
  double before = 1.0;          // ERR: prod (1 - R) over the groups above
  std::vector<double> probabilities;
  std::size_t begin = 0;
  for (const std::size_t end : ranking.ends) {
    if (begin >= length) break;
    const std::size_t n = end - begin;
    const double nd = static_cast<double>(n);
    const std::size_t here = std::min(end, length) - begin;  // positions retrieved
    double m = 0.0, gain_sum = 0.0, x_product = 1.0;
    probabilities.clear();
    for (std::size_t i = begin; i < end; ++i) {
      const int grade = ranking.grades[i];
      if (relevant(grade, topic.level)) m += 1.0;
      gain_sum += gain_of(grade, request);
      const double p = stop_probability(grade, max_grade);
      if (p > 0.0) {
        probabilities.push_back(p);
        x_product *= 1.0 - p;
      }
    }
    const double others = n > 1 ? (m - 1.0) / (nd - 1.0) : 0.0;      // (m-1)/(n-1)
    double first = relevant_above == 0.0 && m > 0.0 ? m / nd : 0.0;  // RR: p(1)
    for (std::size_t j = 1; j <= here; ++j) {
      const std::size_t r = begin + j - 1;  // index of rank s+j
      const double rank = static_cast<double>(begin + j);
      const double jd = static_cast<double>(j);
      steps.rel[r] = m / nd;
      steps.ap[r] = (m / nd) * (relevant_above + 1.0 + (jd - 1.0) * others) / rank;
      steps.rr[r] = first / rank;
      first = j < n ? first * (nd - jd - m + 1.0) / (nd - jd) : 0.0;
      steps.dcg[r] = gain_sum / nd / discount(static_cast<std::int64_t>(begin + j));
    }
    if (!probabilities.empty()) {
      const std::vector<double> f = subset_means(probabilities, n, here);
      for (std::size_t j = 1; j <= here; ++j) {
        steps.err[begin + j - 1] = before * (f[j - 1] - f[j]) / static_cast<double>(begin + j);
      }
    }
    relevant_above += m;
    before *= x_product;
    begin = end;
  }
  return steps;
}

// The ideal DCG at rank k (k < 0: the whole ideal ranking): every judged grade, by gain
// descending, positive gains only.
class Ideal {
 public:
  Ideal(const TiedTopic& topic, const Request& request) {
    for (const JudgedGrade& j : topic.judged) {
      const double gain = gain_of(j.grade, request);
      if (gain > 0.0 && j.count > 0) levels_.emplace_back(gain, j.count);
    }
    std::sort(levels_.begin(), levels_.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
  }
  double at(std::int64_t k) const {
    double sum = 0.0;
    std::int64_t rank = 0;
    for (const auto& [gain, count] : levels_) {
      for (std::int64_t i = 0; i < count; ++i) {
        if (k >= 0 && rank >= k) return sum;
        ++rank;
        sum += gain / discount(rank);
      }
    }
    return sum;
  }

 private:
  std::vector<std::pair<double, std::int64_t>> levels_;
};

std::size_t retrieved(std::size_t documents, const Request& request) {
  if (request.max_ranks > 0) {
    return std::min(documents, static_cast<std::size_t>(request.max_ranks));
  }
  return documents;
}

Values values_of(const Steps& steps, const TiedTopic& topic, const Request& request) {
  const std::size_t length = steps.rel.size();
  // Running sums; sums[i] over ranks 1..i.
  std::vector<double> rel(length + 1, 0.0), ap(length + 1, 0.0), rr(length + 1, 0.0),
      dcg(length + 1, 0.0), err(length + 1, 0.0);
  for (std::size_t i = 0; i < length; ++i) {
    rel[i + 1] = rel[i] + steps.rel[i];
    ap[i + 1] = ap[i] + steps.ap[i];
    rr[i + 1] = rr[i] + steps.rr[i];
    dcg[i + 1] = dcg[i] + steps.dcg[i];
    err[i + 1] = err[i] + steps.err[i];
  }
  const double r = static_cast<double>(topic.relevant);
  const Ideal ideal(topic, request);
  Values v;
  for (const std::int64_t k : request.cutoffs) {
    const std::size_t at = k > 0 ? std::min(length, static_cast<std::size_t>(k)) : 0;
    v.precision.push_back(k > 0 ? rel[at] / static_cast<double>(k) : 0.0);
    v.recall.push_back(r > 0.0 ? rel[at] / r : 0.0);
    v.ap_at.push_back(r > 0.0 ? ap[at] / r : 0.0);
    v.rr_at.push_back(rr[at]);
    const double best = ideal.at(std::max<std::int64_t>(k, 0));
    v.ndcg_at.push_back(best > 0.0 ? dcg[at] / best : 0.0);
    v.err_at.push_back(err[at]);
  }
  v.ap = r > 0.0 ? ap[length] / r : 0.0;
  v.rr = rr[length];
  const double best = ideal.at(-1);
  v.ndcg = best > 0.0 ? dcg[length] / best : 0.0;
  v.err = err[length];
  return v;
}

Ranking flatten(const TiedTopic& topic, std::vector<int>& grades) {
  Ranking ranking;
  grades.clear();
  for (const auto& group : topic.groups) {
    grades.insert(grades.end(), group.begin(), group.end());
    if (!group.empty()) ranking.ends.push_back(grades.size());
  }
  ranking.grades = grades.data();
  return ranking;
}

}  // namespace

Values evaluate_ranking(const std::vector<int>& ranked_grades, const TiedTopic& topic,
                        const Request& request) {
  Ranking ranking;
  ranking.grades = ranked_grades.data();
  for (std::size_t i = 1; i <= ranked_grades.size(); ++i) ranking.ends.push_back(i);
  const std::size_t length = retrieved(ranked_grades.size(), request);
  return values_of(average_steps(ranking, length, topic, request), topic, request);
}

Values average(const TiedTopic& topic, const Request& request) {
  std::vector<int> grades;
  const Ranking ranking = flatten(topic, grades);
  const std::size_t length = retrieved(grades.size(), request);
  return values_of(average_steps(ranking, length, topic, request), topic, request);
}

Range bounds(const TiedTopic& topic, const Request& request) {
  std::vector<int> grades;
  const Ranking ranking = flatten(topic, grades);
  const int max_grade = err_max_grade(topic, request);
  // Each measure's key (see the top of the file); ties of keys keep the input order, which no
  // value depends on.
  enum Family { binary, gain, stop };
  const auto key = [&](Family family, int grade) {
    switch (family) {
      case binary:
        return relevant(grade, topic.level) ? 1.0 : 0.0;
      case gain:
        return gain_of(grade, request);
      case stop:
        return stop_probability(grade, max_grade);
    }
    return 0.0;
  };
  const auto arranged = [&](Family family, bool best) {
    std::vector<int> order(grades);
    std::size_t begin = 0;
    for (const std::size_t end : ranking.ends) {
      std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(begin),
                       order.begin() + static_cast<std::ptrdiff_t>(end), [&](int a, int b) {
                         return best ? key(family, a) > key(family, b)
                                     : key(family, a) < key(family, b);
                       });
      begin = end;
    }
    return evaluate_ranking(order, topic, request);
  };
  Range range;
  for (const bool best : {false, true}) {
    const Values b = arranged(binary, best);
    const Values g = arranged(gain, best);
    const Values s = arranged(stop, best);
    Values& v = best ? range.high : range.low;
    v.precision = b.precision;
    v.recall = b.recall;
    v.ap_at = b.ap_at;
    v.rr_at = b.rr_at;
    v.ap = b.ap;
    v.rr = b.rr;
    v.ndcg_at = g.ndcg_at;
    v.ndcg = g.ndcg;
    v.err_at = s.err_at;
    v.err = s.err;
  }
  return range;
}

TieGroups tie_groups(const std::vector<double>& scores) {
  return tie_groups_by(scores.size(), [&](std::size_t i) { return scores[i]; });
}

TieGroups tie_groups(const std::vector<ScoredDoc>& ranked) {
  return tie_groups_by(ranked.size(), [&](std::size_t i) { return ranked[i].score; });
}

std::vector<std::vector<int>> split(const std::vector<int>& ranked_grades,
                                    const TieGroups& groups) {
  std::vector<std::vector<int>> out;
  out.reserve(groups.ends.size());
  std::size_t begin = 0;
  for (std::size_t end : groups.ends) {
    end = std::min(end, ranked_grades.size());
    out.emplace_back(ranked_grades.begin() + static_cast<std::ptrdiff_t>(begin),
                     ranked_grades.begin() + static_cast<std::ptrdiff_t>(end));
    begin = end;
  }
  return out;
}

}  // namespace irm::trec::ties
