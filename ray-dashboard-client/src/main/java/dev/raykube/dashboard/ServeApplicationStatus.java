package dev.raykube.dashboard;

import java.util.Locale;

/** A Serve application's status as Ray reports it. */
public enum ServeApplicationStatus {
  /** Not deployed yet. */
  NOT_STARTED,
  /** Being deployed or updated. */
  DEPLOYING,
  /** The deploy failed; see the message. */
  DEPLOY_FAILED,
  /** All deployments are healthy. */
  RUNNING,
  /** A deployment became unhealthy after the deploy. */
  UNHEALTHY,
  /** Being deleted. */
  DELETING,
  /** A status this client does not know. */
  UNKNOWN;

  /** Maps Ray's string case-insensitively; null or unknown give {@link #UNKNOWN}. */
  public static ServeApplicationStatus fromWire(String value) {
    if (value == null) {
      return UNKNOWN;
    }
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException unknown) {
      return UNKNOWN;
    }
  }
}
