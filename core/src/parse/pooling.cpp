// The runs parser for pooling: compact `RUN TOPIC: docs` lines and `qrels TOPIC: docs` lines,
// or TREC run and qrels lines, in one text.

#include "irm/pooling.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <tuple>

#include "lines.h"

namespace irm {
namespace {

using text::Line;
using text::Token;

InputError line_error(const Token& token, const std::string& message) {
  return text::error_at(ErrorCode::bad_token, token, message);
}

std::string expected_line() {
  return "expected `RUN TOPIC: doc doc …`, `qrels TOPIC: doc+ doc …`, a TREC run line (qid Q0 "
         "docno rank score tag) or a TREC qrels line (qid iter docno rel)";
}

bool is_whole(const std::string& s, bool allow_sign) {
  std::size_t i = allow_sign && !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  return i < s.size() && s.find_first_not_of("0123456789", i) == std::string::npos;
}

struct TrecItem {
  std::string doc;
  double score = 0;
};

}  // namespace

Result<RunSet> parse_runs(std::string_view input) {
  auto tokenized = text::tokenize(input, ",;");
  if (!tokenized.ok()) return tokenized.error();

  RunSet set;
  std::set<std::pair<std::string, std::string>> given;  // (run, topic) of compact lines
  std::map<std::pair<std::string, std::string>, std::vector<TrecItem>> trec;
  std::map<std::pair<std::string, std::string>, int> trec_line;
  std::map<std::tuple<std::string, std::string, std::string>, int> trec_seen;
  const auto note_name = [](std::vector<std::string>& names, const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  };

  for (const Line& line : text::group_lines(tokenized.value())) {
    const std::vector<Token>& t = line.tokens;
    if (t[0].text[0] == '#') continue;
    const std::string first = text::lower(t[0].text);
    const bool keyed = t.size() >= 2 && t[1].text.size() >= 2 && t[1].text.back() == ':';

    if (keyed && (first == "qrels" || first == "judged" || first == "judgments")) {
      const std::string topic = t[1].text.substr(0, t[1].text.size() - 1);
      note_name(set.topics, topic);
      set.has_judgments = true;
      auto& judged = set.judgments[topic];
      for (std::size_t i = 2; i < t.size(); ++i) {
        std::string doc = t[i].text;
        int grade = 0;
        if (doc.size() >= 3 && doc.front() == '*' && doc.back() == '*') {
          doc = doc.substr(1, doc.size() - 2);
          grade = 1;
        } else if (doc.size() >= 2 && (doc.back() == '+' || doc.back() == '-')) {
          grade = doc.back() == '+' ? 1 : 0;
          doc.pop_back();
        } else if (const std::size_t colon = doc.rfind(':');
                   colon != std::string::npos && colon > 0) {
          const std::string value = doc.substr(colon + 1);
          if (!is_whole(value, false)) {
            return text::error_at(ErrorCode::bad_number, t[i],
                                  "found " + text::quoted(t[i].text) + " at " +
                                      text::position(t[i].where) + "; after '" +
                                      doc.substr(0, colon + 1) + "' expected a whole-number grade");
          }
          grade = std::atoi(value.c_str());
          doc = doc.substr(0, colon);
        }
        judged[doc] = grade;
      }
      continue;
    }

    if (keyed) {
      const std::string run = t[0].text;
      const std::string topic = t[1].text.substr(0, t[1].text.size() - 1);
      if (!given.insert({run, topic}).second) {
        return line_error(t[1], "run " + run + " has a second ranking for topic " + topic +
                                    " at line " + std::to_string(line.number) +
                                    "; give each run one ranking per topic");
      }
      RunRanking ranking{run, topic, {}, line.number};
      std::set<std::string> docs;
      for (std::size_t i = 2; i < t.size(); ++i) {
        const std::string& doc = t[i].text;
        if (doc.front() == '*' || doc.back() == '+') {
          return line_error(t[i], "found " + text::quoted(doc) + " at " +
                                      text::position(t[i].where) +
                                      "; a run lists document names only — give judgments on a "
                                      "line `qrels " +
                                      topic + ": " + doc + "`");
        }
        if (!docs.insert(doc).second) {
          return line_error(t[i], "document '" + doc + "' appears twice in run " + run +
                                      "'s ranking for topic " + topic + " (at " +
                                      text::position(t[i].where) +
                                      "); a run ranks a document once per topic");
        }
        ranking.docs.push_back(doc);
      }
      note_name(set.runs, run);
      note_name(set.topics, topic);
      set.rankings.push_back(std::move(ranking));
      continue;
    }

    if (t.size() == 6 && text::lower(t[1].text) == "q0") {
      // qid Q0 docno rank score tag; the rank column is ignored, as trec_eval ignores it.
      const double score =
          text::is_decimal(t[4].text) ? std::strtod(t[4].text.c_str(), nullptr) : 0.0;
      if (!text::is_decimal(t[4].text) || !std::isfinite(score)) {
        return text::error_at(ErrorCode::bad_number, t[4],
                              "found " + text::quoted(t[4].text) + " at " +
                                  text::position(t[4].where) +
                                  "; the fifth column of a TREC run line is the score, a number");
      }
      const std::string topic = t[0].text;
      const std::string run = t[5].text;
      const auto key = std::make_tuple(run, topic, t[2].text);
      if (const auto [it, inserted] = trec_seen.emplace(key, line.number); !inserted) {
        return line_error(
            t[2], "document '" + t[2].text + "' appears twice in run " + run + " for topic " +
                      topic + ", at lines " + std::to_string(it->second) + " and " +
                      std::to_string(line.number) + "; a run ranks a document once per topic");
      }
      note_name(set.runs, run);
      note_name(set.topics, topic);
      trec[{run, topic}].push_back({t[2].text, score});
      trec_line.emplace(std::make_pair(run, topic), line.number);
      continue;
    }

    if (t.size() == 4 && is_whole(t[1].text, false)) {
      if (!is_whole(t[3].text, true)) {
        return text::error_at(ErrorCode::bad_number, t[3],
                              "found " + text::quoted(t[3].text) + " at " +
                                  text::position(t[3].where) +
                                  "; the fourth column of a TREC qrels line is the grade, a whole "
                                  "number");
      }
      const int grade = std::atoi(t[3].text.c_str());
      note_name(set.topics, t[0].text);
      set.has_judgments = true;
      auto& judged = set.judgments[t[0].text];
      // A negative grade marks a document as not judged (trec_eval).
      if (grade >= 0) judged[t[2].text] = grade;
      continue;
    }

    // The whole line is highlighted: it is the line's shape that is wrong, not one word.
    Token whole_line = t[0];
    whole_line.where.length = t.back().where.column + t.back().where.length - t[0].where.column;
    return line_error(whole_line, "line " + std::to_string(line.number) +
                                      " is not a run or judgment line; " + expected_line());
  }

  for (auto& [key, items] : trec) {
    // trec_eval's order: score descending, ties broken by docno descending.
    std::stable_sort(items.begin(), items.end(), [](const TrecItem& a, const TrecItem& b) {
      return a.score != b.score ? a.score > b.score : a.doc > b.doc;
    });
    RunRanking ranking{key.first, key.second, {}, trec_line[key]};
    for (const TrecItem& item : items) ranking.docs.push_back(item.doc);
    set.rankings.push_back(std::move(ranking));
  }
  if (!trec.empty()) {
    set.reading.push_back(
        "TREC run lines are ranked by score, highest first, ties broken by "
        "docno in descending order (trec_eval's order); the rank column is "
        "ignored.");
  }
  if (set.rankings.empty()) {
    return InputError{ErrorCode::empty_input,
                      "there are no runs; give one line per run and topic, e.g. `A q1: d1 d2 d3`, "
                      "or TREC run lines",
                      Span{}};
  }
  return set;
}

}  // namespace irm
