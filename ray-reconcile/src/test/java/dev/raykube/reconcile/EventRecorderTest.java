package dev.raykube.reconcile;

import static dev.raykube.reconcile.RayJobFixture.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class EventRecorderTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private RayJob job;
  private final Instant t0 = Instant.parse("2026-03-01T10:00:00.250Z");

  @BeforeEach
  void setUp() {
    server.reset();
    RayCrds.install(client, "rayjobs");
    job = RayJobFixture.create(client, "demo");
  }

  @Test
  @DisplayName("an Event carries reason, type, message, involved object, source, times and count 1")
  void recordsAnEvent() {
    new EventRecorder(client, "raykube-test", "pod-1", Clock.fixed(t0, ZoneOffset.UTC))
        .record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    Event event = only();
    assertThat(event.getMetadata().getName()).startsWith("demo.");
    assertThat(event.getMetadata().getNamespace()).isEqualTo(NS);
    assertThat(event.getType()).isEqualTo("Warning");
    assertThat(event.getReason()).isEqualTo("FailedToCreateRayCluster");
    assertThat(event.getMessage()).isEqualTo("quota exceeded");
    assertThat(event.getCount()).isEqualTo(1);
    assertThat(event.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z").isEqualTo(event.getLastTimestamp());
    assertThat(event.getInvolvedObject().getKind()).isEqualTo("RayJob");
    assertThat(event.getInvolvedObject().getApiVersion()).isEqualTo("ray.io/v1");
    assertThat(event.getInvolvedObject().getName()).isEqualTo("demo");
    assertThat(event.getInvolvedObject().getUid()).isEqualTo(job.getMetadata().getUid());
    assertThat(event.getSource().getComponent()).isEqualTo("raykube-test");
    assertThat(event.getSource().getHost()).isEqualTo("pod-1");
    assertThat(event.getReportingComponent()).isEqualTo("raykube-test");
    assertThat(event.getReportingInstance()).isEqualTo("pod-1");
  }

  @Test
  @DisplayName("the same Event again counts up within the window; another message, or after the window, is new")
  void aggregates() {
    Instant[] now = {t0};
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, clockOf(now), Duration.ofMinutes(10));
    recorder.record(job, EventType.NORMAL, Reason.CREATED_RAY_CLUSTER, "Created RayCluster ml/demo-ccccc");
    now[0] = t0.plusSeconds(30);
    recorder.record(job, EventType.NORMAL, Reason.CREATED_RAY_CLUSTER, "Created RayCluster ml/demo-ccccc");
    Event counted = only();
    assertThat(counted.getCount()).isEqualTo(2);
    assertThat(counted.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
    assertThat(counted.getLastTimestamp()).isEqualTo("2026-03-01T10:00:30Z");

    recorder.record(job, EventType.NORMAL, Reason.CREATED_RAY_CLUSTER, "Created RayCluster ml/demo-ddddd");
    now[0] = t0.plusSeconds(30 + 601);
    recorder.record(job, EventType.NORMAL, Reason.CREATED_RAY_CLUSTER, "Created RayCluster ml/demo-ccccc");
    assertThat(events()).extracting(Event::getCount).containsExactly(2, 1, 1);
  }

  @Test
  @DisplayName("an Event deleted meanwhile (expired) is recorded anew; long messages are cut")
  void deletedEventIsRecordedAgain() {
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC));
    recorder.record(job, EventType.NORMAL, Reason.COMPLETED, "x".repeat(5000));
    assertThat(only().getMessage()).hasSize(EventRecorder.MAX_MESSAGE_LENGTH).endsWith("…");
    client.v1().events().inNamespace(NS).delete();
    recorder.record(job, EventType.NORMAL, Reason.COMPLETED, "x".repeat(5000));
    assertThat(only().getCount()).isEqualTo(1);
  }

  @Test
  @DisplayName("an API error is logged, never thrown")
  void errorsAreSwallowed() {
    server.expect().post().withPath("/api/v1/namespaces/ml/events").andReturn(403, "forbidden").once();
    new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC))
        .record(job, EventType.NORMAL, Reason.COMPLETED, "done");
    assertThat(events()).isEmpty();
  }

  @Test
  @DisplayName("a reason that is not aggregated records every repeat as an Event of its own")
  void notAggregated() {
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC));
    recorder.record(job, EventType.NORMAL, Reason.DELETED_POD, "Deleted all 3 Pods");
    recorder.record(job, EventType.NORMAL, Reason.DELETED_POD, "Deleted all 3 Pods");
    assertThat(events()).hasSize(2).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  @DisplayName("forget drops the aggregation state of an object: its next Event is new")
  void forgetStartsOver() {
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC));
    recorder.record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    recorder.forget(NS, job.getMetadata().getUid());
    recorder.record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    assertThat(events()).hasSize(2).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  @DisplayName("with an Executor, record returns before the write; the Event has the time and object of recording")
  void writesInTheGivenExecutor() {
    Deque<Runnable> queued = new ArrayDeque<>();
    Instant[] now = {t0};
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, clockOf(now),
        EventRecorder.DEFAULT_AGGREGATION_WINDOW, queued::add);
    String uid = job.getMetadata().getUid();
    recorder.record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    job.getMetadata().setName("renamed-after-recording");
    now[0] = t0.plusSeconds(90);
    assertThat(events()).isEmpty();
    assertThat(queued).hasSize(1);
    queued.poll().run();
    Event event = only();
    assertThat(event.getInvolvedObject().getName()).isEqualTo("demo");
    assertThat(event.getInvolvedObject().getUid()).isEqualTo(uid);
    assertThat(event.getFirstTimestamp()).isEqualTo("2026-03-01T10:00:00Z");
  }

  @Test
  @DisplayName("forget goes through the Executor too, so it cannot overtake an Event recorded before it")
  void forgetKeepsItsPlace() {
    Deque<Runnable> queued = new ArrayDeque<>();
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC),
        EventRecorder.DEFAULT_AGGREGATION_WINDOW, queued::add);
    recorder.record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    recorder.forget(NS, job.getMetadata().getUid());
    recorder.record(job, EventType.WARNING, Reason.FAILED_TO_CREATE_RAY_CLUSTER, "quota exceeded");
    assertThat(queued).hasSize(3);
    queued.forEach(Runnable::run);
    assertThat(events()).hasSize(2).allSatisfy(e -> assertThat(e.getCount()).isEqualTo(1));
  }

  @Test
  @DisplayName("an Event the Executor rejects is dropped, not thrown")
  void rejectedIsDropped() {
    EventRecorder recorder = new EventRecorder(client, "raykube-test", null, Clock.fixed(t0, ZoneOffset.UTC),
        EventRecorder.DEFAULT_AGGREGATION_WINDOW, write -> {
          throw new RejectedExecutionException("full");
        });
    recorder.record(job, EventType.NORMAL, Reason.COMPLETED, "done");
    recorder.forget(NS, job.getMetadata().getUid());
    assertThat(events()).isEmpty();
  }

  private static Clock clockOf(Instant[] now) {
    return new Clock() {
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
        return now[0];
      }
    };
  }

  /** Reasons of these tests. */
  private enum Reason implements EventReason {
    FAILED_TO_CREATE_RAY_CLUSTER("FailedToCreateRayCluster"),
    CREATED_RAY_CLUSTER("CreatedRayCluster"),
    COMPLETED("Completed"),
    DELETED_POD("DeletedPod") {
      @Override
      public boolean aggregated() {
        return false;
      }
    };

    private final String value;

    Reason(String value) {
      this.value = value;
    }

    @Override
    public String value() {
      return value;
    }
  }

  private Event only() {
    List<Event> events = events();
    assertThat(events).hasSize(1);
    return events.get(0);
  }

  private List<Event> events() {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .sorted(Comparator.comparing(e -> e.getMetadata().getName())).toList();
  }
}
