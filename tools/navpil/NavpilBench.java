import io.github.navpil.gupai.ChineseDominoSet;
import io.github.navpil.gupai.Domino;
import io.github.navpil.gupai.fishing.tsungshap.TsungShap;
import io.github.navpil.gupai.fishing.tsungshap.TsungShapComputerPlayer;
import io.github.navpil.gupai.fishing.tsungshap.TsungShapPlayer;
import io.github.navpil.gupai.fishing.tsungshap.TsungShapRuleSet;
import io.github.navpil.gupai.fishing.tsungshap.fourtiles.ComputerPlayer;
import io.github.navpil.gupai.fishing.tsungshap.fourtiles.Player;
import io.github.navpil.gupai.rummy.kapshap.ComputerKapShapPlayer;
import io.github.navpil.gupai.rummy.kapshap.KapShap;
import io.github.navpil.gupai.rummy.kapshap.KapShapPlayer;
import io.github.navpil.gupai.rummy.kapshap.KapShapRuleset;
import io.github.navpil.gupai.util.RunManySimulations;
import io.github.navpil.gupai.util.Stats;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * make bench's Java column: navpil's simulator timed in games per CPU second, as its own main methods run it.
 *
 * A round plays GAMES games in calls of navpil's RunManySimulations.runManySimulations of CALL (100) games each, as
 * navpil's main methods call it (its match loop: shuffle, play, hand the first turn on, print its running stats,
 * which it computes afresh from every game of the call so far), each game by navpil's game loop and computer players:
 * KapShap.runSimulation (Kap Shap and Kap Tai Shap, the KapShap and KapTaiShap mains' loop), TsungShap.runSimulation
 * (classic Tsung Shap; private in navpil's code, so reached by reflection) or TsungShap.runFourTilesSimulation
 * (spieldomino). navpil's players and loop print every move: System.out goes to a null stream, as to /dev/null.
 * The first round warms the JIT up and is not reported; each later round prints "games cpu_seconds cut failed" on
 * standard error: the games played, the CPU seconds of this whole process (its compiler and collector threads too),
 * the games cut and the calls that failed (both below).
 *
 * One change to navpil's play, in runaway games only: under a rule set whose turn is a take or a draw (gin), navpil's
 * loop has no end of its own when the players keep taking discards (the stock never shrinks), so once a game has
 * offered discards TURNS times (about one a turn), every seat declines the rest and the game draws to its end (a
 * normal game lasts a few dozen turns); such games are counted as cut. tests/integration/navpil/GupaiKapLog.java cuts
 * them at 900 turns likewise. And navpil's player now and then fails (ComputerKapShapPlayer.offer or give finds no
 * best hand and throws a NullPointerException, about once in 100,000 Kap Shap games here): the call of runManySimulations
 * it ends is counted as failed and its games as unplayed (its CPU time still counts), and the next call deals afresh.
 *
 * Usage: NavpilBench kap culin|classic|gin PLAYERS SETS GAMES ROUNDS
 *        NavpilBench tsung classic|spieldomino GAMES ROUNDS
 */
public class NavpilBench {

    /** Games a call of runManySimulations plays: navpil's KapShap, KapTaiShap and TsungShap mains' 100. */
    private static final int CALL = 100;

    /** Discards a game offers before every seat declines them (a runaway game: see above). */
    private static final int TURNS = 900;

    /** Discards offered in the game being played; games cut and calls failed so far. */
    private static int offers;
    private static int capped;
    private static int failed;

    /** navpil's computer player, declining every offer past TURNS in a game. */
    private static final class CappedPlayer extends ComputerKapShapPlayer {

        CappedPlayer(String name) {
            super(name);
        }

        @Override
        public void deal(List<Domino> dominoes) {
            offers = 0; // every seat is dealt before the game's first offer
            super.deal(dominoes);
        }

        @Override
        public Domino offer(List<Domino> offer) {
            offers++;
            if (offers == TURNS + 1) {
                capped++;
            }
            return offers > TURNS ? null : super.offer(offer);
        }
    }

    private interface Round {
        Stats run(int games) throws Exception;
    }

    private static int play(Round round, int games) throws Exception {
        int played = 0;
        for (int left = games; left > 0; left -= CALL) {
            try {
                played += round.run(Math.min(CALL, left)).getGames();
            } catch (RuntimeException e) { // navpil's player failed: the call's games are lost
                failed++;
            }
        }
        return played;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static KapShapRuleset kapRules(String variant, boolean tai, int sets) {
        switch (variant) {
            case "culin": return tai ? KapShapRuleset.culinKapTaiShap(sets) : KapShapRuleset.culinKapShap();
            case "classic": return tai ? KapShapRuleset.classicKapTaiShap(sets) : KapShapRuleset.classicKapShap();
            case "gin": return tai ? KapShapRuleset.ginKapTaiShap(sets) : KapShapRuleset.ginKapShap();
            default: throw new IllegalArgumentException("no Kap Shap rule set " + variant);
        }
    }

    private static Round kap(String variant, int players, int sets) {
        final KapShapRuleset rules = kapRules(variant, players > 2 || sets > 1, sets);
        final List<KapShapPlayer> seats = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            seats.add(new CappedPlayer("Comp-" + (i + 1)));
        }
        final List<Domino> deck = ChineseDominoSet.create(sets);
        return games -> new RunManySimulations().runManySimulations(deck, seats, rules, games, KapShap::runSimulation);
    }

    @SuppressWarnings("unchecked")
    private static Round tsung(String variant) throws Exception {
        final List<Domino> deck = ChineseDominoSet.create();
        if (variant.equals("spieldomino")) {
            final List<Player> seats = List.of(new ComputerPlayer("Comp-1"), new ComputerPlayer("Comp-2"));
            final TsungShapRuleSet rules = TsungShapRuleSet.spieldomino();
            return games -> new RunManySimulations().runManySimulations(deck, seats, rules, games, TsungShap::runFourTilesSimulation);
        }
        if (!variant.equals("classic")) {
            throw new IllegalArgumentException("no Tsung Shap rule set " + variant);
        }
        final Method loop = TsungShap.class.getDeclaredMethod("runSimulation", List.class, List.class, TsungShapRuleSet.class, int.class);
        loop.setAccessible(true);
        final List<TsungShapPlayer> seats = List.of(new TsungShapComputerPlayer("Comp-1"), new TsungShapComputerPlayer("Comp-2"));
        final TsungShapRuleSet rules = TsungShapRuleSet.classic();
        return games -> new RunManySimulations().runManySimulations(deck, seats, rules, games, (d, p, r, first) -> {
            try {
                return (Stats) loop.invoke(null, d, p, r, first);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    public static void main(String[] args) throws Exception {
        final PrintStream report = System.err;
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        final boolean isKap = args[0].equals("kap");
        final Round round = isKap ? kap(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3])) : tsung(args[1]);
        final int games = Integer.parseInt(args[isKap ? 4 : 2]);
        final int rounds = Integer.parseInt(args[isKap ? 5 : 3]);
        play(round, games); // warm-up
        for (int r = 0; r < rounds; r++) {
            final long began = cpuNanos();
            capped = 0;
            failed = 0;
            final int played = play(round, games);
            report.println(played + " " + (cpuNanos() - began) / 1e9 + " " + capped + " " + failed);
        }
    }
}
