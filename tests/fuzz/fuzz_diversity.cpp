// libFuzzer harness: the subtopic qrels reader and ndeval's diversity measures
// (core/src/measures/ndeval.h).
//
// Input:
//   byte 0   the options: bits 0-2 alpha (0, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 0.3), bits 3-4 beta
//            (0.5, 0, 1, 0.8), bit 5 relevance level 2 instead of 1, bits 6-7 the cutoffs
//            ({5, 10, 20}, {1}, {3, 1, 3}, {50})
//   then     the subtopic qrels, up to a line "~~~"
//   then     rankings, one a line: a topic, then its docnos best first
//
// Invariants: errors have messages and positions inside the text; keep_first reads whatever
// error reads; an evaluation gives finite values of 0 or more (nNRBP NaN only for a judged topic
// whose ideal NRBP is 0: no relevant subtopic, or alpha 0 with beta 1), precision, recall and
// MAP-IA at most 1, rows whose coverage lies inside the table, and the same values with the ideal
// ranking computed once. The same file read by read_qrels for both kinds of measures at once
// (as the TREC session reads it): its documents are the qrels' judgments in the same order, and
// a ranking given by their indexes has the same values; the measures at k alone (ranks and the
// ideal read to the deepest k only) have the values of the whole reading.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../../core/src/measures/ndeval.h"
#include "fuzz_common.h"
#include "irm/trec.h"

namespace {

namespace dv = irm::diversity;

void check_scores(const dv::TopicScores& s, bool judged, std::size_t ranked) {
  if (s.documents != ranked) fuzz::fail("diversity", "documents counted wrong");
  const std::vector<double> values = dv::ndeval_values(s);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double v = values[i];
    if (std::isnan(v)) {
      const bool nnrbp = i == 4 * s.at.size() + 1;  // ndeval_columns' order
      if (!nnrbp || !judged || s.ideal_nrbp != 0) fuzz::fail("diversity", "NaN value");
      continue;
    }
    if (!std::isfinite(v) || v < 0) fuzz::fail("diversity", "value " + std::to_string(v));
  }
  if (s.map_ia > 1 + 1e-12) fuzz::fail("diversity", "MAP-IA above 1");
  for (const dv::AtCutoff& a : s.at) {
    if (a.p_ia > 1 + 1e-12 || a.strec > 1 + 1e-12) fuzz::fail("diversity", "P-IA/strec above 1");
    if (a.alpha_dcg > 1 + 1e-9 || a.err_ia > 1 + 1e-9) {
      fuzz::fail("diversity", "alpha-DCG or ERR-IA above the ideal ideal");
    }
  }
  for (const dv::RankRow& row : s.rows) {
    if (row.first + row.count > s.coverage.size()) fuzz::fail("diversity", "row outside coverage");
  }
  for (const dv::RankRow& row : s.ideal_rows) {
    if (row.first + row.count > s.ideal_coverage.size()) {
      fuzz::fail("diversity", "ideal row outside coverage");
    }
  }
}

