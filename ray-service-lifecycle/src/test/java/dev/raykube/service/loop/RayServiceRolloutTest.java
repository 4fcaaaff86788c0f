package dev.raykube.service.loop;

import static dev.raykube.service.loop.ServiceBed.NAME;
import static dev.raykube.service.loop.ServiceBed.NS;
import static dev.raykube.service.loop.ServiceBed.activeName;
import static dev.raykube.service.loop.ServiceBed.pendingName;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceUpgradeStrategy;
import dev.raykube.model.service.RayServiceUpgradeType;
import dev.raykube.reconcile.StatusRecorder;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.decide.ServeLookup;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A RayService from its first deploy through config updates and cluster upgrades, on the CRUD mock and the fake. */
@EnableKubernetesMockClient(crud = true)
class RayServiceRolloutTest {

  static KubernetesMockServer server;
  static KubernetesClient client;
  ServiceBed bed;

  @BeforeEach
  void setUp() {
    bed = new ServiceBed(client, server);
  }

  @AfterEach
  void tearDown() {
    bed.close();
  }

  @Test
  @DisplayName("first deploy: one owned cluster, the config sent once, Services created and owned, the head Pod "
      + "labelled for serving, Ready with the endpoint count")
  void firstDeployToReady() {
    RayService created = bed.create(spec -> { });
    var first = bed.step();
    assertThat(first.status()).isEqualTo(StatusRecorder.Result.WRITTEN);
    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb");
    ServiceBed.assertOwnedBy(bed.clusters().get(0), created);
    assertThat(bed.clusters().get(0).getMetadata().getLabels())
        .containsEntry(RayServiceLabels.ORIGINATED_FROM_CR_NAME, NAME)
        .containsEntry("ray.io/originated-from-crd", "RayService");
    assertThat(bed.clusters().get(0).getMetadata().getAnnotations())
        .containsKey(RayServiceLabels.HASH_WITHOUT_REPLICAS);

    RayService ready = bed.untilReady();

    assertThat(activeName(ready)).isEqualTo("fruit-bbbbb");
    assertThat(pendingName(ready)).isNull();
    assertThat(ready.getStatus().getNumServeEndpoints()).isEqualTo(1);
    assertThat(condition(ready, "Ready").getStatus()).isEqualTo("True");
    assertThat(condition(ready, "Ready").getReason()).isEqualTo("NonZeroServeEndpoints");
    assertThat(ready.getStatus().getActiveServiceStatus().getApplicationStatuses()).containsKey("fruit");
    assertThat(bed.serveDeploys()).hasSize(1);
    assertThat(bed.serveDeploys().get(0).body()).contains("\"import_path\":\"fruit:app\"");
    assertThat(bed.clusters().get(0).getMetadata().getAnnotations()).as("the deployment is remembered in memory only")
        .doesNotContainKey("raykube.dev/serve-config-hash");
    for (String name : new String[] {"fruit-head-svc", "fruit-serve-svc"}) {
      Service service = client.services().inNamespace(NS).withName(name).require();
      ServiceBed.assertOwnedBy(service, created);
      assertThat(service.getMetadata().getLabels()).containsEntry("app.kubernetes.io/name", "kuberay")
          .containsKey("app.kubernetes.io/created-by").doesNotContainKey("ray.io/node-type");
      assertThat(service.getSpec().getSelector()).containsEntry("ray.io/cluster", "fruit-bbbbb");
    }
    assertThat(client.services().inNamespace(NS).withName("fruit-serve-svc").require().getSpec().getPorts())
        .singleElement().satisfies(p -> assertThat(p.getPort()).isEqualTo(8000));
    Pod head = client.pods().inNamespace(NS).withName("fruit-bbbbb-head").require();
    assertThat(head.getMetadata().getLabels()).containsEntry(RayServiceLabels.SERVE, "true");

    var steady = bed.step();
    assertThat(steady.status()).isEqualTo(StatusRecorder.Result.UNCHANGED);
    assertThat(steady.outcomes()).isEmpty();
    assertThat(steady.requeueAfter()).contains(Duration.ofSeconds(30));
    assertThat(bed.serveDeploys()).as("an unchanged config is not sent again").hasSize(1);
  }

