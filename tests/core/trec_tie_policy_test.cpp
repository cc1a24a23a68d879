// `irmetrics trec --ties docno|input|rank|average|bounds` and the diversity measures (alpha_nDCG@k,
// ERR_IA@k, …) in a whole trec_eval evaluation: values worked out by hand on small topics,
// ndeval's own output on tests/fixtures/ndeval, properties over generated files, and the errors.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "irm/trec_eval.h"
#include "trec_files.h"

namespace {

struct Evaluated {
  irm::TrecSession session;
  std::vector<std::string> warnings;  // the options' and the run's
};

Evaluated evaluate(const std::vector<std::string>& args, const std::string& qrels,
                   const std::string& run) {
  Evaluated out;
  if (auto e = out.session.configure(args)) FAIL("configure: " << e->message);
  out.warnings = out.session.option_warnings();
  out.session.begin_qrels("qrels.txt");
  out.session.feed_qrels(qrels);
  if (auto e = out.session.end_qrels()) FAIL("qrels: " << e->message);
  if (auto e = out.session.begin_run("run.txt", false)) FAIL("run: " << e->message);
  if (auto e = out.session.feed_run(run)) FAIL("run: " << e->message);
  if (auto e = out.session.end_run()) FAIL("run: " << e->message);
  for (const std::string& w : out.session.runs().at(0).warnings) out.warnings.push_back(w);
  return out;
}

double value(const irm::TrecSession& s, const std::string& name, std::size_t topic = 0) {
  const auto& slots = s.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return s.runs().at(0).values.at(topic).at(i);
  }
  FAIL("no line named " << name);
  return 0.0;
}

double summary(const irm::TrecSession& s, const std::string& name) {
  const auto& slots = s.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return s.runs().at(0).summary.at(i);
  }
  FAIL("no line named " << name);
  return 0.0;
}

std::string configure_error(const std::vector<std::string>& args) {
  irm::TrecSession session;
  const auto e = session.configure(args);
  if (!e) FAIL("no error");
  CHECK(e->field == irm::Field::options);
  return e->message;
}

// One topic. Qrels: a 1, b 0, c 2, d 1 (R = 3). Run: a 3; b and c tied at 2; d and e tied at 1
// (e not judged). trec_eval's order (docno descending within a tie): a c b e d; the file's
// order: a b c d e. The four orderings of the ties, with the relevant ranks and AP:
//   a c b d e: 1 2 4, AP = (1 + 1 + 3/4) / 3 = 11/12
//   a c b e d: 1 2 5, AP = (1 + 1 + 3/5) / 3 = 13/15   (trec_eval's)
//   a b c d e: 1 3 4, AP = (1 + 2/3 + 3/4) / 3 = 29/36 (the file's)
//   a b c e d: 1 3 5, AP = (1 + 2/3 + 3/5) / 3 = 34/45
const char* const tie_qrels = "1 0 a 1\n1 0 b 0\n1 0 c 2\n1 0 d 1\n";
const char* const tie_run =
    "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 2 r\n1 Q0 d 4 1 r\n1 Q0 e 5 1 r\n";
const std::vector<std::string> tie_measures = {
    "-m", "P.2", "-m", "map", "-m", "recip_rank", "-m", "ndcg_cut.2", "-m", "ERR@2", "-m", "bpref"};

