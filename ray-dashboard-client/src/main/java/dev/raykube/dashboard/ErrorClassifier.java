package dev.raykube.dashboard;

import java.io.IOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a non-2xx dashboard reply into the typed exception of the error contract. Bodies are never assumed to
 * be JSON: plain text and Python tracebacks are the norm, a {@code {"result": false, "msg": …}} envelope the exception.
 */
final class ErrorClassifier {
  private static final Pattern EXCEPTION_LINE =
      Pattern.compile("^([A-Za-z_][A-Za-z0-9_.]*(?:Error|Exception)): (.*)$", Pattern.MULTILINE);
  private static final String AGENT_FAILURE = "RuntimeError: Request failed with status code ";
  private static final int SUMMARY_LIMIT = 300;

  /** What the call was about, for messages and for context-dependent mappings. */
  record Call(String operation, String jobId, boolean submit) {
    static Call of(String operation) {
      return new Call(operation, null, false);
    }

    static Call job(String operation, String jobId) {
      return new Call(operation, jobId, false);
    }
  }

  private ErrorClassifier() {}

  static RayDashboardException classify(Call call, int status, String body) {
    String text = body == null ? "" : body;
    String server = serverMessage(text);
    String prefix = call.operation() + " failed: the Ray dashboard answered " + status + ": ";
    if (call.submit() && (status == 500 || status == 400) && text.contains("already exists")) {
      return new DuplicateSubmissionException(prefix + server, call.jobId(), status, text);
    }
    if (status == 400) {
      return new InvalidRequestException(prefix + server, status, text, server);
    }
    if (status == 401 || status == 403) {
      return new AuthenticationException(prefix + server, status, text);
    }
    if (status == 404 && call.jobId() != null && !call.submit()) {
      return new JobNotFoundException(prefix + server, call.jobId(), text);
    }
    if (status == 502 || status == 503 || status == 504) {
      return new DashboardUnavailableException(prefix + server, status, text, null);
    }
    if (status == 500 && text.contains("No available agent to submit job")) {
      return new DashboardUnavailableException(prefix + server, status, text, null);
    }
    if (status == 500 && text.contains(AGENT_FAILURE + "400")) {
      return new InvalidRequestException(prefix + server, status, text, server);
    }
    return new UnexpectedResponseException(prefix + server, status, text, null);
  }

  /**
   * The server's own explanation: the last Python exception line that is not the head's wrapper around an agent error,
   * the {@code msg} of a JSON envelope read the same way, or the (shortened) text itself.
   */
  static String serverMessage(String body) {
    String text = envelopeMessage(body);
    String found = null;
    Matcher m = EXCEPTION_LINE.matcher(text);
    while (m.find()) {
      if (!m.group().startsWith(AGENT_FAILURE)) {
        found = m.group();
      }
    }
    if (found != null) {
      return found;
    }
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      return "(empty body)";
    }
    String oneLine = trimmed.replaceAll("\\s*\\n\\s*", " | ");
    return oneLine.length() <= SUMMARY_LIMIT ? oneLine : oneLine.substring(0, SUMMARY_LIMIT) + "…";
  }

  private static String envelopeMessage(String body) {
    String trimmed = body.strip();
    if (!trimmed.startsWith("{")) {
      return body;
    }
    try {
      Map<String, Object> m = Lenient.object(JsonTree.parse(trimmed));
      String msg = m == null ? null : Lenient.string(m, "msg");
      return msg != null && !msg.isBlank() ? msg : body;
    } catch (IOException notJson) {
      return body;
    }
  }
}
