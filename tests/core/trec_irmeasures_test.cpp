// ir_measures' names on TREC files (core/src/trec/irmeasures.h): values worked out by hand on a
// small topic, each measure's own view of the run (rel=, judged_only=), the canonical spelling
// printed, and the errors for names that cannot be read.

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "irm/trec_eval.h"
#include "trec/ir_spec.h"

namespace {

// One topic. Qrels: a 3, b 0, c 1, d 2, e -1 (negative: unjudged), g 1 (not retrieved).
// At rel=1, R = 4 (a, c, d, g); at rel=2, R = 2 (a, d); judged non-relevant: b.
const char* const qrels_text = "1 0 a 3\n1 0 b 0\n1 0 c 1\n1 0 d 2\n1 0 e -1\n1 0 g 1\n";
// Ranked by score: a x b d e c, grades 3 (none: x is not in the qrels) 0 2 (-1) 1.
const char* const run_text =
    "1 Q0 a 1 5 h\n1 Q0 x 2 4 h\n1 Q0 b 3 3 h\n1 Q0 d 4 2 h\n1 Q0 e 5 1.5 h\n1 Q0 c 6 1 h\n";

irm::TrecSession evaluated(const std::vector<std::string>& args) {
  irm::TrecSession session;
  if (auto e = session.configure(args)) FAIL("configure: " << e->message);
  session.begin_qrels("qrels.txt");
  session.feed_qrels(qrels_text);
  if (auto e = session.end_qrels()) FAIL("qrels: " << e->message);
  if (auto e = session.begin_run("run.txt", true)) FAIL("run: " << e->message);
  if (auto e = session.feed_run(run_text)) FAIL("run: " << e->message);
  if (auto e = session.end_run()) FAIL("run: " << e->message);
  return session;
}

double value(const irm::TrecSession& s, const std::string& name) {
  const auto& slots = s.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return s.runs().at(0).values.at(0).at(i);
  }
  FAIL("no line named " << name);
  return 0.0;
}

std::vector<std::string> names(const irm::TrecSession& s) {
  std::vector<std::string> out;
  for (const auto& slot : s.slots()) out.push_back(slot.name);
  return out;
}

std::string canonical(const std::string& name, int level = 1, bool judged_only = false) {
  auto m = irm::ir_measures_name(name, level, judged_only);
  if (!m.ok()) FAIL(name << ": " << m.error().message);
  return m.value();
}

std::string error_of(const std::vector<std::string>& measures) {
  std::vector<std::string> args;
  for (const std::string& m : measures) {
    args.push_back("-m");
    args.push_back(m);
  }
  irm::TrecSession session;
  const auto e = session.configure(args);
  if (!e) FAIL("no error for " << measures.front());
  CHECK(e->field == irm::Field::options);
  return e->message;
}

}  // namespace

TEST_CASE("ir_measures: ERR@k and nDCG(dcg=exp-log2)@k as gdeval.pl computes them",
          "[trec][irmeasures]") {
  const auto s = evaluated({"-m", "ERR@5", "-m", "nDCG(dcg=exp-log2)@5"});
  // gdeval's grades of the top 5: 3, 0 (x, not judged), 0, 2, 0 (e, negative).
  // ERR: stopping probabilities (2^g - 1)/2^4: 7/16 at rank 1, 3/16 at rank 4.
  //   7/16 * 1 / 1 + 3/16 * (1 - 7/16) / 4 = 448/1024 + 27/1024 = 475/1024.
  CHECK(value(s, "ERR@5") == Approx(475.0 / 1024.0).epsilon(1e-12));
  // DCG@5 = (2^3 - 1)/log2 2 + (2^2 - 1)/log2 5 = 7 + 3/2.3219281 = 8.2920297.
  // Ideal: the grades above 0, sorted: 3 2 1 1: 7 + 3/log2 3 + 1/log2 4 + 1/log2 5
  //   = 7 + 1.8927893 + 0.5 + 0.4306766 = 9.8234658; 8.2920297 / 9.8234658 = 0.8441043.
  CHECK(value(s, "nDCG(dcg='exp-log2')@5") == Approx(0.8441043).epsilon(1e-7));
  // burges is another name for it: the same line.
  CHECK(names(evaluated({"-m", "nDCG(dcg=burges)@5"})) ==
        std::vector<std::string>{"nDCG(dcg='exp-log2')@5"});
}

