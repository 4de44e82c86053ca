Feature: A turn of Kap Shap
  The first player holds eight tiles and opens; then each turn a player may
  take a face-up discard, draws from the stock, and discards, until someone
  holds an eye and three ten-pairs and declares it.

  In the scenarios below seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]
  [4-3] [6-5] and seat 1 [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]; the stock
  begins [4-2] [6-1] [5-3] and holds the rest of the set after them.

  Background:
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first

  @rule:ks.opening @rule:ks.turn.order
  Scenario: The first player opens with a discard only
    Then the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5]
    And seat 0 may not draw (rule ks.opening)
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the table holds [6-5]
    And seat 0 holds 7 tiles
    And the stock holds 17 tiles

  @rule:ks.opening @rule:ks.declare @rule:ks.end.win @rule:ks.settle @rule:ks.ante @option:opening=discard-draw-discard
  Scenario: Under discard-draw-discard the first player draws after the opening discard, and may win at once
    Given the option opening is discard-draw-discard
    When seat 0 discards [6-5]
    Then the legal moves are: draw
    And seat 0 may not take [6-5] (rule ks.opening)
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [4-2]
    And the legal moves are: declare
    When seat 0 declares
    Then the game is over: seat 0 wins
    And the declared split is eye [6-6] [6-6], pairs [6-4]+[6-4] [5-1]+[3-1] [4-3]+[4-2]
    And the settlement is +1 -1
    And there are no legal moves

  @rule:ks.turn.take @rule:ks.turn.shape
  Scenario: Any face-up discard may be taken, or the player draws
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [6-2]
    Then it is seat 0's turn
    And the legal moves are: take [6-5], take [6-2], draw

  @rule:ks.turn.take @option:take=latest
  Scenario: Under take=latest only the latest discard may be taken
    Given the option take is latest
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [6-2]
    Then seat 0 may take [6-2]
    And seat 0 may not take [6-5] (rule ks.turn.take)
    And seat 0 may not take [1-1] (rule ks.turn.take)
    And the legal moves are: take [6-2], draw

  @rule:ks.turn.shape @rule:ks.turn.discard
  Scenario: Under take-and-draw the player who takes also draws
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 holds 8 tiles
    And seat 1 may not draw (rule ks.turn.discard)
    When seat 1 discards [6-2]
    Then the legal moves are: draw
    And seat 1 may not take [6-2] (rule ks.turn.shape)
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [1-1] [2-1] [6-5] [4-2]
    When seat 1 discards [6-5]
    Then it is seat 0's turn
    And the table holds [6-2] [6-5]

  @rule:ks.turn.shape @option:turn=take-or-draw
  Scenario: Under take-or-draw a take ends the turn after the discard
    Given the option turn is take-or-draw
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    Then it is seat 0's turn
    And the stock holds 17 tiles
    And the table holds [6-2]

  @rule:ks.turn.discard
  Scenario: The tile just taken may not be thrown straight back
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule ks.turn.discard)
    And seat 1 may discard [2-1]
    And seat 1 may not discard [6-6] (rule ks.turn.discard)

  @rule:ks.turn.discard @option:discard-taken=allowed
  Scenario: Under discard-taken=allowed the taken tile may go straight back
    Given the option discard-taken is allowed
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may discard [6-5]

  @rule:ks.turn.draw
  Scenario: The drawn tile may be kept and another tile discarded
    When seat 0 discards [6-5]
    And seat 1 draws
    Then seat 1 may discard [4-2]
    And seat 1 may discard [6-2]

  @rule:ks.turn.draw @option:drawn-tile=discard-unless-win
  Scenario: Under discard-unless-win the drawn tile goes straight out
    Given the option drawn-tile is discard-unless-win
    When seat 0 discards [6-5]
    And seat 1 draws
    Then the legal moves are: discard [4-2]
    And seat 1 may not discard [6-2] (rule ks.turn.draw)

  @rule:ks.declare @rule:ks.declare.valid
  Scenario: A hand that is not an eye and three ten-pairs cannot be declared
    When seat 0 tries to declare
    Then the move is refused under rule ks.declare.valid
    And seat 0 holds 8 tiles

  @rule:ks.end.win @option:opening=discard-draw-discard
  Scenario: Nothing follows a declared win
    Given the option opening is discard-draw-discard
    When seat 0 discards [6-5]
    And seat 0 draws
    And seat 0 declares
    And seat 1 tries to draw
    Then the move is refused under rule ks.end.win
    And the game is over: seat 0 wins
    And the settlement is +1 -1

  @rule:ks.end.termination @rule:ks.settle.refund @option:turn=take-or-draw
  Scenario: Three rounds without a draw end the game with no winner
    Given the option turn is take-or-draw
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 0 takes [6-2]
    And seat 0 discards [4-3]
    And seat 1 takes [4-3]
    And seat 1 discards [2-1]
    And seat 0 takes [2-1]
    And seat 0 discards [6-2]
    Then the game is not over
    When seat 1 takes [6-2]
    And seat 1 discards [4-3]
    Then the game is over with no winner (dead-rounds)
    And the settlement is 0 0

  @rule:ks.end.termination @option:turn=take-or-draw @option:termination=no-consecutive-takes
  Scenario: Under no-consecutive-takes a player who took last turn must draw
    Given the option turn is take-or-draw
    And the option termination is no-consecutive-takes
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 0 takes [6-2]
    And seat 0 discards [4-3]
    Then seat 1 may not take [4-3] (rule ks.end.termination)
    And the legal moves are: draw
