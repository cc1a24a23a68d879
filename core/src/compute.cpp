// compute(): the one entry point the wasm glue and the tests call. Parses the measure name and
// the input for the measure's input kind, resolves the options, and runs the measure.

#include <algorithm>

#include "irm/irm.h"
#include "irm/module_group.h"
#include "parse/forms.h"
#include "parse/text.h"
#include "parse/transcript.h"

namespace irm {
namespace {

// Runs `call` on a parsed input: stores it in the Inputs field for its kind, and copies how the
// text was read into the notes every Outcome carries.
template <class Parsed>
Result<Outcome> run_on(const MeasureCall& call, Inputs& in, const Result<Parsed>& parsed,
                       const Parsed* Inputs::*field) {
  if (!parsed.ok()) return parsed.error();
  in.*field = &parsed.value();
  in.notes.insert(in.notes.end(), parsed.value().reading.begin(), parsed.value().reading.end());
  return call.info->run(call, in);
}

// A measure whose input kind this build does not read (irm/module_group.h): the calculators'
// engine then asks the module that has every reader (web/js/engine-worker.js).
InputError not_available(const MeasureCall& call) {
  return InputError{ErrorCode::unknown_measure,
                    call.info->name + " has no input reader in this build", Span{}, Field::measure};
}

// A file saved with old Mac line ends separates its lines with a lone CR: read each as a line
// end, as an editor shows it, so that lines and line numbers are right. Same length, so every
// column is unchanged; CR LF stays one line end.
std::string_view lone_cr_as_newline(std::string_view input, std::string& storage) {
  std::size_t cr = input.find('\r');
  while (cr != std::string_view::npos && cr + 1 < input.size() && input[cr + 1] == '\n') {
    cr = input.find('\r', cr + 1);
  }
  if (cr == std::string_view::npos) return input;
  storage.assign(input);
  for (std::size_t i = cr; i < storage.size(); ++i) {
    if (storage[i] == '\r' && (i + 1 == storage.size() || storage[i + 1] != '\n'))
      storage[i] = '\n';
  }
  return storage;
}

}  // namespace

const char* version() { return IRM_VERSION; }  // package.json's version (core/CMakeLists.txt)

Result<Outcome> compute(std::string_view measure, std::string_view typed_input,
                        const Options& options) {
  std::string storage;
  std::string_view input = lone_cr_as_newline(typed_input, storage);
  // A Python session (>>> prompts): each reader sees its data lines alone, at their own lines
  // and columns, and every answer says how the session was read.
  std::optional<text::Transcript> session;
  if (text::reads_printed_forms()) {
    session = text::read_transcript(input);
  } else if (input.find(">>>") != std::string_view::npos) {
    return text::read_elsewhere();
  }
  if (session) input = session->text;
  for (const auto& [key, value] : options) {
    if (key != "relevant") {
      return InputError{ErrorCode::unknown_parameter,
                        "unknown option '" + key + "'; the options are: relevant", Span{},
                        Field::options};
    }
  }
  const auto parsed_call = parse_measure_name(measure);
  if (!parsed_call.ok()) return parsed_call.error();
  const MeasureCall& call = parsed_call.value();
  const auto relevant = options.find("relevant");
  const std::string relevant_text = relevant == options.end() ? "" : relevant->second;

  Inputs in;
  if (session) in.notes.push_back(session->reading);
  switch (input_kind(call)) {
    case InputKind::ranked_list:
      if constexpr (keeps("lists")) {
        auto list = parse_ranked_list(input);
        if (!list.ok()) return list.error();
        auto R = resolve_total_relevant(list.value(), relevant_text, relevant != options.end());
        if (!R.ok()) return R.error();
        if (R.value().note) list.value().reading.push_back(*R.value().note);
        in.total_relevant = R.value().value;
        return run_on(call, in, list, &Inputs::ranked);
      }
      break;
    case InputKind::graded_list:
      if constexpr (keeps("lists"))
        return run_on(call, in, parse_graded_list(input), &Inputs::graded);
      break;
    case InputKind::queries:
      if constexpr (keeps("lists")) {
        // R from the page field applies to every query whose block gives none.
        if (!relevant_text.empty()) {
          auto R = resolve_total_relevant(RankedList{}, relevant_text, true);
          if (!R.ok()) return R.error();
          in.total_relevant = R.value().value;
        } else {
          in.total_relevant = -1;  // not given: each block's own relevant=N, or its relevant count
        }
        return run_on(call, in, parse_query_blocks(input), &Inputs::queries);
      }
      break;
    case InputKind::scored_labels:
      if constexpr (keeps("roc"))
        return run_on(call, in, parse_scored_labels(input), &Inputs::scored);
      break;
    case InputKind::confusion:
      if constexpr (keeps("sets")) {
        const auto matrix = parse_confusion(input);
        // The messages below read the input as a ranked list too: the module with every reader
        // gives them.
        if (!matrix.ok() && !text::reads_printed_forms()) return text::read_elsewhere();
        if (!matrix.ok() && call.info->name == "confusion" && call.param("value") == "accuracy") {
          // scikit-learn's accuracy_score of four classes: the share of items on the diagonal,
          // which is multiclass's accuracy; a 2 × 2 matrix is its case of two classes.
          const auto classes = parse_label_matrix(input);
          const auto multiclass = parse_measure_name("multiclass");
          if (classes.ok() && classes.value().labels.size() > 2 && multiclass.ok()) {
            in.notes.push_back(
                "Read as: " + std::to_string(classes.value().labels.size()) +
                " classes, so accuracy is the share of items whose predicted class is their true "
                "class (the multiclass calculator's accuracy).");
            return run_on(multiclass.value(), in, classes, &Inputs::multiclass);
          }
        }
        if (!matrix.ok() && !call.word.empty() && parse_ranked_list(input).ok()) {
          // "precision" alone reads a set; on a ranked list say which measure of a list to name.
          return InputError{ErrorCode::bad_token, ranked_list_instead(call),
                            Span{1, 1, std::max(1, text::code_points(measure))}, Field::measure};
        }
        if (!matrix.ok() && call.info->cutoff_input == InputKind::ranked_list &&
            parse_ranked_list(input).ok()) {
          // F on a ranked list: say what the cutoff does rather than what a grid needs.
          const std::string& name = call.info->name;
          return InputError{ErrorCode::bad_token,
                            "the input is a ranked list, but " + name +
                                " without a cutoff reads a confusion matrix (counts, a 2 × 2 grid "
                                "or sets); for a ranked list give a cutoff, as in " +
                                name + "@10, the " + name + " of P@10 and R@10",
                            Span{1, 1, std::max(1, text::code_points(measure))}, Field::measure};
        }
        return run_on(call, in, matrix, &Inputs::confusion);
      }
      break;
    case InputKind::multiclass:
      if constexpr (keeps("sets"))
        return run_on(call, in, parse_label_matrix(input), &Inputs::multiclass);
      break;
    case InputKind::judges:
      if constexpr (keeps("agreement"))
        return run_on(call, in, parse_judges(input), &Inputs::judges);
      break;
    case InputKind::ratings:
      if constexpr (keeps("agreement"))
        return run_on(call, in, parse_ratings(input), &Inputs::ratings);
      break;
    case InputKind::reliability:
      if constexpr (keeps("agreement"))
        return run_on(call, in, parse_reliability(input), &Inputs::reliability);
      break;
    case InputKind::rankings:
      if constexpr (keeps("correlation"))
        return run_on(call, in, parse_two_rankings(input), &Inputs::rankings);
      break;
    case InputKind::two_lists:
      if constexpr (keeps("correlation"))
        return run_on(call, in, parse_two_lists(input), &Inputs::two_lists);
      break;
    case InputKind::paired:
      if constexpr (keeps("significance"))
        return run_on(call, in, parse_paired_scores(input), &Inputs::paired);
      break;
    case InputKind::runs:
      if constexpr (keeps("pooling")) return run_on(call, in, parse_runs(input), &Inputs::runs);
      break;
    case InputKind::subtopic_list:
      if constexpr (keeps("diversity"))
        return run_on(call, in, parse_subtopic_list(input), &Inputs::subtopics);
      break;
  }
  return not_available(call);
}

}  // namespace irm
