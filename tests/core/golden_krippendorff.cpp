// Golden tests for Krippendorff's alpha: krippendorff-12-units of docs/examples.md, Krippendorff's
// own published example at the four levels, and a small example worked by hand below, through
// the layouts a coder pastes (coders as rows or units as rows, spaces, tabs, commas, Markdown).

#include <catch2/catch.hpp>

#include "helpers.h"

using test::frac;
using test::has_note_containing;
using test::run;

namespace {

// Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011), section C: 4 observers,
// 12 units, missing judgments. The paper gives α = 0.743 (nominal), 0.815 (ordinal), 0.849
// (interval) and 0.797 (ratio), and n = 40 pairable values, n_1..n_5 = 9, 13, 10, 5, 3 (unit 12
// has one value and is left out).
const char* const k5_data =
    "A: 1 2 3 3 2 1 4 1 2 * * *\n"
    "B: 1 2 3 3 2 2 4 1 2 5 * 3\n"
    "C: * 3 3 3 2 3 4 2 2 5 1 *\n"
    "D: 1 2 3 3 2 4 4 1 2 5 1 *";

}  // namespace

// The exact values, from the coincidences (each unit's ordered pairs of two coders' values over
// m_u − 1):
//   nominal:  the pairs of different values: unit 2 (2 2 3 2) gives 6 pairs / 3 = 2, unit 6
//             (1 2 3 4) 12 / 3 = 4, unit 8 (1 1 2 1) 6 / 3 = 2: 8 in all, so D_o = 8/40 = 1/5;
//             D_e = (40² − Σ n_c²)/(40 · 39) = (1600 − 384)/1560 = 152/195;
//             α = 1 − (1/5)/(152/195) = 1 − 39/152 = 113/152 ≈ 0.7434 (the paper: 0.743);
//   ordinal:  108577/133160 ≈ 0.8154 (0.815); interval: 951/1120 ≈ 0.8491 (0.849);
//   ratio:    18222619/22852465 ≈ 0.7974 (0.797).
// The ordinal, interval and ratio fractions were computed with Python's fractions module from the
// definitions in the paper (an implementation independent of this one); they round to the
// paper's printed values.
TEST_CASE("krippendorff-12-units: Krippendorff's published example at the four levels",
          "[golden][K5][krippendorff]") {
  const auto nominal = run("krippendorff", k5_data);
  CHECK(test::exact_value(nominal, "alpha") == frac(113, 152));
  CHECK(test::exact_value(nominal, "Do") == frac(1, 5));
  CHECK(test::exact_value(nominal, "De") == frac(152, 195));
  CHECK(test::exact_value(nominal, "n") == frac(40, 1));
  CHECK(irm::to_decimal(nominal.value, 3) == "0.743");
  CHECK(has_note_containing(nominal, "1 of 12 units have fewer than two judgments"));

  const auto ordinal = run("krippendorff(level=ordinal)", k5_data);
  CHECK(test::exact_value(ordinal, "alpha") == frac(108577, 133160));
  CHECK(irm::to_decimal(ordinal.value, 3) == "0.815");
  const auto interval = run("krippendorff(level=interval)", k5_data);
  CHECK(test::exact_value(interval, "alpha") == frac(951, 1120));
  CHECK(test::exact_value(interval, "Do") == frac(13, 30));
  CHECK(test::exact_value(interval, "De") == frac(112, 39));
  CHECK(irm::to_decimal(interval.value, 3) == "0.849");
  const auto ratio = run("krippendorff(level=ratio)", k5_data);
  CHECK(test::exact_value(ratio, "alpha") == frac(18222619, 22852465));
  CHECK(irm::to_decimal(ratio.value, 3) == "0.797");

  // Each answer lists the other levels as alternatives.
  const auto* other = test::alternative(nominal, "krippendorff(level=interval)");
  REQUIRE(other != nullptr);
  REQUIRE(other->value.exact);
  CHECK(*other->value.exact == frac(951, 1120));
  CHECK(nominal.measure == "krippendorff");
  CHECK(interval.title == "Krippendorff's alpha (interval)");
}

