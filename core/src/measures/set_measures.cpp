// Set measures of one system against the truth: the 2x2 confusion matrix and every measure of
// the table of Bhattacharya's CS657A notes (`confusion`), and the weighted F-measure (`F`).
//
//   precision = TP / (TP + FP)          recall (sensitivity, TPR) = TP / (TP + FN)
//   specificity (TNR) = TN / (TN + FP)  FPR = FP / (FP + TN)     FNR = FN / (TP + FN)
//   accuracy = (TP + TN) / D            error rate = (FP + FN) / D
//   balanced accuracy = (recall + specificity) / 2   (scikit-learn's balanced_accuracy_score)
//   F1 = 2·TP / (2·TP + FP + FN)        G = √(precision · recall)   (irrational in general)
//   Jaccard = |A ∩ C| / |A ∪ C| = TP / (TP + FP + FN)
//   Dice = 2·|A ∩ C| / (|A| + |C|) = 2·TP / (2·TP + FP + FN)  (= F1)
// value= picks the headline of `confusion` (default f1; precision, recall, specificity,
// accuracy, balanced_accuracy, error, fpr, fnr, jaccard): the words `precision`, `recall`,
// `accuracy`, `balanced accuracy` and `specificity` name it on the Sets page (registry.cpp), so
// "accuracy" computes the whole table with accuracy as the answer. A headline that needs TN, when
// TN is unknown, is an error saying how to give it. FP is the Type I error, FN the Type II error
// (Bhattacharya's CS657A notes). Without TN the measures that need it say so and are left out of
// Outcome.values. 0/0: a ratio whose denominator is 0 (precision with nothing returned, recall with
// nothing relevant, …) is taken as 0, and a note says which. Accuracy misleads in IR: a system that
// returns nothing scores (FP + TN)/D = N/D, computed on the user's numbers in a note.
//
//   F:  F_β = (β² + 1)·P·R / (β²·P + R),  1/F = α/P + (1 − α)/R,  β² = (1 − α)/α.
//   β > 1 weights recall (the standard form; the formula of Bhattacharya's CS657A notes, although
//   their text says precision). The formula of the lecture notes "Week 3: Metrics" puts
//   β²/(β² + 1) on 1/P: that is F with β replaced by 1/β
//   (α by 1 − α), offered as an alternative with the reason. β = 0 (α = 1) is P; α = 0 is R.
//
// Golden tests: sets-d1-to-d8, sets-words (tests/core/golden_sets.cpp).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check_slips.h"
#include "ranked_walk.h"
#include "trec/family_measures.h"
#include "trec/ir_spec.h"
#include "trec/plan.h"

// The teaching half, to "on TREC files" below: the wasm build compiles each half where it is
// used (wasm/CMakeLists.txt), the native builds both.
#ifndef IRM_ONLY_TREC_HALVES

namespace irm {
namespace {

std::string brace_list(const std::vector<std::string>& docs) {
  std::string out = "{";
  for (std::size_t i = 0; i < docs.size(); ++i) out += (i ? ", " : "") + docs[i];
  return out + "}";
}

// A ratio of counts; 0/0 (or x/0) is 0 by convention, with a note naming the case.
Number count_ratio(std::int64_t num, std::int64_t den, std::vector<std::string>& notes,
                   const std::string& zero_note) {
  if (den == 0) {
    notes.push_back(zero_note);
    return whole(0);
  }
  return ratio(num, den);
}

std::optional<std::int64_t> exact_root(std::int64_t n) {
  if (n < 0) return std::nullopt;
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r * r > n) --r;
  while ((r + 1) * (r + 1) <= n) ++r;
  if (r * r != n) return std::nullopt;
  return r;
}

// √x: exact when x is the square of a fraction, else a decimal with its formula.
Number square_root(const Number& x, const std::string& formula) {
  if (x.exact) {
    const auto num = exact_root(x.exact->num);
    const auto den = exact_root(x.exact->den);
    if (num && den) return exact_number(*make_fraction(*num, *den));
  }
  Number out;
  out.approx = std::sqrt(x.approx);
  out.formula = formula;
  out.overflow = x.overflow;
  return out;
}

// --- confusion -------------------------------------------------------------------------------

struct Row {
  std::string name;
  std::string formula;
  std::string substituted;
  std::optional<Number> value;  // empty when TN is needed and unknown
};

std::string needs_tn() { return "needs TN"; }

// The key of Outcome.values that a value= choice heads: "f1" is "F1", "fpr" is "FPR".
std::string headline_label(const std::string& choice) {
  if (choice == "f1") return "F1";
  if (choice == "fpr") return "FPR";
  if (choice == "fnr") return "FNR";
  if (choice == "balanced_accuracy") return "balanced accuracy";
  return choice;
}

}  // namespace

