package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RequestRateLimiterTest {

  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  private final AtomicLong now = new AtomicLong(1_000 * SECOND);

  @Test
  void burstIsFreeThenRequestsAreSpacedByOneOverQps() {
    RequestRateLimiter limiter = new RequestRateLimiter(2, 3, now::get);

    assertThat(limiter.reserve()).isZero();
    assertThat(limiter.reserve()).isZero();
    assertThat(limiter.reserve()).isZero();
    assertThat(limiter.reserve()).isEqualTo(SECOND / 2);
    assertThat(limiter.reserve()).as("queued behind the previous one").isEqualTo(SECOND);
  }

  @Test
  void idleTimeRefillsUpToTheBurstOnly() {
    RequestRateLimiter limiter = new RequestRateLimiter(10, 2, now::get);
    limiter.reserve();
    limiter.reserve();

    now.addAndGet(60 * SECOND);

    assertThat(limiter.reserve()).isZero();
    assertThat(limiter.reserve()).isZero();
    assertThat(limiter.reserve()).isEqualTo(SECOND / 10);
  }

  @Test
  void sustainedRateMatchesQps() {
    RequestRateLimiter limiter = new RequestRateLimiter(5, 1, now::get);
    long waited = 0;
    for (int i = 0; i < 11; i++) {
      waited = limiter.reserve();
    }
    assertThat(waited).as("11th request of a burst-1 bucket at 5/s").isEqualTo(2 * SECOND);
  }

  @Test
  void acquireWaitsTheReservedTime() {
    RequestRateLimiter limiter = new RequestRateLimiter(20, 1);
    limiter.acquire();
    long start = System.nanoTime();
    limiter.acquire();
    limiter.acquire();
    assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2 * SECOND / 20 - TimeUnit.MILLISECONDS.toNanos(5));
  }

  @Test
  void invalidSettingsAreRejected() {
    assertThatThrownBy(() -> new RequestRateLimiter(0, 1)).hasMessage("qps must be positive: 0.0");
    assertThatThrownBy(() -> new RequestRateLimiter(1, 0)).hasMessage("burst must be at least 1: 0");
  }
}
