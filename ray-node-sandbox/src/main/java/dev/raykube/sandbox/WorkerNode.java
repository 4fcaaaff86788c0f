package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker Pod: first the Pod's own {@code wait-gcs-ready} init container script, run with {@code bash -c} and the
 * init container's environment, with {@code FQ_RAY_IP=127.0.0.1} and {@code RAYKUBE_GCS_PORT} = the head's real GCS
 * port (the Pod is Pending, the init container running, meanwhile); only after it exits 0 a real
 * {@code setsid ray start --address=127.0.0.1:<gcs> --block} (1 CPU, 100 MB object store, its own agent port, HOME and
 * temp dir). Running and Ready once the worker's dashboard agent answers, i.e. its raylet registered with the GCS. A
 * script that exits non-zero makes the Pod Failed (Init:Error).
 */
final class WorkerNode extends SimulatedPod {

  private static final Logger log = LoggerFactory.getLogger(WorkerNode.class);
  /** The init container the operator injects into worker Pods. */
  static final String WAIT_GCS_READY = "wait-gcs-ready";

  WorkerNode(NodeContext context, Pod pod) {
    super(context, pod);
  }

  @Override
  void start() throws InterruptedException {
    ClusterPorts cluster = context.portsOf(pod.getMetadata().getNamespace(), this.cluster);
    Map<String, String> auth = HeadNode.authOf(context, pod);
    Optional<Container> init = pod.getSpec().getInitContainers().stream()
        .filter(c -> WAIT_GCS_READY.equals(c.getName())).findFirst();
    if (init.isPresent()) {
      if (!runInitScript(init.get(), cluster) || stopping()) {
        return;
      }
    } else {
      log.info("{}: no {} init container; starting the worker at once", name, WAIT_GCS_READY);
    }
    int agentPort = context.ports.next();
    Map<String, String> env = rayEnvironment(auth);
    List<String> command = new ArrayList<>(context.ray().workerStart(dir()));
    command.addAll(List.of("--block", "--address=" + gcsAddress(), "--node-ip-address=127.0.0.1",
        "--dashboard-agent-listen-port=" + agentPort,
        "--num-cpus=1", "--object-store-memory=" + RayInstallation.OBJECT_STORE_BYTES,
        "--temp-dir=" + dir().resolve("r"), "--disable-usage-stats"));
    long started = System.nanoTime();
    RayProcess process = startRay("worker", command, env);
    long deadline = started + context.startTimeout.toNanos();
    while (RayInstallation.httpStatus(agentPort, "/", null) < 0) {
      if (stopping() || !process.isAlive()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the Ray worker's agent did not answer on 127.0.0.1:" + agentPort + " within "
            + context.startTimeout.toSeconds() + " s; output:\n" + process.tail(30));
      }
      Thread.sleep(500);
    }
    log.info("{}: Ray worker up after {} ms (joined GCS {}, agent port {})", name,
        (System.nanoTime() - started) / 1_000_000, gcsAddress(), agentPort);
    reportRunning(PodStatusWriter.containerId(process.pid()));
  }

  /** Runs the init script; true once it exited 0, false if it failed (Pod marked Failed) or the Pod went away. */
  private boolean runInitScript(Container init, ClusterPorts cluster) throws InterruptedException {
    List<String> args = init.getArgs();
    if (args == null || args.isEmpty()) {
      throw new IllegalStateException(WAIT_GCS_READY + " has no script in its args");
    }
    String script = args.get(args.size() - 1);
    Map<String, String> env = context.ray().environment(home(), Map.of());
    env.putAll(PodEnv.of(context.client, pod, init));
    env.putIfAbsent("RAY_AUTH_MODE", "disabled");
    env.put("FQ_RAY_IP", "127.0.0.1");
    env.put("RAYKUBE_GCS_PORT", Integer.toString(cluster.gcs()));
    env.put("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0");
    serviceAccount().ifPresent(account -> account.addEnvironment(env));
    if (!context.status.initializing(pod, init.getName())) {
      return false;
    }
    log.info("{}: running init container {} (bash -c, FQ_RAY_IP=127.0.0.1, RAYKUBE_GCS_PORT={})", name,
        init.getName(), cluster.gcs());
    long started = System.nanoTime();
    RayProcess process = launch(() -> RayProcess.start(name + " " + init.getName(),
        inPod(List.of("bash", "-c", script)), env, dir().resolve(init.getName() + ".log"), true));
    Integer exit = null;
    while (exit == null) {
      if (stopping()) {
        return false;
      }
      exit = process.waitFor(Duration.ofMillis(500));
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    if (exit != 0) {
      log.error("{}: init container {} exited with {} after {} ms; marking the Pod Failed", name, init.getName(), exit,
          millis);
      context.status.failed(pod, init.getName(), exit, init.getName() + " exited with " + exit);
      return false;
    }
    log.info("{}: init container {} exited 0 after {} ms", name, init.getName(), millis);
    return true;
  }
}
