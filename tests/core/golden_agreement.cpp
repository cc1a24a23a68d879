// Golden tests for agreement between judges: kappa-400-documents to fleiss-14-raters of
// docs/examples.md (the What to evaluate notes and
// 002) through the layouts a student pastes, both chance models, the interpretation scales, the
// notes on skewed marginals, on 1 − P(E) = 0 and on rounded intermediates (Fleiss' 0.22), and a
// 3-category example worked by hand in the comments. Then weighted kappa (WK1: a 3-grade example
// worked by hand, scikit-learn 1.2.1's and statsmodels 0.13.5's values) and kappa's confidence
// interval (KCI1: kappa-400-documents by hand, statsmodels' std_kappa, kappa_low, kappa_upp).

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::Fraction;
using test::frac;
using test::has_note_containing;
using test::run;
using test::value_of;

namespace {

// The What to evaluate notes' table: rows judge A (Rel, NR), columns judge B, totals 100/300 and
// 150/250.
const char* const k1_grid = "75 25\n75 225";

// The CS657A notes' table as printed (tab-separated, with its totals).
const char* const k2_table =
    "\t#R(B)\t#I(B)\tTotal\n"
    "#R(A)\t20\t12\t32\n"
    "#I(A)\t4\t4\t8\n"
    "Total\t24\t16\t40";

}  // namespace

// --- kappa-400-documents
// ------------------------------------------------------------------------------------------

TEST_CASE(
    "kappa-400-documents: the What to evaluate notes' table gives P(A) = 3/4, P(E) = 9/16, kappa = "
    "3/7",
    "[golden][K1][what-to-evaluate][kappa]") {
  const auto o = run("kappa", k1_grid);
  // P(A) = (75 + 225)/400 = 3/4; P(E) = 100/400 · 150/400 + 300/400 · 250/400 = 3/32 + 15/32.
  CHECK(test::exact_value(o, "PA") == frac(3, 4));
  CHECK(test::exact_value(o, "PE") == frac(9, 16));
  // κ = (3/4 − 9/16)/(1 − 9/16) = (3/16)/(7/16) = 3/7.
  CHECK(test::exact_value(o, "kappa") == frac(3, 7));
  CHECK(*o.value.exact == frac(3, 7));
  CHECK(o.measure == "kappa");
  CHECK(o.label == "κ");
  CHECK(irm::to_decimal(o.value, 4) == "0.4286");  // what the What to evaluate notes print
  CHECK(irm::to_decimal(value_of(o, "PE"), 4) == "0.5625");

  const auto& table = o.steps.at(0);
  CHECK(table.columns ==
        std::vector<std::string>{"A \\ B", "category 1", "category 2", "judge A total"});
  CHECK(table.rows.at(0).at(1).text == "75 (agree)");
  CHECK(table.rows.at(2).at(3).text == "n = 400");
  const auto& marginals = o.steps.at(1);
  CHECK(marginals.rows.at(0).at(2).text == "100/400 = 1/4");
  CHECK(marginals.rows.at(0).at(6).text == "100/400 × 150/400 = 3/32");
  CHECK(marginals.rows.at(1).at(6).text == "300/400 × 250/400 = 15/32");
  CHECK(*marginals.rows.at(2).at(6).number->exact == frac(9, 16));
  // The expected counts: 100 · 150/400 = 75/2 agreements on the first category, 300 · 250/400
  // = 375/2 on the second; their sum 225 = n · P(E) = 400 · 9/16.
  const auto& expected = o.steps.at(2);
  CHECK(*expected.rows.at(0).at(1).number->exact == frac(75, 2));
  CHECK(*expected.rows.at(1).at(2).number->exact == frac(375, 2));
  CHECK(*expected.rows.at(2).at(1).number->exact == frac(225, 1));

  REQUIRE(o.charts.size() == 1);
  CHECK(o.charts[0].id == "judges");
  REQUIRE(o.charts[0].matrix.has_value());
  CHECK(o.charts[0].matrix->cells == std::vector<std::vector<double>>{{75, 25}, {75, 225}});
}

TEST_CASE("kappa-400-documents: pooled marginals give P(E) = 73/128 and kappa = 23/55",
          "[golden][K1][what-to-evaluate][kappa]") {
  // P(Rel) = (100 + 150)/800 = 5/16, P(NR) = (300 + 250)/800 = 11/16;
  // P(E) = 25/256 + 121/256 = 73/128; κ = (3/4 − 73/128)/(55/128) = 23/55.
  const auto o = run("kappa(chance=pooled)", k1_grid);
  CHECK(test::exact_value(o, "PE") == frac(73, 128));
  CHECK(test::exact_value(o, "kappa") == frac(23, 55));
  CHECK(irm::to_decimal(o.value, 4) == "0.4182");
  CHECK(o.measure == "kappa(chance=pooled)");
  const auto* cohen = test::alternative(o, "kappa");
  REQUIRE(cohen != nullptr);
  CHECK(*cohen->value.exact == frac(3, 7));
  CHECK(cohen->why ==
        "each judge's own marginals (Cohen's κ; the example of the study notes “What to "
        "evaluate” and the first estimate of Bhattacharya's CS657A notes): P(E) = Σ P_A(c) · "
        "P_B(c) = 9/16 instead of 73/128");
  // And the other way round.
  const auto d = run("kappa", k1_grid);
  const auto* pooled = test::alternative(d, "kappa(chance=pooled)");
  REQUIRE(pooled != nullptr);
  CHECK(*pooled->value.exact == frac(23, 55));
}

TEST_CASE(
    "kappa-400-documents: the What to evaluate notes' table pasted as printed, with labels and "
    "totals (Markdown)",
    "[golden][K1][what-to-evaluate][kappa]") {
  const auto o =
      run("kappa",
          " |                 | *Rel_B*         | *NR_B*          |                 |\n"
          " | --------------- | --------------- | --------------- | --------------- |\n"
          " | *Rel_A*         | 75              | 25              | 100             |\n"
          " | *NR_A*          | 75              | 225             | 300             |\n"
          " |                 | 150             | 250             | 400             |\n");
  CHECK(test::exact_value(o, "kappa") == frac(3, 7));
  CHECK(o.steps.at(0).columns == std::vector<std::string>{"A \\ B", "Rel", "NR", "judge A total"});
  CHECK(has_note_containing(o,
                            "The last row and the last column hold the totals: they equal the "
                            "sums of the counts, so they are checked and left out."));
}

TEST_CASE(
    "kappa-400-documents: the same judgements as two label sequences, and as one line with '/'",
    "[golden][K1][what-to-evaluate][kappa]") {
  std::string a = "A:";
  std::string b = "B:";
  // 75 Rel/Rel, 25 Rel/NR, 75 NR/Rel, 225 NR/NR.
  const auto add = [&](int count, const char* first, const char* second) {
    for (int i = 0; i < count; ++i) {
      a += std::string(" ") + first;
      b += std::string(" ") + second;
    }
  };
  add(75, "Rel", "Rel");
  add(25, "Rel", "NR");
  add(75, "NR", "Rel");
  add(225, "NR", "NR");
  const auto o = run("kappa", a + "\n" + b);
  CHECK(test::exact_value(o, "kappa") == frac(3, 7));
  CHECK(o.steps.at(0).columns == std::vector<std::string>{"A \\ B", "Rel", "NR", "judge A total"});
  CHECK(has_note_containing(
      o, "Read 400 items from A: and B:; the 2 categories in order of first appearance: Rel, NR."));
  CHECK(test::exact_value(run("kappa", "75 25 / 75 225"), "kappa") == frac(3, 7));
  // And as the four counts on one line, judge A's rows one after the other: the same table, so
  // P(A) = 300/400 = 3/4, P(E) = 9/16 and κ = 3/7, with a note saying how the line was read.
  const auto one_line = run("kappa", "75 25 75 225");
  CHECK(test::exact_value(one_line, "PA") == frac(3, 4));
  CHECK(test::exact_value(one_line, "kappa") == frac(3, 7));
  CHECK(has_note_containing(one_line,
                            "Read the four counts on one line as a 2 × 2 grid written row by row "
                            "(rows are judge A, columns judge B): 75 25 / 75 225."));
}

