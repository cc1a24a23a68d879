// The graded-list parser: grades top rank first, plain (4 3 4 2 0) or labelled (D1:4 D2:3), and
// an optional "unretrieved:" part listing judged grades the system did not retrieve (they enter
// the ideal ranking only). Grades are non-negative decimals, kept exact.

#include "irm/graded.h"

#include <map>

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

}  // namespace

Result<GradedList> parse_graded_list(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, ",;", first_line);
  if (!tokenized.ok()) return tokenized.error();

  GradedList list;
  std::map<std::string, Span> seen;
  bool in_unretrieved = false;
  for (const Token& token : tokenized.value()) {
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

}  // namespace irm
