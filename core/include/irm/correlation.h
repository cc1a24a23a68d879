// Two rankings of the same items, for Kendall's tau, τ_AP, Spearman's ρ and Pearson's r; and two
// ranked lists of items that may differ, for rank-biased overlap.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "irm/number.h"
#include "irm/result.h"

namespace irm {

/// Two rankings of the same n items: x[i] and y[i] are item i's score or rank in each. Only the
/// order matters (a pair is concordant when x and y order it the same way), so both lines must
/// be of the same kind: both ranks or both scores.
struct TwoRankings {
  std::vector<std::string> items;  // names from items: (or the orders), else "1", "2", … n
  std::vector<Fraction> x;         // exact: "0.10" and "0.1" are a tie
  std::vector<Fraction> y;
  std::vector<std::string> x_text;  // as typed ("0.80", "3"); for an order, the position
  std::vector<std::string> y_text;
  std::string x_name = "x";  // the keys as typed, for the tables: "x", "r", "A"
  std::string y_name = "y";
  bool from_orders = false;          // each line listed the items from rank 1 down
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes
};

/// Parses two rankings in one of these layouts:
///
///   two keyed lines        x: 1 2 3 4 5        (also r:/s: as the CS657A notes, a:/b:, ranking1:/
///                          y: 2 1 4 3 5         ranking2:); an optional items: d1 d2 d3 d4 d5
///   two orders             x: d3 d1 d2         each line lists the same item names from rank 1
///                          y: d1 d3 d2          down
///   two plain lines        0.9 0.8 0.5         read as x and y (with a note)
///                          3 1 2
///   columns                d1 0.9 3            one item per line: x y, or a name then x y
///                          d2 0.8 1            (three lines or more)
///
/// Values are decimals with an optional sign and exponent (3, -1.5, .25, 0.80, 2e-3), kept exact
/// to 18 significant digits; ties are allowed.
/// Errors: empty_input; bad_token (an unknown key, a missing or repeated line, names mixed
/// with numbers, an item listed twice or missing from one order, fewer than 2 items);
/// bad_number (a value that is not a number); out_of_range (a value beyond 10^18 or below
/// 10^-18 in size); inconsistent_counts (x and y, or items:, of different lengths).
[[nodiscard]] Result<TwoRankings> parse_two_rankings(std::string_view text);

/// Two ranked lists of item names, each from rank 1 down, for rank-biased overlap: of any
/// lengths, and an item of one need not be in the other.
struct TwoLists {
  std::vector<std::string> x;  // x's items from rank 1 down
  std::vector<std::string> y;
  std::string x_name = "x";  // the keys as typed, for the tables
  std::string y_name = "y";
  std::vector<std::string> reading;  // how the text was read, for Outcome.notes
  // A list's tie groups, when it has any: each item's top and bottom rank (0-based), the ranks
  // its group takes together; empty for a list without a tie.
  std::vector<std::int64_t> x_top, x_bottom, y_top, y_bottom;
};

/// Parses two ranked lists: two keyed lines (x: d3 d1 d2 d7 and y: d1 d4 d3, with the keys
/// tau's reader takes), two plain lines, or two captioned lists as a program prints them
/// (S = ['d3', 'd1']). Every entry is an item name, numbers too (document ids).
/// Tied items are written in parentheses, as Corsi and Urbano write them: x: d1 (d2 d3) d4.
/// Errors: empty_input; bad_token (an unknown key, a missing or repeated line, an items: line, an
/// item listed twice in one list, a tie not closed, nested or empty, more than two lines);
/// out_of_range (more than 10,000 items in a list).
[[nodiscard]] Result<TwoLists> parse_two_lists(std::string_view text);

}  // namespace irm
