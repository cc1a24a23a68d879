// judges_agreement_json (irm/judges.h): two qrels files compared document by document. The
// statistics are the teaching calculators' own (kappa.cpp, kappa_weighted.cpp,
// krippendorff.cpp), run on the table of grades of the documents both files judge, so a value
// here is the value the agreement page shows for that table, exact where it is a fraction.

#include "irm/judges.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

#include "irm/agreement.h"
#include "irm/confusion.h"
#include "irm/correlation.h"
#include "irm/inputs.h"
#include "irm/json.h"
#include "irm/registry.h"
#include "irm/trec.h"
#include "stats/quantile.h"
#include "stats/splitmix.h"

namespace irm {
// A named namespace: the TREC engine's files share unity batches.
namespace judges_report {
namespace {

// One document both files judge: its topic's index in A, its docno, and the two grades.
struct SharedJudgment {
  std::size_t topic = 0;
  std::string_view docno;
  int a = 0;
  int b = 0;
};

// The most grades for which agreement.binary lists every pair of thresholds.
constexpr std::size_t max_binary_grades = 12;

struct TopicCount {
  std::size_t both = 0;
  std::size_t agree = 0;
  std::size_t only_a = 0;
  std::size_t only_b = 0;
};

// A statistic as the report gives it: its value, null when 0/0, and its exact text.
struct Stat {
  std::optional<double> value;
  std::string exact;  // "p/q" or "" when not a fraction
  std::optional<std::pair<double, double>> interval;
};

Stat stat_of(const Number& n) {
  Stat s;
  s.value = n.approx;
  if (n.exact) {
    s.exact = std::to_string(n.exact->num);
    if (n.exact->den != 1) s.exact += "/" + std::to_string(n.exact->den);
  }
  return s;
}

std::optional<double> named_value(const Outcome& out, const std::string& name) {
  for (const auto& [key, value] : out.values) {
    if (key == name) return value.approx;
  }
  return std::nullopt;
}

// Runs a registry measure on inputs the report built (never text): the same code as the pages.
Result<Outcome> run_named(const std::string& name, const Inputs& in) {
  const auto call = parse_measure_name(name);
  if (!call.ok()) return call.error();
  return call.value().info->run(call.value(), in);
}

// Whether chance agreement is certain: both files give every shared document one and the same
// grade, so κ and α are 0/0.
bool single_grade(const LabelMatrix& m) {
  std::size_t used = 0;
  for (std::size_t i = 0; i < m.labels.size(); ++i) {
    std::int64_t row = 0;
    std::int64_t column = 0;
    for (std::size_t j = 0; j < m.labels.size(); ++j) {
      row += m.counts[i][j];
      column += m.counts[j][i];
    }
    if (row != 0 || column != 0) ++used;
  }
  return used <= 1;
}

Stat kappa_stat(const LabelMatrix& m, const std::string& weights, const std::string& confidence) {
  if (single_grade(m)) return {};
  Inputs in;
  in.judges = &m;
  const auto out = run_named("kappa(weights=" + weights + ",confidence=" + confidence + ")", in);
  if (!out.ok()) return {};
  Stat s = stat_of(out.value().value);
  const auto low = named_value(out.value(), "CI_low");
  const auto high = named_value(out.value(), "CI_high");
  if (low && high) s.interval = std::make_pair(*low, *high);
  return s;
}

Stat alpha_stat(const ReliabilityData& d, const char* level) {
  Inputs in;
  in.reliability = &d;
  const auto out = run_named(std::string("krippendorff(level=") + level + ")", in);
  if (!out.ok()) return {};  // D_e = 0: every judgment the same grade
  return stat_of(out.value().value);
}

LabelMatrix table_of(const std::vector<int>& grades, const std::vector<SharedJudgment>& shared) {
  LabelMatrix m;
  for (const int g : grades) m.labels.push_back(std::to_string(g));
  m.counts.assign(grades.size(), std::vector<std::int64_t>(grades.size(), 0));
  const auto at = [&](int g) {
    return static_cast<std::size_t>(std::lower_bound(grades.begin(), grades.end(), g) -
                                    grades.begin());
  };
  for (const auto& s : shared) ++m.counts[at(s.a)][at(s.b)];
  return m;
}

void write_stat(JsonWriter& w, const std::string& key, const Stat& s) {
  w.key(key);
  if (s.value) {
    w.value(*s.value);
  } else {
    w.null();
  }
}

void write_table(JsonWriter& w, const LabelMatrix& m) {
  w.begin_array();
  for (const auto& row : m.counts) {
    w.begin_array();
    for (const std::int64_t c : row) w.value(static_cast<double>(c));
    w.end_array();
  }
  w.end_array();
}

std::string count_text(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A mean as the correlation calculators read it: a decimal of 12 significant digits (two runs
// whose means print the same there are a tie, as in a printed leaderboard).
std::string mean_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", value);
  return buffer;
}

Fraction mean_fraction(double value) {
  const auto f = irm::parse_decimal(mean_text(value));
  return f ? *f : Fraction{0, 1};
}

std::vector<double> means_of(const std::vector<std::vector<double>>& scores,
                             const std::vector<std::size_t>& topics) {
  std::vector<double> means;
  for (const auto& run : scores) {
    double sum = 0.0;
    for (const std::size_t t : topics) sum += run[t];
    means.push_back(sum / static_cast<double>(topics.size()));
  }
  return means;
}

TwoRankings rankings_of(const std::vector<std::string>& runs, const std::vector<double>& x,
                        const std::vector<double>& y) {
  TwoRankings r;
  r.items = runs;
  r.x_name = "A";
  r.y_name = "B";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    r.x.push_back(mean_fraction(x[i]));
    r.y.push_back(mean_fraction(y[i]));
    r.x_text.push_back(mean_text(x[i]));
    r.y_text.push_back(mean_text(y[i]));
  }
  return r;
}

// Run indexes, the highest mean first (equal means in the runs' order).
std::vector<std::size_t> order_of(const std::vector<double>& means) {
  std::vector<std::size_t> order(means.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t i, std::size_t j) { return means[i] > means[j]; });
  return order;
}

bool has_ties(const TwoRankings& r) {
  for (const auto* side : {&r.x, &r.y}) {
    for (std::size_t i = 0; i < side->size(); ++i) {
      for (std::size_t j = i + 1; j < side->size(); ++j) {
        if ((*side)[i] == (*side)[j]) return true;
      }
    }
  }
  return false;
}

// A correlation measure's value (and one of its named values) on the two lists of means.
struct Correlation {
  std::optional<double> value;
  std::optional<double> p;
};

Correlation correlation_of(const std::string& name, const Inputs& in) {
  const auto out = run_named(name, in);
  if (!out.ok()) return {};
  return {out.value().value.approx, named_value(out.value(), "p")};
}

void write_optional(JsonWriter& w, const std::string& key, const std::optional<double>& v) {
  w.key(key);
  if (v) {
    w.value(*v);
  } else {
    w.null();
  }
}
}  // namespace
}  // namespace judges_report

