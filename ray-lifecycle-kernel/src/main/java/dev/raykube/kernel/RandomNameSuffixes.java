package dev.raykube.kernel;

import java.security.SecureRandom;

/**
 * {@link NameSuffixes} drawn uniformly from {@link NameSuffixes#ALPHABET} with a {@link SecureRandom}; thread-safe.
 * With 27 characters and 5 positions there are about 14 million suffixes per RayJob name.
 */
public final class RandomNameSuffixes implements NameSuffixes {

  private final SecureRandom random;

  /** Uses a new {@link SecureRandom}. */
  public RandomNameSuffixes() {
    this(new SecureRandom());
  }

  /**
   * Uses the given random source.
   *
   * @param random the source of randomness; not null
   */
  public RandomNameSuffixes(SecureRandom random) {
    if (random == null) {
      throw new NullPointerException("random");
    }
    this.random = random;
  }

  @Override
  public String next() {
    char[] chars = new char[LENGTH];
    for (int i = 0; i < LENGTH; i++) {
      chars[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    }
    return new String(chars);
  }
}
