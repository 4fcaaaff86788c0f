package dev.raykube.service.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.Fault;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.service.RayService;
import dev.raykube.service.decide.ObservedCluster;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.ServeLookup;
import dev.raykube.service.observe.LastServeDeployments;
import dev.raykube.service.observe.ObservedRayService;
import dev.raykube.service.observe.RayServiceObserver;
import dev.raykube.service.observe.RayServiceReads;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What the observer asks Serve and what the actuator remembers of a deployment. */
@EnableKubernetesMockClient(crud = true)
class ServeObservationTest {

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
  @DisplayName("the dashboard is asked only once the head is ready")
  void serveAskedOnlyWhenTheHeadIsReady() {
    bed.create(spec -> { });
    bed.loop.reconcile(bed.stored()); // creates the cluster; no simulated controller ran
    bed.loop.reconcile(bed.stored());
    assertThat(bed.fake.requests("GET", "/api/serve/applications/")).isEmpty();

    bed.step();
    assertThat(bed.fake.requests("GET", "/api/serve/applications/")).isNotEmpty();
  }

  @Test
  @DisplayName("a transport failure of the deploy remembers nothing: a Warning, a short requeue, sent again next time")
  void transportFailureRemembersNothing() {
    bed.create(spec -> { });
    bed.step();
    bed.fake.injectFault("PUT", "/api/serve/applications/", 1, Fault.status(503));

    var failed = bed.step();

    assertThat(failed.outcomes()).anySatisfy(o -> {
      assertThat(o.action()).isInstanceOf(RayServiceAction.DeployServeConfig.class);
      assertThat(o.result()).isEqualTo(ActionOutcome.Result.FAILED);
    });
    assertThat(failed.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(
        Duration.ofSeconds(5)));
    assertThat(bed.reasons()).contains("FailedToUpdateServeApplications");
    var again = bed.step();
    assertThat(again.outcomes()).anySatisfy(o -> {
      assertThat(o.action()).isInstanceOf(RayServiceAction.DeployServeConfig.class);
      assertThat(o.result()).isEqualTo(ActionOutcome.Result.DONE);
    });
  }

  @Test
  @DisplayName("after a restart (empty memory) the config is sent once more, as KubeRay does, and the RayService "
      + "stays Ready")
  void restartSendsTheConfigOnceMore() {
    bed.create(spec -> { });
    bed.untilReady();
    RayServiceObserver restarted = new RayServiceObserver(RayServiceReads.fromApi(client),
        DashboardAccess.fixed(bed.fake.url()), bed.clients, new LastServeDeployments(), (ip, port) -> true);

    ObservedRayService observed = restarted.observe(bed.stored());

    ObservedCluster cluster = observed.observation().cluster("fruit-bbbbb").orElseThrow();
    assertThat(cluster.lastDeployment()).as("nothing remembered").isNull();
    assertThat(cluster.serve()).isInstanceOf(ServeLookup.Details.class);
    assertThat(observed.observation().readyServeEndpoints()).isEqualTo(1);
    assertThat(observed.observation().servePods()).singleElement()
        .satisfies(p -> assertThat(p.proxyHealthy()).isTrue());

    int before = bed.serveDeploys().size();
    bed.restartOperator();
    bed.step();
    assertThat(bed.serveDeploys()).hasSize(before + 1);
    assertThat(bed.serveDeploys().get(before).body()).isEqualTo(bed.serveDeploys().get(before - 1).body());
    assertThat(bed.stored().getStatus().getServiceStatus()).as("still serving").isEqualTo("Running");
    bed.stepUntil("the application RUNNING again", s -> "RUNNING".equals(
        s.getStatus().getActiveServiceStatus().getApplicationStatuses().get("fruit").getStatusValue()));
    bed.step();
    assertThat(bed.serveDeploys()).as("remembered again").hasSize(before + 1);
    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb");
  }

  @Test
  @DisplayName("a head that lost its applications (restart without GCS fault tolerance) gets the config again")
  void headRestartRedeploys() {
    bed.create(spec -> { });
    bed.untilReady();
    bed.clients.client(ServiceBed.NS, "fruit-bbbbb", new DashboardEndpoint(bed.fake.url(), null))
        .deleteServeApplications(); // Serve is empty, as on a head that came back without its GCS state

    bed.stepUntil("redeployed", s -> bed.serveDeploys().size() == 2);
    RayService ready = bed.untilReady();

    assertThat(bed.clusterNames()).containsExactly("fruit-bbbbb");
    assertThat(ServiceBed.activeName(ready)).isEqualTo("fruit-bbbbb");
  }

  @Test
  @DisplayName("a status conflict is decided again from the latest RayService, and nothing is done twice")
  void conflictDecidesAgain() {
    RayService created = bed.create(spec -> { });
    RayService stale = bed.stored();
    RayService changed = bed.stored();
    changed.getSpec().setRayClusterDeletionDelaySeconds(30);
    client.resource(changed).update(); // a new generation meanwhile
    server.expect().put().withPath("/apis/ray.io/v1/namespaces/" + ServiceBed.NS + "/rayservices/"
        + ServiceBed.NAME + "/status").andReturn(409, new StatusBuilder().withCode(409).build()).once();

    var result = bed.loop.reconcile(stale);

    assertThat(result.resource().getMetadata().getGeneration())
        .isGreaterThan(created.getMetadata().getGeneration());
    assertThat(result.resource().getSpec().getRayClusterDeletionDelaySeconds()).isEqualTo(30);
    assertThat(bed.clusterNames()).as("one cluster, made from the second decision").containsExactly("fruit-ccccc");
  }
}
