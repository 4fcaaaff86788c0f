package dev.raykube.dashboard.fake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/** A tiny raw HTTP client for testing the fake without the dashboard client (which depends on this module). */
final class TestHttp {
  record Reply(int code, String body, String contentType) {
    @SuppressWarnings("unchecked")
    Map<String, Object> json() {
      try {
        return (Map<String, Object>) Json.parse(body);
      } catch (Json.MalformedJsonException e) {
        throw new AssertionError("not JSON: " + body, e);
      }
    }
  }

  static final OkHttpClient CLIENT = new OkHttpClient.Builder()
      .retryOnConnectionFailure(false)
      .readTimeout(5, TimeUnit.SECONDS)
      .build();

  private final String base;
  private final Map<String, String> headers;

  TestHttp(String base) {
    this(base, Map.of());
  }

  TestHttp(String base, Map<String, String> headers) {
    this.base = base;
    this.headers = headers;
  }

  Reply get(String path) {
    return call("GET", path, null);
  }

  Reply post(String path, String body) {
    return call("POST", path, body);
  }

  Reply put(String path, String body) {
    return call("PUT", path, body);
  }

  Reply delete(String path) {
    return call("DELETE", path, null);
  }

  Reply call(String method, String path, String body) {
    try {
      return callOrThrow(method, path, body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Reply callOrThrow(String method, String path, String body) throws IOException {
    Request.Builder b = new Request.Builder().url(base + path);
    headers.forEach(b::header);
    b.method(method, body == null ? null : RequestBody.create(body, MediaType.get("application/json")));
    try (Response r = CLIENT.newCall(b.build()).execute()) {
      return new Reply(r.code(), r.body().string(), r.header("Content-Type"));
    }
  }
}
