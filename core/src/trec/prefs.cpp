// Preference counting as trec_eval 10.0 does it (its form_prefs_counts and prefs_* measures, by
// Chris Buckley; read for the rules, written anew here).
//
// The rules:
// - Every document in the topic's lines gets an id: those the run retrieved (after -M), in
//   rank order (score descending, ties by docno ascending), from 0; then the rest in docno
//   order. "Retrieved" below means id < judged_ret; a lower id is ranked higher.
// - A judgment group (jg) with one subgroup (jsg) orders its documents by level: every document
//   is preferred to every document of a lower level ("equivalence classes"). A document listed
//   twice at one level counts twice; at two levels, it is an error.
// - A group with several subgroups takes each subgroup's preferences, adds the ones they imply
//   (A over B in one subgroup and B over C in another give A over C), and forbids a
//   contradiction (A over B and B over A) and a document at level 0 in one subgroup and another
//   level in another. A document's level in the group is the last met, subgroups in byte order
//   and levels descending in each.
// - Relevant: level > 0. In a group of one subgroup every other level counts as non-relevant;
//   in a group of several, only level 0 does.
// - prefs_avgjg_Rnonrel counts, per group, as if there were as many non-relevant documents as
//   relevant ones: with R >= N (relevant, non-relevant) R - N non-relevant documents ranked last
//   are added; with R < N only the first R non-relevant documents (in id order) are kept and
//   the preferences counted again, as trec_eval's code does it (its equivalence-class form also
//   pairs the kept documents with their own class, and counts a preference whose first document
//   is not retrieved as not fulfilled). The _ret form uses the retrieved R and N.
#include "trec/prefs.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <unordered_map>

#include "parse/text.h"

namespace irm::trec {
namespace {

using Id = std::int64_t;

// One line of the topic with its document's id.
struct Entry {
  const GroupJudgment* line;
  Id id;
};

// A group of several subgroups keeps a table of every pair of its documents and closes it
// under transitivity (m^3/64 steps): 4,000 documents take 2 MB and about a second.
constexpr std::size_t max_partial_documents = 4'000;

// The preferences one pass may hold for the pair measures (8 bytes each).
constexpr std::size_t max_pair_prefs = 50'000'000;

InputError group_error(const std::string& message) {
  return InputError{ErrorCode::bad_token, message, Span{}, Field::input};
}

std::string in_group(const GroupJudgment& g, std::string_view topic, std::string_view file) {
  return "judgment group " + text::quoted(g.jg) + " of topic " + text::quoted(topic) + " in " +
         std::string(file);
}

std::string level_text(double level) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%g", level);
  return buffer;
}

// A preference of `first` over `second` as the pair measures sort them: the pair (lower id,
// higher id) in the high bits, and 1 in the lowest when it points from the higher id.
std::uint64_t pref_key(Id first, Id second) {
  const auto lo = static_cast<std::uint64_t>(std::min(first, second));
  const auto hi = static_cast<std::uint64_t>(std::max(first, second));
  return (lo << 32 | hi) << 1 | (first > second ? 1U : 0U);
}

InputError too_many_prefs(std::string_view topic, std::string_view file) {
  return group_error("topic " + text::quoted(topic) + " of " + std::string(file) +
                     " has more than " + std::to_string(max_pair_prefs) +
                     " preferences in several judgment groups, too many to pair up for "
                     "prefs_pair (the other measures work)");
}

// #{a in a_ids, b in b_ids : a < b}, both ascending.
std::int64_t count_less(const Id* a, std::size_t na, const Id* b, std::size_t nb) {
  std::int64_t count = 0;
  std::size_t i = 0;
  for (std::size_t j = 0; j < nb; ++j) {
    while (i < na && a[i] < b[j]) ++i;
    count += static_cast<std::int64_t>(i);
  }
  return count;
}

// How many of the ascending ids are below `limit`.
std::size_t below(const std::vector<Id>& ids, Id limit) {
  return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), limit) - ids.begin());
}

struct Class {
  double level;
  std::vector<Id> ids;                      // ascending, with repeats
  std::vector<const GroupJudgment*> lines;  // in the same order
};

