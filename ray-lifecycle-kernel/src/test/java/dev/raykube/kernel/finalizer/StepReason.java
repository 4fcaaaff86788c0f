package dev.raykube.kernel.finalizer;

/** Cleanup reasons of the steps these tests script, as a kind's enum would define them. */
enum StepReason implements CleanupReason {
  STOP_REQUESTED("StopRequested"),
  DASHBOARD_UNAVAILABLE("DashboardUnavailable"),
  AUTHENTICATION_FAILED("DashboardAuthenticationFailed"),
  CLUSTERS_TERMINATING("RayClustersTerminating"),
  NO_CLUSTERS_LEFT("NoRayClustersLeft");

  private final String value;

  StepReason(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
