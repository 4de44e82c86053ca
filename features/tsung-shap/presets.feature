Feature: Tsung Shap under every preset, each played as a whole
  Each preset fixes every option at once. The scenarios below play the same
  position under each preset, so that every preset named after a source
  (culin, pagat-old, spieltdomino, gupai-site and the site's conjectures) or
  after navpil's engine (navpil-classic, navpil-poor-pairs,
  navpil-spieldomino) is checked as a whole. The row is [6-6] [1-1] [4-4];
  seat 0 lays [6-4] at the right end, which makes a triple with the two tiles
  at that end (20) and with the tile at each end (30), and takes the latter;
  seat 1 then lays [1-1] on the lone [1-1] left, which every preset lets it
  take as a pair (Culin's pair rule read as written), scoring as the preset
  says.

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score
  Scenario: Under the preset culin, Culin's game: triples at one end or across, and a lone tile taken by its duplicate as a pair
    Given the game tsung-shap with preset culin
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4] [2-1]
    And seat 1's face-down tiles begin [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 40
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 40

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @option:triple=ends-only
  Scenario: Under the preset pagat-old, the older pagat page: triples only from the two end tiles
    Given the game tsung-shap with preset pagat-old
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4] [2-1]
    And seat 1's face-down tiles begin [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 40
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 40

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @option:triple=ends-only @option:stock=common @option:hand=four
  Scenario: Under the preset spieltdomino, the German four-tile game: four in hand, triples only from the two end tiles
    Given the game tsung-shap with preset spieltdomino
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's hand is [6-4] [5-5] [2-1] [3-1]
    And seat 1's hand is [1-1] [5-1] [4-3] [6-1]
    And the common stock begins [3-3] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 40
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 40

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score
  Scenario: Under the preset gupai-site, the gupai site's stated rules: Culin's game
    Given the game tsung-shap with preset gupai-site
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4] [2-1]
    And seat 1's face-down tiles begin [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 40
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 40

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @rule:ts.sweep @option:lone-score=sweep @option:end=stock-empty @option:stock=common
  Scenario: Under the preset gupai-site-conjectures, the gupai site's conjectures: a common stock, and a lone tile cleared as a sweep of 40
    Given the game tsung-shap with preset gupai-site-conjectures
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And the common stock begins [6-4] [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 40
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 40
    And the last capture is a sweep

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @rule:ts.sweep @option:sweep-score=add @option:lone-score=capture-and-sweep @option:missed-capture=none @option:refill=own-half @option:first-player=previous-higher @option:restart=before-refill @option:opening-end=left
  Scenario: Under the preset navpil-classic, navpil's classic: the lone pair scores its points and the sweep's 40
    Given the game tsung-shap with preset navpil-classic
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4] [2-1]
    And seat 1's face-down tiles begin [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 80
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 80
    And the last capture is a sweep

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @rule:ts.sweep @option:sweep-score=add @option:lone-score=capture-and-sweep @option:missed-capture=none @option:refill=own-half @option:pair-score=fifty @option:first-player=previous-higher @option:restart=before-refill @option:opening-end=left
  Scenario: Under the preset navpil-poor-pairs, navpil's poorPairs: the lone pair scores 50 and the sweep's 40
    Given the game tsung-shap with preset navpil-poor-pairs
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's face-down tiles begin [6-4] [2-1]
    And seat 1's face-down tiles begin [1-1] [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 90
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 90
    And the last capture is a sweep

  @rule:ts.capture.triple @rule:ts.lone-tile @rule:ts.score @rule:ts.sweep @option:sweep-score=add @option:lone-score=capture-and-sweep @option:opening-capture=yes @option:missed-capture=none @option:hand=four @option:refill=own-half @option:pair-score=fifty @option:first-player=previous-higher @option:restart=before-refill
  Scenario: Under the preset navpil-spieldomino, navpil's spieldomino: four in hand, the lone pair scores 50 and the sweep's 40
    Given the game tsung-shap with preset navpil-spieldomino
    And a Tsung Shap row [6-6] [1-1] [4-4] with seat 0 to play
    And seat 0's hand is [6-4] [5-5] [2-1] [3-1]
    And seat 0's face-down tiles begin [3-3]
    And seat 1's hand is [1-1] [5-1] [4-3] [6-1]
    And seat 1's face-down tiles begin [5-3]
    When seat 0 lays [6-4] at the right end
    Then the captures open are: triple right for 20, triple ends for 30
    When seat 0 takes the triple at both ends
    Then the Tsung Shap row is [1-1]
    And the scores are 30 to 0
    And seat 1 is to lay
    When seat 1 lays [1-1] at the right end
    Then the captures open are: pair ends for 90
    When seat 1 takes the lone tile as a pair
    Then the Tsung Shap table is empty
    And the scores are 30 to 90
    And the last capture is a sweep

