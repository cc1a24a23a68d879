// The measure-name grammar Name(param=value,...)@cutoff: canonical printing, round trips, and
// one test per kind of mistake with the column and message checked word for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;

namespace {

irm::InputError name_error(const std::string& text) {
  const auto r = irm::parse_measure_name(text);
  if (r.ok()) FAIL("expected an error for \"" << text << "\"");
  CHECK(r.error().field == irm::Field::measure);
  return r.error();
}

}  // namespace

TEST_CASE("canonical names omit defaults, use the registry's spelling and put @ last",
          "[measure-name]") {
  const std::pair<const char*, const char*> cases[] = {
      {"AP", "AP"},
      {"ap", "AP"},
      {"AP(norm=relevant)", "AP"},
      {"AP()", "AP"},
      {"AP(norm=retrieved)@10", "AP(norm=retrieved)@10"},
      {" AP( norm = Retrieved )@10 ", "AP(norm=retrieved)@10"},
      {"AveP@5", "AP@5"},
      {"P@5", "P@5"},
      {"precision@5", "P@5"},
      {"recall@10", "R@10"},
      {"RR@010", "RR@10"},
      {"R-prec", "Rprec"},
      {"IPrec@0.30", "IPrec@0.3"},
      {"IPrec@.5", "IPrec@0.5"},
      {"IPrec@1", "IPrec@1"},
      {"IPrec(rule=trec10)@0", "IPrec(rule=trec10)@0"},
      {"11pt(rule=textbook)", "11pt"},
      {"11-point(rule=TREC9)", "11pt(rule=trec9)"},
      {"IPrec(rule=None)@0.3", "IPrec(rule=none)@0.3"},
      {"kappa(scale=cs657a)", "kappa(scale=cs657a)"},
      {"kappa(scale=notes002)", "kappa(scale=cs657a)"},  // the older name of the same choice
      {"kappa(scale=NOTES001)", "kappa"},
      {"kappa(scale=iir,chance=pooled)", "kappa(chance=pooled)"},
      {"F(beta=2)@5", "F(beta=2)@5"},
      {"PR", "PR"},
      // The words exercises use: any case, spaces, hyphens or underscores.
      {"MAP@3", "MAP@3"},
      {"map@3", "MAP@3"},
      {"mean average precision", "MAP"},
      {"Mean Average Precision@3", "MAP@3"},
      {"mean_average_precision", "MAP"},
      {"NDCG@10", "nDCG@10"},
      {"ndcg@10", "nDCG@10"},
      {"R-precision", "Rprec"},
      {"r-precision", "Rprec"},
      {"R precision", "Rprec"},
      {"Precision@5", "P@5"},
      {"p@5", "P@5"},
      {"PRECISION@5", "P@5"},
      // precision and recall alone are the set quantities; accuracy and specificity always are.
      {"precision", "confusion(value=precision)"},
      {"Precision", "confusion(value=precision)"},
      {"recall", "confusion(value=recall)"},
      {"accuracy", "confusion(value=accuracy)"},
      {"Specificity", "confusion(value=specificity)"},
      {"confusion(value=f1)", "confusion"},
      {"F1", "F"},
      {"F1@5", "F@5"},
      // The conventions the outside exercises use.
      {"AP(norm=min_rk)@10", "AP(norm=min_rk)@10"},
      {"MAP(norm=MIN_RK)@3", "MAP(norm=min_rk)@3"},
      {"nDCG(ideal=min_rk)@5", "nDCG(ideal=min_rk)@5"},
      {"nDCG(dcg=trec,ideal=retrieved)", "nDCG(dcg=trec,ideal=retrieved)"},
      {"nDCG(ideal=judged)", "nDCG"},
  };
  for (const auto& [typed, expected] : cases) {
    INFO(typed);
    CHECK(irm::canonical(typed) == expected);
    // print(parse(s)) is a fixed point: the canonical form parses to itself.
    CHECK(irm::canonical(irm::canonical(typed)) == expected);
  }
}

TEST_CASE("a parsed name carries its parameters and cutoff", "[measure-name]") {
  const auto call = irm::parse_measure_name("AP(norm=retrieved)@10");
  REQUIRE(call.ok());
  CHECK(call.value().info->name == "AP");
  CHECK(call.value().param("norm") == "retrieved");
  CHECK(*call.value().rank_cutoff == 10);
  const auto level = irm::parse_measure_name("IPrec@0.35");
  CHECK(*level.value().recall_cutoff == irm::Fraction{7, 20});
  CHECK(level.value().param("rule") == "textbook");
}

TEST_CASE("error: an empty name", "[measure-name][errors]") {
  const auto e = name_error("  ");
  CHECK(e.code == ErrorCode::empty_input);
  CHECK(e.message == "the measure name is empty; try AP, P@10 or 11pt");
}

TEST_CASE("error: an unknown measure suggests the closest one", "[measure-name][errors]") {
  const auto e = name_error("APX@5");
  CHECK(e.code == ErrorCode::unknown_measure);
  CHECK(e.where.column == 1);
  CHECK(e.where.length == 3);
  CHECK(e.message == "unknown measure 'APX' at column 1; did you mean AP?");
  CHECK(name_error("zzzzzz").message ==
        "unknown measure 'zzzzzz' at column 1; the measure reference lists every name (AP, P@10, "
        "nDCG@5, …)");
}

TEST_CASE("error: a cutoff of 0", "[measure-name][errors]") {
  const auto e = name_error("P@0");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.column == 3);
  CHECK(e.message == "a cutoff must be a positive whole number; found 0 at column 3 of \"P@0\"");
  CHECK(name_error("P@").message ==
        "a cutoff must be a positive whole number; found nothing at column 3 of \"P@\"");
  CHECK(name_error("P@2.5").code == ErrorCode::bad_number);
}

