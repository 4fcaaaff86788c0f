package dev.raykube.cluster.loop;

import dev.raykube.cluster.ReplicaNameSource;
import java.security.SecureRandom;

/**
 * The random {@link ReplicaNameSource} of the loop: five characters drawn from the alphabet Kubernetes' own random
 * names use (lowercase consonants and the digits that cannot be read as letters, so no word is spelled by chance),
 * as KubeRay's replica names are.
 */
public final class RandomReplicaNames implements ReplicaNameSource {

  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  public String nextSuffix() {
    char[] suffix = new char[SUFFIX_LENGTH];
    for (int i = 0; i < suffix.length; i++) {
      suffix[i] = ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length()));
    }
    return new String(suffix);
  }
}
