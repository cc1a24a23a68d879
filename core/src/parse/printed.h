// Lists as exercises and programs print them: a caption before the data ("Relevance vector:",
// "y_true = ", "top5 <- "), brackets and program wrappers around it ([1, 0, 1], {d2, d7},
// np.array([[3, 2, 0]]), c(1, 5, 7), list(c(1, 2), c(4))), and numbers in sentences ("ranks 2, 4
// and 7", "third, fifth and tenth"). Shared by the parsers of ranked, graded and paired lists,
// scored labels and several queries, which decide what each caption means.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lines.h"
#include "text.h"

namespace irm::printed {

/// One list of items as typed (quotes around an item removed), in order.
using Row = std::vector<text::Token>;

/// One statement of the input: `caption = data`, `caption: data`, `caption <- data`, a caption
/// followed directly by a bracketed list ("the relevant set is {d2, d7}"), or bare data. Data is
/// a bracketed list (possibly nested and spanning lines) or the rest of the line.
struct Statement {
  std::vector<text::Token> caption;  // the words before the separator, as typed
  std::string key;                   // the caption in lower case, words joined by one space
  std::string caption_text;          // the caption as typed, words joined by one space
  Span where;                        // the statement's first token
  std::vector<Row> rows;   // bracketed: one per innermost list; else one row, the line's tokens
  bool bracketed = false;  // the data was in brackets
  std::string form;        // how the brackets were written: "R's c(…)", "a bracketed list", …
  std::vector<text::Token> after;  // tokens after the closing bracket on the same line
};

struct Printed {
  std::vector<Statement> statements;
  /// Some statement has a caption or brackets: the text is a list as printed rather than a list
  /// in one of the calculator's own notations.
  bool printed = false;
};

/// Splits the input into statements. Lines are numbered from `first_line`.
/// Errors: those of text::tokenize; bad_token for a bracket that is never closed or a closing
/// bracket without its opening one.
[[nodiscard]] Result<Printed> read_printed(std::string_view input, int first_line = 1);

/// True when one of `words` (lower case) is a word of the key ("relevant set" has "set").
[[nodiscard]] bool key_has(const std::string& key, std::initializer_list<const char*> words);

/// "Skipped the caption 'Relevance vector' (it names the data)." for a statement with a caption.
[[nodiscard]] std::string caption_note(const Statement& statement);

/// "R's c(…)" and the like, for a note: "Read R's c(…) as …".
[[nodiscard]] std::string form_note(const Statement& statement);

/// The tokens of every row of the statement, in order.
[[nodiscard]] std::vector<text::Token> items(const Statement& statement);

/// A word of a sentence in lower case, without trailing punctuation (. , : ; ! ?) or quotes.
[[nodiscard]] std::string bare_word(std::string_view token);

/// A number as a sentence writes it: digits, a number word ("three") or an ordinal ("third",
/// "3rd"). `ordinal` tells which.
struct SentenceNumber {
  std::int64_t value = 0;
  bool ordinal = false;
};
[[nodiscard]] std::optional<SentenceNumber> sentence_number(std::string_view token);

/// A run of numbers in a sentence, "2, 4 and 7" or "third, fifth and tenth", starting at
/// tokens[from]: the numbers (with the tokens that gave them) and the index after the run.
struct NumberRun {
  std::vector<SentenceNumber> numbers;
  std::vector<text::Token> tokens;
  std::size_t end = 0;
};
[[nodiscard]] NumberRun number_run(const std::vector<text::Token>& tokens, std::size_t from);

/// The words of `tokens` at the indices not in `used`, as typed: each run of them quoted, runs
/// separated by commas ("'the', 'results appear at'"); empty when every token was used.
[[nodiscard]] std::string skipped_words(const std::vector<text::Token>& tokens,
                                        const std::vector<bool>& used);

/// The statement as a keyed line "key: items…" (the key token at the caption, or at the
/// statement's start), for the parsers that read keyed lines (x:, y:, d:, labels:, scores:).
[[nodiscard]] text::Line as_keyed_line(const Statement& statement, const std::string& key);

/// scikit-learn's y_true and y_score: the order of the items by score, highest first, ties kept in
/// the order typed; `note` says so and what scikit-learn does with ties.
struct ScoreOrder {
  std::vector<std::size_t> order;  // indices into the rows, top rank first
  std::vector<std::size_t> group;  // for each rank of `order`, its group of equal scores (0, 1, …)
  std::string note;
};
/// Errors: bad_number (a score that is not a number), inconsistent_counts (the two lists differ
/// in length), empty_input (an empty list).
[[nodiscard]] Result<ScoreOrder> rank_by_scores(const Statement& truth, const Statement& scores);

/// A caption naming y_true (the truth: y_true, true, truth, relevance, labels, grades, gains) or
/// y_score (the scores: y_score, y_scores, score, scores, y_pred, predicted, pred).
[[nodiscard]] bool is_truth_key(const std::string& key);
[[nodiscard]] bool is_score_key(const std::string& key);

/// A program's call that names the lists ("apk(3, actual, predicted)", "mapk(2, actual,
/// predicted)"): a one-word caption before parentheses holding another statement's caption. The
/// note that skips it, or empty.
[[nodiscard]] std::optional<std::string> call_note(const Statement& statement, const Printed& all);

/// Sentences around the data ("Suppose a query has a total of 5 relevant documents in a collection
/// of 100 documents.", "Relevance is binary (nonzero is relevant)."): a sentence is a run of
/// words, ended by '.' or ':' before a capital letter or by the end of its line, with at least
/// five words and no list in it (no bracket, document id, or run of numbers).
struct Prose {
  /// The input with every sentence replaced by spaces: lines and columns kept.
  std::string text;
  /// "Skipped the sentence 'Suppose a query …' at line 1 (no list in it)." for each one.
  std::vector<std::string> notes;
  /// R from a sentence that gives it: "a total of 5 relevant documents", "5 relevant documents".
  std::optional<std::int64_t> total_relevant;
  text::Token total_relevant_at;     // the number
  std::string total_relevant_words;  // "a total of 5 relevant documents"
};
/// Empty when the input holds no such sentence, or nothing but sentences.
[[nodiscard]] std::optional<Prose> skip_prose(std::string_view input, int first_line = 1);

/// `parse(input)`, and when it fails and the input has sentences around the data, `parse` of the
/// data alone, its reading headed by the notes that name the sentences skipped.
template <class Parse>
auto without_prose(std::string_view input, int first_line, Parse parse) -> decltype(parse(input)) {
  auto out = parse(input);
  if (out.ok()) return out;
  const auto prose = skip_prose(input, first_line);
  if (!prose) return out;
  auto rest = parse(std::string_view(prose->text));
  if (!rest.ok()) return rest;
  auto& reading = rest.value().reading;
  reading.insert(reading.begin(), prose->notes.begin(), prose->notes.end());
  return rest;
}

}  // namespace irm::printed
