Feature: Dealing Kap Shap
  The 32 tiles are shuffled face down and built into a wall four tiles high
  and eight piles long. Seat 0 throws four dice to choose the first player.
  The first player takes the first two piles (eight tiles), the second
  player the third pile and the top three tiles of the fourth (seven tiles).
  The one tile left of the fourth pile starts the stock; the other piles
  follow it, pile by pile, each drawn from its bottom tile up (or, under
  wall-draw=top, from its top tile down). The walls below are laid out pile
  by pile from the start of the wall, each pile from its bottom tile up.

  @rule:ks.deal.wall @rule:ks.deal.method @rule:ks.deal.draw-order
  Scenario: The wall gives the first player two piles and the second seven tiles
    Given the game kap-shap with preset culin
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
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5]
    And seat 1 holds [6-4] [6-1] [5-1] [6-3] [6-2] [5-3] [5-2]
    And the stock, in drawing order, is:
      | from                          | tiles                   |
      | pile 4, the tile left         | [5-4]                   |
      | pile 5, from the bottom up    | [4-3] [4-1] [3-2] [4-2] |
      | pile 6, from the bottom up    | [2-1] [6-6] [1-1] [4-4] |
      | pile 7, from the bottom up    | [3-1] [5-5] [3-3] [2-2] |
      | pile 8, from the bottom up    | [6-5] [6-4] [6-1] [5-1] |

  @rule:ks.deal.wall @rule:ks.deal.draw-order @option:wall-cut=moved-top
  Scenario: Under wall-cut=moved-top the third pile's top tile goes to the far end, leaving a pile with one tile
    Given the game kap-shap with preset culin
    And the option wall-cut is moved-top
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
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5]
    And seat 1 holds [6-4] [6-1] [5-1] [5-4] [6-2] [5-3] [5-2]
    And the stock, in drawing order, is:
      | from                             | tiles                   |
      | pile 5, from the bottom up       | [4-3] [4-1] [3-2] [4-2] |
      | pile 6, from the bottom up       | [2-1] [6-6] [1-1] [4-4] |
      | pile 7, from the bottom up       | [3-1] [5-5] [3-3] [2-2] |
      | pile 8, from the bottom up       | [6-5] [6-4] [6-1] [5-1] |
      | the pile of one at the far end   | [6-3]                   |

  @rule:ks.deal.draw-order @option:wall-draw=top
  Scenario: Drawing each pile from its top tile
    Given the game kap-shap with preset culin
    And the option wall-draw is top
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
    Then the stock, in drawing order, is:
      | from                          | tiles                   |
      | pile 4, the tile left         | [5-4]                   |
      | pile 5, from the top down     | [4-2] [3-2] [4-1] [4-3] |
      | pile 6, from the top down     | [4-4] [1-1] [6-6] [2-1] |
      | pile 7, from the top down     | [2-2] [3-3] [5-5] [3-1] |
      | pile 8, from the top down     | [5-1] [6-1] [6-4] [6-5] |

  @rule:ks.deal.first-player
  Scenario Outline: Four dice counted anticlockwise from seat 1 choose the first player
    Given the game kap-shap with preset culin
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
    When seat 0 throws the dice <dice> and the tiles are dealt
    Then seat <first> is the first player
    And seat <first> holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5]
    And seat <second> holds [6-4] [6-1] [5-1] [6-3] [6-2] [5-3] [5-2]

    Examples:
      | dice    | total | first | second |
      | 1 1 1 1 | 4     | 0     | 1      |
      | 1 1 1 2 | 5     | 1     | 0      |
      | 6 6 6 5 | 23    | 1     | 0      |
      | 6 6 6 6 | 24    | 0     | 1      |

  @rule:ks.deal.first-player @option:first-player=seat-0
  Scenario: Without dice, seat 0 plays first
    Given the game kap-shap with preset culin
    And the option first-player is seat-0
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
    When the tiles are dealt
    Then seat 0 is the first player
    And seat 0 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5]
    And seat 1 holds [6-4] [6-1] [5-1] [6-3] [6-2] [5-3] [5-2]

  @rule:ks.deal.boneyard @rule:ks.deal.method @option:deal=boneyard
  Scenario: A boneyard deals eight tiles, then seven, and the rest is the stock
    Given the game kap-shap with preset culin
    And the option deal is boneyard
    And the tiles, shuffled face down, lie in this order:
      | tiles                                           |
      | [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5] |
      | [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3] [5-2] |
      | [4-3] [4-1] [3-2] [4-2] [2-1] [6-6] [1-1] [4-4] |
      | [3-1] [5-5] [3-3] [2-2] [6-5] [6-4] [6-1] [5-1] |
    When seat 0 throws the dice 1 1 1 2 and the tiles are dealt
    Then seat 1 is the first player
    And seat 1 holds [6-6] [1-1] [4-4] [3-1] [5-5] [3-3] [2-2] [6-5]
    And seat 0 holds [6-4] [6-1] [5-1] [6-3] [5-4] [6-2] [5-3]
    And the stock, in drawing order, begins with [5-2] [4-3] [4-1] [3-2]
    And the stock, in drawing order, ends with [6-5] [6-4] [6-1] [5-1]
    And the stock holds 17 tiles