Result<std::string> judges_agreement_json(std::string_view qrels_a, std::string_view name_a,
                                          std::string_view qrels_b, std::string_view name_b,
                                          const JudgesOptions& options, std::string* failed_file) {
  auto read_a = read_qrels(qrels_a, name_a);
  auto read_b = read_a.ok() ? read_qrels(qrels_b, name_b) : read_a;
  if (!read_a.ok() || !read_b.ok()) {
    if (failed_file != nullptr) failed_file->assign(read_a.ok() ? name_b : name_a);
    return read_a.ok() ? read_b.error() : read_a.error();
  }
  return judges_agreement_json(read_a.value(), name_a, read_b.value(), name_b, options);
}

Result<std::string> judges_agreement_json(const Qrels& a, std::string_view name_a, const Qrels& b,
                                          std::string_view name_b, const JudgesOptions& options) {
  using namespace judges_report;
  std::vector<SharedJudgment> shared;
  std::vector<TopicCount> per_topic(a.topics.size());
  std::vector<std::string_view> only_a_topics;
  std::vector<std::string_view> only_b_topics;
  std::size_t judged_a = 0;
  std::size_t judged_b = 0;
  std::size_t only_a_docs = 0;
  std::size_t only_b_docs = 0;
  for (std::size_t t = 0; t < a.topics.size(); ++t) {
    const auto& mine = a.judgments[t].all();
    judged_a += mine.size();
    const TopicJudgments* theirs = b.find(a.topics[t]);
    if (theirs == nullptr) {
      only_a_topics.push_back(a.topics[t]);
      only_a_docs += mine.size();
      continue;
    }
    TopicCount& count = per_topic[t];
    for (const Judgment& j : mine) {
      const Judgment* other = theirs->find(j.docno);
      if (other == nullptr) {
        ++count.only_a;
        continue;
      }
      shared.push_back({t, j.docno, j.grade, other->grade});
      ++count.both;
      if (j.grade == other->grade) ++count.agree;
    }
    count.only_b = theirs->size() - count.both;
    only_a_docs += count.only_a;
    only_b_docs += count.only_b;
  }
  for (std::size_t t = 0; t < b.topics.size(); ++t) {
    judged_b += b.judgments[t].size();
    if (a.find(b.topics[t]) == nullptr) {
      only_b_topics.push_back(b.topics[t]);
      only_b_docs += b.judgments[t].size();
    }
  }
  if (shared.empty()) {
    return InputError{ErrorCode::inconsistent_counts,
                      "no document is judged in both " + std::string(name_a) + " and " +
                          std::string(name_b) + " (" +
                          count_text(a.topics.size(), "topic", "topics") + " and " +
                          count_text(b.topics.size(), "topic", "topics") + ", " +
                          std::to_string(a.topics.size() - only_a_topics.size()) +
                          " in both): agreement needs the same topic and document ids in the two",
                      Span{}, Field::input};
  }

  std::vector<int> grades;
  for (const auto& s : shared) {
    grades.push_back(s.a);
    grades.push_back(s.b);
  }
  std::sort(grades.begin(), grades.end());
  grades.erase(std::unique(grades.begin(), grades.end()), grades.end());
  const LabelMatrix table = table_of(grades, shared);

  std::size_t agree = 0;
  for (const auto& s : shared) agree += s.a == s.b ? 1 : 0;
  const std::string confidence = parameter_number(options.confidence);
  const Stat percent =
      stat_of(ratio(static_cast<std::int64_t>(agree), static_cast<std::int64_t>(shared.size())));
  const Stat kappa = kappa_stat(table, "none", confidence);
  const Stat kappa_linear = kappa_stat(table, "linear", confidence);
  const Stat kappa_quadratic = kappa_stat(table, "quadratic", confidence);

  ReliabilityData reliability;
  reliability.coders = {std::string(name_a), std::string(name_b)};
  for (const int g : grades) {
    reliability.values.push_back(std::to_string(g));
    reliability.numbers.push_back(Fraction{g, 1});
  }
  reliability.cells.assign(2, {});
  for (const auto& s : shared) {
    reliability.units.push_back(std::string(a.topics[s.topic]) + " " + std::string(s.docno));
    const auto index = [&](int g) {
      return static_cast<int>(std::lower_bound(grades.begin(), grades.end(), g) - grades.begin());
    };
    reliability.cells[0].push_back(index(s.a));
    reliability.cells[1].push_back(index(s.b));
  }
  const Stat alpha_ordinal = alpha_stat(reliability, "ordinal");
  const Stat alpha_nominal = alpha_stat(reliability, "nominal");

  JsonWriter w;
  w.begin_object();
  w.key("files");
  w.begin_object();
  w.key("a");
  w.value(std::string(name_a));
  w.key("b");
  w.value(std::string(name_b));
  w.end_object();

  w.key("topics");
  w.begin_object();
  w.key("a");
  w.value(static_cast<double>(a.topics.size()));
  w.key("b");
  w.value(static_cast<double>(b.topics.size()));
  w.key("both");
  w.value(static_cast<double>(a.topics.size() - only_a_topics.size()));
  w.key("only_a");
  w.begin_array();
  for (const auto t : only_a_topics) w.value(std::string(t));
  w.end_array();
  w.key("only_b");
  w.begin_array();
  for (const auto t : only_b_topics) w.value(std::string(t));
  w.end_array();
  w.end_object();

  w.key("documents");
  w.begin_object();
  w.key("a");
  w.value(static_cast<double>(judged_a));
  w.key("b");
  w.value(static_cast<double>(judged_b));
  w.key("both");
  w.value(static_cast<double>(shared.size()));
  w.key("only_a");
  w.value(static_cast<double>(only_a_docs));
  w.key("only_b");
  w.value(static_cast<double>(only_b_docs));
  w.end_object();

  w.key("grades");
  w.begin_array();
  for (const int g : grades) w.value(g);
  w.end_array();
  w.key("table");
  write_table(w, table);

  w.key("agreement");
  w.begin_object();
  const std::pair<const char*, const Stat*> stats[] = {{"percent", &percent},
                                                       {"kappa", &kappa},
                                                       {"kappa_linear", &kappa_linear},
                                                       {"kappa_quadratic", &kappa_quadratic},
                                                       {"krippendorff_ordinal", &alpha_ordinal},
                                                       {"krippendorff_nominal", &alpha_nominal}};
  for (const auto& [key, s] : stats) write_stat(w, key, *s);
  for (const auto& [key, s] :
       {std::make_pair("kappa_ci", &kappa), std::make_pair("kappa_linear_ci", &kappa_linear),
        std::make_pair("kappa_quadratic_ci", &kappa_quadratic)}) {
    w.key(key);
    if (s->interval) {
      w.begin_array();
      w.value(s->interval->first);
      w.value(s->interval->second);
      w.end_array();
    } else {
      w.null();
    }
  }
  w.key("confidence");
  w.value(to_double(options.confidence));
  w.key("exact");
  w.begin_object();
  for (const auto& [key, s] : stats) {
    if (s->exact.empty()) continue;
    w.key(key);
    w.value(s->exact);
  }
  w.end_object();

  // Binary κ: relevant = grade ≥ threshold, for each threshold above the lowest grade of each
  // (at most max_binary_grades grades: a scale of 0 to 100 would be 10,000 tables). Each 2 × 2
  // table from the sums of the grade table's corners: above[i][j] = Σ_{i' ≥ i, j' ≥ j} table.
  const std::size_t k = grades.size();
  std::vector<std::vector<std::int64_t>> above(k + 1, std::vector<std::int64_t>(k + 1, 0));
  for (std::size_t i = k; i-- > 0;) {
    for (std::size_t j = k; j-- > 0;) {
      above[i][j] = table.counts[i][j] + above[i + 1][j] + above[i][j + 1] - above[i + 1][j + 1];
    }
  }
  const auto n_shared = static_cast<std::int64_t>(shared.size());
  w.key("binary");
  w.begin_array();
  for (std::size_t ta = 1; ta < k && k <= max_binary_grades; ++ta) {
    for (std::size_t tb = 1; tb < k; ++tb) {
      LabelMatrix two;
      two.labels = {"<" + std::to_string(grades[ta]), ">=" + std::to_string(grades[ta])};
      const std::int64_t both = above[ta][tb];
      const std::int64_t a_only = above[ta][0] - both;
      const std::int64_t b_only = above[0][tb] - both;
      two.counts = {{n_shared - both - a_only - b_only, b_only}, {a_only, both}};
      const Stat k2 = kappa_stat(two, "none", confidence);
      const Stat p2 = stat_of(
          ratio(two.counts[0][0] + two.counts[1][1], static_cast<std::int64_t>(shared.size())));
      w.begin_object();
      w.key("a");
      w.value(grades[ta]);
      w.key("b");
      w.value(grades[tb]);
      w.key("table");
      write_table(w, two);
      write_stat(w, "percent", p2);
      write_stat(w, "kappa", k2);
      w.key("exact");
      w.begin_object();
      w.key("percent");
      w.value(p2.exact);
      if (!k2.exact.empty()) {
        w.key("kappa");
        w.value(k2.exact);
      }
      w.end_object();
      w.end_object();
    }
  }
  w.end_array();
  w.end_object();  // agreement

  // Per topic: percent agreement and κ on the topic's own table.
  struct TopicRow {
    std::size_t topic;
    double percent;
    std::optional<double> kappa;
  };
  std::vector<TopicRow> rows;
  w.key("per_topic");
  w.begin_array();
  std::vector<std::vector<SharedJudgment>> by_topic(a.topics.size());
  for (const auto& s : shared) by_topic[s.topic].push_back(s);
  for (std::size_t t = 0; t < a.topics.size(); ++t) {
    if (b.find(a.topics[t]) == nullptr) continue;
    const TopicCount& c = per_topic[t];
    w.begin_object();
    w.key("topic");
    w.value(std::string(a.topics[t]));
    w.key("both");
    w.value(static_cast<double>(c.both));
    w.key("agree");
    w.value(static_cast<double>(c.agree));
    w.key("percent");
    std::optional<double> topic_kappa;
    if (c.both == 0) {
      w.null();
    } else {
      const double p = static_cast<double>(c.agree) / static_cast<double>(c.both);
      w.value(p);
      topic_kappa = kappa_stat(table_of(grades, by_topic[t]), "none", confidence).value;
      rows.push_back({t, p, topic_kappa});
    }
    w.key("kappa");
    if (topic_kappa) {
      w.value(*topic_kappa);
    } else {
      w.null();
    }
    w.key("only_a");
    w.value(static_cast<double>(c.only_a));
    w.key("only_b");
    w.value(static_cast<double>(c.only_b));
    w.end_object();
  }
  w.end_array();

  // The lowest percent first; among equals the lowest κ (an undefined κ last), then A's order.
  std::stable_sort(rows.begin(), rows.end(), [](const TopicRow& x, const TopicRow& y) {
    if (x.percent != y.percent) return x.percent < y.percent;
    if (x.kappa.has_value() != y.kappa.has_value()) return x.kappa.has_value();
    return x.kappa && *x.kappa < *y.kappa;
  });
  w.key("disagree_most");
  w.begin_array();
  for (std::size_t i = 0; i < rows.size() && i < options.worst_topics; ++i) {
    w.value(std::string(a.topics[rows[i].topic]));
  }
  w.end_array();

  w.key("notes");
  w.begin_array();
  if (k > max_binary_grades) {
    w.value("κ on relevant or not is given for scales of at most " +
            std::to_string(max_binary_grades) + " grades; these files use " + std::to_string(k) +
            ".");
  }
  w.value("The statistics are over the " + count_text(shared.size(), "document", "documents") +
          " both files judge (the same topic and document id); a document only one file judges "
          "is counted under documents.only_a or only_b and left out.");
  if (!only_a_topics.empty() || !only_b_topics.empty()) {
    w.value(count_text(only_a_topics.size(), "topic is", "topics are") + " judged only in " +
            std::string(name_a) + " and " + count_text(only_b_topics.size(), "topic", "topics") +
            " only in " + std::string(name_b) + ": left out of the agreement.");
  }
  w.value(
      "Grades are categories in ascending order: κ counts only exact agreement, weighted κ "
      "(Cohen 1968) and Krippendorff's ordinal α count near misses as partial agreement; "
      "κ's interval is the large-sample one of Fleiss, Cohen & Everitt (1969).");
  if (!kappa.value) {
    w.value(
        "Every document both judge has the same grade in both files: chance agreement is "
        "certain, so κ and α are 0/0 and given as null.");
  }
  for (const auto& warning : a.warnings) w.value(std::string(name_a) + ": " + warning);
  for (const auto& warning : b.warnings) w.value(std::string(name_b) + ": " + warning);
  w.end_array();
  w.end_object();
  return w.text();
}

