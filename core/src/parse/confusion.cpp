// The confusion-matrix parsers: the 2x2 matrix of one system (counts, a grid, three sets, two
// label sequences, or precision= and recall= for F) and the k x k matrix of a classifier (a grid
// or two label sequences).
//
// Which layout: a line starting relevant:/returned: means sets; true:/predicted: means
// sequences; a first token tp=… (or fp, fn, tn, total, precision, recall) means counts;
// anything else is read as a grid of whole numbers, with optional labels.
//
// A grid is laid out as in Bhattacharya's CS657A notes: rows are the truth, columns what the
// system returned ("300 20 10 70" on one line is the same grid, row by row). Labels naming the
// sides and the classes (predicted/actual, returned/relevant, yes/no, positive/negative) set the
// orientation and the order, either way round; a bare grid keeps the notes' reading and says so
// in a note "Read as: …" with the other reading. scikit-learn's printout ([[TN, FP], [FN, TP]])
// and a sentence ("retrieves 12 documents, nine of them relevant; …") are read too.
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
#include "words.h"

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

const char* grid_expected() {
  return "a 2 × 2 grid (rows: truly relevant, truly non-relevant; columns: returned, not "
         "returned; or its 4 counts on one line, TP FN FP TN), counts such as tp=2 fp=2 fn=1 "
         "tn=3, sets (relevant: and returned:) or two lines true: and predicted:";
}

