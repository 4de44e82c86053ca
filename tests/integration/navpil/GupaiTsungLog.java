package io.github.navpil.gupai.fishing.tsungshap;

import io.github.navpil.gupai.ChineseDominoSet;
import io.github.navpil.gupai.Domino;
import io.github.navpil.gupai.DominoUtil;
import io.github.navpil.gupai.fishing.tsungshap.fourtiles.ComputerPlayer;
import io.github.navpil.gupai.fishing.tsungshap.fourtiles.Player;
import io.github.navpil.gupai.util.CircularInteger;
import io.github.navpil.gupai.util.HashBag;
import io.github.navpil.gupai.util.RunManySimulations;
import io.github.navpil.gupai.util.Stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;

/**
 * navpil's Tsung Shap games written as gupai logs (the body of each game only: the test adds the header).
 *
 * The two game loops below are navpil's TsungShap.runSimulation and runFourTilesSimulation, and
 * executeMove/diminishRow/discard its private helpers, copied statement for statement; the only
 * additions are the calls that record what happens (reveal, lay, capture, refill) and the tally.
 * The match is navpil's RunManySimulations loop: seat 0 first, then nextPlayerCalculation (navpil's own).
 * The only other change: Collections.shuffle takes a seeded Random, so that a run is reproducible.
 *
 * Usage: GupaiTsungLog classic|poorPairs|spieldomino GAMES SEED  (JSON Lines on standard output)
 */
public class GupaiTsungLog {

    private final StringBuilder events = new StringBuilder();
    private final int[][] tally = new int[2][6]; // pairs, triples, tens, sweeps, claims, tiles
    private final int[] turns = new int[2];
    private boolean bad;

    private static String face(Domino d) {
        final int[] p = d.getPips();
        return p[0] + "-" + p[1];
    }

    private static String faces(Collection<Domino> ds) {
        final StringBuilder sb = new StringBuilder("[");
        for (Domino d : ds) {
            if (sb.length() > 1) sb.append(',');
            sb.append('"').append(face(d)).append('"');
        }
        return sb.append(']').toString();
    }

    private void event(String json) {
        if (events.length() > 0) events.append(',');
        events.append(json);
    }

    private void reveal(int seat, Domino d) {
        event("{\"type\":\"reveal\",\"seat\":" + seat + ",\"tile\":\"" + face(d) + "\"}");
    }

    private void refill(int seat, Domino d) {
        event("{\"type\":\"refill\",\"seat\":" + seat + ",\"tile\":\"" + face(d) + "\"}");
    }

    private void lay(int seat, Domino d, String end) {
        event("{\"type\":\"lay\",\"seat\":" + seat + ",\"tile\":\"" + face(d) + "\",\"end\":\"" + end + "\"}");
    }

    /** Record a move (its lay, and its capture if it took one), from the row before it and the catch it made. */
    private void move(int seat, TsungShapRuleSet ruleSet, List<Domino> before, TsungShapMove move, TsungShapCatch c, boolean sweep) {
        final TsungShapMove.Side side = move.getSide();
        final String end = side == TsungShapMove.Side.LEFT ? "left" : "right";
        lay(seat, move.getDomino(), end);
        if (c == null) {
            return;
        }
        final int n = before.size();
        final String kind = move.getType() == TsungShapMove.Type.PAIR ? "pair" : "triple";
        final List<Domino> taken = new ArrayList<>();
        taken.add(move.getDomino());
        String at;
        if (n == 1) {
            at = "ends";
            taken.add(before.get(0));
        } else if (kind.equals("pair")) {
            at = end;
            taken.add(side == TsungShapMove.Side.LEFT ? before.get(0) : before.get(n - 1));
        } else if (side == TsungShapMove.Side.BOTH || n == 2) {
            at = "ends";
            taken.add(before.get(0));
            taken.add(before.get(n - 1));
        } else if (side == TsungShapMove.Side.LEFT) {
            at = "left";
            taken.add(before.get(0));
            taken.add(before.get(1));
        } else {
            at = "right";
            taken.add(before.get(n - 2));
            taken.add(before.get(n - 1));
        }
        final TsungShapCatch scored = sweep ? c.asSweep() : c;
        final int points = ruleSet.calculatePoints(List.of(scored));
        event("{\"type\":\"capture\",\"seat\":" + seat + ",\"kind\":\"" + kind + "\",\"at\":\"" + at + "\",\"tiles\":"
                + faces(taken) + ",\"points\":" + points + ",\"sweep\":" + sweep + "}");
        tally[seat][kind.equals("pair") ? 0 : 1] += 1;
        if (sweep) tally[seat][3] += 1;
        tally[seat][5] += taken.size();
    }

