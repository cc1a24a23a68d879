// Examples of the project's own for the cascade measures (core/src/measures/cascade.cpp), worked
// by hand below: ERR as gdeval 1.3 computes it, RBP with its residual.
//
//   tag ERR1, err-cascade-3-2-0-4: grades 3 2 0 4 on gdeval's scale 0–4.
//   tag RBP1, rbp-band-1-0-1-1: grades 1 0 1 1, p = 1/2 and p = 4/5.
//   tag COMPAT1, compat-2-0-1-0: grades 2 0 1 0 and p = 1/2 against the ideal ranking 2, 1.
//   tag INST1, inst-1 and inst-1-1: one and two relevant documents, where cwl_eval's sum over its
//   1000 ranks telescopes into a sum of inverse squares.
//   tag INSQ1, insq-1-0 and insq-0-1: INSQ's chance of reaching rank r telescopes into a
//   square, (2T/(r + 2T − 1))², so its sum over cwl_eval's 1000 ranks is a sum of inverse squares.
//   tag INSQ2, insq-cwl: the TREC engine on ir_measures' cwl_eval test files (tests/cwl.qrels
//   and tests/cwl.run of ir_measures, by Sean MacAvaney and others), to the 4 decimals its
//   tests/test_cwl_eval.py states.
//   tag SDCG1, sdcg-2-0-1: grades 2 0 1 on a scale to 2, whose DCG is rational (ranks 1 and 3
//   discount by log2 2 and log2 4) while the DCG of gain 1 is not.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "helpers.h"
#include "irm/check.h"
#include "irm/trec_eval.h"

using irm::Fraction;
using test::run;
using test::value_of;

namespace {

Fraction exact(const irm::Number& n) {
  REQUIRE(n.exact.has_value());
  return *n.exact;
}

// Column `column` of the first table, rank by rank, as exact fractions.
std::vector<Fraction> column(const irm::Outcome& o, std::size_t column) {
  std::vector<Fraction> out;
  for (const auto& row : o.steps.at(0).rows) out.push_back(exact(*row.at(column).number));
  return out;
}

}  // namespace

TEST_CASE("err-cascade-3-2-0-4: ERR of grades 3 2 0 4 is 9787/16384", "[golden][ERR1][ERR]") {
  // R = (2^g − 1)/16: 7/16, 3/16, 0, 15/16.
  // Reach: 1; 9/16; 9/16 · 13/16 = 117/256; 117/256 (grade 0 satisfies nobody).
  // Stop here: 7/16; 9/16 · 3/16 = 27/256; 0; 117/256 · 15/16 = 1755/4096.
  // ERR = 7/16 + (27/256)/2 + 0 + (1755/4096)/4 = 7168/16384 + 864/16384 + 1755/16384
  //     = 9787/16384 ≈ 0.5974.
  const auto o = run("ERR", "3 2 0 4");
  CHECK(exact(o.value) == Fraction{9787, 16384});
  CHECK(column(o, 3) == std::vector<Fraction>{{7, 16}, {3, 16}, {0, 1}, {15, 16}});
  CHECK(column(o, 4) == std::vector<Fraction>{{1, 1}, {9, 16}, {117, 256}, {117, 256}});
  CHECK(column(o, 5) == std::vector<Fraction>{{7, 16}, {27, 256}, {0, 1}, {1755, 4096}});
  CHECK(column(o, 7) == std::vector<Fraction>{{7, 16}, {251, 512}, {251, 512}, {9787, 16384}});
  // The user stops somewhere in the four ranks unless unsatisfied by all four:
  // 1 − (9/16)(13/16)(1)(1/16) = 1 − 117/4096 = 3979/4096.
  CHECK(exact(value_of(o, "stops")) == Fraction{3979, 4096});
  CHECK(irm::to_decimal(o.value, 4) == "0.5974");
  CHECK(o.charts.at(0).id == "err");
}

