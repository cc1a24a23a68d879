// Diversity measures of one ranked list whose documents cover subtopics (intents) of a query:
// alpha-nDCG@k, alpha-DCG@k, ERR-IA@k, nERR-IA@k, NRBP, nNRBP, AP-IA (MAP-IA), P-IA@k and
// S-recall@k, as TREC's ndeval computes them (Clarke et al., "Novelty and diversity in
// information retrieval evaluation", SIGIR 2008; Clarke, Kolla and Vechtomova, "An effectiveness
// measure for ambiguous and underspecified queries", ICTIR 2009; Agrawal et al., "Diversifying
// search results", WSDM 2009; Zhai, Cohen and Lafferty, "Beyond independent relevance", SIGIR
// 2003).
//
// The computation is core/src/measures/ndeval.cpp's (tested against ndeval): the pasted list
// becomes a diversity::TopicQrels (every subtopic a document covers judged relevant, grade 1) and
// diversity::evaluate returns the values with, rank by rank, the subtopics each document covers
// and how many documents above it covered each (RankRow, Coverage), for the ranking and for the
// greedy ideal ranking. From those counts this file writes the working: the novelty weights
// (1 − alpha)^c as exact fractions, and every rational quantity (ERR-IA, NRBP, AP-IA, P-IA,
// S-recall) as an exact fraction; alpha-DCG goes through log2 and is a decimal. Each exact value
// equals evaluate()'s double to rounding (tests/core/golden_diversity.cpp checks it).
//
// Unnamed documents get internal names that sort after every typed name in descending order, the
// higher-ranked first, so the greedy ideal's tie rule (equal gains: the greater name first, as
// ndeval) puts a named document first, then the retrieved in rank order, then the unretrieved.
//
// Golden tests: DIV1 (diversity-3-docs-2-subtopics), DIV2 (diversity-unretrieved)
// (tests/core/golden_diversity.cpp).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

#include "check_slips.h"
#include "common.h"
#include "ndeval.h"

