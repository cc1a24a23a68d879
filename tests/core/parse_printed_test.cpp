// Lists as exercises and programs print them: a relevant set and a ranking of ids, captions,
// brackets (Python, NumPy, R, JSON), sentences with number words and ordinals, and judged
// documents not retrieved. Values are worked by hand in the comments; messages are checked word
// for word.

#include <catch2/catch.hpp>

#include "helpers.h"

using irm::ErrorCode;
using irm::Judgement;

namespace {

irm::RankedList ranked(const std::string& text) {
  return test::parsed_ok(irm::parse_ranked_list(text));
}

irm::InputError ranked_error(const std::string& text) {
  return test::parse_fails(irm::parse_ranked_list(text), text);
}

}  // namespace

// --- a relevant set and a ranking of ids ------------------------------------------------------

TEST_CASE("printed: relevant: and ranking: lines give a set and a ranking of ids",
          "[parse][printed][ranking]") {
  const auto list = ranked("relevant: d2 d7 d9\nranking: d7 d1 d9 d4");
  CHECK(test::judgement_letters(list) == "RNRN");
  CHECK(list.docs[0].label == "d7");
  CHECK(list.docs[2].where.line == 2);
  CHECK(list.docs[2].where.column == 16);
  CHECK(list.unretrieved_relevant == 1);  // d2
  CHECK_FALSE(list.total_relevant.has_value());
  REQUIRE(list.reading.size() == 1);
  CHECK(list.reading[0] ==
        "Read as: relevant = {d2, d7, d9} (R = 3), ranking of 4. Relevant but not retrieved: d2; "
        "it counts in R.");
  // R = the set's size: 2 relevant retrieved + d2 not retrieved.
  const auto R = irm::resolve_total_relevant(list, "", false);
  REQUIRE(R.ok());
  CHECK(R.value().value == 3);
  CHECK_FALSE(R.value().note.has_value());
}

TEST_CASE("printed: AP of a relevant set and a ranking counts the unretrieved one in R",
          "[golden][printed][AP]") {
  // Relevant at ranks 1 (d7) and 3 (d9): P@1 = 1, P@3 = 2/3; R = 3 (d2 not retrieved).
  // AP = (1 + 2/3) / 3 = 5/9.
  const auto o = test::run("AP", "relevant: d2 d7 d9\nranking: d7 d1 d9 d4");
  CHECK(o.value.exact == irm::Fraction{5, 9});
  CHECK(test::has_note_containing(o, "Read as: relevant = {d2, d7, d9} (R = 3), ranking of 4."));
  // relevant=5 in the text wins over the set's size: AP = (5/3) / 5 = 1/3.
  CHECK(test::run("AP", "relevant=5\nrelevant: d2 d7 d9\nranking: d7 d1 d9 d4").value.exact ==
        irm::Fraction{1, 3});
  // So does the page's R field: AP = (5/3) / 6 = 5/18.
  CHECK(test::run("AP", "relevant: d2 d7 d9\nranking: d7 d1 d9 d4", "6").value.exact ==
        irm::Fraction{5, 18});
}

TEST_CASE("printed: braces, brackets, Rel = {…} and top5 = […]", "[parse][printed][ranking]") {
  // top5: d8 N, d2 R, d7 R, d1 N, d9 R. AP = (1/2 + 2/3 + 3/5) / 3 = (15 + 20 + 18)/90 = 53/90.
  const std::string text = "Rel = {d2, d7, d9}\ntop5 = [d8, d2, d7, d1, d9]";
  CHECK(test::judgement_letters(ranked(text)) == "NRRNR");
  CHECK(test::run("AP", text).value.exact == irm::Fraction{53, 90});
  CHECK(test::judgement_letters(ranked("relevant = [d2, d7]\nretrieved: d7, d1")) == "RN");
  CHECK(test::judgement_letters(ranked("relevant={d2,d7}\nreturned: d1 d2")) == "NR");
  CHECK(test::judgement_letters(ranked("Relevant documents: d3\nresults: d3 d4")) == "RN");
  CHECK(test::judgement_letters(ranked("relevant <- c('d2', 'd7')\nranking <- c('d7', 'd1')")) ==
        "RN");
}

TEST_CASE("printed: a relevant set and a ranking in one sentence", "[parse][printed][ranking]") {
  const auto list = ranked(
      "the relevant set is {d2, d7, d9}, and the engine returns d7, d1, d9 and d4, in that order");
  CHECK(test::judgement_letters(list) == "RNRN");
  CHECK(list.docs[3].label == "d4");
  CHECK(list.unretrieved_relevant == 1);
  REQUIRE(list.reading.size() == 2);
  CHECK(list.reading[0] ==
        "Read as: relevant = {d2, d7, d9} (R = 3), ranking of 4. Relevant but not retrieved: d2; "
        "it counts in R.");
  CHECK(list.reading[1] ==
        "Skipped the words 'the', 'and the engine', 'in that order' (not data).");
}

TEST_CASE("printed, error: a relevant set without a ranking names the edit",
          "[parse][printed][errors]") {
  const auto e = ranked_error("relevant: 2 4 7");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 1);
  CHECK(e.message ==
        "found the relevant set 'relevant' at line 1, column 1 but no ranking; add a line "
        "ranking: with the retrieved documents from the top rank down, as in ranking: d7 d1 d9 "
        "d4 (or, if the numbers are ranks, write relevant at 2, 4, 7)");
}

TEST_CASE("printed, error: a ranking of ids with nothing marked relevant",
          "[parse][printed][errors]") {
  const auto e = ranked_error("ranking: d7 d1 d9");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.message ==
        "the ranking at line 1, column 1 names documents but says none is relevant; add a line "
        "relevant: with the relevant ones (as in relevant: d2 d7 d9), or mark them as *d2*");
  // Marked documents under a ranking: caption are read as ever.
  CHECK(test::judgement_letters(ranked("ranking: d7 *d1* d9")) == "NRN");
}

