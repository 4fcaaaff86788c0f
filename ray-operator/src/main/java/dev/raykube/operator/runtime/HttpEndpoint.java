package dev.raykube.operator.runtime;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small plain-HTTP server (the JDK's {@code com.sun.net.httpserver}) answering {@code GET} on a fixed set of paths,
 * used for the health and metrics ports. Listens on all interfaces, so that the kubelet and Prometheus can reach it.
 */
final class HttpEndpoint implements AutoCloseable {

  /** One answer. */
  record Response(int status, String contentType, String body) {
    static Response text(int status, String body) {
      return new Response(status, "text/plain; charset=utf-8", body);
    }
  }

  private static final Logger log = LoggerFactory.getLogger(HttpEndpoint.class);

  private final HttpServer server;
  private final ExecutorService executor;

  private HttpEndpoint(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /**
   * Starts serving.
   *
   * @param name what the port is for, e.g. {@code health} (thread names, messages)
   * @param port the port, 0 for any free one
   * @param routes answer suppliers by exact path
   * @throws StartupFailure if the port cannot be bound
   */
  static HttpEndpoint start(String name, int port, Map<String, Supplier<Response>> routes) throws StartupFailure {
    Objects.requireNonNull(routes, "routes");
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(port), 16);
    } catch (BindException e) {
      throw new StartupFailure("Cannot listen on " + name + " port " + port + ": it is already in use.", e);
    } catch (IOException e) {
      throw new StartupFailure("Cannot listen on " + name + " port " + port + ": " + ClientConfigs.rootMessage(e)
          + ".", e);
    }
    ExecutorService executor = Executors.newFixedThreadPool(2, runnable -> {
      Thread thread = new Thread(runnable, "raykube-" + name + "-http");
      thread.setDaemon(true);
      return thread;
    });
    server.setExecutor(executor);
    server.createContext("/", exchange -> answer(exchange, routes));
    server.start();
    return new HttpEndpoint(server, executor);
  }

  /** The bound port (the chosen one when started with 0). */
  int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private static void answer(HttpExchange exchange, Map<String, Supplier<Response>> routes) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      Supplier<Response> route = routes.get(exchange.getRequestURI().getPath());
      Response response;
      if (route == null) {
        response = Response.text(404, "not found\n");
      } else if (!method.equals("GET") && !method.equals("HEAD")) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        response = Response.text(405, "method not allowed\n");
      } else {
        response = safely(route);
      }
      byte[] body = response.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", response.contentType());
      if (method.equals("HEAD")) {
        exchange.sendResponseHeaders(response.status(), -1);
        return;
      }
      exchange.sendResponseHeaders(response.status(), body.length == 0 ? -1 : body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static Response safely(Supplier<Response> route) {
    try {
      return route.get();
    } catch (RuntimeException e) {
      log.warn("HTTP endpoint failed", e);
      return Response.text(500, "internal error: " + e.getMessage() + "\n");
    }
  }
}
