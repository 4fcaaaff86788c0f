package dev.raykube.operator.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** GETs a path on 127.0.0.1 and returns status and body. */
public final class HttpProbe {

  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** An answer. */
  public record Answer(int status, String body) {
  }

  private HttpProbe() {
  }

  /** GET {@code http://127.0.0.1:<port><path>}. */
  public static Answer get(int port, String path) {
    try {
      HttpResponse<String> response = CLIENT.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(5)).build(),
          HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Whether anything accepts connections on the port. */
  public static boolean listening(int port) {
    try (java.net.Socket socket = new java.net.Socket()) {
      socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
