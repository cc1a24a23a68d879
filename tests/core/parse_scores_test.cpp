// The scored-labels parser: the three layouts, the labels and number forms it accepts, and one
// test per kind of mistake with the code, the position and the message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

namespace {

irm::ScoredLabels parsed(const std::string& text) {
  return test::parsed_ok(irm::parse_scored_labels(text));
}

irm::InputError parse_error(const std::string& text) {
  return test::parse_fails(irm::parse_scored_labels(text), text);
}

std::string labels(const irm::ScoredLabels& s) {
  std::string out;
  for (const auto& item : s.items) out += item.relevant ? '+' : '-';
  return out;
}

std::vector<double> scores(const irm::ScoredLabels& s) {
  std::vector<double> out;
  for (const auto& item : s.items) out.push_back(item.score);
  return out;
}

}  // namespace

TEST_CASE("scored labels: pairs: one label and one score per line", "[parse][scores]") {
  const auto s = parsed("1 0.9\n0 0.8\n1 0.7");
  CHECK(labels(s) == "+-+");
  CHECK(scores(s) == std::vector<double>{0.9, 0.8, 0.7});
  CHECK_FALSE(s.from_ranking);
  CHECK(s.items[1].where.line == 2);
  CHECK(s.items[1].where.column == 1);
  CHECK(s.items[1].score_text == "0.8");
  CHECK(s.items[2].index == 3);
  CHECK(s.positives() == 2);
  CHECK(s.negatives() == 1);
  CHECK(s.reading.at(0) == "Read each line as a label and a score.");
}

TEST_CASE("scored labels: pairs: a document name first, a header line, commas and tabs",
          "[parse][scores]") {
  const auto named = parsed("d1 1 0.9\nd2 0 0.8");
  CHECK(named.items[0].name == "d1");
  CHECK(named.reading.at(0) == "Read each line as a document, its label and its score.");
  const auto header = parsed("label score\n1 0.9\n0 0.8");
  CHECK(labels(header) == "+-");
  CHECK(header.reading.at(0) ==
        "Read each line as a label and a score. The first line is a "
        "header.");
  CHECK(labels(parsed("1,0.9\n0,0.8")) == "+-");
  CHECK(labels(parsed("1\t0.9\r\n0\t0.8\r\n")) == "+-");
}

TEST_CASE("scored labels: labels: 1/0, R/N, +/-, yes/no, true/false, pos/neg, +1/-1 in any case",
          "[parse][scores]") {
  const auto s = parsed(
      "yes 1\nno 2\nTRUE 3\nfalse 4\nPos 5\nneg 6\nR 7\nn 8\n+ 9\n- 10\n+1 11\n-1 12\n"
      "relevant 13\nnon-relevant 14");
  CHECK(labels(s) == "+-+-+-+-+-+-+-");
}

TEST_CASE("scored labels: scores: signs, exponents and a leading point", "[parse][scores]") {
  const auto s = parsed("1 -2.5e-1\n0 .5\n1 +3\n0 1E2\n1 -0");
  CHECK(scores(s) == std::vector<double>{-0.25, 0.5, 3.0, 100.0, 0.0});
  CHECK(s.items[0].score_text == "-2.5e-1");
}

TEST_CASE("scored labels: two lines labels: and scores:, in either order", "[parse][scores]") {
  const auto s = parsed("labels: 1 0 1 0\nscores: 0.9 0.8 0.8 0.1");
  CHECK(labels(s) == "+-+-");
  CHECK(scores(s) == std::vector<double>{0.9, 0.8, 0.8, 0.1});
  CHECK(s.items[2].where.column == 13);
  CHECK(s.reading.at(0) ==
        "Read labels: and scores: as 4 items, the i-th label with the i-th score.");
  CHECK(labels(parsed("scores : 0.2,0.1\nlabels:0 1")) == "-+");
}

