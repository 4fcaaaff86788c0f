/**
 * The node sandbox (I/O): a kubelet, scheduler and kube-proxy stand-in for one namespace, or every namespace, of a real
 * API server, on one machine. {@link dev.raykube.sandbox.NodeSimulator} binds the Ray Pods and the RayJob submitter
 * Pods to a simulated Node, runs each as real processes on 127.0.0.1 (heads, workers after their
 * {@code wait-gcs-ready} script, Serve on a RayService's head, a submitter's command with Service addresses mapped to
 * loopback), writes the ConfigMap and Secret volumes they mount, reports their status through the status subresource
 * and stops their processes when they are deleted; {@link dev.raykube.sandbox.LoopbackServiceProxy} routes a
 * Service's connections to ready endpoints as kube-proxy would; {@link dev.raykube.sandbox.LocalRayHead} is a Ray head
 * on its own.
 *
 * <p>The Ray processes come from a virtual environment with Ray installed: the one {@code RAYKUBE_RAY_VENV} names, or
 * the one given ({@code local/provision} makes one). What is simulated and what is not: {@code docs/local.md}.
 */
package dev.raykube.sandbox;
