package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.AutoscalerRbac;
import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.e2e.support.AuditedRequest;
import dev.raykube.e2e.support.AuditedRequest.Permission;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.e2e.support.OperatorIdentity;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The operator's RBAC in {@code ray-operator/deploy} is exact, as the real API server's RBAC authorizer sees it. Every
 * end-to-end test runs the operator as a user holding exactly those rules ({@link OperatorIdentity}), so a request
 * they do not allow fails that test. This class runs after all the others ({@code junit-platform.properties} orders
 * by {@link Order}) and checks the other direction in the API server's audit log: every permission the ClusterRole
 * grants was used by the suite's operators, except the few that are granted without being called and those called
 * on paths no end-to-end case takes (each with its reason below), and the authorizer refused none of their requests.
 * Run alone, it finds the permissions unused: it checks the requests of the whole suite ({@code e2e/run}).
 */
@Order(Integer.MAX_VALUE)
class OperatorRbacE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards().namespacePrefix("rbac");

  private static final Set<String> OPERATORS = Set.of(OperatorIdentity.CLUSTER_WIDE, OperatorIdentity.NAMESPACED);
  /** Every test of this JVM ran after it started: older lines of the audit log belong to earlier runs. */
  private static final Instant SUITE_START =
      Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());

  /**
   * Called by the operator, but on paths no end-to-end case takes; each is exercised, on the CRUD mock, by the test
   * named.
   */
  private static final Map<Permission, String> NOT_REACHED_BY_THE_SUITE = Map.of(
      new Permission("ray.io", "rayjobs", "get"), "re-read when a finalizer patch or a status write conflicts"
          + " (FinalizerEditorTest, StatusRecorderTest, RayJobLoopTest)",
      new Permission("ray.io", "rayservices", "get"), "re-read when a status write conflicts (StatusRecorderTest)",
      new Permission("ray.io", "raycronjobs", "get"), "re-read when a status write conflicts (RayCronJobLoopTest)",
      new Permission("", "services", "get"), "a head Service the informer has not seen yet, or the dashboard of a"
          + " RayJob whose RayCluster controller runs in another process (HeadServiceCache); the suite injects the"
          + " node sandbox's dashboard addresses",
      new Permission("", "services", "delete"), "a suspended RayService's head and serve Services"
          + " (RayServiceSuspendTimeoutValidationTest)",
      new Permission("batch", "jobs", "delete"), "a K8sJobMode RayJob's submitter Job when it is suspended or"
          + " retried (LoopActionsTest)",
      new Permission("ray.io", "rayjobs", "delete"), "deletionRules DeleteSelf (RayJobCleanupTest)");

  @Test
  void everyPermissionTheClusterRoleGrantsIsUsedByTheSuitesOperators() {
    List<AuditedRequest> requests = AuditedRequest.read(ControlPlane.auditLog(), OPERATORS, SUITE_START);
    Set<Permission> used = requests.stream().map(AuditedRequest::permission)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<Permission> granted = permissions(DeployManifests.clusterRole().getRules());

    Set<Permission> unused = new TreeSet<>(granted);
    unused.removeAll(used);
    // Granted to the autoscaler's Role by the operator: RBAC lets a subject grant only what it holds.
    unused.removeAll(permissions(AutoscalerRbac.role(sampleCluster(), ClusterBuildSettings.defaults()).getRules()));
    // Checked, never called: where the OwnerReferencesPermissionEnforcement admission plugin is on, owner references
    // with blockOwnerDeletion need update on the owner's finalizers (this control plane runs the default plugins).
    unused.removeIf(permission -> permission.resource().endsWith("/finalizers") && permission.verb().equals("update"));

    assertThat(requests).as("operator requests in the audit log since " + SUITE_START).isNotEmpty();
    assertThat(NOT_REACHED_BY_THE_SUITE.keySet()).as("each exemption is granted").isSubsetOf(granted);
    assertThat(unused).as("granted by ray-operator/deploy but used by no operator of the suite: remove them from"
        + " cluster_role.yaml and namespaced/role.yaml, exercise them in an e2e case, or say below why no case can")
        .isSubsetOf(NOT_REACHED_BY_THE_SUITE.keySet());
    assertThat(used).as("used, so granted (the authorizer allowed them)").isSubsetOf(granted);
  }

  @Test
  void noRequestOfTheSuitesOperatorsWasForbidden() {
    List<String> forbidden = AuditedRequest.read(ControlPlane.auditLog(), OPERATORS, SUITE_START).stream()
        .filter(AuditedRequest::forbidden)
        .map(request -> request.user() + ": " + request.permission() + " in '" + request.namespace() + "'")
        .distinct().toList();

    assertThat(forbidden).as("requests the deploy manifests do not allow (grant them in cluster_role.yaml and"
        + " namespaced/role.yaml, with the reason)").isEmpty();
  }

  @Test
  void leaderElectionUsesExactlyTheLeaderElectionRole() throws Exception {
    Instant started = Instant.now();
    String namespace = kube.namespace();
    try (InProcessOperator operator = InProcessOperator.start(kube.config(), kube.dashboardAccess(),
        "--namespaces=" + namespace, "--leader-election", "--leader-election-namespace=" + namespace)) {
      Eventually.await(Duration.ofSeconds(60), "the operator leads", operator.operator()::isLeading);
      String renewed = lease(namespace).getSpec().getRenewTime().toString();
      Eventually.await(Duration.ofSeconds(60), "the operator renews the Lease",
          () -> !lease(namespace).getSpec().getRenewTime().toString().equals(renewed));
    }

    Set<Permission> used = AuditedRequest.read(ControlPlane.auditLog(), Set.of(OperatorIdentity.NAMESPACED), started)
        .stream().filter(request -> request.group().equals("coordination.k8s.io"))
        .map(AuditedRequest::permission).collect(Collectors.toCollection(TreeSet::new));
    Set<Permission> granted = permissions(DeployManifests.leaderElectionRole().getRules());
    // update: never called, but Java Operator SDK asks for it (a SelfSubjectRulesReview) before it elects.
    granted.remove(new Permission("coordination.k8s.io", "leases", "update"));
    assertThat(used).as("Lease requests of the electing operator").isEqualTo(granted);
  }

  private static Lease lease(String namespace) {
    return kube.client().leases().inNamespace(namespace).withName(OperatorSettings.DEFAULT_LEASE_NAME).get();
  }

  private static Set<Permission> permissions(Collection<PolicyRule> rules) {
    Set<Permission> permissions = new TreeSet<>();
    for (PolicyRule rule : rules) {
      for (String group : rule.getApiGroups()) {
        for (String resource : rule.getResources()) {
          for (String verb : rule.getVerbs()) {
            assertThat(List.of(group, resource, verb)).as("no wildcard in the operator's RBAC").doesNotContain("*");
            permissions.add(new Permission(group, resource, verb));
          }
        }
      }
    }
    return permissions;
  }

  private static RayCluster sampleCluster() {
    RayCluster cluster = new RayCluster();
    cluster.getMetadata().setName("c");
    cluster.getMetadata().setNamespace("ns");
    cluster.getMetadata().setUid("uid");
    return cluster;
  }
}
