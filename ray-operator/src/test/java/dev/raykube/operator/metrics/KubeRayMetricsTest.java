package dev.raykube.operator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** KubeRay's series as the operator's {@code /metrics} serves them: names, help, types, labels, set and cleared. */
class KubeRayMetricsTest {

  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-05T12:01:00Z"));
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final KubeRayMetrics metrics = new KubeRayMetrics(clock);
  private final List<RayCluster> clusters = new ArrayList<>();
  private final List<RayJob> jobs = new ArrayList<>();
  private final List<RayService> services = new ArrayList<>();

  @BeforeEach
  void register() {
    metrics.register(registry.getPrometheusRegistry());
    metrics.rayClusters(() -> clusters);
    metrics.rayJobs(() -> jobs);
    metrics.rayServices(() -> services);
  }

  @Test
  void withNothingToReportEveryFamilyIsAbsent() {
    assertThat(registry.scrape()).doesNotContain("kuberay_");
  }

  @Test
  void clustersAreListedAtScrapeTimeWithTheirOwnerKindAndProvisionedCondition() {
    clusters.add(cluster("plain", null, "True"));
    clusters.add(cluster("of-a-job", "RayJob", "False"));
    clusters.add(cluster("new", "RayService", null));

    String scrape = registry.scrape();

    assertThat(scrape).contains(
        "# HELP kuberay_cluster_info Metadata information about RayCluster custom resources\n"
            + "# TYPE kuberay_cluster_info gauge\n",
        "kuberay_cluster_info{name=\"plain\",namespace=\"ns\",owner_kind=\"None\",uid=\"uid-plain\"} 1\n",
        "kuberay_cluster_info{name=\"of-a-job\",namespace=\"ns\",owner_kind=\"RayJob\",uid=\"uid-of-a-job\"} 1\n",
        "kuberay_cluster_info{name=\"new\",namespace=\"ns\",owner_kind=\"RayService\",uid=\"uid-new\"} 1\n",
        "# TYPE kuberay_cluster_condition_provisioned gauge\n",
        "kuberay_cluster_condition_provisioned{condition=\"true\",name=\"plain\",namespace=\"ns\",uid=\"uid-plain\"}"
            + " 1.0\n",
        "kuberay_cluster_condition_provisioned{condition=\"false\",name=\"of-a-job\",namespace=\"ns\","
            + "uid=\"uid-of-a-job\"} 1.0\n",
        "kuberay_cluster_condition_provisioned{condition=\"false\",name=\"new\",namespace=\"ns\",uid=\"uid-new\"}"
            + " 1.0\n");

    clusters.clear();
    assertThat(registry.scrape()).as("gone with the resource").doesNotContain("kuberay_cluster");
  }

  @Test
  void theProvisionedDurationIsSetByTheWriteThatProvisionsAndGoesWithTheCluster() {
    metrics.rayClusterWritten(cluster("c", null, null), cluster("c", null, "False"));
    assertThat(registry.scrape()).doesNotContain("kuberay_cluster_provisioned_duration_seconds{");

    metrics.rayClusterWritten(cluster("c", null, "False"), cluster("c", null, "True"));
    clock.advance(Duration.ofSeconds(5));
    metrics.rayClusterWritten(cluster("c", null, "True"), cluster("c", null, "True"));

    assertThat(registry.scrape()).contains("# TYPE kuberay_cluster_provisioned_duration_seconds gauge\n",
        "kuberay_cluster_provisioned_duration_seconds{name=\"c\",namespace=\"ns\",uid=\"uid-c\"} 60.0\n");

    metrics.rayClusterGone("ns", "c");
    assertThat(registry.scrape()).doesNotContain("kuberay_cluster_provisioned_duration_seconds{");
  }

