// Two labellings of the same items as a k x k matrix: read_label_matrix, from a grid of counts
// or from two label sequences, and the reading of the sequences themselves (also used by the
// binary confusion matrix of confusion.cpp). The keys and wording come from MatrixRoles: a
// classifier against the truth (true: / predicted:) here, two judges (A: / B:) in agreement.cpp.

#include "label_matrix.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "grid.h"
#include "printed.h"
#include "text.h"

namespace irm::labels {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

using grid::counts_word;
using grid::Grid;
using grid::max_count;

// The key as the student typed it, with its colon: "true:", "A:".
std::string shown(const KeyedLine& line) { return line.key_token.text + ":"; }

}  // namespace

SequenceRole sequence_role(const std::string& key, const MatrixRoles& roles) {
  const auto among = [&](const std::vector<std::string>& keys) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  if (among(roles.row_keys)) return SequenceRole::truth;
  if (among(roles.column_keys)) return SequenceRole::predicted;
  if (key == "positive") return SequenceRole::positive;
  return SequenceRole::none;
}

Result<Sequences> read_sequences(const std::vector<Line>& lines, const MatrixRoles& roles,
                                 bool allow_positive) {
  std::optional<KeyedLine> truth;
  std::optional<KeyedLine> predicted;
  std::optional<KeyedLine> positive;
  const std::string row = roles.row_name + ":";
  const std::string column = roles.column_name + ":";
  const std::string expected =
      allow_positive ? "expected a line starting " + row + ", " + column + " or positive:"
                     : "expected a line starting " + row + " or " + column;
  for (const Line& line : lines) {
    auto keyed = text::keyed_line(line);
    const SequenceRole role = keyed ? sequence_role(keyed->key, roles) : SequenceRole::none;
    if (role == SequenceRole::none || (role == SequenceRole::positive && !allow_positive)) {
      const Token& t = keyed ? keyed->key_token : line.tokens[0];
      return text::error_at(
          ErrorCode::bad_token, t,
          "found " + text::quoted(t.text) + " at " + text::position(t.where) + "; " + expected);
    }
    std::optional<KeyedLine>& slot = role == SequenceRole::truth       ? truth
                                     : role == SequenceRole::predicted ? predicted
                                                                       : positive;
    if (slot) {
      return text::error_at(ErrorCode::bad_token, keyed->key_token,
                            "a second " + shown(*keyed) + " line at " +
                                text::position(keyed->key_token.where) + "; the first is on line " +
                                std::to_string(slot->key_token.where.line) + ". Give it once");
    }
    slot = std::move(keyed);
  }
  if (!truth || !predicted) {
    const KeyedLine& given = truth ? *truth : predicted ? *predicted : *positive;
    return text::error_at(ErrorCode::bad_token, given.key_token,
                          "found " + shown(given) + " at " + text::position(given.key_token.where) +
                              " but no " + (truth ? column : row) + " line; " +
                              roles.missing_partner);
  }
  for (const KeyedLine* k : {&*truth, &*predicted}) {
    if (k->values.empty()) {
      return text::error_at(ErrorCode::empty_input, k->key_token,
                            "the " + shown(*k) + " line at " + text::position(k->key_token.where) +
                                " is empty; list one label per item after the colon");
    }
  }
  const std::size_t n = truth->values.size();
  const std::size_t m = predicted->values.size();
  if (n != m) {
    const KeyedLine& longer = n > m ? *truth : *predicted;
    const Token& extra = longer.values[std::min(n, m)];
    return text::error_at(ErrorCode::inconsistent_counts, extra,
                          shown(*truth) + " has " + counts_word(n, "label", "labels") + " (line " +
                              std::to_string(truth->key_token.where.line) + ") but " +
                              shown(*predicted) + " has " + std::to_string(m) + " (line " +
                              std::to_string(predicted->key_token.where.line) + "); " +
                              roles.one_per_item + ". The first without a partner is " +
                              text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  if (positive && positive->values.size() != 1) {
    const Token& t = positive->values.empty() ? positive->key_token : positive->values[1];
    return text::error_at(ErrorCode::bad_token, t,
                          "positive: at " + text::position(positive->key_token.where) +
                              " takes one label, the relevant class, as in positive: 1");
  }
  return Sequences{*truth, *predicted, positive};
}

// A line that starts "key:" with a key no layout knows: a typo such as relevent: or tq=2.
InputError unknown_key(const KeyedLine& keyed, const std::string& expected) {
  return text::error_at(ErrorCode::bad_token, keyed.key_token,
                        "found " + text::quoted(keyed.key_token.text + keyed.separator) + " at " +
                            text::position(keyed.key_token.where) + "; expected " + expected);
}

const MatrixRoles& classifier_roles() {
  static const MatrixRoles roles = [] {
    MatrixRoles r;
    r.row_name = "true";
    r.column_name = "predicted";
    r.row_keys = {"true", "truth", "actual", "gold", "y_true", "expected"};
    r.column_keys = {"predicted", "prediction", "predictions", "pred", "y_pred"};
    r.separators = ",;";
    r.class_word = "class";
    r.classes_word = "classes";
    r.empty_message =
        "the input is empty; give a k × k grid of counts (rows: true class, columns: predicted "
        "class) or two lines true: and predicted:";
    r.grid_expected =
        "a k × k grid of counts (rows: true class, columns: predicted class), with optional "
        "class names, or two lines true: and predicted:";
    r.square_rule =
        "a confusion matrix is square, one row and one column per class (rows: true class, "
        "columns: predicted class), with at least two classes";
    r.single_label = "a confusion matrix needs at least two classes";
    r.missing_partner =
        "give the true labels and the predicted labels, one per item, as in true: 1 0 1 and "
        "predicted: 1 1 0";
    r.one_per_item = "give one prediction per item";
    r.grid_reading = "rows are the true class, columns the predicted class";
    return r;
  }();
  return roles;
}

namespace {

// The k x k matrix of two label sequences.
Result<LabelMatrix> matrix_from_sequences(const Sequences& seq, const MatrixRoles& roles,
                                          std::vector<std::string> notes) {
  LabelMatrix out;
  out.reading = std::move(notes);
  std::vector<std::string> labels;
  for (const KeyedLine* line : {&seq.truth, &seq.predicted}) {
    for (const Token& t : line->values) {
      if (roles.sort_labels || std::find(labels.begin(), labels.end(), t.text) == labels.end()) {
        labels.push_back(t.text);
      }
    }
  }
  const auto as_number = [](const std::string& label) {
    return text::parse_whole(label, max_count);
  };
  bool all_numbers = true;
  for (const auto& l : labels) all_numbers = all_numbers && as_number(l).has_value();
  std::string order = "in sorted order";
  if (roles.sort_labels || all_numbers) {
    // Sorted, numbers by value (2 before 10), as scikit-learn orders classes.
    std::sort(labels.begin(), labels.end(), [&](const std::string& a, const std::string& b) {
      const auto x = as_number(a);
      const auto y = as_number(b);
      if (x && y) return *x < *y;
      if (x || y) return x.has_value();
      return a < b;
    });
    labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
    if (!roles.sort_labels) order = "in increasing order";
  } else {
    order = "in order of first appearance";  // R before N when the text starts with R
  }
  if (labels.size() < 2 && !roles.single_label.empty()) {
    return text::error_at(ErrorCode::bad_token, seq.truth.values[0],
                          "every label is " + text::quoted(labels[0]) + "; " + roles.single_label);
  }
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < labels.size(); ++i) index[labels[i]] = i;
  out.labels = labels;
  out.counts.assign(labels.size(), std::vector<std::int64_t>(labels.size(), 0));
  for (std::size_t i = 0; i < seq.truth.values.size(); ++i) {
    ++out.counts[index[seq.truth.values[i].text]][index[seq.predicted.values[i].text]];
  }
  std::string classes;
  for (const auto& l : labels) classes += (classes.empty() ? "" : ", ") + l;
  out.reading.push_back("Read " + counts_word(seq.truth.values.size(), "item", "items") + " from " +
                        shown(seq.truth) + " and " + shown(seq.predicted) + "; " +
                        (labels.size() == 1 ? "one " + roles.class_word + ": "
                                            : "the " + std::to_string(labels.size()) + " " +
                                                  roles.classes_word + " " + order + ": ") +
                        classes + ".");
  return out;
}

// --- judges' labels in words (MatrixRoles::words) ------------------------------------------------

// "1." or "(1)" or "1)" -> 1: an item's number as lists print it.
std::optional<std::int64_t> item_number(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ')' || s.back() == ':')) s.pop_back();
  if (!s.empty() && s.front() == '(') s.erase(0, 1);
  return text::parse_whole(s, max_count);
}

