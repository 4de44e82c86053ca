Feature: Dealing Kap Tai Shap
  The tiles of every set are shuffled face down and piled five high. The top
  tile of the third pile, and of every second pile after it, n-1 tiles for n
  players, is moved to a new pile at the far end (the first tile moved at its
  bottom). The first player takes the first two piles (ten tiles), each other
  player in turn the next two (four and five tiles). The piles left are the
  stock, drawn pile by pile, each from its bottom tile up (or, under
  wall-draw=top, from its top tile down), the new pile last. The walls below
  are laid out pile by pile from the start of the wall, each pile from its
  bottom tile up; where only the first piles are shown, the other piles hold
  the rest of the sets.

  @rule:kts.deal.wall @rule:kts.deal.method @rule:kts.deal.draw-order @rule:kts.deal.first-player @rule:kts.turn.order
  Scenario: Three players and two sets: the wall, the moved tiles, the stock
    Given the game kap-tai-shap with preset culin
    And 3 players play with 2 sets
    And the wall is built of these piles, each from its bottom tile up:
      | pile | tiles                         |
      | 1    | [6-6] [1-1] [4-4] [3-1] [5-5] |
      | 2    | [3-3] [2-2] [6-5] [6-4] [6-1] |
      | 3    | [5-1] [6-3] [5-4] [6-2] [5-3] |
      | 4    | [5-2] [4-3] [4-1] [3-2] [4-2] |
      | 5    | [2-1] [6-6] [1-1] [4-4] [3-1] |
      | 6    | [5-5] [3-3] [2-2] [6-5] [6-4] |
      | 7    | [6-1] [5-1] [2-1] [4-2] [3-2] |
      | 8    | [4-1] [4-3] [5-2] [5-3] [6-2] |
      | 9    | [5-4] [6-3] [5-1] [6-1] [6-4] |
      | 10   | [6-5] [2-2] [3-3] [5-5] [3-1] |
      | 11   | [4-4] [1-1] [6-6] [5-1] [6-1] |
      | 12   | [6-4] [6-5] [2-2] [3-3] [5-5] |
      | 13   | [3-1] [4-4] [1-1] [6-6]       |
    When seat 0 throws the dice 1 1 1 2 and the tiles are dealt
    Then seat 2 is the first player
    And seat 2 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1]
    And seat 0 holds [5-1] [6-3] [5-4] [6-2] [5-2] [4-3] [4-1] [3-2] [4-2]
    And seat 1 holds [2-1] [6-6] [1-1] [4-4] [5-5] [3-3] [2-2] [6-5] [6-4]
    And the stock, in drawing order, is:
      | from                                   | tiles                         |
      | pile 7, from the bottom up             | [6-1] [5-1] [2-1] [4-2] [3-2] |
      | pile 8, from the bottom up             | [4-1] [4-3] [5-2] [5-3] [6-2] |
      | pile 9, from the bottom up             | [5-4] [6-3] [5-1] [6-1] [6-4] |
      | pile 10, from the bottom up            | [6-5] [2-2] [3-3] [5-5] [3-1] |
      | pile 11, from the bottom up            | [4-4] [1-1] [6-6] [5-1] [6-1] |
      | pile 12, from the bottom up            | [6-4] [6-5] [2-2] [3-3] [5-5] |
      | pile 13, from the bottom up            | [3-1] [4-4] [1-1] [6-6]       |
      | the tops of piles 3 and 5, moved there | [5-3] [3-1]                   |

  @rule:kts.deal.draw-order @option:wall-draw=top
  Scenario: Drawing each pile of the wall from its top tile
    Given the game kap-tai-shap with preset culin
    And the option wall-draw is top
    And 3 players play with 2 sets
    And the wall is built of these piles, each from its bottom tile up:
      | pile | tiles                         |
      | 1    | [6-6] [1-1] [4-4] [3-1] [5-5] |
      | 2    | [3-3] [2-2] [6-5] [6-4] [6-1] |
      | 3    | [5-1] [6-3] [5-4] [6-2] [5-3] |
      | 4    | [5-2] [4-3] [4-1] [3-2] [4-2] |
      | 5    | [2-1] [6-6] [1-1] [4-4] [3-1] |
      | 6    | [5-5] [3-3] [2-2] [6-5] [6-4] |
      | 7    | [6-1] [5-1] [2-1] [4-2] [3-2] |
      | 8    | [4-1] [4-3] [5-2] [5-3] [6-2] |
      | 9    | [5-4] [6-3] [5-1] [6-1] [6-4] |
      | 10   | [6-5] [2-2] [3-3] [5-5] [3-1] |
      | 11   | [4-4] [1-1] [6-6] [5-1] [6-1] |
      | 12   | [6-4] [6-5] [2-2] [3-3] [5-5] |
      | 13   | [3-1] [4-4] [1-1] [6-6]       |
    When seat 0 throws the dice 1 1 1 2 and the tiles are dealt
    Then the stock, in drawing order, is:
      | from                                             | tiles                         |
      | pile 7, from the top down                        | [3-2] [4-2] [2-1] [5-1] [6-1] |
      | pile 8, from the top down                        | [6-2] [5-3] [5-2] [4-3] [4-1] |
      | pile 9, from the top down                        | [6-4] [6-1] [5-1] [6-3] [5-4] |
      | pile 10, from the top down                       | [3-1] [5-5] [3-3] [2-2] [6-5] |
      | pile 11, from the top down                       | [6-1] [5-1] [6-6] [1-1] [4-4] |
      | pile 12, from the top down                       | [5-5] [3-3] [2-2] [6-5] [6-4] |
      | pile 13, from the top down                       | [6-6] [1-1] [4-4] [3-1]       |
      | the tops of piles 5 and 3, from the top down     | [3-1] [5-3]                   |

  @rule:kts.deal.first-player
  Scenario Outline: The dice total counts anticlockwise from seat 1
    Given the game kap-tai-shap with preset culin
    And 5 players play with 2 sets
    And the wall begins with these piles, each from its bottom tile up:
      | pile | tiles                         |
      | 1    | [6-6] [1-1] [4-4] [3-1] [5-5] |
      | 2    | [3-3] [2-2] [6-5] [6-4] [6-1] |
      | 3    | [5-1] [6-3] [5-4] [6-2] [5-3] |
      | 4    | [5-2] [4-3] [4-1] [3-2] [4-2] |
    When seat 0 throws the dice <dice> and the tiles are dealt
    Then seat <first> is the first player
    And seat <first> holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1]
    And seat <next> holds [5-1] [6-3] [5-4] [6-2] [5-2] [4-3] [4-1] [3-2] [4-2]

    Examples:
      | dice    | total | first | next |
      | 1 1 1 1 | 4     | 4     | 0    |
      | 1 1 1 2 | 5     | 0     | 1    |
      | 2 2 2 1 | 7     | 2     | 3    |
      | 6 6 6 6 | 24    | 4     | 0    |

  @rule:kts.deal.first-player @option:first-player=seat-0
  Scenario: Without dice, seat 0 plays first
    Given the game kap-tai-shap with preset culin
    And the option first-player is seat-0
    And 4 players play with 2 sets
    And the wall begins with these piles, each from its bottom tile up:
      | pile | tiles                         |
      | 1    | [6-6] [1-1] [4-4] [3-1] [5-5] |
      | 2    | [3-3] [2-2] [6-5] [6-4] [6-1] |
      | 3    | [5-1] [6-3] [5-4] [6-2] [5-3] |
      | 4    | [5-2] [4-3] [4-1] [3-2] [4-2] |
    When the tiles are dealt
    Then seat 0 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1]
    And seat 1 holds [5-1] [6-3] [5-4] [6-2] [5-2] [4-3] [4-1] [3-2] [4-2]

  @rule:kts.deal.boneyard @rule:kts.deal.method @option:deal=boneyard
  Scenario: A boneyard deals ten tiles, then nine to each other player in turn
    Given the game kap-tai-shap with preset culin
    And the option deal is boneyard
    And 3 players play with 2 sets
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
      | [2-1] [4-2] [3-2] [4-1] [4-3] [5-2] [5-3] [6-2] |
      | [5-4] [6-3] [5-1] [6-1] [6-4] [6-5] [2-2] [3-3] |
      | [5-5] [3-1] [4-4] [1-1] [6-6] [5-1] [6-1] [6-4] |
      | [6-5] [2-2] [3-3] [5-5] [3-1] [4-4] [1-1] [6-6] |
    When seat 0 throws the dice 1 1 1 2 and the tiles are dealt
    Then seat 2 is the first player
    And seat 2 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1]
    And seat 0 holds [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] [4-3] [4-1] [3-2]
    And seat 1 holds [4-2] [2-1] [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2]
    And the stock, in drawing order, begins with [6-5] [6-4] [6-1] [5-1]
    And the stock, in drawing order, ends with [3-1] [4-4] [1-1] [6-6]
    And the stock holds 36 tiles
