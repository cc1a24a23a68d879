// ROC, AUC, EER and AUC-PR of items with scores and binary labels (or of a ranking, where rank 1
// has the highest score).
//
//   At each distinct score t (highest first), the items scored ≥ t are returned:
//     TPR = TP / P (sensitivity),  FPR = FP / N (1 − specificity),  FNR = 1 − TPR.
//   ROC: the points (FPR, TPR) from (0, 0) (nothing returned) to (1, 1) (everything). Items tied
//     on a score enter together, so a tie between relevant and non-relevant items is one
//     diagonal step. Bhattacharya's CS657A notes.
//   AUC: the trapezoid area under those points, Σ ΔFPR · (TPR_prev + TPR)/2; the same number as
//     the share of (relevant, non-relevant) pairs ordered correctly, a tie counting 1/2
//     (Mann–Whitney U / (P·N)). Both are computed and must agree. The bands of Bhattacharya's
//     CS657A notes: 0.9+ excellent, 0.8+ good, 0.7+ fair, 0.6+ poor, below 0.6 fail.
//   EER: where FPR = FNR. FPR − FNR rises along the curve from −1 to 1; between the two ROC
//     points where it changes sign, FPR and FNR move linearly, so
//       λ = −d_prev / (d − d_prev),  EER = FPR_prev + λ · (FPR − FPR_prev),  d = FPR − FNR.
//     Never (FPR + FNR)/2 at the nearest point: that value is explained in a note when it
//     differs, as the approximation it is.
//   AUC-PR: the PR points of the same thresholds. Step area Σ ΔR · P (with no ties, AP of the
//     ranking by score with R = P, the relevant items; the "area under the PR curve" of the
//     lecture notes "Week 3: Metrics"),
//     and the trapezoid area Σ ΔR · (P_prev + P)/2, both shown. The curve starts at recall 0
//     with the first threshold's precision, so the first strip is the same in both.
// Edge rules: ROC, AUC and EER need at least one relevant and one non-relevant item (else FPR
// or TPR is 0/0); AUC-PR needs one relevant item. These are input errors (inconsistent_counts).
// Everything is exact (fractions) while the counts fit in 64 bits.
//
// Golden tests: ROC1 (no ties), ROC2 (ties), ROC3 (a ranking), PR1, PR2
// (tests/core/golden_roc.cpp).

#include <algorithm>
#include <cassert>
#include <cmath>

#include "check_slips.h"
#include "common.h"

namespace irm {
namespace {

struct RocPoint {
  std::string threshold;  // "score ≥ 0.8", "rank ≤ 3", "nothing returned"
  std::string items;      // the items that enter at this threshold
  std::int64_t tp = 0;
  std::int64_t fp = 0;
  Fraction tpr;
  Fraction fpr;
  Fraction fnr;
  bool mixed_tie = false;  // relevant and non-relevant items share this score
};

struct Roc {
  std::int64_t positives = 0;
  std::int64_t negatives = 0;
  std::vector<RocPoint> points;  // points[0] is (0, 0); the last is (1, 1)
  // Items of each threshold (points[i + 1]), highest score first.
  std::vector<std::vector<const ScoredItem*>> groups;
  StepTable table;
  std::vector<std::string> tied_scores;  // scores shared by relevant and non-relevant items
};

std::string item_text(const ScoredItem& item) {
  const std::string mark = item.relevant ? "+" : "−";
  return (item.name.empty() ? "#" + std::to_string(item.index) : item.name) + " " + mark;
}

std::string over(std::int64_t num, std::int64_t den) {
  return std::to_string(num) + "/" + std::to_string(den);
}

Fraction frac(std::int64_t num, std::int64_t den) { return *make_fraction(num, den); }

Fraction minus(Fraction a, Fraction b) { return *subtract(a, b); }

// Items sorted by score, highest first (ties keep the order of the text), grouped by score.
std::vector<std::vector<const ScoredItem*>> by_score(const ScoredLabels& data) {
  std::vector<const ScoredItem*> sorted;
  for (const ScoredItem& item : data.items) sorted.push_back(&item);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const ScoredItem* a, const ScoredItem* b) { return a->score > b->score; });
  std::vector<std::vector<const ScoredItem*>> groups;
  for (const ScoredItem* item : sorted) {
    if (groups.empty() || groups.back().front()->score != item->score) groups.emplace_back();
    groups.back().push_back(item);
  }
  return groups;
}

std::string threshold_text(const ScoredLabels& data, const ScoredItem& first) {
  if (data.from_ranking) return "rank ≤ " + first.score_text.substr(5);  // "rank 3" -> "3"
  return "score ≥ " + first.score_text;
}

InputError needs_both(const std::string& measure, std::int64_t positives, std::int64_t negatives) {
  const std::int64_t n = positives + negatives;
  const std::string all = n == 1 ? "the one item is" : "all " + std::to_string(n) + " items are";
  return InputError{ErrorCode::inconsistent_counts,
                    measure + " needs at least one relevant and one non-relevant item; " + all +
                        (positives == 0 ? " non-relevant, so the true positive rate TP/P would "
                                          "divide by P = 0"
                                        : " relevant, so the false positive rate FP/N would "
                                          "divide by N = 0"),
                    Span{}};
}

