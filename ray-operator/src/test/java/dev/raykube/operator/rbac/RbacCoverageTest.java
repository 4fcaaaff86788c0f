package dev.raykube.operator.rbac;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.AutoscalerRbac;
import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.RayControllers;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deploy manifests grant exactly what the operator needs: every API call the production operator makes (recorded
 * on its client while it runs {@link RbacScenario}) is allowed by the ClusterRole — or, in the namespaced variant, by
 * the Role in the watched namespace — plus the leader-election Role; and every permission they grant is documented
 * in {@link PermissionTable}, where each one a running component calls must have been called (for the components
 * {@link RbacScenario#EXERCISED exercised} by the scenario; the others are reported).
 */
@EnableKubernetesMockClient(crud = true)
class RbacCoverageTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  @BeforeAll
  static void cluster() {
    RayCrds.install(client);
    for (String ns : List.of(RbacScenario.NAMESPACE, RbacScenario.LEASE_NAMESPACE)) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
    // What a real API server answers the operator's service account (JOSDK checks it before electing a leader).
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, DeployManifests.leaderElectionRulesReview()).always();
  }

  /** The mock has no garbage collector: remove what a scenario left, so that the next one creates it again. */
  @AfterEach
  void clean() {
    String ns = RbacScenario.NAMESPACE;
    for (ControllerDefinition<?> controller : RayControllers.all()) {
      for (HasMetadata object : client.resources(controller.resourceClass()).inNamespace(ns).list().getItems()) {
        client.resource(object).edit(o -> {
          o.getMetadata().setFinalizers(List.of());
          return o;
        });
      }
      client.resources(controller.resourceClass()).inNamespace(ns).delete();
    }
    client.resources(RayCluster.class).inNamespace(ns).delete();
    client.batch().v1().jobs().inNamespace(ns).delete();
    client.pods().inNamespace(ns).delete();
    client.services().inNamespace(ns).delete();
    client.discovery().v1().endpointSlices().inNamespace(ns).delete();
    client.serviceAccounts().inNamespace(ns).delete();
    client.rbac().roles().inNamespace(ns).delete();
    client.rbac().roleBindings().inNamespace(ns).delete();
    client.secrets().inNamespace(ns).delete();
    client.v1().events().inNamespace(ns).delete();
    client.leases().inNamespace(RbacScenario.LEASE_NAMESPACE).delete();
  }

  private static Set<Permission> granted(List<PolicyRule> rules) {
    return rules.stream().flatMap(rule -> Permission.of(rule).stream()).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> runningOwners() {
    Set<String> owners = RayControllers.all().stream().map(ControllerDefinition::name)
        .collect(Collectors.toCollection(TreeSet::new));
    owners.add(PermissionTable.LEADER_ELECTION);
    return owners;
  }

  @Test
  void theClusterRoleGrantsExactlyTheDocumentedPermissions() {
    ClusterRole clusterRole = DeployManifests.clusterRole();
    assertThat(clusterRole.getRules()).allMatch(rule -> rule.getResourceNames().isEmpty()
        && rule.getNonResourceURLs().isEmpty());
    assertThat(granted(clusterRole.getRules())).as("ClusterRole vs PermissionTable.CLUSTER_ROLE")
        .containsExactlyElementsOf(PermissionTable.permissions(PermissionTable.CLUSTER_ROLE));
  }

  @Test
  void theNamespacedRoleGrantsTheSameRulesAsTheClusterRole() {
    assertThat(DeployManifests.namespacedRole().getRules()).isEqualTo(DeployManifests.clusterRole().getRules());
  }

  @Test
  void theLeaderElectionRoleGrantsExactlyTheDocumentedPermissionsOnTheDefaultLease() {
    Role role = DeployManifests.leaderElectionRole();
    assertThat(granted(role.getRules()))
        .containsExactlyElementsOf(PermissionTable.permissions(PermissionTable.LEADER_ELECTION_ROLE));
    for (PolicyRule rule : role.getRules()) {
      if (rule.getVerbs().contains("create")) {
        assertThat(rule.getResourceNames()).as("create cannot be restricted by name").isEmpty();
      } else {
        assertThat(rule.getResourceNames()).containsExactly(OperatorSettings.DEFAULT_LEASE_NAME);
      }
    }
  }

  @Test
  void theOperatorHoldsEverythingTheAutoscalerRoleGrants() {
    RayCluster cluster = new RayCluster();
    cluster.getMetadata().setName("c");
    cluster.getMetadata().setNamespace("ns");
    cluster.getMetadata().setUid("uid");
    Set<Permission> autoscaler = granted(AutoscalerRbac.role(cluster, ClusterBuildSettings.defaults()).getRules());

    assertThat(granted(DeployManifests.clusterRole().getRules())).containsAll(autoscaler);
    assertThat(PermissionTable.delegatedBy(PermissionTable.RAYCLUSTER)).as("documented as delegated")
        .isSubsetOf(autoscaler);
  }

  @Test
  void everyCallOfTheClusterWideOperatorIsAllowedAndEveryCalledGrantIsUsed() throws Exception {
    List<ApiCall> calls = RbacScenario.run(server, client);

    RbacAuthorizer authorizer = new RbacAuthorizer()
        .clusterWide(DeployManifests.clusterRole().getRules())
        .inNamespace(RbacScenario.LEASE_NAMESPACE, DeployManifests.leaderElectionRole().getRules());
    assertAllowedAndCovered(calls, authorizer);
  }

  @Test
  void everyCallOfTheNamespacedOperatorIsAllowedByTheNamespacedRole() throws Exception {
    List<ApiCall> calls = RbacScenario.run(server, client, "--namespaces=" + RbacScenario.NAMESPACE);

    Role role = DeployManifests.namespacedRole();
    assertThat(role.getMetadata().getNamespace()).isEqualTo(RbacScenario.NAMESPACE);
    RbacAuthorizer authorizer = new RbacAuthorizer()
        .inNamespace(RbacScenario.NAMESPACE, role.getRules())
        .inNamespace(RbacScenario.LEASE_NAMESPACE, DeployManifests.leaderElectionRole().getRules());
    assertAllowedAndCovered(calls, authorizer);
  }

  private static void assertAllowedAndCovered(List<ApiCall> calls, RbacAuthorizer authorizer) {
    assertThat(calls).as("recorded calls").isNotEmpty();
    assertThat(calls.stream().filter(call -> !authorizer.allows(call)).map(ApiCall::toString).distinct())
        .as("calls the manifests do not allow (grant them in the YAML and document them in PermissionTable)")
        .isEmpty();

    Set<Permission> made = calls.stream().filter(call -> !call.isNonResource()).map(ApiCall::permission)
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> exercised = new TreeSet<>(runningOwners());
    exercised.retainAll(RbacScenario.EXERCISED);
    assertThat(calledBy(exercised)).as("documented as called by " + exercised + " but never called: exercise it in"
        + " RbacScenario, or remove it from the YAML and PermissionTable").isSubsetOf(made);

    Set<String> unexercised = new TreeSet<>(runningOwners());
    unexercised.removeAll(RbacScenario.EXERCISED);
    Set<Permission> unreached = calledBy(unexercised);
    unreached.removeAll(made);
    if (!unreached.isEmpty()) {
      System.out.println("RBAC coverage: running controllers " + unexercised + " have no exercise in RbacScenario;"
          + " documented calls not reached by the samples alone: " + unreached);
    }
  }

  private static Set<Permission> calledBy(Set<String> owners) {
    Set<Permission> called = new TreeSet<>(PermissionTable.calledBy(PermissionTable.CLUSTER_ROLE, owners));
    called.addAll(PermissionTable.calledBy(PermissionTable.LEADER_ELECTION_ROLE, owners));
    return called;
  }
}
