package dev.raykube.operator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.testing.GreeterRayService;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.RunningOperator;
import dev.raykube.operator.testing.ServeEndpointSlice;
import dev.raykube.testing.Eventually;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * KubeRay's series on the operator's {@code /metrics}, scraped through the whole runtime while a RayCluster, a RayJob
 * and a RayService go through their lives on the CRUD mock (kubelet played, a fake dashboard): each family with the
 * labels KubeRay v1.7.0 gives it, and none left once the resources are gone.
 */
@EnableKubernetesMockClient(crud = true)
class KubeRayMetricsScrapeTest {

  static KubernetesClient client;

  private static final String NS = "metrics";
  private static final Pattern SERIES = Pattern.compile("^(kuberay_[a-z_]+)\\{", Pattern.MULTILINE);

  @BeforeAll
  static void cluster() {
    RayCrds.install(client);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .create();
  }

  @Test
  void everyKubeRaySeriesFollowsItsResource() throws Exception {
    try (FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
        RunningOperator running = RunningOperator.start(client, List.of(RunningOperator.rayClusters(),
            RunningOperator.rayJobs(dashboard.url()), RunningOperator.rayServices(dashboard.url())))) {
      RayCluster cluster = client.resource(Serialization.unmarshal(CLUSTER, RayCluster.class)).inNamespace(NS)
          .create();
      RayJob job = client.resource(Serialization.unmarshal(JOB, RayJob.class)).inNamespace(NS).create();
      RayService service = client.resource(GreeterRayService.named("greeter")).inNamespace(NS).create();
      Eventually.await("the serve Service exists", () -> serveService() != null);
      ServeEndpointSlice.create(client, client.services().inNamespace(NS).withName("greeter-serve-svc").get(),
          "10.0.0.1");

      Eventually.await("the RayJob Complete, the RayService Ready, every RayCluster provisioned", () -> {
        String metrics = scrape(running);
        return metrics.contains("deployment_status=\"Complete\"") && metrics.contains(
            "kuberay_service_condition_ready{condition=\"true\"") && !metrics.contains(
            "kuberay_cluster_condition_provisioned{condition=\"false\"");
      }, () -> scrape(running));
      String metrics = scrape(running);

      assertThat(families(metrics)).containsExactlyInAnyOrder("kuberay_cluster_info",
          "kuberay_cluster_condition_provisioned", "kuberay_cluster_provisioned_duration_seconds", "kuberay_job_info",
          "kuberay_job_deployment_status", "kuberay_job_execution_duration_seconds", "kuberay_service_info",
          "kuberay_service_condition_ready", "kuberay_service_condition_upgrade_in_progress");
      assertThat(metrics).contains(
          "kuberay_cluster_info{name=\"plain\",namespace=\"metrics\",owner_kind=\"None\",uid=\"" + uid(cluster),
          "kuberay_job_info{name=\"pi\",namespace=\"metrics\",uid=\"" + uid(job) + "\"} 1",
          "kuberay_job_deployment_status{deployment_status=\"Complete\",name=\"pi\",namespace=\"metrics\",uid=\""
              + uid(job) + "\"} 1",
          "kuberay_job_execution_duration_seconds{job_deployment_status=\"Complete\",name=\"pi\","
              + "namespace=\"metrics\",retry_count=\"0\",uid=\"" + uid(job) + "\"}",
          "kuberay_service_info{name=\"greeter\",namespace=\"metrics\",uid=\"" + uid(service) + "\"} 1",
          "kuberay_service_condition_upgrade_in_progress{condition=\"false\",name=\"greeter\"");
      assertThat(count(metrics, "kuberay_cluster_info{")).as("the plain one, the RayJob's, the RayService's")
          .isEqualTo(3);
      assertThat(metrics).contains("owner_kind=\"RayJob\"", "owner_kind=\"RayService\"");
      assertThat(count(metrics, "kuberay_cluster_provisioned_duration_seconds{")).isEqualTo(3);

      for (HasMetadata resource : List.of(job, service, cluster)) {
        client.resource(resource).delete();
      }
      Eventually.await("the RayJob gone", () -> client.resource(job).get() == null);
      // The mock has no garbage collector: delete the RayJob's cluster as it would (its owner is gone).
      client.resources(RayCluster.class).inNamespace(NS).withLabel("ray.io/originated-from-crd", "RayJob").delete();
      Eventually.await("every kuberay_ series gone with its resource", () -> families(scrape(running)).isEmpty(),
          () -> scrape(running));
    }
  }

  private static Set<String> families(String metrics) {
    return SERIES.matcher(metrics).results().map(m -> m.group(1)).collect(Collectors.toSet());
  }

  private static long count(String metrics, String prefix) {
    return metrics.lines().filter(line -> line.startsWith(prefix)).count();
  }

  private static String scrape(RunningOperator running) {
    return HttpProbe.get(running.runtime().metricsPort(), "/metrics").body();
  }

  private static Object serveService() {
    return client.services().inNamespace(NS).withName("greeter-serve-svc").get();
  }

  private static String uid(HasMetadata resource) {
    return resource.getMetadata().getUid();
  }

  /** A RayCluster spec of one head, in flow style (it reads the same at any indentation). */
  private static final String SPEC = "{rayVersion: '2.60.0', headGroupSpec: {rayStartParams: {}, template: {spec:"
      + " {containers: [{name: ray-head, image: 'rayproject/ray:2.60.0'}]}}}}";

  private static final String CLUSTER = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata: {name: plain}
      spec: %s
      """.formatted(SPEC);

  private static final String JOB = """
      apiVersion: ray.io/v1
      kind: RayJob
      metadata: {name: pi}
      spec:
        entrypoint: echo 3.14
        submissionMode: HTTPMode
        shutdownAfterJobFinishes: false
        rayClusterSpec: %s
      """.formatted(SPEC);
}
