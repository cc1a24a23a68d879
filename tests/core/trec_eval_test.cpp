// trec_eval's evaluation (irm/trec_eval.h): values worked out by hand on a small qrels and run,
// the output format, flags and their errors, and a property test against the teaching
// calculators.

#include "irm/trec_eval.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "helpers.h"
#include "irm/trec.h"
#include "trec_files.h"

namespace {

// Topic 1: a 1, b 0, c 2, d 1, e -1 (negative: unjudged). R = 3 (a, c, d); judged non-relevant: b.
// Topic 2: x 1, y 0. R = 1. Topic 3: z 1, not in the run.
const char* const qrels_text =
    "1 0 a 1\n1 0 b 0\n1 0 c 2\n1 0 d 1\n1 0 e -1\n2 0 x 1\n2 0 y 0\n3 0 z 1\n";
// Topic 1 ranked by score, the tie b/f (4) broken by docno descending: a f b c e,
//   grades 1 (-1) 0 2 (-2): relevant at ranks 1 and 4.
// Topic 2: y x w (the tie x/w at 1: x first): grades 0 1 (-1): relevant at rank 2.
// Topic 9 is not in the qrels.
const char* const run_text =
    "1 Q0 a 1 5 tagA\n1 Q0 b 2 4 tagA\n1 Q0 f 3 4 tagA\n1 Q0 c 4 3 tagA\n1 Q0 e 5 2 tagA\n"
    "2 Q0 y 1 2 tagA\n2 Q0 w 2 1 tagA\n2 Q0 x 3 1 tagA\n9 Q0 q 1 1 tagB\n";

irm::TrecSession session_with(const std::vector<std::string>& args,
                              const std::string& run = run_text, bool stream = false) {
  irm::TrecSession session;
  const auto configured = session.configure(args);
  if (configured) FAIL("configure: " << configured->message);
  session.begin_qrels("qrels.txt");
  session.feed_qrels(qrels_text);
  if (auto e = session.end_qrels()) FAIL("qrels: " << e->message);
  if (auto e = session.begin_run("run.txt", stream)) FAIL("run: " << e->message);
  if (auto e = session.feed_run(run)) FAIL("run: " << e->message);
  if (session.run_restart_needed()) FAIL("run: a topic came back while streaming");
  if (auto e = session.end_run()) FAIL("run: " << e->message);
  return session;
}

std::size_t slot(const irm::TrecSession& session, const std::string& name) {
  const auto& slots = session.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return i;
  }
  FAIL("no slot " << name);
  return 0;
}

double summary(const irm::TrecSession& s, const std::string& name) {
  return s.runs().at(0).summary.at(slot(s, name));
}
double topic_value(const irm::TrecSession& s, std::size_t topic, const std::string& name) {
  return s.runs().at(0).values.at(topic).at(slot(s, name));
}

using Catch::Matchers::WithinAbs;

}  // namespace

TEST_CASE("trec: official measures worked by hand on two topics", "[trec][eval]") {
  // Read whole, and streamed (each topic evaluated as its lines end): the same values.
  const bool stream = GENERATE(false, true);
  INFO("streaming " << stream);
  const auto s = session_with({}, run_text, stream);
  const auto& run = s.runs().at(0);
  CHECK(run.topics == std::vector<std::string>{"1", "2"});
  CHECK(run.run_id == "tagB");  // the tag of the last line, as trec_eval
  // Topic 1: AP = (1/1 + 2/4) / 3 = 0.5; topic 2: AP = (1/2) / 1 = 0.5.
  CHECK(topic_value(s, 0, "map") == 0.5);
  CHECK(topic_value(s, 1, "map") == 0.5);
  // Rprec: topic 1 has 1 relevant in its top 3 -> 1/3; topic 2 none in its top 1 -> 0.
  CHECK_THAT(topic_value(s, 0, "Rprec"), WithinAbs(1.0 / 3, 1e-15));
  CHECK(topic_value(s, 1, "Rprec") == 0);
  // bpref, trec_eval's form 1 - min(n, R)/min(N, R): topic 1 (N = 1: b): a counts 1, c follows b
  // and counts 1 - 1/1 = 0, so 1/3; topic 2: x follows y, 0.
  CHECK_THAT(topic_value(s, 0, "bpref"), WithinAbs(1.0 / 3, 1e-15));
  CHECK(topic_value(s, 1, "bpref") == 0);
  // P_5 divides by 5 even with 3 documents: 2/5 and 1/5; P_10: 2/10 and 1/10.
  CHECK(topic_value(s, 0, "P_5") == 0.4);
  CHECK(topic_value(s, 1, "P_5") == 0.2);
  CHECK(topic_value(s, 1, "P_10") == 0.1);
  // The summary: counts are sums, the rest means over the 2 topics.
  CHECK(summary(s, "num_q") == 2);
  CHECK(summary(s, "num_ret") == 8);
  CHECK(summary(s, "num_rel") == 4);
  CHECK(summary(s, "num_rel_ret") == 3);
  CHECK(summary(s, "map") == 0.5);
  CHECK_THAT(summary(s, "gm_map"), WithinAbs(0.5, 1e-15));
  CHECK_THAT(summary(s, "Rprec"), WithinAbs(1.0 / 6, 1e-15));
  CHECK(summary(s, "recip_rank") == 0.75);  // (1 + 1/2) / 2
  CHECK_THAT(summary(s, "P_10"), WithinAbs(0.15, 1e-15));
  // Topic 3 is missing from the run, topic 9 from the qrels: both named.
  REQUIRE(run.warnings.size() == 2);
  CHECK(run.warnings[0] ==
        "1 topic of qrels.txt is not in run.txt: 3; evaluated over the topics in both "
        "(trec_eval 10 stops here; -c scores them 0)");
  CHECK(run.warnings[1] ==
        "1 topic of run.txt is not in qrels.txt and was ignored, as trec_eval ignores them: 9");
}

TEST_CASE("trec: interpolated precision, trec_eval 10's lround against 9's (long)(rR + 0.9)",
          "[trec][eval][compat]") {
  // Topic 1, R = 3, relevant at ranks 1 (P = 1) and 4 (P = 1/2), the third never retrieved.
  // trec_eval 10: level r needs lround(3r) relevant documents: 0.4 -> 1 -> 1.0; 0.5 -> 2 -> 0.5;
  //   0.9 -> 3, never reached -> 0; 0.0 -> 0 -> the best precision anywhere, 1.0.
  const auto s = session_with({"-m", "iprec_at_recall", "-m", "11pt_avg"});
  CHECK(topic_value(s, 0, "iprec_at_recall_0.00") == 1.0);
  CHECK(topic_value(s, 0, "iprec_at_recall_0.40") == 1.0);
  CHECK(topic_value(s, 0, "iprec_at_recall_0.50") == 0.5);
  CHECK(topic_value(s, 0, "iprec_at_recall_0.90") == 0.0);
  // 11pt_avg: levels 0-0.4 give 1, 0.5-0.8 give 0.5, 0.9 and 1 give 0: (5 + 2) / 11.
  CHECK_THAT(topic_value(s, 0, "11pt_avg"), WithinAbs(7.0 / 11, 1e-15));
  // trec_eval 9: (long)(0.4 * 3 + 0.9) = 2 relevant -> 0.5.
  const auto nine = session_with({"--compat", "9", "-m", "iprec_at_recall.0.4"});
  CHECK(topic_value(nine, 0, "iprec_at_recall_0.40") == 0.5);
}

