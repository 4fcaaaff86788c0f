/**
 * Time for tests, shared by the tests of every RayKube module and published to embedders through
 * {@code raykube-test-kit}: {@link dev.raykube.testing.MovableClock} and {@link dev.raykube.testing.Eventually}.
 */
package dev.raykube.testing;
