package dev.raykube.operator.rbac;

import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One Kubernetes API request as the authorizer sees it: a resource request (API group, resource with subresource,
 * verb, namespace, name) or a non-resource request (a path such as {@code /version}). Made from the HTTP method and URL
 * the way kube-apiserver's request-info resolver does for the paths this operator uses.
 *
 * @param group API group, {@code ""} for the core group; null for a non-resource request
 * @param resource resource, with {@code /subresource} if any (e.g. {@code rayclusters/status})
 * @param verb RBAC verb: get, list, watch, create, update, patch, delete, deletecollection
 * @param namespace the namespace, or null for a cluster-scoped or all-namespaces request
 * @param name the object name, or null for collection requests
 * @param nonResourcePath the path of a non-resource request, else null
 */
public record ApiCall(String group, String resource, String verb, String namespace, String name,
    String nonResourcePath) {

  /** Resolves a request. */
  public static ApiCall of(String method, URI uri) {
    List<String> segments = new ArrayList<>(Arrays.stream(uri.getPath().split("/")).filter(s -> !s.isEmpty())
        .toList());
    String httpVerb = method.toUpperCase(java.util.Locale.ROOT);
    String group;
    List<String> rest;
    if (segments.size() >= 2 && segments.get(0).equals("api")) {
      group = "";
      rest = segments.subList(2, segments.size());
    } else if (segments.size() >= 3 && segments.get(0).equals("apis")) {
      group = segments.get(1);
      rest = segments.subList(3, segments.size());
    } else {
      return nonResource(uri.getPath(), httpVerb);
    }
    if (rest.isEmpty()) {
      return nonResource(uri.getPath(), httpVerb);
    }
    String namespace = null;
    if (rest.get(0).equals("namespaces") && rest.size() >= 3) {
      namespace = rest.get(1);
      rest = rest.subList(2, rest.size());
    }
    String resource = rest.get(0);
    String name = rest.size() > 1 ? rest.get(1) : null;
    if (rest.size() > 2) {
      resource = resource + "/" + rest.get(2);
    }
    boolean watch = uri.getQuery() != null && Arrays.asList(uri.getQuery().split("&")).contains("watch=true");
    String verb = switch (httpVerb) {
      case "GET", "HEAD" -> name != null ? "get" : watch ? "watch" : "list";
      case "POST" -> "create";
      case "PUT" -> "update";
      case "PATCH" -> "patch";
      case "DELETE" -> name != null ? "delete" : "deletecollection";
      default -> throw new IllegalArgumentException("Unexpected HTTP method " + method + " " + uri);
    };
    return new ApiCall(group, resource, verb, namespace, name, null);
  }

  private static ApiCall nonResource(String path, String httpVerb) {
    return new ApiCall(null, null, httpVerb.toLowerCase(java.util.Locale.ROOT), null, null, path);
  }

  /** Whether this is a non-resource request. */
  public boolean isNonResource() {
    return nonResourcePath != null;
  }

  /** The (group, resource, verb) triple, without namespace and name. */
  public Permission permission() {
    if (isNonResource()) {
      throw new IllegalStateException("non-resource request " + nonResourcePath);
    }
    return new Permission(group, resource, verb);
  }

  @Override
  public String toString() {
    if (isNonResource()) {
      return verb + " " + nonResourcePath;
    }
    return verb + " " + (group.isEmpty() ? "" : group + "/") + resource
        + (namespace == null ? "" : " in " + namespace) + (name == null ? "" : " name " + name);
  }

  /** Checks the components. */
  public ApiCall {
    Objects.requireNonNull(verb, "verb");
  }
}