// The error for a grid that is not 2 × 2.
InputError not_two_by_two(const Grid& grid) {
  const std::size_t rows = grid.cells.size();
  const std::size_t columns = grid.cells[0].size();
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

// --- what a grid's labels say -------------------------------------------------------------------
//
// A label names a side of the matrix (the truth: actual, relevant, condition; or the system:
// predicted, returned, retrieved) and a class (positive or negative: yes/no, 1/0, relevant /
// non-relevant, returned / not returned). Together the labels give the orientation (which side
// the rows are) and the order of the classes; what they leave unsaid is read as Bhattacharya's
// CS657A notes lay a grid out, and a note says so.

enum class GridSide { none, truth, system, both };

GridSide join_axis(GridSide a, GridSide b) {
  if (a == GridSide::none) return b;
  if (b == GridSide::none || a == b) return a;
  return GridSide::both;
}

GridSide other_axis(GridSide a) {
  return a == GridSide::truth ? GridSide::system : a == GridSide::system ? GridSide::truth : a;
}

struct LabelMeaning {
  GridSide axis = GridSide::none;
  std::optional<bool> positive;
  bool conflict = false;  // two different classes in one label
};

// A label's words in lower case: letters, digits, '-', '+' and '_' (and any non-ASCII
// character) make a word; everything else separates words.
std::vector<std::string> label_words(std::string_view label) {
  std::vector<std::string> out;
  std::string word;
  for (const char c : label) {
    const bool part = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '+' || c == '_' || (static_cast<unsigned char>(c) & 0x80);
    if (part) {
      word += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

bool is_one_of(const std::string& w, std::initializer_list<const char*> words) {
  for (const char* x : words) {
    if (w == x) return true;
  }
  return false;
}

// One word's meaning, when it has one.
std::optional<LabelMeaning> word_sense(const std::string& w) {
  LabelMeaning s;
  if (is_one_of(w, {"actual", "actually", "truth", "truly", "gold", "real", "reality", "condition",
                    "expected", "ground", "judged", "judgement", "judgment", "relevance",
                    "observed", "reference", "target"})) {
    s.axis = GridSide::truth;
  } else if (is_one_of(w, {"predicted", "prediction", "predictions", "pred", "predict", "predicts",
                           "classified", "classifier", "system", "model", "output", "test",
                           "retrieval", "engine", "detected", "result", "results"})) {
    s.axis = GridSide::system;
  } else if (is_one_of(w, {"relevant", "rel"})) {
    s.axis = GridSide::truth;
    s.positive = true;
  } else if (is_one_of(w, {"non-relevant", "nonrelevant", "irrelevant", "non-rel", "nonrel"})) {
    s.axis = GridSide::truth;
    s.positive = false;
  } else if (is_one_of(w, {"returned", "retrieved", "ret", "selected", "flagged"})) {
    s.axis = GridSide::system;
    s.positive = true;
  } else if (is_one_of(w, {"unretrieved", "unreturned", "non-retrieved", "nonretrieved",
                           "non-returned", "not-returned", "not-retrieved", "unselected"})) {
    s.axis = GridSide::system;
    s.positive = false;
  } else if (is_one_of(w, {"positive", "positives", "pos", "yes", "y", "true", "t", "1", "+", "+1",
                           "p", "r"})) {
    s.positive = true;
  } else if (is_one_of(w, {"negative", "negatives", "neg", "no", "n", "false", "f", "0", "-", "-1",
                           "i"})) {
    s.positive = false;
  } else {
    return std::nullopt;
  }
  return s;
}

bool is_negation(const std::string& w) { return w == "not" || w == "non" || w == "un"; }

void add_sense(LabelMeaning& into, const LabelMeaning& s) {
  into.axis = join_axis(into.axis, s.axis);
  if (s.positive) {
    if (into.positive && *into.positive != *s.positive) into.conflict = true;
    into.positive = s.positive;
  }
}

// The sense of a whole label: "Actual: YES" is the truth's positive class, "not returned" the
// system's negative one.
LabelMeaning label_sense(std::string_view label) {
  LabelMeaning out;
  bool negate = false;
  for (const std::string& w : label_words(label)) {
    if (is_negation(w)) {
      negate = true;
      continue;
    }
    auto s = word_sense(w);
    if (s && negate && s->positive) s->positive = !*s->positive;
    negate = false;
    if (s) add_sense(out, *s);
  }
  return out;
}

// TP, FP, FN, TN by name: "TP", "tp:", "True positives", "false negative".
std::optional<std::string> cell_name(const std::vector<std::string>& words, std::size_t& i) {
  const std::string& w = words[i];
  if (is_one_of(w, {"tp", "fp", "fn", "tn"})) {
    std::string upper = w;
    for (char& c : upper) c = static_cast<char>(c - 'a' + 'A');
    return upper;
  }
  if ((w == "true" || w == "false") && i + 1 < words.size()) {
    const std::string& next = words[i + 1];
    const bool pos = next == "positive" || next == "positives";
    const bool neg = next == "negative" || next == "negatives";
    if (pos || neg) {
      ++i;
      return std::string(w == "true" ? "T" : "F") + (pos ? "P" : "N");
    }
  }
  return std::nullopt;
}

bool is_sklearn_word(const std::string& w) {
  return w == "sklearn" || w == "scikit-learn" || w == "scikit" || w == "confusion_matrix";
}

// What a grid's header line and the lines above it say.
struct HeaderSense {
  std::vector<LabelMeaning>
      columns;  // one per class named, in order (empty when the header names none)
  GridSide columns_axis = GridSide::none;
  GridSide rows_axis = GridSide::none;
  bool sklearn = false;               // a caption naming scikit-learn
  std::optional<std::int64_t> total;  // n=165 in the corner
  std::optional<Token> total_token;
};

// A corner naming both sides, rows' first: "actual\predicted" (one token, or a lone '\' or '/'
// between two words).
bool corner_sides(const Line& line, std::size_t t, HeaderSense& out) {
  const Token& token = line.tokens[t];
  for (const char* slash : {"\\", "/"}) {
    const std::size_t at = token.text.find(slash);
    if (at == std::string::npos) continue;
    std::string left = token.text.substr(0, at);
    std::string right = token.text.substr(at + 1);
    if (left.empty() && t > 0) left = line.tokens[t - 1].text;
    if (right.empty() && t + 1 < line.tokens.size()) right = line.tokens[t + 1].text;
    const LabelMeaning l = label_sense(left);
    const LabelMeaning r = label_sense(right);
    if (l.axis != GridSide::none && r.axis != GridSide::none && !l.positive && !r.positive) {
      out.rows_axis = join_axis(out.rows_axis, l.axis);
      out.columns_axis = join_axis(out.columns_axis, r.axis);
      return true;
    }
  }
  return false;
}

// n=165 (or N = 165): the number of items in the corner, checked against the counts.
bool corner_total(const Line& line, std::size_t& t, HeaderSense& out) {
  const Token& token = line.tokens[t];
  const std::string lower = text::lower(token.text);
  std::string value;
  std::size_t used = 0;
  if ((lower.rfind("n=", 0) == 0 || lower.rfind("total=", 0) == 0) && lower.back() != '=') {
    value = lower.substr(lower.find('=') + 1);
  } else if ((lower == "n=" || lower == "total=") && t + 1 < line.tokens.size()) {
    value = line.tokens[t + 1].text;
    used = 1;
  } else if ((lower == "n" || lower == "total") && t + 2 < line.tokens.size() &&
             line.tokens[t + 1].text == "=") {
    value = line.tokens[t + 2].text;
    used = 2;
  } else {
    return false;
  }
  const auto n = text::parse_whole(value, max_count);
  if (!n) return false;
  out.total = n;
  out.total_token = token;
  t += used;
  return true;
}

// Reads the lines before the counts. "rows: actual" and "columns: predicted" say the sides
// outright; a corner "actual\predicted" names the rows' side, then the columns'; other side
// words on the lines above the header (a line "Predicted" over "Yes No") are the columns'. The
// class words of the header line split it into one phrase per column: "Predicted: NO
// Predicted: YES". Words before the first class are a caption; after the last, only a side,
// or Total, may follow (else the header is not used, as "returned not returned here").
HeaderSense read_grid_header(const std::vector<const Line*>& header_lines) {
  HeaderSense out;
  bool header_ok = true;
  for (std::size_t h = 0; h < header_lines.size(); ++h) {
    const Line& line = *header_lines[h];
    const bool last = h + 1 == header_lines.size();
    std::vector<std::string> words;
    for (std::size_t t = 0; t < line.tokens.size(); ++t) {
      if (corner_total(line, t, out)) continue;
      if (corner_sides(line, t, out)) {
        if (line.tokens[t].text.size() == 1) {
          if (!words.empty()) words.pop_back();  // the word before a lone '\' or '/'
          ++t;                                   // and the word after it
        }
        continue;
      }
      for (const std::string& w : label_words(line.tokens[t].text)) words.push_back(w);
    }
    // rows: … / columns: … markers, and a caption naming scikit-learn.
    enum class Marker { none, rows, columns } marker = Marker::none;
    std::vector<std::string> rest;
    for (const std::string& w : words) {
      if (is_sklearn_word(w)) out.sklearn = true;
      if (w == "rows" || w == "row") {
        marker = Marker::rows;
        continue;
      }
      if (w == "columns" || w == "column" || w == "cols") {
        marker = Marker::columns;
        continue;
      }
      const auto s = word_sense(w);
      if (marker != Marker::none && s && s->axis != GridSide::none && !s->positive) {
        GridSide& side = marker == Marker::rows ? out.rows_axis : out.columns_axis;
        side = join_axis(side, s->axis);
        marker = Marker::none;
        continue;
      }
      rest.push_back(w);
    }
    if (!last) {
      GridSide axis = GridSide::none;
      for (const std::string& w : rest) {
        const auto s = word_sense(w);
        if (s && !s->positive) axis = join_axis(axis, s->axis);
      }
      if (axis != GridSide::both) out.columns_axis = join_axis(out.columns_axis, axis);
      continue;
    }
    LabelMeaning current;
    bool negate = false;
    bool seen_class = false;
    for (const std::string& w : rest) {
      if (is_negation(w)) {
        negate = true;
        continue;
      }
      auto s = word_sense(w);
      if (!s) {
        if (seen_class && !grid::is_total_label(w)) header_ok = false;
        negate = false;
        continue;
      }
      if (negate && s->positive) s->positive = !*s->positive;
      negate = false;
      add_sense(current, *s);
      if (!s->positive) continue;
      // "Positive (1)": one class written twice is one column.
      const bool repeated = !out.columns.empty() && current.axis == GridSide::none &&
                            out.columns.back().positive == current.positive;
      if (!repeated) out.columns.push_back(current);
      current = LabelMeaning{};
      seen_class = true;
    }
    // Side words after the last class ("Yes No (predicted)") name the columns' side.
    if (current.axis != GridSide::none && current.axis != GridSide::both) {
      if (seen_class) {
        for (LabelMeaning& c : out.columns) c.axis = join_axis(c.axis, current.axis);
      } else {
        out.columns_axis = join_axis(out.columns_axis, current.axis);
      }
    }
  }
  if (!header_ok) out.columns.clear();
  return out;
}

// The layout a grid is read in: which side the rows are and the order of each side's classes.
struct GridLayout {
  bool rows_truth = true;
  bool rows_positive_first = true;
  bool columns_positive_first = true;
  bool named = false;    // the labels said which side the rows are
  bool sklearn = false;  // scikit-learn's layout, by name
  bool header_used = false;
};

// The sides and class orders the labels give; `rows` holds the row labels' senses.
GridLayout layout_from_labels(const std::vector<LabelMeaning>& rows, const HeaderSense& header) {
  GridLayout out;
  GridSide rows_axis = header.rows_axis;
  GridSide columns_axis = header.columns_axis;
  for (const LabelMeaning& s : rows) rows_axis = join_axis(rows_axis, s.axis);
  const bool columns_named = header.columns.size() == 2;
  if (columns_named) {
    for (const LabelMeaning& s : header.columns) columns_axis = join_axis(columns_axis, s.axis);
    out.header_used = true;
  }
  if (rows_axis == GridSide::both) rows_axis = GridSide::none;
  if (columns_axis == GridSide::both) columns_axis = GridSide::none;
  if (rows_axis == GridSide::none) rows_axis = other_axis(columns_axis);
  if (columns_axis == GridSide::none) columns_axis = other_axis(rows_axis);
  if (rows_axis != GridSide::none && rows_axis != columns_axis) {
    out.named = true;
    out.rows_truth = rows_axis == GridSide::truth;
  }
  // The classes' order, when the labels name both classes, one each.
  const auto order = [](const LabelMeaning& a, const LabelMeaning& b) -> std::optional<bool> {
    if (a.conflict || b.conflict || !a.positive || !b.positive || *a.positive == *b.positive) {
      return std::nullopt;
    }
    return *a.positive;
  };
  if (rows.size() == 2) {
    if (const auto first = order(rows[0], rows[1])) out.rows_positive_first = *first;
  }
  if (columns_named) {
    if (const auto first = order(header.columns[0], header.columns[1])) {
      out.columns_positive_first = *first;
    }
  }
  return out;
}

// The cells' names under a layout, row by row.
std::vector<std::vector<std::string>> cell_names(const GridLayout& l) {
  std::vector<std::vector<std::string>> out(2, std::vector<std::string>(2));
  for (std::size_t i = 0; i < 2; ++i) {
    for (std::size_t j = 0; j < 2; ++j) {
      const bool row_positive = (i == 0) == l.rows_positive_first;
      const bool column_positive = (j == 0) == l.columns_positive_first;
      const bool truly = l.rows_truth ? row_positive : column_positive;
      const bool returned = l.rows_truth ? column_positive : row_positive;
      out[i][j] = std::string(returned == truly ? "T" : "F") + (returned ? "P" : "N");
    }
  }
  return out;
}

// "TP = 7, FN = 2 / FP = 3, TN = 8": the cells in the order of the grid.
std::string cells_text(const std::vector<std::vector<std::string>>& names,
                       const std::vector<std::vector<std::int64_t>>& cells) {
  std::string out;
  for (std::size_t i = 0; i < 2; ++i) {
    if (i) out += " / ";
    for (std::size_t j = 0; j < 2; ++j) {
      out += (j ? ", " : "") + names[i][j] + " = " + std::to_string(cells[i][j]);
    }
  }
  return out;
}

// "rows: truly relevant, truly non-relevant; columns: returned, not returned".
std::string sides_text(const GridLayout& l) {
  const auto pair = [](bool truth, bool positive_first) {
    const std::string yes = truth ? "truly relevant" : "returned";
    const std::string no = truth ? "truly non-relevant" : "not returned";
    return positive_first ? yes + ", " + no : no + ", " + yes;
  };
  return "rows: " + pair(l.rows_truth, l.rows_positive_first) +
         "; columns: " + pair(!l.rows_truth, l.columns_positive_first);
}

void set_cells(ConfusionInput& out, const std::vector<std::vector<std::string>>& names,
               const std::vector<std::vector<std::int64_t>>& cells) {
  std::int64_t tn = 0;
  for (std::size_t i = 0; i < 2; ++i) {
    for (std::size_t j = 0; j < 2; ++j) {
      const std::string& n = names[i][j];
      (n == "TP" ? out.tp : n == "FP" ? out.fp : n == "FN" ? out.fn : tn) = cells[i][j];
    }
  }
  out.tn = tn;
}

// A header of TP FP FN TN over one row of counts, or those names before each count of a
// column: the counts by name. Empty when the labels are not all names of cells.
std::optional<Result<ConfusionInput>> named_cells(const Grid& grid, const Line* header) {
  std::vector<std::string> names;
  std::vector<Token> tokens;
  std::vector<std::int64_t> counts;
  const auto names_in = [](const std::vector<std::string>& words) {
    std::vector<std::string> found;
    for (std::size_t i = 0; i < words.size(); ++i) {
      if (auto c = cell_name(words, i)) found.push_back(*c);
    }
    return found;
  };
  if (grid.cells.size() == 1 && header != nullptr) {
    std::vector<std::string> words;
    for (const Token& t : header->tokens) {
      for (const auto& w : label_words(t.text)) words.push_back(w);
    }
    names = names_in(words);
    if (names.size() != grid.cells[0].size()) return std::nullopt;
    counts = grid.cells[0];
    tokens = grid.cell_tokens[0];
  } else if (grid.cells[0].size() == 1 && grid.cells.size() >= 3) {
    for (std::size_t i = 0; i < grid.cells.size(); ++i) {
      const auto found = names_in(label_words(grid.row_labels[i]));
      if (found.size() != 1) return std::nullopt;
      names.push_back(found[0]);
      counts.push_back(grid.cells[i][0]);
      tokens.push_back(grid.cell_tokens[i][0]);
    }
  } else {
    return std::nullopt;
  }
  std::map<std::string, std::int64_t> value;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (!value.emplace(names[i], counts[i]).second) {
      return Result<ConfusionInput>(text::error_at(
          ErrorCode::bad_token, tokens[i],
          names[i] + " is named twice; its second count is " + text::quoted(tokens[i].text) +
              " at " + text::position(tokens[i].where) + ". Name each of TP, FP, FN and TN once"));
    }
  }
  for (const char* key : {"TP", "FP", "FN"}) {
    if (!value.count(key)) {
      return Result<ConfusionInput>(
          InputError{ErrorCode::bad_token,
                     std::string("the labels name ") +
                         counts_word(names.size(), "count", "counts") + " but not " + key +
                         "; give TP, FP and FN (TN is optional), as in a header TP FP FN TN over "
                         "the row 7 3 2 8",
                     Span{}});
    }
  }
  ConfusionInput out;
  out.tp = value["TP"];
  out.fp = value["FP"];
  out.fn = value["FN"];
  std::string read = "Read as: TP = " + std::to_string(out.tp) +
                     ", FP = " + std::to_string(out.fp) + ", FN = " + std::to_string(out.fn);
  if (value.count("TN")) {
    out.tn = value["TN"];
    read += ", TN = " + std::to_string(*out.tn);
  }
  read += " (the labels name each count)";
  if (!out.tn) read += "; without TN, the measures that need it have no value";
  out.reading.push_back(read + ".");
  return Result<ConfusionInput>(std::move(out));
}

// Folds one row of 4 counts under a header into the 2 × 2 grid written row by row.
bool fold_under_header(Grid& grid) {
  if (grid.cells.size() != 1 || grid.cells[0].size() != 4 || !grid.row_labels[0].empty()) {
    return false;
  }
  grid::fold_row_of_four(grid);
  grid::use_header(grid, 2);
  return true;
}

// The lines before the first row of counts (captions and the header), and the lines read_grid
// reads: the last of those (the header) and the rows.
struct SplitLines {
  std::vector<const Line*> header;
  std::vector<Line> grid_lines;
  bool numbered = false;  // the header names the classes with numbers: read_grid's numbered_labels
};

SplitLines split_header(const std::vector<Line>& lines) {
  SplitLines out;
  // "actual\predicted 1 0" over "1 7 2" and "0 3 8": classes named by numbers, the first line
  // their header (with or without a corner word).
  if (lines.size() == 3 && lines[1].tokens.size() == 3 && lines[2].tokens.size() == 3 &&
      lines[0].tokens.size() >= 2) {
    const auto& first = lines[0].tokens;
    const bool numbers = text::looks_numeric(first[first.size() - 1].text) &&
                         text::looks_numeric(first[first.size() - 2].text);
    bool words_before = true;
    for (std::size_t i = 0; i + 2 < first.size(); ++i) {
      words_before = words_before && !text::looks_numeric(first[i].text);
    }
    // The numbers must name the two classes, in the header and before each row: 1 0 or 0 1.
    const auto classes = [](const std::string& a, const std::string& b) {
      const auto x = text::parse_whole(a, 1);
      const auto y = text::parse_whole(b, 1);
      return x && y && *x != *y;
    };
    const bool named = classes(first[first.size() - 2].text, first[first.size() - 1].text) &&
                       classes(lines[1].tokens[0].text, lines[2].tokens[0].text);
    if (numbers && words_before && named) {
      out.header.push_back(&lines[0]);
      out.grid_lines = lines;
      out.numbered = true;
      return out;
    }
  }
  std::size_t first_row = 0;
  while (first_row < lines.size()) {
    bool numeric = false;
    for (const Token& t : lines[first_row].tokens) numeric = numeric || text::looks_numeric(t.text);
    if (numeric) break;
    ++first_row;
  }
  if (first_row == lines.size()) {
    out.grid_lines = lines;
    return out;
  }
  // The header is the last line before the counts that is not a rule ("|---|---|").
  std::size_t last = first_row;
  for (std::size_t i = 0; i < first_row; ++i) {
    if (grid::is_rule_line(lines[i])) continue;
    out.header.push_back(&lines[i]);
    last = i;
  }
  out.grid_lines.assign(lines.begin() + static_cast<std::ptrdiff_t>(last), lines.end());
  return out;
}

// The 2 × 2 grid, read as its labels say (see above). `strict`: only a grid whose labels name
// the layout (or scikit-learn's) is taken, and nothing is returned otherwise; used when the text
// also looks like another layout ("Actual: NO 50 10" starts like a line actual: of labels).
std::optional<Result<ConfusionInput>> read_confusion_grid(const std::vector<Line>& lines,
                                                          std::string_view input, bool strict) {
  const SplitLines split = split_header(lines);
  grid::GridStyle style;
  style.pipes = true;
  style.numbered_labels = split.numbered;
  auto parsed = grid::read_grid(split.grid_lines, input, grid_expected(), style);
  if (!parsed.ok()) {
    if (strict) return std::nullopt;
    return Result<ConfusionInput>(parsed.error());
  }
  Grid& grid = parsed.value();
  const Line* header_line =
      grid.header_line != 0 && !split.header.empty() ? split.header.back() : nullptr;
  // (Strict: "TP: 7" lines are counts, read as such.)
  if (!strict) {
    if (auto named = named_cells(grid, header_line)) return named;
  }
  const HeaderSense header = read_grid_header(split.header);
  bool one_line = false;
  if (grid.header_line == 0) {
    one_line = grid::fold_one_line(grid);
    if (const auto e = grid::one_line_error(grid, one_line_order(), "300 20 10 70")) {
      if (strict) return std::nullopt;
      return Result<ConfusionInput>(*e);
    }
  } else if (header.columns.size() == 2 || header.sklearn) {
    one_line = fold_under_header(grid);
  }
  auto dropped = grid::drop_totals(grid, true);
  if (!dropped.ok()) {
    if (strict) return std::nullopt;
    return Result<ConfusionInput>(dropped.error());
  }
  if (grid.cells.size() != 2 || grid.cells[0].size() != 2) {
    if (strict) return std::nullopt;
    return Result<ConfusionInput>(not_two_by_two(grid));
  }
  std::vector<LabelMeaning> row_senses;
  bool row_labels = false;
  for (const std::string& l : grid.row_labels) {
    row_senses.push_back(label_sense(l));
    row_labels = row_labels || !l.empty();
  }
  // Rows labelled as a table's are two classes ("Actual: NO", "Actual: YES"); "true: 1 0" over
  // "predicted: 1 1" are two lines of labels, not a table.
  if (strict && row_labels &&
      !(row_senses[0].positive && row_senses[1].positive &&
        *row_senses[0].positive != *row_senses[1].positive)) {
    return std::nullopt;
  }
  GridLayout layout = layout_from_labels(row_senses, header);
  const bool classes_named =
      layout.header_used || (row_senses[0].positive.has_value() && row_senses[1].positive);
  if (!layout.named && header.sklearn && !classes_named) {
    layout.sklearn = true;
    layout.rows_positive_first = false;
    layout.columns_positive_first = false;
  }
  if (strict && !layout.named && !layout.sklearn) return std::nullopt;
  if (header.total) {
    const std::int64_t sum =
        grid.cells[0][0] + grid.cells[0][1] + grid.cells[1][0] + grid.cells[1][1];
    if (sum != *header.total) {
      const Token& t = *header.total_token;
      return Result<ConfusionInput>(
          text::error_at(ErrorCode::inconsistent_counts, t,
                         "the four cells sum to " + std::to_string(sum) + ", but " +
                             text::quoted(t.text) + " at " + text::position(t.where) +
                             " gives the number of items; correct a count or the total"));
    }
  }

  ConfusionInput out;
  const auto names = cell_names(layout);
  set_cells(out, names, grid.cells);
  if (grid.note && !layout.header_used) out.reading.push_back(*grid.note);
  if (!dropped.value().empty()) out.reading.push_back(dropped.value());
  const std::string read = "Read as: " + cells_text(names, grid.cells);
  if (layout.sklearn) {
    out.reading.push_back(read +
                          " (scikit-learn's layout [[TN, FP], [FN, TP]], as its "
                          "confusion_matrix prints it: rows the true class 0 then 1, columns the "
                          "predicted class 0 then 1, with 1 the relevant class).");
    return Result<ConfusionInput>(std::move(out));
  }
  if (layout.named) {
    out.reading.push_back(read + " (" + sides_text(layout) + ", as the labels say" +
                          (layout.rows_truth
                               ? ")."
                               : "): the labels put what the system returned in the rows and "
                                 "the truth in the columns, so the grid is read transposed."));
    return Result<ConfusionInput>(std::move(out));
  }
  // Nothing says which side is the truth: the rows are, as the CS657A notes lay a grid out.
  out.bare_grid = true;
  if (layout.rows_positive_first && layout.columns_positive_first && !row_labels &&
      !layout.header_used) {
    out.reading.push_back(
        std::string(one_line ? "Read the four counts on one line as the 2 × 2 grid written row "
                               "by row, TP FN FP TN (rows: truly relevant, truly non-relevant; "
                               "columns: returned, not returned): "
                             : "Read the 2 × 2 grid as Bhattacharya's CS657A notes lay it out "
                               "(rows: truly relevant, truly non-relevant; columns: returned, "
                               "not returned): ") +
        "TP = " + std::to_string(out.tp) + ", FN = " + std::to_string(out.fn) +
        ", FP = " + std::to_string(out.fp) + ", TN = " + std::to_string(*out.tn) + ".");
  }
  out.reading.push_back(read + " (" + sides_text(layout) + ").");
  GridLayout swapped = layout;
  swapped.rows_truth = false;
  const std::string other_way = cells_text(cell_names(swapped), grid.cells);
  out.reading.push_back(
      classes_named
          ? "The labels name the classes but not which side is the truth, so the rows are read "
            "as the truth. If the rows are what the system returned, add predicted (or "
            "returned) to the row labels to read the grid the other way: " +
                other_way + "."
          : "No label says which side is the truth, so the rows are read as the truth. If the "
            "rows are what the system returned, add a first line naming the columns, relevant "
            "non-relevant, to read the grid the other way: " +
                other_way + ".");
  return Result<ConfusionInput>(std::move(out));
}

// --- scikit-learn's printout: array([[8, 3], [2, 7]]) or [[8 3] [2 7]] ----------------------
//
// confusion_matrix(y_true, y_pred) returns rows = true class, columns = predicted class, the
// classes sorted: with labels 0 and 1 that is [[TN, FP], [FN, TP]]. NumPy prints it as
// array([[8, 3],\n       [2, 7]]) (repr) or [[8 3]\n [2 7]] (print); a float array prints 8.
// for 8. Any text before the "[[" is a caption (cm =, Out[3]:, a line of code).

struct Brackets {
  std::vector<std::vector<Token>> rows;
  Token open;  // the "[[" that starts the matrix
};

// Where "[[" (perhaps "[ [") starts in `input`, as a byte offset; npos when nowhere.
std::size_t nested_list_start(std::string_view input) {
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (input[i] != '[') continue;
    std::size_t j = i + 1;
    while (j < input.size() &&
           (input[j] == ' ' || input[j] == '\t' || input[j] == '\r' || input[j] == '\n')) {
      ++j;
    }
    if (j < input.size() && input[j] == '[') return i;
  }
  return std::string_view::npos;
}

std::optional<Result<Brackets>> read_brackets(std::string_view input) {
  const std::size_t start = nested_list_start(input);
  if (start == std::string_view::npos) return std::nullopt;
  // Line and column of every character up to the start.
  int line = 1;
  int column = 1;
  std::size_t i = input.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  const auto step = [&](std::size_t at) {
    if (input[at] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    return text::character_length(input, at);
  };
  while (i < start) i += step(i);
  Brackets out;
  out.open = Token{"[[", Span{line, column, 2}};
  int depth = 0;
  Token current;
  bool closed = false;
  const auto finish = [&]() -> std::optional<InputError> {
    if (current.text.empty()) return std::nullopt;
    if (depth != 2) {
      return text::error_at(ErrorCode::bad_token, current,
                            "found " + text::quoted(current.text) + " at " +
                                text::position(current.where) +
                                " outside the rows of the matrix; scikit-learn prints a 2 × 2 "
                                "confusion matrix as [[8, 3], [2, 7]]");
    }
    out.rows.back().push_back(current);
    current = Token{};
    return std::nullopt;
  };
  while (i < input.size() && !closed) {
    const char c = input[i];
    if (c == '[' || c == ']' || c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (auto e = finish()) return Result<Brackets>(*e);
      if (c == '[') {
        if (depth == 2) {
          return Result<Brackets>(InputError{
              ErrorCode::bad_token,
              "found a third '[' at " + text::position(Span{line, column, 1}) +
                  "; a confusion matrix has two levels of brackets, rows inside the matrix, as "
                  "in [[8, 3], [2, 7]]",
              Span{line, column, 1}});
        }
        ++depth;
        if (depth == 2) out.rows.emplace_back();
      } else if (c == ']') {
        --depth;
        closed = depth == 0;
      }
      i += step(i);
      continue;
    }
    if (current.text.empty()) current.where = Span{line, column, 0};
    const std::size_t length = text::character_length(input, i);
    current.text.append(input.substr(i, length));
    ++current.where.length;
    i += step(i);
  }
  if (!closed) {
    return Result<Brackets>(text::error_at(
        ErrorCode::bad_token, out.open,
        "the matrix opened with '[[' at " + text::position(out.open.where) +
            " is not closed; end each row with ']' and the matrix with ']]', as in [[8, 3], "
            "[2, 7]]"));
  }
  // After the matrix: NumPy's ")" or ", dtype=int64)".
  while (i < input.size() &&
         (input[i] == ' ' || input[i] == '\t' || input[i] == '\r' || input[i] == '\n')) {
    i += step(i);
  }
  std::string rest(input.substr(i));
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r' ||
                           rest.back() == '\n')) {
    rest.pop_back();
  }
  std::string packed;
  for (const char c : rest) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') packed += c;
  }
  const bool numpy_tail =
      packed.empty() || packed == ")" ||
      (packed.rfind(",dtype=", 0) == 0 && packed.find(')') == packed.size() - 1);
  if (!numpy_tail) {
    const Span at{line, column, 1};
    return Result<Brackets>(
        InputError{ErrorCode::bad_token,
                   "found " + text::quoted(rest) + " after the matrix at " + text::position(at) +
                       "; give one confusion matrix, as scikit-learn prints it: [[8, 3], [2, 7]]",
                   at});
  }
  return Result<Brackets>(std::move(out));
}

