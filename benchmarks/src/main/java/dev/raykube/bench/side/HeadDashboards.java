package dev.raykube.bench.side;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.RecordedDashboardRequest;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The dashboards behind the head Services: what answers at a head Service's address once {@link PodNode} runs the
 * head Pod, and how many dashboard requests the operators made. Three kinds: none (Pods only, for the memory
 * scenarios), a {@link FakeRayDashboard} per head (with or without its Serve proxy), or real Ray heads the scenario started, each behind a
 * {@link CountingRelay}. Thread-safe.
 */
public interface HeadDashboards extends AutoCloseable {

  /** The dashboard port of the head Service ({@code dashboard}, 8265 in both operators). */
  int DASHBOARD_PORT = 8265;

  /** The Serve port of Ray Pods ({@code serve}, 8000 in both operators). */
  int SERVE_PORT = 8000;

  /** The head Pod of {@code namespace/cluster} runs: its dashboard answers at {@code address} from now on. */
  void up(String namespace, String cluster, InetAddress address);

  /** The head Pod of {@code namespace/cluster} is gone. */
  void down(String namespace, String cluster);

  /** Dashboard requests served so far, by every head, also heads that are gone. */
  long requests();

  /**
   * The same requests by kind ({@code GET /api/jobs/<id>}, {@code GET /api/jobs/} for a list, …), where the heads
   * record what they served; empty where they only count.
   */
  default Map<String, Long> requestsByKind() {
    return Map.of();
  }

  /** The kind of a dashboard request: its method and its path with the submission id as {@code <id>}. */
  static String kindOf(String method, String path) {
    return method + " " + path.replaceFirst("^/api/jobs/[^/]+", "/api/jobs/<id>");
  }

  /** {@code after} minus {@code before}, kind by kind, kinds that did not change left out. */
  static Map<String, Long> since(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> difference = new TreeMap<>();
    after.forEach((kind, count) -> {
      long added = count - before.getOrDefault(kind, 0L);
      if (added != 0) {
        difference.put(kind, added);
      }
    });
    return difference;
  }

  @Override
  void close();

  /** No dashboards. */
  static HeadDashboards none() {
    return new HeadDashboards() {
      @Override
      public void up(String namespace, String cluster, InetAddress address) {}

      @Override
      public void down(String namespace, String cluster) {}

      @Override
      public long requests() {
        return 0;
      }

      @Override
      public void close() {}
    };
  }

  /** A fresh {@link FakeRayDashboard} (Ray 2.60 defaults) per head Pod, listening on the Service's address. */
  static HeadDashboards fakes() {
    return fakes(false);
  }

  /**
   * As {@link #fakes()}, each with its Serve HTTP proxy on {@value #SERVE_PORT} of the same address while Serve runs
   * there (from the first deploy on), as Ray's proxy actors do; {@link PodAddresses} routes every Pod IP of the
   * cluster to it.
   */
  static HeadDashboards servingFakes() {
    return fakes(true);
  }

  private static HeadDashboards fakes(boolean serveProxy) {
    return new HeadDashboards() {
      private final Map<String, FakeRayDashboard> byCluster = new ConcurrentHashMap<>();
      private final AtomicLong gone = new AtomicLong();
      private final Map<String, Long> goneByKind = new ConcurrentHashMap<>();

      @Override
      public void up(String namespace, String cluster, InetAddress address) {
        byCluster.computeIfAbsent(namespace + "/" + cluster, key -> FakeRayDashboard.builder().address(address)
            .port(DASHBOARD_PORT).requestLogCapacity(1_000_000).serveProxy(serveProxy).serveProxyPort(SERVE_PORT).build()
            .start());
      }

      @Override
      public void down(String namespace, String cluster) {
        FakeRayDashboard fake = byCluster.remove(namespace + "/" + cluster);
        if (fake != null) {
          List<RecordedDashboardRequest> served = fake.requests();
          gone.addAndGet(served.size());
          served.forEach(r -> goneByKind.merge(kindOf(r.method(), r.path()), 1L, Long::sum));
          fake.close();
        }
      }

      @Override
      public long requests() {
        return gone.get() + byCluster.values().stream().mapToLong(f -> f.requests().size()).sum();
      }

      @Override
      public Map<String, Long> requestsByKind() {
        Map<String, Long> kinds = new TreeMap<>(goneByKind);
        byCluster.values().forEach(f -> f.requests()
            .forEach(r -> kinds.merge(kindOf(r.method(), r.path()), 1L, Long::sum)));
        return kinds;
      }

      @Override
      public void close() {
        byCluster.keySet().forEach(key -> down(key.substring(0, key.indexOf('/')), key.substring(key.indexOf('/') + 1)));
      }
    };
  }

  /**
   * Real heads started by the scenario: {@code backends} maps {@code namespace/cluster} to the head's dashboard
   * ({@code 127.0.0.1:<port>}); a head Pod of another cluster gets no dashboard.
   */
  static HeadDashboards real(Map<String, InetSocketAddress> backends) {
    return new HeadDashboards() {
      private final Map<String, CountingRelay> relays = new ConcurrentHashMap<>();
      private final AtomicLong gone = new AtomicLong();

      @Override
      public void up(String namespace, String cluster, InetAddress address) {
        InetSocketAddress backend = backends.get(namespace + "/" + cluster);
        if (backend != null) {
          relays.computeIfAbsent(namespace + "/" + cluster,
              key -> new CountingRelay(address, DASHBOARD_PORT, backend));
        }
      }

      @Override
      public void down(String namespace, String cluster) {
        CountingRelay relay = relays.remove(namespace + "/" + cluster);
        if (relay != null) {
          gone.addAndGet(relay.requests());
          relay.close();
        }
      }

      @Override
      public long requests() {
        return gone.get() + relays.values().stream().mapToLong(CountingRelay::requests).sum();
      }

      @Override
      public void close() {
        relays.values().forEach(CountingRelay::close);
        relays.clear();
      }
    };
  }
}
