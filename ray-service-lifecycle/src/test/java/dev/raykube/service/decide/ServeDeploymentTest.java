package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.CONFIG;
import static dev.raykube.service.decide.Fixtures.OTHER_SERVE_YAML;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.in;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.runningConfig;
import static dev.raykube.service.decide.Fixtures.seconds;
import static dev.raykube.service.decide.Fixtures.serving;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.reconcile.EventType;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Deliverable 3: when the serve config is sent, and what a bad one does. */
class ServeDeploymentTest {

  private static RayServiceObservation observe(ObservedCluster cluster) {
    return RayServiceObservation.of(cluster).withServicesSelecting(ACTIVE).withReadyServeEndpoints(1);
  }

  @Test
  @DisplayName("unchanged config, all RUNNING → nothing sent, nothing else to do")
  void unchanged() {
    RayServiceDecision decision = machine().decide(serving(s -> { }), observe(allRunning(cluster(ACTIVE))), at(10));
    assertThat(decision.actions()).isEmpty();
  }

  @Test
  @DisplayName("only serveConfigV2 changed → deployed to the active cluster in place, no new cluster")
  void inPlaceConfigUpdate() {
    RayService changed = serving(s -> s.setServeConfigV2(OTHER_SERVE_YAML));
    RayServiceDecision decision = machine().decide(changed, observe(allRunning(cluster(ACTIVE))), at(10));
    ServeConfig other = ServeConfig.parse(OTHER_SERVE_YAML);
    assertThat(decision.actions()).containsExactly(
        new RayServiceAction.DeployServeConfig(ACTIVE, other.json(), other.hash()));
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(decision.requeueAfter()).hasValue(seconds(1)); // deploying again: polled often
  }

