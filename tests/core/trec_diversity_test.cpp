// Diversity measures as TREC's ndeval computes them (measures/ndeval.h): each measure worked out
// by hand on a small topic, the subtopic qrels reader's messages, and ndeval's own output on the
// files of tests/fixtures/ndeval (see its README for the command that printed it).

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

// The library is internal to the TREC engine (core/src), outside the tests' include path.
#include "../../core/src/measures/ndeval.h"
#include "helpers.h"
#include "trec_files.h"

namespace {

namespace dv = irm::diversity;
using Catch::Matchers::WithinRel;

// Two subtopics, 1 and 2: a covers both, b covers 1 (grade 2, which ndeval counts as 1), c
// covers 2, d is judged and covers neither.
const std::string small_qrels =
    "T 1 a 1\n"
    "T 2 a 1\n"
    "T 1 b 2\n"
    "T 2 c 1\n"
    "T 1 d 0\n";

dv::SubtopicQrels read_ok(const std::string& bytes,
                          irm::Duplicates duplicates = irm::Duplicates::error) {
  return test::parsed_ok(dv::read_subtopic_qrels(bytes, "q.txt", duplicates));
}

irm::InputError read_fails(const std::string& bytes) {
  return test::parse_fails(dv::read_subtopic_qrels(bytes, "q.txt"), bytes);
}

dv::TopicScores scores_of(const dv::TopicQrels* topic, const std::vector<std::string_view>& run,
                          const dv::Options& options) {
  auto result = dv::evaluate(topic, run, options);
  if (!result.ok()) FAIL("evaluate: " << result.error().message);
  return result.value();
}

const dv::AtCutoff& at(const dv::TopicScores& s, int k) {
  for (const auto& a : s.at) {
    if (a.k == k) return a;
  }
  FAIL("no cutoff " << k);
  return s.at.front();
}

double log2d(double x) { return std::log(x) / std::log(2.0); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// The measures by hand

// Run b, a, d, c with alpha = 0.5, beta = 0.5; S = 2 subtopics.
//   rank 1  b  covers 1 (seen 0 times: weight 1)                     gain 1
//   rank 2  a  covers 1 (seen once: 0.5) and 2 (seen 0 times: 1)     gain 1.5
//   rank 3  d  covers nothing                                        gain 0
//   rank 4  c  covers 2 (seen once: 0.5)                             gain 0.5
// The greedy ideal: a (gain 2), then b and c tie at 0.5 and the greater docno, c, goes first,
// then b (0.5): gains 2, 0.5, 0.5.
// The "ideal ideal" gains are S (1 - alpha)^(r-1): 2, 1, 0.5, 0.25, 0.125.
TEST_CASE("diversity: every measure of a small topic, worked by hand", "[trec][diversity]") {
  const auto qrels = read_ok(small_qrels);
  dv::Options options;
  options.cutoffs = {2, 5};
  options.rows = 10;
  const auto s = scores_of(qrels.find("T"), {"b", "a", "d", "c"}, options);
  CHECK(s.subtopics == 2);
  CHECK(s.documents == 4);
  CHECK(s.relevant == 3);

  // Discounts 1 / log2(r + 1).
  const double d2 = 1 / log2d(3), d4 = 1 / log2d(5), d5 = 1 / log2d(6);
  // alpha-DCG@2 = (1 + 1.5 d2) / (2 + 1 d2); the ideal's (2 + 0.5 d2) / (2 + d2), so
  // alpha-nDCG@2 = (1 + 1.5 d2) / (2 + 0.5 d2).
  CHECK_THAT(at(s, 2).alpha_dcg, WithinRel((1 + 1.5 * d2) / (2 + d2), 1e-12));
  CHECK_THAT(at(s, 2).alpha_ndcg, WithinRel((1 + 1.5 * d2) / (2 + 0.5 * d2), 1e-12));
  // @5 (one rank past the list): run 1 + 1.5 d2 + 0 + 0.5 d4; ideal 2 + 0.5 d2 + 0.5 (1/2);
  // ideal ideal 2 + d2 + 0.5 (1/2) + 0.25 d4 + 0.125 d5.
  const double ideal_ideal = 2 + d2 + 0.25 + 0.25 * d4 + 0.125 * d5;
  CHECK_THAT(at(s, 5).dcg, WithinRel(1 + 1.5 * d2 + 0.5 * d4, 1e-12));
  CHECK_THAT(at(s, 5).ideal_ideal_dcg, WithinRel(ideal_ideal, 1e-12));
  CHECK_THAT(at(s, 5).alpha_dcg, WithinRel((1 + 1.5 * d2 + 0.5 * d4) / ideal_ideal, 1e-12));
  CHECK_THAT(at(s, 5).alpha_ndcg, WithinRel((1 + 1.5 * d2 + 0.5 * d4) / (2.25 + 0.5 * d2), 1e-12));
  // ERR-IA: gains over ranks. @2: (1 + 1.5/2) / (2 + 1/2) = 1.75 / 2.5 = 0.7; the ideal's
  // 2 + 0.5/2 = 2.25, so nERR-IA@2 = 1.75 / 2.25 = 7/9.
  CHECK_THAT(at(s, 2).err_ia, WithinRel(0.7, 1e-12));
  CHECK_THAT(at(s, 2).nerr_ia, WithinRel(7.0 / 9, 1e-12));
  // @5: 1 + 0.75 + 0 + 0.5/4 = 1.875 over 2 + 1/2 + 0.5/3 + 0.25/4 + 0.125/5 = 661/240: 450/661;
  // the ideal's 2 + 0.5/2 + 0.5/3 = 29/12: nERR-IA@5 = 1.875 / (29/12) = 45/58.
  CHECK_THAT(at(s, 5).err_ia, WithinRel(450.0 / 661, 1e-12));
  CHECK_THAT(at(s, 5).nerr_ia, WithinRel(45.0 / 58, 1e-12));
  // NRBP: (1 + 1.5 (0.5) + 0 + 0.5 (0.125)) (1 - 0.5 (0.5)) / 2 = 1.8125 (0.375) = 0.6796875;
  // the ideal's (2 + 0.5 (0.5) + 0.5 (0.25)) (0.375) = 2.375 (0.375); nNRBP = 1.8125 / 2.375
  // = 29/38.
  CHECK(s.nrbp == 0.6796875);
  CHECK(s.ideal_nrbp == 2.375 * 0.375);
  CHECK_THAT(s.nnrbp, WithinRel(29.0 / 38, 1e-12));
  // MAP-IA: subtopic 1 (a, b relevant) at ranks 1 and 2: (1/1 + 2/2) / 2 = 1; subtopic 2 (a, c)
  // at ranks 2 and 4: (1/2 + 2/4) / 2 = 0.5. Mean 0.75.
  CHECK(s.average_precision == std::vector<double>{1.0, 0.5});
  CHECK(s.map_ia == 0.75);
  // P-IA@2: 1 + 2 (rank, subtopic) pairs over 2 x 2 = 0.75; P-IA@5: 1 + 2 + 0 + 1 over 5 x 2.
  CHECK(at(s, 2).p_ia == 0.75);
  CHECK(at(s, 5).p_ia == 0.4);
  // strec: both subtopics by rank 2.
  CHECK(at(s, 2).strec == 1.0);
  CHECK(s.relevant_per_subtopic == std::vector<int>{2, 2});

  // The rows of the teaching table.
  REQUIRE(s.rows.size() == 4);
  const dv::RankRow& second = s.rows[1];
  CHECK(second.docno == "a");
  CHECK(second.gain == 1.5);
  REQUIRE(second.count == 2);
  CHECK(s.coverage[second.first].subtopic == 1);
  CHECK(s.coverage[second.first].seen_before == 1);
  CHECK(s.coverage[second.first].weight == 0.5);
  CHECK(s.coverage[second.first + 1].subtopic == 2);
  CHECK(s.coverage[second.first + 1].seen_before == 0);
  CHECK(s.coverage[second.first + 1].weight == 1.0);
  CHECK_THAT(second.dcg, WithinRel(1 + 1.5 * d2, 1e-12));
  CHECK(second.err == 1.75);
  CHECK(second.precision_count == 3);
  CHECK(second.subtopics_seen == 2);
  CHECK(s.rows[2].judged);  // d: judged, covers nothing
  CHECK(s.rows[2].count == 0);
  CHECK(s.rows[2].discount == 0.5);
  REQUIRE(s.ideal_rows.size() == 3);
  CHECK(s.ideal_rows[0].docno == "a");
  CHECK(s.ideal_rows[1].docno == "c");
  CHECK(s.ideal_rows[2].docno == "b");
  CHECK(s.ideal_rows[1].gain == 0.5);
}

// Relevance level 2: only b (grade 2 for subtopic 1) is relevant; S = 1.
//   ERR-IA@2 = (1/1) / (1/1 + 0.5/2) = 0.8, and the ideal (b) is the run's start: nERR-IA@2 = 1.
//   MAP-IA = 1/1; P-IA@2 = 1 / (2 x 1); NRBP = 1 (1 - 0.25) / 1 = 0.75 = nNRBP x 0.75.
TEST_CASE("diversity: a relevance level above 1", "[trec][diversity]") {
  const auto qrels = read_ok(small_qrels);
  dv::Options options;
  options.cutoffs = {2};
  options.relevance_level = 2;
  const auto s = scores_of(qrels.find("T"), {"b", "a", "d", "c"}, options);
  CHECK(s.subtopics == 1);
  CHECK(at(s, 2).err_ia == 0.8);
  CHECK(at(s, 2).nerr_ia == 1.0);
  CHECK(s.map_ia == 1.0);
  CHECK(at(s, 2).p_ia == 0.5);
  CHECK(s.nrbp == 0.75);
  CHECK(s.nnrbp == 1.0);
}

// alpha = 1: a subtopic counts once. Gains b 1, a 0 + 1 = 1, d 0, c 0; the ideal: a (2), then
// c and b at 0. alpha-DCG@5: (1 + d2) over the ideal ideal 2 (then 0 gains): (1 + d2) / 2, and
// the ideal's 2 / 2: alpha-nDCG@5 = (1 + d2) / 2. NRBP (beta 0.5): (1 + 0.5) (1 - 0) / 2 = 0.75,
// the ideal's 2 / 2 = 1.
// alpha = 0: gains are the counts of subtopics covered: b 1, a 2, d 0, c 1; the ideal a 2, c 1,
// b 1. NRBP with beta 0.25: (1 + 2/4 + 0 + 1/64) (1 - 0.25) / 2 = (97/64)(0.375); the ideal's
// (2 + 1/4 + 1/16) (0.375) = (37/16)(0.375); nNRBP = 97/148.
TEST_CASE("diversity: alpha 1 and alpha 0", "[trec][diversity]") {
  const auto qrels = read_ok(small_qrels);
  const double d2 = 1 / log2d(3);
  dv::Options one;
  one.alpha = 1;
  one.cutoffs = {5};
  const auto s = scores_of(qrels.find("T"), {"b", "a", "d", "c"}, one);
  CHECK_THAT(at(s, 5).alpha_dcg, WithinRel((1 + d2) / 2, 1e-12));
  CHECK_THAT(at(s, 5).alpha_ndcg, WithinRel((1 + d2) / 2, 1e-12));
  CHECK(s.nrbp == 0.75);
  CHECK(s.nnrbp == 0.75);

  dv::Options zero;
  zero.alpha = 0;
  zero.beta = 0.25;
  zero.cutoffs = {5};
  const auto z = scores_of(qrels.find("T"), {"b", "a", "d", "c"}, zero);
  CHECK(z.nrbp == 97.0 / 64 * 0.375);
  CHECK_THAT(z.nnrbp, WithinRel(97.0 / 148, 1e-12));
}

// ndeval prints a topic with no relevant subtopic as 0 everywhere but nNRBP, 0/0; a run topic
// the qrels lack is 0 everywhere.
TEST_CASE("diversity: a topic with nothing relevant, and one without judgments",
          "[trec][diversity]") {
  const std::string bytes = "9 1 x 0\n9 2 y 0\n";  // the qrels' views point into it
  const auto qrels = read_ok(bytes);
  const auto s = scores_of(qrels.find("9"), {"x", "z"}, dv::Options{});
  CHECK(s.subtopics == 0);
  CHECK(std::isnan(s.nnrbp));
  CHECK(dv::format_ndeval_values(dv::ndeval_values(s)) ==
        "0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,"
        "0.000000,0.000000,0.000000,0.000000,-nan,0.000000,0.000000,0.000000,0.000000,0.000000,"
        "0.000000,0.000000");
  const auto none = scores_of(nullptr, {"x"}, dv::Options{});
  for (const double v : dv::ndeval_values(none)) CHECK(v == 0.0);
  // An empty ranking of a judged topic: everything 0, nNRBP 0 / 0.890625.
  const auto empty = scores_of(read_ok(small_qrels).find("T"), {}, dv::Options{});
  CHECK(empty.nnrbp == 0.0);
  CHECK(at(empty, 20).p_ia == 0.0);
}

TEST_CASE("diversity: ndeval's column names and value_of", "[trec][diversity]") {
  const auto names = dv::ndeval_columns({5, 10});
  CHECK(names == std::vector<std::string>{"ERR-IA@5", "ERR-IA@10", "nERR-IA@5", "nERR-IA@10",
                                          "alpha-DCG@5", "alpha-DCG@10", "alpha-nDCG@5",
                                          "alpha-nDCG@10", "NRBP", "nNRBP", "MAP-IA", "P-IA@5",
                                          "P-IA@10", "strec@5", "strec@10"});
  const auto qrels = read_ok(small_qrels);
  dv::Options options;
  options.cutoffs = {2, 5};
  const auto s = scores_of(qrels.find("T"), {"b", "a", "d", "c"}, options);
  CHECK(dv::value_of(s, "MAP-IA") == 0.75);
  CHECK(dv::value_of(s, "P-IA@5") == 0.4);
  CHECK(dv::value_of(s, "strec@2") == 1.0);
  CHECK_FALSE(dv::value_of(s, "P-IA@10").has_value());  // not computed
  CHECK_FALSE(dv::value_of(s, "P@5").has_value());
  CHECK_FALSE(dv::value_of(s, "alpha-nDCG@").has_value());
  const auto values = dv::ndeval_values(s);
  CHECK(values.size() == dv::ndeval_columns(options.cutoffs).size());
  // The mean of two topics' rows, and ndeval's 0/0 for no topic.
  const auto mean = dv::ndeval_mean({{1.0, 0.5}, {0.0, 0.25}}, 2);
  CHECK(mean == std::vector<double>{0.5, 0.375});
  CHECK(std::isnan(dv::ndeval_mean({{0.0}}, 0)[0]));
}

// ---------------------------------------------------------------------------------------------
// The greedy ideal, against the rule as written: at each rank the document of greatest gain,
// ties to the greater docno, every remaining document rescored (ndeval's quadratic loop).

TEST_CASE("diversity: the lazy greedy ideal is ndeval's greedy ideal", "[trec][diversity]") {
  test::Generator random(20090717);
  for (int round = 0; round < 300; ++round) {
    const int subtopics = 1 + static_cast<int>(random.next() % 6);
    const int docs = static_cast<int>(random.next() % 40);
    const double alpha = static_cast<double>(random.next() % 11) / 10;
    std::string bytes = "1 1 zz 0\n";
    for (int d = 0; d < docs; ++d) {
      for (int t = 1; t <= subtopics; ++t) {
        if (random.next() % 3 != 0) continue;
        bytes += "1 " + std::to_string(t) + " d" + std::to_string(random.next() % 1000) + "_" +
                 std::to_string(d) + " " + std::to_string(random.next() % 3) + "\n";
      }
    }
    const auto qrels = read_ok(bytes);
    const dv::TopicQrels& topic = *qrels.find("1");
    const dv::Ideal ideal = dv::ideal_ranking(topic, alpha);

    std::map<int, double> weight;
    std::vector<bool> placed(topic.size(), false);
    const auto gain = [&](std::size_t d) {
      double g = 0;
      for (std::uint32_t i = topic.first(d); i < topic.last(d); ++i) {
        const auto j = topic.judgment(i);
        const int s = topic.subtopic(j);
        if (j.grade >= 1) g += weight.count(s) ? weight[s] : 1.0;
      }
      return g;
    };
    std::vector<std::uint32_t> want;
    std::vector<double> want_gains;
    for (;;) {
      std::ptrdiff_t best = -1;
      double best_gain = 0;
      for (std::size_t d = 0; d < topic.size(); ++d) {
        if (placed[d] || gain(d) == 0) continue;
        const double g = gain(d);
        if (best < 0 || g > best_gain ||
            (g == best_gain && topic.docno(d) > topic.docno(static_cast<std::size_t>(best)))) {
          best = static_cast<std::ptrdiff_t>(d);
          best_gain = g;
        }
      }
      if (best < 0) break;
      placed[static_cast<std::size_t>(best)] = true;
      want.push_back(static_cast<std::uint32_t>(best));
      want_gains.push_back(best_gain);
      const auto doc = static_cast<std::size_t>(best);
      for (std::uint32_t i = topic.first(doc); i < topic.last(doc); ++i) {
        const auto j = topic.judgment(i);
        if (j.grade < 1) continue;
        const int s = topic.subtopic(j);
        if (!weight.count(s)) weight[s] = 1.0;
        weight[s] *= 1 - alpha;
      }
    }
    // With alpha = 1, documents whose subtopics were all seen have gain 0 and come last in any
    // order (they add nothing): compare the documents of positive gain.
    std::vector<std::uint32_t> got;
    std::vector<double> got_gains;
    for (std::size_t i = 0; i < ideal.docs.size(); ++i) {
      if (ideal.gains[i] == 0) continue;
      got.push_back(ideal.docs[i]);
      got_gains.push_back(ideal.gains[i]);
    }
    INFO("round " << round << ", alpha " << alpha);
    CHECK(got == want);
    CHECK(got_gains == want_gains);
  }
}

// ---------------------------------------------------------------------------------------------
// ndeval's own output

namespace {

std::string read_fixture(const std::string& name) {
  std::string bytes = test::ndeval_fixture(name);
  if (bytes.empty()) FAIL("cannot read fixture " << name);
  return bytes;
}

// ndeval's report for a run: topics in ascending number, each ranked by the rank column or, with
// `traditional`, by score descending then docno descending; the mean over the run's topics that
// the qrels have.
std::string ndeval_report(const std::string& qrels_bytes, const std::string& run_bytes,
                          const dv::Options& options, bool traditional) {
  const auto qrels = read_ok(qrels_bytes);
  struct Line {
    std::string docno;
    int rank;
    double score;
  };
  std::map<int, std::vector<Line>> run;
  std::string run_id;
  std::istringstream lines(run_bytes);
  std::string text;
  while (std::getline(lines, text)) {
    std::istringstream fields(text);
    std::string topic, q0, docno, tag;
    int rank = 0;
    double score = 0;
    fields >> topic >> q0 >> docno >> rank >> score >> tag;
    if (run_id.empty()) run_id = tag;  // ndeval: the first line's tag
    run[std::stoi(topic)].push_back(Line{docno, rank, score});
  }
  std::string out = "runid,topic";
  for (const auto& name : dv::ndeval_columns(options.cutoffs)) out += "," + name;
  out += "\n";
  std::vector<std::vector<double>> rows;
  std::size_t matched = 0;
  for (auto& [topic, docs] : run) {
    std::sort(docs.begin(), docs.end(), [&](const Line& a, const Line& b) {
      if (!traditional) return a.rank < b.rank;
      return a.score != b.score ? a.score > b.score : a.docno > b.docno;
    });
    std::vector<std::string_view> ranked;
    for (const Line& line : docs) ranked.push_back(line.docno);
    const dv::TopicQrels* judged = qrels.find(std::to_string(topic));
    if (judged != nullptr) ++matched;
    const auto scores = scores_of(judged, ranked, options);
    rows.push_back(dv::ndeval_values(scores));
    out +=
        run_id + "," + std::to_string(topic) + "," + dv::format_ndeval_values(rows.back()) + "\n";
  }
  out += run_id + ",amean," + dv::format_ndeval_values(dv::ndeval_mean(rows, matched)) + "\n";
  return out;
}

}  // namespace

// The expected text is ndeval's output, unchanged (tests/fixtures/ndeval/README.md gives the
// commands): ndeval 4.5 from the TREC Web track's trec-web-2014 repository.
TEST_CASE("diversity: ndeval's report on the fixture, byte for byte", "[trec][diversity]") {
  const std::string qrels = read_fixture("qrels.txt");
  const std::string run = read_fixture("run.txt");
  CHECK(ndeval_report(qrels, run, dv::Options{}, false) == read_fixture("ndeval.csv"));
  dv::Options options;
  options.alpha = 0.3;
  options.beta = 0.8;
  CHECK(ndeval_report(qrels, run, options, true) ==
        read_fixture("ndeval-alpha0.3-beta0.8-traditional.csv"));
}

// ---------------------------------------------------------------------------------------------
// Reading

TEST_CASE("diversity: reading subtopic qrels", "[trec][diversity]") {
  const std::string bytes =
      "\xEF\xBB\xBF# subtopic qrels\r\n"
      "51\t3\tdoc-b\t1\r\n"
      "\r\n"
      "51 1 doc-b 0\n"
      "  # indented comment\n"
      "52 0 doc-a 4\n"
      "51 3 doc-a -2";  // no final line end
  const auto qrels = read_ok(bytes);
  REQUIRE(qrels.topics.size() == 2);
  const dv::TopicQrels& t = *qrels.find("51");
  CHECK(t.subtopics() == std::vector<int>{1, 3});
  REQUIRE(t.size() == 2);
  CHECK(t.docno(0) == "doc-b");  // in order of first appearance
  CHECK(t.docno(1) == "doc-a");
  REQUIRE(t.find("doc-b") == 0);
  REQUIRE(t.last(0) - t.first(0) == 2);
  const auto first = t.judgment(t.first(0));
  const auto second = t.judgment(t.first(0) + 1);
  CHECK(t.subtopic(first) == 1);  // ascending subtopic
  CHECK(first.grade == 0);        // line 4's
  CHECK(t.subtopic(second) == 3);
  CHECK(second.grade == 1);  // line 2's
  CHECK(t.find("doc-a") == 1);
  CHECK(t.subtopic(t.judgment(t.first(1))) == 3);
  CHECK(t.judgment(t.first(1)).grade == -2);
  CHECK(t.find("doc-c") == -1);
  CHECK(qrels.find("52")->judgment(0).grade == 4);
  CHECK(qrels.find("53") == nullptr);
}

TEST_CASE("diversity: the reader's errors name the line, the column and what was expected",
          "[trec][diversity]") {
  auto e = read_fails("1 1 d1 1\n1 1 d2\n");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message == "line 2 of q.txt has 3 fields, expected 4 fields: topic subtopic docno grade");
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 6);

