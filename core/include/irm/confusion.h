// Confusion matrices: the 2x2 matrix of one system against the truth (from counts, a grid, three
// sets or two label sequences), and the k x k matrix of a multiclass classifier.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/number.h"
#include "irm/result.h"

namespace irm {

/// The 2x2 confusion matrix, laid out as in Bhattacharya's CS657A notes:
///
///                           returned (P')   not returned (N')
///   truly relevant (P)          TP               FN
///   truly non-relevant (N)      FP               TN
///
/// FP is the Type I error, FN the Type II error.
struct ConfusionInput {
  bool has_counts = true;  // false when only precision= and recall= were given (F only)
  std::int64_t tp = 0;
  std::int64_t fp = 0;
  std::int64_t fn = 0;
  std::optional<std::int64_t> tn;     // unknown when the text gave neither tn, a total nor all:
  std::optional<Fraction> precision;  // precision=1/2 recall=2/3: for F without counts
  std::optional<Fraction> recall;
  /// The documents in each cell when three sets were given, in the order of the text (TP and
  /// FP in returned: order, FN in relevant: order, TN in all: order).
  bool from_sets = false;
  bool tn_docs_known = false;  // all: was given (total: gives only the count)
  std::vector<std::string> tp_docs;
  std::vector<std::string> fp_docs;
  std::vector<std::string> fn_docs;
  std::vector<std::string> tn_docs;
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes
  /// A 2 × 2 grid whose labels (none, or only the classes, as in "yes no") do not say which side
  /// is the truth: read with rows the truth, a guess the "Read as: " note states and that the
  /// check's slip "confusion.transposed" (FP and FN swapped) may undo.
  bool bare_grid = false;
};

/// Parses one of:
///   counts      tp=2 fp=2 fn=1 tn=3 in any order (also "tp = 2", "TP: 2"); tn optional;
///               total=8 gives tn = total - tp - fp - fn
///   P and R     precision=1/2 recall=2/3 (fractions or decimals; only F can use this)
///   a grid      2 1 / 2 3 laid out as above (rows: truly relevant, truly non-relevant;
///               columns: returned, not returned), optional header row and row labels, spaces,
///               tabs, commas or pipes (a Markdown table) between cells; or the 4 counts on one
///               line, row by row: 300 20 10 70 is TP FN FP TN (3 or 5 counts on one line are an
///               error). Labels naming the truth (actual, relevant, condition) or the system
///               (predicted, returned, retrieved) and the classes (positive/negative, yes/no, 1/0,
///               relevant/non-relevant, returned/not returned) set the orientation and the order,
///               either way round; a Total row or column (or n=165 in the corner) is checked and
///               left out; a header of TP FP FN TN over one row (or those names before each
///               count) names each count
///   sklearn     confusion_matrix's output, array([[8, 3], [2, 7]]) or [[8 3] [2 7]], or a grid
///               under a caption naming scikit-learn: its layout [[TN, FP], [FN, TP]]
///   a sentence  "retrieves 12 documents, nine of them relevant; the collection holds thirty
///               relevant documents" (numbers in digits or words), "a collection of 50
///               documents" for TN
///   three sets  relevant: d1 d5 d7 / returned: d1 d3 d5 d6 / all: d1 … d8 (or total: 8);
///               braces {d1, d5} and ranges d1 … d8 are accepted
///   sequences   true: 1 0 1 1 / predicted: 1 1 0 1 (two labels; an optional line
///               positive: 1 names the relevant one)
/// Errors: empty_input; bad_token (an unknown key, a stray token, a ragged or non-2x2 grid, a
/// document listed twice, a missing line or count); bad_number (a count that is not a whole
/// number 0 or more, 3/0); out_of_range (precision or recall above 1); inconsistent_counts
/// (a total that disagrees with the cells, sets where returned or relevant documents are not in
/// all:, sequences of different lengths, a sentence whose counts cannot all hold).
/// Every grid and sentence gets a note starting "Read as: " with the cells it gives.
[[nodiscard]] Result<ConfusionInput> parse_confusion(std::string_view text);

/// A k x k confusion matrix of a classifier: rows = true class, columns = predicted class.
struct LabelMatrix {
  std::vector<std::string> labels;                // class names, row (= column) order
  std::vector<std::vector<std::int64_t>> counts;  // counts[true][predicted]
  std::vector<std::string> reading;
};

/// Parses a k x k grid of counts (k >= 2; optional header row of class names and row labels;
/// spaces, tabs or commas) or two label sequences true: … and predicted: … (classes sorted,
/// numbers by value). Errors as parse_confusion, plus bad_token for a grid that is not square.
[[nodiscard]] Result<LabelMatrix> parse_label_matrix(std::string_view text);

}  // namespace irm
