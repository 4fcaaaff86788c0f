package dev.raykube.dashboard;

/**
 * The dashboard answered something this client has no meaning for: another status (a 500 traceback, 405, 501 "Serve
 * dependencies are not installed", …), or a 2xx body that is not the expected JSON (e.g. an HTML page from a proxy).
 * {@link #statusCode()} and {@link #responseBody()} hold what was received.
 */
public final class UnexpectedResponseException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  /** @param cause a parse error, or null */
  public UnexpectedResponseException(String message, int statusCode, String responseBody, Throwable cause) {
    super(message, statusCode, responseBody, cause);
  }
}
