package dev.raykube.dashboard;

import java.util.Locale;

/** How a job came to be, as Ray reports it in {@code type}. */
public enum JobType {
  /** Submitted through the Jobs API. */
  SUBMISSION,
  /** A script that called {@code ray.init()} against the cluster directly; it cannot be stopped or deleted here. */
  DRIVER,
  /** A type this client does not know, or none (Ray 1.x does not send {@code type}). */
  UNKNOWN;

  /** Maps Ray's string case-insensitively (old docs show lower case); null or unknown give {@link #UNKNOWN}. */
  public static JobType fromWire(String value) {
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
