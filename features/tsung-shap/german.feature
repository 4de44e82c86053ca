Feature: The German four-tile variant: four tiles in hand, refilled after every tile laid
  Each player holds four tiles face up and chooses which to lay; after each
  tile laid the hand is refilled to four, from the common stock (the German
  page) or from the player's own half (navpil), until the tiles run out.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.german.hand @rule:ts.turn.reveal @option:hand=four @option:stock=common
  Scenario: The player chooses the tile and the end; the hand refills from the common stock
    Given the option hand is four
    And the option stock is common
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [4-4] [1-1]
    And seat 1's hand is [6-5] [6-4] [5-1] [4-3]
    And the common stock begins [6-1] [3-3]
    Then seat 0 is to lay
    When seat 0 lays [4-4] at the right end
    Then the captures open are: pair right for 160, triple right for 20
    When seat 0 takes the pair at the right end
    Then seat 0's hand is [2-2] [5-5] [1-1] [6-1]
    And seat 1 is to lay
    And the log so far reads:
      | what happened                                              |
      | seat 0 lays [4-4] at the right end                         |
      | seat 0 takes the pair [4-4] [4-4] at the right end for 160 |
      | seat 0 draws [6-1] into the hand                           |

  @rule:ts.german.hand @option:hand=four @option:stock=common
  Scenario: A tile not in the hand cannot be laid
    Given the option hand is four
    And the option stock is common
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [4-4] [1-1]
    When seat 0 tries to lay [6-5] at the right end
    Then the move breaks rule ts.german.hand
    And the refusal says "seat 0 laid [6-5], which is not in the hand ([2-2] [5-5] [4-4] [1-1])"

  @rule:ts.german.hand @option:hand=four @option:refill=own-half
  Scenario: Under refill=own-half the hand refills from the player's own half (navpil)
    Given the option hand is four
    And the option refill is own-half
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [4-4] [1-1]
    And seat 0's face-down tiles begin [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    When seat 0 lays [5-5] at the left end
    Then seat 0's hand is [2-2] [4-4] [1-1] [6-5]
    And seat 1 is to lay

  @rule:ts.german.hand @rule:ts.sweep.restart @option:hand=four @option:stock=common
  Scenario: After a sweep the hand is refilled, then the player chooses the tile that restarts the row
    Given the option hand is four
    And the option stock is common
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then seat 0's hand is [5-5] [1-1] [6-5] [3-3]
    And seat 0 is to lay
    When seat 0 lays [3-3] on the empty table
    Then seat 0's hand is [5-5] [1-1] [6-5] [5-3]
    And the Tsung Shap row is [3-3]
    And seat 1 is to lay

  @rule:ts.german.choices @rule:ts.sweep.restart @option:hand=four @option:refill=own-half @option:restart=before-refill
  Scenario: Under restart=before-refill the row is restarted from the tiles left in hand, then the hand is refilled twice (navpil)
    Given the option hand is four
    And the option refill is own-half
    And the option restart is before-refill
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 0's face-down tiles begin [3-3] [5-3]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then seat 0's hand is [5-5] [1-1] [6-5]
    And seat 0 is to lay
    When seat 0 tries to lay [3-3] on the empty table
    Then the move breaks rule ts.german.hand
    When seat 0 lays [1-1] on the empty table
    Then seat 0's hand is [5-5] [6-5] [3-3] [5-3]
    And the Tsung Shap row is [1-1]
    And seat 1 is to lay

  @rule:ts.german.choices @rule:ts.sweep.restart @option:hand=four @option:refill=own-half @option:restart=before-refill @option:lay-again=any-capture
  Scenario: Under restart=before-refill the refills wait for every tile laid again, then come all at once
    Given the option hand is four
    And the option refill is own-half
    And the option restart is before-refill
    And the option lay-again is any-capture
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's hand is [4-4] [2-2] [5-5] [1-1]
    And seat 0's face-down tiles begin [3-3] [5-3] [6-2]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    Then seat 0's hand is [2-2] [5-5] [1-1]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then seat 0's hand is [5-5] [1-1]
    And seat 0 is to lay
    When seat 0 lays [1-1] on the empty table
    Then seat 0's hand is [5-5] [3-3] [5-3] [6-2]
    And seat 1 is to lay

  @rule:ts.score @rule:ts.sweep.restart @option:hand=four @option:refill=own-half @option:restart=before-refill
  Scenario: A capture counts in the scores as soon as it is taken, before the row is restarted and the hand refilled
    Given the option hand is four
    And the option refill is own-half
    And the option restart is before-refill
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 0's face-down tiles begin [3-3] [5-3]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then the scores are 40 to 0
    And seat 0 is to lay
    When seat 0 lays [1-1] on the empty table
    Then the scores are 40 to 0
    And seat 0's hand is [5-5] [6-5] [3-3] [5-3]

  @rule:ts.german.choices @option:hand=four @option:stock=common
  Scenario: Under restart=after-refill the tile that restarts the row may be the tile just drawn
    Given the option hand is four
    And the option stock is common
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's hand is [2-2] [5-5] [1-1] [6-5]
    And seat 1's hand is [6-4] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [2-2] at the right end
    And seat 0 takes the triple at both ends
    Then seat 0's hand is [5-5] [1-1] [6-5] [3-3]
    When seat 0 lays [3-3] on the empty table
    Then the Tsung Shap row is [3-3]
    And seat 1 is to lay

  @rule:ts.german.hand @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: The German page's game: four in hand, a common stock, triples from both end tiles only
    Given the game tsung-shap with preset spieltdomino
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's hand is [6-4] [5-5] [2-1] [3-1]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple ends for 30

  @rule:ts.capture.reach @rule:ts.german.hand @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: In the German game a laid tile pairs with the tile at the far end too
    Given the game tsung-shap with preset spieltdomino
    And a Tsung Shap row [4-4] [3-1] [6-6] with seat 0 to play
    And seat 0's hand is [4-4] [5-5] [2-1] [3-3]
    When seat 0 lays [4-4] at the right end
    Then the captures open are: pair left for 160
    When seat 0 takes the pair at the left end
    Then the Tsung Shap row is [3-1] [6-6]
    And the scores are 160 to 0

  @rule:ts.claim @rule:ts.german.hand @option:hand=four @option:stock=common @option:triple=ends-only
  Scenario: In the German game the opponent may claim a missed pair
    Given the game tsung-shap with preset spieltdomino
    And a Tsung Shap row [4-4] [3-1] [6-6] with seat 0 to play
    And seat 0's hand is [4-4] [5-5] [2-1] [3-3]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    Then seat 1 is to claim or pass
    And seat 1 may claim [4-4] [4-4] as a pair worth 160
    When seat 1 claims the pair at the left end
    Then the Tsung Shap row is [3-1] [6-6]
    And the scores are 0 to 160
