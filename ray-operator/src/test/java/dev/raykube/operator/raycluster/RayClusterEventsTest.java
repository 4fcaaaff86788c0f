package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class RayClusterEventsTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final String NS = "events";

  private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
  private RayCluster cluster;
  private RayClusterEvents events;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void createCluster() {
    cluster = client.resource(ClusterManifests.basic(NS, "noisy", 1)).create();
    events = new RayClusterEvents(client, clock);
  }

  @AfterEach
  void cleanUp() {
    client.v1().events().inNamespace(NS).delete();
    client.resources(RayCluster.class).inNamespace(NS).delete();
  }

  @Test
  void anEventNamesItsRayClusterWithReasonTypeAndSource() {
    events.record(cluster, ClusterEventReason.CREATED_WORKER_POD, "Created worker Pod events/noisy-workers-worker-a");

    assertThat(events()).singleElement().satisfies(e -> {
      assertThat(e.getReason()).isEqualTo("CreatedWorkerPod");
      assertThat(e.getType()).isEqualTo("Normal");
      assertThat(e.getMessage()).isEqualTo("Created worker Pod events/noisy-workers-worker-a");
      assertThat(e.getInvolvedObject().getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(e.getInvolvedObject().getKind()).isEqualTo("RayCluster");
      assertThat(e.getInvolvedObject().getName()).isEqualTo("noisy");
      assertThat(e.getInvolvedObject().getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(e.getSource().getComponent()).isEqualTo("raykube-operator");
      assertThat(e.getCount()).isEqualTo(1);
      assertThat(e.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
      assertThat(e.getMetadata().getName()).startsWith("noisy.");
    });
  }

  @Test
  void repeatsBumpTheCountOfOneEvent() {
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofSeconds(30));
      events.record(cluster, ClusterEventReason.INVALID_SPEC, "spec is missing");
    }
    events.record(cluster, ClusterEventReason.INVALID_SPEC, "another problem");

    List<Event> recorded = events();
    assertThat(recorded).hasSize(2);
    Event repeated = recorded.stream().filter(e -> e.getMessage().equals("spec is missing")).findFirst().orElseThrow();
    assertThat(repeated.getCount()).isEqualTo(5);
    assertThat(repeated.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:30Z");
    assertThat(repeated.getLastTimestamp()).isEqualTo("2026-03-01T10:02:30Z");
    assertThat(repeated.getType()).isEqualTo("Warning");
  }

  @Test
  void normalEventsReportOneActionEachAndAreNotAggregated() {
    events.record(cluster, ClusterEventReason.DELETED_POD, "Deleted all 3 Pods");
    events.record(cluster, ClusterEventReason.DELETED_POD, "Deleted all 3 Pods");

    assertThat(events()).hasSize(2).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  void aRepeatAfterTheWindowOrAfterTheEventExpiredStartsANewEvent() {
    events.record(cluster, ClusterEventReason.INVALID_SPEC, "spec is missing");
    clock.advance(RayClusterEvents.AGGREGATION_WINDOW);
    events.record(cluster, ClusterEventReason.INVALID_SPEC, "spec is missing");
    assertThat(events()).hasSize(2).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));

    client.v1().events().inNamespace(NS).delete();
    events.record(cluster, ClusterEventReason.INVALID_SPEC, "spec is missing");
    assertThat(events()).singleElement().satisfies(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  void anEventThatCannotBeWrittenIsDroppedWithoutFailingTheCaller() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    String unreachable = "https://127.0.0.1:" + port;
    try (KubernetesClient broken = new KubernetesClientBuilder().withConfig(new ConfigBuilder()
        .withMasterUrl(unreachable).withRequestRetryBackoffLimit(0).withTrustCerts(true).build()).build()) {
      RayClusterEvents failing = new RayClusterEvents(broken, clock);

      failing.record(cluster, ClusterEventReason.FAILED_TO_CREATE_WORKER_POD, "quota exceeded");
    }
    assertThat(events()).isEmpty();
  }

  @Test
  void longMessagesAreCut() {
    events.record(cluster, ClusterEventReason.INVALID_SPEC, "x".repeat(5000));

    assertThat(events()).singleElement().satisfies(e -> assertThat(e.getMessage()).hasSize(1024).endsWith("..."));
  }

  private List<Event> events() {
    return client.v1().events().inNamespace(NS).list().getItems();
  }

  private static final class MutableClock extends Clock {
    private Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }
}
