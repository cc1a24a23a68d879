// The bulk TREC readers (irm/trec.h): formats, trec_eval's ranking order, every kind of malformed
// line word for word, duplicates, and a property test against the teaching path.

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "helpers.h"
#include "irm/pooling.h"
#include "irm/trec.h"
#include "trec_files.h"

namespace {

std::vector<std::string> docnos_of(const irm::RankedTopic& topic) {
  return {topic.docnos.begin(), topic.docnos.end()};
}

int grade_of(const irm::Qrels& qrels, const std::string& topic, const std::string& docno) {
  return qrels.find(topic)->find(docno)->grade;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Reading

TEST_CASE("qrels: any whitespace, CRLF, comments and blank lines, topics in order of appearance",
          "[trec][qrels]") {
  const std::string bytes =
      "# judgments for two topics\r\n"
      "402 0 d7 2\r\n"
      "\r\n"
      "401\t0\td1\t1\r\n"
      "   # an indented comment\r\n"
      "402  0  d8  -1\r\n"
      "401 0 d2 0";  // no final line end
  const auto qrels = test::parsed_ok(irm::read_qrels(bytes, "qrels.txt"));
  CHECK(qrels.file_name == "qrels.txt");
  CHECK(qrels.topics == std::vector<std::string_view>{"402", "401"});
  CHECK(grade_of(qrels, "402", "d7") == 2);
  CHECK(grade_of(qrels, "402", "d8") == -1);
  CHECK(grade_of(qrels, "401", "d1") == 1);
  CHECK(grade_of(qrels, "401", "d2") == 0);
  CHECK(qrels.find("401")->find("d2")->line == 7);
  CHECK(qrels.warnings.empty());
}

TEST_CASE("relevant means grade >= level, negative grades are unjudged", "[trec][qrels]") {
  const std::string bytes = "1 0 a 2\n1 0 b 1\n1 0 c 0\n1 0 d -1\n1 0 e -3\n";
  const auto qrels = test::parsed_ok(irm::read_qrels(bytes, "q"));
  const auto& topic = *qrels.find("1");
  CHECK(irm::count_relevant(topic) == 2);
  CHECK(irm::count_relevant(topic, 2) == 1);
  CHECK(irm::count_relevant(topic, 0) == 3);  // 0 is judged; -1 and -3 are not
  CHECK(irm::is_judged(0));
  CHECK_FALSE(irm::is_judged(-1));
  CHECK_FALSE(irm::is_relevant(-1, -1));
}

TEST_CASE("run: fields, run id, CRLF and comments, the run keeps its own copy of the docnos",
          "[trec][run]") {
  const std::string bytes =
      "# run file\r\n"
      "401 Q0 d1 1 0.9 myrun\r\n"
      "\t401\tQ0\td2\t2\t-1.5e-1\tmyrun\r\n"
      "\r\n"
      "402 Q0 d9 1 +3 myrun\r\n";
  const auto run = test::parsed_ok(irm::read_run(bytes, "run.txt"));
  CHECK(run.file_name == "run.txt");
  CHECK(run.run_id == "myrun");
  REQUIRE(run.topics.size() == 2);
  CHECK(run.topic_index.at("402") == 1);
  const auto& docs = run.topics[0].docs;
  REQUIRE(docs.size() == 2);
  CHECK(docs[0].docno == "d1");
  CHECK(docs[0].score == 0.9);
  CHECK(docs[0].line == 2);
  CHECK(docs[1].docno == "d2");
  CHECK(docs[1].score == -0.15);
  CHECK(docs[1].line == 3);
  CHECK(run.topics[1].docs[0].score == 3.0);
  // The run may outlive the bytes (they arrive in pieces): its docnos are its own.
  CHECK(
      (docs[0].docno.data() < bytes.data() || docs[0].docno.data() >= bytes.data() + bytes.size()));
}

TEST_CASE("run: read in pieces split anywhere gives the same run as one piece", "[trec][run]") {
  const std::string bytes =
      "\xEF\xBB\xBF"
      "401 Q0 d1 1 0.9 first\n"
      "401 Q0 d2 2 0.8 first\r\n"
      "# comment\n"
      "402 Q0 d9 1 3 last";  // no line end at the end of the file
  const auto whole = test::parsed_ok(irm::read_run(bytes, "run.txt"));
  // The tag of the last line is the run id (trec_eval keeps the last one).
  CHECK(whole.run_id == "last");
  for (std::size_t size = 1; size <= 7; ++size) {
    irm::RunReader reader("run.txt");
    for (std::size_t at = 0; at < bytes.size(); at += size) {
      REQUIRE_FALSE(reader.feed(std::string_view(bytes).substr(at, size)).has_value());
    }
    const auto run = test::parsed_ok(reader.finish());
    CAPTURE(size);
    REQUIRE(run.topics.size() == 2);
    CHECK(run.topics[0].docs.size() == 2);
    CHECK(run.topics[0].docs[1].docno == "d2");
    CHECK(run.topics[0].docs[1].line == 2);
    CHECK(run.topics[1].docs[0].docno == "d9");
    CHECK(run.topics[1].docs[0].score == 3.0);
    CHECK(run.topics[1].docs[0].line == 4);
    CHECK(run.run_id == "last");
  }
}

TEST_CASE("run: an error in a line split across pieces names the right line and column",
          "[trec][run]") {
  irm::RunReader reader("run.txt");
  REQUIRE_FALSE(reader.feed("401 Q0 d1 1 0.9 r\n401 Q0 d2 2 ").has_value());
  const auto error = reader.feed("x r\n");
  REQUIRE(error.has_value());
  CHECK(error->code == irm::ErrorCode::bad_number);
  CHECK(error->where.line == 2);
  CHECK(error->where.column == 13);
  CHECK(error->message ==
        "found 'x' at line 2, column 13 of run.txt; expected the score (fifth field), a number "
        "such as 12.5, -3 or 1e-4");
  // The reader stays failed.
  CHECK(reader.feed("401 Q0 d3 3 0.5 r\n").has_value());
}

TEST_CASE("run: a topic whose lines come back later is still checked for duplicates",
          "[trec][run][duplicates]") {
  const std::string bytes =
      "1 Q0 a 1 3 r\n"
      "2 Q0 b 1 3 r\n"
      "1 Q0 c 2 2 r\n"
      "1 Q0 a 3 1 r\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.message ==
        "document 'a' is given twice for topic '1' in run.txt, at lines 1 and 4; trec_eval "
        "stops here: give each document once per topic, or choose to keep the first occurrence");
  const auto kept = test::parsed_ok(
      irm::read_run(bytes, "run.txt", irm::Compat::current, irm::Duplicates::keep_first));
  REQUIRE(kept.topics[0].docs.size() == 2);
  CHECK(kept.topics[0].docs[0].docno == "a");
  CHECK(kept.topics[0].docs[0].score == 3.0);
  CHECK(kept.topics[0].docs[1].docno == "c");
  CHECK(kept.warnings ==
        std::vector<std::string>{"document 'a' is given twice for topic '1' in run.txt, at lines 1 "
                                 "and 4; kept line 1"});
}

TEST_CASE("run: fields of every length and any blanks, scores as strtod reads them",
          "[trec][run]") {
  // The reader splits lines eight bytes at a time and reads the usual scores itself; strtod,
  // the C library's reader, is the reference for every score.
  std::string bytes;
  std::vector<std::string> docnos;
  const char* blanks[] = {" ", "\t", " \t ", "\v", "\f", "  "};
  for (std::size_t length = 1; length <= 20; ++length) {
    std::string docno(length, 'a');
    docno[length - 1] = static_cast<char>('a' + length);
    docnos.push_back(docno);
    const std::string b = blanks[length % 6];
    bytes += "7" + b + "Q0" + b + docno + b + std::to_string(length) + b + "1" + b + "t\n";
  }
  // A control byte that is not blank (0x01) and bytes of UTF-8 belong to their field.
  bytes += "7 Q0 x\x01y 21 1 t\n7 Q0 caf\xC3\xA9-\x01\x02\x03\x04\x05\x06\x07\x08 22 1 t\n";
  const auto run = test::parsed_ok(irm::read_run(bytes, "run.txt"));
  const auto& docs = run.topics.at(0).docs;
  REQUIRE(docs.size() == 22);
  for (std::size_t i = 0; i < 20; ++i) {
    CHECK(docs[i].docno == docnos[i]);
    CHECK(docs[i].rank == static_cast<int>(i + 1));
  }
  CHECK(docs[20].docno == "x\x01y");
  CHECK(docs[21].docno == "caf\xC3\xA9-\x01\x02\x03\x04\x05\x06\x07\x08");

  // Short and long, exact and not: 15 digits are read directly, 16 and more, exponents and
  // many zeros after the point by strtod itself.
  const std::vector<std::string> scores = {"0.1",
                                           "-0",
                                           "+.5",
                                           "5.",
                                           "00012.500",
                                           "123456789012345",
                                           "0.123456789012345",
                                           "1234567890123456",
                                           "9007199254740993",
                                           "0.1234567890123456789",
                                           "0.0000000000000000000001",
                                           "1e5",
                                           "-2.5E-3",
                                           "99999999999999.9",
                                           "0.30000000000000004"};
  std::string lines;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    lines += "1 Q0 d" + std::to_string(i) + " 1 " + scores[i] + " r\n";
  }
  const auto read = test::parsed_ok(irm::read_run(lines, "run.txt"));
  const auto& scored = read.topics.at(0).docs;
  REQUIRE(scored.size() == scores.size());
  for (std::size_t i = 0; i < scores.size(); ++i) {
    INFO(scores[i]);
    CHECK(scored[i].score == std::strtod(scores[i].c_str(), nullptr));
  }
  CHECK(std::signbit(scored[1].score));  // "-0" is minus zero, as strtod reads it