  @Test
  @DisplayName("only serveConfigV2 changed: redeployed in place to the serving cluster, no new cluster")
  void inPlaceConfigUpdate() {
    bed.create(spec -> { });
    bed.untilReady();
    bed.edit(spec -> spec.setServeConfigV2(ServiceBed.SERVE_YAML + "    runtime_env:\n      env_vars:\n"
        + "        PRICE: \"2\"\n"));

    bed.stepUntil("the new config sent", s -> bed.serveDeploys().size() == 2);
    RayService ready = bed.untilReady();

    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb");
    assertThat(activeName(ready)).isEqualTo("fruit-bbbbb");
    assertThat(pendingName(ready)).isNull();
    assertThat(bed.serveDeploys().get(1).body()).contains("PRICE");
    bed.step();
    assertThat(bed.serveDeploys()).hasSize(2);
  }

  @Test
  @DisplayName("a cluster-spec change: a pending cluster, the Services switch when it runs every application, the "
      + "old cluster is marked dangling and deleted after the delay")
  void clusterChangeSwitchesAndDeletesTheOldCluster() {
    bed.create(spec -> { });
    bed.untilReady();
    bed.edit(spec -> spec.getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage("rayproject/ray:2.61.0"));

    bed.step();
    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb", "fruit-ccccc");
    RayService upgrading = bed.stored();
    assertThat(pendingName(upgrading)).isEqualTo("fruit-ccccc");
    assertThat(condition(upgrading, "UpgradeInProgress").getStatus()).isEqualTo("True");
    assertThat(bed.selectedCluster("fruit-serve-svc")).as("still the old cluster").isEqualTo("fruit-bbbbb");
    var during = bed.step();
    assertThat(during.observed().observation().cluster("fruit-bbbbb").orElseThrow().serve())
        .as("while a pending cluster comes up only its Serve is asked, as in KubeRay")
        .isInstanceOf(ServeLookup.NotQueried.class);
    assertThat(bed.stored().getStatus().getActiveServiceStatus().getApplicationStatuses())
        .as("the active cluster's applications as last mirrored").containsKey("fruit");

    RayService switched = bed.stepUntil("switched", s -> "fruit-ccccc".equals(activeName(s)));
    assertThat(pendingName(switched)).isNull();
    assertThat(bed.selectedCluster("fruit-head-svc")).isEqualTo("fruit-ccccc");
    assertThat(bed.selectedCluster("fruit-serve-svc")).isEqualTo("fruit-ccccc");
    assertThat(bed.reasons()).contains("UpgradeCompleted", "UpdatedServices");
    var kept = bed.step();
    assertThat(bed.clusterNames()).as("kept during the deletion delay").containsExactly("fruit-bbbbb",
        "fruit-ccccc");
    assertThat(client.resources(RayCluster.class).inNamespace(NS).withName("fruit-bbbbb").require().getMetadata()
        .getAnnotations()).as("%s", kept).containsKey(RayServiceLabels.DANGLING_SINCE);

    bed.clock.advance(Duration.ofSeconds(61));
    bed.step();

    assertThat(bed.clusterNames()).containsExactly("fruit-ccccc");
    assertThat(bed.reasons()).contains("DeletedRayCluster");
    RayService after = bed.untilReady();
    assertThat(condition(after, "UpgradeInProgress").getStatus()).isEqualTo("False");
  }

  @Test
  @DisplayName("upgradeStrategy None: a cluster-spec change rolls nothing out, and the status says so")
  void noneStrategy() {
    bed.create(spec -> {
      RayServiceUpgradeStrategy strategy = new RayServiceUpgradeStrategy();
      strategy.setType(RayServiceUpgradeType.NONE);
      spec.setUpgradeStrategy(strategy);
    });
    bed.untilReady();
    bed.edit(spec -> spec.getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage("rayproject/ray:2.61.0"));

    bed.step();
    RayService after = bed.step().resource();

    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb");
    assertThat(pendingName(after)).isNull();
    Condition upgrade = condition(after, "UpgradeInProgress");
    assertThat(upgrade.getStatus()).isEqualTo("False");
    assertThat(upgrade.getMessage()).isNotBlank();
    assertThat(after.getStatus().getServiceStatus()).isEqualTo("Running");
  }

  static Condition condition(RayService service, String type) {
    return service.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst()
        .orElseThrow(() -> new AssertionError("no condition " + type + " in " + service.getStatus()));
  }
}
