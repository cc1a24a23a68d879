// The confusion-matrix parsers: the 2x2 matrix of one system (counts, a grid, three sets, two
// label sequences, or precision= and recall= for F) and the k x k matrix of a classifier (a grid
// or two label sequences).
//
// Which layout: a line starting relevant:/returned: means sets; true:/predicted: means
// sequences; a first token tp=… (or fp, fn, tn, total, precision, recall) means counts;
// anything else is read as a grid of whole numbers, with optional labels.
//
// A grid is laid out as in Bhattacharya's CS657A notes: rows are the truth, columns what the
// system returned ("300 20 10 70" on one line is the same grid, row by row). When
// the labels say the other way round (rows "returned", columns "relevant"), the grid is
// transposed and a note says so.
//
// The k x k matrix and the two label sequences are read by label_matrix.cpp, shared with the
// judges' table of kappa.

#include "irm/confusion.h"

#include <algorithm>
#include <map>
#include <set>

#include "grid.h"
#include "label_matrix.h"
#include "lines.h"
#include "text.h"

namespace irm {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

using grid::counts_word;
using grid::Grid;
using grid::max_count;
using grid::read_count;
using grid::visible;

using labels::read_sequences;
using labels::sequence_role;
using labels::SequenceRole;
using labels::Sequences;
using labels::unknown_key;

// precision=1/2 or precision=0.5: a number from 0 to 1.
Result<Fraction> read_rate(const Token& value, const std::string& key) {
  const std::string& t = value.text;
  std::optional<Fraction> f;
  const std::size_t slash = t.find('/');
  if (slash != std::string::npos) {
    const auto num = text::parse_whole(t.substr(0, slash), max_count);
    const auto den = text::parse_whole(t.substr(slash + 1), max_count);
    if (num && den && *den == 0) {
      return text::error_at(ErrorCode::bad_number, value,
                            "found " + text::quoted(t) + " for " + key + " at " +
                                text::position(value.where) +
                                "; the denominator is 0. Expected a number from 0 to 1 such as "
                                "1/2 or 0.5");
    }
    if (num && den) f = make_fraction(*num, *den);
  } else {
    f = parse_decimal(t);
  }
  if (!f) {
    return text::error_at(ErrorCode::bad_number, visible(value),
                          "found " + (t.empty() ? std::string("nothing") : text::quoted(t)) +
                              " for " + key + " at " + text::position(value.where) +
                              "; expected a number from 0 to 1 such as 1/2 or 0.5");
  }
  if (compare(*f, Fraction{1, 1}) > 0) {
    return text::error_at(ErrorCode::out_of_range, value,
                          key + " must be from 0 to 1; found " + text::quoted(t) + " at " +
                              text::position(value.where));
  }
  return *f;
}

// --- counts: tp=2 fp=2 fn=1 tn=3 ------------------------------------------------------------

bool is_count_key(const std::string& key) {
  return key == "tp" || key == "fp" || key == "fn" || key == "tn" || key == "total" || key == "n" ||
         key == "precision" || key == "recall";
}

Result<ConfusionInput> read_counts(const std::vector<Token>& tokens) {
  const auto assignments = text::read_assignments(tokens);
  if (assignments.stray) {
    const Token& t = *assignments.stray;
    return text::error_at(ErrorCode::bad_token, t,
                          "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                              "; expected counts written as tp=2 fp=2 fn=1 tn=3");
  }
  std::map<std::string, std::pair<Token, Token>> given;  // key -> (key token, value token)
  for (const text::Assignment& a : assignments.items) {
    const std::string key = text::lower(a.key.text);
    if (!is_count_key(key)) {
      return text::error_at(ErrorCode::bad_token, a.key,
                            "unknown count " + text::quoted(a.key.text) + " at " +
                                text::position(a.key.where) +
                                "; expected tp, fp, fn, tn or total (or precision= and recall= "
                                "for F)");
    }
    const auto [it, inserted] =
        given.emplace(key == "n" ? "total" : key, std::pair{a.key, a.value});
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, a.key,
                            key + " is given twice, at " + text::position(it->second.first.where) +
                                " and at " + text::position(a.key.where) + "; give it once");
    }
  }
  ConfusionInput out;
  const bool has_rates = given.count("precision") || given.count("recall");
  const bool has_counts = given.count("tp") || given.count("fp") || given.count("fn") ||
                          given.count("tn") || given.count("total");
  if (has_rates) {
    if (has_counts) {
      const Token& k = given.count("precision") ? given["precision"].first : given["recall"].first;
      return text::error_at(ErrorCode::bad_token, k,
                            "found " + text::quoted(k.text) + " at " + text::position(k.where) +
                                " next to counts; give either the counts (tp= fp= fn=) or "
                                "precision= and recall=, not both");
    }
    for (const char* key : {"precision", "recall"}) {
      if (!given.count(key)) {
        return InputError{ErrorCode::bad_token,
                          std::string(key) +
                              " is missing; give both, as in precision=1/2 "
                              "recall=2/3",
                          Span{}};
      }
    }
    auto p = read_rate(given["precision"].second, "precision");
    if (!p.ok()) return p.error();
    auto r = read_rate(given["recall"].second, "recall");
    if (!r.ok()) return r.error();
    out.has_counts = false;
    out.precision = p.value();
    out.recall = r.value();
    out.reading.push_back("Read precision = " + to_string(p.value()) + " and recall = " +
                          to_string(r.value()) + " directly; no counts were given.");
    return out;
  }
  std::map<std::string, std::int64_t> value;
  for (const auto& [key, tokens_pair] : given) {
    auto count = read_count(tokens_pair.second, "for " + key);
    if (!count.ok()) return count.error();
    value[key] = count.value();
  }
  for (const char* key : {"tp", "fp", "fn"}) {
    if (!value.count(key)) {
      return InputError{ErrorCode::bad_token,
                        std::string(key) +
                            " is missing; give tp, fp and fn (tn is optional), as in tp=2 fp=2 "
                            "fn=1 tn=3",
                        Span{}};
    }
  }
  out.tp = value["tp"];
  out.fp = value["fp"];
  out.fn = value["fn"];
  const std::int64_t three = out.tp + out.fp + out.fn;
  std::string read = "Read the counts TP = " + std::to_string(out.tp) +
                     ", FP = " + std::to_string(out.fp) + ", FN = " + std::to_string(out.fn);
  if (value.count("tn")) {
    out.tn = value["tn"];
    read += ", TN = " + std::to_string(*out.tn);
  }
  read += ".";
  if (value.count("total")) {
    const std::int64_t total = value["total"];
    const Token& where = given["total"].second;
    if (out.tn && three + *out.tn != total) {
      return text::error_at(ErrorCode::inconsistent_counts, where,
                            "the four cells sum to " + std::to_string(three + *out.tn) +
                                ", but total=" + std::to_string(total) + " was given at " +
                                text::position(where.where) + "; keep one of them or fix a count");
    }
    if (total < three) {
      return text::error_at(ErrorCode::inconsistent_counts, where,
                            "total=" + std::to_string(total) + " at " +
                                text::position(where.where) + " is less than tp + fp + fn = " +
                                std::to_string(three) + "; the total counts every document");
    }
    if (!out.tn) {
      out.tn = total - three;
      read += " TN = total − TP − FP − FN = " + std::to_string(total) + " − " +
              std::to_string(out.tp) + " − " + std::to_string(out.fp) + " − " +
              std::to_string(out.fn) + " = " + std::to_string(*out.tn) + ".";
    }
  }
  out.reading.push_back(read);
  return out;
}

