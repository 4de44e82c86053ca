Feature: Laying on an empty table
  On an empty table (the opening, a restart) either end starts the row:
  `left` and `right` are both legal, the row is the same either way, and a
  log records the end the player named.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.turn.lay @rule:ts.opening
  Scenario: The first tile of the game may be laid at the right end
    Given a new Tsung Shap game
    And seat 0's face-down tiles begin [6-6] [3-1]
    And seat 1's face-down tiles begin [5-5] [2-2]
    Then seat 0 has turned over [6-6]
    When seat 0 lays [6-6] at the right end
    Then the Tsung Shap row is [6-6]
    And seat 1 has turned over [5-5]

  @rule:ts.turn.lay @rule:ts.sweep.restart
  Scenario: The restart may be laid at either end, and the log records the end named
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [5-5]
    And seat 1's face-down tiles begin [4-4]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    And seat 0 lays [5-5] at the right end
    Then the Tsung Shap row is [5-5]
    And the events since the start are:
      """
      {"type": "reveal", "seat": 0, "tile": "2-2"}
      {"type": "lay", "seat": 0, "tile": "2-2", "end": "right"}
      {"type": "capture", "seat": 0, "kind": "triple", "at": "ends", "tiles": ["2-2", "6-6", "3-1"], "points": 40, "sweep": true}
      {"type": "reveal", "seat": 0, "tile": "5-5"}
      {"type": "lay", "seat": 0, "tile": "5-5", "end": "right"}
      {"type": "reveal", "seat": 1, "tile": "4-4"}
      """
