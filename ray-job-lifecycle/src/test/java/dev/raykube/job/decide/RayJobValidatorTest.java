package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.job;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.Violation;
import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.RayClusterUpgradeStrategy;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.job.DeletionCondition;
import dev.raykube.model.job.DeletionPolicy;
import dev.raykube.model.job.DeletionRule;
import dev.raykube.model.job.DeletionStrategy;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.SubmitterConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Reference §8 "Controller validation" (RayJob rules) and the CRD's CEL rules, one row per rule. */
class RayJobValidatorTest {

  private static final RayJobValidator VALIDATOR = RayJobValidator.of(RayJobSettings.defaults());

  private static Arguments row(String rule, Consumer<RayJob> change, String field, String message) {
    return Arguments.of(rule, change, field, message);
  }

  private static Consumer<RayJob> spec(Consumer<RayJobSpec> change) {
    return job -> change.accept(job.getSpec());
  }

  private static WorkerGroupSpec worker(int i, RayJobSpec spec) {
    return spec.getRayClusterSpec().getWorkerGroupSpecs().get(i);
  }

  private static DeletionRule rule(String policy, String jobStatus, String deploymentStatus, Integer ttl) {
    DeletionCondition condition = new DeletionCondition();
    condition.setJobStatusValue(jobStatus);
    condition.setJobDeploymentStatusValue(deploymentStatus);
    condition.setTtlSeconds(ttl);
    DeletionRule rule = new DeletionRule();
    rule.setPolicyValue(policy);
    rule.setCondition(condition);
    return rule;
  }

  private static Consumer<RayJob> rules(DeletionRule... rules) {
    return spec(s -> {
      DeletionStrategy strategy = new DeletionStrategy();
      strategy.setDeletionRules(new ArrayList<>(List.of(rules)));
      s.setDeletionStrategy(strategy);
    });
  }

  private static DeletionPolicy policy(String value) {
    DeletionPolicy policy = new DeletionPolicy();
    policy.setPolicyValue(value);
    return policy;
  }

