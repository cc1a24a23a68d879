// Examples of the project's own for the diversity measures (core/src/measures/diversity.cpp),
// worked by hand below with alpha = 1/2 and beta = 1/2 (ndeval's defaults).
//
//   tag DIV1, diversity-3-docs-2-subtopics: d1 covers subtopic 1, d2 covers 1 and 2, d3 none.
//   tag DIV2, diversity-unretrieved: the same ranking, and d4 (subtopic 2) was not retrieved.
//
// DIV1 by hand. S = 2 (subtopics 1 and 2). Gains, (1 − α)^c for each subtopic covered, c the
// documents above covering it:
//   rank 1, d1: subtopic 1, c = 0: 1                       gain 1
//   rank 2, d2: subtopic 1, c = 1: 1/2; subtopic 2, c = 0: 1   gain 3/2
//   rank 3, d3: nothing                                   gain 0
// The greedy ideal: rank 1 the largest gain, d2 (1 + 1 = 2); then d1, whose subtopic 1 was seen
// once: 1/2. Ideal gains 2, 1/2.
//   ERR-IA@3: sum g/r = 1 + (3/2)/2 + 0 = 7/4; the ideal ideal, S(1/2)^(r−1)/r for r = 1..3:
//     2 + 1/2 + (1/2)/3 = 8/3; ERR-IA@3 = (7/4)/(8/3) = 21/32.
//   nERR-IA@3 = (7/4) / (2 + (1/2)/2) = (7/4)/(9/4) = 7/9.
//   alpha-nDCG@3 = (1 + (3/2)/log2 3) / (2 + (1/2)/log2 3) = 1.946395/2.315465 = 0.840606
//     (log2 3 = 1.5849625).
//   alpha-DCG@3 = (1 + (3/2)/log2 3) / (2 + 1/log2 3 + (1/2)/log2 4) = 1.946395/2.880930
//     = 0.675613.
//   NRBP: sum g β^(r−1) = 1 + (3/2)(1/2) = 7/4; factor (1 − (1 − α)β)/S = (1 − 1/4)/2 = 3/8;
//     NRBP = 21/32. Ideal: 2 + (1/2)(1/2) = 9/4, nNRBP = (7/4)/(9/4) = 7/9.
//   AP-IA: subtopic 1 is covered at ranks 1 and 2 (precisions 1/1, 2/2) by its 2 relevant
//     documents: AP = 2/2 = 1; subtopic 2 at rank 2 (precision 1/2), 1 relevant: AP = 1/2.
//     AP-IA = (1 + 1/2)/2 = 3/4.
//   P-IA@3 = (1 + 2 + 0) (rank, subtopic) pairs / (3 · 2) = 1/2.
//   S-recall@1 = 1/2 (subtopic 1), S-recall@2 = 2/2 = 1.
//
// DIV2 by hand. d4 covers subtopic 2, so subtopic 2 has 2 relevant documents. The greedy ideal:
// d2 (2); then d1 and d4 both add 1/2 and the greater name goes first (ndeval's rule): d4; then
// d1, 1/2. Ideal gains 2, 1/2, 1/2.
//   nERR-IA@3 = (7/4) / (2 + 1/4 + 1/6) = (7/4)/(29/12) = 21/29; ERR-IA@3 is still 21/32 (the
//   ideal ideal depends on S only).
//   nNRBP = (7/4) / (2 + (1/2)(1/2) + (1/2)(1/4)) = (7/4)/(19/8) = 14/19.
//   AP-IA: subtopic 2 now has AP = (1/2)/2 = 1/4: (1 + 1/4)/2 = 5/8.
//   alpha-nDCG@3 = 1.946395 / (2 + (1/2)/log2 3 + (1/2)/2) = 1.946395/2.565465 = 0.758691.

#include <catch2/catch.hpp>
#include <cmath>

#include "helpers.h"

using irm::Fraction;
using test::run;

namespace {

const char* const div1 = "d1: 1\nd2: 1 2\nd3: -";
const char* const div2 = "d1: 1\nd2: 1 2\nd3: -\nunretrieved: d4: 2";

Fraction exact(const irm::Number& n) {
  REQUIRE(n.exact.has_value());
  return *n.exact;
}

// The text of column `column` of table `table`, rank by rank.
std::vector<std::string> texts(const irm::Outcome& o, std::size_t table, std::size_t column) {
  std::vector<std::string> out;
  for (const auto& row : o.steps.at(table).rows) out.push_back(row.at(column).text);
  return out;
}

std::vector<Fraction> numbers(const irm::Outcome& o, std::size_t table, std::size_t column) {
  std::vector<Fraction> out;
  for (const auto& row : o.steps.at(table).rows) out.push_back(exact(*row.at(column).number));
  return out;
}

bool no_internal_disagreement(const irm::Outcome& o) {
  return !test::has_note_containing(o, "Internal check");
}

}  // namespace