bool mentions(const std::string& label, std::initializer_list<const char*> words) {
  const std::string l = text::lower(label);
  for (const char* w : words) {
    if (l.find(w) != std::string::npos) return true;
  }
  return false;
}

Result<ConfusionInput> binary_from_sequences(const Sequences& s) {
  // The labels in order of first appearance, with how often each is true.
  std::vector<std::string> labels;
  std::map<std::string, std::int64_t> true_count;
  for (const KeyedLine* line : {&s.truth, &s.predicted}) {
    for (const Token& t : line->values) {
      if (std::find(labels.begin(), labels.end(), t.text) == labels.end()) {
        if (labels.size() == 2) {
          return text::error_at(ErrorCode::bad_token, t,
                                "found a third label " + text::quoted(t.text) + " at " +
                                    text::position(t.where) + " after " + labels[0] + " and " +
                                    labels[1] +
                                    "; confusion compares two classes (relevant or not). For "
                                    "more classes use multiclass");
        }
        labels.push_back(t.text);
      }
      if (line == &s.truth) ++true_count[t.text];
    }
  }
  std::string positive;
  std::string why;
  if (s.positive) {
    positive = s.positive->values[0].text;
    if (labels.size() == 2 && positive != labels[0] && positive != labels[1]) {
      const Token& t = s.positive->values[0];
      return text::error_at(ErrorCode::bad_token, t,
                            "positive: names " + text::quoted(positive) + " at " +
                                text::position(t.where) + ", which is neither of the labels " +
                                labels[0] + " and " + labels[1]);
    }
    why = "as the positive: line says";
  } else {
    std::vector<std::string> known_positive;
    for (const std::string& l : labels) {
      if (text::binary_label(l) == std::optional<bool>(true)) known_positive.push_back(l);
    }
    bool all_known = true;
    for (const std::string& l : labels) all_known = all_known && text::binary_label(l).has_value();
    if (known_positive.size() == 1 && all_known) {
      positive = known_positive[0];
      why = "the label that usually means relevant";
    } else if (labels.size() == 1 && all_known) {
      positive = "";  // the one label means not relevant
    } else {
      // The rarer true class, as relevant documents usually are; on a tie, the first one.
      positive = labels[0];
      if (labels.size() == 2 && true_count[labels[1]] < true_count[labels[0]]) {
        positive = labels[1];
      }
      why = labels.size() == 2
                ? "the rarer class in " + s.truth.key + ":, as relevant documents usually are"
                : "the only label";
    }
  }
  ConfusionInput out;
  std::int64_t tn = 0;
  for (std::size_t i = 0; i < s.truth.values.size(); ++i) {
    const bool truly = s.truth.values[i].text == positive;
    const bool returned = s.predicted.values[i].text == positive;
    if (truly && returned) ++out.tp;
    if (!truly && returned) ++out.fp;
    if (truly && !returned) ++out.fn;
    if (!truly && !returned) ++tn;
  }
  out.tn = tn;
  std::string other;
  for (const std::string& l : labels) {
    if (l != positive) other = l;
  }
  const std::string items = "Read " + counts_word(s.truth.values.size(), "item", "items") +
                            " from " + s.truth.key + ": and " + s.predicted.key + ":. ";
  if (positive.empty()) {
    out.reading.push_back(items + "Every label is '" + other +
                          "', which means not relevant, so nothing is relevant.");
  } else {
    out.reading.push_back(items + "The positive (relevant) class is '" + positive + "' (" + why +
                          ")" + (other.empty() ? "" : "; '" + other + "' is negative") +
                          (s.positive || other.empty()
                               ? "."
                               : ". Add a line positive: " + other + " to choose the other."));
  }
  out.reading.push_back("Counted TP = " + std::to_string(out.tp) +
                        ", FP = " + std::to_string(out.fp) + ", FN = " + std::to_string(out.fn) +
                        ", TN = " + std::to_string(*out.tn) + ".");
  return out;
}

