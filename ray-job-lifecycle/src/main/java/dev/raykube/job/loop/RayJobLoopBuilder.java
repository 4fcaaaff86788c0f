package dev.raykube.job.loop;

import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.observe.RayJobReads;
import dev.raykube.job.observe.RecentJobDetails;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.PrimaryCache;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Builds a {@link RayJobLoop}: {@link RayJobLoop#builder(KubernetesClient)}. Three collaborators are required — where
 * the dashboards are ({@link #dashboardAccess}), the dashboard clients ({@link #dashboards}, which the caller closes)
 * and the Event recorder ({@link #events}); {@link #build()} checks them. Everything else has a default:
 *
 * <ul>
 *   <li>{@link #reads}: RayClusters and submitter Jobs read from the API server ({@link RayJobReads#fromApi});</li>
 *   <li>{@link #settings}: {@link RayJobSettings#defaults()}; {@link #finalizerSettings}:
 *       {@link FinalizerSettings#defaults()};</li>
 *   <li>{@link #runningJobPoll}: the settings' poll; {@link #recentJobDetails}: none (every job is read by a GET);</li>
 *   <li>{@link #primaryCache}: none; {@link #clock}: {@link Clock#systemUTC()}; {@link #nameSuffixes}: random;
 *       {@link #actionRetryDelay}: {@link RayJobLoop#DEFAULT_ACTION_RETRY_DELAY}.</li>
 * </ul>
 */
public final class RayJobLoopBuilder {
  final KubernetesClient client;
  RayJobReads reads;
  DashboardAccess access;
  DashboardClients dashboards;
  EventRecorder events;
  RayJobSettings settings = RayJobSettings.defaults();
  FinalizerSettings finalizerSettings = FinalizerSettings.defaults();
  RunningJobPoll poll;
  RecentJobDetails recent = RecentJobDetails.none();
  PrimaryCache<RayJob> cache = PrimaryCache.none();
  Clock clock = Clock.systemUTC();
  NameSuffixes suffixes = NameSuffixes.random();
  Duration actionRetryDelay = RayJobLoop.DEFAULT_ACTION_RETRY_DELAY;

  RayJobLoopBuilder(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /** Where RayClusters and submitter Jobs are read (informer caches first, for one). */
  public RayJobLoopBuilder reads(RayJobReads value) {
    this.reads = Objects.requireNonNull(value, "reads");
    return this;
  }

  /** Where each RayCluster's dashboard is. Required. */
  public RayJobLoopBuilder dashboardAccess(DashboardAccess value) {
    this.access = Objects.requireNonNull(value, "dashboardAccess");
    return this;
  }

  /** The dashboard clients, one per cluster; the caller closes them. Required. */
  public RayJobLoopBuilder dashboards(DashboardClients value) {
    this.dashboards = Objects.requireNonNull(value, "dashboards");
    return this;
  }

  /** Records the loop's Events. Required. */
  public RayJobLoopBuilder events(EventRecorder value) {
    this.events = Objects.requireNonNull(value, "events");
    return this;
  }

  /** The lifecycle settings the state machine decides with. */
  public RayJobLoopBuilder settings(RayJobSettings value) {
    this.settings = Objects.requireNonNull(value, "settings");
    return this;
  }

  /** The finalizer policy settings of the deletion cleanup. */
  public RayJobLoopBuilder finalizerSettings(FinalizerSettings value) {
    this.finalizerSettings = Objects.requireNonNull(value, "finalizerSettings");
    return this;
  }

  /** How often to look at a running Ray job, given what was observed (default: the settings' poll). */
  public RayJobLoopBuilder runningJobPoll(RunningJobPoll value) {
    this.poll = Objects.requireNonNull(value, "runningJobPoll");
    return this;
  }

  /** Job details another read of the dashboard just returned (e.g. a job list), taken instead of a GET. */
  public RayJobLoopBuilder recentJobDetails(RecentJobDetails value) {
    this.recent = Objects.requireNonNull(value, "recentJobDetails");
    return this;
  }

  /** Told of every status write (e.g. Java Operator SDK's cache of RayJobs). */
  public RayJobLoopBuilder primaryCache(PrimaryCache<RayJob> value) {
    this.cache = Objects.requireNonNull(value, "primaryCache");
    return this;
  }

  /** The time of every decision and of the cleanup's backoff. */
  public RayJobLoopBuilder clock(Clock value) {
    this.clock = Objects.requireNonNull(value, "clock");
    return this;
  }

  /** The random part of generated names (tests make it predictable). */
  public RayJobLoopBuilder nameSuffixes(NameSuffixes value) {
    this.suffixes = Objects.requireNonNull(value, "nameSuffixes");
    return this;
  }

  /** The longest wait before the next reconcile after a failed Kubernetes action; not negative. */
  public RayJobLoopBuilder actionRetryDelay(Duration value) {
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
  public RayJobLoop build() {
    require(access, "dashboardAccess");
    require(dashboards, "dashboards");
    require(events, "events");
    if (reads == null) {
      reads = RayJobReads.fromApi(client);
    }
    if (poll == null) {
      poll = RunningJobPoll.fixed(settings.poll());
    }
    return new RayJobLoop(this);
  }

  private static void require(Object value, String name) {
    if (value == null) {
      throw new IllegalStateException("RayJobLoop needs " + name + "(...) before build()");
    }
  }
}
