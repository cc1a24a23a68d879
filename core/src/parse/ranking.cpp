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

#include <algorithm>
#include <map>
#include <set>

#include "forms.h"
#include "printed.h"
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
  if (l.rfind("nonrelevant=", 0) == 0) return 12;
  if (l.rfind("non-relevant=", 0) == 0) return 13;
  return std::nullopt;
}

// Reads `token` into list.total_relevant when it is the header relevant=N: true when it was
// one, false when it is something else. Errors: a second header, N not a whole number, N too big.
Result<bool> read_header(const Token& token, RankedList& list) {
  const auto start = header_value_start(token.text);
  if (!start) return false;
  // nonrelevant=12: N, the judged non-relevant documents of the topic (trec_eval's bpref).
  const bool nonrelevant = text::lower(token.text).rfind("non", 0) == 0;
  if (nonrelevant) {
    if (list.judged_nonrelevant) {
      return text::error_at(ErrorCode::inconsistent_counts, token,
                            "found a second " + text::quoted(token.text) + " at " +
                                text::position(token.where) +
                                "; give the number of judged non-relevant documents once");
    }
    const auto value = text::parse_whole(token.text.substr(*start), max_relevant);
    if (!value) {
      return text::error_at(ErrorCode::bad_number, token,
                            "found " + text::quoted(token.text) + " at " +
                                text::position(token.where) +
                                "; expected the number of judged non-relevant documents as a "
                                "whole number, as in nonrelevant=12");
    }
    list.judged_nonrelevant = *value;
    list.judged_nonrelevant_where = token.where;
    return true;
  }
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

// The list of ranks 1..n (n = `length`, or the last relevant rank) with the documents at
// `ranks` relevant and the others not, and the note that says so.
RankedList list_from_ranks(RankedList list, const std::map<std::int64_t, Span>& ranks,
                           std::optional<std::int64_t> length, const Span& filler) {
  const std::int64_t n = length.value_or(ranks.rbegin()->first);
  list.docs.reserve(static_cast<std::size_t>(n));
  std::vector<std::int64_t> relevant;
  for (std::int64_t rank = 1; rank <= n; ++rank) {
    const auto it = ranks.find(rank);
    if (it != ranks.end()) {
      relevant.push_back(rank);
      list.docs.push_back(RankedDoc{"R", "", Judgement::relevant, it->second});
    } else {
      list.docs.push_back(RankedDoc{"N", "", Judgement::not_relevant, filler});
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
  return list_from_ranks(std::move(list), ranks, length, phrase_start.where);
}

// The list of marks or labels in `raw` (the calculator's own notations), into `list`, which may
// already hold what a printed form gave (R, documents not retrieved, notes).
Result<RankedList> read_marks(const std::vector<Token>& raw, RankedList list) {
  const auto split = split_compact(raw);
  if (!split.ok()) return split.error();
  const std::vector<Token>& tokens = split.value();

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

// --- lists as printed (printed.h): a relevant set and a ranking, captions, sentences ------------

bool is_set_key(const std::string& key) {
  return printed::key_has(
             key, {"relevant", "rel", "qrels", "truth", "gold", "correct", "actual", "judged"}) &&
         !printed::key_has(key, {"non", "nonrelevant", "irrelevant", "not", "ranking", "retrieved",
                                 "returned", "results", "ranked", "ranks", "at"});
}

bool is_ranking_key(const std::string& key) {
  if (printed::key_has(key, {"ranking", "retrieved", "returned", "results", "ranked", "run",
                             "predicted", "returns", "retrieves", "output", "result", "topk"})) {
    return true;
  }
  // top5, top-10, "top 5"
  std::size_t at = key.find("top");
  return at != std::string::npos && (at == 0 || key[at - 1] == ' ') &&
         key.find_first_of("0123456789k", at + 3) == at + 3 + (key[at + 3] == '-' ? 1 : 0);
}

bool is_unretrieved_key(const std::string& key) {
  return key == "unretrieved" || key == "not retrieved" || key == "judged not retrieved";
}

// A document id in a relevant set or a ranking: d7, D12, doc-3, 42.
bool is_id(const std::string& t) { return is_label(t); }

std::string id_listing(const std::vector<Token>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size() && i < 20; ++i) out += (i ? ", " : "") + ids[i].text;
  if (ids.size() > 20) out += ", … (" + std::to_string(ids.size()) + " in all)";
  return out;
}

// A relevant set and a ranking of ids: the ranking's documents are relevant when in the set, and
// the set's documents the ranking lacks count in R as relevant documents not retrieved.
Result<RankedList> set_and_ranking(RankedList list, const Token& set_key,
                                   const std::vector<Token>& set, const std::vector<Token>& ranking,
                                   bool first_occurrence = false) {
  std::map<std::string, Span> in_set;
  for (const Token& id : set) {
    if (!is_id(id.text)) {
      return text::error_at(ErrorCode::bad_token, id,
                            "found " + text::quoted(id.text) + " at " + text::position(id.where) +
                                " in the relevant set; expected document ids such as d2 or 17");
    }
    const auto [it, inserted] = in_set.emplace(id.text, id.where);
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, id,
                            "document '" + id.text + "' is in the relevant set twice, at " +
                                text::position(it->second) + " and at " + text::position(id.where) +
                                "; list each relevant document once");
    }
  }
  if (ranking.empty()) {
    return text::error_at(ErrorCode::empty_input, set_key,
                          "the ranking is empty; list the retrieved documents from the top rank "
                          "down, as in ranking: d7 d1 d9 d4");
  }
  std::map<std::string, Span> ranked;
  std::vector<Token> repeats;
  for (const Token& id : ranking) {
    if (!is_id(id.text)) {
      return text::error_at(ErrorCode::bad_token, id,
                            "found " + text::quoted(id.text) + " at " + text::position(id.where) +
                                " in the ranking; expected document ids such as d7 or 17");
    }
    const auto [it, inserted] = ranked.emplace(id.text, id.where);
    if (!inserted && first_occurrence) {
      // Kaggle's apk: a repeated prediction takes its place but counts only where it is first.
      list.docs.push_back(RankedDoc{id.text, id.text, Judgement::not_relevant, id.where});
      repeats.push_back(id);
      continue;
    }
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, id,
                            "document '" + id.text + "' is ranked twice, at " +
                                text::position(it->second) + " and at " + text::position(id.where) +
                                "; a document can appear only once in a ranking");
    }
    const bool relevant = in_set.count(id.text) > 0;
    list.docs.push_back(RankedDoc{
        id.text, id.text, relevant ? Judgement::relevant : Judgement::not_relevant, id.where});
  }
  std::vector<Token> missed;
  for (const Token& id : set) {
    if (!ranked.count(id.text)) missed.push_back(id);
  }
  list.unretrieved_relevant += static_cast<std::int64_t>(missed.size());
  if (!list.total_relevant) list.total_relevant_where = set_key.where;
  std::string note =
      "Read as: relevant = {" + id_listing(set) + "} (R = " +
      (list.total_relevant
           ? std::to_string(*list.total_relevant) + ", from " +
                 text::quoted(std::string("relevant=") + std::to_string(*list.total_relevant))
           : std::to_string(set.size())) +
      "), ranking of " + std::to_string(ranking.size()) + ".";
  if (!missed.empty()) {
    note += " Relevant but not retrieved: " + id_listing(missed) +
            (missed.size() == 1 ? "; it counts" : "; they count") + " in R.";
  }
  if (!repeats.empty()) {
    note += " Ranked again: " + id_listing(repeats) +
            " (counted only where first ranked, as Kaggle's apk and R's Metrics do).";
  }
  list.reading.insert(list.reading.begin(), note);
  return list;
}

