package dev.raykube.bench.side;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What became of one fuzzed manifest of {@link ManifestFuzz}, from the API server's answer, the object's status and
 * the Events about it:
 * <ul>
 *   <li>{@code REJECTED}: the API server refused it (4xx) with a message;
 *   <li>{@code INVALID}: admitted, and the operator marked it invalid in status ({@code ValidationFailed} for RayJob,
 *       {@code Ready=False/ValidationFailed} for RayService, {@code reason: Invalid RayCluster: …} for RayCluster)
 *       <em>and</em> with a Warning Event {@code Invalid<Kind>Spec|Metadata}; a RayCronJob has no invalid mark in
 *       status (as in KubeRay), so for it the Warning {@code InvalidRayCronJobSpec} alone;
 *   <li>{@code VALID}: admitted and progressing (a status the operator wrote that is not an invalid mark, no such
 *       Warning); a RayCronJob: a RayJob of it exists, its {@code status.lastScheduleTime} is set, or (suspended) it
 *       has the Normal Event {@code SuspendedRayCronJob};
 *   <li>{@code PENDING}: not yet one of these; once the time is up, {@code UNANSWERED}.
 * </ul>
 * Violations: a rejection without a message or with a server error, {@code UNANSWERED}, and a half mark (the status
 * without the Warning, or the Warning without the status).
 */
record FuzzVerdict(Outcome outcome, String detail, boolean isViolation) {

  enum Outcome { REJECTED, INVALID, VALID, PENDING, UNANSWERED }

  /** One applied manifest: what it was and what the API server answered. */
  static final class Case {
    private final int index;
    private final String kind;
    private final String name;
    private final String sample;
    private final List<String> mutations;
    private int code = -1;
    private String message;

    Case(int index, String kind, String name, String sample, List<String> mutations) {
      this.index = index;
      this.kind = kind;
      this.name = name;
      this.sample = sample;
      this.mutations = mutations;
    }

    void rejected(int code, String message) {
      this.code = code;
      this.message = message;
    }

    String kind() {
      return kind;
    }

    String name() {
      return name;
    }

    List<String> mutations() {
      return mutations;
    }

    /** The API server's status code of a rejection; -1 when admitted. */
    int code() {
      return code;
    }

    boolean admitted() {
      return code == -1;
    }

    String key() {
      return kind + "/" + name;
    }

    Map<String, Object> toRecord(FuzzVerdict verdict) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("case", index);
      out.put("kind", kind);
      out.put("name", name.length() > 80 ? name.substring(0, 80) + "…(" + name.length() + ")" : name);
      out.put("sample", sample);
      out.put("mutations", mutations);
      out.put("outcome", verdict == null ? "?" : verdict.outcome().name());
      out.put("detail", verdict == null ? "" : verdict.detail());
      return out;
    }
  }

  /**
   * @param hasRayJobs whether a RayJob labelled {@code ray.io/cronjob-name} with the case's name exists (RayCronJob)
   */
  static FuzzVerdict of(Case c, GenericKubernetesResource object, List<Event> events, boolean hasRayJobs,
      boolean late) {
    if (!c.admitted()) {
      boolean blank = c.message == null || c.message.isBlank();
      boolean serverError = c.code >= 500;
      return new FuzzVerdict(Outcome.REJECTED, c.code + ": " + c.message, blank || serverError);
    }
    if (object == null) {
      return unanswered("admitted, then gone", late);
    }
    boolean marked = markedInvalid(c.kind, status(object));
    List<String> warnings = events.stream()
        .filter(e -> "Warning".equals(e.getType()) && e.getReason() != null && e.getReason().startsWith("Invalid"))
        .map(e -> e.getReason() + ": " + e.getMessage()).toList();
    if (c.kind.equals("RayCronJob")) {
      return cronJob(status(object), events, warnings, hasRayJobs, late);
    }
    if (marked && !warnings.isEmpty()) {
      return new FuzzVerdict(Outcome.INVALID, String.join(" | ", warnings), false);
    }
    if (marked || !warnings.isEmpty()) {
      // The operator writes the Event and the status in one reconcile; give the other a moment.
      return late ? new FuzzVerdict(Outcome.UNANSWERED, "half marked: status " + (marked ? "invalid" : "not invalid")
          + ", Warnings " + warnings, true) : pending();
    }
    Map<String, Object> status = status(object);
    if (status != null && !status.isEmpty()) {
      return new FuzzVerdict(Outcome.VALID, "status " + abbreviate(status), false);
    }
    return unanswered("admitted; no status and no Warning", late);
  }

  private static FuzzVerdict cronJob(Map<String, Object> status, List<Event> events, List<String> warnings,
      boolean hasRayJobs, boolean late) {
    if (!warnings.isEmpty()) {
      return new FuzzVerdict(Outcome.INVALID, String.join(" | ", warnings), false);
    }
    Object scheduled = status == null ? null : status.get("lastScheduleTime");
    boolean suspended = events.stream().anyMatch(e -> "SuspendedRayCronJob".equals(e.getReason()));
    if (hasRayJobs || scheduled != null || suspended) {
      return new FuzzVerdict(Outcome.VALID, (hasRayJobs ? "RayJob created, " : "") + "lastScheduleTime " + scheduled
          + (suspended ? ", suspended" : ""), false);
    }
    return unanswered("admitted; no RayJob, no lastScheduleTime, no Warning", late);
  }

  @SuppressWarnings("unchecked")
  private static boolean markedInvalid(String kind, Map<String, Object> status) {
    if (status == null) {
      return false;
    }
    return switch (kind) {
      case "RayJob" -> "ValidationFailed".equals(status.get("jobDeploymentStatus"));
      case "RayCluster" -> String.valueOf(status.get("reason")).startsWith("Invalid RayCluster");
      case "RayService" -> status.get("conditions") instanceof List<?> conditions && conditions.stream()
          .map(c -> (Map<String, Object>) c)
          .anyMatch(c -> "Ready".equals(c.get("type")) && "False".equals(c.get("status"))
              && "ValidationFailed".equals(c.get("reason")));
      default -> false;
    };
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> status(GenericKubernetesResource object) {
    Object status = object.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
  }

  private static FuzzVerdict unanswered(String detail, boolean late) {
    return late ? new FuzzVerdict(Outcome.UNANSWERED, detail, true) : pending();
  }

  private static FuzzVerdict pending() {
    return new FuzzVerdict(Outcome.PENDING, "", false);
  }

  private static String abbreviate(Object value) {
    String text = String.valueOf(value);
    return text.length() > 160 ? text.substring(0, 160) + "…" : text;
  }
}
