Feature: Kap Shap: the tile just taken may not go straight back, whichever copy
  Under discard-taken=forbidden the discard that follows a take must be of
  another face than the tile taken. The copies of a face are identical and a
  log records faces, so the rule forbids the face: a copy the player held
  before the take may not be that discard either. A later discard of the same
  turn, after the draw, may be of that face.

  In the scenarios below seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]
  [4-3] [6-5] and seat 1, who already holds a [6-5], [5-5] [5-5] [3-3] [2-2]
  [6-2] [2-1] [6-5]; the stock begins [4-2] [6-1] [5-3].

  Background:
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first

  @rule:ks.turn.discard
  Scenario: Holding two copies of the face just taken, the player may discard neither
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5] [6-5]
    And seat 1 may not discard [6-5] (rule ks.turn.discard)
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [2-1]
    When seat 1 tries to discard [6-5]
    Then the move is refused under rule ks.turn.discard

  @rule:ks.turn.discard
  Scenario: After the draw, a copy of the face taken may be discarded
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [2-1]
    And seat 1 draws
    Then seat 1 may discard [6-5]
    When seat 1 discards [6-5]
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [6-5] [4-2]
    And the table holds [2-1] [6-5]

  @rule:ks.turn.discard @option:discard-taken=allowed
  Scenario: Under discard-taken=allowed a copy of the face taken may go straight back
    Given the option discard-taken is allowed
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [6-5]
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5]

  @rule:ks.turn.discard @option:discard-taken=taken-tile
  Scenario: Under discard-taken=taken-tile a copy held before the take may go straight back
    Given the option discard-taken is taken-tile
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [6-5]
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5]
    And the table holds [6-5]

  @rule:ks.turn.discard @option:discard-taken=taken-tile
  Scenario: Under discard-taken=taken-tile the tile taken, held in no other copy, may not go straight back
    Given the option discard-taken is taken-tile
    When seat 0 discards [4-3]
    And seat 1 takes [4-3]
    Then seat 1 may not discard [4-3] (rule ks.turn.discard)
    When seat 1 tries to discard [4-3]
    Then the move is refused under rule ks.turn.discard