  // Columns count code points: é is one.
  e = read_fails("é 1 d 1 x\n");
  CHECK(e.message ==
        "found an extra field 'x' at line 1, column 9 of q.txt; expected 4 fields: topic "
        "subtopic docno grade");
  CHECK(e.where.column == 9);

  e = read_fails("1 -1 d1 1\n");
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.message ==
        "found '-1' at line 1, column 3 of q.txt; expected the subtopic (second field), a whole "
        "number 0 or more such as 1, 2 or 3");
  CHECK(e.where.length == 2);
  CHECK(read_fails("1 +1 d1 1\n").code == irm::ErrorCode::bad_number);
  CHECK(read_fails("1 a d1 1\n").code == irm::ErrorCode::bad_number);
  CHECK(read_fails("1 99999999999 d1 1\n").code == irm::ErrorCode::out_of_range);
  // Whole numbers are read by hand: the largest int is read, one more is out of range, far more
  // digits too (without overflowing), and a letter after many digits is not a number.
  e = read_fails("1 2147483648 d1 1\n");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "found '2147483648' at line 1, column 3 of q.txt; expected the subtopic (second field), "
        "a whole number 0 or more such as 1, 2 or 3 up to 2147483647");
  CHECK(read_fails("1 123456789012345678901234567890 d1 1\n").code == irm::ErrorCode::out_of_range);
  CHECK(read_fails("1 99999999999x d1 1\n").code == irm::ErrorCode::bad_number);
  {
    const std::string bytes = "1 2147483647 d1 -2147483647\n1 007 d2 +7\n";
    const auto edge = read_ok(bytes);  // (its views point into bytes)
    const dv::TopicQrels& t = *edge.find("1");
    CHECK(t.subtopics() == std::vector<int>{7, 2147483647});
    CHECK(t.judgment(t.first(0)).grade == -2147483647);
    CHECK(t.judgment(t.first(1)).grade == 7);
  }

  e = read_fails("1 1 d1 1.5\n");
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.message ==
        "found '1.5' at line 1, column 8 of q.txt; expected the grade (fourth field), a whole "
        "number such as 0 or 1 (1 or more: relevant to the subtopic)");
  e = read_fails("1 1 d1 -3000000000\n");
  CHECK(e.code == irm::ErrorCode::out_of_range);
  CHECK(e.message ==
        "found '-3000000000' at line 1, column 8 of q.txt; expected the grade (fourth field) to "
        "lie between -2147483647 and 2147483647");

  e = read_fails("# nothing\n\n");
  CHECK(e.code == irm::ErrorCode::empty_input);
  CHECK(e.message ==
        "q.txt has no judgment lines; expected lines of 4 fields: topic subtopic "
        "docno grade");
  CHECK(e.where.line == 0);

  auto limited = dv::read_subtopic_qrels("1 1 a 1\n2 1 a 1\n", "q.txt", irm::Duplicates::error, 1);
  REQUIRE_FALSE(limited.ok());
  CHECK(limited.error().code == irm::ErrorCode::out_of_range);
  CHECK(limited.error().where.line == 2);
}

