// Golden tests: every ranked-list example of docs/examples.md, written the way the
// notes write the input, checked against the exact fraction and the decimals the notes print.
// Expected values are worked out by hand in the comments, never copied from the program.

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using irm::Fraction;
using test::frac;
using test::run;

namespace {
const char* const rl1 =
    "D1,*D2*,D3,*D4*,D5,*D6*,D7,D8,D9,D10";  // the Evaluation Metrics notes, R = 15
}

TEST_CASE(
    "relevant-at-2-4-6: precision and recall at each rank of the Evaluation Metrics notes' list",
    "[golden][RL1][evaluation-metrics][PR]") {
  const auto o = run("PR", rl1, "15");
  const auto& table = o.steps.at(0);
  REQUIRE(table.rows.size() == 10);
  // Relevant at ranks 2, 4, 6: precision = relevant so far / rank, recall = relevant so far / 15.
  const Fraction precision[] = {frac(0, 1), frac(1, 2), frac(1, 3), frac(1, 2), frac(2, 5),
                                frac(1, 2), frac(3, 7), frac(3, 8), frac(1, 3), frac(3, 10)};
  const Fraction recall[] = {frac(0, 1), frac(1, 15), frac(1, 15), frac(2, 15), frac(2, 15),
                             frac(1, 5), frac(1, 5),  frac(1, 5),  frac(1, 5),  frac(1, 5)};
  // The decimals the Evaluation Metrics notes print in their table.
  const char* printed_precision[] = {"0.00", "0.50", "0.33", "0.50", "0.40",
                                     "0.50", "0.43", "0.38", "0.33", "0.30"};
  const char* printed_recall[] = {"0.00", "0.06", "0.06", "0.13", "0.13",
                                  "0.20", "0.20", "0.20", "0.20", "0.20"};
  for (int k = 0; k < 10; ++k) {
    INFO("rank " << k + 1);
    const auto& p = *table.rows[k][4].number;
    const auto& r = *table.rows[k][5].number;
    CHECK(*p.exact == precision[k]);
    CHECK(*r.exact == recall[k]);
    CHECK(irm::to_decimal(p, 2) == printed_precision[k]);
    // The notes cut recall 1/15 = 0.0667 to 0.06; every other printed recall is also the cut.
    CHECK(irm::to_decimal_truncated(r, 2) == printed_recall[k]);
  }
  CHECK(irm::to_decimal(*table.rows[1][5].number, 2) == "0.07");  // 1/15 rounded
  CHECK(test::has_note_containing(
      o, "1/15 = 0.0667 rounds to 0.07 at two decimals; cutting gives 0.06"));
}

TEST_CASE(
    "relevant-at-2-4-6-interpolated: 11-point interpolated precision of the Evaluation Metrics "
    "notes is 1/2 up to recall 0.2, then 0",
    "[golden][RL1-i][evaluation-metrics][11pt]") {
  const auto o = run("11pt", rl1, "15");
  // Recall reaches 1/15, 2/15, 3/15 = 0.2 at ranks 2, 4, 6, each with precision 1/2; levels 0.3
  // and above need 5 or more relevant documents and only 3 are retrieved.
  const Fraction expected[] = {frac(1, 2), frac(1, 2), frac(1, 2), frac(0, 1),
                               frac(0, 1), frac(0, 1), frac(0, 1), frac(0, 1),
                               frac(0, 1), frac(0, 1), frac(0, 1)};
  const char* keys[] = {"IPrec@0",   "IPrec@0.1", "IPrec@0.2", "IPrec@0.3",
                        "IPrec@0.4", "IPrec@0.5", "IPrec@0.6", "IPrec@0.7",
                        "IPrec@0.8", "IPrec@0.9", "IPrec@1"};
  for (int j = 0; j <= 10; ++j) {
    INFO("level " << j);
    CHECK(*test::value_of(o, keys[j]).exact == expected[j]);
    CHECK(*o.steps[0].rows[j][2].number->exact == expected[j]);
  }
  // The average: 3 × 1/2 over 11 = 3/22.
  CHECK(*o.value.exact == frac(3, 22));
  // R = 15: every rule asks for the same counts at levels j/10 (j·15/10 is whole or ends in .5).
  REQUIRE(test::alternative(o, "11pt(rule=trec10)") != nullptr);
  CHECK(*test::alternative(o, "11pt(rule=trec10)")->value.exact == frac(3, 22));
  CHECK(o.charts.at(0).id == "pr");
  CHECK(o.charts[0].series.at(2).points.at(1).second == 0.5);  // the sampled point at recall 0.1
}