// --- sets: relevant: … returned: … all: … ---------------------------------------------------

enum class SetRole { none, relevant, returned, all, total };

SetRole set_role(const std::string& key) {
  if (key == "relevant" || key == "correct" || key == "positives") return SetRole::relevant;
  if (key == "returned" || key == "retrieved" || key == "answer" || key == "answers")
    return SetRole::returned;
  if (key == "all" || key == "d" || key == "documents" || key == "collection" || key == "docs")
    return SetRole::all;
  if (key == "total" || key == "n") return SetRole::total;
  return SetRole::none;
}

const char* set_name(SetRole role) {
  switch (role) {
    case SetRole::relevant:
      return "relevant:";
    case SetRole::returned:
      return "returned:";
    case SetRole::all:
      return "all:";
    case SetRole::total:
      return "total:";
    case SetRole::none:
      break;
  }
  return "";
}

// "d12" -> ("d", 12, 2 digits).
struct Numbered {
  std::string prefix;
  std::int64_t number = 0;
  std::size_t digits = 0;
};
std::optional<Numbered> numbered(const std::string& s) {
  std::size_t i = s.size();
  while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') --i;
  if (i == s.size() || s.size() - i > 9) return std::nullopt;
  return Numbered{s.substr(0, i), *text::parse_whole(s.substr(i), 999'999'999), s.size() - i};
}

bool is_ellipsis(const std::string& s) { return s == "…" || s == "..." || s == ".."; }

