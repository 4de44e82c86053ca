Feature: Declaring a win in Kap Shap
  A player who holds eight tiles that split into an eye and three ten-pairs
  declares the win and shows the split; the winner takes the pot.

  @rule:ks.declare @rule:ks.opening @rule:ks.settle @rule:ks.ante
  Scenario: The first player may win on the deal
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5]
    And seat 0 plays first
    Then the legal moves are: declare
    And seat 0 may not discard [2-1] (rule ks.declare)
    When seat 0 declares
    Then the game is over: seat 0 wins
    And the declared split is eye [6-6] [6-6], pairs [6-4]+[6-4] [5-1]+[3-1] [4-3]+[2-1]
    And the settlement is +1 -1

  @rule:ks.declare @option:declare=optional
  Scenario: Under declare=optional a winning hand may be played on
    Given the game kap-shap with preset culin
    And the option declare is optional
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [2-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5]
    And seat 0 plays first
    Then seat 0 may declare
    And seat 0 may discard [2-1]
    When seat 0 discards [2-1]
    Then the game is not over
    And it is seat 1's turn

  @rule:ks.declare @rule:ks.turn.take
  Scenario: A taken discard that completes the hand wins at once
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock begins [4-4]
    And seat 0 plays first
    When seat 0 discards [4-3]
    And seat 1 takes [4-3]
    Then the legal moves are: declare
    When seat 1 declares
    Then the game is over: seat 1 wins
    And the declared split is eye [5-5] [5-5], pairs [6-2]+[1-1] [4-3]+[2-1] [3-3]+[2-2]
    And the settlement is -1 +1

  @rule:ks.declare @rule:ks.turn.shape @rule:ks.turn.draw
  Scenario: Under the two-tile turn a player may win on the draw that follows a take
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5]
    And the stock begins [2-1]
    And seat 0 plays first
    When seat 0 discards [4-3]
    And seat 1 takes [4-3]
    Then seat 1 may not declare (rule ks.declare.valid)
    When seat 1 discards [6-5]
    Then the legal moves are: draw
    When seat 1 draws
    Then the legal moves are: declare
    When seat 1 declares
    Then the game is over: seat 1 wins
    And the declared split is eye [5-5] [5-5], pairs [6-2]+[1-1] [4-3]+[2-1] [3-3]+[2-2]
    And the settlement is -1 +1

  @rule:ks.declare.valid @rule:ks.tiles.four-two @option:four-two-value=6
  Scenario: A hand that needs [4-2] at 6 wins only under four-two-value=6
    Given the game kap-shap with preset culin
    And the option four-two-value is 6
    And seat 0 is dealt [6-6] [6-6] [4-2] [3-1] [4-4] [1-1] [5-3] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5]
    And seat 0 plays first
    Then seat 0 may declare

  @rule:ks.declare.valid @rule:ks.tiles.four-two
  Scenario: Declaring a hand that needs [4-2] at 6 under Culin's 3 is refused under the four-two rule
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [4-2] [3-1] [4-4] [1-1] [5-3] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [2-1] [6-5]
    And seat 0 plays first
    When seat 0 tries to declare
    Then the move is refused under rule ks.tiles.four-two

  @rule:ks.declare.valid @rule:ks.pair.ten @option:pair-set=printed
  Scenario: Declaring a twenty the printed tables omit is refused under pair-set=printed
    Given the game kap-shap with preset culin
    And the option pair-set is printed
    And seat 0 is dealt [5-5] [5-5] [6-5] [6-3] [6-4] [6-4] [4-2] [6-1]
    And seat 1 is dealt [3-3] [2-2] [6-2] [1-1] [2-1] [6-6] [6-6]
    And seat 0 plays first
    When seat 0 tries to declare
    Then the move is refused under rule ks.pair.ten

  @rule:ks.end.stock @rule:ks.settle.refund
  Scenario: When the last tile of the stock is drawn and no one wins, the game ends with no winner
    Given the game kap-shap with preset culin
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1]
    And the stock is [5-3]
    And seat 0 plays first
    When seat 0 discards [6-5]
    And seat 1 draws
    Then the stock holds 0 tiles
    And the game is not over
    When seat 1 discards [5-3]
    Then the game is over with no winner (stock-exhausted)
    And the settlement is 0 0
    And seat 0 may not draw (rule ks.end.stock)
