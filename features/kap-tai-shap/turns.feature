Feature: Turns of Kap Tai Shap
  The many-player game plays like Kap Shap with a hand of nine (ten for the
  first player), a winning hand of an eye and four ten-pairs, and turns
  passing anticlockwise round the table.

  Background:
    Given the game kap-tai-shap with preset culin
    And 3 players play with 2 sets
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] [5-5] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [1-1] [4-4] [6-1]
    And seat 2 is dealt [3-3] [2-2] [5-3] [5-2] [4-1] [3-2] [6-3] [5-4] [4-2]
    And the stock begins [4-1] [6-1] [3-2] [2-1]
    And seat 0 plays first

  @rule:kts.turn.order @rule:kts.opening
  Scenario: Turns pass anticlockwise, seat after seat
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    When seat 1 draws
    And seat 1 discards [4-1]
    Then it is seat 2's turn
    And seat 0 may not draw (rule kts.turn.order)
    When seat 2 draws
    And seat 2 discards [6-3]
    Then it is seat 0's turn

  @rule:kts.turn.take @rule:kts.turn.shape
  Scenario: Any discard on the table may be taken, the oldest too
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [4-1]
    And seat 2 draws
    And seat 2 discards [6-3]
    Then the legal moves are: take [6-5], take [4-1], take [6-3], draw

  @rule:kts.turn.take @option:take=latest
  Scenario: Under take=latest only the discard just made may be taken
    Given the option take is latest
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [4-1]
    Then the legal moves are: take [4-1], draw
    And seat 2 may not take [6-5] (rule kts.turn.take)

  @rule:kts.turn.shape @rule:kts.turn.discard @option:turn=take-or-draw
  Scenario: Under take-or-draw the player takes or draws, not both
    Given the option turn is take-or-draw
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    Then it is seat 2's turn
    And the stock holds 36 tiles

  @rule:kts.turn.draw @option:drawn-tile=discard-unless-win
  Scenario: Under discard-unless-win a drawn tile that does not win is discarded
    Given the option drawn-tile is discard-unless-win
    When seat 0 discards [6-5]
    And seat 1 draws
    Then the legal moves are: discard [4-1]

  @rule:kts.declare @rule:kts.settle @rule:kts.ante @rule:kts.end.win
  Scenario: A taken discard completes the hand; the winner takes the pot of three antes
    When seat 0 discards [2-1]
    And seat 1 takes [2-1]
    Then the legal moves are: declare
    When seat 1 declares
    Then the game is over: seat 1 wins
    And the declared split is eye [5-5] [5-5], pairs [6-2]+[1-1] [6-1]+[2-1] [4-4]+[1-1] [3-3]+[2-2]
    And the settlement is -1 +2 -1
    And seat 2 may not draw (rule kts.end.win)

  @rule:kts.declare.valid
  Scenario: Ten tiles that are not an eye and four ten-pairs cannot be declared
    When seat 0 tries to declare
    Then the move is refused under rule kts.declare.valid

  @rule:kts.end.stock @rule:kts.settle.refund
  Scenario: The game ends with no winner when a turn ends with the stock empty
    Given the stock is [3-2]
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [3-2]
    Then the game is over with no winner (stock-exhausted)
    And the settlement is 0 0 0

  @rule:kts.end.termination @option:turn=take-or-draw @option:termination=no-consecutive-takes
  Scenario: Under no-consecutive-takes every player draws at least every other turn
    Given the option turn is take-or-draw
    And the option termination is no-consecutive-takes
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 2 takes [6-2]
    And seat 2 discards [6-3]
    And seat 0 takes [6-3]
    And seat 0 discards [4-3]
    Then seat 1 may not take [4-3] (rule kts.end.termination)
    And the legal moves are: draw
