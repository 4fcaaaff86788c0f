package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.condition;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.in;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.seconds;
import static dev.raykube.service.decide.Fixtures.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Deliverable 1: ray.io/initializing-timeout. */
class InitializingTimeoutTest {

  /** Initializing since time(0) on {@link Fixtures#PENDING}, with the annotation. */
  private static RayService initializing(String timeout) {
    RayService service = in(service(), s -> {
      s.setPendingServiceStatus(Fixtures.clusterStatus(PENDING));
      s.setConditions(List.of(condition(RayServiceConditionType.READY, "False", "Initializing", 0)));
    });
    service.getMetadata().setAnnotations(new java.util.HashMap<>(java.util.Map.of(
        RayServiceLabels.INITIALIZING_TIMEOUT, timeout)));
    return service;
  }

  private static RayServiceObservation comingUp() {
    return RayServiceObservation.of(ObservedCluster.starting(cluster(PENDING)));
  }

  @ParameterizedTest(name = "timeout {0}, at {1} s → requeue after {2} s")
  @CsvSource({"5m, 240, 5", "5m, 299, 1", "600, 100, 5", "1h, 3599, 1"})
  @DisplayName("before the deadline → still initializing, decided again at the deadline or the next poll, whichever comes first")
  void beforeDeadline(String timeout, long at, long requeue) {
    RayServiceDecision decision = machine().decide(initializing(timeout), comingUp(), at(at));
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("Initializing");
    assertThat(decision.requeueAfter()).hasValue(seconds(requeue));
  }

  @Test
  @DisplayName("the deadline passes while the requeue is due: 10 m timeout, at 595 s → requeue in at most 5 s")
  void requeueAtDeadline() {
    RayServiceDecision decision = machine().decide(initializing("10m"), RayServiceObservation.of(
        Fixtures.runningConfig(cluster(PENDING), dev.raykube.dashboard.ServeApplicationStatus.DEPLOY_FAILED)), at(595));
    assertThat(decision.requeueAfter()).hasValue(seconds(5));
  }

  @Test
  @DisplayName("deadline passed → Ready=False/InitializingTimeout, clusters deleted, a Warning, no requeue")
  void timedOut() {
    RayServiceDecision decision = machine().decide(initializing("5m"), comingUp(), at(300));
    var ready = conditionOf(decision, RayServiceConditionType.READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("InitializingTimeout");
    assertThat(decision.actions()).filteredOn(a -> !(a instanceof RayServiceAction.EmitEvent))
        .containsExactly(new RayServiceAction.DeleteCluster(PENDING));
    assertThat(decision.warnings()).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.INITIALIZING_TIMEOUT);
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(decision.requeueAfter()).isEmpty();
  }

  @Test
  @DisplayName("failed with InitializingTimeout → terminal: no new cluster ever, leftovers deleted, no Event again")
  void terminal() {
    RayServiceDecision first = machine().decide(initializing("5m"), comingUp(), at(300));
    RayService stored = initializing("5m");
    stored.setStatus(first.status());
    RayServiceDecision later = machine().decide(stored, RayServiceObservation.nothing(), at(900));
    assertThat(later.actions()).isEmpty();
    assertThat(later.requeueAfter()).isEmpty();
    assertThat(conditionOf(later, RayServiceConditionType.READY).getReason()).isEqualTo("InitializingTimeout");
    RayServiceDecision leftover = machine().decide(stored, RayServiceObservation.of(ObservedCluster.starting(
        cluster("demo-qqqqq"))), at(900));
    assertThat(leftover.actions()).containsExactly(new RayServiceAction.DeleteCluster("demo-qqqqq"));
  }

  @Test
  @DisplayName("once serving (an active cluster, Ready=True) the timeout no longer applies")
  void notAfterReady() {
    RayService service = Fixtures.serving(s -> { });
    service.getMetadata().setAnnotations(java.util.Map.of(RayServiceLabels.INITIALIZING_TIMEOUT, "5m"));
    RayServiceDecision decision = machine().decide(service, RayServiceObservation.of(allRunning(cluster(ACTIVE)))
        .withServicesSelecting(ACTIVE).withReadyServeEndpoints(1), at(10_000));
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("NonZeroServeEndpoints");
    assertThat(decision.actions()).isEmpty();
  }

  @Test
  @DisplayName("no annotation → initializing for as long as it takes")
  void noAnnotation() {
    RayService service = initializing("5m");
    service.getMetadata().setAnnotations(null);
    RayServiceDecision decision = machine().decide(service, comingUp(), at(100_000));
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("Initializing");
  }
}