TEST_CASE("err-cascade-3-2-0-4 at a cutoff, past the list, and on another scale",
          "[golden][ERR1][ERR]") {
  // ERR@2 = 7/16 + 27/512 = 251/512.
  CHECK(exact(run("ERR@2", "3 2 0 4").value) == Fraction{251, 512});
  // Past the list nothing is added: ERR@10 = ERR.
  const auto past = run("ERR@10", "3 2 0 4");
  CHECK(exact(past.value) == Fraction{9787, 16384});
  CHECK(test::has_note_containing(past, "Only 4 documents"));
  // max=5: R = (2^g − 1)/32 for grade 5 at rank 1 is 31/32, then grade 1 gives 1/32:
  // ERR = 31/32 + (1/32)(1/32)/2 = 31/32 + 1/2048 = 1985/2048.
  CHECK(exact(run("ERR(max=5)", "5 1").value) == Fraction{1985, 2048});
  // Unretrieved grades are not used, and the answer says so.
  const auto unretrieved = run("ERR", "4\nunretrieved: 4");
  CHECK(exact(unretrieved.value) == Fraction{15, 16});
  CHECK(test::has_note_containing(unretrieved, "unretrieved grades play no part"));
  // Nothing satisfies: ERR = 0.
  CHECK(exact(run("ERR", "0 0 0").value) == Fraction{0, 1});
}

TEST_CASE("ERR refuses grades off its scale, naming where they are", "[ERR][errors]") {
  const auto above = test::fails("ERR", "3 5 1");
  CHECK(above.code == irm::ErrorCode::out_of_range);
  CHECK(above.where.line == 1);
  CHECK(above.where.column == 3);
  CHECK(above.message ==
        "found the grade '5' at line 1, column 3; ERR(max=4) takes whole grades from 0 to 4 "
        "(gdeval's scale); for a larger scale set max, as in ERR(max=5)");
  const auto half = test::fails("ERR", "2\n2.5");
  CHECK(half.where.line == 2);
  CHECK(half.where.column == 1);
  const auto bad_max = test::fails("ERR(max=2.5)", "1");
  CHECK(bad_max.code == irm::ErrorCode::bad_parameter_value);
  CHECK(bad_max.field == irm::Field::measure);
  CHECK(bad_max.message.find("whole number from 1 to 30") != std::string::npos);
  CHECK(test::fails("ERR(max=0)", "0").code == irm::ErrorCode::bad_parameter_value);
  CHECK(test::fails("ERR(max=31)", "0").code == irm::ErrorCode::out_of_range);
}

TEST_CASE("rbp-band-1-0-1-1: RBP with p = 1/2 is 11/16, residual 1/16", "[golden][RBP1][RBP]") {
  // Weights (1 − p) p^(i−1) = 1/2, 1/4, 1/8, 1/16; relevant at ranks 1, 3, 4:
  // RBP = 1/2 + 1/8 + 1/16 = 11/16. Residual p^4 = 1/16, so RBP ∈ [11/16, 12/16 = 3/4].
  const auto o = run("RBP(p=0.5)", "1 0 1 1");
  CHECK(exact(o.value) == Fraction{11, 16});
  CHECK(exact(value_of(o, "residual")) == Fraction{1, 16});
  CHECK(exact(value_of(o, "upper")) == Fraction{3, 4});
  CHECK(column(o, 4) == std::vector<Fraction>{{1, 2}, {1, 4}, {1, 8}, {1, 16}});
  CHECK(column(o, 5) == std::vector<Fraction>{{1, 2}, {1, 2}, {5, 8}, {11, 16}});
  CHECK(column(o, 6) == std::vector<Fraction>{{1, 2}, {1, 4}, {1, 8}, {1, 16}});
}

