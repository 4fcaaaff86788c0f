package dev.raykube.kernel.dashboard;

import java.util.Locale;
import java.util.Objects;

/**
 * Where a RayCluster's dashboard is reached, and with which bearer token. Immutable; {@link #toString()} never shows
 * the token.
 *
 * <p>{@code status.dashboardURL} of a RayJob holds the address the way KubeRay writes it: {@code host:port} without a
 * scheme for plain HTTP ({@link #statusAddress()}). {@link #urlOf(String)} turns such a value back into a URL.
 *
 * @param url the base URL with scheme, e.g. {@code http://raycluster-head-svc.ml.svc.cluster.local:8265}; no trailing
 *     slash
 * @param token the bearer token for a cluster with token authentication, or {@code null}
 */
public record DashboardEndpoint(String url, String token) {

  /** Checks the URL has an http(s) scheme and the token is not blank; drops trailing slashes. */
  public DashboardEndpoint {
    Objects.requireNonNull(url, "url");
    url = url.strip();
    while (url.endsWith("/")) {
      url = url.substring(0, url.length() - 1);
    }
    String lower = url.toLowerCase(Locale.ROOT);
    int host = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
    if (host < 0 || url.length() == host || url.charAt(host) == '/') {
      throw new IllegalArgumentException("a dashboard URL needs an http:// or https:// scheme and a host: " + url);
    }
    if (token != null && token.isBlank()) {
      throw new IllegalArgumentException("the dashboard token must not be blank (use null for none)");
    }
  }

  /** An endpoint without a token. */
  public static DashboardEndpoint of(String url) {
    return new DashboardEndpoint(url, null);
  }

  /**
   * Reads an address as stored in {@code status.dashboardURL}: {@code host:port} gets {@code http://} in front; a
   * value with a scheme is kept.
   *
   * @param address the stored address; not blank
   * @return the URL
   * @throws IllegalArgumentException if the address is blank
   */
  public static String urlOf(String address) {
    if (address == null || address.isBlank()) {
      throw new IllegalArgumentException("the dashboard address is blank");
    }
    String value = address.strip();
    return value.contains("://") ? value : "http://" + value;
  }

  /**
   * The value for {@code status.dashboardURL}: {@code host:port} for a plain-HTTP URL without a path (as KubeRay
   * writes it), otherwise the whole URL.
   */
  public String statusAddress() {
    String prefix = "http://";
    if (url.regionMatches(true, 0, prefix, 0, prefix.length()) && url.indexOf('/', prefix.length()) < 0) {
      return url.substring(prefix.length());
    }
    return url;
  }

  /** This endpoint with another URL and the same token. */
  public DashboardEndpoint withUrl(String otherUrl) {
    return new DashboardEndpoint(otherUrl, token);
  }

  /** Whether requests carry a bearer token. */
  public boolean hasToken() {
    return token != null;
  }

  @Override
  public String toString() {
    return "DashboardEndpoint{" + url + (token == null ? "" : ", bearer token") + "}";
  }
}
