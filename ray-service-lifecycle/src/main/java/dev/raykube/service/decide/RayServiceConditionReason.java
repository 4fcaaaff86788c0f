package dev.raykube.service.decide;

/**
 * The reasons of the {@code Ready} and {@code UpgradeInProgress} conditions and of {@code Suspending} /
 * {@code Suspended}, KubeRay's spelling where KubeRay has the same reason.
 */
public enum RayServiceConditionReason {
  /** Ready=False: no cluster has served yet and the initializing timeout, if any, has not passed. */
  INITIALIZING("Initializing"),
  /** Ready=False, for good: the RayService did not become ready within {@code ray.io/initializing-timeout}. */
  INITIALIZING_TIMEOUT("InitializingTimeout"),
  /** Ready=False: the serve Service has no ready endpoint. */
  ZERO_SERVE_ENDPOINTS("ZeroServeEndpoints"),
  /** Ready=True: the serve Service has at least one ready endpoint. */
  NON_ZERO_SERVE_ENDPOINTS("NonZeroServeEndpoints"),
  /** Ready=False: the RayService's spec or metadata is invalid; nothing is done until it is fixed. */
  VALIDATION_FAILED("ValidationFailed"),
  /**
   * Ready (the active cluster's config) or UpgradeInProgress (the pending cluster's config): Serve rejected the serve
   * config or an application failed to deploy; the message is Serve's. RayKube's own reason.
   */
  SERVE_DEPLOY_FAILED("ServeDeployFailed"),
  /** UpgradeInProgress=True: an active and a pending cluster exist. */
  BOTH_ACTIVE_PENDING_CLUSTERS_EXIST("BothActivePendingClustersExist"),
  /** UpgradeInProgress=False: there is an active cluster and no pending one. */
  NO_PENDING_CLUSTER("NoPendingCluster"),
  /** UpgradeInProgress=False: there is no active cluster (yet). */
  NO_ACTIVE_CLUSTER("NoActiveCluster"),
  /**
   * Suspending=True (and Ready=False): {@code spec.suspend} is set and the clusters and Services are being deleted.
   */
  SUSPENDING("RayServiceSuspending"),
  /** Suspended=True (and Ready=False): nothing of the RayService runs. */
  SUSPENDED("RayServiceSuspended"),
  /** Suspended=False: {@code spec.suspend} was cleared and the RayService starts again. */
  RESUMED("RayServiceResumed");

  private final String value;

  RayServiceConditionReason(String value) {
    this.value = value;
  }

  /** The reason as written in the condition. */
  public String value() {
    return value;
  }
}