static Result<Outcome> run_confusion(const MeasureCall& call, const Inputs& in) {
  const ConfusionInput& c = *in.confusion;
  if (!c.has_counts) {
    return InputError{ErrorCode::bad_token,
                      "confusion needs the counts (tp=… fp=… fn=… and tn=…), a 2 × 2 grid or "
                      "sets; precision= and recall= alone are enough only for F",
                      Span{}};
  }
  Outcome out = start_outcome(call, in);
  const std::int64_t tp = c.tp;
  const std::int64_t fp = c.fp;
  const std::int64_t fn = c.fn;
  const bool known = c.tn.has_value();
  const std::int64_t tn = c.tn.value_or(0);
  const std::int64_t positives = tp + fn;  // P: truly relevant
  const std::int64_t returned = tp + fp;   // P': returned
  const std::int64_t negatives = fp + tn;  // N (needs TN)
  const std::int64_t total = positives + negatives;
  const std::string TN = known ? str(tn) : "?";

  StepTable matrix{"The confusion matrix (rows: the truth; columns: what the system did)",
                   {"truth", "returned (P')", "not returned (N')", "total"},
                   {},
                   {}};
  matrix.rows.push_back({text_cell("truly relevant (P)"), number_cell("TP = " + str(tp), whole(tp)),
                         number_cell("FN = " + str(fn), whole(fn)),
                         number_cell("P = " + str(positives), whole(positives))});
  matrix.rows.push_back(
      {text_cell("truly non-relevant (N)"), number_cell("FP = " + str(fp), whole(fp)),
       known ? number_cell("TN = " + TN, whole(tn)) : text_cell("TN = ?"),
       known ? number_cell("N = " + str(negatives), whole(negatives)) : text_cell("N = ?")});
  matrix.rows.push_back(
      {text_cell("total"), number_cell("P' = " + str(returned), whole(returned)),
       known ? number_cell("N' = " + str(fn + tn), whole(fn + tn)) : text_cell("N' = ?"),
       known ? number_cell("D = " + str(total), whole(total)) : text_cell("D = ?")});
  out.steps.push_back(std::move(matrix));

  if (c.from_sets) {
    StepTable sets{"The four sets", {"set", "what it holds", "documents", "size"}, {}, {}};
    const auto add = [&](const char* name, const char* what, const std::vector<std::string>& docs,
                         std::optional<std::int64_t> size, bool listed) {
      sets.rows.push_back(
          {text_cell(name), text_cell(what),
           text_cell(listed ? brace_list(docs)
                            : (size ? "not listed (no all: line)" : "unknown (no all: or total:)")),
           size ? number_cell(whole(*size)) : text_cell("?")});
    };
    add("TP", "relevant and returned", c.tp_docs, tp, true);
    add("FP", "non-relevant but returned (Type I error)", c.fp_docs, fp, true);
    add("FN", "relevant but not returned (Type II error)", c.fn_docs, fn, true);
    add("TN", "non-relevant and not returned", c.tn_docs, c.tn, c.tn_docs_known);
    out.steps.push_back(std::move(sets));
  }

  std::vector<std::string> zero_notes;
  const Number precision = count_ratio(
      tp, returned, zero_notes,
      "Nothing was returned (TP + FP = 0), so precision is 0/0; it is taken as 0 by convention.");
  const Number recall = count_ratio(
      tp, positives, zero_notes,
      "Nothing is relevant (TP + FN = 0), so recall is 0/0; it is taken as 0 by convention.");
  const Number fnr = count_ratio(fn, positives, zero_notes,
                                 "FNR = FN/P is 0/0 with nothing relevant; it is taken as 0.");
  const Number f1 = count_ratio(2 * tp, 2 * tp + fp + fn, zero_notes,
                                "F1 is 0/0 (nothing relevant and nothing returned); it is taken "
                                "as 0.");
  const Number jaccard = count_ratio(tp, tp + fp + fn, zero_notes,
                                     "Jaccard is 0/0 (both sets are empty); it is taken as 0.");
  const Number dice = count_ratio(2 * tp, returned + positives, zero_notes,
                                  "Dice is 0/0 (both sets are empty); it is taken as 0.");
  const Number g = square_root(precision * recall,
                               "√(" + number_text(precision) + " · " + number_text(recall) + ")");
  std::optional<Number> specificity;
  std::optional<Number> fpr;
  std::optional<Number> accuracy;
  std::optional<Number> error;
  std::optional<Number> balanced;
  if (known) {
    specificity = count_ratio(tn, negatives, zero_notes,
                              "Nothing is non-relevant (FP + TN = 0), so specificity and FPR are "
                              "0/0; both are taken as 0.");
    fpr = negatives == 0 ? whole(0) : ratio(fp, negatives);
    accuracy = count_ratio(tp + tn, total, zero_notes,
                           "The collection is empty (D = 0), so accuracy and error rate are 0/0; "
                           "both are taken as 0.");
    error = total == 0 ? whole(0) : ratio(fp + fn, total);
    balanced = (recall + *specificity) / whole(2);
  }

  const std::vector<Row> rows = {
      {"precision", "TP / (TP + FP) = TP / P'",
       str(tp) + " / (" + str(tp) + " + " + str(fp) + ") = " + str(tp) + "/" + str(returned),
       precision},
      {"recall (sensitivity, TPR)", "TP / (TP + FN) = TP / P",
       str(tp) + " / (" + str(tp) + " + " + str(fn) + ") = " + str(tp) + "/" + str(positives),
       recall},
      {"specificity (TNR)", "TN / (TN + FP) = TN / N",
       known ? TN + " / (" + TN + " + " + str(fp) + ") = " + TN + "/" + str(negatives) : needs_tn(),
       specificity},
      {"false positive rate (FPR)", "FP / (FP + TN) = FP / N = 1 − specificity",
       known ? str(fp) + " / (" + str(fp) + " + " + TN + ") = " + str(fp) + "/" + str(negatives)
             : needs_tn(),
       fpr},
      {"false negative rate (FNR)", "FN / (TP + FN) = FN / P = 1 − recall",
       str(fn) + " / (" + str(tp) + " + " + str(fn) + ") = " + str(fn) + "/" + str(positives), fnr},
      {"accuracy", "(TP + TN) / D",
       known ? "(" + str(tp) + " + " + TN + ") / " + str(total) + " = " + str(tp + tn) + "/" +
                   str(total)
             : needs_tn(),
       accuracy},
      {"error rate", "(FP + FN) / D = 1 − accuracy",
       known ? "(" + str(fp) + " + " + str(fn) + ") / " + str(total) + " = " + str(fp + fn) + "/" +
                   str(total)
             : needs_tn(),
       error},
      {"F1", "2·TP / (2·TP + FP + FN) = 2PR / (P + R)",
       "2·" + str(tp) + " / (2·" + str(tp) + " + " + str(fp) + " + " + str(fn) +
           ") = " + str(2 * tp) + "/" + str(2 * tp + fp + fn),
       f1},
      {"G-measure", "√(precision · recall)",
       "√(" + number_text(precision) + " · " + number_text(recall) + ") = √(" +
           number_text(precision * recall) + ")",
       g},
      {"Jaccard", "|returned ∩ relevant| / |returned ∪ relevant| = TP / (TP + FP + FN)",
       str(tp) + " / (" + str(tp) + " + " + str(fp) + " + " + str(fn) + ") = " + str(tp) + "/" +
           str(tp + fp + fn),
       jaccard},
      {"Dice", "2·|returned ∩ relevant| / (|returned| + |relevant|)",
       "2·" + str(tp) + " / (" + str(returned) + " + " + str(positives) + ") = " + str(2 * tp) +
           "/" + str(returned + positives),
       dice},
  };
  StepTable measures{"Every measure of the table in Bhattacharya's CS657A notes",
                     {"measure", "formula", "with these counts", "value"},
                     {},
                     {}};
  for (const Row& row : rows) {
    measures.rows.push_back({text_cell(row.name), text_cell(row.formula),
                             text_cell(row.substituted),
                             row.value ? number_cell(*row.value) : text_cell("—")});
  }
  out.steps.push_back(std::move(measures));

  // The headline asked for (value=, or the word typed: "accuracy" is confusion(value=accuracy)).
  const std::string& headline = call.param("value");
  const bool needs_known_tn = headline == "specificity" || headline == "accuracy" ||
                              headline == "error" || headline == "fpr" ||
                              headline == "balanced_accuracy";
  if (needs_known_tn && !known) {
    return InputError{ErrorCode::bad_token,
                      headline_label(headline) +
                          " needs TN, the non-relevant documents not returned, which the input "
                          "does not give; give tn=…, total=… (the collection's size) or a full "
                          "2 × 2 grid",
                      Span{}};
  }
  const std::vector<std::pair<const char*, std::optional<Number>>> headlines = {
      {"f1", f1},
      {"precision", precision},
      {"recall", recall},
      {"specificity", specificity},
      {"accuracy", accuracy},
      {"balanced_accuracy", balanced},
      {"error", error},
      {"fpr", fpr},
      {"fnr", fnr},
      {"jaccard", jaccard}};
  out.value = f1;
  for (const auto& [name, number] : headlines) {
    if (headline == name && number) out.value = *number;
  }
  out.label = headline_label(headline);
  out.values = {{"TP", whole(tp)}, {"FP", whole(fp)}, {"FN", whole(fn)}};
  if (known) out.values.emplace_back("TN", whole(tn));
  out.values.emplace_back("precision", precision);
  out.values.emplace_back("recall", recall);
  if (known) {
    out.values.emplace_back("specificity", *specificity);
    out.values.emplace_back("FPR", *fpr);
  }
  out.values.emplace_back("FNR", fnr);
  if (known) {
    out.values.emplace_back("accuracy", *accuracy);
    out.values.emplace_back("error", *error);
  }
  out.values.emplace_back("F1", f1);
  out.values.emplace_back("G", g);
  out.values.emplace_back("jaccard", jaccard);
  out.values.emplace_back("dice", dice);
  if (headline == "balanced_accuracy" && balanced) {
    out.values.emplace_back("balanced accuracy", *balanced);
    out.notes.push_back("Balanced accuracy = (recall + specificity) / 2 = (" + number_text(recall) +
                        " + " + number_text(*specificity) + ") / 2 = " + number_text(*balanced) +
                        ", the mean of the recall of each class (scikit-learn's "
                        "balanced_accuracy_score).");
  }

  out.working = "\\begin{aligned}\\text{precision} &= \\frac{TP}{TP + FP} = " +
                latex_quotient(tp, returned == 0 ? 1 : returned, precision) +
                "\\\\ \\text{recall} &= \\frac{TP}{TP + FN} = " +
                latex_quotient(tp, positives == 0 ? 1 : positives, recall) +
                "\\\\ F_1 &= \\frac{2\\,TP}{2\\,TP + FP + FN} = " +
                latex_quotient(2 * tp, 2 * tp + fp + fn == 0 ? 1 : 2 * tp + fp + fn, f1);
  if (known) {
    out.working += "\\\\ \\text{accuracy} &= \\frac{TP + TN}{D} = " +
                   latex_quotient(tp + tn, total == 0 ? 1 : total, *accuracy);
  }
  out.working += "\\end{aligned}";

  for (const std::string& note : zero_notes) out.notes.push_back(note);
  out.notes.push_back("FP = " + str(fp) +
                      " (non-relevant but returned) are Type I errors, false "
                      "alarms; FN = " +
                      str(fn) +
                      " (relevant but missed) are Type II errors, misses (Bhattacharya's CS657A "
                      "notes).");
  if (!known) {
    out.notes.push_back(
        "TN is unknown (no tn=, total, all: or a full grid was given), so "
        "specificity, FPR, accuracy and error rate cannot be computed; give tn=… "
        "or total=… to see them.");
  } else if (total > 0) {
    const Number empty_accuracy = ratio(negatives, total);
    const int order = compare(*empty_accuracy.exact, accuracy->exact.value_or(Fraction{0, 1}));
    const std::string versus = order == 0  ? "the same as this system's "
                               : order > 0 ? "more than this system's "
                                           : "less than this system's ";
    out.notes.push_back(
        "Why accuracy misleads in IR: a system that returns nothing has TP = FP = 0, so its "
        "accuracy is (FP + TN)/D = N/D = " +
        str(negatives) + "/" + str(total) +
        (empty_accuracy.exact->den == total ? "" : " = " + number_text(empty_accuracy)) + " ≈ " +
        to_decimal(empty_accuracy, 3) + ", " + versus + number_text(*accuracy) +
        ". Non-relevant documents usually fill most of a collection, so accuracy rewards "
        "returning nothing; precision and recall do not.");
  }
  out.notes.push_back(
      "Dice always equals F1: both are 2·TP / (2·TP + FP + FN), since |returned| "
      "+ |relevant| = (TP + FP) + (TP + FN).");
  if (!g.exact) {
    out.notes.push_back(
        "The G-measure is a square root, here irrational, so it is shown as a "
        "decimal: " +
        g.formula + " ≈ " + to_decimal(g, 4) + ".");
  }

  if (known) {
    Chart chart;
    chart.id = "confusion";
    chart.title = "Confusion matrix";
    chart.matrix = Matrix{"truth",
                          "what the system did",
                          {"relevant (P)", "non-relevant (N)"},
                          {"returned (P')", "not returned (N')"},
                          {{static_cast<double>(tp), static_cast<double>(fn)},
                           {static_cast<double>(fp), static_cast<double>(tn)}}};
    chart.description = "Confusion matrix: relevant and returned TP = " + str(tp) +
                        ", relevant not returned FN = " + str(fn) +
                        ", non-relevant returned FP = " + str(fp) +
                        ", non-relevant not returned TN = " + str(tn) + ".";
    out.charts.push_back(std::move(chart));
  }
  finish_outcome(out);
  return out;
}