namespace irm {
namespace {

enum class DivKind { alpha_ndcg, alpha_dcg, err_ia, nerr_ia, nrbp, nnrbp, ap_ia, p_ia, s_recall };

constexpr std::int64_t max_k = 1'000'000;  // diversity::check_options' largest cutoff

bool uses_cutoff(DivKind w) {
  return w != DivKind::nrbp && w != DivKind::nnrbp && w != DivKind::ap_ia;
}
bool uses_ideal(DivKind w) {
  return w == DivKind::alpha_ndcg || w == DivKind::nerr_ia || w == DivKind::nnrbp;
}
bool uses_ideal_ideal(DivKind w) { return w == DivKind::alpha_dcg || w == DivKind::err_ia; }
bool dcg_family(DivKind w) { return w == DivKind::alpha_ndcg || w == DivKind::alpha_dcg; }
bool err_family(DivKind w) { return w == DivKind::err_ia || w == DivKind::nerr_ia; }
bool nrbp_family(DivKind w) { return w == DivKind::nrbp || w == DivKind::nnrbp; }

Number approx(double value, std::string formula) {
  Number out;
  out.approx = value;
  out.formula = std::move(formula);
  return out;
}

// 1/log2(r + 1): exact when r + 1 is a power of 2.
Number discount(std::int64_t rank) {
  std::int64_t power_of_two = 0;
  std::int64_t v = rank + 1;
  while (v % 2 == 0) {
    v /= 2;
    ++power_of_two;
  }
  if (v == 1) return ratio(1, power_of_two);
  return approx(1.0 / std::log2(static_cast<double>(rank + 1)),
                "1/log2(" + std::to_string(rank + 1) + ")");
}

std::string discount_latex(std::int64_t rank) {
  const Number d = discount(rank);
  if (d.exact) return std::to_string(d.exact->den);
  return "\\log_2 " + std::to_string(rank + 1);
}

// The pasted list as ndeval's subtopic qrels for one topic, and the ranking as docnos.
struct Setup {
  std::vector<std::string> docnos;  // internal names: [ranked..., unretrieved...]
  std::unordered_map<std::string_view, std::string> shown;
  diversity::TopicQrels topic;
  std::vector<std::string_view> ranked;
  int subtopics_listed = 0;
};

std::string padded(std::size_t i) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%07zu", static_cast<std::size_t>(9'999'999) - i);
  return buffer;
}

void build(const SubtopicList& list, Setup& s) {
  const std::size_t n = list.docs.size();
  s.docnos.reserve(n + list.unretrieved.size());
  for (std::size_t i = 0; i < n; ++i) {
    const SubtopicDoc& doc = list.docs[i];
    s.docnos.push_back(doc.label.empty() ? "\x02" + padded(i) : doc.label);
  }
  for (std::size_t i = 0; i < list.unretrieved.size(); ++i) {
    const SubtopicDoc& doc = list.unretrieved[i];
    s.docnos.push_back(doc.label.empty() ? "\x01" + padded(i) : doc.label);
  }
  std::vector<int> all;
  for (std::size_t i = 0; i < s.docnos.size(); ++i) {
    const bool retrieved = i < n;
    const SubtopicDoc& doc = retrieved ? list.docs[i] : list.unretrieved[i - n];
    const std::string_view docno = s.docnos[i];
    s.shown[docno] = !doc.label.empty() ? visible(doc.label)
                     : retrieved        ? "(rank " + std::to_string(i + 1) + ")"
                                        : "(unretrieved " + std::to_string(i - n + 1) + ")";
    if (retrieved) s.ranked.push_back(docno);
    for (const int subtopic : doc.subtopics) {
      diversity::SubtopicJudgment j;
      j.docno = docno;
      j.subtopic = subtopic;
      j.grade = 1;
      j.line = doc.where.line;
      s.topic.add(j);
      all.push_back(subtopic);
    }
  }
  std::sort(all.begin(), all.end());
  s.subtopics_listed = static_cast<int>(std::unique(all.begin(), all.end()) - all.begin());
  std::vector<std::pair<diversity::SubtopicJudgment, diversity::SubtopicJudgment>> twice;
  s.topic.build(twice);  // the parser refuses a subtopic given twice for a document
}

// A ranking's rows with exact gains: each covered subtopic's weight (1 − alpha)^c.
struct Step {
  const diversity::RankRow* row = nullptr;
  std::string covered;  // "1 (c = 1), 2 (c = 0)"
  std::string weights;  // "1/2 + 1"
  Number gain = whole(0);
};

std::vector<Step> steps_of(const std::vector<diversity::RankRow>& rows,
                           const std::vector<diversity::Coverage>& coverage, const Number& keep) {
  std::vector<Step> out;
  out.reserve(rows.size());
  // Each subtopic's weight so far: (1 − alpha)^c, one product per document covering it.
  std::unordered_map<int, std::pair<int, Number>> current;
  for (const diversity::RankRow& row : rows) {
    Step step;
    step.row = &row;
    for (std::size_t i = row.first; i < row.first + row.count; ++i) {
      const diversity::Coverage& c = coverage[i];
      const auto it = current.try_emplace(c.subtopic, 0, whole(1)).first;
      if (it->second.first != c.seen_before)
        it->second = {c.seen_before, power(keep, c.seen_before)};
      const Number weight = it->second.second;
      it->second = {c.seen_before + 1, weight * keep};
      step.gain = step.gain + weight;
      const std::string sep = i == row.first ? "" : ", ";
      step.covered +=
          sep + std::to_string(c.subtopic) + " (c = " + std::to_string(c.seen_before) + ")";
      step.weights += (i == row.first ? "" : " + ") + number_text(weight);
    }
    if (row.count == 0) {
      step.covered = "—";
      step.weights = "—";
    }
    out.push_back(std::move(step));
  }
  return out;
}

// The sum of a ranking's contributions to rank k, and its LaTeX terms.
struct Sum {
  Number total = whole(0);
  std::vector<std::string> terms;
  std::vector<Number> running;       // per rank
  std::vector<Number> contribution;  // per rank
};

enum class Discount { log, rank, geometric };

Sum sum_of(const std::vector<Step>& steps, std::size_t k, Discount d, const Number& beta) {
  Sum s;
  Number decay = whole(1);
  for (std::size_t i = 0; i < steps.size() && i < k; ++i) {
    const auto rank = static_cast<std::int64_t>(i + 1);
    const Number& g = steps[i].gain;
    Number term;
    std::string latex;
    switch (d) {
      case Discount::log:
        term = g * discount(rank);
        latex =
            rank == 1 ? latex_of(g) : "\\frac{" + latex_of(g) + "}{" + discount_latex(rank) + "}";
        break;
      case Discount::rank:
        term = g / whole(rank);
        latex =
            rank == 1 ? latex_of(g) : "\\frac{" + latex_of(g) + "}{" + std::to_string(rank) + "}";
        break;
      case Discount::geometric:
        term = g * decay;
        latex = rank == 1 ? latex_of(g)
                          : latex_of(g) + " \\cdot " + latex_of(beta) +
                                (rank == 2 ? "" : "^{" + std::to_string(rank - 1) + "}");
        decay = decay * beta;
        break;
    }
    s.total = s.total + term;
    s.contribution.push_back(term);
    s.running.push_back(s.total);
    if (g.approx > 0.0) s.terms.push_back(latex);
  }
  return s;
}

std::string sum_latex(const Sum& s) { return s.terms.empty() ? "0" : latex_sum(s.terms, 6); }

std::string names_of(const std::vector<Step>& steps, const Setup& setup) {
  std::string out;
  for (std::size_t i = 0; i < steps.size() && i < 30; ++i) {
    out += (i ? ", " : "") + setup.shown.at(steps[i].row->docno);
  }
  if (steps.size() > 30) out += ", …";
  return out;
}

struct DiversityWork {
  DivKind which;
  const MeasureCall* call;
  const Setup* setup;
  Number alpha;
  Number keep;
  Number beta;
  std::size_t k;  // the cutoff (the list's length without one)
  int S;
};

// The table of a ranking (the run's, or the ideal's) for the measure.
StepTable ranking_table(const DiversityWork& c, const std::vector<Step>& steps, bool ideal) {
  const DivKind w = c.which;
  StepTable t;
  t.title = ideal ? "The ideal ranking (greedy, as ndeval builds it): what each document adds"
                  : "The ranking: the subtopics each document covers, and what it adds";
  t.columns = {"rank", "document", "subtopics (c: covered above)", "weights (1 − α)^c", "gain"};
  const std::size_t limit = uses_cutoff(w) ? std::min(c.k, steps.size()) : steps.size();
  const Sum log_sum = sum_of(steps, limit, Discount::log, c.beta);
  const Sum rank_sum = sum_of(steps, limit, Discount::rank, c.beta);
  const Sum geo_sum = sum_of(steps, limit, Discount::geometric, c.beta);
  if (dcg_family(w)) {
    t.columns.insert(t.columns.end(), {"discount 1/log₂(r + 1)", "gain × discount", "DCG so far"});
  } else if (err_family(w)) {
    t.columns.insert(t.columns.end(), {"gain ÷ rank", "sum so far"});
  } else if (nrbp_family(w)) {
    t.columns.insert(t.columns.end(), {"β^(r − 1)", "gain × β^(r − 1)", "sum so far"});
  } else if (w == DivKind::p_ia) {
    t.columns.insert(t.columns.end(), {"subtopics covered", "covered so far", "P-IA so far"});
  } else if (w == DivKind::s_recall) {
    t.columns.insert(t.columns.end(), {"new subtopics", "subtopics seen", "S-recall so far"});
  } else if (w == DivKind::ap_ia) {
    t.columns.insert(t.columns.end(), {"precision for each subtopic covered"});
  }
  Number decay = whole(1);
  for (std::size_t i = 0; i < limit; ++i) {
    const Step& s = steps[i];
    const auto rank = static_cast<std::int64_t>(i + 1);
    std::vector<Cell> row = {text_cell(std::to_string(rank)),
                             text_cell(c.setup->shown.at(s.row->docno)), text_cell(s.covered),
                             text_cell(s.weights), number_cell(s.gain)};
    if (dcg_family(w)) {
      row.push_back(number_cell(discount(rank)));
      row.push_back(number_cell(log_sum.contribution[i]));
      row.push_back(number_cell(log_sum.running[i]));
    } else if (err_family(w)) {
      row.push_back(number_cell(rank_sum.contribution[i]));
      row.push_back(number_cell(rank_sum.running[i]));
    } else if (nrbp_family(w)) {
      row.push_back(number_cell(decay));
      row.push_back(number_cell(geo_sum.contribution[i]));
      row.push_back(number_cell(geo_sum.running[i]));
      decay = decay * c.beta;
    } else if (w == DivKind::p_ia) {
      row.push_back(number_cell(whole(static_cast<std::int64_t>(s.row->count))));
      row.push_back(number_cell(whole(s.row->precision_count)));
      row.push_back(c.S > 0 ? number_cell(ratio(s.row->precision_count, rank * c.S))
                            : text_cell("—"));
    } else if (w == DivKind::s_recall) {
      row.push_back(text_cell(""));  // filled below
      row.push_back(number_cell(whole(s.row->subtopics_seen)));
      row.push_back(c.S > 0 ? number_cell(ratio(s.row->subtopics_seen, c.S)) : text_cell("—"));
    } else if (w == DivKind::ap_ia) {
      row.push_back(text_cell(""));  // filled below
    }
    t.rows.push_back(std::move(row));
  }
  if (uses_cutoff(w) && c.k <= steps.size() && c.k > 0) t.highlight = {static_cast<int>(c.k - 1)};
  return t;
}

// The ideal ideal of ndeval's alpha-DCG and ERR-IA: a document covering all S subtopics at every
// rank, its gain S (1 − alpha)^(r − 1).
struct IdealIdeal {
  Number total = whole(0);
  std::vector<std::string> terms;
  StepTable table;
};

IdealIdeal ideal_ideal(const DiversityWork& c) {
  IdealIdeal out;
  const bool log = dcg_family(c.which);
  out.table.title =
      "The ideal ideal (ndeval's normaliser): at every rank a document covering all S = " +
      std::to_string(c.S) + " subtopics, gain S(1 − α)^(r − 1)";
  out.table.columns = {"rank", "gain S(1 − α)^(r − 1)",
                       log ? "gain × 1/log₂(r + 1)" : "gain ÷ rank", "sum so far"};
  Number gain = whole(c.S);
  const std::size_t shown = std::min<std::size_t>(c.k, 1000);
  for (std::size_t i = 0; i < c.k; ++i) {
    const auto rank = static_cast<std::int64_t>(i + 1);
    const Number term = log ? gain * discount(rank) : gain / whole(rank);
    out.total = out.total + term;
    if (i < shown) {
      out.table.rows.push_back({text_cell(std::to_string(rank)), number_cell(gain),
                                number_cell(term), number_cell(out.total)});
    }
    if (gain.approx > 0.0) {
      out.terms.push_back(rank == 1
                              ? latex_of(gain)
                              : "\\frac{" + latex_of(gain) + "}{" +
                                    (log ? discount_latex(rank) : std::to_string(rank)) + "}");
    }
    gain = gain * c.keep;
  }
  return out;
}

std::string value_latex(const Number& v) { return (v.exact ? "= " : "\\approx ") + latex_value(v); }

std::string at_k(const DiversityWork& c) { return "@" + std::to_string(c.k); }

// An alternative of another measure of this family, on the same input.
void add_alternative(Outcome& out, const std::string& name, const Number& value,
                     const std::string& why) {
  const auto call = parse_measure_name(name);
  if (!call.ok()) return;
  out.alternatives.push_back({canonical_name(call.value()), value, why});
}

Result<Outcome> run_diversity(DivKind w, const MeasureCall& call, const Inputs& in) {
  const SubtopicList& list = *in.subtopics;
  const Fraction alpha_f = parameter_fraction(call.param("alpha"));
  const bool has_beta = nrbp_family(w);
  const Fraction beta_f = has_beta ? parameter_fraction(call.param("beta")) : Fraction{1, 2};
  if (call.rank_cutoff && *call.rank_cutoff > max_k) {
    return InputError{ErrorCode::out_of_range,
                      "the cutoff k is " + std::to_string(*call.rank_cutoff) +
                          "; the diversity measures take k up to 1,000,000",
                      Span{}, Field::measure};
  }
  Setup setup;
  build(list, setup);
  const std::size_t n = list.docs.size();
  const std::size_t k =
      call.rank_cutoff ? static_cast<std::size_t>(*call.rank_cutoff) : std::max<std::size_t>(n, 1);

  diversity::Options options;
  options.alpha = to_double(alpha_f);
  options.beta = to_double(beta_f);
  options.cutoffs = {static_cast<int>(k)};
  options.rows = n + list.unretrieved.size();
  const auto evaluated = diversity::evaluate(&setup.topic, setup.ranked, options);
  if (!evaluated.ok()) {
    InputError e = evaluated.error();
    e.field = Field::input;
    return e;
  }
  const diversity::TopicScores& scores = evaluated.value();
  const diversity::AtCutoff& at = scores.at.front();

  DiversityWork c{w,
                  &call,
                  &setup,
                  exact_number(alpha_f),
                  whole(1) - exact_number(alpha_f),
                  exact_number(beta_f),
                  k,
                  scores.subtopics};
  const std::vector<Step> run = steps_of(scores.rows, scores.coverage, c.keep);
  const std::vector<Step> best = steps_of(scores.ideal_rows, scores.ideal_coverage, c.keep);

  Outcome out = start_outcome(call, in);
  StepTable run_table = ranking_table(c, run, false);
  const std::size_t limit = uses_cutoff(w) ? std::min(k, n) : n;
  const std::size_t ideal_limit = uses_cutoff(w) ? std::min(k, best.size()) : best.size();
  const std::string K = at_k(c);
  const int S = c.S;
  const std::string alpha_text = to_short_decimal(alpha_f);
  const Number zero = whole(0);

  if (w == DivKind::s_recall || w == DivKind::ap_ia) {
    // Fill the columns that need each subtopic's running count.
    std::unordered_map<int, int> count;
    for (std::size_t i = 0; i < limit; ++i) {
      const diversity::RankRow& row = *run[i].row;
      std::string text;
      for (std::size_t j = row.first; j < row.first + row.count; ++j) {
        const int subtopic = scores.coverage[j].subtopic;
        const int seen = ++count[subtopic];
        if (w == DivKind::s_recall) {
          if (seen == 1) text += (text.empty() ? "" : ", ") + std::to_string(subtopic);
        } else {
          text += (text.empty() ? "" : ", ") + std::to_string(subtopic) + ": " +
                  std::to_string(seen) + "/" + std::to_string(i + 1);
        }
      }
      run_table.rows[i][5] = text_cell(text.empty() ? "—" : text);
    }
  }
  out.steps.push_back(std::move(run_table));

  std::string working;
  Number value = zero;
  const auto& subtopic_numbers = setup.topic.subtopics();

  if (dcg_family(w) || err_family(w)) {
    const bool log = dcg_family(w);
    const Sum mine = sum_of(run, limit, log ? Discount::log : Discount::rank, c.beta);
    const Sum ideal = sum_of(best, ideal_limit, log ? Discount::log : Discount::rank, c.beta);
    const IdealIdeal ii = ideal_ideal(c);
    const std::string nm = log ? "\\alpha\\text{-DCG}" : "\\text{ERR-IA}";
    const std::string nnm = log ? "\\alpha\\text{-nDCG}" : "\\text{nERR-IA}";
    const std::string raw = log ? "\\text{DCG}" : "\\text{ERR}";
    const Number unnormalised = S > 0 ? mine.total / ii.total : zero;
    const Number normalised = S > 0 && mine.total.approx > 0.0 ? mine.total / ideal.total : zero;
    const bool want_n = uses_ideal(w);
    value = want_n ? normalised : unnormalised;
    out.values = {{log ? "alpha-DCG" : "ERR-IA", unnormalised},
                  {log ? "alpha-nDCG" : "nERR-IA", normalised},
                  {log ? "DCG" : "ERR", mine.total},
                  {log ? "ideal DCG" : "ideal ERR", ideal.total},
                  {log ? "ideal-ideal DCG" : "ideal-ideal ERR", ii.total}};
    if (want_n) {
      out.steps.push_back(ranking_table(c, best, true));
      working = nnm + K + " = \\frac{" + raw + K + "}{\\text{ideal } " + raw + K + "} = \\frac{" +
                sum_latex(mine) + "}{" + sum_latex(ideal) + "} = \\frac{" + latex_of(mine.total) +
                "}{" + latex_of(ideal.total) + "} " + value_latex(value);
      add_alternative(out,
                      std::string(log ? "alpha-DCG" : "ERR-IA") + "(alpha=" + alpha_text + ")" + K,
                      unnormalised,
                      "divides by ndeval's ideal ideal (every document covering all S subtopics), "
                      "not by the ideal ranking of these documents");
    } else {
      out.steps.push_back(std::move(ii.table));
      working = nm + K + " = \\frac{" + raw + K + "}{\\sum_{r=1}^{" + std::to_string(k) +
                "} S(1-\\alpha)^{r-1} / " + (log ? "\\log_2(r+1)" : "r") + "} = \\frac{" +
                sum_latex(mine) + "}{" + (ii.terms.empty() ? "0" : latex_sum(ii.terms, 6)) +
                "} = \\frac{" + latex_of(mine.total) + "}{" + latex_of(ii.total) + "} " +
                value_latex(value);
      add_alternative(
          out, std::string(log ? "alpha-nDCG" : "nERR-IA") + "(alpha=" + alpha_text + ")" + K,
          normalised,
          "divides by the ideal ranking of these documents (greedy), not by ndeval's "
          "ideal ideal");
    }
    if (log) {
      out.notes.push_back(
          "The discount 1/log₂(r + 1) is irrational at most ranks, so alpha-DCG is a decimal; "
          "the gains and the weights are exact.");
    }
    if (!log) {
      out.notes.push_back(
          "ERR-IA here is ndeval's: the novelty-weighted gains discounted by 1/r (Clarke, Kolla "
          "and Vechtomova 2009), every quantity a fraction. It is not Chapelle et al.'s ERR "
          "averaged over intents with graded probabilities.");
    }
    if (S > 0 && mine.total.approx > 0.0 &&
        std::abs(value.approx - (want_n ? (log ? at.alpha_ndcg : at.nerr_ia)
                                        : (log ? at.alpha_dcg : at.err_ia))) > 1e-9) {
      out.notes.push_back("Internal check: ndeval's computation gives " +
                          std::to_string(want_n ? (log ? at.alpha_ndcg : at.nerr_ia)
                                                : (log ? at.alpha_dcg : at.err_ia)));
    }
  } else if (nrbp_family(w)) {
    const Sum mine = sum_of(run, n, Discount::geometric, c.beta);
    const Sum ideal = sum_of(best, best.size(), Discount::geometric, c.beta);
    const Number factor = S > 0 ? (whole(1) - c.keep * c.beta) / whole(S) : zero;
    const Number nrbp = mine.total * factor;
    const Number ideal_nrbp = ideal.total * factor;
    const bool undefined = ideal_nrbp.approx == 0.0;
    const Number nnrbp = undefined ? zero : nrbp / ideal_nrbp;
    value = w == DivKind::nrbp ? nrbp : nnrbp;
    out.values = {{"NRBP", nrbp},
                  {"nNRBP", nnrbp},
                  {"sum", mine.total},
                  {"ideal sum", ideal.total},
                  {"factor", factor}};
    const std::string factor_latex = "\\frac{1 - (1-\\alpha)\\beta}{S} = \\frac{1 - " +
                                     latex_of(c.keep) + " \\cdot " + latex_of(c.beta) + "}{" +
                                     std::to_string(S) + "} = " + latex_of(factor);
    if (w == DivKind::nrbp) {
      working = "\\text{NRBP} = \\frac{1 - (1-\\alpha)\\beta}{S} \\sum_r g_r \\beta^{r-1} = " +
                latex_of(factor) + " \\left(" + sum_latex(mine) + "\\right) " + value_latex(value) +
                " \\\\ " + factor_latex;
      add_alternative(out, "nNRBP(alpha=" + alpha_text + ",beta=" + to_short_decimal(beta_f) + ")",
                      nnrbp, "divided by the NRBP of the ideal ranking");
    } else {
      out.steps.push_back(ranking_table(c, best, true));
      working = "\\text{nNRBP} = \\frac{\\text{NRBP}}{\\text{ideal NRBP}} = \\frac{" +
                sum_latex(mine) + "}{" + sum_latex(ideal) + "} = \\frac{" + latex_of(mine.total) +
                "}{" + latex_of(ideal.total) + "} " + value_latex(value) +
                "\\quad(\\text{the factor } " + factor_latex + " \\text{ cancels})";
      add_alternative(out, "NRBP(alpha=" + alpha_text + ",beta=" + to_short_decimal(beta_f) + ")",
                      nrbp, "not divided by the ideal ranking's NRBP");
      if (undefined) {
        out.notes.push_back(
            "The ideal ranking's NRBP is 0, so nNRBP is 0/0: taken as 0 here (ndeval prints "
            "no number for it).");
      }
    }
    out.notes.push_back("The user reads on from each rank with probability β = " +
                        to_short_decimal(beta_f) + "; NRBP reads the whole ranking, no cutoff.");
  } else if (w == DivKind::p_ia) {
    const std::int64_t pairs = at.precision_count;
    value = S > 0 ? ratio(pairs, static_cast<std::int64_t>(k) * S) : zero;
    out.values = {{"P-IA", value}, {"pairs", whole(pairs)}};
    working = "\\text{P-IA}" + K +
              " = \\frac{\\text{(rank} \\le k\\text{, subtopic) pairs covered}}{k\\,S} = \\frac{" +
              std::to_string(pairs) + "}{" + std::to_string(k) + " \\cdot " + std::to_string(S) +
              "} " + (S > 0 ? value_latex(value) : "= 0");
    out.notes.push_back(
        "P-IA@k is the mean over the S subtopics of each one's precision at k; k counts even "
        "when the list is shorter, as in ndeval.");
  } else if (w == DivKind::s_recall) {
    value = S > 0 ? ratio(at.subtopics_seen, S) : zero;
    out.values = {{"S-recall", value}, {"seen", whole(at.subtopics_seen)}};
    working = "\\text{S-recall}" + K +
              " = \\frac{|\\text{subtopics covered in the top } k|}{S} = \\frac{" +
              std::to_string(at.subtopics_seen) + "}{" + std::to_string(S) + "} " +
              (S > 0 ? value_latex(value) : "= 0");
  } else if (w == DivKind::ap_ia) {
    StepTable per{"Each subtopic's average precision",
                  {"subtopic", "relevant documents", "ranks covering it", "precisions", "AP"},
                  {},
                  {}};
    std::vector<std::string> terms;
    Number total = zero;
    // The ranks covering each subtopic, in one pass down the ranking.
    std::vector<std::vector<std::int64_t>> ranks_of(subtopic_numbers.size());
    for (std::size_t i = 0; i < run.size(); ++i) {
      const diversity::RankRow& row = *run[i].row;
      for (std::size_t j = row.first; j < row.first + row.count; ++j) {
        const auto col = std::lower_bound(subtopic_numbers.begin(), subtopic_numbers.end(),
                                          scores.coverage[j].subtopic) -
                         subtopic_numbers.begin();
        ranks_of[static_cast<std::size_t>(col)].push_back(static_cast<std::int64_t>(i + 1));
      }
    }
    constexpr std::size_t shown_ranks = 20;  // a cell lists at most 20 ranks, then "…"
    for (std::size_t col = 0; col < subtopic_numbers.size(); ++col) {
      const int subtopic = subtopic_numbers[col];
      const int relevant = scores.relevant_per_subtopic[col];
      if (relevant == 0) continue;
      std::string ranks;
      std::vector<std::string> precisions;
      Number sum = zero;
      std::int64_t seen = 0;
      for (const std::int64_t rank : ranks_of[col]) {
        ++seen;
        sum = sum + ratio(seen, rank);
        if (precisions.size() < shown_ranks) {
          ranks += (ranks.empty() ? "" : ", ") + std::to_string(rank);
          precisions.push_back(std::to_string(seen) + "/" + std::to_string(rank));
        }
      }
      if (ranks_of[col].size() > shown_ranks) {
        ranks += ", … (" + std::to_string(ranks_of[col].size()) + " ranks)";
        precisions.push_back("…");
      }
      const Number ap = sum / whole(relevant);
      total = total + ap;
      std::string precision_text;
      for (std::size_t p = 0; p < precisions.size(); ++p) {
        precision_text += (p ? " + " : "") + precisions[p];
      }
      per.rows.push_back({text_cell(std::to_string(subtopic)), number_cell(whole(relevant)),
                          text_cell(ranks.empty() ? "—" : ranks),
                          text_cell(precision_text.empty() ? "0" : precision_text),
                          number_cell(ap)});
      terms.push_back(latex_of(ap));
    }
    value = S > 0 ? total / whole(S) : zero;
    out.values = {{"AP-IA", value}};
    out.steps.push_back(std::move(per));
    working = "\\text{AP-IA} = \\frac{1}{S}\\sum_{s} \\text{AP}_s = \\frac{" +
              (terms.empty() ? std::string("0") : latex_sum(terms, 8)) + "}{" + std::to_string(S) +
              "} " + (S > 0 ? value_latex(value) : "= 0");
    out.notes.push_back(
        "Each subtopic's AP divides the sum of the precisions at the ranks covering it by the "
        "number of documents relevant to it, retrieved or not (ndeval's MAP-IA, for one query).");
  }
  out.value = value;
  out.working = working;

  // Notes every measure of the family shares.
  out.notes.push_back(
      "S = " + std::to_string(S) + (S == 1 ? " subtopic" : " subtopics") +
      " (those some document covers). A document's gain is the sum, over the subtopics it "
      "covers, of (1 − α)^c, c (c_{s,r} in the formula) the documents above it covering the "
      "same subtopic: α = " +
      alpha_text + " is how much a subtopic already seen loses each time.");
  if (uses_ideal(w)) {
    out.notes.push_back(
        "The ideal ranking is built greedily, as TREC's ndeval builds it: at each rank the "
        "document adding the most gain given those above; equal gains go to the greater name in "
        "byte order. Finding the true ideal is NP-hard, so a ranking can score above 1. The "
        "ideal: " +
        (best.empty() ? std::string("empty (no document covers a subtopic)")
                      : names_of(best, setup)) +
        ".");
  }
  if (uses_ideal_ideal(w)) {
    out.notes.push_back(
        "ndeval divides by an 'ideal ideal' list in which every document covers all S subtopics, "
        "whatever the documents judged; the normalised form divides by the greedy ideal ranking "
        "of these documents instead.");
  }
  if (uses_cutoff(w) && !call.rank_cutoff) {
    out.notes.push_back("No cutoff given: k = " + std::to_string(k) +
                        ", the length of the ranking.");
  }
  if (uses_cutoff(w) && call.rank_cutoff && k > n) {
    out.notes.push_back("Only " + plural(static_cast<std::int64_t>(n), "document") +
                        " were ranked; the ranks after them add nothing.");
  }
  if (S == 0) {
    out.notes.push_back(
        "No document covers a subtopic (S = 0): every measure is 0 here (ndeval prints 0, and "
        "for nNRBP, 0/0, no number).");
  }
  finish_outcome(out);
  return out;
}

ParamInfo alpha_param() {
  ParamInfo p;
  p.name = "alpha";
  p.default_value = "0.5";
  p.help =
      "how much a subtopic already covered loses each time it is covered again: its weight is "
      "(1 − α)^c after c documents (0 to 1; ndeval's default is 0.5)";
  p.numeric = true;
  p.maximum = Fraction{1, 1};
  return p;
}

ParamInfo beta_param() {
  ParamInfo p;
  p.name = "beta";
  p.default_value = "0.5";
  p.help =
      "the patience of NRBP's user: the chance of reading on from one rank to the next (0 to 1; "
      "ndeval's default is 0.5)";
  p.numeric = true;
  p.maximum = Fraction{1, 1};
  return p;
}

MeasureInfo diversity_measure(std::string name, std::string title, std::string summary, bool cutoff,
                              bool beta, std::vector<std::string> aliases, std::string formula,
                              std::string example, RunMeasure run) {
  MeasureInfo m;
  m.name = std::move(name);
  m.title = std::move(title);
  m.summary = std::move(summary);
  m.input = InputKind::subtopic_list;
  m.cutoff = cutoff ? CutoffKind::rank_optional : CutoffKind::none;
  m.params = {alpha_param()};
  if (beta) m.params.push_back(beta_param());
  m.aliases = std::move(aliases);
  m.formula = std::move(formula);
  m.example = std::move(example);
  m.golden = {"DIV1", "DIV2"};
  m.run = run;
  return m;
}

#define IRM_DIVERSITY_RUN(id)                                           \
  Result<Outcome> run_##id(const MeasureCall& call, const Inputs& in) { \
    return run_diversity(DivKind::id, call, in);                        \
  }