// A group of one subgroup. `entries` are sorted by level descending, then id.
std::optional<InputError> count_classes(const std::vector<Entry>& entries, Id judged_ret,
                                        std::string_view topic, std::string_view file,
                                        GroupPrefs& g, std::vector<std::uint64_t>* prefs) {
  std::vector<Class> classes;
  for (const Entry& e : entries) {
    if (classes.empty() || classes.back().level != e.line->level) {
      classes.push_back(Class{e.line->level, {}, {}});
    }
    classes.back().ids.push_back(e.id);
    classes.back().lines.push_back(e.line);
  }
  const std::size_t k = classes.size();
  std::vector<std::size_t> ret(k);
  for (std::size_t c = 0; c < k; ++c) {
    const auto n = static_cast<std::int64_t>(classes[c].ids.size());
    ret[c] = below(classes[c].ids, judged_ret);
    const auto r = static_cast<std::int64_t>(ret[c]);
    if (classes[c].level > 0.0) {
      g.rel += n;
      g.rel_ret += r;
    } else {
      g.nonrel += n;
      g.nonrel_ret += r;
    }
  }
  std::int64_t unful_ret = 0, unful_imp = 0;
  for (std::size_t c1 = 0; c1 < k; ++c1) {
    const Class& a = classes[c1];
    for (std::size_t c2 = c1 + 1; c2 < k; ++c2) {
      const Class& b = classes[c2];
      // One document in two classes: two levels in one subgroup.
      for (std::size_t i = 0, j = 0; i < a.ids.size() && j < b.ids.size();) {
        if (a.ids[i] < b.ids[j]) {
          ++i;
        } else if (b.ids[j] < a.ids[i]) {
          ++j;
        } else {
          const bool first = a.lines[i]->line < b.lines[j]->line;
          const GroupJudgment& x = first ? *a.lines[i] : *b.lines[j];
          const GroupJudgment& y = first ? *b.lines[j] : *a.lines[i];
          return group_error("document " + text::quoted(x.docno) + " has two levels, " +
                             level_text(x.level) + " (line " + std::to_string(x.line) + ") and " +
                             level_text(y.level) + " (line " + std::to_string(y.line) +
                             "), in subgroup " + text::quoted(x.jsg) + " of " +
                             in_group(x, topic, file) +
                             "; trec_eval stops here: give each document one level per subgroup");
        }
      }
      const auto ra = static_cast<std::int64_t>(ret[c1]);
      const auto rb = static_cast<std::int64_t>(ret[c2]);
      const auto ua = static_cast<std::int64_t>(a.ids.size()) - ra;
      const auto ub = static_cast<std::int64_t>(b.ids.size()) - rb;
      const std::int64_t ful = count_less(a.ids.data(), ret[c1], b.ids.data(), ret[c2]);
      g.ful_ret += ful;
      unful_ret += ra * rb - ful;
      g.ful_imp += ra * ub;
      unful_imp += ua * rb;
      g.poss_notoccur += ua * ub;
      if (prefs != nullptr) {
        if (prefs->size() + a.ids.size() * b.ids.size() > max_pair_prefs) {
          return too_many_prefs(topic, file);
        }
        for (const Id x : a.ids) {
          for (const Id y : b.ids) prefs->push_back(pref_key(x, y));
        }
      }
    }
  }
  g.poss_ret = g.ful_ret + unful_ret;
  g.poss_imp = g.ful_imp + unful_imp;

  // prefs_avgjg_Rnonrel. #{a in A, b in B : a < b and a retrieved}.
  const auto ful_first = [&](const std::vector<Id>& a, std::size_t a_ret, const Id* b,
                             std::size_t nb) {
    std::int64_t count = 0;
    for (std::size_t i = 0; i < a_ret; ++i) {
      count += static_cast<std::int64_t>(
          nb - static_cast<std::size_t>(std::upper_bound(b, b + nb, a[i]) - b));
    }
    return count;
  };
  if (g.rel >= g.nonrel) {
    const std::int64_t extra = g.rel - g.nonrel;
    g.rnonrel_ful = g.ful_ret + g.ful_imp + g.rel_ret * extra;
    g.rnonrel_poss = g.poss_ret + g.poss_imp + g.poss_notoccur + g.rel * extra;
  } else {
    const std::vector<Id>& last = classes.back().ids;
    // The first R of the last class (trec_eval reads past the class when R is larger, which only
    // levels below 0 allow; here the class ends it).
    const std::size_t kept = std::min(static_cast<std::size_t>(g.rel), last.size());
    std::int64_t ful = 0, all = 0;
    for (std::size_t c1 = 0; c1 < k; ++c1) {
      for (std::size_t c2 = c1 + 1; c2 + 1 < k; ++c2) {
        ful += ful_first(classes[c1].ids, ret[c1], classes[c2].ids.data(), classes[c2].ids.size());
        all += static_cast<std::int64_t>(classes[c1].ids.size() * classes[c2].ids.size());
      }
    }
    for (std::size_t c = 0; c < k; ++c) {
      ful += ful_first(classes[c].ids, ret[c], last.data(), kept);
      all += static_cast<std::int64_t>(classes[c].ids.size() * kept);
    }
    g.rnonrel_ful = ful;
    g.rnonrel_poss = all;
  }
  if (g.rel_ret >= g.nonrel_ret) {
    const std::int64_t extra = g.rel_ret - g.nonrel_ret;
    g.rnonrel_ret_ful = g.ful_ret + g.rel_ret * extra;
    g.rnonrel_ret_poss = g.poss_ret + g.rel * extra;
  } else {
    const std::vector<Id>& last = classes.back().ids;
    const std::size_t kept = std::min(static_cast<std::size_t>(g.rel_ret), ret[k - 1]);
    std::int64_t ful = 0, all = 0;
    for (std::size_t c1 = 0; c1 < k; ++c1) {
      for (std::size_t c2 = c1 + 1; c2 + 1 < k; ++c2) {
        ful += count_less(classes[c1].ids.data(), ret[c1], classes[c2].ids.data(), ret[c2]);
        all += static_cast<std::int64_t>(ret[c1] * ret[c2]);
      }
    }
    for (std::size_t c = 0; c < k; ++c) {
      ful += count_less(classes[c].ids.data(), ret[c], last.data(), kept);
      all += static_cast<std::int64_t>(ret[c] * kept);
    }
    g.rnonrel_ret_ful = ful;
    g.rnonrel_ret_poss = all;
  }
  return std::nullopt;
}

