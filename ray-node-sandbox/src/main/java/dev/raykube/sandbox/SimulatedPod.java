package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Ray Pod the simulator plays kubelet for: {@link #run()} binds it to the simulated Node, gives it its Pod IP,
 * starts its processes and writes its status (on a thread of its own, as it waits), {@link #stop()} stops them once
 * the Pod is deleted or the simulator closes. A Ray process that exits on its own while the Pod exists makes the Pod
 * Failed (restartPolicy is not modelled).
 */
abstract class SimulatedPod {

  private static final Logger log = LoggerFactory.getLogger(SimulatedPod.class);

  final NodeContext context;
  final Pod pod;
  final String name;
  final String cluster;
  private final Path dir;
  private final Object lock = new Object();
  private final List<RayProcess> processes = new ArrayList<>();
  private volatile boolean stopping;
  private volatile RayProcess rayStart;
  private Optional<PodServiceAccount> serviceAccount;

  SimulatedPod(NodeContext context, Pod pod) {
    this.context = context;
    this.pod = pod;
    this.name = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    this.cluster = pod.getMetadata().getLabels().get("ray.io/cluster");
    try {
      // Short: Ray's unix socket paths under --temp-dir must stay below 108 bytes.
      this.dir = Files.createTempDirectory(Path.of("/tmp"), "rkn");
      Files.createDirectories(dir.resolve("home"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp dir for " + name, e);
    }
  }

  /** Starts the Pod's processes and reports it Running and Ready; returns early if {@link #stop()} was called. */
  final void run() {
    try {
      if (!context.node.bind(pod)) {
        return;
      }
      context.network.assign(pod.getMetadata().getUid(), address());
      start();
    } catch (InterruptedException | CancellationException e) {
      log.info("{}: start abandoned (Pod deleted or simulator closing)", name);
    } catch (RuntimeException e) {
      if (!stopping) {
        log.error("{}: simulating the Pod failed", name, e);
        context.status.failed(pod, null, 1, "node simulator: " + e.getMessage());
      }
    }
  }

  abstract void start() throws InterruptedException;

  private PodNetwork.PodAddress address() {
    Map<String, Integer> ports = new java.util.HashMap<>();
    var container = pod.getSpec().getContainers().get(0);
    if (container.getPorts() != null) {
      container.getPorts().stream().filter(p -> p.getName() != null && p.getContainerPort() != null)
          .forEach(p -> ports.put(p.getName(), p.getContainerPort()));
    }
    return new PodNetwork.PodAddress(pod.getMetadata().getNamespace(), pod.getMetadata().getName(), cluster,
        isHead(), Map.copyOf(ports));
  }

  /**
   * The environment of the Pod's Ray processes: {@link RayInstallation#environment} with the Ray container's
   * {@code RAY_AUTH_MODE}/{@code RAY_AUTH_TOKEN} ({@code auth}) and its {@code PYTHONPATH}, whose entries under a
   * ConfigMap volume's mount path lead to the local copy of that volume ({@link PodVolumes}); its
   * {@code RAY_CLOUD_INSTANCE_ID}, {@code RAY_NODE_TYPE_NAME}, {@code RAY_CLUSTER_NAME}/{@code _NAMESPACE} and
   * {@code RAY_enable_autoscaler_v2} (for the autoscaler); with Kubernetes tokens also {@code RAY_ENABLE_K8S_TOKEN_AUTH}
   * and the API server's address ({@link PodServiceAccount}). Nothing else of the container's environment reaches Ray
   * (its command is not run either).
   */
  Map<String, String> rayEnvironment(Map<String, String> auth) {
    var container = pod.getSpec().getContainers().get(0);
    Map<String, String> env = context.ray().environment(home(), auth);
    Map<String, String> podEnv = PodEnv.of(context.client, pod, container);
    String pythonPath = podEnv.get("PYTHONPATH");
    if (pythonPath != null) {
      env.put("PYTHONPATH", PodVolumes.materialise(context.client, pod, container, dir).localPath(pythonPath));
    }
    // Which Pod and group a Ray node is (the autoscaler matches Ray nodes to Pods by them), and which autoscaler the
    // head's GCS announces.
    for (String name : List.of("RAY_CLOUD_INSTANCE_ID", "RAY_NODE_TYPE_NAME", "RAY_CLUSTER_NAME",
        "RAY_CLUSTER_NAMESPACE", "RAY_enable_autoscaler_v2")) {
      if (podEnv.get(name) != null) {
        env.put(name, podEnv.get(name));
      }
    }
    serviceAccount().ifPresent(account -> {
      if (account.kubernetesTokens()) {
        env.put("RAY_ENABLE_K8S_TOKEN_AUTH", "true");
      }
      account.addEnvironment(env);
    });
    return env;
  }

  /**
   * The Pod's service-account credentials where Ray reads them, when its Ray processes check tokens with Kubernetes or
   * it runs the autoscaler ({@link PodServiceAccount}); made once per Pod.
   */
  Optional<PodServiceAccount> serviceAccount() {
    synchronized (lock) {
      if (serviceAccount == null) {
        serviceAccount = PodServiceAccount.of(context, pod, dir);
      }
      return serviceAccount;
    }
  }

  /** The command as the Pod runs it: in its own mount namespace when it has {@link #serviceAccount()} files. */
  List<String> inPod(List<String> command) {
    return serviceAccount().map(account -> account.wrap(command)).orElse(command);
  }

  /**
   * The environment for a check from outside the Pod ({@code ray health-check}): with Kubernetes tokens, the Pod's
   * token as {@code RAY_AUTH_TOKEN} instead of the token file only the Pod's own mount namespace has.
   */
  Map<String, String> checkEnvironment(Map<String, String> env) {
    Optional<PodServiceAccount> account = serviceAccount();
    if (account.isEmpty() || !account.get().kubernetesTokens()) {
      return env;
    }
    Map<String, String> check = new java.util.HashMap<>(env);
    check.remove("RAY_ENABLE_K8S_TOKEN_AUTH");
    check.put("RAY_AUTH_TOKEN", account.get().token());
    return check;
  }

  /**
   * Writes the Pod Running and Ready, every container with ID {@code containerId}, unless it is being stopped; a Pod
   * deleted meanwhile is only logged.
   */
  void reportRunning(String containerId) {
    if (!stopping && !context.status.running(pod, containerId)) {
      log.info("{}: Pod gone before it could be marked Running", name);
    }
  }

  /**
   * Runs one of the Pod's containers (its command and args) as a local process until it exits: the container's
   * environment ({@link PodEnv}) over the Ray environment, every value and argument rewritten by {@code podLocal}
   * first, then for Service addresses ({@link ServiceAddresses}, cluster DNS and kube-proxy) and for paths under a
   * ConfigMap or Secret volume's mount path ({@link PodVolumes}); output in the Pod's temp dir and the log.
   *
   * @param podLocal a rewrite of the Pod's own addresses (identity if none)
   * @param started told of the process once it runs; false abandons the run (the Pod is gone)
   * @return the exit code, or {@code null} if the run was abandoned or the Pod is being stopped
   * @throws IllegalStateException if the container has no command (the image's entrypoint cannot run outside it)
   */
  Integer runContainer(Container container, UnaryOperator<String> podLocal, Predicate<RayProcess> started)
      throws InterruptedException {
    try (ServiceAddresses services = new ServiceAddresses(context.client, pod.getMetadata().getNamespace(),
        context.network)) {
      PodVolumes volumes = PodVolumes.materialise(context.client, pod, container, dir);
      UnaryOperator<String> local = value -> volumes.localPath(services.rewrite(podLocal.apply(value)));
      Map<String, String> env = context.ray().environment(home(), Map.of());
      PodEnv.of(context.client, pod, container).forEach((key, value) -> env.put(key, local.apply(value)));
      serviceAccount().ifPresent(account -> account.addEnvironment(env));
      List<String> command = inPod(commandOf(container).stream().map(local).toList());
      RayProcess process = launch(() -> RayProcess.start(name + " " + container.getName(), command, env,
          dir.resolve(container.getName() + ".log"), true));
      if (!started.test(process)) {
        return null;
      }
      long begun = System.nanoTime();
      Integer exit = null;
      while (exit == null) {
        if (stopping) {
          return null;
        }
        exit = process.waitFor(Duration.ofMillis(500));
      }
      log.info("{}: container {} exited with {} after {} ms", name, container.getName(), exit,
          (System.nanoTime() - begun) / 1_000_000);
      return exit;
    }
  }

  private static List<String> commandOf(Container container) {
    List<String> command = new ArrayList<>();
    if (container.getCommand() != null) {
      command.addAll(container.getCommand());
    }
    if (container.getArgs() != null) {
      command.addAll(container.getArgs());
    }
    if (command.isEmpty()) {
      throw new IllegalStateException("container " + container.getName() + " has no command: the image's entrypoint "
          + "cannot run outside its image");
    }
    return command;
  }

  /** Whether this is a cluster's head Pod. */
  boolean isHead() {
    return false;
  }

  /** Called when the Pod's processes start to be stopped, or once its {@code ray start} failed. */
  void stopped() {
  }

  boolean stopping() {
    return stopping;
  }

  Path home() {
    return dir.resolve("home");
  }

  Path dir() {
    return dir;
  }

  String gcsAddress() {
    return "127.0.0.1:" + context.portsOf(pod.getMetadata().getNamespace(), cluster).gcs();
  }

  /**
   * Starts the Pod's {@code ray start --block}; if it exits while the Pod exists and is not being stopped, the Pod
   * becomes Failed with the last lines of its output.
   */
  RayProcess startRay(String role, List<String> command, Map<String, String> env) {
    RayProcess process = launch(() -> RayProcess.start(name + " " + role, inPod(command), env,
        dir.resolve("ray-start.log"), false));
    rayStart = process;
    context.started(pod.getMetadata().getNamespace(), cluster, process.pid());
    Thread watcher = new Thread(() -> {
      try {
        Integer exit = process.waitFor(Duration.ofDays(1));
        if (exit != null && !stopping) {
          String tail = process.tail(20);
          log.error("{}: ray start exited with {} while the Pod exists; marking it Failed. Output:\n{}", name, exit,
              tail);
          stopped();
          process.stop(Duration.ofSeconds(5)); // whatever it left in its process group
          context.status.failed(pod, null, exit == 0 ? 1 : exit, "ray start exited with " + exit);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "node-sim-exit-" + process.pid());
    watcher.setDaemon(true);
    watcher.start();
    return process;
  }

  /**
   * Starts a process of this Pod unless the Pod is being stopped; {@link #stop()} stops every process started so.
   *
   * @throws CancellationException if {@link #stop()} was called already (nothing is started)
   */
  RayProcess launch(Supplier<RayProcess> start) {
    synchronized (lock) {
      if (stopping) {
        throw new CancellationException(name + " is being stopped");
      }
      RayProcess process = start.get();
      processes.add(process);
      return process;
    }
  }

  /** Stops every process of this Pod (the latest first) and removes its temp dir. Idempotent. */
  void stop() {
    List<RayProcess> started;
    synchronized (lock) {
      if (stopping) {
        return;
      }
      stopping = true;
      started = new ArrayList<>(processes);
    }
    stopped(); // no longer advertised (e.g. the head's dashboard) from the moment it starts to go away
    Collections.reverse(started);
    for (RayProcess process : started) {
      log.info("{}: stopping {}", name, process);
      process.stop(process == rayStart ? context.stopTimeout : Duration.ofSeconds(5));
    }
    context.network.release(pod.getMetadata().getUid());
    deleteTree(dir);
  }

  /** The pid of the Pod's {@code ray start} (also its process group), or -1 if none started. */
  long rayPid() {
    RayProcess process = rayStart;
    return process == null ? -1 : process.pid();
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.debug("cannot remove {} completely: {}", root, e.getMessage());
    }
  }
}
