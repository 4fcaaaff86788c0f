package dev.raykube.dashboard.fake;

import mockwebserver3.MockResponse;

/** Response shapes of Ray's aiohttp dashboard: JSON bodies, plain-text errors and Python tracebacks. */
final class Responses {
  private static final String SITE = "/home/ray/anaconda3/lib/python3.11/site-packages/ray/dashboard/modules/job/";

  private Responses() {}

  static MockResponse json(Object body) {
    return new MockResponse.Builder()
        .code(200)
        .setHeader("Content-Type", "application/json; charset=utf-8")
        .body(Json.write(body))
        .build();
  }

  static MockResponse text(int code, String body) {
    return text(code, body, "text/plain; charset=utf-8");
  }

  static MockResponse text(int code, String body, String contentType) {
    return new MockResponse.Builder().code(code).setHeader("Content-Type", contentType).body(body).build();
  }

  static MockResponse empty() {
    return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/octet-stream").build();
  }

  /** aiohttp's default 404 for a path without a route. */
  static MockResponse noRoute() {
    return text(404, "404: Not Found");
  }

  /** aiohttp's default 405 for a known path with another method. */
  static MockResponse methodNotAllowed() {
    return text(405, "405: Method Not Allowed");
  }

  /** aiohttp's answer when a handler raises: not JSON, no traceback. */
  static MockResponse unhandled() {
    return text(500, "500 Internal Server Error\n\nServer got itself in trouble");
  }

  /** A 400 from the head's request validation, ending in {@code exceptionLine}. */
  static MockResponse validationError(String exceptionLine) {
    return text(400, "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "utils.py\", line 128, in parse_and_validate_request\n"
        + "    return validate_request_type(json_data, request_type)\n"
        + "  File \"" + SITE + "common.py\", line 445, in validate_request_type\n"
        + "    return request_type(**json_data)\n"
        + exceptionLine + "\n");
  }

  /**
   * A 500 from the head wrapping an error of the job agent, the way Ray 2.2+ forwards submit, stop and delete: the
   * agent's traceback (status {@code agentStatus}) inside a {@code RuntimeError}.
   */
  static MockResponse agentError(String headFunction, int agentStatus, String agentFunction, String exceptionLine) {
    String agentTraceback = "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "job_agent.py\", line 45, in " + agentFunction + "\n"
        + "    result = await self.get_job_manager()." + agentFunction + "(...)\n"
        + "  File \"" + SITE + "job_manager.py\", line 553, in " + agentFunction + "\n"
        + "    raise " + exceptionLine.substring(0, exceptionLine.indexOf(':')) + "(\n"
        + exceptionLine + "\n";
    return text(500, "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "job_head.py\", line 419, in " + headFunction + "\n"
        + "    resp = await job_agent_client." + headFunction + "_internal(...)\n"
        + "  File \"" + SITE + "job_head.py\", line 134, in _raise_error\n"
        + "    raise RuntimeError(f\"Request failed with status code {status}: {error_text}.\")\n"
        + "RuntimeError: Request failed with status code " + agentStatus + ": " + agentTraceback + ".\n");
  }
}