// --- F -----------------------------------------------------------------------------------------

namespace {

// x == v, exactly when x is exact (a double near 1 is not 1).
bool is(const Number& x, std::int64_t v) {
  return x.exact ? *x.exact == Fraction{v, 1} : x.approx == static_cast<double>(v);
}

// F from the weight α on 1/P: 1/F = α/P + (1 − α)/R. α = 1 is P, α = 0 is R; otherwise a zero
// P or R makes 1/F infinite, so F = 0.
Number f_from_alpha(const Number& alpha, const Number& p, const Number& r) {
  if (is(alpha, 1)) return p;
  if (is(alpha, 0)) return r;
  if (is(p, 0) || is(r, 0)) return whole(0);
  return whole(1) / (alpha / p + (whole(1) - alpha) / r);
}

}  // namespace

static Result<Outcome> run_f_measure(const MeasureCall& call, const Inputs& in) {
  // F@k on a ranked list: P@k and R@k; F on a confusion matrix: its precision and recall (or
  // precision= and recall= as given).
  const bool ranked = in.ranked != nullptr;
  Outcome out = ranked ? start_ranked_outcome(call, in) : start_outcome(call, in);
  std::vector<std::string> zero_notes;
  Number p;
  Number r;
  std::string p_text;
  std::string r_text;
  std::string p_how = "given";
  std::string r_how = "given";
  std::string p_name = "precision P";
  std::string r_name = "recall R";
  std::vector<std::string> pr_working;  // "P@5 &= \frac{2}{5}", "R@5 &= …" for a ranked list
  std::optional<StepTable> ranks_table;
  if (ranked) {
    const RankWalk walk = walk_ranks(in);
    const std::int64_t k = *call.rank_cutoff;
    const std::int64_t relevant = walk.relevant_in_top(k);
    const std::int64_t R = walk.total_relevant;
    const auto listed = static_cast<std::int64_t>(walk.rows.size());
    const std::string at = "@" + str(k);
    p = ratio(relevant, k);
    r = count_ratio(relevant, R, zero_notes,
                    "R = 0: no document is relevant, so R" + at + " is 0/0; it is taken as 0.");
    p_text = str(relevant) + "/" + str(k);
    r_text = str(relevant) + "/" + str(R);
    p_how = "relevant in the top " + str(k) + " / " + str(k);
    r_how = "relevant in the top " + str(k) + " / R";
    p_name = "precision P" + at;
    r_name = "recall R" + at;
    pr_working = {"P" + at + " &= " + latex_quotient(relevant, k, p),
                  "R" + at + " &= " + (R == 0 ? std::string("0") : latex_quotient(relevant, R, r))};
    out.values = {{"relevant_retrieved", whole(relevant)}, {"k", whole(k)}, {"R", whole(R)}};
    if (k > listed) {
      zero_notes.push_back("Only " + plural(listed, "document") + " were retrieved; ranks " +
                           str(listed + 1) + "–" + str(k) + " count as not relevant, so P" + at +
                           " divides by " + str(k) + " (as trec_eval does).");
    }
    ranks_table = per_rank_table(walk, k);
  } else if (in.confusion->has_counts) {
    const ConfusionInput& c = *in.confusion;
    p = count_ratio(c.tp, c.tp + c.fp, zero_notes,
                    "Nothing was returned (TP + FP = 0), so precision is 0/0; it is taken as 0.");
    r = count_ratio(c.tp, c.tp + c.fn, zero_notes,
                    "Nothing is relevant (TP + FN = 0), so recall is 0/0; it is taken as 0.");
    p_text = str(c.tp) + "/" + str(c.tp + c.fp);
    r_text = str(c.tp) + "/" + str(c.tp + c.fn);
    p_how = "TP / (TP + FP)";
    r_how = "TP / (TP + FN)";
  } else {
    const ConfusionInput& c = *in.confusion;
    p = exact_number(*c.precision);
    r = exact_number(*c.recall);
    p_text = to_string(*c.precision);
    r_text = to_string(*c.recall);
  }

  const bool by_alpha = !call.param("alpha").empty();
  Number alpha;
  Number beta_squared;
  Number beta;
  bool beta_infinite = false;
  if (by_alpha) {
    alpha = exact_number(parameter_fraction(call.param("alpha")));
    if (is(alpha, 0)) {
      beta_infinite = true;  // β² = (1 − 0)/0: all the weight on recall
    } else {
      beta_squared = (whole(1) - alpha) / alpha;
      beta = square_root(beta_squared, "√(" + number_text(beta_squared) + ")");
    }
  } else {
    beta = exact_number(parameter_fraction(call.param("beta")));
    beta_squared = beta * beta;
    alpha = whole(1) / (beta_squared + whole(1));
  }
  const Number f = f_from_alpha(alpha, p, r);
  const Number one_minus_alpha = whole(1) - alpha;

  StepTable table{"F with these weights", {"quantity", "how", "value"}, {}, {}};
  table.rows.push_back({text_cell(p_name), text_cell(p_how), number_cell(p_text, p)});
  table.rows.push_back({text_cell(r_name), text_cell(r_how), number_cell(r_text, r)});
  if (by_alpha) {
    table.rows.push_back(
        {text_cell("α, the weight on 1/P"), text_cell("given"), number_cell(alpha)});
    table.rows.push_back({text_cell("β²"), text_cell("(1 − α) / α"),
                          beta_infinite ? text_cell("∞ (α = 0)") : number_cell(beta_squared)});
    table.rows.push_back(
        {text_cell("β"), text_cell("√(β²)"), beta_infinite ? text_cell("∞") : number_cell(beta)});
  } else {
    table.rows.push_back({text_cell("β"), text_cell("given"), number_cell(beta)});
    table.rows.push_back({text_cell("β²"), text_cell("β · β"), number_cell(beta_squared)});
    table.rows.push_back(
        {text_cell("α, the weight on 1/P"), text_cell("1 / (β² + 1)"), number_cell(alpha)});
  }
  table.rows.push_back(
      {text_cell("1 − α, the weight on 1/R"), text_cell("1 − α"), number_cell(one_minus_alpha)});
  const bool finite = !is(p, 0) && !is(r, 0);
  if (finite) {
    const Number inverse = alpha / p + one_minus_alpha / r;
    table.rows.push_back(
        {text_cell("1/F"), text_cell("α · 1/P + (1 − α) · 1/R"), number_cell(inverse)});
  }
  table.rows.push_back({text_cell("F"),
                        text_cell(by_alpha ? "1 / (1/F)" : "(β² + 1)·P·R / (β²·P + R)"),
                        number_cell(f)});
  out.steps.push_back(std::move(table));
  if (ranks_table) out.steps.push_back(std::move(*ranks_table));

  out.value = f;
  std::vector<std::pair<std::string, Number>> values = {
      {"F", f}, {"precision", p}, {"recall", r}, {"alpha", alpha}};
  if (!beta_infinite) values.emplace_back("beta2", beta_squared);
  out.values.insert(out.values.begin(), values.begin(), values.end());

  // Each line as "left &= right", so that a ranked list's P@k and R@k align above F.
  std::vector<std::string> lines = pr_working;
  const std::string P = latex_exact(p);
  const std::string R = latex_exact(r);
  if (!beta_infinite) {
    lines.push_back("F_{\\beta} &= \\frac{(\\beta^2 + 1) P R}{\\beta^2 P + R} = \\frac{(" +
                    latex_exact(beta_squared) + " + 1) \\cdot " + P + " \\cdot " + R + "}{" +
                    latex_exact(beta_squared) + " \\cdot " + P + " + " + R +
                    "} = " + latex_value(f));
  }
  if (finite) {
    lines.push_back("\\frac{1}{F} &= \\alpha \\frac{1}{P} + (1 - \\alpha) \\frac{1}{R} = " +
                    latex_exact(alpha) + " \\cdot " + latex_exact(whole(1) / p) + " + " +
                    latex_exact(one_minus_alpha) + " \\cdot " + latex_exact(whole(1) / r) + " = " +
                    latex_exact(whole(1) / f));
  } else if (beta_infinite) {
    lines.push_back("F &= " + latex_value(f));
  }
  if (ranked) {
    out.working = "\\begin{aligned}";
    for (std::size_t i = 0; i < lines.size(); ++i) out.working += (i ? " \\\\ " : "") + lines[i];
    out.working += "\\end{aligned}";
  } else {
    // One line, as the sets page has always shown it.
    for (std::size_t i = 0; i < lines.size(); ++i) {
      std::string line = lines[i];
      line.replace(line.find(" &= "), 4, " = ");
      out.working += (i ? ",\\qquad " : "") + line;
    }
  }

  for (const std::string& note : zero_notes) out.notes.push_back(note);
  if (!finite && !is(alpha, 0) && !is(alpha, 1)) {
    out.notes.push_back("Precision or recall is 0, so 1/F is infinite and F = 0.");
  }
  out.notes.push_back(
      "β > 1 weights recall: α = 1/(β² + 1) is the weight on 1/P, so β = 2 puts 1/5 on "
      "precision and 4/5 on recall. Bhattacharya's CS657A notes give this formula, although "
      "their text says β > 1 emphasises precision.");
  if (by_alpha && !beta_infinite) {
    out.notes.push_back(
        "α = " + number_text(alpha) + " gives β² = (1 − α)/α = " + number_text(beta_squared) +
        (beta.exact ? ", β = " + number_text(beta) : ", β = " + beta.formula) + ".");
  }
  if (by_alpha && beta_infinite) {
    out.notes.push_back("α = 0 puts all the weight on 1/R (β = ∞), so F = R.");
  }

  // The form of the lecture notes "Week 3: Metrics" swaps the weights: β²/(β² + 1) on 1/P, i.e.
  // F with 1/β (α ↔ 1 − α).
  const Number swapped = f_from_alpha(one_minus_alpha, p, r);
  MeasureCall other;
  if (by_alpha) {
    other = call.with("alpha", parameter_number(*one_minus_alpha.exact));
  } else if (is(beta, 0)) {
    other = call.with("beta", "1").with("alpha", "0");
  } else {
    other = call.with("beta", parameter_number(*(whole(1) / beta).exact));
  }
  std::string why;
  if (alpha.exact && one_minus_alpha.exact && *alpha.exact == *one_minus_alpha.exact) {
    why = "the same here: with equal weights (β = 1, α = 1/2) swapping them changes nothing";
  } else {
    why =
        "the lecture notes “Week 3: Metrics” write F_β = 1 / (β²/(β²+1) · 1/P + 1/(β²+1) · "
        "1/R), which puts the weight " +
        number_text(one_minus_alpha) + " on 1/P instead of " + number_text(alpha) +
        ": the same as F with β replaced by 1/β (α by 1 − α), so there β > 1 favours precision";
  }
  out.alternatives.push_back({canonical_name(other), swapped, why});
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

std::string f_title(const MeasureCall& call) {
  const std::string& alpha = call.param("alpha");
  const std::string& beta = call.param("beta");
  const std::string weight = !alpha.empty() ? "α = " + alpha : "β = " + beta;
  const bool f1 = alpha.empty() && beta == "1";
  if (call.rank_cutoff) {
    const std::string k = std::to_string(*call.rank_cutoff);
    return (f1 ? std::string("F1") : "Weighted F (" + weight + ")") + " of P@" + k + " and R@" + k;
  }
  return f1 ? "F1 measure" : "Weighted F-measure (" + weight + ")";
}

}  // namespace

