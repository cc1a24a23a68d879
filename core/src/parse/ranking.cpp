// The ranked-list parser: every binary notation of MEASURES.md, with positioned messages.
//
//   marks        R r 1 + Y y ✓ ✔ relevant;  N n 0 - I i ✗ ✘ not relevant;  U u ? unjudged
//   compact      RNNRI or +--+ (upper-case marks run together, as Bhattacharya's CS657A notes
//                write bpref lists)
//   labels       *D2* or D2+ relevant;  D3 or D3- not relevant;  D4? unjudged;
//                D1:2 a graded label, relevant when the grade is at least 1 (trec_eval's level)
//   ranks        relevant at 1, 3, 4, 5, 6, 10 of 10: the ranks of the relevant documents, as
//                textbook exercises state a list (also "relevant at ranks …", "relevant ranks …",
//                "and" between ranks, "out of 10"; without "of N" the list ends at the last
//                relevant rank)
//   header       relevant=15 (or R=15), anywhere once
//
// A list that uses both I and N is the bpref notation of Bhattacharya's CS657A notes: I = judged
// irrelevant and N = not judged. A list of marks cannot also hold bare labels: "R N X R" is almost
// always a typo, so X is reported rather than silently read as a non-relevant document.

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

// Reads `token` into list.total_relevant when it is the header relevant=N: true when it was
// one, false when it is something else. Errors: a second header, N not a whole number, N too big.
Result<bool> read_header(const Token& token, RankedList& list) {
  const auto start = header_value_start(token.text);
  if (!start) return false;
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
  return true;
}

// --- "relevant at 1, 3, 4, 5, 6, 10 of 10": the ranks of the relevant documents ---------------

// The token in lower case without one trailing ':' ("At:" -> "at").
std::string word(const Token& token) {
  std::string w = text::lower(token.text);
  if (w.size() > 1 && w.back() == ':') w.pop_back();
  return w;
}

bool is_rank_word(const std::string& w) { return w == "rank" || w == "ranks"; }

// When tokens[first] starts "relevant at", "relevant at ranks", "relevant ranks" (a ':' may end
// the phrase) or "relevant" right before a number, the index of the first token after the
// phrase; empty otherwise (the list is read as marks or labels).
std::optional<std::size_t> ranks_phrase_end(const std::vector<Token>& tokens, std::size_t first) {
  if (first + 1 >= tokens.size() || text::lower(tokens[first].text) != "relevant") {
    return std::nullopt;
  }
  const Token& next = tokens[first + 1];
  const std::string w = word(next);
  if (w == "at") {
    const bool colon = next.text.back() == ':';
    if (!colon && first + 2 < tokens.size() && is_rank_word(word(tokens[first + 2]))) {
      return first + 3;
    }
    return first + 2;
  }
  if (is_rank_word(w)) return first + 2;
  if (all_digits(next.text)) return first + 1;
  return std::nullopt;
}

// The tokens [from, to) as typed, with single spaces: "relevant at ranks".
std::string phrase_text(const std::vector<Token>& tokens, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += (i > from ? " " : "") + tokens[i].text;
  return out;
}

// "1, 3, 4", or the first 20 and how many in all.
std::string rank_listing(const std::vector<std::int64_t>& ranks) {
  constexpr std::size_t shown = 20;
  std::string out;
  for (std::size_t i = 0; i < ranks.size() && i < shown; ++i) {
    out += (i ? ", " : "") + std::to_string(ranks[i]);
  }
  if (ranks.size() > shown) out += ", … (" + std::to_string(ranks.size()) + " in all)";
  return out;
}

