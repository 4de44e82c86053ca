Feature: Kap Shap: play going on after the stock runs out
  Under the one-tile turn (take a discard or draw) a take needs no stock.
  With option stock-out=play-on (navpil's flag continueAfterDominoesEnd)
  the game does not end with the stock: a player takes a discard, or passes
  the turn, and a full round of passes ends the game with no winner.

  In the scenarios below seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]
  [4-3] [6-5] and seat 1 [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]; the stock
  is the one tile [5-3]. Seat 1 wins with [4-3] ([2-1] and [4-3] make ten).

  Background:
    Given the game kap-shap with preset culin
    And the option turn is take-or-draw
    And the option stock-out is play-on
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock is [5-3]
    And seat 0 plays first

  @rule:ks.end.stock @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: A pass is for an empty stock only
    When seat 0 discards [6-5]
    Then seat 1 may not pass the turn (rule ks.end.stock)
    And the legal moves are: take [6-5], draw

  @rule:ks.end.stock @rule:ks.end.win @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: After the stock runs out play goes on, and a discard taken then can win
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [5-3]
    Then the stock holds 0 tiles
    And the game is not over
    And it is seat 0's turn
    And the legal moves are: take [6-5], take [5-3], pass
    And seat 0 may not draw (rule ks.end.stock)
    When seat 0 takes [5-3]
    And seat 0 discards [4-3]
    And seat 1 takes [4-3]
    And seat 1 declares
    Then the game is over: seat 1 wins
    And the result counts 4 turns

  @rule:ks.end.stock @rule:ks.settle.refund @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: A full round of passes ends the game with no winner; a take between passes starts the count again
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [5-3]
    And seat 0 passes the turn
    Then the game is not over
    When seat 1 takes [5-3]
    And seat 1 discards [6-2]
    And seat 0 passes the turn
    Then the game is not over
    And seat 1 may pass the turn
    When seat 1 passes the turn
    Then the game is over with no winner (stock-exhausted)
    And the settlement is 0 0
    And the result counts 6 turns
    And seat 0 may not pass the turn (rule ks.end.stock)
