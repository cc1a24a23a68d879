// A ranked list of judged documents, parsed from what a student pastes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "irm/result.h"

namespace irm {

enum class Judgement { relevant, not_relevant, unjudged };

struct RankedDoc {
  std::string token;  // as typed: "*D2*", "+", "D3"
  std::string label;  // the document's name when one was given ("D2"), else empty
  Judgement judgement = Judgement::not_relevant;
  Span where;
};

/// One query's ranking, top rank first.
struct RankedList {
  std::vector<RankedDoc> docs;
  /// R, the number of relevant documents in the collection, when the text gave it
  /// ("relevant=15" as the first line).
  std::optional<std::int64_t> total_relevant;
  /// Where R was given. When total_relevant is empty but this is set (line > 0), a relevant set
  /// (`relevant: d2 d7 d9`) or an `unretrieved:` line named every relevant document, so R is
  /// known: the relevant documents listed plus unretrieved_relevant (no "R was assumed" note).
  Span total_relevant_where;
  /// Judged documents the system did not retrieve, as trec_eval's qrels know them: a line
  /// `unretrieved: R N N` (one mark per document). They count in R, and the non-relevant ones in
  /// N, the judged non-relevant documents trec_eval's bpref divides by.
  std::int64_t unretrieved_relevant = 0;
  std::int64_t unretrieved_nonrelevant = 0;
  /// N, every judged non-relevant document of the topic, retrieved or not, when the text gave it
  /// (`nonrelevant=12` beside `relevant=5`).
  std::optional<std::int64_t> judged_nonrelevant;
  Span judged_nonrelevant_where;
  /// How the text was read (e.g. "I = judged irrelevant, N = not judged"), for Outcome.notes.
  std::vector<std::string> reading;

  [[nodiscard]] std::int64_t relevant_count() const;
  [[nodiscard]] std::int64_t unjudged_count() const;
};

/// Parses a binary ranked list in any notation of MEASURES.md: marks (R/N, 1/0, +/-, Y, ✓/✗,
/// U/? for unjudged), or document labels (*D2* or D2+ relevant, D3 or D3- not relevant, D4?
/// unjudged, D1:2 a grade, relevant when ≥ 1). Tokens are separated by spaces, commas,
/// semicolons or newlines. An optional first token `relevant=N` gives R (`nonrelevant=N` gives
/// judged_nonrelevant). Lines are numbered from `first_line` (a query's block keeps the line
/// numbers of the whole input).
/// Lists as printed (core/src/parse/printed.h) are read too: a relevant set and a ranking of ids
/// (`relevant: d2 d7 d9` / `ranking: d7 d1 d9 d4`, braces, brackets, in one sentence), captioned
/// or bracketed lists (`y = [1, 0, 1]`, `np.array([[1, 0, 1]])`, `c(1, 0, 1)`), scikit-learn's
/// y_true/y_score ranked by the score, sentences giving ranks ("ranks 2, 4 and 7", "third, fifth
/// and tenth"), and a line `unretrieved: R N N`. Each reading is said in `reading`.
/// Errors: empty_input, bad_token (a stray symbol, a bare label among marks, a document ranked
/// twice, bytes that are not UTF-8), bad_number (relevant=x).
[[nodiscard]] Result<RankedList> parse_ranked_list(std::string_view text, int first_line = 1);

/// The total number of relevant documents R for `list`: `relevant_option` (the page field or
/// --relevant; empty text = not given) or else the list's own relevant=N, or else, when a
/// relevant set or an unretrieved: line gave them, the relevant documents listed plus those not
/// retrieved, or else the relevant documents in the list (with a note saying so).
/// Errors: bad_number, inconsistent_counts (R smaller than the relevant documents listed and
/// not retrieved, or two different values given).
struct TotalRelevant {
  std::int64_t value = 0;
  std::optional<std::string> note;  // set when R was assumed
};
[[nodiscard]] Result<TotalRelevant> resolve_total_relevant(const RankedList& list,
                                                           std::string_view relevant_option,
                                                           bool option_given);

}  // namespace irm