TEST_CASE("printed, error: a document twice in the set or in the ranking",
          "[parse][printed][errors]") {
  CHECK(ranked_error("relevant: d2 d2\nranking: d2").message ==
        "document 'd2' is in the relevant set twice, at line 1, column 11 and at line 1, column "
        "14; list each relevant document once");
  CHECK(ranked_error("relevant: d2\nranking: d2 d1 d2").message ==
        "document 'd2' is ranked twice, at line 2, column 10 and at line 2, column 16; a "
        "document can appear only once in a ranking");
}

// --- lists as programs print them --------------------------------------------------------------

TEST_CASE("printed: Python, NumPy, R and JSON lists of marks", "[parse][printed][ranking]") {
  const auto y = ranked("y = [1, 0, 1, 1, 0]");
  CHECK(test::judgement_letters(y) == "RNRRN");
  CHECK(y.docs[1].where.column == 9);
  REQUIRE(y.reading.size() == 2);
  CHECK(y.reading[0] ==
        "Read as: a bracketed list […] after the caption 'y', a ranked list of 5, top rank first.");
  CHECK(y.reading[1] == "Skipped the caption 'y' (words that name the data).");
  CHECK(test::judgement_letters(ranked("np.array([[1, 0, 1]])")) == "RNR");
  CHECK(ranked("np.array([[1, 0, 1]])").reading.at(0) ==
        "Read as: NumPy's np.array(…), a ranked list of 3, top rank first.");
  CHECK(test::judgement_letters(ranked("rel <- c(1, 0, 0, 1)")) == "RNNR");
  CHECK(test::judgement_letters(ranked("[1, 0, 1]")) == "RNR");
  CHECK(test::judgement_letters(ranked("[\"R\", \"N\", \"R\"]")) == "RNR");
}

TEST_CASE("printed: AP of a captioned relevance vector", "[golden][printed][AP]") {
  // 0 1 1 0 1: relevant at 2, 3, 5; R assumed 3. AP = (1/2 + 2/3 + 3/5) / 3 = 53/90.
  const auto o = test::run("AP", "Relevance vector: 0, 1, 1, 0, 1");
  CHECK(o.value.exact == irm::Fraction{53, 90});
  CHECK(test::has_note_containing(o, "Skipped the caption 'Relevance vector'"));
}

TEST_CASE("printed, error: brackets that do not match", "[parse][printed][errors]") {
  const auto open = ranked_error("[1, 0, 1");
  CHECK(open.code == ErrorCode::bad_token);
  CHECK(open.where.column == 1);
  CHECK(open.message ==
        "the '[' at line 1, column 1 is never closed; add ']' at the end of its list");
  const auto close = ranked_error("1, 0]");
  CHECK(close.where.column == 5);
  CHECK(close.message ==
        "found ']' at line 1, column 5 without an opening '[' before it; remove it or open the "
        "list");
  CHECK(ranked_error("[1, 0)").message ==
        "found ')' at line 1, column 6, but the '[' at line 1, column 1 is closed by ']'");
}

TEST_CASE("printed, error: two lists in one array on the ranked page", "[parse][printed][errors]") {
  const auto e = ranked_error("np.array([[1, 0], [0, 1]])");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 20);
  CHECK(e.message ==
        "found 2 lists in NumPy's np.array(…) at line 1, column 1; the ranked list reads one "
        "query. Keep one list, or paste each as a query of its own on the several-queries page");
}

TEST_CASE("printed: a caption does not swallow a list of marks", "[parse][printed][errors]") {
  // "R N R:" is three marks with a stray colon, not a caption: the colon is reported.
  const auto e = ranked_error("R N R: N R");
  CHECK(e.code == ErrorCode::bad_number);
  CHECK(e.where.column == 5);
  CHECK(e.message ==
        "found 'R:' at line 1, column 5; after 'R:' expected a whole-number grade such as 0, 1 "
        "or 2");
}

// --- sentences ---------------------------------------------------------------------------------

TEST_CASE("printed: the relevant results appear at ranks 2, 4 and 7", "[parse][printed][ranking]") {
  const auto list = ranked("the relevant results appear at ranks 2, 4 and 7");
  CHECK(test::judgement_letters(list) == "NRNRNNR");
  CHECK(list.docs[3].where.column == 41);
  CHECK(list.reading.back() == "Skipped the words 'the', 'results appear at' (not data).");
  // AP with R = 3 (the relevant listed): (1/2 + 2/4 + 3/7) / 3 = (10/7) / 3 = 10/21.
  CHECK(test::run("AP", "the relevant results appear at ranks 2, 4 and 7").value.exact ==
        irm::Fraction{10, 21});
}

TEST_CASE("printed: number words and ordinals, R from 'three of them relevant'",
          "[parse][printed][ranking]") {
  const std::string text =
      "In a collection of 50 documents, three of them relevant, the system places the three "
      "relevant documents third, fifth and tenth.";
  const auto list = ranked(text);
  CHECK(test::judgement_letters(list) == "NNRNRNNNNR");
  REQUIRE(list.total_relevant.has_value());
  CHECK(*list.total_relevant == 3);
  CHECK(list.reading.back() ==
        "Skipped the words 'In a collection of 50 documents', 'the system places the', "
        "'documents' (not data).");
  // AP = (1/3 + 2/5 + 3/10) / 3 = (10 + 12 + 9)/30 / 3 = 31/90.
  CHECK(test::run("AP", text).value.exact == irm::Fraction{31, 90});
}

