// The subtopic-list parser (irm/subtopics.h): documents top rank first, one per line or separated
// by '|', each with the subtopics it covers, and an optional "unretrieved:" part. A labelled
// document ("d1: 1 3") also ends the one before it, so "d1: 1 3 d2: - d3: 2" is three documents.

#include "irm/subtopics.h"

#include <algorithm>
#include <map>

#include "lines.h"
#include "text.h"

namespace irm {
namespace {

using text::Token;

using text::is_label;

bool digits_only(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The part of `token` from byte `from` for `bytes` bytes, with its own position.
Token part(const Token& token, std::size_t from, std::size_t bytes) {
  const std::string_view all = token.text;
  const std::string_view piece = all.substr(from, bytes);
  return Token{std::string(piece),
               Span{token.where.line, token.where.column + text::code_points(all.substr(0, from)),
                    text::code_points(piece)}};
}

struct Item {
  bool bar = false;  // a '|'
  Token token;
};

// A line's tokens with every '|' split out as an item of its own.
std::vector<Item> items_of(const text::Line& line) {
  std::vector<Item> out;
  for (const Token& token : line.tokens) {
    std::size_t start = 0;
    while (true) {
      const std::size_t bar = token.text.find('|', start);
      const std::size_t end = bar == std::string::npos ? token.text.size() : bar;
      if (end > start) out.push_back(Item{false, part(token, start, end - start)});
      if (bar == std::string::npos) break;
      out.push_back(Item{true, part(token, bar, 1)});
      start = bar + 1;
    }
  }
  return out;
}

std::string expected_subtopic() {
  return "expected a subtopic number such as 1 or 3, '-' for a document that covers none, or "
         "'|' between documents";
}

InputError stray(const Token& token, const std::string& hint = "") {
  return text::error_at(ErrorCode::bad_token, token,
                        "found " + text::quoted(token.text) + " at " + text::position(token.where) +
                            "; " + expected_subtopic() + hint);
}

class Reader {
 public:
  Result<SubtopicList> read(std::string_view input) {
    auto tokenized = text::tokenize(input, ",;");
    if (!tokenized.ok()) return tokenized.error();
    for (const text::Line& line : text::group_lines(tokenized.value())) {
      std::vector<Item> items = items_of(line);
      if (items.empty()) continue;
      if (auto error = keyword(items)) return *error;
      if (auto error = documents(items)) return *error;
    }
    if (list_.docs.empty()) {
      return InputError{ErrorCode::empty_input,
                        "the list is empty; paste one document per line, top rank first, with the "
                        "subtopics it covers, e.g. d1: 1 3, then d2: - (none), then d3: 2; or on "
                        "one line, 1,3 | - | 2",
                        Span{}};
    }
    describe();
    return std::move(list_);
  }

 private:
  SubtopicList list_;
  bool unretrieved_ = false;
  std::map<std::string, Span> labels_;
  std::size_t count_ = 0;

  // "unretrieved:" at the start of a line: what follows is the documents the ranking missed.
  std::optional<InputError> keyword(std::vector<Item>& items) {
    if (items.front().bar) return std::nullopt;
    const Token first = items.front().token;
    const std::string lower = text::lower(first.text);
    const std::string word = "unretrieved";
    if (lower.compare(0, word.size(), word) != 0) return std::nullopt;
    std::size_t length = word.size();
    if (lower.size() > length && lower[length] != ':') return std::nullopt;
    if (lower.size() > length) ++length;
    if (unretrieved_) {
      return text::error_at(ErrorCode::bad_token, part(first, 0, length),
                            "found a second 'unretrieved:' at " + text::position(first.where) +
                                "; list the documents the ranking missed once, after one "
                                "'unretrieved:'");
    }
    unretrieved_ = true;
    if (first.text.size() > length) {
      items.front().token = part(first, length, first.text.size() - length);
    } else {
      items.erase(items.begin());
    }
    return std::nullopt;
  }

  // The documents of a line: segments between '|', each one or more documents.
  std::optional<InputError> documents(const std::vector<Item>& items) {
    std::vector<Token> segment;
    const Token* bar_before = nullptr;
    for (const Item& item : items) {
      if (!item.bar) {
        segment.push_back(item.token);
        continue;
      }
      if (segment.empty()) {
        return text::error_at(
            ErrorCode::bad_token, item.token,
            "found '|' at " + text::position(item.token.where) +
                (bar_before ? " right after another '|'" : " with no document before it") +
                "; write '-' for a document that covers no subtopic");
      }
      if (auto error = read_segment(segment)) return error;
      segment.clear();
      bar_before = &item.token;
    }
    if (segment.empty()) {
      if (bar_before == nullptr) return std::nullopt;  // "unretrieved:" alone
      return text::error_at(ErrorCode::bad_token, *bar_before,
                            "found '|' at " + text::position(bar_before->where) +
                                " with no document after it; write '-' for a document that "
                                "covers no subtopic");
    }
    return read_segment(segment);
  }

  // One or more documents: a labelled one ("d1:") ends the one before it.
  std::optional<InputError> read_segment(const std::vector<Token>& tokens) {
    std::size_t begin = 0;
    for (std::size_t i = 1; i <= tokens.size(); ++i) {
      if (i == tokens.size() || tokens[i].text.find(':') != std::string::npos) {
        if (auto error = read_document(tokens, begin, i)) return error;
        begin = i;
      }
    }
    return std::nullopt;
  }

  std::optional<InputError> read_document(const std::vector<Token>& tokens, std::size_t begin,
                                          std::size_t end) {
    SubtopicDoc doc;
    std::vector<Token> values(tokens.begin() + static_cast<std::ptrdiff_t>(begin),
                              tokens.begin() + static_cast<std::ptrdiff_t>(end));
    const Token first = values.front();
    const std::size_t colon = first.text.find(':');
    if (colon != std::string::npos) {
      const std::string label = first.text.substr(0, colon);
      if (!is_label(label)) {
        return text::error_at(ErrorCode::bad_token, first,
                              "found " + text::quoted(first.text) + " at " +
                                  text::position(first.where) +
                                  "; a document's name is letters, digits and _ . - / # before its "
                                  "':', as in d1: 1 3");
      }
      doc.label = label;
      doc.where = part(first, 0, colon).where;
      values.erase(values.begin());
      if (colon + 1 < first.text.size()) {
        values.insert(values.begin(), part(first, colon + 1, first.text.size() - colon - 1));
      }
      const auto [it, inserted] = labels_.emplace(label, doc.where);
      if (!inserted) {
        return text::error_at(ErrorCode::bad_token, part(first, 0, colon),
                              "document '" + label + "' is given twice, at " +
                                  text::position(it->second) + " and at " +
                                  text::position(doc.where) +
                                  "; a document appears once, in the ranking or unretrieved");
      }
    } else {
      doc.where = first.where;
    }
    std::map<int, Span> seen;
    const Token* none = nullptr;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Token& value = values[i];
      if (value.text == "-") {
        none = &value;
        continue;
      }
      if (!digits_only(value.text)) {
        if (text::looks_numeric(value.text)) {
          return text::error_at(ErrorCode::bad_number, value,
                                "found " + text::quoted(value.text) + " at " +
                                    text::position(value.where) +
                                    "; a subtopic is a whole number, such as 1, 2 or 3");
        }
        const bool name_like =
            doc.label.empty() && i == 0 && values.size() > 1 && is_label(value.text);
        return stray(value, name_like ? ". To name a document, end its name with ':', as in " +
                                            text::quoted(value.text + ":") + " 1 3"
                                      : "");
      }
      const auto number = text::parse_whole(value.text, max_subtopic);
      if (!number) {
        return text::error_at(ErrorCode::out_of_range, value,
                              "found " + text::quoted(value.text) + " at " +
                                  text::position(value.where) +
                                  "; subtopics are numbered from 0 to 1,000,000");
      }
      const int subtopic = static_cast<int>(*number);
      const auto [it, inserted] = seen.emplace(subtopic, value.where);
      if (!inserted) {
        return text::error_at(
            ErrorCode::bad_token, value,
            "subtopic " + std::to_string(subtopic) + " is given twice for " +
                (doc.label.empty() ? "one document" : "document '" + doc.label + "'") + ", at " +
                text::position(it->second) + " and at " + text::position(value.where) +
                "; give each subtopic once");
      }
      doc.subtopics.push_back(subtopic);
    }
    if (none != nullptr && !doc.subtopics.empty()) {
      return text::error_at(ErrorCode::bad_token, *none,
                            "found '-' at " + text::position(none->where) +
                                " beside subtopics; '-' stands alone, for a document that covers "
                                "no subtopic");
    }
    if (++count_ > text::max_tokens) return text::too_many_tokens(doc.where);
    (unretrieved_ ? list_.unretrieved : list_.docs).push_back(std::move(doc));
    return std::nullopt;
  }

  void describe() {
    std::vector<int> all;
    for (const auto* docs : {&list_.docs, &list_.unretrieved}) {
      for (const SubtopicDoc& doc : *docs)
        all.insert(all.end(), doc.subtopics.begin(), doc.subtopics.end());
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::string names;
    for (std::size_t i = 0; i < all.size() && i < 20; ++i) {
      names += (i ? ", " : "") + std::to_string(all[i]);
    }
    if (all.size() > 20) names += ", …";
    const std::size_t n = list_.docs.size();
    list_.reading.push_back("Read " + std::to_string(n) + " ranked document" + (n == 1 ? "" : "s") +
                            " and " + std::to_string(all.size()) + " subtopic" +
                            (all.size() == 1 ? "" : "s") + (all.empty() ? "" : " (" + names + ")") +
                            ".");
    const std::size_t u = list_.unretrieved.size();
    if (u > 0) {
      list_.reading.push_back(std::to_string(u) + " document" + (u == 1 ? " was" : "s were") +
                              " not retrieved; " + (u == 1 ? "it enters" : "they enter") +
                              " the ideal ranking only.");
    }
  }
};

}  // namespace

Result<SubtopicList> parse_subtopic_list(std::string_view input) { return Reader{}.read(input); }

}  // namespace irm
