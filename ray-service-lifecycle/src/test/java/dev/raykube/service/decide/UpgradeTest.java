package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.NAME;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.clusterSpec;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.group;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.runningConfig;
import static dev.raykube.service.decide.Fixtures.serving;
import static dev.raykube.service.decide.Fixtures.upgrading;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.model.service.RayServiceUpgradeStrategy;
import dev.raykube.model.service.RayServiceUpgradeType;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Deliverable 2: cluster-spec changes on a serving RayService. */
class UpgradeTest {

  private static final Consumer<RayServiceSpec> NEW_IMAGE = s -> s.getRayClusterConfig().getHeadGroupSpec()
      .getTemplate().getSpec().getContainers().get(0).setImage("rayproject/ray:2.61.0");

  private static RayServiceObservation activeServing() {
    return RayServiceObservation.of(allRunning(cluster(ACTIVE))).withServicesSelecting(ACTIVE)
        .withReadyServeEndpoints(2);
  }

  /** The spec a cluster is made or updated from: the config, its Pod templates labelled with the origin. */
  private static RayClusterSpec spec(RayService service) {
    return Fixtures.withOriginLabels(service.getSpec().getRayClusterConfig());
  }

  private static void strategy(RayServiceSpec spec, RayServiceUpgradeType type) {
    RayServiceUpgradeStrategy strategy = new RayServiceUpgradeStrategy();
    strategy.setType(type);
    spec.setUpgradeStrategy(strategy);
  }

  @Test
  @DisplayName("replicas changed → the active cluster is updated in place with the new spec and fingerprint")
  void replicasInPlace() {
    RayService service = serving(s -> s.getRayClusterConfig().getWorkerGroupSpecs().get(0).setReplicas(3));
    RayServiceDecision decision = machine().decide(service, activeServing(), at(10));
    assertThat(decision.actions()).containsExactly(new RayServiceAction.UpdateCluster(ACTIVE, spec(service),
        ClusterFingerprint.of(service.getSpec().getRayClusterConfig()).annotations()));
    assertThat(decision.status().getPendingServiceStatus()).isNull();
  }