  // Ranks: signs and leading zeros; beyond int's range they are clamped (only their order is
  // used, by --ties rank).
  const auto ranks = test::parsed_ok(
      irm::read_run("1 Q0 a +3 1 r\n1 Q0 b -2 1 r\n1 Q0 c 0007 1 r\n1 Q0 d 99999999999 1 r\n"
                    "1 Q0 e -99999999999 1 r\n",
                    "run.txt"));
  const auto& ranked = ranks.topics.at(0).docs;
  CHECK(ranked[0].rank == 3);
  CHECK(ranked[1].rank == -2);
  CHECK(ranked[2].rank == 7);
  CHECK(ranked[3].rank == std::numeric_limits<int>::max());
  CHECK(ranked[4].rank == std::numeric_limits<int>::min());
}

TEST_CASE("rank_topics: score descending, ties by docno descending in byte order, rank ignored",
          "[trec][run][ties]") {
  const std::string bytes =
      "401 Q0 a 1 1.0 r\n"
      "401 Q0 b 2 2.0 r\n"
      "401 Q0 B 3 1.0 r\n"  // 'B' (0x42) sorts below 'a' (0x61) and 'b'
      "401 Q0 d10 4 1.0 r\n"
      "401 Q0 d9 5 1.0 r\n"        // byte order: "d9" > "d10"
      "401 Q0 \xC3\xA9 6 1.0 r\n"  // é: bytes above ASCII come first among ties
      "402 Q0 z 1 0 r\n";
  const auto run = test::parsed_ok(irm::read_run(bytes, "run.txt"));
  const auto ranked = irm::rank_topics(run);
  REQUIRE(ranked.size() == 2);
  CHECK(ranked[0].topic == "401");
  CHECK(docnos_of(ranked[0]) == std::vector<std::string>{"b", "\xC3\xA9", "d9", "d10", "a", "B"});
  CHECK(docnos_of(ranked[1]) == std::vector<std::string>{"z"});
}

