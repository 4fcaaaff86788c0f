package dev.raykube.sandbox;

/**
 * The ports of one RayCluster's simulated head, picked when the simulator first sees a Pod of the cluster, so that a
 * worker whose head has not started yet already knows where the GCS will be (its {@code wait-gcs-ready} script keeps
 * waiting there). They stay with the cluster's name for the simulator's lifetime: a re-created head reuses them.
 *
 * @param gcs {@code --port}, the GCS
 * @param dashboard {@code --dashboard-port}
 * @param clientServer {@code --ray-client-server-port}
 * @param agentListen {@code --dashboard-agent-listen-port} of the head
 * @param serve the HTTP port of the head's Serve proxy, if the simulator starts Serve on it ({@link HeadServe})
 */
record ClusterPorts(int gcs, int dashboard, int clientServer, int agentListen, int serve) {

  static ClusterPorts pick(PortAllocator ports) {
    return new ClusterPorts(ports.next(), ports.next(), ports.next(), ports.next(), ports.next());
  }
}
