package dev.raykube.operator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRule;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.ResourceRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The YAML files of {@code ray-operator/deploy}, read as Kubernetes objects: by the operator's tests (which run in the
 * module directory) and by the end-to-end suite (in a sibling module).
 */
public final class DeployManifests {

  /** The deploy directory. */
  public static final Path DIR = Files.isDirectory(Path.of("deploy")) ? Path.of("deploy")
      : Path.of("..", "ray-operator", "deploy");

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private DeployManifests() {
  }

  /** Reads one object from a file under {@code deploy/}. */
  public static <T extends HasMetadata> T load(String file, Class<T> type) {
    try {
      return SERIALIZATION.unmarshal(Files.readString(DIR.resolve(file)), type);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The operator's ClusterRole. */
  public static ClusterRole clusterRole() {
    return load("cluster-rbac/cluster_role.yaml", ClusterRole.class);
  }

  /** The leader-election Role in the operator's namespace. */
  public static Role leaderElectionRole() {
    return load("operator-account/leader_election_role.yaml", Role.class);
  }

  /** The per-namespace Role of the namespaced variant. */
  public static Role namespacedRole() {
    return load("namespaced/role.yaml", Role.class);
  }

  /** The operator Deployment. */
  public static Deployment deployment() {
    return load("manager/deployment.yaml", Deployment.class);
  }

  /**
   * The answer a real API server would give the operator's service account to a SelfSubjectRulesReview in the
   * leader-election Role's namespace: that Role's rules (Java Operator SDK checks them before electing).
   */
  public static SelfSubjectRulesReview leaderElectionRulesReview() {
    Role role = leaderElectionRole();
    List<ResourceRule> rules = role.getRules().stream().map(DeployManifests::toResourceRule).toList();
    return new SelfSubjectRulesReviewBuilder()
        .withNewSpec().withNamespace(role.getMetadata().getNamespace()).endSpec()
        .withNewStatus().withIncomplete(false).withResourceRules(rules).endStatus()
        .build();
  }

  private static ResourceRule toResourceRule(PolicyRule rule) {
    return new ResourceRuleBuilder()
        .withApiGroups(rule.getApiGroups())
        .withResources(rule.getResources())
        .withResourceNames(rule.getResourceNames())
        .withVerbs(rule.getVerbs())
        .build();
  }
}
