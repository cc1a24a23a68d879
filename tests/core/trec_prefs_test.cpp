// trec_eval's preference and judgment-group formats (-R prefs, -R qrels_prefs, -R qrels_jg):
// the measures worked out by hand on small files, the reader's messages, and the errors of
// judgments that contradict themselves. The preference rules are trec_eval 10.0's (NIST,
// github.com/usnistgov/trec_eval: get_prefs.c's header states them with examples, used here);
// every value below was also checked against trec_eval 10.0 built from that source.

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "irm/trec.h"
#include "irm/trec_eval.h"

namespace {

struct Evaluated {
  irm::TrecSession session;
  std::optional<irm::InputError> error;
};

Evaluated evaluate(const std::vector<std::string>& args, const std::string& judgments,
                   const std::string& run) {
  Evaluated e;
  if (auto c = e.session.configure(args)) FAIL("configure: " << c->message);
  e.session.begin_qrels("prefs.txt");
  e.session.feed_qrels(judgments);
  if (auto q = e.session.end_qrels()) {
    e.error = q;
    return e;
  }
  if (auto b = e.session.begin_run("run.txt")) FAIL("run: " << b->message);
  if (auto f = e.session.feed_run(run)) FAIL("run: " << f->message);
  e.error = e.session.end_run();
  return e;
}

double value(const irm::TrecSession& s, const std::string& name) {
  const auto& slots = s.slots();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].name == name) return s.runs().at(0).summary.at(i);
  }
  FAIL("no slot " << name);
  return 0;
}

// One user ranks six documents in one subgroup: d 6, a 3, b 2, f 2, c 0, e 0. get_prefs.c:
// "establishes a total of 13 preferences (5 with docno4 preferred, 4 with docno1 preferred, 2
// each with docno2 and docno6 preferred)".
const char* const one_user =
    "T u1 s a 3\nT u1 s b 2\nT u1 s c 0\nT u1 s d 6\nT u1 s e 0\nT u1 s f 2\n";
// The run ranks d c a x b (x judged by nobody); e and f are not retrieved.
const char* const run_dcaxb =
    "T Q0 d 1 5 r\nT Q0 c 2 4 r\nT Q0 a 3 3 r\nT Q0 x 4 2 r\nT Q0 b 5 1 r\n";

}  // namespace

TEST_CASE("trec prefs: one judgment group, its 13 preferences counted by hand", "[trec][prefs]") {
  const Evaluated e = evaluate({"-m", "all_prefs", "-R", "prefs"}, one_user, run_dcaxb);
  if (e.error) FAIL(e.error->message);
  const irm::TrecSession& s = e.session;
  // Both retrieved (d c a b ranked 1 2 3 5): d>a d>b d>c a>b fulfilled; a>c b>c not (c is
  // ranked above both). One retrieved: d>e d>f a>e a>f b>e fulfilled (the retrieved one is
  // preferred); f>c not. Neither: f>e. 4 + 2 + 5 + 1 + 1 = 13.
  CHECK(value(s, "prefs_num_prefs_poss") == 13);
  CHECK(value(s, "prefs_num_prefs_ful") == 9);
  CHECK(value(s, "prefs_num_prefs_ful_ret") == 4);
  CHECK(value(s, "prefs_simp") == Approx(9.0 / 13));
  CHECK(value(s, "prefs_simp_ret") == Approx(4.0 / 6));
  CHECK(value(s, "prefs_simp_imp") == Approx(9.0 / 12));
  // One group, each pair judged once: the pair and group averages equal the simple ratios.
  CHECK(value(s, "prefs_pair") == Approx(9.0 / 13));
  CHECK(value(s, "prefs_pair_ret") == Approx(4.0 / 6));
  CHECK(value(s, "prefs_avgjg_imp") == Approx(9.0 / 12));
  // Rnonrel: R = 4 relevant (a b d f), N = 2 non-relevant (c e): R - N = 2 non-relevant
  // documents are added below everything: each retrieved relevant document (3) fulfils 2 more,
  // each relevant one (4) could: (9 + 3*2) / (13 + 4*2) = 15/21.
  CHECK(value(s, "prefs_avgjg_Rnonrel") == Approx(15.0 / 21));
  // _ret: R = 3 retrieved relevant, N = 1 retrieved non-relevant (c): (4 + 3*2) / (6 + 4*2).
  CHECK(value(s, "prefs_avgjg_Rnonrel_ret") == Approx(10.0 / 14));
}