// The matrix as scikit-learn lays it out, [[TN, FP], [FN, TP]].
Result<ConfusionInput> read_sklearn(const Brackets& b) {
  Grid grid;
  for (std::size_t r = 0; r < b.rows.size(); ++r) {
    std::vector<std::int64_t> row;
    std::vector<Token> tokens;
    for (Token t : b.rows[r]) {
      // NumPy prints a float array's 8.0 as "8."; a whole number is still a count.
      std::string digits = t.text;
      const std::size_t dot = digits.find('.');
      if (dot != std::string::npos && dot > 0 &&
          digits.find_first_not_of('0', dot + 1) == std::string::npos) {
        digits.erase(dot);
      }
      Token count = t;
      count.text = digits;
      auto value = read_count(count, "in row " + std::to_string(r + 1) + " of the matrix");
      if (!value.ok()) {
        InputError e = value.error();
        const std::size_t at = e.message.find(text::quoted(digits));
        if (digits != t.text && at != std::string::npos) {
          e.message.replace(at, text::quoted(digits).size(), text::quoted(t.text));
        }
        return e;
      }
      row.push_back(value.value());
      tokens.push_back(t);
    }
    if (row.empty()) {
      return InputError{ErrorCode::bad_token,
                        "row " + std::to_string(r + 1) +
                            " of the matrix is empty; scikit-learn prints a 2 × 2 confusion "
                            "matrix as [[8, 3], [2, 7]]",
                        b.open.where};
    }
    if (!grid.cells.empty() && row.size() != grid.cells[0].size()) {
      const bool longer = row.size() > grid.cells[0].size();
      const Token& at = longer ? tokens[grid.cells[0].size()] : tokens.back();
      return text::error_at(ErrorCode::bad_token, at,
                            "row " + std::to_string(r + 1) + " of the matrix has " +
                                counts_word(row.size(), "count", "counts") + " but row 1 has " +
                                std::to_string(grid.cells[0].size()) +
                                "; every row needs the same number of counts");
    }
    grid.cells.push_back(row);
    grid.cell_tokens.push_back(tokens);
    grid.row_labels.push_back("");
    grid.row_lines.push_back(tokens.front().where.line);
  }
  if (grid.cells.size() != 2 || grid.cells[0].size() != 2) return not_two_by_two(grid);
  GridLayout layout;
  layout.sklearn = true;
  layout.rows_positive_first = false;
  layout.columns_positive_first = false;
  ConfusionInput out;
  const auto names = cell_names(layout);
  set_cells(out, names, grid.cells);
  out.reading.push_back("Read as: " + cells_text(names, grid.cells) +
                        " (scikit-learn's layout [[TN, FP], [FN, TP]], as its confusion_matrix "
                        "prints it: rows the true class 0 then 1, columns the predicted class 0 "
                        "then 1, with 1 the relevant class).");
  return out;
}