TEST_CASE("ir_measures: RBP and its residual", "[trec][irmeasures]") {
  const auto s = evaluated(
      {"-m", "RBP(p=0.5)", "-m", "RBP(p=0.5,rel=2)", "-m", "RBP(p=0.5)@3", "-m", "RBP(p=0.5)@10"});
  // Graded: the largest grade is 3, so gains are grade/3: a 1 (rank 1), d 2/3 (rank 4), c 1/3
  // (rank 6). (1 - p) * (1 + 2/3 * 0.5^3 + 1/3 * 0.5^5) = 0.5 * 105/96 = 105/192.
  CHECK(value(s, "RBP(p=0.5)") == Approx(105.0 / 192.0).epsilon(1e-12));
  // Residual: unjudged at ranks 2 (x) and 5 (e): 0.5 * (0.5 + 0.5^4) = 0.28125, plus the ranks
  // past the end, 0.5^6 = 0.015625: 0.296875.
  CHECK(value(s, "RBP(p=0.5)_resid") == Approx(0.296875).epsilon(1e-12));
  // rel=2: gain 1 for a and d: 0.5 * (1 + 0.5^3) = 0.5625; the same residual.
  CHECK(value(s, "RBP(p=0.5,rel=2)") == Approx(0.5625).epsilon(1e-12));
  CHECK(value(s, "RBP(p=0.5,rel=2)_resid") == Approx(0.296875).epsilon(1e-12));
  // @3: only a counts: 0.5; residual: x at rank 2, 0.5 * 0.5 = 0.25 (no rank past the end).
  CHECK(value(s, "RBP(p=0.5)@3") == Approx(0.5).epsilon(1e-12));
  CHECK(value(s, "RBP(p=0.5)@3_resid") == Approx(0.25).epsilon(1e-12));
  // @10: the list ends at 6: the value as without a cutoff; residual 0.28125 + 0.5^6 - 0.5^10
  //   = 0.28125 + 15/1024 = 0.2958984375.
  CHECK(value(s, "RBP(p=0.5)@10") == Approx(105.0 / 192.0).epsilon(1e-12));
  CHECK(value(s, "RBP(p=0.5)@10_resid") == Approx(0.2958984375).epsilon(1e-12));
}