TEST_CASE("diversity: a document judged twice for a subtopic", "[trec][diversity]") {
  const std::string bytes = "7 2 d1 1\n7 1 d1 0\n7  2  d1  0\n";
  const auto e = read_fails(bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "document 'd1' is judged twice for subtopic 2 of topic '7' in q.txt, at lines 1 and 3; "
        "give each document one grade per subtopic (ndeval does not check, and then counts both "
        "lines towards the subtopic's relevant documents), or choose to keep the first line");
  CHECK(e.where.line == 3);
  CHECK(e.where.column == 7);
  CHECK(e.where.length == 2);

  const auto kept = read_ok(bytes, irm::Duplicates::keep_first);
  REQUIRE(kept.warnings.size() == 1);
  CHECK(kept.warnings[0] ==
        "document 'd1' is judged twice for subtopic 2 of topic '7' in q.txt, at lines 1 and 3; "
        "kept line 1");
  const dv::TopicQrels& t = *kept.find("7");
  REQUIRE(t.size() == 1);
  CHECK(t.last(0) - t.first(0) == 2);
  CHECK(t.judgment(t.first(0) + 1).grade == 1);  // subtopic 2: line 1's grade
}

TEST_CASE("diversity: evaluate's errors", "[trec][diversity]") {
  const auto qrels = read_ok(small_qrels);
  const dv::TopicQrels* t = qrels.find("T");
  dv::Options options;
  auto twice = dv::evaluate(t, {"a", "b", "a"}, options);
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().message ==
        "document 'a' is ranked twice for topic 'T', at ranks 1 and 3; ndeval stops on a docno "
        "given twice for a topic");

  options.alpha = 1.5;
  auto bad = dv::evaluate(t, {"a"}, options);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().code == irm::ErrorCode::bad_parameter_value);
  CHECK(bad.error().field == irm::Field::options);
  CHECK(bad.error().message ==
        "alpha is 1.5; expected a number from 0 to 1 (ndeval's default "
        "is 0.5)");
  options.alpha = std::nan("");
  CHECK_FALSE(dv::evaluate(t, {"a"}, options).ok());
  options = dv::Options{};
  options.cutoffs = {10, 0};
  CHECK(dv::evaluate(t, {"a"}, options).error().message ==
        "cutoff 0 is out of range; expected a whole number from 1 to 1,000,000");
  options.cutoffs = {};
  CHECK_FALSE(dv::evaluate(t, {"a"}, options).ok());

  // An ideal ranking built for other options is refused, not misused.
  options = dv::Options{};
  const dv::Ideal ideal = dv::ideal_ranking(*t, 0.25);
  CHECK_FALSE(dv::evaluate(t, ideal, {"a"}, options).ok());
  const dv::Ideal right = dv::ideal_ranking(*t, 0.5);
  CHECK(dv::evaluate(t, right, {"a"}, options).ok());
}

