package dev.raykube.bench.soak;

import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What one RayService of the soak does: it is created, becomes Ready, and then either keeps serving to the end, is
 * upgraded to a new cluster (the head's memory limit raised: a cluster-changing change), or is deleted. Drawn from a
 * seeded random of its own, so adding RayServices did not change the RayJobs a seed names.
 *
 * @param name the RayService's name ({@code s-0003})
 * @param kind what it does once Ready
 * @param createAt when the soak creates it, from the start
 * @param actAfter for upgraded and deleted ones: how long after it is first seen Ready the soak acts
 */
record ServicePlan(String name, Kind kind, Duration createAt, Duration actAfter) {

  /** The Serve application every RayService of the soak runs. */
  static final String APPLICATION = "fruit_app";

  /** Seconds between the switch to a new cluster and the deletion of the old one. */
  static final int DELETION_DELAY_SECONDS = 5;

  /** What a RayService of the soak does once it is Ready. */
  enum Kind {
    /** Serves until the end: Ready, its one cluster running the application. */
    SERVES,
    /** Its cluster spec changed: Ready again on a new cluster, the old one deleted. */
    UPGRADED,
    /** Deleted: gone, with its clusters. */
    DELETED
  }

  private static final KubernetesSerialization YAML = new KubernetesSerialization();

  /**
   * Draws {@code count} plans, created within {@code window}. The kinds are dealt from a seeded shuffle of all three
   * (a new shuffle when the deck is used up), so that even a run of three RayServices meets each kind.
   */
  static List<ServicePlan> draw(int count, Random random, Duration window) {
    List<ServicePlan> plans = new ArrayList<>();
    SeededDeck<Kind> deck = new SeededDeck<>(Kind.values(), random);
    for (int i = 0; i < count; i++) {
      Kind kind = deck.next();
      Duration createAt = Duration.ofMillis((long) (window.toMillis() * random.nextDouble()));
      Duration actAfter = Duration.ofMillis(2000 + (long) (13_000 * random.nextDouble()));
      plans.add(new ServicePlan(String.format(Locale.ROOT, "s-%04d", i), kind, createAt, actAfter));
    }
    return plans;
  }

  /**
   * The RayService object: one application of two deployments on the soak's cluster spec (token authentication),
   * upgraded by starting a new cluster.
   */
  RayService rayService(String namespace) {
    return YAML.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayService
        metadata:
          name: %s
          namespace: %s
        spec:
          upgradeStrategy:
            type: NewCluster
          rayClusterDeletionDelaySeconds: %d
          serveConfigV2: |
            applications:
              - name: %s
                import_path: fruit.deployment_graph
                route_prefix: /fruit
                deployments:
                  - name: MangoStand
                    num_replicas: 1
                  - name: FruitMarket
                    num_replicas: 1
          rayClusterConfig:
        %s""".formatted(name, namespace, DELETION_DELAY_SECONDS, APPLICATION, SoakClusters.SPEC.indent(4)),
        RayService.class);
  }

  /** The upgrade: the head's memory limit from 2Gi to 3Gi, which needs a new cluster. */
  static void upgrade(RayService service) {
    service.getSpec().getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .getResources().getLimits().put("memory", new Quantity("3Gi"));
  }
}
