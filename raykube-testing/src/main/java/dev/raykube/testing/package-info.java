/**
 * Shared by the tests of every RayKube module and published to embedders through {@code raykube-test-kit}: time
 * ({@link dev.raykube.testing.MovableClock}, {@link dev.raykube.testing.Eventually}), the checks of pure packages
 * ({@link dev.raykube.testing.PurePackage}) and the RayKube CRDs on the fabric8 CRUD mock or a real API server
 * ({@link dev.raykube.testing.RayCrds}).
 */
package dev.raykube.testing;
