// Discounted cumulative gain (DCG), its ideal (IDCG) and the normalised nDCG of a graded list.
//
//   DCG@p  = sum over ranks i = 1..p of gain(rel_i) / discount(i)
//   IDCG@p = DCG@p of the ideal ranking: every judged grade (retrieved and unretrieved) sorted
//            from the highest down
//   nDCG@p = DCG@p / IDCG@p
//
// dcg=notes (default; Bhattacharya's CS657A notes, lecture notes "Week 3: Metrics"):
//   gain = rel, discount = 1 at rank 1 and log2 i after, i.e. DCG = rel_1 + sum_{i>=2} rel_i /
//   log2 i.
// dcg=trec (trec_eval, scikit-learn): gain = rel, discount = log2(i + 1).
// dcg=burges (Burges et al., mentioned in Bhattacharya's CS657A notes): gain = 2^rel - 1,
//   discount = log2(i + 1).
// No cutoff: DCG over the whole list and IDCG over the whole ideal ranking (all judged grades,
// as trec_eval's ndcg does). A cutoff past the list adds nothing to DCG.
//
// The ideal ranking (IDCG and nDCG only), ideal=:
//   judged (default; trec_eval, scikit-learn's ndcg_score): every judged grade the text gives,
//     the list's and the `unretrieved:` line's, sorted from the highest down, over k ranks (over
//     all of them without a cutoff).
//   retrieved: only the list's own grades sorted, the unretrieved ones left out (tutorials that
//     build the ideal by re-sorting the retrieved results).
//   min_rk: over only min(k, number of relevant) ideal ranks, k being the cutoff or, without
//     one, the length of the list, as Wikipedia's "Discounted cumulative gain" prints IDCG_p
//     over |REL_p| (the relevant documents up to position p). Grades of 0 add nothing, so with
//     a cutoff this is the judged ideal; without one it differs when the unretrieved grades
//     make more relevant documents than the list is long.
// Each other ideal is offered as an alternative when its value differs.
// scikit-learn's ndcg_score(y_true, y_score, k) is nDCG(dcg=trec)@k: gains as given, discount
// log2(i + 1), ideal from the true grades given. It ranks by y_score and averages the gains of
// tied scores (ignore_ties=False); a graded list carries no scores, so ties are the reader's to
// break, and it says how in a note.
// Values are
// exact while every discount is rational (log2 of a power of two); otherwise they are doubles with
// the formula that made them. 0/0: nDCG with IDCG = 0 is 0, said in a note. The other two forms are
// offered as alternatives, with the reason they differ.
//
// Golden tests: dcg-4-3-4-2, capitals-method-1-dcg, capitals-method-2-dcg, capitals-method-3-dcg,
// dcg-3-2-1, ideal-judged-retrieved-min-rk (tests/core/golden_graded.cpp).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "check_slips.h"
#include "common.h"
#include "irm/inputs.h"
#include "trec/family_measures.h"
#include "trec/ir_spec.h"
#include "trec/irmeasures.h"
#include "trec/plan.h"

// The teaching half, to "on TREC files" below: the wasm build compiles each half where it is
// used (wasm/CMakeLists.txt), the native builds both.
#ifndef IRM_ONLY_TREC_HALVES