Result<Roc> build_roc(const MeasureCall& call, const ScoredLabels& data) {
  Roc roc;
  roc.positives = data.positives();
  roc.negatives = data.negatives();
  if (roc.positives == 0 || roc.negatives == 0) {
    return needs_both(call.info->name, roc.positives, roc.negatives);
  }
  const std::int64_t P = roc.positives;
  const std::int64_t N = roc.negatives;
  roc.groups = by_score(data);
  roc.table = StepTable{
      "ROC points: what is returned at each threshold",
      {"threshold", "items at this score", "TP", "FP", "TPR = TP/P", "FPR = FP/N", "FNR = 1 − TPR"},
      {},
      {}};
  const auto add_row = [&](const RocPoint& p) {
    roc.table.rows.push_back(
        {text_cell(p.threshold), text_cell(p.items), text_cell(std::to_string(p.tp)),
         text_cell(std::to_string(p.fp)), number_cell(over(p.tp, P), exact_number(p.tpr)),
         number_cell(over(p.fp, N), exact_number(p.fpr)), number_cell(exact_number(p.fnr))});
    roc.points.push_back(p);
  };
  add_row(RocPoint{"nothing returned", "", 0, 0, Fraction{0, 1}, Fraction{0, 1}, Fraction{1, 1}});
  std::int64_t tp = 0;
  std::int64_t fp = 0;
  for (const auto& group : roc.groups) {
    RocPoint p;
    p.threshold = threshold_text(data, *group.front());
    bool has_relevant = false;
    bool has_other = false;
    for (const ScoredItem* item : group) {
      (item->relevant ? tp : fp) += 1;
      (item->relevant ? has_relevant : has_other) = true;
      p.items += (p.items.empty() ? "" : ", ") + item_text(*item);
    }
    p.tp = tp;
    p.fp = fp;
    p.tpr = frac(tp, P);
    p.fpr = frac(fp, N);
    p.fnr = frac(P - tp, P);
    p.mixed_tie = has_relevant && has_other;
    if (p.mixed_tie) {
      roc.tied_scores.push_back(group.front()->score_text);
      p.items += " (tie: diagonal step)";
    }
    add_row(p);
  }
  return roc;
}

std::string point_text(const RocPoint& p) {
  return "(" + to_string(p.fpr) + ", " + to_string(p.tpr) + ")";
}

std::string tie_note(const Roc& roc) {
  std::string scores;
  for (std::size_t i = 0; i < roc.tied_scores.size(); ++i) {
    scores += (i ? ", " : "") + roc.tied_scores[i];
  }
  return "Tied score" + std::string(roc.tied_scores.size() == 1 ? " " : "s ") + scores + ": " +
         (roc.tied_scores.size() == 1 ? "it is" : "each is") +
         " shared by relevant and non-relevant items, which no threshold can separate, so the "
         "curve takes one diagonal step there (TP and FP rise together), and in the pair count "
         "each such pair counts 1/2.";
}

// The EER crossing, found on the ROC points.
struct Eer {
  Number value;
  std::size_t before = 0;  // index of the ROC point before the crossing
  std::size_t after = 0;   // index of the point at or after it (== before + 1, or the point)
  bool at_point = false;   // FPR = FNR exactly at points[after]
  Number lambda;
  std::string working;
  std::optional<std::string> nearest_note;  // when (FPR + FNR)/2 at the nearest point differs
  StepTable table;
};

Eer find_eer(const Roc& roc) {
  Eer eer;
  eer.table =
      StepTable{"Where FPR and FNR cross", {"threshold", "FPR", "FNR", "FPR − FNR"}, {}, {}};
  std::optional<std::size_t> crossing;
  std::size_t nearest = 0;
  Fraction nearest_gap{2, 1};
  for (std::size_t i = 0; i < roc.points.size(); ++i) {
    const RocPoint& p = roc.points[i];
    const Fraction d = minus(p.fpr, p.fnr);
    eer.table.rows.push_back({text_cell(p.threshold), number_cell(exact_number(p.fpr)),
                              number_cell(exact_number(p.fnr)), number_cell(exact_number(d))});
    const Fraction gap = d.num < 0 ? Fraction{-d.num, d.den} : d;
    if (compare(gap, nearest_gap) < 0) {
      nearest_gap = gap;
      nearest = i;
    }
    // d rises strictly along the curve (every step adds a TP or an FP), from −1 to 1, so it
    // changes sign exactly once.
    if (!crossing && d.num >= 0) crossing = i;
  }
  assert(crossing && *crossing > 0);
  const RocPoint& b = roc.points[*crossing];
  const RocPoint& a = roc.points[*crossing - 1];
  const Fraction d_after = minus(b.fpr, b.fnr);
  const Fraction d_before = minus(a.fpr, a.fnr);
  eer.after = *crossing;
  eer.before = *crossing - 1;
  if (d_after.num == 0) {
    eer.at_point = true;
    eer.before = eer.after;
    eer.value = exact_number(b.fpr);
    eer.lambda = whole(1);
    eer.working = "\\text{EER} = \\text{FPR} = \\text{FNR} = " + latex_value(eer.value) +
                  " \\text{ at " + b.threshold + "}";
    eer.table.highlight = {static_cast<int>(eer.after)};
  } else {
    const Number da = exact_number(d_before);
    const Number db = exact_number(d_after);
    eer.lambda = (whole(0) - da) / (db - da);
    const Number width = exact_number(minus(b.fpr, a.fpr));
    eer.value = exact_number(a.fpr) + eer.lambda * width;
    // The same point seen from FNR: FNR_prev + λ (FNR − FNR_prev).
    assert(!eer.value.exact || !eer.lambda.exact ||
           (exact_number(a.fnr) + eer.lambda * exact_number(minus(b.fnr, a.fnr))).exact ==
               eer.value.exact);
    eer.working = "\\lambda = \\frac{-(" + latex_exact(da) + ")}{" + latex_exact(db) + " - (" +
                  latex_exact(da) + ")} = " + latex_exact(eer.lambda) +
                  ",\\qquad \\text{EER} = " + to_latex(a.fpr) + " + " + latex_exact(eer.lambda) +
                  " \\cdot (" + to_latex(b.fpr) + " - " + to_latex(a.fpr) +
                  ") = " + latex_value(eer.value);
    eer.table.highlight = {static_cast<int>(eer.before), static_cast<int>(eer.after)};
  }
  const RocPoint& n = roc.points[nearest];
  const Number mean = (exact_number(n.fpr) + exact_number(n.fnr)) / whole(2);
  if (mean.exact != eer.value.exact) {
    eer.nearest_note =
        "Not (FPR + FNR)/2: at the ROC point closest to the crossing (" + n.threshold + ", FPR " +
        to_string(n.fpr) + ", FNR " + to_string(n.fnr) + ") that average is " + number_text(mean) +
        " ≈ " + to_decimal(mean, 4) +
        ", but there FPR ≠ FNR, so it is not a rate at which the two errors are equal. The EER "
        "is where the line between the two neighbouring points meets FPR = FNR.";
  }
  return eer;
}

