// libFuzzer harness: every text parser of the core on arbitrary bytes.
//
// Input: the first byte picks the parser (the letters below; any other byte picks one by its
// value modulo the number of parsers), the rest is the text. Seeds: tests/fuzz/corpus/parsers/.
// Each parser must answer (never crash, leak or hit undefined behaviour), and an error must have
// a message and a position inside the text.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.h"
#include "irm/check.h"
#include "irm/irm.h"
#include "irm/subtopics.h"
#include "irm/trec.h"
#include "irm/trec_eval.h"

namespace {

template <class T>
void check(const irm::Result<T>& result, std::string_view text) {
  if (!result.ok()) fuzz::check_error(result.error(), {text, text, text, text});
}

void run_parser(char which, std::string_view text) {
  switch (which) {
    case 'r': {
      const auto list = irm::parse_ranked_list(text);
      check(list, text);
      if (list.ok()) {
        // R from a page field: the text's last line, as the page would send it.
        const auto last = text.rfind('\n');
        const std::string_view field = last == std::string_view::npos ? "" : text.substr(last + 1);
        const auto R = irm::resolve_total_relevant(list.value(), field, !field.empty());
        if (!R.ok() && R.error().message.empty()) fuzz::fail("R", "error without a message");
        if (R.ok() && R.value().value < list.value().relevant_count()) {
          fuzz::fail("R", "smaller than the relevant documents listed");
        }
      }
      break;
    }
    case 'g':
      check(irm::parse_graded_list(text), text);
      break;
    case 'q':
      check(irm::parse_query_blocks(text), text);
      break;
    case 's':
      check(irm::parse_scored_labels(text), text);
      break;
    case 'c':
      check(irm::parse_confusion(text), text);
      break;
    case 'm':
      check(irm::parse_label_matrix(text), text);
      break;
    case 'j':
      check(irm::parse_judges(text), text);
      break;
    case 'f':
      check(irm::parse_ratings(text), text);
      break;
    case 'K': {
      // Krippendorff's reliability data: every cell a value or missing, every value used in range.
      const auto data = irm::parse_reliability(text);
      check(data, text);
      if (data.ok()) {
        const auto& d = data.value();
        if (d.values.size() != d.numbers.size()) fuzz::fail("reliability", "values and numbers");
        if (d.coders.size() != d.cells.size()) fuzz::fail("reliability", "a row per coder");
        for (const auto& row : d.cells) {
          if (row.size() != d.units.size()) fuzz::fail("reliability", "a cell per unit");
          for (const int v : row) {
            if (v < -1 || v >= static_cast<int>(d.values.size())) {
              fuzz::fail("reliability", "value out of range");
            }
          }
        }
      }
      break;
    }
    case 'k':
      check(irm::parse_two_rankings(text), text);
      break;
    case 'l':
      check(irm::parse_two_lists(text), text);
      break;
    case 'p':
      check(irm::parse_paired_scores(text), text);
      break;
    case 'u':
      check(irm::parse_runs(text), text);
      break;
    case 'i': {
      // Subtopic lists (the diversity calculator): every ranked or unretrieved document read
      // has its subtopics in range and given once.
      const auto list = irm::parse_subtopic_list(text);
      check(list, text);
      if (list.ok()) {
        for (const auto* docs : {&list.value().docs, &list.value().unretrieved}) {
          for (const irm::SubtopicDoc& doc : *docs) {
            for (std::size_t i = 0; i < doc.subtopics.size(); ++i) {
              const int s = doc.subtopics[i];
              if (s < 0 || s > irm::max_subtopic) fuzz::fail("subtopics", "out of range");
              for (std::size_t j = 0; j < i; ++j) {
                if (doc.subtopics[j] == s) fuzz::fail("subtopics", "given twice");
              }
            }
          }
        }
      }
      break;
    }
    case 'n': {
      const auto call = irm::parse_measure_name(text);
      check(call, text);
      if (call.ok()) {
        // The canonical spelling parses again, to itself.
        const std::string name = irm::canonical_name(call.value());
        const auto again = irm::parse_measure_name(name);
        if (!again.ok()) fuzz::fail("canonical name does not parse", name);
        if (irm::canonical_name(again.value()) != name) fuzz::fail("canonical name moves", name);
      }
      break;
    }
    case 'a':
      check(irm::parse_answer(text), text);
      break;
    case 'd': {
      const auto value = irm::parse_decimal(std::string(text));
      if (value && (value->den <= 0 || value->num < 0)) fuzz::fail("parse_decimal", "bad value");
      break;
    }
    case 'Q': {
      const auto qrels = irm::read_qrels(text, "q.txt");
      if (!qrels.ok() && qrels.error().message.empty()) fuzz::fail("qrels", "no message");
      const auto kept = irm::read_qrels(text, "q.txt", irm::Duplicates::keep_first);
      if (qrels.ok() && !kept.ok()) fuzz::fail("qrels", "keep_first fails where error passes");
      break;
    }
    case 'R': {
      const auto run = irm::read_run(text, "r.txt");
      if (!run.ok() && run.error().message.empty()) fuzz::fail("run", "no message");
      if (run.ok()) (void)irm::rank_topics(run.value());
      const auto run9 =
          irm::read_run(text, "r.txt", irm::Compat::trec9, irm::Duplicates::keep_first);
      if (!run9.ok() && run9.error().message.empty()) fuzz::fail("run", "no message");
      break;
    }
    case 'T': {
      const auto options = irm::parse_trec_args(fuzz::split_args(text));
      if (!options.ok() && options.error().message.empty()) fuzz::fail("args", "no message");
      // The command line's reader, then the session's reading of what it split off.
      const auto command = irm::read_trec_command_line(fuzz::split_args(text));
      if (command.usage_error && command.usage_error->empty()) fuzz::fail("argv", "no message");
      if (command.digits < 0 || command.digits > 17) fuzz::fail("argv", "--digits out of 0 to 17");
      (void)irm::parse_trec_args(command.configure);
      break;
    }
    default:
      break;
  }
}

constexpr char kParsers[] = "rgqscmjfKkpunadQRTil";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  char which = static_cast<char>(data[0]);
  if (std::string_view(kParsers).find(which) == std::string_view::npos) {
    which = kParsers[data[0] % (sizeof kParsers - 1)];
  }
  run_parser(which, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  return 0;
}