  static Stream<Arguments> ruleTable() {
    return Stream.of(
        row("metadata.name required", job -> job.getMetadata().setName(null), "metadata.name",
            "metadata.name is required"),
        row("metadata.name is a DNS-1035 label", job -> job.getMetadata().setName("1bad.name"), "metadata.name",
            "must be a DNS-1035 label"),
        row("metadata.name at most 57 characters", job -> job.getMetadata().setName("a".repeat(58)), "metadata.name",
            "at most 57 are allowed"),
        row("spec required", job -> job.setSpec(null), "spec", "spec is required"),
        row("spec unreadable (a wrong type inside a Pod template)", job -> {
          job.setSpec(null);
          job.markSpecUnreadable("spec.rayClusterSpec.headGroupSpec.template.spec.volumes: Cannot deserialize");
        }, "spec", "spec cannot be read: spec.rayClusterSpec.headGroupSpec.template.spec.volumes: Cannot deserialize"),
        row("exactly one of rayClusterSpec/clusterSelector: both", spec(s -> s.setClusterSelector(
            Map.of("ray.io/cluster", "shared"))), "spec.clusterSelector", "are both set; set exactly one"),
        row("exactly one of rayClusterSpec/clusterSelector: neither", spec(s -> s.setRayClusterSpec(null)),
            "spec.rayClusterSpec", "neither spec.rayClusterSpec nor spec.clusterSelector is set"),
        row("clusterSelector names the cluster with ray.io/cluster", spec(s -> {
          s.setRayClusterSpec(null);
          s.setClusterSelector(Map.of("app", "x"));
        }), "spec.clusterSelector", "must name the RayCluster with the key ray.io/cluster"),
        row("submissionMode known", spec(s -> s.setSubmissionModeValue("BatchMode")), "spec.submissionMode",
            "'BatchMode' is unknown"),
        row("entrypoint required in SidecarMode", spec(s -> {
          s.setSubmissionMode(JobSubmissionMode.SIDECAR_MODE);
          s.setEntrypoint(null);
        }), "spec.entrypoint", "spec.entrypoint is required in SidecarMode"),
        row("entrypoint required in HTTPMode", spec(s -> {
          s.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
          s.setEntrypoint(" ");
        }), "spec.entrypoint", "spec.entrypoint is required in HTTPMode"),
        row("entrypoint required in K8sJobMode without a custom submitter command", spec(s -> s.setEntrypoint(null)),
            "spec.entrypoint", "required in K8sJobMode unless"),
        row("runtimeEnvYAML is a YAML mapping", spec(s -> s.setRuntimeEnvYAML("- pip\n- numpy\n")),
            "spec.runtimeEnvYAML", "spec.runtimeEnvYAML is invalid: not a YAML mapping"),
        row("runtimeEnvYAML values are set", spec(s -> s.setRuntimeEnvYAML("pip:\n")), "spec.runtimeEnvYAML",
            "key 'pip' has no value"),
        row("entrypointResources is a JSON object of numbers", spec(s -> s.setEntrypointResources("{\"gpu\": \"x\"}")),
            "spec.entrypointResources", "resource 'gpu' must be a number"),
        row("entrypointResources not negative", spec(s -> s.setEntrypointResources("{\"gpu\": -1}")),
            "spec.entrypointResources", "must be a finite number >= 0"),
        row("entrypointResources parses", spec(s -> s.setEntrypointResources("{gpu")), "spec.entrypointResources",
            "not a JSON object"),
        row("entrypointNumCpus >= 0 (CEL)", spec(s -> s.setEntrypointNumCpus(-0.5)), "spec.entrypointNumCpus",
            "must be a finite number >= 0, not -0.5"),
        row("entrypointNumGpus >= 0 (CEL)", spec(s -> s.setEntrypointNumGpus(Double.NaN)), "spec.entrypointNumGpus",
            "must be a finite number >= 0, not NaN"),
        row("metadata values set", spec(s -> {
          Map<String, String> metadata = new HashMap<>();
          metadata.put("owner", null);
          s.setMetadata(metadata);
        }), "spec.metadata", "spec.metadata['owner'] has no value"),
        row("submitterConfig.backoffLimit >= 0 (CEL)", spec(s -> {
          SubmitterConfig config = new SubmitterConfig();
          config.setBackoffLimit(-1);
          s.setSubmitterConfig(config);
        }), "spec.submitterConfig.backoffLimit", "must not be negative, not -1"),
        row("submitterPodTemplate only in K8sJobMode", spec(s -> {
          s.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
          s.setSubmitterPodTemplate(Fixtures.template("submitter"));
        }), "spec.submitterPodTemplate", "only used in K8sJobMode"),
        row("submitterConfig only in K8sJobMode", spec(s -> {
          s.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
          s.setSubmitterConfig(new SubmitterConfig());
        }), "spec.submitterConfig", "only used in K8sJobMode"),
        row("managedBy at most 63 characters", spec(s -> s.setManagedBy("x".repeat(64))), "spec.managedBy",
            "at most 63 characters"),
        row("ttlSecondsAfterFinished >= 0 (CEL)", spec(s -> {
          s.setShutdownAfterJobFinishes(true);
          s.setTtlSecondsAfterFinished(-1);
        }), "spec.ttlSecondsAfterFinished", "must not be negative"),
        row("ttlSecondsAfterFinished > 0 needs shutdownAfterJobFinishes (CEL)", spec(s ->
            s.setTtlSecondsAfterFinished(10)), "spec.ttlSecondsAfterFinished",
            "greater than 0 requires shutdownAfterJobFinishes: true"),
        row("suspend needs shutdownAfterJobFinishes (CEL)", spec(s -> s.setSuspend(true)), "spec.suspend",
            "spec.suspend: true requires shutdownAfterJobFinishes: true"),
        row("suspend not with clusterSelector (CEL)", spec(s -> {
          Fixtures.selector(s);
          s.setSuspend(true);
          s.setShutdownAfterJobFinishes(true);
        }), "spec.suspend", "not supported with clusterSelector"),
        row("activeDeadlineSeconds > 0 (CEL)", spec(s -> s.setActiveDeadlineSeconds(0)), "spec.activeDeadlineSeconds",
            "must be greater than 0, not 0"),
        row("preRunningDeadlineSeconds > 0 (CEL)", spec(s -> s.setPreRunningDeadlineSeconds(-3)),
            "spec.preRunningDeadlineSeconds", "must be greater than 0, not -3"),
        row("backoffLimit >= 0 (CEL)", spec(s -> s.setBackoffLimit(-1)), "spec.backoffLimit",
            "must not be negative, not -1"),
        row("backoffLimit > 0 not with clusterSelector (CEL)", spec(s -> {
          Fixtures.selector(s);
          s.setBackoffLimit(1);
        }), "spec.backoffLimit", "not supported with clusterSelector"),
        row("rayClusterSpec.headGroupSpec required", spec(s -> s.getRayClusterSpec().setHeadGroupSpec(null)),
            "spec.rayClusterSpec.headGroupSpec", "headGroupSpec is required"),
        row("head template has a container", spec(s -> s.getRayClusterSpec().getHeadGroupSpec().getTemplate()
            .getSpec().setContainers(List.of())), "spec.rayClusterSpec.headGroupSpec.template.spec.containers",
            "must have at least one container"),
        row("worker template required", spec(s -> worker(0, s).setTemplate(null)),
            "spec.rayClusterSpec.workerGroupSpecs[0].template", "template is required"),
        row("worker groupName required", spec(s -> worker(0, s).setGroupName(null)),
            "spec.rayClusterSpec.workerGroupSpecs[0].groupName", "groupName is required"),
        row("worker groupName unique (CEL)", spec(s -> {
          WorkerGroupSpec copy = ModelCopies.copy(worker(0, s), WorkerGroupSpec.class);
          s.getRayClusterSpec().getWorkerGroupSpecs().add(copy);
        }), "spec.rayClusterSpec.workerGroupSpecs[1].groupName", "'small' is used by another worker group"),
        row("worker replicas >= 0 (CEL)", spec(s -> worker(0, s).setReplicas(-1)),
            "spec.rayClusterSpec.workerGroupSpecs[0].replicas", "must not be negative"),
        row("worker minReplicas <= maxReplicas (CEL)", spec(s -> worker(0, s).setMinReplicas(3)),
            "spec.rayClusterSpec.workerGroupSpecs[0].minReplicas",
            "minReplicas (3) must be less than or equal to maxReplicas (2)"),
        row("rayClusterSpec.suspend not used", spec(s -> s.getRayClusterSpec().setSuspend(true)),
            "spec.rayClusterSpec.suspend", "suspend the RayJob with spec.suspend instead"),
        row("upgradeStrategy Recreate not for a RayJob's cluster", spec(s -> {
          RayClusterUpgradeStrategy strategy = new RayClusterUpgradeStrategy();
          strategy.setTypeValue("Recreate");
          s.getRayClusterSpec().setUpgradeStrategy(strategy);
        }), "spec.rayClusterSpec.upgradeStrategy.type", "Recreate is not allowed for a RayJob's cluster"),
        row("autoscaler upscalingMode known (CEL)", spec(s -> {
          AutoscalerOptions options = new AutoscalerOptions();
          options.setUpscalingModeValue("Turbo");
          s.getRayClusterSpec().setAutoscalerOptions(options);
        }), "spec.rayClusterSpec.autoscalerOptions.upscalingMode", "'Turbo' is unknown"),
        row("deletionStrategy: legacy and rules exclusive (CEL)", spec(s -> {
          DeletionStrategy strategy = new DeletionStrategy();
          strategy.setOnSuccess(policy("DeleteCluster"));
          strategy.setOnFailure(policy("DeleteNone"));
          strategy.setDeletionRules(List.of(rule("DeleteCluster", "SUCCEEDED", null, 0)));
          s.setDeletionStrategy(strategy);
        }), "spec.deletionStrategy", "onSuccess/onFailure and deletionRules cannot be used together"),
        row("deletionStrategy: both onSuccess and onFailure, or rules (CEL)", spec(s -> {
          DeletionStrategy strategy = new DeletionStrategy();
          strategy.setOnSuccess(policy("DeleteCluster"));
          s.setDeletionStrategy(strategy);
        }), "spec.deletionStrategy", "needs either both onSuccess and onFailure, or deletionRules"),
        row("deletionRules not with shutdownAfterJobFinishes (CEL)", job -> {
          rules(rule("DeleteCluster", "SUCCEEDED", null, 0)).accept(job);
          job.getSpec().setShutdownAfterJobFinishes(true);
        }, "spec.deletionStrategy.deletionRules", "cannot be combined with shutdownAfterJobFinishes: true"),
        row("deletionRules has 1 to 32 rules", rules(new DeletionRule[0]), "spec.deletionStrategy.deletionRules",
            "must have 1 to 32 rules, not 0"),
        row("deletion policy known (CEL)", rules(rule("DeleteAll", "SUCCEEDED", null, 0)),
            "spec.deletionStrategy.deletionRules[0].policy", "'DeleteAll' is unknown"),
        row("deletion condition: exactly one of jobStatus/jobDeploymentStatus (CEL)",
            rules(rule("DeleteCluster", "SUCCEEDED", "Failed", 0)), "spec.deletionStrategy.deletionRules[0].condition",
            "needs exactly one of jobStatus and jobDeploymentStatus"),
        row("deletion condition jobStatus SUCCEEDED or FAILED (CEL)", rules(rule("DeleteCluster", "RUNNING", null, 0)),
            "spec.deletionStrategy.deletionRules[0].condition.jobStatus", "'RUNNING' is not allowed"),
        row("deletion condition jobDeploymentStatus Failed (CEL)", rules(rule("DeleteCluster", null, "Complete", 0)),
            "spec.deletionStrategy.deletionRules[0].condition.jobDeploymentStatus", "'Complete' is not allowed"),
        row("deletion condition ttlSeconds >= 0 (CEL)", rules(rule("DeleteCluster", "FAILED", null, -1)),
            "spec.deletionStrategy.deletionRules[0].condition.ttlSeconds", "must not be negative"),
        row("deletion rules not repeated", rules(rule("DeleteCluster", "FAILED", null, 0),
            rule("DeleteCluster", "FAILED", null, 10)), "spec.deletionStrategy.deletionRules[1]",
            "repeats deletionRules[0]"),
        row("deletion rules: DeleteCluster not with clusterSelector", job -> {
          rules(rule("DeleteCluster", "FAILED", null, 0)).accept(job);
          Fixtures.selector(job.getSpec());
        }, "spec.deletionStrategy.deletionRules[0].policy", "not supported with clusterSelector"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("ruleTable")
  @DisplayName("§8 RayJob rule violated → exactly one precise violation")
  void eachRule(String rule, Consumer<RayJob> change, String field, String message) {
    RayJob job = job();
    change.accept(job);
    List<Violation> violations = VALIDATOR.validate(job);
    assertThat(violations).as(rule).hasSize(1);
    assertThat(violations.get(0).field()).isEqualTo(field);
    assertThat(violations.get(0).message()).contains(message).contains(field.replaceAll("\\[.*", ""));
  }

  @Test
  @DisplayName("a valid RayJob in each supported mode, with every optional field, has no violations")
  void validJobs() {
    assertThat(VALIDATOR.validate(job())).isEmpty();
    assertThat(VALIDATOR.validate(Fixtures.httpJob(s -> {
      s.setRuntimeEnvYAML("pip:\n  - numpy\nenv_vars:\n  A: \"1\"\n");
      s.setEntrypointResources("{\"custom\": 1.5}");
      s.setEntrypointNumCpus(1.0);
      s.setMetadata(Map.of("owner", "me"));
      s.setShutdownAfterJobFinishes(true);
      s.setTtlSecondsAfterFinished(60);
      s.setActiveDeadlineSeconds(600);
      s.setPreRunningDeadlineSeconds(300);
      s.setBackoffLimit(2);
      s.setSuspend(true);
    }))).isEmpty();
    assertThat(VALIDATOR.validate(job(Fixtures::selector))).isEmpty();
    assertThat(VALIDATOR.validate(job(s -> {
      s.setEntrypoint(null);
      s.setSubmitterPodTemplate(new io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder().withNewSpec()
          .addNewContainer().withName("submit").withCommand("ray", "job", "submit", "--", "echo").endContainer()
          .endSpec().build());
    }))).as("custom submitter command, no entrypoint").isEmpty();
    assertThat(VALIDATOR.validate(job(s -> {
      Fixtures.selector(s);
      DeletionStrategy strategy = new DeletionStrategy();
      strategy.setDeletionRules(List.of(rule("DeleteSelf", "SUCCEEDED", null, 60)));
      s.setDeletionStrategy(strategy);
    }))).as("DeleteSelf with clusterSelector").isEmpty();
  }

  @Test
  @DisplayName("several broken rules are all reported, in a stable order")
  void severalViolations() {
    RayJob job = job(s -> {
      s.setTtlSecondsAfterFinished(5);
      s.setActiveDeadlineSeconds(0);
      s.setRuntimeEnvYAML("[");
    });
    job.getMetadata().setName("Bad");
    assertThat(VALIDATOR.validate(job)).extracting(Violation::field).containsExactly("metadata.name",
        "spec.runtimeEnvYAML", "spec.ttlSecondsAfterFinished", "spec.activeDeadlineSeconds");
  }

  @Test
  @DisplayName("SidecarMode without clusterSelector/submitterPodTemplate/submitterConfig (CEL), checked even where "
      + "SidecarMode would be accepted")
  void sidecarConstraints() {
    RayJobValidator acceptsSidecar = new RayJobValidator(java.util.EnumSet.allOf(JobSubmissionMode.class));
    RayJob job = job(s -> {
      s.setSubmissionMode(JobSubmissionMode.SIDECAR_MODE);
      s.setSubmitterConfig(new SubmitterConfig());
    });
    assertThat(acceptsSidecar.validate(job)).containsExactly(new Violation("spec.submissionMode",
        "spec.submissionMode SidecarMode does not support clusterSelector, submitterPodTemplate or submitterConfig"));
    assertThat(VALIDATOR.validate(job)).isEqualTo(acceptsSidecar.validate(job));
  }

  @Test
  @DisplayName("an operator that supports fewer modes refuses the others, naming the ones it supports")
  void modesAnOperatorLeavesOut() {
    RayJobValidator k8sAndHttp = new RayJobValidator(java.util.EnumSet.of(JobSubmissionMode.K8S_JOB_MODE,
        JobSubmissionMode.HTTP_MODE));
    assertThat(k8sAndHttp.validate(job(s -> s.setSubmissionMode(JobSubmissionMode.SIDECAR_MODE))))
        .containsExactly(new Violation("spec.submissionMode", "spec.submissionMode SidecarMode is not supported yet "
            + "by this operator; use one of: K8sJobMode, HTTPMode"));
    assertThat(VALIDATOR.validate(job(s -> s.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE)))).isEmpty();
  }

  @Test
  @DisplayName("InteractiveMode becomes valid when the settings support it")
  void interactiveWhenEnabled() {
    RayJob job = job(s -> s.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE));
    assertThat(RayJobValidator.of(Fixtures.withInteractive()).validate(job)).isEmpty();
  }
}
