package dev.raykube.sandbox;

import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.service.observe.ServeProxyProbe;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays scheduler and kubelet for the Ray Pods of one namespace (or of every namespace) on a real API server, with real
 * Ray processes: every Pod labelled {@code ray.io/is-ray-node=yes} that is Pending is bound to the simulator's Node
 * ({@link SimulatedNode}, {@code raykube-sim-<namespace>} or the name given), gets a Pod IP of its own ({@link PodNetwork}) and a real {@code ray start --head}
 * (head Pods; for a RayService's cluster also Serve, {@link HeadServe}) or, after its {@code wait-gcs-ready} init
 * script exits 0, a real {@code ray start --address} (worker Pods) on 127.0.0.1, and is then marked Running and Ready
 * through the status subresource; a head's autoscaler container runs Ray's real autoscaler ({@code HeadAutoscaler}).
 * The Pods of a RayJob's K8sJobMode submitter Job and of a RayCluster's Redis clean-up Job run their command on this
 * machine ({@code OperatorJobPod}) and end Succeeded or Failed by its exit code. Deleting a Pod (directly or by
 * garbage collection) stops its processes. Services are routed on request ({@link #routeService}), as kube-proxy would. See
 * {@code docs/local.md} for what it does and does not model. Clusters chosen by {@link HeadStandIns} run no Ray: a
 * {@link HeadStandIn} (for example a fake dashboard) answers for their head ({@link #builder}).
 *
 * <p>Bound Pods are deleted gracefully: the API server only sets a deletion timestamp, and the simulator stops the
 * Pod's processes and then deletes it with grace period 0, as kubelet finishes a deletion (the Pod object outlives
 * its processes, never the other way round).
 */
public final class NodeSimulator implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(NodeSimulator.class);
  /** Default time a head (GCS + dashboard) or a worker (agent) may take to come up on a loaded 2-core machine. */
  public static final Duration START_TIMEOUT = Duration.ofSeconds(180);
  /** Default time after SIGTERM before the process group gets SIGKILL. */
  public static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
  /** How long a deleted head waits for worker deletions of the same cluster before it is stopped. */
  private static final Duration HEAD_STOP_DELAY = Duration.ofSeconds(1);

  /** The namespace simulated, or {@code null} for every namespace. */
  private final String namespace;
  private final NodeContext context;
  private final Map<String, SimulatedPod> pods = new ConcurrentHashMap<>();
  private final Map<String, Future<?>> starts = new ConcurrentHashMap<>();
  private final Map<String, List<CompletableFuture<Void>>> workerStops = new ConcurrentHashMap<>();
  private final java.util.Set<String> ignored = ConcurrentHashMap.newKeySet();
  private final AtomicInteger threads = new AtomicInteger();
  private final ExecutorService starters = Executors.newCachedThreadPool(r -> thread(r, "node-sim-start-"));
  private final ExecutorService stoppers = Executors.newCachedThreadPool(r -> thread(r, "node-sim-stop-"));
  private final SharedIndexInformer<Pod> informer;
  private final SharedIndexInformer<Pod> submitters;

  NodeSimulator(KubernetesClient client, String namespace, String nodeName, RayInstallation ray,
      HeadStandIns standIns, Duration startTimeout, Duration stopTimeout) {
    if (ray == null && standIns == null) {
      throw new IllegalStateException("the node sandbox needs a Ray virtual environment, stand-in heads, or both");
    }
    this.namespace = namespace;
    this.context = new NodeContext(client, SimulatedNode.register(client, nodeName), ray, standIns, startTimeout,
        stopTimeout);
    var pods = namespace == null ? client.pods().inAnyNamespace() : client.pods().inNamespace(namespace);
    this.informer = pods.withLabel("ray.io/is-ray-node", "yes").inform(handler());
    this.submitters = pods.withLabel(OperatorJobPod.JOB_NAME_LABEL).inform(handler());
    log.info("node simulator: playing kubelet for Ray Pods and the operator's Job Pods in {} (ray {}{})",
        namespace == null ? "every namespace" : "namespace " + namespace,
        ray == null ? "none" : ray.ray(), standIns == null ? "" : ", stand-in heads " + standIns);
  }

  private ResourceEventHandler<Pod> handler() {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(Pod pod) {
        observe(pod);
      }

      @Override
      public void onUpdate(Pod oldPod, Pod pod) {
        observe(pod);
      }

      @Override
      public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
        forget(pod, "deleted");
      }
    };
  }

  /**
   * Starts simulating the node for the Ray Pods of {@code namespace}, with the default timeouts, bound to the Node
   * {@code raykube-sim-<namespace>} and with the Ray of the virtual environment {@code RAYKUBE_RAY_VENV} names.
   *
   * @param client a client for the API server; not closed by the simulator
   * @throws IllegalStateException if that variable names no virtual environment with Ray
   */
  public static NodeSimulator start(KubernetesClient client, String namespace) {
    return start(client, namespace, START_TIMEOUT, STOP_TIMEOUT);
  }

  /** Starts simulating {@code namespace} with other start and stop timeouts. */
  public static NodeSimulator start(KubernetesClient client, String namespace, Duration startTimeout,
      Duration stopTimeout) {
    return builder(client).namespace(namespace).rayFromEnvironment().timeouts(startTimeout, stopTimeout).start();
  }

  /**
   * Starts simulating one Node for the Ray Pods and RayJob submitter Pods of every namespace (what
   * {@code raykube local} runs), with the default timeouts.
   *
   * @param client a client for the API server; not closed by the simulator
   * @param nodeName the Node the Pods are bound to, e.g. {@code raykube-local}
   * @param rayVenv a virtual environment with Ray (and Ray Serve, for RayServices) installed
   * @throws IllegalStateException if {@code rayVenv} has no {@code bin/ray}
   */
  public static NodeSimulator startInAllNamespaces(KubernetesClient client, String nodeName, Path rayVenv) {
    return builder(client).nodeName(nodeName).ray(rayVenv).start();
  }

  /**
   * A simulator with other choices: one namespace or every one, the Node's name, a Ray virtual environment, stand-in
   * heads for some or all clusters ({@link HeadStandIns}), timeouts.
   *
   * @param client a client for the API server; not closed by the simulator
   */
  public static NodeSimulatorBuilder builder(KubernetesClient client) {
    return new NodeSimulatorBuilder(client);
  }

  /**
   * The dashboards of the simulated heads, for the operator's RayJob controller: a RayCluster maps to
   * {@code http://127.0.0.1:<its head's dashboard port>} (with the head's token when the cluster uses token
   * authentication), a stand-in head's ({@link HeadStandIn}) included, or empty while its head is not up.
   */
  public DashboardAccess dashboardAccess() {
    return context.dashboards;
  }

  /**
   * The Serve proxy probe for the operator's RayService controller: a Pod IP and port of the simulated network lead to
   * the local port of that Pod's Serve proxy (a head whose cluster runs Serve), which is asked {@code /-/healthz};
   * workers have no proxy ({@code HeadOnly}) and are unhealthy.
   */
  public ServeProxyProbe serveProxyProbe() {
    return context.network.serveProxyProbe();
  }

  /**
   * Routes a port of a Service of the simulator's namespace as kube-proxy would ({@link LoopbackServiceProxy}): each
   * new connection to the returned proxy's local port goes to a ready endpoint of the Service's EndpointSlices.
   *
   * @param service the Service's name, e.g. {@code <rayservice>-serve-svc}
   * @param portName the Service port's name, e.g. {@code serve}
   */
  public LoopbackServiceProxy routeService(String service, String portName) {
    if (namespace == null) {
      throw new IllegalStateException("this simulator runs every namespace; use routeService(namespace, service, "
          + "portName)");
    }
    return routeService(namespace, service, portName);
  }

  /** Routes a port of a Service of {@code namespace}; see {@link #routeService(String, String)}. */
  public LoopbackServiceProxy routeService(String namespace, String service, String portName) {
    return LoopbackServiceProxy.start(context.client, namespace, service, portName, context.network);
  }

  /** The name of the Node the simulator binds its Pods to. */
  public String nodeName() {
    return context.node.name();
  }

  /** The dashboard URL of a cluster whose head is up, e.g. {@code http://127.0.0.1:41234}. */
  public Optional<String> dashboardUrl(String namespace, String clusterName) {
    return context.dashboards.of(namespace, clusterName).map(DashboardEndpoint::url);
  }

  /**
   * The GCS address {@code 127.0.0.1:<port>} of a cluster's head (picked when the simulator first saw a Pod of the
   * cluster), for {@code ray status --address}, {@code ray list nodes --address} and the like.
   */
  public Optional<String> gcsAddress(String namespace, String clusterName) {
    return context.knownPorts(namespace, clusterName).map(ports -> "127.0.0.1:" + ports.gcs());
  }

  /**
   * The environment a Ray CLI client ({@code ray status}, {@code ray job submit}, ...) needs to reach the simulated
   * heads: loopback kept ({@code RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0}), no auth, the venv first on {@code PATH}.
   */
  public Map<String, String> rayClientEnvironment() {
    return new HashMap<>(context.ray().environment(java.nio.file.Path.of(System.getProperty("java.io.tmpdir")),
        Map.of()));
  }

  /**
   * The process group ids of every {@code ray start} the simulator started for Pods of the cluster, alive or
   * stopped, in start order.
   */
  public List<Long> rayProcessGroups(String namespace, String clusterName) {
    return context.processGroups(namespace, clusterName);
  }

  /** Whether any process of the process group is alive. */
  public static boolean processGroupAlive(long pgid) {
    return RayProcess.groupAlive(pgid);
  }

  private void observe(Pod pod) {
    String uid = pod.getMetadata().getUid();
    if (pod.getMetadata().getDeletionTimestamp() != null) {
      CompletableFuture<Void> stopped = forget(pod, "terminating");
      if (context.node.name().equals(pod.getSpec().getNodeName())) {
        // As kubelet: the Pod object goes only once its processes have (a head's GCS must not outlive its Pod).
        stopped.whenComplete((ok, error) -> context.client.pods().inNamespace(pod.getMetadata().getNamespace())
            .withName(pod.getMetadata().getName()).withGracePeriod(0).delete());
      }
      return;
    }
    if (pods.containsKey(uid)) {
      return;
    }
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    if (phase != null && !phase.equals("Pending")) {
      return; // a Pod this simulator never ran (an earlier run marked it); nothing to start
    }
    String namespace = pod.getMetadata().getNamespace();
    Map<String, String> labels = pod.getMetadata().getLabels();
    if (labels.containsKey(OperatorJobPod.JOB_NAME_LABEL)) {
      if (ignored.contains(uid)) {
        return;
      }
      String kind = OperatorJobPod.kindOf(context.client, pod);
      if (kind != null) {
        launch(pod, new OperatorJobPod(context, pod), kind);
      } else if (ignored.add(uid)) {
        log.debug("{}/{}: a Job's Pod the operator did not create; not run", namespace, pod.getMetadata().getName());
      }
      return;
    }
    String type = labels.get("ray.io/node-type");
    String cluster = labels.get("ray.io/cluster");
    if (cluster == null || !("head".equals(type) || "worker".equals(type))) {
      if (!ignored.add(uid)) {
        return;
      }
      log.warn("{}/{}: Ray Pod without ray.io/cluster or with node type {}; ignored", namespace,
          pod.getMetadata().getName(), type);
      return;
    }
    SimulatedPod node;
    if (context.standsIn(namespace, cluster)) {
      node = "head".equals(type) ? new StandInHead(context, pod) : new StandInWorker(context, pod);
      type = "stand-in " + type;
    } else {
      node = "head".equals(type) ? new HeadNode(context, pod) : new WorkerNode(context, pod);
    }
    launch(pod, node, type + " Pod of cluster " + cluster);
  }

  private void launch(Pod pod, SimulatedPod node, String what) {
    String uid = pod.getMetadata().getUid();
    if (pods.putIfAbsent(uid, node) != null) {
      return; // one informer thread per Pod: not reached
    }
    log.info("{}/{}: new {}", pod.getMetadata().getNamespace(), pod.getMetadata().getName(), what);
    starts.put(uid, starters.submit(() -> {
      Thread.currentThread().setName("node-sim-" + pod.getMetadata().getName());
      node.run();
    }));
  }

  /** Stops the Pod's processes, if it has any; the future completes once they are stopped. */
  private CompletableFuture<Void> forget(Pod pod, String why) {
    String uid = pod.getMetadata().getUid();
    SimulatedPod node = pods.remove(uid);
    Future<?> start = starts.remove(uid);
    if (node == null) {
      return CompletableFuture.completedFuture(null);
    }
    log.info("{}/{}: Pod {}; stopping its processes", pod.getMetadata().getNamespace(), pod.getMetadata().getName(),
        why);
    String key = pod.getMetadata().getNamespace() + "/" + node.cluster;
    if (node.isHead()) {
      // The garbage collector deletes a cluster's Pods together. A worker whose GCS disappears under it hangs in its
      // shutdown until SIGKILL (20 s), so a head waits a moment for the workers being stopped with it.
      return CompletableFuture.runAsync(() -> {
        pause(HEAD_STOP_DELAY);
        List<CompletableFuture<Void>> workers = new ArrayList<>(workerStops.getOrDefault(key, List.of()));
        try {
          CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new))
              .get(context.stopTimeout.toSeconds() + 15, TimeUnit.SECONDS);
        } catch (Exception e) {
          log.warn("{}: workers of cluster {} still stopping; stopping the head anyway ({})", node.name, node.cluster,
              e.toString());
        }
        node.stop();
        cancel(start);
      }, stoppers);
    }
    CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
      node.stop();
      cancel(start);
    }, stoppers);
    List<CompletableFuture<Void>> stops = workerStops.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
    stops.add(stopped);
    stopped.whenComplete((ok, error) -> stops.remove(stopped));
    return stopped;
  }

  private void stopAll(List<SimulatedPod> nodes) {
    List<Future<?>> stops = new ArrayList<>();
    for (SimulatedPod node : nodes) {
      stops.add(stoppers.submit(node::stop));
    }
    for (Future<?> stop : stops) {
      try {
        stop.get(context.stopTimeout.toSeconds() + 30, TimeUnit.SECONDS);
      } catch (Exception e) {
        log.warn("node simulator: a Pod did not stop cleanly: {}", e.toString());
      }
    }
  }

  private static void cancel(Future<?> start) {
    if (start != null) {
      start.cancel(true);
    }
  }

  private static void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    informer.stop();
    submitters.stop();
    List<SimulatedPod> all = new ArrayList<>(pods.values());
    pods.clear();
    // Workers first, while their heads' GCS still answers: they then shut down in seconds instead of hanging.
    stopAll(all.stream().filter(p -> !p.isHead()).toList());
    stopAll(all.stream().filter(SimulatedPod::isHead).toList());
    starts.values().forEach(f -> f.cancel(true));
    starters.shutdownNow();
    stoppers.shutdown();
    // Pods deleted just before close are still being stopped on the stoppers: wait for them, or their Ray
    // processes outlive the simulator (and the JVM).
    try {
      if (!stoppers.awaitTermination(context.stopTimeout.toSeconds() + 45, TimeUnit.SECONDS)) {
        log.warn("node simulator: Pods deleted before close are still stopping; leaving them");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    context.node.close(); // Pods still bound to it are removed by the controller-manager's Pod garbage collector
    log.info("node simulator for {} closed", namespace == null ? "every namespace" : "namespace " + namespace);
  }

  private Thread thread(Runnable runnable, String prefix) {
    Thread thread = new Thread(runnable, prefix + threads.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }

}