TEST_CASE("printed, error: a sentence without ranks or ids says the one edit",
          "[parse][printed][errors]") {
  const auto e = ranked_error("the relevant documents appear near the top");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.message ==
        "could not read the sentence at line 1, column 1; it gives no ranks or document ids. "
        "Write the ranks of the relevant documents, as in relevant at 2, 4, 7 of 10");
  CHECK(ranked_error("results appear at ranks 2 and 4").message ==
        "could not read the sentence at line 1, column 1; it gives ranks but does not say they "
        "are the relevant ones. Add the word relevant, as in relevant at 2, 4, 7 of 10");
}

// --- judged documents not retrieved ------------------------------------------------------------

TEST_CASE("printed: unretrieved: R N N counts in R and in N", "[parse][printed][ranking]") {
  const auto list = ranked("R N R\nunretrieved: R N N");
  CHECK(test::judgement_letters(list) == "RNR");
  CHECK(list.unretrieved_relevant == 1);
  CHECK(list.unretrieved_nonrelevant == 2);
  CHECK(list.reading.at(0) ==
        "Read as: 3 judged documents not retrieved, 1 relevant and 2 not; the relevant ones "
        "count in R.");
  const auto R = irm::resolve_total_relevant(list, "", false);
  REQUIRE(R.ok());
  CHECK(R.value().value == 3);  // 2 retrieved + 1 not
  // AP = (1 + 2/3) / 3 = 5/9.
  CHECK(test::run("AP", "R N R\nunretrieved: R N N").value.exact == irm::Fraction{5, 9});
}

TEST_CASE("printed: nonrelevant=N beside relevant=R", "[parse][printed][ranking]") {
  const auto list = ranked("relevant=5 nonrelevant=12\nR N R");
  CHECK(*list.total_relevant == 5);
  REQUIRE(list.judged_nonrelevant.has_value());
  CHECK(*list.judged_nonrelevant == 12);
  CHECK(list.judged_nonrelevant_where.column == 12);
}

TEST_CASE("printed, error: unretrieved marks and R below them", "[parse][printed][errors]") {
  CHECK(ranked_error("R N\nunretrieved: R X").message ==
        "found 'X' at line 2, column 16; after 'unretrieved:' expected R or N, one per judged "
        "document the run did not retrieve");
  CHECK(ranked_error("R N\nnonrelevant=x").message ==
        "found 'nonrelevant=x' at line 2, column 1; expected the number of judged non-relevant "
        "documents as a whole number, as in nonrelevant=12");
  const auto list = ranked("relevant=2\nR N R\nunretrieved: R");
  const auto R = irm::resolve_total_relevant(list, "", false);
  REQUIRE_FALSE(R.ok());
  CHECK(R.error().message ==
        "R = 2 is fewer than the 2 relevant documents in the list and the 1 not retrieved; R "
        "counts every relevant document for the query, retrieved or not, so it is at least 3");
}

// --- graded lists -------------------------------------------------------------------------------

namespace {

std::string grades(const irm::GradedList& list) {
  std::string out;
  for (const auto& d : list.docs) out += (out.empty() ? "" : " ") + std::to_string(d.grade.num);
  return out;
}

irm::GradedList graded(const std::string& text) {
  return test::parsed_ok(irm::parse_graded_list(text));
}

irm::InputError graded_error(const std::string& text) {
  return test::parse_fails(irm::parse_graded_list(text), text);
}

}  // namespace

TEST_CASE("printed: graded judgments under a caption, and a NumPy row",
          "[parse][printed][graded]") {
  const auto list = graded("graded judgments of the top five: 2, 0, 3, 1, 1");
  CHECK(grades(list) == "2 0 3 1 1");
  CHECK(list.docs[2].where.column == 41);
  REQUIRE(list.reading.size() == 2);
  CHECK(list.reading[0] ==
        "Read as: the list after the caption 'graded judgments of the top five', a graded list "
        "of 5, top rank first.");
  CHECK(list.reading[1] ==
        "Skipped the caption 'graded judgments of the top five' (words that name the data).");
  CHECK(grades(graded("np.array([[3, 2, 0, 0, 1]])")) == "3 2 0 0 1");
  CHECK(grades(graded("gains <- c(3, 2, 0)\nunretrieved: 2")) == "3 2 0");
  CHECK(graded("gains <- c(3, 2, 0)\nunretrieved: 2").unretrieved.size() == 1);
}

TEST_CASE("printed: scikit-learn's y_true and y_score are ranked by the score",
          "[golden][printed][nDCG]") {
  // scikit-learn's ndcg_score documentation example: ranked by score the grades are 5 1 0 0 10.
  // sklearn.metrics.ndcg_score(np.asarray([[10, 0, 0, 1, 5]]), np.asarray([[.1, .2, .3, 4, 70]]))
  // = 0.6956940443813074 (scikit-learn 1.2.1, Debian's python3-sklearn); trec_eval's discount.
  const std::string text =
      "y_true = np.asarray([[10, 0, 0, 1, 5]])\ny_score = np.asarray([[.1, .2, .3, 4, 70]])";
  CHECK(grades(graded(text)) == "5 1 0 0 10");
  CHECK(graded(text).reading.at(0) ==
        "Read as: y_true ranked by y_score, highest score first (5 documents).");
  const auto o = test::run("nDCG(dcg=trec)", text);
  CHECK_THAT(o.value.approx, Catch::Matchers::WithinAbs(0.6956940443813074, 1e-12));
}

