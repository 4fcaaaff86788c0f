package dev.raykube.cluster.loop;

import dev.raykube.reconcile.EventReason;
import dev.raykube.reconcile.EventType;

/**
 * Every reason of the Kubernetes Events recorded about a RayCluster, spelled as KubeRay spells them where KubeRay has
 * the same event, so that alerts and dashboards keep working. Each reason has one type. Warnings are aggregated (a
 * reconcile repeats them while a problem lasts); Normal Events each report one create or delete and are not.
 */
public enum ClusterEventReason implements EventReason {
  /** Normal: the head Pod was created. */
  CREATED_HEAD_POD("CreatedHeadPod", EventType.NORMAL),
  /** Normal: a worker Pod was created. */
  CREATED_WORKER_POD("CreatedWorkerPod", EventType.NORMAL),
  /** Normal: the head Pod was deleted (it had failed and is replaced). */
  DELETED_HEAD_POD("DeletedHeadPod", EventType.NORMAL),
  /** Normal: a worker Pod was deleted (failed, scaled down, named in workersToDelete, group suspended or removed). */
  DELETED_WORKER_POD("DeletedWorkerPod", EventType.NORMAL),
  /** Normal: every Pod of the cluster was deleted because it is suspended. */
  DELETED_POD("DeletedPod", EventType.NORMAL),
  /** Warning: creating the head Pod failed. */
  FAILED_TO_CREATE_HEAD_POD("FailedToCreateHeadPod", EventType.WARNING),
  /** Warning: creating a worker Pod failed. */
  FAILED_TO_CREATE_WORKER_POD("FailedToCreateWorkerPod", EventType.WARNING),
  /** Warning: deleting the head Pod failed. */
  FAILED_TO_DELETE_HEAD_POD("FailedToDeleteHeadPod", EventType.WARNING),
  /** Warning: deleting a worker Pod failed. */
  FAILED_TO_DELETE_WORKER_POD("FailedToDeleteWorkerPod", EventType.WARNING),
  /** Warning: deleting all Pods (suspend) failed. */
  FAILED_TO_DELETE_POD("FailedToDeletePod", EventType.WARNING),
  /** Normal: the head Service was created. */
  CREATED_SERVICE("CreatedService", EventType.NORMAL),
  /** Warning: creating the head Service failed. */
  FAILED_TO_CREATE_SERVICE("FailedToCreateService", EventType.WARNING),
  /** Normal: the autoscaler's ServiceAccount was created. */
  CREATED_SERVICE_ACCOUNT("CreatedServiceAccount", EventType.NORMAL),
  /** Warning: creating the autoscaler's ServiceAccount failed. */
  FAILED_TO_CREATE_SERVICE_ACCOUNT("FailedToCreateServiceAccount", EventType.WARNING),
  /** Normal: the autoscaler's Role was created. */
  CREATED_ROLE("CreatedRole", EventType.NORMAL),
  /** Warning: creating the autoscaler's Role failed. */
  FAILED_TO_CREATE_ROLE("FailedToCreateRole", EventType.WARNING),
  /** Normal: the autoscaler's RoleBinding was created. */
  CREATED_ROLE_BINDING("CreatedRoleBinding", EventType.NORMAL),
  /** Warning: creating the autoscaler's RoleBinding failed. */
  FAILED_TO_CREATE_ROLE_BINDING("FailedToCreateRoleBinding", EventType.WARNING),
  /** Normal: the Ray auth token Secret was created. */
  CREATED_SECRET("CreatedSecret", EventType.NORMAL),
  /** Warning: creating the Ray auth token Secret failed. */
  FAILED_TO_CREATE_SECRET("FailedToCreateSecret", EventType.WARNING),
  /** Normal: the head's Ingress was created ({@code enableIngress}). */
  CREATED_INGRESS("CreatedIngress", EventType.NORMAL),
  /** Normal: the head's Ingress was updated to match the RayCluster. */
  UPDATED_INGRESS("UpdatedIngress", EventType.NORMAL),
  /**
   * Warning: creating the head's Ingress failed, or an Ingress of that name exists that the RayCluster does not
   * control (it is left alone).
   */
  FAILED_TO_CREATE_INGRESS("FailedToCreateIngress", EventType.WARNING),
  /** Warning: updating the head's Ingress failed. */
  FAILED_TO_UPDATE_INGRESS("FailedToUpdateIngress", EventType.WARNING),
  /** Normal: a NetworkPolicy of the cluster was created ({@code networkPolicy}, gate RayClusterNetworkPolicy). */
  CREATED_NETWORK_POLICY("CreatedNetworkPolicy", EventType.NORMAL),
  /** Normal: a NetworkPolicy of the cluster was updated to match the RayCluster. */
  UPDATED_NETWORK_POLICY("UpdatedNetworkPolicy", EventType.NORMAL),
  /** Normal: a NetworkPolicy no longer wanted (a removed group, or no {@code networkPolicy}) was deleted. */
  DELETED_NETWORK_POLICY("DeletedNetworkPolicy", EventType.NORMAL),
  /** Warning: creating a NetworkPolicy failed. */
  FAILED_TO_CREATE_NETWORK_POLICY("FailedToCreateNetworkPolicy", EventType.WARNING),
  /** Warning: updating a NetworkPolicy failed. */
  FAILED_TO_UPDATE_NETWORK_POLICY("FailedToUpdateNetworkPolicy", EventType.WARNING),
  /** Warning: deleting a NetworkPolicy failed. */
  FAILED_TO_DELETE_NETWORK_POLICY("FailedToDeleteNetworkPolicy", EventType.WARNING),
  /** Warning: a NetworkPolicy of a wanted name exists that the RayCluster does not control; it is left alone. */
  NETWORK_POLICY_NAME_COLLISION("NetworkPolicyNameCollision", EventType.WARNING),
  /** Warning: the head template names a ServiceAccount for the autoscaler that does not exist. */
  AUTOSCALER_SERVICE_ACCOUNT_NOT_FOUND("AutoscalerServiceAccountNotFound", EventType.WARNING),
  /** Normal: the cluster's PodGroup was created ({@code --batch-scheduler=volcano} or {@code scheduler-plugins}). */
  CREATED_POD_GROUP("CreatedPodGroup", EventType.NORMAL),
  /** Normal: the cluster's Volcano PodGroup was resized ({@code minMember}, {@code minResources}). */
  UPDATED_POD_GROUP("UpdatedPodGroup", EventType.NORMAL),
  /**
   * Warning: the cluster's PodGroup could not be read, created or resized (the scheduler's CRD not installed, no
   * permission, a bad {@code volcano.sh/network-topology-highest-tier-allowed} label); no Pod is created meanwhile.
   */
  FAILED_TO_SYNC_POD_GROUP("FailedToSyncPodGroup", EventType.WARNING),
  /** Warning: the RayCluster's name is not acceptable; nothing is created until it is. */
  INVALID_METADATA("InvalidRayClusterMetadata", EventType.WARNING),
  /** Warning: the RayCluster's spec is not acceptable; nothing is created until it is fixed. */
  INVALID_SPEC("InvalidRayClusterSpec", EventType.WARNING),
  /** Normal: the Job that deletes a deleted RayCluster's data from Redis was created. */
  CREATED_REDIS_CLEANUP_JOB("CreatedRedisCleanupJob", EventType.NORMAL),
  /** Warning: creating the Redis clean-up Job failed; it is tried again until the clean-up deadline. */
  FAILED_TO_CREATE_REDIS_CLEANUP_JOB("FailedToCreateRedisCleanupJob", EventType.WARNING),
  /** Warning: the Redis clean-up Job failed; the cluster's data may remain in Redis. */
  REDIS_CLEANUP_FAILED("RedisCleanupFailed", EventType.WARNING),
  /**
   * Warning: the Redis clean-up could not finish (deadline passed, namespace being deleted); the finalizer was removed
   * anyway and the cluster's data may remain in Redis.
   */
  FORCE_DELETED_STUCK_CLUSTER("ForceDeletedStuckCluster", EventType.WARNING),
  /** Warning: the observed Pods contradict each other (e.g. two head Pods); nothing is changed until they do not. */
  INCONSISTENT_PODS("InconsistentPods", EventType.WARNING);

  private final String value;
  private final EventType type;

  ClusterEventReason(String value, EventType type) {
    this.value = value;
    this.type = type;
  }

  /** The Event's {@code reason}, e.g. {@code CreatedWorkerPod}. */
  @Override
  public String value() {
    return value;
  }

  /** The Event's {@code type}. */
  public EventType type() {
    return type;
  }

  /** Warnings only: a Normal Event reports one action, even when its text is that of another. */
  @Override
  public boolean aggregated() {
    return type == EventType.WARNING;
  }
}
