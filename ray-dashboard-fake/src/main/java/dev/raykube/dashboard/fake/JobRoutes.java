package dev.raykube.dashboard.fake;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.MockResponse;

/** The Jobs REST API under {@code /api/jobs/}, answered from a {@link JobRegistry} (reference §2). */
final class JobRoutes {
  private final JobRegistry registry;
  private final EmulatedVersion version;

  JobRoutes(JobRegistry registry) {
    this.registry = registry;
    this.version = registry.environment().version();
  }

  /** {@code rest} is the decoded path after {@code /api/jobs/}, split on '/'. */
  MockResponse handle(String method, List<String> rest, String body, okhttp3.Headers headers) {
    if (rest.size() == 1 && rest.get(0).isEmpty()) {
      switch (method) {
        case "POST": return submit(body);
        case "GET": return list();
        default: return Responses.methodNotAllowed();
      }
    }
    if (rest.isEmpty() || rest.get(0).isEmpty()) {
      return Responses.noRoute();
    }
    String id = rest.get(0);
    if (rest.size() == 1) {
      switch (method) {
        case "GET": return details(id);
        case "DELETE": return version.hasDelete() ? delete(id) : Responses.methodNotAllowed();
        default: return Responses.methodNotAllowed();
      }
    }
    String route = String.join("/", rest.subList(1, rest.size()));
    switch (route) {
      case "stop": return method.equals("POST") ? stop(id) : Responses.methodNotAllowed();
      case "logs": return method.equals("GET") ? logs(id) : Responses.methodNotAllowed();
      case "logs/tail": return method.equals("GET") ? tail(id, headers) : Responses.methodNotAllowed();
      default: return Responses.noRoute();
    }
  }

  @SuppressWarnings("unchecked")
  private MockResponse submit(String body) {
    Object parsed;
    try {
      parsed = Json.parse(body);
    } catch (Json.MalformedJsonException e) {
      return Responses.unhandled();
    }
    if (!(parsed instanceof Map)) {
      return Responses.unhandled();
    }
    SubmitValidator.Submission submission;
    try {
      submission = SubmitValidator.validate((Map<String, Object>) parsed, version);
    } catch (SubmitValidator.Invalid invalid) {
      return invalid.atAgent()
          ? Responses.agentError("submit_job", 400, "submit_job", invalid.getMessage())
          : Responses.validationError(invalid.getMessage());
    }
    String id = submission.submissionId() != null ? submission.submissionId() : registry.newSubmissionId();
    FakeJob job = FakeJob.submission(registry.environment(), id, submission.entrypoint(), submission.metadata(),
        submission.runtimeEnv(), submission.requestsResources(),
        registry.scriptFor(id, submission.entrypoint(), envVars(submission.runtimeEnv())));
    if (!registry.add(job)) {
      return Responses.agentError("submit_job", 400, "submit_job", "ValueError: Job with submission_id " + id
          + " already exists. Please use a different submission_id.");
    }
    job.begin();
    Map<String, Object> reply = new LinkedHashMap<>();
    reply.put("job_id", id);
    if (!version.legacyJobIds()) {
      reply.put("submission_id", id);
    }
    return Responses.json(reply);
  }

  /** The string-valued {@code env_vars} of a runtime env, for the shell subset's {@code $NAME}. */
  private static Map<String, String> envVars(Map<String, Object> runtimeEnv) {
    Map<String, String> vars = new LinkedHashMap<>();
    if (runtimeEnv != null && runtimeEnv.get("env_vars") instanceof Map) {
      ((Map<?, ?>) runtimeEnv.get("env_vars")).forEach((k, v) -> {
        if (v instanceof String) {
          vars.put(String.valueOf(k), (String) v);
        }
      });
    }
    return vars;
  }

  private MockResponse list() {
    if (version.legacyJobIds()) {
      Map<String, Object> byId = new LinkedHashMap<>();
      for (FakeJob job : registry.listed()) {
        if (!job.isDriverType()) {
          byId.put(job.submissionId(), job.details());
        }
      }
      return Responses.json(byId);
    }
    return Responses.json(registry.listed().stream().map(FakeJob::details).toList());
  }

  private MockResponse details(String id) {
    Optional<FakeJob> job = registry.find(id);
    return job.isPresent() ? Responses.json(job.get().details()) : notFound(id);
  }

  private MockResponse stop(String id) {
    Optional<FakeJob> job = registry.find(id);
    if (job.isEmpty()) {
      return notFound(id);
    }
    if (job.get().isDriverType()) {
      return Responses.text(400, "Can only stop submission type jobs");
    }
    return Responses.json(Map.of("stopped", job.get().stop()));
  }

  private MockResponse delete(String id) {
    Optional<FakeJob> found = registry.find(id);
    if (found.isEmpty()) {
      return notFound(id);
    }
    FakeJob job = found.get();
    if (job.isDriverType()) {
      return Responses.text(400, "Can only delete submission type jobs");
    }
    synchronized (job) {
      if (!job.isTerminal()) {
        return Responses.agentError("delete_job", 500, "delete_job", "RuntimeError: Attempted to delete job '"
            + job.submissionId() + "', but it is in a non-terminal state " + job.status() + ".");
      }
      registry.remove(job);
      // Deleted before Ray's job monitor saw the supervisor exit: the monitor finds no status, takes the job for
      // lost and writes a FAILED record under the same id.
      String submissionId = job.submissionId();
      job.whenMonitorNoticesExit(() -> registry.add(FakeJob.supervisorDied(registry.environment(), submissionId)));
    }
    return Responses.json(Map.of("deleted", true));
  }

  private MockResponse logs(String id) {
    Optional<FakeJob> job = registry.find(id);
    if (job.isEmpty()) {
      return notFound(id);
    }
    if (job.get().isDriverType()) {
      return Responses.text(400, "Can only get logs of submission type jobs");
    }
    return Responses.json(Map.of("logs", job.get().logs()));
  }

  private MockResponse tail(String id, okhttp3.Headers headers) {
    Optional<FakeJob> job = registry.find(id);
    if (job.isEmpty()) {
      return notFound(id);
    }
    if (job.get().isDriverType()) {
      return Responses.text(400, "Can only get logs of submission type jobs");
    }
    String extensions = headers.get("Sec-WebSocket-Extensions");
    boolean compressed = extensions != null && extensions.contains("permessage-deflate");
    return new MockResponse.Builder().webSocketUpgrade(new LogTailSocket(job.get(), compressed)).build();
  }

  private static MockResponse notFound(String id) {
    return Responses.text(404, "Job " + id + " does not exist");
  }
}