TEST_CASE(
    "relevant-at-2-4-6-ap: the Evaluation Metrics notes' 0.5 is AP(norm=retrieved), the default "
    "over R = 15 is 1/10",
    "[golden][RL1-ap][evaluation-metrics][AP]") {
  const auto o = run("AP", rl1, "15");
  // Sum of precisions at the relevant ranks: 1/2 + 2/4 + 3/6 = 3/2; over R = 15: 1/10.
  CHECK(*o.value.exact == frac(1, 10));
  CHECK(*test::value_of(o, "sum").exact == frac(3, 2));
  const auto* alt = test::alternative(o, "AP(norm=retrieved)");
  REQUIRE(alt != nullptr);
  CHECK(*alt->value.exact == frac(1, 2));  // 3/2 over the 3 relevant retrieved
  CHECK(irm::to_decimal(alt->value, 1) == "0.5");
  CHECK(alt->why ==
        "divides the sum 3/2 by the 3 relevant documents retrieved instead of R = 15 (the example "
        "of the study notes “Evaluation Metrics” does this)");
  const auto retrieved = run("AP(norm=retrieved)", rl1, "15");
  CHECK(*retrieved.value.exact == frac(1, 2));
  CHECK(*test::alternative(retrieved, "AP")->value.exact == frac(1, 10));
}

TEST_CASE("method-1-ap: AP@10 of method 1 is 28/45 (the CS657A notes print 0.62)",
          "[golden][RL2][cs657a][AP]") {
  const auto o = run("AP@10", "+ - + - - + - - + +", "5");
  // (1/1 + 2/3 + 3/6 + 4/9 + 5/10) / 5 = (28/9) / 5 = 28/45.
  CHECK(*o.value.exact == frac(28, 45));
  CHECK(irm::to_decimal(o.value, 2) == "0.62");
  CHECK(irm::to_decimal(o.value, 4) == "0.6222");
  CHECK(o.measure == "AP@10");
  // The envelope: interpolated precision 1 to recall 1/5, 2/3 to 2/5, 1/2 to recall 1, where the
  // list reaches every relevant document, so it ends there without a drop to 0.
  const auto& envelope = o.charts.at(0).series.at(1).points;
  const std::vector<std::pair<double, double>> expected_envelope = {
      {0.0, 1.0}, {0.2, 1.0}, {0.2, 2.0 / 3}, {0.4, 2.0 / 3}, {0.4, 0.5}, {1.0, 0.5}};
  CHECK(envelope == expected_envelope);
  CHECK(o.working ==
        "\\text{AP@10} = \\frac{1}{5}\\left(\\frac{1}{1} + \\frac{2}{3} + \\frac{3}{6} + "
        "\\frac{4}{9} + \\frac{5}{10}\\right) = \\frac{1}{5} \\cdot \\frac{28}{9} = "
        "\\frac{28}{45} \\approx 0.6222");
  // The notes' table writes the precisions unreduced: 1/1, 2/3, 3/6, 4/9, 5/10.
  const auto& table = o.steps.at(0);
  CHECK(table.rows.at(2).at(2).text == "3/6");
  CHECK(*table.rows.at(2).at(2).number->exact == frac(1, 2));
}

TEST_CASE("method-2-ap: AP@10 of method 2 is 69/175 (the CS657A notes print 0.39)",
          "[golden][RL3][cs657a][AP]") {
  const auto o = run("AP@10", "- + - - + + + - - -", "5");
  // (1/2 + 2/5 + 3/6 + 4/7) / 5 = (69/35) / 5 = 69/175; the 5th relevant is never retrieved.
  CHECK(*o.value.exact == frac(69, 175));
  CHECK(irm::to_decimal(o.value, 2) == "0.39");
  CHECK(irm::to_decimal(o.value, 4) == "0.3943");
  const auto* alt = test::alternative(o, "AP(norm=retrieved)@10");
  REQUIRE(alt != nullptr);
  CHECK(*alt->value.exact == frac(69, 140));  // 69/35 over the 4 retrieved
}