namespace irm {
namespace {

enum class Form { notes, trec, burges };

constexpr std::int64_t max_burges_grade = 100;

std::optional<InputError> too_large_for_burges(const GradedList& list) {
  const Fraction largest{max_burges_grade, 1};
  const std::string rule = "dcg=burges takes 2^grade − 1 as the gain, so grades can be at most " +
                           std::to_string(max_burges_grade);
  for (const GradedDoc& doc : list.docs) {
    if (compare(doc.grade, largest) > 0) {
      return InputError{ErrorCode::out_of_range,
                        rule + "; found '" + to_short_decimal(doc.grade) + "' at line " +
                            std::to_string(doc.where.line) + ", column " +
                            std::to_string(doc.where.column),
                        doc.where};
    }
  }
  for (const Fraction grade : list.unretrieved) {
    if (compare(grade, largest) > 0) {
      return InputError{ErrorCode::out_of_range,
                        rule + "; found the unretrieved grade '" + to_short_decimal(grade) + "'",
                        Span{}};
    }
  }
  return std::nullopt;
}

Form parse_form(const std::string& name) {
  if (name == "trec") return Form::trec;
  if (name == "burges") return Form::burges;
  return Form::notes;
}

// The number the discount divides by at rank i: log2 i (notes, rank 1 undiscounted) or
// log2(i + 1) (trec, burges).
std::int64_t log_argument(Form form, std::int64_t rank) {
  return form == Form::notes ? rank : rank + 1;
}

// log2 n, exact when n is a power of two.
Number log2_of(std::int64_t n) {
  if ((n & (n - 1)) == 0) {
    std::int64_t k = 0;
    while ((std::int64_t{1} << k) < n) ++k;
    return whole(k);
  }
  Number out;
  out.approx = std::log2(static_cast<double>(n));
  out.formula = "log2(" + std::to_string(n) + ")";
  return out;
}

Number gain_of(Form form, Fraction grade) {
  if (form != Form::burges) return exact_number(grade);
  if (grade.den == 1 && grade.num <= 62) return whole(exp_gain(grade.num));
  Number out;
  out.approx = std::pow(2.0, to_double(grade)) - 1.0;
  out.formula = "2^" + to_short_decimal(grade) + " - 1";
  return out;
}

std::string latex_number(const Number& n) {
  return n.exact ? to_latex(*n.exact) : to_decimal(n, 4);
}

// "= \frac{28}{45}" or "\approx 0.9189": how a result line ends.
std::string latex_result(const Number& n) {
  return n.exact ? "= " + latex_value(n) : "\\approx " + to_decimal(n, 4);
}

struct DcgRow {
  std::int64_t rank = 0;
  const GradedDoc* doc = nullptr;  // null past the end of the list
  Number gain;
  Number discount;
  Number discounted;  // gain / discount
  Number dcg;
  std::string latex_term;  // "\frac{3}{\log_2 3}"
  std::string plain_term;  // "3/log2(3)"
};

struct DcgWalk {
  std::vector<DcgRow> rows;
  Number total = whole(0);
  std::vector<std::string> latex_terms;
  std::vector<std::string> plain_terms;
};

// DCG of `grades` down to `depth`, rank by rank. With `groups` (ties=average: each document's
// group of tied scores), each document's gain is the mean gain of its whole group, so that the
// group shares its ranks' discounts (scikit-learn's _tie_averaged_dcg).
DcgWalk walk(Form form, const std::vector<Fraction>& grades, const std::vector<GradedDoc>* docs,
             std::int64_t depth, const std::vector<std::size_t>* groups = nullptr) {
  DcgWalk w;
  std::vector<Number> group_gain;
  if (groups && groups->size() == grades.size() && !groups->empty()) {
    std::vector<Number> sum(groups->back() + 1, whole(0));
    std::vector<std::int64_t> count(sum.size(), 0);
    for (std::size_t i = 0; i < grades.size(); ++i) {
      sum[(*groups)[i]] = sum[(*groups)[i]] + gain_of(form, grades[i]);
      ++count[(*groups)[i]];
    }
    for (std::size_t g = 0; g < sum.size(); ++g) group_gain.push_back(sum[g] / whole(count[g]));
  }
  for (std::int64_t rank = 1; rank <= depth; ++rank) {
    const auto index = static_cast<std::size_t>(rank - 1);
    const Fraction grade = index < grades.size() ? grades[index] : Fraction{0, 1};
    DcgRow row;
    row.rank = rank;
    row.doc = docs && index < docs->size() ? &(*docs)[index] : nullptr;
    const bool averaged = !group_gain.empty() && index < grades.size();
    row.gain = averaged ? group_gain[(*groups)[index]] : gain_of(form, grade);
    const bool undiscounted = form == Form::notes && rank == 1;
    row.discount = undiscounted ? whole(1) : log2_of(log_argument(form, rank));
    if (row.gain.exact && row.gain.exact->num == 0) {
      row.discounted = whole(0);
    } else if (row.discount.exact) {
      row.discounted = row.gain / row.discount;
    } else {
      row.discounted.approx = row.gain.approx / row.discount.approx;
      row.discounted.formula = number_text(row.gain) + "/" + row.discount.formula;
    }
    w.total = w.total + row.discounted;
    row.dcg = w.total;
    const bool zero = row.gain.exact && row.gain.exact->num == 0;
    if (!zero) {
      const bool power = form == Form::burges && !averaged;
      const std::string gain_latex =
          power ? "(2^{" + to_short_decimal(grade) + "} - 1)" : latex_number(row.gain);
      const std::string gain_plain =
          power ? "(2^" + to_short_decimal(grade) + " - 1)" : number_text(row.gain);
      if (undiscounted) {
        row.latex_term = gain_latex;
        row.plain_term = gain_plain;
      } else {
        const std::string arg = std::to_string(log_argument(form, rank));
        row.latex_term = "\\frac{" + gain_latex + "}{\\log_2 " + arg + "}";
        row.plain_term = gain_plain + "/log2(" + arg + ")";
      }
      w.latex_terms.push_back(row.latex_term);
      w.plain_terms.push_back(row.plain_term);
    }
    w.rows.push_back(row);
  }
  if (!w.total.exact) {
    std::string formula;
    for (std::size_t i = 0; i < w.plain_terms.size(); ++i) {
      if (i == 8 && w.plain_terms.size() > 10) {
        formula += " + …";
        break;
      }
      formula += (i ? " + " : "") + w.plain_terms[i];
    }
    w.total.formula = formula;
  }
  return w;
}

Number quotient(const Number& dcg, const Number& ideal) {
  if (ideal.approx == 0.0) return whole(0);
  if (dcg.exact && ideal.exact) return dcg / ideal;
  // The same terms in the same order (the list is in ideal order) give the same double: the
  // ratio is exactly 1, not 0.99999….
  if (dcg.approx == ideal.approx) return whole(1);
  Number out;
  out.approx = dcg.approx / ideal.approx;
  out.formula = "DCG/IDCG = " + to_decimal(dcg, 4) + "/" + to_decimal(ideal, 4);
  return out;
}

const char* form_name(Form form) {
  switch (form) {
    case Form::notes:
      return "notes";
    case Form::trec:
      return "trec";
    case Form::burges:
      return "burges";
  }
  return "notes";
}

std::string form_note(Form form) {
  switch (form) {
    case Form::notes:
      return "DCG in the notes' form (Bhattacharya's CS657A notes, the lecture notes “Week 3: "
             "Metrics”): rel_1 + Σ_{i≥2} rel_i / log2 i; rank 1 and rank 2 are both undiscounted "
             "(log2 2 = 1).";
    case Form::trec:
      return "DCG in trec_eval's form (also scikit-learn): Σ rel_i / log2(i + 1); rank 1 is "
             "undiscounted and every later rank is discounted one step more than in the notes.";
    case Form::burges:
      return "DCG in Burges et al.'s form: Σ (2^rel_i − 1) / log2(i + 1), which stresses highly "
             "relevant documents (Bhattacharya's CS657A notes mention it).";
  }
  return "";
}

std::string form_difference(Form form, Form other) {
  if (other == Form::notes) {
    return "the notes' form rel_1 + Σ rel_i / log2 i discounts rank i by log2 i, one step less "
           "than log2(i + 1)";
  }
  if (other == Form::trec) {
    return std::string("trec_eval's form Σ rel_i / log2(i + 1) discounts rank i by log2(i + 1)") +
           (form == Form::burges ? " and uses the grade itself as the gain" : "");
  }
  return std::string("Burges' form uses the gain 2^rel − 1") +
         (form == Form::notes ? " and the discount log2(i + 1)" : "");
}

// Why the ideal `other` gives another IDCG, and who builds it so.
std::string ideal_difference(const std::string& other) {
  if (other == "retrieved") {
    return "its ideal ranking sorts only the retrieved grades, leaving out the judged grades "
           "that were not retrieved (tutorials that re-sort the retrieved results)";
  }
  if (other == "min_rk") {
    return "its ideal ranking stops after min(k, relevant) ranks, k being the length of the list "
           "without a cutoff (Wikipedia's “Discounted cumulative gain” sums IDCG_p over the "
           "relevant documents up to position p)";
  }
  return "its ideal ranking sorts every judged grade, retrieved or not, over the whole ideal "
         "ranking without a cutoff (trec_eval, scikit-learn)";
}

struct Computed {
  std::int64_t depth = 0;  // the ranks DCG runs over
  std::int64_t ideal_depth = 0;
  DcgWalk dcg;
  DcgWalk ideal;
  std::vector<Fraction> ideal_grades;
};

// The call's ideal= choice; "judged" for DCG, which has no ideal.
// A parameter of the call, or `otherwise` for a measure without it (IDCG has no ties).
std::string param_or(const MeasureCall& call, const char* name, const char* otherwise) {
  for (const auto& [key, value] : call.params) {
    if (key == name) return value;
  }
  return otherwise;
}

std::string ideal_of(const MeasureCall& call) { return param_or(call, "ideal", "judged"); }

Computed compute_all(const MeasureCall& call, const GradedList& list, Form form) {
  Computed c;
  const std::string ideal = ideal_of(call);
  std::vector<Fraction> grades;
  for (const GradedDoc& d : list.docs) grades.push_back(d.grade);
  c.ideal_grades = grades;
  if (ideal != "retrieved") {
    c.ideal_grades.insert(c.ideal_grades.end(), list.unretrieved.begin(), list.unretrieved.end());
  }
  std::stable_sort(c.ideal_grades.begin(), c.ideal_grades.end(),
                   [](Fraction a, Fraction b) { return compare(a, b) > 0; });
  const auto n = static_cast<std::int64_t>(grades.size());
  const auto m = static_cast<std::int64_t>(c.ideal_grades.size());
  c.depth = call.rank_cutoff.value_or(n);
  // min(k, relevant) ideal ranks: the ranks past the relevant ones add 0, so cutting the ideal at
  // k (the list's length without a cutoff) is enough.
  c.ideal_depth = call.rank_cutoff.value_or(ideal == "min_rk" ? std::min(n, m) : m);
  // Past both rankings every gain is 0 and DCG stays as it is: the walk stops there, so a cutoff
  // of 10^9 on a short list costs nothing (found by fuzzing: it ran out of memory).
  const std::int64_t walked =
      std::min(std::max(c.depth, c.ideal_depth), std::max<std::int64_t>({n, m, 1}));
  const bool average_ties = param_or(call, "ties", "order") == "average";
  c.dcg = walk(form, grades, &list.docs, walked, average_ties ? &list.tie_groups : nullptr);
  c.ideal = walk(form, c.ideal_grades, nullptr, walked);
  return c;
}

// The value a DCG-family measure reports: which of DCG, IDCG, nDCG the name asks for.
enum class Which { dcg, ideal, normalised };

// The DCG at the walk's last rank, with the walk's formula when it is irrational (the row
// itself carries none, so as not to repeat the whole sum in every cell of the table).
Number total_of(const DcgWalk& w, std::int64_t depth) {
  const std::size_t at = std::min(static_cast<std::size_t>(depth), w.rows.size());
  Number out = w.rows[at - 1].dcg;
  if (!out.exact && at == w.rows.size()) out.formula = w.total.formula;
  return out;
}

Number dcg_value_of(const Computed& c, Which which) {
  const Number dcg = total_of(c.dcg, c.depth);
  const Number ideal = total_of(c.ideal, c.ideal_depth);
  switch (which) {
    case Which::dcg:
      return dcg;
    case Which::ideal:
      return ideal;
    case Which::normalised:
      return quotient(dcg, ideal);
  }
  return dcg;
}

Result<Outcome> run_family(const MeasureCall& call, const Inputs& in, Which which) {
  const GradedList& list = *in.graded;
  const Form form = parse_form(call.param("dcg"));
  // 2^grade overflows a double past grade 1023, and a sum of such gains sooner: Burges' form is
  // meant for small grades (0 to 4 in practice), so a huge grade is refused, never shown as ∞.
  const std::optional<InputError> burges_error = too_large_for_burges(list);
  if (form == Form::burges && burges_error) return *burges_error;
  Outcome out = start_outcome(call, in);
  const Computed c = compute_all(call, list, form);
  const Number dcg = dcg_value_of(c, Which::dcg);
  const Number ideal = dcg_value_of(c, Which::ideal);
  const Number normalised = dcg_value_of(c, Which::normalised);
  out.value = dcg_value_of(c, which);
  out.values = {{"DCG", dcg}, {"IDCG", ideal}, {"nDCG", normalised}};

  const std::string at = call.rank_cutoff ? "@" + std::to_string(*call.rank_cutoff) : "";
  const std::string dcg_line =
      "\\text{DCG" + at + "} = " + latex_sum(c.dcg.latex_terms, 10) + " " + latex_result(dcg);
  const std::string ideal_line =
      "\\text{IDCG" + at + "} = " + latex_sum(c.ideal.latex_terms, 10) + " " + latex_result(ideal);
  switch (which) {
    case Which::dcg:
      out.working = dcg_line;
      break;
    case Which::ideal:
      out.working = ideal_line;
      break;
    case Which::normalised:
      out.working = dcg_line + " \\\\ " + ideal_line + " \\\\ \\text{nDCG" + at + "} = \\frac{" +
                    latex_number(dcg) + "}{" + latex_number(ideal) + "} " +
                    latex_result(normalised);
      break;
  }

  // The per-rank table of Bhattacharya's CS657A notes: grade, gain, factor, discounted gain, DCG,
  // and beside it the ideal ranking's grade, IDCG and their ratio.
  StepTable table{"DCG, IDCG and nDCG at each rank",
                  {"rank", "document", "grade", "gain", "factor", "discounted gain", "DCG",
                   "ideal grade", "IDCG", "nDCG"},
                  {},
                  {}};
  Chart gains{"dcg", "DCG and ideal DCG by rank", "rank", "gain", {}, {}, std::nullopt, ""};
  Series dcg_series{"DCG", Series::Kind::line, {}, false};
  Series ideal_series{"IDCG (ideal ranking)", Series::Kind::line, {}, false};
  Series ndcg_series{"nDCG", Series::Kind::line, {}, false};
  bool zero_ideal_seen = false;
  const std::size_t shown = c.dcg.rows.size();
  for (std::size_t i = 0; i < shown; ++i) {
    const DcgRow& row = c.dcg.rows[i];
    const DcgRow& ideal_row = c.ideal.rows[i];
    const Number ratio_here = quotient(row.dcg, ideal_row.dcg);
    zero_ideal_seen = zero_ideal_seen || ideal_row.dcg.approx == 0.0;
    const Number factor = row.discount.exact ? whole(1) / row.discount : [&] {
      Number f;
      f.approx = 1.0 / row.discount.approx;
      f.formula = "1/" + row.discount.formula;
      return f;
    }();
    const bool notes_first = form == Form::notes && row.rank == 1;
    const std::string factor_text =
        notes_first ? "1" : "1/log2(" + std::to_string(log_argument(form, row.rank)) + ")";
    const std::size_t index = i;
    const bool has_ideal_grade = index < c.ideal_grades.size();
    table.rows.push_back({
        text_cell(std::to_string(row.rank)),
        text_cell(row.doc && !row.doc->label.empty() ? row.doc->label : "—"),
        row.doc ? number_cell(exact_number(row.doc->grade)) : text_cell("—"),
        number_cell(row.gain),
        number_cell(factor_text, factor),
        number_cell(row.discounted),
        number_cell(row.dcg),
        has_ideal_grade ? number_cell(exact_number(c.ideal_grades[index])) : text_cell("—"),
        number_cell(ideal_row.dcg),
        number_cell(ratio_here),
    });
    dcg_series.points.emplace_back(static_cast<double>(row.rank), row.dcg.approx);
    ideal_series.points.emplace_back(static_cast<double>(row.rank), ideal_row.dcg.approx);
    ndcg_series.points.emplace_back(static_cast<double>(row.rank), ratio_here.approx);
  }
  if (call.rank_cutoff && *call.rank_cutoff <= static_cast<std::int64_t>(shown)) {
    table.highlight.push_back(static_cast<int>(*call.rank_cutoff - 1));
  }
  out.steps.push_back(std::move(table));

  std::string ideal_text;
  for (std::size_t i = 0; i < c.ideal_grades.size(); ++i) {
    ideal_text += (i ? ", " : "") + to_short_decimal(c.ideal_grades[i]);
  }
  const std::string ideal_choice = ideal_of(call);
  out.notes.push_back(form_note(form));
  if (ideal_choice == "retrieved") {
    std::string left_out;
    for (const Fraction g : list.unretrieved) {
      left_out += (left_out.empty() ? "" : ", ") + to_short_decimal(g);
    }
    out.notes.push_back(
        "The ideal ranking (ideal=retrieved) sorts only the retrieved grades from the highest "
        "down: " +
        ideal_text + "." +
        (left_out.empty() ? std::string()
                          : " The unretrieved judged grades (" + left_out +
                                ") are left out; trec_eval and scikit-learn count every judged "
                                "grade."));
  } else {
    out.notes.push_back(
        "The ideal ranking sorts every judged grade from the highest down: " + ideal_text + ".");
  }
  if (ideal_choice == "min_rk") {
    std::int64_t relevant = 0;
    for (const Fraction g : c.ideal_grades) relevant += g.num > 0 ? 1 : 0;
    const std::int64_t k = call.rank_cutoff.value_or(static_cast<std::int64_t>(list.docs.size()));
    out.notes.push_back("IDCG runs over min(k, relevant) = min(" + std::to_string(k) + ", " +
                        std::to_string(relevant) + ") = " + std::to_string(std::min(k, relevant)) +
                        " ideal ranks (ideal=min_rk, as Wikipedia's “Discounted cumulative gain” "
                        "sums IDCG_p over the relevant documents up to position p)" +
                        (call.rank_cutoff ? "." : ", k being the length of the list."));
  }
  if (call.rank_cutoff && *call.rank_cutoff > static_cast<std::int64_t>(list.docs.size())) {
    out.notes.push_back("Only " + plural(static_cast<std::int64_t>(list.docs.size()), "document") +
                        " were retrieved; the ranks after them add nothing to DCG.");
  }
  if (!call.rank_cutoff && c.ideal_depth > c.depth) {
    out.notes.push_back("Without a cutoff, IDCG runs over the whole ideal ranking (" +
                        std::to_string(c.ideal_depth) +
                        " judged documents, as trec_eval's ndcg does), DCG over the " +
                        std::to_string(c.depth) + " retrieved.");
  }
  if (zero_ideal_seen) {
    out.notes.push_back(
        "Where IDCG is 0 (no judged document has a grade above 0), nDCG would "
        "be 0/0; it is taken as 0.");
  }
  for (const Form other : {Form::notes, Form::trec, Form::burges}) {
    if (other == form || (other == Form::burges && burges_error)) continue;
    const Computed alt = compute_all(call, list, other);
    out.alternatives.push_back({canonical_name(call.with("dcg", form_name(other))),
                                dcg_value_of(alt, which), form_difference(form, other)});
  }
  if (which != Which::dcg) {
    for (const char* other : {"judged", "retrieved", "min_rk"}) {
      if (other == ideal_choice) continue;
      const MeasureCall other_call = call.with("ideal", other);
      const Number value = dcg_value_of(compute_all(other_call, list, form), which);
      // The same value under another ideal is not another answer: offered only when it differs.
      if (value.approx == out.value.approx) continue;
      out.alternatives.push_back({canonical_name(other_call), value, ideal_difference(other)});
    }
  }
  if (which != Which::ideal) {
    const bool average_ties = call.param("ties") == "average";
    if (!list.tie_groups.empty()) {
      const MeasureCall other_call = call.with("ties", average_ties ? "order" : "average");
      out.alternatives.push_back(
          {canonical_name(other_call), dcg_value_of(compute_all(other_call, list, form), which),
           average_ties ? "ranks the documents with tied scores in the order typed, each with "
                          "its own rank's discount"
                        : "gives each document with a tied score the mean gain of its tied "
                          "group, so that the group shares its ranks' discounts"});
    }
    if (average_ties) {
      out.notes.push_back(
          list.tie_groups.empty()
              ? "ties=average changes nothing here: no scores were given, or no two are equal."
              : "ties=average: each document with a tied score counts the mean gain of its tied "
                "group, so the group shares its ranks' discounts (McSherry and Najork, 2008), as "
                "scikit-learn's ndcg_score and dcg_score do by default (ignore_ties=False).");
    }
  }
  gains.series = {dcg_series, ideal_series};
  gains.description = "DCG and IDCG at ranks 1 to " + std::to_string(shown) + ": DCG ends at " +
                      to_decimal(dcg, 4) + ", IDCG at " + to_decimal(ideal, 4) + ".";
  Chart ratio{"ndcg",
              "nDCG by rank",
              "rank",
              "nDCG",
              {ndcg_series},
              {},
              std::nullopt,
              "nDCG at ranks 1 to " + std::to_string(shown) + ", ending at " +
                  to_decimal(normalised, 4) + "."};
  out.charts = {gains, ratio};
  finish_outcome(out);
  return out;
}

}  // namespace

static Result<Outcome> run_dcg(const MeasureCall& call, const Inputs& in) {
  return run_family(call, in, Which::dcg);
}

static Result<Outcome> run_ideal_dcg(const MeasureCall& call, const Inputs& in) {
  return run_family(call, in, Which::ideal);
}

static Result<Outcome> run_ndcg(const MeasureCall& call, const Inputs& in) {
  return run_family(call, in, Which::normalised);
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

ParamInfo dcg_param() {
  ParamInfo dcg;
  dcg.name = "dcg";
  dcg.choices = {"notes", "trec", "burges"};
  dcg.default_value = "notes";
  dcg.users = {{"notes", "Bhattacharya's CS657A notes and the lecture notes “Week 3: Metrics”"},
               {"trec", "trec_eval and scikit-learn's ndcg_score"},
               {"burges",
                "Burges et al. (and Manning et al.'s Introduction to Information "
                "Retrieval, eq. 8.9)"}};
  dcg.help =
      "the DCG form: rel_1 + Σ rel_i/log2 i (Bhattacharya's CS657A notes, the lecture notes "
      "“Week 3: Metrics”), Σ rel_i/log2(i+1) (trec_eval, scikit-learn) or Σ (2^rel_i − "
      "1)/log2(i+1) (Burges et al.)";
  return dcg;
}

std::string dcg_title(const MeasureCall& call) {
  const std::string& title = call.info->title;
  const std::string& form = call.param("dcg");
  if (form == "trec") return title + " (trec_eval's discount log2(i + 1))";
  if (form == "burges") return title + " (Burges' gain 2^rel − 1)";
  return title;
}

ParamInfo ideal_param() {
  ParamInfo ideal;
  ideal.name = "ideal";
  ideal.choices = {"judged", "retrieved", "min_rk"};
  ideal.default_value = "judged";
  ideal.users = {{"judged", "trec_eval and scikit-learn's ndcg_score"},
                 {"retrieved", "tutorials that re-sort the retrieved results"},
                 {"min_rk",
                  "Wikipedia's “Discounted cumulative gain” (IDCG_p over the relevant "
                  "documents up to position p)"}};
  ideal.help =
      "the ideal ranking: every judged grade given, the list's and the unretrieved ones "
      "(trec_eval, scikit-learn's ndcg_score), only the retrieved grades re-sorted (many "
      "tutorials), or only min(k, relevant) ideal ranks, k being the list's length without a "
      "cutoff (Wikipedia's “Discounted cumulative gain”)";
  return ideal;
}

ParamInfo ties_param() {
  ParamInfo ties;
  ties.name = "ties";
  ties.choices = {"order", "average"};
  ties.default_value = "order";
  ties.users = {{"order",
                 "trec_eval (which breaks ties itself) and scikit-learn's "
                 "ignore_ties=True"},
                {"average",
                 "scikit-learn's ndcg_score and dcg_score (ignore_ties=False, their "
                 "default)"}};
  ties.help =
      "documents with tied scores (grades ranked by y_score): in the order typed, each with its "
      "own rank's discount, or sharing their ranks, each with the mean gain of its tied group "
      "(scikit-learn's ndcg_score by default)";
  return ties;
}

MeasureInfo dcg_family_measure(bool with_ideal) {
  MeasureInfo m;
  m.input = InputKind::graded_list;
  m.cutoff = CutoffKind::rank_optional;
  m.params = {dcg_param()};
  if (with_ideal) m.params.push_back(ideal_param());
  m.variant_title = &dcg_title;
  return m;
}

}  // namespace

MeasureInfo measure_ndcg() {
  MeasureInfo m = dcg_family_measure(true);
  m.params.push_back(ties_param());
  m.name = "nDCG";
  m.title = "Normalised discounted cumulative gain";
  m.summary = "DCG divided by the DCG of the ideal ranking, at each rank: 1 is a perfect order.";
  m.aliases = {"ndcg_cut"};
  m.formula = "\\text{nDCG@}p = \\frac{\\text{DCG@}p}{\\text{IDCG@}p}";
  m.example = "nDCG(dcg=trec)@5";
  m.golden = {"G1", "G2", "G3", "G4", "ideal-judged-retrieved-min-rk"};
  m.run = &run_ndcg;
  return m;
}

MeasureInfo measure_dcg() {
  MeasureInfo m = dcg_family_measure(false);
  m.params.push_back(ties_param());
  m.name = "DCG";
  m.title = "Discounted cumulative gain";
  m.summary = "The grades summed down the ranking, each discounted by the log of its rank.";
  m.formula = "\\text{DCG@}p = \\text{rel}_1 + \\sum_{i=2}^{p} \\frac{\\text{rel}_i}{\\log_2 i}";
  m.example = "DCG@5";
  m.golden = {"G1", "G2", "G3", "G4", "G5"};
  m.run = &run_dcg;
  return m;
}

MeasureInfo measure_ideal_dcg() {
  MeasureInfo m = dcg_family_measure(true);
  m.name = "IDCG";
  m.title = "Ideal discounted cumulative gain";
  m.summary = "The DCG of the ideal ranking: every judged grade sorted from the highest down.";
  m.aliases = {"ideal_dcg"};
  m.formula = "\\text{IDCG@}p = \\text{DCG@}p \\text{ of the grades sorted in decreasing order}";
  m.example = "IDCG@5";
  m.golden = {"G1", "G4", "ideal-judged-retrieved-min-rk"};
  m.run = &run_ideal_dcg;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of DCG, IDCG, nDCG (check.cpp, check_slips.h) ------------------

namespace irm::checking {
namespace {

struct DcgRecipe {
  double log_base = 2.0;
  bool from_zero = false;  // the notes' form with ranks counted from 0
  bool ideal_unsorted = false;
  bool ideal_retrieved_only = false;
};

// DCG@depth of `grades` in the form `form` ("notes", "trec", "burges") with the recipe's slips.
double dcg_of(const std::vector<double>& grades, const std::string& form, const DcgRecipe& r,
              std::size_t depth) {
  double total = 0.0;
  const double ln_base = std::log(r.log_base);
  for (std::size_t i = 1; i <= std::min(depth, grades.size()); ++i) {
    const double grade = grades[i - 1];
    const double gain = form == "burges" ? std::pow(2.0, grade) - 1.0 : grade;
    double argument = form == "notes" ? static_cast<double>(i) : static_cast<double>(i + 1);
    if (r.from_zero) argument -= 1.0;
    // The notes leave rank 1 undiscounted; counted from 0, ranks 1 and 2 both have log ≤ 0.
    const double discount = argument <= 1.0 ? 1.0 : std::log(argument) / ln_base;
    total += gain / discount;
  }
  return total;
}

std::optional<double> dcg_family_value(const Context& c, const DcgRecipe& r) {
  const auto list = parse_graded_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::vector<double> grades;
  for (const auto& doc : list.value().docs) grades.push_back(to_double(doc.grade));
  std::vector<double> ideal = grades;
  if (!r.ideal_retrieved_only) {
    for (const auto& g : list.value().unretrieved) ideal.push_back(to_double(g));
  }
  if (!r.ideal_unsorted) std::sort(ideal.begin(), ideal.end(), std::greater<double>());
  const std::size_t depth =
      c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff) : grades.size();
  const std::size_t ideal_depth =
      c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff) : ideal.size();
  const std::string form = c.call.param("dcg");
  const double dcg = dcg_of(grades, form, r, depth);
  const double idcg = dcg_of(ideal, form, r, ideal_depth);
  const std::string& name = c.call.info->name;
  if (name == "DCG") return dcg;
  if (name == "IDCG") return idcg;
  if (idcg == 0.0) return std::nullopt;
  return dcg / idcg;
}

// The slip's value, but only when this file's DCG arithmetic reproduces the measure's own value
// without the slip (a guard against drifting from dcg.cpp).
std::optional<Number> dcg_slip(const Context& c, const DcgRecipe& slip) {
  const auto plain = dcg_family_value(c, DcgRecipe{});
  if (!plain || std::fabs(*plain - c.outcome.value.approx) > 1e-9) return std::nullopt;
  const auto value = dcg_family_value(c, slip);
  if (!value) return std::nullopt;
  Number out;
  out.approx = *value;
  return out;
}

std::optional<Candidate> dcg_log(const Context& c, double base) {
  const auto value = dcg_slip(c, DcgRecipe{base, false, false, false});
  if (!value) return std::nullopt;
  const bool natural = base != 10.0;
  return Candidate{natural ? "dcg.ln" : "dcg.log10", *value,
                   std::string("your DCG uses the ") +
                       (natural ? "natural logarithm ln" : "base-10 logarithm log10") +
                       " in the discount; the discount is log2 (ln i / ln 2 if your calculator "
                       "has no log2 key)"};
}

std::optional<Candidate> dcg_from_zero(const Context& c) {
  if (c.call.param("dcg") != "notes") return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, true, false, false});
  if (!value) return std::nullopt;
  return Candidate{"dcg.ranks_from_0", *value,
                   "you counted ranks from 0, so the document at rank i was discounted by "
                   "log2(i − 1); the notes leave rank 1 undiscounted and divide rank i ≥ 2 by "
                   "log2 i"};
}

