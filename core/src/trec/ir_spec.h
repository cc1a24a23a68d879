// How a measure family declares its ir_measures names (trec/irmeasures.h) for the TREC engine.
//
// A family file that has such names ends with a block "--- ir_measures' names ---" holding one
// function that returns them, such as average_precision_ir_measures() in
// measures/average_precision.cpp; trec/irmeasures.cpp gathers those functions in one list, one
// line per family, as check.cpp gathers the families' slips. A declaration (IrMeasureSpec) is
// mostly data: the name, its parameters in ir_measures' order, what follows '@', its aliases and
// the trec_eval measure it is. What is a measure's own beyond that (SDCG's one discount, the
// diversity measures' range of beta, INST's required max_rel=, RBP's residual line, the request
// of a measure computed in its family's file) is a small function of the family's, named in the
// declaration. What is the same for every name stays in trec/irmeasures.cpp: the grammar
// Name(param=value,…)@k (parse/call_syntax.h), the readers of each parameter by its name, the
// canonical spelling, and the plan's plumbing (views, slots, each name once).
//
// Only the TREC engine calls these functions, so the calculators' wasm modules, which link the
// family files for their teaching code, leave them out (wasm/CMakeLists.txt). For the same
// reason they must not call the TREC engine's own files (irm_trec, core/CMakeLists.txt): the
// family files are in irm_core, which the calculators link without irm_trec. They reach
// trec_eval's measures through IrRequest::trec_eval.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parse/text.h"
#include "trec/irmeasures.h"
#include "trec/plan.h"

namespace irm::trec {

/// What may follow '@' in a measure's name.
enum class IrCutoff {
  none,      // Rprec: "Rprec takes no cutoff"
  optional,  // AP (the whole list) and AP@10 (to rank 10)
  required,  // P@10: "P needs a cutoff"
  recall,    // IPrec@0.5: a recall level from 0 to 1, required
};

/// One parameter of a measure. Its name says how it is read, the same for every measure
/// (trec/irmeasures.cpp reads rel, judged_only, dcg, gains, p, T, min_rel, max_rel, beta, alpha,
/// relative and normalize); a measure may have a default of its own.
struct IrParam {
  // Implicit, so that a list of parameters can be written as their names: {"rel", "judged_only"}.
  IrParam(const char* param) : name(param) {}  // NOLINT(google-explicit-constructor)
  IrParam(const char* param, double value) : name(param), default_value(value) {}

  /// rel without a default: without rel= the measure reads every grade (RBP's graded gains,
  /// NumRet's every document) instead of taking -l's level, and a rel= given is always printed.
  static IrParam without_default(const char* param) {
    IrParam p(param);
    p.no_default = true;
    return p;
  }

  const char* name;
  // A number's default for this measure when it is not the reader's (p 0.8, beta 1, alpha 0.5,
  // T 1): Compat's p is 0.95, NRBP's beta 0.5. A value equal to it is left out of the canonical
  // name, as ir_measures prints it.
  std::optional<double> default_value;
  bool no_default = false;
};

/// Another name of a measure, which may set one of its parameters: MAP is AP, SetRelP is
/// SetP(relative=True), NumRelRet is NumRet(rel=1). A parameter written after it still wins.
struct IrAlias {
  const char* name;
  const char* param = nullptr;  // set as if written param=value, or none
  const char* value = nullptr;
};

/// A measure's own objection to a name as read (IrMeasureSpec::check).
struct IrObjection {
  // True: something is missing, and the error points at the end of the name; false: parameters
  // that do not go together, and it points at column 1.
  bool missing = false;
  std::string what;
};

/// What IrMeasureSpec::request works on: the request (its view and cutoffs set already, and its
/// def when the spec names a trec_eval measure), and the parts of the plan a family's requests
/// share (TrecPlan::diversity).
struct IrRequest {
  Requested& request;
  TrecPlan& plan;
  int level;  // -l
  // trec_eval's measure of that name (trec/measures.cpp's table), looked up by the engine.
  const MeasureDef* (*trec_eval)(std::string_view name);
};

/// One of ir_measures' measures, as a family declares it.
struct IrMeasureSpec {
  const char* name = "";        // as ir_measures spells it: nDCG (case-sensitive)
  std::vector<IrParam> params;  // in ir_measures' order, which its canonical names print
  IrCutoff cutoff = IrCutoff::none;
  std::vector<IrAlias> aliases;  // MAP for AP, ...
  const char* help = "";         // one line: what it is (bin/lib/trec-help.txt says it by hand)

