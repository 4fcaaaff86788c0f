package dev.raykube.service.decide;

import dev.raykube.dashboard.ServeApplicationDetails;
import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.dashboard.ServeDeploymentDetails;
import dev.raykube.dashboard.ServeDeploymentStatus;
import dev.raykube.dashboard.ServeInstanceDetails;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Builders for the state machine's inputs. Every RayService is called {@code demo}; its clusters {@code demo-xxxxx}. */
final class Fixtures {

  static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
  static final String NAME = "demo";
  static final String ACTIVE = "demo-aaaaa";
  static final String PENDING = "demo-ppppp";
  static final String SERVE_YAML = "applications:\n  - name: fruit\n    import_path: fruit:app\n    route_prefix: /fruit\n";
  static final String OTHER_SERVE_YAML = "applications:\n  - name: fruit\n    import_path: fruit:app\n"
      + "    route_prefix: /fruit\n    runtime_env:\n      env_vars:\n        PRICE: \"2\"\n";
  static final ServeConfig CONFIG = ServeConfig.parse(SERVE_YAML);

  private Fixtures() {
  }

  static Instant at(long seconds) {
    return T0.plusSeconds(seconds);
  }

  static String time(long seconds) {
    return StatusTimes.format(at(seconds));
  }

  static Duration seconds(long s) {
    return Duration.ofSeconds(s);
  }

  /** A deterministic suffix source: "bbbbb", "ccccc", "ddddd", … */
  static NameSuffixes suffixes() {
    char[] next = {'b'};
    return () -> String.valueOf(next[0]++).repeat(5);
  }

  static RayServiceStateMachine machine() {
    return new RayServiceStateMachine(RayServiceSettings.defaults(), suffixes());
  }