// --- a sentence -----------------------------------------------------------------------------
//
// "The system retrieves 12 documents, nine of them relevant; the collection holds thirty
// relevant documents" and "a collection of 50 documents": the documents retrieved (TP + FP),
// the relevant among them (TP), the relevant in the collection (TP + FN) and, when given, the
// collection's size (all four). Counts are digits or number words (text::count_word).

struct SentenceWord {
  std::string text;  // lower case, without the punctuation around it
  Token token;       // as typed
  std::optional<std::int64_t> count;
  bool used = false;
};

std::vector<SentenceWord> sentence_words(const std::vector<Token>& tokens) {
  std::vector<SentenceWord> out;
  for (const Token& t : tokens) {
    std::string w = text::lower(t.text);
    while (!w.empty() && std::string(".:!?()\"'").find(w.back()) != std::string::npos) {
      w.pop_back();
    }
    while (!w.empty() && std::string("(\"'").find(w.front()) != std::string::npos) w.erase(0, 1);
    if (w.empty()) continue;
    out.push_back(SentenceWord{w, t, text::count_word(w), false});
  }
  return out;
}

bool is_retrieve_verb(const std::string& w) {
  return w.rfind("retriev", 0) == 0 || w.rfind("return", 0) == 0 || w == "finds" || w == "found" ||
         w == "fetches" ||
         is_one_of(w, {"identifies", "identified", "identify", "detects", "detected", "detect",
                       "flags", "flagged"});
}