TEST_CASE("rbp-band-1-0-1-1 with the default p = 0.8, a cutoff, and rel", "[golden][RBP1][RBP]") {
  // p = 4/5: (1/5)(1 + 16/25 + 64/125) = (1/5)(269/125) = 269/625 = 0.4304;
  // residual (4/5)^4 = 256/625 = 0.4096; upper 525/625 = 21/25 = 0.84.
  const auto o = run("RBP", "1 0 1 1");
  CHECK(exact(o.value) == Fraction{269, 625});
  CHECK(exact(value_of(o, "residual")) == Fraction{256, 625});
  CHECK(exact(value_of(o, "upper")) == Fraction{21, 25});
  // RBP@2 with p = 1/2: only rank 1 counts, 1/2; residual (1/2)^2 = 1/4.
  const auto cut = run("RBP(p=0.5)@2", "1 0 1 1");
  CHECK(exact(cut.value) == Fraction{1, 2});
  CHECK(exact(value_of(cut, "residual")) == Fraction{1, 4});
  // Past the list the residual stays the weight past the list, p^4, as trec_eval's rbp_resid.
  CHECK(exact(value_of(run("RBP(p=0.5)@10", "1 0 1 1"), "residual")) == Fraction{1, 16});
  // rel=2 on grades 2 1 2 0: relevant at ranks 1 and 3, (1/2)(1 + 1/4) = 5/8.
  CHECK(exact(run("RBP(p=0.5,rel=2)", "2 1 2 0").value) == Fraction{5, 8});
  // Without rel the grade is the gain, over the largest judged grade when above 1 (trec_eval's
  // rbp): 2 1 0 gives gains 1, 1/2, 0 and (1/2)(1 + (1/2)(1/2)) = 5/8; with an unretrieved 4
  // the gains are 1/2, 1/4, 0 and RBP = (1/2)(1/2 + (1/2)(1/4)) = 5/16.
  CHECK(exact(run("RBP(p=0.5)", "2 1 0").value) == Fraction{5, 8});
  CHECK(exact(run("RBP(p=0.5)", "2 1 0\nunretrieved: 4").value) == Fraction{5, 16});
  // rel=1 makes 2 1 0 binary: (1/2)(1 + 1/2) = 3/4.
  CHECK(exact(run("RBP(p=0.5,rel=1)", "2 1 0").value) == Fraction{3, 4});
  const auto one = test::fails("RBP(p=1)", "1 0");
  CHECK(one.code == irm::ErrorCode::out_of_range);
  CHECK(one.message.find("must be below 1") != std::string::npos);
}

TEST_CASE("compat-2-0-1-0: Compat with p = 1/2 is 71/83, the RBO itself 71/90",
          "[golden][COMPAT1][Compat]") {
  // Ranking d1(2) d2(0) d3(1) d4(0); ideal: the documents graded above 0 by grade, d1 then d3.
  // Depth 4 (the longer). Shared in the top i, A_i: 1 (d1), 1, 2 (d3 joins), 2.
  // Σ p^(i−1) A_i/i = 1 + (1/2)(1/2) + (1/4)(2/3) + (1/8)(2/4) = 1 + 1/4 + 1/6 + 1/16 = 71/48.
  // The ideal with itself, min(i, 2)/i: 1 + (1/2)(1) + (1/4)(2/3) + (1/8)(2/4) = 83/48.
  // Compat = 71/83 ≈ 0.8554; unnormalised, RBO = (71/48)/(1 + 1/2 + 1/4 + 1/8 = 15/8) = 71/90.
  const auto o = run("Compat(p=0.5)", "2 0 1 0");
  CHECK(exact(o.value) == Fraction{71, 83});
  CHECK(exact(value_of(o, "RBO")) == Fraction{71, 90});
  CHECK(column(o, 7) == std::vector<Fraction>{{1, 1}, {1, 4}, {1, 6}, {1, 16}});
  CHECK(column(o, 8) == std::vector<Fraction>{{1, 1}, {1, 2}, {1, 6}, {1, 16}});
  std::vector<std::string> shared;
  for (const auto& row : o.steps.at(0).rows) shared.push_back(row.at(5).text);
  CHECK(shared == std::vector<std::string>{"1", "1", "2", "2"});
  CHECK(exact(run("Compat(p=0.5,normalize=no)", "2 0 1 0").value) == Fraction{71, 90});
  const auto* other = test::alternative(o, "Compat(p=0.5,normalize=no)");
  REQUIRE(other != nullptr);
  CHECK(*other->value.exact == Fraction{71, 90});
}

