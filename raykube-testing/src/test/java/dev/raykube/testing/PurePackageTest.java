package dev.raykube.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PurePackageTest {

  @TempDir
  Path module;

  private PurePackage pkg() {
    return PurePackage.at(module, "x.pure");
  }

  @Test
  void aPlantedClockReadAndIoImportAreFoundButNotInComments() {
    String planted = "package x.pure;\nimport java.net.URI;\n// Instant.now( in a comment is fine\n"
        + "/** Clock. in Javadoc too */\nclass A { Object t = java.time.Instant.now(); }";
    assertThat(pkg().problems("A.java", planted)).containsExactly("A.java imports java.net.URI",
        "A.java uses Instant.now(");
  }

  @Test
  void randomnessOnlyWhereAllowed() {
    String random = "package x.pure;\nclass R { Object r = new java.security.SecureRandom(); }";
    assertThat(pkg().problems("R.java", random)).containsExactly("R.java uses SecureRandom");
    assertThat(pkg().allowingRandomnessIn("R.java").problems("R.java", random)).isEmpty();
    assertThat(pkg().allowingRandomnessIn("R.java").problems("R.java", random + "\nclass B { long t = "
        + "System.nanoTime(); }")).containsExactly("R.java uses System.nanoTime");
  }

  @Test
  void longFilesAndEmptyPackagesAreProblems() throws IOException {
    Path dir = Files.createDirectories(module.resolve("src/main/java/x/pure"));
    assertThatThrownBy(() -> pkg().problems()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no Java source");
    Files.writeString(dir.resolve("Long.java"), "package x.pure;\n" + "\n".repeat(PurePackage.MAX_LINES + 1));
    Files.writeString(dir.resolve("Fine.java"), "package x.pure;\nclass Fine { }\n");
    assertThat(pkg().files()).extracting(p -> p.getFileName().toString()).containsExactly("Fine.java", "Long.java");
    assertThat(pkg().problems()).containsExactly("Long.java has more than 400 lines");
  }
}
