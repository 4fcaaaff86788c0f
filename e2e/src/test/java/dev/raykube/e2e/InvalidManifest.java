package dev.raykube.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A manifest under {@code src/test/resources/invalid/} that the API server must reject at admission. The first line
 * is {@code # expect: <message>}, the error line the API server is expected to return. A file with several YAML
 * documents ({@code ---}) is a transition case: every document but the last is applied first and must be accepted,
 * then the last one (an update of the same object) must be rejected.
 *
 * @param fileName the file name, shown as the test name
 * @param expectedMessage what the rejection must contain
 * @param setup the documents applied (and accepted) before the rejected one, in order
 * @param rejected the document that must be rejected
 */
record InvalidManifest(String fileName, String expectedMessage, List<String> setup, String rejected) {

  private static final String EXPECT = "# expect: ";

  @Override
  public String toString() {
    return fileName;
  }

  /** Every manifest of the {@code invalid/} resource directory, by file name. */
  static Stream<InvalidManifest> all() {
    Path dir = resourceDir("invalid");
    try (Stream<Path> files = Files.list(dir)) {
      List<InvalidManifest> manifests = files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted()
          .map(InvalidManifest::read).toList();
      if (manifests.isEmpty()) {
        throw new IllegalStateException("no invalid manifests in " + dir);
      }
      return manifests.stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static InvalidManifest read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String first = text.lines().findFirst().orElse("");
    if (!first.startsWith(EXPECT) || first.substring(EXPECT.length()).isBlank()) {
      throw new IllegalStateException(file + ": the first line must be '" + EXPECT + "<expected message>'");
    }
    List<String> documents = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.equals("---")) {
        documents.add(current.toString());
        current.setLength(0);
      } else {
        current.append(line).append('\n');
      }
    }
    documents.add(current.toString());
    return new InvalidManifest(file.getFileName().toString(), first.substring(EXPECT.length()).strip(),
        List.copyOf(documents.subList(0, documents.size() - 1)), documents.get(documents.size() - 1));
  }

  static Path resourceDir(String name) {
    URL url = InvalidManifest.class.getClassLoader().getResource(name);
    if (url == null) {
      throw new IllegalStateException("test resource directory " + name + " is missing");
    }
    try {
      return Paths.get(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
