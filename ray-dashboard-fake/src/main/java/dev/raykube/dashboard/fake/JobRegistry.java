package dev.raykube.dashboard.fake;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;

/** All jobs of one fake, the scripts chosen for future jobs, and Ray's id lookup rules. Thread-safe. */
final class JobRegistry {
  private static final String ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz123456789";

  private final FakeJob.Environment env;
  private final SecureRandom random = new SecureRandom();
  private final Map<String, FakeJob> submissions = new LinkedHashMap<>();
  private final List<FakeJob> drivers = new ArrayList<>();
  private final Map<String, JobScript> scriptsById = new LinkedHashMap<>();
  private final List<Map.Entry<Pattern, JobScript>> scriptsByEntrypoint = new CopyOnWriteArrayList<>();

  JobRegistry(FakeJob.Environment env) {
    this.env = env;
  }

  FakeJob.Environment environment() {
    return env;
  }

  synchronized void script(String submissionId, JobScript script) {
    scriptsById.put(submissionId, script);
  }

  void scriptEntrypoints(Pattern pattern, JobScript script) {
    scriptsByEntrypoint.add(0, Map.entry(pattern, script));
  }

  /** The script for a new job: by id, else by entrypoint pattern (latest registration first), else the shell subset. */
  synchronized JobScript scriptFor(String submissionId, String entrypoint, Map<String, String> envVars) {
    JobScript byId = scriptsById.get(submissionId);
    if (byId != null) {
      return byId;
    }
    for (Map.Entry<Pattern, JobScript> e : scriptsByEntrypoint) {
      if (e.getKey().matcher(entrypoint).matches()) {
        return e.getValue();
      }
    }
    return JobScript.builder().build().withSteps(ShellEntrypoint.interpret(entrypoint, envVars));
  }

  synchronized String newSubmissionId() {
    String id;
    do {
      StringBuilder sb = new StringBuilder("raysubmit_");
      for (int i = 0; i < 16; i++) {
        sb.append(ID_ALPHABET.charAt(random.nextInt(ID_ALPHABET.length())));
      }
      id = sb.toString();
    } while (submissions.containsKey(id));
    return id;
  }

  /** Registers a new submission; false if the submission id is taken. */
  synchronized boolean add(FakeJob job) {
    if (submissions.containsKey(job.submissionId())) {
      return false;
    }
    submissions.put(job.submissionId(), job);
    return true;
  }

  synchronized void addDriver(FakeJob job) {
    drivers.add(job);
  }

  synchronized void remove(FakeJob job) {
    submissions.remove(job.submissionId(), job);
  }

  /** Ray's lookup: a DRIVER job by Ray job id, then a submission by its driver's job id, then by submission id. */
  synchronized Optional<FakeJob> find(String id) {
    for (FakeJob driver : drivers) {
      if (id.equals(driver.rayJobId())) {
        return Optional.of(driver);
      }
    }
    for (FakeJob job : submissions.values()) {
      if (id.equals(job.rayJobId())) {
        return Optional.of(job);
      }
    }
    return Optional.ofNullable(submissions.get(id));
  }

  /**
   * The list endpoint's order: SUBMISSION jobs first, then DRIVER jobs, as Ray lists them. Ray lists submissions in
   * the order of its GCS key-value store, which is neither submission order nor sorted; the fake orders them by a hash
   * of the submission id, so that no test can come to rely on an order.
   */
  synchronized List<FakeJob> listed() {
    List<FakeJob> listed = new ArrayList<>(submissions.values());
    listed.sort(Comparator.comparingInt((FakeJob job) -> scrambled(job.submissionId()))
        .thenComparing(FakeJob::submissionId));
    listed.addAll(drivers);
    return listed;
  }

  private static int scrambled(String id) {
    int h = id.hashCode() * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /** SUBMISSION jobs in submission order, then DRIVER jobs. */
  synchronized List<FakeJob> all() {
    List<FakeJob> all = new ArrayList<>(submissions.values());
    all.addAll(drivers);
    return all;
  }
}
