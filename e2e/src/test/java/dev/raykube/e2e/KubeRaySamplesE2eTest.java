package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayClusterValidator;
import dev.raykube.e2e.KubeRaySamples.Outcome;
import dev.raykube.e2e.KubeRaySamples.Sample;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.decide.RayJobValidator;
import dev.raykube.kernel.Violation;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.service.decide.RayServiceValidator;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * KubeRay's own sample manifests ({@link KubeRaySamples}, v1.5.0 from the Go module proxy) against RayKube's operator
 * on the real control plane, one dynamic test per sample, with the outcome {@code kuberay-samples.tsv} expects:
 * <ul>
 *   <li>{@code ready}: the file is applied; each RayCluster reaches {@code ready} with every Pod Running and Ready.
 *       Their heads are {@code FakeRayDashboard}s (the node sandbox's stand-in heads): a real Ray head and its workers
 *       per sample would make the suite too slow for CI, and a RayCluster's readiness does not depend on what Ray
 *       does inside.</li>
 *   <li>{@code complete}: each RayJob reaches Complete/SUCCEEDED with real Ray (its cluster's head and workers, and a
 *       K8sJobMode submitter running {@code ray job submit}).</li>
 *   <li>{@code running}: a RayJob whose entrypoint runs for minutes reaches Running with its Ray job RUNNING; deleting
 *       it then stops the job (its finalizer).</li>
 *   <li>{@code waiting}: an InteractiveMode RayJob reaches Waiting with its cluster ready.</li>
 *   <li>{@code admit}: every Ray object passes the API server's admission ({@code kubectl apply --dry-run=server})
 *       and the operator's validation; the reason says what this machine lacks to run it.</li>
 * </ul>
 * The objects are created with {@code kubectl create} (some samples use {@code generateName}); between samples
 * everything the file created is deleted and gone. The counts are written to
 * {@code target/kuberay-samples.txt}, which {@code e2e/run} prints.
 */
class KubeRaySamplesE2eTest {

  private static final Logger log = LoggerFactory.getLogger(KubeRaySamplesE2eTest.class);
  private static final Duration READY = Duration.ofMinutes(3);

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards()
      .realRayFor(cluster -> cluster.getMetadata().getLabels() != null
          && "RayJob".equals(cluster.getMetadata().getLabels().get(RayClusterLabels.ORIGINATED_FROM_CRD)))
      .namespacePrefix("kuberay-samples");

  private static KubernetesClient client;
  private static InProcessOperator operator;
  private static Path samples;
  private static final Map<Outcome, Integer> passed = new EnumMap<>(Outcome.class);
  private static final List<String> failed = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    client = kube.client();
    samples = KubeRaySamples.download(Path.of("target/kuberay-samples-module"));
    operator = InProcessOperator.start(client.getConfiguration(), kube.dashboardAccess(),
        "--namespaces=" + kube.namespace());
  }

  @AfterAll
  static void summary() throws IOException {
    if (operator != null) {
      operator.close();
    }
    int reconciled = passed.getOrDefault(Outcome.READY, 0) + passed.getOrDefault(Outcome.COMPLETE, 0)
        + passed.getOrDefault(Outcome.RUNNING, 0) + passed.getOrDefault(Outcome.WAITING, 0);
    String line = "kuberay samples (" + KubeRaySamples.MODULE + "@" + KubeRaySamples.VERSION + "): " + reconciled
        + " reconciled, " + passed.getOrDefault(Outcome.ADMIT, 0) + " admitted only, "
        + passed.getOrDefault(Outcome.NONE, 0) + " without a Ray object, " + failed.size() + " failed"
        + (failed.isEmpty() ? "" : ": " + String.join("; ", failed));
    log.info(line);
    Files.writeString(Path.of("target/kuberay-samples.txt"), line + "\n");
  }

  @TestFactory
  Stream<DynamicTest> eachSampleHasItsOutcome() {
    Map<String, Sample> expected = KubeRaySamples.expectations();
    Set<String> present = KubeRaySamples.files(samples);
    assertThat(present).as("samples in the module vs kuberay-samples.tsv").containsExactlyInAnyOrderElementsOf(
        expected.keySet());
    return expected.values().stream().map(sample -> DynamicTest.dynamicTest(sample.path() + " → "
        + sample.outcome().name().toLowerCase(java.util.Locale.ROOT), () -> {
          try {
            run(sample);
            passed.merge(sample.outcome(), 1, Integer::sum);
          } catch (AssertionError | RuntimeException e) {
            failed.add(sample.path() + ": " + e.getMessage().lines().findFirst().orElse(""));
            throw e;
          }
        }));
  }

  private void run(Sample sample) {
    Path file = samples.resolve(sample.path());
    List<HasMetadata> objects = KubeRaySamples.objects(client, file);
    List<HasMetadata> ray = objects.stream().filter(KubeRaySamples::isRay).toList();
    switch (sample.outcome()) {
      case NONE -> assertThat(ray).as("Ray objects in " + sample.path()).isEmpty();
      case ADMIT -> admit(sample, ray);
      case READY, COMPLETE, RUNNING, WAITING -> reconcile(sample, file, ray);
      default -> throw new IllegalStateException(sample.outcome().name());
    }
  }

  /** Admission (server-side dry run) and the operator's validation of every Ray object. */
  private void admit(Sample sample, List<HasMetadata> ray) {
    assertThat(ray).as("Ray objects in " + sample.path()).isNotEmpty();
    for (HasMetadata object : ray) {
      object.getMetadata().setNamespace(kube.namespace());
      HasMetadata admitted = client.resource(object).dryRun().create();
      assertThat(problems(admitted)).as("the operator's validation of " + object.getKind() + " "
          + admitted.getMetadata().getName()).isEmpty();
    }
  }

  private static List<String> problems(HasMetadata object) {
    var serialization = client.getKubernetesSerialization();
    return switch (object.getKind()) {
      case "RayCluster" -> RayClusterValidator.validate(serialization.convertValue(object, RayCluster.class));
      case "RayJob" -> new RayJobValidator(RayJobSettings.defaults().supportedSubmissionModes())
          .validate(serialization.convertValue(object, RayJob.class)).stream().map(Violation::message).toList();
      case "RayService" -> RayServiceValidator.validate(serialization.convertValue(object, RayService.class))
          .stream().map(Violation::message).toList();
      default -> List.of();
    };
  }

  /**
   * Creates the file's objects ({@code kubectl create}: some samples use {@code generateName}), waits for each Ray
   * object's outcome (found by kind in the namespace, which holds only this sample's objects), deletes everything and
   * waits until it is gone.
   */
  private void reconcile(Sample sample, Path file, List<HasMetadata> ray) {
    String ns = kube.namespace();
    KubectlRun.run("create", "-n", ns, "-f", file.toAbsolutePath().toString()).requireSuccess();
    try {
      List<String> names = new ArrayList<>();
      for (String kind : ray.stream().map(HasMetadata::getKind).distinct().toList()) {
        Class<? extends HasMetadata> type = "RayJob".equals(kind) ? RayJob.class : RayCluster.class;
        client.resources(type).inNamespace(ns).list().getItems().stream()
            .filter(o -> o.getMetadata().getOwnerReferences() == null || o.getMetadata().getOwnerReferences().isEmpty())
            .forEach(o -> names.add(o.getMetadata().getName()));
      }
      assertThat(names).as("the sample's Ray objects in " + ns).hasSameSizeAs(ray);
      for (String name : names) {
        switch (sample.outcome()) {
          case READY -> {
            assertThat(ray).as("a ready sample holds RayClusters only").allMatch(o -> "RayCluster".equals(o.getKind()));
            RayJobE2eTest.await("RayCluster " + name + " ready with every Pod Ready", READY,
                () -> clusterReady(ns, name), () -> describeCluster(ns, name));
          }
          case COMPLETE -> RayJobE2eTest.await("RayJob " + name + " Complete/SUCCEEDED", RayJobE2eTest.JOB_END,
              () -> jobIs(ns, name, JobDeploymentStatus.COMPLETE, JobStatus.SUCCEEDED), () -> describeJob(ns, name));
          case RUNNING -> RayJobE2eTest.await("RayJob " + name + " Running, its Ray job RUNNING",
              RayJobE2eTest.JOB_START, () -> jobIs(ns, name, JobDeploymentStatus.RUNNING, JobStatus.RUNNING),
              () -> describeJob(ns, name));
          case WAITING -> RayJobE2eTest.await("RayJob " + name + " Waiting", RayJobE2eTest.JOB_START,
              () -> jobIs(ns, name, JobDeploymentStatus.WAITING, null), () -> describeJob(ns, name));
          default -> throw new IllegalStateException(sample.outcome().name());
        }
      }
    } finally {
      client.resources(RayJob.class).inNamespace(ns).delete();
      client.resources(RayCluster.class).inNamespace(ns).delete();
      try {
        KubectlRun.run("delete", "-n", ns, "-f", file.toAbsolutePath().toString(), "--wait=false",
            "--ignore-not-found").requireSuccess();
      } catch (IllegalStateException e) { // a generateName object has no name to delete by; it went above
        log.info("{}: kubectl delete -f: {}", sample.path(), e.getMessage().lines().reduce((a, b) -> b).orElse(""));
      }
      RayJobE2eTest.await("everything of " + sample.path() + " gone", RayJobE2eTest.TEARDOWN,
          () -> client.resources(RayJob.class).inNamespace(ns).list().getItems().isEmpty()
              && client.resources(RayCluster.class).inNamespace(ns).list().getItems().isEmpty()
              && client.pods().inNamespace(ns).list().getItems().isEmpty(),
          () -> "pods " + client.pods().inNamespace(ns).list().getItems().stream()
              .map(p -> p.getMetadata().getName()).toList());
    }
  }

  private static boolean clusterReady(String ns, String name) {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(ns).withName(name).get();
    if (cluster == null || cluster.getStatus() == null || cluster.getStatus().getState() != ClusterState.READY) {
      return false;
    }
    List<Pod> pods = client.pods().inNamespace(ns).withLabel(RayClusterLabels.CLUSTER, name).list().getItems();
    return !pods.isEmpty() && pods.stream().allMatch(KubeRaySamplesE2eTest::podReady);
  }

  private static boolean podReady(Pod pod) {
    return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static boolean jobIs(String ns, String name, JobDeploymentStatus deployment, JobStatus job) {
    RayJob rayJob = client.resources(RayJob.class).inNamespace(ns).withName(name).get();
    return rayJob != null && rayJob.getStatus() != null
        && rayJob.getStatus().getJobDeploymentStatus() == deployment
        && (job == null || rayJob.getStatus().getJobStatus() == job);
  }

  private static String describeCluster(String ns, String name) {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(ns).withName(name).get();
    return cluster == null ? name + " not found" : name + " state=" + (cluster.getStatus() == null ? null
        : cluster.getStatus().getStateValue() + " reason=" + cluster.getStatus().getReason()) + " pods="
        + client.pods().inNamespace(ns).withLabel(RayClusterLabels.CLUSTER, name).list().getItems().stream()
            .map(p -> p.getMetadata().getName() + ":" + (p.getStatus() == null ? null : p.getStatus().getPhase()))
            .toList();
  }

  private static String describeJob(String ns, String name) {
    return new RayJobNamespace(client, ns).describe(name);
  }
}