TEST_CASE("ir_measures: names of trec_eval's measures, each in its own view",
          "[trec][irmeasures]") {
  const auto s = evaluated({"-m", "P@6",
                            "-m", "P(rel=2)@6",
                            "-m", "P@4",
                            "-m", "P(judged_only=True)@4",
                            "-m", "AP",
                            "-m", "AP(rel=2)",
                            "-m", "AP(judged_only=true)",
                            "-m", "AP@3",
                            "-m", "RR@3",
                            "-m", "R@4",
                            "-m", "Success@2",
                            "-m", "Judged@3",
                            "-m", "Judged",
                            "-m", "SetP",
                            "-m", "SetRelP",
                            "-m", "SetR",
                            "-m", "SetF",
                            "-m", "SetF(beta=2)",
                            "-m", "NumRel",
                            "-m", "NumRel(rel=2)",
                            "-m", "NumRet",
                            "-m", "NumRelRet",
                            "-m", "NumQ",
                            "-m", "nDCG@5",
                            "-m", "nDCG(gains={0:0,1:1,2:1,3:1})@5",
                            "-m", "IPrec@0.5",
                            "-m", "Bpref"});
  // Relevant at rel=1: a (rank 1), d (4), c (6); at rel=2: a, d.
  CHECK(value(s, "P@6") == Approx(3.0 / 6.0));
  CHECK(value(s, "P(rel=2)@6") == Approx(2.0 / 6.0));
  // Without the unjudged x and e the list is a b d c: 3 relevant in the top 4, against 2 (a x b d).
  CHECK(value(s, "P@4") == Approx(2.0 / 4.0));
  CHECK(value(s, "P(judged_only=True)@4") == Approx(3.0 / 4.0));
  // AP = (1/1 + 2/4 + 3/6) / R = 2/4; at rel=2, (1/1 + 2/4) / 2 = 0.75; judged only (a b d c):
  // (1/1 + 2/3 + 3/4) / 4 = 29/48. AP@3: only a, 1/4 (still divided by R, as trec_eval's map_cut).
  CHECK(value(s, "AP") == Approx(0.5));
  CHECK(value(s, "AP(rel=2)") == Approx(0.75));
  CHECK(value(s, "AP(judged_only=True)") == Approx(29.0 / 48.0));
  CHECK(value(s, "AP@3") == Approx(0.25));
  CHECK(value(s, "RR@3") == Approx(1.0));
  CHECK(value(s, "R@4") == Approx(2.0 / 4.0));
  CHECK(value(s, "Success@2") == Approx(1.0));
  // Judged: a, b, d, e and c are in the qrels (e with a negative grade), x is not: 2 of the top 3,
  // 5 of all 6.
  CHECK(value(s, "Judged@3") == Approx(2.0 / 3.0));
  CHECK(value(s, "Judged") == Approx(5.0 / 6.0));
  // Sets: 3 relevant of 6 retrieved, R = 4: P 1/2, relative P 3/min(6, 4) = 3/4, R 3/4,
  // F = 2 P R / (P + R) = 0.75 / 1.25 = 0.6; beta=2 is trec_eval's set_F.2:
  // (2 + 1) P R / (2 P + R) = 1.125 / 1.75.
  CHECK(value(s, "SetP") == Approx(0.5));
  CHECK(value(s, "SetP(relative=True)") == Approx(0.75));
  CHECK(value(s, "SetR") == Approx(0.75));
  CHECK(value(s, "SetF") == Approx(0.6));
  CHECK(value(s, "SetF(beta=2.0)") == Approx(1.125 / 1.75));
  CHECK(value(s, "NumRel") == 4);
  CHECK(value(s, "NumRel(rel=2)") == 2);
  CHECK(value(s, "NumRet") == 6);
  CHECK(value(s, "NumRet(rel=1)") == 3);
  CHECK(value(s, "NumQ") == 1);
  // nDCG@5 with the grades as gains: (3 + 2/log2 5) / (3 + 2/log2 3 + 1/2 + 1/log2 5)
  //   = 3.8613531 / 5.1925361 = 0.7436353.
  CHECK(value(s, "nDCG@5") == Approx(0.7436353).epsilon(1e-7));
  // Binary gains: (1 + 1/log2 5) / (1 + 1/log2 3 + 1/2 + 1/log2 5) = 1.4306766 / 2.5616063.
  CHECK(value(s, "nDCG(gains={2:1,3:1})@5") == Approx(0.5585076).epsilon(1e-7));
  // Recall 0.5 is 2 of R = 4, reached at rank 4 (P 2/4); the best precision from there on: 3/6.
  CHECK(value(s, "IPrec@0.5") == Approx(0.5));
  // bpref: one judged non-relevant (b), above d and c: (1 + 0 + 0) / 4.
  CHECK(value(s, "Bpref") == Approx(0.25));
}

TEST_CASE("ir_measures: -l and -J are the defaults of rel= and judged_only=",
          "[trec][irmeasures]") {
  // -l 2: P@6 is P(rel=2)@6, 2/6; trec_eval's map beside it is at level 2 too: 0.75.
  const auto l2 = evaluated({"-l", "2", "-m", "map", "-m", "P@6", "-m", "P(rel=1)@6"});
  CHECK(names(l2) == std::vector<std::string>{"map", "P(rel=2)@6", "P@6"});
  CHECK(value(l2, "map") == Approx(0.75));
  CHECK(value(l2, "P(rel=2)@6") == Approx(2.0 / 6.0));
  CHECK(value(l2, "P@6") == Approx(3.0 / 6.0));
  // -J: P@4 sees a b d c (3/4); judged_only=False gets the unjudged documents back (2/4).
  const auto j = evaluated({"-J", "-m", "P@4", "-m", "P(judged_only=False)@4"});
  CHECK(names(j) == std::vector<std::string>{"P(judged_only=True)@4", "P@4"});
  CHECK(value(j, "P(judged_only=True)@4") == Approx(0.75));
  CHECK(value(j, "P@4") == Approx(0.5));
}

