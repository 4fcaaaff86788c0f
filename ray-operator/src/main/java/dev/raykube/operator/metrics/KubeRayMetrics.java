package dev.raykube.operator.metrics;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot.InfoDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.InfoSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * KubeRay's {@code kuberay_*} series, with v1.7.0's names, help, types and labels, so that dashboards and alerts made
 * for KubeRay work on RayKube. The info and condition gauges are computed at scrape time from the controllers'
 * caches of RayClusters, RayJobs and RayServices (so a series goes with its resource); the two duration gauges are set
 * when a status write makes the transition {@link KubeRayTransitions} names, and removed when the resource is gone.
 * One per operator process, registered in the Prometheus registry behind {@code /metrics}. Thread-safe.
 */
public final class KubeRayMetrics implements MultiCollector {

  private final Clock clock;
  private volatile Supplier<? extends Collection<RayCluster>> clusters = List::of;
  private volatile Supplier<? extends Collection<RayJob>> jobs = List::of;
  private volatile Supplier<? extends Collection<RayService>> services = List::of;
  /** {@code kuberay_cluster_provisioned_duration_seconds} by namespace/name, then by label set. */
  private final Map<String, Map<Labels, Double>> provisioned = new ConcurrentHashMap<>();
  /** {@code kuberay_job_execution_duration_seconds} by namespace/name, then by label set. */
  private final Map<String, Map<Labels, Double>> executions = new ConcurrentHashMap<>();