// A group of several subgroups. `entries` are sorted by subgroup, level descending, then id.
std::optional<InputError> count_partial(const std::vector<Entry>& entries, Id judged_ret,
                                        std::string_view topic, std::string_view file,
                                        GroupPrefs& g, std::vector<std::uint64_t>* prefs) {
  std::vector<Id> ids;
  for (const Entry& e : entries) ids.push_back(e.id);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const std::size_t m = ids.size();
  if (m > max_partial_documents) {
    return group_error(in_group(*entries.front().line, topic, file) + " has " + std::to_string(m) +
                       " documents in several subgroups; the preferences " +
                       "they imply are worked out for at most " +
                       std::to_string(max_partial_documents) +
                       " documents a group (a table of every pair: put a user's complete "
                       "ranking in one subgroup, which has no such limit)");
  }
  const auto local = [&](Id id) {
    return static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
  };
  constexpr double unset = -1.0;
  std::vector<double> level(m, unset);
  std::vector<const GroupJudgment*> level_line(m, nullptr);
  const std::size_t words = (m + 63) / 64;
  std::vector<std::uint64_t> bits(m * words, 0);
  const auto set = [&](std::size_t i, std::size_t j) {
    bits[i * words + j / 64] |= 1ULL << (j % 64);
  };
  const auto has = [&](std::size_t i, std::size_t j) {
    return (bits[i * words + j / 64] >> (j % 64) & 1ULL) != 0;
  };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const GroupJudgment& line = *entries[i].line;
    const std::size_t at = local(entries[i].id);
    const double before = level[at];
    if ((before > 0.0 && line.level == 0.0) || (before == 0.0 && line.level > 0.0)) {
      const GroupJudgment& other = *level_line[at];
      return group_error("document " + text::quoted(line.docno) + " is non-relevant (level 0) " +
                         "and relevant (level " + level_text(before == 0.0 ? line.level : before) +
                         ") in " + in_group(line, topic, file) + ", at lines " +
                         std::to_string(std::min(other.line, line.line)) + " and " +
                         std::to_string(std::max(other.line, line.line)) +
                         "; trec_eval stops here: a group is one user's judgments and must agree");
    }
    level[at] = line.level;
    level_line[at] = &line;
    std::size_t j = i + 1;
    while (j < entries.size() && entries[j].line->jsg == line.jsg &&
           entries[j].line->level == line.level) {
      ++j;
    }
    for (; j < entries.size() && entries[j].line->jsg == line.jsg; ++j) {
      set(at, local(entries[j].id));
    }
  }
  // The preferences implied (Warshall's transitive closure, a row at a time).
  for (std::size_t via = 0; via < m; ++via) {
    for (std::size_t i = 0; i < m; ++i) {
      if (!has(i, via)) continue;
      for (std::size_t w = 0; w < words; ++w) bits[i * words + w] |= bits[via * words + w];
    }
  }
  for (std::size_t i = 0; i < m; ++i) bits[i * words + i / 64] &= ~(1ULL << (i % 64));
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = i + 1; j < m; ++j) {
      if (has(i, j) && has(j, i)) {
        const GroupJudgment& a = *level_line[i];
        const GroupJudgment& b = *level_line[j];
        return group_error("the preferences of " + in_group(a, topic, file) +
                           " contradict each other: " + text::quoted(a.docno) + " (line " +
                           std::to_string(a.line) + ") and " + text::quoted(b.docno) + " (line " +
                           std::to_string(b.line) +
                           ") are each preferred to the other, through its subgroups; trec_eval "
                           "stops here: put contradicting judgments in different groups");
      }
    }
  }
  for (std::size_t i = 0; i < m; ++i) {
    const bool retrieved = ids[i] < judged_ret;
    if (level[i] > 0.0) {
      ++g.rel;
      g.rel_ret += retrieved;
    } else if (level[i] == 0.0) {
      ++g.nonrel;
      g.nonrel_ret += retrieved;
    }
  }
  std::int64_t unful_ret = 0, unful_imp = 0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < m; ++j) count += has(i, j);
  }
  if (prefs != nullptr && prefs->size() + count > max_pair_prefs) {
    return too_many_prefs(topic, file);
  }
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < m; ++j) {
      if (!has(i, j)) continue;
      const Id a = ids[i], b = ids[j];
      if (a < judged_ret && b < judged_ret) {
        (a < b ? g.ful_ret : unful_ret) += 1;
      } else if (a < judged_ret) {
        ++g.ful_imp;
      } else if (b < judged_ret) {
        ++unful_imp;
      } else {
        ++g.poss_notoccur;
      }
      if (prefs != nullptr) prefs->push_back(pref_key(a, b));
    }
  }
  g.poss_ret = g.ful_ret + unful_ret;
  g.poss_imp = g.ful_imp + unful_imp;

  // prefs_avgjg_Rnonrel: the non-relevant documents after the first R (id order) are left out.
  const auto recount = [&](std::int64_t keep, Id scan_below, bool retrieved_only,
                           std::int64_t& ful_out, std::int64_t& poss_out) {
    Id first_dropped = scan_below;
    std::int64_t seen = 0;
    for (std::size_t i = 0; i < m && ids[i] < scan_below; ++i) {
      if (level[i] == 0.0 && ++seen == keep + 1) {
        first_dropped = ids[i];
        break;
      }
    }
    const auto dropped = [&](std::size_t i) { return ids[i] >= first_dropped && level[i] == 0.0; };
    std::int64_t ful = 0, poss = 0;
    for (std::size_t i = 0; i < m; ++i) {
      if (dropped(i) || (retrieved_only && ids[i] >= judged_ret)) continue;
      for (std::size_t j = 0; j < m; ++j) {
        if (!has(i, j) || dropped(j) || (retrieved_only && ids[j] >= judged_ret)) continue;
        if (ids[i] < judged_ret && ids[i] < ids[j]) {
          ++ful;
        } else {
          ++poss;
        }
      }
    }
    ful_out = ful;
    poss_out = poss + ful;
  };
  if (g.rel >= g.nonrel) {
    const std::int64_t extra = g.rel - g.nonrel;
    g.rnonrel_ful = g.ful_ret + g.ful_imp + g.rel_ret * extra;
    g.rnonrel_poss = g.poss_ret + g.poss_imp + g.poss_notoccur + g.rel * extra;
  } else {
    recount(g.rel, ids.empty() ? 0 : ids.back() + 1, false, g.rnonrel_ful, g.rnonrel_poss);
  }
  if (g.rel_ret >= g.nonrel_ret) {
    const std::int64_t extra = g.rel_ret - g.nonrel_ret;
    g.rnonrel_ret_ful = g.ful_ret + g.rel_ret * extra;
    g.rnonrel_ret_poss = g.poss_ret + g.rel * extra;
  } else {
    // trec_eval keeps num_rel (not the retrieved count) non-relevant documents here.
    recount(g.rel, judged_ret, true, g.rnonrel_ret_ful, g.rnonrel_ret_poss);
  }
  return std::nullopt;
}

}  // namespace