TEST_CASE("trec: nDCG uses the grades as gains at any level, ideal from every judged document",
          "[trec][eval][ndcg]") {
  // Topic 1: gains 1 0 0 2 0 (unjudged count 0): DCG = 1/log2(2) + 2/log2(5).
  // Ideal from the judged grades 2 1 1 0 (d is judged but not retrieved): 2 + 1/log2(3) + 1/2.
  const double dcg = 1.0 + 2.0 / std::log2(5.0);
  const double ideal = 2.0 + 1.0 / std::log2(3.0) + 0.5;
  for (const std::string level : {"1", "2"}) {
    const auto s = session_with(
        {"-l", level, "-m", "ndcg", "-m", "ndcg_cut.2,10", "-m", "dcg", "-m", "ideal_dcg"});
    INFO("-l " << level);
    CHECK_THAT(topic_value(s, 0, "dcg"), WithinAbs(dcg, 1e-12));
    CHECK_THAT(topic_value(s, 0, "ideal_dcg"), WithinAbs(ideal, 1e-12));
    CHECK_THAT(topic_value(s, 0, "ndcg"), WithinAbs(dcg / ideal, 1e-12));
    // At 2: DCG 1 + 0, ideal 2 + 1/log2(3).
    CHECK_THAT(topic_value(s, 0, "ndcg_cut_2"),
               WithinAbs(1.0 / (2.0 + 1.0 / std::log2(3.0)), 1e-12));
    CHECK_THAT(topic_value(s, 0, "ndcg_cut_10"), WithinAbs(dcg / ideal, 1e-12));
  }
  // Custom gains: grade 2 worth 10 -> DCG 1 + 10/log2(5), ideal 10 + 1/log2(3) + 1/2.
  const auto custom = session_with({"-m", "ndcg.2=10"});
  CHECK(custom.slots().at(0).name == "ndcg_2=10");
  CHECK_THAT(topic_value(custom, 0, "ndcg_2=10"),
             WithinAbs((1.0 + 10.0 / std::log2(5.0)) / (10.0 + 1.0 / std::log2(3.0) + 0.5), 1e-12));
}

TEST_CASE("trec: -l, -M and -J change what is relevant and what is ranked", "[trec][eval][flags]") {
  // -l 2: only c is relevant in topic 1, at rank 4: AP = 1/4.
  CHECK(topic_value(session_with({"-l", "2", "-m", "map"}), 0, "map") == 0.25);
  // -M 2: topic 1 keeps a f: AP = (1/1) / 3.
  const auto m = session_with({"-M", "2", "-m", "map", "-m", "num_ret"});
  CHECK_THAT(topic_value(m, 0, "map"), WithinAbs(1.0 / 3, 1e-15));
  CHECK(topic_value(m, 0, "num_ret") == 2);
  // -J: topic 1 drops f (not judged) and e (negative grade): a b c, AP = (1 + 2/3) / 3 = 5/9.
  const auto j = session_with({"-J", "-m", "map", "-m", "num_ret", "-m", "relstring"});
  CHECK_THAT(topic_value(j, 0, "map"), WithinAbs(5.0 / 9, 1e-15));
  CHECK(topic_value(j, 0, "num_ret") == 3);
  CHECK(j.runs()[0].relstrings[0] == "102");
  // relstring without -J: '-' not in the qrels, '.' a negative grade.
  CHECK(session_with({"-m", "relstring"}).runs()[0].relstrings ==
        std::vector<std::string>{"1-02.", "01-"});
}

TEST_CASE("trec: yaap, Robertson's smoothed AP, log((1 + S) / (1 + R - S))", "[trec][eval]") {
  // S is the sum of the precisions at the relevant ranks. Topic 1: relevant at ranks 1 and 4 of
  // R = 3: S = 1 + 2/4 = 1.5, log(2.5 / 2.5) = 0. Topic 2: rank 2 of R = 1: S = 1/2,
  // log(1.5 / 1.5) = 0. Topic 3 (-c, not in the run): S = 0, R = 1: log(1/2) = -0.6931.
  const irm::TrecSession s = session_with({"-q", "-c", "-m", "yaap"});
  CHECK_THAT(topic_value(s, 0, "yaap"), WithinAbs(0.0, 1e-15));
  CHECK_THAT(topic_value(s, 1, "yaap"), WithinAbs(0.0, 1e-15));
  CHECK_THAT(topic_value(s, 2, "yaap"), WithinAbs(-std::log(2.0), 1e-15));
  CHECK_THAT(summary(s, "yaap"), WithinAbs(-std::log(2.0) / 3, 1e-15));
}

TEST_CASE("trec: -c averages over every qrels topic, the missing ones scoring 0",
          "[trec][eval][complete]") {
  const auto s = session_with({"-c", "-m", "official"});
  CHECK(summary(s, "num_q") == 3);
  CHECK_THAT(summary(s, "map"), WithinAbs(1.0 / 3, 1e-15));  // (0.5 + 0.5 + 0) / 3
  // Topic 3 is evaluated over an empty ranking: its R = 1 counts.
  CHECK(s.runs()[0].topics == std::vector<std::string>{"1", "2", "3"});
  CHECK(topic_value(s, 2, "num_rel") == 1);
  CHECK(topic_value(s, 2, "num_ret") == 0);
  // num_rel's summary is trec_eval's recount of the qrels grades above 0: a c d x z = 5, and
  // still 5 with -l 2 (trec_eval ignores -l there), though topic 1 then has R = 1.
  CHECK(summary(s, "num_rel") == 5);
  CHECK(summary(session_with({"-c", "-l", "2", "-m", "num_rel"}), "num_rel") == 5);
  // gm_map: the missing topic contributes log(1e-5).
  CHECK_THAT(summary(s, "gm_map"),
             WithinAbs(std::exp((2 * std::log(0.5) + std::log(0.00001)) / 3), 1e-15));
  CHECK(s.runs()[0].warnings[0] ==
        "1 topic of qrels.txt is not in run.txt: 3; with -c each is evaluated over an empty "
        "ranking and counts in every mean (as trec_eval -c)");
  // trec_eval 9.0.8 -c does not evaluate topic 3: it adds nothing to the sums, the means still
  // divide by the 3 qrels topics, and gm_map adds its log(1e-5) (9.0.8's meas_avg.c); -q prints
  // topics 1 and 2 only. So the same summary, and no topic 3.
  const auto nine = session_with({"--compat", "9", "-c", "-q", "-m", "official"});
  CHECK(nine.runs()[0].topics == std::vector<std::string>{"1", "2"});
  CHECK(summary(nine, "num_q") == 3);
  CHECK_THAT(summary(nine, "map"), WithinAbs(1.0 / 3, 1e-15));
  CHECK(summary(nine, "num_rel") == 5);
  CHECK_THAT(summary(nine, "gm_map"),
             WithinAbs(std::exp((2 * std::log(0.5) + std::log(0.00001)) / 3), 1e-15));
  CHECK(nine.report_text().find("\t3\t") == std::string::npos);
}