    // ------------------------------------------------------------ navpil's classic game, recorded
    private Stats runSimulation(List<Domino> deck, List<TsungShapPlayer> players, TsungShapRuleSet ruleSet, int whoGoesFirst) {
        final List<LinkedList<Domino>> personalDecks = List.of(
                new LinkedList<>(deck.subList(0, deck.size() / 2)),
                new LinkedList<>(deck.subList(deck.size() / 2, deck.size()))
        );
        final TsungShapTable table = new TsungShapTable(ruleSet);
        final LinkedList<Domino> row = table.getRow();
        for (TsungShapPlayer player : players) {
            player.showTable(table);
        }
        final CircularInteger playerIndex = new CircularInteger(2, whoGoesFirst);
        final Domino rowStarted = personalDecks.get(playerIndex.current()).removeFirst();
        turns[playerIndex.current()] += 1;
        reveal(playerIndex.current(), rowStarted);
        lay(playerIndex.current(), rowStarted, "left");
        row.addFirst(rowStarted);
        playerIndex.next();
        if (ruleSet.isSecondPutObligatory()) {
            final Domino secondDomino = personalDecks.get(playerIndex.current()).removeFirst();
            turns[playerIndex.current()] += 1;
            reveal(playerIndex.current(), secondDomino);
            lay(playerIndex.current(), secondDomino, "left");
            row.addFirst(secondDomino);
            playerIndex.next();
        }
        while (personalDecks.stream().filter(Collection::isEmpty).findAny().isEmpty()) {
            final int seat = playerIndex.current();
            final TsungShapPlayer player = players.get(playerIndex.current());
            final LinkedList<Domino> personalDeck = personalDecks.get(playerIndex.current());
            final Domino domino = personalDeck.removeFirst();
            turns[seat] += 1;
            reveal(seat, domino);
            final List<Domino> before = new ArrayList<>(row);
            TsungShapMove move = player.chooseMove(domino, row);
            if (move.getType() == TsungShapMove.Type.TRIPLET && row.size() == 1) bad = true;
            TsungShapCatch c = executeMove(ruleSet, row, move);
            final boolean sweep = row.isEmpty();
            move(seat, ruleSet, before, move, c, sweep);
            if (row.isEmpty()) {
                c = c.asSweep();
                if (!personalDeck.isEmpty()) {
                    final Domino restart = personalDeck.removeFirst();
                    reveal(seat, restart);
                    lay(seat, restart, "left");
                    row.addFirst(restart);
                }
            }
            if (c != null) {
                table.addCatch(player.getName(), c);
            }
            playerIndex.next();
        }
        final Stats stats = new Stats();
        for (TsungShapPlayer player : players) {
            final Collection<TsungShapCatch> catches = table.getCatch(player.getName());
            stats.put(player.getName(), ruleSet.calculatePoints(catches));
        }
        return stats;
    }

