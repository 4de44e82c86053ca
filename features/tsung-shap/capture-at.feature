Feature: Tsung Shap: where a capture is taken (its at)
  A capture or a claim names where in the row its tiles are taken (its at):
  left or right, the end whose tiles it takes (the end the tile was laid at,
  or the far end where the tile reaches it), or ends, one tile at each end.
  A triple from a row of two tiles takes both, which are both end tiles: it
  is at ends, never at left or right. A pair that takes a lone tile takes the
  tile at both ends of a row of one: it is at ends too.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.capture.pair @rule:ts.capture.reach
  Scenario: A pair is at the end whose tile it takes, the far end included
    Given a Tsung Shap row [4-4] [3-1] [6-6] with seat 0 to play
    And seat 0's face-down tiles begin [6-6]
    When seat 0 lays [6-6] at the left end
    Then the captures open are: pair right for 240
    And seat 0 may not take the pair at the left end (rule ts.capture.pair)
    And seat 0 may not take the pair at both ends (rule ts.capture.pair)

  @rule:ts.capture.triple @rule:ts.sweep
  Scenario: A triple from a row of two tiles takes both, at ends
    Given a Tsung Shap row [3-3] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [5-5]
    When seat 0 lays [5-5] at the right end
    Then the captures open are: triple ends for 40
    And seat 0 may not take the triple at the right end (rule ts.capture.triple)
    And seat 0 may not take the triple at the left end (rule ts.capture.triple)
    When seat 0 takes the triple at both ends
    Then the Tsung Shap table is empty
    And the last capture is a sweep

  @rule:ts.lone-tile
  Scenario: A pair that takes a lone tile is at ends
    Given a Tsung Shap row [5-5] with seat 0 to play
    And seat 0's face-down tiles begin [5-5]
    When seat 0 lays [5-5] at the right end
    Then the captures open are: pair ends for 200
    And seat 0 may not take the pair at the right end (rule ts.lone-tile)
    And seat 0 may not take the pair at the left end (rule ts.lone-tile)
    When seat 0 takes the lone tile as a pair
    Then the Tsung Shap table is empty
