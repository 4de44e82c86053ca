Feature: Laying on an empty table
  On an empty table (the opening, a restart) either end starts the row:
  `left` and `right` are both legal, and the row is the same either way.

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
  Scenario: The restart may be laid at the right end
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [5-5]
    And seat 1's face-down tiles begin [4-4]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    And seat 0 lays [5-5] at the right end
    Then the Tsung Shap row is [5-5]
    And seat 1 has turned over [4-4]
