Feature: Tsung Shap sweeps, the restart, and the lone tile
  Taking both tiles of a row of two is a sweep, worth 40 (in place of the
  tiles' points, or added to them); the sweeper lays another tile at once to
  restart the row. Whether a lone tile can be taken is a reading of its own;
  what taking it scores is in lone-tile.feature.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.sweep @rule:ts.sweep.restart @rule:ts.turn.reveal
  Scenario: Taking both tiles of a row of two is a sweep worth 40; the sweeper restarts the row
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [5-5]
    And seat 1's face-down tiles begin [4-4]
    When seat 0 lays [2-2] at the right end
    Then seat 0 may take [2-2] [6-6] [3-1] as a sweep worth 40
    When seat 0 takes the triple at both ends
    Then the Tsung Shap table is empty
    And the last capture is a sweep
    And the scores are 40 to 0
    And seat 0 has turned over [5-5]
    When seat 0 lays [5-5] on the empty table
    Then the Tsung Shap row is [5-5]
    And seat 1 has turned over [4-4]

  @rule:ts.sweep.restart @rule:ts.turn.order
  Scenario: After a sweep the opponent may not lay: the sweeper lays again to restart the row, then the turn passes
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [5-5] [1-1]
    And seat 1's face-down tiles begin [4-4]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    And seat 1 tries to lay [4-4] on the empty table
    Then the move breaks rule ts.sweep.restart
    And the refusal says "seat 1 moved, but seat 0 cleared the table and lays again"
    When seat 0 lays [5-5] on the empty table
    Then seat 1 has turned over [4-4]
    When seat 0 tries to lay [1-1] at the left end
    Then the move breaks rule ts.turn.order
    And the refusal says "seat 0 moved, but it is seat 1's turn"

  @rule:ts.sweep @option:sweep-score=add
  Scenario: Under sweep-score=add the sweep scores 40 and its tiles' points
    Given the option sweep-score is add
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [5-5]
    When seat 0 lays [2-2] at the right end
    Then seat 0 may take [2-2] [6-6] [3-1] as a sweep worth 60
    When seat 0 takes the triple at both ends
    Then the scores are 60 to 0

  @rule:ts.sweep
  Scenario: A triple from a longer row is no sweep
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [2-2]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at the left end
    Then the last capture is not a sweep
    And the Tsung Shap row is [4-4]

  @rule:ts.sweep @rule:ts.capture.triple
  Scenario: With two tiles in the row a triple takes both, from the ends
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2]
    When seat 0 lays [2-2] at the right end
    Then the captures open are: triple ends for 40
    And seat 0 may not take the triple at the right end (rule ts.capture.triple)

  @rule:ts.sweep.restart @rule:ts.end
  Scenario: A sweeper with no tile left cannot restart, and under all-laid the game ends
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles are [2-2]
    And seat 1's face-down tiles are [4-4] [5-5]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then the Tsung Shap table is empty
    And the Tsung Shap game is over: seat 0 wins 40 to 0 (all-laid)

  @rule:ts.sweep.restart @rule:ts.lone-tile @option:lone-tile=no-capture
  Scenario: After a restart the lone tile cannot be taken under lone-tile=no-capture
    Given the option lone-tile is no-capture
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [5-5]
    When seat 1 lays [5-5] at the right end
    Then seat 1 may take nothing
    And seat 1 may not take the lone tile as a pair (rule ts.lone-tile)
    And the Tsung Shap row is [5-5] [5-5]

  @rule:ts.lone-tile @rule:ts.sweep.restart
  Scenario: Under lone-tile=pair an identical tile takes the lone tile as a pair, and the row restarts
    Given a Tsung Shap row [6-6] with seat 1 to play
    And seat 1's face-down tiles begin [6-6] [3-1]
    When seat 1 lays [6-6] at the right end
    Then the captures open are: pair ends for 240
    When seat 1 takes the lone tile as a pair
    Then the last capture is not a sweep
    And the Tsung Shap table is empty
    And seat 1 has turned over [3-1]

  @rule:ts.lone-tile
  Scenario: Under lone-tile=pair a tile making ten with the lone tile does not take it
    Given a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [6-4]
    When seat 1 lays [6-4] at the right end
    Then seat 1 may take nothing
    And seat 1 may not take the lone tile as a ten (rule ts.lone-tile)

  @rule:ts.lone-tile @option:lone-tile=pair-or-ten
  Scenario: Under lone-tile=pair-or-ten a tile making ten with the lone tile takes it at a point a spot
    Given the option lone-tile is pair-or-ten
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [6-4] [3-1]
    When seat 1 lays [6-4] at the left end
    Then seat 1 may take [6-4] [5-5] as a ten worth 20
    When seat 1 takes the lone tile as a ten
    Then the scores are 0 to 20
    And the last capture is not a sweep
    And seat 1 has turned over [3-1]

  @rule:ts.lone-tile @option:lone-tile=pair-or-ten
  Scenario: Under lone-tile=pair-or-ten an identical [5-5] may be taken as a pair or as a ten
    Given the option lone-tile is pair-or-ten
    And a Tsung Shap row [5-5] with seat 1 to play
    And seat 1's face-down tiles begin [5-5]
    When seat 1 lays [5-5] at the left end
    Then the captures open are: pair ends for 200, ten ends for 20
