Feature: The German four-tile variant: its sweep, its restart and its claims
  The German page, as the project holds it, gives a pair ten a spot and a
  triple its pips and says nothing of sweeps. Silence is not a reading: the
  spieltdomino preset keeps the base game's sweep of 40 (sweep-score=replace,
  implementation-defined, as the gupai site says the variant keeps the rules
  largely the same). Nor does it say anything of the restart or of a missed
  capture: the project refills the hand before the restart and keeps Culin's
  claim (rule ts.german.choices, implementation-defined).

  Background:
    Given the game tsung-shap with preset spieltdomino

  @rule:ts.sweep @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: In the German game clearing a row of two is the base game's sweep, worth 40
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [2-2] at the right end
    Then seat 0 may take [2-2] [6-6] [3-1] as a sweep worth 40
    When seat 0 takes the triple at both ends
    Then the last capture is a sweep
    And the scores are 40 to 0

  @rule:ts.german.choices @rule:ts.sweep.restart @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: In the German game the sweeper refills the hand first, then chooses the tile that restarts the row
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then seat 0's hand is [5-5] [1-1] [6-5] [3-3]
    When seat 0 lays [3-3] on the empty table
    Then seat 0's hand is [5-5] [1-1] [6-5] [5-3]
    And the Tsung Shap row is [3-3]
    And seat 1 is to lay

  @rule:ts.german.choices @rule:ts.claim @rule:ts.sweep @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: In the German game a missed sweep can be claimed, and scores as a sweep
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [2-2] [6-6] [3-1] as a sweep worth 40
    When seat 1 claims the triple at both ends
    Then the scores are 0 to 40
    And the Tsung Shap table is empty
    And seat 1 is to lay
