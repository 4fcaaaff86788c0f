package dev.raykube.model;

import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.NetworkPolicyMode;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import dev.raykube.model.cluster.UpscalingMode;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceUpgradeType;
import dev.raykube.model.service.ServeApplicationState;
import dev.raykube.model.service.ServeDeploymentState;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every value enum serializes exactly as KubeRay's strings and parses leniently. */
class ValueEnumsTest {

  /** KubeRay's wire strings, written out independently of the enums. */
  private static final Map<Class<? extends Enum<?>>, List<String>> KUBERAY_STRINGS = new LinkedHashMap<>();

  static {
    KUBERAY_STRINGS.put(JobStatus.class, List.of("", "PENDING", "RUNNING", "STOPPED", "SUCCEEDED", "FAILED"));
    KUBERAY_STRINGS.put(JobDeploymentStatus.class, List.of("", "Initializing", "Running", "Complete", "Failed",
        "ValidationFailed", "Suspending", "Suspended", "Retrying", "Waiting"));
    KUBERAY_STRINGS.put(JobFailedReason.class, List.of("SubmissionFailed", "DeadlineExceeded",
        "PreRunningDeadlineExceeded", "AppFailed", "JobDeploymentStatusTransitionGracePeriodExceeded",
        "JobStatusCheckTimeoutExceeded", "ValidationFailed"));
    KUBERAY_STRINGS.put(JobSubmissionMode.class, List.of("K8sJobMode", "HTTPMode", "SidecarMode", "InteractiveMode"));
    KUBERAY_STRINGS.put(DeletionPolicyType.class,
        List.of("DeleteCluster", "DeleteWorkers", "DeleteSelf", "DeleteNone"));
    KUBERAY_STRINGS.put(ClusterState.class, List.of("ready", "suspended", "failed", "unhealthy"));
    KUBERAY_STRINGS.put(UpscalingMode.class, List.of("Default", "Aggressive", "Conservative"));
    KUBERAY_STRINGS.put(AutoscalerVersion.class, List.of("v1", "v2"));
    KUBERAY_STRINGS.put(IngressPathType.class, List.of("Exact", "Prefix", "ImplementationSpecific"));
    KUBERAY_STRINGS.put(NetworkPolicyMode.class, List.of("DenyAll", "DenyAllIngress", "DenyAllEgress"));
    KUBERAY_STRINGS.put(RayClusterUpgradeType.class, List.of("Recreate", "None"));
    KUBERAY_STRINGS.put(RayClusterConditionType.class, List.of("RayClusterProvisioned", "HeadPodReady",
        "ReplicaFailure", "RayClusterSuspending", "RayClusterSuspended"));
    KUBERAY_STRINGS.put(RayServiceUpgradeType.class, List.of("NewCluster", "NewClusterWithIncrementalUpgrade", "None"));
    KUBERAY_STRINGS.put(RayServiceConditionType.class, List.of("Ready", "UpgradeInProgress", "RollbackInProgress",
        "Suspending", "Suspended"));
    KUBERAY_STRINGS.put(ServeApplicationState.class, List.of("NOT_STARTED", "DEPLOYING", "RUNNING", "DEPLOY_FAILED",
        "DELETING", "UNHEALTHY"));
    KUBERAY_STRINGS.put(ServeDeploymentState.class, List.of("UPDATING", "HEALTHY", "UNHEALTHY"));
  }

  static Stream<Class<? extends Enum<?>>> enums() {
    return KUBERAY_STRINGS.keySet().stream();
  }

  @ParameterizedTest
  @MethodSource("enums")
  void wireValuesAreExactlyKubeRaysStrings(Class<? extends Enum<?>> type) throws Exception {
    List<String> wire = Arrays.stream(type.getEnumConstants())
        .filter(c -> !c.name().equals("UNKNOWN"))
        .map(c -> value(c))
        .toList();
    assertThat(wire).containsExactlyElementsOf(KUBERAY_STRINGS.get(type));
  }

  @ParameterizedTest
  @MethodSource("enums")
  void everyValueRoundTripsThroughJacksonAndTheFactory(Class<? extends Enum<?>> type) throws Exception {
    Method fromValue = type.getMethod("fromValue", String.class);
    for (String wire : KUBERAY_STRINGS.get(type)) {
      Object constant = fromValue.invoke(null, wire);
      assertThat(value(constant)).isEqualTo(wire);
      assertThat(SERIALIZATION.asJson(constant)).isEqualTo('"' + wire + '"');
      assertThat(SERIALIZATION.unmarshal('"' + wire + '"', type)).isSameAs(constant);
    }
  }

  @ParameterizedTest
  @MethodSource("enums")
  void unknownStringsBecomeUnknownAndNullStaysNull(Class<? extends Enum<?>> type) throws Exception {
    Method fromValue = type.getMethod("fromValue", String.class);
    Object unknown = Enum.valueOf(type.asSubclass(Enum.class), "UNKNOWN");

    assertThat(fromValue.invoke(null, "SomethingNew")).isSameAs(unknown);
    assertThat(fromValue.invoke(null, (Object) null)).isNull();
    assertThat(SERIALIZATION.unmarshal("\"SomethingNew\"", type)).isSameAs(unknown);
  }

  @ParameterizedTest
  @MethodSource("enums")
  void unknownHasNoWireValueAndCannotBeWritten(Class<? extends Enum<?>> type) throws Exception {
    Method toValue = type.getMethod("toValue", type);
    Object unknown = Enum.valueOf(type.asSubclass(Enum.class), "UNKNOWN");

    assertThat(value(unknown)).isNull();
    assertThat(toValue.invoke(null, (Object) null)).isNull();
    assertThatThrownBy(() -> {
      try {
        toValue.invoke(null, unknown);
      } catch (java.lang.reflect.InvocationTargetException e) {
        throw e.getCause();
      }
    }).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("UNKNOWN has no wire value");
  }

  @Test
  void caseMattersLikeInKubeRay() {
    assertThat(JobStatus.fromValue("running")).isEqualTo(JobStatus.UNKNOWN);
    assertThat(JobDeploymentStatus.fromValue("complete")).isEqualTo(JobDeploymentStatus.UNKNOWN);
    assertThat(ClusterState.fromValue("Ready")).isEqualTo(ClusterState.UNKNOWN);
  }

  private static String value(Object constant) {
    try {
      return (String) constant.getClass().getMethod("value").invoke(constant);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
