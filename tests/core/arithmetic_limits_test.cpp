// Exact arithmetic at its limits: a fraction that would overflow 64 bits falls back to a
// decimal with a note; no value, table cell, alternative or chart point is ever NaN or
// infinite; a 0/0 states its convention in a note. Expected values are worked out here
// (by hand in the comments, or by an independent long-double sum in the test), never copied
// from the output.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "helpers.h"
#include "irm/irm.h"

namespace {

bool has_note(const irm::Outcome& o, const std::string& part) {
  for (const std::string& note : o.notes) {
    if (note.find(part) != std::string::npos) return true;
  }
  return false;
}

bool finite(const irm::Number& n) { return std::isfinite(n.approx); }

bool bad_text(const std::string& s) {
  return s == "nan" || s == "-nan" || s == "inf" || s == "-inf" || s == "NaN" ||
         s.find("undefined") != std::string::npos || s.find("nan)") != std::string::npos;
}

// Every number the page would show is finite, and no cell reads nan, inf or undefined.
void check_all_finite(const irm::Outcome& o) {
  CHECK(finite(o.value));
  for (const auto& [key, number] : o.values) {
    INFO(key);
    CHECK(finite(number));
  }
  for (const auto& alternative : o.alternatives) {
    INFO(alternative.measure);
    CHECK(finite(alternative.value));
  }
  for (const auto& table : o.steps) {
    for (const auto& row : table.rows) {
      for (const auto& cell : row) {
        INFO(table.title << ": " << cell.text);
        CHECK_FALSE(bad_text(cell.text));
        if (cell.number) CHECK(finite(*cell.number));
      }
    }
  }
  for (const auto& chart : o.charts) {
    for (const auto& series : chart.series) {
      for (const auto& [x, y] : series.points) {
        CHECK(std::isfinite(x));
        CHECK(std::isfinite(y));
      }
    }
  }
  CHECK(o.working.find("undefined") == std::string::npos);
  CHECK(o.working.find("nan") == std::string::npos);
}

const std::string overflow_note =
    "The exact fraction grew past 64-bit integers, so this value is shown as a decimal";

}  // namespace

TEST_CASE("AP whose sum of precisions outgrows 64 bits is a decimal with the note",
          "[arithmetic-limits][AP]") {
  // Relevant where k % 7, 11 or 13 is 0 among ranks 0..199 (printed as ranks 1..200), R = 10^12
  // − 1.
  std::string input;
  long double sum = 0;
  int relevant_so_far = 0;
  for (int i = 0; i < 200; ++i) {
    const bool relevant = i % 7 == 0 || i % 11 == 0 || i % 13 == 0;
    input += relevant ? "R " : "N ";
    if (relevant) sum += static_cast<long double>(++relevant_so_far) / (i + 1);
  }
  const auto ap = test::run("AP", input, "999999999999");
  CHECK_FALSE(ap.value.exact);
  CHECK(has_note(ap, overflow_note));
  CHECK(ap.value.approx == Approx(static_cast<double>(sum / 999999999999.0L)).epsilon(1e-12));
  check_all_finite(ap);
}

TEST_CASE("MRR over 60 queries with the first relevant at rank q is H_60/60 as a decimal",
          "[arithmetic-limits][MRR]") {
  // Query q (1..60) has its first relevant document at rank q: RR = 1/q, so
  // MRR = (1 + 1/2 + … + 1/60)/60; the denominator lcm(1..60) is far beyond 64 bits.
  std::string input;
  long double harmonic = 0;
  for (int q = 1; q <= 60; ++q) {
    for (int k = 1; k <= q; ++k) input += k == q ? "R " : "N ";
    input += "\n\n";
    harmonic += 1.0L / q;
  }
  const auto mrr = test::run("MRR", input);
  CHECK_FALSE(mrr.value.exact);
  CHECK(has_note(mrr, overflow_note));
  CHECK(mrr.value.approx == Approx(static_cast<double>(harmonic / 60)).epsilon(1e-12));
  check_all_finite(mrr);
}

