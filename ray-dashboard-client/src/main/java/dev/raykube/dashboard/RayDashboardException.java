package dev.raykube.dashboard;

/**
 * Root of all errors of {@link RayDashboardClient}; unchecked.
 *
 * <p>Subclasses say what went wrong; {@link #statusCode()} and {@link #responseBody()} keep what the dashboard answered
 * (the body verbatim: a Python traceback, a short text, a JSON envelope or anything a proxy sent). Messages and bodies
 * never contain the bearer token: any occurrence is replaced with {@code ***}.
 */
public class RayDashboardException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int statusCode;
  private final String responseBody;

  /**
   * @param message what failed, for people
   * @param statusCode the HTTP status, or 0 when there was no HTTP response
   * @param responseBody the response body as received (already redacted), or null
   * @param cause the underlying error, or null
   */
  public RayDashboardException(String message, int statusCode, String responseBody, Throwable cause) {
    super(message, cause);
    this.statusCode = statusCode;
    this.responseBody = responseBody;
  }

  /** An error without an HTTP response. */
  public RayDashboardException(String message, Throwable cause) {
    this(message, 0, null, cause);
  }

  /** The HTTP status the dashboard answered, or 0 if there was no HTTP response (e.g. the connection failed). */
  public int statusCode() {
    return statusCode;
  }

  /** The raw response body (token redacted), or null if there was no response. */
  public String responseBody() {
    return responseBody;
  }

  /**
   * Whether trying the same call again later may succeed (the dashboard was unreachable or overloaded). The client
   * itself already retried idempotent calls per its {@link RetryPolicy} before throwing.
   */
  public boolean isRetryable() {
    return false;
  }
}
