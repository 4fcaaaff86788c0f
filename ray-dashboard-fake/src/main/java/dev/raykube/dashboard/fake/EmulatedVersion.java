package dev.raykube.dashboard.fake;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Ray release the fake pretends to be, and the wire differences that follow from it (reference §5). */
final class EmulatedVersion {
  private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)(?:\\.(\\d+))?.*$");

  private final String text;
  private final int major;
  private final int minor;

  private EmulatedVersion(String text, int major, int minor) {
    this.text = text;
    this.major = major;
    this.minor = minor;
  }

  static EmulatedVersion parse(String text) {
    Matcher m = VERSION.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a Ray version like 2.9.3: " + text);
    }
    return new EmulatedVersion(text, Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
  }

  String text() {
    return text;
  }

  boolean atLeast(int wantMajor, int wantMinor) {
    return major > wantMajor || (major == wantMajor && minor >= wantMinor);
  }

  /** Jobs API version string reported by {@code /api/version}. */
  String jobsApiVersion() {
    if (atLeast(2, 2)) {
      return "4";
    } else if (atLeast(2, 0)) {
      return "2";
    } else if (atLeast(1, 10)) {
      return "1";
    }
    return "0";
  }

  /** Ray 1.x: submit takes {@code job_id}, replies without {@code submission_id}, list is an object. */
  boolean legacyJobIds() {
    return !atLeast(2, 0);
  }

  boolean hasResourceFields() {
    return atLeast(2, 2);
  }

  boolean hasDelete() {
    return atLeast(2, 2);
  }

  boolean hasDriverAddressFields() {
    return atLeast(2, 2);
  }

  boolean hasEntrypointMemory() {
    return atLeast(2, 8);
  }

  boolean hasDriverExitCode() {
    return atLeast(2, 8);
  }

  boolean hasErrorType() {
    return atLeast(2, 8);
  }

  boolean hasLabelSelector() {
    return atLeast(2, 54);
  }

  boolean hasTokenAuth() {
    return atLeast(2, 52);
  }

  boolean hasSessionName() {
    return atLeast(2, 0);
  }
}
