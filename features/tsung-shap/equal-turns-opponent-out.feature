Feature: Under end=equal-turns, a player with no tile left has no turn to play
  Option end=equal-turns ends the game when a player has laid out all tiles
  and both have had as many turns (rule ts.end). The other's extra turn is
  owed only to a player who has a tile to lay: when the player to play lays a
  tile and the opponent has none left, the game ends then, with the turns
  unequal, as it does under end=all-laid.

  Background:
    Given the game tsung-shap with preset culin
    And the option end is equal-turns

  @rule:ts.end @rule:ts.turn.order @option:end=equal-turns
  Scenario: Under end=equal-turns the game ends when the opponent has no tile left, the turns unequal
    Given a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And seat 0's face-down tiles are [1-1] [2-2]
    And seat 1 has no face-down tiles left
    When seat 0 lays [1-1] at the left end
    Then the Tsung Shap game is over in a tie at 0 to 0
