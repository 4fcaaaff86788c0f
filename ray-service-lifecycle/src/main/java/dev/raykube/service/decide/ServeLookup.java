package dev.raykube.service.decide;

import dev.raykube.dashboard.ServeInstanceDetails;
import java.util.Objects;

/**
 * What a cluster's dashboard said when asked for its Serve applications ({@code GET /api/serve/applications/}): the
 * details, a failure, or nothing because the caller did not ask. Ask only when the head Pod is ready; a head that is
 * not ready is {@link #notQueried()}.
 */
public sealed interface ServeLookup {

  /** Returns the answer "here is the Serve instance" (no applications while Serve does not run). */
  static ServeLookup details(ServeInstanceDetails details) {
    return new Details(details);
  }

  /**
   * Returns the outcome "the dashboard could not be asked or did not answer usefully".
   *
   * @param message what went wrong, for the status; not null
   */
  static ServeLookup failed(String message) {
    return new Failed(message);
  }

  /** Returns the outcome "the caller did not ask". */
  static ServeLookup notQueried() {
    return NotQueried.INSTANCE;
  }

  /**
   * The dashboard answered.
   *
   * @param details the Serve instance as reported; not null
   */
  record Details(ServeInstanceDetails details) implements ServeLookup {
    /** Checks the details are given. */
    public Details {
      Objects.requireNonNull(details, "details");
    }
  }

  /**
   * The dashboard was unreachable or answered with an error.
   *
   * @param message what went wrong; not null
   */
  record Failed(String message) implements ServeLookup {
    /** Checks the message is given. */
    public Failed {
      Objects.requireNonNull(message, "message");
    }
  }

  /** The caller did not ask the dashboard. */
  final class NotQueried implements ServeLookup {
    private static final NotQueried INSTANCE = new NotQueried();

    private NotQueried() {
    }

    @Override
    public String toString() {
      return "ServeLookup.NotQueried";
    }
  }
}
