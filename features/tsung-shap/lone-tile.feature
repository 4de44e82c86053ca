Feature: Taking a lone tile: what may take it, and what it scores
  When the row is a single tile, two readings answer two questions. What
  may take it (lone-tile): nothing, an identical tile only, or an identical
  tile or one making ten with it. What taking it scores (lone-score): as
  the capture it is, as a sweep (40 in place of its points), or as the
  capture plus the sweep's 40, whatever sweep-score says of ordinary
  sweeps. Either way the table is cleared and the player restarts the row.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=sweep
  Scenario: Under lone-score=sweep an identical tile takes the lone tile as a sweep worth 40 in place of the pair
    Given the option lone-score is sweep
    And a Tsung Shap row [6-6] with seat 1 to play
    And seat 1's face-down tiles begin [6-6] [3-1]
    When seat 1 lays [6-6] at the right end
    Then seat 1 may take [6-6] [6-6] as a sweep worth 40
    When seat 1 takes the lone tile as a pair
    Then the last capture is a sweep
    And the scores are 0 to 40
    And the Tsung Shap table is empty
    And seat 1 has turned over [3-1]

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=sweep @option:sweep-score=add
  Scenario: Under lone-score=sweep the lone tile scores 40 even where ordinary sweeps add 40 to the pips
    Given the option lone-score is sweep
    And the option sweep-score is add
    And a Tsung Shap row [6-6] with seat 1 to play
    And seat 1's face-down tiles begin [6-6] [3-1]
    When seat 1 lays [6-6] at the right end
    Then the captures open are: pair ends for 40

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=capture-and-sweep
  Scenario: Under lone-score=capture-and-sweep (navpil) the lone pair scores its points and the sweep's 40
    Given the option lone-score is capture-and-sweep
    And a Tsung Shap row [6-6] with seat 1 to play
    And seat 1's face-down tiles begin [6-6] [3-1]
    When seat 1 lays [6-6] at the right end
    Then seat 1 may take [6-6] [6-6] as a sweep worth 280
    When seat 1 takes the lone tile as a pair
    Then the last capture is a sweep
    And the scores are 0 to 280

  @rule:ts.lone-tile @option:lone-score=sweep
  Scenario: Under lone-tile=pair a tile making ten with the lone tile does not take it, whatever it would score
    Given the option lone-score is sweep
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [6-4]
    When seat 1 lays [6-4] at the right end
    Then seat 1 may take nothing
    And seat 1 may not take the lone tile as a ten (rule ts.lone-tile)

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-tile=pair-or-ten @option:lone-score=sweep
  Scenario: Under lone-tile=pair-or-ten with lone-score=sweep a tile making ten clears the lone tile as a sweep worth 40
    Given the option lone-tile is pair-or-ten
    And the option lone-score is sweep
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [6-4] [3-1]
    When seat 1 lays [6-4] at the left end
    Then seat 1 may take [6-4] [5-5] as a sweep worth 40
    When seat 1 takes the lone tile as a ten
    Then the last capture is a sweep
    And the scores are 0 to 40
    And seat 1 has turned over [3-1]

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-tile=pair-or-ten @option:lone-score=capture-and-sweep
  Scenario: Under lone-score=capture-and-sweep a ten with the lone tile scores its pips and 40
    Given the option lone-tile is pair-or-ten
    And the option lone-score is capture-and-sweep
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [6-4] [3-1]
    When seat 1 lays [6-4] at the left end
    Then the captures open are: ten ends for 60

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=sweep @option:sweep-score=none
  Scenario: Under lone-score=sweep the lone tile scores 40 even where ordinary sweeps carry no bonus
    Given the option lone-score is sweep
    And the option sweep-score is none
    And a Tsung Shap row [3-3] with seat 1 to play
    And seat 1's face-down tiles begin [3-3]
    When seat 1 lays [3-3] at the left end
    Then the captures open are: pair ends for 40

  @rule:ts.claim @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=sweep
  Scenario: A missed single-tile clear claimed under lone-score=sweep scores as a sweep, and the claimer restarts the row
    Given the option lone-score is sweep
    And a Tsung Shap row [6-6] with seat 0 to play
    And seat 0's face-down tiles begin [6-6]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [6-6] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [6-6] [6-6] as a sweep worth 40
    When seat 1 claims the lone tile as a pair
    Then the last capture is a sweep
    And the Tsung Shap table is empty
    And the scores are 0 to 40
    And seat 1 has turned over [5-5]

  @rule:ts.capture.pair @option:lone-score=capture-and-sweep @option:pair-score=fifty @option:sweep-score=add @option:missed-capture=none @option:refill=own-half @option:first-player=previous-higher @option:restart=before-refill @option:opening-end=left
  Scenario: Under navpil's poorPairs a pair scores a fixed 50
    Given the game tsung-shap with preset navpil-poor-pairs
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the right end
    Then the captures open are: pair right for 50, triple right for 20

  @rule:ts.lone-tile @rule:ts.sweep @option:lone-score=capture-and-sweep @option:pair-score=fifty @option:sweep-score=add @option:missed-capture=none @option:refill=own-half @option:first-player=previous-higher @option:restart=before-refill @option:opening-end=left
  Scenario: Under navpil's poorPairs a pair taking the lone tile scores 50 and the sweep's 40
    Given the game tsung-shap with preset navpil-poor-pairs
    And a Tsung Shap row [6-6] with seat 1 to play
    And seat 1's face-down tiles begin [6-6] [3-1]
    When seat 1 lays [6-6] at the right end
    Then seat 1 may take [6-6] [6-6] as a sweep worth 90
    When seat 1 takes the lone tile as a pair
    Then the scores are 0 to 90
    And seat 1 has turned over [3-1]