Result<std::vector<Token>> read_documents(const KeyedLine& line, const char* name) {
  // Braces as the notes write sets ({d1, d5, d7}) are dropped; "d1 … d8" is a range.
  std::vector<Token> raw;
  for (Token t : line.values) {
    while (!t.text.empty() && t.text.front() == '{') {
      t.text.erase(0, 1);
      ++t.where.column;
      --t.where.length;
    }
    while (!t.text.empty() && t.text.back() == '}') {
      t.text.pop_back();
      --t.where.length;
    }
    if (t.text.empty()) continue;
    // "d1…d8" or "d1...d8" written without spaces (or "d1…" missing its end, an error below).
    bool split = false;
    for (const std::string dots : {"…", "...", ".."}) {
      const std::size_t at = t.text.find(dots);
      if (at == std::string::npos || at == 0) continue;
      raw.push_back(Token{t.text.substr(0, at), t.where});
      raw.push_back(Token{dots, t.where});
      const std::string after = t.text.substr(at + dots.size());
      if (!after.empty()) raw.push_back(Token{after, t.where});
      split = true;
      break;
    }
    if (!split) raw.push_back(t);
  }
  std::vector<Token> docs;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (!is_ellipsis(raw[i].text)) {
      docs.push_back(raw[i]);
      continue;
    }
    const auto from = docs.empty() ? std::nullopt : numbered(docs.back().text);
    const auto to = i + 1 < raw.size() ? numbered(raw[i + 1].text) : std::nullopt;
    if (!from || !to || from->prefix != to->prefix || to->number <= from->number ||
        to->number - from->number > 100'000) {
      return text::error_at(ErrorCode::bad_token, raw[i],
                            "found " + text::quoted(raw[i].text) + " at " +
                                text::position(raw[i].where) +
                                "; a range needs a name on each side with the same prefix and "
                                "increasing numbers, as in d1 … d8");
    }
    for (std::int64_t k = from->number + 1; k < to->number; ++k) {
      std::string digits = std::to_string(k);
      if (docs.back().text.size() > from->prefix.size() &&
          docs.back().text[from->prefix.size()] == '0' && digits.size() < from->digits) {
        digits.insert(0, from->digits - digits.size(), '0');  // d01 … d08 keeps its zeros
      }
      docs.push_back(Token{from->prefix + digits, raw[i].where});
    }
  }
  std::map<std::string, Span> seen;
  for (const Token& d : docs) {
    const auto [it, inserted] = seen.emplace(d.text, d.where);
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, d,
                            "document '" + d.text + "' is listed twice in " + name + ", at " +
                                text::position(it->second) + " and at " + text::position(d.where) +
                                "; a set lists each document once");
    }
  }
  return docs;
}

