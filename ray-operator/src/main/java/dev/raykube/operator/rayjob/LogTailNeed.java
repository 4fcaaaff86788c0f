package dev.raykube.operator.rayjob;

import java.util.Objects;

/**
 * What one reconcile of a RayJob says about its log tail ({@link LogTailPolicy#need}).
 *
 * @param kind follow, keep if open, or none
 * @param target what to follow or keep; {@code null} for {@link Kind#NONE}
 */
public record LogTailNeed(Kind kind, LogTailTarget target) {

  /** The kinds of need. */
  public enum Kind {
    /** The Ray job was seen PENDING or RUNNING on the dashboard: follow it. */
    FOLLOW,
    /** The RayJob is Running but this reconcile did not see the Ray job live (not asked, no answer): open nothing
     *  new, keep a tail of the same target. */
    KEEP_IF_OPEN,
    /** Nothing to follow: the job ended, the RayJob is not Running, or it is left to another controller. */
    NONE
  }

  /** Checks that a target is given exactly when one is needed. */
  public LogTailNeed {
    Objects.requireNonNull(kind, "kind");
    if ((kind == Kind.NONE) != (target == null)) {
      throw new IllegalArgumentException(kind + (target == null ? " needs a target" : " takes no target"));
    }
  }

  /** Follow {@code target}. */
  public static LogTailNeed follow(LogTailTarget target) {
    return new LogTailNeed(Kind.FOLLOW, Objects.requireNonNull(target, "target"));
  }

  /** Keep a tail of {@code target} if one is open. */
  public static LogTailNeed keepIfOpen(LogTailTarget target) {
    return new LogTailNeed(Kind.KEEP_IF_OPEN, Objects.requireNonNull(target, "target"));
  }

  /** No tail. */
  public static LogTailNeed none() {
    return new LogTailNeed(Kind.NONE, null);
  }
}
