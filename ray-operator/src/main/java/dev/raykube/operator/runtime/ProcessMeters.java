package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorVersion;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

/**
 * The process-level meters of {@code /metrics}: JVM memory, GC, threads and class loading, CPU, uptime, and
 * {@code raykube_build_info{version}}.
 */
final class ProcessMeters implements AutoCloseable {

  private final JvmGcMetrics gcMetrics;

  private ProcessMeters(JvmGcMetrics gcMetrics) {
    this.gcMetrics = gcMetrics;
  }

  /** Binds the meters to {@code registry}; close the result to release the GC listener. */
  static ProcessMeters bind(MeterRegistry registry) {
    new ClassLoaderMetrics().bindTo(registry);
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    JvmGcMetrics gc = new JvmGcMetrics();
    gc.bindTo(registry);
    Gauge.builder("raykube.build.info", () -> 1)
        .description("Version of the running RayKube operator")
        .tag("version", OperatorVersion.current())
        .register(registry);
    return new ProcessMeters(gc);
  }

  @Override
  public void close() {
    gcMetrics.close();
  }
}
