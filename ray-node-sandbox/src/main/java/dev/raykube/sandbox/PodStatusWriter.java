package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodIPBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the status kubelet would write, through the status subresource with optimistic concurrency (read, replace
 * at that resourceVersion, retry on conflict). Every status carries the Pod's own {@code podIP}/{@code podIPs} from
 * the simulated Pod network ({@link PodNetwork}), {@code hostIP} 127.0.0.1 (this machine) and {@code startTime}; init
 * containers other than {@code wait-gcs-ready} are not run and are reported
 * Completed together with it.
 */
final class PodStatusWriter {

  private static final Logger log = LoggerFactory.getLogger(PodStatusWriter.class);
  private static final String LOOPBACK = "127.0.0.1";

  private final KubernetesClient client;
  private final PodNetwork network;

  PodStatusWriter(KubernetesClient client, PodNetwork network) {
    this.client = client;
    this.network = network;
  }

  /** Pending, init container {@code running} running, the others waiting (PodInitializing). */
  boolean initializing(Pod pod, String running) {
    return write(pod, "Pending", current -> {
      String now = now();
      List<ContainerStatus> init = new ArrayList<>();
      for (Container c : current.getSpec().getInitContainers()) {
        ContainerStatusBuilder s = base(c).withReady(false).withStarted(c.getName().equals(running));
        init.add(c.getName().equals(running)
            ? s.withNewState().withNewRunning().withStartedAt(now).endRunning().endState().build()
            : s.withNewState().withNewWaiting().withReason("PodInitializing").endWaiting().endState().build());
      }
      List<ContainerStatus> app = current.getSpec().getContainers().stream().map(c -> base(c).withReady(false)
          .withStarted(false).withNewState().withNewWaiting().withReason("PodInitializing").endWaiting().endState()
          .build()).toList();
      return status("Pending", current, now, false, init, app)
          .withConditions(condition("PodScheduled", true, null, now),
              condition("Initialized", false, "ContainersNotInitialized", now),
              condition("ContainersReady", false, "ContainersNotReady", now),
              condition("Ready", false, "ContainersNotReady", now))
          .build();
    });
  }

  /** The container ID of a container run as process (group) {@code pid}. */
  static String containerId(long pid) {
    return "raykube-sim://" + pid;
  }

  /** Running and Ready: init containers Completed, every container running and ready with ID {@code containerId}. */
  boolean running(Pod pod, String containerId) {
    return write(pod, "Running", current -> {
      String now = now();
      List<ContainerStatus> init = current.getSpec().getInitContainers().stream().map(c -> base(c).withReady(false)
          .withStarted(false).withNewState().withNewTerminated().withExitCode(0).withReason("Completed")
          .withFinishedAt(now).endTerminated().endState().build()).toList();
      List<ContainerStatus> app = current.getSpec().getContainers().stream().map(c -> base(c).withReady(true)
          .withStarted(true).withContainerID(containerId).withNewState().withNewRunning()
          .withStartedAt(now).endRunning().endState().build()).toList();
      return status("Running", current, now, true, init, app)
          .withConditions(condition("PodScheduled", true, null, now), condition("Initialized", true, null, now),
              condition("ContainersReady", true, null, now), condition("Ready", true, null, now))
          .build();
    });
  }

  /**
   * One container of a Running Pod exited (a sidecar such as SidecarMode's submitter): its state becomes terminated
   * with {@code exitCode} and not ready, and the Pod's {@code ContainersReady} and {@code Ready} conditions False,
   * as kubelet reports it under {@code restartPolicy: Never}; the phase stays Running while another container runs.
   */
  boolean containerExited(Pod pod, String container, int exitCode) {
    return write(pod, "Running", current -> {
      String now = now();
      PodStatus status = current.getStatus() == null ? new PodStatus() : current.getStatus();
      List<ContainerStatus> containers = new ArrayList<>();
      for (ContainerStatus c : status.getContainerStatuses()) {
        containers.add(!c.getName().equals(container) ? c : new ContainerStatusBuilder(c).withReady(false)
            .withStarted(false).withNewState().withNewTerminated().withExitCode(exitCode)
            .withReason(exitCode == 0 ? "Completed" : "Error").withFinishedAt(now).endTerminated().endState()
            .build());
      }
      List<PodCondition> conditions = new ArrayList<>();
      for (PodCondition c : status.getConditions()) {
        boolean readiness = "Ready".equals(c.getType()) || "ContainersReady".equals(c.getType());
        conditions.add(readiness ? condition(c.getType(), false, "ContainersNotReady", now) : c);
      }
      return new PodStatusBuilder(status).withContainerStatuses(containers).withConditions(conditions).build();
    });
  }

  /**
   * A container of a Running Pod that exited was started again (its {@code restartPolicy} is {@code OnFailure} or
   * {@code Always}, as for SidecarMode's submitter with KubeRay's {@code SidecarSubmitterRestart}): it is running and
   * ready again, its terminated state moves to {@code lastState}, its {@code restartCount} grows by one, and the Pod's
   * {@code ContainersReady} and {@code Ready} conditions are True again when every container is ready, as kubelet
   * reports a restarted container.
   */
  boolean containerRestarted(Pod pod, String container) {
    return write(pod, "Running", current -> {
      String now = now();
      PodStatus status = current.getStatus() == null ? new PodStatus() : current.getStatus();
      List<ContainerStatus> containers = new ArrayList<>();
      for (ContainerStatus c : status.getContainerStatuses()) {
        if (!c.getName().equals(container)) {
          containers.add(c);
          continue;
        }
        int restarts = c.getRestartCount() == null ? 1 : c.getRestartCount() + 1;
        containers.add(new ContainerStatusBuilder(c).withReady(true).withStarted(true).withRestartCount(restarts)
            .withLastState(c.getState()).withNewState().withNewRunning().withStartedAt(now).endRunning().endState()
            .build());
      }
      boolean allReady = containers.stream().allMatch(c -> Boolean.TRUE.equals(c.getReady()));
      List<PodCondition> conditions = new ArrayList<>();
      for (PodCondition c : status.getConditions()) {
        boolean readiness = "Ready".equals(c.getType()) || "ContainersReady".equals(c.getType());
        conditions.add(readiness && allReady ? condition(c.getType(), true, null, now) : c);
      }
      return new PodStatusBuilder(status).withContainerStatuses(containers).withConditions(conditions).build();
    });
  }

