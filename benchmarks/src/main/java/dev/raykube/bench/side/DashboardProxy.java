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

/**
 * An HTTP forward proxy on 127.0.0.1 through which KubeRay reaches head dashboards by their Service names: KubeRay's
 * dashboard client uses Go's default transport, which honours {@code HTTP_PROXY}, and Go resolves names only through
 * {@code /etc/hosts} and DNS, which the harness does not touch. Each request ({@code GET http://<service>:8265/...})
 * is forwarded to the address {@link ServiceHosts} gave that Service, one request for one request; the dashboard
 * there counts it as it counts RayKube's. Requests for a name without an address get 502, as an unresolvable name
 * would fail.
 */
final class DashboardProxy implements AutoCloseable {

  private static final Set<String> NOT_FORWARDED = Set.of("connection", "content-length", "expect", "host", "upgrade",
      "proxy-connection", "keep-alive", "transfer-encoding", "te", "trailer", "proxy-authorization");

  private final ServiceHosts hosts;
  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(16, r -> {
    Thread t = new Thread(r, "dashboard-proxy");
    t.setDaemon(true);
    return t;
  });
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(2)).proxy(java.net.ProxySelector.of(null)).build();

  DashboardProxy(ServiceHosts hosts) {
    this.hosts = hosts;
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
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      URI uri = exchange.getRequestURI();
      Optional<InetAddress> address = uri.getHost() == null ? Optional.empty() : hosts.address(uri.getHost());
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
