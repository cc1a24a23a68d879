// The graded-list parser: grades top rank first, plain (4 3 4 2 0) or labelled (D1:4 D2:3), and
// an optional "unretrieved:" part listing judged grades the system did not retrieve (they enter
// the ideal ranking only). Grades are non-negative decimals, kept exact.

#include "irm/graded.h"

#include <map>
#include <optional>

#include "forms.h"
#include "printed.h"
#include "text.h"

namespace irm {
namespace {

using text::Token;

using text::is_label;

InputError not_a_grade(const Token& token) {
  const std::string& t = token.text;
  const bool looks_binary = t == "R" || t == "N" || t == "+" || t == "-" || t == "r" || t == "n";
  return text::error_at(ErrorCode::bad_token, token,
                        "found " + text::quoted(t) + " at " + text::position(token.where) +
                            "; expected a grade (a number such as 0, 1, 2 or 3) or a labelled "
                            "grade such as D1:3" +
                            (looks_binary ? ". For R/N marks use the ranked-list calculator" : ""));
}

// A caption other than unretrieved:, or brackets: the grades as a program or an exercise prints
// them.
bool printed_grades(const printed::Printed& p) {
  for (const printed::Statement& s : p.statements) {
    if (s.bracketed || (!s.caption.empty() && s.key != "unretrieved")) return true;
  }
  return false;
}

// The tokens of a printed graded list in the order the plain reader takes them (the grades, then
// "unretrieved:" and its grades), with the notes saying how they were read.
Result<std::vector<Token>> printed_grade_tokens(const printed::Printed& p,
                                                std::vector<std::string>& notes,
                                                std::vector<std::size_t>& tie_groups) {
  const printed::Statement* truth = nullptr;
  const printed::Statement* score = nullptr;
  const printed::Statement* unretrieved = nullptr;
  std::vector<const printed::Statement*> data;
  std::vector<Token> loose;
  for (const printed::Statement& s : p.statements) {
    if (s.rows.size() > 1) {
      return text::error_at(ErrorCode::bad_token,
                            s.rows[1].empty() ? Token{"", s.where} : s.rows[1][0],
                            "found " + std::to_string(s.rows.size()) + " lists in " + s.form +
                                " at " + text::position(s.where) +
                                "; the graded list reads one query. Keep one list, or paste each "
                                "as a query of its own on the several-queries page");
    }
    if (s.key == "unretrieved") {
      unretrieved = &s;
    } else if (!s.key.empty() && printed::is_score_key(s.key)) {
      score = &s;
    } else if (!s.key.empty() && printed::is_truth_key(s.key) && !truth) {
      truth = &s;
      data.push_back(&s);
    } else if (s.caption.empty() && !s.bracketed) {
      loose.insert(loose.end(), s.rows[0].begin(), s.rows[0].end());
    } else {
      data.push_back(&s);
    }
  }
  std::vector<Token> out;
  if (score) {
    if (!truth || data.size() != 1 || !loose.empty()) {
      const Token at = score->caption.front();
      return text::error_at(ErrorCode::bad_token, at,
                            "found the scores " + text::quoted(score->caption_text) + " at " +
                                text::position(at.where) +
                                " but no one list of grades to rank by them; add a line y_true = "
                                "[3, 2, 0] with one grade per document");
    }
    auto order = printed::rank_by_scores(*truth, *score);
    if (!order.ok()) return order.error();
    const std::vector<Token> typed = printed::items(*truth);
    for (const std::size_t k : order.value().order) out.push_back(typed[k]);
    notes.push_back(order.value().note);
    const std::vector<std::size_t>& groups = order.value().group;
    if (!groups.empty() && groups.back() + 1 < groups.size()) tie_groups = groups;
  } else {
    if (data.size() > 1) {
      const printed::Statement& second = *data[1];
      return text::error_at(ErrorCode::bad_token,
                            second.caption.empty() ? Token{"", second.where} : second.caption[0],
                            "found a second list at " + text::position(second.where) +
                                " (the first is on line " + std::to_string(data[0]->where.line) +
                                "); the graded list reads one query. Grades ranked by scores are "
                                "captioned y_true = […] and y_score = […]");
    }
    if (!data.empty() && !loose.empty()) {
      return text::error_at(ErrorCode::bad_token, loose.front(),
                            "found " + text::quoted(loose.front().text) + " at " +
                                text::position(loose.front().where) + " outside the list at " +
                                text::position(data[0]->where) + "; put every grade in one list");
    }
    out = data.empty() ? loose : printed::items(*data[0]);
    if (!data.empty()) {
      const printed::Statement& s = *data[0];
      notes.push_back("Read as: " + (s.bracketed ? s.form : std::string("the list")) +
                      (s.caption.empty() ? "" : " after the caption '" + s.caption_text + "'") +
                      ", a graded list of " + std::to_string(out.size()) + ", top rank first.");
      if (!s.caption.empty()) notes.push_back(printed::caption_note(s));
    }
  }
  if (unretrieved) {
    const Token& key = unretrieved->caption.front();
    out.push_back(Token{"unretrieved:", key.where});
    const std::vector<Token> grades = printed::items(*unretrieved);
    out.insert(out.end(), grades.begin(), grades.end());
  }
  return out;
}

// "The top five results have grades 2, 0, 3, 1 and 1.": plain words around one run of numbers.
bool is_grade_sentence(const std::vector<Token>& tokens) {
  int words = 0;
  for (const Token& t : tokens) {
    const std::string w = printed::bare_word(t.text);
    const bool word =
        w.size() >= 2 && w.find_first_not_of("abcdefghijklmnopqrstuvwxyz-'") == std::string::npos;
    if (word && w != "unretrieved" && !printed::sentence_number(w)) ++words;
  }
  return words >= 2;
}

Result<std::vector<Token>> sentence_grades(const std::vector<Token>& tokens,
                                           std::vector<std::string>& notes) {
  std::vector<bool> used(tokens.size(), false);
  std::optional<printed::NumberRun> grades;
  for (std::size_t i = 0; i < tokens.size();) {
    printed::NumberRun run = printed::number_run(tokens, i);
    if (run.numbers.size() < 2) {
      ++i;
      continue;
    }
    if (grades) {
      return text::error_at(ErrorCode::bad_token, run.tokens.front(),
                            "the sentence holds two lists of numbers, at " +
                                text::position(grades->tokens.front().where) + " and at " +
                                text::position(run.tokens.front().where) +
                                "; keep the grades only, after a colon, as in grades of the top "
                                "five: 2, 0, 3, 1, 1");
    }
    for (std::size_t k = i; k < run.end; ++k) used[k] = true;
    i = run.end;
    grades = std::move(run);
  }
  if (!grades) {
    return text::error_at(ErrorCode::bad_token, tokens.front(),
                          "could not read the sentence at " + text::position(tokens.front().where) +
                              "; it gives no list of grades. Put the grades after a colon, as in "
                              "grades of the top five: 2, 0, 3, 1, 1");
  }
  std::vector<Token> out;
  for (std::size_t k = 0; k < grades->tokens.size(); ++k) {
    Token t = grades->tokens[k];
    if (grades->numbers[k].ordinal) {
      return text::error_at(ErrorCode::bad_token, t,
                            "found the ordinal " + text::quoted(t.text) + " at " +
                                text::position(t.where) +
                                " among the grades; a grade is a number such as 0, 1, 2 or 3");
    }
    t.text = std::to_string(grades->numbers[k].value);
    out.push_back(t);
  }
  std::string listing;
  for (const Token& t : out) listing += (listing.empty() ? "" : ", ") + t.text;
  notes.push_back("Read as: the numbers " + listing + " of the sentence, a graded list of " +
                  std::to_string(out.size()) + ", top rank first.");
  notes.push_back("Skipped the words " + printed::skipped_words(tokens, used) + " (not data).");
  return out;
}

Result<GradedList> read_grades(const std::vector<Token>& tokens, std::vector<std::string> notes);

// The calculator's own notation alone (forms.h): every token a grade (3, 2.5), a labelled grade
// (D1:3) or the word unretrieved:, so that no caption, bracket or sentence is in the text.
bool plain_grades(const std::vector<Token>& tokens) {
  for (const Token& token : tokens) {
    const std::string t = text::lower(token.text);
    if (t == "unretrieved:" || t == "unretrieved") continue;
    const std::size_t colon = t.rfind(':');
    if (colon != std::string::npos && !is_label(t.substr(0, colon))) return false;
    const std::string number = colon == std::string::npos ? t : t.substr(colon + 1);
    if (number.empty() || number.find_first_not_of("0123456789.") != std::string::npos)
      return false;
  }
  return !tokens.empty();
}

Result<GradedList> parse_graded_as_typed(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, ",;", first_line);
  if (!tokenized.ok()) return tokenized.error();
  if (plain_grades(tokenized.value())) return read_grades(tokenized.value(), {});
  if (!text::reads_printed_forms()) return text::read_elsewhere();
  auto printed = printed::read_printed(input, first_line);
  if (!printed.ok()) return printed.error();
  std::vector<std::string> notes;
  std::vector<Token> tokens = tokenized.value();
  std::vector<std::size_t> tie_groups;
  if (printed_grades(printed.value())) {
    auto read = printed_grade_tokens(printed.value(), notes, tie_groups);
    if (!read.ok()) return read.error();
    tokens = std::move(read.value());
  } else if (is_grade_sentence(tokens)) {
    auto read = sentence_grades(tokens, notes);
    if (!read.ok()) return read.error();
    tokens = std::move(read.value());
  }
  auto list = read_grades(tokens, std::move(notes));
  if (list.ok()) list.value().tie_groups = std::move(tie_groups);
  return list;
}

// The grades of `tokens` (the calculator's own notation), after the reading notes `notes`.
Result<GradedList> read_grades(const std::vector<Token>& tokens, std::vector<std::string> notes) {
  GradedList list;
  list.reading = std::move(notes);
  std::map<std::string, Span> seen;
  bool in_unretrieved = false;
  for (const Token& token : tokens) {
    std::string t = token.text;
    if (text::lower(t) == "unretrieved:" || text::lower(t) == "unretrieved") {
      if (in_unretrieved) {
        return text::error_at(ErrorCode::bad_token, token,
                              "found a second 'unretrieved:' at " + text::position(token.where) +
                                  "; list the unretrieved grades once");
      }
      in_unretrieved = true;
      list.has_unretrieved_line = true;
      continue;
    }
    std::string label;
    std::string number = t;
    const std::size_t colon = t.rfind(':');
    if (colon != std::string::npos) {
      label = t.substr(0, colon);
      number = t.substr(colon + 1);
      if (!is_label(label)) return not_a_grade(token);
    }
    if (!number.empty() && number[0] == '-') {
      return text::error_at(ErrorCode::bad_number, token,
                            "found " + text::quoted(t) + " at " + text::position(token.where) +
                                "; a grade is 0 or more (0 = not relevant)");
    }
    const auto grade = parse_decimal(number);
    if (!grade && !number.empty() && number.find_first_not_of("0123456789.") == std::string::npos &&
        number.find_first_of("0123456789") != std::string::npos &&
        number.find('.') == number.rfind('.')) {
      return text::error_at(ErrorCode::out_of_range, token,
                            "found " + text::quoted(t) + " at " + text::position(token.where) +
                                "; a grade has at most 18 digits");
    }
    if (!grade && text::is_decimal(number)) {
      return text::error_at(ErrorCode::bad_number, token,
                            "found " + text::quoted(t) + " at " + text::position(token.where) +
                                "; write a grade with digits and at most one decimal point, "
                                "such as 3 or 2.5 (no exponent)");
    }
    if (!grade) {
      if (colon != std::string::npos) {
        return text::error_at(ErrorCode::bad_number, token,
                              "found " + text::quoted(t) + " at " + text::position(token.where) +
                                  "; after '" + label + ":' expected a grade such as 0, 1, 2 or 3");
      }
      return not_a_grade(token);
    }
    if (in_unretrieved) {
      list.unretrieved.push_back(*grade);
      continue;
    }
    if (!label.empty()) {
      const auto [it, inserted] = seen.emplace(label, token.where);
      if (!inserted) {
        return text::error_at(ErrorCode::bad_token, token,
                              "document '" + label + "' is ranked twice, at " +
                                  text::position(it->second) + " and at " +
                                  text::position(token.where) +
                                  "; a document can appear only once in a ranking");
      }
    }
    list.docs.push_back(GradedDoc{t, label, *grade, token.where});
  }
  if (list.docs.empty()) {
    return InputError{ErrorCode::empty_input,
                      "the graded list is empty; paste the grade of each result from the top "
                      "rank down, e.g. 3 2 3 0 1 2, or labelled, e.g. D1:3 D2:2",
                      Span{}};
  }
  if (!list.unretrieved.empty()) {
    list.reading.push_back(std::to_string(list.unretrieved.size()) + " judged grade" +
                           (list.unretrieved.size() == 1 ? " was" : "s were") +
                           " not retrieved; they enter the ideal ranking only.");
  }
  return list;
}

}  // namespace

Result<GradedList> parse_graded_list(std::string_view input, int first_line) {
  if (!text::reads_printed_forms()) {
    auto out = parse_graded_as_typed(input, first_line);
    if (!out.ok()) return text::read_elsewhere();
    return out;
  }
  return printed::without_prose(input, first_line, [first_line](std::string_view text) {
    return parse_graded_as_typed(text, first_line);
  });
}

}  // namespace irm
