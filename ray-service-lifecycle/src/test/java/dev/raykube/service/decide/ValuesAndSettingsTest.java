package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.serving;
import static dev.raykube.service.decide.Fixtures.time;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.model.service.RayServiceUpgradeStrategy;
import dev.raykube.model.service.RayServiceUpgradeType;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The value types' contracts, the settings, and status bookkeeping (transition times, lastUpdateTime). */
class ValuesAndSettingsTest {

  private static RayServiceObservation servingObservation(int endpoints) {
    return RayServiceObservation.of(allRunning(cluster(ACTIVE))).withServicesSelecting(ACTIVE)
        .withReadyServeEndpoints(endpoints);
  }

  @Test
  @DisplayName("a condition whose status stays keeps its lastTransitionTime even when its message changes; "
      + "lastUpdateTime moves only when something else changed")
  void transitionTimes() {
    RayService service = serving(s -> { });
    RayServiceDecision first = machine().decide(service, servingObservation(1), at(10));
    assertThat(conditionOf(first, RayServiceConditionType.READY).getLastTransitionTime()).isEqualTo(time(0));
    assertThat(first.status().getLastUpdateTime()).isEqualTo(time(10));
    RayService stored = serving(s -> { });
    stored.setStatus(first.status());
    RayServiceDecision second = machine().decide(stored, servingObservation(3), at(20));
    assertThat(conditionOf(second, RayServiceConditionType.READY).getLastTransitionTime()).isEqualTo(time(0));
    assertThat(conditionOf(second, RayServiceConditionType.READY).getMessage()).isEqualTo("3 ready serve endpoints");
    assertThat(second.status().getLastUpdateTime()).isEqualTo(time(20));
    stored.setStatus(second.status());
    RayServiceDecision third = machine().decide(stored, servingObservation(3), at(30));
    assertThat(third.statusChanged(second.status())).isFalse();
    assertThat(third.status().getLastUpdateTime()).isEqualTo(time(20));
  }

  @Test
  @DisplayName("upgrade type switched to None while a pending cluster comes up → the pending cluster is deleted")
  void noneCancelsPending() {
    RayService service = Fixtures.upgrading(s -> {
      s.getRayClusterConfig().setRayVersion("2.61.0");
      RayServiceUpgradeStrategy none = new RayServiceUpgradeStrategy();
      none.setType(RayServiceUpgradeType.NONE);
      s.setUpgradeStrategy(none);
    });
    RayServiceObservation observed = servingObservation(1).withCluster(ObservedCluster.starting(cluster(PENDING,
        service.getSpec().getRayClusterConfig())));
    RayServiceDecision decision = machine().decide(service, observed, at(10));
    assertThat(decision.actions()).containsExactly(new RayServiceAction.DeleteCluster(PENDING));
    assertThat(decision.status().getPendingServiceStatus()).isNull();
  }

  @Test
  @DisplayName("a NameSuffixes that breaks its contract is reported, not turned into a bad name")
  void badSuffix() {
    RayServiceStateMachine machine = new RayServiceStateMachine(RayServiceSettings.defaults(), () -> "Nope!");
    assertThatThrownBy(() -> machine.decide(Fixtures.service(), RayServiceObservation.nothing(), at(0)))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("Nope!");
  }