// The same documents, scores and grades with a rank column that disagrees with the scores:
// b 1, a 2, e 3, c 4, d 5. --ties rank orders them so: b a e c d, relevant at ranks 2, 4, 5.
const char* const rank_run =
    "1 Q0 a 2 3 r\n1 Q0 b 1 2 r\n1 Q0 c 4 2 r\n1 Q0 d 5 1 r\n1 Q0 e 3 1 r\n";

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE("trec --ties: each policy on a topic with two ties, by hand", "[trec][ties]") {
  // nDCG@2: the ideal's DCG is 2 + 1/log2(3); a c gives 1 + 2/log2(3), a b gives 1.
  const double ideal = 2.0 + 1.0 / std::log2(3.0);
  const double ndcg_ac = (1.0 + 2.0 / std::log2(3.0)) / ideal;
  const double ndcg_ab = 1.0 / ideal;
  // ERR@2 (gdeval: R = (2^g - 1)/16): a c gives 1/16 + (15/16)(3/16)/2 = 77/512; a b 1/16.
  SECTION("docno: trec_eval's order a c b e d") {
    const auto e = evaluate(with(tie_measures, {"--ties", "docno"}), tie_qrels, tie_run);
    CHECK(value(e.session, "map") == Approx(13.0 / 15).epsilon(1e-12));
    CHECK(value(e.session, "P_2") == 1.0);
    CHECK(value(e.session, "ndcg_cut_2") == Approx(ndcg_ac).epsilon(1e-12));
    CHECK(value(e.session, "ERR@2") == Approx(77.0 / 512).epsilon(1e-12));
    CHECK(e.session.runs()[0].ties.at(0).groups == 2);
    CHECK(e.session.runs()[0].ties.at(0).tied_documents == 4);
    CHECK(e.session.runs()[0].ties.at(0).largest == 2);
  }
  SECTION("input: the file's order a b c d e") {
    const auto e = evaluate(with(tie_measures, {"--ties=input"}), tie_qrels, tie_run);
    CHECK(value(e.session, "map") == Approx(29.0 / 36).epsilon(1e-12));
    CHECK(value(e.session, "P_2") == 0.5);
    CHECK(value(e.session, "ndcg_cut_2") == Approx(ndcg_ab).epsilon(1e-12));
    CHECK(value(e.session, "ERR@2") == Approx(1.0 / 16).epsilon(1e-12));
    // bpref (R = 3, one judged non-relevant document, b): a counts 1; c and d have b above them,
    // 1 - min(1, 1)/min(3, 1) = 0 each: 1/3.
    CHECK(value(e.session, "bpref") == Approx(1.0 / 3).epsilon(1e-12));
  }
  SECTION("rank: the rank column's order b a e c d, the scores unused") {
    const auto e = evaluate(with(tie_measures, {"--ties", "rank"}), tie_qrels, rank_run);
    // AP = (1/2 + 2/4 + 3/5) / 3 = 8/15; P@2 = 1/2 (a); RR = 1/2.
    CHECK(value(e.session, "map") == Approx(8.0 / 15).epsilon(1e-12));
    CHECK(value(e.session, "P_2") == 0.5);
    CHECK(value(e.session, "recip_rank") == 0.5);
    // nDCG@2: b gains 0, a (grade 1) at rank 2 gains 1/log2(3).
    CHECK(value(e.session, "ndcg_cut_2") == Approx(1.0 / std::log2(3.0) / ideal).epsilon(1e-12));
    // ERR@2: b stops no one; a stops with R = 1/16 at rank 2: (1/2)(1/16) = 1/32.
    CHECK(value(e.session, "ERR@2") == Approx(1.0 / 32).epsilon(1e-12));
    // Ties in this order are equal ranks: none.
    CHECK(e.session.runs()[0].ties.at(0).groups == 0);
  }
  SECTION("rank: equal ranks keep the file's order") {
    // Every rank 1: the file's order a b c d e, as --ties input (AP 29/36).
    const char* const same_rank =
        "1 Q0 a 1 3 r\n1 Q0 b 1 2 r\n1 Q0 c 1 2 r\n1 Q0 d 1 1 r\n1 Q0 e 1 1 r\n";
    const auto e = evaluate(with(tie_measures, {"--ties", "rank"}), tie_qrels, same_rank);
    CHECK(value(e.session, "map") == Approx(29.0 / 36).epsilon(1e-12));
    CHECK(e.session.runs()[0].ties.at(0).groups == 1);
    CHECK(e.session.runs()[0].ties.at(0).largest == 5);
  }
  SECTION("average: the mean of the four orderings") {
    const auto e = evaluate(with(tie_measures, {"--ties", "average"}), tie_qrels, tie_run);
    const double map = (11.0 / 12 + 13.0 / 15 + 29.0 / 36 + 34.0 / 45) / 4;
    CHECK(value(e.session, "map") == Approx(map).epsilon(1e-12));
    CHECK(value(e.session, "P_2") == 0.75);
    CHECK(value(e.session, "recip_rank") == 1.0);
    CHECK(value(e.session, "ndcg_cut_2") == Approx((ndcg_ac + ndcg_ab) / 2).epsilon(1e-12));
    CHECK(value(e.session, "ERR@2") == Approx((77.0 / 512 + 1.0 / 16) / 2).epsilon(1e-12));
    // bpref is not covered: trec_eval's order a c b e d, where b is above d only: (1 + 1 + 0)/3.
    CHECK(value(e.session, "bpref") == Approx(2.0 / 3).epsilon(1e-12));
    REQUIRE(e.warnings.size() == 1);
    CHECK(e.warnings[0].find("bpref is computed in trec_eval's order") != std::string::npos);
  }
  SECTION("bounds: trec_eval's value, the lowest and the highest") {
    const auto e = evaluate(with(tie_measures, {"--ties", "bounds"}), tie_qrels, tie_run);
    CHECK(value(e.session, "map") == Approx(13.0 / 15).epsilon(1e-12));
    CHECK(value(e.session, "map_low") == Approx(34.0 / 45).epsilon(1e-12));
    CHECK(value(e.session, "map_high") == Approx(11.0 / 12).epsilon(1e-12));
    CHECK(value(e.session, "P_2_low") == 0.5);
    CHECK(value(e.session, "P_2_high") == 1.0);
    CHECK(value(e.session, "ndcg_cut_2_low") == Approx(ndcg_ab).epsilon(1e-12));
    CHECK(value(e.session, "ndcg_cut_2_high") == Approx(ndcg_ac).epsilon(1e-12));
    CHECK(value(e.session, "ERR@2_low") == Approx(1.0 / 16).epsilon(1e-12));
    CHECK(value(e.session, "ERR@2_high") == Approx(77.0 / 512).epsilon(1e-12));
    CHECK(value(e.session, "recip_rank_low") == 1.0);
    // The bounds come after every other line, in the measures' order.
    const auto& slots = e.session.slots();
    CHECK(slots.back().name == "ERR@2_high");
  }
}

