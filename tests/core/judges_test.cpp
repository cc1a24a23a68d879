// judges_agreement_json (irm/judges.h): two qrels files compared, on a pair worked by hand.
//
//   A                 B
//   t1 0 d1 2         t1 0 d1 2        t1: d1 2/2, d2 1/0, d3 0/0, d4 0/1, d5 1/1 (3 of 5 agree)
//   t1 0 d2 1         t1 0 d2 0        t2: d1 0/0, d2 2/2, d3 1/2 (2 of 3); d6 only in A, d7
//   t1 0 d3 0         t1 0 d3 0            only in B
//   t1 0 d4 0         t1 0 d4 1        t3 only in A (x1), t4 only in B (y1)
//   t1 0 d5 1         t1 0 d5 1
//   t2 0 d1 0         t2 0 d1 0        8 documents both judge, 5 alike: percent 5/8.
//   t2 0 d2 2         t2 0 d2 2        Table (rows A 0 1 2, columns B 0 1 2):
//   t2 0 d3 1         t2 0 d3 2          [2 1 0]  A's totals 3 3 2
//   t2 0 d6 0         t2 0 d7 1          [1 1 1]  B's totals 3 2 3, n = 8
//   t3 0 x1 1         t4 0 y1 0          [0 0 2]
//
//   κ: P_o = 5/8, P_e = (3·3 + 3·2 + 2·3)/64 = 21/64, κ = (40/64 − 21/64)/(43/64) = 19/43.
//   Linear weights |i − j|/2: Σ w·O = 3 · 1/2 = 3/2; Σ w·E = (1/8)(3 + 9 + 4.5 + 4.5 + 6 + 2)
//     = 29/8; κ_w = 1 − (3/2)/(29/8) = 17/29.
//   Quadratic ((i − j)/2)²: Σ w·O = 3/4; Σ w·E = (1/8)(1.5 + 9 + 2.25 + 2.25 + 6 + 1) = 11/4;
//     κ_w = 1 − 3/11 = 8/11.
//   scikit-learn 1.2.1, cohen_kappa_score(a, b[, weights='linear'|'quadratic']) on the 8 pairs:
//     0.4418604651162791, 0.5862068965517242, 0.7272727272727273 (= 19/43, 17/29, 8/11).
//   Krippendorff's α, two coders, every unit paired: o_ck = t_ck + t_kc, so o00 = 4, o01 = 2,
//     o02 = 0, o11 = 2, o12 = 1, o22 = 4; n_0 = 6, n_1 = 5, n_2 = 5, n = 16.
//     nominal: D_o = 6/16, D_e = 2(30 + 30 + 25)/240 = 17/24, α = 1 − 9/17 = 8/17.
//     ordinal: δ²01 = (11/2)², δ²12 = 5², δ²02 = (16 − 11/2)² = (21/2)²; D_o = (121 + 50)/16 =
//     171/16; D_e = (30·121/4 + 25·25 + 30·441/4)/120 = 121/3; α = 1 − 513/1936 = 1423/1936.
//   Binary at A ≥ 1, B ≥ 1: [[2, 1], [1, 4]], percent 6/8 = 3/4, P_e = (9 + 25)/64 = 17/32,
//     κ = (24/32 − 17/32)/(15/32) = 7/15.
//   Per topic: t1 3/5 agree, P_e = (2·2 + 2·2 + 1·1)/25 = 9/25, κ = (6/25)/(16/25) = 3/8; t2 2/3,
//     P_e = (1 + 0 + 2)/9 = 1/3, κ = (1/3)/(2/3) = 1/2. t1 disagrees most.

#include "irm/judges.h"

#include <catch2/catch.hpp>
#include <string>

#include "irm/trec_eval.h"