Chart roc_chart(const Roc& roc, const Eer& eer) {
  Chart chart;
  chart.id = "roc";
  chart.title = "ROC curve";
  chart.x_label = "false positive rate (1 − specificity)";
  chart.y_label = "true positive rate (sensitivity)";
  Series curve{"ROC curve", Series::Kind::line, {}};
  for (const RocPoint& p : roc.points)
    curve.points.emplace_back(to_double(p.fpr), to_double(p.tpr));
  Series diagonal{"random guess", Series::Kind::line, {{0.0, 0.0}, {1.0, 1.0}}};
  diagonal.faint = true;
  Series equal{"FPR = FNR", Series::Kind::line, {{0.0, 1.0}, {1.0, 0.0}}};
  equal.faint = true;
  Series dot{"EER", Series::Kind::dot, {{eer.value.approx, 1.0 - eer.value.approx}}};
  chart.series = {curve, diagonal, equal, dot};
  chart.description = "ROC curve through " + std::to_string(roc.points.size()) +
                      " points from (0, 0) to (1, 1), the diagonal of a random guess, and the "
                      "equal error rate point at FPR = FNR = " +
                      to_decimal(eer.value, 4) + ".";
  return chart;
}

const char* auc_band(const Number& auc) {
  const auto at_least = [&](std::int64_t tenths) {
    return auc.exact ? compare(*auc.exact, Fraction{tenths, 10}) >= 0
                     : auc.approx >= static_cast<double>(tenths) / 10.0;
  };
  if (at_least(9)) return "excellent";
  if (at_least(8)) return "good";
  if (at_least(7)) return "fair";
  if (at_least(6)) return "poor";
  return "fail";
}

struct Auc {
  Number trapezoid;
  Number pairs;  // correctly ordered pairs, ties counting 1/2
  Number share;  // pairs / (P·N)
  StepTable strips;
  StepTable pair_table;
  std::string working;
};

