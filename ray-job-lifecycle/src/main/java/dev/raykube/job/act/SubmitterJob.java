package dev.raykube.job.act;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.job.decide.JobSubmitRequests;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.SubmitterObservation;
import dev.raykube.kernel.ControllerReference;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.kernel.dashboard.InClusterDashboardAccess;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the K8sJobMode submitter: a batch Job that waits for the dashboard, submits the Ray job under its submission
 * id unless a job with that id exists already, and follows its logs. Pure: same inputs, same Job.
 *
 * <p>The Pod template is {@code spec.submitterPodTemplate} (copied) or the default one: a container
 * {@value #CONTAINER_NAME} with the head's image, requests 500m CPU / 200Mi memory, limits 1 CPU / 1Gi, restart policy
 * {@code Never}. The first container gets, unless it sets them itself, {@code PYTHONUNBUFFERED=1},
 * {@code RAY_DASHBOARD_ADDRESS} (the dashboard URL) and {@code RAY_JOB_SUBMISSION_ID}, and for a cluster with token
 * authentication {@code RAY_AUTH_MODE=token} and {@code RAY_AUTH_TOKEN} from the cluster's auth Secret. If it has no
 * command it runs {@code /bin/bash -ce -- <script>} ({@link #script}). The Job has the action's name, labels and
 * {@code backoffLimit}, and the RayJob as controller owner.
 */
public final class SubmitterJob {

  /** The submitter container's name. */
  public static final String CONTAINER_NAME = SubmitterObservation.SIDECAR_CONTAINER;

  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private SubmitterJob() {
  }

  /**
   * The submitter Job.
   *
   * @param rayJob the RayJob as read (uid required)
   * @param action the action
   * @param cluster the RayCluster the job runs on (for the default image and token authentication); if {@code null}
   *     the RayJob's {@code rayClusterSpec} is used
   * @return a new Job
   * @throws IllegalArgumentException if the template has no container, no image can be found for the default
   *     template, or the entrypoint is missing while the container has no command
   */
  public static Job build(RayJob rayJob, RayJobAction.CreateSubmitter action, RayCluster cluster) {
    Objects.requireNonNull(rayJob, "rayJob");
    Objects.requireNonNull(action, "action");
    RayJobSpec spec = rayJob.getSpec() == null ? new RayJobSpec() : rayJob.getSpec();
    RayClusterSpec clusterSpec = cluster != null ? cluster.getSpec() : spec.getRayClusterSpec();
    PodTemplateSpec template = spec.getSubmitterPodTemplate() != null
        ? new PodTemplateSpecBuilder(spec.getSubmitterPodTemplate()).build()
        : defaultTemplate(headImage(clusterSpec));
    if (template.getSpec() == null || template.getSpec().getContainers() == null
        || template.getSpec().getContainers().isEmpty()) {
      throw new IllegalArgumentException("spec.submitterPodTemplate has no container to run the submitter in");
    }
    if (template.getSpec().getRestartPolicy() == null) {
      template.getSpec().setRestartPolicy("Never");
    }
    configure(template.getSpec().getContainers().get(0), spec, DashboardEndpoint.urlOf(action.dashboardUrl()),
        action.submissionId(), cluster);
    return new JobBuilder()
        .withNewMetadata()
        .withName(action.name())
        .withNamespace(rayJob.getMetadata().getNamespace())
        .withLabels(new LinkedHashMap<>(action.labels()))
        .withOwnerReferences(ControllerReference.of(rayJob))
        .endMetadata()
        .withNewSpec()
        .withBackoffLimit(action.backoffLimit())
        .withTemplate(template)
        .endSpec()
        .build();
  }

  /**
   * Makes {@code container} a submitter (the K8sJobMode Job's, or SidecarMode's in the head Pod): adds
   * {@code PYTHONUNBUFFERED}, {@code RAY_DASHBOARD_ADDRESS} ({@code url}), {@code RAY_JOB_SUBMISSION_ID} and, for a
   * cluster with token authentication, {@code RAY_AUTH_MODE}/{@code RAY_AUTH_TOKEN} from its Secret, unless the
   * container sets them; and, if it has no command, runs {@link #script} with {@code /bin/bash -ce --}.
   *
   * @throws IllegalArgumentException if the container has no command and the RayJob no entrypoint
   */
  static void configure(Container container, RayJobSpec spec, String url, String submissionId, RayCluster cluster) {
    List<EnvVar> env = container.getEnv() == null ? new ArrayList<>() : new ArrayList<>(container.getEnv());
    addIfAbsent(env, new EnvVarBuilder().withName("PYTHONUNBUFFERED").withValue("1").build());
    addIfAbsent(env, new EnvVarBuilder().withName("RAY_DASHBOARD_ADDRESS").withValue(url).build());
    addIfAbsent(env, new EnvVarBuilder().withName("RAY_JOB_SUBMISSION_ID").withValue(submissionId).build());
    if (cluster != null && InClusterDashboardAccess.usesToken(cluster)) {
      addIfAbsent(env, new EnvVarBuilder().withName(TokenAuth.RAY_AUTH_MODE).withValue(InClusterDashboardAccess.TOKEN_MODE)
          .build());
      addIfAbsent(env, new EnvVarBuilder().withName(TokenAuth.RAY_AUTH_TOKEN).withNewValueFrom().withNewSecretKeyRef()
          .withName(InClusterDashboardAccess.tokenSecretName(cluster)).withKey(InClusterDashboardAccess.TOKEN_KEY)
          .endSecretKeyRef().endValueFrom().build());
    }
    container.setEnv(env);
    if (container.getCommand() == null || container.getCommand().isEmpty()) {
      if (spec.getEntrypoint() == null || spec.getEntrypoint().isBlank()) {
        throw new IllegalArgumentException("spec.entrypoint is required unless the submitter container has a command");
      }
      container.setCommand(List.of("/bin/bash", "-ce", "--"));
      container.setArgs(List.of(script(JobSubmitRequests.of(spec, submissionId))));
    }
  }

  /**
   * The submitter's shell script ({@code bash -ce}): wait until the dashboard answers; submit with
   * {@code ray job submit --no-wait --submission-id} unless {@code ray job status} finds the id already (so a retried
   * Pod never submits twice); follow the logs with {@code ray job logs --follow}, reconnecting up to 10 times when the
   * stream breaks. Address and id come from {@code $RAY_DASHBOARD_ADDRESS} and {@code $RAY_JOB_SUBMISSION_ID}; the
   * entrypoint goes as its shell words ({@code EntrypointWords}), each single-quoted, as the JSON values are.
   *
   * @param request what to submit: entrypoint, runtime env, metadata and entrypoint resources
   * @return the script, one statement per line
   */
  public static String script(JobSubmitRequest request) {
    Objects.requireNonNull(request, "request");
    String address = "--address \"$RAY_DASHBOARD_ADDRESS\"";
    StringBuilder submit = new StringBuilder("ray job submit ").append(address)
        .append(" --no-wait --submission-id \"$RAY_JOB_SUBMISSION_ID\"");
    if (request.runtimeEnv() != null && !request.runtimeEnv().isEmpty()) {
      submit.append(" --runtime-env-json ").append(quote(json(request.runtimeEnv())));
    }
    if (request.metadata() != null && !request.metadata().isEmpty()) {
      submit.append(" --metadata-json ").append(quote(json(request.metadata())));
    }
    if (request.entrypointNumCpus() != null) {
      submit.append(" --entrypoint-num-cpus ").append(number(request.entrypointNumCpus()));
    }
    if (request.entrypointNumGpus() != null) {
      submit.append(" --entrypoint-num-gpus ").append(number(request.entrypointNumGpus()));
    }
    if (request.entrypointMemory() != null) {
      submit.append(" --entrypoint-memory ").append(request.entrypointMemory());
    }
    if (request.entrypointResources() != null && !request.entrypointResources().isEmpty()) {
      submit.append(" --entrypoint-resources ").append(quote(json(request.entrypointResources())));
    }
    submit.append(" --");
    for (String word : EntrypointWords.forRaySubmit(request.entrypoint())) {
      submit.append(' ').append(quote(word));
    }
    return String.join("\n",
        "until ray job list " + address + " >/dev/null 2>&1; do echo \"Waiting for the Ray dashboard at "
            + "$RAY_DASHBOARD_ADDRESS\"; sleep 2; done",
        "if ! ray job status " + address + " \"$RAY_JOB_SUBMISSION_ID\" >/dev/null 2>&1; then " + submit + "; fi",
        "failures=0",
        "until ray job logs " + address + " --follow \"$RAY_JOB_SUBMISSION_ID\"; do failures=$((failures + 1)); "
            + "if [ \"$failures\" -ge 10 ]; then echo \"Following the logs of Ray job $RAY_JOB_SUBMISSION_ID failed "
            + "$failures times\" >&2; exit 1; fi; echo \"Following the logs failed; reconnecting in 3 s\" >&2; "
            + "sleep 3; done") + "\n";
  }

  /**
   * The Pod spec the K8sJobMode submitter runs with, for sizing: {@code spec.submitterPodTemplate}'s, else the
   * default container's ({@link #defaultContainer}).
   */
  static PodSpec podSpecForSizing(RayJobSpec spec) {
    PodTemplateSpec template = spec != null && spec.getSubmitterPodTemplate() != null
        ? spec.getSubmitterPodTemplate() : defaultTemplate("");
    return template.getSpec();
  }

  private static PodTemplateSpec defaultTemplate(String image) {
    Container container = defaultContainer(image);
    return new PodTemplateSpecBuilder().withNewSpec().withContainers(container).withRestartPolicy("Never").endSpec()
        .build();
  }

  /** The default submitter container: {@value #CONTAINER_NAME}, {@code image}, 500m/200Mi requests, 1/1Gi limits. */
  static Container defaultContainer(String image) {
    return new ContainerBuilder()
        .withName(CONTAINER_NAME)
        .withImage(image)
        .withNewResources()
        .withRequests(quantities("500m", "200Mi"))
        .withLimits(quantities("1", "1Gi"))
        .endResources()
        .build();
  }

  private static Map<String, Quantity> quantities(String cpu, String memory) {
    Map<String, Quantity> map = new LinkedHashMap<>();
    map.put("cpu", new Quantity(cpu));
    map.put("memory", new Quantity(memory));
    return map;
  }

  static String headImage(RayClusterSpec spec) {
    if (spec != null && spec.getHeadGroupSpec() != null && spec.getHeadGroupSpec().getTemplate() != null
        && spec.getHeadGroupSpec().getTemplate().getSpec() != null
        && spec.getHeadGroupSpec().getTemplate().getSpec().getContainers() != null
        && !spec.getHeadGroupSpec().getTemplate().getSpec().getContainers().isEmpty()) {
      String image = spec.getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0).getImage();
      if (image != null && !image.isBlank()) {
        return image;
      }
    }
    throw new IllegalArgumentException("the submitter needs the head container's image, but the RayCluster's head "
        + "template has none; set spec.submitterPodTemplate");
  }

  private static void addIfAbsent(List<EnvVar> env, EnvVar value) {
    for (EnvVar existing : env) {
      if (value.getName().equals(existing.getName())) {
        return;
      }
    }
    env.add(value);
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static String number(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** Single-quotes a word for bash. */
  static String quote(String word) {
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