TEST_CASE("compat-2-0-1-0's cousins: unretrieved grades join the ideal, after the run's own",
          "[golden][COMPAT1][Compat]") {
  // 1 0 2, unretrieved 2, p = 1/2. Ideal: grade 2 first, the retrieved d3 before the
  // unretrieved one, then d1: [d3, u, d1]. A_i: 0, 0, 2 (d3 and d1). Depth 3.
  // Σ p^(i−1) A_i/i = (1/4)(2/3) = 1/6; the ideal's own: 1 + 1/2 + 1/4 = 7/4 (it is 3 long,
  // so normalising changes nothing): Compat = (1/6)/(7/4) = 2/21.
  CHECK(exact(run("Compat(p=0.5)", "1 0 2\nunretrieved: 2").value) == Fraction{2, 21});
  // The ranking equal to the ideal scores 1, however short the ideal.
  CHECK(exact(run("Compat(p=0.5)", "2 1 0 0").value) == Fraction{1, 1});
  // Nothing graded above 0: the ideal is empty, and Compat is 0.
  const auto none = run("Compat", "0 0");
  CHECK(exact(none.value) == Fraction{0, 1});
  CHECK(test::has_note_containing(none, "ideal ranking is empty"));
  CHECK(test::fails("Compat(p=0)", "1").code == irm::ErrorCode::out_of_range);
}

TEST_CASE("inst-1: INST(T=1) of one relevant document is 1/H, H = Σ_{r≤1000} 1/r²",
          "[golden][INST1][INST]") {
  // g_1 = 1, so T_1 = 0 and C_1 = ((1 + 1 + 0 − 1)/(1 + 1 + 0))² = 1/4; past it T_i = 0 and
  // C_i = (i/(i + 1))². The chance of reading rank r: Π_{j<r} C_j = (1/4)·(2/r)² = 1/r² (and 1 at
  // r = 1, also 1/r²). So W_r = (1/r²)/H over cwl_eval's 1000 ranks, H = Σ_{r=1}^{1000} 1/r² =
  // 1.64393456668156 (π²/6 less the tail, about 1/1000.5), and INST = W_1 · 1 = 1/H = 0.6082967.
  // The expected depth is 1/W_1 = H.
  const auto o = run("INST", "1");
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinRel(0.6082967170759085, 1e-12));
  CHECK_THAT(value_of(o, "depth").approx, Catch::Matchers::WithinRel(1.6439345666815615, 1e-12));
  CHECK_FALSE(o.value.exact.has_value());
  // The row for ranks 2 to 1000 holds the rest of the attention, 1 − W_1.
  const auto& rows = o.steps.at(0).rows;
  REQUIRE(rows.size() == 2);
  CHECK(rows[1][0].text == "2–1000");
  CHECK_THAT(rows[1][6].number->approx, Catch::Matchers::WithinRel(1 - 0.6082967170759085, 1e-12));
}

TEST_CASE("inst-1-1: INST(T=2) of two relevant documents", "[golden][INST1][INST]") {
  // T = 2, g = 1, 1: T_1 = 1, C_1 = ((1 + 2 + 1 − 1)/(1 + 2 + 1))² = 9/16; T_2 = 0,
  // C_2 = ((2 + 2 − 1)/(2 + 2))² = 9/16; past them T_i = 0 and C_i = ((i + 1)/(i + 2))².
  // Π_{j<r} C_j: 1, 9/16, then (81/256)·(4/(r + 1))² = (81/16)/(r + 1)² for r ≥ 2.
  // Sum over r ≤ 1000: 1 + (81/16)(Σ_{s=3}^{1001} 1/s²) = 1 + (81/16)(H + 1/1001² − 5/4)
  //   = 2.99429879621557 with H as in inst-1; INST = (1 + 9/16)/2.99429879621557 = 0.5218250.
  // With max=2 the gains are 1/2: the same ranks, a different user.
  const auto o = run("INST(T=2)", "1 1");
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinRel(0.5218250102410651, 1e-12));
  CHECK_THAT(value_of(o, "depth").approx, Catch::Matchers::WithinRel(2.9942987962155723, 1e-12));
  CHECK(irm::canonical("inst(t=2)") == "INST(T=2)");
  // Nothing relevant: INST = 0.
  CHECK(run("INST", "0 0").value.approx == 0.0);
  const auto above = test::fails("INST(max=2)", "1 3");
  CHECK(above.code == irm::ErrorCode::out_of_range);
  CHECK(above.where.column == 3);
  CHECK(above.message.find("INST(max=2) takes grades from 0 to 2") != std::string::npos);
  CHECK(test::fails("INST(T=0)", "1").code == irm::ErrorCode::out_of_range);
}