Auc area_under_roc(const Roc& roc) {
  Auc auc;
  auc.strips =
      StepTable{"Area under the ROC curve, one trapezoid per step",
                {"step", "from", "to", "width ΔFPR", "mean height (TPR_prev + TPR)/2", "area"},
                {},
                {}};
  Number area = whole(0);
  std::vector<std::string> terms;
  for (std::size_t i = 1; i < roc.points.size(); ++i) {
    const RocPoint& a = roc.points[i - 1];
    const RocPoint& b = roc.points[i];
    const Number width = exact_number(minus(b.fpr, a.fpr));
    const Number height = (exact_number(a.tpr) + exact_number(b.tpr)) / whole(2);
    const Number strip = width * height;
    area = area + strip;
    if (width.approx != 0.0) terms.push_back(latex_exact(width) + " \\cdot " + latex_exact(height));
    auc.strips.rows.push_back({text_cell(b.threshold), text_cell(point_text(a)),
                               text_cell(point_text(b)), number_cell(width), number_cell(height),
                               number_cell(strip)});
  }
  auc.strips.rows.push_back({text_cell("sum"), text_cell(""), text_cell(""), text_cell(""),
                             text_cell(""), number_cell(area)});
  auc.trapezoid = area;

  // Mann–Whitney: each relevant item against every non-relevant one. Going down the groups,
  // the non-relevant items scored lower are those not yet returned.
  auc.pair_table = StepTable{"Correctly ordered pairs (Mann–Whitney)",
                             {"relevant item", "score", "non-relevant scored lower",
                              "non-relevant tied", "pairs won = lower + tied/2"},
                             {},
                             {}};
  std::int64_t doubled = 0;  // twice the pairs won, to stay in whole numbers
  for (std::size_t g = 0; g < roc.groups.size(); ++g) {
    const RocPoint& after = roc.points[g + 1];
    const RocPoint& before = roc.points[g];
    const std::int64_t tied = after.fp - before.fp;
    const std::int64_t lower = roc.negatives - after.fp;
    for (const ScoredItem* item : roc.groups[g]) {
      if (!item->relevant) continue;
      doubled += 2 * lower + tied;
      auc.pair_table.rows.push_back(
          {text_cell(item->name.empty() ? "#" + std::to_string(item->index) : item->name),
           text_cell(item->score_text), text_cell(std::to_string(lower)),
           text_cell(std::to_string(tied)),
           number_cell(std::to_string(lower) + (tied ? " + " + std::to_string(tied) + "/2" : ""),
                       ratio(2 * lower + tied, 2))});
    }
  }
  auc.pairs = ratio(doubled, 2);
  const std::int64_t all_pairs = roc.positives * roc.negatives;
  auc.share = auc.pairs / whole(all_pairs);
  auc.pair_table.rows.push_back(
      {text_cell("sum"), text_cell(""), text_cell(""), text_cell(""), number_cell(auc.pairs)});
  auc.pair_table.rows.push_back(
      {text_cell("÷ P·N = " + std::to_string(roc.positives) + "·" + std::to_string(roc.negatives) +
                 " = " + std::to_string(all_pairs)),
       text_cell(""), text_cell(""), text_cell(""), number_cell(auc.share)});
  assert(!auc.share.exact || !auc.trapezoid.exact || *auc.share.exact == *auc.trapezoid.exact);

  auc.working =
      "\\begin{gathered}\\text{AUC} = \\sum \\Delta\\text{FPR} \\cdot "
      "\\frac{\\text{TPR}_{\\text{prev}} + \\text{TPR}}{2} = " +
      latex_sum(terms) + " = " + latex_value(auc.trapezoid) +
      "\\\\ \\text{AUC} = \\frac{\\text{pairs ordered correctly}}{P \\cdot N} = \\frac{" +
      latex_exact(auc.pairs) + "}{" + std::to_string(roc.positives) + " \\cdot " +
      std::to_string(roc.negatives) + "} = " + latex_value(auc.share) + "\\end{gathered}";
  return auc;
}

// "higher than the step area by 1/24", "the same as the step area here".
std::string compare_text(const Number& trapezoid, const Number& step) {
  const Number difference = trapezoid - step;
  if (difference.exact ? difference.exact->num == 0 : difference.approx == 0.0) {
    return "the same as the step area here";
  }
  const bool higher = difference.approx > 0;
  const Number size = higher ? difference : whole(0) - difference;
  return std::string(higher ? "higher" : "lower") + " than the step area by " + number_text(size);
}

std::string band_note(const Number& auc) {
  return "AUC = " + number_text(auc) + (auc.exact ? " ≈ " + to_decimal(auc, 4) : "") + " is " +
         auc_band(auc) +
         " on the scale of Bhattacharya's CS657A notes (0.9+ excellent, 0.8+ good, 0.7+ fair, "
         "0.6+ poor, below 0.6 fail).";
}

void common_roc_notes(Outcome& out, const Roc& roc) {
  if (!roc.tied_scores.empty()) out.notes.push_back(tie_note(roc));
}

}  // namespace

