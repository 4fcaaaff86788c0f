package dev.raykube.operator;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.raykube.cluster.PodDefaults;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * KubeRay v1.7.0's operator configuration file ({@code apiVersion: config.ray.io/v1alpha1}, {@code kind:
 * Configuration}), which its {@code --config} flag and its Helm chart's {@code configuration.enabled} use. Every field
 * of v1.7.0 is read; a field it does not have is refused, so that a misspelt key is not silently ignored. Which fields
 * RayKube honours and which it refuses is decided by {@link KubeRayFlags}.
 *
 * @param apiVersion must be {@value #API_VERSION}
 * @param kind must be {@value #KIND}
 * @param metricsAddr {@code [host]:port} of {@code /metrics}, as {@code --metrics-addr}
 * @param probeAddr {@code [host]:port} of the health probes, as {@code --health-probe-bind-address}
 * @param enableLeaderElection as {@code --enable-leader-election}
 * @param leaderElectionNamespace as {@code --leader-election-namespace}
 * @param reconcileConcurrency as {@code --reconcile-concurrency}; 0 or absent means unset
 * @param watchNamespace as {@code --watch-namespace}
 * @param logFile as {@code --log-file-path} (refused when set)
 * @param logFileEncoder as {@code --log-file-encoder}; KubeRay reads it from the flag even with a file, so does RayKube
 * @param logStdoutEncoder as {@code --log-stdout-encoder}; read from the flag, as KubeRay does
 * @param batchScheduler as {@code --batch-scheduler}
 * @param enableBatchScheduler as {@code --enable-batch-scheduler}
 * @param useKubernetesProxy as {@code --use-kubernetes-proxy}
 * @param deleteRayJobAfterJobFinishes unused, as in KubeRay v1.7.0 (its RayJob controller reads an environment variable)
 * @param enableMetrics as {@code --enable-metrics}
 * @param qps as {@code --qps}
 * @param burst as {@code --burst}
 * @param headSidecarContainers containers appended to every head Pod
 * @param workerSidecarContainers containers appended to every worker Pod
 * @param defaultContainerEnvs environment variables added to every Ray container that does not set them
 * @param defaultPodLabels labels added to every Ray Pod that does not have the key
 * @param defaultPodAnnotations annotations added to every Ray Pod that does not have the key
 */
record KubeRayConfiguration(
    String apiVersion,
    String kind,
    String metricsAddr,
    String probeAddr,
    Boolean enableLeaderElection,
    String leaderElectionNamespace,
    Integer reconcileConcurrency,
    String watchNamespace,
    String logFile,
    String logFileEncoder,
    String logStdoutEncoder,
    String batchScheduler,
    Boolean enableBatchScheduler,
    Boolean useKubernetesProxy,
    Boolean deleteRayJobAfterJobFinishes,
    Boolean enableMetrics,
    Double qps,
    Integer burst,
    List<Container> headSidecarContainers,
    List<Container> workerSidecarContainers,
    List<EnvVar> defaultContainerEnvs,
    Map<String, String> defaultPodLabels,
    Map<String, String> defaultPodAnnotations) {

  /** The only {@code apiVersion} KubeRay v1.7.0 reads. */
  static final String API_VERSION = "config.ray.io/v1alpha1";
  /** The only {@code kind}. */
  static final String KIND = "Configuration";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  /**
   * Reads a configuration file.
   *
   * @param file the file
   * @return its fields (absent ones {@code null})
   * @throws IllegalArgumentException naming the file and what is wrong: unreadable, not YAML, another kind, an unknown
   *     field or a value of the wrong type
   */
  static KubeRayConfiguration read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("--config: cannot read " + file + ": " + e.getMessage(), e);
    }
    if (text.isBlank()) {
      throw new IllegalArgumentException("--config " + file + " is empty");
    }
    KubeRayConfiguration configuration;
    try {
      configuration = YAML.readValue(text, KubeRayConfiguration.class);
    } catch (UnrecognizedPropertyException e) {
      throw new IllegalArgumentException("--config " + file + ": '" + e.getPropertyName() + "' is not a field of KubeRay"
          + " v1.7.0's Configuration (" + e.getPathReference() + ")", e);
    } catch (JsonMappingException e) {
      throw new IllegalArgumentException("--config " + file + ": " + e.getOriginalMessage() + " at "
          + e.getPathReference(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("--config " + file + " is not a YAML document: " + e.getMessage(), e);
    }
    if (configuration == null) {
      throw new IllegalArgumentException("--config " + file + " holds no document");
    }
    if (!API_VERSION.equals(configuration.apiVersion()) || !KIND.equals(configuration.kind())) {
      throw new IllegalArgumentException("--config " + file + " is a " + configuration.apiVersion() + " "
          + configuration.kind() + "; expected apiVersion " + API_VERSION + " and kind " + KIND);
    }
    return configuration;
  }

  /**
   * The labels, annotations and sidecars of every Ray Pod.
   *
   * @throws IllegalArgumentException if a sidecar has no name or two of a kind share one
   */
  PodDefaults podDefaults() {
    return new PodDefaults(orEmpty(defaultPodLabels), orEmpty(defaultPodAnnotations), orEmpty(headSidecarContainers),
        orEmpty(workerSidecarContainers));
  }

  /** The default container environment, empty if unset. */
  List<EnvVar> containerEnv() {
    return orEmpty(defaultContainerEnvs);
  }

  private static <T> List<T> orEmpty(List<T> values) {
    return values == null ? List.of() : values;
  }

  private static Map<String, String> orEmpty(Map<String, String> values) {
    return values == null ? Map.of() : values;
  }
}
