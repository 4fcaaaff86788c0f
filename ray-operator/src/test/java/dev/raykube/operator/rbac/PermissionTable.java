package dev.raykube.operator.rbac;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The documented expectation: every permission the deploy manifests grant, who needs it and why. RbacCoverageTest
 * checks that the ClusterRole (and the namespaced Role) grant exactly the {@link #CLUSTER_ROLE} permissions, the
 * leader-election Role exactly the {@link #LEADER_ELECTION} ones, and that every {@link Use#CALLED} permission of a
 * running component is actually called. To grant something new, add it to the YAML and here, with a reason.
 */
public final class PermissionTable {

  /** The RayCluster controller (its name in {@code RayControllers}). */
  public static final String RAYCLUSTER = "raycluster";
  /** The RayJob controller (its name in {@code RayControllers}). */
  public static final String RAYJOB = "rayjob";
  /** The RayService controller (its name in {@code RayControllers}). */
  public static final String RAYSERVICE = "rayservice";
  /** The RayCronJob controller (its name in {@code RayControllers}). */
  public static final String RAYCRONJOB = "raycronjob";
  /** Java Operator SDK's leader election. */
  public static final String LEADER_ELECTION = "leader-election";

  /** How a permission is needed. */
  public enum Use {
    /** The operator makes this API call; the scenario must observe it whenever its owner runs. */
    CALLED,
    /** Never called, but checked before acting (a self-check, or admission such as OwnerReferencesPermissionEnforcement). */
    CHECKED,
    /** Never called, but granted by a Role the operator creates; RBAC lets a subject grant only what it holds. */
    DELEGATED
  }

  /** One documented reason for one permission. */
  public record Grant(Permission permission, String owner, Use use, String why) {
    /** Requires every component. */
    public Grant {
      Objects.requireNonNull(permission, "permission");
      Objects.requireNonNull(owner, "owner");
      Objects.requireNonNull(use, "use");
      Objects.requireNonNull(why, "why");
    }
  }

  /** What the ClusterRole (and, per namespace, the namespaced Role) grants. */
  public static final List<Grant> CLUSTER_ROLE = List.of(
      called("ray.io", "rayclusters", "list", RAYCLUSTER, "informer of the primary resource"),
      called("ray.io", "rayclusters", "watch", RAYCLUSTER, "informer of the primary resource"),
      called("ray.io", "rayclusters/status", "update", RAYCLUSTER,
          "status replaced, locked to the observed resourceVersion"),
      checked("ray.io", "rayclusters/finalizers", "update", RAYCLUSTER,
          "owned Pods, Services, ServiceAccounts, Roles, RoleBindings and Secrets carry blockOwnerDeletion"),
      delegated("ray.io", "rayclusters", "get", RAYCLUSTER, "autoscaler Role"),
      called("ray.io", "rayclusters", "get", RAYCLUSTER,
          "the Redis clean-up finalizer is added and removed read-modify-write (FinalizerEditor)"),
      called("ray.io", "rayclusters", "update", RAYCLUSTER,
          "the Redis clean-up finalizer, written locked to the resourceVersion read"),
      delegated("ray.io", "rayclusters", "patch", RAYCLUSTER, "autoscaler Role"),
      called("ray.io", "rayclusters", "get", RAYJOB, "observe the owned or selected cluster"),
      called("ray.io", "rayclusters", "create", RAYJOB, "the cluster of a RayJob with rayClusterSpec"),
      called("ray.io", "rayclusters", "update", RAYJOB,
          "deletion rule DeleteWorkers suspends the owned cluster's worker groups (optimistic locking)"),
      called("ray.io", "rayclusters", "delete", RAYJOB,
          "the owned cluster: shutdownAfterJobFinishes or DeleteCluster, suspend, before a retry"),
      called("ray.io", "rayjobs", "list", RAYJOB, "informer of the primary resource"),
      called("ray.io", "rayjobs", "watch", RAYJOB, "informer of the primary resource"),
      called("ray.io", "rayjobs", "get", RAYJOB,
          "re-read after a status write conflicts (409); JOSDK re-reads after a conflicting finalizer patch"),
      called("ray.io", "rayjobs", "patch", RAYJOB, "finalizer ray.io/rayjob-finalizer added and removed by JSON patch"),
      called("ray.io", "rayjobs", "delete", RAYJOB, "deletion rule DeleteSelf: the RayJob deletes itself"),
      called("ray.io", "rayjobs/status", "update", RAYJOB, "status written with optimistic locking"),
      checked("ray.io", "rayjobs/finalizers", "update", RAYJOB,
          "the owned RayCluster and submitter Job carry blockOwnerDeletion"),
      called("ray.io", "rayclusters", "list", RAYSERVICE, "informer and cleanup of the clusters it created (by label)"),
      called("ray.io", "rayclusters", "watch", RAYSERVICE, "informer of the clusters it created (by label)"),
      called("ray.io", "rayclusters", "create", RAYSERVICE, "the active and pending clusters"),
      called("ray.io", "rayclusters", "get", RAYSERVICE, "edit() of a cluster reads it first"),
      called("ray.io", "rayclusters", "update", RAYSERVICE, "in-place updates (optimistic locking)"),
      called("ray.io", "rayclusters", "patch", RAYSERVICE,
          "the dangling-since annotation (JSON merge patch)"),
      called("ray.io", "rayclusters", "delete", RAYSERVICE, "dangling clusters, suspend, deletion cleanup"),
      called("ray.io", "rayservices", "list", RAYSERVICE, "informer of the primary resource"),
      called("ray.io", "rayservices", "watch", RAYSERVICE, "informer of the primary resource"),
      called("ray.io", "rayservices", "get", RAYSERVICE,
          "re-read after a status write conflicts (409); JOSDK re-reads after a conflicting finalizer patch"),
      called("ray.io", "rayservices", "patch", RAYSERVICE,
          "finalizer ray.io/rayservice-finalizer added and removed by JSON patch"),
      called("ray.io", "rayservices/status", "update", RAYSERVICE, "status written with optimistic locking"),
      checked("ray.io", "rayservices/finalizers", "update", RAYSERVICE,
          "the owned RayClusters and Services carry blockOwnerDeletion"),
      called("ray.io", "raycronjobs", "list", RAYCRONJOB, "informer of the primary resource"),
      called("ray.io", "raycronjobs", "watch", RAYCRONJOB, "informer of the primary resource"),
      called("ray.io", "raycronjobs", "get", RAYCRONJOB,
          "re-read after the status write conflicts (409), then written again on the new version"),
      called("ray.io", "raycronjobs/status", "update", RAYCRONJOB,
          "lastScheduleTime written with optimistic locking, after the RayJob is created"),
      checked("ray.io", "raycronjobs/finalizers", "update", RAYCRONJOB,
          "the RayJobs it creates carry blockOwnerDeletion"),
      called("ray.io", "rayjobs", "create", RAYCRONJOB, "the RayJob of each scheduled time"),
      called("", "events", "create", RAYCRONJOB, "Events for created RayJobs, missed times, suspension, bad specs"),
      called("", "events", "get", RAYCRONJOB, "edit() of a repeated Warning reads it first"),
      called("", "events", "patch", RAYCRONJOB, "repeated Warnings bump count"),
      called("", "pods", "list", RAYSERVICE, "informer of its clusters' Pods (by label)"),
      called("", "pods", "watch", RAYSERVICE, "informer of its clusters' Pods (by label)"),
      called("", "pods", "patch", RAYSERVICE, "the ray.io/serve label (JSON merge patch)"),
      called("", "services", "list", RAYSERVICE, "informer of the head and serve Services it created (by label)"),
      called("", "services", "watch", RAYSERVICE, "informer of the head and serve Services it created"),
      called("", "services", "create", RAYSERVICE, "head and serve Services"),
      called("", "services", "patch", RAYSERVICE, "selectors moved to the serving cluster (JSON patch)"),
      called("", "services", "delete", RAYSERVICE, "suspend"),
      called("discovery.k8s.io", "endpointslices", "list", RAYSERVICE, "informer of the serve Service's endpoints"),
      called("discovery.k8s.io", "endpointslices", "watch", RAYSERVICE, "informer of the serve Service's endpoints"),
      called("", "events", "create", RAYSERVICE, "Events for actions on other objects and failures"),
      called("", "events", "get", RAYSERVICE, "edit() of a repeated Event reads it first"),
      called("", "events", "patch", RAYSERVICE, "repeated Events bump count"),
      called("", "pods", "list", RAYCLUSTER, "informer of the cluster's Pods"),
      called("", "pods", "watch", RAYCLUSTER, "informer of the cluster's Pods"),
      called("", "pods", "create", RAYCLUSTER, "head and worker Pods"),
      called("", "pods", "delete", RAYCLUSTER, "workersToDelete, scale-down, failed Pods"),
      called("", "pods", "deletecollection", RAYCLUSTER, "suspend deletes all Pods of a cluster at once"),
      delegated("", "pods", "get", RAYCLUSTER, "autoscaler Role"),
      delegated("", "pods", "list", RAYCLUSTER, "autoscaler Role"),
      delegated("", "pods", "watch", RAYCLUSTER, "autoscaler Role"),
      delegated("", "pods", "patch", RAYCLUSTER, "autoscaler Role"),
      delegated("", "pods/resize", "patch", RAYCLUSTER, "autoscaler Role"),
      called("", "services", "list", RAYCLUSTER, "informer of head Services"),
      called("", "services", "watch", RAYCLUSTER, "informer of head Services"),
      called("", "services", "create", RAYCLUSTER, "head Service"),
      called("", "services", "get", RAYJOB, "head Service of the cluster, for the dashboard address"),
      called("", "serviceaccounts", "get", RAYCLUSTER, "autoscaler ServiceAccount exists?"),
      called("", "serviceaccounts", "create", RAYCLUSTER, "autoscaler ServiceAccount"),
      called("rbac.authorization.k8s.io", "roles", "get", RAYCLUSTER, "autoscaler Role exists?"),
      called("rbac.authorization.k8s.io", "roles", "create", RAYCLUSTER, "autoscaler Role"),
      called("rbac.authorization.k8s.io", "rolebindings", "get", RAYCLUSTER, "autoscaler RoleBinding exists?"),
      called("rbac.authorization.k8s.io", "rolebindings", "create", RAYCLUSTER, "autoscaler RoleBinding"),
      called("", "secrets", "get", RAYCLUSTER, "Ray auth token Secret exists?"),
      called("", "secrets", "create", RAYCLUSTER, "Ray auth token Secret when none exists"),
      called("", "secrets", "get", RAYJOB, "token for the dashboard of a cluster with token auth"),
      called("batch", "jobs", "get", RAYCLUSTER, "the Redis clean-up Job of a deleted fault-tolerant cluster"),
      called("batch", "jobs", "create", RAYCLUSTER, "the Redis clean-up Job of a deleted fault-tolerant cluster"),
      called("batch", "jobs", "list", RAYJOB, "informer of submitter Jobs (where the submitter is observed)"),
      called("batch", "jobs", "watch", RAYJOB, "informer of submitter Jobs"),
      called("batch", "jobs", "create", RAYJOB, "K8sJobMode submitter"),
      called("batch", "jobs", "delete", RAYJOB, "the K8sJobMode submitter, on suspend and before a retry"),
      called("", "events", "create", RAYCLUSTER, "Events for creates, deletes and failures"),
      called("", "events", "get", RAYCLUSTER, "the patch of a repeated Warning reads the Event first"),
      called("", "events", "patch", RAYCLUSTER, "repeated Warnings bump count and lastTimestamp"),
      called("", "events", "create", RAYJOB, "Events for every step"),
      called("", "events", "get", RAYJOB, "edit() of a repeated Event reads it first"),
      called("", "events", "patch", RAYJOB, "repeated Events bump count"));

  /** What the leader-election Role grants in the operator's namespace. */
  public static final List<Grant> LEADER_ELECTION_ROLE = List.of(
      called("coordination.k8s.io", "leases", "create", LEADER_ELECTION, "the Lease, first time"),
      called("coordination.k8s.io", "leases", "get", LEADER_ELECTION, "read the holder"),
      called("coordination.k8s.io", "leases", "patch", LEADER_ELECTION, "acquire and renew (fabric8 LeaseLock)"),
      checked("coordination.k8s.io", "leases", "update", LEADER_ELECTION,
          "Java Operator SDK's SelfSubjectRulesReview check requires create, update and get"));

  private PermissionTable() {
  }

  /** The distinct permissions of some grants. */
  public static Set<Permission> permissions(List<Grant> grants) {
    return grants.stream().map(Grant::permission).collect(Collectors.toCollection(TreeSet::new));
  }

  /** The permissions that running {@code owners} call. */
  public static Set<Permission> calledBy(List<Grant> grants, Set<String> owners) {
    return grants.stream().filter(g -> g.use() == Use.CALLED && owners.contains(g.owner())).map(Grant::permission)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The permissions {@code owner} grants to Roles it creates. */
  public static Set<Permission> delegatedBy(String owner) {
    return CLUSTER_ROLE.stream().filter(g -> g.use() == Use.DELEGATED && g.owner().equals(owner))
        .map(Grant::permission).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Grant called(String group, String resource, String verb, String owner, String why) {
    return new Grant(new Permission(group, resource, verb), owner, Use.CALLED, why);
  }

  private static Grant checked(String group, String resource, String verb, String owner, String why) {
    return new Grant(new Permission(group, resource, verb), owner, Use.CHECKED, why);
  }

  private static Grant delegated(String group, String resource, String verb, String owner, String why) {
    return new Grant(new Permission(group, resource, verb), owner, Use.DELEGATED, why);
  }
}
