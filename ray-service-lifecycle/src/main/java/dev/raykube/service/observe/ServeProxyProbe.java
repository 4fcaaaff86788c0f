package dev.raykube.service.observe;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;

/**
 * Asks a Pod's Ray Serve proxy whether it is healthy: {@code GET http://<pod IP>:<serve port>/-/healthz}, healthy when
 * it answers 200. An interface so that tests (where Pod IPs lead nowhere) substitute it.
 *
 * <p>Implementations must be thread-safe and quick: the observer probes every serve Pod of the active and pending
 * clusters on each observation, so a probe gives up after a short timeout and never throws.
 */
@FunctionalInterface
public interface ServeProxyProbe {

  /** The default timeout of {@link #http()}: connect and answer within 1 s. */
  Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

  /**
   * Whether the proxy answered 200.
   *
   * @param podIp the Pod's IP
   * @param port the serve port
   * @return {@code true} for a 200 within the timeout; {@code false} for anything else, errors included
   */
  boolean healthy(String podIp, int port);

  /** A probe over the JDK's HTTP client with {@link #DEFAULT_TIMEOUT}. */
  static ServeProxyProbe http() {
    return http(DEFAULT_TIMEOUT);
  }

  /**
   * A probe over the JDK's HTTP client.
   *
   * @param timeout how long to wait for the connection and, again, for the answer
   */
  static ServeProxyProbe http(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    HttpClient http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
        .build();
    return (podIp, port) -> {
      try {
        String host = podIp.contains(":") ? "[" + podIp + "]" : podIp;
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + "/-/healthz"))
            .timeout(timeout).GET().build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
      } catch (IOException | IllegalArgumentException e) {
        return false;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    };
  }
}
