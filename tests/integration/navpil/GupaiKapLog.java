package io.github.navpil.gupai.rummy.kapshap;

import io.github.navpil.gupai.ChineseDominoSet;
import io.github.navpil.gupai.Domino;
import io.github.navpil.gupai.util.RunManySimulations;
import io.github.navpil.gupai.util.Stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * navpil's own Kap Shap and Kap Tai Shap games written as gupai logs (the body only: the test adds the header and
 * the split of a declared hand, which navpil's KapShapHand keeps private).
 *
 * The game loop is navpil's KapShap.runSimulation, copied statement for statement, with calls added that record
 * each take, draw, discard and win; the match is navpil's RunManySimulations loop: seat 0 first, then its own
 * nextPlayerCalculation. The only other change: Collections.shuffle takes a seeded Random.
 *
 * Usage: GupaiKapLog culin|classic|gin PLAYERS SETS GAMES SEED  (JSON Lines on standard output)
 */
public class GupaiKapLog {

    private final StringBuilder events = new StringBuilder();
    private final List<List<Domino>> hands = new ArrayList<>();
    private int winner = -1;
    private int turns;
    private boolean cut; // navpil's loop has no end of its own when every player keeps taking: cut at 900 turns

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

    private void event(String type, int seat, Domino d) {
        if (events.length() > 0) events.append(',');
        events.append("{\"type\":\"").append(type).append("\",\"seat\":").append(seat);
        if (d != null) {
            events.append(",\"tile\":\"").append(face(d)).append('"');
        } else {
            events.append(",\"hand\":").append(faces(hands.get(seat)));
        }
        events.append('}');
    }

    private Stats runSimulation(List<Domino> dominos, List<KapShapPlayer> players, KapShapRuleset rules, int whoGoesFirst) {
        final KapShapTableVisibleInformation table = new KapShapTableVisibleInformation(dominos, rules);
        final int cardsPerPlayer = rules.getWinningHandSize() - 1;
        for (int i = 0; i < players.size(); i++) {
            final List<Domino> deal = dominos.subList(i * cardsPerPlayer, (i + 1) * cardsPerPlayer);
            players.get(i).deal(deal);
            hands.add(new ArrayList<>(deal));
            players.get(i).showTable(table);
        }
        int currentPlayer = whoGoesFirst;
        final int firstI = players.size() * cardsPerPlayer;
        int dominoIndex = firstI;
        int rounds = 0;
        while (dominoIndex < dominos.size() || rules.isContinueAfterDominoesEnd()) {
            if (rounds >= 900) {
                cut = true;
                break;
            }
            final KapShapPlayer player = players.get(currentPlayer);
            final List<Domino> hand = hands.get(currentPlayer);
            turns = rounds + 1;
            final Domino wished;
            if (rules.getOfferType() == KapShapRuleset.Offer.ALL) {
                wished = player.offer(table.getOpenDominoes());
            } else if (rules.getOfferType() == KapShapRuleset.Offer.LAST && table.getLastDiscarded() != null) {
                wished = player.offer(List.of(table.getLastDiscarded()));
            } else {
                wished = null;
            }
            if (wished != null) {
                table.remove(wished);
                player.give(wished);
                hand.add(wished);
                event("take", currentPlayer, wished);
                if (player.hasWon()) {
                    winner = currentPlayer;
                    event("declare", currentPlayer, null);
                    return statsFor(player.getName());
                }
                final Domino discard = player.getDiscard();
                table.add(discard);
                hand.remove(discard);
                event("discard", currentPlayer, discard);
            }
            if ((rules.isTakeAfterOffer() || wished == null) && dominoIndex < dominos.size()) {
                final Domino give = dominos.get(dominoIndex);
                dominoIndex++;
                player.give(give);
                hand.add(give);
                event("draw", currentPlayer, give);
                if (player.hasWon()) {
                    winner = currentPlayer;
                    event("declare", currentPlayer, null);
                    return statsFor(player.getName());
                }
                final Domino discard = player.getDiscard();
                table.add(discard);
                hand.remove(discard);
                event("discard", currentPlayer, discard);
            }
            currentPlayer = (currentPlayer + 1) % players.size();
            rounds++;
        }
        turns = rounds;
        return new Stats().deuceAdded();
    }

    private static Stats statsFor(String name) {
        final Stats stats = new Stats();
        stats.put(name, 1);
        return stats;
    }

    public static void main(String[] args) {
        final java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream())); // navpil's players talk
        final String variant = args[0];
        final int players = Integer.parseInt(args[1]);
        final int sets = Integer.parseInt(args[2]);
        final int games = Integer.parseInt(args[3]);
        final Random random = new Random(Long.parseLong(args[4]));
        final boolean tai = sets > 1 || players > 2;
        final KapShapRuleset rules = variant.equals("culin")
                ? (tai ? KapShapRuleset.culinKapTaiShap(sets) : KapShapRuleset.culinKapShap())
                : variant.equals("classic")
                ? (tai ? KapShapRuleset.classicKapTaiShap(sets) : KapShapRuleset.classicKapShap())
                : (tai ? KapShapRuleset.ginKapTaiShap(sets) : KapShapRuleset.ginKapShap());
        final List<Domino> deck = new ArrayList<>();
        for (int s = 0; s < sets; s++) {
            deck.addAll(ChineseDominoSet.create());
        }
        final List<KapShapPlayer> seats = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            seats.add(new ComputerKapShapPlayer("seat" + i));
        }
        int firstPlayer = 0;
        String previous = "null";
        final StringBuilder out = new StringBuilder();
        for (int sim = 0; sim < games; sim++) {
            Collections.shuffle(deck, random);
            final List<Domino> order = new ArrayList<>(deck);
            final GupaiKapLog log = new GupaiKapLog();
            final Stats stats = log.runSimulation(deck, seats, rules, firstPlayer);
            final int k = rules.getWinningHandSize() - 1;
            final StringBuilder dealt = new StringBuilder("[");
            for (int i = 0; i < players; i++) {
                if (i > 0) dealt.append(',');
                dealt.append(faces(order.subList(i * k, (i + 1) * k)));
            }
            dealt.append(']');
            final String winner = log.winner < 0 ? "null" : String.valueOf(log.winner);
            out.append("{\"x-navpil-cut\":").append(log.cut).append(",\"match\":{\"game\":").append(sim + 1).append(",\"previous\":").append(previous).append('}')
                    .append(",\"deal\":{\"order\":").append(faces(order)).append(",\"dice\":null,\"first_player\":")
                    .append(firstPlayer).append(",\"hands\":").append(dealt).append(",\"stock\":")
                    .append(faces(order.subList(players * k, order.size()))).append('}')
                    .append(",\"events\":[").append(log.events).append(']')
                    .append(",\"result\":{\"winner\":").append(winner).append(",\"reason\":\"")
                    .append(log.winner < 0 ? "stock-exhausted" : "declared").append("\",\"turns\":").append(log.turns)
                    .append("}}\n");
            previous = "{\"first_player\":" + firstPlayer + ",\"winner\":" + winner + ",\"scores\":null}";
            firstPlayer = RunManySimulations.nextPlayerCalculation(stats, firstPlayer, seats);
        }
        stdout.print(out);
    }
}