TEST_CASE("printed: tied scores keep the order typed, and the note says what scikit-learn does",
          "[golden][printed][nDCG]") {
  // Scores .5, .5, .9: ranked 2 (0.9), then 1 and 0 in the order typed. DCG = 2 + 1/log2(3) is
  // the ideal, so nDCG = 1; scikit-learn 1.2.1 gives ndcg_score(np.asarray([[1, 0, 2]]),
  // np.asarray([[.5, .5, .9]])) = 0.9751172083949178, averaging the tied gains (ignore_ties=True
  // gives 0.9502344167898356, the later-typed first).
  const std::string text = "y_true = [1, 0, 2]\ny_score = [0.5, 0.5, 0.9]";
  CHECK(grades(graded(text)) == "2 1 0");
  CHECK(graded(text).reading.at(0) ==
        "Read as: y_true ranked by y_score, highest score first (3 documents). Tied scores keep "
        "the order typed. scikit-learn does not order ties: ndcg_score (with its default "
        "ignore_ties=False) averages the gains over each tied group, and average_precision_score "
        "gives every relevant document of a tied group the precision at the group's end, so its "
        "value can differ from this ordering's.");
  CHECK(test::run("nDCG(dcg=trec)", text).value.approx == Approx(1.0));
}

TEST_CASE("printed, error: graded arrays that do not pair", "[parse][printed][errors]") {
  CHECK(graded_error("y_score = [0.5, 0.9]").message ==
        "found the scores 'y_score' at line 1, column 1 but no one list of grades to rank by "
        "them; add a line y_true = [3, 2, 0] with one grade per document");
  const auto e = graded_error("y_true = [1, 0, 2]\ny_score = [0.5, 0.9]");
  CHECK(e.code == ErrorCode::inconsistent_counts);
  CHECK(e.message ==
        "y_true has 3 entries but y_score has 2; give one score per document. The first without "
        "a partner is '2' at line 1, column 17");
  CHECK(graded_error("y_true = [1, 0]\ny_score = [0.5, high]").message ==
        "found 'high' at line 2, column 17 in y_score; expected a score, a number such as 0.8, "
        "-1.5 or 2e-3");
}

TEST_CASE("printed: AP from y_true and y_score on the ranked page", "[golden][printed][AP]") {
  // Ranked by score: 0.9 (1), 0.8 (0), 0.7 (1), 0.1 (0): AP = (1 + 2/3) / 2 = 5/6.
  // sklearn.metrics.average_precision_score([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1]) = 0.8333…
  const auto o = test::run("AP", "y_true = [0, 1, 1, 0]\ny_score = [0.8, 0.9, 0.7, 0.1]");
  CHECK(o.value.exact == irm::Fraction{5, 6});
}

// --- paired scores ------------------------------------------------------------------------------

TEST_CASE("printed: per-query differences under a caption", "[parse][printed][paired]") {
  const auto r = irm::parse_paired_scores(
      "per-query differences (system 1 minus system 2): 0.05, -0.12, 0.03");
  REQUIRE(r.ok());
  CHECK(r.value().differences_only);
  REQUIRE(r.value().queries.size() == 3);
  CHECK(r.value().queries[1].difference.value.exact == irm::Fraction{-3, 25});
  CHECK(r.value().reading.at(0) ==
        "Read the list after 'per-query differences (system 1 minus system 2)' as d:, the "
        "per-query differences.");
}

TEST_CASE("printed: two captioned vectors are the two systems", "[parse][printed][paired]") {
  const auto r = irm::parse_paired_scores("bm25 = c(0.42, 0.51, 0.30)\nql = c(0.38, 0.47, 0.35)");
  REQUIRE(r.ok());
  CHECK(r.value().x_name == "bm25");
  CHECK(r.value().y_name == "ql");
  // d = 0.42 − 0.38 = 0.04, 0.51 − 0.47 = 0.04, 0.30 − 0.35 = −0.05.
  CHECK(r.value().queries[2].difference.value.exact == irm::Fraction{-1, 20});
  CHECK(r.value().reading.at(0) == "Read the first list (bm25) as x and the second (ql) as y.");
  const auto xy = irm::parse_paired_scores("x = [0.42, 0.51]\ny = [0.38, 0.47]");
  REQUIRE(xy.ok());
  CHECK(xy.value().queries[0].difference.value.exact == irm::Fraction{1, 25});
}

TEST_CASE("printed, error: one list of scores is not a paired input", "[parse][printed][errors]") {
  const auto r = irm::parse_paired_scores("scores = [0.4, 0.5]");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message ==
        "found the list 'scores' at line 1, column 1; give two lists of scores, one per system "
        "(x = […] and y = […]), or one list captioned differences");
}

// --- scored labels (ROC) ------------------------------------------------------------------------

TEST_CASE("printed: scikit-learn's y_true and y_score for ROC", "[golden][printed][AUC]") {
  // Positives 0.9, 0.7; negatives 0.8, 0.1: 3 of the 4 pairs ordered right, AUC = 3/4.
  // sklearn.metrics.roc_auc_score([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1]) = 0.75.
  const std::string text = "y_true = [1, 0, 1, 0]\ny_score = [0.9, 0.8, 0.7, 0.1]";
  const auto r = irm::parse_scored_labels(text);
  REQUIRE(r.ok());
  REQUIRE(r.value().items.size() == 4);
  CHECK(r.value().items[2].score == 0.7);
  CHECK(test::run("AUC", text).value.approx == Approx(0.75));
  const auto bad = irm::parse_scored_labels("preds = [0.9, 0.8]");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message ==
        "found the list 'preds' at line 1, column 1; name the two lists as scikit-learn does, "
        "y_true = [1, 0, 1] and y_score = [0.9, 0.8, 0.1]");
}

// --- several queries ----------------------------------------------------------------------------