TEST_CASE("Compat::trec9 reads scores as 32-bit floats, so near scores tie",
          "[trec][run][compat]") {
  const std::string bytes = "1 Q0 a 1 0.1000000001 r\n1 Q0 b 2 0.1000000002 r\n";
  const auto current = test::parsed_ok(irm::read_run(bytes, "run.txt"));
  CHECK(current.topics[0].docs[0].score == 0.1000000001);
  // As doubles b scores higher; as floats both are 0.1f and the tie goes to docno descending.
  CHECK(docnos_of(irm::rank_topics(current)[0]) == std::vector<std::string>{"b", "a"});

  const auto trec9 = test::parsed_ok(irm::read_run(bytes, "run.txt", irm::Compat::trec9));
  CHECK(trec9.topics[0].docs[0].score == static_cast<double>(0.1f));
  CHECK(trec9.topics[0].docs[1].score == static_cast<double>(0.1f));
  CHECK(docnos_of(irm::rank_topics(trec9)[0]) == std::vector<std::string>{"b", "a"});

  const std::string order = "1 Q0 a 1 0.30000001 r\n1 Q0 b 2 0.3 r\n";
  CHECK(docnos_of(irm::rank_topics(test::parsed_ok(irm::read_run(order, "r")))[0]) ==
        std::vector<std::string>{"a", "b"});
  CHECK(docnos_of(irm::rank_topics(test::parsed_ok(irm::read_run(
            order, "r", irm::Compat::trec9)))[0]) == std::vector<std::string>{"b", "a"});
}