TEST_CASE("MAP over 40 queries stays finite and matches an independent sum",
          "[arithmetic-limits][MAP]") {
  std::string input;
  long double total = 0;
  for (int q = 0; q < 40; ++q) {
    const int R = 97 + 13 * q;
    input += "q" + std::to_string(q) + " relevant=" + std::to_string(R) + "\n";
    long double sum = 0;
    int found = 0;
    for (int i = 0; i < 50; ++i) {
      const bool relevant = (i * (q + 3)) % 7 == 0;
      input += relevant ? "R " : "N ";
      if (relevant) sum += static_cast<long double>(++found) / (i + 1);
    }
    input += "\n\n";
    total += sum / R;
  }
  const auto map = test::run("MAP", input);
  CHECK(map.value.approx == Approx(static_cast<double>(total / 40)).epsilon(1e-12));
  if (!map.value.exact) CHECK(has_note(map, overflow_note));
  check_all_finite(map);
}

TEST_CASE("kappa with counts near 10^15", "[arithmetic-limits][kappa]") {
  // a = d = 999999999999999, b = c = 1: n = 2·10^15, P(A) = 999999999999999/10^15, each
  // judge's marginals are 1/2 and 1/2, so P(E) = 1/2 and κ = 2 P(A) − 1 = 499999999999999/5·10^14.
  const auto exact = test::run("kappa", "999999999999999 1\n1 999999999999999");
  CHECK(exact.value.exact == irm::Fraction{499999999999999, 500000000000000});
  check_all_finite(exact);
  // a = 10^15, b = 10^15 − 1, c = 10^15 − 3, d = 10^15 − 7: κ is exactly
  // −3000000000000003/3999999999999978000000000000019 ≈ −7.5e-16 (P(A) and P(E) agree to
  // 15 digits), beyond 64 bits: a decimal, correct to double precision (about 1e-16 absolute).
  const auto close =
      test::run("kappa", "1000000000000000 999999999999999\n999999999999997 999999999999993");
  CHECK_FALSE(close.value.exact);
  CHECK(has_note(close, overflow_note));
  CHECK(std::fabs(close.value.approx - -7.5e-16) < 1e-15);
  check_all_finite(close);
}

TEST_CASE("Fleiss' kappa with 10^15 raters per item", "[arithmetic-limits][fleiss]") {
  // Rows (999999999999999, 1) and (1, 999999999999999), m = 10^15: p_j = 1/2 each, P(E) = 1/2;
  // p_a(i) = (x² + 1 − m)/(m(m − 1)) with x = m − 1: (m² − 3m + 2)/(m² − m) = (m − 2)/m;
  // κ = (P(A) − 1/2)/(1/2) = 2(m − 2)/m − 1 = (m − 4)/m = 249999999999999/250000000000000.
  const auto k = test::run("fleiss", "999999999999999 1\n1 999999999999999");
  CHECK(k.value.approx == Approx(0.999999999999996).epsilon(1e-14));
  if (!k.value.exact) CHECK(has_note(k, overflow_note));
  check_all_finite(k);
}

TEST_CASE("F and the confusion measures with counts near 10^15 stay exact",
          "[arithmetic-limits][F]") {
  // TP = 10^15, FP = 10^15 − 1, FN = 10^15 − 3: F1 = 2TP/(2TP + FP + FN) = 10^15/(2·10^15 − 2).
  const std::string counts =
      "tp=1000000000000000 fp=999999999999999 fn=999999999999997 tn=999999999999989";
  CHECK(test::run("F", counts).value.exact == irm::Fraction{500000000000000, 999999999999999});
  // F2 = 5TP/(5TP + 4FN + FP) = 5·10^15/(10^16 − 13).
  CHECK(test::run("F(beta=2)", counts).value.exact ==
        irm::Fraction{5000000000000000, 9999999999999987});
  check_all_finite(test::run("confusion", counts));
  // β = 0.123456789012345 squared has a 30-digit denominator: a decimal with the note.
  const auto odd =
      test::run("F(beta=0.123456789012345)", "tp=999999999999997 fp=999999999999989 fn=3 tn=1");
  CHECK_FALSE(odd.value.exact);
  CHECK(has_note(odd, overflow_note));
  check_all_finite(odd);
}

TEST_CASE("multiclass with counts near 10^15 stays finite", "[arithmetic-limits][multiclass]") {
  // A 2×2 grid: accuracy = (a + d)/n = (999999999999997 + 999999999999959)/3999999999999916.
  const auto m =
      test::run("multiclass", "999999999999997 999999999999989\n999999999999971 999999999999959");
  CHECK(m.value.approx == Approx(1999999999999956.0 / 3999999999999916.0).epsilon(1e-14));
  check_all_finite(m);
}