TEST_CASE("printed: R's actual and predicted lists, one query per element",
          "[golden][printed][MAP]") {
  // q1: relevant {1, 2, 3}, ranking 1 5 7: AP = (1/1) / 3 = 1/3. q2: relevant {4}, ranking 4 3:
  // AP = 1. MAP = (1/3 + 1) / 2 = 2/3.
  const std::string r_text =
      "actual = list(c(1, 2, 3), c(4))\npredicted = list(c(1, 5, 7), c(4, 3))";
  const auto set = irm::parse_query_blocks(r_text);
  REQUIRE(set.ok());
  REQUIRE(set.value().queries.size() == 2);
  CHECK(set.value().reading.at(0) ==
        "Read as: 2 queries, the i-th list of actual the relevant documents of query i and the "
        "i-th of predicted its ranking (R's list(…)).");
  CHECK(test::run("MAP", r_text).value.exact == irm::Fraction{2, 3});
  CHECK(
      test::run("MAP", "actual = [[1, 2, 3], [4]]\npredicted = [[1, 5, 7], [4, 3]]").value.exact ==
      irm::Fraction{2, 3});
  const auto e = irm::parse_query_blocks("actual = list(c(1), c(4))\npredicted = list(c(1))");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message ==
        "actual has 2 lists but predicted has 1; give one list of relevant documents and one "
        "ranking per query");
}

TEST_CASE("printed: a table of results and correct responses, as Wikipedia prints MRR",
          "[golden][printed][MRR]") {
  // Wikipedia, "Mean reciprocal rank": the correct responses are at ranks 3, 2 and 1, so
  // MRR = (1/3 + 1/2 + 1) / 3 = 11/18.
  const std::string text =
      "Query | Proposed Results | Correct response | Rank | Reciprocal rank\n"
      "cat | catten, cati, cats | cats | 3 | 1/3\n"
      "torus | torii, tori, toruses | tori | 2 | 1/2\n"
      "virus | viruses, virii, viri | viruses | 1 | 1";
  const auto set = irm::parse_query_blocks(text);
  REQUIRE(set.ok());
  REQUIRE(set.value().queries.size() == 3);
  CHECK(set.value().queries[1].id == "torus");
  CHECK(set.value().reading.at(1) ==
        "Skipped the columns 'Rank', 'Reciprocal rank' (the source's own working, not data).");
  CHECK(test::run("MRR", text).value.exact == irm::Fraction{11, 18});
  const auto e = irm::parse_query_blocks("Query\tResults\tCorrect\ncat\tcatten, cats\ncats");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message ==
        "line 2 has 2 cells but the header on line 1 has 3; give every row the header's columns");
}

TEST_CASE("printed: relevant: and ranking: inside a query block", "[parse][printed][queries]") {
  // q1: relevant at 1 and 3 of d7 d1 d9, R = 3: AP = (1 + 2/3)/3 = 5/9. q2: d4 at rank 2 of 2,
  // R = 1: AP = 1/2. MAP = (5/9 + 1/2) / 2 = 19/36.
  const std::string text =
      "q1\nrelevant: d2 d7 d9\nranking: d7 d1 d9\n\nq2\nrelevant: d4\nranking: d3 d4";
  CHECK(test::run("MAP", text).value.exact == irm::Fraction{19, 36});
  const auto set = irm::parse_query_blocks("relevant: d2\nranking: d2 d1");
  REQUIRE(set.ok());
  CHECK(set.value().queries[0].id == "q1");  // relevant: is the list's key, not the query's id
}

TEST_CASE("printed: grades in a sentence, and a sentence without them",
          "[parse][printed][graded]") {
  const auto list = graded("The top five results have grades 2, 0, 3, 1 and 1.");
  CHECK(grades(list) == "2 0 3 1 1");
  CHECK(list.docs[4].where.column == 49);
  CHECK(list.reading.at(0) ==
        "Read as: the numbers 2, 0, 3, 1, 1 of the sentence, a graded list of 5, top rank first.");
  CHECK(list.reading.at(1) == "Skipped the words 'The top five results have grades' (not data).");
  const auto e = graded_error("the grades are high then low");
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.message ==
        "could not read the sentence at line 1, column 1; it gives no list of grades. Put the "
        "grades after a colon, as in grades of the top five: 2, 0, 3, 1, 1");
}

TEST_CASE("printed, error: lists nested deeper than a program prints them",
          "[parse][printed][errors]") {
  const auto e = ranked_error(std::string(100000, '[') + "1" + std::string(100000, ']'));
  CHECK(e.code == ErrorCode::bad_token);
  CHECK(e.where.column == 9);
  CHECK(e.message ==
        "found '[' at line 1, column 9, a list nested more than 8 deep; paste the lists "
        "themselves, at most two deep");
}

// --- sentences around the data ------------------------------------------------------------------

TEST_CASE("printed: a sentence before a captioned list is skipped, and gives R",
          "[golden][printed][AP]") {
  // questionai.com, "Suppose a query has a total of 5 relevant documents…" (System A and B):
  // A = + + - - - - - - - -: relevant at 1 and 2, R = 5: AP = (1 + 1) / 5 = 2/5.
  // B = - + - - + - - - - +: relevant at 2, 5, 10: AP = (1/2 + 2/5 + 3/10) / 5 = 6/25.
  const std::string lead =
      "Suppose a query has a total of 5 relevant documents in a collection of 100 documents. "
      "System A and System B have each retrieved 10 documents, and the relevance status of the "
      "ranked lists is shown below: ";
  const auto a = test::run("AP", lead + "System A: [+ + - - - - - - - -]\n");
  CHECK(a.value.exact == irm::Fraction{2, 5});
  const auto b = test::run("AP", lead + "System B: [- + - - + - - - - +]\n");
  CHECK(b.value.exact == irm::Fraction{6, 25});
  const auto list = ranked(lead + "System A: [+ + - - - - - - - -]");
  REQUIRE(list.total_relevant.has_value());
  CHECK(*list.total_relevant == 5);
  CHECK(list.reading.at(0) ==
        "Skipped the sentence 'Suppose a query has a total …' at line 1, column 1 (no list in "
        "it).");
  CHECK(list.reading.at(1) ==
        "Skipped the sentence 'System A and System B have …' at line 1, column 87 (no list in "
        "it).");
  CHECK(list.reading.at(2) ==
        "Read as: R = 5 (\"a total of 5 relevant documents\" at line 1, column 32).");
}

