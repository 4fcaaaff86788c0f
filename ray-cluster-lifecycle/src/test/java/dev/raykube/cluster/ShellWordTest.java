package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ShellWordTest {

  /** A word as written in a command line → its value, or null when it is not one plain word. */
  static Stream<Arguments> words() {
    return Stream.of(
        Arguments.of("plain", "plain"),
        Arguments.of("0.0.0.0", "0.0.0.0"),
        Arguments.of("'{\"custom\": 1}'", "{\"custom\": 1}"),
        Arguments.of("\"{\\\"resource1\\\": 2, \\\"resource2\\\": 3}\"", "{\"resource1\": 2, \"resource2\": 3}"),
        Arguments.of("\"{\\\"TPU\\\": 4}\"", "{\"TPU\": 4}"),
        Arguments.of("\"a\\\\b\"", "a\\b"),
        Arguments.of("\"keeps \\n\"", "keeps \\n"),
        Arguments.of("a\\ b", "a b"),
        Arguments.of("'it'\"'\"'s'", "it's"),
        Arguments.of("''", ""),
        Arguments.of("{\"custom\":1}", "{custom:1}"),
        Arguments.of("two words", null),
        Arguments.of("'unbalanced", null),
        Arguments.of("\"unbalanced", null),
        Arguments.of("$REDIS_PASSWORD", null),
        Arguments.of("\"$HOME\"", null),
        Arguments.of("`id`", null),
        Arguments.of("a;b", null),
        Arguments.of("trailing\\", null));
  }

  @ParameterizedTest
  @MethodSource("words")
  void unquotesAsTheShellDoes(String word, String expected) throws Exception {
    assertThat(ShellWord.unquote(word)).isEqualTo(Optional.ofNullable(expected));
    if (expected != null) {
      assertThat(bashValueOf(word)).as("what bash makes of " + word).isEqualTo(expected);
    }
  }

  /** The word as bash reads it: {@code printf %s <word>}. */
  private static String bashValueOf(String word) throws IOException, InterruptedException {
    Process bash = new ProcessBuilder("bash", "-c", "printf %s " + word).redirectErrorStream(true).start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(bash.exitValue()).isZero();
    return out;
  }
}