TEST_CASE("trec prefs: a second user with two subgroups, implied preferences and pairs",
          "[trec][prefs]") {
  // u2, from get_prefs.c's transitivity example: s1 ranks a > b > c, s2 ranks b > g, so a > g
  // is implied: 5 preferences, a>b a>c b>c b>g a>g.
  const std::string two_users =
      std::string(one_user) + "T u2 s1 a 3\nT u2 s1 b 2\nT u2 s1 c 1\nT u2 s2 b 5\nT u2 s2 g 4\n";
  const Evaluated e = evaluate({"-m", "all_prefs", "-R", "prefs"}, two_users, run_dcaxb);
  if (e.error) FAIL(e.error->message);
  const irm::TrecSession& s = e.session;
  // u2 against d c a x b: a>b fulfilled, a>c and b>c not (both retrieved); b>g and a>g
  // fulfilled (g not retrieved). u2: 3 of 5, 1 of 3 with both retrieved.
  CHECK(value(s, "prefs_num_prefs_poss") == 18);
  CHECK(value(s, "prefs_num_prefs_ful") == 12);
  CHECK(value(s, "prefs_simp") == Approx(12.0 / 18));
  CHECK(value(s, "prefs_simp_ret") == Approx(5.0 / 9));
  CHECK(value(s, "prefs_avgjg") == Approx((9.0 / 13 + 3.0 / 5) / 2));
  CHECK(value(s, "prefs_avgjg_ret") == Approx((4.0 / 6 + 1.0 / 3) / 2));
  CHECK(value(s, "prefs_avgjg_imp") == Approx((9.0 / 12 + 3.0 / 5) / 2));
  // Pairs over both users. Both retrieved: {d,c} {d,a} {d,b} fulfilled 1 of 1; {a,c} and {b,c}
  // 0 of 2 (both users prefer a and b, c is ranked higher); {a,b} 2 of 2: 4 over 6 pairs.
  // One retrieved: {d,e} {d,f} {a,e} {a,f} {b,e} {b,g} {a,g} fulfilled, {c,f} not: 7 over 8.
  // Neither: {e,f}. prefs_pair = 11/15, prefs_pair_imp = 11/14.
  CHECK(value(s, "prefs_pair_ret") == Approx(4.0 / 6));
  CHECK(value(s, "prefs_pair_imp") == Approx(11.0 / 14));
  CHECK(value(s, "prefs_pair") == Approx(11.0 / 15));
  // u2 has R = 4 (a b c g, the last level each has), N = 0: (3 + 3*4) / (5 + 4*4) = 15/21, as
  // u1's; _ret: R = 3, N = 0: (1 + 3*3) / (3 + 4*3) = 10/15.
  CHECK(value(s, "prefs_avgjg_Rnonrel") == Approx(15.0 / 21));
  CHECK(value(s, "prefs_avgjg_Rnonrel_ret") == Approx((10.0 / 14 + 10.0 / 15) / 2));
}

TEST_CASE("trec prefs: Rnonrel with more non-relevant documents keeps the first R",
          "[trec][prefs]") {
  // a 2, b 1, c d e 0; the run ranks a c b d. Ids: a0 c1 b2 d3, e4 (not retrieved). R = 2 < N =
  // 3, so only c and d (the first two non-relevant in id order) are kept, and trec_eval counts
  // again: a>b fulfilled; a>c a>d fulfilled; b>c not, b>d fulfilled; and, as its code does, the
  // non-relevant class against the kept ones too: c>d fulfilled, c>c d>c d>d e>c e>d not.
  // (1 + 2 + 1 + 1) / (1 + 2 + 2 + 6) = 5/11.
  const Evaluated e = evaluate({"-m", "prefs_avgjg_Rnonrel", "-m", "prefs_avgjg_Rnonrel_ret", "-m",
                                "prefs_simp", "-R", "prefs"},
                               "T u s a 2\nT u s b 1\nT u s c 0\nT u s d 0\nT u s e 0\n",
                               "T Q0 a 1 4 r\nT Q0 c 2 3 r\nT Q0 b 3 2 r\nT Q0 d 4 1 r\n");
  if (e.error) FAIL(e.error->message);
  CHECK(value(e.session, "prefs_avgjg_Rnonrel") == Approx(5.0 / 11));
  // 7 preferences (a over b and the three zeros, b over the three zeros): a>b a>c a>d a>e b>d
  // b>e fulfilled, b>c not: 6 of 7.
  CHECK(value(e.session, "prefs_simp") == Approx(6.0 / 7));
  // _ret: R = 2 retrieved relevant (a b) = N = 2 retrieved non-relevant (c d): nothing added;
  // both retrieved: a>b a>c a>d b>d fulfilled, b>c not: 4/5.
  CHECK(value(e.session, "prefs_avgjg_Rnonrel_ret") == Approx(4.0 / 5));
}