TEST_CASE("error: an unknown convention value lists the choices", "[measure-name][errors]") {
  const auto e = name_error("AP(norm=retreived)@10");
  CHECK(e.code == ErrorCode::bad_parameter_value);
  CHECK(e.where.column == 9);
  CHECK(e.where.length == 9);
  CHECK(e.message ==
        "unknown value 'retreived' for norm at column 9; expected relevant, retrieved or min_rk");
  CHECK(name_error("kappa(scale=notes003)").message ==
        "unknown value 'notes003' for scale at column 13; expected iir, cs657a or landis-koch");
  CHECK(name_error("11pt(rule=trec8)").message ==
        "unknown value 'trec8' for rule at column 11; expected textbook, trec9, trec10 or "
        "none");
}

TEST_CASE("error: an unknown parameter", "[measure-name][errors]") {
  // AP has two parameters: norm (what the sum is divided by) and area (steps or trapezoids).
  const auto e = name_error("AP(nrm=retrieved)");
  CHECK(e.code == ErrorCode::unknown_parameter);
  CHECK(e.where.column == 4);
  CHECK(e.message == "unknown parameter 'nrm' for AP at column 4; expected norm or area");
  CHECK(name_error("P(norm=relevant)@5").message ==
        "unknown parameter 'norm' for P at column 3; P takes no parameters");
}

TEST_CASE("error: a parameter given twice", "[measure-name][errors]") {
  CHECK(name_error("AP(norm=relevant, norm=retrieved)").message ==
        "norm is given twice in \"AP(norm=relevant, norm=retrieved)\" (column 19); give each "
        "parameter once");
}

TEST_CASE("error: broken parentheses and stray characters", "[measure-name][errors]") {
  CHECK(name_error("AP(norm=retrieved").message ==
        "expected ')' to close the parameters opened at column 3 of \"AP(norm=retrieved\"");
  CHECK(name_error("AP(retrieved)").message ==
        "expected name=value at column 4 of \"AP(retrieved)\", found 'retrieved'");
  CHECK(name_error("AP(norm=retrieved)x").message ==
        "expected '@' and a cutoff or the end of the name at column 19 of "
        "\"AP(norm=retrieved)x\", found 'x'");
  CHECK(name_error("@5").message == "expected a measure name at column 1 of \"@5\", before '@'");
}

TEST_CASE("error: a cutoff where none is taken, or a missing recall level",
          "[measure-name][errors]") {
  const auto e = name_error("Rprec@5");
  CHECK(e.code == ErrorCode::bad_parameter_value);
  CHECK(e.where.column == 6);
  CHECK(e.message == "Rprec takes no cutoff; found '@5' at column 6 of \"Rprec@5\"");
  const auto missing = name_error("IPrec");
  CHECK(missing.where.column == 6);
  CHECK(missing.message == "IPrec needs a recall level after @, as in IPrec@0.3");
}

TEST_CASE("error: a recall level outside 0..1", "[measure-name][errors]") {
  const auto e = name_error("IPrec@1.5");
  CHECK(e.code == ErrorCode::out_of_range);
  CHECK(e.where.column == 7);
  CHECK(e.message ==
        "a recall level must be a number from 0 to 1; found 1.5 at column 7 of \"IPrec@1.5\"");
  CHECK(name_error("IPrec@-0.1").code == ErrorCode::bad_number);
}

TEST_CASE("error: a word of the sets page with a cutoff names the word", "[measure-name][errors]") {
  const auto e = name_error("accuracy@5");
  CHECK(e.code == ErrorCode::bad_parameter_value);
  CHECK(e.where.column == 9);
  CHECK(e.message == "accuracy takes no cutoff; found '@5' at column 9 of \"accuracy@5\"");
}

TEST_CASE("a set word on a ranked list: the message names the ranked-list measures",
          "[measure-name][errors]") {
  const auto precision = irm::parse_measure_name("Precision");
  REQUIRE(precision.ok());
  CHECK(precision.value().word == "Precision");
  CHECK(irm::ranked_list_instead(precision.value()) ==
        "'Precision' alone is the precision of a set, read from a confusion matrix (tp=… fp=…, a "
        "2 × 2 grid or sets), but the input is a ranked list; say which precision of a ranked "
        "list: P@k for the top k ranks (as in precision@10), P for the whole list, or Rprec for "
        "R-precision");
  CHECK(irm::ranked_list_instead(irm::parse_measure_name("recall").value()) ==
        "'recall' alone is the recall of a set, read from a confusion matrix (tp=… fn=…, a 2 × 2 "
        "grid or sets), but the input is a ranked list; say which recall of a ranked list: R@k for "
        "the top k ranks (as in recall@10), or R for the whole list");
  CHECK(irm::ranked_list_instead(irm::parse_measure_name("accuracy").value()) ==
        "'accuracy' is a measure of a set, read from a confusion matrix with TN (tp=… fp=… fn=… "
        "tn=…, a 2 × 2 grid or sets), but the input is a ranked list, which has no TN; give the "
        "four counts, or name a measure of a ranked list such as P@10 or AP");
  // Names that are not words have nothing to add: P@5 reads a ranked list.
  CHECK(irm::parse_measure_name("precision@5").value().word.empty());
  CHECK(irm::ranked_list_instead(irm::parse_measure_name("precision@5").value()).empty());
  CHECK(irm::ranked_list_instead(irm::parse_measure_name("confusion").value()).empty());
}