static Result<Outcome> run_roc(const MeasureCall& call, const Inputs& in) {
  auto built = build_roc(call, *in.scored);
  if (!built.ok()) return built.error();
  const Roc& roc = built.value();
  const Auc auc = area_under_roc(roc);
  const Eer eer = find_eer(roc);
  Outcome out = start_outcome(call, in);
  out.value = auc.trapezoid;
  out.label = "AUC";
  out.values = {{"AUC", auc.trapezoid},
                {"EER", eer.value},
                {"P", whole(roc.positives)},
                {"N", whole(roc.negatives)},
                {"points", whole(static_cast<std::int64_t>(roc.points.size()))}};
  out.working = "\\text{TPR} = \\frac{TP}{P} = \\frac{TP}{" + std::to_string(roc.positives) +
                "},\\qquad \\text{FPR} = \\frac{FP}{N} = \\frac{FP}{" +
                std::to_string(roc.negatives) + "}";
  out.steps.push_back(roc.table);
  out.steps.push_back(auc.strips);
  out.notes.push_back(
      "Each row lowers the threshold to the next score: everything scored at "
      "least that much is returned. The curve runs from (0, 0), nothing "
      "returned, to (1, 1), everything returned; a random guess follows the "
      "diagonal.");
  common_roc_notes(out, roc);
  out.notes.push_back(band_note(auc.trapezoid));
  out.charts.push_back(roc_chart(roc, eer));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_auc(const MeasureCall& call, const Inputs& in) {
  auto built = build_roc(call, *in.scored);
  if (!built.ok()) return built.error();
  const Roc& roc = built.value();
  const Auc auc = area_under_roc(roc);
  const Eer eer = find_eer(roc);
  Outcome out = start_outcome(call, in);
  out.value = auc.trapezoid;
  out.values = {{"AUC", auc.trapezoid},
                {"pairs", auc.pairs},
                {"all_pairs", whole(roc.positives * roc.negatives)},
                {"P", whole(roc.positives)},
                {"N", whole(roc.negatives)}};
  out.working = auc.working;
  out.steps.push_back(auc.strips);
  out.steps.push_back(auc.pair_table);
  out.steps.push_back(roc.table);
  out.notes.push_back(band_note(auc.trapezoid));
  out.notes.push_back(
      "The area under the ROC curve equals the share of (relevant, non-relevant) pairs that the "
      "scores put in the right order, a tie counting 1/2 (the Mann–Whitney statistic U / (P·N)): "
      "both tables give " +
      number_text(auc.trapezoid) + ".");
  common_roc_notes(out, roc);
  if (auc.trapezoid.approx < 0.5) {
    const Number flipped = whole(1) - auc.trapezoid;
    out.notes.push_back(
        "Below 0.5 the scores order the pairs worse than a random guess; "
        "reversing them would give AUC = 1 − " +
        number_text(auc.trapezoid) + " = " + number_text(flipped) + ".");
  }
  out.charts.push_back(roc_chart(roc, eer));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_eer(const MeasureCall& call, const Inputs& in) {
  auto built = build_roc(call, *in.scored);
  if (!built.ok()) return built.error();
  const Roc& roc = built.value();
  const Eer eer = find_eer(roc);
  const Auc auc = area_under_roc(roc);
  Outcome out = start_outcome(call, in);
  out.value = eer.value;
  out.values = {{"EER", eer.value},
                {"lambda", eer.lambda},
                {"AUC", auc.trapezoid},
                {"P", whole(roc.positives)},
                {"N", whole(roc.negatives)}};
  out.working = eer.working;
  out.steps.push_back(eer.table);
  out.steps.push_back(roc.table);
  const RocPoint& a = roc.points[eer.before];
  const RocPoint& b = roc.points[eer.after];
  if (eer.at_point) {
    out.notes.push_back("FPR and FNR are equal at a point of the curve (" + b.threshold +
                        "): both are " + to_string(b.fpr) + ".");
  } else {
    out.notes.push_back(
        "FPR − FNR changes sign between " + a.threshold + " (FPR " + to_string(a.fpr) + ", FNR " +
        to_string(a.fnr) + ") and " + b.threshold + " (FPR " + to_string(b.fpr) + ", FNR " +
        to_string(b.fnr) +
        "). Between two ROC points both rates move in a straight line, so the EER is where "
        "that line meets FPR = FNR: a fraction λ = " +
        number_text(eer.lambda) + " of the way.");
  }
  if (eer.nearest_note) out.notes.push_back(*eer.nearest_note);
  common_roc_notes(out, roc);
  out.charts.push_back(roc_chart(roc, eer));
  finish_outcome(out);
  return out;
}

static Result<Outcome> run_auc_pr(const MeasureCall& call, const Inputs& in) {
  const ScoredLabels& data = *in.scored;
  const std::int64_t positives = data.positives();
  if (positives == 0) {
    return InputError{ErrorCode::inconsistent_counts,
                      "AUC-PR needs at least one relevant item; with none, recall TP/P would "
                      "divide by P = 0",
                      Span{}};
  }
  const auto groups = by_score(data);
  Outcome out = start_outcome(call, in);
  StepTable table{"Area under the precision–recall curve, one strip per threshold",
                  {"threshold", "items at this score", "TP", "returned", "precision", "recall",
                   "Δrecall", "step strip Δrecall · P", "trapezoid strip Δrecall · (P_prev + P)/2"},
                  {},
                  {}};
  Series points{"precision and recall at each threshold", Series::Kind::dot, {}};
  Series steps{"step area (AP)", Series::Kind::line, {}};
  Series trapezoid{"trapezoid area", Series::Kind::line, {}};
  Number step_area = whole(0);
  Number trapezoid_area = whole(0);
  std::vector<std::string> step_terms;
  std::int64_t tp = 0;
  std::int64_t returned = 0;
  std::optional<Fraction> previous_precision;
  Fraction previous_recall{0, 1};
  bool ties = false;
  for (const auto& group : groups) {
    std::string items;
    bool has_relevant = false;
    bool has_other = false;
    for (const ScoredItem* item : group) {
      tp += item->relevant ? 1 : 0;
      ++returned;
      (item->relevant ? has_relevant : has_other) = true;
      items += (items.empty() ? "" : ", ") + item_text(*item);
    }
    ties = ties || (has_relevant && has_other);
    const Fraction precision = frac(tp, returned);
    const Fraction recall = frac(tp, positives);
    // The curve starts at recall 0 with the first threshold's precision.
    const Fraction before = previous_precision.value_or(precision);
    const Number delta = exact_number(minus(recall, previous_recall));
    const Number step_strip = delta * exact_number(precision);
    const Number trapezoid_strip =
        delta * ((exact_number(before) + exact_number(precision)) / whole(2));
    step_area = step_area + step_strip;
    trapezoid_area = trapezoid_area + trapezoid_strip;
    if (delta.approx != 0.0) {
      step_terms.push_back(latex_exact(delta) + " \\cdot " + to_latex(precision));
      steps.points.emplace_back(to_double(previous_recall), to_double(precision));
      steps.points.emplace_back(to_double(recall), to_double(precision));
    }
    if (!previous_precision) trapezoid.points.emplace_back(0.0, to_double(precision));
    trapezoid.points.emplace_back(to_double(recall), to_double(precision));
    points.points.emplace_back(to_double(recall), to_double(precision));
    table.rows.push_back({text_cell(threshold_text(data, *group.front())), text_cell(items),
                          text_cell(std::to_string(tp)), text_cell(std::to_string(returned)),
                          number_cell(over(tp, returned), exact_number(precision)),
                          number_cell(over(tp, positives), exact_number(recall)),
                          number_cell(delta), number_cell(step_strip),
                          number_cell(trapezoid_strip)});
    previous_precision = precision;
    previous_recall = recall;
  }
  table.rows.push_back({text_cell("sum"), text_cell(""), text_cell(""), text_cell(""),
                        text_cell(""), text_cell(""), text_cell(""), number_cell(step_area),
                        number_cell(trapezoid_area)});
  out.value = step_area;
  out.label = "AUC-PR";
  out.values = {{"step", step_area},
                {"trapezoid", trapezoid_area},
                {"P", whole(positives)},
                {"N", whole(data.negatives())}};
  out.working =
      "\\text{AUC-PR}_{\\text{step}} = \\sum \\Delta R \\cdot P = " + latex_sum(step_terms) +
      " = " + latex_value(step_area) +
      ",\\qquad \\text{AUC-PR}_{\\text{trapezoid}} = " + latex_value(trapezoid_area);
  out.steps.push_back(std::move(table));
  out.notes.push_back(
      "The step area adds, for each rise in recall, the precision reached there: Σ Δrecall × "
      "precision. " +
      std::string(ties ? ""
                       : "With no tied scores this is AP of the ranking by score with R = " +
                             std::to_string(positives) +
                             ", the relevant items (every one is retrieved somewhere in "
                             "the list). ") +
      "It is the usual area under the PR curve (scikit-learn's average_precision_score).");
  const std::string comparison = compare_text(trapezoid_area, step_area);
  out.notes.push_back(
      "The trapezoid area joins the PR points with straight lines and gives " +
      number_text(trapezoid_area) + " ≈ " + to_decimal(trapezoid_area, 4) + ", " + comparison +
      ". A straight line between two PR points is not a precision any threshold reaches "
      "(precision falls and rises in a sawtooth between them; Davis and Goadrich, 2006), so the "
      "trapezoid can over- or under-state the area; prefer the step area.");
  out.notes.push_back(
      "Both curves start at recall 0 with the precision of the first threshold, "
      "so their first strips agree (scikit-learn's precision_recall_curve "
      "starts at precision 1 instead).");
  if (ties) {
    out.notes.push_back(
        "Tied scores form one threshold: every relevant item in a tie gets the "
        "precision at the end of the tie (as scikit-learn does). AP of a ranked "
        "list would depend on the order inside the tie.");
  }
  Chart chart;
  chart.id = "pr-area";
  chart.title = "Precision–recall curve: step and trapezoid areas";
  chart.x_label = "recall";
  chart.y_label = "precision";
  chart.series = {steps, trapezoid, points};
  chart.description = "Precision against recall at each of the " + std::to_string(groups.size()) +
                      " thresholds, with the step area " + to_decimal(step_area, 4) +
                      " and the trapezoid area " + to_decimal(trapezoid_area, 4) + ".";
  out.charts.push_back(std::move(chart));
  finish_outcome(out);
  return out;
}

// --- the measures this file computes, as the registry lists them ----------------------------

namespace {

MeasureInfo scored_measure() {
  MeasureInfo m;
  m.input = InputKind::scored_labels;
  return m;
}

}  // namespace

MeasureInfo measure_roc() {
  MeasureInfo m = scored_measure();
  m.name = "ROC";
  m.title = "ROC curve";
  m.summary =
      "The true positive rate against the false positive rate at every score threshold, from "
      "(0, 0) to (1, 1); tied scores are one diagonal step.";
  m.aliases = {"ROC-curve"};
  m.formula =
      "\\text{TPR} = \\frac{TP}{P} \\text{ (sensitivity)},\\qquad "
      "\\text{FPR} = \\frac{FP}{N} = 1 - \\text{specificity}";
  m.example = "ROC";
  m.golden = {"ROC1", "ROC2", "ROC3"};
  m.run = &run_roc;
  return m;
}

MeasureInfo measure_auc() {
  MeasureInfo m = scored_measure();
  m.name = "AUC";
  m.title = "Area under the ROC curve";
  m.summary =
      "The trapezoid area under the ROC curve, equal to the share of relevant/non-relevant "
      "pairs the scores order correctly (ties count 1/2).";
  m.aliases = {"AUROC", "ROC-AUC"};
  m.formula =
      "\\text{AUC} = \\sum_i (\\text{FPR}_i - \\text{FPR}_{i-1})\\,\\frac{\\text{TPR}_i + "
      "\\text{TPR}_{i-1}}{2} = "
      "\\frac{\\#\\{s_r > s_n\\} + \\tfrac12 \\#\\{s_r = s_n\\}}{P \\cdot N}";
  m.example = "AUC";
  m.golden = {"ROC1", "ROC2", "ROC3"};
  m.run = &run_auc;
  return m;
}

MeasureInfo measure_eer() {
  MeasureInfo m = scored_measure();
  m.name = "EER";
  m.title = "Equal error rate";
  m.summary =
      "The rate at which the false positive rate equals the false negative rate, interpolated "
      "between the two ROC points where they cross.";
  m.aliases = {"equal-error-rate"};
  m.formula =
      "\\text{EER} = \\text{FPR} = \\text{FNR} \\text{ where } \\text{FPR} - \\text{FNR} "
      "\\text{ changes sign (linear between ROC points)}";
  m.example = "EER";
  m.golden = {"ROC1", "ROC2"};
  m.run = &run_eer;
  return m;
}

MeasureInfo measure_auc_pr() {
  MeasureInfo m = scored_measure();
  m.name = "AUC-PR";
  m.title = "Area under the precision–recall curve";
  m.summary =
      "The step area Σ Δrecall · precision (AP of the ranking by score) and the trapezoid "
      "area, side by side.";
  m.aliases = {"AUPRC", "PR-AUC", "AUCPR"};
  m.formula =
      "\\text{AUC-PR} = \\sum_i (R_i - R_{i-1})\\,P_i,\\qquad \\text{trapezoid: } \\sum_i (R_i - "
      "R_{i-1})\\,\\frac{P_i + P_{i-1}}{2}";
  m.example = "AUC-PR";
  m.golden = {"PR1", "PR2"};
  m.run = &run_auc_pr;
  return m;
}

}  // namespace irm

// --- "Check my answer": the slips of AUC, EER, AUC-PR (check.cpp, check_slips.h) -----------------

namespace irm::checking {
namespace {

// AUC as the share of (relevant, non-relevant) pairs the scores order correctly, a tie counting
// `tie` (1/2 in AUC; 0 or 1 in the slips).
std::optional<Number> auc_with_ties(const Context& c, const Number& tie, std::int64_t* ties) {
  const auto parsed = parse_scored_labels(c.input);
  if (!parsed.ok()) return std::nullopt;
  std::vector<double> negatives;
  for (const auto& item : parsed.value().items) {
    if (!item.relevant) negatives.push_back(item.score);
  }
  std::sort(negatives.begin(), negatives.end());
  std::int64_t below = 0;
  std::int64_t tied = 0;
  std::int64_t positives = 0;
  for (const auto& item : parsed.value().items) {
    if (!item.relevant) continue;
    ++positives;
    const auto low = std::lower_bound(negatives.begin(), negatives.end(), item.score);
    const auto high = std::upper_bound(negatives.begin(), negatives.end(), item.score);
    below += low - negatives.begin();
    tied += high - low;
  }
  const auto all = positives * static_cast<std::int64_t>(negatives.size());
  if (all == 0) return std::nullopt;
  if (ties) *ties = tied;
  return (whole(below) + whole(tied) * tie) / whole(all);
}

std::optional<Candidate> auc_ties(const Context& c, bool as_one) {
  std::int64_t ties = 0;
  const auto plain = auc_with_ties(c, ratio(1, 2), &ties);
  if (!plain || ties == 0 || std::fabs(plain->approx - c.outcome.value.approx) > 1e-12) {
    return std::nullopt;
  }
  const auto value = auc_with_ties(c, whole(as_one ? 1 : 0), nullptr);
  if (!value) return std::nullopt;
  const std::string pairs = std::to_string(ties) + (ties == 1 ? " pair" : " pairs");
  return Candidate{as_one ? "auc.ties_counted_whole" : "auc.ties_dropped", *value,
                   c.answer + " counts the " + pairs + " with equal scores as " +
                       (as_one ? "ordered correctly (1 each)" : "ordered wrongly (0 each)") +
                       "; a tie counts 1/2, the chance that a random order puts the relevant "
                       "item first (the trapezoid under the ROC curve's diagonal step)"};
}

// The items returned at each distinct score, highest first (roc.cpp's thresholds): TP and FP
// counted so far, after the point (0, 0) of nothing returned.
struct RocCounts {
  std::int64_t tp = 0;
  std::int64_t fp = 0;
};

std::vector<RocCounts> returned_at_thresholds(const Context& c, std::int64_t& P, std::int64_t& N) {
  const auto parsed = parse_scored_labels(c.input);
  if (!parsed.ok()) return {};
  std::vector<ScoredItem> items = parsed.value().items;
  std::stable_sort(items.begin(), items.end(),
                   [](const ScoredItem& a, const ScoredItem& b) { return a.score > b.score; });
  P = parsed.value().positives();
  N = parsed.value().negatives();
  std::vector<RocCounts> out{{}};
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == 0 || items[i].score != items[i - 1].score) out.push_back(out.back());
    (items[i].relevant ? out.back().tp : out.back().fp) += 1;
  }
  return out;
}

int number_sign(const Number& n) {
  if (n.exact) return (n.exact->num > 0) - (n.exact->num < 0);
  return (n.approx > 0.0) - (n.approx < 0.0);
}

// EER as (FPR + FNR)/2 at the ROC point where the two are closest, instead of where the line
// between the two points around the crossing meets FPR = FNR.
std::optional<Candidate> eer_nearest_mean(const Context& c) {
  std::int64_t P = 0;
  std::int64_t N = 0;
  const auto points = returned_at_thresholds(c, P, N);
  if (points.empty() || P == 0 || N == 0) return std::nullopt;
  const auto fpr = [&](const RocCounts& r) { return ratio(r.fp, N); };
  const auto fnr = [&](const RocCounts& r) { return ratio(P - r.tp, P); };
  std::optional<std::size_t> crossing;
  std::size_t nearest = 0;
  Number nearest_gap = whole(2);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Number d = fpr(points[i]) - fnr(points[i]);
    const Number gap = number_sign(d) < 0 ? whole(0) - d : d;
    if (number_sign(gap - nearest_gap) < 0) {
      nearest_gap = gap;
      nearest = i;
    }
    if (!crossing && number_sign(d) >= 0) crossing = i;
  }
  if (!crossing || *crossing == 0) return std::nullopt;
  const RocCounts& a = points[*crossing - 1];
  const RocCounts& b = points[*crossing];
  const Number da = fpr(a) - fnr(a);
  const Number db = fpr(b) - fnr(b);
  const Number eer =
      number_sign(db) == 0 ? fpr(b) : fpr(a) + (whole(0) - da) / (db - da) * (fpr(b) - fpr(a));
  if (!close_numbers(eer, c.outcome.value)) return std::nullopt;
  const RocCounts& n = points[nearest];
  return Candidate{"eer.nearest_point_mean", (fpr(n) + fnr(n)) / whole(2),
                   c.answer + " is (FPR + FNR)/2 = (" + number_text(fpr(n)) + " + " +
                       number_text(fnr(n)) + ")/2 at the ROC point where the two are closest (" +
                       std::to_string(n.tp) + " relevant and " + std::to_string(n.fp) +
                       " non-relevant returned), where they are not equal; the EER is where the "
                       "line between the two points around the crossing meets FPR = FNR"};
}