// "failing to return", "does not retrieve", "without returning": the count after the verb is
// of relevant documents the system missed (FN).
bool negated_verb(const std::vector<SentenceWord>& w, std::size_t i) {
  for (std::size_t back = 1; back <= 2 && back <= i; ++back) {
    if (is_one_of(w[i - back].text, {"failing", "fails", "failed", "fail", "not", "never",
                                     "without", "doesn't", "didn't", "don't", "cannot"})) {
      return true;
    }
  }
  return false;
}

bool is_miss_verb(const std::string& w) {
  return is_one_of(w, {"misses", "missed", "miss", "overlooks", "overlooked"});
}

// "10 non-relevant documents", "10 not relevant", "10 irrelevant".
bool nonrelevant_at(const std::vector<SentenceWord>& w, std::size_t k) {
  if (k >= w.size()) return false;
  if (is_one_of(w[k].text, {"non-relevant", "nonrelevant", "irrelevant"})) {
    return true;
  }
  return k + 1 < w.size() && is_one_of(w[k].text, {"non", "not"}) && w[k + 1].text == "relevant";
}

// The words a retrieved count names when they are documents, not a class ("8 dogs").
bool document_noun(const std::string& w) {
  return is_one_of(w, {"document", "documents", "docs",   "doc",  "items",   "item",     "pages",
                       "page",     "results",   "result", "hits", "records", "articles", "links",
                       "files",    "texts",     "papers", "web",  "answers", "passages"});
}

