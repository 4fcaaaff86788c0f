package dev.raykube.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.testing.MockApiRequests.Request;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link MockApiRequests} reads a request line: reads, lists, watches, writes and the resource named. */
class MockApiRequestsTest {

  private static final String JOBS = "/apis/ray.io/v1/namespaces/ml/rayjobs";

  @Test
  void classifiesEachKindOfRequest() {
    Request get = request("GET", JOBS + "/demo");
    Request list = request("GET", JOBS + "?labelSelector=a%3Db");
    Request watch = request("GET", JOBS + "?allowWatchBookmarks=true&watch=true");
    Request status = request("PUT", JOBS + "/demo/status");
    Request pods = request("GET", "/api/v1/pods?watch=1");

    assertThat(List.of(get.isRead(), get.isList(), get.isWatch(), get.isWrite())).containsExactly(true, false, false,
        false);
    assertThat(List.of(list.isRead(), list.isList(), list.isWatch())).containsExactly(true, true, false);
    assertThat(List.of(watch.isRead(), watch.isWatch())).containsExactly(false, true);
    assertThat(List.of(status.isWrite(), status.isRead())).containsExactly(true, false);
    assertThat(List.of(get.resource(), list.resource(), status.resource(), pods.resource()))
        .containsExactly("rayjobs", "rayjobs", "rayjobs/status", "pods");
    assertThat(pods.isWatch()).isTrue();
    assertThat(request("GET", JOBS + "?watchdog=true").isWatch()).as("only the watch parameter").isFalse();
    assertThat(status).hasToString("PUT " + JOBS + "/demo/status");
  }

  @Test
  void countsByResourceAndMethod() {
    List<Request> requests = List.of(request("GET", JOBS + "/a"), request("GET", JOBS), request("GET", JOBS + "/b"),
        request("PATCH", JOBS + "/a"), request("PUT", JOBS + "/a/status"), request("PUT", JOBS + "/b/status"),
        request("GET", JOBS + "?watch=true"));

    assertThat(MockApiRequests.readsByResource(requests)).isEqualTo(Map.of("GET rayjobs", 2, "LIST rayjobs", 1));
    assertThat(MockApiRequests.writesByResource(requests))
        .isEqualTo(Map.of("PATCH rayjobs", 1, "PUT rayjobs/status", 2));
    assertThat(MockApiRequests.writesByMethod(requests)).isEqualTo(Map.of("PATCH", 1, "PUT", 2));
    assertThat(MockApiRequests.watchesByResource(requests)).isEqualTo(Map.of("WATCH rayjobs", 1));
  }

  private static Request request(String method, String path) {
    return new Request(method, path, "fabric8-kubernetes-client/7.5.2");
  }
}