// AUC-PR with interpolated precision: each threshold's precision replaced by the highest at that
// recall or beyond, the area under the PR curve's upper envelope.
std::optional<Candidate> auc_pr_interpolated(const Context& c) {
  std::int64_t P = 0;
  std::int64_t N = 0;
  const auto points = returned_at_thresholds(c, P, N);
  if (points.size() < 2 || P == 0) return std::nullopt;
  std::vector<Number> precision;
  for (std::size_t i = 1; i < points.size(); ++i) {
    precision.push_back(ratio(points[i].tp, points[i].tp + points[i].fp));
  }
  std::vector<Number> best = precision;
  for (std::size_t i = best.size() - 1; i-- > 0;) {
    if (number_sign(best[i + 1] - best[i]) > 0) best[i] = best[i + 1];
  }
  Number step = whole(0);
  Number interpolated = whole(0);
  for (std::size_t i = 1; i < points.size(); ++i) {
    const Number delta = ratio(points[i].tp - points[i - 1].tp, P);
    step = step + delta * precision[i - 1];
    interpolated = interpolated + delta * best[i - 1];
  }
  if (!close_numbers(step, c.outcome.value)) return std::nullopt;
  return Candidate{"auc_pr.interpolated", interpolated,
                   c.answer +
                       " takes at each recall the highest precision at that recall or beyond "
                       "(interpolated precision, as PASCAL VOC's AP does); the area under the "
                       "PR curve takes the precision at each threshold as it is: Σ Δrecall · P"};
}

