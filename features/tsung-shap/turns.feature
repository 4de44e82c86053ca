Feature: Tsung Shap turns: the opening, turning a tile over, laying it at an end
  Seat 0 lays first. Each player in turn lays one tile to open the row; then
  each turn a player turns over the next face-down tile (not chosen) and lays
  it at the left or the right end.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.opening @rule:ts.first-player @rule:ts.turn.reveal @rule:ts.turn.order
  Scenario: Each player lays one tile to open the row; the second tile only joins the first
    Given a new Tsung Shap game
    And seat 0's face-down tiles begin [6-6] [3-1]
    And seat 1's face-down tiles begin [6-6] [2-2]
    Then seat 0 lays first
    And seat 0 has turned over [6-6]
    When seat 0 lays [6-6] on the empty table
    Then seat 1 has turned over [6-6]
    When seat 1 lays [6-6] at the right end
    Then seat 1 may take nothing
    And seat 1 may not take the lone tile as a pair (rule ts.opening)
    And the Tsung Shap row is [6-6] [6-6]
    And seat 0 has turned over [3-1]

  @rule:ts.opening @rule:ts.lone-tile @option:opening-capture=yes
  Scenario: Under opening-capture=yes the second opening tile may take the first, as the lone-tile reading allows
    Given the option opening-capture is yes
    And a new Tsung Shap game
    And seat 0's face-down tiles begin [6-6] [3-1]
    And seat 1's face-down tiles begin [6-6] [2-2] [5-5]
    When seat 0 lays [6-6] on the empty table
    And seat 1 lays [6-6] at the left end
    Then seat 1 may take [6-6] [6-6] as a pair worth 240
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And seat 1 has turned over [2-2]
    When seat 1 lays [2-2] on the empty table
    Then seat 0 has turned over [3-1]
    And the scores are 0 to 240

  @rule:ts.opening @option:opening-capture=yes @option:lone-tile=no-capture
  Scenario: Under opening-capture=yes with lone-tile=no-capture the second opening tile still cannot capture
    Given the option opening-capture is yes
    And the option lone-tile is no-capture
    And a new Tsung Shap game
    And seat 0's face-down tiles begin [6-6]
    And seat 1's face-down tiles begin [6-6]
    When seat 0 lays [6-6] on the empty table
    And seat 1 lays [6-6] at the left end
    Then seat 1 may take nothing
    And seat 1 may not take the lone tile as a pair (rule ts.lone-tile)

  @rule:ts.opening @rule:ts.turn.lay @option:opening-end=left
  Scenario: Under opening-end=left (navpil) the second opening tile is laid at the left end only
    Given the option opening-end is left
    And a new Tsung Shap game
    And seat 0's face-down tiles begin [6-6] [3-1]
    And seat 1's face-down tiles begin [5-5] [2-2]
    When seat 0 lays [6-6] on the empty table
    And seat 1 tries to lay [5-5] at the right end
    Then the move breaks rule ts.opening
    When seat 1 lays [5-5] at the left end
    Then the Tsung Shap row is [5-5] [6-6]
    And seat 0 has turned over [3-1]
    When seat 0 lays [3-1] at the right end
    Then the Tsung Shap row is [5-5] [6-6] [3-1]
    And seat 1 has turned over [2-2]

  @rule:ts.turn.reveal @rule:ts.turn.lay
  Scenario: The tile turned over is the next of the player's pile, and it must be laid
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [5-5] [4-4]
    Then seat 0 has turned over [5-5]
    When seat 0 tries to lay [4-4] at the left end
    Then the move breaks rule ts.turn.lay
    And the refusal says "seat 0 turned over [5-5] and must lay it, not [4-4]"

  @rule:ts.turn.lay
  Scenario: The player chooses the end after seeing the tile
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [5-5]
    When seat 0 lays [5-5] at the left end
    Then the Tsung Shap row is [5-5] [6-6] [3-1]

  @rule:ts.turn.lay
  Scenario: A tile laid at the right end joins the row there
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [5-5]
    When seat 0 lays [5-5] at the right end
    Then the Tsung Shap row is [6-6] [3-1] [5-5]

  @rule:ts.turn.order
  Scenario: Players alternate; a player cannot play out of turn
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0 has had 3 turns
    And seat 1 has had 3 turns
    And seat 0's face-down tiles begin [5-5]
    And seat 1's face-down tiles begin [4-4]
    Then the turns played are 4 for seat 0 and 3 for seat 1
    When seat 1 tries to lay [4-4] at the left end
    Then the move breaks rule ts.turn.order
    When seat 0 lays [5-5] at the right end
    Then seat 1 has turned over [4-4]
    And the turns played are 4 for seat 0 and 4 for seat 1

  @rule:ts.turn.reveal @rule:ts.capture.triple
  Scenario: A log records each tile turned over before it is laid, then the capture
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [2-2]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at the left end
    Then the log so far reads:
      | what happened                                                  |
      | seat 0 turns over [2-2]                                        |
      | seat 0 lays [2-2] at the right end                             |
      | seat 0 takes the triple [2-2] [6-6] [3-1] at the left end for 20 |
      | seat 1 turns over [5-5]                                        |
