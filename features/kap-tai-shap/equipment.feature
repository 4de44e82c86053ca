Feature: Kap Tai Shap: players and sets
  Culin: "played by any number of persons from 2 to 20 and upward ... many
  sets of dominoes are used". The number of sets may be given; when it is
  not, the sets-rule option decides it from the number of players. There
  must be enough tiles to deal every hand (nine each, ten to the first
  player) and leave a stock.

  @rule:kts.equipment.sets @rule:kts.equipment.players
  Scenario Outline: Two sets for every five players, rounded up
    Given the game kap-tai-shap with preset culin
    When <players> players sit down
    Then the game is played with <sets>, <tiles> tiles

    Examples:
      | players | sets     | tiles |
      | 2       | 1 set    | 32    |
      | 3       | 2 sets   | 64    |
      | 5       | 2 sets   | 64    |
      | 6       | 3 sets   | 96    |
      | 10      | 4 sets   | 128   |
      | 20      | 8 sets   | 256   |
      | 40      | 16 sets  | 512   |

  @rule:kts.equipment.sets @rule:kts.equipment.players @option:sets-rule=fewest
  Scenario Outline: The fewest sets that deal every hand from a wall and leave a stock
    Given the game kap-tai-shap with preset culin
    And the option sets-rule is fewest
    When <players> players sit down
    Then the game is played with <sets>, <tiles> tiles

    Examples:
      | players | sets     | tiles |
      | 2       | 1 set    | 32    |
      | 3       | 1 set    | 32    |
      | 4       | 2 sets   | 64    |
      | 7       | 3 sets   | 96    |
      | 10      | 4 sets   | 128   |
      | 16      | 5 sets   | 160   |
      | 20      | 7 sets   | 224   |

  @rule:kts.equipment.sets
  Scenario: The number of sets may be given
    Given the game kap-tai-shap with preset culin
    When 4 players sit down with 4 sets
    Then the game is played with 4 sets, 128 tiles

  @rule:kts.equipment.sets
  Scenario Outline: Too few sets to deal every hand and leave a stock
    Given the game kap-tai-shap with preset culin
    When <players> players sit down with <sets> sets
    Then the game is refused: "too few to deal <dealt> tiles to <players> players"
    And the refusal cites rule kts.equipment.sets

    Examples:
      | players | sets | dealt |
      | 4       | 1    | 37    |
      | 20      | 5    | 181   |
      | 40      | 11   | 361   |

  @rule:kts.deal.wall
  Scenario: A wall needs two full piles for each player
    Given the game kap-tai-shap with preset culin
    When 10 players sit down with 3 sets
    Then the game is refused: "19 full piles: too few for 10 players"
    And the refusal cites rule kts.deal.wall

  @rule:kts.deal.boneyard @option:deal=boneyard
  Scenario: A boneyard deals the players a wall could not
    Given the game kap-tai-shap with preset culin
    And the option deal is boneyard
    When 10 players sit down with 3 sets
    Then the game is played with 3 sets, 96 tiles

  @rule:kts.equipment.players
  Scenario: One player alone cannot play
    Given the game kap-tai-shap with preset culin
    When 1 player sits down
    Then the game is refused: "players, not 1"
