package dev.raykube.cluster;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** A {@link ReplicaNameSource} for tests: the given suffixes in order, then {@code s0001}, {@code s0002}, ... */
public final class SequencedReplicaNames implements ReplicaNameSource {

  private final Deque<String> given;
  private int next;

  /** The given suffixes first. */
  public SequencedReplicaNames(String... suffixes) {
    this.given = new ArrayDeque<>(List.of(suffixes));
  }

  @Override
  public String nextSuffix() {
    if (!given.isEmpty()) {
      return given.poll();
    }
    next++;
    return String.format("s%04d", next);
  }
}