TEST_CASE("insq-1-0: INSQ(T=1) of grades 1 0 is 1/(4 Σ_{s=2}^{1001} 1/s²)",
          "[golden][INSQ1][INSQ]") {
  // C_i = ((i + 2T − 1)/(i + 2T))² = ((i + 1)/(i + 2))² whatever is found. The chance of
  // reaching rank r: Π_{j<r} C_j = (2/3 · 3/4 ⋯ r/(r + 1))² = (2/(r + 1))². Summed over
  // cwl_eval's 1000 ranks: 4 Σ_{s=2}^{1001} 1/s² = 4(π²/6 − 1 − Σ_{s>1001} 1/s²)
  // = 4(0.6449340668 − 0.0009985) = 2.5757422587382233. Only rank 1 has gain (1/1, max the
  // highest grade judged): INSQ = W_1 = 1/2.5757422587382233 = 0.3882376028142943.
  const auto o = run("INSQ", "1 0");
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinRel(0.3882376028142943, 1e-12));
  CHECK_THAT(value_of(o, "depth").approx, Catch::Matchers::WithinRel(2.5757422587382233, 1e-12));
  CHECK_FALSE(o.value.exact.has_value());
  // No column of the gain still wanted (INST's T_i): INSQ keeps T.
  const auto& table = o.steps.at(0);
  CHECK(table.columns == std::vector<std::string>{"rank", "document", "grade", "gain g = grade/1",
                                                  "goes on C_i", "share W_i", "W_i·g_i",
                                                  "INSQ so far"});
  // C_1 = (2/3)² = 4/9, C_2 = (3/4)² = 9/16; the rows of ranks 3 to 1000 hold the rest.
  REQUIRE(table.rows.size() == 3);
  CHECK_THAT(table.rows[0][4].number->approx, Catch::Matchers::WithinRel(4.0 / 9.0, 1e-12));
  CHECK_THAT(table.rows[1][4].number->approx, Catch::Matchers::WithinRel(9.0 / 16.0, 1e-12));
  CHECK(table.rows[2][0].text == "3–1000");
  CHECK(irm::canonical("insq(t=2)") == "INSQ(T=2)");
  CHECK(run("INSQ", "0 0").value.approx == 0.0);
  CHECK(test::fails("INSQ(T=0)", "1").code == irm::ErrorCode::out_of_range);
  CHECK(test::fails("INSQ(max=1)", "1 2").code == irm::ErrorCode::out_of_range);
}

TEST_CASE("insq-0-1: INSQ(T=2) of grades 0 1 is W_2 = (4/5)²/(16 Σ_{s=4}^{1003} 1/s²)",
          "[golden][INSQ1][INSQ]") {
  // T = 2: C_i = ((i + 3)/(i + 4))², so the chance of reaching rank r is (4/(r + 3))²: 1, 16/25,
  // 16/36, … Their sum: 16 Σ_{s=4}^{1003} 1/s² = 16(π²/6 − 1 − 1/4 − 1/9 − Σ_{s>1003} 1/s²)
  // = 4.525223097796883. Only rank 2 has gain: INSQ = (16/25)/4.525223097796883
  // = 0.14142949113637862.
  const auto o = run("INSQ(T=2)", "0 1");
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinRel(0.14142949113637862, 1e-12));
  CHECK_THAT(value_of(o, "depth").approx, Catch::Matchers::WithinRel(4.525223097796883, 1e-12));
}