TEST_CASE("trec: set measures and utility", "[trec][eval][set]") {
  const auto s = session_with({"-m", "set", "-m", "set_F.2", "-m", "num_nonrel_judged_ret"});
  // Topic 1: 2 of 5 retrieved are relevant, of R = 3: P = 2/5, R = 2/3.
  CHECK(topic_value(s, 0, "set_P") == 0.4);
  CHECK_THAT(topic_value(s, 0, "set_recall"), WithinAbs(2.0 / 3, 1e-15));
  CHECK_THAT(topic_value(s, 0, "set_relative_P"), WithinAbs(2.0 / 3, 1e-15));  // 2 / min(5, 3)
  CHECK_THAT(topic_value(s, 0, "set_map"), WithinAbs(4.0 / 15, 1e-15));        // (2*2)/(5*3)
  // set_F.2 uses 2 as beta squared: 3PR / (2P + R) = (12/15) / (22/15) = 6/11.
  CHECK(s.slots().at(slot(s, "set_F_2")).name == "set_F_2");
  CHECK_THAT(topic_value(s, 0, "set_F_2"), WithinAbs(6.0 / 11, 1e-15));
  // utility 1,-1,0,0: 2 - 3 = -1 and 1 - 2 = -1.
  CHECK(summary(s, "utility") == -1);
  CHECK(topic_value(s, 0, "num_nonrel_judged_ret") == 1);  // b
}

TEST_CASE("trec: the text report is trec_eval's, line for line", "[trec][report]") {
  const auto s = session_with(
      {"-q", "-m", "num_q", "-m", "map", "-m", "runid", "-m", "relstring.3", "-m", "P.5"});
  // num_q is printed for all only: trec_eval 9.0.8 and 10.0 print nothing for it per topic.
  CHECK(s.report_text() ==
        "map                   \t1\t0.5000\n"
        "P_5                   \t1\t0.4000\n"
        "relstring_3           \t1\t'1-0'\n"
        "map                   \t2\t0.5000\n"
        "P_5                   \t2\t0.2000\n"
        "relstring_3           \t2\t'01-'\n"
        "runid                 \tall\ttagB\n"
        "num_q                 \tall\t2\n"
        "map                   \tall\t0.5000\n"
        "P_5                   \tall\t0.3000\n");
  const auto quiet = session_with({"-n", "-m", "map"});
  CHECK(quiet.report_text().empty());
  CHECK(session_with({"-m", "map"}).report_text(6) == "map                   \tall\t0.500000\n");
  CHECK(session_with({"-m", "map", "-m", "runid"}).report_csv() ==
        "run,measure,topic,value\ntagB,runid,all,tagB\ntagB,map,all,0.5000\n");
}

TEST_CASE("trec: a CSV field that would start a formula is neutralised", "[trec][csv]") {
  // A run tag "=1+1" would be run by a spreadsheet; OWASP's advice: a leading ' keeps it text.
  // "@SUM(A1)" and "-x" too; a field with a comma is then quoted as well.
  const auto tagged = [](const std::string& tag) {
    return session_with({"-m", "runid"}, "1 Q0 a 1 5 " + tag + "\n").report_csv();
  };
  CHECK(tagged("=1+1") == "run,measure,topic,value\n'=1+1,runid,all,'=1+1\n");
  CHECK(tagged("@SUM(A1)") == "run,measure,topic,value\n'@SUM(A1),runid,all,'@SUM(A1)\n");
  CHECK(tagged("-x,y") == "run,measure,topic,value\n\"'-x,y\",runid,all,\"'-x,y\"\n");
  // A tag with an escape sequence reaches neither the CSV nor the text report as it is.
  CHECK(tagged("x\x1b[2J") ==
        "run,measure,topic,value\nx\u27E8U+001B\u27E9[2J,runid,all,"
        "x\u27E8U+001B\u27E9[2J\n");
  CHECK(session_with({"-m", "runid"}, "1 Q0 a 1 5 x\x1b[2J\n").report_text() ==
        "runid                 \tall\tx\u27E8U+001B\u27E9[2J\n");
  // A number keeps its sign: a tag -5 or +1.5e3 is a number, not a formula.
  CHECK(tagged("-5") == "run,measure,topic,value\n-5,runid,all,-5\n");
  CHECK(tagged("+1.5e3") == "run,measure,topic,value\n+1.5e3,runid,all,+1.5e3\n");
}