TEST_CASE("printed: a docstring sentence on its own line is skipped", "[parse][printed][ranking]") {
  // 1 1 0 1: relevant at 1, 2, 4, R = 3: AP = (1 + 1 + 3/4) / 3 = 11/12.
  const std::string text = "Relevance is binary (nonzero is relevant).\nr = [1, 1, 0, 1]";
  CHECK(test::judgement_letters(ranked(text)) == "RRNR");
  CHECK(ranked(text).reading.at(0) ==
        "Skipped the sentence 'Relevance is binary (nonzero is relevant).' at line 1, column 1 "
        "(no list in it).");
  CHECK(test::run("AP", text).value.exact == irm::Fraction{11, 12});
  // Marks with a stray token holding brackets are no sentence: the stray token is named.
  CHECK(ranked_error("R <img/src=x/onerror=alert(1)>").message.rfind("found '<img", 0) == 0);
  // Nothing but a sentence: the sentence is what was meant, and its message stays.
  CHECK(ranked_error("Relevance is binary (nonzero is relevant).").message ==
        "could not read the sentence at line 1, column 1; it gives no ranks or document ids. "
        "Write the ranks of the relevant documents, as in relevant at 2, 4, 7 of 10");
  // A sentence beside bad data: the message is about the data, on its own line.
  CHECK(ranked_error("Relevance is binary (nonzero is relevant).\nr = [1, 1, x]").message ==
        "found 'x' at line 2, column 12 in a list of relevance marks; expected R, N, +, -, 1, 0, "
        "or U/? for unjudged. To name documents, mark each one: x+ or *x* if relevant, x or x- "
        "if not");
}

TEST_CASE("printed: scikit-learn's y_true and y_scores after a doctest's prompts",
          "[golden][printed][AP]") {
  // scikit-learn's average_precision_score documentation: y_true = [0, 0, 1, 1], y_scores =
  // [0.1, 0.4, 0.35, 0.8]. Ranked by score: 0.8 (1), 0.4 (0), 0.35 (1), 0.1 (0):
  // AP = (1 + 2/3) / 2 = 5/6 = 0.83… (the page prints 0.83...).
  const std::string text =
      "    y_true = np.array([0, 0, 1, 1])\n    y_scores = np.array([0.1, 0.4, 0.35, 0.8])\n\n";
  CHECK(test::judgement_letters(ranked(text)) == "RNRN");
  CHECK(test::run("AP", text).value.exact == irm::Fraction{5, 6});
}

TEST_CASE("printed: TorchMetrics' indexes, preds and target, one query per index",
          "[golden][printed][queries]") {
  // TorchMetrics' retrieval documentation (RetrievalMAP, RetrievalMRR, …), after a doctest's
  // prompts. Index 0: preds .5 (True), .3, .2 → relevant at 1 of 3. Index 1: .5 (False), .3
  // (True), .2 (True), .1 → relevant at 2 and 3 of 4.
  // AP: 1 and (1/2 + 2/3) / 2 = 7/12; MAP = 19/24 = 0.7917 (tensor(0.7917)).
  // RR: 1 and 1/2; MRR = 3/4. P@2: 1/2 and 1/2. R@2: 1 and 1/2. R-prec: P@1 = 1, P@2 = 1/2.
  // nDCG with trec_eval's discount (TorchMetrics'): 1 and (1/log2(3) + 1/2) / (1 + 1/log2(3))
  // = 0.69342; mean 0.84671 (tensor(0.8467)). With the default discount (ranks 1 and 2 not
  // discounted): 1 and (1 + 1/log2(3)) / 2 = 0.81546; mean 0.90773.
  const std::string text =
      "    indexes = tensor([0, 0, 0, 1, 1, 1, 1])\n"
      "    preds = tensor([0.2, 0.3, 0.5, 0.1, 0.3, 0.5, 0.2])\n"
      "    target = tensor([False, False, True, False, True, False, True])\n\n\n";
  const auto set = irm::parse_query_blocks(text);
  REQUIRE(set.ok());
  REQUIRE(set.value().queries.size() == 2);
  CHECK(set.value().queries[1].id == "index 1");
  CHECK(set.value().reading.at(0) ==
        "Read as: 2 queries, one per value of indexes (PyTorch's tensor(…)), each ranking its "
        "target by preds, highest first, as TorchMetrics' retrieval metrics do (True relevant, "
        "False not).");
  CHECK(test::run("MAP", text).value.exact == irm::Fraction{19, 24});
  CHECK(test::run("MRR", text).value.exact == irm::Fraction{3, 4});
  CHECK(test::run("mean(P@2)", text).value.exact == irm::Fraction{1, 2});
  CHECK(test::run("mean(R@2)", text).value.exact == irm::Fraction{3, 4});
  CHECK(test::run("mean(Rprec)", text).value.exact == irm::Fraction{3, 4});
  CHECK(test::run("mean(nDCG(dcg=trec))", text).value.approx == Approx(0.846713).epsilon(1e-6));
  CHECK(test::run("mean(nDCG)", text).value.approx == Approx(0.907732).epsilon(1e-6));
  // torch.tensor, 0/1 targets and negative scores; a comment line before them. Index 0: .8 (0),
  // -.4 (1): AP 1/2. Index 1: 1.4 (1), 1.0 (0), 0.0 (1): AP (1 + 2/3) / 2 = 5/6. MAP = 2/3.
  const std::string overview =
      "    # the first query was compared with two documents, the second with three\n"
      "    indexes = torch.tensor([0, 0, 1, 1, 1])\n"
      "    preds = torch.tensor([0.8, -0.4, 1.0, 1.4, 0.0])\n"
      "    target = torch.tensor([0, 1, 0, 1, 1])\n";
  CHECK(test::run("MAP", overview).value.exact == irm::Fraction{2, 3});
  const auto with_comment = irm::parse_query_blocks(overview);
  REQUIRE(with_comment.ok());
  CHECK(with_comment.value().reading.at(0) ==
        "Skipped the comment '# the first query was compared …' at line 1, column 5 (a "
        "program's comment, not data).");
  const auto e = irm::parse_query_blocks(
      "indexes = tensor([0, 0, 1])\npreds = tensor([0.2, 0.3])\ntarget = tensor([0, 1, 1])");
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().message ==
        "indexes has 3 entries but preds has 2; give every document its query index, score and "
        "relevance");
  CHECK(e.error().where.line == 2);
}

