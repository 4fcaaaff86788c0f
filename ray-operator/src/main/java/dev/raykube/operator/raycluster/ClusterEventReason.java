package dev.raykube.operator.raycluster;

/**
 * The reasons of the Kubernetes Events the RayCluster controller records on a RayCluster, spelled as KubeRay spells
 * them where KubeRay has the same event, so that alerts and dashboards keep working.
 */
public enum ClusterEventReason {
  /** Normal: the head Pod was created. */
  CREATED_HEAD_POD("CreatedHeadPod", Type.NORMAL),
  /** Normal: a worker Pod was created. */
  CREATED_WORKER_POD("CreatedWorkerPod", Type.NORMAL),
  /** Normal: the head Pod was deleted (it had failed and is replaced). */
  DELETED_HEAD_POD("DeletedHeadPod", Type.NORMAL),
  /** Normal: a worker Pod was deleted (failed, scaled down, named in workersToDelete, group suspended or removed). */
  DELETED_WORKER_POD("DeletedWorkerPod", Type.NORMAL),
  /** Normal: every Pod of the cluster was deleted because it is suspended. */
  DELETED_POD("DeletedPod", Type.NORMAL),
  /** Warning: creating the head Pod failed. */
  FAILED_TO_CREATE_HEAD_POD("FailedToCreateHeadPod", Type.WARNING),
  /** Warning: creating a worker Pod failed. */
  FAILED_TO_CREATE_WORKER_POD("FailedToCreateWorkerPod", Type.WARNING),
  /** Warning: deleting the head Pod failed. */
  FAILED_TO_DELETE_HEAD_POD("FailedToDeleteHeadPod", Type.WARNING),
  /** Warning: deleting a worker Pod failed. */
  FAILED_TO_DELETE_WORKER_POD("FailedToDeleteWorkerPod", Type.WARNING),
  /** Warning: deleting all Pods (suspend) failed. */
  FAILED_TO_DELETE_POD("FailedToDeletePod", Type.WARNING),
  /** Normal: the head Service was created. */
  CREATED_SERVICE("CreatedService", Type.NORMAL),
  /** Warning: creating the head Service failed. */
  FAILED_TO_CREATE_SERVICE("FailedToCreateService", Type.WARNING),
  /** Normal: the autoscaler's ServiceAccount was created. */
  CREATED_SERVICE_ACCOUNT("CreatedServiceAccount", Type.NORMAL),
  /** Warning: creating the autoscaler's ServiceAccount failed. */
  FAILED_TO_CREATE_SERVICE_ACCOUNT("FailedToCreateServiceAccount", Type.WARNING),
  /** Normal: the autoscaler's Role was created. */
  CREATED_ROLE("CreatedRole", Type.NORMAL),
  /** Warning: creating the autoscaler's Role failed. */
  FAILED_TO_CREATE_ROLE("FailedToCreateRole", Type.WARNING),
  /** Normal: the autoscaler's RoleBinding was created. */
  CREATED_ROLE_BINDING("CreatedRoleBinding", Type.NORMAL),
  /** Warning: creating the autoscaler's RoleBinding failed. */
  FAILED_TO_CREATE_ROLE_BINDING("FailedToCreateRoleBinding", Type.WARNING),
  /** Normal: the Ray auth token Secret was created. */
  CREATED_SECRET("CreatedSecret", Type.NORMAL),
  /** Warning: creating the Ray auth token Secret failed. */
  FAILED_TO_CREATE_SECRET("FailedToCreateSecret", Type.WARNING),
  /** Warning: the head template names a ServiceAccount for the autoscaler that does not exist. */
  AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND("AutoscalerServiceAccountNotFound", Type.WARNING),
  /** Warning: the RayCluster's name is not acceptable; nothing is created until it is. */
  INVALID_METADATA("InvalidRayClusterMetadata", Type.WARNING),
  /** Warning: the RayCluster's spec is not acceptable; nothing is created until it is fixed. */
  INVALID_SPEC("InvalidRayClusterSpec", Type.WARNING),
  /** Warning: the observed Pods contradict each other (e.g. two head Pods); nothing is changed until they do not. */
  INCONSISTENT_PODS("InconsistentPods", Type.WARNING);

  /** The Event type. */
  public enum Type {
    /** {@code Normal}. */
    NORMAL("Normal"),
    /** {@code Warning}. */
    WARNING("Warning");

    private final String value;

    Type(String value) {
      this.value = value;
    }

    /** {@code Normal} or {@code Warning}. */
    public String value() {
      return value;
    }
  }

  private final String value;
  private final Type type;

  ClusterEventReason(String value, Type type) {
    this.value = value;
    this.type = type;
  }

  /** The Event's {@code reason}, e.g. {@code CreatedWorkerPod}. */
  public String value() {
    return value;
  }

  /** The Event's {@code type}. */
  public Type type() {
    return type;
  }
}