TEST_CASE("trec: flag and measure errors name the flag and what was expected", "[trec][errors]") {
  irm::TrecSession s;
  const auto check = [&](const std::vector<std::string>& args, irm::ErrorCode code,
                         const std::string& message) {
    const auto e = s.configure(args);
    REQUIRE(e.has_value());
    CHECK(e->code == code);
    CHECK(e->field == irm::Field::options);
    CHECK(e->message == message);
  };
  check({"-z"}, irm::ErrorCode::unknown_parameter,
        "unknown flag '-z'; expected -q, -n, -c, -J, -l N, -M N, -N N, -m MEASURE, -R FORMAT, "
        "-Z FILE, "
        "--compat 9|10, --keep-first, --ties docno|input|rank|average|bounds, --strict or "
        "--nan-as-zero");
  check({"-l", "x"}, irm::ErrorCode::bad_parameter_value, "-l expects a whole number, found 'x'");
  check({"-M"}, irm::ErrorCode::bad_parameter_value,
        "-M expects a whole number of 0 or more, found nothing");
  check({"--compat", "8"}, irm::ErrorCode::bad_parameter_value,
        "--compat expects 9 or 10, found '8'");
  check({"-m", "P.5,0"}, irm::ErrorCode::bad_parameter_value,
        "-m P.5,0: found '0'; expected rank cutoffs, whole numbers of 1 or more, such as P.5,10");
  check({"-m", "P.5,5"}, irm::ErrorCode::bad_parameter_value,
        "-m P.5,5: a cutoff is given twice; give each once");
  check({"-m", "ndcg.a=1"}, irm::ErrorCode::bad_parameter_value,
        "-m ndcg.a=1: found 'a=1'; expected grade=gain pairs, such as ndcg.1=3.5,2=9");
  check({"-m", "utility.1,2"}, irm::ErrorCode::bad_parameter_value,
        "-m utility.1,2: utility takes 4 numbers, such as utility.1,-1,0,0");
  check({"--strict", "-m", "map.3"}, irm::ErrorCode::unknown_parameter,
        "-m map.3: map takes no parameters");
  const auto unknown = s.configure({"-m", "mapp"});
  REQUIRE(unknown.has_value());
  CHECK(unknown->code == irm::ErrorCode::unknown_measure);
  CHECK(unknown->message.rfind("-m mapp: unknown measure 'mapp'; trec_eval's measures: runid, "
                               "num_q, num_ret",
                               0) == 0);
  // A 100,000-character -m is shown by its first 60 characters, not echoed whole; a control
  // character in one is shown by its code.
  const auto huge = s.configure({"-m", std::string(100000, 'x')});
  REQUIRE(huge.has_value());
  CHECK(huge->message.rfind("-m " + std::string(60, 'x') + "…: unknown measure '" +
                                std::string(30, 'x') + "…'; trec_eval's measures: ",
                            0) == 0);
  CHECK(huge->message.size() < 2000);
  const auto control = s.configure({"-m", "ma\x1Bp"});
  REQUIRE(control.has_value());
  CHECK(control->message.rfind("-m ma⟨U+001B⟩p: unknown measure 'ma⟨U+001B⟩p'", 0) == 0);
  const auto params = s.configure({"--strict", "-m", "map." + std::string(200, '1')});
  REQUIRE(params.has_value());
  CHECK(params->message == "-m map." + std::string(56, '1') + "…: map takes no parameters");
  // P_10, as papers write it, is P with the cutoff 10; trec_eval's first parameters win.
  REQUIRE_FALSE(s.configure({"-m", "P_10", "-m", "P.5"}).has_value());
  CHECK(s.slots().size() == 1);
  CHECK(s.slots()[0].name == "P_10");
}

TEST_CASE(
    "trec: a bad run line is an error naming the file, line and column, no qrels first is "
    "an error",
    "[trec][errors]") {
  irm::TrecSession s;
  const auto early = s.begin_run("run.txt");
  REQUIRE(early.has_value());
  CHECK(early->message == "read a qrels file before the runs: the runs are judged against it");
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels_text);
  REQUIRE_FALSE(s.end_qrels().has_value());
  REQUIRE_FALSE(s.begin_run("run.txt").has_value());
  const auto e = s.feed_run("1 Q0 a 1 5 t\n1 Q0 b 2 high t\n");
  REQUIRE(e.has_value());
  // "1 Q0 b 2 " is 9 characters: 'high' starts in column 10.
  CHECK(e->message ==
        "found 'high' at line 2, column 10 of run.txt; expected the score (fifth field), a number "
        "such as 12.5, -3 or 1e-4");
  CHECK(e->where.line == 2);
  CHECK(e->where.column == 10);
}

TEST_CASE("property: per topic, the bulk engine equals the teaching calculators",
          "[trec][property]") {
  int topics_checked = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const test::TrecFiles files = test::generate_trec_files(seed);
    INFO("seed " << seed << "\nqrels:\n" << files.qrels << "run:\n" << files.run);
    irm::TrecSession s;
    REQUIRE_FALSE(
        s.configure({"-m", "map", "-m", "P.5", "-m", "recip_rank", "-m", "Rprec", "-m", "bpref"})
            .has_value());
    s.begin_qrels("qrels.txt");
    s.feed_qrels(files.qrels);
    REQUIRE_FALSE(s.end_qrels().has_value());
    REQUIRE_FALSE(s.begin_run("run.txt").has_value());
    REQUIRE_FALSE(s.feed_run(files.run).has_value());
    REQUIRE_FALSE(s.end_run().has_value());
    const auto& run = s.runs().at(0);
    const auto qrels = test::parsed_ok(irm::read_qrels(files.qrels, "qrels.txt"));
    for (std::size_t t = 0; t < run.topics.size(); ++t) {
      INFO("topic " << run.topics[t]);
      const irm::TrecTopicList& list = run.lists[t];
      // The teaching calculators' inputs: R/N marks (unjudged as not relevant, as trec_eval
      // counts them), and U for bpref's unjudged.
      std::string marks, bpref_marks;
      for (const int g : list.grades) {
        marks += (marks.empty() ? "" : " ") + std::string(g >= 1 ? "R" : "N");
        bpref_marks += (bpref_marks.empty() ? "" : " ") + std::string(g >= 1   ? "R"
                                                                      : g == 0 ? "N"
                                                                               : "U");
      }
      // bpref's N counts every judged non-relevant document of the qrels; the teaching list only
      // knows those it holds, so the unretrieved ones go at its end, where they change nothing
      // but N.
      std::int64_t nonrelevant = 0;
      for (const irm::Judgment& judgment : qrels.find(run.topics[t])->all()) {
        nonrelevant += judgment.grade == 0 ? 1 : 0;
      }
      for (const int g : list.grades) nonrelevant -= g == 0 ? 1 : 0;
      for (std::int64_t i = 0; i < nonrelevant; ++i) bpref_marks += " N";
      const std::string relevant = std::to_string(list.relevant);
      const auto value = [&](const std::string& name) { return run.values[t][slot(s, name)]; };
      CHECK_THAT(test::run("AP", marks, relevant).value.approx, WithinAbs(value("map"), 1e-12));
      CHECK_THAT(test::run("P@5", marks, relevant).value.approx, WithinAbs(value("P_5"), 1e-12));
      CHECK_THAT(test::run("RR", marks, relevant).value.approx,
                 WithinAbs(value("recip_rank"), 1e-12));
      CHECK_THAT(test::run("Rprec", marks, relevant).value.approx,
                 WithinAbs(value("Rprec"), 1e-12));
      CHECK_THAT(test::run("bpref(variant=trec)", bpref_marks, relevant).value.approx,
                 WithinAbs(value("bpref"), 1e-12));
      ++topics_checked;
    }
  }
  CHECK(topics_checked > 300);
}

