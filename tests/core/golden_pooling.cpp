// Depth-k pooling: the pool of each topic, what each run adds, and runs scored with and without
// the pooling assumption. Worked by hand in the comments.

#include <catch2/catch.hpp>

#include "helpers.h"

using test::frac;
using test::run;

namespace {
// Three runs over two topics, and judgments of the depth-2 pool.
const char* const runs =
    "A q1: d1 d2 d3 d4\n"
    "B q1: d2 d5 d1\n"
    "C q1: d6 d2\n"
    "A q2: d7 d8\n"
    "B q2: d8 d9\n"
    "qrels q1: d1+ d2 d5+ d6\n"
    "qrels q2: d8+ d9";
}  // namespace

TEST_CASE("POOL1: the depth-2 pools of three runs over two topics", "[golden][POOL1][pool]") {
  // q1: A's top 2 {d1, d2}, B's {d2, d5}, C's {d6, d2}: pool {d1, d2, d5, d6}, size 4; d2 is
  // shared by all three, so A adds d1 alone, B d5, C d6.
  // q2: A {d7, d8}, B {d8, d9}: pool {d7, d8, d9}, size 3; A adds d7, B d9. In all 4 + 3 = 7.
  const auto o = run("pool@2", runs);
  CHECK(*o.value.exact == frac(7, 1));
  CHECK(*test::value_of(o, "pool_size").exact == frac(7, 1));
  CHECK(*test::value_of(o, "q1:pool_size").exact == frac(4, 1));
  CHECK(*test::value_of(o, "q2:pool_size").exact == frac(3, 1));
  CHECK(*test::value_of(o, "A:unique").exact == frac(2, 1));
  CHECK(*test::value_of(o, "C:unique").exact == frac(1, 1));
  CHECK(o.steps.at(0).rows.at(0).at(3).text == "d1, d2, d5, d6");
  // Judging: q2's pool holds d7, which nobody judged.
  CHECK(o.steps.at(2).rows.at(1).at(4).text == "d7");
}

TEST_CASE("POOL1: each run with unjudged as not relevant (AP) and ignored (bpref)",
          "[golden][POOL1][pool]") {
  const auto o = run("pool@2", runs);
  const auto& scores = o.steps.at(3);
  // A on q2: d7 unjudged, d8 relevant, R = 1. AP counts d7 as not relevant: (1/2)/1 = 1/2.
  // bpref ignores d7: d8 has no judged non-relevant above it, so 1 − 0/1 = 1.
  CHECK(scores.rows.at(1).at(0).text == "A");
  CHECK(scores.rows.at(1).at(1).text == "q2");
  CHECK(*scores.rows.at(1).at(4).number->exact == frac(1, 2));
  CHECK(*scores.rows.at(1).at(5).number->exact == frac(1, 1));
  // B on q1: d2 (judged non-relevant), d5 +, d1 +, R = 2: AP = (1/2 + 2/3)/2 = 7/12;
  // bpref = [(1 − 1/2) + (1 − 1/2)]/2 = 1/2.
  CHECK(*scores.rows.at(2).at(4).number->exact == frac(7, 12));
  CHECK(*scores.rows.at(2).at(5).number->exact == frac(1, 2));
}

TEST_CASE("POOL2: TREC run lines are ranked by score, ties by docno descending",
          "[golden][POOL2][pool]") {
  // Run R on topic 7: d3 and d2 tie at 0.5 below d1 (0.9): trec_eval orders the tie by docno
  // descending, so the ranking is d1, d3, d2, and the depth-2 pool is {d1, d3}.
  const auto o = run("pool@2",
                     "7 Q0 d2 3 0.5 R\n7 Q0 d1 1 0.9 R\n7 Q0 d3 2 0.5 R\n"
                     "7 0 d1 1\n7 0 d2 -1");
  CHECK(*o.value.exact == frac(2, 1));
  CHECK(o.steps.at(0).rows.at(0).at(3).text == "d1, d3");
  CHECK(test::has_note_containing(o, "ties broken by docno in descending order"));
  // Without a depth, the pool holds all three.
  CHECK(*run("pool", "7 Q0 d2 3 0.5 R\n7 Q0 d1 1 0.9 R\n7 Q0 d3 2 0.5 R").value.exact ==
        frac(3, 1));
}

TEST_CASE("error: a line of no known kind", "[parse][pooling][errors]") {
  const auto e = test::fails("pool@2", "A q1: d1 d2\nB d3 d4");
  CHECK(e.code == irm::ErrorCode::bad_token);
  CHECK(e.where.line == 2);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 7);  // the whole line "B d3 d4"
  CHECK(e.message ==
        "line 2 is not a run or judgment line; expected `RUN TOPIC: doc doc …`, `qrels TOPIC: "
        "doc+ doc …`, a TREC run line (qid Q0 docno rank score tag) or a TREC qrels line (qid "
        "iter docno rel)");
}

TEST_CASE("error: a document twice in one ranking, or a ranking given twice",
          "[parse][pooling][errors]") {
  CHECK(test::fails("pool", "A q1: d1 d2 d1").message ==
        "document 'd1' appears twice in run A's ranking for topic q1 (at line 1, column 13); a "
        "run ranks a document once per topic");
  CHECK(test::fails("pool", "A q1: d1\nA q1: d2").message ==
        "run A has a second ranking for topic q1 at line 2; give each run one ranking per topic");
  CHECK(test::fails("pool", "q1 Q0 d1 1 0.9 A\nq1 Q0 d1 2 0.8 A").message ==
        "document 'd1' appears twice in run A for topic q1, at lines 1 and 2; a run ranks a "
        "document once per topic");
}

TEST_CASE("error: judgments in a run line, bad TREC numbers, no runs", "[parse][pooling][errors]") {
  CHECK(test::fails("pool", "A q1: d1+ d2").message ==
        "found 'd1+' at line 1, column 7; a run lists document names only — give judgments on a "
        "line `qrels q1: d1+`");
  const auto score = test::fails("pool", "q1 Q0 d1 1 high A");
  CHECK(score.code == irm::ErrorCode::bad_number);
  CHECK(score.where.column == 12);
  CHECK(score.message ==
        "found 'high' at line 1, column 12; the fifth column of a TREC run line is the score, a "
        "number");
  CHECK(test::fails("pool", "q1 0 d1 yes").message ==
        "found 'yes' at line 1, column 9; the fourth column of a TREC qrels line is the grade, a "
        "whole number");
  const auto none = test::fails("pool", "# nothing\nqrels q1: d1+");
  CHECK(none.code == irm::ErrorCode::empty_input);
  CHECK(none.message ==
        "there are no runs; give one line per run and topic, e.g. `A q1: d1 d2 d3`, or TREC run "
        "lines");
}

TEST_CASE("POOL1: a bpref below 0 under the CS657A notes' form is explained",
          "[golden][POOL1][pool]") {
  // C on q1: d6 and d2 judged non-relevant above d1, the only relevant (R = 1):
  // 1 − n_r/R = 1 − 2/1 = −1, over R = 1: bpref = −1.
  const auto o = run("pool", "C q1: d6 d2 d1\nqrels q1: d1+ d2 d6");
  CHECK(*o.steps.at(3).rows.at(0).at(5).number->exact == frac(-1, 1));
  CHECK(test::has_note_containing(
      o, "A bpref below 0 comes from the form 1 − n_r/R of Bhattacharya's CS657A notes"));
}