TEST_CASE(
    "kappa-400-documents: high observed agreement with a low kappa gets the skewed-marginals note",
    "[golden][K1][what-to-evaluate][kappa]") {
  const auto o = run("kappa", "Rel NR\nRel 75 25\nNR 75 225");
  CHECK(has_note_containing(
      o,
      "Observed agreement is high (P(A) = 3/4 = 0.75) but κ is only 3/7 ≈ 0.4286: the labels are "
      "skewed (judge A gave NR to 300 of 400 items, judge B to 250), so chance alone would "
      "already agree P(E) = 9/16 = 0.5625 of the time. κ credits only the agreement beyond "
      "chance, so skewed marginals keep it low even when the judges mostly agree."));
  // kappa-40-documents agrees less (P(A) = 3/5): no such note.
  CHECK_FALSE(has_note_containing(run("kappa", k2_table), "Observed agreement is high"));
}

// --- kappa-40-documents, kappa-40-documents-pooled
// --------------------------------------------------------------------------------------

TEST_CASE(
    "kappa-40-documents: the CS657A notes' table, each judge's own marginals: kappa = 1/11 (notes: "
    "0.09)",
    "[golden][K2][cs657a][kappa]") {
  const auto o = run("kappa", k2_table);
  // P(A) = (20 + 4)/40 = 3/5; P(E) = 32/40 · 24/40 + 8/40 · 16/40 = 12/25 + 2/25 = 14/25;
  // κ = (3/5 − 14/25)/(1 − 14/25) = (1/25)/(11/25) = 1/11.
  CHECK(test::exact_value(o, "PA") == frac(3, 5));
  CHECK(test::exact_value(o, "PE") == frac(14, 25));
  CHECK(test::exact_value(o, "kappa") == frac(1, 11));
  CHECK(irm::to_decimal(value_of(o, "PA"), 2) == "0.60");
  CHECK(irm::to_decimal(value_of(o, "PE"), 2) == "0.56");
  CHECK(irm::to_decimal(o.value, 2) == "0.09");  // what the CS657A notes print
  // The table's labels lose the judges' marks: #R(A) and #R(B) are both R.
  CHECK(o.steps.at(0).columns == std::vector<std::string>{"A \\ B", "R", "I", "judge A total"});
  const auto& marginals = o.steps.at(1);
  CHECK(marginals.rows.at(0).at(6).text == "32/40 × 24/40 = 12/25");  // the CS657A notes: 0.48
  CHECK(marginals.rows.at(1).at(6).text == "8/40 × 16/40 = 2/25");    // the CS657A notes: 0.08
  const auto& steps = o.steps.at(3);
  CHECK(steps.title == "κ step by step");
  CHECK(steps.rows.at(0).at(2).text == "(20 + 4)/40 = 24/40");
  CHECK(steps.rows.at(4).at(2).text == "(1/25) / (11/25)");
  CHECK(o.working ==
        "\\begin{aligned}P(A) &= \\frac{20 + 4}{40} = \\frac{3}{5} = 0.6\\\\ P(E) &= "
        "\\frac{32}{40} \\cdot \\frac{24}{40} + \\frac{8}{40} \\cdot \\frac{16}{40} = "
        "\\frac{14}{25} = 0.56\\\\ \\kappa &= \\frac{P(A) - P(E)}{1 - P(E)} = "
        "\\frac{\\frac{3}{5} - \\frac{14}{25}}{1 - \\frac{14}{25}} = \\frac{1}{11} \\approx "
        "0.0909\\end{aligned}");
  CHECK(has_note_containing(
      o,
      "Chance agreement uses each judge's own marginals (Cohen's κ, as in the example of the "
      "study notes “What to evaluate” and the first estimate of Bhattacharya's CS657A notes): "
      "P(E) = Σ P_A(c) · P_B(c)."));
}

TEST_CASE(
    "kappa-40-documents-pooled: the CS657A notes' table with pooled marginals: P(R) = 0.70, kappa "
    "= 1/21 (notes: 0.05)",
    "[golden][K3][cs657a][kappa]") {
  const auto o = run("kappa(chance=pooled)", k2_table);
  // P(R) = (32 + 24)/80 = 7/10, P(I) = (8 + 16)/80 = 3/10; P(E) = 49/100 + 9/100 = 29/50;
  // κ = (3/5 − 29/50)/(1 − 29/50) = (1/50)/(21/50) = 1/21.
  CHECK(test::exact_value(o, "PA") == frac(3, 5));
  CHECK(test::exact_value(o, "PE") == frac(29, 50));
  CHECK(test::exact_value(o, "kappa") == frac(1, 21));
  CHECK(irm::to_decimal(o.value, 2) == "0.05");  // what the CS657A notes print
  const auto& marginals = o.steps.at(1);
  CHECK(marginals.rows.at(0).at(5).text == "(32 + 24)/80 = 7/10");
  CHECK(irm::to_decimal(*marginals.rows.at(0).at(5).number, 2) == "0.70");
  CHECK(marginals.rows.at(0).at(6).text == "(7/10)² = 49/100");
  const auto* cohen = test::alternative(o, "kappa");
  REQUIRE(cohen != nullptr);
  CHECK(*cohen->value.exact == frac(1, 11));
}

// --- scales --------------------------------------------------------------------------------------

TEST_CASE("kappa: the band on every scale, the chosen scale first", "[golden][K1][kappa]") {
  const auto o = run("kappa", k1_grid);  // κ = 3/7 ≈ 0.43
  const auto& scales = o.steps.at(4);
  CHECK(scales.title == "What κ = 3/7 ≈ 0.4286 means on each scale");
  REQUIRE(scales.rows.size() == 3);
  CHECK(scales.rows[0].at(0).text == "the study notes “What to evaluate”");
  CHECK(scales.rows[1].at(0).text == "Bhattacharya's CS657A notes");
  CHECK(scales.rows[0].at(2).text == "not good (< 0.67)");
  CHECK(scales.rows[1].at(2).text == "fair (> 0.4)");
  CHECK(scales.rows[2].at(2).text == "moderate (0.41–0.60)");
  CHECK(has_note_containing(o,
                            "On the scale of the study notes “What to evaluate”, κ ≈ 0.43 is not "
                            "good (< 0.67); on the scale of Bhattacharya's CS657A notes, fair "
                            "(> 0.4); and on Landis & Koch's scale, moderate (0.41–0.60)."));
  const auto lk = run("kappa(scale=landis-koch)", k1_grid);
  CHECK(lk.steps.at(4).rows[0].at(0).text == "Landis & Koch (1977)");
  CHECK(lk.measure == "kappa(scale=landis-koch)");
  const auto n2 = run("kappa(scale=cs657a)", k2_table);  // κ = 1/11
  CHECK(n2.measure == "kappa(scale=cs657a)");
  CHECK(n2.steps.at(4).rows[0].at(0).text == "Bhattacharya's CS657A notes");
  CHECK(n2.steps.at(4).rows[0].at(2).text ==
        "poor (0.2 or below: \"the task is too confusing, or the dataset is too poor\")");
  CHECK(n2.steps.at(4).rows[2].at(2).text == "slight (0–0.20)");
  // The older value names still work, and read as the new ones.
  const auto old = run("kappa(scale=notes002)", k2_table);
  CHECK(old.measure == "kappa(scale=cs657a)");
  CHECK(old.steps.at(4).rows[0].at(0).text == "Bhattacharya's CS657A notes");
  CHECK(run("kappa(scale=notes001)", k2_table).measure == "kappa");
}

