package dev.raykube.dashboard;

/**
 * The server cannot do what was asked: it has no Jobs API at all ({@code GET /api/version} answered 404, i.e. Ray
 * older than 1.9, or the URL is not a Ray dashboard), its {@code ray_version} is older than 1.9 or unreadable, or the
 * operation needs a newer Ray (DELETE needs 2.2).
 */
public final class UnsupportedRayVersionException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  private final String rayVersion;

  /** @param rayVersion the version the server reported, or null if it reported none */
  public UnsupportedRayVersionException(String message, String rayVersion) {
    super(message, null);
    this.rayVersion = rayVersion;
  }

  /** The Ray version the server reported, or null if it reported none. */
  public String rayVersion() {
    return rayVersion;
  }
}
