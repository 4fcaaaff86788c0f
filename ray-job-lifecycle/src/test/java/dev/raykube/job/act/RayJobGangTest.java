package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RayJobGangTest {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private static RayJob job(String mode, String submitterTemplate) {
    return SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: train, namespace: ns}
        spec:
          entrypoint: python train.py
          %s
          %s
          rayClusterSpec:
            headGroupSpec:
              template:
                spec:
                  containers: [{name: head, image: ray, resources: {requests: {cpu: "1", memory: 2Gi}}}]
            workerGroupSpecs:
              - groupName: workers
                replicas: 2
                minReplicas: 1
                maxReplicas: 4
                template:
                  spec:
                    containers: [{name: w, image: ray, resources: {limits: {cpu: "1", memory: 1Gi}}}]
        """.formatted(mode.equals("-") ? "" : "submissionMode: " + mode, submitterTemplate), RayJob.class);
  }

  /** Submission mode ("-" unset), the submitter template → the gang at submission. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', textBlock = """
      -               | ''                                                                                  | 3 | cpu=3500m;memory=4296Mi
      K8sJobMode      | ''                                                                                  | 3 | cpu=3500m;memory=4296Mi
      K8sJobMode      | 'submitterPodTemplate: {spec: {containers: [{name: s, image: i, resources: {limits: {cpu: "2"}}}]}}' | 3 | cpu=5;memory=4Gi
      K8sJobMode      | 'submitterPodTemplate: {spec: {containers: [{name: s, image: i}]}}'                | 3 | cpu=3;memory=4Gi
      SidecarMode     | ''                                                                                  | 3 | cpu=3500m;memory=4296Mi
      HTTPMode        | ''                                                                                  | 3 | cpu=3;memory=4Gi
      InteractiveMode | ''                                                                                  | 3 | cpu=3;memory=4Gi
      """)
  void atSubmissionTheClusterAndTheSubmittersResourcesButNotItsPod(String mode, String template, int minMember,
      String resources) {
    var size = RayJobGang.atSubmission(job(mode, template));
    assertThat(size.minMember()).as("the submitter is never counted").isEqualTo(minMember);
    assertThat(text(size.minResources())).isEqualTo(resources);
  }

  @Test
  void afterTheJobTheLiveClusterOrNothing() {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMeta());
    cluster.setSpec(job("HTTPMode", "").getSpec().getRayClusterSpec());
    cluster.getSpec().getWorkerGroupSpecs().get(0).setSuspend(true);

    var live = RayJobGang.afterJob(ClusterObservation.present(cluster, null));
    assertThat(live.minMember()).as("workers suspended (DeleteWorkers): the head only").isEqualTo(1);
    assertThat(text(live.minResources())).isEqualTo("cpu=1;memory=2Gi");

    assertThat(RayJobGang.afterJob(ClusterObservation.absent())).isEqualTo(dev.raykube.cluster.GangSize.zero());
    cluster.getMetadata().setDeletionTimestamp("2026-06-01T08:00:00Z");
    assertThat(RayJobGang.afterJob(ClusterObservation.present(cluster, null)).minMember()).as("being deleted")
        .isZero();
  }

  @Test
  void aClusterSelectorCannotBeGangScheduled() {
    RayJob selector = job("HTTPMode", "clusterSelector: {ray.io/cluster: shared}");
    assertThat(RayJobGang.unsupported(selector)).hasValueSatisfying(m -> assertThat(m)
        .isEqualTo("gang scheduling does not support RayJob ns/train running on an existing RayCluster"
            + " (spec.clusterSelector)"));
    assertThat(RayJobGang.unsupported(job("HTTPMode", "clusterSelector: {}"))).isEmpty();
    assertThat(RayJobGang.unsupported(job("HTTPMode", ""))).isEmpty();
  }

  private static String text(Map<String, Quantity> resources) {
    return String.join(";", new TreeMap<>(resources).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .toList());
  }
}
