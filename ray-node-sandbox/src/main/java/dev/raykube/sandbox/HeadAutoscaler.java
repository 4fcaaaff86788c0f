package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ray's own autoscaler (version 2) in a head Pod: its container {@value #CONTAINER} (which the operator adds with
 * {@code enableInTreeAutoscaling}) runs its command and args on this machine once the head is up, as kubelet would
 * run it — {@code $(VAR)} references expanded from the container's environment — with the head Pod's service-account
 * credentials where the autoscaler reads them ({@link PodServiceAccount}, in the Pod's own mount namespace) and
 * {@code KUBERNETES_SERVICE_HOST}/{@code _PORT_HTTPS} leading to the API server. One addition: in a real Pod the
 * autoscaler finds the GCS at the Pod's IP and port 6379; here every head has a port of its own, so the command gets
 * {@code --gcs-address=127.0.0.1:<the head's GCS port>}. It then reads the RayCluster, asks the GCS for demand and
 * idle nodes, and patches the RayCluster's replicas and {@code workersToDelete}, for the operator to act on. Its
 * output is in the Pod's log; it is stopped with the Pod.
 */
final class HeadAutoscaler {

  private static final Logger log = LoggerFactory.getLogger(HeadAutoscaler.class);
  /** The autoscaler container's name (the operator's {@code AutoscalerSidecar}). */
  static final String CONTAINER = "autoscaler";
  private static final Pattern VARIABLE = Pattern.compile("\\$\\$|\\$\\(([A-Za-z_][A-Za-z0-9_.-]*)\\)");

  private HeadAutoscaler() {
  }

  /** The head Pod's autoscaler container, if it has one. */
  static Optional<Container> of(SimulatedPod head) {
    return head.pod.getSpec().getContainers().stream().skip(1).filter(c -> CONTAINER.equals(c.getName()))
        .findFirst();
  }

  /**
   * Starts the autoscaler on a thread of its own; it runs until it exits or the Pod is stopped. Only version 2 (the
   * head's {@code RAY_enable_autoscaler_v2}): version 1 matches Ray nodes to Pods by IP, and every Ray node of the
   * sandbox is 127.0.0.1 while each Pod has an IP of its own, so it would never see its nodes; it is not run (logged).
   */
  static void start(SimulatedPod head, Container container, int gcsPort) {
    String v2 = PodEnv.of(head.context.client, head.pod, head.pod.getSpec().getContainers().get(0))
        .get("RAY_enable_autoscaler_v2");
    if (!"1".equals(v2) && !"true".equalsIgnoreCase(v2)) {
      log.warn("{}: Ray's autoscaler v1 is not run by the node sandbox (it matches Ray nodes to Pods by IP, and "
          + "every node here is 127.0.0.1); set autoscalerOptions.version: v2 to run the real autoscaler", head.name);
      return;
    }
    Map<String, String> env = PodEnv.of(head.context.client, head.pod, container);
    Container local = new ContainerBuilder(container)
        .withCommand(expand(container.getCommand(), env))
        .withArgs(withGcsAddress(expand(container.getArgs(), env), gcsPort))
        .build();
    Thread thread = new Thread(() -> {
      try {
        log.info("{}: starting Ray's autoscaler (GCS 127.0.0.1:{})", head.name, gcsPort);
        Integer exit = head.runContainer(local, value -> value, process -> true);
        if (exit != null && !head.stopping()) {
          log.warn("{}: the autoscaler exited with {} while the Pod exists", head.name, exit);
          head.context.status.containerExited(head.pod, container.getName(), exit);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        if (!head.stopping()) {
          log.error("{}: running the autoscaler failed", head.name, e);
        }
      }
    }, "node-sim-autoscaler-" + head.pod.getMetadata().getName());
    thread.setDaemon(true);
    thread.start();
  }

  /** Kubernetes' expansion of {@code $(VAR)} in command and args: defined variables only; {@code $$} is a {@code $}. */
  static List<String> expand(List<String> words, Map<String, String> env) {
    if (words == null) {
      return null;
    }
    List<String> expanded = new ArrayList<>();
    for (String word : words) {
      Matcher matcher = VARIABLE.matcher(word);
      StringBuilder out = new StringBuilder();
      while (matcher.find()) {
        String replacement = matcher.group(1) == null ? "$"
            : env.getOrDefault(matcher.group(1), matcher.group());
        matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
      }
      matcher.appendTail(out);
      expanded.add(out.toString());
    }
    return expanded;
  }

  /** The args with {@code --gcs-address} added to the {@code ray kuberay-autoscaler} call (the last word). */
  static List<String> withGcsAddress(List<String> args, int gcsPort) {
    if (args == null || args.isEmpty() || !args.get(args.size() - 1).contains("kuberay-autoscaler")) {
      throw new IllegalStateException("the autoscaler container does not run 'ray kuberay-autoscaler' in its last "
          + "argument: " + args);
    }
    List<String> out = new ArrayList<>(args);
    out.set(out.size() - 1, out.get(out.size() - 1) + " --gcs-address=127.0.0.1:" + gcsPort);
    return out;
  }
}
