Feature: Tsung Shap claims: taking a capture the opponent missed
  A player who lays a tile that could capture may fail to take the capture.
  Under missed-capture=claim the opponent may take it at the start of the
  next turn, before turning a tile over, scoring what it would have scored,
  and then lays as usual.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.claim @rule:ts.capture.pair @rule:ts.turn.reveal
  Scenario: The opponent claims a missed pair before turning a tile over, then lays as usual
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [4-4] [4-4] as a pair worth 160
    And seat 1 may claim [4-4] [3-1] [4-4] as a triple worth 20
    When seat 1 claims the pair at the right end
    Then the Tsung Shap row is [6-6] [3-1]
    And the scores are 0 to 160
    And seat 1 has turned over [5-5]
    And the log so far reads:
      | what happened                                               |
      | seat 0 turns over [4-4]                                     |
      | seat 0 lays [4-4] at the right end                          |
      | seat 1 claims the pair [4-4] [4-4] at the right end for 160 |
      | seat 1 turns over [5-5]                                     |

  @rule:ts.claim @rule:ts.sweep @rule:ts.sweep.restart
  Scenario: A claimed sweep scores as a sweep, and the claimer's own tile starts the new row
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles begin [2-2] [4-4]
    And seat 1's face-down tiles begin [5-5] [1-1]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes nothing
    Then seat 1 may claim [2-2] [6-6] [3-1] as a sweep worth 40
    When seat 1 claims the triple at both ends
    Then the Tsung Shap table is empty
    And the scores are 0 to 40
    And seat 1 has turned over [5-5]
    When seat 1 lays [5-5] on the empty table
    Then seat 0 has turned over [4-4]
    And the Tsung Shap row is [5-5]

  @rule:ts.claim @rule:ts.lone-tile
  Scenario: A missed single-tile clear may be claimed, and the claimer restarts the row
    Given a Tsung Shap row [6-6] with seat 0 to play
    And seat 0's face-down tiles begin [6-6]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [6-6] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [6-6] [6-6] as a pair worth 240
    When seat 1 claims the pair at both ends
    Then the Tsung Shap table is empty
    And the scores are 0 to 240
    And seat 1 has turned over [5-5]

  @rule:ts.claim
  Scenario: A claim is optional; unclaimed, the tiles stay and the claimer may take them with its own tile
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    And seat 1's face-down tiles begin [2-2]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    And seat 1 does not claim
    Then seat 1 has turned over [2-2]
    When seat 1 lays [2-2] at the left end
    Then the captures open are: triple left for 20, triple right for 20

  @rule:ts.claim
  Scenario: Only the last tile laid can be claimed, on the very next turn
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [1-1]
    And seat 1's face-down tiles begin [6-1]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    And seat 1 does not claim
    And seat 1 lays [6-1] at the left end
    Then seat 0 has turned over [1-1]
    And seat 0 may not claim the pair at the right end (rule ts.claim)

  @rule:ts.claim
  Scenario: A player cannot take the capture that the opponent's tile could have made
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    And seat 1 tries to take the pair at the right end
    Then the move breaks rule ts.turn.lay

  @rule:ts.claim @option:missed-capture=none
  Scenario: Under missed-capture=none a missed capture is lost
    Given the option missed-capture is none
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    And seat 1's face-down tiles begin [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    Then seat 1 has turned over [5-5]
    And seat 1 may not claim the pair at the right end (rule ts.claim)
    When seat 1 tries to claim the pair at the right end
    Then the move breaks rule ts.claim
    And the refusal says "under option missed-capture=none a missed capture is lost"

  @rule:ts.claim @rule:ts.end @rule:ts.end.tie
  Scenario: Nothing can be claimed once the game is over
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles are [4-4]
    And seat 1's face-down tiles are [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    Then the Tsung Shap game is over in a tie at 0 to 0