std::string roc_hint(const Context& c, const std::string& q, bool /*main*/) {
  const std::string& family = c.call.info->name;
  if (family != "ROC" && family != "AUC" && family != "EER" && family != "AUC-PR") return "";
  const std::string points =
      "the ROC points (FPR, TPR) after each distinct score, highest first, items with the same "
      "score entering together";
  if (q == "AUC") {
    return "Check " + points +
           ", then the area under them by the trapezoid rule; it is also the "
           "share of the P · N (relevant, non-relevant) pairs that the scores "
           "order correctly, a tie counting 1/2.";
  }
  if (q == "pairs" || q == "all_pairs") {
    return "Count the (relevant, non-relevant) pairs the scores order correctly, a tie counting "
           "1/2; there are P · N pairs in all.";
  }
  if (q == "P" || q == "N") return "Count the relevant (P) and non-relevant (N) items.";
  if (q == "EER" || q == "lambda") {
    return "Check " + points +
           ", and FNR = 1 − TPR at each; between the two points where FPR − FNR changes sign, "
           "find where the straight line between them has FPR = FNR.";
  }
  const std::string pr =
      "Check precision and recall after each distinct score, highest first, items with the same "
      "score entering together; then the area under them ";
  if (q == "step" || q == "AUC-PR") return pr + "as steps: Σ Δrecall · precision.";
  if (q == "trapezoid")
    return pr + "by trapezoids: Σ Δrecall · (previous precision + precision)/2.";
  return "";
}

}  // namespace

const CheckFamily& roc_checks() {
  static const CheckFamily family = {
      {
          {{"auc.ties_dropped",
            {"AUC", "ROC"},
            "AUC with a pair of equal scores counted 0 instead of 1/2"},
           [](const Context& c) { return auc_ties(c, false); }},
          {{"auc.ties_counted_whole",
            {"AUC", "ROC"},
            "AUC with a pair of equal scores counted 1 instead of 1/2"},
           [](const Context& c) { return auc_ties(c, true); }},
          {{"eer.nearest_point_mean",
            {"EER"},
            "EER as (FPR + FNR)/2 at the ROC point where they are closest, not where they cross"},
           &eer_nearest_mean},
          {{"auc_pr.interpolated",
            {"AUC-PR"},
            "AUC-PR with interpolated precision: the highest precision at that recall or beyond"},
           &auc_pr_interpolated},
      },
      {},
      &roc_hint};
  return family;
}

}  // namespace irm::checking
