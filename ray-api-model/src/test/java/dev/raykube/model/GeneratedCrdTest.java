package dev.raykube.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionVersion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.CustomResource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Structure of the CRDs generated from the model: names, columns, CEL rules, trimmed schemas, size. */
class GeneratedCrdTest {

  /** Client-side {@code kubectl apply} stores the object in an annotation; all annotations together max 256 KiB. */
  private static final int ANNOTATION_LIMIT = 256 * 1024;

  private static final String MANAGED_BY_RULE = "has(self.managedBy) == has(oldSelf.managedBy)"
      + " && (!has(self.managedBy) || self.managedBy == oldSelf.managedBy)"
      + " => managedBy is immutable: it cannot be added, changed or removed after creation";

  static Stream<Class<? extends CustomResource<?, ?>>> resources() {
    return Crds.RESOURCES.stream();
  }

  @ParameterizedTest
  @MethodSource("resources")
  void identityScopeAndStatusSubresource(Class<? extends CustomResource<?, ?>> type) {
    CustomResourceDefinition crd = Crds.generated(type);
    String kind = type.getSimpleName();

    assertThat(crd.getApiVersion()).isEqualTo("apiextensions.k8s.io/v1");
    assertThat(crd.getMetadata().getName()).isEqualTo(kind.toLowerCase() + "s.ray.io");
    assertThat(crd.getSpec().getGroup()).isEqualTo("ray.io");
    assertThat(crd.getSpec().getScope()).isEqualTo("Namespaced");
    assertThat(crd.getSpec().getNames().getKind()).isEqualTo(kind);
    assertThat(crd.getSpec().getNames().getPlural()).isEqualTo(kind.toLowerCase() + "s");
    assertThat(crd.getSpec().getNames().getSingular()).isEqualTo(kind.toLowerCase());
    assertThat(crd.getSpec().getNames().getCategories()).containsExactly("all", "ray");
    assertThat(crd.getSpec().getVersions()).singleElement().satisfies(version -> {
      assertThat(version.getName()).isEqualTo("v1");
      assertThat(version.getServed()).isTrue();
      assertThat(version.getStorage()).isTrue();
      assertThat(version.getSubresources().getStatus()).isNotNull();
      assertThat(version.getSubresources().getScale()).isNull();
    });
  }

  @Test
  void shortNamesDoNotClashWithBuiltInKinds() {
    assertThat(Crds.generated(RayCluster.class).getSpec().getNames().getShortNames()).containsExactly("rcl");
    assertThat(Crds.generated(RayJob.class).getSpec().getNames().getShortNames()).containsExactly("rjob");
    assertThat(Crds.generated(RayService.class).getSpec().getNames().getShortNames()).containsExactly("rsvc");
  }

  @ParameterizedTest
  @MethodSource("resources")
  void smallEnoughForAClientSideKubectlApply(Class<? extends CustomResource<?, ?>> type) {
    byte[] yaml = Crds.generatedBytes(type);
    String json = Manifests.SERIALIZATION.asJson(Crds.generated(type));

    assertThat(yaml.length).isLessThan(ANNOTATION_LIMIT);
    assertThat(json.getBytes(StandardCharsets.UTF_8).length).isLessThan(ANNOTATION_LIMIT);
  }

  @Test
  void printerColumnsInDeclaredOrder() {
    assertThat(columns(RayJob.class)).containsExactly(
        "Job Status|string|.status.jobStatus|0",
        "Deployment Status|string|.status.jobDeploymentStatus|0",
        "Ray Cluster|string|.status.rayClusterName|0",
        "Start Time|string|.status.startTime|0",
        "End Time|string|.status.endTime|0",
        "Age|date|.metadata.creationTimestamp|0");
    assertThat(columns(RayCluster.class)).containsExactly(
        "Desired Workers|integer|.status.desiredWorkerReplicas|0",
        "Available Workers|integer|.status.availableWorkerReplicas|0",
        "CPUs|string|.status.desiredCPU|0",
        "Memory|string|.status.desiredMemory|0",
        "GPUs|string|.status.desiredGPU|0",
        "TPUs|string|.status.desiredTPU|1",
        "State|string|.status.state|0",
        "Age|date|.metadata.creationTimestamp|0",
        "Head Pod IP|string|.status.head.podIP|1",
        "Head Service IP|string|.status.head.serviceIP|1");
    assertThat(columns(RayService.class)).containsExactly(
        "Service Status|string|.status.serviceStatus|0",
        "Ready|string|.status.conditions[?(@.type==\"Ready\")].status|0",
        "Active Cluster|string|.status.activeServiceStatus.rayClusterName|0",
        "Pending Cluster|string|.status.pendingServiceStatus.rayClusterName|0",
        "Serve Endpoints|integer|.status.numServeEndpoints|0",
        "Age|date|.metadata.creationTimestamp|0");
  }

