package dev.raykube.cluster;

import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Builds the head Pod and the worker Pods of a RayCluster from its templates, the way KubeRay does, so existing
 * manifests behave the same. Pure: the RayCluster is never modified, and each call returns a new Pod ready to be
 * created (it has {@code generateName}, not {@code name}).
 *
 * <p>The first container of a template runs Ray. What the operator adds to a Pod:
 * <ul>
 *   <li>metadata: namespace of the cluster, {@code generateName} ({@link RayClusterNames}), labels
 *       ({@link RayClusterLabels#forPod}; the template's labels and the group's {@code labels}, merged), the controller
 *       owner reference, and the annotation {@code ray.io/overwrite-container-cmd} when the cluster carries it;</li>
 *   <li>the Ray container's command: {@code /bin/bash -c --} with {@link RayStartCommand#shellArgument}, unless the
 *       user's command already contains {@code ray start} or {@code ray.io/overwrite-container-cmd: "true"} is set;</li>
 *   <li>its environment ({@link RayContainerEnv}), a {@code metrics} port (the {@code metrics-export-port}, 8080) if
 *       there is none, and liveness/readiness probes if it has none ({@link RayProbes}; a worker labelled
 *       {@code ray.io/serve=true}, as a RayService's workers are, also has its Serve proxy checked by the readiness
 *       probe);</li>
 *   <li>a {@code shared-mem} emptyDir (medium Memory, size = memory limit or request) at {@code /dev/shm} for Ray's
 *       object store, unless {@code plasma-directory} is set or something is mounted there already;</li>
 *   <li>head only: the autoscaler sidecar, its ServiceAccount and a {@code /tmp/ray} log volume shared with it
 *       ({@link AutoscalerSidecar}) when autoscaling is on; GCS fault tolerance settings
 *       ({@link GcsFaultTolerance});</li>
 *   <li>workers only: the {@code wait-gcs-ready} init container after the user's init containers
 *       ({@link GcsReadinessInitContainer}), unless {@link ClusterBuildSettings#initContainerInjection()} is off;</li>
 *   <li>every init container: {@code FQ_RAY_IP} and {@code RAY_IP};</li>
 *   <li>token authentication variables on the Ray container, {@code wait-gcs-ready} and the autoscaler
 *       ({@link TokenAuth}); with autoscaler v2, {@code restartPolicy: Never} and {@code RAY_enable_autoscaler_v2};</li>
 *   <li>the operator-wide {@link ClusterBuildSettings#podDefaults()}: labels and annotations where absent, sidecars
 *       last;</li>
 *   <li>the batch scheduler's labels, annotations and {@code schedulerName} ({@link BatchSchedulerMetadata}), with
 *       {@link ClusterBuildSettings#batchScheduler()}.</li>
 * </ul>
 */
public final class RayPodFactory {

  static final String SHARED_MEMORY_VOLUME = "shared-mem";
  static final String SHARED_MEMORY_PATH = "/dev/shm";
  static final String RAY_LOGS_VOLUME = "ray-logs";
  static final String RAY_LOGS_PATH = "/tmp/ray";
  static final String METRICS_PORT_NAME = "metrics";

  private final ClusterBuildSettings settings;

  /** A factory for the given operator settings. */
  public RayPodFactory(ClusterBuildSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** The settings this factory builds with. */
  public ClusterBuildSettings settings() {
    return settings;
  }

  /**
   * The head Pod of the cluster.
   *
   * @throws IllegalArgumentException if the head template has no container or the GCS port is invalid (problems
   *     {@link RayClusterValidator} reports first)
   */
  public Pod head(RayCluster cluster) {
    HeadGroupSpec head = requireHead(cluster);
    HeadAddress address = HeadAddress.of(cluster, settings);
    String clusterName = cluster.getMetadata().getName();
    PodTemplateSpec template = copyTemplate(head.getTemplate(), "spec.headGroupSpec.template");
    Container userRay = new ContainerBuilder(head.getTemplate().getSpec().getContainers().get(0)).build();
    SortedMap<String, String> params = RayStartParams.forHead(cluster, userRay);

    PodSpec spec = template.getSpec();
    Container ray = spec.getContainers().get(0);
    Map<String, String> annotations = annotations(template, cluster, settings);
    Map<String, String> labels = RayClusterLabels.forPod(clusterName, RayNodeType.HEAD, null,
        merged(template.getMetadata().getLabels(), head.getLabels()), settings.createdBy());

    boolean autoscaling = AutoscalerSidecar.isEnabled(cluster.getSpec());
    if (autoscaling) {
      spec.setServiceAccountName(AutoscalerRbac.serviceAccountName(cluster));
      spec.getContainers().add(AutoscalerSidecar.build(cluster, ray.getImage(), settings));
      configureAutoscalerVersion(cluster, spec, ray);
    }
    GcsFaultTolerance.configureHead(annotations, ray, cluster, params);
    addMetricsPort(ray, params);
    if (TokenAuth.isEnabled(cluster.getSpec())) {
      TokenAuth.addEnv(ray, cluster);
      TokenAuth.addTokenVolume(spec, cluster);
    }
    if (autoscaling) {
      shareLogVolume(spec, ray, spec.getContainers().get(spec.getContainers().size() - 1));
    }
    ObjectMeta meta = metadata(cluster, RayClusterNames.headPodPrefix(clusterName), labels, annotations);
    return finish(cluster, RayNodeType.HEAD, BatchSchedulerMetadata.HEAD_GROUP, meta, spec, userRay, params, address);
  }

  /**
   * A worker Pod of the given group of the cluster.
   *
   * @throws IllegalArgumentException if the group's template has no container or the GCS port is invalid
   */
  public Pod worker(RayCluster cluster, WorkerGroupSpec group) {
    return worker(cluster, group, WorkerSlot.UNINDEXED);
  }

  /**
   * A worker Pod of the given group of the cluster in the given slot of the group: the slot's labels
   * ({@link WorkerSlot#labels()}) are added on top of the user's, as KubeRay adds them.
   *
   * @throws IllegalArgumentException if the group's template has no container or the GCS port is invalid
   */
  public Pod worker(RayCluster cluster, WorkerGroupSpec group, WorkerSlot slot) {
    requireHead(cluster);
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(slot, "slot");
    String where = "worker group '" + group.getGroupName() + "' template";
    if (group.getTemplate() == null || group.getTemplate().getSpec() == null
        || group.getTemplate().getSpec().getContainers() == null
        || group.getTemplate().getSpec().getContainers().isEmpty()) {
      throw new IllegalArgumentException(where + " has no container; the first container runs Ray");
    }
    HeadAddress address = HeadAddress.of(cluster, settings);
    String clusterName = cluster.getMetadata().getName();
    PodTemplateSpec template = copyTemplate(group.getTemplate(), where);
    Container userRay = new ContainerBuilder(group.getTemplate().getSpec().getContainers().get(0)).build();
    SortedMap<String, String> params = RayStartParams.forWorker(group, userRay, address);

    PodSpec spec = template.getSpec();
    Container ray = spec.getContainers().get(0);
    Container waitGcs = null;
    if (settings.initContainerInjection()) {
      waitGcs = GcsReadinessInitContainer.build(userRay, address, settings);
      List<Container> inits = spec.getInitContainers() == null ? new ArrayList<>()
          : new ArrayList<>(spec.getInitContainers());
      inits.add(waitGcs);
      spec.setInitContainers(inits);
    }
    Map<String, String> annotations = annotations(template, cluster, settings);
    Map<String, String> labels = RayClusterLabels.forPod(clusterName, RayNodeType.WORKER, group.getGroupName(),
        merged(template.getMetadata().getLabels(), group.getLabels()), settings.createdBy());
    labels.putAll(slot.labels());

    GcsFaultTolerance.configureWorker(ray, cluster);
    addMetricsPort(ray, params);
    if (AutoscalerSidecar.isV2(cluster.getSpec())) {
      spec.setRestartPolicy("Never");
    }
    if (TokenAuth.isEnabled(cluster.getSpec())) {
      TokenAuth.addEnv(ray, cluster);
      TokenAuth.addTokenVolume(spec, cluster);
      if (waitGcs != null) {
        TokenAuth.addEnv(waitGcs, cluster);
      }
    }
    ObjectMeta meta = metadata(cluster, RayClusterNames.workerPodPrefix(clusterName, group.getGroupName()), labels,
        annotations);
    return finish(cluster, RayNodeType.WORKER, group.getGroupName(), meta, spec, userRay, params, address);
  }

  private Pod finish(RayCluster cluster, RayNodeType type, String group, ObjectMeta meta, PodSpec spec,
      Container userRay, SortedMap<String, String> params, HeadAddress address) {
    settings.podDefaults().applyTo(type, meta, spec);
    BatchSchedulerMetadata.stamp(settings.batchScheduler(), cluster.getMetadata(),
        () -> YuniKornTaskGroups.forCluster(cluster.getSpec()), meta, spec, group);
    Container ray = spec.getContainers().get(0);
    if (!params.containsKey(RayStartParams.PLASMA_DIRECTORY)) {
      addSharedMemory(spec, ray);
    }
    RayStartCommand command = new RayStartCommand(type, params);
    if (!overwritesCommand(meta) && !RayStartCommand.startsRayItself(userRay)) {
      ray.setCommand(settings.shellCommand());
      ray.setArgs(List.of(command.shellArgument(userRay)));
    }
    if (spec.getInitContainers() != null) {
      spec.getInitContainers().forEach(init -> RayContainerEnv.applyToInitContainer(init, address));
    }
    RayContainerEnv.apply(ray, type, cluster, address, command.text(), settings);
    if (settings.probeInjection()) {
      boolean serves = type == RayNodeType.WORKER && "true".equals(meta.getLabels().get(RayClusterLabels.SERVE));
      RayProbes.apply(ray, type, cluster.getSpec().getRayVersion(), params,
          serves ? HeadServiceFactory.servePort(ray) : RayProbes.NO_SERVE_PROXY);
    }
    return new PodBuilder().withApiVersion("v1").withKind("Pod").withMetadata(meta).withSpec(spec).build();
  }

  private static void configureAutoscalerVersion(RayCluster cluster, PodSpec spec, Container ray) {
    var options = cluster.getSpec().getAutoscalerOptions();
    AutoscalerVersion version = options == null ? null : options.getVersion();
    if (version == AutoscalerVersion.V2) {
      ContainerEnv.set(ray, AutoscalerSidecar.AUTOSCALER_V2_ENV, "true");
      spec.setRestartPolicy("Never");
    } else if (version == AutoscalerVersion.V1) {
      ContainerEnv.set(ray, AutoscalerSidecar.AUTOSCALER_V2_ENV, "false");
    }
  }

  private ObjectMeta metadata(RayCluster cluster, String generateName, Map<String, String> labels,
      Map<String, String> annotations) {
    ObjectMeta meta = new ObjectMeta();
    meta.setGenerateName(generateName);
    meta.setNamespace(cluster.getMetadata().getNamespace());
    meta.setLabels(labels);
    meta.setAnnotations(annotations.isEmpty() ? null : annotations);
    meta.setOwnerReferences(List.of(ClusterOwnerReference.of(cluster)));
    return meta;
  }

  private static Map<String, String> annotations(PodTemplateSpec template, RayCluster cluster,
      ClusterBuildSettings settings) {
    Map<String, String> annotations = new TreeMap<>();
    if (template.getMetadata().getAnnotations() != null) {
      annotations.putAll(template.getMetadata().getAnnotations());
    }
    annotations.putAll(RecreateUpgrade.podAnnotations(cluster, settings));
    Map<String, String> clusterAnnotations = cluster.getMetadata().getAnnotations();
    if (clusterAnnotations != null
        && "true".equalsIgnoreCase(clusterAnnotations.get(RayClusterLabels.OVERWRITE_CONTAINER_CMD_ANNOTATION))) {
      annotations.put(RayClusterLabels.OVERWRITE_CONTAINER_CMD_ANNOTATION, "true");
    }
    return annotations;
  }

  private static boolean overwritesCommand(ObjectMeta meta) {
    return meta.getAnnotations() != null
        && "true".equalsIgnoreCase(meta.getAnnotations().get(RayClusterLabels.OVERWRITE_CONTAINER_CMD_ANNOTATION));
  }

  private static Map<String, String> merged(Map<String, String> templateLabels, Map<String, String> groupLabels) {
    Map<String, String> merged = new TreeMap<>();
    if (templateLabels != null) {
      merged.putAll(templateLabels);
    }
    if (groupLabels != null) {
      merged.putAll(groupLabels);
    }
    return merged;
  }

  private static void addMetricsPort(Container ray, Map<String, String> params) {
    List<ContainerPort> ports = ray.getPorts() == null ? new ArrayList<>() : new ArrayList<>(ray.getPorts());
    if (ports.stream().noneMatch(p -> METRICS_PORT_NAME.equals(p.getName()))) {
      int port = RayStartParams.DEFAULT_METRICS_PORT;
      try {
        port = Integer.parseInt(params.getOrDefault(RayStartParams.METRICS_EXPORT_PORT, "").strip());
      } catch (NumberFormatException notANumber) {
        // keep the default port
      }
      ports.add(new ContainerPortBuilder().withName(METRICS_PORT_NAME).withContainerPort(port).build());
    }
    ray.setPorts(ports);
  }

  private static void addSharedMemory(PodSpec spec, Container ray) {
    if (mountAt(ray, SHARED_MEMORY_PATH) != null) {
      return;
    }
    if (volume(spec, SHARED_MEMORY_VOLUME) == null) {
      Quantity size = null;
      if (ray.getResources() != null) {
        if (ray.getResources().getLimits() != null) {
          size = ray.getResources().getLimits().get("memory");
        }
        if (size == null && ray.getResources().getRequests() != null) {
          size = ray.getResources().getRequests().get("memory");
        }
      }
      addVolume(spec, new VolumeBuilder().withName(SHARED_MEMORY_VOLUME).withNewEmptyDir().withMedium("Memory")
          .withSizeLimit(size == null ? null : new Quantity(size.getAmount(), size.getFormat()))
          .endEmptyDir().build());
    }
    addMount(ray, new VolumeMountBuilder().withName(SHARED_MEMORY_VOLUME).withMountPath(SHARED_MEMORY_PATH).build());
  }

  /** Mounts the Ray container's {@code /tmp/ray} (adding an emptyDir if it has none) into the autoscaler. */
  private static void shareLogVolume(PodSpec spec, Container ray, Container autoscaler) {
    VolumeMount rayLogs = mountAt(ray, RAY_LOGS_PATH);
    if (rayLogs == null) {
      if (volume(spec, RAY_LOGS_VOLUME) == null) {
        addVolume(spec, new VolumeBuilder().withName(RAY_LOGS_VOLUME).withNewEmptyDir().endEmptyDir().build());
      }
      rayLogs = new VolumeMountBuilder().withName(RAY_LOGS_VOLUME).withMountPath(RAY_LOGS_PATH).build();
      addMount(ray, rayLogs);
    }
    if (mountAt(autoscaler, RAY_LOGS_PATH) == null) {
      addMount(autoscaler, new VolumeMountBuilder().withName(rayLogs.getName()).withMountPath(RAY_LOGS_PATH)
          .withSubPath(rayLogs.getSubPath()).build());
    }
  }

  private static VolumeMount mountAt(Container container, String path) {
    return container.getVolumeMounts() == null ? null : container.getVolumeMounts().stream()
        .filter(m -> path.equals(m.getMountPath())).findFirst().orElse(null);
  }

  private static Volume volume(PodSpec spec, String name) {
    return spec.getVolumes() == null ? null
        : spec.getVolumes().stream().filter(v -> name.equals(v.getName())).findFirst().orElse(null);
  }

  private static void addVolume(PodSpec spec, Volume volume) {
    List<Volume> volumes = spec.getVolumes() == null ? new ArrayList<>() : new ArrayList<>(spec.getVolumes());
    volumes.add(volume);
    spec.setVolumes(volumes);
  }

  private static void addMount(Container container, VolumeMount mount) {
    List<VolumeMount> mounts = container.getVolumeMounts() == null ? new ArrayList<>()
        : new ArrayList<>(container.getVolumeMounts());
    mounts.add(mount);
    container.setVolumeMounts(mounts);
  }

  private static HeadGroupSpec requireHead(RayCluster cluster) {
    Objects.requireNonNull(cluster, "cluster");
    if (cluster.getMetadata() == null || cluster.getMetadata().getName() == null) {
      throw new IllegalArgumentException("the RayCluster has no metadata.name");
    }
    HeadGroupSpec head = cluster.getSpec() == null ? null : cluster.getSpec().getHeadGroupSpec();
    if (head == null || head.getTemplate() == null || head.getTemplate().getSpec() == null
        || head.getTemplate().getSpec().getContainers() == null
        || head.getTemplate().getSpec().getContainers().isEmpty()) {
      throw new IllegalArgumentException(
          "spec.headGroupSpec.template has no container; the first container runs Ray");
    }
    return head;
  }

  private static PodTemplateSpec copyTemplate(PodTemplateSpec template, String where) {
    PodTemplateSpec copy = new PodTemplateSpecBuilder(template).build();
    if (copy.getMetadata() == null) {
      copy.setMetadata(new ObjectMeta());
    }
    if (copy.getSpec() == null) {
      throw new IllegalArgumentException(where + " has no spec");
    }
    copy.getSpec().setContainers(new ArrayList<>(copy.getSpec().getContainers()));
    return copy;
  }
}
