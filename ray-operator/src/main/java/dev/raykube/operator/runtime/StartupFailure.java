package dev.raykube.operator.runtime;

/**
 * The operator cannot start, for a reason its user can act on (cluster unreachable, credentials rejected, CRDs
 * missing, no permission). The message is one complete sentence meant to be printed as is, without a stack trace.
 */
public final class StartupFailure extends Exception {

  private static final long serialVersionUID = 1L;

  /** A failure with a one-sentence message. */
  public StartupFailure(String sentence) {
    super(sentence);
  }

  /** A failure with a one-sentence message and the underlying cause (kept for debug logging). */
  public StartupFailure(String sentence, Throwable cause) {
    super(sentence, cause);
  }
}