std::optional<Candidate> ndcg_ideal_unsorted(const Context& c) {
  if (c.call.info->name != "nDCG") return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, false, true, true});
  if (!value) return std::nullopt;
  return Candidate{"ndcg.idcg_given_order", *value,
                   c.answer +
                       " divides DCG by the DCG of the grades in their given order (itself); the "
                       "ideal ranking sorts the judged grades from the highest down first"};
}

std::optional<Candidate> ndcg_ideal_retrieved_only(const Context& c) {
  if (c.call.info->name == "DCG") return std::nullopt;
  const auto list = parse_graded_list(c.input);
  if (!list.ok() || list.value().unretrieved.empty()) return std::nullopt;
  const auto value = dcg_slip(c, DcgRecipe{2.0, false, false, true});
  if (!value) return std::nullopt;
  std::string grades;
  for (const auto& g : list.value().unretrieved) {
    grades += (grades.empty() ? "" : ", ") + to_short_decimal(g);
  }
  return Candidate{"ndcg.idcg_retrieved_only", *value,
                   "your ideal ranking sorts only the retrieved grades; it also takes the judged "
                   "grades that were not retrieved (" +
                       grades + ")"};
}

std::optional<Candidate> ndcg_rounded(const Context& c) {
  const Number* dcg = value_of(c.outcome, "DCG");
  const Number* ideal = value_of(c.outcome, "IDCG");
  if (c.call.info->name != "nDCG" || !dcg || !ideal) return std::nullopt;
  const Number d = rounded2(*dcg);
  const Number i = rounded2(*ideal);
  if (i.approx == 0.0) return std::nullopt;
  return Candidate{"ndcg.rounded_intermediates", d / i,
                   "you rounded DCG and IDCG to 2 decimals (" + to_decimal(d, 2) + " and " +
                       to_decimal(i, 2) +
                       ") before dividing; divide the unrounded values and round only nDCG"};
}

