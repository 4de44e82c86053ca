Feature: Tsung Shap: a request that gives no options means the defaults of protocol 1
  Under protocol 1, options: {} in a new_game means every option at its
  version-1 default, whatever the default is today: lone-tile left out means
  no-capture (its default until 2026-11-26), so a lone tile is not taken.

  @rule:ts.lone-tile @option:lone-tile=no-capture
  Scenario: With no options given, a tile identical to a lone tile does not take it
    Given the game tsung-shap with no options given
    And a Tsung Shap row [5-5] with seat 0 to play
    And seat 0's face-down tiles begin [5-5]
    And seat 1's face-down tiles begin [6-6]
    When seat 0 lays [5-5] at the right end
    Then seat 0 may take nothing
    And the Tsung Shap row is [5-5] [5-5]
    And seat 1 has turned over [6-6]
