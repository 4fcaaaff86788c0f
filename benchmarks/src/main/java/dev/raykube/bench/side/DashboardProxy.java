package dev.raykube.bench.side;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * An HTTP forward proxy on 127.0.0.1 through which KubeRay reaches head dashboards by their Service names, and both
 * operators reach Pods by their IPs ({@link PodAddresses}; a Serve proxy's {@code /-/healthz}): KubeRay's HTTP
 * clients use Go's default transport, which honours {@code HTTP_PROXY}, and Go resolves names only through
 * {@code /etc/hosts} and DNS, which the harness does not touch; RayKube's JVM is given the proxy for Pod IPs only
 * ({@code http.proxyHost}, Service names excepted). Each request ({@code GET http://<service>:8265/...},
 * {@code GET http://<pod IP>:8000/-/healthz}) is forwarded to the loopback address {@code routes} gives the name or
 * IP, one request for one request; the dashboard there counts it as it counts RayKube's. Requests for a name without
 * an address get 502, as an unresolvable name would fail, and so do requests nothing answers at the address (a
 * refused connection), which a health probe takes as unhealthy as it would the refusal itself.
 */
public final class DashboardProxy implements AutoCloseable {

  private static final Set<String> NOT_FORWARDED = Set.of("connection", "content-length", "expect", "host", "upgrade",
      "proxy-connection", "keep-alive", "transfer-encoding", "te", "trailer", "proxy-authorization");

  private final Function<String, Optional<InetAddress>> routes;
  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(16, r -> {
    Thread t = new Thread(r, "dashboard-proxy");
    t.setDaemon(true);
    return t;
  });
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).proxy(java.net.ProxySelector.of(null)).build();

  /** @param routes the loopback address of a Service name or Pod IP, if it has one */
  public DashboardProxy(Function<String, Optional<InetAddress>> routes) {
    this.routes = routes;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::forward);
    server.setExecutor(executor);
    server.start();
  }

  /** The proxy's URL, for {@code HTTP_PROXY}. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      URI uri = exchange.getRequestURI();
      Optional<InetAddress> address = uri.getHost() == null ? Optional.empty() : routes.apply(uri.getHost());
      if (address.isEmpty()) {
        reply(exchange, 502, "no address for " + uri.getHost());
        return;
      }
      URI target = URI.create("http://" + address.get().getHostAddress() + ":" + (uri.getPort() < 0 ? 80
          : uri.getPort()) + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10))
          .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(body));
      for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
        if (!NOT_FORWARDED.contains(header.getKey().toLowerCase())) {
          header.getValue().forEach(v -> request.header(header.getKey(), v));
        }
      }
      HttpResponse<byte[]> response;
      try {
        response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      } catch (IOException unreachable) {
        reply(exchange, 502, unreachable.toString());
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        reply(exchange, 502, "interrupted");
        return;
      }
      response.headers().map().forEach((name, values) -> {
        if (!NOT_FORWARDED.contains(name.toLowerCase()) && !name.startsWith(":")) {
          exchange.getResponseHeaders().put(name, values);
        }
      });
      byte[] answer = response.body();
      exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
      if (answer.length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer);
        }
      }
    }
  }

  private static void reply(HttpExchange exchange, int code, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