namespace {

// The run's lines regrouped by topic (topics in order of first appearance, lines in file order
// within each), as a streaming reader needs them.
std::string grouped_by_topic(const std::string& run) {
  std::vector<std::string> topics;
  std::vector<std::string> blocks;
  std::size_t start = 0;
  while (start < run.size()) {
    std::size_t end = run.find('\n', start);
    if (end == std::string::npos) end = run.size();
    const std::string line = run.substr(start, end - start + 1);
    start = end + 1;
    const std::size_t first = line.find_first_not_of(" \t");
    const std::size_t stop = line.find_first_of(" \t", first);
    const std::string topic = line.substr(first, stop - first);
    std::size_t i = 0;
    while (i < topics.size() && topics[i] != topic) ++i;
    if (i == topics.size()) {
      topics.push_back(topic);
      blocks.emplace_back();
    }
    blocks[i] += line;
  }
  std::string out;
  for (const std::string& block : blocks) out += block;
  return out;
}

// Evaluates `run` fed in pieces of `piece` bytes, streamed or not; the report with -q to 17
// digits, or the error's message.
std::string report_of(const std::string& qrels, const std::string& run, bool stream,
                      std::size_t piece, const std::vector<std::string>& args) {
  irm::TrecSession s;
  if (auto e = s.configure(args)) return "configure: " + e->message;
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels);
  if (auto e = s.end_qrels()) return "qrels: " + e->message;
  if (auto e = s.begin_run("run.txt", stream)) return "run: " + e->message;
  for (std::size_t at = 0; at < run.size(); at += piece) {
    if (auto e = s.feed_run(std::string_view(run).substr(at, piece))) return "run: " + e->message;
  }
  if (s.run_restart_needed()) return "restart";
  if (auto e = s.end_run()) return "run: " + e->message;
  std::string warnings;
  for (const std::string& w : s.runs().at(0).warnings) warnings += w + "\n";
  return s.report_text(17) + warnings;
}

}  // namespace

TEST_CASE("trec: a run streamed topic by topic gives the report of the run read whole",
          "[trec][stream][property]") {
  // Every measure, per topic and in the summary, with -c and -J too, in pieces of 1, 7 and
  // 4096 bytes: streaming changes when each topic is evaluated, never what it gives.
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const test::TrecFiles files = test::generate_trec_files(seed);
    const std::string run = grouped_by_topic(files.run);
    INFO("seed " << seed << "\nqrels:\n" << files.qrels << "run:\n" << run);
    const std::vector<std::string> args =
        seed % 3 == 0   ? std::vector<std::string>{"-q", "-c", "-m", "all_trec"}
        : seed % 3 == 1 ? std::vector<std::string>{"-q", "-J", "-m", "all_trec"}
                        : std::vector<std::string>{"-q", "-l", "2", "-M", "3", "-m", "all_trec"};
    const std::string whole = report_of(files.qrels, run, false, run.size() + 1, args);
    REQUIRE(whole.find("map") != std::string::npos);
    for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
      INFO("pieces of " << piece);
      CHECK(report_of(files.qrels, run, true, piece, args) == whole);
    }
  }
}

TEST_CASE("trec: a streamed run whose topic comes back is read again whole", "[trec][stream]") {
  // Topic 1's lines are split by topic 2's: a, then y, then c. Streaming stops at c.
  const std::string run = "1 Q0 a 1 5 t\n2 Q0 y 1 2 t\n1 Q0 c 2 3 t\n";
  irm::TrecSession s;
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels_text);
  REQUIRE_FALSE(s.end_qrels().has_value());
  REQUIRE_FALSE(s.begin_run("run.txt", true).has_value());
  REQUIRE_FALSE(s.feed_run(run).has_value());
  CHECK(s.run_restart_needed());
  // Read again without streaming: topic 1 ranks a (5) then c (3), both relevant, R = 3 (a, c,
  // d): AP = (1/1 + 2/2) / 3 = 2/3. Topic 2: y is not relevant, R = 1: AP 0.
  REQUIRE_FALSE(s.begin_run("run.txt").has_value());
  CHECK_FALSE(s.run_restart_needed());
  REQUIRE_FALSE(s.feed_run(run).has_value());
  REQUIRE_FALSE(s.end_run().has_value());
  REQUIRE(s.runs().size() == 1);  // the stopped reading left nothing behind
  CHECK_THAT(topic_value(s, 0, "map"), WithinAbs(2.0 / 3, 1e-15));
  CHECK(topic_value(s, 1, "map") == 0);
}

TEST_CASE("trec: with -M N a document given twice counts only among the first N, as trec_eval",
          "[trec][eval][flags]") {
  // Topic 1 ranks a (5), c (3), a again (1). trec_eval -M 2 evaluates a c (AP (1/1 + 2/2)/3 =
  // 2/3, R = 3: a c d) and never looks at the third line; -M 3 stops at the duplicate.
  const std::string run = "1 Q0 a 1 5 t\n1 Q0 c 2 3 t\n1 Q0 a 3 1 t\n2 Q0 x 1 1 t\n";
  for (const bool stream : {false, true}) {
    const irm::TrecSession two = session_with({"-q", "-M", "2", "-m", "map"}, run, stream);
    CHECK_THAT(topic_value(two, 0, "map"), WithinAbs(2.0 / 3, 1e-15));
    const auto& warnings = two.runs().at(0).warnings;
    CHECK(std::any_of(warnings.begin(), warnings.end(), [](const std::string& w) {
      return w.rfind(
                 "document 'a' is given twice for topic '1' in run.txt, at lines 1 and 3; "
                 "read, as trec_eval -M 2 reads it",
                 0) == 0;
    }));
  }
  irm::TrecSession three;
  REQUIRE_FALSE(three.configure({"-M", "3", "-m", "map"}));
  three.begin_qrels("qrels.txt");
  three.feed_qrels(qrels_text);
  REQUIRE_FALSE(three.end_qrels());
  REQUIRE_FALSE(three.begin_run("run.txt"));
  REQUIRE_FALSE(three.feed_run(run));
  const auto error = three.end_run();
  REQUIRE(error);
  CHECK(error->message ==
        "document 'a' is given twice for topic '1' in run.txt, at lines 1 and 3, both among the 3 "
        "documents evaluated (-M 3); trec_eval stops here: give each document once per topic, or "
        "choose to keep the first occurrence");
}

TEST_CASE("trec: a streamed run reports duplicates and bad lines as a whole one does",
          "[trec][stream][errors]") {
  const std::vector<std::string> runs = {
      "1 Q0 a 1 5 t\n1 Q0 b 2 4 t\n1 Q0 a 3 3 t\n2 Q0 y 1 2 t\n",  // a twice in topic 1
      "1 Q0 a 1 5 t\n2 Q0 y 1 2 t\n2 Q0 y 2 1 t\n",                // y twice in the last topic
      "1 Q0 a 1 5 t\n2 Q0 y 1 high t\n",                           // a bad score
  };
  for (const std::string& run : runs) {
    INFO(run);
    const std::string whole = report_of(qrels_text, run, false, run.size(), {"-q"});
    CHECK(whole.rfind("run: ", 0) == 0);  // an error
    CHECK(report_of(qrels_text, run, true, 3, {"-q"}) == whole);
    CHECK(report_of(qrels_text, run, true, 3, {"-q", "--keep-first"}) ==
          report_of(qrels_text, run, false, run.size(), {"-q", "--keep-first"}));
  }
}