TEST_CASE("ir_measures: the canonical spelling", "[trec][irmeasures]") {
  CHECK(canonical("MAP") == "AP");
  CHECK(canonical("AP(rel=1)") == "AP");
  CHECK(canonical("P( rel = 2 , judged_only = true )@5") == "P(rel=2,judged_only=True)@5");
  CHECK(canonical("P(judged_only=True,rel=2)@5") == "P(rel=2,judged_only=True)@5");
  CHECK(canonical("nDCG(dcg='exp-log2')@10") == "nDCG(dcg='exp-log2')@10");
  CHECK(canonical("nDCG(dcg=\"exp-log2\")@10") == "nDCG(dcg='exp-log2')@10");
  CHECK(canonical("nDCG(dcg=log2)@10") == "nDCG@10");
  CHECK(canonical("NDCG@10") == "nDCG@10");
  CHECK(canonical("RBP(p=0.8)") == "RBP");
  CHECK(canonical("RBP(rel=1,p=0.95)") == "RBP(p=0.95,rel=1)");
  CHECK(canonical("SetF(beta=2)") == "SetF(beta=2.0)");
  CHECK(canonical("SetF(beta=1.0)") == "SetF");
  CHECK(canonical("SetRelP") == "SetP(relative=True)");
  CHECK(canonical("NumRelRet") == "NumRet(rel=1)");
  CHECK(canonical("NumRet") == "NumRet");
  CHECK(canonical("MRR@10") == "RR@10");
  CHECK(canonical("IPrec@0.50") == "IPrec@0.5");
  CHECK(canonical("P@5", 2) == "P(rel=2)@5");
  CHECK(canonical("P@5", 1, true) == "P(judged_only=True)@5");
  CHECK(canonical("ERR@20", 2, true) == "ERR@20");  // ERR takes neither
  // Numbers as Python's repr writes a float.
  CHECK(canonical("RBP(p=0.90)") == "RBP(p=0.9)");
  CHECK(canonical("RBP(p=1e-5)") == "RBP(p=1e-05)");
  CHECK(canonical("SetF(beta=1000000)") == "SetF(beta=1000000.0)");
  CHECK(canonical("SetF(beta=0.30000000000000004)") == "SetF(beta=0.30000000000000004)");
}

TEST_CASE("ir_measures: each measure once, after trec_eval's, in the order given",
          "[trec][irmeasures]") {
  const auto s = evaluated({"-m", "RR", "-m", "P@5", "-m", "map", "-m", "P(rel=1)@5", "-m",
                            "Precision@5", "-m", "ERR@5"});
  CHECK(names(s) == std::vector<std::string>{"map", "RR", "P@5", "ERR@5"});
  // trec_eval's names keep their meaning: Rprec and infAP are trec_eval's, ndcg is not nDCG.
  CHECK(names(evaluated({"-m", "Rprec", "-m", "ndcg"})) ==
        std::vector<std::string>{"Rprec", "ndcg"});
}

TEST_CASE("ir_measures: a name that cannot be read says where and what was expected",
          "[trec][irmeasures][errors]") {
  // The names listed are every declared measure, in the order of the families' list
  // (trec/irmeasures.cpp): a measure added to a family is listed without a change here.
  std::string declared;
  for (const irm::trec::IrMeasureSpec* spec : irm::trec::ir_measure_specs()) {
    declared += std::string(declared.empty() ? "" : ", ") + spec->name;
  }
  CHECK(declared.rfind("AP, P, R, Rprec, RR, Success, nDCG, Bpref, infAP, ", 0) == 0);
  CHECK(declared.find(", ERR, RBP, Compat, INST, ") != std::string::npos);
  CHECK(declared.find(", alpha_DCG, alpha_nDCG, ERR_IA, nERR_IA, NRBP, nNRBP, AP_IA, P_IA, "
                      "StRecall, Judged, NumQ, NumRel, NumRet") != std::string::npos);
  CHECK(error_of({"ndcg@10"}) ==
        "-m 'ndcg@10', column 1: unknown measure 'ndcg'; ir_measures' names are case-sensitive: "
        "did you mean nDCG?; expected one of ir_measures' names (" +
            declared +
            ", written as Name(param=value,…)@k) or one of trec_eval's "
            "(--help)");
  CHECK(error_of({"P(rel=x)@5"}) ==
        "-m 'P(rel=x)@5', column 7: rel expects a whole number (the lowest relevant grade), "
        "such as rel=2, found 'x'");
  CHECK(error_of({"P(foo=1)@5"}) ==
        "-m 'P(foo=1)@5', column 3: P has no parameter 'foo'; its parameters: rel, judged_only");
  CHECK(error_of({"Success"}) ==
        "-m 'Success', column 8: Success needs a cutoff, such as Success@10");
  CHECK(error_of({"nDCG(dcg=exp-log2)"}) ==
        "-m 'nDCG(dcg=exp-log2)', column 19: nDCG(dcg=exp-log2) needs a cutoff, such as "
        "nDCG(dcg=exp-log2)@20 (gdeval evaluates to a depth)");
  CHECK(error_of({"Rprec@5"}) ==
        "-m 'Rprec@5', column 6: Rprec takes no cutoff; write it without @5");
  CHECK(error_of({"P@0"}) ==
        "-m 'P@0', column 3: expected a rank cutoff after @, a whole number from 1 to 1000000000 "
        "such as P@10; found '0'");
  CHECK(error_of({"RBP(p=1.5)"}) ==
        "-m 'RBP(p=1.5)', column 7: p expects the persistence, a number from 0 up to (not "
        "including) 1, such as p=0.9, found '1.5'");
  CHECK(error_of({"AP(rel=2"}) ==
        "-m 'AP(rel=2', column 9: expected ',' or ')' after the value of rel, found the end");
  CHECK(error_of({"nDCG(dcg=exp)@5"}) ==
        "-m 'nDCG(dcg=exp)@5', column 10: dcg expects log2 (trec_eval's nDCG: gain = grade) or "
        "exp-log2 (gdeval's: gain = 2^grade - 1; also written burges), found 'exp'");
  CHECK(error_of({"AP.5"}) ==
        "-m 'AP.5', column 3: expected '(' with parameters or '@' with a cutoff after AP, found "
        "'.5'");
  // A name that is neither grammar's keeps trec_eval's message.
  CHECK(error_of({"nosuch"})
            .rfind("-m nosuch: unknown measure 'nosuch'; trec_eval's measures: ", 0) == 0);
}

