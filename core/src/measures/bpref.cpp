// Binary preference (bpref): how often relevant documents are ranked above judged non-relevant
// ones. Unjudged documents are ignored, so bpref is robust to incomplete judgments (pooling).
//
//   variant=notes (default; Bhattacharya's CS657A notes):
//       bpref = (1/R) Σ over relevant retrieved r of (1 − n_r / R)
//   variant=trec (trec_eval m_bpref.c):
//       bpref = (1/R) Σ over relevant retrieved r of (1 − min(n_r, R) / min(R, N)),
//       a term with n_r = 0 counting 1
// where n_r is the number of judged non-relevant documents ranked above r, R the relevant
// documents of the topic (retrieved or not) and N its judged non-relevant documents. trec_eval
// counts N from the qrels, retrieved or not; the list tells it as:
//   N = judged_nonrelevant, when the text gave it (`nonrelevant=12` beside `relevant=5`);
//   else the judged non-relevant documents in the list plus those the run did not retrieve
//   (`unretrieved: R N N` marks; the unretrieved relevant ones count in R and add 0 to the sum).
// A note says which N was used. A given N smaller than the judged non-relevant documents the
// text lists is inconsistent_counts.
// The notes' form lets a term fall below 0 when more than R judged non-relevant documents come
// first; trec_eval's caps n_r at R. 0/0: R = 0 gives bpref = 0, said in a note.
//
// Golden tests: bpref-irii, bpref-irnnri, bpref-irnnriri, trec-bpref-unretrieved
// (tests/core/golden_bpref.cpp).

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "check_slips.h"
#include "common.h"
#include "trec/family_measures.h"
#include "trec/ir_spec.h"
#include "trec/plan.h"

// The teaching half, to "on TREC files" below: the wasm build compiles each half where it is
// used (wasm/CMakeLists.txt), the native builds both.
#ifndef IRM_ONLY_TREC_HALVES