TEST_CASE("method-3-ap: AP@10 of method 3 is 71/100 (the CS657A notes print 0.71)",
          "[golden][RL4][cs657a][AP]") {
  const auto o = run("AP@10", "- + + + + + - - - -", "5");
  // (1/2 + 2/3 + 3/4 + 4/5 + 5/6) / 5 = (71/20) / 5 = 71/100.
  CHECK(*o.value.exact == frac(71, 100));
  CHECK(irm::to_decimal(o.value, 2) == "0.71");
}

TEST_CASE(
    "four-of-ten-ap: AP of the Week 3 notes' list with 10 relevant in the collection is 31/100",
    "[golden][RL5][week-3][AP]") {
  const auto o = run("AP", "+ + - - + - - + - -", "10");
  // (1/1 + 2/2 + 3/5 + 4/8) / 10 = (31/10) / 10 = 31/100.
  CHECK(*o.value.exact == frac(31, 100));
  CHECK(irm::to_decimal(o.value, 2) == "0.31");
  // The per-rank table as the notes draw it: precision 1/1, 2/2, 2/3, 2/4, 3/5 …; recall x/10.
  const auto& table = o.steps.at(1);
  CHECK(table.rows.at(0).at(4).text == "1/1");
  CHECK(table.rows.at(1).at(4).text == "2/2");
  CHECK(table.rows.at(3).at(4).text == "2/4");
  CHECK(table.rows.at(4).at(4).text == "3/5");
  CHECK(table.rows.at(7).at(4).text == "4/8");
  CHECK(table.rows.at(7).at(5).text == "4/10");
  CHECK(table.rows.at(9).at(4).text == "4/10");
  // Only the relevant ranks contribute to AP.
  CHECK(table.rows.at(4).at(7).text == "3/5");
  CHECK(table.rows.at(5).at(7).text.empty());
}

TEST_CASE("precision-at-5-and-10: P@5 = 3/5 and P@10 = 7/10 on the Evaluation Q&A notes' list",
          "[golden][RL6][evaluation-qa][P]") {
  // R R N N R | N R R R R: 3 relevant in the top 5, 7 in the top 10.
  CHECK(*run("P@5", "R R N N R N R R R R").value.exact == frac(3, 5));
  CHECK(*run("P@10", "R R N N R N R R R R").value.exact == frac(7, 10));
  CHECK(irm::to_decimal(run("P@5", "R R N N R N R R R R").value, 1) == "0.6");
}

TEST_CASE("one-relevant-ap-rr: with one known relevant document at rank r, AP = RR = 1/r",
          "[golden][RL7][week-3][AP][RR]") {
  for (int r = 1; r <= 25; ++r) {
    std::string list;
    for (int k = 1; k <= 25; ++k) list += (k == r ? "R " : "N ");
    INFO("relevant at rank " << r);
    CHECK(*run("AP", list, "1").value.exact == frac(1, r));
    CHECK(*run("RR", list, "1").value.exact == frac(1, r));
  }
}

TEST_CASE(
    "R-precision on relevant-at-2-4-6 is P@15 = 3/15 = 1/5, the 5 missing ranks count as not "
    "relevant",
    "[golden][RL1][Rprec]") {
  const auto o = run("Rprec", rl1, "15");
  CHECK(*o.value.exact == frac(1, 5));
  CHECK(test::has_note_containing(o, "ranks 11–15 count as not relevant"));
}

TEST_CASE("R@k on relevant-at-2-4-6: R@4 = 2/15, R@10 = 3/15 = 1/5", "[golden][RL1][R]") {
  CHECK(*run("R@4", rl1, "15").value.exact == frac(2, 15));
  CHECK(*run("R@10", rl1, "15").value.exact == frac(1, 5));
  CHECK(*run("R", rl1, "15").value.exact == frac(1, 5));
}

TEST_CASE("P@k past the end of the list divides by k: P@15 of relevant-at-2-4-6 is 3/15 = 1/5",
          "[golden][RL1][P]") {
  const auto o = run("P@15", rl1, "15");
  CHECK(*o.value.exact == frac(1, 5));
  CHECK(o.working ==
        "P@15 = \\frac{\\text{relevant in top } 15}{15} = \\frac{3}{15} = \\frac{1}{5} = 0.2");
  CHECK(test::has_note_containing(
      o, "ranks 11–15 count as not relevant, so the precision divides by 15"));
}

TEST_CASE("RR@k: the first relevant of relevant-at-2-4-6 is at rank 2, so RR = 1/2 and RR@1 = 0",
          "[golden][RL1][RR]") {
  CHECK(*run("RR", rl1, "15").value.exact == frac(1, 2));
  const auto cut = run("RR@1", rl1, "15");
  CHECK(*cut.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(cut, "No relevant document was retrieved in the top 1"));
}

