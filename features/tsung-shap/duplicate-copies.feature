Feature: Tsung Shap captures take the tiles at the captured end, not other copies of their faces
  A capture takes the tile laid and the tile or tiles at the end (or ends) it
  names; when the row holds another copy of a captured tile's face, that copy
  stays where it is. An engine that removes the first copy of a face it finds
  (from the left, or from the right) instead of the tile at the captured end
  leaves the row in another order, which every scenario below checks. A pair
  uses both copies of its face (a set holds at most two), so the row of a pair
  can hold no third copy: its scenario checks that the tiles between the two
  copies keep their order.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.capture.triple
  Scenario: A triple at the right end leaves another copy of its tile in the middle of the row
    Given a Tsung Shap row [1-1] [6-4] [3-1] [6-4] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the right end
    Then seat 0 may take [5-1] [6-4] [2-2] as a triple worth 20
    When seat 0 takes the triple at the right end
    Then the Tsung Shap row is [1-1] [6-4] [3-1]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple at the right end leaves another copy of its tile at the left end
    Given a Tsung Shap row [6-4] [3-1] [1-1] [6-4] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the right end
    And seat 0 takes the triple at the right end
    Then the Tsung Shap row is [6-4] [3-1] [1-1]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple at the left end leaves another copy of its tile in the middle of the row
    Given a Tsung Shap row [2-2] [6-4] [3-1] [6-4] [1-1] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the left end
    Then seat 0 may take [5-1] [2-2] [6-4] as a triple worth 20
    When seat 0 takes the triple at the left end
    Then the Tsung Shap row is [3-1] [6-4] [1-1]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple at the left end leaves another copy of its tile at the right end
    Given a Tsung Shap row [2-2] [6-4] [3-1] [1-1] [6-4] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the left end
    And seat 0 takes the triple at the left end
    Then the Tsung Shap row is [3-1] [1-1] [6-4]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple at both ends, laid at the right, leaves another copy of the right end tile in the middle
    Given a Tsung Shap row [2-2] [3-1] [6-4] [1-1] [6-4] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the right end
    Then the captures open are: triple ends for 20
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [3-1] [6-4] [1-1]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple at both ends, laid at the left, leaves another copy of the left end tile in the middle
    Given a Tsung Shap row [6-4] [1-1] [6-4] [3-1] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the left end
    Then the captures open are: triple ends for 20
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1] [6-4] [3-1]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: A triple leaves another copy of the tile laid in the middle of the row
    Given a Tsung Shap row [3-1] [6-4] [1-1] [6-6] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 30
    When seat 0 takes the triple at the right end
    Then the Tsung Shap row is [3-1] [6-4] [1-1]
    And the scores are 30 to 0

  @rule:ts.claim @rule:ts.capture.triple
  Scenario: A claimed triple leaves another copy of its tile in the middle of the row
    Given a Tsung Shap row [1-1] [6-4] [3-1] [6-4] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [5-1]
    When seat 0 lays [5-1] at the right end
    And seat 0 takes nothing
    And seat 1 claims the triple at the right end
    Then the Tsung Shap row is [1-1] [6-4] [3-1]
    And the scores are 0 to 20

  @rule:ts.capture.pair @rule:ts.capture.reach
  Scenario: A pair at the far end takes the other copy and leaves the tiles between in order
    Given a Tsung Shap row [6-6] [3-1] [4-2] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the left end
    Then the captures open are: pair right for 160
    When seat 0 takes the pair at the right end
    Then the Tsung Shap row is [6-6] [3-1] [4-2]
    And the scores are 160 to 0
