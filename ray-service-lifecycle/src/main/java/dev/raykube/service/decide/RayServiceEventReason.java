package dev.raykube.service.decide;

import dev.raykube.reconcile.EventReason;

/**
 * Every reason of the Kubernetes Events recorded about a RayService: those the state machine asks for
 * ({@link RayServiceAction.EmitEvent}) and those of the outcome of an action, which the actuator records. A Warning for
 * every failure or rejected input, a Normal Event for an action on another object.
 */
public enum RayServiceEventReason implements EventReason {
  // Decisions of the state machine.
  /** Warning: {@code metadata} of the RayService is invalid (its name, the initializing-timeout annotation). */
  INVALID_METADATA("InvalidRayServiceMetadata"),
  /** Warning: {@code spec} of the RayService is invalid. */
  INVALID_SPEC("InvalidRayServiceSpec"),
  /** Warning: Serve rejected the serve config, or an application failed to deploy; the message is Serve's. */
  SERVE_DEPLOY_FAILED("ServeDeployFailed"),
  /** Warning: the RayService did not become ready within {@code ray.io/initializing-timeout}; its clusters go. */
  INITIALIZING_TIMEOUT("InitializingTimeout"),
  /** Normal: the cluster spec changed in a way that needs a new cluster; a pending cluster is created. */
  UPGRADE_STARTED("UpgradeStarted"),
  /** Normal: the Services were switched to the pending cluster, which is now the active one. */
  UPGRADE_COMPLETED("UpgradeCompleted"),
  /** Normal: {@code spec.suspend} was set; the clusters and Services are being deleted. */
  SUSPENDING("Suspending"),
  /** Normal: the RayService is suspended; nothing of it runs. */
  SUSPENDED("Suspended"),
  /** Normal: {@code spec.suspend} was cleared; the RayService starts again. */
  RESUMED("Resumed"),

  // Outcomes of actions (recorded by the actuator).
  /** Normal: a RayCluster of the RayService was created. */
  CREATED_RAY_CLUSTER("CreatedRayCluster"),
  /** Warning: creating a RayCluster failed. */
  FAILED_TO_CREATE_RAY_CLUSTER("FailedToCreateRayCluster"),
  /** Normal: a RayCluster of the RayService was updated in place. */
  UPDATED_RAY_CLUSTER("UpdatedRayCluster"),
  /** Warning: updating a RayCluster failed. */
  FAILED_TO_UPDATE_RAY_CLUSTER("FailedToUpdateRayCluster"),
  /** Normal: a RayCluster of the RayService is being deleted. */
  DELETED_RAY_CLUSTER("DeletedRayCluster"),
  /** Warning: deleting a RayCluster failed. */
  FAILED_TO_DELETE_RAY_CLUSTER("FailedToDeleteRayCluster"),
  /** Normal: the serve config was sent to a cluster's dashboard. */
  UPDATED_SERVE_APPLICATIONS("UpdatedServeApplications"),
  /** Warning: sending the serve config failed (dashboard unreachable; a rejection is {@link #SERVE_DEPLOY_FAILED}). */
  FAILED_TO_UPDATE_SERVE_APPLICATIONS("FailedToUpdateServeApplications"),
  /** Normal: the head and serve Services were pointed at a cluster. */
  UPDATED_SERVICES("UpdatedServices"),
  /** Warning: creating or updating the head or serve Service failed. */
  FAILED_TO_UPDATE_SERVICES("FailedToUpdateServices");

  private final String value;

  RayServiceEventReason(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }
}
