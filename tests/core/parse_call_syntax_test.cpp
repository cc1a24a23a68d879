// The syntax of measure names, Name(param=value,…)@cutoff, shared by the calculator's names
// and ir_measures' (core/src/parse/call_syntax.h): the pieces, where they are, and where the
// reader stops. The messages are the callers' (measure_name_test.cpp, trec_irmeasures_test.cpp).

#include <catch2/catch.hpp>
#include <string>

#include "../../core/src/parse/call_syntax.h"

namespace {

using irm::call_syntax::Call;
using irm::call_syntax::Expected;
using irm::call_syntax::Grammar;
using irm::call_syntax::npos;

Call calculator(std::string_view text) {
  return irm::call_syntax::read_call(text, 0, text.size(), Grammar{});
}

Call ir_measures(std::string_view text) {
  return irm::call_syntax::read_call(text, 0, text.size(), Grammar{true, true});
}

bool holds_a_measure(std::string_view name) { return name == "mean"; }

}  // namespace

TEST_CASE("call syntax: a name, its parameters and its cutoff, with their places") {
  const std::string text = "  AP(norm = retrieved, gain=exp)@10 ";
  const Call call = calculator(text);
  REQUIRE_FALSE(call.error);
  CHECK(call.name.text == "AP");
  CHECK(call.name.at == 2);
  CHECK(call.open == 4);
  REQUIRE(call.params.size() == 2);
  CHECK(call.params[0].key.text == "norm");
  CHECK(call.params[0].key.at == 5);
  CHECK(call.params[0].equals == 10);
  CHECK(call.params[0].value.text == "retrieved");
  CHECK(call.params[0].value.at == 12);
  CHECK(call.params[1].key.text == "gain");
  CHECK(call.params[1].value.text == "exp");
  CHECK(text[call.close] == ')');
  CHECK(call.at_sign == 32);
  CHECK(call.cutoff.text == "10");
  CHECK(call.cutoff.at == 33);
  CHECK(call.end == text.size() - 1);
  // Columns count code points: "é" is two bytes and one column.
  CHECK(irm::call_syntax::column("é@5", 2) == 2);
  CHECK(irm::call_syntax::column(text, 0) == 1);
}

TEST_CASE("call syntax: a name may have spaces, and AP() has no parameters") {
  const Call spaced = calculator("mean average precision");
  CHECK(spaced.name.text == "mean average precision");
  CHECK(spaced.open == npos);
  CHECK(spaced.at_sign == npos);
  const Call before = calculator("AP (norm=retrieved)");
  CHECK(before.name.text == "AP ");  // the calculator's messages quote it so
  const Call empty = calculator("AP( )");
  CHECK_FALSE(empty.error);
  CHECK(empty.params.empty());
  CHECK(empty.close == 4);
}

TEST_CASE("call syntax: a measure in parentheses, for the names that hold one") {
  const std::string text = "mean(nDCG(gain=exp)@5)";
  const Call call = irm::call_syntax::read_call(text, 0, text.size(), Grammar{}, holds_a_measure);
  REQUIRE_FALSE(call.error);
  REQUIRE(call.inner);
  CHECK(call.inner->text == "nDCG(gain=exp)@5");
  CHECK(call.inner->at == 5);
  CHECK(call.params.empty());
  const Call after = irm::call_syntax::read_call("mean(P@5)@3", 0, 11, Grammar{}, holds_a_measure);
  REQUIRE(after.error);
  CHECK(after.error->expected == Expected::end);
  CHECK(after.error->at == 9);
  // Inside the parentheses, read in place: the offsets are those of the whole text.
  const Call inner = irm::call_syntax::read_call(text, 5, 21, Grammar{});
  CHECK(inner.name.text == "nDCG");
  CHECK(inner.name.at == 5);
  CHECK(inner.cutoff.text == "5");
  CHECK(inner.cutoff.at == 20);
}

TEST_CASE("call syntax: ir_measures' values may hold commas and parentheses") {
  const Call call = ir_measures("nDCG(gains={0:0, 1:1}, dcg='exp)log2') @ 20");
  REQUIRE_FALSE(call.error);
  REQUIRE(call.params.size() == 2);
  CHECK(call.params[0].value.text == "{0:0, 1:1}");
  CHECK(call.params[1].value.text == "'exp)log2'");
  CHECK(call.cutoff.text == "20");
  // In the calculator's grammar the same text ends its value at the first ',' or ')'.
  const Call plain = calculator("nDCG(gains={0:0, 1:1})");
  REQUIRE(plain.params.size() == 2);
  CHECK(plain.params[0].value.text == "{0:0");
  CHECK(plain.params[1].key.text == "1:1}");
  CHECK(plain.params[1].equals == npos);
  CHECK(plain.error->expected == Expected::equals);
}

TEST_CASE("call syntax: where the reader stops, and what it expected there") {
  struct Case {
    const char* text;
    bool ir;
    Expected expected;
    std::size_t at;
    std::size_t params;  // read before it
  };
  const Case cases[] = {
      {"", false, Expected::name, 0, 0},
      {"  (x)", false, Expected::name, 2, 0},
      {"@5", true, Expected::name, 0, 0},
      {"AP(norm=x", false, Expected::close, 2, 0},  // before any parameter is read
      {"AP(a=1,,b=2)", false, Expected::parameter, 7, 1},
      {"AP(a=1,)", false, Expected::parameter, 7, 1},
      {"P(rel=2", true, Expected::comma_or_close, 7, 1},
      {"P(rel=2, ", true, Expected::parameter, 9, 1},
      {"P(rel 2)", true, Expected::equals, 2, 1},  // the key is kept: "rel 2"
      {"AP()x", false, Expected::cutoff_or_end, 4, 0},
      {"AP() @5", false, Expected::cutoff_or_end, 4, 0},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const Call call = c.ir ? ir_measures(c.text) : calculator(c.text);
    REQUIRE(call.error);
    CHECK(call.error->expected == c.expected);
    CHECK(call.error->at == c.at);
    CHECK(call.params.size() == c.params);
  }
  // Spaces around '@' are ir_measures' only.
  const Call spaced = ir_measures("P(rel=2) @ 5");
  CHECK_FALSE(spaced.error);
  CHECK(spaced.cutoff.text == "5");
  CHECK(calculator("P@ 5").cutoff.text == " 5");
}