IRM_DIVERSITY_RUN(alpha_ndcg)
IRM_DIVERSITY_RUN(alpha_dcg)
IRM_DIVERSITY_RUN(err_ia)
IRM_DIVERSITY_RUN(nerr_ia)
IRM_DIVERSITY_RUN(nrbp)
IRM_DIVERSITY_RUN(nnrbp)
IRM_DIVERSITY_RUN(ap_ia)
IRM_DIVERSITY_RUN(p_ia)
IRM_DIVERSITY_RUN(s_recall)
#undef IRM_DIVERSITY_RUN

const std::string gain_formula = "g_r = \\sum_{s \\in \\text{doc}_r} (1-\\alpha)^{c_{s,r}}";

}  // namespace

// --- the measures this file computes, as the registry lists them ----------------------------

MeasureInfo measure_alpha_ndcg() {
  return diversity_measure(
      "alpha-nDCG", "Alpha-nDCG (novelty-biased nDCG)",
      "nDCG where a document gains (1 − α)^c for each subtopic it covers, c the documents above "
      "covering it, over the greedy ideal ranking's: rewards covering new subtopics early.",
      true, false, {"a-nDCG", "α-nDCG"},
      "\\alpha\\text{-nDCG@}k = \\frac{\\sum_{r \\le k} g_r / \\log_2(r+1)}{\\sum_{r \\le k} "
      "g^{*}_r / \\log_2(r+1)},\\quad " +
          gain_formula,
      "alpha-nDCG@5", &run_alpha_ndcg);
}

