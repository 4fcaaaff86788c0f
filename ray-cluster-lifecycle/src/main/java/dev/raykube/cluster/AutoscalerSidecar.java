package dev.raykube.cluster;

import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvFromSourceBuilder;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * The Ray autoscaler container added to the head Pod when {@code enableInTreeAutoscaling} is true. It runs
 * {@code ray kuberay-autoscaler} (the Ray image's KubeRay node provider), which scales worker groups by patching
 * {@code replicas} and {@code scaleStrategy.workersToDelete} of the RayCluster, with the RBAC of
 * {@link AutoscalerRbac}.
 *
 * <p>Defaults: image and pull policy {@code IfNotPresent} of the head's Ray container, 500m CPU / 512Mi memory
 * (requests = limits), environment {@code RAY_CLUSTER_NAME}, {@code RAY_CLUSTER_NAMESPACE},
 * {@code RAY_HEAD_POD_NAME}, {@code KUBERAY_CRD_VER=v1} and {@code KUBERAY_GEN_AUTOSCALER_START_CMD}, plus the token
 * auth variables when token authentication is on. {@code autoscalerOptions} then replaces resources, image, pull
 * policy, security context, command and args, and appends env, envFrom and volume mounts.
 */
public final class AutoscalerSidecar {

  /** The container's name. */
  public static final String NAME = "autoscaler";
  /** The command that starts the autoscaler; also exported as {@code KUBERAY_GEN_AUTOSCALER_START_CMD}. */
  public static final String START_COMMAND =
      "ray kuberay-autoscaler --cluster-name $(RAY_CLUSTER_NAME) --cluster-namespace $(RAY_CLUSTER_NAMESPACE)";
  /** Environment variable that switches Ray to autoscaler v2. */
  public static final String AUTOSCALER_V2_ENV = "RAY_enable_autoscaler_v2";

  private AutoscalerSidecar() {
  }

  /** Whether the spec turns the in-tree autoscaler on. */
  public static boolean isEnabled(RayClusterSpec spec) {
    return spec != null && Boolean.TRUE.equals(spec.getEnableInTreeAutoscaling());
  }

  /** Whether autoscaling is on and {@code autoscalerOptions.version} is {@code v2}. */
  public static boolean isV2(RayClusterSpec spec) {
    return isEnabled(spec) && spec.getAutoscalerOptions() != null
        && spec.getAutoscalerOptions().getVersion() == AutoscalerVersion.V2;
  }

  /** The autoscaler container for a cluster whose head Ray container uses {@code headImage}. */
  public static Container build(RayCluster cluster, String headImage, ClusterBuildSettings settings) {
    Container container = new ContainerBuilder()
        .withName(NAME)
        .withImage(headImage)
        .withImagePullPolicy("IfNotPresent")
        .withCommand(settings.shellCommand())
        .withArgs(START_COMMAND)
        .withResources(new ResourceRequirementsBuilder()
            .addToRequests("cpu", new Quantity("500m")).addToRequests("memory", new Quantity("512Mi"))
            .addToLimits("cpu", new Quantity("500m")).addToLimits("memory", new Quantity("512Mi"))
            .build())
        .build();
    ContainerEnv.set(container, ContainerEnv.fieldRef("RAY_CLUSTER_NAME",
        "metadata.labels['" + RayClusterLabels.CLUSTER + "']"));
    ContainerEnv.set(container, ContainerEnv.fieldRef("RAY_CLUSTER_NAMESPACE", "metadata.namespace"));
    ContainerEnv.set(container, ContainerEnv.fieldRef("RAY_HEAD_POD_NAME", "metadata.name"));
    ContainerEnv.set(container, "KUBERAY_CRD_VER", "v1");
    ContainerEnv.set(container, "KUBERAY_GEN_AUTOSCALER_START_CMD", START_COMMAND);
    if (TokenAuth.isEnabled(cluster.getSpec())) {
      TokenAuth.addEnv(container, cluster);
    }
    merge(container, cluster.getSpec().getAutoscalerOptions());
    return container;
  }

  private static void merge(Container container, AutoscalerOptions options) {
    if (options == null) {
      return;
    }
    if (options.getResources() != null) {
      container.setResources(new ResourceRequirementsBuilder(options.getResources()).build());
    }
    if (options.getImage() != null && !options.getImage().isBlank()) {
      container.setImage(options.getImage());
    }
    if (options.getImagePullPolicy() != null && !options.getImagePullPolicy().isBlank()) {
      container.setImagePullPolicy(options.getImagePullPolicy());
    }
    if (options.getEnv() != null && !options.getEnv().isEmpty()) {
      List<io.fabric8.kubernetes.api.model.EnvVar> env = new ArrayList<>(container.getEnv());
      options.getEnv().forEach(e -> env.add(new EnvVarBuilder(e).build()));
      container.setEnv(env);
    }
    if (options.getEnvFrom() != null && !options.getEnvFrom().isEmpty()) {
      container.setEnvFrom(options.getEnvFrom().stream().map(e -> new EnvFromSourceBuilder(e).build()).toList());
    }
    if (options.getVolumeMounts() != null && !options.getVolumeMounts().isEmpty()) {
      container.setVolumeMounts(new ArrayList<>(
          options.getVolumeMounts().stream().map(m -> new VolumeMountBuilder(m).build()).toList()));
    }
    if (options.getSecurityContext() != null) {
      container.setSecurityContext(new SecurityContextBuilder(options.getSecurityContext()).build());
    }
    if (options.getCommand() != null && !options.getCommand().isEmpty()) {
      container.setCommand(List.copyOf(options.getCommand()));
    }
    if (options.getArgs() != null && !options.getArgs().isEmpty()) {
      container.setArgs(List.copyOf(options.getArgs()));
    }
  }
}
