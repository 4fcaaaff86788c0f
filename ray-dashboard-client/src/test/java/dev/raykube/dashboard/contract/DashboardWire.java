package dev.raykube.dashboard.contract;

import com.squareup.moshi.JsonReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.Buffer;

/**
 * Raw HTTP to a dashboard, for the parts of the contract that the client deliberately hides (exact statuses, bodies,
 * JSON key order, what Ray does with requests the client never sends). Sends the bearer token when there is one.
 */
final class DashboardWire implements AutoCloseable {
  private static final MediaType JSON = MediaType.get("application/json");

  /** One reply: status, body and Content-Type. */
  record Reply(int code, String body, String contentType) {
    /** The body as JSON, key order kept (Moshi reads objects into insertion-ordered maps). */
    Object json() {
      try {
        return JsonReader.of(new Buffer().writeUtf8(body)).readJsonValue();
      } catch (IOException e) {
        throw new AssertionError("not JSON (" + code + "): " + body, e);
      }
    }

    @SuppressWarnings("unchecked")
    Map<String, Object> object() {
      return (Map<String, Object>) json();
    }

    @SuppressWarnings("unchecked")
    List<Object> array() {
      return (List<Object>) json();
    }
  }

  private final OkHttpClient http = new OkHttpClient.Builder().retryOnConnectionFailure(false)
      .readTimeout(30, TimeUnit.SECONDS).build();
  private final String baseUrl;
  private final String token;

  DashboardWire(String baseUrl, String token) {
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    this.token = token;
  }

  Reply get(String path) {
    return call("GET", path, null);
  }

  Reply post(String path, String json) {
    return call("POST", path, json);
  }

  Reply delete(String path) {
    return call("DELETE", path, null);
  }

  Reply call(String method, String path, String json) {
    Request.Builder request = new Request.Builder().url(baseUrl + path)
        .method(method, json == null ? (method.equals("GET") || method.equals("DELETE") ? null
            : RequestBody.create(new byte[0])) : RequestBody.create(json, JSON));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try (Response response = http.newCall(request.build()).execute()) {
      return new Reply(response.code(), response.body().string(), response.header("Content-Type"));
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path, e);
    }
  }

  @Override
  public void close() {
    http.dispatcher().executorService().shutdown();
    http.connectionPool().evictAll();
  }
}
