package dev.raykube.cluster;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Checks a RayCluster before the operator builds anything from it. Each rule yields one message that names the field,
 * the value and what is allowed; {@link #validate} returns all of them, in a fixed order, so a user fixes everything
 * in one round. An empty list means the builders of this package accept the cluster.
 */
public final class RayClusterValidator {

  /** Longest RayCluster name: Pod and Service names derived from it must stay within 63 characters. */
  public static final int MAX_NAME_LENGTH = 53;
  /** First Ray release with token authentication. */
  public static final RayRelease FIRST_TOKEN_AUTH_VERSION = new RayRelease(2, 52, 0);
  /** First Ray release that checks tokens with Kubernetes ({@code authOptions.enableK8sTokenAuth}). */
  public static final RayRelease FIRST_K8S_TOKEN_AUTH_VERSION = new RayRelease(2, 55, 0);

  private static final Pattern DNS_1035 = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern LABEL_VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
  private static final Pattern LABEL_NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
  private static final Pattern DNS_1123_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final Set<String> RESOURCE_PARAMS = Set.of("num-cpus", "num-gpus", "memory", "resources");
  private static final Set<String> SERVICE_TYPES = Set.of("ClusterIP", "NodePort", "LoadBalancer");

  private RayClusterValidator() {
  }

  /**
   * Every problem of the cluster's metadata and spec, as the RayCluster controller checks them, with the feature gate
   * {@code RayClusterNetworkPolicy} as given: {@link #validate(RayCluster)} plus {@link NetworkPolicyValidator}.
   *
   * @param networkPolicyGate whether the feature gate {@code RayClusterNetworkPolicy} is on
   */
  public static List<String> validate(RayCluster cluster, boolean networkPolicyGate) {
    List<String> problems = validate(cluster);
    if (cluster.getSpec() != null) {
      problems.addAll(NetworkPolicyValidator.validate(cluster, networkPolicyGate));
    }
    return problems;
  }

  /**
   * Every problem of the cluster's metadata and spec but {@code spec.networkPolicy}, which only the RayCluster
   * controller checks ({@link #validate(RayCluster, boolean)}; a RayJob's or RayService's validation does not, as in
   * KubeRay); empty if there is none.
   */
  public static List<String> validate(RayCluster cluster) {
    List<String> problems = new ArrayList<>();
    validateName(cluster.getMetadata() == null ? null : cluster.getMetadata().getName(), problems);
    RayClusterSpec spec = cluster.getSpec();
    if (spec == null) {
      problems.add(cluster.unreadableSpec().map(p -> "spec cannot be read: " + p).orElse("spec is missing"));
      return problems;
    }
    HeadGroupSpec head = spec.getHeadGroupSpec();
    if (head == null) {
      problems.add("spec.headGroupSpec is missing");
    } else {
      validateTemplate("spec.headGroupSpec.template", head.getTemplate(), problems);
      validateParams("spec.headGroupSpec", head.getRayStartParams(), head.getResources(), head.getLabels(), problems);
      validatePort(head.getRayStartParams(), problems);
      if (head.getServiceType() != null && !SERVICE_TYPES.contains(head.getServiceType())) {
        problems.add("spec.headGroupSpec.serviceType '" + head.getServiceType()
            + "' is not supported; use ClusterIP, NodePort or LoadBalancer");
      }
    }
    validateWorkerGroups(spec.getWorkerGroupSpecs(), problems);
    validateAuth(spec, problems);
    validateFaultTolerance(cluster, problems);
    validateAutoscaler(spec, problems);
    if (TokenAuth.isKubernetesTokens(spec) && createdBy(cluster) != null) {
      problems.add("spec.authOptions.enableK8sTokenAuth is not supported on a RayCluster that a " + createdBy(cluster)
          + " manages: the operator reaches its dashboard with the cluster's token Secret");
    }
    if (RecreateUpgrade.enabled(cluster) && createdBy(cluster) != null) {
      problems.add("spec.upgradeStrategy.type Recreate is not allowed on a RayCluster that a " + createdBy(cluster)
          + " manages; the " + createdBy(cluster) + " decides how its cluster is replaced");
    }
    return problems;
  }

  /** {@code RayJob} or {@code RayService} for a cluster one of them created (its {@code originated-from-crd}). */
  private static String createdBy(RayCluster cluster) {
    Map<String, String> labels = cluster.getMetadata().getLabels();
    String kind = labels == null ? null : labels.get(RayClusterLabels.ORIGINATED_FROM_CRD);
    return "RayJob".equals(kind) || "RayService".equals(kind) ? kind : null;
  }

  private static void validateName(String name, List<String> problems) {
    if (name == null || name.isEmpty()) {
      problems.add("metadata.name is missing");
      return;
    }
    if (name.length() > MAX_NAME_LENGTH) {
      problems.add("metadata.name '" + name + "' is " + name.length() + " characters long; a RayCluster name may have "
          + "at most " + MAX_NAME_LENGTH + " so that its Pod and Service names fit Kubernetes limits");
    }
    if (!DNS_1035.matcher(name).matches()) {
      problems.add("metadata.name '" + name + "' is not a DNS-1035 label: use lower-case letters, digits and '-', "
          + "starting with a letter and ending with a letter or digit");
    }
  }

  private static void validateTemplate(String field, PodTemplateSpec template, List<String> problems) {
    List<Container> containers = template == null || template.getSpec() == null ? null
        : template.getSpec().getContainers();
    if (containers == null || containers.isEmpty()) {
      problems.add(field + ".spec.containers is empty; it needs at least one container, and the first one runs Ray");
      return;
    }
    // The trimmed schema does not check ports, and the head Service is built from them before any Pod is created.
    for (int c = 0; c < containers.size(); c++) {
      List<ContainerPort> ports = containers.get(c) == null ? null : containers.get(c).getPorts();
      for (int i = 0; ports != null && i < ports.size(); i++) {
        Integer number = ports.get(i) == null ? null : ports.get(i).getContainerPort();
        if (number == null || number < 1 || number > 65535) {
          problems.add(field + ".spec.containers[" + c + "].ports[" + i + "].containerPort "
              + (number == null ? "is missing" : "is " + number) + "; it must be a port number from 1 to 65535");
        }
      }
    }
  }

  private static void validateParams(String field, Map<String, String> params, Map<String, String> resources,
      Map<String, String> labels, List<String> problems) {
    Map<String, String> p = params == null ? Map.of() : params;
    if (resources != null && !resources.isEmpty()) {
      List<String> both = p.keySet().stream().filter(RESOURCE_PARAMS::contains).sorted().toList();
      if (!both.isEmpty()) {
        problems.add(field + " sets resources both in rayStartParams (" + String.join(", ", both)
            + ") and in resources; use only the resources field");
      }
      new TreeMap<>(resources).forEach((name, value) -> {
        if (RayStartParams.parseQuantity(value) == null) {
          problems.add(field + ".resources['" + name + "'] = '" + value + "' is not a Kubernetes quantity such as "
              + "2, 500m or 4Gi");
        }
      });
    }
    if (p.containsKey("labels")) {
      problems.add(field + ".rayStartParams['labels'] is not supported; use the group's labels field instead");
    }
    if (p.containsKey("resources") && RayStartParams.parseResourcesJson(p.get("resources")).isEmpty()) {
      problems.add(field + ".rayStartParams['resources'] = " + p.get("resources") + " is not a JSON object of "
          + "numbers such as '{\"custom\": 1}'");
    }
    if (labels != null) {
      new TreeMap<>(labels).forEach((key, value) -> {
        if (!isLabelKey(key)) {
          problems.add(field + ".labels key '" + key + "' is not a valid Kubernetes label key");
        }
        if (value == null || value.length() > 63 || !LABEL_VALUE.matcher(value).matches()) {
          problems.add(field + ".labels['" + key + "'] = '" + value + "' is not a valid Kubernetes label value "
              + "(at most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit)");
        }
      });
    }
  }

  private static void validatePort(Map<String, String> params, List<String> problems) {
    if (params != null && params.containsKey(RayStartParams.PORT)) {
      String port = params.get(RayStartParams.PORT);
      try {
        int value = Integer.parseInt(port.strip());
        if (value < 1 || value > 65535) {
          throw new NumberFormatException();
        }
      } catch (NumberFormatException | NullPointerException notAPort) {
        problems.add("spec.headGroupSpec.rayStartParams.port must be a port number between 1 and 65535, not '"
            + port + "'");
      }
    }
  }

  private static void validateWorkerGroups(List<WorkerGroupSpec> groups, List<String> problems) {
    if (groups == null) {
      return;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < groups.size(); i++) {
      WorkerGroupSpec group = groups.get(i);
      String name = group.getGroupName();
      String field = "spec.workerGroupSpecs[" + i + "]";
      if (name == null || name.isEmpty()) {
        problems.add(field + ".groupName is missing");
      } else {
        field = field + " ('" + name + "')";
        if (!seen.add(name)) {
          problems.add(field + ": groupName '" + name + "' is used by another worker group; names must be unique");
        }
        if (name.length() > 63 || !LABEL_VALUE.matcher(name).matches()) {
          problems.add(field + ": groupName '" + name + "' must be a valid label value (at most 63 letters, digits, "
              + "'-', '_' or '.', beginning and ending with a letter or digit)");
        }
      }
      validateTemplate(field + ".template", group.getTemplate(), problems);
      checkNotNegative(field, "replicas", group.getReplicas(), problems);
      checkNotNegative(field, "minReplicas", group.getMinReplicas(), problems);
      checkNotNegative(field, "maxReplicas", group.getMaxReplicas(), problems);
      if (group.getMinReplicas() != null && group.getMaxReplicas() != null
          && group.getMinReplicas() > group.getMaxReplicas()) {
        problems.add(field + ": minReplicas (" + group.getMinReplicas() + ") is greater than maxReplicas ("
            + group.getMaxReplicas() + ")");
      }
      if (group.getNumOfHosts() != null && group.getNumOfHosts() < 1) {
        problems.add(field + ": numOfHosts is " + group.getNumOfHosts() + "; it must be at least 1");
      }
      validateParams(field, group.getRayStartParams(), group.getResources(), group.getLabels(), problems);
    }
  }

  private static void checkNotNegative(String field, String name, Integer value, List<String> problems) {
    if (value != null && value < 0) {
      problems.add(field + ": " + name + " is " + value + "; it must not be negative");
    }
  }

  private static void validateAuth(RayClusterSpec spec, List<String> problems) {
    AuthOptions auth = spec.getAuthOptions();
    if (auth == null) {
      return;
    }
    String mode = auth.getMode();
    if (mode != null && !TokenAuth.MODE_TOKEN.equals(mode) && !TokenAuth.MODE_DISABLED.equals(mode)) {
      problems.add("spec.authOptions.mode '" + mode + "' is not supported; use 'token' or 'disabled'");
    }
    if (Boolean.TRUE.equals(auth.getEnableK8sTokenAuth())) {
      if (!TokenAuth.MODE_TOKEN.equals(mode)) {
        problems.add("spec.authOptions.enableK8sTokenAuth needs spec.authOptions.mode 'token'");
      } else {
        if (auth.getSecretName() != null && !auth.getSecretName().isEmpty()) {
          problems.add("spec.authOptions.enableK8sTokenAuth and spec.authOptions.secretName exclude each other: "
              + "Kubernetes tokens need no token Secret");
        }
        Optional<RayRelease> release = RayRelease.of(spec.getRayVersion());
        if (release.isPresent() && !release.get().isAtLeast(FIRST_K8S_TOKEN_AUTH_VERSION)) {
          problems.add("spec.authOptions.enableK8sTokenAuth needs Ray " + FIRST_K8S_TOKEN_AUTH_VERSION
              + " or later, but spec.rayVersion is '" + spec.getRayVersion() + "'");
        }
      }
    }
    if (auth.getSecretName() != null && !auth.getSecretName().isEmpty()
        && !DNS_1123_SUBDOMAIN.matcher(auth.getSecretName()).matches()) {
      problems.add("spec.authOptions.secretName '" + auth.getSecretName() + "' is not a valid Secret name");
    }
    if (TokenAuth.MODE_TOKEN.equals(mode)) {
      Optional<RayRelease> release = RayRelease.of(spec.getRayVersion());
      if (release.isEmpty()) {
        problems.add("spec.authOptions.mode 'token' needs spec.rayVersion " + FIRST_TOKEN_AUTH_VERSION + " or later, "
            + "but rayVersion is " + (spec.getRayVersion() == null ? "not set" : "'" + spec.getRayVersion() + "'"));
      } else if (!release.get().isAtLeast(FIRST_TOKEN_AUTH_VERSION)) {
        problems.add("spec.authOptions.mode 'token' needs Ray " + FIRST_TOKEN_AUTH_VERSION + " or later, but "
            + "spec.rayVersion is '" + spec.getRayVersion() + "'");
      }
    }
  }

  private static void validateFaultTolerance(RayCluster cluster, List<String> problems) {
    GcsFaultToleranceOptions options = cluster.getSpec().getGcsFaultToleranceOptions();
    Map<String, String> annotations = cluster.getMetadata() == null ? null : cluster.getMetadata().getAnnotations();
    String legacy = annotations == null ? null : annotations.get(RayClusterLabels.FT_ENABLED_ANNOTATION);
    if (options == null) {
      return;
    }
    if (legacy != null) {
      problems.add("the annotation " + RayClusterLabels.FT_ENABLED_ANNOTATION + " and "
          + "spec.gcsFaultToleranceOptions are both set; use only gcsFaultToleranceOptions");
    }
    if (options.getBackend() != null && !"redis".equals(options.getBackend())) {
      problems.add("spec.gcsFaultToleranceOptions.backend '" + options.getBackend() + "' is not supported by this "
          + "operator; use 'redis'");
    }
    if (options.getRedisAddress() == null || options.getRedisAddress().isBlank()) {
      problems.add("spec.gcsFaultToleranceOptions.redisAddress is missing; it names the Redis server as host:port");
    }
    HeadGroupSpec head = cluster.getSpec().getHeadGroupSpec();
    Map<String, String> params = head == null || head.getRayStartParams() == null ? Map.of()
        : head.getRayStartParams();
    for (String key : List.of("redis-password", "redis-username")) {
      if (params.containsKey(key)) {
        problems.add("spec.headGroupSpec.rayStartParams['" + key + "'] conflicts with spec.gcsFaultToleranceOptions; "
            + "set the credential in gcsFaultToleranceOptions only");
      }
    }
    List<Container> containers = head == null || head.getTemplate() == null || head.getTemplate().getSpec() == null
        ? null : head.getTemplate().getSpec().getContainers();
    if (containers != null && !containers.isEmpty()) {
      for (String env : List.of(GcsFaultTolerance.RAY_REDIS_ADDRESS, GcsFaultTolerance.REDIS_PASSWORD,
          GcsFaultTolerance.REDIS_USERNAME)) {
        if (ContainerEnv.has(containers.get(0), env)) {
          problems.add("the head container sets " + env + ", which conflicts with spec.gcsFaultToleranceOptions; "
              + "set it in gcsFaultToleranceOptions only");
        }
      }
    }
  }

  private static void validateAutoscaler(RayClusterSpec spec, List<String> problems) {
    if (!AutoscalerSidecar.isV2(spec)) {
      return;
    }
    List<String> fields = new ArrayList<>();
    if (spec.getHeadGroupSpec() != null) {
      fields.addAll(nonNeverRestartPolicy("spec.headGroupSpec.template", spec.getHeadGroupSpec().getTemplate()));
    }
    if (spec.getWorkerGroupSpecs() != null) {
      for (int i = 0; i < spec.getWorkerGroupSpecs().size(); i++) {
        fields.addAll(nonNeverRestartPolicy("spec.workerGroupSpecs[" + i + "].template",
            spec.getWorkerGroupSpecs().get(i).getTemplate()));
      }
    }
    for (String field : fields) {
      problems.add(field + " must not set a restartPolicy other than Never with autoscalerOptions.version v2 "
          + "(the autoscaler replaces failed Pods itself)");
    }
  }

  private static List<String> nonNeverRestartPolicy(String field, PodTemplateSpec template) {
    String policy = template == null || template.getSpec() == null ? null : template.getSpec().getRestartPolicy();
    return policy != null && !"Never".equals(policy) ? List.of(field + ".spec.restartPolicy '" + policy + "'")
        : List.of();
  }

  private static boolean isLabelKey(String key) {
    if (key == null || key.isEmpty()) {
      return false;
    }
    int slash = key.indexOf('/');
    String prefix = slash < 0 ? null : key.substring(0, slash);
    String name = slash < 0 ? key : key.substring(slash + 1);
    if (prefix != null && (prefix.length() > 253 || !DNS_1123_SUBDOMAIN.matcher(prefix).matches())) {
      return false;
    }
    return name.length() <= 63 && LABEL_NAME.matcher(name).matches();
  }
}
