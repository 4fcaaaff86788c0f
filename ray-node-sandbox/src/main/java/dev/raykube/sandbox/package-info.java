/**
 * The node sandbox (I/O): a kubelet, scheduler and kube-proxy stand-in for one namespace of a real API server, on one
 * machine. {@link dev.raykube.sandbox.NodeSimulator} binds the Ray Pods to a simulated Node, runs each as real Ray
 * processes on 127.0.0.1 (heads, workers after their {@code wait-gcs-ready} script, Serve on a RayService's head),
 * writes the ConfigMap volumes they mount, reports their status through the status subresource and stops their
 * processes when they are deleted; {@link dev.raykube.sandbox.LoopbackServiceProxy} routes a Service's connections to
 * ready endpoints as kube-proxy would; {@link dev.raykube.sandbox.LocalRayHead} is a Ray head on its own.
 *
 * <p>The Ray processes come from a virtual environment with Ray installed, named by {@code RAYKUBE_RAY_VENV}
 * ({@code local/provision} provisions one). What is simulated and what is not: {@code docs/testing.md} §3.3.
 */
package dev.raykube.sandbox;
