package dev.raykube.cluster;

import java.util.Objects;

/**
 * A failed Pod write of the last reconcile, reported in the {@code ReplicaFailure} condition.
 *
 * @param reason which write failed
 * @param message the error, for people
 */
public record ReplicaFailure(Reason reason, String message) {

  /** Which write failed; {@link #value()} is the condition reason KubeRay uses. */
  public enum Reason {
    /** Creating the head Pod failed. */
    FAILED_CREATE_HEAD_POD("FailedCreateHeadPod"),
    /** Deleting the head Pod failed. */
    FAILED_DELETE_HEAD_POD("FailedDeleteHeadPod"),
    /** Creating a worker Pod failed. */
    FAILED_CREATE_WORKER_POD("FailedCreateWorkerPod"),
    /** Deleting a worker Pod failed. */
    FAILED_DELETE_WORKER_POD("FailedDeleteWorkerPod"),
    /** Deleting all Pods (suspend) failed. */
    FAILED_DELETE_ALL_PODS("FailedDeleteAllPods");

    private final String value;

    Reason(String value) {
      this.value = value;
    }

    /** The condition reason, e.g. {@code FailedCreateWorkerPod}. */
    public String value() {
      return value;
    }
  }

  /** Checks that nothing is missing. */
  public ReplicaFailure {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(message, "message");
  }
}
