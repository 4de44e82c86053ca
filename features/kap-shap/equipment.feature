Feature: Kap Shap: two players, one set
  Kap Shap is the two-player game, played with one set of 32 tiles.

  @rule:ks.equipment.players @rule:ks.equipment.set
  Scenario: Two players sit down to one set
    Given the game kap-shap with preset culin
    When 2 players sit down
    Then the game is played with 1 set, 32 tiles

  @rule:ks.equipment.players
  Scenario Outline: Kap Shap is for two players only
    Given the game kap-shap with preset culin
    When <players> players sit down
    Then the game is refused: "players, not <players>"

    Examples:
      | players |
      | 3       |
      | 4       |
      | 10      |

  @rule:ks.equipment.players
  Scenario: One player alone cannot play
    Given the game kap-shap with preset culin
    When 1 player sits down
    Then the game is refused: "players, not 1"

  @rule:ks.equipment.set
  Scenario: Kap Shap is played with one set, not more
    Given the game kap-shap with preset culin
    When 2 players sit down with 2 sets
    Then the game is refused: "Kap Shap is played with one set, not 2"
