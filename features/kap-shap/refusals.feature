Feature: Kap Shap: which rule a refusal names where an engine author had to guess
  The refusals page decides each of these: a move that breaks two rules names
  one of them, a hand that would win only under another printed table is no
  valid declaration, a position deal with hands of the wrong size breaks the
  deal rule, and some combinations of options are refused at new_game. Each
  is asked here as the page says it.

  Background:
    Given the game kap-shap with preset culin

  @rule:ks.declare @rule:ks.opening
  Scenario: Holding a winning hand, the first player who draws, takes or passes at the opening breaks the declaration rule
    Given seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5]
    And the stock is [4-4]
    When seat 0 tries to draw
    Then the move is refused under rule ks.declare
    When seat 0 tries to take [6-5]
    Then the move is refused under rule ks.declare
    When seat 0 tries to pass the turn
    Then the move is refused under rule ks.declare

  @rule:ks.opening @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: Passing at the opening breaks the opening rule, not the stock's
    Given the option stock-out is play-on
    And the option turn is take-or-draw
    And seat 0 is dealt [6-6] [6-5] [5-1] [3-1] [4-3] [2-1] [6-1] [5-5]
    And seat 1 is dealt [6-6] [4-4] [3-3] [2-2] [6-2] [1-1] [6-4]
    And the stock is [1-1] [5-3] [4-1] [3-2]
    When seat 0 tries to pass the turn
    Then the move is refused under rule ks.opening

  @rule:ks.end.stock @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: Holding 8 tiles after a take, with the stock empty, a draw breaks the stock rule
    Given the option stock-out is play-on
    And the option turn is take-or-draw
    And seat 0 is dealt [6-6] [6-5] [5-1] [3-1] [4-3] [2-1] [6-1] [5-5]
    And seat 1 is dealt [6-6] [4-4] [3-3] [2-2] [6-2] [1-1] [6-4]
    And the stock is [1-1]
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [1-1]
    And seat 0 takes [1-1]
    And seat 0 tries to draw
    Then the move is refused under rule ks.end.stock

  @rule:ks.turn.take @option:take=latest @option:turn=take-or-draw @option:termination=no-consecutive-takes
  Scenario: Having taken last turn, taking an older discard breaks the take rule
    Given the option take is latest
    And the option turn is take-or-draw
    And the option termination is no-consecutive-takes
    And seat 0 is dealt [6-6] [6-5] [5-1] [3-1] [4-3] [2-1] [6-1] [5-5]
    And seat 1 is dealt [6-6] [4-4] [3-3] [2-2] [6-2] [1-1] [6-4]
    And the stock is [1-1] [5-3] [4-1] [3-2]
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 0 draws
    And seat 0 discards [5-1]
    And seat 1 tries to take [6-2]
    Then the move is refused under rule ks.turn.take

  @rule:ks.declare.valid @option:pair-set=printed
  Scenario: A hand that would win only under Celko's table is no valid declaration under the printed one
    Given the option pair-set is printed
    And seat 0 is dealt [6-6] [6-6] [4-2] [3-1] [4-4] [1-1] [5-3] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [6-1] [6-5]
    And the stock is [4-1]
    When seat 0 tries to declare
    Then the move is refused under rule ks.declare.valid

  @rule:ks.deal.wall
  Scenario: A position deal with hands of the wrong size is refused under the deal rule
    Given seat 0 is dealt [6-6] [6-5] [5-1] [3-1] [4-3] [2-1]
    And seat 1 is dealt [6-6] [4-4] [3-3] [2-2] [6-2] [1-1] [6-4]
    When the position is offered
    Then the refusal cites rule ks.deal.wall

  @rule:ks.end.stock @option:stock-out=play-on
  Scenario: Playing on past the stock with the two-tile turn is refused at new_game
    Given the option stock-out is play-on
    When 2 players sit down
    Then the game is refused: "stock-out=play-on goes only with the one-tile turn"
    And the refusal cites rule ks.end.stock

  @rule:ks.deal.first-player @option:first-player=previous-winner
  Scenario: The previous winner first with an opening that deals the first player more is refused at new_game
    Given the option first-player is previous-winner
    When 2 players sit down
    Then the game is refused: "it goes with opening=draw, not opening=discard"
    And the refusal cites rule ks.deal.first-player