TEST_CASE("trec --ties average with -M: a tie across the cut is retrieved in part",
          "[trec][ties]") {
  // -M 2 keeps a and one of the tied b, c: a c (P@2 = 1, AP = 2/3) or a b (P@2 = 1/2, AP = 1/3).
  const auto docno = evaluate({"-M", "2", "-m", "P.2", "-m", "map"}, tie_qrels, tie_run);
  CHECK(value(docno.session, "P_2") == 1.0);
  CHECK(value(docno.session, "map") == Approx(2.0 / 3).epsilon(1e-12));
  const auto average =
      evaluate({"-M", "2", "-m", "P.2", "-m", "map", "--ties", "average"}, tie_qrels, tie_run);
  CHECK(value(average.session, "P_2") == 0.75);
  CHECK(value(average.session, "map") == Approx(0.5).epsilon(1e-12));
}

TEST_CASE("trec --ties: properties over generated files", "[trec][ties]") {
  const std::vector<std::string> measures = {
      "-m", "P.1,3,5", "-m", "recall.5",   "-m", "map",   "-m", "map_cut.3", "-m", "recip_rank",
      "-m", "ndcg",    "-m", "ndcg_cut.3", "-m", "ERR@3", "-m", "RR@2",      "-m", "P(rel=2)@3"};
  const std::vector<std::string> covered = {"P_1",        "P_3",       "P_5",        "recall_5",
                                            "map",        "map_cut_3", "recip_rank", "ndcg",
                                            "ndcg_cut_3", "ERR@3",     "RR@2",       "P(rel=2)@3"};
  int topics_with_ties = 0;
  int topics_without = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const test::TrecFiles files = test::generate_trec_files(seed);
    const auto args = with(measures, {"--keep-first"});
    const auto docno = evaluate(args, files.qrels, files.run);
    const auto average = evaluate(with(args, {"--ties", "average"}), files.qrels, files.run);
    const auto bounds = evaluate(with(args, {"--ties", "bounds"}), files.qrels, files.run);
    const auto& run = docno.session.runs().at(0);
    for (std::size_t t = 0; t < run.topics.size(); ++t) {
      const bool tied = run.ties.at(t).groups > 0;
      (tied ? topics_with_ties : topics_without) += 1;
      for (const std::string& name : covered) {
        INFO("seed " << seed << ", topic " << run.topics[t] << ", " << name);
        const double d = value(docno.session, name, t);
        const double a = value(average.session, name, t);
        const double low = value(bounds.session, name + "_low", t);
        const double high = value(bounds.session, name + "_high", t);
        CHECK(value(bounds.session, name, t) == d);
        CHECK(low <= d + 1e-12);
        CHECK(d <= high + 1e-12);
        CHECK(low <= a + 1e-12);
        CHECK(a <= high + 1e-12);
        // Without ties there is one ordering: every policy gives trec_eval's value.
        if (!tied) {
          CHECK(a == Approx(d).margin(1e-12));
          CHECK(low == Approx(d).margin(1e-12));
          CHECK(high == Approx(d).margin(1e-12));
        }
      }
    }
  }
  CHECK(topics_with_ties > 20);
  CHECK(topics_without >= 3);
  // The same files with every score made distinct (the line number): no ties anywhere, so every
  // policy gives trec_eval's value.
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const test::TrecFiles files = test::generate_trec_files(seed);
    std::istringstream lines(files.run);
    std::string line;
    std::string untied;
    int number = 0;
    while (std::getline(lines, line)) {
      std::istringstream fields(line);
      std::string topic, q0, docno, rank, score, tag;
      if (!(fields >> topic >> q0 >> docno >> rank >> score >> tag)) continue;
      untied += topic + " Q0 " + docno + " " + rank + " " + std::to_string(100000 - ++number) +
                " " + tag + "\n";
    }
    const auto args = with(measures, {"--keep-first"});
    const auto docno = evaluate(args, files.qrels, untied);
    const auto average = evaluate(with(args, {"--ties", "average"}), files.qrels, untied);
    const auto& run = docno.session.runs().at(0);
    for (std::size_t t = 0; t < run.topics.size(); ++t) {
      REQUIRE(run.ties.at(t).groups == 0);
      for (const std::string& name : covered) {
        INFO("seed " << seed << ", topic " << run.topics[t] << ", " << name);
        CHECK(value(average.session, name, t) ==
              Approx(value(docno.session, name, t)).margin(1e-12));
      }
    }
  }
}