TEST_CASE("ir_measures: gdeval's grades stop at 4, with a warning", "[trec][irmeasures]") {
  irm::TrecSession session;
  REQUIRE_FALSE(session.configure({"-m", "ERR@5", "-m", "nDCG(dcg=exp-log2)@5"}));
  session.begin_qrels("qrels.txt");
  session.feed_qrels("1 0 a 7\n1 0 b 4\n");
  REQUIRE_FALSE(session.end_qrels());
  REQUIRE(session.qrels_warnings().size() == 1);
  CHECK(session.qrels_warnings()[0] ==
        "qrels.txt has grades above 4 (the highest, 7, in topic 1): ERR@k and "
        "nDCG(dcg=exp-log2)@k take them as 4, the largest grade of gdeval.pl, which refuses them");
  REQUIRE_FALSE(session.begin_run("run.txt"));
  REQUIRE_FALSE(session.feed_run("1 Q0 b 1 2 r\n1 Q0 a 2 1 r\n"));
  REQUIRE_FALSE(session.end_run());
  // b (4) then a (7, read as 4): stopping probability 15/16 at both ranks:
  // ERR = 15/16 + 15/16 * (1/16) / 2 = 0.9375 + 0.029296875 = 0.966796875. nDCG: the ideal
  // ranking has the same two grades, so 1.
  CHECK(value(session, "ERR@5") == Approx(0.966796875).epsilon(1e-12));
  CHECK(value(session, "nDCG(dcg='exp-log2')@5") == Approx(1.0));
}

TEST_CASE("ir_measures: Compat, the rank-biased overlap with the ideal ranking",
          "[trec][irmeasures]") {
  const auto s = evaluated(
      {"-m", "Compat(p=0.5)", "-m", "Compat(p=0.5,normalize=False)", "-m", "Compat(p=0.95)"});
  // Ranking a x b d e c; ideal: the grades above 0 by grade, ties by the run's score: a (3),
  // d (2), c (1, score 1), g (1, not retrieved: score 0). a is in both prefixes from depth 1, d
  // from depth 4 (rank 4, ideal place 2), c from depth 6 (rank 6, place 3). Depth: 6.
  // Overlap at depths 1..6: 1 1 1 2 2 3.
  //   RBO sum = 1/1 + 0.5/2 + 0.25/3 + 0.125 * 2/4 + 0.0625 * 2/5 + 0.03125 * 3/6
  //           = (960 + 240 + 80 + 60 + 24 + 15)/960 = 1379/960
  //   the ideal's own: 1 + 0.5 + 0.25 + 0.125 + 0.0625 * 4/5 + 0.03125 * 4/6 = 1868/960
  //   normalized: 1379/1868; not: (1379/960) / (1 + 0.5 + ... + 0.5^5 = 63/32) = 44128/60480.
  CHECK(value(s, "Compat(p=0.5)") == Approx(1379.0 / 1868.0).epsilon(1e-12));
  CHECK(value(s, "Compat(p=0.5,normalize=False)") == Approx(44128.0 / 60480.0).epsilon(1e-12));
  // p = 0.95 is the default, left out of the name.
  CHECK(names(s).back() == "Compat");
}