// ---------------------------------------------------------------------------------------------
// Malformed lines: one case per kind of mistake, code, place and message word for word.

TEST_CASE("error: a qrels line with too few fields", "[trec][qrels][errors]") {
  const std::string bytes = "401 0 d1 1\n401 0 d2\n";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 8);
  CHECK(e.message == "line 2 of qrels.txt has 3 fields, expected 4 fields: qid iter docno rel");
}

TEST_CASE("error: a qrels line with too many fields (columns in code points)",
          "[trec][qrels][errors]") {
  const std::string bytes = "401\t0 d\xC3\xA9 1 x y \r\n";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 12);
  CHECK(e.where.length == 3);  // "x y", the extra fields
  CHECK(e.message ==
        "found an extra field 'x' at line 1, column 12 of qrels.txt; expected 4 fields: qid iter "
        "docno rel");
}

TEST_CASE("error: a rel that is not a whole number", "[trec][qrels][errors]") {
  const std::string bytes = "# qrels\n401 0 d1 yes\n";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 10);
  CHECK(e.where.length == 3);
  CHECK(e.message ==
        "found 'yes' at line 2, column 10 of qrels.txt; expected the rel (fourth field), a whole "
        "number such as 0, 1, 2 or -1");
  for (const std::string rel : {"1.5", "+", "-", "+-1"}) {
    const std::string line = "401 0 d1 " + rel;
    CHECK(test::parse_fails(irm::read_qrels(line, "q"), line).code == irm::ErrorCode::bad_number);
  }
  // A whole number beyond an int is out of range (tests/core/bad_inputs_test.cpp).
  CHECK(test::parse_fails(irm::read_qrels("401 0 d1 99999999999", "q"), "").code ==
        irm::ErrorCode::out_of_range);
  CHECK(grade_of(test::parsed_ok(irm::read_qrels("1 0 a +2", "q")), "1", "a") == 2);
}

TEST_CASE("error: a run line with too few fields", "[trec][run][errors]") {
  const std::string bytes = "401 Q0 d1 1 0.5\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 15);
  CHECK(e.message ==
        "line 1 of run.txt has 5 fields, expected 6 fields: qid Q0 docno rank score tag");
  const auto one = test::parse_fails(irm::read_run("  401\n", "run.txt"), "  401");
  CHECK(one.where.column == 3);
  CHECK(one.where.length == 3);
  CHECK(one.message ==
        "line 1 of run.txt has 1 field, expected 6 fields: qid Q0 docno rank score tag");
}

TEST_CASE("error: a run line with too many fields", "[trec][run][errors]") {
  const std::string bytes = "401 Q0 d1 1 0.5 tag more words\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 21);
  CHECK(e.where.length == 10);
  CHECK(e.message ==
        "found an extra field 'more' at line 1, column 21 of run.txt; expected 6 fields: qid Q0 "
        "docno rank score tag");
}

