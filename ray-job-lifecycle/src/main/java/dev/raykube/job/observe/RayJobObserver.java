package dev.raykube.job.observe;

import dev.raykube.dashboard.AuthenticationException;
import dev.raykube.dashboard.DashboardUnavailableException;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.job.decide.ObservationPlan;
import dev.raykube.job.decide.RayJobObservation;
import dev.raykube.job.decide.SubmitterObservation;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardAccessException;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Observes what {@link ObservationPlan#of(RayJob)} asks for: reads the RayCluster (owned, or selected through
 * {@code clusterSelector}; both are named by {@code status.rayClusterName}) through {@link RayJobReads} (the API
 * server, or an informer cache first), resolves its dashboard through the
 * {@link DashboardAccess}, reads the K8sJobMode submitter Job (SidecarMode: the head Pod) and asks the dashboard for the Ray job. Returns what it
 * saw; it changes nothing, except that it {@linkplain DashboardClients#forget forgets} the dashboard client of a
 * cluster that no longer exists.
 *
 * <ul>
 *   <li>The dashboard endpoint is resolved when the cluster is ready or the plan queries the dashboard. An endpoint
 *       that cannot be resolved yet leaves the address {@code null} (the state machine waits); a
 *       {@link DashboardAccessException} (e.g. missing auth Secret) does the same and is reported in
 *       {@link ObservedRayJob#dashboardProblem()}.</li>
 *   <li>The Ray job is looked up at the address in the RayJob's status ({@link ObservationPlan#dashboardUrl()}) with
 *       the cluster's token. No lookup is made while the cluster is absent (its dashboard is gone too): the state
 *       machine counts that as a failed status check.</li>
 *   <li>Dashboard errors become {@link JobLookup#notFound()} (404) or {@link JobLookup#failed(String)} with a message
 *       that names the kind: unreachable, credentials refused, or the error. Kubernetes API errors are thrown.</li>
 * </ul>
 *
 * <p>Thread-safe when its parts are; observations of different RayJobs may run concurrently.
 */
public final class RayJobObserver {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobObserver.class);

  private final RayJobReads reads;
  private final DashboardAccess access;
  private final DashboardClients clients;
  private final RecentJobDetails recent;

  /**
   * An observer that reads RayClusters and batch Jobs from the API server on every observation.
   *
   * @param client reads RayClusters and batch Jobs
   * @param access resolves a RayCluster's dashboard endpoint
   * @param clients the dashboard clients to query with
   */
  public RayJobObserver(KubernetesClient client, DashboardAccess access, DashboardClients clients) {
    this(RayJobReads.fromApi(Objects.requireNonNull(client, "client")), access, clients);
  }

  /**
   * @param reads where RayClusters and batch Jobs are read (e.g. an informer cache, then the API server)
   * @param access resolves a RayCluster's dashboard endpoint
   * @param clients the dashboard clients to query with
   */
  public RayJobObserver(RayJobReads reads, DashboardAccess access, DashboardClients clients) {
    this(reads, access, clients, RecentJobDetails.none());
  }

  /**
   * @param reads where RayClusters and batch Jobs are read (e.g. an informer cache, then the API server)
   * @param access resolves a RayCluster's dashboard endpoint
   * @param clients the dashboard clients to query with
   * @param recent job details another read of the dashboard just returned, taken instead of a GET of the job
   */
  public RayJobObserver(RayJobReads reads, DashboardAccess access, DashboardClients clients,
      RecentJobDetails recent) {
    this.reads = Objects.requireNonNull(reads, "reads");
    this.access = Objects.requireNonNull(access, "access");
    this.clients = Objects.requireNonNull(clients, "clients");
    this.recent = Objects.requireNonNull(recent, "recent");
  }

  /**
   * Observes a RayJob's world.
   *
   * @param rayJob the RayJob as read; not null, not changed
   * @return the observation
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the Kubernetes API cannot be read
   */
  public ObservedRayJob observe(RayJob rayJob) {
    Objects.requireNonNull(rayJob, "rayJob");
    ObservationPlan plan = ObservationPlan.of(rayJob);
    String namespace = rayJob.getMetadata().getNamespace();

    RayCluster cluster = null;
    if (plan.clusterName() != null) {
      cluster = reads.rayCluster(namespace, plan.clusterName());
      if (cluster == null) {
        clients.forget(namespace, plan.clusterName());
      }
    }

    DashboardEndpoint endpoint = null;
    String problem = null;
    if (cluster != null && (ClusterObservation.isReady(cluster.getStatus()) || plan.queryDashboard())) {
      try {
        endpoint = access.endpoint(cluster).orElse(null);
      } catch (DashboardAccessException e) {
        problem = e.getMessage();
        LOG.warn("RayJob {}/{}: {}", namespace, rayJob.getMetadata().getName(), problem);
      }
    }
    ClusterObservation clusterSeen = cluster == null ? ClusterObservation.absent()
        : ClusterObservation.present(cluster, endpoint == null ? null : endpoint.statusAddress());

    SubmitterObservation submitter = SubmitterObservation.absent();
    if (plan.submitterName() != null) {
      Job job = reads.submitter(namespace, plan.submitterName());
      submitter = SubmitterObservation.of(job);
    } else if (ObservationPlan.readsHeadPod(rayJob)) {
      submitter = SubmitterObservation.ofSidecar(reads.headPod(namespace, plan.clusterName()));
    }

    JobLookup lookup = JobLookup.notQueried();
    if (plan.queryDashboard() && cluster != null) {
      lookup = problem != null ? JobLookup.failed("cannot address the dashboard: " + problem)
          : lookUp(namespace, plan, endpoint);
    }
    return new ObservedRayJob(rayJob, new RayJobObservation(clusterSeen, lookup, submitter), endpoint, problem);
  }

  private JobLookup lookUp(String namespace, ObservationPlan plan, DashboardEndpoint resolved) {
    DashboardEndpoint target;
    try {
      target = new DashboardEndpoint(DashboardEndpoint.urlOf(plan.dashboardUrl()),
          resolved == null ? null : resolved.token());
    } catch (IllegalArgumentException e) {
      return JobLookup.failed("status.dashboardURL '" + plan.dashboardUrl() + "' is not a dashboard address: "
          + e.getMessage());
    }
    Optional<JobDetails> listed = recent.take(target, plan.submissionId());
    if (listed.isPresent()) {
      return JobLookup.found(listed.get());
    }
    RayDashboardClient dashboard;
    try {
      dashboard = clients.client(namespace, plan.clusterName(), target);
    } catch (IllegalArgumentException e) {
      return JobLookup.failed("cannot make a dashboard client for " + target.url() + ": " + e.getMessage());
    }
    try {
      return JobLookup.found(dashboard.getJob(plan.submissionId()));
    } catch (RayDashboardException e) {
      return describe(e, target.url());
    }
  }

  /** A lookup error as a {@link JobLookup}, with a message that says what kind of error it was. */
  static JobLookup describe(RayDashboardException e, String url) {
    if (e instanceof JobNotFoundException) {
      return JobLookup.notFound();
    }
    String detail = Optional.ofNullable(e.getMessage()).orElse(e.getClass().getSimpleName());
    if (e instanceof DashboardUnavailableException) {
      return JobLookup.failed("dashboard " + url + " unreachable: " + detail);
    }
    if (e instanceof AuthenticationException) {
      return JobLookup.failed("dashboard " + url + " refused the credentials: " + detail);
    }
    return JobLookup.failed("dashboard " + url + " answered with an error: " + detail);
  }
}