TEST_CASE("ir_measures: INST, as cwl_eval computes it over 1,000 ranks", "[trec][irmeasures]") {
  // One topic, a (grade 1) and b (0); max_rel=1 makes a's gain 1. With T = 1 the chance of going
  // on from rank i is C_i = ((i + 1 + T_i) / (i + 2 + T_i))^2, T_i = 1 - the gain found so far.
  // H = sum over i = 1..1000 of 1/i^2 (cwl_eval's 1,000 ranks).
  double h = 0.0;
  for (int i = 1000; i >= 1; --i) h += 1.0 / (static_cast<double>(i) * i);
  const auto inst_of = [](const std::string& run) {
    irm::TrecSession session;
    REQUIRE_FALSE(session.configure({"-m", "INST(max_rel=1)"}));
    session.begin_qrels("qrels.txt");
    session.feed_qrels("1 0 a 1\n1 0 b 0\n");
    REQUIRE_FALSE(session.end_qrels());
    REQUIRE_FALSE(session.begin_run("run.txt"));
    REQUIRE_FALSE(session.feed_run(run));
    REQUIRE_FALSE(session.end_run());
    return value(session, "INST(max_rel=1)");
  };
  // a first: T_i = 0 from rank 1, C_i = (i / (i + 1))^2, so the weight of rank i is
  // (1/i)^2 / H and INST = 1 / H = 0.6082967.
  CHECK(inst_of("1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n") == Approx(1.0 / h).epsilon(1e-12));
  // b first: C_1 = (2/3)^2 = 4/9, then C_i = (i / (i + 1))^2: weights 1, 4/9, and
  // 4/9 * (2/i)^2 from rank 3; INST = (4/9) / (1 + 4/9 + 16/9 (H - 1 - 1/4)) = 0.2072222.
  CHECK(inst_of("1 Q0 b 1 2 r\n1 Q0 a 2 1 r\n") ==
        Approx((4.0 / 9.0) / (1.0 + 4.0 / 9.0 + 16.0 / 9.0 * (h - 1.25))).epsilon(1e-12));
  CHECK(canonical("INST(max_rel=3)") == "INST(max_rel=3)");
  CHECK(canonical("INST(max_rel=3,T=2,min_rel=0)") == "INST(T=2.0,max_rel=3)");
  CHECK(error_of({"INST"}) ==
        "-m 'INST', column 5: INST needs max_rel=, the top grade of the qrels (its gain is 1), "
        "such as INST(max_rel=3)");
}