TEST_CASE("run: extra fields after the tag are ignored as trec_eval ignores them, on request",
          "[trec][run]") {
  // trec_eval 10.0 stops reading a run line at its sixth field (its test file results.trunc
  // has "more junk at" after the tag): the tag is the sixth field, the rest is dropped. One
  // warning names the first such line: line 1, column 21 ('401 Q0 d1 1 0.5 tag ' is 20 bytes).
  irm::RunReader reader("run.txt");
  reader.read_as_trec_eval(true);
  REQUIRE_FALSE(reader.feed("401 Q0 d1 1 0.5 tag more words\n401 Q0 d2 2 0.25 tag2 x\n"));
  const auto run = test::parsed_ok(reader.finish());
  REQUIRE(run.topics.size() == 1);
  CHECK(run.topics[0].docs.size() == 2);
  CHECK(run.topics[0].docs[1].score == 0.25);
  CHECK(run.run_id == "tag2");
  REQUIRE(run.warnings.size() == 1);
  CHECK(run.warnings[0].rfind("run.txt:1:21: ", 0) == 0);
  CHECK(run.warnings[0].find("--strict") != std::string::npos);
  // Fewer than 6 fields are still an error.
  irm::RunReader short_line("run.txt");
  short_line.read_as_trec_eval(true);
  CHECK(short_line.feed("401 Q0 d1 1 0.5\n").has_value());
  // Lines ended by a lone CR read as one long line: still an error, which says so.
  irm::RunReader mac("run.txt");
  mac.read_as_trec_eval(true);
  const auto e = mac.feed("401 Q0 d1 1 0.5 tag\r401 Q0 d2 2 0.4 tag\n");
  REQUIRE(e.has_value());
  CHECK(e->message.find("carriage return") != std::string::npos);
}

TEST_CASE("error: a rank that is not a whole number", "[trec][run][errors]") {
  const std::string bytes = "401 Q0 d1 first 0.5 tag\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 11);
  CHECK(e.where.length == 5);
  CHECK(e.message ==
        "found 'first' at line 1, column 11 of run.txt; expected the rank (fourth field), a whole "
        "number");
}

TEST_CASE("read as trec_eval: a rank that is not a whole number is ignored, with a warning",
          "[trec][run]") {
  // trec_eval never reads the rank column; neither does the reader in trec_eval's mode.
  irm::RunReader reader("run.txt");
  reader.read_as_trec_eval(true);
  REQUIRE_FALSE(reader.feed("401 Q0 d1 first 0.5 tag\n401 Q0 d2 2.5 0.4 tag\n"));
  auto run = reader.finish();
  REQUIRE(run.ok());
  CHECK(run.value().topics.at(0).docs.size() == 2);
  REQUIRE(run.value().warnings.size() == 1);
  CHECK(run.value().warnings[0] ==
        "run.txt:1:11: the rank 'first' at line 1, column 11 of run.txt is not a whole number; "
        "ignored (and any later such rank), as trec_eval ignores the rank column; --strict "
        "refuses it");
}

TEST_CASE("error: a score that is not a number", "[trec][run][errors]") {
  const std::string bytes = "401 Q0 d1 1 0.5 tag\n401 Q0 d2 2 high tag\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_number);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 13);
  CHECK(e.where.length == 4);
  CHECK(e.message ==
        "found 'high' at line 2, column 13 of run.txt; expected the score (fifth field), a number "
        "such as 12.5, -3 or 1e-4");
  for (const std::string score : {"inf", "nan", "0x1p3", "1e", ".", "1.2.3"}) {
    const std::string line = "1 Q0 d " + std::string("1 ") + score + " r";
    CHECK(test::parse_fails(irm::read_run(line, "r"), line).code == irm::ErrorCode::bad_number);
  }
}