TEST_CASE("trec --ties rank: a rank that is not a whole number is an error", "[trec][ties]") {
  // trec_eval ignores the rank column, and so does irmetrics with a warning; --ties rank needs it.
  const std::string run = "1 Q0 a 1 3 r\n1 Q0 b 2.5 2 r\n";
  irm::TrecSession session;
  REQUIRE_FALSE(session.configure({"--ties", "rank", "-m", "map"}));
  session.begin_qrels("qrels.txt");
  session.feed_qrels(tie_qrels);
  REQUIRE_FALSE(session.end_qrels());
  REQUIRE_FALSE(session.begin_run("run.txt", false));
  std::optional<irm::InputError> error = session.feed_run(run);
  if (!error) error = session.end_run();
  REQUIRE(error);
  CHECK(error->message.find("line 2") != std::string::npos);
  CHECK(error->message.find("2.5") != std::string::npos);
  CHECK(error->message.find("--ties rank orders the documents by it") != std::string::npos);
  // Without it, the same run is read with one warning.
  const auto e = evaluate({"-m", "map"}, tie_qrels, run);
  REQUIRE(e.warnings.size() == 1);
  CHECK(e.warnings[0].find("ignored (and any later such rank)") != std::string::npos);
}

TEST_CASE("trec --ties: errors name the flag and what was expected", "[trec][ties]") {
  CHECK(configure_error({"--ties", "random"}).find("--ties expects docno") != std::string::npos);
  CHECK(configure_error({"--ties"}).find("found nothing") != std::string::npos);
  CHECK(configure_error({"--ties", "average", "-R", "prefs", "-m", "prefs_simp"})
            .find("works with qrels") != std::string::npos);
  CHECK(configure_error({"--ties", "bounds", "-M", "10", "-J"}).find("-M and -J") !=
        std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Diversity measures on TREC files

namespace {

std::string read_fixture(const std::string& name) {
  std::string bytes = test::ndeval_fixture(name);
  if (bytes.empty()) FAIL("cannot read fixture " << name);
  return bytes;
}

std::vector<std::string> split(const std::string& line, char by) {
  std::vector<std::string> out;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, by)) out.push_back(field);
  return out;
}

// Compares every value of an ndeval output (a fixture) with the session's, printed as ndeval
// prints them (six decimals, -nan). `alpha` and `beta`: the parameters ndeval was given ("" for
// its defaults); `extra`: irmetrics' flags for ndeval's order.
void compare_with_ndeval(const std::string& fixture, const std::string& alpha,
                         const std::string& beta, const std::vector<std::string>& extra) {
  const std::string expected = read_fixture(fixture);
  std::istringstream lines(expected);
  std::string header;
  std::getline(lines, header);
  const std::vector<std::string> columns = split(header, ',');
  // ndeval's column names and ours: ERR-IA@k is ERR_IA(alpha=0.3)@k, MAP-IA is AP_IA, ...
  const std::string a = alpha.empty() ? "" : "(alpha=" + alpha + ")";
  const std::string ab = alpha.empty() ? "" : "(alpha=" + alpha + ",beta=" + beta + ")";
  const auto ours = [&](const std::string& column) -> std::string {
    const std::size_t at = column.find('@');
    const std::string name = column.substr(0, at);
    const std::string k = at == std::string::npos ? "" : column.substr(at);
    if (name == "ERR-IA") return "ERR_IA" + a + k;
    if (name == "nERR-IA") return "nERR_IA" + a + k;
    if (name == "alpha-DCG") return "alpha_DCG" + a + k;
    if (name == "alpha-nDCG") return "alpha_nDCG" + a + k;
    if (name == "NRBP") return "NRBP" + ab;
    if (name == "nNRBP") return "nNRBP" + ab;
    if (name == "MAP-IA") return "AP_IA";
    if (name == "P-IA") return "P_IA" + k;
    if (name == "strec") return "StRecall" + k;
    return "";
  };
  std::vector<std::string> args;
  for (std::size_t c = 2; c < columns.size(); ++c) {
    REQUIRE_FALSE(ours(columns[c]).empty());
    args.push_back("-m");
    args.push_back(ours(columns[c]));
  }
  args.push_back("-q");
  args.insert(args.end(), extra.begin(), extra.end());
  const auto e = evaluate(args, read_fixture("qrels.txt"), read_fixture("run.txt"));
  const auto& run = e.session.runs().at(0);
  std::string line;
  int compared = 0;
  while (std::getline(lines, line)) {
    const std::vector<std::string> fields = split(line, ',');
    const std::string topic = fields.at(1);
    // Topic 4 is in the run only: ndeval prints zeros for it; trec_eval (and so this) ignores it.
    if (topic == "4") continue;
    std::size_t t = run.topics.size();
    for (std::size_t i = 0; i < run.topics.size(); ++i) {
      if (run.topics[i] == topic) t = i;
    }
    for (std::size_t c = 2; c < columns.size(); ++c) {
      const double v = topic == "amean" ? summary(e.session, ours(columns[c]))
                                        : value(e.session, ours(columns[c]), t);
      char printed[32];
      if (std::isnan(v)) {
        std::snprintf(printed, sizeof printed, "-nan");
      } else {
        std::snprintf(printed, sizeof printed, "%.6f", v);
      }
      INFO("topic " << topic << ", " << columns[c]);
      CHECK(std::string(printed) == fields.at(c));
      ++compared;
    }
  }
  CHECK(compared == 4 * 21);
}

}  // namespace

