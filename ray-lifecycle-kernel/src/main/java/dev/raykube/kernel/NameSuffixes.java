package dev.raykube.kernel;

/**
 * The source of the random part of generated names, e.g. a RayJob's RayCluster and submission id
 * {@code <rayjob name>-<suffix>}, a RayService's RayClusters {@code <rayservice name>-<suffix>}. Injected into the
 * state machines so that decisions are reproducible in tests.
 *
 * <p>Each call returns {@link #LENGTH} lowercase alphanumerics; {@link #random()} draws them from {@link #ALPHABET},
 * Kubernetes' own alphabet for generated names (no vowels, so no words; no {@code 0}, {@code 1}, {@code 3}).
 */
@FunctionalInterface
public interface NameSuffixes {

  /** Number of characters of a suffix. */
  int LENGTH = 5;

  /** The characters {@link #random()} draws from. */
  String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  /**
   * Returns a fresh suffix.
   *
   * @return exactly {@link #LENGTH} characters out of {@code [a-z0-9]}
   */
  String next();

  /** Returns suffixes drawn from a {@link java.security.SecureRandom}. */
  static NameSuffixes random() {
    return new RandomNameSuffixes();
  }
}
