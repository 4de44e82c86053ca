Feature: The Tsung Shap deal: two players, one set, own halves or a common stock
  Chance is the shuffled order of the 32 tiles; the deal only cuts it: seat 0
  takes the first sixteen tiles face down, seat 1 the other sixteen, each
  turning its tiles over in the order they lie (or, under stock=common, both
  players turn over the next tile of one common stock). The tables below
  lay out the shuffled tiles in order, row after row.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.equipment @rule:ts.deal @rule:ts.stock @rule:ts.first-player
  Scenario: Each player takes sixteen tiles of the shuffled set, kept face down, and seat 0 lays first
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are dealt
    Then seat 0's pile, in the order it is turned over, is [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2]
    And seat 1's pile, in the order it is turned over, is [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1]
    And seat 0 has turned over [6-6]
    And there is no common stock
    And there are no hands
    And seat 0 lays first

  @rule:ts.first-player @rule:ts.deal @option:first-player=previous-higher
  Scenario: In a match the previous higher scorer lays first, from the second half of the order when it is seat 1 (navpil)
    Given the option first-player is previous-higher
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are dealt, seat 1 laying first
    Then seat 1 has turned over [4-3]
    And seat 1 lays first
    And seat 0's pile, in the order it is turned over, is [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2]
    And seat 1's pile, in the order it is turned over, is [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1]

  @rule:ts.first-player
  Scenario: Under first-player=seat-0 a deal naming seat 1 first is refused
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are offered, seat 1 laying first
    Then the deal is refused under rule ts.first-player

  @rule:ts.stock @rule:ts.deal @option:stock=common
  Scenario: Under stock=common the shuffled set is one common stock, turned over in order by whoever plays
    Given the option stock is common
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are dealt
    Then the common stock, in the order it is turned over, is [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1]
    And there are no piles
    And there are no hands

  @rule:ts.stock @option:stock=common
  Scenario: With a common stock both players turn over the next tile of the stock
    Given the option stock is common
    And a new Tsung Shap game
    And the common stock begins [6-6] [5-5] [4-4]
    Then seat 0 has turned over [6-6]
    When seat 0 lays [6-6] on the empty table
    Then seat 1 has turned over [5-5]
    When seat 1 lays [5-5] at the right end
    Then seat 0 has turned over [4-4]

  @rule:ts.german.hand @rule:ts.deal @option:hand=four @option:refill=own-half
  Scenario: With four tiles in hand and own halves the first four tiles of each half are the hand
    Given the option hand is four
    And the option refill is own-half
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are dealt
    Then seat 0's hand is [6-6] [1-1] [4-4] [3-1]
    And seat 0's pile, in the order it is turned over, is [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2]
    And seat 1's hand is [4-3] [4-1] [3-2] [4-2]
    And seat 1's pile, in the order it is turned over, is [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1]
    And there is no common stock

  @rule:ts.german.hand @rule:ts.stock @option:hand=four @option:stock=common
  Scenario: With four tiles in hand and a common stock seat 0 holds the first four tiles and seat 1 the next four
    Given the option hand is four
    And the option stock is common
    Given the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the Tsung Shap tiles are dealt
    Then seat 0's hand is [6-6] [1-1] [4-4] [3-1]
    And seat 1's hand is [5-5] [3-3] [2-2] [6-5]
    And the common stock, in the order it is turned over, is [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1]
    And there are no piles

  @rule:ts.end @rule:ts.stock @option:end=stock-empty
  Scenario: A game cannot end when the common stock is empty if there is none
    Given the option end is stock-empty
    When a Tsung Shap game is set up
    Then the options are refused: "option end=stock-empty needs a common stock, but stock=own-halves splits the tiles into two halves"

  @rule:ts.german.hand @option:hand=four
  Scenario: The four-tile hand refills from where the tiles are: a common stock refill needs a common stock
    Given the option hand is four
    When a Tsung Shap game is set up
    Then the options are refused: "option refill=common-stock refills the four-tile hand from a common stock, but stock=own-halves"

  @rule:ts.german.hand @option:hand=four @option:stock=common @option:refill=own-half
  Scenario: The four-tile hand refills from where the tiles are: an own-half refill needs own halves
    Given the option hand is four
    And the option stock is common
    And the option refill is own-half
    When a Tsung Shap game is set up
    Then the options are refused: "option refill=own-half refills the four-tile hand from an own half, but stock=common"

  @rule:ts.german.hand @option:refill=own-half
  Scenario: With hidden tiles the refill option has no effect
    Given the option refill is own-half
    When a Tsung Shap game is set up
    Then the options are accepted
