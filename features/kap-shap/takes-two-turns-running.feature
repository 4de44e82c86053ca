Feature: Takes on two turns running under the two-tile turn
  Option termination=no-consecutive-takes says that a player who took a
  discard on the previous turn must draw this turn. Under the two-tile turn
  (turn=take-and-draw) every turn draws from the stock, the take included, so
  the option has no effect (rule ks.end.termination): a player who took last
  turn may take again.

  In the scenario below seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]
  [4-3] [6-5] and seat 1 [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]; the stock
  begins [4-2] [6-1] [5-3] and holds the rest of the set after them.

  Background:
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first

  @rule:ks.end.termination @rule:ks.turn.take @option:termination=no-consecutive-takes
  Scenario: Under take-and-draw with no-consecutive-takes a player who took last turn may take again
    Given the option termination is no-consecutive-takes
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 1 draws
    And seat 1 discards [2-1]
    And seat 0 takes [6-2]
    And seat 0 discards [4-3]
    And seat 0 draws
    And seat 0 discards [3-1]
    Then it is seat 1's turn
    And seat 1 may take [4-3]
    And the legal moves are: take [2-1], take [4-3], take [3-1], draw
    When seat 1 takes [4-3]
    And seat 1 discards [1-1]
    Then seat 1 holds 7 tiles
    And the legal moves are: draw