TEST_CASE(
    "kappa: scale bands compare exactly: κ = 4/5 is fair on the What to evaluate notes (good needs "
    "> 0.8)",
    "[kappa]") {
  // RR 9, RN 1, NR 0, NN 10: P(A) = 19/20, P(E) = 10/20 · 9/20 + 10/20 · 11/20 = 1/2,
  // κ = (19/20 − 1/2)/(1/2) = 9/10: good (> 0.8).
  CHECK(run("kappa", "9 1\n0 10").steps.at(4).rows[0].at(2).text == "good (> 0.8)");
  // RR 8, RN 2, NR 0, NN 10: P(A) = 9/10, P(E) = 10/20 · 8/20 + 10/20 · 12/20 = 1/2,
  // κ = (9/10 − 1/2)/(1/2) = 4/5 exactly: fair on the What to evaluate notes, good on the CS657A
  // notes, substantial.
  const auto o = run("kappa", "8 2\n0 10");
  CHECK(*o.value.exact == frac(4, 5));
  CHECK(o.steps.at(4).rows[0].at(2).text == "fair (0.67–0.8)");
  CHECK(o.steps.at(4).rows[1].at(2).text == "good (> 0.6)");
  CHECK(o.steps.at(4).rows[2].at(2).text == "substantial (0.61–0.80)");
}

// --- more categories, edge cases -----------------------------------------------------------------

TEST_CASE("kappa: three categories worked by hand, both chance models", "[kappa]") {
  // Rows judge A, columns judge B, categories 0 1 2:
  //   10  2  0 | 12        P(A) = (10 + 8 + 3)/30 = 7/10
  //    3  8  2 | 13        cohen:  P(E) = (12·14 + 13·11 + 5·5)/900 = 336/900 = 28/75
  //    1  1  3 |  5                κ = (7/10 − 28/75)/(47/75) = 49/94
  //   14 11  5 | 30        pooled: P(c) = 26/60, 24/60, 10/60; P(E) = 1352/3600 = 169/450
  //                                κ = (7/10 − 169/450)/(281/450) = 146/281
  const std::string grid = "  0 1 2\n0 10 2 0\n1 3 8 2\n2 1 1 3";
  const auto o = run("kappa", grid);
  CHECK(test::exact_value(o, "PA") == frac(7, 10));
  CHECK(test::exact_value(o, "PE") == frac(28, 75));
  CHECK(test::exact_value(o, "kappa") == frac(49, 94));
  CHECK(o.steps.at(0).columns ==
        std::vector<std::string>{"A \\ B", "0", "1", "2", "judge A total"});
  const auto p = run("kappa(chance=pooled)", grid);
  CHECK(test::exact_value(p, "PE") == frac(169, 450));
  CHECK(test::exact_value(p, "kappa") == frac(146, 281));
  // The same from label sequences: numbers are sorted by value.
  const auto s = run("kappa", "judge1: 2 0 1 0 0 1\njudge2: 2 0 1 1 0 2");
  CHECK(s.steps.at(0).columns ==
        std::vector<std::string>{"A \\ B", "0", "1", "2", "judge A total"});
  // Diagonal 2 + 1 + 1 = 4 of 6; A: 3, 2, 1; B: 2, 2, 2; P(E) = (6 + 4 + 2)/36 = 1/3;
  // κ = (2/3 − 1/3)/(2/3) = 1/2.
  CHECK(test::exact_value(s, "kappa") == frac(1, 2));
}

TEST_CASE("kappa: both judges always give one label: 1 − P(E) = 0, reported as 1 with a note",
          "[kappa]") {
  const auto o = run("kappa", "A: R R R\nB: R R R");
  CHECK(*o.value.exact == frac(1, 1));
  CHECK(test::exact_value(o, "PE") == frac(1, 1));
  CHECK(has_note_containing(
      o,
      "1 − P(E) = 0: both judges used a single category for every item, so P(A) = P(E) = 1 "
      "and κ = 0/0 is undefined. It is reported as κ = 1 by convention, since they agree on "
      "every item (Bhattacharya's CS657A notes: \"it is 1 when two judges always agree\"), but "
      "it carries no information about agreement beyond chance; scikit-learn and R's irr return "
      "NaN here."));
  CHECK(o.steps.at(3).rows.at(4).at(2).text == "0/0, taken as 1");
  // The same from a grid with one non-zero cell.
  CHECK(*run("kappa(chance=pooled)", "5 0\n0 0").value.exact == frac(1, 1));
}

TEST_CASE("kappa: agreement worse than chance is negative", "[kappa]") {
  // Never agree: P(A) = 0; A: 5 R, 5 N; B: 5 R, 5 N; P(E) = 1/2; κ = −1.
  const auto o = run("kappa", "0 5\n5 0");
  CHECK(*o.value.exact == frac(-1, 1));
  CHECK(o.steps.at(4).rows[2].at(2).text == "poor (< 0)");
}

// --- fleiss-14-raters
// ------------------------------------------------------------------------------------------

namespace {

const char* const k4_table =
    "0 0 0 0 14\n"
    "0 2 6 4 2\n"
    "0 0 3 5 6\n"
    "0 3 9 2 0\n"
    "2 2 8 1 1\n"
    "7 7 0 0 0\n"
    "3 2 6 3 0\n"
    "2 5 3 2 2\n"
    "6 5 2 1 0\n"
    "0 2 2 3 7\n";

}  // namespace

TEST_CASE(
    "fleiss-14-raters: the CS657A notes' Fleiss table: P(A) = 172/455, P(E) = 417/1960, kappa = "
    "0.2099",
    "[golden][K4][cs657a][fleiss]") {
  const auto o = run("fleiss", k4_table);
  // Σ_ij x_ij² = 828, m = 14, n = 10: P(A) = (828 − 140)/(10 · 182) = 688/1820 = 172/455.
  CHECK(test::exact_value(o, "PA") == frac(172, 455));
  // Column totals 20, 28, 39, 21, 32 of 140: P(E) = (400 + 784 + 1521 + 441 + 1024)/19600.
  CHECK(test::exact_value(o, "PE") == frac(417, 1960));
  // κ = (172/455 − 417/1960)/(1 − 417/1960) = 4211/20059.
  CHECK(test::exact_value(o, "kappa") == frac(4211, 20059));
  CHECK(irm::to_decimal(value_of(o, "PA"), 4) == "0.3780");
  CHECK(irm::to_decimal(value_of(o, "PE"), 4) == "0.2128");
  CHECK(irm::to_decimal(o.value, 4) == "0.2099");
  CHECK(o.measure == "fleiss");

  // p_a(i), as the CS657A notes' first table lists them.
  const std::vector<std::string> p_a = {"1.0000", "0.2527", "0.3077", "0.4396", "0.3297",
                                        "0.4615", "0.2418", "0.1758", "0.2857", "0.2857"};
  const auto& items = o.steps.at(0);
  REQUIRE(items.rows.size() == 11);  // 10 items and the totals
  for (std::size_t i = 0; i < p_a.size(); ++i) {
    INFO("item " << i + 1);
    CHECK(irm::to_decimal(*items.rows[i].back().number, 4) == p_a[i]);
  }
  CHECK(items.rows[1].back().text == "(60 − 14)/182 = 23/91");
  CHECK(items.rows[10].at(3).text == "39");
  // p_j, as the CS657A notes' second table lists them.
  const std::vector<std::string> p_j = {"0.1429", "0.2000", "0.2786", "0.1500", "0.2286"};
  const auto& proportions = o.steps.at(1);
  for (std::size_t j = 0; j < p_j.size(); ++j) {
    INFO("category " << j + 1);
    CHECK(irm::to_decimal(*proportions.rows[j].at(2).number, 4) == p_j[j]);
  }
  CHECK(proportions.rows[0].at(2).text == "20/140 = 1/7");
  REQUIRE(o.charts.size() == 1);
  CHECK(o.charts[0].id == "ratings");
  CHECK(o.charts[0].matrix->cells.at(5) == std::vector<double>{7, 7, 0, 0, 0});
}