TEST_CASE("0/0 cases are finite and say their convention", "[arithmetic-limits][zero]") {
  // R = 0: AP has nothing to average.
  const auto ap = test::run("AP", "N N N", "0");
  CHECK(ap.value.exact == irm::Fraction{0, 1});
  CHECK(has_note(ap, "R = 0: there is nothing to average, so AP is taken as 0."));
  check_all_finite(ap);
  // Every grade 0: IDCG = 0 and nDCG = 0/0.
  const auto ndcg = test::run("nDCG", "0 0 0");
  CHECK(ndcg.value.exact == irm::Fraction{0, 1});
  CHECK(has_note(ndcg, "nDCG would be 0/0; it is taken as 0."));
  check_all_finite(ndcg);
  // Nothing returned and nothing relevant.
  const auto sets = test::run("confusion", "tp=0 fp=0 fn=0 tn=0");
  CHECK(has_note(sets, "precision is 0/0; it is taken as 0 by convention."));
  CHECK(has_note(sets, "recall is 0/0; it is taken as 0 by convention."));
  check_all_finite(sets);
  // Every x tied: τb = 0/0.
  const auto tau = test::run("tau", "x: 1 1 1\ny: 1 2 3");
  CHECK(tau.value.exact == irm::Fraction{0, 1});
  CHECK(has_note(tau, "τb = 0/0 is undefined"));
  check_all_finite(tau);
  // One category used by both judges: 1 − P(E) = 0.
  const auto kappa = test::run("kappa", "5 0\n0 0");
  CHECK(kappa.value.exact == irm::Fraction{1, 1});
  CHECK(has_note(kappa, "κ = 0/0 is undefined"));
  check_all_finite(kappa);
  // PR with R = 0: recall 0/0.
  const auto pr = test::run("PR", "N N", "0");
  CHECK(has_note(pr, "recall is 0/0; it is taken as 0."));
  check_all_finite(pr);
  // Every difference 0 in the sign test: n = 0, p = 1.
  const auto sign = test::run("sign", "q1 0.5 0.5\nq2 0.3 0.3");
  CHECK(sign.value.exact == irm::Fraction{1, 1});
  check_all_finite(sign);
  // All-tied scores: AUC = 1/2, EER = 1/2.
  check_all_finite(test::run("AUC", "1 0.5\n0 0.5\n1 0.5"));
  check_all_finite(test::run("EER", "1 0.5\n0 0.5"));
  check_all_finite(test::run("11pt(rule=trec9)", "N N", "0"));
  check_all_finite(test::run("bpref", "N N", "0"));
}

TEST_CASE("scores at the paired limits and huge grades give finite tables",
          "[arithmetic-limits][paired][graded]") {
  check_all_finite(test::run("ttest", "q1 1e15 0\nq2 0 1e15\nq3 5e14 0"));
  check_all_finite(test::run("wilcoxon", "q1 1e15 -1e15\nq2 0 1\nq3 1 0"));
  check_all_finite(test::run("randomization", "d: 1e15 1e15 -1e15"));
  check_all_finite(test::run("DCG", "999999999999999 999999999999999 999999999999999"));
  check_all_finite(test::run("nDCG(dcg=burges)", "100 99 1"));
  check_all_finite(test::run("gMAP", "q1 relevant=2\nN N\n\nq2 relevant=1\nR"));
}

TEST_CASE("an irrational DCG says how it was made", "[arithmetic-limits][DCG]") {
  // dcg-3-2-1 (Week 3 notes): grades 3, 2, 1 in the notes' form: 3 + 2/log2 2 + 1/log2 3 ≈ 5.6309.
  // Before: the value had neither a fraction nor a formula.
  const auto dcg = test::run("DCG", "3 2 1");
  CHECK_FALSE(dcg.value.exact);
  CHECK(dcg.value.approx == Approx(5.0 + 1.0 / std::log2(3.0)));
  CHECK(dcg.value.formula == "3 + 2/log2(2) + 1/log2(3)");
  // IDCG@5 of capitals-method-3-dcg (CS657A notes): ideal 5, 4, 3, 2, 1 ≈ 12.3235.
  const auto ideal = test::run("IDCG@5", "5 4 0 3 2\nunretrieved: 1");
  CHECK(ideal.value.approx ==
        Approx(5.0 + 4.0 + 3.0 / std::log2(3.0) + 2.0 / 2.0 + 1.0 / std::log2(5.0)));
  CHECK(ideal.value.formula == "5 + 4/log2(2) + 3/log2(3) + 2/log2(4) + 1/log2(5)");
}
