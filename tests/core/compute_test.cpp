// compute(): options, which field an error points into, and the module-level conventions.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

TEST_CASE("an unknown option is an error in the options field", "[compute][errors]") {
  const auto e = test::fails("AP", "R N", {{"relevent", "5"}});
  CHECK(e.code == ErrorCode::unknown_parameter);
  CHECK(e.field == irm::Field::options);
  CHECK(e.message == "unknown option 'relevent'; the options are: relevant");
}

TEST_CASE("errors say which field they are about", "[compute][errors]") {
  CHECK(test::fails("P@0", "R N").field == irm::Field::measure);
  CHECK(test::fails("AP", "R N X").field == irm::Field::input);
  CHECK(test::fails("AP", "R N", {{"relevant", "x"}}).field == irm::Field::relevant);
}

TEST_CASE("without R, the relevant documents listed are used and the note says so", "[compute]") {
  const auto o = test::run("AP", "R N R");
  // R = 2: (1/1 + 2/3) / 2 = 5/6.
  CHECK(*o.value.exact == irm::Fraction{5, 6});
  CHECK(test::has_note_containing(o, "R was not given, so R = 2"));
}

TEST_CASE("an empty R field means not given", "[compute]") {
  CHECK(*test::run("AP", "relevant=4\nR N R", "").value.exact == irm::Fraction{5, 12});
}

TEST_CASE("every ranked-list outcome carries the per-rank table and the input notes", "[compute]") {
  for (const auto& m : irm::all_measures()) {
    // bpref ignores unjudged documents instead (tests/core/golden_bpref.cpp).
    if (m.input != irm::InputKind::ranked_list || m.name == "bpref") continue;
    const auto o = test::run(m.example, "R U N R", "3");
    INFO(m.name);
    bool has_per_rank = false;
    for (const auto& t : o.steps)
      has_per_rank =
          has_per_rank || t.title == "Precision and recall at each rank" || t.columns.size() == 8;
    CHECK(has_per_rank);
    CHECK(test::has_note_containing(o, "1 unjudged document counts as not relevant"));
    CHECK(std::isfinite(o.value.approx));
  }
}

TEST_CASE("a set word on a ranked list: compute() answers in the measure field",
          "[compute][errors]") {
  // "precision" alone is a confusion-matrix quantity; "R N R" is a ranked list, not a matrix.
  const auto e = test::fails("precision", "R N R");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.field == irm::Field::measure);
  CHECK(e.where.line == 1);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 9);  // the whole name as typed
  CHECK(e.message.rfind("'precision' alone is the precision of a set", 0) == 0);
  // The same word on a matrix is the set's precision: 2 / (2 + 2) = 1/2.
  CHECK(*test::run("precision", "tp=2 fp=2 fn=1 tn=3").value.exact == irm::Fraction{1, 2});
}