Result<std::string> judges_leaderboards_json(const std::vector<LeaderboardScores>& measures,
                                             const LeaderboardOptions& options) {
  using namespace judges_report;
  JsonWriter w;
  w.begin_object();
  for (const LeaderboardScores& m : measures) {
    const std::size_t runs = m.runs.size();
    const std::size_t topics = m.topics.size();
    if (runs < 2 || topics < 1) {
      return InputError{ErrorCode::inconsistent_counts,
                        "the leaderboards of " + m.measure + " need at least 2 runs and 1 topic " +
                            "judged in both files; found " + count_text(runs, "run", "runs") +
                            " and " + count_text(topics, "topic", "topics"),
                        Span{}, Field::input};
    }
    bool shaped = m.a.size() == runs && m.b.size() == runs;
    for (std::size_t r = 0; shaped && r < runs; ++r) {
      shaped = m.a[r].size() == topics && m.b[r].size() == topics;
    }
    if (!shaped) {
      return InputError{ErrorCode::inconsistent_counts,
                        "the scores of " + m.measure + " are not runs × topics", Span{},
                        Field::input};
    }
    std::vector<std::size_t> all(topics);
    for (std::size_t t = 0; t < topics; ++t) all[t] = t;
    const std::vector<double> mean_a = means_of(m.a, all);
    const std::vector<double> mean_b = means_of(m.b, all);
    const TwoRankings boards = rankings_of(m.runs, mean_a, mean_b);
    Inputs in;
    in.rankings = &boards;
    const Correlation tau = correlation_of("tau(variant=b)", in);
    Correlation tau_ap = correlation_of("tau_ap", in);
    if (!tau_ap.value) tau_ap = correlation_of("tau_ap(ties=b)", in);
    const Correlation spearman = correlation_of("spearman", in);
    const Correlation pearson = correlation_of("pearson", in);
    const std::vector<std::size_t> order_a = order_of(mean_a);
    const std::vector<std::size_t> order_b = order_of(mean_b);
    // RBO on the two orders of the runs; runs of equal means (at the 12 digits the other
    // correlations read) are a tie group, read as Corsi and Urbano's RBO^a (ties=a, the average
    // over every order of the tie).
    const bool tied = has_ties(boards);
    TwoLists lists;
    lists.x_name = "A";
    lists.y_name = "B";
    const auto add_side = [&](const std::vector<std::size_t>& order,
                              const std::vector<Fraction>& values, std::vector<std::string>& items,
                              std::vector<std::int64_t>& top, std::vector<std::int64_t>& bottom) {
      for (std::size_t k = 0; k < order.size(); ++k) {
        items.push_back(m.runs[order[k]]);
        const bool with_above = k > 0 && values[order[k]] == values[order[k - 1]];
        top.push_back(with_above ? top.back() : static_cast<std::int64_t>(k));
        bottom.push_back(static_cast<std::int64_t>(k));
      }
      // Each group's bottom is its last rank.
      for (std::size_t k = order.size(); k-- > 0;) {
        if (k + 1 < order.size() && top[k + 1] == top[k]) bottom[k] = bottom[k + 1];
      }
    };
    add_side(order_a, boards.x, lists.x, lists.x_top, lists.x_bottom);
    add_side(order_b, boards.y, lists.y, lists.y_top, lists.y_bottom);
    Inputs two;
    two.two_lists = &lists;
    const std::optional<double> rbo =
        correlation_of("rbo(p=" + parameter_number(options.rbo_p) + ")", two).value;

    // τ_b's percentile interval: the topics resampled with replacement.
    std::vector<double> resampled;
    stats::SplitMix64 rng{options.seed};
    std::vector<std::size_t> pick(topics);
    for (std::size_t s = 0; s < options.bootstrap; ++s) {
      for (auto& t : pick) t = rng.below(topics);
      const TwoRankings again = rankings_of(m.runs, means_of(m.a, pick), means_of(m.b, pick));
      Inputs in_again;
      in_again.rankings = &again;
      const auto value = correlation_of("tau(variant=b)", in_again).value;
      if (value && std::isfinite(*value)) resampled.push_back(*value);
    }
    std::sort(resampled.begin(), resampled.end());

    w.key(m.measure);
    w.begin_object();
    w.key("runs");
    w.begin_array();
    for (const auto& run : m.runs) w.value(run);
    w.end_array();
    for (const auto& [key, means] :
         {std::make_pair("mean_a", &mean_a), std::make_pair("mean_b", &mean_b)}) {
      w.key(key);
      w.begin_array();
      for (const double v : *means) w.value(v);
      w.end_array();
    }
    for (const auto& [key, order] :
         {std::make_pair("order_a", &order_a), std::make_pair("order_b", &order_b)}) {
      w.key(key);
      w.begin_array();
      for (const std::size_t r : *order) w.value(static_cast<double>(r));
      w.end_array();
    }
    write_optional(w, "kendall_tau_b", tau.value);
    w.key("kendall_tau_b_ci");
    if (resampled.empty()) {
      w.null();
    } else {
      const double level = to_double(options.confidence);
      w.begin_array();
      w.value(stats::quantile_sorted(resampled, (1.0 - level) / 2.0));
      w.value(stats::quantile_sorted(resampled, (1.0 + level) / 2.0));
      w.end_array();
    }
    write_optional(w, "tau_ap", tau_ap.value);
    write_optional(w, "spearman", spearman.value);
    write_optional(w, "spearman_p", spearman.p);
    write_optional(w, "pearson", pearson.value);
    write_optional(w, "pearson_p", pearson.p);
    write_optional(w, "rbo", rbo);
    w.key("swaps");
    w.begin_array();
    for (std::size_t i = 0; i < runs; ++i) {
      for (std::size_t j = i + 1; j < runs; ++j) {
        const double da = mean_a[i] - mean_a[j];
        const double db = mean_b[i] - mean_b[j];
        if (!((da > 0 && db < 0) || (da < 0 && db > 0))) continue;
        const std::size_t first = da > 0 ? i : j;
        const std::size_t second = da > 0 ? j : i;
        w.begin_object();
        w.key("a");
        w.value(m.runs[first]);
        w.key("b");
        w.value(m.runs[second]);
        w.key("diff_a");
        w.value(mean_a[first] - mean_a[second]);
        w.key("diff_b");
        w.value(mean_b[first] - mean_b[second]);
        w.end_object();
      }
    }
    w.end_array();
    w.key("notes");
    w.begin_array();
    w.value("Means over the " + count_text(topics, "topic", "topics") +
            " both files judge; τ_b, τ_AP (A's order the truth), Spearman's ρ, Pearson's r and "
            "RBO are the correlation page's, on the two lists of means (12 significant digits).");
    w.value("τ_b's interval: the " + std::to_string(resampled.size()) + " of " +
            std::to_string(options.bootstrap) +
            " resamples of the topics with a defined τ_b (splitmix64, seed " +
            std::to_string(options.seed) + "), percentile.");
    if (tied) {
      w.value(
          "Some runs have equal means: RBO reads them as tied, as Corsi and Urbano's RBO^a "
          "(SIGIR 2024) does, the average over every order of the tie (rbo(ties=a) on the "
          "correlation page).");
    }
    w.end_array();
    w.end_object();
  }
  w.end_object();
  return w.text();
}

}  // namespace irm