// "unretrieved: R N N": one mark per judged document the run did not retrieve.
Result<bool> read_unretrieved(const printed::Statement& s, RankedList& list) {
  const std::vector<Token> marks = printed::items(s);
  if (marks.empty()) {
    return text::error_at(ErrorCode::empty_input, s.caption.front(),
                          "the " + s.caption_text + ": line at " +
                              text::position(s.caption.front().where) +
                              " is empty; give one mark per judged document the run did not "
                              "retrieve, as in unretrieved: R N N");
  }
  std::int64_t relevant = 0;
  std::int64_t other = 0;
  for (const Token& mark : marks) {
    const auto judgement = mark_judgement(mark.text);
    if (!judgement || *judgement == Judgement::unjudged) {
      return text::error_at(ErrorCode::bad_token, mark,
                            "found " + text::quoted(mark.text) + " at " +
                                text::position(mark.where) + "; after '" + s.caption_text +
                                ":' expected R or N, one per judged document the run did not "
                                "retrieve");
    }
    (*judgement == Judgement::relevant ? relevant : other) += 1;
  }
  list.unretrieved_relevant += relevant;
  list.unretrieved_nonrelevant += other;
  if (!list.total_relevant && list.total_relevant_where.line == 0) {
    list.total_relevant_where = s.caption.front().where;
  }
  list.reading.push_back("Read as: " + std::to_string(marks.size()) + " judged document" +
                         (marks.size() == 1 ? "" : "s") + " not retrieved, " +
                         std::to_string(relevant) + " relevant and " + std::to_string(other) +
                         " not; the relevant ones count in R.");
  return true;
}