TEST_CASE("scored labels: a ranking is the fallback: rank 1 has the highest score",
          "[parse][scores]") {
  const auto s = parsed("R N R");
  CHECK(s.from_ranking);
  CHECK(labels(s) == "+-+");
  CHECK(scores(s) == std::vector<double>{-1, -2, -3});
  CHECK(s.items[2].score_text == "rank 3");
  CHECK(s.reading.at(0) ==
        "Read as a ranking of judged documents: rank 1 has the highest score, so each threshold "
        "returns the top k documents.");
  // One line "1 0" is a two-document ranking; two such lines are pairs.
  CHECK(parsed("1 0").from_ranking);
  CHECK_FALSE(parsed("1 0\n0 1").from_ranking);
  CHECK(parsed("D1 *D2* D3").items[1].name == "D2");
}

TEST_CASE("scored labels: a ranking: unjudged documents are left out and relevant=N is not used",
          "[parse][scores]") {
  const auto s = parsed("relevant=5\nR U N ?");
  CHECK(labels(s) == "+-");
  CHECK(scores(s) == std::vector<double>{-1, -3});
  CHECK(s.reading.at(1) ==
        "2 unjudged documents (ranks 2, 4) are left out: ROC, AUC and EER need a judgement for "
        "every item.");
  CHECK(s.reading.at(2) ==
        "relevant=5 is not used: these measures look only at the judged documents listed.");
}

TEST_CASE("scored labels, error: empty input", "[parse][scores][errors]") {
  for (const char* text : {"", "  \n\t ", ",,;"}) {
    const auto e = parse_error(text);
    CHECK(e.code == ErrorCode::empty_input);
    CHECK(e.where.line == 0);
    CHECK(e.message ==
          "the input is empty; paste one label and score per line (1 0.9), two lines labels: 1 0 "
          "1 and scores: 0.9 0.8 0.7, or a ranking of judged documents such as R N R N");
  }
}

TEST_CASE("scored labels, error: an unknown label", "[parse][scores][errors]") {
  const auto e = parse_error("1 0.9\nx 0.8");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "found 'x' at line 2, column 1; expected a label: 1 or 0, R or N, + or -, yes or no, true "
        "or false, pos or neg");
  const auto keyed = parse_error("labels: 1 maybe\nscores: 1 2");
  CHECK(keyed.where.column == 11);
  CHECK(keyed.message ==
        "found 'maybe' at line 1, column 11; expected a label: 1 or 0, R or N, + or -, yes or no, "
        "true or false, pos or neg");
}

TEST_CASE("scored labels, error: a score that is not a number", "[parse][scores][errors]") {
  const auto e = parse_error("1 0.9\n0 0.8x");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 3);
  CHECK(e.where.length == 4);
  CHECK(e.message ==
        "found '0.8x' at line 2, column 3; expected a score, a number such as 0.8, -1.5 or 2e-3");
  // strtod would read these; the calculator does not.
  CHECK(parse_error("1 0.9\n0 inf").code == ErrorCode::bad_number);
  CHECK(parse_error("1 0.9\n0 nan").code == ErrorCode::bad_number);
  CHECK(parse_error("1 0.9\n0 0x1p3").code == ErrorCode::bad_number);
  CHECK(parse_error("1 0.9\n0 1e").code == ErrorCode::bad_number);
  CHECK(parse_error("labels: 1 0\nscores: 0.9 3/0").message ==
        "found '3/0' at line 2, column 13; expected a score, a number such as 0.8, -1.5 or 2e-3");
}

TEST_CASE("scored labels, error: a score too large for a double", "[parse][scores][errors]") {
  const auto e = parse_error("1 1e999\n0 0.5");
  CHECK(e.code == ErrorCode::out_of_range);
  CHECK(e.where.column == 3);
  CHECK(e.message ==
        "the score '1e999' at line 1, column 3 is too large to compare; rescale the scores");
}