bool class_noun(const std::string& w) {
  if (w.size() < 3 || document_noun(w) || w == "relevant") return false;
  if (is_one_of(w, {"and", "of", "out", "from", "for", "with", "the", "that", "which", "in", "are",
                    "were"})) {
    return false;
  }
  return std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

struct SentenceCounts {
  std::optional<std::size_t> retrieved;           // index into the words
  std::optional<std::size_t> relevant_retrieved;  // TP
  std::optional<std::size_t> nonrelevant;         // FP, "10 non-relevant documents"
  std::optional<std::size_t> relevant;            // TP + FN, the collection's relevant
  std::optional<std::size_t> missed;              // FN, "failing to return 40 relevant pages"
  std::optional<std::size_t> collection;          // every document
  std::optional<std::string> noun;                // "dogs": the class standing for "relevant"
};

// The next count within `reach` words after `from`, skipping filler words; npos when none.
std::size_t count_after(const std::vector<SentenceWord>& w, std::size_t from, std::size_t reach) {
  for (std::size_t j = from + 1; j < w.size() && j <= from + reach; ++j) {
    if (w[j].count && !w[j].used) return j;
    if (!is_one_of(w[j].text, {"a",    "an",      "the",      "total",      "of",       "top",
                               "only", "exactly", "just",     "holds",      "contains", "has",
                               "have", "with",    "includes", "there",      "are",      "is",
                               "in",   "all",     "overall",  "altogether", "some",     "that"})) {
      return std::string::npos;
    }
  }
  return std::string::npos;
}

bool is_adverb(const std::string& w) {
  return is_one_of(w, {"actually", "really", "truly", "indeed", "correctly", "in", "fact"});
}

SentenceCounts read_sentence_counts(std::vector<SentenceWord>& w) {
  SentenceCounts out;
  const auto relevant_word = [&](const std::string& t) {
    return t == "relevant" || (out.noun && t == *out.noun);
  };
  enum class Group { none, retrieved, collection } group = Group::none;
  const auto followed_by_relevant = [&](std::size_t j) {
    for (std::size_t k = j + 1; k < w.size() && k <= j + 2; ++k) {
      if (relevant_word(w[k].text)) return true;
      if (!is_one_of(w[k].text, {"are", "were", "is", "of", "them"})) return false;
    }
    return false;
  };
  // "9 are relevant", "5 actually are dogs".
  const auto are_relevant_after = [&](std::size_t i) {
    std::size_t k = i + 1;
    while (k < w.size() && is_adverb(w[k].text)) ++k;
    if (k >= w.size() || !is_one_of(w[k].text, {"are", "were", "is"})) return false;
    ++k;
    while (k < w.size() && is_adverb(w[k].text)) ++k;
    return k < w.size() && relevant_word(w[k].text);
  };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string& t = w[i].text;
    if (is_miss_verb(t) || (is_retrieve_verb(t) && negated_verb(w, i))) {
      const std::size_t j = count_after(w, i, 4);
      if (j != std::string::npos) {
        w[j].used = true;
        out.missed = j;
      }
      continue;
    }
    if (is_retrieve_verb(t)) {
      // "12 documents are retrieved": the count is before the verb.
      const bool passive =
          i > 0 && is_one_of(w[i - 1].text, {"are", "were", "is", "was", "been", "being", "get"});
      const std::size_t j = passive ? std::string::npos : count_after(w, i, 4);
      if (j != std::string::npos) {
        w[j].used = true;
        if (j + 1 < w.size() && relevant_word(w[j + 1].text)) {
          out.relevant_retrieved = j;
        } else {
          out.retrieved = j;
          // "identifies 8 dogs": the dogs are what the relevant documents are.
          if (!out.noun && j + 1 < w.size() && class_noun(w[j + 1].text)) out.noun = w[j + 1].text;
        }
        group = Group::retrieved;
        continue;
      }
      for (std::size_t back = 1; passive && back <= 4 && back <= i; ++back) {
        const std::size_t j2 = i - back;
        if (w[j2].count && !w[j2].used) {
          w[j2].used = true;
          out.retrieved = j2;
          group = Group::retrieved;
          break;
        }
      }
      continue;
    }
    if (t == "collection" || t == "corpus" || t == "database") {
      const std::size_t j = count_after(w, i, 4);
      if (j != std::string::npos) {
        w[j].used = true;
        if (j + 1 < w.size() && relevant_word(w[j + 1].text)) {
          out.relevant = j;
        } else {
          out.collection = j;
          group = Group::collection;
        }
      }
      continue;
    }
    if (!w[i].count || w[i].used) continue;
    // "and 10 non-relevant documents" after the relevant ones retrieved.
    if (group == Group::retrieved && nonrelevant_at(w, i + 1)) {
      w[i].used = true;
      out.nonrelevant = i;
      continue;
    }
    // "nine of them relevant", "of which 9 are relevant".
    const bool of_them = i + 2 < w.size() && w[i + 1].text == "of" &&
                         is_one_of(w[i + 2].text, {"them", "these", "those", "which"}) &&
                         followed_by_relevant(i + 2);
    const bool of_which_before = i >= 2 && w[i - 2].text == "of" &&
                                 is_one_of(w[i - 1].text, {"which", "them", "these", "those"}) &&
                                 followed_by_relevant(i);
    if ((of_them || of_which_before || are_relevant_after(i)) && group != Group::none) {
      w[i].used = true;
      (group == Group::retrieved ? out.relevant_retrieved : out.relevant) = i;
      continue;
    }
    // "there are 30 relevant documents", "30 relevant documents in all", "containing 12 dogs".
    if (i + 1 < w.size() && relevant_word(w[i + 1].text)) {
      w[i].used = true;
      out.relevant = i;
      continue;
    }
    // "50 documents in the collection", "50 documents in all".
    if (i + 2 < w.size() && is_one_of(w[i + 1].text, {"documents", "docs", "items", "pages"}) &&
        is_one_of(w[i + 2].text, {"in"}) && i + 3 < w.size() &&
        is_one_of(w[i + 3].text, {"the", "all", "total"})) {
      w[i].used = true;
      out.collection = i;
      group = Group::collection;
    }
  }
  return out;
}

