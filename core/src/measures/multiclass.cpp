// Measures of a k x k confusion matrix M (rows = true class, columns = predicted class).
//
//   per class c:  TP_c = M[c][c],  FP_c = column sum − TP_c,  FN_c = row sum − TP_c,
//                 precision_c = TP_c / column sum,  recall_c = TP_c / row sum (the support),
//                 F1_c = 2·TP_c / (2·TP_c + FP_c + FN_c)
//   macro:        the plain mean over the k classes of precision, recall and F1
//                 (macro F1 is the mean of the per-class F1s, as scikit-learn computes it; the
//                 F1 of macro P and macro R is a different number, named in a note)
//   micro:        pooled counts: Σ TP_c / Σ (TP_c + FP_c) and Σ TP_c / Σ (TP_c + FN_c); with one
//                 label per item both equal the accuracy, and so does micro F1
//   accuracy:     trace / total
// 0/0: a class never predicted has precision 0/0, a class never true has recall 0/0; each is
// taken as 0 (scikit-learn's zero_division=0) and still counts in the macro mean, said in a note.
//
// Golden tests: MC1 (3 x 3), MC2 (from label sequences) (tests/core/golden_sets.cpp).

#include "check_slips.h"
#include "common.h"

namespace irm {
namespace {}  // namespace

static Result<Outcome> run_multiclass(const MeasureCall& call, const Inputs& in) {
  const LabelMatrix& m = *in.multiclass;
  const std::size_t k = m.labels.size();
  Outcome out = start_outcome(call, in);

  std::vector<std::int64_t> row_sum(k, 0);
  std::vector<std::int64_t> column_sum(k, 0);
  std::int64_t total = 0;
  std::int64_t trace = 0;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = 0; j < k; ++j) {
      row_sum[i] += m.counts[i][j];
      column_sum[j] += m.counts[i][j];
      total += m.counts[i][j];
    }
    trace += m.counts[i][i];
  }
  if (total == 0) {
    return InputError{ErrorCode::inconsistent_counts,
                      "every count in the grid is 0; a confusion matrix needs at least one item",
                      Span{}};
  }

  StepTable matrix{"The confusion matrix (rows: true class; columns: predicted class)", {}, {}, {}};
  matrix.columns.push_back("true \\ predicted");
  for (const auto& label : m.labels) matrix.columns.push_back(label);
  matrix.columns.push_back("support (row sum)");
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<Cell> row{text_cell(m.labels[i])};
    for (std::size_t j = 0; j < k; ++j) row.push_back(number_cell(whole(m.counts[i][j])));
    row.push_back(number_cell(whole(row_sum[i])));
    matrix.rows.push_back(std::move(row));
  }
  std::vector<Cell> sums{text_cell("predicted (column sum)")};
  for (std::size_t j = 0; j < k; ++j) sums.push_back(number_cell(whole(column_sum[j])));
  sums.push_back(number_cell(whole(total)));
  matrix.rows.push_back(std::move(sums));
  out.steps.push_back(std::move(matrix));

  StepTable per_class{"Precision, recall and F1 of each class",
                      {"class", "TP", "FP", "FN", "support", "precision = TP/(TP+FP)",
                       "recall = TP/(TP+FN)", "F1 = 2TP/(2TP+FP+FN)"},
                      {},
                      {}};
  Number precision_sum = whole(0);
  Number recall_sum = whole(0);
  Number f1_sum = whole(0);
  std::vector<std::string> never_predicted;
  std::vector<std::string> never_true;
  std::vector<std::string> f1_terms;
  for (std::size_t c = 0; c < k; ++c) {
    const std::int64_t tp = m.counts[c][c];
    const std::int64_t fp = column_sum[c] - tp;
    const std::int64_t fn = row_sum[c] - tp;
    // 0/0 is taken as 0 and the class still counts in the macro mean.
    const Number precision = column_sum[c] == 0 ? whole(0) : ratio(tp, column_sum[c]);
    const Number recall = row_sum[c] == 0 ? whole(0) : ratio(tp, row_sum[c]);
    const Number f1 = 2 * tp + fp + fn == 0 ? whole(0) : ratio(2 * tp, 2 * tp + fp + fn);
    if (column_sum[c] == 0) never_predicted.push_back(m.labels[c]);
    if (row_sum[c] == 0) never_true.push_back(m.labels[c]);
    precision_sum = precision_sum + precision;
    recall_sum = recall_sum + recall;
    f1_sum = f1_sum + f1;
    f1_terms.push_back(latex_exact(f1));
    per_class.rows.push_back({text_cell(m.labels[c]), number_cell(whole(tp)),
                              number_cell(whole(fp)), number_cell(whole(fn)),
                              number_cell(whole(row_sum[c])),
                              number_cell(str(tp) + "/" + str(column_sum[c]), precision),
                              number_cell(str(tp) + "/" + str(row_sum[c]), recall),
                              number_cell(str(2 * tp) + "/" + str(2 * tp + fp + fn), f1)});
  }
  const Number classes = whole(static_cast<std::int64_t>(k));
  const Number macro_precision = precision_sum / classes;
  const Number macro_recall = recall_sum / classes;
  const Number macro_f1 = f1_sum / classes;
  // Every wrong item is an FP of its predicted class and an FN of its true class.
  const Number micro = ratio(trace, total);
  const Number accuracy = micro;
  per_class.rows.push_back(
      {text_cell("macro average (mean of the " + str(static_cast<std::int64_t>(k)) + " classes)"),
       text_cell(""), text_cell(""), text_cell(""), text_cell(""), number_cell(macro_precision),
       number_cell(macro_recall), number_cell(macro_f1)});
  per_class.rows.push_back({text_cell("micro average (pooled counts)"), number_cell(whole(trace)),
                            number_cell(whole(total - trace)), number_cell(whole(total - trace)),
                            number_cell(whole(total)),
                            number_cell(str(trace) + "/" + str(total), micro),
                            number_cell(str(trace) + "/" + str(total), micro),
                            number_cell(str(2 * trace) + "/" + str(2 * total), micro)});
  out.steps.push_back(std::move(per_class));

  out.value = accuracy;
  out.label = "accuracy";
  out.values = {
      {"accuracy", accuracy}, {"macro_precision", macro_precision}, {"macro_recall", macro_recall},
      {"macro_F1", macro_f1}, {"micro_precision", micro},           {"micro_recall", micro},
      {"micro_F1", micro}};
  out.working = "\\begin{aligned}\\text{accuracy} &= \\frac{\\sum_c M_{cc}}{\\sum M} = " +
                latex_quotient(trace, total, accuracy) + "\\\\ \\text{macro } F_1 &= \\frac{1}{" +
                str(static_cast<std::int64_t>(k)) + "}\\left(" + latex_sum(f1_terms) +
                "\\right) = " + latex_value(macro_f1) + "\\end{aligned}";

  out.notes.push_back(
      "Micro averages pool the counts of every class. Each wrong item is a false positive of "
      "the class it was predicted as and a false negative of its true class, so Σ FP = Σ FN = " +
      str(total - trace) +
      ", and micro precision, micro recall and micro F1 all equal the "
      "accuracy " +
      number_text(accuracy) + ".");
  const Number harmonic =
      macro_precision.approx + macro_recall.approx == 0.0
          ? whole(0)
          : whole(2) * macro_precision * macro_recall / (macro_precision + macro_recall);
  out.notes.push_back("Macro F1 here is the mean of the per-class F1 values (" +
                      number_text(macro_f1) +
                      "), as scikit-learn computes it; some texts instead take the F1 of macro "
                      "precision and macro recall, which gives " +
                      number_text(harmonic) + " ≈ " + to_decimal(harmonic, 4) + ".");
  const auto join = [](const std::vector<std::string>& names) {
    std::string out_text;
    for (const auto& n : names) out_text += (out_text.empty() ? "" : ", ") + n;
    return out_text;
  };
  if (!never_predicted.empty()) {
    out.notes.push_back("Never predicted: " + join(never_predicted) +
                        ". Precision is 0/0 there; it is taken as 0 and still counts in the "
                        "macro average.");
  }
  if (!never_true.empty()) {
    out.notes.push_back("No true item of class " + join(never_true) +
                        ": recall is 0/0 there; it is taken as 0 and still counts in the macro "
                        "average.");
  }

  Chart chart;
  chart.id = "confusion";
  chart.title = "Confusion matrix (heat map)";
  chart.matrix = count_matrix("true class", "predicted class", m.labels, m.counts);
  chart.description = std::to_string(k) + " × " + std::to_string(k) +
                      " confusion matrix, rows the true class and columns the predicted class; "
                      "the diagonal holds the " +
                      str(trace) + " correct items of " + str(total) + ".";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_multiclass() {
  MeasureInfo m;
  m.name = "multiclass";
  m.title = "Multiclass confusion matrix";
  m.summary =
      "Per-class precision, recall and F1 of a k × k confusion matrix, their micro and macro "
      "averages, and accuracy.";
  m.input = InputKind::multiclass;
  m.aliases = {"multi-class", "multiclass-confusion"};
  m.formula =
      "P_c = \\frac{M_{cc}}{\\sum_i M_{ic}},\\quad R_c = \\frac{M_{cc}}{\\sum_j M_{cj}},\\quad "
      "\\text{macro} = \\frac{1}{k}\\sum_c,\\quad "
      "\\text{accuracy} = \\frac{\\sum_c M_{cc}}{\\sum_{i,j} M_{ij}}";
  m.example = "multiclass";
  m.golden = {"MC1", "MC2"};
  m.run = &run_multiclass;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of multiclass (check.cpp, check_slips.h) -----------------------

namespace irm::checking {

namespace {

// The rows of the classes in the table of precision, recall and F1 (the outcome's second; the
// macro and micro rows follow them): support, precision, recall and F1 of each.
struct ClassRow {
  Number support, precision, recall, f1;
};

std::vector<ClassRow> class_rows(const Outcome& o) {
  std::vector<ClassRow> out;
  if (o.steps.size() < 2 || o.steps[1].rows.size() < 3) return out;
  const auto& rows = o.steps[1].rows;
  for (std::size_t c = 0; c + 2 < rows.size(); ++c) {
    if (rows[c].size() < 8 || !rows[c][4].number || !rows[c][5].number || !rows[c][6].number ||
        !rows[c][7].number) {
      return {};
    }
    out.push_back({*rows[c][4].number, *rows[c][5].number, *rows[c][6].number, *rows[c][7].number});
  }
  return out;
}

// Macro F1 as the F1 of macro precision and macro recall, 2·P·R/(P + R): another number than
// the mean of the classes' F1 (Opitz and Burst, "Macro F1 and Macro F1", 2019).
std::optional<Candidate> multiclass_f1_of_means(const Context& c) {
  if (c.call.info->name != "multiclass" || c.key != "macro_F1") return std::nullopt;
  const Number* p = value_of(c.outcome, "macro_precision");
  const Number* r = value_of(c.outcome, "macro_recall");
  if (!p || !r || !p->exact || !r->exact || (p->exact->num == 0 && r->exact->num == 0)) {
    return std::nullopt;
  }
  const Number f1 = whole(2) * *p * *r / (*p + *r);
  return Candidate{"multiclass.f1_of_macro_means", f1,
                   c.answer +
                       " is the F1 of macro precision and macro recall, 2·P·R/(P + R) with "
                       "P = " +
                       number_text(*p) + " and R = " + number_text(*r) +
                       "; macro F1 is the mean of the classes' own F1s, each class counting the "
                       "same"};
}

// A macro mean weighted by each class's support (scikit-learn's average='weighted'): the
// classes with more items count more.
std::optional<Candidate> multiclass_weighted(const Context& c) {
  if (c.call.info->name != "multiclass") return std::nullopt;
  const std::string& key = c.key;
  if (key != "macro_precision" && key != "macro_recall" && key != "macro_F1") return std::nullopt;
  const std::vector<ClassRow> rows = class_rows(c.outcome);
  if (rows.empty()) return std::nullopt;
  Number sum = whole(0);
  Number total = whole(0);
  for (const ClassRow& row : rows) {
    const Number& x = key == "macro_precision" ? row.precision
                      : key == "macro_recall"  ? row.recall
                                               : row.f1;
    sum = sum + row.support * x;
    total = total + row.support;
  }
  if (!total.exact || total.exact->num == 0) return std::nullopt;
  const std::string what = key.substr(6);
  return Candidate{"multiclass.weighted_by_support", sum / total,
                   c.answer + " weights each class's " + what +
                       " by its support (its row's total), as scikit-learn's average='weighted' "
                       "does; the macro mean counts every class the same: the plain mean over "
                       "the " +
                       std::to_string(rows.size()) + " classes"};
}

// Precision and recall swapped: each class's diagonal cell over its row's total (the true
// class: recall) for precision, or over its column's (the predicted class: precision) for
// recall, as when the matrix is read with the true classes as columns.
std::optional<Candidate> multiclass_swapped(const Context& c) {
  if (c.call.info->name != "multiclass") return std::nullopt;
  const bool precision = c.key == "macro_precision";
  if (!precision && c.key != "macro_recall") return std::nullopt;
  const Number* other = value_of(c.outcome, precision ? "macro_recall" : "macro_precision");
  if (!other) return std::nullopt;
  return Candidate{"multiclass.precision_recall_swapped", *other,
                   c.answer + " divides each diagonal cell by its " +
                       (precision ? "row's total (the true class), which is recall"
                                  : "column's total (the predicted class), which is precision") +
                       "; " + (precision ? "precision" : "recall") + " divides it by its " +
                       (precision ? "column's total, the items predicted as the class"
                                  : "row's total, the items truly of the class") +
                       " (rows are the true classes, columns the predicted ones)"};
}

// A k × k matrix has no single TP, FP, FN and TN: its own hints come before the two-class ones
// (set_measures.cpp's), which its quantities named like theirs take.
std::string multiclass_hint(const Context& c, const std::string& q, bool /*main*/) {
  if (c.call.info->name != "multiclass") return "";
  const std::string count_text = count_hint(q);
  if (!count_text.empty()) return count_text;
  if (q == "accuracy") {
    return "Add up the diagonal of the table (the items whose predicted class is the true one) "
           "and divide by all items.";
  }
  if (q.rfind("macro_", 0) == 0) {
    return "Check each class's precision (its diagonal cell over its column's total) and recall "
           "(over its row's total)" +
           std::string(q == "macro_F1" ? " and F1" : "") +
           ", then their mean over the classes, each class counting the same.";
  }
  if (q.rfind("micro_", 0) == 0) {
    return "Add up TP, FP and FN over the classes first, then take " + q.substr(6) +
           " of those pooled counts.";
  }
  return set_formula_hint(q);
}

}  // namespace

const CheckFamily& multiclass_checks() {
  static const CheckFamily family = {
      {
          {{"multiclass.f1_of_macro_means",
            {"multiclass"},
            "macro F1 as the F1 of macro precision and macro recall, not the mean of the F1s"},
           &multiclass_f1_of_means,
           true},
          {{"multiclass.weighted_by_support",
            {"multiclass"},
            "a macro mean weighted by each class's support (scikit-learn's 'weighted')"},
           &multiclass_weighted,
           true},
          {{"multiclass.precision_recall_swapped",
            {"multiclass"},
            "macro precision and macro recall swapped: the matrix read with true classes as "
            "columns"},
           &multiclass_swapped,
           true},
      },
      {},
      &multiclass_hint};
  return family;
}

}  // namespace irm::checking
