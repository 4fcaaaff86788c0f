package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.GcsReadinessInitContainer;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.sandbox.LocalRayHead;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker's {@code wait-gcs-ready} init container script, exactly as the operator generates it into a worker Pod,
 * run with bash against a real Ray head on 127.0.0.1: while no GCS listens it keeps waiting (still running after more
 * than two periods, with at least one "not ready" line); once a head is started, the script exits 0 within one period
 * (plus a small margin) after the GCS first answers {@code ray health-check}.
 */
class GcsReadinessE2eTest {

  private static final Logger log = LoggerFactory.getLogger(GcsReadinessE2eTest.class);
  private static final int PERIOD = GcsReadinessInitContainer.PERIOD_SECONDS;
  /** For the script's own {@code ray health-check} to start (Python imports) and answer on a loaded 2-core machine. */
  private static final Duration MARGIN = Duration.ofSeconds(5);

  @Test
  void scriptKeepsWaitingWhileTheHeadIsDownAndExitsWithinOnePeriodAfterTheGcsAnswers(@TempDir Path tmp)
      throws Exception {
    int gcsPort = LocalRayHead.freePort();
    Container init = generatedInitContainer(gcsPort);
    assertThat(init.getCommand()).containsExactly("/bin/bash", "-c", "--");
    String script = init.getArgs().get(init.getArgs().size() - 1);

    Map<String, String> env = LocalRayHead.clientEnvironment(tmp);
    for (EnvVar var : init.getEnv()) {
      if (var.getValue() != null) {
        env.put(var.getName(), var.getValue());
      }
    }
    env.put("FQ_RAY_IP", "127.0.0.1"); // the head Service's name, as kube-dns would resolve it for the simulator
    Path output = tmp.resolve("wait-gcs-ready.log");
    ProcessBuilder builder = new ProcessBuilder("setsid", "bash", "-c", script).redirectErrorStream(true)
        .redirectOutput(output.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    long started = System.nanoTime();
    Process process = builder.start();
    AtomicLong exited = new AtomicLong();
    process.onExit().thenRun(() -> exited.set(System.nanoTime()));
    try {
      long waitUntil = started + Duration.ofSeconds(2L * PERIOD + 1).toNanos();
      while (System.nanoTime() < waitUntil || notReadyLines(output) < 1) {
        assertThat(process.isAlive()).as("script still waiting; output so far:\n%s", text(output)).isTrue();
        assertThat(System.nanoTime() - started).as("a 'not ready yet' line within 3 minutes")
            .isLessThan(Duration.ofMinutes(3).toNanos());
        Thread.sleep(200);
      }
      double waitedWithoutHead = seconds(System.nanoTime() - started);
      int linesWithoutHead = notReadyLines(output);
      assertThat(process.isAlive()).as("still waiting while no head runs:\n%s", text(output)).isTrue();

      try (LocalRayHead head = LocalRayHead.start(gcsPort)) {
        long headStarted = System.nanoTime();
        long gcsAnswered = 0;
        while (gcsAnswered == 0) {
          assertThat(System.nanoTime() - headStarted).as("the head's GCS answers within 4 minutes")
              .isLessThan(Duration.ofMinutes(4).toNanos());
          if (head.healthCheck()) {
            gcsAnswered = System.nanoTime();
          } else if (exited.get() == 0) {
            Thread.sleep(200);
          } else {
            gcsAnswered = exited.get(); // the script saw the GCS first: it cannot have answered any later
          }
        }
        long deadline = gcsAnswered + Duration.ofSeconds(PERIOD).plus(MARGIN).toNanos();
        boolean exitedInTime = process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        String out = text(output);
        assertThat(exitedInTime).as("script exited within %s s + %s s after the GCS answered; output:\n%s", PERIOD,
            MARGIN.toSeconds(), out).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("GCS at 127.0.0.1:" + gcsPort + " is ready after");
        log.info("wait-gcs-ready (period {} s): still waiting after {} s without a head ({} 'not ready' lines); "
            + "head's GCS answered ray health-check {} s after the head was started; script exited 0 {} s after that "
            + "(bound {} s); script ran {} s in all",
            PERIOD, String.format("%.1f", waitedWithoutHead), linesWithoutHead,
            String.format("%.1f", seconds(gcsAnswered - headStarted)),
            String.format("%.1f", seconds(exited.get() - gcsAnswered)), PERIOD + MARGIN.toSeconds(),
            String.format("%.1f", seconds(exited.get() - started)));
        log.info("script output:\n{}", out);
      }
    } finally {
      if (process.isAlive()) {
        new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).start().waitFor();
      }
    }
  }

  /** The {@code wait-gcs-ready} init container of a worker Pod built by the operator's own Pod factory. */
  private static Container generatedInitContainer(int gcsPort) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName("gcs-wait").withNamespace("e2e").withUid("u-1").build());
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of("port", Integer.toString(gcsPort)));
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec group = new WorkerGroupSpec();
    group.setGroupName("workers");
    group.setReplicas(1);
    group.setRayStartParams(Map.of());
    group.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setWorkerGroupSpecs(List.of(group));
    cluster.setSpec(spec);
    Pod worker = new RayPodFactory(ClusterBuildSettings.defaults()).worker(cluster, group);
    return worker.getSpec().getInitContainers().stream()
        .filter(c -> GcsReadinessInitContainer.NAME.equals(c.getName())).findFirst().orElseThrow();
  }

  private static int notReadyLines(Path output) {
    return (int) new ArrayList<>(List.of(text(output).split("\n"))).stream()
        .filter(line -> line.contains("is not ready yet")).count();
  }

  private static String text(Path output) {
    try {
      return Files.exists(output) ? Files.readString(output) : "";
    } catch (IOException e) {
      return "(unreadable: " + e.getMessage() + ")";
    }
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
