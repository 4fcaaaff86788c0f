package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.client.http.AsyncBody;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Counts the operator's Kubernetes API responses by HTTP method and status code, as
 * {@code raykube_kube_api_requests_total{method,code}} (the counterpart of client-go's {@code rest_client_requests}).
 * Connection failures count with code {@code none}.
 */
public final class ApiRequestMetrics implements Interceptor {

  /** Name under which the interceptor is installed on the client. */
  public static final String NAME = "raykube-api-metrics";
  /** Meter name (Prometheus: {@code raykube_kube_api_requests_total}). */
  public static final String METER = "raykube.kube.api.requests";

  private final MeterRegistry registry;

  /** Counts into {@code registry}. */
  public ApiRequestMetrics(MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void after(HttpRequest request, HttpResponse<?> response, AsyncBody.Consumer<List<ByteBuffer>> consumer) {
    count(request.method(), Integer.toString(response.code()));
  }

  @Override
  public void afterConnectionFailure(HttpRequest request, Throwable failure) {
    count(request.method(), "none");
  }

  private void count(String method, String code) {
    Counter.builder(METER)
        .description("Kubernetes API requests of the operator by method and HTTP status code")
        .tag("method", method)
        .tag("code", code)
        .register(registry)
        .increment();
  }
}
