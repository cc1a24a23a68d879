// The scored-labels parser, for ROC, AUC, EER and AUC-PR: "label score" pairs, two lines
// labels:/scores:, or (the fallback) a ranking of judged documents read by parse_ranked_list.
//
//   labels   1 r + y yes true t pos positive relevant +1    relevant (positive)
//            0 n - no false f neg negative non-relevant irrelevant i -1    not relevant
//   scores   -1.5  .5  0.80  2e-3  +3     (never inf, nan or hex: checked before strtod)
//
// Which layout: a line starting labels: or scores: means the two-line layout. Otherwise, when
// the first line holds 2 or 3 entries ending in a number ("1 0.9", "d3 1 0.9"), every line is a
// pair (name optional); "1 0" on a single line stays a two-document ranking. Anything else is a
// ranking, where rank 1 gets the highest score.

#include "irm/scores.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>

#include "irm/ranking.h"
#include "lines.h"
#include "printed.h"
#include "text.h"

namespace irm {
namespace {

using text::KeyedLine;
using text::Line;
using text::Token;

const char* expected_label() {
  return "expected a label: 1 or 0, R or N, + or -, yes or no, true or false, pos or neg";
}

Result<double> read_score(const Token& token) {
  if (!text::is_decimal(token.text)) {
    return text::error_at(ErrorCode::bad_number, token,
                          "found " + text::quoted(token.text) + " at " +
                              text::position(token.where) +
                              "; expected a score, a number such as 0.8, -1.5 or 2e-3");
  }
  char* end = nullptr;
  const double value = std::strtod(token.text.c_str(), &end);
  if (!std::isfinite(value)) {
    return text::error_at(ErrorCode::out_of_range, token,
                          "the score " + text::quoted(token.text) + " at " +
                              text::position(token.where) +
                              " is too large to compare; rescale the scores");
  }
  return value == 0.0 ? 0.0 : value;  // -0 and 0 are one score
}

bool is_label_key(const std::string& key) {
  return key == "labels" || key == "label" || key == "truth" || key == "relevance" ||
         key == "y_true";
}

bool is_score_key(const std::string& key) {
  return key == "scores" || key == "score" || key == "y_score";
}

bool is_header_word(const std::string& t) {
  const std::string l = text::lower(t);
  return is_label_key(l) || is_score_key(l) || l == "doc" || l == "document" || l == "name" ||
         l == "id";
}

std::string entries_text(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " entry" : " entries");
}

Result<ScoredLabels> read_two_lines(const std::vector<Line>& lines) {
  std::optional<KeyedLine> labels;
  std::optional<KeyedLine> scores;
  for (const Line& line : lines) {
    auto keyed = text::keyed_line(line);
    const bool is_labels = keyed && is_label_key(keyed->key);
    const bool is_scores = keyed && is_score_key(keyed->key);
    if (!is_labels && !is_scores) {
      const Token& first = keyed ? keyed->key_token : line.tokens[0];
      return text::error_at(ErrorCode::bad_token, first,
                            "found " + text::quoted(first.text) + " at " +
                                text::position(first.where) +
                                "; expected a line starting labels: or scores:");
    }
    std::optional<KeyedLine>& slot = is_labels ? labels : scores;
    if (slot) {
      return text::error_at(ErrorCode::bad_token, keyed->key_token,
                            "a second " + keyed->key + ": line at " +
                                text::position(keyed->key_token.where) + "; the first is on line " +
                                std::to_string(slot->key_token.where.line) + ". Give it once");
    }
    slot = std::move(keyed);
  }
  if (!labels || !scores) {
    const KeyedLine& given = labels ? *labels : *scores;
    return text::error_at(ErrorCode::bad_token, given.key_token,
                          std::string("found a ") + given.key + ": line at " +
                              text::position(given.key_token.where) + " but no " +
                              (labels ? "scores:" : "labels:") + " line; add " +
                              (labels ? "scores: with one score per label"
                                      : "labels: with one label (1 or 0) per score"));
  }
  for (const KeyedLine* k : {&*labels, &*scores}) {
    if (k->values.empty()) {
      return text::error_at(ErrorCode::empty_input, k->key_token,
                            "the " + k->key + ": line at " + text::position(k->key_token.where) +
                                " is empty; list one entry per item after the colon");
    }
  }
  const std::size_t n = labels->values.size();
  const std::size_t m = scores->values.size();
  if (n != m) {
    const KeyedLine& longer = n > m ? *labels : *scores;
    const Token& extra = longer.values[std::min(n, m)];
    return text::error_at(ErrorCode::inconsistent_counts, extra,
                          labels->key + ": has " + entries_text(n) + " (line " +
                              std::to_string(labels->key_token.where.line) + ") but " +
                              scores->key + ": has " + entries_text(m) + " (line " +
                              std::to_string(scores->key_token.where.line) +
                              "); give one score per label. The first without a partner is " +
                              text::quoted(extra.text) + " at " + text::position(extra.where));
  }
  ScoredLabels out;
  for (std::size_t i = 0; i < n; ++i) {
    const Token& label = labels->values[i];
    const auto relevant = text::binary_label(label.text);
    if (!relevant) {
      return text::error_at(ErrorCode::bad_token, label,
                            "found " + text::quoted(label.text) + " at " +
                                text::position(label.where) + "; " + expected_label());
    }
    auto score = read_score(scores->values[i]);
    if (!score.ok()) return score.error();
    out.items.push_back(
        ScoredItem{"", *relevant, score.value(), scores->values[i].text, label.where});
  }
  out.reading.push_back("Read " + labels->key + ": and " + scores->key + ": as " +
                        std::to_string(n) + " items, the i-th label with the i-th score.");
  return out;
}

Result<ScoredLabels> read_pairs(const std::vector<Line>& lines, std::size_t first,
                                std::size_t width) {
  ScoredLabels out;
  std::map<std::string, Span> names;
  for (std::size_t li = first; li < lines.size(); ++li) {
    const Line& line = lines[li];
    const std::string expected = width == 3 ? "a document name, a label and a score, as in d1 1 0.9"
                                            : "a label and a score, as in 1 0.9";
    if (line.tokens.size() > width) {
      const Token& extra = line.tokens[width];
      return text::error_at(ErrorCode::bad_token, extra,
                            "found " + text::quoted(extra.text) + " at " +
                                text::position(extra.where) + " after the score; expected " +
                                expected + " on each line");
    }
    if (line.tokens.size() < width) {
      return text::error_at(ErrorCode::bad_token, line.tokens.back(),
                            "line " + std::to_string(line.number) + " has " +
                                entries_text(line.tokens.size()) + "; expected " + expected +
                                " (as on line " + std::to_string(lines[first].number) + ")");
    }
    std::string name;
    if (width == 3) {
      const Token& n = line.tokens[0];
      const auto [it, inserted] = names.emplace(n.text, n.where);
      if (!inserted) {
        return text::error_at(ErrorCode::bad_token, n,
                              "document '" + n.text + "' is listed twice, at " +
                                  text::position(it->second) + " and at " +
                                  text::position(n.where) + "; give each document once");
      }
      name = n.text;
    }
    const Token& label = line.tokens[width - 2];
    const auto relevant = text::binary_label(label.text);
    if (!relevant) {
      return text::error_at(ErrorCode::bad_token, label,
                            "found " + text::quoted(label.text) + " at " +
                                text::position(label.where) + "; " + expected_label());
    }
    auto score = read_score(line.tokens[width - 1]);
    if (!score.ok()) return score.error();
    out.items.push_back(
        ScoredItem{name, *relevant, score.value(), line.tokens[width - 1].text, label.where});
  }
  out.reading.push_back(
      std::string("Read each line as ") +
      (width == 3 ? "a document, its label and its score." : "a label and a score.") +
      (first > 0 ? " The first line is a header." : ""));
  return out;
}

Result<ScoredLabels> read_ranking(std::string_view input) {
  auto list = parse_ranked_list(input);
  if (!list.ok()) return list.error();
  ScoredLabels out;
  out.from_ranking = true;
  const std::int64_t unjudged = list.value().unjudged_count();
  out.reading = list.value().reading;  // e.g. the I/N reading of bpref lists
  std::string left_out;
  std::int64_t rank = 0;
  for (const RankedDoc& doc : list.value().docs) {
    ++rank;
    if (doc.judgement == Judgement::unjudged) {
      left_out += (left_out.empty() ? "" : ", ") + std::to_string(rank);
      continue;
    }
    out.items.push_back(ScoredItem{doc.label, doc.judgement == Judgement::relevant,
                                   -static_cast<double>(rank), "rank " + std::to_string(rank),
                                   doc.where});
  }
  out.reading.insert(out.reading.begin(),
                     "Read as a ranking of judged documents: rank 1 has the highest score, so "
                     "each threshold returns the top k documents.");
  if (unjudged > 0) {
    out.reading.push_back(std::to_string(unjudged) + " unjudged document" +
                          (unjudged == 1 ? " (rank " : "s (ranks ") + left_out +
                          (unjudged == 1 ? ") is" : ") are") +
                          " left out: ROC, AUC and EER need a judgement for every item.");
  }
  if (list.value().total_relevant) {
    out.reading.push_back("relevant=" + std::to_string(*list.value().total_relevant) +
                          " is not used: these measures look only at the judged documents "
                          "listed.");
  }
  if (out.items.empty()) {
    return InputError{ErrorCode::empty_input,
                      "every document in the ranking is unjudged; mark each one relevant (R, +, "
                      "1) or not (N, -, 0)",
                      Span{}};
  }
  return out;
}

// scikit-learn's y_true = [1, 0, 1] and y_score = [0.9, 0.8, 0.1] (or labels = c(…) and scores
// = c(…)): the two-line layout written as a program writes it.
Result<ScoredLabels> read_printed_arrays(const printed::Printed& p) {
  std::vector<Line> lines;
  for (const printed::Statement& s : p.statements) {
    std::string key;
    if (is_label_key(s.key) || is_score_key(s.key)) {
      key = s.key;
    } else if (printed::is_truth_key(s.key)) {
      key = "labels";
    } else if (printed::is_score_key(s.key)) {
      key = "scores";
    } else {
      const Token at = s.caption.empty() ? printed::items(s).empty() ? Token{"", s.where}
                                                                     : printed::items(s).front()
                                         : s.caption.front();
      return text::error_at(ErrorCode::bad_token, at,
                            "found " +
                                (s.caption.empty() ? std::string("a list without a caption")
                                                   : "the list " + text::quoted(s.caption_text)) +
                                " at " + text::position(s.where) +
                                "; name the two lists as scikit-learn does, y_true = [1, 0, 1] "
                                "and y_score = [0.9, 0.8, 0.1]");
    }
    lines.push_back(printed::as_keyed_line(s, key));
  }
  return read_two_lines(lines);
}

// Numbers the items 1, 2, … in the order of the text.
Result<ScoredLabels> numbered_labels(Result<ScoredLabels> parsed) {
  if (!parsed.ok()) return parsed;
  std::size_t index = 0;
  for (ScoredItem& item : parsed.value().items) item.index = ++index;
  return parsed;
}

}  // namespace

