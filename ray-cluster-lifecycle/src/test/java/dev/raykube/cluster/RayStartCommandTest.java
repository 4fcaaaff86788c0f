package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RayStartCommandTest {

  static Stream<Arguments> flagCases() {
    return Stream.of(
        Arguments.of(Map.of(), ""),
        Arguments.of(Map.of("block", "true"), "--block"),
        Arguments.of(Map.of("block", "TRUE"), "--block"),
        Arguments.of(Map.of("disable-usage-stats", "True"), "--disable-usage-stats"),
        Arguments.of(Map.of("block", "false"), ""),
        Arguments.of(Map.of("no-monitor", "False"), ""),
        Arguments.of(Map.of("log-color", "false"), "--log-color=false"),
        Arguments.of(Map.of("log-color", "true"), "--log-color=true"),
        Arguments.of(Map.of("include-dashboard", "false"), "--include-dashboard=false"),
        Arguments.of(Map.of("include-log-monitor", "false"), "--include-log-monitor=false"),
        Arguments.of(Map.of("num-cpus", "4"), "--num-cpus=4"),
        Arguments.of(Map.of("object-store-memory", "100000000", "block", "true", "address", "h:6379"),
            "--address=h:6379 --block --object-store-memory=100000000"),
        Arguments.of(Map.of("resources", "'{\"custom\":1}'"), "--resources='{\"custom\":1}'"),
        Arguments.of(Map.of("redis-password", "$REDIS_PASSWORD"), "--redis-password=$REDIS_PASSWORD"),
        Arguments.of(Map.of("temp-dir", ""), "--temp-dir="));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @MethodSource("flagCases")
  void rendersFlagsInKeyOrder(Map<String, String> params, String expected) {
    assertThat(RayStartCommand.flags(params)).isEqualTo(expected);
  }

  @Test
  void headAndWorkerCommands() {
    var params = new TreeMap<>(Map.of("block", "true", "num-cpus", "1"));
    assertThat(new RayStartCommand(RayNodeType.HEAD, params).text())
        .isEqualTo("ray start --head --block --num-cpus=1");
    assertThat(new RayStartCommand(RayNodeType.WORKER, params).text()).isEqualTo("ray start --block --num-cpus=1");
    assertThat(new RayStartCommand(RayNodeType.WORKER, new TreeMap<>()).text()).isEqualTo("ray start");
  }

  @Test
  void shellArgumentRunsTheUsersCommandFirst() {
    var command = new RayStartCommand(RayNodeType.WORKER, new TreeMap<>(Map.of("block", "true")));
    Container plain = new ContainerBuilder().withName("ray").build();
    Container withCommand = new ContainerBuilder().withName("ray").withCommand("pip", "install")
        .withArgs("numpy").build();

    assertThat(command.shellArgument(plain))
        .isEqualTo("ulimit -n ${RAY_START_ULIMIT_OPEN_FILES:-65536}; ray start --block");
    assertThat(command.shellArgument(withCommand))
        .isEqualTo("pip install numpy && ulimit -n ${RAY_START_ULIMIT_OPEN_FILES:-65536}; ray start --block");
  }

  @Test
  void recognisesUserCommandsThatStartRay() {
    assertThat(RayStartCommand.startsRayItself(new ContainerBuilder().withCommand("/bin/bash", "-c")
        .withArgs("ray start --head --block").build())).isTrue();
    assertThat(RayStartCommand.startsRayItself(new ContainerBuilder().withArgs("ray", "start").build())).isTrue();
    assertThat(RayStartCommand.startsRayItself(new ContainerBuilder().withCommand("python", "app.py").build()))
        .isFalse();
    assertThat(RayStartCommand.startsRayItself(new ContainerBuilder().build())).isFalse();
  }

  @Test
  void keepsItsOwnCopyOfTheParameters() {
    var params = new TreeMap<>(Map.of("block", "true"));
    var command = new RayStartCommand(RayNodeType.HEAD, params);
    params.put("num-cpus", "3");
    command.params().put("num-gpus", "1");
    assertThat(command.text()).isEqualTo("ray start --head --block");
  }
}
