package dev.raykube.examples.platform;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.job.decide.RayJobLabels;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.push.JobEndPush;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.job.push.RayJobKey;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A "custom platform": RayJobs run by a plain fabric8 program and {@code ray-job-lifecycle}, without an operator
 * framework. Informers on RayJobs (and on the RayClusters and submitter Jobs they create, found by their
 * {@code ray.io/originated-from-*} labels) put RayJob keys into a {@link WorkQueue}; each key is reconciled by
 * {@link RayJobReconciler}, glue around the library's {@link RayJobLoop}: finalizer first, deletion through the loop's
 * cleanup, otherwise the loop's observe → decide → record → act, and again after the delay the decision asks for.
 *
 * <p>It creates RayClusters; it runs them too when asked ({@code runRayClusters}, {@code --run-rayclusters}: its own
 * RayCluster controller, {@link RayClusterReconciler}, on {@code ray-cluster-lifecycle}). Otherwise some RayCluster
 * controller (RayKube's operator, or KubeRay's) must bring them up and report {@code status.state: ready}.
 *
 * <pre>
 * java dev.raykube.examples.platform.CustomPlatform [--namespace NS] [--dashboard-url URL] [--cluster-domain DOMAIN]
 *     [--run-rayclusters]
 * </pre>
 *
 * <p>With {@code --dashboard-url} every cluster's dashboard is reached at that URL (for example through
 * {@code kubectl port-forward}); without it, at the head Service's in-cluster DNS name (run the program in the
 * Kubernetes cluster then).
 */
public final class CustomPlatform implements AutoCloseable {

  private final KubernetesClient client;
  private final String namespace;
  private final DashboardClients dashboards;
  private final RayJobLoop loop;
  private final JobEndPush jobEnds;
  private final WorkQueue queue;
  private final RayClusterReconciler rayClusters;
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

  /**
   * A platform that runs RayJobs and leaves their RayClusters to a RayCluster controller.
   *
   * @param client the Kubernetes client
   * @param namespace the namespace to watch, or {@code null} for all
   * @param access where the dashboards are
   * @param settings the RayJob lifecycle settings
   * @param finalizerSettings the finalizer policy settings
   * @param clock the time source
   */
  public CustomPlatform(KubernetesClient client, String namespace, DashboardAccess access, RayJobSettings settings,
      FinalizerSettings finalizerSettings, Clock clock) {
    this(client, namespace, access, settings, finalizerSettings, clock, false);
  }

  /**
   * @param client the Kubernetes client
   * @param namespace the namespace to watch, or {@code null} for all
   * @param access where the dashboards are
   * @param settings the RayJob lifecycle settings
   * @param finalizerSettings the finalizer policy settings
   * @param clock the time source
   * @param runRayClusters whether the platform also runs every RayCluster of the namespace ({@link
   *     RayClusterReconciler})
   */
  public CustomPlatform(KubernetesClient client, String namespace, DashboardAccess access, RayJobSettings settings,
      FinalizerSettings finalizerSettings, Clock clock, boolean runRayClusters) {
    this.client = Objects.requireNonNull(client, "client");
    this.namespace = namespace;
    this.dashboards = new DashboardClients();
    // The job-end push: a RayJob whose Ray job may have ended is queued at once, so the loop polls running jobs rarely.
    this.jobEnds = new JobEndPush(LogTailSettings.defaults(), settings.poll(),
        this::reconcileNow, clock);
    this.loop = RayJobLoop.builder(client)
        .dashboardAccess(access)
        .dashboards(dashboards)
        .events(new EventRecorder(client, "raykube-custom-platform", null, clock))
        .settings(settings)
        .finalizerSettings(finalizerSettings)
        .runningJobPoll(jobEnds)
        .recentJobDetails(jobEnds)
        .clock(clock)
        .build();
    RayJobReconciler reconciler = new RayJobReconciler(client, loop, jobEnds);
    this.queue = new WorkQueue(2, reconciler::reconcile);
    this.rayClusters = runRayClusters ? new RayClusterReconciler(client, namespace, clock) : null;
  }