// "1, yes  2, no  3, yes": the labels of items numbered 1, 2, … n, the numbers dropped; a note
// says so. Nothing changes unless every other value is the next number and some label is a word
// (labels 1 1 2 0 are four labels, not two numbered ones).
std::optional<std::string> drop_item_numbers(KeyedLine& line) {
  const std::size_t n = line.values.size() / 2;
  if (n < 2 || line.values.size() % 2 != 0) return std::nullopt;
  bool words = false;
  for (std::size_t i = 0; i < n; ++i) {
    const auto number = item_number(line.values[2 * i].text);
    if (!number || *number != static_cast<std::int64_t>(i + 1)) return std::nullopt;
    words = words || !text::looks_numeric(line.values[2 * i + 1].text);
  }
  if (!words) return std::nullopt;
  std::vector<Token> labels;
  for (std::size_t i = 0; i < n; ++i) labels.push_back(line.values[2 * i + 1]);
  line.values = labels;
  return "Read as: " + shown(line) + " numbers its items 1 to " + std::to_string(n) + " (line " +
         std::to_string(line.key_token.where.line) +
         "); each number is dropped and its label kept.";
}

// "Judge A: yes no", "Reader 2 : …", or, when `bare` is allowed, a line of numbered pairs with no
// name: a judge's line whose name is one to three words before a colon.
std::optional<KeyedLine> named_line(const Line& line, std::size_t index) {
  KeyedLine out;
  for (std::size_t i = 0; i < line.tokens.size() && i < 3; ++i) {
    const Token& t = line.tokens[i];
    const std::size_t colon = t.text.find(':');
    const bool alone = i + 1 < line.tokens.size() && line.tokens[i + 1].text == ":";
    if (colon == std::string::npos && !alone) continue;
    std::string name;
    for (std::size_t j = 0; j < i; ++j) name += line.tokens[j].text + " ";
    name += colon == std::string::npos ? t.text : t.text.substr(0, colon);
    if (name.empty() ||
        !((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z'))) {
      return std::nullopt;
    }
    out.key = text::lower(name);
    out.key_token = Token{name, line.tokens[0].where};
    out.key_token.where.length = text::code_points(name);
    std::size_t first = i + (alone ? 2 : 1);
    if (colon != std::string::npos && colon + 1 < t.text.size()) {
      Token rest{t.text.substr(colon + 1), t.where};
      rest.where.column += text::code_points(t.text.substr(0, colon + 1));
      rest.where.length = text::code_points(rest.text);
      out.values.push_back(rest);
    }
    for (std::size_t j = first; j < line.tokens.size(); ++j) out.values.push_back(line.tokens[j]);
    return out;
  }
  // No name: judge A on the first line, judge B on the second.
  out.key = index == 0 ? "a" : "b";
  out.key_token = Token{index == 0 ? "A" : "B", Span{line.number, 0, 0}};
  out.values = line.tokens;
  return out;
}

// Two lines, each a judge's labels: "Judge A: yes no", "Reader 2: …", or two lines of numbered
// pairs with no name (the first judge A); empty for other text.
std::optional<Result<LabelMatrix>> two_judges(const std::vector<Line>& lines,
                                              const MatrixRoles& roles) {
  if (lines.size() == 2) {
    std::vector<KeyedLine> judged;
    std::vector<std::string> notes;
    bool named = false;
    bool numbered = true;
    for (std::size_t i = 0; i < 2; ++i) {
      auto line = named_line(lines[i], i);
      if (!line || line->values.empty()) return std::nullopt;
      named = named || line->key_token.where.column != 0;
      const auto note = drop_item_numbers(*line);
      numbered = numbered && note.has_value();
      if (note) notes.push_back(*note);
      judged.push_back(*line);
    }
    // Unnamed lines are a judge's only when both number their items (else they are a grid);
    // named lines, when a label is a word or a name says judge ("R: 20 12" over "N: 4 4" is a
    // grid with its row labels).
    if (!named && !numbered) return std::nullopt;
    bool word_label = false;
    bool judge_name = false;
    for (const KeyedLine& line : judged) {
      for (const Token& t : line.values) word_label = word_label || !text::looks_numeric(t.text);
      for (const char* noun :
           {"judge", "rater", "reader", "annotator", "coder", "assessor", "observer", "evaluator",
            "expert", "grader", "labeler", "labeller"}) {
        judge_name = judge_name || line.key.find(noun) != std::string::npos;
      }
    }
    if (named && !word_label && !judge_name) return std::nullopt;
    for (std::size_t k = 0; k < 2; ++k) {
      KeyedLine& line = judged[k];
      if (line.key_token.where.column == 0) line.key_token.where = Span{lines[k].number, 1, 1};
    }
    if (judged[0].values.size() != judged[1].values.size()) {
      const std::size_t n = judged[0].values.size();
      const std::size_t m = judged[1].values.size();
      const KeyedLine& longer = n > m ? judged[0] : judged[1];
      const Token& extra = longer.values[std::min(n, m)];
      return Result<LabelMatrix>(text::error_at(
          ErrorCode::inconsistent_counts, extra,
          shown(judged[0]) + " has " + counts_word(n, "label", "labels") + " (line " +
              std::to_string(lines[0].number) + ") but " + shown(judged[1]) + " has " +
              std::to_string(m) + " (line " + std::to_string(lines[1].number) + "); " +
              roles.one_per_item + ". The first without a partner is " + text::quoted(extra.text) +
              " at " + text::position(extra.where)));
    }
    const auto which = [&](std::size_t k) {
      return "line " + std::to_string(lines[k].number) +
             (named ? " (" + shown(judged[k]) + ")" : std::string());
    };
    notes.insert(notes.begin(), "Read as: " + which(0) + " is judge A, the rows; " + which(1) +
                                    " is judge B, the columns.");
    return matrix_from_sequences(Sequences{judged[0], judged[1], std::nullopt}, roles, notes);
  }
  return std::nullopt;
}

// Two judges' lines under names of their own, or item rows "1 yes no"; empty for other text.
std::optional<Result<LabelMatrix>> judges_in_words(const std::vector<Line>& lines,
                                                   const MatrixRoles& roles) {
  if (auto two = two_judges(lines, roles)) return two;
  // One item per line: its number, judge A's label, judge B's label (under an optional header).
  std::size_t first = 0;
  const auto item_row = [](const Line& line, std::size_t i) {
    if (line.tokens.size() != 3) return false;
    const auto number = item_number(line.tokens[0].text);
    return number && *number == static_cast<std::int64_t>(i + 1);
  };
  if (!lines.empty() && !item_row(lines[0], 0)) first = 1;
  if (lines.size() < first + 2) return std::nullopt;
  bool words = false;
  for (std::size_t i = first; i < lines.size(); ++i) {
    if (!item_row(lines[i], i - first)) return std::nullopt;
    words = words || !text::looks_numeric(lines[i].tokens[1].text) ||
            !text::looks_numeric(lines[i].tokens[2].text);
  }
  if (!words) return std::nullopt;
  KeyedLine a;
  KeyedLine b;
  a.key_token = Token{"A", lines[first].tokens[1].where};
  b.key_token = Token{"B", lines[first].tokens[2].where};
  if (first == 1 && lines[0].tokens.size() >= 2) {
    const auto& h = lines[0].tokens;
    a.key_token = h[h.size() - 2];
    b.key_token = h[h.size() - 1];
    for (Token* t : {&a.key_token, &b.key_token}) {
      while (!t->text.empty() && t->text.back() == ':') t->text.pop_back();
    }
  }
  a.key = text::lower(a.key_token.text);
  b.key = text::lower(b.key_token.text);
  for (std::size_t i = first; i < lines.size(); ++i) {
    a.values.push_back(lines[i].tokens[1]);
    b.values.push_back(lines[i].tokens[2]);
  }
  const std::size_t n = lines.size() - first;
  std::vector<std::string> notes{"Read as: one item per line, numbered 1 to " + std::to_string(n) +
                                 ": the item's number, then judge A's label (" + shown(a) +
                                 "), then judge B's (" + shown(b) + ")."};
  return matrix_from_sequences(Sequences{a, b, std::nullopt}, roles, notes);
}

// --- percentages and n, header lines (MatrixRoles::words)
// -------------------------------------------

// A line "n = 50" (or n: 50, N=50): the number of items a table of percentages is out of.
std::optional<std::int64_t> n_line(const Line& line) {
  std::string joined;
  for (const Token& t : line.tokens) joined += t.text;
  const std::string l = text::lower(joined);
  if (l.size() < 3 || l[0] != 'n' || (l[1] != '=' && l[1] != ':')) return std::nullopt;
  return text::parse_whole(l.substr(2), max_count);
}

// A cell typed as a percentage (40%, 12.5%) or a proportion (0.4): its value over 100 or 1.
std::optional<Fraction> share(const std::string& t) {
  if (t.size() > 1 && t.back() == '%') {
    const auto p = parse_decimal(t.substr(0, t.size() - 1));
    if (!p) return std::nullopt;
    return divide(*p, Fraction{100, 1});
  }
  if (t.find('.') == std::string::npos) return std::nullopt;
  return parse_decimal(t);
}

// Words mode's changes to a grid before it is read: a line n = 50 taken out, lines above the
// header skipped, and percentages or proportions turned into counts (of n, or of 100 when they
// add up to 100% and no n is given). Notes say each; errors for shares that give no whole count.
// "Judge 1", "Rater B": a judge's name typed as two words is one label, so that its number is
// not read as a count.
void join_judge_names(std::vector<Line>& lines) {
  for (Line& line : lines) {
    std::vector<Token>& t = line.tokens;
    for (std::size_t i = 0; i + 1 < t.size(); ++i) {
      const std::string word = text::lower(t[i].text);
      const std::string& next = t[i + 1].text;
      const bool short_name =
          (next.size() <= 2 &&
           std::all_of(next.begin(), next.end(), [](char c) { return c >= '0' && c <= '9'; })) ||
          (next.size() == 1 && std::isalpha(static_cast<unsigned char>(next[0])));
      if (!short_name || t[i + 1].where.line != t[i].where.line ||
          !(word == "judge" || word == "rater" || word == "reader" || word == "annotator" ||
            word == "coder" || word == "assessor" || word == "observer")) {
        continue;
      }
      t[i].text += " " + next;
      t[i].where.length = t[i + 1].where.column + t[i + 1].where.length - t[i].where.column;
      t.erase(t.begin() + static_cast<std::ptrdiff_t>(i + 1));
    }
  }
}

// A sentence above the table ("Suppose that you were analyzing data related to a group of 50
// people …"): a line of eight or more words, at most one in four of them a number.
bool is_prose(const Line& line) {
  if (line.tokens.size() < 8) return false;
  std::size_t numbers = 0;
  for (const Token& t : line.tokens) numbers += text::looks_numeric(t.text) ? 1 : 0;
  return numbers * 4 <= line.tokens.size();
}

// One line per pair of judgments with its count, as slides print the judges' table:
// "| 300 | Relevant | Relevant |" under "| Number of docs | Judge 1 | Judge 2 |" (the count
// first or last, the header optional).
std::optional<Result<LabelMatrix>> counts_per_pair(std::vector<Line> lines,
                                                   const MatrixRoles& roles) {
  join_judge_names(lines);
  lines.erase(std::remove_if(lines.begin(), lines.end(),
                             [](const Line& l) { return grid::is_rule_line(l); }),
              lines.end());
  if (lines.empty()) return std::nullopt;
  const auto numbers = [](const Line& line) {
    std::size_t n = 0;
    for (const Token& t : line.tokens) n += text::looks_numeric(t.text) ? 1 : 0;
    return n;
  };
  const std::size_t first = numbers(lines[0]) == 0 ? 1 : 0;
  if (lines.size() < first + 2) return std::nullopt;
  std::optional<bool> count_first;
  for (std::size_t i = first; i < lines.size(); ++i) {
    const std::vector<Token>& t = lines[i].tokens;
    if (t.size() != 3 || numbers(lines[i]) != 1) return std::nullopt;
    const bool here = text::looks_numeric(t[0].text);
    if (!here && !text::looks_numeric(t[2].text)) return std::nullopt;
    if (count_first && *count_first != here) return std::nullopt;
    count_first = here;
  }
  const std::size_t a_at = *count_first ? 1 : 0;
  KeyedLine a;
  KeyedLine b;
  a.key_token = Token{"A", lines[first].tokens[a_at].where};
  b.key_token = Token{"B", lines[first].tokens[a_at + 1].where};
  std::string count_caption;
  if (first == 1 && lines[0].tokens.size() >= 3) {
    const std::vector<Token>& h = lines[0].tokens;
    const std::size_t at = *count_first ? h.size() - 2 : 0;
    a.key_token = h[at];
    b.key_token = h[at + 1];
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (i == at || i == at + 1) continue;
      count_caption += (count_caption.empty() ? "" : " ") + h[i].text;
    }
  }
  a.key = text::lower(a.key_token.text);
  b.key = text::lower(b.key_token.text);
  std::vector<std::int64_t> counts;
  for (std::size_t i = first; i < lines.size(); ++i) {
    const std::vector<Token>& t = lines[i].tokens;
    const Token& c = t[*count_first ? 0 : 2];
    auto count = grid::read_count(c, "as the count of a pair of judgments", "items");
    if (!count.ok()) return Result<LabelMatrix>(count.error());
    counts.push_back(count.value());
    a.values.push_back(t[a_at]);
    b.values.push_back(t[a_at + 1]);
  }
  auto m = matrix_from_sequences(Sequences{a, b, std::nullopt}, roles, {});
  if (!m.ok()) return m;
  LabelMatrix& out = m.value();
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < out.labels.size(); ++i) index[out.labels[i]] = i;
  for (auto& row : out.counts) std::fill(row.begin(), row.end(), 0);
  std::string pairs;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    std::int64_t& cell = out.counts[index[a.values[i].text]][index[b.values[i].text]];
    cell = std::min(cell + counts[i], max_count);
    if (i < 4) {
      pairs += (pairs.empty() ? "" : ", ") + std::to_string(counts[i]) + " × (" + a.values[i].text +
               ", " + b.values[i].text + ")";
    }
  }
  if (counts.size() > 4) pairs += ", …";
  std::string categories;
  for (const std::string& l : out.labels) categories += (categories.empty() ? "" : ", ") + l;
  out.reading = {"Read as: one line per pair of judgments, its count " +
                 std::string(*count_first ? "first" : "last") +
                 (count_caption.empty() ? "" : " ('" + count_caption + "')") +
                 ", then judge A's label (" + shown(a) + ") and judge B's (" + shown(b) +
                 "): " + pairs + "; the categories " + categories + "."};
  return m;
}