bool same(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(a[i] == b[i]) && !(std::isnan(a[i]) && std::isnan(b[i]))) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned flags = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t mark = text.find("\n~~~\n");
  const std::string_view qrels_text =
      text.substr(0, mark == std::string_view::npos ? text.size() : mark + 1);
  std::string_view rankings =
      mark == std::string_view::npos ? std::string_view{} : text.substr(mark + 5);

  const auto qrels = dv::read_subtopic_qrels(qrels_text, "q.txt");
  const auto kept = dv::read_subtopic_qrels(qrels_text, "q.txt", irm::Duplicates::keep_first);
  if (!qrels.ok()) {
    fuzz::check_span(qrels.error().where, qrels_text, qrels.error().message);
    if (qrels.error().message.empty()) fuzz::fail("diversity", "error without a message");
  }
  if (!kept.ok()) fuzz::check_span(kept.error().where, qrels_text, kept.error().message);
  if (qrels.ok() && !kept.ok()) fuzz::fail("diversity", "keep_first fails where error reads");
  if (!kept.ok()) return 0;
  dv::SubtopicQrels both;
  const auto standard = irm::read_qrels(qrels_text, "q.txt", irm::Duplicates::highest, false,
                                        SIZE_MAX, &both, irm::Duplicates::keep_first);
  if (!standard.ok())
    fuzz::check_span(standard.error().where, qrels_text, standard.error().message);
  const bool at_once = standard.ok();
  if (at_once) {
    if (both.topics.size() != standard.value().topics.size()) {
      fuzz::fail("diversity", "read_qrels: topics differ");
    }
    for (std::size_t t = 0; t < both.topics.size(); ++t) {
      const auto& all = standard.value().judgments[t].all();
      const auto& topic = both.topics[t];
      if (topic.size() != all.size()) fuzz::fail("diversity", "read_qrels: documents differ");
      for (std::size_t d = 0; d < topic.size(); ++d) {
        if (topic.docno(d) != all[d].docno) fuzz::fail("diversity", "read_qrels: order differs");
      }
    }
  }

  static const double alphas[] = {0, 0.1, 0.25, 0.5, 0.75, 0.9, 1, 0.3};
  static const double betas[] = {0.5, 0, 1, 0.8};
  static const std::vector<int> cutoffs[] = {{5, 10, 20}, {1}, {3, 1, 3}, {50}};
  dv::Options options;
  options.alpha = alphas[flags & 7];
  options.beta = betas[(flags >> 3) & 3];
  options.relevance_level = (flags & 32) != 0 ? 2 : 1;
  options.cutoffs = cutoffs[(flags >> 6) & 3];
  options.rows = 8;

  int lines = 0;
  while (!rankings.empty() && ++lines <= 64) {
    const std::string_view line = fuzz::take_line(rankings);
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      const std::size_t start = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
      if (i > start) words.push_back(line.substr(start, i - start));
    }
    if (words.empty()) continue;
    const dv::TopicQrels* topic = kept.value().find(words[0]);
    const std::vector<std::string_view> ranked(words.begin() + 1, words.end());
    const auto scores = dv::evaluate(topic, ranked, options);
    if (!scores.ok()) {
      if (scores.error().message.empty()) fuzz::fail("diversity", "error without a message");
      continue;
    }
    check_scores(scores.value(), topic != nullptr, ranked.size());
    if (topic != nullptr) {
      const dv::Ideal ideal = dv::ideal_ranking(*topic, options.alpha, options.relevance_level);
      const auto again = dv::evaluate(topic, ideal, ranked, options);
      if (!again.ok() ||
          !same(dv::ndeval_values(again.value()), dv::ndeval_values(scores.value()))) {
        fuzz::fail("diversity", "the ideal given changes the values");
      }
    }
    if (topic != nullptr && at_once) {
      // By index into the qrels' judgments, when every document is ranked once.
      const auto* judgments = standard.value().find(words[0]);
      const dv::TopicQrels* mine = &both.topics[standard.value().topic_index.at(words[0])];
      std::vector<std::int32_t> indexes;
      for (const std::string_view docno : ranked) {
        const irm::Judgment* found = judgments->find(docno);
        indexes.push_back(
            found == nullptr ? -1 : static_cast<std::int32_t>(found - judgments->all().data()));
      }
      const dv::Ideal ideal = dv::ideal_ranking(*mine, options.alpha, options.relevance_level);
      const auto by_index = dv::evaluate(mine, ideal, indexes, options);
      if (!by_index.ok() ||
          !same(dv::ndeval_values(by_index.value()), dv::ndeval_values(scores.value()))) {
        fuzz::fail("diversity", "by index, the values differ");
      }
      // The measures at k alone.
      dv::Options top = options;
      top.whole_ranking = false;
      int deepest = 0;
      for (const int k : top.cutoffs) deepest = std::max(deepest, k);
      const dv::Ideal shallow = dv::ideal_ranking(*mine, options.alpha, options.relevance_level,
                                                  static_cast<std::size_t>(deepest));
      const auto some = dv::evaluate(mine, shallow, indexes, top);
      if (!some.ok()) fuzz::fail("diversity", "the measures at k alone refused");
      for (std::size_t i = 0; i < some.value().at.size(); ++i) {
        const dv::AtCutoff& a = some.value().at[i];
        const dv::AtCutoff& b = scores.value().at[i];
        if (!same({a.alpha_ndcg, a.nerr_ia, a.alpha_dcg, a.err_ia, a.p_ia, a.strec},
                  {b.alpha_ndcg, b.nerr_ia, b.alpha_dcg, b.err_ia, b.p_ia, b.strec})) {
          fuzz::fail("diversity", "the measures at k alone differ");
        }
      }
    }
    (void)dv::format_ndeval_values(dv::ndeval_values(scores.value()));
  }
  return 0;
}