TEST_CASE("krippendorff-12-units: the coincidence table's margins are the paper's n_c",
          "[golden][K5][krippendorff]") {
  const auto o = run("krippendorff", k5_data);
  // Step 2 is the coincidence table: rows 1..5, last column n_c, then the row n = 40.
  REQUIRE(o.steps.size() >= 4);
  const auto& table = o.steps[1];
  REQUIRE(table.rows.size() == 6);
  const std::int64_t expected[] = {9, 13, 10, 5, 3};
  for (std::size_t c = 0; c < 5; ++c) {
    INFO(c);
    REQUIRE(table.rows[c].back().number);
    CHECK(*table.rows[c].back().number->exact == frac(expected[c], 1));
  }
  // o_11 = 7, as in the paper: unit 1 (1 1 1) gives 3·2/2 = 3, unit 8 (1 1 2 1) 3·2/3 = 2 and
  // unit 11 (1 1) 2/1 = 2.
  REQUIRE(table.rows[0][1].number);
  CHECK(*table.rows[0][1].number->exact == frac(7, 1));
}

// Worked by hand: coders A and B, units 1-4: (a,a) (a,b) (b,b) (b,b); each unit m_u = 2, so
// every ordered pair adds 1/(2 − 1) = 1: o_aa = 2, o_ab = o_ba = 1, o_bb = 4; n_a = 3, n_b = 5,
// n = 8. D_o = (1 + 1)/8 = 1/4; D_e = (3·5 + 5·3)/(8·7) = 30/56 = 15/28;
// α = 1 − (1/4)/(15/28) = 1 − 7/15 = 8/15. (Scott's π of the same table is 7/15, and for two
// coders α = 1 − (1 − π)(2N − 1)/(2N) with N = 4 units: 1 − (8/15)(7/8) = 8/15.)
TEST_CASE("krippendorff: two coders, four units, worked by hand", "[golden][K5][krippendorff]") {
  const auto o = run("krippendorff", "A: a a b b\nB: a b b b");
  CHECK(test::exact_value(o, "alpha") == frac(8, 15));
  CHECK(test::exact_value(o, "Do") == frac(1, 4));
  CHECK(test::exact_value(o, "De") == frac(15, 28));
  // Words have no interval level: the other levels offered are nominal's neighbour ordinal only.
  CHECK(test::alternative(o, "krippendorff(level=ordinal)") != nullptr);
  CHECK(test::alternative(o, "krippendorff(level=interval)") == nullptr);
  // Ordinal on words takes them in order of appearance, and says so; with two values the
  // ordinal difference is (n_a + n_b − (n_a + n_b)/2)² = 16 for both pairs, and α is nominal's.
  const auto ordinal = run("krippendorff(level=ordinal)", "A: a a b b\nB: a b b b");
  CHECK(test::exact_value(ordinal, "alpha") == frac(8, 15));
  CHECK(has_note_containing(ordinal, "a < b"));
}

