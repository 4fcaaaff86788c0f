package dev.raykube.operator.runtime;

/** Why a running operator ended. */
public enum Termination {
  /** {@link RayOperator#close()} was called (normal shutdown). */
  STOPPED,
  /**
   * This replica lost the leader-election Lease while the operator was running. Another replica may already be
   * reconciling, so the process must end (the main exits with status 1 and the Deployment restarts the pod).
   */
  LEADERSHIP_LOST
}
