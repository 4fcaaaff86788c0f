package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.Violation;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.model.service.RayServiceUpgradeStrategy;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Deliverable 1 and KubeRay's validation: invalid RayServices get Ready=False/ValidationFailed and nothing else. */
class ValidationTest {

  static Stream<Arguments> invalid() {
    return Stream.<Arguments>of(
        Arguments.of("metadata.name", named("a".repeat(48)), "at most 47"),
        Arguments.of("metadata.name", named("Demo_1"), "DNS-1035"),
        Arguments.of("metadata.annotations[ray.io/initializing-timeout]", annotated("soon"), "not a positive"),
        Arguments.of("metadata.annotations[ray.io/initializing-timeout]", annotated("0s"), "not a positive"),
        Arguments.of("spec.rayClusterConfig", spec(s -> s.setRayClusterConfig(null)), "is required"),
        Arguments.of("spec.rayClusterConfig.headGroupSpec.headService.metadata.name", spec(s -> s
            .getRayClusterConfig().getHeadGroupSpec().setHeadService(new ServiceBuilder().withNewMetadata()
                .withName("mine").endMetadata().build())), "must not be set"),
        Arguments.of("spec.rayClusterConfig.suspend", spec(s -> s.getRayClusterConfig().setSuspend(true)),
            "suspend the RayService"),
        Arguments.of("spec.rayClusterConfig.upgradeStrategy.type", spec(s -> {
          dev.raykube.model.cluster.RayClusterUpgradeStrategy recreate =
              new dev.raykube.model.cluster.RayClusterUpgradeStrategy();
          recreate.setType(dev.raykube.model.cluster.RayClusterUpgradeType.RECREATE);
          s.getRayClusterConfig().setUpgradeStrategy(recreate);
        }), "Recreate is not allowed on a RayService's cluster"),
        Arguments.of("spec.rayClusterConfig", spec(s -> s.getRayClusterConfig().setHeadGroupSpec(null)),
            "spec.rayClusterConfig.headGroupSpec is missing"),
        Arguments.of("spec.serveConfigV2", spec(s -> s.setServeConfigV2(null)), "is required"),
        Arguments.of("spec.serveConfigV2", spec(s -> s.setServeConfigV2("applications: [")), "not valid YAML"),
        Arguments.of("spec.serveConfigV2", spec(s -> s.setServeConfigV2("- fruit")), "YAML mapping"),
        Arguments.of("spec.serveConfigV2", spec(s -> s.setServeConfigV2("proxy_location: EveryNode")),
            "'applications' list"),
        Arguments.of("spec.rayClusterDeletionDelaySeconds", spec(s -> s.setRayClusterDeletionDelaySeconds(-1)),
            "must not be negative"),
        Arguments.of("spec.upgradeStrategy.type", spec(s -> s.setUpgradeStrategy(type("BlueGreen"))), "unknown"),
        Arguments.of("spec.upgradeStrategy.type", spec(s -> s.setUpgradeStrategy(type(
            "NewClusterWithIncrementalUpgrade"))), "not supported"),
        Arguments.of("spec.serveService.metadata.name", spec(s -> s.setServeService(new ServiceBuilder()
            .withNewMetadata().withName("Fruit_Stand").endMetadata().build())), "DNS-1035"),
        Arguments.of("spec", unreadable("spec.rayClusterConfig.headGroupSpec.template.spec.tolerations: Cannot"),
            "spec cannot be read: spec.rayClusterConfig.headGroupSpec.template.spec.tolerations: Cannot"));
  }

  /** As read when the API server admitted a spec this model cannot read (SpecTolerantReader). */
  private static RayService unreadable(String problem) {
    RayService service = service();
    service.setSpec(null);
    service.markSpecUnreadable(problem);
    return service;
  }

  private static RayService named(String name) {
    RayService service = service();
    service.getMetadata().setName(name);
    return service;
  }

  private static RayService annotated(String timeout) {
    RayService service = service();
    service.getMetadata().setAnnotations(Map.of(RayServiceLabels.INITIALIZING_TIMEOUT, timeout));
    return service;
  }

  private static RayService spec(Consumer<RayServiceSpec> change) {
    return service(change);
  }

