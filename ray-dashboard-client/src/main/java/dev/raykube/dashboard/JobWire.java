package dev.raykube.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Maps Jobs API bodies between JSON trees and this client's records, per Ray version (reference §1 and §5). */
final class JobWire {
  private static final Logger LOG = LoggerFactory.getLogger(RayDashboardClient.class);

  private JobWire() {}

  /**
   * Reads one JobDetails object. {@code fallbackId} is used as the submission id when the body carries no id at all
   * (Ray 1.x shapes); pass null to keep it absent.
   */
  static JobDetails details(Map<String, Object> m, String fallbackId) {
    String submissionId = Lenient.string(m, "submission_id");
    if (submissionId == null && fallbackId != null && !m.containsKey("submission_id") && !m.containsKey("type")) {
      submissionId = fallbackId;
    }
    Map<String, Object> driver = Lenient.object(m.get("driver_info"));
    DriverInfo driverInfo = driver == null ? null : new DriverInfo(Lenient.string(driver, "id"),
        Lenient.string(driver, "node_ip_address"), Lenient.string(driver, "pid"));
    String rawStatus = Lenient.string(m, "status");
    return new JobDetails(
        JobType.fromWire(Lenient.string(m, "type")),
        Lenient.string(m, "job_id"),
        submissionId,
        driverInfo,
        JobStatus.fromWire(rawStatus),
        rawStatus,
        Lenient.string(m, "entrypoint"),
        Lenient.string(m, "message"),
        Lenient.string(m, "error_type"),
        Lenient.epochMillis(m, "start_time"),
        Lenient.epochMillis(m, "end_time"),
        Lenient.stringMap(m, "metadata"),
        Lenient.object(m.get("runtime_env")),
        Lenient.string(m, "driver_agent_http_address"),
        Lenient.string(m, "driver_node_id"),
        Lenient.intValue(m, "driver_exit_code"));
  }

  /** Reads a list: an array (Ray 2.x) or an object keyed by job id (Ray 1.x). Null when it is neither. */
  static List<JobDetails> list(Object body) {
    List<JobDetails> jobs = new ArrayList<>();
    if (body instanceof List) {
      for (Object item : (List<?>) body) {
        Map<String, Object> m = Lenient.object(item);
        if (m != null) {
          jobs.add(details(m, null));
        }
      }
      return jobs;
    }
    Map<String, Object> byId = Lenient.object(body);
    if (byId == null) {
      return null;
    }
    byId.forEach((id, item) -> {
      Map<String, Object> m = Lenient.object(item);
      if (m != null) {
        jobs.add(details(m, id));
      }
    });
    return jobs;
  }

  /** The submit body for a server of this version: unknown fields left out (with a warning), nulls stripped. */
  static Map<String, Object> submitBody(JobSubmitRequest request, RayVersion version) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("entrypoint", request.entrypoint());
    if (request.submissionId() != null) {
      body.put(version.isAtLeast(2, 0) ? "submission_id" : "job_id", request.submissionId());
    }
    body.put("runtime_env", request.runtimeEnv());
    body.put("metadata", request.metadata());
    gated(body, version, 2, 2, "entrypoint_num_cpus", request.entrypointNumCpus());
    gated(body, version, 2, 2, "entrypoint_num_gpus", request.entrypointNumGpus());
    gated(body, version, 2, 2, "entrypoint_resources", request.entrypointResources());
    gated(body, version, 2, 8, "entrypoint_memory", request.entrypointMemory());
    gated(body, version, 2, 54, "entrypoint_label_selector", request.entrypointLabelSelector());
    body.values().removeIf(v -> v == null);
    return body;
  }

  private static void gated(Map<String, Object> body, RayVersion version, int major, int minor, String field,
      Object value) {
    if (value == null) {
      return;
    }
    if (version.isAtLeast(major, minor)) {
      body.put(field, value);
    } else {
      LOG.warn("Ray {} does not know the submit field {} (needs {}.{}+); leaving it out", version, field, major, minor);
    }
  }

  /** The submission id from a submit reply: {@code submission_id}, else {@code job_id} (Ray 1.x). */
  static String submittedId(Map<String, Object> reply) {
    String id = Lenient.string(reply, "submission_id");
    return id != null ? id : Lenient.string(reply, "job_id");
  }

  /** Reads {@code /api/version}; throws {@link IllegalArgumentException} if {@code ray_version} is unreadable. */
  static DashboardVersion version(Map<String, Object> m) {
    String ray = Lenient.string(m, "ray_version");
    if (ray == null) {
      throw new IllegalArgumentException("no ray_version in the reply");
    }
    return new DashboardVersion(Lenient.string(m, "version"), RayVersion.parse(ray), Lenient.string(m, "ray_commit"),
        Lenient.string(m, "session_name"));
  }

  /** Reads ServeInstanceDetails. */
  static ServeInstanceDetails serve(Map<String, Object> m) {
    Map<String, ServeApplicationDetails> apps = new LinkedHashMap<>();
    Map<String, Object> rawApps = Lenient.object(m.get("applications"));
    if (rawApps != null) {
      rawApps.forEach((name, value) -> {
        Map<String, Object> app = Lenient.object(value);
        if (app != null) {
          apps.put(name, application(name, app));
        }
      });
    }
    return new ServeInstanceDetails(Lenient.string(m, "deploy_mode"), Lenient.string(m, "proxy_location"),
        Lenient.doubleValue(m, "target_capacity"), apps);
  }

  private static ServeApplicationDetails application(String key, Map<String, Object> app) {
    Map<String, ServeDeploymentDetails> deployments = new LinkedHashMap<>();
    Map<String, Object> rawDeployments = Lenient.object(app.get("deployments"));
    if (rawDeployments != null) {
      rawDeployments.forEach((name, value) -> {
        Map<String, Object> d = Lenient.object(value);
        if (d != null) {
          String dname = Lenient.string(d, "name");
          deployments.put(name, new ServeDeploymentDetails(dname != null ? dname : name,
              ServeDeploymentStatus.fromWire(Lenient.string(d, "status")), Lenient.string(d, "message")));
        }
      });
    }
    String name = Lenient.string(app, "name");
    return new ServeApplicationDetails(name != null ? name : key, Lenient.string(app, "route_prefix"),
        Lenient.string(app, "docs_path"), ServeApplicationStatus.fromWire(Lenient.string(app, "status")),
        Lenient.string(app, "message"), Lenient.doubleValue(app, "last_deployed_time_s"), deployments);
  }
}
