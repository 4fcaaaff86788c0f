package dev.raykube.job.push;

import java.util.Objects;

/**
 * What one reconcile of a RayJob says about following its Ray job ({@link LogTailPolicy#need}): whether it is
 * followed, and why, by the two things that push the job's end to the controller, its log tail ({@link JobLogTails})
 * and its dashboard's job list ({@link JobListPolls}).
 *
 * @param kind follow, keep if already followed, or none
 * @param target what to follow or keep; {@code null} for {@link Kind#NONE}
 */
public record FollowNeed(Kind kind, LogTailTarget target) {

  /** The kinds of need. */
  public enum Kind {
    /** The Ray job was seen PENDING or RUNNING on the dashboard: follow it. */
    FOLLOW,
    /** The RayJob is Running but this reconcile did not see the Ray job live (not asked, no answer): start nothing
     *  new, keep following the same target (an open tail, a list that follows it). */
    KEEP_IF_OPEN,
    /** Nothing to follow: the job ended, the RayJob is not Running, or it is left to another controller. */
    NONE
  }

  /** Checks that a target is given exactly when one is needed. */
  public FollowNeed {
    Objects.requireNonNull(kind, "kind");
    if ((kind == Kind.NONE) != (target == null)) {
      throw new IllegalArgumentException(kind + (target == null ? " needs a target" : " takes no target"));
    }
  }

  /** Follow {@code target}. */
  public static FollowNeed follow(LogTailTarget target) {
    return new FollowNeed(Kind.FOLLOW, Objects.requireNonNull(target, "target"));
  }

  /** Keep following {@code target} if it is followed (a tail of it is open, a list follows it). */
  public static FollowNeed keepIfOpen(LogTailTarget target) {
    return new FollowNeed(Kind.KEEP_IF_OPEN, Objects.requireNonNull(target, "target"));
  }

  /** Follow nothing. */
  public static FollowNeed none() {
    return new FollowNeed(Kind.NONE, null);
  }
}
