package dev.raykube.dashboard;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Ray release number such as {@code 2.9.3} or {@code 3.0.0.dev0}; ordered by major, minor, patch (suffixes ignored).
 *
 * @param major the major number
 * @param minor the minor number
 * @param patch the patch number (0 if absent)
 * @param text the version exactly as the server reported it
 */
public record RayVersion(int major, int minor, int patch, String text) implements Comparable<RayVersion> {
  private static final Pattern FORMAT = Pattern.compile("^\\s*(\\d+)\\.(\\d+)(?:\\.(\\d+))?.*$");

  /** Checks the numbers and the text. */
  public RayVersion {
    Objects.requireNonNull(text, "text");
    if (major < 0 || minor < 0 || patch < 0) {
      throw new IllegalArgumentException("version numbers must not be negative: " + text);
    }
  }

  /**
   * Parses {@code MAJOR.MINOR[.PATCH][anything]}.
   *
   * @throws IllegalArgumentException if {@code text} does not start that way
   */
  public static RayVersion parse(String text) {
    Matcher m = FORMAT.matcher(Objects.requireNonNull(text, "text"));
    if (!m.matches()) {
      throw new IllegalArgumentException("not a Ray version such as 2.9.3: '" + text + "'");
    }
    try {
      return new RayVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
          m.group(3) == null ? 0 : Integer.parseInt(m.group(3)), text.trim());
    } catch (NumberFormatException tooLarge) {
      throw new IllegalArgumentException("not a Ray version such as 2.9.3: '" + text + "'", tooLarge);
    }
  }

  /** Whether this is {@code major.minor} or later. */
  public boolean isAtLeast(int wantMajor, int wantMinor) {
    return major > wantMajor || (major == wantMajor && minor >= wantMinor);
  }

  @Override
  public int compareTo(RayVersion other) {
    int c = Integer.compare(major, other.major);
    if (c == 0) {
      c = Integer.compare(minor, other.minor);
    }
    return c != 0 ? c : Integer.compare(patch, other.patch);
  }

  @Override
  public String toString() {
    return text;
  }
}
