package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.NAME;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.conditionOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * One RayService from creation through a zero-downtime upgrade to the deletion of its old cluster, each decision's
 * status stored and its actions carried out by a small in-test world, as the loop will do.
 */
class LifecycleScenarioTest {

  /** The clusters that exist, what each has deployed, and which cluster the Services select. */
  private final Map<String, RayCluster> clusters = new LinkedHashMap<>();
  private final Map<String, ServeDeployment> deployed = new LinkedHashMap<>();
  private final Map<String, ServeApplicationStatus> apps = new LinkedHashMap<>();
  private String selected;
  private final RayServiceStateMachine machine = Fixtures.machine();
  private RayService service = Fixtures.service();

  private RayServiceDecision step(long seconds, int endpoints) {
    RayServiceObservation observed = new RayServiceObservation(clusters.values().stream().map(c -> {
      String name = c.getMetadata().getName();
      ServeApplicationStatus status = apps.get(name);
      ServeLookup serve = ServeLookup.details(status == null ? Fixtures.noApps() : Fixtures.apps(status));
      return ObservedCluster.ready(c, serve, deployed.get(name));
    }).toList(), selected == null ? null : ServiceTarget.selects(selected),
        selected == null ? null : ServiceTarget.selects(selected), endpoints, null);
    RayServiceDecision decision = machine.decide(service, observed, at(seconds));
    service.setStatus(decision.status()); // record first, then act
    for (RayServiceAction action : decision.actions()) {
      if (action instanceof RayServiceAction.CreateCluster create) {
        RayCluster created = cluster(create.name(), create.spec());
        created.getMetadata().setAnnotations(new LinkedHashMap<>(create.annotations()));
        clusters.putIfAbsent(create.name(), created);
      } else if (action instanceof RayServiceAction.DeleteCluster delete) {
        clusters.remove(delete.name());
      } else if (action instanceof RayServiceAction.DeployServeConfig deploy) {
        deployed.put(deploy.clusterName(), ServeDeployment.accepted(deploy.configHash()));
        apps.put(deploy.clusterName(), ServeApplicationStatus.DEPLOYING);
      } else if (action instanceof RayServiceAction.PointServices point) {
        selected = point.clusterName();
      } else if (action instanceof RayServiceAction.MarkDangling mark) {
        clusters.get(mark.name()).getMetadata().getAnnotations().put(RayServiceLabels.DANGLING_SINCE,
            mark.annotationValue());
      }
    }
    return decision;
  }

  @Test
  @DisplayName("create → Ready → cluster-changing upgrade with no gap in serving → old cluster deleted after 60 s")
  void lifecycle() {
    String first = NAME + "-bbbbb";
    String second = NAME + "-ccccc";
    step(0, 0);
    assertThat(clusters).containsOnlyKeys(first);
    step(10, 0);
    assertThat(deployed).containsOnlyKeys(first);
    apps.put(first, ServeApplicationStatus.RUNNING);
    step(20, 0);
    assertThat(selected).isEqualTo(first);
    RayServiceDecision ready = step(21, 1);
    assertThat(conditionOf(ready, RayServiceConditionType.READY).getStatus()).isEqualTo("True");
    assertThat(ready.actions()).isEmpty();

    service.getSpec().getRayClusterConfig().setRayVersion("2.61.0");
    service.getMetadata().setGeneration(2L);
    RayServiceDecision upgrade = step(100, 1);
    assertThat(clusters).containsOnlyKeys(first, second);
    assertThat(conditionOf(upgrade, RayServiceConditionType.UPGRADE_IN_PROGRESS).getStatus()).isEqualTo("True");
    step(110, 1);
    assertThat(deployed).containsKey(second);
    assertThat(selected).isEqualTo(first); // still serving from the old cluster
    apps.put(second, ServeApplicationStatus.RUNNING);
    RayServiceDecision switched = step(120, 1);
    assertThat(selected).isEqualTo(second);
    assertThat(switched.status().getActiveServiceStatus().getRayClusterName()).isEqualTo(second);
    assertThat(switched.status().getObservedGeneration()).isEqualTo(2L);
    assertThat(clusters.get(first).getMetadata().getAnnotations()).containsKey(RayServiceLabels.DANGLING_SINCE);

    RayServiceDecision waiting = step(150, 1);
    assertThat(clusters).containsKey(first);
    assertThat(waiting.requeueAfter()).hasValue(Fixtures.seconds(30));
    step(180, 1);
    assertThat(clusters).containsOnlyKeys(second);
    RayServiceDecision settled = step(181, 2);
    assertThat(settled.actions()).isEmpty();
    assertThat(conditionOf(settled, RayServiceConditionType.UPGRADE_IN_PROGRESS).getStatus()).isEqualTo("False");
    assertThat(settled.status().getServiceStatus()).isEqualTo("Running");
  }
}
