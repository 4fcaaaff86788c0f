package dev.raykube.examples.dashboard;

import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobLogListener;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.LogTail;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.dashboard.RayDashboardException;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

/**
 * Submits a shell entrypoint to a Ray dashboard, streams its log to stdout, and prints the final status.
 *
 * <pre>
 * SubmitAndTailJob http://127.0.0.1:8265 'echo hello && sleep 2 && echo done'
 * </pre>
 *
 * <p>Uses only {@code ray-dashboard-client}. A token for a head with token auth is read from {@code RAY_AUTH_TOKEN}.
 * The job gets its own submission id, so the client may retry the submit safely. Ctrl-C stops the job. Exits 0 when the
 * job SUCCEEDED, 1 otherwise, 2 on bad usage.
 */
public final class SubmitAndTailJob {
  private SubmitAndTailJob() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length < 2) {
      System.err.println("usage: SubmitAndTailJob <dashboard-url> <entrypoint...>");
      System.exit(2);
    }
    String url = args[0];
    String entrypoint = String.join(" ", Arrays.copyOfRange(args, 1, args.length));
    RayDashboardClientBuilder builder = RayDashboardClient.builder().baseUrl(url);
    String token = System.getenv("RAY_AUTH_TOKEN");
    if (token != null && !token.isBlank()) {
      builder.bearerToken(token);
    }
    int exitCode;
    try (RayDashboardClient client = builder.build()) {
      exitCode = run(client, entrypoint);
    } catch (RayDashboardException e) {
      System.err.println("error: " + e.getMessage());
      exitCode = 1;
    }
    System.exit(exitCode);
  }

  private static int run(RayDashboardClient client, String entrypoint) throws InterruptedException {
    System.out.println("# Ray " + client.getVersion().rayVersion() + " at " + client.baseUrl());
    String submissionId = "raykube-example-" + UUID.randomUUID().toString().substring(0, 8);
    try {
      client.submitJob(JobSubmitRequest.builder(entrypoint).submissionId(submissionId)
          .metadata("submitted-by", "raykube SubmitAndTailJob").build());
    } catch (DuplicateSubmissionException e) {
      System.out.println("# " + submissionId + " was already submitted; following it");
    }
    System.out.println("# submitted " + submissionId + ": " + entrypoint);

    LogTail tail = client.tailJobLogs(submissionId, new JobLogListener() {
      @Override
      public void onLogs(String chunk) {
        System.out.print(chunk);
        System.out.flush();
      }

      @Override
      public void onFailure(RayDashboardException error) {
        System.err.println("# log stream failed: " + error.getMessage());
      }
    });
    Thread stopOnCtrlC = new Thread(() -> {
      if (!tail.completion().isDone()) {
        System.err.println("# interrupted: stopping " + submissionId + " -> " + client.stopJob(submissionId));
      }
    });
    Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
    try {
      // Ray closes the stream once the job has ended and its whole log was sent.
      tail.completion().get();
    } catch (ExecutionException streamFailed) {
      // reported by onFailure; the status below still tells how the job stands
    } finally {
      Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
      tail.close();
    }

    JobDetails job = client.getJob(submissionId);
    System.out.println("# status: " + job.status() + (job.driverExitCode() == null ? "" : " (exit code "
        + job.driverExitCode() + ")"));
    if (job.message() != null) {
      System.out.println("# message: " + job.message().lines().findFirst().orElse(""));
    }
    return job.status() == JobStatus.SUCCEEDED ? 0 : 1;
  }
}