  @Test
  void rayClusterRules() {
    assertThat(Crds.rules(Crds.generated(RayCluster.class))).containsExactlyInAnyOrderElementsOf(clusterRules("spec"));
  }

  @Test
  void rayJobRules() {
    List<String> expected = new ArrayList<>(List.of(
        "spec: has(self.rayClusterSpec) != (has(self.clusterSelector) && size(self.clusterSelector) > 0)"
            + " => exactly one of rayClusterSpec and clusterSelector must be set",
        "spec: !has(self.ttlSecondsAfterFinished) || self.ttlSecondsAfterFinished == 0"
            + " || (has(self.shutdownAfterJobFinishes) && self.shutdownAfterJobFinishes)"
            + " => ttlSecondsAfterFinished greater than 0 requires shutdownAfterJobFinishes: true",
        "spec: !has(self.suspend) || !self.suspend"
            + " || (has(self.shutdownAfterJobFinishes) && self.shutdownAfterJobFinishes)"
            + " => suspend: true requires shutdownAfterJobFinishes: true",
        "spec: !has(self.suspend) || !self.suspend || !has(self.clusterSelector) || size(self.clusterSelector) == 0"
            + " => suspend is not supported with clusterSelector",
        "spec: !has(self.backoffLimit) || self.backoffLimit == 0"
            + " || !has(self.clusterSelector) || size(self.clusterSelector) == 0"
            + " => backoffLimit greater than 0 is not supported with clusterSelector",
        "spec: !has(self.submissionMode) || self.submissionMode != 'SidecarMode'"
            + " || ((!has(self.clusterSelector) || size(self.clusterSelector) == 0)"
            + " && !has(self.submitterPodTemplate) && !has(self.submitterConfig))"
            + " => SidecarMode does not support clusterSelector, submitterPodTemplate or submitterConfig",
        "spec: !has(self.deletionStrategy) || !has(self.deletionStrategy.deletionRules)"
            + " || !has(self.shutdownAfterJobFinishes) || !self.shutdownAfterJobFinishes"
            + " => deletionStrategy.deletionRules cannot be combined with shutdownAfterJobFinishes: true",
        "spec: " + MANAGED_BY_RULE,
        "spec.clusterSelector: size(self) == 0 || 'ray.io/cluster' in self"
            + " => clusterSelector must name the RayCluster with the key ray.io/cluster",
        "spec.submissionMode: self in ['K8sJobMode', 'HTTPMode', 'SidecarMode', 'InteractiveMode']"
            + " => submissionMode must be one of: K8sJobMode, HTTPMode, SidecarMode, InteractiveMode",
        "spec.entrypointNumCpus: self >= 0.0 => entrypointNumCpus must not be negative",
        "spec.entrypointNumGpus: self >= 0.0 => entrypointNumGpus must not be negative",
        "spec.ttlSecondsAfterFinished: self >= 0 => ttlSecondsAfterFinished must not be negative",
        "spec.activeDeadlineSeconds: self > 0 => activeDeadlineSeconds must be greater than 0",
        "spec.preRunningDeadlineSeconds: self > 0 => preRunningDeadlineSeconds must be greater than 0",
        "spec.backoffLimit: self >= 0 => backoffLimit must not be negative",
        "spec.submitterConfig.backoffLimit: self >= 0 => submitterConfig.backoffLimit must not be negative",
        "spec.deletionStrategy: !((has(self.onSuccess) || has(self.onFailure)) && has(self.deletionRules))"
            + " => onSuccess/onFailure and deletionRules cannot be used together",
        "spec.deletionStrategy: (has(self.onSuccess) && has(self.onFailure)) || has(self.deletionRules)"
            + " => deletionStrategy needs either both onSuccess and onFailure, or deletionRules",
        "spec.deletionStrategy.onSuccess.policy: " + policyRule(),
        "spec.deletionStrategy.onFailure.policy: " + policyRule(),
        "spec.deletionStrategy.deletionRules[].policy: " + policyRule(),
        "spec.deletionStrategy.deletionRules[].condition: has(self.jobStatus) != has(self.jobDeploymentStatus)"
            + " => a deletion condition needs exactly one of jobStatus and jobDeploymentStatus",
        "spec.deletionStrategy.deletionRules[].condition.jobStatus: self in ['SUCCEEDED', 'FAILED']"
            + " => condition.jobStatus must be one of: SUCCEEDED, FAILED",
        "spec.deletionStrategy.deletionRules[].condition.jobDeploymentStatus: self in ['Failed']"
            + " => condition.jobDeploymentStatus must be one of: Failed",
        "spec.deletionStrategy.deletionRules[].condition.ttlSeconds: self >= 0"
            + " => condition.ttlSeconds must not be negative"));
    expected.addAll(clusterRules("spec.rayClusterSpec"));

    assertThat(Crds.rules(Crds.generated(RayJob.class))).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void rayServiceRules() {
    List<String> expected = new ArrayList<>(List.of(
        "spec: " + MANAGED_BY_RULE,
        "spec.rayClusterDeletionDelaySeconds: self >= 0 => rayClusterDeletionDelaySeconds must not be negative",
        "spec.upgradeStrategy.type: self in ['NewCluster', 'NewClusterWithIncrementalUpgrade', 'None']"
            + " => upgradeStrategy.type must be one of: NewCluster, NewClusterWithIncrementalUpgrade, None",
        "spec.upgradeStrategy.clusterUpgradeOptions.maxSurgePercent: self >= 0 && self <= 100"
            + " => maxSurgePercent must be between 0 and 100",
        "spec.upgradeStrategy.clusterUpgradeOptions.stepSizePercent: self >= 0 && self <= 100"
            + " => stepSizePercent must be between 0 and 100",
        "spec.upgradeStrategy.clusterUpgradeOptions.intervalSeconds: self >= 0"
            + " => intervalSeconds must not be negative"));
    expected.addAll(clusterRules("spec.rayClusterConfig"));

    assertThat(Crds.rules(Crds.generated(RayService.class))).containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void stringsAndListsReadByCelRulesAreBounded() {
    JSONSchemaProps cluster = Crds.schema(Crds.generated(RayCluster.class));
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs").getMaxItems()).isEqualTo(128L);
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[].groupName").getMaxLength()).isEqualTo(63L);
    assertThat(Crds.at(cluster, "spec.managedBy").getMaxLength()).isEqualTo(63L);
    assertThat(Crds.at(cluster, "spec.headGroupSpec.ingressOptions.pathType").getMaxLength()).isEqualTo(64L);
    assertThat(Crds.at(cluster, "spec.networkPolicy.mode").getMaxLength()).isEqualTo(64L);
    assertThat(Crds.at(cluster, "spec.networkPolicy.workerGroups").getMaxItems()).isEqualTo(128L);
    assertThat(Crds.at(cluster, "spec.networkPolicy.workerGroups[].groupName").getMaxLength()).isEqualTo(63L);
    JSONSchemaProps job = Crds.schema(Crds.generated(RayJob.class));
    assertThat(Crds.at(job, "spec.managedBy").getMaxLength()).isEqualTo(63L);
    assertThat(Crds.at(job, "spec.submissionMode").getMaxLength()).isEqualTo(64L);
    assertThat(Crds.at(job, "spec.deletionStrategy.deletionRules").getMinItems()).isEqualTo(1L);
    assertThat(Crds.at(job, "spec.deletionStrategy.deletionRules").getMaxItems()).isEqualTo(32L);
  }

  @Test
  void requiredFieldsAndKubeRayDefaults() {
    JSONSchemaProps cluster = Crds.schema(Crds.generated(RayCluster.class));
    assertThat(Crds.at(cluster, "spec").getRequired()).containsExactly("headGroupSpec");
    assertThat(Crds.at(cluster, "spec.headGroupSpec").getRequired()).containsExactly("template");
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[]").getRequired())
        .containsExactlyInAnyOrder("groupName", "template");
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[].replicas").getDefault().asInt()).isZero();
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[].minReplicas").getDefault().asInt()).isZero();
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[].maxReplicas").getDefault().asInt())
        .isEqualTo(Integer.MAX_VALUE);
    assertThat(Crds.at(cluster, "spec.workerGroupSpecs[].numOfHosts").getDefault().asInt()).isEqualTo(1);
    assertThat(Crds.at(cluster, "spec.networkPolicy.mode").getDefault().asText()).isEqualTo("DenyAll");
    assertThat(Crds.at(cluster, "spec.networkPolicy.workerGroups[]").getRequired()).containsExactly("groupName");

    JSONSchemaProps job = Crds.schema(Crds.generated(RayJob.class));
    assertThat(Crds.at(job, "spec.submissionMode").getDefault().asText()).isEqualTo("K8sJobMode");
    assertThat(Crds.at(job, "spec.backoffLimit").getDefault().asInt()).isZero();
    assertThat(Crds.at(job, "spec.ttlSecondsAfterFinished").getDefault().asInt()).isZero();
    assertThat(Crds.at(job, "spec.deletionStrategy.deletionRules[]").getRequired())
        .containsExactlyInAnyOrder("policy", "condition");

    JSONSchemaProps service = Crds.schema(Crds.generated(RayService.class));
    assertThat(Crds.at(service, "spec").getRequired()).containsExactly("rayClusterConfig");
  }

  @ParameterizedTest
  @MethodSource("resources")
  void podTemplateSchemasAreTrimmed(Class<? extends CustomResource<?, ?>> type) {
    List<String> templates = new ArrayList<>();
    Crds.walk(Crds.schema(Crds.generated(type)), (path, node) -> {
      if (path.endsWith(".template") || path.endsWith("submitterPodTemplate")) {
        templates.add(path);
        assertThat(node.getProperties()).containsOnlyKeys("metadata", "spec");
        JSONSchemaProps podSpec = node.getProperties().get("spec");
        assertThat(podSpec.getXKubernetesPreserveUnknownFields()).as(path).isTrue();
        assertThat(podSpec.getRequired()).containsExactly("containers");
        assertThat(podSpec.getProperties()).containsOnlyKeys("containers");
        assertThat(podSpec.getProperties().get("containers").getItems().getSchema().getRequired())
            .containsExactly("name");
        assertThat(node.getProperties().get("metadata").getProperties())
            .containsOnlyKeys("name", "generateName", "namespace", "labels", "annotations", "finalizers");
      }
      if (path.endsWith("headService") || path.endsWith("serveService")) {
        assertThat(node.getProperties().get("spec").getProperties()).as("full core/v1 Service schema")
            .containsKeys("ports", "selector", "type");
      }
    });
    assertThat(templates).isNotEmpty();
  }

  @ParameterizedTest
  @MethodSource("resources")
  void everyModelFieldIsDescribedForKubectlExplain(Class<? extends CustomResource<?, ?>> type) {
    List<String> undescribed = new ArrayList<>();
    Crds.walk(Crds.schema(Crds.generated(type)), (path, node) -> {
      if (node.getProperties() == null || isInsideAFabric8Type(path)) {
        return;
      }
      node.getProperties().forEach((name, property) -> {
        if (property.getDescription() == null || property.getDescription().isBlank()) {
          undescribed.add(path + "." + name);
        }
      });
    });
    assertThat(undescribed).isEmpty();
  }

  @ParameterizedTest
  @MethodSource("resources")
  void noJavaAccessorLeaksIntoTheSchema(Class<? extends CustomResource<?, ?>> type) {
    assertThat(new String(Crds.generatedBytes(type), StandardCharsets.UTF_8))
        .doesNotContainIgnoringCase("getAdditionalProperties");
  }

  /** Root-level metadata and the schemas of fabric8's own Kubernetes types carry no descriptions. */
  private static boolean isInsideAFabric8Type(String path) {
    if (path.isEmpty()) {
      return true;
    }
    String[] fabric8Types = {"autoscalerOptions.resources", "autoscalerOptions.securityContext",
        "autoscalerOptions.env", "autoscalerOptions.envFrom", "autoscalerOptions.volumeMounts", "valueFrom",
        "conditions", "headService", "serveService", "ingressOptions.tls", "ingressRules", "egressRules"};
    for (String fabric8Type : fabric8Types) {
      if (path.contains(fabric8Type)) {
        return true;
      }
    }
    return false;
  }

  private static String policyRule() {
    return "self in ['DeleteCluster', 'DeleteWorkers', 'DeleteSelf', 'DeleteNone']"
        + " => policy must be one of: DeleteCluster, DeleteWorkers, DeleteSelf, DeleteNone";
  }

  private static List<String> clusterRules(String at) {
    return List.of(
        at + ": " + MANAGED_BY_RULE,
        at + ".workerGroupSpecs: self.all(g, self.exists_one(o, o.groupName == g.groupName))"
            + " => groupName must be unique among workerGroupSpecs",
        at + ".workerGroupSpecs[]: !has(self.minReplicas) || !has(self.maxReplicas)"
            + " || self.minReplicas <= self.maxReplicas => minReplicas must be less than or equal to maxReplicas",
        at + ".workerGroupSpecs[].replicas: self >= 0 => replicas must not be negative",
        at + ".workerGroupSpecs[].minReplicas: self >= 0 => minReplicas must not be negative",
        at + ".workerGroupSpecs[].maxReplicas: self >= 0 => maxReplicas must not be negative",
        at + ".workerGroupSpecs[].idleTimeoutSeconds: self >= 0 => idleTimeoutSeconds must not be negative",
        at + ".autoscalerOptions.idleTimeoutSeconds: self >= 0 => idleTimeoutSeconds must not be negative",
        at + ".autoscalerOptions.upscalingMode: self in ['Default', 'Aggressive', 'Conservative']"
            + " => upscalingMode must be one of: Default, Aggressive, Conservative",
        at + ".autoscalerOptions.version: self in ['v1', 'v2'] => autoscalerOptions.version must be one of: v1, v2",
        at + ".gcsFaultToleranceOptions.backend: self == oldSelf => gcsFaultToleranceOptions.backend is immutable",
        at + ".upgradeStrategy.type: self in ['Recreate', 'None']"
            + " => upgradeStrategy.type must be one of: Recreate, None",
        at + ".headGroupSpec.ingressOptions.pathType: self in ['Exact', 'Prefix', 'ImplementationSpecific']"
            + " => ingressOptions.pathType must be one of: Exact, Prefix, ImplementationSpecific",
        at + ".networkPolicy.mode: self in ['DenyAll', 'DenyAllIngress', 'DenyAllEgress']"
            + " => networkPolicy.mode must be one of: DenyAll, DenyAllIngress, DenyAllEgress",
        at + ".networkPolicy.workerGroups: self.all(g, self.exists_one(o, o.groupName == g.groupName))"
            + " => groupName must be unique among networkPolicy.workerGroups");
  }

  private static List<String> columns(Class<? extends CustomResource<?, ?>> type) {
    CustomResourceDefinitionVersion version = Crds.generated(type).getSpec().getVersions().get(0);
    List<String> columns = new ArrayList<>();
    for (CustomResourceColumnDefinition column : version.getAdditionalPrinterColumns()) {
      columns.add(column.getName() + "|" + column.getType() + "|" + column.getJsonPath() + "|"
          + (column.getPriority() == null ? 0 : column.getPriority()));
    }
    return columns;
  }
}