TEST_CASE("trec qrels_prefs: a qrels read as one user's preferences", "[trec][prefs]") {
  // Grades 2, 1, 0: every document is preferred to those of lower grades. a 2, b 1, c 0, d 0;
  // the run ranks b a c: b>c a>c fulfilled, a>b not (both retrieved); a>d b>d fulfilled (d not
  // retrieved): 4 of 5.
  const Evaluated e =
      evaluate({"-m", "prefs", "-R", "qrels_prefs"}, "T 0 a 2\nT 0 b 1\nT 0 c 0\nT 0 d 0\n",
               "T Q0 b 1 3 r\nT Q0 a 2 2 r\nT Q0 c 3 1 r\n");
  if (e.error) FAIL(e.error->message);
  CHECK(value(e.session, "prefs_num_prefs_poss") == 5);
  CHECK(value(e.session, "prefs_simp") == Approx(4.0 / 5));
  CHECK(value(e.session, "prefs_pair") == Approx(4.0 / 5));
}

TEST_CASE("trec qrels_jg: map, P and Rprec_mult averaged over the judgment groups",
          "[trec][prefs]") {
  // Group 0 judges a 1, b 0, c 1; group 1 judges a 0, b 1, d 1. The run ranks a b x c.
  // Group 0: relevant at ranks 1 and 4 of R = 2: AP (1/1 + 2/4)/2 = 0.75; P@1 1, P@2 1/2,
  // P@5 2/5. Group 1: relevant at rank 2 of R = 2 (d not retrieved): AP (1/2)/2 = 0.25; P@1 0,
  // P@2 1/2, P@5 1/5.
  const Evaluated e = evaluate(
      {"-m", "map_avgjg", "-m", "P_avgjg.1,2,5", "-m", "Rprec_mult_avgjg.0.5,1", "-R", "qrels_jg"},
      "T 0 a 1\nT 0 b 0\nT 0 c 1\nT 1 a 0\nT 1 b 1\nT 1 d 1\n",
      "T Q0 a 1 4 r\nT Q0 b 2 3 r\nT Q0 x 3 2 r\nT Q0 c 4 1 r\n");
  if (e.error) FAIL(e.error->message);
  const irm::TrecSession& s = e.session;
  CHECK(value(s, "map_avgjg") == Approx(0.5));
  CHECK(value(s, "P_avgjg_1") == Approx(0.5));
  CHECK(value(s, "P_avgjg_2") == Approx(0.5));
  CHECK(value(s, "P_avgjg_5") == Approx(0.3));
  // Rprec_mult at 0.5: (long)(0.5*2 + 0.9) = 1 document: P@1 = 1 and 0. At 1: P@2 = 1/2, 1/2.
  CHECK(value(s, "Rprec_mult_avgjg_0.50") == Approx(0.5));
  CHECK(value(s, "Rprec_mult_avgjg_1.00") == Approx(0.5));
}