  @Test
  void jobsAreListedWithTheirDeploymentStatusAndEachEndOrRetryKeepsItsOwnDuration() {
    jobs.add(job("fresh", null, null));
    jobs.add(job("running", "Running", 0));

    metrics.rayJobWritten(job("running", "Running", null), job("running", "Retrying", 0));
    clock.advance(Duration.ofSeconds(30));
    metrics.rayJobWritten(job("running", "Running", 1), job("running", "Failed", 1));
    String scrape = registry.scrape();

    assertThat(scrape).contains(
        "kuberay_job_info{name=\"fresh\",namespace=\"ns\",uid=\"uid-fresh\"} 1\n",
        "kuberay_job_deployment_status{deployment_status=\"\",name=\"fresh\",namespace=\"ns\",uid=\"uid-fresh\"}"
            + " 1.0\n",
        "kuberay_job_deployment_status{deployment_status=\"Running\",name=\"running\",namespace=\"ns\","
            + "uid=\"uid-running\"} 1.0\n",
        "# TYPE kuberay_job_execution_duration_seconds gauge\n",
        "kuberay_job_execution_duration_seconds{job_deployment_status=\"Retrying\",name=\"running\",namespace=\"ns\","
            + "retry_count=\"0\",uid=\"uid-running\"} 60.0\n",
        "kuberay_job_execution_duration_seconds{job_deployment_status=\"Failed\",name=\"running\",namespace=\"ns\","
            + "retry_count=\"1\",uid=\"uid-running\"} 90.0\n");

    metrics.rayJobGone("ns", "running");
    assertThat(registry.scrape()).doesNotContain("kuberay_job_execution_duration_seconds{");
  }

  @Test
  void servicesAreListedWithTheirReadyAndUpgradeConditions() {
    services.add(service("serving", Map.of("Ready", "True", "UpgradeInProgress", "False")));
    services.add(service("upgrading", Map.of("Ready", "True", "UpgradeInProgress", "True")));
    services.add(service("starting", Map.of()));

    assertThat(registry.scrape()).contains(
        "kuberay_service_info{name=\"serving\",namespace=\"ns\",uid=\"uid-serving\"} 1\n",
        "kuberay_service_condition_ready{condition=\"true\",name=\"serving\",namespace=\"ns\",uid=\"uid-serving\"}"
            + " 1.0\n",
        "kuberay_service_condition_ready{condition=\"false\",name=\"starting\",namespace=\"ns\",uid=\"uid-starting\"}"
            + " 1.0\n",
        "kuberay_service_condition_upgrade_in_progress{condition=\"false\",name=\"serving\",namespace=\"ns\","
            + "uid=\"uid-serving\"} 1.0\n",
        "kuberay_service_condition_upgrade_in_progress{condition=\"true\",name=\"upgrading\",namespace=\"ns\","
            + "uid=\"uid-upgrading\"} 1.0\n");
  }

  private static RayCluster cluster(String name, String ownerKind, String provisioned) {
    RayCluster cluster = new RayCluster();
    metadata(cluster.getMetadata(), name);
    cluster.getMetadata().setCreationTimestamp("2026-12-05T12:00:00Z");
    if (ownerKind != null) {
      cluster.getMetadata().setLabels(Map.of("ray.io/originated-from-crd", ownerKind));
    }
    RayClusterStatus status = new RayClusterStatus();
    if (provisioned != null) {
      status.setConditions(List.of(condition("RayClusterProvisioned", provisioned)));
    }
    cluster.setStatus(status);
    return cluster;
  }

  private static RayJob job(String name, String deploymentStatus, Integer failed) {
    RayJob job = new RayJob();
    metadata(job.getMetadata(), name);
    if (deploymentStatus != null) {
      RayJobStatus status = new RayJobStatus();
      status.setJobDeploymentStatusValue(deploymentStatus);
      status.setStartTime("2026-12-05T12:00:00Z");
      status.setFailed(failed);
      job.setStatus(status);
    }
    return job;
  }

  private static RayService service(String name, Map<String, String> conditions) {
    RayService service = new RayService();
    metadata(service.getMetadata(), name);
    RayServiceStatus status = new RayServiceStatus();
    status.setConditions(conditions.entrySet().stream().map(c -> condition(c.getKey(), c.getValue())).toList());
    service.setStatus(status);
    return service;
  }

  private static void metadata(io.fabric8.kubernetes.api.model.ObjectMeta metadata, String name) {
    metadata.setName(name);
    metadata.setNamespace("ns");
    metadata.setUid("uid-" + name);
  }

  private static Condition condition(String type, String status) {
    return new ConditionBuilder().withType(type).withStatus(status).withReason("Test").build();
  }
}