TEST_CASE("scored labels, error: a line with an extra entry", "[parse][scores][errors]") {
  const auto e = parse_error("1 0.9\n0 0.8 0.7");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 7);
  CHECK(e.message ==
        "found '0.7' at line 2, column 7 after the score; expected a label and a score, as in 1 "
        "0.9 on each line");
}

TEST_CASE("scored labels, error: a line without its score", "[parse][scores][errors]") {
  const auto e = parse_error("1 0.9\n0");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "line 2 has 1 entry; expected a label and a score, as in 1 0.9 (as on line 1)");
  CHECK(parse_error("d1 1 0.9\nd2 0").message ==
        "line 2 has 2 entries; expected a document name, a label and a score, as in d1 1 0.9 (as "
        "on line 1)");
}

TEST_CASE("scored labels, error: labels: without scores:, or the other way round",
          "[parse][scores][errors]") {
  const auto e = parse_error("labels: 1 0");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 6);
  CHECK(e.message ==
        "found a labels: line at line 1, column 1 but no scores: line; add scores: with one score "
        "per label");
  CHECK(parse_error("scores: 0.9 0.8").message ==
        "found a scores: line at line 1, column 1 but no labels: line; add labels: with one label "
        "(1 or 0) per score");
}

TEST_CASE("scored labels, error: labels: and scores: of different lengths",
          "[parse][scores][errors]") {
  const auto e = parse_error("labels: 1 0 1\nscores: 0.9 0.8");
  CHECK(e.code == ErrorCode::inconsistent_counts);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 13);
  CHECK(e.message ==
        "labels: has 3 entries (line 1) but scores: has 2 entries (line 2); give one score per "
        "label. The first without a partner is '1' at line 1, column 13");
  const auto shorter = parse_error("labels: 1\nscores: 0.9 0.8");
  CHECK(shorter.where.line == 2);
  CHECK(shorter.where.column == 13);
  CHECK(shorter.where.length == 3);
}

TEST_CASE("scored labels, error: a line that is not labels: or scores:",
          "[parse][scores][errors]") {
  const auto e = parse_error("labels: 1 0\nscores: 0.1 0.2\nfoo: 3");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 3);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "found 'foo' at line 3, column 1; expected a line starting labels: or scores:");
}

TEST_CASE("scored labels, error: labels: given twice", "[parse][scores][errors]") {
  const auto e = parse_error("labels: 1 0\nlabels: 0 1\nscores: 1 2");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.message ==
        "a second labels: line at line 2, column 1; the first is on line 1. Give it "
        "once");
}

TEST_CASE("scored labels, error: an empty labels: line", "[parse][scores][errors]") {
  const auto e = parse_error("labels:\nscores: 0.9");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.where.line == 1);
  CHECK(e.message ==
        "the labels: line at line 1, column 1 is empty; list one entry per item after the colon");
}

TEST_CASE("scored labels, error: a document named twice", "[parse][scores][errors]") {
  const auto e = parse_error("d1 1 0.9\nd1 0 0.8");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.message ==
        "document 'd1' is listed twice, at line 1, column 1 and at line 2, column 1; give each "
        "document once");
}

TEST_CASE("scored labels, error: a ranking where every document is unjudged",
          "[parse][scores][errors]") {
  const auto e = parse_error("U ? U");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message ==
        "every document in the ranking is unjudged; mark each one relevant (R, +, 1) or not (N, "
        "-, 0)");
}

TEST_CASE("scored labels, error: a ranking's own mistakes come from the ranked-list reader",
          "[parse][scores][errors]") {
  const auto e = parse_error("R N X");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 5);
  CHECK(e.message.rfind("found 'X' at line 1, column 5 in a list of relevance marks", 0) == 0);
}

TEST_CASE("scored labels, error: bytes that are not UTF-8", "[parse][scores][errors]") {
  const auto e = parse_error("1 0.9\n0 \xff");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 3);
}