  static PodTemplateSpec template(String container, String image) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container).withImage(image)
        .endContainer().endSpec().build();
  }

  static WorkerGroupSpec group(String name, int replicas) {
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName(name);
    workers.setReplicas(replicas);
    workers.setMinReplicas(0);
    workers.setMaxReplicas(4);
    workers.setTemplate(template("ray-worker", "rayproject/ray:2.60.0"));
    return workers;
  }

  static RayClusterSpec clusterSpec() {
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(new LinkedHashMap<>(Map.of("dashboard-host", "0.0.0.0")));
    head.setTemplate(template("ray-head", "rayproject/ray:2.60.0"));
    spec.setHeadGroupSpec(head);
    spec.setWorkerGroupSpecs(new ArrayList<>(List.of(group("small", 1))));
    return spec;
  }

  /**
   * {@code spec} as a cluster of RayService {@code demo} is made of it when Serve runs a proxy on every node (the
   * fixtures' serve config): a copy whose head and worker Pod templates also carry the labels
   * {@code ray.io/originated-from-crd=RayService} and {@code ray.io/originated-from-cr-name=demo}, the worker
   * templates also {@code ray.io/serve=true}.
   */
  static RayClusterSpec withOriginLabels(RayClusterSpec spec) {
    RayClusterSpec copy = ModelCopies.copy(spec, RayClusterSpec.class);
    List<PodTemplateSpec> templates = new ArrayList<>();
    templates.add(copy.getHeadGroupSpec().getTemplate());
    copy.getWorkerGroupSpecs().forEach(g -> templates.add(g.getTemplate()));
    for (var template : templates) {
      boolean worker = template != copy.getHeadGroupSpec().getTemplate();
      Map<String, String> labels = new LinkedHashMap<>();
      if (template.getMetadata() == null) {
        template.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMeta());
      } else if (template.getMetadata().getLabels() != null) {
        labels.putAll(template.getMetadata().getLabels());
      }
      labels.put("ray.io/originated-from-crd", "RayService");
      labels.put("ray.io/originated-from-cr-name", NAME);
      if (worker) {
        labels.put("ray.io/serve", "true");
      }
      template.getMetadata().setLabels(labels);
    }
    return copy;
  }

  /** A valid RayService {@code demo} without status. */
  static RayService service(Consumer<RayServiceSpec> change) {
    RayService service = new RayService();
    service.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace("ns").withUid("uid-demo")
        .withGeneration(1L).build());
    RayServiceSpec spec = new RayServiceSpec();
    spec.setRayClusterConfig(clusterSpec());
    spec.setServeConfigV2(SERVE_YAML);
    change.accept(spec);
    service.setSpec(spec);
    return service;
  }

  static RayService service() {
    return service(spec -> { });
  }

  /** The RayService with a status changed by {@code change}. */
  static RayService in(RayService service, Consumer<RayServiceStatus> change) {
    RayServiceStatus status = service.getStatus() == null ? new RayServiceStatus() : service.getStatus();
    change.accept(status);
    service.setStatus(status);
    return service;
  }

  /** A RayService serving from {@link #ACTIVE}, Ready since {@code time(0)}. */
  static RayService serving(Consumer<RayServiceSpec> change) {
    return in(service(change), s -> {
      s.setActiveServiceStatus(clusterStatus(ACTIVE));
      s.setConditions(List.of(condition(RayServiceConditionType.READY, "True", "NonZeroServeEndpoints", 0)));
    });
  }

  /** A RayService serving from {@link #ACTIVE} and upgrading to {@link #PENDING}. */
  static RayService upgrading(Consumer<RayServiceSpec> change) {
    return in(serving(change), s -> s.setPendingServiceStatus(clusterStatus(PENDING)));
  }

  static RayServiceClusterStatus clusterStatus(String name) {
    RayServiceClusterStatus status = new RayServiceClusterStatus();
    status.setRayClusterName(name);
    return status;
  }

  static Condition condition(RayServiceConditionType type, String status, String reason, long since) {
    Condition c = new Condition();
    c.setType(type.value());
    c.setStatus(status);
    c.setReason(reason);
    c.setLastTransitionTime(time(since));
    return c;
  }

  /** A RayCluster of {@code demo} made from {@code spec}, annotated with its fingerprint, created at time(0). */
  static RayCluster cluster(String name, RayClusterSpec spec) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace("ns").withCreationTimestamp(time(0))
        .addToLabels(RayServiceLabels.ORIGINATED_FROM_CR_NAME, NAME)
        .addToAnnotations(ClusterFingerprint.of(spec).annotations()).build());
    cluster.setSpec(spec);
    RayClusterStatus status = new RayClusterStatus();
    status.setStateValue("ready");
    cluster.setStatus(status);
    return cluster;
  }

  static RayCluster cluster(String name) {
    return cluster(name, clusterSpec());
  }

  static RayCluster annotated(RayCluster cluster, String key, String value) {
    cluster.getMetadata().getAnnotations().put(key, value);
    return cluster;
  }

  static ServeInstanceDetails apps(ServeApplicationStatus... statuses) {
    Map<String, ServeApplicationDetails> apps = new LinkedHashMap<>();
    for (int i = 0; i < statuses.length; i++) {
      String name = i == 0 ? "fruit" : "app" + i;
      apps.put(name, new ServeApplicationDetails(name, "/" + name, null, statuses[i],
          statuses[i] == ServeApplicationStatus.DEPLOY_FAILED ? "ImportError: no module named fruit" : "",
          1.0, Map.of("Fruit", new ServeDeploymentDetails("Fruit", ServeDeploymentStatus.HEALTHY, ""))));
    }
    return new ServeInstanceDetails("MULTI_APP", "EveryNode", null, apps);
  }

  static ServeInstanceDetails noApps() {
    return new ServeInstanceDetails("MULTI_APP", "EveryNode", null, Map.of());
  }

  /** A cluster with a ready head whose Serve runs {@link #CONFIG} with these application statuses. */
  static ObservedCluster runningConfig(RayCluster cluster, ServeApplicationStatus... statuses) {
    return ObservedCluster.ready(cluster, ServeLookup.details(apps(statuses)),
        ServeDeployment.accepted(CONFIG.hash()));
  }

  static ObservedCluster allRunning(RayCluster cluster) {
    return runningConfig(cluster, ServeApplicationStatus.RUNNING);
  }

  static Condition conditionOf(RayServiceDecision decision, RayServiceConditionType type) {
    return decision.status().getConditions().stream().filter(c -> type.value().equals(c.getType())).findFirst()
        .orElseThrow(() -> new AssertionError("no condition " + type.value() + " in " + decision.status()));
  }
}
