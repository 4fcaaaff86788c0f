package dev.raykube.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BackgroundEventWritesTest {

  @Test
  @DisplayName("writes run in one thread of their own, in the order they were queued; close waits for them")
  void inOrderAndDrainedOnClose() {
    List<String> ran = new CopyOnWriteArrayList<>();
    BackgroundEventWrites writes = new BackgroundEventWrites(100, Duration.ofSeconds(10));
    for (int i = 0; i < 50; i++) {
      int n = i;
      writes.execute(() -> ran.add(Thread.currentThread().getName() + ":" + n));
    }
    writes.close();
    assertThat(ran).hasSize(50);
    for (int i = 0; i < 50; i++) {
      assertThat(ran.get(i)).isEqualTo("raykube-events:" + i);
    }
    assertThatThrownBy(() -> writes.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);
  }

  @Test
  @DisplayName("beyond its capacity a write is rejected; a failing write does not stop the next")
  void boundedAndResilient() throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    List<String> ran = new CopyOnWriteArrayList<>();
    try (BackgroundEventWrites writes = new BackgroundEventWrites(2, Duration.ofSeconds(10))) {
      writes.execute(() -> {
        started.countDown();
        awaitQuietly(release);
        throw new IllegalStateException("a write that fails");
      });
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
      writes.execute(() -> ran.add("second"));
      writes.execute(() -> ran.add("third"));
      assertThat(writes.queued()).isEqualTo(2);
      assertThatThrownBy(() -> writes.execute(() -> ran.add("fourth")))
          .isInstanceOf(RejectedExecutionException.class);
      release.countDown();
    }
    assertThat(ran).containsExactly("second", "third");
  }

  @Test
  @DisplayName("close drops what is still queued after the drain time")
  void closeIsBounded() throws InterruptedException {
    CountDownLatch started = new CountDownLatch(1);
    List<String> ran = new CopyOnWriteArrayList<>();
    BackgroundEventWrites writes = new BackgroundEventWrites(10, Duration.ofMillis(200));
    writes.execute(() -> {
      started.countDown();
      awaitQuietly(new CountDownLatch(1));
    });
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    writes.execute(() -> ran.add("never"));
    long t0 = System.nanoTime();
    writes.close();
    assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(5));
    assertThat(ran).isEmpty();
  }

  @Test
  @DisplayName("a capacity below 1 is refused")
  void capacityMustBePositive() {
    assertThatThrownBy(() -> new BackgroundEventWrites(0, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