TEST_CASE(
    "fleiss-14-raters: the notes' printed 0.22 comes from rounding P(A) and P(E) to 0.38 and 0.21 "
    "first",
    "[golden][K4][cs657a][fleiss]") {
  const auto o = run("fleiss", k4_table);
  CHECK(irm::to_decimal(o.value, 2) == "0.21");
  // (0.38 − 0.21)/(1 − 0.21) = 0.17/0.79 = 17/79 ≈ 0.2152, printed 0.22.
  CHECK(has_note_containing(
      o,
      "Rounding the intermediates first changes the answer: with P(A) ≈ 0.38 and P(E) ≈ 0.21, "
      "κ = (0.38 − 0.21)/(1 − 0.21) = 17/79 ≈ 0.2152, which prints as 0.22 (Bhattacharya's "
      "CS657A notes print their Fleiss example this way); with the exact P(A) and P(E), κ = "
      "4211/20059 ≈ 0.2099, "
      "which prints as 0.21. Keep full precision until the last step."));
  // Where rounding changes nothing, there is no such note (kappa-40-documents: 0.60 and 0.56 give
  // 0.09 too).
  CHECK_FALSE(has_note_containing(run("kappa", k2_table), "Rounding the intermediates"));
}

TEST_CASE("fleiss-14-raters: the table pasted with the CS657A notes' header and item numbers",
          "[golden][K4][cs657a][fleiss]") {
  const auto o = run("fleiss",
                     "x_ij\t1\t2\t3\t4\t5\n"
                     "1\t0\t0\t0\t0\t14\n2\t0\t2\t6\t4\t2\n3\t0\t0\t3\t5\t6\n4\t0\t3\t9\t2\t0\n"
                     "5\t2\t2\t8\t1\t1\n6\t7\t7\t0\t0\t0\n7\t3\t2\t6\t3\t0\n8\t2\t5\t3\t2\t2\n"
                     "9\t6\t5\t2\t1\t0\n10\t0\t2\t2\t3\t7\n");
  CHECK(*o.value.exact == frac(4211, 20059));
  CHECK(o.steps.at(0).columns ==
        std::vector<std::string>{"item", "1", "2", "3", "4", "5", "Σ_j x_ij²", "p_a(i)"});
  CHECK(has_note_containing(o,
                            "Line 1 (x_ij 1 2 3 4 5) is read as the category names, not as an "
                            "item."));
  CHECK(has_note_containing(
      o, "The first column (1, 2, …, 10) numbers the items; it is not a count of raters."));
  CHECK(has_note_containing(o, "Read 10 items × 5 categories; every row sums to m = 14 raters."));
}

TEST_CASE("fleiss: with 2 raters it equals kappa(chance=pooled), and says so", "[fleiss]") {
  // Items rated by two raters: (R, R), (R, N), (N, N), (N, N), (R, R).
  // As counts per item over R, N: 2 0 / 1 1 / 0 2 / 0 2 / 2 0.
  const auto f = run("fleiss", "2 0\n1 1\n0 2\n0 2\n2 0");
  const auto k = run("kappa(chance=pooled)", "A: R R N N R\nB: R N N N R");
  CHECK(*f.value.exact == *k.value.exact);
  // P(A) = 4/5; pooled P(R) = 5/10, P(N) = 5/10, P(E) = 1/2; κ = (4/5 − 1/2)/(1/2) = 3/5.
  CHECK(*f.value.exact == frac(3, 5));
  CHECK(has_note_containing(f,
                            "With m = 2 raters per item, Fleiss' κ is Cohen's κ with pooled "
                            "marginals (Scott's π)"));
}

TEST_CASE("fleiss: every rating in one category: 1 − P(E) = 0, reported as 1", "[fleiss]") {
  const auto o = run("fleiss", "3 0\n3 0");
  CHECK(*o.value.exact == frac(1, 1));
  CHECK(has_note_containing(o, "1 − P(E) = 0: every rater used a single category for every item"));
}

// --- judges' tables as tutorials print them
// -------------------------------------------------------

TEST_CASE("kappa: Wikipedia's two readers of 50 grant proposals, Yes/No table, kappa = 0.4",
          "[golden][kappa][words]") {
  // Wikipedia, "Cohen's kappa", simple example: readers A and B, Yes/Yes 20, A Yes B No 5, A No
  // B Yes 10, No/No 15. p_o = (20 + 15)/50 = 7/10; A says Yes 25/50, B 30/50:
  // p_e = (1/2)(3/5) + (1/2)(2/5) = 1/2; κ = (7/10 − 1/2)/(1 − 1/2) = 2/5, printed 0.4.
  for (const char* table : {"\t\tB\n\t\tYes\tNo\nA\tYes\t20\t5\n\tNo\t10\t15",
                            "\t\tB\n\t\tYes\tNo\tTotal\nA\tYes\t20\t5\t25\n\tNo\t10\t15\t25\n"
                            "\tTotal\t30\t20\t50",
                            "n = 50\n\tYes\tNo\nYes\t40%\t10%\nNo\t20%\t30%"}) {
    INFO(table);
    const auto o = run("kappa", table);
    CHECK(test::exact_value(o, "PA") == frac(7, 10));
    CHECK(test::exact_value(o, "PE") == frac(1, 2));
    CHECK(test::exact_value(o, "kappa") == frac(2, 5));
  }
}

TEST_CASE("kappa: judges' labels in words, numbered, as two named lines",
          "[golden][kappa][words]") {
  // Items 1–6: (yes, yes), (yes, no), (no, no), (yes, yes), (no, yes), (no, no).
  // Agreements 4 of 6: p_o = 2/3. A says yes 3/6, B 3/6: p_e = 1/4 + 1/4 = 1/2.
  // κ = (2/3 − 1/2)/(1/2) = 1/3.
  const auto o = run("kappa",
                     "Judge A: 1, yes  2, yes  3, no  4, yes  5, no  6, no\n"
                     "Judge B: 1, yes  2, no  3, no  4, yes  5, yes  6, no");
  CHECK(test::exact_value(o, "PA") == frac(2, 3));
  CHECK(test::exact_value(o, "kappa") == frac(1, 3));
  CHECK(test::has_note_containing(o, "Read as: line 1 (Judge A:) is judge A, the rows;"));
  const auto rows =
      run("kappa", "item A B\n1 yes yes\n2 yes no\n3 no no\n4 yes yes\n5 no yes\n6 no no");
  CHECK(test::exact_value(rows, "kappa") == frac(1, 3));
}

