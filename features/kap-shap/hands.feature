Feature: Kap Shap: the winning hand
  A winning hand is eight tiles that split into an eye (two identical tiles)
  and three ten-pairs. A hand may split in more than one way; any one split
  makes it winning. A hand that is not winning is some number of tiles from
  winning: how many of its tiles must change (or, for a short hand, be added)
  to make a winning hand that one set can hold.

  @rule:ks.hand.win
  Scenario Outline: Winning hands under Culin's rules
    Given the game kap-shap with preset culin
    When the player holds <hand>
    Then the hand is winning
    And the hand splits <splits>

    Examples:
      | hand                                            | splits  |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] | one way |
      | [6-6] [6-6] [5-3] [5-2] [4-4] [3-3] [3-3] [2-1] | one way |
      | [6-6] [6-4] [6-4] [5-3] [4-4] [2-2] [2-2] [1-1] | 2 ways  |
      | [5-5] [5-5] [6-5] [6-3] [6-4] [6-4] [4-2] [6-1] | 2 ways  |
      | [6-6] [6-6] [6-5] [5-4] [5-2] [4-3] [4-2] [2-1] | 2 ways  |
      | [6-6] [6-6] [6-2] [5-3] [5-1] [5-1] [4-4] [1-1] | 3 ways  |
      | [6-4] [6-4] [5-5] [5-5] [3-3] [3-1] [2-2] [5-1] | 4 ways  |

  @rule:ks.hand.win
  Scenario: A hand arrives in any spelling, each tile read as read_tile reads it
    Given the game kap-shap with preset culin
    When the player holds [6-6] 6-6 [4-6] 4:6 [1-5] 1/3 [3:4] 1-2
    Then the hand is winning
    And the hand splits one way

  @rule:ks.hand.win
  Scenario: A hand may split in several ways
    Given the game kap-shap with preset culin
    When the player holds [6-4] [6-4] [5-5] [5-5] [3-3] [3-1] [2-2] [5-1]
    Then the hand is winning
    And the hand splits 4 ways:
      | eye         | pairs                               |
      | [6-4] [6-4] | [5-5]+[5-5] [5-1]+[3-1] [3-3]+[2-2] |
      | [6-4] [6-4] | [5-5]+[5-5] [5-1]+[2-2] [3-3]+[3-1] |
      | [5-5] [5-5] | [6-4]+[6-4] [5-1]+[3-1] [3-3]+[2-2] |
      | [5-5] [5-5] | [6-4]+[6-4] [5-1]+[2-2] [3-3]+[3-1] |

  @rule:ks.hand.win
  Scenario: Three splits with one eye: the [6-6] pair is wanted in the ten-pairs
    Given the game kap-shap with preset culin
    When the player holds [6-6] [6-6] [6-2] [5-3] [5-1] [5-1] [4-4] [1-1]
    Then the hand is winning
    And the hand splits 3 ways:
      | eye         | pairs                               |
      | [5-1] [5-1] | [6-6]+[6-2] [6-6]+[5-3] [4-4]+[1-1] |
      | [5-1] [5-1] | [6-6]+[6-2] [6-6]+[4-4] [5-3]+[1-1] |
      | [5-1] [5-1] | [6-6]+[5-3] [6-6]+[4-4] [6-2]+[1-1] |

  @rule:ks.hand.win
  Scenario Outline: Hands that are not winning, and how far they are
    Given the game kap-shap with preset culin
    When the player holds <hand>
    Then the hand is not winning
    And the hand is <distance> from winning

    Examples:
      | hand                                            | distance |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] | 1 tile   |
      | [1-1] [1-1] [4-4] [4-4] [6-6] [6-2] [5-3] [3-3] | 1 tile   |
      | [4-4] [4-4] [1-1] [1-1] [6-6] [6-6] [5-3] [6-2] | 2 tiles  |
      | [6-6] [6-5] [6-4] [6-3] [5-5] [5-4] [4-4] [3-3] | 1 tile   |
      | [6-6] [6-1] [5-1] [4-3] [3-2] [3-1] [2-2] [1-1] | 3 tiles  |
      | [6-1] [5-5] [5-4] [5-2] [5-1] [4-3] [3-3] [3-2] | 4 tiles  |

  @rule:ks.hand.win
  Scenario Outline: A short hand is as far from winning as the tiles it lacks
    Given the game kap-shap with preset culin
    When the player holds <hand>
    Then the hand is not winning
    And the hand is <distance> from winning

    Examples:
      | hand                                      | distance |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] | 1 tile   |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1]       | 2 tiles  |
      | [6-6] [6-5] [6-4] [6-3] [5-5] [5-4] [4-4] | 2 tiles  |
      | [6-6]                                     | 7 tiles  |

  @rule:ks.hand.win @rule:ks.pair.ten @option:pair-set=printed
  Scenario Outline: A hand held together by an omitted twenty does not win under the printed tables
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    When the player holds <hand>
    Then the hand is not winning
    And the hand is <distance> from winning

    Examples:
      | hand                                            | distance |
      | [5-5] [5-5] [6-5] [6-3] [6-4] [6-4] [4-2] [6-1] | 1 tile   |
      | [6-6] [6-6] [6-5] [5-4] [5-2] [4-3] [4-2] [2-1] | 2 tiles  |
      | [6-5] [6-4] [6-4] [5-5] [5-5] [5-4] [3-3] [3-3] | 2 tiles  |

  @rule:ks.hand.win @rule:ks.pair.ten @option:pair-set=printed
  Scenario: Under the printed tables [6-5] can still be the eye
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    When the player holds [6-5] [6-5] [6-6] [4-4] [6-4] [6-4] [4-1] [3-2]
    Then the hand is winning
    And the hand splits one way:
      | eye         | pairs                               |
      | [6-5] [6-5] | [6-6]+[4-4] [6-4]+[6-4] [4-1]+[3-2] |

  @rule:ks.hand.win @rule:ks.tiles.four-two
  Scenario: With [4-2] at 3, a hand that needs it at 6 is not winning
    Given the game kap-shap with preset culin
    When the player holds [6-6] [6-6] [4-2] [3-1] [4-4] [1-1] [5-3] [1-1]
    Then the hand is not winning
    And the hand is 1 tile from winning

  @rule:ks.hand.win @rule:ks.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6, [4-2] and [3-1] make a ten-pair
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    When the player holds [6-6] [6-6] [4-2] [3-1] [4-4] [1-1] [5-3] [1-1]
    Then the hand is winning
    And the hand splits 2 ways:
      | eye         | pairs                               |
      | [6-6] [6-6] | [5-3]+[1-1] [4-4]+[1-1] [4-2]+[3-1] |
      | [1-1] [1-1] | [6-6]+[5-3] [6-6]+[4-4] [4-2]+[3-1] |

  @rule:ks.hand.win @rule:ks.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6, a hand that needs it at 3 is not winning
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    When the player holds [6-6] [6-6] [6-2] [6-1] [6-1] [5-2] [4-4] [4-2]
    Then the hand is not winning
    And the hand is 1 tile from winning

  @rule:ks.hand.win @rule:ks.eye @option:eye=civil
  Scenario Outline: With one set every eye is civil, so the civil reading changes nothing
    Given the game kap-shap with preset culin
    And the option eye is civil
    When the player holds <hand>
    Then the hand is winning
    And the hand splits <splits>

    Examples:
      | hand                                            | splits  |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] | one way |
      | [6-6] [6-6] [6-5] [5-4] [5-2] [4-3] [4-2] [2-1] | 2 ways  |
      | [6-4] [6-4] [5-5] [5-5] [3-3] [3-1] [2-2] [5-1] | 4 ways  |

  @rule:ks.eye @rule:ks.equipment.set
  Scenario: One set has a single copy of each military tile, so no hand holds a military eye
    Given the game kap-shap with preset culin
    When the player holds [6-3] [6-3] [6-6] [4-4] [6-4] [6-4] [4-1] [3-2]
    Then the hand is rejected: "2 copies of [6-3], but one set holds only 1"

  @rule:ks.hand.win @rule:ks.equipment.set
  Scenario Outline: A hand holds no more tiles than a winning hand, nor more copies than the set
    Given the game kap-shap with preset culin
    When the player holds <hand>
    Then the hand is rejected: "<reason>"

    Examples:
      | hand                                                  | reason                                    |
      | [6-6] [6-6] [6-6] [4-4] [6-4] [6-4] [4-1] [3-2]       | 3 copies of [6-6], but one set holds only 2   |
      | [5-5] [5-5] [5-5] [6-4] [6-4] [4-1] [3-2] [1-1]       | 3 copies of [5-5], but one set holds only 2   |
      | [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] [1-1] | hand has 9 tiles; a hand holds at most 8 |
      | [6-6] [6-6] [6-4] [7-1] [5-1] [3-1] [4-3] [2-1]       | token 4 '[7-1]' is not a tile            |

  @rule:ks.declare.valid
  Scenario Outline: A declared split must be one of the hand's winning splits
    Given the game kap-shap with preset culin
    When the player holds [6-4] [6-4] [5-5] [5-5] [3-3] [3-1] [2-2] [5-1]
    And the player declares the eye <eye> and the pairs <pairs>
    Then the declaration is <verdict>

    Examples: Any of the four splits
      | eye         | pairs                               | verdict |
      | [6-4] [6-4] | [5-5]+[5-5] [5-1]+[3-1] [3-3]+[2-2] | valid   |
      | [6-4] [6-4] | [5-5]+[5-5] [5-1]+[2-2] [3-3]+[3-1] | valid   |
      | [5-5] [5-5] | [6-4]+[6-4] [5-1]+[3-1] [3-3]+[2-2] | valid   |
      | [5-5] [5-5] | [3-3]+[3-1] [6-4]+[6-4] [2-2]+[5-1] | valid   |

    Examples: Splits that are not winning splits
      | eye         | pairs                               | verdict |
      | [5-5] [5-5] | [6-4]+[3-3] [6-4]+[3-1] [5-1]+[2-2] | refused |
      | [3-1] [2-2] | [6-4]+[6-4] [5-5]+[5-5] [5-1]+[3-3] | refused |
      | [6-4] [5-5] | [6-4]+[5-5] [5-1]+[3-1] [3-3]+[2-2] | refused |
      | [6-4] [6-4] | [5-5]+[5-5] [5-1]+[3-1]             | refused |

  @rule:ks.declare.valid
  Scenario: A declaration must show the hand's own tiles
    Given the game kap-shap with preset culin
    When the player holds [6-4] [6-4] [5-5] [5-5] [3-3] [3-1] [2-2] [5-1]
    And the player declares the eye [6-6] [6-6] and the pairs [5-5]+[5-5] [5-1]+[3-1] [3-3]+[2-2]
    Then the declaration is refused

  @rule:ks.declare.valid @option:pair-set=printed
  Scenario: Under the printed tables a split that uses an omitted twenty is refused
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    When the player holds [5-5] [5-5] [6-5] [6-3] [6-4] [6-4] [4-2] [6-1]
    And the player declares the eye [5-5] [5-5] and the pairs [6-5]+[6-3] [6-4]+[6-4] [6-1]+[4-2]
    Then the declaration is refused

  @rule:ks.declare.valid
  Scenario: Under Culin's arithmetic the same split is valid
    Given the game kap-shap with preset culin
    When the player holds [5-5] [5-5] [6-5] [6-3] [6-4] [6-4] [4-2] [6-1]
    And the player declares the eye [5-5] [5-5] and the pairs [6-5]+[6-3] [6-4]+[6-4] [6-1]+[4-2]
    Then the declaration is valid
