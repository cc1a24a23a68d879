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