MeasureInfo measure_alpha_dcg() {
  return diversity_measure(
      "alpha-DCG", "Alpha-DCG (ndeval's normalisation)",
      "The novelty-biased DCG divided, as TREC's ndeval does, by an ideal ideal list whose every "
      "document covers all S subtopics.",
      true, false, {"α-DCG"},
      "\\alpha\\text{-DCG@}k = \\frac{\\sum_{r \\le k} g_r / \\log_2(r+1)}{\\sum_{r \\le k} "
      "S(1-\\alpha)^{r-1} / \\log_2(r+1)},\\quad " +
          gain_formula,
      "alpha-DCG@5", &run_alpha_dcg);
}

MeasureInfo measure_err_ia() {
  return diversity_measure(
      "ERR-IA", "Intent-aware expected reciprocal rank (ndeval's)",
      "The novelty-weighted gains discounted by 1/rank, divided by ndeval's ideal ideal list: "
      "every quantity a fraction.",
      true, false, {},
      "\\text{ERR-IA@}k = \\frac{\\sum_{r \\le k} g_r / r}{\\sum_{r \\le k} S(1-\\alpha)^{r-1} / "
      "r},\\quad " +
          gain_formula,
      "ERR-IA@5", &run_err_ia);
}

MeasureInfo measure_nerr_ia() {
  return diversity_measure(
      "nERR-IA", "Normalised intent-aware expected reciprocal rank",
      "ERR-IA over the greedy ideal ranking's ERR-IA: 1 for the ideal ranking.", true, false, {},
      "\\text{nERR-IA@}k = \\frac{\\sum_{r \\le k} g_r / r}{\\sum_{r \\le k} g^{*}_r / r},\\quad " +
          gain_formula,
      "nERR-IA@5", &run_nerr_ia);
}