TEST_CASE("Interpolation rules differ when r·R is not whole: R N R with R = 12",
          "[golden][RL1-i][IPrec][11pt]") {
  // Precision: rank 1 = 1/1, rank 2 = 1/2, rank 3 = 2/3 (relevant at 1 and 3), R = 12.
  // Level 0.1: textbook needs ceil(1.2) = 2 relevant -> 2/3; trec9 (long)(2.1) = 2 -> 2/3;
  //            trec10 lround(1.2) = 1 -> max(1, 1/2, 2/3) = 1.
  // Level 0.2: textbook ceil(2.4) = 3 -> 0 (only 2 retrieved); trec9 (long)(3.3) = 3 -> 0;
  //            trec10 lround(2.4) = 2 -> 2/3.
  const std::string list = "R N R";
  CHECK(*run("IPrec@0.1", list, "12").value.exact == frac(2, 3));
  CHECK(*run("IPrec(rule=trec9)@0.1", list, "12").value.exact == frac(2, 3));
  CHECK(*run("IPrec(rule=trec10)@0.1", list, "12").value.exact == frac(1, 1));
  CHECK(*run("IPrec@0.2", list, "12").value.exact == frac(0, 1));
  CHECK(*run("IPrec(rule=trec10)@0.2", list, "12").value.exact == frac(2, 3));
  // 11pt: textbook 1 + 2/3 = 5/3 over 11 = 5/33; trec10 1 + 1 + 2/3 = 8/3 over 11 = 8/33.
  const auto o = run("11pt", list, "12");
  CHECK(*o.value.exact == frac(5, 33));
  const auto* trec10 = test::alternative(o, "11pt(rule=trec10)");
  REQUIRE(trec10 != nullptr);
  CHECK(*trec10->value.exact == frac(8, 33));
  CHECK(trec10->why ==
        "at recall 0.1 trec10 asks for lround(0.1 × 12) = 1 where textbook asks for "
        "ceil(0.1 × 12) = 2; the value changes at recall 0.1, 0.2");
  CHECK(*test::alternative(o, "11pt(rule=trec9)")->value.exact == frac(5, 33));
}

TEST_CASE("trec9's +0.9 differs from the textbook ceiling when r·R has a small fraction",
          "[golden][RL1-i][IPrec]") {
  // R = 3, level 0.35: r·R = 1.05. Textbook: ceil(1.05) = 2 relevant -> P@3 = 2/3.
  // trec9: (long)(1.05 + 0.9) = 1 -> max(1/1, 1/2, 2/3) = 1. trec10: lround(1.05) = 1 -> 1.
  CHECK(*run("IPrec@0.35", "R N R", "3").value.exact == frac(2, 3));
  CHECK(*run("IPrec(rule=trec9)@0.35", "R N R", "3").value.exact == frac(1, 1));
  CHECK(*run("IPrec(rule=trec10)@0.35", "R N R", "3").value.exact == frac(1, 1));
}

TEST_CASE("A level that no rank reaches has interpolated precision 0, said in a note",
          "[golden][RL1-i][IPrec]") {
  const auto o = run("IPrec@0.5", rl1, "15");
  CHECK(*o.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(o,
                                  "No rank reaches recall 0.5 (it needs 8 relevant documents; "
                                  "the list has 3), so the interpolated precision is 0."));
}

TEST_CASE("AP with nothing relevant is 0 by a stated 0/0 convention", "[golden][RL7][AP]") {
  const auto o = run("AP", "N N N", "0");
  CHECK(*o.value.exact == frac(0, 1));
  CHECK(test::has_note_containing(o, "R = 0: there is nothing to average, so AP is taken as 0."));
}

TEST_CASE("A sum whose exact denominator passes 64 bits falls back to a decimal with a note",
          "[golden][RL2][AP]") {
  // Relevant at the prime ranks 2, 3, 5, …, 59: the precisions c/p have coprime prime
  // denominators, so the exact sum needs their product (about 1.9e21 > 9.2e18).
  const int primes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59};
  std::string list;
  double expected_sum = 0;
  int count = 0;
  for (int k = 1; k <= 60; ++k) {
    bool prime = false;
    for (const int p : primes) prime = prime || p == k;
    list += prime ? "R " : "N ";
    if (prime) expected_sum += static_cast<double>(++count) / k;
  }
  const auto o = run("AP", list, "17");
  CHECK_FALSE(o.value.exact.has_value());
  CHECK(o.value.approx == Approx(expected_sum / 17).epsilon(1e-12));
  CHECK(test::has_note_containing(o, irm::overflow_note()));
}

