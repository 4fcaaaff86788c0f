package dev.raykube.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Ray Serve started on a simulated head before its Pod is Ready, on a port of the cluster's own: {@code serve start
 * --address 127.0.0.1:<gcs> --http-host 127.0.0.1 --http-port <serve port> --proxy-location HeadOnly}.
 *
 * <p>Why: on a real cluster each Pod has its own IP and Serve's proxies all listen on 8000, which the first
 * declarative deploy ({@code PUT /api/serve/applications/} without {@code http_options}) starts them on. Here every
 * process shares 127.0.0.1, so two clusters of one RayService (old and new during an upgrade) would both want
 * 127.0.0.1:8000. Serve started so first keeps its HTTP options: a later PUT deploys the applications onto it and
 * its {@code http_options} are only compared and logged (Ray 2.60, checked by hand: PUT 200, the application
 * {@code RUNNING} in 5 s, the proxy answering on the chosen port, nothing on 8000). The proxy runs on the head only
 * ({@code HeadOnly}): a worker's proxy would need the same port on the same address. Its {@code /-/healthz} answers
 * 503 "Route table is not populated yet" until an application is deployed, as on a real head.
 *
 * <p>Only the heads of RayClusters labelled {@code ray.io/originated-from-crd=RayService} get Serve: it costs a head
 * about 10 s and a Serve controller and proxy actor, which RayJob and RayCluster tests do not need.
 */
final class HeadServe {

  /** The RayCluster label that says a RayService created the cluster. */
  static final String ORIGINATED_FROM_CRD = "ray.io/originated-from-crd";

  private HeadServe() {
  }

  /** The {@code serve start} command for a head on {@code ports}. */
  static List<String> command(RayInstallation ray, ClusterPorts ports) {
    return List.of(ray.ray().getParent().resolve("serve").toString(), "start",
        "--address", "127.0.0.1:" + ports.gcs(), "--http-host", "127.0.0.1",
        "--http-port", Integer.toString(ports.serve()), "--proxy-location", "HeadOnly");
  }

  /**
   * Runs {@code serve start} for the Pod and waits for it to exit; true once it exited 0.
   *
   * @throws IllegalStateException if it exits non-zero or does not finish within {@code timeout}
   */
  static boolean start(SimulatedPod head, ClusterPorts ports, Map<String, String> env, Duration timeout)
      throws InterruptedException {
    RayProcess process = head.launch(() -> RayProcess.start(head.name + " serve start", command(head.context.ray(),
        ports), env, head.dir().resolve("serve-start.log"), false));
    long deadline = System.nanoTime() + timeout.toNanos();
    Integer exit = null;
    while (exit == null) {
      if (head.stopping()) {
        return false;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("serve start did not finish within " + timeout.toSeconds() + " s; output:\n"
            + process.tail(30));
      }
      exit = process.waitFor(Duration.ofMillis(500));
    }
    if (exit != 0) {
      throw new IllegalStateException("serve start exited with " + exit + "; output:\n" + process.tail(30));
    }
    return true;
  }
}