MeasureInfo measure_nrbp() {
  return diversity_measure(
      "NRBP", "Novelty- and rank-biased precision",
      "Rank-biased precision of the novelty-weighted gains (Clarke, Kolla and Vechtomova 2009): "
      "a user who reads on with probability β, over the whole ranking.",
      false, true, {"novelty-rbp"},
      "\\text{NRBP} = \\frac{1 - (1-\\alpha)\\beta}{S} \\sum_{r} g_r\\, \\beta^{r-1},\\quad " +
          gain_formula,
      "NRBP(beta=0.8)", &run_nrbp);
}

MeasureInfo measure_nnrbp() {
  return diversity_measure(
      "nNRBP", "Normalised NRBP", "NRBP over the greedy ideal ranking's NRBP.", false, true, {},
      "\\text{nNRBP} = \\frac{\\sum_{r} g_r\\, \\beta^{r-1}}{\\sum_{r} g^{*}_r\\, \\beta^{r-1}},"
      "\\quad " +
          gain_formula,
      "nNRBP(beta=0.8)", &run_nnrbp);
}

MeasureInfo measure_ap_ia() {
  return diversity_measure(
      "AP-IA", "Intent-aware average precision (ndeval's MAP-IA)",
      "The mean over the subtopics of the ranking's average precision for each subtopic alone "
      "(C_s: "
      "the ranks covering subtopic s, R_s: the documents relevant to it).",
      false, false, {"MAP-IA"},
      "\\text{AP-IA} = \\frac{1}{S} \\sum_{s} \\frac{1}{R_s} \\sum_{r \\in C_s} \\frac{|C_s \\cap "
      "[1, r]|}{r}",
      "AP-IA", &run_ap_ia);
}

