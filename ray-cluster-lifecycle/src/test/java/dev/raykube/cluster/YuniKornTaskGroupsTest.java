package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class YuniKornTaskGroupsTest {

  private static final String SPEC = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata: {name: c, namespace: ns}
      spec:
        headGroupSpec:
          template:
            spec:
              nodeSelector: {pool: head}
              tolerations: [{key: dedicated, operator: Equal, value: ray, effect: NoSchedule}]
              containers: [{name: head, image: ray, resources: {requests: {cpu: "1"}, limits: {memory: 2Gi}}}]
        workerGroupSpecs:
          - groupName: small
            minReplicas: 1
            replicas: 3
            numOfHosts: 2
            template:
              spec:
                containers: [{name: w, image: ray, resources: {limits: {cpu: 500m, memory: 1Gi}}}]
          - groupName: idle
            suspend: true
            template:
              spec:
                containers: [{name: w, image: ray}]
      """;

  /** A cluster, or a RayJob whose submitter has these resources ("-" a cluster), → the annotation's JSON. */
  @ParameterizedTest(name = "[{index}] submitter cpu {0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      -    | [{"minResource":{"cpu":"1","memory":"2Gi"},"nodeSelector":{"pool":"head"},"name":"headgroup","tolerations":[{"effect":"NoSchedule","key":"dedicated","operator":"Equal","value":"ray"}],"minMember":1},{"minResource":{"cpu":"500m","memory":"1Gi"},"name":"small","minMember":2},{"minResource":{},"name":"idle","minMember":0}]
      250m | [{"minResource":{"cpu":"1","memory":"2Gi"},"nodeSelector":{"pool":"head"},"name":"headgroup","tolerations":[{"effect":"NoSchedule","key":"dedicated","operator":"Equal","value":"ray"}],"minMember":1},{"minResource":{"cpu":"500m","memory":"1Gi"},"name":"small","minMember":2},{"minResource":{},"name":"idle","minMember":0},{"minResource":{"cpu":"250m"},"name":"submittergroup","minMember":1}]
      """)
  void theHeadEachWorkerGroupAndARayJobsSubmitter(String submitterCpu, String json) {
    RayClusterSpec spec = TestFiles.SERIALIZATION.unmarshal(SPEC, RayCluster.class).getSpec();
    if (submitterCpu == null) {
      assertThat(YuniKornTaskGroups.forCluster(spec)).isEqualTo(json);
    } else {
      PodSpec submitter = new PodSpecBuilder().addNewContainer().withName("s").withNewResources()
          .withRequests(Map.of("cpu", new Quantity(submitterCpu))).endResources().endContainer().build();
      assertThat(YuniKornTaskGroups.forJob(spec, submitter)).isEqualTo(json);
    }
  }
}
