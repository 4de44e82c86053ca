Feature: Laying again: after clearing the table, or after any capture
  Culin: "The winner draws and lays out another piece." Under
  lay-again=clear (the gupai site, navpil) only a player who clears the
  table lays again, to restart the row; under lay-again=any-capture every
  capture taken is followed by another tile, which may capture in turn.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.sweep.restart @rule:ts.turn.order
  Scenario: Under lay-again=clear a capture that leaves tiles in the row ends the turn
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [2-2]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    Then the Tsung Shap row is [6-6] [3-1]
    And seat 1 has turned over [5-5]

  @rule:ts.sweep.restart @rule:ts.turn.order @option:lay-again=any-capture
  Scenario: Under lay-again=any-capture the capturer lays another tile, which may capture in its turn
    Given the option lay-again is any-capture
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [2-2] [5-5]
    And seat 1's face-down tiles begin [1-1]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    Then the Tsung Shap row is [6-6] [3-1]
    And seat 0 has turned over [2-2]
    When seat 0 lays [2-2] at the right end
    Then seat 0 may take [2-2] [6-6] [3-1] as a sweep worth 40
    When seat 0 takes the triple at both ends
    Then seat 0 has turned over [5-5]
    When seat 0 lays [5-5] on the empty table
    Then seat 1 has turned over [1-1]
    And the scores are 200 to 0

  @rule:ts.sweep.restart @option:lay-again=any-capture
  Scenario: Under lay-again=any-capture the opponent may not lay after a capture: the capturer lays again
    Given the option lay-again is any-capture
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [2-2]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    And seat 1 tries to lay [5-5] at the left end
    Then the move breaks rule ts.sweep.restart
    And the refusal says "seat 1 moved, but seat 0 took a capture (lay-again=any-capture) and lays again"

  @rule:ts.sweep.restart @rule:ts.claim @option:lay-again=any-capture
  Scenario: Under lay-again=any-capture a tile laid again that misses a capture can be claimed
    Given the option lay-again is any-capture
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [6-6] [1-1]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    And seat 0 lays [6-6] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [6-6] [6-6] as a pair worth 240

  @rule:ts.sweep.restart @rule:ts.end @option:lay-again=any-capture
  Scenario: Under lay-again=any-capture a capturer with no tile left cannot lay again, and under all-laid the game ends
    Given the option lay-again is any-capture
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles are [4-4]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    Then the Tsung Shap game is over: seat 0 wins 160 to 0 (all-laid)
