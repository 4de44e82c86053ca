Feature: Kap Tai Shap: the turns a result counts
  A game's result records how many turns were begun, every seat's turn
  counted: the opening turn counts, and so does the turn that ends the game.

  Background:
    Given the game kap-tai-shap with preset culin
    And 3 players play with 2 sets
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] [5-5] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [1-1] [4-4] [6-1]
    And seat 2 is dealt [3-3] [2-2] [5-3] [5-2] [4-1] [3-2] [6-3] [5-4] [4-2]
    And the stock begins [4-1] [6-1] [3-2] [2-1]
    And seat 0 plays first

  @rule:kts.end.turns
  Scenario: A win on a take in the fourth turn counts four turns
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [5-5]
    And seat 2 draws
    And seat 2 discards [4-2]
    And seat 0 takes [5-5]
    And seat 0 declares
    Then the game is over: seat 0 wins
    And the result counts 4 turns
