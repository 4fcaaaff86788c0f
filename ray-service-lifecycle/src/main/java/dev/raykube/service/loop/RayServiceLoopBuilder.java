package dev.raykube.service.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.PrimaryCache;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.service.observe.RayServiceReads;
import dev.raykube.service.observe.ServeProxyProbe;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Builds a {@link RayServiceLoop}: {@link RayServiceLoop#builder(KubernetesClient)}. Three collaborators are required —
 * where the dashboards are ({@link #dashboardAccess}), the dashboard clients ({@link #dashboards}, which the caller
 * closes) and the Event recorder ({@link #events}); {@link #build()} checks them. Everything else has a default:
 *
 * <ul>
 *   <li>{@link #reads}: RayClusters, Pods, Services and EndpointSlices read from the API server
 *       ({@link RayServiceReads#fromApi});</li>
 *   <li>{@link #proxyProbe}: HTTP to each serve Pod's proxy ({@link ServeProxyProbe#http()});</li>
 *   <li>{@link #settings}: {@link RayServiceSettings#defaults()}; {@link #finalizerSettings}:
 *       {@link FinalizerSettings#defaults()}; {@link #buildSettings}: {@link ClusterBuildSettings#defaults()};</li>
 *   <li>{@link #primaryCache}: none; {@link #clock}: {@link Clock#systemUTC()}; {@link #nameSuffixes}: random;
 *       {@link #actionRetryDelay}: {@link RayServiceLoop#DEFAULT_ACTION_RETRY_DELAY}.</li>
 * </ul>
 */
public final class RayServiceLoopBuilder {
  final KubernetesClient client;
  RayServiceReads reads;
  DashboardAccess access;
  DashboardClients dashboards;
  EventRecorder events;
  ServeProxyProbe probe = ServeProxyProbe.http();
  RayServiceSettings settings = RayServiceSettings.defaults();
  FinalizerSettings finalizerSettings = FinalizerSettings.defaults();
  ClusterBuildSettings buildSettings = ClusterBuildSettings.defaults();
  PrimaryCache<RayService> cache = PrimaryCache.none();
  Clock clock = Clock.systemUTC();
  NameSuffixes suffixes = NameSuffixes.random();
  Duration actionRetryDelay = RayServiceLoop.DEFAULT_ACTION_RETRY_DELAY;

  RayServiceLoopBuilder(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Where RayClusters, Pods, Services and EndpointSlices are read (informer caches, for one). */
  public RayServiceLoopBuilder reads(RayServiceReads value) {
    this.reads = Objects.requireNonNull(value, "reads");
    return this;
  }

  /** Where each RayCluster's dashboard is. Required. */
  public RayServiceLoopBuilder dashboardAccess(DashboardAccess value) {
    this.access = Objects.requireNonNull(value, "dashboardAccess");
    return this;
  }

  /** The dashboard clients, one per cluster; the caller closes them. Required. */
  public RayServiceLoopBuilder dashboards(DashboardClients value) {
    this.dashboards = Objects.requireNonNull(value, "dashboards");
    return this;
  }

  /** Records the loop's Events. Required. */
  public RayServiceLoopBuilder events(EventRecorder value) {
    this.events = Objects.requireNonNull(value, "events");
    return this;
  }

  /** Asks the serve Pods' proxies for their health. */
  public RayServiceLoopBuilder proxyProbe(ServeProxyProbe value) {
    this.probe = Objects.requireNonNull(value, "proxyProbe");
    return this;
  }

  /** The lifecycle settings the state machine decides with. */
  public RayServiceLoopBuilder settings(RayServiceSettings value) {
    this.settings = Objects.requireNonNull(value, "settings");
    return this;
  }

  /** The finalizer policy settings of the deletion cleanup. */
  public RayServiceLoopBuilder finalizerSettings(FinalizerSettings value) {
    this.finalizerSettings = Objects.requireNonNull(value, "finalizerSettings");
    return this;
  }

  /** How the head Service is built (as the RayCluster controller's). */
  public RayServiceLoopBuilder buildSettings(ClusterBuildSettings value) {
    this.buildSettings = Objects.requireNonNull(value, "buildSettings");
    return this;
  }

  /** Told of every status write (e.g. Java Operator SDK's cache of RayServices). */
  public RayServiceLoopBuilder primaryCache(PrimaryCache<RayService> value) {
    this.cache = Objects.requireNonNull(value, "primaryCache");
    return this;
  }

  /** The time of every decision and of the cleanup's backoff. */
  public RayServiceLoopBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /** The random part of the RayClusters' names (tests make it predictable). */
  public RayServiceLoopBuilder nameSuffixes(NameSuffixes value) {
    this.suffixes = Objects.requireNonNull(value, "nameSuffixes");
    return this;
  }

  /** The longest wait before the next reconcile after a failed action; not negative. */
  public RayServiceLoopBuilder actionRetryDelay(Duration value) {
    Objects.requireNonNull(value, "actionRetryDelay");
    if (value.isNegative()) {
      throw new IllegalArgumentException("actionRetryDelay must not be negative: " + value);
    }
    this.actionRetryDelay = value;
    return this;
  }

  /**
   * Builds the loop.
   *
   * @return the loop
   * @throws IllegalStateException if a required collaborator is missing
   */
  public RayServiceLoop build() {
    require(access, "dashboardAccess");
    require(dashboards, "dashboards");
    require(events, "events");
    if (reads == null) {
      reads = RayServiceReads.fromApi(client);
    }
    return new RayServiceLoop(this);
  }

  private static void require(Object value, String name) {
    if (value == null) {
      throw new IllegalStateException("RayServiceLoop needs " + name + "(...) before build()");
    }
  }
}