TEST_CASE("trec: a session moved after its qrels are read still judges against them",
          "[trec][eval]") {
  // 8 bytes of qrels: small enough for a std::string's inline storage, which a move copies,
  // leaving the qrels' views pointing at the old object.
  irm::TrecSession first;
  first.begin_qrels("qrels.txt");
  first.feed_qrels("1 0 a 1\n");
  REQUIRE_FALSE(first.end_qrels().has_value());
  irm::TrecSession s = std::move(first);
  REQUIRE_FALSE(s.begin_run("run.txt").has_value());
  REQUIRE_FALSE(s.feed_run("1 Q0 b 1 2 t\n1 Q0 a 2 1 t\n").has_value());
  REQUIRE_FALSE(s.end_run().has_value());
  // a is relevant (R = 1) and ranked 2nd, after b (score 2): AP = (1/2) / 1 = 1/2.
  CHECK(topic_value(s, 0, "map") == 0.5);
}

TEST_CASE("trec: without the topics' lists kept, the values are the same and no list is kept",
          "[trec][eval]") {
  irm::TrecSession s;
  s.keep_topic_lists(false);
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels_text);
  REQUIRE_FALSE(s.end_qrels().has_value());
  REQUIRE_FALSE(s.begin_run("run.txt", true).has_value());
  REQUIRE_FALSE(s.feed_run(run_text).has_value());
  REQUIRE_FALSE(s.end_run().has_value());
  // As worked by hand in the first test: AP 1/2 for topics 1 and 2, P_5 2/5 and 1/5.
  CHECK(topic_value(s, 0, "map") == 0.5);
  CHECK(topic_value(s, 1, "map") == 0.5);
  CHECK(topic_value(s, 0, "P_5") == 0.4);
  CHECK(topic_value(s, 1, "P_5") == 0.2);
  CHECK(s.runs().at(0).lists.empty());
}

TEST_CASE("trec: memory limits are errors naming the limit and the file", "[trec][limits]") {
  // The limits set small here stand for the real ones (256 MiB of qrels, 10,000,000 documents
  // held), which a gzip bomb or a run of one enormous topic would reach.
  irm::TrecSession s;
  REQUIRE_FALSE(s.configure({"-m", "map"}));
  s.set_limits({64, 3});
  s.begin_qrels("bomb.qrels");
  s.feed_qrels(qrels_text);  // 7 lines of 8 bytes and one of 9: 65 bytes, more than 64
  const auto qrels = s.end_qrels();
  REQUIRE(qrels.has_value());
  CHECK(qrels->code == irm::ErrorCode::out_of_range);
  CHECK(qrels->message ==
        "bomb.qrels is larger than 64 bytes (uncompressed); irmetrics trec reads qrels of at most "
        "64 bytes, far more than any qrels holds (is it the right file, or a compressed file that "
        "unpacks to far more than it should?)");

  // A run: 3 documents held at most. Streamed, topic 1's 4 documents are one too many (line 4);
  // read whole, the whole run counts.
  s.set_limits({1 << 20, 3});
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels_text);
  REQUIRE_FALSE(s.end_qrels());
  const std::string four = "1 Q0 a 1 5 r\n1 Q0 b 2 4 r\n1 Q0 c 3 3 r\n1 Q0 d 4 2 r\n";
  REQUIRE_FALSE(s.begin_run("big.run", true));
  auto e = s.feed_run(four);
  REQUIRE(e.has_value());
  CHECK(e->code == irm::ErrorCode::out_of_range);
  CHECK(e->where.line == 4);
  CHECK(e->message ==
        "big.run has more than 3 documents to hold at once at line 4 (topic '1' alone has that "
        "many); irmetrics trec holds at most 3 so that memory does not run out. Give the run as a "
        "file, so that it is read topic by topic, or split it");
  // Streamed, topics of 2 documents each are fine however many there are.
  REQUIRE_FALSE(s.begin_run("ok.run", true));
  REQUIRE_FALSE(s.feed_run("1 Q0 a 1 5 r\n1 Q0 b 2 4 r\n2 Q0 x 1 5 r\n2 Q0 y 2 4 r\n"));
  REQUIRE_FALSE(s.end_run());
  // Read whole, the same 4 documents are too many at line 4.
  REQUIRE_FALSE(s.begin_run("piped.run", false));
  e = s.feed_run("1 Q0 a 1 5 r\n1 Q0 b 2 4 r\n2 Q0 x 1 5 r\n2 Q0 y 2 4 r\n");
  REQUIRE(e.has_value());
  CHECK(e->message.find("piped.run has more than 3 documents to hold at once at line 4 (a run "
                        "read whole, as from a pipe, holds all its topics)") == 0);

  // Qrels topics: 2 at most. qrels_text's topics are 1 (lines 1-5), 2 (lines 6-7) and 3 (line
  // 8): topic 3 at line 8, column 1 is one too many; a topic seen before is never counted twice.
  s.set_limits({1 << 20, 10, 2});
  s.begin_qrels("many.qrels");
  s.feed_qrels(qrels_text);
  const auto topics = s.end_qrels();
  REQUIRE(topics.has_value());
  CHECK(topics->code == irm::ErrorCode::out_of_range);
  CHECK(topics->where.line == 8);
  CHECK(topics->where.column == 1);
  CHECK(topics->where.length == 1);
  CHECK(topics->message ==
        "many.qrels has more than 2 topics (topic '3' at line 8 is one too many); irmetrics trec "
        "holds at most 2 topics in memory, far more than the qrels of any TREC track");
  s.begin_qrels("again.qrels");
  s.feed_qrels("1 0 a 1\n2 0 b 1\n1 0 c 1\n2 0 d 0\n");
  CHECK_FALSE(s.end_qrels().has_value());
}