bool is_return_word(const std::string& w) {
  return w == "returns" || w == "retrieves" || w == "returned" || w == "ranks" || w == "ranked" ||
         w == "return" || w == "retrieve" || w == "lists" || w == "outputs";
}

bool is_sentence_word(const std::string& w) {
  return w == "returns" || w == "retrieves" || w == "return" || w == "retrieve" || w == "places" ||
         w == "appear" || w == "appears" || w == "ranks" || w == "positions" || w == "rank" ||
         w == "position" || w == "outputs";
}

// Every token of the statements, in order: captions, data, and words after a bracket.
std::vector<Token> printed_tokens(const printed::Printed& p) {
  std::vector<Token> out;
  for (const printed::Statement& s : p.statements) {
    out.insert(out.end(), s.caption.begin(), s.caption.end());
    for (const printed::Row& row : s.rows) out.insert(out.end(), row.begin(), row.end());
    out.insert(out.end(), s.after.begin(), s.after.end());
  }
  return out;
}

// Words of letters only among a statement's tokens: prose has several, a list of marks with a
// stray token ("R <img/src=x>") has at most one or two.
std::size_t letter_words(const printed::Statement& s) {
  std::size_t words = 0;
  const auto count = [&words](const std::vector<Token>& tokens) {
    for (const Token& t : tokens) {
      const std::string w = printed::bare_word(t.text);
      if (w.size() > 1 && std::all_of(w.begin(), w.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
          }))
        ++words;
    }
  };
  count(s.caption);
  for (const printed::Row& row : s.rows) count(row);
  count(s.after);
  return words;
}

bool is_sentence(const printed::Printed& p) {
  for (const printed::Statement& s : p.statements) {
    if (!s.after.empty() && letter_words(s) >= 3) return true;
    for (const printed::Row& row : s.rows) {
      for (const Token& t : row) {
        if (is_sentence_word(printed::bare_word(t.text)) && t.text.back() != ':') return true;
      }
    }
    for (const Token& t : s.caption) {
      if (is_sentence_word(printed::bare_word(t.text))) return true;
    }
  }
  return false;
}

// Ids after tokens[from], skipping `filler` words first: "the relevant documents are d2, d7 and
// d9". Marks the tokens it reads as used.
std::vector<Token> id_run(const std::vector<Token>& t, std::size_t from, std::vector<bool>& used,
                          std::initializer_list<const char*> filler) {
  std::size_t j = from;
  const auto is_filler = [&](const std::string& w) {
    for (const char* f : filler) {
      if (w == f) return true;
    }
    return false;
  };
  while (j < t.size() && j < from + 5 && is_filler(printed::bare_word(t[j].text))) ++j;
  std::vector<Token> ids;
  std::vector<std::size_t> taken;
  while (j < t.size()) {
    Token id = t[j];
    // Keep the id as typed, without the punctuation that ends it in the sentence ("d4,").
    while (!id.text.empty() && std::string_view(".,:;").find(id.text.back()) != std::string::npos)
      id.text.pop_back(), --id.where.length;
    const bool has_digit = id.text.find_first_of("0123456789") != std::string::npos;
    if (has_digit && is_id(id.text)) {
      ids.push_back(id);
      taken.push_back(j);
      ++j;
      if (j + 1 < t.size() && printed::bare_word(t[j].text) == "and" &&
          printed::bare_word(t[j + 1].text).find_first_of("0123456789") != std::string::npos)
        ++j;
      continue;
    }
    break;
  }
  if (!ids.empty()) {
    for (std::size_t k = from; k < j; ++k) used[k] = true;
  }
  return ids;
}