TEST_CASE("A list written as the ranks of its relevant documents: AP with R = 8",
          "[golden][ranks][AP]") {
  // "relevant at 1, 3, 4, 5, 6, 10 of 10" is R N R R R R N N N R. The precision at each relevant
  // rank: 1/1, 2/3, 3/4, 4/5, 5/6, 6/10. Over 60: 60 + 40 + 45 + 48 + 50 + 36 = 279, so the sum
  // is 279/60 = 93/20, and AP = (93/20)/8 = 93/160 = 0.58125.
  const std::string text = "relevant at 1, 3, 4, 5, 6, 10 of 10";
  const auto o = run("AP", text, "8");
  CHECK(*o.value.exact == frac(93, 160));
  CHECK(*test::value_of(o, "sum").exact == frac(93, 20));
  CHECK(test::has_note_containing(
      o,
      "Read as 10 ranks with relevant documents at ranks 1, 3, 4, 5, 6, 10; the other ranks "
      "are not relevant."));
  // The same with R on a relevant= line before the list, and as the written-out marks.
  CHECK(*run("AP", "relevant=8\n" + text).value.exact == frac(93, 160));
  CHECK(*run("AP", "R N R R R R N N N R", "8").value.exact == frac(93, 160));
  // P@5: ranks 1, 3, 4, 5 are relevant, 4/5. Without "of 10" the list ends at rank 6, so P@10
  // still divides by 10: 5/10 = 1/2 (ranks 7–10 count as not relevant).
  CHECK(*run("P@5", text, "8").value.exact == frac(4, 5));
  CHECK(*run("P@10", "relevant at 1, 3, 4, 5, 6", "8").value.exact == frac(1, 2));
}

TEST_CASE("IPrec(rule=none): the precision at the first rank whose recall reaches r",
          "[golden][RL1-i][IPrec][none]") {
  // relevant-at-2-4-6, R = 15, relevant at ranks 2, 4, 6. r = 0.1: ceil(1.5) = 2 relevant, first at
  // rank 4 (recall 2/15 ≥ 0.1): P@4 = 2/4 = 1/2. r = 0.2: ceil(3) = 3, rank 6: 3/6 = 1/2. r = 0.3:
  // ceil(4.5) = 5 relevant, never reached: 0.
  const auto at01 = run("IPrec(rule=none)@0.1", rl1, "15");
  CHECK(at01.measure == "IPrec(rule=none)@0.1");
  CHECK(*at01.value.exact == frac(1, 2));
  CHECK(at01.working == "P(0.1) = P@4 = \\frac{2}{4} = \\frac{1}{2} = 0.5");
  REQUIRE(at01.steps.at(0).rows.size() == 1);
  CHECK(at01.steps[0].title == "The first rank that reaches recall 0.1");
  CHECK(at01.steps[0].rows[0][0].text == "4");
  CHECK(test::has_note_containing(
      at01,
      "Rule none (no interpolation): recall 0.1 with R = 15 needs ceil(0.1 × 15) = 2 "
      "relevant retrieved; rank 4 is the first to have them, and its precision is taken as "
      "it is, without looking further down the list for a higher one."));
  CHECK(*run("IPrec(rule=none)@0.2", rl1, "15").value.exact == frac(1, 2));
  const auto at03 = run("IPrec(rule=none)@0.3", rl1, "15");
  CHECK(*at03.value.exact == frac(0, 1));
  CHECK(at03.working == "P(0.3) = 0");
  CHECK(test::has_note_containing(at03,
                                  "No rank reaches recall 0.3 (it needs 5 relevant documents; the "
                                  "list has 3), so the precision there is taken as 0."));
  const auto* interpolated = test::alternative(at03, "IPrec@0.3");
  REQUIRE(interpolated != nullptr);
  CHECK(interpolated->why ==
        "the same here: no rank reaches recall 0.3 (ceil(0.3 × 15) = 5 relevant documents), so "
        "both are 0");
}