// ---------------------------------------------------------------------------------------------
// The TREC session's way: read_qrels reads the file once for trec_eval's measures and the
// diversity measures, and the ranking is given by indexes into the topic's judgments. Both must
// give what reading the file on its own and evaluating by docno gives.

TEST_CASE("diversity: read with the qrels at once, evaluated by index", "[trec][diversity]") {
  test::Generator random(5201314);
  for (int round = 0; round < 200; ++round) {
    // Topics interleaved, documents judged for several subtopics and sometimes twice for one
    // (kept first), grades -1 to 3.
    std::string bytes;
    const int topics = 1 + random.below(3);
    const int lines = random.below(60);
    for (int i = 0; i < lines; ++i) {
      bytes += "q" + std::to_string(random.below(topics)) + " " + std::to_string(random.below(4)) +
               " d" + std::to_string(random.below(25)) + " " + std::to_string(random.below(5) - 1) +
               "\n";
    }
    if (bytes.empty()) bytes = "q0 1 d1 1\n";
    const auto alone = read_ok(bytes, irm::Duplicates::keep_first);
    dv::SubtopicQrels both;
    const auto qrels =
        test::parsed_ok(irm::read_qrels(bytes, "q.txt", irm::Duplicates::highest, false, SIZE_MAX,
                                        &both, irm::Duplicates::keep_first));
    CHECK(both.warnings == alone.warnings);
    REQUIRE(both.topics.size() == qrels.topics.size());
    for (std::size_t t = 0; t < qrels.topics.size(); ++t) {
      const dv::TopicQrels& mine = both.topics[t];
      const dv::TopicQrels& theirs = *alone.find(qrels.topics[t]);
      const auto& all = qrels.judgments[t].all();
      CHECK(mine.topic == qrels.topics[t]);
      CHECK(mine.subtopics() == theirs.subtopics());
      // Document d is the document of the qrels' judgment d, with the same judgments.
      REQUIRE(mine.size() == all.size());
      REQUIRE(theirs.size() == all.size());
      for (std::size_t d = 0; d < all.size(); ++d) {
        CHECK(mine.docno(d) == all[d].docno);
        const std::int32_t found = theirs.find(all[d].docno);
        REQUIRE(found >= 0);
        const auto other = static_cast<std::size_t>(found);
        REQUIRE(mine.last(d) - mine.first(d) == theirs.last(other) - theirs.first(other));
        int highest = -1000;
        for (std::uint32_t i = 0; i < theirs.last(other) - theirs.first(other); ++i) {
          const auto a = mine.judgment(mine.first(d) + i);
          const auto b = theirs.judgment(theirs.first(other) + i);
          CHECK(mine.subtopic(a) == theirs.subtopic(b));
          CHECK(a.grade == b.grade);
          highest = std::max(highest, b.grade);
        }
        // The qrels keep each document once, at its highest grade over its subtopics (the
        // subtopic qrels keep the first of a pair judged twice; the qrels see both).
        CHECK(all[d].grade >= highest);
      }
      // A ranking of judged and unjudged documents, by docno and by index.
      std::vector<std::string_view> docnos;
      std::vector<std::int32_t> indexes;
      static const std::vector<std::string> unjudged{"u1", "u2", "u3"};
      for (std::size_t d = 0; d < all.size(); ++d) {
        if (random.below(4) == 0) continue;
        docnos.push_back(all[d].docno);
        indexes.push_back(static_cast<std::int32_t>(d));
        if (random.below(3) == 0) {
          docnos.push_back(unjudged[d % 3]);
          indexes.push_back(-1);
        }
      }
      // (An unjudged docno may repeat: rank it once.)
      std::vector<std::string_view> seen;
      for (std::size_t r = 0; r < docnos.size();) {
        if (indexes[r] < 0 && std::find(seen.begin(), seen.end(), docnos[r]) != seen.end()) {
          docnos.erase(docnos.begin() + static_cast<std::ptrdiff_t>(r));
          indexes.erase(indexes.begin() + static_cast<std::ptrdiff_t>(r));
          continue;
        }
        seen.push_back(docnos[r]);
        ++r;
      }
      dv::Options options;
      options.alpha = 0.1 * random.below(11);
      options.cutoffs = {1 + random.below(5), 10};
      const auto by_docno = dv::evaluate(&theirs, docnos, options);
      const dv::Ideal ideal = dv::ideal_ranking(mine, options.alpha);
      const auto by_index = dv::evaluate(&mine, ideal, indexes, options);
      REQUIRE(by_docno.ok());
      REQUIRE(by_index.ok());
      // Bit for bit (a NaN nNRBP equal to a NaN).
      const auto a = dv::ndeval_values(by_index.value());
      const auto b = dv::ndeval_values(by_docno.value());
      REQUIRE(a.size() == b.size());
      for (std::size_t v = 0; v < a.size(); ++v) {
        CHECK((a[v] == b[v] || (std::isnan(a[v]) && std::isnan(b[v]))));
      }
      CHECK(by_index.value().relevant == by_docno.value().relevant);
    }
  }
}

