package dev.raykube.model;

import static dev.raykube.model.Manifests.SAME_VALUE;
import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.UpscalingMode;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceUpgradeType;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sample manifests of {@code examples/manifests} read, write and read back without losing anything. A sample file
 * holds one {@code ray.io/v1} object and, before it, the ConfigMaps it needs (the RayService sample's Serve app); the
 * tests below are about the {@code ray.io/v1} document.
 */
class SampleManifestsTest {

  /** Map fields whose values are typed (Quantity): a string injected there would not be an unknown field. */
  private static final Set<String> TYPED_VALUE_MAPS = Set.of("limits", "requests");

  static Stream<Path> samples() throws IOException {
    try (Stream<Path> files = Files.list(ProjectPaths.manifestsDir())) {
      return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
    }
  }

  @Test
  void everyKindOfSampleExists() throws IOException {
    List<String> kinds = new ArrayList<>();
    for (Path sample : samples().toList()) {
      JsonNode tree = Manifests.tree(rayDocument(sample));
      String kind = tree.path("kind").asText();
      if (kind.equals("RayJob")) {
        kind += tree.path("spec").has("clusterSelector") ? "/clusterSelector" : "/rayClusterSpec";
      }
      kinds.add(kind);
    }
    // At least one sample of each kind and RayJob cluster source; more samples (e.g. a minimal RayCluster) may exist.
    assertThat(kinds)
        .containsOnly("RayCluster", "RayJob/clusterSelector", "RayJob/rayClusterSpec", "RayService", "RayCronJob")
        .contains("RayCluster", "RayJob/clusterSelector", "RayJob/rayClusterSpec", "RayService", "RayCronJob");
  }

  @ParameterizedTest
  @MethodSource("samples")
  void parseSerializeParseGivesAnEqualObjectAndTheSameDocument(Path sample) {
    String yaml = rayDocument(sample);
    HasMetadata first = Manifests.parse(yaml);
    String written = SERIALIZATION.asYaml(first);
    HasMetadata second = SERIALIZATION.unmarshal(written, first.getClass());

    assertThat(second).isEqualTo(first);
    assertThat(second.hashCode()).isEqualTo(first.hashCode());
    assertThat(Manifests.tree(written).equals(SAME_VALUE, Manifests.tree(yaml)))
        .as("written document equals the sample:%n%s", written)
        .isTrue();
  }

  @ParameterizedTest
  @MethodSource("samples")
  void unknownFieldsAtEveryLevelSurviveARoundTrip(Path sample) {
    ObjectNode manifest = Manifests.tree(rayDocument(sample));
    ObjectNode future = manifest.objectNode();
    future.putArray("nested").add(1).add("two").addObject().put("deep", true);
    manifest.set("futureTopLevelField", future.deepCopy());
    ((ObjectNode) manifest.get("spec")).set("futureSpecField", future.deepCopy());
    int injected = injectUnknownFields(manifest.get("spec"), null);
    String yaml = SERIALIZATION.asYaml(manifest);

    HasMetadata parsed = Manifests.parse(yaml);
    JsonNode written = Manifests.tree(SERIALIZATION.asYaml(parsed));

    assertThat(injected).isPositive();
    assertThat(written.equals(SAME_VALUE, manifest)).as("written:%n%s", written.toPrettyString()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("samples")
  void samplesDefineNoInitContainers(Path sample) {
    List<JsonNode> found = Manifests.tree(rayDocument(sample)).findValues("initContainers");
    assertThat(found).isEmpty();
  }

  @Test
  void typedAccessReadsTheRayClusterSample() {
    RayCluster cluster = (RayCluster) Manifests.parse(rayDocument(sample("raycluster.yaml")));
    assertThat(cluster.getSpec().getHeadGroupSpec().getRayStartParams()).containsEntry("num-cpus", "0");
    assertThat(cluster.getSpec().getAutoscalerOptions().getUpscalingMode()).isEqualTo(UpscalingMode.DEFAULT);
    assertThat(cluster.getSpec().getWorkerGroupSpecs()).singleElement().satisfies(group -> {
      assertThat(group.getGroupName()).isEqualTo("cpu-workers");
      assertThat(group.getMaxReplicas()).isEqualTo(4);
      assertThat(group.getRayStartParams()).isEmpty();
      assertThat(group.getTemplate().getSpec().getContainers().get(0).getImage()).isEqualTo("rayproject/ray:2.46.0");
    });
    assertThat(cluster.getStatus()).isNull();
  }

  @Test
  void typedAccessReadsTheRayJobSamples() {
    RayJob selector = (RayJob) Manifests.parse(rayDocument(sample("rayjob-cluster-selector.yaml")));
    assertThat(selector.getSpec().getClusterSelector()).isEqualTo(Map.of("ray.io/cluster", "raycluster-sample"));
    assertThat(selector.getSpec().getSubmissionMode()).isEqualTo(JobSubmissionMode.HTTP_MODE);
    assertThat(selector.getSpec().getEntrypointNumCpus()).isEqualTo(0.5);
    assertThat(selector.getSpec().getRayClusterSpec()).isNull();

    RayJob own = (RayJob) Manifests.parse(rayDocument(sample("rayjob.yaml")));
    assertThat(own.getSpec().getShutdownAfterJobFinishes()).isTrue();
    assertThat(own.getSpec().getTtlSecondsAfterFinished()).isEqualTo(60);
    assertThat(own.getSpec().getRuntimeEnvYAML()).contains("COUNTER_NAME: sample");
    assertThat(own.getSpec().getRayClusterSpec().getWorkerGroupSpecs()).hasSize(1);
    assertThat(own.getSpec().getClusterSelector()).isNull();
  }

  @Test
  void typedAccessReadsTheRayServiceSample() {
    RayService service = (RayService) Manifests.parse(rayDocument(sample("rayservice.yaml")));
    assertThat(service.getSpec().getUpgradeStrategy().getType()).isEqualTo(RayServiceUpgradeType.NEW_CLUSTER);
    assertThat(service.getSpec().getServeConfigV2()).contains("import_path: fruit_stand:app");
    assertThat(service.getSpec().getRayClusterConfig().getRayVersion()).isEqualTo("2.60.0");
    assertThat(service.getSpec().getRayClusterConfig().getHeadGroupSpec().getTemplate()).isNotNull();
  }

  @Test
  void typedAccessReadsTheRayCronJobSamples() {
    RayCronJob everyMinute = (RayCronJob) Manifests.parse(rayDocument(sample("raycronjob.yaml")));
    assertThat(everyMinute.getSpec().getSchedule()).isEqualTo("* * * * *");
    assertThat(everyMinute.getSpec().getTimeZone()).isNull();
    assertThat(everyMinute.getSpec().getSuspend()).isFalse();
    assertThat(everyMinute.getSpec().getJobTemplate().getShutdownAfterJobFinishes()).isTrue();
    assertThat(everyMinute.getSpec().getJobTemplate().getTtlSecondsAfterFinished()).isEqualTo(30);
    assertThat(everyMinute.getSpec().getJobTemplate().getRayClusterSpec().getWorkerGroupSpecs()).hasSize(1);
    assertThat(everyMinute.getStatus()).isNull();

    RayCronJob zoned = (RayCronJob) Manifests.parse(rayDocument(sample("raycronjob-timezone.yaml")));
    assertThat(zoned.getSpec().getSchedule()).isEqualTo("30 9 * * 1-5");
    assertThat(zoned.getSpec().getTimeZone()).isEqualTo("America/New_York");
    assertThat(zoned.getSpec().getSuspend()).isNull();
    assertThat(zoned.getSpec().getJobTemplate().getSubmissionMode()).isEqualTo(JobSubmissionMode.HTTP_MODE);
    assertThat(zoned.getSpec().getJobTemplate().getShutdownAfterJobFinishes()).isTrue();
    assertThat(zoned.getSpec().getJobTemplate().getTtlSecondsAfterFinished()).isEqualTo(60);
    for (RayCronJob cronJob : List.of(everyMinute, zoned)) {
      assertThat(cronJob.getSpec().getJobTemplate().getRayClusterSpec().getHeadGroupSpec().getTemplate().getSpec()
          .getContainers().get(0).getImage()).isEqualTo("rayproject/ray:2.46.0");
      assertThat(cronJob.getMetadata().getName().length()).as("child RayJob names stay short enough")
          .isLessThanOrEqualTo(36);
    }
  }

  @ParameterizedTest
  @MethodSource("samples")
  void aSampleIsOneRayObjectAfterTheConfigMapsItNeeds(Path sample) {
    List<String> documents = documents(Manifests.read(sample));
    List<String> kinds = documents.stream().map(d -> Manifests.tree(d).path("apiVersion").asText() + " "
        + Manifests.tree(d).path("kind").asText()).toList();
    assertThat(kinds.get(kinds.size() - 1)).startsWith("ray.io/v1 ");
    assertThat(kinds.subList(0, kinds.size() - 1)).allMatch("v1 ConfigMap"::equals);
  }

  /** The file's {@code ray.io/v1} document: its last one (earlier ones are ConfigMaps it needs). */
  static String rayDocument(Path sample) {
    List<String> documents = documents(Manifests.read(sample));
    return documents.get(documents.size() - 1);
  }

  /** The YAML documents of a file, split at {@code ---} lines; empty ones (comments only) left out. */
  private static List<String> documents(String yaml) {
    return java.util.Arrays.stream(yaml.split("(?m)^---\\s*$"))
        .filter(d -> d.lines().anyMatch(line -> !line.isBlank() && !line.stripLeading().startsWith("#"))).toList();
  }

  private static Path sample(String name) {
    return ProjectPaths.manifestsDir().resolve(name);
  }

  /** Adds a string property the model does not know to every object below {@code node}; returns how many. */
  private static int injectUnknownFields(JsonNode node, String fieldName) {
    int count = 0;
    if (node instanceof ObjectNode object) {
      List<Map.Entry<String, JsonNode>> children = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        children.add(it.next());
      }
      for (Map.Entry<String, JsonNode> child : children) {
        count += injectUnknownFields(child.getValue(), child.getKey());
      }
      if (fieldName == null || !TYPED_VALUE_MAPS.contains(fieldName)) {
        object.put("raykubeUnknownField", "kept as written");
        count++;
      }
    } else if (node instanceof ArrayNode array) {
      for (JsonNode element : array) {
        count += injectUnknownFields(element, fieldName);
      }
    }
    return count;
  }
}
