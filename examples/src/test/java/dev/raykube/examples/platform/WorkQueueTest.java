package dev.raykube.examples.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class WorkQueueTest {

  @Test
  @DisplayName("requests for a waiting key merge into one run, at the earliest time asked")
  void mergesRequests() throws InterruptedException {
    List<String> runs = new CopyOnWriteArrayList<>();
    try (WorkQueue queue = new WorkQueue(2, key -> {
      runs.add(key);
      return Optional.empty();
    })) {
      queue.add("ml/a", Duration.ofSeconds(30));
      queue.add("ml/a", Duration.ofMillis(50));
      queue.add("ml/a", Duration.ofMillis(80));
      queue.add("ml/b", Duration.ofMillis(50));
      awaitSize(queue, 0);
      Thread.sleep(100);
    }
    assertThat(runs).containsExactlyInAnyOrder("ml/a", "ml/b");
  }

  @Test
  @DisplayName("a key asked for while it runs runs again afterwards, never twice at once; the worker's delay counts")
  void serializesPerKey() throws InterruptedException {
    AtomicInteger concurrent = new AtomicInteger();
    AtomicInteger maxConcurrent = new AtomicInteger();
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch firstRunning = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(3);
    try (WorkQueue queue = new WorkQueue(4, key -> {
      maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
      int run = runs.incrementAndGet();
      firstRunning.countDown();
      sleep(100);
      concurrent.decrementAndGet();
      done.countDown();
      return run == 2 ? Optional.of(Duration.ofMillis(10)) : Optional.empty();
    })) {
      queue.add("ml/a", Duration.ZERO);
      assertThat(firstRunning.await(5, TimeUnit.SECONDS)).isTrue();
      queue.add("ml/a", Duration.ZERO);
      queue.add("ml/a", Duration.ZERO);
      assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
      awaitSize(queue, 0);
    }
    assertThat(runs).hasValue(3); // first, the merged re-run, and the requeue the second run asked for
    assertThat(maxConcurrent).hasValue(1);
  }

  @Test
  @DisplayName("a worker that throws is retried with backoff")
  void retriesFailures() throws InterruptedException {
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch succeeded = new CountDownLatch(1);
    try (WorkQueue queue = new WorkQueue(1, key -> {
      if (runs.incrementAndGet() == 1) {
        throw new IllegalStateException("API server unavailable");
      }
      succeeded.countDown();
      return Optional.empty();
    })) {
      queue.add("ml/a", Duration.ZERO);
      assertThat(succeeded.await(5, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(runs).hasValue(2);
  }

  @Test
  @DisplayName("the platform's own status writes do not trigger a reconcile; spec, deletion and finalizers do")
  void statusOnlyUpdates() {
    RayJob before = job(1L, null, List.of("ray.io/rayjob-finalizer"));
    assertThat(CustomPlatform.statusOnly(before, job(1L, null, List.of("ray.io/rayjob-finalizer")))).isTrue();
    assertThat(CustomPlatform.statusOnly(before, job(2L, null, List.of("ray.io/rayjob-finalizer")))).isFalse();
    assertThat(CustomPlatform.statusOnly(before, job(1L, "2026-03-01T10:00:00Z",
        List.of("ray.io/rayjob-finalizer")))).isFalse();
    assertThat(CustomPlatform.statusOnly(before, job(1L, null, List.of()))).isFalse();
  }

  private static RayJob job(Long generation, String deletion, List<String> finalizers) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("a").withNamespace("ml").withGeneration(generation)
        .withDeletionTimestamp(deletion).withFinalizers(finalizers).withLabels(Map.of("team", "ml")).build());
    return job;
  }

  private static void awaitSize(WorkQueue queue, int size) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (queue.size() != size && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(queue.size()).isEqualTo(size);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