  // The trec_eval measure it is, given the cutoff as its parameter (P@10 is P.10), and the one at
  // a cutoff when that is another (AP is map, AP@10 map_cut.10); none when `request` says.
  const char* trec_eval = nullptr;
  const char* trec_eval_at_k = nullptr;
  // The measure's own part of its request, after the trec_eval measure's (if any): its def when
  // it is computed elsewhere, its values, RBP's binary gains, a shared entry of the plan.
  void (*request)(const IrMeasure& m, IrRequest& q) = nullptr;
  // A second line printed for the name, named the canonical name and this (RBP's "_resid").
  const char* second_line = nullptr;
  // It sees the run as -l and -J do, whatever its rel= says (the diversity measures hand their
  // rel= to ndeval), instead of through a view of the run of its own.
  bool default_view = false;

  // The measure's own rules, each checked before the readers' at its place, and the error's
  // text when broken (none: the readers' rules alone):
  // on a parameter's value as written (quotes and all): what was expected instead, or empty;
  std::string (*check_value)(std::string_view param, std::string_view value) = nullptr;
  // on a rank cutoff from 1 to 1000000000: the whole message, or empty;
  std::string (*check_cutoff)(std::int64_t k, std::string_view written) = nullptr;
  // on the name as read, after the readers' own checks (a cutoff or recall level needed).
  std::optional<IrObjection> (*check)(const IrMeasure& m) = nullptr;

  [[nodiscard]] bool takes(std::string_view param) const {
    for (const IrParam& p : params) {
      if (param == p.name) return true;
    }
    return false;
  }
};

/// A number as ir_measures' names write them (0.5, 2, 1e-3), or none.
[[nodiscard]] inline std::optional<double> ir_number(std::string_view s) {
  const std::string t(s);
  if (!text::is_decimal(t)) return std::nullopt;
  return std::strtod(t.c_str(), nullptr);
}

/// A value without the quotes around it: 'exp-log2' is exp-log2.
[[nodiscard]] inline std::string_view ir_unquoted(std::string_view s) {
  if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front()) {
    return s.substr(1, s.size() - 2);
  }
  return s;
}

/// The families' declarations, each at the end of its file. trec/irmeasures.cpp lists them.
const std::vector<IrMeasureSpec>& average_precision_ir_measures();  // AP
const std::vector<IrMeasureSpec>& precision_recall_ir_measures();   // P, R, Rprec
const std::vector<IrMeasureSpec>& reciprocal_rank_ir_measures();    // RR, Success
const std::vector<IrMeasureSpec>& dcg_ir_measures();                // nDCG
const std::vector<IrMeasureSpec>& bpref_ir_measures();              // Bpref, infAP
const std::vector<IrMeasureSpec>& set_measures_ir_measures();       // SetP, SetR, SetF, SetAP
const std::vector<IrMeasureSpec>& interpolation_ir_measures();      // IPrec
const std::vector<IrMeasureSpec>& cascade_ir_measures();            // ERR, RBP, Compat, INST, SDCG
const std::vector<IrMeasureSpec>& ndeval_ir_measures();             // the diversity measures

/// Every declared measure, in the order of the families' list (trec/irmeasures.cpp): the order
/// the "unknown measure" error names them in.
const std::vector<const IrMeasureSpec*>& ir_measure_specs();

}  // namespace irm::trec
