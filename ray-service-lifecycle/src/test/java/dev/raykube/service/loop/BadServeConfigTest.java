package dev.raykube.service.loop;

import static dev.raykube.service.loop.RayServiceRolloutTest.condition;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceDecision;
import dev.raykube.service.observe.ObservedRayService;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** A serve config Serve rejects: reported at once, with Serve's words, and never sent again until it changes. */
@EnableKubernetesMockClient(crud = true)
class BadServeConfigTest {

  static final String NO_IMPORT_PATH = "applications:\n  - name: fruit\n    route_prefix: /fruit\n";

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
  @DisplayName("rejected config: Ready=False/ServeDeployFailed with Serve's message and one Warning, in the same "
      + "reconcile; no hot loop")
  void rejectedConfig() {
    bed.create(spec -> spec.setServeConfigV2(NO_IMPORT_PATH));
    bed.step(); // the cluster
    Reconciled<RayService, ObservedRayService, RayServiceDecision, ActionOutcome<RayServiceAction>> rejected = null;
    for (int i = 0; i < 5 && bed.serveDeploys().isEmpty(); i++) {
      rejected = bed.step();
    }
    assertThat(bed.serveDeploys()).hasSize(1);
    assertThat(rejected.outcomes()).anySatisfy(o -> {
      assertThat(o.action()).isInstanceOf(RayServiceAction.DeployServeConfig.class);
      assertThat(o.result()).isEqualTo(ActionOutcome.Result.REJECTED);
      assertThat(o.problem()).contains("import_path");
    });

    RayService stored = bed.stored();
    Condition ready = condition(stored, "Ready");
    assertThat(ready.getStatus()).isEqualTo("False");
    assertThat(ready.getReason()).isEqualTo("ServeDeployFailed");
    assertThat(ready.getMessage()).contains("import_path");
    assertThat(warnings("ServeDeployFailed")).hasSize(1);
    assertThat(rejected.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isGreaterThanOrEqualTo(
        Duration.ofSeconds(30)));

    for (int i = 0; i < 3; i++) {
      var again = bed.step();
      assertThat(again.outcomes()).noneMatch(o -> o.action() instanceof RayServiceAction.DeployServeConfig);
    }
    assertThat(bed.serveDeploys()).as("not sent again").hasSize(1);
    assertThat(warnings("ServeDeployFailed")).as("no repeated Warning").hasSize(1);
    assertThat(warnings("ServeDeployFailed").get(0).getCount()).isEqualTo(1);

    bed.edit(spec -> spec.setServeConfigV2(ServiceBed.SERVE_YAML));
    RayService fixed = bed.untilReady();
    assertThat(condition(fixed, "Ready").getStatus()).isEqualTo("True");
    assertThat(bed.serveDeploys()).hasSize(2);
  }

  private java.util.List<Event> warnings(String reason) {
    return bed.kubeEvents().stream().filter(e -> "Warning".equals(e.getType()) && reason.equals(e.getReason()))
        .toList();
  }
}