TEST_CASE("kappa: scikit-learn's cohen_kappa_score example, two captioned lists of names",
          "[golden][kappa][words]") {
  // scikit-learn's documentation of cohen_kappa_score: y1 and y2 below give 0.6875.
  // By hand: 4 of 5 items agree, p_o = 4/5; y1 says negative 2, positive 2, neutral 1 and y2
  // negative 3, positive 1, neutral 1: p_e = (2·3 + 2·1 + 1·1)/25 = 9/25;
  // κ = (4/5 − 9/25)/(1 − 9/25) = (11/25)/(16/25) = 11/16 = 0.6875.
  const auto o =
      run("kappa",
          "y1 = [\"negative\", \"positive\", \"negative\", \"neutral\", \"positive\"]\n"
          "y2 = [\"negative\", \"positive\", \"negative\", \"neutral\", \"negative\"]\n");
  CHECK(test::exact_value(o, "PA") == frac(4, 5));
  CHECK(test::exact_value(o, "PE") == frac(9, 25));
  CHECK(test::exact_value(o, "kappa") == frac(11, 16));
  CHECK(test::has_note_containing(o,
                                  "Read the two captioned lists as the judges' labels in the "
                                  "order given: 'y1' as A: and 'y2' as B:."));
}

TEST_CASE("kappa: judges' tables as textbooks, slides and tutorials print them",
          "[golden][kappa][words]") {
  // Manning, Raghavan and Schütze, Introduction to Information Retrieval (2008), table 8.2:
  // Yes/Yes 300, Yes/No 20, No/Yes 10, No/No 70 of 400. P(A) = 370/400 = 37/40 = 0.925.
  // Pooled (the book): P(yes) = (320 + 310)/800, P(no) = (80 + 90)/800;
  // P(E) = (630² + 170²)/800² = 2129/3200 = 0.665; κ = (37/40 − 2129/3200)/(1071/3200)
  // = 831/1071 = 277/357 ≈ 0.776, the book's 0.776.
  // Cohen's: P(E) = 0.8·0.775 + 0.2·0.225 = 133/200; κ = (185 − 133)/67 = 52/67 ≈ 0.776.
  const std::string iir =
      "\t\tJudge 2 Relevance\n\t\tYes\tNo\tTotal\nJudge 1\tYes\t300\t20\t320\n"
      "Relevance\tNo\t10\t70\t80\n\tTotal\t310\t90\t400\n";
  // Stanford CS276 lecture slides on evaluation: the same judgments, a count per pair.
  const std::string cs276 =
      "| Number  of docs | Judge  1    | Judge  2    |\n"
      "| --------------- | ----------- | ----------- |\n"
      "| 300             | Relevant    | Relevant    |\n"
      "| 70              | Nonrelevant | Nonrelevant |\n"
      "| 20              | Relevant    | Nonrelevant |\n"
      "| 10              | Nonrelevant | Relevant    |\n";
  for (const std::string& table : {iir, cs276}) {
    INFO(table);
    const auto p = run("kappa(chance=pooled)", table);
    CHECK(test::exact_value(p, "PA") == frac(37, 40));
    CHECK(test::exact_value(p, "PE") == frac(2129, 3200));
    CHECK(test::exact_value(p, "kappa") == frac(277, 357));
    CHECK(test::exact_value(run("kappa", table), "kappa") == frac(52, 67));
  }
  // Tutorialspoint's page on Cohen's kappa (Wikipedia's grant proposals): a sentence, then a
  // pipe table with B over the columns and A as the first row's caption. 20 5 / 10 15:
  // p_o = 35/50, p_e = (25·30 + 25·20)/2500 = 1/2, κ = (7/10 − 1/2)/(1/2) = 2/5, printed 0.40.
  const auto t = run(
      "kappa",
      "Suppose that you were analyzing data related to a group of 50 people applying for a "
      "grant. Each grant proposal was read by two readers and each reader either said \"Yes\" or "
      "\"No\" to the proposal. Suppose the disagreement count data were as follows, where A and B "
      "are readers, data on the diagonal slanting left shows the count of agreements and the data "
      "on the diagonal slanting right, disagreements:\n"
      "B | |||\n---|---|---|---|\nYes | No | ||\nA | Yes | 20 | 5 |\nNo | 10 | 15 |\n");
  CHECK(test::exact_value(t, "PA") == frac(7, 10));
  CHECK(test::exact_value(t, "kappa") == frac(2, 5));
}

TEST_CASE("fleiss: Wikipedia's table with the article's P_i column, Total and p_j rows",
          "[golden][fleiss]") {
  // Wikipedia, "Fleiss' kappa", worked example: 10 items, 14 raters, 5 categories, κ = 0.210.
  // By hand: P̄ = mean of P_i = 172/455 ≈ 0.378; p_j = 20/140, 28/140, 39/140, 21/140, 32/140;
  // P̄e = Σ p_j² = 417/1960 ≈ 0.213; κ = (172/455 − 417/1960)/(1 − 417/1960) = 4211/20059
  // ≈ 0.2099, printed 0.210.
  const auto o = run("fleiss",
                     "\t1\t2\t3\t4\t5\tPi\n"
                     "1\t0\t0\t0\t0\t14\t1.000\n"
                     "2\t0\t2\t6\t4\t2\t0.253\n"
                     "3\t0\t0\t3\t5\t6\t0.308\n"
                     "4\t0\t3\t9\t2\t0\t0.440\n"
                     "5\t2\t2\t8\t1\t1\t0.330\n"
                     "6\t7\t7\t0\t0\t0\t0.462\n"
                     "7\t3\t2\t6\t3\t0\t0.242\n"
                     "8\t2\t5\t3\t2\t2\t0.176\n"
                     "9\t6\t5\t2\t1\t0\t0.286\n"
                     "10\t0\t2\t2\t3\t7\t0.286\n"
                     "Total\t20\t28\t39\t21\t32\t\n"
                     "pj\t0.143\t0.200\t0.279\t0.150\t0.229\t\n");
  CHECK(test::exact_value(o, "kappa") == frac(4211, 20059));
  CHECK(test::has_note_containing(
      o,
      "Skipped the column 'Pi' (each item's agreement P_i), the row 'pj' on line 13 (each "
      "category's share p_j) and the Total row on line 12 (checked: it holds the sums): the "
      "source's working, which follows from the counts."));
  // A Total that is not the sum: category 2 adds up to 2 + 3 = 5, not 6.
  const auto e = test::fails("fleiss", "\t1\t2\tPi\n1\t3\t2\t0.4\n2\t1\t3\t0.5\nTotal\t4\t6\n");
  CHECK(e.code == irm::ErrorCode::inconsistent_counts);
  CHECK(e.message ==
        "the Total row gives 6 at line 4, column 9 but the counts of category 2 add up to 5");
}

// --- weighted kappa (WK1) ------------------------------------------------------------------------

