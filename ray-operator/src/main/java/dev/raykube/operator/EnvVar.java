package dev.raykube.operator;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the environment variable that sets an option of {@link OperatorOptions} when the option is not on the command
 * line. The command line wins over the environment, the environment over the built-in default.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface EnvVar {
  /** The environment variable, e.g. {@code WATCH_NAMESPACE}. */
  String value();
}