Result<ConfusionInput> read_sets(const std::vector<Line>& lines) {
  std::map<SetRole, KeyedLine> given;
  for (const Line& line : lines) {
    auto keyed = text::keyed_line(line);
    const SetRole role = keyed ? set_role(keyed->key) : SetRole::none;
    if (role == SetRole::none) {
      const Token& t = keyed ? keyed->key_token : line.tokens[0];
      return text::error_at(ErrorCode::bad_token, t,
                            "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                                "; expected a line starting relevant:, returned:, all: or "
                                "total:");
    }
    const auto [it, inserted] = given.emplace(role, *keyed);
    if (!inserted) {
      return text::error_at(ErrorCode::bad_token, keyed->key_token,
                            std::string("a second ") + set_name(role) + " line at " +
                                text::position(keyed->key_token.where) + "; the first is on line " +
                                std::to_string(it->second.key_token.where.line) + ". Give it once");
    }
  }
  for (const SetRole role : {SetRole::relevant, SetRole::returned}) {
    if (!given.count(role)) {
      const KeyedLine& other = given.begin()->second;
      return text::error_at(
          ErrorCode::bad_token, other.key_token,
          std::string("found ") + other.key + ": at " + text::position(other.key_token.where) +
              " but no " + set_name(role) + " line; give " +
              (role == SetRole::relevant ? "relevant: with the truly relevant documents"
                                         : "returned: with the documents the system returned") +
              ", as in relevant: d1 d5 d7 and returned: d1 d3 d5 d6");
    }
  }
  auto relevant = read_documents(given[SetRole::relevant], "relevant:");
  if (!relevant.ok()) return relevant.error();
  auto returned = read_documents(given[SetRole::returned], "returned:");
  if (!returned.ok()) return returned.error();
  std::set<std::string> relevant_set;
  std::set<std::string> returned_set;
  for (const Token& d : relevant.value()) relevant_set.insert(d.text);
  for (const Token& d : returned.value()) returned_set.insert(d.text);

  ConfusionInput out;
  out.from_sets = true;
  for (const Token& d : returned.value()) {
    (relevant_set.count(d.text) ? out.tp_docs : out.fp_docs).push_back(d.text);
  }
  for (const Token& d : relevant.value()) {
    if (!returned_set.count(d.text)) out.fn_docs.push_back(d.text);
  }
  out.tp = static_cast<std::int64_t>(out.tp_docs.size());
  out.fp = static_cast<std::int64_t>(out.fp_docs.size());
  out.fn = static_cast<std::int64_t>(out.fn_docs.size());
  const std::int64_t listed = out.tp + out.fp + out.fn;  // |relevant ∪ returned|

  std::string read = "Read three sets: relevant " + std::to_string(relevant.value().size()) +
                     ", returned " + std::to_string(returned.value().size());
  std::optional<std::int64_t> total;
  if (given.count(SetRole::total)) {
    const KeyedLine& line = given[SetRole::total];
    if (line.values.size() != 1) {
      const Token& t = line.values.empty() ? line.key_token : line.values[1];
      return text::error_at(ErrorCode::bad_token, t,
                            "total: at " + text::position(line.key_token.where) +
                                " takes one whole number, the size of the collection, as in "
                                "total: 8");
    }
    auto count = read_count(line.values[0], "for total:");
    if (!count.ok()) return count.error();
    total = count.value();
    if (*total < listed) {
      return text::error_at(ErrorCode::inconsistent_counts, line.values[0],
                            "total: " + std::to_string(*total) + " at " +
                                text::position(line.values[0].where) + " is less than the " +
                                std::to_string(listed) +
                                " different documents in relevant: and returned:");
    }
  }
  if (given.count(SetRole::all)) {
    auto all = read_documents(given[SetRole::all], "all:");
    if (!all.ok()) return all.error();
    std::set<std::string> all_set;
    for (const Token& d : all.value()) all_set.insert(d.text);
    for (const auto* docs : {&relevant.value(), &returned.value()}) {
      const char* name = docs == &relevant.value() ? "relevant:" : "returned:";
      for (const Token& d : *docs) {
        if (!all_set.count(d.text)) {
          return text::error_at(ErrorCode::inconsistent_counts, d,
                                "'" + d.text + "' in " + name + " at " + text::position(d.where) +
                                    " is not in all: (line " +
                                    std::to_string(given[SetRole::all].key_token.where.line) +
                                    "); every relevant and returned document must be in the "
                                    "collection");
        }
      }
    }
    const auto size = static_cast<std::int64_t>(all.value().size());
    if (total && *total != size) {
      const Token& t = given[SetRole::total].values[0];
      return text::error_at(ErrorCode::inconsistent_counts, t,
                            "total: " + std::to_string(*total) + " at " + text::position(t.where) +
                                " but all: lists " + std::to_string(size) +
                                " documents; keep one of them");
    }
    for (const Token& d : all.value()) {
      if (!relevant_set.count(d.text) && !returned_set.count(d.text)) {
        out.tn_docs.push_back(d.text);
      }
    }
    out.tn_docs_known = true;
    out.tn = static_cast<std::int64_t>(out.tn_docs.size());
    read += ", all " + std::to_string(size);
  } else if (total) {
    out.tn = *total - listed;
    read += ", total " + std::to_string(*total);
  }
  read += ".";
  if (!out.tn) {
    read += " Without all: or total:, TN (the non-relevant documents not returned) is unknown.";
  }
  out.reading.push_back(read);
  return out;
}

// --- layout detection -------------------------------------------------------------------------

enum class Layout { counts, grid, sets, sequences };

Layout detect(const std::vector<Line>& lines) {
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    if (!keyed) continue;
    const SetRole role = set_role(keyed->key);
    if (role == SetRole::relevant || role == SetRole::returned) return Layout::sets;
    const SequenceRole seq = sequence_role(keyed->key, labels::classifier_roles());
    if (seq == SequenceRole::truth || seq == SequenceRole::predicted) return Layout::sequences;
  }
  const auto first = text::keyed_line(lines[0]);
  if (first && is_count_key(first->key)) return Layout::counts;
  return Layout::grid;
}

// The order of a 2 × 2 grid's counts written on one line.
std::string one_line_order() {
  return "TP FN FP TN (rows truly relevant and truly non-relevant, columns returned and not "
         "returned)";
}

