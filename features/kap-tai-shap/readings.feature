Feature: Kap Tai Shap: the readings of the opening, the first player, the throw-back, the declaration and the empty stock
  One scenario for each option value of Kap Tai Shap that no other scenario
  plays, each on culin with that one reading changed. Two players play with
  one set. Unless a scenario deals otherwise, seat 0 plays first and holds
  [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]; seat 1 holds
  [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2], one tile short of
  winning with [4-3] ([2-1] and [4-3] make ten).

  @rule:kts.opening @option:opening=discard-draw-discard
  Scenario: Under opening=discard-draw-discard the first player discards, draws and discards again
    Given the game kap-tai-shap with preset culin
    And the option opening is discard-draw-discard
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    When seat 0 discards [6-5]
    Then the legal moves are: draw
    And seat 0 may not take [6-5] (rule kts.opening)
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-1] [4-4] [1-1]
    When seat 0 discards [6-6]
    Then it is seat 1's turn
    And the table holds [6-5] [6-6]
    And seat 0 holds 9 tiles

  @rule:kts.deal.first-player @rule:kts.deal.boneyard @option:deal=boneyard @option:first-player=previous-winner @option:opening=draw
  Scenario: Under first-player=previous-winner the seat given plays first, and the hands are still dealt from seat 0
    Given the game kap-tai-shap with preset culin
    And the option deal is boneyard
    And the option first-player is previous-winner
    And the option opening is draw
    And 2 players play
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the tiles are dealt, seat 1 playing first
    Then seat 1 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4]
    And seat 1 holds [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] [4-3] [4-1]
    And the stock, in drawing order, begins with [3-2] [4-2] [2-1]
    And the stock holds 14 tiles
    And the legal moves are: draw

  @rule:kts.turn.discard @option:discard-taken=allowed
  Scenario: Under discard-taken=allowed the tile just taken may go straight back
    Given the game kap-tai-shap with preset culin
    And the option discard-taken is allowed
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    When seat 0 discards [6-5]
    And seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [6-5]
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the table holds [6-5]
    And the legal moves are: draw

  @rule:kts.declare @option:declare=optional
  Scenario: Under declare=optional a player holding a winning hand may play on instead
    Given the game kap-tai-shap with preset culin
    And the option declare is optional
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    When seat 0 discards [4-3]
    And seat 1 takes [4-3]
    Then seat 1 holds [5-5] [5-5] [3-3] [3-3] [2-2] [2-2] [6-2] [1-1] [2-1] [4-3]
    And the legal moves are: declare, discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [2-1]
    When seat 1 discards [2-1]
    Then the game is not over
    And the legal moves are: draw

  @rule:kts.end.stock @option:stock-out=play-on @option:turn=take-or-draw
  Scenario: Under stock-out=play-on play goes on after the stock runs out, and a round of passes ends it
    Given the game kap-tai-shap with preset culin
    And the option turn is take-or-draw
    And the option stock-out is play-on
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock is [5-3]
    And seat 0 plays first
    When seat 0 discards [6-5]
    And seat 1 draws
    And seat 1 discards [5-3]
    Then the stock holds 0 tiles
    And the game is not over
    And the legal moves are: take [6-5], take [5-3], pass
    And seat 0 may not draw (rule kts.end.stock)
    When seat 0 passes the turn
    Then the game is not over
    When seat 1 passes the turn
    Then the game is over with no winner (stock-exhausted)
    And the settlement is 0 0
    And the result counts 4 turns
