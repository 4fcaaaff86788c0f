package dev.raykube.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code docs/artifacts.md} against the build: the BOM lists every published module (a module of the root POM that does
 * not set {@code maven.deploy.skip}) and nothing else, the page has a section per BOM artifact plus the BOM, and each
 * section names every compile and runtime dependency of its module.
 */
class ArtifactsDocTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern SECTION = Pattern.compile("(?m)^## `dev\\.raykube:([a-z0-9-]+)`$");

  @Test
  void theBomListsEveryPublishedModuleAndTheDocsDescribeEach() throws Exception {
    Map<String, Element> published = new LinkedHashMap<>();
    List<String> unpublished = new ArrayList<>();
    for (String module : children(pom(ROOT.resolve("pom.xml")).getDocumentElement(), "modules", "module")) {
      Element project = pom(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement();
      String artifactId = text(project, "artifactId");
      if ("true".equals(property(project, "maven.deploy.skip"))) {
        unpublished.add(artifactId);
      } else {
        published.put(artifactId, project);
      }
    }
    assertThat(published).as("the build's published modules").containsKeys("raykube-bom", "ray-api-model",
        "ray-operator");
    assertThat(unpublished).as("benchmarks and examples are not published").contains("raykube-benchmarks",
        "raykube-examples");

    Element bom = published.get("raykube-bom");
    List<String> managed = new ArrayList<>();
    for (Element dependency : elements(bom, "dependencyManagement", "dependencies", "dependency")) {
      assertThat(text(dependency, "groupId")).isEqualTo("dev.raykube");
      managed.add(text(dependency, "artifactId"));
    }
    TreeSet<String> libraries = new TreeSet<>(published.keySet());
    libraries.remove("raykube-bom");
    assertThat(new TreeSet<>(managed)).as("the BOM manages exactly the published modules").isEqualTo(libraries);

    String doc = Files.readString(ROOT.resolve("docs/artifacts.md"));
    Map<String, String> sections = sections(doc);
    TreeSet<String> expected = new TreeSet<>(libraries);
    expected.add("raykube-bom");
    assertThat(new TreeSet<>(sections.keySet())).as("a section `dev.raykube:<artifactId>` per artifact")
        .isEqualTo(expected);
    for (String library : libraries) {
      for (Element dependency : elements(published.get(library), "dependencies", "dependency")) {
        String scope = text(dependency, "scope");
        if (scope == null || scope.equals("compile") || scope.equals("runtime")) {
          String coordinates = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
          assertThat(sections.get(library)).as("docs/artifacts.md, %s pulls in %s", library, coordinates)
              .contains("`" + coordinates + "`");
        }
      }
    }
  }

  @Test
  void everyPublishedLibraryAttachesSourcesAndJavadoc() throws Exception {
    Element parent = pom(ROOT.resolve("pom.xml")).getDocumentElement();
    List<String> plugins = new ArrayList<>();
    for (Element plugin : elements(parent, "build", "plugins", "plugin")) {
      plugins.add(text(plugin, "artifactId"));
    }
    assertThat(plugins).contains("maven-source-plugin", "maven-javadoc-plugin");
    for (String module : children(parent, "modules", "module")) {
      Element project = pom(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement();
      boolean publishedJar = !"true".equals(property(project, "maven.deploy.skip"))
          && !"pom".equals(text(project, "packaging"));
      if (publishedJar) {
        assertThat(property(project, "maven.source.skip")).as("%s builds -sources", module).isNull();
        assertThat(property(project, "maven.javadoc.skip")).as("%s builds -javadoc", module).isNull();
      }
    }
  }

  /** The text under each {@code ## `dev.raykube:x`} heading, up to the next heading of that level. */
  private static Map<String, String> sections(String doc) {
    Map<String, String> sections = new LinkedHashMap<>();
    Matcher m = SECTION.matcher(doc);
    String name = null;
    int start = 0;
    while (m.find()) {
      if (name != null) {
        sections.put(name, doc.substring(start, m.start()));
      }
      name = m.group(1);
      start = m.end();
    }
    if (name != null) {
      int next = doc.indexOf("\n## ", start);
      sections.put(name, doc.substring(start, next < 0 ? doc.length() : next));
    }
    return sections;
  }

  private static Document pom(Path file) throws Exception {
    if (!Files.isRegularFile(file)) {
      throw new IOException("no POM at " + file);
    }
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
  }

  private static String property(Element project, String name) {
    List<Element> properties = elements(project, "properties");
    return properties.isEmpty() ? null : text(properties.get(0), name);
  }

  /** The text of the direct child {@code name}, or null. */
  private static String text(Element parent, String name) {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        return e.getTextContent().strip();
      }
    }
    return null;
  }

  /** The elements at the end of {@code path}, each step a direct child. */
  private static List<Element> elements(Element from, String... path) {
    List<Element> level = List.of(from);
    for (String step : path) {
      List<Element> next = new ArrayList<>();
      for (Element e : level) {
        NodeList children = e.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
          if (children.item(i) instanceof Element child && child.getTagName().equals(step)) {
            next.add(child);
          }
        }
      }
      level = next;
    }
    return level;
  }

  private static List<String> children(Element from, String container, String name) {
    return elements(from, container, name).stream().map(e -> e.getTextContent().strip()).toList();
  }
}
