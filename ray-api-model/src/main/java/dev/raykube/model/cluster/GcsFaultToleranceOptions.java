package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import dev.raykube.model.schema.OpenObjectSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;
import java.util.Objects;

/**
 * GCS fault tolerance: keeps cluster metadata in external storage so the head can restart without losing it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"backend", "redisAddress", "redisUsername", "redisPassword", "externalStorageNamespace",
    "storage"})
public class GcsFaultToleranceOptions extends ExtensibleObject {

  @JsonProperty("backend")
  @JsonPropertyDescription("Storage backend: 'redis' (default) or 'rocksdb' (alpha). Immutable.")
  @Size(max = 64)
  @ValidationRule(value = "self == oldSelf", message = "gcsFaultToleranceOptions.backend is immutable")
  private String backend;

  @JsonProperty("redisAddress")
  @JsonPropertyDescription("Address of the Redis server, host:port.")
  private String redisAddress;

  @JsonProperty("redisUsername")
  @JsonPropertyDescription("Redis user name.")
  private RedisCredential redisUsername;

  @JsonProperty("redisPassword")
  @JsonPropertyDescription("Redis password.")
  private RedisCredential redisPassword;

  @JsonProperty("externalStorageNamespace")
  @JsonPropertyDescription("Namespace of this cluster's data in the external storage; defaults to the RayCluster "
      + "UID.")
  private String externalStorageNamespace;

  @JsonProperty("storage")
  @JsonPropertyDescription("Options of the rocksdb backend's volume (kept as written).")
  @SchemaFrom(type = OpenObjectSchema.class)
  private Map<String, Object> storage;

  /** Creates an empty {@code GcsFaultToleranceOptions}; every field starts unset. */
  public GcsFaultToleranceOptions() {
  }

  /**
   * Returns {@code backend}, or {@code null} when unset. Storage backend: 'redis' (default) or 'rocksdb' (alpha).
   */
  public String getBackend() {
    return backend;
  }

  public void setBackend(String backend) {
    this.backend = backend;
  }

  /** Returns {@code redisAddress}, or {@code null} when unset. Address of the Redis server, host:port. */
  public String getRedisAddress() {
    return redisAddress;
  }

  public void setRedisAddress(String redisAddress) {
    this.redisAddress = redisAddress;
  }

  /** Returns {@code redisUsername}, or {@code null} when unset. Redis user name. */
  public RedisCredential getRedisUsername() {
    return redisUsername;
  }

  public void setRedisUsername(RedisCredential redisUsername) {
    this.redisUsername = redisUsername;
  }

  /** Returns {@code redisPassword}, or {@code null} when unset. Redis password. */
  public RedisCredential getRedisPassword() {
    return redisPassword;
  }

  public void setRedisPassword(RedisCredential redisPassword) {
    this.redisPassword = redisPassword;
  }

  /**
   * Returns {@code externalStorageNamespace}, or {@code null} when unset. Namespace of this cluster's data in the
   * external storage; defaults to the RayCluster UID.
   */
  public String getExternalStorageNamespace() {
    return externalStorageNamespace;
  }

  public void setExternalStorageNamespace(String externalStorageNamespace) {
    this.externalStorageNamespace = externalStorageNamespace;
  }

  /**
   * Returns {@code storage}, or {@code null} when unset. Options of the rocksdb backend's volume (kept as written).
   */
  public Map<String, Object> getStorage() {
    return storage;
  }

  public void setStorage(Map<String, Object> storage) {
    this.storage = storage;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    GcsFaultToleranceOptions that = (GcsFaultToleranceOptions) o;
    return Objects.equals(backend, that.backend) && Objects.equals(redisAddress, that.redisAddress)
        && Objects.equals(redisUsername, that.redisUsername) && Objects.equals(redisPassword, that.redisPassword)
        && Objects.equals(externalStorageNamespace, that.externalStorageNamespace)
        && Objects.equals(storage, that.storage)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(backend, redisAddress, redisUsername, redisPassword, externalStorageNamespace, storage,
        getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "GcsFaultToleranceOptions{" + "backend=" + backend + ", redisAddress=" + redisAddress
        + ", redisUsername=" + redisUsername + ", redisPassword=" + redisPassword
        + ", externalStorageNamespace=" + externalStorageNamespace + ", storage=" + storage
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
