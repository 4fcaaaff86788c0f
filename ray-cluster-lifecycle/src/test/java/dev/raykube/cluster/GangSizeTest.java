package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GangSizeTest {

  private static final String SPEC = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata: {name: c, namespace: ns}
      spec:
        headGroupSpec:
          template:
            spec:
              initContainers:
                - {name: init, image: i, resources: {requests: {cpu: "8"}}}
              containers:
                - name: head
                  image: ray
                  resources: {requests: {cpu: "1"}, limits: {cpu: "2", memory: 2Gi}}
        workerGroupSpecs:
          - groupName: small
            template:
              spec:
                containers:
                  - {name: w, image: ray, resources: {requests: {cpu: 500m}, limits: {memory: 1Gi}}}
                  - {name: side, image: s, resources: {limits: {nvidia.com/gpu: "1"}}}
          - groupName: big
            template:
              spec:
                containers:
                  - {name: w, image: ray, resources: {requests: {cpu: "2", memory: 4Gi}, limits: {memory: 8Gi}}}
      """;

  /** Group "small" then "big": replicas/min/max/numOfHosts/suspend each ("-" unset); autoscaling; the gang. */
  @ParameterizedTest(name = "small {0}, big {1}, autoscaling {2} -> {3} Pods, {4}")
  @CsvSource(delimiter = '|', textBlock = """
      2/0/5/1/-      | 1/0/5/1/-      | false | 4  | cpu=4;memory=8Gi;nvidia.com/gpu=2
      0/0/5/1/-      | 0/0/5/1/-      | false | 1  | cpu=1;memory=2Gi;nvidia.com/gpu=0
      9/0/3/1/-      | 1/0/5/1/-      | false | 5  | cpu=7500m;memory=15Gi;nvidia.com/gpu=9
      0/2/5/1/-      | 1/0/5/1/-      | false | 4  | cpu=3;memory=6Gi;nvidia.com/gpu=0
      2/0/5/2/-      | 1/0/5/3/-      | false | 8  | cpu=9;memory=18Gi;nvidia.com/gpu=4
      2/0/5/1/true   | 1/0/5/1/-      | false | 2  | cpu=3;memory=6Gi
      2/0/5/1/false  | 1/0/5/1/true   | false | 3  | cpu=2;memory=4Gi;nvidia.com/gpu=2
      2/1/5/1/-      | 3/2/5/2/-      | true  | 6  | cpu=9500m;memory=19Gi;nvidia.com/gpu=1
      2/0/5/1/-      | 3/0/5/1/-      | true  | 1  | cpu=1;memory=2Gi;nvidia.com/gpu=0
      2/1/5/1/true   | 3/1/5/1/-      | true  | 2  | cpu=3;memory=6Gi
      -/-/-/-/-      | 1/0/5/1/-      | false | 2  | cpu=3;memory=6Gi;nvidia.com/gpu=0
      """)
  void aClustersGangIsItsHeadAndItsDesiredOrMinimumWorkers(String small, String big, boolean autoscaling,
      int minMember, String resources) {
    RayClusterSpec spec = TestFiles.SERIALIZATION.unmarshal(SPEC, RayCluster.class).getSpec();
    configure(spec.getWorkerGroupSpecs().get(0), small);
    configure(spec.getWorkerGroupSpecs().get(1), big);
    spec.setEnableInTreeAutoscaling(autoscaling);

    GangSize size = GangSize.of(spec);

    assertThat(size.minMember()).isEqualTo(minMember);
    assertThat(text(size.minResources())).isEqualTo(resources);
  }

  @Test
  void desiredResourcesMultiplyTheWrittenReplicasAsKubeRayDoesWhileTheCountIsClamped() {
    RayClusterSpec spec = TestFiles.SERIALIZATION.unmarshal(SPEC, RayCluster.class).getSpec();
    configure(spec.getWorkerGroupSpecs().get(0), "9/0/3/1/-");
    spec.setWorkerGroupSpecs(List.of(spec.getWorkerGroupSpecs().get(0)));

    GangSize size = GangSize.of(spec);

    assertThat(size.minMember()).as("head + clamp(9, 0, 3)").isEqualTo(4);
    assertThat(text(size.minResources())).as("head + 9 × worker").isEqualTo("cpu=5500m;memory=11Gi;nvidia.com/gpu=9");
  }

  @Test
  void zeroAndAddedSubmitterResources() {
    assertThat(GangSize.zero().minMember()).isZero();
    assertThat(GangSize.zero().minResources()).isEmpty();
    GangSize size = new GangSize(3, Map.of("cpu", new BigDecimal("1")))
        .plusResources(Map.of("cpu", new BigDecimal("0.25"), "memory", new BigDecimal(512L << 20)));
    assertThat(size.minMember()).isEqualTo(3);
    assertThat(text(size.minResources())).isEqualTo("cpu=1250m;memory=512Mi");
  }

  @ParameterizedTest(name = "{0} vs {1} -> {2}")
  @CsvSource(delimiter = '|', textBlock = """
      cpu=1;memory=2Gi          | cpu=1000m;memory=2048Mi  | true
      cpu=1;memory=2Gi          | cpu=1;memory=2Gi         | true
      cpu=1;memory=2Gi          | cpu=2;memory=2Gi         | false
      cpu=1;memory=2Gi          | cpu=1                    | false
      cpu=1                     | cpu=1;memory=0           | false
      cpu=1                     | cpu=lots                 | false
      """)
  void liveResourcesAreComparedByAmount(String wanted, String live, boolean same) {
    Map<String, BigDecimal> amounts = new TreeMap<>();
    parse(wanted).forEach((name, quantity) -> amounts.put(name, new Quantity(quantity).getNumericalAmount()));
    assertThat(new GangSize(1, amounts).sameResources(parse(live))).isEqualTo(same);
    assertThat(new GangSize(1, amounts).sameResources(null)).isFalse();
  }

  static Map<String, String> parse(String text) {
    Map<String, String> map = new TreeMap<>();
    for (String pair : text.split(";")) {
      String[] parts = pair.split("=");
      map.put(parts[0], parts[1]);
    }
    return map;
  }

  static String text(Map<String, Quantity> resources) {
    return String.join(";", resources.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
  }

  private static void configure(WorkerGroupSpec group, String values) {
    String[] v = values.split("/");
    group.setReplicas(v[0].equals("-") ? null : Integer.valueOf(v[0]));
    group.setMinReplicas(v[1].equals("-") ? null : Integer.valueOf(v[1]));
    group.setMaxReplicas(v[2].equals("-") ? null : Integer.valueOf(v[2]));
    group.setNumOfHosts(v[3].equals("-") ? null : Integer.valueOf(v[3]));
    group.setSuspend(v[4].equals("-") ? null : Boolean.valueOf(v[4]));
  }
}
