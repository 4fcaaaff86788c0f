package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.operator.testing.DeployManifests;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Structural checks of {@code ray-operator/deploy}: hardening, probes, settings and kustomize wiring. */
class DeployManifestsTest {

  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  private static Container operatorContainer() {
    List<Container> containers = DeployManifests.deployment().getSpec().getTemplate().getSpec().getContainers();
    assertThat(containers).hasSize(1);
    return containers.get(0);
  }

  private static Map<String, EnvVar> env() {
    return operatorContainer().getEnv().stream()
        .collect(Collectors.toMap(EnvVar::getName, e -> e, (a, b) -> a, LinkedHashMap::new));
  }

  @Test
  void theOperatorPodIsHardened() {
    PodSpec pod = DeployManifests.deployment().getSpec().getTemplate().getSpec();
    assertThat(pod.getServiceAccountName()).isEqualTo("raykube-operator");
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getRunAsUser()).isPositive();
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    Container container = operatorContainer();
    assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(container.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(container.getSecurityContext().getCapabilities().getAdd()).isEmpty();
    assertThat(container.getSecurityContext().getPrivileged()).isNotEqualTo(Boolean.TRUE);
    assertThat(container.getVolumeMounts()).anyMatch(m -> m.getMountPath().equals("/tmp"));
    assertThat(pod.getVolumes()).anyMatch(v -> v.getEmptyDir() != null
        && container.getVolumeMounts().stream().anyMatch(m -> m.getName().equals(v.getName())
        && m.getMountPath().equals("/tmp")));
    assertThat(container.getResources().getRequests()).containsKeys("cpu", "memory");
    assertThat(container.getResources().getLimits()).containsKey("memory");
    assertThat(container.getImage()).matches("ghcr\\.io/raykube/ray-operator:\\d+\\.\\d+\\.\\d+");
  }

  @Test
  void probesUseTheHealthPortAndItsEndpoints() {
    Container container = operatorContainer();
    Map<String, Integer> ports = container.getPorts().stream()
        .collect(Collectors.toMap(ContainerPort::getName, ContainerPort::getContainerPort));
    assertThat(ports).containsEntry("health", Integer.valueOf(env().get("HEALTH_PORT").getValue()))
        .containsEntry("metrics", Integer.valueOf(env().get("METRICS_PORT").getValue()));
    for (Probe probe : List.of(container.getStartupProbe(), container.getLivenessProbe())) {
      assertThat(probe.getHttpGet().getPath()).isEqualTo("/healthz");
      assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("health");
    }
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/readyz");
    assertThat(container.getReadinessProbe().getHttpGet().getPort().getStrVal()).isEqualTo("health");
    Service metrics = DeployManifests.load("manager/metrics_service.yaml", Service.class);
    assertThat(metrics.getSpec().getPorts()).singleElement()
        .satisfies(port -> assertThat(port.getTargetPort().getStrVal()).isEqualTo("metrics"));
  }

