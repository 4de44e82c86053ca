Feature: Kap Shap as navpil's simulator plays it
  navpil's Java simulator, the only other engine of these games, deals every
  player seven tiles (the winning size less one) and has no opening discard:
  the first player's first turn is an ordinary turn, which finds no discard
  on the table and so draws (option opening=draw). Its deal is a boneyard:
  the shuffled tiles are handed out seven at a time, seat 0 first, and the
  rest is the stock in the shuffled order. Positions below count the
  shuffled tiles from 1.

  @rule:ks.deal.boneyard @rule:ks.opening @option:deal=boneyard @option:first-player=seat-0 @option:opening=draw
  Scenario: navpil's deal gives every player seven tiles and leaves the rest as the stock
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the option first-player is seat-0
    And the option opening is draw
    When the tiles are dealt from the order shuffled with seed 3
    Then seat 0 is the first player
    And seat 0 is dealt the tiles at positions 1-7
    And seat 1 is dealt the tiles at positions 8-14
    And the stock is the tiles at positions 15-32

  @rule:ks.deal.wall @rule:ks.deal.draw-order @rule:ks.opening @option:opening=draw
  Scenario: With a wall, the first player leaves the top tile of its second pile to start the stock
    Given the game kap-shap with preset culin
    And the option opening is draw
    When the tiles are dealt from the order shuffled with seed 11 and the dice 1 1 1 1
    Then seat 0 is the first player
    And seat 0 is dealt the tiles at positions 1-7
    And seat 1 is dealt the tiles at positions 9-12, 14-16
    And the stock is the tiles at positions 8, 13, 17-32

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
    And seat 0 may not discard [6-6] (rule ks.turn.discard)
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
