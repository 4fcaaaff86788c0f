package dev.raykube.operator.rayservice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.HeadInfo;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ModelCopies;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.Endpoint;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which RayCluster and EndpointSlice updates reconcile a RayService. */
class RayServiceTriggersTest {

  private static RayCluster cluster() {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName("demo-abcde").withNamespace("ns").withGeneration(1L)
        .withLabels(Map.of("ray.io/originated-from-cr-name", "demo"))
        .withAnnotations(Map.of("ray.io/hash-without-replicas-and-workers-to-delete", "h1")).build());
    RayClusterStatus status = new RayClusterStatus();
    status.setStateValue("ready");
    status.setReadyWorkerReplicas(3);
    status.setConditions(new ArrayList<>(List.of(
        new ConditionBuilder().withType("HeadPodReady").withStatus("True").withReason("HeadPodRunningAndReady").build(),
        new ConditionBuilder().withType("RayClusterProvisioned").withStatus("True").build())));
    HeadInfo head = new HeadInfo();
    head.setPodIP("10.0.0.1");
    status.setHead(head);
    status.setEndpoints(Map.of("dashboard", "8265"));
    cluster.setStatus(status);
    return cluster;
  }

  private static RayCluster changed(Consumer<RayCluster> change) {
    RayCluster copy = ModelCopies.copy(cluster(), RayCluster.class);
    change.accept(copy);
    return copy;
  }

  static Stream<Arguments> clusterUpdates() {
    return Stream.of(
        Arguments.of("nothing", changed(c -> { }), false),
        Arguments.of("resourceVersion only", changed(c -> c.getMetadata().setResourceVersion("9")), false),
        Arguments.of("ready workers", changed(c -> c.getStatus().setReadyWorkerReplicas(2)), false),
        Arguments.of("another condition", changed(c -> c.getStatus().getConditions().get(1).setStatus("False")),
            false),
        Arguments.of("HeadPodReady's message only", changed(c -> c.getStatus().getConditions().get(0)
            .setMessage("still ready")), false),
        Arguments.of("HeadPodReady False", changed(c -> c.getStatus().getConditions().get(0).setStatus("False")),
            true),
        Arguments.of("HeadPodReady gone", changed(c -> c.getStatus().getConditions().remove(0)), true),
        Arguments.of("state", changed(c -> c.getStatus().setStateValue("suspended")), true),
        Arguments.of("head IP", changed(c -> c.getStatus().getHead().setPodIP("10.0.0.2")), true),
        Arguments.of("endpoints", changed(c -> c.getStatus().setEndpoints(Map.of("dashboard", "8266"))), true),
        Arguments.of("status gone", changed(c -> c.setStatus(null)), true),
        Arguments.of("generation", changed(c -> c.getMetadata().setGeneration(2L)), true),
        Arguments.of("annotation", changed(c -> c.getMetadata().setAnnotations(Map.of("raykube.dev/dangling-since",
            "2026-01-01T00:00:00Z"))), true),
        Arguments.of("label", changed(c -> c.getMetadata().setLabels(Map.of())), true),
        Arguments.of("deletionTimestamp", changed(c -> c.getMetadata().setDeletionTimestamp("2026-01-01T00:00:00Z")),
            true));
  }

  @ParameterizedTest(name = "{0} → reconcile: {2}")
  @MethodSource("clusterUpdates")
  void clusterUpdate(String what, RayCluster now, boolean reconciles) {
    assertThat(RayServiceTriggers.clusterChanged(now, cluster())).isEqualTo(reconciles);
  }

  private static Endpoint endpoint(String pod, Boolean ready) {
    return new EndpointBuilder().withAddresses("10.0.0." + pod.length())
        .withTargetRef(new ObjectReferenceBuilder().withKind("Pod").withNamespace("ns").withName(pod).build())
        .withNewConditions().withReady(ready).endConditions().build();
  }

  private static EndpointSlice slice(Endpoint... endpoints) {
    return new EndpointSliceBuilder().withNewMetadata().withName("demo-serve-svc-x").endMetadata()
        .withAddressType("IPv4").withEndpoints(endpoints).build();
  }

  static Stream<Arguments> sliceUpdates() {
    return Stream.of(
        Arguments.of("same", slice(endpoint("a", true)), slice(endpoint("a", true)), false),
        Arguments.of("one ready Pod for another", slice(endpoint("b", true)), slice(endpoint("a", true)), false),
        Arguments.of("a not-ready endpoint added", slice(endpoint("a", true), endpoint("bb", false)),
            slice(endpoint("a", true)), false),
        Arguments.of("it becomes ready", slice(endpoint("a", true), endpoint("bb", true)),
            slice(endpoint("a", true), endpoint("bb", false)), true),
        Arguments.of("the last one goes", slice(), slice(endpoint("a", true)), true),
        Arguments.of("ready unset counts as ready", slice(endpoint("a", null)), slice(), true));
  }

  @ParameterizedTest(name = "{0} → reconcile: {3}")
  @MethodSource("sliceUpdates")
  void sliceUpdate(String what, EndpointSlice now, EndpointSlice before, boolean reconciles) {
    assertThat(RayServiceTriggers.readyEndpointsChanged(now, before)).isEqualTo(reconciles);
  }
}
