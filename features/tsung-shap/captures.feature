Feature: Tsung Shap captures: pairs and triples
  A tile laid at an end of the row may take an identical end tile (a pair,
  ten points a spot) or two end tiles that make a multiple of ten with it (a
  triple, a point a spot). The player chooses one capture, or none. A log
  lists a capture's tiles with the tile laid first, then the row's tiles in
  row order.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.capture.pair @rule:ts.turn.reveal @rule:ts.turn.lay
  Scenario: A tile identical to an end tile takes it as a pair, ten points a spot
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    And seat 1's face-down tiles begin [5-5]
    Then seat 0 has turned over [4-4]
    And seat 0 is to lay
    When seat 0 lays [4-4] at the right end
    Then seat 0 may take [4-4] [4-4] as a pair worth 160
    When seat 0 takes the pair at the right end
    Then the Tsung Shap row is [6-6] [3-1]
    And the scores are 160 to 0
    And seat 1 has turned over [5-5]

  @rule:ts.capture.pair
  Scenario: Only an identical tile makes a pair
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4]
    When seat 0 lays [6-4] at the left end
    Then seat 0 may not take the pair at the left end (rule ts.capture.pair)
    And seat 0 may not take the pair at the right end (rule ts.capture.pair)

  @rule:ts.capture.pair @rule:ts.score @option:pair-score=fifty
  Scenario: Under pair-score=fifty a pair scores 50, whatever its spots
    Given the option pair-score is fifty
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the right end
    Then seat 0 may take [4-4] [4-4] as a pair worth 50
    When seat 0 takes the pair at the right end
    Then the scores are 50 to 0

  @rule:ts.capture.reach @rule:ts.capture.pair
  Scenario: Under reach=either-end a tile laid at one end pairs with the tile at the other
    Given a Tsung Shap row [4-4] [3-1] [6-6] with seat 0 to play
    And seat 0's face-down tiles begin [6-6]
    When seat 0 lays [6-6] at the left end
    Then seat 0 may take [6-6] [6-6] as a pair worth 240
    When seat 0 takes the pair at the right end
    Then the Tsung Shap row is [4-4] [3-1]
    And the scores are 240 to 0

  @rule:ts.capture.reach @option:reach=laid-end
  Scenario: Under reach=laid-end a tile pairs only with the end where it is laid
    Given the option reach is laid-end
    And a Tsung Shap row [4-4] [3-1] [6-6] with seat 0 to play
    And seat 0's face-down tiles begin [6-6]
    When seat 0 lays [6-6] at the left end
    Then seat 0 may take nothing
    And seat 0 may not take the pair at the right end (rule ts.capture.reach)
    And the Tsung Shap row is [6-6] [4-4] [3-1] [6-6]

  @rule:ts.capture.reach @option:reach=laid-end
  Scenario: Under reach=laid-end a triple takes the two tiles of its own end, or one at each end
    Given the option reach is laid-end
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4]
    When seat 0 lays [6-4] at the left end
    Then the captures open are: triple ends for 30
    And seat 0 may not take the triple at the right end (rule ts.capture.reach)

  @rule:ts.capture.triple @rule:ts.capture.reach
  Scenario: A triple takes the two tiles at either end, or one at each end, that make a multiple of ten
    Given a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4]
    When seat 0 lays [6-4] at the right end
    Then seat 0 may take [6-4] [1-1] [4-4] as a triple worth 20
    And seat 0 may take [6-4] [6-6] [4-4] as a triple worth 30
    And the captures open are: triple right for 20, triple ends for 30
    And seat 0 may not take the triple at the left end (rule ts.capture.triple)

  @rule:ts.capture.triple
  Scenario: The two tiles at the far end join a tile laid at the other end
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [2-2]
    When seat 0 lays [2-2] at the right end
    Then the captures open are: triple left for 20
    When seat 0 takes the triple at the left end
    Then the Tsung Shap row is [4-4]
    And the scores are 20 to 0

  @rule:ts.capture.triple
  Scenario: Three tiles that do not make a multiple of ten are no triple
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [2-2]
    When seat 0 lays [2-2] at the right end
    And seat 0 tries to take the triple at both ends
    Then the move breaks rule ts.capture.triple
    And the refusal says "seat 0 took [6-6] and [4-4] as a triple, but 12+8 is not a ten with [2-2]: 12+8+4 = 24 is not a multiple of ten"

  @rule:ts.capture.triple @option:triple=ends-only
  Scenario: Under triple=ends-only a triple takes one tile at each end
    Given the option triple is ends-only
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple ends for 30
    And seat 0 may not take the triple at the right end (rule ts.capture.triple)

  @rule:ts.capture.choice @rule:ts.capture.pair @rule:ts.capture.triple
  Scenario: A tile that could make two captures makes one, of the player's choice
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the right end
    Then the captures open are: pair right for 160, triple right for 20
    When seat 0 takes the triple at the right end
    Then the Tsung Shap row is [6-6]
    And the scores are 20 to 0
    And seat 1 is to lay

  @rule:ts.capture.choice
  Scenario: A player may take no capture at all
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes nothing
    Then the Tsung Shap row is [6-6] [3-1] [4-4] [4-4]
    And the scores are 0 to 0
    And seat 1 is to claim or pass

  @rule:ts.capture.choice
  Scenario: Before another tile is laid, the capture is taken or passed
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [4-4] [5-5]
    When seat 0 lays [4-4] at the right end
    And seat 0 tries to lay [5-5] at the left end
    Then the move breaks rule ts.capture.choice

  @rule:ts.tiles.four-two @rule:ts.capture.triple
  Scenario: [4-2] counts 6 by default, in making tens and in scoring
    Given a Tsung Shap row [5-5] [3-3] [2-2] with seat 0 to play
    And seat 0's face-down tiles begin [4-2]
    When seat 0 lays [4-2] at the right end
    Then the captures open are: triple ends for 20
    And seat 0 may not take the triple at the right end (rule ts.capture.triple)

  @rule:ts.tiles.four-two @option:four-two-value=3
  Scenario: Under four-two-value=3 [4-2] counts 3, in making tens and in scoring
    Given the option four-two-value is 3
    And a Tsung Shap row [5-5] [3-3] [6-1] with seat 0 to play
    And seat 0's face-down tiles begin [4-2]
    When seat 0 lays [4-2] at the left end
    Then seat 0 may take [4-2] [5-5] [6-1] as a triple worth 20
    And the captures open are: triple ends for 20

  @rule:ts.tiles.four-two
  Scenario: A triple that makes ten only if [4-2] counts 3 is refused under four-two-value=6
    Given a Tsung Shap row [5-5] [3-3] [6-1] with seat 0 to play
    And seat 0's face-down tiles begin [4-2]
    When seat 0 lays [4-2] at the left end
    Then seat 0 may take nothing
    And seat 0 may not take the triple at both ends (rule ts.tiles.four-two)

  @rule:ts.score @rule:ts.capture.pair @rule:ts.capture.triple
  Scenario: The gupai site's worked example: two triples of 20 and a pair of [6-6] score 280
    Given a Tsung Shap row [5-3] [1-1] [3-1] [6-6] with seat 0 to play
    And seat 0's face-down tiles are [6-6] [6-4] [4-1] [5-5]
    And seat 1's face-down tiles are [6-5] [2-2] [6-1]
    When seat 0 lays [6-6] at the right end
    Then the captures open are: pair right for 240
    When seat 0 takes the pair at the right end
    And seat 1 lays [6-5] at the right end
    Then seat 1 may take nothing
    When seat 0 lays [6-4] at the left end
    And seat 0 takes the triple at the left end
    Then the Tsung Shap row is [3-1] [6-5]
    When seat 1 lays [2-2] at the right end
    And seat 0 lays [4-1] at the left end
    Then the captures open are: triple left for 20, triple right for 20
    When seat 0 takes the triple at the left end
    Then the scores are 280 to 0
    And the Tsung Shap row is [2-2]