TEST_CASE("ir_measures: SDCG, as cwl_eval computes it", "[trec][irmeasures]") {
  // One topic: a (grade 3), b (1), c (-1: a negative grade), d not judged. max_rel=3: gains
  // a 1, b 1/3, c 0 (negative grades count 0), d 0 (not judged). Run order b, d, a.
  //   DCG@3 = (1/3)/log2 2 + 0/log2 3 + 1/log2 4 = 1/3 + 1/2 = 5/6
  //   three ranks of gain 1: 1 + 1/log2 3 + 1/2 = 2.1309297535714574
  //   SDCG@3 = (5/6)/2.1309297535714574 = 0.3910656050189637
  //   SDCG@1 = (1/3)/1 = 1/3; SDCG@5 adds 1/log2 5 + 1/log2 6 to the scale only:
  //   (5/6)/(2.1309297535714574 + 0.43067655807339306 + 0.38685280723454163) = 0.2826335043946801
  irm::TrecSession session;
  REQUIRE_FALSE(session.configure({"-m", "SDCG(max_rel=3)@1", "-m", "SDCG(max_rel=3)@3", "-m",
                                   "SDCG(max_rel=3)@5", "-m", "SDCG(max_rel=3,min_rel=1)@3"}));
  session.begin_qrels("qrels.txt");
  session.feed_qrels("1 0 a 3\n1 0 b 1\n1 0 c -1\n");
  REQUIRE_FALSE(session.end_qrels());
  REQUIRE_FALSE(session.begin_run("run.txt"));
  REQUIRE_FALSE(session.feed_run("1 Q0 b 1 3 r\n1 Q0 d 2 2 r\n1 Q0 a 3 1 r\n"));
  REQUIRE_FALSE(session.end_run());
  CHECK(value(session, "SDCG(max_rel=3)@1") == Approx(1.0 / 3.0).epsilon(1e-12));
  CHECK(value(session, "SDCG(max_rel=3)@3") == Approx(0.3910656050189637).epsilon(1e-12));
  CHECK(value(session, "SDCG(max_rel=3)@5") == Approx(0.2826335043946801).epsilon(1e-12));
  // min_rel=1: gains (grade - 1)/2, b 0 and a 1: DCG@3 = 1/2, SDCG@3 = 0.5/2.1309297535714574.
  CHECK(value(session, "SDCG(min_rel=1,max_rel=3)@3") ==
        Approx(0.5 / 2.1309297535714574).epsilon(1e-12));
  CHECK(canonical("SDCG(max_rel=3,dcg=log2)@10") == "SDCG(max_rel=3)@10");
  CHECK(error_of({"SDCG@10"}) ==
        "-m 'SDCG@10', column 8: SDCG needs max_rel=, the top grade of the qrels (its gain is 1), "
        "such as SDCG(max_rel=3)@10");
  CHECK(error_of({"SDCG(max_rel=3)"}) ==
        "-m 'SDCG(max_rel=3)', column 16: SDCG needs a cutoff, such as SDCG@10");
  CHECK(error_of({"SDCG(max_rel=3,dcg=exp-log2)@5"}) ==
        "-m 'SDCG(max_rel=3,dcg=exp-log2)@5', column 20: dcg expects log2, the only discount of "
        "SDCG (cwl_eval's), found 'exp-log2'");
}

// The command line's help is written by hand (bin/lib/trec-help.txt); a name declared in a
// family's file (trec/ir_spec.h) must not go undocumented there.
TEST_CASE("ir_measures: every declared name and alias is in --help's ir_measures section",
          "[trec][irmeasures]") {
  std::string path = __FILE__;
  path = path.substr(0, path.find_last_of("/\\") + 1) + "../../bin/lib/trec-help.txt";
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  const std::string help = bytes.str();
  const std::size_t start = help.find("\nir_measures' names");
  REQUIRE(start != std::string::npos);
  const std::string section = help.substr(start, help.find("\n\n", start + 1) - start);
  // The name as a word of its own: AP is not in MAP, nor P in P_IA.
  const auto word_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  const auto mentioned = [&](const std::string& name) {
    for (std::size_t at = section.find(name); at != std::string::npos;
         at = section.find(name, at + 1)) {
      const bool before = at == 0 || !word_char(section[at - 1]);
      const std::size_t end = at + name.size();
      if (before && (end == section.size() || !word_char(section[end]))) return true;
    }
    return false;
  };
  std::set<std::string> declared;
  for (const irm::trec::IrMeasureSpec* spec : irm::trec::ir_measure_specs()) {
    INFO(spec->name);
    CHECK(mentioned(spec->name));
    // Each name once, as a measure or an alias, and a help line of its own.
    CHECK(declared.insert(spec->name).second);
    CHECK(std::string(spec->help).find('\n') == std::string::npos);
    CHECK_FALSE(std::string(spec->help).empty());
    for (const irm::trec::IrAlias& alias : spec->aliases) {
      INFO(alias.name);
      CHECK(mentioned(alias.name));
      CHECK(declared.insert(alias.name).second);
      // An alias reads as its measure: MAP is AP, SetRelP is SetP(relative=True).
      const std::string expected =
          alias.param == nullptr
              ? std::string(spec->name)
              : std::string(spec->name) + "(" + alias.param + "=" + alias.value + ")";
      const std::string cutoff = spec->cutoff == irm::trec::IrCutoff::required ? "@10"
                                 : spec->cutoff == irm::trec::IrCutoff::recall ? "@0.5"
                                                                               : "";
      CHECK(canonical(std::string(alias.name) + cutoff) == expected + cutoff);
    }
  }
  CHECK(declared.size() > 40);
}