TEST_CASE("run and qrels: numbers read as trec_eval's atof and atol read them, on request",
          "[trec][run][qrels]") {
  // trec_eval reads a score with atof and a rel with atol: the number at the start of the field,
  // the rest ignored. Scores: "1,5" is 1, "1.5x" is 1.5, "0x10" is hexadecimal 16, "inf" is
  // infinity, "-3e1junk" is -30; "nan" is ranked below every number here (trec_eval's sort puts
  // it by no rule). A field with no number at its start stays an error.
  irm::RunReader reader("run.txt");
  reader.read_as_trec_eval(true);
  REQUIRE_FALSE(reader.feed(
      "1 Q0 a 1 1,5 t\n1 Q0 b 2 1.5x t\n1 Q0 c 3 0x10 t\n1 Q0 d 4 inf t\n1 Q0 e 5 -3e1junk t\n"
      "1 Q0 f 6 nan t\n1 Q0 g 7 2 t\n"));
  const auto run = test::parsed_ok(reader.finish());
  const auto& docs = run.topics.at(0).docs;
  REQUIRE(docs.size() == 7);
  CHECK(docs[0].score == 1.0);
  CHECK(docs[1].score == 1.5);
  CHECK(docs[2].score == 16.0);
  CHECK(docs[3].score == std::numeric_limits<double>::infinity());
  CHECK(docs[4].score == -30.0);
  CHECK(docs[5].score == -std::numeric_limits<double>::infinity());
  CHECK(docs[6].score == 2.0);
  // One warning, at the first such score: line 1, column 10 ("1 Q0 a 1 " is 9 bytes).
  REQUIRE(run.warnings.size() == 1);
  CHECK(run.warnings[0].rfind("run.txt:1:10: read the score '1,5'", 0) == 0);
  irm::RunReader word("run.txt");
  word.read_as_trec_eval(true);
  CHECK(word.feed("1 Q0 a 1 high t\n").has_value());
  // Rels: "1.7" is 1, "-2.5" is -2; "x" stays an error. Off by default.
  const std::string qrels = "1 0 a 1.7\n1 0 b -2.5\n1 0 c 0\n";
  const auto q = test::parsed_ok(irm::read_qrels(qrels, "q.txt", irm::Duplicates::error, true));
  CHECK(q.judgments.at(0).all()[0].grade == 1);
  CHECK(q.judgments.at(0).all()[1].grade == -2);
  REQUIRE(q.warnings.size() == 1);
  CHECK(q.warnings[0].rfind("q.txt:1:7: read the rel '1.7'", 0) == 0);
  CHECK_FALSE(irm::read_qrels(qrels, "q.txt").ok());
  CHECK_FALSE(irm::read_qrels("1 0 a x\n", "q.txt", irm::Duplicates::error, true).ok());
}

TEST_CASE("error: an empty file, or only comments and blank lines", "[trec][errors]") {
  const std::string bytes = "# nothing here\r\n\r\n   \n";
  const auto q = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(q.code == irm::ErrorCode::empty_input);
  CHECK(q.where.line == 0);
  CHECK(q.message ==
        "qrels.txt has no judgment lines; expected lines of 4 fields: qid iter docno rel");
  const auto r = test::parse_fails(irm::read_run("", "run.txt"), "");
  CHECK(r.code == irm::ErrorCode::empty_input);
  CHECK(r.where.line == 0);
  CHECK(r.message ==
        "run.txt has no run lines; expected lines of 6 fields: qid Q0 docno rank score tag");
}

// ---------------------------------------------------------------------------------------------
// Duplicates

