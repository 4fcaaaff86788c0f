package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.CONFIG;
import static dev.raykube.service.decide.Fixtures.NAME;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.apps;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static dev.raykube.service.decide.Fixtures.in;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.runningConfig;
import static dev.raykube.service.decide.Fixtures.seconds;
import static dev.raykube.service.decide.Fixtures.service;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Deliverables 1–4: from a new RayService to Ready on its first cluster. */
class FirstClusterTest {

  private static final String FIRST = NAME + "-bbbbb";

  private static RayService creating() {
    return in(service(), s -> s.setPendingServiceStatus(Fixtures.clusterStatus(FIRST)));
  }

  @Test
  @DisplayName("new RayService → its first cluster <service>-<5> as the pending one, with origin labels and the "
      + "spec hash annotations; Ready=False/Initializing, UpgradeInProgress=False/NoActiveCluster")
  void firstCluster() {
    RayServiceDecision decision = machine().decide(service(), RayServiceObservation.nothing(), at(0));
    List<RayServiceAction.CreateCluster> created = decision.actionsOf(RayServiceAction.CreateCluster.class);
    assertThat(created).hasSize(1);
    RayServiceAction.CreateCluster create = created.get(0);
    assertThat(create.name()).isEqualTo(FIRST);
    assertThat(create.spec()).isEqualTo(Fixtures.withOriginLabels(Fixtures.clusterSpec()));
    assertThat(create.spec().getHeadGroupSpec().getTemplate().getMetadata().getLabels())
        .containsEntry("ray.io/originated-from-cr-name", NAME)
        .containsEntry(RayClusterLabels.ORIGINATED_FROM_CRD, "RayService");
    assertThat(create.spec().getHeadGroupSpec().getTemplate().getMetadata().getLabels())
        .as("the operator labels the head from its proxy's health").doesNotContainKey("ray.io/serve");
    assertThat(create.spec().getWorkerGroupSpecs().get(0).getTemplate().getMetadata().getLabels())
        .as("proxies on every node: the workers serve, gated by their readiness probe")
        .containsEntry("ray.io/serve", "true");
    assertThat(create.labels()).containsEntry("ray.io/originated-from-cr-name", NAME)
        .containsEntry(RayClusterLabels.ORIGINATED_FROM_CRD, "RayService");
    assertThat(create.annotations())
        .containsEntry(RayServiceLabels.HASH_WITHOUT_REPLICAS, ClusterSpecHash.withoutReplicas(Fixtures.clusterSpec()))
        .containsEntry(RayServiceLabels.NUM_WORKER_GROUPS, "1")
        .containsKey(RayServiceLabels.FULL_SPEC_HASH);
    assertThat(decision.status().getPendingServiceStatus().getRayClusterName()).isEqualTo(FIRST);
    assertThat(decision.status().getActiveServiceStatus()).isNull();
    assertThat(decision.status().getObservedGeneration()).isEqualTo(1L);
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("Initializing");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getStatus()).isEqualTo("False");
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("NoActiveCluster");
    assertThat(decision.requeueAfter()).hasValue(seconds(1));
    assertThat(decision.warnings()).isEmpty();
  }

  @ParameterizedTest(name = "proxy_location {0} → workers labelled ray.io/serve: {1}")
  @CsvSource({"EveryNode, true", "HeadOnly, false", "Disabled, false"})
  @DisplayName("the workers' templates carry ray.io/serve=true only where Serve runs a proxy on every node")
  void workersServeOnlyWithAProxyOnEveryNode(String location, boolean labelled) {
    RayService service = service(s -> s.setServeConfigV2("proxy_location: " + location + "\n" + Fixtures.SERVE_YAML));
    RayServiceAction.CreateCluster create = machine().decide(service, RayServiceObservation.nothing(), at(0))
        .actionsOf(RayServiceAction.CreateCluster.class).get(0);
    var workerLabels = create.spec().getWorkerGroupSpecs().get(0).getTemplate().getMetadata().getLabels();
    if (labelled) {
      assertThat(workerLabels).containsEntry("ray.io/serve", "true");
    } else {
      assertThat(workerLabels).doesNotContainKey("ray.io/serve")
          .containsEntry("ray.io/originated-from-cr-name", NAME);
    }
  }

  @Test
  @DisplayName("the pending cluster is not observed yet (cache lag) → created again under the stored name, no new name")
  void recreateUnderStoredName() {
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.nothing(), at(1));
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).extracting(RayServiceAction.CreateCluster::name)
        .containsExactly(FIRST);
    assertThat(decision.status().getPendingServiceStatus().getRayClusterName()).isEqualTo(FIRST);
  }

  @Test
  @DisplayName("head not ready → no deployment, cluster status mirrored, polled soon")
  void headNotReady() {
    RayServiceDecision decision = machine().decide(creating(),
        RayServiceObservation.of(ObservedCluster.starting(cluster(FIRST))), at(3));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.status().getPendingServiceStatus().getRayClusterStatus().getStateValue()).isEqualTo("ready");
    assertThat(decision.requeueAfter()).hasValue(seconds(1));
  }

  @Test
  @DisplayName("head ready, Serve empty, nothing deployed → deploy the serve config as JSON with its hash")
  void deploy() {
    ObservedCluster fresh = ObservedCluster.ready(cluster(FIRST), ServeLookup.details(Fixtures.noApps()), null);
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.of(fresh), at(20));
    assertThat(decision.actions()).containsExactly(
        new RayServiceAction.DeployServeConfig(FIRST, CONFIG.json(), CONFIG.hash()));
    assertThat(CONFIG.json()).contains("\"import_path\":\"fruit:app\"");
  }

  @Test
  @DisplayName("dashboard unreachable → no deployment (asked again at the next poll)")
  void dashboardDown() {
    ObservedCluster down = ObservedCluster.ready(cluster(FIRST), ServeLookup.failed("connection refused"), null);
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.of(down), at(20));
    assertThat(decision.actions()).isEmpty();
    assertThat(decision.requeueAfter()).hasValue(seconds(1));
  }

  @Test
  @DisplayName("deployed, application DEPLOYING → no second deployment; statuses mirrored with KubeRay's field names")
  void deploying() {
    RayServiceDecision decision = machine().decide(creating(),
        RayServiceObservation.of(runningConfig(cluster(FIRST), ServeApplicationStatus.DEPLOYING)), at(100));
    assertThat(decision.actions()).isEmpty();
    var app = decision.status().getPendingServiceStatus().getApplicationStatuses().get("fruit");
    assertThat(app.getStatusValue()).isEqualTo("DEPLOYING");
    assertThat(app.getServeDeploymentStatuses().get("Fruit").getStatusValue()).isEqualTo("HEALTHY");
    assertThat(decision.requeueAfter()).hasValue(seconds(5)); // 100 s of age × 0.05, at most 5 s
  }

  @Test
  @DisplayName("every application RUNNING → the Services are pointed at it and it becomes the active cluster")
  void promote() {
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.of(allRunning(cluster(FIRST))),
        at(30));
    assertThat(decision.actions()).containsExactly(new RayServiceAction.PointServices(FIRST, "demo-head-svc",
        RayClusterLabels.headSelector(FIRST), "demo-serve-svc",
        java.util.Map.of("ray.io/cluster", FIRST, "ray.io/serve", "true")));
    assertThat(decision.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(FIRST);
    assertThat(decision.status().getActiveServiceStatus().getApplicationStatuses()).containsKey("fruit");
    assertThat(decision.status().getPendingServiceStatus()).isNull();
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("Initializing");
    assertThat(conditionOf(decision, RayServiceConditionType.UPGRADE_IN_PROGRESS).getReason())
        .isEqualTo("NoPendingCluster");
    assertThat(decision.warnings()).isEmpty();
  }

  @Test
  @DisplayName("one application of two still DEPLOYING → no switch yet")
  void notAllRunning() {
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.of(runningConfig(cluster(FIRST),
        ServeApplicationStatus.RUNNING, ServeApplicationStatus.DEPLOYING)), at(30));
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).isEmpty();
    assertThat(decision.status().getActiveServiceStatus()).isNull();
  }

  @Test
  @DisplayName("a deployment of an older config still RUNNING → the current config is deployed, no switch")
  void staleConfigIsNotReady() {
    ObservedCluster stale = ObservedCluster.ready(cluster(FIRST), ServeLookup.details(apps(
        ServeApplicationStatus.RUNNING)), ServeDeployment.accepted("an-older-hash"));
    RayServiceDecision decision = machine().decide(creating(), RayServiceObservation.of(stale), at(30));
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).isEmpty();
    assertThat(decision.actionsOf(RayServiceAction.DeployServeConfig.class)).hasSize(1);
  }

  @Test
  @DisplayName("active, Services select it, endpoints → Ready=True/NonZeroServeEndpoints, serviceStatus Running, "
      + "numServeEndpoints, steady poll")
  void ready() {
    RayService serving = in(service(), s -> s.setActiveServiceStatus(Fixtures.clusterStatus(FIRST)));
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(FIRST)))
        .withServicesSelecting(FIRST).withReadyServeEndpoints(2);
    RayServiceDecision decision = machine().decide(serving, observed, at(40));
    assertThat(decision.actions()).isEmpty();
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getStatus()).isEqualTo("True");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("NonZeroServeEndpoints");
    assertThat(decision.status().getServiceStatus()).isEqualTo("Running");
    assertThat(decision.status().getNumServeEndpoints()).isEqualTo(2);
    assertThat(decision.requeueAfter()).hasValue(seconds(30));
  }

  @Test
  @DisplayName("a ready RayService loses its endpoints → Ready=False/ZeroServeEndpoints, serviceStatus cleared")
  void zeroEndpoints() {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(Fixtures.ACTIVE)))
        .withServicesSelecting(Fixtures.ACTIVE);
    RayServiceDecision decision = machine().decide(Fixtures.serving(spec -> { }), observed, at(40));
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getReason()).isEqualTo("ZeroServeEndpoints");
    assertThat(conditionOf(decision, RayServiceConditionType.READY).getLastTransitionTime()).isEqualTo(
        Fixtures.time(40));
    assertThat(decision.status().getServiceStatus()).isNull();
  }

  @Test
  @DisplayName("the Services select another cluster (or are absent) → pointed at the active cluster")
  void repointServices() {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(Fixtures.ACTIVE)))
        .withServices(ServiceTarget.selects("demo-zzzzz"), ServiceTarget.absent()).withReadyServeEndpoints(1);
    RayServiceDecision decision = machine().decide(Fixtures.serving(spec -> { }), observed, at(40));
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class)).extracting(
        RayServiceAction.PointServices::clusterName).containsExactly(Fixtures.ACTIVE);
  }

  @Test
  @DisplayName("a user serveService name is honoured")
  void userServeService() {
    RayService svc = in(service(spec -> spec.setServeService(new io.fabric8.kubernetes.api.model.ServiceBuilder()
        .withNewMetadata().withName("fruit-stand").endMetadata().build())),
        s -> s.setPendingServiceStatus(Fixtures.clusterStatus(FIRST)));
    RayServiceDecision decision = machine().decide(svc, RayServiceObservation.of(allRunning(cluster(FIRST))), at(30));
    assertThat(decision.actionsOf(RayServiceAction.PointServices.class).get(0).serveServiceName())
        .isEqualTo("fruit-stand");
  }

  @Test
  @DisplayName("the active cluster disappeared → a new pending cluster is created, Ready keeps its transition time")
  void activeLost() {
    RayServiceDecision decision = machine().decide(Fixtures.serving(spec -> { }), RayServiceObservation.nothing(),
        at(50));
    assertThat(decision.status().getActiveServiceStatus()).isNull();
    assertThat(decision.actionsOf(RayServiceAction.CreateCluster.class)).extracting(
        RayServiceAction.CreateCluster::name).containsExactly(FIRST);
  }
}