  @Test
  @DisplayName("settings: KubeRay's 60 s default delay is used when the RayService sets none; bad values rejected")
  void settings() {
    RayServiceSettings defaults = RayServiceSettings.defaults();
    assertThat(defaults.defaultDeletionDelay()).isEqualTo(Duration.ofSeconds(60));
    assertThat(defaults.deployingPoll().min()).isEqualTo(Duration.ofSeconds(1));
    assertThat(defaults.deployingPoll().max()).isEqualTo(Duration.ofSeconds(5));
    assertThat(defaults.steadyPoll()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.teardownPoll()).isEqualTo(Duration.ofSeconds(2));
    RayServiceSettings changed = defaults.withDefaultDeletionDelay(Duration.ofSeconds(7))
        .withSteadyPoll(Duration.ofSeconds(11)).withTeardownPoll(Duration.ofSeconds(3))
        .withDeployingPoll(new AdaptivePoll(Duration.ofMillis(500), Duration.ofSeconds(2), 0.1));
    assertThat(changed).isEqualTo(new RayServiceSettings(Duration.ofSeconds(7), new AdaptivePoll(Duration.ofMillis(
        500), Duration.ofSeconds(2), 0.1), Duration.ofSeconds(11), Duration.ofSeconds(3)));
    assertThatThrownBy(() -> defaults.withDefaultDeletionDelay(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> defaults.withSteadyPoll(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    RayService old = serving(s -> { });
    RayServiceObservation observed = servingObservation(1).withCluster(ObservedCluster.starting(Fixtures.annotated(
        cluster("demo-ooooo"), RayServiceLabels.DANGLING_SINCE, time(0))));
    RayServiceStateMachine shortDelay = new RayServiceStateMachine(changed, Fixtures.suffixes());
    assertThat(shortDelay.decide(old, observed, at(7)).actions())
        .containsExactly(new RayServiceAction.DeleteCluster("demo-ooooo"));
  }

  @Test
  @DisplayName("observation: nulls are the nothing values; a negative endpoint count is refused; lookups by name")
  void observation() {
    RayServiceObservation nothing = new RayServiceObservation(null, null, null, 0, null);
    assertThat(nothing).isEqualTo(RayServiceObservation.nothing());
    assertThat(nothing.headService()).isInstanceOf(ServiceTarget.Absent.class);
    assertThat(nothing.cluster(null)).isEmpty();
    assertThatThrownBy(() -> nothing.withReadyServeEndpoints(-1)).isInstanceOf(IllegalArgumentException.class);
    RayServiceObservation one = nothing.withCluster(ObservedCluster.starting(cluster(ACTIVE)));
    assertThat(one.cluster(ACTIVE)).isPresent();
    assertThat(one.withCluster(allRunning(cluster(ACTIVE))).clusters()).hasSize(1);
    assertThat(new ObservedCluster(cluster(ACTIVE), true, null, null).serve())
        .isInstanceOf(ServeLookup.NotQueried.class);
    assertThat(ServiceTarget.selects(ACTIVE).isSelecting(ACTIVE)).isTrue();
    assertThat(ServiceTarget.selectsNoCluster().isSelecting(ACTIVE)).isFalse();
    assertThat(ServeDeployment.rejected("h", "bad").wasRejected()).isTrue();
    assertThat(ServeDeployment.accepted("h").wasRejected()).isFalse();
  }

  @Test
  @DisplayName("decision: requeue must not be negative; actionsOf and warnings filter in order")
  void decision() {
    assertThatThrownBy(() -> new RayServiceDecision(new RayServiceStatus(), List.of(),
        Optional.of(Duration.ofSeconds(-1)))).isInstanceOf(IllegalArgumentException.class);
    RayServiceDecision decision = new RayServiceDecision(new RayServiceStatus(), List.of(
        new RayServiceAction.DeleteCluster("a"),
        new RayServiceAction.EmitEvent(dev.raykube.reconcile.EventType.NORMAL, RayServiceEventReason.SUSPENDED, "n"),
        new RayServiceAction.EmitEvent(dev.raykube.reconcile.EventType.WARNING, RayServiceEventReason.INVALID_SPEC,
            "w"),
        new RayServiceAction.DeleteCluster("b")), Optional.empty());
    assertThat(decision.actionsOf(RayServiceAction.DeleteCluster.class)).extracting(
        RayServiceAction.DeleteCluster::name).containsExactly("a", "b");
    assertThat(decision.warnings()).extracting(RayServiceAction.EmitEvent::message).containsExactly("w");
    assertThat(decision.statusChanged(new RayServiceStatus())).isFalse();
    assertThat(decision.statusChanged(null)).isTrue();
  }

  @Test
  @DisplayName("every event reason has a distinct value")
  void reasons() {
    assertThat(java.util.Arrays.stream(RayServiceEventReason.values()).map(RayServiceEventReason::value).distinct())
        .hasSize(RayServiceEventReason.values().length);
    assertThat(java.util.Arrays.stream(RayServiceConditionReason.values()).map(RayServiceConditionReason::value)
        .distinct()).hasSize(RayServiceConditionReason.values().length);
  }
}