namespace irm {
namespace {

// Where N came from, for the notes: "N = 12, the judged non-relevant documents given
// (nonrelevant=12), retrieved or not, as trec_eval counts them from the qrels".
std::string n_reading(const RankedList& list, std::int64_t N) {
  const std::string n = "N = " + std::to_string(N);
  if (list.judged_nonrelevant) {
    return n + ", the judged non-relevant documents given (nonrelevant=" + std::to_string(N) +
           "), retrieved or not, as trec_eval counts them from the qrels";
  }
  if (list.unretrieved_nonrelevant > 0) {
    const std::int64_t listed = N - list.unretrieved_nonrelevant;
    return n + ": " + std::to_string(listed) + " judged non-relevant in the list and " +
           std::to_string(list.unretrieved_nonrelevant) +
           " not retrieved (the unretrieved: line), as trec_eval counts them from the qrels";
  }
  return n +
         ", the judged non-relevant documents in the list (trec_eval counts every judged "
         "non-relevant document of the topic, retrieved or not: give the others on a line "
         "`unretrieved: N N` or as nonrelevant=N beside relevant=R)";
}

}  // namespace

static Result<Outcome> run_bpref(const MeasureCall& call, const Inputs& in) {
  const RankedList& list = *in.ranked;
  Outcome out = start_outcome(call, in);
  const bool trec = call.param("variant") == "trec";
  const std::int64_t R = in.total_relevant;
  std::int64_t listed_nonrelevant = 0;
  for (const RankedDoc& d : list.docs) {
    listed_nonrelevant += d.judgement == Judgement::not_relevant ? 1 : 0;
  }
  const std::int64_t known_nonrelevant = listed_nonrelevant + list.unretrieved_nonrelevant;
  if (list.judged_nonrelevant && *list.judged_nonrelevant < known_nonrelevant) {
    const Span& at = list.judged_nonrelevant_where;
    return InputError{
        ErrorCode::inconsistent_counts,
        "nonrelevant=" + std::to_string(*list.judged_nonrelevant) +
            (at.line > 0
                 ? " at line " + std::to_string(at.line) + ", column " + std::to_string(at.column)
                 : std::string()) +
            " is fewer than the " + std::to_string(known_nonrelevant) +
            " judged non-relevant documents listed; N counts every judged non-relevant document "
            "of the topic, retrieved or not",
        at};
  }
  // trec_eval's N is every judged non-relevant document of the topic: the count given, else
  // those the text shows (in the list and on the unretrieved: line).
  const std::int64_t N = list.judged_nonrelevant.value_or(known_nonrelevant);
  const std::int64_t cap = std::min(R, N);

  StepTable table{"Judged non-relevant documents above each relevant one",
                  {"rank", "document", "judged", "non-relevant above (n_r)", "term"},
                  {},
                  {}};
  Number sum = whole(0);
  Number other_sum = whole(0);  // the other variant, for the alternative
  std::vector<std::string> terms;
  std::int64_t non_relevant_above = 0;
  std::int64_t unjudged = 0;
  bool negative_term = false;
  const auto notes_term = [&](std::int64_t n) {
    return R == 0 ? whole(0) : whole(1) - ratio(n, R);
  };
  const auto trec_term = [&](std::int64_t n) {
    if (n == 0) return whole(1);
    return whole(1) - ratio(std::min(n, R), cap);
  };
  for (std::size_t i = 0; i < list.docs.size(); ++i) {
    const RankedDoc& doc = list.docs[i];
    const std::string rank = std::to_string(i + 1);
    const std::string name = doc.label.empty() ? doc.token : doc.label;
    if (doc.judgement == Judgement::unjudged) {
      ++unjudged;
      table.rows.push_back({text_cell(rank), text_cell(name), text_cell("not judged (ignored)"),
                            text_cell(""), text_cell("")});
      continue;
    }
    if (doc.judgement == Judgement::not_relevant) {
      ++non_relevant_above;
      table.rows.push_back({text_cell(rank), text_cell(name), text_cell("non-relevant"),
                            text_cell(""), text_cell("")});
      continue;
    }
    const Number term = trec ? trec_term(non_relevant_above) : notes_term(non_relevant_above);
    const Number other = trec ? notes_term(non_relevant_above) : trec_term(non_relevant_above);
    negative_term = negative_term || term.approx < 0;
    sum = sum + term;
    other_sum = other_sum + other;
    const std::string n = std::to_string(non_relevant_above);
    terms.push_back(trec ? (non_relevant_above == 0
                                ? std::string("1")
                                : "\\left(1 - \\frac{" +
                                      std::to_string(std::min(non_relevant_above, R)) + "}{" +
                                      std::to_string(cap) + "}\\right)")
                         : "\\left(1 - \\frac{" + n + "}{" + std::to_string(R) + "}\\right)");
    table.rows.push_back(
        {text_cell(rank), text_cell(name), text_cell("relevant"), text_cell(n), number_cell(term)});
  }
  const auto average = [&](const Number& s) { return over_count(s, R); };
  out.value = average(sum);
  out.values = {{"bpref", out.value},
                {"R", whole(R)},
                {"judged_nonrelevant", whole(N)},
                {"unjudged", whole(unjudged)}};
  if (R == 0) {
    out.working = "\\text{bpref} = 0";
    out.notes.push_back("R = 0: there is nothing to average, so bpref is taken as 0.");
  } else {
    out.working = "\\text{bpref} = \\frac{1}{" + std::to_string(R) + "}\\left[" + latex_sum(terms) +
                  "\\right] = " + latex_value(out.value);
  }
  table.rows.push_back(
      {text_cell("sum"), text_cell(""), text_cell(""), text_cell(""), number_cell(sum)});
  out.steps.push_back(std::move(table));

  if (unjudged > 0) {
    out.notes.push_back(plural(unjudged, "unjudged document") + (unjudged == 1 ? " is" : " are") +
                        " ignored: bpref only compares relevant with judged non-relevant "
                        "documents.");
  }
  if (list.unretrieved_relevant > 0) {
    out.notes.push_back(
        plural(list.unretrieved_relevant, "relevant document") +
        " not retrieved (the unretrieved: line) " +
        (list.unretrieved_relevant == 1 ? "counts in R and adds" : "count in R and add") +
        " 0 to the sum.");
  }
  if (trec) {
    out.notes.push_back("trec_eval's bpref: 1 − min(n_r, R)/min(R, N) with " + n_reading(list, N) +
                        ".");
  } else {
    out.notes.push_back(
        "bpref as Bhattacharya's CS657A notes define it: (1/R) Σ (1 − n_r/R) over the relevant "
        "documents retrieved.");
  }
  if (negative_term) {
    out.notes.push_back(
        "More than R judged non-relevant documents precede a relevant one, so "
        "its term 1 − n_r/R is below 0; trec_eval caps n_r at R.");
  }
  const std::string other_name = canonical_name(call.with("variant", trec ? "notes" : "trec"));
  std::string why =
      trec ? "the form 1 − n_r/R of Bhattacharya's CS657A notes: no cap on n_r, and divides by R"
           : "trec_eval's form 1 − min(n_r, R)/min(R, N) with " + n_reading(list, N);
  out.alternatives.push_back({other_name, average(other_sum), why});
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

std::string bpref_title(const MeasureCall& call) {
  const std::string& title = call.info->title;
  return call.param("variant") == "trec" ? title + " (trec_eval's form)" : title;
}

}  // namespace

MeasureInfo measure_bpref() {
  ParamInfo variant;
  variant.name = "variant";
  variant.choices = {"notes", "trec"};
  variant.default_value = "notes";
  variant.users = {{"notes", "Bhattacharya's CS657A notes"}, {"trec", "trec_eval (m_bpref.c)"}};
  variant.help =
      "1 − n_r/R as Bhattacharya's CS657A notes write it, or trec_eval's 1 − min(n_r, "
      "R)/min(R, N), N being every judged non-relevant document: nonrelevant=N beside "
      "relevant=R, or the list's and an unretrieved: line's";

  MeasureInfo m;
  m.name = "bpref";
  m.title = "Binary preference";
  m.summary =
      "How often relevant documents come before judged non-relevant ones; unjudged documents "
      "are ignored.";
  m.input = InputKind::ranked_list;
  m.params = {variant};
  m.formula = "\\text{bpref} = \\frac{1}{R}\\sum_{r} \\left(1 - \\frac{n_r}{R}\\right)";
  m.example = "bpref(variant=trec)";
  m.golden = {"B1", "B2", "B3", "trec-bpref-unretrieved"};
  m.run = &run_bpref;
  m.variant_title = &bpref_title;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of bpref (check.cpp, check_slips.h) ----------------------------

namespace irm::checking {
namespace {

// bpref by its two forms (bpref.cpp), the unjudged documents ignored or, as the slip does,
// counted as judged non-relevant: above each relevant document and in N.
std::optional<Number> bpref_value(const Context& c, bool unjudged_counted) {
  const Number* R_value = value_of(c.outcome, "R");
  const Number* N_value = value_of(c.outcome, "judged_nonrelevant");
  const auto list = parse_ranked_list(c.input);
  if (!list.ok() || !R_value || !R_value->exact || !N_value || !N_value->exact) {
    return std::nullopt;
  }
  const std::int64_t R = R_value->exact->num;
  if (R <= 0) return std::nullopt;
  const bool trec = c.call.param("variant") == "trec";
  const std::int64_t N =
      N_value->exact->num + (unjudged_counted ? list.value().unjudged_count() : 0);
  const std::int64_t cap = std::min(R, N);
  std::int64_t above = 0;
  Number sum = whole(0);
  for (const RankedDoc& doc : list.value().docs) {
    if (doc.judgement == Judgement::relevant) {
      if (!trec) {
        sum = sum + whole(1) - ratio(above, R);
      } else {
        sum = sum + (above == 0 ? whole(1) : whole(1) - ratio(std::min(above, R), cap));
      }
    } else if (doc.judgement == Judgement::not_relevant || unjudged_counted) {
      ++above;
    }
  }
  return sum / whole(R);
}

std::optional<Candidate> bpref_unjudged_counted(const Context& c) {
  const auto list = parse_ranked_list(c.input);
  if (!list.ok() || list.value().unjudged_count() == 0) return std::nullopt;
  const auto plain = bpref_value(c, false);
  if (!plain || !close_numbers(*plain, c.outcome.value)) return std::nullopt;
  const auto value = bpref_value(c, true);
  if (!value) return std::nullopt;
  const std::int64_t u = list.value().unjudged_count();
  return Candidate{
      "bpref.unjudged_as_nonrelevant", *value,
      c.answer + " counts the " + std::to_string(u) + " unjudged " +
          (u == 1 ? "document" : "documents") + " as non-relevant above the relevant ones after " +
          (u == 1 ? "it" : "them") +
          "; bpref ignores unjudged documents and counts only the judged non-relevant ones"};
}

// bpref: each relevant document's term.
std::string bpref_hint(const Context& c, const std::string& /*q*/, bool main) {
  const std::string& family = c.call.info->name;
  if (family == "bpref" && main) {
    const auto ranks = relevant_ranks(c);
    const std::string each = ranks && !ranks->empty()
                                 ? "each relevant document (" + ranks_text(*ranks) + ")"
                                 : "each relevant document";
    const std::string term = c.call.param("variant") == "trec"
                                 ? "1 − min(n, R)/min(R, N) with " + r_text(c) +
                                       " and N the judged non-relevant documents (a term with "
                                       "n = 0 counts 1)"
                                 : "1 − n/R with " + r_text(c);
    return "For " + each +
           ", count the judged non-relevant documents ranked above it (n; unjudged ones are "
           "skipped), take " +
           term + ", then divide the sum of those terms by R.";
  }
  return "";
}

}  // namespace

const CheckFamily& bpref_checks() {
  static const CheckFamily family = {
      {
          {{"bpref.unjudged_as_nonrelevant",
            {"bpref"},
            "bpref with the unjudged documents counted as non-relevant instead of ignored"},
           &bpref_unjudged_counted},
      },
      {},
      &bpref_hint};
  return family;
}

}  // namespace irm::checking

#endif  // IRM_ONLY_TREC_HALVES: the teaching half

// --- on TREC files -----------------------------------------------------------------------------
// trec_eval's bpref and gm_bpref as the TREC engine computes them from a run and qrels
// (measure_table() in trec/measures.cpp lists them): variant=trec above, in doubles summed in
// trec_eval's order. N is the topic's judged non-relevant documents in the qrels.
#ifndef IRM_ONLY_TEACHING_HALVES

namespace irm::trec {
namespace {

double bpref_value(const Topic& t) {
  double bpref = 0.0;
  std::int64_t nonrel_so_far = 0;
  const double denominator = static_cast<double>(std::min(t.judged->nonrelevant, t.num_rel));
  for (const int g : *t.grades) {
    if (g < 0) continue;  // not in the pool, or in it but unjudged
    if (!relevant_at(g, t.level)) {
      ++nonrel_so_far;
    } else if (nonrel_so_far > 0) {
      bpref += 1.0 - static_cast<double>(std::min(nonrel_so_far, t.num_rel)) / denominator;
    } else {
      bpref += 1.0;
    }
  }
  return t.num_rel ? bpref / static_cast<double>(t.num_rel) : bpref;
}

void bpref(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = bpref_value(t);
}
void gm_bpref(const Topic& t, const Requested& r, double* out, std::string*) {
  out[r.first_slot] = std::log(std::max(bpref_value(t), min_geo_mean));
}

}  // namespace

const MeasureDef& trec_bpref_def() {
  static const MeasureDef def{"bpref", Params::none,        "",   TrecKind::real, TrecSummary::mean,
                              true,    "binary preference", bpref};
  return def;
}

const MeasureDef& trec_gm_bpref_def() {
  static const MeasureDef def{"gm_bpref",
                              Params::none,
                              "",
                              TrecKind::real,
                              TrecSummary::geometric,
                              false,
                              "geometric mean of bpref (each floored at 1e-5)",
                              gm_bpref};
  return def;
}

}  // namespace irm::trec

// --- ir_measures' names ------------------------------------------------------------------------
// bpref on TREC files, as ir_measures names it (trec/ir_spec.h), and infAP, the other measure of
// trec_eval's for incomplete judgments: trec_eval's bpref and infAP.

namespace irm::trec {

const std::vector<IrMeasureSpec>& bpref_ir_measures() {
  static const std::vector<IrMeasureSpec> specs = [] {
    IrMeasureSpec bpref;
    bpref.name = "Bpref";
    bpref.params = {"rel"};
    bpref.aliases = {{"BPref"}};
    bpref.help = "binary preference (trec_eval's bpref)";
    bpref.trec_eval = "bpref";

    IrMeasureSpec infap;
    infap.name = "infAP";
    infap.params = {"rel"};
    infap.help = "inferred AP, for incomplete judgments (trec_eval's infAP)";
    infap.trec_eval = "infAP";
    return std::vector<IrMeasureSpec>{bpref, infap};
  }();
  return specs;
}

}  // namespace irm::trec

#endif  // IRM_ONLY_TEACHING_HALVES: the TREC half, from "on TREC files" to here, ends the file
