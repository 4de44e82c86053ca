Feature: Kap Shap: the turns a result counts
  A game's result records how many turns were begun: the opening turn
  counts, and so does the turn that ends the game.

  In the scenarios below seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]
  [4-3] [6-5] and seat 1 [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]; the stock
  begins [4-2] [6-1] [5-3].

  Background:
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first

  @rule:ks.end.turns @option:opening=discard-draw-discard
  Scenario: A win in the opening turn counts one turn
    Given the option opening is discard-draw-discard
    When seat 0 discards [6-5]
    And seat 0 draws
    And seat 0 declares
    Then the game is over: seat 0 wins
    And the result counts 1 turn

  @rule:ks.end.turns
  Scenario: A win on a take in the third turn counts three turns
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [2-1]
    And seat 0 takes [2-1]
    And seat 0 declares
    Then the game is over: seat 0 wins
    And the result counts 3 turns