    // ------------------------------------------------------------ navpil's four-tile game, recorded
    private Stats runFourTilesSimulation(List<Domino> deck, List<Player> players, TsungShapRuleSet ruleSet, int whoGoesFirst) {
        final List<LinkedList<Domino>> personalDecks = List.of(
                new LinkedList<>(deck.subList(0, deck.size() / 2)),
                new LinkedList<>(deck.subList(deck.size() / 2, deck.size()))
        );
        final TsungShapTable table = new TsungShapTable(ruleSet);
        final LinkedList<Domino> row = table.getRow();
        for (Player player : players) {
            player.showTable(table);
        }
        final CircularInteger playerIndex = new CircularInteger(2, whoGoesFirst);
        for (int i = 0; i < players.size(); i++) {
            final List<Domino> initialDeal = personalDecks.get(i).subList(0, 4);
            players.get(i).deal(initialDeal);
            initialDeal.clear();
        }
        turns[playerIndex.current()] += 1;
        final Domino rowStarted = players.get(playerIndex.current()).chooseSingleDiscard();
        lay(playerIndex.current(), rowStarted, "left");
        row.addFirst(rowStarted);
        final Domino first = personalDecks.get(playerIndex.current()).removeFirst();
        refill(playerIndex.current(), first);
        players.get(playerIndex.current()).replenish(first);
        playerIndex.next();
        if (ruleSet.isSecondPutObligatory()) {
            turns[playerIndex.current()] += 1;
            final Domino secondDomino = players.get(playerIndex.current()).chooseSingleDiscard();
            lay(playerIndex.current(), secondDomino, "left");
            row.addFirst(secondDomino);
            final Domino second = personalDecks.get(playerIndex.current()).removeFirst();
            refill(playerIndex.current(), second);
            players.get(playerIndex.current()).replenish(second);
            playerIndex.next();
        }
        while (players.stream().filter((p) -> !p.hasTiles()).findAny().isEmpty()) {
            final int seat = playerIndex.current();
            final Player player = players.get(playerIndex.current());
            final LinkedList<Domino> personalDeck = personalDecks.get(playerIndex.current());
            turns[seat] += 1;
            final List<Domino> before = new ArrayList<>(row);
            TsungShapMove move = player.chooseMove(row);
            if (move.getType() == TsungShapMove.Type.TRIPLET && row.size() == 1) bad = true;
            TsungShapCatch c = executeMove(ruleSet, row, move);
            final boolean sweep = row.isEmpty();
            move(seat, ruleSet, before, move, c, sweep);
            if (row.isEmpty()) {
                c = c.asSweep();
            }
            if (row.isEmpty() && player.hasTiles()) {
                final Domino restart = player.chooseSingleDiscard();
                lay(seat, restart, "left");
                row.addFirst(restart);
                if (!personalDeck.isEmpty()) {
                    refill(seat, personalDeck.getFirst());
                    player.replenish(personalDeck.removeFirst());
                }
            }
            if (!personalDeck.isEmpty()) {
                refill(seat, personalDeck.getFirst());
                player.replenish(personalDeck.removeFirst());
            }
            if (c != null) {
                table.addCatch(player.getName(), c);
            }
            playerIndex.next();
        }
        final Stats stats = new Stats();
        for (Player player : players) {
            final Collection<TsungShapCatch> catches = table.getCatch(player.getName());
            stats.put(player.getName(), ruleSet.calculatePoints(catches));
        }
        return stats;
    }

    // ------------------------------------------------------------ navpil's TsungShap helpers, as they are
    private static TsungShapCatch executeMove(TsungShapRuleSet ruleSet, LinkedList<Domino> row, TsungShapMove move) {
        TsungShapCatch c = null;
        switch (move.getType()) {
            case DISCARD:
                discard(row, move.getDomino(), move.getSide());
                break;
            case PAIR:
                final HashBag<Domino> pair = HashBag.of(
                        move.getSide() == TsungShapMove.Side.LEFT ? row.getFirst() : row.getLast(),
                        move.getDomino()
                );
                if (ruleSet.validPair(pair)) {
                    c = new TsungShapCatch(pair);
                    diminishRow(row, move);
                } else {
                    discard(row, move.getDomino(), move.getSide());
                }
                break;
            case TRIPLET:
                if (row.size() == 1) {
                    discard(row, move.getDomino(), move.getSide());
                }
                int i1 = -1;
                int i2 = -1;
                switch (move.getSide()) {
                    case LEFT:
                        i1 = 0;
                        i2 = 1;
                        break;
                    case RIGHT:
                        i1 = row.size() - 1;
                        i2 = row.size() - 2;
                        break;
                    case BOTH:
                        i1 = 0;
                        i2 = row.size() - 1;
                        break;
                }
                final HashBag<Domino> triplet = HashBag.of(row.get(i1), row.get(i2), move.getDomino());
                if (ruleSet.validTriplet(triplet)) {
                    c = new TsungShapCatch(triplet);
                    diminishRow(row, move);
                } else {
                    discard(row, move.getDomino(), move.getSide());
                }
        }
        return c;
    }

    private static void diminishRow(LinkedList<Domino> row, TsungShapMove move) {
        final TsungShapMove.Type t = move.getType();
        final TsungShapMove.Side s = move.getSide();
        if (t == TsungShapMove.Type.PAIR) {
            if (s == TsungShapMove.Side.LEFT) {
                row.removeFirst();
            } else {
                row.removeLast();
            }
        } else if (t == TsungShapMove.Type.TRIPLET) {
            switch (s) {
                case LEFT:
                    row.removeFirst();
                    row.removeFirst();
                    break;
                case RIGHT:
                    row.removeLast();
                    row.removeLast();
                    break;
                case BOTH:
                    row.removeLast();
                    row.removeFirst();
                    break;
            }
        }
    }

