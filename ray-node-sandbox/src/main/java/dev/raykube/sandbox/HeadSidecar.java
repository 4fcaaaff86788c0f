package dev.raykube.sandbox;

import dev.raykube.job.decide.SubmitterObservation;
import io.fabric8.kubernetes.api.model.Container;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SidecarMode submitter of a head Pod: its container {@value #CONTAINER} (which the RayJob controller appends to
 * the head template) runs its command and args on this machine once the head is up
 * ({@link SimulatedPod#runContainer}, as {@link OperatorJobPod} runs a submitter Job's container), with one more rewrite: the Pod's own loopback ({@code 127.0.0.1:<port>},
 * {@code localhost:<port>}) at a head container port leads to the local port that answers for it ({@link PodNetwork}),
 * so {@code http://127.0.0.1:8265} reaches the head's dashboard. When it exits, its container status becomes
 * terminated with the exit code ({@link PodStatusWriter#containerExited}); the head keeps running. With a container
 * {@code restartPolicy} of {@code OnFailure} or {@code Always} ({@link #restarts}) it is started again after kubelet's
 * back-off ({@link PodStatusWriter#containerRestarted}). Other sidecar containers are not run.
 */
final class HeadSidecar {

  private static final Logger log = LoggerFactory.getLogger(HeadSidecar.class);
  /** The SidecarMode submitter's container name. */
  static final String CONTAINER = SubmitterObservation.SIDECAR_CONTAINER;
  private static final Pattern LOOPBACK = Pattern.compile("(?<![A-Za-z0-9.-])(127\\.0\\.0\\.1|localhost):(\\d{1,5})"
      + "(?![0-9])");

  private HeadSidecar() {
  }

  /** The head Pod's SidecarMode submitter container, if it has one (never the Ray container). */
  static Optional<Container> of(SimulatedPod head) {
    List<Container> containers = head.pod.getSpec().getContainers();
    return containers.stream().skip(1).filter(c -> CONTAINER.equals(c.getName())).findFirst();
  }

  /**
   * Runs the submitter container until it exits, then writes its terminated status; returns early when the Pod is
   * being stopped (its process is stopped with the Pod's).
   */
  static void run(SimulatedPod head, Container container) throws InterruptedException {
    NodeContext context = head.context;
    String podIp = context.network.ipOf(head.pod.getMetadata().getUid()).orElseThrow();
    log.info("{}: starting sidecar container {}", head.name, container.getName());
    for (int restarts = 0; ; restarts++) {
      Integer exit = head.runContainer(container, value -> podLoopback(context.network, podIp, value), process -> true);
      if (exit == null || head.stopping()) {
        return;
      }
      context.status.containerExited(head.pod, container.getName(), exit);
      if (!restarts(container, exit)) {
        return;
      }
      Duration backoff = restartBackoff(restarts);
      log.info("{}: sidecar container {} exited with {}; restarting it in {} s (restartPolicy {})", head.name,
          container.getName(), exit, backoff.toSeconds(), container.getRestartPolicy());
      Thread.sleep(backoff.toMillis());
      if (head.stopping() || !context.status.containerRestarted(head.pod, container.getName())) {
        return;
      }
    }
  }

  /**
   * Whether kubelet starts a regular container again after it exited with {@code exit}: its own {@code restartPolicy}
   * (Kubernetes' container restart rules, beta in 1.35) is {@code Always}, or {@code OnFailure} and the exit code is
   * not 0. Without one, the Pod's {@code restartPolicy} applies, which a SidecarMode head has as {@code Never}.
   */
  static boolean restarts(Container container, int exit) {
    String policy = container.getRestartPolicy();
    return "Always".equals(policy) || "OnFailure".equals(policy) && exit != 0;
  }

  /** Kubelet's crash-loop back-off before restart number {@code restarts + 1}: 10 s, doubling, at most 5 minutes. */
  static Duration restartBackoff(int restarts) {
    return Duration.ofSeconds(Math.min(300, 10L << Math.min(restarts, 5)));
  }

  /** {@code value} with the Pod's own loopback addresses at a head port rewritten to the local port for it. */
  static String podLoopback(PodNetwork network, String podIp, String value) {
    if (value == null || value.indexOf(':') < 0) {
      return value;
    }
    Matcher matcher = LOOPBACK.matcher(value);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      OptionalInt local = network.localPort(podIp, Integer.parseInt(matcher.group(2)));
      matcher.appendReplacement(out, Matcher.quoteReplacement(local.isPresent() ? "127.0.0.1:" + local.getAsInt()
          : matcher.group()));
    }
    matcher.appendTail(out);
    return out.toString();
  }
}
