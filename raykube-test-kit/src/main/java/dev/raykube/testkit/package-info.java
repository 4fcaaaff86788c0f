/**
 * The RayKube test kit: {@link dev.raykube.testkit.RayKubeExtension}, a JUnit 5 extension that runs a test class
 * against a real kube-apiserver + etcd + kube-controller-manager on loopback ({@link
 * dev.raykube.testkit.LocalControlPlane}) with the RayKube CRDs ({@link dev.raykube.testing.RayCrds}), a namespace of
 * its own ({@link dev.raykube.testkit.TestNamespace}) and the node sandbox running each RayCluster's head as real Ray or
 * as a {@code FakeRayDashboard}. I/O throughout: it starts processes, opens ports and writes to the API server.
 */
package dev.raykube.testkit;
