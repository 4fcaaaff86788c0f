package dev.raykube.operator.rayservice;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link RayServiceMetrics} from the statuses before and after reconciles. */
class RayServiceMetricsTest {

  private static final Instant CREATED = Instant.parse("2026-12-01T10:00:00Z");

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final RayServiceMetrics metrics = new RayServiceMetrics(registry);

  private static RayService service(String name, String uid, Condition... conditions) {
    RayService service = new RayService();
    service.setMetadata(new ObjectMetaBuilder().withNamespace("ns").withName(name).withUid(uid)
        .withCreationTimestamp(CREATED.toString()).build());
    if (conditions.length > 0) {
      RayServiceStatus status = new RayServiceStatus();
      status.setConditions(new ArrayList<>(List.of(conditions)));
      service.setStatus(status);
    }
    return service;
  }

  private static Condition condition(String type, String status, Instant since) {
    return new ConditionBuilder().withType(type).withStatus(status).withLastTransitionTime(since.toString()).build();
  }

  private double gauge(String name) {
    return registry.get(name).gauge().value();
  }

  private long count(String timer) {
    return registry.get(timer).timer().count();
  }

  private double seconds(String timer) {
    return registry.get(timer).timer().totalTime(TimeUnit.SECONDS);
  }

  @Test
  void timeToReadyOncePerRayServiceAndTheReadyGauge() {
    RayService fresh = service("a", "uid-a");
    RayService ready = service("a", "uid-a", condition("Ready", "True", CREATED.plusSeconds(40)));
    metrics.record(fresh, service("a", "uid-a", condition("Ready", "False", CREATED)), CREATED.plusSeconds(5));
    assertThat(gauge(RayServiceMetrics.READY)).isZero();
    assertThat(count(RayServiceMetrics.TIME_TO_READY)).isZero();

    metrics.record(fresh, ready, CREATED.plusSeconds(40));
    metrics.record(ready, ready, CREATED.plusSeconds(70)); // still Ready: not timed again
    assertThat(gauge(RayServiceMetrics.READY)).isEqualTo(1);
    assertThat(count(RayServiceMetrics.TIME_TO_READY)).isEqualTo(1);
    assertThat(seconds(RayServiceMetrics.TIME_TO_READY)).isEqualTo(40);

    metrics.record(ready, service("b", "uid-b", condition("Ready", "True", CREATED)), CREATED.plusSeconds(10));
    assertThat(gauge(RayServiceMetrics.READY)).isEqualTo(2);
    metrics.record(ready, null, CREATED.plusSeconds(80)); // a gone
    assertThat(gauge(RayServiceMetrics.READY)).isEqualTo(1);
  }

  @Test
  void upgradeDurationFromItsStartToTheReconcileThatSawItEnd() {
    Instant started = CREATED.plusSeconds(100);
    RayService upgrading = service("a", "uid-a", condition("Ready", "True", CREATED),
        condition("UpgradeInProgress", "True", started));
    metrics.record(service("a", "uid-a", condition("UpgradeInProgress", "False", CREATED)), upgrading, started);
    assertThat(gauge(RayServiceMetrics.UPGRADING)).isEqualTo(1);
    assertThat(count(RayServiceMetrics.UPGRADE_DURATION)).isZero();

    RayService switched = service("a", "uid-a", condition("Ready", "True", CREATED),
        condition("UpgradeInProgress", "False", started.plusSeconds(25)));
    metrics.record(upgrading, switched, started.plusSeconds(25));
    assertThat(gauge(RayServiceMetrics.UPGRADING)).isZero();
    assertThat(count(RayServiceMetrics.UPGRADE_DURATION)).isEqualTo(1);
    assertThat(seconds(RayServiceMetrics.UPGRADE_DURATION)).isEqualTo(25);

    metrics.record(switched, switched, started.plusSeconds(60));
    assertThat(count(RayServiceMetrics.UPGRADE_DURATION)).as("no upgrade ended here").isEqualTo(1);
  }

  @Test
  void forgettingAndTimesThatCannotBeRead() {
    RayService odd = service("a", "uid-a", condition("UpgradeInProgress", "True", CREATED));
    odd.getStatus().getConditions().get(0).setLastTransitionTime("not a time");
    metrics.record(odd, service("a", "uid-a"), CREATED.plusSeconds(5));
    assertThat(count(RayServiceMetrics.UPGRADE_DURATION)).as("an unreadable start is not timed").isZero();

    RayService ready = service("a", "uid-a", condition("Ready", "True", CREATED));
    metrics.record(ready, ready, CREATED.plusSeconds(5));
    metrics.forget(ready);
    assertThat(gauge(RayServiceMetrics.READY)).isZero();
    metrics.record(ready, ready, CREATED.plusSeconds(9)); // the same uid after forget: a new RayService to the meters
    assertThat(count(RayServiceMetrics.TIME_TO_READY)).isEqualTo(2);
  }
}
