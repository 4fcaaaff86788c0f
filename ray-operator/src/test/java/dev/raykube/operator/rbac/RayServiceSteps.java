package dev.raykube.operator.rbac;

import static dev.raykube.testing.Eventually.await;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.rayservice.RayServiceController;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.ServeEndpointSlice;
import dev.raykube.service.decide.RayServiceSettings;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the RayService controller does beyond the sample, driven for {@link RbacScenario}: with every head's dashboard
 * at a {@link FakeRayDashboard} (reached through the production in-cluster access, so head Services are read as in a
 * real cluster, with only the URL replaced) and every serve proxy healthy, a copy of the sample goes through create →
 * Ready (its serve Service's EndpointSlice written as the EndpointSlice controller would) → a serve config change and
 * a replica change, both in place → a cluster-changing upgrade (a new cluster, the Services switched to it, the old
 * one marked dangling and deleted after {@value #DELETION_DELAY_SECONDS} s) → suspend (clusters and Services
 * deleted) → resume → deletion, during which the RayService changes (the finalizer patch conflicts, and the
 * RayService is read again). It keeps the sample's Serve application names: one fake plays every head, so two
 * RayServices with different applications would each take the other's away.
 */
final class RayServiceSteps {

  private static final Path SAMPLE = Path.of("..", "examples", "manifests", "rayservice.yaml");
  private static final String NAME = "rbac-serve";
  private static final int DELETION_DELAY_SECONDS = 1;
  /** Production settings, but quicker polls, so that the scenario does not wait for seconds between looks. */
  private static final RayServiceSettings SETTINGS = RayServiceSettings.defaults()
      .withDeployingPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
      .withSteadyPoll(Duration.ofSeconds(5)).withTeardownPoll(Duration.ofMillis(300));

  private final KubernetesClient client;
  private final String namespace;
  private final FakeRayDashboard dashboard;
  private final HeldRequest held;

  RayServiceSteps(KubernetesClient client, String namespace, FakeRayDashboard dashboard, HeldRequest held) {
    this.client = client;
    this.namespace = namespace;
    this.dashboard = dashboard;
    this.held = held;
  }

  /**
   * The controllers with the RayService controller's dashboards at {@code dashboard} (the in-cluster access with the
   * URL replaced) and a proxy probe that finds every serve Pod healthy (Pod IPs lead nowhere on the mock).
   */
  static List<ControllerDefinition<?>> withFakeDashboard(List<ControllerDefinition<?>> controllers,
      FakeRayDashboard dashboard) {
    RayServiceController services = new RayServiceController(SETTINGS, FinalizerSettings.defaults(), context -> {
      DashboardAccess inCluster = RayJobController.inCluster(context);
      return cluster -> inCluster.endpoint(cluster).map(endpoint -> endpoint.withUrl(dashboard.url()));
    }, (podIp, port) -> true);
    return controllers.stream().map(c -> c instanceof RayServiceController ? services : c).toList();
  }

  /** Runs every step; each waits until the controller has done what it should. */
  void run() throws IOException {
    // The sample starts with the ConfigMap of its Serve app; the RayService is the ray.io document.
    String document = java.util.Arrays.stream(Files.readString(SAMPLE).split("(?m)^---\\s*$"))
        .filter(yaml -> yaml.contains("kind: RayService")).findFirst().orElseThrow();
    RayService service = client.getKubernetesSerialization().unmarshal(document, RayService.class);
    service.getMetadata().setName(NAME);
    service.getMetadata().setNamespace(namespace);
    service.getSpec().setRayClusterDeletionDelaySeconds(DELETION_DELAY_SECONDS);
    client.resource(service).create();

    await("the serve Service of " + NAME, () -> serveService() != null);
    ServeEndpointSlice.create(client, serveService(), "10.0.0.200");
    await(NAME + " Ready", () -> "True".equals(condition("Ready")));
    String first = active();

    // In place: a new serve config for the same cluster (the same Event again, aggregated), one more worker.
    int deploys = dashboard.requests("PUT", "/api/serve/applications/").size();
    edit(rayService -> {
      String config = rayService.getSpec().getServeConfigV2();
      if (!config.contains("mango: 3")) {
        throw new IllegalStateException("the sample's serve config no longer prices mangoes at 3: " + config);
      }
      rayService.getSpec().setServeConfigV2(config.replace("mango: 3", "mango: 4"));
      rayService.getSpec().getRayClusterConfig().getWorkerGroupSpecs().get(0).setReplicas(2);
    });
    await("the new serve config sent and " + first + " scaled in place", () -> {
      RayCluster cluster = cluster(first);
      return cluster != null && cluster.getSpec().getWorkerGroupSpecs().get(0).getReplicas() == 2
          && dashboard.requests("PUT", "/api/serve/applications/").stream().skip(deploys)
              .anyMatch(request -> request.body().contains("\"mango\":4"));
    });

    // A change that needs a new cluster: it comes up, the Services switch to it, the old one goes after the delay.
    edit(rayService -> {
      Container head = rayService.getSpec().getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec()
          .getContainers().get(0);
      List<EnvVar> env = new ArrayList<>(head.getEnv() == null ? List.of() : head.getEnv());
      env.add(new EnvVar("RAYKUBE_RBAC_UPGRADE", "1", null));
      head.setEnv(env);
    });
    await("the Services switched to a new cluster and " + first + " deleted", () -> {
      String now = active();
      Service serve = serveService();
      return now != null && !now.equals(first) && cluster(first) == null && serve != null
          && now.equals(serve.getSpec().getSelector().get("ray.io/cluster"));
    });

    // Suspend: every cluster and both Services are deleted; resume: a cluster again.
    edit(rayService -> rayService.getSpec().setSuspend(true));
    await(NAME + " Suspended", () -> "True".equals(condition("Suspended")) && clusters().isEmpty()
        && serveService() == null && client.services().inNamespace(namespace).withName(NAME + "-head-svc")
            .get() == null);
    edit(rayService -> rayService.getSpec().setSuspend(false));
    await("a cluster of " + NAME + " after resuming", () -> !clusters().isEmpty());

    deleteWhileChanging();
  }

  /**
   * Deletes the RayService while the deletion of its cluster is held at the API server, and changes the RayService's
   * labels meanwhile: the finalizer patch made from the RayService as it was when the clean-up began conflicts (409),
   * so Java Operator SDK reads it again and patches the new version.
   */
  private void deleteWhileChanging() {
    HeldRequest.Hold hold = held.next(call -> "delete".equals(call.verb()) && "rayclusters".equals(call.resource())
        && call.name() != null && call.name().startsWith(NAME + "-"));
    try {
      client.resources(RayService.class).inNamespace(namespace).withName(NAME).delete();
      await("the clean-up of " + NAME + " deleting its cluster", hold::arrived);
      ConflictRetryingEdit.edit(client, RayService.class, namespace, NAME, rayService -> {
        Map<String, String> labels = new HashMap<>(rayService.getMetadata().getLabels() == null ? Map.of()
            : rayService.getMetadata().getLabels());
        labels.put("raykube.dev/touched", "during-clean-up");
        rayService.getMetadata().setLabels(labels);
      });
    } finally {
      hold.release();
    }
    await(NAME + " gone", () -> rayService() == null);
  }

  /** Changes the RayService, retrying when the operator's status write got in between (409). */
  private void edit(Consumer<RayService> change) {
    ConflictRetryingEdit.edit(client, RayService.class, namespace, NAME, change);
  }

  private RayService rayService() {
    return client.resources(RayService.class).inNamespace(namespace).withName(NAME).get();
  }

  private String condition(String type) {
    RayService current = rayService();
    if (current == null || current.getStatus() == null || current.getStatus().getConditions() == null) {
      return null;
    }
    return current.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst()
        .map(c -> c.getStatus()).orElse(null);
  }

  private String active() {
    RayService current = rayService();
    return current == null || current.getStatus() == null || current.getStatus().getActiveServiceStatus() == null
        ? null : current.getStatus().getActiveServiceStatus().getRayClusterName();
  }

  private Service serveService() {
    return client.services().inNamespace(namespace).withName(NAME + "-serve-svc").get();
  }

  private RayCluster cluster(String name) {
    return client.resources(RayCluster.class).inNamespace(namespace).withName(name).get();
  }

  /** The RayClusters of the RayService, by its origin label. */
  private List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", NAME).list().getItems();
  }
}