std::optional<InputError> count_prefs(const std::vector<GroupJudgment>& lines,
                                      const std::vector<std::string_view>& ranked,
                                      std::string_view topic, std::string_view file_name,
                                      bool want_pairs, TopicPrefs& out) {
  out = TopicPrefs{};
  // Ids: retrieved judged documents in rank order, then the others in docno order.
  std::vector<std::string_view> docnos;
  docnos.reserve(lines.size());
  for (const GroupJudgment& line : lines) docnos.push_back(line.docno);
  std::sort(docnos.begin(), docnos.end());
  docnos.erase(std::unique(docnos.begin(), docnos.end()), docnos.end());
  std::unordered_map<std::string_view, Id> id;
  id.reserve(docnos.size());
  for (const std::string_view docno : docnos) id.emplace(docno, -1);
  Id next = 0;
  for (const std::string_view docno : ranked) {
    const auto found = id.find(docno);
    if (found != id.end() && found->second < 0) found->second = next++;
  }
  out.judged_ret = next;
  for (const std::string_view docno : docnos) {
    Id& given = id[docno];
    if (given < 0) given = next++;
  }
  out.judged = next;

  std::vector<Entry> entries;
  entries.reserve(lines.size());
  for (const GroupJudgment& line : lines) entries.push_back(Entry{&line, id[line.docno]});
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.line->jg != b.line->jg) return a.line->jg < b.line->jg;
    if (a.line->jsg != b.line->jsg) return a.line->jsg < b.line->jsg;
    if (a.line->level != b.line->level) return a.line->level > b.line->level;
    return a.id < b.id;
  });

  // Pairs are needed when a pair can hold more than one preference: several groups, or a
  // document listed twice.
  std::size_t groups = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    groups += i == 0 || entries[i].line->jg != entries[i - 1].line->jg;
  }
  std::vector<std::uint64_t> prefs;
  bool single = groups == 1 && std::all_of(entries.begin(), entries.end(), [&](const Entry& e) {
                  return e.line->jsg == entries.front().line->jsg;
                });
  if (single) {
    std::vector<Id> seen;
    for (const Entry& e : entries) seen.push_back(e.id);
    std::sort(seen.begin(), seen.end());
    single = std::adjacent_find(seen.begin(), seen.end()) == seen.end();
  }
  std::vector<std::uint64_t>* pairs = want_pairs && !single ? &prefs : nullptr;

  std::vector<Entry> group;
  for (std::size_t start = 0; start < entries.size();) {
    std::size_t end = start;
    bool several = false;
    while (end < entries.size() && entries[end].line->jg == entries[start].line->jg) {
      several = several || entries[end].line->jsg != entries[start].line->jsg;
      ++end;
    }
    group.assign(entries.begin() + static_cast<std::ptrdiff_t>(start),
                 entries.begin() + static_cast<std::ptrdiff_t>(end));
    GroupPrefs g;
    auto error = several ? count_partial(group, out.judged_ret, topic, file_name, g, pairs)
                         : count_classes(group, out.judged_ret, topic, file_name, g, pairs);
    if (error) return error;
    out.groups.push_back(g);
    start = end;
  }

  if (!want_pairs) return std::nullopt;
  if (single) {
    const GroupPrefs& g = out.groups.front();
    out.pair_sum_ret = static_cast<double>(g.ful_ret);
    out.pair_sum_imp = static_cast<double>(g.ful_ret + g.ful_imp);
    out.pairs_ret = g.poss_ret;
    out.pairs_imp = g.poss_imp;
    out.pairs_notoccur = g.poss_notoccur;
    return std::nullopt;
  }
  // Each pair's share of fulfilled preferences, both retrieved first, then one retrieved, in
  // id order (the order of trec_eval's sums).
  std::sort(prefs.begin(), prefs.end());
  const auto judged_ret = static_cast<std::uint64_t>(out.judged_ret);
  double sum = 0.0;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < prefs.size();) {
      const std::uint64_t pair = prefs[i] >> 1;
      std::int64_t forward = 0, back = 0;
      for (; i < prefs.size() && prefs[i] >> 1 == pair; ++i) (prefs[i] & 1U ? back : forward) += 1;
      const std::uint64_t lo = pair >> 32, hi = pair & 0xFFFFFFFFULL;
      const double share = static_cast<double>(forward) / static_cast<double>(forward + back);
      if (pass == 0 && hi < judged_ret) {
        ++out.pairs_ret;
        sum += share;
      } else if (pass == 1 && lo < judged_ret && hi >= judged_ret) {
        ++out.pairs_imp;
        sum += share;
      } else if (pass == 1 && lo >= judged_ret) {
        ++out.pairs_notoccur;
      }
    }
    (pass == 0 ? out.pair_sum_ret : out.pair_sum_imp) = sum;
  }
  return std::nullopt;
}

