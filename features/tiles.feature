Feature: The Chinese domino set
  A set of Chinese dominoes has 32 tiles of 21 kinds, and no blanks: every
  way of pairing two ends of one to six spots, once. The eleven civil kinds
  come twice in a set, the ten military kinds once. Kap Shap is played with
  one set, Kap Tai Shap with one or more sets mixed together.

  A tile is written with its high end first, in brackets: [6-4].

  @rule:ks.equipment.set @rule:kts.equipment.sets
  Scenario: One set holds 32 tiles of 21 kinds
    Given one set of Chinese dominoes
    Then it holds 32 tiles of 21 kinds
    And 22 of its tiles are civil, of 11 kinds
    And 10 of its tiles are military, of 10 kinds

  @rule:ks.equipment.set @rule:kts.equipment.sets
  Scenario Outline: The kinds of tile
    Given one set of Chinese dominoes
    Then <tile> is a <series> tile with <spots> spots, <copies> in a set

    Examples: The civil series, highest first
      | tile  | series | spots | copies |
      | [6-6] | civil  | 12    | 2      |
      | [1-1] | civil  | 2     | 2      |
      | [4-4] | civil  | 8     | 2      |
      | [3-1] | civil  | 4     | 2      |
      | [5-5] | civil  | 10    | 2      |
      | [3-3] | civil  | 6     | 2      |
      | [2-2] | civil  | 4     | 2      |
      | [6-5] | civil  | 11    | 2      |
      | [6-4] | civil  | 10    | 2      |
      | [6-1] | civil  | 7     | 2      |
      | [5-1] | civil  | 6     | 2      |

    Examples: The military series, highest first
      | tile  | series   | spots | copies |
      | [6-3] | military | 9     | 1      |
      | [5-4] | military | 9     | 1      |
      | [6-2] | military | 8     | 1      |
      | [5-3] | military | 8     | 1      |
      | [5-2] | military | 7     | 1      |
      | [4-3] | military | 7     | 1      |
      | [4-1] | military | 5     | 1      |
      | [3-2] | military | 5     | 1      |
      | [4-2] | military | 6     | 1      |
      | [2-1] | military | 3     | 1      |

  @rule:kts.equipment.sets
  Scenario Outline: Several sets mixed together
    Given <sets> sets of Chinese dominoes
    Then it holds <tiles> tiles of 21 kinds
    And it holds <civil> copies of each civil kind and <military> of each military kind

    Examples:
      | sets | tiles | civil | military |
      | 1    | 32    | 2     | 1        |
      | 2    | 64    | 4     | 2        |
      | 4    | 128   | 8     | 4        |
      | 8    | 256   | 16    | 8        |

  @rule:ks.equipment.set @rule:kts.equipment.sets
  Scenario Outline: A tile has one spelling, high end first
    Then "<written>" is the tile <tile>

    Examples:
      | written | tile  |
      | 6-4     | [6-4] |
      | 4-6     | [6-4] |
      | [1:3]   | [3-1] |
      | 2/4     | [4-2] |
      | 6-6     | [6-6] |

  @rule:ks.equipment.set @rule:kts.equipment.sets
  Scenario Outline: There are no blanks and nothing above six
    Then "<written>" is not a tile

    Examples:
      | written |
      | 7-1     |
      | 0-3     |
      | 6-0     |
      | 6-      |
      | 64      |
      | 6-4-1   |
      | six-four |
