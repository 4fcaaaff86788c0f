package dev.raykube.bench.side;

import java.nio.file.Path;

/** One arm of the side-by-side runs: an operator that can be started against the control plane. */
interface Contender {

  /** Name and version, e.g. {@code KubeRay v1.5.0}. */
  String name();

  /** The control plane user it runs as ({@link KubeRayContender#USER}, {@link RayKubeContender#USER}). */
  String user();

  /**
   * Starts the operator, watching all namespaces, leader election off, metrics and health on free loopback ports.
   *
   * @param kubeconfig its user's kubeconfig
   * @param routes how it reaches head dashboards by their Service names, and Pods by their IPs
   * @param log where its output goes
   */
  RunningOperator start(Path kubeconfig, DashboardRoutes routes, Path log);

  /**
   * How an operator process reaches head dashboards by Service name ({@code hostsFile} for a JVM, {@code httpProxy}
   * for others) and Pods by IP ({@code httpProxy}, see {@link PodAddresses}).
   */
  record DashboardRoutes(Path hostsFile, String httpProxy) {}
}
