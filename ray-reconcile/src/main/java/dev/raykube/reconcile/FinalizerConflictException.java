package dev.raykube.reconcile;

import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * {@link FinalizerEditor} met a conflict (HTTP 409: the object changed between read and write) on every one of its
 * attempts. Other writers keep changing the object; calling again later will usually succeed. {@link #getCode()} is
 * 409; the cause is the last conflict.
 */
public final class FinalizerConflictException extends KubernetesClientException {
  private static final long serialVersionUID = 1L;

  private final int attempts;
  private final transient Status status;

  /**
   * @param message what was tried
   * @param attempts how many attempts conflicted
   * @param lastConflict the last 409, or null
   */
  public FinalizerConflictException(String message, int attempts, KubernetesClientException lastConflict) {
    super(message, lastConflict);
    this.attempts = attempts;
    this.status = lastConflict == null ? null : lastConflict.getStatus();
  }

  /** How many attempts conflicted. */
  public int attempts() {
    return attempts;
  }

  /** Always 409 (Conflict). */
  @Override
  public int getCode() {
    return 409;
  }

  /** The API server's status of the last conflict, or null. */
  @Override
  public Status getStatus() {
    return status;
  }
}