TEST_CASE("error: a docno judged twice for a topic names both lines", "[trec][qrels][duplicates]") {
  const std::string bytes = "401 0 d1 1\n402 0 d1 0\n401 0 d2 0\n401 0 d1 0\n";
  const auto e = test::parse_fails(irm::read_qrels(bytes, "qrels.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 4);
  CHECK(e.where.column == 7);
  CHECK(e.where.length == 2);
  CHECK(e.message ==
        "document 'd1' is given twice for topic '401' in qrels.txt, at lines 1 and 4; trec_eval "
        "stops here: give each document once per topic, or choose to keep the first occurrence");
}

TEST_CASE("keep_first: a qrels duplicate keeps the first grade and warns",
          "[trec][qrels][duplicates]") {
  const std::string bytes = "401 0 d1 1\n402 0 d1 0\n401 0 d2 0\n401 0 d1 0\n";
  const auto qrels =
      test::parsed_ok(irm::read_qrels(bytes, "qrels.txt", irm::Duplicates::keep_first));
  CHECK(grade_of(qrels, "401", "d1") == 1);
  CHECK(qrels.find("401")->size() == 2);
  CHECK(qrels.warnings ==
        std::vector<std::string>{"document 'd1' is given twice for topic '401' in qrels.txt, at "
                                 "lines 1 and 4; kept line 1"});
}

TEST_CASE("error: a docno ranked twice for a topic names both lines", "[trec][run][duplicates]") {
  const std::string bytes = "9 Q0 x 1 3 r\n9 Q0 y 2 2 r\n9 Q0 x 3 1 r\n";
  const auto e = test::parse_fails(irm::read_run(bytes, "run.txt"), bytes);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 3);
  CHECK(e.where.column == 6);
  CHECK(e.where.length == 1);
  CHECK(e.message ==
        "document 'x' is given twice for topic '9' in run.txt, at lines 1 and 3; trec_eval stops "
        "here: give each document once per topic, or choose to keep the first occurrence");
}

TEST_CASE("keep_first: a run duplicate keeps the first score, many duplicates are counted",
          "[trec][run][duplicates]") {
  const std::string bytes = "9 Q0 x 1 1 r\n9 Q0 y 2 2 r\n9 Q0 x 3 3 r\n";
  const auto run = test::parsed_ok(
      irm::read_run(bytes, "run.txt", irm::Compat::current, irm::Duplicates::keep_first));
  CHECK(docnos_of(irm::rank_topics(run)[0]) == std::vector<std::string>{"y", "x"});
  CHECK(run.warnings == std::vector<std::string>{"document 'x' is given twice for topic '9' in "
                                                 "run.txt, at lines 1 and 3; kept line 1"});

  std::string many;
  for (int i = 0; i < 25; ++i) many += "1 Q0 d" + std::to_string(i) + " 1 1 r\n";
  for (int i = 0; i < 25; ++i) many += "1 Q0 d" + std::to_string(i) + " 1 1 r\n";
  const auto big = test::parsed_ok(
      irm::read_run(many, "big.txt", irm::Compat::current, irm::Duplicates::keep_first));
  REQUIRE(big.warnings.size() == 21);
  CHECK(big.warnings[0] ==
        "document 'd0' is given twice for topic '1' in big.txt, at lines 1 and 26; kept line 1");
  CHECK(big.warnings[20] ==
        "… and 5 more documents given twice in big.txt; the first occurrence of each was kept");
  CHECK(big.topics[0].docs.size() == 25);
}

// ---------------------------------------------------------------------------------------------
// The bulk path against the teaching path

TEST_CASE(
    "property: for generated topics, rank_topics + qrels give the teaching path's ranking "
    "and marks, and AP equals the teaching AP to 1e-12",
    "[trec][property]") {
  int topics_checked = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const test::TrecFiles files = test::generate_trec_files(seed);
    INFO("seed " << seed << "\nqrels:\n" << files.qrels << "run:\n" << files.run);
    const auto qrels = test::parsed_ok(irm::read_qrels(files.qrels, "qrels.txt"));
    const auto run = test::parsed_ok(irm::read_run(files.run, "run.txt"));
    // The teaching path's reader of TREC lines (the pooling calculator's), on the same text.
    const auto teaching = test::parsed_ok(irm::parse_runs(files.run + files.qrels));

    for (const irm::RankedTopic& ranked : irm::rank_topics(run)) {
      const std::string topic(ranked.topic);
      INFO("topic " << topic);
      const irm::TopicJudgments& judged = *qrels.find(ranked.topic);

      // Bulk: plain doubles, one pass down the ranking.
      const std::int64_t total_relevant = irm::count_relevant(judged);
      std::string marks;
      double precision_sum = 0.0;
      std::int64_t relevant_so_far = 0;
      for (std::size_t k = 0; k < ranked.docnos.size(); ++k) {
        const irm::Judgment* found = judged.find(ranked.docnos[k]);
        const bool relevant = found != nullptr && irm::is_relevant(found->grade);
        if (relevant) {
          ++relevant_so_far;
          precision_sum += static_cast<double>(relevant_so_far) / static_cast<double>(k + 1);
        }
        marks += (k == 0 ? "" : " ") + std::string(relevant ? "R" : "N");
      }
      const double bulk_ap = precision_sum / static_cast<double>(total_relevant);

      // Teaching: the same ranking and the same marks from the pooling reader.
      const irm::RunRanking* ranking = nullptr;
      for (const auto& r : teaching.rankings) {
        if (r.topic == topic) ranking = &r;
      }
      REQUIRE(ranking != nullptr);
      CHECK(ranking->docs == docnos_of(ranked));
      std::string teaching_marks;
      std::int64_t teaching_relevant = 0;
      const auto& grades = teaching.judgments.at(topic);
      for (const auto& [doc, grade] : grades) teaching_relevant += grade >= 1 ? 1 : 0;
      for (std::size_t k = 0; k < ranking->docs.size(); ++k) {
        const auto it = grades.find(ranking->docs[k]);
        const bool relevant = it != grades.end() && it->second >= 1;
        teaching_marks += (k == 0 ? "" : " ") + std::string(relevant ? "R" : "N");
      }
      CHECK(teaching_marks == marks);
      CHECK(teaching_relevant == total_relevant);

      const auto ap =
          test::ok(irm::compute("AP", marks, {{"relevant", std::to_string(total_relevant)}}));
      CHECK_THAT(ap.value.approx, Catch::Matchers::WithinAbs(bulk_ap, 1e-12));
      ++topics_checked;
    }
  }
  CHECK(topics_checked > 500);
}