TEST_CASE("diversity: the values ndeval -traditional printed, topic by topic and the mean",
          "[trec][diversity]") {
  // ndeval -alpha 0.3 -beta 0.8 -traditional ranks by score, then docno descending: trec_eval's
  // order, irmetrics' by default.
  compare_with_ndeval("ndeval-alpha0.3-beta0.8-traditional.csv", "0.3", "0.8", {});
}

TEST_CASE("diversity: with --ties rank, the values ndeval printed in its default order",
          "[trec][diversity][ties]") {
  // ndeval without -traditional ranks by the rank column, whatever the scores: run.txt's ranks
  // disagree with its scores on topics 1 and 2 (unjudged-a has rank 7 and the second best score).
  compare_with_ndeval("ndeval.csv", "", "", {"--ties", "rank"});
}

TEST_CASE("diversity: by hand, and subtopic qrels for the other measures", "[trec][diversity]") {
  // Topic 1, subtopics 1 and 2: a covers 1, b covers 1 and 2, c covers nothing (judged 0).
  // Run a b c. alpha = 1/2: gains a 1, b (1/2 + 1) = 3/2, c 0. S = 2.
  // alpha-DCG@2 = (1 + (3/2)/log2 3) / (2 + 2 (1/2)/log2 3), the ideal ideal's gains 2, 1.
  // The greedy ideal: b (gain 2), then a (gain 1/2): alpha-nDCG@2 = (1 + 1.5/log2 3)/(2 + 0.5/log2
  // 3). P_IA@2 = (1 + 2) / (2 * 2) = 3/4; StRecall@1 = 1/2; AP_IA: subtopic 1 (a, b at ranks 1, 2:
  // AP 1), subtopic 2 (b at rank 2: 1/2), mean 3/4.
  const char* const qrels = "1 1 a 1\n1 1 b 1\n1 2 b 1\n1 2 c 0\n1 1 c 0\n";
  const char* const run = "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n";
  const auto e = evaluate({"-m", "alpha_DCG@2", "-m", "alpha_nDCG@2", "-m", "P_IA@2", "-m",
                           "StRecall@1", "-m", "AP_IA", "-m", "map", "-m", "num_rel"},
                          qrels, run);
  const double l3 = std::log2(3.0);
  CHECK(value(e.session, "alpha_DCG@2") == Approx((1 + 1.5 / l3) / (2 + 1 / l3)).epsilon(1e-12));
  CHECK(value(e.session, "alpha_nDCG@2") == Approx((1 + 1.5 / l3) / (2 + 0.5 / l3)).epsilon(1e-12));
  CHECK(value(e.session, "P_IA@2") == 0.75);
  CHECK(value(e.session, "StRecall@1") == 0.5);
  CHECK(value(e.session, "AP_IA") == 0.75);
  // The other measures read each document's highest grade over its subtopics: a 1, b 1, c 0.
  CHECK(value(e.session, "num_rel") == 2);
  CHECK(value(e.session, "map") == 1.0);
  // Without a diversity measure, the same file is an ordinary qrels with b given twice.
  irm::TrecSession plain;
  REQUIRE_FALSE(plain.configure({"-m", "map"}));
  plain.begin_qrels("qrels.txt");
  plain.feed_qrels(qrels);
  const auto error = plain.end_qrels();
  REQUIRE(error);
  CHECK(error->message.find("given twice") != std::string::npos);
  // Configured again with a diversity measure, the qrels already fed are read as subtopics.
  REQUIRE_FALSE(plain.configure({"-m", "alpha_nDCG@2"}));
}