MeasureInfo measure_p_ia() {
  return diversity_measure(
      "P-IA", "Intent-aware precision",
      "The mean over the subtopics of precision at k for each subtopic alone (C_s: the ranks "
      "covering subtopic s).",
      true, false, {"precision-IA"},
      "\\text{P-IA@}k = \\frac{1}{S} \\sum_{s} \\frac{|C_s \\cap [1, k]|}{k}", "P-IA@5", &run_p_ia);
}

MeasureInfo measure_s_recall() {
  return diversity_measure(
      "S-recall", "Subtopic recall",
      "The share of the S subtopics that the first k documents cover (Zhai, Cohen and Lafferty "
      "2003).",
      true, false, {"strec", "subtopic-recall"},
      "\\text{S-recall@}k = \\frac{|\\bigcup_{r \\le k} \\text{subtopics}(\\text{doc}_r)|}{S}",
      "S-recall@5", &run_s_recall);
}

}  // namespace irm

// --- "Check my answer": the slips of the diversity measures (check.cpp, check_slips.h) -----------

namespace irm::checking {
namespace {

// S: the subtopics some document covers, retrieved or not (as diversity.cpp counts them), or
// those the retrieved documents cover.
std::optional<std::int64_t> subtopic_count(const Context& c, bool retrieved_only = false) {
  const auto list = parse_subtopic_list(c.input);
  if (!list.ok()) return std::nullopt;
  std::vector<int> all;
  for (const auto& doc : list.value().docs)
    all.insert(all.end(), doc.subtopics.begin(), doc.subtopics.end());
  if (!retrieved_only) {
    for (const auto& doc : list.value().unretrieved) {
      all.insert(all.end(), doc.subtopics.begin(), doc.subtopics.end());
    }
  }
  std::sort(all.begin(), all.end());
  return static_cast<std::int64_t>(std::unique(all.begin(), all.end()) - all.begin());
}

// The diversity measures with the redundancy left out: the measure itself with α = 0.
std::optional<Candidate> diversity_no_redundancy(const Context& c) {
  const auto alpha = param_fraction(c, "alpha");
  if (!alpha || alpha->num == 0) return std::nullopt;
  const auto other = compute(canonical_name(c.call.with("alpha", "0")), c.input, c.options);
  if (!other.ok()) return std::nullopt;
  return Candidate{"diversity.no_redundancy", other.value().value,
                   c.answer +
                       " counts every subtopic a document covers in full, however many "
                       "documents above it covered it (as with α = 0); a subtopic covered "
                       "c times above gains (1 − α)^c, with α = " +
                       c.call.param("alpha") + " here, in the ranking and in its ideal alike"};
}

// The gain column of the step table whose title starts with `title`, rank by rank.
std::optional<std::vector<double>> gain_column(const Outcome& o, std::string_view title) {
  for (const auto& table : o.steps) {
    if (table.title.rfind(title, 0) != 0) continue;
    const auto column = std::find(table.columns.begin(), table.columns.end(), "gain");
    if (column == table.columns.end()) return std::nullopt;
    const auto at = static_cast<std::size_t>(column - table.columns.begin());
    std::vector<double> gains;
    for (const auto& row : table.rows) {
      if (at >= row.size() || !row[at].number) return std::nullopt;
      gains.push_back(row[at].number->approx);
    }
    return gains;
  }
  return std::nullopt;
}

// Σ g_r/log2(r + 1), or with rank 1 undiscounted and rank r ≥ 2 divided by log2 r.
double discounted(const std::vector<double>& gains, bool log2_rank) {
  double total = 0.0;
  for (std::size_t i = 0; i < gains.size(); ++i) {
    const double rank = static_cast<double>(i) + 1.0;
    total += gains[i] / (log2_rank ? (rank == 1.0 ? 1.0 : std::log2(rank)) : std::log2(rank + 1));
  }
  return total;
}

std::optional<Candidate> alpha_discount_log2_rank(const Context& c) {
  const auto run = gain_column(c.outcome, "The ranking:");
  if (!run) return std::nullopt;
  std::vector<double> ideal;
  if (c.call.info->name == "alpha-nDCG") {
    const auto greedy = gain_column(c.outcome, "The ideal ranking");
    if (!greedy) return std::nullopt;
    ideal = *greedy;
  } else {
    // ndeval's ideal ideal: S(1 − α)^(r − 1) at each of the k ranks.
    const auto S = subtopic_count(c);
    const auto alpha = param_fraction(c, "alpha");
    if (!S || !alpha) return std::nullopt;
    const std::size_t k = c.call.rank_cutoff ? static_cast<std::size_t>(*c.call.rank_cutoff)
                                             : std::max<std::size_t>(run->size(), 1);
    double gain = static_cast<double>(*S);
    for (std::size_t i = 0; i < k; ++i, gain *= 1.0 - to_double(*alpha)) ideal.push_back(gain);
  }
  const double plain_below = discounted(ideal, false);
  if (plain_below == 0.0 || discounted(*run, false) == 0.0) return std::nullopt;
  if (std::fabs(discounted(*run, false) / plain_below - c.outcome.value.approx) > 1e-9) {
    return std::nullopt;
  }
  Number value;
  value.approx = discounted(*run, true) / discounted(ideal, true);
  return Candidate{"alpha.discount_log2_rank", value,
                   "your discount leaves rank 1 undiscounted and divides rank r ≥ 2 by log2 r, "
                   "the notes' DCG; " +
                       c.call.info->name +
                       ", as Clarke et al. (2008) and ndeval take it, divides rank r by "
                       "log2(r + 1), in the ranking and in its ideal alike"};
}

// ERR-IA, AP-IA, P-IA and NRBP are means over the S subtopics: the sum is S times the value.
std::optional<Candidate> summed_over_subtopics(const Context& c) {
  const auto S = subtopic_count(c);
  if (!S || *S < 2) return std::nullopt;
  const std::string& name = c.call.info->name;
  const std::string what = name == "ERR-IA"  ? "ERRs"
                           : name == "AP-IA" ? "average precisions"
                           : name == "P-IA"  ? "precisions at k"
                                             : "rank-biased precisions";
  const std::string family = name == "ERR-IA"  ? "err_ia"
                             : name == "AP-IA" ? "ap_ia"
                             : name == "P-IA"  ? "p_ia"
                                               : "nrbp";
  return Candidate{family + ".summed_over_subtopics", c.outcome.value * whole(*S),
                   c.answer + " adds up the S = " + std::to_string(*S) + " subtopics' " + what +
                       " instead of averaging them; " + name + " is their mean: divide by S"};
}

std::optional<Candidate> nrbp_rbp_factor(const Context& c) {
  const Number* sum = value_of(c.outcome, "sum");
  const auto S = subtopic_count(c);
  const auto alpha = param_fraction(c, "alpha");
  const auto beta = param_fraction(c, "beta");
  if (!sum || !S || *S == 0 || !alpha || !beta || alpha->num == 0) return std::nullopt;
  return Candidate{"nrbp.rbp_factor", *sum * (whole(1) - exact_number(*beta)) / whole(*S),
                   c.answer +
                       " multiplies the sum by RBP's (1 − β)/S; NRBP's factor is "
                       "(1 − (1 − α)β)/S, which makes a ranking whose every document "
                       "covers every subtopic score 1"};
}

std::optional<Candidate> ap_ia_over_retrieved(const Context& c) {
  const auto list = parse_subtopic_list(c.input);
  if (!list.ok() || list.value().unretrieved.empty()) return std::nullopt;
  // For each subtopic: the documents covering it (R_s), and the sums of precisions at the ranks
  // covering it.
  struct PerSubtopic {
    std::int64_t relevant = 0, retrieved = 0;
    Number sum = whole(0);
  };
  std::map<int, PerSubtopic> per;
  const auto& docs = list.value().docs;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    for (const int s : docs[i].subtopics) {
      PerSubtopic& one = per[s];
      ++one.relevant;
      ++one.retrieved;
      one.sum = one.sum + ratio(one.retrieved, static_cast<std::int64_t>(i + 1));
    }
  }
  for (const auto& doc : list.value().unretrieved) {
    for (const int s : doc.subtopics) ++per[s].relevant;
  }
  if (per.empty()) return std::nullopt;
  Number plain = whole(0);
  Number slip = whole(0);
  for (const auto& [s, one] : per) {
    plain = plain + one.sum / whole(one.relevant);
    if (one.retrieved > 0) slip = slip + one.sum / whole(one.retrieved);
  }
  const auto S = whole(static_cast<std::int64_t>(per.size()));
  if (!close_numbers(plain / S, c.outcome.value)) return std::nullopt;
  return Candidate{"ap_ia.over_retrieved", slip / S,
                   c.answer +
                       " divides each subtopic's sum of precisions by the documents "
                       "covering it that were retrieved; AP-IA divides by every document "
                       "covering it, the unretrieved too"};
}

std::optional<Candidate> p_ia_over_retrieved(const Context& c) {
  const Number* pairs = value_of(c.outcome, "pairs");
  const auto list = parse_subtopic_list(c.input);
  const auto S = subtopic_count(c);
  if (!pairs || !list.ok() || !S || *S == 0 || !c.call.rank_cutoff) return std::nullopt;
  const auto n = static_cast<std::int64_t>(list.value().docs.size());
  const std::int64_t k = *c.call.rank_cutoff;
  if (n == 0 || n >= k) return std::nullopt;
  return Candidate{"p_ia.over_retrieved", *pairs / whole(n * *S),
                   c.answer + " divides by the " + std::to_string(n) +
                       " documents retrieved; P-IA@" + std::to_string(k) +
                       " divides by k = " + std::to_string(k) +
                       " (times S), counting the missing ranks as covering "
                       "nothing"};
}

std::optional<Candidate> s_recall_over_documents(const Context& c) {
  const Number* seen = value_of(c.outcome, "seen");
  const auto list = parse_subtopic_list(c.input);
  if (!seen || !list.ok()) return std::nullopt;
  // k: the cutoff, or the list's length without one (as diversity.cpp reads it).
  const std::int64_t k = c.call.rank_cutoff.value_or(
      std::max<std::int64_t>(static_cast<std::int64_t>(list.value().docs.size()), 1));
  return Candidate{"s_recall.over_documents", *seen / whole(k),
                   c.answer + " divides the subtopics covered by k = " + std::to_string(k) +
                       ", the documents read; S-recall divides them by S, every subtopic some "
                       "document covers"};
}

std::optional<Candidate> s_recall_over_retrieved_subtopics(const Context& c) {
  const Number* seen = value_of(c.outcome, "seen");
  const auto S = subtopic_count(c);
  const auto listed = subtopic_count(c, true);
  if (!seen || !S || !listed || *listed == 0 || *listed == *S) return std::nullopt;
  return Candidate{"s_recall.over_retrieved_subtopics", *seen / whole(*listed),
                   c.answer + " divides by the " + std::to_string(*listed) +
                       " subtopics the retrieved documents cover; S-recall divides by S = " +
                       std::to_string(*S) + ", the unretrieved documents' subtopics too"};
}

std::optional<Candidate> s_recall_repeats(const Context& c) {
  const auto list = parse_subtopic_list(c.input);
  const auto S = subtopic_count(c);
  if (!list.ok() || !S || *S == 0) return std::nullopt;
  std::int64_t mentions = 0;
  for (std::size_t i = 0; i < kept_ranks(c, list.value().docs.size()); ++i) {
    mentions += static_cast<std::int64_t>(list.value().docs[i].subtopics.size());
  }
  return Candidate{"s_recall.repeats_counted", ratio(mentions, *S),
                   c.answer +
                       " counts a subtopic again each time another document covers it; "
                       "S-recall counts each subtopic covered once, however many "
                       "documents cover it"};
}

// The diversity measures: each document's gain from the subtopics it covers, then the measure.
std::string diversity_hint(const Context& c, const std::string& /*q*/, bool main) {
  if (c.call.info->input != InputKind::subtopic_list) return "";
  const std::string& family = c.call.info->name;
  if (!main) return "";
  const std::string top = top_text(c);
  const std::string gains =
      "For each document" + top +
      ", check the subtopics it covers and, for each, how many documents above it covered it "
      "(c); its gain is the sum of (1 − α)^c with α = " +
      c.call.param("alpha");
  const std::string ideal =
      "the same sum over the ideal ranking, built greedily (at each rank the document adding the "
      "most gain)";
  const std::string ideal_ideal =
      "the same sum over the ideal ideal, a document covering all S subtopics at every rank (gain "
      "S(1 − α)^(r − 1))";
  if (family == "alpha-nDCG") {
    return gains + "; add each gain over log2(r + 1), and divide by " + ideal + ".";
  }
  if (family == "alpha-DCG") {
    return gains + "; add each gain over log2(r + 1), and divide by " + ideal_ideal + ".";
  }
  if (family == "ERR-IA")
    return gains + "; add each gain over its rank r, and divide by " + ideal_ideal + ".";
  if (family == "nERR-IA")
    return gains + "; add each gain over its rank r, and divide by " + ideal + ".";
  if (family == "NRBP") {
    return gains + "; add each gain times β^(r − 1) with β = " + c.call.param("beta") +
           " over the whole ranking, then multiply by (1 − (1 − α)β)/S, S the subtopics some "
           "document covers.";
  }
  if (family == "nNRBP") {
    return gains + "; add each gain times β^(r − 1) with β = " + c.call.param("beta") +
           ", and divide by " + ideal + ".";
  }
  if (family == "AP-IA") {
    return "For each subtopic, check the precision at each rank whose document covers it (the "
           "documents covering it so far over the rank), their sum over the documents covering "
           "it, retrieved or not; then the mean over the S subtopics some document covers.";
  }
  if (family == "P-IA") {
    return "Count the subtopics each document" + top +
           " covers; divide the total by k times S, the subtopics some document covers.";
  }
  if (family == "S-recall") {
    return "Count the distinct subtopics the documents" + top +
           " cover, and divide by S, the subtopics some document covers, retrieved or not.";
  }
  return "";
}

}  // namespace