// Empty when the text holds no sentence about retrieval; else its counts, or the one edit that
// makes it readable.
std::optional<Result<ConfusionInput>> read_sentence(const std::vector<Token>& tokens) {
  std::vector<SentenceWord> w = sentence_words(tokens);
  const SentenceCounts s = read_sentence_counts(w);
  const int found = (s.retrieved ? 1 : 0) + (s.relevant_retrieved ? 1 : 0) + (s.relevant ? 1 : 0) +
                    (s.nonrelevant ? 1 : 0) + (s.missed ? 1 : 0);
  if (found == 0) return std::nullopt;
  const auto value = [&](const std::optional<std::size_t>& at) { return *w[*at].count; };
  const auto said = [&](const std::optional<std::size_t>& at) {
    return text::quoted(w[*at].token.text) + " at " + text::position(w[*at].token.where);
  };
  std::string given;
  const auto give = [&](const std::optional<std::size_t>& at, const std::string& what) {
    if (at) given += std::string(given.empty() ? "" : ", ") + what + " (" + said(at) + ")";
  };
  give(s.retrieved, "the documents retrieved");
  give(s.relevant_retrieved, "the relevant among them");
  give(s.nonrelevant, "the non-relevant among them");
  give(s.relevant, "the relevant documents in the collection");
  give(s.missed, "the relevant documents not retrieved");
  const auto missing = [&](const std::string& what, const std::string& example) {
    return Result<ConfusionInput>(InputError{ErrorCode::bad_token,
                                             "the sentence gives " + given + " but not " + what +
                                                 "; add it, as in \"" + example +
                                                 "\" (or give the counts tp= fp= fn=)",
                                             Span{}});
  };
  if (!s.retrieved && !s.nonrelevant) {
    return missing("how many documents were retrieved", "retrieves 12 documents");
  }
  if (!s.relevant_retrieved) {
    return missing("how many of the retrieved documents are relevant", "nine of them relevant");
  }
  if (!s.relevant && !s.missed) {
    return missing("how many relevant documents the collection holds",
                   "the collection holds thirty relevant documents");
  }
  const std::int64_t tp = value(s.relevant_retrieved);
  const Token& tp_token = w[*s.relevant_retrieved].token;
  const std::string rel = s.noun ? *s.noun : "relevant";
  ConfusionInput out;
  out.tp = tp;
  std::string read = "Read as: ";
  std::string fp_text;
  if (s.retrieved) {
    const std::int64_t retrieved = value(s.retrieved);
    if (tp > retrieved) {
      return Result<ConfusionInput>(text::error_at(
          ErrorCode::inconsistent_counts, tp_token,
          "the sentence has " + std::to_string(tp) + " relevant documents retrieved (" +
              said(s.relevant_retrieved) + ") but only " + std::to_string(retrieved) +
              " documents retrieved; the relevant ones retrieved are among those retrieved"));
    }
    out.fp = retrieved - tp;
    if (s.nonrelevant && value(s.nonrelevant) != out.fp) {
      return Result<ConfusionInput>(text::error_at(
          ErrorCode::inconsistent_counts, w[*s.nonrelevant].token,
          "the sentence has " + std::to_string(retrieved) + " documents retrieved (" +
              said(s.retrieved) + ") but " + std::to_string(tp) + " relevant and " +
              std::to_string(value(s.nonrelevant)) + " non-relevant ones among them (" +
              said(s.nonrelevant) + "); give one of the two counts or make them add up"));
    }
    read += std::to_string(retrieved) + " retrieved (TP + FP), " + std::to_string(tp) +
            " of them " + rel + " (TP), ";
    fp_text =
        std::to_string(retrieved) + " − " + std::to_string(tp) + " = " + std::to_string(out.fp);
  } else {
    out.fp = value(s.nonrelevant);
    read += std::to_string(tp) + " " + rel + " retrieved (TP), " + std::to_string(out.fp) +
            " non-relevant retrieved (FP), ";
    fp_text = std::to_string(out.fp);
  }
  std::string fn_text;
  if (s.relevant) {
    const std::int64_t relevant = value(s.relevant);
    if (tp > relevant) {
      return Result<ConfusionInput>(text::error_at(
          ErrorCode::inconsistent_counts, tp_token,
          "the sentence has " + std::to_string(tp) + " relevant documents retrieved (" +
              said(s.relevant_retrieved) + ") but only " + std::to_string(relevant) +
              " relevant documents in the collection (" + said(s.relevant) + ")"));
    }
    out.fn = relevant - tp;
    if (s.missed && value(s.missed) != out.fn) {
      return Result<ConfusionInput>(
          text::error_at(ErrorCode::inconsistent_counts, w[*s.missed].token,
                         "the sentence has " + std::to_string(relevant) + " relevant documents (" +
                             said(s.relevant) + ") but " + std::to_string(tp) + " retrieved and " +
                             std::to_string(value(s.missed)) + " not retrieved (" + said(s.missed) +
                             "); give one of the two counts or make them add up"));
    }
    read += std::to_string(relevant) + " " + rel +
            (s.noun ? " in all (TP + FN), " + rel + " being the relevant class"
                    : std::string(" in the collection (TP + FN)"));
    fn_text =
        std::to_string(relevant) + " − " + std::to_string(tp) + " = " + std::to_string(out.fn);
  } else {
    out.fn = value(s.missed);
    read += std::to_string(out.fn) + " " + rel + " not retrieved (FN)";
    fn_text = std::to_string(out.fn);
  }
  read += ": TP = " + std::to_string(out.tp) + ", FP = " + fp_text + ", FN = " + fn_text;
  if (s.collection) {
    const std::int64_t all = value(s.collection);
    const std::int64_t listed = out.tp + out.fp + out.fn;
    if (all < listed) {
      return Result<ConfusionInput>(text::error_at(
          ErrorCode::inconsistent_counts, w[*s.collection].token,
          "the collection of " + std::to_string(all) + " documents (" + said(s.collection) +
              ") is smaller than the " + std::to_string(listed) +
              " documents retrieved or relevant (TP + FP + FN)"));
    }
    out.tn = all - listed;
    read += ", TN = " + std::to_string(all) + " − " + std::to_string(out.tp) + " − " +
            std::to_string(out.fp) + " − " + std::to_string(out.fn) + " = " +
            std::to_string(*out.tn) + " (a collection of " + std::to_string(all) + ")";
  } else {
    read += "; TN is unknown without the collection's size (add \"a collection of N documents\")";
  }
  out.reading.push_back(read + ".");
  return Result<ConfusionInput>(std::move(out));
}

}  // namespace

