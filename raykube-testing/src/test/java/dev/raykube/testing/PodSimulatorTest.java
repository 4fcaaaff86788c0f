package dev.raykube.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@link PodSimulator} on the CRUD mock: it plays kubelet for Ray Pods only. */
@EnableKubernetesMockClient(crud = true)
class PodSimulatorTest {

  KubernetesClient client;

  @Test
  void aRayPodBecomesRunningAndReadyWithAnIpAndOtherPodsAreLeftAlone() {
    try (PodSimulator kubelet = PodSimulator.start(client)) {
      client.resource(pod("head", true)).create();
      client.resource(pod("sidecar", false)).create();

      Eventually.await(Duration.ofSeconds(10), "head Running", () -> "Running".equals(phase("head")));
      Pod head = client.pods().inNamespace("ns").withName("head").get();
      assertThat(head.getStatus().getPodIP()).isEqualTo("10.1.0.2");
      assertThat(head.getStatus().getConditions()).anyMatch(c -> c.getType().equals("Ready")
          && c.getStatus().equals("True"));
      assertThat(head.getStatus().getContainerStatuses()).singleElement()
          .satisfies(c -> assertThat(c.getName()).isEqualTo("ray-head"));
      assertThat(kubelet.markedRunning()).isEqualTo(1);
      assertThat(phase("sidecar")).as("not labelled ray.io/is-ray-node").isNull();
    }
  }

  @Test
  void aHeldPodStaysPendingUntilReleasedAndAFailedOneIsNotReady() throws InterruptedException {
    try (PodSimulator kubelet = PodSimulator.start(client)) {
      kubelet.holdPending(true);
      client.resource(pod("held", true)).create();
      Thread.sleep(1_200); // the watch event and two resyncs: a simulator that ignored the hold would have marked it
      assertThat(phase("held")).isNull();
      assertThat(kubelet.markedRunning()).isZero();

      kubelet.holdPending(false);
      Eventually.await(Duration.ofSeconds(10), "held Running once released", () -> "Running".equals(phase("held")));

      kubelet.fail("ns", "held");
      Pod failed = client.pods().inNamespace("ns").withName("held").get();
      assertThat(failed.getStatus().getPhase()).isEqualTo("Failed");
      assertThat(failed.getStatus().getContainerStatuses().get(0).getState().getTerminated().getExitCode())
          .isEqualTo(1);
    }
  }

  private String phase(String name) {
    Pod pod = client.pods().inNamespace("ns").withName(name).get();
    return pod.getStatus() == null ? null : pod.getStatus().getPhase();
  }

  private static Pod pod(String name, boolean rayNode) {
    PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace("ns").endMetadata()
        .withNewSpec().addNewContainer().withName("ray-head").withImage("rayproject/ray").endContainer().endSpec();
    if (rayNode) {
      pod.editMetadata().addToLabels("ray.io/is-ray-node", "yes").endMetadata();
    }
    return pod.build();
  }
}