  /**
   * Starts the informers and waits until they have listed everything; every existing RayJob is reconciled, including
   * those deleted while nothing ran (their finalizer kept them).
   *
   * @throws IllegalStateException if the informers do not sync within a minute
   */
  public void start() {
    if (rayClusters != null) {
      rayClusters.start();
    }
    SharedIndexInformer<RayJob> rayJobs = informer(client.resources(RayJob.class), false);
    rayJobs.addEventHandler(new ResourceEventHandler<RayJob>() {
      @Override
      public void onAdd(RayJob job) {
        enqueue(job);
      }

      @Override
      public void onUpdate(RayJob before, RayJob after) {
        if (!statusOnly(before, after)) {
          enqueue(after); // the platform's own status writes need no reconcile: the decision's requeue covers them
        }
      }

      @Override
      public void onDelete(RayJob job, boolean finalStateUnknown) {
        loop.forget(job);
      }
    });
    informers.add(rayJobs);
    informers.add(childInformer(informer(client.resources(RayCluster.class), true)));
    informers.add(childInformer(informer(client.batch().v1().jobs(), true)));
    try {
      for (SharedIndexInformer<?> informer : informers) {
        informer.start().toCompletableFuture().get(1, TimeUnit.MINUTES);
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the informers did not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the informers", e);
    }
  }

  /** Stops the informers, the workers, the RayCluster controller and the dashboard clients. */
  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::stop);
    queue.close();
    jobEnds.close();
    if (rayClusters != null) {
      rayClusters.close();
    }
    dashboards.close();
  }

  /** An informer (not started) in the platform's namespace or all; for children only those created for RayJobs. */
  private <T extends HasMetadata> SharedIndexInformer<T> informer(MixedOperation<T, ?, ?> objects, boolean children) {
    Informable<T> scope;
    if (namespace == null) {
      scope = children ? objects.inAnyNamespace().withLabel(RayClusterLabels.ORIGINATED_FROM_CRD,
          RayJobLabels.RAY_JOB_KIND) : objects.inAnyNamespace();
    } else {
      scope = children ? objects.inNamespace(namespace).withLabel(RayClusterLabels.ORIGINATED_FROM_CRD,
          RayJobLabels.RAY_JOB_KIND) : objects.inNamespace(namespace);
    }
    return scope.runnableInformer(0);
  }

  /** Any change of an object a RayJob created reconciles the RayJob named in its labels. */
  private <T extends HasMetadata> SharedIndexInformer<T> childInformer(SharedIndexInformer<T> informer) {
    informer.addEventHandler(new ResourceEventHandler<T>() {
      @Override
      public void onAdd(T obj) {
        enqueueOwner(obj);
      }

      @Override
      public void onUpdate(T before, T after) {
        enqueueOwner(after);
      }

      @Override
      public void onDelete(T obj, boolean finalStateUnknown) {
        enqueueOwner(obj);
      }
    });
    return informer;
  }

  /** Whether only the status (or the resourceVersion) changed: same spec generation, deletion, finalizers, notes. */
  static boolean statusOnly(RayJob before, RayJob after) {
    return Objects.equals(before.getMetadata().getGeneration(), after.getMetadata().getGeneration())
        && Objects.equals(before.getMetadata().getDeletionTimestamp(), after.getMetadata().getDeletionTimestamp())
        && Objects.equals(before.getMetadata().getFinalizers(), after.getMetadata().getFinalizers())
        && Objects.equals(before.getMetadata().getAnnotations(), after.getMetadata().getAnnotations())
        && Objects.equals(before.getMetadata().getLabels(), after.getMetadata().getLabels());
  }

  private void reconcileNow(RayJobKey key) {
    queue.add(key.toString(), Duration.ZERO);
  }

  private void enqueue(RayJob job) {
    queue.add(job.getMetadata().getNamespace() + "/" + job.getMetadata().getName(), Duration.ZERO);
  }

  private void enqueueOwner(HasMetadata child) {
    String owner = child.getMetadata().getLabels() == null ? null
        : child.getMetadata().getLabels().get(RayClusterLabels.ORIGINATED_FROM_CR_NAME);
    if (owner != null) {
      queue.add(child.getMetadata().getNamespace() + "/" + owner, Duration.ZERO);
    }
  }

  /**
   * Runs the platform against the cluster of the current kubeconfig context until Ctrl-C.
   *
   * @param args {@code [--namespace NS] [--dashboard-url URL] [--cluster-domain DOMAIN] [--run-rayclusters]}
   */
  public static void main(String[] args) throws InterruptedException {
    String namespace = null;
    String dashboardUrl = null;
    String clusterDomain = "cluster.local";
    boolean runRayClusters = false;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--run-rayclusters")) {
        runRayClusters = true;
        continue;
      }
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--namespace" -> namespace = require(args[i], value);
        case "--dashboard-url" -> dashboardUrl = require(args[i], value);
        case "--cluster-domain" -> clusterDomain = require(args[i], value);
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + "; usage: CustomPlatform [--namespace NS] [--dashboard-url URL] [--cluster-domain DOMAIN] "
            + "[--run-rayclusters]");
      }
      i++;
    }
    KubernetesClient client = new KubernetesClientBuilder().build();
    DashboardAccess access = dashboardUrl != null ? DashboardAccess.fixed(dashboardUrl)
        : DashboardAccess.inCluster(client, clusterDomain);
    CountDownLatch stopped = new CountDownLatch(1);
    CustomPlatform platform = new CustomPlatform(client, namespace, access, RayJobSettings.defaults(),
        FinalizerSettings.defaults(), Clock.systemUTC(), runRayClusters);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      platform.close();
      client.close();
      stopped.countDown();
    }));
    platform.start();
    System.out.println("# RayJobs in " + (namespace == null ? "all namespaces" : "namespace " + namespace)
        + " of " + client.getMasterUrl() + ", dashboards via " + access + "; Ctrl-C stops");
    stopped.await();
  }

  private static String require(String flag, String value) {
    if (value == null || value.startsWith("--")) {
      throw new IllegalArgumentException(flag + " needs a value");
    }
    return value;
  }
}