Result<RankedList> read_relevant_ranks(const std::vector<Token>& tokens, std::size_t first,
                                       std::size_t start) {
  RankedList list;
  for (std::size_t i = 0; i < first; ++i) {
    const auto header = read_header(tokens[i], list);
    if (!header.ok()) return header.error();
  }
  const std::string phrase = phrase_text(tokens, first, start);
  const Token& phrase_start = tokens[first];
  const std::string example = " as in relevant at 1, 3 of 10";
  const auto max_ranks = static_cast<std::int64_t>(text::max_tokens);

  enum class Expect { rank, rank_after_and, more, length, word_after_length, end };
  Expect expect = Expect::rank;
  std::map<std::int64_t, Span> ranks;                // rank -> where it was typed
  std::vector<std::pair<std::int64_t, Span>> typed;  // the same, in the order typed
  std::optional<Token> of;                           // the "of" (or "out of") before the length
  std::optional<std::int64_t> length;
  Token length_token;
  const Token* previous = &tokens[start - 1];
  for (std::size_t i = start; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    const auto header = read_header(t, list);
    if (!header.ok()) return header.error();
    if (header.value()) continue;
    const std::string w = text::lower(t.text);
    const std::string found = "found " + text::quoted(t.text) + " at " + text::position(t.where);
    switch (expect) {
      case Expect::rank:
      case Expect::rank_after_and:
      case Expect::more: {
        if (expect == Expect::more && w == "and") {
          expect = Expect::rank_after_and;
          previous = &t;
          continue;
        }
        if (expect == Expect::more && (w == "of" || w == "out")) {
          if (w == "out") {
            if (i + 1 >= tokens.size() || text::lower(tokens[i + 1].text) != "of") {
              return text::error_at(ErrorCode::bad_token, t,
                                    found +
                                        "; expected 'out of' and the number of ranks, as in "
                                        "out of 10");
            }
            ++i;
          }
          of = t;
          expect = Expect::length;
          previous = &tokens[i];
          continue;
        }
        if (!all_digits(t.text)) {
          if (expect == Expect::rank) {
            return text::error_at(ErrorCode::bad_token, t,
                                  found + "; after '" + phrase +
                                      "' expected the ranks of the relevant documents (whole "
                                      "numbers from 1)," +
                                      example);
          }
          if (expect == Expect::rank_after_and) {
            return text::error_at(
                ErrorCode::bad_token, t,
                found + "; expected a rank after 'and' at " + text::position(previous->where));
          }
          return text::error_at(ErrorCode::bad_token, t,
                                found +
                                    "; expected another rank (a whole number), 'and', or 'of' "
                                    "and the number of ranks," +
                                    example);
        }
        const auto rank = text::parse_whole(t.text, max_ranks);
        if (!rank) {
          return text::error_at(ErrorCode::out_of_range, t,
                                found + "; the calculator reads lists of at most 500,000 ranks");
        }
        if (*rank == 0) {
          return text::error_at(ErrorCode::out_of_range, t,
                                found + "; ranks count from 1, the top of the list");
        }
        const auto [it, inserted] = ranks.emplace(*rank, t.where);
        if (!inserted) {
          return text::error_at(ErrorCode::bad_token, t,
                                "rank " + std::to_string(*rank) + " is given twice, at " +
                                    text::position(it->second) + " and at " +
                                    text::position(t.where) + "; give each relevant rank once");
        }
        typed.emplace_back(*rank, t.where);
        expect = Expect::more;
        break;
      }
      case Expect::length: {
        if (!all_digits(t.text)) {
          return text::error_at(ErrorCode::bad_token, t,
                                found + "; after '" + of->text +
                                    "' expected the number of ranks in the list, as in of 10");
        }
        const std::optional<std::int64_t> n = text::parse_whole(t.text, max_ranks);
        if (!n) {
          return text::error_at(ErrorCode::out_of_range, t,
                                found + "; the calculator reads lists of at most 500,000 ranks");
        }
        if (*n == 0) {
          return text::error_at(ErrorCode::out_of_range, t,
                                found + "; a list has at least one rank");
        }
        length = *n;
        length_token = t;
        expect = Expect::word_after_length;
        break;
      }
      case Expect::word_after_length:
        if (w == "ranks" || w == "documents" || w == "results" || w == "retrieved") {
          expect = Expect::end;
          break;
        }
        [[fallthrough]];
      case Expect::end:
        return text::error_at(ErrorCode::bad_token, t,
                              found + "; expected the end of the list after '" + of->text + " " +
                                  length_token.text + "'");
    }
    previous = &t;
  }
  const std::string end_found = "found the end of the list";
  if (expect == Expect::rank) {
    return text::error_at(ErrorCode::bad_token, *previous,
                          "after '" + phrase + "' at " + text::position(phrase_start.where) +
                              " expected the ranks of the relevant documents," + example + "; " +
                              end_found);
  }
  if (expect == Expect::rank_after_and) {
    return text::error_at(
        ErrorCode::bad_token, *previous,
        "expected a rank after 'and' at " + text::position(previous->where) + "; " + end_found);
  }
  if (expect == Expect::length) {
    return text::error_at(ErrorCode::bad_token, *of,
                          "expected the number of ranks after '" + of->text + "' at " +
                              text::position(of->where) + ", as in of 10; " + end_found);
  }
  for (const auto& [rank, where] : typed) {
    if (!length || rank <= *length) continue;
    return InputError{ErrorCode::out_of_range,
                      "rank " + std::to_string(rank) + " at " + text::position(where) +
                          " is past the end of the list: '" + of->text + " " + length_token.text +
                          "' at " + text::position(of->where) + " makes it " +
                          std::to_string(*length) + (*length == 1 ? " rank" : " ranks") + " long",
                      where};
  }
  const std::int64_t n = length.value_or(ranks.rbegin()->first);
  list.docs.reserve(static_cast<std::size_t>(n));
  std::vector<std::int64_t> relevant;
  for (std::int64_t rank = 1; rank <= n; ++rank) {
    const auto it = ranks.find(rank);
    if (it != ranks.end()) {
      relevant.push_back(rank);
      list.docs.push_back(RankedDoc{"R", "", Judgement::relevant, it->second});
    } else {
      list.docs.push_back(RankedDoc{"N", "", Judgement::not_relevant, phrase_start.where});
    }
  }
  std::string reading = "Read as " + std::to_string(n) + (n == 1 ? " rank" : " ranks") +
                        " with relevant documents at " +
                        (relevant.size() == 1 ? "rank " : "ranks ") + rank_listing(relevant) +
                        "; the other ranks are not relevant.";
  if (!length) {
    reading += " With no \"of N\" the list ends at rank " + std::to_string(n) +
               ", the last relevant one; add the length for a longer list, e.g. \"of " +
               std::to_string(2 * n) + "\".";
  }
  list.reading.push_back(std::move(reading));
  return list;
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

Result<RankedList> parse_ranked_list(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, ",;", first_line);
  if (!tokenized.ok()) return tokenized.error();
  std::size_t first = 0;
  while (first < tokenized.value().size() && header_value_start(tokenized.value()[first].text)) {
    ++first;
  }
  if (const auto start = ranks_phrase_end(tokenized.value(), first)) {
    return read_relevant_ranks(tokenized.value(), first, *start);
  }
  const auto split = split_compact(tokenized.value());
  if (!split.ok()) return split.error();
  const std::vector<Token>& tokens = split.value();

  RankedList list;
  std::vector<std::pair<Token, Classified>> entries;
  for (const Token& token : tokens) {
    const auto header = read_header(token, list);
    if (!header.ok()) return header.error();
    if (header.value()) continue;
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
        "The list uses both I and N, so it is read as Bhattacharya's CS657A notes write bpref "
        "examples: I = judged irrelevant, N = not judged.");
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