void rank_groups(const std::vector<GroupJudgment>& lines,
                 const std::vector<std::string_view>& ranked, bool judged_only, int level,
                 std::vector<GroupRanking>& out) {
  out.clear();
  std::vector<const GroupJudgment*> sorted;
  sorted.reserve(lines.size());
  for (const GroupJudgment& line : lines) sorted.push_back(&line);
  std::sort(sorted.begin(), sorted.end(), [](const GroupJudgment* a, const GroupJudgment* b) {
    return a->jg != b->jg ? a->jg < b->jg : a->docno < b->docno;
  });
  std::unordered_map<std::string_view, int> rel;
  for (std::size_t start = 0; start < sorted.size();) {
    std::size_t end = start;
    rel.clear();
    GroupRanking g;
    for (; end < sorted.size() && sorted[end]->jg == sorted[start]->jg; ++end) {
      const int grade = static_cast<int>(sorted[end]->level);
      rel.emplace(sorted[end]->docno, grade);
      if (grade >= 0 && grade >= level) ++g.num_rel;
    }
    for (const std::string_view docno : ranked) {
      const auto found = rel.find(docno);
      const int code = found == rel.end() ? -1 : found->second < 0 ? -2 : found->second;
      if (judged_only && code < 0) continue;
      g.grades.push_back(code);
      if (code >= 0 && code >= level) ++g.num_rel_ret;
    }
    out.push_back(std::move(g));
    start = end;
  }
}

