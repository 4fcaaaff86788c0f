package dev.raykube.cluster;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Ray release a RayCluster runs, as its {@code spec.rayVersion} names it ({@code 2.52.0}, {@code 2.53.0rc1},
 * {@code 3.0.0.dev0}), for the features of this package that depend on it: token authentication from 2.52, the
 * unified health endpoint from 2.53. Whatever follows the numbers is ignored.
 *
 * <p>The text is read as the dashboard client's {@code RayVersion} reads what a running dashboard reports, so a version
 * means the same on both sides; this module reads it itself because it depends on no HTTP client.
 *
 * @param major the major number
 * @param minor the minor number
 * @param patch the patch number (0 when the text has none)
 */
public record RayRelease(int major, int minor, int patch) {

  private static final Pattern FORMAT = Pattern.compile("^\\s*(\\d+)\\.(\\d+)(?:\\.(\\d+))?.*$");

  /** Checks that no number is negative. */
  public RayRelease {
    if (major < 0 || minor < 0 || patch < 0) {
      throw new IllegalArgumentException("release numbers must not be negative: " + major + "." + minor + "." + patch);
    }
  }

  /**
   * The release a {@code spec.rayVersion} names: {@code MAJOR.MINOR[.PATCH][anything]}.
   *
   * @return empty for {@code null}, a blank text or one that does not start that way; the version gates treat such a
   *     cluster as older than every release
   */
  public static Optional<RayRelease> of(String rayVersion) {
    Matcher m = rayVersion == null ? null : FORMAT.matcher(rayVersion);
    if (m == null || !m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new RayRelease(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
          m.group(3) == null ? 0 : Integer.parseInt(m.group(3))));
    } catch (NumberFormatException tooLarge) {
      return Optional.empty();
    }
  }

  /** Whether this is {@code first} or a later release, by major, then minor, then patch number. */
  public boolean isAtLeast(RayRelease first) {
    if (major != first.major) {
      return major > first.major;
    }
    return minor != first.minor ? minor > first.minor : patch >= first.patch;
  }

  /** {@code MAJOR.MINOR.PATCH}, e.g. {@code 2.52.0}. */
  @Override
  public String toString() {
    return major + "." + minor + "." + patch;
  }
}