Result<std::vector<std::string>> prepare_words_grid(std::vector<Line>& lines) {
  std::vector<std::string> notes;
  join_judge_names(lines);
  std::string prose;
  while (lines.size() > 1 && is_prose(lines[0])) {
    prose += std::string(prose.empty() ? "" : ", ") + std::to_string(lines[0].number);
    lines.erase(lines.begin());
  }
  if (!prose.empty()) {
    notes.push_back("Skipped the sentence on line " + prose +
                    " above the table (words, not cells of the table).");
  }
  std::optional<std::int64_t> n;
  std::vector<Line> kept;
  for (const Line& line : lines) {
    if (const auto v = n_line(line)) {
      n = v;
      continue;
    }
    kept.push_back(line);
  }
  if (kept.empty()) return notes;
  lines = kept;
  std::size_t first_row = 0;
  const auto numeric = [](const Line& line) {
    for (const Token& t : line.tokens) {
      if (text::looks_numeric(t.text)) return true;
    }
    return false;
  };
  while (first_row < lines.size() && !numeric(lines[first_row])) ++first_row;
  // Lines above the header (not a Markdown rule): a caption such as "B" over "Yes No".
  std::vector<std::size_t> above;
  for (std::size_t i = 0; i < first_row && first_row < lines.size(); ++i) {
    if (!grid::is_rule_line(lines[i])) above.push_back(i);
  }
  if (above.size() >= 2) {
    above.pop_back();  // the header itself
    std::string skipped;
    for (const std::size_t i : above) {
      std::string words;
      for (const Token& t : lines[i].tokens) words += (words.empty() ? "" : " ") + t.text;
      skipped += (skipped.empty() ? "" : ", ") + std::string("line ") +
                 std::to_string(lines[i].number) + " (" + words + ")";
    }
    notes.push_back("Read as a caption and skipped: " + skipped +
                    ", above the header that names the categories.");
    for (auto it = above.rbegin(); it != above.rend(); ++it) {
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(*it));
    }
    first_row -= above.size();
  }
  // "Judge 1 Yes 300 20" over "Relevance No 10 70": words before the category that a header
  // names caption the rows (the row judge's name, split over lines) and are skipped.
  if (first_row >= 1 && first_row <= lines.size()) {
    std::vector<std::string> header;
    for (const Token& t : lines[first_row - 1].tokens) header.push_back(text::lower(t.text));
    std::string captions;
    for (std::size_t i = first_row; i < lines.size(); ++i) {
      std::vector<Token>& t = lines[i].tokens;
      std::size_t words = 0;
      while (words < t.size() && !text::looks_numeric(t[words].text)) ++words;
      if (words < 2 || (words == 2 && t[0].text.size() == 1)) continue;  // "A Yes": strip_judge
      const std::string last = text::lower(t[words - 1].text);
      if (std::find(header.begin(), header.end(), last) == header.end()) continue;
      std::string caption;
      for (std::size_t j = 0; j + 1 < words; ++j) caption += (j ? " " : "") + t[j].text;
      captions += (captions.empty() ? "" : ", ") + std::string("'") + caption + "' (line " +
                  std::to_string(lines[i].number) + ")";
      t.erase(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(words - 1));
    }
    if (!captions.empty()) {
      notes.push_back("Read as a caption of the rows and skipped: " + captions + ".");
    }
  }
  // n=50 in the header's corner: taken out, so the header does not start like a key.
  if (first_row >= 1 && first_row <= lines.size()) {
    std::vector<Token>& header = lines[first_row - 1].tokens;
    for (auto it = header.begin(); it != header.end(); ++it) {
      const std::string l = text::lower(it->text);
      if (l.rfind("n=", 0) != 0) continue;
      if (const auto v = text::parse_whole(l.substr(2), max_count)) {
        n = v;
        if (header.size() > 1) header.erase(it);
        break;
      }
    }
  }
  // The cells typed as shares.
  std::vector<Token*> shares;
  Fraction sum{0, 1};
  for (std::size_t i = first_row; i < lines.size(); ++i) {
    for (Token& t : lines[i].tokens) {
      if (!text::looks_numeric(t.text)) continue;
      const auto s = share(t.text);
      const bool percent = t.text.back() == '%';
      if (!s || (!percent && compare(*s, Fraction{1, 1}) > 0)) continue;
      shares.push_back(&t);
      if (const auto next = add(sum, *s)) sum = *next;
    }
  }
  if (shares.empty()) return notes;
  const bool percent = shares[0]->text.back() == '%';
  std::int64_t out_of = 0;
  std::string how;
  if (n) {
    out_of = *n;
    how = "n = " + std::to_string(*n);
  } else if (sum == Fraction{1, 1}) {
    out_of = 100;
    how = "100 (no n is given; kappa is the same for any n)";
  } else {
    const Token& t = *shares[0];
    const auto total = multiply(sum, Fraction{percent ? 100 : 1, 1});
    return text::error_at(ErrorCode::inconsistent_counts, t,
                          "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                              ", a share of the items; the shares add up to " +
                              (total ? to_string(*total) : std::string("more")) +
                              (percent ? "%" : "") + ", not " +
                              std::string(percent ? "100%" : "1") +
                              "; give the number of items on a line of its own, as in n = 50");
  }
  std::string changed;
  for (std::size_t k = 0; k < shares.size(); ++k) {
    Token& t = *shares[k];
    const auto count = multiply(*share(t.text), Fraction{out_of, 1});
    if (!count || count->den != 1) {
      return text::error_at(ErrorCode::bad_number, t,
                            "found " + text::quoted(t.text) + " at " + text::position(t.where) +
                                "; " + t.text + " of " + std::to_string(out_of) + " items is " +
                                (count ? to_string(*count) : std::string("too large")) +
                                ", not a whole number; check the share or n");
    }
    if (k < 4) changed += (changed.empty() ? "" : ", ") + t.text + " → " + to_string(*count);
    t.text = to_string(*count);
  }
  if (shares.size() > 4) changed += ", …";
  notes.push_back("Read as: counts = share × " + how + ": " + changed + ".");
  return notes;
}

}  // namespace

