package dev.raykube.dashboard;

import mockwebserver3.MockResponse;

/** Canned dashboard replies for MockWebServer tests, copied from the shapes in the reference and real Ray 2.60. */
final class Replies {
  private Replies() {}

  static MockResponse json(String body) {
    return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json; charset=utf-8")
        .body(body).build();
  }

  static MockResponse text(int code, String body) {
    return new MockResponse.Builder().code(code).setHeader("Content-Type", "text/plain; charset=utf-8").body(body)
        .build();
  }

  static MockResponse version(String rayVersion) {
    return json("{\"version\": \"4\", \"ray_version\": \"" + rayVersion + "\", \"ray_commit\": \"abc\", "
        + "\"session_name\": \"session_x\"}");
  }

  static final String SUCCEEDED_JOB = "{\"type\": \"SUBMISSION\", \"job_id\": \"02000000\", "
      + "\"submission_id\": \"raysubmit_tndCXjZtTT13X7jD\", "
      + "\"driver_info\": {\"id\": \"02000000\", \"node_ip_address\": \"10.0.0.5\", \"pid\": \"94633\"}, "
      + "\"status\": \"SUCCEEDED\", \"entrypoint\": \"python script.py\", \"message\": \"Job finished successfully.\", "
      + "\"error_type\": null, \"start_time\": 1671433867107, \"end_time\": 1671434381364, \"metadata\": {}, "
      + "\"runtime_env\": {\"working_dir\": \"gcs://_ray_pkg_1c2d7859d752eb23.zip\"}, "
      + "\"driver_agent_http_address\": \"http://10.0.0.5:52365\", "
      + "\"driver_node_id\": \"8d1f0000000000000000000000000000000000000000000000000000\", \"driver_exit_code\": 0}";

  static final String PENDING_JOB = "{\"type\": \"SUBMISSION\", \"job_id\": null, \"submission_id\": \"t1\", "
      + "\"driver_info\": null, \"status\": \"PENDING\", \"entrypoint\": \"echo hi\", "
      + "\"message\": \"Job has not started yet.\", \"error_type\": null, \"start_time\": 1796032378760, "
      + "\"end_time\": null, \"metadata\": {\"a\": \"b\"}, \"runtime_env\": null, "
      + "\"driver_agent_http_address\": null, \"driver_node_id\": null, \"driver_exit_code\": null}";

  static final String BAD_REQUEST_TRACEBACK = "Traceback (most recent call last):\n"
      + "  File \"/ray/dashboard/modules/job/utils.py\", line 128, in parse_and_validate_request\n"
      + "    return validate_request_type(json_data, request_type)\n"
      + "TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'bogus'\n";

  static String duplicateNew(String id) {
    return "Traceback (most recent call last):\n"
        + "  File \"/ray/dashboard/modules/job/job_head.py\", line 419, in submit_job\n"
        + "RuntimeError: Request failed with status code 400: Traceback (most recent call last):\n"
        + "  File \"/ray/dashboard/modules/job/job_manager.py\", line 553, in submit_job\n"
        + "ValueError: Job with submission_id " + id + " already exists. Please use a different submission_id.\n.\n";
  }

  static String duplicateOld(String id) {
    return "Traceback (most recent call last):\n  File \"job_manager.py\", line 1, in submit_job\n"
        + "RuntimeError: Job " + id + " already exists.\n";
  }

  static final String AGENT_BAD_LABEL = "Traceback (most recent call last):\n"
      + "RuntimeError: Request failed with status code 400: Traceback (most recent call last):\n"
      + "  File \"job_manager.py\", line 537, in submit_job\n"
      + "ValueError: Invalid label selector value `!!bad`. The label selector value should contain optional operators.\n"
      + ".\n";

  static final String JSON_ENVELOPE = "{\"result\": false, \"msg\": \"Traceback (most recent call last):\\n  File "
      + "\\\"x.py\\\", line 1, in f\\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\\n\", "
      + "\"data\": {}}";

  static final String NON_TERMINAL_DELETE = "Traceback (most recent call last):\n"
      + "RuntimeError: Request failed with status code 500: Traceback (most recent call last):\n"
      + "RuntimeError: Attempted to delete job 't5', but it is in a non-terminal state RUNNING.\n.\n";
}
