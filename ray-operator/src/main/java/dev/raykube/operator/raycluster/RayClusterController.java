package dev.raykube.operator.raycluster;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.loop.RayClusterLoop;
import dev.raykube.cluster.loop.RayClusterReads;
import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.cluster.loop.RayClusterWarmUp;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.OperatorVersion;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.ControllerEventCache;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayCluster controller as the operator runtime registers it ({@code RayControllers}): name
 * {@value #NAME}, primary resource {@link RayCluster}, reconciler {@link RayClusterReconciler} around the library's
 * {@link RayClusterLoop}, both wired here from the operator's settings, client, clock and cluster-state gauges.
 */
public final class RayClusterController implements ControllerDefinition<RayCluster> {

  private static final Logger LOG = LoggerFactory.getLogger(RayClusterController.class);
  private static final int POD_CREATION_THREADS = 8;
  private static final int POD_CREATION_IDLE_SECONDS = 30;

  /** The controller's name (logs, metrics, JOSDK configuration). */
  public static final String NAME = "raycluster";

  private final RayClusterTimings timings;

  /** The production controller, with {@link RayClusterTimings#defaults()}. */
  public RayClusterController() {
    this(RayClusterTimings.defaults());
  }

  /** A controller with other timings (tests shorten them). */
  public RayClusterController(RayClusterTimings timings) {
    this.timings = Objects.requireNonNull(timings, "timings");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<RayCluster> resourceClass() {
    return RayCluster.class;
  }

  /**
   * The reconciler, and in a background thread the {@link RayClusterWarmUp} of its code, which runs while the
   * informers sync (before any reconcile can start).
   */
  @Override
  public Reconciler<RayCluster> reconciler(ControllerContext context) {
    ControllerEventCache<RayCluster> primaryCache = new ControllerEventCache<>();
    ClusterBuildSettings settings = buildSettings(context.settings());
    CachedRayClusterReads reads = new CachedRayClusterReads(RayClusterReads.fromApi(context.client()));
    ClusterStateGauges gauges = context.clusterStates();
    RayClusterLoop loop = RayClusterLoop.builder(context.client())
        .reads(reads)
        .events(context.eventRecorder())
        .settings(settings)
        .timings(timings)
        .statusListener((cluster, status) -> gauges.record(cluster.getMetadata().getNamespace(),
            cluster.getMetadata().getName(), status.getState()))
        .primaryCache(primaryCache)
        .clock(context.clock())
        .podCreations(podCreations())
        .build();
    Thread warmUp = new Thread(() -> warmUp(settings, context), "raykube-warm-up");
    warmUp.setDaemon(true);
    warmUp.start();
    context.kubeRayMetrics().rayClusters(primaryCache::list);
    return new RayClusterReconciler(loop, reads, context.clusterStates(), primaryCache, context.headServices(),
        context.kubeRayMetrics());
  }

  /**
   * Where a worker group's new Pods are created at once: up to {@value #POD_CREATION_THREADS} daemon threads, started
   * when needed and gone after {@value #POD_CREATION_IDLE_SECONDS} s idle (an idle operator keeps none); when all
   * are busy, the reconcile creates the Pod itself.
   */
  private static ThreadPoolExecutor podCreations() {
    AtomicInteger serial = new AtomicInteger();
    return new ThreadPoolExecutor(0, POD_CREATION_THREADS, POD_CREATION_IDLE_SECONDS, TimeUnit.SECONDS,
        new SynchronousQueue<>(), runnable -> {
          Thread thread = new Thread(runnable, "raykube-pod-creation-" + serial.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        }, new ThreadPoolExecutor.CallerRunsPolicy());
  }

  private static void warmUp(ClusterBuildSettings settings, ControllerContext context) {
    try {
      Duration took = RayClusterWarmUp.run(settings, context.client().getKubernetesSerialization(), context.clock());
      LOG.debug("Warmed up the RayCluster reconcile in {} ms", took.toMillis());
    } catch (RuntimeException e) {
      LOG.warn("The RayCluster warm-up failed (reconciles are not affected, only slower the first time)", e);
    }
  }

  /**
   * The builders' settings for the operator's settings: cluster domain, {@code wait-gcs-ready} injection, the Redis
   * clean-up and multi-host indexing and NetworkPolicies (their gates) from the flags, the Pod defaults and container
   * environment of KubeRay's Configuration file, the operator's version for {@code RAY_USAGE_STATS_EXTRA_TAGS},
   * defaults for the rest.
   */
  public static ClusterBuildSettings buildSettings(OperatorSettings settings) {
    return ClusterBuildSettings.defaults()
        .withClusterDomain(settings.clusterDomain())
        .withInitContainerInjection(settings.initContainerInjection())
        .withRedisCleanup(settings.redisCleanup())
        .withPodDefaults(settings.podDefaults())
        .withDefaultContainerEnv(settings.defaultContainerEnv())
        .withMultiHostIndexing(settings.featureGates().rayMultiHostIndexing())
        .withNetworkPolicies(settings.featureGates().rayClusterNetworkPolicy())
        .withBatchScheduler(settings.batchScheduler())
        .withOperatorVersion(OperatorVersion.current());
  }

  @Override
  public String toString() {
    return "ControllerDefinition[" + NAME + ", RayCluster, " + timings + "]";
  }
}
