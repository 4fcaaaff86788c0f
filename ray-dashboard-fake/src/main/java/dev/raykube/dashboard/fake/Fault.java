package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.Objects;

/**
 * A failure that {@link FakeRayDashboard} injects into matching requests, see
 * {@link FakeRayDashboard#injectFault(String, String, int, Fault)}. Instances are immutable.
 */
public final class Fault {
  enum Kind { STATUS, LATENCY, DROP_BEFORE_HANDLING, DROP_AFTER_HANDLING, GARBAGE_BODY }

  private final Kind kind;
  private final int status;
  private final String body;
  private final Duration delay;

  private Fault(Kind kind, int status, String body, Duration delay) {
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.delay = delay;
  }

  /**
   * Answers with this status and a {@code text/plain} body instead of handling the request (the request has no
   * effect).
   */
  public static Fault status(int status, String body) {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("HTTP status must be 100..599: " + status);
    }
    return new Fault(Kind.STATUS, status, Objects.requireNonNull(body, "body"), null);
  }

  /** Answers with this status and aiohttp's default text {@code "<status>: <reason>"}, without handling. */
  public static Fault status(int status) {
    return status(status, status + ": " + reason(status));
  }

  /** Handles the request normally but delays the response headers by {@code delay} (not scaled). */
  public static Fault latency(Duration delay) {
    if (delay.isNegative()) {
      throw new IllegalArgumentException("latency must not be negative: " + delay);
    }
    return new Fault(Kind.LATENCY, 0, null, delay);
  }

  /** Closes the connection without a response and without handling the request (it has no effect). */
  public static Fault dropConnection() {
    return new Fault(Kind.DROP_BEFORE_HANDLING, 0, null, null);
  }

  /**
   * Handles the request (so a submit or stop takes effect) and then closes the connection without a response: the
   * client cannot tell whether the request was applied.
   */
  public static Fault dropConnectionAfterHandling() {
    return new Fault(Kind.DROP_AFTER_HANDLING, 0, null, null);
  }

  /** Answers 200 with a body that is not JSON ({@code text/html}), without handling the request. */
  public static Fault garbageBody() {
    return new Fault(Kind.GARBAGE_BODY, 200, "<html><body>502 Bad Gateway? {\"not\": json", null);
  }

  Kind kind() {
    return kind;
  }

  int statusCode() {
    return status;
  }

  String body() {
    return body;
  }

  Duration delay() {
    return delay;
  }

  static String reason(int status) {
    switch (status) {
      case 400: return "Bad Request";
      case 401: return "Unauthorized";
      case 403: return "Forbidden";
      case 404: return "Not Found";
      case 405: return "Method Not Allowed";
      case 500: return "Internal Server Error";
      case 501: return "Not Implemented";
      case 502: return "Bad Gateway";
      case 503: return "Service Unavailable";
      case 504: return "Gateway Timeout";
      default: return "Error";
    }
  }

  @Override
  public String toString() {
    switch (kind) {
      case STATUS: return "Fault.status(" + status + ")";
      case LATENCY: return "Fault.latency(" + delay + ")";
      case DROP_BEFORE_HANDLING: return "Fault.dropConnection()";
      case DROP_AFTER_HANDLING: return "Fault.dropConnectionAfterHandling()";
      default: return "Fault.garbageBody()";
    }
  }
}