TEST_CASE("error: a qrels or run file saved as UTF-16 is said to be UTF-16", "[trec][errors]") {
  // "301 0 d1 1\n" as UTF-16: little-endian with its byte-order mark (Windows' "Unicode"), then
  // without one, then big-endian. Read as bytes, each field would hold NULs.
  const auto utf16 = [](const std::string& ascii, bool little, bool mark) {
    std::string out = mark ? (little ? "\xFF\xFE" : "\xFE\xFF") : "";
    for (const char c : ascii) {
      if (little) {
        out += c;
        out += '\0';
      } else {
        out += '\0';
        out += c;
      }
    }
    return out;
  };
  const std::string said =
      "); qrels and runs are read as UTF-8 or ASCII, as trec_eval reads them: save the file as "
      "UTF-8 (an editor's Save as, encoding UTF-8, or iconv -f UTF-16 -t UTF-8)";
  const std::string marked = utf16("301 0 d1 1\n", true, true);
  const auto e = test::parse_fails(irm::read_qrels(marked, "qrels.txt"), marked);
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 1);
  CHECK(e.message ==
        "line 1 of qrels.txt is UTF-16 text (it starts with UTF-16's byte-order mark" + said);
  for (const bool little : {true, false}) {
    const std::string bare = utf16("301 0 d1 1\n", little, false);
    CHECK(test::parse_fails(irm::read_qrels(bare, "q"), bare).message ==
          "line 1 of q is UTF-16 text (a NUL byte beside each character" + said);
  }
  // A run, streamed: the first line says it, in whatever pieces it comes.
  const std::string run = utf16("301 Q0 d1 1 2.5 r\n", true, true);
  irm::RunReader reader("run.txt");
  REQUIRE_FALSE(reader.feed(run.substr(0, 9)).has_value());
  const auto error = reader.feed(run.substr(9));
  REQUIRE(error.has_value());
  CHECK(error->message ==
        "line 1 of run.txt is UTF-16 text (it starts with UTF-16's byte-order mark" + said);
  // UTF-8 with its byte-order mark is read as before.
  const std::string utf8 =
      "\xEF\xBB\xBF"
      "301 0 d1 1\n";
  CHECK(irm::read_qrels(utf8, "q").ok());
}