TEST_CASE("trec: rbp, rbp_resid and unj, trec_eval 10.0's, worked by hand", "[trec][eval]") {
  // Topic 1 as ranked: a(1) f(none) b(0) c(2) e(-1), ranks i = 0..4. Its judged grades run 0..2,
  // so gains 0, 1, 2; the largest is above 1, so trec_eval rescales (g - 0) / (2 - 0): a 0.5,
  // c 1. rbp = (1 - 0.9)(0.5 * 0.9^0 + 1 * 0.9^3) = 0.1 (0.5 + 0.729) = 0.1229.
  // Topic 2: y(0) x(1) w(none): gains 0, 1, no rescaling; rbp = 0.1 * 0.9 = 0.09.
  const auto s = session_with({"-m", "rbp", "-m", "rbp_resid", "-m", "unj"});
  CHECK_THAT(topic_value(s, 0, "rbp"), WithinAbs(0.1229, 1e-12));
  CHECK_THAT(topic_value(s, 1, "rbp"), WithinAbs(0.09, 1e-12));
  // rbp_resid: f (i = 1) and e (i = 4) are unjudged: 0.9^5 + 0.1 (0.9 + 0.9^4)
  //   = 0.59049 + 0.1 * 1.5561 = 0.7461; topic 2: w at i = 2: 0.9^3 + 0.1 * 0.81 = 0.81.
  CHECK_THAT(topic_value(s, 0, "rbp_resid"), WithinAbs(0.7461, 1e-12));
  CHECK_THAT(topic_value(s, 1, "rbp_resid"), WithinAbs(0.81, 1e-12));
  // unj at 5, 10, 20: 2 unjudged of topic 1's 5 documents: 2/5, 2/10, 2/20; topic 2: 1/5 ...
  CHECK(topic_value(s, 0, "unj_5") == 0.4);
  CHECK(topic_value(s, 0, "unj_10") == 0.2);
  CHECK(topic_value(s, 0, "unj_20") == 0.1);
  CHECK(topic_value(s, 1, "unj_5") == 0.2);
  CHECK_THAT(summary(s, "unj_5"), WithinAbs(0.3, 1e-15));
  // The persistence and gains as parameters: topic 2 with p = 0.5: 0.5 * 0.5^1 = 0.25; with
  // grade 1 worth 0.5 (gains 0, 0.5: no rescaling): 0.1 * 0.9 * 0.5 = 0.045.
  CHECK(topic_value(session_with({"-m", "rbp.p=0.5"}), 1, "rbp_p=0.5") == 0.25);
  CHECK_THAT(topic_value(session_with({"-m", "rbp.1=0.5"}), 1, "rbp_1=0.5"),
             WithinAbs(0.045, 1e-15));
}

TEST_CASE("trec: all_trec is trec_eval's own list, 10.0's or 9.0.8's", "[trec][plan]") {
  const auto names = [](const std::vector<std::string>& args) {
    irm::TrecSession s;
    if (auto e = s.configure(args)) FAIL(e->message);
    std::vector<std::string> out;
    for (const auto& slot : s.slots()) out.push_back(slot.name);
    return out;
  };
  const auto has = [](const std::vector<std::string>& v, const char* name) {
    return std::find(v.begin(), v.end(), name) != v.end();
  };
  // 10.0's all_trec leaves out dcg and ideal_dcg (in its table, not in its list) and has rbp,
  // rbp_resid and unj at 5, 10, 20, printed after num_nonrel_judged_ret, as its table orders.
  const auto ten = names({"-m", "all_trec"});
  CHECK_FALSE(has(ten, "dcg"));
  CHECK_FALSE(has(ten, "ideal_dcg"));
  CHECK(std::vector<std::string>(ten.end() - 6, ten.end()) ==
        std::vector<std::string>{"num_nonrel_judged_ret", "rbp", "rbp_resid", "unj_5", "unj_10",
                                 "unj_20"});
  // 9.0.8 has none of the five measures 10.0 added, and -m dcg is refused under --compat 9.
  const auto nine = names({"--compat", "9", "-m", "all_trec"});
  CHECK(nine.back() == "num_nonrel_judged_ret");
  CHECK(nine.size() == ten.size() - 5);
  irm::TrecSession s;
  const auto refused = s.configure({"--compat", "9", "-m", "dcg"});
  REQUIRE(refused);
  CHECK(refused->message.find("trec_eval 10.0") != std::string::npos);
  CHECK_FALSE(s.configure({"-m", "dcg"}));
}

TEST_CASE("trec: numbers in flags read as trec_eval's atol reads them, unless --strict",
          "[trec][plan]") {
  // trec_eval reads -l, -M, -N and rank cutoffs with atol: the leading whole number, the rest
  // ignored (its quicktest asks for ndcg_cut.10,20,23.4 and prints ndcg_cut_23), and ignores
  // parameters given to a measure that takes none. Each reading gets a warning here.
  irm::TrecSession s;
  REQUIRE_FALSE(s.configure({"-l", "1.5", "-m", "ndcg_cut.10,20,23.4", "-m", "map.5"}));
  CHECK(s.options().level == 1);
  std::vector<std::string> names;
  for (const auto& slot : s.slots()) names.push_back(slot.name);
  CHECK(names == std::vector<std::string>{"map", "ndcg_cut_10", "ndcg_cut_20", "ndcg_cut_23"});
  REQUIRE(s.option_warnings().size() == 3);
  CHECK(s.option_warnings()[0] ==
        "-l 1.5: read '1.5' as 1, as trec_eval reads it (the rest ignored); --strict refuses it");
  // The measures' warnings come in trec_eval's table order: map before ndcg_cut.
  CHECK(s.option_warnings()[1].find("map takes no parameters") != std::string::npos);
  CHECK(s.option_warnings()[2].find("'23.4' as 23") != std::string::npos);
  // Text that does not start with a number stays an error (atol would make it 0).
  CHECK(s.configure({"-m", "ndcg_cut.x"}).has_value());
  CHECK(s.configure({"-l", "x"}).has_value());
  // --strict, anywhere among the flags, refuses each.
  CHECK(s.configure({"-l", "1.5", "--strict"}).has_value());
  CHECK(s.configure({"--strict", "-m", "ndcg_cut.23.4"}).has_value());
  REQUIRE_FALSE(s.configure({"--strict", "-m", "ndcg_cut.23"}));
  CHECK(s.option_warnings().empty());
}