namespace {

const char* const kQrelsA =
    "t1 0 d1 2\nt1 0 d2 1\nt1 0 d3 0\nt1 0 d4 0\nt1 0 d5 1\n"
    "t2 0 d1 0\nt2 0 d2 2\nt2 0 d3 1\nt2 0 d6 0\nt3 0 x1 1\n";
const char* const kQrelsB =
    "t1 0 d1 2\nt1 0 d2 0\nt1 0 d3 0\nt1 0 d4 1\nt1 0 d5 1\n"
    "t2 0 d1 0\nt2 0 d2 2\nt2 0 d3 2\nt2 0 d7 1\nt4 0 y1 0\n";

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("judges: two qrels worked by hand: counts, table, kappa, weighted kappa, alpha") {
  const auto report = irm::judges_agreement_json(kQrelsA, "a.qrels", kQrelsB, "b.qrels");
  REQUIRE(report.ok());
  const std::string& json = report.value();
  INFO(json);
  CHECK(has(json, R"("topics":{"a":3,"b":3,"both":2,"only_a":["t3"],"only_b":["t4"]})"));
  CHECK(has(json, R"("documents":{"a":10,"b":10,"both":8,"only_a":2,"only_b":2})"));
  CHECK(has(json, R"("grades":[0,1,2],"table":[[2,1,0],[1,1,1],[0,0,2]])"));
  CHECK(has(json, R"("percent":0.625,)"));
  CHECK(has(json, R"("exact":{"percent":"5/8","kappa":"19/43","kappa_linear":"17/29",)"
                  R"("kappa_quadratic":"8/11","krippendorff_ordinal":"1423/1936",)"
                  R"("krippendorff_nominal":"8/17"})"));
  CHECK(has(json, R"({"a":1,"b":1,"table":[[2,1],[1,4]],"percent":0.75,)"));
  CHECK(has(json, R"("exact":{"percent":"3/4","kappa":"7/15"})"));
  CHECK(has(json, R"({"topic":"t1","both":5,"agree":3,)"));
  CHECK(has(json, R"("kappa":0.375,"only_a":0,"only_b":0})"));
  CHECK(has(json, R"({"topic":"t2","both":3,"agree":2,)"));
  CHECK(has(json, R"("kappa":0.5,"only_a":1,"only_b":1})"));
  CHECK(has(json, R"("disagree_most":["t1","t2"])"));
}

TEST_CASE("judges: the interval of kappa is the large-sample one, at the confidence asked") {
  irm::JudgesOptions options;
  options.confidence = irm::Fraction{9, 10};
  const auto report = irm::judges_agreement_json(kQrelsA, "a", kQrelsB, "b", options);
  REQUIRE(report.ok());
  CHECK(has(report.value(), R"("confidence":0.90000000000000002)"));
  CHECK(has(report.value(), R"("kappa_linear_ci":[)"));
}

TEST_CASE("judges: one grade everywhere makes kappa and alpha 0/0, given as null") {
  const auto report =
      irm::judges_agreement_json("1 0 a 1\n1 0 b 1\n", "a", "1 0 a 1\n1 0 b 1\n", "b");
  REQUIRE(report.ok());
  CHECK(has(report.value(), R"("percent":1,"kappa":null,"kappa_linear":null)"));
  CHECK(has(report.value(), R"("krippendorff_ordinal":null,"krippendorff_nominal":null)"));
  CHECK(has(report.value(), "chance agreement is certain"));
}

TEST_CASE("judges: no document in both, and a bad qrels line, are errors naming the file") {
  const auto none = irm::judges_agreement_json("1 0 a 1\n", "a.qrels", "2 0 a 1\n", "b.qrels");
  REQUIRE_FALSE(none.ok());
  CHECK(has(none.error().message, "no document is judged in both a.qrels and b.qrels"));
  const auto bad = irm::judges_agreement_json("1 0 a 1\n", "a.qrels", "1 0 a\n", "b.qrels");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().where.line == 1);
  CHECK(has(bad.error().message, "b.qrels"));
}

// Three runs on three topics, scored under each file (by hand):
//            A: t1   t2   t3   mean      B: t1   t2   t3   mean
//   R1          0.9  0.6  0.3  0.6          0.6  0.3  0.3  0.4
//   R2          0.6  0.3  0.3  0.4          0.9  0.6  0.6  0.7
//   R3          0.3  0.3  0.0  0.2          0.3  0.0  0.0  0.1
// A orders R1 R2 R3, B orders R2 R1 R3: of the 3 pairs, R1/R2 swaps, so τ_b = (2 − 1)/3 = 1/3.
// τ_AP (A the truth, B evaluated): B's 2nd, R1, has R2 above it, which A puts below: C(2) = 0;
//   B's 3rd, R3, has R2 and R1 above it, as A: C(3) = 2; τ_AP = (2/2)(0/1 + 2/2) − 1 = 0.
// Spearman: ranks (1, 2, 3) and (2, 1, 3), Σd² = 2, ρ = 1 − 6·2/(3·8) = 1/2.
// Pearson on the means: dx = (0.2, 0, −0.2), dy = (0, 0.3, −0.3); Sxy = 0.06, Sxx = 0.08,
//   Syy = 0.18, r = 0.06/√0.0144 = 1/2.
// RBO, p = 0.9: overlaps at depth 1, 2, 3: 0, 2, 3 (agreements 0, 1, 1); RBO_ext = (3/3)·0.9³
//   + (0.1/0.9)(0 + 1·0.9² + 1·0.9³) = 0.729 + 0.171 = 0.9.
TEST_CASE("judges: two leaderboards worked by hand: tau_b, tau_AP, rho, r, RBO and the swap") {
  irm::LeaderboardScores scores;
  scores.measure = "map";
  scores.runs = {"R1", "R2", "R3"};
  scores.topics = {"t1", "t2", "t3"};
  scores.a = {{0.9, 0.6, 0.3}, {0.6, 0.3, 0.3}, {0.3, 0.3, 0.0}};
  scores.b = {{0.6, 0.3, 0.3}, {0.9, 0.6, 0.6}, {0.3, 0.0, 0.0}};
  irm::LeaderboardOptions options;
  options.bootstrap = 200;
  const auto report = irm::judges_leaderboards_json({scores}, options);
  REQUIRE(report.ok());
  const std::string& json = report.value();
  INFO(json);
  CHECK(has(json, R"("order_a":[0,1,2],"order_b":[1,0,2])"));
  CHECK(has(json, R"("kendall_tau_b":0.33333333333333331,)"));
  CHECK(has(json, R"("tau_ap":0,)"));
  CHECK(has(json, R"("spearman":0.5,)"));
  CHECK(has(json, R"("pearson":0.5,)"));
  CHECK(has(json, R"("rbo":0.90000000000000002,)"));
  CHECK(has(json, R"("swaps":[{"a":"R1","b":"R2","diff_a":0.)"));
  CHECK(has(json, R"("kendall_tau_b_ci":[)"));
}

