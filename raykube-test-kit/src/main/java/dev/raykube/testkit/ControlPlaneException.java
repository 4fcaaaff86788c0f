package dev.raykube.testkit;

/**
 * The local control plane could not be provisioned, started, reached or stopped: the message says which step failed
 * and where its log is.
 */
public final class ControlPlaneException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** An exception with a message saying what failed. */
  public ControlPlaneException(String message) {
    super(message);
  }

  /** An exception with a message and its cause. */
  public ControlPlaneException(String message, Throwable cause) {
    super(message, cause);
  }
}