  /** @param clock the time durations are measured to */
  public KubeRayMetrics(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Adds the series to {@code registry}'s scrapes. */
  public void register(PrometheusRegistry registry) {
    registry.register(this);
  }

  /** Where the RayClusters are read at scrape time (the RayCluster controller's cache). */
  public void rayClusters(Supplier<? extends Collection<RayCluster>> cache) {
    this.clusters = Objects.requireNonNull(cache, "cache");
  }

  /** Where the RayJobs are read at scrape time (the RayJob controller's cache). */
  public void rayJobs(Supplier<? extends Collection<RayJob>> cache) {
    this.jobs = Objects.requireNonNull(cache, "cache");
  }

  /** Where the RayServices are read at scrape time (the RayService controller's cache). */
  public void rayServices(Supplier<? extends Collection<RayService>> cache) {
    this.services = Objects.requireNonNull(cache, "cache");
  }

  /** A RayCluster's status was written: {@code after} as stored, {@code before} as the write found it. */
  public void rayClusterWritten(RayCluster before, RayCluster after) {
    KubeRayTransitions.provisioned(before, after, clock.instant()).ifPresent(seconds ->
        provisioned.computeIfAbsent(key(after), k -> new ConcurrentHashMap<>()).put(identity(after), seconds));
  }

  /** A RayJob's status was written: {@code after} as stored, {@code before} as the write found it. */
  public void rayJobWritten(RayJob before, RayJob after) {
    KubeRayTransitions.jobExecution(before, after, clock.instant()).ifPresent(execution ->
        executions.computeIfAbsent(key(after), k -> new ConcurrentHashMap<>()).put(identity(after)
                .add("job_deployment_status", execution.status().value())
                .add("retry_count", Integer.toString(execution.retryCount())),
            execution.seconds()));
  }

  /** A RayCluster is gone: its duration series go (every one of that name and namespace, as KubeRay does). */
  public void rayClusterGone(String namespace, String name) {
    provisioned.remove(namespace + "/" + name);
  }

  /** A RayJob is gone: its duration series go (every one of that name and namespace, as KubeRay does). */
  public void rayJobGone(String namespace, String name) {
    executions.remove(namespace + "/" + name);
  }

  @Override
  public MetricSnapshots collect() {
    Collection<RayCluster> clusterList = clusters.get();
    Collection<RayJob> jobList = jobs.get();
    Collection<RayService> serviceList = services.get();
    return MetricSnapshots.of(
        durations("kuberay_cluster_provisioned_duration_seconds", "The time, in seconds, when a RayCluster's"
            + " `RayClusterProvisioned` status transitions from false (or unset) to true", provisioned),
        info("kuberay_cluster", "Metadata information about RayCluster custom resources", clusterList,
            cluster -> Labels.of("owner_kind", ownerKind(cluster))),
        gauge("kuberay_cluster_condition_provisioned", "Indicates whether the RayCluster is provisioned", clusterList,
            cluster -> condition(cluster.getStatus() == null ? null : cluster.getStatus().getConditions(),
                RayClusterConditionType.PROVISIONED.value())),
        durations("kuberay_job_execution_duration_seconds", "Duration from when the RayJob CR's JobDeploymentStatus"
            + " transitions from Initializing to either the Retrying state or a terminal state, such as Complete or"
            + " Failed. The Retrying state indicates that the CR previously failed and that spec.backoffLimit is"
            + " enabled.", executions),
        info("kuberay_job", "Metadata information about RayJob custom resources", jobList, job -> Labels.EMPTY),
        gauge("kuberay_job_deployment_status", "The RayJob's current deployment status", jobList,
            job -> Labels.of("deployment_status", job.getStatus() == null ? ""
                : Objects.requireNonNullElse(job.getStatus().getJobDeploymentStatusValue(), ""))),
        info("kuberay_service", "Metadata information about RayService custom resources", serviceList,
            service -> Labels.EMPTY),
        gauge("kuberay_service_condition_ready", "Describes whether the RayService is ready. Ready means users can"
            + " send requests to the underlying cluster and the number of serve endpoints is greater than 0.",
            serviceList, service -> condition(serviceConditions(service), RayServiceConditionType.READY.value())),
        gauge("kuberay_service_condition_upgrade_in_progress", "Describes whether the RayService is performing a"
            + " zero-downtime upgrade.", serviceList,
            service -> condition(serviceConditions(service), RayServiceConditionType.UPGRADE_IN_PROGRESS.value())));
  }

  @Override
  public List<String> getPrometheusNames() {
    return List.of("kuberay_cluster_provisioned_duration_seconds", "kuberay_cluster",
        "kuberay_cluster_condition_provisioned", "kuberay_job_execution_duration_seconds", "kuberay_job",
        "kuberay_job_deployment_status", "kuberay_service", "kuberay_service_condition_ready",
        "kuberay_service_condition_upgrade_in_progress");
  }

  private static GaugeSnapshot durations(String name, String help, Map<String, Map<Labels, Double>> values) {
    GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
    values.values().forEach(series -> series.forEach((labels, seconds) ->
        gauge.dataPoint(GaugeDataPointSnapshot.builder().labels(labels).value(seconds).build())));
    return gauge.build();
  }

  private static <R extends HasMetadata> InfoSnapshot info(String name, String help, Collection<R> resources,
      Function<R, Labels> more) {
    InfoSnapshot.Builder info = InfoSnapshot.builder().name(name).help(help);
    resources.forEach(resource -> info.dataPoint(InfoDataPointSnapshot.builder()
        .labels(identity(resource).merge(more.apply(resource))).build()));
    return info.build();
  }

  private static <R extends HasMetadata> GaugeSnapshot gauge(String name, String help, Collection<R> resources,
      Function<R, Labels> more) {
    GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
    resources.forEach(resource -> gauge.dataPoint(GaugeDataPointSnapshot.builder()
        .labels(identity(resource).merge(more.apply(resource))).value(1).build()));
    return gauge.build();
  }

  private static Labels identity(HasMetadata resource) {
    return Labels.of("name", resource.getMetadata().getName(), "namespace", resource.getMetadata().getNamespace(),
        "uid", Objects.requireNonNullElse(resource.getMetadata().getUid(), ""));
  }

  private static Labels condition(List<Condition> conditions, String type) {
    return Labels.of("condition", Boolean.toString(KubeRayTransitions.isTrue(conditions, type)));
  }

  private static List<Condition> serviceConditions(RayService service) {
    return service.getStatus() == null ? null : service.getStatus().getConditions();
  }

  /** {@code None}, or the kind of the resource that created the cluster ({@code ray.io/originated-from-crd}). */
  private static String ownerKind(RayCluster cluster) {
    Map<String, String> labels = cluster.getMetadata().getLabels();
    String kind = labels == null ? null : labels.get(RayClusterLabels.ORIGINATED_FROM_CRD);
    return kind == null ? "None" : kind;
  }

  private static String key(HasMetadata resource) {
    return resource.getMetadata().getNamespace() + "/" + resource.getMetadata().getName();
  }
}
