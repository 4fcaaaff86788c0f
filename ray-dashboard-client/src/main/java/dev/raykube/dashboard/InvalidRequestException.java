package dev.raykube.dashboard;

/**
 * The dashboard rejected the request as invalid: HTTP 400 (a type or validation error, an unknown field, a stop of a
 * DRIVER job, …), or a 500 in which the head reports that its job agent answered 400 (Ray 2.2+ forwards submit, stop
 * and delete to an agent, e.g. for a malformed label selector). Repeating the same request will fail again.
 */
public final class InvalidRequestException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  private final String serverMessage;

  /**
   * @param message what failed
   * @param statusCode 400, or 500 for an agent's 400 wrapped by the head
   * @param responseBody the raw body
   * @param serverMessage the server's own explanation, e.g. {@code TypeError: entrypoint must be a string, got <class
   *     'int'>}
   */
  public InvalidRequestException(String message, int statusCode, String responseBody, String serverMessage) {
    super(message, statusCode, responseBody, null);
    this.serverMessage = serverMessage;
  }

  /**
   * The server's explanation: the last exception line of a Python traceback (e.g. {@code TypeError: …}), or the whole
   * text for a short message such as {@code Can only stop submission type jobs}.
   */
  public String serverMessage() {
    return serverMessage;
  }
}
