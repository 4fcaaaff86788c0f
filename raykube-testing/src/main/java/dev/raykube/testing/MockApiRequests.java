package dev.raykube.testing;

import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The requests a mock API server received, read from its request log ({@code takeRequest}): method, path and user
 * agent, with the Kubernetes resource each path names ({@code pods}, {@code rayclusters/status}, …).
 */
public final class MockApiRequests {

  /**
   * One request.
   *
   * @param method the HTTP method
   * @param path the path with its query
   * @param userAgent the client's {@code User-Agent}
   */
  public record Request(String method, String path, String userAgent) {

    /** {@code METHOD path}, e.g. {@code PUT /apis/ray.io/v1/namespaces/ml/rayjobs/demo/status}. */
    @Override
    public String toString() {
      return method + " " + path;
    }

    /** Whether the request changes something: POST, PUT, PATCH or DELETE. */
    public boolean isWrite() {
      return List.of("POST", "PUT", "PATCH", "DELETE").contains(method);
    }

    /** Whether the request opens a watch ({@code GET ...?watch=true}, an informer's long-running request). */
    public boolean isWatch() {
      return "GET".equals(method) && path.contains("?") && path.substring(path.indexOf('?')).matches(
          ".*[?&]watch=(true|1)(&.*)?");
    }

    /** Whether the request reads without watching: a GET of one object or a LIST. */
    public boolean isRead() {
      return "GET".equals(method) && !isWatch();
    }

    /** Whether the request is a LIST: a GET (not a watch) of a collection rather than of one named object. */
    public boolean isList() {
      if (!isRead()) {
        return false;
      }
      String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
      Matcher m = RESOURCE.matcher(bare);
      return m.find() && m.group(2) == null;
    }

    /** The resource (plural, with a subresource after a slash), e.g. {@code pods} or {@code rayclusters/status}. */
    public String resource() {
      String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
      Matcher m = RESOURCE.matcher(bare);
      if (!m.find()) {
        return bare;
      }
      String plural = m.group(1);
      return m.group(3) == null ? plural : plural + "/" + m.group(3);
    }
  }

  private static final Pattern RESOURCE =
      Pattern.compile("/(?:api/v1|apis/[^/]+/[^/]+)(?:/namespaces/[^/]+)?/([a-z]+)(?:/([^/]+)(?:/([a-z]+))?)?$");

  private MockApiRequests() {
  }

  /** Removes and returns every request logged so far. */
  public static List<Request> drain(KubernetesMockServer server) {
    List<Request> requests = new ArrayList<>();
    try {
      for (RecordedRequest r = server.takeRequest(1, TimeUnit.MILLISECONDS); r != null;
          r = server.takeRequest(1, TimeUnit.MILLISECONDS)) {
        requests.add(new Request(r.getMethod(), r.getPath(), r.getHeader("User-Agent")));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return requests;
  }

  /** Counts of the writes among {@code requests}, by {@code METHOD resource}, sorted. */
  public static Map<String, Integer> writesByResource(List<Request> requests) {
    Map<String, Integer> counts = new TreeMap<>();
    requests.stream().filter(Request::isWrite)
        .forEach(r -> counts.merge(r.method() + " " + r.resource(), 1, Integer::sum));
    return counts;
  }

  /**
   * Counts of the reads (GET of one object, LIST; not watches) among {@code requests}, by {@code GET resource} or
   * {@code LIST resource}, sorted.
   */
  public static Map<String, Integer> readsByResource(List<Request> requests) {
    Map<String, Integer> counts = new TreeMap<>();
    requests.stream().filter(Request::isRead)
        .forEach(r -> counts.merge((r.isList() ? "LIST " : "GET ") + r.resource(), 1, Integer::sum));
    return counts;
  }

  /** Counts of the watches opened among {@code requests}, by {@code WATCH resource}, sorted. */
  public static Map<String, Integer> watchesByResource(List<Request> requests) {
    Map<String, Integer> counts = new TreeMap<>();
    requests.stream().filter(Request::isWatch).forEach(r -> counts.merge("WATCH " + r.resource(), 1, Integer::sum));
    return counts;
  }

  /** Counts of the writes among {@code requests}, by method, sorted. */
  public static Map<String, Integer> writesByMethod(List<Request> requests) {
    Map<String, Integer> counts = new TreeMap<>();
    requests.stream().filter(Request::isWrite).forEach(r -> counts.merge(r.method(), 1, Integer::sum));
    return counts;
  }
}
