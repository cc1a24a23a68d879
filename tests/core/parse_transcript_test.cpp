// A Python session as documentation prints it (core/src/parse/transcript.h), and compute() on
// one. The sessions are those of published documentation, as printed.

#include <catch2/catch.hpp>

#include "../../core/src/parse/transcript.h"
#include "helpers.h"

using irm::text::read_transcript;

TEST_CASE("transcript: no >>> prompt, no session", "[parse][transcript]") {
  CHECK_FALSE(read_transcript("R N R"));
  CHECK_FALSE(read_transcript("y = [1, 0, 1]"));
  CHECK_FALSE(read_transcript(">>>x = [1]"));  // a prompt is followed by a space or the line end
  CHECK_FALSE(read_transcript(""));
}

TEST_CASE("transcript: prompts become spaces, the rest of the session empty lines",
          "[parse][transcript]") {
  // scikit-learn's documentation of average_precision_score, Examples, as printed.
  const auto t = read_transcript(
      ">>> import numpy as np\n"
      ">>> from sklearn.metrics import average_precision_score\n"
      ">>> y_true = np.array([0, 0, 1, 1])\n"
      ">>> y_scores = np.array([0.1, 0.4, 0.35, 0.8])\n"
      ">>> average_precision_score(y_true, y_scores)\n"
      "0.83...\n");
  REQUIRE(t);
  // Same lines, same columns: the data keeps line 3 and 4, column 5.
  CHECK(t->text ==
        "\n"
        "\n"
        "    y_true = np.array([0, 0, 1, 1])\n"
        "    y_scores = np.array([0.1, 0.4, 0.35, 0.8])\n"
        "\n"
        "\n");
  CHECK(t->reading ==
        "Read as a Python session: the >>> prompts are left out, the data assigned on lines 3 "
        "and 4 is read, and lines 1, 2, 5 and 6 are skipped (imports, calls and what they "
        "printed).");
}

TEST_CASE(
    "transcript: sentences around the session stay and continuation lines follow their "
    "statement",
    "[parse][transcript]") {
  const auto t = read_transcript(
      "The grades of the top five:\n"
      ">>> r = [3, 2,\n"
      "...      0, 1]\n"
      ">>> m = RetrievalMAP()\n"
      "... \n"
      ">>> m(preds, target)\n"
      "tensor(0.7917)\n"
      "\n"
      "Done.\n");
  REQUIRE(t);
  CHECK(t->text ==
        "The grades of the top five:\n"
        "    r = [3, 2,\n"
        "         0, 1]\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "Done.\n");
  CHECK(t->reading ==
        "Read as a Python session: the >>> prompts are left out, the data assigned on lines 2 "
        "and 3 is read, and lines 4, 6 and 7 are skipped (imports, calls and what they "
        "printed).");
}

TEST_CASE("transcript: R's <- and torch tensors are data", "[parse][transcript]") {
  const auto t = read_transcript(">>> target = tensor([False, True])\n>>> x <- c(1, 5)\n");
  REQUIRE(t);
  CHECK(t->text == "    target = tensor([False, True])\n    x <- c(1, 5)\n");
}

TEST_CASE("transcript: compute() reads the data lines and says how", "[parse][transcript]") {
  // Brandyn White's rank_metrics (2012), average_precision's doctest:
  // r = 1 1 0 1 0 1 0 0 0 1: relevant at 1, 2, 4, 6, 10, R = 5 (the list's own).
  // AP = (1/1 + 2/2 + 3/4 + 4/6 + 5/10)/5 = (12 + 12 + 9 + 8 + 6)/12/5 = 47/60 = 0.78333…
  const auto o = test::run("AP",
                           ">>> r = [1, 1, 0, 1, 0, 1, 0, 0, 0, 1]\n"
                           ">>> average_precision(r)\n"
                           "0.78333333333333333\n");
  CHECK(*o.value.exact == irm::Fraction{47, 60});
  CHECK(test::has_note_containing(o, "Read as a Python session"));
}

TEST_CASE("transcript: an error in a data line keeps its line and column", "[parse][transcript]") {
  const auto e = test::fails("AP", ">>> import numpy as np\n>>> r = [1, 0, X]\n");
  CHECK(e.where.line == 2);
  // ">>> r = [1, 0, X]": '>' 1-3, ' ' 4, 'r' 5, ' ' 6, '=' 7, ' ' 8, '[' 9, '1' 10, ',' 11,
  // ' ' 12, '0' 13, ',' 14, ' ' 15, 'X' 16: the column as typed, prompt included.
  CHECK(e.where.column == 16);
}
