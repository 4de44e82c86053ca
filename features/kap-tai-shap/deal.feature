Feature: Dealing Kap Tai Shap
  The tiles of every set are shuffled and piled five high. The top tile of
  the third pile, and of every second pile after it, n-1 tiles for n players,
  is moved to a new pile at the far end. The first player takes the first two
  piles (ten tiles), each other player in turn the next two (four and five
  tiles). Positions count the shuffled tiles from the start of the wall, each
  pile from its bottom tile up: pile three is positions 11 to 15, its top
  tile 15.

  @rule:kts.deal.wall @rule:kts.deal.method @rule:kts.deal.draw-order @rule:kts.deal.first-player @rule:kts.turn.order
  Scenario: Three players and two sets: the wall, the moved tiles, the stock
    Given the game kap-tai-shap with preset culin
    And 3 players play with 2 sets
    When the tiles are dealt from the order shuffled with seed 21 and the dice 1 1 1 2
    Then seat 2 is the first player
    And seat 2 is dealt the tiles at positions 1-10
    And seat 0 is dealt the tiles at positions 11-14, 16-20
    And seat 1 is dealt the tiles at positions 21-24, 26-30
    And the stock is the tiles at positions 31-64, 15, 25

  @rule:kts.deal.draw-order @option:wall-draw=top
  Scenario: Drawing each pile of the wall from its top tile
    Given the game kap-tai-shap with preset culin
    And the option wall-draw is top
    And 3 players play with 2 sets
    When the tiles are dealt from the order shuffled with seed 21 and the dice 1 1 1 2
    Then the stock is the tiles at positions 35-31, 40-36, 45-41, 50-46, 55-51, 60-56, 64-61, 25, 15

  @rule:kts.deal.first-player
  Scenario Outline: The dice total counts anticlockwise from seat 1
    Given the game kap-tai-shap with preset culin
    And 5 players play with 2 sets
    When the tiles are dealt from the order shuffled with seed 2 and the dice <dice>
    Then seat <first> is the first player
    And seat <first> is dealt the tiles at positions 1-10

    Examples:
      | dice    | first |
      | 1 1 1 1 | 4     |
      | 1 1 1 2 | 0     |
      | 2 2 2 1 | 2     |
      | 6 6 6 6 | 4     |

  @rule:kts.deal.first-player @option:first-player=seat-0
  Scenario: Without dice, seat 0 plays first
    Given the game kap-tai-shap with preset culin
    And the option first-player is seat-0
    And 4 players play with 2 sets
    When the tiles are dealt from the order shuffled with seed 2
    Then seat 0 is the first player
    And seat 1 is dealt the tiles at positions 11-14, 16-20

  @rule:kts.deal.boneyard @rule:kts.deal.method @option:deal=boneyard
  Scenario: A boneyard deals ten tiles, then nine to each other player in turn
    Given the game kap-tai-shap with preset culin
    And the option deal is boneyard
    And 3 players play with 2 sets
    When the tiles are dealt from the order shuffled with seed 4 and the dice 1 1 1 2
    Then seat 2 is dealt the tiles at positions 1-10
    And seat 0 is dealt the tiles at positions 11-19
    And seat 1 is dealt the tiles at positions 20-28
    And the stock is the tiles at positions 29-64
