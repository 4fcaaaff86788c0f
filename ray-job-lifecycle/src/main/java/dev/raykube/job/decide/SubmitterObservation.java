package dev.raykube.job.decide;

import dev.raykube.model.common.StatusTimes;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import java.time.Instant;
import java.util.Objects;

/**
 * What the caller saw of the submitter: for K8sJobMode the batch Job named like the RayJob ({@link #of(Job)}), for
 * SidecarMode the {@value #SIDECAR_CONTAINER} container of the cluster's head Pod ({@link #ofSidecar(Pod)}): nothing,
 * still active, finished ({@code Complete} or {@code Failed}) at a known time, or (SidecarMode) no head Pod at all.
 */
public sealed interface SubmitterObservation {

  /** The SidecarMode submitter's container in the head Pod. */
  String SIDECAR_CONTAINER = "ray-job-submitter";

  /**
   * Restarts after which a restarting SidecarMode submitter fails its RayJob: KubeRay's default
   * {@code submitterConfig.backoffLimit}, which is the only limit in SidecarMode since {@code submitterConfig} is
   * refused there.
   */
  int SIDECAR_RESTART_LIMIT = 2;

  /** Returns the observation "no submitter Job". */
  static SubmitterObservation absent() {
    return Absent.INSTANCE;
  }

  /** Returns the observation "the submitter Job exists and has not finished". */
  static SubmitterObservation active() {
    return Active.INSTANCE;
  }

  /** Returns the observation "the submitter Job completed at {@code finishedAt}". */
  static SubmitterObservation complete(Instant finishedAt) {
    return new Complete(finishedAt);
  }

  /** Returns the observation "the submitter Job failed at {@code finishedAt}", with the condition's message. */
  static SubmitterObservation failed(Instant finishedAt, String message) {
    return new Failed(finishedAt, message);
  }

  /**
   * Reads a batch Job: {@code null} is {@link #absent()}; a {@code Failed=True} condition is {@link #failed}; a
   * {@code Complete=True} condition is {@link #complete}; anything else (including the intermediate
   * {@code FailureTarget} and {@code SuccessCriteriaMet} conditions, while Pods still terminate) is {@link #active()}.
   * The finish time is the condition's {@code lastTransitionTime}, else {@code status.completionTime}; a Job that
   * reports neither counts as finished long ago ({@link Instant#EPOCH}), so no grace period waits for it.
   *
   * @param job the Job as read, or {@code null}
   * @return the observation
   */
  static SubmitterObservation of(Job job) {
    if (job == null) {
      return absent();
    }
    if (job.getStatus() == null || job.getStatus().getConditions() == null) {
      return active();
    }
    for (JobCondition condition : job.getStatus().getConditions()) {
      if (condition != null && "Failed".equals(condition.getType()) && "True".equals(condition.getStatus())) {
        String message = condition.getMessage() != null ? condition.getMessage() : condition.getReason();
        return failed(finishedAt(condition, job), message == null ? "the submitter Job failed" : message);
      }
    }
    for (JobCondition condition : job.getStatus().getConditions()) {
      if (condition != null && "Complete".equals(condition.getType()) && "True".equals(condition.getStatus())) {
        return complete(finishedAt(condition, job));
      }
    }
    return active();
  }

  /** Returns the observation "SidecarMode: the cluster has no head Pod". */
  static SubmitterObservation headPodMissing() {
    return HeadPodMissing.INSTANCE;
  }

  /** Returns the observation "the restarting submitter container exited at {@code finishedAt} and will start again". */
  static SubmitterObservation restarting(Instant finishedAt, String message) {
    return new Restarting(finishedAt, message);
  }

