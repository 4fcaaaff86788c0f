package dev.raykube.bench.soak;

import dev.raykube.bench.side.ServiceHosts;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays the kubelet for K8sJobMode submitter Pods (Pods of a batch Job owned by a RayJob) and does what the operator's
 * submitter script does in them, through the Java client instead of the {@code ray} CLI: wait until the dashboard
 * answers, look the submission id up, submit only if Ray does not know it, follow the job until it ends (giving up
 * after 10 failures in a row, as the script's {@code ray job logs --follow} loop does), then report the container
 * terminated with exit code 0 (or 1 after giving up). The Pod reaches the dashboard by the head Service name in
 * {@code RAY_DASHBOARD_ADDRESS}, which {@link ServiceHosts} maps to the head's loopback address. A model of the
 * script, not the script: the operator's side of K8sJobMode (the Job, its Pods, its status) is what the soak tests.
 */
final class SubmitterPods implements AutoCloseable {

  private static final String JOB_NAME_LABEL = "batch.kubernetes.io/job-name";

  private final KubernetesClient client;
  private final ServiceHosts hosts;
  private final Set<String> handled = ConcurrentHashMap.newKeySet();
  private final AtomicLong submissions = new AtomicLong();
  private final ExecutorService runners = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "submitter-pod");
    t.setDaemon(true);
    return t;
  });
  private final SharedIndexInformer<Pod> informer;
  private volatile boolean closed;

  SubmitterPods(KubernetesClient client, ServiceHosts hosts) {
    this.client = client;
    this.hosts = hosts;
    this.informer = client.pods().inAnyNamespace().withLabel(JOB_NAME_LABEL).inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(Pod pod) {
        offer(pod);
      }

      @Override
      public void onUpdate(Pod old, Pod pod) {
        offer(pod);
      }

      @Override
      public void onDelete(Pod pod, boolean unknownFinalState) {
        handled.remove(pod.getMetadata().getUid());
      }
    });
  }

  /** Submissions the submitter Pods sent (accepted or not). */
  long submissions() {
    return submissions.get();
  }

  private void offer(Pod pod) {
    boolean pending = pod.getStatus() == null || pod.getStatus().getPhase() == null
        || "Pending".equals(pod.getStatus().getPhase());
    if (pending && pod.getMetadata().getDeletionTimestamp() == null && handled.add(pod.getMetadata().getUid())) {
      runners.execute(() -> run(pod));
    }
  }

  private void run(Pod pod) {
    String namespace = pod.getMetadata().getNamespace();
    Container container = pod.getSpec().getContainers().get(0);
    Optional<String> address = env(container, "RAY_DASHBOARD_ADDRESS");
    Optional<String> submissionId = env(container, "RAY_JOB_SUBMISSION_ID");
    Optional<RayJob> rayJob = owningRayJob(pod);
    if (address.isEmpty() || submissionId.isEmpty() || rayJob.isEmpty() || !report(pod, running(container))) {
      return;
    }
    String entrypoint = rayJob.get().getSpec().getEntrypoint();
    int exit = follow(pod, address.get(), submissionId.get(), entrypoint, token(namespace, container));
    report(pod, terminated(container, exit));
  }

  /** The script's three steps; returns the container's exit code. */
  private int follow(Pod pod, String address, String id, String entrypoint, String token) {
    URI uri = URI.create(address);
    Optional<InetAddress> target = hosts.address(uri.getHost());
    Instant giveUp = Instant.now().plus(Duration.ofMinutes(10));
    while (target.isEmpty() && Instant.now().isBefore(giveUp) && alive(pod)) {
      sleep(2000); // "Waiting for the Ray dashboard"
      target = hosts.address(uri.getHost());
    }
    if (target.isEmpty()) {
      return 1;
    }
    String url = "http://" + target.get().getHostAddress() + ":" + uri.getPort();
    RayDashboardClientBuilder builder = RayDashboardClient.builder().baseUrl(url)
        .connectTimeout(Duration.ofSeconds(2)).readTimeout(Duration.ofSeconds(5));
    if (token != null) {
      builder.bearerToken(token);
    }
    try (RayDashboardClient dashboard = builder.build()) {
      while (true) {
        if (!alive(pod) || Instant.now().isAfter(giveUp)) {
          return 1;
        }
        try {
          dashboard.listJobs();
          break;
        } catch (RayDashboardException e) {
          sleep(2000);
        }
      }
      try {
        dashboard.getJob(id);
      } catch (JobNotFoundException notFound) {
        try {
          submissions.incrementAndGet();
          dashboard.submitJob(JobSubmitRequest.builder(entrypoint).submissionId(id).build());
        } catch (DuplicateSubmissionException already) {
          // submitted meanwhile: follow it
        }
      } catch (RayDashboardException e) {
        return 1; // `ray job status` failed for another reason: the script's `if !` would submit; bash -e stops
      }
      int failures = 0;
      while (alive(pod)) {
        try {
          JobDetails job = dashboard.getJob(id);
          failures = 0;
          if (job.status() == JobStatus.SUCCEEDED || job.status() == JobStatus.FAILED
              || job.status() == JobStatus.STOPPED) {
            return 0; // `ray job logs --follow` ends with the job, whatever its end
          }
        } catch (RayDashboardException e) {
          if (++failures >= 10) {
            return 1;
          }
          sleep(3000);
          continue;
        }
        sleep(1000);
      }
      return 1;
    }
  }

  private Optional<RayJob> owningRayJob(Pod pod) {
    try {
      Optional<String> jobName = owner(pod.getMetadata().getOwnerReferences(), "Job");
      if (jobName.isEmpty()) {
        return Optional.empty();
      }
      Job job = client.batch().v1().jobs().inNamespace(pod.getMetadata().getNamespace()).withName(jobName.get()).get();
      Optional<String> rayJobName = job == null ? Optional.empty()
          : owner(job.getMetadata().getOwnerReferences(), "RayJob");
      return rayJobName.map(name -> client.resources(RayJob.class).inNamespace(pod.getMetadata().getNamespace())
          .withName(name).get());
    } catch (KubernetesClientException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> owner(List<OwnerReference> owners, String kind) {
    return owners == null ? Optional.empty()
        : owners.stream().filter(o -> kind.equals(o.getKind())).map(OwnerReference::getName).findFirst();
  }

  /**
   * {@code RAY_AUTH_TOKEN} as the kubelet would set it: from the Secret its {@code secretKeyRef} names; null without
   * one (or while the API server is away: the script then fails its first request, as {@code ray} would).
   */
  private String token(String namespace, Container container) {
    EnvVar var = container.getEnv() == null ? null : container.getEnv().stream()
        .filter(e -> TokenAuth.RAY_AUTH_TOKEN.equals(e.getName())).findFirst().orElse(null);
    if (var == null || var.getValueFrom() == null || var.getValueFrom().getSecretKeyRef() == null) {
      return var == null ? null : var.getValue();
    }
    try {
      return SecretValues.read(client, namespace, var.getValueFrom().getSecretKeyRef().getName(),
          var.getValueFrom().getSecretKeyRef().getKey()).orElse(null);
    } catch (KubernetesClientException e) {
      return null;
    }
  }

  private static Optional<String> env(Container container, String name) {
    return container.getEnv() == null ? Optional.empty() : container.getEnv().stream()
        .filter(e -> name.equals(e.getName()) && e.getValue() != null).map(EnvVar::getValue).findFirst();
  }

  private boolean alive(Pod pod) {
    if (closed) {
      return false;
    }
    try {
      Pod now = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
          .get();
      return now != null && now.getMetadata().getDeletionTimestamp() == null;
    } catch (KubernetesClientException e) {
      return true; // the API server is away (a fault); the process runs on
    }
  }

  private boolean report(Pod pod, Map<String, Object> status) {
    String patch = client.getKubernetesSerialization().asJson(Map.of("status", status));
    for (int attempt = 0; attempt < 30 && !closed; attempt++) {
      try {
        client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
            .subresource("status").patch(PatchContext.of(PatchType.JSON_MERGE), patch);
        return true;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return false;
        }
        sleep(2000); // the API server is away: as a kubelet, try again
      }
    }
    return false;
  }

  private static Map<String, Object> running(Container container) {
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    return Map.of("phase", "Running", "startTime", now, "conditions", List.of(
        Map.of("type", "Ready", "status", "True", "lastTransitionTime", now)),
        "containerStatuses", List.of(Map.of("name", container.getName(), "image", container.getImage(),
            "imageID", "", "ready", true, "restartCount", 0, "started", true,
            "state", Map.of("running", Map.of("startedAt", now)))));
  }

  private static Map<String, Object> terminated(Container container, int exit) {
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    return Map.of("phase", exit == 0 ? "Succeeded" : "Failed", "conditions", List.of(
        Map.of("type", "Ready", "status", "False", "lastTransitionTime", now)),
        "containerStatuses", List.of(Map.of("name", container.getName(), "image", container.getImage(),
            "imageID", "", "ready", false, "restartCount", 0, "started", false,
            "state", Map.of("terminated", Map.of("exitCode", exit, "reason", exit == 0 ? "Completed" : "Error",
                "finishedAt", now)))));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public void close() {
    closed = true;
    informer.close();
    runners.shutdownNow();
  }
}
