package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class EntrypointWordsTest {

  static Stream<Arguments> words() {
    return Stream.of(
        Arguments.of("", List.of()),
        Arguments.of("   ", List.of()),
        Arguments.of("python train.py", List.of("python", "train.py")),
        Arguments.of("  python   train.py\t--epochs 3 ", List.of("python", "train.py", "--epochs", "3")),
        Arguments.of("python -c \"import ray; ray.init(); print(ray.cluster_resources())\"",
            List.of("python", "-c", "import ray; ray.init(); print(ray.cluster_resources())")),
        Arguments.of("echo 'a b' \"c d\"", List.of("echo", "a b", "c d")),
        Arguments.of("echo a'b c'd", List.of("echo", "ab cd")),
        Arguments.of("echo \"say \\\"hi\\\" \\\\ \\$HOME \\n\"", List.of("echo", "say \"hi\" \\ $HOME \\n")),
        Arguments.of("echo a\\ b", List.of("echo", "a b")),
        Arguments.of("echo ''", List.of("echo", "")),
        Arguments.of("python train.py && echo 'done'", List.of("python", "train.py", "&&", "echo", "done")),
        Arguments.of("echo 'unterminated", List.of("echo", "unterminated")),
        Arguments.of("line one \\\n continued", List.of("line", "one", "continued")));
  }

  @org.junit.jupiter.api.Test
  @DisplayName("plain words go as words; anything the shell must interpret goes through /bin/sh -c")
  void argumentsForRaySubmit() {
    assertThat(EntrypointWords.forRaySubmit("python -c \"import ray; print(1)\" --n 3"))
        .containsExactly("python", "-c", "import ray; print(1)", "--n", "3");
    assertThat(EntrypointWords.forRaySubmit("python train.py && echo 'done'"))
        .containsExactly("/bin/sh", "-c", "python train.py && echo 'done'");
    assertThat(EntrypointWords.forRaySubmit("echo $HOME")).containsExactly("/bin/sh", "-c", "echo $HOME");
    assertThat(EntrypointWords.forRaySubmit("echo '$HOME'")).containsExactly("echo", "$HOME");
    assertThat(EntrypointWords.forRaySubmit("echo 'open")).containsExactly("/bin/sh", "-c", "echo 'open");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("words")
  @DisplayName("splits as a POSIX shell does")
  void splits(String entrypoint, List<String> expected) {
    assertThat(EntrypointWords.of(entrypoint)).extracting(EntrypointWords.Word::value).isEqualTo(expected);
  }

  /**
   * The property the submitter needs, against the real parts: the arguments, joined back by Python's
   * {@code shlex.join} (what {@code ray job submit} does on Linux), run by {@code sh -c} (what Ray does on the head)
   * give the same output as the entrypoint run by {@code sh -c} itself (what HTTPMode gets).
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"echo hello world", "echo 'a  b' \"c\"", "printf '%s|' one 'two three' \"four\"",
      "echo first && echo second", "echo x | tr x y", "python3 -c \"import sys; print(sys.argv[1:])\" 'a b' c",
      "echo '$HOME' \"it's\" 'a  $b `c`'", "echo \"q\\\"x\"", "A=1 sh -c 'echo $A'", "echo '' end",
      "echo $HOME", "echo a\\ b",
      "python3 -c \"import ray; ray.init(); print(ray.cluster_resources())\" 2>/dev/null || echo no-ray"})
  @DisplayName("shlex.join of the arguments runs as the entrypoint does under sh")
  void roundTripsThroughShlexJoin(String entrypoint) throws Exception {
    assumeTrue(onPath("python3") && onPath("sh"), "python3 and sh are needed");
    List<String> join = new ArrayList<>(List.of("python3", "-c",
        "import shlex, sys; sys.stdout.write(shlex.join(sys.argv[1:]))"));
    join.addAll(EntrypointWords.forRaySubmit(entrypoint));
    String rejoined = output(join);
    assertThat(rejoined).startsWith("0:");
    rejoined = rejoined.substring(2);
    assertThat(output(List.of("sh", "-c", rejoined))).isEqualTo(output(List.of("sh", "-c", entrypoint)));
  }

  private static boolean onPath(String command) throws Exception {
    return new ProcessBuilder("sh", "-c", "command -v " + command).start().waitFor() == 0;
  }

  private static String output(List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
    return process.exitValue() + ":" + out;
  }
}
