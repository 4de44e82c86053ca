Feature: Kap Tai Shap as navpil's simulator plays it
  navpil's Java simulator deals every player nine tiles (the winning size
  less one) and has no opening discard: the first player's first turn is an
  ordinary turn, which finds no discard on the table and so draws (option
  opening=draw).

  @rule:kts.deal.boneyard @rule:kts.opening @option:deal=boneyard @option:first-player=seat-0 @option:opening=draw
  Scenario: Under opening=draw a boneyard deals nine tiles to every player, the first player first
    Given the game kap-tai-shap with preset culin
    And the option deal is boneyard
    And the option first-player is seat-0
    And the option opening is draw
    And 2 players play with 1 set
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the tiles are dealt
    Then seat 0 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4]
    And seat 1 holds [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] [4-3] [4-1]
    And the stock, in drawing order, begins with [3-2] [4-2] [2-1]
    And the stock holds 14 tiles
    And the legal moves are: draw

  @rule:kts.end.termination @option:turn=take-or-draw @option:termination=none
  Scenario: With no termination rule, play goes on after three rounds without a draw
    Given the game kap-tai-shap with preset culin
    And the option turn is take-or-draw
    And the option termination is none
    And 2 players play with 1 set
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [4-4] [6-1]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    And seat 1 discards [6-2]
    And seat 0 takes [6-2]
    And seat 0 discards [4-3]
    And seat 1 takes [4-3]
    And seat 1 discards [2-1]
    And seat 0 takes [2-1]
    And seat 0 discards [6-2]
    And seat 1 takes [6-2]
    And seat 1 discards [4-3]
    Then the game is not over
    And it is seat 0's turn
    And the legal moves are: take [4-3], draw