TEST_CASE("diversity: read with the qrels at once, errors and warnings", "[trec][diversity]") {
  dv::SubtopicQrels both;
  const std::string bad = "7 1 d1 1\n7 x d2 0\n";
  const auto e = test::parse_fails(
      irm::read_qrels(bad, "q.txt", irm::Duplicates::highest, false, SIZE_MAX, &both), bad);
  CHECK(e.message == read_fails(bad).message);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 3);

  const std::string twice = "7 2 d1 1\n7 1 d1 0\n7  2  d1  0\n";
  const auto stop = test::parse_fails(
      irm::read_qrels(twice, "q.txt", irm::Duplicates::highest, false, SIZE_MAX, &both), twice);
  CHECK(stop.message == read_fails(twice).message);
  CHECK(stop.where.line == 3);
  CHECK(stop.where.column == 7);
}

// A qrels file without subtopics (every line's iteration column 0, each document judged once):
// read_qrels keeps no copy of the judgments, the subtopic qrels read its lines.
TEST_CASE("diversity: a qrels file without subtopics, read with the qrels at once",
          "[trec][diversity]") {
  const std::string bytes =
      "1 0 a 1\n"
      "1 0 b 0\n"
      "1 0 c 2\n"
      "5 13 p 1\n"
      "5 1 q 1\n";
  dv::SubtopicQrels both;
  const auto qrels = test::parsed_ok(
      irm::read_qrels(bytes, "q.txt", irm::Duplicates::highest, false, SIZE_MAX, &both));
  REQUIRE(both.topics.size() == 2);
  const dv::TopicQrels& one = both.topics[0];
  CHECK(one.subtopics() == std::vector<int>{0});
  REQUIRE(one.size() == 3);
  CHECK(one.docno(2) == "c");
  CHECK(one.judgment(0).grade == 1);
  CHECK(one.judgment(1).grade == 0);
  CHECK(one.judgment(2).grade == 2);
  CHECK(one.subtopic(one.judgment(1)) == 0);
  CHECK(one.find("b") == 1);
  CHECK(one.find("z") == -1);
  // Judged once each, for two subtopics (one of two digits): subtopic numbers by document.
  const dv::TopicQrels& five = both.topics[1];
  CHECK(five.subtopics() == std::vector<int>{1, 13});
  REQUIRE(five.size() == 2);
  CHECK(five.subtopic(five.judgment(five.first(0))) == 13);  // p
  CHECK(five.subtopic(five.judgment(five.first(1))) == 1);   // q

  // Topic 1 ranked c, an unjudged document, a; alpha 0.5, beta 0.5. Subtopic 0 has two
  // relevant documents (a and c). Gains: c 1, then a 1/2 (c was seen).
  //   alpha-DCG@2 = (1/1 + 0) / (1/1 + (1/2)/log2 3), the ideal ideal's S = 1;
  //   the ideal ranking's gains are 1 and 1/2, as the ideal ideal's: alpha-nDCG@2 = alpha-DCG@2;
  //   NRBP = (1 - 1/2 * 1/2) (1 + 0 + 1/2 * 1/4) = 3/4 * 9/8 = 27/32; the ideal's
  //   3/4 (1 + 1/2 * 1/2) = 15/16; nNRBP = 9/10;
  //   MAP-IA = (1/1 + 2/3) / 2 = 5/6; P-IA@2 = 1 / (2 * 1); strec@2 = 1.
  dv::Options options;
  options.cutoffs = {2};
  const dv::Ideal ideal =
      dv::ideal_ranking(one, 0.5, 1, static_cast<std::size_t>(-1), dv::IdealDocs::gains_only);
  CHECK(ideal.docs.empty());
  CHECK(ideal.gains == std::vector<double>{1.0, 0.5});
  const auto got = dv::evaluate(&one, ideal, std::vector<std::int32_t>{2, -1, 0}, options);
  REQUIRE(got.ok());
  const dv::TopicScores& s = got.value();
  const double dcg = 1.0 / (1.0 + 0.5 / std::log2(3.0));
  CHECK(s.at[0].alpha_dcg == Approx(dcg).epsilon(1e-15));
  CHECK(s.at[0].alpha_ndcg == Approx(dcg).epsilon(1e-15));
  CHECK(s.nrbp == 27.0 / 32.0);
  CHECK(s.ideal_nrbp == 15.0 / 16.0);
  CHECK(s.nnrbp == Approx(0.9).epsilon(1e-15));
  CHECK(s.map_ia == Approx(5.0 / 6.0).epsilon(1e-15));
  CHECK(s.at[0].p_ia == 0.5);
  CHECK(s.at[0].strec == 1.0);
  // The same as the subtopic qrels read alone, by docno, bit for bit.
  const auto alone = read_ok(bytes);
  const auto by_docno = scores_of(alone.find("1"), {"c", "x", "a"}, options);
  CHECK(dv::ndeval_values(by_docno) == dv::ndeval_values(s));
  // The rows need the ideal's documents: an ideal kept without them is refused.
  options.rows = 3;
  const auto refused = dv::evaluate(&one, ideal, std::vector<std::int32_t>{2, -1, 0}, options);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message ==
        "the ideal ranking given was built without its documents, which the rows need; build it "
        "with IdealDocs::ranked");
  const dv::Ideal ranked = dv::ideal_ranking(one, 0.5);
  CHECK(ranked.docs == std::vector<std::uint32_t>{2, 0});  // c, a
  CHECK(ranked.gains == ideal.gains);
  // The docnos are the qrels' own views (no copy).
  CHECK(one.docno(0).data() == qrels.judgments[0].all()[0].docno.data());
}