TEST_CASE("trec: a topic left with no documents prints -nan where trec_eval does",
          "[trec][eval][nan]") {
  // -M 0 leaves both topics empty. trec_eval's interpolated precision starts from
  // num_rel_ret / num_ret = 0/0 (NaN) and gives it to every level r whose lround(r R) is 0,
  // that is, needs no relevant document: topic 1 (R = 3) at 0.0 and 0.1 (0.2 R = 0.6 -> 1);
  // topic 2 (R = 1) at 0.0 to 0.4 (0.5 R -> 1). The other levels stay 0; 11pt_avg sums NaN.
  const auto s = session_with({"-M", "0", "-m", "iprec_at_recall", "-m", "11pt_avg"});
  CHECK(std::isnan(topic_value(s, 0, "iprec_at_recall_0.10")));
  CHECK(topic_value(s, 0, "iprec_at_recall_0.20") == 0);
  CHECK(std::isnan(topic_value(s, 1, "iprec_at_recall_0.40")));
  CHECK(topic_value(s, 1, "iprec_at_recall_0.50") == 0);
  CHECK(std::isnan(topic_value(s, 0, "11pt_avg")));
  // The means: 0.20 is (0 + NaN) / 2, NaN; 0.50 is (0 + 0) / 2.
  CHECK(std::isnan(summary(s, "iprec_at_recall_0.20")));
  CHECK(summary(s, "iprec_at_recall_0.50") == 0);
  // Printed as trec_eval prints it with glibc: "%6.4f" of that NaN is "  -nan".
  const std::string text = s.report_text();
  CHECK(text.find("iprec_at_recall_0.20  \tall\t  -nan\n") != std::string::npos);
  CHECK(text.find("iprec_at_recall_0.50  \tall\t0.0000\n") != std::string::npos);
  // --nan-as-zero: 0 instead.
  const auto zero =
      session_with({"--nan-as-zero", "-M", "0", "-m", "iprec_at_recall", "-m", "11pt_avg"});
  CHECK(topic_value(zero, 0, "iprec_at_recall_0.10") == 0);
  CHECK(summary(zero, "11pt_avg") == 0);
  // A -c topic the run lacks is not emptied by the flags (trec_eval ranks one document not in
  // the qrels for it): topic 3 gets 0, not NaN.
  const auto c = session_with({"-c", "-m", "iprec_at_recall"});
  CHECK(topic_value(c, 2, "iprec_at_recall_0.00") == 0);
}

TEST_CASE("trec: a negative -l counts only judged documents in num_rel_ret, as trec_eval",
          "[trec][eval]") {
  // trec_eval counts num_rel_ret over documents judged 0 or more whose grade reaches the level.
  // Topic 1 ranks a(1) f(not in the qrels) b(0) c(2) e(-1: unjudged): at -l -1 or -2, a, b, c
  // = 3 (f and e do not count, though their codes -1 and -2 reach the level); topic 2 ranks
  // y(0) x(1) w(not in the qrels): 2. The sum: 5. num_rel at -l -1: a b c d of topic 1 = 4.
  for (const char* level : {"-1", "-2"}) {
    const auto s = session_with({"-l", level, "-m", "num_rel_ret", "-m", "num_rel"});
    CAPTURE(level);
    CHECK(topic_value(s, 0, "num_rel_ret") == 3);
    CHECK(topic_value(s, 1, "num_rel_ret") == 2);
    CHECK(summary(s, "num_rel_ret") == 5);
    CHECK(topic_value(s, 0, "num_rel") == 4);
  }
}

TEST_CASE("trec: a qrels topic with only negative grades is scored with a warning",
          "[trec][eval]") {
  // Topic 0's judgments are all negative: nothing is judged, so R = 0 and its AP is 0; topic 1
  // has AP 1 (a relevant at rank 1). map = (0 + 1) / 2. trec_eval 10.0 stops on topic 0 (the
  // first it evaluates, in qid order), so the warning says so rather than matching it.
  irm::TrecSession s;
  REQUIRE_FALSE(s.configure({"-m", "map", "-m", "num_rel"}));
  s.begin_qrels("q.txt");
  s.feed_qrels("0 0 b -1\n0 0 c -1\n1 0 a 1\n");
  REQUIRE_FALSE(s.end_qrels());
  REQUIRE(s.qrels_warnings().size() == 1);
  CHECK(s.qrels_warnings()[0].rfind("1 topic of q.txt has only negative grades (no judged "
                                    "document): 0; scored with R = 0",
                                    0) == 0);
  REQUIRE_FALSE(s.begin_run("r.txt"));
  REQUIRE_FALSE(s.feed_run("0 Q0 b 1 1 t\n1 Q0 a 1 1 t\n"));
  REQUIRE_FALSE(s.end_run());
  CHECK(topic_value(s, 0, "num_rel") == 0);
  CHECK(topic_value(s, 0, "map") == 0);
  CHECK(summary(s, "map") == 0.5);
}

TEST_CASE("trec: -Z turns each value into a z-score from the file, as trec_eval 10.0",
          "[trec][eval][zscores]") {
  // Topic 1: map 0.5, num_ret 5; topic 2: map 0.5, num_ret 3 (see the fixture above).
  // z = (value - mean) / stddev: topic 1 map (0.5 - 0.25) / 0.5 = 0.5. stddev 0: 0 when the value
  // is the mean (topic 2 map), else -1000000 (topic 1 num_ret: 5 is not 4); a measure the file
  // lacks for a topic is -1000000 too (topic 2 num_ret). Summaries as usual over the z values:
  // map (0.5 + 0) / 2 = 0.25; num_ret the sum -2000000.
  irm::TrecSession s;
  REQUIRE_FALSE(s.configure({"-q", "-Z", "z.txt", "-m", "map", "-m", "num_ret"}));
  REQUIRE_FALSE(s.set_zscores("1 map 0.25 0.5\n1 num_ret 4 0\n\n2 map 0.5 0\n", "z.txt"));
  s.begin_qrels("qrels.txt");
  s.feed_qrels(qrels_text);
  REQUIRE_FALSE(s.end_qrels());
  REQUIRE_FALSE(s.begin_run("run.txt"));
  REQUIRE_FALSE(s.feed_run(run_text));
  REQUIRE_FALSE(s.end_run());
  CHECK(topic_value(s, 0, "map") == 0.5);
  CHECK(topic_value(s, 0, "num_ret") == -1000000);
  CHECK(topic_value(s, 1, "map") == 0);
  CHECK(topic_value(s, 1, "num_ret") == -1000000);
  CHECK(summary(s, "map") == 0.25);
  CHECK(summary(s, "num_ret") == -2000000);
  // Printed as trec_eval's "Z%-22s\t%s\t%6.4f", counts too.
  const std::string text = s.report_text();
  CHECK(text.rfind(
            "Znum_ret               \t1\t-1000000.0000\nZmap                   \t1\t0.5000\n", 0) ==
        0);
  CHECK(text.find("Zmap                   \tall\t0.2500\n") != std::string::npos);
  // A bad line names the file, line and column; a run before the file is an error.
  irm::TrecSession bad;
  REQUIRE_FALSE(bad.configure({"-Z", "z.txt"}));
  const auto e = bad.set_zscores("1 map 0.25 0.5\n1 map x 0.5\n", "z.txt");
  REQUIRE(e);
  CHECK(e->where.line == 2);
  CHECK(e->where.column == 7);
  CHECK(bad.set_zscores("1 map 0.25\n", "z.txt").has_value());
  bad.begin_qrels("qrels.txt");
  bad.feed_qrels(qrels_text);
  REQUIRE_FALSE(bad.end_qrels());
  CHECK(bad.begin_run("run.txt").has_value());
}