namespace {

// WK1: a 3-grade scale 0 < 1 < 2, 10 items; rows judge A, columns judge B.
//
//          0  1  2 | A's total        expected counts E_ij = (A's total)(B's total)/10:
//     0    3  1  0 |  4                    8/5  8/5  4/5
//     1    1  2  1 |  4                    8/5  8/5  4/5
//     2    0  1  1 |  2                    4/5  4/5  2/5
//   B's    4  4  2 | 10
//
// Linear weights |i − j|/2: 1/2 beside the diagonal, 1 in the two corners.
//   Σ w·O = 1/2 (1 + 1 + 1 + 1) + 1 (0 + 0) = 2
//   Σ w·E = 1/2 (8/5 + 8/5 + 4/5 + 4/5) + 1 (4/5 + 4/5) = 12/5 + 8/5 = 4
//   κ_w = 1 − 2/4 = 1/2
// Quadratic weights ((i − j)/2)²: 1/4 beside the diagonal, 1 in the corners.
//   Σ w·O = 1/4 · 4 = 1;  Σ w·E = 1/4 · 24/5 + 8/5 = 14/5;  κ_w = 1 − 1/(14/5) = 9/14
// Unweighted: P(A) = 6/10, P(E) = (4·4 + 4·4 + 2·2)/100 = 9/25, κ = (3/5 − 9/25)/(16/25) = 3/8.
// With agreement weights 1 − w (quadratic): P_o(w) = 1 − 1/10 = 9/10, P_e(w) = 1 − (14/5)/10
// = 18/25, and (9/10 − 18/25)/(7/25) = (9/50)/(14/50) = 9/14 again.
// scikit-learn 1.2.1, a = [0,0,0,0,1,1,1,1,2,2], b = [0,0,0,1,0,1,1,2,1,2]:
//   cohen_kappa_score(a, b, weights='linear') == 0.5
//   cohen_kappa_score(a, b, weights='quadratic') == 0.6428571428571428
//   cohen_kappa_score(a, b) == 0.375
const char* const wk1_grid = "  0 1 2\n0 3 1 0\n1 1 2 1\n2 0 1 1";
const char* const wk1_labels = "A: 0 0 0 0 1 1 1 1 2 2\nB: 0 0 0 1 0 1 1 2 1 2";

// Four grades 0 < 1 < 2 < 3, 48 items (rows judge A, columns judge B).
const char* const four_grades = "8 3 1 0\n2 9 4 1\n0 3 7 2\n1 0 2 5";

// The same items as two label sequences, item by item in row order.
std::string label_lines(const std::vector<std::vector<int>>& table) {
  std::string a = "A:";
  std::string b = "B:";
  for (std::size_t i = 0; i < table.size(); ++i) {
    for (std::size_t j = 0; j < table[i].size(); ++j) {
      for (int c = 0; c < table[i][j]; ++c) {
        a += " " + std::to_string(i);
        b += " " + std::to_string(j);
      }
    }
  }
  return a + "\n" + b;
}

}  // namespace

TEST_CASE("weighted kappa worked by hand: linear 1/2, quadratic 9/14 on a 3-grade scale",
          "[golden][WK1][kappa][weights]") {
  const auto linear = run("kappa(weights=linear)", wk1_grid);
  CHECK(linear.measure == "kappa(weights=linear)");
  CHECK(linear.title == "Cohen's weighted kappa (linear weights)");
  CHECK(test::exact_value(linear, "sum_wO") == frac(2, 1));
  CHECK(test::exact_value(linear, "sum_wE") == frac(4, 1));
  CHECK(test::exact_value(linear, "kappa") == frac(1, 2));
  CHECK(*linear.value.exact == frac(1, 2));

  const auto o = run("kappa(weights=quadratic)", wk1_grid);
  CHECK(test::exact_value(o, "n") == frac(10, 1));
  CHECK(test::exact_value(o, "sum_wO") == frac(1, 1));
  CHECK(test::exact_value(o, "sum_wE") == frac(14, 5));
  CHECK(*o.value.exact == frac(9, 14));
  CHECK(irm::to_decimal(o.value, 4) == "0.6429");
  // The working: the judges' table, the weights, the expected counts, the sums cell by cell,
  // κ_w, then the scales.
  REQUIRE(o.steps.size() == 6);
  const auto& weights = o.steps.at(1);
  CHECK(weights.title.rfind("Disagreement weights w_ij = ((i − j)/(k − 1))², k = 3", 0) == 0);
  CHECK(weights.columns == std::vector<std::string>{"A \\ B", "0", "1", "2"});
  CHECK(weights.rows.at(0).at(1).text == "0");
  CHECK(weights.rows.at(0).at(2).text == "1/4");
  CHECK(weights.rows.at(0).at(3).text == "1");
  CHECK(weights.rows.at(2).at(2).text == "1/4");
  const auto& expected = o.steps.at(2);
  CHECK(*expected.rows.at(0).at(1).number->exact == frac(8, 5));
  CHECK(*expected.rows.at(2).at(3).number->exact == frac(2, 5));
  CHECK(expected.rows.at(3).at(4).text == "n = 10");
  // Six cells off the diagonal (every E_ij is above 0 here), then Σ.
  const auto& sums = o.steps.at(3);
  REQUIRE(sums.rows.size() == 7);
  CHECK(sums.rows.at(0).at(0).text == "0");
  CHECK(sums.rows.at(0).at(1).text == "1");
  CHECK(sums.rows.at(0).at(2).text == "1/4");
  CHECK(sums.rows.at(0).at(4).text == "1/4");  // 1/4 · 1
  CHECK(sums.rows.at(0).at(6).text == "2/5");  // 1/4 · 8/5
  CHECK(sums.rows.at(1).at(4).text == "0");    // the corner: 1 · 0
  CHECK(sums.rows.at(1).at(6).text == "4/5");  // 1 · 4/5
  CHECK(*sums.rows.at(6).at(4).number->exact == frac(1, 1));
  CHECK(*sums.rows.at(6).at(6).number->exact == frac(14, 5));
  const auto& steps = o.steps.at(4);
  CHECK(steps.title == "κ_w step by step");
  CHECK(steps.rows.at(0).at(2).text == "1/4 · 1 + 1/4 · 1 + 1/4 · 1 + 1/4 · 1");
  CHECK(steps.rows.at(2).at(2).text == "1 − 1 / (14/5)");
  CHECK(*steps.rows.at(2).at(3).number->exact == frac(9, 14));
  CHECK(o.working.find("\\kappa_w &= 1 - \\frac{\\sum w_{ij} O_{ij}}{\\sum w_{ij} E_{ij}} = 1 - "
                       "\\frac{1}{\\frac{14}{5}} = \\frac{9}{14}") != std::string::npos);
  CHECK(has_note_containing(
      o,
      "Equivalently, with agreement weights 1 − w_ij: P_o(w) = 1 − Σ w·O/n = 9/10, P_e(w) = "
      "1 − Σ w·E/n = 18/25, and κ_w = (P_o(w) − P_e(w))/(1 − P_e(w)) = 9/14"));
  CHECK(has_note_containing(o,
                            "scikit-learn's cohen_kappa_score(a, b, weights='quadratic') and "
                            "statsmodels' cohens_kappa(table, wt='quadratic') give the same "
                            "value."));
  CHECK(has_note_containing(o,
                            "The weights take the categories as ordered 0 < 1 < 2, the "
                            "table's order"));
  // The other weightings beside it, unweighted κ = 3/8 among them.
  const auto* none = test::alternative(o, "kappa");
  REQUIRE(none != nullptr);
  CHECK(*none->value.exact == frac(3, 8));
  const auto* other = test::alternative(o, "kappa(weights=linear)");
  REQUIRE(other != nullptr);
  CHECK(*other->value.exact == frac(1, 2));
  CHECK(other->why ==
        "linear weights |i − j|/(k − 1): Σ w·O = 2 and Σ w·E = 4 instead of 1 and 14/5");

  // The same items as two label sequences (numbers sorted by value): the same values, which are
  // scikit-learn's (above).
  const auto from_labels = run("kappa(weights=quadratic)", wk1_labels);
  CHECK(*from_labels.value.exact == frac(9, 14));
  CHECK(*run("kappa(weights=linear)", wk1_labels).value.exact == frac(1, 2));
  CHECK(*run("kappa", wk1_labels).value.exact == frac(3, 8));
  CHECK(from_labels.value.approx == Approx(0.6428571428571428).epsilon(1e-12));
}

