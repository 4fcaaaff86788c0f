package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sums of container resources for the status's {@code desiredCPU}, {@code desiredMemory}, {@code desiredGPU} and
 * {@code desiredTPU}: per Pod, each app container counts its request for a resource, or its limit when it has no
 * request (init containers are not counted); the sums are written as canonical quantities ({@code 3}, {@code 1500m},
 * {@code 6Gi}).
 */
final class ResourceTotals {

  private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
  private static final String[] BINARY_SUFFIXES = {"Ei", "Pi", "Ti", "Gi", "Mi", "Ki"};

  private ResourceTotals() {
  }

  /** Resource name → amount in base units (cores, bytes, devices) for one Pod of the given spec. */
  static Map<String, BigDecimal> perPod(PodSpec spec) {
    Map<String, BigDecimal> totals = new TreeMap<>();
    if (spec == null || spec.getContainers() == null) {
      return totals;
    }
    for (Container container : spec.getContainers()) {
      Map<String, Quantity> effective = new TreeMap<>();
      if (container.getResources() != null) {
        if (container.getResources().getLimits() != null) {
          effective.putAll(container.getResources().getLimits());
        }
        if (container.getResources().getRequests() != null) {
          effective.putAll(container.getResources().getRequests());
        }
      }
      effective.forEach((name, quantity) -> {
        BigDecimal amount = amount(quantity);
        if (amount != null) {
          totals.merge(name, amount, BigDecimal::add);
        }
      });
    }
    return totals;
  }

  /** Adds {@code times} × {@code perPod} into {@code sum}. */
  static void add(Map<String, BigDecimal> sum, Map<String, BigDecimal> perPod, int times) {
    BigDecimal factor = BigDecimal.valueOf(times);
    perPod.forEach((name, amount) -> sum.merge(name, amount.multiply(factor), BigDecimal::add));
  }

  /** The sum over every resource whose name counts as a GPU ({@link RayStartParams#isGpuResource}). */
  static BigDecimal gpus(Map<String, BigDecimal> sum) {
    return sum.entrySet().stream().filter(e -> RayStartParams.isGpuResource(e.getKey()))
        .map(Map.Entry::getValue).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  /** Cores as a quantity: whole cores plainly, else millicores (rounded up). */
  static Quantity cpu(BigDecimal cores) {
    BigDecimal stripped = cores.stripTrailingZeros();
    if (stripped.scale() <= 0) {
      return new Quantity(stripped.toBigInteger().toString());
    }
    return new Quantity(cores.multiply(THOUSAND).setScale(0, RoundingMode.CEILING).toBigInteger() + "m");
  }

  /** Bytes as a quantity with the largest binary suffix that divides them exactly. */
  static Quantity memory(BigDecimal bytes) {
    BigDecimal whole = bytes.setScale(0, RoundingMode.CEILING);
    if (whole.signum() == 0) {
      return new Quantity("0");
    }
    for (int i = 0; i < BINARY_SUFFIXES.length; i++) {
      BigDecimal unit = BigDecimal.valueOf(2).pow(10 * (BINARY_SUFFIXES.length - i));
      BigDecimal[] division = whole.divideAndRemainder(unit);
      if (division[1].signum() == 0) {
        return new Quantity(division[0].toBigInteger() + BINARY_SUFFIXES[i]);
      }
    }
    return new Quantity(whole.toBigInteger().toString());
  }

  /** A device count as a quantity. */
  static Quantity count(BigDecimal devices) {
    BigDecimal stripped = devices.stripTrailingZeros();
    return new Quantity(stripped.scale() <= 0 ? stripped.toBigInteger().toString() : stripped.toPlainString());
  }

  private static BigDecimal amount(Quantity quantity) {
    try {
      return quantity == null || quantity.getAmount() == null ? null : quantity.getNumericalAmount();
    } catch (RuntimeException notAQuantity) {
      return null;
    }
  }
}