  @Test
  void everyOperatorSettingIsSetByItsEnvironmentTwinAndParses() {
    Map<String, EnvVar> env = env();
    List<String> twins = new ArrayList<>(OperatorCommandLine.environmentTwins().values());
    twins.remove("KUBECONFIG"); // in-cluster: the service account
    assertThat(env.keySet()).containsAll(twins);
    assertThat(env.keySet()).allMatch(name -> twins.contains(name) || name.equals("JAVA_TOOL_OPTIONS"));
    assertThat(env.get("LEADER_ELECTION_NAMESPACE").getValueFrom().getFieldRef().getFieldPath())
        .isEqualTo("metadata.namespace");

    Map<String, String> values = new LinkedHashMap<>();
    env.values().stream().filter(e -> e.getValue() != null).forEach(e -> values.put(e.getName(), e.getValue()));
    values.put("LEADER_ELECTION_NAMESPACE", "raykube-system");
    CommandLineOutcome outcome = OperatorCommandLine.parse(new String[0], values);
    assertThat(outcome).isInstanceOf(CommandLineOutcome.Run.class);
    OperatorSettings settings = ((CommandLineOutcome.Run) outcome).settings();
    assertThat(settings.leaderElection()).isTrue();
    assertThat(settings.logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(settings.watchesAllNamespaces()).isTrue();

    // docs/configuration.md promises the defaults except the log format
    CommandLineOutcome defaults = OperatorCommandLine.parse(new String[0],
        Map.of("LEADER_ELECTION_NAMESPACE", "raykube-system"));
    assertThat(settings).usingRecursiveComparison().ignoringFields("logFormat")
        .isEqualTo(((CommandLineOutcome.Run) defaults).settings());
  }

  /**
   * The memory limit holds the heap share, the JVM's own memory outside the heap (about 100 MiB committed, measured
   * with NMT on the shaded jar) and the log tails the manifest allows (about 150 KB each, LogTailBenchmark), with room
   * to spare. See docs/rayjob.md, "What open tails cost".
   */
  @Test
  void theMemoryLimitHoldsTheHeapTheJvmAndTheAllowedLogTails() {
    long limit = Quantity.getAmountInBytes(operatorContainer().getResources().getLimits().get("memory"))
        .longValueExact();
    String options = env().get("JAVA_TOOL_OPTIONS").getValue();
    java.util.regex.Matcher percentage = java.util.regex.Pattern.compile("-XX:MaxRAMPercentage=(\\d+)")
        .matcher(options);
    assertThat(percentage.find()).as(options).isTrue();
    long heap = limit * Integer.parseInt(percentage.group(1)) / 100;
    long tails = Long.parseLong(env().get("MAX_JOB_LOG_TAILS").getValue());
    long jvmOutsideHeap = 100L << 20;
    long perTail = 150L << 10;
    long slack = 32L << 20;
    assertThat(heap + jvmOutsideHeap + tails * perTail + slack)
        .as("heap %d MiB + JVM 100 MiB + %d tails x 150 KB + 32 MiB slack within the %d MiB limit", heap >> 20,
            tails, limit >> 20)
        .isLessThanOrEqualTo(limit);
  }

  /**
   * The ClusterRoles shipped for Ray Pods with Kubernetes token authentication grant exactly the calls Ray 2.60 makes
   * for a presented token (a TokenReview, then a SubjectAccessReview) and the verb it asks about ({@code ray:write} on
   * {@code rayclusters.ray.io}); the e2e suite binds them and runs such a cluster on real Ray.
   */
  @Test
  void theRayNodeRolesGrantWhatRayChecksForKubernetesTokens() throws IOException {
    Map<String, List<String>> rules = new LinkedHashMap<>();
    for (String document : Files.readString(DeployManifests.DIR.resolve("ray-node-roles/k8s_token_auth.yaml"))
        .split("(?m)^---$")) {
      ClusterRole role = YAML.unmarshal(document, ClusterRole.class);
      for (PolicyRule rule : role.getRules()) {
        for (String resource : rule.getResources()) {
          rules.put(role.getMetadata().getName() + " " + rule.getApiGroups().get(0) + "/" + resource, rule.getVerbs());
        }
      }
    }
    assertThat(rules).containsExactly(
        Map.entry("raykube-ray-token-reviewer authentication.k8s.io/tokenreviews", List.of("create")),
        Map.entry("raykube-ray-token-reviewer authorization.k8s.io/subjectaccessreviews", List.of("create")),
        Map.entry("raykube-ray-writer ray.io/rayclusters", List.of("ray:write")));
    assertThat(kustomization("").get("resources").toString()).contains("ray-node-roles");
  }

  @Test
  void bindingsGrantTheRolesToTheOperatorServiceAccount() {
    ClusterRoleBinding cluster = DeployManifests.load("cluster-rbac/cluster_role_binding.yaml",
        ClusterRoleBinding.class);
    assertThat(cluster.getRoleRef().getName()).isEqualTo(DeployManifests.clusterRole().getMetadata().getName());
    RoleBinding election = DeployManifests.load("operator-account/leader_election_role_binding.yaml",
        RoleBinding.class);
    assertThat(election.getRoleRef().getName())
        .isEqualTo(DeployManifests.leaderElectionRole().getMetadata().getName());
    assertThat(election.getMetadata().getNamespace())
        .isEqualTo(DeployManifests.leaderElectionRole().getMetadata().getNamespace());
    RoleBinding namespaced = DeployManifests.load("namespaced/role_binding.yaml", RoleBinding.class);
    assertThat(namespaced.getRoleRef().getName()).isEqualTo(DeployManifests.namespacedRole().getMetadata().getName());
    assertThat(namespaced.getMetadata().getNamespace())
        .isEqualTo(DeployManifests.namespacedRole().getMetadata().getNamespace());
    for (var subjects : List.of(cluster.getSubjects(), election.getSubjects(), namespaced.getSubjects())) {
      assertThat(subjects).singleElement().satisfies(subject -> {
        assertThat(subject.getKind()).isEqualTo("ServiceAccount");
        assertThat(subject.getName()).isEqualTo("raykube-operator");
        assertThat(subject.getNamespace()).isEqualTo("raykube-system");
      });
    }
  }

  /** The e2e suite runs the operator with exactly these rules and checks them on the real API server's RBAC. */
  @Test
  void theNamespacedRoleGrantsTheRulesOfTheClusterRole() {
    assertThat(DeployManifests.namespacedRole().getRules()).isEqualTo(DeployManifests.clusterRole().getRules());
    assertThat(DeployManifests.clusterRole().getRules()).allMatch(rule -> rule.getResourceNames().isEmpty()
        && rule.getNonResourceURLs().isEmpty());
  }

  @Test
  void theLeaderElectionRoleIsLimitedToTheDefaultLeaseWhereRbacCanLimitIt() {
    for (PolicyRule rule : DeployManifests.leaderElectionRole().getRules()) {
      assertThat(rule.getResources()).containsExactly("leases");
      if (rule.getVerbs().contains("create")) {
        assertThat(rule.getResourceNames()).as("create cannot be restricted by name").isEmpty();
      } else {
        assertThat(rule.getResourceNames()).containsExactly(OperatorSettings.DEFAULT_LEASE_NAME);
      }
    }
  }

  @Test
  void theNamespacedVariantWatchesTheNamespaceOfItsRole() throws IOException {
    Deployment patch = DeployManifests.load("namespaced/watch_namespace.yaml", Deployment.class);
    EnvVar watch = patch.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().get(0);
    assertThat(watch.getName()).isEqualTo("WATCH_NAMESPACE");
    assertThat(watch.getValue()).isEqualTo(DeployManifests.namespacedRole().getMetadata().getNamespace());
    assertThat(kustomization("namespaced").get("resources").toString()).doesNotContain("cluster-rbac");
  }

  @Test
  void everyKustomizationReferenceExists() throws IOException {
    try (Stream<Path> files = Files.walk(DeployManifests.DIR)) {
      for (Path file : files.filter(f -> f.getFileName().toString().equals("kustomization.yaml")).toList()) {
        Map<String, Object> kustomization = YAML.unmarshal(Files.readString(file), Map.class);
        for (String key : List.of("resources", "patches")) {
          Object entries = kustomization.get(key);
          if (entries == null) {
            continue;
          }
          for (Object entry : (List<?>) entries) {
            String reference = entry instanceof Map<?, ?> map ? (String) map.get("path") : (String) entry;
            assertThat(file.getParent().resolve(reference)).as(file + " -> " + reference).exists();
          }
        }
      }
    }
    assertThat(kustomization("").get("resources").toString())
        .contains("crds", "namespace", "operator-account", "cluster-rbac", "manager");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> kustomization(String dir) throws IOException {
    return YAML.unmarshal(Files.readString(DeployManifests.DIR.resolve(dir).resolve("kustomization.yaml")), Map.class);
  }
}
