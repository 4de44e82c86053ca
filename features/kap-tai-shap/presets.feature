Feature: Kap Tai Shap under every preset, each played as a whole
  Each preset fixes every option at once. The scenarios below play the same
  two-player position under each preset, so that every preset named after a
  source (culin, pagat, celko, crook, gupai-site) or after navpil's engine
  (navpil-culin, navpil-classic, navpil-gin), and the project's own
  latest-then-draw and one-tile, is checked as a whole, not one option at a
  time on top of culin.

  Two players play with one set. Seat 0 plays first and holds [6-6] [6-6]
  [6-4] [6-4] [5-1] [3-1] [6-5] [4-4] [1-1], and [4-3] as well where the
  first player is dealt a tile more (every preset but navpil's, whose opening
  is an ordinary draw). Seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1]
  [2-1] [3-3] [2-2]; the stock begins [6-1] [4-2] [5-3]. Under the printed
  tables [6-5] makes no twenty; under Celko's table [4-2] pairs with [3-1].

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @rule:kts.turn.draw
  Scenario: Under the preset culin the first player only discards, and a taken discard is followed by a draw
    Given the game kap-tai-shap with preset culin
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5] [6-1] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-5], discard [6-1]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @rule:kts.turn.draw @option:pair-set=printed
  Scenario: Under the preset pagat the first player only discards, and a taken discard is followed by a draw
    Given the game kap-tai-shap with preset pagat
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] do not make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5] [6-1] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-5], discard [6-1]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @rule:kts.turn.draw @option:pair-set=printed @option:deal=boneyard @option:declare=optional
  Scenario: Under the preset crook the first player only discards, and a taken discard is followed by a draw
    Given the game kap-tai-shap with preset crook
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] do not make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5] [6-1] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-5], discard [6-1]

  @rule:kts.pair.ten @rule:kts.tiles.four-two @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @rule:kts.turn.draw @option:four-two-value=6 @option:pair-set=celko-table @option:turn=take-or-draw @option:drawn-tile=discard-unless-win
  Scenario: Under the preset celko a turn is a take or a draw, and a drawn tile that does not win goes straight back out
    Given the game kap-tai-shap with preset celko
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] do not make a ten-pair
    And [4-2] and [3-1] make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may not discard [6-5] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then it is seat 0's turn
    And the legal moves are: take [2-1], draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-1] [4-4] [1-1]
    And the legal moves are: discard [6-1]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:opening=discard-draw-discard @option:deal=boneyard @option:first-player=seat-0
  Scenario: Under the preset gupai-site the first player discards, draws and discards, and the turns follow as the preset says
    Given the game kap-tai-shap with preset gupai-site
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-1] [4-4] [1-1]
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-1], discard [4-4], discard [1-1]
    When seat 0 discards [6-6]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], take [6-6], draw
    When seat 1 takes [6-6]
    Then seat 1 may not discard [6-6] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-6] [4-2] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-6], discard [4-2]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:take=latest @option:opening=discard-draw-discard @option:deal=boneyard @option:first-player=seat-0
  Scenario: Under the preset latest-then-draw the first player discards, draws and discards, and the turns follow as the preset says
    Given the game kap-tai-shap with preset latest-then-draw
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-1] [4-4] [1-1]
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-1], discard [4-4], discard [1-1]
    When seat 0 discards [6-6]
    Then it is seat 1's turn
    And the legal moves are: take [6-6], draw
    When seat 1 takes [6-6]
    Then seat 1 may not discard [6-6] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-6] [4-2] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-6], discard [4-2]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:take=latest @option:turn=take-or-draw @option:opening=discard-draw-discard @option:deal=boneyard @option:first-player=seat-0
  Scenario: Under the preset one-tile the first player discards, draws and discards, and the turns follow as the preset says
    Given the game kap-tai-shap with preset one-tile
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-5], discard [4-4], discard [1-1]
    When seat 0 discards [6-5]
    Then the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [4-3] [6-1] [4-4] [1-1]
    And the legal moves are: discard [6-6], discard [6-4], discard [5-1], discard [3-1], discard [4-3], discard [6-1], discard [4-4], discard [1-1]
    When seat 0 discards [6-6]
    Then it is seat 1's turn
    And the legal moves are: take [6-6], draw
    When seat 1 takes [6-6]
    Then seat 1 may not discard [6-6] (rule kts.turn.discard)
    When seat 1 discards [2-1]
    Then it is seat 0's turn
    And the legal moves are: take [2-1], draw

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:opening=draw @option:deal=boneyard @option:first-player=previous-winner @option:discard-taken=allowed @option:termination=none
  Scenario: Under the preset navpil-culin every player is dealt alike, the first player draws first, and a taken tile may go straight back
    Given the game kap-tai-shap with preset navpil-culin
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [6-1] [4-4] [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5] [4-2] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-5], discard [4-2]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:take=latest @option:opening=draw @option:deal=boneyard @option:first-player=previous-winner @option:discard-taken=allowed @option:termination=none
  Scenario: Under the preset navpil-classic every player is dealt alike, the first player draws first, and a taken tile may go straight back
    Given the game kap-tai-shap with preset navpil-classic
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [6-1] [4-4] [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [2-1]
    Then the legal moves are: draw
    When seat 1 draws
    Then seat 1 holds [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [6-5] [4-2] [3-3] [2-2]
    And the legal moves are: discard [5-5], discard [3-3], discard [2-2], discard [6-2], discard [1-1], discard [6-5], discard [4-2]

  @rule:kts.pair.ten @rule:kts.opening @rule:kts.turn.take @rule:kts.turn.discard @rule:kts.turn.shape @option:take=latest @option:turn=take-or-draw @option:opening=draw @option:deal=boneyard @option:first-player=previous-winner @option:discard-taken=allowed @option:termination=none
  Scenario: Under the preset navpil-gin every player is dealt alike, the first player draws first, and a taken tile may go straight back
    Given the game kap-tai-shap with preset navpil-gin
    And 2 players play
    And seat 0 is dealt [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [4-4] [1-1]
    And seat 1 is dealt [5-5] [5-5] [3-3] [2-2] [6-2] [1-1] [2-1] [3-3] [2-2]
    And the stock begins [6-1] [4-2] [5-3]
    And seat 0 plays first
    Then [6-5] and [5-4] make a ten-pair
    And [4-2] and [3-1] do not make a ten-pair
    And the legal moves are: draw
    When seat 0 draws
    Then seat 0 holds [6-6] [6-6] [6-4] [6-4] [5-1] [3-1] [6-5] [6-1] [4-4] [1-1]
    When seat 0 discards [6-5]
    Then it is seat 1's turn
    And the legal moves are: take [6-5], draw
    When seat 1 takes [6-5]
    Then seat 1 may discard [6-5]
    When seat 1 discards [2-1]
    Then it is seat 0's turn
    And the legal moves are: take [2-1], draw

