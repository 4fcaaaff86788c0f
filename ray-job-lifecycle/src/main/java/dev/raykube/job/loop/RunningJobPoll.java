package dev.raykube.job.loop;

import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.kernel.AdaptivePoll;
import java.util.Objects;

/**
 * How often the loop looks again at a RayJob whose Ray job has not ended, given what it just observed: the policy a
 * controller plugs into {@link RayJobLoop} (through {@link RayJobLoopBuilder#runningJobPoll}). The default polls at the
 * settings' interval; a controller that is told of a job's end some other way polls less (the job-end push of
 * {@code dev.raykube.job.push}: a dashboard's job list or a log tail following the job).
 */
@FunctionalInterface
public interface RunningJobPoll {

  /**
   * The poll for what was observed.
   *
   * @param observed the RayJob and what was observed for it
   * @return how often to look again while nothing else calls for a decision
   */
  AdaptivePoll pollFor(ObservedRayJob observed);

  /**
   * The same poll whatever was observed.
   *
   * @param poll the poll
   * @return the policy
   */
  static RunningJobPoll fixed(AdaptivePoll poll) {
    Objects.requireNonNull(poll, "poll");
    return observed -> poll;
  }
}