TEST_CASE("weighted kappa on four grades against scikit-learn and statsmodels",
          "[golden][WK1][kappa][weights]") {
  // scikit-learn 1.2.1, a and b the 48 items of the table in row order (as label_lines writes
  // them):   cohen_kappa_score(a, b, weights='linear')    == 0.5779816513761468
  //          cohen_kappa_score(a, b, weights='quadratic') == 0.6710963455149501
  //          cohen_kappa_score(a, b)                      == 0.46352941176470586
  // statsmodels 0.13.5, table = np.array([[8,3,1,0],[2,9,4,1],[0,3,7,2],[1,0,2,5]]):
  //          cohens_kappa(table, wt='linear').kappa    == 0.5779816513761469
  //          cohens_kappa(table, wt='quadratic').kappa == 0.6710963455149501
  // By hand (linear, w = |i − j|/3): A's totals a = 12 16 12 8, B's b = 11 15 14 8, n = 48.
  //   Σ w·O = 1/3 (3 + 2 + 4 + 3 + 2 + 2) + 2/3 (1 + 0 + 1 + 0) + 1 (0 + 1) = 16/3 + 4/3 + 1 = 23/3
  //   Σ w·E = (1/48) Σ w_ij a_i b_j = (1/48) [1/3 (180 + 176 + 224 + 180 + 96 + 112)
  //           + 2/3 (168 + 132 + 128 + 120) + 1 (96 + 88)] = (1/48)(968/3 + 1096/3 + 184)
  //           = 872/48 = 109/6
  //   κ_w = 1 − (23/3)/(109/6) = 1 − 46/109 = 63/109 = 0.577981651376…
  const std::vector<std::vector<int>> table = {
      {8, 3, 1, 0}, {2, 9, 4, 1}, {0, 3, 7, 2}, {1, 0, 2, 5}};
  const std::string labels = label_lines(table);
  for (const std::string& input : {std::string(four_grades), labels}) {
    INFO(input);
    const auto linear = run("kappa(weights=linear)", input);
    CHECK(test::exact_value(linear, "sum_wO") == frac(23, 3));
    CHECK(test::exact_value(linear, "sum_wE") == frac(109, 6));
    CHECK(*linear.value.exact == frac(63, 109));
    CHECK(linear.value.approx == Approx(0.5779816513761468).epsilon(1e-12));
    const auto quadratic = run("kappa(weights=quadratic)", input);
    CHECK(quadratic.value.approx == Approx(0.6710963455149501).epsilon(1e-12));
    CHECK(run("kappa", input).value.approx == Approx(0.46352941176470586).epsilon(1e-12));
  }
}

TEST_CASE("weighted kappa, edges: 2 categories, one category, pooled chance refused",
          "[kappa][weights]") {
  // kappa-400-documents' 2 × 2 table: with 2 categories the one disagreement step is the whole
  // scale, so w = 1 off the diagonal under both weightings and κ_w = κ = 3/7 (Σ w·O = 25 + 75 =
  // 100, Σ w·E = 100·250/400 + 300·150/400 = 125/2 + 225/2 = 175, 1 − 100/175 = 3/7).
  // scikit-learn 1.2.1 agrees: cohen_kappa_score(a, b, weights='linear') and
  // weights='quadratic' both give 0.4285714285714286 on these 400 items.
  for (const char* measure : {"kappa(weights=linear)", "kappa(weights=quadratic)"}) {
    INFO(measure);
    const auto o = run(measure, k1_grid);
    CHECK(test::exact_value(o, "sum_wO") == frac(100, 1));
    CHECK(test::exact_value(o, "sum_wE") == frac(175, 1));
    CHECK(*o.value.exact == frac(3, 7));
    CHECK(has_note_containing(o,
                              "With 2 categories every disagreement is one step, from one end of "
                              "the scale to the other, so w_ij = 1 off the diagonal under linear "
                              "and quadratic weights alike: κ_w is the unweighted κ."));
    CHECK_FALSE(has_note_containing(o, "The weights take the categories as ordered"));
    for (const auto& alt : o.alternatives) {
      CHECK(*alt.value.exact == frac(3, 7));
      CHECK(alt.why.rfind("the same here", 0) == 0);
    }
  }
  // One category (k = 1): nothing to weigh, Σ w·E = 0, κ_w = 0/0 taken as 1 with a note.
  const auto one = run("kappa(weights=quadratic)", "A: R R R\nB: R R R");
  CHECK(*one.value.exact == frac(1, 1));
  CHECK(test::exact_value(one, "sum_wE") == frac(0, 1));
  CHECK(one.steps.at(4).rows.at(2).at(2).text == "0/0, taken as 1");
  CHECK(has_note_containing(one, "Σ w·E = 0: both judges used a single category for every item"));
  // Weights with pooled chance agreement: refused, naming both alternatives.
  const auto e = test::fails("kappa(weights=quadratic,chance=pooled)", k1_grid);
  CHECK(e.code == irm::ErrorCode::bad_parameter_value);
  CHECK(e.message ==
        "weights=quadratic takes chance agreement from each judge's own marginals (Cohen 1968) "
        "and is not computed with chance=pooled; use kappa(weights=quadratic) for weighted "
        "kappa, or kappa(chance=pooled) for unweighted kappa with pooled marginals (Scott's π)");
  // The default is unchanged: no weights, no interval, the three quantities of before.
  const auto plain = run("kappa", k1_grid);
  CHECK(plain.values.size() == 3);
  CHECK(plain.steps.size() == 5);
  CHECK(run("kappa(weights=none)", k1_grid).measure == "kappa");
}

// --- the confidence interval of kappa (KCI1) ----------------------------------------------------

TEST_CASE(
    "kappa's 95% interval for kappa-400-documents, worked by hand and as statsmodels gives it",
    "[golden][KCI1][kappa][confidence]") {
  // Fleiss, Cohen & Everitt (1969) for unweighted κ (agreement weights v = 1 on the diagonal):
  // p_A = (1/4, 3/4), p_B = (3/8, 5/8), κ = 3/7, 1 − κ = 4/7, P_e = 9/16.
  //   v̄_i· = p_B(i) = 3/8, 5/8;  v̄_·j = p_A(j) = 1/4, 3/4
  //   cell (R,R): 3/16 (1 − (3/8 + 1/4)(4/7))² = 3/16 · (9/14)² = 243/3136
  //   cell (R,N): 1/16 (0 − (3/8 + 3/4)(4/7))² = 1/16 · (9/14)² = 81/3136
  //   cell (N,R): 3/16 (0 − (5/8 + 1/4)(4/7))² = 3/16 · (1/2)² = 3/64
  //   cell (N,N): 9/16 (1 − (5/8 + 3/4)(4/7))² = 9/16 · (3/14)² = 81/3136
  //   Σ = 405/3136 + 147/3136 = 69/392;  (κ − P_e (1 − κ))² = (3/7 − 9/28)² = (3/28)² = 9/784
  //   Var = (69/392 − 9/784) / (400 (7/16)²) = (129/784)/(1225/16) = 129/60025
  //   SE = √129/245 = 0.0463584…, z = Φ⁻¹(0.975) = 1.959964, interval 3/7 ± 0.090861.
  // statsmodels 0.13.5, r = cohens_kappa(np.array([[75, 25], [75, 225]])):
  //   r.std_kappa == 0.0463584354759206, r.kappa_low == 0.3377105646590002,
  //   r.kappa_upp == 0.5194322924838569.
  const auto o = run("kappa(confidence=0.95)", k1_grid);
  CHECK(o.measure == "kappa(confidence=0.95)");
  CHECK(*o.value.exact == frac(3, 7));
  REQUIRE(o.steps.size() == 8);
  const auto& terms = o.steps.at(6);
  CHECK(*terms.rows.at(0).at(5).number->exact == frac(243, 3136));
  CHECK(*terms.rows.at(2).at(5).number->exact == frac(3, 64));
  CHECK(*terms.rows.at(4).at(5).number->exact == frac(69, 392));
  const auto& summary = o.steps.at(7);
  CHECK(summary.title == "Standard error of κ (Fleiss, Cohen & Everitt 1969) and its 95% interval");
  CHECK(*summary.rows.at(0).at(2).number->exact == frac(9, 16));
  CHECK(*summary.rows.at(2).at(2).number->exact == frac(9, 784));
  CHECK(*summary.rows.at(3).at(2).number->exact == frac(129, 60025));
  CHECK(summary.rows.at(6).at(2).text == "[0.3377, 0.5194]");
  CHECK(value_of(o, "SE").approx == Approx(0.0463584354759206).epsilon(1e-12));
  CHECK(value_of(o, "CI_low").approx == Approx(0.3377105646590002).epsilon(1e-12));
  CHECK(value_of(o, "CI_high").approx == Approx(0.5194322924838569).epsilon(1e-12));
  CHECK(has_note_containing(o,
                            "The 95% interval is κ ± z · SE = 3/7 ± 1.9600 × 0.0464 = "
                            "[0.3377, 0.5194], with SE the large-sample standard error of "
                            "Fleiss, Cohen & Everitt (1969)"));
  CHECK(has_note_containing(o, "the std_kappa of statsmodels' cohens_kappa"));
  // With 2 categories the weighted interval is the same.
  const auto weighted = run("kappa(weights=quadratic,confidence=0.95)", k1_grid);
  CHECK(value_of(weighted, "SE").approx == Approx(0.0463584354759206).epsilon(1e-12));
}

