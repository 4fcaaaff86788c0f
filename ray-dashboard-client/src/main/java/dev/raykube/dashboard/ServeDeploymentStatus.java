package dev.raykube.dashboard;

import java.util.Locale;

/** A Serve deployment's status as Ray reports it. */
public enum ServeDeploymentStatus {
  /** Replicas are being started or updated. */
  UPDATING,
  /** All replicas are healthy. */
  HEALTHY,
  /** Some replicas are unhealthy. */
  UNHEALTHY,
  /** The deployment failed. */
  DEPLOY_FAILED,
  /** Adding replicas. */
  UPSCALING,
  /** Removing replicas. */
  DOWNSCALING,
  /** A status this client does not know. */
  UNKNOWN;

  /** Maps Ray's string case-insensitively; null or unknown give {@link #UNKNOWN}. */
  public static ServeDeploymentStatus fromWire(String value) {
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