  private static RayServiceUpgradeStrategy type(String value) {
    RayServiceUpgradeStrategy strategy = new RayServiceUpgradeStrategy();
    strategy.setTypeValue(value);
    return strategy;
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("invalid")
  @DisplayName("each broken rule is one violation naming its field")
  void violation(String field, RayService service, String message) {
    List<Violation> violations = RayServiceValidator.validate(service);
    assertThat(violations).singleElement().satisfies(v -> {
      assertThat(v.field()).isEqualTo(field);
      assertThat(v.message()).contains(message);
    });
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("invalid")
  @DisplayName("invalid → Ready=False/ValidationFailed with the message, a Warning, no other action, no requeue")
  void decision(String field, RayService service, String message) {
    RayServiceDecision decision = machine().decide(service, RayServiceObservation.nothing(), at(0));
    var ready = conditionOf(decision, RayServiceConditionType.READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("ValidationFailed");
    assertThat(ready.getMessage()).contains(message);
    assertThat(decision.actions()).singleElement().isInstanceOfSatisfying(RayServiceAction.EmitEvent.class,
        e -> assertThat(e.reason()).isEqualTo(field.startsWith("metadata.") ? RayServiceEventReason.INVALID_METADATA
            : RayServiceEventReason.INVALID_SPEC));
    assertThat(decision.requeueAfter()).isEmpty();
  }

  @Test
  @DisplayName("the valid fixture, a 47-character name, upgrade types NewCluster and None, delay 0, timeout 5m and "
      + "300 → no violation")
  void valid() {
    assertThat(RayServiceValidator.validate(service())).isEmpty();
    assertThat(RayServiceValidator.validate(named("a".repeat(47)))).isEmpty();
    assertThat(RayServiceValidator.validate(spec(s -> s.setUpgradeStrategy(type("NewCluster"))))).isEmpty();
    assertThat(RayServiceValidator.validate(spec(s -> s.setUpgradeStrategy(type("None"))))).isEmpty();
    assertThat(RayServiceValidator.validate(spec(s -> s.setRayClusterDeletionDelaySeconds(0)))).isEmpty();
    assertThat(RayServiceValidator.validate(annotated("5m"))).isEmpty();
    assertThat(RayServiceValidator.validate(annotated("300"))).isEmpty();
  }

  @Test
  @DisplayName("still invalid with the same message → no second Warning")
  void noRepeatedWarning() {
    RayService service = spec(s -> s.setRayClusterDeletionDelaySeconds(-1));
    RayServiceDecision first = machine().decide(service, RayServiceObservation.nothing(), at(0));
    RayService stored = spec(s -> s.setRayClusterDeletionDelaySeconds(-1));
    stored.setStatus(first.status());
    RayServiceDecision second = machine().decide(stored, RayServiceObservation.nothing(), at(10));
    assertThat(second.actions()).isEmpty();
    assertThat(second.statusChanged(first.status())).isFalse();
  }

  @Test
  @DisplayName("a serving RayService made invalid → its clusters are left alone; fixed → it serves again")
  void invalidThenFixed() {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(ACTIVE)))
        .withServicesSelecting(ACTIVE).withReadyServeEndpoints(1);
    RayService broken = Fixtures.serving(s -> s.setServeConfigV2("- nope"));
    RayServiceDecision decision = machine().decide(broken, observed, at(10));
    assertThat(decision.actionsOf(RayServiceAction.DeleteCluster.class)).isEmpty();
    assertThat(decision.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(ACTIVE);
    RayService fixed = Fixtures.serving(s -> { });
    fixed.setStatus(decision.status());
    RayServiceDecision again = machine().decide(fixed, observed, at(20));
    assertThat(conditionOf(again, RayServiceConditionType.READY).getReason()).isEqualTo("NonZeroServeEndpoints");
  }

  @Test
  @DisplayName("deleted, or managed by another controller → the empty decision")
  void guards() {
    RayService deleting = service();
    deleting.getMetadata().setDeletionTimestamp(Fixtures.time(0));
    RayServiceDecision decision = machine().decide(deleting, RayServiceObservation.nothing(), at(1));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.requeueAfter()).isEmpty();
    RayService other = service(s -> s.setManagedBy("kueue.x-k8s.io/multikueue"));
    assertThat(machine().decide(other, RayServiceObservation.nothing(), at(1)).actions()).isEmpty();
    assertThat(machine().decide(other, RayServiceObservation.nothing(), at(1)).status().getConditions()).isNull();
  }
}