  /**
   * Reads the SidecarMode submitter from the cluster's head Pod: {@code null} is {@link #headPodMissing()}; its
   * {@value #SIDECAR_CONTAINER} container terminated with exit code 0 is {@link #complete}; anything else before it
   * terminates (waiting, running, no status yet) is {@link #active()}. A non-zero exit depends on the container's own
   * {@code restartPolicy} in the Pod's spec (set by KubeRay's {@code SidecarSubmitterRestart}, so the Pod, not the
   * operator's current gate, decides):
   * <ul>
   *   <li>none: {@link #failed} at the container's {@code finishedAt} (else {@link Instant#EPOCH});</li>
   *   <li>{@code OnFailure} or {@code Always}: once the container has restarted {@value #SIDECAR_RESTART_LIMIT} times
   *       (its {@code lastState} is terminated and it is not now terminated with 0) {@link #failed}, as KubeRay
   *       counts it; before that, while it is terminated, {@link #restarting}, and while it runs again,
   *       {@link #active()}.</li>
   * </ul>
   *
   * @param headPod the head Pod as read, or {@code null}
   * @return the observation
   */
  static SubmitterObservation ofSidecar(Pod headPod) {
    if (headPod == null) {
      return headPodMissing();
    }
    if (headPod.getStatus() == null || headPod.getStatus().getContainerStatuses() == null) {
      return active();
    }
    String pod = headPod.getMetadata().getName();
    for (ContainerStatus container : headPod.getStatus().getContainerStatuses()) {
      if (container == null || !SIDECAR_CONTAINER.equals(container.getName())) {
        continue;
      }
      ContainerStateTerminated terminated = container.getState() == null ? null : container.getState().getTerminated();
      Integer exit = terminated == null ? null : terminated.getExitCode() == null ? 1 : terminated.getExitCode();
      if (exit != null && exit == 0) {
        return complete(finishedAt(terminated));
      }
      if (!restartsOnFailure(headPod)) {
        return exit == null ? active() : failed(finishedAt(terminated), "container " + SIDECAR_CONTAINER
            + " of head Pod " + pod + " exited with " + exit + reason(terminated));
      }
      ContainerStateTerminated last = container.getLastState() == null ? null
          : container.getLastState().getTerminated();
      int restarts = container.getRestartCount() == null ? 0 : container.getRestartCount();
      if (last != null && restarts >= SIDECAR_RESTART_LIMIT) {
        return failed(finishedAt(terminated != null ? terminated : last), "container " + SIDECAR_CONTAINER
            + " of head Pod " + pod + " terminated after exceeding the maximum restart count (" + restarts
            + " restarts, limit " + SIDECAR_RESTART_LIMIT + ")");
      }
      return exit == null ? active() : restarting(finishedAt(terminated), "container " + SIDECAR_CONTAINER
          + " of head Pod " + pod + " exited with " + exit + reason(terminated) + " after " + restarts + " restarts");
    }
    return active();
  }

  private static boolean restartsOnFailure(Pod headPod) {
    return headPod.getSpec() != null && headPod.getSpec().getContainers() != null
        && headPod.getSpec().getContainers().stream()
            .anyMatch(c -> SIDECAR_CONTAINER.equals(c.getName())
                && ("OnFailure".equals(c.getRestartPolicy()) || "Always".equals(c.getRestartPolicy())));
  }

  private static Instant finishedAt(ContainerStateTerminated terminated) {
    return StatusTimes.parse(terminated.getFinishedAt()).orElse(Instant.EPOCH);
  }

  private static String reason(ContainerStateTerminated terminated) {
    return terminated.getReason() == null ? "" : " (" + terminated.getReason() + ")";
  }

  private static Instant finishedAt(JobCondition condition, Job job) {
    return StatusTimes.parse(condition.getLastTransitionTime())
        .or(() -> StatusTimes.parse(job.getStatus().getCompletionTime()))
        .orElse(Instant.EPOCH);
  }

  /** Whether the submitter has finished, successfully or not: it exists and is no longer active. */
  default boolean finished() {
    return this instanceof Complete || this instanceof Failed;
  }

  /** SidecarMode: the cluster has no head Pod, so its submitter is gone with it. */
  final class HeadPodMissing implements SubmitterObservation {
    private static final HeadPodMissing INSTANCE = new HeadPodMissing();

    private HeadPodMissing() {
    }

    @Override
    public String toString() {
      return "SubmitterObservation.HeadPodMissing";
    }
  }

  /** No submitter Job exists. */
  final class Absent implements SubmitterObservation {
    private static final Absent INSTANCE = new Absent();

    private Absent() {
    }

    @Override
    public String toString() {
      return "SubmitterObservation.Absent";
    }
  }

  /** The submitter Job exists and has not finished. */
  final class Active implements SubmitterObservation {
    private static final Active INSTANCE = new Active();

    private Active() {
    }

    @Override
    public String toString() {
      return "SubmitterObservation.Active";
    }
  }

  /**
   * The submitter Job completed.
   *
   * @param finishedAt when; not null
   */
  record Complete(Instant finishedAt) implements SubmitterObservation {
    /** Checks the time is given. */
    public Complete {
      Objects.requireNonNull(finishedAt, "finishedAt");
    }
  }

  /**
   * SidecarMode with a restarting submitter container: it exited with a non-zero code and kubelet is to start it
   * again (its script then finds the submission and follows its logs instead of submitting again).
   *
   * @param finishedAt when it exited; not null
   * @param message the exit, for a message should it not restart in time; not null
   */
  record Restarting(Instant finishedAt, String message) implements SubmitterObservation {
    /** Checks both values are given. */
    public Restarting {
      Objects.requireNonNull(finishedAt, "finishedAt");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * The submitter Job failed (its backoffLimit was exhausted or its deadline passed).
   *
   * @param finishedAt when; not null
   * @param message the condition's message or reason; not null
   */
  record Failed(Instant finishedAt, String message) implements SubmitterObservation {
    /** Checks both values are given. */
    public Failed {
      Objects.requireNonNull(finishedAt, "finishedAt");
      Objects.requireNonNull(message, "message");
    }
  }
}
