// libFuzzer harness: the TREC engine (irm/trec_eval.h TrecSession), end to end.
//
// Input:
//   byte 0           bit 0: stream the runs; bits 1..7: seed of the piece sizes they are fed in
//   line 1           trec_eval's flags for configure, separated by spaces ("-q -m all_trec")
//   then             the qrels, up to a line "~~~"
//   then             up to three runs, separated by lines "~~~"
// Seeds: tests/fuzz/corpus/trec/.
//
// Each run is read twice: in pieces of varying sizes (streamed when bit 0 says so, begun again
// without streaming when run_restart_needed()), and whole without streaming in a second session.
// The qrels and the first run are also read as two qrels files compared by judges_agreement_json
// (irm/judges.h): an error has a message, a report is JSON without nan or inf.
// Invariants: errors have messages; both readings agree on whether each run is an error, and on
// the reports (text and CSV), which never print inf (but as a run's tag), nor nan other than
// trec_eval's "-nan" (a topic left with no documents under -J or -M 0), and not even that with
// --nan-as-zero.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.h"
#include "irm/judges.h"
#include "irm/trec_eval.h"

namespace {

// The sections between lines "~~~".
std::vector<std::string_view> split_sections(std::string_view text) {
  std::vector<std::string_view> sections;
  while (true) {
    const auto mark = text.find("\n~~~\n");
    if (mark == std::string_view::npos) break;
    sections.push_back(text.substr(0, mark + 1));
    text.remove_prefix(mark + 5);
  }
  sections.push_back(text);
  return sections;
}

void check(const std::optional<irm::InputError>& error) {
  if (error && error->message.empty()) fuzz::fail("trec", "error without a message");
}

// Feeds `bytes` in pieces of 1 to 64 bytes (sizes from a small generator seeded by `seed`).
std::optional<irm::InputError> feed_in_pieces(irm::TrecSession& session, std::string_view bytes,
                                              unsigned seed) {
  unsigned state = seed * 2654435761u + 1;
  while (!bytes.empty()) {
    state = state * 1103515245u + 12345u;
    const std::size_t size = 1 + (state >> 16) % 64;
    const auto piece = bytes.substr(0, size);
    bytes.remove_prefix(piece.size());
    if (auto error = session.feed_run(piece)) return error;
    if (session.run_restart_needed()) return std::nullopt;
  }
  return std::nullopt;
}

void check_report(const std::string& report, bool nan_allowed) {
  for (const char* bad : {"nan", "inf", "NaN", "Inf"}) {
    // Numbers are printed as %6.4f; a word "nan" or "inf" can only come from a value.
    for (auto at = report.find(bad); at != std::string::npos; at = report.find(bad, at + 1)) {
      const bool after_tab = at > 0 && (report[at - 1] == '\t' || report[at - 1] == ',' ||
                                        report[at - 1] == '-' || report[at - 1] == ' ');
      const std::size_t end = at + 3;
      const bool at_end = end == report.size() || report[end] == '\n';
      // trec_eval's "-nan", where it prints it (irm/trec_eval.h, TrecOptions::nan_as_zero).
      const bool trec_eval_nan =
          nan_allowed && std::string_view(bad) == "nan" && at > 0 && report[at - 1] == '-';
      // runid's value is the run's tag, any word ("inf" too).
      const std::size_t line_start =
          report.rfind('\n', at) == std::string::npos ? 0 : report.rfind('\n', at) + 1;
      const std::string_view line = std::string_view(report).substr(line_start, at - line_start);
      const bool run_tag =
          line.rfind("runid", 0) == 0 || line.find(",runid,") != std::string_view::npos;
      if (after_tab && at_end && !trec_eval_nan && !run_tag) fuzz::fail("trec report prints", bad);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool stream = (data[0] & 1) != 0;
  const unsigned seed = data[0] >> 1;
  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::vector<std::string> args = fuzz::split_args(fuzz::take_line(rest));
  std::vector<std::string_view> sections = split_sections(rest);
  if (sections.size() > 4) sections.resize(4);

  {
    const auto judged = irm::judges_agreement_json(
        sections[0], "a.qrels", sections.size() > 1 ? sections[1] : std::string_view(), "b.qrels");
    if (!judged.ok() && judged.error().message.empty())
      fuzz::fail("judges", "error without a message");
    if (judged.ok()) {
      const std::string& json = judged.value();
      if (json.empty() || json.front() != '{' || json.back() != '}')
        fuzz::fail("judges", "not an object");
      for (const char* bad : {":nan", ":inf", ":-nan", ":-inf"}) {
        if (json.find(bad) != std::string::npos) fuzz::fail("judges report prints", bad);
      }
    }
  }

  irm::TrecSession pieces;
  irm::TrecSession whole;
  const auto configured = pieces.configure(args);
  check(configured);
  if (configured.has_value() != whole.configure(args).has_value()) {
    fuzz::fail("trec", "configure differs between sessions");
  }
  if (configured) return 0;

  pieces.begin_qrels("qrels.txt");
  whole.begin_qrels("qrels.txt", sections[0].size());
  // The qrels in two pieces, split in the middle, against one piece.
  pieces.feed_qrels(sections[0].substr(0, sections[0].size() / 2));
  pieces.feed_qrels(sections[0].substr(sections[0].size() / 2));
  whole.feed_qrels(sections[0]);
  const auto qrels_error = pieces.end_qrels();
  check(qrels_error);
  if (qrels_error.has_value() != whole.end_qrels().has_value()) {
    fuzz::fail("trec", "qrels read differently in pieces");
  }
  if (qrels_error) {
    // No qrels: a run must be refused, not crash.
    if (!pieces.begin_run("run.txt", stream)) fuzz::fail("trec", "a run began without qrels");
    return 0;
  }

  for (std::size_t i = 1; i < sections.size(); ++i) {
    const std::string name = "run" + std::to_string(i) + ".txt";
    std::optional<irm::InputError> error = pieces.begin_run(name, stream);
    check(error);
    if (!error) error = feed_in_pieces(pieces, sections[i], seed + static_cast<unsigned>(i));
    if (!error && pieces.run_restart_needed()) {
      // Streaming met a topic again: read the run once more, unstreamed, from the start.
      error = pieces.begin_run(name, false);
      if (!error) error = feed_in_pieces(pieces, sections[i], seed);
      if (pieces.run_restart_needed()) fuzz::fail("trec", "restart needed without streaming");
    }
    if (!error) error = pieces.end_run();
    check(error);

    std::optional<irm::InputError> whole_error = whole.begin_run(name, false);
    if (!whole_error) whole_error = whole.feed_run(sections[i]);
    if (!whole_error) whole_error = whole.end_run();
    check(whole_error);
    if (error.has_value() != whole_error.has_value()) {
      fuzz::fail("trec", "a run read in pieces" + std::string(stream ? ", streamed," : "") +
                             " and whole disagree: " + (error ? error->message : "no error") +
                             " / " + (whole_error ? whole_error->message : "no error"));
    }
    if (error) break;
  }

  const bool nan_allowed = !pieces.options().nan_as_zero;
  const std::string text = pieces.report_text();
  check_report(text, nan_allowed);
  if (text != whole.report_text()) fuzz::fail("trec", "report_text differs when streamed/pieces");
  const std::string csv = pieces.report_csv(6);
  check_report(csv, nan_allowed);
  if (csv != whole.report_csv(6)) fuzz::fail("trec", "report_csv differs when streamed/pieces");
  return 0;
}