const CheckFamily& diversity_checks() {
  static const CheckFamily family = {
      {
          {{"diversity.no_redundancy",
            {"alpha-nDCG", "alpha-DCG", "ERR-IA", "nERR-IA", "nNRBP"},
            "a diversity measure with the redundancy (1 − α)^c left out: every subtopic covered "
            "counted in full, as with α = 0"},
           &diversity_no_redundancy},
          {{"alpha.discount_log2_rank",
            {"alpha-nDCG", "alpha-DCG"},
            "alpha-nDCG with rank 1 undiscounted and rank r ≥ 2 divided by log2 r instead of "
            "log2(r + 1)"},
           &alpha_discount_log2_rank},
          {{"err_ia.summed_over_subtopics",
            {"ERR-IA"},
            "ERR-IA as the sum of the subtopics' ERRs instead of their mean"},
           &summed_over_subtopics},
          {{"ap_ia.summed_over_subtopics",
            {"AP-IA"},
            "AP-IA as the sum of the subtopics' average precisions instead of their mean"},
           &summed_over_subtopics},
          {{"p_ia.summed_over_subtopics",
            {"P-IA"},
            "P-IA as the sum of the subtopics' precisions at k instead of their mean"},
           &summed_over_subtopics},
          {{"nrbp.summed_over_subtopics", {"NRBP"}, "NRBP not divided by S, the subtopics"},
           &summed_over_subtopics},
          {{"nrbp.rbp_factor",
            {"NRBP"},
            "NRBP with RBP's factor (1 − β)/S instead of (1 − (1 − α)β)/S"},
           &nrbp_rbp_factor},
          {{"ap_ia.over_retrieved",
            {"AP-IA"},
            "AP-IA with each subtopic's AP divided by the documents covering it that were "
            "retrieved"},
           &ap_ia_over_retrieved},
          {{"p_ia.over_retrieved",
            {"P-IA"},
            "P-IA@k of a list shorter than k: divided by the documents retrieved instead of k"},
           &p_ia_over_retrieved},
          {{"s_recall.over_documents",
            {"S-recall"},
            "S-recall divided by the documents read instead of the subtopics"},
           &s_recall_over_documents},
          {{"s_recall.over_retrieved_subtopics",
            {"S-recall"},
            "S-recall divided by the subtopics the retrieved documents cover instead of S"},
           &s_recall_over_retrieved_subtopics},
          {{"s_recall.repeats_counted",
            {"S-recall"},
            "S-recall counting a subtopic again each time another document covers it"},
           &s_recall_repeats},
      },
      {},
      &diversity_hint};
  return family;
}

}  // namespace irm::checking