  @Test
  @DisplayName("a worker group appended → in-place update, no pending cluster")
  void appendedGroupInPlace() {
    RayService service = serving(s -> s.getRayClusterConfig().getWorkerGroupSpecs().add(group("large", 1)));
    RayServiceDecision decision = machine().decide(service, activeServing(), at(10));
    assertThat(decision.actionsOf(RayServiceAction.UpdateCluster.class)).hasSize(1);
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).isEmpty();
  }

  @Test
  @DisplayName("another change, upgrade type unset → a pending cluster, UpgradeInProgress=True/"
      + "BothActivePendingClustersExist, a Normal UpgradeStarted Event; the active cluster keeps serving")
  void newClusterUnset() {
    RayService service = serving(NEW_IMAGE);
    RayServiceDecision decision = machine().decide(service, activeServing(), at(10));
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).singleElement().satisfies(c -> {
      assertThat(c.name()).isEqualTo(NAME + "-bbbbb");
      assertThat(c.spec()).isEqualTo(spec(service));
    });
    assertThat(decision.status().getPendingServiceStatus().getRayClusterName()).isEqualTo(NAME + "-bbbbb");
    assertThat(decision.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(ACTIVE);
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getStatus()).isEqualTo("True");
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("BothActivePendingClustersExist");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getStatus()).isEqualTo("True");
    assertThat(decision.actionsOf(RayServiceAction.EmitEvent.class)).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.UPGRADE_STARTED);
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).isEmpty();
  }

  @Test
  @DisplayName("another change, upgrade type NewCluster → a pending cluster")
  void newClusterExplicit() {
    RayService service = serving(NEW_IMAGE.andThen(s -> strategy(s, RayServiceUpgradeType.NEW_CLUSTER)));
    assertThat(machine().decide(service, activeServing(), at(10)).actionsOf(RayServiceAction.CreateCluster.class))
        .hasSize(1);
  }

  @Test
  @DisplayName("another change, upgrade type None → nothing rolled out; UpgradeInProgress=False/NoPendingCluster says "
      + "why")
  void none() {
    RayService service = serving(NEW_IMAGE.andThen(s -> strategy(s, RayServiceUpgradeType.NONE)));
    RayServiceDecision decision = machine().decide(service, activeServing(), at(10));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    var upgrade = conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS);
    assertThat(upgrade.getStatus()).isEqualTo("False");
    assertThat(upgrade.getReason()).isEqualTo("NoPendingCluster");
    assertThat(upgrade.getMessage()).contains("upgradeStrategy.type is None").contains("not rolled out");
  }

  @Test
  @DisplayName("upgrade type None, only replicas changed → still updated in place")
  void noneStillInPlace() {
    RayService service = serving(s -> {
      strategy(s, RayServiceUpgradeType.NONE);
      s.getRayClusterConfig().getWorkerGroupSpecs().get(0).setReplicas(2);
    });
    assertThat(machine().decide(service, activeServing(), at(10)).actionsOf(RayServiceAction.UpdateCluster.class))
        .hasSize(1);
  }

  @Test
  @DisplayName("pending cluster coming up with the current spec → nothing to change, polled often")
  void pendingComingUp() {
    RayService service = upgrading(NEW_IMAGE);
    RayServiceObservation observed = activeServing().withCluster(ObservedCluster.starting(cluster(PENDING,
        service.getSpec().getRayClusterConfig())));
    RayServiceDecision decision = machine().decide(service, observed, at(10));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.requeueAfter()).hasValueSatisfying(d -> assertThat(d.toSeconds()).isBetween(1L, 5L));
  }

  @Test
  @DisplayName("a further change while the pending cluster comes up → that pending cluster is deleted and replaced")
  void furtherChangeReplacesPending() {
    RayService service = upgrading(NEW_IMAGE.andThen(s -> s.getRayClusterConfig().setRayVersion("2.61.0")));
    RayClusterSpec earlier = clusterSpec();
    NEW_IMAGE.accept(wrap(earlier));
    RayServiceObservation observed = activeServing().withCluster(ObservedCluster.starting(cluster(PENDING, earlier)));
    RayServiceDecision decision = machine().decide(service, observed, at(20));
    assertThat(decision.actionsOf(RayServiceAction.DeleteCluster.class)).extracting(
        RayServiceAction.DeleteCluster::name).containsExactly(PENDING);
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).extracting(
        RayServiceAction.CreateCluster::name).containsExactly(NAME + "-bbbbb");
    assertThat(decision.status().getPendingServiceStatus().getRayClusterName()).isEqualTo(NAME + "-bbbbb");
    assertThat(decision.actionsOf(RayServiceAction.MarkDangling.class)).isEmpty();
  }

  @Test
  @DisplayName("a further replicas change while the pending cluster comes up → the pending cluster is updated in place")
  void furtherReplicasChangeUpdatesPending() {
    RayService service = upgrading(NEW_IMAGE.andThen(s -> s.getRayClusterConfig().getWorkerGroupSpecs().get(0)
        .setReplicas(3)));
    RayClusterSpec earlier = clusterSpec();
    NEW_IMAGE.accept(wrap(earlier));
    RayServiceObservation observed = activeServing().withCluster(ObservedCluster.starting(cluster(PENDING, earlier)));
    RayServiceDecision decision = machine().decide(service, observed, at(20));
    assertThat(decision.actionsOf(RayServiceAction.UpdateCluster.class)).extracting(
        RayServiceAction.UpdateCluster::name).containsExactly(PENDING);
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).isEmpty();
  }

  @Test
  @DisplayName("the spec is changed back to what the active cluster runs → the pending cluster is deleted")
  void revertDropsPending() {
    RayService service = upgrading(s -> { });
    RayClusterSpec earlier = clusterSpec();
    NEW_IMAGE.accept(wrap(earlier));
    RayServiceObservation observed = activeServing().withCluster(ObservedCluster.starting(cluster(PENDING, earlier)));
    RayServiceDecision decision = machine().decide(service, observed, at(20));
    assertThat(decision.actionsOf(RayServiceAction.DeleteCluster.class)).extracting(
        RayServiceAction.DeleteCluster::name).containsExactly(PENDING);
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("NoPendingCluster");
  }

  @Test
  @DisplayName("the pending cluster runs every application → Services switched to it, it is active, the old one "
      + "is marked dangling now, a Normal UpgradeCompleted Event")
  void switchOver() {
    RayService service = upgrading(NEW_IMAGE);
    RayServiceObservation observed = activeServing().withCluster(allRunning(cluster(PENDING, service.getSpec().getRayClusterConfig())));
    RayServiceDecision decision = machine().decide(service, observed, at(100));
    assertThat(decision.actions()).filteredOn(a -> !(a instanceof RayServiceAction.EmitEvent)).containsExactly(
        new RayServiceAction.PointServices(PENDING, "demo-head-svc", ServiceNames.headSelector(PENDING),
            "demo-serve-svc", ServiceNames.serveSelector(PENDING)),
        new RayServiceAction.MarkDangling(ACTIVE, at(100)));
    assertThat(decision.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(PENDING);
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(decision.actionsOf(RayServiceAction.EmitEvent.class)).extracting(RayServiceAction.EmitEvent::reason)
        .containsExactly(RayServiceEventReason.UPGRADE_COMPLETED);
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("NoPendingCluster");
    assertThat(decision.requeueAfter()).hasValue(Fixtures.seconds(1));
  }

  @Test
  @DisplayName("the pending cluster has one application of two RUNNING → no switch")
  void noSwitchBeforeAllRunning() {
    RayService service = upgrading(NEW_IMAGE);
    RayServiceObservation observed = activeServing().withCluster(runningConfig(cluster(PENDING, service.getSpec().getRayClusterConfig()),
        ServeApplicationStatus.RUNNING, ServeApplicationStatus.DEPLOYING));
    RayServiceDecision decision = machine().decide(service, observed, at(100));
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).isEmpty();
    assertThat(decision.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(ACTIVE);
  }

  @Test
  @DisplayName("the pending cluster is being deleted by someone else → a fresh pending cluster under a fresh name")
  void pendingTerminating() {
    RayService service = upgrading(NEW_IMAGE);
    var terminating = cluster(PENDING, service.getSpec().getRayClusterConfig());
    terminating.getMetadata().setDeletionTimestamp(Fixtures.time(5));
    RayServiceDecision decision = machine().decide(service, activeServing().withCluster(
        ObservedCluster.starting(terminating)), at(10));
    assertThat(decision.status().getPendingServiceStatus().getRayClusterName()).isEqualTo(NAME + "-bbbbb");
    assertThat(decision.actionsOf(RayServiceAction.DeleteCluster.class)).isEmpty();
  }

  private static RayServiceSpec wrap(RayClusterSpec cluster) {
    RayServiceSpec spec = new RayServiceSpec();
    spec.setRayClusterConfig(cluster);
    return spec;
  }
}
