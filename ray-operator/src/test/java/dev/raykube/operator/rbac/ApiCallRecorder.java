package dev.raykube.operator.rbac;

import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An HTTP interceptor for the operator's Kubernetes client that records every request it sends. */
public final class ApiCallRecorder implements Interceptor {

  /** Name under which the recorder is installed. */
  public static final String NAME = "rbac-coverage-recorder";

  private final List<ApiCall> calls = new CopyOnWriteArrayList<>();

  @Override
  public void before(BasicBuilder builder, HttpRequest request, RequestTags tags) {
    calls.add(ApiCall.of(request.method(), request.uri()));
  }

  /** Every request so far, in order. */
  public List<ApiCall> calls() {
    return List.copyOf(calls);
  }
}
