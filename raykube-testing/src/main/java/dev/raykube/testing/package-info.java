/**
 * Shared by the tests of every RayKube module and published to embedders through {@code raykube-test-kit}: time
 * ({@link dev.raykube.testing.MovableClock}, {@link dev.raykube.testing.Eventually}), the checks of pure packages
 * ({@link dev.raykube.testing.PurePackage}), the RayKube CRDs on the fabric8 CRUD mock or a real API server
 * ({@link dev.raykube.testing.RayCrds}), and what the CRUD mock lacks to stand in for a cluster: a kubelet for Ray Pods
 * ({@link dev.raykube.testing.PodSimulator}), its request log read by resource and verb
 * ({@link dev.raykube.testing.MockApiRequests}) and a kubeconfig pointing at it
 * ({@link dev.raykube.testing.Kubeconfigs}).
 */
package dev.raykube.testing;
