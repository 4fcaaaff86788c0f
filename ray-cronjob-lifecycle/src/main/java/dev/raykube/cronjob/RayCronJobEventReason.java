package dev.raykube.cronjob;

import dev.raykube.reconcile.EventReason;
import dev.raykube.reconcile.EventType;

/**
 * Every reason of the Kubernetes Events recorded about a RayCronJob, KubeRay's spelling where KubeRay records the
 * same Event. Each reason has one type. Warnings are aggregated (a reconcile repeats them while a problem lasts, and a
 * repeat counts up the Event before); Normal Events each report one action and are not.
 */
public enum RayCronJobEventReason implements EventReason {
  /**
   * Warning: the RayCronJob is invalid (its name, schedule, time zone or job template); nothing is scheduled until it
   * is fixed. KubeRay's reason, used as KubeRay uses it, for the name too.
   */
  INVALID_SPEC("InvalidRayCronJobSpec", EventType.WARNING),
  /** Normal: the RayJob of a scheduled time was created (an action on another object). */
  CREATED_RAY_JOB("CreatedRayJob", EventType.NORMAL),
  /** Warning: creating the RayJob of a scheduled time failed; the next reconcile tries the same time again. */
  FAILED_TO_CREATE_RAY_JOB("FailedToCreateRayJob", EventType.WARNING),
  /**
   * Warning: several scheduled times fell due at once (the operator was down, or the RayCronJob was suspended); the
   * latest was run and the older ones were skipped. The message gives their number and the oldest and latest of
   * them. KubeRay has no such Event: it runs every missed time, one after the other.
   */
  MISSED_SCHEDULES("MissedSchedules", EventType.WARNING),
  /**
   * Normal: the RayCronJob is suspended, so it creates no RayJob. KubeRay's reason; recorded once per suspension
   * (KubeRay records it on every reconcile while suspended).
   */
  SUSPENDED("SuspendedRayCronJob", EventType.NORMAL);

  private final String value;
  private final EventType type;

  RayCronJobEventReason(String value, EventType type) {
    this.value = value;
    this.type = type;
  }

  /** The Event's {@code reason}, e.g. {@code CreatedRayJob}. */
  @Override
  public String value() {
    return value;
  }

  /** The Event's {@code type}. */
  public EventType type() {
    return type;
  }

  /** Warnings only: a Normal Event reports one action, even when its text is that of another. */
  @Override
  public boolean aggregated() {
    return type == EventType.WARNING;
  }
}
