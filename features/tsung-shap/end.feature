Feature: The end of a Tsung Shap game, and the scores
  Culin's game ends as soon as a player has laid out all of the player's
  tiles; the higher score wins. The readings give the second player an equal
  number of turns, or play until a common stock is empty and the hands are
  played out.

  Background:
    Given the game tsung-shap with preset culin

  @rule:ts.end @rule:ts.score @rule:ts.score.leftover
  Scenario: Under end=all-laid the game ends when a player has laid out all tiles; the higher score wins
    Given a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And the scores are 30 to 20
    And seat 0's face-down tiles are [4-4]
    And seat 1's face-down tiles are [5-5] [2-2]
    When seat 0 lays [4-4] at the right end
    And seat 0 takes the pair at the right end
    Then the Tsung Shap game is over: seat 0 wins 190 to 20 (all-laid)

  @rule:ts.end.tie @rule:ts.score.leftover
  Scenario: Equal scores are a tie
    Given a Tsung Shap row [6-6] [3-1] with seat 1 to play
    And the scores are 50 to 50
    And seat 0's face-down tiles are [1-1]
    And seat 1's face-down tiles are [5-5]
    When seat 1 lays [5-5] at the right end
    Then the Tsung Shap game is over in a tie at 50 to 50

  @rule:ts.end @rule:ts.turn.order @option:end=equal-turns
  Scenario: Under end=equal-turns, when seat 0 runs out seat 1 plays one more turn
    Given the option end is equal-turns
    And a Tsung Shap row [6-6] [3-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles are [1-1]
    And seat 1's face-down tiles are [4-4] [2-2]
    When seat 0 lays [1-1] at the left end
    Then the Tsung Shap game is not over
    And seat 1 has turned over [4-4]
    When seat 1 lays [4-4] at the right end
    And seat 1 takes the pair at the right end
    Then the Tsung Shap game is over: seat 1 wins 0 to 160 (equal-turns)

  @rule:ts.end @option:end=equal-turns
  Scenario: Under end=equal-turns, when seat 1 runs out the turns are already equal
    Given the option end is equal-turns
    And a Tsung Shap row [6-6] [3-1] with seat 1 to play
    And seat 0's face-down tiles are [1-1] [2-2]
    And seat 1's face-down tiles are [5-5]
    When seat 1 lays [5-5] at the left end
    Then the Tsung Shap game is over in a tie at 0 to 0

  @rule:ts.end @rule:ts.stock @option:stock=common @option:end=stock-empty @option:lone-score=sweep
  Scenario: Under the gupai site's conjectured original play goes on until the common stock is empty
    Given the game tsung-shap with preset gupai-site-conjectures
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And the common stock is [5-5] [1-1]
    Then seat 0 has turned over [5-5]
    When seat 0 lays [5-5] at the right end
    Then seat 1 has turned over [1-1]
    When seat 1 lays [1-1] at the right end
    Then the Tsung Shap game is over in a tie at 0 to 0

  @rule:ts.end @rule:ts.turn.order @rule:ts.german.hand @option:stock=common @option:hand=four @option:end=stock-empty
  Scenario: Under end=stock-empty a player with no tile left has no turn, and the other plays on alone
    Given the option stock is common
    And the option hand is four
    And the option end is stock-empty
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And the common stock is empty
    And seat 0's hand is [1-1]
    And seat 1's hand is [5-5] [4-3]
    When seat 0 lays [1-1] at the left end
    And seat 1 lays [5-5] at the left end
    Then the Tsung Shap game is not over
    And seat 1 is to lay
    When seat 1 lays [4-3] at the left end
    Then the Tsung Shap game is over in a tie at 0 to 0

  @rule:ts.end @rule:ts.german.hand @option:stock=common @option:hand=four
  Scenario: Under end=all-laid with a common stock the game ends when a player has laid the last tile of the hand
    Given the option stock is common
    And the option hand is four
    And a Tsung Shap row [6-6] [3-1] with seat 0 to play
    And the common stock is empty
    And seat 0's hand is [1-1]
    And seat 1's hand is [5-5] [4-3]
    When seat 0 lays [1-1] at the left end
    Then the Tsung Shap game is over in a tie at 0 to 0
