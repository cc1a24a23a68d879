// A ranked list with graded relevance (0, 1, 2, … or any non-negative decimal), for DCG.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "irm/number.h"
#include "irm/result.h"

namespace irm {

struct GradedDoc {
  std::string token;  // as typed: "4", "D1:4"
  std::string label;  // "D1" when labelled, else empty
  Fraction grade;     // the relevance grade, exact ("3.5" is 7/2)
  Span where;
};

struct GradedList {
  std::vector<GradedDoc> docs;        // top rank first
  std::vector<Fraction> unretrieved;  // judged grades that were not retrieved (for the ideal)
  bool has_unretrieved_line = false;
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes
  /// Grades ranked by scores with ties (scikit-learn's y_true and y_score): for each document,
  /// its group of equal scores (0, 1, …, top rank first); empty when no two scores are equal or
  /// no scores were given. DCG(ties=average) averages the gains over each group.
  std::vector<std::size_t> tie_groups{};
};

/// Parses grades separated by spaces, commas, semicolons or newlines (`4 3 4 2 0`), optionally
/// labelled (`D1:4 D2:3`), and an optional line `unretrieved: 3 2` of judged grades that were
/// not retrieved (the ideal ranking sorts the retrieved and unretrieved grades together).
/// Errors: empty_input, bad_number (a grade that is not a non-negative number), bad_token
/// (a stray symbol, a document listed twice, text that is not UTF-8). Lines are numbered from
/// `first_line` (a query's block keeps the line numbers of the whole input). Printed forms are
/// read too: a caption (`graded judgments of the top five: 2, 0, 3`), NumPy or R rows
/// (`np.array([[3, 2, 0]])`, `c(3, 2, 0)`), and scikit-learn's y_true/y_score, ranked by the
/// score with ties in the order typed (said in `reading`).
[[nodiscard]] Result<GradedList> parse_graded_list(std::string_view text, int first_line = 1);

}  // namespace irm
