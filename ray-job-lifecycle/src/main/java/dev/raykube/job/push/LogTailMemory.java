package dev.raykube.job.push;

import java.time.Instant;
import java.util.Objects;

/** What the controller remembers of one RayJob's log tail: open since when, or ended when and how often. */
public sealed interface LogTailMemory {

  /** The tail's target. */
  LogTailTarget target();

  /**
   * A tail is open.
   *
   * @param target what it follows
   * @param openedAt when it was opened
   * @param earlierEnds how many tails of this target ended before in a row (for the retry delay)
   */
  record Open(LogTailTarget target, Instant openedAt, int earlierEnds) implements LogTailMemory {
    /** Checks the parts. */
    public Open {
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(openedAt, "openedAt");
    }
  }

  /**
   * The last tail of the target ended (normally or not) and none is open.
   *
   * @param target what it followed
   * @param endedAt when it ended
   * @param ends how many tails of this target ended in a row, each within the longest retry delay of its opening;
   *     at least 1
   */
  record Ended(LogTailTarget target, Instant endedAt, int ends) implements LogTailMemory {
    /** Checks the parts. */
    public Ended {
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(endedAt, "endedAt");
      if (ends < 1) {
        throw new IllegalArgumentException("ends must be at least 1: " + ends);
      }
    }
  }
}
