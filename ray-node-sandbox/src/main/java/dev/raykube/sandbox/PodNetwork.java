package dev.raykube.sandbox;

import dev.raykube.service.observe.ServeProxyProbe;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The simulated Pod network: every Pod the simulator runs gets an IP of its own from {@value #POD_CIDR} (what a CNI
 * plugin would hand out), written into its status, while its processes really listen on 127.0.0.1 at ports the
 * simulator picked. This map says, for a Pod IP and a container port, which local port answers.
 *
 * <p>Why not 127.0.0.1 for every Pod: the API server refuses loopback addresses in EndpointSlices ("may not be in the
 * loopback range"), so the controller-manager's EndpointSlice controller could never publish a Pod; and with one IP for
 * all Pods, nothing that is handed a Pod IP (the RayService controller's Serve proxy probe, an EndpointSlice endpoint)
 * could tell the Pods apart. The addresses are never routed: only this map turns them into local ports.
 *
 * <p>Which container ports a Pod answers on: a head its cluster's GCS ({@code gcs-server}, 6379), dashboard
 * ({@code dashboard}, 8265), Ray client server ({@code client}, 10001) and, once the simulator started Serve on it,
 * its Serve proxy ({@code serve}, 8000: Serve's proxy runs on the head only, see {@link HeadServe}); a worker none.
 * A port is named by the Ray container's port of that name if it declares one, else the number is Ray's default.
 * A stand-in head ({@link HeadStandIn}) answers on its dashboard port and, if it has one, its Serve proxy port.
 */
final class PodNetwork {

  /** The range Pod IPs come from; unique within the JVM (all simulators share the counter). */
  static final String POD_CIDR = "10.244.0.0/16";
  private static final AtomicInteger NEXT = new AtomicInteger(1);

  private final Map<String, PodAddress> byIp = new ConcurrentHashMap<>();
  private final Map<String, String> ipByPod = new ConcurrentHashMap<>();
  private final Map<String, Integer> servePorts = new ConcurrentHashMap<>();
  private final Map<String, Integer> standInDashboards = new ConcurrentHashMap<>();
  private final NodeContext context;

  /**
   * What an IP leads to.
   *
   * @param namespace the Pod's namespace
   * @param pod the Pod's name
   * @param cluster its RayCluster
   * @param head whether it is the head
   * @param declaredPorts the Ray container's ports by name
   */
  record PodAddress(String namespace, String pod, String cluster, boolean head, Map<String, Integer> declaredPorts) {
  }

  PodNetwork(NodeContext context) {
    this.context = context;
  }

  /** The Pod's IP, assigned on first call (by uid) and kept until {@link #release}. */
  String assign(String uid, PodAddress address) {
    return ipByPod.computeIfAbsent(uid, key -> {
      int n = NEXT.getAndIncrement();
      int third = n / 254;
      if (third > 255) {
        throw new IllegalStateException("the simulated Pod network " + POD_CIDR + " is exhausted");
      }
      String ip = "10.244." + third + "." + (n % 254 + 1);
      byIp.put(ip, address);
      return ip;
    });
  }

  /** Forgets a deleted Pod's IP (it is not handed out again). */
  void release(String uid) {
    String ip = ipByPod.remove(uid);
    if (ip != null) {
      byIp.remove(ip);
    }
  }

  /** The IP of a Pod by uid, if assigned. */
  Optional<String> ipOf(String uid) {
    return Optional.ofNullable(ipByPod.get(uid));
  }

  /** Records that Serve's proxy of a cluster listens on {@code port} (127.0.0.1). */
  void serveUp(String namespace, String cluster, int port) {
    servePorts.put(namespace + "/" + cluster, port);
  }

  /** Records that a cluster's Serve is gone with its head. */
  void serveDown(String namespace, String cluster) {
    servePorts.remove(namespace + "/" + cluster);
  }

  /** Records that a cluster's head is a stand-in with its dashboard (and maybe a Serve proxy) at these local ports. */
  void standInUp(String namespace, String cluster, int dashboardPort, OptionalInt serveProxyPort) {
    standInDashboards.put(namespace + "/" + cluster, dashboardPort);
    serveProxyPort.ifPresent(port -> serveUp(namespace, cluster, port));
  }

  /** Records that a cluster's stand-in head is gone. */
  void standInDown(String namespace, String cluster) {
    standInDashboards.remove(namespace + "/" + cluster);
    serveDown(namespace, cluster);
  }

  /** The local port that answers for {@code podIp:containerPort}, or empty if nothing there would answer. */
  OptionalInt localPort(String podIp, int containerPort) {
    PodAddress address = byIp.get(podIp);
    if (address == null || !address.head()) {
      return OptionalInt.empty();
    }
    String key = address.namespace() + "/" + address.cluster();
    Integer standIn = standInDashboards.get(key);
    if (standIn != null) {
      Integer serve = servePorts.get(key);
      if (containerPort == declared(address, "dashboard", 8265)) {
        return OptionalInt.of(standIn);
      }
      if (containerPort == declared(address, "serve", 8000) && serve != null) {
        return OptionalInt.of(serve);
      }
      return OptionalInt.empty();
    }
    Optional<ClusterPorts> known = context.knownPorts(address.namespace(), address.cluster());
    if (known.isEmpty()) {
      return OptionalInt.empty();
    }
    ClusterPorts ports = known.get();
    Integer serve = servePorts.get(address.namespace() + "/" + address.cluster());
    if (containerPort == declared(address, "serve", 8000)) {
      return serve == null ? OptionalInt.empty() : OptionalInt.of(serve);
    }
    if (containerPort == declared(address, "dashboard", 8265)) {
      return OptionalInt.of(ports.dashboard());
    }
    if (containerPort == declared(address, "gcs-server", 6379)) {
      return OptionalInt.of(ports.gcs());
    }
    if (containerPort == declared(address, "client", 10001)) {
      return OptionalInt.of(ports.clientServer());
    }
    return OptionalInt.empty();
  }

  /**
   * The RayService controller's proxy probe for simulated Pods: {@code podIp:port} is mapped to its local port and
   * asked {@code GET /-/healthz} there with {@link ServeProxyProbe#http()}; a Pod without a proxy there is unhealthy.
   */
  ServeProxyProbe serveProxyProbe() {
    ServeProxyProbe http = ServeProxyProbe.http();
    return (podIp, port) -> {
      OptionalInt local = localPort(podIp, port);
      return local.isPresent() && http.healthy("127.0.0.1", local.getAsInt());
    };
  }

  private static int declared(PodAddress address, String name, int fallback) {
    return address.declaredPorts().getOrDefault(name, fallback);
  }
}