TEST_CASE("trec prefs: judgments that contradict themselves are named", "[trec][prefs][errors]") {
  const std::string run = "T Q0 a 1 2 r\nT Q0 b 2 1 r\n";
  SECTION("two levels in one subgroup") {
    const Evaluated e =
        evaluate({"-m", "prefs_simp", "-R", "prefs"}, "T u s a 2\nT u s b 1\nT u s a 0\n", run);
    REQUIRE(e.error);
    CHECK(e.error->message ==
          "document 'a' has two levels, 2 (line 1) and 0 (line 3), in subgroup 's' of judgment "
          "group 'u' of topic 'T' in prefs.txt; trec_eval stops here: give each document one "
          "level per subgroup");
  }
  SECTION("level 0 in one subgroup, relevant in another") {
    const Evaluated e = evaluate({"-m", "prefs_simp", "-R", "prefs"},
                                 "T u s1 a 2\nT u s1 b 0\nT u s2 b 1\nT u s2 c 0\n", run);
    REQUIRE(e.error);
    CHECK(e.error->message ==
          "document 'b' is non-relevant (level 0) and relevant (level 1) in judgment group 'u' "
          "of topic 'T' in prefs.txt, at lines 2 and 3; trec_eval stops here: a group is one "
          "user's judgments and must agree");
  }
  SECTION("a cycle through the subgroups") {
    const Evaluated e = evaluate({"-m", "prefs_simp", "-R", "prefs"},
                                 "T u s1 a 2\nT u s1 b 1\nT u s2 b 2\nT u s2 a 1\n", run);
    REQUIRE(e.error);
    CHECK(e.error->message.find("contradict each other: 'a'") != std::string::npos);
    CHECK(e.error->message.find("are each preferred to the other") != std::string::npos);
  }
}

TEST_CASE("trec prefs: the reader's messages name the line and column", "[trec][prefs][errors]") {
  SECTION("prefs lines have five fields") {
    const auto r = irm::read_grouped_qrels("T u s a 1\nT u a 1\n", "p.txt", irm::RelFormat::prefs);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message ==
          "line 2 of p.txt has 4 fields, expected 5 fields: qid jg jsg docno level");
    CHECK(r.error().where.line == 2);
  }
  SECTION("a level that is not a number") {
    const auto r = irm::read_grouped_qrels("T u s a high\n", "p.txt", irm::RelFormat::prefs);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message ==
          "found 'high' at line 1, column 9 of p.txt; expected the level (fifth field), a number "
          "such as 0, 1, 2.5 (0: not relevant)");
    CHECK(r.error().where.column == 9);
  }
  SECTION("read loosely: a level read as atof reads its start, with a warning") {
    const auto r =
        irm::read_grouped_qrels("T 0 a 2x\n", "q.txt", irm::RelFormat::qrels_prefs, true);
    REQUIRE(r.ok());
    CHECK(r.value().judgments[0][0].level == 2.0);
    REQUIRE(r.value().warnings.size() == 1);
  }
  SECTION("a level below 0 is read, with a warning") {
    const auto r =
        irm::read_grouped_qrels("T 0 a 1\nT 0 b -1\n", "q.txt", irm::RelFormat::qrels_prefs);
    REQUIRE(r.ok());
    REQUIRE(r.value().warnings.size() == 1);
    CHECK(r.value().warnings[0].rfind("q.txt:2:7: level '-1' is below 0", 0) == 0);
  }
  SECTION("qrels_jg: a document twice in one judgment group") {
    const auto r =
        irm::read_grouped_qrels("T 0 a 1\nT 1 a 0\nT 0 a 0\n", "j.txt", irm::RelFormat::qrels_jg);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message ==
          "document 'a' is given twice for topic 'T' in j.txt, at lines 1 and 3, both in judgment "
          "group '0'; trec_eval stops here: give each document once per judgment group");
    CHECK(r.error().where.line == 3);
  }
  SECTION("a measure of another format") {
    irm::TrecSession s;
    const auto e = s.configure({"-R", "prefs", "-m", "map"});
    REQUIRE(e);
    CHECK(e->message ==
          "-m map: map needs a qrels file (-R qrels, the default); with -R prefs the measures "
          "are -m all_prefs, -m prefs or a prefs_* measure");
    const auto d = s.configure({"-R", "qrels_jg"});
    REQUIRE(d);
    CHECK(d->message ==
          "the default measures (official) include num_ret, which needs a qrels file (-R qrels, "
          "the default); with -R qrels_jg the measures are -m qrels_jg (map_avgjg, P_avgjg, "
          "Rprec_mult_avgjg)");
    const auto f = s.configure({"-R", "pref"});
    REQUIRE(f);
    CHECK(f->message ==
          "-R expects the judgment format: qrels (the default), prefs, qrels_prefs or qrels_jg, "
          "found 'pref'");
  }
}
