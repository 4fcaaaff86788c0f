package dev.raykube.operator.rbac;

import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Decides, as Kubernetes RBAC does, whether the operator's service account may make an {@link ApiCall}, given the
 * rules bound to it: ClusterRoles bound cluster-wide, Roles bound in one namespace, and what every authenticated user
 * gets from Kubernetes' default ClusterRoles ({@code system:discovery}, {@code system:basic-user}).
 */
public final class RbacAuthorizer {

  /** Rules Kubernetes grants every authenticated user (default ClusterRoles), as far as the operator uses them. */
  public static final List<PolicyRule> AUTHENTICATED_DEFAULTS = List.of(
      new PolicyRuleBuilder().withNonResourceURLs("/api", "/api/*", "/apis", "/apis/*", "/version", "/version/")
          .withVerbs("get").build(),
      new PolicyRuleBuilder().withApiGroups("authorization.k8s.io")
          .withResources("selfsubjectaccessreviews", "selfsubjectrulesreviews").withVerbs("create").build());

  private static final Set<String> NAMELESS_VERBS = Set.of("create", "list", "watch", "deletecollection");

  private record Binding(List<PolicyRule> rules, String namespace) {
  }

  private final List<Binding> bindings = new ArrayList<>();

  /** An authorizer with only the defaults. */
  public RbacAuthorizer() {
    bindings.add(new Binding(AUTHENTICATED_DEFAULTS, null));
  }

  /** Adds rules bound cluster-wide (a ClusterRoleBinding). */
  public RbacAuthorizer clusterWide(List<PolicyRule> rules) {
    bindings.add(new Binding(List.copyOf(rules), null));
    return this;
  }

  /** Adds rules bound in one namespace (a RoleBinding). */
  public RbacAuthorizer inNamespace(String namespace, List<PolicyRule> rules) {
    bindings.add(new Binding(List.copyOf(rules), Objects.requireNonNull(namespace)));
    return this;
  }

  /** Whether some binding allows the call. */
  public boolean allows(ApiCall call) {
    return bindings.stream().anyMatch(binding -> allows(binding, call));
  }

  private static boolean allows(Binding binding, ApiCall call) {
    if (binding.namespace() != null && !binding.namespace().equals(call.namespace())) {
      return false;
    }
    return binding.rules().stream().anyMatch(rule -> matches(rule, call));
  }

  /** Whether one rule allows the call. */
  public static boolean matches(PolicyRule rule, ApiCall call) {
    if (!matchesAny(rule.getVerbs(), call.verb())) {
      return false;
    }
    if (call.isNonResource()) {
      return rule.getNonResourceURLs().stream().anyMatch(url -> url.equals(call.nonResourcePath())
          || url.endsWith("*") && call.nonResourcePath().startsWith(url.substring(0, url.length() - 1)));
    }
    if (!matchesAny(rule.getApiGroups(), call.group()) || !matchesAny(rule.getResources(), call.resource())) {
      return false;
    }
    if (rule.getResourceNames().isEmpty()) {
      return true;
    }
    return call.name() != null && !NAMELESS_VERBS.contains(call.verb()) && rule.getResourceNames().contains(call.name());
  }

  private static boolean matchesAny(List<String> values, String value) {
    return values.contains("*") || values.contains(value);
  }
}