namespace {

std::string confusion_title(const MeasureCall& call) {
  const std::string& value = call.param("value");
  if (value == "f1") return call.info->title;
  const std::pair<const char*, const char*> titles[] = {
      {"precision", "Precision of a set"},
      {"recall", "Recall of a set"},
      {"specificity", "Specificity (true negative rate)"},
      {"accuracy", "Accuracy"},
      {"balanced_accuracy", "Balanced accuracy"},
      {"error", "Error rate"},
      {"fpr", "False positive rate"},
      {"fnr", "False negative rate"},
      {"jaccard", "Jaccard coefficient"}};
  for (const auto& [choice, title] : titles) {
    if (value == choice) return std::string(title) + ", with the confusion matrix";
  }
  return call.info->title;
}

}  // namespace

MeasureInfo measure_confusion() {
  ParamInfo value;
  value.name = "value";
  value.choices = {"f1",    "precision", "recall", "specificity", "accuracy", "balanced_accuracy",
                   "error", "fpr",       "fnr",    "jaccard"};
  value.default_value = "f1";
  value.help =
      "the quantity given as the answer (the others are in the table): F1, precision, recall, "
      "specificity, accuracy, balanced accuracy ((recall + specificity)/2), error rate, FPR, FNR "
      "or Jaccard. The words precision, recall, accuracy, balanced accuracy and specificity name "
      "these on their own";

  MeasureInfo m;
  m.name = "confusion";
  m.title = "Confusion matrix and set measures";
  m.summary =
      "TP, FP, FN, TN and every measure of the table in Bhattacharya's CS657A notes: "
      "precision, recall, specificity, FPR, FNR, accuracy, error rate, F1, G-measure, Jaccard "
      "and Dice.";
  m.input = InputKind::confusion;
  m.aliases = {"confusion-matrix", "set-measures", "contingency"};
  m.formula =
      "\\text{precision} = \\frac{TP}{TP + FP},\\quad \\text{recall} = \\frac{TP}{TP + FN},\\quad "
      "\\text{accuracy} = \\frac{TP + TN}{D},\\quad F_1 = \\frac{2\\,TP}{2\\,TP + FP + FN}";
  m.params = {value};
  m.words = {{"precision", "value", "precision", true},
             {"recall", "value", "recall", true},
             {"accuracy", "value", "accuracy", false},
             {"balanced accuracy", "value", "balanced_accuracy", false},
             {"specificity", "value", "specificity", false}};
  m.example = "confusion";
  m.golden = {"S1", "sets-words"};
  m.run = &run_confusion;
  m.variant_title = &confusion_title;
  return m;
}