std::optional<PrintedSequences> printed_sequences(std::string_view input,
                                                  const MatrixRoles& roles) {
  if (input.find('[') == std::string_view::npos) return std::nullopt;
  auto read = printed::read_printed(input);
  if (!read.ok()) return std::nullopt;  // the other readers say what is wrong
  const std::vector<printed::Statement>& st = read.value().statements;
  if (st.size() != 2) return std::nullopt;
  for (const printed::Statement& s : st) {
    if (s.caption.empty() || !s.bracketed || s.rows.size() != 1 || !s.after.empty()) {
      return std::nullopt;
    }
  }
  SequenceRole first = sequence_role(st[0].key, roles);
  SequenceRole second = sequence_role(st[1].key, roles);
  const bool named = (first == SequenceRole::truth && second == SequenceRole::predicted) ||
                     (first == SequenceRole::predicted && second == SequenceRole::truth);
  const bool judges = roles.words && first == SequenceRole::none && second == SequenceRole::none;
  if (!named && !judges) return std::nullopt;
  if (judges) {
    first = SequenceRole::truth;
    second = SequenceRole::predicted;
  }
  PrintedSequences out;
  std::string read_as;
  for (std::size_t i = 0; i < 2; ++i) {
    const bool rows = (i == 0 ? first : second) == SequenceRole::truth;
    // Named lists keep their captions ("y_true:" in messages); the judges' take A: and B:.
    const std::string key =
        judges ? (rows ? roles.row_keys.front() : roles.column_keys.front()) : st[i].key;
    out.lines.push_back(printed::as_keyed_line(st[i], key));
    read_as += std::string(i == 0 ? "" : " and ") + "'" + st[i].caption_text + "' as " +
               (rows ? roles.row_name : roles.column_name) + ":";
  }
  out.note =
      judges ? "Read the two captioned lists as the judges' labels in the order given: " + read_as +
                   "."
             : "Read the captioned lists " + read_as + ".";
  return out;
}

