package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Pod;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The head Pod of a cluster whose head is a stand-in ({@link HeadStandIns}): no process; the stand-in is started,
 * its ports are what the Pod's {@code dashboard} and {@code serve} container ports lead to, its dashboard is the
 * cluster's in {@link NodeSimulator#dashboardAccess()}, and the Pod is Running and Ready. Deleting the Pod closes the
 * stand-in.
 */
final class StandInHead extends SimulatedPod {

  private static final Logger log = LoggerFactory.getLogger(StandInHead.class);

  private final Object lock = new Object();
  private HeadStandIn standIn;

  StandInHead(NodeContext context, Pod pod) {
    super(context, pod);
  }

  @Override
  void start() {
    String namespace = pod.getMetadata().getNamespace();
    HeadStandIn started = context.startStandIn(namespace, cluster);
    synchronized (lock) {
      if (stopping()) {
        started.close();
        return;
      }
      standIn = started;
    }
    context.network.standInUp(namespace, cluster, started.dashboardPort(), started.serveProxyPort());
    context.dashboards.up(namespace, cluster, started.dashboardPort(), started.authToken());
    log.info("{}: stand-in head of cluster {} up (dashboard http://127.0.0.1:{})", name, cluster,
        started.dashboardPort());
    if (stopping()) {
      stopped();
      return;
    }
    reportRunning("raykube-sim://stand-in/" + started.dashboardPort());
  }

  @Override
  boolean isHead() {
    return true;
  }

  @Override
  void stopped() {
    String namespace = pod.getMetadata().getNamespace();
    context.dashboards.down(namespace, cluster);
    context.network.standInDown(namespace, cluster);
    HeadStandIn closing;
    synchronized (lock) {
      closing = standIn;
      standIn = null;
    }
    if (closing != null) {
      closing.close();
      log.info("{}: stand-in head of cluster {} closed", name, cluster);
    }
  }
}