std::string dcg_form(const Context& c) {
  const std::string& form = c.call.param("dcg");
  if (form == "trec") return "the grade at rank i divided by log2(i + 1)";
  if (form == "burges") return "the gain 2^grade − 1 at rank i divided by log2(i + 1)";
  return "the grade at rank 1 as it is, the grade at rank i ≥ 2 divided by log2 i";
}

std::string graded_hint(const Context& c, const std::string& q, bool /*main*/) {
  const std::string& family = c.call.info->name;
  if (family != "DCG" && family != "IDCG" && family != "nDCG") return "";
  const std::string top = top_text(c);
  const std::string form = " (" + dcg_form(c) + ")";
  std::string ideal;
  const auto list = parse_graded_list(c.input);
  if (list.ok()) {
    std::vector<Fraction> grades;
    for (const auto& doc : list.value().docs) grades.push_back(doc.grade);
    for (const auto& g : list.value().unretrieved) grades.push_back(g);
    std::sort(grades.begin(), grades.end(),
              [](Fraction a, Fraction b) { return compare(a, b) > 0; });
    if (!grades.empty()) {
      ideal =
          ": " + list_of(grades.size(), [&](std::size_t i) { return to_short_decimal(grades[i]); });
    }
  }
  if (q == "DCG") return "Check each rank's discounted gain" + top + form + " and their sum.";
  if (q == "IDCG") {
    return "Sort every judged grade, retrieved or not, from the highest down" + ideal +
           "; then check each rank's discounted gain" + top + " in that ideal ranking" + form +
           " and their sum.";
  }
  if (q == "nDCG") {
    return "Check DCG, each rank's discounted gain" + top + form +
           " summed; IDCG, the same sum over every judged grade sorted from the highest down" +
           ideal + "; then nDCG = DCG/IDCG.";
  }
  return "";
}

}  // namespace

