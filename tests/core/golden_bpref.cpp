// Golden tests bpref-irii to bpref-irnnriri of docs/examples.md (CS657A notes): bpref with unjudged
// documents ignored, written the way the notes write the lists (I = judged irrelevant, N = not
// judged).

#include <catch2/catch.hpp>

#include "helpers.h"

using test::frac;
using test::run;

TEST_CASE("bpref-irii: IRII with R = 2 gives bpref 1/4", "[golden][B1][cs657a][bpref]") {
  // One relevant document, at rank 2, with one judged non-relevant above it:
  // (1/2)[(1 − 1/2)] = 1/4.
  const auto o = run("bpref", "IRII", "2");
  CHECK(*o.value.exact == frac(1, 4));
  CHECK(o.working ==
        "\\text{bpref} = \\frac{1}{2}\\left[\\left(1 - \\frac{1}{2}\\right)\\right] = "
        "\\frac{1}{4} = 0.25");
  // trec_eval's form: N = 3 judged non-relevant, 1 − min(1, 2)/min(2, 3) = 1/2, over R: 1/4.
  CHECK(*test::alternative(o, "bpref(variant=trec)")->value.exact == frac(1, 4));
}

TEST_CASE("bpref-irnnri: IRNNRI with R = 2 (N not judged) gives bpref 1/2",
          "[golden][B2][cs657a][bpref]") {
  // Relevant at ranks 2 and 5, each with one judged non-relevant (rank 1) above; the Ns are
  // ignored: (1/2)[(1 − 1/2) + (1 − 1/2)] = 1/2.
  const auto o = run("bpref", "IRNNRI", "2");
  CHECK(*o.value.exact == frac(1, 2));
  CHECK(test::has_note_containing(o, "2 unjudged documents are ignored"));
  CHECK(test::has_note_containing(o, "I = judged irrelevant, N = not judged"));
}

TEST_CASE("bpref-irnnriri: IRNNRIRI with R = 3 gives bpref 5/9", "[golden][B3][cs657a][bpref]") {
  // Relevant at ranks 2, 5 and 7 with 1, 1 and 2 judged non-relevant above:
  // (1/3)[(1 − 1/3) + (1 − 1/3) + (1 − 2/3)] = (1/3)(5/3) = 5/9.
  const auto o = run("bpref", "IRNNRIRI", "3");
  CHECK(*o.value.exact == frac(5, 9));
  CHECK(irm::to_decimal(o.value, 4) == "0.5556");
  // trec_eval's form with N = 3 judged non-relevant: min(R, N) = 3, the same terms: 5/9.
  CHECK(*run("bpref(variant=trec)", "IRNNRIRI", "3").value.exact == frac(5, 9));
}

TEST_CASE("bpref variants differ when fewer judged non-relevant than R, or more above",
          "[golden][B1][bpref]") {
  // I I I R with R = 2: n_r = 3. Notes: (1/2)(1 − 3/2) = −1/4 (a term below 0, said in a note).
  // trec: N = 3, min(R, N) = 2, 1 − min(3, 2)/2 = 0, so bpref = 0.
  const auto notes = run("bpref", "I I I R", "2");
  CHECK(*notes.value.exact == frac(-1, 4));
  CHECK(test::has_note_containing(notes, "its term 1 − n_r/R is below 0"));
  CHECK(*run("bpref(variant=trec)", "I I I R", "2").value.exact == frac(0, 1));
  // R I R with R = 4: N = 1. trec: rank 1 counts 1 (n_r = 0); rank 3: 1 − min(1, 4)/min(4, 1) =
  // 0; (1 + 0)/4 = 1/4. Notes: (1 + (1 − 1/4))/4 = 7/16.
  CHECK(*run("bpref(variant=trec)", "R I R", "4").value.exact == frac(1, 4));
  CHECK(*run("bpref", "R I R", "4").value.exact == frac(7, 16));
}

namespace {

// A ranked list built directly, as the reader will fill it from `unretrieved: R N N` or
// `nonrelevant=12`: R relevant, I judged non-relevant, N not judged.
irm::RankedList marks(const std::string& text) {
  irm::RankedList list;
  for (const char c : text) {
    irm::RankedDoc doc;
    doc.token = std::string(1, c);
    doc.judgement = c == 'R'   ? irm::Judgement::relevant
                    : c == 'I' ? irm::Judgement::not_relevant
                               : irm::Judgement::unjudged;
    list.docs.push_back(doc);
  }
  return list;
}

irm::Result<irm::Outcome> bpref_of(const std::string& measure, const irm::RankedList& list,
                                   std::int64_t R) {
  const auto call = irm::parse_measure_name(measure);
  REQUIRE(call.ok());
  irm::Inputs in;
  in.ranked = &list;
  in.total_relevant = R;
  return call.value().info->run(call.value(), in);
}

}  // namespace

