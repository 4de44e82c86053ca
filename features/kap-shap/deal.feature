Feature: Dealing Kap Shap
  The 32 tiles are shuffled and built into a wall four tiles high and eight
  piles long. The first player takes the first two piles (eight tiles), the
  second player the third pile and three tiles of the fourth (seven tiles),
  leaving one tile of the fourth pile; that tile starts the stock. Positions
  below count the shuffled tiles from the start of the wall, each pile listed
  from its bottom tile up (pile one is positions 1 to 4, bottom to top).

  @rule:ks.deal.wall @rule:ks.deal.method @rule:ks.deal.draw-order
  Scenario: The wall gives the first player two piles and the second seven tiles
    Given the game kap-shap with preset culin
    When the tiles are dealt from the order shuffled with seed 11 and the dice 1 1 1 1
    Then seat 0 is the first player
    And seat 0 is dealt the tiles at positions 1-8
    And seat 1 is dealt the tiles at positions 9-12, 14-16
    And the stock is the tiles at positions 13, 17-32

  @rule:ks.deal.draw-order @option:wall-draw=top
  Scenario: Drawing each pile from its top tile
    Given the game kap-shap with preset culin
    And the option wall-draw is top
    When the tiles are dealt from the order shuffled with seed 11 and the dice 1 1 1 1
    Then the stock is the tiles at positions 13, 20-17, 24-21, 28-25, 32-29

  @rule:ks.deal.first-player
  Scenario Outline: Four dice counted anticlockwise from seat 1 choose the first player
    Given the game kap-shap with preset culin
    When the tiles are dealt from the order shuffled with seed 5 and the dice <dice>
    Then seat <first> is the first player
    And seat <first> is dealt the tiles at positions 1-8
    And seat <second> is dealt the tiles at positions 9-12, 14-16

    Examples:
      | dice    | first | second |
      | 1 1 1 1 | 0     | 1      |
      | 1 1 1 2 | 1     | 0      |
      | 6 6 6 5 | 1     | 0      |
      | 6 6 6 6 | 0     | 1      |

  @rule:ks.deal.first-player @option:first-player=seat-0
  Scenario: Without dice, seat 0 plays first
    Given the game kap-shap with preset culin
    And the option first-player is seat-0
    When the tiles are dealt from the order shuffled with seed 5
    Then seat 0 is the first player
    And seat 0 is dealt the tiles at positions 1-8

  @rule:ks.deal.boneyard @rule:ks.deal.method @option:deal=boneyard
  Scenario: A boneyard deals eight tiles, then seven, and the rest is the stock
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    When the tiles are dealt from the order shuffled with seed 3 and the dice 1 1 1 2
    Then seat 1 is the first player
    And seat 1 is dealt the tiles at positions 1-8
    And seat 0 is dealt the tiles at positions 9-15
    And the stock is the tiles at positions 16-32