const CheckFamily& dcg_checks() {
  static const CheckFamily family = {
      {
          {{"dcg.ln", {"DCG", "IDCG", "nDCG"}, "DCG discounted with the natural logarithm"},
           [](const Context& c) { return dcg_log(c, std::exp(1.0)); }},
          {{"dcg.log10", {"DCG", "IDCG", "nDCG"}, "DCG discounted with the base-10 logarithm"},
           [](const Context& c) { return dcg_log(c, 10.0); }},
          {{"dcg.ranks_from_0",
            {"DCG", "IDCG", "nDCG"},
            "the notes' DCG with ranks counted from 0: rank i discounted by log2(i − 1)"},
           &dcg_from_zero},
          {{"ndcg.idcg_given_order",
            {"nDCG"},
            "IDCG taken from the grades in their given order instead of sorted"},
           &ndcg_ideal_unsorted},
          {{"ndcg.idcg_retrieved_only",
            {"IDCG", "nDCG"},
            "IDCG from the retrieved grades only, leaving out the unretrieved judged grades"},
           &ndcg_ideal_retrieved_only},
      },
      {
          {{"ndcg.rounded_intermediates", {"nDCG"}, "DCG and IDCG rounded to 2 decimals first"},
           &ndcg_rounded},
      },
      &graded_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's DCG measures (dcg, ideal_dcg, ndcg, ndcg_cut, ndcg_rel, Rndcg) and its G and binG
// as the TREC engine computes them from a run and qrels (measure_table() in trec/measures.cpp
// lists them), then gdeval.pl's nDCG (ir_measures' nDCG(dcg=exp-log2)@k, read in
// trec/irmeasures.cpp). Doubles, summed rank by rank in the order of the program each follows,
// so that their digits are that program's own. trec_eval's DCG is dcg=trec above, with the
// grades as gains (or the gains given) and the judged ideal (ideal=judged); gdeval's is
// dcg=burges's gain 2^g - 1 and discount log2(i + 1), over the judged ideal. Only the TREC
// engine refers to these, so the calculators' wasm modules leave them out; the TREC module
// compiles this half for speed (wasm/CMakeLists.txt).
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

// ---- trec_eval's gains: dcg, ideal_dcg, ndcg, ndcg_rel, Rndcg, G, ndcg_cut --------------------

struct Level {
  int grade;
  double gain;
  std::int64_t count;
};

// The gain levels of a topic: every judged grade (gain = grade unless given), plus the grades
// given gains that no document has; ascending by gain.
std::vector<Level> gain_levels(const Topic& t, const Requested& r) {
  std::vector<Level> levels;
  for (const auto& [grade, gain] : r.gains) levels.push_back(Level{grade, gain, 0});
  for (const GradeCount& gc : t.judged->grades) {
    auto it = std::find_if(levels.begin(), levels.end(),
                           [&](const Level& l) { return l.grade == gc.grade; });
    if (it != levels.end()) {
      it->count = gc.count;
    } else {
      levels.push_back(Level{gc.grade, static_cast<double>(gc.grade), gc.count});
    }
  }
  std::stable_sort(levels.begin(), levels.end(),
                   [](const Level& a, const Level& b) { return a.gain < b.gain; });
  return levels;
}

// The ideal ranking, walked one rank at a time from the highest gain down.
class IdealWalk {
 public:
  explicit IdealWalk(const std::vector<Level>& levels)
      : levels_(levels), current_(static_cast<std::ptrdiff_t>(levels.size()) - 1) {
    gain_ = current_ >= 0 ? levels_[static_cast<std::size_t>(current_)].gain : 0.0;
  }
  // Moves to the next rank's gain (0 once every positive gain is placed).
  void step() {
    ++at_level_;
    while (current_ >= 0 && at_level_ > levels_[static_cast<std::size_t>(current_)].count) {
      at_level_ = 1;
      --current_;
      gain_ = current_ >= 0 ? levels_[static_cast<std::size_t>(current_)].gain : 0.0;
    }
  }
  double gain() const { return gain_; }

 private:
  const std::vector<Level>& levels_;
  std::ptrdiff_t current_;
  std::int64_t at_level_ = 0;
  double gain_;
};

double discount(std::int64_t i) { return std::log2(static_cast<double>(i + 2)); }

struct Dcg {
  double results = 0.0;
  double ideal = 0.0;
};

// DCG of the run and of the ideal ranking over the whole list and every positive ideal gain.
Dcg full_dcg(const Topic& t, const Requested& r) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  Dcg dcg;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) dcg.results += gain / discount(i);
    ideal.step();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) dcg.results += gain / discount(i);
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) dcg.ideal += ideal.gain() / discount(i);
    ++i;
  }
  return dcg;
}

void dcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = full_dcg(t, r).results;
}
void ideal_dcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = full_dcg(t, r).ideal;
}
void ndcg(const Topic& t, const Requested& r, double* out, std::string*) {
  const Dcg d = full_dcg(t, r);
  out[r.first_slot] = d.ideal > 0.0 ? d.results / d.ideal : 0.0;
}

void ndcg_cut(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  // The run's DCG at each cutoff.
  double results = 0.0;
  std::int64_t rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    const std::int64_t stop = std::min(r.cutoffs[c], t.num_ret);
    for (; rank < stop; ++rank) {
      const double gain = gain_of((*t.grades)[static_cast<std::size_t>(rank)], r);
      if (gain != 0) results += gain / discount(rank);
    }
    out[r.first_slot + c] = results;
  }
  // The ideal DCG at each cutoff.
  IdealWalk ideal(levels);
  double ideal_dcg = 0.0;
  rank = 0;
  for (std::size_t c = 0; c < r.cutoffs.size(); ++c) {
    for (; rank < r.cutoffs[c] && ideal.gain() > 0.0; ++rank) {
      ideal.step();
      if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(rank);
    }
    double& value = out[r.first_slot + c];
    value = ideal_dcg > 0.0 ? value / ideal_dcg : 0.0;
  }
}