TEST_CASE("insq-cwl: INSQ and INST on TREC files, as ir_measures' cwl_eval tests state them",
          "[golden][INSQ2][INSQ][trec]") {
  // ir_measures' tests/cwl.qrels and tests/cwl.run (three topics of ten documents; D5, D6 of T1
  // and D3, D4 of T2 and D1-D3 of T3 are not judged, so gain 0), and the values its
  // tests/test_cwl_eval.py expects from cwl_eval, to 4 decimals.
  const char* const qrels =
      "T1 00 D1 1\nT1 00 D2 0\nT1 00 D3 1\nT1 00 D4 1\nT1 00 D7 1\nT1 00 D8 0\nT1 00 D9 1\n"
      "T1 00 D10 0\nT2 00 D1 1\nT2 00 D2 1\nT2 00 D5 1\nT2 00 D6 0\nT2 00 D7 1\nT2 00 D8 1\n"
      "T2 00 D9 1\nT2 00 D10 0\nT3 00 D4 0\nT3 00 D5 0\nT3 00 D6 1\nT3 00 D7 1\nT3 00 D8 1\n"
      "T3 00 D9 0\nT3 00 D10 1\n";
  std::string run_text;
  for (const char* topic : {"T1", "T2", "T3"}) {
    for (int d = 1; d <= 10; ++d) {
      run_text += std::string(topic) + " E1 D" + std::to_string(d) + " " + std::to_string(d) + " " +
                  std::to_string(5.0 - 0.1 * d) + " R1\n";
    }
  }
  irm::TrecSession session;
  const std::vector<std::string> args = {
      "-q", "-m", "INSQ(max_rel=1)", "-m", "INSQ(T=2,max_rel=1)", "-m", "INST(max_rel=1)"};
  if (auto e = session.configure(args)) FAIL("configure: " << e->message);
  session.begin_qrels("cwl.qrels");
  session.feed_qrels(qrels);
  if (auto e = session.end_qrels()) FAIL("qrels: " << e->message);
  if (auto e = session.begin_run("cwl.run", true)) FAIL("run: " << e->message);
  if (auto e = session.feed_run(run_text)) FAIL("run: " << e->message);
  if (auto e = session.end_run()) FAIL("run: " << e->message);
  const auto& slots = session.slots();
  REQUIRE(slots.size() == 3);
  CHECK(slots[0].name == "INSQ(max_rel=1)");
  CHECK(slots[1].name == "INSQ(T=2.0,max_rel=1)");
  const auto& result = session.runs().at(0);
  REQUIRE(result.topics == std::vector<std::string>{"T1", "T2", "T3"});
  const double expected[3][3] = {
      {0.5872, 0.4513, 0.7934},  // T1: INSQ(T=1), INSQ(T=2), INST(T=1)
      {0.6629, 0.5068, 0.9226},  // T2
      {0.0880, 0.1292, 0.0888},  // T3
  };
  for (std::size_t topic = 0; topic < 3; ++topic) {
    for (std::size_t slot = 0; slot < 3; ++slot) {
      INFO(result.topics[topic] << " " << slots[slot].name);
      CHECK(std::fabs(result.values[topic][slot] - expected[topic][slot]) < 0.00005);
    }
  }
  // INSQ needs the top of the scale, as INST does: the message says so and shows how.
  irm::TrecSession without_max;
  const auto missing = without_max.configure({"-m", "INSQ(T=2)"});
  REQUIRE(missing.has_value());
  CHECK(missing->message ==
        "-m 'INSQ(T=2)', column 10: INSQ needs max_rel=, the top grade of the qrels (its gain is "
        "1), such as INSQ(max_rel=3)");
  // The teaching calculator gives T1's INSQ the same: its grades in run order.
  CHECK_THAT(run("INSQ(max=1)", "1 0 1 1 0 0 1 0 1 0").value.approx,
             Catch::Matchers::WithinAbs(result.values[0][0], 1e-12));
}

