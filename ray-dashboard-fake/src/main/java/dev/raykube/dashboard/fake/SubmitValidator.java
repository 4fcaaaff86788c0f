package dev.raykube.dashboard.fake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Validates a submit body the way Ray's {@code JobSubmitRequest} dataclass does (Ray 2.60 messages), for the fields
 * that the emulated version knows.
 */
final class SubmitValidator {
  private static final Pattern LABEL_VALUE =
      Pattern.compile("!?([A-Za-z0-9]([-_.A-Za-z0-9]{0,61}[A-Za-z0-9])?|in\\([^()]*\\))");

  /** A valid submit request. */
  record Submission(String entrypoint, String submissionId, Map<String, Object> runtimeEnv,
      Map<String, Object> metadata, boolean requestsResources) {}

  /** Thrown with the Python exception line, e.g. {@code TypeError: entrypoint must be a string, got <class 'int'>}. */
  static final class Invalid extends Exception {
    private static final long serialVersionUID = 1L;
    private final boolean atAgent;

    Invalid(String exceptionLine, boolean atAgent) {
      super(exceptionLine);
      this.atAgent = atAgent;
    }

    /** Whether the agent, not the head, rejects it (the head then answers 500 wrapping the agent's 400). */
    boolean atAgent() {
      return atAgent;
    }
  }

  private SubmitValidator() {}

  @SuppressWarnings("unchecked")
  static Submission validate(Map<String, Object> raw, EmulatedVersion version) throws Invalid {
    Map<String, Object> body = new LinkedHashMap<>();
    raw.forEach((k, v) -> {
      if (v != null) {
        body.put(k, v);
      }
    });
    List<String> known = knownFields(version);
    for (String key : body.keySet()) {
      if (!known.contains(key)) {
        throw typeError("JobSubmitRequest.__init__() got an unexpected keyword argument '" + key + "'");
      }
    }
    if (!body.containsKey("entrypoint")) {
      throw typeError("JobSubmitRequest.__init__() missing 1 required positional argument: 'entrypoint'");
    }
    Object entrypoint = body.get("entrypoint");
    if (!(entrypoint instanceof String)) {
      throw typeError("entrypoint must be a string, got " + Json.pythonType(entrypoint));
    }
    for (String idField : List.of("submission_id", "job_id")) {
      Object id = body.get(idField);
      if (id != null && !(id instanceof String)) {
        throw typeError(idField + " must be a string if provided, got " + Json.pythonType(id));
      }
    }
    Object runtimeEnv = body.get("runtime_env");
    if (runtimeEnv != null && !(runtimeEnv instanceof Map)) {
      throw typeError("runtime_env must be a dict, got " + Json.pythonType(runtimeEnv));
    }
    Object metadata = body.get("metadata");
    if (metadata != null) {
      if (!(metadata instanceof Map)) {
        throw typeError("metadata must be a dict, got " + Json.pythonType(metadata));
      }
      for (Object v : ((Map<String, Object>) metadata).values()) {
        if (!(v instanceof String)) {
          throw typeError("metadata values must be strings, got " + Json.pythonType(v));
        }
      }
    }
    for (String numberField : List.of("entrypoint_num_cpus", "entrypoint_num_gpus")) {
      Object n = body.get(numberField);
      if (n != null && !Json.isPythonNumber(n)) {
        throw typeError(numberField + " must be a number, got " + Json.pythonType(n));
      }
    }
    Object memory = body.get("entrypoint_memory");
    if (memory != null && !Json.isPythonInt(memory)) {
      throw typeError("entrypoint_memory must be an integer, got " + Json.pythonType(memory));
    }
    Object resources = body.get("entrypoint_resources");
    if (resources != null) {
      if (!(resources instanceof Map)) {
        throw typeError("entrypoint_resources must be a dict, got " + Json.pythonType(resources));
      }
      for (Object v : ((Map<String, Object>) resources).values()) {
        if (!Json.isPythonNumber(v)) {
          throw typeError("entrypoint_resources values must be numbers, got " + Json.pythonType(v));
        }
      }
    }
    validateLabelSelector(body.get("entrypoint_label_selector"));

    // Ray takes `submission_id or job_id` (Python truthiness): an empty id counts as none and Ray generates one.
    String submissionId = nonEmpty(body.get("submission_id")) ? (String) body.get("submission_id")
        : nonEmpty(body.get("job_id")) ? (String) body.get("job_id") : null;
    boolean requestsResources = positive(body.get("entrypoint_num_cpus")) || positive(body.get("entrypoint_num_gpus"))
        || positive(memory) || (resources != null && !((Map<String, Object>) resources).isEmpty());
    return new Submission((String) entrypoint, submissionId, (Map<String, Object>) runtimeEnv,
        (Map<String, Object>) metadata, requestsResources);
  }

  private static boolean nonEmpty(Object id) {
    return id instanceof String && !((String) id).isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static void validateLabelSelector(Object selector) throws Invalid {
    if (selector == null) {
      return;
    }
    if (!(selector instanceof Map)) {
      throw typeError("entrypoint_label_selector must be a dict, got " + Json.pythonType(selector));
    }
    for (Object v : ((Map<String, Object>) selector).values()) {
      if (!(v instanceof String)) {
        throw typeError("entrypoint_label_selector values must be strings, got " + Json.pythonType(v));
      }
    }
    for (Object v : ((Map<String, Object>) selector).values()) {
      if (!LABEL_VALUE.matcher((String) v).matches()) {
        throw new Invalid("ValueError: Invalid label selector value `" + v + "`. The label selector value should "
            + "contain optional operators and a label value. Supported operators are: ! and {'in'}. Value must be 63 "
            + "chars or less beginning and ending with an alphanumeric character ([a-z0-9A-Z]) with dashes (-), "
            + "underscores (_),dots (.), and alphanumerics between.", true);
      }
    }
  }

  private static boolean positive(Object n) {
    return n instanceof Number && ((Number) n).doubleValue() > 0;
  }

  private static List<String> knownFields(EmulatedVersion version) {
    List<String> fields = new ArrayList<>(List.of("entrypoint", "job_id", "runtime_env", "metadata"));
    if (!version.legacyJobIds()) {
      fields.add("submission_id");
    }
    if (version.hasResourceFields()) {
      fields.addAll(List.of("entrypoint_num_cpus", "entrypoint_num_gpus", "entrypoint_resources"));
    }
    if (version.hasEntrypointMemory()) {
      fields.add("entrypoint_memory");
    }
    if (version.hasLabelSelector()) {
      fields.add("entrypoint_label_selector");
    }
    return fields;
  }

  private static Invalid typeError(String message) {
    return new Invalid("TypeError: " + message, false);
  }
}