TEST_CASE("krippendorff-12-units: the same data in the layouts a coder pastes",
          "[golden][K5][krippendorff]") {
  // Krippendorff's layout with '.' for missing and a header of unit numbers, labels without ':'.
  const auto dots = run("krippendorff(level=interval)",
                        "    1 2 3 4 5 6 7 8 9 10 11 12\n"
                        "A   1 2 3 3 2 1 4 1 2 . . .\n"
                        "B   1 2 3 3 2 2 4 1 2 5 . 3\n"
                        "C   . 3 3 3 2 3 4 2 2 5 1 .\n"
                        "D   1 2 3 3 2 4 4 1 2 5 1 .");
  CHECK(test::exact_value(dots, "alpha") == frac(951, 1120));
  // Tab-separated, empty cells missing (a spreadsheet's copy), trailing empties dropped.
  const auto tabs = run("krippendorff(level=interval)",
                        "coder\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11\t12\n"
                        "A\t1\t2\t3\t3\t2\t1\t4\t1\t2\n"
                        "B\t1\t2\t3\t3\t2\t2\t4\t1\t2\t5\t\t3\n"
                        "C\t\t3\t3\t3\t2\t3\t4\t2\t2\t5\t1\n"
                        "D\t1\t2\t3\t3\t2\t4\t4\t1\t2\t5\t1\t");
  CHECK(test::exact_value(tabs, "alpha") == frac(951, 1120));
  // Units as rows, under a corner word, commas, with NA.
  const auto units = run("krippendorff(level=interval)",
                         "unit,A,B,C,D\n1,1,1,NA,1\n2,2,2,3,2\n3,3,3,3,3\n4,3,3,3,3\n"
                         "5,2,2,2,2\n6,1,2,3,4\n7,4,4,4,4\n8,1,1,2,1\n9,2,2,2,2\n10,NA,5,5,5\n"
                         "11,NA,NA,1,1\n12,NA,3,NA,NA");
  CHECK(test::exact_value(units, "alpha") == frac(951, 1120));
  CHECK(has_note_containing(units, "rows are units"));
  // A Markdown table.
  const auto markdown = run("krippendorff(level=interval)",
                            "| | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 |\n"
                            "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
                            "| A | 1 | 2 | 3 | 3 | 2 | 1 | 4 | 1 | 2 | | | |\n"
                            "| B | 1 | 2 | 3 | 3 | 2 | 2 | 4 | 1 | 2 | 5 | | 3 |\n"
                            "| C | | 3 | 3 | 3 | 2 | 3 | 4 | 2 | 2 | 5 | 1 | |\n"
                            "| D | 1 | 2 | 3 | 3 | 2 | 4 | 4 | 1 | 2 | 5 | 1 | |");
  CHECK(test::exact_value(markdown, "alpha") == frac(951, 1120));
  // 2.0 and 2 are one value.
  const auto decimals = run("krippendorff(level=interval)",
                            "A: 1 2.0 3 3 2 1 4 1 2 * * *\n"
                            "B: 1 2 3 3 2 2 4 1 2 5 * 3\n"
                            "C: * 3 3 3 2 3 4 2 2 5 1 *\n"
                            "D: 1 2 3 3 2 4 4 1 2 5 1 *");
  CHECK(test::exact_value(decimals, "alpha") == frac(951, 1120));
}

TEST_CASE("krippendorff: bad inputs are answered, naming the place", "[krippendorff]") {
  // Between spaces a missing judgment must be written.
  const auto ragged = test::fails("krippendorff", "A: 1 2 3\nB: 1 2");
  CHECK(ragged.message.find("line 2 has 2 judgments") != std::string::npos);
  CHECK(ragged.where.line == 2);
  // Interval on words.
  const auto words = test::fails("krippendorff(level=interval)", "A: yes no\nB: yes yes");
  CHECK(words.message.find("'yes' is not one") != std::string::npos);
  // Ratio across zero.
  CHECK(test::fails("krippendorff(level=ratio)", "A: -1 2\nB: -1 1").message.find("one sign") !=
        std::string::npos);
  // One coder; no unit judged twice; one value only.
  CHECK(test::fails("krippendorff", "A: 1 2 3").message.find("at least two coders") !=
        std::string::npos);
  CHECK(test::fails("krippendorff", "A: 1 * 3\nB: * 2 *")
            .message.find("no unit has judgments "
                          "from two coders") != std::string::npos);
  CHECK(test::fails("krippendorff", "A: 1 1 *\nB: 1 1 2").message.find("undefined") !=
        std::string::npos);
  CHECK(test::fails("krippendorff", "  \n").code == irm::ErrorCode::empty_input);
  // A header that names the wrong number of units.
  const auto header = test::fails("krippendorff", "coder 1 2 3\nA 1 2\nB 1 1");
  CHECK(header.where.line == 1);
}
