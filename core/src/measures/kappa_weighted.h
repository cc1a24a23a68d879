// What kappa(weights=…) and kappa(confidence=…) add to Cohen's kappa (kappa.cpp): weighted kappa
// for ordered categories (Cohen 1968) and the large-sample confidence interval of Fleiss, Cohen
// and Everitt (1969). Computed in kappa_weighted.cpp; internal to the core.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "irm/confusion.h"
#include "irm/explain.h"
#include "irm/number.h"

namespace irm {

/// kappa's weights=none|linear|quadratic.
enum class KappaWeights { none, linear, quadratic };
[[nodiscard]] KappaWeights kappa_weights_of(const std::string& value);

/// The judges' table as kappa reads it: the counts O (rows judge A, columns judge B), each
/// judge's total of each category and n, the number of items.
struct JudgesTotals {
  const LabelMatrix& judges;
  std::vector<std::int64_t> a_total;  // row sums
  std::vector<std::int64_t> b_total;  // column sums
  std::int64_t n = 0;
};

/// The disagreement weight of cell (i, j) of k ordered categories: 0 on the diagonal; off it 1
/// (none), |i − j|/(k − 1) (linear) or ((i − j)/(k − 1))² (quadratic).
[[nodiscard]] Fraction disagreement_weight(KappaWeights weights, std::size_t i, std::size_t j,
                                           std::size_t k);

/// κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij with E_ij = (A's total of i)(B's total of j)/n. With no
/// weights it is Cohen's κ, (P(A) − P(E))/(1 − P(E)).
struct WeightedKappa {
  Number observed;  // Σ w_ij O_ij
  Number expected;  // Σ w_ij E_ij
  Number kappa;     // 1 − observed/expected; 1 when expected is 0 (then `undefined`)
  bool undefined = false;
};

/// The value alone, without working (for the alternatives).
[[nodiscard]] WeightedKappa weighted_kappa_value(const JudgesTotals& t, KappaWeights weights);

/// The value with its working, for kappa(weights=linear|quadratic): the weights, the expected
/// counts, the weighted sums cell by cell and κ_w step by step (step tables), the outcome's
/// value, values (n, sum_wO, sum_wE, kappa), formula and working, and the notes on the weights
/// and the categories' order.
WeightedKappa add_weighted_kappa(Outcome& out, const JudgesTotals& t, KappaWeights weights);

/// kappa(confidence=c): the large-sample standard error of κ (weighted or not) of Fleiss, Cohen
/// and Everitt (1969) and the interval κ ± z·SE, z = Φ⁻¹((1 + c)/2): step tables, the values SE,
/// CI_low and CI_high, and a note. When κ is 0/0 (`undefined`), a note says there is none.
void add_kappa_interval(Outcome& out, const JudgesTotals& t, KappaWeights weights,
                        const Number& kappa, bool undefined, Fraction confidence);

}  // namespace irm