    private static void discard(LinkedList<Domino> row, Domino domino, TsungShapMove.Side side) {
        if (side == TsungShapMove.Side.LEFT) {
            row.addFirst(domino);
        } else {
            row.addLast(domino);
        }
    }

    // ------------------------------------------------------------ the match
    public static void main(String[] args) {
        final String variant = args[0];
        final int games = Integer.parseInt(args[1]);
        final Random random = new Random(Long.parseLong(args[2]));
        final boolean four = variant.equals("spieldomino");
        final TsungShapRuleSet ruleSet = variant.equals("classic") ? TsungShapRuleSet.classic()
                : variant.equals("poorPairs") ? TsungShapRuleSet.poorPairs() : TsungShapRuleSet.spieldomino();
        final List<Domino> deck = ChineseDominoSet.create();
        final List<TsungShapPlayer> classicPlayers = List.of(new TsungShapComputerPlayer("Comp-1"), new TsungShapComputerPlayer("Comp-2"));
        final List<Player> fourPlayers = List.of(new ComputerPlayer("Comp-1"), new ComputerPlayer("Comp-2"));
        int firstPlayer = 0;
        String previous = "null";
        final StringBuilder out = new StringBuilder();
        for (int sim = 0; sim < games; sim++) {
            Collections.shuffle(deck, random);
            final List<Domino> order = new ArrayList<>(deck);
            final GupaiTsungLog log = new GupaiTsungLog();
            final Stats stats = four
                    ? log.runFourTilesSimulation(deck, fourPlayers, ruleSet, firstPlayer)
                    : log.runSimulation(deck, classicPlayers, ruleSet, firstPlayer);
            final int s0 = stats.getPointsFor("Comp-1");
            final int s1 = stats.getPointsFor("Comp-2");
            final String winner = s0 > s1 ? "0" : s1 > s0 ? "1" : "null";
            final int half = order.size() / 2;
            final String deal = four
                    ? "{\"order\":" + faces(order) + ",\"first_player\":" + firstPlayer + ",\"piles\":["
                      + faces(order.subList(4, half)) + "," + faces(order.subList(half + 4, order.size()))
                      + "],\"stock\":null,\"hands\":[" + faces(order.subList(0, 4)) + ","
                      + faces(order.subList(half, half + 4)) + "]}"
                    : "{\"order\":" + faces(order) + ",\"first_player\":" + firstPlayer + ",\"piles\":["
                      + faces(order.subList(0, half)) + "," + faces(order.subList(half, order.size()))
                      + "],\"stock\":null,\"hands\":null}";
            final StringBuilder captures = new StringBuilder("[");
            for (int seat = 0; seat < 2; seat++) {
                final int[] t = log.tally[seat];
                if (seat > 0) captures.append(',');
                captures.append("{\"pairs\":").append(t[0]).append(",\"triples\":").append(t[1]).append(",\"tens\":")
                        .append(t[2]).append(",\"sweeps\":").append(t[3]).append(",\"claims\":").append(t[4])
                        .append(",\"tiles\":").append(t[5]).append('}');
            }
            captures.append(']');
            out.append("{\"x-navpil-bad\":").append(log.bad)
                    .append(",\"match\":{\"game\":").append(sim + 1).append(",\"previous\":").append(previous).append('}')
                    .append(",\"deal\":").append(deal)
                    .append(",\"events\":[").append(log.events).append(']')
                    .append(",\"result\":{\"scores\":[").append(s0).append(',').append(s1).append("],\"winner\":")
                    .append(winner).append(",\"reason\":\"all-laid\",\"turns\":").append(log.turns[0] + log.turns[1])
                    .append(",\"captures\":").append(captures).append("}}\n");
            previous = "{\"first_player\":" + firstPlayer + ",\"winner\":" + winner + ",\"scores\":[" + s0 + "," + s1 + "]}";
            firstPlayer = RunManySimulations.nextPlayerCalculation(stats, firstPlayer, classicPlayers);
        }
        System.out.print(out);
    }
}
