package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment a container gets, as far as the sandbox models it without reading the API (no key references). */
class PodEnvTest {

  private static final Pod POD = new PodBuilder().withNewMetadata().withName("demo-head-x").withNamespace("ns")
      .withUid("uid-1").withLabels(Map.of("ray.io/cluster", "demo")).withAnnotations(Map.of("note", "n"))
      .endMetadata().withNewSpec().withNodeName("raykube-sim-ns").withServiceAccountName("ray").endSpec().build();

  @Test
  void literalsExpandEarlierVariablesAndFieldRefsReadThePod() {
    Container container = new ContainerBuilder().withName("ray-head")
        .addNewEnv().withName("A").withValue("one").endEnv()
        .addNewEnv().withName("B").withValue("$(A)-two-$(LATER)-$(UNKNOWN)").endEnv()
        .addNewEnv().withName("LATER").withValue("three").endEnv()
        .addNewEnv().withName("EMPTY").endEnv()
        .addNewEnv().withName("NAME").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.name").endFieldRef()
            .endValueFrom().endEnv()
        .addNewEnv().withName("NS").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.namespace")
            .endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("IP").withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP").endFieldRef()
            .endValueFrom().endEnv()
        .addNewEnv().withName("NODE").withNewValueFrom().withNewFieldRef().withFieldPath("spec.nodeName")
            .endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("CLUSTER").withNewValueFrom().withNewFieldRef()
            .withFieldPath("metadata.labels['ray.io/cluster']").endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("NOTE").withNewValueFrom().withNewFieldRef()
            .withFieldPath("metadata.annotations['note']").endFieldRef().endValueFrom().endEnv()
        .addNewEnv().withName("CPU").withNewValueFrom().withNewResourceFieldRef().withResource("limits.cpu")
            .endResourceFieldRef().endValueFrom().endEnv()
        .build();

    Map<String, String> env = PodEnv.of(null, POD, container);

    assertThat(env).containsExactly(Map.entry("A", "one"),
        Map.entry("B", "one-two-$(LATER)-$(UNKNOWN)"), // only earlier variables, as kubelet expands them
        Map.entry("LATER", "three"), Map.entry("EMPTY", ""), Map.entry("NAME", "demo-head-x"), Map.entry("NS", "ns"),
        Map.entry("IP", "127.0.0.1"), Map.entry("NODE", "raykube-sim-ns"), Map.entry("CLUSTER", "demo"),
        Map.entry("NOTE", "n"));
    assertThat(env).as("resourceFieldRef is not modelled: left unset").doesNotContainKey("CPU");
  }

  @Test
  void aContainerWithoutEnvGetsNone() {
    assertThat(PodEnv.of(null, POD, new ContainerBuilder().withName("c").build())).isEmpty();
  }
}
