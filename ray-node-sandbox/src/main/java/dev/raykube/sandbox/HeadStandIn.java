package dev.raykube.sandbox;

import java.util.OptionalInt;

/**
 * What answers for a RayCluster's head instead of a real Ray head: a Ray dashboard (the Jobs and Serve REST API) on
 * 127.0.0.1, and optionally a Serve proxy. The test kit's is a {@code FakeRayDashboard}; the sandbox itself knows no
 * implementation. Started by {@link HeadStandIns#start} when the head Pod appears, closed when the Pod is deleted or
 * the simulator closes.
 */
public interface HeadStandIn extends AutoCloseable {

  /** The local port of the stand-in's dashboard; the head Pod's {@code dashboard} container port leads there. */
  int dashboardPort();

  /**
   * The local port of the stand-in's Serve proxy, if it has one; the head Pod's {@code serve} container port leads
   * there (the RayService controller's proxy probe, a Service route). Default: none.
   */
  default OptionalInt serveProxyPort() {
    return OptionalInt.empty();
  }

  /** The token the stand-in's dashboard requires (token authentication), or {@code null} for none. Default: none. */
  default String authToken() {
    return null;
  }

  /** Stops the stand-in. Called once; must not throw. */
  @Override
  void close();
}