std::int64_t ScoredLabels::positives() const {
  std::int64_t count = 0;
  for (const ScoredItem& item : items) count += item.relevant ? 1 : 0;
  return count;
}

std::int64_t ScoredLabels::negatives() const {
  return static_cast<std::int64_t>(items.size()) - positives();
}

Result<ScoredLabels> parse_scored_labels(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();
  if (tokenized.value().empty()) {
    return InputError{ErrorCode::empty_input,
                      "the input is empty; paste one label and score per line (1 0.9), two "
                      "lines labels: 1 0 1 and scores: 0.9 0.8 0.7, or a ranking of judged "
                      "documents such as R N R N",
                      Span{}};
  }
  auto printed = printed::read_printed(input);
  if (!printed.ok()) return printed.error();
  bool bracketed = false;
  for (const printed::Statement& s : printed.value().statements) bracketed |= s.bracketed;
  if (bracketed) return numbered_labels(read_printed_arrays(printed.value()));
  const std::vector<Line> lines = text::group_lines(tokenized.value());
  for (const Line& line : lines) {
    const auto keyed = text::keyed_line(line);
    if (keyed && (is_label_key(keyed->key) || is_score_key(keyed->key))) {
      return numbered_labels(read_two_lines(lines));
    }
  }
  // A header line such as "label score" or "doc label score" is skipped.
  std::size_t first = 0;
  bool header = true;
  for (const Token& t : lines[0].tokens) header = header && is_header_word(t.text);
  if (header && lines.size() > 1) first = 1;
  const Line& data = lines[first];
  const std::size_t width = data.tokens.size();
  if ((width == 2 || width == 3) && text::is_decimal(data.tokens.back().text)) {
    // A single "1 0" could be a two-document ranking; a score such as 0.9 cannot.
    const bool mark = text::binary_label(data.tokens.back().text).has_value();
    if (lines.size() - first >= 2 || !mark || first == 1)
      return numbered_labels(read_pairs(lines, first, width));
  }
  // "1 nan" / "0 high" on every line: label and score pairs with a bad score, which the pair
  // reader names, rather than a ranking of documents called nan and high.
  bool pairs = lines.size() - first >= 2;
  for (std::size_t k = first; pairs && k < lines.size(); ++k) {
    const std::vector<Token>& t = lines[k].tokens;
    pairs = t.size() == 2 && text::binary_label(t[0].text).has_value() &&
            !text::binary_label(t[1].text).has_value();
  }
  if (pairs) return numbered_labels(read_pairs(lines, first, 2));
  return numbered_labels(read_ranking(input));
}

}  // namespace irm
