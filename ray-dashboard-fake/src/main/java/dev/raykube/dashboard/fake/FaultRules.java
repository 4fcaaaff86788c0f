package dev.raykube.dashboard.fake;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Pending injected faults, each for a number of matching requests. Thread-safe. */
final class FaultRules {
  private static final class Rule {
    final String method;
    final String pathPrefix;
    final boolean exact;
    final Fault fault;
    int remaining;

    Rule(String method, String pathPrefix, boolean exact, int times, Fault fault) {
      this.method = method;
      this.pathPrefix = pathPrefix;
      this.exact = exact;
      this.remaining = times;
      this.fault = fault;
    }

    boolean matches(String requestMethod, String path) {
      return (method == null || method.equalsIgnoreCase(requestMethod))
          && (pathPrefix == null || (exact ? path.equals(pathPrefix) : path.startsWith(pathPrefix)));
    }
  }

  private final List<Rule> rules = new ArrayList<>();

  synchronized void add(String method, String pathPrefix, int times, Fault fault) {
    rules.add(new Rule(method, pathPrefix, false, times, fault));
  }

  synchronized void addExact(String method, String path, int times, Fault fault) {
    rules.add(new Rule(method, path, true, times, fault));
  }

  synchronized void clear() {
    rules.clear();
  }

  /** The fault for this request, consuming one use of the oldest matching rule; null if none. */
  synchronized Fault take(String method, String path) {
    Iterator<Rule> it = rules.iterator();
    while (it.hasNext()) {
      Rule rule = it.next();
      if (rule.matches(method, path)) {
        if (--rule.remaining <= 0) {
          it.remove();
        }
        return rule.fault;
      }
    }
    return null;
  }
}
