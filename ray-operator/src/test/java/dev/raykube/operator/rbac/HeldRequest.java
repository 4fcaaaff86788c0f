package dev.raykube.operator.rbac;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * An HTTP interceptor for the operator's Kubernetes client that plays a slow API server for one request: once
 * {@linkplain #next armed}, the first request that matches waits in the calling thread (the operator's reconcile, for
 * one) until the test {@linkplain Hold#release releases} it, at most {@link #LIMIT}; every other request passes.
 * So a test can change an object while the operator's work on it is under way.
 */
final class HeldRequest implements Interceptor {

  /** Name under which the interceptor is installed. */
  static final String NAME = "rbac-held-request";
  /** The longest a request is held when the test never releases it. */
  static final Duration LIMIT = Duration.ofSeconds(30);

  /** One armed hold: which request, whether it arrived, and its release. */
  static final class Hold {
    private final Predicate<ApiCall> which;
    private final CountDownLatch arrived = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private Hold(Predicate<ApiCall> which) {
      this.which = which;
    }

    /** Whether the held request has arrived (and waits). */
    boolean arrived() {
      return arrived.getCount() == 0;
    }

    /** Lets the held request go on (or, if it has not arrived, lets it pass when it does). */
    void release() {
      released.countDown();
    }

    private void hold() {
      arrived.countDown();
      try {
        released.await(LIMIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private final AtomicReference<Hold> armed = new AtomicReference<>();

  /** Arms a hold for the next request that matches {@code which}. */
  Hold next(Predicate<ApiCall> which) {
    Hold hold = new Hold(Objects.requireNonNull(which, "which"));
    armed.set(hold);
    return hold;
  }

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    Hold hold = armed.get();
    if (hold != null && hold.which.test(ApiCall.of(request.method(), request.uri()))
        && armed.compareAndSet(hold, null)) {
      hold.hold();
    }
  }
}
