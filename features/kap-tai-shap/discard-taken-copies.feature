Feature: Kap Tai Shap: the tile just taken may not go straight back, whichever copy
  As in Kap Shap, under discard-taken=forbidden the discard that follows a
  take must be of another face than the tile taken, not a copy of it held
  before the take; with two sets a hand may hold three copies, and none of
  them may go.

  Background:
    Given the game kap-tai-shap with preset culin
    And 3 players play with 2 sets
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1] [5-5] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [6-5] [6-5] [4-4] [6-1]
    And seat 2 is dealt [3-3] [2-2] [5-3] [5-2] [4-1] [3-2] [6-3] [5-4] [4-2]
    And the stock begins [4-1] [6-1] [3-2] [2-1]
    And seat 0 plays first

  @rule:kts.turn.discard
  Scenario: Holding three copies of the face just taken, the player may discard none
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule kts.turn.discard)
    And seat 1 may discard [6-1]
    When seat 1 tries to discard [6-5]
    Then the move is refused under rule kts.turn.discard
