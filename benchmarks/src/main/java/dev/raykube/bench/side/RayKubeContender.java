package dev.raykube.bench.side;

import dev.raykube.testkit.FreePorts;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RayKube's reference operator as shipped: {@code java -jar ray-operator/target/ray-operator.jar} with the settings of
 * the Deployment in {@code ray-operator/deploy/manager/deployment.yaml}: its environment (the operator's flags,
 * {@code JAVA_TOOL_OPTIONS} among them) and, since the JVM sizes itself from the container's memory limit, that limit
 * as {@code -XX:MaxRAM}. Changed for the host: leader election off, metrics and health on free ports, all namespaces
 * watched, the kubeconfig of its user. It reaches dashboards by Service name through a hosts file
 * ({@code -Djdk.net.hosts.file}, names never cached as missing), and Pod IPs (a Serve proxy's health) through the
 * harness's {@link DashboardProxy} ({@code -Dhttp.proxyHost}; loopback and Service names are not proxied). {@code -Draykube.bench.raykubeJvmOptions="..."} adds
 * JVM options after the shipped ones, for a look inside a run (e.g. {@code -XX:StartFlightRecording=...}); figures
 * measured with it are not the shipped operator's.
 */
public final class RayKubeContender implements Contender {

  /** The control plane user RayKube's operator runs as. */
  public static final String USER = "raykube";

  private final Path jar;
  private final long memoryLimit;
  private final Map<String, String> env;

  private RayKubeContender(Path jar, long memoryLimit, Map<String, String> env) {
    this.jar = jar;
    this.memoryLimit = memoryLimit;
    this.env = env;
  }

  /** Reads the Deployment's settings; the jar must have been built ({@code benchmarks/run} builds it). */
  public static RayKubeContender shipped(Path root) {
    Path jar = root.resolve("ray-operator/target/ray-operator.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing: build it with ./mvnw -B -q -pl ray-operator -am package");
    }
    Path manifest = root.resolve("ray-operator/deploy/manager/deployment.yaml");
    Deployment deployment;
    try {
      deployment = new KubernetesSerialization().unmarshal(Files.readString(manifest), Deployment.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + manifest, e);
    }
    Container container = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
    Map<String, String> env = new LinkedHashMap<>();
    for (EnvVar var : container.getEnv()) {
      if (var.getValueFrom() == null && var.getValue() != null) {
        env.put(var.getName(), var.getValue());
      }
    }
    env.remove("WATCH_NAMESPACE");
    Quantity limit = container.getResources().getLimits().get("memory");
    return new RayKubeContender(jar, Quantity.getAmountInBytes(limit).longValueExact(), env);
  }

  /** The JVM options of the Deployment ({@code JAVA_TOOL_OPTIONS}). */
  public List<String> jvmOptions() {
    String options = env.getOrDefault("JAVA_TOOL_OPTIONS", "").strip();
    return options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+"));
  }

  /** The Deployment's environment variables with plain values (its settings). */
  public Map<String, String> environment() {
    return new LinkedHashMap<>(env);
  }

  /** The container memory limit the JVM is sized for. */
  public long memoryLimit() {
    return memoryLimit;
  }

  @Override
  public String name() {
    return "RayKube";
  }

  @Override
  public String user() {
    return USER;
  }

  /**
   * The JVM options that route the operator's requests as the harness's node needs: Service names through
   * {@code hostsFile} (never cached as missing), Pod IPs through the HTTP proxy {@code httpProxy}; loopback and
   * Service names are not proxied.
   */
  public static List<String> routeOptions(Path hostsFile, String httpProxy) {
    URI proxy = URI.create(httpProxy);
    return List.of("-Djdk.net.hosts.file=" + hostsFile, "-Dsun.net.inetaddr.negative.ttl=0",
        "-Dhttp.proxyHost=" + proxy.getHost(), "-Dhttp.proxyPort=" + proxy.getPort(),
        "-Dhttp.nonProxyHosts=localhost|127.*|[::1]|*." + ServiceHosts.CLUSTER_DOMAIN);
  }

  @Override
  public RunningOperator start(Path kubeconfig, DashboardRoutes routes, Path log) {
    List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
        "-XX:MaxRAM=" + memoryLimit));
    command.addAll(jvmOptions());
    String extra = System.getProperty("raykube.bench.raykubeJvmOptions", "").strip();
    if (!extra.isEmpty()) {
      command.addAll(Arrays.asList(extra.split("\\s+")));
    }
    command.addAll(routeOptions(routes.hostsFile(), routes.httpProxy()));
    command.addAll(List.of("-jar", jar.toString(), "--kubeconfig=" + kubeconfig));
    Map<String, String> processEnv = new LinkedHashMap<>(env);
    processEnv.remove("JAVA_TOOL_OPTIONS");
    processEnv.put("ENABLE_LEADER_ELECTION", "false");
    processEnv.put("METRICS_PORT", String.valueOf(FreePorts.onLoopback()));
    processEnv.put("HEALTH_PORT", String.valueOf(FreePorts.onLoopback()));
    return RunningOperator.start(name(), command, processEnv, log);
  }
}
