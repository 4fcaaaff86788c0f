package dev.raykube.testkit;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.FakeRayDashboardBuilder;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.sandbox.HeadStandIn;
import dev.raykube.sandbox.HeadStandIns;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * The clusters whose heads are a {@link FakeRayDashboard} (all but those {@code realRay} picks), one fake per head Pod,
 * built with a Serve proxy and whatever {@code configure} adds, and handed to {@code started} before the head Pod is
 * Running (so a test can script its entrypoints first). The current fake of each cluster is kept for the test to
 * inspect.
 */
final class FakeHeads implements HeadStandIns {

  private final Predicate<RayCluster> realRay;
  private final BiConsumer<RayCluster, FakeRayDashboardBuilder> configure;
  private final BiConsumer<RayCluster, FakeRayDashboard> started;
  private final Map<String, FakeRayDashboard> current = new ConcurrentHashMap<>();

  FakeHeads(Predicate<RayCluster> realRay, BiConsumer<RayCluster, FakeRayDashboardBuilder> configure,
      BiConsumer<RayCluster, FakeRayDashboard> started) {
    this.realRay = realRay;
    this.configure = configure;
    this.started = started;
  }

  @Override
  public boolean standsIn(RayCluster cluster) {
    return !realRay.test(cluster);
  }

  @Override
  public HeadStandIn start(RayCluster cluster) {
    FakeRayDashboardBuilder builder = FakeRayDashboard.builder().serveProxy(true);
    configure.accept(cluster, builder);
    FakeRayDashboard fake = builder.build().start();
    try {
      started.accept(cluster, fake);
    } catch (RuntimeException e) {
      fake.close();
      throw e;
    }
    String key = key(cluster.getMetadata().getNamespace(), cluster.getMetadata().getName());
    current.put(key, fake);
    int serve = URI.create(fake.serveProxyUrl()).getPort();
    return new HeadStandIn() {
      @Override
      public int dashboardPort() {
        return fake.port();
      }

      @Override
      public OptionalInt serveProxyPort() {
        return OptionalInt.of(serve);
      }

      @Override
      public void close() {
        current.remove(key, fake);
        fake.close();
      }
    };
  }

  /** The fake of the cluster's current head Pod, if it has one. */
  Optional<FakeRayDashboard> of(String namespace, String cluster) {
    return Optional.ofNullable(current.get(key(namespace, cluster)));
  }

  private static String key(String namespace, String cluster) {
    return namespace + "/" + cluster;
  }

  @Override
  public String toString() {
    return "FakeRayDashboard per cluster";
  }
}