  /** Failed: the container (or init container {@code initContainer}, if not null) terminated with {@code exitCode}. */
  boolean failed(Pod pod, String initContainer, int exitCode, String message) {
    return terminated(pod, "Failed", initContainer, exitCode, message);
  }

  /** Succeeded: every container terminated with exit code 0 (a Job's Pod whose command completed). */
  boolean succeeded(Pod pod) {
    return terminated(pod, "Succeeded", null, 0, null);
  }

  private boolean terminated(Pod pod, String phase, String initContainer, int exitCode, String message) {
    boolean ok = exitCode == 0;
    String reason = ok ? "Completed" : "Error";
    return write(pod, phase, current -> {
      String now = now();
      Function<Container, ContainerStatus> terminated = c -> base(c).withReady(false).withStarted(false)
          .withNewState().withNewTerminated().withExitCode(exitCode).withReason(reason).withMessage(message)
          .withFinishedAt(now).endTerminated().endState().build();
      Function<Container, ContainerStatus> waiting = c -> base(c).withReady(false).withStarted(false)
          .withNewState().withNewWaiting().withReason("PodInitializing").endWaiting().endState().build();
      Function<Container, ContainerStatus> completed = c -> base(c).withReady(false).withStarted(false)
          .withNewState().withNewTerminated().withExitCode(0).withReason("Completed").withFinishedAt(now)
          .endTerminated().endState().build();
      List<ContainerStatus> init = current.getSpec().getInitContainers().stream()
          .map(c -> c.getName().equals(initContainer) ? terminated.apply(c)
              : initContainer == null ? completed.apply(c) : waiting.apply(c)).toList();
      List<ContainerStatus> app = current.getSpec().getContainers().stream()
          .map(initContainer == null ? terminated : waiting).toList();
      String notReady = ok ? "PodCompleted" : "PodFailed";
      return status(phase, current, now, false, init, app)
          .withMessage(message).withReason(ok ? null : "Error")
          .withConditions(condition("PodScheduled", true, null, now),
              condition("Initialized", initContainer == null, initContainer == null ? null : "ContainersNotInitialized",
                  now),
              condition("ContainersReady", false, notReady, now), condition("Ready", false, notReady, now))
          .build();
    });
  }

  private PodStatusBuilder status(String phase, Pod current, String now, boolean ready, List<ContainerStatus> init,
      List<ContainerStatus> app) {
    PodStatus old = current.getStatus();
    String podIp = network.ipOf(current.getMetadata().getUid()).orElseThrow(
        () -> new IllegalStateException(current.getMetadata().getName() + " has no Pod IP"));
    String start = old != null && old.getStartTime() != null ? old.getStartTime() : now;
    return new PodStatusBuilder().withPhase(phase).withPodIP(podIp)
        .withPodIPs(new PodIPBuilder().withIp(podIp).build()).withHostIP(LOOPBACK)
        .withHostIPs(new io.fabric8.kubernetes.api.model.HostIPBuilder().withIp(LOOPBACK).build())
        .withStartTime(start).withQosClass(old == null ? null : old.getQosClass())
        .withInitContainerStatuses(init).withContainerStatuses(app);
  }

  private static ContainerStatusBuilder base(Container c) {
    return new ContainerStatusBuilder().withName(c.getName()).withImage(c.getImage() == null ? "" : c.getImage())
        .withImageID("").withRestartCount(0);
  }

  private static PodCondition condition(String type, boolean value, String reason, String now) {
    return new PodConditionBuilder().withType(type).withStatus(value ? "True" : "False").withReason(reason)
        .withLastTransitionTime(now).build();
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /** Read, replace the status at that resourceVersion, retry on conflict; false if the Pod (that uid) is gone. */
  private boolean write(Pod pod, String phase, Function<Pod, PodStatus> status) {
    String namespace = pod.getMetadata().getNamespace();
    String name = pod.getMetadata().getName();
    for (int attempt = 1; attempt <= 10; attempt++) {
      Pod current = client.pods().inNamespace(namespace).withName(name).get();
      if (current == null || !current.getMetadata().getUid().equals(pod.getMetadata().getUid())
          || current.getMetadata().getDeletionTimestamp() != null) {
        log.info("{}/{}: gone or terminating; status {} not written", namespace, name, phase);
        return false;
      }
      current.setStatus(status.apply(current));
      try {
        client.pods().inNamespace(namespace).resource(current).updateStatus();
        log.info("{}/{}: status written: phase {}", namespace, name, phase);
        return true;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          log.info("{}/{}: deleted meanwhile; status {} not written", namespace, name, phase);
          return false;
        }
        if (e.getCode() != 409) {
          throw e;
        }
        log.debug("{}/{}: conflict writing status {} (attempt {}); retrying", namespace, name, phase, attempt);
      }
    }
    throw new IllegalStateException(namespace + "/" + name + ": status " + phase + " still conflicts after 10 tries");
  }
}
