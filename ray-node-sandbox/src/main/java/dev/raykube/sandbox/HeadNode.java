package dev.raykube.sandbox;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A head Pod: a real {@code setsid ray start --head --block} on the cluster's ports (loopback only, 1 CPU, 100 MB
 * object store, its own HOME and temp dir), with the Pod's token authentication, {@code PYTHONPATH} and external Redis
 * (GCS fault tolerance) if it has them; Running and Ready once {@code ray health-check} passes against its GCS and its dashboard answers
 * {@code /api/gcs_healthz}, and, for a RayService's cluster, once Serve runs on it ({@link HeadServe}). Ray's
 * autoscaler ({@link HeadAutoscaler}) and a SidecarMode RayJob's submitter container ({@link HeadSidecar}) then run
 * beside it.
 */
final class HeadNode extends SimulatedPod {

  private static final Logger log = LoggerFactory.getLogger(HeadNode.class);

  private volatile String token;

  HeadNode(NodeContext context, Pod pod) {
    super(context, pod);
  }

  @Override
  void start() throws InterruptedException {
    ClusterPorts ports = context.portsOf(pod.getMetadata().getNamespace(), cluster);
    Map<String, String> auth = authOf(context, pod);
    Map<String, String> env = rayEnvironment(auth);
    token = serviceAccount().filter(PodServiceAccount::kubernetesTokens).map(PodServiceAccount::token)
        .orElse(auth.get("RAY_AUTH_TOKEN"));
    Map<String, String> check = checkEnvironment(env);
    List<String> command = new ArrayList<>(context.ray().headStart(ports, dir().resolve("r")));
    addExternalRedis(env, command);
    log.info("{}: starting the Ray head of cluster {} (GCS {}, dashboard {}, auth {}{})", name, cluster, ports.gcs(),
        ports.dashboard(), auth.getOrDefault("RAY_AUTH_MODE", "disabled"),
        serviceAccount().filter(PodServiceAccount::kubernetesTokens).isPresent() ? ", Kubernetes tokens" : "");
    long started = System.nanoTime();
    RayProcess process = startRay("head", command, env);
    long deadline = started + context.startTimeout.toNanos();
    boolean healthy = false;
    while (!healthy) {
      if (stopping()) {
        return;
      }
      if (!process.isAlive()) {
        return; // the exit watcher reports it
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the Ray head did not pass ray health-check and answer on its dashboard "
            + "within " + context.startTimeout.toSeconds() + " s; output:\n" + process.tail(30));
      }
      healthy = context.ray().healthCheck(ports.gcs(), check)
          && RayInstallation.httpStatus(ports.dashboard(), "/api/gcs_healthz", token) == 200;
      if (!healthy) {
        Thread.sleep(500);
      }
    }
    log.info("{}: Ray head up after {} ms (GCS 127.0.0.1:{}, dashboard http://127.0.0.1:{})", name,
        (System.nanoTime() - started) / 1_000_000, ports.gcs(), ports.dashboard());
    if (stopping()) {
      return;
    }
    if (servesRayService()) {
      long serveStarted = System.nanoTime();
      if (!HeadServe.start(this, ports, check, context.startTimeout)) {
        return;
      }
      context.network.serveUp(pod.getMetadata().getNamespace(), cluster, ports.serve());
      log.info("{}: Serve started after {} ms (proxy http://127.0.0.1:{}, HeadOnly)", name,
          (System.nanoTime() - serveStarted) / 1_000_000, ports.serve());
    }
    context.dashboards.up(pod.getMetadata().getNamespace(), cluster, ports.dashboard(), token);
    if (stopping()) { // stop() ran between the check above and up(): take it back
      stopped();
      return;
    }
    reportRunning(PodStatusWriter.containerId(process.pid()));
    HeadAutoscaler.of(this).ifPresent(autoscaler -> HeadAutoscaler.start(this, autoscaler, ports.gcs()));
    Optional<Container> sidecar = HeadSidecar.of(this);
    if (sidecar.isPresent() && !stopping()) {
      HeadSidecar.run(this, sidecar.get());
    }
  }

  @Override
  boolean isHead() {
    return true;
  }

  @Override
  void stopped() {
    context.dashboards.down(pod.getMetadata().getNamespace(), cluster);
    context.network.serveDown(pod.getMetadata().getNamespace(), cluster);
  }

  /** Whether the head's RayCluster was created by a RayService ({@link HeadServe}). */
  private boolean servesRayService() {
    RayCluster owner = context.client.resources(RayCluster.class).inNamespace(pod.getMetadata().getNamespace())
        .withName(cluster).get();
    Map<String, String> labels = owner == null ? null : owner.getMetadata().getLabels();
    return labels != null && "RayService".equals(labels.get(HeadServe.ORIGINATED_FROM_CRD));
  }

  /**
   * GCS fault tolerance with an external Redis: the Pod's {@code RAY_REDIS_ADDRESS} and
   * {@code RAY_external_storage_namespace} reach the real head's environment, and its {@code REDIS_PASSWORD} and
   * {@code REDIS_USERNAME} become {@code ray start}'s {@code --redis-password}/{@code --redis-username} (what the
   * operator's {@code $REDIS_PASSWORD} reference in the Pod's command means). The address is used as it is: a Redis on
   * this machine's loopback, as the e2e suite starts one.
   */
  private void addExternalRedis(Map<String, String> env, List<String> command) {
    Map<String, String> podEnv = PodEnv.of(context.client, pod, pod.getSpec().getContainers().get(0));
    String address = podEnv.get("RAY_REDIS_ADDRESS");
    if (address == null || address.isBlank()) {
      return;
    }
    env.put("RAY_REDIS_ADDRESS", address);
    if (podEnv.get("RAY_external_storage_namespace") != null) {
      env.put("RAY_external_storage_namespace", podEnv.get("RAY_external_storage_namespace"));
    }
    if (podEnv.get("REDIS_PASSWORD") != null && !podEnv.get("REDIS_PASSWORD").isEmpty()) {
      command.add("--redis-password=" + podEnv.get("REDIS_PASSWORD"));
    }
    if (podEnv.get("REDIS_USERNAME") != null && !podEnv.get("REDIS_USERNAME").isEmpty()) {
      command.add("--redis-username=" + podEnv.get("REDIS_USERNAME"));
    }
    log.info("{}: GCS fault tolerance with Redis at {} (storage namespace {})", name, address,
        podEnv.get("RAY_external_storage_namespace"));
  }

  /** {@code RAY_AUTH_MODE} and {@code RAY_AUTH_TOKEN} of the Pod's Ray container (its first), if it sets them. */
  static Map<String, String> authOf(NodeContext context, Pod pod) {
    Map<String, String> env = PodEnv.of(context.client, pod, pod.getSpec().getContainers().get(0));
    Map<String, String> auth = new java.util.HashMap<>();
    if (env.containsKey("RAY_AUTH_MODE")) {
      auth.put("RAY_AUTH_MODE", env.get("RAY_AUTH_MODE"));
    }
    if (env.containsKey("RAY_AUTH_TOKEN")) {
      auth.put("RAY_AUTH_TOKEN", env.get("RAY_AUTH_TOKEN"));
    }
    return auth;
  }
}