TEST_CASE("printed: R's actual, predicted and the call that names them", "[golden][printed][AP]") {
  // The R package Metrics, apk's documentation: actual a b d, predicted b c a e f, k = 3.
  // Relevant at 1 (b) and 3 (a): AP@3 divided by min(R, k) = 3: (1 + 2/3) / 3 = 5/9 = 0.5555556.
  const std::string text =
      "actual <- c('a', 'b', 'd')\npredicted <- c('b', 'c', 'a', 'e', 'f')\n"
      "apk(3, actual, predicted)\n";
  const auto list = ranked(text);
  CHECK(test::judgement_letters(list) == "RNRNN");
  CHECK(list.reading.back() ==
        "Skipped the call 'apk(3, actual, predicted)' at line 3, column 1 (it names the lists; "
        "the measure says what to compute).");
  CHECK(test::run("AP(norm=min_rk)@3", text).value.exact == irm::Fraction{5, 9});
}

TEST_CASE("printed: R's actual and predicted lists with mapk, and a repeated prediction",
          "[golden][printed][MAP]") {
  // The R package Metrics, mapk's documentation, k = 2. q1: {a, b}, a c: AP@2 = 1 / min(2, 2) =
  // 1/2. q2: {a}, x b: 0. q3: {x, y, b}, y: 1 / min(3, 2) = 1/2. MAP@2 = (1/2 + 0 + 1/2)/3 = 1/3.
  const std::string two =
      "actual <- list(c('a', 'b'), c('a'), c('x', 'y', 'b'))\n"
      "predicted <- list(c('a', 'c', 'd'), c('x', 'b', 'a', 'b'), c('y'))\n"
      "mapk(2, actual, predicted)\n";
  const auto set = irm::parse_query_blocks(two);
  REQUIRE(set.ok());
  REQUIRE(set.value().queries.size() == 3);
  CHECK(set.value().reading.at(1) ==
        "Skipped the call 'mapk(2, actual, predicted)' at line 3, column 1 (it names the lists; "
        "the measure says what to compute).");
  CHECK(test::run("MAP(norm=min_rk)@2", two).value.exact == irm::Fraction{1, 3});
  // k = 3, numeric ids. q1: {1, 5, 7, 9}, 5 6 7: (1 + 2/3) / 3 = 5/9. q2: {2, 3}, 1 2 3:
  // (1/2 + 2/3) / 2 = 7/12. q3: {2, 5, 6}, 2 4 6: (1 + 2/3) / 3 = 5/9.
  // MAP@3 = (5/9 + 7/12 + 5/9) / 3 = 61/108 = 0.5648148.
  const std::string three =
      "actual <- list(c(1, 5, 7, 9), c(2, 3), c(2, 5, 6))\n"
      "predicted <- list(c(5, 6, 7, 8, 9), c(1, 2, 3), c(2, 4, 6, 8))\n"
      "mapk(3, actual, predicted)\n";
  CHECK(test::run("MAP(norm=min_rk)@3", three).value.exact == irm::Fraction{61, 108});
  // A prediction ranked twice counts where it is first (Kaggle's apk): {a}, a b a: AP = 1.
  const auto repeated = ranked("actual <- c('a')\npredicted <- c('a', 'b', 'a')");
  CHECK(test::judgement_letters(repeated) == "RNN");
  CHECK(repeated.reading.at(0) ==
        "Read as: relevant = {a} (R = 1), ranking of 3. Ranked again: a (counted only where "
        "first ranked, as Kaggle's apk and R's Metrics do).");
  // Elsewhere a document ranked twice is still a mistake to report.
  CHECK(ranked_error("relevant: a\nranking: a b a").message ==
        "document 'a' is ranked twice, at line 2, column 10 and at line 2, column 14; a document "
        "can appear only once in a ranking");
}

TEST_CASE("printed: a nested list on the queries page is one query per inner list",
          "[golden][printed][queries]") {
  // rank_metrics.py (a GitHub gist of ranking measures): mean_reciprocal_rank(rs) with
  // rs = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]: (1/3 + 1/2 + 1) / 3 = 11/18 = 0.6111.
  const std::string mrr = "    rs = [[0, 0, 1], [0, 1, 0], [1, 0, 0]]\n\n";
  const auto set = irm::parse_query_blocks(mrr);
  REQUIRE(set.ok());
  REQUIRE(set.value().queries.size() == 3);
  CHECK(set.value().reading.at(0) ==
        "Read as: 3 queries, one per list of a nested list [[…]] 'rs'.");
  CHECK(test::run("MRR", mrr).value.exact == irm::Fraction{11, 18});
  // np.array, a query with no relevant document: (0 + 1/2 + 1) / 3 = 1/2.
  CHECK(test::run("MRR", "    rs = np.array([[0, 0, 0], [0, 1, 0], [1, 0, 0]])\n").value.exact ==
        irm::Fraction{1, 2});
  // mean_average_precision(rs), rs = [[1, 1, 0, 1, 0, 1, 0, 0, 0, 1], [0]]: AP of the first =
  // (1 + 1 + 3/4 + 4/6 + 5/10) / 5 = 47/60, of the second 0: MAP = 47/120 = 0.391666….
  CHECK(test::run("MAP", "    rs = [[1, 1, 0, 1, 0, 1, 0, 0, 0, 1], [0]]\n").value.exact ==
        irm::Fraction{47, 120});
}

