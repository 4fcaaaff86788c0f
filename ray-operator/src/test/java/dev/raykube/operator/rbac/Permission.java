package dev.raykube.operator.rbac;

import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One RBAC permission: a verb on a resource (with subresource) of an API group, e.g. {@code patch ray.io
 * rayclusters/status}. A rule with several groups, resources and verbs is the set of their combinations.
 */
public record Permission(String group, String resource, String verb) implements Comparable<Permission> {

  /** Requires every component. */
  public Permission {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(resource, "resource");
    Objects.requireNonNull(verb, "verb");
  }

  /** Every permission a rule grants (wildcards are kept as {@code *}). */
  public static List<Permission> of(PolicyRule rule) {
    List<Permission> permissions = new ArrayList<>();
    for (String group : rule.getApiGroups()) {
      for (String resource : rule.getResources()) {
        for (String verb : rule.getVerbs()) {
          permissions.add(new Permission(group, resource, verb));
        }
      }
    }
    return permissions;
  }

  @Override
  public int compareTo(Permission other) {
    return toString().compareTo(other.toString());
  }

  @Override
  public String toString() {
    return verb + " " + (group.isEmpty() ? "core" : group) + " " + resource;
  }
}
