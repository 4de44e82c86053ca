Feature: Kap Shap as navpil's simulator plays it
  navpil's Java simulator, the only other engine of these games, deals every
  player seven tiles (the winning size less one) and has no opening discard:
  the first player's first turn is an ordinary turn, which finds no discard
  on the table and so draws (option opening=draw). Its deal is a boneyard:
  the shuffled tiles are handed out seven at a time, seat 0 first, and the
  rest is the stock in the shuffled order.

  @rule:ks.deal.boneyard @rule:ks.opening @option:deal=boneyard @option:first-player=seat-0 @option:opening=draw
  Scenario: navpil's deal gives every player seven tiles and leaves the rest as the stock
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the option first-player is seat-0
    And the option opening is draw
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the tiles are dealt
    Then seat 0 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2]
    And seat 1 holds [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2]
    And the stock, in drawing order, begins with [5-3] [5-2] [4-3]
    And the stock holds 18 tiles
    And the legal moves are: draw

  @rule:ks.deal.wall @rule:ks.deal.draw-order @rule:ks.opening @option:opening=draw
  Scenario: With a wall, the first player leaves the top tile of its second pile to start the stock
    Given the game kap-shap with preset culin
    And the option opening is draw
    And the wall is built of these piles, each from its bottom tile up:
      | pile | tiles                   |
      | 1    | [6-6] [1-1] [4-4] [3-1] |
      | 2    | [5-5] [3-3] [2-2] [6-5] |
      | 3    | [6-4] [6-1] [5-1] [6-3] |
      | 4    | [5-4] [6-2] [5-3] [5-2] |
      | 5    | [4-3] [4-1] [3-2] [4-2] |
      | 6    | [2-1] [6-6] [1-1] [4-4] |
      | 7    | [3-1] [5-5] [3-3] [2-2] |
      | 8    | [6-5] [6-4] [6-1] [5-1] |
    When seat 0 throws the dice 1 1 1 1 and the tiles are dealt
    Then seat 0 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2]
    And seat 1 holds [6-4] [6-1] [5-1] [6-3] [6-2] [5-3] [5-2]
    And the stock, in drawing order, begins with [6-5] [5-4] [4-3] [4-1]
    And the stock holds 18 tiles

  @rule:ks.opening @rule:ks.turn.shape @rule:ks.turn.draw @option:deal=boneyard @option:first-player=seat-0 @option:opening=draw
  Scenario: The first player holds seven tiles and opens by drawing, not by discarding
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the option first-player is seat-0
    And the option opening is draw
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-2] [6-1] [5-3]
    And seat 0 plays first
    Then the legal moves are: draw
    And seat 0 may not discard [6-6] (rule ks.opening)
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [4-2]
    And the legal moves are: declare
    When seat 0 declares
    Then the game is over: seat 0 wins
    And the declared split is eye [6-6] [6-6], pairs [6-4]+[6-4] [5-1]+[3-1] [4-3]+[4-2]
    And the settlement is +1 -1

  @rule:ks.opening @rule:ks.turn.take @option:deal=boneyard @option:first-player=seat-0 @option:opening=draw
  Scenario: After the first player's draw and discard the next turn is an ordinary one
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the option first-player is seat-0
    And the option opening is draw
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-3] [6-1] [5-3]
    And seat 0 plays first
    When seat 0 draws
    And seat 0 discards [6-5]
    Then it is seat 1's turn
    And seat 0 holds 7 tiles
    And the table holds [6-5]
    And the stock holds 17 tiles
    And the legal moves are: take [6-5], draw

  @rule:ks.end.termination @option:turn=take-or-draw @option:termination=none
  Scenario: With no termination rule, play goes on after three rounds without a draw
    Given the game kap-shap with preset culin
    And the option turn is take-or-draw
    And the option termination is none
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
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
    And the stock holds 17 tiles
    And the legal moves are: take [4-3], draw

  @rule:ks.deal.first-player @rule:ks.deal.boneyard @option:deal=boneyard @option:first-player=previous-winner @option:opening=draw
  Scenario: The previous game's winner plays first, but the hands are still dealt from seat 0
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the option first-player is previous-winner
    And the option opening is draw
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When the tiles are dealt, seat 1 playing first
    Then seat 1 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2]
    And seat 1 holds [6-5] [6-4] [6-1] [5-1] [6-3] [5-4] [6-2]
    And the stock, in drawing order, begins with [5-3] [5-2] [4-3]
    And the legal moves are: draw