TEST_CASE("printed: Wikipedia's MRR tables after a sentence", "[golden][printed][MRR]") {
  // Wikipedia, "Mean reciprocal rank": MRR = (1/3 + 1/2 + 1) / 3 = 11/18.
  const std::string lead =
      "Suppose we have the following three queries for a system that tries to translate English "
      "words to their plurals. In each case, the system makes three guesses, with the first one "
      "being the one it thinks is most likely correct:\n";
  const std::string tabs =
      lead +
      "\nQuery\tProposed Results\tCorrect response\tRank\tReciprocal rank\n"
      "cat\tcatten, cati, cats\tcats\t3\t1/3\ntorus\ttorii, tori, toruses\ttori\t2\t1/2\n"
      "virus\tviruses, virii, viri\tviruses\t1\t1\n";
  const auto set = irm::parse_query_blocks(tabs);
  REQUIRE(set.ok());
  CHECK(set.value().reading.at(0) ==
        "Skipped the sentence 'Suppose we have the following three …' at line 1, column 1 (no "
        "list in it).");
  CHECK(test::run("MRR", tabs).value.exact == irm::Fraction{11, 18});
  // The 2011 revision: a pipe table with a Markdown rule under the header.
  const std::string pipes =
      "For example, suppose we have the following three sample queries for a system that tries "
      "to translate English words to their plurals. In each case, the system makes three "
      "guesses, with the first one being the one it thinks is most likely correct:\n"
      "Query | Results | Correct response | Rank | Reciprocal rank |\n"
      "---|---|---|---|---|\n"
      "cat | catten, cati, cats | cats | 3 | 1/3 |\n"
      "torus | torii, tori, toruses | tori | 2 | 1/2 |\n"
      "virus | viruses, virii, viri | viruses | 1 | 1 |\n";
  CHECK(test::run("MRR", pipes).value.exact == irm::Fraction{11, 18});
}

TEST_CASE("printed: scipy's kendalltau example, two captioned lists read as x and y",
          "[golden][printed][tau]") {
  // scipy.stats.kendalltau documentation: x1 = [12, 2, 1, 12, 2], x2 = [1, 4, 7, 1, 0]. Of the
  // 10 pairs, 2 concordant, 6 discordant, 1 tied in x only (2, 2), 1 tied in both (12/1, 12/1):
  // tau-b = (2 - 6) / sqrt((10 - 2)(10 - 1)) = -4 / sqrt(72) = -0.47140452079103173.
  const std::string text = "    x1 = [12, 2, 1, 12, 2]\n    x2 = [1, 4, 7, 1, 0]\n\n";
  const auto r = irm::parse_two_rankings(text);
  REQUIRE(r.ok());
  CHECK(r.value().x_name == "x1");
  CHECK(r.value().reading.at(0) ==
        "Read x1 (a bracketed list […]) as x and x2 as y, in the order given (caption them x = "
        "and y = to say so).");
  CHECK(test::run("tau", text).value.approx == Approx(-0.47140452079103173).epsilon(1e-12));
}

TEST_CASE("printed: scipy's wilcoxon example, a list of differences after two sentences",
          "[golden][printed][wilcoxon]") {
  // scipy.stats.wilcoxon documentation (Darwin's corn plants, cross- minus self-fertilized):
  // ranking |d|, the negative differences -48 and -67 take ranks 10 and 14: W- = 24, the
  // statistic scipy prints (24.0, …).
  const std::string text =
      "In [4]_, the differences in height between cross- and self-fertilized\n"
      "corn plants is given as follows:\n\n"
      "    d = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]\n";
  const auto r = irm::parse_paired_scores(text);
  REQUIRE(r.ok());
  CHECK(r.value().queries.size() == 15);
  CHECK(r.value().differences_only);
  CHECK(r.value().reading.at(0) ==
        "Skipped the sentence 'In [4]_, the differences in height …' at line 1, column 1 (no "
        "list in it).");
  CHECK(r.value().reading.at(1) ==
        "Skipped the sentence 'corn plants is given as follows:' at line 2, column 1 (no list in "
        "it).");
  CHECK(test::exact_value(test::run("wilcoxon", text), "statistic") == irm::Fraction{24, 1});
}

TEST_CASE("printed: scikit-learn's ndcg_score example with comments between the arrays",
          "[parse][printed][graded]") {
  // scikit-learn's ndcg_score documentation (ties): true_relevance 10 0 0 1 5 ranked by the
  // scores 1 0 0 0 1: the two tied at 1 first, in the order typed (10, 5), then 0 0 1.
  const std::string text =
      "    # we have groud-truth relevance of some answers to a query:\n"
      "    true_relevance = np.asarray([[10, 0, 0, 1, 5]])\n"
      "    # now we have some ties in our prediction\n"
      "    scores = np.asarray([[1, 0, 0, 0, 1]])\n"
      "    # by default ties are averaged, so here we get the average (normalized)\n"
      "    # true relevance of our top predictions: (10 / 10 + 5 / 10) / 2 = .75\n\n";
  const auto list = graded(text);
  CHECK(grades(list) == "10 5 0 0 1");
  CHECK(list.reading.at(0) ==
        "Skipped the comment '# we have groud-truth relevance of …' at line 1, column 5 (a "
        "program's comment, not data).");
  // The same after a pre-pass that empties the comment lines.
  CHECK(grades(graded("\n    true_relevance = np.asarray([[10, 0, 0, 1, 5]])\n\n"
                      "    scores = np.asarray([[1, 0, 0, 0, 1]])\n\n\n")) == "10 5 0 0 1");
}