  @Test
  @DisplayName("the head lost its applications (restart without GCS fault tolerance) → the config is sent again")
  void headLostApplications() {
    ObservedCluster restarted = ObservedCluster.ready(cluster(ACTIVE), ServeLookup.details(Fixtures.noApps()),
        ServeDeployment.accepted(CONFIG.hash()));
    RayServiceDecision decision = machine().decide(serving(s -> { }), observe(restarted), at(10));
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).extracting(
        RayServiceAction.DeployServeConfig::clusterName).containsExactly(ACTIVE);
  }

  @Test
  @DisplayName("while a pending cluster exists the config goes to it, not to the active cluster")
  void configGoesToPending() {
    RayService upgrading = Fixtures.upgrading(s -> {
      s.getRayClusterConfig().setRayVersion("2.61.0");
      s.setServeConfigV2(OTHER_SERVE_YAML);
    });
    ObservedCluster pending = ObservedCluster.ready(cluster(PENDING, upgrading.getSpec().getRayClusterConfig()),
        ServeLookup.details(Fixtures.noApps()), null);
    RayServiceObservation observed = observe(allRunning(cluster(ACTIVE))).withCluster(pending);
    RayServiceDecision decision = machine().decide(upgrading, observed, at(10));
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).extracting(
        RayServiceAction.DeployServeConfig::clusterName).containsExactly(PENDING);
  }

  @Test
  @DisplayName("Serve rejected the config → not sent again, Ready reason ServeDeployFailed with Serve's message, a "
      + "Warning, and a slow poll (no hot loop)")
  void rejected() {
    ObservedCluster rejected = ObservedCluster.ready(cluster(ACTIVE), ServeLookup.details(Fixtures.apps(
        ServeApplicationStatus.RUNNING)), ServeDeployment.rejected(CONFIG.hash(), "1 validation error: import_path"));
    RayServiceDecision decision = machine().decide(serving(s -> { }), observe(rejected), at(10));
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).isEmpty();
    Condition ready = conditionOf(decision, RayServiceConditionType.READY);
    assertThat(ready.getReason()).isEqualTo("ServeDeployFailed");
    assertThat(ready.getStatus()).isEqualTo("True"); // the old applications still serve
    assertThat(ready.getMessage()).contains("1 validation error: import_path");
    assertThat(decision.warnings()).singleElement().satisfies(w -> {
      assertThat(w.reason()).isEqualTo(RayServiceEventReason.SERVE_DEPLOY_FAILED);
      assertThat(w.message()).contains("1 validation error");
    });
    assertThat(decision.requeueAfter()).hasValue(seconds(30));
  }

  @Test
  @DisplayName("the same failure again → no second Warning, no status change")
  void rejectedTwice() {
    ObservedCluster rejected = ObservedCluster.ready(cluster(ACTIVE), ServeLookup.details(Fixtures.apps(
        ServeApplicationStatus.RUNNING)), ServeDeployment.rejected(CONFIG.hash(), "bad"));
    RayServiceDecision first = machine().decide(serving(s -> { }), observe(rejected), at(10));
    RayService stored = serving(s -> { });
    stored.setStatus(first.status());
    RayServiceDecision second = machine().decide(stored, observe(rejected), at(40));
    assertThat(second.actions()).isEmpty();
    assertThat(second.statusChanged(first.status())).isFalse();
  }

  @Test
  @DisplayName("a rejected config that is then changed → the new one is sent")
  void rejectedThenFixed() {
    ObservedCluster rejected = ObservedCluster.ready(cluster(ACTIVE), ServeLookup.details(Fixtures.apps(
        ServeApplicationStatus.RUNNING)), ServeDeployment.rejected(CONFIG.hash(), "bad"));
    RayServiceDecision decision = machine().decide(serving(s -> s.setServeConfigV2(OTHER_SERVE_YAML)),
        observe(rejected), at(10));
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).hasSize(1);
  }

  @Test
  @DisplayName("an application DEPLOY_FAILED on the first cluster → Ready=False/ServeDeployFailed with Serve's "
      + "message, one Warning, no redeploy")
  void deployFailedFirstCluster() {
    RayService creating = in(Fixtures.service(), s -> s.setPendingServiceStatus(Fixtures.clusterStatus(PENDING)));
    RayServiceDecision decision = machine().decide(creating, RayServiceObservation.of(runningConfig(cluster(PENDING),
        ServeApplicationStatus.DEPLOY_FAILED)), at(60));
    Condition ready = conditionOf(decision, RayServiceConditionType.READY);
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("ServeDeployFailed");
    assertThat(ready.getMessage()).contains("ImportError: no module named fruit");
    assertThat(decision.warnings()).hasSize(1);
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).isEmpty();
    assertThat(decision.status().getPendingServiceStatus().getApplicationStatuses().get("fruit").getMessage())
        .isEqualTo("ImportError: no module named fruit");
  }

  @Test
  @DisplayName("an application DEPLOY_FAILED on a pending cluster → UpgradeInProgress reason ServeDeployFailed, the "
      + "active cluster keeps serving, Ready unchanged")
  void deployFailedUpgrade() {
    RayService upgrading = Fixtures.upgrading(s -> s.getRayClusterConfig().setRayVersion("2.61.0"));
    ObservedCluster pending = runningConfig(cluster(PENDING, upgrading.getSpec().getRayClusterConfig()),
        ServeApplicationStatus.DEPLOY_FAILED);
    RayServiceDecision decision = machine().decide(upgrading, observe(allRunning(cluster(ACTIVE)))
        .withCluster(pending), at(60));
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("ServeDeployFailed");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("NonZeroServeEndpoints");
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).isEmpty();
    assertThat(decision.warnings()).extracting(RayServiceAction.EmitEvent::type).containsExactly(EventType.WARNING);
  }

  @Test
  @DisplayName("UNHEALTHY applications on the active cluster → mirrored, polled often, nothing sent")
  void unhealthy() {
    RayServiceDecision decision = machine().decide(serving(s -> { }), observe(runningConfig(cluster(ACTIVE),
        ServeApplicationStatus.UNHEALTHY)), at(1000));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.status().getActiveServiceStatus().getApplicationStatuses().get("fruit").getStatusValue())
        .isEqualTo("UNHEALTHY");
    assertThat(decision.requeueAfter()).hasValue(seconds(5));
  }

  @Test
  @DisplayName("the dashboard gives no answer → the applications' statuses last mirrored are kept")
  void statusesKept() {
    RayServiceDecision first = machine().decide(serving(s -> { }), observe(allRunning(cluster(ACTIVE))), at(10));
    RayService stored = serving(s -> { });
    stored.setStatus(first.status());
    RayServiceDecision second = machine().decide(stored, observe(allRunning(cluster(ACTIVE))
        .withServe(ServeLookup.failed("timeout"))), at(20));
    assertThat(second.status().getActiveServiceStatus().getApplicationStatuses())
        .isEqualTo(first.status().getActiveServiceStatus().getApplicationStatuses());
    assertThat(List.copyOf(second.actions())).isEmpty();
  }

  @Test
  @DisplayName("only the mirrored RayCluster status changed → the stored status stays as it is (no write, as in "
      + "KubeRay); with another change the current RayCluster status goes along")
  void clusterStatusAloneWritesNothing() {
    RayService stored = serving(s -> { });
    stored.setStatus(machine().decide(stored, observe(allRunning(cluster(ACTIVE))), at(10)).status());
    RayCluster scaledDown = cluster(ACTIVE);
    scaledDown.getStatus().setReadyWorkerReplicas(0);
    scaledDown.getStatus().setStateValue("suspended");

    RayServiceDecision quiet = machine().decide(stored, observe(allRunning(scaledDown)), at(20));
    assertThat(quiet.status()).isEqualTo(stored.getStatus());
    assertThat(quiet.status().getActiveServiceStatus().getRayClusterStatus().getStateValue()).isEqualTo("ready");

    RayServiceDecision unhealthy = machine().decide(stored, observe(runningConfig(scaledDown,
        ServeApplicationStatus.UNHEALTHY)), at(30));
    assertThat(unhealthy.status()).isNotEqualTo(stored.getStatus());
    assertThat(unhealthy.status().getActiveServiceStatus().getRayClusterStatus().getStateValue())
        .isEqualTo("suspended");
    assertThat(unhealthy.status().getActiveServiceStatus().getRayClusterStatus().getReadyWorkerReplicas())
        .isZero();
    assertThat(unhealthy.status().getLastUpdateTime()).isNotEqualTo(stored.getStatus().getLastUpdateTime());
  }
}
