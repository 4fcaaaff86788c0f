package dev.raykube.e2e.support;

import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.operator.testing.TestSettings;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.util.List;

/**
 * Who the in-process operator is to the API server: not the admin, but a user that holds exactly what
 * {@code ray-operator/deploy} grants, so that the real API server's RBAC authorizer checks every request the operator
 * makes in every end-to-end test. Watching all namespaces it acts as {@link #CLUSTER_WIDE}, bound to a ClusterRole
 * with the rules of {@code cluster-rbac/cluster_role.yaml}; with {@code --namespaces} it acts as {@link #NAMESPACED},
 * bound in each watched namespace to a Role with the rules of {@code namespaced/role.yaml}, as the namespaced install
 * binds its Role. With leader election on, the rules of {@code operator-account/leader_election_role.yaml} are bound
 * in the Lease's namespace. The rules are read from the YAML on every start, never copied.
 */
public final class OperatorIdentity {

  /** The user the operator acts as when it watches all namespaces. */
  public static final String CLUSTER_WIDE = "raykube-e2e:operator";
  /** The user the operator acts as when it watches some namespaces ({@code --namespaces}). */
  public static final String NAMESPACED = "raykube-e2e:namespaced-operator";

  private static final String ROLE = "raykube-e2e-operator";
  private static final String LEADER_ELECTION_ROLE = "raykube-e2e-operator-leader-election";

  private OperatorIdentity() {
  }

  /**
   * Grants the operator started with {@code args} what the deploy manifests grant it, and returns {@code admin}'s
   * configuration impersonating that user.
   *
   * @param admin the control plane's admin configuration (allowed to impersonate)
   * @param args the operator's flags, read by the real command-line parser with the test defaults
   */
  public static Config grant(Config admin, String... args) {
    OperatorSettings settings = TestSettings.of(args);
    String user = settings.watchesAllNamespaces() ? CLUSTER_WIDE : NAMESPACED;
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(admin).build()) {
      if (settings.watchesAllNamespaces()) {
        apply(client, new ClusterRoleBuilder().withMetadata(named(ROLE, null))
            .withRules(DeployManifests.clusterRole().getRules()).build());
        apply(client, new ClusterRoleBindingBuilder().withMetadata(named(ROLE, null))
            .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", ROLE)
            .addNewSubject().withApiGroup("rbac.authorization.k8s.io").withKind("User").withName(user).endSubject()
            .build());
      } else {
        for (String namespace : settings.namespaces()) {
          bind(client, namespace, ROLE, DeployManifests.namespacedRole().getRules(), user);
        }
      }
      if (settings.leaderElection()) {
        String namespace = settings.leaseNamespace().orElseThrow(() -> new IllegalArgumentException(
            "give the in-process operator --leader-election-namespace: outside a Pod it has no namespace of its own"));
        bind(client, namespace, LEADER_ELECTION_ROLE, DeployManifests.leaderElectionRole().getRules(), user);
      }
    }
    return new ConfigBuilder(admin).withImpersonateUsername(user)
        .withImpersonateGroups("system:authenticated").build();
  }

  private static void bind(KubernetesClient client, String namespace, String name, List<PolicyRule> rules,
      String user) {
    apply(client, new RoleBuilder().withMetadata(named(name, namespace)).withRules(rules).build());
    apply(client, new RoleBindingBuilder().withMetadata(named(name, namespace))
        .withNewRoleRef("rbac.authorization.k8s.io", "Role", name)
        .addNewSubject().withApiGroup("rbac.authorization.k8s.io").withKind("User").withName(user).endSubject()
        .build());
  }

  private static void apply(KubernetesClient client, HasMetadata object) {
    client.resource(object).forceConflicts().serverSideApply();
  }

  private static ObjectMeta named(String name, String namespace) {
    return new ObjectMetaBuilder().withName(name).withNamespace(namespace)
        .addToLabels("app.kubernetes.io/part-of", "raykube-e2e").build();
  }
}