TEST_CASE("kappa's interval, weighted and not, against statsmodels' std_kappa",
          "[golden][KCI1][kappa][confidence][weights]") {
  // statsmodels 0.13.5, cohens_kappa(table, wt=…) with kappa, std_kappa, kappa_low, kappa_upp:
  struct Case {
    const char* measure;
    std::string input;
    double kappa, se, low, high;
  };
  const std::vector<Case> cases = {
      // table = [[3,1,0],[1,2,1],[0,1,1]] (WK1), wt='quadratic'
      {"kappa(weights=quadratic,confidence=0.95)", wk1_grid, 0.6428571428571428, 0.1616429276779683,
       0.32604282625271214, 0.9596714594615734},
      // the same table, wt='linear'; and no wt (unweighted)
      {"kappa(weights=linear,confidence=0.95)", wk1_grid, 0.5, 0.20463381929681126,
       0.09892508415937229, 0.9010749158406277},
      {"kappa(confidence=0.95)", wk1_grid, 0.3749999999999999, 0.24048037455658422,
       -0.09633287311960764, 0.8463328731196074},
      // table = [[10,2,0],[3,8,2],[1,1,3]], no wt; κ = 49/94 (worked above)
      {"kappa(confidence=0.95)", "10 2 0\n3 8 2\n1 1 3", 0.5212765957446808, 0.13169304706252424,
       0.26316296648779486, 0.7793902250015667},
      // table = [[8,3,1,0],[2,9,4,1],[0,3,7,2],[1,0,2,5]], wt='linear' and 'quadratic'
      {"kappa(weights=linear,confidence=0.95)", four_grades, 0.5779816513761469,
       0.08943571653681248, 0.402690868032461, 0.7532724347198327},
      {"kappa(weights=quadratic,confidence=0.95)", four_grades, 0.6710963455149501,
       0.10461761498883966, 0.4660495879883466, 0.8761431030415536},
      // Other levels: statsmodels' interval is at 95% only, so with r = cohens_kappa(table,
      // wt='linear') and scipy 1.10.1's z = norm.isf((1 - c)/2): r.kappa ∓ z * r.std_kappa.
      {"kappa(weights=linear,confidence=0.9)", four_grades, 0.5779816513761469, 0.08943571653681248,
       0.43087298865156703, 0.7250903141007268},
      {"kappa(weights=linear,confidence=0.99)", four_grades, 0.5779816513761469,
       0.08943571653681248, 0.3476105119367323, 0.8083527908155614},
  };
  for (const auto& c : cases) {
    INFO(c.measure << " on " << c.input);
    const auto o = run(c.measure, c.input);
    CHECK(o.value.approx == Approx(c.kappa).epsilon(1e-12));
    CHECK(value_of(o, "SE").approx == Approx(c.se).epsilon(1e-12));
    CHECK(value_of(o, "CI_low").approx == Approx(c.low).epsilon(1e-9));
    CHECK(value_of(o, "CI_high").approx == Approx(c.high).epsilon(1e-9));
  }
  // WK1 quadratic by hand, the variance's exact value: Σ = 1327/7840 (seven cells),
  // (κ − P_e (1 − κ))² = (9/14 − 18/25 · 5/14)² = (27/70)² = 729/4900, n (1 − P_e)² = 10 (7/25)²
  // = 98/125: Var = (1327/7840 − 729/4900)/(98/125) = (6635/39200 − 5832/39200)(125/98)
  // = (803/39200)(125/98) = 4015/153664, and √(4015/153664) = 0.16164…, statsmodels' std_kappa.
  const auto q = run("kappa(weights=quadratic,confidence=0.95)", wk1_grid);
  CHECK(*q.steps.at(8).rows.at(3).at(2).number->exact == frac(4015, 153664));
}

TEST_CASE("kappa's interval: levels outside (0, 1), pooled chance, every rating alike",
          "[kappa][confidence]") {
  for (const char* level : {"0", "1"}) {
    const auto e = test::fails(std::string("kappa(confidence=") + level + ")", k1_grid);
    CHECK(e.code == irm::ErrorCode::out_of_range);
    CHECK(e.message == std::string("confidence must be above 0 and below 1, such as 0.95 for a "
                                   "95% interval; found ") +
                           level);
  }
  // A percentage is not a level: the name's reader refuses it, pointing at the value.
  const auto percent = test::fails("kappa(confidence=95)", k1_grid);
  CHECK(
      percent.message ==
      "confidence must be a number from 0 to 1; found 95 at column 18 of \"kappa(confidence=95)\"");
  // Pooled chance: κ as before, the interval declined in a note.
  const auto pooled = run("kappa(chance=pooled,confidence=0.95)", k1_grid);
  CHECK(*pooled.value.exact == frac(23, 55));
  CHECK(pooled.steps.size() == 5);
  CHECK(has_note_containing(pooled,
                            "No confidence interval for kappa with pooled marginals: the standard "
                            "error of Fleiss, Cohen & Everitt (1969) is that of Cohen's κ, with "
                            "chance from each judge's own marginals; kappa(confidence=0.95) gives "
                            "it."));
  // Every rating in one category: κ = 0/0 taken as 1, and no interval.
  const auto one = run("kappa(confidence=0.9)", "A: R R R\nB: R R R");
  CHECK(*one.value.exact == frac(1, 1));
  CHECK(has_note_containing(one, "No 90% interval: with every rating in one category"));
  // Perfect agreement over two categories: Var = 0, so SE = 0 and the interval is [1, 1]
  // (cells: 1/2 (1 − 0)² twice = 1; (1 − P_e · 0)² = 1; Var = (1 − 1)/… = 0).
  const auto perfect = run("kappa(confidence=0.95)", "5 0\n0 5");
  CHECK(*value_of(perfect, "SE").exact == frac(0, 1));
  CHECK(value_of(perfect, "CI_low").approx == 1.0);
}
