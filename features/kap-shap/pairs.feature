Feature: Kap Shap: counting tens, ten-pairs and the eye
  A winning hand is an eye, two identical tiles, and three ten-pairs: two
  tiles whose spots add up to 10 or 20. Culin counts [4-2] as 3 "in making up
  tens"; Celko's table reads as if it counted 6. Culin states the pair rule as
  arithmetic; the printed tables of Celko, pagat and Crook leave out three of
  the twenties the arithmetic allows.

  @rule:ks.tiles.four-two
  Scenario: [4-2] counts 3 in making up tens
    Given the game kap-shap with preset culin
    Then [4-2] counts 3 toward tens
    And every other tile counts its spots toward tens
    And [4-2] makes a ten-pair with [6-1], [5-2] and [4-3]
    And [4-2] and [3-1] do not make a ten-pair

  @rule:ks.tiles.four-two @option:four-two-value=6
  Scenario: Read as Celko's table does, [4-2] counts 6
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    Then [4-2] counts 6 toward tens
    And every other tile counts its spots toward tens
    And [4-2] makes a ten-pair with [3-1] and [2-2]
    And [4-2] and [6-1] do not make a ten-pair

  @rule:ks.pair.ten
  Scenario: Culin's arithmetic allows 24 kinds of ten-pair
    Given the game kap-shap with preset culin
    Then there are 24 kinds of ten-pair
    And the ten-pairs are:
      | pair        | makes |
      | [6-6]+[6-2] | 20    |
      | [6-6]+[5-3] | 20    |
      | [6-6]+[4-4] | 20    |
      | [6-5]+[6-3] | 20    |
      | [6-5]+[5-4] | 20    |
      | [6-4]+[6-4] | 20    |
      | [6-4]+[5-5] | 20    |
      | [5-5]+[5-5] | 20    |
      | [6-2]+[1-1] | 10    |
      | [5-3]+[1-1] | 10    |
      | [4-4]+[1-1] | 10    |
      | [6-1]+[4-2] | 10    |
      | [6-1]+[2-1] | 10    |
      | [5-2]+[4-2] | 10    |
      | [5-2]+[2-1] | 10    |
      | [4-3]+[4-2] | 10    |
      | [4-3]+[2-1] | 10    |
      | [5-1]+[3-1] | 10    |
      | [5-1]+[2-2] | 10    |
      | [3-3]+[3-1] | 10    |
      | [3-3]+[2-2] | 10    |
      | [4-1]+[4-1] | 10    |
      | [4-1]+[3-2] | 10    |
      | [3-2]+[3-2] | 10    |

  @rule:ks.pair.ten @option:pair-set=printed
  Scenario: The printed tables list 21 kinds of ten-pair
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    Then there are 21 kinds of ten-pair
    And the ten-pairs are:
      | pair        | makes |
      | [6-6]+[6-2] | 20    |
      | [6-6]+[5-3] | 20    |
      | [6-6]+[4-4] | 20    |
      | [6-4]+[6-4] | 20    |
      | [5-5]+[5-5] | 20    |
      | [6-2]+[1-1] | 10    |
      | [5-3]+[1-1] | 10    |
      | [4-4]+[1-1] | 10    |
      | [6-1]+[4-2] | 10    |
      | [6-1]+[2-1] | 10    |
      | [5-2]+[4-2] | 10    |
      | [5-2]+[2-1] | 10    |
      | [4-3]+[4-2] | 10    |
      | [4-3]+[2-1] | 10    |
      | [5-1]+[3-1] | 10    |
      | [5-1]+[2-2] | 10    |
      | [3-3]+[3-1] | 10    |
      | [3-3]+[2-2] | 10    |
      | [4-1]+[4-1] | 10    |
      | [4-1]+[3-2] | 10    |
      | [3-2]+[3-2] | 10    |

  @rule:ks.pair.ten
  Scenario Outline: The arithmetic allows the three twenties the tables omit
    Given the game kap-shap with preset culin
    Then <tile> and <other> make a ten-pair

    Examples:
      | tile  | other |
      | [5-5] | [6-4] |
      | [6-5] | [6-3] |
      | [6-5] | [5-4] |

  @rule:ks.pair.ten @option:pair-set=printed
  Scenario Outline: The printed tables omit three twenties
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    Then <tile> and <other> do not make a ten-pair

    Examples:
      | tile  | other |
      | [5-5] | [6-4] |
      | [6-5] | [6-3] |
      | [6-5] | [5-4] |

  @rule:ks.pair.ten @option:pair-set=printed
  Scenario: Under the printed tables the nines and [6-5] never make a ten-pair
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    Then [6-5] makes no ten-pair
    And [6-3] makes no ten-pair
    And [5-4] makes no ten-pair

  @rule:ks.pair.ten
  Scenario Outline: Tiles that do not add up to 10 or 20 make no ten-pair
    Given the game kap-shap with preset culin
    Then <tile> and <other> do not make a ten-pair

    Examples:
      | tile  | other | total |
      | [6-6] | [6-6] | 24        |
      | [6-5] | [6-5] | 22        |
      | [6-3] | [5-4] | 18        |
      | [6-4] | [1-1] | 12        |
      | [4-4] | [2-2] | 12        |
      | [4-2] | [4-2] | 6         |
      | [2-1] | [2-1] | 6         |
      | [3-3] | [3-3] | 12        |

  @rule:ks.pair.ten @rule:ks.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6 there are 23 kinds of ten-pair
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    Then there are 23 kinds of ten-pair
    And [4-2] and [2-2] make a ten-pair
    And [4-2] and [4-3] do not make a ten-pair

  @rule:ks.pair.ten @rule:ks.tiles.four-two @option:four-two-value=6 @option:pair-set=printed
  Scenario: The printed table is its 21 printed pairs even where [4-2] counts 6
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    And the option pair-set is printed
    Then there are 21 kinds of ten-pair
    And [4-2] and [6-1] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And [4-2] and [2-2] do not make a ten-pair
    And [6-5] and [6-3] do not make a ten-pair

  @rule:ks.pair.ten @option:pair-set=celko-table
  Scenario: Celko's table exactly as printed: 14 kinds of ten-pair
    Given the game kap-shap with preset culin
    And the option pair-set is celko-table
    Then there are 14 kinds of ten-pair
    And [4-2] makes a ten-pair with [3-1] and [2-2]
    And [6-1] and [2-1] do not make a ten-pair
    And [5-1] and [3-1] do not make a ten-pair
    And [5-1] and [2-2] do not make a ten-pair
    And [4-1] and [3-2] do not make a ten-pair
    And [4-1] and [4-1] do not make a ten-pair
    And [3-2] and [3-2] do not make a ten-pair

  @rule:ks.eye
  Scenario Outline: Two identical civil tiles make an eye
    Given the game kap-shap with preset culin
    Then <tile> and <tile> make an eye

    Examples:
      | tile  |
      | [6-6] |
      | [1-1] |
      | [4-4] |
      | [3-1] |
      | [5-5] |
      | [3-3] |
      | [2-2] |
      | [6-5] |
      | [6-4] |
      | [6-1] |
      | [5-1] |

  @rule:ks.eye
  Scenario Outline: Two different tiles never make an eye, even of one rank or one count
    Given the game kap-shap with preset culin
    Then <tile> and <other> do not make an eye

    Examples:
      | tile  | other |
      | [6-3] | [5-4] |
      | [4-2] | [2-1] |
      | [6-4] | [5-5] |
      | [3-1] | [2-2] |
      | [6-6] | [1-1] |

  @rule:ks.eye @option:eye=civil
  Scenario: Under the civil reading only civil tiles make an eye
    Given the game kap-shap with preset culin
    And the option eye is civil
    Then [6-6] and [6-6] make an eye
    And [6-5] and [6-5] make an eye
    And [6-3] and [6-3] do not make an eye
    And [2-1] and [2-1] do not make an eye