// A sentence: "the relevant set is {d2, d7, d9}, and the engine returns d7, d1, d9 and d4",
// "the relevant results appear at ranks 2, 4 and 7", "places the three relevant documents
// third, fifth and tenth". Words that are not data are named in a note.
Result<RankedList> read_sentence(const printed::Printed& p) {
  const std::vector<Token> t = printed_tokens(p);
  std::vector<bool> used(t.size(), false);
  std::optional<std::vector<Token>> set;
  std::optional<std::vector<Token>> ranking;
  Token set_at;
  std::map<std::int64_t, Span> ranks;
  std::vector<std::int64_t> rank_order;
  std::optional<std::int64_t> length;
  std::optional<Token> count_token;
  std::int64_t count = 0;
  bool saw_relevant = false;
  RankedList list;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (used[i]) continue;
    const auto header = read_header(t[i], list);
    if (!header.ok()) return header.error();
    if (header.value()) {
      used[i] = true;
      continue;
    }
    const std::string w = printed::bare_word(t[i].text);
    if (w == "relevant" || w == "rel") {
      saw_relevant = true;
      used[i] = true;
      auto ids = id_run(t, i + 1, used,
                        {"set", "documents", "docs", "document", "items", "ids", "is", "are", "=",
                         ":", "the", "ones", "answers", "being"});
      if (!ids.empty()) {
        if (set) {
          return text::error_at(ErrorCode::bad_token, t[i],
                                "the sentence names relevant documents twice, at " +
                                    text::position(set_at.where) + " and at " +
                                    text::position(t[i].where) +
                                    "; give the relevant set once, as in relevant: d2 d7 d9");
        }
        set = std::move(ids);
        set_at = t[i];
      }
      continue;
    }
    // "ranks 2, 4 and 7" gives ranks; "ranks d7, d1 and d9" a ranking.
    const bool ranks_of_numbers = (w == "ranks" || w == "ranked") && i + 1 < t.size() &&
                                  printed::sentence_number(t[i + 1].text).has_value();
    if (is_return_word(w) && !ranks_of_numbers) {
      auto ids = id_run(
          t, i + 1, used,
          {"the", "documents", "docs", "following", "results", ":", "these", "ranking", "list"});
      if (!ids.empty()) {
        used[i] = true;
        if (ranking) {
          return text::error_at(ErrorCode::bad_token, t[i],
                                "the sentence gives two rankings, the second at " +
                                    text::position(t[i].where) +
                                    "; give one, as in ranking: d7 d1 d9 d4");
        }
        ranking = std::move(ids);
        continue;
      }
    }
    const bool rank_word = w == "rank" || w == "ranks" || w == "position" || w == "positions";
    const auto number = printed::sentence_number(t[i].text);
    if (rank_word || (number && number->ordinal)) {
      const std::size_t from = rank_word ? i + 1 : i;
      const printed::NumberRun run = printed::number_run(t, from);
      if (!run.numbers.empty()) {
        for (std::size_t k = 0; k < run.numbers.size(); ++k) {
          const std::int64_t r = run.numbers[k].value;
          const Token& at = run.tokens[k];
          if (r == 0 || r > static_cast<std::int64_t>(text::max_tokens)) {
            return text::error_at(ErrorCode::out_of_range, at,
                                  "found " + text::quoted(at.text) + " at " +
                                      text::position(at.where) +
                                      "; a rank is a whole number from 1 (the top of the list)");
          }
          const auto [it, inserted] = ranks.emplace(r, at.where);
          if (!inserted) {
            return text::error_at(ErrorCode::bad_token, at,
                                  "rank " + std::to_string(r) + " is given twice, at " +
                                      text::position(it->second) + " and at " +
                                      text::position(at.where) + "; give each relevant rank once");
          }
          rank_order.push_back(r);
        }
        for (std::size_t k = i; k < run.end; ++k) used[k] = true;
        // "ranks 2, 4 and 7 of 10" or "out of 10".
        std::size_t j = run.end;
        if (j < t.size() && printed::bare_word(t[j].text) == "out") ++j;
        if (j + 1 < t.size() && printed::bare_word(t[j].text) == "of") {
          const auto n = printed::sentence_number(t[j + 1].text);
          if (n && !n->ordinal && n->value > 0) {
            length = n->value;
            for (std::size_t k = run.end; k <= j + 1; ++k) used[k] = true;
          }
        }
        i = run.end - 1;
        continue;
      }
    }
    // "three of them relevant", "the three relevant documents": R.
    if (number && !number->ordinal && i + 1 < t.size()) {
      std::size_t j = i + 1;
      if (j + 2 < t.size() && printed::bare_word(t[j].text) == "of" &&
          printed::bare_word(t[j + 1].text) == "them")
        j += 2;
      if (printed::bare_word(t[j].text) == "relevant") {
        count_token = t[i];
        count = number->value;
        for (std::size_t k = i; k <= j; ++k) used[k] = true;
        saw_relevant = true;
        i = j;
        continue;
      }
    }
  }
  const std::string skipped = printed::skipped_words(t, used);
  const std::string skipped_note =
      skipped.empty() ? "" : "Skipped the words " + skipped + " (not data).";
  const Token& first = t.front();
  if (set && ranking) {
    auto out = set_and_ranking(std::move(list), set_at, *set, *ranking);
    if (out.ok() && !skipped.empty()) out.value().reading.push_back(skipped_note);
    return out;
  }
  if (set) {
    return text::error_at(ErrorCode::bad_token, set_at,
                          "the sentence gives the relevant documents (" + id_listing(*set) +
                              ") but no ranking; add the ranking after a word such as returns, "
                              "as in \"the engine returns d7, d1, d9 and d4\"");
  }
  if (ranks.empty() || !saw_relevant) {
    return text::error_at(
        ErrorCode::bad_token, first,
        "could not read the sentence at " + text::position(first.where) +
            (ranks.empty() ? "; it gives no ranks or document ids. Write the ranks of the "
                             "relevant documents, as in relevant at 2, 4, 7 of 10"
                           : "; it gives ranks but does not say they are the relevant ones. "
                             "Add the word relevant, as in relevant at 2, 4, 7 of 10"));
  }
  for (const std::int64_t r : rank_order) {
    if (length && r > *length) {
      return InputError{ErrorCode::out_of_range,
                        "rank " + std::to_string(r) + " at " + text::position(ranks.at(r)) +
                            " is past the end of the list of " + std::to_string(*length) +
                            "; check the length after 'of'",
                        ranks.at(r)};
    }
  }
  if (count_token && !list.total_relevant) {
    if (count < static_cast<std::int64_t>(ranks.size())) {
      return text::error_at(ErrorCode::inconsistent_counts, *count_token,
                            "the sentence says " + count_token->text + " relevant at " +
                                text::position(count_token->where) + " but gives " +
                                std::to_string(ranks.size()) +
                                " relevant ranks; R counts every relevant document, so it is at "
                                "least " +
                                std::to_string(ranks.size()));
    }
    list.total_relevant = count;
    list.total_relevant_where = count_token->where;
  }
  RankedList out = list_from_ranks(std::move(list), ranks, length, first.where);
  if (count_token) {
    out.reading.push_back("Read as: R = " + std::to_string(count) + " (\"" + count_token->text +
                          " relevant\").");
  }
  if (!skipped.empty()) out.reading.push_back(skipped_note);
  return out;
}