// Only the measures at k: the ranking and the ideal are read to the deepest k, and the values
// are those of the whole reading.
TEST_CASE("diversity: the measures at k read the first k ranks only", "[trec][diversity]") {
  const auto qrels = read_ok(small_qrels);
  const dv::TopicQrels* t = qrels.find("T");
  dv::Options whole;
  whole.cutoffs = {1, 2};
  dv::Options top = whole;
  top.whole_ranking = false;
  const std::vector<std::string_view> run{"b", "a", "d", "c", "x"};
  const auto all = scores_of(t, run, whole);
  const dv::Ideal shallow = dv::ideal_ranking(*t, 0.5, 1, 2);
  CHECK(shallow.docs.size() == 2);  // a, then c (gain 0.5 beats b's 0.5 by docno: c > b)
  CHECK(shallow.relevant == 3);
  const auto some = dv::evaluate(t, shallow, run, top);
  REQUIRE(some.ok());
  for (std::size_t i = 0; i < all.at.size(); ++i) {
    CHECK(some.value().at[i].alpha_ndcg == all.at[i].alpha_ndcg);
    CHECK(some.value().at[i].nerr_ia == all.at[i].nerr_ia);
    CHECK(some.value().at[i].p_ia == all.at[i].p_ia);
    CHECK(some.value().at[i].strec == all.at[i].strec);
  }
  CHECK(some.value().documents == 5);
  CHECK(some.value().relevant == 3);
  CHECK(some.value().nrbp == 0);  // not computed
  CHECK(some.value().map_ia == 0);
  // A ranking that repeats a document past rank 2 is not looked at there.
  CHECK(dv::evaluate(t, shallow, {"b", "a", "b"}, top).ok());
  // NRBP needs the whole ideal.
  const auto refused = dv::evaluate(t, shallow, run, whole);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message ==
        "the ideal ranking given was built 2 ranks deep; these measures need it whole");
  top.cutoffs = {3};
  CHECK(dv::evaluate(t, shallow, run, top).error().message ==
        "the ideal ranking given was built 2 ranks deep; these measures need it 3 ranks deep");
}
