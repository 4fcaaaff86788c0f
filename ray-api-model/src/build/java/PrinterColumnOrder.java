import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.kubernetes.client.CustomResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Build step of ray-api-model (run by exec-maven-plugin right after crd-generator-maven-plugin, as a single-file source
 * program; not part of the jar): puts the {@code additionalPrinterColumns} of each generated CRD in the order the
 * {@code @AdditionalPrinterColumn} annotations are declared on the custom resource class.
 *
 * <p>crd-generator 7.5.2 sorts printer columns by JSONPath, which would make {@code kubectl get rayjobs} print AGE
 * first and END TIME before JOB STATUS. kubectl prints columns in CRD order, so this step restores the declared order.
 * It moves whole YAML list items and leaves every other byte of the file as generated, except {@code priority: 0}:
 * that is the API server's default and it drops it, so keeping it would make every {@code kubectl apply} of an unchanged
 * CRD report "configured".
 *
 * <p>Usage: {@code java -cp <compile classpath> PrinterColumnOrder.java <crd dir> <custom resource class>...}
 */
public final class PrinterColumnOrder {

  private PrinterColumnOrder() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: PrinterColumnOrder <crd dir> <custom resource class>...");
    }
    Path dir = Path.of(args[0]);
    for (int i = 1; i < args.length; i++) {
      Class<?> type = Class.forName(args[i]);
      String crdName = CustomResource.getCRDName(type.asSubclass(CustomResource.class));
      Path file = dir.resolve(crdName + "-v1.yml");
      List<String> declared = new ArrayList<>();
      for (AdditionalPrinterColumn column : type.getAnnotationsByType(AdditionalPrinterColumn.class)) {
        declared.add(column.jsonPath());
      }
      reorder(file, declared);
    }
  }

  static void reorder(Path file, List<String> declaredJsonPaths) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).trim().equals("- additionalPrinterColumns:")) {
        header = i;
        break;
      }
    }
    if (header < 0) {
      throw new IllegalStateException(file + ": no additionalPrinterColumns");
    }
    String itemPrefix = " ".repeat(lines.get(header).indexOf('-') + 2) + "- ";
    String continuationPrefix = " ".repeat(itemPrefix.length());
    Map<String, List<String>> items = new LinkedHashMap<>();
    int end = header + 1;
    List<String> current = null;
    while (end < lines.size()) {
      String line = lines.get(end);
      if (line.startsWith(itemPrefix)) {
        current = new ArrayList<>();
        current.add(line);
        items.put(jsonPath(line, itemPrefix, file), current);
      } else if (current != null && line.startsWith(continuationPrefix)) {
        if (!line.equals(continuationPrefix + "priority: 0")) {
          current.add(line);
        }
      } else {
        break;
      }
      end++;
    }
    if (!items.keySet().equals(new java.util.HashSet<>(declaredJsonPaths))
        || items.size() != declaredJsonPaths.size()) {
      throw new IllegalStateException(file + ": generated columns " + items.keySet() + " do not match the declared "
          + declaredJsonPaths);
    }
    List<String> result = new ArrayList<>(lines.subList(0, header + 1));
    for (String jsonPath : declaredJsonPaths) {
      result.addAll(items.get(jsonPath));
    }
    result.addAll(lines.subList(end, lines.size()));
    Files.write(file, result, StandardCharsets.UTF_8);
  }

  private static String jsonPath(String line, String itemPrefix, Path file) {
    String entry = line.substring(itemPrefix.length());
    if (!entry.startsWith("jsonPath: ")) {
      throw new IllegalStateException(file + ": printer column does not start with jsonPath: " + line);
    }
    String value = entry.substring("jsonPath: ".length()).trim();
    if (value.startsWith("\"") && value.endsWith("\"")) {
      value = value.substring(1, value.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
    }
    return value;
  }
}
