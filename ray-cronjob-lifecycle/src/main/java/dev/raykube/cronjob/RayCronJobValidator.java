package dev.raykube.cronjob;

import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.decide.RayJobValidator;
import dev.raykube.kernel.Violation;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.job.RayJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Checks a RayCronJob before anything is scheduled for it, with KubeRay v1.7's rules for this kind. Pure. Each broken
 * rule gives one {@link Violation} whose message names the field and says how to fix it:
 *
 * <ul>
 *   <li>{@code metadata.name}: a DNS-1035 label of at most
 *       {@value ChildRayJobName#MAX_RAY_CRON_JOB_NAME_LENGTH} characters, so that the name of every RayJob it creates
 *       ({@link ChildRayJobName}) is a valid RayJob name;</li>
 *   <li>{@code spec.schedule}: present, without {@code TZ}, and a schedule {@link CronSchedule} reads (its
 *       {@link InvalidScheduleException} message);</li>
 *   <li>{@code spec.timeZone}: when set, a time zone name (reported next to a problem of the schedule, not instead of
 *       it);</li>
 *   <li>{@code spec.jobTemplate}: present, and a valid RayJob spec by the spec rules of {@link RayJobValidator} (its
 *       metadata rules concern the RayJob's own name, which the RayCronJob chooses). Those violations are reported at
 *       their place in the RayCronJob: {@code spec.entrypoint} of the RayJob is {@code spec.jobTemplate.entrypoint}
 *       here.</li>
 * </ul>
 */
public final class RayCronJobValidator {

  private static final String TEMPLATE = "spec.jobTemplate";

  /** {@code spec.} where it starts a field path: not inside another word or path ({@code template.spec.}). */
  private static final Pattern SPEC_PATH = Pattern.compile("(?<![\\w.])spec\\.");

  private final RayJobValidator jobs;

  /**
   * A validator that checks job templates with {@code jobs}.
   *
   * @param jobs the validator of RayJobs, which knows the submission modes the operator offers
   */
  public RayCronJobValidator(RayJobValidator jobs) {
    this.jobs = Objects.requireNonNull(jobs, "jobs");
  }

  /**
   * A validator whose job templates may use the submission modes of {@code settings}.
   *
   * @param settings the RayJob settings of the operator
   * @return the validator
   */
  public static RayCronJobValidator of(RayJobSettings settings) {
    return new RayCronJobValidator(RayJobValidator.of(settings));
  }

  /**
   * Validates a RayCronJob.
   *
   * @param cronJob the RayCronJob; not null
   * @return the broken rules, in a stable order; empty when it is valid
   */
  public List<Violation> validate(RayCronJob cronJob) {
    Objects.requireNonNull(cronJob, "cronJob");
    List<Violation> out = new ArrayList<>();
    String name = cronJob.getMetadata() == null ? null : cronJob.getMetadata().getName();
    Violation.ofName(name, ChildRayJobName.MAX_RAY_CRON_JOB_NAME_LENGTH, "the names '" + name
        + "-<minutes since 1970>' of its RayJobs stay within KubeRay's "
        + ChildRayJobName.KUBERAY_MAX_RAY_JOB_NAME_LENGTH + " characters").ifPresent(out::add);
    RayCronJobSpec spec = cronJob.getSpec();
    if (spec == null) {
      out.add(new Violation("spec", cronJob.unreadableSpec().map(p -> "spec cannot be read: " + p)
          .orElse("spec is required, with spec.schedule and spec.jobTemplate")));
      return List.copyOf(out);
    }
    checkSchedule(spec, out);
    checkTemplate(spec, out);
    return List.copyOf(out);
  }

  private static void checkSchedule(RayCronJobSpec spec, List<Violation> out) {
    try {
      CronSchedule.of(spec);
    } catch (InvalidScheduleException invalid) {
      out.add(new Violation(invalid.field(), invalid.getMessage()));
      if (invalid.field().equals("spec.timeZone")) {
        try {
          CronSchedule.parse(spec.getSchedule(), null); // the schedule on its own, so both problems are reported
        } catch (InvalidScheduleException alsoInvalid) {
          out.add(new Violation(alsoInvalid.field(), alsoInvalid.getMessage()));
        }
      }
    }
  }

  private void checkTemplate(RayCronJobSpec spec, List<Violation> out) {
    if (spec.getJobTemplate() == null) {
      out.add(new Violation(TEMPLATE, TEMPLATE + " is required: the spec of the RayJob created at each scheduled "
          + "time"));
      return;
    }
    RayJob asCreated = new RayJob();
    asCreated.setSpec(spec.getJobTemplate());
    for (Violation violation : jobs.validate(asCreated)) {
      if (!violation.aboutMetadata()) {
        out.add(inTemplate(violation));
      }
    }
  }

  /** A RayJob's spec violation, with the field paths of its message moved below {@code spec.jobTemplate}. */
  private static Violation inTemplate(Violation violation) {
    String field = violation.field();
    if (field.equals("spec") || field.startsWith("spec.")) {
      field = TEMPLATE + field.substring("spec".length());
    } else {
      field = TEMPLATE + "." + field;
    }
    return new Violation(field, SPEC_PATH.matcher(violation.message()).replaceAll(TEMPLATE + "."));
  }
}
