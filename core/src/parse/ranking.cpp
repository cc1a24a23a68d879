// The ranked-list parser: every binary notation of MEASURES.md, with positioned messages.
//
//   marks        R r 1 + Y y ✓ ✔ relevant;  N n 0 - I i ✗ ✘ not relevant;  U u ? unjudged
//   compact      RNNRI or +--+ (upper-case marks run together, as note 002 writes bpref lists)
//   labels       *D2* or D2+ relevant;  D3 or D3- not relevant;  D4? unjudged;
//                D1:2 a graded label, relevant when the grade is at least 1 (trec_eval's level)
//   header       relevant=15 (or R=15), anywhere once
//
// A list that uses both I and N is note 002's bpref notation: I = judged irrelevant and
// N = not judged. A list of marks cannot also hold bare labels: "R N X R" is almost always a
// typo, so X is reported rather than silently read as a non-relevant document.

#include "irm/ranking.h"

#include <map>
#include <set>

#include "text.h"

namespace irm {
namespace {

using text::Token;

constexpr std::int64_t max_relevant = 1'000'000'000'000;

enum class Kind { mark, labelled, bare_label };

struct Classified {
  Kind kind = Kind::mark;
  Judgement judgement = Judgement::not_relevant;
  std::string label;
  bool graded = false;
};

std::optional<Judgement> mark_judgement(const std::string& t) {
  static const std::map<std::string, Judgement> marks = {
      {"R", Judgement::relevant},          {"r", Judgement::relevant},
      {"1", Judgement::relevant},          {"+", Judgement::relevant},
      {"Y", Judgement::relevant},          {"y", Judgement::relevant},
      {"\u2713", Judgement::relevant},     {"\u2714", Judgement::relevant},
      {"N", Judgement::not_relevant},      {"n", Judgement::not_relevant},
      {"0", Judgement::not_relevant},      {"-", Judgement::not_relevant},
      {"I", Judgement::not_relevant},      {"i", Judgement::not_relevant},
      {"\u2717", Judgement::not_relevant}, {"\u2718", Judgement::not_relevant},
      {"U", Judgement::unjudged},          {"u", Judgement::unjudged},
      {"?", Judgement::unjudged},
  };
  const auto it = marks.find(t);
  if (it == marks.end()) return std::nullopt;
  return it->second;
}

bool is_label_start(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         u >= 0x80;
}

bool is_label(const std::string& s) {
  if (s.empty() || !is_label_start(s[0])) return false;
  for (const char c : s) {
    if (!is_label_start(c) && c != '.' && c != '-' && c != '/' && c != '#') return false;
  }
  return true;
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

// For a whole number too large for max_relevant (rather than not a whole number at all).
std::string too_many_relevant() {
  return "the number of relevant documents can be at most 10^12 (1,000,000,000,000)";
}

const char* expected_text() {
  return "expected a relevance mark (R, N, +, -, 1, 0, or U/? for unjudged) or a document "
         "label such as D3, D3+ or *D3*";
}

Result<Classified> classify(const Token& token) {
  const std::string& t = token.text;
  if (const auto judgement = mark_judgement(t))
    return Classified{Kind::mark, *judgement, "", false};
  // *D2* and **D2**: the notes mark relevant documents by wrapping them in asterisks.
  if (t.size() >= 3 && t.front() == '*' && t.back() == '*') {
    std::size_t stars = 0;
    while (stars * 2 < t.size() && t[stars] == '*' && t[t.size() - 1 - stars] == '*') ++stars;
    const std::string inner = t.substr(stars, t.size() - 2 * stars);
    if (is_label(inner)) return Classified{Kind::labelled, Judgement::relevant, inner, false};
  }
  const char last = t.back();
  if (t.size() >= 2 && (last == '+' || last == '-' || last == '?')) {
    const std::string inner = t.substr(0, t.size() - 1);
    if (is_label(inner)) {
      const Judgement j = last == '+'   ? Judgement::relevant
                          : last == '-' ? Judgement::not_relevant
                                        : Judgement::unjudged;
      return Classified{Kind::labelled, j, inner, false};
    }
  }
  const std::size_t colon = t.rfind(':');
  if (colon != std::string::npos && colon > 0) {
    const std::string inner = t.substr(0, colon);
    const std::string grade = t.substr(colon + 1);
    if (is_label(inner)) {
      const auto value = text::parse_whole(grade, 1'000'000);
      if (!value) {
        return text::error_at(ErrorCode::bad_number, token,
                              "found " + text::quoted(t) + " at " + text::position(token.where) +
                                  "; after '" + inner +
                                  ":' expected a whole-number grade such "
                                  "as 0, 1 or 2");
      }
      return Classified{Kind::labelled, *value >= 1 ? Judgement::relevant : Judgement::not_relevant,
                        inner, true};
    }
  }
  if (all_digits(t)) {
    return text::error_at(ErrorCode::bad_token, token,
                          "found " + text::quoted(t) + " at " + text::position(token.where) +
                              "; a binary ranked list takes 1 (relevant) or 0 (not relevant). "
                              "Write a numbered document as " +
                              t + "+ or " + t + "-, or a grade as D1:" + t);
  }
  if (t.size() >= 3 && t.front() == '*' && t.back() == '*') {
    return text::error_at(ErrorCode::bad_token, token,
                          "found " + text::quoted(t) + " at " + text::position(token.where) +
                              "; between the asterisks expected a document label of letters, "
                              "digits and . _ - / #, such as *D2*");
  }
  if (t.front() == '*' && t.size() >= 2) {
    return text::error_at(ErrorCode::bad_token, token,
                          "found " + text::quoted(t) + " at " + text::position(token.where) +
                              "; a relevant document is wrapped in asterisks on both sides, "
                              "as *D2*");
  }
  if (is_label(t)) return Classified{Kind::bare_label, Judgement::not_relevant, t, false};
  return text::error_at(
      ErrorCode::bad_token, token,
      "found " + text::quoted(t) + " at " + text::position(token.where) + "; " + expected_text());
}

// "RNNRI", "+--+": marks run together. Upper-case letters and symbols only, so that ordinary
// lower-case document names are never split.
bool is_compact(const std::string& t) {
  return t.size() >= 2 && t.find_first_not_of("RNIUY+-?") == std::string::npos;
}

Result<std::vector<Token>> split_compact(const std::vector<Token>& tokens) {
  std::vector<Token> out;
  for (const Token& token : tokens) {
    if (!is_compact(token.text)) {
      out.push_back(token);
      continue;
    }
    // "RNRN…" of 10 MB is one token for the tokenizer's limit but millions of marks here.
    if (out.size() + token.text.size() > text::max_tokens) {
      const int column = token.where.column + static_cast<int>(text::max_tokens - out.size());
      return text::too_many_tokens(Span{token.where.line, column, 1});
    }
    for (std::size_t i = 0; i < token.text.size(); ++i) {
      const int column = token.where.column + static_cast<int>(i);
      out.push_back(Token{std::string(1, token.text[i]), Span{token.where.line, column, 1}});
    }
  }
  return out;
}

// "relevant=15" or "R=15" (any case): the header giving R.
std::optional<std::size_t> header_value_start(const std::string& t) {
  const std::string l = text::lower(t);
  if (l.rfind("relevant=", 0) == 0) return 9;
  if (l.rfind("r=", 0) == 0) return 2;
  return std::nullopt;
}

}  // namespace

std::int64_t RankedList::relevant_count() const {
  std::int64_t count = 0;
  for (const RankedDoc& d : docs) count += d.judgement == Judgement::relevant ? 1 : 0;
  return count;
}

std::int64_t RankedList::unjudged_count() const {
  std::int64_t count = 0;
  for (const RankedDoc& d : docs) count += d.judgement == Judgement::unjudged ? 1 : 0;
  return count;
}

Result<RankedList> parse_ranked_list(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  const auto split = split_compact(tokenized.value());
  if (!split.ok()) return split.error();
  const std::vector<Token>& tokens = split.value();

  RankedList list;
  std::vector<std::pair<Token, Classified>> entries;
  for (const Token& token : tokens) {
    if (const auto start = header_value_start(token.text)) {
      if (list.total_relevant) {
        return text::error_at(ErrorCode::inconsistent_counts, token,
                              "found a second " + text::quoted(token.text) + " at " +
                                  text::position(token.where) +
                                  "; give the number of relevant documents once");
      }
      const std::string digits = token.text.substr(*start);
      const auto value = text::parse_whole(digits, max_relevant);
      if (!value && all_digits(digits)) {
        return text::error_at(ErrorCode::out_of_range, token,
                              "found " + text::quoted(token.text) + " at " +
                                  text::position(token.where) + "; " + too_many_relevant());
      }
      if (!value) {
        return text::error_at(ErrorCode::bad_number, token,
                              "found " + text::quoted(token.text) + " at " +
                                  text::position(token.where) +
                                  "; expected the number of relevant documents as a whole "
                                  "number, as in relevant=15");
      }
      list.total_relevant = *value;
      list.total_relevant_where = token.where;
      continue;
    }
    auto classified = classify(token);
    if (!classified.ok()) return classified.error();
    entries.emplace_back(token, classified.value());
  }
  if (entries.empty()) {
    return InputError{ErrorCode::empty_input,
                      "the ranked list is empty; paste the relevance of each result from the top "
                      "rank down, e.g. R N R N, or document labels with the relevant ones marked, "
                      "e.g. D1, *D2*, D3",
                      Span{}};
  }

  bool has_marks = false;
  bool has_I = false;
  bool has_N = false;
  bool has_graded = false;
  for (const auto& [token, c] : entries) {
    if (c.kind != Kind::mark) continue;
    has_marks = true;
    has_I = has_I || token.text == "I" || token.text == "i";
    has_N = has_N || token.text == "N" || token.text == "n";
  }
  const bool bpref_reading = has_I && has_N;

  std::map<std::string, Span> seen;
  for (const auto& [token, c] : entries) {
    if (c.kind == Kind::bare_label && has_marks) {
      return text::error_at(
          ErrorCode::bad_token, token,
          "found " + text::quoted(token.text) + " at " + text::position(token.where) +
              " in a list of relevance marks; expected R, N, +, -, 1, 0, or U/? for unjudged. "
              "To name documents, mark each one: " +
              c.label + "+ or *" + c.label + "* if relevant, " + c.label + " or " + c.label +
              "- if not");
    }
    if (!c.label.empty()) {
      const auto [it, inserted] = seen.emplace(c.label, token.where);
      if (!inserted) {
        return text::error_at(ErrorCode::bad_token, token,
                              "document '" + c.label + "' is ranked twice, at " +
                                  text::position(it->second) + " and at " +
                                  text::position(token.where) +
                                  "; a document can appear only once in a ranking");
      }
    }
    has_graded = has_graded || c.graded;
    RankedDoc doc{token.text, c.label, c.judgement, token.where};
    if (bpref_reading && (token.text == "N" || token.text == "n")) {
      doc.judgement = Judgement::unjudged;
    }
    list.docs.push_back(std::move(doc));
  }

  if (bpref_reading) {
    list.reading.push_back(
        "The list uses both I and N, so it is read as note 002 writes bpref examples: "
        "I = judged irrelevant, N = not judged.");
  }
  if (has_graded) {
    list.reading.push_back(
        "Graded labels (D1:2) count as relevant when the grade is 1 or more, as trec_eval does "
        "at its default relevance level.");
  }
  return list;
}

Result<TotalRelevant> resolve_total_relevant(const RankedList& list,
                                             std::string_view relevant_option, bool option_given) {
  std::string option(relevant_option);
  while (!option.empty() && (option.back() == ' ' || option.back() == '\t')) option.pop_back();
  std::size_t lead = 0;
  while (lead < option.size() && (option[lead] == ' ' || option[lead] == '\t')) ++lead;
  option.erase(0, lead);
  const bool given = option_given && !option.empty();

  const std::int64_t listed = list.relevant_count();
  std::int64_t value = 0;
  if (given) {
    const auto parsed = text::parse_whole(option, max_relevant);
    if (!parsed && all_digits(option)) {
      return InputError{ErrorCode::out_of_range,
                        "R, the number of relevant documents, can be at most 10^12 "
                        "(1,000,000,000,000); found " +
                            text::quoted(option),
                        Span{1, static_cast<int>(lead) + 1, text::code_points(option)},
                        Field::relevant};
    }
    if (!parsed) {
      return InputError{ErrorCode::bad_number,
                        "R, the number of relevant documents, must be a whole number (0 or more); "
                        "found " +
                            text::quoted(option),
                        Span{1, static_cast<int>(lead) + 1, text::code_points(option)},
                        Field::relevant};
    }
    value = *parsed;
    if (list.total_relevant && *list.total_relevant != value) {
      return InputError{ErrorCode::inconsistent_counts,
                        "the list says relevant=" + std::to_string(*list.total_relevant) + " at " +
                            text::position(list.total_relevant_where) +
                            ", but R = " + std::to_string(value) + " was given; keep one of them",
                        list.total_relevant_where, Field::input};
    }
  } else if (list.total_relevant) {
    value = *list.total_relevant;
  } else {
    return TotalRelevant{
        listed, "R was not given, so R = " + std::to_string(listed) +
                    ", the relevant documents in the list. That assumes every relevant document "
                    "was retrieved; give R for recall, AP and R-precision."};
  }
  if (value < listed) {
    const std::string message =
        "R = " + std::to_string(value) + " is fewer than the " + std::to_string(listed) +
        " relevant documents in the list; R counts every relevant document for the query, "
        "retrieved or not, so it is at least " +
        std::to_string(listed);
    if (given) {
      return InputError{ErrorCode::inconsistent_counts, message,
                        Span{1, static_cast<int>(lead) + 1, text::code_points(option)},
                        Field::relevant};
    }
    return InputError{ErrorCode::inconsistent_counts, message, list.total_relevant_where,
                      Field::input};
  }
  return TotalRelevant{value, std::nullopt};
}

}  // namespace irm