// Tied means: under A, R1 and R2 both have 0.5 (one topic, 0.5 each), R3 0.25; under B the
// means are 0.75, 1 and 0. A's order is (R1 R2) R3, a tie group at ranks 1–2; B's R2 R1 R3.
// RBO^a (Corsi and Urbano, ties=a, p = 0.9): R1 and R2 each count 1/2 of A's top 1, so
// X = 1/2 (R2's 1/2 · 1), 2, 3; A_d = 1/2, 1, 1; RBO_ext = 0.1·1/2 + 0.09 + 0.081 + 0.9³ = 0.95
// (their rbo.py, rbo(from_string('(R1 R2) R3'), from_string('R2 R1 R3'), 0.9): 0.95).
// The same two files read by TrecSessions in pieces (as irmetrics judges and the TREC page read
// them, never as one string): the same report, byte for byte.
TEST_CASE("judges: two qrels read by TrecSessions in pieces give the same report") {
  irm::TrecSession a;
  irm::TrecSession b;
  REQUIRE(a.qrels() == nullptr);
  for (auto* session : {&a, &b}) {
    const std::string text = session == &a ? kQrelsA : kQrelsB;
    session->begin_qrels(session == &a ? "a.qrels" : "b.qrels");
    for (std::size_t at = 0; at < text.size(); at += 7) session->feed_qrels(text.substr(at, 7));
    REQUIRE(!session->end_qrels());
  }
  REQUIRE(a.qrels() != nullptr);
  const auto read =
      irm::judges_agreement_json(*a.qrels(), a.qrels_file(), *b.qrels(), b.qrels_file());
  const auto whole = irm::judges_agreement_json(kQrelsA, "a.qrels", kQrelsB, "b.qrels");
  REQUIRE(read.ok());
  REQUIRE(whole.ok());
  CHECK(read.value() == whole.value());
  // Under -R prefs a session holds no qrels to compare.
  irm::TrecSession prefs;
  REQUIRE(!prefs.configure({"-R", "prefs", "-m", "all_prefs"}));
  prefs.begin_qrels("p.txt");
  prefs.feed_qrels("t1 g1 s1 d1 2\n");
  REQUIRE(!prefs.end_qrels());
  CHECK(prefs.qrels() == nullptr);
}

TEST_CASE("judges: runs of equal means are a tie for RBO, read as RBO^a") {
  irm::LeaderboardScores scores;
  scores.measure = "P_2";
  scores.runs = {"R1", "R2", "R3"};
  scores.topics = {"t1"};
  scores.a = {{0.5}, {0.5}, {0.25}};
  scores.b = {{0.75}, {1.0}, {0.0}};
  irm::LeaderboardOptions options;
  options.bootstrap = 0;
  const auto report = irm::judges_leaderboards_json({scores}, options);
  REQUIRE(report.ok());
  const std::string& json = report.value();
  INFO(json);
  CHECK(has(json, R"("rbo":0.94999999999999996,)"));
  CHECK(
      has(json, "Some runs have equal means: RBO reads them as tied, as Corsi and Urbano's RBO^a"));
}

TEST_CASE("judges: leaderboards need two runs and scores of the right shape") {
  irm::LeaderboardScores one;
  one.measure = "map";
  one.runs = {"R1"};
  one.topics = {"t1"};
  one.a = {{0.5}};
  one.b = {{0.5}};
  const auto report = irm::judges_leaderboards_json({one});
  REQUIRE_FALSE(report.ok());
  CHECK(has(report.error().message, "need at least 2 runs"));
}

TEST_CASE("judges: a scale of 13 grades gets no binary table, and says so") {
  std::string qrels;
  for (int g = 0; g <= 12; ++g)
    qrels += "1 0 d" + std::to_string(g) + " " + std::to_string(g) + "\n";
  const auto report = irm::judges_agreement_json(qrels, "a", qrels, "b");
  REQUIRE(report.ok());
  // Every document the same grade in both: percent 1 and κ 1 (P_o = 1, P_e = 13/169 = 1/13).
  CHECK(has(report.value(), R"("percent":1,"kappa":1,)"));
  CHECK(has(report.value(), R"("binary":[])"));
  CHECK(has(report.value(), "for scales of at most 12 grades; these files use 13"));
}
