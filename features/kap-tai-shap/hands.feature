Feature: Kap Tai Shap: the winning hand
  A winning hand is ten tiles that split into an eye (two identical tiles)
  and four ten-pairs; any one split makes it winning. Several sets are mixed
  together, so a hand may hold more copies of a tile than one set has, up to
  what the sets in play hold, and two identical military tiles can make the
  eye.

  @rule:kts.hand.win
  Scenario Outline: Winning hands with four sets in play
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds <hand>
    Then the hand is winning
    And the hand splits <splits>

    Examples:
      | hand                                                        | splits  |
      | [4-1] [4-1] [6-6] [6-2] [5-5] [6-4] [4-2] [6-1] [3-3] [2-2] | one way |
      | [6-6] [6-6] [5-5] [5-5] [5-3] [5-3] [5-1] [5-1] [3-1] [2-2] | one way |
      | [6-6] [6-6] [6-2] [5-5] [5-5] [5-3] [5-1] [4-4] [2-2] [1-1] | 3 ways  |
      | [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1] | 3 ways  |
      | [5-2] [5-2] [4-2] [4-2] [4-1] [4-1] [3-2] [3-2] [2-1] [2-1] | 4 ways  |
      | [6-6] [6-6] [6-6] [6-2] [5-3] [5-3] [4-4] [4-4] [4-4] [1-1] | 5 ways  |
      | [4-1] [4-1] [4-1] [4-1] [3-2] [3-2] [6-6] [6-2] [1-1] [5-3] | 6 ways  |
      | [6-4] [6-4] [5-1] [4-1] [4-1] [3-3] [3-2] [3-2] [3-1] [2-2] | 8 ways  |

  @rule:kts.hand.win
  Scenario: Four copies of two tiles, three splits
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1]
    Then the hand is winning
    And the hand splits 3 ways:
      | eye         | pairs                                           |
      | [1-1] [1-1] | [6-4]+[6-4] [6-4]+[6-4] [5-5]+[5-5] [5-5]+[5-5] |
      | [1-1] [1-1] | [6-4]+[6-4] [6-4]+[5-5] [6-4]+[5-5] [5-5]+[5-5] |
      | [1-1] [1-1] | [6-4]+[5-5] [6-4]+[5-5] [6-4]+[5-5] [6-4]+[5-5] |

  @rule:kts.hand.win @rule:kts.pair.ten @option:pair-set=printed
  Scenario: Under the printed tables [6-4] and [5-5] no longer pair, so one split is left
    Given the game kap-tai-shap with preset culin
    And the option pair-set is printed
    And 4 sets are in play
    When the player holds [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1]
    Then the hand is winning
    And the hand splits one way:
      | eye         | pairs                                           |
      | [1-1] [1-1] | [6-4]+[6-4] [6-4]+[6-4] [5-5]+[5-5] [5-5]+[5-5] |

  @rule:kts.hand.win @rule:kts.pair.ten @option:pair-set=printed
  Scenario: Under the printed tables a hand that needs [6-5] and a nine in a pair is far from winning
    Given the game kap-tai-shap with preset culin
    And the option pair-set is printed
    And 4 sets are in play
    When the player holds [6-3] [6-3] [6-3] [6-3] [6-6] [4-4] [6-5] [6-5] [4-1] [3-2]
    Then the hand is not winning
    And the hand is 4 tiles from winning

  @rule:kts.hand.win @rule:kts.tiles.four-two
  Scenario: With [4-2] at 3, [4-2] pairs with the sevens
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds [5-2] [5-2] [4-2] [4-2] [4-1] [4-1] [3-2] [3-2] [2-1] [2-1]
    Then the hand is winning
    And the hand splits 4 ways:
      | eye         | pairs                                           |
      | [4-2] [4-2] | [5-2]+[2-1] [5-2]+[2-1] [4-1]+[4-1] [3-2]+[3-2] |
      | [4-2] [4-2] | [5-2]+[2-1] [5-2]+[2-1] [4-1]+[3-2] [4-1]+[3-2] |
      | [2-1] [2-1] | [5-2]+[4-2] [5-2]+[4-2] [4-1]+[4-1] [3-2]+[3-2] |
      | [2-1] [2-1] | [5-2]+[4-2] [5-2]+[4-2] [4-1]+[3-2] [4-1]+[3-2] |

  @rule:kts.hand.win @rule:kts.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6 the same hand keeps only the splits with [4-2] as the eye
    Given the game kap-tai-shap with preset culin
    And the option four-two-value is 6
    And 4 sets are in play
    When the player holds [5-2] [5-2] [4-2] [4-2] [4-1] [4-1] [3-2] [3-2] [2-1] [2-1]
    Then the hand is winning
    And the hand splits 2 ways:
      | eye         | pairs                                           |
      | [4-2] [4-2] | [5-2]+[2-1] [5-2]+[2-1] [4-1]+[4-1] [3-2]+[3-2] |
      | [4-2] [4-2] | [5-2]+[2-1] [5-2]+[2-1] [4-1]+[3-2] [4-1]+[3-2] |

  @rule:kts.hand.win @rule:kts.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6, [4-2] pairs with [3-1] and [2-2]
    Given the game kap-tai-shap with preset culin
    And the option four-two-value is 6
    And 4 sets are in play
    When the player holds [6-6] [6-6] [4-2] [3-1] [4-2] [2-2] [4-4] [1-1] [5-3] [1-1]
    Then the hand is winning
    And the hand splits 2 ways:
      | eye         | pairs                                           |
      | [6-6] [6-6] | [5-3]+[1-1] [4-4]+[1-1] [4-2]+[3-1] [4-2]+[2-2] |
      | [1-1] [1-1] | [6-6]+[5-3] [6-6]+[4-4] [4-2]+[3-1] [4-2]+[2-2] |

  @rule:kts.hand.win @rule:kts.tiles.four-two
  Scenario: With [4-2] at 3 that hand is two tiles from winning
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds [6-6] [6-6] [4-2] [3-1] [4-2] [2-2] [4-4] [1-1] [5-3] [1-1]
    Then the hand is not winning
    And the hand is 2 tiles from winning

  @rule:kts.eye @rule:kts.hand.win
  Scenario Outline: With several sets two identical military tiles make the eye
    Given the game kap-tai-shap with preset culin
    And <sets> sets are in play
    When the player holds [6-3] [6-3] [6-6] [4-4] [5-5] [5-5] [6-4] [6-4] [4-1] [3-2]
    Then the hand is winning
    And the hand splits 2 ways:
      | eye         | pairs                                           |
      | [6-3] [6-3] | [6-6]+[4-4] [6-4]+[6-4] [5-5]+[5-5] [4-1]+[3-2] |
      | [6-3] [6-3] | [6-6]+[4-4] [6-4]+[5-5] [6-4]+[5-5] [4-1]+[3-2] |

    Examples:
      | sets |
      | 2    |
      | 4    |
      | 8    |

  @rule:kts.eye @rule:kts.equipment.sets
  Scenario: With one set no hand can hold a military eye
    Given the game kap-tai-shap with preset culin
    When 2 players sit down with 1 set
    And the player holds [6-3] [6-3] [6-6] [4-4] [5-5] [5-5] [6-4] [6-4] [4-1] [3-2]
    Then the hand is rejected: "2 copies of [6-3], but one set holds only 1"

  @rule:kts.eye @rule:kts.hand.win @option:eye=civil
  Scenario Outline: Under the civil reading a hand whose only eye is military is not winning
    Given the game kap-tai-shap with preset culin
    And the option eye is civil
    And 4 sets are in play
    When the player holds <hand>
    Then the hand is not winning
    And the hand is 1 tile from winning

    Examples:
      | hand                                                        |
      | [6-3] [6-3] [6-6] [4-4] [5-5] [5-5] [6-4] [6-4] [4-1] [3-2] |
      | [4-1] [4-1] [4-1] [4-1] [3-2] [3-2] [6-6] [6-2] [1-1] [5-3] |

  @rule:kts.eye @rule:kts.hand.win @option:eye=civil
  Scenario: Under the civil reading only the civil eyes of a hand remain
    Given the game kap-tai-shap with preset culin
    And the option eye is civil
    And 4 sets are in play
    When the player holds [6-4] [6-4] [5-1] [4-1] [4-1] [3-3] [3-2] [3-2] [3-1] [2-2]
    Then the hand is winning
    And the hand splits 4 ways:
      | eye         | pairs                                           |
      | [6-4] [6-4] | [5-1]+[3-1] [4-1]+[4-1] [3-3]+[2-2] [3-2]+[3-2] |
      | [6-4] [6-4] | [5-1]+[3-1] [4-1]+[3-2] [4-1]+[3-2] [3-3]+[2-2] |
      | [6-4] [6-4] | [5-1]+[2-2] [4-1]+[4-1] [3-3]+[3-1] [3-2]+[3-2] |
      | [6-4] [6-4] | [5-1]+[2-2] [4-1]+[3-2] [4-1]+[3-2] [3-3]+[3-1] |

  @rule:kts.hand.win
  Scenario Outline: Hands that are not winning, and how far they are
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds <hand>
    Then the hand is not winning
    And the hand is <distance> from winning

    Examples:
      | hand                                                        | distance |
      | [6-6] [6-6] [5-5] [5-5] [6-5] [6-3] [3-3] [3-1] [2-1] [1-1] | 1 tile   |
      | [6-6] [6-6] [5-5] [5-5] [6-5] [6-3] [3-3] [3-1] [2-1]       | 1 tile   |
      | [6-6] [6-6] [6-6] [6-6] [6-5] [6-5] [6-5] [6-5] [5-4] [1-1] | 3 tiles  |

  @rule:kts.hand.win @rule:kts.equipment.sets
  Scenario Outline: A hand holds no more tiles than a winning hand, nor more copies than the sets
    Given the game kap-tai-shap with preset culin
    And <sets> sets are in play
    When the player holds <hand>
    Then the hand is rejected: "<reason>"

    Examples:
      | sets | hand                                                              | reason                                      |
      | 2    | [6-6] [6-6] [6-6] [6-6] [6-6] [4-4] [4-4] [4-4] [1-1] [1-1]       | 5 copies of [6-6], but 2 sets hold only 4   |
      | 4    | [6-3] [6-3] [6-3] [6-3] [6-3] [6-5] [6-5] [6-5] [6-5] [1-1]       | 5 copies of [6-3], but 4 sets hold only 4   |
      | 4    | [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1] [1-1] | hand has 11 tiles; a hand holds at most 10 |

  @rule:kts.declare.valid
  Scenario Outline: A declared split must be one of the hand's winning splits
    Given the game kap-tai-shap with preset culin
    And 4 sets are in play
    When the player holds [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1]
    And the player declares the eye <eye> and the pairs <pairs>
    Then the declaration is <verdict>

    Examples: Any of the three splits
      | eye         | pairs                                           | verdict |
      | [1-1] [1-1] | [6-4]+[6-4] [6-4]+[6-4] [5-5]+[5-5] [5-5]+[5-5] | valid   |
      | [1-1] [1-1] | [6-4]+[5-5] [6-4]+[6-4] [5-5]+[5-5] [6-4]+[5-5] | valid   |
      | [1-1] [1-1] | [5-5]+[6-4] [5-5]+[6-4] [5-5]+[6-4] [5-5]+[6-4] | valid   |

    Examples: Splits that are not winning splits
      | eye         | pairs                                           | verdict |
      | [5-5] [5-5] | [6-4]+[6-4] [6-4]+[6-4] [5-5]+[1-1] [5-5]+[1-1] | refused |
      | [6-4] [6-4] | [6-4]+[6-4] [5-5]+[5-5] [5-5]+[5-5] [1-1]+[1-1] | refused |
      | [1-1] [1-1] | [6-4]+[6-4] [6-4]+[6-4] [5-5]+[5-5]             | refused |

  @rule:kts.declare.valid @option:pair-set=printed
  Scenario: Under the printed tables a split that pairs [6-4] with [5-5] is refused
    Given the game kap-tai-shap with preset culin
    And the option pair-set is printed
    And 4 sets are in play
    When the player holds [5-5] [5-5] [5-5] [5-5] [6-4] [6-4] [6-4] [6-4] [1-1] [1-1]
    And the player declares the eye [1-1] [1-1] and the pairs [6-4]+[5-5] [6-4]+[5-5] [6-4]+[5-5] [6-4]+[5-5]
    Then the declaration is refused

  @rule:kts.declare.valid @option:eye=civil
  Scenario: Under the civil reading a military eye cannot be declared
    Given the game kap-tai-shap with preset culin
    And the option eye is civil
    And 4 sets are in play
    When the player holds [6-3] [6-3] [6-6] [4-4] [5-5] [5-5] [6-4] [6-4] [4-1] [3-2]
    And the player declares the eye [6-3] [6-3] and the pairs [6-6]+[4-4] [6-4]+[6-4] [5-5]+[5-5] [4-1]+[3-2]
    Then the declaration is refused