TEST_CASE("IPrec(rule=none) differs from the interpolated value when a later rank is better",
          "[golden][RL2][IPrec][none]") {
  // method-1-ap: + - + - - + - - + +, R = 5; precision at the relevant ranks 1, 3, 6, 9, 10: 1,
  // 2/3, 1/2, 4/9, 1/2. r = 0.8 needs ceil(4) = 4 relevant, first at rank 9: P@9 = 4/9.
  // Interpolated: max(P@9, P@10) = max(4/9, 1/2) = 1/2.
  const std::string list = "+ - + - - + - - + +";
  const auto o = run("IPrec@0.8", list, "5");
  CHECK(*o.value.exact == frac(1, 2));
  const auto* none = test::alternative(o, "IPrec(rule=none)@0.8");
  REQUIRE(none != nullptr);
  CHECK(*none->value.exact == frac(4, 9));
  // What the answer checker quotes after "0.44 is IPrec(rule=none)@0.8 = 4/9 ≈ 0.4444 rather
  // than IPrec@0.8: " (it must not give the asked value, 1/2).
  CHECK(none->why ==
        "the precision at rank 9, the first rank whose recall reaches 0.8 (ceil(0.8 × 5) = 4 "
        "relevant documents), taken without interpolation; interpolated it is the highest "
        "precision at rank 9 or any later one");
  const auto plain = run("IPrec(rule=none)@0.8", list, "5");
  CHECK(*plain.value.exact == frac(4, 9));
  const auto* back = test::alternative(plain, "IPrec@0.8");
  REQUIRE(back != nullptr);
  CHECK(*back->value.exact == frac(1, 2));
  CHECK(back->why ==
        "interpolated: the highest precision at rank 9 or any later one, where the uninterpolated "
        "value is the precision at rank 9 alone, the first rank whose recall reaches 0.8");
  CHECK(test::alternative(plain, "IPrec(rule=trec10)@0.8")->why ==
        "interpolated by the trec10 rule: the highest precision at any rank with at least "
        "lround(0.8 × 5) = 4 relevant documents, where the uninterpolated value is the precision "
        "at the first rank whose recall reaches 0.8 (ceil(0.8 × 5) = 4 relevant documents)");
  // r = 0.6: ceil(3) = 3 relevant, first at rank 6: 3/6 = 1/2, and no later rank is higher.
  CHECK(*run("IPrec(rule=none)@0.6", list, "5").value.exact == frac(1, 2));
}

TEST_CASE("11pt(rule=none): the 11 uninterpolated points of method-1-ap",
          "[golden][RL2][11pt][none]") {
  // R = 5: level j/10 needs ceil(j/2) relevant: 0 → rank 1 (every rank reaches recall 0), 1 and
  // 1 → rank 1, 2 and 2 → rank 3, 3 and 3 → rank 6, 4 and 4 → rank 9, 5 and 5 → rank 10. Points:
  // 1, 1, 1, 2/3, 2/3, 1/2, 1/2, 4/9, 4/9, 1/2, 1/2; sum = 3 + 4/3 + 1 + 8/9 + 1 = 65/9, over 11:
  // 65/99. Interpolated (textbook) the levels 0.7 and 0.8 take max(4/9, 1/2) = 1/2: sum 22/3,
  // 11pt = 2/3.
  const auto o = run("11pt(rule=none)", "+ - + - - + - - + +", "5");
  CHECK(*o.value.exact == frac(65, 99));
  CHECK(*test::value_of(o, "IPrec@0").exact == frac(1, 1));
  CHECK(*test::value_of(o, "IPrec@0.7").exact == frac(4, 9));
  const auto& table = o.steps.at(0);
  CHECK(table.columns == std::vector<std::string>{"recall level", "relevant documents needed",
                                                  "first rank reaching it", "precision there"});
  CHECK(table.rows.at(0).at(2).text == "rank 1");
  CHECK(table.rows.at(7).at(1).text == "ceil(0.7 × 5) = 4");
  CHECK(table.rows.at(7).at(2).text == "rank 9");
  const auto* textbook = test::alternative(o, "11pt");
  REQUIRE(textbook != nullptr);
  CHECK(*textbook->value.exact == frac(2, 3));
  CHECK(textbook->why ==
        "interpolated: each level takes the highest precision at the first rank whose recall "
        "reaches it or any later one, not the precision at that rank alone (the value changes at "
        "recall 0.7, 0.8)");
  CHECK(o.charts.at(0).id == "pr-none");
  CHECK(o.charts[0].series.at(2).name == "11 uninterpolated points");
  // relevant-at-2-4-6 (relevant at ranks 2, 4, 6, R = 15): level 0 takes rank 1, P@1 = 0; level 0.1
  // needs ceil(1.5) = 2 relevant, rank 4: 1/2; level 0.2 needs 3, rank 6: 1/2; 0.3 and above need 5
  // or more, which no rank has: 0. Sum 1, 11pt = 1/11.
  CHECK(*run("11pt(rule=none)", rl1, "15").value.exact == frac(1, 11));
}