TEST_CASE("diversity-3-docs-2-subtopics: the rational measures as fractions",
          "[golden][DIV1][diversity]") {
  const auto err = run("ERR-IA@3", div1);
  CHECK(exact(err.value) == Fraction{21, 32});
  CHECK(texts(err, 0, 2) == std::vector<std::string>{"1 (c = 0)", "1 (c = 1), 2 (c = 0)", "—"});
  CHECK(texts(err, 0, 3) == std::vector<std::string>{"1", "1/2 + 1", "—"});
  CHECK(numbers(err, 0, 4) == std::vector<Fraction>{{1, 1}, {3, 2}, {0, 1}});
  // gain ÷ rank and the running sum: 1, 3/4, 0; 1, 7/4, 7/4.
  CHECK(numbers(err, 0, 5) == std::vector<Fraction>{{1, 1}, {3, 4}, {0, 1}});
  CHECK(numbers(err, 0, 6) == std::vector<Fraction>{{1, 1}, {7, 4}, {7, 4}});
  // The ideal ideal: gains 2, 1, 1/2 and the running sum of gain/r: 2, 5/2, 8/3.
  CHECK(numbers(err, 1, 1) == std::vector<Fraction>{{2, 1}, {1, 1}, {1, 2}});
  CHECK(numbers(err, 1, 3) == std::vector<Fraction>{{2, 1}, {5, 2}, {8, 3}});
  CHECK(no_internal_disagreement(err));
  // ERR-IA@2 = (7/4)/(5/2) = 7/10.
  CHECK(exact(run("ERR-IA@2", div1).value) == Fraction{7, 10});

  const auto nerr = run("nERR-IA@3", div1);
  CHECK(exact(nerr.value) == Fraction{7, 9});
  // The ideal ranking's table: d2 then d1, gains 2 and 1/2.
  CHECK(texts(nerr, 1, 1) == std::vector<std::string>{"d2", "d1"});
  CHECK(numbers(nerr, 1, 4) == std::vector<Fraction>{{2, 1}, {1, 2}});
  CHECK(test::has_note_containing(nerr, "The ideal: d2, d1."));

  CHECK(exact(run("NRBP", div1).value) == Fraction{21, 32});
  CHECK(exact(run("nNRBP", div1).value) == Fraction{7, 9});
  const auto ap = run("AP-IA", div1);
  CHECK(exact(ap.value) == Fraction{3, 4});
  CHECK(texts(ap, 1, 3) == std::vector<std::string>{"1/1 + 2/2", "1/2"});
  CHECK(exact(run("MAP-IA", div1).value) == Fraction{3, 4});
  CHECK(exact(run("P-IA@3", div1).value) == Fraction{1, 2});
  CHECK(exact(run("S-recall@1", div1).value) == Fraction{1, 2});
  CHECK(exact(run("S-recall@2", div1).value) == Fraction{1, 1});
  CHECK(exact(run("strec@2", div1).value) == Fraction{1, 1});
}

TEST_CASE("diversity-3-docs-2-subtopics: alpha-nDCG and alpha-DCG through log2",
          "[golden][DIV1][diversity]") {
  const auto ndcg = run("alpha-nDCG@3", div1);
  CHECK_FALSE(ndcg.value.exact.has_value());
  CHECK(ndcg.value.approx == Approx(0.8406064155).epsilon(1e-9));
  CHECK(irm::to_decimal(ndcg.value, 4) == "0.8406");
  CHECK(no_internal_disagreement(ndcg));
  const auto dcg = run("alpha-DCG@3", div1);
  CHECK(dcg.value.approx == Approx(0.6756133599).epsilon(1e-9));
  // alpha-nDCG@1: gain 1 against the ideal's 2.
  CHECK(exact(run("alpha-nDCG@1", div1).value) == Fraction{1, 2});
  // The same list unnamed, on one line: the same values; the ideal names the ranks.
  const auto compact = run("alpha-nDCG@3", "1 | 1,2 | -");
  CHECK(compact.value.approx == Approx(0.8406064155).epsilon(1e-9));
  CHECK(test::has_note_containing(compact, "The ideal: (rank 2), (rank 1)."));
}

TEST_CASE("diversity: alpha = 0 counts every subtopic in full", "[golden][DIV1][diversity]") {
  // Gains 1, 2, 0: sum g/r = 1 + 2/2 = 2; ideal ideal S·1/r = 2 + 2/2 + 2/3 = 11/3;
  // ERR-IA@3 = 2/(11/3) = 6/11.
  CHECK(exact(run("ERR-IA(alpha=0)@3", div1).value) == Fraction{6, 11});
  // beta = 1 and alpha = 0: NRBP's factor 1 − 1·1 = 0, and nNRBP is 0/0, taken as 0.
  const auto flat = run("nNRBP(alpha=0,beta=1)", div1);
  CHECK(exact(flat.value) == Fraction{0, 1});
  CHECK(test::has_note_containing(flat, "0/0"));
}

TEST_CASE("diversity-unretrieved: a missed document enters the ideal only",
          "[golden][DIV2][diversity]") {
  const auto nerr = run("nERR-IA@3", div2);
  CHECK(exact(nerr.value) == Fraction{21, 29});
  CHECK(texts(nerr, 1, 1) == std::vector<std::string>{"d2", "d4", "d1"});
  CHECK(exact(run("ERR-IA@3", div2).value) == Fraction{21, 32});
  CHECK(exact(run("nNRBP", div2).value) == Fraction{14, 19});
  CHECK(exact(run("AP-IA", div2).value) == Fraction{5, 8});
  CHECK(exact(run("P-IA@3", div2).value) == Fraction{1, 2});
  const auto ndcg = run("alpha-nDCG@3", div2);
  CHECK(ndcg.value.approx == Approx(0.7586908119).epsilon(1e-9));
  CHECK(test::has_note_containing(ndcg, "1 document was not retrieved"));
}

TEST_CASE("diversity: no subtopic covered, and a cutoff past the list", "[diversity]") {
  const auto none = run("alpha-nDCG@3", "- | -");
  CHECK(exact(none.value) == Fraction{0, 1});
  CHECK(test::has_note_containing(none, "S = 0"));
  const auto past = run("S-recall@10", div1);
  CHECK(exact(past.value) == Fraction{1, 1});
  CHECK(test::has_note_containing(past, "Only 3 documents"));
  // P-IA@10 counts k = 10 although 3 are ranked: 3/(10 · 2) = 3/20.
  CHECK(exact(run("P-IA@10", div1).value) == Fraction{3, 20});
}