TEST_CASE("insq-1-0's slips: C_i not squared, INST's C_i, the list's ranks only (insq.*)",
          "[check][golden][INSQ1]") {
  const auto check = [](const std::string& measure, const std::string& input,
                        const std::string& answer) {
    const auto r = irm::check_answer(measure, input, {}, answer);
    if (!r.ok()) FAIL("unexpected error: " << r.error().message);
    return r.value();
  };
  // One relevant document, T = 1: INSQ = 1/(4 Σ_{s=2}^{1001} 1/s²) = 0.3882 (insq-1-0).
  CHECK(check("INSQ", "1", "0.3882").correct);
  // C_i not squared: (i + 1)/(i + 2), so the chance of reaching rank r is 2/(r + 1); summed to
  // 1000, 2(H_1001 − 1) with H_1001 = ln 1001 + γ + 1/2002 = 7.4864699, so 12.9729398 and
  // INSQ = 1/12.9729398 = 0.07708 (0.0771).
  CHECK(check("INSQ", "1", "0.0771").matched == "insq.not_squared");
  // The gain wanted lowered as gain is found is INST: 1/Σ_{r≤1000} 1/r² = 0.6083 (inst-1).
  const auto inst = check("INSQ", "1", "0.6083");
  CHECK(inst.matched == "insq.wanted_lowered");
  CHECK(inst.why.find("which is INST") != std::string::npos);
  // The attention shared over the list's one rank: W_1 = 1, INSQ = 1.
  CHECK(check("INSQ", "1", "1").matched == "insq.list_ranks_only");
}

TEST_CASE("sdcg-2-0-1: SDCG(max=2)@3 of grades 2 0 1 is (5/4)/(3/2 + 1/log2 3)",
          "[golden][SDCG1][SDCG]") {
  // Gains grade/2: 1, 0, 1/2. DCG@3 = 1/log2 2 + 0/log2 3 + (1/2)/log2 4 = 1 + 1/4 = 5/4.
  // Three documents of gain 1: 1/log2 2 + 1/log2 3 + 1/log2 4 = 3/2 + 0.6309297535714574
  // = 2.1309297535714574. SDCG@3 = 1.25/2.1309297535714574 = 0.5865984075284455.
  const auto o = run("SDCG(max=2)@3", "2 0 1");
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinRel(0.5865984075284455, 1e-12));
  CHECK(exact(value_of(o, "DCG")) == Fraction{5, 4});
  CHECK_THAT(value_of(o, "DCG_gain_1").approx,
             Catch::Matchers::WithinRel(2.1309297535714574, 1e-12));
  // The gains column: 1, 0, 1/2.
  CHECK(column(o, 3) == std::vector<Fraction>{{1, 1}, {0, 1}, {1, 2}});
  // Without max the top of the scale is the highest grade judged, 2: the same value.
  CHECK_THAT(run("SDCG@3", "2 0 1").value.approx,
             Catch::Matchers::WithinRel(0.5865984075284455, 1e-12));
  // On a scale to 4 every gain halves, and so does SDCG: 0.29329920376422275.
  CHECK_THAT(run("SDCG(max=4)@3", "2 0 1").value.approx,
             Catch::Matchers::WithinRel(0.29329920376422275, 1e-12));
  // At k = 1 the scale is 1/log2 2 = 1 and SDCG@1 is the first gain, exactly.
  CHECK(exact(run("SDCG(max=2)@1", "2 0 1").value) == Fraction{1, 1});
  CHECK(exact(run("SDCG(max=4)@1", "2 0 1").value) == Fraction{1, 2});
  // Past the list the ranks add to the scale only: + 1/log2 5 = 0.43067655807339306, so
  // SDCG@4 = 1.25/2.5616063116448506 = 0.4879750624901271.
  CHECK_THAT(run("SDCG(max=2)@4", "2 0 1").value.approx,
             Catch::Matchers::WithinRel(0.4879750624901271, 1e-12));
  // A grade above a given max is refused, naming where it is.
  const irm::InputError above_max = test::fails("SDCG(max=1)@3", "2 0 1");
  CHECK(above_max.code == irm::ErrorCode::out_of_range);
  CHECK(above_max.message ==
        "found the grade '2' at line 1, column 1; SDCG(max=1) takes grades from 0 to 1 (the gain "
        "is grade/max, at most 1); raise max");
  // No gain: 0.
  CHECK(exact(run("SDCG@3", "0 0 0").value) == Fraction{0, 1});
}
