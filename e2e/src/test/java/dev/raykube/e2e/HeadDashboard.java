package dev.raykube.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.JobType;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.dashboard.RetryPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * A real Ray head's dashboard, asked directly by the test (not through the operator): what Ray itself says about a
 * job. One short-lived client per call, without retries, so a head that went away answers "unreachable" at once.
 */
final class HeadDashboard {

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final String url;

  HeadDashboard(String url) {
    this.url = url;
  }

  String url() {
    return url;
  }

  /** The job as Ray reports it ({@code GET /api/jobs/{id}}). */
  JobDetails job(String submissionId) {
    try (RayDashboardClient client = client()) {
      return client.getJob(submissionId);
    }
  }

  /** The job's status, or {@code null} when the dashboard cannot answer (e.g. still starting, or gone). */
  JobStatus statusOrNull(String submissionId) {
    try {
      return job(submissionId).status();
    } catch (RayDashboardException e) {
      return null;
    }
  }

  /** The job's driver logs so far. */
  String logs(String submissionId) {
    try (RayDashboardClient client = client()) {
      return client.getJobLogs(submissionId);
    }
  }

  /** The submission jobs on the head (DRIVER jobs, such as a submission's own driver, left out). */
  List<JobDetails> submissions() {
    try (RayDashboardClient client = client()) {
      return client.listJobs().stream().filter(job -> job.type() == JobType.SUBMISSION).toList();
    }
  }

  /** Submits a job ({@code POST /api/jobs/}) and returns its submission id. */
  String submit(String entrypoint) {
    try (RayDashboardClient client = client()) {
      return client.submitJob(JobSubmitRequest.builder(entrypoint).build());
    }
  }

  /**
   * How many nodes the head's state API ({@code GET /api/v0/nodes}) reports ALIVE, asked with the bearer token unless
   * it is null; 0 while the dashboard cannot answer.
   */
  int aliveNodes(String token) {
    try {
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/api/v0/nodes"))
          .timeout(Duration.ofSeconds(30));
      if (token != null) {
        request.header("Authorization", "Bearer " + token);
      }
      HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return 0;
      }
      int alive = 0;
      for (JsonNode node : new ObjectMapper().readTree(response.body()).path("data").path("result").path("result")) {
        if ("ALIVE".equals(node.path("state").asText())) {
          alive++;
        }
      }
      return alive;
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  /** Whether the dashboard answers {@code /api/version} at all. */
  boolean answers() {
    try (RayDashboardClient client = client()) {
      client.getVersion();
      return true;
    } catch (RayDashboardException e) {
      return false;
    }
  }

  private RayDashboardClient client() {
    return RayDashboardClient.builder().baseUrl(url).retryPolicy(RetryPolicy.none())
        .connectTimeout(Duration.ofSeconds(5)).readTimeout(Duration.ofSeconds(20)).build();
  }

  @Override
  public String toString() {
    return "HeadDashboard[" + url + "]";
  }
}