// ---- The prefs_* and *_avgjg measures' TopicNeed ---------------------------------------------

namespace {

// A -c topic the run lacks: trec_eval ranks one document no file judges, by this name (unless
// -M 0 leaves none).
bool ranks_bogus_document(const TopicRun& run) {
  return run.docs->empty() && run.options->max_docs != 0;
}

}  // namespace

bool PrefsNeed::prepare(const TopicRun& run, std::optional<InputError>& error) {
  static const std::vector<GroupJudgment> no_lines;
  const std::vector<GroupJudgment>& lines = run.group_lines ? *run.group_lines : no_lines;
  const std::vector<ScoredDoc>& docs = *run.docs;
  docnos_.clear();
  const bool bogus = ranks_bogus_document(run);
  if (bogus) docnos_.push_back("ceci_nest_pas_un_docno");
  // trec_eval's preference code breaks score ties by docno ascending, and applies -M after.
  std::vector<const ScoredDoc*> order(docs.size());
  for (std::size_t i = 0; i < docs.size(); ++i) order[i] = &docs[i];
  std::sort(order.begin(), order.end(), [](const ScoredDoc* a, const ScoredDoc* b) {
    return a->score != b->score ? a->score > b->score : a->docno < b->docno;
  });
  const std::int64_t max_docs = run.options->max_docs;
  if (max_docs >= 0 && static_cast<std::int64_t>(order.size()) > max_docs) {
    order.resize(static_cast<std::size_t>(max_docs));
  }
  if (!bogus) {
    for (const ScoredDoc* doc : order) docnos_.push_back(doc->docno);
  }
  if (run.first_m_once && !run.first_m_once(order)) return false;
  error = count_prefs(lines, docnos_, run.topic, run.qrels_file, want_pairs_, prefs);
  return !error;
}

bool GroupsNeed::prepare(const TopicRun& run, std::optional<InputError>&) {
  static const std::vector<GroupJudgment> no_lines;
  docnos_.clear();
  if (ranks_bogus_document(run)) {
    docnos_.push_back("ceci_nest_pas_un_docno");
  } else {
    for (const ScoredDoc* doc : *run.top) docnos_.push_back(doc->docno);
  }
  rank_groups(run.group_lines ? *run.group_lines : no_lines, docnos_, run.options->judged_only,
              run.options->level, groups);
  return true;
}

std::unique_ptr<TopicNeed> make_prefs_need(const TrecPlan& plan) {
  // prefs_pair and its _ret and _imp forms need the pair sums.
  bool want_pairs = false;
  for (const Requested& r : plan.measures) {
    want_pairs = want_pairs || std::string_view(r.def->name).rfind("prefs_pair", 0) == 0;
  }
  return std::make_unique<PrefsNeed>(want_pairs);
}

std::unique_ptr<TopicNeed> make_groups_need(const TrecPlan&) {
  return std::make_unique<GroupsNeed>();
}

}  // namespace irm::trec