void ndcg_rel(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  double results = 0.0;
  double ideal_dcg = 0.0;
  double sum = 0.0;
  std::int64_t rel = 0;
  std::int64_t rel_ret = 0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) results += gain / discount(i);
    ideal.step();
    if (ideal.gain() > 0.0) {
      ++rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++rel_ret;
    }
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    if (gain != 0) results += gain / discount(i);
    if (gain > 0) {
      sum += results / ideal_dcg;
      ++rel_ret;
    }
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) {
      ++rel;
      ideal_dcg += ideal.gain() / discount(i);
    }
    ++i;
  }
  if (ideal_dcg > 0.0) sum += static_cast<double>(rel - rel_ret) * results / ideal_dcg;
  out[r.first_slot] = (sum > 0.0 && rel > 0) ? sum / static_cast<double>(rel) : 0.0;
}

void rndcg(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = 0.0;
  if (t.num_rel == 0) return;
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  double results = 0.0;
  double ideal_dcg = 0.0;
  double sum = 0.0;
  double old_gain = ideal.gain();
  std::int64_t changes = 0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    ideal.step();
    if (old_gain != ideal.gain()) {
      if (ideal_dcg > 0.0) {
        sum += results / ideal_dcg;
        ++changes;
      }
      old_gain = ideal.gain();
    }
    if (gain != 0) results += gain / discount(i);
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
  }
  if (i < t.num_ret) {
    for (; i < t.num_ret; ++i) {
      const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
      if (gain != 0) results += gain / discount(i);
    }
    if (ideal_dcg > 0.0) {
      sum += results / ideal_dcg;
      ++changes;
    }
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (old_gain != ideal.gain()) {
      if (ideal_dcg > 0.0) {
        sum += results / ideal_dcg;
        ++changes;
      }
      old_gain = ideal.gain();
    }
    if (ideal.gain() > 0.0) ideal_dcg += ideal.gain() / discount(i);
    ++i;
  }
  out[r.first_slot] = changes ? sum / static_cast<double>(changes) : 0.0;
}