TEST_CASE(
    "metrics-apk: AP(norm=min_rk)@k divides by min(R, k), as the R package Metrics and Kaggle's "
    "apk do",
    "[golden][metrics-apk][AP]") {
  // The example of the R package Metrics' apk help page: actual = {a, b, d}, predicted = b c a e
  // f, apk(3, actual, predicted). Within the top 3, b (rank 1) and a (rank 3) are relevant:
  // 1/1 + 2/3 = 5/3, divided by min(3, 3) = 3: 5/9 ≈ 0.5556. R = 3 = k, so AP@3 agrees.
  const auto metrics = run("AP(norm=min_rk)@3", "relevant=3\nR N R N N");
  CHECK(*metrics.value.exact == frac(5, 9));
  CHECK(irm::to_decimal(metrics.value, 4) == "0.5556");
  CHECK(*run("AP@3", "relevant=3\nR N R N N").value.exact == frac(5, 9));

  // R = 5 relevant, k = 3: the same sum 5/3 over min(5, 3) = 3 is 5/9; AP@3 divides by R = 5
  // (1/3), AP(norm=retrieved)@3 by the 2 relevant retrieved (5/6).
  const auto o = run("AP(norm=min_rk)@3", "relevant=5\nR N R N N");
  CHECK(o.measure == "AP(norm=min_rk)@3");
  CHECK(o.title == "Average precision over min(R, k)");
  CHECK(*o.value.exact == frac(5, 9));
  CHECK(test::exact_value(o, "normaliser") == frac(3, 1));
  CHECK(test::has_note_containing(
      o,
      "AP(norm=min_rk) divides the sum by min(R, k) = min(5, 3) = 3, as the R package Metrics "
      "(apk, mapk), Kaggle's apk and mapk (Ben Hamner's ml_metrics) and many recommender-system "
      "courses compute apk"));
  REQUIRE(test::alternative(o, "AP@3") != nullptr);
  CHECK(*test::alternative(o, "AP@3")->value.exact == frac(1, 3));
  REQUIRE(test::alternative(o, "AP(norm=retrieved)@3") != nullptr);
  CHECK(*test::alternative(o, "AP(norm=retrieved)@3")->value.exact == frac(5, 6));

  // From the default, the min(R, k) form is an alternative naming who uses it.
  const auto by_r = run("AP@3", "relevant=5\nR N R N N");
  CHECK(*by_r.value.exact == frac(1, 3));
  const auto* alt = test::alternative(by_r, "AP(norm=min_rk)@3");
  REQUIRE(alt != nullptr);
  CHECK(*alt->value.exact == frac(5, 9));
  CHECK(alt->why ==
        "divides the sum 5/3 by min(R, k) = min(5, 3) = 3 instead of R, as the R package Metrics "
        "(apk, mapk), Kaggle's apk and mapk (Ben Hamner's ml_metrics) and many recommender-system "
        "courses compute apk");
}

TEST_CASE("metrics-apk: without a cutoff min(R, k) is R, said in a note and not offered twice",
          "[golden][metrics-apk][AP]") {
  // R N R with R = 5: (1/1 + 2/3)/5 = 1/3 under both; only norm=retrieved differs: (5/3)/2.
  const auto o = run("AP(norm=min_rk)", "relevant=5\nR N R");
  CHECK(*o.value.exact == frac(1, 3));
  CHECK(test::has_note_containing(o, "AP(norm=min_rk) without a cutoff divides by R = 5"));
  CHECK(test::alternative(o, "AP") == nullptr);
  CHECK(*test::alternative(o, "AP(norm=retrieved)")->value.exact == frac(5, 6));
  CHECK(test::alternative(run("AP", "relevant=5\nR N R"), "AP(norm=min_rk)") == nullptr);
  // R = 0: nothing to average under min(R, k) = 0 either.
  CHECK(*run("AP(norm=min_rk)@3", "relevant=0\nN N N").value.exact == frac(0, 1));
}
