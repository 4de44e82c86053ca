package io.github.navpil.gupai.util;

import io.github.navpil.gupai.fishing.tsungshap.NamedPlayer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

/**
 * navpil's own choice of the next game's first player (RunManySimulations.nextPlayerCalculation), asked line by line.
 *
 * Each input line: the previous first player, then each seat's points in the previous game (a Kap winner 1, the
 * others 0, as KapShap.statsFor and a game with no winner's empty Stats give them; a Tsung Shap seat its score).
 * Each output line: the seat navpil makes first in the next game.
 */
public class GupaiNextPlayer {
    public static void main(String[] args) throws Exception {
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        final StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            final String[] parts = line.trim().split(" ");
            final int first = Integer.parseInt(parts[0]);
            final List<NamedPlayer> players = new ArrayList<>();
            final Stats stats = new Stats();
            for (int seat = 0; seat + 1 < parts.length; seat++) {
                final String name = "seat" + seat;
                players.add(() -> name);
                final int points = Integer.parseInt(parts[seat + 1]);
                if (points != 0) {
                    stats.put(name, points);
                }
            }
            out.append(RunManySimulations.nextPlayerCalculation(stats, first, players)).append('\n');
        }
        System.out.print(out);
    }
}