Result<LabelMatrix> read_label_matrix(std::string_view input, const MatrixRoles& roles) {
  if (auto printed = printed_sequences(input, roles)) {
    auto s = read_sequences(printed->lines, roles, false);
    if (!s.ok()) return s.error();
    return matrix_from_sequences(s.value(), roles, {printed->note});
  }
  auto tokenized = text::tokenize(input, roles.separators);
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input, roles.empty_message, Span{}};
  }
  std::vector<Line> lines = text::group_lines(tokenized.value());
  LabelMatrix out;
  bool sequences = false;
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    const SequenceRole role = keyed ? sequence_role(keyed->key, roles) : SequenceRole::none;
    sequences = sequences || role == SequenceRole::truth || role == SequenceRole::predicted;
  }
  if (sequences) {
    auto s = read_sequences(lines, roles, false);
    if (!s.ok()) return s.error();
    Sequences seq = s.value();
    std::vector<std::string> notes;
    if (roles.words) {
      for (text::KeyedLine* line : {&seq.truth, &seq.predicted}) {
        if (auto note = drop_item_numbers(*line)) notes.push_back(*note);
      }
    }
    return matrix_from_sequences(seq, roles, std::move(notes));
  }
  if (roles.words) {
    if (auto judged = judges_in_words(lines, roles)) return std::move(*judged);
    if (auto pairs = counts_per_pair(lines, roles)) return std::move(*pairs);
  }
  std::vector<std::string> word_notes;
  if (roles.words) {
    auto prepared = prepare_words_grid(lines);
    if (!prepared.ok()) return prepared.error();
    word_notes = prepared.value();
  }
  if (const auto keyed = text::keyed_line(lines[0])) {
    return unknown_key(*keyed, roles.grid_expected);
  }
  if (roles.slash_rows) lines = grid::split_rows_at_slash(lines);
  grid::GridStyle style;
  style.pipes = roles.pipes;
  style.numbered_labels = roles.numbered_labels && grid::has_numbered_labels(lines);
  auto parsed = grid::read_grid(lines, input, roles.grid_expected, style);
  if (!parsed.ok()) return parsed.error();
  Grid& grid = parsed.value();
  const bool one_line = roles.one_line && grid::fold_one_line(grid);
  if (roles.one_line) {
    if (const auto e = grid::one_line_error(grid, roles.one_line_layout, roles.one_line_example)) {
      return *e;
    }
  }
  std::string totals;
  if (roles.totals) {
    auto dropped = grid::drop_totals(grid, true);
    if (!dropped.ok()) return dropped.error();
    totals = dropped.value();
  }
  const std::size_t rows = grid.cells.size();
  const std::size_t columns = grid.cells[0].size();
  if (rows != columns || rows < 2) {
    const Token& at =
        columns > rows ? grid.cell_tokens[0][rows]
                       : (rows > columns ? grid.cell_tokens[columns][0] : grid.cell_tokens[0][0]);
    const std::string outside = rows == columns
                                    ? ""
                                    : ". The first count outside a square grid is " +
                                          text::quoted(at.text) + " at " + text::position(at.where);
    return text::error_at(ErrorCode::bad_token, at,
                          "the grid has " + counts_word(rows, "row", "rows") + " of " +
                              counts_word(columns, "count", "counts") + "; " + roles.square_rule +
                              outside);
  }
  const auto clean = [](std::vector<std::string> labels, std::string (*f)(const std::string&)) {
    if (f != nullptr) {
      for (auto& l : labels) l = f(l);
    }
    return labels;
  };
  const std::vector<std::string> row_labels = clean(grid.row_labels, roles.row_label);
  const std::vector<std::string> column_labels = clean(grid.column_labels, roles.column_label);
  bool row_names = true;
  for (const auto& l : row_labels) row_names = row_names && !l.empty();
  if (!column_labels.empty()) {
    out.labels = column_labels;
    if (row_names && row_labels != column_labels) {
      out.reading.push_back(
          "The row labels differ from the column labels; the column labels "
          "name the " +
          roles.classes_word + ", and row i is taken to be the same " + roles.class_word +
          " as column i.");
    }
  } else if (row_names) {
    out.labels = row_labels;
  } else {
    for (std::size_t i = 0; i < rows; ++i) {
      out.labels.push_back(roles.class_word + " " + std::to_string(i + 1));
    }
  }
  out.counts = grid.cells;
  out.reading.insert(out.reading.end(), word_notes.begin(), word_notes.end());
  if (grid.note) out.reading.push_back(*grid.note);
  if (!totals.empty()) out.reading.push_back(totals);
  if (one_line) {
    out.reading.push_back("Read the four counts on one line as a 2 × 2 grid written row by row (" +
                          roles.grid_reading + "): " + std::to_string(grid.cells[0][0]) + " " +
                          std::to_string(grid.cells[0][1]) + " / " +
                          std::to_string(grid.cells[1][0]) + " " +
                          std::to_string(grid.cells[1][1]) + ".");
  } else {
    out.reading.push_back("Read a " + std::to_string(rows) + " × " + std::to_string(rows) +
                          " grid: " + roles.grid_reading + ".");
  }
  return out;
}

}  // namespace irm::labels