const char* empty_message() {
  return "the input is empty; give the counts (tp=2 fp=2 fn=1 tn=3), a 2 × 2 grid, three sets "
         "(relevant: d1 d5 d7, returned: d1 d3 d5 d6, all: d1 … d8) or two lines true: and "
         "predicted:";
}

}  // namespace

Result<ConfusionInput> parse_confusion(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) return InputError{ErrorCode::empty_input, empty_message(), Span{}};
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  switch (detect(lines)) {
    case Layout::counts:
      return read_counts(tokenized.value());
    case Layout::sets:
      return read_sets(lines);
    case Layout::sequences: {
      auto s = read_sequences(lines, labels::classifier_roles(), true);
      if (!s.ok()) return s.error();
      return binary_from_sequences(s.value());
    }
    case Layout::grid:
      break;
  }
  const std::string expected =
      "a 2 × 2 grid (rows: truly relevant, truly non-relevant; columns: returned, not "
      "returned; or its 4 counts on one line, TP FN FP TN), counts such as tp=2 fp=2 fn=1 tn=3, "
      "sets (relevant: and returned:) or two lines true: and predicted:";
  if (const auto keyed = text::keyed_line(lines[0])) {
    return unknown_key(*keyed, expected);
  }
  auto parsed = grid::read_grid(lines, input, expected);
  if (!parsed.ok()) return parsed.error();
  Grid& grid = parsed.value();
  const bool one_line = grid::fold_one_line(grid);
  if (const auto e = grid::one_line_error(grid, one_line_order(), "300 20 10 70")) return *e;
  const std::size_t rows = grid.cells.size();
  const std::size_t columns = grid.cells[0].size();
  if (rows != 2 || columns != 2) {
    const Token& at = columns > 2 ? grid.cell_tokens[0][2]
                                  : (rows > 2 ? grid.cell_tokens[2][0] : grid.cell_tokens[0][0]);
    const std::string found = "the grid has " + counts_word(rows, "row", "rows") + " of " +
                              counts_word(columns, "count", "counts");
    const std::string more = rows == columns && rows > 2
                                 ? "; for " + std::to_string(rows) + " classes use multiclass"
                                 : "";
    const std::string outside = rows <= 2 && columns <= 2
                                    ? ""
                                    : ". The first count outside a 2 × 2 grid is " +
                                          text::quoted(at.text) + " at " + text::position(at.where);
    return text::error_at(ErrorCode::bad_token, at,
                          found +
                              "; confusion reads 2 rows of 2 counts (or the 4 on one line): rows "
                              "truly relevant and truly non-relevant, columns returned and not "
                              "returned" +
                              more + outside);
  }
  ConfusionInput out;
  // The layout of Bhattacharya's CS657A notes: rows are the truth, columns what the system
  // returned.
  bool transposed = false;
  if (!grid.column_labels.empty()) {
    bool rows_are_system = false;
    bool columns_are_truth = false;
    for (const auto& l : grid.row_labels)
      rows_are_system = rows_are_system || mentions(l, {"return", "retriev", "predict"});
    for (const auto& l : grid.column_labels)
      columns_are_truth = columns_are_truth || mentions(l, {"relevant", "true", "actual"});
    transposed = rows_are_system && columns_are_truth;
  }
  out.tp = grid.cells[0][0];
  out.fn = transposed ? grid.cells[1][0] : grid.cells[0][1];
  out.fp = transposed ? grid.cells[0][1] : grid.cells[1][0];
  out.tn = grid.cells[1][1];
  if (grid.note) out.reading.push_back(*grid.note);
  out.reading.push_back(
      std::string(transposed ? "The labels put what the system returned in the rows and the truth "
                               "in the columns, so the grid is read transposed: "
                  : one_line ? "Read the four counts on one line as the 2 × 2 grid written row "
                               "by row, TP FN FP TN (rows: truly relevant, truly non-relevant; "
                               "columns: returned, not returned): "
                             : "Read the 2 × 2 grid as Bhattacharya's CS657A notes lay it out "
                               "(rows: truly relevant, truly non-relevant; columns: returned, "
                               "not returned): ") +
      "TP = " + std::to_string(out.tp) + ", FN = " + std::to_string(out.fn) +
      ", FP = " + std::to_string(out.fp) + ", TN = " + std::to_string(*out.tn) + ".");
  return out;
}

Result<LabelMatrix> parse_label_matrix(std::string_view input) {
  return labels::read_label_matrix(input, labels::classifier_roles());
}

}  // namespace irm