void g_measure(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::vector<Level> levels = gain_levels(t, r);
  IdealWalk ideal(levels);
  constexpr double min_cost = 1.0;
  double results_g = 0.0;
  double sum_results = 0.0;
  double sum_ideal = 0.0;
  double sum_cost = 0.0;
  std::int64_t i = 0;
  for (; i < t.num_ret && ideal.gain() > 0.0; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    sum_results += gain;
    ideal.step();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
    sum_cost += ideal.gain() >= min_cost ? ideal.gain() : min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  for (; i < t.num_ret; ++i) {
    const double gain = gain_of((*t.grades)[static_cast<std::size_t>(i)], r);
    sum_results += gain;
    sum_cost += min_cost;
    if (gain != 0) results_g += gain / std::log2(2 + sum_cost - sum_results);
  }
  while (ideal.gain() > 0.0) {
    ideal.step();
    if (ideal.gain() > 0.0) sum_ideal += ideal.gain();
  }
  out[r.first_slot] = sum_ideal > 0.0 ? results_g / sum_ideal : 0.0;
}

void bin_g(const Topic& t, const Requested& r, double* out, std::string*) {
  double sum = 0.0;
  std::int64_t rel_so_far = 0;
  const std::vector<int>& g = *t.grades;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (relevant_at(g[i], t.level)) {
      ++rel_so_far;
      sum += 1.0 / std::log2(static_cast<double>(3 + static_cast<std::int64_t>(i) - rel_so_far));
    }
  }
  out[r.first_slot] = rel_so_far ? sum / static_cast<double>(t.num_rel) : 0.0;
}

// ---- gdeval.pl's nDCG ---------------------------------------------------------------------------

// gdeval's DCG term at rank i (0-based): (2^g - 1) / log2(i + 2), the logarithm taken as
// log(i + 2) / log(2) as gdeval does.
double gdeval_dcg_term(int grade, std::int64_t i) {
  return static_cast<double>(exp_gain(grade)) /
         (std::log(static_cast<double>(i) + 2.0) / std::log(2.0));
}

// nDCG(dcg=exp-log2)@k as gdeval.pl 1.3 computes it: the run's DCG over its first min(k, n)
// documents, divided by the DCG of the topic's documents graded above 0 (retrieved or not)
// sorted by grade, down to k. 0 when the topic has no grade above 0 (gdeval leaves such a topic
// out).
void ndcg_exp(const Topic& t, const Requested& r, double* out, std::string*) {
  const std::int64_t k = r.cutoffs[0];
  const std::int64_t stop = ranks_read(k, t.num_ret);
  double dcg = 0.0;
  for (std::int64_t i = 0; i < stop; ++i) {
    dcg += gdeval_dcg_term(gdeval_grade((*t.grades)[static_cast<std::size_t>(i)]), i);
  }
  double ideal = 0.0;
  std::int64_t i = 0;
  const std::vector<GradeCount>& grades = t.judged->grades;  // ascending
  for (auto it = grades.rbegin(); it != grades.rend() && i < k && it->grade > 0; ++it) {
    for (std::int64_t c = 0; c < it->count && i < k; ++c, ++i) {
      ideal += gdeval_dcg_term(gdeval_grade(it->grade), i);
    }
  }
  out[r.first_slot] = ideal > 0.0 ? dcg / ideal : 0.0;
}

}  // namespace

const MeasureDef& trec_bin_g_def() {
  static const MeasureDef def{"binG", Params::none, "",   TrecKind::real, TrecSummary::mean,
                              true,   "binary G",   bin_g};
  return def;
}

const MeasureDef& trec_g_def() {
  static const MeasureDef def{"G",  Params::gain_pairs, "",       TrecKind::real, TrecSummary::mean,
                              true, "normalized gain",  g_measure};
  return def;
}

const MeasureDef& trec_dcg_def() {
  static const MeasureDef def{
      "dcg", Params::gain_pairs,           "", TrecKind::real, TrecSummary::mean,
      true,  "discounted cumulative gain", dcg};
  return def;
}

const MeasureDef& trec_ideal_dcg_def() {
  static const MeasureDef def{
      "ideal_dcg", Params::gain_pairs,         "",       TrecKind::real, TrecSummary::mean,
      true,        "DCG of the ideal ranking", ideal_dcg};
  return def;
}

const MeasureDef& trec_ndcg_def() {
  static const MeasureDef def{"ndcg", Params::gain_pairs, "",  TrecKind::real, TrecSummary::mean,
                              true,   "normalized DCG",   ndcg};
  return def;
}

const MeasureDef& trec_ndcg_rel_def() {
  static const MeasureDef def{"ndcg_rel",
                              Params::gain_pairs,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "nDCG averaged over the relevant documents",
                              ndcg_rel};
  return def;
}

const MeasureDef& trec_rndcg_def() {
  static const MeasureDef def{"Rndcg",
                              Params::gain_pairs,
                              "",
                              TrecKind::real,
                              TrecSummary::mean,
                              true,
                              "nDCG averaged at the R levels",
                              rndcg};
  return def;
}

const MeasureDef& trec_ndcg_cut_def() {
  static const MeasureDef def{
      "ndcg_cut", Params::long_cutoffs,   rank_cutoffs, TrecKind::real, TrecSummary::mean,
      true,       "nDCG at rank cutoffs", ndcg_cut};
  return def;
}

const MeasureDef& ir_ndcg_exp_def() {
  static const MeasureDef def{"nDCG(dcg='exp-log2')", Params::none,      "",
                              TrecKind::real,         TrecSummary::mean, true,
                              "gdeval nDCG",          ndcg_exp,          make_gdeval_need};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// nDCG on TREC files, as ir_measures names it (trec/ir_spec.h): trec_eval's ndcg and ndcg_cut.k
// (dcg=log2, with gains= its gain pairs), or gdeval's nDCG@k with dcg=exp-log2 (above).

namespace irm::trec {

const std::vector<IrMeasureSpec>& dcg_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec ndcg;
    ndcg.name = "nDCG";
    ndcg.params = {"dcg", "gains", "judged_only"};
    ndcg.cutoff = IrCutoff::optional;
    ndcg.aliases = {{"NDCG"}};
    ndcg.help = "nDCG (trec_eval's ndcg, ndcg_cut.k); dcg=exp-log2: gdeval.pl's, gain 2^grade - 1";
    ndcg.trec_eval = "ndcg";
    ndcg.trec_eval_at_k = "ndcg_cut";
    ndcg.request = [](const IrMeasure& m, IrRequest& q) {
      if (m.exp_log2) q.request.def = &ir_ndcg_exp_def();
      q.request.gains = m.gains;
    };
    // gdeval evaluates to a depth, and its gains are its own.
    ndcg.check = [](const IrMeasure& m) -> std::optional<IrObjection> {
      if (m.exp_log2 && !m.cutoff) {
        return IrObjection{true,
                           "nDCG(dcg=exp-log2) needs a cutoff, such as nDCG(dcg=exp-log2)@20 "
                           "(gdeval evaluates to a depth)"};
      }
      if (m.exp_log2 && !m.gains.empty()) {
        return IrObjection{false,
                           "gains= goes with dcg=log2 (trec_eval's nDCG); dcg=exp-log2 is "
                           "gdeval's nDCG, whose gains are 2^grade - 1"};
      }
      return std::nullopt;
    };
    return std::vector<IrMeasureSpec>{ndcg};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