Result<ConfusionInput> parse_confusion(std::string_view input) {
  if (auto brackets = read_brackets(input)) {
    if (!brackets->ok()) return brackets->error();
    return read_sklearn(brackets->value());
  }
  if (auto printed = labels::printed_sequences(input, labels::classifier_roles())) {
    auto s = read_sequences(printed->lines, labels::classifier_roles(), false);
    if (!s.ok()) return s.error();
    auto binary = binary_from_sequences(s.value());
    if (binary.ok()) {
      binary.value().reading.insert(binary.value().reading.begin(), printed->note);
    }
    return binary;
  }
  auto tokenized = text::tokenize(input, ",;|");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) return InputError{ErrorCode::empty_input, empty_message(), Span{}};
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  const Layout layout = detect(lines);
  const auto keyed = text::keyed_line(lines[0]);
  // A table whose labels start like another layout's keys: "n=165", "Actual: NO 50 10".
  if (layout != Layout::grid || keyed) {
    if (auto table = read_confusion_grid(lines, input, true)) return std::move(*table);
  }
  switch (layout) {
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
  if (keyed) {
    if (auto sentence = read_sentence(tokenized.value())) return std::move(*sentence);
    return unknown_key(*keyed, grid_expected());
  }
  auto grid = read_confusion_grid(lines, input, false);
  if (!grid->ok()) {
    if (auto sentence = read_sentence(tokenized.value())) return std::move(*sentence);
  }
  return std::move(*grid);
}

Result<LabelMatrix> parse_label_matrix(std::string_view input) {
  return labels::read_label_matrix(input, labels::classifier_roles());
}

}  // namespace irm