// Statements with captions or brackets: a relevant set and a ranking, an unretrieved: line, or
// one list of marks or labels under a caption.
Result<RankedList> read_printed_ranking(const printed::Printed& p) {
  RankedList list;
  const printed::Statement* set = nullptr;
  const printed::Statement* ranking = nullptr;
  const printed::Statement* score = nullptr;
  std::vector<const printed::Statement*> data;
  std::vector<Token> loose;  // relevant=N and marks on lines without a caption
  // R's and Kaggle's actual and predicted: "predicted" beside a relevant set is a ranking, not
  // scores.
  // (A "set" of marks 0 and 1 as long as the predicted is y_true under another name, and its
  // predicted are scores.)
  const auto is_set_of_ids = [&](const printed::Statement& s) {
    if (!is_set_key(s.key)) return false;
    const std::vector<Token> ids = printed::items(s);
    const bool binary = std::all_of(ids.begin(), ids.end(),
                                    [](const Token& t) { return t.text == "0" || t.text == "1"; });
    for (const printed::Statement& other : p.statements) {
      if (&other != &s && is_ranking_key(other.key) && printed::is_score_key(other.key) && binary &&
          printed::items(other).size() == ids.size()) {
        return false;
      }
    }
    return true;
  };
  const bool has_set = std::any_of(p.statements.begin(), p.statements.end(), is_set_of_ids);
  std::vector<std::string> calls;
  for (const printed::Statement& s : p.statements) {
    if (auto call = printed::call_note(s, p)) {
      calls.push_back(std::move(*call));
      continue;
    }
    if (s.rows.size() > 1) {
      return text::error_at(ErrorCode::bad_token,
                            s.rows[1].empty() ? Token{"", s.where} : s.rows[1][0],
                            "found " + std::to_string(s.rows.size()) + " lists in " + s.form +
                                " at " + text::position(s.where) +
                                "; the ranked list reads one query. Keep one list, or paste each "
                                "as a query of its own on the several-queries page");
    }
    if (!s.key.empty() && printed::is_score_key(s.key) && !score &&
        !(has_set && is_ranking_key(s.key))) {
      score = &s;
      continue;
    }
    if (is_unretrieved_key(s.key)) {
      const auto read = read_unretrieved(s, list);
      if (!read.ok()) return read.error();
      continue;
    }
    if (!s.key.empty() && is_set_key(s.key)) {
      if (set) {
        return text::error_at(ErrorCode::bad_token, s.caption.front(),
                              "a second relevant set at " + text::position(s.where) +
                                  "; the first is on line " + std::to_string(set->where.line) +
                                  ". Give it once");
      }
      set = &s;
      continue;
    }
    if (!s.key.empty() && is_ranking_key(s.key)) {
      if (ranking) {
        return text::error_at(ErrorCode::bad_token, s.caption.front(),
                              "a second ranking at " + text::position(s.where) +
                                  "; the first is on line " + std::to_string(ranking->where.line) +
                                  ". Give one ranking per query");
      }
      ranking = &s;
      continue;
    }
    if (s.caption.empty() && !s.bracketed) {
      loose.insert(loose.end(), s.rows[0].begin(), s.rows[0].end());
      continue;
    }
    data.push_back(&s);
  }
  // relevant=N and nonrelevant=N beside a set or a caption.
  std::vector<Token> marks;
  for (const Token& t : loose) {
    const auto header = read_header(t, list);
    if (!header.ok()) return header.error();
    if (!header.value()) marks.push_back(t);
  }
  if (score) {
    // scikit-learn's y_true and y_score: the marks ranked by the scores.
    const printed::Statement* truth = set && printed::is_truth_key(set->key) ? set : nullptr;
    for (const printed::Statement* d : data) {
      if (!truth && printed::is_truth_key(d->key)) truth = d;
    }
    if (!truth || data.size() + (set ? 1 : 0) != 1) {
      const Token at = score->caption.front();
      return text::error_at(ErrorCode::bad_token, at,
                            "found the scores " + text::quoted(score->caption_text) + " at " +
                                text::position(at.where) +
                                " but no one list of relevance to rank by them; add a line "
                                "y_true = [1, 0, 1] with one mark per document");
    }
    auto order = printed::rank_by_scores(*truth, *score);
    if (!order.ok()) return order.error();
    const std::vector<Token> typed = printed::items(*truth);
    std::vector<Token> ordered;
    for (const std::size_t k : order.value().order) ordered.push_back(typed[k]);
    list.reading.push_back(order.value().note);
    return read_marks(ordered, std::move(list));
  }
  // "rel <- c(1, 0, 0, 1)" with no ranking: a relevance vector under a caption, not a set of
  // documents called 1 and 0.
  if (set && !ranking) {
    const std::vector<Token> values = printed::items(*set);
    const bool binary = !values.empty() &&
                        std::all_of(values.begin(), values.end(),
                                    [](const Token& t) { return t.text == "0" || t.text == "1"; });
    if (binary) {
      data.insert(data.begin(), set);
      set = nullptr;
    }
  }
  if (set) {
    const Token set_key = set->caption.empty() ? Token{"", set->where} : set->caption.front();
    if (!ranking) {
      return text::error_at(ErrorCode::bad_token, set_key,
                            "found the relevant set " + text::quoted(set->caption_text) + " at " +
                                text::position(set->where) +
                                " but no ranking; add a line ranking: with the retrieved "
                                "documents from the top rank down, as in ranking: d7 d1 d9 d4 "
                                "(or, if the numbers are ranks, write relevant at 2, 4, 7)");
    }
    const std::vector<const printed::Statement*> extra_statements = data;
    if (!extra_statements.empty() || !marks.empty()) {
      // A copy: items() returns a new vector, which a reference would outlive.
      const Token extra = !marks.empty() ? marks.front() : printed::items(*data.front()).front();
      return text::error_at(ErrorCode::bad_token, extra,
                            "found " + text::quoted(extra.text) + " at " +
                                text::position(extra.where) +
                                " besides the relevant set and the ranking; remove it, or give "
                                "R as relevant=5");
    }
    auto out = set_and_ranking(std::move(list), set_key, printed::items(*set),
                               printed::items(*ranking), set->key == "actual");
    if (out.ok()) {
      out.value().reading.insert(out.value().reading.end(), calls.begin(), calls.end());
    }
    return out;
  }
  if (ranking) data.insert(data.begin(), ranking);
  if (data.size() > 1) {
    return text::error_at(
        ErrorCode::bad_token,
        data[1]->caption.empty() ? printed::items(*data[1]).front() : data[1]->caption.front(),
        "found a second list at " + text::position(data[1]->where) + " (the first is on line " +
            std::to_string(data[0]->where.line) +
            "); the ranked list reads one query. For a relevant set and a "
            "ranking, caption them relevant: and ranking:");
  }
  std::vector<std::string> notes;
  if (!data.empty()) {
    const printed::Statement& s = *data.front();
    if (!marks.empty()) {
      return text::error_at(ErrorCode::bad_token, marks.front(),
                            "found " + text::quoted(marks.front().text) + " at " +
                                text::position(marks.front().where) + " outside the list " +
                                (s.caption.empty() ? "" : "'" + s.caption_text + "' ") + "at " +
                                text::position(s.where) + "; put every mark in one list");
    }
    marks = printed::items(s);
    std::string note = "Read as: " + std::string(s.bracketed ? s.form : "the list") +
                       " after the caption '" + s.caption_text + "'";
    if (s.caption.empty()) note = "Read as: " + s.form;
    notes.push_back(note + ", a ranked list of " + std::to_string(marks.size()) +
                    ", top rank first.");
    if (!s.caption.empty() && &s != ranking) notes.push_back(printed::caption_note(s));
  }
  auto out = read_marks(marks, std::move(list));
  if (!out.ok()) return out;
  if (ranking) {
    bool any_marked = false;
    for (const RankedDoc& d : out.value().docs) {
      any_marked = any_marked || d.judgement != Judgement::not_relevant || d.label.empty() ||
                   d.token != d.label;
    }
    if (!any_marked) {
      const Token key = ranking->caption.front();
      return text::error_at(ErrorCode::bad_token, key,
                            "the ranking at " + text::position(key.where) +
                                " names documents but says none is relevant; add a line "
                                "relevant: with the relevant ones (as in relevant: d2 d7 d9), or "
                                "mark them as *d2*");
    }
  }
  out.value().reading.insert(out.value().reading.begin(), notes.begin(), notes.end());
  out.value().reading.insert(out.value().reading.end(), calls.begin(), calls.end());
  return out;
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

namespace {
// The calculator's own notation alone (forms.h): every token a header (relevant=5), marks (R,
// RNNR), or a marked document (*D2*, D2+, D1:2), or a document id with a digit in it (d7), so
// that no caption, bracket, sentence or phrase of ranks is in the text.
bool plain_ranking(const std::vector<Token>& tokens) {
  for (const Token& token : tokens) {
    const std::string& t = token.text;
    if (header_value_start(t) || is_compact(t)) continue;
    const auto c = classify(token);
    if (!c.ok()) return false;
    if (c.value().kind == Kind::bare_label && t.find_first_of("0123456789") == std::string::npos)
      return false;
  }
  return !tokens.empty();
}

Result<RankedList> parse_ranking_as_typed(std::string_view input, int first_line) {
  auto tokenized = text::tokenize(input, ",;", first_line);
  if (!tokenized.ok()) return tokenized.error();
  if (plain_ranking(tokenized.value())) return read_marks(tokenized.value(), RankedList{});
  if (!text::reads_printed_forms()) return text::read_elsewhere();
  std::size_t first = 0;
  while (first < tokenized.value().size() && header_value_start(tokenized.value()[first].text)) {
    ++first;
  }
  if (const auto start = ranks_phrase_end(tokenized.value(), first)) {
    return read_relevant_ranks(tokenized.value(), first, *start);
  }
  auto printed = printed::read_printed(input, first_line);
  if (!printed.ok()) return printed.error();
  if (is_sentence(printed.value())) return read_sentence(printed.value());
  if (printed.value().printed) return read_printed_ranking(printed.value());
  return read_marks(tokenized.value(), RankedList{});
}
}  // namespace

Result<RankedList> parse_ranked_list(std::string_view input, int first_line) {
  auto out = parse_ranking_as_typed(input, first_line);
  if (out.ok()) return out;
  if (!text::reads_printed_forms()) return text::read_elsewhere();
  // Sentences around the data: read the data without them, and R from one that gives it.
  const auto prose = printed::skip_prose(input, first_line);
  if (!prose) return out;
  auto rest = parse_ranking_as_typed(prose->text, first_line);
  if (!rest.ok()) return rest;
  RankedList& list = rest.value();
  if (prose->total_relevant && !list.total_relevant) {
    list.total_relevant = prose->total_relevant;
    list.total_relevant_where = prose->total_relevant_at.where;
    list.reading.insert(list.reading.begin(),
                        "Read as: R = " + std::to_string(*prose->total_relevant) + " (\"" +
                            prose->total_relevant_words + "\" at " +
                            text::position(prose->total_relevant_at.where) + ").");
  }
  list.reading.insert(list.reading.begin(), prose->notes.begin(), prose->notes.end());
  return rest;
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
  } else if (list.total_relevant_where.line > 0) {
    // A relevant set or an unretrieved: line gave every relevant document: R is known.
    return TotalRelevant{listed + list.unretrieved_relevant, std::nullopt};
  } else {
    return TotalRelevant{
        listed, "R was not given, so R = " + std::to_string(listed) +
                    ", the relevant documents in the list. That assumes every relevant document "
                    "was retrieved; give R for recall, AP and R-precision."};
  }
  const std::int64_t known = listed + list.unretrieved_relevant;
  if (value < known) {
    const std::string message =
        "R = " + std::to_string(value) + " is fewer than the " + std::to_string(listed) +
        " relevant documents in the list" +
        (list.unretrieved_relevant > 0
             ? " and the " + std::to_string(list.unretrieved_relevant) + " not retrieved"
             : "") +
        "; R counts every relevant document for the query, retrieved or not, so it is at "
        "least " +
        std::to_string(known);
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