TEST_CASE("diversity: names and errors", "[trec][diversity]") {
  CHECK(irm::ir_measures_name("alpha_nDCG(alpha=0.5)@10", 1, false).value() == "alpha_nDCG@10");
  CHECK(irm::ir_measures_name("NRBP(beta=0.8)", 1, false).value() == "NRBP(beta=0.8)");
  CHECK(irm::ir_measures_name("MAP_IA", 1, false).value() == "AP_IA");
  CHECK(irm::ir_measures_name("P_IA(rel=2)@5", 1, false).value() == "P_IA(rel=2)@5");
  CHECK(configure_error({"-m", "alpha_nDCG"}).find("needs a cutoff") != std::string::npos);
  CHECK(configure_error({"-m", "alpha_nDCG(alpha=2)@5"}).find("from 0 to 1") != std::string::npos);
  CHECK(configure_error({"-m", "NRBP(beta=1.5)"}).find("from 0 to 1") != std::string::npos);
  CHECK(configure_error({"-m", "AP_IA@5"}).find("takes no cutoff") != std::string::npos);
  // A subtopic that is not a whole number: the line and column of the subtopic qrels.
  irm::TrecSession s;
  REQUIRE_FALSE(s.configure({"-m", "alpha_nDCG@5"}));
  s.begin_qrels("qrels.txt");
  s.feed_qrels("1 1 a 1\n1 x b 1\n");
  const auto error = s.end_qrels();
  REQUIRE(error);
  CHECK(error->where.line == 2);
  CHECK(error->where.column == 3);
}