TEST_CASE("trec-bpref-unretrieved: trec_eval's N counts the judged non-relevant not retrieved",
          "[golden][trec-bpref-unretrieved][bpref]") {
  // I R I R retrieved; unretrieved: R I I I. R = 2 + 1 = 3, N = 2 + 3 = 5, min(R, N) = 3.
  // trec_eval m_bpref.c: rank 2 (n_r = 1): 1 − min(1, 3)/3 = 2/3; rank 4 (n_r = 2): 1 − 2/3 =
  // 1/3. (2/3 + 1/3)/3 = 1/3. The unretrieved relevant one adds 0.
  irm::RankedList list = marks("IRIR");
  list.unretrieved_relevant = 1;
  list.unretrieved_nonrelevant = 3;
  const auto o = test::ok(bpref_of("bpref(variant=trec)", list, 3));
  CHECK(*o.value.exact == test::frac(1, 3));
  CHECK(test::exact_value(o, "judged_nonrelevant") == test::frac(5, 1));
  CHECK(test::has_note_containing(
      o,
      "trec_eval's bpref: 1 − min(n_r, R)/min(R, N) with N = 5: 2 judged non-relevant in the "
      "list and 3 not retrieved (the unretrieved: line), as trec_eval counts them from the "
      "qrels."));
  CHECK(test::has_note_containing(
      o,
      "1 relevant document not retrieved (the unretrieved: line) counts in R and adds 0 to the "
      "sum."));
  // With only the list's N = 2: min(3, 2) = 2; rank 2: 1 − 1/2; rank 4: 1 − min(2, 3)/2 = 0;
  // (1/2)/3 = 1/6.
  const auto listed_only = test::ok(bpref_of("bpref(variant=trec)", marks("IRIR"), 3));
  CHECK(*listed_only.value.exact == test::frac(1, 6));
  CHECK(test::has_note_containing(
      listed_only,
      "N = 2, the judged non-relevant documents in the list (trec_eval counts every "
      "judged non-relevant document of the topic, retrieved or not: give the others "
      "on a line `unretrieved: N N` or as nonrelevant=N beside relevant=R)."));
  // From the notes' form, trec_eval's is the alternative, with the same N.
  const auto notes = test::ok(bpref_of("bpref", list, 3));
  const auto* alt = test::alternative(notes, "bpref(variant=trec)");
  REQUIRE(alt != nullptr);
  CHECK(*alt->value.exact == test::frac(1, 3));
  CHECK(alt->why ==
        "trec_eval's form 1 − min(n_r, R)/min(R, N) with N = 5: 2 judged non-relevant in the "
        "list and 3 not retrieved (the unretrieved: line), as trec_eval counts them from the "
        "qrels");
}

TEST_CASE("trec-bpref-unretrieved: a judged non-relevant count given beside R is trec_eval's N",
          "[golden][trec-bpref-unretrieved][bpref]") {
  // R I I R with R = 5 and nonrelevant=12: min(R, N) = 5. Rank 1: n_r = 0 counts 1; rank 4:
  // 1 − min(2, 5)/5 = 3/5. (1 + 3/5)/5 = 8/25 = 0.32.
  irm::RankedList list = marks("RIIR");
  list.judged_nonrelevant = 12;
  const auto o = test::ok(bpref_of("bpref(variant=trec)", list, 5));
  CHECK(*o.value.exact == test::frac(8, 25));
  CHECK(test::has_note_containing(
      o,
      "N = 12, the judged non-relevant documents given (nonrelevant=12), retrieved or not, as "
      "trec_eval counts them from the qrels"));
  // The given count wins over the unretrieved marks (it already counts them).
  list.unretrieved_nonrelevant = 4;
  CHECK(*test::ok(bpref_of("bpref(variant=trec)", list, 5)).value.exact == test::frac(8, 25));
  // Only the list's N = 2: rank 4 gives 1 − min(2, 5)/min(5, 2) = 0, so (1 + 0)/5 = 1/5.
  CHECK(*test::ok(bpref_of("bpref(variant=trec)", marks("RIIR"), 5)).value.exact ==
        test::frac(1, 5));
}

TEST_CASE("bpref, error: a judged non-relevant count below those listed", "[bpref][errors]") {
  irm::RankedList list = marks("IIR");
  list.judged_nonrelevant = 1;
  list.judged_nonrelevant_where = irm::Span{1, 12, 13};
  const auto r = bpref_of("bpref(variant=trec)", list, 1);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == irm::ErrorCode::inconsistent_counts);
  CHECK(r.error().where.column == 12);
  CHECK(r.error().message ==
        "nonrelevant=1 at line 1, column 12 is fewer than the 2 judged non-relevant documents "
        "listed; N counts every judged non-relevant document of the topic, retrieved or not");
}
