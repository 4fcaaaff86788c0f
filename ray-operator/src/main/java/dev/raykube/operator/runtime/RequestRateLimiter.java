package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Client-side limit on Kubernetes API requests: a token bucket refilled at {@code qps} tokens per second holding at
 * most {@code burst} tokens, like client-go's {@code --qps}/{@code --burst}. fabric8 7.5.2 has no request-rate setting
 * of its own, so this runs as an HTTP {@link Interceptor}: every request (including watch starts and retries) takes a
 * token, waiting in the calling thread when the bucket is empty. Requests are served in arrival order.
 */
public final class RequestRateLimiter implements Interceptor {

  /** Name under which the interceptor is installed on the client. */
  public static final String NAME = "raykube-rate-limit";

  private final double tokensPerNano;
  private final int burst;
  private final LongSupplier nanoClock;
  private double tokens;
  private long lastRefill;

  /** A limiter on the system's monotonic clock. */
  public RequestRateLimiter(double qps, int burst) {
    this(qps, burst, System::nanoTime);
  }

  /** A limiter on the given monotonic nanosecond clock (for tests). */
  RequestRateLimiter(double qps, int burst, LongSupplier nanoClock) {
    if (!(qps > 0) || Double.isInfinite(qps)) {
      throw new IllegalArgumentException("qps must be positive: " + qps);
    }
    if (burst < 1) {
      throw new IllegalArgumentException("burst must be at least 1: " + burst);
    }
    this.tokensPerNano = qps / TimeUnit.SECONDS.toNanos(1);
    this.burst = burst;
    this.nanoClock = nanoClock;
    this.tokens = burst;
    this.lastRefill = nanoClock.getAsLong();
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    acquire();
  }

  /** Takes one token, waiting as long as the bucket says. */
  public void acquire() {
    long waitNanos = reserve();
    long deadline = nanoClock.getAsLong() + waitNanos;
    for (long left = waitNanos; left > 0; left = deadline - nanoClock.getAsLong()) {
      LockSupport.parkNanos(left);
      if (Thread.currentThread().isInterrupted()) {
        return;
      }
    }
  }

  /**
   * Takes one token now and returns how long the caller must wait before using it: zero while tokens are left,
   * otherwise the time until the bucket has refilled the debt. Later callers queue behind earlier ones.
   */
  synchronized long reserve() {
    long now = nanoClock.getAsLong();
    tokens = Math.min(burst, tokens + (now - lastRefill) * tokensPerNano);
    lastRefill = now;
    tokens -= 1;
    return tokens >= 0 ? 0 : (long) Math.ceil(-tokens / tokensPerNano);
  }
}
