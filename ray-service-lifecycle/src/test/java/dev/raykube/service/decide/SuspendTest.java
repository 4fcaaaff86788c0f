package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.NAME;
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
import static dev.raykube.service.decide.Fixtures.upgrading;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Deliverable 1: suspend and resume, atomically. */
class SuspendTest {

  private static RayService suspending(boolean suspend) {
    return in(service(s -> s.setSuspend(suspend)), s -> s.setConditions(List.of(
        condition(RayServiceConditionType.SUSPENDING, "True", "RayServiceSuspending", 0))));
  }

  private static RayService suspended(boolean suspend) {
    return in(service(s -> s.setSuspend(suspend)), s -> s.setConditions(List.of(
        condition(RayServiceConditionType.READY, "False", "RayServiceSuspended", 0),
        condition(RayServiceConditionType.SUSPENDED, "True", "RayServiceSuspended", 0))));
  }

  @Test
  @DisplayName("spec.suspend on a serving RayService → Suspending=True, every cluster and both Services deleted, "
      + "active and pending cleared, Ready=False, polled during the teardown")
  void suspend() {
    RayService service = upgrading(s -> s.setSuspend(true));
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(ACTIVE)),
        ObservedCluster.starting(cluster(PENDING))).withServicesSelecting(ACTIVE).withReadyServeEndpoints(2);
    RayServiceDecision decision = machine().decide(service, observed, at(10));
    assertThat(decision.actions()).filteredOn(a -> !(a instanceof RayServiceAction.EmitEvent)).containsExactly(
        new RayServiceAction.DeleteCluster(ACTIVE), new RayServiceAction.DeleteCluster(PENDING),
        new RayServiceAction.DeleteServices("demo-head-svc", "demo-serve-svc"));
    assertThat(conditionOf(decision, RayServiceConditionType.SUSPENDING).getStatus()).isEqualTo("True");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getStatus()).isEqualTo("False");
    assertThat(decision.status().getActiveServiceStatus()).isNull();
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(decision.status().getNumServeEndpoints()).isZero();
    assertThat(decision.status().getServiceStatus()).isNull();
    assertThat(decision.actionsOf(RayServiceAction.EmitEvent.class)).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.SUSPENDING);
    assertThat(decision.requeueAfter()).hasValue(seconds(2));
  }

  @Test
  @DisplayName("Suspending, clusters still terminating → not deleted again, no second Event, polled")
  void stillTerminating() {
    RayCluster going = cluster(ACTIVE);
    going.getMetadata().setDeletionTimestamp(Fixtures.time(10));
    RayServiceDecision decision = machine().decide(suspending(true), RayServiceObservation.of(
        ObservedCluster.starting(going)), at(12));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.requeueAfter()).hasValue(seconds(2));
  }

  @Test
  @DisplayName("Suspending, nothing left → Suspended=True, Suspending gone, a Normal Suspended Event, no requeue")
  void suspendedWhenNothingLeft() {
    RayServiceDecision decision = machine().decide(suspending(true), RayServiceObservation.nothing(), at(20));
    assertThat(conditionOf(decision, RayServiceConditionType.SUSPENDED).getStatus()).isEqualTo("True");
    assertThat(decision.status().getConditions()).extracting(c -> c.getType()).doesNotContain("Suspending");
    assertThat(decision.actionsOf(RayServiceAction.EmitEvent.class)).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.SUSPENDED);
    assertThat(decision.requeueAfter()).isEmpty();
  }

  @Test
  @DisplayName("Suspended and still suspend → nothing, no requeue, no status change")
  void staySuspended() {
    RayService service = suspended(true);
    RayServiceDecision decision = machine().decide(service, RayServiceObservation.nothing(), at(30));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.requeueAfter()).isEmpty();
    RayService stored = suspended(true);
    stored.setStatus(decision.status());
    assertThat(machine().decide(stored, RayServiceObservation.nothing(), at(40)).statusChanged(decision.status()))
        .isFalse();
  }

  @Test
  @DisplayName("suspend cleared while Suspending → the suspension still finishes first (atomic)")
  void atomic() {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(ACTIVE)));
    RayServiceDecision decision = machine().decide(suspending(false), observed, at(12));
    assertThat(decision.actions()).containsExactly(new RayServiceAction.DeleteCluster(ACTIVE));
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).isEmpty();
    RayServiceDecision done = machine().decide(suspending(false), RayServiceObservation.nothing(), at(14));
    assertThat(conditionOf(done, RayServiceConditionType.SUSPENDED).getStatus()).isEqualTo("True");
    assertThat(done.requeueAfter()).hasValue(seconds(0));
  }

  @Test
  @DisplayName("resume → Suspended=False/RayServiceResumed, a Normal Resumed Event, a new cluster, Ready=False/"
      + "Initializing with a fresh transition time")
  void resume() {
    RayServiceDecision decision = machine().decide(suspended(false), RayServiceObservation.nothing(), at(100));
    var suspended = conditionOf(decision, RayServiceConditionType.SUSPENDED);
    assertThat(suspended.getStatus()).isEqualTo("False");
    assertThat(suspended.getReason()).isEqualTo("RayServiceResumed");
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).extracting(
        RayServiceAction.CreateCluster::name).containsExactly(NAME + "-bbbbb");
    var ready = conditionOf(decision, RayServiceConditionType.READY);
    assertThat(ready.getReason()).isEqualTo("Initializing");
    assertThat(ready.getLastTransitionTime()).isEqualTo(Fixtures.time(100));
    assertThat(decision.actionsOf(RayServiceAction.EmitEvent.class)).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.RESUMED);
  }

  @Test
  @DisplayName("a new RayService created suspended → Suspended at once, no cluster")
  void createdSuspended() {
    RayServiceDecision decision = machine().decide(service(s -> s.setSuspend(true)), RayServiceObservation.nothing(),
        at(0));
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).isEmpty();
    assertThat(conditionOf(decision, RayServiceConditionType.SUSPENDED).getStatus()).isEqualTo("True");
  }
}
