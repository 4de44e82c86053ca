Feature: Kap Tai Shap: counting tens, ten-pairs and the eye
  The pairs and the eye are those of Kap Shap: an eye of two identical
  tiles, and ten-pairs of two tiles whose spots add up to 10 or 20, [4-2]
  counting 3 ("The piece 2-4 is only counted as 3 in making up tens",
  Culin). With several sets two identical military tiles can be held, so
  whether they make an eye matters here.

  @rule:kts.tiles.four-two
  Scenario: [4-2] counts 3 in making up tens
    Given the game kap-tai-shap with preset culin
    Then [4-2] counts 3 toward tens
    And every other tile counts its spots toward tens
    And [4-2] makes a ten-pair with [6-1], [5-2] and [4-3]

  @rule:kts.tiles.four-two @option:four-two-value=6
  Scenario: Read as Celko's table does, [4-2] counts 6
    Given the game kap-tai-shap with preset culin
    And the option four-two-value is 6
    Then [4-2] counts 6 toward tens
    And every other tile counts its spots toward tens
    And [4-2] makes a ten-pair with [3-1] and [2-2]

  @rule:kts.pair.ten
  Scenario Outline: The ten-pairs under each reading
    Given the game kap-tai-shap with preset culin
    Then there are 24 kinds of ten-pair
    And <tile> and <other> make a ten-pair

    Examples: Twenties
      | tile  | other |
      | [6-6] | [6-2] |
      | [6-6] | [5-3] |
      | [6-6] | [4-4] |
      | [6-5] | [6-3] |
      | [6-5] | [5-4] |
      | [6-4] | [6-4] |
      | [6-4] | [5-5] |
      | [5-5] | [5-5] |

    Examples: Tens
      | tile  | other |
      | [6-2] | [1-1] |
      | [5-3] | [1-1] |
      | [4-4] | [1-1] |
      | [6-1] | [4-2] |
      | [6-1] | [2-1] |
      | [5-2] | [4-2] |
      | [5-2] | [2-1] |
      | [4-3] | [4-2] |
      | [4-3] | [2-1] |
      | [5-1] | [3-1] |
      | [5-1] | [2-2] |
      | [3-3] | [3-1] |
      | [3-3] | [2-2] |
      | [4-1] | [4-1] |
      | [4-1] | [3-2] |
      | [3-2] | [3-2] |

  @rule:kts.pair.ten @option:pair-set=printed
  Scenario: The printed tables (Celko, pagat, Crook) list 21 kinds of ten-pair
    Given the game kap-tai-shap with preset culin
    And the option pair-set is printed
    Then there are 21 kinds of ten-pair
    And [5-5] and [6-4] do not make a ten-pair
    And [6-5] and [6-3] do not make a ten-pair
    And [6-5] and [5-4] do not make a ten-pair
    And [6-5] makes no ten-pair
    And [6-3] makes no ten-pair
    And [5-4] makes no ten-pair
    And [5-5] makes a ten-pair with [5-5]
    And [6-4] makes a ten-pair with [6-4]

  @rule:kts.pair.ten @rule:kts.tiles.four-two @option:four-two-value=6
  Scenario: With [4-2] at 6 there are 23 kinds of ten-pair
    Given the game kap-tai-shap with preset culin
    And the option four-two-value is 6
    Then there are 23 kinds of ten-pair
    And [4-2] and [3-1] make a ten-pair
    And [4-2] and [4-3] do not make a ten-pair

  @rule:kts.pair.ten @rule:kts.tiles.four-two @option:four-two-value=6 @option:pair-set=printed
  Scenario: The printed table is pagat's 21 pairs, added up with [4-2] at 3, even where [4-2] counts 6
    Given the game kap-tai-shap with preset culin
    And the option four-two-value is 6
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
      | [6-1]+[2-1] | 10    |
      | [6-1]+[4-2] | 10    |
      | [5-3]+[1-1] | 10    |
      | [5-2]+[2-1] | 10    |
      | [5-2]+[4-2] | 10    |
      | [5-1]+[3-1] | 10    |
      | [5-1]+[2-2] | 10    |
      | [4-4]+[1-1] | 10    |
      | [4-3]+[2-1] | 10    |
      | [4-3]+[4-2] | 10    |
      | [4-1]+[3-2] | 10    |
      | [4-1]+[4-1] | 10    |
      | [3-3]+[3-1] | 10    |
      | [3-3]+[2-2] | 10    |
      | [3-2]+[3-2] | 10    |

  @rule:kts.pair.ten @option:pair-set=celko-table @option:four-two-value=6
  Scenario: Celko's table exactly as printed has 14 kinds of ten-pair
    Given the game kap-tai-shap with preset culin
    And the option pair-set is celko-table
    And the option four-two-value is 6
    Then there are 14 kinds of ten-pair
    And the ten-pairs are:
      | pair        | makes |
      | [6-6]+[6-2] | 20    |
      | [6-6]+[5-3] | 20    |
      | [6-6]+[4-4] | 20    |
      | [6-4]+[6-4] | 20    |
      | [5-5]+[5-5] | 20    |
      | [6-2]+[1-1] | 10    |
      | [5-3]+[1-1] | 10    |
      | [5-2]+[2-1] | 10    |
      | [4-4]+[1-1] | 10    |
      | [4-3]+[2-1] | 10    |
      | [4-2]+[3-1] | 10    |
      | [4-2]+[2-2] | 10    |
      | [3-3]+[3-1] | 10    |
      | [3-3]+[2-2] | 10    |

  @rule:kts.pair.ten @option:pair-set=celko-table
  Scenario: Under Celko's table only the printed pairs count, whatever [4-2] counts
    Given the game kap-tai-shap with preset culin
    And the option pair-set is celko-table
    Then there are 14 kinds of ten-pair
    And [4-2] and [3-1] make a ten-pair
    And [4-2] and [2-2] make a ten-pair
    And [6-1] and [2-1] do not make a ten-pair
    And [4-1] and [4-1] do not make a ten-pair
    And [3-2] and [3-2] do not make a ten-pair
    And [6-5] makes no ten-pair

  @rule:kts.eye
  Scenario Outline: Two identical tiles make an eye, civil or military
    Given the game kap-tai-shap with preset culin
    Then <tile> and <tile> make an eye

    Examples:
      | tile  |
      | [6-6] |
      | [1-1] |
      | [6-5] |
      | [5-1] |
      | [6-3] |
      | [5-4] |
      | [4-2] |
      | [2-1] |

  @rule:kts.eye
  Scenario Outline: Two different tiles never make an eye
    Given the game kap-tai-shap with preset culin
    Then <tile> and <other> do not make an eye

    Examples:
      | tile  | other |
      | [6-3] | [5-4] |
      | [6-2] | [5-3] |
      | [4-2] | [2-1] |
      | [6-4] | [5-5] |

  @rule:kts.eye @option:eye=civil
  Scenario Outline: Under the civil reading two identical military tiles make no eye
    Given the game kap-tai-shap with preset culin
    And the option eye is civil
    Then <tile> and <tile> <verdict> an eye

    Examples:
      | tile  | verdict         |
      | [6-6] | make            |
      | [6-5] | make            |
      | [5-1] | make            |
      | [6-3] | do not make     |
      | [5-4] | do not make     |
      | [4-1] | do not make     |
      | [4-2] | do not make     |
      | [2-1] | do not make     |
