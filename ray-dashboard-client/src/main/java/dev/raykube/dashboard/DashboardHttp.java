package dev.raykube.dashboard;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP exchange with the dashboard, and the retry loop around exchanges. Adds the fixed headers (User-Agent, auth,
 * custom) to every request, maps I/O failures to {@link DashboardUnavailableException}, and redacts the token from
 * every body it reads. A reply body longer than the limit is not read to its end, and a redirect is not followed (it
 * could carry the token's headers to another host): both are {@link UnexpectedResponseException}s.
 */
final class DashboardHttp {
  private static final Logger LOG = LoggerFactory.getLogger(RayDashboardClient.class);

  /** A reply as read: status, redacted body, content type (may be null). */
  record Reply(int status, String body, String contentType) {
    boolean ok() {
      return status >= 200 && status < 300;
    }
  }

  /** One attempt of a call; {@code attempt} counts from 1. */
  interface Attempt<T> {
    T run(int attempt);
  }

  private final OkHttpClient client;
  private final OkHttpClient tailClient;
  private final HttpUrl baseUrl;
  private final Headers headers;
  private final RetryPolicy retryPolicy;
  private final Redaction redaction;
  private final long maxResponseBytes;

  DashboardHttp(OkHttpClient client, HttpUrl baseUrl, Headers headers, RetryPolicy retryPolicy, Redaction redaction,
      long maxResponseBytes) {
    this.client = client;
    this.maxResponseBytes = maxResponseBytes;
    // Ray's head (2.60) sends no log frames on a tail whose upgrade negotiated permessage-deflate, which OkHttp always
    // offers; the interceptor withdraws the offer. It shares the pool and dispatcher of the main client.
    this.tailClient = client.newBuilder()
        .addInterceptor(chain -> chain.proceed(chain.request().newBuilder()
            .removeHeader("Sec-WebSocket-Extensions").build()))
        .build();
    this.baseUrl = baseUrl;
    this.headers = headers;
    this.retryPolicy = retryPolicy;
    this.redaction = redaction;
  }

  OkHttpClient client() {
    return client;
  }

  /** The client for log-tail WebSockets: as {@link #client()}, but never offering permessage-deflate. */
  OkHttpClient tailClient() {
    return tailClient;
  }

  Redaction redaction() {
    return redaction;
  }

  /** The base URL plus these path segments, each percent-encoded; a trailing {@code ""} gives a trailing slash. */
  HttpUrl url(String... segments) {
    HttpUrl.Builder b = baseUrl.newBuilder();
    for (String segment : segments) {
      b.addPathSegment(segment);
    }
    return b.build();
  }

  Request.Builder request(HttpUrl url) {
    return new Request.Builder().url(url).headers(headers);
  }

  /** Executes once; a connection failure or timeout becomes {@link DashboardUnavailableException}. */
  Reply execute(Request request, ErrorClassifier.Call call) {
    long start = System.nanoTime();
    Call exchange = client.newCall(request);
    try (Response response = exchange.execute()) {
      if (response.isRedirect()) {
        throw new UnexpectedResponseException(call.operation() + " failed: the Ray dashboard at " + baseUrl.redact()
            + " answered " + response.code() + " redirecting to " + redaction.apply(String.valueOf(
            response.header("Location"))) + "; redirects are not followed (set the redirect target as the base URL)",
            response.code(), null, null);
      }
      String text = redaction.apply(read(exchange, response.body(), call, response.code()));
      if (LOG.isDebugEnabled()) {
        LOG.debug("{} {} -> {} in {} ms", request.method(), request.url().encodedPath(), response.code(),
            (System.nanoTime() - start) / 1_000_000);
      }
      return new Reply(response.code(), text, response.header("Content-Type"));
    } catch (IOException e) {
      String reason = redaction.apply(e.getClass().getSimpleName() + ": " + e.getMessage());
      LOG.debug("{} {} failed: {}", request.method(), request.url().encodedPath(), reason);
      throw new DashboardUnavailableException(call.operation() + " failed: could not reach the Ray dashboard at "
          + baseUrl.redact() + " (" + reason + ")", 0, null, e);
    }
  }

  /**
   * The body as text, or an {@link UnexpectedResponseException} once it is longer than the limit. A body over the
   * limit cancels the exchange: closing it unread would have OkHttp read on to discard the rest.
   */
  private String read(Call exchange, ResponseBody body, ErrorClassifier.Call call, int status)
      throws IOException {
    if (body == null) {
      return "";
    }
    if (body.contentLength() > maxResponseBytes) {
      exchange.cancel();
      throw tooLarge(call, status, body.contentLength() + " bytes announced");
    }
    BufferedSource source = body.source();
    if (source.request(maxResponseBytes + 1)) {
      exchange.cancel();
      throw tooLarge(call, status, "more than " + maxResponseBytes + " bytes");
    }
    MediaType type = body.contentType();
    Charset charset = type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8);
    return source.readString(charset);
  }

  private UnexpectedResponseException tooLarge(ErrorClassifier.Call call, int status, String size) {
    return new UnexpectedResponseException(call.operation() + " failed: the reply of the Ray dashboard at "
        + baseUrl.redact() + " is too large (" + size + "; the limit is maxResponseBytes=" + maxResponseBytes + ")",
        status, null, null);
  }

  /**
   * Runs {@code attempt} until it returns, retrying {@linkplain RayDashboardException#isRetryable() retryable}
   * failures per the retry policy when {@code idempotent}; otherwise runs it once.
   */
  <T> T call(ErrorClassifier.Call call, boolean idempotent, Attempt<T> attempt) {
    int max = idempotent ? retryPolicy.maxAttempts() : 1;
    for (int n = 1; ; n++) {
      try {
        return attempt.run(n);
      } catch (RayDashboardException e) {
        if (n >= max || !e.isRetryable()) {
          throw e;
        }
        Duration wait = retryPolicy.backoff(n);
        LOG.debug("{}: attempt {} of {} failed ({}); retrying in {} ms", call.operation(), n, max, e.getMessage(),
            wait.toMillis());
        sleep(wait, call);
      }
    }
  }

  private static void sleep(Duration wait, ErrorClassifier.Call call) {
    try {
      Thread.sleep(wait.toMillis(), (int) (wait.toNanos() % 1_000_000));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RayDashboardException(call.operation() + " was interrupted while waiting to retry", e);
    }
  }
}
