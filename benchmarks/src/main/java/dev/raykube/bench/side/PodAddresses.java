package dev.raykube.bench.side;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Pod network of the harness's node: each Pod gets an IP of its own in 198.18.0.0/15 (the range RFC 2544 sets
 * aside for benchmarks; the API server refuses loopback addresses in Endpoints and EndpointSlices, so the
 * kube-controller-manager could not write a Service's endpoints for Pods with 127.x addresses). Nothing on this
 * machine listens on those IPs: a request to one goes through {@link DashboardProxy} (both operators are given it as
 * their HTTP proxy for such addresses), which sends it to the loopback address the Pod's IP routes to, the address
 * of its cluster's head Service, where the head's dashboard listens on 8265 and, when the dashboards model Serve, its
 * Serve proxy on 8000 ({@link HeadDashboards#servingFakes()}). A worker's IP routes there too: in Ray every node's
 * proxy runs exactly while the cluster's Serve runs, and one listener answers for all of them. Thread-safe.
 */
public final class PodAddresses {

  /** Addresses in the /15. */
  private static final int SIZE = 1 << 17;

  private final Map<String, InetAddress> byPod = new ConcurrentHashMap<>();
  private final Map<String, InetAddress> routes = new ConcurrentHashMap<>();
  private int next = 1;

  /** Gives the Pod {@code uid} an IP (the same on every call) that routes to {@code target}; returns the IP. */
  InetAddress assign(String uid, InetAddress target) {
    InetAddress ip = byPod.computeIfAbsent(uid, key -> nextAddress());
    routes.put(ip.getHostAddress(), target);
    return ip;
  }

  /** The Pod {@code uid} is gone: its IP routes nowhere from now on (it is not given out again). */
  void release(String uid) {
    InetAddress ip = byPod.remove(uid);
    if (ip != null) {
      routes.remove(ip.getHostAddress());
    }
  }

  /** The loopback address a Pod IP (as text, e.g. {@code 198.18.0.7}) routes to, if it is a live Pod's. */
  public Optional<InetAddress> route(String podIp) {
    return Optional.ofNullable(routes.get(podIp));
  }

  private synchronized InetAddress nextAddress() {
    int n = next++;
    if (n >= SIZE - 1) {
      throw new IllegalStateException("more than " + (SIZE - 2) + " Pods in one run");
    }
    try {
      return InetAddress.getByAddress(new byte[] {(byte) 198, (byte) (18 + (n >> 16)), (byte) (n >> 8), (byte) n});
    } catch (UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }
}
