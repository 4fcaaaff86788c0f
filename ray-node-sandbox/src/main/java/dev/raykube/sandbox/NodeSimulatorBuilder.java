package dev.raykube.sandbox;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The choices of a {@link NodeSimulator}, from {@link NodeSimulator#builder}: which namespace it plays kubelet for
 * (default every namespace), the Node's name (default {@code raykube-sim-<namespace>}, or {@code raykube-sandbox} for
 * every namespace), the Ray that runs real heads, workers and submitters, the clusters whose heads are stand-ins
 * instead, and the timeouts. At least one of {@link #ray} and {@link #headStandIns} is required.
 *
 * <pre>{@code
 * NodeSimulator nodes = NodeSimulator.builder(client).namespace("team-a").ray(Path.of("/opt/ray-venv")).start();
 * }</pre>
 */
public final class NodeSimulatorBuilder {

  private final KubernetesClient client;
  private String namespace;
  private String nodeName;
  private RayInstallation ray;
  private HeadStandIns standIns;
  private Duration startTimeout = NodeSimulator.START_TIMEOUT;
  private Duration stopTimeout = NodeSimulator.STOP_TIMEOUT;

  NodeSimulatorBuilder(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Plays kubelet for the Pods of this namespace only. */
  public NodeSimulatorBuilder namespace(String namespace) {
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    return this;
  }

  /** The Node the Pods are bound to (registered by the simulator, removed when it closes). */
  public NodeSimulatorBuilder nodeName(String nodeName) {
    this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
    return this;
  }

  /**
   * The Ray of a virtual environment with Ray (and Ray Serve, for RayServices) installed.
   *
   * @throws IllegalStateException if {@code venv} has no {@code bin/ray}
   */
  public NodeSimulatorBuilder ray(Path venv) {
    this.ray = RayInstallation.of(venv);
    return this;
  }

  /**
   * The Ray of the virtual environment the variable {@code RAYKUBE_RAY_VENV} names.
   *
   * @throws IllegalStateException if it is unset or names no virtual environment with Ray
   */
  public NodeSimulatorBuilder rayFromEnvironment() {
    this.ray = RayInstallation.fromEnvironment();
    return this;
  }

  /**
   * The clusters whose heads are stand-ins, and what stands in for them. Without a Ray installation every cluster must
   * be one: a Pod that needs Ray (a real head or worker, a K8sJobMode submitter) becomes Failed, saying so.
   */
  public NodeSimulatorBuilder headStandIns(HeadStandIns standIns) {
    this.standIns = Objects.requireNonNull(standIns, "standIns");
    return this;
  }

  /**
   * How long a real head or worker may take to come up ({@link NodeSimulator#START_TIMEOUT} by default) and how long
   * a stopped process group gets after SIGTERM before SIGKILL ({@link NodeSimulator#STOP_TIMEOUT}).
   */
  public NodeSimulatorBuilder timeouts(Duration startTimeout, Duration stopTimeout) {
    this.startTimeout = Objects.requireNonNull(startTimeout, "startTimeout");
    this.stopTimeout = Objects.requireNonNull(stopTimeout, "stopTimeout");
    return this;
  }

  /**
   * Registers the Node and starts watching Pods.
   *
   * @throws IllegalStateException if neither a Ray installation nor stand-in heads were given
   */
  public NodeSimulator start() {
    String node = nodeName != null ? nodeName : namespace != null ? "raykube-sim-" + namespace : "raykube-sandbox";
    return new NodeSimulator(client, namespace, node, ray, standIns, startTimeout, stopTimeout);
  }
}