MeasureInfo measure_f() {
  ParamInfo beta;
  beta.name = "beta";
  beta.default_value = "1";
  beta.help = "the weight of recall against precision: β² = (1 − α)/α; β > 1 favours recall";
  beta.numeric = true;
  beta.excludes = "alpha";
  ParamInfo alpha;
  alpha.name = "alpha";
  alpha.help = "the weight on 1/P in 1/F = α/P + (1 − α)/R, from 0 to 1 (instead of beta)";
  alpha.numeric = true;
  alpha.maximum = Fraction{1, 1};
  alpha.excludes = "beta";

  MeasureInfo m;
  m.name = "F";
  m.title = "Weighted F-measure";
  m.summary =
      "The weighted harmonic mean of precision and recall; β > 1 weights recall (the notes' "
      "swapped form is explained beside it). F@k reads a ranked list and takes P@k and R@k.";
  m.input = InputKind::confusion;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {beta, alpha};
  m.aliases = {"F-measure", "F-score", "Fbeta", "F1"};
  m.formula =
      "F_\\beta = \\frac{(\\beta^2 + 1)\\,P\\,R}{\\beta^2 P + R},\\qquad \\frac{1}{F} = "
      "\\frac{\\alpha}{P} + \\frac{1 - \\alpha}{R},\\quad \\beta^2 = \\frac{1 - \\alpha}{\\alpha}";
  m.example = "F(beta=2)";
  m.golden = {"S1"};
  m.run = &run_f_measure;
  m.cutoff_input = InputKind::ranked_list;
  m.variant_title = &f_title;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of confusion, F (check.cpp, check_slips.h) ---------------------

namespace irm::checking {
namespace {

const char* const kCounts = "TP, FP, FN and TN (truly relevant or not, returned or not)";

std::string set_formula(const std::string& q) {
  static const std::vector<std::pair<std::string, std::string>> formulas = {
      {"precision", "precision = TP/(TP + FP)"},
      {"recall", "recall = TP/(TP + FN)"},
      {"specificity", "specificity = TN/(TN + FP)"},
      {"FPR", "FPR = FP/(FP + TN)"},
      {"FNR", "FNR = FN/(FN + TP)"},
      {"accuracy", "accuracy = (TP + TN)/(TP + FP + FN + TN)"},
      {"error", "error = (FP + FN)/(TP + FP + FN + TN)"},
      {"F1", "P = TP/(TP + FP), R = TP/(TP + FN) and F1 = 2PR/(P + R)"},
      {"G", "P = TP/(TP + FP), R = TP/(TP + FN) and G = √(P · R)"},
      {"jaccard", "jaccard = TP/(TP + FP + FN)"},
      {"dice", "dice = 2TP/(2TP + FP + FN)"},
  };
  for (const auto& [name, formula] : formulas) {
    if (name == q) return formula;
  }
  return "";
}

}  // namespace

std::string count_hint(const std::string& q) {
  if (q == "TP" || q == "FP" || q == "FN" || q == "TN") {
    return std::string("Count ") + kCounts + " from the input; " + q + " is one of them.";
  }
  return "";
}

std::string set_formula_hint(const std::string& q) {
  const std::string formula = set_formula(q);
  if (!formula.empty()) return std::string("Check ") + kCounts + ", then " + formula + ".";
  return "";
}

namespace {

// "2", "1.4142": a value with no exact form, shortened when whole.
std::string whole_or_decimal(const Number& n) {
  if (n.approx == std::round(n.approx)) return std::to_string(static_cast<long long>(n.approx));
  return to_decimal(n, 4);
}

struct FParts {
  Number precision, recall, weight;  // weight = β²
};

std::optional<FParts> f_parts(const Context& c) {
  const Number* p = value_of(c.outcome, "precision");
  const Number* r = value_of(c.outcome, "recall");
  const Number* w = value_of(c.outcome, "beta2");
  if (!p || !r || !w) return std::nullopt;
  return FParts{*p, *r, *w};
}

// (w + 1)PR / (wP + R), 0 when P and R are 0.
Number f_value(const Number& p, const Number& r, const Number& w) {
  const Number below = w * p + r;
  if (below.approx == 0.0) return whole(0);
  return (w + whole(1)) * p * r / below;
}

std::optional<Candidate> f_swapped(const Context& c) {
  const auto f = f_parts(c);
  if (!f || f->weight.approx == 1.0) return std::nullopt;
  // With β and 1/β swapped the weight β² sits on precision: (β²+1)PR/(P + β²R).
  return Candidate{"f.weights_swapped", f_value(f->recall, f->precision, f->weight),
                   "β and 1/β swapped: " + c.answer +
                       " puts the weight β² = " + number_text(f->weight) +
                       " on precision, as the lecture notes “Week 3: Metrics” write F; "
                       "F_β = (β² + 1)PR/(β²P + R) weights recall when β > 1"};
}

std::optional<Candidate> f_not_squared(const Context& c) {
  const auto f = f_parts(c);
  if (!f || f->weight.approx == 1.0 || f->weight.approx <= 0.0) return std::nullopt;
  Number beta;
  beta.approx = std::sqrt(f->weight.approx);
  const double v = f_value(f->precision, f->recall, beta).approx;
  Number value;
  value.approx = v;
  return Candidate{"f.beta_not_squared", value,
                   c.answer + " uses β = " + whole_or_decimal(beta) +
                       " where the formula has β² = " + number_text(f->weight) +
                       ": F_β = (β² + 1)PR/(β²P + R)"};
}

std::optional<Candidate> f_rounded(const Context& c) {
  const auto f = f_parts(c);
  if (!f) return std::nullopt;
  const Number p = rounded2(f->precision);
  const Number r = rounded2(f->recall);
  return Candidate{"f.rounded_intermediates", f_value(p, r, f->weight),
                   "you rounded P and R to 2 decimals (" + to_decimal(p, 2) + " and " +
                       to_decimal(r, 2) + ") before combining them; keep them exact"};
}

// A 2 × 2 grid with no label naming its sides is read with rows the truth; a student whose rows
// were what the system returned has FP and FN swapped. Only for such a bare grid
// (ConfusionInput::bare_grid), recomputed with the two cells exchanged.
std::optional<Candidate> confusion_transposed(const Context& c) {
  const auto parsed = parse_confusion(c.input);
  if (!parsed.ok() || !parsed.value().bare_grid || !parsed.value().tn) return std::nullopt;
  const ConfusionInput& in = parsed.value();
  if (in.fp == in.fn) return std::nullopt;
  const std::string cells = "TP = " + std::to_string(in.tp) + ", FP = " + std::to_string(in.fn) +
                            ", FN = " + std::to_string(in.fp) + ", TN = " + std::to_string(*in.tn);
  const auto other = compute(c.outcome.measure,
                             "tp=" + std::to_string(in.tp) + " fp=" + std::to_string(in.fn) +
                                 " fn=" + std::to_string(in.fp) + " tn=" + std::to_string(*in.tn),
                             c.options);
  if (!other.ok()) return std::nullopt;
  const Number* value = c.key.empty() ? &other.value().value : value_of(other.value(), c.key);
  if (value == nullptr) return std::nullopt;
  return Candidate{"confusion.transposed", *value,
                   c.answer + " is " + c.asked +
                       " of the grid read the other way, rows returned and not returned (" + cells +
                       "); the grid was read with rows the truth (FP = " + std::to_string(in.fp) +
                       ", FN = " + std::to_string(in.fn) +
                       "). If its rows are what the system returned, add a first line relevant "
                       "non-relevant to say so"};
}

std::string sets_hint(const Context& c, const std::string& q, bool main) {
  const std::string& family = c.call.info->name;
  if (family != "confusion" && family != "F") return "";
  const std::string count_text = count_hint(q);
  if (!count_text.empty()) return count_text;
  if (family == "F" && c.call.rank_cutoff) {  // F@k of a ranked list: P@k and R@k
    const std::string k = std::to_string(*c.call.rank_cutoff);
    const std::string counts = "Count the relevant documents in the top " + k;
    if (q == "precision") return counts + " and divide by k = " + k + ".";
    if (q == "recall") return counts + " and divide by " + r_text(c) + ".";
    if (main || q == "F") {
      const Number* w = value_of(c.outcome, "beta2");
      return counts + "; P@" + k + " divides them by k = " + k + ", R@" + k + " by " + r_text(c) +
             "; then F = (β² + 1)PR/(β²P + R) with β² = " +
             (w ? number_text(*w) : std::string("β²")) + ".";
    }
  }
  if (family == "F" && (main || q == "F")) {
    const Number* w = value_of(c.outcome, "beta2");
    return std::string("Check ") + kCounts +
           ", then P = TP/(TP + FP), R = TP/(TP + FN) and F = (β² + 1)PR/(β²P + R) with β² = " +
           (w ? number_text(*w) : std::string("β²")) + ".";
  }
  return set_formula_hint(q);
}

}  // namespace

const CheckFamily& set_measures_checks() {
  static const CheckFamily family = {
      {
          {{"confusion.transposed",
            {"confusion", "F"},
            "a 2 × 2 grid with no labels read the other way (rows returned and not returned): FP "
            "and "
            "FN swapped"},
           &confusion_transposed},
          {{"f.weights_swapped",
            {"F"},
            "F with β and 1/β swapped: the weight β² on precision (as the lecture notes “Week 3: "
            "Metrics” write F)"},
           &f_swapped},
          {{"f.beta_not_squared", {"F"}, "F with β where the formula has β²"}, &f_not_squared},
      },
      {
          {{"f.rounded_intermediates", {"F"}, "P and R rounded to 2 decimals first"}, &f_rounded},
      },
      &sets_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's set measures and utility as the TREC engine computes them from a run and qrels
// (measure_table() in trec/measures.cpp lists them): the retrieved list as the set, its
// confusion counts in doubles, a ratio with a 0 denominator taken as 0 as above.
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

// a TP + b FP + c FN + d TN, the collection's size given by -N.
void utility(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<double>& p = r.values;
  out[r.first_slot] =
      p[0] * static_cast<double>(t.num_rel_ret) +
      p[1] * static_cast<double>(t.num_ret - t.num_rel_ret) +
      p[2] * static_cast<double>(t.num_rel - t.num_rel_ret) +
      p[3] * static_cast<double>(t.collection_size + t.num_rel_ret - t.num_ret - t.num_rel);
}

void set_p(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = over_count(static_cast<double>(t.num_rel_ret), t.num_ret);
}
void set_relative_p(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t best = std::min(t.num_ret, t.num_rel);
  out[r.first_slot] = over_count(static_cast<double>(t.num_rel_ret), best);
}
void set_recall(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = over_count(static_cast<double>(t.num_rel_ret), t.num_rel);
}
void set_map(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] =
      (t.num_ret && t.num_rel)
          ? (static_cast<double>(t.num_rel_ret) * static_cast<double>(t.num_rel_ret)) /
                (static_cast<double>(t.num_ret) * static_cast<double>(t.num_rel))
          : 0.0;
}
// F with beta squared = the parameter (set_F.1 is F1).
void set_f(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = 0.0;
  if (!t.num_ret || !t.num_rel || !t.num_rel_ret) return;
  const double p = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_ret);
  const double rc = static_cast<double>(t.num_rel_ret) / static_cast<double>(t.num_rel);
  const double x = r.values[0];
  out[r.first_slot] = (x + 1.0) * p * rc / (x * p + rc);
}

}  // namespace

const MeasureDef& trec_utility_def() {
  static const MeasureDef def{"utility",
                              Params::double_params,
                              "1,-1,0,0",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "a*rel_ret + b*nonrel_ret + c*rel_not_ret + d*nonrel_not_ret",
                              utility};
  return def;
}

const MeasureDef& trec_set_p_def() {
  static const MeasureDef def{"set_P",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "precision of the whole list",
                              set_p};
  return def;
}

const MeasureDef& trec_set_relative_p_def() {
  static const MeasureDef def{"set_relative_P",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "set precision divided by the best possible",
                              set_relative_p};
  return def;
}

const MeasureDef& trec_set_recall_def() {
  static const MeasureDef def{"set_recall",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "recall of the whole list",
                              set_recall};
  return def;
}

const MeasureDef& trec_set_map_def() {
  static const MeasureDef def{"set_map",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "set precision times set recall",
                              set_map};
  return def;
}

const MeasureDef& trec_set_f_def() {
  static const MeasureDef def{"set_F",
                              Params::double_params,
                              "1",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "F of the whole list; the parameter is beta squared",
                              set_f};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// The set measures on TREC files, as ir_measures names them (trec/ir_spec.h): trec_eval's set_P
// (set_relative_P with relative=True), set_recall, set_F (beta= its parameter) and set_map.

namespace irm::trec {

const std::vector<IrMeasureSpec>& set_measures_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec setp;
    setp.name = "SetP";
    setp.params = {"rel", "relative", "judged_only"};
    setp.aliases = {{"SetRelP", "relative", "True"}};
    setp.help =
        "precision of the whole list (trec_eval's set_P); relative=True: over min(R, n) "
        "(set_relative_P)";
    setp.request = [](const IrMeasure& m, IrRequest& q) {
      q.request.def = q.trec_eval(m.relative ? "set_relative_P" : "set_P");
    };

    IrMeasureSpec setr;
    setr.name = "SetR";
    setr.params = {"rel"};
    setr.help = "recall of the whole list (trec_eval's set_recall)";
    setr.trec_eval = "set_recall";

    IrMeasureSpec setf;
    setf.name = "SetF";
    setf.params = {"rel", "beta", "judged_only"};
    setf.help = "F of the whole list (trec_eval's set_F, beta= its parameter)";
    setf.trec_eval = "set_F";
    setf.request = [](const IrMeasure& m, IrRequest& q) { q.request.values.push_back(m.beta); };

    IrMeasureSpec setap;
    setap.name = "SetAP";
    setap.params = {"rel", "judged_only"};
    setap.help = "the whole list's precision times its recall (trec_eval's set_map)";
    setap.trec_eval = "set_map";
    return std::vector<IrMeasureSpec>{setp, setr, setf, setap};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
