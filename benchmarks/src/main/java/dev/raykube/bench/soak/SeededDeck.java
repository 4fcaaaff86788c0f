package dev.raykube.bench.soak;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Kinds dealt like cards from a seeded shuffle of all of them, a new shuffle when the deck is used up: a short run
 * still meets each kind, and a seed names the same sequence.
 */
final class SeededDeck<T> {

  private final List<T> all;
  private final Random random;
  private final List<T> deck = new ArrayList<>();

  SeededDeck(T[] all, Random random) {
    this.all = Arrays.asList(all);
    this.random = random;
  }

  T next() {
    if (deck.isEmpty()) {
      deck.addAll(all);
      Collections.shuffle(deck, random);
    }
    return deck.remove(deck.size() - 1);
  }
}
